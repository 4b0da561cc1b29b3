package player

import (
	"context"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/search"
)

func init() {
	Register("search", newSearchPlayer("search"))
	// seed003 is not a program but a recipe (fourteen steps to a strong
	// engine); the search engine is its port, so the seed's name plays it
	// and the spec list seed000…seed004 is complete.
	Register("seed003", newSearchPlayer("seed003"))
}

// newSearchPlayer is the factory for the search engine under a name.
func newSearchPlayer(base string) Factory {
	return func(arg string, opt Options) (Player, error) {
		sp, err := search.ParseSpec(arg)
		if err != nil {
			return nil, err
		}
		cfg := config.Default()
		if sp.Config != "" {
			if cfg, err = config.Load(sp.Config); err != nil {
				return nil, err
			}
		}
		name := base
		if arg != "" {
			name += ":" + arg
		}
		e := search.New(cfg, search.Options{Seed: opt.Seed, Threads: sp.Threads})
		return &Search{name: name, engine: e, limits: sp.Limits()}, nil
	}
}

// Search is the search engine (sim/search) as a player: spec
// "search[:time=100ms|nodes=N][,depth=D][,threads=T][,config=FILE.toml]"
// (see search.Spec).
type Search struct {
	name   string
	engine *search.Engine
	limits search.Limits
	turn   time.Duration // the arena's or brain's per-move limit; 0 = none
	last   search.Result
}

// NewSearch returns a search player with its own engine and limits.
func NewSearch(name string, e *search.Engine, lim search.Limits) *Search {
	return &Search{name: name, engine: e, limits: lim}
}

func (s *Search) Name() string { return s.name }

// Engine returns the player's engine, for hints and analysis.
func (s *Search) Engine() *search.Engine { return s.engine }

// Last returns the result behind the last move: score, depth, nodes, line.
func (s *Search) Last() search.Result { return s.last }

// SetLimits caps the thinking time at the per-move limit the arena or a
// Gomocup manager sets (Limiter); the spec's own, smaller budget stands.
// A node budget stays, so play is reproducible unless the cap bites.
func (s *Search) SetLimits(l Limits) { s.turn = l.Turn }

// budget returns the limits for one search.
func (s *Search) budget() search.Limits {
	lim := s.limits
	if lim.Time == 0 && lim.Nodes == 0 {
		c := s.engine.Config()
		lim.Time, lim.Nodes = c.Time, c.Nodes
	}
	if s.turn > 0 && (lim.Time == 0 || lim.Time > s.turn) {
		lim.Time = s.turn
	}
	return lim
}

// Move searches b within the player's limits.
func (s *Search) Move(ctx context.Context, b *game.Board) (int, error) {
	r, err := s.engine.Search(ctx, b, s.budget())
	s.last = r
	if err != nil {
		return -1, err
	}
	return r.Move, nil
}

// Evaluate judges b for the side to move, from 0 (lost) to 1 (won), by a
// search within the player's limits: the opening judge of the arena.
func (s *Search) Evaluate(ctx context.Context, b *game.Board) (float64, error) {
	r, err := s.engine.Search(ctx, b, s.budget())
	s.last = r
	if err != nil {
		return 0, err
	}
	return r.Expected(), nil
}
