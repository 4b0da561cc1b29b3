package reports

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/datapack/reports/internal/build"
)

// TestEveryClaimedEnd: the embedded releases reach from the oldest to the
// newest release the pack claims, and each has every file its readers ask
// for, decompressed into the documents they expect.
func TestEveryClaimedEnd(t *testing.T) {
	rels := Releases()
	lo, hi, err := datapack.DefaultRange.Bounds()
	if err != nil {
		t.Fatal(err)
	}
	if len(rels) == 0 || rels[0] != lo.Name || rels[len(rels)-1] != hi.Name {
		t.Fatalf("embedded releases %v; want them to reach from %s to %s", rels, lo.Name, hi.Name)
	}
	for _, r := range rels {
		c, err := Commands(r)
		if err != nil {
			t.Fatal(err)
		}
		var tree struct {
			Type     string         `json:"type"`
			Children map[string]any `json:"children"`
		}
		if err := json.Unmarshal(c, &tree); err != nil || tree.Type != "root" || tree.Children["scoreboard"] == nil {
			t.Errorf("%s: commands.json is not a command tree with scoreboard (%v)", r, err)
		}
		reg, err := Registries(r)
		if err != nil {
			t.Fatal(err)
		}
		var regs map[string]struct {
			Entries map[string]any `json:"entries"`
		}
		if err := json.Unmarshal(reg, &regs); err != nil || regs["minecraft:block"].Entries["minecraft:stone"] == nil {
			t.Errorf("%s: registries.json has no minecraft:stone block (%v)", r, err)
		}
		for _, name := range SpyglassFiles {
			b, err := Spyglass(r, name)
			if err != nil || len(b) == 0 {
				t.Errorf("%s: Spyglass's %s: %d bytes, %v", r, name, len(b), err)
			}
			if strings.HasSuffix(name, ".tar.gz") {
				if _, err := gzip.NewReader(bytes.NewReader(b)); err != nil {
					t.Errorf("%s: %s is not gzip: %v", r, name, err)
				}
			}
		}
	}
	if b, err := VanillaMcdoc(); err != nil || len(b) == 0 {
		t.Errorf("vanilla-mcdoc: %d bytes, %v", len(b), err)
	}
}

func TestUnknownReleaseNamesTheKnown(t *testing.T) {
	for _, name := range []string{"1.21.6", "27.1", ""} {
		_, err := Commands(name)
		if err == nil || !strings.Contains(err.Error(), "known releases: "+strings.Join(Releases(), ", ")) {
			t.Errorf("Commands(%q): %v; want an error naming the known releases", name, err)
		}
	}
	if _, err := Spyglass("26.2", "blocks.json"); err == nil {
		t.Error("Spyglass(26.2, blocks.json): no error")
	}
	if Has("1.21.6") || !Has("26.2") {
		t.Error("Has is wrong")
	}
}

// TestEmbeddedAreFresh: the embedded files are what mkreports makes from
// the shared reports beside the repository, when they are there (a
// developer's checkout; a clone on its own has only the embedded copies,
// which the other tests check).
func TestEmbeddedAreFresh(t *testing.T) {
	shared := filepath.Join("..", "..", "..", "shared")
	if _, err := os.Stat(filepath.Join(shared, "mc")); err != nil {
		t.Skipf("no shared reports at %s to compare the embedded copies with (a clone on its own)", shared)
	}
	want, err := build.Files(shared)
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	err = filepath.WalkDir("data", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == "SOURCES.md" {
			return err
		}
		rel, _ := filepath.Rel("data", p)
		have = append(have, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range want {
		got, err := files.ReadFile("data/" + name)
		if err != nil || !bytes.Equal(got, b) {
			t.Errorf("data/%s is stale or missing: run go generate ./datapack/reports", name)
		}
	}
	for _, name := range have {
		if _, ok := want[name]; !ok {
			t.Errorf("data/%s is not made from the shared reports: run go generate ./datapack/reports", name)
		}
	}
}

// TestDecompressedEqualsSource: what the readers get back is the source
// byte for byte (the registries reduced to their names).
func TestDecompressedEqualsSource(t *testing.T) {
	shared := filepath.Join("..", "..", "..", "shared")
	src, err := os.ReadFile(filepath.Join(shared, "mc", "26.2", "commands.json"))
	if err != nil {
		t.Skipf("no shared reports beside the repository: %v", err)
	}
	got, err := Commands("26.2")
	if err != nil || !bytes.Equal(got, src) {
		t.Errorf("Commands(26.2) differs from its source (%v)", err)
	}
	bs, _ := os.ReadFile(filepath.Join(shared, "spyglass", "26.2", "block_states.json"))
	got, err = Spyglass("26.2", "block_states.json")
	if err != nil || !bytes.Equal(got, bs) {
		t.Errorf("Spyglass(26.2, block_states.json) differs from its source (%v)", err)
	}
}
