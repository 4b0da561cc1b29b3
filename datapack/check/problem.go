package check

import (
	"fmt"
	"github.com/mcgomoku/mcgomoku/datapack/syntax"
	"sort"
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
	sort.Slice(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return a.Msg < b.Msg
	})
	out := ps[:0]
	for i, p := range ps {
		if i > 0 && p == ps[i-1] {
			continue
		}
		out = append(out, p)
	}
	return out
}

// reader is the checker's command-line cursor: the shared StringReader.
type reader = syntax.Reader
