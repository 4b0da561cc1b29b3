package syntax

import (
	"math"
	"testing"
)

func FuzzSNBT(f *testing.F) {
	for _, s := range []string{"{a:1b,b:[1,2,],c:'x'}", "[B;1b,0x1Fub]", "bool(1)", "1.5e-3f", "\"\\x41\\U0001F600\"", "{", "[I;", "0b_"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tg, err := ParseSNBT(s)
		if err != nil {
			if err.Pos < 0 || err.Pos > len(s) {
				t.Fatalf("error position %d outside [0,%d]", err.Pos, len(s))
			}
			return
		}
		// What we print must parse back to the same print.
		again, err := ParseSNBT(tg.SNBT())
		if err != nil {
			t.Fatalf("re-parse of %s: %v", tg.SNBT(), err)
		}
		if again.SNBT() != tg.SNBT() {
			t.Fatalf("round trip %q -> %s -> %s", s, tg.SNBT(), again.SNBT())
		}
		_ = tg.MacroText()
	})
}

func FuzzNBTPath(f *testing.F) {
	for _, s := range []string{"a.b[0].c", "{a:1}.b[{c:2}]", "\"x y\"[]", "a[", "a..b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := &Reader{Text: s}
		text, nodes, err := ParseNBTPath(r)
		if err != nil {
			if err.Pos < 0 || err.Pos > len(s) {
				t.Fatalf("error position %d outside [0,%d]", err.Pos, len(s))
			}
			return
		}
		if r.Pos > len(s) || text != s[:r.Pos] {
			t.Fatalf("path %q, reader at %d of %q", text, r.Pos, s)
		}
		for k, n := range nodes {
			if n.End < 1 || n.End > len(text) || k > 0 && n.End <= nodes[k-1].End {
				t.Fatalf("node %d ends at %d in %q", k, n.End, text)
			}
		}
	})
}

func FuzzSelector(f *testing.F) {
	for _, s := range []string{"@e[type=!pig,limit=1,sort=nearest]", "@a[scores={a=1..2},advancements={a:b={c=true}}]", "Steve", "@", "@e[nbt={"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := &Reader{Text: s}
		sel, err := ParseSelector(r, nil)
		if err != nil {
			if err.Pos < 0 || err.Pos > len(s) {
				t.Fatalf("error position %d outside [0,%d]", err.Pos, len(s))
			}
			return
		}
		if sel.Text != s[:r.Pos] || sel.MaxResults < 1 {
			t.Fatalf("selector %q (max %d), reader at %d of %q", sel.Text, sel.MaxResults, r.Pos, s)
		}
	})
}

// FuzzReader: every primitive reader leaves the cursor inside the text and
// reports errors inside it, and a failed number leaves the cursor where
// it started.
func FuzzReader(f *testing.F) {
	for _, s := range []string{"12 x", "-1.5e3", "\"a\\\"b\" c", "'x", "true", "1..5", "..-2.5", "minecraft:stone", "a:b/c.d", "5..1", "2147483648"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		reads := []func(r *Reader) *Error{
			func(r *Reader) *Error { _, err := r.ReadInt(); return err },
			func(r *Reader) *Error { _, err := r.ReadLong(); return err },
			func(r *Reader) *Error { _, err := r.ReadFloat(); return err },
			func(r *Reader) *Error { _, err := r.ReadDouble(); return err },
			func(r *Reader) *Error { _, err := r.ReadString(); return err },
			func(r *Reader) *Error { _, err := r.ReadQuotedString(); return err },
			func(r *Reader) *Error { _, err := r.ReadBoolean(); return err },
			func(r *Reader) *Error { _, err := r.ReadIntRange(); return err },
			func(r *Reader) *Error { _, err := r.ReadDoubleRange(); return err },
			func(r *Reader) *Error { _, err := r.ReadResourceLocation(); return err },
			func(r *Reader) *Error { r.ReadWordToSpace(); return nil },
			func(r *Reader) *Error { r.ReadUnquotedString(); return nil },
		}
		for k, read := range reads {
			r := NewReader(s)
			err := read(r)
			if r.Pos < 0 || r.Pos > len(s) {
				t.Fatalf("reader %d: cursor %d outside [0,%d]", k, r.Pos, len(s))
			}
			if err != nil && (err.Pos < 0 || err.Pos > len(s)) {
				t.Fatalf("reader %d: error position %d outside [0,%d]", k, err.Pos, len(s))
			}
		}
	})
}

// FuzzReadTime: no input panics, and a count is what the float and the
// unit give, saturated.
func FuzzReadTime(f *testing.F) {
	for _, s := range []string{"1d", "99999999999d", "-1t", "0.5", "3x", ".5s", "1e3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := NewReader(s)
		got, err := r.ReadTime()
		if err != nil {
			if err.Pos < 0 || err.Pos > len(s) {
				t.Fatalf("error position %d outside [0,%d]", err.Pos, len(s))
			}
			return
		}
		r = NewReader(s)
		f, _ := r.ReadFloat()
		want := math.Round(float64(f * timeUnits[r.ReadUnquotedString()]))
		if want == float64(got) || (want > math.MaxInt32 && got == math.MaxInt32) || (want < math.MinInt32 && got == math.MinInt32) {
			return
		}
		// math.Round rounds ties away from zero, Java up: only negative
		// halves may differ, by one.
		if want < 0 && float64(got) == want+1 {
			return
		}
		t.Fatalf("%q: %d ticks, want %v", s, got, want)
	})
}

// FuzzReadCoordinates: no input panics, an error is inside the text, and
// coordinates are all local or all world.
func FuzzReadCoordinates(f *testing.F) {
	for _, s := range []string{"1 ~2 ~-1.5", "^ ^1 ^.5", "~ ^ ~", "1.5 2", "^", "~~ ~ ~"} {
		f.Add(s, uint8(3), true, false)
	}
	f.Fuzz(func(t *testing.T, s string, n uint8, ints, noLocal bool) {
		n = n%3 + 1
		r := NewReader(s)
		cs, err := r.ReadCoordinates(int(n), ints, noLocal)
		if err != nil {
			if err.Pos < 0 || err.Pos > len(s) {
				t.Fatalf("error position %d outside [0,%d]", err.Pos, len(s))
			}
			return
		}
		if cs.N != int(n) || (cs.Local && noLocal) {
			t.Fatalf("%q: %+v", s, cs)
		}
		for _, c := range cs.C[:n] {
			if cs.Local && !c.Rel {
				t.Fatalf("%q: a local coordinate not relative: %+v", s, cs)
			}
		}
	})
}

// FuzzReadBlockState: no input panics, and an error is inside the text.
func FuzzReadBlockState(f *testing.F) {
	for _, s := range []string{"stone", "oak_stairs[facing=east]{a:1b}", "#logs", "stone[a=", "stone[a=\"x]"} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, predicate bool) {
		b, err := NewReader(s).ReadBlockState(predicate)
		if err != nil {
			if err.Pos < 0 || err.Pos > len(s) {
				t.Fatalf("error position %d outside [0,%d]", err.Pos, len(s))
			}
			return
		}
		if b.Tag && !predicate {
			t.Fatalf("%q: a tag where none is allowed", s)
		}
	})
}
