package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// Options configure an Engine beyond its config.
type Options struct {
	Seed    int64 // seeds the random choice among near-equal root moves
	Threads int   // goroutines sharing out the root moves; 0 = the config's
}

// Limits bound one search. The zero Limits means the config's budgets.
type Limits struct {
	Time  time.Duration // 0 = no time limit (unless Nodes is 0 too)
	Nodes int64         // 0 = no node limit (unless Time is 0 too)
	Depth int           // deepest alpha-beta iteration; 0 = the config's max_depth
}

// Result is a search's answer for the side to move.
type Result struct {
	Move int // the cell to play
	// Score is from the side to move's view: near 0 for a balanced
	// position, ±(WinScore - plies) for a forced five (see Decisive).
	Score  int32
	Depth  int    // the deepest completed alpha-beta iteration; 0 when a rule or threat search decided
	Nodes  int64  // positions visited, threat searches included
	PV     []int  // the expected line from Move on; -1 marks a reply that does not matter
	Reason string // why Move: opening, five, block, open-four, vcf, vct, search or only-move
	Time   time.Duration
}

// Decisive reports whether the score is a forced result and, if so, in
// how many plies the five comes, counting Move as the first: positive when
// the side to move makes it, negative when the opponent does.
func (r Result) Decisive() (plies int, ok bool) {
	switch {
	case r.Score > wonAbove:
		return int(WinScore-r.Score) + 1, true
	case r.Score < -wonAbove:
		return -(int(WinScore+r.Score) + 1), true
	}
	return 0, false
}

// ScoreText describes the score for people: "win in 5" or "loss in 4"
// (plies, counting Move) for a forced result, else the evaluation with a
// sign, "+120" or "-35".
func (r Result) ScoreText() string {
	if plies, ok := r.Decisive(); ok {
		if plies > 0 {
			return fmt.Sprintf("win in %d", plies)
		}
		return fmt.Sprintf("loss in %d", -plies)
	}
	return fmt.Sprintf("%+d", r.Score)
}

// EvalScale is the score at which the side to move is expected to score
// about 73% (1/(1+e⁻¹)): the scale of Expected's logistic curve, fitted
// to search-against-search games (4000 nodes a move, default values:
// a log loss of 0.651 against 0.693 for a coin).
const EvalScale = 800

// Expected returns the side to move's expected game score, 0 (lost) to 1
// (won): 0 or 1 for a forced result, else 1/(1+e^(-Score/EvalScale)).
func (r Result) Expected() float64 {
	switch {
	case r.Score > wonAbove:
		return 1
	case r.Score < -wonAbove:
		return 0
	}
	return 1 / (1 + math.Exp(-float64(r.Score)/EvalScale))
}

// Engine is the search engine. It keeps its transposition table and
// incremental positions between searches, so a game's next move is cheap
// to set up. An Engine is not safe for concurrent Search calls.
type Engine struct {
	cfg     config.Search
	weights eval.Weights
	threads int
	rng     *rand.Rand

	model *eval.Model
	z     *zobrist
	sh    *shared
	pos   []*position // one per thread
}

// New returns an engine for a validated config.
func New(cfg *config.Config, opt Options) *Engine {
	e := &Engine{cfg: cfg.Search, weights: cfg.Weights, threads: cfg.Search.Threads}
	if opt.Threads > 0 {
		e.threads = opt.Threads
	}
	e.threads = max(e.threads, 1)
	e.rng = rand.New(rand.NewPCG(uint64(opt.Seed), 0x5ea4c4e9))
	e.sh = &shared{
		tt:      newTable(cfg.Search.HashMB),
		value:   cfg.Search.Value,
		width:   max(cfg.Search.Width, 1),
		margin:  max(cfg.Search.Margin, 1),
		leafVCF: cfg.Search.LeafVCFNodes,
	}
	return e
}

// Config returns the engine's search settings.
func (e *Engine) Config() config.Search { return e.cfg }

// Threads is the number of goroutines a search uses.
func (e *Engine) Threads() int { return e.threads }

// setup (re)builds the model and positions for b's size and rule and
// brings every thread's position to b.
func (e *Engine) setup(b *game.Board) error {
	if e.model == nil || e.model.Size != b.Size() || e.model.Rule != b.Rule() {
		m, err := eval.NewModel(b.Size(), b.Rule(), e.weights)
		if err != nil {
			return err
		}
		if e.model != nil {
			e.sh.tt.clear() // the keys meant other cells
		}
		e.model = m
		e.z = newZobrist(m.Size * m.Size)
		e.pos = nil
	}
	for len(e.pos) < e.threads {
		e.pos = append(e.pos, newPosition(e.model, b.Rule(), e.z, e.sh))
	}
	for _, p := range e.pos {
		p.sync(b)
	}
	return nil
}

// rootMove is one move at the root with its latest score.
type rootMove struct {
	cell  int
	score int32
	done  bool // searched in the current iteration
	exact bool // score is exact, not just a bound
	pv    []int
}

// Search chooses a move for the side to move on b, which it leaves
// unchanged. It stops at the limits or when ctx is cancelled, answering
// with the best move found so far.
func (e *Engine) Search(ctx context.Context, b *game.Board, lim Limits) (Result, error) {
	start := time.Now()
	if b.Over() {
		return Result{Move: -1}, game.ErrGameOver
	}
	if err := ctx.Err(); err != nil {
		return Result{Move: -1}, err
	}
	if err := e.setup(b); err != nil {
		return Result{Move: -1}, err
	}
	if lim.Time == 0 && lim.Nodes == 0 {
		lim.Time, lim.Nodes = e.cfg.Time, e.cfg.Nodes
	}
	if lim.Depth <= 0 {
		lim.Depth = e.cfg.MaxDepth
	}
	lim.Depth = min(lim.Depth, maxPly/2)
	sh := e.sh
	sh.stop.Store(false)
	sh.flushed.Store(0)
	sh.maxNodes = lim.Nodes
	sh.deadline = time.Time{}
	if lim.Time > 0 {
		sh.deadline = start.Add(lim.Time)
	}
	for _, p := range e.pos {
		p.nodes = 0
	}
	stopOnCancel := context.AfterFunc(ctx, func() { sh.stop.Store(true) })
	defer stopOnCancel()

	res := e.search(b, lim, start)
	res.Time = time.Since(start)
	for _, p := range e.pos {
		res.Nodes += p.nodes
	}
	if res.Move < 0 || b.Legal(res.Move) != nil {
		return res, fmt.Errorf("internal error: search chose %s, which is not legal here", game.FormatMove(res.Move, b.Size()))
	}
	return res, nil
}

func (e *Engine) search(b *game.Board, lim Limits, start time.Time) Result {
	p := e.pos[0]
	if b.Moves() == 0 {
		return Result{Move: e.model.Order[0], Reason: "opening"}
	}
	var t threats
	p.scan(&t, 0, true)
	if t.myFive >= 0 {
		return Result{Move: t.myFive, Score: WinScore, PV: []int{t.myFive}, Reason: "five"}
	}
	var moves []int
	switch {
	case t.nOpFive >= 1:
		// Blocking is forced; with two five points or a forbidden block the
		// game is lost, and any legal move will do.
		if c := t.opFive[0]; !p.forbidden(c) {
			moves = []int{c}
		}
		if t.nOpFive >= 2 || moves == nil {
			mv := c0(moves)
			if mv < 0 {
				mv = e.anyMove(b, &t)
			}
			return Result{Move: mv, Score: -(WinScore - 1), PV: []int{mv}, Reason: "block"}
		}
	default:
		for _, c := range t.myWin {
			if !p.forbidden(c) {
				p.winLine(c, 0)
				return Result{Move: c, Score: WinScore - 2, PV: slices.Clone(p.threat[:3]), Reason: "open-four"}
			}
		}
		if len(t.myFour) > 0 && e.cfg.VCFNodes > 0 {
			b := e.threatBudget(e.cfg.VCFNodes, lim)
			if n := p.vcfAttack(0, &b); n > 0 {
				return Result{Move: p.threat[0], Score: WinScore - int32(2*(n-1)), PV: slices.Clone(p.threat[:2*n-1]), Reason: "vcf"}
			}
		}
		if e.cfg.VCTNodes > 0 && e.cfg.VCTDepth > 0 && !p.stopped() {
			b := e.threatBudget(e.cfg.VCTNodes, lim)
			if n := p.vctAttack(0, e.cfg.VCTDepth, &b); n > 0 {
				return Result{Move: p.threat[0], Score: WinScore - int32(2*(n-1)), PV: slices.Clone(p.threat[:2*n-1]), Reason: "vct"}
			}
		}
		p.scan(&t, 0, true) // the threat searches reused the scratch lists
		ttMove := -1
		if h, ok := e.sh.tt.probe(p.hash); ok {
			ttMove = h.move
		}
		moves = slices.Clone(p.genMoves(&t, 0, ttMove))
		if len(t.opWin) == 0 && e.cfg.VCTNodes > 0 && e.cfg.VCTDepth > 0 && !p.stopped() {
			moves = e.defend(p, &t, moves, lim)
		}
	}
	if len(moves) == 0 {
		mv := e.anyMove(b, &t)
		return Result{Move: mv, PV: []int{mv}, Reason: "only-move"}
	}
	root := make([]rootMove, len(moves))
	for k, c := range moves {
		root[k] = rootMove{cell: c, pv: []int{c}}
	}
	if len(root) == 1 {
		lim.Depth = min(lim.Depth, 2) // forced: a short search only for the score
	}

	var best []rootMove // the last completed iteration, best first
	depth := 0
	for d := 1; d <= lim.Depth; d++ {
		complete := e.searchRoot(d, root)
		if !complete {
			// A partial iteration still counts if the previous best move
			// was searched: every move it scored is at least as reliable.
			if root[0].done {
				var part []rootMove
				for _, m := range root {
					if m.done {
						part = append(part, m)
					}
				}
				sortRoot(part)
				best, depth = part, d
			}
			break
		}
		sortRoot(root)
		best, depth = slices.Clone(root), d
		if s := root[0].score; s > wonAbove || len(root) == 1 {
			break
		}
		if allLost(root) {
			break
		}
		// A deeper iteration helps as soon as its first move is searched
		// (see above), which takes a good part of it: do not start one
		// that would barely get there.
		if lim.Time > 0 && time.Since(start)*5 > lim.Time*3 {
			break
		}
	}
	if best == nil {
		// Not even one iteration: the static order's best.
		mv := root[0].cell
		return Result{Move: mv, Score: p.evaluate(), PV: []int{mv}, Reason: "search"}
	}
	pick := e.choose(best)
	reason := "search"
	if len(root) == 1 {
		reason = "only-move"
	}
	return Result{Move: pick.cell, Score: pick.score, Depth: depth, PV: pick.pv, Reason: reason}
}

// defend looks for the opponent's forced win by continuous threats, as if
// it were to move. If it has one, only the root moves that stop it are
// kept: the usual candidates, the cells of its winning line and the
// mover's fours are tried in static order, and a move stays when the
// opponent's threat search, run again after it, finds nothing (or runs
// out of budget, which proves nothing either way). When no move stops it,
// the candidates stay as they were and alpha-beta picks the slowest loss.
func (e *Engine) defend(p *position, t *threats, moves []int, lim Limits) []int {
	me := p.toMove
	b := e.threatBudget(e.cfg.VCTNodes, lim)
	p.setToMove(me.Opponent())
	n := p.vctAttack(0, e.cfg.VCTDepth, &b)
	p.setToMove(me)
	if n == 0 || p.stopped() {
		return moves
	}
	line := slices.Clone(p.threat[:2*n-1])
	gen := p.newMark()
	var cands []int
	for _, l := range [][]int{moves, line, t.myFour} {
		for _, c := range l {
			if c >= 0 && p.mark[c] != gen && p.st.At(c) == game.Empty && !p.forbidden(c) {
				p.mark[c] = gen
				cands = append(cands, c)
			}
		}
	}
	cs := make([]cand, 0, len(cands))
	for _, c := range cands {
		cs = append(cs, cand{c, p.st.Score(c, me), p.m.Rank[c]})
	}
	sortCands(cs)
	// The checks share one more threat budget equally.
	total := e.threatBudget(e.cfg.VCTNodes, lim)
	per := max(total.left/int64(len(cs)), 64)
	var keep []int
	for _, c := range cs {
		if total.left <= 0 || p.stopped() || !total.deadline.IsZero() && time.Now().After(total.deadline) {
			keep = append(keep, c.cell) // unchecked: cannot rule it out
			continue
		}
		cb := budget{left: per, deadline: total.deadline}
		p.play(c.cell)
		m := p.vctAttack(1, e.cfg.VCTDepth, &cb)
		p.undo()
		total.left -= per - max(cb.left, 0)
		if m == 0 {
			keep = append(keep, c.cell)
		}
	}
	if len(keep) == 0 {
		return moves
	}
	return keep
}

// threatBudget bounds a root threat search: its configured nodes, but at
// most 1/frac of the move's nodes and time still left, so alpha-beta
// always keeps a good part of the budget whatever the threat searches do.
func (e *Engine) threatBudget(nodes int64, lim Limits) budget {
	const frac = 5
	p := e.pos[0] // the threat searches run on the main thread alone
	b := budget{left: nodes}
	if lim.Nodes > 0 {
		b.left = min(b.left, max(lim.Nodes-p.nodes, 0)/frac)
	}
	if d := e.sh.deadline; !d.IsZero() {
		now := time.Now()
		b.deadline = now.Add(max(d.Sub(now), 0) / frac)
	}
	return b
}

// choose picks the move to play from an iteration's moves, best first:
// the best, or with random_margin a seeded random one among the moves
// scored within that margin (seed003 step 13), never when the best is a
// forced result.
func (e *Engine) choose(ms []rootMove) rootMove {
	top := ms[0]
	m := e.cfg.RandomMargin
	if m <= 0 || top.score > wonAbove || top.score < -wonAbove {
		return top
	}
	n := 0
	for _, r := range ms {
		if r.exact && r.score >= top.score-m || r.cell == top.cell {
			ms[n] = r
			n++
		}
	}
	return ms[e.rng.IntN(n)]
}

func sortRoot(ms []rootMove) {
	slices.SortStableFunc(ms, func(a, b rootMove) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
}

func allLost(ms []rootMove) bool {
	for _, m := range ms {
		if m.score >= -wonAbove {
			return false
		}
	}
	return true
}

// searchRoot runs one iteration of depth plies over the root moves. The
// first (the previous best) is searched with a full window; the rest are
// shared out among the threads (seed003 step 12), each tested with a null
// window just below the best so far, widened by random_margin so moves
// near the best get exact scores. It reports whether the iteration
// finished within the budget.
func (e *Engine) searchRoot(depth int, root []rootMove) bool {
	for k := range root {
		root[k].done, root[k].exact = false, false
	}
	p0 := e.pos[0]
	s := rootChild(p0, &root[0], depth, -infinity, infinity)
	if p0.stopped() {
		return false
	}
	root[0].score, root[0].done, root[0].exact = s, true, true
	best := s
	var mu sync.Mutex
	var next atomic.Int64
	next.Store(1)
	margin := e.cfg.RandomMargin
	work := func(p *position) {
		for !p.stopped() {
			k := int(next.Add(1) - 1)
			if k >= len(root) {
				return
			}
			mu.Lock()
			a := best
			mu.Unlock()
			if margin > 0 && a > -wonAbove && a < wonAbove {
				a -= margin + 1
			}
			m := &root[k]
			s := rootChild(p, m, depth, a, a+1)
			exact := false
			if s > a && !p.stopped() {
				s = rootChild(p, m, depth, a, infinity)
				exact = s > a
			}
			if p.stopped() {
				return
			}
			mu.Lock()
			m.score, m.done, m.exact = s, true, exact
			best = max(best, s)
			mu.Unlock()
		}
	}
	if len(e.pos) == 1 {
		work(p0)
	} else {
		var wg sync.WaitGroup
		for _, p := range e.pos {
			wg.Add(1)
			go func() {
				defer wg.Done()
				work(p)
			}()
		}
		wg.Wait()
	}
	return !p0.stopped()
}

// rootChild searches one root move; with a full window it also records
// the move's principal variation.
func rootChild(p *position, m *rootMove, depth int, alpha, beta int32) int32 {
	p.play(m.cell)
	s := -p.negamax(depth-1, -beta, -alpha, 1)
	p.undo()
	if !p.stopped() && s > alpha && s < beta {
		m.pv = append(append(m.pv[:0], m.cell), p.pv[1][1:p.pvLen[1]]...)
	}
	return s
}

// anyMove returns a legal move when nothing better exists (a lost or
// crowded position): the best-scored legal cell.
func (e *Engine) anyMove(b *game.Board, t *threats) int {
	sortCands(t.cands)
	for _, c := range t.cands {
		if b.Legal(c.cell) == nil {
			return c.cell
		}
	}
	for _, c := range e.model.Order {
		if b.Legal(c) == nil {
			return c
		}
	}
	return -1
}

func c0(m []int) int {
	if len(m) == 0 {
		return -1
	}
	return m[0]
}
