package gen_test

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/gen"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/lookahead"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// lookaheadPack compiles cfg with --ai lookahead, once for every test of
// the binary (a 15×15 renju pack takes seconds to build): callers must
// not change it.
func lookaheadPack(t *testing.T, cfg *config.Config) *gen.Result {
	t.Helper()
	return gen.SharedPack(t, cfg, "lookahead")
}

// packSearch is what the pack's search chose, read from its scores.
type packSearch struct {
	move, value, nodes, vnodes, tnodes, reason int32
	root                                       []lookahead.RootMove
	defence                                    []int
}

var reasonCode = map[string]int32{lookahead.ReasonFive: 1, lookahead.ReasonBlock: 2, lookahead.ReasonVCF: 3, lookahead.ReasonSearch: 4, lookahead.ReasonDefend: 5, lookahead.ReasonVCT: 6}

// TestLookaheadPackIsTheTwin: the pack's search, run by the interpreter a
// slice a tick, chooses what sim/lookahead chooses on the same position:
// the move, its value, the stones placed, and every root move's value.
func TestLookaheadPackIsTheTwin(t *testing.T) {
	for _, tc := range []struct {
		name string
		rule game.Rule
		vct  bool
		// widen turns lookahead.widen on: the losing nodes' answers
		// (la/ab/widen), renju's black keeping out of its quickly
		// forbidden cells there too.
		widen bool
		// deepen turns lookahead.deepen on: stage 3 at depth 1, 2, …
		// (la/ab/deepen), every iteration's root moves compared.
		deepen bool
	}{{"freestyle", game.Freestyle, false, false, false}, {"renju", game.Renju, false, false, false}, {"freestyle-vct", game.Freestyle, true, false, false},
		{"renju-vct", game.Renju, true, false, false}, {"renju-widen", game.Renju, false, true, false}, {"renju-deepen", game.Renju, false, true, true}} {
		rule := tc.rule
		t.Run(tc.name, func(t *testing.T) {
			cfg := atQuick(config.PackDefault())
			cfg.Game.Size, cfg.Game.Rule = lookaheadTestSize(), rule
			if tc.vct {
				withVCT(cfg)
			}
			if tc.widen {
				cfg.Lookahead.Widen = 8
			}
			if tc.deepen {
				cfg.Lookahead.Deepen = 1
			}
			res := lookaheadPack(t, cfg)
			m, err := eval.NewModel(cfg.Game.Size, rule, cfg.Weights)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(rule)+1, 7))
			g, err := packplay.Open(res.Pack, packplay.Options{MaxTicks: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			moves, n := 0, 2
			if testing.Short() {
				n = 1
			}
			for games := 0; games < n; games++ {
				if err := g.Start(packplay.ModeAI, game.White); err != nil {
					t.Fatal(err)
				}
				for !g.Board().Over() {
					b := g.Board()
					if b.ToMove() != game.White {
						// The player: a random legal cell near the centre.
						for {
							i := rng.IntN(b.Cells())
							if b.Legal(i) == nil {
								if err := g.Place(i); err != nil {
									t.Fatal(err)
								}
								break
							}
						}
						continue
					}
					cells := make([]game.Colour, b.Cells())
					for i := range cells {
						cells[i] = b.At(i)
					}
					st := eval.FromCells(m, cells)
					want := lookahead.New(cfg.Lookahead.AtDefault()).Choose(st, game.White, nil)
					cell, cost, err := g.AIMove()
					if err != nil {
						t.Fatal(err)
					}
					moves++
					if err := compareSearch(g, want); err != nil {
						t.Fatalf("move %d: %v\n%s", moves, err, game.Picture(b))
					}
					if cell != want.Move {
						t.Fatalf("move %d: the pack played %s, its search chose %s", moves, game.FormatMove(cell, b.Size()), game.FormatMove(want.Move, b.Size()))
					}
					t.Logf("move %d: %s %s value %d, %d nodes, %d ticks, %d commands (max %d a call)", moves, game.FormatMove(cell, b.Size()), want.Reason, want.Value, want.Nodes, cost.Ticks, cost.Commands, cost.MaxCall)
				}
			}
		})
	}
}

// withVCT turns the threat-space search on at small budgets (the tests'
// positions are small boards), stage 2's and the defence's check of the
// opponent's threats: few stones, so that a test's many searches stay
// quick, but deep and wide enough to find wins.
func withVCT(cfg *config.Config) {
	la := &cfg.Lookahead
	la.VCTDepth, la.VCTWidth, la.VCTNodes, la.DefendVCTNodes = 4, 6, 400, 150
}

func lookaheadTestSize() int {
	if n, err := strconv.Atoi(os.Getenv("LA_SIZE")); err == nil {
		return n
	}
	return 9
}

// compareSearch compares what the pack's last search chose it from with
// the twin's: the move, its value, the stones placed (in all, and in the
// continuous-fours stage), why, and every root move's value and stones
// (every iteration's, with its depth, when stage 3 deepens).
func compareSearch(g *packplay.Game, want lookahead.Result) error {
	var missing []string
	get := func(h string) int32 {
		v, ok := g.BoardScore(h, "gomoku.la")
		if !ok {
			missing = append(missing, h)
		}
		return v
	}
	got := packSearch{move: get("#la.rmove"), value: get("#la.rvalue"), nodes: get("#la.nodes"), vnodes: get("#la.vnodes"), reason: get("#la.reason")}
	if v, ok := g.BoardScore("#la.tnodes", "gomoku.la"); ok {
		got.tnodes = v // a pack with the threat-space search
	}
	searched := got.reason == reasonCode[lookahead.ReasonSearch] || got.reason == reasonCode[lookahead.ReasonDefend]
	if searched {
		for j := range int(get("#la.rdone")) {
			rm := lookahead.RootMove{Cell: int(get(fmt.Sprintf("#la.rc%d", j))),
				Value: get(fmt.Sprintf("#la.rv%d", j)), Nodes: int(get(fmt.Sprintf("#la.rn%d", j)))}
			if d, ok := g.BoardScore(fmt.Sprintf("#la.rd%d", j), "gomoku.la"); ok {
				rm.Depth = int(d) // a pack that deepens stage 3: the iteration's plies
			} else {
				rm.Depth = int(get("#la.lv_depth")) // else one search, at the level's depth
			}
			got.root = append(got.root, rm)
		}
		if get("#la.stage") == 4 {
			for j := range int(get("#la.dn")) {
				got.defence = append(got.defence, int(get(fmt.Sprintf("#la.dq%d", j))))
			}
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("the pack has no scores %v", missing)
	}
	if want.Reason != lookahead.ReasonSearch && want.Reason != lookahead.ReasonDefend {
		want.Root = nil
	}
	if want.Reason == lookahead.ReasonFive || want.Reason == lookahead.ReasonBlock {
		got.vnodes = int32(want.VCFNodes) // stage 1 decided: the pack leaves it as it was
	}
	same := got.move == int32(want.Move) && got.value == want.Value && got.nodes == int32(want.Nodes) &&
		got.vnodes == int32(want.VCFNodes) && got.tnodes == int32(want.VCTNodes) && got.reason == reasonCode[want.Reason] && slices.Equal(got.root, want.Root) &&
		slices.Equal(got.defence, want.Defence)
	if !same {
		var excl []int
		for i := 0; i < g.Size*g.Size; i++ {
			if v, _ := g.BoardScore(fmt.Sprintf("#%d", i), "gomoku.excl"); v != 0 {
				excl = append(excl, i)
			}
		}
		return fmt.Errorf("(cells excluded: %v) the pack's search chose move %d (value %d, %d stones, %d in its fours stage, %d in its threats stage, reason %d) from root %v, defence %v;\nthe twin's move %d (value %d, %d stones, %d in its fours stage, %d in its threats stage, %s) from root %v, defence %v",
			excl, got.move, got.value, got.nodes, got.vnodes, got.tnodes, got.reason, got.root, got.defence, want.Move, want.Value, want.Nodes, want.VCFNodes, want.VCTNodes, want.Reason, want.Root, want.Defence)
	}
	return nil
}

// compareLookSums compares the pack's leaf sums with the sums over the
// position's empty cells; score reads the board's scores. Without values
// the leaf values (each line's val and the sum #la.sv) are not compared:
// a threat search's stones leave them as they were (la/tmake).
func compareLookSums(score func(holder, objective string) (int32, bool), la config.Lookahead, st *eval.State, values bool) error {
	n := st.Model().Size
	var sum [2]int32
	for i := 0; i < n*n; i++ {
		if st.At(i) != game.Empty {
			continue
		}
		for c, col := range []game.Colour{game.Black, game.White} {
			for _, p := range st.Lines(i, col) {
				sum[c] += la.Value[p]
			}
		}
	}
	// Every empty cell's lines: their attack weights (the five and four
	// checks read them) and values (their part of the sum), each the
	// model's for the pattern there. la/back puts them back when a
	// search's stone comes off: one left as the stone made it shows here.
	att := st.Model().Weights.Attack
	for i := 0; i < n*n; i++ {
		if st.At(i) != game.Empty {
			continue
		}
		for d := range game.Directions {
			h := fmt.Sprintf("#%d_%d", i, d)
			pb, pw := st.Pattern(i, d, game.Black), st.Pattern(i, d, game.White)
			for _, c := range []struct {
				obj  string
				want int32
			}{{"gomoku.att_b", att[pb]}, {"gomoku.att_w", att[pw]}, {"gomoku.val", la.Value[pb] - la.Value[pw]}} {
				if v, _ := score(h, c.obj); v != c.want && (values || c.obj != "gomoku.val") {
					return fmt.Errorf("the pack's %s %s is %d, the position's %d (black's %s, white's %s)", h, c.obj, v, c.want, pb, pw)
				}
			}
		}
	}
	if v, _ := score("#la.sv", "gomoku.la"); values && v != sum[0]-sum[1] {
		return fmt.Errorf("the pack's leaf sum #la.sv is %d, the position's %d (black's %d less white's %d)", v, sum[0]-sum[1], sum[0], sum[1])
	}
	// The scans' counts of empty cells with a four, per chunk of the
	// model's order.
	order := st.Model().Order
	for k := 0; k*gen.ScanChunk < len(order); k++ {
		var want [2]int32
		for _, i := range order[k*gen.ScanChunk : min((k+1)*gen.ScanChunk, len(order))] {
			for c, col := range []game.Colour{game.Black, game.White} {
				if st.At(i) == game.Empty && st.Fours(i, col) > 0 {
					want[c]++
				}
			}
		}
		for c, col := range []string{"b", "w"} {
			h := fmt.Sprintf("#la.f4%s%d", col, k)
			if v, _ := score(h, "gomoku.la"); v != want[c] {
				return fmt.Errorf("the pack's count %s of empty cells where %s makes a four is %d, the position has %d", h, col, v, want[c])
			}
		}
	}
	return nil
}

// searchRegisters prints the pack's search state, for a failure: the
// registers that steer it and the top frame's (gen's declaration).
func searchRegisters(g *packplay.Game, lp *gen.LookPlan) string {
	var parts []string
	for _, r := range slices.Concat(gen.LookControl, lp.Regs) {
		v, _ := g.BoardScore("#la."+r, "gomoku.la")
		parts = append(parts, fmt.Sprintf("%s=%d", r, v))
	}
	return strings.Join(parts, " ")
}

// TestLookaheadAbandonsItsSearch: undo, restart, a mode change and a
// reload while the AI is searching leave a consistent game: the search's stones come
// off the model (its scores are the position's again), nothing is half
// applied, and the AI's next choice is the twin's again. With the
// threat-space search on, the search is abandoned in that stage (its
// frames of both types unwind).
func TestLookaheadAbandonsItsSearch(t *testing.T) {
	for _, tc := range []struct {
		rule game.Rule
		vct  bool // the search is abandoned in its threat-space stage
	}{{game.Freestyle, false}, {game.Renju, false}, {game.Freestyle, true}, {game.Renju, true}} {
		rule := tc.rule
		name := rule.String()
		if tc.vct {
			name += "-vct"
		}
		t.Run(name, func(t *testing.T) {
			cfg := atQuick(config.PackDefault())
			cfg.Game.Size, cfg.Game.Rule = 9, rule
			if tc.vct {
				withVCT(cfg)
			}
			res := lookaheadPack(t, cfg)
			m, err := eval.NewModel(9, rule, cfg.Weights)
			if err != nil {
				t.Fatal(err)
			}
			g, err := packplay.Open(res.Pack, packplay.Options{})
			if err != nil {
				t.Fatal(err)
			}
			consistent := func(what string) {
				t.Helper()
				b := g.Board()
				cells := make([]game.Colour, b.Cells())
				for i := range cells {
					cells[i] = b.At(i)
				}
				st := eval.FromCells(m, cells)
				if err := packplay.CompareGreedyScores(g.Machine(), st); err != nil {
					t.Fatalf("after %s: %v\n%s", what, err, game.Picture(b))
				}
				if err := compareLookSums(g.BoardScore, cfg.Lookahead, st, true); err != nil {
					t.Fatalf("after %s: %v", what, err)
				}
			}
			// searching plays the player's stones and lets ticks pass
			// until the AI is in the middle of a search.
			searching := func(moves ...string) {
				t.Helper()
				played := 0
				for _, mv := range moves {
					if played == 3 {
						break
					}
					i, _ := game.ParseMove(mv, 9)
					if g.Board().ToMove() == game.White {
						if _, _, err := g.AIMove(); err != nil {
							t.Fatal(err)
						}
					}
					if g.Board().At(i) != game.Empty {
						continue
					}
					if err := g.Place(i); err != nil {
						t.Fatal(err)
					}
					played++
				}
				for k := 0; k < 200; k++ {
					if n, _ := g.Score("#la.nodes", "gomoku.la"); n > 3 {
						stage, _ := g.Score("#la.stage", "gomoku.la")
						if p, _ := g.Score("#la.phase", "gomoku.la"); p == 1 && (!tc.vct || stage == 5) {
							return
						}
					}
					if _, err := g.Machine().Tick(); err != nil {
						t.Fatal(err)
					}
				}
				t.Fatalf("the AI never got into a search after %v", moves)
			}
			for _, act := range []string{"undo", "restart", "mode", "reload"} {
				if err := g.Start(packplay.ModeAI, game.White); err != nil {
					t.Fatal(err)
				}
				searching("e5", "d4", "f6", "c3", "g7", "b2", "h8")
				before := g.Board().Moves()
				switch act {
				case "undo":
					n, err := g.Undo()
					if err != nil {
						t.Fatal(err)
					}
					if n != 1 || g.Board().Moves() != before-1 {
						t.Fatalf("undo during the search took back %d stones (of %d), want the player's last one", n, before)
					}
				case "restart":
					if err := g.Restart(); err != nil {
						t.Fatal(err)
					}
				case "mode":
					if err := g.Start(packplay.ModeAI, game.Black); err != nil {
						t.Fatal(err)
					}
				case "reload":
					// The search unwinds over the next slices, its stones
					// coming off by lookups (the reload counts #epoch), and
					// the AI chooses again: checked below.
					// The machine's call: packplay's Run would check the
					// board against cells the search still holds.
					if _, err := g.Machine().Call("gomoku:load"); err != nil {
						t.Fatal(err)
					}
				}
				if act != "reload" {
					consistent(act)
					if p, _ := g.Score("#la.phase", "gomoku.la"); p == 1 {
						t.Fatalf("after %s the old search is still under way", act)
					}
				}
				// The game goes on, and the AI's choice is the twin's.
				b := g.Board()
				if act == "undo" {
					for _, mv := range []string{"a9", "i1", "a1", "i9"} {
						if i, _ := game.ParseMove(mv, 9); b.At(i) == game.Empty {
							if err := g.Place(i); err != nil {
								t.Fatal(err)
							}
							break
						}
					}
					b = g.Board()
				}
				if b.ToMove() == game.Black && act != "mode" {
					continue
				}
				cells := make([]game.Colour, b.Cells())
				for i := range cells {
					cells[i] = b.At(i)
				}
				want := lookahead.New(cfg.Lookahead.AtDefault()).Choose(eval.FromCells(m, cells), b.ToMove(), nil)
				got, _, err := g.AIMove()
				if err != nil {
					t.Fatal(err)
				}
				if got != want.Move {
					t.Fatalf("after %s the AI played %s, the twin %s", act, game.FormatMove(got, 9), game.FormatMove(want.Move, 9))
				}
				consistent(act + " and the AI's move")
			}
		})
	}
}

// TestLookaheadLevels: a lookahead pack's boards play the lookahead until
// a player picks greedy's level, which then plays greedy's moves; the
// level stays through undo and restart, and back at the lookahead the
// search's choice is the twin's again.
func TestLookaheadLevels(t *testing.T) {
	cfg := atQuick(config.PackDefault())
	cfg.Game.Size = 9
	res := lookaheadPack(t, cfg)
	g, err := packplay.Open(res.Pack, packplay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	greedy := player.NewGreedy(cfg.Weights, player.Options{})
	level := func() int32 { v, _ := g.Score("#level", "gomoku.game"); return v }
	aiIs := func(what string, native player.Player) {
		t.Helper()
		want, err := native.Move(context.Background(), g.Board())
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := g.AIMove()
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("%s: the AI played %s, %s plays %s", what, game.FormatMove(got, 9), native.Name(), game.FormatMove(want, 9))
		}
	}
	place := func(mv string) {
		t.Helper()
		i, _ := game.ParseMove(mv, 9)
		if err := g.Place(i); err != nil {
			t.Fatal(err)
		}
	}
	look, _ := player.LookaheadMaker("lookahead", cfg.Weights, cfg.Lookahead.AtDefault())(player.Options{})
	place("e5")
	aiIs("the default level", look)
	if level() != 1 {
		t.Fatalf("a new board's level is %d, want 1 (the lookahead)", level())
	}
	if err := g.Run("gomoku:level/greedy"); err != nil {
		t.Fatal(err)
	}
	place("a1")
	aiIs("greedy's level", greedy)
	if _, err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := g.Restart(); err != nil {
		t.Fatal(err)
	}
	if level() != 0 {
		t.Fatalf("after undo and restart the level is %d, want 0 (greedy)", level())
	}
	place("e5")
	aiIs("greedy's level after a restart", greedy)
	if err := g.Run("gomoku:level/" + cfg.Lookahead.LevelName(cfg.Lookahead.DefaultLevel)); err != nil {
		t.Fatal(err)
	}
	place("a9")
	aiIs("the lookahead again", look)
}

// TestLookaheadPackSolvesTactics: the tactics table played through the
// interpreter. Each position is set up by clicks in a two-player game,
// then the board's AI is given the side to move (its mode and colour
// scores, as a menu would set them, without starting a new game); the
// pack's move must be one of the answers and its search the twin's.
func TestLookaheadPackSolvesTactics(t *testing.T) {
	ts, err := lookahead.ReadTactics("../sim/lookahead/testdata/tactics.txt")
	if err != nil {
		t.Fatal(err)
	}
	if testing.Short() {
		ts = ts[:min(len(ts), 4)]
	}
	packSolves(t, atQuick(config.PackDefault()), ts)
}

// TestLookaheadPackSolvesVCTTactics: the threat-space table played
// through the interpreter, each search the twin's and each answer right.
// -long plays all of it at the native table's budgets
// (sim/lookahead/testdata/vct.toml: a defence there searches up to 45,000
// stones, minutes in the interpreter). By default the first win (kind
// vct) of each rule at those budgets, and the first renju defence
// (defend-vct; the first freestyle one's move is the search's anyway) at
// smaller ones that still solve it (vctQuickDefence); -short the wins.
func TestLookaheadPackSolvesVCTTactics(t *testing.T) {
	all, err := lookahead.ReadTactics("../sim/lookahead/testdata/tactics-vct.txt")
	if err != nil {
		t.Fatal(err)
	}
	full := vctTableConfig(t)
	if longDifferential() {
		packSolves(t, full, all)
		return
	}
	defences := 1
	if testing.Short() {
		defences = 0
	}
	taken := map[string]int{}
	var ts, ds []lookahead.Tactic
	for _, tc := range all {
		key := tc.Kind + tc.Board.Rule().String()
		switch {
		case tc.Kind == lookahead.KindVCT && taken[key] < 1:
			ts = append(ts, tc)
		case tc.Kind == lookahead.KindDefendVCT && tc.Board.Rule() == game.Renju && taken[key] < defences:
			ds = append(ds, tc)
		default:
			continue
		}
		taken[key]++
	}
	packSolves(t, full, ts)
	quick := *full
	vctQuickDefence(&quick)
	packSolves(t, &quick, ds)
}

// vctTableConfig is sim/lookahead/testdata/vct.toml, with which the twin
// solves every position of the threat-space table.
func vctTableConfig(t *testing.T) *config.Config {
	t.Helper()
	cfg, err := config.Load("../sim/lookahead/testdata/vct.toml")
	if err != nil {
		t.Fatal(err)
	}
	return atQuick(cfg)
}

// vctQuickDefence shrinks vct.toml's budgets to what the first defences
// of the threat-space table need (a root VCT that finds nothing spends
// all of vct_nodes first): some 3,000 stones a position, not 45,000.
func vctQuickDefence(cfg *config.Config) {
	cfg.Lookahead.VCTNodes, cfg.Lookahead.DefendVCTNodes = 300, 2000
}

// packSolves plays the tactics ts through lookahead packs of cfg (at
// each position's size and rule) and requires the twin's search and one
// of the answers.
func packSolves(t *testing.T, cfg *config.Config, ts []lookahead.Tactic) {
	solved := 0
	tp := tacticPacks{cfg: cfg, pack: func(c *config.Config) *datapack.Pack { return lookaheadPack(t, c).Pack }}
	for _, tc := range ts {
		b := tc.Board
		played, want, err := tp.solve(t, tc)
		if err != nil {
			t.Errorf("%s (line %d): %v\n%s", tc.Name, tc.Line, err, game.Picture(b))
		}
		if tc.Kind == lookahead.KindVCT && want.Reason != lookahead.ReasonVCT {
			t.Errorf("%s (line %d): the twin chose by %s, want a win by threats", tc.Name, tc.Line, want.Reason)
		}
		t.Logf("%s: %s %s, %d stones (%d in the threats stage)", tc.Name, game.FormatMove(played, b.Size()), want.Reason, want.Nodes, want.VCTNodes)
		if slices.Contains(tc.Want, played) {
			solved++
		} else {
			t.Errorf("%s (line %d): the pack played %s, want one of %s\n%s", tc.Name, tc.Line,
				game.FormatMove(played, b.Size()), game.FormatMoves(tc.Want, b.Size()), game.Picture(b))
		}
	}
	t.Logf("the pack solved %d of %d positions", solved, len(ts))
}

// tacticPacks plays tactics through packs of cfg (pack makes one for a
// position's size and rule), a game per rule.
type tacticPacks struct {
	cfg   *config.Config
	pack  func(*config.Config) *datapack.Pack
	games map[game.Rule]*packplay.Game
}

// solve has the pack choose tc's move and returns it, the twin's choice,
// and how the pack's search differs from the twin's, if it does.
func (tp *tacticPacks) solve(t *testing.T, tc lookahead.Tactic) (int, lookahead.Result, error) {
	t.Helper()
	b := tc.Board
	if tp.games == nil {
		tp.games = map[game.Rule]*packplay.Game{}
	}
	g := tp.games[b.Rule()]
	if g == nil {
		c := *tp.cfg
		c.Game.Size, c.Game.Rule = b.Size(), b.Rule()
		var err error
		if g, err = packplay.Open(tp.pack(&c), packplay.Options{}); err != nil {
			t.Fatal(err)
		}
		tp.games[b.Rule()] = g
	}
	if err := setUp(g, b); err != nil {
		t.Fatalf("%s (line %d): setting up: %v\n%s", tc.Name, tc.Line, err, game.Picture(b))
	}
	if got := game.Picture(g.Board()); got != game.Picture(b) {
		t.Fatalf("%s: set up as\n%s\nwant\n%s", tc.Name, got, game.Picture(b))
	}
	played := packThink(t, g, b)
	cells := make([]game.Colour, b.Cells())
	for i := range cells {
		cells[i] = b.At(i)
	}
	mdl, _ := eval.NewModel(b.Size(), b.Rule(), tp.cfg.Weights)
	want := lookahead.New(tp.cfg.Lookahead.AtDefault()).Choose(eval.FromCells(mdl, cells), b.ToMove(), nil)
	return played, want, compareSearch(g, want)
}

// packThink has the pack's AI choose a move for the side to move in g's
// position (b's): the AI's colour becomes the side to move's and its turn
// runs tick by tick until a stone lands. It returns the stone's cell.
func packThink(t *testing.T, g *packplay.Game, b *game.Board) int {
	t.Helper()
	m := g.Machine()
	for _, cmd := range []string{"scoreboard players set #mode gomoku.game 0",
		"scoreboard players operation #aicol gomoku.game = #turn gomoku.game",
		"scoreboard players set #think gomoku.game 1"} {
		if _, err := m.RunCommand(nil, cmd); err != nil {
			t.Fatal(err)
		}
	}
	for k := 0; k < 20_000; k++ {
		if _, err := m.Tick(); err != nil {
			t.Fatal(err)
		}
		if p, _ := g.Score("#la.phase", "gomoku.la"); p == 1 {
			continue
		}
		for i := 0; i < b.Cells(); i++ {
			if v, _ := g.Score(fmt.Sprintf("#%d", i), "gomoku.cell"); v != 0 && b.At(i) == game.Empty {
				return i
			}
		}
	}
	t.Fatalf("the pack's AI did not move within 20,000 ticks\n%s", game.Picture(b))
	return -1
}

// setUp plays b's stones on g's board as a two-player game: black's and
// white's in turn.
func setUp(g *packplay.Game, b *game.Board) error {
	if err := g.Start(packplay.ModePvP, game.Empty); err != nil {
		return err
	}
	var stones [2][]int
	for i := 0; i < b.Cells(); i++ {
		if c := b.At(i); c != game.Empty {
			stones[c-1] = append(stones[c-1], i)
		}
	}
	if n, m := len(stones[0]), len(stones[1]); n != m && n != m+1 {
		return fmt.Errorf("%d black and %d white stones: not a position of alternate moves", n, m)
	}
	// Any order of each colour's stones gives the position; under renju
	// some orders pass through a forbidden black move, so each turn takes
	// the first stone left that the rule allows and that ends nothing.
	mirror := game.MustBoard(b.Size(), b.Rule())
	total := len(stones[0]) + len(stones[1])
	for k := 0; k < total; k++ {
		left := stones[k%2]
		pick := -1
		for j, i := range left {
			try := mirror.Clone()
			if try.Play(i) == nil && !try.Over() {
				pick = j
				break
			}
		}
		if pick < 0 {
			return fmt.Errorf("no order of the stones reaches the position without a forbidden move or an end")
		}
		i := left[pick]
		stones[k%2] = append(left[:pick:pick], left[pick+1:]...)
		mirror.Play(i)
		ok, why, err := g.Click(i)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("click %s refused: %s", game.FormatMove(i, b.Size()), why)
		}
	}
	return nil
}

// TestLookaheadForgetsEarlierSearches: what an earlier choice left in the
// search's registers does not change the next one. Each position is
// searched after every scratch register was set to one value (a cell the
// defence tries, then 1) and to a random cell each, and must still be the
// twin's search. The positions: the tactics table's defences and a position
// where the search's move and the counter-four are both refuted by a
// block that makes a four (a list entry left by an earlier choice once
// hid the counter-four, and an earlier line's length added stale cells).
func TestLookaheadForgetsEarlierSearches(t *testing.T) {
	ts, err := lookahead.ReadTactics("../sim/lookahead/testdata/tactics.txt")
	if err != nil {
		t.Fatal(err)
	}
	type position struct {
		name string
		b    *game.Board
		cfg  *config.Config // nil: the pack default
	}
	refuted := game.MustBoard(9, game.Freestyle)
	for _, mv := range strings.Fields("e5 e6 d6 f4 d5 f8 d4 d7 g7 f6 f7 f5 g8 g4 c8 i5 h3 e9 f3 d9 e3 f9 d3 c1 c9 g3 h6 d2 c5 a8 f2 c7 i8 g1 a2 c6 i2 g6 g5 b6 b3 c3 i4 h8") {
		i, err := game.ParseMove(mv, 9)
		if err == nil {
			err = refuted.Play(i)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	// The defence's positions use the registers most (-long: all).
	positions := []position{{name: "blocks that make fours", b: refuted}}
	for _, tc := range ts {
		if longDifferential() || tc.Kind == lookahead.KindDefend {
			positions = append(positions, position{name: fmt.Sprintf("%s (line %d)", tc.Name, tc.Line), b: tc.Board})
		}
	}
	if testing.Short() {
		positions = positions[:min(len(positions), 3)]
	} else {
		// A win by the threat-space search (its frames and answers
		// lists), and with -long a defence by it (the check's line too;
		// some 10,000 stones).
		vct, err := lookahead.ReadTactics("../sim/lookahead/testdata/tactics-vct.txt")
		if err != nil {
			t.Fatal(err)
		}
		full, quick := vctTableConfig(t), vctTableConfig(t)
		vctQuickDefence(quick)
		var win, defence bool
		for _, tc := range vct {
			name := fmt.Sprintf("%s (line %d, VCT)", tc.Name, tc.Line)
			switch {
			case !win && tc.Kind == lookahead.KindVCT && tc.Board.Rule() == game.Renju:
				win = true
				positions = append(positions, position{name, tc.Board, full})
			case !defence && longDifferential() && tc.Kind == lookahead.KindDefendVCT && tc.Board.Rule() == game.Renju:
				defence = true
				positions = append(positions, position{name, tc.Board, quick})
			}
		}
	}
	type packKey struct {
		size               int
		rule               game.Rule
		vctDepth, vctNodes int
	}
	games := map[packKey]*packplay.Game{}
	regs := map[packKey][]string{}
	rng := rand.New(rand.NewPCG(7, 11))
	for _, p := range positions {
		b := p.b
		cfg := p.cfg
		if cfg == nil {
			cfg = atQuick(config.PackDefault())
		}
		key := packKey{b.Size(), b.Rule(), cfg.Lookahead.VCTDepth, cfg.Lookahead.VCTNodes}
		g := games[key]
		if g == nil {
			c := *cfg
			c.Game.Size, c.Game.Rule = b.Size(), b.Rule()
			res := lookaheadPack(t, &c)
			if g, err = packplay.Open(res.Pack, packplay.Options{}); err != nil {
				t.Fatal(err)
			}
			games[key], regs[key] = g, scratchRegisters(res.Pack, res.Plan.Look)
		}
		cells := make([]game.Colour, b.Cells())
		for i := range cells {
			cells[i] = b.At(i)
		}
		mdl, _ := eval.NewModel(b.Size(), b.Rule(), cfg.Weights)
		want := lookahead.New(cfg.Lookahead.AtDefault()).Choose(eval.FromCells(mdl, cells), b.ToMove(), nil)
		tried := want.Move
		if len(want.Defence) > 1 {
			tried = want.Defence[1]
		}
		for _, fill := range []string{"tried", "one", "random"} {
			if err := setUp(g, b); err != nil {
				t.Fatalf("%s: setting up: %v\n%s", p.name, err, game.Picture(b))
			}
			for _, h := range regs[key] {
				v := int32(rng.IntN(b.Cells()))
				switch fill {
				case "tried":
					v = int32(tried)
				case "one":
					v = 1
				}
				if err := g.Machine().SetScore(h, "gomoku.la", v); err != nil {
					t.Fatal(err)
				}
			}
			packThink(t, g, b)
			if err := compareSearch(g, want); err != nil {
				t.Errorf("%s, registers set to %s: %v\n%s", p.name, fill, err, game.Picture(b))
			}
		}
	}
}

// scratchRegisters lists the #la registers the pack's functions name,
// but the search's state (lp.State, which outlives a choice): the
// search's scratch, written before it is read.
func scratchRegisters(p *datapack.Pack, lp *gen.LookPlan) []string {
	re := regexp.MustCompile(`(#la[0-9]*\.[A-Za-z0-9_]+) gomoku\.la\b`)
	state := map[string]bool{}
	for _, r := range lp.State {
		state["#la."+r] = true
	}
	seen := map[string]bool{}
	for name, body := range p.Files {
		if !strings.HasSuffix(name, ".mcfunction") {
			continue
		}
		for _, m := range re.FindAllSubmatch(body, -1) {
			if h := string(m[1]); !state[h] {
				seen[h] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// TestLastFourCountsWhatTheStoneWould: a four counted without its stone
// (la/four_<colour>/<cell>) agrees with the twin's count with the stone
// on (five points within four of it on its lines, 1 or 2 and more) at
// every four cell of either colour, and leaves the stone to be placed
// (returns 0) exactly where the patterns about the cell cannot tell: a five point
// already on one of its lines, or a five the cell makes itself.
func TestLastFourCountsWhatTheStoneWould(t *testing.T) {
	cfg := atQuick(config.PackDefault())
	cfg.Game.Size = 15
	g, err := packplay.Open(lookaheadPack(t, cfg).Pack, packplay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	at := func(x, y int) int { return y*15 + x }
	positions := []struct {
		name         string
		black, white []int
		wantPlaced   bool // some four cell must leave its stone to be placed
	}{
		// Black's open four on row 7 (five points at (2,7) and (7,7)):
		// every cell within four of them on row 7 sees a five point.
		{"an open four on the board", []int{at(3, 7), at(4, 7), at(5, 7), at(6, 7)}, []int{at(0, 14), at(2, 14), at(4, 14), at(6, 14)}, true},
		// Open and closed threes, a split three and a white four-maker.
		{"threes", []int{at(3, 3), at(4, 3), at(5, 3), at(3, 10), at(4, 10), at(5, 10), at(10, 5), at(11, 6), at(13, 8)},
			[]int{at(2, 10), at(9, 9), at(9, 10), at(9, 11), at(0, 0), at(14, 0), at(0, 14), at(14, 14)}, false},
	}
	for _, pos := range positions {
		b := game.MustBoard(15, game.Freestyle)
		for k := 0; k < len(pos.black)+len(pos.white); k++ {
			mv := pos.black[k/2]
			if k%2 == 1 {
				mv = pos.white[k/2]
			}
			if err := b.Play(mv); err != nil {
				t.Fatalf("%s: %v", pos.name, err)
			}
		}
		if err := setUp(g, b); err != nil {
			t.Fatal(err)
		}
		cells := make([]game.Colour, b.Cells())
		for i := range cells {
			cells[i] = b.At(i)
		}
		mdl, _ := eval.NewModel(15, game.Freestyle, cfg.Weights)
		st := eval.FromCells(mdl, cells)
		m := g.Machine()
		counted, placed := 0, 0
		for _, col := range []game.Colour{game.Black, game.White} {
			name := map[game.Colour]string{game.Black: "b", game.White: "w"}[col]
			for i := range cells {
				if cells[i] != game.Empty || st.Fours(i, col) == 0 {
					continue
				}
				if _, err := m.RunCommand(nil, fmt.Sprintf("execute store result score #r gomoku.la run function gomoku:la/four_%s/%d", name, i)); err != nil {
					t.Fatal(err)
				}
				r, _ := g.Score("#r", "gomoku.la")
				k, _ := g.Score("#la.K", "gomoku.la")
				unreadable := false
				for _, l := range lookahead.FivePointSlots(15, i) {
					if st.At(l.Q) == game.Empty && st.Pattern(l.Q, l.D, col) == eval.Five {
						unreadable = true
					}
				}
				for d := range 4 {
					if st.Pattern(i, d, col) == eval.Five {
						unreadable = true
					}
				}
				st.Place(i, col)
				want := 0
				for _, l := range lookahead.FivePointSlots(15, i) {
					if st.At(l.Q) == game.Empty && st.Pattern(l.Q, l.D, col) == eval.Five {
						want++
					}
				}
				st.Remove(i)
				where := fmt.Sprintf("%s: %v's four on %s", pos.name, col, game.FormatMove(i, 15))
				switch {
				case unreadable && r != 0:
					t.Errorf("%s: counted (#la.K %d) beside a five point, where the stone must be placed", where, k)
				case !unreadable && r == 0:
					t.Errorf("%s: left to be placed, but the patterns about it tell its %d five points", where, want)
				case r != 0 && (min(k, 2) != int32(min(want, 2)) || r != int32(min(want, 2))):
					t.Errorf("%s: counted %d five points (returned %d), the stone on makes %d", where, k, r, want)
				}
				if r != 0 {
					counted++
				} else {
					placed++
				}
			}
		}
		t.Logf("%s: %d fours counted, %d left to be placed", pos.name, counted, placed)
		if counted == 0 || pos.wantPlaced && placed == 0 {
			t.Errorf("%s: %d counted and %d placed: the position does not test what it is for", pos.name, counted, placed)
		}
	}
}

// TestDeadFourTellsWhatTheTwinDoes: a four the pack would count with its
// block instead of placing them (la/dead_<colour>/<cell>, asked after
// la/four_<colour> counted one five point) is one the twin's deadFour
// would, at every four cell of either colour in positions of real games,
// freestyle and standard (exactly five, whose windows are wider); and
// both answers come up.
func TestDeadFourTellsWhatTheTwinDoes(t *testing.T) {
	for _, rule := range []game.Rule{game.Freestyle, game.Standard} {
		cfg := atQuick(config.PackDefault())
		cfg.Game.Size, cfg.Game.Rule = 15, rule
		g, err := packplay.Open(lookaheadPack(t, cfg).Pack, packplay.Options{})
		if err != nil {
			t.Fatal(err)
		}
		mdl, err := eval.NewModel(15, rule, cfg.Weights)
		if err != nil {
			t.Fatal(err)
		}
		la, _ := cfg.Lookahead.Named("quick")
		s := lookahead.New(la)
		rng := rand.New(rand.NewPCG(3, uint64(rule)))
		tally := map[bool]int{}
		for gi := range 3 {
			b := game.MustBoard(15, rule)
			st := eval.NewState(mdl)
			for b.Moves() < 2+gi {
				if i := b.Index(5+rng.IntN(5), 5+rng.IntN(5)); b.Legal(i) == nil {
					st.Place(i, b.ToMove())
					b.Play(i)
				}
			}
			for !b.Over() && b.Moves() < 60 {
				if b.Moves()%4 == 0 {
					if err := setUp(g, b); err != nil {
						t.Fatal(err)
					}
					m := g.Machine()
					for _, col := range []game.Colour{game.Black, game.White} {
						name := map[game.Colour]string{game.Black: "b", game.White: "w"}[col]
						for i := range b.Cells() {
							if b.At(i) != game.Empty || st.Fours(i, col) == 0 {
								continue
							}
							if _, err := m.RunCommand(nil, fmt.Sprintf("execute store result score #r gomoku.la run function gomoku:la/four_%s/%d", name, i)); err != nil {
								t.Fatal(err)
							}
							if r, _ := g.Score("#r", "gomoku.la"); r != 1 {
								continue // two five points, or the stone must be placed
							}
							if _, err := m.RunCommand(nil, fmt.Sprintf("execute store result score #r gomoku.la run function gomoku:la/dead_%s/%d", name, i)); err != nil {
								t.Fatal(err)
							}
							r, _ := g.Score("#r", "gomoku.la")
							want := lookahead.DeadFour(st, i, col)
							if (r == 1) != want {
								t.Fatalf("%v, move %d: %v's four on %s: the pack says it leads nowhere: %v, the twin: %v\n%s", rule, b.Moves(), col, game.FormatMove(i, 15), r == 1, want, game.Picture(b))
							}
							tally[want]++
						}
					}
				}
				mv := s.Choose(st, b.ToMove(), nil).Move
				st.Place(mv, b.ToMove())
				b.Play(mv)
			}
		}
		t.Logf("%v: %d fours lead nowhere, %d may lead on", rule, tally[true], tally[false])
		if tally[true] == 0 || tally[false] == 0 {
			t.Errorf("%v: %d fours lead nowhere and %d may lead on: the positions do not test both", rule, tally[true], tally[false])
		}
	}
}
