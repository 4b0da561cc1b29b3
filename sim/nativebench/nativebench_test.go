package nativebench

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/internal/goldenfile"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// sampleRows are made-up rows for the goal and format tests: the engine
// at 10,000 games a second of 60 moves, the rest relative to it.
func sampleRows(simOne, simTwo, tuneOne, tuneTwo float64) []Row {
	row := func(path string, jobs int, vsEngine, movesPerGame float64) Row {
		mps := 600_000 * vsEngine
		return Row{Path: path, Command: path + " command", Jobs: jobs, Games: 4000, MovesPerGame: movesPerGame,
			Seconds: 4000 * movesPerGame / mps, GamesPerSec: mps / movesPerGame, MovesPerSec: mps, Runs: 3}
	}
	return []Row{
		row(PathEngine, 1, 1, 60), row(PathEngine, 2, 1.9, 60),
		row(PathSim, 1, simOne, 60), row(PathSim, 2, simTwo, 60),
		row(PathTune, 1, tuneOne, 40), row(PathTune, 2, tuneTwo, 40),
	}
}

func TestGoals(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rows  []Row
		cores int
		want  []bool // sim vs engine, sim scaling, tune vs engine, tune scaling
	}{
		{"all met", sampleRows(0.8, 1.5, 0.6, 1.1), 2, []bool{true, true, true, true}},
		{"just at the goals", sampleRows(0.5, 0.851, 0.5, 0.851), 2, []bool{true, true, true, true}},
		{"sim slow", sampleRows(0.49, 0.9, 0.6, 1.1), 2, []bool{false, true, true, true}},
		{"sim does not scale", sampleRows(0.8, 1.3, 0.6, 1.1), 2, []bool{true, false, true, true}},
		{"tune slow, not scaling", sampleRows(0.8, 1.5, 0.3, 0.4), 2, []bool{true, true, false, false}},
		{"one core: scaling unchecked", sampleRows(0.8, 0.8, 0.6, 0.6), 1, []bool{true, true, true, true}},
		{"no engine row: no speed goals", sampleRows(0.8, 1.5, 0.6, 1.1)[2:], 2, []bool{true, true}},
		{"no tune rows", sampleRows(0.8, 1.5, 0.6, 1.1)[:4], 2, []bool{true, true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows := tc.rows
			res := &Result{Rows: rows, Cores: tc.cores}
			res.finish()
			got := res.Goals
			if len(got) != len(tc.want) {
				t.Fatalf("%d goals, want %d: %+v", len(got), len(tc.want), got)
			}
			for i, g := range got {
				if g.OK != tc.want[i] {
					t.Errorf("goal %q: ok %v, want %v (%s)", g.Goal, g.OK, tc.want[i], g.Detail)
				}
			}
			if tc.cores < 2 && !strings.Contains(got[1].Detail, "not checked") {
				t.Errorf("a scaling goal on one core should say it is not checked: %q", got[1].Detail)
			}
		})
	}
}

// TestRatios: each row against the one-goroutine engine and its own
// one-goroutine row, by moves per second.
func TestRatios(t *testing.T) {
	res := &Result{Rows: sampleRows(0.8, 1.5, 0.6, 1.1), Cores: 2}
	res.finish()
	want := map[[2]any][2]float64{
		{PathEngine, 1}: {1, 1}, {PathEngine, 2}: {1.9, 1.9},
		{PathSim, 1}: {0.8, 1}, {PathSim, 2}: {1.5, 1.5 / 0.8},
		{PathTune, 1}: {0.6, 1}, {PathTune, 2}: {1.1, 1.1 / 0.6},
	}
	for _, r := range res.Rows {
		w := want[[2]any{r.Path, r.Jobs}]
		if !near(r.VsEngine, w[0]) || !near(r.VsOneJob, w[1]) {
			t.Errorf("%s --jobs %d: × engine %.3f, × jobs 1 %.3f; want %.3f %.3f", r.Path, r.Jobs, r.VsEngine, r.VsOneJob, w[0], w[1])
		}
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

// TestWriteGolden pins the table and the JSON for made-up rows.
func TestWriteGolden(t *testing.T) {
	res := &Result{Config: "(default)", Size: 15, Rule: "freestyle", Seed: 1, Cores: 2, Rows: sampleRows(0.8, 1.3, 0.6, 1.1)}
	res.finish()
	var text, js bytes.Buffer
	if err := res.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := res.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	golden(t, "table.golden", text.Bytes())
	golden(t, "result.json.golden", js.Bytes())
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", name), got, *update)
}

// TestRunSmall runs every row on a small board: the rows in order, each
// with games and moves, and the sim rows playing exactly the engine's
// games (greedy is deterministic), which is what makes their ratio the
// cost of the path alone.
func TestRunSmall(t *testing.T) {
	cfg := config.Default()
	cfg.Game.Size, cfg.Game.Rule = 9, game.Freestyle
	var seen []Row
	res, err := Run(context.Background(), Options{Config: cfg, Games: 20, Seed: 3, Repeat: 2,
		Progress: func(r Row) { seen = append(seen, r) }})
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]any{{PathEngine, 1}, {PathEngine, 2}, {PathSim, 1}, {PathSim, 2}, {PathTune, 1}, {PathTune, 2}}
	if len(res.Rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(res.Rows), len(want))
	}
	for i, r := range res.Rows {
		if r.Path != want[i][0] || r.Jobs != want[i][1] {
			t.Errorf("row %d: %s --jobs %d, want %v", i, r.Path, r.Jobs, want[i])
		}
		if r.Games <= 0 || r.MovesPerGame <= 0 || r.Seconds <= 0 || r.MovesPerSec <= 0 || r.Runs != 2 {
			t.Errorf("row %d (%s --jobs %d) measured nothing: %+v", i, r.Path, r.Jobs, r)
		}
	}
	engine := res.Rows[0]
	for _, r := range res.Rows[1:4] {
		if r.Games != engine.Games || r.MovesPerGame != engine.MovesPerGame {
			t.Errorf("%s --jobs %d played %d games of %.2f moves, the engine %d of %.2f: not the same games",
				r.Path, r.Jobs, r.Games, r.MovesPerGame, engine.Games, engine.MovesPerGame)
		}
	}
	if len(seen) != 2*len(want) {
		t.Errorf("progress told about %d runs, want %d", len(seen), 2*len(want))
	}
	if len(res.Goals) != 4 {
		t.Errorf("goals: %+v", res.Goals)
	}
	var js bytes.Buffer
	if err := res.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back Result
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Rows) != len(want) {
		t.Errorf("JSON does not read back: %v\n%s", err, js.Bytes())
	}
}

func TestRunErrors(t *testing.T) {
	if _, err := Run(context.Background(), Options{Games: 0}); err == nil {
		t.Error("zero games: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cfg := config.Default()
	cfg.Game.Size = 9
	res, err := Run(ctx, Options{Config: cfg, Games: 10})
	if err == nil || res == nil || len(res.Rows) != 0 {
		t.Errorf("cancelled run: rows %v, err %v; want no rows and the context's error", res, err)
	}
}
