package datapack

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// MarkerKey is the top-level pack.mcmeta section that marks a pack as
// written by mcgomoku. Install and Write replace an existing pack only when
// its pack.mcmeta carries this section, so they never clobber a pack a player
// put there by hand. The game reads pack.mcmeta sections by name and ignores
// sections it does not know (that is how "filter", "overlays" and
// "language" coexist), so the marker is invisible to every game version.
const MarkerKey = "mcgomoku"

// Marker is the content of the MarkerKey section: the release range the pack
// was built for, so a later install can say what it is replacing.
type Marker struct {
	MinVersion, MaxVersion string
}

// MCMeta builds the pack.mcmeta of a data pack supporting every release in r,
// in the forms both pre- and post-25w31a games read
// (/work/shared/MINECRAFT.md §1.2):
//
//   - pack_format is the oldest release's major, so games up to 1.21.8 can
//     parse the file (and newer-only packs show as "incompatible" there
//     instead of failing to load);
//   - supported_formats [min, min(max, 81)] is written when the range starts
//     at format 81 or below, and only then (the game rejects it from 82);
//   - min_format and max_format are bare majors: a bare min N means N.0 and a
//     bare max N means every minor of N, so all hotfixes of the newest
//     release are included.
//
// For 1.21.5 → 26.2 that is pack_format 71, supported_formats [71, 81],
// min_format 71, max_format 107. The output is deterministic: fixed key
// order, 2-space indent, LF, final newline.
//
// Overlays, when given, are written as the "overlays" section (see
// writeOverlays); each must lie inside r's formats.
func MCMeta(description string, r VersionRange, overlays ...Overlay) ([]byte, error) {
	lo, hi, err := r.Bounds()
	if err != nil {
		return nil, err
	}
	minMajor, maxMajor := lo.DataPack.Major, hi.DataPack.Major
	desc, err := jsonString(description)
	if err != nil {
		return nil, fmt.Errorf("pack.mcmeta description: %w", err)
	}
	var b strings.Builder
	b.WriteString("{\n  \"pack\": {\n")
	fmt.Fprintf(&b, "    \"description\": %s,\n", desc)
	fmt.Fprintf(&b, "    \"pack_format\": %d,\n", minMajor)
	if minMajor <= LastIntFormat {
		fmt.Fprintf(&b, "    \"supported_formats\": [%d, %d],\n", minMajor, min(maxMajor, LastIntFormat))
	}
	fmt.Fprintf(&b, "    \"min_format\": %d,\n", minMajor)
	fmt.Fprintf(&b, "    \"max_format\": %d\n", maxMajor)
	b.WriteString("  },\n")
	for _, o := range overlays {
		if !validOverlayDirectory(o.Directory) {
			return nil, fmt.Errorf("overlay directory %q: use only a-z 0-9 _ -", o.Directory)
		}
		if o.Min.Compare(o.Max) > 0 || o.Min.Compare(lo.DataPack) < 0 || o.Max.Major > maxMajor {
			return nil, fmt.Errorf("overlay %s: formats %s … %s are not inside the pack's %s … %d", o.Directory, o.Min, o.Max, lo.DataPack, maxMajor)
		}
	}
	if len(overlays) > 0 {
		writeOverlays(&b, minMajor, overlays)
	}
	minV, _ := jsonString(lo.Name)
	maxV, _ := jsonString(hi.Name)
	fmt.Fprintf(&b, "  %q: {\n    \"min_version\": %s,\n    \"max_version\": %s\n  }\n}\n", MarkerKey, minV, maxV)
	out := []byte(b.String())

	// The generator's own output must pass the game's validator; anything
	// else is a bug here, not in the caller's input.
	m, err := ParseMCMeta(out)
	if err == nil {
		err = m.Validate()
	}
	if err != nil {
		panic("internal error: generated pack.mcmeta is invalid: " + err.Error())
	}
	return out, nil
}

// jsonString encodes s as a JSON string without HTML escaping, so "<" and
// "&" in a description stay readable.
func jsonString(s string) (string, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return "", err
	}
	return strings.TrimSuffix(buf.String(), "\n"), nil
}

// FormatRange is an inclusive range of format majors, the value of the
// pre-25w31a supported_formats field.
type FormatRange struct {
	Min, Max int
}

// PackMeta is a parsed pack.mcmeta. Nil pointers are absent fields.
type PackMeta struct {
	Description      json.RawMessage // the text component as written; nil if absent
	PackFormat       *int
	SupportedFormats *FormatRange
	MinFormat        *Format // a bare int N is N.0
	MaxFormat        *Format // a bare int N is N.* (Minor == MaxMinor)
	Marker           *Marker // our MarkerKey section; nil for foreign packs
	Overlays         []OverlayEntry

	file string
	src  []byte
	pos  map[string]int // field path ("pack.min_format") → byte offset of its value
}

// MCMetaError is one problem in a pack.mcmeta, reported at the value it is
// about (or at the enclosing object when a field is missing).
type MCMetaError struct {
	File      string // "pack.mcmeta"
	Line, Col int    // 1-based; 0 when unknown
	Field     string // "pack.min_format"; empty for syntax errors
	Msg       string
}

func (e *MCMetaError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", e.Line, e.Col)
	}
	b.WriteString(": ")
	if e.Field != "" {
		b.WriteString(e.Field + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// MCMetaErrors collects every problem found, like go/scanner.ErrorList, so
// one run shows them all.
type MCMetaErrors []*MCMetaError

func (l MCMetaErrors) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// err returns nil for an empty list, so callers can `return m, l.err()`.
func (l MCMetaErrors) err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// ParseMCMeta parses a pack.mcmeta, checking JSON syntax and the type of
// every field it knows. It does not apply the game's cross-field rules; call
// Validate for those.
func ParseMCMeta(data []byte) (*PackMeta, error) {
	return parseMCMeta("pack.mcmeta", data)
}

func parseMCMeta(file string, data []byte) (*PackMeta, error) {
	m := &PackMeta{file: file, src: data, pos: map[string]int{}}
	var errs MCMetaErrors
	bad := func(field string, off int, format string, args ...any) {
		errs = append(errs, m.errorAt(field, off, fmt.Sprintf(format, args...)))
	}

	top, err := readObject(data, data, 0, true)
	if err != nil {
		return nil, MCMetaErrors{m.fieldError("", 0, "", err)}
	}
	packField, ok := top["pack"]
	if !ok {
		return nil, MCMetaErrors{m.errorAt("pack", 0, "missing: a data pack's pack.mcmeta needs a \"pack\" object")}
	}
	pack, err := readObject(data, packField.raw, packField.off, false)
	if err != nil {
		return nil, MCMetaErrors{m.fieldError("pack", packField.off, "", err)}
	}
	m.pos["pack"] = packField.off

	for key, f := range pack {
		name := "pack." + key
		m.pos[name] = f.off
		switch key {
		case "description":
			switch f.raw[0] {
			case '"', '{', '[':
				m.Description = f.raw
			default:
				bad(name, f.off, "want a text component (a string, object or array), got %s", f.raw)
			}
		case "pack_format":
			n, err := jsonInt(f.raw)
			if err != nil {
				bad(name, f.off, "%v", err)
				continue
			}
			m.PackFormat = &n
		case "supported_formats", "min_format", "max_format":
			if err := readFormatField(data, key, "supported_formats", f, &m.SupportedFormats, &m.MinFormat, &m.MaxFormat); err != nil {
				errs = append(errs, m.fieldError(name, f.off, "", err))
			}
		}
		// Other keys ("filter", "features", unknown ones) are the game's or
		// another tool's business, not ours.
	}

	if f, ok := top["overlays"]; ok {
		m.parseOverlays(data, f, bad, &errs)
	}
	if f, ok := top[MarkerKey]; ok {
		m.pos[MarkerKey] = f.off
		obj, err := readObject(data, f.raw, f.off, false)
		if err != nil {
			errs = append(errs, m.fieldError(MarkerKey, f.off, "", err))
		} else {
			mk := &Marker{}
			for key, v := range obj {
				var s string
				if err := json.Unmarshal(v.raw, &s); err != nil {
					bad(MarkerKey+"."+key, v.off, "want a string, got %s", v.raw)
					continue
				}
				switch key {
				case "min_version":
					mk.MinVersion = s
				case "max_version":
					mk.MaxVersion = s
				}
			}
			m.Marker = mk
		}
	}
	sortErrors(errs)
	if len(errs) > 0 {
		return nil, errs
	}
	return m, nil
}

// Validate applies the rules the game's pack.mcmeta validator enforces for
// data packs (/work/shared/MINECRAFT.md §1.2; 81 is the last integer
// format). Every violation is reported, each naming its field.
func (m *PackMeta) Validate() error {
	var errs MCMetaErrors
	bad := func(field, format string, args ...any) {
		off, ok := m.pos[field]
		if !ok {
			off = m.pos["pack"]
		}
		errs = append(errs, m.errorAt(field, off, fmt.Sprintf(format, args...)))
	}

	if m.Description == nil {
		bad("pack.description", "missing: the game requires a description")
	}
	if sf := m.SupportedFormats; sf != nil && sf.Min > sf.Max {
		bad("pack.supported_formats", "range [%d, %d] is backwards", sf.Min, sf.Max)
	}

	switch {
	case (m.MinFormat == nil) != (m.MaxFormat == nil):
		if m.MinFormat == nil {
			bad("pack.max_format", "min_format is missing: min_format and max_format come together")
		} else {
			bad("pack.min_format", "max_format is missing: min_format and max_format come together")
		}

	case m.MinFormat != nil:
		lo, hi := *m.MinFormat, *m.MaxFormat
		if lo.Compare(hi) > 0 {
			bad("pack.min_format", "min_format %s is newer than max_format %s", lo, hi)
			break
		}
		if lo.Major > LastIntFormat {
			if m.SupportedFormats != nil {
				bad("pack.supported_formats", "deprecated starting from pack format %d: remove it (min_format is %s, so no game that reads it is supported)", LastIntFormat+1, lo)
			}
			if pf := m.PackFormat; pf != nil && !inFormats(Format{*pf, 0}, lo, hi) {
				bad("pack.pack_format", "%d is outside min_format %s … max_format %s", *pf, lo, hi)
			}
			break
		}
		// The range reaches back to games that only read pack_format and
		// supported_formats, so both must describe the same range.
		if sf := m.SupportedFormats; sf == nil {
			bad("pack", "supported_formats is required when min_format (%s) is %d or below: games up to 1.21.8 read it", lo, LastIntFormat)
		} else {
			if sf.Min != lo.Major {
				bad("pack.supported_formats", "starts at %d but min_format is %s: the lower bounds must match", sf.Min, lo)
			}
			if sf.Max != hi.Major && sf.Max != LastIntFormat {
				bad("pack.supported_formats", "ends at %d: it must end at max_format's major (%d) or at %d", sf.Max, hi.Major, LastIntFormat)
			}
		}
		if pf := m.PackFormat; pf == nil {
			bad("pack", "pack_format is required when min_format (%s) is %d or below", lo, LastIntFormat)
		} else if !inFormats(Format{*pf, 0}, lo, hi) {
			bad("pack.pack_format", "%d is outside min_format %s … max_format %s", *pf, lo, hi)
		}
		if lo.Major < 15 && lo.Compare(hi) < 0 {
			bad("pack.min_format", "multi-version packs cannot start below format 15 (%s): older games cannot parse the range", lo)
		}

	default: // the pre-25w31a form: pack_format [+ supported_formats]
		pf := m.PackFormat
		if pf == nil {
			bad("pack", "pack_format is required when min_format and max_format are absent")
			break
		}
		if *pf > LastIntFormat {
			bad("pack.pack_format", "%d is above %d: formats from %d need min_format and max_format", *pf, LastIntFormat, LastIntFormat+1)
		}
		if sf := m.SupportedFormats; sf != nil && sf.Min < 15 && sf.Min < sf.Max {
			bad("pack.supported_formats", "multi-version packs cannot start below format 15 (%d): older games cannot parse the range", sf.Min)
		}
	}
	m.validateOverlays(bad)
	sortErrors(errs)
	return errs.err()
}

// Supports reports whether release rel accepts the pack as compatible,
// reading the file the way that release does: games up to format 81 look
// only at supported_formats (or else pack_format); later games use
// min_format/max_format when present, otherwise the old fields, and reject
// a file their validator rejects.
func (m *PackMeta) Supports(rel Release) bool {
	if rel.DataPack.Major <= LastIntFormat {
		if m.PackFormat == nil { // those games fail to parse the file
			return false
		}
		if sf := m.SupportedFormats; sf != nil {
			return sf.Min <= rel.DataPack.Major && rel.DataPack.Major <= sf.Max
		}
		return *m.PackFormat == rel.DataPack.Major
	}
	if m.Validate() != nil {
		return false
	}
	if m.MinFormat != nil {
		return inFormats(rel.DataPack, *m.MinFormat, *m.MaxFormat)
	}
	lo, hi := *m.PackFormat, *m.PackFormat
	if sf := m.SupportedFormats; sf != nil {
		lo, hi = sf.Min, sf.Max
	}
	return inFormats(rel.DataPack, Format{lo, 0}, Format{hi, MaxMinor})
}

// SupportedReleases lists the releases of the table that accept the pack,
// oldest first.
func (m *PackMeta) SupportedReleases() []Release {
	var out []Release
	for _, r := range releases {
		if m.Supports(r) {
			out = append(out, r)
		}
	}
	return out
}

func inFormats(f, lo, hi Format) bool { return lo.Compare(f) <= 0 && f.Compare(hi) <= 0 }

// field is a JSON value and the byte offset where it starts in the file.
type field struct {
	raw json.RawMessage
	off int
}

// readObject reads the JSON object raw (which starts at byte off of file)
// into its members, remembering where each value starts so errors can point
// at it. Duplicate keys are an error: the game would silently keep one. Only
// a whole file (whole) must have nothing after the object.
func readObject(file, raw []byte, off int, whole bool) (map[string]field, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, jsonError(err, off, len(file))
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, &posError{off, "want an object"}
	}
	out := map[string]field{}
	for dec.More() {
		keyOff := skipSpaceComma(file, off+int(dec.InputOffset()))
		tok, err := dec.Token()
		if err != nil {
			return nil, jsonError(err, off, len(file))
		}
		key, ok := tok.(string)
		if !ok { // the decoder rejects non-string keys; kept for safety
			return nil, &posError{keyOff, "want a string key"}
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, jsonError(err, off, len(file))
		}
		if _, dup := out[key]; dup {
			return nil, &posError{keyOff, fmt.Sprintf("duplicate key %q", key)}
		}
		out[key] = field{v, off + int(dec.InputOffset()) - len(v)}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, jsonError(err, off, len(file))
	}
	if whole {
		end := off + int(dec.InputOffset())
		if _, err := dec.Token(); err != io.EOF {
			return nil, &posError{skipSpaceComma(file, end), "unexpected data after the top-level object"}
		}
	}
	return out, nil
}

// posError is a JSON problem at a byte offset of the file.
type posError struct {
	off int
	msg string
}

func (e *posError) Error() string { return e.msg }

func skipSpaceComma(b []byte, i int) int {
	for i < len(b) && strings.IndexByte(" \t\r\n,", b[i]) >= 0 {
		i++
	}
	return i
}

// jsonError turns an encoding/json error inside a value starting at byte off
// into a posError at the offending byte of the file.
func jsonError(err error, off, size int) *posError {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		// Offset counts the bytes read up to and including the bad one.
		return &posError{off + max(0, int(se.Offset)-1), "invalid JSON: " + se.Error()}
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return &posError{size, "invalid JSON: unexpected end of input"}
	}
	return &posError{off, "invalid JSON: " + err.Error()}
}

// fieldError reports a problem inside field name: at the exact byte when
// the JSON reader knows it, else at the field's value.
func (m *PackMeta) fieldError(name string, off int, prefix string, err error) *MCMetaError {
	var pe *posError
	if errors.As(err, &pe) {
		return m.errorAt(name, pe.off, prefix+pe.msg)
	}
	return m.errorAt(name, off, prefix+err.Error())
}

// errorAt builds an error at byte offset off of the file.
func (m *PackMeta) errorAt(fieldName string, off int, msg string) *MCMetaError {
	line, col := lineCol(m.src, off)
	return &MCMetaError{File: m.file, Line: line, Col: col, Field: fieldName, Msg: msg}
}

// lineCol converts a byte offset to a 1-based line and byte column.
func lineCol(src []byte, off int) (int, int) {
	off = max(0, min(off, len(src)))
	line := 1 + bytes.Count(src[:off], []byte{'\n'})
	col := off - bytes.LastIndexByte(src[:off], '\n')
	return line, col
}

func sortErrors(errs MCMetaErrors) {
	sort.SliceStable(errs, func(i, j int) bool {
		if errs[i].Line != errs[j].Line {
			return errs[i].Line < errs[j].Line
		}
		return errs[i].Col < errs[j].Col
	})
}

// jsonInt parses a JSON integer that fits the game's int.
func jsonInt(raw json.RawMessage) (int, error) {
	n, err := strconv.ParseInt(string(raw), 10, 32)
	if err != nil {
		return 0, fmt.Errorf("want an integer, got %s", raw)
	}
	return int(n), nil
}

// parseFormatRange reads supported_formats: N, [min, max] or
// {"min_inclusive": min, "max_inclusive": max}.
func parseFormatRange(file []byte, f field) (FormatRange, error) {
	switch f.raw[0] {
	case '[':
		var xs []json.RawMessage
		if err := json.Unmarshal(f.raw, &xs); err != nil || len(xs) != 2 {
			return FormatRange{}, fmt.Errorf("want [min, max], got %s", f.raw)
		}
		lo, err1 := jsonInt(xs[0])
		hi, err2 := jsonInt(xs[1])
		if err := errors.Join(err1, err2); err != nil {
			return FormatRange{}, fmt.Errorf("want [min, max] of integers, got %s", f.raw)
		}
		return FormatRange{lo, hi}, nil
	case '{':
		obj, err := readObject(file, f.raw, f.off, false)
		if err != nil {
			return FormatRange{}, err
		}
		lo, ok1 := obj["min_inclusive"]
		hi, ok2 := obj["max_inclusive"]
		if !ok1 || !ok2 {
			return FormatRange{}, errors.New("want {\"min_inclusive\": min, \"max_inclusive\": max}: both keys are required")
		}
		l, err1 := jsonInt(lo.raw)
		h, err2 := jsonInt(hi.raw)
		if err := errors.Join(err1, err2); err != nil {
			return FormatRange{}, fmt.Errorf("want integer bounds, got %s", f.raw)
		}
		return FormatRange{l, h}, nil
	}
	n, err := jsonInt(f.raw)
	if err != nil {
		return FormatRange{}, fmt.Errorf("want an integer, [min, max] or {\"min_inclusive\", \"max_inclusive\"}, got %s", f.raw)
	}
	return FormatRange{n, n}, nil
}

// readFormatField reads one of the format fields a pack section and an
// overlay entry share: the old range (rangeKey: "supported_formats" or
// "formats"), min_format or max_format, into the matching pointer.
func readFormatField(data []byte, key, rangeKey string, f field, rng **FormatRange, lo, hi **Format) error {
	if key == rangeKey {
		r, err := parseFormatRange(data, f)
		if err != nil {
			return err
		}
		*rng = &r
		return nil
	}
	v, err := parseFormat(f.raw, key == "max_format")
	if err != nil {
		return err
	}
	if key == "min_format" {
		*lo = &v
	} else {
		*hi = &v
	}
	return nil
}

// parseFormat reads min_format/max_format: N, [N] or [N, minor]. A bare
// major in max_format means every minor of it.
func parseFormat(raw json.RawMessage, isMax bool) (Format, error) {
	var parts []int
	if raw[0] == '[' {
		var xs []json.RawMessage
		if err := json.Unmarshal(raw, &xs); err != nil || len(xs) < 1 || len(xs) > 2 {
			return Format{}, fmt.Errorf("want an integer, [major] or [major, minor], got %s", raw)
		}
		for _, x := range xs {
			n, err := jsonInt(x)
			if err != nil {
				return Format{}, fmt.Errorf("want an integer, [major] or [major, minor], got %s", raw)
			}
			parts = append(parts, n)
		}
	} else {
		n, err := jsonInt(raw)
		if err != nil {
			return Format{}, fmt.Errorf("want an integer, [major] or [major, minor], got %s", raw)
		}
		parts = []int{n}
	}
	for _, p := range parts {
		if p < 0 {
			return Format{}, fmt.Errorf("format numbers cannot be negative, got %s", raw)
		}
	}
	f := Format{Major: parts[0]}
	switch {
	case len(parts) == 2:
		f.Minor = parts[1]
	case isMax:
		f.Minor = MaxMinor
	}
	return f, nil
}
