package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/mcgomoku/mcgomoku/datapack/syntax"
	"sort"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// fnTag is a function tag file.
type fnTag struct {
	path    string
	data    []byte
	entries []tagEntry
	parsed  bool
	bad     string // why the file does not decode
}

type tagEntry struct {
	id       string // "ns:f" or "#ns:t"
	required bool
}

func (t *fnTag) parse(c *checker) {
	t.parsed = true
	var raw struct {
		Replace *bool             `json:"replace"`
		Values  []json.RawMessage `json:"values"`
	}
	if err := strictJSON(t.data, &raw); err != nil {
		t.bad = err.Error()
		return
	}
	if raw.Values == nil {
		t.bad = "missing \"values\""
		return
	}
	for i, v := range raw.Values {
		var s string
		if json.Unmarshal(v, &s) == nil {
			t.entries = append(t.entries, tagEntry{id: s, required: true})
			continue
		}
		var o struct {
			ID       *string `json:"id"`
			Required *bool   `json:"required"`
		}
		if err := json.Unmarshal(v, &o); err != nil || o.ID == nil {
			t.bad = fmt.Sprintf("values[%d]: expected a function ID or {\"id\": …, \"required\": …}", i)
			return
		}
		e := tagEntry{id: *o.ID, required: o.Required == nil || *o.Required}
		t.entries = append(t.entries, e)
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
	ids := make([]string, 0, len(c.fnTags))
	for id := range c.fnTags {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		t := c.fnTags[id]
		if t.bad != "" {
			c.problem(t.path, 0, 0, "%s", t.bad)
			continue
		}
		hook := id == "minecraft:load" || id == "minecraft:tick"
		for _, e := range t.entries {
			name, isTag := strings.CutPrefix(e.id, "#")
			if !syntax.ValidResourceLocation(name) || name == "" {
				c.problem(t.path, 0, 0, "invalid function id %q", e.id)
				continue
			}
			ref := syntax.NormalizeID(name)
			if isTag {
				if c.fnTags[ref] == nil && e.required && c.ownNamespace(ref) {
					c.problem(t.path, 0, 0, "unknown function tag #%s", ref)
				}
				continue
			}
			f := c.functions[ref]
			if f == nil {
				if e.required && c.ownNamespace(ref) {
					c.problem(t.path, 0, 0, "unknown function %s", ref)
				}
				continue
			}
			if f.macro {
				if hook {
					c.problem(t.path, 0, 0, "%s is a macro function; #%s calls it without arguments, so it fails silently", ref, id)
				} else {
					c.problem(t.path, 0, 0, "%s is a macro function; calling it through tag #%s needs arguments on every call", ref, id)
				}
			}
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
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
