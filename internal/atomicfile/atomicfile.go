// Package atomicfile writes files so that a reader sees the old content or
// the new, never half of it, and so that errors name the file the user
// asked for, not the temporary file beside it.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Write writes data to path through a temporary file in the same folder,
// synced and then renamed over path, with mode 0644. Errors read
// "write PATH: what went wrong".
func Write(path string, data []byte) (err error) {
	if err := CheckFolder(path); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return Errorf(path, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			os.Remove(tmp)
			err = Errorf(path, err)
		}
	}()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	return err
}

// CheckFolder reports, naming path, why a file cannot be created at path
// because its folder is missing or is not a folder.
func CheckFolder(path string) error {
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("write %s: folder %s does not exist", path, dir)
	case err != nil:
		return Errorf(path, err)
	case !fi.IsDir():
		return fmt.Errorf("write %s: %s is not a folder", path, dir)
	}
	return nil
}

// Errorf wraps err, an error from writing path by way of a temporary
// file, as "write PATH: cause": the temporary name in a *fs.PathError or
// *os.LinkError means nothing to the user, so only the cause is kept.
func Errorf(path string, err error) error {
	return fmt.Errorf("write %s: %w", path, Cause(err))
}

// Cause strips the path from a *fs.PathError or *os.LinkError.
func Cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
