package lookahead_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/lookahead"
	"github.com/mcgomoku/mcgomoku/sim/player"
	"github.com/mcgomoku/mcgomoku/sim/search"
)

// TestAuditRecordedGames audits the threat-space search in games the
// lookahead played: MCGOMOKU_AUDIT names a folder of `mcgomoku sim
// --psq` records (freestyle) whose lookahead player played at
// MCGOMOKU_AUDIT_LEVEL of MCGOMOKU_AUDIT_CONFIG (none: the built-in
// config); MCGOMOKU_AUDIT_NOVCT=1 replays without the threat-space
// search (the same positions, what the level would have chosen). Each
// of the lookahead's moves is chosen again (the lookahead is
// deterministic: it must be the recorded move, unless NOVCT), and
//
//   - every win the root's VCT claims is put to the judge (the search
//     engine, 2,000,000 nodes): the test fails on one it does not prove;
//   - for each claim, the level without the VCT is asked too: does it
//     also claim a win, does it play the same move;
//   - the alpha-beta's claimed wins (values beyond WonAbove, a selective
//     search's, width cells a node) are counted with the games' results;
//   - the VCT's stones a move (and those spent where the mover had no
//     four to make), and the moves whose root the budget left
//     incomplete (the stage keeps only moves searched to the end) or
//     empty (the greedy move is played unsearched).
//
// docs/strength.md, "The threat-space search audited", has the commands
// and the figures.
func TestAuditRecordedGames(t *testing.T) {
	dir := os.Getenv("MCGOMOKU_AUDIT")
	if dir == "" {
		t.Skip("set MCGOMOKU_AUDIT to a folder of sim --psq records (and MCGOMOKU_AUDIT_LEVEL, MCGOMOKU_AUDIT_CONFIG)")
	}
	cfg := config.LookaheadDefault()
	if f := os.Getenv("MCGOMOKU_AUDIT_CONFIG"); f != "" {
		var err error
		if cfg, err = config.Load(f); err != nil {
			t.Fatal(err)
		}
	}
	la, err := cfg.Lookahead.Named(os.Getenv("MCGOMOKU_AUDIT_LEVEL"))
	if err != nil {
		t.Fatal(err)
	}
	off := la
	off.VCTDepth, off.DefendVCTNodes = 0, 0
	replayOnly := os.Getenv("MCGOMOKU_AUDIT_NOVCT") != ""
	if replayOnly {
		la = off
	}
	newPlayer := func(c config.Lookahead) *player.Lookahead {
		p, err := player.LookaheadMaker("audit", cfg.Weights, c)(player.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return p.(*player.Lookahead)
	}
	judge := search.New(config.Default(), search.Options{Threads: 1})
	records := readRecords(t, dir)
	var (
		moves, vctStones, incomplete, empty        int
		claims, claimsWon, unproved, alsoWon, same int
		abWins, abWinsWon                          int
		noFourStones, noFourWins                   int
		reasons                                    = map[string]int{}
	)
	for _, r := range records {
		f, rec := r.file, r.rec
		// sim names a record after its players, black first.
		players := strings.SplitN(strings.SplitN(filepath.Base(f), "-", 2)[1], "-vs-", 2)
		ours := game.White
		if strings.HasPrefix(players[0], "lookahead") {
			ours = game.Black
		}
		full, err := rec.Board(game.Freestyle)
		if err != nil {
			t.Fatal(err)
		}
		won := full.Winner() == ours
		b, err := game.NewBoard(rec.Size, game.Freestyle)
		if err != nil {
			t.Fatal(err)
		}
		p := newPlayer(la)
		for i, m := range rec.Moves {
			if i >= 3 && b.ToMove() == ours {
				mv, err := p.Move(context.Background(), b)
				if err != nil {
					t.Fatal(err)
				}
				if mv != m.Cell && !replayOnly {
					t.Errorf("%s move %d: the replay plays %s, the record %s", f, i+1, game.FormatMove(mv, b.Size()), game.FormatMove(m.Cell, b.Size()))
				}
				r := p.Last()
				if !hasFour(b, ours) {
					noFourStones += r.VCTNodes
					if r.Reason == lookahead.ReasonVCT {
						noFourWins++
					}
				}
				moves++
				reasons[r.Reason]++
				vctStones += r.VCTNodes
				if r.Reason == lookahead.ReasonSearch && len(r.Root) < la.RootWidth {
					incomplete++
					if len(r.Root) == 0 {
						empty++
					}
				}
				switch _, decisive := lookahead.Decisive(r.Value); {
				case r.Reason == lookahead.ReasonVCT:
					claims++
					if won {
						claimsWon++
					}
					jr := proveWith(t, judge, b, recordedJudgeNodes)
					if pl, ok := jr.Decisive(); !ok || pl <= 0 {
						unproved++
						t.Errorf("%s move %d: the VCT claims a win by %s (five on move %d), the judge finds %s\n%s", f, i+1,
							game.FormatMove(r.Move, b.Size()), int(lookahead.Win-r.Value), jr.ScoreText(), game.Picture(b))
					}
					q := newPlayer(off)
					qm, err := q.Move(context.Background(), b)
					if err != nil {
						t.Fatal(err)
					}
					if v := q.Last().Value; v > lookahead.WonAbove {
						alsoWon++
					}
					if qm == r.Move {
						same++
					}
				case decisive && r.Value > 0 && r.Reason == lookahead.ReasonSearch:
					abWins++
					if won {
						abWinsWon++
					}
				}
			}
			if err := b.Play(m.Cell); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d games, %d moves of the lookahead's, by reason %v", len(records), moves, reasons)
	t.Logf("VCT: %d claimed wins, %d in games won, %d the judge did not prove; the level without the VCT also claims a win in %d of those positions and plays the same move in %d",
		claims, claimsWon, unproved, alsoWon, same)
	t.Logf("alpha-beta: %d claimed wins, %d in games won", abWins, abWinsWon)
	t.Logf("VCT stones %s a move; of %d moves the alpha-beta chose, %d with the root incomplete, %d with it empty",
		fmt.Sprintf("%.0f", float64(vctStones)/float64(max(moves, 1))), reasons[lookahead.ReasonSearch], incomplete, empty)
	t.Logf("where the mover had no four to make: %d of the VCT's %d stones, %d of its %d wins", noFourStones, vctStones, noFourWins, claims)
}

// hasFour reports whether c has a four to make in b.
func hasFour(b *game.Board, c game.Colour) bool {
	st := stateOf(b)
	for i := 0; i < b.Cells(); i++ {
		if b.At(i) == game.Empty && st.Fours(i, c) > 0 {
			return true
		}
	}
	return false
}
