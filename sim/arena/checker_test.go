package arena

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// boardChecker is a Checker that replays every game on a game.Board, as
// it does for renju: the reference its lines are held to.
func boardChecker(size int, rule game.Rule) *Checker {
	return &Checker{size: size, cells: size * size, rule: rule, board: game.MustBoard(size, rule)}
}

// randomGame plays random moves within a square of side span in the
// board's corner (dense play: fives, overlines and full squares come
// often) until the game ends or stops at a random move, and returns it
// as a worker would, its end the one the board reached (or a forfeit).
func randomGame(rng *rand.Rand, size int, rule game.Rule, span int) (Job, Game) {
	b := game.MustBoard(size, rule)
	j := Job{Number: 1, Index: rng.IntN(2)}
	g := Game{Number: 1, Index: j.Index, BlackSide: j.Index % 2}
	stop := rng.IntN(span*span + 1)
	for !b.Over() && len(g.Moves) < stop {
		var free []int
		for y := range span {
			for x := range span {
				if i := b.Index(x, y); b.Legal(i) == nil {
					free = append(free, i)
				}
			}
		}
		if len(free) == 0 {
			break
		}
		m := free[rng.IntN(len(free))]
		if err := b.Play(m); err != nil {
			panic(err)
		}
		g.Moves = append(g.Moves, m)
		g.Times = append(g.Times, time.Duration(rng.IntN(1000)))
	}
	switch {
	case b.Over():
		g.Winner, g.End = b.Winner(), EndFive
		if b.Winner() == game.Empty {
			g.End = EndFull
		}
	default:
		g.Winner, g.End, g.Forfeit = b.ToMove().Opponent(), EndForfeit, player.Timeout
	}
	return j, g
}

// tamper changes a game at random, as a worker that lies or errs might.
func tamper(rng *rand.Rand, g *Game, cells int) {
	n := len(g.Moves)
	switch rng.IntN(6) {
	case 0:
		if n > 0 {
			g.Moves[rng.IntN(n)] = rng.IntN(cells+2) - 1
		}
	case 1:
		if n > 0 {
			g.Moves, g.Times = g.Moves[:n-1], g.Times[:n-1]
		}
	case 2:
		g.Moves, g.Times = append(g.Moves, rng.IntN(cells)), append(g.Times, 0)
	case 3:
		g.Winner = game.Colour(rng.IntN(3))
	case 4:
		g.End = End(rng.IntN(4))
	case 5:
		if n > 1 {
			a, b := rng.IntN(n), rng.IntN(n)
			g.Moves[a], g.Moves[b] = g.Moves[b], g.Moves[a]
		}
	}
}

// TestCheckerMatchesBoard: the Checker's lines accept exactly the games
// a replay on a game.Board accepts, under freestyle and standard (where
// an overline wins for nobody), for games as played and tampered with,
// on the smallest, a middle and the largest board.
func TestCheckerMatchesBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, rule := range []game.Rule{game.Freestyle, game.Standard} {
		for _, size := range []int{game.MinSize, 9, game.MaxSize} {
			fast, err := NewChecker(size, rule)
			if err != nil {
				t.Fatal(err)
			}
			ref := boardChecker(size, rule)
			accepted, refused := 0, 0
			for n := range 3000 {
				span := min(size, 5+rng.IntN(4))
				if n%7 == 0 {
					// Along the far edges too.
					span = size
				}
				j, g := randomGame(rng, size, rule, span)
				if n%2 == 1 {
					for range 1 + rng.IntN(2) {
						tamper(rng, &g, size*size)
					}
				}
				want, got := ref.Check(j, &g), fast.Check(j, &g)
				if (want == nil) != (got == nil) {
					t.Fatalf("%v %d×%d, moves %v, end %d, winner %v: the board says %v, the lines %v", rule, size, size, g.Moves, g.End, g.Winner, want, got)
				}
				if want == nil {
					accepted++
				} else {
					refused++
				}
			}
			if accepted < 1000 || refused < 500 {
				t.Fatalf("%v %d×%d: %d accepted and %d refused: the test does not exercise both", rule, size, size, accepted, refused)
			}
		}
	}
}

// TestCheckerOverline: an overline ends a freestyle game and not a
// standard one, on the lines as on the board: black's six along each
// direction, the sixth stone filling the gap.
func TestCheckerOverline(t *testing.T) {
	for _, d := range game.Directions {
		x0, y0 := 2, 2
		if d[0] < 0 {
			x0 = 8
		}
		var moves []int
		white := []int{0, 9*9 - 1, 9*9 - 2, 9*9 - 3, 9*9 - 4, 9*9 - 5}
		for k, step := range []int{0, 1, 2, 4, 5, 3} {
			moves = append(moves, (y0+step*d[1])*9+x0+step*d[0], white[k])
		}
		moves = moves[:len(moves)-1] // black's sixth stone ends it
		times := make([]time.Duration, len(moves))
		for _, rule := range []game.Rule{game.Freestyle, game.Standard} {
			g := Game{Number: 1, Moves: moves, Times: times, Winner: game.Black, End: EndFive}
			if rule == game.Standard {
				g.Winner, g.End, g.Forfeit = game.Black, EndForfeit, player.Timeout
			}
			c, _ := NewChecker(9, rule)
			if err := c.Check(Job{Number: 1}, &g); err != nil {
				t.Errorf("%v, direction %v: %v", rule, d, err)
			}
			if err := boardChecker(9, rule).Check(Job{Number: 1}, &g); err != nil {
				t.Errorf("%v, direction %v, on the board: %v", rule, d, err)
			}
		}
	}
}

// FuzzChecker: for any moves, the lines and the board agree.
func FuzzChecker(f *testing.F) {
	f.Add([]byte{40, 41, 31, 32, 22, 23, 13, 14, 4}, uint8(0), uint8(1))
	f.Add([]byte{0, 9, 1, 10, 2, 11, 4, 12, 5, 13, 3}, uint8(1), uint8(1))
	f.Fuzz(func(t *testing.T, moves []byte, rule, end uint8) {
		r := game.Rule(rule % 2)
		g := Game{Number: 1, End: End(end%3 + 1), Winner: game.Colour(end / 3 % 3)}
		if g.End == EndForfeit {
			g.Forfeit = player.Timeout
		}
		for _, m := range moves {
			g.Moves = append(g.Moves, int(m)-3)
			g.Times = append(g.Times, 0)
		}
		fast, _ := NewChecker(9, r)
		want, got := boardChecker(9, r).Check(Job{Number: 1}, &g), fast.Check(Job{Number: 1}, &g)
		if (want == nil) != (got == nil) {
			t.Fatalf("%v, moves %v: the board says %v, the lines %v", r, g.Moves, want, got)
		}
	})
}

// BenchmarkChecker: a coordinator's check of a game (15×15 freestyle,
// random games), on the lines and on a board.
//
//	go test ./sim/arena -run '^$' -bench Checker
func BenchmarkChecker(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	type played struct {
		j Job
		g Game
	}
	var games []played
	for len(games) < 256 {
		j, g := randomGame(rng, 15, game.Freestyle, 15)
		games = append(games, played{j, g})
	}
	fast, _ := NewChecker(15, game.Freestyle)
	for _, c := range []struct {
		name string
		c    *Checker
	}{{"lines", fast}, {"board", boardChecker(15, game.Freestyle)}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				p := &games[i%len(games)]
				c.c.Check(p.j, &p.g)
			}
		})
	}
}
