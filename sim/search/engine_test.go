package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// check compares everything a position keeps incrementally with a
// recomputation from its stones.
func (p *position) check() error {
	if err := p.st.Check(); err != nil {
		return err
	}
	var h uint64
	var shape [2]int64
	bb := box{0, 0, -1, -1}
	hot := map[int]bool{}
	for i := 0; i < p.cells; i++ {
		c := p.st.At(i)
		if c != game.Empty {
			h ^= p.z.cell[i][c-1]
			x, y := i%p.size, i/p.size
			if bb.empty() {
				bb = box{x, y, x, y}
			} else {
				bb = box{min(bb.x0, x), min(bb.y0, y), max(bb.x1, x), max(bb.y1, y)}
			}
			continue
		}
		isHot := false
		for col := 0; col < 2; col++ {
			for _, pat := range p.st.Lines(i, game.Colour(col+1)) {
				shape[col] += int64(p.sh.value[pat])
				isHot = isHot || pat >= eval.OpenThree
			}
		}
		if isHot {
			hot[i] = true
		}
	}
	if p.toMove == game.White {
		h ^= p.z.side
	}
	if h != p.hash {
		return fmt.Errorf("hash %x, recomputed %x", p.hash, h)
	}
	if shape != p.shape {
		return fmt.Errorf("shape %v, recomputed %v", p.shape, shape)
	}
	if bb != p.bbox {
		return fmt.Errorf("box %v, recomputed %v", p.bbox, bb)
	}
	if len(hot) != len(p.hot) {
		return fmt.Errorf("%d hot cells, recomputed %d", len(p.hot), len(hot))
	}
	for k, q := range p.hot {
		if !hot[int(q)] || p.hotAt[q] != int32(k) {
			return fmt.Errorf("hot cell %d wrongly listed", q)
		}
	}
	if p.mirror != nil && !slices.Equal(p.mirror.History(), p.moves) {
		return fmt.Errorf("renju mirror is out of step")
	}
	return nil
}

// TestPositionsStayConsistent plays games with random undos under each
// rule, with two threads, and checks after every search that the board is
// untouched and every thread's incremental state equals a recomputation.
func TestPositionsStayConsistent(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	steps := 60
	if testing.Short() {
		steps = 20
	}
	for _, rule := range []game.Rule{game.Freestyle, game.Standard, game.Renju} {
		e := New(config.Default(), Options{Seed: 5, Threads: 2})
		b := game.MustBoard(15, rule)
		for step := 0; step < steps && !b.Over(); step++ {
			if b.Moves() > 2 && rng.IntN(5) == 0 {
				b.Undo()
				b.Undo()
				continue
			}
			before := slices.Clone(b.History())
			r, err := e.Search(context.Background(), b, Limits{Nodes: 800})
			if err != nil {
				t.Fatalf("%v step %d: %v", rule, step, err)
			}
			if !slices.Equal(before, b.History()) {
				t.Fatalf("%v step %d: the search changed the board", rule, step)
			}
			for k, p := range e.pos {
				if err := p.check(); err != nil {
					t.Fatalf("%v step %d thread %d: %v", rule, step, k, err)
				}
			}
			if err := b.Play(r.Move); err != nil {
				t.Fatalf("%v step %d: %v", rule, step, err)
			}
		}
	}
}

// TestDeterministic: one thread and a node budget give the same moves for
// the same seed, game after game.
func TestDeterministic(t *testing.T) {
	play := func() []int {
		e := New(config.Default(), Options{Seed: 9})
		b := game.MustBoard(15, game.Freestyle)
		for !b.Over() && b.Moves() < 30 {
			r, err := e.Search(context.Background(), b, Limits{Nodes: 1500})
			if err != nil {
				t.Fatal(err)
			}
			b.Play(r.Move)
		}
		return slices.Clone(b.History())
	}
	a, b := play(), play()
	if !slices.Equal(a, b) {
		t.Errorf("two runs differ:\n%v\n%v", a, b)
	}
}

// TestRandomChoice: with random_margin the seed varies the move among
// near-equal ones; with margin 0 it never does.
func TestRandomChoice(t *testing.T) {
	b := game.MustBoard(15, game.Freestyle)
	for _, s := range []string{"h8", "i9"} {
		m, _ := game.ParseMove(s, 15)
		b.Play(m)
	}
	moves := func(margin int32) map[int]bool {
		cfg := config.Default()
		cfg.Search.RandomMargin = margin
		seen := map[int]bool{}
		for seed := int64(0); seed < 12; seed++ {
			r, err := New(cfg, Options{Seed: seed}).Search(context.Background(), b, Limits{Nodes: 3000})
			if err != nil {
				t.Fatal(err)
			}
			seen[r.Move] = true
		}
		return seen
	}
	if got := moves(0); len(got) != 1 {
		t.Errorf("random_margin 0: %d different moves over seeds, want 1", len(got))
	}
	if got := moves(200); len(got) < 2 {
		t.Errorf("random_margin 200: always the same move over 12 seeds")
	}
}

// TestRandomChoiceKeepsWins: a forced win is never traded for a random
// near-equal move.
func TestRandomChoiceKeepsWins(t *testing.T) {
	cfg := config.Default()
	cfg.Search.RandomMargin = 1 << 20
	cfg.Search.VCFNodes, cfg.Search.VCTNodes = 0, 0 // leave it to alpha-beta
	for seed := int64(0); seed < 6; seed++ {
		// The double three on h8 wins; alpha-beta must find it.
		b := board(t, 15, game.Freestyle, game.Black,
			"...............",
			"...............",
			"...............",
			"...............",
			"...............",
			".......X.......",
			".......X.......",
			".....XX........",
			"...............",
			"...............",
			"...........O...",
			"............O..")
		r, err := New(cfg, Options{Seed: seed}).Search(context.Background(), b, Limits{Nodes: 4000})
		if err != nil {
			t.Fatal(err)
		}
		if plies, ok := r.Decisive(); !ok || plies <= 0 || game.FormatMove(r.Move, 15) != "h8" || r.Reason != "search" {
			t.Errorf("seed %d: played %s score %d (%s), want the winning h8 from alpha-beta", seed, game.FormatMove(r.Move, 15), r.Score, r.Reason)
		}
	}
}

func TestLimits(t *testing.T) {
	b := game.MustBoard(15, game.Freestyle)
	for _, s := range []string{"h8", "i9", "g9", "i7", "i8", "g8"} {
		m, _ := game.ParseMove(s, 15)
		b.Play(m)
	}
	e := New(config.Default(), Options{})
	start := time.Now()
	r, err := e.Search(context.Background(), b, Limits{Time: 60 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	// Generous: the machine is shared; the search itself checks the
	// clock every 256 nodes.
	if el := time.Since(start); el > 400*time.Millisecond {
		t.Errorf("a 60ms search took %v", el)
	}
	if r.Depth < 1 {
		t.Errorf("depth %d after 60ms, want at least 1", r.Depth)
	}
	r, err = e.Search(context.Background(), b, Limits{Nodes: 3000})
	if err != nil {
		t.Fatal(err)
	}
	if r.Nodes > 3000+256 {
		t.Errorf("a 3000-node search visited %d nodes", r.Nodes)
	}
	r, err = e.Search(context.Background(), b, Limits{Nodes: 1 << 30, Depth: 2})
	if err != nil || r.Depth > 2 {
		t.Errorf("depth-2 search: depth %d, %v", r.Depth, err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start = time.Now()
	if _, err := e.Search(ctx, b, Limits{Nodes: 1 << 40}); err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el > 400*time.Millisecond {
		t.Errorf("a search cancelled after 30ms took %v", el)
	}
	if _, err := e.Search(ctx, b, Limits{}); err == nil {
		t.Errorf("a search with a cancelled context: no error")
	}
}

func TestGameOver(t *testing.T) {
	b := game.MustBoard(15, game.Freestyle)
	for _, m := range []int{0, 20, 1, 21, 2, 22, 3, 23, 4} {
		b.Play(m)
	}
	if _, err := New(config.Default(), Options{}).Search(context.Background(), b, Limits{Nodes: 10}); err == nil {
		t.Error("searching a finished game: no error")
	}
}

func TestEmptyBoardPlaysCentre(t *testing.T) {
	for _, size := range []int{7, 15, 20} {
		b := game.MustBoard(size, game.Renju)
		r, err := New(config.Default(), Options{}).Search(context.Background(), b, Limits{Nodes: 10})
		if err != nil {
			t.Fatal(err)
		}
		if x, y := b.XY(r.Move); x != (size-1)/2 || y != (size-1)/2 {
			t.Errorf("size %d: opened at %s", size, game.FormatMove(r.Move, size))
		}
	}
}

// TestThreadsFindWins: with two threads the tactics are still solved and
// every answer is legal.
func TestThreadsFindWins(t *testing.T) {
	for _, tc := range tactics {
		b := board(t, 15, tc.rule, tc.mover, tc.rows...)
		r, err := New(config.Default(), Options{Threads: 2}).Search(context.Background(), b, Limits{Nodes: tc.nodes * 2})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if plies, ok := r.Decisive(); tc.result == "win" && (!ok || plies <= 0) {
			t.Errorf("%s: score %d with two threads, want a win", tc.name, r.Score)
		}
	}
}

func TestScoreText(t *testing.T) {
	tests := []struct {
		score int32
		want  string
	}{
		{WinScore, "win in 1"},
		{WinScore - 4, "win in 5"},
		{-(WinScore - 1), "loss in 2"},
		{120, "+120"},
		{-35, "-35"},
		{0, "+0"},
	}
	for _, tt := range tests {
		if got := (Result{Score: tt.score}).ScoreText(); got != tt.want {
			t.Errorf("score %d: %q, want %q", tt.score, got, tt.want)
		}
	}
}
