package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/distrib"
)

// BenchmarkOverWorkers measures the command a user runs, side by side in
// each iteration: the run on this machine at --jobs 2, then the same run
// over two workers (this binary re-executed, --jobs 1 each) on loopback,
// through a NATS server that stays up (a long tune's steady state; a
// coordinator's own --serve adds its start, a few hundred milliseconds).
// It reports both rates and their ratio (the goal is 0.9 on a
// two-core machine), and cpu-ratio: the local run's CPU time over the
// CPU time of every process of the run over workers, which the other
// load of a shared machine sways less. The batch-1 case's time per game
// against the batch-200 case's is the overhead of a batch. The tuning
// run is 40,000 games (10,000 SPSA iterations), long enough for its
// start-up to be a small part of it; tune-greedy-start, 4 iterations,
// is the start-up alone (workers-ms/run against local-ms/run).
//
//	go test ./cmd/mcgomoku -run '^$' -bench OverWorkers -benchtime 3x
func BenchmarkOverWorkers(b *testing.B) {
	dir := b.TempDir()
	srv, err := distrib.Serve(distrib.ServerConfig{Addr: freeAddr(b), Store: filepath.Join(dir, "nats"), Auth: distrib.Auth{Token: distToken}})
	if err != nil {
		b.Fatal(err)
	}
	defer func() { srv.Shutdown(); srv.WaitForShutdown() }()
	url := srv.ClientURL()
	var workers []*proc
	for _, name := range []string{"w1", "w2"} {
		workers = append(workers, start(b, dir, mainArg, "worker", "--server", url, "--jobs", "1", "--name", name))
	}
	b.Setenv(tokenEnv, distToken)
	runs := 0
	for _, bc := range []struct {
		name  string
		args  func(i int) []string // the run, i a number of its own (tune's files)
		games int
		batch int // --batch-games, 0: the command's default
	}{
		// sim's default batches (1,000 greedy games); 100,000 games, a
		// few seconds, so that the run's start is a small part of it.
		{"sim-greedy", sim("greedy", 100000), 100000, 0},
		{"sim-greedy-batch1", sim("greedy", 1000), 1000, 1},
		{"sim-lookahead-normal", sim("lookahead:level=normal", 200), 200, 0},
		{"tune-greedy", tuneGreedy(dir, 40000), 40000, 16},
		{"tune-greedy-start", tuneGreedy(dir, 16), 16, 16},
		// The tune the issue is for: the lookahead's values where it plays.
		{"tune-lookahead-normal", tuneAI(dir, 80, "--ai", "lookahead", "--level", "normal"), 80, 16},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var local, over, localCPU, overCPU time.Duration
			cpuKnown := true
			var pids []int
			for _, w := range workers {
				pids = append(pids, w.cmd.Process.Pid)
			}
			for range b.N {
				for _, remote := range []bool{false, true} {
					runs++
					args := bc.args(runs)
					if remote {
						args = append(args, "--server", url)
						if bc.batch > 0 {
							args = append(args, "--batch-games", fmt.Sprint(bc.batch))
						}
					} else {
						args = append(args, "--jobs", "2")
					}
					var stdout, stderr bytes.Buffer
					c0, ok0 := cpuTime(pids...)
					t0 := time.Now()
					stuck := time.AfterFunc(2*time.Minute, func() {
						for _, w := range workers {
							fmt.Fprintf(os.Stderr, "worker: %s\n", w.stderr.String())
						}
					})
					if code := run(args, nil, &stdout, &stderr); code != 0 {
						b.Fatalf("%q exited %d: %s", args, code, stderr.String())
					}
					stuck.Stop()
					wall := time.Since(t0)
					c1, ok1 := cpuTime(pids...)
					cpuKnown = cpuKnown && ok0 && ok1
					if remote {
						over += wall
						overCPU += c1 - c0
					} else {
						local += wall
						localCPU += c1 - c0
					}
				}
			}
			games := float64(bc.games * b.N)
			b.ReportMetric(games/local.Seconds(), "local-games/s")
			b.ReportMetric(games/over.Seconds(), "workers-games/s")
			b.ReportMetric(local.Seconds()/over.Seconds(), "ratio")
			b.ReportMetric(float64(over.Microseconds())/games, "workers-µs/game")
			// A run's wall time, local and over workers: the start-up
			// case's is what a run costs besides its games.
			b.ReportMetric(float64(local.Milliseconds())/float64(b.N), "local-ms/run")
			b.ReportMetric(float64(over.Milliseconds())/float64(b.N), "workers-ms/run")
			if cpuKnown && overCPU > 0 {
				// CPU time of every process (this one, with the server and
				// the coordinator, and the workers) per game: what the
				// distribution costs, less swayed by the machine's other
				// load than the rates.
				b.ReportMetric(localCPU.Seconds()/overCPU.Seconds(), "cpu-ratio")
				// The same per game: the batch-1 case's over workers less
				// the local run's is the CPU time a batch costs.
				b.ReportMetric(float64(localCPU.Microseconds())/games, "local-cpu-µs/game")
				b.ReportMetric(float64(overCPU.Microseconds())/games, "workers-cpu-µs/game")
			}
		})
	}
}

// tuneGreedy is a benchmark's greedy tuning run of games games, without
// strength checks or the verification: its iterations alone.
func tuneGreedy(dir string, games int) func(int) []string { return tuneAI(dir, games) }

// tuneAI is a benchmark's tune run of games, with more flags.
func tuneAI(dir string, games int, flags ...string) func(int) []string {
	return func(i int) []string {
		return append([]string{"tune", "--games", fmt.Sprint(games), "--check", "0", "--verify", "0", "--out", filepath.Join(dir, fmt.Sprintf("t%d.toml", i))}, flags...)
	}
}

// sim is a benchmark's sim run of a player against itself.
func sim(spec string, games int) func(int) []string {
	return func(int) []string { return []string{"sim", spec, spec, "--games", fmt.Sprint(games)} }
}
