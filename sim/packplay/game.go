package packplay

import (
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strings"
	"time"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/mcvm"
)

// Profiles a pack can be built with (gen's --ai), as found in the pack.
const (
	Greedy    = "greedy"
	Seed000   = "seed000"
	Lookahead = "lookahead" // greedy's model with a search spread over ticks
)

// Options configure Open.
type Options struct {
	// Seed seeds the interpreter (entity UUIDs, random value, @r).
	Seed uint64
	// MaxTicks is how many ticks AIMove waits for the AI's stone before
	// giving up (default: the number of cells plus 20, room for the
	// renju AIs' one-forbidden-check-per-tick choices, and 20,000 more for
	// the lookahead's search).
	MaxTicks int
	// Version is the game version emulated (default mcvm's).
	Version string
}

// FeedbackPrefix names the pack's feedback namespace: the functions that
// serve the players rather than the game's state (sounds, titles, the
// actionbar, answering the menu trigger). Cost counts them apart.
const FeedbackPrefix = "gomoku:ui/"

// Cost is what one AI move ran: every top-level call of the ticks from
// the moment the player's stone has landed (or the game started) until
// the AI's stone appears, the loop's own upkeep included, as the game's
// server would run them.
type Cost struct {
	Commands        int64 // commands executed (mcvm.Cost.Commands)
	Units           int64 // command quota consumed
	EntitiesScanned int64 // entities tested by selectors
	// FeedbackCommands and FeedbackEntitiesScanned are the part of
	// Commands and EntitiesScanned that functions under FeedbackPrefix ran
	// themselves (mcvm's exclusive per-function accounting: the "function
	// gomoku:ui/…" command that calls one counts in its caller).
	FeedbackCommands        int64
	FeedbackEntitiesScanned int64
	Ticks                   int // server ticks the move took
	// MaxCall is the most commands one top-level call ran (what the
	// game's per-call command quota bounds).
	MaxCall int64
	// Time is the wall time spent in the interpreter, without the
	// driver's reading and checking of the world.
	Time time.Duration
}

// PathCommands and PathEntitiesScanned are the cost less the feedback:
// what the game's state and the AI's decision took.
func (c Cost) PathCommands() int64        { return c.Commands - c.FeedbackCommands }
func (c Cost) PathEntitiesScanned() int64 { return c.EntitiesScanned - c.FeedbackEntitiesScanned }

// add counts a report call by call: Report.Total would merge every call's
// per-function map into a new one, most of what a move allocated.
func (c *Cost) add(r *mcvm.Report) {
	for _, s := range r.Calls {
		c.Commands += s.Commands
		c.Units += s.Units
		c.EntitiesScanned += s.EntitiesScanned
		fb := s.FunctionsUnder(FeedbackPrefix)
		c.FeedbackCommands += fb.Commands
		c.FeedbackEntitiesScanned += fb.EntitiesScanned
		c.MaxCall = max(c.MaxCall, s.Commands)
	}
}

// Game is one pack loaded into its own interpreter, with a board built
// and a player standing on it. It is not safe for concurrent use.
type Game struct {
	// Size, Rule and Profile describe the pack, as it announces itself
	// (its menu: "Gomoku 15×15, freestyle rules") and as its functions
	// show (gomoku:seed000/… or gomoku:greedy/…).
	Size    int
	Rule    game.Rule
	Profile string

	m    *mcvm.Machine
	p    *mcvm.Player
	opt  Options
	half int
	prof *mcvm.Profiler // see Profiler
	// slot is the board's slot among the world's (gomoku.b<slot> on its
	// entities); table, when set, holds the other boards of the same
	// world, whose AI stones a tick of this one may land.
	slot  int
	table *Boards
	// waiting is set while an operation of this board waits for its own
	// stone to land: the ticks it lets pass leave that stone to it.
	waiting bool

	cells   []mcvm.UUID     // interaction entity per cell
	at      []mcvm.BlockPos // surface block per cell
	holders []string        // "#<cell>", the gomoku.cell holders
	byBlock map[[2]int32]int

	board      string      // the empty cell's block
	stoneBlock [3]string   // learnt from the first stone of each colour
	mirror     *game.Board // the game as the pack must show it
	mode       Mode        // what Start last set up
	aiColour   game.Colour // the AI's colour in ModeAI
	said       []string    // messages to the player since the last op
	titles     []string    // titles and subtitles since the last op
	clickCost  Cost        // the last Click's or Place's cost
	undoCost   Cost        // the last Undo's cost
}

// Mode is the pack's game mode.
type Mode int

const (
	ModeAI   Mode = iota // a player against the AI (gomoku:mode/black or /white)
	ModePvP              // two players (gomoku:mode/pvp)
	ModeDemo             // the AI against itself (gomoku:mode/demo)
)

// The game's numbers as gomoku.game scores.
const (
	stateOver    = 2
	statePlaying = 1
)

var menuRE = regexp.MustCompile(`(\d+)×(\d+), (\w+) rules`)

// Open loads the pack into a new interpreter, runs its load functions,
// has a player build a board (gomoku:new) and reads what the pack is from
// the world. The game is left as gomoku:new leaves it: the player against
// the AI in the config's colours; call Start to choose.
func Open(pack *datapack.Pack, opt Options) (*Game, error) {
	m, err := mcvm.Load(pack, mcvm.Options{Seed: opt.Seed, Version: opt.Version})
	if err != nil {
		return nil, err
	}
	g := &Game{m: m, opt: opt}
	if g.Profile, err = packProfile(m); err != nil {
		return nil, err
	}
	if err := g.tick(nil); err != nil {
		return nil, err
	}
	// The player stands at the world's spawn, with operator rights to run
	// the pack's functions, as one would to type /function gomoku:new.
	p, err := m.AddPlayer("Alex", mcvm.UUID{0xa1, 0xe5}, mcvm.Vec3{X: 0.5, Y: 64, Z: 0.5}, 2)
	if err != nil {
		return nil, err
	}
	// Facing north, so that the board lies as it is drawn: cell 0 at the
	// north-west corner.
	m.MovePlayer(p, p.Entity().Pos, 180, 0)
	g.p = p
	if err := g.build(); err != nil {
		return nil, err
	}
	// gomoku:new starts a game against the AI in the config's colours;
	// which colour is not announced, so the game starts over in a known
	// mode.
	if err := g.Start(ModeAI, game.White); err != nil {
		return nil, err
	}
	return g, nil
}

// packProfile is the AI a loaded pack plays, as its functions show.
func packProfile(m *mcvm.Machine) (string, error) {
	profile := ""
	for _, id := range m.FunctionIDs() {
		switch {
		case strings.HasPrefix(id, "gomoku:seed000/"):
			profile = Seed000
		case strings.HasPrefix(id, "gomoku:la/"):
			profile = Lookahead
		case strings.HasPrefix(id, "gomoku:greedy/") && profile == "":
			profile = Greedy
		}
	}
	if profile == "" || m.Function("gomoku:new") == nil {
		return "", errors.New("not a Gomoku pack from mcgomoku gen: no gomoku:new, gomoku:greedy/… or gomoku:seed000/… functions")
	}
	return profile, nil
}

// build has the player run gomoku:new where they stand, waits for the
// game to start and reads the board.
func (g *Game) build() error {
	if _, err := g.call("gomoku:new"); err != nil {
		return err
	}
	said := g.Said()
	// The game starts a tick or more later (building the board and
	// setting up the AI are separate calls, to keep each within the
	// game's command quota; the board may have to come into play first).
	for k := 0; ; k++ {
		if v, _ := g.score("#state", "gomoku.game"); v == statePlaying || v == stateOver {
			break
		}
		if k == 20 {
			return fmt.Errorf("gomoku:new: no game started within %d ticks (said %q)", k, said)
		}
		if err := g.tick(nil); err != nil {
			return err
		}
	}
	g.said = said
	if err := g.readBoard(); err != nil {
		return err
	}
	g.mirror = game.MustBoard(g.Size, g.Rule)
	return nil
}

// readBoard reads the size and rule from the menu gomoku:new printed and
// finds the cells: one interaction entity per cell carrying its index.
func (g *Game) readBoard() error {
	var menu []string
	for _, s := range g.said {
		if sm := menuRE.FindStringSubmatch(s); sm != nil {
			menu = sm
			break
		}
	}
	if menu == nil {
		return fmt.Errorf("gomoku:new printed no menu announcing the board (want \"Gomoku N×N, RULE rules\"), got %q", g.said)
	}
	var size int
	fmt.Sscan(menu[1], &size)
	rule, err := game.ParseRule(menu[3])
	if err != nil {
		return fmt.Errorf("the menu announces %q: %w", menu[0], err)
	}
	if size < game.MinSize || size > game.MaxSize || menu[1] != menu[2] {
		return fmt.Errorf("the menu announces a %s×%s board", menu[1], menu[2])
	}
	g.Size, g.Rule, g.half = size, rule, (size-1)/2
	n := size * size
	g.cells = make([]mcvm.UUID, n)
	g.at = make([]mcvm.BlockPos, n)
	g.holders = make([]string, n)
	g.byBlock = map[[2]int32]int{}
	seen := make([]bool, n)
	found := 0
	for _, e := range g.m.EntitiesWithTag("gomoku.cell") {
		if !e.HasTag(g.boardTag()) {
			continue
		}
		idx, ok := g.m.Score(e.UUID.String(), "gomoku.idx")
		if !ok || idx < 0 || int(idx) >= n || seen[idx] {
			return fmt.Errorf("cell entity %s has index %d (set: %v), want a distinct index in 0..%d", e.UUID, idx, ok, n-1)
		}
		seen[idx] = true
		found++
		i := int(idx)
		g.cells[i] = e.UUID
		// The interaction sits on the cell's top face.
		g.at[i] = mcvm.BlockPos{X: int32(math.Floor(e.Pos.X)), Y: int32(math.Floor(e.Pos.Y)) - 1, Z: int32(math.Floor(e.Pos.Z))}
		g.byBlock[[2]int32{g.at[i].X, g.at[i].Z}] = i
		g.holders[i] = fmt.Sprint("#", i)
	}
	if found != n {
		return fmt.Errorf("%d cell entities for the announced %d×%d board", found, size, size)
	}
	// Cell i is x = i%size, y = i/size, a block apart, along two
	// horizontal axes at right angles that depend on which way the board
	// faces (x east and y south when its builder faced north).
	ux, uz := g.at[1].X-g.at[0].X, g.at[1].Z-g.at[0].Z
	vx, vz := g.at[size].X-g.at[0].X, g.at[size].Z-g.at[0].Z
	if ux*ux+uz*uz != 1 || vx*vx+vz*vz != 1 || ux*vx+uz*vz != 0 {
		return fmt.Errorf("cells 1 and %d stand at %v and %v: not one block from cell 0 at %v along two axes at right angles", size, g.at[1], g.at[size], g.at[0])
	}
	for i := range g.at {
		x, y := int32(i%size), int32(i/size)
		if g.at[i].X != g.at[0].X+x*ux+y*vx || g.at[i].Z != g.at[0].Z+x*uz+y*vz || g.at[i].Y != g.at[0].Y {
			return fmt.Errorf("cell %d stands at %v, not at %d,%d from cell 0 at %v along the board's axes", i, g.at[i], x, y, g.at[0])
		}
	}
	g.board = g.block(0)
	return nil
}

// Machine is the interpreter, for tests that look inside.
// Region is the box the pack builds the board in: the cells' surface
// blocks with the frame around them, and the two layers above where the
// grid, the markers and the players' space are.
func (g *Game) Region() (lo, hi mcvm.BlockPos) {
	lo, hi = g.at[0], g.at[0]
	for _, p := range g.at {
		lo.X, lo.Z, hi.X, hi.Z = min(lo.X, p.X), min(lo.Z, p.Z), max(hi.X, p.X), max(hi.Z, p.Z)
	}
	return mcvm.BlockPos{X: lo.X - 1, Y: lo.Y, Z: lo.Z - 1}, mcvm.BlockPos{X: hi.X + 1, Y: lo.Y + 2, Z: hi.Z + 1}
}

func (g *Game) Machine() *mcvm.Machine { return g.m }

// Board returns a copy of the game as the pack shows it.
func (g *Game) Board() *game.Board { return g.mirror.Clone() }

// Mode returns the mode Start set, and the AI's colour in ModeAI.
func (g *Game) Mode() (Mode, game.Colour) { return g.mode, g.aiColour }

// Said returns the chat messages the player received during the last
// operation.
func (g *Game) Said() []string { return append([]string(nil), g.said...) }

// Titles returns the titles and subtitles shown during the last operation.
func (g *Game) Titles() []string { return append([]string(nil), g.titles...) }

// ClickCost is the cost of the last Click or Place.
func (g *Game) ClickCost() Cost { return g.clickCost }

// UndoCost is the cost of the last Undo.
func (g *Game) UndoCost() Cost { return g.undoCost }

// Start begins a new game on the board in a mode: against the AI playing
// ai (ModeAI), two players, or the AI against itself (ModeDemo).
func (g *Game) Start(mode Mode, ai game.Colour) error {
	var fn string
	switch {
	case mode == ModeAI && ai == game.White:
		fn = "gomoku:mode/black" // the player takes black
	case mode == ModeAI && ai == game.Black:
		fn = "gomoku:mode/white"
	case mode == ModeAI:
		return fmt.Errorf("the AI plays black or white, not %v", ai)
	case mode == ModePvP:
		fn, ai = "gomoku:mode/pvp", game.Empty
	case mode == ModeDemo:
		fn, ai = "gomoku:mode/demo", game.Empty
	default:
		return fmt.Errorf("unknown mode %d", mode)
	}
	if _, err := g.call(fn); err != nil {
		return err
	}
	if err := g.waitAction(fn, &Cost{}); err != nil {
		return err
	}
	g.mode, g.aiColour = mode, ai
	g.mirror = game.MustBoard(g.Size, g.Rule)
	return g.verify(fn)
}

// Run has the player run one of the pack's functions (a menu entry such
// as gomoku:level/greedy) and waits until the action has been taken.
func (g *Game) Run(id string) error {
	if _, err := g.call(id); err != nil {
		return err
	}
	if err := g.waitAction(id, &Cost{}); err != nil {
		return err
	}
	return g.verify(id)
}

// Restart starts the game over in the same mode (gomoku:restart).
func (g *Game) Restart() error {
	if _, err := g.call("gomoku:restart"); err != nil {
		return err
	}
	if err := g.waitAction("gomoku:restart", &Cost{}); err != nil {
		return err
	}
	g.mirror = game.MustBoard(g.Size, g.Rule)
	return g.verify("gomoku:restart")
}

// Click has the player stand over cell i and right-click it. It reports
// whether the pack accepted the move (its stone landed on the cell), and
// if not, the pack's reason as told to the player.
func (g *Game) Click(i int) (accepted bool, reason string, err error) {
	g.waiting = true
	defer func() { g.waiting = false }()
	if i < 0 || i >= len(g.cells) {
		return false, "", fmt.Errorf("cell %d is off the %d×%d board", i, g.Size, g.Size)
	}
	x, z := g.at[i].X, g.at[i].Z
	g.m.MovePlayer(g.p, mcvm.Vec3{X: float64(x) + 0.5, Y: float64(g.at[i].Y) + 1, Z: float64(z) + 0.5}, 0, 90)
	g.clickCost = Cost{}
	t0 := time.Now()
	rep, err := g.m.ClickEntity(g.p, g.cells[i], true)
	g.clickCost.Time = time.Since(t0)
	what := "click on " + g.fmt(i)
	if err := g.done(rep, err, what, &g.clickCost); err != nil {
		return false, "", err
	}
	said := g.Said()
	if err := g.waitAction(what, &g.clickCost); err != nil {
		return false, "", err
	}
	g.said = append(said, g.said...)
	landed, err := g.landed(what)
	if err != nil {
		return false, "", err
	}
	switch {
	case landed < 0:
		if err := g.verify(what + " (refused)"); err != nil {
			return false, "", err
		}
		return false, strings.Join(g.said, " "), nil
	case landed != i:
		return false, "", fmt.Errorf("%s: the stone landed on %s", what, g.fmt(landed))
	}
	if err := g.settle(what, &g.clickCost); err != nil {
		return false, "", err
	}
	if err := g.verify(what); err != nil {
		return false, "", err
	}
	return true, "", nil
}

// Place plays the side to move's stone on cell i through the pack's own
// move function, gomoku:game/play, as a legal click does, but without
// the click's turn check: for stones of the AI's colour that the AI did
// not choose (an opening, a position to set up). i must be legal.
func (g *Game) Place(i int) error {
	g.waiting = true
	defer func() { g.waiting = false }()
	if err := g.mirror.Legal(i); err != nil {
		return fmt.Errorf("place %d: %w", i, err)
	}
	what := "place " + g.fmt(i)
	g.clickCost = Cost{}
	t0 := time.Now()
	rep, err := g.m.RunCommand(nil, fmt.Sprintf("scoreboard players set #i gomoku.t %d", i))
	if err := g.done(rep, err, what, &g.clickCost); err != nil {
		return err
	}
	// game/play runs at the cursor, which the pack's entry points put on
	// the board in play for the call and kill at its end.
	if rep, err = g.m.RunCommand(nil, "function gomoku:slot/place"); err == nil {
		rep, err = g.m.RunCommand(nil, "function gomoku:game/play")
	}
	if err == nil {
		_, err = g.m.RunCommand(nil, "kill @e[type=minecraft:marker,tag=gomoku.cursor]")
	}
	g.clickCost.Time = time.Since(t0)
	if err := g.done(rep, err, what, &g.clickCost); err != nil {
		return err
	}
	landed, err := g.landed(what)
	if err != nil {
		return err
	}
	if landed != i {
		return fmt.Errorf("%s: the stone landed on cell %d", what, landed)
	}
	if err := g.settle(what, &g.clickCost); err != nil {
		return err
	}
	return g.verify(what)
}

// SetPick forces the seed000 AI's next random pick to the k-th (0-based)
// of its equally best cells in cell-index order, or to k modulo their
// number when k is larger: the pack's test hook, #pick gomoku.debug.
func (g *Game) SetPick(k int32) error {
	if g.Profile != Seed000 {
		return fmt.Errorf("SetPick: a %s pack has no random pick", g.Profile)
	}
	if k < 0 {
		return fmt.Errorf("SetPick: negative pick %d", k)
	}
	rep, err := g.m.RunCommand(nil, fmt.Sprintf("scoreboard players set #pick gomoku.debug %d", k))
	var c Cost
	return g.done(rep, err, "set the pick", &c)
}

// AIMove lets server ticks pass until the AI's stone lands, and returns
// the cell and what the move cost. It is an error if the game is over,
// if it is not the AI's turn (ModeAI), or if no stone lands within
// Options.MaxTicks ticks.
func (g *Game) AIMove() (int, Cost, error) {
	g.waiting = true
	defer func() { g.waiting = false }()
	var cost Cost
	if g.mirror.Over() {
		return -1, cost, game.ErrGameOver
	}
	switch {
	case g.mode == ModePvP:
		return -1, cost, errors.New("no AI in a two-player game")
	case g.mode == ModeAI && g.mirror.ToMove() != g.aiColour:
		return -1, cost, fmt.Errorf("it is the player's turn (%v), not the AI's (%v)", g.mirror.ToMove(), g.aiColour)
	}
	limit := g.opt.MaxTicks
	if limit <= 0 {
		limit = len(g.cells) + 20
		if g.Profile == Lookahead {
			// Its search takes a step or more a tick; its node budgets
			// bound the steps.
			limit += 20_000
		}
	}
	for cost.Ticks < limit {
		cost.Ticks++
		if err := g.tick(&cost); err != nil {
			return -1, cost, err
		}
		landed, err := g.landed("the AI's move")
		if err != nil {
			return -1, cost, err
		}
		if landed >= 0 {
			what := "the AI's move " + g.fmt(landed)
			if err := g.settle(what, &cost); err != nil {
				return -1, cost, err
			}
			return landed, cost, g.verify(what)
		}
	}
	return -1, cost, fmt.Errorf("the AI did not move within %d ticks after %s", limit, g.history())
}

// Undo runs gomoku:undo as the player: against the AI it takes back the
// AI's reply and the player's move (back to the player's turn), in a
// two-player game one move. It returns how many stones the pack took off.
func (g *Game) Undo() (int, error) {
	g.undoCost = Cost{}
	t0 := time.Now()
	rep, err := g.m.CallAs(g.p, "gomoku:undo")
	g.undoCost.Time = time.Since(t0)
	if err := g.done(rep, err, "gomoku:undo", &g.undoCost); err != nil {
		return 0, err
	}
	if err := g.waitAction("gomoku:undo", &g.undoCost); err != nil {
		return 0, err
	}
	// The stones taken off are the newest ones, newest first.
	h := g.mirror.History()
	score := g.scores()
	n := 0
	for n < len(h) {
		i := h[len(h)-1-n]
		if v, _ := score(g.holders[i], "gomoku.cell"); v != 0 {
			break
		}
		n++
	}
	for k := 0; k < n; k++ {
		g.mirror.Undo()
	}
	return n, g.verify("gomoku:undo")
}

// WinningLine returns the cells the pack highlights as the winning line
// (its glowing plates), sorted.
func (g *Game) WinningLine() []int {
	var out []int
	for _, e := range g.m.EntitiesWithTag("gomoku.win") {
		i, ok := g.byBlock[[2]int32{int32(math.Floor(e.Pos.X)), int32(math.Floor(e.Pos.Z))}]
		if ok {
			out = append(out, i)
		}
	}
	sortInts(out)
	return out
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// Score reads a score the pack documents (test and diagnostics use).
func (g *Game) Score(holder, objective string) (int32, bool) { return g.m.Score(holder, objective) }

// BoardScore reads a score of this board's game wherever it is kept: in
// the working set while the board is in play, else in its copy.
func (g *Game) BoardScore(holder, objective string) (int32, bool) { return g.score(holder, objective) }

// score reads a score of this board's game: from the working set while
// the board is in play (#active gomoku.boards), else from the copy it
// waits in (#b<slot>.<name>: the pack's naming of its copies).
func (g *Game) score(holder, objective string) (int32, bool) { return g.scores()(holder, objective) }

// scores is score for many reads in a row: where the game is kept is
// looked up once.
func (g *Game) scores() func(holder, objective string) (int32, bool) {
	if a, ok := g.m.Score("#active", "gomoku.boards"); ok && int(a) != g.slot {
		prefix := fmt.Sprintf("#b%d.", g.slot)
		return func(h, o string) (int32, bool) { return g.m.Score(prefix+strings.TrimPrefix(h, "#"), o) }
	}
	return g.m.Score
}

func (g *Game) fmt(i int) string { return game.FormatMove(i, g.Size) }

func (g *Game) history() string {
	h := g.mirror.History()
	if len(h) == 0 {
		return "the empty board"
	}
	parts := make([]string, len(h))
	for k, i := range h {
		parts[k] = g.fmt(i)
	}
	return strings.Join(parts, " ")
}

func (g *Game) block(i int) string {
	return g.m.Block(g.at[i].X, g.at[i].Y, g.at[i].Z)
}

func (g *Game) call(id string) (*mcvm.Report, error) {
	rep, err := g.m.CallAs(g.p, id)
	var c Cost
	return rep, g.done(rep, err, id, &c)
}

func (g *Game) tick(c *Cost) error {
	if c == nil {
		c = &Cost{}
	}
	t0 := time.Now()
	rep, err := g.m.Tick()
	c.Time += time.Since(t0)
	if err := g.done(rep, err, "tick", c); err != nil {
		return err
	}
	if g.table != nil {
		g.table.ticked(rep)
		return g.table.absorb(g)
	}
	return nil
}

// boardTag is the tag on every entity of this board.
func (g *Game) boardTag() string { return fmt.Sprintf("gomoku.b%d", g.slot) }

// waitAction lets ticks pass while an action of the player waits for its
// board to come into play: a click (gomoku.qcell) or a menu use (the
// trigger, gomoku.menu, still set). A board comes in within two ticks.
func (g *Game) waitAction(what string, c *Cost) error {
	for k := 0; ; k++ {
		q, queued := g.m.Score(g.p.Name, "gomoku.qcell")
		menu, _ := g.m.Score(g.p.Name, "gomoku.menu")
		if !(queued && q >= 0) && menu <= 0 {
			return nil
		}
		limit := 4
		if g.Profile == Lookahead {
			limit = 64 // a search under way unwinds first, a slice a tick
		}
		if k == limit {
			return fmt.Errorf("%s: still waiting for its board after %d ticks", what, k)
		}
		c.Ticks++
		if err := g.tick(c); err != nil {
			return err
		}
	}
}

// done collects what a call said and cost, and turns an exhausted limit
// into an error: in the game the call would have stopped half way.
func (g *Game) done(rep *mcvm.Report, err error, what string, c *Cost) error {
	g.collect()
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if rep == nil {
		return nil
	}
	c.add(rep)
	if rep.LimitHit() {
		return fmt.Errorf("%s after %s: the pack hit a command limit: %s", what, g.history(), strings.Join(rep.Warnings, "; "))
	}
	if g.table != nil && g.table.AfterCall != nil {
		if err := g.table.AfterCall(); err != nil {
			return fmt.Errorf("%s after %s: %w", what, g.history(), err)
		}
	}
	return nil
}

// collect moves the player's messages out of the machine's event log
// (which would otherwise grow for the whole run).
func (g *Game) collect() {
	g.said, g.titles = g.said[:0], g.titles[:0]
	for _, e := range g.m.Events() {
		if e.Player != "" && e.Player != g.playerName() {
			continue
		}
		switch e.Kind {
		case "tellraw", "say":
			g.said = append(g.said, e.Text)
		case "title", "subtitle":
			g.titles = append(g.titles, e.Kind+": "+e.Text)
		}
	}
	g.m.ClearEvents()
}

func (g *Game) playerName() string {
	if g.p == nil {
		return ""
	}
	return g.p.Name
}

// landed finds the one cell whose stone appeared since the mirror's
// position, checking that it is the side to move's and that nothing else
// changed, and plays it on the mirror. -1: nothing changed.
func (g *Game) landed(what string) (int, error) {
	found := -1
	score := g.scores()
	if v, _ := score("#la.phase", "gomoku.la"); v == 1 {
		// A lookahead is searching: the stones in its cells' scores are
		// the search's, taken back before it plays.
		return -1, nil
	}
	for i, h := range g.holders {
		if g.mirror.At(i) != game.Empty {
			continue
		}
		v, _ := score(h, "gomoku.cell")
		if v == 0 {
			continue
		}
		if found >= 0 {
			return -1, fmt.Errorf("%s after %s: stones appeared on both %s and %s", what, g.history(), g.fmt(found), g.fmt(i))
		}
		if game.Colour(v) != g.mirror.ToMove() {
			return -1, fmt.Errorf("%s after %s: a stone of colour %d appeared on %s, but %v is to move", what, g.history(), v, g.fmt(i), g.mirror.ToMove())
		}
		found = i
	}
	if found < 0 {
		return -1, nil
	}
	c := g.mirror.ToMove()
	if err := g.mirror.Play(found); err != nil {
		return -1, fmt.Errorf("%s after %s: the pack played %s, which is not legal: %v", what, g.history(), g.fmt(found), err)
	}
	b := g.block(found)
	switch {
	case b == g.board:
		return -1, fmt.Errorf("%s: %s holds %v in its score but still shows the board's %s", what, g.fmt(found), c, b)
	case g.stoneBlock[c] == "":
		if b == g.stoneBlock[c.Opponent()] {
			return -1, fmt.Errorf("%s: the first %v stone (%s) shows %v's block %s", what, c, g.fmt(found), c.Opponent(), b)
		}
		g.stoneBlock[c] = b
	}
	return found, nil
}

// settle lets ticks pass after a move that leaves black stuck under renju
// (game.Board.Stuck): the pack finds out over the following ticks, one
// forbidden check a tick (a player's turn in renju/stuck, the AI's in its
// choice), and declares the draw. Any other move is settled at once.
func (g *Game) settle(what string, c *Cost) error {
	if !g.mirror.Stuck() {
		return nil
	}
	for t := 0; t < len(g.cells)+20; t++ {
		if state, _ := g.score("#state", "gomoku.game"); state != statePlaying {
			return nil
		}
		c.Ticks++
		if err := g.tick(c); err != nil {
			return err
		}
		if landed, err := g.landed(what + ", then black stuck"); err != nil || landed >= 0 {
			return fmt.Errorf("%s after %s: black is stuck, but a stone landed (%v)", what, g.history(), err)
		}
	}
	return fmt.Errorf("%s after %s: black is stuck, but the pack did not end the game within %d ticks", what, g.history(), len(g.cells)+20)
}

// verify checks the whole world against the mirror: every cell's score
// and block, whose turn it is, and the game's state and winner.
func (g *Game) verify(what string) error {
	score := g.scores()
	for i, h := range g.holders {
		want := g.mirror.At(i)
		v, _ := score(h, "gomoku.cell")
		if game.Colour(v) != want {
			return fmt.Errorf("%s after %s: %s holds %d in its score, want %v", what, g.history(), g.fmt(i), v, want)
		}
		wantBlock := g.board
		if want != game.Empty {
			wantBlock = g.stoneBlock[want]
		}
		if b := g.block(i); b != wantBlock {
			return fmt.Errorf("%s after %s: %s shows %s, want %s (%v)", what, g.history(), g.fmt(i), b, wantBlock, want)
		}
	}
	state, _ := score("#state", "gomoku.game")
	winner, _ := score("#winner", "gomoku.game")
	turn, _ := score("#turn", "gomoku.game")
	moves, _ := score("#moves", "gomoku.game")
	switch {
	case int(moves) != g.mirror.Moves():
		return fmt.Errorf("%s after %s: the pack counts %d moves, want %d", what, g.history(), moves, g.mirror.Moves())
	case g.mirror.Over() && state != stateOver:
		return fmt.Errorf("%s after %s: the game is over (winner %v) but the pack's state is %d", what, g.history(), g.mirror.Winner(), state)
	case g.mirror.Over() && game.Colour(winner) != g.mirror.Winner():
		return fmt.Errorf("%s after %s: the pack's winner is %d, want %v", what, g.history(), winner, g.mirror.Winner())
	case !g.mirror.Over() && state != statePlaying:
		return fmt.Errorf("%s after %s: the game goes on but the pack's state is %d", what, g.history(), state)
	case !g.mirror.Over() && game.Colour(turn) != g.mirror.ToMove():
		return fmt.Errorf("%s after %s: the pack says %d is to move, want %v", what, g.history(), turn, g.mirror.ToMove())
	}
	return nil
}

// Profiler returns the Profiler recording every command the game's
// interpreter runs from the first call on (mcvm.Profiler), attaching one
// then.
func (g *Game) Profiler() *mcvm.Profiler {
	if g.prof == nil {
		g.prof = mcvm.NewProfiler()
		g.m.SetProfiler(g.prof)
	}
	return g.prof
}

// WriteProfiles writes what the games' profilers recorded (Profiler) as
// one pprof profile whose unit is commands.
func WriteProfiles(w io.Writer, games ...*Game) error {
	var ps []*mcvm.Profiler
	for _, g := range games {
		if g.prof != nil {
			ps = append(ps, g.prof)
		}
	}
	return mcvm.WriteMerged(w, ps...)
}
