package gen_test

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/gen"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/lookahead"
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

// TestVCTProofCatchesPlantedBugs proves that the pack's threat-space
// search is held to its twin's: a bug planted in the pack's answers to a
// three (the rendered functions edited, the native search untouched)
// must make the pack's search differ from the twin's on the threat-space
// tactics table, which is played until the first difference.
func TestVCTProofCatchesPlantedBugs(t *testing.T) {
	cfg := vctTableConfig(t)
	all, err := lookahead.ReadTactics("../sim/lookahead/testdata/tactics-vct.txt")
	if err != nil {
		t.Fatal(err)
	}
	quick := *cfg
	vctQuickDefence(&quick)
	tests := []struct {
		name string
		kind string    // the table's positions played
		rule game.Rule // ... of this rule
		cfg  *config.Config
		// edit returns a function's new text (or the text unchanged).
		edit func(path, body string) string
	}{
		{"the defender's counter-fours left out of the answers", lookahead.KindVCT, game.Freestyle, cfg, func(path, body string) string {
			if !strings.HasSuffix(path, "/la/vct/open.mcfunction") {
				return body
			}
			return dropLines(body, func(l string) bool { return strings.Contains(l, "la/scan/counter_") })
		}},
		{"the three's open-four points left out of the answers", lookahead.KindVCT, game.Freestyle, cfg, func(path, body string) string {
			if !strings.Contains(path, "/la/vct/line_") {
				return body
			}
			open := fmt.Sprintf(" matches %d ", cfg.Weights.Attack[eval.OpenFour])
			return dropLines(body, func(l string) bool { return strings.Contains(l, open) })
		}},
		// The defence's check of the opponent's threats: its line without
		// the answers to a three (the threats and blocks only).
		{"a check's line of threats without the answers", lookahead.KindDefendVCT, game.Renju, &quick, func(path, body string) string {
			if !strings.HasSuffix(path, "/la/vct/step.mcfunction") {
				return body
			}
			return dropLines(body, func(l string) bool { return strings.Contains(l, "la/vct/rec_list") })
		}},
	}
	for _, tt := range tests {
		t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
			requireCaught(t, &tacticPacks{cfg: tt.cfg, pack: editedPack(t, tt.edit)}, all, func(tc lookahead.Tactic) bool {
				return tc.Kind == tt.kind && tc.Board.Rule() == tt.rule
			}, tt.name)
		})
	}
}

// requireCaught has tp's pack solve the tactics of ts that keep admits
// (nil: all) until its search first differs from the twin's, and fails
// the test if it never does: the planted bug named what went unseen.
func requireCaught(t *testing.T, tp *tacticPacks, ts []lookahead.Tactic, keep func(lookahead.Tactic) bool, what string) {
	t.Helper()
	for _, tc := range ts {
		if keep != nil && !keep(tc) {
			continue
		}
		if _, _, err := tp.solve(t, tc); err != nil {
			t.Logf("caught as expected on %s: %v", tc.Name, err)
			return
		}
	}
	t.Fatalf("with %s, the pack's search was the twin's on every position", what)
}

// editedPack makes the lookahead pack of a config with edit applied to
// every function (edit returns a function's new text, or the text
// unchanged); it fails the test if nothing changed.
func editedPack(t *testing.T, edit func(path, body string) string) func(*config.Config) *datapack.Pack {
	return func(c *config.Config) *datapack.Pack {
		p := &datapack.Pack{Files: maps.Clone(lookaheadPack(t, c).Pack.Files)}
		changed := 0
		for path, body := range p.Files {
			if nb := edit(path, string(body)); nb != string(body) {
				p.Files[path] = []byte(nb)
				changed++
			}
		}
		if changed == 0 {
			t.Fatal("nothing planted")
		}
		return p
	}
}

// dropLines is body without the lines drop picks.
func dropLines(body string, drop func(string) bool) string {
	var keep []string
	for _, l := range strings.SplitAfter(body, "\n") {
		if !drop(l) {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "")
}

// TestCountedFoursProofCatchesPlantedBugs proves that the fours the
// continuous-fours searches count instead of placing are held to the
// twin's search, which counts them with the stones on: a miscount planted
// in the rendered functions (the native search untouched) must make the
// pack's search differ from the twin's on the tactics table, played until
// the first difference. The counts: a four's five points from the
// patterns about its cell (la/four_<colour>), a win counted before a
// line's last four, and a four that leads nowhere (la/vcf/dead,
// la/dead_<colour>) with each of its conditions dropped.
func TestCountedFoursProofCatchesPlantedBugs(t *testing.T) {
	ts, err := lookahead.ReadTactics("../sim/lookahead/testdata/tactics.txt")
	if err != nil {
		t.Fatal(err)
	}
	cfg := atQuick(config.PackDefault())
	four := fmt.Sprintf(" matches %d run ", cfg.Weights.Attack[eval.Four])
	three := fmt.Sprintf(" matches %d run return 0", cfg.Weights.Attack[eval.Three])
	tests := []struct {
		name string
		path string // the functions edited: those whose path holds it
		edit func(body string) string
	}{
		{"an open four counted as one five point", "/la/four_", func(body string) string {
			return strings.ReplaceAll(body, "add #la.K gomoku.la 2", "add #la.K gomoku.la 1")
		}},
		{"a four counted as none", "/la/four_", func(body string) string {
			return dropLines(body, func(l string) bool { return strings.Contains(l, four) })
		}},
		{"a four counted to two five points, not the last, winning nothing", "/la/vcf/next.", func(body string) string {
			return strings.ReplaceAll(body, "execute if score #la.K gomoku.la matches 2 run return run function gomoku:la/vcf/counted",
				"execute if score #la.K gomoku.la matches 2 if score #la.d gomoku.la matches 2.. run return 0\n"+
					"execute if score #la.K gomoku.la matches 2 run return run function gomoku:la/vcf/counted")
		}},
		{"every four's own line dead", "/la/dfour/no.", func(body string) string {
			return strings.ReplaceAll(body, "return 0", "return 1")
		}},
		{"a closed three on another line ignored", "/la/dead_", func(body string) string {
			return dropLines(body, func(l string) bool { return strings.Contains(l, three) })
		}},
		{"any number of four cells", "/la/vcf/next.", func(body string) string {
			return strings.ReplaceAll(body, " if score #la.n gomoku.la matches 2", "")
		}},
	}
	for _, tt := range tests {
		t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
			requireCaught(t, &tacticPacks{cfg: cfg, pack: editedPack(t, func(path, body string) string {
				if !strings.Contains(path, tt.path) {
					return body
				}
				return tt.edit(body)
			})}, ts, nil, tt.name)
		})
	}
}
