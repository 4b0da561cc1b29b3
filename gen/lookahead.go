package gen

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
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
	// Cfg is [lookahead] as the config has it: the keys every level
	// shares (the threat searches' widths, defend_tries, tick_commands,
	// values) come from here; a level's budgets (config.LevelKeys, the
	// search's widths among them) only from their registers (Lv), set
	// from Levels, and the lists they fill are sized for the widest.
	Cfg    config.Lookahead
	Budget int // commands a tick's slice may spend (lookahead.tick_commands)
	// Levels are the config's levels, #level 1, 2, … (0 is greedy's);
	// DefaultLevel is a new board's #level. A search begins by setting
	// every level budget's register from the board's #level, so boards
	// at different levels think at once, each board's copy keeping its
	// own.
	Levels       []LookLevel
	DefaultLevel int
	// RootVCF, LeafVCF: some level searches for fours at the root, at the
	// leaves; the pack has the stage, and a level without it skips it.
	RootVCF, LeafVCF bool
	MaxPly           int
	// VCFLastPly is the last ply a continuous-fours frame has room for a
	// four and its block at (MaxPly-1 on: nothing found).
	VCFLastPly int
	Win        int32
	// Forced: a value of at least Forced (a win) or at most -Forced (a
	// loss) is a forced result (lookahead.WonAbove+1).
	Forced int32
	Five   int32 // weights.attack.five: an att_<c> of this value is a five
	Renju  bool
	// VCT says the pack has threat-space frames (templates/la/vct/):
	// RootVCT for stage 2's search (lookahead.vct_depth and vct_nodes
	// set), DefendVCT for the defence's check of the opponent's threats
	// (defend_vct_nodes too). Four and OpenFour are
	// weights.attack.four and open_four: an att_<c> of these values is
	// that pattern (a three's answers are told by them). Answers are the
	// registers #la.k<I> of an answers frame's list, MaxLookaheadWidth.
	VCT, RootVCT, DefendVCT bool
	Four, OpenFour          int32
	// LastFour says a continuous-fours line's last four (one whose block
	// is not searched on) is counted from the patterns about its cell
	// instead of placed (la/vcf/count): possible when weights.attack.four
	// and open_four each differ from every other attack weight, so that
	// an att_<c> tells them. The stone still counts as the search's.
	LastFour bool
	// DeadFour says a continuous-fours four that leads nowhere is counted
	// with its block instead of placed (la/vcf/dead, lookahead's
	// deadFour): on top of LastFour, not under renju (black's forbidden
	// four cells are left out of the list that must hold every four
	// cell) and with vcf_width at least 3 (a list of two is then every
	// four cell). Threes are the attack weights an att_<c> may hold on a
	// line where the stone would make a three (Three, OpenThree);
	// DeadTrees, by colour, the trees of each shape of edge (by its
	// mask) telling whether a four on a window of that code_b leads
	// nowhere (eval.Table's DeadFour).
	DeadFour  bool
	Threes    []int32
	DeadTrees [2]map[int]string
	Answers   []LookReg
	// AnswersLastPly is the last ply an answers frame has room for an
	// answer, the open four and its five at (MaxPly-2 on: nothing).
	AnswersLastPly int
	// VCTCells are each cell's lines as a three's answers list reads
	// them (VCT only).
	VCTCells []LookVCTCell
	// Regs are a frame's registers, saved and loaded with it (lookFrame,
	// then the candidates k<j>); Slots the stack's slots; Cands the
	// candidate registers #la.k<j>.
	Regs []string
	// State are the registers that outlive a choice (lookState, the
	// chunks' four counts f4b<k> f4w<k> among them): kept up to date by
	// every stone like the cells' scores, so a board's copy must keep
	// them. Every other register is written before it is read.
	State []string
	Slots []int
	Cands []int
	// Roots index the root move records #la.rv<j>, #la.rc<j>, #la.rn<j>
	// (and #la.rd<j>, the iteration's depth, when stage 3 deepens).
	Roots  []int
	Widths []int // the distinct list widths the scans fill
	// Defend says the defence (stage 4) is on; Tries index its list of
	// cells #la.dq<I> (the search's move and DefendTries more; N = I+1,
	// the list's length once it holds I), Line the
	// registers #la.ln<i> of the opponent's win a check found.
	Defend bool
	Tries  []LookReg
	Line   []LookReg
	// Widen says some level widens a losing node (lookahead.widen): an
	// alpha-beta frame whose candidates all lose scans the cells where
	// either side makes a four, ranked below its last candidate
	// (la/ab/widen, the scan "wide"), and tries them too.
	Widen bool
	// Extend says some level extends fours (lookahead.extend_fours): a
	// frame's register e counts the fours extended on its line, and an
	// alpha-beta frame's four below that count costs its child no ply
	// (la/ab/extend); such a frame places every stone by la/make, its
	// child being no leaf when the stone is a four.
	Extend bool
	// Deepen says some level deepens stage 3 (lookahead.deepen): its
	// root frame, once its candidates are done at a depth short of the
	// level's, searches them again a ply deeper (la/ab/deepen), the best
	// first; every iteration's root moves are recorded.
	Deepen bool
	// Carry are the steps that carry the last iteration's best move up
	// the root's list, from its last candidate's register to the second.
	Carry []LookCarry
	// Counters are the candidate registers a scan for our fours fills
	// (lookahead.vcf_width of them), the defence's counter-attacks.
	Counters []LookReg
	Scans    []LookScan
	// ChunkOf is each cell's chunk of the scans (the same for every
	// scan); Chunks counts them. #la.f4b<k> and #la.f4w<k> hold how many
	// empty cells of chunk k have the colour's four flag, so a scan for
	// fours passes over a chunk without one.
	ChunkOf []int
	Chunks  []int
	Cells   []LookCell
	Order   []int
	// Filled in after rendering (Generate): the cost every step is
	// charged besides its heavy functions', and the most #la.spent may be
	// before a step starts.
	Overhead, Room int
	// LandRoom is what #la.spent must be below for the chosen move to be
	// played in the slice that chose it (la/land): the budget less the
	// worst case of the slice's ending that plays it (LandWorst). At most
	// 0: never, the move waits for the next tick. Under renju, PlayRoom
	// and PlayWorst are those of white's move (la/play), which needs no
	// full rule check.
	LandRoom, LandWorst int
	PlayRoom, PlayWorst int
	MaxHeavy            int // the costliest self-charge
	StepWorst           int // the costliest step, its slice iteration included
	source              string
}

// LookLevel is one level of the search: its #level (I), menu trigger (M)
// and the value of each level budget's register (Sets).
type LookLevel struct {
	I, M        int
	Name, Title string
	Hover       string // the menu button's hover text
	Sets        []LookSet
}

// LookSet is one budget register's value at a level.
type LookSet struct {
	Reg   string // the register, "#la.lv_<key> gomoku.la"
	Value int
}

// Set returns the level's value of the level key.
func (lv LookLevel) Set(key string) int {
	reg := lookBudgetScore(key)
	for _, s := range lv.Sets {
		if s.Reg == reg {
			return s.Value
		}
	}
	panic("internal error: " + key + " is no level key")
}

// LevelTrigger is the menu trigger of level 1 less one: level i is
// /trigger gomoku.menu set LevelTrigger+i (12 is greedy's).
const LevelTrigger = 20

// LastTrigger is the menu trigger of the last level.
func (lp *LookPlan) LastTrigger() int { return lp.Levels[len(lp.Levels)-1].M }

// lookBudgetReg is the register holding config.LevelKeys' key during a
// search.
func lookBudgetReg(key string) string { return "lv_" + key }

// lookBudgetScore is that register's score, holder and objective.
func lookBudgetScore(key string) string { return "#la." + lookBudgetReg(key) + " gomoku.la" }

// lookBudgetScoreIf is lookBudgetScore, or "" for no key.
func lookBudgetScoreIf(key string) string {
	if key == "" {
		return ""
	}
	return lookBudgetScore(key)
}

// Lv returns the score of the level budget key, for the templates: an
// error for a key that is no level budget, so a template cannot read a
// budget every level shares from a register.
func (lp *LookPlan) Lv(key string) (string, error) {
	for _, k := range config.LevelKeys {
		if k.Name == key {
			return lookBudgetScore(key), nil
		}
	}
	return "", fmt.Errorf("lookahead.%s is no level budget (config.LevelKeys)", key)
}

// planLevels makes the levels' plans and the most each budget is at any
// level (what sizes the pack's lists).
func planLevels(la config.Lookahead) ([]LookLevel, config.Lookahead) {
	most := la
	var out []LookLevel
	for i := range la.NumLevels() {
		at := la.At(i)
		name := la.LevelName(i)
		lv := LookLevel{I: i + 1, M: LevelTrigger + i + 1, Name: name, Title: strings.ToUpper(name[:1]) + strings.ReplaceAll(name[1:], "_", " ")}
		for _, k := range config.LevelKeys {
			v := *k.Field(&at)
			lv.Sets = append(lv.Sets, LookSet{Reg: lookBudgetScore(k.Name), Value: v})
			if f := k.Field(&most); v > *f || i == 0 {
				*f = v
			}
		}
		lv.Hover = fmt.Sprintf("The AI searches %d plies ahead, placing up to %d stones a move: the more, the longer it thinks", at.Depth, at.Nodes)
		out = append(out, lv)
	}
	return out, most
}

// LookCarry swaps candidates #la.k<I> and #la.k<P> (P = I-1) of a list
// of at least N = I+1 when the first is the move carried to the front.
type LookCarry struct{ I, P, N int }

// LookReg is register I of a list (#la.ln<I>, #la.k<I>); N is I+1 (a
// list longer than I has it).
type LookReg struct{ I, N int }

// LookScan is one candidate scan: the best W cells by colour C's score
// (1 black, 2 white), only fours if Fours, skipping excluded cells (the
// root under renju) and black's quickly forbidden ones.
type LookScan struct {
	ID   int // #la.sk while it runs
	Name string
	C    int
	Col  string // "b" or "w"
	W    int    // the list's room: the widest level's
	// WReg is the level register that sets the list's width at run time
	// (at most W), "" for a width every level shares.
	WReg        string
	Fours, Excl bool
	QF          bool
	// Threats keeps only cells where C makes a four or an open three
	// (the threat-space search's); Counter makes the scan an answers
	// frame's pass over the defender's fours, appended to its list in
	// the model's order (la/vct/add) rather than sorted by score.
	Threats, Counter bool
	// Answers keeps only cells where either colour makes a four and
	// that rank below the frame's last candidate: a score at most
	// #la.cap, which is #la.capw less one until the scan passes that
	// candidate's cell (#la.ocell) and #la.capw after (a widened node's
	// scan, sim/lookahead's answerCell after the width's cells).
	Answers bool
	// Chunks are the cells in the model's order, ScanChunk to a step: a
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

// ScanChunk is how many cells a scan step looks at: each may cost an
// insertion into the list, so a step of them costs about what a stone's
// make does on a 15×15 board.
const ScanChunk = 48

// LookCell is one cell's five checks: the empty cells within four on its
// lines where a colour's pattern along that line is a five.
type LookCell struct {
	I     int
	Fives []LookFive
	Dirs  []int
}

// LookVCTCell is cell I's lines for a three through it: on each, the
// cells within four of I (FivePointSlots order).
type LookVCTCell struct {
	I     int
	Lines []LookVCTLine
}

// LookVCTLine is line D through a cell: its slots' cells.
type LookVCTLine struct {
	D     int
	Cells []int
}

// LookFive is one check: slot (Q, D); a five there adds Add = 65536+Q to
// #la.fs, so #la.fs/65536 counts the five points and, when there is one,
// #la.fs%65536 is its cell.
type LookFive struct{ Q, D, Add int }

// The search's registers (#la.<name> gomoku.la) and functions, declared
// once: the plan, the renderer, the slice's accounting and the tests take
// their lists from here.
var (
	// lookFrame are a frame's registers, before its candidates k<j>:
	// type, colour, depth, alpha, beta, best, next candidate, candidates,
	// the stone in play, the block (VCF), the sub-step (VCF), a five
	// found (VCF), the ply. A threat-space answers frame keeps the
	// three's cell in a and an answer's result in best; a threat-space
	// frame in a defence check keeps its place in the check's line in b.
	lookFrame = []string{"t", "c", "d", "a", "b", "best", "j", "n", "m", "f", "s", "w", "ply"}
	// lookState are the registers that outlive a choice, but the chunks'
	// four counts (LookPlan.State): the leaf sum over every empty cell's
	// lines, black's values less white's, and the phase (searching,
	// chosen).
	lookState = []string{"sv", "phase"}
	// lookControl are the registers that steer the search from step to
	// step, besides the frame's: what a failing test prints.
	lookControl = []string{"phase", "stage", "nodes", "limit", "vlim", "sp", "sc", "sk", "abort", "cut", "hasret", "ret", "rmove", "spent"}
	// lookVCTControl are those of a pack with threat-space frames: the
	// threats stage's stones and an answers list's "a three's line was
	// found"; lookDefendVCTControl a defence check's: its threats phase
	// and the place a cell of its line goes.
	lookVCTControl       = []string{"tnodes", "o"}
	lookDefendVCTControl = []string{"dv", "p"}
)

// lookBudgets are the registers of the level budgets (config.LevelKeys),
// set when a search starts (la/start) from the board's level.
func lookBudgets() []string {
	var out []string
	for _, k := range config.LevelKeys {
		out = append(out, lookBudgetReg(k.Name))
	}
	return out
}

// lookRole is what the slice's accounting (proveLook) knows of one of
// the search's functions.
type lookRole int

const (
	// lookPlain functions are charged to the step that runs them.
	lookPlain lookRole = iota
	// lookStep functions are the kinds of step la/step dispatches to;
	// each charges its own worst case (selfCharging).
	lookStep
	// lookCharged functions are not steps but run by some steps only
	// (a VCF step records its four only in the defence): they charge
	// themselves too.
	lookCharged
	// lookDispatch functions choose a step's kind (la/step and the
	// frame types' and scans' step functions): the dispatch is the
	// step's Overhead.
	lookDispatch
)

// lookFunc is one of the search's functions rendered once a pack
// (templates/<Path>.mcfunction.tmpl, named as its template).
type lookFunc struct {
	Path string
	Role lookRole
	// Renju, Defend, VCT, DefendVCT, Widen, Deepen and Extend: rendered
	// only under renju, only with the defence (stage 4) on, only with
	// threat-space frames, only with the defence's check of the
	// opponent's threats, only when some level widens a losing node,
	// only when some level deepens stage 3, only when some level
	// extends fours.
	Renju, Defend, VCT, DefendVCT, Widen, Deepen, Extend bool
	// LastFour: only when the pack counts a line's last four
	// (LookPlan.LastFour); DeadFour, a four that leads nowhere
	// (LookPlan.DeadFour).
	LastFour, DeadFour bool
}

// lookFuncs are the search's functions rendered once a pack; the
// per-cell, per-slot and per-scan ones are rendered from lookCell and
// lookScan data (renderLook).
var lookFuncs = []lookFunc{
	{Path: "ai/play"}, {Path: "la/turn"}, {Path: "la/final"}, {Path: "la/start"}, {Path: "la/fresh"},
	{Path: "la/ab_root"}, {Path: "la/done"}, {Path: "la/done_five"}, {Path: "la/slice"}, {Path: "la/land"}, {Path: "la/play", Renju: true}, {Path: "la/step", Role: lookDispatch},
	{Path: "la/push"}, {Path: "la/ret"}, {Path: "la/stage_end"}, {Path: "la/vcf_won"}, {Path: "la/ret_static"},
	{Path: "la/negate"}, {Path: "la/ret_zero"}, {Path: "la/abort"}, {Path: "la/unwind", Role: lookStep},
	{Path: "la/abandon"}, {Path: "la/quit"}, {Path: "la/pick"}, {Path: "la/fives"}, {Path: "la/other"},
	{Path: "la/insert"}, {Path: "la/vins_put", Role: lookCharged}, {Path: "la/scan_step", Role: lookDispatch}, {Path: "la/vcf_root"},
	{Path: "la/ab/step", Role: lookDispatch}, {Path: "la/ab/enter", Role: lookStep}, {Path: "la/ab/forced"}, {Path: "la/ab/leaf"},
	{Path: "la/ab/leaf_back"}, {Path: "la/ab/back", Role: lookStep}, {Path: "la/ab/record", Role: lookCharged}, {Path: "la/ab/ret_best"},
	{Path: "la/ab/next", Role: lookStep}, {Path: "la/ab/make"}, {Path: "la/ab/unmake"}, {Path: "la/ab/won"}, {Path: "la/ab/lose", Renju: true},
	{Path: "la/ab/end", Widen: true}, {Path: "la/ab/widen", Widen: true}, {Path: "la/ab/deepen", Role: lookCharged, Deepen: true},
	{Path: "la/ab/extend", Extend: true},
	{Path: "la/vcf/step", Role: lookDispatch}, {Path: "la/vcf/enter", Role: lookStep}, {Path: "la/vcf/next", Role: lookStep},
	{Path: "la/vcf/win"}, {Path: "la/vcf/cut"}, {Path: "la/vcf/block", Role: lookStep}, {Path: "la/vcf/back", Role: lookStep},
	{Path: "la/vcf/undo_f", Role: lookStep}, {Path: "la/vcf/undo_c", Role: lookStep},
	{Path: "la/vcf/count", Role: lookCharged, LastFour: true}, {Path: "la/vcf/counted", Role: lookCharged, LastFour: true},
	{Path: "la/vcf/dead", Role: lookCharged, DeadFour: true}, {Path: "la/vcf/passed", Role: lookCharged, DeadFour: true},
	{Path: "la/dfour/yes", DeadFour: true}, {Path: "la/dfour/no", DeadFour: true},
	{Path: "la/def/begin", Defend: true}, {Path: "la/def/check", Defend: true}, {Path: "la/def/step", Role: lookDispatch, Defend: true},
	{Path: "la/def/make", Role: lookStep, Defend: true}, {Path: "la/def/block", Role: lookStep, Defend: true},
	{Path: "la/def/unblock", Role: lookStep, Defend: true}, {Path: "la/def/undo", Defend: true},
	{Path: "la/def/pass", Defend: true}, {Path: "la/def/back", Role: lookStep, Defend: true},
	{Path: "la/def/unmake", Role: lookStep, Defend: true}, {Path: "la/def/decide", Role: lookStep, Defend: true},
	{Path: "la/def/hold", Defend: true}, {Path: "la/def/next", Role: lookStep, Defend: true},
	{Path: "la/def/add", Defend: true}, {Path: "la/def/enq", Defend: true}, {Path: "la/def/rec", Role: lookCharged, Defend: true},
	{Path: "la/def/len", Defend: true}, {Path: "la/def/counters", Role: lookStep, Defend: true},
	{Path: "la/def/barred", Renju: true, Defend: true},
	// The threat-space search (templates/la/vct/): its attacker's frames
	// are continuous-fours frames of type 5 (la/vcf/*), its defender's
	// answers frames of type 6.
	{Path: "la/vct/begin", VCT: true}, {Path: "la/vct/root", VCT: true}, {Path: "la/vct/stage_end", VCT: true},
	{Path: "la/vct/won", VCT: true}, {Path: "la/vct/enter", VCT: true}, {Path: "la/vct/three", VCT: true},
	{Path: "la/vct/step", Role: lookDispatch, VCT: true}, {Path: "la/vct/open", Role: lookStep, VCT: true},
	{Path: "la/vct/next", Role: lookStep, VCT: true}, {Path: "la/vct/block", Role: lookStep, VCT: true},
	{Path: "la/vct/back", Role: lookStep, VCT: true}, {Path: "la/vct/undo_f", Role: lookStep, VCT: true},
	{Path: "la/vct/undo_m", Role: lookStep, VCT: true}, {Path: "la/vct/go", VCT: true},
	{Path: "la/vct/double", VCT: true}, {Path: "la/vct/worst", VCT: true}, {Path: "la/vct/none", VCT: true},
	{Path: "la/vct/add", VCT: true}, {Path: "la/vct/lines", VCT: true},
	// The defence's check of the opponent's threats: its passes, and the
	// line its frames write as they search (la/vct/put).
	{Path: "la/vct/def_begin", DefendVCT: true}, {Path: "la/vct/def_back", DefendVCT: true},
	{Path: "la/vct/def_pass", DefendVCT: true}, {Path: "la/vct/mark", DefendVCT: true},
	{Path: "la/vct/put", DefendVCT: true}, {Path: "la/vct/rec_c", Role: lookCharged, DefendVCT: true},
	{Path: "la/vct/rec_f", Role: lookCharged, DefendVCT: true}, {Path: "la/vct/rec_list", Role: lookStep, DefendVCT: true},
}

// lookRoles is each of lookFuncs' role, by path.
var lookRoles = func() map[string]lookRole {
	out := map[string]lookRole{}
	for _, f := range lookFuncs {
		out[f.Path] = f.Role
	}
	return out
}()

// lookChargedFamilies are the prefixes of the functions rendered per
// cell, line or slot that charge themselves (selfCharging).
var lookChargedFamilies = []string{"la/make/", "la/unmake/", "la/back/", "la/unstone/", "greedy/slot/", "greedy/combo/", "la/ins_b/", "la/ins_w/",
	"la/lmake/", "la/lunmake/", "la/lback/", "la/lunstone/", "la/lslot/", "la/lcombo/", "la/vins_b/", "la/vins_w/",
	"la/tmake/", "la/tunmake/", "la/tback/", "la/tunstone/", "la/tslot/",
	"la/fives_b/", "la/fives_w/", "la/four_b/", "la/four_w/", "la/dead_b/", "la/dead_w/", "la/save/", "la/load/", "la/vct/lines_b/", "la/vct/lines_w/", "la/vct/cell/"}

// foursClash returns a four pattern (four or open_four) whose attack
// weight another pattern shares, and that pattern: an att_<c> of that
// weight does not tell the four. ok is false when each differs from
// every other attack weight.
func foursClash(w eval.Weights) (four, other eval.Pattern, ok bool) {
	for _, pt := range []eval.Pattern{eval.Four, eval.OpenFour} {
		for q := eval.Pattern(0); q < eval.NumPatterns; q++ {
			if q != pt && w.Attack[q] == w.Attack[pt] {
				return pt, q, true
			}
		}
	}
	return 0, 0, false
}

// rendered says whether the pack planned by p has f.
func (f lookFunc) rendered(p *Plan) bool {
	return (!f.Renju || p.Renju) && (!f.Defend || p.Look.Defend) && (!f.VCT || p.Look.VCT) && (!f.DefendVCT || p.Look.DefendVCT) &&
		(!f.Widen || p.Look.Widen) && (!f.Deepen || p.Look.Deepen) && (!f.Extend || p.Look.Extend) && (!f.LastFour || p.Look.LastFour) &&
		(!f.DeadFour || p.Look.DeadFour)
}

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
	levels, most := planLevels(la)
	lp := &LookPlan{Cfg: la, Budget: la.TickCommands, Levels: levels, DefaultLevel: la.DefaultLevel + 1, MaxPly: lookahead.MaxPly, VCFLastPly: lookahead.MaxPly - 1, AnswersLastPly: lookahead.MaxPly - 2, Win: lookahead.Win, Forced: lookahead.WonAbove + 1, Five: five,
		Renju: m.Rule == game.Renju, Order: append([]int(nil), m.Order...), source: cfg.Source}
	// A stage is in the pack if any level has it; a level without it
	// skips it at run time.
	roots := most.RootWidth
	for i := range la.NumLevels() {
		at := la.At(i)
		lp.RootVCF = lp.RootVCF || at.VCFDepth > 0 && at.VCFNodes > 0
		lp.LeafVCF = lp.LeafVCF || at.LeafVCFDepth > 0 && at.LeafVCFNodes > 0
		defend := at.DefendNodes > 0 && at.DefendTries > 0 && at.VCFDepth > 0
		lp.Defend = lp.Defend || defend
		lp.RootVCT = lp.RootVCT || at.VCTDepth > 0 && at.VCTNodes > 0
		lp.DefendVCT = lp.DefendVCT || defend && at.VCTDepth > 0 && at.DefendVCTNodes > 0
		lp.Widen = lp.Widen || at.Widen > 0
		lp.Extend = lp.Extend || at.ExtendFours > 0
		if at.Deepen > 0 {
			// Every iteration's root moves are recorded.
			lp.Deepen = true
			roots = max(roots, (at.Depth-min(at.Deepen, at.Depth)+1)*at.RootWidth)
		}
	}
	width := max(most.Width, most.RootWidth, la.VCFWidth, most.Widen)
	lp.Four, lp.OpenFour = w.Attack[eval.Four], w.Attack[eval.OpenFour]
	pt, q, clash := foursClash(w)
	lp.LastFour = !clash
	lp.DeadFour = lp.LastFour && !lp.Renju && la.VCFWidth > 2
	if lp.RootVCT || lp.DefendVCT {
		lp.VCT = true
		if clash {
			return nil, nil, fmt.Errorf("%s: weights.attack.%s (%d) equals weights.attack.%s: the threat-space search tells a four by its weight, so it must differ from every other attack weight", cfg.Source, pt, w.Attack[pt], q)
		}
		// An answers frame keeps its whole list in the candidates.
		width = max(width, la.VCTWidth, config.MaxLookaheadWidth)
		for j := range config.MaxLookaheadWidth {
			lp.Answers = append(lp.Answers, LookReg{I: j, N: j + 1})
		}
	}
	for j := range width {
		lp.Cands = append(lp.Cands, j)
	}
	for j := range roots {
		lp.Roots = append(lp.Roots, j)
	}
	if lp.Deepen {
		for j := most.RootWidth - 1; j >= 1; j-- {
			lp.Carry = append(lp.Carry, LookCarry{I: j, P: j - 1, N: j + 1})
		}
	}
	if lp.Defend {
		for j := 0; j <= la.DefendTries; j++ {
			lp.Tries = append(lp.Tries, LookReg{I: j, N: j + 1})
		}
		// A check's line of k fours has 2k-1 stones, its last four at
		// ply 2k-1; a line of threats is read up to MaxLine cells.
		lineLen := min(2*most.VCFDepth-1, lookahead.MaxPly)
		if lp.DefendVCT {
			lineLen = max(lineLen, lookahead.MaxLine)
		}
		for i := 0; i < lineLen; i++ {
			lp.Line = append(lp.Line, LookReg{I: i, N: i + 1})
		}
		for i := range la.VCFWidth {
			lp.Counters = append(lp.Counters, LookReg{I: i, N: i + 1})
		}
	}
	lp.Regs = slices.Clone(lookFrame)
	if lp.Extend {
		lp.Regs = append(lp.Regs, "e")
	}
	for _, j := range lp.Cands {
		lp.Regs = append(lp.Regs, fmt.Sprintf("k%d", j))
	}
	// Every push deepens the game by a ply but the leaf's VCF frame, which
	// starts at its leaf's ply: MaxPly+2 slots are enough.
	for sp := 0; sp < lookahead.MaxPly+2; sp++ {
		lp.Slots = append(lp.Slots, sp)
	}
	seen := map[int]bool{}
	type scanKind struct {
		name                          string
		w                             int
		wKey                          string // the level key that narrows w, if any
		fours, excl, threats, counter bool
		answers                       bool
	}
	kinds := []scanKind{{name: "root", w: most.RootWidth, wKey: "root_width", excl: true}, {name: "inner", w: most.Width, wKey: "width"},
		{name: "vroot", w: la.VCFWidth, fours: true, excl: true}, {name: "vcf", w: la.VCFWidth, fours: true}}
	if lp.VCT {
		// The threat-space frames' (the root's without excluded cells;
		// with one threat left, fours only), and the answers frames'
		// pass over the defender's fours.
		kinds = append(kinds, scanKind{name: "troot", w: la.VCTWidth, excl: true, threats: true},
			scanKind{name: "threat", w: la.VCTWidth, threats: true},
			scanKind{name: "froot", w: la.VCTWidth, fours: true, excl: true}, scanKind{name: "four", w: la.VCTWidth, fours: true},
			scanKind{name: "counter", w: config.MaxLookaheadWidth, fours: true, counter: true})
	}
	if lp.Widen {
		kinds = append(kinds, scanKind{name: "wide", w: most.Widen, wKey: "widen", answers: true})
	}
	for _, k := range kinds {
		for c := 1; c <= 2; c++ {
			sc := LookScan{ID: len(lp.Scans), Name: k.name, C: c, Col: "bw"[c-1 : c], W: k.w, Fours: k.fours,
				WReg: lookBudgetScoreIf(k.wKey),
				Excl: k.excl && lp.Renju && c == 1, QF: lp.Renju && c == 1, Threats: k.threats, Counter: k.counter,
				Answers: k.answers}
			// A widened node's scan runs three commands a cell (its
			// two colours' fours and its cap): a third of the cells a
			// step, so that its steps cost what the others' do and the
			// tick's room (proveLook) stays theirs.
			chunk := ScanChunk
			if k.answers {
				chunk = ScanChunk / 3
			}
			for a := 0; a < len(lp.Order); a += chunk {
				b := min(a+chunk, len(lp.Order))
				sc.Chunks = append(sc.Chunks, LookChunk{K: len(sc.Chunks), Next: len(sc.Chunks) + 1, Cells: lp.Order[a:b], Last: b == len(lp.Order)})
			}
			lp.Scans = append(lp.Scans, sc)
		}
		ws := []int{k.w}
		if k.wKey != "" {
			// A level's narrower list is filled by its own insert.
			for _, lv := range levels {
				ws = append(ws, lv.Set(k.wKey))
			}
		}
		for _, w := range ws {
			// (A level that does not widen never starts its scan.)
			if !seen[w] && !k.counter && w > 0 {
				seen[w] = true
				lp.Widths = append(lp.Widths, w)
			}
		}
	}
	// la/insert tests the widths in this order, and the continuous-fours
	// frames' lists (every threat search's) take the most insertions.
	if j := slices.Index(lp.Widths, la.VCFWidth); j > 0 {
		lp.Widths = slices.Insert(slices.Delete(lp.Widths, j, j+1), 0, la.VCFWidth)
	}
	lp.ChunkOf = make([]int, n*n)
	for j, cell := range lp.Order {
		lp.ChunkOf[cell] = j / ScanChunk
	}
	for k := range lp.Scans[0].Chunks {
		lp.Chunks = append(lp.Chunks, k)
	}
	lp.State = slices.Clone(lookState)
	for _, col := range []string{"b", "w"} {
		for _, k := range lp.Chunks {
			lp.State = append(lp.State, fmt.Sprintf("f4%s%d", col, k))
		}
	}
	for i := 0; i < n*n; i++ {
		c := LookCell{I: i, Dirs: []int{0, 1, 2, 3}}
		for _, l := range lookahead.FivePointSlots(n, i) {
			c.Fives = append(c.Fives, LookFive{Q: l.Q, D: l.D, Add: 65536 + l.Q})
		}
		lp.Cells = append(lp.Cells, c)
		if lp.VCT {
			v := LookVCTCell{I: i}
			for _, l := range lookahead.FivePointSlots(n, i) {
				if len(v.Lines) == 0 || v.Lines[len(v.Lines)-1].D != l.D {
					v.Lines = append(v.Lines, LookVCTLine{D: l.D})
				}
				v.Lines[len(v.Lines)-1].Cells = append(v.Lines[len(v.Lines)-1].Cells, l.Q)
			}
			lp.VCTCells = append(lp.VCTCells, v)
		}
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
	cellTree("lmake", "function gomoku:la/lmake/%d")
	cellTree("lunmake", "function gomoku:la/lunmake/%d")
	cellTree("tmake", "function gomoku:la/tmake/%d")
	cellTree("tunmake", "function gomoku:la/tunmake/%d")
	cellTree("fives_b", "function gomoku:la/fives_b/%d")
	cellTree("fives_w", "function gomoku:la/fives_w/%d")
	cellTree("isfive", "function gomoku:la/isfive/%d")
	if lp.LastFour {
		cellTree("four_b", "function gomoku:la/four_b/%d")
		cellTree("four_w", "function gomoku:la/four_w/%d")
	}
	if lp.DeadFour {
		cellTree("dead_b", "function gomoku:la/dead_b/%d")
		cellTree("dead_w", "function gomoku:la/dead_w/%d")
		for _, th := range []eval.Pattern{eval.Three, eval.OpenThree} {
			if !slices.Contains(lp.Threes, w.Attack[th]) {
				lp.Threes = append(lp.Threes, w.Attack[th])
			}
		}
		trees = append(trees, deadFourTrees(lp, m)...)
	}
	if lp.Widen {
		cellTree("total_b", "scoreboard players operation #la.capw gomoku.la = #%d gomoku.total_b")
		cellTree("total_w", "scoreboard players operation #la.capw gomoku.la = #%d gomoku.total_w")
	}
	if lp.VCT {
		cellTree("lines_b", "function gomoku:la/vct/lines_b/%d")
		cellTree("lines_w", "function gomoku:la/vct/lines_w/%d")
	}
	if lp.Renju {
		cellTree("qf", "scoreboard players operation #la.x gomoku.la = #%d gomoku.qf")
		if lp.Defend {
			cellTree("excl", "execute store success score #la.x gomoku.la if score #%d gomoku.excl matches 1")
		}
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

// deadFourTrees builds, for each colour and shape of edge a window of
// the board has, the tree that tells from its code_b whether a four of
// that colour there leads nowhere (eval.Table's DeadFour): its leaves
// return 1 or 0 (la/dfour/yes, la/dfour/no). Only codes whose pattern
// is a four are asked, so every other code joins the run before it.
func deadFourTrees(lp *LookPlan, m *eval.Model) []*Tree {
	digits := 2 * m.R
	var trees []*Tree
	for c, col := range []string{"b", "w"} {
		tab, dead := packTable(m.Tables[c]), packDeadFour(m.Tables[c])
		lp.DeadTrees[c] = map[int]string{}
		for _, mask := range edgeMasks(m.Size, m.R) {
			vals := make([]int, len(tab))
			last := -1
			for code := range vals {
				own, ok := code, true
				if c == 1 {
					own, ok = whiteCode(code, mask, digits)
				}
				if !ok || tab[own] != eval.Four {
					vals[code] = last // never asked: the run goes on
					continue
				}
				vals[code] = 0
				if dead[own] {
					vals[code] = 1
				}
				if last < 0 {
					for k := 0; k < code; k++ {
						vals[k] = vals[code]
					}
				}
				last = vals[code]
			}
			if last < 0 {
				continue // no four fits a window of this edge
			}
			var leaves []TreeLeaf
			for _, iv := range intervals(vals) {
				leaves = append(leaves, TreeLeaf{Hi: iv.Hi, Cmd: "function gomoku:la/dfour/" + []string{"no", "yes"}[iv.Value]})
			}
			root := fmt.Sprintf("la/dfour_%s/e%d", col, mask)
			trees = append(trees, buildTree(root, "#k gomoku.t", 0, leaves))
			lp.DeadTrees[c][mask] = root
		}
	}
	return trees
}

// packDeadFour returns t's DeadFour indexed by pack code.
func packDeadFour(t *eval.Table) []bool {
	out := make([]bool, len(t.DeadFour))
	for code, d := range t.DeadFour {
		out[toPackCode(code, t.R)] = d
	}
	return out
}

// proveLook charges the search's heavy functions (each make, unmake,
// scan and kind of step adds its own worst case to #la.spent, plus one
// for each charge and one for the call that ran it, a segment at a time:
// see segments and promoteCharges), proves the charges cover every way
// through them (proveCharges) and works out the slice's constants, so
// that no tick's slice can run more than the budget:
//
//   - Overhead, added by the slice before each step, is the worst case of
//     one iteration with the heavy functions and their calls free;
//   - Room is the budget less the worst case of a whole iteration (and of
//     the slice's last call, its look at #la.spent or la/land's without
//     the move): a step starts only while #la.spent is below it, and
//     #la.spent is never less than what the tick has run once a step
//     ends (a step's charges, all paid by its end, cover what it ran), so
//     the step that starts last still ends within the budget;
//   - LandRoom is the budget less the worst case of the slice's last call
//     playing the chosen move (la/land, la/final and all they run): the
//     move is played in the slice only while #la.spent is below it;
//     under renju PlayRoom is white's (la/play: no full rule check).
func proveLook(pack *datapack.Pack, p *Plan) error {
	lp := p.Look
	bound := selectorBound(p.NumCells)
	lookups, err := chargeLookupsExactly(pack, p, bound)
	if err != nil {
		return err
	}
	charged := map[string]bool{}
	var ids []string
	for id := range pack.Functions() {
		if selfCharging(id.Path) {
			charged[id.String()] = true
			ids = append(ids, id.String())
		}
	}
	sort.Strings(ids)
	// Each charges what it may run itself, in segments: the others it
	// calls charge their own (a call still costs its caller one), and
	// so do the uncharged functions worth charging themselves
	// (promoteCharges).
	paid := maps.Clone(charged)
	maps.Copy(paid, lookups)
	a := newAnalyzer(pack, bound, nil, nil)
	a.paid = paid
	promoted, err := promoteCharges(a, ids, func(id string) bool {
		path := strings.TrimPrefix(id, NS+":")
		return lookRoles[path] == lookDispatch || path == "la/slice"
	})
	if err != nil {
		return fmt.Errorf("internal error: %w", err)
	}
	ids = append(ids, promoted...)
	files := map[string][]byte{}
	for _, id := range ids {
		segs, err := a.segments(id)
		if err != nil {
			return fmt.Errorf("internal error: %w", err)
		}
		lines, _, _ := a.read(id)
		total := 0
		for _, s := range segs {
			total += s.Charge
		}
		lp.MaxHeavy = max(lp.MaxHeavy, total)
		file := datapack.FunctionFile(datapack.ID{Namespace: NS, Path: strings.TrimPrefix(id, NS+":")})
		files[file] = chargeSegments(pack.Files[file], lines, segs)
	}
	maps.Copy(pack.Files, files)
	// The charges just added are commands too: a new analyzer proves
	// they cover what runs.
	pa := newAnalyzer(pack, bound, nil, nil)
	pa.paid = paid
	if err := proveCharges(pa, ids); err != nil {
		return fmt.Errorf("internal error: %w", err)
	}
	step := NS + ":la/step"
	// A new analyzer: the charges just added are commands too.
	la := newAnalyzer(pack, bound, nil, nil)
	la.paid = paid
	lightStep, err := la.function(step)
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
	// The body is analysed under a name of its own: la/slice itself is
	// the fixed cost of its recursive call, and an entry that is fixed
	// costs what it is fixed at (nothing), not its body.
	slice := NS + ":la/slice"
	body := NS + ":la/slice_iteration"
	probe := &datapack.Pack{Files: map[string][]byte{
		datapack.FunctionFile(datapack.ID{Namespace: NS, Path: "la/slice_iteration"}): pack.Files[datapack.FunctionFile(datapack.ID{Namespace: NS, Path: "la/slice"})],
	}}
	land, final, play := NS+":la/land", NS+":la/final", NS+":la/play"
	it, err := analyzeWith(probe, []string{body}, bound, map[string]int{slice: 0}, map[string]bool{step: true, land: true})
	if err != nil {
		return fmt.Errorf("internal error: %w", err)
	}
	iteration := it.Entries[body]
	if iteration == 0 {
		return fmt.Errorf("internal error: one iteration of %s costs nothing", slice)
	}
	// The slice's last call, which runs no step: its look at #la.spent,
	// or, once the search has chosen, la/land, which plays the move
	// (ending) only below LandRoom (landing, the move's worst case).
	whole := &datapack.Pack{Files: maps.Clone(pack.Files)}
	maps.Copy(whole.Files, probe.Files)
	ends, err := analyzeWith(whole, []string{body}, bound, map[string]int{slice: 0}, map[string]bool{step: true, final: true, play: true})
	if err != nil {
		return fmt.Errorf("internal error: %w", err)
	}
	lands, err := analyzeWith(whole, []string{body}, bound, map[string]int{slice: 0}, map[string]bool{step: true})
	if err != nil {
		return fmt.Errorf("internal error: %w", err)
	}
	ending, landing := ends.Entries[body], lands.Entries[body]
	lp.Overhead = lightStep + iteration
	worstIteration := full.Entries[step] + iteration
	lp.Room = lp.Budget - worstIteration - ending
	lp.StepWorst = worstIteration
	if lp.Room <= 0 {
		return fmt.Errorf("%s: lookahead.tick_commands is %d, but one step of the search can cost %d commands: raise it or shrink the board", lp.source, lp.Budget, worstIteration+ending)
	}
	// What ran before that call is at most #la.spent, below LandRoom, so
	// a slice that plays the move still ends within the budget; at a
	// budget that cannot hold the move, it waits for the next tick
	// (la/turn), as every move did before.
	lp.LandWorst = landing
	lp.LandRoom = max(0, lp.Budget-landing)
	if p.Renju {
		// White's move, la/play: la/final free, whose path is LandRoom's.
		plays, err := analyzeWith(whole, []string{body}, bound, map[string]int{slice: 0}, map[string]bool{step: true, final: true})
		if err != nil {
			return fmt.Errorf("internal error: %w", err)
		}
		lp.PlayWorst = plays.Entries[body]
		lp.PlayRoom = max(0, lp.Budget-lp.PlayWorst)
	}
	return nil
}

// chargeLookupsExactly makes the model's pattern lookups (the trees
// greedy/lookup/*, one in every rescoring of a line through an empty cell,
// most of what a stone costs the search) and the combo terms' (greedy/combos,
// in every combo refresh) charge #la.spent what they cost on the path
// taken instead of the worst path (their trees are shaped by how often a
// key is looked up, so the paths differ in length): each leaf a tree branch
// reaches becomes a copy of the leaf (greedy/charged/<leaf>/<n>) that
// first adds n, the cost of the whole path from the call of the tree's
// root to the copy's last command, worked out line by line with the
// cost model. A tree runs exactly one leaf, so every lookup pays for
// itself. It returns the tree's functions and the copies: what the
// lookups' callers no longer count.
func chargeLookupsExactly(pack *datapack.Pack, p *Plan, bound bounds) (map[string]bool, error) {
	paid := map[string]bool{}
	fileOf := func(id string) string {
		return datapack.FunctionFile(datapack.ID{Namespace: NS, Path: strings.TrimPrefix(id, NS+":")})
	}
	for _, t := range p.LookupTrees() {
		nodes := map[string]TreeNode{}
		for _, n := range t.Nodes {
			nodes[NS+":"+n.Path] = n
		}
		// Line costs with every callee free but for its call; leaf
		// bodies at their own worst.
		free := map[string]bool{}
		for id := range nodes {
			free[id] = true
		}
		for _, n := range t.Nodes {
			for _, b := range n.Branches {
				free[strings.TrimPrefix(b.Cmd, "function ")] = true
			}
		}
		lines := newAnalyzer(pack, bound, nil, free)
		bodies := newAnalyzer(pack, bound, nil, nil)
		var walk func(id string, cost int) error
		walk = func(id string, cost int) error {
			paid[id] = true
			n := nodes[id]
			file := fileOf(id)
			text := string(pack.Files[file])
			var head, cmds []string
			for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
				if strings.HasPrefix(l, "#") && len(cmds) == 0 {
					head = append(head, l)
				} else if strings.TrimSpace(l) != "" {
					cmds = append(cmds, l)
				}
			}
			if len(cmds) != len(n.Branches) {
				return fmt.Errorf("internal error: tree node %s has %d commands for %d branches", id, len(cmds), len(n.Branches))
			}
			skipped := 0
			for j, b := range n.Branches {
				callee, ok := strings.CutPrefix(b.Cmd, "function ")
				if !ok {
					return fmt.Errorf("internal error: lookup tree %s: branch %q is not a function call", id, b.Cmd)
				}
				c, err := lines.command(tokens(cmds[j]))
				if err != nil {
					return fmt.Errorf("internal error: %w", err)
				}
				here := cost + skipped + c.full
				skipped += c.skip
				if _, inner := nodes[callee]; inner {
					if err := walk(callee, here); err != nil {
						return err
					}
					continue
				}
				body, err := bodies.function(callee)
				if err != nil {
					return fmt.Errorf("internal error: %w", err)
				}
				total := here + 1 + body // the charge is a command too
				copyID := fmt.Sprintf("%s:greedy/charged/%s/%d", NS, strings.TrimPrefix(callee, NS+":greedy/"), total)
				if _, done := pack.Files[fileOf(copyID)]; !done {
					leaf := string(pack.Files[fileOf(callee)])
					pack.Files[fileOf(copyID)] = insertAfterHeader([]byte(leaf), fmt.Sprintf("scoreboard players add #la.spent gomoku.la %d\n", total))
				}
				paid[copyID] = true
				cmds[j] = strings.Replace(cmds[j], b.Cmd, "function "+copyID, 1)
			}
			pack.Files[file] = []byte(strings.Join(append(head, cmds...), "\n") + "\n")
			return nil
		}
		// The caller's call of the root is the path's first unit.
		if err := walk(NS+":"+t.Nodes[0].Path, 1); err != nil {
			return nil, err
		}
	}
	return paid, nil
}

// selfCharging says whether a function adds what it costs to #la.spent
// itself: a stone's make and unmake (and the unmake's two ways of
// putting its windows back, la/back and la/unstone), the model's
// per-line and per-cell rescoring they run (also in a real move, where
// the sum is not read), a scan's steps and insertions, the five-point
// count, a frame's save and load (lookChargedFamilies), and each kind of
// step (lookFuncs): what
// some steps run and others do not. What is left to a step's Overhead is
// the dispatch to its kind, so a cheap step is charged what it costs and
// not what the dearest kind of step might.
func selfCharging(path string) bool {
	for _, p := range lookChargedFamilies {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	if r := lookRoles[path]; r == lookStep || r == lookCharged {
		return true
	}
	// A scan's chunks (la/scan/<kind>_<colour>/<k>), not its start.
	return strings.HasPrefix(path, "la/scan/") && strings.Count(path, "/") == 3
}

// insertAfterHeader puts line into a function's text after its leading
// comment lines (the generator's header), before its first command.
func insertAfterHeader(text []byte, line string) []byte {
	at := 0
	for at < len(text) && text[at] == '#' {
		nl := bytes.IndexByte(text[at:], '\n')
		if nl < 0 {
			at = len(text)
			break
		}
		at += nl + 1
	}
	out := make([]byte, 0, len(text)+len(line))
	out = append(out, text[:at]...)
	out = append(out, line...)
	return append(out, text[at:]...)
}
