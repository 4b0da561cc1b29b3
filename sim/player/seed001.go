package player

// seed001 is a port of the simple C evaluator of shared/seeds/001: every
// empty cell is scored by a handful of fixed checks around it and the first
// cell with the top score is played. No state, no randomness.

import (
	"context"
	"errors"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

func init() {
	Register("seed001", func(arg string, opt Options) (Player, error) {
		if arg != "" {
			return nil, errors.New("seed001 takes no argument")
		}
		return Seed001{}, nil
	})
}

// Seed001 is the seed001 player. The seed is written for the machine as
// white ("机器白子后手") with map value 1 for the opponent and 2 for itself;
// the port plays either colour, reading 1 as "the opponent of the side to
// move" and 2 as "the side to move". The seed's map[x][y] is read as column
// x, row y (its first index is the outer loop of its pick).
//
// Score of an empty cell, the sum of the seed's functions (each returns at
// its first matching check, so each adds one value at most):
//   - aibeside: 2 if an orthogonal neighbour is the opponent's, else 1 if a
//     diagonal neighbour is;
//   - aibeside2/3: 10 / 100 if, along some one of the 8 rays from the cell,
//     the next 2 / 3 cells are all the opponent's;
//   - aibeside4: 1000 if the next 4 along a row or column ray are the
//     opponent's, else 100 if along a diagonal ray — the seed really returns
//     100 for diagonal fours ("map[x - 1][y - 1] == 1 && … return 100;"),
//     kept as a faithful quirk;
//   - corner: -1 on the board's edge;
//   - attack: 1000 if the next 3 along some ray are the mover's own.
//
// The seed reads past the board's edge (undefined behaviour in C); the port
// reads off-board cells as empty.
//
// Pick ("if (score[j][i] > maxscore)" over j then i, maxscore starting at
// 0): the first legal empty cell, x outer and y inner, with the highest
// score, if that score is above 0. Otherwise the seed keeps its default
// maxx = maxy = 0 and plays (0,0); the port does too when (0,0) is legal,
// and where the seed would loop for ever ((0,0) occupied) it plays the first
// legal cell with the highest score. Under renju the mover's forbidden cells
// are skipped like occupied ones.
//
// Not ported: ai3, the tic-tac-toe opening (take (0,0), then (1,1)), which
// the seed's ai() calls first; it belongs to the seed's tic-tac-toe mode.
type Seed001 struct{}

func (Seed001) Name() string { return "seed001" }

// seed001Rays are the seed's eight ray directions: the four orthogonal ones
// first, in aibeside4's order, then the diagonal ones.
var seed001Rays = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}}

// Seed001Score returns the seed's score of the empty cell (x, y) for the
// side own to move.
func Seed001Score(b *game.Board, own game.Colour, x, y int) int {
	opp := own.Opponent()
	at := func(k int, d [2]int) game.Colour { return b.AtXY(x+k*d[0], y+k*d[1]) }
	line := func(d [2]int, n int, c game.Colour) bool {
		for k := 1; k <= n; k++ {
			if at(k, d) != c {
				return false
			}
		}
		return true
	}
	score := 0
	// aibeside
	switch {
	case line(seed001Rays[0], 1, opp) || line(seed001Rays[1], 1, opp) ||
		line(seed001Rays[2], 1, opp) || line(seed001Rays[3], 1, opp):
		score += 2
	case line(seed001Rays[4], 1, opp) || line(seed001Rays[5], 1, opp) ||
		line(seed001Rays[6], 1, opp) || line(seed001Rays[7], 1, opp):
		score += 1
	}
	// aibeside2, aibeside3, aibeside4, attack: first matching ray wins.
	first := func(n int, c game.Colour, orth, diag int) int {
		for r, d := range seed001Rays {
			if line(d, n, c) {
				if r < 4 {
					return orth
				}
				return diag
			}
		}
		return 0
	}
	score += first(2, opp, 10, 10)
	score += first(3, opp, 100, 100)
	score += first(4, opp, 1000, 100)
	if x == 0 || y == 0 || x == b.Size()-1 || y == b.Size()-1 {
		score-- // corner
	}
	score += first(3, own, 1000, 1000)
	return score
}

// Move plays the seed's pick (see Seed001).
func (Seed001) Move(ctx context.Context, b *game.Board) (int, error) {
	if b.Over() {
		return -1, game.ErrGameOver
	}
	own, n := b.ToMove(), b.Size()
	best, bestScore := -1, 0
	for x := 0; x < n; x++ {
		for y := 0; y < n; y++ {
			i := b.Index(x, y)
			if b.At(i) != game.Empty {
				continue
			}
			if s := Seed001Score(b, own, x, y); (best < 0 || s > bestScore) && b.Legal(i) == nil {
				best, bestScore = i, s
			}
		}
	}
	switch {
	case best < 0:
		return -1, errors.New("seed001: no legal move left")
	case bestScore > 0:
		return best, nil
	case b.Legal(0) == nil:
		return 0, nil // the seed's default maxx = maxy = 0
	}
	return best, nil
}
