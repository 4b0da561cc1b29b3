package gen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack/check"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// mcDir is ../shared/mc beside the repository (tests run in gen/).
func mcDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "shared", "mc"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("Mojang's reports are not at %s (../shared/mc from the repository root): %v", dir, err)
	}
	return dir
}

// TestPacksPassTheChecker checks generated packs, every rule, against the
// command trees and registries of the oldest and newest releases we have.
func TestPacksPassTheChecker(t *testing.T) {
	dir := mcDir(t)
	type release struct {
		tree *check.Tree
		reg  *check.Registries
	}
	var rels []release
	for _, v := range []string{"1.21.11", "26.2"} {
		tree, err := check.LoadTree(filepath.Join(dir, v, "commands.json"))
		if err != nil {
			t.Fatal(err)
		}
		tree.Version = v
		reg, err := check.LoadRegistries(filepath.Join(dir, v, "registries.json"))
		if err != nil {
			t.Fatal(err)
		}
		rels = append(rels, release{tree, reg})
	}
	for _, rule := range []game.Rule{game.Freestyle, game.Renju} {
		for _, profile := range []string{"greedy", "seed000"} {
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
