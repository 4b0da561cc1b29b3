package tune

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
)

// quadratic is a synthetic objective with a known optimum: a game between
// θ+ and θ− is won by θ+ with probability logistic(f(θ+) − f(θ−)), where
// f(θ) = −Σ ((θ_i − opt_i)/scale_i)², so the strongest θ is opt. The
// games are drawn from the seed and k alone, like real ones.
type quadratic struct {
	opt, scale []float64
	games      int
	seed       int64
	calls      int // Compare calls, to check nothing is replayed
}

func (q *quadratic) value(t []float64) float64 {
	s := 0.0
	for i := range t {
		d := (t[i] - q.opt[i]) / q.scale[i]
		s -= d * d
	}
	return s
}

func (q *quadratic) Compare(_ context.Context, k int, plus, minus []float64) (float64, int, error) {
	q.calls++
	p := 1 / (1 + math.Exp(q.value(minus)-q.value(plus)))
	rng := rand.New(rand.NewPCG(uint64(q.seed), uint64(k)))
	r := 0.0
	for range q.games {
		if rng.Float64() < p {
			r++
		} else {
			r--
		}
	}
	return r, q.games, nil
}

func (q *quadratic) Describe() string {
	return fmt.Sprintf("quadratic opt %v scale %v games %d seed %d", q.opt, q.scale, q.games, q.seed)
}

// synthetic is a three-parameter problem whose optimum sits away from
// the start in every coordinate, one of them near a bound.
func synthetic(iterations int) (*SPSA, *quadratic) {
	params := []Param{
		{Key: "a", Start: 20, Min: 0, Max: 100, Step: 2, Rate: 0.05},
		{Key: "b", Start: 500, Min: 100, Max: 2000, Step: 40, Rate: 0.05},
		{Key: "c", Start: 9, Min: 0, Max: 10, Step: 0.2, Rate: 0.05},
	}
	sp, err := NewSPSA(params, Schedule{Iterations: iterations, Alpha: 0.602, Gamma: 0.101, Stability: 0.1})
	if err != nil {
		panic(err)
	}
	return sp, &quadratic{opt: []float64{70, 1200, 2}, scale: []float64{20, 400, 3}, games: 4, seed: 7}
}

func TestGainSchedule(t *testing.T) {
	sp, _ := synthetic(1000)
	for i, p := range sp.Params {
		if got := sp.C(i, 999); math.Abs(got-p.Step) > 1e-9*p.Step {
			t.Errorf("%s: c at the last iteration = %g, want step %g", p.Key, got, p.Step)
		}
		// At the last iteration a result r moves θ by Rate·Step·r.
		if got, want := sp.A(i, 999)/sp.C(i, 999), p.Rate*p.Step; math.Abs(got-want) > 1e-9*want {
			t.Errorf("%s: a/c at the last iteration = %g, want rate×step %g", p.Key, got, want)
		}
		if got, want := sp.C(i, 0), p.Step*math.Pow(1000, 0.101); math.Abs(got-want) > 1e-9*want {
			t.Errorf("%s: c_0 = %g, want %g", p.Key, got, want)
		}
		if sp.A(i, 0) <= sp.A(i, 500) || sp.C(i, 0) <= sp.C(i, 500) {
			t.Errorf("%s: gains must decay", p.Key)
		}
	}
}

func TestNewSPSARefuses(t *testing.T) {
	ok := Param{Key: "x", Start: 5, Min: 0, Max: 10, Step: 1, Rate: 0.1}
	s := Schedule{Iterations: 10, Alpha: 0.602, Gamma: 0.101, Stability: 0.1}
	tests := []struct {
		name string
		p    []Param
		s    Schedule
	}{
		{"no params", nil, s},
		{"no iterations", []Param{ok}, Schedule{Alpha: 0.6}},
		{"start outside", []Param{{Key: "x", Start: 11, Min: 0, Max: 10, Step: 1, Rate: 1}}, s},
		{"empty bounds", []Param{{Key: "x", Start: 0, Min: 0, Max: 0, Step: 1, Rate: 1}}, s},
		{"zero step", []Param{{Key: "x", Start: 5, Min: 0, Max: 10, Rate: 1}}, s},
		{"nan rate", []Param{{Key: "x", Start: 5, Min: 0, Max: 10, Step: 1, Rate: math.NaN()}}, s},
		{"negative alpha", []Param{ok}, Schedule{Iterations: 10, Alpha: -1}},
		{"negative lag", []Param{ok}, Schedule{Iterations: 10, Lag: -1}},
		{"lag too large", []Param{ok}, Schedule{Iterations: 10, Lag: MaxLag + 1}},
	}
	for _, tt := range tests {
		if _, err := NewSPSA(tt.p, tt.s); err == nil {
			t.Errorf("%s: accepted", tt.name)
		}
	}
}

func TestDelta(t *testing.T) {
	sp, _ := synthetic(10)
	ones := 0
	for k := range 1000 {
		d := sp.Delta(1, k)
		e := sp.Delta(1, k)
		for i := range d {
			if d[i] != e[i] {
				t.Fatalf("Delta(1, %d) is not reproducible", k)
			}
			if d[i] != 1 && d[i] != -1 {
				t.Fatalf("Delta(1, %d)[%d] = %g, want ±1", k, i, d[i])
			}
			if d[i] == 1 {
				ones++
			}
		}
	}
	if ones < 1350 || ones > 1650 {
		t.Errorf("%d of 3000 signs are +1, want about half", ones)
	}
	same := 0
	for k := range 100 {
		if fmt.Sprint(sp.Delta(1, k)) == fmt.Sprint(sp.Delta(2, k)) {
			same++
		}
	}
	if same > 30 {
		t.Errorf("seeds 1 and 2 agree on %d of 100 perturbations", same)
	}
}

// TestConverges is the optimiser's acceptance test: on the synthetic
// objective SPSA ends near the known optimum from a start far from it,
// for several seeds.
func TestConverges(t *testing.T) {
	for seed := int64(1); seed <= 3; seed++ {
		sp, q := synthetic(3000)
		q.seed = seed
		r := &Run{SPSA: sp, Objective: q, Seed: seed, Batch: 500}
		st := r.New()
		if err := r.Continue(context.Background(), st); err != nil {
			t.Fatal(err)
		}
		for i, p := range sp.Params {
			// Within 0.3 of the scale: f is then within 0.09 of its best
			// in each coordinate, from starts 2.5 and 2.3 scales away.
			if d := math.Abs(st.Theta[i] - q.opt[i]); d > 0.3*q.scale[i] {
				t.Errorf("seed %d: %s = %.2f, want %g ± %g (start %g)", seed, p.Key, st.Theta[i], q.opt[i], 0.3*q.scale[i], p.Start)
			}
		}
		if st.Games != 3000*q.games || q.calls != 3000 {
			t.Errorf("seed %d: %d games in %d calls, want %d in 3000", seed, st.Games, q.calls, 3000*q.games)
		}
	}
}

// TestValidRegion: with a constraint beyond the bounds, every candidate
// and every θ stays inside it, and pulling back is counted.
func TestValidRegion(t *testing.T) {
	sp, q := synthetic(400)
	// The optimum (70, 1200) is outside a + b/20 <= 100: the run must
	// press against the constraint without crossing it.
	valid := func(th []float64) bool { return th[0]+th[1]/20 <= 100 }
	checked := 0
	sp.Valid = func(th []float64) bool { checked++; return valid(th) }
	theta := sp.Start()
	pulled := 0
	for k := range sp.Iterations {
		d := sp.Delta(3, k)
		plus, minus, p := sp.Candidates(theta, d, k)
		if !valid(plus) || !valid(minus) {
			t.Fatalf("iteration %d: invalid candidate %v / %v", k, plus, minus)
		}
		r, _, _ := q.Compare(context.Background(), k, plus, minus)
		var u int
		theta, u = sp.Update(theta, d, k, r)
		if !valid(theta) {
			t.Fatalf("iteration %d: invalid θ %v", k, theta)
		}
		for i, pr := range sp.Params {
			if theta[i] < pr.Min || theta[i] > pr.Max {
				t.Fatalf("iteration %d: %s = %g is outside its bounds", k, pr.Key, theta[i])
			}
		}
		pulled += p + u
	}
	if pulled == 0 || checked == 0 {
		t.Errorf("the constraint was never met (pulled %d, checked %d)", pulled, checked)
	}
	if s := theta[0] + theta[1]/20; s < 90 {
		t.Errorf("θ = %v ends far from the constraint (a + b/20 = %.1f), want it pressed against 100", theta, s)
	}
}

func TestMaxLagAgreesWithConfig(t *testing.T) {
	if config.MaxTuneLag != MaxLag {
		t.Errorf("config.MaxTuneLag %d, tune.MaxLag %d", config.MaxTuneLag, MaxLag)
	}
}
