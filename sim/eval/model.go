package eval

import (
	"fmt"
	"sort"
	"sync"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

// Model is the evaluation model for one board size, rule and set of
// weights: everything the native AI and the generator need, computed once.
// A model and its slices are read-only once built: Order, Rank, Initial
// and Touch are shared by every model of the same size and radius.
type Model struct {
	Size    int
	Rule    game.Rule
	Weights Weights
	// R is the window radius (see Radius); the same for both colours.
	R int
	// Tables[c] classifies colour c's window codes (index 0 black, 1 white).
	Tables [2]*Table
	// Bias is the centre bias of each cell.
	Bias []int32
	// Order lists every cell in tie-break order: squared Euclidean distance
	// from the centre, then cell index. Of equal scores the earlier wins.
	Order []int
	// Rank is the inverse of Order: Rank[Order[r]] == r.
	Rank []int32
	// Initial[(cell*4+dir)] is the window code of an empty board, the same
	// for both colours (off-board neighbours are blocked for everyone).
	Initial []int32
	// Touch[cell] lists what a stone on cell changes: for each neighbour q
	// within R along each direction, the slot q*4+dir and the place value
	// 3^pos of the stone in q's window.
	Touch [][]Touch

	// attackCombo[comboKey(fours, threes)] is the combo bonus of a cell
	// with that many fours and open threes; likewise defenceCombo.
	attackCombo, defenceCombo [9]int32

	emptyOnce  sync.Once
	emptyState *State
	mem        *modelMemory // what Release hands on
}

// modelMemory is the memory of a model that depends on its weights: its
// centre bias and its empty evaluation's cells, sums and totals. Tuning
// builds two models an iteration and drops them after a few games, and
// this was most of what it allocated; Release passes it to the next
// model of the same size.
type modelMemory struct {
	bias     []int32
	cells    []game.Colour
	att, def [2][]int32
	total    [2][]int64
}

// modelMemories hold released models' memory by board size.
var modelMemories [game.MaxSize + 1]sync.Pool

func takeMemory(size int) *modelMemory {
	if mem, ok := modelMemories[size].Get().(*modelMemory); ok {
		return mem
	}
	n := size * size
	mem := &modelMemory{bias: make([]int32, n), cells: make([]game.Colour, n)}
	for c := 0; c < 2; c++ {
		mem.att[c] = make([]int32, n)
		mem.def[c] = make([]int32, n)
		mem.total[c] = make([]int64, n)
	}
	return mem
}

// Release hands the model's memory to the next model of its size. The
// caller promises that nothing uses the model any more: no state of it
// will be read again (a pooled state is only ever reset to another
// model), which is why only a caller that owns every player of the
// model, like tuning's games, may call it. A released model panics if
// used.
func (m *Model) Release() {
	m.emptyOnce.Do(func() {}) // a later empty() finds no state
	mem := m.mem
	if mem == nil {
		return
	}
	m.mem, m.Bias, m.emptyState = nil, nil, nil
	modelMemories[m.Size].Put(mem)
}

// empty returns the cached evaluation of the empty board.
func (m *Model) empty() *State {
	m.emptyOnce.Do(func() { m.emptyState = emptyState(m) })
	return m.emptyState
}

// emptyShape is the part of the empty board's evaluation that does not
// depend on the weights: window codes, patterns and the four and open
// three counts, the same for every model of a size, radius and pair of
// tables. Shared read-only by those models' empty states, so a model for
// new weights (tuning makes two an iteration) only sums its weights.
type emptyShape struct {
	code          [2][]int32
	pat           [2][]Pattern
	fours, threes [2][]int8
}

type emptyShapeKey struct {
	size, r int
	tables  [2]*Table
}

var (
	emptyShapesMu sync.Mutex
	emptyShapes   = map[emptyShapeKey]*emptyShape{}
)

// emptyState is m's evaluation of the empty board, whose code, pattern
// and count slices are shared with other models (it is only copied from).
func emptyState(m *Model) *State {
	emptyShapesMu.Lock()
	k := emptyShapeKey{m.Size, m.R, m.Tables}
	sh, ok := emptyShapes[k]
	if !ok {
		full := newState(m)
		full.recompute()
		sh = &emptyShape{code: full.code, pat: full.pat, fours: full.fours, threes: full.threes}
		emptyShapes[k] = sh
	}
	emptyShapesMu.Unlock()
	n := m.Size * m.Size
	mem := m.mem
	clear(mem.cells)
	s := &State{m: m, cells: mem.cells, code: sh.code, pat: sh.pat, fours: sh.fours, threes: sh.threes,
		att: mem.att, def: mem.def, total: mem.total}
	w := &m.Weights
	for c := 0; c < 2; c++ {
		clear(s.att[c])
		clear(s.def[c])
		for slot, p := range sh.pat[c] {
			s.att[c][slot/4] += w.Attack[p]
			s.def[c][slot/4] += w.Defence[p]
		}
	}
	for i := 0; i < n; i++ {
		s.retotal(i)
	}
	return s
}

// Touch is one window a stone changes.
type Touch struct {
	Slot  int32 // neighbour*4 + direction
	Place int32 // 3^DigitPos of the stone as seen from the neighbour
}

// ColourIndex maps Black to 0 and White to 1.
func ColourIndex(c game.Colour) int { return int(c) - 1 }

// NewModel builds the model; it validates the weights.
func NewModel(size int, rule game.Rule, w Weights) (*Model, error) {
	if size < game.MinSize || size > game.MaxSize {
		return nil, fmt.Errorf("board size %d is out of range %d..%d", size, game.MinSize, game.MaxSize)
	}
	if err := w.Validate(); err != nil {
		return nil, err
	}
	m := &Model{Size: size, Rule: rule, Weights: w}
	for f := int8(0); f <= 2; f++ {
		for t := int8(0); t <= 2; t++ {
			has := Combos(int(f), int(t))
			for c := Combo(0); c < NumCombos; c++ {
				if has[c] {
					m.attackCombo[comboKey(f, t)] += w.AttackCombo[c]
					m.defenceCombo[comboKey(f, t)] += w.DefenceCombo[c]
				}
			}
		}
	}
	bw := rule.OverlineWins(game.Black)
	ww := rule.OverlineWins(game.White)
	// One radius for both colours keeps one update list per cell: the
	// larger one whenever either colour needs exact fives.
	m.R = max(Radius(bw), Radius(ww))
	m.Tables[0] = tableWithRadius(bw, m.R)
	m.Tables[1] = tableWithRadius(ww, m.R)

	g := geometryFor(size, m.R)
	m.Order, m.Rank, m.Initial, m.Touch = g.order, g.rank, g.initial, g.touch
	c := (size - 1) / 2 // the centre cell (upper-left of the middle four on even sizes)
	m.mem = takeMemory(size)
	m.Bias = m.mem.bias
	for i := range m.Bias {
		ring := max(abs(i%size-c), abs(i/size-c))
		m.Bias[i] = max(0, w.Centre-int32(ring))
	}
	return m, nil
}

// geometry is the part of a model that depends only on the board size
// and the window radius, not on the weights: built once per process and
// shared (read-only) by every model, since tuning makes new models with
// new weights all the time.
type geometry struct {
	order   []int
	rank    []int32
	initial []int32
	touch   [][]Touch
}

type geometryKey struct{ size, r int }

var (
	geometriesMu sync.Mutex
	geometries   = map[geometryKey]*geometry{}
)

func geometryFor(size, r int) *geometry {
	geometriesMu.Lock()
	defer geometriesMu.Unlock()
	k := geometryKey{size, r}
	if g, ok := geometries[k]; ok {
		return g
	}
	g := buildGeometry(size, r)
	geometries[k] = g
	return g
}

func buildGeometry(size, r int) *geometry {
	n := size * size
	c := (size - 1) / 2 // the centre cell (upper-left of the middle four on even sizes)
	g := &geometry{order: make([]int, n), rank: make([]int32, n), initial: make([]int32, n*4), touch: make([][]Touch, n)}
	dist := make([]int, n)
	for i := 0; i < n; i++ {
		dx, dy := i%size-c, i/size-c
		dist[i] = dx*dx + dy*dy
		g.order[i] = i
	}
	sort.SliceStable(g.order, func(a, b int) bool { return dist[g.order[a]] < dist[g.order[b]] })
	for rk, i := range g.order {
		g.rank[i] = int32(rk)
	}
	pow := make([]int32, 2*r)
	pow[0] = 1
	for i := 1; i < len(pow); i++ {
		pow[i] = pow[i-1] * 3
	}
	for i := 0; i < n; i++ {
		x, y := i%size, i/size
		for d, dir := range game.Directions {
			for k := -r; k <= r; k++ {
				if k == 0 {
					continue
				}
				qx, qy := x+k*dir[0], y+k*dir[1]
				place := pow[DigitPos(k, r)]
				if qx < 0 || qy < 0 || qx >= size || qy >= size {
					g.initial[i*4+d] += DigitBlocked * place
					continue
				}
				// Seen from q, this cell sits at offset -k.
				q := qy*size + qx
				g.touch[i] = append(g.touch[i], Touch{Slot: int32(q*4 + d), Place: pow[DigitPos(-k, r)]})
			}
		}
	}
	return g
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// tableWithRadius returns the table for a win kind at radius r. A colour
// whose any-five table is normally radius 4 gets an equivalent radius-5
// table when the other colour needs radius 5 (renju), so both colours'
// codes share one layout.
func tableWithRadius(overlineWins bool, r int) *Table {
	if Radius(overlineWins) == r {
		return TableFor(overlineWins)
	}
	tablesMu.Lock()
	defer tablesMu.Unlock()
	key := wideKey{overlineWins, r}
	if t, ok := wideTables[key]; ok {
		return t
	}
	t := buildTableRadius(overlineWins, r)
	wideTables[key] = t
	return t
}

type wideKey struct {
	overlineWins bool
	r            int
}

var wideTables = map[wideKey]*Table{}
