package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Outputs are checked before a run starts, so a path that cannot be
// written fails at once, not after the hours of work it was to hold.
// Nothing is created: the checks read, and probe a folder that exists
// with a temporary file they remove.

// checkOutFile reports why a file could not be written at path: path is
// a folder, or its folder is missing, no folder, or not writable.
func checkOutFile(flag, path string) error {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return usagef("--%s %s: is a folder, want a file", flag, path)
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case missing(err):
		return usagef("--%s %s: the folder %s does not exist", flag, path, dir)
	case err != nil:
		return usagef("--%s %s: %v", flag, path, err)
	case !st.IsDir():
		return usagef("--%s %s: %s is not a folder", flag, path, dir)
	}
	return probeDir(flag, path, dir)
}

// checkOutDir reports why files could not be written into the folder
// path, which is made if missing: path is a file, or the nearest folder
// above it that exists is not writable.
func checkOutDir(flag, path string) error {
	dir := path
	for {
		st, err := os.Stat(dir)
		if err == nil {
			if !st.IsDir() {
				if dir == path {
					return usagef("--%s %s: is a file, want a folder", flag, path)
				}
				return usagef("--%s %s: %s is a file, not a folder", flag, path, dir)
			}
			return probeDir(flag, path, dir)
		}
		if !missing(err) {
			return usagef("--%s %s: %v", flag, path, err)
		}
		up := filepath.Dir(dir)
		if up == dir {
			return usagef("--%s %s: no folder of it exists", flag, path)
		}
		dir = up
	}
}

// missing reports whether a stat failed for want of the path: it does
// not exist, or a file stands where a folder of it should.
func missing(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// probeDir makes and removes a file in dir, the one sure test that files
// can be written there (permissions, a read-only mount, ACLs).
func probeDir(flag, path, dir string) error {
	f, err := os.CreateTemp(dir, ".mcgomoku-probe-*")
	if err != nil {
		return usagef("--%s %s: cannot write in %s: %v", flag, path, dir, unwrapPath(err))
	}
	name := f.Name()
	f.Close()
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("--%s: removing the probe %s: %w", flag, name, err)
	}
	return nil
}

// unwrapPath drops a *PathError's operation and path (the probe's
// temporary name), keeping the reason.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// output is a path a command will write: a file, or a folder of files.
type output struct {
	flag, path string
	dir        bool
}

// checkOutputs checks the outputs given (those with a path), in order,
// and returns the first failure.
func checkOutputs(outs ...output) error {
	for _, o := range outs {
		var err error
		switch {
		case o.path == "":
			continue
		case o.dir:
			err = checkOutDir(o.flag, o.path)
		default:
			err = checkOutFile(o.flag, o.path)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
