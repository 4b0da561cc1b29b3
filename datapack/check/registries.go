package check

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// Registries holds the entries of a release's built-in registries, as
// Mojang's data generator reports them in registries.json. Data-driven
// registries (biomes, damage types, enchantments, dimensions …) are not in
// that report, so IDs of those are never checked.
type Registries struct {
	entries map[string]map[string]bool // registry → "ns:path" → present
}

// LoadRegistries reads a registries.json file.
func LoadRegistries(path string) (*Registries, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r, err := ParseRegistries(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// ParseRegistries decodes a registries.json document.
func ParseRegistries(data []byte) (*Registries, error) {
	var raw map[string]struct {
		Entries map[string]json.RawMessage `json:"entries"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("invalid registries report: %w", err)
	}
	r := &Registries{entries: map[string]map[string]bool{}}
	for name, reg := range raw {
		set := make(map[string]bool, len(reg.Entries))
		for id := range reg.Entries {
			set[id] = true
		}
		r.entries[syntax.NormalizeID(name)] = set
	}
	return r, nil
}

// Known reports whether the report lists registry (e.g. "minecraft:block").
func (r *Registries) Known(registry string) bool {
	if r == nil {
		return false
	}
	_, ok := r.entries[syntax.NormalizeID(registry)]
	return ok
}

// Has reports whether id is an entry of registry. It is true for any id when
// the registry is not in the report, so callers need not special-case
// data-driven registries.
func (r *Registries) Has(registry, id string) bool {
	if r == nil {
		return true
	}
	set, ok := r.entries[syntax.NormalizeID(registry)]
	if !ok {
		return true
	}
	return set[syntax.NormalizeID(id)]
}
