package gen

import (
	"fmt"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// The seed000 profile ports the 1.9 command-block AI (SEEDS.md, and its
// native port sim/player/seed000.go, whose documented procedure this
// follows step by step) to modern commands in its own design: one marker
// entity per cell carrying its scores, updates made by entity selectors
// around the new stone, the "high" shape checks as stacked block
// detections relative to the stone, and a random pick among the best
// cells. It is the baseline whose cost and strength the greedy profile is
// measured against, so it keeps the seed's per-entity work rather than
// being optimised.
//
// Differences forced by the pack, all invisible to the moves played:
//   - The seed's state belongs to the AI's colour. The pack keeps one state
//     per colour an AI plays this game (both in an AI vs AI demo).
//   - Undo: each marker a move changes remembers, in its NBT, which of its
//     weights the move changed and whether it became "high", so taking the
//     move back restores exactly the old values, as the native Remove does.
//   - The pick: the native port draws rng.IntN(ties) with its own seeded
//     generator; the pack draws with `random value`. A test can force the
//     k-th tie (in cell-index order) with `#pick gomoku.debug`, consumed by
//     the next AI move, to replay the native port's choices.

// Seed000Plan is the seed000 port compiled.
type Seed000Plan struct {
	Attack, Defence, Cap, High int32
	LineRadius, DiagRadius     int
	Cells                      []Seed000Cell
	States                     []Seed000State
	Dirs                       []Seed000Dir
	Highs                      []HighCheck
	Renju                      bool // black's ties are checked for forbidden moves
}

// Seed000Cell is a cell marker's fixed scores: the seed's x (row), y
// (column), l and h (the two diagonals' indices), and its starting bias.
type Seed000Cell struct {
	I, X, Y int // cell index, column, row (board coordinates)
	SX, SY  int // the seed's x (row) and y (column)
	L, H    int // x-y (↘ diagonal) and x+y (↙)
	Bias    int32
}

// Seed000State is the AI state of one colour: objectives gomoku.s0<c>.b1…
type Seed000State struct {
	S    int    // the AI's colour: 1 black, 2 white
	C    string // "b" or "w"
	Opp  int    // the other colour
	High string // the state's high tag
}

// Seed000Dir is one of the seed's eight update commands' line: direction D
// (game.Directions), selected by the relative score Rel == 0 within Radius.
type Seed000Dir struct {
	D      int
	Weight int    // 1..4: the seed's b1..b4 / w1..w4
	Rel    string // the relative score naming the line: s0xc, s0yc, s0lc, s0hc
	Radius int
	// Distance is the selector's distance bound: Radius plus a thousandth.
	// The game first narrows a distance selector to a box from -r to r+1
	// around the position and keeps the entities whose bounding box
	// strictly overlaps it; a marker has no size, so one exactly r blocks
	// away on the negative side would be dropped, unlike the seed's armor
	// stands. The margin restores "k steps away when k²·step² <= r²"
	// (Seed000Reach) on both sides, and lets in no farther cell: the next
	// distance after an integer r is at least sqrt(r²+1) > r + 1/(2r+1).
	Distance string
}

// HighCheck is one of the seed's stacked detections after a stone of
// colour X: the cell Q at offset K along direction D from the stone, with
// the cells to test, as block offsets from the stone.
type HighCheck struct {
	X        int    // the stone's colour, whose run is checked
	Block    string // that colour's stone block
	D, K     int
	Name     string
	Q        Offset
	Between  []Offset // the cells between the stone and Q, all X for Q to matter
	PExt     []Offset // beyond the stone away from Q, nearest first
	QExt     []Offset // beyond Q away from the stone, nearest first
	Base     int      // stones from Q to the stone inclusive: |K|+1
	Flanks   []Flank  // exactly-four shapes: both ends must be empty board
	TagState int      // the state whose high tag this sets (the other colour's AI)
}

// Offset is a block offset from the stone's marker.
type Offset struct{ X, Z int }

// Flank is one exactly-four run: EP stones beyond the stone, EQ beyond Q,
// and the two cells just past its ends.
type Flank struct {
	EP, EQ int
	P, Q   Offset
}

func planSeed000(cfg *config.Config, n int) *Seed000Plan {
	s := cfg.Seed000
	p := &Seed000Plan{Attack: s.Attack, Defence: s.Defence, Cap: s.Cap, High: s.High,
		LineRadius: s.LineRadius, DiagRadius: s.DiagonalRadius, Renju: cfg.Game.Rule == game.Renju}
	for i := 0; i < n*n; i++ {
		x, y := i%n, i/n
		p.Cells = append(p.Cells, Seed000Cell{I: i, X: x, Y: y, SX: y, SY: x, L: x - y, H: x + y,
			Bias: s.Bias(n, i)})
	}
	p.States = []Seed000State{{S: 1, C: "b", Opp: 2, High: "gomoku.s0high1"}, {S: 2, C: "w", Opp: 1, High: "gomoku.s0high2"}}
	// The seed's order: b2 (yc), b1 (xc), b4 (hc), b3 (lc).
	p.Dirs = []Seed000Dir{
		{D: 1, Weight: 2, Rel: "gomoku.s0yc", Radius: s.LineRadius},
		{D: 0, Weight: 1, Rel: "gomoku.s0xc", Radius: s.LineRadius},
		{D: 3, Weight: 4, Rel: "gomoku.s0hc", Radius: s.DiagonalRadius},
		{D: 2, Weight: 3, Rel: "gomoku.s0lc", Radius: s.DiagonalRadius},
	}
	for i := range p.Dirs {
		p.Dirs[i].Distance = fmt.Sprintf("%d.001", p.Dirs[i].Radius)
	}
	blocks := map[int]string{1: cfg.Pack.Black, 2: cfg.Pack.White}
	for x := 1; x <= 2; x++ {
		for d, dir := range game.Directions {
			at := func(k int) Offset { return Offset{k * dir[0], k * dir[1]} }
			for k := -config.Seed000HighReach; k <= config.Seed000HighReach; k++ {
				if k == 0 {
					continue
				}
				sign := 1
				if k < 0 {
					sign = -1
				}
				h := HighCheck{X: x, Block: blocks[x], D: d, K: k, Q: at(k), Base: abs(k) + 1, TagState: 3 - x}
				h.Name = highName(x, d, k)
				for j := 1; j < abs(k); j++ {
					h.Between = append(h.Between, at(sign*j))
				}
				for j := 1; j <= 4; j++ {
					h.PExt = append(h.PExt, at(-sign*j))
					h.QExt = append(h.QExt, at(k+sign*j))
				}
				for ep := 0; h.Base+ep <= 4; ep++ {
					eq := 4 - h.Base - ep
					h.Flanks = append(h.Flanks, Flank{EP: ep, EQ: eq, P: at(-sign * (ep + 1)), Q: at(k + sign*(eq+1))})
				}
				p.Highs = append(p.Highs, h)
			}
		}
	}
	return p
}

func highName(x, d, k int) string {
	c := []string{"", "b", "w"}[x]
	sign := "p"
	if k < 0 {
		sign = "m"
	}
	return c + "_" + string(rune('0'+d)) + "_" + sign + string(rune('0'+abs(k)))
}

func seed000Objectives() []Objective {
	o := []Objective{
		{"gomoku.debug", "dummy", "#pick: force the seed000 AI's next pick to the k-th best cell (cell-index order), for tests"},
		{"gomoku.s0x", "dummy", "on each seed000 cell marker: the seed's x, the row"},
		{"gomoku.s0y", "dummy", "on each cell marker: the seed's y, the column"},
		{"gomoku.s0l", "dummy", "on each cell marker: its ↘ diagonal (column - row)"},
		{"gomoku.s0h", "dummy", "on each cell marker: its ↙ diagonal (column + row)"},
		{"gomoku.s0xc", "dummy", "on each cell marker: x minus the new stone's x (0: same row)"},
		{"gomoku.s0yc", "dummy", "on each cell marker: y minus the new stone's y"},
		{"gomoku.s0lc", "dummy", "on each cell marker: l minus the new stone's l"},
		{"gomoku.s0hc", "dummy", "on each cell marker: h minus the new stone's h"},
		{"gomoku.s0bias", "dummy", "on each cell marker: its starting weight (10 at the centre of 19×19, 1 at the edge)"},
	}
	for _, c := range []string{"b", "w"} {
		for _, k := range []string{"b", "w"} {
			for d := 1; d <= 4; d++ {
				name := "gomoku.s0" + c + "." + k + string(rune('0'+d))
				what := "defence"
				if k == "w" {
					what = "attack"
				}
				o = append(o, Objective{name, "dummy", "on each cell marker: the " + map[string]string{"b": "black", "w": "white"}[c] + " AI's " + what + " weight " + k + string(rune('0'+d))})
			}
		}
	}
	for _, k := range []string{"b", "w"} {
		for j := 1; j <= 6; j++ {
			o = append(o, Objective{"gomoku.s0." + k + "0" + string(rune('0'+j)), "dummy", "on each cell marker: the seed's pair sum " + k + "0" + string(rune('0'+j)) + " (w01 ends as the cell's final weight)"})
		}
	}
	return o
}

type (
	s0SideData struct {
		P         *Seed000Plan
		St        Seed000State
		Own, Undo bool
		XC        string // the opponent's colour letter: whose stones' high checks run
	}
	s0TouchData struct {
		P      *Seed000Plan
		St     Seed000State
		Own    bool
		Weight int    // 1..4
		B, W   string // the defence and attack objectives
		BName  string // the seed's name of the defence weight, "b2"
	}
	s0HighsData struct {
		X, Reach int
		Names    []string
	}
	s0UnhighData struct {
		St    Seed000State
		Board string
		Qs    []Offset
	}
	s0HighData struct {
		H     HighCheck
		Board string
		C     string // the state letter whose tag it sets
	}
	s0StateData struct {
		P  *Seed000Plan
		St Seed000State
	}
	s0Pair      struct{ N, A, B int }
	s0FinalData struct {
		P     *Seed000Plan
		St    Seed000State
		Kinds []string
		Pairs []s0Pair
	}
)

func (r *renderer) renderSeed000(p *Plan) {
	s := p.Seed000
	for _, name := range []string{"cell", "init", "reset", "stone", "rel", "mark", "place", "unplace",
		"rank_any", "pick", "none", "nth", "clear"} {
		r.fn("seed000/"+name, "seed000/"+name, p)
	}
	if s.Renju {
		r.fn("seed000/legal", "seed000/legal", p)
		r.fn("seed000/legal_one", "seed000/legal_one", p)
	}
	letter := []string{"", "b", "w"}
	pairs := []s0Pair{{1, 1, 2}, {2, 1, 3}, {3, 1, 4}, {4, 2, 3}, {5, 2, 4}, {6, 3, 4}}
	for _, st := range s.States {
		sd := s0StateData{P: s, St: st}
		r.fn("seed000/update_"+st.C, "seed000/update", sd)
		r.fn("seed000/revert_"+st.C, "seed000/revert", sd)
		r.fn("seed000/rank_"+st.C, "seed000/rank", sd)
		r.fn("seed000/final_"+st.C, "seed000/final", s0FinalData{P: s, St: st, Kinds: []string{"b", "w"}, Pairs: pairs})
		r.fn("seed000/high_push_"+st.C, "seed000/high_push", sd)
		r.fn("seed000/high_pop_"+st.C, "seed000/high_pop", sd)
		for _, own := range []bool{true, false} {
			kind := "opp"
			if own {
				kind = "own"
			}
			side := s0SideData{P: s, St: st, Own: own, XC: letter[st.Opp]}
			r.fn("seed000/"+kind+"_"+st.C, "seed000/side", side)
			side.Undo = true
			r.fn("seed000/un"+kind+"_"+st.C, "seed000/side", side)
			for w := 1; w <= 4; w++ {
				td := s0TouchData{P: s, St: st, Own: own, Weight: w,
					B: fmt.Sprintf("gomoku.s0%s.b%d", st.C, w), W: fmt.Sprintf("gomoku.s0%s.w%d", st.C, w), BName: fmt.Sprintf("b%d", w)}
				r.fn(fmt.Sprintf("seed000/touch/%s_%s_%d", st.C, kind, w), "seed000/touch", td)
				r.fn(fmt.Sprintf("seed000/untouch/%s_%s_%d", st.C, kind, w), "seed000/untouch", td)
			}
		}
		var qs []Offset
		for _, h := range s.Highs {
			if h.X == st.Opp {
				qs = append(qs, h.Q)
			}
		}
		r.fn("seed000/unhigh_"+st.C, "seed000/unhigh", s0UnhighData{St: st, Board: p.Pack.Board, Qs: qs})
	}
	for x := 1; x <= 2; x++ {
		var names []string
		for _, h := range s.Highs {
			if h.X == x {
				names = append(names, h.Name)
				r.fn("seed000/high/"+h.Name, "seed000/high", s0HighData{H: h, Board: p.Pack.Board, C: letter[h.TagState]})
			}
		}
		r.fn("seed000/highs_"+letter[x], "seed000/highs", s0HighsData{X: x, Reach: config.Seed000HighReach, Names: names})
	}
}
