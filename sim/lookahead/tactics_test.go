package lookahead_test

import (
	"context"
	"slices"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/lookahead"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// TestTactics: the lookahead (the pack's default config) solves every
// position of the table; greedy's score on it is logged for comparison.
func TestTactics(t *testing.T) {
	ts, err := lookahead.ReadTactics("testdata/tactics.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(ts) < 30 {
		t.Fatalf("the table has %d positions, want at least 30", len(ts))
	}
	cfg := config.PackDefault()
	kinds := map[string]int{}
	rules := map[game.Rule]int{}
	var greedy int
	for _, tc := range ts {
		kinds[tc.Kind]++
		rules[tc.Board.Rule()]++
		la, _ := player.LookaheadMaker("lookahead", cfg.Weights, cfg.Lookahead)(player.Options{})
		m, err := la.Move(context.Background(), tc.Board)
		if err != nil {
			t.Fatalf("%s (line %d): %v", tc.Name, tc.Line, err)
		}
		r := la.(*player.Lookahead).Last()
		if !slices.Contains(tc.Want, m) {
			t.Errorf("%s (line %d): lookahead plays %s (%s, value %d, %d nodes), want one of %s\n%s",
				tc.Name, tc.Line, game.FormatMove(m, tc.Board.Size()), r.Reason, r.Value, r.Nodes,
				game.FormatMoves(tc.Want, tc.Board.Size()), game.Picture(tc.Board))
		}
		if tc.Kind != lookahead.KindDefend {
			if _, won := lookahead.Decisive(r.Value); !won || r.Value < 0 {
				t.Errorf("%s (line %d): lookahead found no forced win (value %d, %s)", tc.Name, tc.Line, r.Value, r.Reason)
			}
		}
		g, _ := player.GreedyMaker("greedy", cfg.Weights)(player.Options{})
		if gm, err := g.Move(context.Background(), tc.Board); err == nil && slices.Contains(tc.Want, gm) {
			greedy++
		}
	}
	for _, k := range []string{lookahead.KindVCF, lookahead.KindFourThree, lookahead.KindDefend} {
		if kinds[k] == 0 {
			t.Errorf("the table has no %s position", k)
		}
	}
	if rules[game.Freestyle] == 0 || rules[game.Renju] == 0 {
		t.Errorf("the table wants freestyle and renju positions, has %v", rules)
	}
	t.Logf("%d positions (%v): greedy solves %d of them", len(ts), kinds, greedy)
}
