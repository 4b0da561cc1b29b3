package gen

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/datapack/check"
	"github.com/mcgomoku/mcgomoku/datapack/reports"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// releaseTrees lists the embedded releases; the pack's whole range is
// meant to be there, so fewer than both ends of it fails the test.
func releaseTrees(t *testing.T) []string {
	t.Helper()
	vs := reports.Releases()
	lo, hi, _ := datapack.DefaultRange.Bounds()
	if !slices.Contains(vs, lo.Name) || !slices.Contains(vs, hi.Name) {
		t.Fatalf("embedded releases %v; want at least %s and %s, the ends of the pack's range", vs, lo.Name, hi.Name)
	}
	return vs
}

// TestPacksPassTheChecker checks generated packs, every rule and AI, against the
// command trees and registries of every embedded release.
func TestPacksPassTheChecker(t *testing.T) {
	type release struct {
		tree *check.Tree
		reg  *check.Registries
	}
	var rels []release
	for _, v := range releaseTrees(t) {
		tree, reg, err := check.Embedded(v)
		if err != nil {
			t.Fatal(err)
		}
		rels = append(rels, release{tree, reg})
	}
	for _, rule := range []game.Rule{game.Freestyle, game.Renju} {
		for _, profile := range config.Profiles {
			in, err := FromConfig(smallConfig(7, rule), profile)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Generate(in, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rels {
				probs := check.Pack(res.Pack, r.tree, r.reg)
				for i, p := range probs {
					if i == 20 {
						t.Errorf("… %d more", len(probs)-20)
						break
					}
					t.Errorf("%s %s %s: %v", r.tree.Version, rule, profile, p)
				}
			}
		}
	}
}

// TestExamplePacksPassTheChecker is issue 5's and 12's acceptance: the
// pack of every example config, under both AI profiles (and with -long the
// lookahead, which TestPacksPassTheChecker covers on small boards), has no
// problem against the command trees and registries of every embedded
// release (1.21.5, 1.21.11, 26.1 and 26.2 today); -short checks the
// newest release only.
func TestExamplePacksPassTheChecker(t *testing.T) {
	type release struct {
		tree *check.Tree
		reg  *check.Registries
	}
	var rels []release
	versions := releaseTrees(t)
	if testing.Short() {
		_, hi, _ := datapack.DefaultRange.Bounds()
		versions = []string{hi.Name}
	}
	for _, v := range versions {
		tree, reg, err := check.Embedded(v)
		if err != nil {
			t.Fatal(err)
		}
		rels = append(rels, release{tree, reg})
	}
	profiles := []string{"greedy", "seed000"}
	if longTests() {
		profiles = config.Profiles
	}
	files, err := filepath.Glob(filepath.Join("..", "examples", "*.toml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no example configs: %v", err)
	}
	for _, f := range files {
		for _, profile := range profiles {
			res := sharedExample(t, f, profile)
			for _, rel := range rels {
				probs := check.Pack(res.Pack, rel.tree, rel.reg)
				for i, p := range probs {
					if i == 10 {
						t.Errorf("… %d more", len(probs)-10)
						break
					}
					t.Errorf("%s --ai %s, %s: %v", filepath.Base(f), profile, rel.tree.Version, p)
				}
			}
		}
	}
}
