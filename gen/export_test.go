package gen

import (
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/mcvm"
)

// Ground is a box of fuzzed ground for package gen_test: around a board
// of size cells centred on block cx 64 cz, filled from the terrain tests'
// palette, and Diff says how the world differs from it now ("" if not).
type Ground struct {
	box  groundBox
	was  map[[3]int32]string
	Size int
}

// NewGround fills the ground around a board centred on cx, cz.
func NewGround(t *testing.T, m *mcvm.Machine, cx, cz int32, size int, rng *rand.Rand) *Ground {
	g := &Ground{box: boxAround(cx, cz, size), Size: size}
	fuzzGround(t, m, g.box, rng)
	g.was = snapshot(m, "minecraft:overworld", g.box)
	return g
}

// Diff lists (some of) the ground's blocks that are not as they were.
func (g *Ground) Diff(m *mcvm.Machine) string {
	return groundDiff(m, "minecraft:overworld", g.box, g.was)
}

// SmallPack is smallPack for package gen_test: the default config's pack
// on a size×size board under rule, for profile.
func SmallPack(t testing.TB, size int, rule game.Rule, profile string) *Result {
	t.Helper()
	return smallPack(t, size, rule, profile)
}

// Model is the evaluation model the plan was made from.
func (p *Plan) Model() *eval.Model { return p.model }

// PackHash identifies a pack by its files, for the tests (here and in
// package gen_test) that run each distinct pack once: two configs may
// compile to the same pack (seed000.toml is board19.toml's board with the
// seed's numbers).
func PackHash(p *datapack.Pack) [32]byte {
	h := sha256.New()
	for _, path := range p.Paths() {
		fmt.Fprintf(h, "%s\x00%d\x00", path, len(p.Files[path]))
		h.Write(p.Files[path])
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// LookControl are the registers that steer the search (lookControl),
// for package gen_test's failure messages.
var LookControl = lookControl

// SharedPack is sharedPack for package gen_test: cfg's pack for profile,
// built once for every test of the binary; callers must not change it.
func SharedPack(t testing.TB, cfg *config.Config, profile string) *Result {
	t.Helper()
	return sharedPack(t, cfg, profile)
}
