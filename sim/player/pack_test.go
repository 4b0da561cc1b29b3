package player_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/gen"
	"github.com/mcgomoku/mcgomoku/internal/fakebrain"
	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// packDir holds the packs the tests write, once per test binary: writing
// a pack of thousands of files takes seconds.
var (
	packDir     string
	packMu      sync.Mutex
	packWritten = map[string]bool{}
)

func TestMain(m *testing.M) {
	fakebrain.RunIfAsked() // the pbrain tests run this binary as their engine
	dir, err := os.MkdirTemp("", "mcgomoku-pack-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	packDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// writePack generates a pack for a small board and writes it to a zip (or
// a folder, for a name without .zip), shared by the tests.
func writePack(t *testing.T, size int, rule game.Rule, profile, name string) (string, *config.Config) {
	t.Helper()
	cfg := config.Default()
	cfg.Game.Size, cfg.Game.Rule = size, rule
	path := filepath.Join(packDir, fmt.Sprintf("%d-%s-%s-%s", size, rule, profile, name))
	packMu.Lock()
	defer packMu.Unlock()
	if packWritten[path] {
		return path, cfg
	}
	in, err := gen.FromConfig(cfg, profile)
	if err != nil {
		t.Fatal(err)
	}
	res, err := gen.Generate(in, gen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := datapack.Write(res.Pack, path); err != nil {
		t.Fatal(err)
	}
	packWritten[path] = true
	return path, cfg
}

// TestPackPlaysLikeGreedy: the pack player, as either colour, from an
// opening holding stones of both colours, plays native greedy's moves.
func TestPackPlaysLikeGreedy(t *testing.T) {
	for _, tc := range []struct {
		name string
		rule game.Rule
	}{{"pack.zip", game.Renju}, {"folder", game.Freestyle}} {
		t.Run(tc.name, func(t *testing.T) {
			path, cfg := writePack(t, 7, tc.rule, "greedy", tc.name)
			opt := player.Options{Size: 7, Rule: tc.rule}
			p, err := player.New("pack:"+path, opt)
			if err != nil {
				t.Fatal(err)
			}
			if p.Name() != "pack:"+path {
				t.Errorf("name %q", p.Name())
			}
			native := player.NewGreedy(cfg.Weights, player.Options{})
			for _, opening := range [][]string{{"d4", "c3", "e5"}, {"a1", "g7"}} {
				b := game.MustBoard(7, tc.rule)
				for _, s := range opening {
					mv, _ := game.ParseMove(s, 7)
					if err := b.Play(mv); err != nil {
						t.Fatal(err)
					}
				}
				for !b.Over() {
					got, err := p.Move(context.Background(), b)
					if err != nil {
						t.Fatal(err)
					}
					want, err := native.Move(context.Background(), b)
					if err != nil {
						t.Fatal(err)
					}
					if got != want {
						t.Fatalf("after %v the pack played %s, native greedy %s", b.History(), game.FormatMove(got, 7), game.FormatMove(want, 7))
					}
					if err := b.Play(got); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
}

func TestPackRefusesAnotherBoard(t *testing.T) {
	path, _ := writePack(t, 7, game.Freestyle, "greedy", "folder")
	for _, opt := range []player.Options{{Size: 15, Rule: game.Freestyle}, {Size: 7, Rule: game.Renju}} {
		_, err := player.New("pack:"+path, opt)
		if err == nil || !strings.Contains(err.Error(), "is a 7×7 freestyle pack, but the game is") {
			t.Errorf("%+v: got %v, want a refusal naming both boards", opt, err)
		}
	}
	p, err := player.New("pack:"+path, player.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Move(context.Background(), game.MustBoard(15, game.Freestyle)); err == nil || !strings.Contains(err.Error(), "asked to play 15×15") {
		t.Errorf("Move on another board: got %v", err)
	}
	for _, spec := range []string{"pack:", "pack:" + filepath.Join(t.TempDir(), "missing.zip")} {
		if _, err := player.New(spec, player.Options{}); err == nil {
			t.Errorf("%s: want an error", spec)
		}
	}
}

// TestPackReusesInterpreters: once a player's game is finished its
// interpreter serves the next game, already loaded, starting afresh.
func TestPackReusesInterpreters(t *testing.T) {
	path, _ := writePack(t, 7, game.Freestyle, "greedy", "folder")
	p, err := player.NewPack(path, player.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := game.MustBoard(7, game.Freestyle)
	b.Play(0)
	if _, err := p.Move(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	first := p.Game()
	p.Finish()
	p.Finish() // a second Finish must not put the interpreter in the pool twice
	q, err := player.NewPack(path, player.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if q.Game() != first {
		t.Fatal("the finished player's interpreter was not reused")
	}
	if _, err := q.Move(context.Background(), game.MustBoard(7, game.Freestyle)); err != nil {
		t.Fatal(err)
	}
	if h := q.Game().Board().History(); len(h) != 1 {
		t.Fatalf("the reused game holds %v, want only the new game's first move", h)
	}
	r, err := player.NewPack(path, player.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Game() == first {
		t.Fatal("one interpreter handed to two players at once")
	}
}

// TestPackInArena: a match of the greedy pack against native greedy is
// the same game for game as native greedy against itself, and a seed000
// pack's match does not depend on how many games run at once (so not on
// which reused interpreter played which game).
func TestPackInArena(t *testing.T) {
	if testing.Short() {
		t.Skip("plays matches")
	}
	ctx := context.Background()
	path, _ := writePack(t, 7, game.Freestyle, "greedy", "folder")
	mc := arena.MatchConfig{KeepGames: true, A: "pack:" + path, B: "greedy", Games: 6, Size: 7, Seed: 5, Jobs: 2}
	got, err := arena.Match(ctx, mc)
	if err != nil {
		t.Fatal(err)
	}
	mc.A = "greedy"
	want, err := arena.Match(ctx, mc)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got.Games {
		g, w := got.Games[i], want.Games[i]
		if g.End == arena.EndForfeit {
			t.Fatalf("game %d forfeited: %s", i+1, g.Detail)
		}
		if !slices.Equal(g.Moves, w.Moves) {
			t.Errorf("game %d: the pack's match played %v, greedy's %v", i+1, g.Moves, w.Moves)
		}
	}

	s0, _ := writePack(t, 7, game.Freestyle, "seed000", "pack.zip")
	var runs [2]*arena.Result
	for k, jobs := range []int{1, 2} {
		res, err := arena.Match(ctx, arena.MatchConfig{KeepGames: true, A: "pack:" + s0, B: "greedy", Games: 4, Size: 7, Seed: 9, Jobs: jobs})
		if err != nil {
			t.Fatal(err)
		}
		runs[k] = res
	}
	for i := range runs[0].Games {
		a, b := runs[0].Games[i], runs[1].Games[i]
		if a.End == arena.EndForfeit {
			t.Fatalf("seed000 game %d forfeited: %s", i+1, a.Detail)
		}
		if !slices.Equal(a.Moves, b.Moves) {
			t.Errorf("seed000 game %d: %v with one job, %v with two", i+1, a.Moves, b.Moves)
		}
	}
}
