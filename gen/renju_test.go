package gen

import (
	"math/rand/v2"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// packForbidden is the pack's forbidden-move algorithm (renju/f, g, o) in
// Go: classify each line's black window code with the generated table, and
// recurse on key points exactly as the templates do.
func packForbidden(t *renjuTable, cells []game.Colour, size, i, depth int) bool {
	cells[i] = game.Black
	defer func() { cells[i] = game.Empty }()
	x, y := i%size, i/size
	var classes [4]RenjuClass
	over, fours := false, 0
	for d, dir := range game.Directions {
		code := 0
		for k := -5; k <= 5; k++ {
			if k == 0 {
				continue
			}
			qx, qy := x+k*dir[0], y+k*dir[1]
			digit := eval.DigitBlocked
			if qx >= 0 && qy >= 0 && qx < size && qy < size {
				switch cells[qy*size+qx] {
				case game.Empty:
					digit = eval.DigitEmpty
				case game.Black:
					digit = eval.DigitOwn
				}
			}
			code += digit * pow3(packDigit(k, 5))
		}
		c := t.Classes[t.ByCode[code]]
		if c.Five {
			return false
		}
		over = over || c.Overline
		fours += c.Fours
		classes[d] = c
	}
	if over || fours >= 2 {
		return true
	}
	threes := 0
	for d, dir := range game.Directions {
		c := classes[d]
		if len(c.Keys) == 0 {
			continue
		}
		real := depth >= game.RenjuMaxDepth
		for _, k := range c.Keys {
			if real {
				break
			}
			e := (y+k*dir[1])*size + x + k*dir[0]
			if cells[e] != game.Empty {
				panic("key point not empty")
			}
			real = !packForbidden(t, cells, size, e, depth+1)
		}
		if real {
			threes++
			if threes >= 2 {
				return true
			}
		}
	}
	return false
}

// TestRenjuTableMatchesForbidden checks the table-driven algorithm the
// pack runs against game.Board.Forbidden on the fixed cases (renjuCases)
// and on dense random positions, where fours, threes, overlines and their
// key points abound.
func TestRenjuTableMatchesForbidden(t *testing.T) {
	tab := renjuTables()
	// The fixed cases first: a position of every kind of forbidden cell
	// and exception.
	for _, c := range renjuCases {
		b, _, _, err := renjuCase(9, c.rows)
		if err != nil {
			t.Fatalf("%s: %v", c.kind, err)
		}
		cells := make([]game.Colour, b.Cells())
		for i := range cells {
			cells[i] = b.At(i)
		}
		for i := range cells {
			if cells[i] == game.Empty && packForbidden(tab, cells, 9, i, 0) != b.Forbidden(i) {
				t.Fatalf("%s: %s: the pack's algorithm says forbidden=%v, game.Board %v\n%s", c.kind, game.FormatMove(i, 9), !b.Forbidden(i), b.Forbidden(i), game.Picture(b))
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const size = 11
	n := 2000
	if testing.Short() {
		n = 300
	}
	forbidden := 0
	for trial := 0; trial < n; trial++ {
		b := game.MustBoard(size, game.Renju)
		cells := make([]game.Colour, size*size)
		// Stones in a 7×7 middle square: black more often than white.
		stones := 10 + rng.IntN(20)
		for s := 0; s < stones; s++ {
			x, y := 2+rng.IntN(7), 2+rng.IntN(7)
			c := game.Black
			if rng.IntN(3) == 0 {
				c = game.White
			}
			i := y*size + x
			if cells[i] == game.Empty {
				cells[i] = c
			}
		}
		for i, c := range cells {
			if c != game.Empty {
				// PlayAs refuses forbidden black stones; set them anyway
				// through white and fix up below is not possible, so skip
				// positions whose set-up is illegal.
				if err := b.PlayAs(i, c); err != nil {
					cells[i] = game.Empty
				}
			}
		}
		if b.Over() {
			continue
		}
		for i := range cells {
			if cells[i] != game.Empty {
				continue
			}
			want := b.Forbidden(i)
			got := packForbidden(tab, cells, size, i, 0)
			if got != want {
				t.Fatalf("trial %d cell %s: pack algorithm says forbidden=%v, game.Board %v; board %v", trial, game.FormatMove(i, size), got, want, b.History())
			}
			if want {
				forbidden++
			}
		}
	}
	if forbidden < n/10 {
		t.Errorf("only %d forbidden cells in %d positions: the test is not exercising the rule", forbidden, n)
	}
	t.Logf("%d forbidden cells checked", forbidden)
}

// renjuPack is the default config's pack on a 9×9 renju board, shared by
// the tests that read it (which must not change it).
func renjuPack(t *testing.T) *Result {
	t.Helper()
	return sharedPack(t, smallConfig(9, game.Renju), "")
}

// TestVMRenjuForbidden sets up the fixed cases (renjuCases) and dense random positions in the interpreted
// pack and asks its forbidden-move check (gomoku:dispatch/forbid) about
// every empty cell, against game.Board.Forbidden.
func TestVMRenjuForbidden(t *testing.T) {
	const size = 9
	res := renjuPack(t)
	// First the fixed cases, one of every kind of forbidden cell and of
	// the exceptions.
	if err := checkRenjuCases(t, res); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	forbidden := 0
	trials := 12
	if testing.Short() {
		trials = 4
	}
	for trial := 0; trial < trials; trial++ {
		g := newVMGame(t, res)
		g.call("gomoku:mode/pvp")
		b := game.MustBoard(size, game.Renju)
		for s := 0; s < 22; s++ {
			x, y := 1+rng.IntN(7), 1+rng.IntN(7)
			c := game.Black
			if rng.IntN(3) == 0 {
				c = game.White
			}
			i := y*size + x
			if b.At(i) != game.Empty || b.PlayAs(i, c) != nil {
				continue
			}
			g.stone(i, c)
		}
		if b.Over() {
			continue
		}
		for i := 0; i < size*size; i++ {
			if b.At(i) != game.Empty {
				continue
			}
			got := g.forbidden(i)
			if want := b.Forbidden(i); got != want {
				t.Fatalf("trial %d: the pack says %s forbidden=%v, game.Board %v; stones %v", trial, game.FormatMove(i, size), got, want, b.History())
			}
			if got {
				forbidden++
			}
		}
	}
	t.Logf("%d forbidden cells agreed on", forbidden)
	if forbidden == 0 {
		t.Error("no forbidden cell came up: the test is not exercising the rule")
	}
}

// stone puts colour c's stone on cell i through the pack's own move
// function, whoever's turn it is and whatever the rule says of it.
func (g *vmGame) stone(i int, c game.Colour) {
	g.t.Helper()
	g.console("scoreboard players set #turn gomoku.game %d", c)
	g.console("scoreboard players set #i gomoku.t %d", i)
	g.console("function gomoku:game/play")
}

// forbidden asks the pack's forbidden-move check about empty cell i
// (gomoku:dispatch/forbid).
func (g *vmGame) forbidden(i int) bool {
	g.t.Helper()
	g.console("scoreboard players set #i gomoku.t %d", i)
	g.console("execute store result score #res gomoku.t run function gomoku:dispatch/forbid")
	return g.score("#res", "gomoku.t") == 1
}
