package doccheck

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// The convention of docs/configuration.md: every key of the default
// config appears in a code span as its full dotted path
// (`lookahead.depth`). In a table whose keys the user names (the levels,
// the tuned weights), that part of the path is written <name> (or any
// other <word>): `lookahead.levels.<name>.depth` stands for the key depth
// of every level. A path's first and last parts are always written out,
// so every key's own name is in the document. A table with no keys of its
// own, like [lookahead.levels.quick], is a key too.

// docPath is a dotted path as the document writes it.
var docPath = regexp.MustCompile(`^[A-Za-z0-9_-]+(\.([A-Za-z0-9_-]+|<[a-z_]+>))*\.[A-Za-z0-9_-]+$|^[A-Za-z0-9_-]+$`)

// configKeys returns the dotted path of every key of a TOML file, each a
// list of its parts: values, and tables that hold nothing.
func configKeys(src []byte) ([][]string, error) {
	var m map[string]any
	if err := toml.Unmarshal(src, &m); err != nil {
		return nil, err
	}
	var out [][]string
	var walk func(prefix []string, m map[string]any)
	walk = func(prefix []string, m map[string]any) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			path := append(slices.Clone(prefix), k)
			if sub, ok := m[k].(map[string]any); ok && len(sub) > 0 {
				walk(path, sub)
				continue
			}
			out = append(out, path)
		}
	}
	walk(nil, m)
	return out, nil
}

// covers says whether the documented path (split at its dots) names key.
func covers(doc, key []string) bool {
	if len(doc) != len(key) {
		return false
	}
	for i := range doc {
		if doc[i] != key[i] && !strings.HasPrefix(doc[i], "<") {
			return false
		}
	}
	return true
}

// undocumentedKeys returns the dotted path of every key of the TOML file
// that no code span of the Markdown document names.
func undocumentedKeys(tomlSrc, mdSrc []byte) ([]string, error) {
	keys, err := configKeys(tomlSrc)
	if err != nil {
		return nil, err
	}
	var paths [][]string
	for _, c := range parse(mdSrc).code {
		if docPath.MatchString(c) {
			paths = append(paths, strings.Split(c, "."))
		}
	}
	var missing []string
	for _, k := range keys {
		if !slices.ContainsFunc(paths, func(p []string) bool { return covers(p, k) }) {
			missing = append(missing, strings.Join(k, "."))
		}
	}
	return missing, nil
}

// TestConfigurationCoversDefault: docs/configuration.md names every key
// of examples/default.toml, so a key added to the config without its
// documentation fails here by name.
func TestConfigurationCoversDefault(t *testing.T) {
	cfg, err := os.ReadFile(filepath.Join(repoRoot, "examples", "default.toml"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(repoRoot, "docs", "configuration.md"))
	if err != nil {
		t.Fatal(err)
	}
	keys, err := configKeys(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) < 100 {
		t.Fatalf("examples/default.toml has %d keys: the walk lost some", len(keys))
	}
	missing, err := undocumentedKeys(cfg, doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range missing {
		t.Errorf("docs/configuration.md does not document key %s of examples/default.toml: add `%s` to it (see the page's convention)", k, k)
	}
}

// TestConfigurationCatchesPlantedKey: a key the document leaves out is
// named, in a plain table, under a table of named entries and as a table
// with no keys; <name> stands for one part of a path and no more.
func TestConfigurationCatchesPlantedKey(t *testing.T) {
	cfg := []byte(`
[game]
size = 15
planted = 1

[lookahead.levels.quick]

[lookahead.levels.slow]
depth = 5
planted_budget = 7

[lookahead.levels.empty]

[tune.params]
"weights.centre" = { min = 0, max = 40, step = 2 }
`)
	doc := []byte("# Keys\n\n" +
		"| key | meaning |\n|---|---|\n" +
		"| `game.size` | cells |\n" +
		"| `lookahead.levels.quick` | a level |\n" +
		"| `lookahead.levels.<name>.depth` | plies |\n" +
		"| `tune.params.<key>.min`, `tune.params.<key>.max`, `tune.params.<key>.step` | bounds |\n\n" +
		"Not a path: `lookahead.<x>`, and not in a code span: lookahead.levels.empty.\n\n" +
		"```toml\n[game]\nplanted = 1\n```\n")
	missing, err := undocumentedKeys(cfg, doc)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"game.planted", "lookahead.levels.empty", "lookahead.levels.slow.planted_budget"}
	if !slices.Equal(missing, want) {
		t.Errorf("missing %q, want %q", missing, want)
	}
}
