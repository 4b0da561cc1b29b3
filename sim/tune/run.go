package tune

import (
	"context"
	"fmt"
	"slices"
	"time"

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
	// Save writes the checkpoint after each batch, or with SaveEvery set
	// after the first batch that completes that long after the last save;
	// the last batch completed is saved whenever Continue returns.
	Save      func(*State) error
	SaveEvery time.Duration
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

// DefaultSaveEvery is the command's Run.SaveEvery: a crash loses at most
// that much of the run, and a run that makes a batch every few
// milliseconds does not spend a tenth of its time writing checkpoints.
const DefaultSaveEvery = 2 * time.Second

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
	st := &State{
		Format:   stateFormat,
		Settings: r.SPSA.settings(r.Seed, r.Batch, r.Objective.Describe()),
		Theta:    r.SPSA.Start(),
		History:  []Point{{Theta: r.SPSA.Start()}},
	}
	for range r.SPSA.Lag {
		st.Behind = append(st.Behind, r.SPSA.Start())
	}
	return st
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
// With a Lag, iterations k..k+Lag are in play at once: an objective that
// is a Starter plays them together, any other one after another (the
// results are the same). Without Overlap no iteration past a batch's end
// starts before the batch's check, which then has the cores to itself.
//
// With Overlap set, batch b's strength check runs while batch b+1 plays
// and batch b is completed (recorded in st and saved) as soon as its
// check is in: between two iterations of batch b+1 or, at the latest,
// before batch b+1's own check starts. The run's end waits for the last
// check, and Continue never returns with a check or a game still running.
func (r *Run) Continue(ctx context.Context, st *State) (err error) {
	if r.Batch <= 0 {
		return fmt.Errorf("internal error: batch %d", r.Batch)
	}
	if err := r.Resumable(st); err != nil {
		return err
	}
	sp := r.SPSA
	// The run's position, ahead of st by a batch while its check is out:
	// recent[j] is θ after iteration iteration−Lag+j−1, so recent[Lag] is
	// the current θ and an iteration launched at iteration+j perturbs
	// recent[j].
	recent := make([][]float64, 0, sp.Lag+1)
	for _, t := range st.Behind {
		recent = append(recent, slices.Clone(t))
	}
	recent = append(recent, slices.Clone(st.Theta))
	iteration, games, pulled := st.Iteration, st.Games, st.Pulled
	theta := func() []float64 { return recent[sp.Lag] }
	behind := func() [][]float64 {
		var out [][]float64 // nil without a lag, as in a new State
		for j := range sp.Lag {
			out = append(out, slices.Clone(recent[j]))
		}
		return out
	}
	// complete records a batch in st and saves it, at most every
	// SaveEvery; the last batch completed is saved before Continue
	// returns, whatever ends it.
	var lastSave time.Time
	unsaved := false
	save := func() error {
		unsaved = false
		lastSave = time.Now()
		if err := r.Save(st); err != nil {
			return fmt.Errorf("saving the checkpoint: %w", err)
		}
		return nil
	}
	if r.Save != nil {
		defer func() {
			if unsaved {
				if serr := save(); err == nil {
					err = serr
				}
			}
		}()
	}
	complete := func(pt Point, behind [][]float64, games, pulled int) error {
		st.Iteration, st.Theta, st.Games, st.Pulled = pt.Iteration, slices.Clone(pt.Theta), games, pulled
		st.Behind = behind
		st.History = append(st.History, pt)
		if r.Save == nil {
			return nil
		}
		unsaved = true
		if r.SaveEvery > 0 && time.Since(lastSave) < r.SaveEvery && !st.Done() {
			return nil
		}
		return save()
	}
	progress := func() {
		if r.Progress != nil {
			r.Progress(r.status(st, iteration, games, theta()))
		}
	}

	// The iterations in play, oldest first, on a context of their own
	// so that an early return stops and waits for them.
	playCtx, stopPlay := context.WithCancel(ctx)
	defer stopPlay()
	starter, _ := r.Objective.(Starter)
	var flights []*flight
	launch := func(k int, base []float64) *flight {
		f := &flight{k: k, delta: sp.Delta(r.Seed, k), done: make(chan struct{})}
		plus, minus, p := sp.Candidates(base, f.delta, k)
		f.pulled = p
		if starter != nil {
			starter.Start(playCtx, k, plus, minus, func(res float64, g int, err error) {
				f.res, f.games, f.err = res, g, err
				close(f.done)
			})
		} else {
			f.res, f.games, f.err = r.Objective.Compare(playCtx, k, plus, minus)
			close(f.done)
		}
		return f
	}
	wait := func(done <-chan struct{}) {
		switch {
		case starter != nil:
			starter.Help(done)
		case r.Overlap != nil:
			r.Overlap.Help(done)
		default:
			<-done
		}
	}
	defer func() {
		stopPlay()
		for _, f := range flights {
			wait(f.done)
		}
	}()

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
		if err := complete(p.point, p.behind, p.games, p.pulled); err != nil {
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

	launched := iteration // the next iteration to launch
	batchStart := iteration - iteration%r.Batch
	sum := 0.0 // the batch's results so far
	for iteration < sp.Iterations {
		if err := ctx.Err(); err != nil {
			return err
		}
		end := min(batchStart+r.Batch, sp.Iterations)
		limit := sp.Iterations
		if r.Overlap == nil {
			limit = end
		}
		for launched < limit && launched <= iteration+sp.Lag {
			flights = append(flights, launch(launched, recent[launched-iteration]))
			launched++
		}
		f := flights[0]
		flights = flights[1:]
		wait(f.done)
		if f.err != nil {
			return f.err
		}
		next, q := sp.Update(theta(), f.delta, f.k, f.res)
		recent = append(recent[1:], next)
		iteration = f.k + 1
		games += f.games
		pulled += f.pulled + q
		sum += f.res
		progress()
		if out != nil && out.in() {
			if err := finish(); err != nil {
				return err
			}
		}
		if iteration < end {
			continue
		}
		pt := Point{Iteration: end, Games: games, Theta: slices.Clone(theta()), Result: sum}
		batch := batchStart / r.Batch
		batchStart, sum = end, 0
		switch {
		case r.Check == nil:
		case r.Overlap == nil:
			s, err := r.Check(ctx, batch, theta())
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
			p := &pendingCheck{point: pt, behind: behind(), games: games, pulled: pulled, done: make(chan struct{})}
			out = p
			at := slices.Clone(theta())
			go func() {
				defer close(p.done)
				p.strength, p.err = r.Check(checkCtx, batch, at)
			}()
			continue
		}
		if err := complete(pt, behind(), games, pulled); err != nil {
			return err
		}
		progress()
	}
	if out != nil {
		return finish()
	}
	return nil
}

// Starter is an Objective that can play several iterations' games at
// once: Start begins iteration k's games and returns at once, and done
// is called (on any goroutine) with what Compare would have returned.
// Help plays the objective's work on the calling goroutine meanwhile.
type Starter interface {
	Objective
	Helper
	Start(ctx context.Context, k int, plus, minus []float64, done func(r float64, games int, err error))
}

// flight is an iteration in play.
type flight struct {
	k      int
	delta  []float64
	pulled int // candidates pulled back
	done   chan struct{}
	res    float64
	games  int
	err    error
}

// pendingCheck is a played batch waiting for its strength check.
type pendingCheck struct {
	point         Point
	behind        [][]float64 // State.Behind at the batch's end
	games, pulled int         // the run's counts at the batch's end
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
