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

func TestScratchOwner(t *testing.T) {
	for _, tc := range []struct {
		name string
		pid  int
		host string
		ok   bool
	}{
		{"mcgomoku-worker-4242@box-123456", 4242, "box", true},
		{"mcgomoku-worker-1@a.b.c-x", 1, "a.b.c", true},
		{"mcgomoku-worker-7@my_host-1-2", 7, "my_host-1", true}, // the random part is the last
		{"mcgomoku-worker-123456", 0, "", false},                // an older build's: no owner
		{"mcgomoku-worker-4242-123456", 0, "", false},           // the first of this kind: no host
		{"mcgomoku-worker-4242@-1", 0, "", false},
		{"mcgomoku-worker-4242@box", 0, "", false},
		{"mcgomoku-worker--1@box-x", 0, "", false},
		{"mcgomoku-worker-0@box-x", 0, "", false},
		{"mcgomoku-worker-+12@box-x", 0, "", false},
		{"mcgomoku-worker-012@box-x", 0, "", false},
		{"mcgomoku-worker-12a@box-x", 0, "", false},
		{"other-4242@box-x", 0, "", false},
	} {
		pid, host, ok := scratchOwner(tc.name)
		if ok != tc.ok || ok && (pid != tc.pid || host != tc.host) {
			t.Errorf("scratchOwner(%q) = %d, %q, %v; want %d, %q, %v", tc.name, pid, host, ok, tc.pid, tc.host, tc.ok)
		}
	}
}

func FuzzScratchOwner(f *testing.F) {
	f.Add("mcgomoku-worker-4242@box-123456")
	f.Add("mcgomoku-worker-123456")
	f.Fuzz(func(t *testing.T, name string) {
		pid, host, ok := scratchOwner(name)
		if ok && !strings.HasPrefix(name, scratchPrefix+strconv.Itoa(pid)+"@"+host+"-") {
			t.Fatalf("scratchOwner(%q) = %d, %q: not the name's", name, pid, host)
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

// A worker's scratch folder carries its process id and host, and making
// one removes those of dead workers on this host, not a live one's,
// another host's, another program's or an older build's.
func TestNewScratchSweepsDeadWorkers(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("dead processes are not told here: nothing is swept")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	gone := strconv.Itoa(deadPID(t))
	dead := filepath.Join(tmp, scratchPrefix+gone+"@"+scratchHost()+"-1")
	keep := []string{
		scratchPrefix + strconv.Itoa(os.Getppid()) + "@" + scratchHost() + "-2", // alive: the go command or a shell
		scratchPrefix + gone + "@" + scratchHost() + "x-3",                      // another host's
		scratchPrefix + "123456",                                                // an older build's
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
	if pid, host, ok := scratchOwner(filepath.Base(dir)); !ok || pid != os.Getpid() || host != scratchHost() || filepath.Dir(dir) != tmp {
		t.Errorf("scratch folder %s: want %s%d@%s-… in %s", dir, scratchPrefix, os.Getpid(), scratchHost(), tmp)
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
