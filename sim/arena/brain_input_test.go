package arena

import (
	"context"
	"strings"
	"testing"
)

// TestBrainRefusesHugeLine: a line over 1 MiB ends the session with an
// error saying so, after the answers to the lines before it; it used to
// end it like the end of input, silently.
func TestBrainRefusesHugeLine(t *testing.T) {
	for _, tt := range []struct {
		name, input, want string
	}{
		{"huge line", "START 15\r\n" + strings.Repeat("x", maxBrainLine+1) + "\r\nBEGIN\r\n", "longer than 1048576 bytes"},
		{"last line under the bound", "START 15\r\n" + strings.Repeat("x", maxBrainLine-1) + "\r\n", ""},
	} {
		var out strings.Builder
		err := ServeBrain(context.Background(), strings.NewReader(tt.input), &out, BrainConfig{Engine: "test-first"})
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: err %v, want %q", tt.name, err, tt.want)
		case !strings.HasPrefix(out.String(), "OK\r\n"):
			t.Errorf("%s: output %q, want START answered first", tt.name, out.String())
		}
	}
}
