package check

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// synErr is a syntax error at a byte offset of the parsed string, like
// Brigadier's CommandSyntaxException with its cursor.
type synErr struct {
	pos int
	msg string
}

func (e *synErr) Error() string { return fmt.Sprintf("%d: %s", e.pos, e.msg) }

func errAt(pos int, format string, args ...any) *synErr {
	return &synErr{pos: pos, msg: fmt.Sprintf(format, args...)}
}

// reader is Brigadier's StringReader over one command line.
type reader struct {
	s   string
	pos int
}

func (r *reader) canRead() bool       { return r.pos < len(r.s) }
func (r *reader) canReadN(n int) bool { return r.pos+n <= len(r.s) }
func (r *reader) peek() byte          { return r.s[r.pos] }
func (r *reader) peekAt(off int) byte { return r.s[r.pos+off] }
func (r *reader) skip()               { r.pos++ }
func (r *reader) read() byte          { c := r.s[r.pos]; r.pos++; return c }
func (r *reader) rest() string        { return r.s[r.pos:] }

// isSpace is Java's Character.isWhitespace for the ASCII range, which is all
// a data pack's commands use outside quoted strings.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || (c >= 0x1c && c <= 0x1f)
}

func (r *reader) skipWhitespace() {
	for r.canRead() && isSpace(r.peek()) {
		r.pos++
	}
}

func isAllowedNumber(c byte) bool { return c >= '0' && c <= '9' || c == '.' || c == '-' }

func isAllowedInUnquotedString(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' ||
		c == '_' || c == '-' || c == '.' || c == '+'
}

func (r *reader) expect(c byte) *synErr {
	if !r.canRead() || r.peek() != c {
		return errAt(r.pos, "expected '%c'", c)
	}
	r.skip()
	return nil
}

func (r *reader) readNumberText() string {
	start := r.pos
	for r.canRead() && isAllowedNumber(r.peek()) {
		r.skip()
	}
	return r.s[start:r.pos]
}

func (r *reader) readInt() (int64, *synErr) {
	start := r.pos
	num := r.readNumberText()
	if num == "" {
		return 0, errAt(start, "expected integer")
	}
	v, err := strconv.ParseInt(num, 10, 32)
	if err != nil {
		r.pos = start
		return 0, errAt(start, "invalid integer '%s'", num)
	}
	return v, nil
}

func (r *reader) readLong() (int64, *synErr) {
	start := r.pos
	num := r.readNumberText()
	if num == "" {
		return 0, errAt(start, "expected long")
	}
	v, err := strconv.ParseInt(num, 10, 64)
	if err != nil {
		r.pos = start
		return 0, errAt(start, "invalid long '%s'", num)
	}
	return v, nil
}

// parseJavaDouble accepts what Double.parseDouble accepts for strings made
// of digits, '.' and '-' (the only characters the reader collects): an
// optional sign, digits with at most one '.', at least one digit.
func parseJavaDouble(s string) (float64, bool) {
	t := s
	if strings.HasPrefix(t, "-") {
		t = t[1:]
	}
	if t == "" || t == "." || strings.Count(t, ".") > 1 || strings.Contains(t, "-") {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !strings.Contains(err.Error(), "range") {
		return 0, false
	}
	return v, true
}

func (r *reader) readDouble() (float64, *synErr) {
	start := r.pos
	num := r.readNumberText()
	if num == "" {
		return 0, errAt(start, "expected double")
	}
	v, ok := parseJavaDouble(num)
	if !ok {
		r.pos = start
		return 0, errAt(start, "invalid double '%s'", num)
	}
	return v, nil
}

func (r *reader) readFloat() (float64, *synErr) {
	start := r.pos
	num := r.readNumberText()
	if num == "" {
		return 0, errAt(start, "expected float")
	}
	v, ok := parseJavaDouble(num)
	if !ok {
		r.pos = start
		return 0, errAt(start, "invalid float '%s'", num)
	}
	f := float32(v)
	if math.IsInf(float64(f), 0) && !math.IsInf(v, 0) {
		// Float.parseFloat overflows to infinity without an error.
		return float64(f), nil
	}
	return float64(f), nil
}

func (r *reader) readUnquotedString() string {
	start := r.pos
	for r.canRead() && isAllowedInUnquotedString(r.peek()) {
		r.skip()
	}
	return r.s[start:r.pos]
}

func isQuote(c byte) bool { return c == '"' || c == '\'' }

func (r *reader) readQuotedString() (string, *synErr) {
	if !r.canRead() {
		return "", nil
	}
	next := r.peek()
	if !isQuote(next) {
		return "", errAt(r.pos, "expected quote to start a string")
	}
	r.skip()
	return r.readStringUntil(next)
}

func (r *reader) readStringUntil(term byte) (string, *synErr) {
	var b strings.Builder
	escaped := false
	for r.canRead() {
		c := r.read()
		switch {
		case escaped:
			if c == term || c == '\\' {
				b.WriteByte(c)
				escaped = false
			} else {
				r.pos--
				return "", errAt(r.pos, "invalid escape sequence '\\%c' in quoted string", c)
			}
		case c == '\\':
			escaped = true
		case c == term:
			return b.String(), nil
		default:
			b.WriteByte(c)
		}
	}
	return "", errAt(r.pos, "unclosed quoted string")
}

func (r *reader) readString() (string, *synErr) {
	if !r.canRead() {
		return "", nil
	}
	next := r.peek()
	if isQuote(next) {
		r.skip()
		return r.readStringUntil(next)
	}
	return r.readUnquotedString(), nil
}

func (r *reader) readBoolean() (bool, *synErr) {
	start := r.pos
	v, err := r.readString()
	if err != nil {
		return false, err
	}
	switch v {
	case "":
		return false, errAt(start, "expected bool")
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	r.pos = start
	return false, errAt(start, "invalid bool, expected true or false but found '%s'", v)
}

// readWordToSpace reads everything up to the next space, as several
// Minecraft parsers (score holders, criteria, operations) do.
func (r *reader) readWordToSpace() string {
	start := r.pos
	for r.canRead() && r.peek() != ' ' {
		r.skip()
	}
	return r.s[start:r.pos]
}
