package search

import (
	"context"
	"slices"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// tactic is a position to solve within a node budget. The side to move is
// "mover"; want lists acceptable moves (human notation) or is empty when
// any move reaching the expected result will do; avoid lists moves that
// must not be played.
type tactic struct {
	name   string
	rule   game.Rule
	mover  game.Colour
	rows   []string
	want   []string
	avoid  []string
	reason string // the expected Result.Reason; "" = any
	result string // "win" or "loss" (forced), "none", or "" for any
	nodes  int64
}

var tactics = []tactic{
	{name: "win in one beats blocking a four", rule: game.Freestyle, mover: game.Black, rows: []string{
		"...............",
		"..XXXX.........",
		"...............",
		"..OOOO.........",
	}, want: []string{"b14", "g14"}, reason: "five", result: "win", nodes: 100},
	{name: "block a four", rule: game.Freestyle, mover: game.Black, rows: []string{
		"...............",
		"..XOOOO........",
		"...............",
		"...............",
		"...............",
		".....X.........",
		"......X........",
	}, want: []string{"h14"}, reason: "only-move", nodes: 2000},
	{name: "block a split four at its gap", rule: game.Freestyle, mover: game.Black, rows: []string{
		"...............",
		"...............",
		"....OO.OO......",
		"...............",
		"....XXX........",
		"...............",
	}, want: []string{"g13"}, nodes: 2000},
	{name: "an open three becomes an open four", rule: game.Freestyle, mover: game.Black, rows: []string{
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		".....XXX.......",
		"...............",
		"...............",
		"..........O....",
		"...........O...",
	}, want: []string{"e8", "i8"}, reason: "open-four", result: "win", nodes: 100},
	{name: "block an open three", rule: game.Freestyle, mover: game.Black, rows: []string{
		"...............",
		"...............",
		"...............",
		".....OOO.......",
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"...X.......X...",
	}, want: []string{"e12", "i12", "d12", "j12"}, nodes: 5000},
	// Three closed lines: h7 makes a four on row 7 and puts a third stone
	// on the f5-k10 diagonal, where j9 then makes an open four. Every
	// claimed line is replayed move by move (checkForcedLine).
	{name: "VCF of three fours", rule: game.Freestyle, mover: game.Black, rows: []string{
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		".O......O......",
		"..X.....X......",
		"...X....X......",
		"....X....XXXO..",
		"....O.XX.......",
	}, reason: "vcf", result: "win", nodes: 2000},
	// From a random game: seven fours in a row, each block forced.
	{name: "VCF of seven fours", rule: game.Freestyle, mover: game.White, rows: []string{
		"...............",
		"...............",
		"...............",
		"...............",
		".........X.....",
		".....XXO.OX....",
		".....O..X......",
		"......OO..O....",
		"..........X....",
		".....O.X.XX....",
		"....X...OO.....",
	}, reason: "vcf", result: "win", nodes: 2000},
	{name: "a double three wins by VCT (freestyle)", rule: game.Freestyle, mover: game.Black, rows: []string{
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		".......X.......",
		".......X.......",
		".....XX........",
		"...............",
		"...............",
		"...........O...",
		"............O..",
	}, want: []string{"h8"}, reason: "vct", result: "win", nodes: 5000},
	{name: "VCT: a three brings the double three", rule: game.Freestyle, mover: game.Black, rows: []string{
		"...............",
		"...............",
		"............O..",
		"...............",
		"...............",
		".....XX........",
		".......X.......",
		".....XX........",
		"...............",
		"...............",
		"...............",
		"...........O...",
		"..O............",
	}, reason: "vct", result: "win", nodes: 20000},
	{name: "renju: the double three is forbidden to black", rule: game.Renju, mover: game.Black, rows: []string{
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		".......X.......",
		".......X.......",
		".....XX........",
		"...............",
		"...............",
		"...........O...",
		"............O..",
	}, avoid: []string{"h8"}, nodes: 5000},
	{name: "renju: the double four is forbidden to black", rule: game.Renju, mover: game.Black, rows: []string{
		"...............",
		"...............",
		"...............",
		".......O.......",
		".......X.......",
		".......X.......",
		".......X.......",
		"...OXXX........",
		"...............",
		"...............",
		"...........O...",
		"............O..",
	}, avoid: []string{"h8"}, nodes: 5000},
	{name: "renju: white wins because black's only block is forbidden", rule: game.Renju, mover: game.White, rows: []string{
		"...............",
		"...............",
		"..X............",
		"...O...........",
		"....O..........",
		".....O.X.......",
		".......X.......",
		".....XX........",
	}, want: []string{"g9"}, reason: "vcf", result: "win", nodes: 2000},
	{name: "renju: black cannot block on its forbidden point", rule: game.Renju, mover: game.Black, rows: []string{
		"...............",
		"...............",
		"..X............",
		"...O...........",
		"....O..........",
		".....O.X.......",
		"......OX.......",
		".....XX........",
		"...............",
		"...............",
		"...........X...",
	}, avoid: []string{"h8"}, reason: "block", result: "loss", nodes: 2000},
	{name: "standard: six in a row is no win", rule: game.Standard, mover: game.Black, rows: []string{
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"...XXXX.X......",
		"...............",
		"..........O....",
		"...........O...",
	}, want: []string{"c8"}, reason: "five", result: "win", nodes: 100},
}

func TestTactics(t *testing.T) {
	for _, tc := range tactics {
		t.Run(tc.name, func(t *testing.T) {
			b := board(t, 15, tc.rule, tc.mover, tc.rows...)
			cfg := config.Default()
			e := New(cfg, Options{Seed: 1})
			r, err := e.Search(context.Background(), b, Limits{Nodes: tc.nodes})
			if err != nil {
				t.Fatal(err)
			}
			got := game.FormatMove(r.Move, 15)
			if len(tc.want) > 0 && !slices.Contains(tc.want, got) {
				t.Errorf("played %s, want one of %v (result %+v)", got, tc.want, r)
			}
			if slices.Contains(tc.avoid, got) {
				t.Errorf("played %s, which it must not", got)
			}
			if err := b.Legal(r.Move); err != nil {
				t.Errorf("played %s: %v", got, err)
			}
			if tc.reason != "" && r.Reason != tc.reason {
				t.Errorf("reason %q, want %q (result %+v)", r.Reason, tc.reason, r)
			}
			plies, decisive := r.Decisive()
			switch {
			case tc.result == "win" && (!decisive || plies <= 0):
				t.Errorf("score %d: want a forced win", r.Score)
			case tc.result == "loss" && (!decisive || plies >= 0):
				t.Errorf("score %d: want a forced loss", r.Score)
			case tc.result == "none" && decisive:
				t.Errorf("score %d: want no forced result", r.Score)
			}
			if decisive && plies > 0 {
				if r.Reason == "vcf" || r.Reason == "five" || r.Reason == "open-four" {
					checkForcedLine(t, b, r.PV)
				} else {
					checkWinsOut(t, b, plies)
				}
			}
			if r.Nodes > tc.nodes+512 {
				t.Errorf("used %d nodes, budget %d", r.Nodes, tc.nodes)
			}
			t.Logf("%s: %s score %d depth %d nodes %d pv %v", r.Reason, got, r.Score, r.Depth, r.Nodes, fmtLine(r.PV))
		})
	}
}

func fmtLine(pv []int) []string {
	var out []string
	for _, m := range pv {
		if m < 0 {
			out = append(out, "any")
		} else {
			out = append(out, game.FormatMove(m, 15))
		}
	}
	return out
}

// checkForcedLine replays a line in which every reply is forced: after each
// of the winner's moves but the last the loser has exactly one five point
// to block (the line's next move, or "any" when that point is forbidden to
// black), and the last move makes five.
func checkForcedLine(t *testing.T, b *game.Board, pv []int) {
	t.Helper()
	b = b.Clone()
	winner := b.ToMove()
	for k, m := range pv {
		if k%2 == 1 {
			fives := fivePoints(b, winner)
			switch {
			case len(fives) >= 2 && k == len(pv)-2:
				// an open four or double four: any block loses
			case len(fives) != 1:
				t.Fatalf("line %v: after move %d the loser has %d fives to block, want 1", fmtLine(pv), k, len(fives))
			case m < 0:
				if !b.Forbidden(fives[0]) {
					t.Fatalf("line %v: the block %s is not forbidden", fmtLine(pv), game.FormatMove(fives[0], 15))
				}
				if err := b.PlayAs(b.Index(0, 14), b.ToMove()); err != nil {
					t.Fatal(err) // a pass-like move far away
				}
				continue
			case fives[0] != m:
				t.Fatalf("line %v: move %d is %s, the forced block is %s", fmtLine(pv), k, game.FormatMove(m, 15), game.FormatMove(fives[0], 15))
			}
			if m < 0 {
				m = fives[0]
			}
		}
		if err := b.Play(m); err != nil {
			t.Fatalf("line %v: move %d: %v", fmtLine(pv), k, err)
		}
	}
	if b.Winner() != winner {
		t.Fatalf("line %v does not end in a five", fmtLine(pv))
	}
}

func fivePoints(b *game.Board, c game.Colour) []int {
	var out []int
	for i := 0; i < b.Cells(); i++ {
		if b.At(i) == game.Empty && b.MakesWin(i, c) {
			out = append(out, i)
		}
	}
	return out
}

// checkWinsOut plays the claimed win out against a well-budgeted defender:
// the winner must make five within the claimed number of plies.
func checkWinsOut(t *testing.T, b *game.Board, plies int) {
	t.Helper()
	b = b.Clone()
	winner := b.ToMove()
	cfg := config.Default()
	att := New(cfg, Options{})
	def := New(cfg, Options{})
	ctx := context.Background()
	for n := 0; n < plies && !b.Over(); n++ {
		e, lim := att, Limits{Nodes: 20_000}
		if b.ToMove() != winner {
			e, lim = def, Limits{Nodes: 200_000}
		}
		r, err := e.Search(ctx, b, lim)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Play(r.Move); err != nil {
			t.Fatal(err)
		}
	}
	if b.Winner() != winner {
		t.Fatalf("the claimed win in %d plies did not come", plies)
	}
}
