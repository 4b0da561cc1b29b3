package game

// Renju forbidden moves for black, as seed002 and the Renju International
// Federation rules describe them:
//   - making exactly five is always allowed (five beats a forbidden shape);
//   - an overline (six or more) is forbidden;
//   - a double four (two fours made at once, even on one line) is forbidden;
//   - a double three is forbidden, where a three only counts if it can become
//     a straight four by a move that is itself not forbidden — checked
//     recursively with the stones placed so far, RenjuMaxDepth levels deep.

// RenjuMaxDepth bounds the recursion of the double-three rule: the check of
// a move is level 0, the check of one of its threes' key points level 1,
// and so on; at level RenjuMaxDepth a three counts as real without
// checking its key points. The generated data pack runs the same check in
// commands, where every level multiplies the worst-case command count by
// about eight (up to four lines with two key points each); the pack's cost
// analysis needs a bound, and the native rule uses the same one so that
// both always agree. Positions that need a deeper check (a key point whose
// own double three hinges on a key point of a key point of a key point)
// are not known to arise in play.
const RenjuMaxDepth = 2

// Forbidden reports whether black playing the empty cell i is a forbidden
// move. It is always false outside renju.
func (b *Board) Forbidden(i int) bool {
	if b.rule != Renju || i < 0 || i >= len(b.cells) || b.cells[i] != Empty {
		return false
	}
	return b.forbidden(i, 0)
}

// renjuLines are the lines through a cell that forbidden weighs for
// each of its verdicts: fives and overlines, fours, threes. Each is all
// four Directions; a variable so that a test can plant a rule that
// misses a line (renju_lines_test.go).
var renjuLines = [3][][2]int{Directions[:], Directions[:], Directions[:]}

func (b *Board) forbidden(i, depth int) bool {
	x, y := b.XY(i)
	b.cells[i] = Black
	defer func() { b.cells[i] = Empty }()

	overline := false
	for _, d := range renjuLines[0] {
		back, fwd := b.run(x, y, d, Black)
		switch n := back + 1 + fwd; {
		case n == 5:
			return false
		case n > 5:
			overline = true
		}
	}
	if overline {
		return true
	}
	fours := 0
	for _, d := range renjuLines[1] {
		fours += b.fourCount(x, y, d)
	}
	if fours >= 2 {
		return true
	}
	threes := 0
	for _, d := range renjuLines[2] {
		if b.openThree(x, y, d, depth) {
			threes++
		}
	}
	return threes >= 2
}

// fivePoints returns the offsets k (-4..4) along d from black's stone at
// (x, y) of the empty cells where one more black stone makes exactly five
// through (x, y). Offsets come out in increasing order.
func (b *Board) fivePoints(x, y int, d [2]int, buf []int) []int {
	buf = buf[:0]
	for k := -4; k <= 4; k++ {
		ex, ey := x+k*d[0], y+k*d[1]
		if k == 0 || !b.In(ex, ey) || b.cells[ey*b.size+ex] != Empty {
			continue
		}
		e := ey*b.size + ex
		b.cells[e] = Black
		back, fwd := b.run(ex, ey, d, Black)
		// The five must reach (x, y): the run through e spans offsets
		// k-back .. k+fwd along d.
		if back+1+fwd == 5 && k-back <= 0 && 0 <= k+fwd {
			buf = append(buf, k)
		}
		b.cells[e] = Empty
	}
	return buf
}

// fourCount is the number of fours black's stone at (x, y) takes part in
// along d: 0, 1, or 2 for two separate fours on one line (X_XXX_X). A
// straight four (_XXXX_, two five points five apart) is one four.
func (b *Board) fourCount(x, y int, d [2]int) int {
	var buf [9]int
	f := b.fivePoints(x, y, d, buf[:0])
	switch {
	case len(f) == 0:
		return 0
	case len(f) == 2 && f[1]-f[0] == 5:
		return 1
	case len(f) >= 2:
		return 2
	}
	return 1
}

// openThree reports whether black's stone at (x, y) makes a real three along
// d: some empty cell e on the line, itself not forbidden (not checked at
// depth RenjuMaxDepth), turns it into a straight four that contains both
// (x, y) and e.
func (b *Board) openThree(x, y int, d [2]int, depth int) bool {
	var buf [9]int
	for k := -4; k <= 4; k++ {
		ex, ey := x+k*d[0], y+k*d[1]
		if k == 0 || !b.In(ex, ey) || b.cells[ey*b.size+ex] != Empty {
			continue
		}
		e := ey*b.size + ex
		b.cells[e] = Black
		f := b.fivePoints(x, y, d, buf[:0])
		straight := false
		for a := 0; a+1 < len(f); a++ {
			for c := a + 1; c < len(f); c++ {
				if f[c]-f[a] == 5 && f[a] < k && k < f[c] {
					straight = true
				}
			}
		}
		b.cells[e] = Empty
		if straight && (depth >= RenjuMaxDepth || !b.forbidden(e, depth+1)) {
			return true
		}
	}
	return false
}

// RenjuShape is what black's stone on an empty cell makes, line by line,
// as Forbidden weighs it: for tests and tools that need to know why a
// move is forbidden or allowed, not only whether.
type RenjuShape struct {
	Five     bool // exactly five on some line: allowed whatever else it makes
	Overline bool // six or more on some line
	// Fours counts the fours made (two on one line, X_XXX_X, count two);
	// FourLines the lines that have one.
	Fours, FourLines int
	// Threes counts the real threes (a key point that is itself not
	// forbidden), Seeming the threes with every key point taken as
	// allowed: Seeming > Threes when a key point is forbidden.
	Threes, Seeming int
}

// Forbidden is Board.Forbidden's verdict on the shape.
func (s RenjuShape) Forbidden() bool {
	return !s.Five && (s.Overline || s.Fours >= 2 || s.Threes >= 2)
}

// Shape returns black's shape on empty cell i (the zero shape for an
// occupied or off-board cell). Unlike Forbidden it looks at every line,
// under any rule.
func (b *Board) Shape(i int) RenjuShape {
	var s RenjuShape
	if i < 0 || i >= len(b.cells) || b.cells[i] != Empty {
		return s
	}
	x, y := b.XY(i)
	b.cells[i] = Black
	defer func() { b.cells[i] = Empty }()
	for _, d := range Directions {
		back, fwd := b.run(x, y, d, Black)
		switch n := back + 1 + fwd; {
		case n == 5:
			s.Five = true
		case n > 5:
			s.Overline = true
		}
		if f := b.fourCount(x, y, d); f > 0 {
			s.Fours += f
			s.FourLines++
		}
		if b.openThree(x, y, d, 0) {
			s.Threes++
		}
		if b.openThree(x, y, d, RenjuMaxDepth) {
			s.Seeming++
		}
	}
	return s
}
