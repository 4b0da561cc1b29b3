package player

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/search"
)

var _ Limiter = (*Search)(nil)

func TestSearchSpecs(t *testing.T) {
	tests := []struct {
		spec string
		want search.Limits // after SetLimits(Limits{}) — the player's own budget
		err  string
	}{
		{"search", search.Limits{Time: 100 * time.Millisecond}, ""},
		{"search:nodes=500", search.Limits{Nodes: 500}, ""},
		{"search:time=50ms,threads=2", search.Limits{Time: 50 * time.Millisecond}, ""},
		{"search:nodes=9,depth=3,config=../../examples/default.toml", search.Limits{Nodes: 9, Depth: 3}, ""},
		{"search:bogus=1", search.Limits{}, `unknown key "bogus"`},
		{"search:config=nope.toml", search.Limits{}, "nope.toml"},
	}
	for _, tt := range tests {
		p, err := New(tt.spec, Options{Size: 15})
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want one containing %q", tt.spec, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.spec, err)
			continue
		}
		s := p.(*Search)
		if s.Name() != tt.spec {
			t.Errorf("%s: name %q", tt.spec, s.Name())
		}
		if got := s.budget(); got != tt.want {
			t.Errorf("%s: limits %+v, want %+v", tt.spec, got, tt.want)
		}
	}
	p, _ := New("search:time=50ms,threads=2", Options{})
	if n := p.(*Search).Engine().Threads(); n != 2 {
		t.Errorf("threads=2 gave %d threads", n)
	}
}

func TestSearchSetLimitsCapsTime(t *testing.T) {
	tests := []struct {
		spec string
		turn time.Duration
		want search.Limits
	}{
		{"search", 30 * time.Millisecond, search.Limits{Time: 30 * time.Millisecond}},
		{"search", 5 * time.Second, search.Limits{Time: 100 * time.Millisecond}},
		{"search:nodes=1000", time.Second, search.Limits{Nodes: 1000, Time: time.Second}},
	}
	for _, tt := range tests {
		p, err := New(tt.spec, Options{})
		if err != nil {
			t.Fatal(err)
		}
		p.(Limiter).SetLimits(Limits{Turn: tt.turn})
		if got := p.(*Search).budget(); got != tt.want {
			t.Errorf("%s with turn %v: %+v, want %+v", tt.spec, tt.turn, got, tt.want)
		}
	}
}

// TestSearchPlaysWholeGames plays search against greedy under every rule,
// with undos, checking that every move is legal and the board untouched.
func TestSearchPlaysWholeGames(t *testing.T) {
	for _, rule := range []game.Rule{game.Freestyle, game.Standard, game.Renju} {
		s, err := New("search:nodes=400", Options{Size: 15, Rule: rule, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		g, _ := New("greedy", Options{Size: 15, Rule: rule})
		b := game.MustBoard(15, rule)
		for n := 0; !b.Over(); n++ {
			if n == 12 || n == 13 {
				b.Undo() // take back, so the player must follow
			}
			p := s
			if b.ToMove() == game.White {
				p = g
			}
			before := b.Moves()
			m, err := p.Move(context.Background(), b)
			if err != nil {
				t.Fatalf("%v: %v", rule, err)
			}
			if b.Moves() != before {
				t.Fatalf("%v: %s changed the board", rule, p.Name())
			}
			if err := b.Play(m); err != nil {
				t.Fatalf("%v: %s played %s: %v", rule, p.Name(), game.FormatMove(m, 15), err)
			}
		}
	}
}

func TestSearchEvaluate(t *testing.T) {
	p, _ := New("search:nodes=2000", Options{})
	b := position(t, 15, game.Freestyle, game.Black,
		"...............",
		"..XXX..........",
		"...............",
		"...........O...",
	)
	v, err := p.(*Search).Evaluate(context.Background(), b)
	if err != nil || v != 1 {
		t.Errorf("an open three to move: evaluate %v, %v; want 1", v, err)
	}
	b = game.MustBoard(15, game.Freestyle)
	b.Play(b.Index(7, 7))
	v, err = p.(*Search).Evaluate(context.Background(), b)
	if err != nil || v <= 0.05 || v >= 0.95 {
		t.Errorf("one stone on the board: evaluate %v, %v; want something near even", v, err)
	}
}

func TestSeed003IsTheSearchEngine(t *testing.T) {
	p, err := New("seed003:nodes=500", Options{Size: 15, Rule: game.Freestyle})
	if err != nil {
		t.Fatal(err)
	}
	s, ok := p.(*Search)
	if !ok || s.Name() != "seed003:nodes=500" {
		t.Fatalf("seed003 made %T named %q, want the search engine", p, p.Name())
	}
}
