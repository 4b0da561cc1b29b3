package main

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/datapack/check"
)

// checkOptions are the flags of "mcgomoku check".
type checkOptions struct {
	commands   string // commands.json of the release to check against
	registries string // registries.json of that release (optional)
	release    string // release name, for the pack.mcmeta range check
}

func init() {
	register(&command{
		name:    "check",
		summary: "check that a release of the game accepts every command and resource of a data pack",
		usage:   "PACK --commands FILE [--registries FILE] [--release NAME]",
		flags: func(fs *pflag.FlagSet) func(e *env, args []string) error {
			o := &checkOptions{}
			fs.StringVar(&o.commands, "commands", "", "the release's commands.json (Mojang's data generator report)")
			fs.StringVar(&o.registries, "registries", "", "the release's registries.json, to check block, item, entity … IDs")
			fs.StringVar(&o.release, "release", "", "the release name (e.g. 26.2) for the pack.mcmeta format check; default: the folder holding --commands, if it names a release")
			return o.run
		},
	})
}

func (o *checkOptions) run(e *env, args []string) error {
	if len(args) != 1 {
		return usagef("want exactly one PACK (a folder or a zip), got %d arguments", len(args))
	}
	if o.commands == "" {
		return usagef("--commands is required")
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
	return nil
}

func isRelease(name string) bool {
	_, ok := datapack.LookupRelease(name)
	return ok
}
