package packbench

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/internal/goldenfile"
	"github.com/mcgomoku/mcgomoku/sim/config"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

func TestSummary(t *testing.T) {
	for _, tc := range []struct {
		in        []int64
		mean      float64
		p99, most int64
	}{
		{nil, 0, 0, 0},
		{[]int64{7}, 7, 7, 7},
		{[]int64{3, 1, 2}, 2, 3, 3},
		// 100 values 1..100: the 99th by nearest rank is 99.
		{seq(100), 50.5, 99, 100},
		// 200 values: rank ceil(198) = 198.
		{seq(200), 100.5, 198, 200},
	} {
		mean, p99, most := summary(tc.in)
		if mean != tc.mean || p99 != tc.p99 || most != tc.most {
			t.Errorf("summary(%d values): got %v %d %d, want %v %d %d", len(tc.in), mean, p99, most, tc.mean, tc.p99, tc.most)
		}
	}
}

func seq(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[n-1-i] = int64(i + 1) // unsorted on purpose
	}
	return out
}

// sampleRows are made-up rows for the goal and format tests.
func sampleRows() []Row {
	return []Row{
		{Profile: "greedy", Size: 15, Rule: "freestyle", Games: 10, AIMoves: 120,
			PathCommandsMean: 1630.2, PathCommandsP99: 1780, PathCommandsMax: 1830, PathEntitiesMean: 0, PathEntitiesMax: 0,
			CommandsMean: 1650.4, CommandsP99: 1800, CommandsMax: 1850, EntitiesMean: 2, EntitiesMax: 3,
			TicksMax: 1, CallMax: 1850, StaticWorst: 4508, PlayerCommandsMean: 1600, PlayerCommandsMax: 1700, CommandsPerSecond: 4.2e6},
		{Profile: "greedy", Size: 19, Rule: "freestyle", Games: 10, AIMoves: 130,
			PathCommandsMean: 1780, PathCommandsP99: 1880, PathCommandsMax: 1930,
			CommandsMean: 1800, CommandsP99: 1900, CommandsMax: 1950, EntitiesMean: 2, EntitiesMax: 3,
			TicksMax: 1, CallMax: 1950, StaticWorst: 4817, PlayerCommandsMean: 1650, PlayerCommandsMax: 1750, CommandsPerSecond: 4e6},
		{Profile: "seed000", Size: 15, Rule: "freestyle", Games: 10, AIMoves: 300,
			PathCommandsMean: 9280, PathCommandsP99: 10480, PathCommandsMax: 10580, PathEntitiesMean: 25998, PathEntitiesMax: 28697,
			CommandsMean: 9300, CommandsP99: 10500, CommandsMax: 10600, EntitiesMean: 26000, EntitiesMax: 28700,
			TicksMax: 2, CallMax: 8100, StaticWorst: 8785, PlayerCommandsMean: 2700, PlayerCommandsMax: 2900, CommandsPerSecond: 2e6},
		{Profile: "seed000", Size: 19, Rule: "freestyle", Games: 10, AIMoves: 280,
			PathCommandsMean: 15780, PathCommandsP99: 16580, PathCommandsMax: 16680, PathEntitiesMean: 42998, PathEntitiesMax: 44997,
			CommandsMean: 15800, CommandsP99: 16600, CommandsMax: 16700, EntitiesMean: 43000, EntitiesMax: 45000,
			TicksMax: 2, CallMax: 13000, StaticWorst: 14089, PlayerCommandsMean: 4000, PlayerCommandsMax: 4200, CommandsPerSecond: 2e6},
	}
}

func TestGoals(t *testing.T) {
	rows := sampleRows()
	got := Goals(rows)
	want := []bool{true, true, true}
	if len(got) != len(want) {
		t.Fatalf("%d goals, want %d: %+v", len(got), len(want), got)
	}
	for i := range got {
		if got[i].OK != want[i] {
			t.Errorf("goal %q: ok %v, want %v (%s)", got[i].Goal, got[i].OK, want[i], got[i].Detail)
		}
	}
	// Each goal can fail.
	for _, tc := range []struct {
		name string
		edit func(r []Row)
		goal int
	}{
		{"ratio", func(r []Row) { r[0].CommandsMean = 1900 }, 0},
		{"scan", func(r []Row) { r[1].PathEntitiesMax = 3 }, 1},
		{"worst", func(r []Row) { r[0].CommandsMax = 20000 }, 2},
	} {
		r := sampleRows()
		tc.edit(r)
		if g := Goals(r); g[tc.goal].OK {
			t.Errorf("%s: goal %q passed: %s", tc.name, g[tc.goal].Goal, g[tc.goal].Detail)
		}
	}
	// Scans in the feedback alone do not fail the scan goal, and the
	// ratio and the worst move are judged on whole moves.
	r := sampleRows()
	r[0].EntitiesMax, r[0].EntitiesMean = 500, 400
	if g := Goals(r); !g[1].OK {
		t.Errorf("feedback scans failed the AI path's goal: %s", g[1].Detail)
	}
	r = sampleRows()
	r[0].PathCommandsMean, r[0].CommandsMean = 1000, 1900
	if g := Goals(r); g[0].OK {
		t.Errorf("the ratio passed on the AI path alone: %s", g[0].Detail)
	}
	r = sampleRows()
	r[0].PathCommandsMax, r[0].CommandsMax = 19000, 20500
	if g := Goals(r); g[2].OK {
		t.Errorf("the worst move passed on the AI path alone: %s", g[2].Detail)
	}
	// Without seed000 at 15×15 there is no ratio to check.
	if g := Goals(sampleRows()[:2]); len(g) != 2 {
		t.Errorf("greedy rows only: %d goals, want 2", len(g))
	}
	if g := Goals(sampleRows()[2:]); len(g) != 0 {
		t.Errorf("seed000 rows only: %d goals, want 0", len(g))
	}
}

func TestFormats(t *testing.T) {
	res := &Result{Config: "(default)", Seed: 1, Rows: sampleRows()}
	res.Goals = Goals(res.Rows)
	var text, js bytes.Buffer
	if err := res.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := res.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	golden(t, "table.golden", text.Bytes())
	golden(t, "result.json.golden", js.Bytes())
	var back Result
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Rows) != 4 || back.Rows[2].Profile != "seed000" {
		t.Errorf("JSON does not read back: %v %+v", err, back)
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", name), got, *update)
}

// TestRun measures small boards for real: sane rows, and the same counts
// twice over (only the timing may differ).
func TestRun(t *testing.T) {
	opt := Options{Config: config.Default(), Profiles: []string{"greedy", "seed000"}, Sizes: []int{7}, Games: 2, Seed: 3}
	var seen []string
	opt.Progress = func(r Row) { seen = append(seen, r.Profile) }
	a, err := Run(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Rows) != 2 || len(seen) != 2 {
		t.Fatalf("%d rows, %d progress calls, want 2", len(a.Rows), len(seen))
	}
	for _, r := range a.Rows {
		if r.AIMoves == 0 || r.CommandsMean <= 0 || r.CommandsMean > float64(r.CommandsMax) || r.CommandsP99 > r.CommandsMax ||
			r.TicksMax < 1 || r.CallMax > r.CommandsMax || r.StaticWorst <= 0 || r.PlayerCommandsMean <= 0 {
			t.Errorf("implausible row %+v", r)
		}
		// The path is the whole move less the feedback, which always runs
		// (the menu trigger, the stone's sound).
		if r.PathCommandsMean <= 0 || r.PathCommandsMean >= r.CommandsMean || r.PathCommandsMax > r.CommandsMax ||
			r.PathEntitiesMean > r.EntitiesMean || r.PathEntitiesMax > r.EntitiesMax {
			t.Errorf("%s: the AI path is not a part of the whole move: %+v", r.Profile, r)
		}
		// A call of the AI's move cannot run more than gen proved, plus
		// the loop's upkeep around gomoku:ai/turn.
		if r.CallMax > int64(r.StaticWorst)+100 {
			t.Errorf("%s: a call ran %d commands, over gen's bound %d", r.Profile, r.CallMax, r.StaticWorst)
		}
	}
	if a.Rows[0].PathEntitiesMax != 0 || a.Rows[0].EntitiesMax == 0 {
		t.Errorf("greedy: the AI path scanned %d entities at most, the whole move %d; want 0 and some (the feedback)", a.Rows[0].PathEntitiesMax, a.Rows[0].EntitiesMax)
	}
	if a.Rows[1].EntitiesMean <= a.Rows[0].EntitiesMean {
		t.Errorf("seed000 scans %.0f entities per move, greedy %.0f: want seed000 to scan more", a.Rows[1].EntitiesMean, a.Rows[0].EntitiesMean)
	}
	b, err := Run(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Rows {
		x, y := a.Rows[i], b.Rows[i]
		x.CommandsPerSecond, y.CommandsPerSecond = 0, 0
		if x != y {
			t.Errorf("two runs differ:\n%+v\n%+v", x, y)
		}
	}
	if _, err := Run(context.Background(), Options{Profiles: []string{"greedy"}, Sizes: []int{7}}); err == nil {
		t.Error("no games: want an error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, opt); err == nil {
		t.Error("cancelled: want an error")
	}
}

// TestRunBoards measures four small boards thinking at once: every AI
// moves every round, no tick runs more than gen's bound per call (one
// board's turn a tick), greedy scans no entity on its path, and the
// counts repeat.
func TestRunBoards(t *testing.T) {
	opt := Options{Config: config.Default(), Profiles: []string{"greedy"}, Sizes: []int{7}, Games: 1, Seed: 3, Boards: 4, BoardRounds: 4}
	a, err := Run(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Boards) != 1 {
		t.Fatalf("%d boards rows, want 1", len(a.Boards))
	}
	r := a.Boards[0]
	if r.AIMoves != 16 || r.Boards != 4 || r.Rounds != 4 {
		t.Errorf("4 boards × 4 rounds: %d AI moves, %+v", r.AIMoves, r)
	}
	if r.TickCommandsMean <= 0 || r.TickCommandsMax > int64(r.StaticWorst) || r.CallMax > r.TickCommandsMax {
		t.Errorf("ticks over gen's bound or implausible: %+v", r)
	}
	// Four boards, one turn a tick, each brought into play first.
	if r.RoundTicksMax < 4 || r.RoundTicksMean > float64(r.RoundTicksMax) {
		t.Errorf("rounds of %0.1f ticks, at most %d: four boards need four ticks at least", r.RoundTicksMean, r.RoundTicksMax)
	}
	if r.PathEntitiesMax != 0 {
		t.Errorf("greedy's path scanned %d entities in a tick", r.PathEntitiesMax)
	}
	b, err := Run(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if a.Boards[0] != b.Boards[0] {
		t.Errorf("two runs differ:\n%+v\n%+v", a.Boards[0], b.Boards[0])
	}
	var text bytes.Buffer
	if err := a.WriteText(&text); err != nil || !bytes.Contains(text.Bytes(), []byte("Several boards thinking at once")) {
		t.Errorf("the table has no several-boards rows (%v):\n%s", err, text.String())
	}
}

// TestLookaheadGoals: the think-time goal holds the quickest level, the
// bound every level, and each can fail.
func TestLookaheadGoals(t *testing.T) {
	rows := func() []Row {
		return []Row{
			{Profile: "lookahead", Level: "quick", Size: 15, TicksMean: 30, TicksP99: 90, TicksMax: 99, CallMax: 20000, StaticWorst: 31000},
			{Profile: "lookahead", Level: "strong", Size: 15, TicksMean: 300, TicksP99: 900, TicksMax: 1000, CallMax: 21000, StaticWorst: 31000},
		}
	}
	g := Goals(rows())
	if len(g) != 3 || !strings.Contains(g[0].Goal, "at level quick thinks at most") || !strings.Contains(g[2].Goal, "at level strong scans no entities") {
		t.Fatalf("goals %+v", g)
	}
	for _, x := range g {
		if !x.OK {
			t.Errorf("goal %q failed: %s", x.Goal, x.Detail)
		}
	}
	for _, tc := range []struct {
		name string
		edit func(r []Row)
		goal int
	}{
		{"quick too slow", func(r []Row) { r[0].TicksMean = 41 }, 0},
		{"quick's worst", func(r []Row) { r[0].TicksMax = 201 }, 0},
		{"strong over the bound", func(r []Row) { r[1].CallMax = 31001 }, 2},
		{"quick scans", func(r []Row) { r[0].PathEntitiesMax = 1 }, 1},
	} {
		r := rows()
		tc.edit(r)
		if g := Goals(r); g[tc.goal].OK {
			t.Errorf("%s: goal %q passed: %s", tc.name, g[tc.goal].Goal, g[tc.goal].Detail)
		}
	}
}

// TestRunLevels measures the lookahead at two levels of a small board:
// a row each, in the order asked, the level picked in the world (the
// deeper level places more stones, so it runs more commands a move), and
// a several-boards row with the boards at the levels in turn.
func TestRunLevels(t *testing.T) {
	cfg := config.PackDefault()
	la := &cfg.Lookahead
	la.NLevels, la.DefaultLevel = 2, 0
	la.Levels = [config.MaxLevels]config.Level{
		config.NewLevel("shallow", map[string]int{"depth": 1, "vcf_depth": 0, "leaf_vcf_depth": 0, "defend_nodes": 0}),
		config.NewLevel("deeper", map[string]int{"depth": 3}),
	}
	opt := Options{Config: cfg, Profiles: []string{"lookahead"}, Sizes: []int{7}, Games: 2, Seed: 3, Levels: []string{"deeper", "shallow"}, Boards: 2, BoardRounds: 2}
	res, err := Run(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 2 || res.Rows[0].Level != "deeper" || res.Rows[1].Level != "shallow" {
		t.Fatalf("rows %+v, want deeper then shallow", res.Rows)
	}
	if d, s := res.Rows[0], res.Rows[1]; d.PathCommandsMean <= s.PathCommandsMean || d.CallMax > int64(d.StaticWorst) || s.CallMax > int64(s.StaticWorst) {
		t.Errorf("deeper %+v\nshallow %+v: want the deeper level to run more, both within the bound", d, s)
	}
	if len(res.Boards) != 1 || res.Boards[0].Levels != "deeper,shallow" || res.Boards[0].AIMoves != 4 {
		t.Errorf("boards rows %+v", res.Boards)
	}
	if d, s := res.Rows[0], res.Rows[1]; d.Stones <= s.Stones || s.Stones == 0 || d.StoneCommands < 100 || s.StoneCommands < 100 {
		t.Errorf("stones: deeper %d at %.0f commands each, shallow %d at %.0f: want more stones deeper, each a hundred commands or more", d.Stones, d.StoneCommands, s.Stones, s.StoneCommands)
	}
	// The search's stones as it counts them: the shallow level counts
	// no stone it does not place (no threat search), the deeper one at
	// least those it places.
	if d, s := res.Rows[0], res.Rows[1]; s.SearchStones != s.Stones || d.SearchStones < d.Stones || d.SearchStoneCommands < 100 {
		t.Errorf("search stones: deeper %d (%d placed) at %.0f commands each, shallow %d (%d placed): want the shallow level's all placed, the deeper's at least its placed", d.SearchStones, d.Stones, d.SearchStoneCommands, s.SearchStones, s.Stones)
	}
	if res.Profile != nil {
		t.Errorf("a profile without Options.Profile")
	}
	// With the profiler on, the same games (the counts are
	// deterministic), and the profile's commands under the makes and
	// unmakes are the rows' tallies.
	opt.Profile, opt.Boards = true, 0
	again, err := Run(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	var stones, stoneCmds, searchCmds float64
	for i, r := range again.Rows {
		searchCmds += float64(r.SearchStones) * r.SearchStoneCommands
		if r.Stones != res.Rows[i].Stones || r.StoneCommands != res.Rows[i].StoneCommands || r.PathCommandsMean != res.Rows[i].PathCommandsMean {
			t.Errorf("row %d profiled: %d stones at %.1f, unprofiled %d at %.1f", i, r.Stones, r.StoneCommands, res.Rows[i].Stones, res.Rows[i].StoneCommands)
		}
		stones += float64(r.Stones)
		stoneCmds += float64(r.Stones) * r.StoneCommands
	}
	c, _, _ := again.Profile.Under(slices.Concat(MakePrefixes, UnmakePrefixes)...)
	_, _, made := again.Profile.Under(MakePrefixes...)
	if float64(made) != stones || math.Abs(float64(c)-stoneCmds) > 0.5 {
		t.Errorf("the profile has %d commands under %d makes and their unmakes, the rows %.0f under %.0f", c, made, stoneCmds, stones)
	}
	if all, _, _ := again.Profile.Under(slices.Concat(MakePrefixes, UnmakePrefixes, CountPrefixes)...); math.Abs(float64(all)-searchCmds) > 0.5 {
		t.Errorf("the profile has %d commands under the makes, unmakes and counts, the rows %.0f", all, searchCmds)
	}
	opt.Levels = []string{"quick"}
	if _, err := Run(context.Background(), opt); err == nil || !strings.Contains(err.Error(), `no lookahead level "quick"`) {
		t.Errorf("an unknown level: %v", err)
	}
}

// TestFamily: the per-cell, per-slot and per-node functions of a pack
// count as the function they are rendered from; other names stay.
func TestFamily(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"gomoku:la/make/112", "gomoku:la/make/*"},
		{"gomoku:greedy/slot/108_0", "gomoku:greedy/slot/*"},
		{"gomoku:greedy/lookup/e1/0_1735", "gomoku:greedy/lookup/*/*"},
		{"gomoku:greedy/charged/pair/one_one/27", "gomoku:greedy/charged/pair/one_one/*"},
		{"gomoku:la/lv/normal", "gomoku:la/lv/normal"},
		{"gomoku:la/vcf/step", "gomoku:la/vcf/step"},
		{"gomoku:abc1/x", "gomoku:abc1/x"},
		{"gomoku:e", "gomoku:e"},
		{"(outside any function)", "(outside any function)"},
	} {
		if got := family(c.in); got != c.want {
			t.Errorf("family(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
