package tune

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// probed records the Limits every "tune-limits-probe" player (greedy,
// standing in for an engine) was made with.
var probed struct {
	sync.Mutex
	limits []player.Limits
}

func init() {
	player.Register("tune-limits-probe", func(_ string, opt player.Options) (player.Player, error) {
		probed.Lock()
		probed.limits = append(probed.limits, opt.Limits)
		probed.Unlock()
		return player.New("greedy", opt)
	})
}

// TestEngineLimitsReachOpponents: the run's Limits (tune's --timeout-turn
// and the rest) are what every opponent of every game is made with, so
// an engine plays at the clock asked for, not at 5 s a move.
func TestEngineLimitsReachOpponents(t *testing.T) {
	lim := player.Limits{Turn: 123 * time.Millisecond, Slack: 456 * time.Millisecond, Memory: 1 << 20}
	g := &Games{Base: eval.DefaultWeights(), Against: []string{"tune-limits-probe"}, Pairs: 1,
		Size: 9, Rule: game.Freestyle, Seed: 5, Jobs: 2, Limits: lim}
	i, _ := config.TunableIndex("weights.attack.three")
	g.Index = []int{i}
	if err := g.Prepare(); err != nil {
		t.Fatal(err)
	}
	probed.Lock()
	probed.limits = nil
	probed.Unlock()
	if _, n, err := g.Compare(context.Background(), 0, []float64{1300}, []float64{900}); err != nil || n != g.PerIteration() {
		t.Fatalf("played %d games, err %v", n, err)
	}
	probed.Lock()
	defer probed.Unlock()
	if len(probed.limits) != g.PerIteration() {
		t.Fatalf("%d opponents made for %d games", len(probed.limits), g.PerIteration())
	}
	for k, l := range probed.limits {
		if l != lim {
			t.Errorf("opponent %d made with %+v, want %+v", k, l, lim)
		}
	}
}

// TestDescribeBindsEngineLimits: a run against an engine resumes only
// at the same clock (its games are another objective at another), while
// a run with no engine resumes whatever the limit flags say.
func TestDescribeBindsEngineLimits(t *testing.T) {
	for _, tt := range []struct {
		against string
		binds   bool
	}{{"pbrain:./engine", true}, {"search:nodes=100", false}, {Self, false}} {
		g := &Games{Base: eval.DefaultWeights(), Against: []string{tt.against}, Pairs: 1, Size: 15}
		before := g.Describe()
		g.Limits.Turn = 100 * time.Millisecond
		if changed := g.Describe() != before; changed != tt.binds {
			t.Errorf("against %s: the description changes with the clock: %v, want %v", tt.against, changed, tt.binds)
		}
	}
}
