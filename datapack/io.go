package datapack

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mcgomoku/mcgomoku/internal/atomicfile"
)

// zipTime is the timestamp of every zip entry, so the same pack always
// zips to the same bytes.
var zipTime = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// Limits for reading packs, so a hostile or broken zip cannot exhaust
// memory. Real packs are far smaller (ours is a few hundred kilobytes).
const (
	maxFileSize  = 64 << 20
	maxTotalSize = 512 << 20
	maxEntries   = 100_000
)

// testHookBeforeCommit, when set by a test, runs after the new pack is fully
// written to its temporary name and before it replaces dest; an error makes
// the write fail there, as a full disk or a crash would.
var testHookBeforeCommit func(tmp string) error

// CheckPath reports why p cannot be a file path inside a pack: paths are
// relative, slash-separated, without empty, "." or ".." segments, and
// without backslashes or colons (which some platforms read as separators or
// drive letters).
func CheckPath(p string) error {
	switch {
	case p == "":
		return errors.New("empty path")
	case strings.HasPrefix(p, "/"):
		return fmt.Errorf("absolute path %q", p)
	case strings.ContainsAny(p, "\\:"):
		return fmt.Errorf("path %q contains a backslash or colon", p)
	case strings.ContainsRune(p, 0):
		return fmt.Errorf("path %q contains a NUL byte", p)
	}
	for _, seg := range strings.Split(p, "/") {
		switch seg {
		case "":
			return fmt.Errorf("path %q has an empty segment", p)
		case ".", "..":
			return fmt.Errorf("path %q has a %q segment (paths may not leave or re-enter the pack)", p, seg)
		}
	}
	return nil
}

// checkPaths validates every path, and that no file is also a folder of
// another file ("a" and "a/b"), which no file system or pack can hold.
func (p *Pack) checkPaths() error {
	for _, path := range p.Paths() {
		if err := CheckPath(path); err != nil {
			return fmt.Errorf("invalid pack file: %w", err)
		}
		for i := strings.IndexByte(path, '/'); i >= 0; i = next(path, i) {
			if _, clash := p.Files[path[:i]]; clash {
				return fmt.Errorf("invalid pack file: %q is both a file and the folder of %q", path[:i], path)
			}
		}
	}
	return nil
}

func next(s string, i int) int {
	j := strings.IndexByte(s[i+1:], '/')
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

// WriteZip writes the pack as a zip archive: entries in sorted path order,
// deflated at the best level, timestamped 2000-01-01 00:00 UTC, mode 0644,
// no folder entries. The same pack always yields the same bytes (for a
// given Go version's deflate).
func (p *Pack) WriteZip(w io.Writer) error {
	if err := p.checkPaths(); err != nil {
		return err
	}
	zw := zip.NewWriter(w)
	// One compressor for every entry: a best-level flate.Writer allocates
	// about 1 MB of tables, and a pack has thousands of small files. Reset
	// gives the same output as a fresh writer; the zip writer closes each
	// entry's compressor before asking for the next.
	var fl *flate.Writer
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		if fl == nil {
			var err error
			fl, err = flate.NewWriter(out, flate.BestCompression)
			return fl, err
		}
		fl.Reset(out)
		return fl, nil
	})
	for _, path := range p.Paths() {
		h := &zip.FileHeader{Name: path, Method: zip.Deflate, Modified: zipTime}
		h.SetMode(0o644)
		fw, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := fw.Write(p.Files[path]); err != nil {
			return err
		}
	}
	return zw.Close()
}

// Write writes the pack to dest: a zip archive when dest ends in ".zip",
// otherwise a folder. Either way the result appears at once or not at all:
// a zip is written to a temporary file beside dest and renamed over it; a
// folder is built in a temporary sibling and swapped in. An existing folder
// is replaced only if it is empty or a pack written by mcgomoku (see
// MarkerKey); an existing zip file is overwritten, as any output file is.
// Errors name dest, never the temporary names.
func Write(p *Pack, dest string) error {
	dest = filepath.Clean(dest)
	if err := p.checkPaths(); err != nil {
		return fmt.Errorf("write %s: %w", dest, err)
	}
	if err := atomicfile.CheckFolder(dest); err != nil {
		return err
	}
	if strings.EqualFold(filepath.Ext(dest), ".zip") {
		return writeZipFile(context.Background(), p, dest)
	}
	return writeFolder(p, dest)
}

// writeZipFile writes the zip beside dest and renames it over dest,
// unless ctx is done first: then the temporary file is removed and dest
// is as it was.
func writeZipFile(ctx context.Context, p *Pack, dest string) (err error) {
	if fi, err := os.Lstat(dest); err == nil && fi.IsDir() {
		return fmt.Errorf("write %s: a folder of that name is in the way", dest)
	}
	dir, base := filepath.Split(dest)
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return atomicfile.Errorf(dest, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
			err = atomicfile.Errorf(dest, err)
		}
	}()
	if err := p.WriteZip(tmp); err != nil {
		return err
	}
	// Flush to disk before the rename, so a crash cannot leave a renamed
	// but empty zip in place of the old one.
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	if testHookBeforeCommit != nil {
		if err := testHookBeforeCommit(tmp.Name()); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), dest)
}

func writeFolder(p *Pack, dest string) (err error) {
	replace := false
	if fi, err := os.Lstat(dest); err == nil {
		if !fi.IsDir() {
			return fmt.Errorf("write %s: a file of that name is in the way", dest)
		}
		// An empty folder holds nothing to lose: the user made it for
		// the pack.
		empty, err := isEmptyDir(dest)
		if err != nil {
			return atomicfile.Errorf(dest, err)
		}
		if !empty {
			ours, why, err := ourPack(dest)
			if err != nil {
				return atomicfile.Errorf(dest, err)
			}
			if !ours {
				return fmt.Errorf("refusing to replace %s: %s; it is not a pack written by mcgomoku", dest, why)
			}
		}
		replace = true
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("write %s: %w", dest, err)
	}

	dir, base := filepath.Split(filepath.Clean(dest))
	tmp, err := os.MkdirTemp(dir, "."+base+".tmp-")
	if err != nil {
		return atomicfile.Errorf(dest, err)
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
			err = atomicfile.Errorf(dest, err)
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil { // MkdirTemp makes it 0700
		return err
	}
	for _, path := range p.Paths() {
		full := filepath.Join(tmp, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(full, p.Files[path], 0o644); err != nil {
			return err
		}
	}
	if testHookBeforeCommit != nil {
		if err := testHookBeforeCommit(tmp); err != nil {
			return err
		}
	}
	if !replace {
		return os.Rename(tmp, dest)
	}
	// Two renames: the old pack steps aside, the new one takes its name.
	// If the second fails the old one goes back, so dest is never missing
	// or half-written.
	old := tmp + ".old"
	if err := os.Rename(dest, old); err != nil {
		return err
	}
	if err := os.Rename(tmp, dest); err != nil {
		if err2 := os.Rename(old, dest); err2 != nil {
			return fmt.Errorf("%w; restoring the old pack also failed, it is at %s: %v", err, old, err2)
		}
		return err
	}
	if err := os.RemoveAll(old); err != nil {
		return fmt.Errorf("new pack written, but removing the old one at %s failed: %w", old, err)
	}
	return nil
}

// isEmptyDir reports whether the folder dir has no entries.
func isEmptyDir(dir string) (bool, error) {
	f, err := os.Open(dir)
	if err != nil {
		return false, err
	}
	defer f.Close()
	names, err := f.Readdirnames(1)
	if errors.Is(err, io.EOF) {
		return true, nil
	}
	return len(names) == 0, err
}

// Read reads a pack from a folder or a zip file.
func Read(src string) (*Pack, error) {
	fi, err := os.Stat(src)
	if err != nil {
		return nil, fmt.Errorf("read pack: %w", err)
	}
	if fi.IsDir() {
		return readFolder(src)
	}
	zr, err := zip.OpenReader(src)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) { // readZip judges paths itself
		return nil, fmt.Errorf("read pack %s: not a zip file or folder: %w", src, err)
	}
	defer zr.Close()
	p, err := readZip(&zr.Reader)
	if err != nil {
		return nil, fmt.Errorf("read pack %s: %w", src, err)
	}
	return p, nil
}

// ReadZip reads a pack from zip bytes; name is used in errors.
func ReadZip(data []byte, name string) (*Pack, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, fmt.Errorf("read pack %s: not a zip file: %w", name, err)
	}
	p, err := readZip(zr)
	if err != nil {
		return nil, fmt.Errorf("read pack %s: %w", name, err)
	}
	return p, nil
}

func readZip(zr *zip.Reader) (*Pack, error) {
	if len(zr.File) > maxEntries {
		return nil, fmt.Errorf("%d entries is more than the %d a pack may have", len(zr.File), maxEntries)
	}
	p := New()
	var total int64
	for _, f := range zr.File {
		name := f.Name
		if dir, ok := strings.CutSuffix(name, "/"); ok { // folder entries carry no data
			if err := CheckPath(dir); err != nil {
				return nil, fmt.Errorf("zip entry %q: %w", name, err)
			}
			continue
		}
		if err := CheckPath(name); err != nil {
			return nil, fmt.Errorf("zip entry %q: %w", name, err)
		}
		if _, dup := p.Files[name]; dup {
			return nil, fmt.Errorf("zip entry %q appears twice", name)
		}
		if f.UncompressedSize64 > maxFileSize {
			return nil, fmt.Errorf("zip entry %q: %d bytes is more than the %d a pack file may have", name, f.UncompressedSize64, maxFileSize)
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("zip entry %q: %w", name, err)
		}
		// The header's size may lie; the limit holds regardless.
		data, err := io.ReadAll(io.LimitReader(rc, maxFileSize+1))
		rc.Close()
		if err != nil {
			return nil, fmt.Errorf("zip entry %q: %w", name, err)
		}
		if len(data) > maxFileSize {
			return nil, fmt.Errorf("zip entry %q is more than %d bytes", name, maxFileSize)
		}
		if total += int64(len(data)); total > maxTotalSize {
			return nil, fmt.Errorf("more than %d bytes uncompressed", maxTotalSize)
		}
		p.Files[name] = data
	}
	if err := p.checkPaths(); err != nil {
		return nil, err
	}
	return p, nil
}

func readFolder(src string) (*Pack, error) {
	p := New()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s is not a regular file (symbolic links and devices are not read)", path)
		}
		key := filepath.ToSlash(rel)
		if err := CheckPath(key); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		p.Files[key] = data
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read pack %s: %w", src, err)
	}
	return p, nil
}

// IsOurPack reports whether the zip or folder at path is a pack written by
// mcgomoku: its pack.mcmeta parses and has the MarkerKey section.
func IsOurPack(path string) (bool, error) {
	ours, _, err := ourPack(path)
	return ours, err
}

// ourPack is IsOurPack that also says why a pack is not ours. Only I/O
// errors are errors; anything unreadable as a pack is simply not ours.
func ourPack(path string) (ours bool, why string, err error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return false, "", err
	}
	var meta []byte
	switch {
	case fi.IsDir():
		meta, err = os.ReadFile(filepath.Join(path, "pack.mcmeta"))
		if errors.Is(err, fs.ErrNotExist) {
			return false, "it has no pack.mcmeta", nil
		}
		if err != nil {
			return false, "", err
		}
	case fi.Mode().IsRegular():
		zr, err := zip.OpenReader(path)
		if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
			return false, "it is not a zip file", nil
		}
		defer zr.Close()
		f, err := zr.Open("pack.mcmeta")
		if err != nil {
			return false, "it has no pack.mcmeta", nil
		}
		defer f.Close()
		meta, err = io.ReadAll(io.LimitReader(f, 1<<20))
		if err != nil {
			return false, "its pack.mcmeta is unreadable", nil
		}
	default:
		return false, "it is neither a regular file nor a folder", nil
	}
	m, err := ParseMCMeta(meta)
	if err != nil {
		return false, "its pack.mcmeta does not parse", nil
	}
	if m.Marker == nil {
		return false, fmt.Sprintf("its pack.mcmeta has no %q section", MarkerKey), nil
	}
	return true, "", nil
}
