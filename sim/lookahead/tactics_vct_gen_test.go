package lookahead_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/internal/atomicfile"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/lookahead"
	"github.com/mcgomoku/mcgomoku/sim/search"
)

// The threat-space table (testdata/tactics-vct.txt) is made as the main
// table is, from greedy games judged by sim/search, with positions the
// judge wins by threats and no win by fours alone. It is a file of its
// own because the pack's default config, without the threat-space search,
// must solve every position of the main one. To make it again:
//
//	go test ./sim/lookahead -run GenerateVCTTactics -timeout 1h -args -gen-vct-tactics
var genVCTTactics = flag.Bool("gen-vct-tactics", false, "write testdata/tactics-vct.txt from greedy games, judged by sim/search")

// keyNodes is the judge's budget for each move of an answer key: a win
// by threats after a three, or a defence against one, can take it far
// more than judgeNodes to see.
const keyNodes = 300_000

// vctBuckets is how many positions of each kind the table gets, by rule.
var vctBuckets = map[game.Rule]map[string]int{
	game.Freestyle: {lookahead.KindVCT: 7, lookahead.KindDefendVCT: 5},
	game.Renju:     {lookahead.KindVCT: 7, lookahead.KindDefendVCT: 5},
}

func TestGenerateVCTTactics(t *testing.T) {
	if !*genVCTTactics {
		t.Skip("pass -gen-vct-tactics to write testdata/tactics-vct.txt")
	}
	var sb strings.Builder
	sb.WriteString(`# Threat-space tactics for the lookahead AI's VCT (sim/lookahead with
# lookahead.vct_depth set, and the pack built from such a config), made by
# TestGenerateVCTTactics from greedy games and proved by the search engine
# (sim/search, 300,000 nodes for each move of an answer key). Renju positions are ones where the lookahead's quick test of a
# black move agrees with the full rule on every empty cell, in the position
# and along the judge's line.
#   vct         the judge wins by threats (fours and open threes), five on move
#               11 at the latest, and finds no win by fours alone: want = the
#               judge's first threat and every four or open three after which
#               it proves the opponent lost
#   defend-vct  the opponent wins by threats (not by fours alone, five on move 7
#               at the latest) if the side to move lets it: want = every move
#               after which the judge finds no win for it (at most three such
#               moves near the stones)
`)
	cfg := config.Default()
	for _, rule := range []game.Rule{game.Freestyle, game.Renju} {
		bucket := vctBuckets[rule]
		got := map[string]int{}
		judge := search.New(cfg, search.Options{Threads: 1})
		first := uint64(1 + 1000*int(rule))
		for seed := first; seed < first+600 && !full(got, bucket); seed++ {
			seen := map[string]bool{}
			for _, e := range positions(t, rule, seed) {
				kind, want, note := classifyVCT(t, judge, e, got, bucket, seen)
				if kind == "" {
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
	if err := atomicfile.Write("testdata/tactics-vct.txt", []byte(sb.String())); err != nil {
		t.Fatal(err)
	}
}

// classifyVCT returns the threat-space kind of b with its answer key, or
// "" (also when the kind's bucket is full or the game gave one already).
func classifyVCT(t *testing.T, judge *search.Engine, b *game.Board, got, bucket map[string]int, seen map[string]bool) (kind string, want []int, note string) {
	if b.Rule() == game.Renju && !quickIsExact(b) {
		return "", nil, ""
	}
	open := func(k string) bool { return got[k] < bucket[k] && !seen[k] }
	r := prove(t, judge, b)
	if plies, ok := r.Decisive(); ok && plies > 0 {
		if r.Reason != "vct" || plies > 11 || !open(lookahead.KindVCT) {
			return "", nil, ""
		}
		if b.Rule() == game.Renju && !quickAlong(b, r.PV) {
			return "", nil, ""
		}
		// The judge's own first threat is proved by its win; every
		// other threat after which it proves the opponent lost.
		for _, m := range threatMoves(b) {
			if m == r.Move || lostAfter(t, judge, b, m) {
				want = append(want, m)
			}
		}
		if len(want) == 0 {
			return "", nil, ""
		}
		return lookahead.KindVCT, want, fmt.Sprintf("the judge wins by threats with five on move %d: %s", plies, line(r.PV, b.Size()))
	}
	if _, ok := r.Decisive(); ok || !open(lookahead.KindDefendVCT) {
		return "", nil, ""
	}
	pass, ok := passed(b)
	if !ok {
		return "", nil, ""
	}
	rp := prove(t, judge, pass)
	plies, ok := rp.Decisive()
	if !ok || plies <= 1 || plies > 7 || rp.Reason != "vct" {
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
		if p, won := decided(t, judge, a); !won || p < 0 {
			want = append(want, m)
		}
		if len(want) > 3 {
			return "", nil, ""
		}
	}
	if len(want) == 0 {
		return "", nil, ""
	}
	return lookahead.KindDefendVCT, want, fmt.Sprintf("left alone, the opponent wins by threats with five on move %d: %s", plies, line(rp.PV, b.Size()))
}

// threatMoves lists the side to move's legal cells that make a four or an
// open three.
func threatMoves(b *game.Board) []int {
	st := stateOf(b)
	var out []int
	for i := 0; i < b.Cells(); i++ {
		c := b.ToMove()
		if b.At(i) == game.Empty && (st.Fours(i, c) > 0 || st.OpenThrees(i, c) > 0) && b.Legal(i) == nil {
			out = append(out, i)
		}
	}
	return out
}

// lostAfter reports whether the side to move wins after playing m: the
// judge, given keyNodes, proves the opponent lost.
func lostAfter(t *testing.T, judge *search.Engine, b *game.Board, m int) bool {
	a := b.Clone()
	if a.Play(m) != nil {
		return false
	}
	plies, ok := decided(t, judge, a)
	return ok && plies < 0
}

// decided is the judge's forced result in b (keyNodes), as Decisive
// gives it for the side to move. The judge answers a forced move (the
// block of a four) without a search; decided plays it and judges what
// follows.
func decided(t *testing.T, judge *search.Engine, b *game.Board) (plies int, ok bool) {
	r := proveWith(t, judge, b, keyNodes)
	if p, ok := r.Decisive(); ok || r.Reason != "only-move" {
		return p, ok
	}
	a := b.Clone()
	if a.Play(r.Move) != nil || a.Over() {
		return 0, false
	}
	p, ok := decided(t, judge, a)
	switch {
	case !ok:
		return 0, false
	case p > 0:
		return -(p + 1), true
	}
	return -p + 1, true
}

func proveWith(t *testing.T, judge *search.Engine, b *game.Board, nodes int64) search.Result {
	r, err := judge.Search(context.Background(), b, search.Limits{Nodes: nodes})
	if err != nil {
		t.Fatal(err)
	}
	return r
}
