package player

// seed004 is a port of the Unity pattern-dictionary AI of shared/seeds/004:
// each empty cell's four lines are written as strings of its colour's
// stones and gaps and scored by the best dictionary entry they contain, for
// both colours, and the first best cell beating the centre's threshold is
// played. No state, no randomness.

import (
	"context"
	"errors"
	"strings"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

func init() {
	Register("seed004", func(arg string, opt Options) (Player, error) {
		if arg != "" {
			return nil, errors.New("seed004 takes no argument")
		}
		return Seed004{}, nil
	})
}

// Seed004Dictionary is the seed's Score dictionary: '*' a stone of the
// colour being scored (the cell itself counts as one), '_' an empty cell.
var Seed004Dictionary = []struct {
	Pattern string
	Score   int
}{
	{"_*_", 20}, {"_**_", 120}, {"_**", 50}, {"**_", 50},
	{"_***_", 720}, {"_***", 600}, {"***_", 600},
	{"****_", 720}, {"**_**_", 720}, {"**_*_", 720}, {"_*_**", 720},
	{"_****_", 5000}, {"*****", 100000},
}

// Seed004 is the seed004 player. The seed's grid[x, y] is read as column x,
// row y; its directions {1,0}, {0,1}, {1,1}, {1,-1} are steps in (x, y).
//
// CheckOneLine, ported with its quirks (Seed004Line):
//   - the string starts as "*" (the cell, as if the colour played it);
//   - forward, up to 6 cells ("rem<=5"): the colour's stone appends '*', an
//     empty cell appends '_' and the scan goes on, anything else stops it;
//   - backward, up to 6 cells: a stone prepends '*', an empty cell prepends
//     '_' and stops the scan ("temp = "_" + temp; break;"), anything else
//     stops it;
//   - both scans run only while "(x < 15 && x > 0) && (y > 0 && y < 15)",
//     i.e. 0 < x, y < size: row and column 0 count as off the board for the
//     scans (the cells there are still scored and playable).
//
// "Best matching entry" is "temp.Contains(item.Key) && toScore[item.Key] >
// MaxScore": the largest score among the entries that occur anywhere in the
// string as a substring (0 if none). SetScore sums that over the four
// directions for white and for black alike, so own and opponent shapes
// count the same.
//
// PlayChess: the default is the centre (size/2, size/2) with a threshold of
// 80, or 0 if the centre is taken; scanning x outer, y inner, an empty cell
// replaces the default when its score is strictly above the best so far.
// With the edge quirk, on an empty 15×15 board (2,2) is the first cell to
// score 160 > 80, so the seed opens at c13, not the centre. Under renju
// black's forbidden cells are skipped like occupied ones; where the seed
// would play an occupied centre (nothing scored above 0), the port plays the
// first legal cell with the highest score.
type Seed004 struct{}

func (Seed004) Name() string { return "seed004" }

// seed004Dirs are SetScore's four directions.
var seed004Dirs = [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}

// Seed004Line returns CheckOneLine's string for colour c through the cell
// (x, y) along dir.
func Seed004Line(b *game.Board, c game.Colour, x, y int, dir [2]int) string {
	n := b.Size()
	in := func(x, y int) bool { return x < n && x > 0 && y > 0 && y < n }
	var fwd, back []byte
	for k, rem := 1, 0; in(x+k*dir[0], y+k*dir[1]) && rem <= 5; k, rem = k+1, rem+1 {
		s := b.AtXY(x+k*dir[0], y+k*dir[1])
		if s == c {
			fwd = append(fwd, '*')
		} else if s == game.Empty {
			fwd = append(fwd, '_')
		} else {
			break
		}
	}
	for k, rem := 1, 0; in(x-k*dir[0], y-k*dir[1]) && rem <= 5; k, rem = k+1, rem+1 {
		s := b.AtXY(x-k*dir[0], y-k*dir[1])
		if s == c {
			back = append(back, '*')
		} else {
			if s == game.Empty {
				back = append(back, '_')
			}
			break
		}
	}
	var sb strings.Builder
	for i := len(back) - 1; i >= 0; i-- {
		sb.WriteByte(back[i])
	}
	sb.WriteByte('*')
	sb.Write(fwd)
	return sb.String()
}

// Seed004LineScore is CheckOneLine's result for a line string.
func Seed004LineScore(line string) int {
	best := 0
	for _, e := range Seed004Dictionary {
		if e.Score > best && strings.Contains(line, e.Pattern) {
			best = e.Score
		}
	}
	return best
}

// Seed004Score is SetScore: the cell's four lines scored for white, then
// for black, summed.
func Seed004Score(b *game.Board, x, y int) int {
	score := 0
	for _, c := range [2]game.Colour{game.White, game.Black} {
		for _, d := range seed004Dirs {
			score += Seed004LineScore(Seed004Line(b, c, x, y, d))
		}
	}
	return score
}

// Move plays the seed's pick (see Seed004).
func (Seed004) Move(ctx context.Context, b *game.Board) (int, error) {
	if b.Over() {
		return -1, game.ErrGameOver
	}
	n := b.Size()
	centre := b.Index(n/2, n/2)
	pick, threshold := centre, 80
	if b.Legal(centre) != nil {
		threshold = 0
	}
	// first/firstScore track the fallback: the first legal cell with the
	// highest score, whatever the threshold.
	first, firstScore := -1, 0
	for x := 0; x < n; x++ {
		for y := 0; y < n; y++ {
			i := b.Index(x, y)
			if b.At(i) != game.Empty {
				continue
			}
			s := Seed004Score(b, x, y)
			if s <= threshold && (first >= 0 && s <= firstScore) {
				continue
			}
			if b.Legal(i) != nil {
				continue
			}
			if s > threshold {
				pick, threshold = i, s
			}
			if first < 0 || s > firstScore {
				first, firstScore = i, s
			}
		}
	}
	if b.Legal(pick) == nil {
		return pick, nil
	}
	if first < 0 {
		return -1, errors.New("seed004: no legal move left")
	}
	return first, nil
}
