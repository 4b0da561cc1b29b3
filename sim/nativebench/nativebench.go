// Package nativebench measures the native greedy AI on the paths users
// take against the engine alone, side by side in one run: the engine loop
// of the player benchmark (BenchmarkGreedyGames: two long-lived players,
// no arena), `mcgomoku sim greedy greedy` (sim/arena, players made per
// game from specs) and `mcgomoku tune` (sim/tune, SPSA iterations with
// their strength checks), each on one and on two goroutines. It is
// `mcgomoku bench --native`.
//
// Stage: beside sim/arena and sim/tune, which it drives exactly as the
// commands do. Input: a config (weights, board, the [tune] section), games
// per row, a seed and how often to repeat each row. Output: a Result, one
// Row per path and job count with games per second and ratios, and the
// goals those ratios are held to, printed as a table or JSON.
//
// The engine and sim rows play the same openings (the arena's random
// ones from the seed, each twice), so with deterministic weights they
// play the same games and their ratio is the cost of the path alone.
// Timings are wall clock: ratios measured in one run are what to compare
// across machines, absolute games per second are not. Each row is the
// fastest of Repeat runs, the usual guard against a busy machine.
package nativebench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/mcgomoku/mcgomoku/internal/benchgoal"
	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
	"github.com/mcgomoku/mcgomoku/sim/tune"
)

// Options say what to measure.
type Options struct {
	// Config gives the weights, the board and the [tune] section. nil:
	// the embedded default, what `sim greedy` and `tune` use.
	Config *config.Config
	// Spec is the player spec the sim rows use for Config ("greedy", or
	// "greedy:FILE" for a config file), so they go through the registry
	// as the command does.
	Spec   string
	Games  int   // games per row (the tune rows play the iterations nearest to it)
	Seed   int64 // seeds the openings, as sim's and tune's --seed
	Repeat int   // runs of each row, the fastest kept; 0 means 1
	// Progress, when set, is told about each run as it ends (the row as
	// that run measured it).
	Progress func(r Row)
}

// Paths, the first column of the table.
const (
	PathEngine = "engine"
	PathSim    = "sim"
	PathTune   = "tune"
)

// Row is one path on some goroutines.
type Row struct {
	Path         string  `json:"path"`
	Command      string  `json:"command"` // what it stands for
	Jobs         int     `json:"jobs"`
	Games        int     `json:"games"`
	MovesPerGame float64 `json:"moves_per_game"` // the players' moves, the opening's stones not counted
	Seconds      float64 `json:"seconds"`        // the fastest run
	GamesPerSec  float64 `json:"games_per_second"`
	MovesPerSec  float64 `json:"moves_per_second"`
	// VsEngine is MovesPerSec over the one-goroutine engine row's: the
	// speed of the path against the engine's for the same work. The sim
	// rows play the engine's very games, so it is their games-per-second
	// ratio too; tuning games (perturbed weights) are shorter.
	VsEngine float64 `json:"vs_engine"`
	// VsOneJob is MovesPerSec over the same path's one-goroutine row.
	VsOneJob float64 `json:"vs_one_job"`
	Runs     int     `json:"runs"` // runs made, the fastest kept
}

// Goal is one target the bench checks.
type Goal = benchgoal.Goal

// Result is a bench run.
type Result struct {
	Config string `json:"config"`
	Size   int    `json:"size"`
	Rule   string `json:"rule"`
	Seed   int64  `json:"seed"`
	Cores  int    `json:"cores"` // GOMAXPROCS during the run
	Rows   []Row  `json:"rows"`
	Goals  []Goal `json:"goals"`
}

// Goal thresholds (issue 16).
const (
	GoalVsEngine = 0.5 // sim and tune on one goroutine: at least half the engine's games per second
	GoalScaling  = 1.7 // two goroutines: at least 1.7 times one
)

// Run measures every row. A cancelled run returns the rows so far with
// the context's error.
func Run(ctx context.Context, opt Options) (*Result, error) {
	cfg := opt.Config
	if cfg == nil {
		cfg = config.Default()
	}
	if opt.Spec == "" {
		opt.Spec = "greedy"
	}
	if opt.Games <= 0 {
		return nil, fmt.Errorf("want at least one game per row, got %d", opt.Games)
	}
	repeat := max(opt.Repeat, 1)
	res := &Result{Config: cfg.Source, Size: cfg.Game.Size, Rule: cfg.Game.Rule.String(), Seed: opt.Seed, Cores: runtime.GOMAXPROCS(0)}
	openings := arena.RandomOpenings(cfg.Game.Size, cfg.Game.Rule, (opt.Games+1)/2, arena.DefaultStones, opt.Seed)
	type measured func(ctx context.Context, jobs int) (games, moves int, err error)
	engineRun := func(ctx context.Context, jobs int) (int, int, error) {
		return engine(ctx, cfg, openings, opt.Games, jobs)
	}
	simRun := func(ctx context.Context, jobs int) (int, int, error) {
		return sim(ctx, cfg, opt.Spec, openings, opt.Games, jobs, opt.Seed)
	}
	tuneRun := func(ctx context.Context, jobs int) (int, int, error) {
		return tuneGames(ctx, cfg, opt.Games, jobs, opt.Seed)
	}
	simCmd := "mcgomoku sim " + opt.Spec + " " + opt.Spec
	plan := []struct {
		path, command string
		jobs          int
		run           measured
	}{
		{PathEngine, "go test ./sim/player -bench GreedyGames", 1, engineRun},
		{PathEngine, "the same loop on each goroutine", 2, engineRun},
		{PathSim, simCmd + " --jobs 1", 1, simRun},
		{PathSim, simCmd + " --jobs 2", 2, simRun},
		{PathTune, "mcgomoku tune --jobs 1 (self-play with strength checks)", 1, tuneRun},
		{PathTune, "mcgomoku tune --jobs 2", 2, tuneRun},
	}
	// Rounds over all the rows rather than each row's runs in a row, so a
	// burst of load elsewhere on the machine hits one run of several rows,
	// not every run of one: the fastest runs stay comparable.
	rows := make([]Row, len(plan))
	for round := 0; round < repeat; round++ {
		for i, p := range plan {
			start := time.Now()
			games, moves, err := p.run(ctx, p.jobs)
			took := time.Since(start).Seconds()
			if err != nil {
				res.Rows = slices.DeleteFunc(rows, func(r Row) bool { return r.Runs == 0 })
				res.finish()
				return res, fmt.Errorf("%s --jobs %d: %w", p.path, p.jobs, err)
			}
			run := Row{Path: p.path, Command: p.command, Jobs: p.jobs, Games: games,
				MovesPerGame: float64(moves) / float64(max(games, 1)), Seconds: took,
				GamesPerSec: float64(games) / took, MovesPerSec: float64(moves) / took}
			if rows[i].Runs == 0 || took < rows[i].Seconds {
				run.Runs = rows[i].Runs
				rows[i] = run
			}
			rows[i].Runs++
			if opt.Progress != nil {
				opt.Progress(run)
			}
		}
	}
	res.Rows = rows
	res.finish()
	return res, nil
}

// finish fills in the ratios and the goals from the rows so far.
func (r *Result) finish() {
	for i := range r.Rows {
		x := &r.Rows[i]
		if e := r.find(PathEngine, 1); e != nil {
			x.VsEngine = x.MovesPerSec / e.MovesPerSec
		}
		if one := r.find(x.Path, 1); one != nil {
			x.VsOneJob = x.MovesPerSec / one.MovesPerSec
		}
	}
	r.Goals = Goals(r.Rows, r.Cores)
}

func (r *Result) find(path string, jobs int) *Row { return findRow(r.Rows, path, jobs) }

func findRow(rows []Row, path string, jobs int) *Row {
	for i := range rows {
		if rows[i].Path == path && rows[i].Jobs == jobs {
			return &rows[i]
		}
	}
	return nil
}

// Goals checks the targets against the rows that bear on them: sim and
// tune on one goroutine at least GoalVsEngine of the engine's speed, and
// on two at least GoalScaling times their one. Speed is moves per second,
// which for sim (the engine's own games) is the games-per-second ratio
// and for tune corrects for its shorter games. The scaling goals need two
// cores; with fewer they are reported unchecked (OK, and the detail says
// why). A goal whose rows were not measured is left out.
func Goals(rows []Row, cores int) []Goal {
	var out []Goal
	engine := findRow(rows, PathEngine, 1)
	for _, path := range []string{PathSim, PathTune} {
		one, two := findRow(rows, path, 1), findRow(rows, path, 2)
		if engine != nil && one != nil {
			out = append(out, Goal{
				Goal: fmt.Sprintf("%s --jobs 1 runs at least %.0f%% of the engine's speed", path, 100*GoalVsEngine),
				OK:   one.MovesPerSec >= GoalVsEngine*engine.MovesPerSec,
				Detail: fmt.Sprintf("%.0f%% (%.0f against %.0f moves/s; %.0f against %.0f games/s of %.1f and %.1f moves)",
					100*one.MovesPerSec/engine.MovesPerSec, one.MovesPerSec, engine.MovesPerSec,
					one.GamesPerSec, engine.GamesPerSec, one.MovesPerGame, engine.MovesPerGame),
			})
		}
		if one != nil && two != nil {
			g := Goal{
				Goal: fmt.Sprintf("%s --jobs 2 runs at least %.1f× --jobs 1", path, GoalScaling),
				OK:   two.MovesPerSec >= GoalScaling*one.MovesPerSec,
			}
			g.Detail = fmt.Sprintf("%.2f×", two.MovesPerSec/one.MovesPerSec)
			if e1, e2 := findRow(rows, PathEngine, 1), findRow(rows, PathEngine, 2); e1 != nil && e2 != nil {
				g.Detail += fmt.Sprintf(" (the engine alone, on this machine at the time: %.2f×)", e2.MovesPerSec/e1.MovesPerSec)
			}
			if cores < 2 {
				g.OK = true
				g.Detail = fmt.Sprintf("not checked with %d core: %s", cores, g.Detail)
			}
			out = append(out, g)
		}
	}
	return out
}

// engine is BenchmarkGreedyGames's loop: on each of jobs goroutines two
// greedy players that live for all its games, a board per game from the
// opening, and nothing else. The games are dealt out as the arena deals
// them: each opening twice.
func engine(ctx context.Context, cfg *config.Config, openings []arena.Opening, games, jobs int) (played, moves int, err error) {
	var (
		mu   sync.Mutex
		errs []error
		wg   sync.WaitGroup
	)
	for w := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := engineLoop(ctx, cfg.Weights, cfg.Game.Size, cfg.Game.Rule, openings, w, jobs, games)
			mu.Lock()
			defer mu.Unlock()
			moves += n
			if err != nil {
				errs = append(errs, err)
			}
		}()
	}
	wg.Wait()
	if len(errs) > 0 {
		return 0, 0, errs[0]
	}
	return games, moves, nil
}

// engineLoop plays games first, first+step, … below games and returns
// the moves the players made.
func engineLoop(ctx context.Context, w eval.Weights, size int, rule game.Rule, openings []arena.Opening, first, step, games int) (int, error) {
	black, white := player.NewGreedy(w, player.Options{}), player.NewGreedy(w, player.Options{})
	moves := 0
	for n := first; n < games; n += step {
		if err := ctx.Err(); err != nil {
			return moves, err
		}
		b, err := openings[(n/2)%len(openings)].Board(size, rule)
		if err != nil {
			return moves, err
		}
		for !b.Over() {
			p := black
			if b.ToMove() == game.White {
				p = white
			}
			m, err := p.Move(ctx, b)
			if err != nil {
				return moves, err
			}
			if err := b.Play(m); err != nil {
				return moves, err
			}
			moves++
		}
	}
	return moves, nil
}

// sim is `mcgomoku sim SPEC SPEC --jobs N`: a match through the arena,
// players made from the spec for every game, with a progress callback
// as the command's progress bar has.
func sim(ctx context.Context, cfg *config.Config, spec string, openings []arena.Opening, games, jobs int, seed int64) (int, int, error) {
	res, err := arena.Match(ctx, arena.MatchConfig{A: spec, B: spec, Games: games, Size: cfg.Game.Size, Rule: cfg.Game.Rule,
		Seed: seed, Jobs: jobs, Openings: openings, Progress: func(arena.Progress) {}})
	if err != nil {
		return 0, 0, err
	}
	return res.Played, int(res.Moves), nil
}

// tuneGames is `mcgomoku tune --jobs N --verify 0` with the config's
// [tune] section against itself, for the iterations nearest to games
// tuning games, with the command's default strength checks (50 game
// pairs after every batch of 100 iterations) counted as games too, since
// the command plays them, and played as it plays them: each while the
// next batch does, in the cores its iterations leave idle, with a
// checkpoint written as the command writes it.
func tuneGames(ctx context.Context, cfg *config.Config, games, jobs int, seed int64) (int, int, error) {
	const batch, checkPairs = 100, 50
	params, index := tune.ConfigParams(cfg)
	if len(params) == 0 {
		return 0, 0, fmt.Errorf("%s: the [tune.params] section lists no weights", cfg.Source)
	}
	tc := cfg.Tune
	g := &tune.Games{Base: cfg.Weights, Index: index, Against: []string{tune.Self}, Pairs: tc.Pairs,
		Size: cfg.Game.Size, Rule: cfg.Game.Rule, Seed: seed, Jobs: jobs}
	if err := g.Prepare(); err != nil {
		return 0, 0, err
	}
	iterations := max(1, (games+g.PerIteration()/2)/g.PerIteration())
	sp, err := tune.NewSPSA(params, tune.Schedule{Iterations: iterations, Alpha: tc.Alpha, Gamma: tc.Gamma, Stability: tc.Stability, Lag: tc.Lag})
	if err != nil {
		return 0, 0, err
	}
	sp.Valid = g.Valid
	// The command writes a checkpoint after every batch; so does this.
	dir, err := os.MkdirTemp("", "mcgomoku-bench-")
	if err != nil {
		return 0, 0, err
	}
	defer os.RemoveAll(dir)
	checkpoint := filepath.Join(dir, "bench.tune.json")
	checked := 0
	run := &tune.Run{SPSA: sp, Objective: g, Seed: seed, Batch: batch, Overlap: g,
		Save: func(st *tune.State) error { return st.Save(checkpoint) }, SaveEvery: tune.DefaultSaveEvery,
		Check: func(ctx context.Context, b int, theta []float64) (*tune.Strength, error) {
			checked += 2 * checkPairs
			return g.CheckAside(ctx, b, theta, checkPairs)
		}}
	st := run.New()
	if err := run.Continue(ctx, st); err != nil {
		return 0, 0, err
	}
	return st.Games + checked, int(g.Moves()), nil
}

// WriteText prints the rows as a table, then the goals.
func (r *Result) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "greedy against itself, %d×%d %s, %s, seed %d, %d cores; each row the fastest of its runs;\n", r.Size, r.Size, r.Rule, r.Config, r.Seed, r.Cores)
	fmt.Fprintln(w, "× engine and × jobs 1 compare moves per second (tuning games are shorter; sim plays the engine's games)")
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "path\tjobs\tgames\tmoves/game\tseconds\tgames/s\tmoves/s\t× engine\t× jobs 1\twhat it measures")
	for _, x := range r.Rows {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f\t%.3f\t%.0f\t%.0f\t%.2f\t%.2f\t%s\n",
			x.Path, x.Jobs, x.Games, x.MovesPerGame, x.Seconds, x.GamesPerSec, x.MovesPerSec, x.VsEngine, x.VsOneJob, x.Command)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return benchgoal.Write(w, r.Goals)
}

// WriteJSON prints the result as indented JSON.
func (r *Result) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
