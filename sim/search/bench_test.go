package search

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

var (
	benchNodes = flag.Int64("bench-nodes", 20_000, "node budget per position for BenchmarkSearch")
	update     = flag.Bool("update", false, "rewrite testdata/bench.golden")
)

// TestBenchFingerprint pins the engine's behaviour: the moves it chooses
// on the benchmark positions at 2,000 nodes with the default config. Any
// change to the search, the evaluation or the default weights shows here;
// when the change is meant, accept it with
//
//	go test ./sim/search/ -run BenchFingerprint -update
func TestBenchFingerprint(t *testing.T) {
	r, err := Bench(context.Background(), config.Default(), 2000)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, m := range r.Moves {
		moves = append(moves, game.FormatMove(m, 15))
	}
	got := fmt.Sprintf("nodes 2000\nfingerprint %016x\nmoves %s\n", r.Fingerprint, strings.Join(moves, " "))
	path := filepath.Join("testdata", "bench.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (create it with -update)", err)
	}
	if got != string(want) {
		t.Errorf("the engine's choices changed:\n got %s\nwant %s\nif the change is meant, run: go test ./sim/search/ -run BenchFingerprint -update", got, want)
	}
}

// TestBenchDeterministic runs the benchmark twice on a small budget: with
// one thread and a node budget, the fingerprint must not change.
func TestBenchDeterministic(t *testing.T) {
	cfg := config.Default()
	a, err := Bench(context.Background(), cfg, 2000)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Bench(context.Background(), cfg, 2000)
	if err != nil {
		t.Fatal(err)
	}
	if a.Fingerprint != b.Fingerprint {
		t.Errorf("fingerprints differ: %016x then %016x (moves %v then %v)", a.Fingerprint, b.Fingerprint, a.Moves, b.Moves)
	}
	if a.Positions != len(BenchPositions) {
		t.Errorf("searched %d positions, want %d", a.Positions, len(BenchPositions))
	}
	t.Logf("%v", a)
}

// BenchmarkSearch reports nodes per second and prints the fingerprint:
//
//	go test -run '^$' -bench Search -benchtime 1x ./sim/search/
func BenchmarkSearch(b *testing.B) {
	cfg := config.Default()
	var last BenchResult
	var nodes int64
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		r, err := Bench(context.Background(), cfg, *benchNodes)
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.Nodes
		last = r
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.Logf("%v", last)
}
