package game

import (
	"fmt"
	"strconv"
	"strings"
)

// TextLine is one line of a line-based text file (openings, labelled
// positions) that holds more than a comment: its number, the column of
// its first field, and its text without the comment.
type TextLine struct {
	N, Col int
	Text   string
	Fields []string
}

// TextLines returns data's lines that hold anything but blanks and a
// comment (# to the end of the line).
func TextLines(data []byte) []TextLine {
	var out []TextLine
	for n, raw := range strings.Split(string(data), "\n") {
		text := strings.TrimRight(raw, "\r")
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		out = append(out, TextLine{N: n + 1, Col: 1 + len(text) - len(strings.TrimLeft(text, " \t")),
			Text: text, Fields: strings.Fields(text)})
	}
	return out
}

// HeaderLine reads a "size N" or "rule NAME" line of such a file, whose
// contents (what: "openings", "labels") must be for a size×size board
// under rule: header says it was one of them, err what is wrong with it.
func HeaderLine(l TextLine, what string, size int, rule Rule) (header bool, err error) {
	switch l.Fields[0] {
	case "size":
		v, err := strconv.Atoi(strings.Join(l.Fields[1:], ""))
		if len(l.Fields) != 2 || err != nil {
			return true, fmt.Errorf("want \"size N\"")
		} else if v != size {
			return true, fmt.Errorf("%s are for a %d×%d board, the board is %d×%d", what, v, v, size, size)
		}
		return true, nil
	case "rule":
		r, err := ParseRule(strings.Join(l.Fields[1:], " "))
		if err != nil {
			return true, err
		} else if r != rule {
			return true, fmt.Errorf("%s are for %v, the rule is %v", what, r, rule)
		}
		return true, nil
	}
	return false, nil
}

// Field is one field of a line with the column (1-based) where it starts.
type Field struct {
	Text string
	Col  int
}

// FieldsAt returns text's fields, each with its column in text.
func FieldsAt(text string) []Field {
	var out []Field
	off := 0
	for _, f := range strings.Fields(text) {
		at := strings.Index(text[off:], f) + off
		off = at + len(f)
		out = append(out, Field{Text: f, Col: at + 1})
	}
	return out
}
