package player

import (
	"context"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

func TestSeed004Line(t *testing.T) {
	row := func(s string) []string { return seedRows(15, "", "", "", "", "", "", "", s) }
	tests := []struct {
		name  string
		rows  []string
		x     int
		c     game.Colour
		want  string
		score int
	}{
		// Forward: 6 cells ("rem<=5"), through gaps; backward: stops
		// after its first empty cell.
		{"empty line", row(""), 7, game.Black, "_*______", 20},
		// "_***" (600) beats "_**" (50); white's scan meets black at once.
		{"own stones then a blocker", row("........XXO"), 7, game.Black, "_***", 600},
		{"the other colour", row("........XXO"), 7, game.White, "_*", 0},
		// Backward goes on through own stones.
		{"backward through stones", row(".....XX"), 7, game.Black, "_***______", 720},
		// Forward goes on through gaps: "_*_*____" holds "_*_" only.
		{"forward through a gap", row(".........X"), 7, game.Black, "_*_*____", 20},
		{"split four", row("........X.XX"), 7, game.Black, "_**_**__", 720},
		// "(x < 15 && x > 0)": column 0 is never scanned, even with a
		// stone on it.
		{"column 0 is off the board", row("X"), 1, game.Black, "*______", 0},
		{"five", row("...XXXX"), 7, game.Black, "_*****______", 100000},
	}
	for _, tt := range tests {
		b := seedPicture(t, game.Freestyle, game.White, append(tt.rows[:14:14], "............OX")...)
		got := Seed004Line(b, tt.c, tt.x, 7, [2]int{1, 0})
		if got != tt.want {
			t.Errorf("%s: line %q, want %q", tt.name, got, tt.want)
		}
		if s := Seed004LineScore(got); s != tt.score {
			t.Errorf("%s: line %q scores %d, want %d", tt.name, got, s, tt.score)
		}
	}
}

func TestSeed004Score(t *testing.T) {
	b := game.MustBoard(15, game.Freestyle)
	tests := []struct{ x, y, want int }{
		// Empty board: "_*_" (20) on every line the edge quirk leaves
		// whole, for both colours.
		{7, 7, 160}, {2, 2, 160},
		// (1,2): only the column has a scanned cell behind it ((1,1)).
		{1, 2, 40},
		{1, 1, 0}, {0, 5, 0},
	}
	for _, tt := range tests {
		if got := Seed004Score(b, tt.x, tt.y); got != tt.want {
			t.Errorf("empty board (%d,%d): score %d, want %d", tt.x, tt.y, got, tt.want)
		}
	}
}

func TestSeed004Move(t *testing.T) {
	tests := []struct {
		name   string
		toMove game.Colour
		rows   []string
		want   string
	}{
		// Scanning x outer, y inner, (2,2) is the first cell above the
		// centre's threshold of 80.
		{"empty board", game.Black, seedRows(15), "c13"},
		// Both ends of black's four score 100000+60 (black) + 60 (white);
		// the first in the scan, (2,7), stays.
		{"block a four", game.White, seedRows(15, "", "", "", "", "", "", "", "...XXXX"), "c8"},
	}
	for _, tt := range tests {
		b := seedPicture(t, game.Freestyle, tt.toMove, tt.rows...)
		m, err := Seed004{}.Move(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if got := game.FormatMove(m, 15); got != tt.want {
			t.Errorf("%s: played %s, want %s", tt.name, got, tt.want)
		}
	}
}
