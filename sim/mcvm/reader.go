package mcvm

import (
	"fmt"
	"strconv"
)

// reader is Brigadier's StringReader over one command line: a cursor and
// the primitive token readers every argument type is built from.
type reader struct {
	s string
	i int
}

func (r *reader) canRead() bool         { return r.i < len(r.s) }
func (r *reader) canReadN(n int) bool   { return r.i+n <= len(r.s) }
func (r *reader) peek() byte            { return r.s[r.i] }
func (r *reader) peekAt(off int) byte   { return r.s[r.i+off] }
func (r *reader) skip()                 { r.i++ }
func (r *reader) remaining() string     { return r.s[r.i:] }
func (r *reader) atEnd() bool           { return r.i >= len(r.s) }
func (r *reader) peekIs(c byte) bool    { return r.i < len(r.s) && r.s[r.i] == c }
func (r *reader) slice(from int) string { return r.s[from:r.i] }

func (r *reader) errf(format string, args ...any) error {
	return &syntaxError{col: r.i, msg: fmt.Sprintf(format, args...)}
}

func (r *reader) errAt(col int, format string, args ...any) error {
	return &syntaxError{col: col, msg: fmt.Sprintf(format, args...)}
}

func (r *reader) unsupported(format string, args ...any) error {
	return &unsupportedError{col: r.i, msg: fmt.Sprintf(format, args...)}
}

// isWhitespace is Java's Character.isWhitespace for the characters that
// can appear in a command.
func isWhitespace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0b || (c >= 0x1c && c <= 0x1f)
}

func (r *reader) skipWhitespace() {
	for r.canRead() && isWhitespace(r.peek()) {
		r.i++
	}
}

func (r *reader) expect(c byte) error {
	if !r.canRead() || r.peek() != c {
		return r.errf("expected '%c'", c)
	}
	r.i++
	return nil
}

// isUnquotedChar is StringReader.isAllowedInUnquotedString.
func isUnquotedChar(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' ||
		c == '_' || c == '-' || c == '.' || c == '+'
}

func (r *reader) readUnquoted() string {
	start := r.i
	for r.canRead() && isUnquotedChar(r.peek()) {
		r.i++
	}
	return r.s[start:r.i]
}

// readQuoted reads a "…" or '…' string with backslash escapes of the quote
// and the backslash only (Brigadier).
func (r *reader) readQuoted() (string, error) {
	if !r.canRead() {
		return "", r.errf("expected quote to start a string")
	}
	q := r.peek()
	if q != '"' && q != '\'' {
		return "", r.errf("expected quote to start a string")
	}
	r.i++
	var out []byte
	escaped := false
	for r.canRead() {
		c := r.peek()
		r.i++
		if escaped {
			if c != q && c != '\\' {
				r.i--
				return "", r.errf("invalid escape sequence '%c' in quoted string", c)
			}
			out = append(out, c)
			escaped = false
			continue
		}
		if c == '\\' {
			escaped = true
			continue
		}
		if c == q {
			return string(out), nil
		}
		out = append(out, c)
	}
	return "", r.errf("unclosed quoted string")
}

// readString is StringReader.readString: quoted or unquoted.
func (r *reader) readString() (string, error) {
	if !r.canRead() {
		return "", nil
	}
	if c := r.peek(); c == '"' || c == '\'' {
		return r.readQuoted()
	}
	return r.readUnquoted(), nil
}

func isNumberChar(c byte) bool { return c >= '0' && c <= '9' || c == '.' || c == '-' }

// readInt is StringReader.readInt.
func (r *reader) readInt() (int32, error) {
	start := r.i
	for r.canRead() && isNumberChar(r.peek()) {
		r.i++
	}
	num := r.s[start:r.i]
	if num == "" {
		return 0, r.errf("expected integer")
	}
	v, err := strconv.ParseInt(num, 10, 32)
	if err != nil || !javaIntSyntax(num) {
		r.i = start
		return 0, r.errf("invalid integer '%s'", num)
	}
	return int32(v), nil
}

// javaIntSyntax rejects forms Go accepts but Integer.parseInt does not.
func javaIntSyntax(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' || (s[i] == '-' && i > 0) {
			return false
		}
	}
	return true
}

// readLong is StringReader.readLong.
func (r *reader) readLong() (int64, error) {
	start := r.i
	for r.canRead() && isNumberChar(r.peek()) {
		r.i++
	}
	num := r.s[start:r.i]
	if num == "" {
		return 0, r.errf("expected long")
	}
	v, err := strconv.ParseInt(num, 10, 64)
	if err != nil || !javaIntSyntax(num) {
		r.i = start
		return 0, r.errf("invalid long '%s'", num)
	}
	return v, nil
}

// readDouble is StringReader.readDouble (Double.parseDouble of the run of
// number characters).
func (r *reader) readDouble() (float64, error) {
	start := r.i
	for r.canRead() && isNumberChar(r.peek()) {
		r.i++
	}
	num := r.s[start:r.i]
	if num == "" {
		return 0, r.errf("expected double")
	}
	v, ok := javaParseDouble(num)
	if !ok {
		r.i = start
		return 0, r.errf("invalid double '%s'", num)
	}
	return v, nil
}

// readFloat is StringReader.readFloat.
func (r *reader) readFloat() (float32, error) {
	start := r.i
	for r.canRead() && isNumberChar(r.peek()) {
		r.i++
	}
	num := r.s[start:r.i]
	if num == "" {
		return 0, r.errf("expected float")
	}
	if !javaDecimalSyntax(num) {
		r.i = start
		return 0, r.errf("invalid float '%s'", num)
	}
	v, err := strconv.ParseFloat(num, 32)
	if err != nil && !isRangeErr(err) {
		r.i = start
		return 0, r.errf("invalid float '%s'", num)
	}
	return float32(v), nil
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// javaDecimalSyntax accepts what Double.parseDouble accepts from the
// characters [0-9.-]: an optional leading minus, digits with at most one
// point, at least one digit.
func javaDecimalSyntax(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits, dots := 0, 0
	for ; i < len(s); i++ {
		switch {
		case s[i] >= '0' && s[i] <= '9':
			digits++
		case s[i] == '.':
			dots++
		default:
			return false
		}
	}
	return digits > 0 && dots <= 1
}

func javaParseDouble(s string) (float64, bool) {
	if !javaDecimalSyntax(s) {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !isRangeErr(err) {
		return 0, false
	}
	return v, true
}

// readBool is StringReader.readBoolean.
func (r *reader) readBool() (bool, error) {
	start := r.i
	s, err := r.readString()
	if err != nil {
		return false, err
	}
	switch s {
	case "true":
		return true, nil
	case "false":
		return false, nil
	case "":
		return false, r.errAt(start, "expected bool")
	}
	r.i = start
	return false, r.errf("invalid bool, expected true or false but found '%s'", s)
}

// word reads a literal token: everything up to the next space.
func (r *reader) word() string {
	start := r.i
	for r.canRead() && r.peek() != ' ' {
		r.i++
	}
	return r.s[start:r.i]
}

// peekWord returns the next literal token without consuming it.
func (r *reader) peekWord() string {
	j := r.i
	for j < len(r.s) && r.s[j] != ' ' {
		j++
	}
	return r.s[r.i:j]
}

// literal consumes the literal lit if it is the next token (followed by a
// space or the end), as Brigadier's LiteralCommandNode.parse does.
func (r *reader) literal(lit string) bool {
	if len(r.s)-r.i < len(lit) || r.s[r.i:r.i+len(lit)] != lit {
		return false
	}
	end := r.i + len(lit)
	if end < len(r.s) && r.s[end] != ' ' {
		return false
	}
	r.i = end
	return true
}

// sep consumes the single space that separates two arguments. It fails
// when the argument just read is followed by anything else.
func (r *reader) sep() error {
	if !r.canRead() {
		return r.errf("unknown or incomplete command, expected more arguments")
	}
	if r.peek() != ' ' {
		return r.errf("expected whitespace to end one argument, but found trailing data")
	}
	r.i++
	if !r.canRead() {
		return r.errf("unknown or incomplete command, expected more arguments")
	}
	return nil
}

// more reports whether another argument follows, consuming the separator.
// A separator followed by nothing is an error, as Brigadier leaves the
// reader with unparsed input ("incorrect argument for command").
func (r *reader) more() (bool, error) {
	if !r.canRead() {
		return false, nil
	}
	if r.peek() != ' ' {
		return false, r.errf("expected whitespace to end one argument, but found trailing data")
	}
	r.i++
	if !r.canRead() {
		return false, r.errf("incorrect argument for command (trailing space)")
	}
	return true, nil
}

// end requires the command to be complete.
func (r *reader) end() error {
	if r.canRead() {
		if r.peek() == ' ' {
			return r.errf("incorrect argument for command")
		}
		return r.errf("expected whitespace to end one argument, but found trailing data")
	}
	return nil
}
