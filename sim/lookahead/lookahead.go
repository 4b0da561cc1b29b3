// Package lookahead is the lookahead AI: the greedy evaluation model
// (sim/eval) with a search designed to run as Minecraft commands, where
// every stone placed costs hundreds of them. The native code here is the
// algorithm's definition; the pack's commands are its other rendering,
// and the two must agree on the move, the value and the nodes visited.
//
// What it may use is what the pack keeps per empty cell anyway: each
// side's score (eval.State.Score), how many of its lines would make a four
// (Fours) or an open three (OpenThrees), and each line's pattern (to see a
// five). Nothing here scans the board except to pick candidates, and no
// value depends on anything but the position.
//
// One choice, for the side to move S, runs these stages:
//
//  1. Rules: the greedy model's best cell g (the weights' tiers put a five
//     first, then a block of the opponent's five): if g makes a five, or
//     the opponent has a five at g, play g.
//  2. S's win by continuous fours (vcf), with at most 1, 2, …, vcf_depth
//     fours in turn (so a short win is found first), vcf_nodes stones in
//     all: if found, play its first four. Then, if vct_depth is set, S's
//     win by threats (vct, see vct.go): fours and open threes, the
//     opponent's every answer to a three tried (the cells that stop its
//     open four, and its own fours), deepened the same way to vct_depth
//     threats, vct_width threat moves a node, vct_nodes stones: if found,
//     play its first threat.
//  3. Alpha-beta (negamax) over the root_width best cells by S's score, to
//     depth plies, width cells at each inner node, at most nodes stones.
//     After each stone, the five points it made for its colour (empty
//     cells where that colour would make five, on the stone's four lines)
//     decide what follows: two or more win (the opponent has none to play
//     first, see below); one forces the opponent's reply there, searched
//     at no cost in depth (a renju black that cannot block it loses); with
//     extend_fours set, the first extend_fours fours on a line that an
//     alpha-beta node (not a forced block) plays cost no depth either,
//     so a forcing line reaches past the horizon. At a
//     leaf the side to move's vcf (leaf_vcf_depth fours, leaf_vcf_nodes
//     stones) is a win, else the leaf is worth its static value: the
//     lookahead.value of every empty cell's pattern on each line, the
//     mover's sum minus the opponent's. An inner node (not the root, not
//     a forced block) whose width's cells all lose by force, with that
//     many cells to try, tries up to lookahead.widen more before taking
//     the loss: the best by the mover's score, after the width's, of the
//     cells where either side makes a four (the answers to a threat the
//     width left out, which the loss may come from). A five on move k (the root's move
//     is move 1) is worth Win-k, so sooner wins and later losses are
//     preferred; among equal values the earlier candidate (the model's
//     better) is played.
//     With deepen set, the root is searched at depth deepen (at most
//     depth), then a ply deeper each time up to depth, the last
//     iteration's best move first and the others in the model's order,
//     all within the stage's budget: a budget that runs out cuts an
//     iteration, and its best finished move is played if it finished
//     its first (the last iteration's best), else the last iteration's.
//  4. Defence, when stage 3's move neither wins nor loses by force: the
//     opponent's win by continuous fours after it (deepened like stage
//     2, defend_nodes stones a check). The search sees only so deep; a
//     longer line of fours is what it misses. If one is found, the cells
//     of that line (the opponent's fours and the blocks) are tried in the
//     move's place, each checked the same way, and the first that leaves
//     the opponent no such win is played; a tried cell's refutation adds
//     its own line's new cells to the list, which holds defend_tries
//     cells; after the first line come our own fours (the counter-attack:
//     checked after the opponent's block, as if we then passed). With
//     defend_vct_nodes set, a check that finds no win by fours also
//     looks for the opponent's win by threats (vct_depth deep, that many
//     stones more), whose line (its threats, the blocks and a three's
//     answers) is tried the same way.
//
// Why no board-wide check for fives is needed: stage 1 leaves the root
// without five points for either side, a five point can only be made by a
// stone on its line (so counting along the last stone's lines finds every
// new one), and a single five point is always answered at once. So the
// side to move never has a five point and the opponent has at most the
// one it must block.
//
// Renju: black's moves inside the search skip cells that would make two
// fours or two open threes (quickForbidden, the pack's cheap test; the
// game's full rule also refuses overlines and counts a three only when its
// key point is legal), and white's four wins outright when black's block
// is such a cell. The move finally chosen is checked with the full rule by
// the caller, which excludes it and chooses again if it is forbidden.
//
// Nodes are stones placed (each make); a budget that runs out stops the
// stage, and the root keeps only the moves searched to the end (at a
// deepening root, of the iteration it cut).
package lookahead

import (
	"math"
	"slices"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// Win is the value of a five on the first move; a five on move k (the
// root's move being move 1) is worth Win-k, a loss the negation.
const Win int32 = 1 << 30

// MaxPly bounds how deep any line goes, forced blocks and fours
// included (the pack keeps a frame of scores per ply): a node there is
// valued statically, and a continuous-fours search starting there finds
// nothing.
const MaxPly = 24

// MaxLine bounds a refuting line the defence reads: its first MaxLine
// cells (a line of threats lists every answer to each three, and the
// pack keeps the line in as many registers).
const MaxLine = 48

// WonAbove separates forced results from the static values of quiet
// leaves, which config.MaxLookaheadValue keeps within ±2^28.
const WonAbove = Win - 1<<20

// Reasons a move was chosen.
const (
	ReasonFive   = "five"   // stage 1: the greedy move makes five
	ReasonBlock  = "block"  // stage 1: the greedy move blocks the opponent's five
	ReasonVCF    = "vcf"    // stage 2: a win by continuous fours
	ReasonVCT    = "vct"    // stage 2: a win by threats (fours and open threes)
	ReasonSearch = "search" // stage 3: the alpha-beta search
	ReasonDefend = "defend" // stage 4: a cell of the opponent's win by fours after the search's move
)

// RootMove is one move of the root search with its value, from the
// mover's view: exact for the first, a bound (no better than the best so
// far) for a later move that failed low, as alpha-beta gives it.
type RootMove struct {
	Cell  int
	Value int32
	Nodes int // stones placed searching it
	// Depth is the plies it was searched to: its iteration's when stage
	// 3 deepens (lookahead.deepen), else lookahead.depth.
	Depth int
}

// Result is a choice with everything it was chosen from.
type Result struct {
	Move   int   // the cell to play, -1 if the board is full
	Value  int32 // from the mover's view: ±(Win-k) for a five on move k, else 0
	Nodes  int   // stones placed by stages 2, 3 and 4
	Reason string
	// VCFNodes is the part of Nodes spent by stage 2's continuous
	// fours, VCTNodes by its threat-space search, DefendNodes by stage 4.
	VCFNodes, VCTNodes, DefendNodes int
	// Root lists stage 3's candidates in the order searched and the
	// values they got (those the budget left unfinished are left out),
	// every iteration's in turn when it deepens.
	Root []RootMove
	// Defence is stage 4's list when it ran: the search's move, then the
	// cells of the opponent's wins by fours found against it and against
	// the cells tried after it.
	Defence []int
}

// Decisive reports whether v is a forced result and the move number of
// its five (positive a win for the side the value belongs to).
func Decisive(v int32) (move int, ok bool) {
	switch {
	case v > WonAbove:
		return int(Win - v), true
	case v < -WonAbove:
		return -int(Win + v), true
	}
	return 0, false
}

// Searcher runs choices under one config; it keeps only scratch space
// between them, so it is cheap to keep per player.
type Searcher struct {
	ext   int // fours extended on the line being searched (extend_fours)
	cfg   config.Lookahead
	st    *eval.State
	m     *eval.Model
	renju bool
	n     int // board side

	lines [][]LineSlot // FivePointSlots of every cell, for the board size n

	nodes, limit int
	abort        bool // the stage's budget ran out
	// vcfLimit bounds the current continuous-fours search; cut says it
	// was reached (a leaf's search then finds nothing, the stage goes on).
	vcfLimit int
	cut      bool
	// recording asks vcf to put a win's stones in line (last first).
	recording bool
	line      []int
	bufs      [][]cand // candidate lists by ply

	// noCounterFours plants a bug for the tests: a three's answers
	// leave out the opponent's own fours.
	noCounterFours bool
	// placeDeadFours places every four deadFour would count instead (the
	// search before it, for the tests that compare the two);
	// deadFourBug plants one of its bugs (bugOtherThrees …); deadFours
	// counts the fours it counted.
	placeDeadFours bool
	deadFourBug    int
	deadFours      int
}

type cand struct {
	cell  int
	score int32
}

// New returns a searcher for cfg.
func New(cfg config.Lookahead) *Searcher { return &Searcher{cfg: cfg} }

// Choose returns the move for toMove in st's position. st is used as the
// search's board and is back as it was on return. skip, if not nil,
// names root cells not to play (renju cells the full rule refused).
// Weights' noise is not used: the lookahead is deterministic.
func (s *Searcher) Choose(st *eval.State, toMove game.Colour, skip func(int) bool) Result {
	s.st, s.m = st, st.Model()
	s.renju = s.m.Rule == game.Renju
	s.setSize(s.m.Size)
	s.nodes, s.abort, s.ext = 0, false, 0
	res := Result{Move: -1}

	g, _ := st.Best(toMove, skip, nil)
	if g < 0 {
		return res
	}
	res.Move = g
	switch {
	case makesFive(st, g, toMove):
		res.Value, res.Reason = Win-1, ReasonFive
		return res
	case makesFive(st, g, toMove.Opponent()):
		res.Reason = ReasonBlock
		return res
	}

	if s.cfg.VCFDepth > 0 && s.cfg.VCFNodes > 0 {
		// Iterative deepening: a short win is found before a long line
		// of the first four spends the budget.
		s.limit = s.capped(s.cfg.VCFNodes)
		s.vcfLimit = s.limit
		for d := 1; d <= s.cfg.VCFDepth && !s.abort; d++ {
			five, first := s.vcf(toMove, d, 0, skip)
			res.Nodes, res.VCFNodes = s.nodes, s.nodes
			if five > 0 {
				res.Move, res.Value, res.Reason = first, Win-int32(five), ReasonVCF
				return res
			}
		}
	}
	if s.cfg.VCTDepth > 0 && s.cfg.VCTNodes > 0 {
		// Deepened as the vcf is, with a budget of its own.
		before := s.nodes
		s.abort, s.cut = false, false
		s.limit = s.capped(s.nodes + s.cfg.VCTNodes)
		s.vcfLimit = s.limit
		for d := 1; d <= s.cfg.VCTDepth && !s.abort; d++ {
			five, first := s.vct(toMove, d, 0, skip)
			res.Nodes, res.VCTNodes = s.nodes, s.nodes-before
			if five > 0 {
				res.Move, res.Value, res.Reason = first, Win-int32(five), ReasonVCT
				return res
			}
		}
	}

	s.abort, s.limit = false, s.capped(s.nodes+s.cfg.Nodes)
	res.Reason = ReasonSearch
	cands := s.candidates(toMove, s.cfg.RootWidth, anyCell, skip, 0)
	first := s.cfg.Depth
	if s.cfg.Deepen > 0 {
		first = min(s.cfg.Deepen, s.cfg.Depth)
	}
	for d := first; d <= s.cfg.Depth && !s.abort; d++ {
		if d > first {
			// The last iteration's best move first, the rest in their
			// order (it is among them: a finished iteration searched
			// every candidate).
			i := slices.IndexFunc(cands, func(c cand) bool { return c.cell == res.Move })
			if i > 0 {
				best := cands[i]
				copy(cands[1:i+1], cands[:i])
				cands[0] = best
			}
		}
		s.root(&res, cands, toMove, d)
	}
	res.Nodes = s.nodes
	s.defend(&res, toMove, skip)
	return res
}

// root is one iteration of stage 3: the alpha-beta search of cands in
// turn at depth plies, each finished move's value appended to res.Root.
// res.Move and res.Value become the iteration's best as soon as its
// first move is finished; until then they stay the last iteration's (or
// the greedy move's), which is what a budget that cuts the iteration
// before then leaves. The first move is the last iteration's best, so
// an iteration cut after it still chose among moves searched at the
// greater depth, the best of which alpha-beta at the root values exactly.
func (s *Searcher) root(res *Result, cands []cand, toMove game.Colour, depth int) {
	alpha, beta := int32(-math.MaxInt32), int32(math.MaxInt32)
	best := int32(math.MinInt32)
	for _, c := range cands {
		before := s.nodes
		v := s.child(c.cell, toMove, depth-1, alpha, beta, 0, false)
		if s.abort {
			return
		}
		res.Root = append(res.Root, RootMove{Cell: c.cell, Value: v, Nodes: s.nodes - before, Depth: depth})
		if v > best {
			best, res.Move, res.Value = v, c.cell, v
			alpha = max(alpha, v)
		}
	}
}

// defend is stage 4: it looks for the opponent's win by continuous fours
// after the chosen move, deepened as stage 2 deepens ours, within
// defend_nodes stones (a check that runs out finds nothing, as every
// budget here). If it finds one, the cells of that win (the opponent's
// fours and the blocks, in order) are tried in the move's place, each
// checked the same way, and the first the opponent then finds no win
// against is played; a refuted cell's own win adds its new cells to the
// end of the list, which holds at most defend_tries. If none holds, the
// search's move stands.
func (s *Searcher) defend(res *Result, t game.Colour, skip func(int) bool) {
	if s.cfg.DefendNodes <= 0 || s.cfg.DefendTries <= 0 || s.cfg.VCFDepth <= 0 || res.Move < 0 {
		return
	}
	if _, won := Decisive(res.Value); won {
		return
	}
	before := s.nodes
	res.Defence = []int{res.Move}
	defer func() { res.DefendNodes = s.nodes - before; res.Nodes = s.nodes }()
	if !s.refuted(res.Move, t) {
		return
	}
	add := func(c int) {
		if len(res.Defence) <= s.cfg.DefendTries && !slices.Contains(res.Defence, c) {
			res.Defence = append(res.Defence, c)
		}
	}
	addLine := func() {
		for _, c := range s.line {
			add(c)
		}
	}
	addLine()
	// Then our own fours (the root's candidates for them): a four gains a
	// move, and its stone or the block may break the opponent's line.
	for _, c := range s.candidates(t, s.cfg.VCFWidth, fourCell, skip, 0) {
		add(c.cell)
	}
	for q := 1; q < len(res.Defence); q++ {
		c := res.Defence[q]
		if skip != nil && skip(c) || s.renju && t == game.Black && s.quickForbidden(c) {
			continue
		}
		refuted := s.refuted(c, t)
		if !refuted {
			res.Move, res.Value, res.Reason = c, 0, ReasonDefend
			return
		}
		addLine()
	}
}

// refuted plays m for t and reports whether the opponent then wins by
// continuous fours (at most vcf_depth of them, deepened, within
// defend_nodes stones, m's own included); s.line is then the win's
// stones, the opponent's fours and the blocks in order (its first
// MaxLine). If m is a four,
// the opponent's block comes first and the fours are looked for as if
// t then passed; a block that makes a four of its own refutes m (t would
// have to answer it), one renju's black may not play leaves m safe.
func (s *Searcher) refuted(m int, t game.Colour) bool {
	s.abort, s.limit = false, s.capped(s.nodes+s.cfg.DefendNodes)
	s.vcfLimit, s.line = s.limit, s.line[:0]
	if !s.spend() {
		return false
	}
	u := t.Opponent()
	s.st.Place(m, t)
	five := 0
	switch k, f := s.fives(m, t); {
	case k == 0:
		five = s.wins(u, 1)
	case k >= 2 || s.renju && u == game.Black && s.quickForbidden(f):
		// The opponent cannot stop the five.
	case s.spend():
		s.st.Place(f, u)
		if kd, _ := s.fives(f, u); kd > 0 {
			five = 1
		} else {
			five = s.wins(u, 2)
		}
		s.st.Remove(f)
	}
	s.st.Remove(m)
	slices.Reverse(s.line)
	s.line = s.line[:min(len(s.line), MaxLine)]
	return five > 0
}

// wins is a check's search for u's win from ply: by continuous fours
// within the check's budget, then, if defend_vct_nodes is set, by threats
// within that many stones more.
func (s *Searcher) wins(u game.Colour, ply int) int {
	if five := s.fours(u, ply); five > 0 || s.cfg.DefendVCTNodes <= 0 {
		return five
	}
	s.abort, s.limit = false, s.capped(s.nodes+s.cfg.DefendVCTNodes)
	s.vcfLimit = s.limit
	return s.threats(u, ply)
}

// fours is a check's search for u's win by continuous fours from ply,
// deepened one four at a time, recording the win's stones in s.line.
func (s *Searcher) fours(u game.Colour, ply int) int {
	return s.deepened(s.cfg.VCFDepth, func(d int) int {
		five, _ := s.vcf(u, d, ply, nil)
		return five
	})
}

// deepened runs a check's search at depth 1, 2, … up to depth until it
// finds a win, recording the win's cells in s.line.
func (s *Searcher) deepened(depth int, search func(d int) int) int {
	s.recording = true
	five := 0
	for d := 1; d <= depth && five == 0 && !s.abort; d++ {
		s.line = s.line[:0]
		five = search(d)
	}
	s.recording = false
	return five
}

// capped is a stage's limit, the stones placed when it would stop,
// within the move's own (lookahead.move_nodes, counted from the move's
// first stone: s.nodes).
func (s *Searcher) capped(limit int) int { return min(limit, s.cfg.MoveNodes) }

// setSize prepares the searcher for an n×n board.
func (s *Searcher) setSize(n int) {
	if s.n == n && s.lines != nil {
		return
	}
	s.n, s.lines = n, make([][]LineSlot, n*n)
	for m := range s.lines {
		s.lines[m] = FivePointSlots(n, m)
	}
}

// child plays m for t (the side to move at ply, which counts the moves
// made since the root), searches what follows to depth and takes m back.
// The value is t's. block says m is a forced block, whose own four is
// never extended (the block costs no depth already).
func (s *Searcher) child(m int, t game.Colour, depth int, alpha, beta int32, ply int, block bool) int32 {
	if s.nodes >= s.limit {
		s.abort = true
		return 0
	}
	s.nodes++
	s.st.Place(m, t)
	k, f := s.fives(m, t)
	var v int32
	switch {
	case k >= 2: // m is move ply+1, the reply ply+2, the five ply+3
		v = Win - int32(ply+3)
	case k == 1 && !block && s.ext < s.cfg.ExtendFours:
		// A four of an alpha-beta node's and its forced block cost no
		// depth, extend_fours of them on a line: the search sees past its
		// horizon where the line is forcing.
		s.ext++
		v = -s.forced(t.Opponent(), f, depth+1, -beta, -alpha, ply+1)
		s.ext--
	case k == 1:
		v = -s.forced(t.Opponent(), f, depth, -beta, -alpha, ply+1)
	default:
		v = -s.node(t.Opponent(), depth, -beta, -alpha, ply+1)
	}
	s.st.Remove(m)
	return v
}

// forced is t's node when it must block the opponent's five point f.
func (s *Searcher) forced(t game.Colour, f, depth int, alpha, beta int32, ply int) int32 {
	if ply >= MaxPly {
		return s.static(t)
	}
	if s.renju && t == game.Black && s.quickForbidden(f) {
		return -(Win - int32(ply+2)) // the opponent's five is the next move but one
	}
	return s.child(f, t, depth, alpha, beta, ply, true)
}

// node is t's value at ply with depth plies left and no five point to
// block.
func (s *Searcher) node(t game.Colour, depth int, alpha, beta int32, ply int) int32 {
	if ply >= MaxPly {
		return s.static(t)
	}
	if depth <= 0 {
		if s.cfg.LeafVCFDepth > 0 && s.cfg.LeafVCFNodes > 0 {
			// One pass at full depth: deepening as at the root would
			// cost every leaf its shallow passes again.
			s.vcfLimit = s.nodes + s.cfg.LeafVCFNodes
			five, _ := s.vcf(t, s.cfg.LeafVCFDepth, ply, nil)
			s.cut = false
			if s.abort {
				return 0
			}
			if five > 0 {
				return Win - int32(five)
			}
		}
		return s.static(t)
	}
	cands := s.candidates(t, s.cfg.Width, anyCell, nil, ply)
	if len(cands) == 0 {
		return 0
	}
	best, cut := s.moves(cands, t, depth, &alpha, beta, ply)
	if cut || s.abort || best >= -WonAbove || s.cfg.Widen <= 0 || len(cands) < s.cfg.Width {
		return best
	}
	// Every move the width kept loses by force, which it may only seem
	// to: the answers the width left out (a block of the opponent's
	// three or four, a four of t's own) are tried before the loss is
	// taken. They are the best cells by t's score after the width's.
	var kept [config.MaxLookaheadWidth]int
	for i, c := range cands {
		kept[i] = c.cell
	}
	listed := func(cell int) bool { return slices.Contains(kept[:len(cands)], cell) }
	more, _ := s.moves(s.candidates(t, s.cfg.Widen, answerCell, listed, ply), t, depth, &alpha, beta, ply)
	if s.abort {
		return 0
	}
	return max(best, more)
}

// moves searches t's candidates at ply in turn, raising alpha, until
// one reaches beta (cut). It returns the best value, MinInt32 for none.
func (s *Searcher) moves(cands []cand, t game.Colour, depth int, alpha *int32, beta int32, ply int) (best int32, cut bool) {
	best = math.MinInt32
	for _, c := range cands {
		v := s.child(c.cell, t, depth-1, *alpha, beta, ply, false)
		if s.abort {
			return 0, false
		}
		if v > best {
			best = v
			if v > *alpha {
				*alpha = v
				if *alpha >= beta {
					return best, true
				}
			}
		}
	}
	return best, false
}

// vcf looks for a's win by continuous fours, at most depth of them, a to
// move at ply with no five point on the board. It returns the move number
// of a's five and a's first four, or 0 and -1.
func (s *Searcher) vcf(a game.Colour, depth, ply int, skip func(int) bool) (five, first int) {
	if ply+2 > MaxPly {
		return 0, -1
	}
	d := a.Opponent()
	cands := s.candidates(a, s.cfg.VCFWidth, fourCell, skip, ply)
	// With two four cells in all (an untruncated list, none left out),
	// a four on one has the other for its five point; a stone that then
	// makes no new four needs neither it nor its block placed.
	pairs := depth > 1 && len(cands) == 2 && s.cfg.VCFWidth > 2 && skip == nil && !s.renju && !s.placeDeadFours ||
		s.deadFourBug == bugAnyCount && depth > 1 && !s.renju
	for _, c := range cands {
		if !s.spend() {
			return 0, -1
		}
		if pairs && s.deadFour(c.cell, a) {
			s.deadFours++
			if !s.spend() {
				return 0, -1
			}
			continue
		}
		s.st.Place(c.cell, a)
		k, f := s.fives(c.cell, a)
		r := 0
		switch {
		case k >= 2:
			r = ply + 3
		case k == 1 && s.renju && d == game.Black && s.quickForbidden(f):
			r = ply + 3
		case k == 1 && depth > 1:
			if !s.spend() {
				break
			}
			s.st.Place(f, d)
			if kd, _ := s.fives(f, d); kd == 0 {
				r, _ = s.vcf(a, depth-1, ply+2, nil)
			}
			s.st.Remove(f)
		}
		s.st.Remove(c.cell)
		if s.abort || s.cut {
			return 0, -1
		}
		if r > 0 {
			if s.recording {
				// Last first: a later win (r beyond ply+3) went
				// through the block.
				if r > ply+3 {
					s.line = append(s.line, f)
				}
				s.line = append(s.line, c.cell)
			}
			return r, c.cell
		}
	}
	return 0, -1
}

// deadFour is DeadFour on the search's position, or its planted bug's.
func (s *Searcher) deadFour(c int, a game.Colour) bool { return deadFour(s.st, c, a, s.deadFourBug) }

// DeadFour reports whether a's four on empty cell c leads nowhere: it
// makes one five point and, once that is blocked, leaves a no new four
// to make, so continuous fours after it find nothing and neither stone
// needs placing (they still count as the search's, as placed ones
// would). c's other lines must hold below a three for a (a three there
// would give a four through c) and its four's line, the five point
// blocked, too (eval's DeadFour). The search asks only where a's only
// other four cell is that five point (two four cells in all), so the
// block leaves none standing either, and its attacker never has a five
// point already (it would have won, or its four been blocked, first),
// so the four's one five point is the only one. The pack asks the same
// of its patterns (gen's la/dead_<colour>).
func DeadFour(st *eval.State, c int, a game.Colour) bool { return deadFour(st, c, a, 0) }

func deadFour(st *eval.State, c int, a game.Colour, bug int) bool {
	four := -1
	for d := range 4 {
		switch st.Pattern(c, d, a) {
		case eval.Three, eval.OpenThree:
			if bug != bugOtherThrees {
				return false
			}
		case eval.OpenFour, eval.Five:
			return false
		case eval.Four:
			if four >= 0 {
				return false
			}
			four = d
		}
	}
	if four < 0 {
		return false
	}
	return st.Model().Tables[eval.ColourIndex(a)].DeadFour[st.Code(c, four, a)] || bug == bugFoursLine
}

// The bugs a test plants in deadFour, each of which it must catch.
const (
	bugOtherThrees = 1 + iota // a three on one of the cell's other lines ignored
	bugFoursLine              // the four's own line, its five point blocked, not looked at
	bugAnyCount               // any number of four cells, not only two
)

// spend counts a stone of a continuous-fours search, or reports that
// its budget or the stage's is spent.
func (s *Searcher) spend() bool {
	switch {
	case s.nodes >= s.limit:
		s.abort = true
	case s.nodes >= s.vcfLimit:
		s.cut = true
	default:
		s.nodes++
		return true
	}
	return false
}

// candidates returns up to k empty cells by t's score, best first, ties
// to the earlier cell in the model's order; kind keeps only cells where t
// makes a four (fourCell), a four or an open three (threatCell), or
// where either side makes a four (answerCell). Renju
// black's quickly forbidden cells are left out. The list is scratch space
// of ply, valid until the next call there.
//
// It is the pack's one pass in tie-break order with an insertion into a
// sorted list: a cell goes before the first entry it strictly beats.
func (s *Searcher) candidates(t game.Colour, k, kind int, skip func(int) bool, ply int) []cand {
	list := s.buf(ply)
	black := s.renju && t == game.Black
	for _, cell := range s.m.Order {
		if s.st.At(cell) != game.Empty ||
			kind == fourCell && s.st.Fours(cell, t) == 0 ||
			kind == threatCell && s.st.Fours(cell, t) == 0 && s.st.OpenThrees(cell, t) == 0 ||
			kind == answerCell && s.st.Fours(cell, t) == 0 && s.st.Fours(cell, t.Opponent()) == 0 ||
			skip != nil && skip(cell) || black && s.quickForbidden(cell) {
			continue
		}
		v := s.st.Score(cell, t)
		if len(list) == k && v <= list[k-1].score {
			continue
		}
		j := len(list)
		for j > 0 && v > list[j-1].score {
			j--
		}
		if len(list) < k {
			list = append(list, cand{})
		}
		copy(list[j+1:], list[j:len(list)-1])
		list[j] = cand{cell, v}
	}
	s.bufs[ply] = list
	return list
}

// buf returns ply's candidate space, emptied.
func (s *Searcher) buf(ply int) []cand {
	for len(s.bufs) <= ply {
		s.bufs = append(s.bufs, make([]cand, 0, config.MaxLookaheadWidth+1))
	}
	return s.bufs[ply][:0]
}

// fives counts the five points of colour c on the four lines through
// cell m (within four cells of it) and returns the last one found.
func (s *Searcher) fives(m int, c game.Colour) (k, f int) {
	f = -1
	for _, l := range s.lines[m] {
		if s.st.At(l.Q) == game.Empty && s.st.Pattern(l.Q, l.D, c) == eval.Five {
			k, f = k+1, l.Q
		}
	}
	return k, f
}

// LineSlot is a cell Q on line D through another cell.
type LineSlot struct{ Q, D int }

// FivePointSlots lists where a stone on cell m of an n×n board can make
// a five point: every cell within four of it on its four lines, with
// the line (game.Directions order). The pack checks the same slots.
func FivePointSlots(n, m int) []LineSlot {
	var out []LineSlot
	x, y := m%n, m/n
	for d, dir := range game.Directions {
		for step := -4; step <= 4; step++ {
			qx, qy := x+step*dir[0], y+step*dir[1]
			if step == 0 || qx < 0 || qy < 0 || qx >= n || qy >= n {
				continue
			}
			out = append(out, LineSlot{Q: qy*n + qx, D: d})
		}
	}
	return out
}

// quickForbidden is the search's test of a renju black move.
func (s *Searcher) quickForbidden(cell int) bool { return QuickForbidden(s.st, cell) }

// QuickForbidden is the search's test of a renju black move on the empty
// cell: two fours or two open threes by the model's counts. The full rule
// (game.Board.Forbidden) also refuses overlines and counts a three only if
// its key point is legal; the pack can afford this test at every node.
func QuickForbidden(st *eval.State, cell int) bool {
	return st.Fours(cell, game.Black) >= 2 || st.OpenThrees(cell, game.Black) >= 2
}

// makesFive reports whether c makes a five on the empty cell i.
func makesFive(st *eval.State, i int, c game.Colour) bool {
	for _, p := range st.Lines(i, c) {
		if p == eval.Five {
			return true
		}
	}
	return false
}

// static is a quiet leaf's worth for t: over every empty cell and line,
// lookahead.value of t's pattern there minus that of the opponent's (the
// pack keeps the two sums as stones come and go). config bounds each
// value so that the sum stays far below the win scores.
func (s *Searcher) static(t game.Colour) int32 {
	var sum int32
	u := t.Opponent()
	for cell := 0; cell < s.n*s.n; cell++ {
		if s.st.At(cell) != game.Empty {
			continue
		}
		for _, p := range s.st.Lines(cell, t) {
			sum += s.cfg.Value[p]
		}
		for _, p := range s.st.Lines(cell, u) {
			sum -= s.cfg.Value[p]
		}
	}
	return sum
}
