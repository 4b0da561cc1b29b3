package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOutputsCheckedFirst: an output that cannot be written is refused
// before the run (exit 2, naming the flag), where it used to fail after
// all the work: a missing folder, a file where a folder is meant, a
// folder where a file is meant, a folder that cannot be written.
func TestOutputsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a-file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "no", "such")
	for _, tt := range []struct {
		want string
		args []string
	}{
		{"--out " + missing + "/t.toml: the folder " + missing + " does not exist", []string{"tune", "--out", filepath.Join(missing, "t.toml"), "--games", "100000"}},
		{"--chart " + missing + "/c.svg: the folder", []string{"tune", "--out", filepath.Join(dir, "t.toml"), "--chart", filepath.Join(missing, "c.svg"), "--games", "100000"}},
		{"--checkpoint " + file + "/c.json: " + file + " is not a folder", []string{"tune", "--out", filepath.Join(dir, "t.toml"), "--checkpoint", filepath.Join(file, "c.json"), "--games", "100000"}},
		{"--report " + file + ": is a file, want a folder", []string{"sim", "greedy", "greedy", "--games", "100000", "--report", file}},
		{"--psq " + file + "/records: " + file + " is a file, not a folder", []string{"sim", "greedy", "greedy", "--games", "100000", "--psq", filepath.Join(file, "records")}},
		{"--make-openings " + dir + ": is a folder, want a file", []string{"sim", "--make-openings", dir, "--count", "1000"}},
		{"--out " + missing + "/b.png: the folder", []string{"render", "--out", filepath.Join(missing, "b.png"), "--demo"}},
		{"--cpuprofile " + missing + "/x.prof", []string{"sim", "greedy", "greedy", "--games", "100000", "--cpuprofile", filepath.Join(missing, "x.prof")}},
	} {
		checkUsageError(t, tt.want, tt.args...)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the checks left files: %v", entries)
	}

	// A folder that cannot be written (not for root, who writes anyway).
	if os.Geteuid() == 0 {
		t.Log("running as root: the read-only folder case is skipped")
		return
	}
	ro := filepath.Join(dir, "read-only")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	checkUsageError(t, "--psq "+ro+": cannot write in "+ro, "sim", "greedy", "greedy", "--games", "100000", "--psq", ro)
	checkUsageError(t, "cannot write in "+ro, "sim", "greedy", "greedy", "--games", "100000", "--report", filepath.Join(ro, "report"))
}
