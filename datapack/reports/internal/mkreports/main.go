// Command mkreports writes the embedded report files of package reports
// from a folder laid out as the project's shared/ folder (mc/<release>/,
// spyglass/<release>/): go generate ./datapack/reports runs it. It replaces
// the data folder whole, through a temporary folder beside it, so a failed
// run leaves the old files.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/mcgomoku/mcgomoku/datapack/reports/internal/build"
)

func main() {
	shared := flag.String("shared", "../../../shared", "the folder holding mc/<release>/ and spyglass/<release>/")
	out := flag.String("out", "data", "the folder to write (replaced whole)")
	flag.Parse()
	if err := run(*shared, *out); err != nil {
		fmt.Fprintln(os.Stderr, "mkreports:", err)
		os.Exit(1)
	}
}

func run(shared, out string) error {
	files, err := build.Files(shared)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(filepath.Clean(out)), ".mkreports-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil { // MkdirTemp's 0700 would make the folder private
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, files[name], 0o644); err != nil {
			return err
		}
		fmt.Printf("%8d  %s\n", len(files[name]), name)
	}
	// SOURCES.md is written by hand and kept.
	if src, err := os.ReadFile(filepath.Join(out, "SOURCES.md")); err == nil {
		if err := os.WriteFile(filepath.Join(tmp, "SOURCES.md"), src, 0o644); err != nil {
			return err
		}
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	return os.Rename(tmp, out)
}
