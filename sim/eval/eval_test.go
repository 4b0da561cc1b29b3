package eval

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

// codeOf encodes a picture of a line for table t: '*' is the cell (where
// the stone would go), X own stones, O blockers, anything else empty;
// cells beyond the picture are empty.
func codeOf(t *testing.T, tb *Table, pic string) int {
	t.Helper()
	centre := strings.IndexByte(pic, '*')
	if centre < 0 {
		t.Fatalf("picture %q has no *", pic)
	}
	code, pow := 0, 1
	for i := 0; i < 2*tb.R; i++ {
		pow *= 3
	}
	_ = pow
	for k := -tb.R; k <= tb.R; k++ {
		if k == 0 {
			continue
		}
		j := centre + k
		digit := DigitEmpty
		if j >= 0 && j < len(pic) {
			switch pic[j] {
			case 'X':
				digit = DigitOwn
			case 'O':
				digit = DigitBlocked
			}
		}
		place := 1
		for i := 0; i < DigitPos(k, tb.R); i++ {
			place *= 3
		}
		code += digit * place
	}
	return code
}

func TestPatterns(t *testing.T) {
	tests := []struct {
		pic   string
		free  Pattern // five or more wins
		exact Pattern // exactly five wins
	}{
		{"XXXX*", Five, Five},
		{"XX*XX", Five, Five},
		{"XXXX*X", Five, None},
		{"X_XXXX*", Five, Five},
		{"XXXXX*", Five, None},
		{"_XXX*_", OpenFour, OpenFour},
		{"OXXX*_", Four, Four},
		{"XX*_X", Four, Four},
		{"X_XX*_X", OpenFour, OpenFour}, // two fives, one on each side: no single block stops both
		{"X_XXX*_", OpenFour, Four},     // exact: the left fill makes six
		{"__XX*__", OpenThree, OpenThree},
		{"__X_X*__", OpenThree, OpenThree},
		{"OXX*__", Three, Three},
		{"O_XX*_O", Three, Three},
		{"___X*___", OpenTwo, OpenTwo},
		{"__X_*___", OpenTwo, OpenTwo},
		{"OX*___", Two, Two},
		{"____*____", One, One},
		{"O___*_O", One, One},
		{"O___*O", None, None},
		{"O__*_O", None, None},
		{"OO*OO", None, None},
	}
	free, exact := TableFor(true), TableFor(false)
	for _, tt := range tests {
		if got := free.Pattern[codeOf(t, free, tt.pic)]; got != tt.free {
			t.Errorf("freestyle %q: got %v, want %v", tt.pic, got, tt.free)
		}
		if got := exact.Pattern[codeOf(t, exact, tt.pic)]; got != tt.exact {
			t.Errorf("exact five %q: got %v, want %v", tt.pic, got, tt.exact)
		}
	}
}

func models(t testing.TB) []*Model {
	var ms []*Model
	for _, size := range []int{5, 9, 15, 19, 20} {
		for _, rule := range []game.Rule{game.Freestyle, game.Standard, game.Renju} {
			m, err := NewModel(size, rule, DefaultWeights())
			if err != nil {
				t.Fatal(err)
			}
			ms = append(ms, m)
		}
	}
	return ms
}

// TestIncrementalEqualsRecomputation plays random moves and undos and
// compares the incremental state with a from-scratch evaluation each step.
func TestIncrementalEqualsRecomputation(t *testing.T) {
	steps := 400
	if testing.Short() {
		steps = 100
	}
	positions := 0
	for mi, m := range models(t) {
		rng := rand.New(rand.NewPCG(uint64(mi), 7))
		s := NewState(m)
		n := m.Size * m.Size
		var stack []int
		var colours []game.Colour
		for step := 0; step < steps; step++ {
			if len(stack) > 0 && (rng.IntN(3) == 0 || len(stack) == n) {
				i := stack[len(stack)-1]
				if s.At(i) != colours[len(colours)-1] {
					t.Fatalf("cell %d holds %v", i, s.At(i))
				}
				s.Remove(i)
				stack, colours = stack[:len(stack)-1], colours[:len(colours)-1]
			} else {
				i := rng.IntN(n)
				for s.cells[i] != game.Empty {
					i = rng.IntN(n)
				}
				c := game.Colour(1 + rng.IntN(2))
				s.Place(i, c)
				stack, colours = append(stack, i), append(colours, c)
			}
			if err := s.Check(); err != nil {
				t.Fatalf("%d×%d %v after %d steps: %v", m.Size, m.Size, m.Rule, step, err)
			}
			positions++
		}
	}
	if positions < 2000 && !testing.Short() {
		t.Fatalf("only %d positions checked", positions)
	}
}

func TestOrderStartsAtCentre(t *testing.T) {
	m, err := NewModel(15, game.Freestyle, DefaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	if m.Order[0] != 7*15+7 {
		t.Errorf("first cell in order %d, want the centre", m.Order[0])
	}
	s := NewState(m)
	if c, _ := s.Best(game.Black, nil, nil); c != 7*15+7 {
		t.Errorf("empty board: best %s, want h8", game.FormatMove(c, 15))
	}
}

// TestSharedEmptyBoards: models of other weights share the empty board's
// weight-free part and their geometry, yet each model's empty state, and
// a state moved from one model to another by ResetTo, equals a
// recomputation under its own weights.
func TestSharedEmptyBoards(t *testing.T) {
	other := DefaultWeights()
	other.Attack[OpenThree] += 777
	other.Defence[Two] += 5
	other.Centre = 3
	for _, size := range []int{9, 15} {
		for _, rule := range []game.Rule{game.Freestyle, game.Renju} {
			a, err := NewModel(size, rule, DefaultWeights())
			if err != nil {
				t.Fatal(err)
			}
			b, err := NewModel(size, rule, other)
			if err != nil {
				t.Fatal(err)
			}
			if &a.Touch[0] != &b.Touch[0] {
				t.Errorf("%d×%d %v: two models built their own neighbour lists", size, size, rule)
			}
			s := NewState(a)
			for _, m := range []*Model{a, b, a} {
				s.ResetTo(m)
				for k, cell := range []int{size*size/2 + 1, size*size/2 - size, 0, size*size/2 + 2} {
					s.Place(cell, game.Colour(1+k%2))
				}
				if err := s.Check(); err != nil {
					t.Fatalf("%d×%d %v, weights %p: %v", size, size, rule, m, err)
				}
				if err := NewState(m).Check(); err != nil {
					t.Fatalf("%d×%d %v: the empty state: %v", size, size, rule, err)
				}
			}
		}
	}
}
