package gen

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// NS is the pack's namespace: functions, storage, advancements; objectives
// and tags carry the "gomoku." prefix.
const NS = "gomoku"

// Pacing, in game ticks.
const (
	idleTicks  = 10 // the loop's period while no game is being played
	demoDelay  = 10 // between two moves of an AI vs AI demo
	statusTick = 20 // the actionbar is refreshed this often
)

// Plan is everything the templates print, computed: the second stage's
// output. It holds plain values only; no template does arithmetic.
type Plan struct {
	Profile     string // "greedy" or "seed000"
	Size        int    // cells per side
	Last        int    // Size-1, the last cell coordinate
	Half        int    // the origin's offset from the player: (Size-1)/2
	NumCells    int    // Size²
	Rule        string // "freestyle", "standard", "renju"
	Renju       bool
	AIColour    int // the AI's colour in player vs AI games: 1 black, 2 white
	Pack        config.Pack
	IdleTicks   int
	DemoDelay   int
	StatusTicks int

	// WinRange[c] is the range of run lengths that win for colour c+1:
	// "5.." (five or more) or "5" (exactly five).
	WinRange [2]string
	// WinSame is true when both colours win alike (one test, no colour check).
	WinSame bool
	// WinNBT is the glowing plate summoned on each stone of a winning line,
	// a format with %s for the board's tag.
	WinNBT string

	// Whole are the cells (x, y from cell 0, ^x ^ ^y from the origin)
	// whose chunks are all the chunks the board's cells stand in: every
	// 16th cell of a side and its last, so that no chunk is skipped
	// however the board lies across chunk borders (slot/whole).
	Whole []Spot

	Objectives  []Objective
	StorageKeys []string // the keys of storage gomoku:state the pack writes

	Cells []Cell
	Grid  []GridLine
	Trees []*Tree // every generated dispatch and lookup tree

	// Steps[d] is the cell-index step along direction d (game.Directions).
	Steps [4]int
	// Won are the winning-line highlights cells use.
	Won []Won

	// Origin and LastMark are the board's singleton entities: the origin
	// marker and the last-move display. The pack summons them with these
	// fixed UUIDs and addresses them by UUID, a direct look-up in the game,
	// so that playing a stone scans no entities.
	Origin, LastMark FixedUUID

	// Vault is where the ground a board replaces is kept while it stands
	// (board 0's layer; Slots[k].Vault is board k's).
	Vault Vault

	// Several boards (pack.boards): each is a slot with its own origin
	// marker, last-move display, vault layer and ground. Origin above is
	// the cursor, the one marker every function runs at: it stands on the
	// origin of the board in play, whose game is in the working set of
	// scores and storage; the other boards' games wait in copies (Swap).
	Slots     []BoardSlot
	SlotsDown []BoardSlot // Slots, last first
	// A player in the box FindSpan (dx, dz) wide from FindReach blocks
	// north-west of a board's centre cell stands at it: the board and
	// two blocks around.
	FindSpan, FindReach int
	// Facings are the four ways a board can face (its builder's facing).
	Facings   []Facing
	PerPlayer int // boards one player may have built (pack.boards_per_player)
	SlotMod   int // a cell entity's gomoku.bid is generation×SlotMod + slot
	// Swap is what board k's copies hold: every score of the working set
	// the pack's functions name, found in the rendered functions (Render
	// fills it before rendering the copy functions), and the storage keys
	// of a game.
	Swap      []SwapScore
	BoardKeys []string
	BoardObjs map[string]bool // the objectives whose #holders are a board's game

	Greedy  *GreedyPlan  // nil unless Profile is greedy or lookahead (its model)
	Look    *LookPlan    // nil unless Profile is lookahead
	RenjuP  *RenjuPlan   // nil unless the rule is renju
	Seed000 *Seed000Plan // nil unless Profile is seed000

	model *eval.Model // the model planned, for tests
}

// BoardSlot is one of the pack.boards boards a world can hold.
type BoardSlot struct {
	K        int
	Origin   FixedUUID // the board's origin marker (north-west corner of cell 0)
	LastMark FixedUUID // its last-move display
	Tag      string    // on every entity of the board: gomoku.b<k>
	Vault    Vault     // where its ground is kept: its own layer of the vault
	Ground   string    // the storage key of where its ground came from
	Copy     string    // the storage key its game waits in while another is played
}

// Facing is one way a board can face: Q as new computes it from the
// builder's yaw (0 south, 1 west, 2 north, 3 east), Yaw the origin
// marker's yaw (the opposite: cell x,y is ^x ^ ^y from it), AX and AZ
// where cell 0 lies from the board's north-west cell.
type Facing struct{ Q, Yaw, AX, AZ int }

// facings: the builder sees cell 0 at the far left corner, x growing to
// the right and y towards them, as a board is drawn (game.Picture).
func facings(n int) []Facing {
	l := n - 1
	return []Facing{{0, 180, l, l}, {1, 270, 0, l}, {2, 0, 0, 0}, {3, 90, l, 0}}
}

// SwapScore is one score of a board's game: Holder in the working set,
// Copy (per slot) where it waits.
type SwapScore struct {
	Holder, Objective string
}

// CopyHolder is the holder board k keeps working-set holder h in.
func CopyHolder(k int, h string) string { return copyName(strconv.Itoa(k), h) }

// copyName is the copy of holder h for slot, a number or a macro
// variable.
func copyName(slot, h string) string { return "#b" + slot + "." + strings.TrimPrefix(h, "#") }

// FixedUUID is an entity UUID the generator chooses: ID is the form
// commands take it in (a selector), NBT the form summon takes
// (UUID:[I;a,b,c,d], the four big-endian ints).
type FixedUUID struct {
	ID, NBT string
}

// fixedUUID derives the UUID of a singleton entity from the pack's
// namespace and the entity's role: the first 16 bytes of
// SHA-256("<ns>:<role>") with the version 4 and IETF variant bits set, so
// it looks like any random UUID and is the same in every build.
func fixedUUID(role string) FixedUUID {
	sum := sha256.Sum256([]byte(NS + ":" + role))
	var u [16]byte
	copy(u[:], sum[:16])
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	var ints [4]string
	for k := range ints {
		ints[k] = strconv.Itoa(int(int32(binary.BigEndian.Uint32(u[4*k:]))))
	}
	h := hex.EncodeToString(u[:])
	return FixedUUID{
		ID:  h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32],
		NBT: "[I;" + strings.Join(ints[:], ",") + "]",
	}
}

// Objective is one scoreboard objective the pack creates.
type Objective struct {
	Name, Criterion, Doc string
}

// Cell is one board cell: index (0-based, y*Size+x), column x and row y
// (the origin marker sits on cell 0's north-west corner; x grows east, y
// south), and what its win check needs.
type Cell struct {
	I, X, Y int
	Win     [4]WinDir
}

// WinDir is one line through a cell for the win check: the cells behind
// and ahead, nearest first, up to the edge or as far as a win needs.
type WinDir struct {
	D         int
	Back, Fwd []RunStep
}

// RunStep is cell Q at distance N (1-based) from the centre along a line.
type RunStep struct {
	Q, N int
}

// GridLine is one thin block display between two rows or columns of
// cells, placed relative to the origin marker.
type GridLine struct {
	X, Z                   int     // the display's block position
	TX, TZ, SX, SZ         float64 // translation and scale in x and z
	TranslateX, TranslateZ string  // the same, printed as SNBT floats
	ScaleX, ScaleZ         string
}

// Won is one cell/won function: the highlight of a winning run along
// direction D from a cell with Back cells behind it and Fwd ahead on the
// board (within the win check's reach). Cells share them by those limits.
type Won struct {
	D, Back, Fwd, Step int
	Walks              []Walk
}

// Walk is one side of a run: Op "remove" walks back, "add" ahead.
type Walk struct {
	Op    string
	Steps []int
}

func wonWalks(p *Plan) []Won {
	seen := map[[3]int]bool{}
	var out []Won
	for _, c := range p.Cells {
		for _, w := range c.Win {
			key := [3]int{w.D, len(w.Back), len(w.Fwd)}
			if seen[key] {
				continue
			}
			seen[key] = true
			wn := Won{D: w.D, Back: len(w.Back), Fwd: len(w.Fwd), Step: p.Steps[w.D]}
			for _, side := range []struct {
				op string
				n  int
			}{{"remove", wn.Back}, {"add", wn.Fwd}} {
				wk := Walk{Op: side.op}
				for k := 1; k <= side.n; k++ {
					wk.Steps = append(wk.Steps, k)
				}
				wn.Walks = append(wn.Walks, wk)
			}
			out = append(out, wn)
		}
	}
	sort.Slice(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if x.D != y.D {
			return x.D < y.D
		}
		if x.Back != y.Back {
			return x.Back < y.Back
		}
		return x.Fwd < y.Fwd
	})
	return out
}

// GreedyPlan is the greedy model compiled: window codes, pattern lookup,
// incremental updates and the scan.
type GreedyPlan struct {
	R int
	// Lookup is the lookup tree's root function per edge shape (the
	// mask of a window's code digits that lie off the board).
	Lookup   map[int]string
	Pairs    []PairPlan // the lookup leaves: both colours' patterns
	Five     [2]string  // the "is it five?" tree's root per colour, for the win check
	Patterns []PatternPlan
	Slots    []Slot
	Touch    [][]Touch // per cell: the windows a stone there changes
	Order    []int     // cells in tie-break order (eval.Model.Order)
	Noise    int32
	Combos   []ComboValue
	// Look: the lookahead's extras are kept too (see planGreedy); Sum is
	// its leaf sum on the empty board (#la.sv: black's values less
	// white's).
	Look bool
	Sum  int32
	// Empty-board values.
	SlotInit []SlotInit // per slot, in Slots order
	CellInit []CellInit // per cell
}

// PatternPlan is one pattern's values as the lookup leaves set them.
type PatternPlan struct {
	Name            string
	Attack, Defence int32
	Class           int // 1 four or open four, 5 open three, else 0 (black's scale)
	ClassW          int // the same on white's scale (×25)
	Look            bool
	Value           int32 // lookahead.value of the pattern (Look only)
}

// PairPlan is a lookup leaf: black's pattern B and white's W in one
// window.
type PairPlan struct {
	Path string
	B, W PatternPlan
	Look bool
}

// TB is what the pair adds to the cell's total_b: black's attack and
// white's defence; TW to total_w: white's attack and black's defence.
// A slot keeps only these sums (gomoku.tb, gomoku.tw), and its classes'
// sum (Cls) and values' difference (Val), so that replacing a pattern
// is one subtraction, addition and store for each.
func (p PairPlan) TB() int32 { return p.B.Attack + p.W.Defence }

// TW is the pair's part of total_w (see TB).
func (p PairPlan) TW() int32 { return p.W.Attack + p.B.Defence }

// Cls is the pair's part of the cell's combo count.
func (p PairPlan) Cls() int { return p.B.Class + p.W.ClassW }

// Val is the pair's part of the leaf sum #la.sv, black's value less
// white's.
func (p PairPlan) Val() int32 { return p.B.Value - p.W.Value }

func pairPath(b, w eval.Pattern) string { return "greedy/pair/" + b.String() + "_" + w.String() }

// edgeMask is the set of a window's digits that lie off the board
// (blocked on the empty board), bit k for pack digit k.
func edgeMask(initial, digits int) int {
	mask := 0
	for k := 0; k < digits; k++ {
		if initial/pow3(k)%3 == eval.DigitBlocked {
			mask |= 1 << k
		}
	}
	return mask
}

// edgeMasks lists, in order, the shapes of edge (edgeMask) the windows
// of an n×n board with radius r have: one lookup tree each.
func edgeMasks(n, r int) []int {
	edges := map[int]bool{}
	for i := 0; i < n*n; i++ {
		for d := 0; d < 4; d++ {
			edges[edgeMask(initialCode(n, r, i, d), 2*r)] = true
		}
	}
	return slices.Sorted(maps.Keys(edges))
}

// The lookup trees are shaped by how often a key is looked up, as a
// model guesses it: a window's digits independent, each cell on the board
// empty with probability emptyShare (own and blocked alike otherwise),
// and a cell's count of fours and of open threes each 0, 1, 2… with
// weights falling by comboFall. lookupSlack bounds how much deeper than
// a balanced tree's a rare key's leaf may lie.
const (
	emptyShare  = 0.7
	comboFall   = 0.2
	lookupSlack = 2
)

// comboTree is the combo terms' lookup (the key a cell's combo count).
const comboTree = "greedy/combos"

// LookupTrees returns the pattern lookups' trees and the combo terms':
// the trees a stone's rescorings run, shaped by how often a key is
// looked up and charged by the path taken.
func (p *Plan) LookupTrees() []*Tree {
	roots := map[string]bool{comboTree: true}
	for _, r := range p.Greedy.Lookup {
		roots[r] = true
	}
	var trees []*Tree
	for _, t := range p.Trees {
		if roots[t.Nodes[0].Path] {
			trees = append(trees, t)
		}
	}
	return trees
}

// codeWeight is how often the model guesses a window of edge mask is
// looked up with code_b code (0 for a code no such window can have).
func codeWeight(code, mask, digits int) float64 {
	w := 1.0
	for k := 0; k < digits; k++ {
		d := code / pow3(k) % 3
		switch {
		case mask&(1<<k) != 0:
			if d != eval.DigitBlocked {
				return 0
			}
		case d == eval.DigitEmpty:
			w *= emptyShare
		default:
			w *= (1 - emptyShare) / 2
		}
	}
	return w
}

// comboWeight is how often the model guesses a combo key x (base 5:
// black's fours, black's open threes, white's fours, white's open
// threes) is looked up.
func comboWeight(x int) float64 {
	w := 1.0
	for ; x > 0; x /= 5 {
		for range x % 5 {
			w *= comboFall
		}
	}
	return w
}

// whiteCode is the code white sees in a window whose code_b is code:
// the stones' digits swapped, the edge's (mask) kept. ok is false for a
// code no window of that edge can have (an edge digit not blocked).
func whiteCode(code, mask, digits int) (cw int, ok bool) {
	for k := 0; k < digits; k++ {
		d := code / pow3(k) % 3
		switch {
		case mask&(1<<k) != 0:
			if d != eval.DigitBlocked {
				return 0, false
			}
		case d == eval.DigitOwn:
			d = eval.DigitBlocked
		case d == eval.DigitBlocked:
			d = eval.DigitOwn
		}
		cw += d * pow3(k)
	}
	return cw, true
}

// Slot is one line window: cell Q, direction D; Lookup is its tree.
type Slot struct {
	Q, D   int
	Lookup string
}

// Touch is one window a stone changes: slot (Q, D), where the stone is
// digit K (pack numbering), so a stone of the window's colour adds Own =
// 3^K and one of the other colour Opp = 2·3^K.
type Touch struct {
	Q, D, K  int
	Own, Opp int
}

// CodeDigit is one digit position's increments for code/set: B for black's
// code, W for white's.
type CodeDigit struct {
	K, B, W int
}

// ComboValue is one outcome of the combo lookup: the combo terms of a cell
// in black's total (CB) and white's (CW), and in lookahead packs (Look)
// the cell's flags greedy/combo keeps for the search: black makes a four
// (F4B), is quickly forbidden under renju (QF: two fours or two open
// threes), white makes a four (F4W).
type ComboValue struct {
	ID           int
	CB, CW       int32
	Look         bool
	F4B, QF, F4W int
}

// SlotInit is a slot's empty-board state: its code (the same for both
// colours) and each colour's stored pattern values.
type SlotInit struct {
	Q, D             int
	Code             int
	AttB, DefB, ClsB int32
	AttW, DefW, ClsW int32
	ValB, ValW       int32 // lookahead.value of each colour's pattern (lookahead only)
}

// TB, TW, Cls and Val are what the slot keeps (see PairPlan.TB).
func (s SlotInit) TB() int32  { return s.AttB + s.DefW }
func (s SlotInit) TW() int32  { return s.AttW + s.DefB }
func (s SlotInit) Cls() int32 { return s.ClsB + s.ClsW }
func (s SlotInit) Val() int32 { return s.ValB - s.ValW }

// CellInit is a cell's empty-board state.
type CellInit struct {
	I                    int
	Bias                 int32
	TotalB, TotalW       int32
	Combo, ComboB, CombW int32
}

// RenjuPlan is the forbidden-move check compiled.
type RenjuPlan struct {
	Depth    int // the deepest recursion level (game.RenjuMaxDepth)
	Levels   []int
	Classes  []RenjuClass
	KeyFrom  int
	Touch    [][]Touch // per cell: black's windows a stone there changes
	Cells    []RenjuCell
	SlotInit []SlotInit // black's empty-board codes (seed000 profile only)
}

// RenjuCell is what one cell's check functions need: per direction, the
// key-point cells each key class names.
type RenjuCell struct {
	I    int
	Dirs [4]RenjuDir
}

// RenjuDir lists the key-point tests of one line through a cell.
type RenjuDir struct {
	D    int
	Keys []RenjuKey // empty when no key point can exist on the board
}

// RenjuKey: when the line's class is Class, cell E is a key point.
type RenjuKey struct {
	Class, E int
}

// Vault is the pack's reserved place in the overworld: a board's ground
// (everything the board replaces: Width×3×Width blocks from the frame's
// north-west corner at the surface's height) is cloned there while the
// board stands and cloned back when it goes. It lies at the top of the
// world in its far corner, past any world border players can cross, and
// is air whenever no ground is in it: up there nothing casts a shadow on
// anyone's builds, and nobody's blocks can be in the way. The pack
// force-loads its chunks, so it is always there to clone to.
type Vault struct {
	X, Y, Z    int // the lowest corner
	X2, Y2, Z2 int // the highest
	Width      int // Size+2: the board and its frame
	Span       int // Width-1: a selector's dx and dz over it
	Volume     int // Width·3·Width blocks
	// Box is "X Y Z X2 Y2 Z2", the corners as fill and clone take them;
	// Columns is "X Z X2 Z2", as forceload takes them.
	Box, Columns string
}

// vaultCorner is the vault's x and z: the start of a chunk, so a vault of
// up to 32 blocks (boards up to 25 and their frame) spans 2×2 chunks,
// 48 blocks inside the 29,999,984 limit of the world border.
const vaultCorner = 29_999_936

// vaultFor is board k's layer of the vault: board 0 at the top of the
// world (y 317–319), each next one three blocks lower, so that eight
// boards' layers stay above y 296, higher than terrain is generated.
func vaultFor(size, k int) Vault {
	w := size + 2
	v := Vault{X: vaultCorner, Y: 317 - 3*k, Z: vaultCorner, Width: w, Span: w - 1, Volume: w * 3 * w}
	v.X2, v.Y2, v.Z2 = v.X+w-1, v.Y+2, v.Z+w-1
	v.Box = fmt.Sprintf("%d %d %d %d %d %d", v.X, v.Y, v.Z, v.X2, v.Y2, v.Z2)
	v.Columns = fmt.Sprintf("%d %d %d %d", v.X, v.Z, v.X2, v.Z2)
	return v
}

// Options tune generation.
type Options struct {
	// Budget is the most commands (quota units) any entry point of the
	// pack may cost in the worst case; 0 means DefaultBudget.
	Budget int
}

// MaxBudget is the game's default max_command_sequence_length: a call
// that runs more commands is cut off where it stands.
const MaxBudget = 65536

// DefaultBudget is half of MaxBudget: the safety margin every generated
// entry point must stay under unless a budget is asked for.
const DefaultBudget = MaxBudget / 2

// BuildPlan computes the plan for a loaded config.
func BuildPlan(in *Input) (*Plan, error) {
	cfg := in.Config
	m := in.Model
	n := m.Size
	p := &Plan{
		Profile:     in.Profile,
		Size:        n,
		Last:        n - 1,
		Half:        (n - 1) / 2,
		NumCells:    n * n,
		Rule:        cfg.Game.Rule.String(),
		Renju:       cfg.Game.Rule == game.Renju,
		AIColour:    int(cfg.Game.AIColour),
		Pack:        cfg.Pack,
		IdleTicks:   idleTicks,
		DemoDelay:   demoDelay,
		StatusTicks: statusTick,
		Origin:      fixedUUID("origin"),
		LastMark:    fixedUUID("last"),
		Vault:       vaultFor(n, 0),
		PerPlayer:   cfg.Pack.BoardsPerPlayer,
		SlotMod:     config.MaxBoards,
		model:       m,
	}
	for k := range cfg.Pack.Boards {
		p.Slots = append(p.Slots, BoardSlot{K: k,
			Origin: fixedUUID(fmt.Sprintf("origin/%d", k)), LastMark: fixedUUID(fmt.Sprintf("last/%d", k)),
			Tag: fmt.Sprintf("gomoku.b%d", k), Vault: vaultFor(n, k),
			Ground: fmt.Sprintf("ground%d", k), Copy: fmt.Sprintf("b%d", k)})
	}
	for k := len(p.Slots) - 1; k >= 0; k-- {
		p.SlotsDown = append(p.SlotsDown, p.Slots[k])
	}
	p.Whole = wholeSpots(n)
	p.FindReach = p.Half + 3
	p.FindSpan = n + 5
	p.Facings = facings(n)
	for c := game.Black; c <= game.White; c++ {
		p.WinRange[c-1] = "5"
		if cfg.Game.Rule.OverlineWins(c) {
			p.WinRange[c-1] = "5.."
		}
	}
	p.WinSame = p.WinRange[0] == p.WinRange[1]
	p.WinNBT = fmt.Sprintf(`{block_state:{Name:"%s"},Glowing:1b,glow_color_override:16766720,`+
		`transformation:{left_rotation:[0f,0f,0f,1f],right_rotation:[0f,0f,0f,1f],translation:[-0.5f,0f,-0.5f],scale:[1f,0.03125f,1f]},`+
		`Tags:["gomoku.entity","gomoku.mark","gomoku.win","%%s"]}`, cfg.Pack.Win)
	reach := 5
	if p.WinSame && p.WinRange[0] == "5.." {
		reach = 4 // five or more: four on each side already tells
	}
	for i := 0; i < n*n; i++ {
		c := Cell{I: i, X: i % n, Y: i / n}
		for d, dir := range game.Directions {
			w := WinDir{D: d}
			w.Back = runSteps(n, c.X, c.Y, -dir[0], -dir[1], reach)
			w.Fwd = runSteps(n, c.X, c.Y, dir[0], dir[1], reach)
			c.Win[d] = w
		}
		p.Cells = append(p.Cells, c)
	}
	p.Grid = gridLines(n)
	p.Steps = [4]int{1, n, n + 1, n - 1}

	p.BoardKeys = []string{"moves", "move"}
	if in.Profile == "seed000" {
		p.BoardKeys = append(p.BoardKeys, "s0")
	}
	p.StorageKeys = append([]string(nil), p.BoardKeys...)
	for _, s := range p.Slots {
		p.StorageKeys = append(p.StorageKeys, s.Ground, s.Copy)
	}

	cellTree := func(action, leaf string) {
		leaves := make([]TreeLeaf, n*n)
		for i := range leaves {
			leaves[i] = TreeLeaf{Hi: i, Cmd: fmt.Sprintf(leaf, i)}
		}
		p.Trees = append(p.Trees, buildTree("dispatch/"+action, "#i gomoku.t", 0, leaves))
	}
	cellTree("play", "function gomoku:cell/play/%d")
	cellTree("undo", "function gomoku:cell/undo/%d")
	cellTree("show", "function gomoku:cell/show/%d")
	cellTree("mark", "function gomoku:cell/mark/%d")
	leavesGet := make([]TreeLeaf, n*n)
	for i := range leavesGet {
		leavesGet[i] = TreeLeaf{Hi: i, Cmd: fmt.Sprintf("function gomoku:cell/get/%d", i)}
	}
	p.Trees = append(p.Trees, buildTree("dispatch/get", "#g gomoku.t", 0, leavesGet))
	p.Won = wonWalks(p)
	glow := make([]TreeLeaf, n*n)
	for i := range glow {
		glow[i] = TreeLeaf{Hi: i, Cmd: fmt.Sprintf("function gomoku:cell/glow/%d", i)}
	}
	p.Trees = append(p.Trees, buildTree("dispatch/glow", "#g gomoku.t", 0, glow))

	switch in.Profile {
	case "greedy", "lookahead":
		g, trees, err := planGreedy(m, in.Profile == "lookahead", cfg.Lookahead.Value)
		if err != nil {
			return nil, err
		}
		p.Greedy = g
		p.Trees = append(p.Trees, trees...)
		if in.Profile == "lookahead" {
			lp, trees, err := planLook(cfg, m)
			if err != nil {
				return nil, err
			}
			p.Look = lp
			p.Trees = append(p.Trees, trees...)
		}
	case "seed000":
		p.Seed000 = planSeed000(cfg, n)
	}
	if p.Renju {
		rp, tree := planRenju(m, p.Greedy == nil)
		p.RenjuP = rp
		p.Trees = append(p.Trees, tree)
		cellTree("forbid", "function gomoku:renju/f0/%d")
		for lv := 1; lv <= rp.Depth; lv++ {
			leaves := make([]TreeLeaf, n*n)
			for i := range leaves {
				leaves[i] = TreeLeaf{Hi: i, Cmd: fmt.Sprintf("function gomoku:renju/f%d/%d", lv, i)}
			}
			p.Trees = append(p.Trees, buildTree(fmt.Sprintf("renju/at%d", lv), "#e gomoku.t", 0, leaves))
		}

		if p.Greedy != nil {
			// Greedy marks a forbidden best cell and chooses again
			// (ai/renju); seed000 refuses its tied markers instead.
			cellTree("exclude", "scoreboard players set #%d gomoku.excl 1")
		}
	}
	p.Objectives = objectives(p)
	p.BoardObjs = boardObjectives(p)
	return p, nil
}

func touchOf(nb Neighbour, r int) Touch {
	k := 0
	for pow3(k) < nb.Place {
		k++
	}
	return Touch{Q: nb.Q, D: nb.D, K: k, Own: nb.Place, Opp: 2 * nb.Place}
}

// codeDigits are code/set's increments for a stone of colour (1 black, 2
// white) placed (sign 1) or taken back (sign -1), window radius r.
func codeDigits(r, colour, sign int) []CodeDigit {
	var out []CodeDigit
	for k := 0; k < 2*r; k++ {
		own, opp := sign*pow3(k), sign*2*pow3(k)
		if colour == 1 {
			out = append(out, CodeDigit{K: k, B: own, W: opp})
		} else {
			out = append(out, CodeDigit{K: k, B: opp, W: own})
		}
	}
	return out
}

func runSteps(n, x, y, dx, dy, reach int) []RunStep {
	var out []RunStep
	for k := 1; k <= reach; k++ {
		qx, qy := x+k*dx, y+k*dy
		if qx < 0 || qy < 0 || qx >= n || qy >= n {
			break
		}
		out = append(out, RunStep{Q: qy*n + qx, N: k})
	}
	return out
}

// gridLines draws the lines between cells: Size+1 along x and Size+1
// along z, each a block display 1/16 block wide lying on the surface.
func gridLines(n int) []GridLine {
	const w = 0.0625
	var out []GridLine
	for j := 0; j <= n; j++ {
		out = append(out, GridLine{X: 0, Z: j, TX: 0, TZ: -w / 2, SX: float64(n), SZ: w})
	}
	for j := 0; j <= n; j++ {
		out = append(out, GridLine{X: j, Z: 0, TX: -w / 2, TZ: 0, SX: w, SZ: float64(n)})
	}
	for i := range out {
		g := &out[i]
		g.TranslateX, g.TranslateZ = snbtFloat(g.TX), snbtFloat(g.TZ)
		g.ScaleX, g.ScaleZ = snbtFloat(g.SX), snbtFloat(g.SZ)
	}
	return out
}

// snbtFloat prints a float as an SNBT float literal with a fixed format.
func snbtFloat(f float64) string {
	return fmt.Sprintf("%gf", f)
}

// boardObjectives are the objectives whose #holders make up a board's
// game, kept per board; the others hold temporaries of one call
// (gomoku.t, the renju check's, the noise), constants, or scores of
// entities and players, which belong to their board or player already.
func boardObjectives(p *Plan) map[string]bool {
	objs := map[string]bool{"gomoku.game": true, "gomoku.cell": true}
	for _, o := range p.Objectives {
		switch o.Name {
		case "gomoku.code_b", "gomoku.code_w", "gomoku.tb", "gomoku.tw", "gomoku.cls", "gomoku.att_b",
			"gomoku.att_w", "gomoku.total_b", "gomoku.total_w",
			"gomoku.combo", "gomoku.combo_seen", "gomoku.combo_b", "gomoku.combo_w", "gomoku.excl",
			"gomoku.la", "gomoku.val", "gomoku.f4b", "gomoku.f4w", "gomoku.qf", "gomoku.thb":
			objs[o.Name] = true
		}
	}
	return objs
}

func objectives(p *Plan) []Objective {
	o := []Objective{
		{"gomoku.game", "dummy", "a board's game: #state #turn #mode #aicol #moves #winner #think #wait …"},
		{"gomoku.boards", "dummy", "the boards: #active (the one in play), #gen, per board k #used<k> #owner<k> #bid<k>; #installed"},
		{"gomoku.pid", "dummy", "on each player who built a board: their number, for the boards' owners"},
		{"gomoku.cur", "dummy", "on each player: the board they last played on (its slot)"},
		{"gomoku.left", "minecraft.custom:minecraft.leave_game", "on each player: left the world since last told how their board's game ended (ui/welcome)"},
		{"gomoku.qcell", "dummy", "on a player whose click waits a tick for its board: the cell"},
		{"gomoku.qbid", "dummy", "on that player: the clicked board's gomoku.bid"},
		{"gomoku.t", "dummy", "temporaries of the function being run"},
		{"gomoku.cell", "dummy", "#<cell>: the cell's stone, 0 empty, 1 black, 2 white"},
		{"gomoku.idx", "dummy", "on each cell's interaction entity: its cell index"},
		{"gomoku.bid", "dummy", "on each cell's interaction entity: its board, generation×8 + slot"},
		{"gomoku.menu", "trigger", "the menu, for players without operator rights: /trigger gomoku.menu set <n>"},
		{"gomoku.const", "dummy", "constants: #size, #step<dir> (the cell-index step along each direction)"},
	}
	if p.Greedy != nil {
		o = append(o,
			Objective{"gomoku.code_b", "dummy", "#<cell>_<dir>: black's window code of the line (base 3, pack digit order)"},
			Objective{"gomoku.code_w", "dummy", "#<cell>_<dir>: white's window code"},
			Objective{"gomoku.tb", "dummy", "#<cell>_<dir>: the line's part of total_b, black's attack weight and white's defence weight"},
			Objective{"gomoku.tw", "dummy", "#<cell>_<dir>: the line's part of total_w, white's attack weight and black's defence weight"},
			Objective{"gomoku.cls", "dummy", "#<cell>_<dir>: the line's part of combo, black's pattern class (1 four, 5 open three) and white's (25, 125)"},
			Objective{"gomoku.total_b", "dummy", "#<cell>: the cell's score with black to move (occupied: -2147483648)"},
			Objective{"gomoku.total_w", "dummy", "#<cell>: the cell's score with white to move"},
			Objective{"gomoku.combo", "dummy", "#<cell>: fours and open threes through the cell, both colours, base 5"},
			Objective{"gomoku.combo_seen", "dummy", "#<cell>: combo when the combo terms were last computed"},
			Objective{"gomoku.combo_b", "dummy", "#<cell>: the combo terms in total_b"},
			Objective{"gomoku.combo_w", "dummy", "#<cell>: the combo terms in total_w"},
		)
		if p.Renju {
			o = append(o, Objective{"gomoku.excl", "dummy", "#<cell>: 1 while the AI has found the cell forbidden this move"})
		}
		if p.Greedy.Noise > 0 {
			o = append(o, Objective{"gomoku.noisy", "dummy", "#<cell>: the cell's score plus this move's noise"})
		}
	}
	if p.Look != nil {
		o = append(o,
			Objective{"gomoku.la", "dummy", "the lookahead's search: #la.<register>, its stack #la<slot>.<register>, the leaf sum #la.sv"},
			Objective{"gomoku.att_b", "dummy", "#<cell>_<dir>: attack weight of black's pattern there (the search's five and four checks)"},
			Objective{"gomoku.att_w", "dummy", "#<cell>_<dir>: attack weight of white's pattern there"},
			Objective{"gomoku.val", "dummy", "#<cell>_<dir>: lookahead.value of black's pattern there less white's, as added to #la.sv"},
			Objective{"gomoku.kept", "dummy", "what the search's la/make keeps for its la/back, good while #epoch gomoku.boards (games moved in or out of the working set) is #<cell>.mk: #<cell>_<dir>k<digit>.<part> a line's parts before a stone at that digit of its window, #<cell>.sv the leaf sum before a stone on the cell (not a board's: never swapped)"},
			Objective{"gomoku.f4b", "dummy", "#<cell>: 1 if black makes a four there"},
			Objective{"gomoku.f4w", "dummy", "#<cell>: 1 if white makes a four there"},
			Objective{"gomoku.qf", "dummy", "#<cell>: 1 if black would make two fours or two open threes there (renju's quick test)"},
		)
		if p.Look.VCT {
			o = append(o, Objective{"gomoku.thb", "dummy", "#<cell>: black's fours and open threes there (combo mod 25), 0 if none"})
		}
	}
	if p.Renju {
		if p.Greedy == nil {
			o = append(o, Objective{"gomoku.code_b", "dummy", "#<cell>_<dir>: black's window code of the line (base 3, pack digit order)"})
		}
		o = append(o,
			Objective{"gomoku.rj_class", "dummy", "#<cell>_<dir>: the renju class of the line while the cell is checked"},
			Objective{"gomoku.rj_three", "dummy", "#<cell>: real threes found so far while the cell is checked"},
			Objective{"gomoku.rj_res", "dummy", "#<cell>: 1 if the cell is forbidden (last check)"},
			Objective{"gomoku.rj_e1", "dummy", "#<cell>_<dir>: the first key point of the line's three (a cell index)"},
			Objective{"gomoku.rj_e2", "dummy", "#<cell>_<dir>: the second key point, or the cell itself if there is one"},
		)
	}
	if p.Profile == "seed000" {
		o = append(o, seed000Objectives()...)
	}
	return o
}

// planGreedy compiles the model; look adds what the lookahead keeps
// besides (each slot's value[pattern] and their sums, per-cell four and
// quick-forbidden flags).
func planGreedy(m *eval.Model, look bool, value [eval.NumPatterns]int32) (*GreedyPlan, []*Tree, error) {
	if err := checkEncoding(m); err != nil {
		return nil, nil, err
	}
	w := m.Weights
	n := m.Size
	g := &GreedyPlan{R: m.R, Order: append([]int(nil), m.Order...), Noise: w.Noise, Look: look}
	class := func(pt eval.Pattern) int {
		switch pt {
		case eval.Four, eval.OpenFour:
			return 1
		case eval.OpenThree:
			return 5
		}
		return 0
	}
	for pt := eval.Pattern(0); pt < eval.NumPatterns; pt++ {
		g.Patterns = append(g.Patterns, PatternPlan{Name: pt.String(), Attack: w.Attack[pt], Defence: w.Defence[pt],
			Class: class(pt), ClassW: 25 * class(pt), Look: look, Value: value[pt]})
	}
	// Lookup trees, keyed by a window's code_b. White's code is black's
	// with the stones' digits swapped (own for the opponent's) and the
	// edge's kept (off the board is blocked for both colours), so code_b
	// and which digits of the window lie off the board give both colours'
	// patterns: one tree per shape of edge, whose leaves (greedy/pair/)
	// set both colours' values. One lookup a window instead of two.
	var trees []*Tree
	var tabs [2][]eval.Pattern
	for c := 0; c < 2; c++ {
		tabs[c] = packTable(m.Tables[c])
	}
	digits := 2 * m.R
	pairs := map[[2]eval.Pattern]bool{}
	g.Lookup = map[int]string{}
	for _, mask := range edgeMasks(n, m.R) {
		vals := make([]int, len(tabs[0]))
		last := -1
		for code := range vals {
			cw, ok := whiteCode(code, mask, digits)
			if !ok {
				vals[code] = last // never looked up: the run goes on
				continue
			}
			pb, pw := tabs[0][code], tabs[1][cw]
			pairs[[2]eval.Pattern{pb, pw}] = true
			vals[code] = int(pb)*int(eval.NumPatterns) + int(pw)
			if last < 0 {
				for k := 0; k < code; k++ {
					vals[k] = vals[code]
				}
			}
			last = vals[code]
		}
		var leaves []TreeLeaf
		var weights []float64
		for _, iv := range intervals(vals) {
			pb, pw := eval.Pattern(iv.Value/int(eval.NumPatterns)), eval.Pattern(iv.Value%int(eval.NumPatterns))
			leaves = append(leaves, TreeLeaf{Hi: iv.Hi, Cmd: "function gomoku:" + pairPath(pb, pw)})
			w := 0.0
			for code := iv.Lo; code <= iv.Hi; code++ {
				w += codeWeight(code, mask, digits)
			}
			weights = append(weights, w)
		}
		root := fmt.Sprintf("greedy/lookup/e%d", mask)
		trees = append(trees, buildWeightedTree(root, "#k gomoku.t", 0, leaves, weights, lookupSlack))
		g.Lookup[mask] = root
	}
	for _, pr := range slices.SortedFunc(maps.Keys(pairs), func(a, b [2]eval.Pattern) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	}) {
		b, w := g.Patterns[pr[0]], g.Patterns[pr[1]]
		g.Pairs = append(g.Pairs, PairPlan{Path: pairPath(pr[0], pr[1]), B: b, W: w, Look: look})
	}
	same := true
	for i := range tabs[0] {
		same = same && tabs[0][i] == tabs[1][i]
	}
	for c := 0; c < 2; c++ {
		if c == 1 && same {
			continue
		}
		root := fmt.Sprintf("greedy/five/%s", []string{"black", "white"}[c])
		if same {
			root = "greedy/five/both"
		}
		// The win check's table: does a stone here make five (a win for
		// this colour, exactly as the table's rule says)?
		five := make([]int, len(tabs[c]))
		for i, pt := range tabs[c] {
			if pt == eval.Five {
				five[i] = 1
			}
		}
		var fl []TreeLeaf
		for _, iv := range intervals(five) {
			fl = append(fl, TreeLeaf{Hi: iv.Hi, Cmd: fmt.Sprintf("scoreboard players set #w gomoku.t %d", iv.Value)})
		}
		trees = append(trees, buildTree(root, "#k gomoku.t", 0, fl))
		g.Five[c] = root
	}
	if same {
		g.Five[1] = g.Five[0]
	}

	// Combo terms: combo = fb + 5tb + 25fw + 125tw (fours and open threes
	// per colour, 0..4 each); a colour's combos use them capped at 2.
	var ac, dc [9]int32
	for f := 0; f <= 2; f++ {
		for t := 0; t <= 2; t++ {
			has := eval.Combos(f, t)
			for c := eval.Combo(0); c < eval.NumCombos; c++ {
				if has[c] {
					ac[f*3+t] += w.AttackCombo[c]
					dc[f*3+t] += w.DefenceCombo[c]
				}
			}
		}
	}
	comboOf := func(x int) (cb, cw int32) {
		key := func(f, t int) int { return min(f, 2)*3 + min(t, 2) }
		kb := key(x%5, x/5%5)
		kw := key(x/25%5, x/125%5)
		return ac[kb] + dc[kw], ac[kw] + dc[kb]
	}
	flag := func(b bool) int {
		if b && look {
			return 1
		}
		return 0
	}
	ids := map[ComboValue]int{}
	vals := make([]int, 625)
	for x := range vals {
		cb, cw := comboOf(x)
		v := ComboValue{CB: cb, CW: cw, Look: look, F4B: flag(x%5 >= 1), QF: flag(x%5 >= 2 || x/5%5 >= 2), F4W: flag(x/25%5 >= 1)}
		id, ok := ids[v]
		if !ok {
			id = len(g.Combos)
			ids[v] = id
			v.ID = id
			g.Combos = append(g.Combos, v)
		}
		vals[x] = id
	}
	var leaves []TreeLeaf
	var weights []float64
	for _, iv := range intervals(vals) {
		leaves = append(leaves, TreeLeaf{Hi: iv.Hi, Cmd: fmt.Sprintf("function gomoku:greedy/combo_value/%d", iv.Value)})
		w := 0.0
		for x := iv.Lo; x <= iv.Hi; x++ {
			w += comboWeight(x)
		}
		weights = append(weights, w)
	}
	trees = append(trees, buildWeightedTree(comboTree, "#n gomoku.t", 0, leaves, weights, lookupSlack))

	g.Touch = make([][]Touch, n*n)
	for i := range g.Touch {
		for _, nb := range neighbours(n, m.R, i) {
			g.Touch[i] = append(g.Touch[i], touchOf(nb, m.R))
		}
	}

	// The empty board, from the tables, checked against eval's own.
	st := eval.NewState(m)
	g.CellInit = make([]CellInit, n*n)
	for i := 0; i < n*n; i++ {
		ci := CellInit{I: i, Bias: m.Bias[i]}
		ci.TotalB, ci.TotalW = m.Bias[i], m.Bias[i]
		for d := 0; d < 4; d++ {
			code := initialCode(n, m.R, i, d)
			pb, pw := tabs[0][code], tabs[1][code]
			if pb != st.Pattern(i, d, game.Black) || pw != st.Pattern(i, d, game.White) {
				return nil, nil, fmt.Errorf("internal error: cell %d line %d: pack tables disagree with eval", i, d)
			}
			s := SlotInit{Q: i, D: d, Code: code,
				AttB: w.Attack[pb], DefB: w.Defence[pb], ClsB: int32(class(pb)),
				AttW: w.Attack[pw], DefW: w.Defence[pw], ClsW: int32(25 * class(pw))}
			if look {
				s.ValB, s.ValW = value[pb], value[pw]
				g.Sum += s.Val()
			}
			g.Slots = append(g.Slots, Slot{Q: i, D: d, Lookup: g.Lookup[edgeMask(code, 2*m.R)]})
			g.SlotInit = append(g.SlotInit, s)
			ci.TotalB += s.TB()
			ci.TotalW += s.TW()
			ci.Combo += s.Cls()
		}
		ci.ComboB, ci.CombW = comboOf(int(ci.Combo))
		ci.TotalB += ci.ComboB
		ci.TotalW += ci.CombW
		if ci.TotalB != st.Score(i, game.Black) || ci.TotalW != st.Score(i, game.White) {
			return nil, nil, fmt.Errorf("internal error: cell %d: pack totals %d/%d, eval %d/%d", i, ci.TotalB, ci.TotalW, st.Score(i, game.Black), st.Score(i, game.White))
		}
		g.CellInit[i] = ci
	}
	if w.MaxScore() > math.MaxInt32 {
		return nil, nil, fmt.Errorf("internal error: unvalidated weights reached the generator")
	}
	return g, trees, nil
}

func planRenju(m *eval.Model, ownCodes bool) (*RenjuPlan, *Tree) {
	n := m.Size
	t := renjuTables()
	rp := &RenjuPlan{Depth: game.RenjuMaxDepth, Classes: t.Classes, KeyFrom: t.KeyFrom}
	for d := 0; d <= rp.Depth; d++ {
		rp.Levels = append(rp.Levels, d)
	}
	const r = 5
	rp.Touch = make([][]Touch, n*n)
	for i := 0; i < n*n; i++ {
		for _, nb := range neighbours(n, r, i) {
			rp.Touch[i] = append(rp.Touch[i], touchOf(nb, r))
		}
		rc := RenjuCell{I: i}
		x, y := i%n, i/n
		for d, dir := range game.Directions {
			rd := RenjuDir{D: d}
			for _, c := range t.Classes[t.KeyFrom:] {
				for _, k := range c.Keys {
					ex, ey := x+k*dir[0], y+k*dir[1]
					if ex >= 0 && ey >= 0 && ex < n && ey < n {
						rd.Keys = append(rd.Keys, RenjuKey{Class: c.ID, E: ey*n + ex})
					}
				}
			}
			rc.Dirs[d] = rd
		}
		rp.Cells = append(rp.Cells, rc)
		if ownCodes {
			for d := 0; d < 4; d++ {
				rp.SlotInit = append(rp.SlotInit, SlotInit{Q: i, D: d, Code: initialCode(n, r, i, d)})
			}
		}
	}
	var leaves []TreeLeaf
	for _, iv := range intervals(t.ByCode) {
		leaves = append(leaves, TreeLeaf{Hi: iv.Hi, Cmd: fmt.Sprintf("function gomoku:renju/class/%d", iv.Value)})
	}
	return rp, buildTree("renju/lookup", "#k gomoku.t", 0, leaves)
}

var (
	renjuOnce   sync.Once
	renjuTable_ *renjuTable
)

// renjuTables returns the (deterministic, read-only) renju class table,
// built once per process.
func renjuTables() *renjuTable {
	renjuOnce.Do(func() { renjuTable_ = buildRenjuTable() })
	return renjuTable_
}

// Spot is a cell by its coordinates.
type Spot struct{ X, Y int }

// wholeSpots lists, for a board of n cells a side, the cells whose
// chunks cover the whole board: along each side the cells 0, 16, 32, …
// and the last. Two cells 16 apart are never more than one chunk apart,
// so every chunk a side crosses holds one of them.
func wholeSpots(n int) []Spot {
	var side []int
	for c := 0; c < n; c += 16 {
		side = append(side, c)
	}
	if side[len(side)-1] != n-1 {
		side = append(side, n-1)
	}
	var out []Spot
	for _, y := range side {
		for _, x := range side {
			out = append(out, Spot{x, y})
		}
	}
	return out
}
