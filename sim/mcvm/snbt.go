package mcvm

import (
	"fmt"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// SNBT is parsed by the shared grammar (datapack/syntax, the game's
// 1.21.5+ SnbtGrammar) and converted here to the interpreter's tags once,
// when a command is compiled.

// ParseSNBT parses a whole string as one SNBT value.
func ParseSNBT(s string) (Tag, error) {
	t, err := syntax.ParseSNBT(s)
	if err != nil {
		return nil, err
	}
	return fromSyntax(t, 0)
}

// parseCompound parses a whole string as one SNBT compound, as the
// game's codecs read NBT predicates from JSON.
func parseCompound(s string) (*Compound, error) {
	t, err := ParseSNBT(s)
	if err != nil {
		return nil, err
	}
	c, ok := t.(*Compound)
	if !ok {
		return nil, fmt.Errorf("expected a compound, got %s", FormatSNBT(t))
	}
	return c, nil
}

// parseSNBTArg takes an SNBT argument (nbt_tag, component): one value.
func parseSNBTArg(r *cursor) (Tag, error) {
	v, t, err := value[*syntax.Tag](r, "an SNBT value")
	if err != nil {
		return nil, err
	}
	return fromSyntax(v, t.Start)
}

// parseCompoundArg takes a CompoundTagArgument: an SNBT compound.
func parseCompoundArg(r *cursor) (*Compound, error) {
	v, t, err := value[*syntax.Tag](r, "an SNBT compound")
	if err != nil {
		return nil, err
	}
	c, err := fromSyntax(v, t.Start)
	if err != nil {
		return nil, err
	}
	cc, ok := c.(*Compound)
	if !ok {
		return nil, r.errAt(t.Start, "mcvm expected a compound, the command has %s", FormatSNBT(c))
	}
	return cc, nil
}

// fromSyntax converts a parsed value into the interpreter's tags. A value
// whose strings lost a character (syntax.Tag.Lossy: a lone surrogate, a
// \N{name} escape) cannot be held faithfully and is refused at col.
func fromSyntax(t *syntax.Tag, col int) (Tag, error) {
	if t.Lossy {
		return nil, &unsupportedError{col: col, msg: "SNBT strings with lone surrogates or \\N{…} named character escapes"}
	}
	switch t.Kind {
	case syntax.TagByte:
		return Byte(int8(t.Int)), nil
	case syntax.TagShort:
		return Short(int16(t.Int)), nil
	case syntax.TagInt:
		return Int(int32(t.Int)), nil
	case syntax.TagLong:
		return Long(t.Int), nil
	case syntax.TagFloat:
		return Float(float32(t.Float)), nil
	case syntax.TagDouble:
		return Double(t.Float), nil
	case syntax.TagString:
		return String(t.Str), nil
	case syntax.TagByteArray:
		a := &ByteArray{V: make([]int8, len(t.List))}
		for i, e := range t.List {
			a.V[i] = int8(e.Int)
		}
		return a, nil
	case syntax.TagIntArray:
		a := &IntArray{V: make([]int32, len(t.List))}
		for i, e := range t.List {
			a.V[i] = int32(e.Int)
		}
		return a, nil
	case syntax.TagLongArray:
		a := &LongArray{V: make([]int64, len(t.List))}
		for i, e := range t.List {
			a.V[i] = e.Int
		}
		return a, nil
	case syntax.TagList:
		l := &List{V: make([]Tag, len(t.List))}
		for i, e := range t.List {
			v, err := fromSyntax(e, col)
			if err != nil {
				return nil, err
			}
			l.V[i] = v
		}
		return l, nil
	case syntax.TagCompound:
		c := &Compound{m: make(map[string]Tag, len(t.Keys))}
		for _, k := range t.Keys {
			v, err := fromSyntax(t.Vals[k], col)
			if err != nil {
				return nil, err
			}
			c.m[k] = v
		}
		return c, nil
	}
	panic("internal error: SNBT tag of unknown kind")
}
