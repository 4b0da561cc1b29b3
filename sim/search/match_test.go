package search_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// openings returns n distinct openings of two or three stones within two
// cells of the centre, from a fixed generator: varied but reproducible.
func openings(n, size int, seed uint64) [][]int {
	rng := rand.New(rand.NewPCG(seed, 7))
	c := size / 2
	seen := map[string]bool{}
	var out [][]int
	for len(out) < n {
		k := 2 + rng.IntN(2)
		op := []int{c*size + c}
		used := map[int]bool{op[0]: true}
		for len(op) < k {
			x, y := c+rng.IntN(5)-2, c+rng.IntN(5)-2
			i := y*size + x
			if !used[i] {
				used[i] = true
				op = append(op, i)
			}
		}
		key := fmt.Sprint(op)
		if !seen[key] {
			seen[key] = true
			out = append(out, op)
		}
	}
	return out
}

// playGame plays one game from an opening and returns the winner (Empty
// for a draw).
func playGame(ctx context.Context, size int, rule game.Rule, black, white player.Player, opening []int) (game.Colour, error) {
	b := game.MustBoard(size, rule)
	for _, m := range opening {
		if err := b.Play(m); err != nil {
			return game.Empty, fmt.Errorf("opening: %w", err)
		}
	}
	for !b.Over() {
		p := black
		if b.ToMove() == game.White {
			p = white
		}
		m, err := p.Move(ctx, b)
		if err != nil {
			return game.Empty, fmt.Errorf("%s: %w", p.Name(), err)
		}
		if err := b.Play(m); err != nil {
			return game.Empty, fmt.Errorf("%s played %s: %w", p.Name(), game.FormatMove(m, size), err)
		}
	}
	return b.Winner(), nil
}

// matchResult is a match from the first player's side.
type matchResult struct {
	wins, draws, losses int
}

func (r matchResult) score() float64 {
	n := r.wins + r.draws + r.losses
	return (float64(r.wins) + float64(r.draws)/2) / float64(n)
}

func (r matchResult) String() string {
	return fmt.Sprintf("+%d =%d -%d (%.1f%%)", r.wins, r.draws, r.losses, 100*r.score())
}

// match plays len(ops)*2 games of spec a against spec b, each opening
// twice with colours swapped, with fresh players seeded per game.
func match(t testing.TB, a, b string, size int, rule game.Rule, ops [][]int) matchResult {
	t.Helper()
	var r matchResult
	ctx := context.Background()
	for g := 0; g < 2*len(ops); g++ {
		opt := player.Options{Size: size, Rule: rule, Seed: int64(g)}
		pa, err := player.New(a, opt)
		if err != nil {
			t.Fatal(err)
		}
		pb, err := player.New(b, opt)
		if err != nil {
			t.Fatal(err)
		}
		aColour := game.Black
		black, white := pa, pb
		if g%2 == 1 {
			aColour, black, white = game.White, pb, pa
		}
		w, err := playGame(ctx, size, rule, black, white, ops[g/2])
		if err != nil {
			t.Fatalf("game %d: %v", g, err)
		}
		switch w {
		case aColour:
			r.wins++
		case game.Empty:
			r.draws++
		default:
			r.losses++
		}
	}
	return r
}
