package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	readOnly := filepath.Join(dir, "ro")
	if err := os.Mkdir(readOnly, 0o555); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path, want string
	}{
		{"new file", filepath.Join(dir, "a.txt"), ""},
		{"replaces a file", filepath.Join(dir, "a.txt"), ""},
		{"missing folder", filepath.Join(dir, "missing", "a.txt"), "folder " + filepath.Join(dir, "missing") + " does not exist"},
		{"folder is a file", filepath.Join(file, "a.txt"), file + " is not a folder"},
		{"a folder in the way", dir, "write " + dir + ": "},
		{"read-only folder", filepath.Join(readOnly, "a.txt"), "write " + filepath.Join(readOnly, "a.txt") + ": permission denied"},
	}
	for _, tt := range tests {
		if tt.name == "read-only folder" && os.Getuid() == 0 {
			continue // root writes anywhere
		}
		err := Write(tt.path, []byte(tt.name))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: got %v, want %q", tt.name, err, tt.want)
		case tt.want != "" && strings.Contains(err.Error(), ".tmp-"):
			t.Errorf("%s: error names the temporary file: %v", tt.name, err)
		}
	}
	if data, err := os.ReadFile(filepath.Join(dir, "a.txt")); err != nil || string(data) != "replaces a file" {
		t.Errorf("content %q, %v", data, err)
	}
	// Nothing is left behind.
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("left %s", e.Name())
		}
	}
}
