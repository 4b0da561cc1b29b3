package player

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// seedXY is cell (x, y) of a size×size board.
func seedXY(size, x, y int) int { return y*size + x }

func TestSeed000Reach(t *testing.T) {
	tests := []struct {
		r    int
		dir  [2]int
		want int
	}{
		{6, [2]int{1, 0}, 6}, // r=6 along a row: 6 cells each way
		{6, [2]int{0, 1}, 6},
		{4, [2]int{1, 1}, 2}, // r=4 along a diagonal: 2√2 <= 4 < 3√2
		{4, [2]int{-1, 1}, 2},
		{6, [2]int{1, 1}, 4}, // 4√2 = 5.66 <= 6 < 5√2
		{1, [2]int{1, 1}, 0},
		{4, [2]int{1, 0}, 4},
	}
	for _, tt := range tests {
		if got := Seed000Reach(tt.r, tt.dir); got != tt.want {
			t.Errorf("Seed000Reach(%d, %v) = %d, want %d", tt.r, tt.dir, got, tt.want)
		}
	}
}

// TestSeed000ThirtyTwoCells checks the seed's own count: "这样每次最多只需要
// 重新修改32个位置的权值" (each stone changes at most 32 cells).
func TestSeed000ThirtyTwoCells(t *testing.T) {
	s := NewSeed000State(config.Default().Seed000, 19, game.White)
	before := slices.Clone(s.Cells)
	s.Place(seedXY(19, 9, 9), game.Black)
	changed := 0
	for i := range s.Cells {
		if s.Cells[i] != before[i] {
			changed++
		}
	}
	if changed != 32 {
		t.Errorf("a centre stone changed %d cells, want 32", changed)
	}
}

func TestSeed000UpdateNumbers(t *testing.T) {
	const n = 19
	s := NewSeed000State(config.Default().Seed000, n, game.White)
	cell := func(x, y int) Seed000Cell { return s.Cells[seedXY(n, x, y)] }
	vec := func(a, b, c, d int32) [4]int32 { return [4]int32{a, b, c, d} }

	// An opponent (black) stone on k10 = (9,9): "add … b 1300" and
	// "remove … w 1000" for the empty cells on its lines.
	s.Place(seedXY(n, 9, 9), game.Black)
	tests := []struct {
		x, y   int
		b, w   [4]int32
		final  int32
		reason string
	}{
		// (12,9): row, 3 away; ring 6, bias 7.
		{12, 9, vec(1307, 7, 7, 7), vec(-993, 7, 7, 7), 1314, "row within r=6"},
		// (9,15): column, 6 away; bias 4.
		{9, 15, vec(4, 1304, 4, 4), vec(4, -996, 4, 4), 1308, "column at exactly r=6"},
		// (9,16): column, 7 away: untouched; bias 3.
		{9, 16, vec(3, 3, 3, 3), vec(3, 3, 3, 3), 6, "column beyond r=6"},
		// (11,11): ↘ diagonal, 2 steps = 2.83 blocks <= r=4; bias 8.
		{11, 11, vec(8, 8, 1308, 8), vec(8, 8, -992, 8), 1316, "diagonal within r=4"},
		// (12,12): 3 steps = 4.24 blocks > 4: untouched; bias 7.
		{12, 12, vec(7, 7, 7, 7), vec(7, 7, 7, 7), 14, "diagonal beyond r=4"},
		// (7,11): ↙ anti-diagonal, 2 steps; bias 8.
		{7, 11, vec(8, 8, 8, 1308), vec(8, 8, 8, -992), 1316, "anti-diagonal within r=4"},
	}
	for _, tt := range tests {
		c := cell(tt.x, tt.y)
		if c.B != tt.b || c.W != tt.w {
			t.Errorf("%s (%d,%d): got b=%v w=%v, want b=%v w=%v", tt.reason, tt.x, tt.y, c.B, c.W, tt.b, tt.w)
		}
		if got := s.Final(seedXY(n, tt.x, tt.y)); got != tt.final {
			t.Errorf("%s (%d,%d): got final %d, want %d", tt.reason, tt.x, tt.y, got, tt.final)
		}
	}

	// An own (white) stone on (10,9): "remove … b 1300", "add … w 1000".
	s.Place(seedXY(n, 10, 9), game.White)
	if c := cell(12, 9); c.B != vec(7, 7, 7, 7) || c.W != vec(7, 7, 7, 7) {
		t.Errorf("own stone: (12,9) got b=%v w=%v, want all 7 again", c.B, c.W)
	}
	if c := cell(8, 9); c.B != vec(9, 9, 9, 9) || c.W != vec(9, 9, 9, 9) {
		t.Errorf("own stone beyond a stone: (8,9) got b=%v w=%v, want all 9 (stones do not shield)", c.B, c.W)
	}
	if c := cell(9, 9); c.B != vec(10, 10, 10, 10) || c.W != vec(10, 10, 10, 10) {
		// The stone's own cell is "b" during its update and "a" after,
		// never "o", so it keeps its start values.
		t.Errorf("occupied centre: got b=%v w=%v, want its start values", c.B, c.W)
	}
}

// TestSeed000Cap checks the seed's gate "score_b1=4100" (b1 <= 4100) on
// every change, removals included: a weight past the cap is frozen.
func TestSeed000Cap(t *testing.T) {
	const n = 19
	s := NewSeed000State(config.Default().Seed000, n, game.White)
	target := seedXY(n, 3, 9) // ring 3, bias 4
	wantB := []int32{1304, 2604, 3904, 5204, 5204}
	wantW := []int32{-996, -1996, -2996, -3996, -4996}
	for k, x := range []int{4, 5, 6, 8, 9} {
		s.Place(seedXY(n, x, 9), game.Black)
		if c := s.Cells[target]; c.B[0] != wantB[k] || c.W[0] != wantW[k] {
			t.Errorf("after black stone %d: got b1=%d w1=%d, want %d %d", k+1, c.B[0], c.W[0], wantB[k], wantW[k])
		}
	}
	s.Place(seedXY(n, 2, 9), game.White)
	c := s.Cells[target]
	if c.B[0] != 5204 || c.W[0] != -3996 {
		t.Errorf("own stone: got b1=%d w1=%d, want 5204 (frozen above the cap) and -3996", c.B[0], c.W[0])
	}
	// Tagged when (6,9) made the open three 4..6 with (2,9) and (7,9)
	// empty: black on (3,9) would have made the open four 3..6.
	if !c.High {
		t.Error("(3,9) is not tagged high")
	}
	if got, want := s.Final(target), int32(5204+4+2000); got != want {
		t.Errorf("final (3,9): got %d, want %d", got, want)
	}
}

func TestSeed000High(t *testing.T) {
	const n = 19
	type stone struct {
		x, y int
		c    game.Colour
	}
	X, O := game.Black, game.White
	tests := []struct {
		name   string
		stones []stone // placed in order; the AI is white
		want   [][2]int
	}{
		{"open three tags both ends, then the four's ends",
			[]stone{{5, 5, X}, {6, 5, X}, {7, 5, X}, {8, 5, X}},
			[][2]int{{4, 5}, {8, 5}, {9, 5}}},
		{"a three blocked on one side is not tagged",
			[]stone{{4, 5, O}, {5, 5, X}, {6, 5, X}, {7, 5, X}},
			nil},
		{"split three: the gap",
			[]stone{{5, 5, X}, {6, 5, X}, {8, 5, X}},
			[][2]int{{7, 5}}},
		{"split four: the gap, even if blocked at both ends",
			[]stone{{4, 5, O}, {10, 5, O}, {5, 5, X}, {6, 5, X}, {8, 5, X}, {9, 5, X}},
			[][2]int{{7, 5}}},
		{"a three against the edge is not open",
			[]stone{{0, 5, X}, {1, 5, X}, {2, 5, X}},
			nil},
		{"diagonal open three",
			[]stone{{5, 5, X}, {6, 6, X}, {7, 7, X}},
			[][2]int{{4, 4}, {8, 8}}},
		{"own stones are never checked",
			[]stone{{5, 5, O}, {6, 5, O}, {7, 5, O}, {8, 5, O}},
			nil},
		{"only shapes through the new stone: the three made before a blocker stays tagged",
			[]stone{{5, 5, X}, {6, 5, X}, {7, 5, X}, {4, 5, O}},
			[][2]int{{4, 5}, {8, 5}}},
	}
	for _, tt := range tests {
		s := NewSeed000State(config.Default().Seed000, n, game.White)
		for _, st := range tt.stones {
			s.Place(seedXY(n, st.x, st.y), st.c)
		}
		var got [][2]int
		for i, c := range s.Cells {
			if c.High {
				got = append(got, [2]int{i % n, i / n})
			}
		}
		slices.SortFunc(got, func(a, b [2]int) int { return a[0]*100 + a[1] - b[0]*100 - b[1] })
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: got high cells %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestSeed000Pick checks the seed's pick: the maxima, and one documented
// draw among them.
func TestSeed000Pick(t *testing.T) {
	const n = 19
	ctx := context.Background()
	cfg := config.Default().Seed000

	// Empty board: every final is 2×bias, the centre's 20 is the only max.
	b := game.MustBoard(n, game.Freestyle)
	m, err := NewSeed000(cfg, Options{}).Move(ctx, b)
	if err != nil || m != seedXY(n, 9, 9) {
		t.Errorf("empty board: got %v %v, want k10", game.FormatMove(m, n), err)
	}

	// Black on k10: the eight neighbours tie at 1309+9 = 1318 (ring 8,
	// bias 9); the next best, two away on a row, is 1308+8 = 1316.
	b.Play(seedXY(n, 9, 9))
	wantTies := []int{
		seedXY(n, 8, 8), seedXY(n, 9, 8), seedXY(n, 10, 8), seedXY(n, 8, 9),
		seedXY(n, 10, 9), seedXY(n, 8, 10), seedXY(n, 9, 10), seedXY(n, 10, 10),
	}
	for seed := int64(0); seed < 8; seed++ {
		p := NewSeed000(cfg, Options{Seed: seed})
		m, err := p.Move(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.State(game.White).Ties(nil); !slices.Equal(got, wantTies) {
			t.Fatalf("ties: got %v, want %v", got, wantTies)
		}
		rng := rand.New(rand.NewPCG(uint64(seed), Seed000Stream))
		if want := wantTies[rng.IntN(len(wantTies))]; m != want {
			t.Errorf("seed %d: played %s, want %s", seed, game.FormatMove(m, n), game.FormatMove(want, n))
		}
	}
}

// TestSeed000HighDecides: black's open three 11..13 on row 9 tags (10,9)
// and (14,9); (10,9) is worth 3909+9 = 3918, +2000 = 5918 (bias 9), (14,9)
// 3910+2000 (bias 5). Black's two twos crossing at (3,14) make it
// 2604+2604 = 5208 (bias 4), the best untagged cell ((9,9), three away
// from the three, has 3910+10). With high = 2000 the AI blocks the three;
// with high = 0 it plays the crossing.
func TestSeed000HighDecides(t *testing.T) {
	const n = 19
	b := game.MustBoard(n, game.Freestyle)
	for _, xy := range [][2]int{{3, 15}, {3, 16}, {4, 14}, {5, 14}, {11, 9}, {12, 9}, {13, 9}} {
		if err := b.PlayAs(seedXY(n, xy[0], xy[1]), game.Black); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		high int32
		want string
	}{{2000, "k10"}, {0, "d5"}} {
		cfg := config.Default().Seed000
		cfg.High = tt.high
		p := NewSeed000(cfg, Options{})
		m, err := p.Move(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if got := game.FormatMove(m, n); got != tt.want {
			t.Errorf("high=%d: played %s, want %s", tt.high, got, tt.want)
		}
		s := p.State(game.White)
		if got := s.Final(seedXY(n, 3, 14)); got != 5208 {
			t.Errorf("high=%d: final of d5 = %d, want 5208", tt.high, got)
		}
		if got := s.Final(seedXY(n, 10, 9)); got != 3918+tt.high {
			t.Errorf("high=%d: final of k10 = %d, want %d", tt.high, got, 3918+tt.high)
		}
	}
}

// TestSeed000IncrementalMatchesReplay plays and undoes at random and checks
// the followed state against a fresh one replaying the board's history.
func TestSeed000IncrementalMatchesReplay(t *testing.T) {
	ctx := context.Background()
	cfg := config.Default().Seed000
	for _, size := range []int{15, 19} {
		for _, rule := range []game.Rule{game.Freestyle, game.Renju} {
			p := NewSeed000(cfg, Options{Seed: 3})
			b := game.MustBoard(size, rule)
			rng := rand.New(rand.NewPCG(uint64(size), uint64(rule)))
			for step := 0; step < 400; step++ {
				if b.Over() || b.Moves() > 0 && rng.IntN(3) == 0 {
					for k := rng.IntN(4); k >= 0 && b.Moves() > 0; k-- {
						b.Undo()
					}
					continue
				}
				var m int
				if rng.IntN(2) == 0 {
					m = seedRandomMove(b, rng)
				} else {
					var err error
					if m, err = p.Move(ctx, b); err != nil {
						t.Fatal(err)
					}
				}
				if err := b.Play(m); err != nil {
					t.Fatal(err)
				}
				if b.Over() {
					continue
				}
				if _, err := p.Move(ctx, b); err != nil {
					t.Fatal(err)
				}
				c := b.ToMove()
				fresh := NewSeed000State(cfg, size, c)
				for _, i := range b.History() {
					fresh.Place(i, b.At(i))
				}
				if !slices.Equal(p.State(c).Cells, fresh.Cells) {
					t.Fatalf("%d×%d %v step %d: the followed state differs from a replay", size, size, rule, step)
				}
			}
		}
	}
}

// TestSeed000RemoveRestores places and removes at random on the state alone
// and checks each removal restores the exact earlier values.
func TestSeed000RemoveRestores(t *testing.T) {
	const n = 15
	s := NewSeed000State(config.Default().Seed000, n, game.Black)
	rng := rand.New(rand.NewPCG(7, 7))
	var snaps [][]Seed000Cell
	var placed []int
	for step := 0; step < 2000; step++ {
		if len(placed) > 0 && (rng.IntN(3) == 0 || len(placed) == n*n) {
			p := placed[len(placed)-1]
			placed = placed[:len(placed)-1]
			s.Remove(p)
			want := snaps[len(snaps)-1]
			snaps = snaps[:len(snaps)-1]
			if !slices.Equal(s.Cells, want) {
				t.Fatalf("step %d: remove of %d did not restore the cells", step, p)
			}
			continue
		}
		i := rng.IntN(n * n)
		if s.Stone(i) != game.Empty {
			continue
		}
		snaps = append(snaps, slices.Clone(s.Cells))
		placed = append(placed, i)
		s.Place(i, game.Colour(1+rng.IntN(2)))
	}
}

func TestSeed000Spec(t *testing.T) {
	p, err := New("seed000:../../examples/seed000.toml", Options{Size: 19})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Name(); got != "seed000:../../examples/seed000.toml" {
		t.Errorf("name: got %q", got)
	}
	if got, want := p.(*Seed000).cfg, config.Default().Seed000; got != want {
		t.Errorf("examples/seed000.toml: got %+v, want the seed's numbers %+v", got, want)
	}
	if _, err := New("seed000:testdata/no-such.toml", Options{}); err == nil {
		t.Error("a missing config file was accepted")
	}
}

// seedRandomMove returns a uniformly random legal move.
func seedRandomMove(b *game.Board, rng *rand.Rand) int {
	var legal []int
	for i := 0; i < b.Cells(); i++ {
		if b.At(i) == game.Empty && b.Legal(i) == nil {
			legal = append(legal, i)
		}
	}
	return legal[rng.IntN(len(legal))]
}

var seedSpecs = []string{"seed000", "seed001", "seed002", "seed004"}

// seedGame plays spec (as colour ai) against a seeded random mover and
// returns the moves; it fails the test on an error or an illegal move.
func seedGame(t *testing.T, spec string, size int, rule game.Rule, ai game.Colour, seed int64) []int {
	t.Helper()
	p, err := New(spec, Options{Size: size, Rule: rule, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	b := game.MustBoard(size, rule)
	rng := rand.New(rand.NewPCG(uint64(seed), 99))
	for !b.Over() {
		var m int
		if b.ToMove() == ai {
			if m, err = p.Move(context.Background(), b); err != nil {
				t.Fatalf("%s %d×%d %v as %v, move %d: %v", spec, size, size, rule, ai, b.Moves()+1, err)
			}
			if err := b.Legal(m); err != nil {
				t.Fatalf("%s %d×%d %v as %v, move %d: illegal %s: %v", spec, size, size, rule, ai, b.Moves()+1, game.FormatMove(m, size), err)
			}
		} else {
			m = seedRandomMove(b, rng)
		}
		if err := b.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return slices.Clone(b.History())
}

// TestSeedPlayersLegal plays every port against a random mover on 15×15 and
// 19×19 under all rules, as both colours.
func TestSeedPlayersLegal(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	for _, spec := range seedSpecs {
		for _, size := range []int{15, 19} {
			for _, rule := range []game.Rule{game.Freestyle, game.Standard, game.Renju} {
				for _, ai := range []game.Colour{game.Black, game.White} {
					for g := 0; g < games; g++ {
						seedGame(t, spec, size, rule, ai, int64(g))
					}
				}
			}
		}
	}
}

// TestSeedPlayersDeterministic: the same seed gives the same game.
func TestSeedPlayersDeterministic(t *testing.T) {
	for _, spec := range seedSpecs {
		a := seedGame(t, spec, 15, game.Freestyle, game.White, 5)
		b := seedGame(t, spec, 15, game.Freestyle, game.White, 5)
		if !slices.Equal(a, b) {
			t.Errorf("%s: two games with seed 5 differ", spec)
		}
	}
}

// TestSeedPlayersSpecArgs: only seed000 takes an argument.
func TestSeedPlayersSpecArgs(t *testing.T) {
	for _, spec := range []string{"seed001:x", "seed002:x", "seed004:x"} {
		if _, err := New(spec, Options{}); err == nil {
			t.Errorf("%s: an argument was accepted", spec)
		}
	}
}

// The -update flag rewrites golden files. Another test file of this package
// may define it first; then this one reads that flag.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files under testdata/")
	}
}

func seedUpdating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// TestSeedGolden records one game per port and setting against a seeded
// random mover: a fingerprint of every port's choices (and, for seed000, of
// its draws), for catching unintended changes and for replaying in other
// simulators. Refresh with go test ./sim/player -run TestSeedGolden -update.
func TestSeedGolden(t *testing.T) {
	var out strings.Builder
	out.WriteString("# Seed ports vs a random mover: rand.New(rand.NewPCG(seed, 99)) picks uniformly\n" +
		"# among the legal cells in index order. One game per line: spec size rule\n" +
		"# ai-colour seed, then the moves in human notation.\n" +
		"# Regenerate: go test ./sim/player -run TestSeedGolden -update\n")
	for _, spec := range seedSpecs {
		for _, set := range []struct {
			size int
			ai   game.Colour
			seed int64
		}{{19, game.White, 1}, {19, game.Black, 2}, {15, game.White, 3}, {15, game.Black, 4}} {
			moves := seedGame(t, spec, set.size, game.Freestyle, set.ai, set.seed)
			fmt.Fprintf(&out, "%s %d freestyle %v %d:", spec, set.size, set.ai, set.seed)
			for _, m := range moves {
				out.WriteString(" " + game.FormatMove(m, set.size))
			}
			out.WriteString("\n")
		}
	}
	path := filepath.Join("testdata", "seed_games.golden")
	if seedUpdating() {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		tmp, err := os.CreateTemp("testdata", ".seed_games-*")
		if err != nil {
			t.Fatal(err)
		}
		_, werr := tmp.WriteString(out.String())
		if cerr := tmp.Close(); werr != nil || cerr != nil {
			t.Fatal(werr, cerr)
		}
		if err := os.Rename(tmp.Name(), path); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got := out.String(); got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("%s:%d differs:\ngot  %s\nwant %s", path, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s: got %d lines, want %d", path, len(gl), len(wl))
	}
}

// TestSeed000SkipsForbidden: under renju the seed's best cell for black,
// (9,7) (own weights 2000 along its row and 2000 along its column), is a
// double three; the port plays the best legal cell instead.
func TestSeed000SkipsForbidden(t *testing.T) {
	b := seedPicture(t, game.Renju, game.Black, seedRows(15,
		"O",
		"", "", "", "", "", "",
		".......XX",
		".........X",
		".........X",
		"", "", "", "",
		"..............O")...)
	forbidden := b.Index(9, 7)
	if !b.Forbidden(forbidden) {
		t.Fatal("the test position's (9,7) is not forbidden")
	}
	p := NewSeed000(config.Default().Seed000, Options{})
	m, err := p.Move(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	s := p.State(game.Black)
	if all := s.Ties(nil); !slices.Equal(all, []int{forbidden}) {
		t.Fatalf("without the legality filter the ties are %v, want only (9,7)", all)
	}
	if m == forbidden || b.Legal(m) != nil {
		t.Fatalf("played %s", game.FormatMove(m, 15))
	}
	if !slices.Contains(s.Ties(func(i int) bool { return b.Legal(i) == nil }), m) || s.Final(m) >= s.Final(forbidden) {
		t.Errorf("played %s (final %d), not a best legal cell", game.FormatMove(m, 15), s.Final(m))
	}
}
