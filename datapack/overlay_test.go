package datapack

import (
	"strings"
	"testing"
)

// TestOverlaysByRelease: the generator's split at 26.2's entity predicates
// gives two overlays that every release of the range reads as it should,
// and each release's view holds exactly its overlay's file.
func TestOverlaysByRelease(t *testing.T) {
	before, after, split, _, err := FormatSplit(DefaultRange, EntityPredicateMapFormat, "x-")
	if err != nil || !split {
		t.Fatalf("split %v, %v", split, err)
	}
	if before.Directory != "x-1_21_5-26_1_2" || after.Directory != "x-26_2" {
		t.Errorf("directories %q, %q", before.Directory, after.Directory)
	}
	meta, err := MCMeta("t", DefaultRange, before, after)
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseMCMeta(meta)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Validate(); err != nil {
		t.Fatalf("%v\n%s", err, meta)
	}
	p := New()
	p.Files["pack.mcmeta"] = meta
	p.Files["data/t/a.json"] = []byte("base")
	p.Files[before.Directory+"/data/t/a.json"] = []byte("fields")
	p.Files[after.Directory+"/data/t/a.json"] = []byte("map")
	p.Files[after.Directory+"/pack.mcmeta"] = []byte("ignored")
	rels, _ := DefaultRange.Releases()
	for _, rel := range rels {
		view, origin, err := p.EffectiveWithOrigins(rel)
		if err != nil {
			t.Fatal(err)
		}
		want, dir := "fields", before.Directory
		if rel.DataPack.Compare(EntityPredicateMapFormat) >= 0 {
			want, dir = "map", after.Directory
		}
		if got := string(view.Files["data/t/a.json"]); got != want {
			t.Errorf("%s (format %s): a.json is %q, want %q", rel.Name, rel.DataPack, got, want)
		}
		if origin["data/t/a.json"] != dir+"/data/t/a.json" {
			t.Errorf("%s: origin %q", rel.Name, origin["data/t/a.json"])
		}
		if len(view.Files) != 2 || string(view.Files["pack.mcmeta"]) != string(meta) {
			t.Errorf("%s: view has %v", rel.Name, view.Paths())
		}
	}
	// A range on one side of the change needs no overlay.
	if _, _, split, mapForm, _ := FormatSplit(VersionRange{"26.2", "26.2"}, EntityPredicateMapFormat, "x-"); split || !mapForm {
		t.Errorf("26.2 alone: split %v, map form %v", split, mapForm)
	}
	if _, _, split, mapForm, _ := FormatSplit(VersionRange{"1.21.5", "26.1.2"}, EntityPredicateMapFormat, "x-"); split || mapForm {
		t.Errorf("1.21.5 … 26.1.2: split %v, map form %v", split, mapForm)
	}
}

// TestOverlayRules: the game's rules for overlay entries, each violation
// at its field.
func TestOverlayRules(t *testing.T) {
	const pack = `"pack":{"description":"t","pack_format":71,"supported_formats":[71,81],"min_format":71,"max_format":107}`
	for _, tc := range []struct{ name, overlays, want string }{
		{"valid", `{"entries":[{"formats":[102,107],"min_format":102,"max_format":107,"directory":"a"}]}`, ""},
		{"no formats for the old games", `{"entries":[{"min_format":102,"max_format":107,"directory":"a"}]}`, `overlays.entries[0]: "formats" is required`},
		{"no min/max for the new games", `{"entries":[{"formats":[102,107],"directory":"a"}]}`, "min_format and max_format are required"},
		{"formats differ", `{"entries":[{"formats":[100,107],"min_format":102,"max_format":107,"directory":"a"}]}`, "does not match min_format 102"},
		{"bad directory", `{"entries":[{"formats":[102,107],"min_format":102,"max_format":107,"directory":"A.b"}]}`, `"A.b": use only a-z 0-9 _ -`},
		{"no directory", `{"entries":[{"formats":[102,107],"min_format":102,"max_format":107}]}`, `missing "directory"`},
		{"backwards", `{"entries":[{"formats":[107,102],"min_format":107,"max_format":102,"directory":"a"}]}`, "backwards"},
		{"no entries", `{}`, `missing "entries"`},
	} {
		m, err := ParseMCMeta([]byte(`{` + pack + `,"overlays":` + tc.overlays + `}`))
		if err == nil {
			err = m.Validate()
		}
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: err = %v, want %q", tc.name, err, tc.want)
		case tc.want != "" && !strings.Contains(err.Error(), "pack.mcmeta:1:"):
			t.Errorf("%s: %v has no position", tc.name, err)
		}
	}
}
