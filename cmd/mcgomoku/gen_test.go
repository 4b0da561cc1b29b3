package main

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/Tnze/go-mc/nbt"
	"github.com/Tnze/go-mc/save"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// makeWorld writes a world folder whose level.dat (written with go-mc's
// save.Level) says it was last saved by the release with data version dv.
func makeWorld(t *testing.T, dv int32, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "world")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var lv save.Level
	lv.Data.DataVersion = dv
	lv.Data.LevelName = "Test world"
	lv.Data.Version.ID = dv
	lv.Data.Version.Name = name
	f, err := os.Create(filepath.Join(dir, "level.dat"))
	if err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	if err := nbt.NewEncoder(zw).Encode(lv, ""); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return dir
}

// entries lists a folder's names, to prove a failed command left nothing.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

// TestGenDefault is the README's main command on a fresh clone: no flags,
// the embedded config, build/gomoku.zip.
func TestGenDefault(t *testing.T) {
	t.Chdir(t.TempDir())
	code, out, errs := runCmd(t, "", "gen")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "wrote build/gomoku.zip") || !strings.Contains(out, "/function gomoku:new") {
		t.Errorf("stdout should say where the pack is and how to install it:\n%s", out)
	}
	if !strings.Contains(errs, "worst case") {
		t.Errorf("stderr should give the worst-case command counts:\n%s", errs)
	}
	p, err := datapack.Read(filepath.Join("build", "gomoku.zip"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := datapack.ParseMCMeta(p.Files["pack.mcmeta"])
	if err == nil {
		err = m.Validate()
	}
	if err != nil {
		t.Fatalf("pack.mcmeta: %v", err)
	}
	// The oldest and the newest release each see the click advancement
	// (from the overlay for their entity predicate form).
	for _, name := range []string{"1.21.5", "26.2"} {
		rel, _ := datapack.LookupRelease(name)
		view, err := p.Effective(rel)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"data/gomoku/function/new.mcfunction", "data/minecraft/tags/function/load.json", "data/gomoku/advancement/click_right.json"} {
			if _, ok := view.Files[f]; !ok {
				t.Errorf("%s sees no %s in the zip", name, f)
			}
		}
	}
}

func TestGenWorld(t *testing.T) {
	world := makeWorld(t, 4903, "26.2")
	code, out, errs := runCmd(t, "", "gen", "--world", world, "--config", "../../examples/renju.toml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	zip := filepath.Join(world, "datapacks", "gomoku.zip")
	if !strings.Contains(out, "installed "+zip) {
		t.Errorf("stdout: %s", out)
	}
	if ours, err := datapack.IsOurPack(zip); err != nil || !ours {
		t.Fatalf("%s is not our pack: %v", zip, err)
	}
	// Installing again replaces our pack.
	if code, _, errs := runCmd(t, "", "gen", "--world", world); code != 0 {
		t.Fatalf("reinstall: exit %d: %s", code, errs)
	}
	// A second copy of ours under another name (a second download) would
	// run beside the new one: refused, naming it.
	data, _ := os.ReadFile(zip)
	second := filepath.Join(world, "datapacks", "gomoku (1).zip")
	os.WriteFile(second, data, 0o644)
	code, _, errs = runCmd(t, "", "gen", "--world", world)
	if code != 1 || !strings.Contains(errs, second+" is another copy of an mcgomoku pack") {
		t.Errorf("a second copy: exit %d: %s", code, errs)
	}
	os.Remove(second)
	// A foreign pack of that name is never touched.
	foreign := []byte("not a pack of ours")
	os.WriteFile(zip, foreign, 0o644)
	code, _, errs = runCmd(t, "", "gen", "--world", world)
	if code != 1 || !strings.Contains(errs, "refusing to replace") {
		t.Errorf("a foreign gomoku.zip: exit %d: %s", code, errs)
	}
	if b, _ := os.ReadFile(zip); string(b) != string(foreign) {
		t.Error("the foreign pack was changed")
	}
	if got := entries(t, filepath.Join(world, "datapacks")); len(got) != 1 {
		t.Errorf("datapacks holds %v after a refusal, want only the foreign pack", got)
	}
}

// TestGenOutEmptyFolder: a folder made for the pack is written into.
func TestGenOutEmptyFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pack")
	os.Mkdir(dir, 0o755)
	code, out, errs := runCmd(t, "", "gen", "--out", dir)
	if code != 0 || !strings.Contains(out, "wrote "+dir) {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	if ours, err := datapack.IsOurPack(dir); err != nil || !ours {
		t.Errorf("%s holds no pack of ours: %v", dir, err)
	}
}

// TestGenErrors: each bad input is a clear error, and nothing is written.
func TestGenErrors(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	malformed := filepath.Join(dir, "bad.toml")
	os.WriteFile(malformed, []byte("[game]\nsize = 99\n"), 0o644)
	old := makeWorld(t, 3953, "1.21") // a 1.21 world: too old for the pack
	newer := makeWorld(t, 5023, "26.3")
	notWorld := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"missing config", []string{"--config", "nope.toml"}, 1, "nope.toml"},
		{"malformed config", []string{"--config", malformed}, 1, `bad.toml:2: key "game.size": 99 is out of range`},
		{"not a world", []string{"--world", notWorld}, 1, "not a Minecraft world"},
		{"old world", []string{"--world", old}, 1, "this pack supports 1.21.5 to 26.2"},
		{"newer world", []string{"--world", newer}, 1, "this needs an mcgomoku that supports 26.3 (data version 5023): update mcgomoku"},
		{"unwritable output", []string{"--out", filepath.Join(file, "gomoku.zip")}, 1, "is not a folder"},
		{"missing output folder", []string{"--out", filepath.Join(dir, "no", "gomoku.zip")}, 1, "does not exist"},
		{"bad ai", []string{"--ai", "minimax"}, 2, `unknown --ai "minimax"`},
		// The flag's mistake is explained as the flag's, with what the pack
		// needs, not as the default budget.
		{"tiny budget", []string{"--budget", "100"}, 1, "--budget 100 is too small for this pack: its costliest call, gomoku:"},
		{"budget over the game's limit", []string{"--budget", "70000"}, 2, "--budget 70000: want 1..65536"},
		{"zero budget", []string{"--budget", "0"}, 2, "--budget 0: want 1..65536"},
		{"stray argument", []string{"extra"}, 2, "unexpected argument"},
	} {
		code, _, errs := runCmd(t, "", append([]string{"gen"}, tc.args...)...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want exit %d and %q", tc.name, code, errs, tc.code, tc.want)
		}
	}
	if got := entries(t, dir); len(got) != 2 { // bad.toml and file
		t.Errorf("failed runs left %v in the working folder", got)
	}
	if got := entries(t, filepath.Join(old, "datapacks")); len(got) != 0 {
		t.Errorf("a refused world got %v", got)
	}
	if got := entries(t, notWorld); len(got) != 0 {
		t.Errorf("a folder that is not a world got %v", got)
	}
}
