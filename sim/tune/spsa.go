package tune

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// Param is one tuned value.
type Param struct {
	Key      string  // the config key, "weights.attack.open_three"
	Start    float64 // the value the run starts from
	Min, Max float64 // bounds, inclusive
	Step     float64 // c_end: the perturbation at the last iteration
	Rate     float64 // r_end: the learning rate at the last iteration
}

// Schedule is SPSA's gain schedule, as fishtest's tuner sets it up.
type Schedule struct {
	Iterations int     // N, the number of iterations
	Alpha      float64 // decay of the gain a_k
	Gamma      float64 // decay of the perturbation c_k
	Stability  float64 // A as a share of N (fishtest: 0.1)
	// Lag is how many of the latest updates an iteration's candidates do
	// not see: iteration k perturbs θ as it was after iteration k−1−Lag
	// (the start for the first Lag+1) and its result moves the θ of
	// iteration k−1. 0 is textbook SPSA, where each iteration waits for
	// the last; with Lag ≥ 1 iterations k..k+Lag play at once, as
	// fishtest's workers do, so two cores are never left waiting for an
	// iteration's last game.
	Lag int
}

// MaxLag bounds Schedule.Lag: three keeps two cores busy (one left gaps
// between iterations), a few more serve more cores.
const MaxLag = 8

// SPSA is simultaneous perturbation stochastic approximation over the
// parameters, with fishtest's parametrisation. Per parameter i:
//
//	c_i = Step_i · N^γ              so c_k = c_i/(k+1)^γ is Step_i at k = N−1
//	a_i = Rate_i · Step_i² · (A+N)^α  so a_k = a_i/(A+k+1)^α is Rate_i·Step_i² there
//
// and iteration k (0-based) perturbs θ by ±c_k·Δ with Δ a random ±1 per
// parameter, measures the result r of θ+ against θ−, and moves
// θ_i += a_k,i · r / (c_k,i · Δ_i). Everything random derives from the
// seed and k, so a run is reproducible and resumable from any iteration.
type SPSA struct {
	Params []Param
	Schedule
	// Valid, when set, says whether a point is acceptable beyond its
	// bounds (for weights: eval.Weights.Validate). A candidate that is not
	// is pulled back towards the current θ, which always is.
	Valid func(theta []float64) bool

	bigA float64
	a, c []float64
}

// NewSPSA checks the parameters and schedule and precomputes the gains.
func NewSPSA(params []Param, s Schedule) (*SPSA, error) {
	if len(params) == 0 {
		return nil, errors.New("no parameters to tune")
	}
	if s.Iterations <= 0 {
		return nil, fmt.Errorf("want at least one iteration, got %d", s.Iterations)
	}
	if !(s.Alpha >= 0 && s.Gamma >= 0 && s.Stability >= 0) {
		return nil, fmt.Errorf("alpha, gamma and stability must not be negative")
	}
	if s.Lag < 0 || s.Lag > MaxLag {
		return nil, fmt.Errorf("lag %d is outside 0..%d", s.Lag, MaxLag)
	}
	sp := &SPSA{Params: params, Schedule: s, bigA: s.Stability * float64(s.Iterations)}
	n := float64(s.Iterations)
	for _, p := range params {
		switch {
		case !(p.Min < p.Max):
			return nil, fmt.Errorf("%s: min %g must be below max %g", p.Key, p.Min, p.Max)
		case p.Start < p.Min || p.Start > p.Max:
			return nil, fmt.Errorf("%s: start %g is outside %g..%g", p.Key, p.Start, p.Min, p.Max)
		case !(p.Step > 0) || !(p.Rate > 0) || math.IsInf(p.Step, 0) || math.IsInf(p.Rate, 0):
			return nil, fmt.Errorf("%s: step and rate must be positive", p.Key)
		}
		sp.c = append(sp.c, p.Step*math.Pow(n, s.Gamma))
		sp.a = append(sp.a, p.Rate*p.Step*p.Step*math.Pow(sp.bigA+n, s.Alpha))
	}
	return sp, nil
}

// Start is θ at iteration 0.
func (s *SPSA) Start() []float64 {
	t := make([]float64, len(s.Params))
	for i, p := range s.Params {
		t[i] = p.Start
	}
	return t
}

// C is the perturbation c_k of parameter i at iteration k.
func (s *SPSA) C(i, k int) float64 { return s.c[i] / math.Pow(float64(k+1), s.Gamma) }

// A is the gain a_k of parameter i at iteration k.
func (s *SPSA) A(i, k int) float64 { return s.a[i] / math.Pow(s.bigA+float64(k+1), s.Alpha) }

// Delta is iteration k's perturbation direction: ±1 per parameter
// (Rademacher), from the seed and k alone.
func (s *SPSA) Delta(seed int64, k int) []float64 {
	rng := rand.New(rand.NewPCG(mix(seed, streamDelta, uint64(k)), 0))
	d := make([]float64, len(s.Params))
	for i := range d {
		d[i] = 1
		if rng.Uint64()&1 == 1 {
			d[i] = -1
		}
	}
	return d
}

// Candidates returns θ+ = θ + c_k·Δ and θ− = θ − c_k·Δ, each clipped to
// the bounds and pulled back into the valid region. pulled counts the
// candidates that had to be pulled back.
func (s *SPSA) Candidates(theta, delta []float64, k int) (plus, minus []float64, pulled int) {
	plus = make([]float64, len(theta))
	minus = make([]float64, len(theta))
	for i, p := range s.Params {
		ck := s.C(i, k)
		plus[i] = clamp(theta[i]+ck*delta[i], p.Min, p.Max)
		minus[i] = clamp(theta[i]-ck*delta[i], p.Min, p.Max)
	}
	plus, a := s.project(theta, plus)
	minus, b := s.project(theta, minus)
	return plus, minus, a + b
}

// Update returns θ moved by iteration k's result r (θ+'s side), clipped to
// the bounds and pulled back into the valid region (pulled is 0 or 1).
func (s *SPSA) Update(theta, delta []float64, k int, r float64) (next []float64, pulled int) {
	next = make([]float64, len(theta))
	for i, p := range s.Params {
		next[i] = clamp(theta[i]+s.A(i, k)*r/(s.C(i, k)*delta[i]), p.Min, p.Max)
	}
	return s.project(theta, next)
}

// project returns to when it is valid, else the furthest point found by
// bisection on the segment from → to that is (from must be valid). The
// valid region is not convex in general, so this is a pull-back, not an
// exact projection; it keeps every point the run uses valid, which is
// what matters.
func (s *SPSA) project(from, to []float64) ([]float64, int) {
	if s.Valid == nil || s.Valid(to) {
		return to, 0
	}
	lo, hi := 0.0, 1.0
	at := func(t float64) []float64 {
		p := make([]float64, len(from))
		for i := range p {
			p[i] = from[i] + t*(to[i]-from[i])
		}
		return p
	}
	for range 40 {
		mid := (lo + hi) / 2
		if s.Valid(at(mid)) {
			lo = mid
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return append([]float64(nil), from...), 1
	}
	return at(lo), 1
}

func clamp(v, lo, hi float64) float64 { return max(lo, min(hi, v)) }

// Streams keep the random numbers drawn for different purposes apart.
const (
	streamDelta uint64 = iota + 1
	streamOpenings
	streamGame
	streamCheck
	streamShuffle
	streamVerify
)

// mix derives a seed from the run's seed, a stream and an index with
// splitmix64 steps, so neighbouring iterations get unrelated numbers.
func mix(seed int64, stream, index uint64) uint64 {
	z := uint64(seed)
	for _, v := range []uint64{stream, index} {
		z += 0x9e3779b97f4a7c15 * (v + 1)
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		z ^= z >> 31
	}
	return z
}
