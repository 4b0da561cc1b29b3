package gen

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/mcvm"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

func smallConfig(size int, rule game.Rule) *config.Config {
	c := config.Default()
	c.Game.Size = size
	c.Game.Rule = rule
	return c
}

// vmGame drives a generated pack in the interpreter: a player on the
// board clicking cells, the loop ticking.
type vmGame struct {
	t     *testing.T
	m     *mcvm.Machine
	p     *mcvm.Player
	size  int
	half  int
	cells map[int]mcvm.UUID
	// at is each cell's surface block, as findCells found it.
	at map[int][3]int32
	// greedy is set for greedy packs, whose scores checkTotals compares
	// with model's.
	greedy bool
	model  *eval.Model
	// In a world of several boards: the board's slot and the centre its
	// player built it at (0.5 64 0.5 for the first player).
	slot   int
	cx, cz float64
}

// join adds a player standing at x 64 z (a block centre) to g's world,
// with a vmGame of their own; the board they build gets slot slot.
func (g *vmGame) join(name string, slot int, x, z float64) *vmGame {
	g.t.Helper()
	o := *g
	o.cells, o.at, o.slot, o.cx, o.cz = map[int]mcvm.UUID{}, nil, slot, x-0.5, z-0.5
	var err error
	if o.p, err = g.m.AddPlayer(name, mcvm.UUID{2, byte(slot)}, mcvm.Vec3{X: x, Y: 64, Z: z}, 2); err != nil {
		g.t.Fatal(err)
	}
	return &o
}

func newVMGame(t *testing.T, res *Result) *vmGame {
	t.Helper()
	return newVMGameOn(t, res, nil)
}

// newVMGameOn is newVMGame with ground: before the board is built, build
// (if set) shapes the world around the player, who stands at 0.5 64 0.5.
func newVMGameOn(t *testing.T, res *Result, build func(m *mcvm.Machine)) *vmGame {
	t.Helper()
	g := newVMPlayer(t, res)
	if build != nil {
		build(g.m)
	}
	g.call("gomoku:new")
	g.tick() // the game starts on the tick after the board is built
	g.findCells()
	return g
}

// newVMPlayer loads the pack (its first tick run) with a player standing
// at 0.5 64 0.5 and no board yet.
func newVMPlayer(t *testing.T, res *Result) *vmGame {
	t.Helper()
	m, err := mcvm.Load(res.Pack, mcvm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := &vmGame{t: t, m: m, size: res.Plan.Size, half: res.Plan.Half, cells: map[int]mcvm.UUID{},
		greedy: res.Plan.Greedy != nil, model: res.Plan.model}
	g.tick()
	if g.p, err = m.AddPlayer("Alex", mcvm.UUID{1}, mcvm.Vec3{X: 0.5, Y: 64, Z: 0.5}, 2); err != nil {
		t.Fatal(err)
	}
	// Facing north: the board lies as drawn, cell 0 at the north-west.
	m.MovePlayer(g.p, g.p.Entity().Pos, 180, 0)
	return g
}

// findCells maps each cell of the board to its interaction entity.
func (g *vmGame) findCells() {
	t, m := g.t, g.m
	t.Helper()
	g.cells = map[int]mcvm.UUID{}
	for _, e := range m.EntitiesWithTag("gomoku.cell") {
		if !e.HasTag(fmt.Sprintf("gomoku.b%d", g.slot)) {
			continue
		}
		idx, ok := m.Score(e.UUID.String(), "gomoku.idx")
		if !ok {
			t.Fatalf("cell entity %s has no index", e.UUID)
		}
		g.cells[int(idx)] = e.UUID
		if g.at == nil {
			g.at = map[int][3]int32{}
		}
		g.at[int(idx)] = [3]int32{int32(math.Floor(e.Pos.X)), int32(math.Floor(e.Pos.Y)) - 1, int32(math.Floor(e.Pos.Z))}
	}
	if len(g.cells) != g.size*g.size {
		t.Fatalf("%d cell entities, want %d", len(g.cells), g.size*g.size)
	}
}

func (g *vmGame) check(rep *mcvm.Report, err error, what string) {
	g.t.Helper()
	if err != nil {
		g.t.Fatalf("%s: %v", what, err)
	}
	if rep.LimitHit() {
		g.t.Fatalf("%s: limit hit: %v", what, rep.Warnings)
	}
}

func (g *vmGame) tick() {
	g.t.Helper()
	rep, err := g.m.Tick()
	g.check(rep, err, "tick")
}

func (g *vmGame) call(id string) *mcvm.Report {
	g.t.Helper()
	rep, err := g.m.CallAs(g.p, id)
	g.check(rep, err, id)
	return rep
}

// click makes the player stand over cell i and right-click it.
func (g *vmGame) click(i int) *mcvm.Report {
	g.t.Helper()
	e := g.m.Entity(g.cells[i])
	if e == nil {
		g.t.Fatalf("click %d: no cell entity", i)
	}
	g.m.MovePlayer(g.p, mcvm.Vec3{X: e.Pos.X, Y: e.Pos.Y, Z: e.Pos.Z}, 0, 90)
	rep, err := g.m.ClickEntity(g.p, g.cells[i], true)
	g.check(rep, err, fmt.Sprintf("click %d", i))
	return rep
}

func (g *vmGame) score(holder, obj string) int32 {
	v, _ := g.m.Score(holder, obj)
	return v
}

// moves returns the pack's move history of g's board, in play or
// waiting in its copy (storage gomoku:state b<slot>).
func (g *vmGame) moves() []int {
	st := g.m.Storage("gomoku:state")
	if st == nil {
		return nil
	}
	if a, ok := g.m.Score("#active", "gomoku.boards"); ok && int(a) != g.slot {
		st, _ = st.Get(fmt.Sprintf("b%d", g.slot)).(*mcvm.Compound)
		if st == nil {
			return nil
		}
	}
	l, _ := st.Get("moves").(*mcvm.List)
	if l == nil {
		return nil
	}
	var out []int
	for _, v := range l.V {
		out = append(out, int(v.(mcvm.Int)))
	}
	return out
}

// TestVMGreedyMatchesNative plays games against the pack's AI in the
// interpreter and checks every AI move against the native greedy player.
func TestVMGreedyMatchesNative(t *testing.T) {
	for _, tc := range []struct {
		size  int
		rule  game.Rule
		games int
	}{
		{9, game.Freestyle, 4},
		{9, game.Standard, 2},
		{9, game.Renju, 4},
	} {
		t.Run(fmt.Sprintf("%d-%s", tc.size, tc.rule), func(t *testing.T) {
			cfg := smallConfig(tc.size, tc.rule)
			in, err := FromConfig(cfg, "")
			if err != nil {
				t.Fatal(err)
			}
			res, err := Generate(in, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for gi := 0; gi < tc.games; gi++ {
				playAgainstNative(t, res, cfg, uint64(gi))
			}
		})
	}
}

// checkTotals compares every cell and empty cell's totals in the pack
// with the native evaluation of the same stones, computed from scratch.
func (g *vmGame) checkTotals(m *eval.Model, b *game.Board) {
	g.t.Helper()
	cells := make([]game.Colour, b.Cells())
	for i := range cells {
		cells[i] = b.At(i)
	}
	if err := packplay.CompareGreedyScores(g.m, eval.FromCells(m, cells)); err != nil {
		g.t.Fatalf("after %v: %v", b.History(), err)
	}
}

func playAgainstNative(t *testing.T, res *Result, cfg *config.Config, seed uint64) {
	g := newVMGame(t, res)
	rng := rand.New(rand.NewPCG(seed, 7))
	b := game.MustBoard(cfg.Game.Size, cfg.Game.Rule)
	ai := player.NewGreedy(cfg.Weights, player.Options{})
	human := player.NewGreedy(cfg.Weights, player.Options{})
	humanColour := game.Black
	if seed%2 == 1 {
		// The player takes white: the AI opens, and plays black's
		// forbidden-move rules under renju.
		humanColour = game.White
		g.call("gomoku:mode/white")
	}
	for !b.Over() {
		if b.ToMove() != humanColour {
			aiMove(t, g, b, ai, seed)
			continue
		}
		// The human (black): mostly greedy's own choice, sometimes random.
		mv, err := human.Move(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if rng.IntN(3) == 0 {
			for {
				c := rng.IntN(b.Cells())
				if b.Legal(c) == nil {
					mv = c
					break
				}
			}
		}
		g.click(mv)
		if err := b.Play(mv); err != nil {
			t.Fatal(err)
		}
		if got := g.moves(); len(got) != b.Moves() {
			t.Fatalf("seed %d: after the player's %s the pack has %d moves, want %d", seed, game.FormatMove(mv, b.Size()), len(got), b.Moves())
		}
		if g.greedy {
			g.checkTotals(g.model, b)
		}
	}
	state := g.score("#state", "gomoku.game")
	winner := g.score("#winner", "gomoku.game")
	if state != 2 || winner != int32(b.Winner()) {
		t.Fatalf("seed %d: game over: pack state %d winner %d, native winner %v after %v", seed, state, winner, b.Winner(), b.History())
	}
}

// console runs a command as the server console.
// aiMove lets the pack's AI move (a few ticks) and checks the move against
// the native player's.
func aiMove(t *testing.T, g *vmGame, b *game.Board, ai player.Player, seed uint64) {
	t.Helper()
	for k := 0; k < 20 && len(g.moves()) == b.Moves(); k++ {
		g.tick()
	}
	got := g.moves()
	if len(got) != b.Moves()+1 {
		t.Fatalf("seed %d: the AI did not move after %v", seed, b.History())
	}
	want, err := ai.Move(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if got[len(got)-1] != want {
		t.Fatalf("seed %d: after %v the pack's AI played %s, native %s", seed, b.History(),
			game.FormatMove(got[len(got)-1], b.Size()), game.FormatMove(want, b.Size()))
	}
	if err := b.Play(want); err != nil {
		t.Fatal(err)
	}
	if g.greedy {
		g.checkTotals(g.model, b)
	}
}

func (g *vmGame) console(format string, args ...any) {
	g.t.Helper()
	cmd := fmt.Sprintf(format, args...)
	rep, err := g.m.RunCommand(nil, cmd)
	g.check(rep, err, cmd)
}

// smallPack generates the pack of smallConfig(size, rule) for profile.
func smallPack(t testing.TB, size int, rule game.Rule, profile string) *Result {
	t.Helper()
	return packOf(t, smallConfig(size, rule), profile)
}

// packOf generates cfg's pack for profile.
func packOf(t testing.TB, cfg *config.Config, profile string) *Result {
	t.Helper()
	in, err := FromConfig(cfg, profile)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Generate(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// sharedPack is cfg's pack for profile, built once for all the tests of
// the binary that ask for it (a pack takes up to seconds to build, and
// several tests read the same one): callers must not change it.
func sharedPack(t testing.TB, cfg *config.Config, profile string) *Result {
	t.Helper()
	c := *cfg // a Config holds values only: the key and the copy are deep
	return sharedBuild(t, fmt.Sprintf("%#v %q", c, profile), func() (*Input, error) { return FromConfig(&c, profile) })
}

// sharedExample is sharedPack for an example config file.
func sharedExample(t testing.TB, file, profile string) *Result {
	t.Helper()
	return sharedBuild(t, fmt.Sprintf("file %q %q", file, profile), func() (*Input, error) { return Load(file, profile) })
}

func sharedBuild(t testing.TB, key string, input func() (*Input, error)) *Result {
	t.Helper()
	sharedPacks.Lock()
	build, ok := sharedPacks.m[key]
	if !ok {
		build = sync.OnceValues(func() (*Result, error) {
			in, err := input()
			if err != nil {
				return nil, err
			}
			return Generate(in, Options{})
		})
		sharedPacks.m[key] = build
	}
	sharedPacks.Unlock()
	res, err := build()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

var sharedPacks = struct {
	sync.Mutex
	m map[string]func() (*Result, error)
}{m: map[string]func() (*Result, error){}}
