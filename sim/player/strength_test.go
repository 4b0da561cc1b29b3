package player_test

import (
	"context"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// TestGreedyBeatsTheSeeds is issue 2's acceptance: over 200 games from
// varied openings with colours swapped, greedy scores at least 90% against
// seed000 and seed001 and at least 75% against seed002 and seed004, under
// every rule.
func TestGreedyBeatsTheSeeds(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 40
	}
	tests := []struct {
		opponent string
		least    float64
	}{
		{"seed000", 0.90},
		{"seed001", 0.90},
		{"seed002", 0.75},
		{"seed004", 0.75},
	}
	for _, rule := range []game.Rule{game.Freestyle, game.Standard, game.Renju} {
		for _, tt := range tests {
			res, err := arena.Match(context.Background(), arena.MatchConfig{
				A: "greedy", B: tt.opponent, Games: games, Size: 15, Rule: rule, Seed: 1,
			})
			if err != nil {
				t.Fatalf("greedy vs %s (%v): %v", tt.opponent, rule, err)
			}
			got := res.Score()
			t.Logf("greedy vs %s (%v): %d games, score %.1f%%", tt.opponent, rule, games, 100*got)
			if got < tt.least {
				t.Errorf("greedy vs %s (%v): score %.1f%%, want at least %.0f%%", tt.opponent, rule, 100*got, 100*tt.least)
			}
		}
	}
}
