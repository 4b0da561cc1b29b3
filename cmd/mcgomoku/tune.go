package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/mcgomoku/mcgomoku/examples"
	"github.com/mcgomoku/mcgomoku/internal/atomicfile"
	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/distrib"
	"github.com/mcgomoku/mcgomoku/sim/player"
	"github.com/mcgomoku/mcgomoku/sim/tune"
)

// tuneOptions are the flags of "mcgomoku tune".
type tuneOptions struct {
	config     string
	ai         string // who plays: greedy or lookahead; "" = the config's ai.profile
	level      string // the lookahead's level; "" = the config's lookahead.level
	against    []string
	games      int
	out        string
	jobs       int
	resume     bool
	seed       int64
	checkpoint string
	chart      string
	batch      int
	check      int
	verify     int
	openings   string
	stones     int
	lag        int
	engine     engineLimits // an engine opponent's clock and memory
	profile    profileFlags
	dist       distFlags
	fitOrder   string // a labels file: fit the move ordering to it instead of playing
}

func init() {
	register(&command{
		name:    "tune",
		summary: "tune the greedy or lookahead AI's values by self-play (SPSA) and write them back into the TOML config",
		usage: `--out FILE [--config FILE] [--ai greedy|lookahead [--level NAME]] [--against SPEC[,SPEC…]] [--games N] [--jobs K] [--resume] [flags]

The config's [tune] section names the values to tune with their bounds
and steps (see examples/default.toml): weights.* (the greedy AI, and the
lookahead's move ordering) and lookahead.value.* (the lookahead's leaf
values, tuned only with --ai lookahead). --ai chooses the AI that plays
with the tuned values (default: lookahead when the config's ai.profile
is lookahead, else greedy); the lookahead plays at the config's
lookahead.level, or at --level. Opponents, each tuned against with the same
openings for the two perturbed value sets:
  self      the two perturbed value sets play each other (the default)
  start     the same AI with the starting values
  SPEC      any player, as for sim: seed004, greedy:other.toml, search:nodes=2000,threads=1,
            "pbrain:PATH" (an engine, held to --timeout-turn and the other limits as in sim)
A checkpoint is saved after a batch every few seconds and whenever the
run stops; Ctrl-C and --resume lose nothing.
At the end the tuned weights play the starting ones (--verify games), the
tuned config is written to --out with its comments kept, and a chart of
the run to --chart.

With --fit-order FILE nothing is played: the weights below the decisive
tiers (weights.attack.*, weights.defence.* from one to four, and each
side's double_three) are fitted so that the moves a labels file gives
(a strong engine's, one labelled position a line: "h10 i9 g7 : f8",
gzip-compressed or not) rank among the model's first 1, 3 and 6 cells,
the lists the lookahead searches, as often as they can (a weight the
[tune.params] section lists stays within its bounds); every fourth
game of the file is held out to show what the fit does to positions it
did not see. The config with those weights is written to --out.`,
		flags: func(fs *pflag.FlagSet) func(e *env, args []string) error {
			o := &tuneOptions{}
			fs.StringVar(&o.config, "config", "", "the config to tune: its [tune] section and starting weights (default: the embedded default)")
			fs.StringVar(&o.ai, "ai", "", "the AI that plays with the tuned values: greedy or lookahead (default: the config's ai.profile if lookahead, else greedy)")
			fs.StringVar(&o.level, "level", "", "the lookahead's level that plays, one of the config's [lookahead.levels] (default: its lookahead.level)")
			fs.StringArrayVar(&o.against, "against", nil, "opponents, comma-separated or repeated (default: self)")
			fs.IntVar(&o.games, "games", 0, "tuning games to play; sets the iterations (default: [tune] iterations)")
			fs.StringVar(&o.out, "out", "", "write the tuned config here (required; may be the --config file)")
			fs.IntVar(&o.jobs, "jobs", 0, "games played at once (default: the number of cores); results do not depend on it")
			fs.BoolVar(&o.resume, "resume", false, "continue the run saved in the checkpoint")
			fs.Int64Var(&o.seed, "seed", 1, "seed for perturbations, openings and players")
			fs.StringVar(&o.checkpoint, "checkpoint", "", "checkpoint file (default: --out with .tune.json)")
			fs.StringVar(&o.chart, "chart", "", "chart of the run, SVG (default: --out with .svg)")
			fs.IntVar(&o.batch, "batch", 100, "iterations between strength checks (and possible checkpoints)")
			fs.IntVar(&o.check, "check", 50, "game pairs of each strength check, tuned against start (0: none)")
			fs.IntVar(&o.verify, "verify", 1000, "games of the final match, tuned against start (0: none)")
			fs.StringVar(&o.openings, "openings", "", "openings file, as for sim (default: fresh random openings)")
			fs.IntVar(&o.stones, "stones", arena.DefaultStones, "stones in each random opening")
			fs.IntVar(&o.lag, "lag", 0, "updates an iteration does not wait for, 0..8: 0 is textbook SPSA (default: [tune] lag)")
			fs.StringVar(&o.fitOrder, "fit-order", "", "instead of playing: fit the weights that order the lookahead's moves to a labels file's moves (docs/tuning.md)")
			o.engine.register(fs)
			o.dist.register(fs, 16)
			o.profile.register(fs)
			return o.profile.wrap(func(e *env, args []string) error { return o.run(e, args, fs) })
		},
	})
}

func (o *tuneOptions) run(e *env, args []string, fs *pflag.FlagSet) error {
	switch {
	case len(args) > 0:
		return usagef("unexpected arguments %q", args)
	case o.out == "":
		return usagef("--out is required")
	case o.fitOrder != "":
		return o.runFitOrder(e, fs)
	case fs.Changed("games") && o.games < 1:
		// 0 is not "the default": leave the flag out for [tune] iterations.
		return usagef("--games %d: want at least 1 game (leave --games out for the config's [tune] iterations)", o.games)
	case o.games > maxGames:
		return usagef("--games %d: want at most %d", o.games, maxGames)
	case fs.Changed("jobs") && (o.jobs < 1 || o.jobs > maxJobs):
		return usagef("--jobs %d: want 1..%d games at once", o.jobs, maxJobs)
	case o.batch <= 0 || o.batch > maxGames:
		return usagef("--batch %d: want 1..%d iterations", o.batch, maxGames)
	case o.check < 0 || o.verify < 0:
		return usagef("--check and --verify must not be negative (0: none)")
	case o.check > maxGames/2:
		return usagef("--check %d: want at most %d game pairs", o.check, maxGames/2)
	case o.verify > maxGames:
		return usagef("--verify %d: want at most %d games", o.verify, maxGames)
	case o.lag < 0 || o.lag > tune.MaxLag:
		return usagef("--lag %d: want 0..%d", o.lag, tune.MaxLag)
	case o.ai != "" && o.ai != "greedy" && o.ai != "lookahead":
		return usagef("--ai %q: want greedy or lookahead (the AIs tune can play)", o.ai)
	}
	if err := o.engine.check(); err != nil {
		return err
	}
	if err := o.dist.check(); err != nil {
		return err
	}
	name, src, cfg, err := o.loadConfig()
	if err != nil {
		return err
	}
	if err := cfg.CheckTune(); err != nil {
		return err
	}
	ai := o.ai
	if ai == "" {
		ai = "greedy"
		if cfg.AI.Profile == "lookahead" {
			ai = "lookahead"
		}
	}
	if err := cfg.CheckTuneAI(ai, src); err != nil {
		return err
	}
	if o.level != "" && ai != "lookahead" {
		return usagef("--level %q: only the lookahead has levels (--ai lookahead)", o.level)
	}
	level := o.level
	if level == "" {
		level = cfg.Lookahead.LevelName(cfg.Lookahead.DefaultLevel)
	}
	if _, err := cfg.Lookahead.Named(level); err != nil {
		return usagef("--level: %s: %v", name, err)
	}
	if fs.Changed("lag") {
		cfg.Tune.Lag = o.lag
	}
	against, err := splitSpecs(o.against)
	if err != nil {
		return usagef("--against: %v", err)
	}
	for _, a := range against {
		if a == tune.Self || a == tune.StartPlayer {
			continue
		}
		if err := player.CheckSpec(a); err != nil {
			return usagef("--against: %v", err)
		}
	}
	if o.openings == "" {
		if err := arena.CheckStones(cfg.Game.Size, o.stones); err != nil {
			return usagef("--stones: %v", err)
		}
	}
	if o.checkpoint == "" {
		o.checkpoint = strings.TrimSuffix(o.out, filepath.Ext(o.out)) + ".tune.json"
	}
	if o.chart == "" {
		o.chart = strings.TrimSuffix(o.out, filepath.Ext(o.out)) + ".svg"
	}
	if err := checkOutputs(output{flag: "out", path: o.out}, output{flag: "chart", path: o.chart},
		output{flag: "checkpoint", path: o.checkpoint}); err != nil {
		return err
	}

	tc := cfg.Tune
	params, _ := tune.ConfigParams(cfg)
	if len(params) == 0 {
		return fmt.Errorf("%s: the [tune.params] section lists no weights: nothing to tune", name)
	}
	// The games are made from the config's text, as a worker elsewhere
	// makes them.
	setup := tune.Setup{Name: name, Config: src, AI: ai, Level: level, Against: against, Stones: o.stones, Seed: o.seed, Limits: o.engine.limits()}
	g, err := setup.Games()
	if err != nil {
		return err
	}
	g.Jobs = o.jobs
	played := ai
	if ai == "lookahead" {
		played = fmt.Sprintf("lookahead (level %s)", level)
	}
	if o.openings != "" {
		if g.Openings, err = arena.LoadOpenings(o.openings, cfg.Game.Size, cfg.Game.Rule, 0); err != nil {
			return err
		}
	}
	if err := g.Prepare(); err != nil {
		return err
	}
	iterations := tc.Iterations
	if o.games > 0 {
		iterations = (o.games + g.PerIteration() - 1) / g.PerIteration()
	}
	sp, err := tune.NewSPSA(params, tune.Schedule{Iterations: iterations, Alpha: tc.Alpha, Gamma: tc.Gamma, Stability: tc.Stability, Lag: tc.Lag})
	if err != nil {
		return err
	}
	sp.Valid = g.Valid

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var co *coordination
	if o.dist.on() {
		if co, err = o.coordinate(ctx, e, setup, g, sp, tc.Lag); err != nil {
			return err
		}
		defer co.close()
	}
	prog := newTuneProgress(e.stderr, iterations*g.PerIteration(), params)
	prog.bar.extra = co.progress
	run := &tune.Run{SPSA: sp, Objective: g, Seed: o.seed, Batch: o.batch,
		Save: func(st *tune.State) error { return st.Save(o.checkpoint) }, SaveEvery: tune.DefaultSaveEvery, Progress: prog.update}
	if o.check > 0 {
		// Each check plays while the next batch does, in the cores its
		// iterations leave idle, within --jobs.
		run.Check = func(ctx context.Context, b int, theta []float64) (*tune.Strength, error) {
			return g.CheckAside(ctx, b, theta, o.check)
		}
		run.Overlap = g
	}

	var st *tune.State
	if o.resume {
		if st, err = tune.LoadState(o.checkpoint); err != nil {
			return fmt.Errorf("--resume: %w", err)
		}
		if err := run.Resumable(st); err != nil {
			return fmt.Errorf("--resume: %s: %w", o.checkpoint, err)
		}
		fmt.Fprintf(e.stderr, "resuming %s at iteration %d of %d\n", o.checkpoint, st.Iteration, iterations)
	} else {
		if _, err := os.Stat(o.checkpoint); err == nil {
			return fmt.Errorf("checkpoint %s exists: add --resume to continue that run, or remove it to start again", o.checkpoint)
		}
		st = run.New()
		if err := st.Save(o.checkpoint); err != nil {
			return err
		}
	}
	fmt.Fprintf(e.stderr, "tuning %d values of %s, played by %s: %d iterations of %d games against %s (%d×%d %v), checkpoint %s\n",
		len(params), name, played, iterations, g.PerIteration(), strings.Join(against, ", "), cfg.Game.Size, cfg.Game.Size, cfg.Game.Rule, o.checkpoint)

	err = run.Continue(ctx, st)
	prog.finish()
	if cerr := o.writeChart(st); cerr != nil && err == nil {
		err = cerr
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintf(e.stderr, "stopped after iteration %d of %d; the checkpoint %s keeps it: add --resume to continue\n", st.Iteration, iterations, o.checkpoint)
			return errInterrupted
		}
		return err
	}
	if f := g.Forfeits(); f > 0 {
		fmt.Fprintf(e.stderr, "warning: %d tuning games ended by a forfeit\n", f)
	}

	var verified *arena.Result
	interrupted := false
	if o.verify > 0 {
		bar := newSimProgress(e.stderr, o.verify)
		verified, err = g.Verify(ctx, st.Theta, o.verify, bar.update)
		bar.finish()
		if err != nil {
			if !errors.Is(err, context.Canceled) {
				return err
			}
			// The tuning is done: write the weights with the games of
			// the verification played so far (the header says how many).
			fmt.Fprintf(e.stderr, "stopped during the verification match after %d of %d games; add --resume to run it again\n", verified.Played, o.verify)
			interrupted = true
			if verified.Played == 0 {
				verified = nil
			}
		}
	}
	values := g.Values(st.Theta)
	text, err := tune.Rewrite(name, src, values, o.header(name, ai, st, g, against, params, values, verified))
	if err != nil {
		return err
	}
	if err := atomicfile.Write(o.out, text); err != nil {
		return err
	}
	if err := o.report(e.stdout, ai, st, params, values, verified); err != nil {
		return err
	}
	if co != nil {
		co.report(e.stderr)
		if !interrupted {
			co.finish(ctx)
		}
	}
	if interrupted {
		return errInterrupted
	}
	return nil
}

// coordinate sets up a run over workers: its ID from what decides its
// games (the checkpoint's settings, the config, the checks), its
// server's store beside the checkpoint, and g's Remote.
func (o *tuneOptions) coordinate(ctx context.Context, e *env, setup tune.Setup, g *tune.Games, sp *tune.SPSA, lag int) (*coordination, error) {
	files, err := distrib.ConfigFiles(setup.Against)
	if err != nil {
		return nil, err
	}
	for _, a := range setup.Against {
		if distrib.IsPack(a) {
			return nil, usagef("--against %q: a data pack is read from this machine's disk: tune against pack: players without --server and --serve", a)
		}
	}
	probe := &tune.Run{SPSA: sp, Objective: g, Seed: o.seed, Batch: o.batch}
	run := distrib.RunID(struct {
		Kind          string
		Settings      tune.Settings
		Setup         tune.Setup
		Files         map[string][]byte
		Check, Verify int
		Lag           int
		Batch         int
	}{"tune", probe.New().Settings, setup, files, o.check, o.verify, lag, o.dist.perBatch})
	co, err := o.dist.start(ctx, e, run, strings.TrimSuffix(o.checkpoint, filepath.Ext(o.checkpoint))+".nats")
	if err != nil {
		return nil, err
	}
	g.Remote = co.c.Tune(setup, files, g, o.dist.perBatch)
	if greedyOnly(setup) {
		fmt.Fprintln(e.stderr, "note: greedy games last about 0.1 ms, an SPSA iteration's batch costs some 0.6 ms in messages, and an iteration waits for those before it: this tune runs faster on one machine (docs/distributed.md)")
	}
	return co, nil
}

// greedyOnly says whether every game of a tune is greedy against greedy,
// whose iterations are shorter than a batch's round trip.
func greedyOnly(setup tune.Setup) bool {
	if setup.AI != "greedy" {
		return false
	}
	for _, a := range setup.Against {
		if name, _, _ := strings.Cut(a, ":"); a != "self" && a != "start" && name != "greedy" {
			return false
		}
	}
	return true
}

// splitSpecs splits --against values at commas, except the commas inside
// a spec's option list (search:nodes=2000,threads=1): a piece holding
// "=" but no ":" continues the spec before it, since no player name
// contains "=".
func splitSpecs(vals []string) ([]string, error) {
	if len(vals) == 0 {
		return []string{tune.Self}, nil
	}
	var out []string
	for _, v := range vals {
		for _, piece := range strings.Split(v, ",") {
			piece = strings.TrimSpace(piece)
			switch {
			case piece == "":
				return nil, fmt.Errorf("empty opponent in %q", v)
			case strings.Contains(piece, "=") && !strings.Contains(piece, ":") && len(out) > 0:
				out[len(out)-1] += "," + piece
			default:
				out = append(out, piece)
			}
		}
	}
	return out, nil
}

func (o *tuneOptions) writeChart(st *tune.State) error {
	var b bytes.Buffer
	if err := tune.WriteChart(&b, st); err != nil {
		return err
	}
	return atomicfile.Write(o.chart, b.Bytes())
}

// header is the comment block written at the top of the tuned config.
func (o *tuneOptions) header(name, ai string, st *tune.State, g *tune.Games, against []string, params []tune.Param, values map[string]int64, res *arena.Result) []string {
	ops := fmt.Sprintf("random %d-stone openings", o.stones)
	if o.openings != "" {
		ops = "the openings of " + o.openings
	}
	// A greedy run's header reads as it always did (examples/tuned.toml
	// is reproduced byte for byte).
	by, what := "", tunedNoun(ai, "weights", "values")
	if ai != "greedy" {
		by = ", played by the " + ai
	}
	lines := []string{
		fmt.Sprintf("Tuned by mcgomoku tune from %s: %d SPSA iterations (lag %d), %d games against %s%s", name, st.Iteration, st.Settings.Lag, st.Games, strings.Join(against, ", "), by),
		fmt.Sprintf("on %d×%d %v from %s, seed %d.", g.Size, g.Size, g.Rule, ops, o.seed),
	}
	if res != nil {
		p := res.Pairings[0]
		e := p.Estimate()
		elo := fmt.Sprintf("%s ± %s Elo (95%%: %s .. %s)", arena.FormatElo(e.Elo), marginText(e.Margin), arena.FormatElo(e.Low), arena.FormatElo(e.High))
		switch {
		case e.Bounded():
			elo = "Elo " + arena.FormatEstimate(e)
		case !e.Symmetric():
			elo = fmt.Sprintf("%s Elo (95%%: %s .. %s)", arena.FormatElo(e.Elo), arena.FormatElo(e.Low), arena.FormatElo(e.High))
		}
		stopped := ""
		if res.Stopped != "" {
			stopped = fmt.Sprintf(", %s after %d of %d", res.Stopped, res.Played, res.Planned)
		}
		lines = append(lines, fmt.Sprintf("Verification: tuned against the starting %s over %d games (%d openings, colours swapped%s):", what, p.WDL.Games(), p.Penta.Pairs(), stopped),
			fmt.Sprintf("  %s, wins %d, losses %d, draws %d, LOS %.1f%%.", elo, p.WDL.Wins, p.WDL.Losses, p.WDL.Draws, 100*e.LOS))
	}
	lines = append(lines, "Tuned "+what+" (start → tuned):")
	for _, p := range params {
		lines = append(lines, fmt.Sprintf("  %s: %d → %d", p.Key, int64(p.Start), values[p.Key]))
	}
	return append([]string{}, lines...)
}

func (o *tuneOptions) report(w io.Writer, ai string, st *tune.State, params []tune.Param, values map[string]int64, res *arena.Result) error {
	var b strings.Builder
	width := 0
	for _, p := range params {
		width = max(width, len(p.Key))
	}
	fmt.Fprintf(&b, "%-*s  %8s  %8s  %s\n", width, tunedNoun(ai, "weight", "value"), "start", "tuned", "bounds")
	for _, p := range params {
		fmt.Fprintf(&b, "%-*s  %8d  %8d  %g..%g\n", width, p.Key, int64(p.Start), values[p.Key], p.Min, p.Max)
	}
	fmt.Fprintf(&b, "%d iterations, %d games", st.Iteration, st.Games)
	if st.Pulled > 0 {
		fmt.Fprintf(&b, ", %d candidates pulled back inside the tiers and 32-bit bound", st.Pulled)
	}
	b.WriteString("\n")
	if res != nil {
		b.WriteString("\n")
		var t bytes.Buffer
		if err := res.WriteText(&t); err != nil {
			return err
		}
		b.Write(t.Bytes())
		e := res.Pairings[0].Estimate()
		// An unbroken run has an infinite interval; its bound decides.
		if e.Low > 0 && !e.Bounded() || e.Bounded() && e.Bound > 0 {
			b.WriteString("the tuned " + tunedNoun(ai, "weights", "values") + " are stronger: the 95% interval excludes zero\n")
		} else {
			b.WriteString("not shown stronger: the 95% interval includes zero\n")
		}
	}
	fmt.Fprintf(&b, "\nwrote %s, chart %s, checkpoint %s\n", o.out, o.chart, o.checkpoint)
	_, err := io.WriteString(w, b.String())
	return err
}

// tunedNoun names what a run tunes: a greedy run its weights (as its
// output always read), a lookahead run its values (weights and leaf
// values).
func tunedNoun(ai, greedy, lookahead string) string {
	if ai == "greedy" {
		return greedy
	}
	return lookahead
}

func marginText(m float64) string {
	if math.IsInf(m, 0) || math.IsNaN(m) || m > 1e6 {
		return "inf"
	}
	return fmt.Sprintf("%.1f", m)
}

// tuneProgress is a progress bar of games on a terminal; elsewhere a line
// on every tenth of the run, so logs show how it goes.
type tuneProgress struct {
	bar    *simProgress
	w      io.Writer
	params []tune.Param
	tty    bool
	width  int // the terminal's columns, for the bar's description
	shown  int // tenths reported
	drawn  time.Time
}

// tuneRedraw is how often the bar's description is rebuilt: the run
// reports thousands of iterations a second, and formatting every one cost
// a few per cent of the run.
const tuneRedraw = 100 * time.Millisecond

func newTuneProgress(w io.Writer, total int, params []tune.Param) *tuneProgress {
	f, ok := w.(*os.File)
	tty := ok && term.IsTerminal(int(f.Fd()))
	width := 80
	if tty {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 0 {
			width = cols
		}
	}
	return &tuneProgress{bar: newSimProgress(w, total), w: w, params: params, tty: tty, width: width}
}

func (p *tuneProgress) update(s tune.Status) {
	last := s.Iteration >= s.Iterations
	if p.tty && !last && time.Since(p.drawn) < tuneRedraw {
		return
	}
	if !p.tty && 10*s.Iteration/max(1, s.Iterations) <= p.shown {
		return
	}
	p.drawn = time.Now()
	var vals []string
	for i, pr := range p.params {
		vals = append(vals, fmt.Sprintf("%s=%.0f", shortName(pr.Key), s.Theta[i]))
	}
	gain := "gain: no check yet"
	if s.Checks > 0 {
		gain = "gain " + arena.FormatEstimate(s.Gain)
	}
	if p.tty {
		// The bar redraws one line: the description gets what the bar
		// and its counts leave (about 65 columns), with as many weights
		// as fit.
		desc := fmt.Sprintf("it %d/%d %s |", s.Iteration, s.Iterations, gain)
		for _, v := range vals {
			if len(desc)+1+len(v) > p.width-65 {
				break
			}
			desc += " " + v
		}
		p.bar.set(s.Games, desc)
		return
	}
	if tenth := 10 * s.Iteration / max(1, s.Iterations); tenth > p.shown {
		p.shown = tenth
		fmt.Fprintf(p.w, "iteration %d/%d, %d games, %s Elo: %s\n", s.Iteration, s.Iterations, s.Games, gain, strings.Join(vals, " "))
	}
}

func (p *tuneProgress) finish() { p.bar.finish() }

// shortName abbreviates a weight key for the progress line:
// weights.attack.open_three → a.open_three.
func shortName(key string) string {
	k := strings.TrimPrefix(key, "weights.")
	for _, r := range [][2]string{{"attack_combo.", "ac."}, {"defence_combo.", "dc."}, {"attack.", "a."}, {"defence.", "d."}, {config.LookaheadValuePrefix, "v."}} {
		if strings.HasPrefix(k, r[0]) {
			return r[1] + strings.TrimPrefix(k, r[0])
		}
	}
	return k
}

// runFitOrder is tune --fit-order: the move ordering fitted to labelled
// moves (tune.FitOrder), written into the config.
func (o *tuneOptions) runFitOrder(e *env, fs *pflag.FlagSet) error {
	var other []string
	fs.Visit(func(f *pflag.Flag) {
		switch f.Name {
		case "fit-order", "config", "out", "seed":
		default:
			if !strings.HasPrefix(f.Name, "cpuprofile") && !strings.HasPrefix(f.Name, "memprofile") {
				other = append(other, "--"+f.Name)
			}
		}
	})
	if len(other) > 0 {
		return usagef("--fit-order plays no games: %s do not apply (only --config, --out and --seed)", strings.Join(other, ", "))
	}
	if err := checkOutputs(output{flag: "out", path: o.out}); err != nil {
		return err
	}
	name, src, cfg, err := o.loadConfig()
	if err != nil {
		return err
	}
	labels, err := tune.LoadLabels(o.fitOrder, cfg.Game.Size, cfg.Game.Rule)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fitted, rep, err := tune.FitOrder(ctx, cfg.Weights, cfg.Game.Size, cfg.Game.Rule, labels, cfg.Tune, maxOrderRounds, o.seed)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("stopped: nothing written")
		}
		return fmt.Errorf("%s: %w", o.fitOrder, err)
	}
	text, err := tune.OrderRewrite(name, src, filepath.Base(o.fitOrder), cfg.Weights, fitted, rep)
	if err != nil {
		return err
	}
	if err := atomicfile.Write(o.out, text); err != nil {
		return err
	}
	header, _, _ := strings.Cut(string(text), "\n\n")
	fmt.Fprintln(e.stdout, strings.ReplaceAll(strings.TrimPrefix(header, "# "), "\n# ", "\n"))
	return nil
}

// maxOrderRounds bounds tune --fit-order's coordinate search (it stops
// at the first round that keeps nothing, six or so).
const maxOrderRounds = 50

// loadConfig reads --config (or the embedded default) and parses it,
// returning its name for errors and its text for the rewrite.
func (o *tuneOptions) loadConfig() (name string, src []byte, cfg *config.Config, err error) {
	name, src = "(default)", examples.Default
	if o.config != "" {
		if src, err = os.ReadFile(o.config); err != nil {
			return "", nil, nil, fmt.Errorf("reading config: %w", err)
		}
		name = o.config
	}
	cfg, err = config.Parse(name, src)
	return name, src, cfg, err
}
