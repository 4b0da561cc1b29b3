package suggest

import "testing"

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"abc", "", 3}, {"kitten", "sitting", 3},
		{"open_three", "open_thre", 1}, {"attack", "atack", 1}, {"scoreboard", "scoreboard", 0},
		{"ab", "ba", 2}, {string(make([]byte, 65)), "a", Far},
	}
	for _, tt := range tests {
		if got := Distance(tt.a, tt.b); got != tt.want {
			t.Errorf("Distance(%q, %q): got %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestClosest(t *testing.T) {
	tests := []struct {
		word  string
		cands []string
		want  string
		d     int
	}{
		{"exectue", []string{"execute", "experience", "effect"}, "execute", 2},
		{"x", nil, "", Far},
		{"ab", []string{"aa", "bb"}, "aa", 1}, // a tie goes to the first
	}
	for _, tt := range tests {
		got, d := Closest(tt.word, tt.cands)
		if got != tt.want || d != tt.d {
			t.Errorf("Closest(%q, %q): got %q at %d, want %q at %d", tt.word, tt.cands, got, d, tt.want, tt.d)
		}
	}
}
