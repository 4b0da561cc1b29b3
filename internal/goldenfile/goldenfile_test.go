package goldenfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type recorder struct {
	testing.TB
	failed []string
}

func (r *recorder) Errorf(format string, args ...any) { r.failed = append(r.failed, format) }
func (r *recorder) Helper()                           {}

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "x.txt")
	Check(t, path, []byte("a\nb\n"), true)
	if data, err := os.ReadFile(path); err != nil || string(data) != "a\nb\n" {
		t.Fatalf("update wrote %q, %v", data, err)
	}
	Check(t, path, []byte("a\nb\n"), false)
	r := &recorder{TB: t}
	Check(r, path, []byte("a\nc\n"), false)
	if len(r.failed) != 1 {
		t.Errorf("a changed file passed")
	}
}

func TestDiff(t *testing.T) {
	for _, tt := range []struct{ want, got, says string }{
		{"a\nb\n", "a\nc\n", `line 2:` + "\n" + ` got  "c"` + "\n" + ` want "b"`},
		{"a\n", "a\nmore\n", `line 2:` + "\n" + ` got  "more"`},
		{"\xff\x00", "\xff\x01\x02", "binary data, 3 bytes against 2"},
	} {
		if d := Diff([]byte(tt.want), []byte(tt.got)); !strings.Contains(d, tt.says) {
			t.Errorf("Diff(%q, %q) = %q, want it to say %q", tt.want, tt.got, d, tt.says)
		}
	}
}
