package check

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// versions are the releases whose reports ../shared/mc holds.
var versions = []string{"1.21.11", "26.2"}

// sharedMC finds ../shared/mc relative to the repository root.
func sharedMC(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("skipping: repository root (go.mod) not found")
		}
		dir = parent
	}
	mc := filepath.Join(dir, "..", "shared", "mc")
	if _, err := os.Stat(filepath.Join(mc, "26.2", "commands.json")); err != nil {
		t.Skipf("skipping: Mojang's reports are not in %s (expected ../shared/mc/<version>/commands.json next to the repository)", mc)
	}
	return mc
}

type release struct {
	name string
	tree *Tree
	reg  *Registries
}

var loaded = map[string]release{}

func loadReleases(t testing.TB) []release {
	t.Helper()
	mc := sharedMC(t)
	var out []release
	for _, v := range versions {
		r, ok := loaded[v]
		if !ok {
			tree, reg, err := LoadVersion(filepath.Join(mc, v))
			if err != nil {
				t.Fatal(err)
			}
			r = release{v, tree, reg}
			loaded[v] = r
		}
		out = append(out, r)
	}
	return out
}

// readDir loads a pack folder (the test's own reader, so these tests do not
// depend on datapack.Read).
func readDir(t testing.TB, dir string) *datapack.Pack {
	t.Helper()
	p := datapack.New()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		p.Files[filepath.ToSlash(rel)] = b
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestHandWrittenPackIsClean(t *testing.T) {
	p := readDir(t, filepath.Join("testdata", "gomoku"))
	for _, r := range loadReleases(t) {
		probs := Pack(p, r.tree, r.reg)
		if len(probs) > 0 {
			var b strings.Builder
			for _, pr := range probs {
				b.WriteString("\n" + pr.String())
			}
			t.Errorf("%s: got %d problems, want 0:%s", r.name, len(probs), b.String())
		}
	}
}
