package packplay

import (
	"fmt"
	"strings"

	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/mcvm"
)

// maxScoreDiffs bounds how many differing cells a ScoreError lists: the
// first few locate a bug, the count says how far it spreads.
const maxScoreDiffs = 8

// ScoreError is a pack whose per-cell scores differ from the model's.
type ScoreError struct {
	Diffs []string // the first differing values, one per line
	Count int      // how many values differ in all
}

func (e *ScoreError) Error() string {
	more := ""
	if e.Count > len(e.Diffs) {
		more = fmt.Sprintf("\n(and %d more)", e.Count-len(e.Diffs))
	}
	return fmt.Sprintf("%d scores differ from the model:\n%s%s", e.Count, strings.Join(e.Diffs, "\n"), more)
}

// scoreDiffs collects differences up to maxScoreDiffs.
type scoreDiffs struct{ e ScoreError }

func (d *scoreDiffs) add(format string, args ...any) {
	d.e.Count++
	if len(d.e.Diffs) < maxScoreDiffs {
		d.e.Diffs = append(d.e.Diffs, fmt.Sprintf(format, args...))
	}
}

func (d *scoreDiffs) err() error {
	if d.e.Count == 0 {
		return nil
	}
	return &d.e
}

// CompareGreedyScores compares a greedy pack's state, as the interpreter
// m holds it, with the model's state st of the same stones: every cell's
// stone (gomoku.cell of #<cell>) and, on every empty cell, both totals the
// AI chooses from (gomoku.total_b, gomoku.total_w: the cell's score with
// black, white to move). A move comparison alone lets a wrong weight
// through whenever it does not change the best cell; the totals do not.
//
// Pass eval.FromCells of the board for a reference independent of any
// player's incremental state.
func CompareGreedyScores(m *mcvm.Machine, st *eval.State) error {
	return compareGreedyScores(m.Score, st)
}

// CompareGreedyScores is the package's CompareGreedyScores for this
// game's board, wherever its game is kept (in play or waiting in its
// copies).
func (g *Game) CompareGreedyScores(st *eval.State) error {
	return compareGreedyScores(g.scores(), st)
}

func compareGreedyScores(score func(holder, objective string) (int32, bool), st *eval.State) error {
	var d scoreDiffs
	size := st.Model().Size
	for i := 0; i < size*size; i++ {
		h := fmt.Sprint("#", i)
		c := st.At(i)
		if got, _ := score(h, "gomoku.cell"); game.Colour(got) != c {
			d.add("cell %s holds %v in the pack, %v in the model", game.FormatMove(i, size), game.Colour(got), c)
			continue
		}
		if c != game.Empty {
			continue
		}
		for _, col := range []game.Colour{game.Black, game.White} {
			obj := "gomoku.total_" + col.String()[:1]
			got, ok := score(h, obj)
			if want := st.Score(i, col); !ok || got != want {
				d.add("cell %s: %s %d in the pack (set: %v), %d in the model", game.FormatMove(i, size), obj, got, ok, want)
			}
		}
	}
	return d.err()
}
