package check

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// bigPack is the hand-written pack with its command lines repeated into
// extra functions until it has about n lines.
func bigPack(t testing.TB, n int) (*datapack.Pack, int) {
	p := readDir(t, filepath.Join("testdata", "gomoku"))
	var lines []string
	for path, b := range p.Files {
		// Not the overlays' files (release-specific) or the gamerule lines.
		if !strings.HasPrefix(path, "data/") || !strings.HasSuffix(path, ".mcfunction") || strings.Contains(path, "/move/place") || strings.Contains(path, "gamerule") || strings.Contains(path, "util/rules") {
			continue
		}
		for _, l := range strings.Split(string(b), "\n") {
			if l != "" && l[0] != '#' {
				lines = append(lines, l)
			}
		}
	}
	total := 0
	for i := 0; total < n; i++ {
		var b strings.Builder
		for j := 0; j < 1000 && total < n; j++ {
			b.WriteString(lines[(i*1000+j)%len(lines)] + "\n")
			total++
		}
		p.Files[fmt.Sprintf("data/gomoku/function/bulk/f%03d.mcfunction", i)] = []byte(b.String())
	}
	return p, total
}

// TestPerformance20k keeps the brief's budget: a pack of 20,000 command
// lines is checked in well under two seconds (the bound here is looser so
// that a loaded CI machine does not flake).
func TestPerformance20k(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping timing test in -short mode")
	}
	rs := loadReleases(t)
	p, n := bigPack(t, 20000)
	start := time.Now()
	probs := Pack(p, rs[1].tree, rs[1].reg)
	el := time.Since(start)
	if len(probs) != 0 {
		t.Fatalf("got %d problems, want 0; first: %v", len(probs), probs[0])
	}
	t.Logf("%d lines in %v", n, el)
	if el > 5*time.Second && !raceEnabled {
		t.Errorf("checking %d lines took %v, want well under 2s", n, el)
	}
}

func BenchmarkPack20k(b *testing.B) {
	rs := loadReleases(b)
	p, _ := bigPack(b, 20000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Pack(p, rs[1].tree, rs[1].reg)
	}
}

// BenchmarkParse times check.Parse on the hand-written pack's command
// lines: the generator reads every line of the packs it renders with it.
func BenchmarkParse(b *testing.B) {
	tree, reg, err := Embedded("26.2")
	if err != nil {
		b.Fatal(err)
	}
	p, _ := bigPack(b, 5000)
	var lines []string
	for path, f := range p.Files {
		if strings.Contains(path, "/bulk/") {
			lines = append(lines, strings.Split(strings.TrimSpace(string(f)), "\n")...)
		}
	}
	parser := NewParser(tree, reg)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, l := range lines {
			if _, err := parser.Parse(l); err != nil {
				b.Fatalf("%q: %v", l, err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/line")
}
