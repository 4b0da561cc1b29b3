package eval

import "sync"

// Window digits: the content of one neighbour cell as seen by one colour.
const (
	DigitEmpty   = 0
	DigitOwn     = 1
	DigitBlocked = 2 // the opponent's stone, or off the board
)

// Radius returns R, the number of cells on each side of a cell that its
// window code covers: 4 when any five or more wins, 5 when exactly five
// must be told from an overline.
func Radius(overlineWins bool) int {
	if overlineWins {
		return 4
	}
	return 5
}

// DigitPos returns the base-3 digit position of the neighbour at offset k
// (±1..±R) along a line: offsets +1..+R are digits 0..R-1, offsets -1..-R
// are digits R..2R-1. The generator encodes windows with the same function.
func DigitPos(k, r int) int {
	if k > 0 {
		return k - 1
	}
	return r - k - 1
}

// Table maps every window code of one colour to the pattern a stone of
// that colour on the centre cell would make.
type Table struct {
	R            int
	OverlineWins bool
	Pattern      []Pattern // indexed by code, len 3^(2R)
	// DeadFour, for a code whose pattern is Four, says that the stone and
	// the opponent's block of its one five point leave the line no fill
	// that makes a four through the centre (the window, the five point
	// blocked, classifies below Three). False for every other code.
	DeadFour []bool
}

var (
	tablesMu sync.Mutex
	tables   = map[bool]*Table{}
)

// TableFor returns the (shared, read-only) table for a colour whose win is
// five-or-more (overlineWins) or exactly five.
func TableFor(overlineWins bool) *Table {
	tablesMu.Lock()
	defer tablesMu.Unlock()
	if t, ok := tables[overlineWins]; ok {
		return t
	}
	t := buildTable(overlineWins)
	tables[overlineWins] = t
	return t
}

// line is a window decoded to cells at offsets -R..R (index k+R), the
// centre holding the colour's stone.
type line struct {
	r     int
	cells [11]uint8
}

func decode(code, r int) line {
	l := line{r: r}
	for k := -r; k <= r; k++ {
		if k == 0 {
			l.cells[r] = DigitOwn
			continue
		}
		p := DigitPos(k, r)
		d := code
		for i := 0; i < p; i++ {
			d /= 3
		}
		l.cells[k+r] = uint8(d % 3)
	}
	return l
}

// runThrough0 returns the length of the run of own stones through the
// centre.
func (l *line) runThrough0() int {
	n := 1
	for k := l.r - 1; k >= 0 && l.cells[k] == DigitOwn; k-- {
		n++
	}
	for k := l.r + 1; k <= 2*l.r && l.cells[k] == DigitOwn; k++ {
		n++
	}
	return n
}

func buildTable(overlineWins bool) *Table {
	return buildTableRadius(overlineWins, Radius(overlineWins))
}

func buildTableRadius(overlineWins bool, r int) *Table {
	n := 1
	for i := 0; i < 2*r; i++ {
		n *= 3
	}
	pow := make([]int, 2*r)
	pow[0] = 1
	for i := 1; i < 2*r; i++ {
		pow[i] = pow[i-1] * 3
	}
	isFive := func(l *line) bool {
		run := l.runThrough0()
		return run == 5 || run > 5 && overlineWins
	}
	// Level by level, each from the one above: filling one more empty cell
	// of the window (within distance 4 of the centre, where any five
	// through the centre lies) moves a code to code + pow[pos].
	const (
		lvNone = iota
		lvLow  // Four/Three/Two at this level
		lvOpen // OpenFour/OpenThree/OpenTwo
		lvFive
	)
	fivePts := make([]uint8, n) // how many single fills make five (capped at 2)
	five := make([]bool, n)
	for code := 0; code < n; code++ {
		l := decode(code, r)
		if isFive(&l) {
			five[code] = true
			continue
		}
		cnt := 0
		for k := -4; k <= 4; k++ {
			if k == 0 || l.cells[k+r] != DigitEmpty {
				continue
			}
			l.cells[k+r] = DigitOwn
			if isFive(&l) {
				cnt++
			}
			l.cells[k+r] = DigitEmpty
		}
		fivePts[code] = uint8(min(cnt, 2))
	}
	level := func(below func(code int) int) []uint8 {
		out := make([]uint8, n)
		for code := 0; code < n; code++ {
			best := lvNone
			for k := -4; k <= 4; k++ {
				if k == 0 {
					continue
				}
				p := pow[DigitPos(k, r)]
				if (code/p)%3 != DigitEmpty {
					continue
				}
				switch below(code + p) {
				case lvOpen:
					best = lvOpen
				case lvLow:
					best = max(best, lvLow)
				}
			}
			out[code] = uint8(best)
		}
		return out
	}
	four := func(code int) int {
		switch {
		case five[code]:
			return lvNone // already five: not a four any more
		case fivePts[code] >= 2:
			return lvOpen
		case fivePts[code] == 1:
			return lvLow
		}
		return lvNone
	}
	threeLv := level(four)
	twoLv := level(func(code int) int {
		if five[code] || fivePts[code] > 0 {
			return lvNone
		}
		return int(threeLv[code])
	})
	t := &Table{R: r, OverlineWins: overlineWins, Pattern: make([]Pattern, n)}
	for code := 0; code < n; code++ {
		var p Pattern
		switch {
		case five[code]:
			p = Five
		case fivePts[code] >= 2:
			p = OpenFour
		case fivePts[code] == 1:
			p = Four
		case threeLv[code] == lvOpen:
			p = OpenThree
		case threeLv[code] == lvLow:
			p = Three
		case twoLv[code] == lvOpen:
			p = OpenTwo
		case twoLv[code] == lvLow:
			p = Two
		default:
			l := decode(code, r)
			if roomForFive(&l, overlineWins) {
				p = One
			}
		}
		t.Pattern[code] = p
	}
	t.DeadFour = make([]bool, n)
	for code, p := range t.Pattern {
		if p != Four {
			continue
		}
		for k := -r; k <= r; k++ {
			if k == 0 {
				continue
			}
			at := pow[DigitPos(k, r)]
			if (code/at)%3 == DigitEmpty && five[code+at] {
				t.DeadFour[code] = t.Pattern[code+(DigitBlocked-DigitEmpty)*at] < Three
				break
			}
		}
	}
	return t
}

// roomForFive reports whether some five cells in a row through the centre
// hold no blocker, and, when only exactly five wins, are not flanked by an
// own stone (filling them would make an overline).
func roomForFive(l *line, overlineWins bool) bool {
	own := func(k int) bool { return k >= -l.r && k <= l.r && l.cells[k+l.r] == DigitOwn }
	for start := -4; start <= 0; start++ {
		ok := overlineWins || !own(start-1) && !own(start+5)
		for k := start; ok && k < start+5; k++ {
			if k < -l.r || k > l.r || l.cells[k+l.r] == DigitBlocked {
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	return false
}
