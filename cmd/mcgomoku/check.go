package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/datapack/check"
	"github.com/mcgomoku/mcgomoku/datapack/reports"
)

// checkOptions are the flags of "mcgomoku check".
type checkOptions struct {
	commands   string // commands.json of the release to check against
	registries string // registries.json of that release (optional)
	release    string // release name: an embedded release, or names the given reports
	reports    string // a data generator's reports folder: commands.json and registries.json
}

func init() {
	register(&command{
		name:    "check",
		summary: "check that the releases a data pack claims accept every command and resource of it",
		usage:   "PACK [--release NAME | --reports DIR | --commands FILE [--registries FILE] [--release NAME]]",
		flags: func(fs *pflag.FlagSet) func(e *env, args []string) error {
			o := &checkOptions{}
			fs.StringVar(&o.commands, "commands", "", "check against this commands.json (Mojang's data generator report) instead of the embedded releases")
			fs.StringVar(&o.registries, "registries", "", "with --commands: the release's registries.json, to check block, item, entity … IDs")
			fs.StringVar(&o.reports, "reports", "", "check against a release's report folder (commands.json and registries.json, as java -DbundlerMainClass=net.minecraft.data.Main -jar server.jar --reports writes them) instead of the embedded releases; the folder's name gives the release when it names one")
			fs.StringVar(&o.release, "release", "", "alone: check on this one embedded release only ("+strings.Join(reports.Releases(), ", ")+"); with --reports/--commands: the release they are of, for pack.mcmeta's overlays and format (default: the folder's name)")
			return o.run
		},
	})
}

// checkTarget is one release's tree and registries to check against.
type checkTarget struct {
	tree *check.Tree
	reg  *check.Registries
}

func (o *checkOptions) run(e *env, args []string) error {
	if len(args) != 1 {
		return usagef("want exactly one PACK (a folder or a zip), got %d arguments", len(args))
	}
	own := o.reports != "" || o.commands != ""
	if o.release != "" && !own && !reports.Has(o.release) {
		if isRelease(o.release) {
			return usagef("release %q has no embedded reports; embedded: %s (check another release with --reports DIR)", o.release, strings.Join(reports.Releases(), ", "))
		}
		return usagef("unknown release %q; embedded: %s", o.release, strings.Join(reports.Releases(), ", "))
	}
	if o.registries != "" && o.commands == "" && o.reports == "" {
		return usagef("--registries needs --commands")
	}
	var targets []checkTarget
	if own {
		t, err := o.ownReports()
		if err != nil {
			return err
		}
		targets = append(targets, t)
	}
	pack, err := datapack.Read(args[0])
	if err != nil {
		return err
	}
	if !own {
		releases, skipped, err := claimedReleases(pack, o.release)
		if err != nil {
			return fmt.Errorf("%s: %w", args[0], err)
		}
		for _, r := range releases {
			tree, reg, err := check.Embedded(r)
			if err != nil {
				return err
			}
			targets = append(targets, checkTarget{tree, reg})
		}
		if len(skipped) > 0 {
			fmt.Fprintf(e.stderr, "note: %s also claims %s, with no embedded reports: check those with --reports DIR\n", args[0], strings.Join(skipped, ", "))
		}
	}
	return checkReleases(e, args[0], pack, targets)
}

// ownReports loads the tree (and registries) the user named with --reports
// or --commands.
func (o *checkOptions) ownReports() (checkTarget, error) {
	if o.reports != "" {
		if o.commands != "" || o.registries != "" {
			return checkTarget{}, usagef("--reports names both report files: give it or --commands/--registries, not both")
		}
		o.commands = filepath.Join(o.reports, "commands.json")
		if _, err := os.Stat(filepath.Join(o.reports, "registries.json")); err == nil {
			o.registries = filepath.Join(o.reports, "registries.json")
		}
	}
	tree, err := check.LoadTree(o.commands)
	if err != nil {
		return checkTarget{}, err
	}
	tree.Version = o.release
	if tree.Version == "" {
		if dir := filepath.Base(filepath.Dir(o.commands)); isRelease(dir) {
			tree.Version = dir
		}
	} else if !isRelease(tree.Version) {
		return checkTarget{}, usagef("unknown release %q for --release", tree.Version)
	}
	var reg *check.Registries
	if o.registries != "" {
		if reg, err = check.LoadRegistries(o.registries); err != nil {
			return checkTarget{}, err
		}
	}
	return checkTarget{tree, reg}, nil
}

// claimedReleases lists the embedded releases a check without reports
// covers: only if given, else every embedded release the pack's
// pack.mcmeta claims; skipped are the claimed ones without embedded
// reports.
func claimedReleases(pack *datapack.Pack, only string) (releases, skipped []string, err error) {
	if only != "" {
		return []string{only}, nil, nil
	}
	raw, ok := pack.Files["pack.mcmeta"]
	if !ok {
		return nil, nil, fmt.Errorf("no pack.mcmeta, so no claimed releases to check: name one with --release (embedded: %s)", strings.Join(reports.Releases(), ", "))
	}
	meta, err := datapack.ParseMCMeta(raw)
	if err != nil {
		return nil, nil, err
	}
	for _, r := range meta.SupportedReleases() {
		if reports.Has(r.Name) {
			releases = append(releases, r.Name)
		} else {
			skipped = append(skipped, r.Name)
		}
	}
	if len(releases) == 0 {
		return nil, nil, fmt.Errorf("pack.mcmeta claims no release with embedded reports (embedded: %s): check it with --reports DIR", strings.Join(reports.Releases(), ", "))
	}
	return releases, skipped, nil
}

// checkReleases checks the pack on each target and prints its problems,
// each once with the releases it occurs on when there are several, then
// one line per release.
func checkReleases(e *env, path string, pack *datapack.Pack, targets []checkTarget) error {
	type seen struct {
		p        check.Problem
		releases []string
	}
	var order []string
	byText := map[string]*seen{}
	var failed []string
	counts := make([]int, len(targets))
	for i, t := range targets {
		probs := check.Pack(pack, t.tree, t.reg)
		counts[i] = len(probs)
		if len(probs) > 0 {
			failed = append(failed, releaseName(t.tree))
		}
		for _, p := range probs {
			s := p.String()
			if byText[s] == nil {
				byText[s] = &seen{p: p}
				order = append(order, s)
			}
			byText[s].releases = append(byText[s].releases, releaseName(t.tree))
		}
	}
	for _, s := range order {
		if len(targets) > 1 {
			fmt.Fprintf(e.stdout, "%s (on %s)\n", s, strings.Join(byText[s].releases, ", "))
		} else {
			fmt.Fprintln(e.stdout, s)
		}
	}
	for i, t := range targets {
		if counts[i] > 0 {
			fmt.Fprintf(e.stdout, "FAIL  %s on %s: %d problem(s)\n", path, releaseName(t.tree), counts[i])
			continue
		}
		fmt.Fprintf(e.stdout, "ok  %s (%s)\n", path, describeCheck(path, pack, t.tree, t.reg))
	}
	if len(failed) > 0 {
		total := 0
		for _, c := range counts {
			total += c
		}
		if len(targets) == 1 {
			return fmt.Errorf("%d problem(s) in %s", total, path)
		}
		return fmt.Errorf("%d problem(s) in %s on %s", len(order), path, strings.Join(slices.Compact(failed), ", "))
	}
	return nil
}

func releaseName(t *check.Tree) string {
	if t.Version == "" {
		return "the given command tree"
	}
	return t.Version
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
	parts = append(parts, "no problems on "+releaseName(tree))
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
