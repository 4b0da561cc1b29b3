package lookahead

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// randomState plays n random legal moves on a fresh board and returns the
// evaluation and board, or nil if the game ended first.
func randomState(t *testing.T, rng *rand.Rand, size int, rule game.Rule, n int) (*eval.State, *game.Board) {
	t.Helper()
	m, err := eval.NewModel(size, rule, config.PackDefault().Weights)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := game.NewBoard(size, rule)
	st := eval.NewState(m)
	// Stones near the centre, so lines form.
	for b.Moves() < n {
		c := size / 2
		x, y := c+rng.IntN(7)-3, c+rng.IntN(7)-3
		i := b.Index(x, y)
		if b.Legal(i) != nil {
			if b.Moves() > size*size/2 {
				return nil, nil
			}
			continue
		}
		col := b.ToMove()
		b.Play(i)
		st.Place(i, col)
		if b.Over() {
			return nil, nil
		}
	}
	return st, b
}

func snapshot(st *eval.State, size int) []int32 {
	var out []int32
	for i := 0; i < size*size; i++ {
		out = append(out, int32(st.At(i)), st.Score(i, game.Black), st.Score(i, game.White))
	}
	return out
}

// TestChooseLeavesTheStateAsItWas: every make is unmade, and the same
// position gives the same result twice (the search keeps nothing).
func TestChooseLeavesTheStateAsItWas(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 60; k++ {
		rule := []game.Rule{game.Freestyle, game.Renju}[k%2]
		st, b := randomState(t, rng, 11, rule, 6+rng.IntN(20))
		if st == nil {
			continue
		}
		before := snapshot(st, 11)
		s := New(config.PackDefault().Lookahead)
		r1 := s.Choose(st, b.ToMove(), nil)
		if err := st.Check(); err != nil {
			t.Fatalf("after a search: %v", err)
		}
		after := snapshot(st, 11)
		for i := range before {
			if before[i] != after[i] {
				t.Fatalf("position %d: the search changed the state at %d\n%s", k, i/3, game.Picture(b))
			}
		}
		r2 := New(config.PackDefault().Lookahead).Choose(st, b.ToMove(), nil)
		if r1.Move != r2.Move || r1.Value != r2.Value || r1.Nodes != r2.Nodes || len(r1.Root) != len(r2.Root) {
			t.Fatalf("position %d: two searches differ: %+v and %+v", k, r1, r2)
		}
		if r1.Move < 0 || b.At(r1.Move) != game.Empty {
			t.Fatalf("position %d: move %d is not an empty cell", k, r1.Move)
		}
		cfg := config.PackDefault().Lookahead
		if r1.VCFNodes > cfg.VCFNodes || r1.Nodes-r1.VCFNodes > cfg.Nodes {
			t.Fatalf("position %d: %d nodes (%d in the root VCF) over the budgets %d and %d", k, r1.Nodes, r1.VCFNodes, cfg.Nodes, cfg.VCFNodes)
		}
	}
}

// minimax is the search's definition without alpha-beta or budgets: the
// value alpha-beta must find at the root.
func (s *Searcher) minimax(t game.Colour, depth, ply int, forced int) int32 {
	if ply >= MaxPly {
		return s.static(t)
	}
	if forced >= 0 {
		if s.renju && t == game.Black && s.quickForbidden(forced) {
			return -(Win - int32(ply+2))
		}
		return s.minimaxChild(forced, t, depth, ply)
	}
	if depth <= 0 {
		return s.node(t, 0, 0, 0, ply) // the leaf: its VCF and static value
	}
	cands := append([]cand(nil), s.candidates(t, s.cfg.Width, anyCell, nil, ply)...)
	if len(cands) == 0 {
		return 0
	}
	best := int32(math.MinInt32)
	for _, c := range cands {
		best = max(best, s.minimaxChild(c.cell, t, depth-1, ply))
	}
	return best
}

func (s *Searcher) minimaxChild(m int, t game.Colour, depth, ply int) int32 {
	s.st.Place(m, t)
	defer s.st.Remove(m)
	k, f := s.fives(m, t)
	switch {
	case k >= 2:
		return Win - int32(ply+3)
	case k == 1:
		return -s.minimax(t.Opponent(), depth, ply+1, f)
	}
	return -s.minimax(t.Opponent(), depth, ply+1, -1)
}

// TestAlphaBetaIsMinimax: with budgets too large to matter, the root's
// best value and move are those of plain minimax over the same tree (the
// first root move with the largest value); deepened, each iteration's
// first move is exact at its depth and the last one's choice is a
// minimax best.
func TestAlphaBetaIsMinimax(t *testing.T) {
	cfg := config.PackDefault().Lookahead
	cfg.Depth, cfg.Width, cfg.RootWidth = 3, 3, 5
	cfg.Nodes, cfg.VCFNodes, cfg.LeafVCFNodes = 1_000_000, 0, 1_000_000
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for k := 0; k < 80 && checked < 40; k++ {
		rule := []game.Rule{game.Freestyle, game.Renju}[k%2]
		st, b := randomState(t, rng, 11, rule, 8+rng.IntN(16))
		if st == nil {
			continue
		}
		s := New(cfg)
		r := s.Choose(st, b.ToMove(), nil)
		if r.Reason != ReasonSearch {
			continue
		}
		checked++
		ref := New(cfg)
		ref.st, ref.m, ref.renju = st, st.Model(), rule == game.Renju
		ref.setSize(11)
		ref.limit, ref.vcfLimit = math.MaxInt, math.MaxInt
		cands := append([]cand(nil), ref.candidates(b.ToMove(), cfg.RootWidth, anyCell, nil, 0)...)
		bestV, bestM := int32(math.MinInt32), -1
		for _, c := range cands {
			v := ref.minimaxChild(c.cell, b.ToMove(), cfg.Depth-1, 0)
			if v > bestV {
				bestV, bestM = v, c.cell
			}
		}
		if r.Value != bestV || r.Move != bestM {
			t.Errorf("position %d: alpha-beta plays %s worth %d, minimax %s worth %d\n%s",
				k, game.FormatMove(r.Move, 11), r.Value, game.FormatMove(bestM, 11), bestV, game.Picture(b))
		}
		if r.Root[0].Value != ref.minimaxChild(cands[0].cell, b.ToMove(), cfg.Depth-1, 0) {
			t.Errorf("position %d: the first root move's value is not exact", k)
		}
		// Deepened from depth 1, unbounded: every iteration's first
		// move (the last one's best) is valued exactly at its depth,
		// and the last iteration's choice is a best move by minimax,
		// worth what minimax says (ties may go to the move carried
		// first).
		dcfg := cfg
		dcfg.Deepen = 1
		dr := New(dcfg).Choose(st, b.ToMove(), nil)
		seen := map[int]bool{}
		for _, m := range dr.Root {
			if !seen[m.Depth] {
				seen[m.Depth] = true
				if v := ref.minimaxChild(m.Cell, b.ToMove(), m.Depth-1, 0); m.Value != v {
					t.Errorf("position %d: deepened, the first root move of depth %d is worth %d, minimax %d", k, m.Depth, m.Value, v)
				}
			}
		}
		if len(seen) != cfg.Depth || dr.Value != bestV || ref.minimaxChild(dr.Move, b.ToMove(), cfg.Depth-1, 0) != bestV {
			t.Errorf("position %d: deepened (%d iterations), alpha-beta plays %s worth %d, minimax's best is worth %d\n%s",
				k, len(seen), game.FormatMove(dr.Move, 11), dr.Value, bestV, game.Picture(b))
		}
	}
	if checked < 20 {
		t.Fatalf("only %d positions reached the search stage", checked)
	}
}

// TestCandidatesOrder: the best k by score, ties to the model's order.
func TestCandidatesOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for k := 0; k < 30; k++ {
		st, b := randomState(t, rng, 9, game.Freestyle, 4+rng.IntN(10))
		if st == nil {
			continue
		}
		s := New(config.PackDefault().Lookahead)
		s.st, s.m = st, st.Model()
		s.setSize(9)
		got := s.candidates(b.ToMove(), 5, anyCell, nil, 0)
		// Reference: a stable sort of every empty cell in the model's
		// order by descending score.
		var all []cand
		for _, c := range st.Model().Order {
			if st.At(c) == game.Empty {
				all = append(all, cand{c, st.Score(c, b.ToMove())})
			}
		}
		for i := 1; i < len(all); i++ {
			for j := i; j > 0 && all[j].score > all[j-1].score; j-- {
				all[j], all[j-1] = all[j-1], all[j]
			}
		}
		for i := range got {
			if got[i] != all[i] {
				t.Fatalf("position %d: candidate %d is %v, want %v", k, i, got[i], all[i])
			}
		}
	}
}

// TestFivesFindsEveryFivePoint compares fives with the board's own rule.
func TestFivesFindsEveryFivePoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for k := 0; k < 200; k++ {
		rule := []game.Rule{game.Freestyle, game.Standard, game.Renju}[k%3]
		st, b := randomState(t, rng, 9, rule, 6+rng.IntN(20))
		if st == nil {
			continue
		}
		s := New(config.PackDefault().Lookahead)
		s.st, s.m = st, st.Model()
		s.setSize(9)
		last := b.LastMove()
		c := b.At(last)
		k2, _ := s.fives(last, c)
		want := 0
		x, y := b.XY(last)
		for _, d := range game.Directions {
			for step := -4; step <= 4; step++ {
				qx, qy := x+step*d[0], y+step*d[1]
				if step == 0 || !b.In(qx, qy) || b.AtXY(qx, qy) != game.Empty {
					continue
				}
				q := b.Index(qx, qy)
				// A five point on this line: c's five through q along d.
				if line := fiveAlong(b, q, d, c); line {
					want++
				}
			}
		}
		if k2 != want {
			t.Fatalf("position %d: fives counts %d five points through %s, the board %d\n%s", k, k2, game.FormatMove(last, 9), want, game.Picture(b))
		}
	}
}

// fiveAlong reports whether c playing q makes five along d (exactly five
// where the rule wants it).
func fiveAlong(b *game.Board, q int, d [2]int, c game.Colour) bool {
	x, y := b.XY(q)
	run := 1
	for _, sgn := range []int{1, -1} {
		for k := 1; ; k++ {
			qx, qy := x+sgn*k*d[0], y+sgn*k*d[1]
			if !b.In(qx, qy) || b.AtXY(qx, qy) != c {
				break
			}
			run++
		}
	}
	exact := b.Rule() == game.Standard || b.Rule() == game.Renju && c == game.Black
	if exact {
		return run == 5
	}
	return run >= 5
}

// vctLookahead is the pack's default with the threat-space search on
// and small budgets, so that they bind.
func vctLookahead(vctNodes, defendVCT int) config.Lookahead {
	cfg := config.PackDefault().Lookahead
	cfg.VCTDepth, cfg.VCTWidth, cfg.VCTNodes, cfg.DefendVCTNodes = 6, 6, vctNodes, defendVCT
	return cfg
}

// TestVCTLeavesTheStateAndKeepsItsBudgets: with the threat-space search
// on, every make is unmade, two searches of a position agree in every
// field, and the VCT and the defence spend no more than their budgets,
// the VCT all of it when it runs out (a stone is a node, as in the VCF).
func TestVCTLeavesTheStateAndKeepsItsBudgets(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	var ranOut, vctWins, defended int
	for k := 0; k < 120; k++ {
		rule := []game.Rule{game.Freestyle, game.Renju}[k%2]
		st, b := randomState(t, rng, 13, rule, 8+rng.IntN(24))
		if st == nil {
			continue
		}
		cfg := vctLookahead(40+rng.IntN(400), 20+rng.IntN(200))
		before := snapshot(st, 13)
		r1 := New(cfg).Choose(st, b.ToMove(), nil)
		if err := st.Check(); err != nil {
			t.Fatalf("after a search: %v", err)
		}
		after := snapshot(st, 13)
		for i := range before {
			if before[i] != after[i] {
				t.Fatalf("position %d: the search changed the state at %d\n%s", k, i/3, game.Picture(b))
			}
		}
		r2 := New(cfg).Choose(st, b.ToMove(), nil)
		if fmt.Sprint(r1) != fmt.Sprint(r2) {
			t.Fatalf("position %d: two searches differ:\n%+v\n%+v", k, r1, r2)
		}
		if r1.VCTNodes > cfg.VCTNodes {
			t.Fatalf("position %d: the VCT placed %d stones, over its budget %d", k, r1.VCTNodes, cfg.VCTNodes)
		}
		if most := (cfg.DefendTries + 1) * (cfg.DefendNodes + cfg.DefendVCTNodes); r1.DefendNodes > most {
			t.Fatalf("position %d: the defence placed %d stones, over %d", k, r1.DefendNodes, most)
		}
		if r1.Nodes < r1.VCFNodes+r1.VCTNodes+r1.DefendNodes+rootNodes(r1) {
			t.Fatalf("position %d: %d nodes is less than the stages' sum %+v", k, r1.Nodes, r1)
		}
		switch {
		case r1.VCTNodes == cfg.VCTNodes:
			ranOut++
		case r1.Reason == ReasonVCT:
			vctWins++
		}
		if r1.Reason == ReasonDefend {
			defended++
		}
	}
	if ranOut == 0 || vctWins == 0 {
		t.Errorf("the positions never ran the VCT out (%d) or never won by it (%d): the test proves little", ranOut, vctWins)
	}
	t.Logf("VCT ran out %d times, won %d; the defence moved %d times", ranOut, vctWins, defended)
}

// rootNodes is what stage 3's finished root moves spent (a root move the
// budget stopped spends more, left out of Root).
func rootNodes(r Result) int {
	n := 0
	for _, m := range r.Root {
		n += m.Nodes
	}
	return n
}
