package mcvm

import (
	"math"
	"strings"
	"testing"
)

func TestSNBTRoundTrip(t *testing.T) {
	tests := []struct{ in, want string }{
		{`1`, `1`},
		{`1b`, `1b`},
		{`-3s`, `-3s`},
		{`7L`, `7L`},
		{`1.5`, `1.5d`},
		{`1.5f`, `1.5f`},
		{`1f`, `1.0f`},
		{`1e3`, `1000.0d`},
		{`.5`, `0.5d`},
		{`5.`, `5.0d`},
		{`1e7`, `1.0E7d`},
		{`0.0001`, `1.0E-4d`},
		{`1_000`, `1000`},
		{`0x1F`, `31`},
		{`0xFFub`, `-1b`},
		{`0b101`, `5`},
		{`0b`, `0b`},
		{`255ub`, `-1b`},
		{`true`, `1b`},
		{`FALSE`, `0b`},
		{`bool(5)`, `1b`},
		{`"a\"b"`, `'a"b'`},
		{`'it''`, ``},
		{`'it\'s'`, `"it's"`},
		{`"tab\there"`, `"tab\there"`},
		{`"\x41\u0042\U00000043"`, `"ABC"`},
		{`"\s"`, `" "`},
		{`hello`, `"hello"`},
		{`minecraft.used`, `"minecraft.used"`},
		{`{b:1,a:"x"}`, `{a:"x",b:1}`},
		{`{ a : 1 , }`, `{a:1}`},
		{`{"a b":1}`, `{"a b":1}`},
		{`[1,2,3,]`, `[1,2,3]`},
		{`[1,"a",{}]`, `[1,"a",{}]`},
		{`[]`, `[]`},
		{`[B;1b,2b]`, `[B;1B,2B]`},
		{`[B;1,2]`, `[B;1B,2B]`},
		{`[I;1,2s,3b]`, `[I;1,2,3]`},
		{`[L;1,2L]`, `[L;1L,2L]`},
		{`[ I ; ]`, `[I;]`},
		{`uuid("00000001-0002-0003-0004-000000000005")`, `[I;1,131075,262144,5]`},
		{`{a:[{b:1d}]}`, `{a:[{b:1.0d}]}`},
	}
	for _, tc := range tests {
		tag, err := ParseSNBT(tc.in)
		if tc.want == "" {
			if err == nil {
				t.Errorf("%s: parsed as %s, want an error", tc.in, FormatSNBT(tag))
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if got := FormatSNBT(tag); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestSNBTErrors(t *testing.T) {
	for _, in := range []string{
		`012`, `1.5b`, `0x`, `-0xFF`, `2147483648`, `128b`, `[B;1L]`, `[I;1L]`, `[L;1.5]`,
		`{a}`, `{:1}`, `{"":1}`, `[1 2]`, `"unterminated`, `'\q'`, `1e999`, `-`, `+.`, `nope(1)`,
		`bool("x")`, `{a:1}}`, strings.Repeat("[", 600) + strings.Repeat("]", 600),
	} {
		if tag, err := ParseSNBT(in); err == nil {
			t.Errorf("%q parsed as %s, want an error", in, FormatSNBT(tag))
		}
	}
}

func TestJavaFloatString(t *testing.T) {
	tests := []struct {
		v    float64
		bits int
		want string
	}{
		{1, 64, "1.0"}, {0.1, 64, "0.1"}, {100, 64, "100.0"}, {1234567, 64, "1234567.0"},
		{1e7, 64, "1.0E7"}, {1.5e-3, 64, "0.0015"}, {1e-4, 64, "1.0E-4"}, {-2.5, 64, "-2.5"},
		{float64(float32(0.1)), 32, "0.1"}, {float64(float32(1.0 / 3)), 32, "0.33333334"},
		{math.Copysign(0, -1), 64, "-0.0"}, {123456789012, 64, "1.23456789012E11"},
	}
	for _, tc := range tests {
		if got := javaFloatString(tc.v, tc.bits); got != tc.want {
			t.Errorf("javaFloatString(%v) = %s, want %s", tc.v, got, tc.want)
		}
	}
}

func TestMacroStringify(t *testing.T) {
	tests := []struct {
		t    Tag
		want string
	}{
		{String("a b"), "a b"}, {Int(-5), "-5"}, {Byte(3), "3"}, {Long(1 << 40), "1099511627776"},
		{Double(0.5), ".5"}, {Double(-0.5), "-.5"}, {Double(2), "2"}, {Double(0), "0"},
		{Double(1e20), "100000000000000000000"}, {Double(1e-20), "0"}, {Double(0.1 + 0.2), ".3"},
		{Float(0.1), ".100000001490116"}, {Double(2.0000000000000004), "2"}, {Double(1.25), "1.25"},
		{Double(0.0000000000000005), ".000000000000001"}, {Double(0.0000000000000015), ".000000000000001"},
		{Double(0.0000000000000025), ".000000000000002"}, {Double(1.0000000000000000005), "1"},
		{&List{V: []Tag{Int(1), String("x")}}, `[1,"x"]`},
	}
	for _, tc := range tests {
		if got := macroString(tc.t); got != tc.want {
			t.Errorf("macroString(%s) = %q, want %q", FormatSNBT(tc.t), got, tc.want)
		}
	}
}

func TestNBTPaths(t *testing.T) {
	root := func() *Compound {
		tag, err := ParseSNBT(`{a:{b:[1,2,3],c:"x"},l:[{id:1,v:"p"},{id:2,v:"q"}],arr:[I;5,6]}`)
		if err != nil {
			t.Fatal(err)
		}
		return tag.(*Compound)
	}
	path := func(s string) *nbtPath {
		p, err := readNBTPath(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		return p
	}
	gets := []struct{ path, want string }{
		{"a.b", "[1,2,3]"}, {"a.b[0]", "1"}, {"a.b[-1]", "3"}, {"a.b[]", "1 2 3"},
		{"l[{id:2}].v", `"q"`}, {"l[].id", "1 2"}, {`a{c:"x"}.c`, `"x"`}, {`{a:{c:"x"}}.a.c`, `"x"`},
		{"arr[1]", "6"}, {`"a".c`, `"x"`}, {"a.b[5]", "!"}, {`a{c:"y"}`, "!"}, {"nope", "!"},
	}
	for _, g := range gets {
		tags, err := path(g.path).get(root())
		var got string
		if err != nil {
			got = "!"
		} else {
			var parts []string
			for _, t := range tags {
				parts = append(parts, FormatSNBT(t))
			}
			got = strings.Join(parts, " ")
		}
		if got != g.want {
			t.Errorf("get %s = %s, want %s", g.path, got, g.want)
		}
	}
	sets := []struct {
		path, value string
		n           int
		want        string
	}{
		{"a.c", `"x"`, 0, ""},
		{"a.c", `"y"`, 1, `c:"y"`},
		{"new.deep.k", "1", 1, `new:{deep:{k:1}}`},
		{"a.b[]", "0", 3, `b:[0,0,0]`},
		{"a.b[1]", `"s"`, 1, `b:[1,"s",3]`},
		{"l[{id:1}].v", `"z"`, 1, `{id:1,v:"z"}`},
		{"arr[0]", "7b", 1, `arr:[I;7,6]`},
		{"fresh[]", "1", 1, `fresh:[1]`},
	}
	for _, s := range sets {
		r := root()
		v, err := ParseSNBT(s.value)
		if err != nil {
			t.Fatal(err)
		}
		n, err := path(s.path).set(r, v)
		if err != nil || n != s.n {
			t.Errorf("set %s %s: n=%d err=%v, want %d", s.path, s.value, n, err, s.n)
			continue
		}
		if s.want != "" && !strings.Contains(FormatSNBT(r), s.want) {
			t.Errorf("set %s %s: %s lacks %s", s.path, s.value, FormatSNBT(r), s.want)
		}
	}
	r := root()
	if n := path("l[{id:1}]").remove(r); n != 1 || strings.Contains(FormatSNBT(r), "id:1") {
		t.Errorf("remove: n=%d %s", n, FormatSNBT(r))
	}
	r = root()
	if n, err := path("a.b").insert(1, r, []Tag{Int(9), String("w")}); n != 1 || err != nil || !strings.Contains(FormatSNBT(r), `b:[1,9,"w",2,3]`) {
		t.Errorf("insert: n=%d err=%v %s", n, err, FormatSNBT(r))
	}
	if _, err := path("a.b").insert(9, root(), []Tag{Int(1)}); err == nil {
		t.Errorf("insert past the end succeeded")
	}
	if _, err := path("a.c").insert(0, root(), []Tag{Int(1)}); err == nil {
		t.Errorf("insert into a string succeeded")
	}
	for _, bad := range []string{"a..b", "a.{x:1}", "[x]", "a[", "a]"} {
		if _, err := readNBTPath(bad); err == nil {
			t.Errorf("path %q parsed", bad)
		}
	}
}

func TestCompareNBT(t *testing.T) {
	parse := func(s string) Tag {
		tag, err := ParseSNBT(s)
		if err != nil {
			t.Fatal(err)
		}
		return tag
	}
	tests := []struct {
		exp, act string
		want     bool
	}{
		{`{a:1}`, `{a:1,b:2}`, true},
		{`{a:1}`, `{a:1b}`, false},
		{`{t:["x"]}`, `{t:["y","x"]}`, true},
		{`{t:[]}`, `{t:["y"]}`, false},
		{`{t:[]}`, `{t:[]}`, true},
		{`{t:["x","x"]}`, `{t:["x"]}`, false},
		{`[I;1]`, `[I;1,2]`, false},
		{`{a:{b:1}}`, `{a:{b:1,c:2}}`, true},
	}
	for _, tc := range tests {
		if got := compareNBT(parse(tc.exp), parse(tc.act), true); got != tc.want {
			t.Errorf("compareNBT(%s, %s) = %v, want %v", tc.exp, tc.act, got, tc.want)
		}
	}
}

func TestJavaHashOrder(t *testing.T) {
	// java.util.HashSet of these strings iterates in bucket order; with a
	// 16-slot table "b" (hash 98 -> slot 2) comes before "a" (97 -> 1)? No:
	// slot 1 then 2. "q" is 113 -> slot 1, inserted after "a".
	got := strings.Join(javaHashOrder([]string{"b", "a", "q"}, 3), ",")
	if got != "a,q,b" {
		t.Errorf("order = %s, want a,q,b", got)
	}
	if h := javaStringHash("gomoku.cell"); h != javaHashRef("gomoku.cell") {
		t.Errorf("hash mismatch")
	}
}

func javaHashRef(s string) int32 {
	var h int32
	for _, c := range s {
		h = h*31 + int32(c)
	}
	return h
}
