package gen

import (
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// SmallPack is smallPack for package gen_test: the default config's pack
// on a size×size board under rule, for profile.
func SmallPack(t testing.TB, size int, rule game.Rule, profile string) *Result {
	t.Helper()
	return smallPack(t, size, rule, profile)
}

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
