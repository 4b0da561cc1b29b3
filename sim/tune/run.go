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
	// Overlap, when set, lets each batch's strength check run while the
	// next batch plays: Check is then called on a goroutine of its own
	// and must play its games as background work of the objective's own
	// (Games.CheckAside with Overlap set to the Games), so that no more
	// games are played at once than Compare plays; the run calls Help
	// whenever it waits for a check. Results are the same as without.
	Overlap Helper
}

// Helper plays an objective's background work (a strength check's games)
// on the calling goroutine, in its place among the objective's jobs,
// until done is closed.
type Helper interface {
	Help(done <-chan struct{})
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
//
// With Overlap set, batch b's strength check runs while batch b+1 plays
// and batch b is completed (recorded in st and saved) as soon as its
// check is in: between two iterations of batch b+1 or, at the latest,
// before batch b+1's own check starts. The run's end waits for the last
// check, and Continue never returns with a check still running.
func (r *Run) Continue(ctx context.Context, st *State) (err error) {
	if r.Batch <= 0 {
		return fmt.Errorf("internal error: batch %d", r.Batch)
	}
	if err := r.Resumable(st); err != nil {
		return err
	}
	sp := r.SPSA
	// The run's position, ahead of st by a batch while its check is out.
	theta := append([]float64(nil), st.Theta...)
	iteration, games, pulled := st.Iteration, st.Games, st.Pulled
	// complete records a batch in st and saves it.
	complete := func(pt Point, games, pulled int) error {
		st.Iteration, st.Theta, st.Games, st.Pulled = pt.Iteration, append([]float64(nil), pt.Theta...), games, pulled
		st.History = append(st.History, pt)
		if r.Save != nil {
			if err := r.Save(st); err != nil {
				return fmt.Errorf("saving the checkpoint: %w", err)
			}
		}
		return nil
	}
	progress := func() {
		if r.Progress != nil {
			r.Progress(r.status(st, iteration, games, theta))
		}
	}

	checkCtx, cancelChecks := context.WithCancel(ctx)
	defer cancelChecks()
	var out *pendingCheck // the batch whose check is running, with Overlap
	// finish waits for out's check, helping it along, and completes its
	// batch.
	finish := func() error {
		p := out
		out = nil
		r.Overlap.Help(p.done)
		if p.err != nil {
			return p.err
		}
		p.point.Strength = p.strength
		if err := complete(p.point, p.games, p.pulled); err != nil {
			return err
		}
		progress()
		return nil
	}
	defer func() {
		if out == nil {
			return
		}
		// Returning early: the check must not outlive the call. One that
		// is in already still completes its batch.
		select {
		case <-out.done:
		default:
			cancelChecks()
		}
		if ferr := finish(); err == nil {
			err = ferr
		}
	}()

	for iteration < sp.Iterations {
		if err := ctx.Err(); err != nil {
			return err
		}
		start := iteration
		end := min(start+r.Batch, sp.Iterations)
		sum := 0.0
		for k := start; k < end; k++ {
			delta := sp.Delta(r.Seed, k)
			plus, minus, p := sp.Candidates(theta, delta, k)
			res, g, err := r.Objective.Compare(ctx, k, plus, minus)
			if err != nil {
				return err
			}
			var q int
			theta, q = sp.Update(theta, delta, k, res)
			iteration = k + 1
			games += g
			pulled += p + q
			sum += res
			progress()
			if out != nil && out.in() {
				if err := finish(); err != nil {
					return err
				}
			}
		}
		pt := Point{Iteration: end, Games: games, Theta: append([]float64(nil), theta...), Result: sum}
		switch {
		case r.Check == nil:
		case r.Overlap == nil:
			s, err := r.Check(ctx, start/r.Batch, theta)
			if err != nil {
				return err
			}
			pt.Strength = s
		default:
			if out != nil {
				if err := finish(); err != nil {
					return err
				}
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			p := &pendingCheck{point: pt, games: games, pulled: pulled, done: make(chan struct{})}
			out = p
			batch, at := start/r.Batch, append([]float64(nil), theta...)
			go func() {
				defer close(p.done)
				p.strength, p.err = r.Check(checkCtx, batch, at)
			}()
			continue
		}
		if err := complete(pt, games, pulled); err != nil {
			return err
		}
		progress()
	}
	if out != nil {
		return finish()
	}
	return nil
}

// pendingCheck is a played batch waiting for its strength check.
type pendingCheck struct {
	point         Point
	games, pulled int // the run's counts at the batch's end
	strength      *Strength
	err           error
	done          chan struct{} // closed when the check has returned
}

// in says whether the check has returned.
func (p *pendingCheck) in() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
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
