package search

import "github.com/mcgomoku/mcgomoku/sim/game"

// Scores of forced results in the transposition table are stored relative
// to the node (plies to the five from there), and turned back into
// root-relative scores on reading, so an entry is right at any depth.
func toTT(s int32, ply int) int32 {
	switch {
	case s > wonAbove:
		return s + int32(ply)
	case s < -wonAbove:
		return s - int32(ply)
	}
	return s
}

func fromTT(s int32, ply int) int32 {
	switch {
	case s > wonAbove:
		return s - int32(ply)
	case s < -wonAbove:
		return s + int32(ply)
	}
	return s
}

// negamax is the alpha-beta search (seed003 steps 6-10) of the position
// for the side to move, depth plies deep, at ply plies below the root.
// The threat rules come first and are exact: a five wins, two opponent
// five points lose, one must be blocked (searched one ply deeper, not
// counted against depth), and an open four or double four wins. At the
// horizon a short VCF search looks for a forced win before the static
// evaluation is trusted.
func (p *position) negamax(depth int, alpha, beta int32, ply int) int32 {
	p.pvLen[ply] = ply
	if p.tick() {
		return 0
	}
	if len(p.moves) >= p.cells {
		return 0 // a full board is a draw
	}
	if ply >= maxPly-4 {
		return p.evaluate() // a very long forced line: stop here
	}
	ttMove := -1
	if h, ok := p.sh.tt.probe(p.hash); ok {
		ttMove = h.move
		if h.depth >= depth {
			s := fromTT(h.score, ply)
			switch {
			case h.bound == boundExact,
				h.bound == boundLower && s >= beta,
				h.bound == boundUpper && s <= alpha:
				return s
			}
		}
	}
	var t threats
	p.scan(&t, ply, depth > 0)
	if t.myFive >= 0 {
		p.setPV(ply, t.myFive)
		return WinScore - int32(ply)
	}
	if t.nOpFive >= 2 {
		return -(WinScore - int32(ply) - 1)
	}
	if t.nOpFive == 1 {
		c := t.opFive[0]
		if p.forbidden(c) {
			return -(WinScore - int32(ply) - 1)
		}
		p.play(c)
		s := -p.negamax(depth, -beta, -alpha, ply+1)
		p.undo()
		p.setPV(ply, c)
		return s
	}
	for _, c := range t.myWin {
		if !p.forbidden(c) {
			p.setPV(ply, c)
			return WinScore - int32(ply) - 2
		}
	}
	if depth <= 0 {
		if len(t.myFour) > 0 && p.sh.leafVCF > 0 {
			b := budget{left: p.sh.leafVCF}
			if n := p.vcfAttack(ply, &b); n > 0 {
				return WinScore - int32(ply+2*(n-1))
			}
		}
		return p.evaluate()
	}

	moves := p.genMoves(&t, ply, ttMove)
	if len(moves) == 0 {
		return 0 // nothing playable (every cell near the stones forbidden)
	}
	origAlpha := alpha
	best, bestMove := -infinity, moves[0]
	for k, mv := range moves {
		p.play(mv)
		var s int32
		if k == 0 {
			s = -p.negamax(depth-1, -beta, -alpha, ply+1)
		} else {
			s = -p.negamax(depth-1, -alpha-1, -alpha, ply+1)
			if s > alpha && s < beta && !p.stopped() {
				s = -p.negamax(depth-1, -beta, -alpha, ply+1)
			}
		}
		p.undo()
		if p.stopped() {
			return 0
		}
		if s > best {
			best, bestMove = s, mv
			if s > alpha {
				alpha = s
				p.setPV(ply, mv)
				if s >= beta {
					break
				}
			}
		}
	}
	bound := uint8(boundExact)
	switch {
	case best <= origAlpha:
		bound = boundUpper
	case best >= beta:
		bound = boundLower
	}
	p.sh.tt.store(p.hash, toTT(best, ply), bestMove, depth, bound)
	return best
}

// setPV makes mv followed by the child's line the variation at ply.
func (p *position) setPV(ply, mv int) {
	p.pv[ply][ply] = mv
	n := ply + 1
	if ply+1 < len(p.pvLen) && p.pvLen[ply+1] > ply+1 {
		n = copy(p.pv[ply][ply+1:], p.pv[ply+1][ply+1:p.pvLen[ply+1]]) + ply + 1
	}
	p.pvLen[ply] = n
}

// genMoves lists the moves to search, best first: the table's move, then
// by static score. When the opponent threatens to win (an open three or a
// double-four point), only the answers that can matter are listed: its
// threat points, its other four points (which also break a three), and
// the mover's own fours; otherwise the width best cells near the stones
// (seed003 steps 9 and 10). Forbidden cells are never listed.
func (p *position) genMoves(t *threats, ply int, ttMove int) []int {
	s := p.scr(ply)
	out := s.moves[:0]
	gen := p.newMark()
	width := p.sh.width
	add := func(c int) {
		if p.mark[c] != gen && p.st.At(c) == game.Empty && !p.forbidden(c) {
			p.mark[c] = gen
			out = append(out, c)
		}
	}
	threatened := false
	for _, c := range t.opWin {
		if !p.renju || p.toMove.Opponent() != game.Black || !p.forbiddenBlack(c) {
			threatened = true
			break
		}
	}
	if threatened {
		list := append(append(append(s.list[:0], t.opWin...), t.opFour...), t.myFour...)
		s.list = list
		cs := p.scored(list, t.cands)
		// The table's move comes first only if it is one of the answers.
		if ttMove >= 0 && contains(cs, ttMove) {
			add(ttMove)
		}
		for _, c := range cs {
			if len(out) >= 2*width {
				break
			}
			add(c.cell)
		}
		return out
	}
	if ttMove >= 0 {
		add(ttMove)
	}
	sortTop(t.cands, width+1)
	for _, c := range t.cands {
		if len(out) >= width {
			break
		}
		add(c.cell)
	}
	return out
}

func contains(cs []cand, c int) bool {
	for _, x := range cs {
		if x.cell == c {
			return true
		}
	}
	return false
}

// sortTop moves the k best candidates, in order, to the front of c.
func sortTop(c []cand, k int) {
	if len(c) <= 64 {
		sortCands(c)
		return
	}
	k = min(k, len(c))
	for i := 0; i < k; i++ {
		b := i
		for j := i + 1; j < len(c); j++ {
			if better(c[j], c[b]) {
				b = j
			}
		}
		c[i], c[b] = c[b], c[i]
	}
}
