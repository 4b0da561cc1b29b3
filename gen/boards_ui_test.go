package gen

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/mcvm"
)

// boardScore reads a score of board slot's game, in play or in its copy.
func (g *vmGame) boardScore(slot int, holder, obj string) int32 {
	if a := g.score("#active", "gomoku.boards"); int(a) != slot {
		holder = CopyHolder(slot, holder)
	}
	return g.score(holder, obj)
}

// standsBoard says whether a board's frame stands around centre x 64 z.
func (g *vmGame) standsBoard(res *Result, x, z int32) bool {
	f := int32(res.Plan.Half + 1)
	return g.m.Block(x-f, 64, z-f) == res.Plan.Pack.Frame
}

// menu has the player use the menu trigger, and lets the loop answer it
// (and bring the board into play first, if it must).
func (g *vmGame) menu(n int) {
	g.t.Helper()
	g.console("scoreboard players set %s gomoku.menu %d", g.p.Name, n)
	for range 4 {
		g.tick()
	}
}

// TestVMBoardsRules: who may build, use and remove which board. A
// player's board limit, the slots running out, the menu acting on the
// board the player stands at, the menu's removal only for the builder,
// an operator's for any.
func TestVMBoardsRules(t *testing.T) {
	cfg := smallConfig(5, game.Freestyle)
	cfg.Pack.Boards, cfg.Pack.BoardsPerPlayer = 3, 1
	res := packOf(t, cfg, "greedy")
	alex := newVMGame(t, res)
	alex.said()
	// A second gomoku:new of a player with their one board rebuilds it.
	alex.m.MovePlayer(alex.p, mcvm.Vec3{X: 100.5, Y: 64, Z: 0.5}, 0, 0)
	alex.call("gomoku:new")
	alex.tick()
	if alex.standsBoard(res, 0, 0) || !alex.standsBoard(res, 100, 0) {
		t.Fatalf("a second board of a player with a limit of 1: the first stands %v, the new one %v", alex.standsBoard(res, 0, 0), alex.standsBoard(res, 100, 0))
	}
	if u := alex.score("#used1", "gomoku.boards"); u != 0 {
		t.Fatalf("the rebuilt board took a second slot")
	}
	alex.cx, alex.cz = 100, 0
	alex.findCells()
	steve := alex.join("Steve", 1, 0.5, 50.5)
	steve.call("gomoku:new")
	steve.tick()
	carl := alex.join("Carl", 2, 0.5, 100.5)
	carl.call("gomoku:new")
	carl.tick()
	for k, g := range []*vmGame{alex, steve, carl} {
		if u := g.score(fmt.Sprintf("#used%d", k), "gomoku.boards"); u != 1 {
			t.Fatalf("%s's board is not in slot %d", g.p.Name, k)
		}
	}
	// A board cannot be built over another.
	if !steve.standsBoard(res, 0, 50) {
		t.Fatal("Steve's board does not stand")
	}
	steve.m.MovePlayer(steve.p, mcvm.Vec3{X: 104.5, Y: 64, Z: 3.5}, 0, 0)
	steve.said()
	steve.call("gomoku:new")
	steve.expectSaid("a board over another", "it would overlap another board")
	if !steve.standsBoard(res, 0, 50) {
		t.Fatal("a refused board over another removed the builder's own")
	}
	dana := alex.join("Dana", 0, 0.5, 150.5)
	dana.said()
	dana.call("gomoku:new")
	dana.expectSaid("a fourth board of three", "all 3 boards of this world are in use")
	if dana.standsBoard(res, 0, 150) {
		t.Fatal("a fourth board was built")
	}

	// The menu acts on the board its player stands at: Steve at Alex's
	// board chooses two players there; his own board keeps its mode.
	steve.m.MovePlayer(steve.p, mcvm.Vec3{X: 101.5, Y: 65, Z: 1.5}, 0, 0)
	steve.menu(4)
	if m := steve.boardScore(0, "#mode", "gomoku.game"); m != 1 {
		t.Errorf("the menu's [Two players] at Alex's board: its mode is %d, want 1", m)
	}
	if m := steve.boardScore(1, "#mode", "gomoku.game"); m != 0 {
		t.Errorf("the menu at Alex's board changed Steve's own board's mode to %d", m)
	}
	// Away from every board, the board he last played on: Alex's (but
	// not while its chunks are unloaded).
	steve.m.MovePlayer(steve.p, mcvm.Vec3{X: 300.5, Y: 64, Z: 300.5}, 0, 0)
	u, _ := mcvm.ParseUUID(res.Plan.Slots[0].Origin.ID)
	origin0 := steve.m.Entity(u)
	origin0.Dim = "gomoku:elsewhere" // as good as unloaded: no selector finds it
	steve.said()
	steve.menu(2)
	steve.expectSaid("the menu far from an unloaded board", "No board here")
	origin0.Dim = "minecraft:overworld"
	steve.m.MovePlayer(steve.p, mcvm.Vec3{X: 300.5, Y: 64, Z: 300.5}, 0, 0)
	steve.menu(2)
	if m, c := steve.boardScore(0, "#mode", "gomoku.game"), steve.boardScore(0, "#aicol", "gomoku.game"); m != 0 || c != 2 {
		t.Errorf("[Play black] away from the boards: the last played board's mode %d, AI colour %d, want 0 and 2", m, c)
	}

	// A board not in play still says whose turn it is, to the players at it.
	carl.m.MovePlayer(carl.p, mcvm.Vec3{X: 0.5, Y: 65, Z: 100.5}, 0, 0)
	carl.m.ClearEvents()
	for range 2 * res.Plan.StatusTicks {
		carl.tick()
	}
	if a := carl.score("#active", "gomoku.boards"); a == 2 {
		t.Fatal("Carl's board is in play: the test wants one that is not")
	}
	status := ""
	for _, e := range carl.m.Events() {
		if e.Player == "Carl" && e.Kind == "actionbar" {
			status = e.Text
		}
	}
	if !strings.Contains(status, "Your move") {
		t.Errorf("at a board not in play, Carl's actionbar says %q, want whose move it is", status)
	}

	// [Remove board] is the builder's; an operator's gomoku:remove, anyone's.
	steve.m.MovePlayer(steve.p, mcvm.Vec3{X: 101.5, Y: 65, Z: 1.5}, 0, 0)
	steve.said()
	steve.menu(10)
	steve.expectSaid("[Remove board] at someone else's board", "Only the player who built this board")
	if !steve.standsBoard(res, 100, 0) {
		t.Fatal("the menu removed a board for someone who did not build it")
	}
	steve.call("gomoku:remove")
	if steve.standsBoard(res, 100, 0) || steve.score("#used0", "gomoku.boards") != 0 {
		t.Fatal("an operator's gomoku:remove left the board")
	}
	// Its slot is free again.
	dana.call("gomoku:new")
	dana.tick()
	if !dana.standsBoard(res, 0, 150) || dana.score("#used0", "gomoku.boards") != 1 {
		t.Fatal("no board in the freed slot")
	}
	// A board may be rebuilt overlapping where it stood: it goes first.
	dana.m.MovePlayer(dana.p, mcvm.Vec3{X: 0.5, Y: 64, Z: 152.5}, 0, 0)
	dana.said()
	dana.call("gomoku:new")
	dana.tick()
	if !dana.standsBoard(res, 0, 152) || dana.score("#used0", "gomoku.boards") != 1 {
		t.Fatalf("a board rebuilt two blocks from where it stood is not there: %s", dana.said())
	}
	// The builder's own [Remove board] works.
	carl.m.MovePlayer(carl.p, mcvm.Vec3{X: 0.5, Y: 65, Z: 100.5}, 0, 0)
	carl.menu(10)
	if carl.standsBoard(res, 0, 100) {
		t.Fatal("[Remove board] by its builder left it")
	}
}

// TestVMBoardsPerPlayer: with a limit of two, a player's third board
// rebuilds the one they last played on.
func TestVMBoardsPerPlayer(t *testing.T) {
	cfg := smallConfig(5, game.Freestyle)
	cfg.Pack.Boards, cfg.Pack.BoardsPerPlayer = 3, 2
	res := packOf(t, cfg, "greedy")
	g := newVMGame(t, res)
	g.m.MovePlayer(g.p, mcvm.Vec3{X: 50.5, Y: 64, Z: 0.5}, 0, 0)
	g.call("gomoku:new")
	g.tick()
	if !g.standsBoard(res, 0, 0) || !g.standsBoard(res, 50, 0) {
		t.Fatal("a player with a limit of two has not two boards")
	}
	// He plays on the first again, then builds a third: the first goes.
	g.m.MovePlayer(g.p, mcvm.Vec3{X: 0.5, Y: 65, Z: 0.5}, 0, 0)
	g.menu(8)
	if cur := g.score(g.p.Name, "gomoku.cur"); cur != 0 {
		t.Fatalf("after using the menu at the first board, the player's board is %d", cur)
	}
	g.m.MovePlayer(g.p, mcvm.Vec3{X: 100.5, Y: 64, Z: 0.5}, 0, 0)
	g.call("gomoku:new")
	g.tick()
	if g.standsBoard(res, 0, 0) || !g.standsBoard(res, 50, 0) || !g.standsBoard(res, 100, 0) {
		t.Fatalf("the third board: the boards at 0, 50, 100 stand %v %v %v, want false true true",
			g.standsBoard(res, 0, 0), g.standsBoard(res, 50, 0), g.standsBoard(res, 100, 0))
	}
}

// TestVMBoardFacesItsBuilder: a board lies as drawn for the player who
// built it, whichever way they faced: cell 0 (a picture's top left) at
// the far left corner, x growing to their right, y towards them.
func TestVMBoardFacesItsBuilder(t *testing.T) {
	res := smallPack(t, 5, game.Freestyle, "greedy")
	for _, yaw := range []float32{0, 90, 180, 270, -90, 725} {
		t.Run(fmt.Sprint(yaw), func(t *testing.T) {
			g := newVMPlayer(t, res)
			g.m.MovePlayer(g.p, mcvm.Vec3{X: 0.5, Y: 64, Z: 0.5}, yaw, 0)
			g.call("gomoku:new")
			g.tick()
			g.findCells()
			// The builder's forward and right, snapped to the nearest axis.
			q := int(math.Round(float64(yaw)/90)) & 3
			fwd := [4][2]int32{{0, 1}, {-1, 0}, {0, -1}, {1, 0}}[q]
			right := [2]int32{-fwd[1], fwd[0]}
			n, h := int32(res.Plan.Size), int32(res.Plan.Half)
			at := func(i int) [2]int32 { return [2]int32{g.at[i][0], g.at[i][2]} }
			want0 := [2]int32{h*fwd[0] - h*right[0], h*fwd[1] - h*right[1]}
			if at(0) != want0 {
				t.Errorf("cell 0 at %v, want the far left corner %v", at(0), want0)
			}
			if d := [2]int32{at(1)[0] - at(0)[0], at(1)[1] - at(0)[1]}; d != right {
				t.Errorf("x grows along %v, want the builder's right %v", d, right)
			}
			if d := [2]int32{at(int(n))[0] - at(0)[0], at(int(n))[1] - at(0)[1]}; d != [2]int32{-fwd[0], -fwd[1]} {
				t.Errorf("y grows along %v, want towards the builder %v", d, [2]int32{-fwd[0], -fwd[1]})
			}
			// And it plays: a stone lands where it was clicked.
			g.click(1)
			if b := g.cellBlock(1); b != res.Plan.Pack.Black {
				t.Errorf("after a click on cell 1: %s", b)
			}
		})
	}
}
