package player

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/lookahead"
)

func init() {
	RegisterPrepared("lookahead", func(arg string) (Maker, error) {
		file, level, err := ParseLookaheadSpec(arg)
		if err != nil {
			return nil, err
		}
		cfg, name := config.LookaheadDefault(), "lookahead"
		if file != "" {
			if cfg, err = config.Load(file); err != nil {
				return nil, err
			}
		}
		if arg != "" {
			name += ":" + arg
		}
		la := cfg.Lookahead.AtDefault()
		if level != "" {
			if la, err = cfg.Lookahead.Named(level); err != nil {
				return nil, fmt.Errorf("%s: %w", cfg.Source, err)
			}
		}
		return LookaheadMaker(name, cfg.Weights, la), nil
	})
}

// ParseLookaheadSpec reads the argument of a lookahead spec,
// "[CONFIG.toml][,level=NAME]" (or "config=CONFIG.toml"): the config
// (none: the pack's default config) and the level (none: the config's
// lookahead.level, the level a new board of its pack starts at).
func ParseLookaheadSpec(arg string) (file, level string, err error) {
	if arg == "" {
		return "", "", nil
	}
	for _, part := range strings.Split(arg, ",") {
		k, v, kv := strings.Cut(part, "=")
		switch {
		case !kv && file == "":
			file = part
		case kv && k == "config" && file == "":
			file = v
		case kv && k == "level" && level == "":
			level = v
		default:
			return "", "", fmt.Errorf("bad lookahead spec %q: want [CONFIG.toml][,level=NAME], e.g. lookahead:level=strong", arg)
		}
	}
	if file == "" && level == "" || strings.Contains(arg, ",,") {
		return "", "", fmt.Errorf("bad lookahead spec %q: want [CONFIG.toml][,level=NAME], e.g. lookahead:level=strong", arg)
	}
	return file, level, nil
}

// Lookahead is the lookahead AI (sim/lookahead): the greedy model with the
// threat and alpha-beta search the pack built with --ai lookahead runs,
// node for node. Without a config it plays the pack's default config
// (examples/tuned-lookahead.toml), as `mcgomoku gen --ai lookahead` does, and
// without a level the config's lookahead.level, the one a new board
// starts at. A config with lookahead.vct_depth set adds the threat-space
// search, as the pack built from it does.
type Lookahead struct {
	name     string
	cfg      config.Lookahead
	models   *modelCache
	searcher *lookahead.Searcher
	state    *eval.State
	follow   Follower
	last     lookahead.Result
}

// LookaheadMaker returns a Maker of lookahead players with weights w and
// search numbers cfg, sharing their models as GreedyMaker's do.
func LookaheadMaker(name string, w eval.Weights, cfg config.Lookahead) Maker {
	return lookaheadMaker(name, &modelCache{weights: w}, cfg)
}

func lookaheadMaker(name string, models *modelCache, cfg config.Lookahead) Maker {
	return func(Options) (Player, error) {
		return &Lookahead{name: name, cfg: cfg, models: models, searcher: lookahead.New(cfg)}, nil
	}
}

// LookaheadMakerFor is LookaheadMaker with the model for size and rule
// built now, and a function that releases the models once no player of
// the Maker plays any more (eval.Model.Release), as GreedyMakerFor: tuning
// makes new weights every iteration.
func LookaheadMakerFor(name string, w eval.Weights, cfg config.Lookahead, size int, rule game.Rule) (m Maker, release func(), err error) {
	models := &modelCache{weights: w}
	st, moves, err := models.state(size, rule)
	if err != nil {
		return nil, nil, err
	}
	putState(st, moves)
	return lookaheadMaker(name, models, cfg), models.release, nil
}

func (l *Lookahead) Name() string { return l.name }

// Config returns the budgets the player searches with: its level's.
func (l *Lookahead) Config() config.Lookahead { return l.cfg }

// Weights are the weights that order the player's moves, for tools and
// tests.
func (l *Lookahead) Weights() eval.Weights { return l.models.weights }

// Last returns the search behind the last move, for tools and tests.
func (l *Lookahead) Last() lookahead.Result { return l.last }

// State returns the evaluation after the last Move.
func (l *Lookahead) State() *eval.State { return l.state }

// Finish hands the player's evaluation back for a later player's game.
func (l *Lookahead) Finish() {
	if l.state != nil {
		putState(l.state, l.follow.moves)
		l.state, l.follow.moves = nil, nil
	}
}

func (l *Lookahead) sync(b *game.Board) error { return l.models.sync(&l.state, &l.follow, b) }

// Move searches the position and plays the result; a cell the full renju
// rule forbids is excluded and the choice made again, as the pack does.
func (l *Lookahead) Move(ctx context.Context, b *game.Board) (int, error) {
	if b.Over() {
		return -1, game.ErrGameOver
	}
	if err := l.sync(b); err != nil {
		return -1, err
	}
	var refused map[int]bool
	for {
		var skip func(int) bool
		if refused != nil {
			skip = func(i int) bool { return refused[i] }
		}
		r := l.searcher.Choose(l.state, b.ToMove(), skip)
		l.last = r
		if r.Move < 0 {
			return -1, errors.New("lookahead: no legal move left")
		}
		if b.Legal(r.Move) == nil {
			return r.Move, nil
		}
		if refused == nil {
			refused = map[int]bool{}
		}
		refused[r.Move] = true
	}
}
