package benchgoal

import (
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	for _, tc := range []struct {
		name  string
		goals []Goal
		want  string
	}{
		{"none", nil, ""},
		{"met and missed", []Goal{{"fast", true, "2x"}, {"small", false, "3 MB over"}},
			"\nok   fast: 2x\nFAIL small: 3 MB over\n"},
	} {
		var b strings.Builder
		if err := Write(&b, tc.goals); err != nil {
			t.Fatal(err)
		}
		if b.String() != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, b.String(), tc.want)
		}
	}
}
