package gen

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// renjuLineFile holds sim/game's renju cases along every direction, each
// way round (its TestRenjuLineCasesGolden writes them).
const renjuLineFile = "../sim/game/testdata/renju-lines.txt"

// directionNames name game.Directions as renjuLineFile does.
var directionNames = [4]string{"horizontal", "vertical", "diagonal", "anti-diagonal"}

// renjuLineCases reads renjuLineFile: blocks of a header "<kind>: <lines>"
// and a picture; each case is named by its whole header.
func renjuLineCases(t *testing.T) []renjuPicture {
	t.Helper()
	data, err := os.ReadFile(renjuLineFile)
	if err != nil {
		t.Fatal(err)
	}
	var out []renjuPicture
	for n, block := range bytes.Split(data, []byte("\n\n")) {
		var lines []string
		for _, l := range strings.Split(strings.TrimSpace(string(block)), "\n") {
			if !strings.HasPrefix(l, "#") && l != "" {
				lines = append(lines, l)
			}
		}
		if len(lines) == 0 {
			continue
		}
		if len(lines) != 10 || !strings.Contains(lines[0], ": ") {
			t.Fatalf("%s: block %d is not a header and 9 rows: %q", renjuLineFile, n+1, lines)
		}
		out = append(out, renjuPicture{kind: lines[0], rows: lines[1:]})
	}
	return out
}

// TestRenjuLineCasesCoverEveryDirection: the cases along every direction
// are the kinds they say (sim/game's Shape of *), and every kind among
// them has each of its lines along every direction, each way round.
func TestRenjuLineCasesCoverEveryDirection(t *testing.T) {
	seen := map[string]bool{}
	kinds := map[string]bool{}
	for _, c := range renjuLineCases(t) {
		kind, lines, _ := strings.Cut(c.kind, ": ")
		b, _, star, err := renjuCase(9, c.rows)
		if err != nil {
			t.Fatalf("%s: %v", c.kind, err)
		}
		if got := renjuKind(b.Shape(star)); got != kind {
			t.Errorf("%s: %s is a %q\n%s", c.kind, game.FormatMove(star, 9), got, game.Picture(b))
		}
		kinds[kind] = true
		for j, l := range strings.Split(lines, ", ") {
			f := strings.Fields(l)
			seen[fmt.Sprintf("%s line %d %s %s", kind, j, f[1], f[2])] = true
		}
	}
	for kind := range kinds {
		for j := 0; seen[fmt.Sprintf("%s line %d horizontal forward", kind, j)]; j++ {
			for _, d := range directionNames {
				for _, way := range []string{"forward", "backward"} {
					if !seen[fmt.Sprintf("%s line %d %s %s", kind, j, d, way)] {
						t.Errorf("no case of a %s with its line %d %s %s", kind, j, d, way)
					}
				}
			}
		}
	}
	for _, k := range []string{"overline", "double four", "double four on one line", "double three", "four-three", "five beats an overline", "five beats a double four"} {
		if !kinds[k] {
			t.Errorf("no %s among the cases along every direction", k)
		}
	}
}

// renjuSymmetry returns rows (padded to 9×9) under symmetry k of the
// square (0..7: mirrored left-right if k&1, top-bottom if k&2, then
// transposed if k&4).
func renjuSymmetry(rows []string, k int) []string {
	const n = 9
	out := make([][]byte, n)
	for y := range out {
		out[y] = []byte(strings.Repeat(".", n))
	}
	for y, row := range rows {
		for x := range len(row) {
			nx, ny := x, y
			if k&1 != 0 {
				nx = n - 1 - nx
			}
			if k&2 != 0 {
				ny = n - 1 - ny
			}
			if k&4 != 0 {
				nx, ny = ny, nx
			}
			out[ny][nx] = row[x]
		}
	}
	s := make([]string, n)
	for y := range out {
		s[y] = string(out[y])
	}
	return s
}

// renjuSymmetricCases are renjuCases under the eight symmetries of the
// square: every kind of them, the three whose key point is forbidden
// too, with its lines turned and mirrored.
func renjuSymmetricCases() []renjuPicture {
	var out []renjuPicture
	for _, c := range renjuCases {
		for k := range 8 {
			out = append(out, renjuPicture{kind: fmt.Sprintf("%s (symmetry %d)", c.kind, k), rows: renjuSymmetry(c.rows, k)})
		}
	}
	return out
}

// TestRenjuCasesInEverySymmetry: each of renjuCases, turned or mirrored,
// stays its kind (sim/game's Shape of *).
func TestRenjuCasesInEverySymmetry(t *testing.T) {
	for _, c := range renjuSymmetricCases() {
		b, _, star, err := renjuCase(9, c.rows)
		if err != nil {
			t.Fatalf("%s: %v", c.kind, err)
		}
		kind, _, _ := strings.Cut(c.kind, " (symmetry")
		if got := renjuKind(b.Shape(star)); got != kind {
			t.Errorf("%s: %s is a %q\n%s", c.kind, game.FormatMove(star, 9), got, game.Picture(b))
		}
	}
}

// TestVMRenjuInEveryDirection asks the interpreted pack's forbidden-move
// check about every empty cell of the cases along every direction, each
// way round, and (not -short) of renjuCases in every symmetry, against
// game.Board.Forbidden.
func TestVMRenjuInEveryDirection(t *testing.T) {
	cases := renjuLineCases(t)
	if !testing.Short() {
		cases = append(cases, renjuSymmetricCases()...)
	}
	if err := checkRenjuPictures(t, renjuPack(t), cases); err != nil {
		t.Fatal(err)
	}
}

// renjuLineRead starts a renju check's block for one line (the line's
// code looked up), and renjuThreeTest counts a three along one line.
var (
	renjuLineRead  = regexp.MustCompile(`^scoreboard players operation #k gomoku\.t = #\d+_(\d) gomoku\.code_b\n?$`)
	renjuThreeTest = regexp.MustCompile(`^execute if score #\d+_(\d) gomoku\.rj_class matches `)
)

// plantRenjuLine returns a copy of res whose renju check (every
// renju/g<level>/<cell>) drops, along direction d only, the lines drop
// picks from the block that reads that line's class.
func plantRenjuLine(t *testing.T, res *Result, d int, drop func(string) bool) *Result {
	t.Helper()
	broken := *res
	broken.Pack = &datapack.Pack{Files: maps.Clone(res.Pack.Files)}
	taken := 0
	for path, body := range broken.Pack.Files {
		if !strings.Contains(path, "/function/renju/g") {
			continue
		}
		var keep []string
		block := -1 // the line whose class the lines since were read from
		for _, l := range strings.SplitAfter(string(body), "\n") {
			dir := block
			if m := renjuLineRead.FindStringSubmatch(l); m != nil {
				block, dir = int(m[1][0]-'0'), int(m[1][0]-'0')
			} else if m := renjuThreeTest.FindStringSubmatch(l); m != nil {
				dir = int(m[1][0] - '0')
			}
			if dir == d && drop(l) {
				taken++
				continue
			}
			keep = append(keep, l)
		}
		broken.Pack.Files[path] = []byte(strings.Join(keep, ""))
	}
	if taken == 0 {
		t.Fatalf("nothing planted along %s", directionNames[d])
	}
	return &broken
}

// TestVMRenjuInEveryDirectionCatchesAMissedLine plants, in a copy of the
// rendered pack, the careless change no test caught: the overline missed
// along one direction only (that line's overline verdict dropped from
// every renju check). For each direction the cases along every direction
// must fail on the overline along it; renjuCases alone, whose overline is
// horizontal, see only one of the four. Then the fours and the threes
// missed along one line must fail them too.
func TestVMRenjuInEveryDirectionCatchesAMissedLine(t *testing.T) {
	res := renjuPack(t)
	cases := renjuLineCases(t)
	for d, name := range directionNames {
		t.Run("overline_"+name, func(t *testing.T) {
			broken := plantRenjuLine(t, res, d, func(l string) bool {
				return strings.Contains(l, "matches 2 run scoreboard players set #ro gomoku.t 1")
			})
			err := checkRenjuPictures(t, broken, cases)
			want := fmt.Sprintf("overline: XXX*XX %s forward: the pack says e5 (the case's cell) forbidden=false", name)
			if err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Fatalf("with the overline missed along the %s line: %v, want %q", name, err, want)
			}
			t.Logf("renjuCases alone: %v", checkRenjuCases(t, broken))
		})
	}
	if testing.Short() {
		return
	}
	for _, tc := range []struct{ what, line string }{
		{"fours", "scoreboard players operation #rf gomoku.t += #rf4 gomoku.t"},
		{"threes", "run scoreboard players add #"},
	} {
		for d, name := range directionNames {
			t.Run(tc.what+"_"+name, func(t *testing.T) {
				broken := plantRenjuLine(t, res, d, func(l string) bool { return strings.Contains(l, tc.line) })
				if err := checkRenjuPictures(t, broken, cases); err == nil {
					t.Fatalf("with the %s missed along the %s line, every case agreed", tc.what, name)
				} else {
					t.Log(err)
				}
			})
		}
	}
}
