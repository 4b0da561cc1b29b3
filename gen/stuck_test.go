package gen_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/gen"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
)

// stuckGame is a 9×9 renju game (from a differential run) whose 80th
// move, white's b3, leaves black only d1, an overline: black cannot move
// or pass, and the game is drawn there (game.Board.Stuck).
const stuckGame = "e5 e6 f6 d4 d5 f5 g4 e4 g7 h3 d3 c4 b4 g6 h7 h8 i4 h4 h6 e7 e3 c3 c8 c5 c6 c2 c1 f8 b2 d6 " +
	"g9 e8 g8 g2 g5 i7 g3 b5 f4 c7 a3 b7 d7 h2 e2 h5 h1 d9 f7 b9 g1 b6 b8 e9 c9 a5 d8 a6 f1 a7 " +
	"a8 a4 e1 i1 b1 i5 i2 i6 a1 i8 i9 i3 a9 f3 h9 d2 f9 f2 a2 b3"

// TestPackDrawsWhenBlackIsStuck: the pack ends that game in a draw whoever
// plays black — a player (the loop's renju/stuck search, one forbidden
// check a tick) or either AI (its choice finds no legal cell) — says why,
// and undo reopens the game.
func TestPackDrawsWhenBlackIsStuck(t *testing.T) {
	for _, profile := range []string{"greedy", "seed000"} {
		res := gen.SmallPack(t, 9, game.Renju, profile)
		for _, mode := range []struct {
			name string
			mode packplay.Mode
			ai   game.Colour
		}{
			{"two players", packplay.ModePvP, game.Empty},
			{"AI black", packplay.ModeAI, game.Black},
			{"AI white", packplay.ModeAI, game.White},
		} {
			t.Run(fmt.Sprintf("%s/%s", profile, mode.name), func(t *testing.T) {
				g, err := packplay.Open(res.Pack, packplay.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if err := g.Start(mode.mode, mode.ai); err != nil {
					t.Fatal(err)
				}
				b := game.MustBoard(9, game.Renju)
				for _, s := range strings.Fields(stuckGame) {
					mv, err := game.ParseMove(s, 9)
					if err != nil {
						t.Fatal(err)
					}
					// The AI's stones are put down for it (Place), the
					// player's clicked; either way the pack's own move
					// function plays them and the AI's state follows.
					if b.ToMove() == mode.ai {
						err = g.Place(mv)
					} else {
						var ok bool
						var why string
						ok, why, err = g.Click(mv)
						if err == nil && !ok {
							err = fmt.Errorf("the click on %s was refused: %s", s, why)
						}
					}
					if err != nil {
						t.Fatal(err)
					}
					if err := b.Play(mv); err != nil {
						t.Fatal(err)
					}
				}
				// Click and Place settle the stuck position and check
				// that the pack's game is over with no winner.
				if !b.Stuck() {
					t.Fatal("test set-up: black is not stuck")
				}
				for _, want := range []string{"title: Draw", "subtitle: Every empty cell is forbidden to black"} {
					if !slices.Contains(g.Titles(), want) {
						t.Errorf("titles %q, want %q", g.Titles(), want)
					}
				}
				if mode.mode == packplay.ModePvP {
					if _, err := g.Undo(); err != nil {
						t.Fatalf("undo after the draw: %v", err)
					}
					b.Undo()
					if ok, why, err := g.Click(b.History()[0]); err != nil || ok {
						t.Fatalf("a click on a taken cell after undo: accepted %v (%s), %v", ok, why, err)
					}
					last, _ := game.ParseMove("b3", 9)
					if ok, why, err := g.Click(last); err != nil || !ok {
						t.Fatalf("white's b3 again after undo: accepted %v (%s), %v", ok, why, err)
					}
				}
			})
		}
	}
}
