// Package goldenfile compares a test's output with a file under testdata/,
// or rewrites the file when the test runs with -update: the one helper the
// packages' golden tests share.
package goldenfile

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"unicode/utf8"
)

// Check fails t unless got equals the file at path; with update it writes
// got there instead (making its folder), for a change that is intended.
func Check(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (rerun with -update if the change is intended): %s", path, Diff(want, got))
	}
}

// Diff describes where got first departs from want: the line of text on
// each side, or for binary data the sizes.
func Diff(want, got []byte) string {
	if !utf8.Valid(want) || !utf8.Valid(got) {
		return "binary data, " + strconv.Itoa(len(got)) + " bytes against " + strconv.Itoa(len(want))
	}
	wl, gl := bytes.Split(want, []byte("\n")), bytes.Split(got, []byte("\n"))
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g []byte
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if !bytes.Equal(w, g) || (i >= len(wl)) != (i >= len(gl)) {
			return "line " + strconv.Itoa(i+1) + ":\n got  " + quote(g, i < len(gl)) + "\n want " + quote(w, i < len(wl))
		}
	}
	return "same lines, other bytes"
}

func quote(b []byte, present bool) string {
	if !present {
		return "(end of file)"
	}
	return "\"" + string(b) + "\""
}
