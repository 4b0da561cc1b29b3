package lookahead_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/lookahead"
	"github.com/mcgomoku/mcgomoku/sim/player"
	"github.com/mcgomoku/mcgomoku/sim/search"
)

// vctConfig is the pack's default config with the threat-space search on.
func vctConfig(t *testing.T) *config.Config {
	t.Helper()
	c, err := config.Load("testdata/vct.toml")
	if err != nil {
		t.Fatal(err)
	}
	if c.Weights != config.PackDefault().Weights {
		t.Fatal("testdata/vct.toml's weights are not the pack default's (examples/tuned.toml)")
	}
	return c
}

// play is the lookahead's move in tc's position under cfg, with the
// search behind it.
func play(t *testing.T, cfg config.Lookahead, b *game.Board) (int, lookahead.Result) {
	t.Helper()
	la, _ := player.LookaheadMaker("lookahead", config.PackDefault().Weights, cfg)(player.Options{})
	m, err := la.Move(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	return m, la.(*player.Lookahead).Last()
}

// TestVCTTactics: with the threat-space search on, the lookahead solves
// every position of the threat-space table; with it off (the pack's
// default) it need not, and how many it solves either way is logged.
func TestVCTTactics(t *testing.T) {
	ts, err := lookahead.ReadTactics("testdata/tactics-vct.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(ts) < 20 {
		t.Fatalf("the table has %d positions, want at least 20", len(ts))
	}
	on, off := vctConfig(t).Lookahead, config.PackDefault().Lookahead
	kinds := map[string]int{}
	rules := map[game.Rule]int{}
	var solvedOn, solvedOff, defended int
	for _, tc := range ts {
		kinds[tc.Kind]++
		rules[tc.Board.Rule()]++
		if tc.Kind != lookahead.KindVCT && tc.Kind != lookahead.KindDefendVCT {
			t.Errorf("%s (line %d): kind %s does not belong in the threat-space table", tc.Name, tc.Line, tc.Kind)
		}
		m, r := play(t, on, tc.Board)
		ok := slices.Contains(tc.Want, m)
		if tc.Kind == lookahead.KindVCT {
			if _, won := lookahead.Decisive(r.Value); !won || r.Value < 0 {
				t.Errorf("%s (line %d): no forced win found (value %d, %s)", tc.Name, tc.Line, r.Value, r.Reason)
				ok = false
			}
		}
		if ok && r.Reason == lookahead.ReasonDefend {
			defended++
		}
		if ok {
			solvedOn++
		} else {
			t.Errorf("%s (line %d): the lookahead with VCT plays %s (%s, value %d, %d nodes, %d in the VCT), want one of %s\n%s",
				tc.Name, tc.Line, game.FormatMove(m, tc.Board.Size()), r.Reason, r.Value, r.Nodes, r.VCTNodes,
				game.FormatMoves(tc.Want, tc.Board.Size()), game.Picture(tc.Board))
		}
		if m, _ := play(t, off, tc.Board); slices.Contains(tc.Want, m) {
			solvedOff++
		}
	}
	for _, k := range []string{lookahead.KindVCT, lookahead.KindDefendVCT} {
		if kinds[k] == 0 {
			t.Errorf("the table has no %s position", k)
		}
	}
	if rules[game.Freestyle] == 0 || rules[game.Renju] == 0 {
		t.Errorf("the table wants freestyle and renju positions, has %v", rules)
	}
	if solvedOff == len(ts) {
		t.Errorf("the lookahead without VCT solves every position: the table does not test the VCT")
	}
	t.Logf("%d positions (%v): solved %d with VCT on (%d by the defence's move), %d with it off (the pack's default)", len(ts), kinds, solvedOn, defended, solvedOff)
}

// picture builds a 15×15 position from lists of stones.
func picture(t *testing.T, rule game.Rule, toMove game.Colour, black, white string) *game.Board {
	t.Helper()
	rows := make([][]byte, 15)
	for i := range rows {
		rows[i] = []byte(strings.Repeat(".", 15))
	}
	for _, s := range []struct {
		list string
		c    byte
	}{{black, 'X'}, {white, 'O'}} {
		for _, f := range strings.Fields(s.list) {
			m, err := game.ParseMove(f, 15)
			if err != nil {
				t.Fatal(err)
			}
			rows[m/15][m%15] = s.c
		}
	}
	strs := make([]string, 15)
	for i, r := range rows {
		strs[i] = string(r)
	}
	b, err := game.FromPicture(15, rule, toMove, strs...)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestVCTWinsWhereVCFCannot: hand-made positions whose win needs an open
// three, proved by the search engine: with VCT off the lookahead finds no
// forced win, with it on it plays a winning threat; where the threat is
// not a move (a double three a renju black may not play) it plays another.
func TestVCTWinsWhereVCFCannot(t *testing.T) {
	judge := search.New(config.Default(), search.Options{Threads: 1})
	on, off := vctConfig(t).Lookahead, config.PackDefault().Lookahead
	tests := []struct {
		name  string
		b     *game.Board
		win   string // the winning threats
		avoid string // a move that must not be played
	}{
		{"freestyle double three", picture(t, game.Freestyle, game.Black, "f8 g8 h6 h7", "a1 c1 n1 o3"), "h8", ""},
		{"renju white double three", picture(t, game.Renju, game.White, "a1 c1 n1 o3 a15", "f8 g8 h6 h7"), "h8", ""},
		// Black still wins, by a longer line the judge finds too.
		{"renju black double three is forbidden", picture(t, game.Renju, game.Black, "f8 g8 h6 h7", "a1 c1 n1 o3"), "", "h8"},
	}
	for _, tt := range tests {
		b := tt.b
		jr := prove(t, judge, b)
		if plies, ok := jr.Decisive(); tt.win != "" && (!ok || plies <= 0 || jr.Reason != "vct") {
			t.Fatalf("%s: the judge finds no win by threats (%s, %d): the position does not test what it says\n%s", tt.name, jr.Reason, plies, game.Picture(b))
		}
		if _, r := play(t, off, b); r.Reason == lookahead.ReasonVCF {
			t.Errorf("%s: VCF alone claims a win (%s)", tt.name, game.FormatMove(r.Move, 15))
		}
		m, r := play(t, on, b)
		mv := game.FormatMove(m, 15)
		_, won := lookahead.Decisive(r.Value)
		switch {
		case mv == tt.avoid:
			t.Errorf("%s: the lookahead plays %s (%s), which it may not", tt.name, mv, r.Reason)
		case tt.win != "" && (!won || r.Value < 0 || r.Reason != lookahead.ReasonVCT || !strings.Contains(" "+tt.win+" ", " "+mv+" ")):
			t.Errorf("%s: the lookahead plays %s (%s, value %d), want a win by %s", tt.name, mv, r.Reason, r.Value, tt.win)
		}
	}
}

// vctClaims replays greedy games and, in every position (renju ones
// where the quick test of a black move is exact), asks the searcher made
// by mk for a move with the threat-space search on; each win it claimed
// by VCT is put to the judge. It returns how many were claimed, how many
// the judge did not prove, and the first of those.
func vctClaims(t *testing.T, mk func(config.Lookahead) *lookahead.Searcher, games int) (claims, unproved int, first string) {
	// The root's VCT is what is checked: smaller budgets, no defence.
	cfg := vctConfig(t).Lookahead
	cfg.VCTDepth, cfg.VCTWidth, cfg.VCTNodes, cfg.DefendVCTNodes = 6, 6, 3000, 0
	var boards []*game.Board
	for _, rule := range []game.Rule{game.Freestyle, game.Renju} {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			for _, b := range positions(t, rule, 5000+seed) {
				if rule == game.Renju && !quickIsExact(b) {
					continue
				}
				boards = append(boards, b)
			}
		}
	}
	return claimsIn(t, mk(cfg), boards, judgeNodes)
}

// claimsIn asks s for a move in each of boards and puts every win it
// claims by VCT to the judge (nodes a position): how many were claimed,
// how many the judge did not prove, and the first of those.
func claimsIn(t *testing.T, s *lookahead.Searcher, boards []*game.Board, nodes int64) (claims, unproved int, first string) {
	t.Helper()
	judge := search.New(config.Default(), search.Options{Threads: 1})
	for _, b := range boards {
		r := s.Choose(stateOf(b), b.ToMove(), nil)
		if r.Reason != lookahead.ReasonVCT {
			continue
		}
		claims++
		if p, ok := proveWith(t, judge, b, nodes).Decisive(); !ok || p <= 0 {
			unproved++
			if first == "" {
				first = fmt.Sprintf("claims a win by %s\n%s", game.FormatMove(r.Move, b.Size()), game.Picture(b))
			}
		}
	}
	return claims, unproved, first
}

// recordedPositions are the positions of testdata/vct-games: games the
// levels with the threat-space search played against Carbon (a Gomocup
// engine) and the search engine at 100 ms a move, on balanced openings
// (docs/strength.md, "The threat-space search audited"), every position
// from the opening's last stone on, either side to move.
func recordedPositions(t *testing.T) []*game.Board {
	t.Helper()
	var out []*game.Board
	for _, r := range readRecords(t, "testdata/vct-games") {
		f, rec := r.file, r.rec
		b, err := game.NewBoard(rec.Size, game.Freestyle)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range rec.Moves {
			if i >= 3 {
				out = append(out, b.Clone())
			}
			if err := b.Play(m.Cell); err != nil {
				t.Fatalf("%s: move %d: %v", f, i+1, err)
			}
		}
	}
	return out
}

// record is a game record and the file it was read from.
type record struct {
	file string
	rec  *game.Record
}

// readRecords reads every .psq game record in dir, in file-name order;
// a folder without one fails the test.
func readRecords(t *testing.T, dir string) []record {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.psq"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no .psq records in %s (%v)", dir, err)
	}
	out := make([]record, len(files))
	for i, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := game.ParsePSQ(data, f)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = record{f, rec}
	}
	return out
}

// recordedCfg is the threat-space search at the budgets the master
// level had when these games were played (ten threats deep, 8,000
// stones; no shipped level runs it since the re-levelling), six threat
// moves a node as shipped, without the defence.
func recordedCfg(t *testing.T) config.Lookahead {
	cfg := vctConfig(t).Lookahead
	cfg.VCTDepth, cfg.VCTWidth, cfg.VCTNodes, cfg.DefendVCTNodes = 10, 6, 8000, 0
	return cfg
}

// recordedJudgeNodes is the judge's budget for a claim in a recorded
// game: lines of ten threats need more than the greedy positions' 30,000.
const recordedJudgeNodes = 2_000_000

// TestVCTClaimsInRecordedGames: every win the threat-space search claims
// at those budgets in positions of real games (against
// Carbon and the search engine) is one the judge proves.
func TestVCTClaimsInRecordedGames(t *testing.T) {
	if testing.Short() {
		t.Skip("proves dozens of long threat lines")
	}
	claims, unproved, first := claimsIn(t, lookahead.New(recordedCfg(t)), recordedPositions(t), recordedJudgeNodes)
	if claims < 30 {
		t.Fatalf("only %d claims to check", claims)
	}
	if unproved > 0 {
		t.Errorf("%d of %d claimed wins the judge does not prove; the first: %s", unproved, claims, first)
	}
	t.Logf("%d claimed wins, all proved", claims)
}

// TestVCTClaimsInRecordedGamesCatchForgottenCounterFours plants a search
// whose three's answers leave out the opponent's fours: the check above
// must catch it in the recorded games.
func TestVCTClaimsInRecordedGamesCatchForgottenCounterFours(t *testing.T) {
	if testing.Short() {
		t.Skip("proves dozens of long threat lines")
	}
	planted := lookahead.WithoutCounterFours(lookahead.New(recordedCfg(t)))
	claims, unproved, first := claimsIn(t, planted, recordedPositions(t), recordedJudgeNodes)
	if unproved == 0 {
		t.Fatalf("the planted search's %d claims all stood: the check cannot catch a VCT that forgets counter-fours", claims)
	}
	t.Logf("caught: %d of %d claims unproved; the first: %s", unproved, claims, first)
}

// TestVCTClaimsAreWins: every win the threat-space search claims in
// positions of greedy games is one the judge proves.
func TestVCTClaimsAreWins(t *testing.T) {
	claims, unproved, first := vctClaims(t, lookahead.New, 6)
	if claims < 20 {
		t.Fatalf("only %d claims to check", claims)
	}
	if unproved > 0 {
		t.Errorf("%d of %d claimed wins the judge does not prove; the first: %s", unproved, claims, first)
	}
	t.Logf("%d claimed wins, all proved", claims)
}

// TestVCTClaimsCatchForgottenCounterFours plants a search whose three's
// answers leave out the opponent's fours: the check above must catch it.
func TestVCTClaimsCatchForgottenCounterFours(t *testing.T) {
	planted := func(c config.Lookahead) *lookahead.Searcher { return lookahead.WithoutCounterFours(lookahead.New(c)) }
	claims, unproved, first := vctClaims(t, planted, 4)
	if unproved == 0 {
		t.Fatalf("the planted search's %d claims all stood: the check cannot catch a VCT that forgets counter-fours", claims)
	}
	t.Logf("caught: %d of %d claims unproved; the first: %s", unproved, claims, first)
}

// TestVCTTacticsCatchForgottenCounterFours: the table fails a search
// whose three's answers leave out the opponent's fours (it claims wins
// the opponent's fours refute, or misjudges a defence).
func TestVCTTacticsCatchForgottenCounterFours(t *testing.T) {
	ts, err := lookahead.ReadTactics("testdata/tactics-vct.txt")
	if err != nil {
		t.Fatal(err)
	}
	cfg := vctConfig(t).Lookahead
	var failed []string
	for _, tc := range ts {
		r := lookahead.WithoutCounterFours(lookahead.New(cfg)).Choose(stateOf(tc.Board), tc.Board.ToMove(), nil)
		if !slices.Contains(tc.Want, r.Move) {
			failed = append(failed, tc.Name)
		}
	}
	if len(failed) == 0 {
		t.Fatal("the planted search solves the whole table: it cannot catch a VCT that forgets counter-fours")
	}
	t.Logf("the planted search fails %d of %d: %s", len(failed), len(ts), strings.Join(failed, " "))
}
