package tune

import (
	"context"
	"fmt"

	"github.com/mcgomoku/mcgomoku/sim/arena"
)

// Objective measures iteration k's perturbed pair: the result r of θ+
// against θ− (positive when θ+ did better) and the games it took.
// Compare must depend only on k and its arguments, never on timing, so
// runs are reproducible.
type Objective interface {
	Compare(ctx context.Context, k int, plus, minus []float64) (r float64, games int, err error)
	// Describe says what Compare does, for the checkpoint's settings: a
	// checkpoint made under another description is not resumed.
	Describe() string
}

// Run drives SPSA in batches of iterations with a checkpoint after each.
type Run struct {
	SPSA      *SPSA
	Objective Objective
	Seed      int64
	Batch     int // iterations between checkpoints (and strength checks)
	// Check, when set, measures θ against the start after each batch
	// (batch is the batch's 0-based number, for seeding).
	Check func(ctx context.Context, batch int, theta []float64) (*Strength, error)
	// Save writes the checkpoint after each batch.
	Save func(*State) error
	// Progress is called after each iteration.
	Progress func(Status)
}

// Status is a run's progress after an iteration.
type Status struct {
	Iteration  int // iterations done
	Iterations int
	Games      int       // tuning games played
	Theta      []float64 // current parameters
	// Gain is θ's estimated Elo against the start, pooled over the last
	// few strength checks (θ moves little between them); Checks is how
	// many were pooled, 0 when none has been made.
	Gain   arena.Estimate
	Checks int
}

// pooledChecks is how many recent strength checks the gain pools.
const pooledChecks = 5

// New returns the state at the start of the run.
func (r *Run) New() *State {
	return &State{
		Format:   stateFormat,
		Settings: r.SPSA.settings(r.Seed, r.Batch, r.Objective.Describe()),
		Theta:    r.SPSA.Start(),
		History:  []Point{{Theta: r.SPSA.Start()}},
	}
}

// Resumable checks that st was made by a run with r's settings.
func (r *Run) Resumable(st *State) error {
	if d := r.SPSA.settings(r.Seed, r.Batch, r.Objective.Describe()).Diff(st.Settings); d != "" {
		return fmt.Errorf("the checkpoint was made with other settings (%s)", d)
	}
	return nil
}

// Continue plays the remaining iterations of st, updating st and saving
// it after every batch. When ctx is cancelled or a game fails it returns
// the error with st at the last completed batch, so continuing from st
// (now or from the saved checkpoint) repeats nothing and skips nothing.
func (r *Run) Continue(ctx context.Context, st *State) error {
	if r.Batch <= 0 {
		return fmt.Errorf("internal error: batch %d", r.Batch)
	}
	if err := r.Resumable(st); err != nil {
		return err
	}
	sp := r.SPSA
	for !st.Done() {
		if err := ctx.Err(); err != nil {
			return err
		}
		start := st.Iteration
		end := min(start+r.Batch, sp.Iterations)
		theta := append([]float64(nil), st.Theta...)
		games, pulled, sum := st.Games, st.Pulled, 0.0
		for k := start; k < end; k++ {
			delta := sp.Delta(r.Seed, k)
			plus, minus, p := sp.Candidates(theta, delta, k)
			res, g, err := r.Objective.Compare(ctx, k, plus, minus)
			if err != nil {
				return err
			}
			var q int
			theta, q = sp.Update(theta, delta, k, res)
			games += g
			pulled += p + q
			sum += res
			if r.Progress != nil {
				r.Progress(r.status(st, k+1, games, theta))
			}
		}
		pt := Point{Iteration: end, Games: games, Theta: append([]float64(nil), theta...), Result: sum}
		if r.Check != nil {
			s, err := r.Check(ctx, start/r.Batch, theta)
			if err != nil {
				return err
			}
			pt.Strength = s
		}
		st.Iteration, st.Theta, st.Games, st.Pulled = end, theta, games, pulled
		st.History = append(st.History, pt)
		if r.Save != nil {
			if err := r.Save(st); err != nil {
				return fmt.Errorf("saving the checkpoint: %w", err)
			}
		}
		if r.Progress != nil {
			r.Progress(r.status(st, end, games, theta))
		}
	}
	return nil
}

func (r *Run) status(st *State, done, games int, theta []float64) Status {
	s := Status{Iteration: done, Iterations: r.SPSA.Iterations, Games: games, Theta: theta}
	s.Gain, s.Checks = Gain(st.History, pooledChecks)
	return s
}

// Gain pools the last n strength checks of a history into one estimate
// of θ against the start; checks is how many there were.
func Gain(h []Point, n int) (e arena.Estimate, checks int) {
	var p arena.Penta
	for i := len(h) - 1; i >= 0 && checks < n; i-- {
		if s := h[i].Strength; s != nil {
			for j := range p {
				p[j] += s.Penta[j]
			}
			checks++
		}
	}
	return arena.PentanomialEstimate(p), checks
}
