// Package game is the rules of Gomoku: square boards from 5×5 to 25×25,
// freestyle, standard and renju rules, moves with undo and history, and the
// two coordinate notations (Gomocup "x,y" and human "h8").
//
// Cells are indexed 0-based in row-major order: index = y*size + x, where x
// is the column (0 = left, the "a" file) and y the row counted from the top
// as Gomocup does. Human notation counts rows from the bottom, so on 15×15
// the centre is index 7*15+7 = "h8" = "7,7".
//
// Invariant: a Board's history and cells always agree; Play rejects an
// illegal move without changing anything.
package game

import (
	"errors"
	"fmt"
)

// Colour is the content of a cell and the identity of a side.
type Colour int8

const (
	Empty Colour = 0
	Black Colour = 1 // moves first
	White Colour = 2
)

// Opponent returns the other side; Empty for Empty.
func (c Colour) Opponent() Colour {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return Empty
}

func (c Colour) String() string {
	switch c {
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "empty"
}

// ParseColour parses "black" or "white".
func ParseColour(s string) (Colour, error) {
	switch s {
	case "black":
		return Black, nil
	case "white":
		return White, nil
	}
	return Empty, fmt.Errorf("unknown colour %q (want black or white)", s)
}

// Board size limits.
const (
	MinSize     = 5
	MaxSize     = 25
	DefaultSize = 15
)

// Directions in the order used everywhere (evaluation, generator, tables):
// row (→), column (↓), diagonal (↘), anti-diagonal (↙), as (dx, dy).
var Directions = [4][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}}

// Errors Play returns; wrapped with the move's position.
var (
	ErrOccupied  = errors.New("cell is occupied")
	ErrOffBoard  = errors.New("cell is off the board")
	ErrGameOver  = errors.New("the game is over")
	ErrForbidden = errors.New("forbidden move for black under renju")
)

// Board is a game in progress.
type Board struct {
	size    int
	rule    Rule
	cells   []Colour
	history []int // cell indices in playing order
	winner  Colour
	line    []int // the winning line, if any, in order along the line
	// stuck: black is to move under renju and every empty cell is
	// forbidden to it, which ends the game in a draw.
	stuck bool
}

// NewBoard returns an empty board.
func NewBoard(size int, rule Rule) (*Board, error) {
	if size < MinSize || size > MaxSize {
		return nil, fmt.Errorf("board size %d is out of range %d..%d", size, MinSize, MaxSize)
	}
	if rule > Renju {
		return nil, fmt.Errorf("unknown rule %d", rule)
	}
	// The history gets room for a full board at once: a game's moves
	// otherwise regrow it five or six times, and matches make a board per
	// game.
	return &Board{size: size, rule: rule, cells: make([]Colour, size*size), history: make([]int, 0, size*size)}, nil
}

// Reset empties the board for a new game of the same size and rule,
// keeping its memory: tuning plays hundreds of thousands of short games,
// and a board per game was half of what they allocated.
func (b *Board) Reset() {
	clear(b.cells)
	b.history = b.history[:0]
	b.winner, b.line = Empty, nil
	b.stuck = false
}

// MustBoard is NewBoard for sizes and rules known to be valid.
func MustBoard(size int, rule Rule) *Board {
	b, err := NewBoard(size, rule)
	if err != nil {
		panic("internal error: " + err.Error())
	}
	return b
}

func (b *Board) Size() int  { return b.size }
func (b *Board) Rule() Rule { return b.rule }

// Cells is the number of cells, size².
func (b *Board) Cells() int { return len(b.cells) }

// Index returns the cell index of column x, row y (both 0-based).
func (b *Board) Index(x, y int) int { return y*b.size + x }

// XY returns the column and row of cell i.
func (b *Board) XY(i int) (x, y int) { return i % b.size, i / b.size }

// In reports whether (x, y) is on the board.
func (b *Board) In(x, y int) bool { return x >= 0 && y >= 0 && x < b.size && y < b.size }

// At returns the content of cell i.
func (b *Board) At(i int) Colour { return b.cells[i] }

// AtXY returns the content of (x, y), or Empty off the board.
func (b *Board) AtXY(x, y int) Colour {
	if !b.In(x, y) {
		return Empty
	}
	return b.cells[y*b.size+x]
}

// History returns the moves played so far; the caller must not modify it.
func (b *Board) History() []int { return b.history }

// Moves is the number of stones on the board.
func (b *Board) Moves() int { return len(b.history) }

// LastMove returns the last cell played, or -1.
func (b *Board) LastMove() int {
	if len(b.history) == 0 {
		return -1
	}
	return b.history[len(b.history)-1]
}

// ToMove returns the side to move: black first, then the opponent of
// whoever played last (positions set up with PlayAs may break alternation).
func (b *Board) ToMove() Colour {
	if len(b.history) == 0 {
		return Black
	}
	return b.cells[b.history[len(b.history)-1]].Opponent()
}

// Winner returns the side that made a winning line, or Empty.
func (b *Board) Winner() Colour { return b.winner }

// WinningLine returns the cells of the winning line, in order along it.
func (b *Board) WinningLine() []int { return b.line }

// Full reports whether every cell is occupied.
func (b *Board) Full() bool { return len(b.history) == len(b.cells) }

// Stuck reports whether black is to move under renju with every empty
// cell forbidden to it. Black cannot pass, so the game is a draw, as when
// the board is full (the pack declares the same draw).
func (b *Board) Stuck() bool { return b.stuck }

// Over reports whether the game has ended: by a win, or in a draw on a
// full board or when black is Stuck.
func (b *Board) Over() bool { return b.winner != Empty || b.stuck || b.Full() }

// Clone returns an independent copy.
func (b *Board) Clone() *Board {
	c := *b
	c.cells = append([]Colour(nil), b.cells...)
	c.history = append([]int(nil), b.history...)
	c.line = append([]int(nil), b.line...)
	return &c
}

// Legal reports whether the side to move may play cell i, and why not.
func (b *Board) Legal(i int) error {
	switch {
	case i < 0 || i >= len(b.cells):
		return ErrOffBoard
	case b.Over():
		return ErrGameOver
	case b.cells[i] != Empty:
		return ErrOccupied
	case b.rule == Renju && b.ToMove() == Black && b.Forbidden(i):
		return ErrForbidden
	}
	return nil
}

// Play places the side to move's stone on cell i.
func (b *Board) Play(i int) error { return b.PlayAs(i, b.ToMove()) }

// PlayAs places a stone of colour c on cell i whoever's turn it is, for
// setting up positions (Gomocup BOARD, records, tests). The same legality
// rules apply, with c as the mover.
func (b *Board) PlayAs(i int, c Colour) error {
	if c != Black && c != White {
		return fmt.Errorf("cannot play colour %v", c)
	}
	err := b.Legal(i)
	if err == ErrForbidden && c == White {
		err = nil
	} else if err == nil && c == Black && b.rule == Renju && b.Forbidden(i) {
		err = ErrForbidden
	}
	if err != nil {
		if i >= 0 && i < len(b.cells) {
			return fmt.Errorf("%s: %w", FormatMove(i, b.size), err)
		}
		return fmt.Errorf("cell %d: %w", i, err)
	}
	b.cells[i] = c
	b.history = append(b.history, i)
	if line := b.winLine(i, c); line != nil {
		b.winner, b.line = c, line
	}
	b.stuck = b.blackStuck()
	return nil
}

// blackStuck reports whether black is to move under renju, the game not
// already won or full, and no empty cell is legal for it. The first empty
// cell is nearly always legal, so this costs one forbidden check or so.
func (b *Board) blackStuck() bool {
	if b.rule != Renju || b.ToMove() != Black || b.winner != Empty || b.Full() {
		return false
	}
	for i, c := range b.cells {
		if c == Empty && !b.forbidden(i, 0) {
			return false
		}
	}
	return true
}

// Undo takes back the last move and returns its cell, or -1 if none.
func (b *Board) Undo() int {
	if len(b.history) == 0 {
		return -1
	}
	i := b.history[len(b.history)-1]
	b.history = b.history[:len(b.history)-1]
	removed := b.cells[i]
	b.cells[i] = Empty
	b.winner, b.line = Empty, nil
	// Black to move again here played the stone just removed, a legal
	// move, so it is not stuck; only stones set up out of turn (PlayAs)
	// leave anything to work out.
	b.stuck = false
	if removed == White && b.ToMove() == Black {
		b.stuck = b.blackStuck()
	}
	return i
}

// run counts c's stones through (x, y) along direction d, not counting
// (x, y) itself, returning how far the run extends back and forward.
func (b *Board) run(x, y int, d [2]int, c Colour) (back, fwd int) {
	// AtXY is Empty off the board, which ends a run of stones.
	for b.AtXY(x-(back+1)*d[0], y-(back+1)*d[1]) == c {
		back++
	}
	for b.AtXY(x+(fwd+1)*d[0], y+(fwd+1)*d[1]) == c {
		fwd++
	}
	return
}

// winLine returns the winning line that c's stone on i makes under the
// board's rule, or nil.
func (b *Board) winLine(i int, c Colour) []int {
	x, y := b.XY(i)
	for _, d := range Directions {
		back, fwd := b.run(x, y, d, c)
		n := back + 1 + fwd
		if n == 5 || n > 5 && b.rule.OverlineWins(c) {
			line := make([]int, 0, n)
			for k := -back; k <= fwd; k++ {
				line = append(line, b.Index(x+k*d[0], y+k*d[1]))
			}
			return line
		}
	}
	return nil
}

// MakesWin reports whether c playing the empty cell i would win at once.
func (b *Board) MakesWin(i int, c Colour) bool { return b.winLine(i, c) != nil }
