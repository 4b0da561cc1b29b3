package gen_test

// The differential proof: for every example config, the generated pack
// played in the interpreter (sim/packplay, by clicks and ticks, every move
// read back from the world) holds the same per-cell scores as the native
// model it was compiled from and chooses the same move — greedy as
// sim/eval's model and sim/player's Greedy, seed000 as the native seed000
// port with its random pick replayed — on random reachable positions up to
// two thirds of the board and throughout complete games.
//
// Comparing the scores, not only the moves, is what makes it a proof of
// the compiled arithmetic: a wrong weight changes the best cell only now
// and then, but every total of a cell it touches
// (TestDifferentialCatchesPlantedBug). The seed changes every run, so runs
// add up to more positions; -diffseed replays a failing one.

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/gen"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/mcvm"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

func init() {
	// Another test file of the binary may have declared -long first.
	if flag.Lookup("long") == nil {
		flag.Bool("long", false, "run the large differential proof (every example config at its own board size, 20,000 positions and 500 games per config and AI)")
	}
}

var diffSeedFlag = flag.Uint64("diffseed", 0, "seed of the differential proof's positions and games (0: a new seed each run, printed)")

// longDifferential reports -long.
func longDifferential() bool {
	v, _ := flag.Lookup("long").Value.(flag.Getter).Get().(bool)
	return v
}

// diffSeed returns -diffseed, or a seed drawn from the clock, and logs it
// so that any failure can be replayed.
func diffSeed(t *testing.T) uint64 {
	seed := *diffSeedFlag
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("differential seed %d (replay with -diffseed=%d)", seed, seed)
	return seed
}

// The proof's sizes per example config and AI. By default every config
// runs on a small board (the same rule, weights and profile: every
// template and rule is covered, at a fraction of the cost); -long runs
// each at its own size with the acceptance counts.
const (
	diffSmallSize     = 9
	diffPositions     = 300
	diffGames         = 8
	diffLongPositions = 20000
	diffLongGames     = 500
	// The lookahead's moves cost a search each (hundreds of thousands of
	// commands): its acceptance counts, on its own boards, are these.
	diffLongLookPositions = 2000
	diffLongLookGames     = 50
	diffShortPositions    = 40
	diffShortGames        = 2
)

// diffCase is one example config compiled under one AI.
type diffCase struct {
	name    string
	cfg     *config.Config
	profile string
	model   *eval.Model // the greedy model the pack was compiled from
	pack    *datapack.Pack
	look    *gen.LookPlan // the lookahead's plan (lookahead packs)
}

// differentialCases compiles every example config under every profile,
// shrunk to diffSmallSize unless full is set.
func differentialCases(t *testing.T, full bool) []diffCase {
	files, err := filepath.Glob(filepath.Join("..", "examples", "*.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no example configs in ../examples")
	}
	var cases []diffCase
	seen := map[[32]byte]string{}
	for _, f := range files {
		for _, profile := range config.Profiles {
			if !slices.Contains(nativeProfiles, profile) {
				// A profile with its own native model proves it in its
				// own test, reusing proveCase's pieces.
				t.Logf("profile %s: no native player in this proof", profile)
				continue
			}
			cfg, err := config.Load(f)
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%s/%s", strings.TrimSuffix(filepath.Base(f), ".toml"), profile)
			if !full {
				cfg.Game.Size = min(cfg.Game.Size, diffSmallSize)
			}
			if profile == packplay.Lookahead {
				// Each level has its own proof (TestLookaheadLevelsAreTheirTwins);
				// this one runs at the cheapest.
				atQuick(cfg)
			}
			if cfg.Weights.Noise != 0 {
				// Noise draws from each side's own generator; the proof
				// is about the deterministic model.
				t.Logf("%s: noise %d set to 0 for the proof", name, cfg.Weights.Noise)
				cfg.Weights.Noise = 0
			}
			in, err := gen.FromConfig(cfg, profile)
			if err != nil {
				t.Fatal(err)
			}
			res, err := gen.Generate(in, gen.Options{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			// Two configs that compile to the same pack (seed000.toml is
			// board19.toml's board with the seed's numbers) prove the same
			// thing: the pack holds every number the AI uses.
			h := gen.PackHash(res.Pack)
			if first, dup := seen[h]; dup {
				t.Logf("%s: the same pack as %s, proved there", name, first)
				continue
			}
			seen[h] = name
			cases = append(cases, diffCase{name: name, cfg: cfg, profile: profile, model: in.Model, pack: res.Pack, look: res.Plan.Look})
			if base := filepath.Base(f); profile == packplay.Lookahead && cfg.Lookahead.VCTDepth == 0 && (base == "default.toml" || base == "renju.toml") {
				// The shipped configs keep the threat-space search off:
				// the proof also runs one freestyle and one renju config
				// with it on (withVCT's budgets).
				vct := *cfg
				withVCT(&vct)
				in, err := gen.FromConfig(&vct, profile)
				if err != nil {
					t.Fatal(err)
				}
				res, err := gen.Generate(in, gen.Options{})
				if err != nil {
					t.Fatalf("%s+vct: %v", name, err)
				}
				cases = append(cases, diffCase{name: name + "+vct", cfg: &vct, profile: profile, model: in.Model, pack: res.Pack, look: res.Plan.Look})
			}
		}
	}
	return cases
}

// TestDifferential is the keystone: pack and native model agree on every
// score and every move, on random reachable positions and in complete
// games played through the pack's user interface. -short runs a few (for
// -race); -long the acceptance sizes on the full boards.
func TestDifferential(t *testing.T) {
	positions, games := diffPositions, diffGames
	switch {
	case longDifferential():
		positions, games = diffLongPositions, diffLongGames
	case testing.Short():
		// -short (CI's -race run): a smoke test of the same code.
		positions, games = diffShortPositions, diffShortGames
	}
	seed := diffSeed(t)
	for _, c := range differentialCases(t, longDifferential()) {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			n, k := positions, games
			if c.profile == packplay.Lookahead && longDifferential() {
				n, k = diffLongLookPositions, diffLongLookGames
			}
			if strings.HasSuffix(c.name, "+vct") && !longDifferential() {
				// Its moves cost three times the commands: a fifth
				// of the positions and a quarter of the games keep the
				// run short (-long runs them all).
				n, k = max(n/5, 1), max(k/4, 1)
			}
			proveCase(t, c, seed, n, k)
		})
	}
}

// proveCase runs the proof for one case: positions, half with the AI on
// each colour, then complete games.
func proveCase(t proofT, c diffCase, seed uint64, positions, games int) {
	start := time.Now()
	g, err := packplay.Open(c.pack, packplay.Options{Seed: seed})
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	var stats [2]diffStats
	// The AI plays each colour in turn: the seed000 pack keeps AI
	// state only for the colour the AI plays.
	for k, ai := range []game.Colour{game.Black, game.White} {
		stats[k] = diffPositionsRun(t, c, g, ai, (positions+1)/2, seed+uint64(k))
	}
	if t.Failed() {
		return
	}
	n := stats[0].positions + stats[1].positions
	tp := time.Since(start)
	gs := diffGamesRun(t, c, g, games, seed)
	lengths := map[int]bool{}
	for _, s := range stats {
		for l := range s.lengths {
			lengths[l] = true
		}
	}
	t.Logf("%d positions (%d distinct lengths, up to %d stones of %d; %.1fM commands) in %v, %d games (%d AI moves, %d undos, %d refused clicks; %.1fM commands) in %v",
		n, len(lengths), max(stats[0].longest, stats[1].longest), c.cfg.Game.Size*c.cfg.Game.Size, float64(stats[0].commands+stats[1].commands)/1e6, tp.Round(time.Millisecond),
		gs.games, gs.aiMoves, gs.undos, gs.refused, float64(gs.commands)/1e6, (time.Since(start) - tp).Round(time.Millisecond))
	if n < positions || gs.games < games {
		t.Errorf("%s: proved %d positions and %d games, want at least %d and %d", c.name, n, gs.games, positions, games)
	}
}

// proofT is what the proof needs of a *testing.T, so that the planted-bug
// test can run it and read its verdict instead of failing.
type proofT interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Logf(format string, args ...any)
	Failed() bool
}

// verdict records a proof's failures. Fatalf ends the proof's goroutine,
// as testing.T's does, so run must start the proof on its own goroutine.
type verdict struct {
	mu       sync.Mutex
	failures []string
}

func (v *verdict) Helper()                   {}
func (v *verdict) Logf(string, ...any)       {}
func (v *verdict) Failed() bool              { v.mu.Lock(); defer v.mu.Unlock(); return len(v.failures) > 0 }
func (v *verdict) Fatalf(f string, a ...any) { v.Errorf(f, a...); runtime.Goexit() }
func (v *verdict) Errorf(f string, a ...any) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.failures = append(v.failures, fmt.Sprintf(f, a...))
}

// run runs proof and returns its failures.
func (v *verdict) run(proof func(proofT)) []string {
	done := make(chan struct{})
	go func() {
		defer close(done)
		proof(v)
	}()
	<-done
	return v.failures
}

// nativeProfiles are the profiles newNative knows.
var nativeProfiles = []string{packplay.Greedy, packplay.Seed000, packplay.Lookahead}

// native is the native player a case's pack is compared with.
type native struct {
	profile string
	greedy  *player.Greedy
	seed000 *player.Seed000
	look    *player.Lookahead // the twin; its model is greedy's
}

func newNative(c diffCase, seed int64) *native {
	n := &native{profile: c.profile}
	switch c.profile {
	case packplay.Greedy:
		n.greedy = player.NewGreedy(c.cfg.Weights, player.Options{Seed: seed})
	case packplay.Seed000:
		n.seed000 = player.NewSeed000(c.cfg.Seed000, player.Options{Seed: seed})
	case packplay.Lookahead:
		p, _ := player.LookaheadMaker("lookahead", c.cfg.Weights, c.cfg.Lookahead.AtDefault())(player.Options{Seed: seed})
		n.look = p.(*player.Lookahead)
	}
	return n
}

// choose returns the native move, and for seed000 its index among the
// tied best cells (cell-index order) and their number, which the pack's
// pick is forced to.
func (n *native) choose(t proofT, b *game.Board) (mv, pick int, ties []int) {
	t.Helper()
	var err error
	if n.greedy != nil {
		mv, err = n.greedy.Move(context.Background(), b)
		if err != nil {
			t.Fatalf("native greedy: %v", err)
		}
		return mv, -1, nil
	}
	if n.look != nil {
		mv, err = n.look.Move(context.Background(), b)
		if err != nil {
			t.Fatalf("native lookahead: %v", err)
		}
		return mv, -1, nil
	}
	mv, err = n.seed000.Move(context.Background(), b)
	if err != nil {
		t.Fatalf("native seed000: %v\n%s\nmoves: %s", err, picture(b), formatMoves(b.History(), b.Size()))
	}
	ties = n.seed000.State(b.ToMove()).Ties(func(i int) bool { return b.Legal(i) == nil })
	pick = slices.Index(ties, mv)
	if pick < 0 {
		t.Fatalf("native seed000's move %s is not among its ties %v", game.FormatMove(mv, b.Size()), ties)
	}
	return mv, pick, ties
}

// aiMove compares the pack's per-cell scores with the native model's,
// lets the pack's AI move and compares the move with the native choice on
// the same board. A disagreement prints the position and what differs.
func aiMove(t proofT, c diffCase, g *packplay.Game, n *native, b *game.Board, what string, commands *int64) int {
	t.Helper()
	want, pick, ties := n.choose(t, b)
	if err := compareScores(c, g.Machine(), n, b); err != nil {
		t.Fatalf("%s: %s: %v\nmoves: %s\n%s", c.name, what, err, formatMoves(b.History(), b.Size()), picture(b))
	}
	if pick >= 0 {
		if err := g.SetPick(int32(pick)); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
	}
	got, cost, err := g.AIMove()
	if err != nil {
		if n.look != nil {
			err = fmt.Errorf("%w\nthe search: %s", err, searchRegisters(g, c.look))
		}
		t.Fatalf("%s: %s: %v\n%s", c.name, what, err, picture(b))
	}
	*commands += cost.Commands
	if n.look != nil {
		// What the move was chosen from first: a wrong move shows why.
		if err := compareSearch(g, n.look.Last()); err != nil {
			t.Fatalf("%s: %s: the pack played %s: %v\nmoves: %s\n%s", c.name, what, game.FormatMove(got, b.Size()), err, formatMoves(b.History(), b.Size()), picture(b))
		}
	}
	if got != want {
		extra := ""
		if ties != nil {
			extra = fmt.Sprintf(" (the native tie %d of %s)", pick, formatMoves(ties, b.Size()))
		}
		t.Fatalf("%s: %s: the pack played %s, native %s %s%s\nmoves: %s\n%s", c.name, what,
			game.FormatMove(got, b.Size()), c.profile, game.FormatMove(want, b.Size()), extra,
			formatMoves(b.History(), b.Size()), picture(b))
	}
	if ties != nil {
		if v, _ := g.Score("#ties", "gomoku.t"); int(v) != len(ties) {
			t.Fatalf("%s: %s: the pack had %d tied best cells, native %d (%s)\nmoves: %s\n%s", c.name, what, v, len(ties),
				formatMoves(ties, b.Size()), formatMoves(b.History(), b.Size()), picture(b))
		}
	}
	return got
}

// compareScores compares the pack's per-cell scores with the native
// model's for the side to move on b: greedy's totals with sim/eval's state
// computed from scratch, seed000's weights and high tags with the native
// port's state (which choose has just brought up to b).
func compareScores(c diffCase, m *mcvm.Machine, n *native, b *game.Board) error {
	if n.greedy != nil || n.look != nil {
		cells := make([]game.Colour, b.Cells())
		for i := range cells {
			cells[i] = b.At(i)
		}
		st := eval.FromCells(c.model, cells)
		if err := packplay.CompareGreedyScores(m, st); err != nil {
			return err
		}
		if n.look != nil {
			return compareLookSums(m.Score, c.cfg.Lookahead, st, true)
		}
		return nil
	}
	return compareSeed000Scores(m, n.seed000.State(b.ToMove()), b.ToMove())
}

// compareSeed000Scores compares every cell marker's weights (the pack's
// gomoku.s0<c>.b1…w4 for the AI of colour ai) and high tag with the native
// port's state.
func compareSeed000Scores(m *mcvm.Machine, st *player.Seed000State, ai game.Colour) error {
	return compareSeed000ScoresOf(m, st, ai, "gomoku.s0")
}

// compareSeed000ScoresOf is compareSeed000Scores for the cell markers
// carrying tag (one board's, gomoku.b<k>, in a world of several).
func compareSeed000ScoresOf(m *mcvm.Machine, st *player.Seed000State, ai game.Colour, tag string) error {
	c := map[game.Colour]string{game.Black: "b", game.White: "w"}[ai]
	high := fmt.Sprintf("gomoku.s0high%d", ai)
	size := st.Size()
	var diffs []string
	count := 0
	diff := func(format string, args ...any) {
		if count++; len(diffs) < 8 {
			diffs = append(diffs, fmt.Sprintf(format, args...))
		}
	}
	seen := 0
	for _, e := range m.EntitiesWithTag("gomoku.s0") {
		if !e.HasTag(tag) {
			continue
		}
		h := e.UUID.String()
		idx, ok := m.Score(h, "gomoku.idx")
		if !ok || idx < 0 || int(idx) >= size*size {
			return fmt.Errorf("seed000 marker %s has no cell index (%d, %v)", h, idx, ok)
		}
		seen++
		i := int(idx)
		cell := game.FormatMove(i, size)
		if empty := e.HasTag("gomoku.s0empty"); empty != (st.Stone(i) == game.Empty) {
			diff("cell %s: empty %v in the pack, holds %v natively", cell, empty, st.Stone(i))
			continue
		}
		if st.Stone(i) != game.Empty {
			continue
		}
		want := st.Cells[i]
		for k := 0; k < 4; k++ {
			for _, w := range []struct {
				kind string
				v    int32
			}{{"b", want.B[k]}, {"w", want.W[k]}} {
				obj := fmt.Sprintf("gomoku.s0%s.%s%d", c, w.kind, k+1)
				if got, ok := m.Score(h, obj); !ok || got != w.v {
					diff("cell %s: %s %d in the pack (set: %v), %d natively", cell, obj, got, ok, w.v)
				}
			}
		}
		if got := e.HasTag(high); got != want.High {
			diff("cell %s: high %v in the pack, %v natively", cell, got, want.High)
		}
	}
	if seen != size*size {
		return fmt.Errorf("%d seed000 cell markers, want %d", seen, size*size)
	}
	if count > 0 {
		more := ""
		if count > len(diffs) {
			more = fmt.Sprintf("\n(and %d more)", count-len(diffs))
		}
		return fmt.Errorf("%d seed000 scores differ from the native port:\n%s%s", count, strings.Join(diffs, "\n"), more)
	}
	return nil
}

type diffStats struct {
	positions, longest int
	lengths            map[int]bool
	commands           int64 // interpreted
}

// diffPositionsRun compares the AI playing ai on n random reachable
// positions: random games, each to a random length up to two thirds of
// the board, in which every position with ai to move is one comparison.
// The opponent's stones are random; the AI's are three quarters its own
// choices and a quarter random ones (the AI's choice then taken back with
// the pack's undo). No stone ends a game before its length — a winning
// move is taken back or never played — so positions reach crowded boards
// full of threats rather than stopping at the first five.
func diffPositionsRun(t proofT, c diffCase, g *packplay.Game, ai game.Colour, n int, seed uint64) diffStats {
	rng := rand.New(rand.NewPCG(seed, 0xd1ff))
	nat := newNative(c, int64(seed))
	opp := player.NewGreedy(c.cfg.Weights, player.Options{})
	st := diffStats{lengths: map[int]bool{}}
	if err := g.Start(packplay.ModeAI, ai); err != nil {
		t.Errorf("%s: %v", c.name, err)
		return st
	}
	b := game.MustBoard(c.cfg.Game.Size, c.cfg.Game.Rule)
	limit := 1 + rng.IntN(b.Cells()*2/3)
	for st.positions < n && !t.Failed() {
		if b.Moves() >= limit || !hasQuietMove(b) {
			if err := g.Restart(); err != nil {
				t.Errorf("%s: %v", c.name, err)
				return st
			}
			b = game.MustBoard(b.Size(), b.Rule())
			limit = 1 + rng.IntN(b.Cells()*2/3)
		}
		if b.ToMove() != ai {
			mv := quietMove(rng, b, opp)
			ok, why, err := g.Click(mv)
			if err != nil || !ok {
				t.Errorf("%s: click on %s after %s: refused (%s), %v\n%s", c.name, game.FormatMove(mv, b.Size()), formatMoves(b.History(), b.Size()), why, err, picture(b))
				return st
			}
			st.commands += g.ClickCost().Commands
			b.Play(mv)
			continue
		}
		st.positions++
		st.lengths[b.Moves()] = true
		st.longest = max(st.longest, b.Moves())
		got := aiMove(t, c, g, nat, b, fmt.Sprintf("position %d (AI %v)", st.positions, ai), &st.commands)
		if rng.IntN(4) > 0 && !endsGame(b, got) {
			b.Play(got)
			continue
		}
		// Take the AI's move back (with the player's before it, as the
		// pack's undo does against the AI), put the player's back, and
		// give the AI's colour a random stone instead.
		undone, err := g.Undo()
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			return st
		}
		st.commands += g.UndoCost().Commands
		want := min(2, b.Moves()+1)
		if undone != want {
			t.Errorf("%s: undo after %s took back %d stones, want %d", c.name, formatMoves(b.History(), b.Size()), undone, want)
			return st
		}
		if undone == 2 {
			last := b.History()[b.Moves()-1]
			if ok, why, err := g.Click(last); err != nil || !ok {
				t.Errorf("%s: clicking %s again after undo: refused (%s), %v", c.name, game.FormatMove(last, b.Size()), why, err)
				return st
			}
			st.commands += g.ClickCost().Commands
		}
		if !hasQuietMove(b) {
			// Every legal stone would end the game: start another.
			limit = 0
			continue
		}
		mv := quietMove(rng, b, opp)
		if err := g.Place(mv); err != nil {
			t.Errorf("%s: %v", c.name, err)
			return st
		}
		st.commands += g.ClickCost().Commands
		b.Play(mv)
	}
	return st
}

// endsGame reports whether playing mv ends the game on b.
func endsGame(b *game.Board, mv int) bool {
	if err := b.Play(mv); err != nil {
		return false
	}
	over := b.Over()
	b.Undo()
	return over
}

// hasQuietMove reports whether the side to move has a legal move that
// does not end the game.
func hasQuietMove(b *game.Board) bool {
	for i := 0; i < b.Cells(); i++ {
		if b.Legal(i) == nil && !endsGame(b, i) {
			return true
		}
	}
	return false
}

// quietMove is randomMove redrawn until it does not end the game (b must
// have such a move, hasQuietMove).
func quietMove(rng *rand.Rand, b *game.Board, greedy *player.Greedy) int {
	for range 20 {
		if mv := randomMove(rng, b, greedy); !endsGame(b, mv) {
			return mv
		}
	}
	var quiet []int
	for i := 0; i < b.Cells(); i++ {
		if b.Legal(i) == nil && !endsGame(b, i) {
			quiet = append(quiet, i)
		}
	}
	return quiet[rng.IntN(len(quiet))]
}

// randomMove is a legal move for the side to move: two times in five
// native greedy's (so positions hold real threats and games last), two in
// five a cell near the stones, else anywhere.
func randomMove(rng *rand.Rand, b *game.Board, greedy *player.Greedy) int {
	switch r := rng.IntN(5); {
	case r < 2:
		if mv, err := greedy.Move(context.Background(), b); err == nil {
			return mv
		}
	case r < 4 && b.Moves() > 0:
		var near []int
		for i := 0; i < b.Cells(); i++ {
			if b.Legal(i) == nil && nearStone(b, i) {
				near = append(near, i)
			}
		}
		if len(near) > 0 {
			return near[rng.IntN(len(near))]
		}
	}
	var legal []int
	for i := 0; i < b.Cells(); i++ {
		if b.Legal(i) == nil {
			legal = append(legal, i)
		}
	}
	return legal[rng.IntN(len(legal))]
}

func nearStone(b *game.Board, i int) bool {
	x, y := b.XY(i)
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			if b.In(x+dx, y+dy) && b.AtXY(x+dx, y+dy) != game.Empty {
				return true
			}
		}
	}
	return false
}

type gameStats struct {
	games, aiMoves, undos, refused int
	commands                       int64 // interpreted
}

// diffGamesRun plays n complete games through the pack's user interface
// against an opponent playing native greedy's moves with random ones
// mixed in: the AI alternates colours, every AI move is compared, the
// player clicks a taken cell once a game (refused, nothing changed), every
// fifth game takes two moves back with undo, and each game must end as the
// native board does, the win announced with its line.
func diffGamesRun(t proofT, c diffCase, g *packplay.Game, n int, seed uint64) gameStats {
	var st gameStats
	opp := player.NewGreedy(c.cfg.Weights, player.Options{})
	for gi := 0; gi < n && !t.Failed(); gi++ {
		rng := rand.New(rand.NewPCG(seed+uint64(gi), 0x9a3e))
		nat := newNative(c, int64(seed)+int64(gi))
		ai := []game.Colour{game.White, game.Black}[gi%2]
		if err := g.Start(packplay.ModeAI, ai); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		b := game.MustBoard(c.cfg.Game.Size, c.cfg.Game.Rule)
		undoAt := -1
		if gi%5 == 0 {
			undoAt = 4 + rng.IntN(6)
		}
		refuseAt := 2 + rng.IntN(6)
		for !b.Over() {
			what := fmt.Sprintf("game %d, move %d (AI %v)", gi+1, b.Moves()+1, ai)
			if b.ToMove() == ai {
				b.Play(aiMove(t, c, g, nat, b, what, &st.commands))
				st.aiMoves++
				continue
			}
			if b.Moves() >= refuseAt && refuseAt >= 0 {
				refuseAt = -1
				taken := b.History()[rng.IntN(b.Moves())]
				ok, why, err := g.Click(taken)
				if err != nil {
					t.Fatalf("%s: %s: %v", c.name, what, err)
				}
				if ok || !strings.Contains(why, "taken") {
					t.Fatalf("%s: %s: a click on the taken %s: accepted %v, %q", c.name, what, game.FormatMove(taken, b.Size()), ok, why)
				}
				st.refused++
			}
			if b.Moves() >= undoAt && undoAt >= 0 && b.Moves() >= 2 {
				undoAt = -1
				k, err := g.Undo()
				if err != nil {
					t.Fatalf("%s: %s: %v", c.name, what, err)
				}
				if k != 2 {
					t.Fatalf("%s: %s: undo took back %d stones, want 2", c.name, what, k)
				}
				b.Undo()
				b.Undo()
				st.undos++
				continue
			}
			mv, err := opp.Move(context.Background(), b)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if rng.IntN(3) == 0 {
				mv = randomMove(rng, b, opp)
			}
			ok, why, err := g.Click(mv)
			if err != nil || !ok {
				t.Fatalf("%s: %s: the click on %s: refused (%s), %v\n%s", c.name, what, game.FormatMove(mv, b.Size()), why, err, picture(b))
			}
			st.commands += g.ClickCost().Commands
			b.Play(mv)
		}
		// Click checked the pack's state and winner; the announcement and
		// the highlighted line are the player's view of it.
		title := map[game.Colour]string{game.Black: "title: Black wins", game.White: "title: White wins", game.Empty: "title: Draw"}[b.Winner()]
		if !slices.Contains(g.Titles(), title) {
			t.Fatalf("%s: game %d ended (%v) with titles %q, want %q", c.name, gi+1, b.Winner(), g.Titles(), title)
		}
		line := slices.Clone(b.WinningLine())
		slices.Sort(line)
		if got := g.WinningLine(); !slices.Equal(got, line) {
			t.Fatalf("%s: game %d: the pack highlights %s, the winning line is %s", c.name, gi+1, formatMoves(got, b.Size()), formatMoves(line, b.Size()))
		}
		st.games++
	}
	return st
}

func formatMoves(cells []int, size int) string { return game.FormatMoves(cells, size) }

func picture(b *game.Board) string { return game.Picture(b) }
