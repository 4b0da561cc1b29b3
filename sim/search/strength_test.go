package search_test

import (
	"context"
	"flag"
	"os"
	"runtime"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// The full strength measurement of the acceptance: 200 games from
// varied openings, colours swapped, search at 100 ms a move on one thread
// against greedy (at least 70%) and every seed baseline (at least 90%).
// It takes many minutes, so it runs only when asked:
//
//	go test ./sim/search/ -run StrengthFull -v -timeout 3h -args -strength
//	MCGOMOKU_STRENGTH=1 go test ./sim/search/ -run StrengthFull -v -timeout 3h
var strength = flag.Bool("strength", false, "run the full 200-game strength measurement")

// strengthOpenings are the shared openings: three stones near the centre.
func strengthOpenings(n int) []arena.Opening {
	return arena.RandomOpenings(15, game.Freestyle, n, 3, 2026)
}

func measure(t *testing.T, a, b string, games int, openings []arena.Opening) float64 {
	t.Helper()
	r, err := arena.Match(context.Background(), arena.MatchConfig{
		A: a, B: b, Games: games, Size: 15, Rule: game.Freestyle,
		Seed: 1, Jobs: 1, Openings: openings,
	})
	if err != nil {
		t.Fatalf("%s vs %s: %v", a, b, err)
	}
	w := r.WDL()
	p := r.Pairings[0]
	t.Logf("%s vs %s: +%d =%d -%d, score %.1f%% (forfeits %d/%d)", a, b, w.Wins, w.Draws, w.Losses, 100*r.Score(), p.Forfeits[0], p.Forfeits[1])
	return r.Score()
}

// TestStrengthSmoke is the default run's check: 20 games at a small node
// budget, search must still clearly beat greedy. (-short skips it.)
func TestStrengthSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("20 games: skipped with -short")
	}
	if s := measure(t, "search:nodes=2000", "greedy", 20, strengthOpenings(10)); s < 0.7 {
		t.Errorf("search scored %.0f%% against greedy, want at least 70%%", 100*s)
	}
}

func TestStrengthFull(t *testing.T) {
	if !*strength && os.Getenv("MCGOMOKU_STRENGTH") == "" {
		t.Skip("the full measurement takes many minutes: pass -strength or set MCGOMOKU_STRENGTH=1")
	}
	t.Logf("GOMAXPROCS %d; search runs one thread, games one at a time", runtime.GOMAXPROCS(0))
	ops := strengthOpenings(100)
	const spec = "search:time=100ms,threads=1"
	want := map[string]float64{"greedy": 0.7, "seed000": 0.9, "seed001": 0.9, "seed002": 0.9, "seed004": 0.9}
	for _, opp := range []string{"greedy", "seed000", "seed001", "seed002", "seed004"} {
		if s := measure(t, spec, opp, 200, ops); s < want[opp] {
			t.Errorf("search scored %.1f%% against %s, want at least %.0f%%", 100*s, opp, 100*want[opp])
		}
	}
}
