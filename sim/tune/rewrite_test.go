package tune

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/examples"
	"github.com/mcgomoku/mcgomoku/internal/goldenfile"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestSetValues(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		values map[string]int64
		want   string
	}{
		{
			"table keys keep grouping and comment columns",
			"[weights.attack]   # own\none = 12          # lone\nopen_three = 2_600 # three\n",
			map[string]int64{"weights.attack.one": 1234, "weights.attack.open_three": 987},
			"[weights.attack]   # own\none = 1_234       # lone\nopen_three = 987   # three\n",
		},
		{
			"a value too long for its gap keeps one space",
			"[weights]\ncentre = 7 # c\n",
			map[string]int64{"weights.centre": 123456},
			"[weights]\ncentre = 123456 # c\n",
		},
		{
			"grouping follows the literal, or the file where the literal cannot show it",
			"[weights.defence]\nfour = 1_200\nthree = 200\ntwo = 1000\none = 0\n",
			map[string]int64{"weights.defence.four": 1000000, "weights.defence.three": 1000000, "weights.defence.two": 5000, "weights.defence.one": 999},
			"[weights.defence]\nfour = 1_000_000\nthree = 1_000_000\ntwo = 5000\none = 999\n",
		},
		{
			"a file without grouping",
			"[weights.defence]\nthree = 200\n",
			map[string]int64{"weights.defence.three": 1000000},
			"[weights.defence]\nthree = 1000000\n",
		},
		{
			"dotted and quoted keys",
			"[weights]\nattack.one = 1\n\"defence\".'two' = 2\n",
			map[string]int64{"weights.attack.one": 10, "weights.defence.two": 20},
			"[weights]\nattack.one = 10\n\"defence\".'two' = 20\n",
		},
		{
			"top-level dotted keys",
			"weights.centre = 3\n[game]\nsize = 15\n",
			map[string]int64{"weights.centre": 4},
			"weights.centre = 4\n[game]\nsize = 15\n",
		},
		{
			"inline tables",
			"[weights]\nattack = { one = 1, two = 2 }\n",
			map[string]int64{"weights.attack.two": 22},
			"[weights]\nattack = { one = 1, two = 22 }\n",
		},
		{
			"lookahead values keep their comments",
			"[lookahead]\ndepth = 3\n\n[lookahead.value] # leaf\nthree = 15   # q\nopen_four = 200\n",
			map[string]int64{"lookahead.value.three": 40, "lookahead.value.open_four": 1234},
			"[lookahead]\ndepth = 3\n\n[lookahead.value] # leaf\nthree = 40   # q\nopen_four = 1234\n",
		},
		{
			"a lookahead value as a dotted key of [lookahead]",
			"[lookahead]\nvalue.four = 60\nvalue.two = 5\n",
			map[string]int64{"lookahead.value.two": 7},
			"[lookahead]\nvalue.four = 60\nvalue.two = 7\n",
		},
		{
			"a missing lookahead value goes to [lookahead.value]",
			"[lookahead.value]\nthree = 15\n\n[pack]\nboards = 4\n",
			map[string]int64{"lookahead.value.four": 90},
			"[lookahead.value]\nthree = 15\nfour = 90\n\n[pack]\nboards = 4\n",
		},
		{
			"lookahead values with no table get one at the end",
			"[weights]\ncentre = 7\n",
			map[string]int64{"lookahead.value.four": 90, "lookahead.value.three": 20},
			"[weights]\ncentre = 7\n\n[lookahead.value]\nfour = 90\nthree = 20\n",
		},
		{
			"a missing key goes to the end of its table's section",
			"[weights.attack]\none = 1\n\n# about defence\n[weights.defence]\none = 1\n",
			map[string]int64{"weights.attack.two": 5},
			"[weights.attack]\none = 1\ntwo = 5\n\n# about defence\n[weights.defence]\none = 1\n",
		},
		{
			"a missing key under its parent table",
			"[weights]\ncentre = 7\n[game]\nsize = 15",
			map[string]int64{"weights.attack.two": 5},
			"[weights]\ncentre = 7\nattack.two = 5\n[game]\nsize = 15",
		},
		{
			"a missing table goes at the end",
			"[game]\nsize = 15",
			map[string]int64{"weights.defence.two": 5, "weights.defence.one": 1, "weights.centre": 9},
			"[game]\nsize = 15\n\n[weights]\ncentre = 9\n\n[weights.defence]\none = 1\ntwo = 5\n",
		},
		{
			"strings, arrays and comments that look like keys are left alone",
			"[pack]\ndescription = \"\"\"\n[weights]\ncentre = 1\n\"\"\"\nx = ['centre = 1', \"#\"] # centre = 1\n[weights]\ncentre = 2\n",
			map[string]int64{"weights.centre": 3},
			"[pack]\ndescription = \"\"\"\n[weights]\ncentre = 1\n\"\"\"\nx = ['centre = 1', \"#\"] # centre = 1\n[weights]\ncentre = 3\n",
		},
		{
			"CRLF line ends",
			"[weights]\r\ncentre = 7\r\n",
			map[string]int64{"weights.centre": 8},
			"[weights]\r\ncentre = 8\r\n",
		},
		{
			"arrays of tables are not ours",
			"[[weights]]\ncentre = 7\n",
			map[string]int64{},
			"[[weights]]\ncentre = 7\n",
		},
	}
	for _, tt := range tests {
		got, err := SetValues([]byte(tt.src), tt.values)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if string(got) != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

func TestSetValuesErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"not an integer", "[weights]\ncentre = 7.5\n", `line 2: key "weights.centre": want a decimal integer to replace, found "7.5"`},
		{"hex", "[weights]\ncentre = 0x7\n", `want a decimal integer`},
		{"unterminated string", "a = \"x\n", `line 1: newline in a string`},
		{"unterminated header", "[weights\n", `line 1: unterminated table header`},
		{"garbage after a value", "[weights]\ncentre = 7 7\n", `line 2: unexpected '7' after a value`},
	}
	for _, tt := range tests {
		_, err := SetValues([]byte(tt.src), map[string]int64{"weights.centre": 1})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want %q", tt.name, err, tt.want)
		}
	}
}

// TestRewriteDefault rewrites the shipped default config: only the tuned
// lines and the header change, it loads back to the values written, and
// the result matches the golden file.
func TestRewriteDefault(t *testing.T) {
	values := map[string]int64{
		"weights.centre":                     9,
		"weights.attack.open_three":          3_141,
		"weights.defence.three":              1_500,
		"weights.attack_combo.double_three":  27_182,
		"weights.defence.one":                0,
		"weights.defence_combo.double_three": 9_999,
	}
	header := []string{"Tuned by mcgomoku tune from (default): a test.", "", "second line"}
	// A copy of examples/default.toml, so changes to the shipped file do
	// not move this golden test.
	src, err := os.ReadFile("testdata/default-in.toml")
	if err != nil {
		t.Fatal(err)
	}
	out, err := Rewrite("(default)", src, values, header)
	if err != nil {
		t.Fatal(err)
	}
	c, err := config.Parse("out.toml", out)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range values {
		i, _ := config.TunableIndex(k)
		if got := *config.TunedWeight(&c.Weights, i); int64(got) != v {
			t.Errorf("%s: loads back as %d, want %d", k, got, v)
		}
	}
	// Every other line is untouched.
	checkChangedLines(t, src, out, header, len(values))
	golden(t, "default-out.toml", out)

	// Tuning the result again replaces the header rather than stacking.
	again, err := Rewrite("out.toml", out, map[string]int64{"weights.centre": 10}, []string{"Tuned by mcgomoku tune: again."})
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(again, []byte(headerMark)); n != 1 {
		t.Errorf("%d tuning headers after tuning twice, want 1", n)
	}
	if !bytes.HasPrefix(again, []byte("# Tuned by mcgomoku tune: again.\n\n# mcgomoku default config")) {
		t.Errorf("the old header was not replaced:\n%s", again[:200])
	}
}

// TestRewriteLookahead rewrites the plan of the lookahead's tuning run
// (a copy of examples/lookahead-tune.toml): its weights and leaf values
// are written back in place, and it loads back to exactly those values.
func TestRewriteLookahead(t *testing.T) {
	values := map[string]int64{
		"lookahead.value.one":                3,
		"lookahead.value.open_three":         123,
		"lookahead.value.four":               77,
		"lookahead.value.open_four":          450,
		"weights.attack.open_three":          2_000,
		"weights.defence_combo.double_three": 1_000,
	}
	src, err := os.ReadFile("testdata/lookahead-in.toml")
	if err != nil {
		t.Fatal(err)
	}
	header := []string{"Tuned by mcgomoku tune from lookahead-in.toml: a test."}
	out, err := Rewrite("lookahead-in.toml", src, values, header)
	if err != nil {
		t.Fatal(err)
	}
	c, err := config.Parse("out.toml", out)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range values {
		i, _ := config.TunableIndex(k)
		if got := *config.TunedValue(c, i); int64(got) != v {
			t.Errorf("%s: loads back as %d, want %d", k, got, v)
		}
	}
	checkChangedLines(t, src, out, header, len(values))
	golden(t, "lookahead-out.toml", out)
}

// TestRewriteCatchesUnwrittenValue plants the bug the reload check
// guards against: a tuned lookahead value left out of the text written.
func TestRewriteCatchesUnwrittenValue(t *testing.T) {
	src, err := os.ReadFile("testdata/lookahead-in.toml")
	if err != nil {
		t.Fatal(err)
	}
	orig, err := config.Parse("lookahead-in.toml", src)
	if err != nil {
		t.Fatal(err)
	}
	values := map[string]int64{"lookahead.value.four": 77, "weights.attack.three": 1_500}
	good, err := SetValues(src, values)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkRewrite("lookahead-in.toml", orig, good, values); err != nil {
		t.Fatalf("the faithful rewrite: %v", err)
	}
	// The planted bug: the lookahead's value is not written back.
	planted, err := SetValues(src, map[string]int64{"weights.attack.three": 1_500})
	if err != nil {
		t.Fatal(err)
	}
	err = checkRewrite("lookahead-in.toml", orig, planted, values)
	if err == nil || !strings.Contains(err.Error(), "lookahead.value.four = 60, want 77") {
		t.Errorf("a rewrite without the tuned lookahead value: got %v, want it caught", err)
	}
}

func TestRewriteRefusesBadConfig(t *testing.T) {
	_, err := Rewrite("bad.toml", []byte("[weights]\ncentre = -1\n"), map[string]int64{"weights.centre": 1}, nil)
	if err == nil || !strings.Contains(err.Error(), "bad.toml:2") {
		t.Errorf("got %v, want the config's own error", err)
	}
	// A value the config refuses (it breaks the five tier) is caught by
	// loading the rewrite back.
	_, err = Rewrite("c.toml", []byte("[weights]\ncentre = 1\n"), map[string]int64{"weights.attack.five": 5}, nil)
	if err == nil || !strings.Contains(err.Error(), "does not load") {
		t.Errorf("got %v, want the reloaded config's error", err)
	}
}

func TestSetHeader(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a = 1\n", "# h\n\na = 1\n"},
		{headerMark + " x\n# more\n\na = 1\n", "# h\n\na = 1\n"},
		{headerMark + " only", "# h\n\n"},
	}
	for _, tt := range tests {
		if got := string(SetHeader([]byte(tt.src), []string{"h"})); got != tt.want {
			t.Errorf("SetHeader(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
	if got := string(SetHeader([]byte("a = 1\n"), nil)); got != "a = 1\n" {
		t.Errorf("no header: got %q", got)
	}
}

// FuzzSetValues: for any config the loader accepts, setting tuned values
// never panics, and a rewrite that loads keeps exactly those values.
func FuzzSetValues(f *testing.F) {
	f.Add(string(examples.Default), int64(7))
	f.Add("[weights]\ncentre = 7\n", int64(3))
	f.Add("[weights.attack]\nopen_three = { }\n", int64(3))
	f.Add("weights.attack.one = 4 # x\n[game]\nsize = 15\n", int64(2))
	f.Add("[weights]\nattack = { one = 1, two = 2 }\n", int64(1))
	f.Add("[lookahead.value]\nthree = 15 # q\n[lookahead]\ndepth = 3\n", int64(40))
	f.Add("[lookahead]\nvalue = { four = 60 }\n", int64(5))
	f.Fuzz(func(t *testing.T, src string, v int64) {
		if _, err := config.Parse("f.toml", []byte(src)); err != nil {
			return
		}
		v = max(0, min(v, 1000))
		values := map[string]int64{"weights.attack.one": v, "weights.centre": v % 40, "lookahead.value.three": v % 200}
		out, err := SetValues([]byte(src), values)
		if err != nil {
			return
		}
		c, err := config.Parse("f.toml", out)
		if err != nil {
			return // e.g. a key added to a table defined inline: Rewrite reports it
		}
		if c.Weights.Attack[eval.One] != int32(v) || c.Weights.Centre != int32(v%40) || c.Lookahead.Value[eval.Three] != int32(v%200) {
			t.Fatalf("the rewrite loads as one=%d centre=%d lookahead.value.three=%d, want %d, %d and %d:\n%s",
				c.Weights.Attack[eval.One], c.Weights.Centre, c.Lookahead.Value[eval.Three], v, v%40, v%200, out)
		}
	})
}

// checkChangedLines checks that out is src with a header of the given
// lines and a blank line on top and exactly n lines changed.
func checkChangedLines(t *testing.T, src, out []byte, header []string, n int) {
	t.Helper()
	a := strings.Split(string(src), "\n")
	b := strings.Split(string(out), "\n")[len(header)+1:] // after the header and its blank line
	if len(a) != len(b) {
		t.Fatalf("the rewrite has %d lines after the header, the original %d", len(b), len(a))
	}
	changed := 0
	for i := range a {
		if a[i] != b[i] {
			changed++
		}
	}
	if changed != n {
		t.Errorf("%d lines changed, want %d", changed, n)
	}
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", name), got, *update)
}

// TestShippedLookaheadRewrite: examples/tuned-lookahead.toml is exactly
// what the rewrite makes of its plan, examples/lookahead-tune.toml, with
// the values and the header the file holds: only tuned values differ.
func TestShippedLookaheadRewrite(t *testing.T) {
	plan, err := os.ReadFile("../../examples/lookahead-tune.toml")
	if err != nil {
		t.Fatal(err)
	}
	shipped, err := os.ReadFile("../../examples/tuned-lookahead.toml")
	if err != nil {
		t.Fatal(err)
	}
	c, err := config.Parse("tuned-lookahead.toml", shipped)
	if err != nil {
		t.Fatal(err)
	}
	values := map[string]int64{}
	for _, k := range c.Tune.TunedKeys() {
		i, _ := config.TunableIndex(k)
		values[k] = int64(*config.TunedValue(c, i))
	}
	var header []string
	for _, line := range strings.Split(string(shipped), "\n") {
		if line == "" {
			break
		}
		header = append(header, strings.TrimPrefix(strings.TrimPrefix(line, "#"), " "))
	}
	out, err := Rewrite("examples/lookahead-tune.toml", plan, values, header)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, shipped) {
		t.Errorf("examples/tuned-lookahead.toml is not the rewrite of examples/lookahead-tune.toml with its values")
	}
}
