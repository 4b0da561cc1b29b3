package packplay_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/gen"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// packs caches generated packs by config, so the tests generate each once.
var packs sync.Map

func genPack(t testing.TB, size int, rule game.Rule, profile string) (*config.Config, *datapack.Pack) {
	t.Helper()
	cfg := config.Default()
	cfg.Game.Size, cfg.Game.Rule = size, rule
	key := fmt.Sprint(size, rule, profile)
	if p, ok := packs.Load(key); ok {
		return cfg, p.(*datapack.Pack)
	}
	in, err := gen.FromConfig(cfg, profile)
	if err != nil {
		t.Fatal(err)
	}
	res, err := gen.Generate(in, gen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	packs.Store(key, res.Pack)
	return cfg, res.Pack
}

func open(t testing.TB, p *datapack.Pack) *packplay.Game {
	t.Helper()
	g, err := packplay.Open(p, packplay.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustClick(t *testing.T, g *packplay.Game, i int) {
	t.Helper()
	ok, why, err := g.Click(i)
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		t.Fatalf("click on %s refused: %s", game.FormatMove(i, g.Size), why)
	}
}

func TestOpenReadsThePack(t *testing.T) {
	for _, tc := range []struct {
		size    int
		rule    game.Rule
		profile string
	}{
		{15, game.Freestyle, packplay.Greedy},
		{9, game.Renju, packplay.Greedy},
		{7, game.Standard, packplay.Greedy},
		{9, game.Freestyle, packplay.Seed000},
	} {
		_, p := genPack(t, tc.size, tc.rule, tc.profile)
		g := open(t, p)
		if g.Size != tc.size || g.Rule != tc.rule || g.Profile != tc.profile {
			t.Errorf("got %d×%d %v %s, want %d×%d %v %s", g.Size, g.Size, g.Rule, g.Profile, tc.size, tc.size, tc.rule, tc.profile)
		}
		if m, ai := g.Mode(); m != packplay.ModeAI || ai != game.White {
			t.Errorf("after Open: mode %v, AI %v; want the AI playing white", m, ai)
		}
	}
}

func TestOpenRefusesOtherPacks(t *testing.T) {
	p := datapack.New()
	p.Files["pack.mcmeta"] = []byte(`{"pack":{"description":"x","pack_format":71}}`)
	p.Files["data/other/function/hello.mcfunction"] = []byte("say hi\n")
	if _, err := packplay.Open(p, packplay.Options{}); err == nil || !strings.Contains(err.Error(), "not a Gomoku pack") {
		t.Errorf("got %v, want a refusal", err)
	}
}

// TestCompleteGame plays a whole game through the pack's user interface:
// clicks refused for a taken cell, out of turn and after the end (each
// changing nothing), an undo, every AI move checked against native greedy,
// and the win announced with its winning line.
func TestCompleteGame(t *testing.T) {
	cfg, p := genPack(t, 15, game.Freestyle, packplay.Greedy)
	g := open(t, p)
	native := player.NewGreedy(cfg.Weights, player.Options{})
	human := player.NewGreedy(cfg.Weights, player.Options{})
	rng := rand.New(rand.NewPCG(3, 4))
	b := game.MustBoard(15, game.Freestyle)
	undone, refusedTaken, refusedTurn := false, false, false
	for !b.Over() {
		mv, err := human.Move(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if b.Moves() < 8 { // a less predictable start
			for b.Legal(mv) != nil || mv == b.Cells()/2 && b.Moves() > 0 {
				mv = rng.IntN(b.Cells())
			}
		}
		mustClick(t, g, mv)
		b.Play(mv)
		if b.Over() {
			break
		}
		if !refusedTurn {
			// The AI thinks until the next tick: a click now is refused.
			refusedTurn = true
			wantRefused(t, g, b, firstEmpty(b), "Not your turn")
		}
		want, err := native.Move(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		got, cost, err := g.AIMove()
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("after %v the pack played %s, native greedy %s", b.History(), game.FormatMove(got, 15), game.FormatMove(want, 15))
		}
		if cost.Ticks != 1 {
			t.Errorf("the AI took %d ticks, want 1 (freestyle: one call)", cost.Ticks)
		}
		b.Play(got)
		if !refusedTaken {
			refusedTaken = true
			wantRefused(t, g, b, got, "taken")
		}
		if !undone && b.Moves() == 10 {
			undone = true
			n, err := g.Undo()
			if err != nil {
				t.Fatal(err)
			}
			if n != 2 {
				t.Fatalf("undo took back %d stones, want 2 (the AI's reply and the player's move)", n)
			}
			b.Undo()
			b.Undo()
			if !slices.Equal(g.Board().History(), b.History()) {
				t.Fatalf("after undo the pack shows %v, want %v", g.Board().History(), b.History())
			}
		}
	}
	if !undone || !refusedTaken || !refusedTurn {
		t.Fatalf("the game ended after %d moves, before the test could try everything", b.Moves())
	}
	if b.Winner() == game.Empty {
		t.Fatalf("draw after %v; the test wants a win", b.History())
	}
	title := map[game.Colour]string{game.Black: "title: Black wins", game.White: "title: White wins"}[b.Winner()]
	if !slices.Contains(g.Titles(), title) {
		t.Errorf("end of game: titles %q, want %q", g.Titles(), title)
	}
	line := slices.Clone(b.WinningLine())
	slices.Sort(line)
	if got := g.WinningLine(); !slices.Equal(got, line) {
		t.Errorf("the pack highlights %v, want the winning line %v", got, line)
	}
	wantRefused(t, g, b, firstEmpty(b), "The game is over")
	if _, _, err := g.AIMove(); err == nil {
		t.Error("AIMove after the end: want an error")
	}
}

func firstEmpty(b *game.Board) int {
	for i := 0; i < b.Cells(); i++ {
		if b.At(i) == game.Empty {
			return i
		}
	}
	return -1
}

// wantRefused clicks i and wants the pack to refuse with a message
// containing reason and to change nothing (Click checks the whole world
// against the position).
func wantRefused(t *testing.T, g *packplay.Game, b *game.Board, i int, reason string) {
	t.Helper()
	ok, why, err := g.Click(i)
	if err != nil {
		t.Fatal(err)
	}
	if ok {
		t.Fatalf("click on %s accepted, want refused (%s)", game.FormatMove(i, b.Size()), reason)
	}
	if !strings.Contains(why, reason) {
		t.Errorf("click on %s refused with %q, want %q", game.FormatMove(i, b.Size()), why, reason)
	}
	if !slices.Equal(g.Board().History(), b.History()) {
		t.Fatalf("a refused click changed the game: %v, want %v", g.Board().History(), b.History())
	}
}

// TestModes: two players place stones by clicks, the demo AI plays both
// sides, Place sets up the AI's own stones, and the renju refusal of a
// forbidden click.
func TestModes(t *testing.T) {
	cfg, p := genPack(t, 9, game.Renju, packplay.Greedy)
	g := open(t, p)
	if err := g.Start(packplay.ModePvP, game.Empty); err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.AIMove(); err == nil {
		t.Error("AIMove in a two-player game: want an error")
	}
	b := game.MustBoard(9, game.Renju)
	for _, s := range []string{"c5", "a1", "d5", "a9", "e3", "i1", "e4", "i9"} {
		mv, _ := game.ParseMove(s, 9)
		mustClick(t, g, mv)
		b.Play(mv)
	}
	e5, _ := game.ParseMove("e5", 9)
	if !b.Forbidden(e5) {
		t.Fatal("test set-up: e5 should be a double three")
	}
	wantRefused(t, g, b, e5, "Forbidden")
	if n, err := g.Undo(); err != nil || n != 1 {
		t.Fatalf("undo in a two-player game: %d stones, %v; want 1", n, err)
	}
	b.Undo()

	// The AI as black (the player white): the AI opens; Place puts a
	// black stone of our choosing when it is the AI's turn.
	if err := g.Start(packplay.ModeAI, game.Black); err != nil {
		t.Fatal(err)
	}
	b = game.MustBoard(9, game.Renju)
	if err := g.Place(0); err != nil {
		t.Fatal(err)
	}
	b.Play(0)
	mustClick(t, g, 10)
	b.Play(10)
	native := player.NewGreedy(cfg.Weights, player.Options{})
	want, _ := native.Move(context.Background(), b)
	got, _, err := g.AIMove()
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("after %v: the pack played %d, native %d", b.History(), got, want)
	}
	if err := g.Place(got); err == nil {
		t.Error("Place on a taken cell: want an error")
	}

	// The demo: the AI plays both sides to the end, as native self-play.
	if err := g.Start(packplay.ModeDemo, game.Empty); err != nil {
		t.Fatal(err)
	}
	self := game.MustBoard(9, game.Renju)
	for !self.Over() {
		want, _ := native.Move(context.Background(), self)
		got, _, err := g.AIMove()
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("demo after %v: the pack played %d, native %d", self.History(), got, want)
		}
		self.Play(got)
	}
	if err := g.SetPick(0); err == nil {
		t.Error("SetPick on a greedy pack: want an error")
	}
}

// TestBrokenPackIsCaught: a pack whose cell shows the wrong block, or
// whose AI never moves, is an error naming what is wrong, not a misread
// move.
func TestBrokenPackIsCaught(t *testing.T) {
	_, p := genPack(t, 7, game.Freestyle, packplay.Greedy)
	for _, tc := range []struct {
		name, file, old, new, want string
	}{
		{"wrong block", "data/gomoku/function/cell/show/48.mcfunction", "matches 1 run setblock ^6 ^ ^6 ", "matches 1 run setblock ^6 ^ ^6 minecraft:stone\n#", "g1 shows minecraft:stone"},
		{"lost stone", "data/gomoku/function/game/play.mcfunction", "scoreboard players add #moves gomoku.game 1", "scoreboard players add #moves gomoku.game 2", "the pack counts 2 moves, want 1"},
		{"no AI", "data/gomoku/function/ai/turn.mcfunction", "function gomoku:game/play", "", "did not move within"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := &datapack.Pack{Files: map[string][]byte{}}
			for k, v := range p.Files {
				q.Files[k] = v
			}
			src := string(q.Files[tc.file])
			if !strings.Contains(src, tc.old) {
				t.Fatalf("test set-up: %s has no %q:\n%s", tc.file, tc.old, src)
			}
			q.Files[tc.file] = []byte(strings.Replace(src, tc.old, tc.new, 1))
			g := open(t, q)
			// The first stones teach the driver each colour's block.
			_, _, err := g.Click(0)
			if err == nil {
				_, _, err = g.AIMove()
			}
			if err == nil {
				_, _, err = g.Click(48)
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// An AI move's cost splits into the AI's path and the feedback to the
// players: the greedy pack's path scans no entity (its singletons are
// addressed by UUID), the feedback does (the players near the board),
// while seed000's path scans its cell markers.
func TestAIMoveCostSplitsFeedback(t *testing.T) {
	for _, tc := range []struct {
		profile  string
		pathScan bool
	}{
		{packplay.Greedy, false},
		{packplay.Seed000, true},
	} {
		_, p := genPack(t, 9, game.Freestyle, tc.profile)
		g := open(t, p)
		mustClick(t, g, 40)
		_, c, err := g.AIMove()
		if err != nil {
			t.Fatal(err)
		}
		if c.FeedbackCommands <= 0 || c.FeedbackCommands >= c.Commands || c.FeedbackEntitiesScanned <= 0 {
			t.Errorf("%s: feedback %d of %d commands, %d entities scanned; want a positive part of the commands, some scans",
				tc.profile, c.FeedbackCommands, c.Commands, c.FeedbackEntitiesScanned)
		}
		if c.PathCommands() != c.Commands-c.FeedbackCommands || c.PathEntitiesScanned() != c.EntitiesScanned-c.FeedbackEntitiesScanned {
			t.Errorf("%s: path %d commands, %d scanned, from %+v", tc.profile, c.PathCommands(), c.PathEntitiesScanned(), c)
		}
		if got := c.PathEntitiesScanned() > 0; got != tc.pathScan {
			t.Errorf("%s: the AI's path scanned %d entities", tc.profile, c.PathEntitiesScanned())
		}
	}
}
