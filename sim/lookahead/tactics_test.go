package lookahead_test

import (
	"context"
	"slices"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/lookahead"
	"github.com/mcgomoku/mcgomoku/sim/player"
	"github.com/mcgomoku/mcgomoku/sim/search"
)

// TestTactics: the lookahead (the pack's default config) solves every
// position of the table; greedy's score on it is logged for comparison.
func TestTactics(t *testing.T) {
	ts, err := lookahead.ReadTactics("testdata/tactics.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(ts) < 30 {
		t.Fatalf("the table has %d positions, want at least 30", len(ts))
	}
	cfg := config.PackDefault()
	kinds := map[string]int{}
	rules := map[game.Rule]int{}
	var greedy int
	for _, tc := range ts {
		kinds[tc.Kind]++
		rules[tc.Board.Rule()]++
		la, _ := player.LookaheadMaker("lookahead", cfg.Weights, cfg.Lookahead)(player.Options{})
		m, err := la.Move(context.Background(), tc.Board)
		if err != nil {
			t.Fatalf("%s (line %d): %v", tc.Name, tc.Line, err)
		}
		r := la.(*player.Lookahead).Last()
		if !slices.Contains(tc.Want, m) {
			t.Errorf("%s (line %d): lookahead plays %s (%s, value %d, %d nodes), want one of %s\n%s",
				tc.Name, tc.Line, game.FormatMove(m, tc.Board.Size()), r.Reason, r.Value, r.Nodes,
				game.FormatMoves(tc.Want, tc.Board.Size()), game.Picture(tc.Board))
		}
		if tc.Kind != lookahead.KindDefend {
			if _, won := lookahead.Decisive(r.Value); !won || r.Value < 0 {
				t.Errorf("%s (line %d): lookahead found no forced win (value %d, %s)", tc.Name, tc.Line, r.Value, r.Reason)
			}
		}
		g, _ := player.GreedyMaker("greedy", cfg.Weights)(player.Options{})
		if gm, err := g.Move(context.Background(), tc.Board); err == nil && slices.Contains(tc.Want, gm) {
			greedy++
		}
	}
	for _, k := range []string{lookahead.KindVCF, lookahead.KindFourThree, lookahead.KindDefend} {
		if kinds[k] == 0 {
			t.Errorf("the table has no %s position", k)
		}
	}
	if rules[game.Freestyle] == 0 || rules[game.Renju] == 0 {
		t.Errorf("the table wants freestyle and renju positions, has %v", rules)
	}
	t.Logf("%d positions (%v): greedy solves %d of them", len(ts), kinds, greedy)
}

// TestShippedLookaheadTactics: the lookahead's default config
// (examples/tuned-lookahead.toml) at each of its levels wins every win of
// the table and holds every defence. The table's key for a win lists the
// winning fours; a move outside it counts only if the search engine proves
// it wins too (a slower win by threats), and its forced line must be
// found by the lookahead itself. A defence's key holds off the opponent's
// fours; where the judge proves the opponent wins by threes after every
// move of the key and after the move played, the position is lost and
// any move is accepted.
func TestShippedLookaheadTactics(t *testing.T) {
	ts, err := lookahead.ReadTactics("testdata/tactics.txt")
	if err != nil {
		t.Fatal(err)
	}
	cfg := config.LookaheadDefault()
	la := cfg.Lookahead
	for i := range la.NumLevels() {
		t.Run(la.LevelName(i), func(t *testing.T) {
			var proved []string
			for _, tc := range ts {
				p, _ := player.LookaheadMaker("lookahead", cfg.Weights, la.At(i))(player.Options{})
				m, err := p.Move(context.Background(), tc.Board)
				if err != nil {
					t.Fatalf("%s (line %d): %v", tc.Name, tc.Line, err)
				}
				r := p.(*player.Lookahead).Last()
				if tc.Kind != lookahead.KindDefend {
					if _, won := lookahead.Decisive(r.Value); !won || r.Value < 0 {
						t.Errorf("%s (line %d): no forced win found (value %d, %s)", tc.Name, tc.Line, r.Value, r.Reason)
						continue
					}
				}
				if slices.Contains(tc.Want, m) {
					continue
				}
				if tc.Kind != lookahead.KindDefend && judgeWins(t, tc.Board, m) {
					proved = append(proved, tc.Name+" "+game.FormatMove(m, tc.Board.Size()))
					continue
				}
				if tc.Kind == lookahead.KindDefend && judgeLost(t, tc.Board, append(slices.Clone(tc.Want), m)) {
					// The key stops the opponent's fours, but its threes
					// win anyway: no move holds.
					proved = append(proved, tc.Name+" "+game.FormatMove(m, tc.Board.Size())+" (lost whatever is played)")
					continue
				}
				t.Errorf("%s (line %d): plays %s (%s, value %d), want one of %s or a move the judge proves wins\n%s",
					tc.Name, tc.Line, game.FormatMove(m, tc.Board.Size()), r.Reason, r.Value,
					game.FormatMoves(tc.Want, tc.Board.Size()), game.Picture(tc.Board))
			}
			if len(proved) > 0 {
				t.Logf("wins outside the key, proved by the judge: %v", proved)
			}
		})
	}
}

// judgeWins says whether the search engine proves that m wins on b: after
// it, the opponent loses by force.
func judgeWins(t *testing.T, b *game.Board, m int) bool {
	t.Helper()
	plies, ok := judgeAfter(t, b, m)
	return ok && plies < 0
}

// judgeLost says whether the search engine proves that every move of ms
// loses on b: after each, the opponent wins by force.
func judgeLost(t *testing.T, b *game.Board, ms []int) bool {
	t.Helper()
	for _, m := range ms {
		if plies, ok := judgeAfter(t, b, m); !ok || plies <= 0 {
			return false
		}
	}
	return true
}

// judgeAfter is the search engine's forced result for the opponent after
// m on b (plies to its five, negative a loss), if it proves one.
func judgeAfter(t *testing.T, b *game.Board, m int) (plies int, ok bool) {
	t.Helper()
	a := b.Clone()
	if a.Play(m) != nil {
		return 0, false
	}
	if a.Over() {
		if a.Winner() == b.ToMove() {
			return -1, true
		}
		return 0, false
	}
	cfg := config.Default()
	cfg.Game.Size, cfg.Game.Rule = b.Size(), b.Rule()
	r, err := search.New(cfg, search.Options{Threads: 1}).Search(context.Background(), a, search.Limits{Nodes: 20_000_000})
	if err != nil {
		t.Fatal(err)
	}
	return r.Decisive()
}
