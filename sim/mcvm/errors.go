package mcvm

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a position in a pack file. Line and Col are 1-based; Col counts
// bytes of the (trimmed, continuation-joined) command line, as the game's
// StringReader cursor does, plus one.
type Pos struct {
	File string // pack path, e.g. "data/gomoku/function/new.mcfunction"
	Line int
	Col  int
}

func (p Pos) String() string {
	switch {
	case p.File == "":
		return "-"
	case p.Line == 0:
		return p.File
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Error is one diagnostic with a position.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// ErrorList collects several errors before stopping, as go/scanner does.
type ErrorList []*Error

func (l *ErrorList) add(pos Pos, format string, args ...any) {
	*l = append(*l, &Error{pos, fmt.Sprintf(format, args...)})
}

func (l ErrorList) sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	var b strings.Builder
	for i, e := range l {
		if i == 10 {
			fmt.Fprintf(&b, "\n(and %d more errors)", len(l)-10)
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// unsupportedError is a command, argument form or option that the game
// accepts but this interpreter does not model. It is never skipped: at load
// it is a load error, at run time (macro lines) it aborts the call.
type unsupportedError struct {
	col int
	msg string
}

func (e *unsupportedError) Error() string { return "not implemented by mcvm: " + e.msg }

// cmdError is a command failure at run time, the game's
// CommandSyntaxException thrown while executing. The game reports it to the
// source (suppressed inside functions) and the command's callbacks see
// failure.
//
// Failures are common inside functions and usually never shown, so the
// message is formatted only when asked for.
type cmdError struct {
	format string
	args   []any
}

func (e *cmdError) Error() string {
	if len(e.args) == 0 {
		return e.format
	}
	return fmt.Sprintf(e.format, e.args...)
}

func failf(format string, args ...any) error { return &cmdError{format, args} }

// VMError is an interpreter error at run time: the pack did something this
// interpreter does not model (so its result would be a guess), or an
// internal invariant broke. It carries the chain of function calls that led
// there, innermost last.
type VMError struct {
	Pos   Pos
	Msg   string
	Stack []string // function ids, outermost first
}

func (e *VMError) Error() string {
	var b strings.Builder
	b.WriteString(e.Pos.String())
	b.WriteString(": ")
	b.WriteString(e.Msg)
	if len(e.Stack) > 0 {
		b.WriteString("\n  call chain: ")
		b.WriteString(strings.Join(e.Stack, " -> "))
	}
	return b.String()
}

// vmAbort is returned by command implementations to stop the whole
// top-level call with a VMError (as opposed to a game-level failure).
type vmAbort struct{ msg string }

func (e *vmAbort) Error() string { return e.msg }

func unmodelled(format string, args ...any) error {
	return &vmAbort{"not modelled by mcvm: " + fmt.Sprintf(format, args...)}
}
