package config

import (
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/examples"
	"github.com/mcgomoku/mcgomoku/sim/eval"
)

func TestTunableKeys(t *testing.T) {
	keys := TunableKeys()
	if len(keys) != NumTunable {
		t.Fatalf("got %d keys, want %d", len(keys), NumTunable)
	}
	var c Config
	w := &c.Weights
	seen := map[*int32]string{}
	for i, k := range keys {
		if j, ok := TunableIndex(k); !ok || j != i {
			t.Errorf("TunableIndex(%q) = %d, %v; want %d", k, j, ok, i)
		}
		p := TunedValue(&c, i)
		if other, dup := seen[p]; dup {
			t.Errorf("%s and %s share a value", k, other)
		}
		seen[p] = k
		if look := strings.HasPrefix(k, LookaheadValuePrefix); look != IsLookaheadValue(i) {
			t.Errorf("%s: IsLookaheadValue = %v", k, !look)
		}
		if !IsLookaheadValue(i) && TunedWeight(w, i) != p {
			t.Errorf("%s: TunedWeight and TunedValue point at different fields", k)
		}
	}
	// Spot checks that key and field agree.
	for _, tt := range []struct {
		key  string
		want *int32
	}{
		{"weights.centre", &w.Centre},
		{"weights.attack.open_three", &w.Attack[eval.OpenThree]},
		{"weights.defence.five", &w.Defence[eval.Five]},
		{"weights.attack_combo.double_three", &w.AttackCombo[eval.DoubleThree]},
		{"weights.defence_combo.double_four", &w.DefenceCombo[eval.DoubleFour]},
		{"lookahead.value.none", &c.Lookahead.Value[eval.None]},
		{"lookahead.value.open_three", &c.Lookahead.Value[eval.OpenThree]},
		{"lookahead.value.five", &c.Lookahead.Value[eval.Five]},
	} {
		i, ok := TunableIndex(tt.key)
		if !ok {
			t.Errorf("%s: not tunable", tt.key)
			continue
		}
		if got := TunedValue(&c, i); got != tt.want {
			t.Errorf("%s: points at the wrong field", tt.key)
		}
	}
	if _, ok := TunableIndex("weights.noise"); ok {
		t.Error("noise must not be tunable")
	}
}

func TestTuneDecode(t *testing.T) {
	src := `
[tune]
iterations = 100
pairs = 3
alpha = 0.6
gamma = 0.1
stability = 1   # an integer where a float is expected
rate = 0.05

[tune.params]
"weights.attack.one" = { min = 0, max = 50, step = 2 }

[tune.params."weights.defence_combo.double_three"]
min = 1_000
max = 20_000
step = 500.5
rate = 0.1
`
	c, err := Parse("t.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tu := c.Tune
	if tu.Iterations != 100 || tu.Pairs != 3 || tu.Alpha != 0.6 || tu.Gamma != 0.1 || tu.Stability != 1 || tu.Rate != 0.05 {
		t.Errorf("schedule: got %+v", tu)
	}
	if got, want := tu.TunedKeys(), []string{"weights.attack.one", "weights.defence_combo.double_three"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("tuned keys: got %v, want %v (a file's params replace the default's)", got, want)
	}
	i, _ := TunableIndex("weights.defence_combo.double_three")
	if got, want := tu.Params[i], (TuneParam{On: true, Min: 1000, Max: 20000, Step: 500.5, Rate: 0.1}); got != want {
		t.Errorf("double_three: got %v, want %v", got, want)
	}
	j, _ := TunableIndex("weights.attack.one")
	if got := tu.ParamRate(j); got != 0.05 {
		t.Errorf("attack.one rate: got %g, want the section's 0.05", got)
	}
	if got := tu.ParamRate(i); got != 0.1 {
		t.Errorf("double_three rate: got %g, want its own 0.1", got)
	}
}

func TestTuneInherits(t *testing.T) {
	c, err := Parse("t.toml", []byte("[tune]\niterations = 7\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := DefaultTune()
	want.Iterations = 7
	if c.Tune != want {
		t.Errorf("got %+v\nwant the default's params with iterations 7", c.Tune)
	}
	if err := c.CheckTune(); err != nil {
		t.Errorf("CheckTune: %v", err)
	}
	// A weight moved outside an inherited bound loads (the config may be
	// meant for gen) but cannot be tuned.
	c, err = Parse("t.toml", []byte("[weights.attack]\none = 500\n"))
	if err != nil {
		t.Fatal(err)
	}
	err = c.CheckTune()
	if err == nil || !strings.Contains(err.Error(), `t.toml: key "tune.params.weights.attack.one": the start value 500`) {
		t.Errorf("CheckTune: got %v", err)
	}
}

func TestTuneErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"unknown tune key", "[tune]\niteration = 5\n", `bad.toml:2: key "tune.iteration": unknown key; did you mean "iterations"?`},
		{"iterations range", "[tune]\niterations = 0\n", `bad.toml:2: key "tune.iterations": 0 is out of range 1..`},
		{"alpha type", "[tune]\nalpha = \"fast\"\n", `bad.toml:2: key "tune.alpha": want a number, got a string`},
		{"alpha range", "[tune]\nalpha = 1.5\n", `bad.toml:2: key "tune.alpha": 1.5 is out of range 0..1`},
		{"rate zero", "[tune]\nrate = 0\n", `key "tune.rate": 0 is out of range above 0`},
		{"lag range", "[tune]\nlag = 9\n", `bad.toml:2: key "tune.lag": 9 is out of range 0..8`},
		{"rate nan", "[tune]\nrate = nan\n", `key "tune.rate": NaN is out of range`},
		{"not a weight", "[tune.params]\n\"weights.attack.open_tree\" = { min = 0, max = 9, step = 1 }\n",
			`bad.toml:2: key "tune.params.weights.attack.open_tree": not a tunable value; did you mean "weights.attack.open_three"?`},
		{"noise", "[tune.params]\n\"weights.noise\" = { min = 0, max = 9, step = 1 }\n", `noise cannot be tuned`},
		{"unknown field", "[tune.params]\n\"weights.centre\" = { min = 0, max = 9, stpe = 1 }\n",
			`bad.toml:2: key "tune.params.\"weights.centre\".stpe": unknown key; did you mean "step"?`},
		{"missing step", "[tune.params]\n\"weights.centre\" = { min = 0, max = 9 }\n", `bad.toml:2: key "tune.params.weights.centre": missing "step"`},
		{"float bound", "[tune.params]\n\"weights.centre\" = { min = 0.5, max = 9, step = 1 }\n", `key "tune.params.weights.centre.min": want an integer, got a float`},
		{"negative bound", "[tune.params]\n\"weights.centre\" = { min = -1, max = 9, step = 1 }\n", `-1 is out of range 0..2147483647`},
		{"empty range", "[tune.params]\n\"weights.centre\" = { min = 9, max = 9, step = 1 }\n", `max 9 must be above min 9`},
		{"step too big", "[tune.params]\n\"weights.centre\" = { min = 0, max = 9, step = 10 }\n", `key "tune.params.weights.centre.step": 10 is out of range above 0, at most 9`},
		{"start outside", "[weights]\ncentre = 7\n[tune.params]\n\"weights.centre\" = { min = 10, max = 20, step = 1 }\n",
			`bad.toml:4: key "tune.params.weights.centre": the start value 7 (weights.centre) is outside min..max 10..20`},
		{"table form line", "[tune.params.\"weights.centre\"]\nmin = 0\nmax = 9\nstep = 0\n", `bad.toml:4: key "tune.params.weights.centre.step": 0 is out of range`},
		// The lookahead's values: the bounds of [lookahead.value] itself.
		{"lookahead value typo", "[tune.params]\n\"lookahead.value.open_tree\" = { min = 0, max = 9, step = 1 }\n",
			`bad.toml:2: key "tune.params.lookahead.value.open_tree": not a tunable value; did you mean "lookahead.value.open_three"?`},
		{"lookahead value above its limit", "[tune.params]\n\"lookahead.value.four\" = { min = 0, max = 70_000, step = 100 }\n",
			`bad.toml:2: key "tune.params.lookahead.value.four.max": 70000 is out of range 0..65536`},
		{"lookahead start outside", "[lookahead.value]\nthree = 15\n[tune.params]\n\"lookahead.value.three\" = { min = 20, max = 90, step = 5 }\n",
			`bad.toml:4: key "tune.params.lookahead.value.three": the start value 15 (lookahead.value.three) is outside min..max 20..90`},
		{"lookahead unknown field", "[tune.params]\n\"lookahead.value.two\" = { min = 0, max = 9, step = 1, rat = 2 }\n",
			`bad.toml:2: key "tune.params.\"lookahead.value.two\".rat": unknown key; did you mean "rate"?`},
		// The TOML decoder's own message: config.go's pattern for type
		// errors does not take quoted keys apart.
		{"not a table", "[tune.params]\n\"weights.centre\" = 5\n", `bad.toml: line 2 (last key "tune.params.\"weights.centre\""): type mismatch for config.rawParam: expected table`},
	}
	for _, tt := range tests {
		_, err := Parse("bad.toml", []byte(tt.src))
		if err == nil {
			t.Errorf("%s: accepted", tt.name)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s:\n got %v\nwant %s", tt.name, err, tt.want)
		}
	}
}

func TestTuneLookaheadValues(t *testing.T) {
	src := `
[lookahead.value]
open_three = 70

[tune.params]
"lookahead.value.open_three" = { min = 10, max = 600, step = 15 }
"weights.attack.open_three" = { min = 100, max = 10_000, step = 150 }
`
	c, err := Parse("t.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.Tune.TunedKeys(), []string{"weights.attack.open_three", "lookahead.value.open_three"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("tuned keys: got %v, want %v", got, want)
	}
	i, _ := TunableIndex("lookahead.value.open_three")
	if got, want := c.Tune.Params[i], (TuneParam{On: true, Min: 10, Max: 600, Step: 15}); got != want {
		t.Errorf("lookahead.value.open_three: got %v, want %v", got, want)
	}
	if got := *TunedValue(c, i); got != 70 {
		t.Errorf("start value: got %d, want the file's 70", got)
	}
	if err := c.CheckTune(); err != nil {
		t.Errorf("CheckTune: %v", err)
	}
	// Only the lookahead's games depend on its values.
	if err := c.CheckTuneAI("lookahead", []byte(src)); err != nil {
		t.Errorf("CheckTuneAI(lookahead): %v", err)
	}
	err = c.CheckTuneAI("greedy", []byte(src))
	if err == nil || !strings.Contains(err.Error(), `t.toml:6: key "tune.params.lookahead.value.open_three": lookahead.value.open_three is the lookahead's value, and the greedy AI plays these games`) {
		t.Errorf("CheckTuneAI(greedy): got %v", err)
	}
	// Weights alone are tuned with either AI playing.
	d := Default()
	if err := d.CheckTuneAI("greedy", examples.Default); err != nil {
		t.Errorf("CheckTuneAI(greedy) of the default: %v", err)
	}
	// A value moved outside an inherited bound is caught when tuned.
	_, err = Parse("t.toml", []byte(strings.Replace(src, "open_three = 70", "open_three = 900", 1)))
	if err == nil || !strings.Contains(err.Error(), `the start value 900 (lookahead.value.open_three)`) {
		t.Errorf("a start value outside the bounds: got %v", err)
	}
}

// TestLookaheadTunePlan: the plans of the lookahead's tuning runs start
// from the lookahead examples/tuned.toml builds (its weights, the default
// [lookahead]), so what they measure against their start is measured
// against that lookahead. The runs played its quick level (the default
// before levels existed): the values-only plan says so in its
// lookahead.level, the shipped run's plan starts a pack's boards at the
// default level, as the tuned config it made (the lookahead's default)
// does, and its command gives --level quick.
func TestLookaheadTunePlan(t *testing.T) {
	for _, tc := range []struct{ file, level string }{{"lookahead-tune.toml", "strong"}, {"lookahead-values-tune.toml", "quick"}} {
		f := tc.file
		c, err := Load("../../examples/" + f)
		if err != nil {
			t.Fatal(err)
		}
		d := PackDefault()
		want := d.Lookahead
		want.DefaultLevel, _ = want.LevelIndex(tc.level)
		if c.Weights != d.Weights || c.Lookahead != want || c.Game != d.Game {
			t.Errorf("%s does not start from examples/tuned.toml's lookahead at its %s level (its weights, the default [lookahead])", f, tc.level)
		}
		if c.AI.Profile != "lookahead" || len(c.Tune.TunedKeys()) == 0 {
			t.Errorf("%s does not tune the lookahead: profile %q, keys %v", f, c.AI.Profile, c.Tune.TunedKeys())
		}
		if err := c.CheckTune(); err != nil {
			t.Error(err)
		}
	}
}

// TestVCTTunedCopy: sim/lookahead/testdata/vct-tuned.toml, whose figures
// docs/strength.md gives, is examples/tuned-lookahead.toml's lookahead with
// vct.toml's budgets.
func TestVCTTunedCopy(t *testing.T) {
	load := func(path string) *Config {
		t.Helper()
		c, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	got := load("../lookahead/testdata/vct-tuned.toml")
	tuned := load("../../examples/tuned-lookahead.toml")
	want := load("../lookahead/testdata/vct.toml").Lookahead
	want.Value = tuned.Lookahead.Value
	if got.Weights != tuned.Weights || got.Lookahead != want {
		t.Errorf("vct-tuned.toml is not tuned-lookahead.toml's lookahead with vct.toml's budgets:\n got %+v\nwant %+v", got.Lookahead, want)
	}
}
