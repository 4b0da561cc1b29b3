package search

import (
	"time"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

// Threat-space searches. The attacker is the side to move at the first
// call. Both return the number of attacker moves to the five (≥ 1; the
// five itself included) when a forced win is proved, or 0 when none was
// found within the depth and node budget: running out never claims a win.
// The moves of the last proved line are left in p.threat by ply (-1 where
// the defender's reply does not matter).

// budget bounds one threat search by nodes and, optionally, a deadline.
type budget struct {
	left     int64
	deadline time.Time // zero = none
}

// spend counts a node and reports whether the search may go on.
func (b *budget) spend() bool {
	b.left--
	if b.left&63 == 0 && !b.deadline.IsZero() && time.Now().After(b.deadline) {
		b.left = 0
	}
	return b.left > 0
}

// vcfAttack looks for a victory by continuous fours: every attacker move
// makes a four, so the defender's reply is forced (seed003's "必杀招").
func (p *position) vcfAttack(ply int, b *budget) int {
	if p.tick() || !b.spend() || ply >= maxPly-4 {
		return 0
	}
	var t threats
	p.scan(&t, ply, false)
	if t.myFive >= 0 {
		p.threat[ply] = t.myFive
		return 1
	}
	if t.nOpFive >= 2 {
		return 0
	}
	if t.nOpFive == 1 {
		// The defender's four must be blocked; the block must itself be a
		// four for the sequence to stay continuous.
		c := t.opFive[0]
		if p.st.Fours(c, p.toMove) == 0 || p.forbidden(c) {
			return 0
		}
		return p.vcfTry(c, ply, b)
	}
	for _, c := range t.myWin {
		if !p.forbidden(c) {
			p.winLine(c, ply)
			return 2
		}
	}
	for _, c := range p.scored(t.myFour, t.cands) {
		if p.forbidden(c.cell) {
			continue
		}
		if n := p.vcfTry(c.cell, ply, b); n > 0 {
			return n
		}
		if p.stopped() || b.left <= 0 {
			return 0
		}
	}
	return 0
}

func (p *position) vcfTry(c, ply int, b *budget) int {
	p.play(c)
	n := p.vcfDefend(c, ply+1, b)
	p.undo()
	if n > 0 {
		p.threat[ply] = c
		return n + 1
	}
	return 0
}

// vcfDefend answers the attacker's four just played on last.
func (p *position) vcfDefend(last, ply int, b *budget) int {
	fives, n := p.fivesNear(last, p.toMove.Opponent())
	switch {
	case n == 0:
		return 0
	case n >= 2:
		p.threat[ply], p.threat[ply+1] = fives[0], fives[1]
		return 1
	}
	c := fives[0]
	if p.forbidden(c) {
		// Renju: black cannot block on a forbidden point (seed003: white
		// "forces black onto a forbidden point").
		p.threat[ply], p.threat[ply+1] = -1, c
		return 1
	}
	p.play(c)
	m := p.vcfAttack(ply+1, b)
	p.undo()
	if m > 0 {
		p.threat[ply] = c
	}
	return m
}

// winLine records the line after a winning open four or double four on c:
// the defender blocks one five point, the attacker takes the other.
func (p *position) winLine(c, ply int) {
	p.threat[ply] = c
	p.play(c)
	f, n := p.fivesNear(c, p.toMove.Opponent())
	p.undo()
	p.threat[ply+1], p.threat[ply+2] = -1, -1
	if n >= 2 {
		p.threat[ply+1], p.threat[ply+2] = f[0], f[1]
	}
}

// vctAttack looks for a victory by continuous threats: every attacker
// move makes a four or an open three, and depth bounds the attacker's
// moves. Against a three the defender may block any of its threat or four
// points or make a four of its own; every such defence must fail.
func (p *position) vctAttack(ply, depth int, b *budget) int {
	if p.tick() || !b.spend() || ply >= maxPly-4 {
		return 0
	}
	var t threats
	p.scan(&t, ply, false)
	if t.myFive >= 0 {
		p.threat[ply] = t.myFive
		return 1
	}
	if t.nOpFive >= 2 {
		return 0
	}
	if t.nOpFive == 1 {
		c := t.opFive[0]
		if p.forbidden(c) {
			return 0
		}
		return p.vctTry(c, ply, depth, b)
	}
	for _, c := range t.myWin {
		if !p.forbidden(c) {
			p.winLine(c, ply)
			return 2
		}
	}
	if depth <= 0 {
		return 0
	}
	s := p.scr(ply)
	list := append(append(s.list[:0], t.myFour...), t.myThree...)
	s.list = list
	tried := 0
	for _, c := range p.scored(list, t.cands) {
		if p.forbidden(c.cell) {
			continue
		}
		if tried++; tried > p.sh.width {
			break
		}
		if n := p.vctTry(c.cell, ply, depth-1, b); n > 0 {
			return n
		}
		if p.stopped() || b.left <= 0 {
			return 0
		}
	}
	return 0
}

func (p *position) vctTry(c, ply, depth int, b *budget) int {
	p.play(c)
	n := p.vctDefend(ply+1, depth, b)
	p.undo()
	if n > 0 {
		p.threat[ply] = c
		return n + 1
	}
	return 0
}

// vctDefend answers the attacker's last move, which must leave a threat:
// a five point, or a point making an open four or a double four.
func (p *position) vctDefend(ply, depth int, b *budget) int {
	if p.tick() || !b.spend() {
		return 0
	}
	var t threats // "my" is the defender here, "op" the attacker
	p.scan(&t, ply, false)
	if t.myFive >= 0 {
		return 0
	}
	if t.nOpFive >= 2 {
		p.threat[ply], p.threat[ply+1] = t.opFive[0], t.opFive[1]
		return 1
	}
	if t.nOpFive == 1 {
		c := t.opFive[0]
		if p.forbidden(c) {
			p.threat[ply], p.threat[ply+1] = -1, c
			return 1
		}
		p.play(c)
		n := p.vctAttack(ply+1, depth, b)
		p.undo()
		if n > 0 {
			p.threat[ply] = c
		}
		return n
	}
	attacker := p.toMove.Opponent()
	real := false
	for _, c := range t.opWin {
		if !p.renju || attacker != game.Black || !p.forbiddenBlack(c) {
			real = true
			break
		}
	}
	if !real {
		return 0 // no threat: the defender has a free move
	}
	s := p.scr(ply)
	gen := p.newMark()
	list := s.list[:0]
	for _, l := range [][]int{t.opWin, t.opFour, t.myFour} {
		for _, c := range l {
			if p.mark[c] != gen && !p.forbidden(c) {
				p.mark[c] = gen
				list = append(list, c)
			}
		}
	}
	s.list = list
	// Keep the line refuting the longest defence: the defender's best try.
	worst, line := 0, s.line[:0]
	for _, c := range p.scored(list, t.cands) {
		p.play(c.cell)
		n := p.vctAttack(ply+1, depth, b)
		p.undo()
		if n == 0 {
			return 0
		}
		if n > worst {
			worst = n
			line = append(append(line[:0], c.cell), p.threat[ply+1:min(ply+2*n, len(p.threat))]...)
		}
	}
	s.line = line
	if worst == 0 {
		// Every answer is forbidden to black: the open four comes next.
		p.threat[ply] = -1
		return 2
	}
	copy(p.threat[ply:], line)
	return worst
}
