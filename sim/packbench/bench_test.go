package packbench

import (
	"strings"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/datapack/check"
	"github.com/mcgomoku/mcgomoku/gen"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/mcvm"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
)

// BenchmarkAIMove measures the interpreter on the packs' AI moves
// (15×15), one AI move per iteration in games against clicks spread over
// the board. It reports the interpreter's commands per second (goal: at
// least 8 million on the greedy pack on an idle core, issue 16), timed
// around the interpreter only, and commands per AI move. The synthetic
// BenchmarkCommands (sim/mcvm) is the same measure on straight-line
// scoreboard work; docs/benchmarks.md compares the two.
func BenchmarkAIMove(b *testing.B) {
	for _, profile := range []string{packplay.Greedy, packplay.Seed000} {
		b.Run(profile, func(b *testing.B) {
			pack := generated(b, profile)
			g, err := packplay.Open(pack, packplay.Options{Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			var cmds int64
			var busy time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				bd := g.Board()
				if bd.Over() || bd.Moves() > 40 {
					if err := g.Restart(); err != nil {
						b.Fatal(err)
					}
					bd = g.Board()
				}
				// The player's stone: a cell a knight's move away, walking
				// the board from the centre.
				for k := 0; ; k++ {
					if c := (bd.Cells()/2 + k*17) % bd.Cells(); bd.Legal(c) == nil {
						if _, _, err := g.Click(c); err != nil {
							b.Fatal(err)
						}
						break
					}
				}
				if g.Board().Over() {
					continue
				}
				_, cost, err := g.AIMove()
				if err != nil {
					b.Fatal(err)
				}
				cmds += cost.Commands
				busy += cost.Time
			}
			b.ReportMetric(float64(cmds)/busy.Seconds(), "cmds/s")
			b.ReportMetric(float64(cmds)/float64(b.N), "cmds/move")
		})
	}
}

// generated is the pack gen renders for profile from the default config.
func generated(b *testing.B, profile string) *datapack.Pack {
	in, err := gen.FromConfig(config.PackDefault(), profile)
	if err != nil {
		b.Fatal(err)
	}
	res, err := gen.Generate(in, gen.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return res.Pack
}

// commandLines are the pack's command lines outside its overlays,
// continuation lines joined, comments and macro lines left out.
func commandLines(p *datapack.Pack) []string {
	var lines []string
	for path, f := range p.Files {
		if !strings.HasSuffix(path, ".mcfunction") || !strings.HasPrefix(path, "data/") {
			continue
		}
		for l := range strings.SplitSeq(strings.ReplaceAll(string(f), "\\\n", ""), "\n") {
			if l = strings.TrimSpace(l); l != "" && l[0] != '#' && l[0] != '$' {
				lines = append(lines, l)
			}
		}
	}
	return lines
}

// BenchmarkLoad measures mcvm.Load on the generated packs: reading every
// function's command lines into the interpreter's compiled form. It
// reports the time per command line, to compare with BenchmarkParse's.
func BenchmarkLoad(b *testing.B) {
	for _, profile := range []string{packplay.Greedy, packplay.Seed000} {
		b.Run(profile, func(b *testing.B) {
			pack := generated(b, profile)
			lines := len(commandLines(pack))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := mcvm.Load(pack, mcvm.Options{Seed: 1}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/line")
		})
	}
}

// BenchmarkParse measures the checker's parser, which mcvm.Load compiles
// every line from, on the generated packs' command lines.
func BenchmarkParse(b *testing.B) {
	tree, reg, err := check.Embedded("26.2")
	if err != nil {
		b.Fatal(err)
	}
	for _, profile := range []string{packplay.Greedy, packplay.Seed000} {
		b.Run(profile, func(b *testing.B) {
			lines := commandLines(generated(b, profile))
			p := check.NewParser(tree, reg)
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lines {
					if _, err := p.Parse(l); err != nil {
						b.Fatalf("%q: %v", l, err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/line")
		})
	}
}
