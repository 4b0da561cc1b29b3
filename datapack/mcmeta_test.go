package datapack

import (
	"bytes"
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/internal/goldenfile"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with testdata/name, rewriting it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", name), got, *update)
}

func TestMCMetaGolden(t *testing.T) {
	tests := []struct {
		file string
		r    VersionRange
	}{
		{"pack.mcmeta", DefaultRange},
		{"pack-1.21.9-26.2.mcmeta", VersionRange{"1.21.9", "26.2"}},
		{"pack-1.21.5-1.21.8.mcmeta", VersionRange{"1.21.5", "1.21.8"}},
		{"pack-1.21.11.mcmeta", VersionRange{"1.21.11", "1.21.11"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			got, err := MCMeta("Gomoku <five in a row> & \"AI\"", tt.r)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, tt.file, got)
		})
	}
}

func TestMCMetaFields(t *testing.T) {
	// The declaration of MINECRAFT.md §1.2 for 1.21.5 → 26.2, field by field.
	data, err := MCMeta("Gomoku", DefaultRange)
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseMCMeta(data)
	if err != nil {
		t.Fatal(err)
	}
	if m.PackFormat == nil || *m.PackFormat != 71 {
		t.Errorf("pack_format = %v, want 71", m.PackFormat)
	}
	if m.SupportedFormats == nil || *m.SupportedFormats != (FormatRange{71, 81}) {
		t.Errorf("supported_formats = %v, want [71, 81]", m.SupportedFormats)
	}
	if m.MinFormat == nil || *m.MinFormat != (Format{71, 0}) {
		t.Errorf("min_format = %v, want 71.0", m.MinFormat)
	}
	if m.MaxFormat == nil || *m.MaxFormat != (Format{107, MaxMinor}) {
		t.Errorf("max_format = %v, want 107.*", m.MaxFormat)
	}
	if string(m.Description) != `"Gomoku"` {
		t.Errorf("description = %s, want \"Gomoku\"", m.Description)
	}
	if m.Marker == nil || *m.Marker != (Marker{"1.21.5", "26.2"}) {
		t.Errorf("marker = %+v, want 1.21.5 to 26.2", m.Marker)
	}
	if !bytes.HasSuffix(data, []byte("}\n")) || bytes.Contains(data, []byte("\r")) || bytes.Contains(data, []byte("\t")) {
		t.Errorf("output is not LF, 2-space indented with a final newline:\n%q", data)
	}
}

func TestMCMetaSupportsExactlyItsRange(t *testing.T) {
	ranges := []VersionRange{DefaultRange, {"1.21", "26.2"}, {"1.21.9", "26.2"}, {"1.21.5", "1.21.8"}, {"1.21.6", "1.21.6"}, {"1.21.11", "26.1.2"}, {"26.2", "26.2"}}
	for _, r := range ranges {
		data, err := MCMeta("x", r)
		if err != nil {
			t.Fatal(err)
		}
		m, err := ParseMCMeta(data)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Validate(); err != nil {
			t.Errorf("%v: generated pack.mcmeta does not validate: %v", r, err)
		}
		want, _ := r.Releases()
		if got := names(m.SupportedReleases()); got != names(want) {
			t.Errorf("%v: supported releases = %s, want %s", r, got, names(want))
		}
	}
}

func names(rs []Release) string {
	var s []string
	for _, r := range rs {
		s = append(s, r.Name)
	}
	return strings.Join(s, " ")
}

func TestMCMetaRejectsUnknownRelease(t *testing.T) {
	if _, err := MCMeta("x", VersionRange{"1.20.4", "26.2"}); err == nil || !strings.Contains(err.Error(), `unknown release "1.20.4"`) {
		t.Errorf("MCMeta(1.20.4 … 26.2) error = %v, want an unknown-release error", err)
	}
}

// pack wraps the body of a "pack" object into a pack.mcmeta.
func pack(body string) string { return `{"pack": {"description": "d"` + body + `}}` }

func TestValidate(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		wantErr string // "" for valid; else a substring naming the field
	}{
		// Valid declarations.
		{"MINECRAFT.md example 1.21.5 to 26.2", pack(`, "pack_format": 71, "supported_formats": [71, 81], "min_format": 71, "max_format": 107`), ""},
		{"supported_formats may end at max major", pack(`, "pack_format": 71, "supported_formats": [71, 107], "min_format": 71, "max_format": 107`), ""},
		{"new-only pack without pack_format", pack(`, "min_format": 88, "max_format": 107`), ""},
		{"new-only pack with pack_format inside", pack(`, "pack_format": 88, "min_format": 88, "max_format": 107`), ""},
		{"major.minor bounds", pack(`, "min_format": [94, 1], "max_format": [94, 1]`), ""},
		{"single-major list form", pack(`, "min_format": [94], "max_format": [101]`), ""},
		{"legacy pack_format only", pack(`, "pack_format": 48`), ""},
		{"legacy with supported_formats", pack(`, "pack_format": 48, "supported_formats": [48, 81]`), ""},
		{"legacy supported_formats object", pack(`, "pack_format": 48, "supported_formats": {"min_inclusive": 48, "max_inclusive": 61}`), ""},
		{"legacy supported_formats int", pack(`, "pack_format": 48, "supported_formats": 48`), ""},
		{"old single version below 15", pack(`, "pack_format": 10, "supported_formats": [10, 10]`), ""},
		{"text component description", `{"pack": {"description": {"text": "d"}, "pack_format": 71}}`, ""},
		{"unknown keys are ignored", `{"pack": {"description": "d", "pack_format": 71, "x": 1}, "filter": {}}`, ""},

		// Rules of §1.2.
		{"only min_format", pack(`, "pack_format": 71, "min_format": 71`), "pack.min_format: max_format is missing"},
		{"only max_format", pack(`, "pack_format": 71, "max_format": 107`), "pack.max_format: min_format is missing"},
		{"min above max", pack(`, "min_format": 107, "max_format": 88`), "pack.min_format: min_format 107.0 is newer than max_format 88.*"},
		{"minor order", pack(`, "min_format": [94, 2], "max_format": [94, 1]`), "min_format 94.2 is newer than max_format 94.1"},
		{"supported_formats above 81", pack(`, "supported_formats": [88, 107], "min_format": 88, "max_format": 107`), "pack.supported_formats: deprecated starting from pack format 82"},
		{"pack_format outside new range", pack(`, "pack_format": 71, "min_format": 88, "max_format": 107`), "pack.pack_format: 71 is outside"},
		{"old range without supported_formats", pack(`, "pack_format": 71, "min_format": 71, "max_format": 107`), "pack: supported_formats is required"},
		{"supported_formats lower bound", pack(`, "pack_format": 71, "supported_formats": [70, 81], "min_format": 71, "max_format": 107`), "pack.supported_formats: starts at 70"},
		{"supported_formats upper bound", pack(`, "pack_format": 71, "supported_formats": [71, 80], "min_format": 71, "max_format": 107`), "pack.supported_formats: ends at 80"},
		{"old range without pack_format", pack(`, "supported_formats": [71, 81], "min_format": 71, "max_format": 107`), "pack: pack_format is required when min_format"},
		{"pack_format outside old range", pack(`, "pack_format": 61, "supported_formats": [71, 81], "min_format": 71, "max_format": 107`), "pack.pack_format: 61 is outside"},
		{"multi-version below 15", pack(`, "pack_format": 10, "supported_formats": [10, 48], "min_format": 10, "max_format": 48`), "pack.min_format: multi-version packs cannot start below format 15"},
		{"legacy multi-version below 15", pack(`, "pack_format": 12, "supported_formats": [12, 48]`), "pack.supported_formats: multi-version packs cannot start below format 15"},
		{"pack_format above 81 alone", pack(`, "pack_format": 88`), "pack.pack_format: 88 is above 81"},
		{"no format at all", pack(``), "pack: pack_format is required when min_format and max_format are absent"},
		{"no description", `{"pack": {"pack_format": 71}}`, "pack.description: missing"},
		{"backwards supported_formats", pack(`, "pack_format": 71, "supported_formats": [81, 71]`), "pack.supported_formats: range [81, 71] is backwards"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ParseMCMeta([]byte(tt.src))
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			err = m.Validate()
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("got error %v, want none", err)
			case tt.wantErr != "" && err == nil:
				t.Errorf("got no error, want %q", tt.wantErr)
			case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
				t.Errorf("got error %q, want it to contain %q", err, tt.wantErr)
			}
		})
	}
}

func TestValidateReportsEveryProblem(t *testing.T) {
	src := "{\"pack\": {\n  \"pack_format\": 61,\n  \"supported_formats\": [70, 80],\n  \"min_format\": 71,\n  \"max_format\": 107\n}}\n"
	m, err := ParseMCMeta([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	err = m.Validate()
	want := strings.Join([]string{
		"pack.mcmeta:1:10: pack.description: missing: the game requires a description",
		"pack.mcmeta:2:18: pack.pack_format: 61 is outside min_format 71 … max_format 107.*",
		"pack.mcmeta:3:24: pack.supported_formats: starts at 70 but min_format is 71: the lower bounds must match",
		"pack.mcmeta:3:24: pack.supported_formats: ends at 80: it must end at max_format's major (107) or at 81",
	}, "\n")
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

func TestParseMCMetaErrors(t *testing.T) {
	tests := []struct {
		src  string
		want string
	}{
		{"", "pack.mcmeta:1:1: invalid JSON: unexpected end of input"},
		{"[]", "pack.mcmeta:1:1: want an object"},
		{"{}", `pack.mcmeta:1:1: pack: missing: a data pack's pack.mcmeta needs a "pack" object`},
		{"{\"pack\": 5}", "pack.mcmeta:1:10: pack: want an object"},
		{"{\n \"pack\": {\"pack_format\": 71,}}", "pack.mcmeta:2:25: invalid JSON: invalid character '}' looking for beginning of object key string"},
		{"{\"pack\": {\"pack_format\": 71}} {}", "pack.mcmeta:1:31: unexpected data after the top-level object"},
		{"{\"pack\": {\"pack_format\": 71,\n  \"pack_format\": 72}}", `pack.mcmeta:2:3: pack: duplicate key "pack_format"`},
		{"{\"pack\": {\"pack_format\": \"71\"}}", `pack.mcmeta:1:26: pack.pack_format: want an integer, got "71"`},
		{"{\"pack\": {\"pack_format\": 71.5}}", "pack.mcmeta:1:26: pack.pack_format: want an integer, got 71.5"},
		{"{\"pack\": {\"min_format\": [1, 2, 3]}}", "pack.mcmeta:1:25: pack.min_format: want an integer, [major] or [major, minor], got [1, 2, 3]"},
		{"{\"pack\": {\"max_format\": -1}}", "pack.mcmeta:1:25: pack.max_format: format numbers cannot be negative, got -1"},
		{"{\"pack\": {\"supported_formats\": [1]}}", "pack.mcmeta:1:32: pack.supported_formats: want [min, max], got [1]"},
		{"{\"pack\": {\"supported_formats\": {\"min_inclusive\": 1}}}", "pack.mcmeta:1:32: pack.supported_formats: want {\"min_inclusive\": min, \"max_inclusive\": max}: both keys are required"},
		{"{\"pack\": {\"description\": 5}}", "pack.mcmeta:1:26: pack.description: want a text component (a string, object or array), got 5"},
		{"{\"pack\": {}, \"mcgomoku\": []}", "pack.mcmeta:1:26: mcgomoku: want an object"},
	}
	for _, tt := range tests {
		_, err := ParseMCMeta([]byte(tt.src))
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseMCMeta(%q):\ngot  %v\nwant %s", tt.src, err, tt.want)
		}
	}
}

func TestSupports(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string
	}{
		{"MINECRAFT.md example", pack(`, "pack_format": 71, "supported_formats": [71, 81], "min_format": 71, "max_format": 107`),
			"1.21.5 1.21.6 1.21.7 1.21.8 1.21.9 1.21.10 1.21.11 26.1 26.1.1 26.1.2 26.2"},
		{"legacy pack_format only", pack(`, "pack_format": 48`), "1.21 1.21.1"},
		{"legacy range", pack(`, "pack_format": 48, "supported_formats": [48, 81]`), "1.21 1.21.1 1.21.2 1.21.3 1.21.4 1.21.5 1.21.6 1.21.7 1.21.8"},
		{"bukkit-style exact minor", pack(`, "min_format": [94, 1], "max_format": [94, 1]`), "1.21.11"},
		{"bare max covers every minor", pack(`, "min_format": 88, "max_format": 94`), "1.21.9 1.21.10 1.21.11"},
		{"max with minor 0 excludes 94.1", pack(`, "min_format": 88, "max_format": [94, 0]`), "1.21.9 1.21.10"},
		{"old games need pack_format", pack(`, "supported_formats": [71, 81], "min_format": 88, "max_format": 107`), ""},
		{"invalid for new games, still read by old ones", pack(`, "pack_format": 71, "supported_formats": [71, 80], "min_format": 71, "max_format": 107`),
			"1.21.5 1.21.6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ParseMCMeta([]byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if got := names(m.SupportedReleases()); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func FuzzParseMCMeta(f *testing.F) {
	def, _ := MCMeta("Gomoku", DefaultRange)
	f.Add(def)
	f.Add([]byte(pack(`, "min_format": [94, 1], "max_format": [94, 1]`)))
	f.Add([]byte(pack(`, "pack_format": 48, "supported_formats": {"min_inclusive": 48, "max_inclusive": 61}`)))
	f.Add([]byte(`{"pack": {"pack_format": 71,, }`))
	f.Add([]byte("{\"pack\": {\"description\": [\"a\", {\"text\": \"b\"}]}, \"mcgomoku\": {\"min_version\": 1}}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseMCMeta(data)
		if err != nil {
			var list MCMetaErrors
			if !asErrors(err, &list) || len(list) == 0 {
				t.Fatalf("error %v is not a non-empty MCMetaErrors", err)
			}
			for _, e := range list {
				if e.Line < 1 || e.Col < 1 || !strings.HasPrefix(e.Error(), "pack.mcmeta:") {
					t.Fatalf("error without a position: %v", e)
				}
			}
			return
		}
		verr := m.Validate()
		// Whatever parses must be judged consistently: a valid file's
		// supported releases are a subset of the table, and a file
		// invalid for new games is not supported by any of them.
		for _, r := range m.SupportedReleases() {
			if r.DataPack.Major > LastIntFormat && verr != nil {
				t.Fatalf("%s supports an invalid file: %v", r.Name, verr)
			}
		}
	})
}

func asErrors(err error, list *MCMetaErrors) bool {
	l, ok := err.(MCMetaErrors)
	*list = l
	return ok
}
