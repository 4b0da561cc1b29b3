package mcvm

import (
	"slices"
	"strings"
	"testing"
)

// splitLinesRef is splitLines as first written, plainly: the reference
// the faster one must agree with.
func splitLinesRef(b []byte) []string {
	s := strings.ToValidUTF8(string(b), "\uFFFD")
	var out []string
	for len(s) > 0 {
		i := strings.IndexAny(s, "\r\n")
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i])
		if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			i++
		}
		s = s[i+1:]
	}
	return out
}

func TestSplitLines(t *testing.T) {
	for _, in := range []string{"", "a", "a\n", "a\nb", "a\r\nb\r\n", "a\rb", "a\r", "\r\n", "\n\n", "a\r\rb", "a\r\n\r\nb\r", "x\xffy\nz", "\r", "\n\r\n\r"} {
		if got, want := splitLines([]byte(in)), splitLinesRef([]byte(in)); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("splitLines(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzSplitLines(f *testing.F) {
	f.Add([]byte("say a\r\nsay b\rsay c\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := splitLines(b), splitLinesRef(b); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("splitLines(%q) = %q, want %q", b, got, want)
		}
	})
}
