package gen

import (
	"fmt"

	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// The pack keeps every window code in its own digit order, not eval's: the
// pattern of a window depends most on its nearest cells, so making them the
// most significant base-3 digits groups codes of one pattern into long runs
// of consecutive numbers. A lookup tree over those runs (intervals) is then
// 2–3× smaller and shallower: 1,657 intervals instead of 3,468 for R=4 and
// 8,083 instead of 26,798 for R=5. The codes map one-to-one onto eval's, so
// every window still classifies to exactly eval.Table's pattern.

// packDigit returns the base-3 digit position, in the pack's numbering, of
// the neighbour at offset k (±1..±R) along a line: offset +1 is the most
// significant digit (2R-1), then -1, +2, -2, …, and -R is digit 0.
func packDigit(k, r int) int {
	t := 2 * (abs(k) - 1)
	if k < 0 {
		t++
	}
	return 2*r - 1 - t
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func pow3(n int) int {
	p := 1
	for ; n > 0; n-- {
		p *= 3
	}
	return p
}

// toPackCode converts a window code from eval's digit order to the pack's.
func toPackCode(code, r int) int {
	out := 0
	for k := -r; k <= r; k++ {
		if k == 0 {
			continue
		}
		d := (code / pow3(eval.DigitPos(k, r))) % 3
		out += d * pow3(packDigit(k, r))
	}
	return out
}

// packTable returns t's patterns indexed by pack code.
func packTable(t *eval.Table) []eval.Pattern {
	out := make([]eval.Pattern, len(t.Pattern))
	for code, p := range t.Pattern {
		out[toPackCode(code, t.R)] = p
	}
	return out
}

// decodeLine returns the cells at offsets -r..r (index k+r) of a pack code,
// with the centre (index r) set to own.
func decodeLine(code, r int) []int {
	cells := make([]int, 2*r+1)
	for k := -r; k <= r; k++ {
		if k == 0 {
			cells[r] = eval.DigitOwn
			continue
		}
		cells[k+r] = (code / pow3(packDigit(k, r))) % 3
	}
	return cells
}

// Interval is a run of consecutive codes [Lo, Hi] with one outcome.
type Interval struct {
	Lo, Hi int
	Value  int // the outcome: a pattern, a class id
}

// intervals splits values (indexed by code) into maximal runs of equal
// values, in code order.
func intervals(values []int) []Interval {
	var out []Interval
	for code, v := range values {
		if n := len(out); n > 0 && out[n-1].Value == v {
			out[n-1].Hi = code
			continue
		}
		out = append(out, Interval{Lo: code, Hi: code, Value: v})
	}
	return out
}

// Neighbour is one window a stone changes: the slot (cell Q, direction D)
// and the place value, in the pack's numbering, of the stone's digit there.
type Neighbour struct {
	Q, D  int
	Place int // 3^packDigit
}

// neighbours lists, for a stone on cell p, every window within r of it on
// its four lines, direction by direction and offset by offset (-r..r).
func neighbours(size, r, p int) []Neighbour {
	var out []Neighbour
	x, y := p%size, p/size
	for d, dir := range game.Directions {
		for k := -r; k <= r; k++ {
			qx, qy := x+k*dir[0], y+k*dir[1]
			if k == 0 || qx < 0 || qy < 0 || qx >= size || qy >= size {
				continue
			}
			// Seen from q, the stone sits at offset -k.
			out = append(out, Neighbour{Q: qy*size + qx, D: d, Place: pow3(packDigit(-k, r))})
		}
	}
	return out
}

// initialCode is the pack code of slot (i, d) on an empty board: every
// off-board neighbour is blocked.
func initialCode(size, r, i, d int) int {
	x, y := i%size, i/size
	dir := game.Directions[d]
	code := 0
	for k := -r; k <= r; k++ {
		qx, qy := x+k*dir[0], y+k*dir[1]
		if k != 0 && (qx < 0 || qy < 0 || qx >= size || qy >= size) {
			code += eval.DigitBlocked * pow3(packDigit(k, r))
		}
	}
	return code
}

// checkEncoding proves the pack's codes and eval's agree on a model: the
// empty board's codes convert to each other, and each neighbour's place
// value is eval's place value converted. A mismatch is a generator bug.
func checkEncoding(m *eval.Model) error {
	n := m.Size * m.Size
	for i := 0; i < n; i++ {
		for d := 0; d < 4; d++ {
			if got, want := initialCode(m.Size, m.R, i, d), toPackCode(int(m.Initial[i*4+d]), m.R); got != want {
				return fmt.Errorf("internal error: slot %d/%d starts at pack code %d, eval says %d", i, d, got, want)
			}
		}
		nb := neighbours(m.Size, m.R, i)
		if len(nb) != len(m.Touch[i]) {
			return fmt.Errorf("internal error: cell %d touches %d windows, eval says %d", i, len(nb), len(m.Touch[i]))
		}
		for j, t := range m.Touch[i] {
			q, d := int(t.Slot)/4, int(t.Slot)%4
			if nb[j].Q != q || nb[j].D != d || nb[j].Place != toPackCode(int(t.Place), m.R) {
				return fmt.Errorf("internal error: cell %d's window %d differs from eval's", i, j)
			}
		}
	}
	return nil
}
