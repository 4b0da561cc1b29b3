package gen

import (
	"fmt"
	"sort"

	"github.com/mcgomoku/mcgomoku/sim/eval"
)

// Renju forbidden moves in the pack. game.Board.Forbidden decides a black
// move from the eleven cells of each line through it (offsets -5..5): five,
// overline, the number of fours, and the "key points" whose filling turns a
// three into a straight four. All four depend on black's own window code of
// the line — the same R=5 code the greedy model keeps up to date (digit 1
// black, 2 white or off the board) — so one generated table classifies a
// code into a RenjuClass, and the pack only recurses on key points, as
// Forbidden does, with the candidate stone placed by adding its digits.

// RenjuClass is what one line through a black stone on the centre says
// about forbidden moves.
type RenjuClass struct {
	ID       int  // the value the lookup tree leaves in #rc
	Five     bool // exactly five through the centre: the move is allowed
	Overline bool // six or more
	Fours    int  // fours the stone takes part in on this line: 0, 1 or 2
	// Keys are the offsets (-4..4, increasing) of the empty cells that
	// turn the line into a straight four containing the centre: a three
	// counts when one of them is itself not forbidden.
	Keys []int
	// Key1 and Key2 are Keys padded with 0 (no key point) to two: no
	// line has more than two key points (buildRenjuTable checks).
	Key1, Key2 int
}

// renjuTable classifies every black window code (R=5, pack order).
type renjuTable struct {
	Classes []RenjuClass // by ID; ID 0 is "nothing"
	ByCode  []int        // class ID per code
	KeyFrom int          // classes with keys have IDs >= KeyFrom
}

func (c RenjuClass) key() string {
	return fmt.Sprint(c.Five, c.Overline, c.Fours, c.Keys)
}

// buildRenjuTable follows game.Board.forbidden, fivePoints, fourCount and
// openThree line by line, on a decoded window instead of the board.
func buildRenjuTable() *renjuTable {
	const r = 5
	n := pow3(2 * r)
	raw := make([]RenjuClass, n)
	for code := 0; code < n; code++ {
		raw[code] = classifyRenju(decodeLine(code, r), r)
	}
	// IDs: nothing, five, overline, then the four-only classes, then the
	// classes with key points, so "has a three candidate" is one range.
	seen := map[string]RenjuClass{}
	for _, c := range raw {
		seen[c.key()] = c
	}
	var classes []RenjuClass
	for _, c := range seen {
		classes = append(classes, c)
	}
	rank := func(c RenjuClass) int {
		switch {
		case !c.Five && !c.Overline && c.Fours == 0 && len(c.Keys) == 0:
			return 0
		case c.Five:
			return 1
		case c.Overline:
			return 2
		case len(c.Keys) == 0:
			return 3
		}
		return 4
	}
	sort.Slice(classes, func(a, b int) bool {
		ra, rb := rank(classes[a]), rank(classes[b])
		if ra != rb {
			return ra < rb
		}
		if classes[a].Fours != classes[b].Fours {
			return classes[a].Fours < classes[b].Fours
		}
		return fmt.Sprint(classes[a].Keys) < fmt.Sprint(classes[b].Keys)
	})
	t := &renjuTable{ByCode: make([]int, n), KeyFrom: len(classes)}
	ids := map[string]int{}
	for i := range classes {
		classes[i].ID = i
		ids[classes[i].key()] = i
		if len(classes[i].Keys) > 0 && i < t.KeyFrom {
			t.KeyFrom = i
		}
	}
	for i := range classes {
		c := &classes[i]
		if len(c.Keys) > 2 {
			panic("internal error: a renju line with more than two key points")
		}
		if len(c.Keys) > 0 {
			c.Key1 = c.Keys[0]
		}
		if len(c.Keys) > 1 {
			c.Key2 = c.Keys[1]
		}
	}
	t.Classes = classes
	for code, c := range raw {
		t.ByCode[code] = ids[c.key()]
	}
	return t
}

// classifyRenju classifies a decoded line (cells at -r..r, black on the
// centre). Cells beyond the window never matter: a five through the centre
// lies within ±4 and its flanks within ±5.
func classifyRenju(cells []int, r int) RenjuClass {
	var c RenjuClass
	switch n := runThrough(cells, r, 0); {
	case n == 5:
		c.Five = true
		return c
	case n > 5:
		c.Overline = true
		return c
	}
	f := fivePoints(cells, r)
	switch {
	case len(f) == 0:
	case len(f) == 2 && f[1]-f[0] == 5:
		c.Fours = 1
	case len(f) >= 2:
		c.Fours = 2
	default:
		c.Fours = 1
	}
	for k := -4; k <= 4; k++ {
		if k == 0 || cells[k+r] != eval.DigitEmpty {
			continue
		}
		cells[k+r] = eval.DigitOwn
		g := fivePoints(cells, r)
		straight := false
		for a := 0; a+1 < len(g); a++ {
			for b := a + 1; b < len(g); b++ {
				if g[b]-g[a] == 5 && g[a] < k && k < g[b] {
					straight = true
				}
			}
		}
		cells[k+r] = eval.DigitEmpty
		if straight {
			c.Keys = append(c.Keys, k)
		}
	}
	return c
}

// runThrough is the length of the run of black stones through offset k,
// within the window.
func runThrough(cells []int, r, k int) int {
	n := 1
	for j := k - 1; j >= -r && cells[j+r] == eval.DigitOwn; j-- {
		n++
	}
	for j := k + 1; j <= r && cells[j+r] == eval.DigitOwn; j++ {
		n++
	}
	return n
}

// fivePoints is game.Board.fivePoints on a window: the offsets (-4..4) of
// empty cells where one more black stone makes exactly five through the
// centre.
func fivePoints(cells []int, r int) []int {
	var out []int
	for k := -4; k <= 4; k++ {
		if k == 0 || cells[k+r] != eval.DigitEmpty {
			continue
		}
		cells[k+r] = eval.DigitOwn
		back, fwd := 0, 0
		for j := k - 1; j >= -r && cells[j+r] == eval.DigitOwn; j-- {
			back++
		}
		for j := k + 1; j <= r && cells[j+r] == eval.DigitOwn; j++ {
			fwd++
		}
		if back+1+fwd == 5 && k-back <= 0 && 0 <= k+fwd {
			out = append(out, k)
		}
		cells[k+r] = eval.DigitEmpty
	}
	return out
}
