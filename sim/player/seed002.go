package player

// seed002 is a port of the gStyle score-table AI of shared/seeds/002 (the
// first article, "五子棋ai如何判断棋型"): each empty cell near stones is
// valued by the runs of stones next to it along its eight rays, looked up in
// the F table (the side to move) and the L table (the other side), and the
// first best cell is played. No state, no randomness.

import (
	"context"
	"errors"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

func init() {
	Register("seed002", func(arg string, opt Options) (Player, error) {
		if arg != "" {
			return nil, errors.New("seed002 takes no argument")
		}
		return Seed002{}, nil
	})
}

// Seed002F and Seed002L are the seed's tables, "F[2][5]={{0,2,5,50,16000},
// {0,10,30,750,16000}}; L[2][5]={{0,1,5,50,3750},{0,10,30,150,4000}}":
// F for the side to move ("先手"), L for the other side ("后手"); first
// index 0 blocked ("冲"), 1 live ("活"); second index the stone count.
var (
	Seed002F = [2][5]int{{0, 2, 5, 50, 16000}, {0, 10, 30, 750, 16000}}
	Seed002L = [2][5]int{{0, 1, 5, 50, 3750}, {0, 10, 30, 150, 4000}}
)

// Seed002 is the seed002 player.
//
// gStyle(colour, x, y, dir, 1) is "与坐标(x,y)在第dir个方向上相邻的…棋子数", the
// number of that colour's stones adjacent to the cell along one of its 8
// rays, and gStyle(…, 2) the empty cells after them. The seed's worked
// example values black's horizontal line through its * as "一个冲1…和活2组成"
// (made of a blocked 1 and a live 2): each ray is classified on its own,
// live when the cell after its run is empty, blocked when it is the other
// colour or off the board. So a cell's value is, over its 8 rays and both
// colours, the sum of T[live][n] with T = Seed002F for the mover's stones
// and Seed002L for the opponent's; a run longer than 4 counts as 4 (the
// tables stop there).
//
// Only empty cells with a stone among their 8 neighbours are considered
// ("我只考虑了周围有棋子的点"), and "只选择第一个最大点" (only the first
// maximum): the port scans in cell-index order (row by row from the top,
// left to right) and keeps the first legal cell with the highest value.
// With no such cell (the empty board), it plays the legal cell nearest the
// centre. Renju forbidden cells are skipped for black.
type Seed002 struct{}

func (Seed002) Name() string { return "seed002" }

// seedRays are the eight rays from a cell: game.Directions both ways.
var seedRays = [8][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}, {-1, 0}, {0, -1}, {-1, -1}, {1, -1}}

// Seed002Score returns the seed's value of the empty cell (x, y) with own
// to move.
func Seed002Score(b *game.Board, own game.Colour, x, y int) int {
	score := 0
	for _, d := range seedRays {
		c := b.AtXY(x+d[0], y+d[1])
		if c == game.Empty {
			continue // no stones on this ray: T[·][0] = 0 for both colours
		}
		n := 1
		for b.AtXY(x+(n+1)*d[0], y+(n+1)*d[1]) == c { // Empty off the board
			n++
		}
		live := 0
		if ex, ey := x+(n+1)*d[0], y+(n+1)*d[1]; b.In(ex, ey) && b.AtXY(ex, ey) == game.Empty {
			live = 1
		}
		t := &Seed002L
		if c == own {
			t = &Seed002F
		}
		score += t[live][min(n, 4)]
	}
	return score
}

// Move plays the seed's pick (see Seed002).
func (Seed002) Move(ctx context.Context, b *game.Board) (int, error) {
	if b.Over() {
		return -1, game.ErrGameOver
	}
	own := b.ToMove()
	best, bestScore := -1, 0
	for i := 0; i < b.Cells(); i++ {
		if b.At(i) != game.Empty {
			continue
		}
		x, y := b.XY(i)
		if !seedNearStone(b, x, y) {
			continue
		}
		if s := Seed002Score(b, own, x, y); (best < 0 || s > bestScore) && b.Legal(i) == nil {
			best, bestScore = i, s
		}
	}
	if best >= 0 {
		return best, nil
	}
	if best = seedNearCentre(b); best < 0 {
		return -1, errors.New("seed002: no legal move left")
	}
	return best, nil
}

// seedNearStone reports whether one of (x, y)'s eight neighbours holds a
// stone.
func seedNearStone(b *game.Board, x, y int) bool {
	for _, d := range seedRays {
		if b.AtXY(x+d[0], y+d[1]) != game.Empty {
			return true
		}
	}
	return false
}

// seedNearCentre returns the legal cell nearest the board's centre
// (Euclidean; ties to the lower cell index), or -1: the ports' fallback
// where a seed's scorer offers nothing.
func seedNearCentre(b *game.Board) int {
	n := b.Size()
	best, bestD := -1, 0
	for i := 0; i < b.Cells(); i++ {
		x, y := b.XY(i)
		// Twice the offsets keep the centre of an even board exact.
		dx, dy := 2*x-(n-1), 2*y-(n-1)
		if d := dx*dx + dy*dy; (best < 0 || d < bestD) && b.Legal(i) == nil {
			best, bestD = i, d
		}
	}
	return best
}
