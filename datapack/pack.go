// Package datapack knows Minecraft: Java Edition data packs, not Gomoku: the
// in-memory Pack, resource locations, pack.mcmeta and the pack-format table,
// reading and writing folders and zips, installing into a world, structure
// template NBT, and checking commands against Mojang's command tree.
//
// Stage: the end of the generator's pipeline (gen.Render builds a Pack;
// Write or Install puts it on disk) and the start of the offline one (Read
// loads a pack for sim/mcvm).
//
// A Pack is a set of files keyed by their slash-separated path inside the
// pack ("pack.mcmeta", "data/gomoku/function/new.mcfunction"). Everything
// else (functions, tags, advancements) is a view of those files, so a pack
// read from disk and a pack built by the generator are the same value.
//
// Invariants of the I/O: the same Pack always writes the same bytes (zip,
// pack.mcmeta, structure files); a write appears whole or not at all (temp
// file or folder, then rename); and nothing this package did not write is
// replaced: an existing pack is overwritten only when its pack.mcmeta
// carries the MarkerKey section.
package datapack

import (
	"fmt"
	"sort"
	"strings"
)

// Pack is a data pack in memory.
type Pack struct {
	// Files maps a path inside the pack (slash-separated, no leading slash)
	// to the file's bytes.
	Files map[string][]byte
}

// New returns an empty pack.
func New() *Pack { return &Pack{Files: map[string][]byte{}} }

// Paths returns every file path in sorted order.
func (p *Pack) Paths() []string {
	paths := make([]string, 0, len(p.Files))
	for k := range p.Files {
		paths = append(paths, k)
	}
	sort.Strings(paths)
	return paths
}

// ID is a resource location "namespace:path".
type ID struct{ Namespace, Path string }

// ParseID parses "ns:path"; a missing namespace means "minecraft".
func ParseID(s string) (ID, error) {
	ns, path, ok := strings.Cut(s, ":")
	if !ok {
		ns, path = "minecraft", s
	}
	if !validNamespace(ns) {
		return ID{}, fmt.Errorf("invalid namespace %q in resource location %q", ns, s)
	}
	if !validPath(path) {
		return ID{}, fmt.Errorf("invalid path %q in resource location %q", path, s)
	}
	return ID{ns, path}, nil
}

func (id ID) String() string { return id.Namespace + ":" + id.Path }

func validNamespace(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}

func validPath(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.' || r == '/') {
			return false
		}
	}
	return true
}

// FunctionFile is the pack path of function id (1.21+ singular folder names).
func FunctionFile(id ID) string {
	return "data/" + id.Namespace + "/function/" + id.Path + ".mcfunction"
}

// FunctionTagFile is the pack path of function tag id.
func FunctionTagFile(id ID) string {
	return "data/" + id.Namespace + "/tags/function/" + id.Path + ".json"
}

// AdvancementFile is the pack path of advancement id.
func AdvancementFile(id ID) string {
	return "data/" + id.Namespace + "/advancement/" + id.Path + ".json"
}

// resourceID maps a pack path back to the ID of the resource of kind folder
// ("function", "tags/function", "advancement") with extension ext, reporting
// whether the path is such a resource.
func resourceID(path, folder, ext string) (ID, bool) {
	rest, ok := strings.CutPrefix(path, "data/")
	if !ok {
		return ID{}, false
	}
	ns, rest, ok := strings.Cut(rest, "/")
	if !ok {
		return ID{}, false
	}
	rest, ok = strings.CutPrefix(rest, folder+"/")
	if !ok {
		return ID{}, false
	}
	rest, ok = strings.CutSuffix(rest, ext)
	if !ok || rest == "" {
		return ID{}, false
	}
	return ID{ns, rest}, true
}

// FunctionID reports the function a pack path holds, if it holds one.
func FunctionID(path string) (ID, bool) { return resourceID(path, "function", ".mcfunction") }

// FunctionTagID reports the function tag a pack path holds, if it holds one.
func FunctionTagID(path string) (ID, bool) { return resourceID(path, "tags/function", ".json") }

// AdvancementID reports the advancement a pack path holds, if it holds one.
func AdvancementID(path string) (ID, bool) { return resourceID(path, "advancement", ".json") }

// Functions returns the pack's functions by ID, in sorted path order.
func (p *Pack) Functions() map[ID][]byte {
	out := map[ID][]byte{}
	for path, b := range p.Files {
		if id, ok := FunctionID(path); ok {
			out[id] = b
		}
	}
	return out
}
