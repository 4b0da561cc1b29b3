package check

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// versions are the releases whose reports ../shared/mc holds.

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
	for _, v := range ReleaseTrees(mc) {
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

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestBrokenPackGolden checks a pack full of old and wrong syntax and
// compares the report with testdata/broken.<release>.golden (refresh with
// go test ./datapack/check -run Golden -update).
func TestBrokenPackGolden(t *testing.T) {
	p := readDir(t, filepath.Join("testdata", "broken"))
	for _, r := range loadReleases(t) {
		var b strings.Builder
		for _, pr := range Pack(p, r.tree, r.reg) {
			b.WriteString(pr.String() + "\n")
		}
		golden := filepath.Join("testdata", "broken."+r.name+".golden")
		if *update {
			if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if b.String() != string(want) {
			t.Errorf("%s: report differs from %s:\ngot:\n%s\nwant:\n%s", r.name, golden, b.String(), want)
		}
	}
}

// TestEveryParserTypeImplemented walks both trees: every parser type they
// use must have a parser here, or the checker would report "unsupported"
// for a valid command.
func TestEveryParserTypeImplemented(t *testing.T) {
	c := &checker{}
	for _, r := range loadReleases(t) {
		seen := map[string]bool{}
		var walk func(n *Node)
		walk = func(n *Node) {
			for _, ch := range n.Children {
				if ch.Kind == ArgumentNode && !seen[ch.Parser] {
					seen[ch.Parser] = true
					c.tree = r.tree
					if _, err := c.parseArg(ch, &reader{Text: "x"}); err != nil && strings.Contains(err.Msg, "unsupported") {
						t.Errorf("%s: parser %s (at %q) is not implemented", r.name, ch.Parser, ch.path())
					}
				}
				walk(ch)
			}
		}
		walk(r.tree.Root)
	}
}
