package tune

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// interrupted runs r from the start, cancelling (as Ctrl-C does) one
// iteration into batch number stopAfter, then resumes from the checkpoint
// file with a fresh Run made by mk, as `mcgomoku tune --resume` does; it
// returns the final state.
func interrupted(t *testing.T, mk func() *Run, stopAfter int) *State {
	t.Helper()
	path := filepath.Join(t.TempDir(), "run.tune.json")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := mk()
	r.Save = func(st *State) error { return st.Save(path) }
	r.Progress = func(s Status) {
		if s.Iteration == stopAfter*r.Batch+1 {
			cancel()
		}
	}
	st := r.New()
	if err := st.Save(path); err != nil { // as the command does
		t.Fatal(err)
	}
	err := r.Continue(ctx, st)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("first leg: got %v, want it cancelled", err)
	}
	if st.Done() {
		t.Fatalf("first leg ran to the end")
	}
	loaded, err := LoadState(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(loaded, st) {
		t.Fatalf("the checkpoint does not hold the state at the last batch:\n got %+v\nwant %+v", loaded, st)
	}
	r2 := mk()
	r2.Save = func(st *State) error { return st.Save(path) }
	if err := r2.Continue(context.Background(), loaded); err != nil {
		t.Fatal(err)
	}
	return loaded
}

func TestResumeSynthetic(t *testing.T) {
	mk := func() *Run {
		sp, q := synthetic(1000)
		return &Run{SPSA: sp, Objective: q, Seed: 5, Batch: 64} // 1000 is no multiple of 64
	}
	want := mk()
	st := want.New()
	if err := want.Continue(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	for _, stop := range []int{1, 7, 15} {
		got := interrupted(t, mk, stop)
		if !reflect.DeepEqual(got, st) {
			t.Errorf("stopped after %d batches: the resumed run ends at θ %v, the uninterrupted one at %v (or their histories differ)", stop, got.Theta, st.Theta)
		}
	}
	if n := len(st.History); n != 1+16 {
		t.Errorf("history has %d points, want the start and 16 batches", n)
	}
}

// TestLagSynthetic: a lagged run resumes exactly, still finds the
// optimum's neighbourhood, and is another run than textbook SPSA's (its
// candidates are drawn around older θ).
func TestLagSynthetic(t *testing.T) {
	var ends [][]float64
	for _, lag := range []int{0, 1, 3} {
		mk := func() *Run {
			sp, q := synthetic(1000)
			sp.Lag = lag
			return &Run{SPSA: sp, Objective: q, Seed: 5, Batch: 64}
		}
		r := mk()
		st := r.New()
		if err := r.Continue(context.Background(), st); err != nil {
			t.Fatal(err)
		}
		for _, stop := range []int{1, 9} {
			if got := interrupted(t, mk, stop); !reflect.DeepEqual(got, st) {
				t.Errorf("lag %d, stopped after %d batches: θ %v, uninterrupted %v (or their histories differ)", lag, stop, got.Theta, st.Theta)
			}
		}
		for _, e := range ends {
			if reflect.DeepEqual(e, st.Theta) {
				t.Errorf("lag %d ends where a smaller lag did: %v", lag, e)
			}
		}
		ends = append(ends, st.Theta)
		_, q := synthetic(1)
		if v, start := q.value(st.Theta), q.value(r.SPSA.Start()); v <= start {
			t.Errorf("lag %d: f(θ) = %g at the end, %g at the start: no progress", lag, v, start)
		}
	}
}

func TestResumeRefusesOtherSettings(t *testing.T) {
	sp, q := synthetic(100)
	r := &Run{SPSA: sp, Objective: q, Seed: 5, Batch: 10}
	st := r.New()
	other := *q
	other.games = 6
	lagged, _ := synthetic(100)
	lagged.Lag = 2
	for _, tt := range []struct {
		name string
		r    *Run
		want string
	}{
		{"seed", &Run{SPSA: sp, Objective: q, Seed: 6, Batch: 10}, "seed: 6 against 5"},
		{"batch", &Run{SPSA: sp, Objective: q, Seed: 5, Batch: 20}, "batch: 20 against 10"},
		{"lag", &Run{SPSA: lagged, Objective: q, Seed: 5, Batch: 10}, "lag: 2 against null"},
		{"objective", &Run{SPSA: sp, Objective: &other, Seed: 5, Batch: 10}, "objective:"},
	} {
		err := tt.r.Continue(context.Background(), st)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error naming %q", tt.name, err, tt.want)
		}
	}
	sp2, _ := synthetic(200)
	if err := (&Run{SPSA: sp2, Objective: q, Seed: 5, Batch: 10}).Resumable(st); err == nil || !strings.Contains(err.Error(), "iterations: 200 against 100") {
		t.Errorf("iterations: got %v", err)
	}
}

// tinyGames is a real tuning problem small enough for a test: two weights
// on a 9×9 board, against self, the start and a seed port.
func tinyGames(jobs int) (*SPSA, *Games) { return tinyGamesLag(jobs, 0) }

// tinyGamesLag is tinyGames with a Schedule.Lag.
func tinyGamesLag(jobs, lag int) (*SPSA, *Games) {
	w := eval.DefaultWeights()
	var params []Param
	var index []int
	for _, k := range []struct {
		key      string
		min, max float64
		step     float64
	}{
		{"weights.attack.open_three", 500, 6000, 200},
		{"weights.defence.three", 20, 1000, 40},
	} {
		i, _ := config.TunableIndex(k.key)
		params = append(params, Param{Key: k.key, Start: float64(*config.TunedWeight(&w, i)), Min: k.min, Max: k.max, Step: k.step, Rate: 0.05})
		index = append(index, i)
	}
	g := &Games{Base: w, Index: index, Against: []string{Self, StartPlayer, "seed002"}, Pairs: 1,
		Size: 9, Rule: game.Freestyle, Seed: 3, Jobs: jobs}
	if err := g.Prepare(); err != nil {
		panic(err)
	}
	sp, err := NewSPSA(params, Schedule{Iterations: 12, Alpha: 0.602, Gamma: 0.101, Stability: 0.1, Lag: lag})
	if err != nil {
		panic(err)
	}
	sp.Valid = g.Valid
	return sp, g
}

// compareOnly hides Games's Start: the run plays its iterations one
// after another through Compare.
type compareOnly struct{ *Games }

func (c compareOnly) Start() {} // not a Starter's Start

// TestLagGames: with a lag, iterations played at once by Start give the
// very run that Compare gives one iteration after another, whatever the
// number of jobs, with checks overlapping or not, interrupted or not.
func TestLagGames(t *testing.T) {
	for _, lag := range []int{0, 1, 2} {
		sequential := func() *Run {
			sp, g := tinyGamesLag(1, lag)
			return &Run{SPSA: sp, Objective: compareOnly{g}, Seed: 3, Batch: 4,
				Check: func(ctx context.Context, b int, th []float64) (*Strength, error) { return g.Check(ctx, b, th, 2) }}
		}
		r := sequential()
		if _, ok := r.Objective.(Starter); ok {
			t.Fatal("compareOnly is still a Starter")
		}
		want := r.New()
		if err := r.Continue(context.Background(), want); err != nil {
			t.Fatal(err)
		}
		if len(want.Behind) != lag || want.Games != 12*10 {
			t.Fatalf("lag %d: %d points behind, %d games", lag, len(want.Behind), want.Games)
		}
		if got := interrupted(t, sequential, 2); !reflect.DeepEqual(got, want) {
			t.Errorf("lag %d, one iteration at a time, interrupted: θ %v, uninterrupted θ %v (or their histories differ)", lag, got.Theta, want.Theta)
		}
		for _, jobs := range []int{1, 2, 3} {
			for _, overlap := range []bool{false, true} {
				mk := func() *Run {
					sp, g := tinyGamesLag(jobs, lag)
					r := &Run{SPSA: sp, Objective: g, Seed: 3, Batch: 4,
						Check: func(ctx context.Context, b int, th []float64) (*Strength, error) { return g.Check(ctx, b, th, 2) }}
					if overlap {
						r.Overlap = g
						r.Check = func(ctx context.Context, b int, th []float64) (*Strength, error) { return g.CheckAside(ctx, b, th, 2) }
					}
					return r
				}
				r := mk()
				st := r.New()
				if err := r.Continue(context.Background(), st); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(st, want) {
					t.Errorf("lag %d, %d jobs, overlap %v: θ %v, one iteration at a time θ %v (or their histories differ)", lag, jobs, overlap, st.Theta, want.Theta)
				}
				for _, stop := range []int{1, 2} {
					if got := interrupted(t, mk, stop); !reflect.DeepEqual(got, want) {
						t.Errorf("lag %d, %d jobs, overlap %v, interrupted after %d batches: θ %v, want %v (or their histories differ)", lag, jobs, overlap, stop, got.Theta, want.Theta)
					}
				}
			}
		}
	}
}

// TestResumeGames: real games give the same final weights whether the
// run is interrupted and resumed or not, and whatever the number of jobs.
func TestResumeGames(t *testing.T) {
	mk := func(jobs int) func() *Run {
		return func() *Run {
			sp, g := tinyGames(jobs)
			return &Run{SPSA: sp, Objective: g, Seed: 3, Batch: 4,
				Check: func(ctx context.Context, b int, th []float64) (*Strength, error) { return g.Check(ctx, b, th, 2) }}
		}
	}
	r := mk(1)()
	st := r.New()
	if err := r.Continue(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	if want := 12 * (2 + 4 + 4); st.Games != want {
		t.Errorf("played %d games, want %d", st.Games, want)
	}
	// Moves counts the players' moves of the tuning games and the checks
	// (3 checks of 4 games): at least a few a game, at most a full board.
	if _, g := tinyGames(1); g.Moves() != 0 {
		t.Errorf("a fresh Games counts %d moves", g.Moves())
	}
	if games, mv := int64(st.Games+3*4), r.Objective.(*Games).Moves(); mv < 5*games || mv > games*int64(r.Objective.(*Games).Size*r.Objective.(*Games).Size) {
		t.Errorf("%d moves in %d games", mv, games)
	}
	if reflect.DeepEqual(st.Theta, r.SPSA.Start()) {
		t.Errorf("θ never moved from the start %v", st.Theta)
	}
	got := interrupted(t, mk(3), 2)
	if !reflect.DeepEqual(got, st) {
		t.Errorf("interrupted with 3 jobs: θ %v, uninterrupted with 1 job: θ %v (or their histories differ)", got.Theta, st.Theta)
	}
	// Checks overlapping the next batch, as the command runs them, change
	// nothing either, interrupted after any batch or not.
	overlapped := func(jobs int) func() *Run {
		return func() *Run {
			sp, g := tinyGames(jobs)
			return &Run{SPSA: sp, Objective: g, Seed: 3, Batch: 4, Overlap: g,
				Check: func(ctx context.Context, b int, th []float64) (*Strength, error) { return g.CheckAside(ctx, b, th, 2) }}
		}
	}
	for _, jobs := range []int{1, 2, 3} {
		r := overlapped(jobs)()
		ost := r.New()
		if err := r.Continue(context.Background(), ost); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(ost, st) {
			t.Errorf("overlapped checks with %d jobs: θ %v, synchronous ones: θ %v (or their histories differ)", jobs, ost.Theta, st.Theta)
		}
		for _, stop := range []int{1, 2} {
			if got := interrupted(t, overlapped(jobs), stop); !reflect.DeepEqual(got, st) {
				t.Errorf("overlapped checks with %d jobs, interrupted after %d batches: θ %v, uninterrupted: θ %v (or their histories differ)", jobs, stop, got.Theta, st.Theta)
			}
		}
	}
	for _, p := range st.History[1:] {
		if p.Strength == nil || p.Strength.Penta.Pairs() != 2 {
			t.Errorf("iteration %d: want a strength check of 2 pairs, got %+v", p.Iteration, p.Strength)
		}
	}
}

func TestGamesWeights(t *testing.T) {
	_, g := tinyGames(1)
	w := g.Weights([]float64{1234.5, 99.4})
	if w.Attack[eval.OpenThree] != 1235 || w.Defence[eval.Three] != 99 {
		t.Errorf("got open_three %d, three %d; want the parameters rounded (1235, 99)", w.Attack[eval.OpenThree], w.Defence[eval.Three])
	}
	if w.Attack[eval.Four] != eval.DefaultWeights().Attack[eval.Four] {
		t.Errorf("an untuned weight changed")
	}
	if !g.Valid([]float64{3000, 500}) {
		t.Errorf("default-like weights reported invalid")
	}
	// An open three worth more than the block-a-four tier allows.
	bad := eval.DefaultWeights()
	bad.Attack[eval.OpenThree] = 60_000_000
	g.Base = bad
	if g.Valid([]float64{60_000_000, 200}) {
		t.Errorf("weights breaking a tier reported valid")
	}
	if g.PerIteration() != 10 {
		t.Errorf("PerIteration = %d, want 2 (self) + 4 + 4", g.PerIteration())
	}
}

func TestGamesPrepareRefuses(t *testing.T) {
	for _, tt := range []struct {
		name    string
		against []string
		want    string
	}{
		{"none", nil, "no opponents"},
		{"twice", []string{"self", "self"}, "listed twice"},
		{"unknown", []string{"sed004"}, "unknown player"},
	} {
		g := &Games{Base: eval.DefaultWeights(), Against: tt.against, Pairs: 1}
		if err := g.Prepare(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want %q", tt.name, err, tt.want)
		}
	}
}

// TestJobsBound: with strength checks overlapping the next batch, no
// more games are played at once than Jobs, counted as the players' moves
// in progress at once (a game makes one at a time).
func TestJobsBound(t *testing.T) {
	for _, jl := range [][2]int{{1, 0}, {2, 0}, {1, 1}, {2, 1}} {
		jobs, lag := jl[0], jl[1]
		var now, most, moves atomic.Int64
		sp, g := tinyGamesLag(jobs, lag)
		g.Against = []string{Self}
		g.Pairs = 2
		g.wrap = func(f arena.Factory) arena.Factory {
			return func(opt player.Options) (player.Player, error) {
				p, err := f(opt)
				return counted{p, &now, &most, &moves}, err
			}
		}
		if err := g.Prepare(); err != nil {
			t.Fatal(err)
		}
		sp.Iterations = 80
		r := &Run{SPSA: sp, Objective: g, Seed: 3, Batch: 10, Overlap: g,
			Check: func(ctx context.Context, b int, th []float64) (*Strength, error) { return g.CheckAside(ctx, b, th, 10) }}
		st := r.New()
		if err := r.Continue(context.Background(), st); err != nil {
			t.Fatal(err)
		}
		if moves.Load() == 0 {
			t.Fatalf("%d jobs: no move was counted", jobs)
		}
		if m := most.Load(); m > int64(jobs) {
			t.Errorf("%d jobs, lag %d: %d games played at once", jobs, lag, m)
		}
	}
}

// counted is a player that counts its moves in progress.
type counted struct {
	player.Player
	now, most, moves *atomic.Int64
}

func (c counted) Move(ctx context.Context, b *game.Board) (int, error) {
	n := c.now.Add(1)
	defer c.now.Add(-1)
	c.moves.Add(1)
	for {
		m := c.most.Load()
		if n <= m || c.most.CompareAndSwap(m, n) {
			break
		}
	}
	return c.Player.Move(ctx, b)
}

// TestOverlapCancelLeavesNothing: a run cancelled while a check plays
// returns with st at its last completed batch and no goroutine of its
// own still running (helpers end within idleSpin).
func TestOverlapCancelLeavesNothing(t *testing.T) {
	for _, jl := range [][2]int{{1, 0}, {2, 0}, {1, 1}, {2, 1}} {
		jobs, lag := jl[0], jl[1]
		before := runtime.NumGoroutine()
		sp, g := tinyGamesLag(jobs, lag)
		ctx, cancel := context.WithCancel(context.Background())
		r := &Run{SPSA: sp, Objective: g, Seed: 3, Batch: 4, Overlap: g,
			Check: func(ctx context.Context, b int, th []float64) (*Strength, error) { return g.CheckAside(ctx, b, th, 20) },
			Progress: func(s Status) {
				if s.Iteration == 6 {
					cancel() // batch 0's check is out
				}
			}}
		st := r.New()
		if err := r.Continue(ctx, st); !errors.Is(err, context.Canceled) {
			t.Fatalf("%d jobs: got %v, want it cancelled", jobs, err)
		}
		if st.Iteration != 0 && st.Iteration != 4 {
			t.Errorf("%d jobs: st is at iteration %d, want a batch's end", jobs, st.Iteration)
		}
		deadline := time.Now().Add(2 * time.Second)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		if n := runtime.NumGoroutine(); n > before {
			t.Errorf("%d jobs: %d goroutines left running, %d before", jobs, n, before)
		}
	}
}

// TestSaveFailureStopsTheRun: a checkpoint that cannot be written ends
// the run with that error (saves are written in the background, so it
// may be a batch or so later), and every save has returned by then.
func TestSaveFailureStopsTheRun(t *testing.T) {
	sp, q := synthetic(1000)
	var saves, running atomic.Int32
	r := &Run{SPSA: sp, Objective: q, Seed: 5, Batch: 64, Save: func(st *State) error {
		running.Add(1)
		defer running.Add(-1)
		if saves.Add(1) == 3 {
			return errors.New("disk full")
		}
		return nil
	}}
	st := r.New()
	err := r.Continue(context.Background(), st)
	if err == nil || !strings.Contains(err.Error(), "saving the checkpoint: disk full") {
		t.Fatalf("got %v, want the failed save's error", err)
	}
	if st.Done() {
		t.Error("the run went on to the end after a failed save")
	}
	if n := running.Load(); n != 0 {
		t.Errorf("%d saves still running after Continue returned", n)
	}
}

// TestSaveEvery: with saves spaced out, the first batch and the last are
// saved, and a run stopped early still leaves its last completed batch
// in the checkpoint, so resuming from it gives the uninterrupted run.
func TestSaveEvery(t *testing.T) {
	mk := func() *Run {
		sp, q := synthetic(1000)
		return &Run{SPSA: sp, Objective: q, Seed: 5, Batch: 64, SaveEvery: time.Hour}
	}
	r := mk()
	var at []int
	r.Save = func(st *State) error { at = append(at, st.Iteration); return nil }
	want := r.New()
	if err := r.Continue(context.Background(), want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(at, []int{64, 1000}) {
		t.Errorf("saved at iterations %v, want the first batch's end and the run's", at)
	}
	for _, stop := range []int{3, 9} {
		if got := interrupted(t, mk, stop); !reflect.DeepEqual(got, want) {
			t.Errorf("stopped in batch %d: θ %v, uninterrupted %v (or their histories differ)", stop, got.Theta, want.Theta)
		}
	}
}
