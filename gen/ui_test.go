package gen

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/mcvm"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// said returns the text of every message (chat, title, actionbar) since
// the last call, and forgets them.
func (g *vmGame) said() string {
	var b strings.Builder
	for _, e := range g.m.Events() {
		if e.Kind != "playsound" {
			b.WriteString(e.Kind + ": " + e.Text + "\n")
		}
	}
	g.m.ClearEvents()
	return b.String()
}

func (g *vmGame) expectSaid(what, want string) {
	g.t.Helper()
	if s := g.said(); !strings.Contains(s, want) {
		g.t.Errorf("%s: want a message containing %q, got:\n%s", what, want, s)
	}
}

// cellBlock is the block of cell i's surface.
func (g *vmGame) cellBlock(i int) string {
	p, ok := g.at[i]
	if !ok {
		g.t.Fatalf("cell %d: not found on the board", i)
	}
	return g.m.Block(p[0], p[1], p[2])
}

func (g *vmGame) glowing() int {
	return len(g.m.EntitiesWithTag("gomoku.win"))
}

func TestVMUserInterface(t *testing.T) {
	cfg := smallConfig(7, game.Freestyle)
	in, err := FromConfig(cfg, "")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Generate(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := newVMGame(t, res)
	pk := cfg.Pack
	// The board: frame corners, surface, one cell entity per cell (checked
	// by newVMGame), the player lifted onto it.
	if b := g.m.Block(-4, 64, -4); b != pk.Frame {
		t.Errorf("frame corner: got %s, want %s", b, pk.Frame)
	}
	if b := g.cellBlock(0); b != pk.Board {
		t.Errorf("cell 0: got %s, want %s", b, pk.Board)
	}
	if y := g.p.Entity().Pos.Y; y != 65 {
		t.Errorf("player at y=%v after new, want 65 (on the board)", y)
	}
	g.said()

	g.click(24)
	if b := g.cellBlock(24); b != pk.Black {
		t.Errorf("after a click the cell is %s, want %s", b, pk.Black)
	}
	if len(g.m.EntitiesWithTag("gomoku.last")) != 1 {
		t.Error("no last-move marker")
	}
	g.click(25) // the AI moves on the next tick
	g.expectSaid("click while the AI thinks", "Not your turn")
	if n := len(g.moves()); n != 1 {
		t.Fatalf("a refused click changed the game: %d moves", n)
	}
	g.tick()
	if n := len(g.moves()); n != 2 {
		t.Fatalf("the AI did not answer on the next tick: %d moves", n)
	}
	ai := g.moves()[1]
	if b := g.cellBlock(ai); b != pk.White {
		t.Errorf("AI's cell is %s, want %s", b, pk.White)
	}
	g.said()
	g.click(ai)
	g.expectSaid("click on an occupied cell", "taken")
	if n := len(g.moves()); n != 2 {
		t.Fatalf("a refused click changed the game: %d moves", n)
	}

	// Undo takes back the AI's reply and the player's move.
	g.call("gomoku:undo")
	if n := len(g.moves()); n != 0 {
		t.Fatalf("undo left %d moves, want 0", n)
	}
	if g.cellBlock(24) != pk.Board || g.cellBlock(ai) != pk.Board {
		t.Error("undo left stones on the board")
	}
	b := game.MustBoard(7, game.Freestyle)
	g.checkTotals(res.Plan.model, b)

	// A whole game: the player plays native greedy's moves.
	human := player.NewGreedy(cfg.Weights, player.Options{})
	native := player.NewGreedy(cfg.Weights, player.Options{})
	for !b.Over() {
		mv, _ := human.Move(context.Background(), b)
		g.click(mv)
		b.Play(mv)
		if b.Over() {
			break
		}
		aiMove(t, g, b, native, 0)
	}
	if g.score("#state", "gomoku.game") != 2 {
		t.Fatal("the pack did not end the game")
	}
	text := g.said()
	want := map[game.Colour]string{game.Black: "Black wins", game.White: "White wins", game.Empty: "Draw"}[b.Winner()]
	if !strings.Contains(text, "title: "+want) {
		t.Errorf("end of game: want title %q, got:\n%s", want, text)
	}
	if b.Winner() != game.Empty && g.glowing() != len(b.WinningLine()) {
		t.Errorf("%d glowing stones, want the winning line's %d", g.glowing(), len(b.WinningLine()))
	}
	g.click(b.History()[0]) // any cell
	g.expectSaid("click after the end", "The game is over")

	// Undo reopens the game.
	g.call("gomoku:undo")
	if g.score("#state", "gomoku.game") != 1 || g.glowing() != 0 {
		t.Error("undo after the end did not reopen the game")
	}

	// Restart empties the board; resign ends the game for the AI.
	g.call("gomoku:restart")
	if len(g.moves()) != 0 || g.cellBlock(b.History()[0]) != pk.Board || len(g.m.EntitiesWithTag("gomoku.last")) != 0 {
		t.Error("restart left stones or markers")
	}
	g.call("gomoku:resign")
	if g.score("#state", "gomoku.game") != 2 || g.score("#winner", "gomoku.game") != 2 {
		t.Error("resigning against a white AI should make white win")
	}
	g.said()

	// AI vs AI: the demo plays itself to the end, like native self-play.
	g.call("gomoku:mode/demo")
	g.click(24)
	g.expectSaid("click in a demo", "AI vs AI demo")
	self := game.MustBoard(7, game.Freestyle)
	pl := player.NewGreedy(cfg.Weights, player.Options{})
	for !self.Over() {
		mv, _ := pl.Move(context.Background(), self)
		self.Play(mv)
	}
	for k := 0; k < 20*len(self.History()) && g.score("#state", "gomoku.game") == 1; k++ {
		g.tick()
	}
	if got := g.moves(); !equalInts(got, self.History()) {
		t.Errorf("demo game %v, native self-play %v", got, self.History())
	}

	// uninstall removes every objective, entity and block of the pack.
	g.call("gomoku:uninstall")
	for _, o := range res.Plan.Objectives {
		if g.m.Objective(o.Name) != nil {
			t.Errorf("objective %s survived uninstall", o.Name)
		}
	}
	for _, e := range g.m.Entities() {
		if e.HasTag("gomoku.entity") {
			t.Errorf("entity %s survived uninstall", e.Type())
		}
	}
	if b := g.cellBlock(24); b != "minecraft:air" {
		t.Errorf("a board block survived uninstall: %s", b)
	}
	if st := g.m.Storage("gomoku:state"); st != nil && st.Len() > 0 {
		t.Errorf("storage survived uninstall: %v", st.Keys())
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestVMRenjuForbiddenClick: a forbidden click is refused with a message
// and changes nothing.
func TestVMRenjuForbiddenClick(t *testing.T) {
	res := renjuPack(t)
	g := newVMGame(t, res)
	g.call("gomoku:mode/pvp")
	// Black d4 e4 / d5 e6 with white far away: black on e5? Build a double
	// three: black at c3? Simpler: stones making _XX_ twice crossing at e5.
	b := game.MustBoard(9, game.Renju)
	moves := []string{"c5", "a1", "d5", "a9", "e3", "i1", "e4", "i9"}
	for _, s := range moves {
		mv, err := game.ParseMove(s, 9)
		if err != nil {
			t.Fatal(err)
		}
		g.click(mv)
		if err := b.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	e5, _ := game.ParseMove("e5", 9)
	if !b.Forbidden(e5) {
		t.Fatal("test set-up: e5 should be a double three")
	}
	g.said()
	g.click(e5)
	g.expectSaid("forbidden click", "Forbidden for black")
	if n := len(g.moves()); n != len(moves) {
		t.Fatalf("a forbidden click changed the game: %d moves", n)
	}
	if b := g.cellBlock(e5); b != res.Plan.Pack.Board {
		t.Errorf("a forbidden click left %s on the cell", b)
	}
	g.checkTotals(res.Plan.model, b)
	_ = mcvm.Vec3{}
}

// TestVMRenjuAIExcludesForbidden: the AI playing black whose best cell is
// a double three takes, like native greedy, the best legal cell instead,
// over more than one tick.
func TestVMRenjuAIExcludesForbidden(t *testing.T) {
	cfg := smallConfig(9, game.Renju)
	in, err := FromConfig(cfg, "")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Generate(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := newVMGame(t, res)
	g.call("gomoku:mode/pvp")
	b := game.MustBoard(9, game.Renju)
	for _, s := range []string{"c5", "a1", "d5", "a9", "e3", "i1", "e4", "i9"} {
		mv, _ := game.ParseMove(s, 9)
		g.click(mv)
		b.Play(mv)
	}
	// Hand black to the AI without restarting the game.
	g.console("scoreboard players set #mode gomoku.game 0")
	g.console("scoreboard players set #aicol gomoku.game 1")
	g.console("function gomoku:game/next")
	native := player.NewGreedy(cfg.Weights, player.Options{})
	st := native
	want, err := st.Move(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	best, _ := st.State().Best(game.Black, nil, nil)
	if !b.Forbidden(best) {
		t.Fatalf("test set-up: black's best cell %s should be forbidden", game.FormatMove(best, 9))
	}
	ticks := 0
	for ; ticks < 20 && len(g.moves()) == b.Moves(); ticks++ {
		g.tick()
	}
	got := g.moves()
	if len(got) != b.Moves()+1 || got[len(got)-1] != want {
		t.Fatalf("the pack's AI played %v, native greedy %s", got[b.Moves():], game.FormatMove(want, 9))
	}
	if ticks < 2 {
		t.Errorf("the AI moved within %d tick(s): the forbidden check should have pushed the choice to a later tick", ticks)
	}
	if n := len(g.m.EntitiesWithTag("gomoku.cell")); n != 81 {
		t.Errorf("%d cells", n)
	}
	for i := 0; i < 81; i++ {
		if _, ok := g.m.Score(fmt.Sprint("#", i), "gomoku.excl"); ok {
			t.Errorf("cell %d is still excluded after the move", i)
		}
	}
}

// TestVMSurvivesReload: #minecraft:load runs again on /reload; the game in
// progress (board, turn, AI state) carries on unchanged.
func TestVMSurvivesReload(t *testing.T) {
	cfg := smallConfig(9, game.Freestyle)
	in, err := FromConfig(cfg, "")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Generate(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := newVMGame(t, res)
	b := game.MustBoard(9, game.Freestyle)
	native := player.NewGreedy(cfg.Weights, player.Options{})
	for _, mv := range []int{40, 41} {
		g.click(mv)
		b.Play(mv)
		aiMove(t, g, b, native, 0)
	}
	g.console("function gomoku:load")
	if n := len(g.moves()); n != b.Moves() || g.score("#state", "gomoku.game") != 1 {
		t.Fatalf("after a reload: %d moves, state %d", n, g.score("#state", "gomoku.game"))
	}
	g.checkTotals(g.model, b)
	g.click(30)
	b.Play(30)
	aiMove(t, g, b, native, 0)
}

// TestVMNoise: weights with noise compile to a scan that draws `random
// value` per cell; the AI still plays legal moves (its choices are random,
// so they are not compared with the native player's).
func TestVMNoise(t *testing.T) {
	cfg := smallConfig(7, game.Freestyle)
	cfg.Weights.Noise = 50
	in, err := FromConfig(cfg, "")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Generate(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := newVMGame(t, res)
	b := game.MustBoard(7, game.Freestyle)
	for _, mv := range []int{24, 10, 38} {
		if b.Legal(mv) != nil {
			continue
		}
		g.click(mv)
		b.Play(mv)
		for k := 0; k < 5 && len(g.moves()) == b.Moves(); k++ {
			g.tick()
		}
		got := g.moves()
		if len(got) != b.Moves()+1 {
			t.Fatal("the AI did not move")
		}
		if err := b.Play(got[len(got)-1]); err != nil {
			t.Fatalf("the AI played an illegal move: %v", err)
		}
	}
}

// TestVMClicksOnEveryRelease plays the opening of a game by clicks on the
// releases on either side of 26.2's change of entity predicates: each
// loads the pack through its own overlay, and its click advancements
// (field form up to 26.1, map form from 26.2) deliver the clicks.
func TestVMClicksOnEveryRelease(t *testing.T) {
	res := smallPack(t, 7, game.Freestyle, "greedy")
	for _, version := range []string{"1.21.5", "1.21.11", "26.1", "26.2"} {
		t.Run(version, func(t *testing.T) {
			g, err := packplay.Open(res.Pack, packplay.Options{Seed: 1, Version: version})
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Start(packplay.ModeAI, game.White); err != nil {
				t.Fatal(err)
			}
			ok, reason, err := g.Click(24)
			if err != nil || !ok {
				t.Fatalf("click on the centre: accepted %v (%s), %v", ok, reason, err)
			}
			if _, _, err := g.AIMove(); err != nil {
				t.Fatal(err)
			}
			if n := g.Board().Moves(); n != 2 {
				t.Errorf("%d stones after a click and the AI's reply, want 2", n)
			}
		})
	}
}
