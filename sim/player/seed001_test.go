package player

import (
	"context"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

// seedPicture builds a board from rows (top to bottom; X black, O white,
// anything else empty), placing all stones of the colour that is not
// toMove last, so that toMove is the side to move.
func seedPicture(t *testing.T, rule game.Rule, toMove game.Colour, rows ...string) *game.Board {
	t.Helper()
	b := game.MustBoard(len(rows), rule)
	for pass, c := range []game.Colour{toMove, toMove.Opponent()} {
		for y, row := range rows {
			for x, ch := range row {
				if ch == 'X' && c == game.Black || ch == 'O' && c == game.White {
					if err := b.PlayAs(b.Index(x, y), c); err != nil {
						t.Fatalf("pass %d: %v", pass, err)
					}
				}
			}
		}
	}
	if b.Moves() > 0 && b.ToMove() != toMove {
		t.Fatalf("picture has no %v stones to fix the side to move", toMove.Opponent())
	}
	return b
}

func seedRows(size int, rows ...string) []string {
	out := make([]string, size)
	for i := range out {
		if i < len(rows) {
			out[i] = rows[i] + strings.Repeat(".", size-len(rows[i]))
		} else {
			out[i] = strings.Repeat(".", size)
		}
	}
	return out
}

func TestSeed001Score(t *testing.T) {
	tests := []struct {
		name string
		rows []string // 15×15, white (the seed's machine) to move
		x, y int
		want int
	}{
		// aibeside 2 (orthogonal neighbour) + aibeside2 10 + aibeside3 100.
		{"end of a black three", seedRows(15, "", "", "", "", "", "", "",
			".......XXX"), 10, 7, 112},
		// + aibeside4 1000 for a row four.
		{"end of a black row four", seedRows(15, "", "", "", "", "", "", "",
			"...XXXX"), 7, 7, 1112},
		// The same four on a diagonal: aibeside 1 (diagonal neighbour only),
		// 10, 100, and aibeside4's diagonal checks "return 100".
		{"end of a black diagonal four", seedRows(15, "", "", "",
			"...X", "....X", ".....X", "......X"), 7, 7, 211},
		// corner: -1 on the edge; aibeside 2.
		{"edge cell next to a black stone", seedRows(15, "X"), 1, 0, 1},
		// attack: the next three along a ray are white's own.
		{"extends a white three", seedRows(15, "", "", "OOO", "", "", "", "", "", "", "", "", "", "", "X"), 3, 2, 1000},
		{"nothing near", seedRows(15, "", "", "", "", "", "", "", ".......X"), 3, 3, 0},
	}
	for _, tt := range tests {
		b := seedPicture(t, game.Freestyle, game.White, tt.rows...)
		if got := Seed001Score(b, game.White, tt.x, tt.y); got != tt.want {
			t.Errorf("%s: score of (%d,%d) = %d, want %d", tt.name, tt.x, tt.y, got, tt.want)
		}
	}
}

func TestSeed001Move(t *testing.T) {
	tests := []struct {
		name   string
		toMove game.Colour
		rows   []string
		want   string
	}{
		// (6,7) and (10,7) both score 112; "score[j][i] > maxscore" over j
		// (x) outer keeps the first: x = 6.
		{"block a three, first maximum", game.White, seedRows(15, "", "", "", "", "", "", "",
			".......XXX"), "g8"},
		// attack 1000 (+ edge-free) beats blocking a three (112).
		{"attack beats a three", game.White, seedRows(15, "", "", "", "", "", "", "",
			".......XXX", "", "", "OOO"), "d5"},
		// Nothing scores above 0: the seed's default maxx = maxy = 0.
		{"empty board", game.Black, seedRows(15), "a15"},
	}
	for _, tt := range tests {
		b := seedPicture(t, game.Freestyle, tt.toMove, tt.rows...)
		m, err := Seed001{}.Move(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if got := game.FormatMove(m, 15); got != tt.want {
			t.Errorf("%s: played %s, want %s", tt.name, got, tt.want)
		}
	}
}
