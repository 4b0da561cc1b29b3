package gen_test

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/gen"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/lookahead"
	"github.com/mcgomoku/mcgomoku/sim/mcvm"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
)

// manyLookPack is the default lookahead pack on a 9×9 board, with its
// pack.boards (4) boards and three levels of its own, cheap enough to
// play at once: quick (the shipped one), lean (no search for fours at
// the root, at the leaves or in the defence: the stages a level turns
// off) and deep (a ply more); vct turns the threat-space search on
// (withVCT) at every level, and deep's stage 3 deepening (from 2 plies).
func manyLookPack(t *testing.T, vct bool) *gen.Result {
	cfg := config.PackDefault()
	cfg.Game.Size = 9
	if vct {
		withVCT(cfg)
	}
	la := &cfg.Lookahead
	la.NLevels, la.DefaultLevel = 3, 0
	la.Levels = [config.MaxLevels]config.Level{
		config.NewLevel("quick", nil),
		config.NewLevel("lean", map[string]int{"depth": 2, "nodes": 300, "vcf_depth": 0, "leaf_vcf_depth": 0, "defend_nodes": 0}),
		config.NewLevel("deep", map[string]int{"depth": 4, "leaf_vcf_nodes": 12, "nodes": 2500}),
	}
	if vct {
		// And its deep level deepens stage 3 (la/ab/deepen): the root
		// frame searched again when its board comes back.
		la.Levels[2] = config.NewLevel("deep", map[string]int{"depth": 4, "leaf_vcf_nodes": 12, "nodes": 2500, "deepen": 2})
	}
	res := lookaheadPack(t, cfg)
	if n := len(res.Plan.Slots); n < 4 {
		t.Fatalf("the pack has %d boards, want 4 or more", n)
	}
	return res
}

// TestManyLookaheadBoards plays a game on each of a lookahead pack's four
// boards at once in one world: the players click in an order shuffled
// every round, with undos now and then, so that a board is put away in
// the middle of its AI's search whenever another board's click comes in,
// and its search goes on when it comes back. Every AI stone, and the
// search it came from (move, value, stones placed, root values, defence
// list), must be the native twin's (sim/lookahead) on that board's
// position; after every stone each board's cells' scores, leaf sums and
// four counts must be the model's; and every score of a board's game must
// be, when the board comes back into play, what it was when it left.
// Every board plays the lookahead by default and keeps its level as its
// game is copied out and back in (an unset level once came back as
// greedy's): a greedy move or an unset search would not be the twin's.
//
// The same with the threat-space search on: its per-cell threat flags
// are the board's too.
func TestManyLookaheadBoards(t *testing.T) {
	seeds := 1
	if longDifferential() {
		seeds = 6
	}
	for _, vct := range []bool{false, true} {
		t.Run(fmt.Sprintf("vct=%v", vct), func(t *testing.T) {
			res := manyLookPack(t, vct)
			for s := range seeds {
				st, err := playManyLook(res, uint64(s))
				if err != nil {
					t.Fatalf("seed %d: %v", s, err)
				}
				t.Logf("seed %d: %s", s, st)
			}
		})
	}
}

// TestManyLookaheadBoardsFailWithoutPerBoardState is the test's own
// check: with one piece of the search's state left out of a board's copy
// (the commands of slot/save and slot/load that copy it), the boards'
// games mix and playManyLook says so.
func TestManyLookaheadBoardsFailWithoutPerBoardState(t *testing.T) {
	// A copy line names the state twice: the working set's holder and the
	// board's copy of it.
	copyOf := func(state string) *regexp.Regexp {
		return regexp.MustCompile(`(?m)^\$scoreboard players operation .*` + state + `.*\n`)
	}
	cases := []struct {
		name string
		cut  *regexp.Regexp
		vct  bool // in the pack with the threat-space search
	}{
		{"combo_seen", copyOf(` gomoku\.combo_seen `), false},
		{"four flags", copyOf(` gomoku\.f4[bw] `), false},
		{"four counts", copyOf(`[#.]la\.f4[bw][0-9]+ gomoku\.la `), false},
		{"leaf sum", copyOf(`[#.]la\.sv gomoku\.la `), false},
		// A board back mid-search would search on with the budgets of
		// the board in play before it, another level's.
		{"level budgets", copyOf(`[#.]la\.lv_[a-z_]+ gomoku\.la `), false},
		{"black's threat flags", copyOf(` gomoku\.thb `), true},
	}
	for _, c := range cases {
		t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) {
			changed, err := plantManyLook(t, c.vct, func(path string) bool {
				return strings.HasSuffix(path, "/slot/save.mcfunction") || strings.HasSuffix(path, "/slot/load.mcfunction")
			}, cutAll(c.cut))
			switch {
			case changed == 0:
				t.Fatal("nothing found to take out: the pack does not keep this state per board")
			case err == nil:
				t.Fatalf("with copy commands taken out of %d functions, the boards still agreed with their twins", changed)
			}
			t.Log(err)
		})
	}
}

// manyLookStats is what playManyLook played.
type manyLookStats struct {
	games, aiMoves, clicks, undos, ticks int
	// left counts boards put away (midSearch of them while their AI was
	// searching), back those brought back into play and checked.
	left, midSearch, back int
	worstTick             int64
}

func (s manyLookStats) String() string {
	return fmt.Sprintf("%d games, %d AI moves and searches checked, %d clicks, %d undos, %d ticks (worst %d commands); boards put away %d times (%d mid-search), brought back and checked %d times",
		s.games, s.aiMoves, s.clicks, s.undos, s.ticks, s.worstTick, s.left, s.midSearch, s.back)
}

// searchRead checks, while the board in play is searching (after any
// call: a slice ends between steps), what its search reads on the
// position with the search's stones: every empty cell's lines' attack
// weights and values, the leaf sum and the chunks' four counts
// (compareLookSums), and each colour's total as the fours and threats
// scans add it up (la/vins_<colour>: the bias, the cell's lines' parts
// and its combo terms), the model's score. The stored totals are not
// compared here: a stone whose search child is a leaf leaves them stale
// (la/lmake), and only the alpha-beta scans, under which no such stone
// is, read them; they are the model's whenever no search has stones on
// the board (consistent). Nor are the leaf values while a threat
// search's frame runs (la/tmake leaves them).
func searchRead(m *mcvm.Machine, p *gen.Plan) error {
	if a, _ := m.Score("#active", "gomoku.boards"); a < 0 {
		return nil
	}
	if ph, _ := m.Score("#la.phase", "gomoku.la"); ph != 1 {
		return nil
	}
	model := p.Model()
	cells := make([]game.Colour, p.NumCells)
	for i := range cells {
		v, _ := m.Score(fmt.Sprint("#", i), "gomoku.cell")
		cells[i] = game.Colour(v)
	}
	st := eval.FromCells(model, cells)
	for _, c := range p.Look.Cells {
		if cells[c.I] != game.Empty {
			continue
		}
		for _, col := range []game.Colour{game.Black, game.White} {
			x := col.String()[:1]
			sum := p.Greedy.CellInit[c.I].Bias
			for _, d := range c.Dirs {
				v, _ := m.Score(fmt.Sprintf("#%d_%d", c.I, d), "gomoku.t"+x)
				sum += v
			}
			v, _ := m.Score(fmt.Sprint("#", c.I), "gomoku.combo_"+x)
			if sum += v; sum != st.Score(c.I, col) {
				return fmt.Errorf("mid-search, cell %s: %s's total added up from its parts is %d, the position's (with the search's stones) %d",
					game.FormatMove(c.I, model.Size), col, sum, st.Score(c.I, col))
			}
		}
	}
	// A threat search's frame (continuous fours 3, defence 4, threat
	// space 5 and 6) may have its stones on, which leave the leaf values
	// as they were (la/tmake): those are compared in the alpha-beta
	// frames (1, 2), under which no such stone is, and once the search
	// has no stones on (consistent).
	t, _ := m.Score("#la.t", "gomoku.la")
	if err := compareLookSums(m.Score, p.Look.Cfg, st, t <= 2); err != nil {
		return fmt.Errorf("mid-search: %v", err)
	}
	return nil
}

// playManyLook plays one game on each of the lookahead pack's boards at
// once (see TestManyLookaheadBoards) and returns the first disagreement.
func playManyLook(res *gen.Result, seed uint64) (manyLookStats, error) {
	p, model := res.Plan, res.Plan.Model()
	la := p.Look.Cfg
	// Board k plays level k mod the levels (picked below).
	levelOf := func(k int) int { return 1 + k%len(p.Look.Levels) }
	var st manyLookStats
	rng := rand.New(rand.NewPCG(seed, 26))
	tb, err := packplay.OpenBoards(res.Pack, packplay.Options{Seed: seed}, len(p.Slots))
	if err != nil {
		return st, err
	}
	n := len(tb.Games)
	m := tb.Machine()
	// The search's state (gen's declaration) is a board's: every register
	// of it is among the scores a board's copy keeps.
	kept := map[gen.SwapScore]bool{}
	for _, sc := range p.Swap {
		kept[sc] = true
	}
	for _, r := range p.Look.State {
		if !kept[gen.SwapScore{Holder: "#la." + r, Objective: "gomoku.la"}] {
			return st, fmt.Errorf("the search's state #la.%s is not among a board's scores", r)
		}
	}
	ctx := context.Background()
	players, err := boardPlayers(tb, seed)
	if err != nil {
		return st, err
	}
	levels := func() error {
		for k, g := range tb.Games {
			if lv, _ := g.BoardScore("#level", "gomoku.game"); int(lv) != levelOf(k) {
				return fmt.Errorf("board %d is at level %d, want %d", g.Slot(), lv, levelOf(k))
			}
		}
		return nil
	}
	for k, g := range tb.Games {
		if err := g.Run("gomoku:level/" + p.Look.Levels[levelOf(k)-1].Name); err != nil {
			return st, err
		}
	}
	if err := levels(); err != nil {
		return st, err
	}
	stateOf := func(b *game.Board) *eval.State {
		cells := make([]game.Colour, b.Cells())
		for i := range cells {
			cells[i] = b.At(i)
		}
		return eval.FromCells(model, cells)
	}
	// consistent: the board's model scores, leaf sums and four counts are
	// its position's (unless its search has stones on the model).
	consistent := func(g *packplay.Game, what string) error {
		if ph, _ := g.BoardScore("#la.phase", "gomoku.la"); ph == 1 {
			return nil
		}
		b := g.Board()
		s := stateOf(b)
		err := g.CompareGreedyScores(s)
		if err == nil {
			err = compareLookSums(g.BoardScore, la, s, true)
		}
		if err != nil {
			return fmt.Errorf("board %d, %s: %v\nmoves: %s\n%s", g.Slot(), what, err, game.FormatMoves(b.History(), b.Size()), game.Picture(b))
		}
		return nil
	}
	tb.OnAIMove = func(g *packplay.Game, before *game.Board, mv int) error {
		st.aiMoves++
		lv, _ := g.BoardScore("#level", "gomoku.game")
		if int(lv) != levelOf(g.Slot()) {
			return fmt.Errorf("board %d moved at level %d, want %d", g.Slot(), lv, levelOf(g.Slot()))
		}
		want := lookahead.New(la.At(int(lv)-1)).Choose(stateOf(before), before.ToMove(), nil)
		if err := compareSearch(g, want); err != nil {
			return fmt.Errorf("board %d, the AI's move %s: %v\nmoves: %s\n%s", g.Slot(), game.FormatMove(mv, p.Size), err,
				game.FormatMoves(before.History(), p.Size), game.Picture(before))
		}
		if mv != want.Move {
			return fmt.Errorf("board %d: the pack's AI played %s, the twin %s\nmoves: %s\n%s", g.Slot(), game.FormatMove(mv, p.Size),
				game.FormatMove(want.Move, p.Size), game.FormatMoves(before.History(), p.Size), game.Picture(before))
		}
		return consistent(g, "after the AI's move "+game.FormatMove(mv, p.Size))
	}
	// Every score of a board's game (the generator's list, p.Swap), read
	// in the working set when the board leaves play and again when it is
	// back. A call moves one board at most: put away, or brought in.
	type score struct {
		v  int32
		ok bool
	}
	working := func() []score {
		out := make([]score, len(p.Swap))
		for j, sc := range p.Swap {
			out[j].v, out[j].ok = m.Score(sc.Holder, sc.Objective)
		}
		return out
	}
	left := map[int][]score{}
	active := func() int32 { a, _ := m.Score("#active", "gomoku.boards"); return a }
	was := active()
	tb.AfterCall = func() error {
		if err := searchRead(m, p); err != nil {
			return err
		}
		now := active()
		if now == was {
			return nil
		}
		defer func() { was = now }()
		if was >= 0 && now >= 0 {
			return fmt.Errorf("one call put board %d away and brought board %d in", was, now)
		}
		if was >= 0 {
			st.left++
			left[int(was)] = working()
			if ph, _ := m.Score("#la.phase", "gomoku.la"); ph == 1 {
				st.midSearch++
			}
			return nil
		}
		then, ok := left[int(now)]
		if !ok {
			return nil // never in play since the boards were built
		}
		st.back++
		var diffs []string
		for j, v := range working() {
			if v != then[j] {
				sc := p.Swap[j]
				diffs = append(diffs, fmt.Sprintf("%s %s: left %d (set %v), back %d (set %v)", sc.Holder, sc.Objective, then[j].v, then[j].ok, v.v, v.ok))
			}
		}
		if len(diffs) > 0 {
			return fmt.Errorf("board %d came back into play with %d scores not as it left them: %s", now, len(diffs), strings.Join(diffs[:min(len(diffs), 8)], "; "))
		}
		return nil
	}
	// A few ticks after each click: the AI just given its turn starts
	// searching, and the next board's click puts its board away
	// mid-search.
	r := rounds{tb: tb, players: players, rng: rng, check: consistent, maxWait: 40_000,
		between: func() int { return rng.IntN(4) }}
	err = r.play(ctx, res.Budget)
	st.clicks, st.undos, st.ticks, st.worstTick = r.clicks, r.undos, tb.Ticks, tb.Worst
	if err != nil {
		return st, err
	}
	st.games = n
	if err := levels(); err != nil {
		return st, err
	}
	if st.midSearch == 0 || st.back == 0 {
		return st, fmt.Errorf("no board was put away mid-search and brought back (%s): the test is not exercising the boards' searches at once", st)
	}
	return st, nil
}

// TestLookaheadKeptLinesFailWhenWrong is the check of la/back, which puts
// back what la/make kept of a stone's windows instead of looking them up
// again: with one part of a line not put back, the boards' moves in and
// out of the working set not counted (#epoch: a board back mid-search
// would take another board's kept values for its own), or the leaf sum
// not restored where a stone placed before a swap comes off by lookups
// (la/unstone), the games go wrong and playManyLook says so.
func TestLookaheadKeptLinesFailWhenWrong(t *testing.T) {
	cases := []struct {
		name  string
		files string // the functions cut from
		cut   *regexp.Regexp
	}{
		{"attack weight", "/la/back/", regexp.MustCompile(`(?m)^scoreboard players operation \S+ gomoku\.att_b = .*\n`)},
		{"combo terms", "/la/back/", regexp.MustCompile(`(?m)^execute unless score .* gomoku\.combo_seen .*\n`)},
		{"leaf sum", "/la/back/", regexp.MustCompile(`(?m)^scoreboard players operation #la\.sv gomoku\.la = .*\n`)},
		{"epoch", "/slot/", regexp.MustCompile(`(?m)^scoreboard players add #epoch gomoku\.boards 1\n`)},
		// A stone placed before a swap comes off by la/unstone.
		{"looked up again", "/la/unstone/", regexp.MustCompile(`(?m)^scoreboard players operation #la\.sv gomoku\.la \+= .*\n`)},
	}
	for _, c := range cases {
		t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) {
			changed, err := plantManyLook(t, false, func(path string) bool { return strings.Contains(path, c.files) }, cutAll(c.cut))
			switch {
			case changed == 0:
				t.Fatal("nothing found to take out")
			case err == nil:
				t.Fatalf("with commands taken out of %d functions, the boards still agreed with their twins", changed)
			}
			t.Log(err)
		})
	}
}

// TestLookaheadLazyTotalsFailWhenWrong is the check of the stones that
// leave the totals alone (la/lmake, la/lunmake: a stone whose search
// child is a leaf; la/tmake, la/tunmake: a threat search's): each way they could
// be wrong is planted in the four-board pack and playManyLook, whose
// twin compares every search's move, value, stones and root values and
// whose boards' scores must be their positions' whenever no search has
// stones on them, must say so. The continuous fours' scans reading the
// stored totals, which such stones leave stale, instead of adding them up
// (la/vins_<colour>; with the threat-space search on, its scans too); a
// stone whose child is not a leaf placed that way,
// so that the alpha-beta scans under it read stale totals; a stone of
// the continuous fours taken off the other way (la/unmake, which
// rebuilds its cell's totals and corrects its windows' cells'); a stone
// whose child is a leaf placed as a threat search's (la/tmake, which
// leaves the leaf values the leaf reads); its lines (or a four's, by
// la/tunstone) looked up again after a swap by greedy/slot, which
// corrects the totals la/lmake left alone; and a line's part not stored
// by la/lslot or la/tslot, which only the mid-search check (searchRead)
// sees.
func TestLookaheadLazyTotalsFailWhenWrong(t *testing.T) {
	sum := regexp.MustCompile(`(?m)^scoreboard players (set #la\.y gomoku\.la -?[0-9]+|operation #la\.y gomoku\.la \+= \S+ gomoku\.t[bw])\n`)
	combo := regexp.MustCompile(`(?m)^scoreboard players operation #la\.y gomoku\.la \+= (#[0-9]+) gomoku\.combo_([bw])$`)
	cases := []struct {
		name  string
		files string // the functions changed
		plant func(body []byte) []byte
	}{
		{"scans read the stored totals", "/la/vins_", func(body []byte) []byte {
			return combo.ReplaceAll(sum.ReplaceAll(body, nil), []byte("scoreboard players operation #la.y gomoku.la = $1 gomoku.total_$2"))
		}},
		{"a stone above a leaf leaves them", "/la/ab/", func(body []byte) []byte {
			return bytes.ReplaceAll(body, []byte("if score #la.d gomoku.la matches ..1 run"), []byte("if score #la.d gomoku.la matches ..2 run"))
		}},
		{"a four taken off the other way", "/la/vcf/undo_", func(body []byte) []byte {
			return bytes.ReplaceAll(body, []byte("gomoku:la/at/tunmake"), []byte("gomoku:la/at/unmake"))
		}},
		// A stone whose child is a leaf placed and taken off as a threat
		// search's (la/tmake), which leaves the leaf sum the leaf reads
		// as it was before the stone.
		{"a stone above a leaf leaves the leaf values", "/la/ab/", func(body []byte) []byte {
			body = bytes.ReplaceAll(body, []byte("gomoku:la/at/lmake"), []byte("gomoku:la/at/tmake"))
			return bytes.ReplaceAll(body, []byte("gomoku:la/at/lunmake"), []byte("gomoku:la/at/tunmake"))
		}},
		{"looked up again correcting them", "/la/lunstone/", func(body []byte) []byte {
			return bytes.ReplaceAll(body, []byte("gomoku:la/lslot/"), []byte("gomoku:greedy/slot/"))
		}},
		{"a four looked up again correcting them", "/la/tunstone/", func(body []byte) []byte {
			return bytes.ReplaceAll(body, []byte("gomoku:la/tslot/"), []byte("gomoku:greedy/slot/"))
		}},
		// Right again once the stone is off (la/lback puts back what
		// la/lmake kept), wrong only while the scans under it add it up:
		// searchRead's.
		{"a line's part of black's total not stored", "/la/lslot/", func(body []byte) []byte {
			return regexp.MustCompile(`(?m)^scoreboard players operation \S+ gomoku\.tb = #T gomoku\.t\n`).ReplaceAll(body, nil)
		}},
		// The leaf values, which searchRead compares in the alpha-beta
		// frames only: a line's value not stored is seen there.
		{"a line's value not stored", "/la/lslot/", func(body []byte) []byte {
			return regexp.MustCompile(`(?m)^scoreboard players operation \S+ gomoku\.val = #v gomoku\.t\n`).ReplaceAll(body, nil)
		}},
		{"a four's line's part of black's total not stored", "/la/tslot/", func(body []byte) []byte {
			return regexp.MustCompile(`(?m)^scoreboard players operation \S+ gomoku\.tb = #T gomoku\.t\n`).ReplaceAll(body, nil)
		}},
	}
	for _, c := range cases {
		t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) {
			changed, err := plantManyLook(t, false, func(path string) bool { return strings.Contains(path, c.files) }, c.plant)
			switch {
			case changed == 0:
				t.Fatal("nothing planted")
			case err == nil:
				t.Fatalf("with %d functions changed, the boards still agreed with their twins", changed)
			case strings.HasSuffix(c.files, "slot/") && !strings.Contains(err.Error(), "mid-search"):
				t.Fatalf("caught, but not while searching: %v", err)
			}
			t.Log(err)
		})
	}
}

// plantManyLook plays the four-board games of manyLookPack(vct) with
// plant applied to every function whose path match accepts (the shared
// pack stays as built), and returns how many functions plant changed and
// what playManyLook said of the games.
func plantManyLook(t *testing.T, vct bool, match func(path string) bool, plant func(body []byte) []byte) (changed int, err error) {
	t.Helper()
	shared := manyLookPack(t, vct)
	res := *shared
	res.Pack = &datapack.Pack{Files: maps.Clone(shared.Pack.Files)}
	for path, body := range res.Pack.Files {
		if !match(path) {
			continue
		}
		if nb := plant(body); !bytes.Equal(nb, body) {
			res.Pack.Files[path] = nb
			changed++
		}
	}
	if changed == 0 {
		return 0, nil
	}
	_, err = playManyLook(&res, 0)
	return changed, err
}

// cutAll is a plant that takes every match of re out.
func cutAll(re *regexp.Regexp) func(body []byte) []byte {
	return func(body []byte) []byte { return re.ReplaceAll(body, nil) }
}
