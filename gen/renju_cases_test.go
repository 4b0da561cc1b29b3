package gen

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// renjuKinds are the kinds of cell black's renju rule tells apart
// (game.Board.Forbidden): the forbidden shapes, and the shapes that look
// forbidden but are allowed. renjuCases must hold every one.
var renjuKinds = []string{
	"overline", "double four", "double four on one line", "double three",
	"three whose key point is forbidden", "five beats an overline", "five beats a double four",
	"four-three",
}

// renjuKind names black's shape on a cell (game.Board.Shape).
func renjuKind(s game.RenjuShape) string {
	switch {
	case s.Five && s.Overline:
		return "five beats an overline"
	case s.Five && s.Fours >= 2:
		return "five beats a double four"
	case s.Five:
		return "five"
	case s.Overline:
		return "overline"
	case s.Fours >= 2 && s.FourLines == 1:
		return "double four on one line"
	case s.Fours >= 2:
		return "double four"
	case s.Threes >= 2:
		return "double three"
	case s.Seeming >= 2:
		return "three whose key point is forbidden"
	case s.Fours == 1 && s.Threes == 1:
		return "four-three"
	}
	return "allowed"
}

// renjuPicture is a 9×9 position with the cell * (X black, O white, .
// empty; rows from the top), named by its kind.
type renjuPicture struct {
	kind string
	rows []string
}

// renjuCases are positions, each with the cell * of its kind.
var renjuCases = []renjuPicture{
	{"overline", []string{
		".........",
		".........",
		".........",
		".........",
		"XXX*XX...",
		".........",
		".O.......",
	}},
	{"double four", []string{
		".........",
		"...X.....",
		"...X.....",
		"...X.....",
		"...*XXX..",
		".........",
		"...O.....",
	}},
	{"double four on one line", []string{
		".........",
		".........",
		".........",
		".........",
		"X.X*X.X..",
		".........",
		"....O....",
	}},
	{"double three", []string{
		".........",
		".........",
		"...X.....",
		"...X.....",
		"...*XX...",
		".........",
		"......O..",
	}},
	// The row's three X.X* has one key point, b5, where black would make
	// a four on the row and one on the column (a double four): a false
	// three, so * makes one real three (the diagonal's).
	{"three whose key point is forbidden", []string{
		".........",
		"..X......",
		"..X...X..",
		"..X..X...",
		".X.X*....",
		".........",
		".........",
		".........",
		"O........",
	}},
	{"five beats an overline", []string{
		".........",
		"....X....",
		"....X....",
		"....X....",
		"XXXX*....",
		"....X....",
		"....X....",
		".........",
		"........O",
	}},
	{"five beats a double four", []string{
		".........",
		".X..X....",
		"..X.X....",
		"...XX....",
		"XXXX*....",
		".........",
		".........",
		".........",
		"........O",
	}},
	{"four-three", []string{
		".........",
		"...X.....",
		"...X.....",
		"...X.....",
		"...*XX...",
		".........",
		"...O.....",
	}},
}

// renjuStone is one stone of a case's set-up.
type renjuStone struct {
	i int
	c game.Colour
}

// renjuCase sets a case up on a board: the stones in an order in which
// each is legal and none ends the game, and the cell *.
func renjuCase(size int, rows []string) (*game.Board, []renjuStone, int, error) {
	var left []renjuStone
	star := -1
	for y, row := range rows {
		for x, ch := range row {
			i := y*size + x
			switch ch {
			case 'X':
				left = append(left, renjuStone{i, game.Black})
			case 'O':
				left = append(left, renjuStone{i, game.White})
			case '*':
				star = i
			}
		}
	}
	if star < 0 {
		return nil, nil, 0, fmt.Errorf("no cell * in the picture")
	}
	b := game.MustBoard(size, game.Renju)
	var order []renjuStone
	for len(left) > 0 {
		pick := -1
		for j, s := range left {
			try := b.Clone()
			if try.PlayAs(s.i, s.c) == nil && !try.Over() {
				pick = j
				break
			}
		}
		if pick < 0 {
			return nil, nil, 0, fmt.Errorf("no order of the stones sets the position up without a forbidden move or an end")
		}
		s := left[pick]
		left = slices.Delete(left, pick, pick+1)
		if err := b.PlayAs(s.i, s.c); err != nil {
			return nil, nil, 0, err
		}
		order = append(order, s)
	}
	return b, order, star, nil
}

// TestRenjuCasesCoverEveryKind: each case's cell * is of the kind it is
// listed as (sim/game says so), and every kind of renjuKinds has a case.
func TestRenjuCasesCoverEveryKind(t *testing.T) {
	found := map[string]bool{}
	for _, c := range renjuCases {
		b, _, star, err := renjuCase(9, c.rows)
		if err != nil {
			t.Fatalf("%s: %v", c.kind, err)
		}
		s := b.Shape(star)
		if got := renjuKind(s); got != c.kind {
			t.Errorf("%s: %s is a %q (%+v)\n%s", c.kind, game.FormatMove(star, 9), got, s, game.Picture(b))
		}
		if s.Forbidden() != b.Forbidden(star) {
			t.Errorf("%s: the shape %+v says forbidden=%v, Forbidden %v", c.kind, s, s.Forbidden(), b.Forbidden(star))
		}
		found[c.kind] = true
	}
	for _, k := range renjuKinds {
		if !found[k] {
			t.Errorf("no case of a %s", k)
		}
	}
}

// checkRenjuCases sets every case up in the interpreted pack (9×9, renju)
// and asks its forbidden-move check (gomoku:dispatch/forbid) about every
// empty cell, against game.Board.Forbidden.
func checkRenjuCases(t *testing.T, res *Result) error {
	return checkRenjuPictures(t, res, renjuCases)
}

// checkRenjuPictures is checkRenjuCases on cases, up to the first
// difference.
// One game plays them all, started over (gomoku:restart) for each.
func checkRenjuPictures(t *testing.T, res *Result, cases []renjuPicture) error {
	g := newVMGame(t, res)
	g.call("gomoku:mode/pvp")
	for n, c := range cases {
		b, order, star, err := renjuCase(9, c.rows)
		if err != nil {
			return fmt.Errorf("%s: %v", c.kind, err)
		}
		if n > 0 {
			g.call("gomoku:restart")
			if m := g.moves(); len(m) != 0 {
				return fmt.Errorf("%s: after gomoku:restart the pack still has the moves %v", c.kind, m)
			}
		}
		for _, s := range order {
			g.stone(s.i, s.c)
		}
		for i := range b.Cells() {
			if b.At(i) != game.Empty {
				continue
			}
			got := g.forbidden(i)
			if want := b.Forbidden(i); got != want {
				what := "a cell"
				if i == star {
					what = "the case's cell"
				}
				return fmt.Errorf("%s: the pack says %s (%s) forbidden=%v, sim/game %v\n%s", c.kind, game.FormatMove(i, 9), what, got, want, game.Picture(b))
			}
		}
	}
	return nil
}

// TestVMRenjuCasesCatchMissedOverline is checkRenjuCases's own check:
// with the pack's overline verdict taken out of its renju check, a case
// fails.
func TestVMRenjuCasesCatchMissedOverline(t *testing.T) {
	res := renjuPack(t)
	cut := regexp.MustCompile(`(?m)^execute if score #ro gomoku\.t matches 1 run return 1\n`)
	broken := *res
	broken.Pack = &datapack.Pack{Files: maps.Clone(res.Pack.Files)}
	taken := 0
	for path, body := range broken.Pack.Files {
		if strings.Contains(path, "/function/renju/g") {
			taken += len(cut.FindAll(body, -1))
			broken.Pack.Files[path] = cut.ReplaceAll(body, nil)
		}
	}
	if taken == 0 {
		t.Fatal("no overline verdict found to take out")
	}
	err := checkRenjuCases(t, &broken)
	if err == nil || !strings.HasPrefix(err.Error(), "overline:") {
		t.Fatalf("with the overline verdict taken out of %d functions: got %v, want the overline case to fail", taken, err)
	}
	t.Log(err)
}
