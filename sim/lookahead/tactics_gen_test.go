package lookahead_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/internal/atomicfile"
	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/lookahead"
	"github.com/mcgomoku/mcgomoku/sim/player"
	"github.com/mcgomoku/mcgomoku/sim/search"
)

// The tactics table is made, not written by hand: positions from greedy
// games whose answer key the search engine (sim/search, an independent
// implementation with its own threat search) proves, move by move. To
// make it again:
//
//	go test ./sim/lookahead -run GenerateTactics -timeout 1h -args -gen-tactics
var genTactics = flag.Bool("gen-tactics", false, "write testdata/tactics.txt from greedy games, judged by sim/search")

// judgeNodes is the judge's budget per position it proves.
const judgeNodes = 30_000

// buckets is how many positions of each kind the table gets, by rule.
var buckets = map[game.Rule]map[string]int{
	game.Freestyle: {lookahead.KindVCF: 6, lookahead.KindFourThree: 5, lookahead.KindDefend: 6},
	game.Renju:     {lookahead.KindVCF: 6, lookahead.KindFourThree: 5, lookahead.KindDefend: 3},
}

func TestGenerateTactics(t *testing.T) {
	if !*genTactics {
		t.Skip("pass -gen-tactics to write testdata/tactics.txt")
	}
	var sb strings.Builder
	sb.WriteString(`# Tactics for the lookahead AI (sim/lookahead and the pack built with --ai
# lookahead), made by TestGenerateTactics from greedy games and proved by the
# search engine (sim/search): "want" is every move the judge proves. Renju
# positions are ones where the lookahead's quick test of a black move (two
# fours or two open threes) agrees with the full rule on every empty cell,
# in the position and along the judge's line.
#   vcf         the side to move wins by continuous fours: want = its winning fours
#   four-three  the same, through a move that makes a four and an open three
#   defend      the opponent wins by continuous fours if the side to move lets it:
#               want = every move after which the judge finds no win by fours for it
#               (at most three such moves near the stones)
`)
	cfg := config.Default()
	for _, rule := range []game.Rule{game.Freestyle, game.Renju} {
		bucket := buckets[rule]
		got := map[string]int{}
		judge := search.New(cfg, search.Options{Threads: 1})
		// Renju's games start from other openings than freestyle's, and
		// each game gives at most one position of a kind.
		first := uint64(1 + 1000*int(rule))
		for seed := first; seed < first+400 && !full(got, bucket); seed++ {
			seen := map[string]bool{}
			for _, e := range positions(t, rule, seed) {
				kind, want, note := classify(t, judge, e)
				if kind == "" || got[kind] >= bucket[kind] || seen[kind] {
					continue
				}
				seen[kind] = true
				got[kind]++
				name := fmt.Sprintf("%s-%s-%d", rule, kind, got[kind])
				fmt.Fprintf(&sb, "\nname: %s\nkind: %s\nrule: %s\nwant: %s\nnote: %s\n%s\n",
					name, kind, rule, game.FormatMoves(want, e.Size()), note, game.Picture(e))
				fmt.Fprintf(os.Stderr, "%s (game %d): %s\n", name, seed, note)
			}
		}
		if !full(got, bucket) {
			t.Fatalf("%v: found only %v", rule, got)
		}
	}
	ts, err := lookahead.ParseTactics("generated", []byte(sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d positions", len(ts))
	if err := atomicfile.Write("testdata/tactics.txt", []byte(sb.String())); err != nil {
		t.Fatal(err)
	}
}

func full(got, bucket map[string]int) bool {
	for k, n := range bucket {
		if got[k] < n {
			return false
		}
	}
	return true
}

// positions plays a game of greedy (tuned) against greedy (default) from
// a random opening and returns its positions from move 8 on, each set up
// again from its picture (as the table will be read).
func positions(t *testing.T, rule game.Rule, seed uint64) []*game.Board {
	ops := arena.RandomOpenings(15, rule, 1, 3, int64(seed))
	b, err := ops[0].Board(15, rule)
	if err != nil {
		t.Fatal(err)
	}
	a := player.GreedyMaker("a", config.PackDefault().Weights)
	c := player.GreedyMaker("c", config.Default().Weights)
	pa, _ := a(player.Options{})
	pc, _ := c(player.Options{})
	var out []*game.Board
	for !b.Over() {
		if b.Moves() >= 8 {
			if pb, ok := fromPicture(b); ok {
				out = append(out, pb)
			}
		}
		p := pa
		if b.Moves()%2 == int(seed%2) {
			p = pc
		}
		m, err := p.Move(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// fromPicture sets b's position up again as a table entry would be.
func fromPicture(b *game.Board) (*game.Board, bool) { return pictured(b, b.ToMove()) }

// pictured is b's position drawn and read back with toMove to move.
func pictured(b *game.Board, toMove game.Colour) (*game.Board, bool) {
	lines := strings.Split(game.Picture(b), "\n")
	var rows []string
	for _, l := range lines[1 : len(lines)-1] {
		rows = append(rows, l[4:])
	}
	pb, err := game.FromPicture(b.Size(), b.Rule(), toMove, rows...)
	return pb, err == nil && !pb.Over()
}

// classify returns the kind of position b is, with its answer key, or "".
// Renju positions where the search's quick test of a black move
// (lookahead.QuickForbidden) and the full rule disagree on an empty cell
// are left out: the table tests the search, and that approximation is
// documented on its own.
func classify(t *testing.T, judge *search.Engine, b *game.Board) (kind string, want []int, note string) {
	if b.Rule() == game.Renju && !quickIsExact(b) {
		return "", nil, ""
	}
	r := prove(t, judge, b)
	if plies, ok := r.Decisive(); ok && plies > 1 && (r.Reason == "vcf" || r.Reason == "open-four") {
		if plies > 11 {
			return "", nil, ""
		}
		for _, m := range fourMoves(b) {
			if winsByFour(t, judge, b, m) {
				want = append(want, m)
			}
		}
		if len(want) == 0 {
			return "", nil, ""
		}
		if b.Rule() == game.Renju && !quickAlong(b, r.PV) {
			return "", nil, ""
		}
		kind = lookahead.KindVCF
		if fourThree(b, r.PV) {
			kind = lookahead.KindFourThree
		}
		return kind, want, fmt.Sprintf("the judge wins with five on move %d: %s", plies, line(r.PV, b.Size()))
	}
	if _, ok := r.Decisive(); ok {
		return "", nil, ""
	}
	// Would the opponent win by fours if the side to move let it?
	pass, ok := passed(b)
	if !ok {
		return "", nil, ""
	}
	rp := prove(t, judge, pass)
	plies, ok := rp.Decisive()
	if !ok || plies <= 1 || plies > 9 || rp.Reason != "vcf" {
		return "", nil, ""
	}
	if b.Rule() == game.Renju && !quickAlong(pass, rp.PV) {
		return "", nil, ""
	}
	for _, m := range near(b, 2) {
		a := b.Clone()
		if a.Play(m) != nil {
			continue
		}
		if a.Over() {
			want = append(want, m)
			continue
		}
		// The answers are the moves after which the opponent has no win
		// by fours (a loss to threes is beyond what the table tests:
		// the lookahead searches fours only).
		r := prove(t, judge, a)
		p, won := r.Decisive()
		byFours := r.Reason == "vcf" || r.Reason == "five" || r.Reason == "open-four"
		if !won || p < 0 || !byFours {
			want = append(want, m)
		}
		if len(want) > 3 {
			return "", nil, ""
		}
	}
	if len(want) == 0 {
		return "", nil, ""
	}
	return lookahead.KindDefend, want, fmt.Sprintf("left alone, the opponent wins with five on move %d: %s", plies, line(rp.PV, b.Size()))
}

func prove(t *testing.T, judge *search.Engine, b *game.Board) search.Result {
	r, err := judge.Search(context.Background(), b, search.Limits{Nodes: judgeNodes})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// quickIsExact reports whether the quick test and the full rule agree on
// every empty cell of b for black.
func quickIsExact(b *game.Board) bool {
	st := stateOf(b)
	for i := 0; i < b.Cells(); i++ {
		if b.At(i) == game.Empty && lookahead.QuickForbidden(st, i) != b.Forbidden(i) {
			return false
		}
	}
	return true
}

// quickAlong reports whether the quick test is exact in every position
// of the line pv from b (moves that do not matter, -1, end it).
func quickAlong(b *game.Board, pv []int) bool {
	a := b.Clone()
	for _, m := range pv {
		if !quickIsExact(a) {
			return false
		}
		if m < 0 || a.Play(m) != nil || a.Over() {
			break
		}
	}
	return quickIsExact(a)
}

// fourMoves lists the side to move's legal cells that make a four.
func fourMoves(b *game.Board) []int {
	st := stateOf(b)
	var out []int
	for i := 0; i < b.Cells(); i++ {
		if b.At(i) == game.Empty && st.Fours(i, b.ToMove()) > 0 && b.Legal(i) == nil {
			out = append(out, i)
		}
	}
	return out
}

// winsByFour reports whether the four m wins: the opponent's block (or
// nothing, if m left two fives) still leaves a forced win, as the judge
// proves.
func winsByFour(t *testing.T, judge *search.Engine, b *game.Board, m int) bool {
	a := b.Clone()
	if a.Play(m) != nil {
		return false
	}
	r := prove(t, judge, a)
	plies, ok := r.Decisive()
	return ok && plies < 0
}

// fourThree reports whether one of the mover's moves on the line pv makes
// a four and an open three at once.
func fourThree(b *game.Board, pv []int) bool {
	st := stateOf(b)
	c := b.ToMove()
	for k, m := range pv {
		if m < 0 || st.At(m) != game.Empty {
			return false
		}
		if k%2 == 0 && st.Fours(m, c) > 0 && st.OpenThrees(m, c) > 0 {
			return true
		}
		st.Place(m, []game.Colour{c, c.Opponent()}[k%2])
	}
	return false
}

// passed is b with the other side to move.
func passed(b *game.Board) (*game.Board, bool) { return pictured(b, b.ToMove().Opponent()) }

// near lists the empty cells within d of a stone, in index order.
func near(b *game.Board, d int) []int {
	n := b.Size()
	var out []int
	for i := 0; i < b.Cells(); i++ {
		if b.At(i) != game.Empty {
			continue
		}
		x, y := i%n, i/n
	found:
		for dy := -d; dy <= d; dy++ {
			for dx := -d; dx <= d; dx++ {
				if b.In(x+dx, y+dy) && b.AtXY(x+dx, y+dy) != game.Empty {
					out = append(out, i)
					break found
				}
			}
		}
	}
	return out
}

func stateOf(b *game.Board) *eval.State {
	m, err := eval.NewModel(b.Size(), b.Rule(), config.PackDefault().Weights)
	if err != nil {
		panic(err)
	}
	cells := make([]game.Colour, b.Cells())
	for i := range cells {
		cells[i] = b.At(i)
	}
	return eval.FromCells(m, cells)
}

// line names a judge's expected line; a reply that does not matter is "*".
func line(pv []int, size int) string {
	var parts []string
	for _, m := range pv {
		if m < 0 {
			parts = append(parts, "*")
			continue
		}
		parts = append(parts, game.FormatMove(m, size))
	}
	return strings.Join(parts, " ")
}
