package game

import (
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/internal/goldenfile"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// lineShape is a kind of cell renju tells apart, built of lines through
// the cell *: each line's pattern (X black, . empty) laid along a
// direction of its own on an empty board, so the same kind can be tried
// along every direction, each way round.
type lineShape struct {
	kind  string
	lines []string
	shape RenjuShape // what Shape says of *, by construction
}

// lineShapes are the forbidden kinds and the exceptions that are made of
// lines alone (a three whose key point is forbidden needs the key
// point's own lines: gen's renjuCases hold it, in every symmetry).
var lineShapes = []lineShape{
	{"overline", []string{"XXX*XX"}, RenjuShape{Overline: true}},
	{"double four on one line", []string{"X.X*X.X"}, RenjuShape{Fours: 2, FourLines: 1}},
	{"double four", []string{"*XXX", "*XXX"}, RenjuShape{Fours: 2, FourLines: 2}},
	{"double three", []string{"*XX", "*XX"}, RenjuShape{Threes: 2, Seeming: 2}},
	{"four-three", []string{"*XXX", "*XX"}, RenjuShape{Fours: 1, FourLines: 1, Threes: 1, Seeming: 1}},
	{"five beats an overline", []string{"XXXX*", "XXX*XX"}, RenjuShape{Five: true, Overline: true}},
	{"five beats a double four", []string{"XXXX*", "*XXX", "*XXX"}, RenjuShape{Five: true, Fours: 2, FourLines: 2}},
}

// directionNames name Directions, in their order.
var directionNames = [4]string{"horizontal", "vertical", "diagonal", "anti-diagonal"}

// lineVariant is a lineShape laid out: a 9×9 picture with * in the
// centre, and which way each line goes.
type lineVariant struct {
	kind, desc string
	rows       []string
	shape      RenjuShape
}

// lineSize is the board the variants are drawn on: room for four stones
// on each side of the centre.
const lineSize = 9

// variants lays s out with line j along dirs[j], backwards where back[j]
// (the pattern mirrored).
func (s lineShape) variant(dirs []int, back []bool) lineVariant {
	grid := make([][]byte, lineSize)
	for y := range grid {
		grid[y] = []byte(strings.Repeat(".", lineSize))
	}
	c := lineSize / 2
	grid[c][c] = '*'
	var desc []string
	for j, p := range s.lines {
		d, star := Directions[dirs[j]], strings.IndexByte(p, '*')
		for idx := range len(p) {
			k := idx - star
			if back[j] {
				k = -k
			}
			if p[idx] == 'X' {
				grid[c+k*d[1]][c+k*d[0]] = 'X'
			}
		}
		way := "forward"
		if back[j] {
			way = "backward"
		}
		desc = append(desc, fmt.Sprintf("%s %s %s", p, directionNames[dirs[j]], way))
	}
	v := lineVariant{kind: s.kind, desc: strings.Join(desc, ", "), shape: s.shape}
	for _, row := range grid {
		v.rows = append(v.rows, string(row))
	}
	return v
}

// allVariants lays s out in every way: its lines along every assignment
// of distinct directions, each line either way round.
func (s lineShape) allVariants() []lineVariant {
	var out []lineVariant
	var rec func(dirs []int)
	rec = func(dirs []int) {
		if len(dirs) == len(s.lines) {
			for mask := range 1 << len(dirs) {
				back := make([]bool, len(dirs))
				for j := range back {
					back[j] = mask&(1<<j) != 0
				}
				out = append(out, s.variant(dirs, back))
			}
			return
		}
		for d := range Directions {
			if !slices.Contains(dirs, d) {
				rec(append(slices.Clone(dirs), d))
			}
		}
	}
	rec(nil)
	return out
}

// turnVariants lays s out in eight ways: its lines along the directions
// turned r = 0..3 steps (line j along direction r+j), all forward or all
// backward, so each line lies along every direction each way round. The
// pack is tried on these (testdata/renju-lines.txt).
func (s lineShape) turnVariants() []lineVariant {
	var out []lineVariant
	for _, b := range []bool{false, true} {
		for r := range Directions {
			dirs, back := make([]int, len(s.lines)), make([]bool, len(s.lines))
			for j := range dirs {
				dirs[j], back[j] = (r+j)%len(Directions), b
			}
			out = append(out, s.variant(dirs, back))
		}
	}
	return out
}

// lineDisagreements sets up every variant of every line shape and
// returns where Shape or Forbidden says otherwise of its centre.
func lineDisagreements(t *testing.T) []string {
	var bad []string
	n := 0
	for _, s := range lineShapes {
		for _, v := range s.allVariants() {
			n++
			b := setup(t, lineSize, Renju, v.rows...)
			star := b.Index(lineSize/2, lineSize/2)
			if got := b.Shape(star); got != v.shape {
				bad = append(bad, fmt.Sprintf("%s: %s: Shape says %+v, want %+v", v.kind, v.desc, got, v.shape))
			}
			if got, want := b.Forbidden(star), v.shape.Forbidden(); got != want {
				bad = append(bad, fmt.Sprintf("%s: %s: Forbidden says %v, want %v\n%s", v.kind, v.desc, got, want, Picture(b)))
			}
		}
	}
	if n < 400 {
		t.Fatalf("only %d variants", n)
	}
	return bad
}

// TestRenjuShapesInEveryDirection: every forbidden kind and exception
// made of lines, along every assignment of directions to its lines and
// each line either way round, is what Shape and Forbidden say.
func TestRenjuShapesInEveryDirection(t *testing.T) {
	for i, b := range lineDisagreements(t) {
		if i == 10 {
			t.Error("…")
			break
		}
		t.Error(b)
	}
}

// TestRenjuLinesCatchAMissedLine plants a rule that misses one line for
// one verdict (the overline, the fours, the threes: forbidden's loops
// without one direction), for every verdict and direction, and requires
// the test above to fail on a shape of that verdict along that line.
func TestRenjuLinesCatchAMissedLine(t *testing.T) {
	verdicts := []string{"overline", "fours", "threes"}
	for verdict, kind := range []string{"overline: XXX*XX", "double four on one line: X.X*X.X", "double three: *XX"} {
		for d, name := range directionNames {
			t.Run(verdicts[verdict]+"_"+name, func(t *testing.T) {
				old := renjuLines[verdict]
				t.Cleanup(func() { renjuLines[verdict] = old })
				renjuLines[verdict] = slices.Delete(slices.Clone(Directions[:]), d, d+1)
				bad := lineDisagreements(t)
				for _, way := range []string{"forward", "backward"} {
					want := fmt.Sprintf("%s %s %s", kind, name, way)
					if !slices.ContainsFunc(bad, func(b string) bool { return strings.HasPrefix(b, want) }) {
						t.Errorf("with the %s missed along the %s line, no failure %q among %d: %.3q", verdicts[verdict], name, want, len(bad), bad)
					}
				}
			})
		}
	}
}

// TestRenjuLineCasesGolden writes the turned variants, the pack's cases
// (gen reads them: TestVMRenjuInEveryDirection), to
// testdata/renju-lines.txt: a block per case, its kind and lines, then
// its picture.
func TestRenjuLineCasesGolden(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Renju cases along every direction, each way round (sim/game TestRenjuLineCasesGolden; -update rewrites).\n")
	b.WriteString("# A block: <kind>: <pattern direction way>, …; then the 9×9 picture, * the cell judged.\n")
	for _, s := range lineShapes {
		for _, v := range s.turnVariants() {
			fmt.Fprintf(&b, "\n%s: %s\n%s\n", v.kind, v.desc, strings.Join(v.rows, "\n"))
		}
	}
	goldenfile.Check(t, filepath.Join("testdata", "renju-lines.txt"), []byte(b.String()), *update)
}
