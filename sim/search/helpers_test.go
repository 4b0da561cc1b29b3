package search

import (
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

// board builds a position from a picture (rows top to bottom, X black,
// O white, anything else empty), placing toMove's stones first and the
// opponent's last so toMove is to move.
func board(t testing.TB, size int, rule game.Rule, toMove game.Colour, rows ...string) *game.Board {
	t.Helper()
	b := game.MustBoard(size, rule)
	var mine, theirs []int
	for y, row := range rows {
		for x, ch := range strings.ReplaceAll(row, " ", "") {
			c := game.Empty
			switch ch {
			case 'X':
				c = game.Black
			case 'O':
				c = game.White
			}
			if c == game.Empty {
				continue
			}
			if c == toMove {
				mine = append(mine, b.Index(x, y))
			} else {
				theirs = append(theirs, b.Index(x, y))
			}
		}
	}
	for _, i := range mine {
		if err := b.PlayAs(i, toMove); err != nil {
			t.Fatal(err)
		}
	}
	for _, i := range theirs {
		if err := b.PlayAs(i, toMove.Opponent()); err != nil {
			t.Fatal(err)
		}
	}
	if len(theirs) == 0 {
		t.Fatal("picture needs an opponent stone to fix the side to move")
	}
	return b
}
