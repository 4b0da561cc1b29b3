package config

import (
	"fmt"
	"math"
	"sort"

	"github.com/mcgomoku/mcgomoku/sim/eval"
)

// Tune is the [tune] section: which values `mcgomoku tune` moves (the
// greedy weights, which are also the lookahead's move ordering, and the
// lookahead's leaf values),
// within what bounds and with what step sizes, and the SPSA schedule
// (sim/tune). The names follow fishtest's SPSA tuner, so its guides apply:
// step is c_end, rate is r_end, stability is A as a share of the
// iterations.
type Tune struct {
	Iterations int     // SPSA iterations (perturbations); --games overrides it
	Pairs      int     // game pairs per opponent in each iteration
	Alpha      float64 // gain decay: a_k = a / (A + k + 1)^Alpha
	Gamma      float64 // perturbation decay: c_k = c / (k + 1)^Gamma
	Stability  float64 // A = Stability × Iterations
	Rate       float64 // r_end of parameters that give none
	// Lag is how many of the latest updates an iteration does not wait
	// for (sim/tune's Schedule.Lag): 0 is textbook SPSA, 3 (the default)
	// lets four iterations play at once so that no core waits for the
	// last game of one.
	Lag int
	// Params has one entry per tunable value, indexed as TunableKeys;
	// the entries with On set are tuned. An array, not a map, so a Config
	// stays comparable.
	Params [NumTunable]TuneParam
}

// TuneParam declares how one value is tuned.
type TuneParam struct {
	On       bool
	Min, Max int32 // bounds, inclusive; the tuned value never leaves them
	// Step is c_end: the perturbation ±c_k at the last iteration, in
	// the value's units. The run starts with Step × Iterations^Gamma.
	Step float64
	// Rate is r_end: at the last iteration a game pair's result r moves
	// the weight by about Rate × Step × r. 0 means Tune.Rate.
	Rate float64
}

// MaxTuneLag bounds [tune] lag (sim/tune.MaxLag, which cannot be
// imported from here).
const MaxTuneLag = 8

// DefaultRate is fishtest's default r_end.
const DefaultRate = 0.002

// DefaultTune is the code's default [tune] section, which
// examples/default.toml restates: the plan of the shipped tuning run
// (examples/tuned.toml), over the weights below the decisive tiers.
func DefaultTune() Tune {
	t := Tune{Iterations: 10_000, Pairs: 2, Alpha: 0.602, Gamma: 0.101, Stability: 0.1, Rate: 0.03, Lag: 3}
	set := func(key string, lo, hi int32, step float64) {
		i, ok := TunableIndex(key)
		if !ok {
			panic("internal error: default tune key " + key)
		}
		t.Params[i] = TuneParam{On: true, Min: lo, Max: hi, Step: step}
	}
	set("weights.centre", 0, 40, 2)
	set("weights.attack.one", 0, 200, 5)
	set("weights.attack.two", 0, 600, 20)
	set("weights.attack.open_two", 20, 3_000, 60)
	set("weights.attack.three", 20, 3_000, 60)
	set("weights.attack.open_three", 100, 10_000, 150)
	set("weights.attack.four", 200, 12_000, 200)
	set("weights.defence.one", 0, 200, 5)
	set("weights.defence.two", 0, 600, 15)
	set("weights.defence.open_two", 20, 3_000, 50)
	set("weights.defence.three", 20, 3_000, 50)
	set("weights.defence.open_three", 100, 8_000, 100)
	set("weights.defence.four", 100, 10_000, 150)
	set("weights.attack_combo.double_three", 2_000, 60_000, 1_500)
	set("weights.defence_combo.double_three", 1_000, 40_000, 1_000)
	return t
}

// NumTunableWeights is the number of tunable greedy weights: the centre
// bias and every pattern and combination weight. Noise is not tunable: it
// adds randomness, not strength.
const NumTunableWeights = 1 + 2*int(eval.NumPatterns) + 2*int(eval.NumCombos)

// NumTunable is the number of tunable values: the greedy weights, then the
// lookahead's leaf value of every pattern (lookahead.value.*), which only
// the lookahead's play depends on.
const NumTunable = NumTunableWeights + int(eval.NumPatterns)

// LookaheadValuePrefix starts the keys of the lookahead's tunable values.
const LookaheadValuePrefix = "lookahead.value."

var tunableKeys = func() []string {
	keys := []string{"weights.centre"}
	for _, t := range []string{"attack", "defence"} {
		for _, p := range eval.PatternNames() {
			keys = append(keys, "weights."+t+"."+p)
		}
	}
	for _, t := range []string{"attack_combo", "defence_combo"} {
		for _, c := range eval.ComboNames() {
			keys = append(keys, "weights."+t+"."+c)
		}
	}
	for _, p := range eval.PatternNames() {
		keys = append(keys, LookaheadValuePrefix+p)
	}
	if len(keys) != NumTunable {
		panic("internal error: tunable keys miscounted")
	}
	return keys
}()

// TunableKeys lists the config keys of the tunable values, in index
// order: weights.centre, weights.attack.*, weights.defence.*,
// weights.attack_combo.*, weights.defence_combo.*, lookahead.value.*,
// each in enum order.
func TunableKeys() []string { return append([]string(nil), tunableKeys...) }

// TunableIndex maps a key ("weights.attack.open_three") to its index.
func TunableIndex(key string) (int, bool) {
	for i, k := range tunableKeys {
		if k == key {
			return i, true
		}
	}
	return 0, false
}

// IsLookaheadValue says whether tunable index i is one of the lookahead's
// values (lookahead.value.*) rather than a greedy weight.
func IsLookaheadValue(i int) bool { return i >= NumTunableWeights && i < NumTunable }

// TunedValue points at the value with tunable index i in c: a weight or
// one of the lookahead's values.
func TunedValue(c *Config, i int) *int32 {
	if IsLookaheadValue(i) {
		return &c.Lookahead.Value[i-NumTunableWeights]
	}
	return TunedWeight(&c.Weights, i)
}

// TunedWeight points at the weight with tunable index i, which must be
// below NumTunableWeights (TunedValue takes any index).
func TunedWeight(w *eval.Weights, i int) *int32 {
	np, nc := int(eval.NumPatterns), int(eval.NumCombos)
	switch {
	case i == 0:
		return &w.Centre
	case i < 1+np:
		return &w.Attack[i-1]
	case i < 1+2*np:
		return &w.Defence[i-1-np]
	case i < 1+2*np+nc:
		return &w.AttackCombo[i-1-2*np]
	case i < NumTunableWeights:
		return &w.DefenceCombo[i-1-2*np-nc]
	}
	panic(fmt.Sprintf("internal error: tunable index %d out of range", i))
}

// ParamRate is the r_end of tunable value i: its own or the section's.
func (t *Tune) ParamRate(i int) float64 {
	if r := t.Params[i].Rate; r > 0 {
		return r
	}
	return t.Rate
}

// CheckTune reports the first tuned value whose start value lies outside
// its bounds. The loader checks the parameters a file declares itself; a
// file that inherits the default's parameters but moves one of their
// weights outside the default bounds is only refused when it is tuned.
func (c *Config) CheckTune() error {
	for i, p := range c.Tune.Params {
		if !p.On {
			continue
		}
		if v := *TunedValue(c, i); v < p.Min || v > p.Max {
			return &Error{File: c.Source, Key: "tune.params." + tunableKeys[i],
				Msg: fmt.Sprintf("the start value %d (%s) is outside min..max %d..%d; declare [tune.params] to choose the bounds", v, tunableKeys[i], p.Min, p.Max)}
		}
	}
	return nil
}

// rawTune mirrors [tune]. A parameter is written with its key quoted,
// `"weights.attack.one" = { … }` under [tune.params], or as its own table
// [tune.params."weights.attack.one"]. Numbers that may be integers or
// floats are decoded as any.
type rawTune struct {
	Iterations *int64              `toml:"iterations"`
	Pairs      *int64              `toml:"pairs"`
	Alpha      any                 `toml:"alpha"`
	Gamma      any                 `toml:"gamma"`
	Stability  any                 `toml:"stability"`
	Rate       any                 `toml:"rate"`
	Lag        *int64              `toml:"lag"`
	Params     map[string]rawParam `toml:"params"`
}

type rawParam struct {
	Min  any `toml:"min"`
	Max  any `toml:"max"`
	Step any `toml:"step"`
	Rate any `toml:"rate"`
}

var tuneFields = []string{"min", "max", "step", "rate"}

func init() {
	// The "did you mean" hints for unknown keys in [tune] and in each
	// parameter's table (see hint).
	known["tune"] = []string{"iterations", "pairs", "alpha", "gamma", "stability", "rate", "lag", "params"}
	for _, k := range tunableKeys {
		known["tune.params."+k] = tuneFields
	}
}

// tune decodes [tune]; c holds the weights and lookahead values after
// this file's [weights] and [lookahead], the start values the declared
// bounds must contain.
func (d *decoder) tune(t *Tune, r *rawTune, c *Config) {
	d.intIn(&t.Iterations, r.Iterations, "tune.iterations", 1, 1<<30)
	d.intIn(&t.Pairs, r.Pairs, "tune.pairs", 1, 1<<16)
	d.floatIn(&t.Alpha, r.Alpha, "tune.alpha", 0, 1, false)
	d.floatIn(&t.Gamma, r.Gamma, "tune.gamma", 0, 1, false)
	d.floatIn(&t.Stability, r.Stability, "tune.stability", 0, 10, false)
	d.floatIn(&t.Rate, r.Rate, "tune.rate", 0, 1e6, true)
	d.intIn(&t.Lag, r.Lag, "tune.lag", 0, MaxTuneLag)
	if r.Params == nil {
		return // keep the base config's parameters
	}
	// A file that declares parameters tunes exactly those.
	t.Params = [NumTunable]TuneParam{}
	keys := make([]string, 0, len(r.Params))
	for k := range r.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		d.tuneParam(t, k, r.Params[k], c)
	}
}

func (d *decoder) tuneParam(t *Tune, key string, m rawParam, c *Config) {
	full := "tune.params." + key
	i, ok := TunableIndex(key)
	if !ok {
		if key == "weights.noise" {
			d.fail(full, "noise cannot be tuned: it adds randomness, not strength")
		} else {
			d.fail(full, "not a tunable value"+didYouMean(key, tunableKeys))
		}
		return
	}
	for _, f := range []struct {
		name string
		v    any
	}{{"min", m.Min}, {"max", m.Max}, {"step", m.Step}} {
		if f.v == nil {
			d.fail(full, fmt.Sprintf("missing %q (want min, max and step)", f.name))
			return
		}
	}
	// A bound is a value the section's own key accepts.
	limit := int64(math.MaxInt32)
	if IsLookaheadValue(i) {
		limit = MaxLookaheadValue
	}
	var lo, hi int64
	if !d.integer(&lo, m.Min, full+".min", 0, limit) || !d.integer(&hi, m.Max, full+".max", 0, limit) {
		return
	}
	if lo >= hi {
		d.fail(full+".max", fmt.Sprintf("max %d must be above min %d", hi, lo))
		return
	}
	p := TuneParam{On: true, Min: int32(lo), Max: int32(hi)}
	d.floatIn(&p.Step, m.Step, full+".step", 0, float64(hi-lo), true)
	d.floatIn(&p.Rate, m.Rate, full+".rate", 0, 1e6, true)
	t.Params[i] = p
	if v := *TunedValue(c, i); v < p.Min || v > p.Max {
		d.fail(full, fmt.Sprintf("the start value %d (%s) is outside min..max %d..%d", v, key, p.Min, p.Max))
	}
}

// integer takes a TOML integer in lo..hi; it reports whether it did.
func (d *decoder) integer(dst *int64, v any, key string, lo, hi int64) bool {
	n, ok := v.(int64)
	if !ok {
		d.fail(key, fmt.Sprintf("want an integer, got %s", tomlType(v)))
		return false
	}
	if n < lo || n > hi {
		d.fail(key, fmt.Sprintf("%d is out of range %d..%d", n, lo, hi))
		return false
	}
	*dst = n
	return true
}

// floatIn takes a TOML number (integer or float) in lo..hi, or above lo
// when open is set; nil leaves dst alone.
func (d *decoder) floatIn(dst *float64, v any, key string, lo, hi float64, open bool) {
	if v == nil {
		return
	}
	var f float64
	switch n := v.(type) {
	case int64:
		f = float64(n)
	case float64:
		f = n
	default:
		d.fail(key, fmt.Sprintf("want a number, got %s", tomlType(v)))
		return
	}
	if math.IsNaN(f) || f < lo || f > hi || (open && f == lo) {
		bound := "%g..%g"
		if open {
			bound = "above %g, at most %g"
		}
		d.fail(key, fmt.Sprintf("%g is out of range "+bound, f, lo, hi))
		return
	}
	*dst = f
}

func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case float64:
		return "a float"
	case int64:
		return "an integer"
	case map[string]any:
		return "a table"
	case []any, []map[string]any:
		return "an array"
	}
	return fmt.Sprintf("%T", v)
}

// TunedKeys lists the keys of the tuned values, in index order.
func (t *Tune) TunedKeys() []string {
	var keys []string
	for i, p := range t.Params {
		if p.On {
			keys = append(keys, tunableKeys[i])
		}
	}
	return keys
}

// CheckTuneAI reports a tuned lookahead value (lookahead.value.*) when the
// tuning games are played by ai, "greedy" or "lookahead", and it is not
// the lookahead: no game would depend on the value. src is the config's
// text, for the line of the value's [tune.params] entry.
func (c *Config) CheckTuneAI(ai string, src []byte) error {
	if ai == "lookahead" {
		return nil
	}
	for i, p := range c.Tune.Params {
		if p.On && IsLookaheadValue(i) {
			key := "tune.params." + tunableKeys[i]
			return &Error{File: c.Source, Line: newLocator(src).lineOf(key), Key: key,
				Msg: fmt.Sprintf("%s is the lookahead's value, and the %s AI plays these games: tune it with --ai lookahead or ai.profile = \"lookahead\"", tunableKeys[i], ai)}
		}
	}
	return nil
}
