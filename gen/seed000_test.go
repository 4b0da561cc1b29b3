package gen

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// checkSeed000 compares every cell marker's weights and high tag with the
// native port's state for the AI colour own after b's moves.
func (g *vmGame) checkSeed000(cfg *config.Config, own game.Colour, b *game.Board) {
	g.t.Helper()
	st := player.NewSeed000State(cfg.Seed000, b.Size(), own)
	for _, m := range b.History() {
		st.Place(m, b.At(m))
	}
	c := map[game.Colour]string{game.Black: "b", game.White: "w"}[st.Own]
	high := map[game.Colour]string{game.Black: "gomoku.s0high1", game.White: "gomoku.s0high2"}[st.Own]
	seen := 0
	for _, e := range g.m.EntitiesWithTag("gomoku.s0") {
		id := e.UUID.String()
		i, _ := g.m.Score(id, "gomoku.idx")
		cell := st.Cells[i]
		if st.Stone(int(i)) != game.Empty {
			continue // the seed never reads an occupied cell's weights
		}
		seen++
		for d := 0; d < 4; d++ {
			bv, _ := g.m.Score(id, fmt.Sprintf("gomoku.s0%s.b%d", c, d+1))
			wv, _ := g.m.Score(id, fmt.Sprintf("gomoku.s0%s.w%d", c, d+1))
			if bv != cell.B[d] || wv != cell.W[d] {
				g.t.Fatalf("after %v: cell %s direction %d: pack b=%d w=%d, native b=%d w=%d", b.History(), game.FormatMove(int(i), b.Size()), d, bv, wv, cell.B[d], cell.W[d])
			}
		}
		if e.HasTag(high) != cell.High {
			g.t.Fatalf("after %v: cell %s: pack high=%v, native %v", b.History(), game.FormatMove(int(i), b.Size()), e.HasTag(high), cell.High)
		}
	}
	if seen != b.Cells()-b.Moves() {
		g.t.Fatalf("%d empty cell markers, want %d", seen, b.Cells()-b.Moves())
	}
}

// seed000Move lets the pack's seed000 AI move with its pick forced to the
// native port's, then checks the move and the whole state.
func seed000Move(t *testing.T, g *vmGame, b *game.Board, ai *player.Seed000) {
	t.Helper()
	mv, err := ai.Move(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	st := ai.State(b.ToMove())
	ties := st.Ties(func(i int) bool { return b.Legal(i) == nil })
	k := -1
	for j, c := range ties {
		if c == mv {
			k = j
		}
	}
	if k < 0 {
		t.Fatalf("native move %d is not among its ties %v", mv, ties)
	}
	g.console("scoreboard players set #pick gomoku.debug %d", k)
	for n := 0; n < 40 && len(g.moves()) == b.Moves(); n++ {
		g.tick()
	}
	got := g.moves()
	if len(got) != b.Moves()+1 {
		t.Fatalf("the AI did not move after %v", b.History())
	}
	if got[len(got)-1] != mv {
		t.Fatalf("after %v the pack's seed000 played %s, the native port %s (tie %d of %v)", b.History(),
			game.FormatMove(got[len(got)-1], b.Size()), game.FormatMove(mv, b.Size()), k, ties)
	}
	if err := b.Play(mv); err != nil {
		t.Fatal(err)
	}
}

func TestVMSeed000MatchesNative(t *testing.T) {
	for _, tc := range []struct {
		size  int
		rule  game.Rule
		games int
	}{
		{9, game.Freestyle, 2},
		{9, game.Renju, 2},
	} {
		t.Run(fmt.Sprintf("%d-%s", tc.size, tc.rule), func(t *testing.T) {
			cfg := smallConfig(tc.size, tc.rule)
			in, err := FromConfig(cfg, "seed000")
			if err != nil {
				t.Fatal(err)
			}
			res, err := Generate(in, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for gi := 0; gi < tc.games; gi++ {
				playSeed000(t, res, cfg, uint64(gi))
			}
		})
	}
}

func playSeed000(t *testing.T, res *Result, cfg *config.Config, seed uint64) {
	g := newVMGame(t, res)
	rng := rand.New(rand.NewPCG(seed, 9))
	b := game.MustBoard(cfg.Game.Size, cfg.Game.Rule)
	ai := player.NewSeed000(cfg.Seed000, player.Options{Seed: int64(seed)})
	human := player.NewGreedy(cfg.Weights, player.Options{})
	humanColour := game.Black
	if seed%2 == 1 {
		humanColour = game.White
		g.call("gomoku:mode/white")
	}
	undone := false
	for !b.Over() {
		if b.ToMove() != humanColour {
			seed000Move(t, g, b, ai)
			g.checkSeed000(cfg, humanColour.Opponent(), b)
			continue
		}
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
		if !undone && b.Moves() >= 8 && !b.Over() {
			// Undo mid-game: the player's move now (the AI has not
			// answered yet), and the state must be the native one again.
			undone = true
			g.call("gomoku:undo")
			b.Undo()
			if got := g.moves(); len(got) != b.Moves() {
				t.Fatalf("undo: pack has %d moves, want %d", len(got), b.Moves())
			}
			g.checkSeed000(cfg, humanColour.Opponent(), b)
		}
	}
	if g.score("#state", "gomoku.game") != 2 || g.score("#winner", "gomoku.game") != int32(b.Winner()) {
		t.Fatalf("game over: pack state %d winner %d, native winner %v", g.score("#state", "gomoku.game"), g.score("#winner", "gomoku.game"), b.Winner())
	}
}

// TestVMSeed000Demo: an AI vs AI demo with both seed000 states plays a
// legal game to its end.
func TestVMSeed000Demo(t *testing.T) {
	cfg := smallConfig(7, game.Renju)
	in, err := FromConfig(cfg, "seed000")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Generate(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := newVMGame(t, res)
	g.call("gomoku:mode/demo")
	for k := 0; k < 3000 && g.score("#state", "gomoku.game") == 1; k++ {
		g.tick()
	}
	if g.score("#state", "gomoku.game") != 2 {
		t.Fatalf("the demo did not finish: %d moves", len(g.moves()))
	}
	b := game.MustBoard(7, game.Renju)
	for _, mv := range g.moves() {
		if err := b.Play(mv); err != nil {
			t.Fatalf("the demo played an illegal move: %v (after %v)", err, b.History())
		}
	}
	if !b.Over() || g.score("#winner", "gomoku.game") != int32(b.Winner()) {
		t.Errorf("demo result: pack winner %d, native %v over=%v", g.score("#winner", "gomoku.game"), b.Winner(), b.Over())
	}
	for _, own := range []game.Colour{game.Black, game.White} {
		g.checkSeed000(cfg, own, b)
	}
}
