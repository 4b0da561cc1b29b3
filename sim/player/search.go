package player

import (
	"context"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/search"
)

func init() {
	Register("search", func(arg string, opt Options) (Player, error) {
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
		name := "search"
		if arg != "" {
			name += ":" + arg
		}
		e := search.New(cfg, search.Options{Seed: opt.Seed, Threads: sp.Threads})
		return &Search{name: name, engine: e, limits: sp.Limits()}, nil
	})
}

// Search is the search engine (sim/search) as a player: spec
// "search[:time=100ms|nodes=N][,depth=D][,threads=T][,config=FILE.toml]"
// (see search.Spec).
type Search struct {
	name   string
	engine *search.Engine
	limits search.Limits
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

// Move searches b within the player's limits.
func (s *Search) Move(ctx context.Context, b *game.Board) (int, error) {
	r, err := s.engine.Search(ctx, b, s.limits)
	s.last = r
	if err != nil {
		return -1, err
	}
	return r.Move, nil
}
