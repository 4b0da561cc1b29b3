package search

import (
	"sync/atomic"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// maxPly bounds how far below the root any line may go, forced blocks and
// threat sequences included.
const maxPly = 120

// Scores, from the side to move's view. A five made k plies below the root
// scores WinScore-k (a loss -(WinScore-k)), so faster wins and slower
// losses score better (seed003 step 7). The leaf evaluation stays far
// below: |evaluate| < evalLimit.
const (
	WinScore  int32 = 1 << 30
	infinity  int32 = WinScore + 1
	evalLimit int32 = 1 << 28
	// wonAbove: a score above it is a forced win, below -wonAbove a forced
	// loss.
	wonAbove = WinScore - 2*maxPly
)

// box is a rectangle of cells, inclusive; empty when x0 > x1.
type box struct{ x0, y0, x1, y1 int }

func (b box) empty() bool { return b.x0 > b.x1 }

// grow returns the box widened by m cells on every side, clipped to a
// size×size board.
func (b box) grow(m, size int) box {
	return box{max(b.x0-m, 0), max(b.y0-m, 0), min(b.x1+m, size-1), min(b.y1+m, size-1)}
}

// shared is what the threads of one search have in common.
type shared struct {
	tt       *table
	stop     atomic.Bool
	flushed  atomic.Int64 // nodes reported by the threads so far
	maxNodes int64        // 0 = no node limit
	deadline time.Time    // zero = no time limit
	value    [eval.NumPatterns]int32
	width    int
	margin   int
	leafVCF  int64
}

// position is one thread's copy of the game being searched: the
// incremental evaluation (sim/eval) plus what the search keeps beside it.
type position struct {
	m      *eval.Model
	st     *eval.State
	size   int
	cells  int
	renju  bool
	mirror *game.Board // under renju: the same stones, to ask Forbidden
	z      *zobrist
	sh     *shared

	hash   uint64
	toMove game.Colour
	moves  []int // stones placed, in order (the game's and the search's)
	bbox   box   // bounding box of the stones
	// shape[c] is Σ value[pattern] over every empty cell and line for
	// colour index c: the leaf evaluation, kept incrementally.
	shape [2]int64
	// hot lists the empty cells where either colour has an open three or
	// better on some line: every threat lives there, so threat scans skip
	// the quiet cells. hotAt[i] is i's index in hot, or -1.
	hot   []int32
	hotAt []int32
	// undo records: per move the shape sums before it and where its hot
	// list changes start in hotLog (cell+1 added, -(cell+1) removed).
	saved  []savedState
	hotLog []int32

	nodes int64 // this thread's nodes in the current search

	// Per-ply scratch, allocated on first use so shallow searches stay
	// small.
	scratch [maxPly + 8]*plyScratch
	// pv is the triangular principal-variation table: pv[ply][ply:pvLen[ply]].
	pv    [maxPly + 8][maxPly + 8]int
	pvLen [maxPly + 8]int
	// threat records the moves of the last successful VCF/VCT line by ply.
	threat [maxPly + 8]int

	old     [][2]eval.Pattern // place's scratch: patterns before the stone
	mark    []uint32          // dedupe marks for move lists
	markGen uint32
}

type savedState struct {
	shape [2]int64
	log   int
	bbox  box
}

// plyScratch holds one ply's lists, each with capacity for every cell.
type plyScratch struct {
	myWin, myFour, myThree []int
	opWin, opFour          []int
	cands                  []cand
	moves, list, line      []int
}

type cand struct {
	cell  int
	score int32
	rank  int32
}

func newPosition(m *eval.Model, rule game.Rule, z *zobrist, sh *shared) *position {
	n := m.Size * m.Size
	p := &position{
		m: m, st: eval.NewState(m), size: m.Size, cells: n,
		renju: rule == game.Renju, z: z, sh: sh,
		toMove: game.Black,
		bbox:   box{0, 0, -1, -1},
		mark:   make([]uint32, n),
		hotAt:  make([]int32, n),
		old:    make([][2]eval.Pattern, 8*m.R),
	}
	for i := range p.hotAt {
		p.hotAt[i] = -1
	}
	if p.renju {
		p.mirror = game.MustBoard(m.Size, rule)
	}
	p.reshapeAll()
	return p
}

func (p *position) scr(ply int) *plyScratch {
	s := p.scratch[ply]
	if s == nil {
		n := p.cells
		s = &plyScratch{
			myWin: make([]int, 0, n), myFour: make([]int, 0, n), myThree: make([]int, 0, n),
			opWin: make([]int, 0, n), opFour: make([]int, 0, n),
			cands: make([]cand, 0, n), moves: make([]int, 0, n), list: make([]int, 0, 3*n),
			line: make([]int, 0, maxPly+8),
		}
		p.scratch[ply] = s
	}
	return s
}

// reshapeAll recomputes shape from scratch.
func (p *position) reshapeAll() {
	p.shape = [2]int64{}
	for i := 0; i < p.cells; i++ {
		p.rehot(i)
		if p.st.At(i) != game.Empty {
			continue
		}
		for c := 0; c < 2; c++ {
			for _, pat := range p.st.Lines(i, game.Colour(c+1)) {
				p.shape[c] += int64(p.sh.value[pat])
			}
		}
	}
}

// place puts a stone of colour c on the empty cell i and updates what the
// search keeps beside the evaluation: the shape sums change by the value
// of every line pattern the stone changes (and i's own lines stop
// counting), and only cells whose patterns changed can enter or leave the
// hot list.
func (p *position) place(i int, c game.Colour) {
	st := p.st
	v := &p.sh.value
	touch := p.m.Touch[i]
	old := p.old[:len(touch)]
	for k, t := range touch {
		q, d := int(t.Slot>>2), int(t.Slot&3)
		old[k] = [2]eval.Pattern{st.Pattern(q, d, game.Black), st.Pattern(q, d, game.White)}
	}
	for col := 0; col < 2; col++ {
		for _, pat := range st.Lines(i, game.Colour(col+1)) {
			p.shape[col] -= int64(v[pat])
		}
	}
	st.Place(i, c)
	for k, t := range touch {
		q, d := int(t.Slot>>2), int(t.Slot&3)
		if st.At(q) != game.Empty {
			continue
		}
		pb, pw := st.Pattern(q, d, game.Black), st.Pattern(q, d, game.White)
		if pb == old[k][0] && pw == old[k][1] {
			continue
		}
		p.shape[0] += int64(v[pb] - v[old[k][0]])
		p.shape[1] += int64(v[pw] - v[old[k][1]])
		p.rehot(q)
	}
	p.rehot(i)
}

// rehot puts cell q in the hot list or takes it out.
func (p *position) rehot(q int) {
	hot := false
	if p.st.At(q) == game.Empty {
		a, b := p.st.Lines(q, game.Black), p.st.Lines(q, game.White)
		hot = max(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]) >= eval.OpenThree
	}
	k := p.hotAt[q]
	switch {
	case hot && k < 0:
		p.hotAdd(q)
		p.hotLog = append(p.hotLog, int32(q+1))
	case !hot && k >= 0:
		p.hotDel(q)
		p.hotLog = append(p.hotLog, -int32(q+1))
	}
}

func (p *position) hotAdd(q int) {
	p.hotAt[q] = int32(len(p.hot))
	p.hot = append(p.hot, int32(q))
}

func (p *position) hotDel(q int) {
	k := p.hotAt[q]
	last := p.hot[len(p.hot)-1]
	p.hot[k] = last
	p.hotAt[last] = k
	p.hot = p.hot[:len(p.hot)-1]
	p.hotAt[q] = -1
}

// play puts the side to move's stone on the empty cell i.
func (p *position) play(i int) {
	c := p.toMove
	p.saved = append(p.saved, savedState{p.shape, len(p.hotLog), p.bbox})
	p.place(i, c)
	if p.mirror != nil {
		if err := p.mirror.PlayAs(i, c); err != nil {
			panic("internal error: search mirror: " + err.Error())
		}
	}
	p.hash ^= p.z.cell[i][c-1]
	p.moves = append(p.moves, i)
	x, y := i%p.size, i/p.size
	if p.bbox.empty() {
		p.bbox = box{x, y, x, y}
	} else {
		p.bbox = box{min(p.bbox.x0, x), min(p.bbox.y0, y), max(p.bbox.x1, x), max(p.bbox.y1, y)}
	}
	p.setToMove(c.Opponent())
}

// setToMove sets the side to move; the hash includes a key while white is
// to move, so equal stones with different movers never share an entry.
func (p *position) setToMove(c game.Colour) {
	if c != p.toMove {
		p.hash ^= p.z.side
		p.toMove = c
	}
}

// undo takes back the last stone, restoring the shape sums and hot list
// from the records play left rather than recomputing them.
func (p *position) undo() {
	k := len(p.moves) - 1
	i := p.moves[k]
	c := p.st.At(i)
	sv := p.saved[k]
	p.moves = p.moves[:k]
	p.saved = p.saved[:k]
	p.st.Remove(i)
	p.shape, p.bbox = sv.shape, sv.bbox
	for j := len(p.hotLog) - 1; j >= sv.log; j-- {
		if e := p.hotLog[j]; e > 0 {
			p.hotDel(int(e - 1))
		} else {
			p.hotAdd(int(-e - 1))
		}
	}
	p.hotLog = p.hotLog[:sv.log]
	if p.mirror != nil {
		p.mirror.Undo()
	}
	p.hash ^= p.z.cell[i][c-1]
	p.setToMove(c)
}

// sync brings the position to b: undo back to the common prefix of the
// histories, then play the rest with each stone's own colour, and set the
// side to move as b says (PlayAs may break alternation).
func (p *position) sync(b *game.Board) {
	h := b.History()
	common := 0
	for common < len(h) && common < len(p.moves) && h[common] == p.moves[common] &&
		b.At(h[common]) == p.st.At(h[common]) {
		common++
	}
	for len(p.moves) > common {
		p.undo()
	}
	for _, m := range h[common:] {
		p.setToMove(b.At(m))
		p.play(m)
	}
	p.setToMove(b.ToMove())
}

// tick counts a node and reports whether the search must stop: the node
// or time budget ran out, or the caller cancelled.
func (p *position) tick() bool {
	p.nodes++
	if p.nodes&255 == 0 {
		n := p.sh.flushed.Add(256)
		if p.sh.maxNodes > 0 && n >= p.sh.maxNodes ||
			!p.sh.deadline.IsZero() && time.Now().After(p.sh.deadline) {
			p.sh.stop.Store(true)
		}
	}
	return p.sh.stop.Load()
}

func (p *position) stopped() bool { return p.sh.stop.Load() }

// evaluate is the static value of a quiet position for the side to move:
// its shape sum minus the opponent's (see Value in the package doc).
func (p *position) evaluate() int32 {
	me := int(p.toMove) - 1
	d := p.shape[me] - p.shape[1-me]
	return int32(max(min(d, int64(evalLimit-1)), int64(-evalLimit+1)))
}

// forbidden reports whether the side to move may not play the empty cell i:
// black under renju only. Cheap pattern tests rule out most cells before
// the full rule (game.Board.Forbidden) runs: a forbidden move makes two
// fours or threes (eval counts every renju three as an open three or
// better), a four-four on one line (an open four pattern) or an overline.
func (p *position) forbidden(i int) bool {
	return p.renju && p.toMove == game.Black && p.forbiddenBlack(i)
}

func (p *position) forbiddenBlack(i int) bool {
	st := p.st
	maybe := st.Fours(i, game.Black)+st.OpenThrees(i, game.Black) >= 2
	if !maybe {
		for _, pat := range st.Lines(i, game.Black) {
			if pat == eval.OpenFour {
				maybe = true
			}
		}
	}
	if !maybe && !p.overline(i) {
		return false
	}
	return p.mirror.Forbidden(i)
}

// overline reports whether a black stone on i would make six or more in a
// row.
func (p *position) overline(i int) bool {
	x, y := i%p.size, i/p.size
	for _, d := range game.Directions {
		n := 1
		for k := 1; ; k++ {
			qx, qy := x+k*d[0], y+k*d[1]
			if qx < 0 || qy < 0 || qx >= p.size || qy >= p.size || p.st.At(qy*p.size+qx) != game.Black {
				break
			}
			n++
		}
		for k := 1; ; k++ {
			qx, qy := x-k*d[0], y-k*d[1]
			if qx < 0 || qy < 0 || qx >= p.size || qy >= p.size || p.st.At(qy*p.size+qx) != game.Black {
				break
			}
			n++
		}
		if n >= 6 {
			return true
		}
	}
	return false
}

// threats is what one scan of the board finds for the side to move (my)
// and the opponent (op). Win cells make an open four or a double four
// (two five points at once); four cells make at least one four (win cells
// included); three cells make an open three. Forbidden cells are not
// filtered out here: callers check the few they use.
type threats struct {
	myFive  int    // a cell where the mover makes five, or -1
	opFive  [2]int // distinct cells where the opponent would make five
	nOpFive int
	myWin   []int
	myFour  []int
	myThree []int
	opWin   []int
	opFour  []int
	cands   []cand // candidate moves with their static scores (when asked)
}

// classify sums up one colour's four line patterns on a cell.
func classify(l [4]eval.Pattern) (five, win, four, three bool) {
	fours := 0
	for _, pat := range l {
		switch pat {
		case eval.Five:
			five = true
		case eval.OpenFour:
			win = true
			fours++
		case eval.Four:
			fours++
		case eval.OpenThree:
			three = true
		}
	}
	return five, win || fours >= 2, fours >= 1, three
}

// scan finds the threats of both sides (in the hot list) and, with
// withCands, the candidate moves, the empty cells of the stones' bounding
// box plus the margin, with their static scores.
func (p *position) scan(t *threats, ply int, withCands bool) {
	s := p.scr(ply)
	*t = threats{myFive: -1,
		myWin: s.myWin[:0], myFour: s.myFour[:0], myThree: s.myThree[:0],
		opWin: s.opWin[:0], opFour: s.opFour[:0], cands: s.cands[:0]}
	if p.bbox.empty() {
		return
	}
	me, op := p.toMove, p.toMove.Opponent()
	st := p.st
	if withCands {
		cb := p.bbox.grow(p.sh.margin, p.size)
		rank := p.m.Rank
		for y := cb.y0; y <= cb.y1; y++ {
			for i := y*p.size + cb.x0; i <= y*p.size+cb.x1; i++ {
				if st.At(i) == game.Empty {
					t.cands = append(t.cands, cand{i, st.Score(i, me), rank[i]})
				}
			}
		}
	}
	for _, q := range p.hot {
		i := int(q)
		five, win, four, three := classify(st.Lines(i, me))
		if five {
			if t.myFive < 0 {
				t.myFive = i
			}
		} else {
			if win {
				t.myWin = append(t.myWin, i)
			}
			if four {
				t.myFour = append(t.myFour, i)
			}
			if three && !four {
				t.myThree = append(t.myThree, i)
			}
		}
		five, win, four, _ = classify(st.Lines(i, op))
		if five {
			if t.nOpFive < 2 && (t.nOpFive == 0 || t.opFive[0] != i) {
				t.opFive[t.nOpFive] = i
				t.nOpFive++
			}
		} else {
			if win {
				t.opWin = append(t.opWin, i)
			}
			if four {
				t.opFour = append(t.opFour, i)
			}
		}
	}
}

// fivesNear returns the cells on the four lines within R of cell i where
// colour col would make five (at most two are reported; n counts up to 2).
// After a four, the attacker's new five points can only lie there.
func (p *position) fivesNear(i int, col game.Colour) (cells [2]int, n int) {
	for _, t := range p.m.Touch[i] {
		q := int(t.Slot >> 2)
		if p.st.At(q) != game.Empty || p.st.Pattern(q, int(t.Slot&3), col) != eval.Five {
			continue
		}
		if n == 1 && cells[0] == q {
			continue
		}
		if n < 2 {
			cells[n] = q
		}
		n++
		if n == 2 {
			break
		}
	}
	return cells, n
}

// orderBy sorts cells by the mover's static score, best first, ties to the
// cell nearer the centre, and returns the cands slice used.
func (p *position) scored(cells []int, out []cand) []cand {
	out = out[:0]
	me := p.toMove
	for _, c := range cells {
		out = append(out, cand{c, p.st.Score(c, me), p.m.Rank[c]})
	}
	sortCands(out)
	return out
}

// better orders candidates: higher score, then nearer the centre.
func better(a, b cand) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.rank < b.rank
}

// sortCands is an insertion sort: lists are short or nearly sorted.
func sortCands(c []cand) {
	for i := 1; i < len(c); i++ {
		v := c[i]
		j := i
		for j > 0 && better(v, c[j-1]) {
			c[j] = c[j-1]
			j--
		}
		c[j] = v
	}
}

// newMark starts a fresh dedupe generation.
func (p *position) newMark() uint32 {
	p.markGen++
	if p.markGen == 0 {
		clear(p.mark)
		p.markGen = 1
	}
	return p.markGen
}
