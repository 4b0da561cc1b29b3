package tune

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// crew runs the games of one iteration after another on several cores.
// An iteration is a handful of games lasting well under a millisecond
// each, and a goroutine started (or woken from sleep) per iteration
// reaches its core only after a good part of that: measured, two jobs
// played barely faster than one. So helpers stay, spinning for the next
// iteration's games for a moment (idleSpin) before they end; a run that
// moves on to something else (a strength check, the end) leaves no
// goroutine behind for longer than that.
type crew struct {
	cur   atomic.Pointer[section] // the games being played now, or the last
	alive atomic.Int32            // helpers running
}

// idleSpin is how long a helper waits for more work before it ends: far
// longer than the gap between two iterations (an SPSA update), far
// shorter than anything a person would notice.
const idleSpin = 200 * time.Microsecond

// section is one call of run: games 0..n-1 for up to slots+1 goroutines.
type section struct {
	ctx    context.Context
	cancel context.CancelFunc
	n      int
	f      func(ctx context.Context, i int) error
	next   atomic.Int64 // the next game to take
	slots  atomic.Int32 // helpers that may still join (jobs-1 at first)
	inside atomic.Int32 // helpers playing its games now
	once   sync.Once
	first  error
}

// work plays games until none is left or one fails.
func (s *section) work() {
	for {
		i := int(s.next.Add(1) - 1)
		if i >= s.n || s.ctx.Err() != nil {
			return
		}
		if err := s.f(s.ctx, i); err != nil {
			s.once.Do(func() { s.first = err; s.cancel() })
			return
		}
	}
}

// join lets a helper play in s if a slot is free, so that no more than
// jobs games are ever played at once.
func (s *section) join() {
	for {
		k := s.slots.Load()
		if k <= 0 {
			return
		}
		if s.slots.CompareAndSwap(k, k-1) {
			break
		}
	}
	s.inside.Add(1)
	s.work()
	s.inside.Add(-1)
}

// run calls f(0..n-1) on up to jobs goroutines, the caller's among them,
// and returns the first error, cancelling the rest. Results go wherever f
// puts them by index, so they never depend on scheduling.
func (c *crew) run(ctx context.Context, jobs, n int, f func(ctx context.Context, i int) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s := &section{ctx: ctx, cancel: cancel, n: n, f: f}
	helpers := int32(max(1, min(jobs, n)) - 1)
	s.slots.Store(helpers)
	if helpers > 0 {
		c.cur.Store(s)
		for {
			a := c.alive.Load()
			if a >= helpers {
				break
			}
			if c.alive.CompareAndSwap(a, a+1) {
				go c.helper()
			}
		}
	}
	s.work()
	// Every game is taken; wait for the helpers still playing theirs. A
	// helper that joins from now on finds nothing left to take.
	for s.inside.Load() > 0 {
		runtime.Gosched()
	}
	if s.first != nil {
		return s.first
	}
	return ctx.Err()
}

// helper plays in each new section until none comes for idleSpin.
func (c *crew) helper() {
	var last *section
	for {
		s := c.cur.Load()
		if s != last {
			last = s
			s.join()
			continue
		}
		deadline := time.Now().Add(idleSpin)
		for c.cur.Load() == last && time.Now().Before(deadline) {
			runtime.Gosched()
		}
		if c.cur.Load() != last {
			continue
		}
		// Leave, unless a section came in the meantime: run counts the
		// helpers alive after publishing its section, so one that sees
		// this helper gone starts another.
		c.alive.Add(-1)
		if c.cur.Load() == last {
			return
		}
		c.alive.Add(1)
	}
}
