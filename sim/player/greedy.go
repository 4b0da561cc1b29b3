package player

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

func init() {
	Register("greedy", func(arg string, opt Options) (Player, error) {
		cfg := config.Default()
		name := "greedy"
		if arg != "" {
			c, err := config.Load(arg)
			if err != nil {
				return nil, err
			}
			cfg, name = c, "greedy:"+arg
		}
		g := NewGreedy(cfg.Weights, opt)
		g.name = name
		return g, nil
	})
}

// Greedy is our AI: it plays the best cell of the evaluation model, kept
// incrementally (sim/eval), one ply deep.
type Greedy struct {
	name    string
	weights eval.Weights
	seed    int64
	rng     *rand.Rand // nil unless the weights ask for noise
	state   *eval.State
	follow  Follower
}

// NewGreedy returns a greedy player with the given (validated) weights.
func NewGreedy(w eval.Weights, opt Options) *Greedy {
	g := &Greedy{name: "greedy", weights: w, seed: opt.Seed}
	if w.Noise > 0 {
		g.rng = rand.New(rand.NewPCG(uint64(opt.Seed), 0x9e3779b97f4a7c15))
	}
	return g
}

func (g *Greedy) Name() string { return g.name }

// State returns the evaluation after the last Move, for tests and tools.
func (g *Greedy) State() *eval.State { return g.state }

// sync brings the evaluation to b's position, rebuilding the model when
// the board's size or rule changed.
func (g *Greedy) sync(b *game.Board) error {
	if g.state == nil || g.state.Model().Size != b.Size() || g.state.Model().Rule != b.Rule() {
		m, err := eval.NewModel(b.Size(), b.Rule(), g.weights)
		if err != nil {
			return err
		}
		g.state = eval.NewState(m)
		g.follow.Reset()
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
