package gen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/lookahead"
)

// LookPlan is the lookahead's search (sim/lookahead) compiled into a
// state machine over scores: the native recursion becomes a stack of
// frames, each a set of registers (#la.<reg> gomoku.la) saved in a slot
// (#la<slot>.<reg>) while its child runs. One step does at most one
// stone's make or unmake or one candidate scan; a tick runs steps while
// its budget allows (templates/la/).
type LookPlan struct {
	Cfg    config.Lookahead
	Budget int // commands a tick's slice may spend (lookahead.tick_commands)
	MaxPly int
	// VCFLastPly is the last ply a continuous-fours frame has room for a
	// four and its block at (MaxPly-1 on: nothing found).
	VCFLastPly int
	Win        int32
	Five       int32 // weights.attack.five: an att_<c> of this value is a five
	Renju      bool
	// Regs are a frame's registers, saved and loaded with it; Slots the
	// stack's slots; Cands the candidate registers #la.k<j>.
	Regs   []string
	Slots  []int
	Cands  []int
	Roots  []int // root move records #la.rv<j>, #la.rc<j>, #la.rn<j>
	Widths []int // the distinct list widths the scans fill
	Scans  []LookScan
	Cells  []LookCell
	Order  []int
	// Filled in after rendering (Generate): the cost every step is
	// charged besides its heavy functions', and the most #la.spent may be
	// before a step starts.
	Overhead, Room int
	MaxHeavy       int // the costliest self-charge
	StepWorst      int // the costliest step, its slice iteration included
	source         string
}

// LookScan is one candidate scan: the best W cells by colour C's score
// (1 black, 2 white), only fours if Fours, skipping excluded cells (the
// root under renju) and black's quickly forbidden ones.
type LookScan struct {
	ID          int // #la.sk while it runs
	Name        string
	C           int
	Col         string // "b" or "w"
	W           int
	Fours, Excl bool
	QF          bool
	// Chunks are the cells in the model's order, scanChunk to a step: a
	// whole scan in one step could cost more than anything else a step
	// does (every cell could enter the list).
	Chunks []LookChunk
}

// LookChunk is one step's part of a scan.
type LookChunk struct {
	K, Next int
	Cells   []int
	Last    bool
}

// scanChunk is how many cells a scan step looks at: each may cost an
// insertion into the list, so a step of them costs about what a stone's
// make does on a 15×15 board.
const scanChunk = 48

// LookCell is one cell's five checks: the empty cells within four on its
// lines where a colour's pattern along that line is a five.
type LookCell struct {
	I     int
	Fives []LookFive
	Dirs  []int
}

// LookFive is one check: slot (Q, D); a five there adds Add = 65536+Q to
// #la.fs, so #la.fs/65536 counts the five points and, when there is one,
// #la.fs%65536 is its cell.
type LookFive struct{ Q, D, Add int }

func planLook(cfg *config.Config, m *eval.Model) (*LookPlan, []*Tree, error) {
	la := cfg.Lookahead
	w := m.Weights
	five := w.Attack[eval.Five]
	for p := eval.Pattern(0); p < eval.Five; p++ {
		if w.Attack[p] == five {
			return nil, nil, fmt.Errorf("%s: weights.attack.five (%d) equals weights.attack.%s: the lookahead tells a five by its weight, so it must differ from every other attack weight", cfg.Source, five, p)
		}
	}
	if w.Noise > 0 {
		return nil, nil, fmt.Errorf("%s: weights.noise is %d: the lookahead is deterministic (set noise = 0 for --ai lookahead)", cfg.Source, w.Noise)
	}
	n := m.Size
	lp := &LookPlan{Cfg: la, Budget: la.TickCommands, MaxPly: lookahead.MaxPly, VCFLastPly: lookahead.MaxPly - 1, Win: lookahead.Win, Five: five,
		Renju: m.Rule == game.Renju, Order: append([]int(nil), m.Order...), source: cfg.Source}
	width := max(la.Width, la.RootWidth, la.VCFWidth)
	for j := range width {
		lp.Cands = append(lp.Cands, j)
	}
	for j := range la.RootWidth {
		lp.Roots = append(lp.Roots, j)
	}
	// A frame's registers: type, colour, depth, alpha, beta, best, next
	// candidate, candidates, the stone in play, the block (VCF), the
	// sub-step (VCF), a five found (VCF), the ply, the candidates.
	lp.Regs = []string{"t", "c", "d", "a", "b", "best", "j", "n", "m", "f", "s", "w", "ply"}
	for _, j := range lp.Cands {
		lp.Regs = append(lp.Regs, fmt.Sprintf("k%d", j))
	}
	// Every push deepens the game by a ply but the leaf's VCF frame, which
	// starts at its leaf's ply: MaxPly+2 slots are enough.
	for sp := 0; sp < lookahead.MaxPly+2; sp++ {
		lp.Slots = append(lp.Slots, sp)
	}
	seen := map[int]bool{}
	for _, k := range []struct {
		name        string
		w           int
		fours, excl bool
	}{{"root", la.RootWidth, false, true}, {"inner", la.Width, false, false},
		{"vroot", la.VCFWidth, true, true}, {"vcf", la.VCFWidth, true, false}} {
		for c := 1; c <= 2; c++ {
			sc := LookScan{ID: len(lp.Scans), Name: k.name, C: c, Col: "bw"[c-1 : c], W: k.w, Fours: k.fours,
				Excl: k.excl && lp.Renju && c == 1, QF: lp.Renju && c == 1}
			for a := 0; a < len(lp.Order); a += scanChunk {
				b := min(a+scanChunk, len(lp.Order))
				sc.Chunks = append(sc.Chunks, LookChunk{K: len(sc.Chunks), Next: len(sc.Chunks) + 1, Cells: lp.Order[a:b], Last: b == len(lp.Order)})
			}
			lp.Scans = append(lp.Scans, sc)
		}
		if !seen[k.w] {
			seen[k.w] = true
			lp.Widths = append(lp.Widths, k.w)
		}
	}
	for i := 0; i < n*n; i++ {
		c := LookCell{I: i, Dirs: []int{0, 1, 2, 3}}
		for _, l := range lookahead.FivePointSlots(n, i) {
			c.Fives = append(c.Fives, LookFive{Q: l.Q, D: l.D, Add: 65536 + l.Q})
		}
		lp.Cells = append(lp.Cells, c)
	}
	var trees []*Tree
	cellTree := func(name, leaf string) {
		leaves := make([]TreeLeaf, n*n)
		for i := range leaves {
			leaves[i] = TreeLeaf{Hi: i, Cmd: fmt.Sprintf(leaf, i)}
		}
		trees = append(trees, buildTree("la/at/"+name, "#la.x gomoku.la", 0, leaves))
	}
	cellTree("make", "function gomoku:la/make/%d")
	cellTree("unmake", "function gomoku:la/unmake/%d")
	cellTree("fives_b", "function gomoku:la/fives_b/%d")
	cellTree("fives_w", "function gomoku:la/fives_w/%d")
	cellTree("isfive", "function gomoku:la/isfive/%d")
	if lp.Renju {
		cellTree("qf", "scoreboard players operation #la.x gomoku.la = #%d gomoku.qf")
	}
	slotTree := func(name, leaf string) {
		leaves := make([]TreeLeaf, len(lp.Slots))
		for k := range leaves {
			leaves[k] = TreeLeaf{Hi: k, Cmd: fmt.Sprintf(leaf, k)}
		}
		trees = append(trees, buildTree("la/at/"+name, "#la.sp gomoku.la", 0, leaves))
	}
	slotTree("save", "function gomoku:la/save/%d")
	slotTree("load", "function gomoku:la/load/%d")
	return lp, trees, nil
}

// proveLook charges the search's heavy functions (each make, unmake and
// scan adds its own worst case to #la.spent, plus one for the adding) and
// works out the slice's constants, so that no tick's slice can run more
// than the budget:
//
//   - Overhead, added by the slice before each step, is the worst case of
//     one iteration with the heavy functions free;
//   - Room is the budget less the worst case of a whole iteration (and of
//     the slice's last look at #la.spent): a step starts only while
//     #la.spent is below it, and #la.spent is never less than what the
//     tick has run, so the step that starts last still ends within the
//     budget.
func proveLook(pack *datapack.Pack, p *Plan) error {
	lp := p.Look
	bound := selectorBound(p.NumCells)
	charged := map[string]bool{}
	var ids []string
	for id := range pack.Functions() {
		if selfCharging(id.Path) {
			charged[id.String()] = true
			ids = append(ids, id.String())
		}
	}
	sort.Strings(ids)
	// Each charges what it may run itself: the others it calls charge
	// their own (a call still costs its caller one).
	type charge struct {
		file string
		n    int
	}
	var charges []charge
	zero := make(map[string]bool, len(charged))
	for c := range charged {
		zero[c] = true
	}
	a := newAnalyzer(pack, bound, nil, zero)
	for _, id := range ids {
		own, err := a.own(id)
		if err != nil {
			return fmt.Errorf("internal error: %w", err)
		}
		n := own + 1
		lp.MaxHeavy = max(lp.MaxHeavy, n)
		fid := datapack.ID{Namespace: NS, Path: strings.TrimPrefix(id, NS+":")}
		charges = append(charges, charge{datapack.FunctionFile(fid), n})
	}
	for _, c := range charges {
		pack.Files[c.file] = append(pack.Files[c.file], []byte(fmt.Sprintf("scoreboard players add #la.spent gomoku.la %d\n", c.n))...)
	}
	step := NS + ":la/step"
	light, err := analyzeWith(pack, []string{step}, bound, nil, charged)
	if err != nil {
		return fmt.Errorf("internal error: %w", err)
	}
	full, err := analyze(pack, []string{step}, bound)
	if err != nil {
		return fmt.Errorf("internal error: %w", err)
	}
	// One iteration of la/slice (as rendered before its constants were
	// known, which do not change its cost): its own commands, the step's
	// and the slice's calls. The step and the next iteration are free here.
	slice := NS + ":la/slice"
	it, err := analyzeWith(pack, []string{slice}, bound, map[string]int{slice: 0}, map[string]bool{step: true})
	if err != nil {
		return fmt.Errorf("internal error: %w", err)
	}
	iteration := it.Entries[slice]
	lp.Overhead = light.Entries[step] + iteration
	worstIteration := full.Entries[step] + iteration
	lp.Room = lp.Budget - worstIteration - iteration
	lp.StepWorst = worstIteration
	if lp.Room <= 0 {
		return fmt.Errorf("%s: lookahead.tick_commands is %d, but one step of the search can cost %d commands: raise it or shrink the board", lp.source, lp.Budget, worstIteration+iteration)
	}
	return nil
}

// selfCharging names the functions that add what they cost to
// #la.spent themselves: a stone's make and unmake, the model's per-line
// and per-cell rescoring they run (also in a real move, where the sum is
// not read), a scan's steps and insertions, the five-point count and a
// frame's save and load: what some steps run and others do not.
// Everything else a step may run is in its Overhead.
func selfCharging(path string) bool {
	for _, p := range []string{"la/make/", "la/unmake/", "greedy/slot/", "greedy/combo/", "la/ins_b/", "la/ins_w/",
		"la/fives_b/", "la/fives_w/", "la/save/", "la/load/"} {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	// A scan's chunks (la/scan/<kind>_<colour>/<k>), not its start.
	return strings.HasPrefix(path, "la/scan/") && strings.Count(path, "/") == 3
}
