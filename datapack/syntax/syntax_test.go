package syntax

import (
	"strings"
	"testing"
)

func TestSNBT(t *testing.T) {
	valid := []struct{ in, want string }{
		{"1", "1"},
		{"-5b", "-5b"},
		{"200ub", "-56b"},
		{"0x1F", "31"},
		{"0b101", "5"},
		{"0b", "0b"},
		{"1_000", "1000"},
		{"1.5f", "1.5f"},
		{"1.", "1d"},
		{".5", "0.5d"},
		{"1e3", "1000d"},
		{"2d", "2d"},
		{"true", "1b"},
		{"FALSE", "0b"},
		{"bool(5)", "1b"},
		{"'it''s'", ""},
		{`"a\"b"`, `'a"b'`},
		{`'\x41\u0042\n'`, `"AB\n"`}, // printed with the 1.21.5 escapes
		{"abc", `"abc"`},
		{"{a:1,b:[1,2,],c:{}}", "{a:1,b:[1,2],c:{}}"},
		{"{ a : 1 , }", "{a:1}"},
		{"[1,'x',{}]", `[1,"x",{}]`},
		{"[B;1b,2]", "[B;1b,2b]"},
		{"[I;1,2s,3b]", "[I;1,2,3]"},
		{"[L;1l,2]", "[L;1L,2L]"},
		{"[I;]", "[I;]"},
		{"[B]", `["B"]`},
		{`{"quoted key":1}`, `{"quoted key":1}`},
		{"uuid(\"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\")", "[I;-132296786,2112623056,-1486552928,-920753162]"},
		{"- 5", "-5"},
		{"_1", `"_1"`},
	}
	for _, c := range valid {
		got, err := ParseSNBT(c.in)
		if err != nil {
			if c.want == "" {
				continue
			}
			t.Errorf("ParseSNBT(%q): got error %v, want %s", c.in, err, c.want)
			continue
		}
		if c.want == "" {
			t.Errorf("ParseSNBT(%q): got %s, want an error", c.in, got.SNBT())
			continue
		}
		if got.SNBT() != c.want {
			t.Errorf("ParseSNBT(%q) = %s, want %s", c.in, got.SNBT(), c.want)
		}
	}
	invalid := []struct {
		in  string
		pos int
		msg string
	}{
		{"{a:1", 4, "expected ','"},
		{"{a:1 b:2}", 6, "expected ','"}, // "1 b" is a byte: terminals skip whitespace
		{"300b", 4, "out of range"},
		{"-1ub", 4, "non-negative"},
		{"0x", 2, "hex numeral"},
		{"01", 2, "expected"},
		{"[I;01]", 4, "leading zeros"},
		{"1e400", 1, "trailing data"},
		{"[1e400]", 6, "infinity"},
		{`"abc`, 4, "expected '\"'"},
		{`"\q"`, 2, "escape"},
		{"{:1}", 1, "expected a key"},
		{`{"":1}`, 5, "empty key"},
		{"[B;1s]", 6, "array element type"},
		{"foo(1)", 6, "no such operation"},
		{"", 0, "expected a value"},
		{"{a:[}", 4, "expected"},
	}
	for _, c := range invalid {
		_, err := ParseSNBT(c.in)
		if err == nil {
			t.Errorf("ParseSNBT(%q): got no error, want %q at %d", c.in, c.msg, c.pos)
			continue
		}
		if err.Pos != c.pos || !strings.Contains(err.Msg, c.msg) {
			t.Errorf("ParseSNBT(%q): got %q at %d, want %q at %d", c.in, err.Msg, err.Pos, c.msg, c.pos)
		}
	}
}

func TestMacroText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"5b", "5"}, {"-3L", "-3"}, {`"a b"`, "a b"}, {"1.5d", "1.5"}, {"2.0f", "2"},
		{"0.1f", "0.1"}, {"{a:1b}", "{a:1b}"}, {"[1,2]", "[1,2]"},
	} {
		tg, err := ParseSNBT(c.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := tg.MacroText(); got != c.want {
			t.Errorf("MacroText(%s) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestNBTPath(t *testing.T) {
	for _, c := range []struct {
		in  string
		end int // where parsing stops; -1 for an error
	}{
		{"a.b.c", 5}, {"a[0].b", 6}, {"a[]", 3}, {"a[{x:1b}]", 9}, {"{x:1}.a", 7},
		{`"odd key".x`, 11}, {"a{x:1}.b", 8}, {"cells[-1]", 9}, {"a b", 1},
		{"a..b", -1}, {"a[x]", -1}, {"a.{x:1}", -1}, {"a[", -1}, {"a[0", -1},
	} {
		r := &Reader{Text: c.in}
		_, _, err := ParseNBTPath(r)
		switch {
		case c.end < 0 && err == nil:
			t.Errorf("ParseNBTPath(%q): got no error, want one", c.in)
		case c.end >= 0 && err != nil:
			t.Errorf("ParseNBTPath(%q): got %v", c.in, err)
		case c.end >= 0 && r.Pos != c.end:
			t.Errorf("ParseNBTPath(%q) stopped at %d, want %d", c.in, r.Pos, c.end)
		}
	}
}

func TestSelectors(t *testing.T) {
	for _, tc := range []struct {
		in       string
		pos      int // error position, or -1
		msg      string
		max      int
		entities bool
	}{
		{"@a", -1, "", ManyResults, false},
		{"@p", -1, "", 1, false},
		{"@s", -1, "", 1, true},
		{"@n[type=pig]", -1, "", 1, true},
		{"@e[limit=3,sort=nearest]", -1, "", 3, true},
		{"@e[type=player]", -1, "", ManyResults, false},
		{"@e[type=!player,tag=!a,tag=b,name=!x,name=!y]", -1, "", ManyResults, true},
		{"@e[scores={a=1..,b=..-2},advancements={ns:x=true,ns:y={c=false}}]", -1, "", ManyResults, false},
		{"@e[nbt={Tags:[\"a\"]},x=1,dx=2.5,distance=..6,x_rotation=-90..90]", -1, "", ManyResults, true},
		{"@e[ tag = a ,]", -1, "", ManyResults, true},
		{"Steve", -1, "", 1, false},
		{"f81d4fae-7dec-11d0-a765-00a0c91e6bf6", -1, "", 1, true},
		{"@", 1, "missing selector type", 0, false},
		{"@q", 1, "unknown selector type", 0, false},
		{"@e[", 3, "expected end of options", 0, false},
		{"@e[tag=a", 8, "expected end of options", 0, false},
		{"@e[tag]", 3, "expected value for option 'tag'", 0, false},
		{"@e[foo=1]", 3, "unknown option 'foo'", 0, false},
		{"@a[type=pig]", 7, "isn't applicable", 0, false},
		{"@s[sort=random]", 7, "isn't applicable", 0, false},
		{"@e[name=a,name=b]", 14, "isn't applicable", 0, false},
		{"@e[name=!a,name=b]", 16, "isn't applicable", 0, false},
		{"@e[tag=a, ]", 10, "unknown option ''", 0, false},
		{"@e[limit=0]", 9, "limit must be at least 1", 0, false},
		{"@e[sort=closest]", 8, "unknown sort type", 0, false},
		{"@e[gamemode=hardcore]", 12, "unknown game mode", 0, false},
		{"@e[level=-1]", 9, "level cannot be negative", 0, false},
		{"@e[x=a]", 5, "expected double", 0, false},
		{"@e[scores={a=1}", 15, "expected end of options", 0, false},
		{"@e[scores={a=1]", 14, "expected '='", 0, false},
		{"ThisNameIsFarTooLong", 0, "invalid name or uuid", 0, false},
		{"", 0, "invalid name or uuid", 0, false},
	} {
		r := &Reader{Text: tc.in}
		sel, err := ParseSelector(r, nil)
		if tc.pos >= 0 {
			if err == nil || err.Pos != tc.pos || !strings.Contains(err.Msg, tc.msg) {
				t.Errorf("ParseSelector(%q): got %v, want %q at %d", tc.in, err, tc.msg, tc.pos)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseSelector(%q): got %v", tc.in, err)
			continue
		}
		if r.Pos != len(tc.in) || sel.MaxResults != tc.max || sel.IncludesEntities != tc.entities {
			t.Errorf("ParseSelector(%q): end %d max %d entities %v, want %d %d %v", tc.in, r.Pos, sel.MaxResults, sel.IncludesEntities, len(tc.in), tc.max, tc.entities)
		}
	}
}

func TestRanges(t *testing.T) {
	for _, c := range []struct {
		in   string
		ints bool
		pos  int // error position or -1
		end  int
	}{
		{"5", true, -1, 1}, {"1..5", true, -1, 4}, {"..5", true, -1, 3}, {"5..", true, -1, 3},
		{"-3..-1", true, -1, 6}, {"1.5..2", false, -1, 6}, {"..", true, 0, 0}, {"", true, 0, 0},
		{"5..1", true, 0, 0}, {"1.5", true, 0, 0}, {"a", true, 0, 0}, {"1...2", false, 0, 0},
	} {
		r := &Reader{Text: c.in}
		var err *Error
		if c.ints {
			_, err = r.ReadIntRange()
		} else {
			_, err = r.ReadDoubleRange()
		}
		if c.pos >= 0 {
			if err == nil || err.Pos != c.pos {
				t.Errorf("ReadRange(%q): got %v, want an error at %d", c.in, err, c.pos)
			}
			continue
		}
		if err != nil || r.Pos != c.end {
			t.Errorf("ReadRange(%q): got %v ending at %d, want end %d", c.in, err, r.Pos, c.end)
		}
	}
}

// TestReadTime holds TimeArgument's arithmetic: float product, Math.round
// (ties up, saturating at the int range), the reader left after the unit.
func TestReadTime(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int32
		err  string
	}{
		{"1", 1, ""}, {"20t", 20, ""}, {"2s", 40, ""}, {"1d", 24000, ""},
		{"0.5", 1, ""}, {"-0.5", 0, ""}, {"0.4t", 0, ""}, {"1.5s", 30, ""},
		{"2147483647t", 2147483647, ""}, {"2147483648t", 2147483647, ""},
		{"99999999999d", 2147483647, ""}, {"-99999999999d", -2147483648, ""},
		{"3x", 0, "invalid unit 'x'"}, {"s", 0, "expected float"},
	} {
		r := NewReader(tc.in + " rest")
		got, err := r.ReadTime()
		switch {
		case tc.err != "":
			if err == nil || err.Msg != tc.err {
				t.Errorf("%q: got %d, %v; want error %q", tc.in, got, err, tc.err)
			}
		case err != nil:
			t.Errorf("%q: %v", tc.in, err)
		case got != tc.want || r.Pos != len(tc.in):
			t.Errorf("%q: got %d at %d, want %d at %d", tc.in, got, r.Pos, tc.want, len(tc.in))
		}
	}
}

// TestReadCoordinates: the values the checker and the interpreter both
// take from coordinate arguments.
func TestReadCoordinates(t *testing.T) {
	for _, tc := range []struct {
		in          string
		n           int
		ints, noLoc bool
		want        Coordinates
		err         string
	}{
		{"1 ~2 ~-1.5", 3, true, false, Coordinates{N: 3, C: [3]Coord{{V: 1}, {Rel: true, V: 2}, {Rel: true, V: -1.5, Frac: true}}}, ""},
		{"^ ^1 ^.5", 3, false, false, Coordinates{Local: true, N: 3, C: [3]Coord{{Rel: true}, {Rel: true, V: 1}, {Rel: true, V: .5, Frac: true}}}, ""},
		{"0.5 64 2", 3, false, false, Coordinates{N: 3, C: [3]Coord{{V: .5, Frac: true}, {V: 64}, {V: 2}}}, ""},
		{"~ ~10", 2, false, true, Coordinates{N: 2, C: [3]Coord{{Rel: true}, {Rel: true, V: 10}}}, ""},
		{"1.5 2 3", 3, true, false, Coordinates{}, "invalid integer '1.5'"},
		{"^ ~ ^", 3, false, false, Coordinates{}, "cannot mix world & local coordinates"},
		{"^ ^", 2, false, true, Coordinates{}, "cannot mix world & local coordinates"},
		{"1 2", 3, false, false, Coordinates{}, "incomplete (expected 3 coordinates)"},
	} {
		r := NewReader(tc.in)
		got, err := r.ReadCoordinates(tc.n, tc.ints, tc.noLoc)
		if err == nil && r.CanRead() {
			err = Errorf(r.Pos, "expected whitespace to end one argument")
		}
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Msg, tc.err) {
				t.Errorf("%q: got %+v, %v; want error %q", tc.in, got, err, tc.err)
			}
		case err != nil:
			t.Errorf("%q: %v", tc.in, err)
		case got != tc.want:
			t.Errorf("%q: got %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

// TestReadBlockState: block states and predicates as BlockStateParser
// reads them.
func TestReadBlockState(t *testing.T) {
	for _, tc := range []struct {
		in        string
		predicate bool
		want      string // ID, tag mark, properties, nbt
		err       string
	}{
		{"stone", false, "minecraft:stone", ""},
		{"oak_stairs[ facing = east , half=top]{a:1b}", false, "minecraft:oak_stairs [facing=east half=top] {a:1b}", ""},
		{"#minecraft:logs", true, "#minecraft:logs", ""},
		{"#minecraft:logs", false, "", "tags aren't allowed here"},
		{"stone[a=]", false, "", "expected a value for property 'a'"},
		{"stone[a=1,a=2]", false, "", "property 'a' can only be set once"},
		{"stone[a=1", false, "", "expected end of properties"},
		{"stone[=1]", false, "", "expected a block property name"},
	} {
		b, err := NewReader(tc.in).ReadBlockState(tc.predicate)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Msg, tc.err) {
				t.Errorf("%q: got %+v, %v; want error %q", tc.in, b, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		got := b.ID
		if b.Tag {
			got = "#" + got
		}
		if b.Props != nil {
			var ps []string
			for _, p := range b.Props {
				ps = append(ps, p.Name+"="+p.Value)
			}
			got += " [" + strings.Join(ps, " ") + "]"
		}
		if b.NBT != nil {
			got += " " + b.NBT.SNBT()
		}
		if got != tc.want {
			t.Errorf("%q: got %s, want %s", tc.in, got, tc.want)
		}
	}
}

// TestReadSwizzle: each axis at most once.
func TestReadSwizzle(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want [3]bool
		ok   bool
	}{
		{"xz", [3]bool{true, false, true}, true}, {"zyx", [3]bool{true, true, true}, true},
		{"y run", [3]bool{false, true, false}, true}, {"xx", [3]bool{}, false}, {"xw", [3]bool{}, false}, {" run", [3]bool{}, true},
	} {
		got, err := NewReader(tc.in).ReadSwizzle()
		if (err == nil) != tc.ok || (tc.ok && got != tc.want) {
			t.Errorf("%q: got %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}
