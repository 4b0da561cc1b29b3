package player

import (
	"context"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

func TestSeed002Score(t *testing.T) {
	// The seed's own example, "o" white and "x" black, * at (3,3):
	//   ---------
	//   ---------
	//   ---oo----
	//   -ox*xx---
	// "黑棋水平方向上点(4,4)的价值，由一个冲1…和活2…组成": black's row is a
	// blocked 1 (left: x, then o) and a live 2 (right: xx, then empty);
	// white has a live 1 up ("白棋在垂直方向上…是一个活1") and a live 1 up
	// and to the right ("而在/方向也是活1").
	rows := seedRows(15, ".........", ".........", "...OO....", ".OX.XX...")
	tests := []struct {
		toMove game.Colour
		want   int
	}{
		// Black to move: F[0][1] + F[1][2] + L[1][1] + L[1][1] = 2+30+10+10.
		{game.Black, 52},
		// White to move: L[0][1] + L[1][2] + F[1][1] + F[1][1] = 1+30+10+10.
		{game.White, 51},
	}
	for _, tt := range tests {
		b := seedPicture(t, game.Freestyle, tt.toMove, rows...)
		if got := Seed002Score(b, tt.toMove, 3, 3); got != tt.want {
			t.Errorf("%v to move: score %d, want %d", tt.toMove, got, tt.want)
		}
	}
}

func TestSeed002Runs(t *testing.T) {
	// White to move, so black's runs use the L table. Row 10 is a black
	// four with both ends empty; row 12 a black four against a white stone;
	// row 14 a black two against the edge.
	rows := seedRows(15,
		"", "", "", "", "", "", "", "", "", "",
		".XXXX",
		"",
		"OXXXX",
		"",
		"XX")
	tests := []struct {
		x, y, want int
		why        string
	}{
		{5, 10, 4000, "L[1][4]: four, live beyond (0,10)"},
		{0, 10, 4000, "L[1][4]: the same four seen from its other end"},
		{5, 12, 3750, "L[0][4]: four blocked by white (0,12)"},
		{5, 11, 20, "L[1][1] up-left (4,10) + L[1][1] down-left (4,12)"},
		{0, 11, 30, "F[1][1] down (0,12 white, own) + L[1][1] up-right + L[1][1] down-right"},
		{2, 14, 5, "L[0][2]: two blocked by the edge"},
		{9, 3, 0, "no stone next to it"},
	}
	b := seedPicture(t, game.Freestyle, game.White, rows...)
	for _, tt := range tests {
		if got := Seed002Score(b, game.White, tt.x, tt.y); got != tt.want {
			t.Errorf("(%d,%d) %s: got %d, want %d", tt.x, tt.y, tt.why, got, tt.want)
		}
	}
}

func TestSeed002Move(t *testing.T) {
	tests := []struct {
		name   string
		toMove game.Colour
		rows   []string
		want   string
	}{
		// (0,10) and (5,10) both score 4000; the first in cell-index order.
		{"block a four, first maximum", game.White, seedRows(15,
			"", "", "", "", "", "", "", "", "", "", ".XXXX"), "a5"},
		// F[1][4] = 16000 for white's own four beats L[1][4] = 4000.
		{"win beats blocking", game.White, seedRows(15,
			"", "", "", ".OOOO", "", "", "", "", "", "", ".XXXX"), "a12"},
		{"empty board: nearest the centre", game.Black, seedRows(15), "h8"},
	}
	for _, tt := range tests {
		b := seedPicture(t, game.Freestyle, tt.toMove, tt.rows...)
		m, err := Seed002{}.Move(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if got := game.FormatMove(m, 15); got != tt.want {
			t.Errorf("%s: played %s, want %s", tt.name, got, tt.want)
		}
	}
}
