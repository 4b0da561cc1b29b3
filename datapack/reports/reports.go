// Package reports holds, embedded, the game data the project checks packs
// against for each release it supports: Mojang's own data-generator
// reports (the Brigadier command tree, commands.json; the built-in
// registries, registries.json) and the inputs the Spyglass runner serves
// in place of its data API (its registries, block states, the vanilla data
// pack and the vanilla-mcdoc schemas), so that a clone with nothing beside
// it checks packs and tests itself.
//
// Stage: data for datapack/check (the command-tree checker), sim/mcvm and
// datapack/spyglass. Input: none at run time; the files under data/ are
// made by mkreports (go generate) from a folder of reports laid out as
// shared/mc/<release>/ and shared/spyglass/<release>/ (see data/SOURCES.md).
// Output: the reports' bytes, decompressed.
//
// Invariants: every release listed is in datapack's release table and has
// a command tree; the files are gzip-compressed copies, byte for byte equal
// to their sources once decompressed, except registries.json, whose entries
// keep only their names (the protocol ids are not used).
package reports

//go:generate go run ./internal/mkreports -shared ../../../shared -out data

import (
	"bytes"
	"compress/gzip"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/mcgomoku/mcgomoku/datapack"
)

//go:embed data
var files embed.FS

// Releases lists the releases with embedded reports, oldest first.
func Releases() []string {
	var out []string
	for _, r := range datapack.Releases() {
		if _, err := fs.Stat(files, path.Join("data", r.Name, "commands.json.gz")); err == nil {
			out = append(out, r.Name)
		}
	}
	return out
}

// Has reports whether release has embedded reports.
func Has(release string) bool { return slices.Contains(Releases(), release) }

// Commands returns the release's commands.json.
func Commands(release string) ([]byte, error) { return read(release, "commands.json") }

// Registries returns the release's registries.json (entry names only).
func Registries(release string) ([]byte, error) { return read(release, "registries.json") }

// SpyglassFiles are the files a release's folder of Spyglass inputs holds,
// as the runner names them; commands.json is the release's command tree.
var SpyglassFiles = []string{"commands.json", "registries.json", "block_states.json", "vanilla-data.tar.gz"}

// Spyglass returns one of SpyglassFiles for release.
func Spyglass(release, name string) ([]byte, error) {
	switch name {
	case "commands.json":
		return Commands(release)
	case "registries.json", "block_states.json":
		return read(release, path.Join("spyglass", name))
	case "vanilla-data.tar.gz":
		if !Has(release) {
			return nil, Unknown(release)
		}
		return readRaw(path.Join("data", release, "spyglass", name))
	}
	return nil, fmt.Errorf("reports: no Spyglass input %q (have %s)", name, strings.Join(SpyglassFiles, ", "))
}

// VanillaMcdoc returns the vanilla-mcdoc schemas' tarball, shared by every
// release.
func VanillaMcdoc() ([]byte, error) { return readRaw("data/vanilla-mcdoc.tar.gz") }

// Unknown is the error for a release without embedded reports; it names
// the ones there are.
func Unknown(release string) error {
	return fmt.Errorf("no embedded reports for release %q; known releases: %s", release, strings.Join(Releases(), ", "))
}

var cache sync.Map // file name → []byte, decompressed once

func read(release, name string) ([]byte, error) {
	if !Has(release) {
		return nil, Unknown(release)
	}
	p := path.Join("data", release, name+".gz")
	if b, ok := cache.Load(p); ok {
		return b.([]byte), nil
	}
	gz, err := readRaw(p)
	if err != nil {
		return nil, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("reports: %s: %w", p, err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("reports: %s: %w", p, err)
	}
	cache.Store(p, b)
	return b, nil
}

func readRaw(p string) ([]byte, error) {
	b, err := files.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("reports: %s is not embedded", p)
	}
	return b, nil
}
