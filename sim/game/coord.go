package game

import (
	"fmt"
	"strconv"
	"strings"
)

// Files are the column letters of human notation; a..y covers 25 columns
// (no letter is skipped, as in renju notation).
const files = "abcdefghijklmnopqrstuvwxy"

// FormatMove returns the human notation of cell i on a size×size board:
// column letter, then the row counted from the bottom (1-based): "h8".
func FormatMove(i, size int) string {
	x, y := i%size, i/size
	return fmt.Sprintf("%c%d", files[x], size-y)
}

// FormatXY returns the Gomocup notation "x,y" (0-based, y from the top).
func FormatXY(i, size int) string { return fmt.Sprintf("%d,%d", i%size, i/size) }

// ParseMove parses a move in human notation ("h8", case-insensitive) or
// Gomocup notation ("7,7") and returns its cell index.
func ParseMove(s string, size int) (int, error) {
	s = strings.TrimSpace(s)
	if xs, ys, ok := strings.Cut(s, ","); ok {
		x, err1 := strconv.Atoi(strings.TrimSpace(xs))
		y, err2 := strconv.Atoi(strings.TrimSpace(ys))
		if err1 != nil || err2 != nil {
			return -1, fmt.Errorf("bad move %q: want x,y with whole numbers", s)
		}
		if x < 0 || y < 0 || x >= size || y >= size {
			return -1, fmt.Errorf("move %q is off the %d×%d board", s, size, size)
		}
		return y*size + x, nil
	}
	if len(s) < 2 {
		return -1, fmt.Errorf("bad move %q: want a letter and a row like h8, or x,y", s)
	}
	x := strings.IndexByte(files, byte(strings.ToLower(s[:1])[0]))
	row, err := strconv.Atoi(s[1:])
	if x < 0 || err != nil {
		return -1, fmt.Errorf("bad move %q: want a letter and a row like h8, or x,y", s)
	}
	if x >= size || row < 1 || row > size {
		return -1, fmt.Errorf("move %q is off the %d×%d board", s, size, size)
	}
	return (size-row)*size + x, nil
}
