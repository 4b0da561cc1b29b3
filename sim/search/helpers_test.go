package search

import (
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

// board builds a position from a picture (see game.FromPicture) with
// toMove to move.
func board(t testing.TB, size int, rule game.Rule, toMove game.Colour, rows ...string) *game.Board {
	t.Helper()
	b, err := game.FromPicture(size, rule, toMove, rows...)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
