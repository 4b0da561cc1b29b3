package eval

import (
	"fmt"
	"math/rand/v2"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

// State is the incrementally maintained evaluation of one position.
type State struct {
	m     *Model
	cells []game.Colour
	// Per slot (cell*4+dir) and colour index: the window code and the
	// pattern it classifies to (kept for occupied cells too, so an undo
	// needs no recomputation).
	code [2][]int32
	pat  [2][]Pattern
	// Per cell and colour index: sums over the four lines of the attack
	// and defence weights of that colour's patterns, and how many lines
	// hold a four (or open four) and an open three.
	att, def      [2][]int32
	fours, threes [2][]int8
	// total[side][Model.Rank[cell]] is Score(cell, side), minus occupied
	// while the cell holds a stone, kept up to date by deltas as patterns
	// change, in tie-break order so Best scans it linearly.
	total [2][]int64
}

// NewState returns the evaluation of an empty board: a copy of the
// model's, computed once per model, since players are made per game.
func NewState(m *Model) *State {
	s := newState(m)
	s.Reset()
	return s
}

// newState allocates a state with the empty board's window codes but no
// patterns or scores yet.
func newState(m *Model) *State {
	n := m.Size * m.Size
	s := &State{m: m, cells: make([]game.Colour, n)}
	for c := 0; c < 2; c++ {
		s.code[c] = append([]int32(nil), m.Initial...)
		s.pat[c] = make([]Pattern, n*4)
		s.att[c] = make([]int32, n)
		s.def[c] = make([]int32, n)
		s.fours[c] = make([]int8, n)
		s.threes[c] = make([]int8, n)
		s.total[c] = make([]int64, n)
	}
	return s
}

// ResetTo makes s the empty board's evaluation under m, a model for the
// same board size (of any weights and rule), reusing s's memory: tuning
// makes models for new weights all the time, and states are the larger
// part.
func (s *State) ResetTo(m *Model) {
	if m.Size != s.m.Size {
		panic(fmt.Sprintf("internal error: a %d×%d state reset to a %d×%d model", s.m.Size, s.m.Size, m.Size, m.Size))
	}
	s.m = m
	s.Reset()
}

// Reset returns the state to the empty board, faster than undoing every
// stone: it copies the model's cached empty evaluation.
func (s *State) Reset() {
	e := s.m.empty()
	for i := range s.cells {
		s.cells[i] = game.Empty
	}
	for c := 0; c < 2; c++ {
		copy(s.code[c], e.code[c])
		copy(s.pat[c], e.pat[c])
		copy(s.att[c], e.att[c])
		copy(s.def[c], e.def[c])
		copy(s.fours[c], e.fours[c])
		copy(s.threes[c], e.threes[c])
		copy(s.total[c], e.total[c])
	}
}

// Model returns the state's model.
func (s *State) Model() *Model { return s.m }

// recompute derives patterns and sums from the codes from scratch.
func (s *State) recompute() {
	w := &s.m.Weights
	for c := 0; c < 2; c++ {
		t := s.m.Tables[c].Pattern
		for i := range s.att[c] {
			s.att[c][i], s.def[c][i], s.fours[c][i], s.threes[c][i] = 0, 0, 0, 0
		}
		for slot, code := range s.code[c] {
			p := t[code]
			s.pat[c][slot] = p
			i := slot / 4
			s.att[c][i] += w.Attack[p]
			s.def[c][i] += w.Defence[p]
			s.fours[c][i] += isFour(p)
			s.threes[c][i] += isOpenThree(p)
		}
	}
	for i := range s.cells {
		s.retotal(i)
	}
}

// occupied is subtracted from the totals of an occupied cell, putting them
// far below every real score (which fit in 32 bits) while deltas still
// apply, so removing the stone restores the score exactly.
const occupied = int64(1) << 40

// retotal recomputes both sides' totals of cell i from scratch.
func (s *State) retotal(i int) {
	r := s.m.Rank[i]
	var off int64
	if s.cells[i] != game.Empty {
		off = occupied
	}
	s.total[0][r] = int64(s.score(i, 0)) - off
	s.total[1][r] = int64(s.score(i, 1)) - off
}

// score is cell i's value for side p (colour index): its own patterns and
// combos (attack), the opponent's (defence) and the bias.
func (s *State) score(i, p int) int32 {
	o := 1 - p
	m := s.m
	return s.att[p][i] + s.def[o][i] + m.Bias[i] +
		m.attackCombo[comboKey(s.fours[p][i], s.threes[p][i])] +
		m.defenceCombo[comboKey(s.fours[o][i], s.threes[o][i])]
}

// comboKey indexes the 3×3 combo tables by fours and open threes, each
// counted up to 2.
func comboKey(fours, threes int8) int { return int(min(fours, 2))*3 + int(min(threes, 2)) }

func isFour(p Pattern) int8 {
	if p == Four || p == OpenFour {
		return 1
	}
	return 0
}

func isOpenThree(p Pattern) int8 {
	if p == OpenThree {
		return 1
	}
	return 0
}

// Place puts a stone of colour col on the empty cell i.
func (s *State) Place(i int, col game.Colour) { s.apply(i, col, 1) }

// Remove takes the stone off cell i.
func (s *State) Remove(i int) { s.apply(i, s.cells[i], -1) }

// At returns the content of cell i as the state sees it.
func (s *State) At(i int) game.Colour { return s.cells[i] }

// apply adds (sign 1) or subtracts (sign -1) the stone's digits in every
// window within R of it: DigitOwn for its own colour, DigitBlocked for the
// other, and re-scores only the slots whose pattern changed.
func (s *State) apply(i int, col game.Colour, sign int32) {
	r := s.m.Rank[i]
	if sign > 0 {
		s.cells[i] = col
		s.total[0][r] -= occupied
		s.total[1][r] -= occupied
	} else {
		s.cells[i] = game.Empty
		s.total[0][r] += occupied
		s.total[1][r] += occupied
	}
	w := &s.m.Weights
	m := s.m
	// digit[c]: what the stone is in colour c's windows.
	var digit [2]int32
	digit[ColourIndex(col)] = sign * DigitOwn
	digit[1-ColourIndex(col)] = sign * DigitBlocked
	for _, tc := range m.Touch[i] {
		q := tc.Slot >> 2
		rq := m.Rank[q]
		for c := 0; c < 2; c++ {
			nc := s.code[c][tc.Slot] + digit[c]*tc.Place
			s.code[c][tc.Slot] = nc
			np := m.Tables[c].Pattern[nc]
			op := s.pat[c][tc.Slot]
			if np == op {
				continue
			}
			s.pat[c][tc.Slot] = np
			dA := w.Attack[np] - w.Attack[op]
			dD := w.Defence[np] - w.Defence[op]
			s.att[c][q] += dA
			s.def[c][q] += dD
			// Colour c's attack counts for c to move; its defence for the
			// other side to move.
			s.total[c][rq] += int64(dA)
			s.total[1-c][rq] += int64(dD)
			if df, dt := isFour(np)-isFour(op), isOpenThree(np)-isOpenThree(op); df != 0 || dt != 0 {
				oldKey := comboKey(s.fours[c][q], s.threes[c][q])
				s.fours[c][q] += df
				s.threes[c][q] += dt
				newKey := comboKey(s.fours[c][q], s.threes[c][q])
				s.total[c][rq] += int64(m.attackCombo[newKey] - m.attackCombo[oldKey])
				s.total[1-c][rq] += int64(m.defenceCombo[newKey] - m.defenceCombo[oldKey])
			}
		}
	}
}

// Score is cell i's value for the side to move (empty cells only): its own
// patterns and combos (attack), the opponent's (defence) and the bias.
func (s *State) Score(i int, toMove game.Colour) int32 {
	return s.score(i, ColourIndex(toMove))
}

// Pattern returns colour col's pattern on cell i along direction d.
func (s *State) Pattern(i, d int, col game.Colour) Pattern {
	return s.pat[ColourIndex(col)][i*4+d]
}

// Lines returns colour col's patterns on cell i along the four directions
// (game.Directions order), in one call for callers that scan many cells.
func (s *State) Lines(i int, col game.Colour) [4]Pattern {
	p := s.pat[ColourIndex(col)][i*4 : i*4+4 : i*4+4]
	return [4]Pattern{p[0], p[1], p[2], p[3]}
}

// Fours returns how many of cell i's lines would give colour col a four or
// an open four.
func (s *State) Fours(i int, col game.Colour) int { return int(s.fours[ColourIndex(col)][i]) }

// OpenThrees returns how many of cell i's lines would give colour col an
// open three.
func (s *State) OpenThrees(i int, col game.Colour) int { return int(s.threes[ColourIndex(col)][i]) }

// Code returns colour col's window code of cell i along direction d.
func (s *State) Code(i, d int, col game.Colour) int32 {
	return s.code[ColourIndex(col)][i*4+d]
}

// Best returns the highest-scoring empty cell for the side to move, the
// first in Model.Order among equals, skipping cells for which skip returns
// true (nil skips nothing), or -1 if none is left. With rng non-nil, each
// cell's score gets a random 0..Noise added.
func (s *State) Best(toMove game.Colour, skip func(int) bool, rng *rand.Rand) (cell int, score int32) {
	total := s.total[ColourIndex(toMove)]
	best := -1
	if noise := s.m.Weights.Noise; rng != nil && noise > 0 || skip != nil {
		var bestV int64
		for r, v := range total {
			if v < 0 || skip != nil && skip(s.m.Order[r]) {
				continue
			}
			if rng != nil && noise > 0 {
				v += int64(rng.IntN(int(noise) + 1))
			}
			if best < 0 || v > bestV {
				best, bestV = r, v
			}
		}
		score = int32(bestV)
	} else {
		// The hot path: a linear scan, strict > keeping the first maximum;
		// occupied cells are far below zero, real scores never are.
		bestV := int64(-1)
		for r, v := range total {
			if v > bestV {
				best, bestV = r, v
			}
		}
		score = int32(bestV)
	}
	if best < 0 {
		return -1, 0
	}
	return s.m.Order[best], score
}

// FromCells evaluates a position from scratch, reading every window off
// the board directly: the reference the incremental updates must equal.
func FromCells(m *Model, cells []game.Colour) *State {
	// From scratch, not from the cached empty board: this is the
	// reference the incremental state (and that cache) is checked against.
	s := newState(m)
	copy(s.cells, cells)
	size := m.Size
	for i := range cells {
		x, y := i%size, i/size
		for d, dir := range game.Directions {
			for c := 0; c < 2; c++ {
				own := game.Colour(c + 1)
				code, place := int32(0), int32(1)
				// Digits in DigitPos order: +1..+R, then -1..-R.
				for _, sgn := range []int{1, -1} {
					for k := 1; k <= m.R; k++ {
						qx, qy := x+sgn*k*dir[0], y+sgn*k*dir[1]
						digit := int32(DigitBlocked)
						if qx >= 0 && qy >= 0 && qx < size && qy < size {
							switch cells[qy*size+qx] {
							case game.Empty:
								digit = DigitEmpty
							case own:
								digit = DigitOwn
							}
						}
						code += digit * place
						place *= 3
					}
				}
				s.code[c][i*4+d] = code
			}
		}
	}
	s.recompute()
	return s
}

// Check compares the state with a recomputation from its stones and
// returns the first difference, for tests.
func (s *State) Check() error {
	fresh := FromCells(s.m, s.cells)
	for c := 0; c < 2; c++ {
		for slot := range s.code[c] {
			if s.code[c][slot] != fresh.code[c][slot] || s.pat[c][slot] != fresh.pat[c][slot] {
				return fmt.Errorf("colour %d slot %d: code %d pattern %v, recomputed %d %v",
					c, slot, s.code[c][slot], s.pat[c][slot], fresh.code[c][slot], fresh.pat[c][slot])
			}
		}
		for i := range s.att[c] {
			if s.att[c][i] != fresh.att[c][i] || s.def[c][i] != fresh.def[c][i] ||
				s.fours[c][i] != fresh.fours[c][i] || s.threes[c][i] != fresh.threes[c][i] ||
				s.total[c][s.m.Rank[i]] != fresh.total[c][s.m.Rank[i]] {
				return fmt.Errorf("colour %d cell %d: sums differ from a recomputation", c, i)
			}
		}
	}
	return nil
}
