package eval

import (
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

// TestReleaseHandsMemoryOn: a released model's memory serves the next
// model of its size, whose evaluation is that of a model built fresh, and
// the released model is not used again unnoticed.
func TestReleaseHandsMemoryOn(t *testing.T) {
	w := DefaultWeights()
	a, err := NewModel(9, game.Freestyle, w)
	if err != nil {
		t.Fatal(err)
	}
	sa := NewState(a)
	sa.Place(40, game.Black)
	a.Release()
	w.Centre += 3
	w.Attack[OpenThree] += 100
	b, err := NewModel(9, game.Freestyle, w)
	if err != nil {
		t.Fatal(err)
	}
	fresh := NewState(b)
	sa.ResetTo(b) // a state of the released model, reused as pooled states are
	cells := make([]game.Colour, 81)
	cells[40], cells[41] = game.Black, game.White
	ref := FromCells(b, cells)
	for k, s := range []*State{fresh, sa} {
		s.Place(40, game.Black)
		s.Place(41, game.White)
		for i := 0; i < 81; i++ {
			for _, c := range []game.Colour{game.Black, game.White} {
				if got, want := s.Score(i, c), ref.Score(i, c); cells[i] == game.Empty && got != want {
					t.Fatalf("state %d, cell %d for %v: %d, from scratch %d", k, i, c, got, want)
				}
			}
		}
		for _, c := range []game.Colour{game.Black, game.White} {
			gi, gs := s.Best(c, nil, nil)
			wi, ws := ref.Best(c, nil, nil)
			if gi != wi || gs != ws {
				t.Fatalf("state %d: best for %v %d (%d), from scratch %d (%d)", k, c, gi, gs, wi, ws)
			}
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("a released model was used without a panic")
		}
	}()
	NewState(a)
}
