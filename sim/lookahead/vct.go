package lookahead

import (
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// The threat-space search (vct): a's win by moves the opponent d must
// answer, fours and open threes. After a four d's block is forced, as in
// vcf. After an open three (a move that made no four but left a an
// open-four point on one of its lines) d's answers are listed in full,
// and every one must lose for the three to win:
//
//   - on each such line, every empty cell where a would make a four: the
//     three's open-four points and the five points of those fours, so
//     every cell that stops the open four is among them;
//   - every cell where d makes a four of its own (a counter-four), which
//     a must block before going on; if the block makes no four for a, d
//     answers the three again (the same list, made afresh), if it makes
//     two a wins, and if it makes one the line is given up.
//
// Any other answer loses: a plays the open four and d, with no four
// made, has no five to play first. So a win found is a win, up to the
// renju approximation the whole package makes (quickForbidden). A list
// longer than MaxLookaheadWidth counts as a defence, so the pack can keep
// it in one ply's candidate scores; so does a block of a's four that
// makes a four for d, as in vcf.

// Kinds of candidate cell (candidates' filter).
const (
	anyCell    = iota // every empty cell
	fourCell          // cells where the side makes a four
	threatCell        // cells where it makes a four or an open three
	answerCell        // cells where either side makes a four (a widened node's)
)

// vct looks for a's win by threats, at most depth of a's moves, a to move
// at ply with no five point on the board. It returns the move number of
// a's five (the latest d can put it off to) and a's first threat, or 0
// and -1. When recording, a win's cells are appended to s.line last
// first: a's threats, the forced blocks, and each three's answers with
// the line that beat the first of them.
func (s *Searcher) vct(a game.Colour, depth, ply int, skip func(int) bool) (five, first int) {
	if ply+2 > MaxPly {
		return 0, -1
	}
	// With one threat left only a four can win (two five points, or a
	// block renju's black may not play): a three is not tried.
	kind := threatCell
	if depth <= 1 {
		kind = fourCell
	}
	for _, c := range s.candidates(a, s.cfg.VCTWidth, kind, skip, ply) {
		mark := len(s.line)
		if !s.spend() {
			return 0, -1
		}
		s.st.Place(c.cell, a)
		r := s.threat(a, c.cell, depth, ply)
		s.st.Remove(c.cell)
		if s.abort || s.cut {
			s.line = s.line[:mark]
			return 0, -1
		}
		if r > 0 {
			if s.recording {
				s.line = append(s.line, c.cell)
			}
			return r, c.cell
		}
		s.line = s.line[:mark] // a refuted threat's partial line
	}
	return 0, -1
}

// threat answers a's threat m, just played as move ply+1, and returns the
// move number of a's five if every answer loses, else 0.
func (s *Searcher) threat(a game.Colour, m, depth, ply int) int {
	d := a.Opponent()
	k, f := s.fives(m, a)
	switch {
	case k >= 2:
		return ply + 3
	case k == 1 && s.renju && d == game.Black && s.quickForbidden(f):
		return ply + 3
	case depth <= 1:
		return 0
	case k == 0:
		return s.answers(a, m, depth, ply+1)
	case !s.spend():
		return 0
	}
	s.st.Place(f, d)
	r := 0
	if kd, _ := s.fives(f, d); kd == 0 {
		r, _ = s.vct(a, depth-1, ply+2, nil)
	}
	s.st.Remove(f)
	if r > 0 && s.recording {
		s.line = append(s.line, f)
	}
	return r
}

// answers is d's node at ply after a's open three through m: every answer
// defences lists is tried, and the latest five a still makes is returned,
// or 0 if one holds. Only the first answer's line is recorded.
func (s *Searcher) answers(a game.Colour, m, depth, ply int) int {
	if ply+3 > MaxPly {
		return 0
	}
	list, ok := s.defences(a, m, ply)
	switch {
	case !ok:
		return 0
	case len(list) == 0:
		// d has no four and no cell that stops the open four: a
		// plays it as move ply+2 and the five as move ply+4.
		return ply + 4
	}
	d := a.Opponent()
	rec := s.recording
	worst := 0
	for i, c := range list {
		s.recording = rec && i == 0
		if !s.spend() {
			worst = 0
			break
		}
		s.st.Place(c.cell, d)
		r := s.answered(a, m, c.cell, depth, ply)
		s.st.Remove(c.cell)
		if r == 0 || s.abort || s.cut {
			worst = 0
			break
		}
		worst = max(worst, r)
	}
	s.recording = rec
	if worst > 0 && rec {
		for i := len(list) - 1; i >= 0; i-- {
			s.line = append(s.line, list[i].cell)
		}
	}
	return worst
}

// answered goes on after d's answer c (move ply+1) to a's three through
// m: a's next threat, or, if c made a four, a's block and d's answer to
// the three again.
func (s *Searcher) answered(a game.Colour, m, c, depth, ply int) int {
	kd, f := s.fives(c, a.Opponent())
	switch {
	case kd >= 2:
		return 0
	case kd == 0:
		r, _ := s.vct(a, depth-1, ply+1, nil)
		return r
	case s.renju && a == game.Black && s.quickForbidden(f):
		return 0
	case !s.spend():
		return 0
	}
	s.st.Place(f, a)
	r := 0
	switch ka, _ := s.fives(f, a); {
	case ka >= 2: // d blocks one as move ply+3, a fives on the other
		r = ply + 4
	case ka == 0:
		r = s.answers(a, m, depth, ply+2)
	}
	s.st.Remove(f)
	return r
}

// defences lists d's answers to a's open threes through m, in ply's
// candidate space: on each of m's lines where a has an open-four point
// (one renju's black may play), the cells within four of m where a would
// make a four, in FivePointSlots order; then d's own fours in the model's
// order; renju black's quickly forbidden cells left out, each cell once.
// ok is false if m made no open three or the list would pass
// MaxLookaheadWidth.
func (s *Searcher) defences(a game.Colour, m, ply int) (list []cand, ok bool) {
	list = s.buf(ply)
	d := a.Opponent()
	blackA, blackD := s.renju && a == game.Black, s.renju && d == game.Black
	slots := s.lines[m]
	open := false
	for i := 0; i < len(slots); {
		j := i
		for j < len(slots) && slots[j].D == slots[i].D {
			j++
		}
		line := slots[i:j]
		i = j
		three := false
		for _, l := range line {
			if s.st.At(l.Q) == game.Empty && s.st.Pattern(l.Q, l.D, a) == eval.OpenFour && !(blackA && s.quickForbidden(l.Q)) {
				three = true
				break
			}
		}
		if !three {
			continue
		}
		open = true
		for _, l := range line {
			if s.st.At(l.Q) != game.Empty || blackD && s.quickForbidden(l.Q) || listed(list, l.Q) {
				continue
			}
			if p := s.st.Pattern(l.Q, l.D, a); p == eval.Four || p == eval.OpenFour {
				list = append(list, cand{cell: l.Q})
			}
		}
	}
	if !open || s.noCounterFours {
		s.bufs[ply] = list
		return list, open
	}
	for _, cell := range s.m.Order {
		if s.st.At(cell) == game.Empty && s.st.Fours(cell, d) > 0 && !(blackD && s.quickForbidden(cell)) && !listed(list, cell) {
			list = append(list, cand{cell: cell})
		}
	}
	s.bufs[ply] = list
	return list, len(list) <= config.MaxLookaheadWidth
}

func listed(list []cand, cell int) bool {
	for _, c := range list {
		if c.cell == cell {
			return true
		}
	}
	return false
}

// threats is a check's search for u's win by threats from ply, deepened
// one threat at a time, recording the win's cells in s.line.
func (s *Searcher) threats(u game.Colour, ply int) int {
	return s.deepened(s.cfg.VCTDepth, func(d int) int {
		five, _ := s.vct(u, d, ply, nil)
		return five
	})
}
