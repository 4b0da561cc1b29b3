package gen

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/datapack/spyglass"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// TestSpyglass is the independent judge of what we generate: Spyglass,
// the community's validator, reads each pack as each release sees it (its
// own files with that release's overlay, datapack.Pack.Effective) against
// that release's vanilla data and schemas, and must find nothing outside
// its reviewed allow-list. Every board size renders every template, so
// the greedy, renju and seed000 packs are checked on the smallest board,
// 5×5, where Spyglass takes least; -long adds the pack of every example
// config (the default 15×15 pack among them) under both AIs.
func init() {
	// The differential proof's file (package gen_test) may declare -long
	// too; whichever comes first does.
	if flag.Lookup("long") == nil {
		flag.Bool("long", false, "run the large proofs: the differential proof on every example config, Spyglass on every example pack")
	}
}

func TestSpyglass(t *testing.T) {
	if err := spyglass.Available(); err != nil {
		t.Skipf("skipping the Spyglass check: %v", err)
	}
	if testing.Short() {
		t.Skip("skipping the Spyglass check in -short mode (minutes of Node; go test ./gen -run Spyglass runs it)")
	}
	type pack struct {
		name string
		p    *datapack.Pack
	}
	var packs []pack
	for _, c := range []struct {
		rule    game.Rule
		profile string
	}{{game.Freestyle, "greedy"}, {game.Renju, "greedy"}, {game.Freestyle, "seed000"}} {
		res := smallPack(t, game.MinSize, c.rule, c.profile)
		packs = append(packs, pack{fmt.Sprintf("%dx%d-%s-%s", game.MinSize, game.MinSize, c.rule, c.profile), res.Pack})
	}
	if long := flag.Lookup("long"); long != nil && long.Value.String() == "true" {
		files, _ := filepath.Glob(filepath.Join("..", "examples", "*.toml"))
		for _, f := range files {
			for _, profile := range []string{"greedy", "seed000"} {
				in, err := Load(f, profile)
				if err != nil {
					t.Fatal(err)
				}
				res, err := Generate(in, Options{})
				if err != nil {
					t.Fatal(err)
				}
				packs = append(packs, pack{filepath.Base(f) + "-" + profile, res.Pack})
			}
		}
	}
	dir := t.TempDir()
	folders := map[string][]string{} // release → its views of the packs
	for _, name := range spyglass.Releases {
		rel, ok := datapack.LookupRelease(name)
		if !ok {
			t.Fatalf("spyglass release %s is not in datapack's table", name)
		}
		for _, pk := range packs {
			view, err := pk.p.Effective(rel)
			if err != nil {
				t.Fatal(err)
			}
			dest := filepath.Join(dir, name, pk.name)
			if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := datapack.Write(view, dest); err != nil {
				t.Fatal(err)
			}
			folders[name] = append(folders[name], dest)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	// One Node process per release (each reads its own views); two at a
	// time on this two-core machine.
	var (
		wg      sync.WaitGroup
		slots   = make(chan struct{}, 2)
		mu      sync.Mutex
		results []spyglass.Result
		errs    []error
	)
	for _, name := range spyglass.Releases {
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			var r spyglass.Runner
			r.Parallel = 1
			res, err := r.Run(ctx, []string{name}, folders[name])
			mu.Lock()
			defer mu.Unlock()
			results = append(results, res...)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", name, err))
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		t.Error(err)
	}
	if len(results) != len(spyglass.Releases)*len(packs) {
		t.Fatalf("%d results, want %d (releases × packs)", len(results), len(spyglass.Releases)*len(packs))
	}
	for _, res := range results {
		diags := spyglass.Filter(res, spyglass.Allowed)
		for i, d := range diags {
			if i == 20 {
				t.Errorf("%s on %s: … %d more", filepath.Base(res.Pack), res.Release, len(diags)-20)
				break
			}
			t.Errorf("%s on %s: %v", filepath.Base(res.Pack), res.Release, d)
		}
		t.Logf("%s on %s: %d diagnostics outside the allow-list, %.0f s", filepath.Base(res.Pack), res.Release, len(diags), res.Seconds)
	}
}
