package game

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// setup builds a position from a picture (rows top to bottom; X black,
// O white, anything else empty) on a size×size board, placing stones
// directly so the position need not be reachable.
func setup(t *testing.T, size int, rule Rule, rows ...string) *Board {
	t.Helper()
	b := MustBoard(size, rule)
	for y, row := range rows {
		for x, ch := range strings.ReplaceAll(row, " ", "") {
			switch ch {
			case 'X':
				b.cells[b.Index(x, y)] = Black
				b.history = append(b.history, b.Index(x, y))
			case 'O':
				b.cells[b.Index(x, y)] = White
				b.history = append(b.history, b.Index(x, y))
			}
		}
	}
	return b
}

func TestWinsInEveryDirectionAtEdgesAndCorners(t *testing.T) {
	for _, rule := range []Rule{Freestyle, Standard, Renju} {
		for _, size := range []int{5, 15, 19, 20, 25} {
			for di, d := range Directions {
				// Every start cell from which five fit along d, so the
				// lines touch every edge and corner.
				for start := 0; start < size*size; start++ {
					b := MustBoard(size, rule)
					x0, y0 := b.XY(start)
					if !b.In(x0+4*d[0], y0+4*d[1]) {
						continue
					}
					for _, colour := range []Colour{Black, White} {
						b := MustBoard(size, rule)
						for k := 0; k < 4; k++ {
							if err := b.PlayAs(b.Index(x0+k*d[0], y0+k*d[1]), colour); err != nil {
								t.Fatal(err)
							}
						}
						if b.Winner() != Empty {
							t.Fatalf("%v %d×%d: four stones already won", rule, size, size)
						}
						last := b.Index(x0+4*d[0], y0+4*d[1])
						if err := b.PlayAs(last, colour); err != nil {
							t.Fatal(err)
						}
						if b.Winner() != colour || len(b.WinningLine()) != 5 {
							t.Fatalf("%v %d×%d dir %d from %s: winner %v line %v, want %v with 5 cells",
								rule, size, size, di, FormatMove(start, size), b.Winner(), b.WinningLine(), colour)
						}
						if b.WinningLine()[0] != start || b.WinningLine()[4] != last {
							t.Fatalf("winning line %v does not run from %d to %d", b.WinningLine(), start, last)
						}
					}
				}
			}
		}
	}
}

func TestOverlines(t *testing.T) {
	six := "XXX.XX"
	tests := []struct {
		rule   Rule
		colour Colour
		win    bool
		err    error
	}{
		{Freestyle, Black, true, nil},
		{Freestyle, White, true, nil},
		{Standard, Black, false, nil},
		{Standard, White, false, nil},
		{Renju, Black, false, ErrForbidden},
		{Renju, White, true, nil},
	}
	for _, tt := range tests {
		row := six
		if tt.colour == White {
			row = strings.ReplaceAll(row, "X", "O")
		}
		b := setup(t, 15, tt.rule, "", "", row)
		err := b.PlayAs(b.Index(3, 2), tt.colour)
		if !errors.Is(err, tt.err) {
			t.Errorf("%v %v overline: err %v, want %v", tt.rule, tt.colour, err, tt.err)
		}
		if got := b.Winner() == tt.colour; got != tt.win {
			t.Errorf("%v %v overline: win %v, want %v", tt.rule, tt.colour, got, tt.win)
		}
	}
}

func TestExactFiveWinsUnderEveryRule(t *testing.T) {
	for _, rule := range []Rule{Freestyle, Standard, Renju} {
		for _, c := range []Colour{Black, White} {
			row := "O.XX.XX.O"
			if c == White {
				row = "X.OO.OO.X"
			}
			b := setup(t, 15, rule, row)
			if err := b.PlayAs(b.Index(4, 0), c); err != nil {
				t.Fatal(err)
			}
			if b.Winner() != c {
				t.Errorf("%v %v: exact five did not win", rule, c)
			}
		}
	}
}

func TestRenjuForbidden(t *testing.T) {
	tests := []struct {
		name      string
		rows      []string
		x, y      int
		forbidden bool
	}{
		{"double three", []string{
			".......",
			"...X...",
			"...X...",
			"....XX.",
			".......",
			".......",
		}, 3, 3, true},
		{"three and a blocked three", []string{
			".......",
			"...X...",
			"...X...",
			"..O.XX.",
			".......",
		}, 3, 3, false},
		{"two split threes", []string{
			"........",
			"...X....",
			"........",
			".....XX.",
			"...X....",
			"........",
			"........",
		}, 3, 3, true},
		{"double four", []string{
			"........",
			"...X....",
			"...X....",
			"...X....",
			"....XXX.",
			"........",
			"...O....",
		}, 3, 4, true},
		{"double four on one line", []string{
			"...........",
			"..X.X.X.X..",
			"...........",
		}, 5, 1, true},
		{"four and three allowed", []string{
			"........",
			"...X....",
			"...X....",
			"...X....",
			"....XX..",
			"........",
			"...O....",
		}, 3, 4, false},
		{"overline", []string{
			"XXX.XX",
		}, 3, 0, true},
		{"five beats double three", []string{
			"..........",
			".XXXX.....",
			".....X....",
			".....X....",
			"......XX..",
			"..........",
		}, 5, 1, false},
	}
	for _, tt := range tests {
		b := setup(t, 15, Renju, tt.rows...)
		i := b.Index(tt.x, tt.y)
		if got := b.Forbidden(i); got != tt.forbidden {
			t.Errorf("%s: Forbidden = %v, want %v", tt.name, got, tt.forbidden)
		}
		// Only black is restricted, and only under renju.
		if err := b.Clone().PlayAs(i, White); err != nil {
			t.Errorf("%s: white refused: %v", tt.name, err)
		}
		if err := b.Clone().PlayAs(i, Black); (err != nil) != tt.forbidden {
			t.Errorf("%s: black's move: err %v, want forbidden %v", tt.name, err, tt.forbidden)
		}
		f := setup(t, 15, Freestyle, tt.rows...)
		if f.Forbidden(i) {
			t.Errorf("%s: forbidden under freestyle", tt.name)
		}
	}
}

// TestFalseThree: black's horizontal shape X.X? is a three only through the
// gap at (5,7); that gap would give black a straight four on the row and on
// the column at once (a double four), so it is itself forbidden and the
// horizontal three is false. The move at (7,7) then makes just one real
// three (the diagonal) and is allowed; without the column stones the same
// move is a double three.
func TestFalseThree(t *testing.T) {
	rows := []string{
		"...............",
		"...............",
		"...............",
		"...............",
		".....X.........",
		".....X.........",
		".....X.........",
		"....X.X........",
		"........X......",
		".........X.....",
		"...............",
	}
	b := setup(t, 15, Renju, rows...)
	i := b.Index(7, 7)
	key := b.Index(5, 7)
	b.cells[i] = Black
	if !b.Forbidden(key) {
		t.Fatalf("key point %s should be forbidden (double four)", FormatMove(key, 15))
	}
	b.cells[i] = Empty
	if b.Forbidden(i) {
		t.Errorf("false three counted: %s forbidden", FormatMove(i, 15))
	}
	rows[4], rows[5], rows[6] = "", "", ""
	b = setup(t, 15, Renju, rows...)
	if !b.Forbidden(i) {
		t.Errorf("without the column, %s should be a double three", FormatMove(i, 15))
	}
}

func TestPlayUndoAndErrors(t *testing.T) {
	b := MustBoard(15, Freestyle)
	for _, m := range []string{"h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9"} {
		i, err := ParseMove(m, 15)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Play(i); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Play(b.History()[0]); !errors.Is(err, ErrOccupied) {
		t.Errorf("occupied: got %v", err)
	}
	l8, _ := ParseMove("l8", 15)
	if err := b.Play(l8); err != nil || b.Winner() != Black {
		t.Fatalf("l8 should win for black: %v, winner %v", err, b.Winner())
	}
	if err := b.Play(0); !errors.Is(err, ErrGameOver) {
		t.Errorf("after the win: got %v", err)
	}
	if got := b.Undo(); got != l8 || b.Winner() != Empty || b.ToMove() != Black {
		t.Errorf("undo: got %d winner %v to move %v", got, b.Winner(), b.ToMove())
	}
	if err := b.Play(-1); !errors.Is(err, ErrOffBoard) {
		t.Errorf("off board: got %v", err)
	}
}

func TestFullBoardIsADraw(t *testing.T) {
	b := MustBoard(5, Freestyle)
	for y := 0; y < 5; y++ {
		for x := 0; x < 5; x++ {
			c := Black
			if (x/2+y)%2 == 1 {
				c = White
			}
			if err := b.PlayAs(b.Index(x, y), c); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !b.Full() || !b.Over() || b.Winner() != Empty {
		t.Errorf("full board: full %v over %v winner %v", b.Full(), b.Over(), b.Winner())
	}
}

func TestCoordinates(t *testing.T) {
	tests := []struct {
		size int
		in   string
		idx  int
		h    string
		xy   string
	}{
		{15, "h8", 7*15 + 7, "h8", "7,7"},
		{15, "H8", 7*15 + 7, "h8", "7,7"},
		{15, "a1", 14 * 15, "a1", "0,14"},
		{15, "o15", 14, "o15", "14,0"},
		{15, "0,0", 0, "a15", "0,0"},
		{19, "j10", 9*19 + 9, "j10", "9,9"},
		{20, "19,19", 399, "t1", "19,19"},
		{25, "y25", 24, "y25", "24,0"},
	}
	for _, tt := range tests {
		i, err := ParseMove(tt.in, tt.size)
		if err != nil || i != tt.idx {
			t.Errorf("ParseMove(%q, %d) = %d, %v; want %d", tt.in, tt.size, i, err, tt.idx)
			continue
		}
		if got := FormatMove(i, tt.size); got != tt.h {
			t.Errorf("FormatMove(%d) = %q, want %q", i, got, tt.h)
		}
		if got := FormatXY(i, tt.size); got != tt.xy {
			t.Errorf("FormatXY(%d) = %q, want %q", i, got, tt.xy)
		}
	}
	for _, bad := range []string{"", "h", "z1", "p1", "a0", "a16", "1,", "15,0", "-1,2", "x,y"} {
		if _, err := ParseMove(bad, 15); err == nil {
			t.Errorf("ParseMove(%q) accepted", bad)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"h8", "7,7", "a1", "y25", " 3 , 4 ", "z", ",", "a-1"} {
		f.Add(s, 15)
	}
	f.Fuzz(func(t *testing.T, s string, size int) {
		if size < MinSize || size > MaxSize {
			return
		}
		i, err := ParseMove(s, size)
		if err != nil {
			return
		}
		if i < 0 || i >= size*size {
			t.Fatalf("ParseMove(%q) = %d off the board", s, i)
		}
		if j, err := ParseMove(FormatMove(i, size), size); err != nil || j != i {
			t.Fatalf("round trip %q → %d → %q → %d", s, i, FormatMove(i, size), j)
		}
	})
}

func FuzzFromPicture(f *testing.F) {
	f.Add("..X..", "..O..", 1)
	f.Add("XXXXX", "OOOO", 2)
	f.Add("", "O", 1)
	f.Fuzz(func(t *testing.T, row1, row2 string, toMove int) {
		c := Colour(toMove%2 + 1)
		b, err := FromPicture(7, Renju, c, row1, row2)
		if err != nil {
			return
		}
		if b.ToMove() != c && !b.Over() {
			t.Fatalf("to move %v, want %v", b.ToMove(), c)
		}
	})
}

// TestReset: a board emptied by Reset plays a game exactly as a new one
// does, after a game that was won and so had a winner and a line.
func TestReset(t *testing.T) {
	b := MustBoard(9, Freestyle)
	for _, c := range []int{40, 0, 41, 1, 42, 2, 43, 3, 44} {
		if err := b.Play(c); err != nil {
			t.Fatal(err)
		}
	}
	if b.Winner() != Black || len(b.WinningLine()) == 0 {
		t.Fatalf("set-up: winner %v", b.Winner())
	}
	b.Reset()
	fresh := MustBoard(9, Freestyle)
	if b.Moves() != 0 || b.Over() || b.Winner() != Empty || b.WinningLine() != nil || b.ToMove() != Black {
		t.Fatalf("after Reset: %d moves, over %v, winner %v", b.Moves(), b.Over(), b.Winner())
	}
	for i := range b.Cells() {
		if b.At(i) != Empty {
			t.Fatalf("cell %d not empty after Reset", i)
		}
	}
	for _, c := range []int{10, 11, 12} {
		if err := b.Play(c); err != nil {
			t.Fatal(err)
		}
		fresh.Play(c)
	}
	if !slices.Equal(b.History(), fresh.History()) || b.ToMove() != fresh.ToMove() || b.At(11) != fresh.At(11) {
		t.Errorf("after Reset the board plays differently: %v, want %v", b.History(), fresh.History())
	}
}

// TestBlackStuckIsADraw: a 9×9 renju game from a differential run, where
// white's 80th move leaves black only d1, an overline. Black cannot pass,
// so the game is drawn there, and undo brings the game back.
func TestBlackStuckIsADraw(t *testing.T) {
	const moves = "e5 e6 f6 d4 d5 f5 g4 e4 g7 h3 d3 c4 b4 g6 h7 h8 i4 h4 h6 e7 e3 c3 c8 c5 c6 c2 c1 f8 b2 d6 " +
		"g9 e8 g8 g2 g5 i7 g3 b5 f4 c7 a3 b7 d7 h2 e2 h5 h1 d9 f7 b9 g1 b6 b8 e9 c9 a5 d8 a6 f1 a7 " +
		"a8 a4 e1 i1 b1 i5 i2 i6 a1 i8 i9 i3 a9 f3 h9 d2 f9 f2 a2 b3"
	b := MustBoard(9, Renju)
	for _, m := range strings.Fields(moves) {
		i, err := ParseMove(m, 9)
		if err != nil {
			t.Fatal(err)
		}
		if b.Stuck() {
			t.Fatalf("stuck before %s", m)
		}
		if err := b.Play(i); err != nil {
			t.Fatal(err)
		}
	}
	d1, _ := ParseMove("d1", 9)
	if !b.Stuck() || !b.Over() || b.Winner() != Empty || b.Full() {
		t.Fatalf("stuck %v over %v winner %v full %v, want a draw with d1 left", b.Stuck(), b.Over(), b.Winner(), b.Full())
	}
	if !b.Forbidden(d1) {
		t.Fatal("d1 is not forbidden to black")
	}
	if err := b.Legal(d1); err != ErrGameOver {
		t.Errorf("Legal(d1) = %v, want %v", err, ErrGameOver)
	}
	last := b.Undo()
	if b.Stuck() || b.Over() {
		t.Errorf("after undo: stuck %v over %v", b.Stuck(), b.Over())
	}
	if err := b.Play(last); err != nil || !b.Stuck() {
		t.Fatalf("replayed %d: %v, stuck %v", last, err, b.Stuck())
	}
	c := b.Clone()
	b.Reset()
	if b.Stuck() || b.Over() || !c.Stuck() {
		t.Errorf("reset: stuck %v over %v; clone stuck %v", b.Stuck(), b.Over(), c.Stuck())
	}
	if err := c.PlayAs(d1, White); err == nil {
		t.Fatal("a move on a stuck board was accepted")
	}
	// Stones set up out of turn: a2 (black's) and b3 taken back and both
	// put down as white leave black to move with d1 alone, stuck again;
	// taking b3 back leaves black b3 too, stuck only if that is forbidden.
	a2, _ := ParseMove("a2", 9)
	b3, _ := ParseMove("b3", 9)
	c.Undo()
	c.Undo()
	if err := c.PlayAs(a2, White); err != nil {
		t.Fatal(err)
	}
	if err := c.PlayAs(b3, White); err != nil {
		t.Fatal(err)
	}
	if !c.Stuck() {
		t.Error("white's a2 and b3 set up: black is not stuck")
	}
	c.Undo()
	if want := c.Forbidden(b3) && c.Forbidden(d1); c.Stuck() != want {
		t.Errorf("b3 taken back: stuck %v, want %v", c.Stuck(), want)
	}
	// Under freestyle the same stones leave black d1, a legal move.
	f := MustBoard(9, Freestyle)
	for _, m := range strings.Fields(moves) {
		i, _ := ParseMove(m, 9)
		if err := f.Play(i); err != nil {
			t.Fatal(err)
		}
	}
	if f.Stuck() || f.Over() {
		t.Errorf("freestyle: stuck %v over %v", f.Stuck(), f.Over())
	}
}

// TestShapeAgreesWithForbidden: Shape's verdict is Forbidden's on dense
// random positions, where every kind of shape comes up.
func TestShapeAgreesWithForbidden(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	forbidden := 0
	for trial := 0; trial < 300; trial++ {
		b := MustBoard(11, Renju)
		for s := 0; s < 30; s++ {
			c := Black
			if rng.IntN(3) == 0 {
				c = White
			}
			_ = b.PlayAs(b.Index(2+rng.IntN(7), 2+rng.IntN(7)), c)
			if b.Over() {
				break
			}
		}
		for i := range b.Cells() {
			if b.At(i) != Empty {
				continue
			}
			s, want := b.Shape(i), b.Forbidden(i)
			if s.Forbidden() != want {
				t.Fatalf("%s: shape %+v says forbidden=%v, Forbidden %v\n%s", FormatMove(i, 11), s, s.Forbidden(), want, Picture(b))
			}
			if want {
				forbidden++
			}
		}
	}
	if forbidden < 100 {
		t.Errorf("only %d forbidden cells: the test is not exercising the rule", forbidden)
	}
}
