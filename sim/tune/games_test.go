package tune

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// lookaheadKeys are the values lookaheadGames tunes: an ordering weight
// and two of the lookahead's leaf values.
var lookaheadKeys = []string{"weights.attack.open_three", "lookahead.value.open_three", "lookahead.value.four"}

// lookaheadGames is a tuning objective on 9×9 with the lookahead playing,
// against itself and the start, every player it makes seen by seen.
func lookaheadGames(t *testing.T, seen *playersSeen) *Games {
	t.Helper()
	look := config.DefaultLookahead()
	look.Nodes = 200 // a small search: the test is about who plays, not how well
	g := &Games{Base: eval.DefaultWeights(), Lookahead: &look, Against: []string{Self, StartPlayer}, Pairs: 1,
		Size: 9, Rule: game.Freestyle, Seed: 5, Jobs: 2}
	for _, k := range lookaheadKeys {
		i, _ := config.TunableIndex(k)
		g.Index = append(g.Index, i)
	}
	g.wrap = seen.wrap
	if err := g.Prepare(); err != nil {
		t.Fatal(err)
	}
	return g
}

// playersSeen records what every player a Games makes plays with.
type playersSeen struct {
	mu   sync.Mutex
	seen map[string]bool
}

func (s *playersSeen) wrap(f arena.Factory) arena.Factory {
	return func(opt player.Options) (player.Player, error) {
		p, err := f(opt)
		if err != nil {
			return nil, err
		}
		desc := fmt.Sprintf("%T", p)
		if l, ok := p.(*player.Lookahead); ok {
			desc = lookaheadPoint(l.Weights(), l.Config())
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.seen == nil {
			s.seen = map[string]bool{}
		}
		s.seen[desc] = true
		return p, nil
	}
}

// take returns the players seen since the last take, sorted.
func (s *playersSeen) take() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for d := range s.seen {
		out = append(out, d)
	}
	sort.Strings(out)
	s.seen = nil
	return out
}

// lookaheadPoint describes a lookahead player by the values lookaheadGames
// tunes.
func lookaheadPoint(w eval.Weights, look config.Lookahead) string {
	return fmt.Sprintf("lookahead open_three=%d value.open_three=%d value.four=%d",
		w.Attack[eval.OpenThree], look.Value[eval.OpenThree], look.Value[eval.Four])
}

// wantPoints are the descriptions of the players of the given θs (nil is
// the start), sorted, worked out apart from Games: lookaheadKeys' values
// rounded to the nearest integer.
func wantPoints(g *Games, thetas ...[]float64) []string {
	var out []string
	for _, th := range thetas {
		w, look := g.Base, *g.Lookahead
		if th != nil {
			w.Attack[eval.OpenThree] = int32(math.Round(th[0]))
			look.Value[eval.OpenThree] = int32(math.Round(th[1]))
			look.Value[eval.Four] = int32(math.Round(th[2]))
		}
		out = append(out, lookaheadPoint(w, look))
	}
	sort.Strings(out)
	return out
}

// checkPlayers reports players other than the wanted ones.
func checkPlayers(got, want []string) error {
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		return fmt.Errorf("the players were\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	return nil
}

// TestLookaheadGames: with Lookahead set, every game of an iteration, of
// a strength check and of the verification is played by lookahead
// players with θ's weights and leaf values (the opponent start with the
// starting ones), and Values gives what the config will hold.
func TestLookaheadGames(t *testing.T) {
	var seen playersSeen
	g := lookaheadGames(t, &seen)
	ctx := context.Background()
	start := seen.take() // Prepare makes the start's players' factory only
	plus, minus := []float64{3000.4, 95.6, 70}, []float64{2200, 40, 55.2}
	if _, n, err := g.Compare(ctx, 0, plus, minus); err != nil || n != g.PerIteration() {
		t.Fatalf("Compare: %d games, %v", n, err)
	}
	if err := checkPlayers(seen.take(), wantPoints(g, nil, plus, minus)); err != nil {
		t.Errorf("an iteration's games: %v", err)
	}
	theta := []float64{2500, 80, 66}
	if _, err := g.Verify(ctx, theta, 4, nil); err != nil {
		t.Fatal(err)
	}
	if err := checkPlayers(seen.take(), wantPoints(g, nil, theta)); err != nil {
		t.Errorf("the verification: %v", err)
	}
	if _, err := g.Check(ctx, 0, theta, 1); err != nil {
		t.Fatal(err)
	}
	if err := checkPlayers(seen.take(), wantPoints(g, nil, theta)); err != nil {
		t.Errorf("a strength check: %v", err)
	}
	if len(start) > 0 {
		t.Errorf("Prepare made players: %v", start)
	}
	want := map[string]int64{"weights.attack.open_three": 3000, "lookahead.value.open_three": 96, "lookahead.value.four": 70}
	if got := g.Values(plus); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Values: got %v, want %v", got, want)
	}
	greedy := &Games{Base: eval.DefaultWeights(), Against: []string{Self}, Pairs: 1}
	if g.Describe() == greedy.Describe() || !strings.HasPrefix(g.Describe(), "lookahead (") {
		t.Errorf("Describe does not tell a lookahead run from a greedy one (a checkpoint of one would resume the other): %q", g.Describe())
	}
}

// TestLookaheadGamesCatchPlantedGreedy plants the bug TestLookaheadGames
// guards against: the lookahead's numbers lost on the way to the players,
// so that greedy plays the games. The check must see it.
func TestLookaheadGamesCatchPlantedGreedy(t *testing.T) {
	var seen playersSeen
	g := lookaheadGames(t, &seen)
	plus, minus := []float64{3000, 95, 70}, []float64{2200, 40, 55}
	want := wantPoints(g, nil, plus, minus)
	g.Lookahead = nil // the planted bug
	if _, _, err := g.Compare(context.Background(), 0, plus, minus); err != nil {
		t.Fatal(err)
	}
	err := checkPlayers(seen.take(), want)
	if err == nil || !strings.Contains(err.Error(), "*player.Greedy") {
		t.Errorf("greedy players in a lookahead run: got %v, want them caught", err)
	}
}

func TestGamesRefuseLookaheadValuesForGreedy(t *testing.T) {
	i, _ := config.TunableIndex("lookahead.value.four")
	g := &Games{Base: eval.DefaultWeights(), Index: []int{i}, Against: []string{Self}, Pairs: 1}
	err := g.Prepare()
	if err == nil || !strings.Contains(err.Error(), "lookahead.value.four is the lookahead's value, and greedy players do not use it") {
		t.Errorf("got %v, want the lookahead's value refused", err)
	}
}
