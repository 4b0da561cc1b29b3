package syntax

import (
	"encoding/binary"
	"strconv"
	"strings"
)

func isIdentNS(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.'
}

// IsAllowedInResourceLocation is ResourceLocation.isAllowedInResourceLocation.
func IsAllowedInResourceLocation(c byte) bool {
	return isIdentNS(c) || c == ':' || c == '/'
}

// ReadResourceLocation is ResourceLocation.read: the longest run of allowed
// characters, which must then form a valid "namespace:path" (the namespace
// may be omitted). It returns the text as written (NormalizeID adds the
// default namespace). Errors are reported at the start.
func (r *Reader) ReadResourceLocation() (string, *Error) {
	start := r.Pos
	for r.CanRead() && IsAllowedInResourceLocation(r.Peek()) {
		r.Skip()
	}
	s := r.Text[start:r.Pos]
	if !ValidResourceLocation(s) {
		r.Pos = start
		return "", Errorf(start, "invalid resource location '%s'", s)
	}
	return s, nil
}

// ValidResourceLocation reports whether s is a valid "namespace:path" or
// "path".
func ValidResourceLocation(s string) bool {
	ns, path, found := strings.Cut(s, ":")
	if !found {
		ns, path = "", s
	}
	for i := 0; i < len(ns); i++ {
		if !isIdentNS(ns[i]) {
			return false
		}
	}
	for i := 0; i < len(path); i++ {
		if !isIdentNS(path[i]) && path[i] != '/' {
			return false
		}
	}
	return true
}

// NormalizeID adds the default namespace: "stone" and ":stone" are
// "minecraft:stone".
func NormalizeID(id string) string {
	for i := 0; i < len(id); i++ {
		if id[i] == ':' {
			if i == 0 {
				return "minecraft" + id
			}
			return id
		}
	}
	return "minecraft:" + id
}

// IsHexDigit reports [0-9a-fA-F].
func IsHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// ParseUUID is UUID.fromString: five '-'-separated hex groups, at most 36
// characters in all, each group's value masked to its width (8, 4, 4, 4
// and 12 hex digits), the 16 bytes big-endian.
func ParseUUID(s string) ([16]byte, bool) {
	var u [16]byte
	if len(s) > 36 {
		return u, false
	}
	parts := strings.Split(s, "-")
	if len(parts) != 5 {
		return u, false
	}
	var vals [5]uint64
	for i, p := range parts {
		if p == "" || len(p) > 16 {
			return u, false
		}
		v, err := strconv.ParseUint(p, 16, 64)
		if err != nil {
			return u, false
		}
		vals[i] = v
	}
	most := (vals[0]&0xffffffff)<<32 | (vals[1]&0xffff)<<16 | vals[2]&0xffff
	least := (vals[3]&0xffff)<<48 | vals[4]&0xffffffffffff
	binary.BigEndian.PutUint64(u[:8], most)
	binary.BigEndian.PutUint64(u[8:], least)
	return u, true
}

// IntRange is MinMaxBounds.Ints: "N", "N..M", "N..", "..M".
type IntRange struct {
	Min, Max       int32
	HasMin, HasMax bool
}

// DoubleRange is MinMaxBounds.Doubles.
type DoubleRange struct {
	Min, Max       float64
	HasMin, HasMax bool
}

// readRangeNumber reads one bound: digits, '-' and '.' up to a "..".
func (r *Reader) readRangeNumber() string {
	start := r.Pos
	for r.CanRead() {
		c := r.Peek()
		if c >= '0' && c <= '9' || c == '-' || c == '.' && !(r.CanReadN(2) && r.PeekAt(1) == '.') {
			r.Skip()
			continue
		}
		break
	}
	return r.Text[start:r.Pos]
}

// readBounds is MinMaxBounds.fromReader over a bound parser; errors are
// reported at the start of the range, as the game does.
func readBounds[T int32 | float64](r *Reader, parse func(string) (T, bool), what string) (lo, hi T, hasLo, hasHi bool, err *Error) {
	start := r.Pos
	fail := func(format string, args ...any) *Error {
		r.Pos = start
		return Errorf(start, format, args...)
	}
	if !r.CanRead() {
		return lo, hi, false, false, fail("expected value or range of values")
	}
	bound := func() (T, bool, *Error) {
		s := r.readRangeNumber()
		if s == "" {
			return 0, false, nil
		}
		v, ok := parse(s)
		if !ok {
			return 0, false, fail("invalid %s '%s'", what, s)
		}
		return v, true, nil
	}
	if lo, hasLo, err = bound(); err != nil {
		return
	}
	if r.CanReadN(2) && r.Peek() == '.' && r.PeekAt(1) == '.' {
		r.Pos += 2
		if hi, hasHi, err = bound(); err != nil {
			return
		}
	} else {
		hi, hasHi = lo, hasLo
	}
	if !hasLo && !hasHi {
		return lo, hi, false, false, fail("expected value or range of values")
	}
	if hasLo && hasHi && lo > hi {
		return lo, hi, false, false, fail("min cannot be bigger than max")
	}
	return lo, hi, hasLo, hasHi, nil
}

// ReadIntRange reads an integer range.
func (r *Reader) ReadIntRange() (IntRange, *Error) {
	lo, hi, hasLo, hasHi, err := readBounds(r, func(s string) (int32, bool) {
		v, err := strconv.ParseInt(s, 10, 32)
		return int32(v), err == nil
	}, "integer")
	return IntRange{lo, hi, hasLo, hasHi}, err
}

// ReadDoubleRange reads a range of doubles.
func (r *Reader) ReadDoubleRange() (DoubleRange, *Error) {
	lo, hi, hasLo, hasHi, err := readBounds(r, ParseJavaDouble, "double")
	return DoubleRange{lo, hi, hasLo, hasHi}, err
}
