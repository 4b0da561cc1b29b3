package syntax

import (
	"fmt"
	"math"
	"strconv"
)

// Error is a syntax error at a byte offset of the parsed text.
type Error struct {
	Pos int // 0-based byte offset in the command line
	Msg string
}

func (e *Error) Error() string { return e.Msg }

// Errorf returns an Error at pos.
func Errorf(pos int, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// Reader is Brigadier's StringReader over one command line: a cursor and
// the primitive token readers every argument type is built from.
type Reader struct {
	Text string
	Pos  int // 0-based byte offset of the next byte
}

// NewReader returns a reader at the start of s.
func NewReader(s string) *Reader { return &Reader{Text: s} }

func (r *Reader) CanRead() bool         { return r.Pos < len(r.Text) }
func (r *Reader) CanReadN(n int) bool   { return r.Pos+n <= len(r.Text) }
func (r *Reader) Peek() byte            { return r.Text[r.Pos] }
func (r *Reader) PeekAt(off int) byte   { return r.Text[r.Pos+off] }
func (r *Reader) PeekIs(c byte) bool    { return r.Pos < len(r.Text) && r.Text[r.Pos] == c }
func (r *Reader) Skip()                 { r.Pos++ }
func (r *Reader) Read() byte            { c := r.Text[r.Pos]; r.Pos++; return c }
func (r *Reader) Rest() string          { return r.Text[r.Pos:] }
func (r *Reader) Since(from int) string { return r.Text[from:r.Pos] }

// Errorf returns an Error at the cursor.
func (r *Reader) Errorf(format string, args ...any) *Error { return Errorf(r.Pos, format, args...) }

// IsWhitespace is Java's Character.isWhitespace for the ASCII range, which
// is all a data pack's commands use outside quoted strings.
func IsWhitespace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || (c >= 0x1c && c <= 0x1f)
}

// SkipWhitespace skips Java whitespace.
func (r *Reader) SkipWhitespace() {
	for r.CanRead() && IsWhitespace(r.Peek()) {
		r.Pos++
	}
}

func isAllowedNumber(c byte) bool { return c >= '0' && c <= '9' || c == '.' || c == '-' }

// IsAllowedInUnquotedString is StringReader.isAllowedInUnquotedString.
func IsAllowedInUnquotedString(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' ||
		c == '_' || c == '-' || c == '.' || c == '+'
}

// IsQuote reports a character that starts a quoted string.
func IsQuote(c byte) bool { return c == '"' || c == '\'' }

// Expect consumes c or fails.
func (r *Reader) Expect(c byte) *Error {
	if !r.CanRead() || r.Peek() != c {
		return r.Errorf("expected '%c'", c)
	}
	r.Skip()
	return nil
}

func (r *Reader) readNumberText() string {
	start := r.Pos
	for r.CanRead() && isAllowedNumber(r.Peek()) {
		r.Skip()
	}
	return r.Text[start:r.Pos]
}

// ReadInt is StringReader.readInt.
func (r *Reader) ReadInt() (int32, *Error) {
	start := r.Pos
	num := r.readNumberText()
	if num == "" {
		return 0, Errorf(start, "expected integer")
	}
	v, err := strconv.ParseInt(num, 10, 32)
	if err != nil {
		r.Pos = start
		return 0, Errorf(start, "invalid integer '%s'", num)
	}
	return int32(v), nil
}

// ReadLong is StringReader.readLong.
func (r *Reader) ReadLong() (int64, *Error) {
	start := r.Pos
	num := r.readNumberText()
	if num == "" {
		return 0, Errorf(start, "expected long")
	}
	v, err := strconv.ParseInt(num, 10, 64)
	if err != nil {
		r.Pos = start
		return 0, Errorf(start, "invalid long '%s'", num)
	}
	return v, nil
}

// javaDecimalSyntax accepts what Double.parseDouble accepts from the
// characters [0-9.-] the reader collects: an optional leading minus,
// digits with at most one point, at least one digit.
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

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// ParseJavaDouble is Double.parseDouble for strings of the characters
// [0-9.-]; out-of-range values become ±Inf or 0 as in Java.
func ParseJavaDouble(s string) (float64, bool) {
	return parseJavaFloat(s, 64)
}

func parseJavaFloat(s string, bits int) (float64, bool) {
	if !javaDecimalSyntax(s) {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, bits)
	if err != nil && !isRangeErr(err) {
		return 0, false
	}
	return v, true
}

// ReadDouble is StringReader.readDouble.
func (r *Reader) ReadDouble() (float64, *Error) {
	start := r.Pos
	num := r.readNumberText()
	if num == "" {
		return 0, Errorf(start, "expected double")
	}
	v, ok := ParseJavaDouble(num)
	if !ok {
		r.Pos = start
		return 0, Errorf(start, "invalid double '%s'", num)
	}
	return v, nil
}

// ReadFloat is StringReader.readFloat: Float.parseFloat, rounding once to
// 32 bits and overflowing to infinity without an error.
func (r *Reader) ReadFloat() (float32, *Error) {
	start := r.Pos
	num := r.readNumberText()
	if num == "" {
		return 0, Errorf(start, "expected float")
	}
	v, ok := parseJavaFloat(num, 32)
	if !ok {
		r.Pos = start
		return 0, Errorf(start, "invalid float '%s'", num)
	}
	return float32(v), nil
}

// ReadUnquotedString is StringReader.readUnquotedString.
func (r *Reader) ReadUnquotedString() string {
	start := r.Pos
	for r.CanRead() && IsAllowedInUnquotedString(r.Peek()) {
		r.Skip()
	}
	return r.Text[start:r.Pos]
}

// ReadQuotedString is StringReader.readQuotedString: "" at the end of the
// text, else a "…" or '…' string with backslash escapes of the quote and
// the backslash only.
func (r *Reader) ReadQuotedString() (string, *Error) {
	if !r.CanRead() {
		return "", nil
	}
	next := r.Peek()
	if !IsQuote(next) {
		return "", r.Errorf("expected quote to start a string")
	}
	r.Skip()
	return r.readStringUntil(next)
}

func (r *Reader) readStringUntil(term byte) (string, *Error) {
	var b []byte
	escaped := false
	for r.CanRead() {
		c := r.Read()
		switch {
		case escaped:
			if c != term && c != '\\' {
				r.Pos--
				return "", r.Errorf("invalid escape sequence '\\%c' in quoted string", c)
			}
			b = append(b, c)
			escaped = false
		case c == '\\':
			escaped = true
		case c == term:
			return string(b), nil
		default:
			b = append(b, c)
		}
	}
	return "", r.Errorf("unclosed quoted string")
}

// ReadString is StringReader.readString: quoted or unquoted.
func (r *Reader) ReadString() (string, *Error) {
	if !r.CanRead() {
		return "", nil
	}
	if next := r.Peek(); IsQuote(next) {
		r.Skip()
		return r.readStringUntil(next)
	}
	return r.ReadUnquotedString(), nil
}

// ReadBoolean is StringReader.readBoolean.
func (r *Reader) ReadBoolean() (bool, *Error) {
	start := r.Pos
	v, err := r.ReadString()
	if err != nil {
		return false, err
	}
	switch v {
	case "":
		return false, Errorf(start, "expected bool")
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	r.Pos = start
	return false, Errorf(start, "invalid bool, expected true or false but found '%s'", v)
}

// ReadWordToSpace reads everything up to the next space, as several of
// the game's parsers (score holders, criteria, literals) do.
func (r *Reader) ReadWordToSpace() string {
	start := r.Pos
	for r.CanRead() && r.Peek() != ' ' {
		r.Skip()
	}
	return r.Text[start:r.Pos]
}

// timeUnits are TimeArgument's units in ticks; no unit means ticks.
var timeUnits = map[string]float32{"": 1, "t": 1, "s": 20, "d": 24000}

// ReadTime is TimeArgument.parse without its minimum: a float and an
// optional unit d, s or t, times the unit in float arithmetic and rounded
// as Math.round(float) does, which saturates at the int range (so
// 99999999999d is 2147483647 ticks, not an overflowed negative). The
// reader stops after the unit, where the game reports a bad unit and a
// count below the argument's minimum.
func (r *Reader) ReadTime() (int32, *Error) {
	f, err := r.ReadFloat()
	if err != nil {
		return 0, err
	}
	unit := r.ReadUnquotedString()
	mult, ok := timeUnits[unit]
	if !ok {
		return 0, r.Errorf("invalid unit '%s'", unit)
	}
	return javaRound(f * mult), nil
}

// javaRound is Math.round(float): the nearest int, ties up, saturating at
// the int range, NaN 0.
func javaRound(f float32) int32 { return JavaD2I(math.Floor(float64(f) + 0.5)) }

// JavaD2I is Java's (int) cast of a double: truncation toward zero,
// saturating at the int range, NaN to 0. The game's readers and its NBT
// conversions both cast so.
func JavaD2I(d float64) int32 { return javaCast[int32](d, math.MinInt32, math.MaxInt32) }

// JavaD2L is Java's (long) cast of a double.
func JavaD2L(d float64) int64 { return javaCast[int64](d, math.MinInt64, math.MaxInt64) }

func javaCast[T int32 | int64](d float64, lo, hi T) T {
	switch {
	case d != d:
		return 0
	case d >= float64(hi):
		return hi
	case d <= float64(lo):
		return lo
	}
	return T(d)
}
