package main

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/internal/fakebrain"
	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/tune"
)

// simOutputs are what mcgomoku sim tells of a match: its JSON, its text
// and its report page.
type simOutputs struct{ json, text, report string }

// recordTruth is the first player's wins, losses and draws and game pairs
// counted from the games' records (--psq), each replayed for its winner:
// apart from the arena's counting and the outputs that print it.
func recordTruth(t *testing.T, dir, first string, size int) (arena.WDL, arena.Penta) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.psq"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no records in %s: %v", dir, err)
	}
	var w arena.WDL
	var pe arena.Penta
	pairs := map[int][]int{} // the first player's points, doubled, by game pair
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := game.ParsePSQ(data, path)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Trailer) < 2 {
			t.Fatalf("%s names no players: %q", path, rec.Trailer)
		}
		b := game.MustBoard(size, game.Freestyle)
		for _, m := range rec.Moves {
			if err := b.Play(m.Cell); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
		}
		if !b.Over() {
			t.Fatalf("%s: the game did not end (a forfeit?)", path)
		}
		firstColour := game.Black
		if rec.Trailer[1] == first {
			firstColour = game.White
		}
		pts := 1
		switch b.Winner() {
		case game.Empty:
			w.Draws++
		case firstColour:
			w.Wins++
			pts = 2
		default:
			w.Losses++
			pts = 0
		}
		n, err := strconv.Atoi(filepath.Base(path)[:4]) // the game's number, 1-based
		if err != nil {
			t.Fatal(err)
		}
		pairs[(n-1)/2] = append(pairs[(n-1)/2], pts)
	}
	for _, p := range pairs {
		if len(p) == 2 {
			pe[p[0]+p[1]]++
		}
	}
	return w, pe
}

// simDrawDisagreements checks a match's outputs against the records'
// count: each disagreement starts with the output's name.
func simDrawDisagreements(w arena.WDL, pe arena.Penta, out simOutputs) []string {
	var bad []string
	var sum arena.Summary
	if err := json.Unmarshal([]byte(out.json), &sum); err != nil || sum.Match == nil {
		bad = append(bad, fmt.Sprintf("json: %v\n%s", err, out.json))
	} else if m := sum.Match; m.Wins != w.Wins || m.Losses != w.Losses || m.Draws != w.Draws || m.Score != w.Score() || m.Pentanomial != pe {
		bad = append(bad, fmt.Sprintf("json: %d wins, %d losses, %d draws, score %v, pairs %v; the records say %+v, pairs %v", m.Wins, m.Losses, m.Draws, m.Score, m.Pentanomial, w, pe))
	}
	for _, want := range []string{
		fmt.Sprintf("wins %d, losses %d, draws %d, score %.1f%%\n", w.Wins, w.Losses, w.Draws, 100*w.Score()),
		fmt.Sprintf("game pairs: %d (LL %d, LD %d, WL+DD %d, WD %d, WW %d)\n", pe.Pairs(), pe[0], pe[1], pe[2], pe[3], pe[4]),
	} {
		if !strings.Contains(out.text, want) {
			bad = append(bad, fmt.Sprintf("text: no line %q:\n%s", want, out.text))
		}
	}
	for _, want := range []string{
		fmt.Sprintf(`<th>Wins / losses / draws</th><td class="num">%d / %d / %d</td>`, w.Wins, w.Losses, w.Draws),
		fmt.Sprintf(`<th>Game pairs LL/LD/WL+DD/WD/WW</th><td class="num">%d / %d / %d / %d / %d</td>`, pe[0], pe[1], pe[2], pe[3], pe[4]),
	} {
		if !strings.Contains(html.UnescapeString(out.report), want) {
			bad = append(bad, fmt.Sprintf("report: no %q", want))
		}
	}
	return bad
}

// simDrawMatch runs mcgomoku sim as a user would, the pattern engine
// (which fills the board without a five when it can) against the plain
// one (the cell nearest the centre) on 6×6, where most games are drawn
// and some won by either: once for the JSON, the records and the report,
// once for the text. It returns the records' count and the outputs.
func simDrawMatch(t *testing.T) (arena.WDL, arena.Penta, simOutputs) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	pattern := fakebrain.Spec(exe, "-pattern")
	dir := t.TempDir()
	common := []string{"sim", pattern, fakebrain.Spec(exe), "--games", "16", "--size", "6", "--seed", "4", "--jobs", "2",
		"--timeout-turn", "400ms", "--slack", "300ms"}
	code, js, stderr := runCmd(t, "", append(common, "--json", "--psq", filepath.Join(dir, "psq"), "--report", filepath.Join(dir, "report"))...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	code, text, stderr := runCmd(t, "", common...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	page, err := os.ReadFile(filepath.Join(dir, "report", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	w, pe := recordTruth(t, filepath.Join(dir, "psq"), pattern, 6)
	if w.Wins == 0 || w.Losses == 0 || w.Draws == 0 {
		t.Fatalf("the records say %+v: want wins, losses and draws, or the test proves nothing", w)
	}
	t.Logf("%+v, pairs %v", w, pe)
	return w, pe, simOutputs{js, text, string(page)}
}

// TestSimCountsDraws: a match with draws, as mcgomoku sim prints it in
// JSON, in text and in its report, counts every game as its record says:
// a draw as a draw, half a point, and its game pair by the points.
func TestSimCountsDraws(t *testing.T) {
	if testing.Short() {
		t.Skip("runs engine processes")
	}
	w, pe, out := simDrawMatch(t)
	for _, b := range simDrawDisagreements(w, pe, out) {
		t.Error(b)
	}
}

// drawLine finds a match's wins, losses and draws in an output.
var drawLine = []*regexp.Regexp{
	regexp.MustCompile(`("wins": )(\d+)(,\s+"losses": )(\d+)(,\s+"draws": )(\d+)`),
	regexp.MustCompile(`(wins )(\d+)(, losses )(\d+)(, draws )(\d+)`),
	regexp.MustCompile(`(<td class="num">)(\d+)( / )(\d+)( / )(\d+)(</td>)`),
}

// TestSimCountsDrawsCatchesADrawAsALoss plants a draw scored as a loss in
// one output at a time (a copy of it with one draw moved to the losses)
// and requires the check above to fail on that output.
func TestSimCountsDrawsCatchesADrawAsALoss(t *testing.T) {
	if testing.Short() {
		t.Skip("runs engine processes")
	}
	w, pe, out := simDrawMatch(t)
	if bad := simDrawDisagreements(w, pe, out); len(bad) > 0 {
		t.Fatalf("the outputs disagree before anything is planted: %q", bad)
	}
	for k, where := range []string{"json", "text", "report"} {
		planted := out
		field := map[string]*string{"json": &planted.json, "text": &planted.text, "report": &planted.report}[where]
		done := false
		*field = drawLine[k].ReplaceAllStringFunc(*field, func(s string) string {
			m := drawLine[k].FindStringSubmatch(s)
			losses, _ := strconv.Atoi(m[4])
			draws, _ := strconv.Atoi(m[6])
			if done || draws == 0 {
				return s
			}
			done = true
			return m[1] + m[2] + m[3] + strconv.Itoa(losses+1) + m[5] + strconv.Itoa(draws-1) + strings.Join(m[7:], "")
		})
		if !done {
			t.Fatalf("no draws found to plant a loss in the %s", where)
		}
		bad := simDrawDisagreements(w, pe, planted)
		if len(bad) == 0 || !strings.HasPrefix(bad[0], where+": ") {
			t.Errorf("with a draw scored as a loss in the %s: %q, want it caught there", where, bad)
		}
	}
}

// tuneHeaderDraws checks the verification line of a tuned config's
// header against w, the match's score counted from its games.
func tuneHeaderDraws(lines []string, w arena.WDL) error {
	want := fmt.Sprintf(", wins %d, losses %d, draws %d, LOS ", w.Wins, w.Losses, w.Draws)
	for _, l := range lines {
		if strings.Contains(l, want) {
			return nil
		}
	}
	return fmt.Errorf("the header has no %q:\n%s", want, strings.Join(lines, "\n"))
}

// TestTuneHeaderCountsDraws: the header mcgomoku tune writes into a
// tuned config tells its verification match's score; a match with draws
// (the pattern engine against the plain one, played by arena as tune's
// verification is) is told with its draws as draws, as its games say.
// Planted: the header made from a copy of the result with one draw
// scored as a loss must fail the check.
func TestTuneHeaderCountsDraws(t *testing.T) {
	if testing.Short() {
		t.Skip("runs engine processes")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	res, err := arena.Match(t.Context(), arena.MatchConfig{A: fakebrain.Spec(exe, "-pattern"), B: fakebrain.Spec(exe),
		Games: 16, Size: 6, Seed: 4, Jobs: 2, KeepGames: true})
	if err != nil {
		t.Fatal(err)
	}
	var w arena.WDL
	for _, g := range res.Games {
		switch {
		case g.Winner == game.Empty:
			w.Draws++
		case (g.Winner == game.Black) == (g.BlackSide == 0):
			w.Wins++
		default:
			w.Losses++
		}
	}
	if w.Wins == 0 || w.Losses == 0 || w.Draws == 0 {
		t.Fatalf("the games say %+v: want wins, losses and draws, or the test proves nothing", w)
	}
	o := &tuneOptions{stones: 4, seed: 4}
	header := func(r *arena.Result) []string {
		return o.header("in.toml", "greedy", &tune.State{}, &tune.Games{Size: 6}, []string{"start"}, nil, nil, r)
	}
	if err := tuneHeaderDraws(header(res), w); err != nil {
		t.Error(err)
	}
	planted := *res
	planted.Pairings = append([]arena.Pairing(nil), res.Pairings...)
	planted.Pairings[0].WDL.Draws--
	planted.Pairings[0].WDL.Losses++
	if err := tuneHeaderDraws(header(&planted), w); err == nil {
		t.Error("with a draw scored as a loss, the header's check passed")
	}
}
