package check

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// Problem is one reason the game would reject (or silently mishandle) a
// pack. Line and Col are 1-based; Col counts characters. Line 0 means the
// problem concerns the whole file.
type Problem struct {
	File      string
	Line, Col int
	Msg       string
}

func (p Problem) String() string {
	switch {
	case p.Line == 0:
		return fmt.Sprintf("%s: %s", p.File, p.Msg)
	case p.Col == 0:
		return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Col, p.Msg)
}

// sortProblems orders problems by file, line, column, message and drops
// exact duplicates (a macro line checked with several values can fail the
// same way more than once).
func sortProblems(ps []Problem) []Problem {
	slices.SortFunc(ps, func(a, b Problem) int {
		return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col), strings.Compare(a.Msg, b.Msg))
	})
	return slices.Compact(ps)
}

// reader is the checker's command-line cursor: the shared StringReader.
type reader = syntax.Reader
