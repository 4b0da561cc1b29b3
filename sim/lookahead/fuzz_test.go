package lookahead_test

import (
	"os"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/lookahead"
)

// FuzzParseTactics: the table parser never panics, and what it accepts
// is a legal position with legal answers.
func FuzzParseTactics(f *testing.F) {
	for _, file := range []string{"testdata/tactics.txt", "testdata/tactics-vct.txt"} {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("name: x\nkind: vcf\nrule: freestyle\nwant: a1\n     a b c d e\n  5 . . . . .\n  4 . . . . .\n  3 . . X . .\n  2 . . . O .\n  1 . . . . .\nblack to move\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ts, err := lookahead.ParseTactics("fuzz", data)
		if err != nil {
			return
		}
		for _, tc := range ts {
			if tc.Board == nil || tc.Board.Over() {
				t.Fatalf("%s: accepted without a position in play", tc.Name)
			}
			for _, m := range tc.Want {
				if tc.Board.Legal(m) != nil {
					t.Fatalf("%s: accepted an illegal answer %d", tc.Name, m)
				}
			}
		}
	})
}
