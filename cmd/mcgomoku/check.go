package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/datapack/check"
)

// checkOptions are the flags of "mcgomoku check".
type checkOptions struct {
	commands   string // commands.json of the release to check against
	registries string // registries.json of that release (optional)
	release    string // release name, for the pack.mcmeta range check
	reports    string // a data generator's reports folder: commands.json and registries.json
}

func init() {
	register(&command{
		name:    "check",
		summary: "check that a release of the game accepts every command and resource of a data pack",
		usage:   "PACK (--reports DIR | --commands FILE [--registries FILE]) [--release NAME]",
		flags: func(fs *pflag.FlagSet) func(e *env, args []string) error {
			o := &checkOptions{}
			fs.StringVar(&o.commands, "commands", "", "the release's commands.json (Mojang's data generator report)")
			fs.StringVar(&o.registries, "registries", "", "the release's registries.json, to check block, item, entity … IDs")
			fs.StringVar(&o.reports, "reports", "", "a release's report folder (commands.json and registries.json, as java -DbundlerMainClass=net.minecraft.data.Main -jar server.jar --reports writes them); the folder's name gives the release when it names one")
			fs.StringVar(&o.release, "release", "", "the release name (e.g. 26.2) for the pack.mcmeta format check; default: the folder holding --commands, if it names a release")
			return o.run
		},
	})
}

func (o *checkOptions) run(e *env, args []string) error {
	if len(args) != 1 {
		return usagef("want exactly one PACK (a folder or a zip), got %d arguments", len(args))
	}
	if o.reports != "" {
		if o.commands != "" || o.registries != "" {
			return usagef("--reports names both report files: give it or --commands/--registries, not both")
		}
		o.commands = filepath.Join(o.reports, "commands.json")
		if _, err := os.Stat(filepath.Join(o.reports, "registries.json")); err == nil {
			o.registries = filepath.Join(o.reports, "registries.json")
		}
	}
	if o.commands == "" {
		return usagef("--commands (or --reports) is required")
	}
	tree, err := check.LoadTree(o.commands)
	if err != nil {
		return err
	}
	tree.Version = o.release
	if tree.Version == "" {
		if dir := filepath.Base(filepath.Dir(o.commands)); isRelease(dir) {
			tree.Version = dir
		}
	} else if !isRelease(tree.Version) {
		return usagef("unknown release %q for --release", tree.Version)
	}
	var reg *check.Registries
	if o.registries != "" {
		if reg, err = check.LoadRegistries(o.registries); err != nil {
			return err
		}
	}
	pack, err := datapack.Read(args[0])
	if err != nil {
		return err
	}
	probs := check.Pack(pack, tree, reg)
	for _, p := range probs {
		fmt.Fprintln(e.stdout, p)
	}
	if len(probs) > 0 {
		return fmt.Errorf("%d problem(s) in %s", len(probs), args[0])
	}
	fmt.Fprintf(e.stdout, "ok  %s (%s)\n", args[0], describeCheck(args[0], pack, tree, reg))
	return nil
}

// describeCheck says what a clean check covered: the pack's kind and
// size, the release and the overlays it applies, and whether registries
// were checked.
func describeCheck(path string, pack *datapack.Pack, tree *check.Tree, reg *check.Registries) string {
	kind := "zip"
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		kind = "folder"
	}
	parts := []string{fmt.Sprintf("%s, %d files", kind, len(pack.Files))}
	release := "the given command tree"
	if tree.Version != "" {
		release = tree.Version
	}
	parts = append(parts, "no problems on "+release)
	if rel, ok := datapack.LookupRelease(tree.Version); ok && len(pack.OverlayDirectories()) > 0 {
		if m, err := datapack.ParseMCMeta(pack.Files["pack.mcmeta"]); err == nil {
			if dirs := m.OverlaysFor(rel.DataPack); len(dirs) > 0 {
				parts = append(parts, "through overlay "+strings.Join(dirs, ", "))
			}
		}
	}
	if reg == nil {
		parts = append(parts, "commands only: no registries given")
	}
	return strings.Join(parts, "; ")
}

func isRelease(name string) bool {
	_, ok := datapack.LookupRelease(name)
	return ok
}
