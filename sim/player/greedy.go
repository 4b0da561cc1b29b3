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
// every game.
func GreedyMaker(name string, w eval.Weights) Maker {
	models := &modelCache{weights: w}
	return func(opt Options) (Player, error) { return newGreedy(name, w, models, opt), nil }
}

func newGreedy(name string, w eval.Weights, models *modelCache, opt Options) *Greedy {
	g := &Greedy{name: name, weights: w, models: models, seed: opt.Seed}
	if w.Noise > 0 {
		g.rng = rand.New(rand.NewPCG(uint64(opt.Seed), 0x9e3779b97f4a7c15))
	}
	return g
}

// modelCache holds the evaluation models of one set of weights, by board
// size and rule, and the states finished players handed back. A model is
// immutable, so players on several goroutines share it; a state is reused
// by one player at a time (reset to the empty board costs a copy, a new
// one an allocation the size of the board times twenty).
type modelCache struct {
	weights eval.Weights
	mu      sync.Mutex
	models  map[modelKey]*modelEntry
}

type modelKey struct {
	size int
	rule game.Rule
}

type modelEntry struct {
	model *eval.Model
	free  []pooledState
}

// pooledState is a finished player's evaluation with its follower's move
// list, whose room is reused too.
type pooledState struct {
	state *eval.State
	moves []int
}

// state returns an evaluation of the empty board for size and rule, and
// an empty move list to follow a game with.
func (c *modelCache) state(size int, rule game.Rule) (*eval.State, []int, error) {
	c.mu.Lock()
	k := modelKey{size, rule}
	e, ok := c.models[k]
	if !ok {
		m, err := eval.NewModel(size, rule, c.weights)
		if err != nil {
			c.mu.Unlock()
			return nil, nil, err
		}
		if c.models == nil {
			c.models = map[modelKey]*modelEntry{}
		}
		e = &modelEntry{model: m}
		c.models[k] = e
	}
	var p pooledState
	if n := len(e.free); n > 0 {
		p = e.free[n-1]
		e.free = e.free[:n-1]
	}
	c.mu.Unlock()
	// Outside the lock: the copy is the costly part, and the state is
	// this caller's alone now.
	if p.state == nil {
		return eval.NewState(e.model), nil, nil
	}
	p.state.Reset()
	return p.state, p.moves[:0], nil
}

// put takes back a state and move list no player uses any more.
func (c *modelCache) put(s *eval.State, moves []int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := s.Model()
	e := c.models[modelKey{m.Size, m.Rule}]
	if e != nil && e.model == m {
		e.free = append(e.free, pooledState{s, moves})
	}
}

func (g *Greedy) Name() string { return g.name }

// State returns the evaluation after the last Move, for tests and tools.
func (g *Greedy) State() *eval.State { return g.state }

// Finish hands the player's evaluation back to its Maker's players, for
// the next game; the player is not used again (see Finisher).
func (g *Greedy) Finish() {
	if g.state != nil {
		g.models.put(g.state, g.follow.moves)
		g.state = nil
		g.follow.moves = nil
	}
}

// sync brings the evaluation to b's position, rebuilding the model when
// the board's size or rule changed.
func (g *Greedy) sync(b *game.Board) error {
	if g.state == nil || g.state.Model().Size != b.Size() || g.state.Model().Rule != b.Rule() {
		if g.state != nil {
			g.models.put(g.state, g.follow.moves)
		}
		st, moves, err := g.models.state(b.Size(), b.Rule())
		if err != nil {
			return err
		}
		g.state, g.follow.moves = st, moves
	}
	g.follow.SyncReset(b, g.state.Place, g.state.Remove, g.state.Reset)
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
