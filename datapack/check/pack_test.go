package check

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/datapack/reports"
)

type release struct {
	name string
	tree *Tree
	reg  *Registries
}

// loadReleases returns the tree and registries of every embedded
// release, oldest first.
func loadReleases(t testing.TB) []release {
	t.Helper()
	var out []release
	for _, v := range reports.Releases() {
		tree, reg, err := Embedded(v)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, release{v, tree, reg})
	}
	return out
}

// TestLoadVersionReadsAReportsFolder: a user's reports folder (as
// mcgomoku check --reports reads it) loads as the embedded copy of the
// same release does, named after the folder.
func TestLoadVersionReadsAReportsFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "26.1")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	c, _ := reports.Commands("26.1")
	r, _ := reports.Registries("26.1")
	os.WriteFile(filepath.Join(dir, "commands.json"), c, 0o644)
	os.WriteFile(filepath.Join(dir, "registries.json"), r, 0o644)
	tree, reg, err := LoadVersion(dir)
	if err != nil {
		t.Fatal(err)
	}
	etree, ereg, err := Embedded("26.1")
	if err != nil {
		t.Fatal(err)
	}
	if tree.Version != "26.1" || len(tree.Root.Children) != len(etree.Root.Children) || reg == nil ||
		!reg.Has("minecraft:block", "minecraft:stone") || reg.Has("minecraft:block", "minecraft:stonee") || !ereg.Has("minecraft:block", "minecraft:stone") {
		t.Errorf("LoadVersion(%s): version %q, %d commands (embedded %d), registries %v", dir, tree.Version, len(tree.Root.Children), len(etree.Root.Children), reg != nil)
	}
	if _, _, err := Embedded("1.21.6"); err == nil || !strings.Contains(err.Error(), "known releases: 1.21.5, 1.21.11, 26.1, 26.2") {
		t.Errorf("Embedded(1.21.6): %v; want an error naming the embedded releases", err)
	}
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
