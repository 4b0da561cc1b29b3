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
// moves on to something else (the end) leaves no goroutine behind for
// longer than that.
//
// Besides the iterations a crew plays background games (a strength
// check's, through its pool): those that find no iteration game left to
// take play one, so the cores an iteration's last game leaves idle are
// not wasted. The iteration's games always come first. The goroutine
// calling run (or help) is one player and at most jobs−1 helpers are the
// others, so no more than jobs games are ever played at once; run and
// help must not be called from two goroutines at once.
type crew struct {
	cur   atomic.Pointer[section] // the games being played now, or the last
	alive atomic.Int32            // helpers running

	mu    sync.Mutex
	queue []*background // background work with games left to take, oldest first
	ready atomic.Int32  // games left to take in queue
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

// background is one call of pool's Start: play(0..n-1), then done.
type background struct {
	n    int
	play func(i int)
	done func()
	next int          // the next game to take, under crew.mu
	left atomic.Int64 // games not yet finished
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

// join lets a helper play in s if a slot is free.
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
		c.hire(int32(jobs - 1))
	}
	s.work()
	// Every game is taken; wait for the helpers still playing theirs,
	// playing a background game meanwhile if there is one. A helper that
	// joins from now on finds nothing left to take.
	for s.inside.Load() > 0 {
		if !c.playBackground() {
			runtime.Gosched()
		}
	}
	if s.first != nil {
		return s.first
	}
	return ctx.Err()
}

// hire starts helpers until limit are alive.
func (c *crew) hire(limit int32) {
	for {
		a := c.alive.Load()
		if a >= limit {
			return
		}
		if c.alive.CompareAndSwap(a, a+1) {
			go c.helper(limit)
		}
	}
}

// helper plays in each new section, and background games when there is
// none, until no work comes for idleSpin.
func (c *crew) helper(limit int32) {
	var last *section
	for {
		s := c.cur.Load()
		if s != last && s != nil {
			last = s
			s.join()
			continue
		}
		if c.playBackground() {
			continue
		}
		deadline := time.Now().Add(idleSpin)
		for c.cur.Load() == last && c.ready.Load() == 0 && time.Now().Before(deadline) {
			runtime.Gosched()
		}
		if c.cur.Load() != last || c.ready.Load() > 0 {
			continue
		}
		// Leave, unless work came in the meantime: run and start count
		// the helpers alive after publishing their work, so one that
		// sees this helper gone starts another, and then this one stays
		// only if that leaves no more than limit alive.
		c.alive.Add(-1)
		if c.cur.Load() == last && c.ready.Load() == 0 {
			return
		}
		for {
			a := c.alive.Load()
			if a >= limit {
				return
			}
			if c.alive.CompareAndSwap(a, a+1) {
				break
			}
		}
	}
}

// playBackground plays the oldest background game left to take, if any,
// and says whether it did.
func (c *crew) playBackground() bool {
	if c.ready.Load() == 0 {
		return false
	}
	c.mu.Lock()
	if len(c.queue) == 0 {
		c.mu.Unlock()
		return false
	}
	b := c.queue[0]
	i := b.next
	b.next++
	if b.next == b.n {
		c.queue[0] = nil
		c.queue = c.queue[1:]
	}
	c.ready.Add(-1)
	c.mu.Unlock()
	b.play(i)
	if b.left.Add(-1) == 0 {
		b.done()
	}
	return true
}

// help plays background games on the calling goroutine, in its place
// among the jobs, until done is closed.
func (c *crew) help(done <-chan struct{}) {
	for {
		select {
		case <-done:
			return
		default:
		}
		if !c.playBackground() {
			runtime.Gosched()
		}
	}
}

// pool is an arena.Pool playing a match's games as the crew's background
// work, with up to jobs−1 helpers; the rest is played by whoever calls
// run or help.
type pool struct {
	c    *crew
	jobs int
}

func (p pool) Start(n int, play func(i int), done func()) {
	if n <= 0 {
		done()
		return
	}
	b := &background{n: n, play: play, done: done}
	b.left.Store(int64(n))
	p.c.mu.Lock()
	p.c.queue = append(p.c.queue, b)
	p.c.ready.Add(int32(n))
	p.c.mu.Unlock()
	p.c.hire(int32(p.jobs - 1))
}
