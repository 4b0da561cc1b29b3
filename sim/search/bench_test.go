package search

import (
	"context"
	"flag"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
)

var benchNodes = flag.Int64("bench-nodes", 20_000, "node budget per position for BenchmarkSearch")

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
