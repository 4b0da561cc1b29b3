package game

import (
	"errors"
	"fmt"
	"strings"
)

// FromPicture sets up a position from a picture, for tests and tools: rows
// top to bottom, X black, O white, anything else empty (spaces ignored).
// toMove's stones are played first and the opponent's last, so toMove is
// to move; the picture needs at least one opponent stone for that.
func FromPicture(size int, rule Rule, toMove Colour, rows ...string) (*Board, error) {
	b, err := NewBoard(size, rule)
	if err != nil {
		return nil, err
	}
	var mine, theirs []int
	for y, row := range rows {
		for x, ch := range strings.ReplaceAll(row, " ", "") {
			var c Colour
			switch ch {
			case 'X':
				c = Black
			case 'O':
				c = White
			default:
				continue
			}
			if !b.In(x, y) {
				return nil, fmt.Errorf("picture row %d: stone at column %d is off the %d×%d board", y+1, x+1, size, size)
			}
			if c == toMove {
				mine = append(mine, b.Index(x, y))
			} else {
				theirs = append(theirs, b.Index(x, y))
			}
		}
	}
	if len(theirs) == 0 {
		return nil, errors.New("picture needs an opponent stone to fix the side to move")
	}
	for _, i := range mine {
		if err := b.PlayAs(i, toMove); err != nil {
			return nil, err
		}
	}
	for _, i := range theirs {
		if err := b.PlayAs(i, toMove.Opponent()); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// Picture draws the board for people reading a test failure: X black, O
// white, columns lettered and rows numbered as FormatMove names cells,
// then the side to move.
func Picture(b *Board) string {
	var sb strings.Builder
	n := b.Size()
	sb.WriteString("    ")
	for x := 0; x < n; x++ {
		fmt.Fprintf(&sb, " %c", "abcdefghijklmnopqrstuvwxy"[x])
	}
	sb.WriteByte('\n')
	for y := 0; y < n; y++ {
		fmt.Fprintf(&sb, "%3d ", n-y)
		for x := 0; x < n; x++ {
			sb.WriteByte(' ')
			sb.WriteByte(".XO"[b.AtXY(x, y)])
		}
		sb.WriteByte('\n')
	}
	fmt.Fprintf(&sb, "%v to move", b.ToMove())
	return sb.String()
}

// FormatMoves names cells as FormatMove does, separated by spaces.
func FormatMoves(cells []int, size int) string {
	parts := make([]string, len(cells))
	for k, i := range cells {
		parts[k] = FormatMove(i, size)
	}
	return strings.Join(parts, " ")
}
