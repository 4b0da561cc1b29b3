package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/datapack/reports"
)

// reportsFolder writes an embedded release's reports into a folder named
// after it, as the data generator lays them out, for --reports.
func reportsFolder(t *testing.T, release string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), release)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, read := range map[string]func(string) ([]byte, error){
		"commands.json": reports.Commands, "registries.json": reports.Registries,
	} {
		b, err := read(release)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// okLine reports whether line is check's ok line for pack (of kind zip or
// folder) on release, naming the overlay it reads.
func okLine(line, pack, kind, release string) bool {
	return strings.HasPrefix(line, "ok  "+pack+" ("+kind+", ") &&
		strings.Contains(line, "no problems on "+release+";") &&
		strings.Contains(line, "through overlay gomoku-")
}

// TestCheckEveryRelease is the README's claim of the supported range, as
// a user verifies it: mcgomoku check with no flags passes the default
// pack, as a zip and as a folder, on every embedded release the pack
// claims, one ok line each naming the kind of pack and the overlay the
// release reads; --release checks one of them, and --reports a user's
// own reports folder.
func TestCheckEveryRelease(t *testing.T) {
	dir := t.TempDir()
	zip, folder := filepath.Join(dir, "g.zip"), filepath.Join(dir, "g")
	for _, out := range []string{zip, folder} {
		if code, _, errs := runCmd(t, "", "gen", "--out", out); code != 0 {
			t.Fatalf("gen --out %s: exit %d: %s", out, code, errs)
		}
	}
	releases := reports.Releases()
	lo, hi, _ := datapack.DefaultRange.Bounds()
	if releases[0] != lo.Name || releases[len(releases)-1] != hi.Name {
		t.Fatalf("embedded releases %v do not reach from %s to %s", releases, lo.Name, hi.Name)
	}
	forms := []struct{ pack, kind string }{{zip, "zip"}, {folder, "folder"}}
	if testing.Short() {
		forms = forms[:1] // -short (the -race run): the zip only
	}
	for _, tc := range forms {
		code, out, errs := runCmd(t, "", "check", tc.pack)
		if code != 0 {
			t.Errorf("check %s: exit %d\n%s%s", tc.kind, code, out, errs)
			continue
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != len(releases) {
			t.Errorf("check %s: want one line for each of %v, got:\n%s", tc.kind, releases, out)
			continue
		}
		for i, v := range releases {
			if !okLine(lines[i], tc.pack, tc.kind, v) {
				t.Errorf("check %s: line %d is %q; want the ok line of %s naming its overlay", tc.kind, i+1, lines[i], v)
			}
		}
		// The releases the pack claims without embedded reports are named.
		if !strings.Contains(errs, "also claims 1.21.6,") || !strings.Contains(errs, "--reports DIR") {
			t.Errorf("check %s: stderr does not name the claimed releases it could not check:\n%s", tc.kind, errs)
		}
	}
	code, out, errs := runCmd(t, "", "check", zip, "--release", "1.21.11")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != 0 || len(lines) != 1 || !okLine(lines[0], zip, "zip", "1.21.11") {
		t.Errorf("check --release 1.21.11: exit %d, want one ok line:\n%s%s", code, out, errs)
	}
	code, out, errs = runCmd(t, "", "check", zip, "--reports", reportsFolder(t, "26.1"))
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != 0 || len(lines) != 1 || !okLine(lines[0], zip, "zip", "26.1") {
		t.Errorf("check --reports DIR/26.1: exit %d, want one ok line:\n%s%s", code, out, errs)
	}
}

// TestCheckUnknownRelease: a release with no embedded reports is refused
// naming the embedded ones, as a usage error.
func TestCheckUnknownRelease(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "g.zip")
	p := datapack.New()
	p.Files["pack.mcmeta"], _ = datapack.MCMeta("t", datapack.DefaultRange)
	if err := datapack.Write(p, dest); err != nil {
		t.Fatal(err)
	}
	known := strings.Join(reports.Releases(), ", ")
	for _, tc := range []struct{ release, want string }{
		{"27.3", `unknown release "27.3"; embedded: ` + known},
		{"1.21.6", `release "1.21.6" has no embedded reports; embedded: ` + known},
	} {
		code, _, errs := runCmd(t, "", "check", dest, "--release", tc.release)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("--release %s: exit %d, want 2 and %q in:\n%s", tc.release, code, tc.want, errs)
		}
	}
	// A pack claiming only releases without embedded reports.
	old := datapack.New()
	old.Files["pack.mcmeta"], _ = datapack.MCMeta("old", datapack.VersionRange{Min: "1.21", Max: "1.21.4"})
	if err := datapack.Write(old, dest); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd(t, "", "check", dest)
	if code != 1 || !strings.Contains(errs, "claims no release with embedded reports (embedded: "+known+")") {
		t.Errorf("a 1.21–1.21.4 pack: exit %d, want 1 naming the embedded releases:\n%s%s", code, out, errs)
	}
}

// TestCheckFindsTheOldClickAdvancement: a pack that writes its click
// advancement in the field form of entity predicates, as mcgomoku did
// before 26.2 changed them, loads on every release before 26.2 and fails
// on 26.2, where the problem is named at its line and column: a planted
// error fails check on the affected release only.
func TestCheckFindsTheOldClickAdvancement(t *testing.T) {
	p := datapack.New()
	p.Files["pack.mcmeta"], _ = datapack.MCMeta("old", datapack.DefaultRange)
	p.Files["data/t/function/click.mcfunction"] = []byte("advancement revoke @s only t:click\n")
	p.Files["data/t/advancement/click.json"] = []byte(`{
  "criteria": {"click": {"trigger": "minecraft:player_interacted_with_entity",
    "conditions": {"entity": [{"condition": "minecraft:entity_properties", "entity": "this",
      "predicate": {"type": "minecraft:interaction"}}]}}},
  "rewards": {"function": "t:click"}
}
`)
	dest := filepath.Join(t.TempDir(), "old.zip")
	if err := datapack.Write(p, dest); err != nil {
		t.Fatal(err)
	}
	want := `data/t/advancement/click.json:4:21: criteria.click.conditions.entity.predicate: unknown entity sub-predicate type "type"`
	code, out, errs := runCmd(t, "", "check", dest)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	wantLines := []string{
		want + ": ",
		"ok  " + dest + " (zip, 3 files; no problems on 1.21.5)",
		"ok  " + dest + " (zip, 3 files; no problems on 1.21.11)",
		"ok  " + dest + " (zip, 3 files; no problems on 26.1)",
		"FAIL  " + dest + " on 26.2: 1 problem(s)",
	}
	if code != 1 || len(lines) != len(wantLines) || !strings.Contains(errs, "1 problem(s) in "+dest+" on 26.2") {
		t.Fatalf("no flags: exit %d, want 1 with the problem on 26.2 only; got:\n%s%s", code, out, errs)
	}
	for i, w := range wantLines {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d: got %q, want %q…", i+1, lines[i], w)
		}
	}
	if !strings.HasSuffix(lines[0], " (on 26.2)") {
		t.Errorf("the problem does not name the one release it is on: %q", lines[0])
	}
	// The user's own reports of one release: the problem alone, as before.
	code, out, errs = runCmd(t, "", "check", dest, "--reports", reportsFolder(t, "26.2"))
	if code != 1 || !strings.HasPrefix(out, want+": ") || !strings.Contains(errs, "1 problem(s) in "+dest) {
		t.Errorf("--reports 26.2: exit %d, want 1 with\n%s…\ngot:\n%s%s", code, want, out, errs)
	}
	if code, out, errs := runCmd(t, "", "check", dest, "--reports", reportsFolder(t, "1.21.11")); code != 0 || !strings.HasPrefix(out, "ok  ") {
		t.Errorf("--reports 1.21.11: exit %d\n%s%s", code, out, errs)
	}
}

// TestCheckPlantedErrorInOneOverlay: a mistake planted in the overlay the
// older releases read fails check on exactly those releases, at the
// overlay file's own line and column, and 26.2, which reads the other
// overlay, stays ok.
func TestCheckPlantedErrorInOneOverlay(t *testing.T) {
	folder := filepath.Join(t.TempDir(), "g")
	if code, _, errs := runCmd(t, "", "gen", "--out", folder); code != 0 {
		t.Fatalf("gen: exit %d: %s", code, errs)
	}
	rel := "gomoku-1_21_5-26_1_2/data/gomoku/advancement/click_left.json"
	path := filepath.Join(folder, filepath.FromSlash(rel))
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	planted := strings.Replace(string(b), `"minecraft:player_hurt_entity"`, `"minecraft:player_hurt_entiti"`, 1)
	if planted == string(b) {
		t.Fatalf("%s has no trigger to plant a mistake in:\n%s", rel, b)
	}
	if err := os.WriteFile(path, []byte(planted), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd(t, "", "check", folder)
	var problems, fails, oks []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		switch {
		case strings.HasPrefix(l, "FAIL  "):
			fails = append(fails, l)
		case strings.HasPrefix(l, "ok  "):
			oks = append(oks, l)
		default:
			problems = append(problems, l)
		}
	}
	if code != 1 || len(problems) != 1 || len(fails) != 3 || len(oks) != 1 || !okLine(oks[0], folder, "folder", "26.2") {
		t.Fatalf("exit %d; want 1 with one problem, three releases failing and 26.2 ok:\n%s%s", code, out, errs)
	}
	if !strings.HasPrefix(problems[0], rel+":") || !strings.HasSuffix(problems[0], " (on 1.21.5, 1.21.11, 26.1)") {
		t.Errorf("problem %q: want it at %s:line:col on 1.21.5, 1.21.11 and 26.1", problems[0], rel)
	}
	if f := strings.Fields(strings.SplitN(problems[0], ": ", 2)[0]); len(f) != 1 || strings.Count(f[0], ":") != 2 {
		t.Errorf("problem %q does not start with file:line:col", problems[0])
	}
}
