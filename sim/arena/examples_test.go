package arena

import (
	"path/filepath"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

// TestShippedOpenings loads every examples/openings-*.txt for the board it
// declares: each file is a usable set of balanced openings.
func TestShippedOpenings(t *testing.T) {
	tests := []struct {
		file string
		size int
		rule game.Rule
	}{
		{"openings-15.txt", 15, game.Freestyle},
		{"openings-15-renju.txt", 15, game.Renju},
		{"openings-19.txt", 19, game.Freestyle},
		{"openings-20.txt", 20, game.Freestyle},
	}
	for _, tt := range tests {
		ops, err := LoadOpenings(filepath.Join("..", "..", "examples", tt.file), tt.size, tt.rule, 0)
		if err != nil {
			t.Errorf("%s: %v", tt.file, err)
			continue
		}
		if len(ops) < 50 {
			t.Errorf("%s: %d openings, want at least 50", tt.file, len(ops))
		}
		for i, o := range ops {
			if _, err := o.Board(tt.size, tt.rule); err != nil {
				t.Errorf("%s: opening %d: %v", tt.file, i+1, err)
			}
		}
	}
}
