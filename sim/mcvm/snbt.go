package mcvm

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// SNBT parsing follows the game's 1.21.5+ grammar (SnbtGrammar): numbers
// with sign, underscores, hex/binary, signedness and type suffixes; true and
// false; quoted strings with \b \s \t \n \f \r \x.. \u.... \U........
// escapes; unquoted strings that do not start like a number; the builtin
// operations bool(…) and uuid(…); lists (possibly of mixed types) and typed
// arrays; trailing commas. It reads one value at the reader's cursor, as
// the command argument types do, and leaves the cursor after it.

// maxSNBTDepth bounds nesting so that no input can exhaust the stack; the
// game refuses NBT deeper than 512 levels elsewhere.
const maxSNBTDepth = 512

// ParseSNBT parses a whole string as one SNBT value.
func ParseSNBT(s string) (Tag, error) {
	r := &reader{s: s}
	t, err := parseSNBT(r, 0)
	if err != nil {
		return nil, err
	}
	r.skipWhitespace()
	if r.canRead() {
		return nil, r.errf("trailing data after SNBT value")
	}
	return t, nil
}

// parseCompoundArg is CompoundTagArgument: one SNBT value that must be a
// compound.
func parseCompoundArg(r *reader) (*Compound, error) {
	start := r.i
	t, err := parseSNBT(r, 0)
	if err != nil {
		return nil, err
	}
	c, ok := t.(*Compound)
	if !ok {
		return nil, r.errAt(start, "expected compound tag")
	}
	return c, nil
}

func canStartNumber(c byte) bool {
	return c == '+' || c == '-' || c == '.' || c >= '0' && c <= '9'
}

func parseSNBT(r *reader, depth int) (Tag, error) {
	if depth > maxSNBTDepth {
		return nil, r.errf("SNBT nested too deeply")
	}
	r.skipWhitespace()
	if !r.canRead() {
		return nil, r.errf("expected value")
	}
	switch c := r.peek(); {
	case canStartNumber(c):
		return parseSNBTNumber(r)
	case c == '"' || c == '\'':
		s, err := parseSNBTQuoted(r)
		if err != nil {
			return nil, err
		}
		return String(s), nil
	case c == '{':
		return parseSNBTCompound(r, depth)
	case c == '[':
		return parseSNBTList(r, depth)
	}
	start := r.i
	word := r.readUnquoted()
	if word == "" {
		return nil, r.errf("expected value")
	}
	save := r.i
	r.skipWhitespace()
	if r.peekIs('(') {
		r.skip()
		var args []Tag
		for {
			r.skipWhitespace()
			if r.peekIs(')') {
				break
			}
			a, err := parseSNBT(r, depth+1)
			if err != nil {
				return nil, err
			}
			args = append(args, a)
			r.skipWhitespace()
			if r.peekIs(',') {
				r.skip()
				continue
			}
			break
		}
		if err := r.expect(')'); err != nil {
			return nil, err
		}
		return snbtOperation(r, start, word, args)
	}
	r.i = save
	switch {
	case strings.EqualFold(word, "true"):
		return Byte(1), nil
	case strings.EqualFold(word, "false"):
		return Byte(0), nil
	}
	return String(word), nil
}

// snbtOperation runs the builtin SNBT operations bool(x) and uuid(s).
func snbtOperation(r *reader, col int, name string, args []Tag) (Tag, error) {
	switch {
	case name == "bool" && len(args) == 1:
		if isNumeric(args[0]) {
			if asDouble(args[0]) != 0 {
				return Byte(1), nil
			}
			return Byte(0), nil
		}
		return nil, r.errAt(col, "bool() expects a number")
	case name == "uuid" && len(args) == 1:
		s, ok := args[0].(String)
		if !ok {
			return nil, r.errAt(col, "uuid() expects a string")
		}
		u, ok := parseUUID(string(s))
		if !ok {
			return nil, r.errAt(col, "invalid UUID %q", string(s))
		}
		return uuidTag(u), nil
	}
	return nil, r.errAt(col, "no such operation: %s/%d", name, len(args))
}

func parseSNBTCompound(r *reader, depth int) (Tag, error) {
	r.skip() // {
	c := NewCompound()
	for {
		r.skipWhitespace()
		if !r.canRead() {
			return nil, r.errf("expected '}'")
		}
		if r.peek() == '}' {
			break
		}
		keyStart := r.i
		var key string
		if q := r.peek(); q == '"' || q == '\'' {
			k, err := parseSNBTQuoted(r)
			if err != nil {
				return nil, err
			}
			key = k
		} else {
			key = r.readUnquoted()
			if key == "" {
				return nil, r.errf("expected key")
			}
		}
		if key == "" {
			return nil, r.errAt(keyStart, "empty key")
		}
		r.skipWhitespace()
		if err := r.expect(':'); err != nil {
			return nil, err
		}
		v, err := parseSNBT(r, depth+1)
		if err != nil {
			return nil, err
		}
		c.m[key] = v
		r.skipWhitespace()
		if r.peekIs(',') {
			r.skip()
			continue
		}
		break
	}
	r.skipWhitespace()
	if err := r.expect('}'); err != nil {
		return nil, err
	}
	return c, nil
}

func parseSNBTList(r *reader, depth int) (Tag, error) {
	r.skip() // [
	save := r.i
	r.skipWhitespace()
	if r.canRead() {
		if p := r.peek(); p == 'B' || p == 'I' || p == 'L' {
			r.skip()
			r.skipWhitespace()
			if r.peekIs(';') {
				r.skip()
				return parseSNBTArray(r, p)
			}
		}
	}
	r.i = save
	l := &List{}
	for {
		r.skipWhitespace()
		if !r.canRead() {
			return nil, r.errf("expected ']'")
		}
		if r.peek() == ']' {
			break
		}
		v, err := parseSNBT(r, depth+1)
		if err != nil {
			return nil, err
		}
		l.V = append(l.V, v)
		r.skipWhitespace()
		if r.peekIs(',') {
			r.skip()
			continue
		}
		break
	}
	r.skipWhitespace()
	if err := r.expect(']'); err != nil {
		return nil, err
	}
	return l, nil
}

func parseSNBTArray(r *reader, kind byte) (Tag, error) {
	var lits []intLiteral
	for {
		r.skipWhitespace()
		if !r.canRead() {
			return nil, r.errf("expected ']'")
		}
		if r.peek() == ']' {
			break
		}
		lit, err := parseIntLiteral(r)
		if err != nil {
			return nil, err
		}
		lits = append(lits, lit)
		r.skipWhitespace()
		if r.peekIs(',') {
			r.skip()
			continue
		}
		break
	}
	r.skipWhitespace()
	if err := r.expect(']'); err != nil {
		return nil, err
	}
	switch kind {
	case 'B':
		a := &ByteArray{V: make([]int8, 0, len(lits))}
		for _, l := range lits {
			t := l.typ
			if t == 0 {
				t = 'b'
			}
			if t != 'b' {
				return nil, r.errf("invalid array element type")
			}
			v, err := l.value(r, t)
			if err != nil {
				return nil, err
			}
			a.V = append(a.V, int8(asLong(v)))
		}
		return a, nil
	case 'I':
		a := &IntArray{V: make([]int32, 0, len(lits))}
		for _, l := range lits {
			t := l.typ
			if t == 0 {
				t = 'i'
			}
			if t == 'l' {
				return nil, r.errf("invalid array element type")
			}
			v, err := l.value(r, t)
			if err != nil {
				return nil, err
			}
			a.V = append(a.V, int32(asLong(v)))
		}
		return a, nil
	}
	a := &LongArray{V: make([]int64, 0, len(lits))}
	for _, l := range lits {
		t := l.typ
		if t == 0 {
			t = 'l'
		}
		v, err := l.value(r, t)
		if err != nil {
			return nil, err
		}
		a.V = append(a.V, asLong(v))
	}
	return a, nil
}

// intLiteral is SnbtGrammar.IntegerLiteral before its type is applied.
type intLiteral struct {
	neg    bool
	base   int
	digits string // underscores removed
	signed byte   // 's', 'u' or 0 (default: signed for decimal)
	typ    byte   // 'b','s','i','l' or 0
	col    int
}

func (l intLiteral) value(r *reader, typ byte) (Tag, error) {
	signed := l.signed == 's' || (l.signed == 0 && l.base == 10)
	if !signed && l.neg {
		return nil, r.errAt(l.col, "expected a non-negative number")
	}
	bits := map[byte]int{'b': 8, 's': 16, 'i': 32, 'l': 64}[typ]
	if signed {
		s := l.digits
		if l.neg {
			s = "-" + s
		}
		v, err := strconv.ParseInt(s, l.base, bits)
		if err != nil {
			return nil, r.errAt(l.col, "number parse failure: %s", s)
		}
		return intTag(typ, v), nil
	}
	v, err := strconv.ParseUint(l.digits, l.base, bits)
	if err != nil {
		return nil, r.errAt(l.col, "number parse failure: %s", l.digits)
	}
	return intTag(typ, int64(v)), nil
}

func intTag(typ byte, v int64) Tag {
	switch typ {
	case 'b':
		return Byte(int8(v))
	case 's':
		return Short(int16(v))
	case 'i':
		return Int(int32(v))
	}
	return Long(v)
}

// numeral reads a run of digits (of the given base) and underscores; an
// empty run, or one starting or ending with '_', fails.
func numeral(r *reader, base int) (string, bool) {
	start := r.i
	for r.canRead() {
		c := r.peek()
		ok := c == '_'
		switch base {
		case 2:
			ok = ok || c == '0' || c == '1'
		case 10:
			ok = ok || c >= '0' && c <= '9'
		case 16:
			ok = ok || c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
		}
		if !ok {
			break
		}
		r.skip()
	}
	s := r.s[start:r.i]
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' {
		r.i = start
		return "", false
	}
	return s, true
}

func parseIntLiteral(r *reader) (intLiteral, error) {
	lit := intLiteral{col: r.i, base: 10}
	if r.peekIs('+') {
		r.skip()
	} else if r.peekIs('-') {
		lit.neg = true
		r.skip()
	}
	if r.peekIs('0') {
		r.skip()
		switch {
		case r.peekIs('x') || r.peekIs('X'):
			r.skip()
			d, ok := numeral(r, 16)
			if !ok {
				return lit, r.errf("expected a hexadecimal number")
			}
			lit.base, lit.digits = 16, d
		case (r.peekIs('b') || r.peekIs('B')) && r.canReadN(2) && (r.peekAt(1) == '0' || r.peekAt(1) == '1'):
			r.skip()
			d, ok := numeral(r, 2)
			if !ok {
				return lit, r.errf("expected a binary number")
			}
			lit.base, lit.digits = 2, d
		case r.canRead() && (r.peek() >= '0' && r.peek() <= '9' || r.peek() == '_'):
			return lit, r.errf("leading zeros are not allowed")
		default:
			lit.digits = "0"
		}
	} else {
		d, ok := numeral(r, 10)
		if !ok {
			return lit, r.errf("expected a number")
		}
		lit.digits = d
	}
	lit.digits = strings.ReplaceAll(lit.digits, "_", "")
	// Integer suffix: [uU|sS] then [bBsSiIlL], or a bare type letter.
	if r.canRead() {
		c := lower(r.peek())
		if (c == 'u' || c == 's') && r.canReadN(2) && isIntType(lower(r.peekAt(1))) {
			lit.signed = c
			lit.typ = lower(r.peekAt(1))
			r.i += 2
		} else if isIntType(c) {
			lit.typ = c
			r.skip()
		}
	}
	return lit, nil
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 32
	}
	return c
}

func isIntType(c byte) bool { return c == 'b' || c == 's' || c == 'i' || c == 'l' }

// parseSNBTNumber is the grammar's literal rule for input that starts like
// a number: a float literal if one matches, else an integer literal.
func parseSNBTNumber(r *reader) (Tag, error) {
	start := r.i
	if t, ok, err := tryFloat(r); err != nil || ok {
		return t, err
	}
	r.i = start
	lit, err := parseIntLiteral(r)
	if err != nil {
		return nil, err
	}
	typ := lit.typ
	if typ == 0 {
		typ = 'i'
	}
	return lit.value(r, typ)
}

// tryFloat matches the four float forms: W.F?E?S?, .F E? S?, W E S?, W E? S
// (W/F digits, E exponent, S f/d suffix).
func tryFloat(r *reader) (Tag, bool, error) {
	col := r.i
	var sb strings.Builder
	if r.peekIs('+') {
		r.skip()
	} else if r.peekIs('-') {
		sb.WriteByte('-')
		r.skip()
	}
	whole, hasWhole := numeral(r, 10)
	var frac string
	hasDot, hasExp := false, false
	if r.peekIs('.') {
		if !hasWhole {
			r.skip()
			f, ok := numeral(r, 10)
			if !ok {
				return nil, false, r.errf("expected a number")
			}
			frac, hasDot = f, true
		} else {
			r.skip()
			hasDot = true
			frac, _ = numeral(r, 10)
		}
	} else if !hasWhole {
		return nil, false, nil
	}
	var exp string
	expSign := ""
	if r.peekIs('e') || r.peekIs('E') {
		save := r.i
		r.skip()
		if r.peekIs('+') {
			r.skip()
		} else if r.peekIs('-') {
			expSign = "-"
			r.skip()
		}
		if e, ok := numeral(r, 10); ok {
			exp, hasExp = e, true
		} else {
			r.i = save
		}
	}
	var suffix byte
	if r.canRead() {
		if c := lower(r.peek()); c == 'f' || c == 'd' {
			suffix = c
		}
	}
	if !hasDot && !hasExp && suffix == 0 {
		return nil, false, nil
	}
	if suffix != 0 {
		r.skip()
	}
	sb.WriteString(strings.ReplaceAll(whole, "_", ""))
	if hasDot && frac != "" {
		sb.WriteByte('.')
		sb.WriteString(strings.ReplaceAll(frac, "_", ""))
	}
	if hasExp {
		sb.WriteByte('e')
		sb.WriteString(expSign)
		sb.WriteString(strings.ReplaceAll(exp, "_", ""))
	}
	num := sb.String()
	if num == "" || num == "-" {
		num += "0"
	}
	if suffix == 'f' {
		v, err := strconv.ParseFloat(num, 32)
		if err != nil && !isRangeErr(err) || math.IsInf(v, 0) {
			return nil, false, r.errAt(col, "infinity not allowed or bad number: %s", num)
		}
		return Float(float32(v)), true, nil
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil && !isRangeErr(err) || math.IsInf(v, 0) {
		return nil, false, r.errAt(col, "infinity not allowed or bad number: %s", num)
	}
	return Double(v), true, nil
}

func parseSNBTQuoted(r *reader) (string, error) {
	q := r.peek()
	r.skip()
	var b strings.Builder
	for {
		if !r.canRead() {
			return "", r.errf("unterminated quoted string")
		}
		c := r.peek()
		switch {
		case c == q:
			r.skip()
			return b.String(), nil
		case c == '\\':
			r.skip()
			if !r.canRead() {
				return "", r.errf("unterminated escape sequence")
			}
			e := r.peek()
			r.skip()
			switch e {
			case 'b':
				b.WriteByte('\b')
			case 's':
				b.WriteByte(' ')
			case 't':
				b.WriteByte('\t')
			case 'n':
				b.WriteByte('\n')
			case 'f':
				b.WriteByte('\f')
			case 'r':
				b.WriteByte('\r')
			case '\\', '\'', '"':
				b.WriteByte(e)
			case 'x', 'u', 'U':
				n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
				if !r.canReadN(n) {
					return "", r.errf("expected %d hex digits", n)
				}
				h := r.s[r.i : r.i+n]
				v, err := strconv.ParseUint(h, 16, 32)
				if err != nil || strings.ContainsAny(h, "+-_") {
					return "", r.errf("expected %d hex digits", n)
				}
				if v > utf8.MaxRune {
					return "", r.errf("invalid codepoint U+%08X", v)
				}
				r.i += n
				if v >= 0xD800 && v <= 0xDFFF {
					// A lone surrogate cannot be held in a Go string; the
					// game would keep it in a Java string. Refuse loudly.
					return "", r.unsupported("surrogate code point escape U+%04X", v)
				}
				b.WriteRune(rune(v))
			case 'N':
				return "", r.unsupported("\\N{…} named character escapes in SNBT")
			default:
				r.i--
				return "", r.errf("invalid escape sequence '\\%c'", e)
			}
		default:
			r.skip()
			b.WriteByte(c)
		}
	}
}
