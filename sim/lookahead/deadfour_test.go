package lookahead

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// deadFourPositions plays games of the lookahead at level against
// itself from a few random stones near the centre and calls visit on
// every position before a move, until visit returns false.
func deadFourPositions(t *testing.T, rule game.Rule, level string, games int, visit func(st *eval.State, b *game.Board) bool) {
	t.Helper()
	cfg := config.PackDefault()
	la, err := cfg.Lookahead.Named(level)
	if err != nil {
		t.Fatal(err)
	}
	m, err := eval.NewModel(15, rule, cfg.Weights)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, uint64(rule)))
	for g := 0; g < games; g++ {
		b, _ := game.NewBoard(15, rule)
		st := eval.NewState(m)
		play := func(i int) {
			col := b.ToMove()
			if err := b.Play(i); err != nil {
				t.Fatal(err)
			}
			st.Place(i, col)
		}
		for b.Moves() < 3+g%4 {
			if i := b.Index(5+rng.IntN(5), 5+rng.IntN(5)); b.Legal(i) == nil {
				play(i)
			}
		}
		s := New(la)
		for !b.Over() && b.Moves() < 80 {
			if !visit(st, b) {
				return
			}
			r := s.Choose(st, b.ToMove(), nil)
			if r.Move < 0 || b.Legal(r.Move) != nil { // renju's black may choose a forbidden cell
				break
			}
			play(r.Move)
		}
	}
}

// TestDeadFoursChangeNothing: a four that leads nowhere, counted instead
// of placed with its block (deadFour), leaves every search as the one
// that places them would have it: the same move, value, stones (each
// stage's), root moves with their values and stones, and defence list,
// at every level, in positions of real games under each rule. And it
// happens: the count is no test otherwise.
func TestDeadFoursChangeNothing(t *testing.T) {
	for _, rule := range []game.Rule{game.Freestyle, game.Standard, game.Renju} {
		for _, level := range []string{"quick", "normal", "strong"} {
			la, _ := config.PackDefault().Lookahead.Named(level)
			counting, placing := New(la), New(la)
			placing.placeDeadFours = true
			positions := 0
			deadFourPositions(t, rule, level, 4, func(st *eval.State, b *game.Board) bool {
				positions++
				got, want := counting.Choose(st, b.ToMove(), nil), placing.Choose(st, b.ToMove(), nil)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%v, %s, move %d: counting dead fours chose %+v, placing them %+v\n%s", rule, level, b.Moves()+1, got, want, game.Picture(b))
				}
				return true
			})
			t.Logf("%v, %s: %d positions, %d fours counted", rule, level, positions, counting.deadFours)
			if rule != game.Renju && counting.deadFours == 0 {
				t.Errorf("%v, %s: no four was counted in %d positions: the test tests nothing", rule, level, positions)
			}
			if rule == game.Renju && counting.deadFours != 0 {
				t.Errorf("renju, %s: %d fours counted, where renju black's forbidden cells may hide four cells", level, counting.deadFours)
			}
		}
	}
}

// TestDeadFoursPlantedBugsDiffer: each condition deadFour checks is
// needed; with any one dropped, some search of the same games differs
// from the one that places every stone.
func TestDeadFoursPlantedBugsDiffer(t *testing.T) {
	bugs := map[int]string{bugOtherThrees: "a three on another line ignored", bugFoursLine: "the four's own line not looked at",
		bugAnyCount: "any number of four cells"}
	for bug := bugOtherThrees; bug <= bugAnyCount; bug++ {
		t.Run(bugs[bug], func(t *testing.T) {
			caught := false
			for _, rule := range []game.Rule{game.Freestyle, game.Standard} {
				la, _ := config.PackDefault().Lookahead.Named("normal")
				planted, placing := New(la), New(la)
				planted.deadFourBug, placing.placeDeadFours = bug, true
				deadFourPositions(t, rule, "normal", 8, func(st *eval.State, b *game.Board) bool {
					got, want := planted.Choose(st, b.ToMove(), nil), placing.Choose(st, b.ToMove(), nil)
					if !reflect.DeepEqual(got, want) {
						t.Logf("caught on %v, move %d", rule, b.Moves()+1)
						caught = true
					}
					return !caught
				})
				if caught {
					return
				}
			}
			t.Fatal("every search was as the one that places every stone")
		})
	}
}
