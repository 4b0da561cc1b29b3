package check

import (
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// tagKind is an NBT tag type.
type tagKind uint8

const (
	tagByte tagKind = iota + 1
	tagShort
	tagInt
	tagLong
	tagFloat
	tagDouble
	tagString
	tagList
	tagCompound
	tagByteArray
	tagIntArray
	tagLongArray
)

// tag is a parsed SNBT value.
type tag struct {
	kind   tagKind
	i      int64   // integer kinds
	f      float64 // float kinds
	str    string
	isBool bool   // written true/false (still a byte)
	list   []*tag // lists and arrays
	keys   []string
	vals   map[string]*tag
}

func (t *tag) isNumber() bool { return t.kind >= tagByte && t.kind <= tagDouble }

func (t *tag) get(k string) *tag {
	if t == nil || t.kind != tagCompound {
		return nil
	}
	return t.vals[k]
}

// snbtParser is a recursive-descent rendering of the packrat SNBT grammar
// the game uses since 1.21.5 (net.minecraft.nbt.SnbtGrammar): every terminal
// skips leading whitespace, numbers may be hex/binary with signed/unsigned
// suffixes and underscores, strings have escapes, lists may mix types,
// "true"/"false" are bytes and bool(…)/uuid(…) are built-in operations. Like
// the game it reports the failure that got furthest into the input.
type snbtParser struct {
	s       string
	pos     int
	errPos  int
	errMsgs []string
	depth   int
}

const maxSNBTDepth = 512 // the game's NbtAccounter depth limit

func (p *snbtParser) fail(pos int, msg string) {
	switch {
	case pos > p.errPos:
		p.errPos, p.errMsgs = pos, []string{msg}
	case pos == p.errPos:
		for _, m := range p.errMsgs {
			if m == msg {
				return
			}
		}
		p.errMsgs = append(p.errMsgs, msg)
	}
}

func (p *snbtParser) err() *synErr {
	msgs := append([]string(nil), p.errMsgs...)
	sort.Strings(msgs)
	if len(msgs) == 0 {
		msgs = []string{"invalid snbt"}
	}
	return errAt(p.errPos, "invalid snbt: %s", strings.Join(msgs, ", or "))
}

func (p *snbtParser) skipWS() {
	for p.pos < len(p.s) && isSpace(p.s[p.pos]) {
		p.pos++
	}
}

// char is a terminal: skip whitespace, then expect one of set.
func (p *snbtParser) char(set string) (byte, bool) {
	p.skipWS()
	if p.pos < len(p.s) && strings.IndexByte(set, p.s[p.pos]) >= 0 {
		c := p.s[p.pos]
		p.pos++
		return c, true
	}
	if len(set) == 1 {
		p.fail(p.pos, "expected '"+set+"'")
	} else {
		p.fail(p.pos, "expected one of '"+strings.Join(strings.Split(set, ""), "', '")+"'")
	}
	return 0, false
}

// numeral is NumberRunParseRule: skip whitespace, a non-empty run of
// accepted characters that neither starts nor ends with '_'.
func (p *snbtParser) numeral(accept func(byte) bool, what string) (string, bool) {
	p.skipWS()
	start := p.pos
	end := start
	for end < len(p.s) && accept(p.s[end]) {
		end++
	}
	if end == start {
		p.fail(start, "expected "+what)
		return "", false
	}
	if p.s[start] == '_' || p.s[end-1] == '_' {
		p.fail(start, "underscore not allowed here")
		return "", false
	}
	p.pos = end
	return p.s[start:end], true
}

func isDecDigitU(c byte) bool { return c >= '0' && c <= '9' || c == '_' }
func isBinDigitU(c byte) bool { return c == '0' || c == '1' || c == '_' }
func isHexDigitU(c byte) bool { return isHexDigit(c) || c == '_' }

func canStartNumber(c byte) bool { return c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.' }

// parseSNBTArg is TagParser.parseAsArgument: one value, the reader left
// right after it.
func parseSNBTArg(r *reader) (*tag, *synErr) {
	p := &snbtParser{s: r.s, pos: r.pos, errPos: -1}
	t, ok := p.literal()
	if !ok {
		return nil, p.err()
	}
	r.pos = p.pos
	return t, nil
}

// parseSNBTCompoundArg is TagParser.parseCompoundAsArgument.
func parseSNBTCompoundArg(r *reader) (*tag, *synErr) {
	t, err := parseSNBTArg(r)
	if err != nil {
		return nil, err
	}
	if t.kind != tagCompound {
		return nil, errAt(r.pos, "expected compound tag")
	}
	return t, nil
}

// parseSNBT parses a whole string as one SNBT value.
func parseSNBT(s string) (*tag, *synErr) {
	r := &reader{s: s}
	t, err := parseSNBTArg(r)
	if err != nil {
		return nil, err
	}
	r.skipWhitespace()
	if r.canRead() {
		return nil, errAt(r.pos, "trailing data after snbt value")
	}
	return t, nil
}

func (p *snbtParser) literal() (*tag, bool) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxSNBTDepth {
		p.fail(p.pos, "nbt nested too deeply")
		return nil, false
	}
	start := p.pos
	p.skipWS()
	if p.pos >= len(p.s) {
		p.fail(p.pos, "expected a value")
		p.pos = start
		return nil, false
	}
	c := p.s[p.pos]
	p.pos = start
	if canStartNumber(c) {
		if t, ok := p.floatLiteral(); ok {
			return t, true
		}
		p.pos = start
		if t, ok := p.integerTag(); ok {
			return t, true
		}
		p.pos = start
	}
	switch c {
	case '"', '\'':
		s, ok := p.quoted()
		if !ok {
			return nil, false
		}
		return &tag{kind: tagString, str: s}, true
	case '{':
		return p.compound()
	case '[':
		return p.listLiteral()
	}
	return p.unquotedOrBuiltin()
}

func (p *snbtParser) sign() string {
	save := p.pos
	if c, ok := p.char("+-"); ok {
		if c == '-' {
			return "-"
		}
		return ""
	}
	p.pos = save
	return ""
}

// floatLiteral: [sign] (whole '.' [frac] [exp] [f|d] | '.' frac [exp] [f|d]
// | whole exp [f|d] | whole [exp] (f|d)).
func (p *snbtParser) floatLiteral() (*tag, bool) {
	sign := p.sign()
	afterSign := p.pos
	var whole, frac, exp string
	var suffix byte
	ok := false
	if w, okW := p.numeral(isDecDigitU, "decimal numeral"); okW {
		save := p.pos
		if _, okDot := p.char("."); okDot {
			whole = w
			save2 := p.pos
			if f, okF := p.numeral(isDecDigitU, "decimal numeral"); okF {
				frac = f
			} else {
				p.pos = save2
			}
			exp = p.optExponent()
			suffix = p.optFloatSuffix()
			ok = true
		} else {
			p.pos = save
		}
	}
	if !ok {
		p.pos = afterSign
		if _, okDot := p.char("."); okDot {
			f, okF := p.numeral(isDecDigitU, "decimal numeral")
			if !okF {
				return nil, false
			}
			frac = f
			exp = p.optExponent()
			suffix = p.optFloatSuffix()
			ok = true
		}
	}
	if !ok {
		p.pos = afterSign
		if w, okW := p.numeral(isDecDigitU, "decimal numeral"); okW {
			save := p.pos
			if e := p.optExponent(); e != "" {
				whole, exp = w, e
				suffix = p.optFloatSuffix()
				ok = true
			} else {
				p.pos = save
				if s := p.optFloatSuffix(); s != 0 {
					whole, suffix = w, s
					ok = true
				}
			}
		}
	}
	if !ok {
		return nil, false
	}
	text := sign + strings.ReplaceAll(whole, "_", "")
	if frac != "" {
		text += "." + strings.ReplaceAll(frac, "_", "")
	}
	if text == sign {
		text += "0"
	}
	text += exp
	if suffix == 'f' || suffix == 'F' {
		v, err := strconv.ParseFloat(text, 32)
		if err != nil || math.IsInf(v, 0) {
			p.fail(p.pos, "infinity not allowed")
			return nil, false
		}
		return &tag{kind: tagFloat, f: v}, true
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsInf(v, 0) {
		p.fail(p.pos, "infinity not allowed")
		return nil, false
	}
	return &tag{kind: tagDouble, f: v}, true
}

func (p *snbtParser) optExponent() string {
	save := p.pos
	if _, ok := p.char("eE"); !ok {
		p.pos = save
		return ""
	}
	sign := p.sign()
	d, ok := p.numeral(isDecDigitU, "decimal numeral")
	if !ok {
		p.pos = save
		return ""
	}
	return "e" + sign + strings.ReplaceAll(d, "_", "")
}

func (p *snbtParser) optFloatSuffix() byte {
	save := p.pos
	if c, ok := p.char("fFdD"); ok {
		return c
	}
	p.pos = save
	return 0
}

// intLit is SnbtGrammar.IntegerLiteral before its type is applied.
type intLit struct {
	neg      bool
	base     int
	digits   string
	signed   byte // 0 default, 's' signed, 'u' unsigned
	typ      byte // 0 default, 'b','s','i','l'
	startPos int
}

func (p *snbtParser) integerLiteral() (intLit, bool) {
	lit := intLit{base: 10}
	p.skipWS()
	lit.startPos = p.pos
	lit.neg = p.sign() == "-"
	save := p.pos
	if _, ok := p.char("0"); ok {
		// cut: after a leading 0 the plain-decimal alternative is gone
		afterZero := p.pos
		if _, ok := p.char("xX"); ok {
			d, ok := p.numeral(isHexDigitU, "hex numeral")
			if !ok {
				return lit, false
			}
			lit.base, lit.digits = 16, d
		} else {
			p.pos = afterZero
			matched := false
			if _, ok := p.char("bB"); ok {
				if d, ok := p.numeral(isBinDigitU, "binary numeral"); ok {
					lit.base, lit.digits = 2, d
					matched = true
				}
			}
			if !matched {
				p.pos = afterZero
				if _, ok := p.numeral(isDecDigitU, "decimal numeral"); ok {
					p.fail(afterZero, "leading zeros not allowed")
					return lit, false
				}
				p.pos = afterZero
				lit.digits = "0"
			}
		}
	} else {
		p.pos = save
		d, ok := p.numeral(isDecDigitU, "decimal numeral")
		if !ok {
			return lit, false
		}
		lit.digits = d
	}
	// optional integer suffix
	save = p.pos
	if c, ok := p.char("uUsS"); ok {
		if t, ok := p.char("bBsSiIlL"); ok {
			lit.signed, lit.typ = lower(c), lower(t)
			return lit, true
		}
		p.pos = save
	} else {
		p.pos = save
	}
	if t, ok := p.char("bBsSiIlL"); ok {
		lit.typ = lower(t)
		return lit, true
	}
	p.pos = save
	return lit, true
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 32
	}
	return c
}

func (p *snbtParser) integerTag() (*tag, bool) {
	lit, ok := p.integerLiteral()
	if !ok {
		return nil, false
	}
	return p.buildInt(lit, lit.typ)
}

// buildInt applies IntegerLiteral.create: default signedness by base, the
// range of the type, no '-' on unsigned numbers.
func (p *snbtParser) buildInt(lit intLit, typ byte) (*tag, bool) {
	if typ == 0 {
		typ = 'i'
	}
	signed := lit.signed == 's' || (lit.signed == 0 && lit.base == 10)
	if !signed && lit.neg {
		p.fail(p.pos, "expected a non-negative number")
		return nil, false
	}
	digits := strings.ReplaceAll(lit.digits, "_", "")
	v, ok := new(big.Int).SetString(digits, lit.base)
	if !ok {
		p.fail(p.pos, "invalid number")
		return nil, false
	}
	if lit.neg {
		v.Neg(v)
	}
	bits := map[byte]uint{'b': 8, 's': 16, 'i': 32, 'l': 64}[typ]
	kind := map[byte]tagKind{'b': tagByte, 's': tagShort, 'i': tagInt, 'l': tagLong}[typ]
	var lo, hi *big.Int
	if signed {
		lo = new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), bits-1))
		hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), bits-1), big.NewInt(1))
	} else {
		lo = big.NewInt(0)
		hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), bits), big.NewInt(1))
	}
	if v.Cmp(lo) < 0 || v.Cmp(hi) > 0 {
		p.fail(p.pos, "number out of range: "+v.String())
		return nil, false
	}
	if !signed && v.Cmp(new(big.Int).Lsh(big.NewInt(1), bits-1)) >= 0 {
		// unsigned values wrap into the signed Java type
		v.Sub(v, new(big.Int).Lsh(big.NewInt(1), bits))
	}
	return &tag{kind: kind, i: v.Int64()}, true
}

// quoted parses '"' … '"' or '\” … '\” with the grammar's escapes.
func (p *snbtParser) quoted() (string, bool) {
	q, ok := p.char("\"'")
	if !ok {
		return "", false
	}
	var b strings.Builder
	for {
		if p.pos >= len(p.s) {
			p.fail(p.pos, "expected '"+string(q)+"'")
			return "", false
		}
		c := p.s[p.pos]
		switch {
		case c == q:
			p.pos++
			return b.String(), true
		case c == '\\':
			p.pos++
			s, ok := p.escape()
			if !ok {
				return "", false
			}
			b.WriteString(s)
		default:
			b.WriteByte(c)
			p.pos++
		}
	}
}

func (p *snbtParser) escape() (string, bool) {
	c, ok := p.char("bstnfr\\'\"xuUN")
	if !ok {
		p.fail(p.pos, "invalid escape sequence")
		return "", false
	}
	switch c {
	case 'b':
		return "\b", true
	case 's':
		return " ", true
	case 't':
		return "\t", true
	case 'n':
		return "\n", true
	case 'f':
		return "\f", true
	case 'r':
		return "\r", true
	case '\\', '\'', '"':
		return string(c), true
	case 'x', 'u', 'U':
		n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[c]
		if p.pos+n > len(p.s) {
			p.fail(p.pos, "expected a "+strconv.Itoa(n)+"-digit hex escape")
			return "", false
		}
		h := p.s[p.pos : p.pos+n]
		for i := 0; i < n; i++ {
			if !isHexDigit(h[i]) {
				p.fail(p.pos, "expected a "+strconv.Itoa(n)+"-digit hex escape")
				return "", false
			}
		}
		v, _ := strconv.ParseUint(h, 16, 32)
		if v > 0x10FFFF {
			p.fail(p.pos, "invalid codepoint")
			return "", false
		}
		p.pos += n
		return string(rune(v)), true
	case 'N':
		if _, ok := p.char("{"); !ok {
			return "", false
		}
		start := p.pos
		for p.pos < len(p.s) {
			ch := p.s[p.pos]
			if !(ch == '-' || ch == ' ' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9') {
				break
			}
			p.pos++
		}
		if p.pos == start {
			p.fail(p.pos, "invalid character name")
			return "", false
		}
		// Unicode character names cannot be verified without the Unicode
		// name table; any well-formed name passes.
		if _, ok := p.char("}"); !ok {
			return "", false
		}
		return "?", true
	}
	return "", false
}

func (p *snbtParser) compound() (*tag, bool) {
	if _, ok := p.char("{"); !ok {
		return nil, false
	}
	t := &tag{kind: tagCompound, vals: map[string]*tag{}}
	first := true
	for {
		save := p.pos
		if !first {
			if _, ok := p.char(","); !ok {
				p.pos = save
				break
			}
		}
		afterSep := p.pos
		k, v, ok := p.mapEntry()
		if !ok {
			p.pos = afterSep
			break
		}
		if _, dup := t.vals[k]; !dup {
			t.keys = append(t.keys, k)
		}
		t.vals[k] = v
		first = false
	}
	if _, ok := p.char("}"); !ok {
		return nil, false
	}
	return t, true
}

func (p *snbtParser) mapEntry() (string, *tag, bool) {
	p.skipWS()
	var key string
	if p.pos < len(p.s) && isQuote(p.s[p.pos]) {
		k, ok := p.quoted()
		if !ok {
			return "", nil, false
		}
		key = k
	} else {
		start := p.pos
		for p.pos < len(p.s) && isAllowedInUnquotedString(p.s[p.pos]) {
			p.pos++
		}
		if p.pos == start {
			p.fail(start, "expected a key")
			return "", nil, false
		}
		key = p.s[start:p.pos]
	}
	if _, ok := p.char(":"); !ok {
		return "", nil, false
	}
	v, ok := p.literal()
	if !ok {
		return "", nil, false
	}
	if key == "" {
		// The game checks this after the value, so it reports it there.
		p.fail(p.pos, "empty key")
		return "", nil, false
	}
	return key, v, true
}

func (p *snbtParser) listLiteral() (*tag, bool) {
	if _, ok := p.char("["); !ok {
		return nil, false
	}
	save := p.pos
	if pre, ok := p.char("BIL"); ok {
		if _, ok := p.char(";"); ok {
			return p.arrayRest(pre)
		}
	}
	p.pos = save
	t := &tag{kind: tagList}
	first := true
	for {
		save := p.pos
		if !first {
			if _, ok := p.char(","); !ok {
				p.pos = save
				break
			}
		}
		afterSep := p.pos
		v, ok := p.literal()
		if !ok {
			p.pos = afterSep
			break
		}
		t.list = append(t.list, v)
		first = false
	}
	if _, ok := p.char("]"); !ok {
		return nil, false
	}
	return t, true
}

func (p *snbtParser) arrayRest(prefix byte) (*tag, bool) {
	kind := map[byte]tagKind{'B': tagByteArray, 'I': tagIntArray, 'L': tagLongArray}[prefix]
	allowed := map[byte]string{'B': "b", 'I': "ibs", 'L': "lbsi"}[prefix]
	def := allowed[0]
	t := &tag{kind: kind}
	var lits []intLit
	first := true
	for {
		save := p.pos
		if !first {
			if _, ok := p.char(","); !ok {
				p.pos = save
				break
			}
		}
		afterSep := p.pos
		lit, ok := p.integerLiteral()
		if !ok {
			p.pos = afterSep
			break
		}
		lits = append(lits, lit)
		first = false
	}
	if _, ok := p.char("]"); !ok {
		return nil, false
	}
	for _, lit := range lits {
		typ := lit.typ
		if typ == 0 {
			typ = def
		} else if strings.IndexByte(allowed, typ) < 0 {
			p.fail(p.pos, "invalid array element type")
			return nil, false
		}
		v, ok := p.buildInt(lit, typ)
		if !ok {
			return nil, false
		}
		// The array stores every element as its own type.
		v.kind = map[tagKind]tagKind{tagByteArray: tagByte, tagIntArray: tagInt, tagLongArray: tagLong}[kind]
		t.list = append(t.list, v)
	}
	return t, true
}

func (p *snbtParser) unquotedOrBuiltin() (*tag, bool) {
	p.skipWS()
	start := p.pos
	for p.pos < len(p.s) && isAllowedInUnquotedString(p.s[p.pos]) {
		p.pos++
	}
	word := p.s[start:p.pos]
	if word == "" {
		p.fail(start, "expected a value")
		return nil, false
	}
	var args []*tag
	hasArgs := false
	save := p.pos
	if _, ok := p.char("("); ok {
		first := true
		for {
			s := p.pos
			if !first {
				if _, ok := p.char(","); !ok {
					p.pos = s
					break
				}
			}
			after := p.pos
			v, ok := p.literal()
			if !ok {
				p.pos = after
				break
			}
			args = append(args, v)
			first = false
		}
		if _, ok := p.char(")"); ok {
			hasArgs = true
		} else {
			p.pos = save
		}
	} else {
		p.pos = save
	}
	if canStartNumber(word[0]) {
		p.fail(start, "invalid unquoted string start")
		return nil, false
	}
	if hasArgs {
		switch {
		case word == "bool" && len(args) == 1:
			a := args[0]
			if !a.isNumber() {
				p.fail(p.pos, "bool() expects a number or boolean")
				return nil, false
			}
			v := int64(0)
			if a.i != 0 || a.f != 0 {
				v = 1
			}
			return &tag{kind: tagByte, i: v, isBool: true}, true
		case word == "uuid" && len(args) == 1:
			a := args[0]
			if a.kind != tagString || !isJavaUUID(a.str) {
				p.fail(p.pos, "uuid() expects a uuid string")
				return nil, false
			}
			return &tag{kind: tagIntArray, list: []*tag{{kind: tagInt}, {kind: tagInt}, {kind: tagInt}, {kind: tagInt}}}, true
		}
		p.fail(p.pos, "no such operation: "+word+"/"+strconv.Itoa(len(args)))
		return nil, false
	}
	switch strings.ToLower(word) {
	case "true":
		return &tag{kind: tagByte, i: 1, isBool: true}, true
	case "false":
		return &tag{kind: tagByte, i: 0, isBool: true}, true
	}
	return &tag{kind: tagString, str: word}, true
}

// macroText is how a macro argument becomes command text (the game's
// Macro.stringify): strings raw, integers in decimal, floats as plain
// decimals without exponent or suffix, anything else as SNBT.
func (t *tag) macroText() string {
	switch t.kind {
	case tagString:
		return t.str
	case tagByte, tagShort, tagInt, tagLong:
		return strconv.FormatInt(t.i, 10)
	case tagFloat, tagDouble:
		s := strconv.FormatFloat(t.f, 'f', -1, 64)
		if t.kind == tagFloat {
			s = strconv.FormatFloat(t.f, 'f', -1, 32)
		}
		if i := strings.IndexByte(s, '.'); i >= 0 && len(s)-i-1 > 15 {
			s = strings.TrimRight(s[:i+16], "0")
			s = strings.TrimSuffix(s, ".")
		}
		return s
	}
	return t.snbt()
}

// snbt prints t the way the game's StringTagVisitor does.
func (t *tag) snbt() string {
	var b strings.Builder
	t.writeSNBT(&b)
	return b.String()
}

func (t *tag) writeSNBT(b *strings.Builder) {
	switch t.kind {
	case tagByte:
		b.WriteString(strconv.FormatInt(t.i, 10) + "b")
	case tagShort:
		b.WriteString(strconv.FormatInt(t.i, 10) + "s")
	case tagInt:
		b.WriteString(strconv.FormatInt(t.i, 10))
	case tagLong:
		b.WriteString(strconv.FormatInt(t.i, 10) + "L")
	case tagFloat:
		b.WriteString(strconv.FormatFloat(t.f, 'f', -1, 32) + "f")
	case tagDouble:
		b.WriteString(strconv.FormatFloat(t.f, 'f', -1, 64) + "d")
	case tagString:
		b.WriteString(quoteSNBT(t.str))
	case tagList, tagByteArray, tagIntArray, tagLongArray:
		b.WriteByte('[')
		switch t.kind {
		case tagByteArray:
			b.WriteString("B;")
		case tagIntArray:
			b.WriteString("I;")
		case tagLongArray:
			b.WriteString("L;")
		}
		for i, e := range t.list {
			if i > 0 {
				b.WriteByte(',')
			}
			e.writeSNBT(b)
		}
		b.WriteByte(']')
	case tagCompound:
		b.WriteByte('{')
		for i, k := range t.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			if isSimpleKey(k) {
				b.WriteString(k)
			} else {
				b.WriteString(quoteSNBT(k))
			}
			b.WriteByte(':')
			t.vals[k].writeSNBT(b)
		}
		b.WriteByte('}')
	}
}

func isSimpleKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		if !isAllowedInUnquotedString(k[i]) {
			return false
		}
	}
	return true
}

func quoteSNBT(s string) string {
	q := byte('"')
	if strings.IndexByte(s, '"') >= 0 && strings.IndexByte(s, '\'') < 0 {
		q = '\''
	}
	var b strings.Builder
	b.WriteByte(q)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == q || c == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	b.WriteByte(q)
	return b.String()
}
