package mcvm

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var errAnnot = regexp.MustCompile(`^# error(?:@(\d+))?: (.*)$`)

// TestParseErrorFiles loads each annotated file of testdata/parse_errors
// as a function and checks that exactly the annotated lines fail, with the
// expected message, file, line and (when given) column.
func TestParseErrorFiles(t *testing.T) {
	files, err := filepath.Glob("testdata/parse_errors/*.mcfunction")
	if err != nil || len(files) == 0 {
		t.Fatal("no test files", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			type want struct {
				col  int
				text string
			}
			wants := map[int]want{}
			for i, l := range strings.Split(string(data), "\n") {
				if m := errAnnot.FindStringSubmatch(l); m != nil {
					col, _ := strconv.Atoi(m[1])
					wants[i+2] = want{col, m[2]}
				}
			}
			name := strings.TrimSuffix(filepath.Base(f), ".mcfunction")
			path := "data/e/function/" + name + ".mcfunction"
			_, err = Load(packOf(map[string]string{path: string(data)}), Options{})
			got := map[int]*Error{}
			if err != nil {
				el, ok := err.(ErrorList)
				if !ok {
					t.Fatalf("err is %T: %v", err, err)
				}
				for _, e := range el {
					if e.Pos.File != path {
						t.Errorf("error names file %q, want %q: %v", e.Pos.File, path, e)
					}
					got[e.Pos.Line] = e
				}
			}
			var lines []int
			for l := range wants {
				lines = append(lines, l)
			}
			sort.Ints(lines)
			for _, l := range lines {
				w := wants[l]
				e := got[l]
				if e == nil {
					t.Errorf("line %d: no error, want %q", l, w.text)
					continue
				}
				if !strings.Contains(e.Msg, w.text) {
					t.Errorf("line %d: error %q, want it to contain %q", l, e.Msg, w.text)
				}
				if w.col != 0 && e.Pos.Col != w.col {
					t.Errorf("line %d: column %d, want %d (%v)", l, e.Pos.Col, w.col, e)
				}
				delete(got, l)
			}
			for l, e := range got {
				t.Errorf("line %d: unexpected error %v", l, e)
			}
		})
	}
}
