package main

import (
	"bytes"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/tune"
)

// The distributed tests run on loopback only: an embedded server on
// 127.0.0.1 and workers that are this test binary re-executed.

const distToken = "loopback-test-token"

// freeAddr is a loopback address with a port nothing listens on now.
func freeAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return "127.0.0.1:" + strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}

// proc is mcgomoku run as a process of its own.
type proc struct {
	cmd    *exec.Cmd
	stdout lockedBuffer
	stderr lockedBuffer
	done   chan struct{}
}

// start runs mcgomoku (as the test binary with arg first: mainArg, or
// holdingArg for a worker that holds its first batch) with the token in
// its environment, in dir. The process is killed when the test ends.
func start(t testing.TB, dir, arg string, args ...string) *proc {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := &proc{cmd: exec.Command(exe, append([]string{arg}, args...)...), done: make(chan struct{})}
	p.cmd.Dir = dir
	p.cmd.Env = append(os.Environ(), tokenEnv+"="+distToken)
	p.cmd.Stdout, p.cmd.Stderr = &p.stdout, &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// kill ends p with SIGKILL, as a machine that dies would.
func (p *proc) kill(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-p.done
}

// wait waits for p to exit and returns its exit code.
func (p *proc) wait(t *testing.T, within time.Duration) int {
	t.Helper()
	select {
	case <-p.done:
		return p.cmd.ProcessState.ExitCode()
	case <-time.After(within):
		p.cmd.Process.Kill()
		<-p.done
		t.Fatalf("%q did not finish within %v\nstderr:\n%s", p.cmd.Args[1:], within, p.stderr.String())
		return -1
	}
}

// waitFor waits until cond holds.
func waitFor(t *testing.T, what string, within time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// killedMidRun plays a run over three workers: one holds its first batch
// and is killed with SIGKILL in the middle of it, the coordinator (whose
// run waits for that batch) is killed with SIGKILL too, and the same
// command started again (with again appended) finishes the run. It
// returns the finished coordinator.
func killedMidRun(t *testing.T, dir string, args, again []string) *proc {
	t.Helper()
	addr := freeAddr(t)
	args = append(args, "--serve", addr, "--ack-wait", "1s")
	coord := start(t, dir, mainArg, args...)
	waitFor(t, "the server", 30*time.Second, func() bool { return strings.Contains(coord.stderr.String(), "NATS server listening") })
	url := "nats://" + addr
	held := start(t, dir, holdingArg, "worker", "--server", url, "--jobs", "1", "--name", "held")
	waitFor(t, "the held batch", 30*time.Second, func() bool { return strings.Contains(held.stderr.String(), "holding batch") })
	for _, name := range []string{"w1", "w2"} {
		start(t, dir, mainArg, "worker", "--server", url, "--jobs", "1", "--name", name)
	}
	// The run goes on until it needs the held batch; give it a moment.
	time.Sleep(500 * time.Millisecond)
	held.kill(t)
	coord.kill(t)
	if t.Failed() {
		return nil
	}
	again = append(args[:len(args):len(args)], again...)
	coord = start(t, dir, mainArg, again...)
	if code := coord.wait(t, 120*time.Second); code != 0 {
		t.Fatalf("the restarted coordinator exited %d:\n%s", code, coord.stderr.String())
	}
	if !strings.Contains(coord.stderr.String(), "results kept from before are used again") {
		t.Errorf("the restarted coordinator did not use the results played before it was killed:\n%s", coord.stderr.String())
	}
	return coord
}

// TestTuneOverWorkersSurvivesKills is issue 34's acceptance test for
// tune: a worker killed mid-batch and the coordinator killed and
// restarted, and the tuned TOML is byte for byte the one the same run
// writes on one machine.
func TestTuneOverWorkersSurvivesKills(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes for seconds")
	}
	dir := t.TempDir()
	cfg := filepath.Join(dir, "small.toml")
	if err := os.WriteFile(cfg, []byte("[game]\nsize = 9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	common := []string{"tune", "--config", cfg, "--games", "1200", "--batch", "25", "--check", "10", "--verify", "60", "--seed", "5"}
	var stdout, stderr bytes.Buffer
	if code := run(append(common, "--out", filepath.Join(dir, "local.toml"), "--jobs", "2"), nil, &stdout, &stderr); code != 0 {
		t.Fatalf("the local run exited %d: %s", code, stderr.String())
	}
	over := filepath.Join(dir, "over.toml")
	coord := killedMidRun(t, dir, append(common, "--out", over, "--batch-games", "4"), []string{"--resume"})
	if coord == nil {
		return
	}
	local, _ := os.ReadFile(filepath.Join(dir, "local.toml"))
	got, err := os.ReadFile(over)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(local, got) {
		t.Fatalf("over workers the tuned config differs from the local run's:\n%s\nlocal:\n%s", got, local)
	}
	if !strings.Contains(coord.stderr.String(), "worker w1") {
		t.Errorf("no per-worker report:\n%s", coord.stderr.String())
	}
}

// TestSimOverWorkersSurvivesKills is the same for a sim match: its
// summary is the one the match prints played here.
func TestSimOverWorkersSurvivesKills(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes for seconds")
	}
	dir := t.TempDir()
	common := []string{"sim", "greedy", "seed002", "--games", "300", "--size", "9", "--seed", "3"}
	var stdout, stderr bytes.Buffer
	if code := run(append(common, "--jobs", "2"), nil, &stdout, &stderr); code != 0 {
		t.Fatalf("the local run exited %d: %s", code, stderr.String())
	}
	coord := killedMidRun(t, dir, append(common, "--batch-games", "5"), nil)
	if coord == nil {
		return
	}
	if got := coord.stdout.String(); got != stdout.String() {
		t.Fatalf("over workers the summary differs from the local run's:\n%s\nlocal:\n%s", got, stdout.String())
	}
}

// TestWorkerWithoutTokenRefused: a worker with a wrong token, or none,
// is refused by the coordinator's server and exits saying so, without
// printing the token it tried.
func TestWorkerWithoutTokenRefused(t *testing.T) {
	dir := t.TempDir()
	addr := freeAddr(t)
	coord := start(t, dir, mainArg, "sim", "greedy", "greedy", "--games", "2", "--size", "9", "--serve", addr)
	waitFor(t, "the server", 30*time.Second, func() bool { return strings.Contains(coord.stderr.String(), "NATS server listening") })
	for _, token := range []string{"not-the-token", ""} {
		t.Setenv(tokenEnv, token)
		var stdout, stderr bytes.Buffer
		code := run([]string{"worker", "--server", "nats://" + addr, "--jobs", "1"}, nil, &stdout, &stderr)
		want, wantCode := "refused this worker", exitFailure
		if token == "" {
			want, wantCode = "needs the server's token", exitUsage
		}
		if code != wantCode || !strings.Contains(stderr.String(), want) {
			t.Errorf("token %q: exit %d, %s; want exit %d and %q", token, code, stderr.String(), wantCode, want)
		}
		if token != "" && strings.Contains(stderr.String(), token) {
			t.Errorf("the token was printed: %s", stderr.String())
		}
	}
}

// TestWorkerCPUProfile: a worker started with --cpuprofile writes its
// profile (gzipped pprof) when Ctrl-C stops it, having played games.
func TestWorkerCPUProfile(t *testing.T) {
	dir := t.TempDir()
	addr := freeAddr(t)
	coord := start(t, dir, mainArg, "sim", "greedy", "greedy", "--games", "20", "--size", "9", "--serve", addr)
	w := start(t, dir, mainArg, "worker", "--server", "nats://"+addr, "--jobs", "1", "--cpuprofile", "w.prof")
	select {
	case <-coord.done:
	case <-time.After(2 * time.Minute):
		t.Fatalf("the match did not end: %s", coord.stderr.String())
	}
	if err := w.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	<-w.done
	data, err := os.ReadFile(filepath.Join(dir, "w.prof"))
	if err != nil || len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		t.Fatalf("no profile (%v, %d bytes): %s", err, len(data), w.stderr.String())
	}
	if !strings.Contains(w.stderr.String(), "20 games") {
		t.Errorf("the worker did not play the match: %s", w.stderr.String())
	}
}

// TestSimBatchGamesDefault: a match of greedy players only goes out in
// batches of simBatchGreedy games, any other in simBatch; the default is
// the command line's alone (a restarted coordinator makes the same
// batches), and --batch-games overrides it.
func TestSimBatchGamesDefault(t *testing.T) {
	for _, tc := range []struct {
		players []string
		planned int
		want    int
	}{
		{[]string{"greedy", "greedy"}, 100000, simBatchGreedy},
		{[]string{"greedy:examples/tuned.toml", "greedy"}, 100000, simBatchGreedy},
		{[]string{"greedy", "greedy", "greedy:a.toml"}, 6 * 20000, simBatchGreedy},
		{[]string{"greedy", "seed002"}, 100000, simBatch},
		{[]string{"lookahead:level=quick", "greedy"}, 100000, simBatch},
		{[]string{"greedyish", "greedy"}, 100000, simBatch},
		{[]string{"pbrain:/bin/greedy", "greedy"}, 100000, simBatch},
		// A short run is spread over simSpread batches, or one a game.
		{[]string{"greedy", "greedy"}, 10000, 313},
		{[]string{"lookahead:level=normal", "greedy"}, 100, 4},
		{[]string{"lookahead:level=normal", "greedy"}, 1000, 32},
		{[]string{"lookahead:level=normal", "greedy"}, 2, 1},
		{[]string{"lookahead:level=normal", "greedy"}, 1, 1},
	} {
		if got := simBatchGames(tc.players, tc.planned); got != tc.want {
			t.Errorf("%q, %d games: %d games a batch, want %d", tc.players, tc.planned, got, tc.want)
		}
	}
}

// TestSimGreedyBatchesByDefault: through the command, a greedy match over
// a worker goes out in batches of simBatchGreedy games.
func TestSimGreedyBatchesByDefault(t *testing.T) {
	dir := t.TempDir()
	addr := freeAddr(t)
	t.Setenv(tokenEnv, distToken)
	start(t, dir, mainArg, "worker", "--server", "nats://"+addr, "--jobs", "1", "--name", "w")
	var stdout, stderr bytes.Buffer
	args := []string{"sim", "greedy", "greedy", "--games", "40000", "--size", "9", "--serve", addr, "--state", filepath.Join(dir, "nats")}
	if code := run(args, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if want := "worker w: 40000 games in 40 batches"; !strings.Contains(stderr.String(), want) {
		t.Errorf("want %q in:\n%s", want, stderr.String())
	}
}

// TestGreedyOnlyTune: only a tune whose every game is greedy against
// greedy is told it runs faster on one machine.
func TestGreedyOnlyTune(t *testing.T) {
	for _, tc := range []struct {
		ai      string
		against []string
		want    bool
	}{
		{"greedy", []string{"self"}, true},
		{"greedy", []string{"start", "greedy:examples/tuned.toml"}, true},
		{"greedy", []string{"self", "seed004"}, false},
		{"greedy", []string{"search:nodes=2000,threads=1"}, false},
		{"lookahead", []string{"self"}, false},
	} {
		if got := greedyOnly(tune.Setup{AI: tc.ai, Against: tc.against}); got != tc.want {
			t.Errorf("%s against %q: %v, want %v", tc.ai, tc.against, got, tc.want)
		}
	}
}
