package distrib

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/player"
	"github.com/mcgomoku/mcgomoku/sim/tune"
)

// WorkerConfig sets up a worker.
type WorkerConfig struct {
	Name    string // unique among the workers: host and process
	Version string // this build
	Jobs    int    // batches played at once
	// AllowEngines lets batches run pbrain: engines (outside programs
	// named by whoever sends batches); without it they are refused.
	AllowEngines bool
	Log          io.Writer
	// Hold, when set, is called with each batch's ID before it is played
	// (tests hold a batch there to kill the worker in the middle of it).
	Hold func(id string)
}

// WorkerCounts are what a worker did.
type WorkerCounts struct {
	Batches, Games, Refused, HandedBack int64
}

// Worker plays batches from the work queue.
type Worker struct {
	cfg    WorkerConfig
	nc     *nats.Conn
	js     jetstream.JetStream
	files  string // a private folder for the config files batches ship
	counts struct{ batches, games, refused, handedBack atomic.Int64 }
	// lastPlay is how long the last batch took to play, in nanoseconds.
	lastPlay atomic.Int64
	answers  sync.WaitGroup // results being sent

	mu      sync.Mutex
	players map[string]any       // prepared *arena.Worker or *tune.Games by the digest of what makes them
	setups  map[string]*Settings // the settings batches named, by digest
	said    map[string]bool
	fatal   error
}

// Counts returns what the worker did so far.
func (w *Worker) Counts() WorkerCounts {
	return WorkerCounts{w.counts.batches.Load(), w.counts.games.Load(), w.counts.refused.Load(), w.counts.handedBack.Load()}
}

// NewWorker makes a worker on a connection.
func NewWorker(nc *nats.Conn, cfg WorkerConfig) (*Worker, error) {
	if err := word("worker", cfg.Name); err != nil {
		return nil, err
	}
	if cfg.Jobs <= 0 {
		cfg.Jobs = 1
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	return &Worker{cfg: cfg, nc: nc, js: js, players: map[string]any{}, setups: map[string]*Settings{}, said: map[string]bool{}}, nil
}

// Run plays batches until ctx ends (a batch being played is then handed
// back at once, for another worker) or the worker meets a coordinator of
// another build (an error naming both).
func (w *Worker) Run(ctx context.Context) error {
	dir, swept, err := newScratch()
	if err != nil {
		return err
	}
	if swept > 0 {
		fmt.Fprintf(w.cfg.Log, "mcgomoku worker: removed %d scratch folders of workers that are no longer running\n", swept)
	}
	defer os.RemoveAll(dir)
	w.files = dir
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	go w.sayHello(ctx)

	var cons jetstream.Consumer
	for waited := false; ; waited = true {
		cons, err = w.js.Consumer(ctx, batchStream, workers)
		if err == nil {
			break
		}
		if ctx.Err() != nil {
			return nil
		}
		if err := w.closed(); err != nil {
			return err
		}
		if !errors.Is(err, jetstream.ErrStreamNotFound) && !errors.Is(err, jetstream.ErrConsumerNotFound) && !errors.Is(err, nats.ErrConnectionReconnecting) && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, nats.ErrTimeout) {
			return fmt.Errorf("finding the work queue: %w", err)
		}
		if !waited {
			fmt.Fprintln(w.cfg.Log, "mcgomoku worker: waiting for a coordinator to make the work queue")
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(200 * time.Millisecond):
		}
	}
	info := cons.CachedInfo()
	beat := max(info.Config.AckWait/3, 100*time.Millisecond)

	// One goroutine fetches, the jobs play. While batches are short
	// (under shortBatch), the worker holds one more batch than it plays,
	// fetched while the others play: a fetch's round trip is then not
	// between a batch and the next. Longer batches are fetched only for
	// a free job, so that none waits behind another at a run's end while
	// another worker is idle.
	queue := make(chan *held, w.cfg.Jobs+1)
	released := make(chan struct{}, w.cfg.Jobs+1)
	var wg sync.WaitGroup
	for range w.cfg.Jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for h := range queue {
				if ctx.Err() != nil {
					// Fetched, not begun: handed back at once.
					h.m.Nak()
				} else if err := w.handle(ctx, h.m); err != nil {
					w.fail(err)
					stop()
				}
				h.stop()
				released <- struct{}{}
			}
		}()
	}
	w.fetch(ctx, cons, queue, released, beat)
	close(queue)
	wg.Wait()
	// Results still on their way to the server, and the batches'
	// acknowledgements after them.
	w.answers.Wait()
	return w.fatal
}

// shortBatch is how short the last batch played must have been for a
// worker to fetch a batch ahead.
const shortBatch = 100 * time.Millisecond

// held is a batch fetched and not yet handled, kept alive by signs of
// life (so it is not given to another worker) until stop.
type held struct {
	m    jetstream.Msg
	stop context.CancelFunc
}

// fetch fetches batches into queue until ctx ends or the connection
// closes for good, holding at most Jobs batches (Jobs+1 while they are
// short); released says one was handled.
func (w *Worker) fetch(ctx context.Context, cons jetstream.Consumer, queue chan<- *held, released <-chan struct{}, beat time.Duration) {
	holding := 0
	for ctx.Err() == nil {
		if err := w.closed(); err != nil {
			w.fail(err)
			return
		}
		limit := w.cfg.Jobs
		if time.Duration(w.lastPlay.Load()) < shortBatch {
			limit++
		}
		for done := false; !done; {
			select {
			case <-released:
				holding--
			default:
				done = true
			}
		}
		if holding >= limit {
			select {
			case <-released:
				holding--
			case <-ctx.Done():
				return
			}
			continue
		}
		fctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		batch, err := cons.Fetch(1, jetstream.FetchContext(fctx))
		if err != nil {
			cancel()
			if ctx.Err() == nil {
				time.Sleep(200 * time.Millisecond)
			}
			continue
		}
		for m := range batch.Messages() {
			holding++
			bctx, stop := context.WithCancel(context.Background())
			go keepAlive(bctx, m, beat)
			queue <- &held{m: m, stop: stop}
		}
		cancel()
	}
}

// keepAlive tells the server, every beat until ctx ends, that the batch
// in m is being played.
func keepAlive(ctx context.Context, m jetstream.Msg, beat time.Duration) {
	t := time.NewTicker(beat)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			m.InProgress()
		}
	}
}

// fail records the error that ends the worker.
func (w *Worker) fail(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.fatal == nil {
		w.fatal = err
	}
}

// closed is the error that closed the connection for good (the server
// refusing the credentials, again), or nil while it is open or
// reconnecting.
func (w *Worker) closed() error {
	if !w.nc.IsClosed() {
		return nil
	}
	if err := w.nc.LastError(); err != nil {
		if errors.Is(err, nats.ErrAuthorization) || strings.Contains(strings.ToLower(err.Error()), "authorization") {
			return errors.New("the server refused this worker: wrong or missing token or NKey")
		}
		return fmt.Errorf("the connection to the server closed: %w", err)
	}
	return errors.New("the connection to the server closed")
}

// sayHello tells coordinators, every second, that this worker is alive.
func (w *Worker) sayHello(ctx context.Context) {
	data, _ := json.Marshal(hello{Worker: w.cfg.Name, Version: w.cfg.Version})
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		w.nc.Publish(helloSubject, data)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// handle plays one batch and publishes its result, or refuses it, or
// hands it back when ctx ends. Only a coordinator of another build is
// an error: this worker cannot serve it.
func (w *Worker) handle(ctx context.Context, m jetstream.Msg) error {
	b, err := ParseBatch(m.Data(), w.cfg.Version)
	var ve *VersionError
	switch {
	case errors.As(err, &ve):
		// Another worker (of that build) may play it.
		m.NakWithDelay(5 * time.Second)
		w.refuse(b, m, ve.Error())
		return fmt.Errorf("refused batch %s: %w", b.ID, err)
	case err != nil:
		m.Term()
		w.refuse(b, m, err.Error())
		return nil
	}
	if b.Setup != "" {
		st, err := w.settings(ctx, b.Setup)
		if err == nil {
			err = b.SetUp(st)
		}
		var unreachable *settingsUnreachable
		switch {
		case ctx.Err() != nil:
			m.Nak()
			w.counts.handedBack.Add(1)
			return nil
		case errors.As(err, &unreachable):
			// Handed back, for later or for a worker that can read them.
			m.NakWithDelay(time.Second)
			w.refuse(b, m, err.Error())
			return nil
		case err != nil:
			m.Term()
			w.refuse(b, m, err.Error())
			return nil
		}
	}
	if engines := b.Engines(); len(engines) > 0 && !w.cfg.AllowEngines {
		// Handed back, for a worker that allows engines.
		m.NakWithDelay(2 * time.Second)
		w.refuse(b, m, fmt.Sprintf("it runs the engine %q, and this worker was not started with --allow-engines", engines[0]))
		return nil
	}
	if w.cfg.Hold != nil {
		w.cfg.Hold(b.ID)
	}
	start := time.Now()
	res, err := w.play(ctx, b)
	if ctx.Err() != nil {
		m.Nak()
		w.counts.handedBack.Add(1)
		fmt.Fprintf(w.cfg.Log, "mcgomoku worker: handed batch %s back\n", b.ID)
		return nil
	}
	if err != nil {
		m.Term()
		w.refuse(b, m, err.Error())
		return nil
	}
	took := time.Since(start)
	w.lastPlay.Store(int64(took))
	res.Seconds = took.Seconds()
	w.answerThenAck(b, m, res)
	w.counts.batches.Add(1)
	w.counts.games.Add(int64(b.Games()))
	return nil
}

// settingsUnreachable is settings the worker could not read from the
// bucket (the server away): the batch may be played later.
type settingsUnreachable struct{ err error }

func (e *settingsUnreachable) Error() string { return "reading the run's settings: " + e.err.Error() }

// settings returns the settings a batch names, read from the setups
// bucket once per run.
func (w *Worker) settings(ctx context.Context, setup string) (*Settings, error) {
	w.mu.Lock()
	st := w.setups[setup]
	w.mu.Unlock()
	if st != nil {
		return st, nil
	}
	kv, err := w.js.KeyValue(ctx, setupBucket)
	if err != nil {
		return nil, &settingsUnreachable{err}
	}
	e, err := kv.Get(ctx, setup)
	switch {
	case errors.Is(err, jetstream.ErrKeyNotFound):
		return nil, fmt.Errorf("the run's settings %.16s… are gone (its coordinator finished)", setup)
	case err != nil:
		return nil, &settingsUnreachable{err}
	}
	if st, err = ParseSettings(e.Value(), setup); err != nil {
		return nil, err
	}
	keepPrepared(&w.mu, w.setups, setup, st)
	return st, nil
}

// refuse counts a refused batch, says why (once per reason) and tells
// its coordinator, when the batch says who that is.
func (w *Worker) refuse(b *Batch, m jetstream.Msg, why string) {
	w.counts.refused.Add(1)
	w.mu.Lock()
	if !w.said[why] {
		w.said[why] = true
		id := "?"
		if b != nil {
			id = b.ID
		}
		fmt.Fprintf(w.cfg.Log, "mcgomoku worker: refused batch %s: %s\n", id, why)
	}
	w.mu.Unlock()
	if b == nil || word("run", b.Run) != nil || word("batch ID", b.ID) != nil {
		return
	}
	w.answer(b, m, &Result{Refused: why})
}

// answer publishes a result for b, which came in m, and waits for the
// server to store it.
func (w *Worker) answer(b *Batch, m jetstream.Msg, r *Result) {
	out, opts, err := w.result(b, m, r)
	if err != nil {
		fmt.Fprintf(w.cfg.Log, "mcgomoku worker: internal error: %v\n", err)
		return
	}
	if _, err := w.js.Publish(context.Background(), resultSubject(b.Run), out, opts...); err != nil {
		fmt.Fprintf(w.cfg.Log, "mcgomoku worker: sending the result of batch %s: %v\n", b.ID, err)
	}
}

// answerThenAck publishes the result of b, which came in m, without
// waiting, and acknowledges the batch once the server has stored the
// result (a batch is never acknowledged with its result lost; one whose
// result could not be stored is handed back). The worker meanwhile
// plays its next batch. A lost acknowledgement only has the batch
// played again, and its second result is ignored.
func (w *Worker) answerThenAck(b *Batch, m jetstream.Msg, r *Result) {
	out, opts, err := w.result(b, m, r)
	if err == nil {
		var f jetstream.PubAckFuture
		if f, err = w.js.PublishAsync(resultSubject(b.Run), out, opts...); err == nil {
			w.answers.Add(1)
			go func() {
				defer w.answers.Done()
				select {
				case <-f.Ok():
					m.Ack()
				case err := <-f.Err():
					fmt.Fprintf(w.cfg.Log, "mcgomoku worker: sending the result of batch %s: %v\n", b.ID, err)
					m.Nak()
				}
			}()
			return
		}
	}
	fmt.Fprintf(w.cfg.Log, "mcgomoku worker: sending the result of batch %s: %v\n", b.ID, err)
	m.Nak()
}

// result is the message of a result for b, which came in m.
func (w *Worker) result(b *Batch, m jetstream.Msg, r *Result) ([]byte, []jetstream.PublishOpt, error) {
	r.Protocol, r.Version, r.Run, r.ID, r.Worker, r.Digest = Protocol, w.cfg.Version, b.Run, b.ID, w.cfg.Name, digest(m.Data())
	out, err := r.encode()
	if err != nil {
		return nil, nil, err
	}
	var opts []jetstream.PublishOpt
	if md, err := m.Metadata(); err == nil && r.Refused == "" {
		// A message played twice (handed on after a stall) has its
		// result stored once.
		opts = append(opts, jetstream.WithMsgID(fmt.Sprintf("%s.%s.%d", b.Run, b.ID, md.Sequence.Stream)))
	}
	return out, opts, nil
}

// play plays a batch's games.
func (w *Worker) play(ctx context.Context, b *Batch) (*Result, error) {
	p, err := w.prepare(b)
	if err != nil {
		return nil, err
	}
	switch p := p.(type) {
	case *arena.Worker:
		games, err := p.Play(ctx, b.Jobs)
		if err != nil {
			return nil, err
		}
		return &Result{Games: games}, nil
	case *tune.Games:
		if b.Iteration != nil {
			outs, err := p.Play(ctx, b.Iteration)
			if err != nil {
				return nil, err
			}
			return &Result{Outcomes: outs}, nil
		}
		mw, err := p.MatchWorker(b.TuneMatch)
		if err != nil {
			return nil, err
		}
		games, err := mw.Play(ctx, b.Jobs)
		if err != nil {
			return nil, err
		}
		return &Result{Games: games}, nil
	}
	return nil, errors.New("internal error: nothing to play")
}

// maxPrepared bounds the prepared players a worker keeps.
const maxPrepared = 16

// prepare returns the players of a batch's run, prepared once per run
// (a config read, a model built): a match's arena.Worker, or a tuning
// run's Games.
func (w *Worker) prepare(b *Batch) (any, error) {
	k := b.Setup
	if k == "" {
		data, _ := json.Marshal(b.settings())
		k = digest(data)
	}
	w.mu.Lock()
	p := w.players[k]
	w.mu.Unlock()
	if p != nil {
		return p, nil
	}
	local, err := w.localFiles(b.Files)
	if err != nil {
		return nil, err
	}
	var specs []string
	if b.Match != nil {
		specs = b.Match.Players
	} else {
		specs = b.Tune.Against
	}
	for _, sp := range specs {
		// A worker reads no file of its own for a batch: a spec's
		// config comes with it.
		if path := player.ConfigOf(sp); path != "" && local[path] == "" {
			return nil, fmt.Errorf("player %q names the config %s, which the batch does not carry", sp, path)
		}
	}
	if m := b.Match; m != nil {
		specs = make([]string, len(m.Players))
		entrants := make([]arena.Entrant, len(m.Players))
		for i, sp := range m.Players {
			specs[i] = localSpec(sp, local)
			entrants[i] = arena.Entrant{Spec: specs[i]}
		}
		if m.Tournament {
			p, err = arena.TournamentConfig{Players: entrants, Rounds: m.Games, Size: m.Size, Rule: m.Rule, Seed: m.Seed, Limits: m.Limits}.Worker()
		} else {
			p, err = arena.MatchConfig{A: specs[0], B: specs[1], Games: m.Games, Size: m.Size, Rule: m.Rule, Seed: m.Seed, Limits: m.Limits}.Worker()
		}
	} else {
		s := *b.Tune
		s.Against = make([]string, len(b.Tune.Against))
		for i, sp := range b.Tune.Against {
			s.Against[i] = localSpec(sp, local)
		}
		var g *tune.Games
		if g, err = s.Games(); err == nil {
			g.Jobs = 1
			err = g.Prepare()
		}
		p = g
	}
	if err != nil {
		return nil, err
	}
	keepPrepared(&w.mu, w.players, k, p)
	return p, nil
}

// keepPrepared keeps v under k in m, a worker's cache of what it read or
// made once per run, emptied when it holds maxPrepared runs' worth (a
// worker serves one run after another).
func keepPrepared[K comparable, V any](mu *sync.Mutex, m map[K]V, k K, v V) {
	mu.Lock()
	defer mu.Unlock()
	if len(m) >= maxPrepared {
		clear(m)
	}
	m[k] = v
}

// localFiles writes shipped config files into the worker's folder, each
// under its content's digest, and maps the names the specs use to them.
func (w *Worker) localFiles(files map[string][]byte) (map[string]string, error) {
	local := map[string]string{}
	for name, data := range files {
		h := sha256.Sum256(data)
		dir := filepath.Join(w.files, hex.EncodeToString(h[:8]))
		path := filepath.Join(dir, "config.toml")
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, err
		}
		if err := os.WriteFile(path, data, 0o600); err != nil {
			return nil, err
		}
		local[name] = path
	}
	return local, nil
}

// localSpec points a spec at the worker's copy of the config file it
// names.
func localSpec(spec string, local map[string]string) string {
	path := player.ConfigOf(spec)
	if path == "" || local[path] == "" {
		return spec
	}
	name, arg, _ := strings.Cut(spec, ":")
	return name + ":" + strings.Replace(arg, path, local[path], 1)
}
