package arena

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync/atomic"

	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// Small players for tests, registered under names no real player uses.
func init() {
	player.Register("test-first", func(arg string, opt player.Options) (player.Player, error) {
		return firstLegal{}, nil
	})
	player.Register("test-random", func(arg string, opt player.Options) (player.Player, error) {
		return &randomPlayer{rng: rand.New(rand.NewPCG(uint64(opt.Seed), 1))}, nil
	})
	player.Register("test-sharp", func(arg string, opt player.Options) (player.Player, error) {
		return &sharpPlayer{randomPlayer{rng: rand.New(rand.NewPCG(uint64(opt.Seed), 2))}}, nil
	})
	player.Register("test-fail", func(arg string, opt player.Options) (player.Player, error) {
		return &failing{mode: arg}, nil
	})
}

// firstLegal plays the first legal cell in index order: deterministic.
type firstLegal struct{}

func (firstLegal) Name() string { return "test-first" }
func (firstLegal) Move(ctx context.Context, b *game.Board) (int, error) {
	for i := 0; i < b.Cells(); i++ {
		if b.Legal(i) == nil {
			return i, nil
		}
	}
	return -1, game.ErrGameOver
}

// randomPlayer plays a random legal cell next to a stone (or the centre).
type randomPlayer struct{ rng *rand.Rand }

func (*randomPlayer) Name() string { return "test-random" }
func (p *randomPlayer) Move(ctx context.Context, b *game.Board) (int, error) {
	var near, any []int
	for i := 0; i < b.Cells(); i++ {
		if b.Legal(i) != nil {
			continue
		}
		any = append(any, i)
		x, y := b.XY(i)
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if b.AtXY(x+dx, y+dy) != game.Empty {
					near = append(near, i)
					dy, dx = 2, 2
				}
			}
		}
	}
	switch {
	case len(near) > 0:
		return near[p.rng.IntN(len(near))], nil
	case b.Moves() == 0:
		return b.Index(b.Size()/2, b.Size()/2), nil
	case len(any) > 0:
		return any[p.rng.IntN(len(any))], nil
	}
	return -1, game.ErrGameOver
}

// sharpPlayer wins when it can and blocks an immediate five, else plays
// like randomPlayer: far stronger than random.
type sharpPlayer struct{ randomPlayer }

func (*sharpPlayer) Name() string { return "test-sharp" }
func (p *sharpPlayer) Move(ctx context.Context, b *game.Board) (int, error) {
	me := b.ToMove()
	for _, who := range []game.Colour{me, me.Opponent()} {
		for i := 0; i < b.Cells(); i++ {
			if b.Legal(i) == nil && b.MakesWin(i, who) {
				return i, nil
			}
		}
	}
	return p.randomPlayer.Move(ctx, b)
}

var failures atomic.Int64

// failing misbehaves as its argument says: "error" returns an error on its
// second move, "occupied" plays a stone's cell, "panic" panics.
type failing struct {
	mode  string
	moves int
}

func (*failing) Name() string { return "test-fail" }
func (p *failing) Move(ctx context.Context, b *game.Board) (int, error) {
	p.moves++
	if p.moves == 2 {
		failures.Add(1)
		switch p.mode {
		case "error":
			return -1, errors.New("out of ideas")
		case "occupied":
			return b.History()[0], nil
		case "panic":
			panic("boom")
		}
	}
	return firstLegal{}.Move(ctx, b)
}
