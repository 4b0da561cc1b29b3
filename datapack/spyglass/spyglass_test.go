package spyglass

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/datapack/reports"
)

// The test packs: bad has planted mistakes, clean has none.
var (
	badPack   = filepath.Join("testdata", "bad")
	cleanPack = filepath.Join("testdata", "clean")
)

// releasesSet is -spyglass, as gen's tests take it, so that one command
// runs both packages' Spyglass tests in full (.ci/run).
var releasesSet = flag.String("spyglass", "quick", `the releases the fixtures are checked on: "quick" (1.21.11 and 26.2, either side of the entity predicate change) or "full" (every release; .ci/run)`)

// testReleases are the releases the slow tests run on: every one with
// -spyglass full, else the two that tell the advancement predicate case
// apart (binding each release's vanilla files takes Node some 9 s).
func testReleases() []string {
	if *releasesSet == "full" {
		return Releases
	}
	return []string{"1.21.11", "26.2"}
}

// results runs Spyglass once over both test packs for every test release;
// binding the vanilla files dominates, so the tests share one run.
var results = sync.OnceValues(func() (map[string]Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	// Compare: every fixture is also checked by Spyglass's own
	// analyzeProject, which must say the same as the runner's shortcut.
	r := Runner{Compare: true}
	rels := testReleases()
	res, err := r.Run(ctx, rels, []string{badPack, cleanPack})
	if err != nil {
		return nil, err
	}
	byKey := map[string]Result{}
	for _, x := range res {
		byKey[x.Release+" "+filepath.Base(x.Pack)] = x
	}
	return byKey, nil
})

func result(t *testing.T, release, pack string) Result {
	t.Helper()
	if err := Available(); err != nil {
		t.Skipf("skipping the Spyglass check: %v", err)
	}
	if raceEnabled {
		t.Skip("skipping Spyglass's own runs under the race detector: they run Node, and the plain run makes them")
	}
	all, err := results()
	if err != nil {
		t.Fatal(err)
	}
	res, ok := all[release+" "+filepath.Base(pack)]
	if !ok {
		t.Fatalf("no result for %s on %s", pack, release)
	}
	return res
}

// finding is what a planted mistake must (or must not) produce.
type finding struct {
	file, severity, message string
	line                    int
}

func (f finding) in(ds []Diagnostic) bool {
	for _, d := range ds {
		if d.File == f.file && d.Line == f.line && d.Severity == f.severity && strings.Contains(d.Message, f.message) {
			return true
		}
	}
	return false
}

func TestPlantedMistakes(t *testing.T) {
	misspelled := finding{"data/demo/function/load.mcfunction", "error", "Expected “advancement”", 2}
	unknownFunction := finding{"data/demo/function/load.mcfunction", "warning", "Cannot find function “demo:no_such_function”", 3}
	// The vanilla dimensions are declared from the world preset (run.mjs
	// adds them to the registries it serves); others are not.
	unknownDimension := finding{"data/demo/function/load.mcfunction", "warning", "Cannot find dimension “minecraft:overworlds”", 4}
	// 26.2 made an entity predicate a map keyed by sub-predicate type, so
	// "type" there is read as an unknown sub-predicate.
	oldPredicate := finding{"data/demo/advancement/click.json", "warning", "Cannot find entity_sub_predicate_type “minecraft:type”", 11}
	tests := []struct {
		release   string
		want, not []finding
	}{
		{"1.21.5", []finding{misspelled, unknownFunction, unknownDimension}, []finding{oldPredicate}},
		{"1.21.11", []finding{misspelled, unknownFunction, unknownDimension}, []finding{oldPredicate}},
		{"26.1", []finding{misspelled, unknownFunction, unknownDimension}, []finding{oldPredicate}},
		{"26.2", []finding{misspelled, unknownFunction, oldPredicate, unknownDimension}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.release, func(t *testing.T) {
			if !strings.Contains(strings.Join(testReleases(), " "), tt.release) {
				t.Skipf("%s runs only with -spyglass full", tt.release)
			}
			res := result(t, tt.release, badPack)
			got := Filter(res, Allowed)
			for _, f := range tt.want {
				if !f.in(got) {
					t.Errorf("Spyglass missed %s:%d %s %q; it said:\n%s", f.file, f.line, f.severity, f.message, list(got))
				}
			}
			for _, f := range tt.not {
				if f.in(got) {
					t.Errorf("Spyglass flagged %s:%d %q, valid on %s", f.file, f.line, f.message, tt.release)
				}
			}
			// click.json is otherwise valid: nothing else may be said of it.
			for _, d := range got {
				if d.File == oldPredicate.file && !oldPredicate.in([]Diagnostic{d}) {
					t.Errorf("unexpected diagnostic on %s: %s", tt.release, d)
				}
			}
		})
	}
}

func TestCleanPack(t *testing.T) {
	for _, rel := range Releases {
		t.Run(rel, func(t *testing.T) {
			if !strings.Contains(strings.Join(testReleases(), " "), rel) {
				t.Skipf("%s runs only with -spyglass full", rel)
			}
			res := result(t, rel, cleanPack)
			if got := Filter(res, Allowed); len(got) > 0 {
				t.Errorf("clean pack on %s:\n%s", rel, list(got))
			}
			// The allow-list entry for pack.mcmeta is still needed; drop it
			// if Spyglass stops saying so.
			if len(res.Diagnostics) == 0 {
				t.Errorf("clean pack on %s: no diagnostic at all, so Allowed's pack.mcmeta entry is stale", rel)
			}
		})
	}
}

func list(ds []Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString("\t" + d.String() + "\n")
	}
	return b.String()
}

func TestAllowedEntriesSayWhy(t *testing.T) {
	for i, a := range Allowed {
		if strings.TrimSpace(a.Reason) == "" || a.Message == "" || a.File == "" || a.Release == "" {
			t.Errorf("Allowed[%d] = %+v: every field must be set, the reason above all", i, a)
		}
		if _, err := filepath.Match(a.File, ""); err != nil {
			t.Errorf("Allowed[%d]: bad glob %q: %v", i, a.File, err)
		}
	}
}

func TestAllowMatch(t *testing.T) {
	d := Diagnostic{File: "data/x/function/a.mcfunction", Line: 1, Col: 1, Severity: "warning", Message: "Unknown key “foo”"}
	tests := []struct {
		name    string
		a       Allow
		release string
		want    bool
	}{
		{"any release", Allow{"*", "data/*/function/*.mcfunction", "key “foo”", "r"}, "26.2", true},
		{"that release", Allow{"26.2", "data/*/function/*.mcfunction", "key", "r"}, "26.2", true},
		{"other release", Allow{"26.1", "data/*/function/*.mcfunction", "key", "r"}, "26.2", false},
		{"other file", Allow{"*", "pack.mcmeta", "key", "r"}, "26.2", false},
		{"glob stops at /", Allow{"*", "data/*", "key", "r"}, "26.2", false},
		{"other message", Allow{"*", "data/*/function/*.mcfunction", "bar", "r"}, "26.2", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.a.Match(tt.release, d); got != tt.want {
				t.Errorf("Match = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestRunRejectsBadArguments(t *testing.T) {
	var r Runner
	tests := []struct {
		name            string
		releases, packs []string
		want            string
	}{
		{"no release", nil, []string{cleanPack}, "at least one release"},
		{"unknown release", []string{"1.20"}, []string{cleanPack}, `release "1.20"`},
		{"not a pack", []string{"26.2"}, []string{"testdata"}, "not an unpacked data pack"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := r.Run(context.Background(), tt.releases, tt.packs)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Run error = %v, want one saying %q", err, tt.want)
			}
		})
	}
}

func TestInstallLock(t *testing.T) {
	lock := filepath.Join(t.TempDir(), "x.lock")
	tests := []struct {
		name  string
		age   time.Duration // of a lock already there; 0: none
		freed bool          // the holder removes it soon
		want  string        // in the error; "" for success
	}{
		{"free", 0, false, ""},
		{"held, then freed", time.Second, true, ""},
		{"left by a killed install", 2 * installLockStale, false, ""},
		{"held too long", time.Second, false, "has held"},
	}
	defer func(w time.Duration) { installLockWait = w }(installLockWait)
	installLockWait = 500 * time.Millisecond
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(lock)
			if tt.age > 0 {
				if err := os.WriteFile(lock, []byte("holder\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				old := time.Now().Add(-tt.age)
				os.Chtimes(lock, old, old)
			}
			if tt.freed {
				time.AfterFunc(150*time.Millisecond, func() { os.Remove(lock) })
			}
			unlock, err := takeLock(context.Background(), lock)
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				unlock()
				if _, err := os.Stat(lock); !os.IsNotExist(err) {
					t.Errorf("unlock left %s", lock)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("takeLock error = %v, want one saying %q", err, tt.want)
			}
		})
	}
}

// TestInputsWrittenOnce: the embedded inputs are laid out as run.mjs reads
// them, in a folder named by their digest that a second call reuses, and
// nothing half-written is left beside it.
func TestInputsWrittenOnce(t *testing.T) {
	parent := t.TempDir()
	files := map[string][]byte{"26.2/commands.json": []byte("{}"), "vanilla-mcdoc.tar.gz": []byte("x")}
	dir, err := writeOnce(parent, files)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "26.2", "commands.json")); err != nil || string(b) != "{}" {
		t.Errorf("26.2/commands.json: %q, %v", b, err)
	}
	again, err := writeOnce(parent, files)
	if err != nil || again != dir {
		t.Errorf("second write: %s, %v; want the same folder %s", again, err, dir)
	}
	files["vanilla-mcdoc.tar.gz"] = []byte("y")
	other, err := writeOnce(parent, files)
	if err != nil || other == dir {
		t.Errorf("changed inputs: %s, %v; want a new folder", other, err)
	}
	entries, _ := os.ReadDir(parent)
	if len(entries) != 2 {
		t.Errorf("%s holds %d entries, want the two input folders only", parent, len(entries))
	}
}

// TestEmbeddedInputsAreTheReports: the default inputs hold every file
// run.mjs serves for each release, from the embedded reports.
func TestEmbeddedInputsAreTheReports(t *testing.T) {
	t.Setenv("MCGOMOKU_CACHE", t.TempDir())
	dir, err := embeddedData()
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range Releases {
		for _, name := range reports.SpyglassFiles {
			want, _ := reports.Spyglass(rel, name)
			got, err := os.ReadFile(filepath.Join(dir, rel, name))
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s/%s in %s: %d bytes, %v; want the embedded %d", rel, name, dir, len(got), err, len(want))
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "vanilla-mcdoc.tar.gz")); err != nil {
		t.Error(err)
	}
}

// TestRunnerOutsideTheSourceTree: the runner's npm packages are installed
// in the cache folder, never beside this source file.
func TestRunnerOutsideTheSourceTree(t *testing.T) {
	if _, err := os.Stat("node_modules"); err == nil {
		t.Errorf("node_modules is in the source tree")
	}
	var r Runner
	if d := r.dir(); !strings.HasPrefix(d, CacheDir()) {
		t.Errorf("the runner's folder %s is not in the cache folder %s", d, CacheDir())
	}
	dir := t.TempDir()
	if err := writeRunner(dir); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string][]byte{"run.mjs": runMJS, "package.json": packageJSON, "package-lock.json": packageLock} {
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
