package gen_test

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/gen"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/mcvm"
)

// The world is not always loaded: chunks away from players unload with
// their entities, and players log out. These tests play boards the way
// players do (walking away in the middle of the AI's search and coming
// back from any side, standing where only part of a board is loaded,
// logging out and in, swapping boards) and hold, after every tick and
// every player action, that each board's blocks and last-move marker are
// its game's, and that every game that ends is told to its player,
// wherever they are, and again when they come back.

// habitSpacing is how far apart the boards stand: much more than a
// player's view (habitView chunks), so that a player loads one board.
const (
	habitSpacing = 400
	habitView    = 2
)

// habits is a world of boards and their players.
type habits struct {
	res    *gen.Result
	m      *mcvm.Machine
	rng    *rand.Rand
	boards []*habitBoard
	tick   int
	empty  string
	stones [3]string
	// level is the menu number of the AI level every board plays (0: the
	// pack's default).
	level int
	// trace is what the players did last, for a failure's message.
	trace []string
}

// did notes an action.
func (h *habits) did(format string, args ...any) {
	h.trace = append(h.trace, fmt.Sprintf("%d: ", h.tick)+fmt.Sprintf(format, args...))
	if len(h.trace) > 12 {
		h.trace = h.trace[1:]
	}
}

// habitBoard is one board, its player and what they were told.
type habitBoard struct {
	k      int
	p      *mcvm.Player
	home   mcvm.Vec3
	cells  []mcvm.BlockPos
	cellID []mcvm.UUID
	online bool
	endAt  int // the tick its game ended, -1 while it goes on
	told   bool
	games  int
}

// newHabits builds n boards, each by its own player at its home, and
// starts on each a game of its player (black) against the AI at level.
func newHabits(pack *datapack.Pack, res *gen.Result, n, level int, seed uint64) (*habits, error) {
	m, err := mcvm.Load(pack, mcvm.Options{Seed: seed, ViewDistance: habitView})
	if err != nil {
		return nil, err
	}
	h := &habits{res: res, m: m, rng: rand.New(rand.NewPCG(seed, 33)), level: level,
		empty: res.Plan.Pack.Board, stones: [3]string{"", res.Plan.Pack.Black, res.Plan.Pack.White}}
	if err := h.ticks(1); err != nil {
		return nil, err
	}
	for k := range n {
		b := &habitBoard{k: k, home: mcvm.Vec3{X: float64(k*habitSpacing) + 0.5, Y: 64, Z: 0.5}, online: true, endAt: -1}
		if b.p, err = m.AddPlayer(fmt.Sprintf("Habit%d", k), mcvm.UUID{0xc0, byte(k + 1)}, b.home, 2); err != nil {
			return nil, err
		}
		m.MovePlayer(b.p, b.home, float32(90*k), 0)
		if _, err := m.CallAs(b.p, "gomoku:new"); err != nil {
			return nil, err
		}
		h.boards = append(h.boards, b)
		if err := h.check("gomoku:new"); err != nil {
			return nil, err
		}
		if err := h.ticks(3); err != nil {
			return nil, err
		}
		for _, e := range m.EntitiesWithTag(fmt.Sprintf("gomoku.b%d", k)) {
			if !e.HasTag("gomoku.cell") {
				continue
			}
			idx, _ := m.Score(e.UUID.String(), "gomoku.idx")
			for len(b.cells) <= int(idx) {
				b.cells, b.cellID = append(b.cells, mcvm.BlockPos{}), append(b.cellID, mcvm.UUID{})
			}
			b.cells[idx] = mcvm.BlockPos{X: int32(math.Floor(e.Pos.X)), Y: int32(math.Floor(e.Pos.Y)) - 1, Z: int32(math.Floor(e.Pos.Z))}
			b.cellID[idx] = e.UUID
		}
		if len(b.cells) != res.Plan.NumCells {
			return nil, fmt.Errorf("board %d: %d cells found", k, len(b.cells))
		}
	}
	for _, b := range h.boards {
		if level > 0 {
			if err := h.menu(b, level); err != nil {
				return nil, err
			}
		}
		if err := h.menu(b, 2); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// menuFunctions are the functions a player may run for menu entries
// instead of the trigger (/function gomoku:undo).
var menuFunctions = map[int]string{2: "gomoku:mode/black", 5: "gomoku:mode/demo", 6: "gomoku:undo", 8: "gomoku:restart"}

// menu has b's player use menu entry n: by the trigger, which the loop
// answers, or now and then by running its function.
func (h *habits) menu(b *habitBoard, n int) error {
	if fn := menuFunctions[n]; fn != "" && h.rng.IntN(2) == 0 {
		return h.menuFunction(b, fn)
	}
	h.did("%s uses menu %d", b.p.Name, n)
	if _, err := h.m.RunCommand(nil, fmt.Sprintf("scoreboard players set %s gomoku.menu %d", b.p.Name, n)); err != nil {
		return err
	}
	return h.ticks(4)
}

// menuFunction has b's player run a menu entry's function.
func (h *habits) menuFunction(b *habitBoard, fn string) error {
	h.did("%s runs %s", b.p.Name, fn)
	if _, err := h.m.CallAs(b.p, fn); err != nil {
		return err
	}
	if err := h.check(fn); err != nil {
		return err
	}
	return h.ticks(4)
}

// ticks lets n ticks pass, checking the world after each.
func (h *habits) ticks(n int) error {
	for range n {
		rep, err := h.m.Tick()
		if err != nil {
			return err
		}
		if rep.LimitHit() {
			return fmt.Errorf("tick %d: a command limit was hit: %v", h.tick, rep.Warnings)
		}
		h.tick++
		if err := h.check("tick"); err != nil {
			return err
		}
	}
	return nil
}

// holder is b's score holder h: the working set's if b is in play, else
// its copy's.
func (h *habits) holder(b *habitBoard, name string) string {
	if a, ok := h.m.Score("#active", "gomoku.boards"); ok && int(a) == b.k {
		return name
	}
	return gen.CopyHolder(b.k, name)
}

// moves is b's game's history.
func (h *habits) moves(b *habitBoard) []int {
	st := h.m.Storage("gomoku:state")
	if st == nil {
		return nil
	}
	if a, ok := h.m.Score("#active", "gomoku.boards"); !ok || int(a) != b.k {
		st, _ = st.Get(fmt.Sprintf("b%d", b.k)).(*mcvm.Compound)
		if st == nil {
			return nil
		}
	}
	l, _ := st.Get("moves").(*mcvm.List)
	if l == nil {
		return nil
	}
	out := make([]int, len(l.V))
	for i, v := range l.V {
		out[i] = int(v.(mcvm.Int))
	}
	return out
}

// whole reports whether every cell of b stands in a loaded chunk.
func (h *habits) whole(b *habitBoard) bool {
	for _, c := range b.cells {
		if !h.m.Loaded("minecraft:overworld", c.X, c.Z) {
			return false
		}
	}
	return true
}

// check holds every board to its game: each cell's block (loaded or
// not: nothing may change on a board unless all of it can), and, when
// the board is whole, its last-move marker on the last move; and it
// notes the games that ended and whether their players were told.
func (h *habits) check(what string) error {
	// The cursor, one UUID for every board, exists only within a call:
	// no copy of it is ever saved with a chunk, to come back later.
	for _, e := range h.m.Entities() {
		if e.HasTag("gomoku.cursor") {
			return fmt.Errorf("%s %d: a cursor stands at %.1f %.1f between calls (loaded: %v); last: %s",
				what, h.tick, e.Pos.X, e.Pos.Z, h.m.Entity(e.UUID) == e, strings.Join(h.trace, "; "))
		}
	}
	for _, b := range h.boards {
		mv := h.moves(b)
		want := make([]string, len(b.cells))
		for i := range want {
			want[i] = h.empty
		}
		for j, c := range mv {
			want[c] = h.stones[1+j%2]
		}
		for i, c := range b.cells {
			if got := h.m.Block(c.X, c.Y, c.Z); got != want[i] {
				return fmt.Errorf("%s %d: board %d (moves %v, player %s at %.0f %.0f): %s shows %s, its game has %s; last: %s",
					what, h.tick, b.k, fmtMoves(mv, len(b.cells)), b.p.Name, b.p.Entity().Pos.X, b.p.Entity().Pos.Z,
					game.FormatMove(i, h.res.Plan.Size), got, want[i], strings.Join(h.trace, "; "))
			}
		}
		if h.whole(b) {
			var marks []*mcvm.Entity
			for _, e := range h.m.EntitiesWithTag("gomoku.last") {
				if e.HasTag(fmt.Sprintf("gomoku.b%d", b.k)) && h.m.Entity(e.UUID) == e {
					marks = append(marks, e)
				}
			}
			if len(mv) > 0 {
				c := b.cells[mv[len(mv)-1]]
				if len(marks) != 1 || int32(math.Floor(marks[0].Pos.X)) != c.X || int32(math.Floor(marks[0].Pos.Z)) != c.Z {
					return fmt.Errorf("%s %d: board %d is whole, its last move is %s at %v, but its last-move markers are %v",
						what, h.tick, b.k, game.FormatMove(mv[len(mv)-1], h.res.Plan.Size), c, entityPlaces(marks))
				}
			}
		}
		// Every loaded last-move marker stands on its own board.
		for _, e := range h.m.EntitiesWithTag("gomoku.last") {
			if h.m.Entity(e.UUID) != e || !e.HasTag(fmt.Sprintf("gomoku.b%d", b.k)) {
				continue
			}
			if math.Abs(e.Pos.X-b.home.X) > 20 || math.Abs(e.Pos.Z-b.home.Z) > 20 {
				return fmt.Errorf("%s %d: board %d's last-move marker stands at %.1f %.1f, away from its board", what, h.tick, b.k, e.Pos.X, e.Pos.Z)
			}
		}
		state, _ := h.m.Score(h.holder(b, "#state"), "gomoku.game")
		switch {
		case state == 2 && b.endAt < 0:
			b.endAt, b.told = h.tick, false
			b.games++
		case state != 2:
			b.endAt = -1
		}
	}
	for _, ev := range h.m.Events() {
		for _, b := range h.boards {
			if ev.Player != b.p.Name || b.endAt < 0 || b.told {
				continue
			}
			if ev.Kind == "title" && (strings.HasSuffix(ev.Text, " wins") || ev.Text == "Draw") ||
				ev.Kind == "tellraw" && strings.Contains(ev.Text, "Your Gomoku game is over") {
				b.told = true
			}
		}
	}
	h.m.ClearEvents()
	return nil
}

func fmtMoves(mv []int, n int) string {
	size := int(math.Sqrt(float64(n)))
	s := make([]string, len(mv))
	for i, c := range mv {
		s[i] = game.FormatMove(c, size)
	}
	return strings.Join(s, " ")
}

func entityPlaces(es []*mcvm.Entity) []string {
	var out []string
	for _, e := range es {
		out = append(out, fmt.Sprintf("%.1f %.1f", e.Pos.X, e.Pos.Z))
	}
	return out
}

// away is a place of b's player's own, out of sight of every board.
func (h *habits) away(b *habitBoard) mcvm.Vec3 {
	return mcvm.Vec3{X: b.home.X, Y: 64, Z: 5000 + float64(b.k)*300}
}

// sides are the four ways back to a board.
var sides = [4][2]float64{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}

// walkHome brings b's player back to the board from side d, in steps
// that load it a part at a time, ticking on the way.
func (h *habits) walkHome(b *habitBoard, d int) error {
	h.did("%s walks home from side %d", b.p.Name, d)
	for _, dist := range []float64{120, 56, 44, 36, 28, 8, 0} {
		h.m.MovePlayer(b.p, mcvm.Vec3{X: b.home.X + sides[d][0]*dist, Y: 64, Z: b.home.Z + sides[d][1]*dist}, 0, 0)
		if err := h.check("walk"); err != nil {
			return err
		}
		if dist == 44 && h.rng.IntN(3) == 0 {
			// The menu on the way, the board partly in view: undo.
			if err := h.menu(b, 6); err != nil {
				return err
			}
		}
		if err := h.ticks(1 + h.rng.IntN(3)); err != nil {
			return err
		}
	}
	return nil
}

// click has b's player step onto an empty cell of its board and
// right-click it (the pack refuses it if it is not their turn).
func (h *habits) click(b *habitBoard, at *habitBoard) error {
	mv := h.moves(at)
	taken := map[int]bool{}
	for _, c := range mv {
		taken[c] = true
	}
	var empty []int
	for i := range at.cells {
		if !taken[i] {
			empty = append(empty, i)
		}
	}
	if len(empty) == 0 {
		return nil
	}
	c := empty[h.rng.IntN(len(empty))]
	e := h.m.Entity(at.cellID[c])
	if e == nil {
		return nil
	}
	h.did("%s clicks %s on board %d", b.p.Name, game.FormatMove(c, h.res.Plan.Size), at.k)
	h.m.MovePlayer(b.p, e.Pos, 0, 90)
	if err := h.check("step"); err != nil {
		return err
	}
	if _, err := h.m.ClickEntity(b.p, at.cellID[c], true); err != nil {
		if strings.Contains(err.Error(), "out of reach") || strings.Contains(err.Error(), "no loaded entity") {
			return nil
		}
		return err
	}
	return h.check("click")
}

// run plays steps random habits and then brings every player home until
// the boards settle; every game that ended must have been told to its
// player.
func (h *habits) run(steps int) error {
	for range steps {
		b := h.boards[h.rng.IntN(len(h.boards))]
		if !b.online {
			if h.rng.IntN(3) == 0 {
				h.did("%s logs in", b.p.Name)
				if _, err := h.m.Login(b.p.Name); err != nil {
					return err
				}
				b.online = true
				if err := h.check("login"); err != nil {
					return err
				}
			}
			if err := h.ticks(1 + h.rng.IntN(4)); err != nil {
				return err
			}
			continue
		}
		var err error
		switch r := h.rng.IntN(24); {
		case r < 6 || r >= 20 && h.whole(b): // play on the board they stand at, or their own
			at := b
			for _, o := range h.boards {
				if math.Abs(b.p.Entity().Pos.X-o.home.X) < 20 && math.Abs(b.p.Entity().Pos.Z-o.home.Z) < 20 {
					at = o
				}
			}
			if h.whole(at) {
				err = h.click(b, at)
			}
		case r < 8: // play, then walk off at once
			if h.whole(b) {
				if err = h.click(b, b); err == nil {
					h.did("%s walks away", b.p.Name)
					h.m.MovePlayer(b.p, h.away(b), 0, 0)
					err = h.check("leave")
				}
			}
		case r < 11: // walk away
			h.did("%s walks away", b.p.Name)
			h.m.MovePlayer(b.p, h.away(b), 0, 0)
			err = h.check("leave")
		case r < 14: // come home from a side
			err = h.walkHome(b, h.rng.IntN(4))
		case r < 16: // stand at another board
			o := h.boards[h.rng.IntN(len(h.boards))]
			h.did("%s stands at board %d", b.p.Name, o.k)
			h.m.MovePlayer(b.p, o.home, 0, 0)
			err = h.check("visit")
		case r < 17: // log out
			h.did("%s logs out", b.p.Name)
			if err = h.m.Logout(b.p); err == nil {
				b.online = false
				err = h.check("logout")
			}
		case r < 18: // the menu, wherever they are: undo, or play again
			n := 6
			if b.endAt >= 0 {
				n = 8
			}
			err = h.menu(b, n)
		default:
			err = h.ticks(1 + h.rng.IntN(6))
		}
		if err != nil {
			return err
		}
		if err := h.ticks(1); err != nil {
			return err
		}
	}
	// Everyone back, at home, until no AI is thinking.
	for _, b := range h.boards {
		if !b.online {
			if _, err := h.m.Login(b.p.Name); err != nil {
				return err
			}
			b.online = true
		}
		h.m.MovePlayer(b.p, b.home, 0, 0)
	}
	for range 3000 {
		busy := false
		for _, b := range h.boards {
			if v, _ := h.m.Score(h.holder(b, "#think"), "gomoku.game"); v == 1 {
				busy = true
			}
		}
		if !busy {
			break
		}
		if err := h.ticks(1); err != nil {
			return err
		}
	}
	if err := h.ticks(h.res.Plan.IdleTicks + 2); err != nil {
		return err
	}
	for _, b := range h.boards {
		if b.endAt >= 0 && !b.told {
			return fmt.Errorf("board %d's game ended at tick %d and its player %s was never told", b.k, b.endAt, b.p.Name)
		}
	}
	return nil
}

// toldAway plays a demo (the AI against itself) on board 0 while its
// player is far away and another player stands at the board, and then
// again while its player is logged out: each time the game's end must
// reach the player, at once, or when they come back.
func toldAway(pack *datapack.Pack, res *gen.Result, level int) error {
	h, err := newHabits(pack, res, 2, level, 0)
	if err != nil {
		return err
	}
	a, b := h.boards[0], h.boards[1]
	for round := range 2 {
		if err := h.menu(a, 5); err != nil { // a demo on a's board
			return err
		}
		h.m.MovePlayer(a.p, h.away(a), 0, 0)
		h.m.MovePlayer(b.p, a.home, 0, 0)
		if round == 1 {
			if err := h.m.Logout(a.p); err != nil {
				return err
			}
			a.online = false
		}
		for range 20000 {
			if a.endAt >= 0 {
				break
			}
			if err := h.ticks(1); err != nil {
				return err
			}
		}
		if a.endAt < 0 {
			return fmt.Errorf("round %d: the demo did not end", round)
		}
		if err := h.ticks(2); err != nil {
			return err
		}
		if round == 1 {
			if a.told {
				return fmt.Errorf("round %d: a logged-out player was told", round)
			}
			if _, err := h.m.Login(a.p.Name); err != nil {
				return err
			}
			a.online = true
			if err := h.ticks(res.Plan.IdleTicks + 2); err != nil {
				return err
			}
		}
		if !a.told {
			return fmt.Errorf("round %d: the demo on board 0 ended at tick %d, and its player, %s, was not told", round, a.endAt, []string{"far away", "back from logging out"}[round])
		}
		h.m.MovePlayer(a.p, a.home, 0, 0)
		h.m.MovePlayer(b.p, b.home, 0, 0)
		if err := h.ticks(2); err != nil {
			return err
		}
	}
	return nil
}

// TestGameEndIsToldWhereverThePlayerIs: toldAway, with greedy and the
// lookahead's first level.
func TestGameEndIsToldWhereverThePlayerIs(t *testing.T) {
	for _, c := range []struct {
		profile string
		level   func(*gen.Result) int
	}{
		{"greedy", func(*gen.Result) int { return 0 }},
		{"lookahead", func(r *gen.Result) int { return r.Plan.Look.Levels[0].M }},
	} {
		t.Run(c.profile, func(t *testing.T) {
			res := habitsPack(t, c.profile)
			if err := toldAway(res.Pack, res, c.level(res)); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// habitsPack is the pack of a test of habits: 7×7, freestyle.
func habitsPack(t *testing.T, profile string) *gen.Result {
	return gen.SmallPack(t, 7, game.Freestyle, profile)
}

// TestBoardsFollowPlayersHabits plays the habits above on one, two and
// four boards, with greedy and with the lookahead at each of its levels.
func TestBoardsFollowPlayersHabits(t *testing.T) {
	type run struct {
		name    string
		profile string
		level   int
		boards  []int
		steps   int
	}
	runs := []run{{"greedy", "greedy", 0, []int{1, 2, 4}, 160}}
	look := habitsPack(t, "lookahead")
	for _, lv := range look.Plan.Look.Levels {
		runs = append(runs, run{"lookahead/" + lv.Name, "lookahead", lv.M, []int{1, 2, 4}, 80})
	}
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			res := habitsPack(t, r.profile)
			for _, n := range r.boards {
				if n > len(res.Plan.Slots) {
					continue
				}
				seeds := 2
				if testing.Short() {
					seeds = 1
				}
				for seed := range uint64(seeds) {
					h, err := newHabits(res.Pack, res, n, r.level, seed)
					if err != nil {
						t.Fatalf("%d boards, seed %d: %v", n, seed, err)
					}
					if err := h.run(r.steps); err != nil {
						t.Fatalf("%d boards, seed %d: %v", n, seed, err)
					}
					games := 0
					for _, b := range h.boards {
						games += b.games
					}
					t.Logf("%d boards, seed %d: %d ticks, %d games ended", n, seed, h.tick, games)
				}
			}
		})
	}
}

// clonePack is a copy of p whose files a test may change.
func clonePack(p *datapack.Pack) *datapack.Pack {
	c := *p
	c.Files = maps.Clone(p.Files)
	return &c
}

// clickUntil has b's player click empty cells of its board, ticking,
// until its game has want moves: a click again when the last one did not
// land, ticks while the AI thinks.
func (h *habits) clickUntil(b *habitBoard, want int) error {
	for range 8 {
		if len(h.moves(b)) >= want {
			return nil
		}
		before := len(h.moves(b))
		if err := h.click(b, b); err != nil {
			return err
		}
		for t := 0; t < 3000 && len(h.moves(b)) < want; t++ {
			if t >= 6 && len(h.moves(b)) == before {
				break // the click did not land
			}
			if err := h.ticks(1); err != nil {
				return err
			}
		}
	}
	return fmt.Errorf("board %d: %d moves, want %d", b.k, len(h.moves(b)), want)
}

// staleCursor is the play that left a copy of the cursor (one UUID for
// every board) in board 0's chunks while board 1 came into play, then
// brought board 0's player back before board 1's, so that board 0's copy
// came back and board 1's was dropped, and then acted on board 1 by way
// of via: "loop" (its AI's move), "click" or "menu" (an undo). Nothing
// of board 1's game may land on board 0, and no copy of the cursor may
// be left anywhere between calls.
func staleCursor(pack *datapack.Pack, res *gen.Result, via string) error {
	h, err := newHabits(pack, res, 2, 0, 0)
	if err != nil {
		return err
	}
	a, b := h.boards[0], h.boards[1]
	// Board 0 in play: its player's move and the AI's reply.
	if err := h.clickUntil(a, 2); err != nil {
		return err
	}
	h.m.MovePlayer(a.p, h.away(a), 0, 0) // board 0 unloads, cursor and all
	if err := h.ticks(2); err != nil {
		return err
	}
	// Board 1 comes into play for its player's move; for "loop" its
	// player walks off before the AI replies, else after.
	want := 2
	if via == "loop" {
		want = 1
	}
	if err := h.clickUntil(b, want); err != nil {
		return err
	}
	if via == "loop" && len(h.moves(b)) != 1 {
		return fmt.Errorf("board 1's AI replied before its player left")
	}
	h.m.MovePlayer(b.p, h.away(b), 0, 0)
	h.m.MovePlayer(a.p, a.home, 0, 0) // board 0's copy of the cursor comes back
	h.m.MovePlayer(b.p, b.home, 0, 0) // board 1's is dropped
	if err := h.check("back"); err != nil {
		return err
	}
	switch via {
	case "loop":
		err = h.ticks(4)
	case "click":
		if err = h.click(b, b); err == nil {
			err = h.ticks(4)
		}
	case "menu":
		err = h.menuFunction(b, "gomoku:undo")
	}
	if err != nil {
		return err
	}
	if n := len(h.moves(b)); via == "loop" && n != 2 || via == "click" && n != 4 || via == "menu" && n != 0 {
		return fmt.Errorf("via %s: board 1's game has %d moves after it", via, n)
	}
	return nil
}

// TestStaleCursorNeverPlays: staleCursor by every way.
func TestStaleCursorNeverPlays(t *testing.T) {
	res := habitsPack(t, "greedy")
	for _, via := range []string{"loop", "click", "menu"} {
		if err := staleCursor(res.Pack, res, via); err != nil {
			t.Errorf("via %s: %v", via, err)
		}
	}
}

// redrawnOnReturn spoils board 1 (two boards, board 0 in play): a stone
// taken off, a stone put on an empty cell, the last-move marker killed,
// as an older pack or a player's hands could have left it; then its
// player walks away and comes back, and within a few ticks of the board
// being whole again it must show its game.
func redrawnOnReturn(pack *datapack.Pack, res *gen.Result) error {
	h, err := newHabits(pack, res, 2, 0, 0)
	if err != nil {
		return err
	}
	a, b := h.boards[0], h.boards[1]
	if err := h.clickUntil(b, 2); err != nil {
		return err
	}
	if err := h.clickUntil(a, 2); err != nil { // board 0 in play
		return err
	}
	mv := h.moves(b)
	empty := -1
	for i := range b.cells {
		if i != mv[0] && i != mv[1] {
			empty = i
			break
		}
	}
	for _, cmd := range []string{
		fmt.Sprintf("setblock %d %d %d %s", b.cells[mv[0]].X, b.cells[mv[0]].Y, b.cells[mv[0]].Z, h.empty),
		fmt.Sprintf("setblock %d %d %d %s", b.cells[empty].X, b.cells[empty].Y, b.cells[empty].Z, h.stones[1]),
		"kill @e[type=minecraft:block_display,tag=gomoku.last,tag=gomoku.b1]",
	} {
		if _, err := h.m.RunCommand(nil, cmd); err != nil {
			return err
		}
	}
	h.did("board 1 spoilt")
	h.m.MovePlayer(b.p, h.away(b), 0, 0)
	for range 3 {
		if _, err := h.m.Tick(); err != nil {
			return err
		}
	}
	h.m.MovePlayer(b.p, b.home, 0, 0)
	for range res.Plan.IdleTicks + 4 {
		if _, err := h.m.Tick(); err != nil {
			return err
		}
	}
	return h.check("back in view")
}

// TestBoardRedrawnWhenBackInView: redrawnOnReturn, with greedy and the
// lookahead.
func TestBoardRedrawnWhenBackInView(t *testing.T) {
	for _, profile := range []string{"greedy", "lookahead"} {
		res := habitsPack(t, profile)
		if err := redrawnOnReturn(res.Pack, res); err != nil {
			t.Errorf("%s: %v", profile, err)
		}
	}
}

// TestLoadingGuardsPlanted takes each of the pack's guards for the world
// as it loads out of a copy of the pack, and requires the tests above to
// fail with the copy: each guard is there for something they see.
func TestLoadingGuardsPlanted(t *testing.T) {
	res := habitsPack(t, "greedy")
	habitsFail := func(p *datapack.Pack) error {
		for _, n := range []int{2, 4} {
			for seed := range uint64(6) {
				h, err := newHabits(p, res, n, 0, seed)
				if err != nil {
					return err
				}
				if err := h.run(160); err != nil {
					return fmt.Errorf("%d boards, seed %d: %w", n, seed, err)
				}
			}
		}
		return nil
	}
	toldFails := func(p *datapack.Pack) error { return toldAway(p, res, 0) }
	redrawn := func(p *datapack.Pack) error { return redrawnOnReturn(p, res) }
	stale := func(via string) func(*datapack.Pack) error {
		return func(p *datapack.Pack) error { return staleCursor(p, res, via) }
	}
	for _, c := range []struct {
		name      string
		file, cut string // in the files whose path contains file, the lines containing cut
		put       string // what replaces each
		scenario  func(*datapack.Pack) error
	}{
		{"the AI moves only on a whole board", "/game/tick.", " if function gomoku:slot/whole run ", " run ", habitsFail},
		{"a waiting click plays only on a whole board", "/click/board.", "unless function gomoku:slot/whole", "", habitsFail},
		{"the menu acts only on a whole board", "/slot/act.", "unless function gomoku:slot/whole", "", habitsFail},
		{"the loop puts the cursor on the board in play", "/loop.", "function gomoku:slot/place", "", stale("menu")},
		{"a click puts the cursor on the board in play", "/click/board.", "run function gomoku:slot/place", "", stale("click")},
		{"the cursor lives one call", "/loop.", "kill " + res.Plan.Origin.ID, "", habitsFail},
		{"a click's cursor lives one call", "/click/handle.", "kill " + res.Plan.Origin.ID, "", habitsFail},
		{"gomoku:new's cursor lives one call", "/new.", "kill " + res.Plan.Origin.ID, "", habitsFail},
		{"a menu function puts the cursor on the board", "/slot/act.", "function gomoku:slot/place", "", stale("menu")},
		{"a menu function's cursor lives one call", "/undo.", "kill " + res.Plan.Origin.ID, "", stale("menu")},
		{"a board back in view is drawn again", "/slot/serve.", "gomoku:slot/redraw", "", redrawn},
		{"a board back in view is seen", "/loop.", "gomoku:slot/view/", "", redrawn},
		{"the end is told to players away", "/ui/over.", "gomoku:ui/result/far", "", toldFails},
		{"the end is told to players back", "/loop/run.", "function gomoku:ui/returns", "", toldFails},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := clonePack(res.Pack)
			cut := 0
			for path, body := range p.Files {
				if !strings.Contains(path, c.file) {
					continue
				}
				var out []string
				for _, l := range strings.SplitAfter(string(body), "\n") {
					if strings.Contains(l, c.cut) && !strings.HasPrefix(l, "#") {
						cut++
						if c.put == "" {
							continue
						}
						l = strings.Replace(l, c.cut, c.put, 1)
					}
					out = append(out, l)
				}
				p.Files[path] = []byte(strings.Join(out, ""))
			}
			if cut == 0 {
				t.Fatalf("no line of %s has %q", c.file, c.cut)
			}
			if err := c.scenario(p); err == nil {
				t.Fatalf("with %d lines changed, the boards still agreed with their games and every end was told", cut)
			} else {
				t.Logf("caught as expected: %v", err)
			}
		})
	}
}
