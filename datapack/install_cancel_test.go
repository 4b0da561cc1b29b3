package datapack

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestInstallCancelled: Ctrl-C during an install (ctx cancelled with the
// new zip written but not yet in place) leaves the world as it was: no
// lock file, no hidden temporary zip, the old pack untouched. A killed
// install used to leave both, and the next one waited 30 s, then failed.
func TestInstallCancelled(t *testing.T) {
	world := newWorld(t, 4790, "26.1.2")
	packs := filepath.Join(world, "datapacks")
	os.MkdirAll(packs, 0o755)
	old := testPack(t)
	old.Files["data/gomoku/function/old.mcfunction"] = []byte("say old\n")
	if _, err := Install(context.Background(), old, world, "gomoku", DefaultRange); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, world)

	ctx, cancel := context.WithCancel(context.Background())
	sawTemp := false
	testHookBeforeCommit = func(tmp string) error {
		_, err := os.Stat(tmp)
		_, lerr := os.Stat(filepath.Join(world, lockName))
		sawTemp = err == nil && lerr == nil
		cancel() // Ctrl-C, mid-install
		return nil
	}
	defer func() { testHookBeforeCommit = nil }()
	_, err := Install(ctx, testPack(t), world, "gomoku", DefaultRange)
	if !errors.Is(err, context.Canceled) || !sawTemp {
		t.Fatalf("err %v (want cancelled), temporary zip and lock seen mid-install: %v", err, sawTemp)
	}
	after := snapshot(t, world)
	if len(after) != len(before) {
		t.Errorf("the world changed:\nbefore %v\nafter  %v", keys(before), keys(after))
	}
	for k, v := range before {
		if after[k] != v {
			t.Errorf("%s changed", k)
		}
	}
	if !bytes.Contains([]byte(after[filepath.Join("datapacks", "gomoku.zip")]), []byte("old.mcfunction")) {
		t.Errorf("the old pack was replaced")
	}
}

// TestInstallCancelledWhileWaiting: an install waiting for another's lock
// stops when cancelled, leaving the other's lock alone.
func TestInstallCancelledWhileWaiting(t *testing.T) {
	world := newWorld(t, 4790, "26.1.2")
	lock := filepath.Join(world, lockName)
	if err := os.WriteFile(lock, []byte("another install\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Install(ctx, testPack(t), world, "gomoku", DefaultRange)
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 10*time.Second {
		t.Fatalf("err %v after %v, want the context's within moments", err, time.Since(start))
	}
	if data, err := os.ReadFile(lock); err != nil || string(data) != "another install\n" {
		t.Errorf("the other install's lock: %q, %v", data, err)
	}
	if entries, _ := os.ReadDir(filepath.Join(world, "datapacks")); len(entries) != 0 {
		t.Errorf("datapacks holds %v", entries)
	}
}

// TestInstallLockOfDeadProcess: a lock left by an install killed on this
// machine (SIGKILL runs no clean-up) is taken over at once, not after
// waiting for it to go stale; one held by a live process is waited for.
func TestInstallLockOfDeadProcess(t *testing.T) {
	defer func(w time.Duration) { lockWait = w }(lockWait)
	lockWait = 300 * time.Millisecond
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dead := exec.Command(exe, "-test.run=^$")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	world := newWorld(t, 4790, "26.1.2")
	lock := filepath.Join(world, lockName)
	for _, tt := range []struct {
		pid  int
		host string
		gone bool
	}{
		{dead.Process.Pid, hostname(), true},
		{dead.Process.Pid, "another-machine", false}, // its processes are not ours to see
		{os.Getppid(), hostname(), false},            // alive: go test itself
	} {
		text := fmt.Sprintf("mcgomoku install, process %d on %s, since 2026-01-01T00:00:00Z\n", tt.pid, tt.host)
		if err := os.WriteFile(lock, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Install(context.Background(), testPack(t), world, "gomoku", DefaultRange)
		if gone := err == nil; gone != tt.gone {
			t.Errorf("lock %q: install err %v, want the lock taken over: %v", text, err, tt.gone)
		}
		os.Remove(lock)
	}
}
