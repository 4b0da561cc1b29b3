package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/datapack/check"
)

// sharedReports is ../shared/mc beside the repository, holding Mojang's
// reports per release.
func sharedReports(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "mc"))
	if err != nil {
		t.Fatal(err)
	}
	if len(check.ReleaseTrees(dir)) == 0 {
		t.Skipf("skipping: no release reports in %s (../shared/mc beside the repository)", dir)
	}
	return dir
}

// TestCheckEveryRelease is the README's claim of the supported range, as
// a user verifies it: mcgomoku check passes the default pack, as a zip and
// as a folder, on every release tree in ../shared/mc, and says so in one
// ok line naming the kind of pack and the overlay the release reads.
func TestCheckEveryRelease(t *testing.T) {
	mc := sharedReports(t)
	dir := t.TempDir()
	zip, folder := filepath.Join(dir, "g.zip"), filepath.Join(dir, "g")
	for _, out := range []string{zip, folder} {
		if code, _, errs := runCmd(t, "", "gen", "--out", out); code != 0 {
			t.Fatalf("gen --out %s: exit %d: %s", out, code, errs)
		}
	}
	releases := check.ReleaseTrees(mc)
	lo, hi, _ := datapack.DefaultRange.Bounds()
	if releases[0] != lo.Name || releases[len(releases)-1] != hi.Name {
		t.Fatalf("release trees %v do not reach from %s to %s", releases, lo.Name, hi.Name)
	}
	for i, v := range releases {
		forms := []struct{ pack, kind string }{{zip, "zip"}, {folder, "folder"}}
		if testing.Short() && i < len(releases)-1 {
			forms = forms[:1] // -short (the -race run): the folder on the newest release only
		}
		for _, tc := range forms {
			code, out, errs := runCmd(t, "", "check", tc.pack, "--reports", filepath.Join(mc, v))
			if code != 0 {
				t.Errorf("%s on %s: exit %d\n%s%s", tc.kind, v, code, out, errs)
				continue
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			want := "ok  " + tc.pack + " (" + tc.kind + ", "
			if len(lines) != 1 || !strings.HasPrefix(lines[0], want) || !strings.Contains(lines[0], "no problems on "+v) || !strings.Contains(lines[0], "through overlay gomoku-") {
				t.Errorf("%s on %s: want one line %q… naming %s and its overlay, got:\n%s", tc.kind, v, want, v, out)
			}
		}
	}
}

// TestCheckFindsTheOldClickAdvancement: a pack that writes its click
// advancement in the field form of entity predicates, as mcgomoku did
// before 26.2 changed them, loads on 1.21.11 and fails on 26.2, where the
// problem is named at its line and column.
func TestCheckFindsTheOldClickAdvancement(t *testing.T) {
	mc := sharedReports(t)
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
	if code, out, errs := runCmd(t, "", "check", dest, "--reports", filepath.Join(mc, "1.21.11")); code != 0 || !strings.HasPrefix(out, "ok  ") {
		t.Errorf("1.21.11: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs := runCmd(t, "", "check", dest, "--reports", filepath.Join(mc, "26.2"))
	want := `data/t/advancement/click.json:4:21: criteria.click.conditions.entity.predicate: unknown entity sub-predicate type "type"`
	if code != 1 || !strings.HasPrefix(out, want) || !strings.Contains(errs, "1 problem(s) in "+dest) {
		t.Errorf("26.2: exit %d, want 1 with\n%s…\ngot:\n%s%s", code, want, out, errs)
	}
	if _, err := os.Stat(dest); err != nil {
		t.Error(err)
	}
}
