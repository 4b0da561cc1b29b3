package distrib

import (
	"context"
	"fmt"
	"os"
	"sync"

	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
	"github.com/mcgomoku/mcgomoku/sim/tune"
)

// ConfigFiles reads the config files the specs name, for a batch's
// Files: a worker elsewhere has not got them.
func ConfigFiles(specs []string) (map[string][]byte, error) {
	var files map[string][]byte
	for _, sp := range specs {
		path := player.ConfigOf(sp)
		if path == "" {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("player %q: %w", sp, err)
		}
		if files == nil {
			files = map[string][]byte{}
		}
		files[path] = data
	}
	return files, nil
}

// gamesRemote is an arena.Remote that sends a run's games in batches of
// up to per games, each batch made by header from its jobs.
type gamesRemote struct {
	c      *Coordinator
	per    int
	size   int
	rule   game.Rule
	prefix string
	header func() *Batch
}

// Match returns the arena.Remote that plays a sim match or tournament on
// the workers, per games a batch.
func (c *Coordinator) Match(task MatchTask, files map[string][]byte, per int) arena.Remote {
	return &gamesRemote{c: c, per: per, size: task.Size, rule: task.Rule, prefix: "g",
		header: func() *Batch { return &Batch{Match: &task, Files: files} }}
}

// Play sends the jobs in batches and hands back their games in the order
// the batches' results come (the arena counts them by number).
func (r *gamesRemote) Play(ctx context.Context, next func() (arena.Job, bool), done func(arena.Game)) error {
	var (
		mu     sync.Mutex // done is called by one goroutine at a time
		wg     sync.WaitGroup
		sent   []string
		closed bool // Play has returned: done may no longer be called
	)
	defer func() {
		mu.Lock()
		closed = true
		mu.Unlock()
	}()
	finished := make(chan struct{})
	for {
		var jobs []arena.Job
		for len(jobs) < r.per {
			j, ok := next()
			if !ok {
				break
			}
			jobs = append(jobs, j)
		}
		if len(jobs) == 0 {
			break
		}
		b := r.header()
		b.ID = fmt.Sprintf("%s%d", r.prefix, jobs[0].Number)
		b.Jobs = jobs
		wg.Add(1)
		err := r.c.Submit(ctx, b, func(res *Result) error {
			games, err := checkGames(jobs, res.Games, r.size, r.rule)
			if err != nil {
				return err
			}
			mu.Lock()
			if !closed {
				for _, g := range games {
					done(g)
				}
			}
			mu.Unlock()
			wg.Done()
			return nil
		})
		if err != nil {
			wg.Done()
			r.c.Forget(sent)
			return err
		}
		sent = append(sent, b.ID)
	}
	go func() { wg.Wait(); close(finished) }()
	select {
	case <-finished:
		return nil
	case <-ctx.Done():
		r.c.Forget(sent)
		return ctx.Err()
	}
}

// checkGames holds a batch's games to its jobs.
func checkGames(jobs []arena.Job, games []arena.Game, size int, rule game.Rule) ([]arena.Game, error) {
	if len(games) != len(jobs) {
		return nil, fmt.Errorf("%d games for %d jobs", len(games), len(jobs))
	}
	c, err := arena.NewChecker(size, rule)
	if err != nil {
		return nil, err
	}
	for i := range jobs {
		if err := c.Check(jobs[i], &games[i]); err != nil {
			return nil, err
		}
	}
	return games, nil
}

// tuneRemote is a tune.Remote on the workers.
type tuneRemote struct {
	c     *Coordinator
	setup tune.Setup
	files map[string][]byte
	g     *tune.Games
	per   int
}

// Tune returns the tune.Remote that plays a tuning run's games on the
// workers, per games a batch: g is the run's Games (built from setup),
// files the config files its opponents' specs name.
func (c *Coordinator) Tune(setup tune.Setup, files map[string][]byte, g *tune.Games, per int) tune.Remote {
	return &tuneRemote{c: c, setup: setup, files: files, g: g, per: per}
}

func (t *tuneRemote) Iteration(ctx context.Context, p *tune.Plan, done func([]tune.Outcome, error)) {
	outs := make([]tune.Outcome, len(p.Games))
	var (
		wg   sync.WaitGroup
		once sync.Once
		sent []string
	)
	finish := func(err error) {
		once.Do(func() {
			if err != nil {
				t.c.Forget(sent)
				done(nil, err)
				return
			}
			done(outs, nil)
		})
	}
	for lo := 0; lo < len(p.Games); lo += t.per {
		hi := min(lo+t.per, len(p.Games))
		part := &tune.Plan{K: p.K, Plus: p.Plus, Minus: p.Minus, Games: p.Games[lo:hi]}
		b := &Batch{Tune: &t.setup, Files: t.files, Iteration: part, ID: fmt.Sprintf("i%d-%d", p.K, lo)}
		wg.Add(1)
		err := t.c.Submit(ctx, b, func(res *Result) error {
			if err := t.g.CheckOutcomes(part, res.Outcomes); err != nil {
				return err
			}
			copy(outs[lo:hi], res.Outcomes)
			wg.Done()
			return nil
		})
		if err != nil {
			wg.Done()
			finish(err)
			return
		}
		sent = append(sent, b.ID)
	}
	all := make(chan struct{})
	go func() { wg.Wait(); close(all) }()
	go func() {
		select {
		case <-all:
			finish(nil)
		case <-ctx.Done():
			finish(ctx.Err())
		}
	}()
}

func (t *tuneRemote) Match(m *tune.MatchPlan) arena.Remote {
	return &gamesRemote{c: t.c, per: t.per, size: t.g.Size, rule: t.g.Rule, prefix: fmt.Sprintf("m%d-", uint64(m.Seed)),
		header: func() *Batch { return &Batch{Tune: &t.setup, Files: t.files, TuneMatch: m} }}
}
