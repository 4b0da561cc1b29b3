package packplay_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
)

// TestCompareGreedyScores: a pack agrees with the model after a few
// stones, and one score changed behind the pack's back, or a stone the
// model does not have, is reported with its cell.
func TestCompareGreedyScores(t *testing.T) {
	cfg, p := genPack(t, 9, game.Freestyle, packplay.Greedy)
	g := open(t, p)
	if err := g.Start(packplay.ModePvP, game.Empty); err != nil {
		t.Fatal(err)
	}
	b := game.MustBoard(9, game.Freestyle)
	for _, mv := range []string{"e5", "e6", "d4"} {
		i, err := game.ParseMove(mv, 9)
		if err != nil {
			t.Fatal(err)
		}
		mustClick(t, g, i)
		b.Play(i)
	}
	m, err := eval.NewModel(9, game.Freestyle, cfg.Weights)
	if err != nil {
		t.Fatal(err)
	}
	cells := func() []game.Colour {
		out := make([]game.Colour, b.Cells())
		for i := range out {
			out[i] = b.At(i)
		}
		return out
	}
	if err := packplay.CompareGreedyScores(g.Machine(), eval.FromCells(m, cells())); err != nil {
		t.Fatalf("a pack in step with the model: %v", err)
	}
	// a1 is cell 72: change its black total in the pack only.
	if _, err := g.Machine().RunCommand(nil, "scoreboard players add #72 gomoku.total_b 1"); err != nil {
		t.Fatal(err)
	}
	err = packplay.CompareGreedyScores(g.Machine(), eval.FromCells(m, cells()))
	var se *packplay.ScoreError
	if !errors.As(err, &se) || se.Count != 1 || !strings.Contains(se.Diffs[0], "cell a1: gomoku.total_b") {
		t.Fatalf("one total changed: got %v, want one difference on a1's gomoku.total_b", err)
	}
	b.Play(0)
	err = packplay.CompareGreedyScores(g.Machine(), eval.FromCells(m, cells()))
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "cell a9 holds empty in the pack, white in the model") {
		t.Fatalf("a stone the pack lacks: got %v", err)
	}
}
