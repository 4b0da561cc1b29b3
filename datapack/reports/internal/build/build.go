// Package build makes the embedded report files of package reports from a
// folder of reports laid out as the project's shared/ folder is:
// mc/<release>/{commands,registries}.json (Mojang's data generator) and
// spyglass/<release>/{commands,registries,block_states}.json,
// vanilla-data.tar.gz and spyglass/vanilla-mcdoc.tar.gz (Spyglass's inputs).
package build

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// Files returns the embedded files' contents by path under data/, for
// every release of datapack's table that shared/mc has a command tree of.
// The output is deterministic: the same inputs give the same bytes.
func Files(shared string) (map[string][]byte, error) {
	out := map[string][]byte{}
	var releases []string
	for _, r := range datapack.Releases() {
		dir := filepath.Join(shared, "mc", r.Name)
		if _, err := os.Stat(filepath.Join(dir, "commands.json")); err != nil {
			continue
		}
		releases = append(releases, r.Name)
		commands, err := os.ReadFile(filepath.Join(dir, "commands.json"))
		if err != nil {
			return nil, err
		}
		if out[r.Name+"/commands.json.gz"], err = gz(commands); err != nil {
			return nil, err
		}
		regs, err := os.ReadFile(filepath.Join(dir, "registries.json"))
		if err != nil {
			return nil, err
		}
		names, err := entryNames(regs)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "registries.json"), err)
		}
		if out[r.Name+"/registries.json.gz"], err = gz(names); err != nil {
			return nil, err
		}

		sg := filepath.Join(shared, "spyglass", r.Name)
		sgCommands, err := os.ReadFile(filepath.Join(sg, "commands.json"))
		if err != nil {
			return nil, fmt.Errorf("the Spyglass inputs of %s: %w", r.Name, err)
		}
		// The runner serves the release's one command tree: the two copies
		// must be the same report.
		if !bytes.Equal(sgCommands, commands) {
			return nil, fmt.Errorf("%s differs from %s: the Spyglass inputs and the reports must come from the same release",
				filepath.Join(sg, "commands.json"), filepath.Join(dir, "commands.json"))
		}
		for _, name := range []string{"registries.json", "block_states.json"} {
			b, err := os.ReadFile(filepath.Join(sg, name))
			if err != nil {
				return nil, err
			}
			if out[r.Name+"/spyglass/"+name+".gz"], err = gz(b); err != nil {
				return nil, err
			}
		}
		if out[r.Name+"/spyglass/vanilla-data.tar.gz"], err = os.ReadFile(filepath.Join(sg, "vanilla-data.tar.gz")); err != nil {
			return nil, err
		}
	}
	if len(releases) == 0 {
		return nil, fmt.Errorf("%s holds no release's commands.json", filepath.Join(shared, "mc"))
	}
	var err error
	if out["vanilla-mcdoc.tar.gz"], err = os.ReadFile(filepath.Join(shared, "spyglass", "vanilla-mcdoc.tar.gz")); err != nil {
		return nil, err
	}
	return out, nil
}

// entryNames keeps of a registries.json report what the checker reads:
// each registry's entry names (the protocol ids are dropped).
func entryNames(report []byte) ([]byte, error) {
	var raw map[string]struct {
		Entries map[string]json.RawMessage `json:"entries"`
	}
	if err := json.Unmarshal(report, &raw); err != nil {
		return nil, fmt.Errorf("invalid registries report: %w", err)
	}
	type registry struct {
		Entries map[string]struct{} `json:"entries"`
	}
	keep := make(map[string]registry, len(raw))
	for name, reg := range raw {
		ids := make([]string, 0, len(reg.Entries))
		for id := range reg.Entries {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		r := registry{Entries: make(map[string]struct{}, len(ids))}
		for _, id := range ids {
			r.Entries[id] = struct{}{}
		}
		keep[name] = r
	}
	b, err := json.Marshal(keep) // map keys sorted: deterministic
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// gz compresses b at the best level with no name or time in the header,
// so the output depends on b alone.
func gz(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
