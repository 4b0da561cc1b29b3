package distrib

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"

	"github.com/mcgomoku/mcgomoku/sim/tune"
)

// Coordinator sends a run's batches to the work queue and collects their
// results: each batch's result is taken once, however often it comes
// (a worker that was thought dead may still answer), and the results
// already in the stream when a coordinator starts (the same run, before
// a restart) answer their batches without playing them again.
type Coordinator struct {
	nc      *nats.Conn
	js      jetstream.JetStream
	kv      jetstream.KeyValue // the setups bucket
	run     string
	version string
	log     io.Writer
	slots   chan struct{} // batches out at once
	cons    jetstream.ConsumeContext
	hello   *nats.Subscription
	started time.Time
	epoch   string // this coordinator's, in its messages' IDs
	// Previous is how many results the stream held for the run when the
	// coordinator started: a run started again.
	Previous int

	mu      sync.Mutex
	waiting map[string]*waiter // batches sent, by ID
	stored  map[string]*Result // results in the stream not yet asked for
	taken   map[string]bool    // batches answered
	workers map[string]*WorkerStats
	said    map[string]bool // warnings given, once each
	counts  Counts

	setupMu sync.Mutex
	setups  map[setupKey]string // the digests of the settings put in the bucket
}

// setupKey is a batch's settings as the coordinator's callers share
// them between its batches.
type setupKey struct {
	match *MatchTask
	tune  *tune.Setup
}

// Counts are what a coordinator refused or ignored.
type Counts struct {
	Batches    int `json:"batches"`    // batches sent
	Reused     int `json:"reused"`     // answered from the stream, played before
	Duplicates int `json:"duplicates"` // results of batches already answered
	Refusals   int `json:"refusals"`   // batches a worker refused (and handed back)
	Bad        int `json:"bad"`        // malformed results, or results that did not fit their batch
	Resent     int `json:"resent"`     // batches sent again after a bad result
}

// WorkerStats is what one worker did for this run.
type WorkerStats struct {
	Name    string    `json:"name"`
	Version string    `json:"version"`
	Batches int       `json:"batches"`
	Games   int       `json:"games"`
	Seconds float64   `json:"seconds"` // time its batches took to play
	Bad     int       `json:"bad"`
	first   time.Time // its first result
	last    time.Time // its last result
	seen    time.Time // its last sign of life
}

// GamesPerSecond is the worker's rate over the time it has been
// answering.
func (w *WorkerStats) GamesPerSecond() float64 {
	if d := w.last.Sub(w.first).Seconds(); d > 0 {
		return float64(w.Games) / d
	}
	if w.Seconds > 0 {
		return float64(w.Games) / w.Seconds
	}
	return 0
}

type waiter struct {
	digest  string
	subject string
	data    []byte
	sends   int
	handle  func(*Result) error
}

// CoordinatorConfig sets up a coordinator.
type CoordinatorConfig struct {
	Run     string        // the run's ID (RunID)
	Version string        // this build
	AckWait time.Duration // 0: DefaultAckWait
	Window  int           // batches out at once; 0: 64
	Log     io.Writer     // warnings (refusals, bad results, other builds)
}

// RunID is a run's ID from what decides its games: the same settings
// give the same ID, so a coordinator started again finds its results.
func RunID(settings any) string {
	data, err := json.Marshal(settings)
	if err != nil {
		panic("internal error: " + err.Error())
	}
	return digest(data)[:20]
}

// NewCoordinator connects a run to the streams and reads the results
// they hold for it.
func NewCoordinator(ctx context.Context, nc *nats.Conn, cfg CoordinatorConfig) (*Coordinator, error) {
	if err := word("run", cfg.Run); err != nil {
		return nil, err
	}
	if cfg.AckWait <= 0 {
		cfg.AckWait = DefaultAckWait
	}
	if cfg.Window <= 0 {
		cfg.Window = 64
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	if err := ensureStreams(ctx, js, cfg.AckWait); err != nil {
		return nil, err
	}
	kv, err := js.KeyValue(ctx, setupBucket)
	if err != nil {
		return nil, err
	}
	c := &Coordinator{nc: nc, js: js, kv: kv, setups: map[setupKey]string{}, run: cfg.Run, version: cfg.Version, log: cfg.Log, epoch: nuid.Next(),
		slots: make(chan struct{}, cfg.Window), started: time.Now(),
		waiting: map[string]*waiter{}, stored: map[string]*Result{}, taken: map[string]bool{},
		workers: map[string]*WorkerStats{}, said: map[string]bool{}}
	if c.hello, err = nc.Subscribe(helloSubject, c.onHello); err != nil {
		return nil, err
	}
	// Read the run's results so far, then follow new ones.
	st, err := js.Stream(ctx, resultStream)
	if err != nil {
		return nil, err
	}
	info, err := st.Info(ctx, jetstream.WithSubjectFilter(resultSubject(c.run)))
	if err != nil {
		return nil, err
	}
	pending := info.State.Subjects[resultSubject(c.run)]
	c.Previous = int(pending)
	cons, err := js.OrderedConsumer(ctx, resultStream, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{resultSubject(c.run)}, DeliverPolicy: jetstream.DeliverAllPolicy})
	if err != nil {
		return nil, err
	}
	caught := make(chan struct{})
	var once sync.Once
	if pending == 0 {
		once.Do(func() { close(caught) })
	}
	c.cons, err = cons.Consume(func(m jetstream.Msg) {
		c.onResult(m.Data())
		if md, err := m.Metadata(); err == nil && md.NumPending == 0 {
			once.Do(func() { close(caught) })
		}
	})
	if err != nil {
		return nil, err
	}
	select {
	case <-caught:
	case <-ctx.Done():
		c.Close()
		return nil, ctx.Err()
	}
	return c, nil
}

// Close stops following results.
func (c *Coordinator) Close() {
	if c.cons != nil {
		c.cons.Stop()
	}
	if c.hello != nil {
		c.hello.Unsubscribe()
	}
}

// Finish removes the run's batches and results from the streams, and
// its settings from the setups bucket, once its output is written.
func (c *Coordinator) Finish(ctx context.Context) error {
	c.setupMu.Lock()
	for _, d := range c.setups {
		if err := c.kv.Purge(ctx, d); err != nil {
			c.setupMu.Unlock()
			return err
		}
	}
	c.setupMu.Unlock()
	for _, s := range []struct{ stream, subject string }{{batchStream, batchSubject(c.run)}, {resultStream, resultSubject(c.run)}} {
		st, err := c.js.Stream(ctx, s.stream)
		if err != nil {
			return err
		}
		if err := st.Purge(ctx, jetstream.WithPurgeSubject(s.subject)); err != nil {
			return err
		}
	}
	return nil
}

// hello is a worker's sign of life.
type hello struct {
	Worker  string `json:"worker"`
	Version string `json:"version"`
}

func (c *Coordinator) onHello(m *nats.Msg) {
	var h hello
	if json.Unmarshal(m.Data, &h) != nil || word("worker", h.Worker) != nil || len(h.Version) > maxSpec {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if h.Version != c.version {
		c.warn("version "+h.Worker, "worker %s refused: %v", h.Worker,
			&VersionError{Theirs: h.Version, Ours: c.version, What: "worker " + h.Worker})
		return
	}
	c.worker(h.Worker, h.Version).seen = time.Now()
}

// worker is a worker's stats, under c.mu.
func (c *Coordinator) worker(name, version string) *WorkerStats {
	w := c.workers[name]
	if w == nil {
		w = &WorkerStats{Name: name, Version: version}
		c.workers[name] = w
	}
	return w
}

// warn says something once per key, under c.mu.
func (c *Coordinator) warn(key, format string, args ...any) {
	if c.said[key] {
		return
	}
	c.said[key] = true
	fmt.Fprintf(c.log, "mcgomoku: "+format+"\n", args...)
}

// onResult takes one result off the stream.
func (c *Coordinator) onResult(data []byte) {
	r, err := ParseResult(data, c.version)
	c.mu.Lock()
	if err != nil {
		c.counts.Bad++
		var ve *VersionError
		if errors.As(err, &ve) {
			c.warn("version "+r.Worker, "result refused: %v", err)
		} else {
			fmt.Fprintf(c.log, "mcgomoku: refused a result: %v\n", err)
		}
		c.mu.Unlock()
		return
	}
	if r.Run != c.run {
		c.counts.Bad++
		c.mu.Unlock()
		return
	}
	if c.taken[r.ID] {
		c.counts.Duplicates++
		c.mu.Unlock()
		return
	}
	w := c.waiting[r.ID]
	if w == nil {
		// Played before this coordinator started (or asked for again
		// soon): kept until its batch is.
		c.stored[r.ID] = r
		c.mu.Unlock()
		return
	}
	if r.Digest != w.digest {
		// The answer to another batch of the same ID: a run's settings
		// changed under the same ID. Its batch is still out.
		c.counts.Bad++
		c.warn("digest "+r.ID, "refused a result for batch %s made from other settings", r.ID)
		c.mu.Unlock()
		return
	}
	if r.Refused != "" {
		c.counts.Refusals++
		c.warn("refused "+r.Worker+r.Refused, "worker %s refused batch %s: %s", r.Worker, r.ID, r.Refused)
		c.mu.Unlock()
		return
	}
	delete(c.waiting, r.ID)
	c.taken[r.ID] = true
	c.mu.Unlock()
	c.take(w, r)
}

// take hands a result to its batch's handler; one that does not fit is
// counted and its batch sent again.
func (c *Coordinator) take(w *waiter, r *Result) {
	err := w.handle(r)
	c.mu.Lock()
	ws := c.worker(r.Worker, r.Version)
	if err != nil {
		c.counts.Bad++
		ws.Bad++
		fmt.Fprintf(c.log, "mcgomoku: refused worker %s's result for batch %s: %v\n", r.Worker, r.ID, err)
		delete(c.taken, r.ID)
		c.waiting[r.ID] = w
		w.sends++
		c.counts.Resent++
		c.mu.Unlock()
		// A fresh message ID: the stream would drop the same one as a
		// duplicate.
		if _, perr := c.js.Publish(context.Background(), w.subject, w.data, jetstream.WithMsgID(fmt.Sprintf("%s.%s.%s.%d", c.run, r.ID, c.epoch, w.sends))); perr != nil {
			fmt.Fprintf(c.log, "mcgomoku: sending batch %s again: %v\n", r.ID, perr)
		}
		return
	}
	now := time.Now()
	if ws.first.IsZero() {
		ws.first = now.Add(-time.Duration(r.Seconds * float64(time.Second)))
	}
	ws.last, ws.seen = now, now
	ws.Batches++
	ws.Games += max(len(r.Games), len(r.Outcomes))
	ws.Seconds += r.Seconds
	c.mu.Unlock()
	<-c.slots
}

// Submit sends a batch (or answers it from the stream, when this run
// played it before) and has handle called with its result, once, on
// another goroutine or this one. handle checks the result against the
// batch; an error refuses it and sends the batch again. Submit blocks
// while the window of batches out is full.
func (c *Coordinator) Submit(ctx context.Context, b *Batch, handle func(*Result) error) error {
	data, err := c.message(ctx, b)
	if err != nil {
		return err
	}
	if len(data) > MaxMessage {
		return fmt.Errorf("batch %s is %d bytes, over the limit of %d: use fewer games a batch", b.ID, len(data), MaxMessage)
	}
	select {
	case c.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	w := &waiter{digest: digest(data), subject: batchSubject(c.run), data: data, handle: handle}
	c.mu.Lock()
	if c.taken[b.ID] || c.waiting[b.ID] != nil {
		c.mu.Unlock()
		<-c.slots
		return fmt.Errorf("internal error: batch %s sent twice", b.ID)
	}
	if r := c.stored[b.ID]; r != nil {
		delete(c.stored, b.ID)
		if r.Digest == w.digest && r.Refused == "" {
			c.taken[b.ID] = true
			c.counts.Reused++
			c.mu.Unlock()
			c.take(w, r)
			return nil
		}
	}
	c.waiting[b.ID] = w
	c.counts.Batches++
	c.mu.Unlock()
	// The message ID guards against a publish repeated by the client; it
	// is this coordinator's own (epoch), as the same run started again,
	// or run again after it finished, must send its batches anew.
	if _, err := c.js.Publish(ctx, w.subject, data, jetstream.WithMsgID(c.run+"."+b.ID+"."+c.epoch)); err != nil {
		return fmt.Errorf("sending batch %s: %w", b.ID, err)
	}
	return nil
}

// message is the batch as it is sent: this run's, naming its settings,
// which are put in the bucket once.
func (c *Coordinator) message(ctx context.Context, b *Batch) ([]byte, error) {
	b.Protocol, b.Version, b.Run = Protocol, c.version, c.run
	named := *b
	var err error
	if named.Setup, err = c.setup(ctx, b); err != nil {
		return nil, err
	}
	named.Files, named.Match, named.Tune = nil, nil, nil
	return json.Marshal(&named)
}

// setup is the digest of a batch's settings, put in the setups bucket
// the first time they are seen.
func (c *Coordinator) setup(ctx context.Context, b *Batch) (string, error) {
	key := setupKey{b.Match, b.Tune}
	c.setupMu.Lock()
	defer c.setupMu.Unlock()
	if d, ok := c.setups[key]; ok {
		return d, nil
	}
	data, err := json.Marshal(b.settings())
	if err != nil {
		return "", err
	}
	if len(data) > MaxMessage {
		return "", fmt.Errorf("the run's settings are %d bytes, over the limit of %d", len(data), MaxMessage)
	}
	d := digest(data)
	if _, err := c.kv.Put(ctx, d, data); err != nil {
		return "", fmt.Errorf("keeping the run's settings: %w", err)
	}
	c.setups[key] = d
	return d, nil
}

// Forget drops the batches still out (a run that stops early), freeing
// their slots; results that come for them later are ignored.
func (c *Coordinator) Forget(ids []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, id := range ids {
		if c.waiting[id] != nil {
			delete(c.waiting, id)
			c.taken[id] = true
			<-c.slots
		}
	}
}

// Status is the coordinator's view of its run for a progress line.
type Status struct {
	Connected int // workers heard from lately
	Rate      float64
	Counts    Counts
}

// connectedWithin is how recent a worker's sign of life must be for it
// to count as connected (workers say hello every second).
const connectedWithin = 3 * time.Second

// Status returns the workers connected, their games per second in all,
// and the counts.
func (c *Coordinator) Status() Status {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := Status{Counts: c.counts}
	now := time.Now()
	for _, w := range c.workers {
		if now.Sub(w.seen) < connectedWithin {
			s.Connected++
			s.Rate += w.GamesPerSecond()
		}
	}
	return s
}

// Report is the per-worker report of a run.
type Report struct {
	Run     string        `json:"run"`
	Workers []WorkerStats `json:"workers"`
	Counts  Counts        `json:"counts"`
}

// Report returns what each worker did, by name.
func (c *Coordinator) Report() Report {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := Report{Run: c.run, Counts: c.counts}
	for _, w := range c.workers {
		r.Workers = append(r.Workers, *w)
	}
	sort.Slice(r.Workers, func(i, j int) bool { return r.Workers[i].Name < r.Workers[j].Name })
	return r
}

// MarshalJSON adds the rate to a worker's stats.
func (w WorkerStats) MarshalJSON() ([]byte, error) {
	type plain WorkerStats
	return json.Marshal(struct {
		plain
		Rate float64 `json:"games_per_second"`
	}{plain(w), w.GamesPerSecond()})
}
