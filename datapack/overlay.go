package datapack

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Overlay is a sub-pack the game applies over the pack's own files for the
// data-pack formats in [Min, Max]: the files under Directory/ replace or
// add to the files at the same paths inside the pack (pack.mcmeta's
// "overlays" section, since 1.20.2). It is how one pack carries a resource
// whose JSON differs between releases.
type Overlay struct {
	Directory string
	Min, Max  Format // Max.Minor == MaxMinor for every minor of Max.Major
}

// validOverlayDirectory: the characters every supported release accepts
// (1.21.9 widened the set to A-Z and '.', 1.21.5 … 1.21.8 allow a-z 0-9 _ -).
func validOverlayDirectory(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

// writeOverlays writes the "overlays" section of a pack.mcmeta whose own
// range starts at format minMajor. Every entry gets "formats" (the range
// of majors games up to 1.21.8 read; an entry without it makes them fail to
// read the section) when the pack supports such games, and min_format and
// max_format (read from 1.21.9 on) always; both say the same range.
func writeOverlays(b *strings.Builder, minMajor int, overlays []Overlay) {
	b.WriteString("  \"overlays\": {\n    \"entries\": [\n")
	for i, o := range overlays {
		b.WriteString("      {\n")
		if minMajor <= LastIntFormat {
			fmt.Fprintf(b, "        \"formats\": [%d, %d],\n", o.Min.Major, o.Max.Major)
		}
		fmt.Fprintf(b, "        \"min_format\": %s,\n", formatJSON(o.Min, false))
		fmt.Fprintf(b, "        \"max_format\": %s,\n", formatJSON(o.Max, true))
		dir, _ := jsonString(o.Directory)
		fmt.Fprintf(b, "        \"directory\": %s\n", dir)
		b.WriteString("      }")
		if i < len(overlays)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("    ]\n  },\n")
}

// formatJSON writes a format the way min_format/max_format read it: a bare
// major for N.0 (min) or every minor of N (max), else [major, minor].
func formatJSON(f Format, isMax bool) string {
	if (!isMax && f.Minor == 0) || (isMax && f.Minor == MaxMinor) {
		return fmt.Sprint(f.Major)
	}
	return fmt.Sprintf("[%d, %d]", f.Major, f.Minor)
}

// OverlayEntry is one parsed entry of pack.mcmeta's overlays section. Nil
// pointers are absent fields.
type OverlayEntry struct {
	Directory string
	Formats   *FormatRange
	MinFormat *Format
	MaxFormat *Format
	field     string // "overlays.entries[0]", for errors
}

// appliesTo reports whether a game at format f applies the entry, reading
// it as that game does.
func (e OverlayEntry) appliesTo(f Format) bool {
	if f.Major <= LastIntFormat {
		return e.Formats != nil && e.Formats.Min <= f.Major && f.Major <= e.Formats.Max
	}
	if e.MinFormat != nil && e.MaxFormat != nil {
		return inFormats(f, *e.MinFormat, *e.MaxFormat)
	}
	return e.Formats != nil && inFormats(f, Format{e.Formats.Min, 0}, Format{e.Formats.Max, MaxMinor})
}

// parseOverlays reads the overlays section into m.Overlays.
func (m *PackMeta) parseOverlays(data []byte, f field, bad func(field string, off int, format string, args ...any), errs *MCMetaErrors) {
	m.pos["overlays"] = f.off
	obj, err := readObject(data, f.raw, f.off, false)
	if err != nil {
		*errs = append(*errs, m.fieldError("overlays", f.off, "", err))
		return
	}
	ent, ok := obj["entries"]
	if !ok {
		bad("overlays", f.off, "missing \"entries\": a list of overlays")
		return
	}
	m.pos["overlays.entries"] = ent.off
	var raws []json.RawMessage
	if err := json.Unmarshal(ent.raw, &raws); err != nil {
		bad("overlays.entries", ent.off, "want a list of overlay objects, got %s", ent.raw)
		return
	}
	// Each element's offset, from the positioned reader.
	var offs []int
	if list, err := ParseJSON(ent.raw); err == nil {
		for _, e := range list.Elems {
			offs = append(offs, ent.off+e.Off)
		}
	}
	for i, raw := range raws {
		name := fmt.Sprintf("overlays.entries[%d]", i)
		off := ent.off
		if i < len(offs) {
			off = offs[i]
		}
		m.pos[name] = off
		obj, err := readObject(data, raw, off, false)
		if err != nil {
			*errs = append(*errs, m.fieldError(name, off, "", err))
			continue
		}
		e := OverlayEntry{field: name}
		for key, v := range obj {
			fname := name + "." + key
			m.pos[fname] = v.off
			switch key {
			case "directory":
				if err := json.Unmarshal(v.raw, &e.Directory); err != nil {
					bad(fname, v.off, "want a string, got %s", v.raw)
				}
			case "formats", "min_format", "max_format":
				if err := readFormatField(data, key, "formats", v, &e.Formats, &e.MinFormat, &e.MaxFormat); err != nil {
					*errs = append(*errs, m.fieldError(fname, v.off, "", err))
				}
			}
		}
		if _, ok := obj["directory"]; !ok {
			bad(name, off, "missing \"directory\"")
		}
		m.Overlays = append(m.Overlays, e)
	}
}

// validateOverlays applies the game's rules for overlay entries: a valid
// directory; "formats" in every entry when the pack supports games that
// read only it (up to format 81), with the same majors as min_format and
// max_format; min_format and max_format together, in order, whenever the
// pack supports games from 1.21.9 on.
func (m *PackMeta) validateOverlays(bad func(field, format string, args ...any)) {
	oldGames, newGames := m.supportsOld(), m.supportsNew()
	seen := map[string]string{}
	for _, e := range m.Overlays {
		if e.Directory != "" && !validOverlayDirectory(e.Directory) {
			bad(e.field+".directory", "%q: use only a-z 0-9 _ - (games up to 1.21.8 accept no other character)", e.Directory)
		}
		if prev, dup := seen[e.Directory]; dup && e.Directory != "" {
			bad(e.field+".directory", "%q is also the directory of %s", e.Directory, prev)
		}
		seen[e.Directory] = e.field
		if e.Formats != nil && e.Formats.Min > e.Formats.Max {
			bad(e.field+".formats", "range [%d, %d] is backwards", e.Formats.Min, e.Formats.Max)
		}
		if oldGames && e.Formats == nil {
			bad(e.field, "\"formats\" is required: games up to 1.21.8, which this pack supports, read only it (without it they cannot read the pack's overlays)")
		}
		if (e.MinFormat == nil) != (e.MaxFormat == nil) {
			bad(e.field, "min_format and max_format come together")
			continue
		}
		if e.MinFormat == nil {
			if newGames {
				bad(e.field, "min_format and max_format are required: games from 1.21.9, which this pack supports, read them")
			}
			continue
		}
		lo, hi := *e.MinFormat, *e.MaxFormat
		if lo.Compare(hi) > 0 {
			bad(e.field+".min_format", "min_format %s is newer than max_format %s", lo, hi)
			continue
		}
		if f := e.Formats; f != nil && (f.Min != lo.Major || f.Max != hi.Major) {
			bad(e.field+".formats", "[%d, %d] does not match min_format %s … max_format %s: the majors must be the same", f.Min, f.Max, lo, hi)
		}
	}
}

// supportsOld reports whether any release the pack declares reads only
// pack_format and supported_formats (format 81 or below).
func (m *PackMeta) supportsOld() bool {
	if m.MinFormat != nil {
		return m.MinFormat.Major <= LastIntFormat
	}
	if m.SupportedFormats != nil {
		return m.SupportedFormats.Min <= LastIntFormat
	}
	return m.PackFormat != nil && *m.PackFormat <= LastIntFormat
}

// supportsNew reports whether any release the pack declares is 1.21.9 or
// later (format 82 on).
func (m *PackMeta) supportsNew() bool {
	if m.MaxFormat != nil {
		return m.MaxFormat.Major > LastIntFormat
	}
	if m.SupportedFormats != nil {
		return m.SupportedFormats.Max > LastIntFormat
	}
	return m.PackFormat != nil && *m.PackFormat > LastIntFormat
}

// OverlaysFor lists the directories of the overlays a game at format f
// applies, in the order pack.mcmeta lists them.
func (m *PackMeta) OverlaysFor(f Format) []string {
	var out []string
	for _, e := range m.Overlays {
		if e.appliesTo(f) {
			out = append(out, e.Directory)
		}
	}
	return out
}

// Effective returns the pack as a game running release rel sees it: the
// pack's own files with the overlays that release applies laid over them
// (an overlay listed later wins over an earlier one), and no file of any
// overlay directory left at its own path. A pack with no pack.mcmeta, or
// one without overlays, is returned as it is.
func (p *Pack) Effective(rel Release) (*Pack, error) {
	v, _, err := p.EffectiveWithOrigins(rel)
	return v, err
}

// EffectiveWithOrigins is Effective, also returning where each file an
// overlay provides really is: effective path → path in p.
func (p *Pack) EffectiveWithOrigins(rel Release) (*Pack, map[string]string, error) {
	raw, ok := p.Files["pack.mcmeta"]
	if !ok {
		return p, nil, nil
	}
	m, err := ParseMCMeta(raw)
	if err != nil {
		return nil, nil, err
	}
	if len(m.Overlays) == 0 {
		return p, nil, nil
	}
	origin := map[string]string{}
	dirs := map[string]bool{}
	for _, e := range m.Overlays {
		if e.Directory != "" {
			dirs[e.Directory] = true
		}
	}
	out := New()
	for path, b := range p.Files {
		top, _, _ := strings.Cut(path, "/")
		if dirs[top] && strings.Contains(path, "/") {
			continue
		}
		out.Files[path] = b
	}
	applied := m.OverlaysFor(rel.DataPack)
	for _, dir := range applied {
		prefix := dir + "/"
		var paths []string
		for path := range p.Files {
			if strings.HasPrefix(path, prefix) {
				paths = append(paths, path)
			}
		}
		sort.Strings(paths)
		for _, path := range paths {
			rest := strings.TrimPrefix(path, prefix)
			// An overlay's own pack.mcmeta and pack.png are ignored.
			if rest == "pack.mcmeta" || rest == "pack.png" {
				continue
			}
			out.Files[rest] = p.Files[path]
			origin[rest] = path
		}
	}
	return out, origin, nil
}

// OverlayDirectories lists the directories pack.mcmeta names as overlays,
// sorted; nil for a pack without overlays or without a readable
// pack.mcmeta.
func (p *Pack) OverlayDirectories() []string {
	m, err := ParseMCMeta(p.Files["pack.mcmeta"])
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range m.Overlays {
		out = append(out, e.Directory)
	}
	sort.Strings(out)
	return out
}

// EntityPredicateMapFormat is the first data-pack format (26.2-snapshot-3,
// 102.0) whose entity predicates are a map keyed by sub-predicate type
// ({"minecraft:entity_type": …}) instead of an object of fixed fields
// ({"type": …}). Each form fails to load on the other side of it
// (/work/shared/MINECRAFT.md §1.3; vanilla advancement/adventure/kill_a_mob.json
// in 26.1 and 26.2).
var EntityPredicateMapFormat = Format{102, 0}

// FormatSplit divides the formats of r at format at: the overlays whose
// files differ on either side, named prefix plus the releases each covers
// ("gomoku-1_21_5-26_1"), with form false before at and true from at on.
// A range entirely on one side gives a single overlay-free form: ok is
// false and mapForm says which.
func FormatSplit(r VersionRange, at Format, prefix string) (before, after Overlay, ok, mapForm bool, err error) {
	lo, hi, err := r.Bounds()
	if err != nil {
		return before, after, false, false, err
	}
	switch {
	case hi.DataPack.Compare(at) < 0:
		return before, after, false, false, nil
	case lo.DataPack.Compare(at) >= 0:
		return before, after, false, true, nil
	}
	rels, _ := r.Releases()
	var lastBefore, firstAfter Release
	for _, rel := range rels {
		if rel.DataPack.Compare(at) < 0 {
			lastBefore = rel
		} else if firstAfter.Name == "" {
			firstAfter = rel
		}
	}
	name := func(a, b Release) string {
		s := strings.ReplaceAll(a.Name, ".", "_")
		if a.Name != b.Name {
			s += "-" + strings.ReplaceAll(b.Name, ".", "_")
		}
		return prefix + s
	}
	before = Overlay{Directory: name(lo, lastBefore), Min: Format{lo.DataPack.Major, 0}, Max: Format{at.Major - 1, MaxMinor}}
	after = Overlay{Directory: name(firstAfter, hi), Min: at, Max: Format{hi.DataPack.Major, MaxMinor}}
	return before, after, true, false, nil
}
