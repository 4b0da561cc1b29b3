package syntax

import (
	"encoding/binary"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// Kind is an NBT tag type, numbered as the NBT format's type ids.
type Kind uint8

const (
	TagByte      Kind = 1
	TagShort     Kind = 2
	TagInt       Kind = 3
	TagLong      Kind = 4
	TagFloat     Kind = 5
	TagDouble    Kind = 6
	TagByteArray Kind = 7
	TagString    Kind = 8
	TagList      Kind = 9
	TagCompound  Kind = 10
	TagIntArray  Kind = 11
	TagLongArray Kind = 12
)

// Tag is a parsed SNBT value.
type Tag struct {
	Kind   Kind
	Int    int64   // the integer kinds (arrays hold their elements as such tags)
	Float  float64 // TagFloat (rounded to 32 bits) and TagDouble
	Str    string
	IsBool bool   // written true/false or bool(…) (still a TagByte)
	List   []*Tag // lists and arrays
	Keys   []string
	Vals   map[string]*Tag
	// Lossy marks a string, or a compound with such a key, that holds a
	// character a Go string cannot: a lone surrogate (\uD800) is U+FFFD
	// here and a \N{name} escape '?' (the Unicode name table is not
	// bundled). Checking syntax needs no more; running it does.
	Lossy bool
}

// IsNumber reports the numeric kinds.
func (t *Tag) IsNumber() bool { return t.Kind >= TagByte && t.Kind <= TagDouble }

// Get returns a compound's value under k, or nil.
func (t *Tag) Get(k string) *Tag {
	if t == nil || t.Kind != TagCompound {
		return nil
	}
	return t.Vals[k]
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
	lossy   bool // the last quoted string lost a character (Tag.Lossy)
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

func (p *snbtParser) err() *Error {
	msgs := append([]string(nil), p.errMsgs...)
	sort.Strings(msgs)
	if len(msgs) == 0 {
		msgs = []string{"invalid snbt"}
	}
	return Errorf(p.errPos, "invalid snbt: %s", strings.Join(msgs, ", or "))
}

func (p *snbtParser) skipWS() {
	for p.pos < len(p.s) && IsWhitespace(p.s[p.pos]) {
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
func isHexDigitU(c byte) bool { return IsHexDigit(c) || c == '_' }

func canStartNumber(c byte) bool { return c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.' }

// ParseSNBTArg is TagParser.parseAsArgument: one value at the cursor,
// the reader left right after it. Like the game it reports the failure
// that got furthest into the input.
func ParseSNBTArg(r *Reader) (*Tag, *Error) {
	p := &snbtParser{s: r.Text, pos: r.Pos, errPos: -1}
	t, ok := p.literal()
	if !ok {
		return nil, p.err()
	}
	r.Pos = p.pos
	return t, nil
}

// ParseCompoundArg is TagParser.parseCompoundAsArgument: ParseSNBTArg
// for a compound, anything else failing after the value.
func ParseCompoundArg(r *Reader) (*Tag, *Error) {
	t, err := ParseSNBTArg(r)
	if err != nil {
		return nil, err
	}
	if t.Kind != TagCompound {
		return nil, Errorf(r.Pos, "expected compound tag")
	}
	return t, nil
}

// ParseSNBT parses a whole string as one SNBT value.
func ParseSNBT(s string) (*Tag, *Error) {
	r := &Reader{Text: s}
	t, err := ParseSNBTArg(r)
	if err != nil {
		return nil, err
	}
	r.SkipWhitespace()
	if r.CanRead() {
		return nil, r.Errorf("trailing data after snbt value")
	}
	return t, nil
}

func (p *snbtParser) literal() (*Tag, bool) {
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
		return &Tag{Kind: TagString, Str: s, Lossy: p.lossy}, true
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
func (p *snbtParser) floatLiteral() (*Tag, bool) {
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
		return &Tag{Kind: TagFloat, Float: v}, true
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsInf(v, 0) {
		p.fail(p.pos, "infinity not allowed")
		return nil, false
	}
	return &Tag{Kind: TagDouble, Float: v}, true
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

func (p *snbtParser) integerTag() (*Tag, bool) {
	lit, ok := p.integerLiteral()
	if !ok {
		return nil, false
	}
	return p.buildInt(lit, lit.typ)
}

// buildInt applies IntegerLiteral.create: default signedness by base, the
// range of the type, no '-' on unsigned numbers.
func (p *snbtParser) buildInt(lit intLit, typ byte) (*Tag, bool) {
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
	kind := map[byte]Kind{'b': TagByte, 's': TagShort, 'i': TagInt, 'l': TagLong}[typ]
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
	return &Tag{Kind: kind, Int: v.Int64()}, true
}

// quoted parses '"' … '"' or '\” … '\” with the grammar's escapes.
func (p *snbtParser) quoted() (string, bool) {
	q, ok := p.char("\"'")
	if !ok {
		return "", false
	}
	p.lossy = false
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
			if !IsHexDigit(h[i]) {
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
		if v >= 0xD800 && v <= 0xDFFF {
			p.lossy = true // a lone surrogate: Java strings hold it, Go's cannot
		}
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
		p.lossy = true
		return "?", true
	}
	return "", false
}

func (p *snbtParser) compound() (*Tag, bool) {
	if _, ok := p.char("{"); !ok {
		return nil, false
	}
	t := &Tag{Kind: TagCompound, Vals: map[string]*Tag{}}
	p.sequence(func() bool {
		k, v, lossy, ok := p.mapEntry()
		if !ok {
			return false
		}
		if _, dup := t.Vals[k]; !dup {
			t.Keys = append(t.Keys, k)
			t.Lossy = t.Lossy || lossy
		}
		t.Vals[k] = v
		return true
	})
	if _, ok := p.char("}"); !ok {
		return nil, false
	}
	return t, true
}

// mapEntry reads key: value; lossy reports a key that lost a character.
func (p *snbtParser) mapEntry() (key string, v *Tag, lossy, ok bool) {
	p.skipWS()
	if p.pos < len(p.s) && IsQuote(p.s[p.pos]) {
		k, ok := p.quoted()
		if !ok {
			return "", nil, false, false
		}
		key, lossy = k, p.lossy
	} else {
		start := p.pos
		for p.pos < len(p.s) && IsAllowedInUnquotedString(p.s[p.pos]) {
			p.pos++
		}
		if p.pos == start {
			p.fail(start, "expected a key")
			return "", nil, false, false
		}
		key = p.s[start:p.pos]
	}
	if _, ok := p.char(":"); !ok {
		return "", nil, false, false
	}
	v, ok = p.literal()
	if !ok {
		return "", nil, false, false
	}
	if key == "" {
		// The game checks this after the value, so it reports it there.
		p.fail(p.pos, "empty key")
		return "", nil, false, false
	}
	return key, v, lossy, true
}

// sequence parses the grammar's "item (',' item)*, trailing ',' allowed":
// a missing ',' or a failing item ends the sequence, the input after the
// last ',' left for the closing bracket.
func (p *snbtParser) sequence(item func() bool) {
	first := true
	for {
		save := p.pos
		if !first {
			if _, ok := p.char(","); !ok {
				p.pos = save
				return
			}
		}
		after := p.pos
		if !item() {
			p.pos = after
			return
		}
		first = false
	}
}

func (p *snbtParser) listLiteral() (*Tag, bool) {
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
	t := &Tag{Kind: TagList}
	p.sequence(func() bool {
		v, ok := p.literal()
		if !ok {
			return false
		}
		t.List = append(t.List, v)
		return true
	})
	if _, ok := p.char("]"); !ok {
		return nil, false
	}
	return t, true
}

func (p *snbtParser) arrayRest(prefix byte) (*Tag, bool) {
	kind := map[byte]Kind{'B': TagByteArray, 'I': TagIntArray, 'L': TagLongArray}[prefix]
	allowed := map[byte]string{'B': "b", 'I': "ibs", 'L': "lbsi"}[prefix]
	def := allowed[0]
	t := &Tag{Kind: kind}
	var lits []intLit
	p.sequence(func() bool {
		lit, ok := p.integerLiteral()
		if !ok {
			return false
		}
		lits = append(lits, lit)
		return true
	})
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
		v.Kind = map[Kind]Kind{TagByteArray: TagByte, TagIntArray: TagInt, TagLongArray: TagLong}[kind]
		t.List = append(t.List, v)
	}
	return t, true
}

func (p *snbtParser) unquotedOrBuiltin() (*Tag, bool) {
	p.skipWS()
	start := p.pos
	for p.pos < len(p.s) && IsAllowedInUnquotedString(p.s[p.pos]) {
		p.pos++
	}
	word := p.s[start:p.pos]
	if word == "" {
		p.fail(start, "expected a value")
		return nil, false
	}
	var args []*Tag
	hasArgs := false
	save := p.pos
	if _, ok := p.char("("); ok {
		p.sequence(func() bool {
			v, ok := p.literal()
			if !ok {
				return false
			}
			args = append(args, v)
			return true
		})
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
			if !a.IsNumber() {
				p.fail(p.pos, "bool() expects a number or boolean")
				return nil, false
			}
			v := int64(0)
			if a.Int != 0 || a.Float != 0 {
				v = 1
			}
			return &Tag{Kind: TagByte, Int: v, IsBool: true}, true
		case word == "uuid" && len(args) == 1:
			a := args[0]
			var u [16]byte
			ok := a.Kind == TagString
			if ok {
				u, ok = ParseUUID(a.Str)
			}
			if !ok {
				p.fail(p.pos, "uuid() expects a uuid string")
				return nil, false
			}
			t := &Tag{Kind: TagIntArray}
			for i := 0; i < 16; i += 4 {
				t.List = append(t.List, &Tag{Kind: TagInt, Int: int64(int32(binary.BigEndian.Uint32(u[i:])))})
			}
			return t, true
		}
		p.fail(p.pos, "no such operation: "+word+"/"+strconv.Itoa(len(args)))
		return nil, false
	}
	switch strings.ToLower(word) {
	case "true":
		return &Tag{Kind: TagByte, Int: 1, IsBool: true}, true
	case "false":
		return &Tag{Kind: TagByte, Int: 0, IsBool: true}, true
	}
	return &Tag{Kind: TagString, Str: word}, true
}

// MacroText is how a macro argument becomes command text (the game's
// Macro.stringify): strings raw, integers in decimal, floats as plain
// decimals without exponent or suffix, anything else as SNBT.
func (t *Tag) MacroText() string {
	switch t.Kind {
	case TagString:
		return t.Str
	case TagByte, TagShort, TagInt, TagLong:
		return strconv.FormatInt(t.Int, 10)
	case TagFloat, TagDouble:
		s := strconv.FormatFloat(t.Float, 'f', -1, 64)
		if t.Kind == TagFloat {
			s = strconv.FormatFloat(t.Float, 'f', -1, 32)
		}
		if i := strings.IndexByte(s, '.'); i >= 0 && len(s)-i-1 > 15 {
			s = strings.TrimRight(s[:i+16], "0")
			s = strings.TrimSuffix(s, ".")
		}
		return s
	}
	return t.SNBT()
}

// SNBT prints t the way the game's StringTagVisitor does.
func (t *Tag) SNBT() string {
	var b strings.Builder
	t.writeSNBT(&b)
	return b.String()
}

func (t *Tag) writeSNBT(b *strings.Builder) {
	switch t.Kind {
	case TagByte:
		b.WriteString(strconv.FormatInt(t.Int, 10) + "b")
	case TagShort:
		b.WriteString(strconv.FormatInt(t.Int, 10) + "s")
	case TagInt:
		b.WriteString(strconv.FormatInt(t.Int, 10))
	case TagLong:
		b.WriteString(strconv.FormatInt(t.Int, 10) + "L")
	case TagFloat:
		b.WriteString(strconv.FormatFloat(t.Float, 'f', -1, 32) + "f")
	case TagDouble:
		b.WriteString(strconv.FormatFloat(t.Float, 'f', -1, 64) + "d")
	case TagString:
		b.WriteString(QuoteSNBT(t.Str))
	case TagList, TagByteArray, TagIntArray, TagLongArray:
		b.WriteByte('[')
		switch t.Kind {
		case TagByteArray:
			b.WriteString("B;")
		case TagIntArray:
			b.WriteString("I;")
		case TagLongArray:
			b.WriteString("L;")
		}
		for i, e := range t.List {
			if i > 0 {
				b.WriteByte(',')
			}
			e.writeSNBT(b)
		}
		b.WriteByte(']')
	case TagCompound:
		b.WriteByte('{')
		for i, k := range t.Keys {
			if i > 0 {
				b.WriteByte(',')
			}
			if IsSimpleKey(k) {
				b.WriteString(k)
			} else {
				b.WriteString(QuoteSNBT(k))
			}
			b.WriteByte(':')
			t.Vals[k].writeSNBT(b)
		}
		b.WriteByte('}')
	}
}

// IsSimpleKey reports a compound key the game prints unquoted: the
// printer's SIMPLE_VALUE pattern [A-Za-z0-9._+-]+.
func IsSimpleKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		if !IsAllowedInUnquotedString(k[i]) {
			return false
		}
	}
	return true
}

// QuoteSNBT is StringTag.quoteAndEscape (1.21.5+): the quote is '"'
// unless a '"' comes before any '\”, escaping backslashes, that quote
// and control characters.
func QuoteSNBT(s string) string {
	quote := byte('"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			quote = '\''
			break
		}
		if s[i] == '\'' {
			break
		}
	}
	var b strings.Builder
	b.WriteByte(quote)
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == rune(quote):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < ' ':
			b.WriteString(`\x`)
			b.WriteString(strings.ToUpper(strconv.FormatInt(int64(r)+0x100, 16)[1:]))
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(quote)
	return b.String()
}
