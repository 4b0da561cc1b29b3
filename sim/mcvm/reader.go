package mcvm

import (
	"fmt"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// reader is the shared StringReader (datapack/syntax) with what the
// interpreter's command parser adds: its error kinds and the separators
// between a command's arguments.
type reader struct{ syntax.Reader }

func newReader(s string) *reader { return &reader{syntax.Reader{Text: s}} }

// syntaxError is a command that the game itself would reject while
// parsing (Brigadier's CommandSyntaxException at parse time).
type syntaxError = syntax.Error

// fail converts the shared reader's *syntax.Error to the parser's error,
// so that no error is a nil pointer in a non-nil interface.
func fail(err *syntax.Error) error {
	if err == nil {
		return nil
	}
	return err
}

func (r *reader) errf(format string, args ...any) error {
	return syntax.Errorf(r.Pos, format, args...)
}

func (r *reader) errAt(col int, format string, args ...any) error {
	return syntax.Errorf(col, format, args...)
}

func (r *reader) unsupported(format string, args ...any) error {
	return &unsupportedError{col: r.Pos, msg: fmt.Sprintf(format, args...)}
}

// The fallible primitive reads, returning error.

func (r *reader) readInt() (int32, error) {
	v, err := r.ReadInt()
	return v, fail(err)
}

func (r *reader) readDouble() (float64, error) {
	v, err := r.ReadDouble()
	return v, fail(err)
}

func (r *reader) readFloat() (float32, error) {
	v, err := r.ReadFloat()
	return v, fail(err)
}

func (r *reader) readBool() (bool, error) {
	v, err := r.ReadBoolean()
	return v, fail(err)
}

// peekWord returns the next literal token without consuming it.
func (r *reader) peekWord() string {
	j := r.Pos
	for j < len(r.Text) && r.Text[j] != ' ' {
		j++
	}
	return r.Text[r.Pos:j]
}

// literal consumes the literal lit if it is the next token (followed by a
// space or the end), as Brigadier's LiteralCommandNode.parse does.
func (r *reader) literal(lit string) bool {
	if len(r.Text)-r.Pos < len(lit) || r.Text[r.Pos:r.Pos+len(lit)] != lit {
		return false
	}
	end := r.Pos + len(lit)
	if end < len(r.Text) && r.Text[end] != ' ' {
		return false
	}
	r.Pos = end
	return true
}

// sep consumes the single space that separates two arguments. It fails
// when the argument just read is followed by anything else.
func (r *reader) sep() error {
	if !r.CanRead() {
		return r.errf("unknown or incomplete command, expected more arguments")
	}
	if r.Peek() != ' ' {
		return r.errf("expected whitespace to end one argument, but found trailing data")
	}
	r.Pos++
	if !r.CanRead() {
		return r.errf("unknown or incomplete command, expected more arguments")
	}
	return nil
}

// more reports whether another argument follows, consuming the separator.
// A separator followed by nothing is an error, as Brigadier leaves the
// reader with unparsed input ("incorrect argument for command").
func (r *reader) more() (bool, error) {
	if !r.CanRead() {
		return false, nil
	}
	if r.Peek() != ' ' {
		return false, r.errf("expected whitespace to end one argument, but found trailing data")
	}
	r.Pos++
	if !r.CanRead() {
		return false, r.errf("incorrect argument for command (trailing space)")
	}
	return true, nil
}

// end requires the command to be complete.
func (r *reader) end() error {
	if r.CanRead() {
		if r.Peek() == ' ' {
			return r.errf("incorrect argument for command")
		}
		return r.errf("expected whitespace to end one argument, but found trailing data")
	}
	return nil
}
