package gen_test

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/gen"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/lookahead"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
)

// atQuick makes cfg's first level (the quickest, "quick" in the shipped
// configs) the one a new board starts at, without the bound on a move's
// stones (lookahead.move_nodes) the shipped quick adds, and returns cfg:
// the search's proofs run at the cheapest level, with every stage
// searched to its own budget (a move cut short at 250 stones would leave
// later stages, and the bugs planted in them, unreached);
// TestLookaheadLevelsAreTheirTwins runs every level as shipped and
// TestLookaheadMoveNodes proves the bound.
func atQuick(cfg *config.Config) *config.Config {
	cfg.Lookahead.DefaultLevel = 0
	j := slices.IndexFunc(config.LevelKeys, func(k config.LevelKey) bool { return k.Name == "move_nodes" })
	cfg.Lookahead.Levels[0].Set[j] = false // the section's: no bound in the shipped configs
	return cfg
}

// plantBudget adds d to level lv's (1-based) register value of key in
// the plan: the pack searches with another budget than its twin.
func plantBudget(lp *gen.LookPlan, lv int, key string, d int) {
	for j, s := range lp.Levels[lv-1].Sets {
		if strings.HasSuffix(s.Reg, ".lv_"+key+" gomoku.la") {
			lp.Levels[lv-1].Sets[j].Value += d
			return
		}
	}
	panic("no level budget " + key)
}

// plantedPack builds cfg's lookahead pack with plantBudget(lv, key, d)
// applied to its plan.
func plantedPack(t *testing.T, cfg *config.Config, lv int, key string, d int) *datapack.Pack {
	t.Helper()
	in, err := gen.FromConfig(cfg, "lookahead")
	if err != nil {
		t.Fatal(err)
	}
	p, err := gen.BuildPlan(in)
	if err != nil {
		t.Fatal(err)
	}
	plantBudget(p.Look, lv, key, d)
	pack, err := gen.Render(p)
	if err != nil {
		t.Fatal(err)
	}
	return pack
}

// TestLookaheadLevelsAreTheirTwins: the shipped levels, each picked by
// its function gomoku:level/<name> in the middle of a game, search as
// the native twin at that level does (compareSearch: the move, its
// value, the stones placed, every root move, the defence), and a new
// board starts at the config's lookahead.level.
func TestLookaheadLevelsAreTheirTwins(t *testing.T) {
	cfg := config.PackDefault()
	cfg.Game.Size = 9
	if cfg.Lookahead.NumLevels() < 3 {
		t.Fatalf("the shipped config has %d levels, want 3 or more", cfg.Lookahead.NumLevels())
	}
	res := lookaheadPack(t, cfg)
	moves := 4
	if testing.Short() {
		moves = 2
	}
	st, err := proveLevels(res.Pack, cfg, 1, moves)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(st)
}

// TestLookaheadLevelsCatchAWrongBudget is the proof's own check: a pack
// whose levels set each other's budgets (la/lv/1 and la/lv/3 swapped:
// quick searches with strong's budgets and the other way round), or
// whose default level searches one ply shallower than its twin, fails it.
func TestLookaheadLevelsCatchAWrongBudget(t *testing.T) {
	cfg := config.PackDefault()
	cfg.Game.Size = 9
	shared := lookaheadPack(t, cfg)
	t.Run("levels swapped", func(t *testing.T) {
		pack := &datapack.Pack{Files: maps.Clone(shared.Pack.Files)}
		file := func(i int) string {
			return datapack.FunctionFile(datapack.ID{Namespace: gen.NS, Path: fmt.Sprintf("la/lv/%d", i)})
		}
		pack.Files[file(1)], pack.Files[file(3)] = shared.Pack.Files[file(3)], shared.Pack.Files[file(1)]
		if _, err := proveLevels(pack, cfg, 1, 2); err == nil || !strings.Contains(err.Error(), "the pack's search chose") {
			t.Fatalf("with quick's and strong's budgets swapped: %v, want the searches to differ", err)
		} else {
			t.Log(err)
		}
	})
	t.Run("depth-1", func(t *testing.T) {
		pack := plantedPack(t, cfg, 3, "depth", -1)
		if _, err := proveLevels(pack, cfg, 1, 2); err == nil || !strings.Contains(err.Error(), "the pack's search chose") {
			t.Fatalf("with strong a ply shallower: %v, want the searches to differ", err)
		} else {
			t.Log(err)
		}
	})
}

// proveLevels plays games on pack (built from cfg) against random
// player stones near the centre, the board's level picked by
// gomoku:level/<name> before each AI move, in turn, until every level
// has made moves AI moves; each must be the twin's at the board's level.
func proveLevels(pack *datapack.Pack, cfg *config.Config, seed uint64, moves int) (string, error) {
	return proveLevelsSeen(pack, cfg, seed, moves, nil)
}

// proveLevelsSeen is proveLevels that also shows seen (if not nil) each
// move's level (0-based) and the twin's choice the pack matched.
func proveLevelsSeen(pack *datapack.Pack, cfg *config.Config, seed uint64, moves int, seen func(level int, r lookahead.Result)) (string, error) {
	la := cfg.Lookahead
	g, err := packplay.Open(pack, packplay.Options{Seed: seed, MaxTicks: 1 << 20})
	if err != nil {
		return "", err
	}
	m, err := eval.NewModel(cfg.Game.Size, cfg.Game.Rule, cfg.Weights)
	if err != nil {
		return "", err
	}
	if err := g.Start(packplay.ModeAI, game.White); err != nil {
		return "", err
	}
	if lv, _ := g.BoardScore("#level", "gomoku.game"); int(lv) != la.DefaultLevel+1 {
		return "", fmt.Errorf("a new board's level is %d, want %d (%s)", lv, la.DefaultLevel+1, la.LevelName(la.DefaultLevel))
	}
	rng := rand.New(rand.NewPCG(seed, 23))
	made := make([]int, la.NumLevels())
	var ticks []string
	for k := 0; ; k++ {
		b := g.Board()
		if b.Over() {
			if err := g.Restart(); err != nil {
				return "", err
			}
			continue
		}
		if b.ToMove() != game.White {
			for {
				x, y := 2+rng.IntN(cfg.Game.Size-4), 2+rng.IntN(cfg.Game.Size-4)
				if i := y*cfg.Game.Size + x; b.Legal(i) == nil {
					if err := g.Place(i); err != nil {
						return "", err
					}
					break
				}
			}
			continue
		}
		i := k % la.NumLevels()
		if made[i] >= moves {
			done := true
			for _, n := range made {
				done = done && n >= moves
			}
			if done {
				break
			}
			continue
		}
		name := la.LevelName(i)
		if err := g.Run("gomoku:level/" + name); err != nil {
			return "", err
		}
		if lv, _ := g.BoardScore("#level", "gomoku.game"); int(lv) != i+1 {
			return "", fmt.Errorf("after gomoku:level/%s the board's level is %d, want %d", name, lv, i+1)
		}
		cells := make([]game.Colour, b.Cells())
		for c := range cells {
			cells[c] = b.At(c)
		}
		want := lookahead.New(la.At(i)).Choose(eval.FromCells(m, cells), game.White, nil)
		cell, cost, err := g.AIMove()
		if err != nil {
			return "", err
		}
		if err := compareSearch(g, want); err != nil {
			return "", fmt.Errorf("level %s: %v\nmoves: %s\n%s", name, err, game.FormatMoves(b.History(), b.Size()), game.Picture(b))
		}
		if cell != want.Move {
			return "", fmt.Errorf("level %s: the pack played %s, its search chose %s", name, game.FormatMove(cell, b.Size()), game.FormatMove(want.Move, b.Size()))
		}
		if seen != nil {
			seen(i, want)
		}
		made[i]++
		ticks = append(ticks, fmt.Sprintf("%s %d stones %d ticks", name, want.Nodes, cost.Ticks))
	}
	return strings.Join(ticks, "; "), nil
}

// TestLookaheadLevelWithVCT: a config whose threat-space search is on at
// one level only (withVCT's budgets at "threats", off at "plain"): the
// pack has the VCT's stages, the plain level skips them at run time and
// each level searches as its twin does. Planted: la/vct/begin without
// its check of the level (the plain level searches threats too) fails.
func TestLookaheadLevelWithVCT(t *testing.T) {
	cfg := twoLevels(config.NewLevel("plain", nil),
		config.NewLevel("threats", map[string]int{"vct_depth": 4, "vct_nodes": 400, "defend_vct_nodes": 150}))
	cfg.Lookahead.VCTWidth = 6
	res := lookaheadPack(t, cfg)
	if !res.Plan.Look.RootVCT || !res.Plan.Look.DefendVCT {
		t.Fatalf("a pack with the VCT at one level has root VCT %v, defence VCT %v: want both", res.Plan.Look.RootVCT, res.Plan.Look.DefendVCT)
	}
	st, err := proveLevels(res.Pack, cfg, 2, 10)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(st)

	pack := &datapack.Pack{Files: maps.Clone(res.Pack.Files)}
	begin := datapack.FunctionFile(datapack.ID{Namespace: gen.NS, Path: "la/vct/begin"})
	var kept []string
	for _, l := range strings.Split(string(pack.Files[begin]), "\n") {
		if !strings.Contains(l, " matches 0 run return ") {
			kept = append(kept, l)
		}
	}
	if len(kept) == len(strings.Split(string(pack.Files[begin]), "\n")) {
		t.Fatalf("%s has no check of the level to plant a bug in", begin)
	}
	pack.Files[begin] = []byte(strings.Join(kept, "\n"))
	if _, err := proveLevels(pack, cfg, 2, 10); err == nil || !strings.Contains(err.Error(), "the pack's search chose") {
		t.Fatalf("with la/vct/begin running at every level: %v, want the plain level's searches to differ", err)
	}
}

// TestLookaheadLevelWidths: levels that search at different widths (the
// inner nodes' and the root's) share the pack's lists, sized for the
// widest, and each level keeps the first entries of the same sorted
// list, as its twin's narrower scan does. Planted: the narrow level's
// width or root width wider than its twin's (its register set to another
// width the pack has lists for) must make the searches differ.
func TestLookaheadLevelWidths(t *testing.T) {
	cfg := twoLevels(config.NewLevel("narrow", map[string]int{"width": 2, "root_width": 3, "depth": 3}),
		config.NewLevel("wide", map[string]int{"width": 5, "root_width": 9, "depth": 3}))
	res := lookaheadPack(t, cfg)
	for _, s := range res.Plan.Look.Scans {
		if s.Name == "inner" && s.W != 5 || s.Name == "root" && s.W != 9 {
			t.Errorf("scan %s_%s has room for %d cells, want the widest level's", s.Name, s.Col, s.W)
		}
	}
	st, err := proveLevels(res.Pack, cfg, 3, 6)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(st)
	for key, d := range map[string]int{"width": 1, "root_width": 2} {
		t.Run(fmt.Sprintf("%s+%d", key, d), func(t *testing.T) {
			pack := plantedPack(t, cfg, 1, key, d)
			if _, err := proveLevels(pack, cfg, 3, 6); err == nil {
				t.Fatalf("with the narrow level's %s %d wider than its twin's the proof passed, want the searches to differ", key, d)
			} else {
				t.Log(err)
			}
		})
	}
}

// TestLookaheadMoveNodes: a level whose move's stones are bounded
// (lookahead.move_nodes below what its stages would spend: the root's
// fours and threats, the search and the defence's checks) searches as
// its twin does, stopping each stage where the twin's does, and never
// places more stones than the bound. Planted: the pack's bound a few
// stones looser than the twin's must make the searches differ.
func TestLookaheadMoveNodes(t *testing.T) {
	const bound = 90
	cfg := twoLevels(
		config.NewLevel("bounded", map[string]int{"depth": 5, "width": 5, "nodes": 8000, "vct_depth": 4, "vct_nodes": 400, "defend_vct_nodes": 150, "move_nodes": bound}),
		config.NewLevel("free", map[string]int{"depth": 5, "width": 5, "nodes": 8000, "vct_depth": 4, "vct_nodes": 400, "defend_vct_nodes": 150}))
	cfg.Lookahead.VCTWidth = 6
	res := lookaheadPack(t, cfg)
	st, err := proveLevels(res.Pack, cfg, 4, 6)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(st)
	var bounded, free int
	for _, m := range strings.Split(st, "; ") {
		var name string
		var stones, ticks int
		if _, err := fmt.Sscanf(m, "%s %d stones %d ticks", &name, &stones, &ticks); err != nil {
			t.Fatalf("%q: %v", m, err)
		}
		switch {
		case name == "bounded" && stones > bound:
			t.Errorf("a bounded move placed %d stones, above its %d", stones, bound)
		case name == "bounded" && stones == bound:
			bounded++
		case name == "free" && stones > bound:
			free++
		}
	}
	if bounded == 0 || free == 0 {
		t.Fatalf("%d bounded moves reached the bound, %d free ones went past it: the test needs both", bounded, free)
	}
	pack := plantedPack(t, cfg, 1, "move_nodes", 7)
	if _, err := proveLevels(pack, cfg, 4, 6); err == nil || !strings.Contains(err.Error(), "the pack's search chose") {
		t.Fatalf("with the pack's bound 7 stones looser: %v, want the searches to differ", err)
	} else {
		t.Log(err)
	}
}

// TestLookaheadLevelDeepens: a level whose stage 3 deepens (lookahead
// .deepen 1 at "deepening", off at "plain", the same depth 4 and a
// bound on a move's stones that cuts iterations): the pack has la/ab
// /deepen, the plain level skips it at run time, and each level searches
// as its twin does, every iteration's root moves compared (compareSearch:
// cell, value, stones and the iteration's depth). The games must hold
// moves whose last iteration the bound cut after its first move (the
// iteration's best of what it finished is played) and before it (the
// last iteration's is), and moves that searched to the level's depth.
// Planted, each must make the searches differ: the best move not carried
// to the front, the iteration's best or alpha kept from the last one.
func TestLookaheadLevelDeepens(t *testing.T) {
	const depth = 4
	cfg := twoLevels(config.NewLevel("plain", map[string]int{"depth": depth, "width": 3, "move_nodes": 200}),
		config.NewLevel("deepening", map[string]int{"depth": depth, "width": 3, "move_nodes": 200, "deepen": 1}))
	res := lookaheadPack(t, cfg)
	if !res.Plan.Look.Deepen {
		t.Fatal("a pack with a level that deepens has no deepening")
	}
	const seed, moves = 5, 30
	var after, before, whole, plain int
	st, err := proveLevelsSeen(res.Pack, cfg, seed, moves, func(level int, r lookahead.Result) {
		if len(r.Root) == 0 {
			return
		}
		last := r.Root[len(r.Root)-1].Depth
		n := map[int]int{}
		for _, m := range r.Root {
			n[m.Depth]++
		}
		switch {
		case level == 0:
			if last != depth {
				t.Errorf("the plain level's root move %v was searched to another depth than %d", r.Root[len(r.Root)-1], depth)
			}
			plain++
		case last < depth:
			before++
		case n[last] < n[1]:
			after++
		default:
			whole++
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(st)
	t.Logf("deepening moves: %d cut after an iteration's first move, %d before it, %d to depth %d; %d plain", after, before, whole, depth, plain)
	if after == 0 || before == 0 || whole == 0 || plain == 0 {
		t.Fatal("the test needs every kind of move")
	}
	for _, plant := range []struct {
		name, line string
	}{{"the best not carried first", "><"}, {"the last iteration's best kept", "#la.best gomoku.la -2147483648"},
		{"the last iteration's alpha kept", "#la.a gomoku.la -2147483647"}} {
		t.Run(plant.name, func(t *testing.T) {
			pack := &datapack.Pack{Files: maps.Clone(res.Pack.Files)}
			file := datapack.FunctionFile(datapack.ID{Namespace: gen.NS, Path: "la/ab/deepen"})
			var kept []string
			for _, l := range strings.Split(string(pack.Files[file]), "\n") {
				if !strings.Contains(l, plant.line) {
					kept = append(kept, l)
				}
			}
			if len(kept) == len(strings.Split(string(pack.Files[file]), "\n")) {
				t.Fatalf("no line %q in la/ab/deepen to plant a bug in", plant.line)
			}
			pack.Files[file] = []byte(strings.Join(kept, "\n"))
			if _, err := proveLevels(pack, cfg, seed, moves); err == nil || !strings.Contains(err.Error(), "the pack's search chose") {
				t.Fatalf("with %s: %v, want the deepening level's searches to differ", plant.name, err)
			} else {
				t.Log(err)
			}
		})
	}
}

// twoLevels is the default pack's config on 9×9 with the lookahead's
// levels a (a new board's) and b: the small packs the levels' proofs
// build.
func twoLevels(a, b config.Level) *config.Config {
	cfg := config.PackDefault()
	cfg.Game.Size = 9
	la := &cfg.Lookahead
	la.NLevels, la.DefaultLevel = 2, 0
	la.Levels = [config.MaxLevels]config.Level{a, b}
	return cfg
}

// TestLookaheadLevelWidens: a level that widens its losing nodes
// (lookahead.widen 8 at "widening", off at "plain"): the pack has the
// widening (la/ab/widen, the scan "wide"), the plain level skips it at
// run time, and each level searches as its twin does (compareSearch: the
// stones placed, every root move's value). Planted, each must make the
// searches differ: la/ab/end without the widening (it never runs),
// la/ab/widen's cap at the last candidate's score (that cell searched
// again), and the scan without the mover's own fours (only the cells
// where the opponent makes one).
func TestLookaheadLevelWidens(t *testing.T) {
	cfg := twoLevels(config.NewLevel("plain", map[string]int{"depth": 3, "width": 3}),
		config.NewLevel("widening", map[string]int{"depth": 3, "width": 3, "widen": 8}))
	res := lookaheadPack(t, cfg)
	if !res.Plan.Look.Widen {
		t.Fatal("a pack with a level that widens has no widening")
	}
	st, err := proveLevels(res.Pack, cfg, 1, 40)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(st)
	for _, plant := range []struct {
		name, path, line string
	}{{"no widening", "la/ab/end", "run return run function gomoku:la/ab/widen"},
		{"the last candidate again", "la/ab/widen", "scoreboard players remove #la.cap gomoku.la 1"},
		{"no own fours", "la/scan/wide_", "unless score"}} {
		t.Run(plant.name, func(t *testing.T) {
			pack := &datapack.Pack{Files: maps.Clone(res.Pack.Files)}
			cut := 0
			for file, body := range pack.Files {
				if !strings.Contains(file, "/function/"+plant.path) {
					continue
				}
				var kept []string
				for _, l := range strings.Split(string(body), "\n") {
					if strings.Contains(l, plant.line) {
						cut++
						continue
					}
					kept = append(kept, l)
				}
				pack.Files[file] = []byte(strings.Join(kept, "\n"))
			}
			if cut == 0 {
				t.Fatalf("no line %q in %s to plant a bug in", plant.line, plant.path)
			}
			if _, err := proveLevels(pack, cfg, 1, 40); err == nil || !strings.Contains(err.Error(), "the pack's search chose") {
				t.Fatalf("with %s (%d lines cut): %v, want the widening level's searches to differ", plant.name, cut, err)
			} else {
				t.Log(err)
			}
		})
	}
}

// TestLookaheadLevelExtendsFours: a level that extends fours
// (lookahead.extend_fours 1 at "extending", off at "plain"): the pack has
// the extension (la/ab/extend, the frame register e), the plain level
// skips it at run time, and each level searches as its twin does
// (compareSearch: the stones placed, every root move's value). Planted,
// each must make the searches differ: the extended four costing its ply
// after all, the line's count of extended fours not kept (a second four
// extended too), and a frame that may still extend placing its stones by
// la/lmake, which leaves the totals its child's scans read as they were.
func TestLookaheadLevelExtendsFours(t *testing.T) {
	cfg := twoLevels(config.NewLevel("plain", map[string]int{"depth": 4, "width": 4}),
		config.NewLevel("extending", map[string]int{"depth": 4, "width": 4, "extend_fours": 1}))
	res := lookaheadPack(t, cfg)
	if !res.Plan.Look.Extend || !slices.Contains(res.Plan.Look.Regs, "e") {
		t.Fatal("a pack with a level that extends fours has no extension")
	}
	const seed, moves = 1, 60
	st, err := proveLevels(res.Pack, cfg, seed, moves)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(st)
	lazy := "unless score #la.e gomoku.la < #la.lv_extend_fours gomoku.la "
	for _, plant := range []struct {
		name, path, old string
	}{{"the four costs its ply", "la/ab/extend", "scoreboard players add #la.d gomoku.la 1"},
		{"no count of extended fours", "la/ab/extend", "scoreboard players add #la.e gomoku.la 1"},
		{"a four at the horizon placed by la/lmake", "la/ab/make", lazy},
		{"a four at the horizon taken off by la/lunmake", "la/ab/unmake", lazy}} {
		t.Run(plant.name, func(t *testing.T) {
			pack := &datapack.Pack{Files: maps.Clone(res.Pack.Files)}
			file := datapack.FunctionFile(datapack.ID{Namespace: gen.NS, Path: plant.path})
			body := string(pack.Files[file])
			if !strings.Contains(body, plant.old) {
				t.Fatalf("no %q in %s to plant a bug in", plant.old, plant.path)
			}
			pack.Files[file] = []byte(strings.ReplaceAll(body, plant.old, ""))
			if _, err := proveLevels(pack, cfg, seed, moves); err == nil {
				t.Fatalf("with %s: the extending level's searches still agree with their twins", plant.name)
			} else {
				t.Log(err)
			}
		})
	}
}
