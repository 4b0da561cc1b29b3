package distrib

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

const testToken = "s3cret-test-token"

// lockedBuffer is a log several goroutines write.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// serve starts an embedded server on loopback with a token.
func serve(t *testing.T) *server.Server {
	t.Helper()
	s, err := Serve(ServerConfig{Addr: "127.0.0.1:0", Store: t.TempDir(), Auth: Auth{Token: testToken}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	return s
}

func connect(t *testing.T, s *server.Server, token string) *nats.Conn {
	t.Helper()
	nc, err := Connect(ClientConfig{URL: s.ClientURL(), Name: "test", Auth: Auth{Token: token}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// startWorker runs an in-process worker until the test ends.
func startWorker(t *testing.T, s *server.Server, cfg WorkerConfig) (*Worker, <-chan error) {
	t.Helper()
	w, err := NewWorker(connect(t, s, testToken), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("the worker did not stop")
		}
	})
	return w, done
}

func coordinator(t *testing.T, s *server.Server, run string, log *lockedBuffer) *Coordinator {
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
}
