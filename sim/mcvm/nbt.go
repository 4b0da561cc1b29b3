package mcvm

import (
	"math"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/Tnze/go-mc/nbt"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// Tag is an NBT value as the game holds it in memory (1.21.5+ semantics:
// lists may mix element types). Type ids are go-mc's nbt.Tag* constants.
//
// Compounds and lists are mutable and shared by reference, like the game's
// CompoundTag/ListTag; the numeric and string tags are immutable values.
type Tag interface {
	Type() byte
}

type (
	Byte      int8
	Short     int16
	Int       int32
	Long      int64
	Float     float32
	Double    float64
	String    string
	ByteArray struct{ V []int8 }
	IntArray  struct{ V []int32 }
	LongArray struct{ V []int64 }
	// List is an ordered list of tags.
	List struct{ V []Tag }
	// Compound maps keys to tags. Iteration order is irrelevant: the game
	// prints keys sorted (StringTagVisitor).
	Compound struct{ m map[string]Tag }
)

func (Byte) Type() byte       { return nbt.TagByte }
func (Short) Type() byte      { return nbt.TagShort }
func (Int) Type() byte        { return nbt.TagInt }
func (Long) Type() byte       { return nbt.TagLong }
func (Float) Type() byte      { return nbt.TagFloat }
func (Double) Type() byte     { return nbt.TagDouble }
func (String) Type() byte     { return nbt.TagString }
func (*ByteArray) Type() byte { return nbt.TagByteArray }
func (*IntArray) Type() byte  { return nbt.TagIntArray }
func (*LongArray) Type() byte { return nbt.TagLongArray }
func (*List) Type() byte      { return nbt.TagList }
func (*Compound) Type() byte  { return nbt.TagCompound }

// NewCompound returns an empty compound.
func NewCompound() *Compound { return &Compound{m: map[string]Tag{}} }

// Get returns the value under key, or nil.
func (c *Compound) Get(key string) Tag { return c.m[key] }

// Put sets key to v and returns the previous value (nil if none).
func (c *Compound) Put(key string, v Tag) Tag {
	old := c.m[key]
	c.m[key] = v
	return old
}

// Remove deletes key.
func (c *Compound) Remove(key string) { delete(c.m, key) }

// Len is the number of keys.
func (c *Compound) Len() int { return len(c.m) }

// Keys returns the keys sorted as the game prints them.
func (c *Compound) Keys() []string {
	keys := make([]string, 0, len(c.m))
	for k := range c.m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return javaLess(keys[i], keys[j]) })
	return keys
}

// Merge deep-merges src into c as CompoundTag.merge does: nested compounds
// merge, everything else is replaced by a copy.
func (c *Compound) Merge(src *Compound) *Compound {
	for k, v := range src.m {
		if sc, ok := v.(*Compound); ok {
			if dc, ok := c.m[k].(*Compound); ok {
				dc.Merge(sc)
				continue
			}
			c.m[k] = copyTag(sc)
			continue
		}
		c.m[k] = copyTag(v)
	}
	return c
}

// javaLess orders strings by UTF-16 code units, as Java's String.compareTo.
func javaLess(a, b string) bool {
	ascii := true
	for i := 0; i < len(a) && ascii; i++ {
		ascii = a[i] < 0x80
	}
	for i := 0; i < len(b) && ascii; i++ {
		ascii = b[i] < 0x80
	}
	if ascii {
		return a < b
	}
	ua, ub := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := 0; i < len(ua) && i < len(ub); i++ {
		if ua[i] != ub[i] {
			return ua[i] < ub[i]
		}
	}
	return len(ua) < len(ub)
}

// javaLen is Java's String.length(): UTF-16 code units.
func javaLen(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// copyTag deep-copies mutable tags; immutable ones are returned as is.
func copyTag(t Tag) Tag {
	switch v := t.(type) {
	case *Compound:
		c := &Compound{m: make(map[string]Tag, len(v.m))}
		for k, e := range v.m {
			c.m[k] = copyTag(e)
		}
		return c
	case *List:
		l := &List{V: make([]Tag, len(v.V))}
		for i, e := range v.V {
			l.V[i] = copyTag(e)
		}
		return l
	case *ByteArray:
		return &ByteArray{append([]int8(nil), v.V...)}
	case *IntArray:
		return &IntArray{append([]int32(nil), v.V...)}
	case *LongArray:
		return &LongArray{append([]int64(nil), v.V...)}
	}
	return t
}

// tagEqual is Tag.equals: same type and equal contents. Floats compare by
// bits, as Java's Float.equals does (NaN equals NaN, 0.0 differs from -0.0).
func tagEqual(a, b Tag) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	switch x := a.(type) {
	case Float:
		y, ok := b.(Float)
		return ok && math.Float32bits(float32(x)) == math.Float32bits(float32(y))
	case Double:
		y, ok := b.(Double)
		return ok && math.Float64bits(float64(x)) == math.Float64bits(float64(y))
	case Byte, Short, Int, Long, String:
		return a == b
	case *ByteArray:
		y, ok := b.(*ByteArray)
		return ok && slices.Equal(x.V, y.V)
	case *IntArray:
		y, ok := b.(*IntArray)
		return ok && slices.Equal(x.V, y.V)
	case *LongArray:
		y, ok := b.(*LongArray)
		return ok && slices.Equal(x.V, y.V)
	case *List:
		y, ok := b.(*List)
		if !ok || len(x.V) != len(y.V) {
			return false
		}
		for i := range x.V {
			if !tagEqual(x.V[i], y.V[i]) {
				return false
			}
		}
		return true
	case *Compound:
		y, ok := b.(*Compound)
		if !ok || len(x.m) != len(y.m) {
			return false
		}
		for k, v := range x.m {
			w, ok := y.m[k]
			if !ok || !tagEqual(v, w) {
				return false
			}
		}
		return true
	}
	return false
}

// compareNBT is NbtUtils.compareNbt(expected, actual, partialListMatch):
// the match used by nbt= selectors, path filters and advancement predicates.
func compareNBT(expected, actual Tag, partial bool) bool {
	if expected == nil {
		return true
	}
	if actual == nil || expected.Type() != actual.Type() {
		return false
	}
	switch e := expected.(type) {
	case *Compound:
		a := actual.(*Compound)
		if a.Len() < e.Len() {
			return false
		}
		for k, v := range e.m {
			if !compareNBT(v, a.m[k], partial) {
				return false
			}
		}
		return true
	case *List:
		if !partial {
			break
		}
		a := actual.(*List)
		if len(e.V) == 0 {
			return len(a.V) == 0
		}
		if len(a.V) < len(e.V) {
			return false
		}
		for _, ev := range e.V {
			found := false
			for _, av := range a.V {
				if compareNBT(ev, av, partial) {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	}
	return tagEqual(expected, actual)
}

// isNumeric reports whether t is a NumericTag.
func isNumeric(t Tag) bool {
	switch t.(type) {
	case Byte, Short, Int, Long, Float, Double:
		return true
	}
	return false
}

// Number is a numeric tag's value as a double; ok is false for any other
// tag.
func Number(t Tag) (v float64, ok bool) {
	switch t.(type) {
	case Byte, Short, Int, Long, Float, Double:
		return asDouble(t), true
	}
	return 0, false
}

// asDouble is NumericTag.doubleValue().
func asDouble(t Tag) float64 {
	switch v := t.(type) {
	case Byte:
		return float64(v)
	case Short:
		return float64(v)
	case Int:
		return float64(v)
	case Long:
		return float64(v)
	case Float:
		return float64(v)
	case Double:
		return float64(v)
	}
	return 0
}

// asLong is NumericTag.longValue(): floating tags truncate toward zero.
func asLong(t Tag) int64 {
	switch v := t.(type) {
	case Byte:
		return int64(v)
	case Short:
		return int64(v)
	case Int:
		return int64(v)
	case Long:
		return int64(v)
	case Float:
		return syntax.JavaD2L(float64(v))
	case Double:
		return syntax.JavaD2L(float64(v))
	}
	return 0
}

// asInt is NumericTag.intValue(): integers narrow (wrap), floating tags
// floor (Mth.floor, saturating).
func asInt(t Tag) int32 {
	switch v := t.(type) {
	case Float:
		return mthFloor(float64(v))
	case Double:
		return mthFloor(float64(v))
	}
	return int32(asLong(t))
}

// mthFloor is Mth.floor(double): (int) cast, then one less when that
// rounded up.
func mthFloor(d float64) int32 {
	i := syntax.JavaD2I(d)
	if d < float64(i) {
		return i - 1
	}
	return i
}

// FormatSNBT prints t as the game's StringTagVisitor does (Tag.toString()):
// compact, keys sorted, numbers with type suffixes.
func FormatSNBT(t Tag) string {
	var b strings.Builder
	writeSNBT(&b, t)
	return b.String()
}

func writeSNBT(b *strings.Builder, t Tag) {
	switch v := t.(type) {
	case Byte:
		b.WriteString(strconv.Itoa(int(v)))
		b.WriteByte('b')
	case Short:
		b.WriteString(strconv.Itoa(int(v)))
		b.WriteByte('s')
	case Int:
		b.WriteString(strconv.Itoa(int(v)))
	case Long:
		b.WriteString(strconv.FormatInt(int64(v), 10))
		b.WriteByte('L')
	case Float:
		b.WriteString(javaFloatString(float64(v), 32))
		b.WriteByte('f')
	case Double:
		b.WriteString(javaFloatString(float64(v), 64))
		b.WriteByte('d')
	case String:
		b.WriteString(syntax.QuoteSNBT(string(v)))
	case *ByteArray:
		b.WriteString("[B;")
		for i, e := range v.V {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(int(e)))
			b.WriteByte('B')
		}
		b.WriteByte(']')
	case *IntArray:
		b.WriteString("[I;")
		for i, e := range v.V {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(int(e)))
		}
		b.WriteByte(']')
	case *LongArray:
		b.WriteString("[L;")
		for i, e := range v.V {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.FormatInt(e, 10))
			b.WriteByte('L')
		}
		b.WriteByte(']')
	case *List:
		b.WriteByte('[')
		for i, e := range v.V {
			if i > 0 {
				b.WriteByte(',')
			}
			writeSNBT(b, e)
		}
		b.WriteByte(']')
	case *Compound:
		b.WriteByte('{')
		for i, k := range v.Keys() {
			if i > 0 {
				b.WriteByte(',')
			}
			if syntax.IsSimpleKey(k) {
				b.WriteString(k)
			} else {
				b.WriteString(syntax.QuoteSNBT(k))
			}
			b.WriteByte(':')
			writeSNBT(b, v.m[k])
		}
		b.WriteByte('}')
	case nil:
		b.WriteString("END")
	}
}

// javaFloatString is Java's Float.toString/Double.toString: the shortest
// digits that round-trip, in plain notation for 1e-3 <= |v| < 1e7 (at least
// one fraction digit) and computerized scientific notation otherwise.
func javaFloatString(v float64, bits int) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "Infinity"
	case math.IsInf(v, -1):
		return "-Infinity"
	case v == 0:
		if math.Signbit(v) {
			return "-0.0"
		}
		return "0.0"
	}
	s := strconv.FormatFloat(v, 'e', -1, bits) // d.ddde±XX
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	mant, expStr, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(expStr)
	digits := strings.Replace(mant, ".", "", 1)
	var out string
	abs := math.Abs(v)
	if abs >= 1e-3 && abs < 1e7 {
		if exp >= 0 {
			for len(digits) < exp+2 {
				digits += "0"
			}
			out = digits[:exp+1] + "." + digits[exp+1:]
		} else {
			out = "0." + strings.Repeat("0", -exp-1) + digits
		}
	} else {
		frac := digits[1:]
		if frac == "" {
			frac = "0"
		}
		out = digits[:1] + "." + frac + "E" + strconv.Itoa(exp)
	}
	if neg {
		out = "-" + out
	}
	return out
}

// macroDecimal formats a float/double macro argument as the game's
// DecimalFormat("#") with 15 maximum fraction digits and HALF_EVEN
// rounding: no exponent, no suffix, no leading "0" before the point.
func macroDecimal(v float64) string {
	if math.IsNaN(v) {
		return "NaN"
	}
	if math.IsInf(v, 0) {
		if v < 0 {
			return "-∞"
		}
		return "∞"
	}
	neg := math.Signbit(v)
	s := strconv.FormatFloat(math.Abs(v), 'e', -1, 64)
	mant, expStr, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(expStr)
	digits := strings.Replace(mant, ".", "", 1)
	// Place the decimal point: the value is 0.digits × 10^(exp+1).
	point := exp + 1
	var intPart, frac string
	switch {
	case point <= 0:
		frac = strings.Repeat("0", -point) + digits
	case point >= len(digits):
		intPart = digits + strings.Repeat("0", point-len(digits))
	default:
		intPart, frac = digits[:point], digits[point:]
	}
	if len(frac) > 15 {
		keep, rest := frac[:15], frac[15:]
		up := false
		switch {
		case rest[0] > '5':
			up = true
		case rest[0] == '5':
			if strings.TrimRight(rest[1:], "0") != "" {
				up = true
			} else {
				// The shortest digits sit exactly on the half: decide by the
				// double's exact value, as DigitList does, and break a true
				// tie to even.
				exact := new(big.Rat).SetFloat64(math.Abs(v))
				tie, _ := new(big.Rat).SetString("0" + intPart + "." + keep + "5")
				switch exact.Cmp(tie) {
				case 1:
					up = true
				case 0:
					last := byte('0')
					if len(keep) > 0 {
						last = keep[len(keep)-1]
					} else if len(intPart) > 0 {
						last = intPart[len(intPart)-1]
					}
					up = (last-'0')%2 == 1
				}
			}
		}
		frac = keep
		if up {
			all := []byte(intPart + frac)
			i := len(all) - 1
			for ; i >= 0; i-- {
				if all[i] == '9' {
					all[i] = '0'
					continue
				}
				all[i]++
				break
			}
			if i < 0 {
				all = append([]byte{'1'}, all...)
			}
			intPart, frac = string(all[:len(all)-len(frac)]), string(all[len(all)-len(frac):])
		}
	}
	frac = strings.TrimRight(frac, "0")
	intPart = strings.TrimLeft(intPart, "0")
	out := intPart
	if frac != "" {
		out += "." + frac
	}
	if out == "" {
		out = "0"
	}
	if neg {
		out = "-" + out
	}
	return out
}

// macroString is MacroFunction.stringify: strings raw, numbers as digits
// without suffix, floats via macroDecimal, everything else as SNBT.
func macroString(t Tag) string {
	switch v := t.(type) {
	case String:
		return string(v)
	case Byte:
		return strconv.Itoa(int(v))
	case Short:
		return strconv.Itoa(int(v))
	case Int:
		return strconv.Itoa(int(v))
	case Long:
		return strconv.FormatInt(int64(v), 10)
	case Float:
		return macroDecimal(float64(v))
	case Double:
		return macroDecimal(float64(v))
	}
	return FormatSNBT(t)
}

// tagDepthExceeds is NbtPath.isTooDeep: nesting of 512 levels is refused.
func tagDepthExceeds(t Tag, depth int) bool {
	if depth >= 512 {
		return true
	}
	switch v := t.(type) {
	case *Compound:
		for _, e := range v.m {
			if tagDepthExceeds(e, depth+1) {
				return true
			}
		}
	case *List:
		for _, e := range v.V {
			if tagDepthExceeds(e, depth+1) {
				return true
			}
		}
	}
	return false
}

func utf16Units(s string) []uint16 { return utf16.Encode([]rune(s)) }

func utf16String(u []uint16) string { return string(utf16.Decode(u)) }
