package distrib

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"

	"github.com/mcgomoku/mcgomoku/internal/fakebrain"
	"github.com/mcgomoku/mcgomoku/internal/syncbuf"
	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

const testToken = "s3cret-test-token"

// lockedBuffer is a log several goroutines write and a test reads.
type lockedBuffer = syncbuf.Buffer

// serve starts an embedded server on loopback with a token.
func serve(t testing.TB) *server.Server {
	t.Helper()
	s, err := Serve(ServerConfig{Addr: "127.0.0.1:0", Store: t.TempDir(), Auth: Auth{Token: testToken}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	return s
}

func connect(t testing.TB, s *server.Server, token string) *nats.Conn {
	t.Helper()
	nc, err := Connect(ClientConfig{URL: s.ClientURL(), Name: "test", Auth: Auth{Token: token}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// startWorker runs an in-process worker until the test ends.
func startWorker(t testing.TB, s *server.Server, cfg WorkerConfig) (*Worker, <-chan error) {
	t.Helper()
	w, err := NewWorker(connect(t, s, testToken), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	finished := make(chan struct{})
	go func() { done <- w.Run(ctx); close(finished) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-finished:
		case <-time.After(10 * time.Second):
			t.Error("the worker did not stop")
		}
	})
	return w, done
}

func coordinator(t testing.TB, s *server.Server, run string, log *lockedBuffer) *Coordinator {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := NewCoordinator(ctx, connect(t, s, testToken), CoordinatorConfig{Run: run, Version: "test", AckWait: 2 * time.Second, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

func summary(t *testing.T, res *arena.Result) string {
	t.Helper()
	var b bytes.Buffer
	if err := res.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestMatchOverWorkers plays a match on two in-process workers and
// requires the summary of the same match played here.
func TestMatchOverWorkers(t *testing.T) {
	s := serve(t)
	for i := range 2 {
		startWorker(t, s, WorkerConfig{Name: fmt.Sprintf("w%d", i), Version: "test", Jobs: 1})
	}
	log := &lockedBuffer{}
	c := coordinator(t, s, "match1", log)
	task := MatchTask{Players: []string{"greedy", "seed002"}, Games: 30, Size: 9, Rule: game.Freestyle, Seed: 7}
	cfg := arena.MatchConfig{A: "greedy", B: "seed002", Games: 30, Size: 9, Seed: 7, Jobs: 2, KeepGames: true}
	local, err := arena.Match(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Remote = c.Match(task, nil, 4)
	remote, err := arena.Match(context.Background(), cfg)
	if err != nil {
		t.Fatalf("%v\n%s", err, log)
	}
	if a, b := summary(t, local), summary(t, remote); a != b {
		t.Fatalf("over workers:\n%s\nhere:\n%s", b, a)
	}
	for i := range local.Games {
		if fmt.Sprint(local.Games[i].Moves) != fmt.Sprint(remote.Games[i].Moves) {
			t.Fatalf("game %d differs", i+1)
		}
	}
	rep := c.Report()
	games := 0
	for _, w := range rep.Workers {
		games += w.Games
	}
	if games != 30 || rep.Counts.Batches != 8 {
		t.Errorf("report %+v: want 30 games in 8 batches", rep)
	}
	if strings.Contains(log.String(), testToken) {
		t.Error("the token was printed")
	}
	// The same run again, once the first has finished and cleared its
	// messages, sends its batches anew (the stream's duplicate window
	// must not swallow them) and plays them again.
	if err := c.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	c.Close()
	c2 := coordinator(t, s, "match1", log)
	cfg.Remote = c2.Match(task, nil, 4)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	again, err := arena.Match(ctx, cfg)
	if err != nil {
		t.Fatalf("the run again: %v\n%s", err, log)
	}
	if a, b := summary(t, local), summary(t, again); a != b {
		t.Fatalf("the run again:\n%s\nhere:\n%s", b, a)
	}
	if n := c2.Report().Counts.Batches; n != 8 {
		t.Errorf("the run again sent %d batches, want 8", n)
	}
}

func TestMain(m *testing.M) {
	// The engine tests run this binary as their Gomocup engine.
	fakebrain.RunIfAsked()
	os.Exit(m.Run())
}

// playBatch plays a batch as a worker would, for tests that answer
// batches themselves.
func playBatch(t testing.TB, b *Batch) *Result {
	t.Helper()
	w := &Worker{cfg: WorkerConfig{Name: "by-hand", Version: "test"}, players: map[string]any{}, said: map[string]bool{}, files: t.TempDir()}
	r, err := w.play(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// publishResult sends a result as worker, under its own message ID.
func publishResult(t *testing.T, nc *nats.Conn, data []byte, r *Result, msgID string) {
	t.Helper()
	r.Protocol, r.Version, r.Worker, r.Digest = Protocol, "test", "by-hand", digest(data)
	out, err := r.encode()
	if err != nil {
		t.Fatal(err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := js.Publish(context.Background(), resultSubject(r.Run), out, jetstream.WithMsgID(msgID)); err != nil {
		t.Fatal(err)
	}
}

// TestLateDuplicateCountedOnce: a batch answered twice (a worker thought
// dead answers after another did) has its games counted once, and a
// result that does not fit its batch is refused, counted, and the batch
// sent again.
func TestLateDuplicateCountedOnce(t *testing.T) {
	s := serve(t)
	log := &lockedBuffer{}
	c := coordinator(t, s, "dup", log)
	task := MatchTask{Players: []string{"greedy", "seed002"}, Games: 4, Size: 9, Seed: 1}
	jobs := []arena.Job{{Number: 1, Pairing: 0, Index: 0, Opening: 0, Moves: []int{40}}, {Number: 2, Pairing: 0, Index: 1, Opening: 0, Moves: []int{40}}}
	b := &Batch{Match: &task, Jobs: jobs, ID: "g1"}
	var handled atomic.Int32
	if err := c.Submit(context.Background(), b, func(r *Result) error {
		if _, err := checkGames(jobs, r.Games, 9, game.Freestyle); err != nil {
			return err
		}
		handled.Add(1)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	data, err := c.message(context.Background(), b) // the batch as it was sent
	if err != nil {
		t.Fatal(err)
	}
	res := playBatch(t, b)
	nc := connect(t, s, testToken)
	// A result whose game claims another winner is refused.
	bad := *res
	bad.Run, bad.ID = "dup", "g1"
	bad.Games = slices.Clone(res.Games)
	bad.Games[0].Winner = bad.Games[0].Winner.Opponent()
	publishResult(t, nc, data, &bad, "bad")
	waitFor(t, "the bad result", func() bool { return c.Status().Counts.Bad == 1 })
	if handled.Load() != 0 || c.Status().Counts.Resent != 1 {
		t.Fatalf("a bad result was taken (%d) or its batch not sent again (%+v)", handled.Load(), c.Status().Counts)
	}
	for i := range 3 {
		good := *res
		good.Run, good.ID = "dup", "g1"
		publishResult(t, nc, data, &good, fmt.Sprint("good", i))
	}
	waitFor(t, "the duplicates", func() bool { return c.Status().Counts.Duplicates == 2 })
	if n := handled.Load(); n != 1 {
		t.Fatalf("the batch's result was taken %d times, want once", n)
	}
	if !strings.Contains(log.String(), "claims") {
		t.Errorf("the bad result's error is not in the log:\n%s", log)
	}
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestWrongTokenRefused: the server lets in no one without its token,
// and the error does not print the token tried.
func TestWrongTokenRefused(t *testing.T) {
	s := serve(t)
	for _, token := range []string{"", "not-the-token"} {
		nc, err := Connect(ClientConfig{URL: s.ClientURL(), Auth: Auth{Token: token}})
		if err == nil {
			nc.Close()
			t.Fatalf("token %q: connected", token)
		}
		if !strings.Contains(err.Error(), "wrong or missing token") || token != "" && strings.Contains(err.Error(), token) {
			t.Errorf("token %q: %v", token, err)
		}
	}
	if _, err := Serve(ServerConfig{Addr: "127.0.0.1:0", Store: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "token") {
		t.Errorf("a server without credentials: %v", err)
	}
}

// TestEnginesRefusedUnlessAllowed: a batch naming a pbrain: engine is
// refused by a worker not allowed engines (the coordinator hears why),
// and played by one that is.
func TestEnginesRefusedUnlessAllowed(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	engine := fakebrain.Spec(exe)
	for _, allow := range []bool{false, true} {
		t.Run(fmt.Sprint("allow=", allow), func(t *testing.T) {
			s := serve(t)
			w, _ := startWorker(t, s, WorkerConfig{Name: "w", Version: "test", Jobs: 1, AllowEngines: allow})
			log := &lockedBuffer{}
			c := coordinator(t, s, "engines", log)
			task := MatchTask{Players: []string{engine, "greedy"}, Games: 2, Size: 9, Seed: 1}
			played := make(chan struct{})
			err := c.Submit(context.Background(), &Batch{Match: &task, ID: "g1", Jobs: []arena.Job{{Number: 1, Moves: []int{40}}}},
				func(r *Result) error { close(played); return nil })
			if err != nil {
				t.Fatal(err)
			}
			if allow {
				select {
				case <-played:
				case <-time.After(30 * time.Second):
					t.Fatalf("a worker allowed engines did not play the batch:\n%s", log)
				}
				return
			}
			waitFor(t, "the refusal", func() bool { return c.Status().Counts.Refusals > 0 })
			if !strings.Contains(log.String(), "--allow-engines") || w.Counts().Refused == 0 {
				t.Errorf("the refusal does not say why, or is not counted (%+v):\n%s", w.Counts(), log)
			}
			select {
			case <-played:
				t.Fatal("a worker not allowed engines played them")
			default:
			}
		})
	}
}

// TestOtherVersionRefused: a worker of another build stops at its first
// batch with both versions named, and the coordinator refuses it too.
func TestOtherVersionRefused(t *testing.T) {
	s := serve(t)
	_, done := startWorker(t, s, WorkerConfig{Name: "old", Version: "v0.9-old", Jobs: 1})
	log := &lockedBuffer{}
	c := coordinator(t, s, "versions", log)
	task := MatchTask{Players: []string{"greedy", "seed002"}, Games: 2, Size: 9, Seed: 1}
	if err := c.Submit(context.Background(), &Batch{Match: &task, ID: "g1", Jobs: []arena.Job{{Number: 1, Moves: []int{40}}}},
		func(*Result) error { return nil }); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "v0.9-old") || !strings.Contains(err.Error(), "test") {
			t.Fatalf("the worker ended with %v, want both versions named", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the worker of another build went on")
	}
	waitFor(t, "the coordinator's refusal", func() bool { return strings.Contains(log.String(), "v0.9-old") })
}

// TestMalformedRefusedAndCounted: garbage on the queue is refused by the
// worker and counted, garbage results by the coordinator, and neither
// stops: a good batch after them is played.
func TestMalformedRefusedAndCounted(t *testing.T) {
	s := serve(t)
	w, _ := startWorker(t, s, WorkerConfig{Name: "w", Version: "test", Jobs: 1})
	log := &lockedBuffer{}
	c := coordinator(t, s, "garbage", log)
	nc := connect(t, s, testToken)
	js, _ := jetstream.New(nc)
	for i, data := range [][]byte{[]byte("{"), []byte("[]"), withProtocol(`{"protocol":1,"version":"test","run":"garbage","id":"x","jobs":[]}`),
		withProtocol(`{"protocol":1,"version":"test","run":"garbage","id":"x","match":{"players":["greedy","greedy"],"games":-4,"size":9}}`)} {
		if _, err := js.Publish(context.Background(), batchSubject("garbage"), data, jetstream.WithMsgID(fmt.Sprint("junk", i))); err != nil {
			t.Fatal(err)
		}
		if _, err := js.Publish(context.Background(), resultSubject("garbage"), data, jetstream.WithMsgID(fmt.Sprint("junk", i))); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "the refusals", func() bool { return w.Counts().Refused >= 4 && c.Status().Counts.Bad >= 4 })
	task := MatchTask{Players: []string{"greedy", "seed002"}, Games: 2, Size: 9, Seed: 1}
	played := make(chan struct{})
	if err := c.Submit(context.Background(), &Batch{Match: &task, ID: "g1", Jobs: []arena.Job{{Number: 1, Moves: []int{40}}}},
		func(*Result) error { close(played); return nil }); err != nil {
		t.Fatal(err)
	}
	select {
	case <-played:
	case <-time.After(30 * time.Second):
		t.Fatalf("the worker stopped after the garbage:\n%s", log)
	}
}

// writeCerts makes a certificate authority and a server certificate for
// 127.0.0.1 signed by it, in dir, and returns their files.
func writeCerts(t *testing.T, dir string) (ca, cert, key string) {
	t.Helper()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	srvKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	srvTmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		KeyUsage: x509.KeyUsageDigitalSignature}
	srvDER, err := x509.CreateCertificate(rand.Reader, srvTmpl, caTmpl, &srvKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(srvKey)
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, typ string, der []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	return write("ca.pem", "CERTIFICATE", caDER), write("server.pem", "CERTIFICATE", srvDER), write("server-key.pem", "EC PRIVATE KEY", keyDER)
}

// TestTLS: a server with a certificate takes clients that trust its
// authority, and a client that does not is refused.
func TestTLS(t *testing.T) {
	dir := t.TempDir()
	ca, cert, key := writeCerts(t, dir)
	s, err := Serve(ServerConfig{Addr: "127.0.0.1:0", Store: t.TempDir(), Auth: Auth{Token: testToken}, TLS: TLS{Cert: cert, Key: key}})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { s.Shutdown(); s.WaitForShutdown() }()
	url := strings.Replace(s.ClientURL(), "nats://", "tls://", 1)
	nc, err := Connect(ClientConfig{URL: url, Auth: Auth{Token: testToken}, TLS: TLS{CA: ca}})
	if err != nil {
		t.Fatalf("a client trusting the server's authority: %v", err)
	}
	if !nc.TLSRequired() {
		t.Error("the connection is not TLS")
	}
	nc.Close()
	if nc, err := Connect(ClientConfig{URL: url, Auth: Auth{Token: testToken}}); err == nil {
		nc.Close()
		t.Fatal("a client that does not trust the server's certificate connected")
	}
}

// TestNKey: a server that lets in an NKey's holder takes a client with
// its seed and refuses one with another seed.
func TestNKey(t *testing.T) {
	dir := t.TempDir()
	seedFile := func(name string) (string, string) {
		kp, err := nkeys.CreateUser()
		if err != nil {
			t.Fatal(err)
		}
		seed, _ := kp.Seed()
		pub, _ := kp.PublicKey()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, seed, 0o600); err != nil {
			t.Fatal(err)
		}
		return path, pub
	}
	good, pub := seedFile("good.nk")
	other, _ := seedFile("other.nk")
	if got, err := PublicKey(good); err != nil || got != pub {
		t.Fatalf("PublicKey: %q, %v; want %q", got, err, pub)
	}
	s, err := Serve(ServerConfig{Addr: "127.0.0.1:0", Store: t.TempDir(), Auth: Auth{NKeys: []string{pub}}})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { s.Shutdown(); s.WaitForShutdown() }()
	nc, err := Connect(ClientConfig{URL: s.ClientURL(), Auth: Auth{NKeySeed: good}})
	if err != nil {
		t.Fatalf("the key's holder: %v", err)
	}
	nc.Close()
	if nc, err := Connect(ClientConfig{URL: s.ClientURL(), Auth: Auth{NKeySeed: other}}); err == nil {
		nc.Close()
		t.Fatal("another key's holder connected")
	}
}

// TestSettingsGoneRefused: a batch whose settings are no longer in the
// bucket (its run finished) is refused, saying so, and not played; the
// batch sent before the run finished was played from them.
func TestSettingsGoneRefused(t *testing.T) {
	s := serve(t)
	w, _ := startWorker(t, s, WorkerConfig{Name: "w", Version: "test", Jobs: 1})
	log := &lockedBuffer{}
	c := coordinator(t, s, "gone", log)
	task := MatchTask{Players: []string{"greedy", "seed002"}, Games: 4, Size: 9, Seed: 1}
	played := make(chan struct{}, 2)
	handle := func(*Result) error { played <- struct{}{}; return nil }
	if err := c.Submit(context.Background(), &Batch{Match: &task, ID: "g1", Jobs: []arena.Job{{Number: 1, Moves: []int{40}}}}, handle); err != nil {
		t.Fatal(err)
	}
	select {
	case <-played:
	case <-time.After(30 * time.Second):
		t.Fatalf("the batch was not played from its settings:\n%s", log)
	}
	if err := c.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	// The worker remembers the settings it read: a worker that has not
	// must find them gone.
	w2, _ := startWorker(t, s, WorkerConfig{Name: "w2", Version: "test", Jobs: 1})
	w.mu.Lock()
	clear(w.setups)
	w.mu.Unlock()
	if err := c.Submit(context.Background(), &Batch{Match: &task, ID: "g2", Jobs: []arena.Job{{Number: 2, Index: 1, Moves: []int{40}}}}, handle); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the refusal", func() bool { return w.Counts().Refused+w2.Counts().Refused > 0 })
	// A worker counts its refusal before the coordinator hears of it
	// (the answer crosses the server): wait for the coordinator's word.
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(log.String(), "are gone") {
		if time.Now().After(deadline) {
			t.Fatalf("the refusal does not say the settings are gone:\n%s", log)
		}
		time.Sleep(10 * time.Millisecond)
	}
	select {
	case <-played:
		t.Fatal("a batch was played without its settings")
	default:
	}
}

// BenchmarkRoundTrip measures one batch's round trip through the queue,
// one after another: the coordinator sends a batch of one 9×9 greedy
// game, a worker (in this process, over loopback TCP) takes it, plays it
// and sends its result, and the coordinator takes the result. Its time
// is what a tuning iteration waits for besides its games.
//
//	go test ./sim/distrib -run '^$' -bench RoundTrip
func BenchmarkRoundTrip(b *testing.B) {
	s := serve(b)
	startWorker(b, s, WorkerConfig{Name: "w", Version: "test", Jobs: 1})
	c := coordinator(b, s, "rt", &lockedBuffer{})
	task := MatchTask{Players: []string{"greedy", "greedy"}, Games: 2, Size: 9, Seed: 1}
	ctx := context.Background()
	for i := 0; b.Loop(); i++ {
		// The same game each time, as a batch of its own.
		done := make(chan struct{})
		b := &Batch{Match: &task, ID: fmt.Sprint("g", i), Jobs: []arena.Job{{Number: 1, Moves: []int{40}}}}
		if err := c.Submit(ctx, b, func(*Result) error { close(done); return nil }); err != nil {
			panic(err)
		}
		<-done
	}
}
