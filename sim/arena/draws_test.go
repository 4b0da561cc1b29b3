package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

func init() {
	player.Register("test-pattern", func(arg string, opt player.Options) (player.Player, error) {
		return patternPlayer{}, nil
	})
}

// patternPlayer plays its colour's cells of a pattern with no five in a
// row for either colour (black's where (x+2y) mod 4 < 2) first, nearest
// the centre: two of them fill the board to a draw unless the opening
// breaks the pattern, when either may win. (fakebrain's -pattern is the
// same engine over the protocol.)
type patternPlayer struct{}

func (patternPlayer) Name() string { return "test-pattern" }
func (patternPlayer) Move(ctx context.Context, b *game.Board) (int, error) {
	best, bestD, c := -1, math.MaxInt, b.Size()/2
	for pass := 0; pass < 2 && best < 0; pass++ {
		for i := range b.Cells() {
			x, y := b.XY(i)
			if b.Legal(i) != nil || pass == 0 && ((x+2*y)%4 < 2) != (b.ToMove() == game.Black) {
				continue
			}
			if d := (x-c)*(x-c) + (y-c)*(y-c); d < bestD {
				best, bestD = i, d
			}
		}
	}
	if best < 0 {
		return -1, game.ErrGameOver
	}
	return best, nil
}

// drawTruth is a run's score counted from its games' winners and colours
// alone, apart from the arena's counting: per pairing, the first
// player's wins, losses and draws, and its complete game pairs.
type drawTruth struct {
	wdl   []WDL
	penta []Penta
	// games and pairs are the first player's scores, per game (1, ½, 0)
	// and per complete game pair (their mean), by pairing.
	games, pairs [][]float64
}

func truthOf(r *Result) drawTruth {
	n := len(r.Pairings)
	tr := drawTruth{wdl: make([]WDL, n), penta: make([]Penta, n), games: make([][]float64, n), pairs: make([][]float64, n)}
	pairs := map[[2]int][]int{} // the first player's points, doubled, by game pair
	for _, g := range r.Games {
		w, pts := &tr.wdl[g.Pairing], 1
		switch {
		case g.Winner == game.Empty:
			w.Draws++
		case (g.Winner == game.Black) == (g.BlackSide == 0):
			w.Wins++
			pts = 2
		default:
			w.Losses++
			pts = 0
		}
		tr.games[g.Pairing] = append(tr.games[g.Pairing], float64(pts)/2)
		key := [2]int{g.Pairing, g.Index / 2}
		pairs[key] = append(pairs[key], pts)
	}
	for key, p := range pairs {
		if len(p) == 2 {
			tr.penta[key[0]][p[0]+p[1]]++
			tr.pairs[key[0]] = append(tr.pairs[key[0]], float64(p[0]+p[1])/4)
		}
	}
	return tr
}

// sampleElo is the logistic Elo of samples' mean score and of the ends of
// its 95% interval (the mean ± 1.96 standard errors), written from the
// definitions rather than through stats.go.
func sampleElo(samples []float64) (elo, low, high float64) {
	n := float64(len(samples))
	mu, v := 0.0, 0.0
	for _, x := range samples {
		mu += x / n
	}
	for _, x := range samples {
		v += (x - mu) * (x - mu) / n
	}
	se := math.Sqrt(v / n)
	logistic := func(s float64) float64 {
		switch {
		case s <= 0:
			return math.Inf(-1)
		case s >= 1:
			return math.Inf(1)
		}
		return -400 * math.Log10(1/s-1)
	}
	return logistic(mu), logistic(mu - 1.959963984540054*se), logistic(mu + 1.959963984540054*se)
}

// same reports whether a and b are the same number (or infinity), to
// within rounding.
func same(a, b float64) bool { return a == b || near(a, b, 1e-6) }

// score is the mean of scores: a win 1, a draw ½, a loss 0.
func score(w WDL) float64 {
	return (float64(w.Wins) + float64(w.Draws)/2) / float64(w.Games())
}

// player returns player i's wins, losses and draws over the run, and
// against player j (-1: everyone).
func (tr drawTruth) player(r *Result, i, j int) WDL {
	var w WDL
	for k, p := range r.Pairings {
		switch {
		case p.A == i && (j < 0 || p.B == j):
			w.add(tr.wdl[k])
		case p.B == i && (j < 0 || p.A == j):
			w.add(tr.wdl[k].Swap())
		}
	}
	return w
}

// summaries are every account a run gives of itself.
type summaries struct {
	pairings  []Pairing  // Result.Pairings
	standings []Standing // Result.Standings (a tournament's)
	cells     map[[2]int]WDL
	summary   Summary // Result.Summary
	json      []byte  // WriteJSON
	text      []byte  // WriteText
	report    []byte  // WriteReport
}

func summariesOf(t *testing.T, r *Result) summaries {
	t.Helper()
	s := summaries{pairings: r.Pairings, standings: r.Standings(), cells: map[[2]int]WDL{}, summary: r.Summary()}
	for i := range r.Players {
		for j := range r.Players {
			if w, ok := r.Cell(i, j); ok {
				s.cells[[2]int{i, j}] = w
			}
		}
	}
	var j, x, h bytes.Buffer
	if err := r.WriteJSON(&j); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteText(&x); err != nil {
		t.Fatal(err)
	}
	if err := WriteReport(&h, r, ReportOptions{}); err != nil {
		t.Fatal(err)
	}
	s.json, s.text, s.report = j.Bytes(), x.Bytes(), h.Bytes()
	return s
}

// tableRows are the rows of every table of an XHTML report, each row its
// cells' text.
func tableRows(page []byte) ([][]string, error) {
	d := xml.NewDecoder(bytes.NewReader(page))
	var rows [][]string
	var cell *strings.Builder
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return rows, nil
		}
		if err != nil {
			return nil, err
		}
		switch e := tok.(type) {
		case xml.StartElement:
			switch e.Name.Local {
			case "tr":
				rows = append(rows, nil)
			case "td", "th":
				cell = &strings.Builder{}
			}
		case xml.CharData:
			if cell != nil {
				cell.Write(e)
			}
		case xml.EndElement:
			if (e.Name.Local == "td" || e.Name.Local == "th") && cell != nil && len(rows) > 0 {
				rows[len(rows)-1] = append(rows[len(rows)-1], cell.String())
				cell = nil
			}
		}
	}
}

// points is a score's points as the summaries print them.
func points(w WDL) float64 { return float64(w.Wins) + float64(w.Draws)/2 }

// drawDisagreements checks every summary s of run r against the score
// counted from r's games (truthOf): each disagreement starts with the
// summary's name.
func drawDisagreements(r *Result, s summaries) []string {
	tr := truthOf(r)
	var bad []string
	fail := func(where, format string, args ...any) {
		bad = append(bad, where+": "+fmt.Sprintf(format, args...))
	}
	for k, p := range s.pairings {
		if p.WDL != tr.wdl[k] || p.Penta != tr.penta[k] {
			fail("pairings", "%s vs %s: %+v, pairs %v; the games say %+v, pairs %v", r.Players[p.A], r.Players[p.B], p.WDL, p.Penta, tr.wdl[k], tr.penta[k])
		}
	}
	for key, w := range s.cells {
		if want := tr.player(r, key[0], key[1]); w != want {
			fail("cells", "%s against %s: %+v, the games say %+v", r.Players[key[0]], r.Players[key[1]], w, want)
		}
	}
	var fromJSON Summary
	if err := json.Unmarshal(s.json, &fromJSON); err != nil {
		fail("json", "%v", err)
	}
	rows, err := tableRows(s.report)
	if err != nil {
		fail("report", "%v", err)
	}
	text := string(s.text)
	if len(r.Players) == 2 {
		w, pe := tr.wdl[0], tr.penta[0]
		for name, m := range map[string]*MatchSummary{"summary": s.summary.Match, "json": fromJSON.Match} {
			if m == nil || m.Wins != w.Wins || m.Losses != w.Losses || m.Draws != w.Draws || !same(m.Score, score(w)) || m.Pentanomial != pe {
				fail(name, "%+v; the games say %+v (score %v), pairs %v", m, w, score(w), pe)
			}
		}
		// The Elo estimate and its interval: every game is in a complete
		// pair, so the pairs are the samples (the pentanomial model).
		if len(tr.pairs[0])*2 != len(r.Games) {
			fail("games", "%d games make %d complete pairs", len(r.Games), len(tr.pairs[0]))
		}
		elo, low, high := sampleElo(tr.pairs[0])
		for name, m := range map[string]*MatchSummary{"summary": s.summary.Match, "json": fromJSON.Match} {
			if m != nil && (!same(float64(m.Elo), elo) || !same(float64(m.EloLow), low) || !same(float64(m.EloHigh), high) || m.EloModel != "pentanomial") {
				fail(name, "elo %v (%v .. %v, %s); the games say %v (%v .. %v, pentanomial)", m.Elo, m.EloLow, m.EloHigh, m.EloModel, elo, low, high)
			}
		}
		e := (&Pairing{WDL: w, Penta: pe}).Estimate()
		if want := fmt.Sprintf("elo %s ", FormatElo(elo)); !strings.Contains(text, want) {
			fail("text", "no %q:\n%s", want, text)
		}
		if want := fmt.Sprintf("wins %d, losses %d, draws %d, score %.1f%%\n", w.Wins, w.Losses, w.Draws, 100*score(w)); !strings.Contains(text, want) {
			fail("text", "no line %q:\n%s", want, text)
		}
		if want := fmt.Sprintf("game pairs: %d (LL %d, LD %d, WL+DD %d, WD %d, WW %d)\n", pe.Pairs(), pe[0], pe[1], pe[2], pe[3], pe[4]); !strings.Contains(text, want) {
			fail("text", "no line %q:\n%s", want, text)
		}
		want := map[string]string{
			"Wins / losses / draws":        fmt.Sprintf("%d / %d / %d", w.Wins, w.Losses, w.Draws),
			"Score":                        fmt.Sprintf("%.1f%%", 100*score(w)),
			"Game pairs LL/LD/WL+DD/WD/WW": fmt.Sprintf("%d / %d / %d / %d / %d", pe[0], pe[1], pe[2], pe[3], pe[4]),
			"Elo difference":               fmt.Sprintf("%s (%s)", FormatEstimate(e), e.Model),
			"Likelihood of superiority":    fmt.Sprintf("%.1f%%", 100*e.LOS),
		}
		for _, row := range rows {
			if len(row) == 2 && want[row[0]] != "" {
				if row[1] != want[row[0]] {
					fail("report", "%s %q; the games say %q", row[0], row[1], want[row[0]])
				}
				delete(want, row[0])
			}
		}
		for k := range want {
			fail("report", "no row %q", k)
		}
		return bad
	}
	// A tournament: each player's line, in every table.
	index := map[string]int{}
	for i, n := range r.Players {
		index[n] = i
	}
	for _, st := range s.standings {
		if w := tr.player(r, st.Player, -1); st.WDL != w || st.Points != points(w) {
			fail("standings", "%s: %+v, %g points; the games say %+v", st.Name, st.WDL, st.Points, w)
		}
	}
	for name, sum := range map[string]Summary{"summary": s.summary, "json": fromJSON} {
		if len(sum.Standings) != len(r.Players) {
			fail(name, "%d standings for %d players", len(sum.Standings), len(r.Players))
		}
		for _, st := range sum.Standings {
			i := index[st.Player]
			w := tr.player(r, i, -1)
			var games []float64
			for k, p := range r.Pairings {
				for _, x := range tr.games[k] {
					switch i {
					case p.A:
						games = append(games, x)
					case p.B:
						games = append(games, 1-x)
					}
				}
			}
			elo, _, _ := sampleElo(games)
			if st.Wins != w.Wins || st.Losses != w.Losses || st.Draws != w.Draws || st.Points != points(w) || !same(st.Score, score(w)) ||
				!same(float64(st.Elo), elo) && !math.IsInf(elo, 0) {
				fail(name, "%s: %+v; the games say %+v", st.Player, st, w)
			}
			for o, pts := range st.Results {
				if want := points(tr.player(r, i, index[o])); pts != want {
					fail(name, "%s against %s: %g points, the games say %g", st.Player, o, pts, want)
				}
			}
		}
	}
	// The crosstables: rank, name, points, games, score, … then a cell
	// per player in rank order, "points/games".
	order := s.standings
	crossLine := func(where string, fields []string, cellsFrom int) {
		if len(fields) < 3 {
			return
		}
		i, ok := index[fields[1]]
		if !ok {
			return
		}
		w := tr.player(r, i, -1)
		if fields[2] != fmt.Sprintf("%.1f", points(w)) && fields[2] != fmt.Sprintf("%g", points(w)) {
			fail(where, "%s has %s points; the games say %g", fields[1], fields[2], points(w))
		}
		cells := fields[cellsFrom:]
		if len(cells) != len(order) {
			fail(where, "%s's row has %d cells for %d players: %q", fields[1], len(cells), len(order), fields)
			return
		}
		for k, o := range order {
			if o.Player == i {
				continue
			}
			v := tr.player(r, i, o.Player)
			if want := fmt.Sprintf("%g/%d", points(v), v.Games()); cells[k] != want {
				fail(where, "%s against %s: %s; the games say %s", fields[1], o.Name, cells[k], want)
			}
		}
	}
	seen := 0
	for _, l := range strings.Split(text, "\n") {
		f := strings.Fields(l)
		if len(f) > 1 {
			if _, ok := index[f[1]]; ok {
				seen++
				crossLine("text", f, len(f)-len(order))
			}
		}
	}
	for _, row := range rows {
		if len(row) > 1 {
			if _, ok := index[row[1]]; ok {
				seen++
				crossLine("report", row, 7)
			}
		}
	}
	if seen != 2*len(r.Players) {
		fail("text and report", "%d crosstable rows found, want %d", seen, 2*len(r.Players))
	}
	return bad
}

// drawRuns are a match and a tournament whose games include draws, wins
// and losses: the pattern player against random play (and sharp play,
// in the tournament) on a 6×6 board, where about a third of the games
// fill the board.
func drawRuns(t *testing.T) []*Result {
	t.Helper()
	ctx := context.Background()
	m, err := Match(ctx, MatchConfig{KeepGames: true, A: "test-pattern", B: "test-random", Games: 24, Size: 6, Seed: 2, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	tour, err := Tournament(ctx, TournamentConfig{KeepGames: true, Players: []Entrant{{Spec: "test-pattern"}, {Spec: "test-random"}, {Spec: "test-sharp"}},
		Rounds: 4, Size: 6, Seed: 2, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []*Result{m, tour} {
		tr := truthOf(r)
		var all WDL
		for _, w := range tr.wdl {
			all.add(w)
		}
		if all.Wins == 0 || all.Losses == 0 || all.Draws == 0 {
			t.Fatalf("%s: %+v: want wins, losses and draws, or the test proves nothing", strings.Join(r.Players, " vs "), all)
		}
		t.Logf("%s: %+v", strings.Join(r.Players, " vs "), tr.wdl)
	}
	return []*Result{m, tour}
}

// TestDrawsInEverySummary: a match and a tournament with draws: every
// account of them (the pairings, standings and crosstable cells, the
// summary, its JSON, the text and the report's tables) counts each game
// as the games say, a draw as a draw and half a point.
func TestDrawsInEverySummary(t *testing.T) {
	for _, r := range drawRuns(t) {
		for _, b := range drawDisagreements(r, summariesOf(t, r)) {
			t.Error(b)
		}
	}
}

// drawAsLoss returns a copy of r whose counts score one of the first
// player's draws (in the first pairing that has one) as a loss: what a
// summary computed carelessly would show.
func drawAsLoss(t *testing.T, r *Result) *Result {
	t.Helper()
	c := *r
	c.Pairings = append([]Pairing(nil), r.Pairings...)
	for k := range c.Pairings {
		if c.Pairings[k].WDL.Draws > 0 {
			c.Pairings[k].WDL.Draws--
			c.Pairings[k].WDL.Losses++
			return &c
		}
	}
	t.Fatal("no draw to plant a loss in")
	return nil
}

// TestDrawsInEverySummaryCatchADrawAsALoss plants the careless change no
// test caught, a draw scored as a loss, in one summary at a time (that
// summary made from a copy of the run whose counts have it), in the
// Elo's table of pair scores and in the arena's counting of every game
// (gameWDL), and requires the test above to fail where it is.
func TestDrawsInEverySummaryCatchADrawAsALoss(t *testing.T) {
	for _, r := range drawRuns(t) {
		name := strings.Join(r.Players, " vs ")
		good := summariesOf(t, r)
		if bad := drawDisagreements(r, good); len(bad) > 0 {
			t.Fatalf("%s: the summaries disagree before anything is planted: %q", name, bad)
		}
		planted := summariesOf(t, drawAsLoss(t, r))
		for _, tc := range []struct {
			where string
			plant func(s *summaries)
		}{
			{"pairings", func(s *summaries) { s.pairings = planted.pairings }},
			{"cells", func(s *summaries) { s.cells = planted.cells }},
			{"standings", func(s *summaries) { s.standings = planted.standings }},
			{"summary", func(s *summaries) { s.summary = planted.summary }},
			{"json", func(s *summaries) { s.json = planted.json }},
			{"text", func(s *summaries) { s.text = planted.text }},
			{"report", func(s *summaries) { s.report = planted.report }},
		} {
			if tc.where == "standings" && len(r.Players) == 2 {
				continue // a match has no standings table
			}
			s := good
			tc.plant(&s)
			bad := drawDisagreements(r, s)
			if len(bad) == 0 || !strings.HasPrefix(bad[0], tc.where+": ") {
				t.Errorf("%s: with a draw scored as a loss in the %s: %q, want it caught there", name, tc.where, bad)
			}
		}
	}
	t.Run("pentanomial scores", func(t *testing.T) {
		// A pair's draw scored as a loss in the Elo's own table: LD as
		// LL, WD as WL.
		old := pentaScores
		t.Cleanup(func() { pentaScores = old })
		pentaScores = [5]float64{0, 0, 0.5, 0.5, 1}
		r := drawRuns(t)[0]
		bad := drawDisagreements(r, summariesOf(t, r))
		if len(bad) == 0 || !strings.Contains(bad[0], "elo ") {
			t.Errorf("with a pair's draw scored as a loss in the Elo: %q, want the Elo to disagree", bad)
		}
	})
	t.Run("counting", func(t *testing.T) {
		old := gameWDL
		t.Cleanup(func() { gameWDL = old })
		gameWDL = func(g *Game) WDL {
			if g.Winner == game.Empty {
				return WDL{Losses: 1}
			}
			return old(g)
		}
		for _, r := range drawRuns(t) {
			bad := drawDisagreements(r, summariesOf(t, r))
			if len(bad) == 0 || !strings.HasPrefix(bad[0], "pairings: ") {
				t.Errorf("%s: with every draw counted as a loss: %q, want the pairings to disagree", strings.Join(r.Players, " vs "), bad)
			}
		}
	})
}
