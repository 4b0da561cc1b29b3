package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// fnTag is a function tag file.
type fnTag struct {
	path    string
	data    []byte
	entries []tagEntry
	parsed  bool
	bad     string // why the file does not decode
	badOff  int    // where
}

type tagEntry struct {
	id       string // "ns:f" or "#ns:t"
	required bool
	off      int // byte offset of the entry in the file
}

func (t *fnTag) parse(c *checker) {
	t.parsed = true
	root, err := datapack.ParseJSON(t.data)
	if err != nil {
		t.bad = err.Error()
		if je, ok := err.(*datapack.JSONError); ok {
			t.badOff = je.Off
		}
		return
	}
	if root.Kind != 'o' {
		t.bad = "a function tag is an object with \"values\""
		return
	}
	for _, k := range root.Keys {
		if k.Name == "replace" && k.Val.Kind != 'b' {
			t.bad, t.badOff = "replace: expected true or false", k.Val.Off
			return
		}
	}
	values := root.Get("values")
	if values == nil {
		t.bad = "missing \"values\""
		return
	}
	if values.Kind != 'a' {
		t.bad, t.badOff = "values: expected a list", values.Off
		return
	}
	for i, v := range values.Elems {
		if v.Kind == 's' {
			t.entries = append(t.entries, tagEntry{id: v.Str, required: true, off: v.Off})
			continue
		}
		id, req := v.Get("id"), v.Get("required")
		if v.Kind != 'o' || id == nil || id.Kind != 's' || (req != nil && req.Kind != 'b') {
			t.bad, t.badOff = fmt.Sprintf("values[%d]: expected a function ID or {\"id\": …, \"required\": …}", i), v.Off
			return
		}
		t.entries = append(t.entries, tagEntry{id: id.Str, required: req == nil || req.Bool, off: id.Off})
	}
}

// functions lists the functions a tag runs, following nested tags.
func (t *fnTag) functions(c *checker, seen map[string]bool) []string {
	var out []string
	for _, e := range t.entries {
		if name, ok := strings.CutPrefix(e.id, "#"); ok {
			id := syntax.NormalizeID(name)
			if seen[id] {
				continue
			}
			seen[id] = true
			if sub := c.fnTags[id]; sub != nil {
				out = append(out, sub.functions(c, seen)...)
			}
			continue
		}
		out = append(out, syntax.NormalizeID(e.id))
	}
	return out
}

// strictJSON decodes one JSON value and rejects trailing data.
func strictJSON(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("invalid json: %v", err)
	}
	if dec.More() {
		return fmt.Errorf("invalid json: trailing data")
	}
	return nil
}

func (c *checker) checkFunctionTags() {
	for _, id := range slices.Sorted(maps.Keys(c.fnTags)) {
		t := c.fnTags[id]
		jf := &jsonFile{c: c, path: t.path, src: t.data}
		if t.bad != "" {
			jf.at(t.badOff, "%s", t.bad)
			continue
		}
		hook := id == "minecraft:load" || id == "minecraft:tick"
		for _, e := range t.entries {
			name, isTag := strings.CutPrefix(e.id, "#")
			if !syntax.ValidResourceLocation(name) || name == "" {
				jf.at(e.off, "invalid function id %q", e.id)
				continue
			}
			ref := syntax.NormalizeID(name)
			if isTag {
				if c.fnTags[ref] == nil && e.required && c.ownNamespace(ref) {
					jf.at(e.off, "unknown function tag #%s", ref)
				}
				continue
			}
			f := c.functions[ref]
			if f == nil {
				if e.required && c.ownNamespace(ref) {
					jf.at(e.off, "unknown function %s", ref)
				}
				continue
			}
			if f.macro {
				if hook {
					jf.at(e.off, "%s is a macro function; #%s calls it without arguments, so it fails silently", ref, id)
				} else {
					jf.at(e.off, "%s is a macro function; calling it through tag #%s needs arguments on every call", ref, id)
				}
			}
		}
	}
}

// legacyFolders are the plural folder names data packs used before 1.21;
// 1.21+ ignores files in them.
var legacyFolders = map[string]string{
	"functions": "function", "advancements": "advancement", "predicates": "predicate",
	"loot_tables": "loot_table", "item_modifiers": "item_modifier", "recipes": "recipe",
	"structures": "structure", "tags/functions": "tags/function", "tags/blocks": "tags/block",
	"tags/items": "tags/item", "tags/entity_types": "tags/entity_type", "tags/fluids": "tags/fluid",
	"tags/game_events": "tags/game_event",
}

// checkOtherFiles checks pack.mcmeta, JSON syntax of every other JSON file,
// folder names and resource paths.
func (c *checker) checkOtherFiles(p *datapack.Pack) {
	if b, ok := p.Files["pack.mcmeta"]; ok {
		c.checkMCMeta(b)
	} else {
		c.problem("pack.mcmeta", 0, 0, "missing pack.mcmeta: the game does not recognise the folder as a data pack")
	}
	for _, path := range p.Paths() {
		rest, ok := strings.CutPrefix(path, "data/")
		if !ok {
			continue
		}
		ns, sub, ok := strings.Cut(rest, "/")
		if !ok {
			continue
		}
		if !syntax.ValidResourceLocation(ns) || strings.ContainsAny(ns, ":/") || ns == "" {
			c.problem(path, 0, 0, "invalid namespace %q: the game ignores this file", ns)
			continue
		}
		for old, now := range legacyFolders {
			if strings.HasPrefix(sub, old+"/") {
				c.problem(path, 0, 0, "folder %q was renamed %q in 1.21: the game ignores this file", old, now)
			}
		}
		if i := strings.LastIndexByte(sub, '.'); i > 0 {
			name := sub[:i]
			if strings.Contains(name, ":") || !syntax.ValidResourceLocation(name) {
				c.problem(path, 0, 0, "invalid resource path %q (only a-z 0-9 _ - . / are allowed): the game ignores this file", name)
			}
		}
		if strings.HasSuffix(path, ".json") {
			if _, isTag := datapack.FunctionTagID(path); isTag {
				continue
			}
			if _, isAdv := datapack.AdvancementID(path); isAdv {
				continue
			}
			if _, isPred := predicateID(path); isPred {
				continue
			}
			var v any
			if err := strictJSON(p.Files[path], &v); err != nil {
				c.problem(path, 0, 0, "%v", err)
			}
		}
	}
}
