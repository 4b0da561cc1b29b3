package datapack

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/Tnze/go-mc/nbt"
	"github.com/Tnze/go-mc/save"
)

// writeLevel writes v as dir/level.dat the way the game does: gzipped NBT
// with an unnamed root compound.
func writeLevel(t *testing.T, dir string, v any) {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if err := nbt.NewEncoder(zw).Encode(v, ""); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "level.dat"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// newWorld creates a world saved by the release with data version dv,
// using go-mc's own level.dat type.
func newWorld(t *testing.T, dv int32, versionName string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "My World")
	var lv save.Level
	lv.Data.LevelName = "My World"
	lv.Data.DataVersion = dv
	lv.Data.Version.ID = dv
	lv.Data.Version.Name = versionName
	lv.Data.DataPacks.Enabled = []string{"vanilla"}
	writeLevel(t, dir, lv)
	return dir
}

// modernLevel is a level.dat shaped like 1.21.9+ writes it, with fields
// go-mc v1.20.2 does not know.
func modernLevel(dv int32, name string) map[string]any {
	return map[string]any{"Data": map[string]any{
		"DataVersion": dv,
		"LevelName":   "Modern",
		"Version":     map[string]any{"Id": dv, "Name": name, "Series": "main", "Snapshot": byte(0)},
		"version":     int32(19133),
		"spawn":       map[string]any{"dimension": "minecraft:overworld", "pos": []int32{0, 64, 0}, "yaw": float32(0), "pitch": float32(0)},
		"DataPacks":   map[string]any{"Enabled": []string{"vanilla"}, "Disabled": []string{}},
	}}
}

func TestReadWorld(t *testing.T) {
	w, err := ReadWorld(newWorld(t, 4790, "26.1.2"))
	if err != nil {
		t.Fatal(err)
	}
	if w.DataVersion != 4790 || w.Name != "My World" || w.VersionName != "26.1.2" {
		t.Errorf("got %+v", w)
	}

	// A level.dat written by 1.21.9+ has keys go-mc's save.Level lacks;
	// save.ReadLevel refuses it, which is why ReadWorld decodes only the
	// fields it needs.
	dir := t.TempDir()
	writeLevel(t, dir, modernLevel(4903, "26.2"))
	w, err = ReadWorld(dir)
	if err != nil || w.DataVersion != 4903 || w.VersionName != "26.2" {
		t.Errorf("ReadWorld(modern level.dat) = %+v, %v; want data version 4903", w, err)
	}
	f, _ := os.Open(filepath.Join(dir, "level.dat"))
	defer f.Close()
	zr, _ := gzip.NewReader(f)
	if _, err := save.ReadLevel(zr); err == nil {
		t.Error("save.ReadLevel now reads a modern level.dat; ReadWorld could use it again")
	}

	// Only Version.Id: the game writes both, but one is enough.
	dir = t.TempDir()
	writeLevel(t, dir, map[string]any{"Data": map[string]any{"Version": map[string]any{"Id": int32(4325)}}})
	if w, err := ReadWorld(dir); err != nil || w.DataVersion != 4325 {
		t.Errorf("ReadWorld(Version.Id only) = %+v, %v", w, err)
	}

	// Uncompressed NBT, as some tools write.
	dir = t.TempDir()
	raw, _ := nbt.Marshal(modernLevel(4671, "1.21.11"))
	os.WriteFile(filepath.Join(dir, "level.dat"), raw, 0o644)
	if w, err := ReadWorld(dir); err != nil || w.DataVersion != 4671 {
		t.Errorf("ReadWorld(uncompressed) = %+v, %v", w, err)
	}
}

func TestReadWorldRefuses(t *testing.T) {
	base := t.TempDir()
	put := func(name string, data []byte) string {
		dir := filepath.Join(base, name)
		os.MkdirAll(dir, 0o755)
		if data != nil {
			os.WriteFile(filepath.Join(dir, "level.dat"), data, 0o644)
		}
		return dir
	}
	gz := func(b []byte) []byte {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(b)
		zw.Close()
		return buf.Bytes()
	}
	good, _ := nbt.Marshal(modernLevel(4903, "26.2"))
	file := filepath.Join(base, "afile")
	os.WriteFile(file, []byte("x"), 0o644)
	noDV, _ := nbt.Marshal(map[string]any{"Data": map[string]any{"LevelName": "x"}})
	badType, _ := nbt.Marshal(map[string]any{"Data": map[string]any{"DataVersion": "4903"}})

	tests := []struct {
		dir  string
		want string
	}{
		{filepath.Join(base, "missing"), "not a Minecraft world: " + filepath.Join(base, "missing") + " does not exist"},
		{file, "not a Minecraft world: " + file + " is not a folder"},
		{put("empty", nil), "not a Minecraft world: " + filepath.Join(base, "empty") + " has no level.dat"},
		{put("garbage", []byte("hello world")), "corrupt level.dat " + filepath.Join(base, "garbage", "level.dat")},
		{put("truncated", gz(good)[:40]), "corrupt level.dat " + filepath.Join(base, "truncated", "level.dat")},
		{put("cut-nbt", gz(good[:len(good)-3])), "truncated NBT"},
		{put("list-root", gz([]byte{9, 0, 0, 1, 0, 0, 0, 0})), "root tag is list, want a compound"},
		{put("huge-list", gz([]byte{10, 0, 0, 9, 0, 1, 'x', 3, 0x7f, 0xff, 0xff, 0xff, 0})), "does not fit"},
		{put("wrong-type", gz(badType)), "corrupt level.dat"},
		{put("no-dv", gz(noDV)), "has no DataVersion"},
	}
	for _, tt := range tests {
		_, err := ReadWorld(tt.dir)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ReadWorld(%s) = %v, want an error containing %q", filepath.Base(tt.dir), err, tt.want)
		}
	}
}

func TestInstall(t *testing.T) {
	world := newWorld(t, 4790, "26.1.2")
	p := testPack(t)
	got, err := Install(context.Background(), p, world, "gomoku", DefaultRange)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(world, "datapacks", "gomoku.zip"); got != want {
		t.Errorf("installed at %s, want %s", got, want)
	}
	back, err := Read(got)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Files, p.Files) {
		t.Errorf("installed pack differs: %v", back.Paths())
	}

	// Reinstalling replaces our own zip, and removes an old folder install
	// of ours that the game would otherwise load as well.
	if err := Write(p, filepath.Join(world, "datapacks", "gomoku")); err != nil {
		t.Fatal(err)
	}
	q := testPack(t)
	q.Files["data/gomoku/function/new.mcfunction"] = []byte("say v2\n")
	if _, err := Install(context.Background(), q, world, "gomoku", DefaultRange); err != nil {
		t.Fatalf("reinstall: %v", err)
	}
	back, err = Read(got)
	if err != nil || !reflect.DeepEqual(back.Files, q.Files) {
		t.Errorf("reinstalled pack = %v, %v; want the new one", back, err)
	}
	entries, _ := os.ReadDir(filepath.Join(world, "datapacks"))
	if len(entries) != 1 || entries[0].Name() != "gomoku.zip" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("datapacks holds %v, want only gomoku.zip", names)
	}
}

func TestInstallRangeEnds(t *testing.T) {
	for _, tt := range []struct {
		dv   int32
		name string
	}{{4325, "1.21.5"}, {4903, "26.2"}, {4897, "26.2 Pre-Release 4"}} {
		if _, err := Install(context.Background(), testPack(t), newWorld(t, tt.dv, tt.name), "gomoku", DefaultRange); err != nil {
			t.Errorf("world of %s: %v", tt.name, err)
		}
	}
}

func TestInstallRefuses(t *testing.T) {
	foreignMeta := []byte(`{"pack": {"description": "someone's pack", "pack_format": 71}}`)
	noMarker := testPack(t)
	noMarker.Files["pack.mcmeta"] = foreignMeta
	noMeta := testPack(t)
	delete(noMeta.Files, "pack.mcmeta")
	narrow := testPack(t)
	narrow.Files["pack.mcmeta"], _ = MCMeta("narrow", VersionRange{"1.21.9", "26.2"})

	tests := []struct {
		name  string
		dv    int32
		vname string
		p     *Pack
		setup func(datapacks string) // puts things in the way
		pname string
		want  string
	}{
		{name: "world too old", dv: 4189, vname: "1.21.4",
			want: "was last saved by 1.21.4 (data version 4189), but this pack supports 1.21.5 to 26.2 (data versions 4325 to 4903); open the world in a supported version first"},
		// A newer world cannot be opened in an older game: the way out is a
		// newer mcgomoku.
		{name: "world too new", dv: 5023, vname: "26.3",
			want: "was last saved by 26.3 (data version 5023), but this pack supports 1.21.5 to 26.2 (data versions 4325 to 4903); a world cannot go back to an older release, so this needs an mcgomoku that supports 26.3 (data version 5023): update mcgomoku"},
		{name: "another copy under another name",
			setup: func(d string) { Write(testPack(t), filepath.Join(d, "gomoku (1).zip")) },
			want:  filepath.Join("datapacks", "gomoku (1).zip") + " is another copy of an mcgomoku pack, and the game would run both"},
		{name: "other copies as a folder and a zip",
			setup: func(d string) {
				Write(testPack(t), filepath.Join(d, "gomoku-old"))
				Write(testPack(t), filepath.Join(d, "gomoku (1).zip"))
			},
			want: filepath.Join("datapacks", "gomoku-old") + " are other copies"},
		{name: "foreign zip in the way",
			setup: func(d string) { os.WriteFile(filepath.Join(d, "gomoku.zip"), zipOf(t, "pack.mcmeta"), 0o644) },
			want:  filepath.Join("datapacks", "gomoku.zip") + ": its pack.mcmeta does not parse; it is not a pack written by mcgomoku"},
		{name: "non-zip file in the way",
			setup: func(d string) { os.WriteFile(filepath.Join(d, "gomoku.zip"), []byte("my notes"), 0o644) },
			want:  "it is not a zip file"},
		{name: "foreign folder in the way",
			setup: func(d string) {
				os.MkdirAll(filepath.Join(d, "gomoku"), 0o755)
				os.WriteFile(filepath.Join(d, "gomoku", "pack.mcmeta"), foreignMeta, 0o644)
			},
			want: filepath.Join("datapacks", "gomoku") + `: its pack.mcmeta has no "mcgomoku" section; it is not a pack written by mcgomoku`},
		{name: "folder named like the zip",
			setup: func(d string) { os.MkdirAll(filepath.Join(d, "gomoku.zip"), 0o755) },
			want:  "gomoku.zip exists and is not a zip file"},
		{name: "datapacks is a file",
			setup: func(d string) { os.RemoveAll(d); os.WriteFile(d, []byte("x"), 0o644) },
			want:  filepath.Join("My World", "datapacks") + " is not a folder"},
		{name: "pack without marker", p: noMarker, want: `has no "mcgomoku" section, so a later install could not tell it from a foreign pack`},
		{name: "pack without pack.mcmeta", p: noMeta, want: "the pack has no pack.mcmeta"},
		{name: "pack narrower than the range", p: narrow, want: "does not declare support for 1.21.5 (format 71)"},
		{name: "bad pack name", pname: "../gomoku", want: `pack name "../gomoku" starts with a dot`},
		{name: "pack name with slash", pname: "a/b", want: `contains '/'`},
		{name: "pack name with .zip", pname: "gomoku.zip", want: "give the name without it"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dv, vname := tt.dv, tt.vname
			if dv == 0 {
				dv, vname = 4790, "26.1.2"
			}
			world := newWorld(t, dv, vname)
			datapacks := filepath.Join(world, "datapacks")
			os.MkdirAll(datapacks, 0o755)
			if tt.setup != nil {
				tt.setup(datapacks)
			}
			before := snapshot(t, world)
			p, pname := tt.p, tt.pname
			if p == nil {
				p = testPack(t)
			}
			if pname == "" {
				pname = "gomoku"
			}
			_, err := Install(context.Background(), p, world, pname, DefaultRange)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error containing %q", err, tt.want)
			}
			if after := snapshot(t, world); !reflect.DeepEqual(before, after) {
				t.Errorf("refused install changed the world:\nbefore %v\nafter  %v", keys(before), keys(after))
			}
		})
	}
}

// TestInstallBesideDisabledCopy: a copy the player disabled in the game is
// not run, so it is left alone and the install goes on.
func TestInstallBesideDisabledCopy(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "w")
	lv := modernLevel(4790, "26.1.2")
	lv["Data"].(map[string]any)["DataPacks"] = map[string]any{"Enabled": []string{"vanilla"}, "Disabled": []string{"file/gomoku (1).zip"}}
	writeLevel(t, dir, lv)
	packs := filepath.Join(dir, "datapacks")
	os.MkdirAll(packs, 0o755)
	if err := Write(testPack(t), filepath.Join(packs, "gomoku (1).zip")); err != nil {
		t.Fatal(err)
	}
	if _, err := Install(context.Background(), testPack(t), dir, "gomoku", DefaultRange); err != nil {
		t.Fatalf("install beside a disabled copy: %v", err)
	}
	// A foreign pack under any name is none of our business.
	os.WriteFile(filepath.Join(packs, "other.zip"), zipOf(t, "pack.mcmeta"), 0o644)
	if _, err := Install(context.Background(), testPack(t), dir, "gomoku", DefaultRange); err != nil {
		t.Fatalf("install beside a foreign pack: %v", err)
	}
}

// TestInstallConcurrent: installs into one world at once are serialised by
// the lock, so each succeeds (no false alarm about a half-replaced pack or
// a vanished old folder) and one pack is left.
func TestInstallConcurrent(t *testing.T) {
	world := newWorld(t, 4790, "26.1.2")
	packs := filepath.Join(world, "datapacks")
	os.MkdirAll(packs, 0o755)
	for round := range 5 {
		// An old folder install of ours, which each install removes: the
		// racy step without the lock.
		if err := Write(testPack(t), filepath.Join(packs, "gomoku")); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = Install(context.Background(), testPack(t), world, "gomoku", DefaultRange)
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("round %d, install %d: %v", round, i, err)
			}
		}
		entries, _ := os.ReadDir(packs)
		if len(entries) != 1 || entries[0].Name() != "gomoku.zip" {
			t.Fatalf("round %d: datapacks holds %v", round, entries)
		}
	}
	if _, err := os.Stat(filepath.Join(world, lockName)); err == nil {
		t.Errorf("the lock file was left behind")
	}
}

func TestInstallLock(t *testing.T) {
	defer func(w, s time.Duration) { lockWait, lockStale = w, s }(lockWait, lockStale)
	lockWait, lockStale = 100*time.Millisecond, time.Hour
	world := newWorld(t, 4790, "26.1.2")
	lock := filepath.Join(world, lockName)
	os.WriteFile(lock, []byte("mcgomoku install, process 1, since 2026-01-01T00:00:00Z\n"), 0o644)
	// Held by a running install: wait, then give up naming the file.
	_, err := Install(context.Background(), testPack(t), world, "gomoku", DefaultRange)
	if err == nil || !strings.Contains(err.Error(), "has held the lock "+lock) || !strings.Contains(err.Error(), "process 1") {
		t.Errorf("held lock: got %v", err)
	}
	if _, err := os.Stat(filepath.Join(world, "datapacks", "gomoku.zip")); err == nil {
		t.Errorf("installed while another install held the lock")
	}
	// Left by a killed install: taken over.
	old := time.Now().Add(-2 * time.Hour)
	os.Chtimes(lock, old, old)
	if _, err := Install(context.Background(), testPack(t), world, "gomoku", DefaultRange); err != nil {
		t.Errorf("stale lock: %v", err)
	}
	if _, err := os.Stat(lock); err == nil {
		t.Errorf("the lock file was left behind")
	}
}

func TestInstallNotAWorld(t *testing.T) {
	dir := t.TempDir()
	_, err := Install(context.Background(), testPack(t), dir, "gomoku", DefaultRange)
	if err == nil || err.Error() != "not a Minecraft world: "+dir+" has no level.dat" {
		t.Errorf("got %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "datapacks")); err == nil {
		t.Error("Install created datapacks/ in a folder that is not a world")
	}
}

// snapshot maps every file and folder under dir to its contents.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.Walk(dir, func(path string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if fi.IsDir() {
			out[rel+"/"] = ""
			return nil
		}
		b, _ := os.ReadFile(path)
		out[rel] = string(b)
		return nil
	})
	return out
}

func keys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
