package mcgomoku_test

// The import graph is the architecture (ARCHITECTURE.md, "Allowed
// arrows"): data flows one way, from configs to packs and from packs and
// models to players, matches and tuning. Go forbids cycles but not an arrow
// that runs against that flow (the generator importing the players, say,
// which would pull the interpreter, the search engine and os/exec into
// every pack build). This test holds the graph to a written table, so a
// new arrow is a reviewed change to the table and to ARCHITECTURE.md.

import (
	"go/build"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/mcgomoku/mcgomoku"

// allowedImports lists, per package of the module (path relative to the
// module root), the module's packages its non-test files may import.
// Tests may import more (the differential proof runs the interpreter
// against the players), which is why only non-test files are read.
var allowedImports = map[string][]string{
	"examples":                            nil,
	"templates":                           nil,
	"datapack":                            {"datapack/syntax", "internal/atomicfile"},
	"datapack/check":                      {"datapack", "datapack/reports", "datapack/syntax", "internal/suggest"},
	"datapack/reports":                    {"datapack"},
	"datapack/reports/internal/build":     {"datapack"},
	"datapack/reports/internal/mkreports": {"datapack/reports/internal/build"},
	"datapack/spyglass":                   {"datapack/reports"},
	"datapack/syntax":                     nil,
	"internal/suggest":                    nil,
	"internal/atomicfile":                 nil,
	"internal/benchgoal":                  nil,
	"internal/fakebrain":                  nil,
	"internal/goldenfile":                 nil,
	"internal/syncbuf":                    nil,
	"sim/game":                            nil,
	"sim/eval":                            {"sim/game"},
	"sim/config":                          {"examples", "internal/suggest", "sim/eval", "sim/game"},
	"sim/mcvm":                            {"datapack", "datapack/check", "datapack/syntax"},
	"sim/packplay":                        {"datapack", "sim/eval", "sim/game", "sim/mcvm", "sim/render"},
	"sim/render":                          nil,
	"sim/search":                          {"sim/config", "sim/eval", "sim/game"},
	"sim/lookahead":                       {"sim/config", "sim/eval", "sim/game"},
	"sim/player":                          {"datapack", "sim/config", "sim/eval", "sim/game", "sim/lookahead", "sim/packplay", "sim/search"},
	"sim/arena":                           {"sim/game", "sim/player"},
	"sim/tune":                            {"internal/atomicfile", "sim/arena", "sim/config", "sim/eval", "sim/game", "sim/player"},
	"sim/packbench":                       {"gen", "internal/benchgoal", "sim/config", "sim/game", "sim/mcvm", "sim/packplay", "sim/player"},
	"sim/nativebench":                     {"internal/benchgoal", "sim/arena", "sim/config", "sim/eval", "sim/game", "sim/player", "sim/tune"},
	"sim/distrib":                         {"sim/arena", "sim/game", "sim/player", "sim/tune"},
	"gen":                                 {"datapack", "datapack/check", "datapack/syntax", "sim/config", "sim/eval", "sim/game", "sim/lookahead", "sim/render", "templates"},
	"cmd/mcgomoku": {"datapack", "datapack/check", "datapack/reports", "examples", "gen", "internal/atomicfile", "sim/arena", "sim/config",
		"sim/distrib", "sim/game", "sim/nativebench", "sim/packbench", "sim/packplay", "sim/player", "sim/render", "sim/tune"},
}

// forbiddenDeps are packages that must not be reached at all, directly or
// through others, from the package named: the generator builds packs and
// runs nothing, so the interpreter, the players, the search engine and
// process spawning stay out of it.
var forbiddenDeps = map[string][]string{
	"gen":            {module + "/sim/mcvm", module + "/sim/packplay", module + "/sim/player", module + "/sim/search", "os/exec"},
	"datapack":       {module + "/sim/game", module + "/sim/eval", "os/exec"},
	"datapack/check": {module + "/sim/game", module + "/sim/eval", "os/exec"},
}

// modulePackages returns every package directory of the module, relative
// to the root, with its non-test imports of the module's packages.
func modulePackages(t *testing.T) map[string][]string {
	t.Helper()
	pkgs := map[string][]string{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != "." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if err != nil {
			if _, ok := err.(*build.NoGoError); ok {
				return nil
			}
			return err
		}
		if len(p.GoFiles) == 0 {
			return nil // test files only, like this one's
		}
		var own []string
		for _, imp := range p.Imports {
			if rel, ok := strings.CutPrefix(imp, module+"/"); ok {
				own = append(own, rel)
			}
		}
		pkgs[filepath.ToSlash(path)] = own
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// graphProblems compares the module's packages and their imports with the
// table of allowed arrows, both ways.
func graphProblems(pkgs, allowed map[string][]string) []string {
	var out []string
	for _, pkg := range slices.Sorted(maps.Keys(pkgs)) {
		ok := allowed[pkg]
		if _, listed := allowed[pkg]; !listed {
			out = append(out, "package "+pkg+" is not in allowedImports: add it with the arrows it needs (and to ARCHITECTURE.md)")
			continue
		}
		for _, imp := range pkgs[pkg] {
			if !slices.Contains(ok, imp) {
				out = append(out, pkg+" imports "+imp+", an arrow allowedImports does not list: data flows one way (ARCHITECTURE.md); move the shared code down instead")
			}
		}
		// A stale arrow would let the table, and the document that copies
		// it, describe a graph the code no longer has.
		for _, a := range ok {
			if !slices.Contains(pkgs[pkg], a) {
				out = append(out, "allowedImports lets "+pkg+" import "+a+", which it no longer does: remove the arrow")
			}
		}
	}
	for _, pkg := range slices.Sorted(maps.Keys(allowed)) {
		if _, ok := pkgs[pkg]; !ok {
			out = append(out, "allowedImports names "+pkg+", which is not a package of the module")
		}
	}
	return out
}

func TestImportGraph(t *testing.T) {
	for _, p := range graphProblems(modulePackages(t), allowedImports) {
		t.Error(p)
	}
}

// TestImportGraphCatchesNewArrow proves the check can fail: the real graph
// with one arrow added, gen importing sim/player as it once did, or an
// arrow dropped from the table, must each be reported.
func TestImportGraphCatchesNewArrow(t *testing.T) {
	pkgs := modulePackages(t)
	base := graphProblems(pkgs, allowedImports) // reported by TestImportGraph
	tests := []struct {
		name   string
		mutate func(pkgs, allowed map[string][]string)
		want   string
	}{
		{"gen imports sim/player", func(p, _ map[string][]string) { p["gen"] = append(p["gen"], "sim/player") },
			"gen imports sim/player, an arrow allowedImports does not list"},
		{"datapack imports sim/game", func(p, _ map[string][]string) { p["datapack"] = append(p["datapack"], "sim/game") },
			"datapack imports sim/game, an arrow"},
		{"new package", func(p, _ map[string][]string) { p["sim/extra"] = nil },
			"package sim/extra is not in allowedImports"},
		{"stale arrow", func(_, a map[string][]string) { a["sim/game"] = []string{"sim/eval"} },
			"allowedImports lets sim/game import sim/eval, which it no longer does"},
	}
	for _, tt := range tests {
		p, a := maps.Clone(pkgs), maps.Clone(allowedImports)
		for k, v := range p {
			p[k] = slices.Clone(v)
		}
		tt.mutate(p, a)
		var got []string
		for _, pr := range graphProblems(p, a) {
			if !slices.Contains(base, pr) {
				got = append(got, pr)
			}
		}
		if len(got) != 1 || !strings.Contains(got[0], tt.want) {
			t.Errorf("%s: got problems %q, want one containing %q", tt.name, got, tt.want)
		}
	}
}

// TestArchitectureArrows keeps ARCHITECTURE.md's "Allowed arrows" table
// equal to allowedImports, so the document states the graph the code has.
func TestArchitectureArrows(t *testing.T) {
	data, err := os.ReadFile("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "## Allowed arrows")
	if !ok {
		t.Fatal(`ARCHITECTURE.md has no "## Allowed arrows" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	names := func(cell string) []string {
		var out []string
		for _, f := range strings.Split(cell, ",") {
			if f = strings.Trim(strings.TrimSpace(f), "`"); f != "" && f != "—" {
				out = append(out, f)
			}
		}
		slices.Sort(out)
		return out
	}
	doc := map[string][]string{}
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 4 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		for _, pkg := range names(cells[1]) {
			doc[pkg] = names(cells[2])
		}
	}
	for _, pkg := range slices.Sorted(maps.Keys(allowedImports)) {
		want := slices.Sorted(slices.Values(allowedImports[pkg]))
		got, ok := doc[pkg]
		switch {
		case !ok:
			t.Errorf("ARCHITECTURE.md's arrows table has no row for %s", pkg)
		case !slices.Equal(got, want):
			t.Errorf("ARCHITECTURE.md lets %s import %v, allowedImports %v", pkg, got, want)
		}
	}
	for pkg := range doc {
		if _, ok := allowedImports[pkg]; !ok {
			t.Errorf("ARCHITECTURE.md's arrows table names %s, which allowedImports does not", pkg)
		}
	}
}

// deps returns every package path the package at import path imp depends
// on, transitively, standard library included (go list -deps without the
// go command).
func deps(t *testing.T, imp string, seen map[string]bool) {
	t.Helper()
	if seen[imp] || imp == "C" || imp == "unsafe" {
		return
	}
	seen[imp] = true
	dir := ""
	if rel, ok := strings.CutPrefix(imp, module+"/"); ok {
		dir = rel
	}
	var p *build.Package
	var err error
	if dir != "" {
		p, err = build.ImportDir(dir, 0)
	} else {
		p, err = build.Import(imp, ".", 0)
	}
	if err != nil {
		t.Fatalf("reading %s: %v", imp, err)
	}
	for _, i := range p.Imports {
		deps(t, i, seen)
	}
}

func TestForbiddenDeps(t *testing.T) {
	if _, err := os.Stat("go.mod"); err != nil {
		t.Fatal(err)
	}
	for _, pkg := range slices.Sorted(maps.Keys(forbiddenDeps)) {
		seen := map[string]bool{}
		deps(t, module+"/"+pkg, seen)
		for _, f := range forbiddenDeps[pkg] {
			if seen[f] {
				t.Errorf("%s depends on %s (go list -deps ./%s)", pkg, f, pkg)
			}
		}
	}
}
