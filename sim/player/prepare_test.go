package player

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// TestPrepareReadsOnce: a prepared spec's config file is read once, so a
// run's players keep its weights even if the file changes or goes away.
func TestPrepareReadsOnce(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "w.toml")
	if err := os.WriteFile(path, []byte("[weights]\ncentre = 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mk, err := Prepare("greedy:" + path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	p, err := mk(Options{Size: 15})
	if err != nil {
		t.Fatalf("making a player after the file went away: %v", err)
	}
	g := p.(*Greedy)
	if g.Name() != "greedy:"+path || g.weights.Centre != 3 {
		t.Errorf("player %q with centre %d, want greedy:%s with 3", g.Name(), g.weights.Centre, path)
	}
	if _, err := New("greedy:"+path, Options{}); err == nil {
		t.Error("New after the file went away: no error")
	}
}

func TestPrepareErrors(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"nosuch", `unknown player "nosuch"`},
		{"greedy:/no/such/file.toml", `player "greedy:/no/such/file.toml": reading config`},
		{"search:nodes=x", `player "search:nodes=x"`},
	} {
		mk, err := Prepare(tc.spec)
		if err == nil {
			// Players registered with Register read their argument when made.
			_, err = mk(Options{})
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.spec, err, tc.want)
		}
	}
}

// playGames plays n greedy-vs-greedy games from two-stone openings with
// players from mk (finished after each game, handing their state back)
// and returns every game's moves.
func playGames(t *testing.T, mk Maker, size int, rule game.Rule, n int) [][]int {
	t.Helper()
	var out [][]int
	for k := 0; k < n; k++ {
		b := game.MustBoard(size, rule)
		c := size / 2
		b.Play(c*size + c)
		b.Play((c+1+k%2)*size + c - k%3)
		var ps [2]Player
		for i := range ps {
			p, err := mk(Options{Size: size, Rule: rule})
			if err != nil {
				t.Fatal(err)
			}
			ps[i] = p
		}
		for !b.Over() {
			m, err := ps[b.ToMove()-1].Move(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			if err := b.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		for _, p := range ps {
			p.(Finisher).Finish()
		}
		out = append(out, append([]int(nil), b.History()...))
	}
	return out
}

// TestGreedyMakerReusesStates: players of one Maker share the model and
// reuse finished players' states, and play exactly as fresh players do,
// on every rule (renju's forbidden cells included) and across sizes.
func TestGreedyMakerReusesStates(t *testing.T) {
	w := config.Default().Weights
	for _, rule := range []game.Rule{game.Freestyle, game.Standard, game.Renju} {
		shared := GreedyMaker("greedy", w)
		fresh := func(opt Options) (Player, error) { return NewGreedy(w, opt), nil }
		for _, size := range []int{9, 15} {
			got, want := playGames(t, shared, size, rule, 6), playGames(t, fresh, size, rule, 6)
			for k := range want {
				if !slices.Equal(got[k], want[k]) {
					t.Fatalf("%v %d×%d game %d: shared players played %v, fresh ones %v", rule, size, size, k, got[k], want[k])
				}
			}
		}
	}
}

// TestGreedyStatesAcrossWeights: states handed back by players of one
// weight set serve players of another (as tuning's makers come and go)
// and they still play as fresh players do.
func TestGreedyStatesAcrossWeights(t *testing.T) {
	ws := []eval.Weights{config.Default().Weights, config.PackDefault().Weights}
	for round := 0; round < 3; round++ {
		for i, w := range ws {
			fresh := func(opt Options) (Player, error) { return NewGreedy(w, opt), nil }
			got, want := playGames(t, GreedyMaker("greedy", w), 11, game.Standard, 3), playGames(t, fresh, 11, game.Standard, 3)
			for k := range want {
				if !slices.Equal(got[k], want[k]) {
					t.Fatalf("round %d, weights %d, game %d: %v, fresh players %v", round, i, k, got[k], want[k])
				}
			}
		}
	}
}

// TestGreedyMakerConcurrent makes and finishes players of one Maker on
// several goroutines (run it with -race): each game is still the one a
// lone player plays.
func TestGreedyMakerConcurrent(t *testing.T) {
	mk := GreedyMaker("greedy", config.Default().Weights)
	want := playGames(t, mk, 9, game.Freestyle, 4)
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got := playGames(t, mk, 9, game.Freestyle, 4)
			for k := range want {
				if !slices.Equal(got[k], want[k]) {
					errs <- "a game played concurrently differs"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestLookaheadLevels: a lookahead spec plays the level it names, and
// without one the level a new board of its config's pack starts at.
func TestLookaheadLevels(t *testing.T) {
	la := config.PackDefault().Lookahead
	dir := t.TempDir()
	path := filepath.Join(dir, "l.toml")
	if err := os.WriteFile(path, []byte("[lookahead]\nlevel = \"quick\"\n[lookahead.levels.quick]\nnodes = 700\n[lookahead.levels.deep]\ndepth = 6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		spec         string
		depth, nodes int
	}{
		{"lookahead", la.AtDefault().Depth, la.AtDefault().Nodes},
		{"lookahead:level=quick", la.At(0).Depth, la.At(0).Nodes},
		{"lookahead:level=master", la.At(3).Depth, la.At(3).Nodes},
		{"lookahead:" + path, la.Depth, 700},
		{"lookahead:" + path + ",level=deep", 6, la.Nodes},
		{"lookahead:config=" + path + ",level=deep", 6, la.Nodes},
	} {
		p, err := New(tc.spec, Options{})
		if err != nil {
			t.Errorf("%s: %v", tc.spec, err)
			continue
		}
		if got := p.(*Lookahead).Config(); got.Depth != tc.depth || got.Nodes != tc.nodes {
			t.Errorf("%s: depth %d nodes %d, want %d and %d", tc.spec, got.Depth, got.Nodes, tc.depth, tc.nodes)
		}
	}
	if la.At(3).Depth == la.AtDefault().Depth && la.At(3).Nodes == la.AtDefault().Nodes {
		t.Fatal("the master level searches no deeper and no more than the default: the table above proves nothing")
	}
	for _, tc := range []struct{ spec, want string }{
		{"lookahead:level=huge", `unknown level "huge"`},
		{"lookahead:level=strnog", `did you mean "strong"?`},
		{"lookahead:level=quick,level=strong", `bad lookahead spec`},
		{"lookahead:depth=3", `bad lookahead spec`},
		{"lookahead:,", `bad lookahead spec`},
	} {
		if _, err := New(tc.spec, Options{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.spec, err, tc.want)
		}
	}
	if got := ConfigOf("lookahead:" + path + ",level=deep"); got != path {
		t.Errorf("ConfigOf: %q, want %q", got, path)
	}
}
