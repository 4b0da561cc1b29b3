package check

import (
	"strings"
	"testing"
)

func TestTemplate(t *testing.T) {
	for _, c := range []struct {
		in, vars string
		errOff   int
	}{
		{"say $(a) and $(b_2)", "a,b_2", 0},
		{"tp @s ~$(x) ~ ~$(x)", "x,x", 0},
		{"say $5 $(a)", "a", 0},
		{"say $(a", "", 4},
		{"say $(a-b)", "", 4},
		{"say $()", "", 4},
		{"say nothing", "", -1},
	} {
		tp, off, msg := parseTemplate(c.in)
		if c.vars == "" {
			if msg == "" || off != c.errOff {
				t.Errorf("parseTemplate(%q): got %v %d %q, want an error at %d", c.in, tp, off, msg, c.errOff)
			}
			continue
		}
		if msg != "" || strings.Join(tp.vars, ",") != c.vars {
			t.Errorf("parseTemplate(%q): got %v %q, want vars %s", c.in, tp, msg, c.vars)
		}
	}
	tp, _, _ := parseTemplate("a $(x) b $(y)!")
	s, sub := tp.substitute(map[string]string{"x": "long", "y": ""})
	if s != "a long b !" {
		t.Fatalf("substitute = %q", s)
	}
	// Offsets map back into "$" + template: inside a value to its "$(",
	// after it to the template text.
	for _, c := range []struct{ off, want int }{{0, 1}, {2, 3}, {4, 3}, {6, 7}, {9, 14}, {10, 15}} {
		if got := sub.origin(c.off); got != c.want {
			t.Errorf("origin(%d) = %d, want %d", c.off, got, c.want)
		}
	}
}
