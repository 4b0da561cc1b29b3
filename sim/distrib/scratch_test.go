package distrib

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

func TestScratchPID(t *testing.T) {
	for _, tc := range []struct {
		name string
		pid  int
		ok   bool
	}{
		{"mcgomoku-worker-4242-123456", 4242, true},
		{"mcgomoku-worker-1-x", 1, true},
		{"mcgomoku-worker-123456", 0, false}, // an older build's: no process id
		{"mcgomoku-worker--1-x", 0, false},
		{"mcgomoku-worker-0-x", 0, false},
		{"mcgomoku-worker-+12-x", 0, false},
		{"mcgomoku-worker-012-x", 0, false},
		{"mcgomoku-worker-12a-x", 0, false},
		{"other-4242-x", 0, false},
	} {
		pid, ok := scratchPID(tc.name)
		if ok != tc.ok || ok && pid != tc.pid {
			t.Errorf("scratchPID(%q) = %d, %v; want %d, %v", tc.name, pid, ok, tc.pid, tc.ok)
		}
	}
}

func FuzzScratchPID(f *testing.F) {
	f.Add("mcgomoku-worker-4242-123456")
	f.Add("mcgomoku-worker-123456")
	f.Fuzz(func(t *testing.T, name string) {
		pid, ok := scratchPID(name)
		if ok && !strings.HasPrefix(name, scratchPrefix+strconv.Itoa(pid)+"-") {
			t.Fatalf("scratchPID(%q) = %d, not the name's", name, pid)
		}
	})
}

// deadPID is the id of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// A worker's scratch folder carries its process id, and making one
// removes those of dead workers, not a live one's, another program's or
// an older build's.
func TestNewScratchSweepsDeadWorkers(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("dead processes are not told here: nothing is swept")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dead := filepath.Join(tmp, scratchPrefix+strconv.Itoa(deadPID(t))+"-1")
	keep := []string{
		scratchPrefix + strconv.Itoa(os.Getppid()) + "-2", // alive: the go command or a shell
		scratchPrefix + "123456",                          // an older build's
		"mcgomoku-other-1-3",
	}
	for _, d := range append([]string{dead}, keep...) {
		if err := os.MkdirAll(filepath.Join(tmp, filepath.Base(d), "x"), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	dir, swept, err := newScratch()
	if err != nil {
		t.Fatal(err)
	}
	if swept != 1 {
		t.Errorf("newScratch reports %d folders removed, want 1", swept)
	}
	if !strings.HasPrefix(filepath.Base(dir), scratchPrefix+strconv.Itoa(os.Getpid())+"-") || filepath.Dir(dir) != tmp {
		t.Errorf("scratch folder %s: want %s%d-… in %s", dir, scratchPrefix, os.Getpid(), tmp)
	}
	if _, err := os.Stat(dead); !os.IsNotExist(err) {
		t.Errorf("a dead worker's scratch folder was left: %v", err)
	}
	for _, k := range append(keep, filepath.Base(dir)) {
		if _, err := os.Stat(filepath.Join(tmp, k)); err != nil {
			t.Errorf("%s was removed: %v", k, err)
		}
	}
	// Its own folder is never swept, even by another sweep of this process.
	if n := SweepScratch(tmp); n != 0 {
		t.Errorf("a second sweep removed %d folders", n)
	}
}
