package player

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

func init() {
	RegisterPrepared("greedy", func(arg string) (Maker, error) {
		if arg == "" {
			return GreedyMaker("greedy", config.Default().Weights), nil
		}
		c, err := config.Load(arg)
		if err != nil {
			return nil, err
		}
		return GreedyMaker("greedy:"+arg, c.Weights), nil
	})
}

// Greedy is our AI: it plays the best cell of the evaluation model, kept
// incrementally (sim/eval), one ply deep.
type Greedy struct {
	name    string
	weights eval.Weights
	models  *modelCache // shared by the players of one Maker
	seed    int64
	rng     *rand.Rand // nil unless the weights ask for noise
	state   *eval.State
	follow  Follower
}

// NewGreedy returns a greedy player with the given (validated) weights.
func NewGreedy(w eval.Weights, opt Options) *Greedy {
	return newGreedy("greedy", w, &modelCache{weights: w}, opt)
}

// GreedyMaker returns a Maker of greedy players named name with weights
// w. Its players share one evaluation model per board size and rule:
// building one (tables, neighbour lists, the empty board's scores) costs
// more than a game, and a match or a tuning iteration makes players for
// every game. Finished players' states are reused by any later player.
func GreedyMaker(name string, w eval.Weights) Maker {
	models := &modelCache{weights: w}
	return func(opt Options) (Player, error) { return newGreedy(name, w, models, opt), nil }
}

// GreedyMakerFor is GreedyMaker with the model for size and rule (and its
// evaluation of the empty board) built now, on the caller's goroutine,
// rather than by the first player to move: the tuner builds an
// iteration's two on two cores at once, where its games' players would
// otherwise wait for each other's.
//
// release hands the models' memory on to the next models of their size
// (eval.Model.Release), for a caller that owns every player made: call it
// once all of them have finished (Finish), and make no player after it.
func GreedyMakerFor(name string, w eval.Weights, size int, rule game.Rule) (m Maker, release func(), err error) {
	models := &modelCache{weights: w}
	st, moves, err := models.state(size, rule)
	if err != nil {
		return nil, nil, err
	}
	putState(st, moves)
	return func(opt Options) (Player, error) { return newGreedy(name, w, models, opt), nil }, models.release, nil
}

func newGreedy(name string, w eval.Weights, models *modelCache, opt Options) *Greedy {
	g := &Greedy{name: name, weights: w, models: models, seed: opt.Seed}
	if w.Noise > 0 {
		g.rng = rand.New(rand.NewPCG(uint64(opt.Seed), 0x9e3779b97f4a7c15))
	}
	return g
}

// modelCache holds the evaluation models of one set of weights, by board
// size and rule. A model is immutable, so players on several goroutines
// share it.
type modelCache struct {
	weights eval.Weights
	mu      sync.Mutex
	models  map[modelKey]*eval.Model
}

type modelKey struct {
	size int
	rule game.Rule
}

// pooledState is a finished player's evaluation with its follower's move
// list, whose room is reused too.
type pooledState struct {
	state *eval.State
	moves []int
}

// statePools hold finished players' states by board size (index), for
// any player's next game whatever its weights: a state's memory is the
// size of the board times twenty, and resetting one is a copy (tuning
// makes new weights, so new Makers, every iteration).
var statePools [game.MaxSize + 1]sync.Pool

// state returns an evaluation of the empty board for size and rule, and
// an empty move list to follow a game with.
func (c *modelCache) state(size int, rule game.Rule) (*eval.State, []int, error) {
	m, err := c.model(size, rule)
	if err != nil {
		return nil, nil, err
	}
	if p, ok := statePools[size].Get().(*pooledState); ok {
		p.state.ResetTo(m)
		return p.state, p.moves[:0], nil
	}
	return eval.NewState(m), nil, nil
}

func (c *modelCache) model(size int, rule game.Rule) (*eval.Model, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := modelKey{size, rule}
	if m, ok := c.models[k]; ok {
		return m, nil
	}
	m, err := eval.NewModel(size, rule, c.weights)
	if err != nil {
		return nil, err
	}
	if c.models == nil {
		c.models = map[modelKey]*eval.Model{}
	}
	c.models[k] = m
	return m, nil
}

// release releases every model of the cache (eval.Model.Release).
func (c *modelCache) release() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, m := range c.models {
		m.Release()
		delete(c.models, k)
	}
}

// putState takes back a state and move list no player uses any more.
func putState(s *eval.State, moves []int) {
	statePools[s.Model().Size].Put(&pooledState{s, moves})
}

func (g *Greedy) Name() string { return g.name }

// State returns the evaluation after the last Move, for tests and tools.
func (g *Greedy) State() *eval.State { return g.state }

// Finish hands the player's evaluation back for a later player's game;
// the player is not used again (see Finisher).
func (g *Greedy) Finish() {
	if g.state != nil {
		putState(g.state, g.follow.moves)
		g.state = nil
		g.follow.moves = nil
	}
}

// sync brings the evaluation to b's position, rebuilding the model when
// the board's size or rule changed.
func (g *Greedy) sync(b *game.Board) error { return g.models.sync(&g.state, &g.follow, b) }

// sync brings *st, followed by f, to b's position, taking a state from
// the cache (and handing the old one back) when there is none yet or the
// board's size or rule changed.
func (c *modelCache) sync(st **eval.State, f *Follower, b *game.Board) error {
	if s := *st; s == nil || s.Model().Size != b.Size() || s.Model().Rule != b.Rule() {
		if s != nil {
			putState(s, f.moves)
		}
		ns, moves, err := c.state(b.Size(), b.Rule())
		if err != nil {
			return err
		}
		*st, f.moves = ns, moves
	}
	s := *st
	f.SyncReset(b, s.Place, s.Remove, s.Reset)
	return nil
}

// Move plays the highest-scoring legal cell.
func (g *Greedy) Move(ctx context.Context, b *game.Board) (int, error) {
	if b.Over() {
		return -1, game.ErrGameOver
	}
	if err := g.sync(b); err != nil {
		return -1, err
	}
	toMove := b.ToMove()
	var refused map[int]bool // forbidden cells met so far (renju black)
	for {
		var skip func(int) bool
		if refused != nil {
			skip = func(i int) bool { return refused[i] }
		}
		cell, _ := g.state.Best(toMove, skip, g.rng)
		if cell < 0 {
			return -1, errors.New("greedy: no legal move left")
		}
		if b.Legal(cell) == nil {
			return cell, nil
		}
		if refused == nil {
			refused = map[int]bool{}
		}
		refused[cell] = true
	}
}
