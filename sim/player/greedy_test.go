package player

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// position builds a position from a picture (see game.FromPicture) with
// toMove to move.
func position(t testing.TB, size int, rule game.Rule, toMove game.Colour, rows ...string) *game.Board {
	t.Helper()
	b, err := game.FromPicture(size, rule, toMove, rows...)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestGreedyNeverMissesTheObvious(t *testing.T) {
	tests := []struct {
		name string
		rows []string
		want []string // acceptable moves
	}{
		{"win beats blocking a four", []string{
			"...............",
			"..XXXX.........",
			"...............",
			"..OOOO.........",
		}, []string{"b14", "g14"}},
		{"block a four", []string{
			"...............",
			"..OOOO.........",
			"...............",
			"...XX.X........",
			"...............",
		}, []string{"b14", "g14"}},
		{"block a split four", []string{
			"...............",
			"...............",
			"....OO.OO......",
			"...............",
			"....XXX........",
			"...............",
		}, []string{"g13"}},
		{"open four beats blocking an open three", []string{
			"...............",
			"...............",
			"...............",
			".....OOO.......",
			"...............",
			".....XXX.......",
			"...............",
		}, []string{"e10", "i10"}},
		{"block an open three", []string{
			"...............",
			"...............",
			"...............",
			".....OOO.......",
			"...............",
			"...X...........",
			"...........X...",
		}, []string{"e12", "i12"}},
		{"block a split three at its gap or ends", []string{
			"...............",
			"...............",
			"...............",
			"....OO.O.......",
			"...............",
			"..X............",
			"...........X...",
		}, []string{"g12", "d12", "i12"}},
	}
	for _, rule := range []game.Rule{game.Freestyle, game.Standard, game.Renju} {
		for _, tt := range tests {
			// X is the side to move; under renju the mover is black, so
			// its forbidden moves cannot interfere with these shapes.
			b := position(t, 15, rule, game.Black, tt.rows...)
			g := NewGreedy(config.Default().Weights, Options{Size: 15, Rule: rule})
			m, err := g.Move(context.Background(), b)
			if err != nil {
				t.Fatalf("%v %s: %v", rule, tt.name, err)
			}
			got := game.FormatMove(m, 15)
			ok := false
			for _, w := range tt.want {
				ok = ok || got == w
			}
			if !ok {
				t.Errorf("%v %s: played %s, want one of %v", rule, tt.name, got, tt.want)
			}
		}
	}
}

func TestGreedyFollowsUndo(t *testing.T) {
	g := NewGreedy(config.Default().Weights, Options{})
	b := game.MustBoard(15, game.Freestyle)
	rng := rand.New(rand.NewPCG(1, 2))
	for step := 0; step < 300 && !b.Over(); step++ {
		if b.Moves() > 0 && rng.IntN(4) == 0 {
			b.Undo()
			continue
		}
		m, err := g.Move(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Play(m); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Move(context.Background(), b); err != nil && !b.Over() {
			t.Fatal(err)
		}
		if err := g.State().Check(); err != nil {
			t.Fatalf("after %d steps: %v", step, err)
		}
	}
}

// benchOpenings are two-stone openings near the centre, so benchmark games
// differ from one another.
func benchOpenings(size int) [][2]int {
	var out [][2]int
	c := size / 2
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if dx != 0 || dy != 0 {
				out = append(out, [2]int{c*size + c, (c+dy)*size + c + dx})
			}
		}
	}
	return out
}

// BenchmarkGreedyGames plays native greedy-vs-greedy games on 15×15 and
// reports games per second (goal: 5,000 on one core).
func BenchmarkGreedyGames(b *testing.B) {
	w := config.Default().Weights
	black := NewGreedy(w, Options{})
	white := NewGreedy(w, Options{})
	openings := benchOpenings(15)
	ctx := context.Background()
	moves := 0
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		bd := game.MustBoard(15, game.Freestyle)
		op := openings[n%len(openings)]
		bd.Play(op[0])
		bd.Play(op[1])
		for !bd.Over() {
			p := black
			if bd.ToMove() == game.White {
				p = white
			}
			m, err := p.Move(ctx, bd)
			if err != nil {
				b.Fatal(err)
			}
			if err := bd.Play(m); err != nil {
				b.Fatal(err)
			}
			moves++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}
