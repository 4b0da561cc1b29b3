package gen_test

import (
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/gen"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
)

// TestDifferentialCatchesPlantedBug proves that the differential proof
// can fail: a bug planted in the pack alone (one weight off by one in the
// plan, the native model untouched) must be reported as a score
// difference. +1 on attack.three once passed every move comparison of the
// old, move-only proof: it rarely changes the best cell.
func TestDifferentialCatchesPlantedBug(t *testing.T) {
	tests := []struct {
		name    string
		profile string
		rule    game.Rule
		plant   func(t *testing.T, p *gen.Plan)
		want    string
	}{
		{"attack.three+1", packplay.Greedy, game.Freestyle, plantWeight("three", func(pp *gen.PatternPlan) { pp.Attack++ }), "gomoku.total_"},
		{"renju defence.open_two+1", packplay.Greedy, game.Renju, plantWeight("open_two", func(pp *gen.PatternPlan) { pp.Defence++ }), "gomoku.total_"},
		{"seed000 attack+1", packplay.Seed000, game.Freestyle, func(t *testing.T, p *gen.Plan) {
			p.Seed000.Attack++
		}, "seed000 scores differ"},
		// The lookahead: a search one ply shallower, or a leaf value one
		// more, chooses from other values (the move may stay the same).
		{"lookahead depth-1", packplay.Lookahead, game.Freestyle, func(t *testing.T, p *gen.Plan) {
			plantBudget(p.Look, p.Look.DefaultLevel, "depth", -1)
		}, "the pack's search chose"},
		{"lookahead value.open_two+1", packplay.Lookahead, game.Renju, plantWeight("open_two", func(pp *gen.PatternPlan) { pp.Value++ }), "the pack's search chose"},
	}
	seed := diffSeed(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cfg := atQuick(config.Default())
			cfg.Game.Size = diffSmallSize
			cfg.Game.Rule = tt.rule
			in, err := gen.FromConfig(cfg, tt.profile)
			if err != nil {
				t.Fatal(err)
			}
			p, err := gen.BuildPlan(in)
			if err != nil {
				t.Fatal(err)
			}
			tt.plant(t, p)
			pack, err := gen.Render(p)
			if err != nil {
				t.Fatal(err)
			}
			c := diffCase{name: tt.name, cfg: cfg, profile: tt.profile, model: in.Model, pack: pack, look: p.Look}
			var v verdict
			failures := v.run(func(pt proofT) { proveCase(pt, c, seed, diffShortPositions, diffShortGames) })
			if len(failures) == 0 {
				t.Fatalf("the proof passed a pack with %s planted", tt.name)
			}
			t.Logf("caught as expected:\n%s", failures[0])
			if !strings.Contains(failures[0], tt.want) {
				t.Errorf("the proof failed, but not on the scores (want %q):\n%s", tt.want, failures[0])
			}
		})
	}
}

// plantWeight changes the pack's values of one pattern in the plan: in
// every lookup leaf, for either colour.
func plantWeight(pattern string, change func(*gen.PatternPlan)) func(*testing.T, *gen.Plan) {
	return func(t *testing.T, p *gen.Plan) {
		found := false
		for i := range p.Greedy.Pairs {
			for _, pp := range []*gen.PatternPlan{&p.Greedy.Pairs[i].B, &p.Greedy.Pairs[i].W} {
				if pp.Name == pattern {
					change(pp)
					found = true
				}
			}
		}
		if !found {
			t.Fatalf("the plan's lookup has no pattern named %s", pattern)
		}
	}
}
