package datapack

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// lockName is the lock file an install holds in the world folder. The
// game ignores unknown files there, as it does its own session.lock.
const lockName = ".mcgomoku-install.lock"

// lockWait is how long an install waits for another to finish; lockStale
// is the age past which a lock is taken to be left by a killed install (an
// install takes about a second). Variables for the tests.
var (
	lockWait  = 30 * time.Second
	lockStale = 2 * time.Minute
)

// lockWorld takes the install lock of the world in dir, waiting while
// another install holds it, and returns the function that releases it.
// Installs into one world run one after the other, so none sees another's
// half-done work (a zip being replaced, an old folder moved aside) and
// takes it for someone else's pack. The lock is a file created
// exclusively, which every platform and file system supports.
//
// It stops waiting when ctx is done, returning ctx's error.
func lockWorld(ctx context.Context, dir string) (unlock func(), err error) {
	path := filepath.Join(dir, lockName)
	deadline := time.Now().Add(lockWait)
	for {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			_, werr := fmt.Fprintf(f, "mcgomoku install, process %d on %s, since %s\n", os.Getpid(), hostname(), time.Now().UTC().Format(time.RFC3339))
			if cerr := f.Close(); werr == nil {
				werr = cerr
			}
			if werr != nil {
				os.Remove(path)
				return nil, fmt.Errorf("install: writing the lock %s: %w", path, werr)
			}
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("install: cannot take the lock %s: %w", path, errors.Unwrap(err))
		}
		if fi, err := os.Stat(path); err == nil && time.Since(fi.ModTime()) > lockStale {
			os.Remove(path) // left by an install that was killed
			continue
		}
		if holder, err := os.ReadFile(path); err == nil && holderGone(string(holder)) {
			// Killed on this machine (SIGKILL, a crash: no clean-up
			// runs): no need to wait for the lock to go stale.
			os.Remove(path)
			continue
		}
		if time.Now().After(deadline) {
			holder, _ := os.ReadFile(path)
			return nil, fmt.Errorf("install: another install into %s has held the lock %s for over %v (%s); if none is running, remove that file",
				dir, path, lockWait, trimNewline(string(holder)))
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("install: waiting for the lock %s: %w", path, ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func trimNewline(s string) string {
	for len(s) > 0 && (s[len(s)-1] == '\n' || s[len(s)-1] == '\r') {
		s = s[:len(s)-1]
	}
	return s
}

// lockHolder reads the process and host a lock names.
var lockHolder = regexp.MustCompile(`^mcgomoku install, process (\d+) on (\S+), since `)

// holderGone reports whether the lock's text names a process of this
// machine that no longer runs. A lock from another machine (a world on a
// shared drive), or in an older form, is never taken for gone: only its
// age says so.
func holderGone(text string) bool {
	m := lockHolder.FindStringSubmatch(text)
	if m == nil || m[2] != hostname() || m[2] == "-" {
		return false
	}
	pid, err := strconv.Atoi(m[1])
	if err != nil || pid == os.Getpid() {
		return false
	}
	return !processAlive(pid)
}

// processAlive reports whether process pid runs, as far as can be told:
// where a process cannot be probed (Windows takes no signal 0), it is
// taken to run.
func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return !errors.Is(err, os.ErrProcessDone)
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || !(errors.Is(err, os.ErrProcessDone) || errors.Is(err, syscall.ESRCH))
}

// hostname names this machine in locks; "-" when it has no usable name.
func hostname() string {
	h, err := os.Hostname()
	if err != nil || strings.ContainsAny(h, " \t\n,") {
		return "-"
	}
	return h
}
