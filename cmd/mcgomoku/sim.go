package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/mcgomoku/mcgomoku/internal/atomicfile"
	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/distrib"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// simOptions are the flags of "mcgomoku sim".
type simOptions struct {
	games        int
	rounds       int
	size         int
	rule         string
	seed         int64
	jobs         int
	openings     string
	openingMoves int
	stones       int
	engine       engineLimits
	sprt         string
	psqDir       string
	reportDir    string
	reportWorld  bool
	json         bool
	// openings generator
	makeOpenings string
	count        int
	judge        string
	tolerance    float64
	playouts     int
	profile      profileFlags
	dist         distFlags
	// packProfile is --profile: the pack: players' commands as a pprof
	// profile.
	packProfile string
}

func init() {
	register(&command{
		name:    "sim",
		summary: "play matches and tournaments between AIs, engines and the data pack, with Elo, SPRT, .psq records and reports",
		usage: `A B [C ...] [flags]
       mcgomoku sim --make-openings FILE [--count N] [--judge SPEC] [flags]

Players are specs, each one word (quote specs with arguments):
  greedy[:CONFIG.toml]   our AI            seed000 … seed004   the seed baselines
  search[:time=100ms|nodes=N]             pack:PATH           the data pack, interpreted
  pbrain:PATH [args]     any Gomocup engine, e.g. "pbrain:./pbrain-rapfi --flag"
Two players play a match (the score is the first's); three or more a round
robin with a crosstable. Each opening is played twice with colours swapped.`,
		flags: func(fs *pflag.FlagSet) func(e *env, args []string) error {
			o := &simOptions{}
			fs.IntVar(&o.games, "games", 100, "games in a match")
			fs.IntVar(&o.rounds, "rounds", 1, "game pairs each pair of players plays in a tournament")
			fs.IntVar(&o.size, "size", game.DefaultSize, "board size, 5..25")
			fs.StringVar(&o.rule, "rule", "freestyle", "freestyle, standard or renju")
			fs.Int64Var(&o.seed, "seed", 1, "seed for random openings and the players' randomness")
			fs.IntVar(&o.jobs, "jobs", 0, "games played at once, at least 1 (default: the number of cores)")
			fs.StringVar(&o.openings, "openings", "", "openings: a text file (see sim/arena/openings.go), a .psq record or a folder of them (default: random short openings near the centre)")
			fs.IntVar(&o.openingMoves, "opening-moves", 0, "use at most this many moves of each opening (0: all)")
			fs.IntVar(&o.stones, "stones", arena.DefaultStones, "stones in each random opening, 1 up to an eighth of the board")
			o.engine.register(fs)
			fs.StringVar(&o.sprt, "sprt", "", "stop early by SPRT: elo0,elo1,alpha,beta (e.g. 0,10,0.05,0.05)")
			fs.StringVar(&o.psqDir, "psq", "", "save every game as a Piskvork .psq record in this folder")
			fs.StringVar(&o.reportDir, "report", "", "write an HTML report (index.html) to this folder")
			fs.BoolVar(&o.reportWorld, "report-world", false, "in the report, draw each selected game as the default pack builds it in the world (the interpreter, isometric)")
			fs.BoolVar(&o.json, "json", false, "print a JSON summary instead of text")
			fs.StringVar(&o.makeOpenings, "make-openings", "", "generate balanced openings into this file instead of playing")
			fs.IntVar(&o.count, "count", 50, "openings to generate")
			fs.StringVar(&o.judge, "judge", arena.DefaultJudge, "player that judges generated openings")
			fs.Float64Var(&o.tolerance, "tolerance", 0, "how far from an even game a generated opening may be (default: 0.15 by evaluation, 0.25 by playouts)")
			fs.IntVar(&o.playouts, "playouts", 4, "judge-against-judge games per candidate when the judge cannot evaluate")
			o.dist.register(fs, simBatch)
			fs.Lookup("batch-games").Usage += fmt.Sprintf(" (%d when every player is greedy)", simBatchGreedy)
			fs.StringVar(&o.packProfile, "profile", "", "write the commands the pack: players' interpreters ran, by function and call stack, to this file: a pprof profile (go tool pprof -top FILE)")
			o.profile.register(fs)
			return o.profile.wrap(func(e *env, args []string) error { return o.run(e, args, fs) })
		},
	})
}

func (o *simOptions) run(e *env, args []string, fs *pflag.FlagSet) error {
	rule, err := o.check(args, fs)
	if err != nil {
		return err
	}
	if err := checkOutputs(output{flag: "make-openings", path: o.makeOpenings},
		output{flag: "psq", path: o.psqDir, dir: true}, output{flag: "report", path: o.reportDir, dir: true},
		output{flag: "profile", path: o.packProfile}); err != nil {
		return err
	}
	if o.packProfile != "" {
		if o.makeOpenings != "" {
			return usagef("--profile profiles the pack: players of a match; --make-openings plays none")
		}
		if !slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "pack:") }) {
			return usagef("--profile profiles the pack: players' interpreters, and none of %s is one", strings.Join(args, ", "))
		}
		player.ProfilePacks()
	}
	var sprt *arena.SPRT
	if o.sprt != "" {
		s, err := arena.ParseSPRT(o.sprt)
		if err != nil {
			return usagef("--sprt: %v", err)
		}
		sprt = &s
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if o.makeOpenings != "" {
		return o.generate(ctx, e, rule)
	}
	var openings []arena.Opening
	if o.openings != "" {
		if openings, err = arena.LoadOpenings(o.openings, o.size, rule, o.openingMoves); err != nil {
			return err
		}
	}
	limits := o.engine.limits()

	planned := o.games
	if len(args) > 2 {
		planned = len(args) * (len(args) - 1) * o.rounds
	}
	var (
		remote arena.Remote
		co     *coordination
	)
	if o.dist.on() {
		if co, remote, err = o.coordinate(ctx, e, args, rule, openings, limits); err != nil {
			return err
		}
		defer co.close()
	}
	bar := newSimProgress(e.stderr, planned)
	bar.extra = co.progress
	var psqErr error
	onGame := func(g arena.Game) {
		if o.psqDir == "" || psqErr != nil {
			return
		}
		name := fmt.Sprintf("%04d-%s-vs-%s.psq", g.Number, fileWord(g.Black), fileWord(g.White))
		psqErr = atomicfile.Write(filepath.Join(o.psqDir, name), g.Record(o.size).Bytes())
	}
	if o.psqDir != "" {
		if err := os.MkdirAll(o.psqDir, 0o755); err != nil {
			return err
		}
	}

	var res *arena.Result
	if len(args) == 2 {
		res, err = arena.Match(ctx, arena.MatchConfig{A: args[0], B: args[1], Games: o.games, Size: o.size, Rule: rule,
			Seed: o.seed, Jobs: o.jobs, Openings: openings, Stones: o.stones, Limits: limits, SPRT: sprt,
			OnGame: onGame, Progress: bar.update, KeepGames: o.reportDir != "", Remote: remote})
	} else {
		entrants := make([]arena.Entrant, len(args))
		for i, a := range args {
			entrants[i] = arena.Entrant{Spec: a}
		}
		res, err = arena.Tournament(ctx, arena.TournamentConfig{Players: entrants, Rounds: o.rounds, Size: o.size, Rule: rule,
			Seed: o.seed, Jobs: o.jobs, Openings: openings, Stones: o.stones, Limits: limits,
			OnGame: onGame, Progress: bar.update, KeepGames: o.reportDir != "", Remote: remote})
	}
	bar.finish()
	interrupted := errors.Is(err, context.Canceled)
	if err != nil && !interrupted {
		return err
	}
	if o.packProfile != "" {
		// Written when interrupted too, as --cpuprofile is.
		var buf bytes.Buffer
		if _, perr := player.WritePackProfile(&buf); perr != nil {
			return fmt.Errorf("--profile: %w", perr)
		}
		if perr := atomicfile.Write(o.packProfile, buf.Bytes()); perr != nil {
			return fmt.Errorf("--profile: %w", perr)
		}
	}
	switch {
	case o.json && co != nil:
		// The summary with the workers' report beside it.
		data, werr := json.MarshalIndent(struct {
			arena.Summary
			Distributed distrib.Report `json:"distributed"`
		}{res.Summary(), co.c.Report()}, "", "  ")
		if werr != nil {
			return werr
		}
		if _, werr := e.stdout.Write(append(data, '\n')); werr != nil {
			return werr
		}
	case o.json:
		if werr := res.WriteJSON(e.stdout); werr != nil {
			return werr
		}
	default:
		if werr := res.WriteText(e.stdout); werr != nil {
			return werr
		}
	}
	if co != nil && !o.json {
		co.report(e.stderr)
	}
	if psqErr != nil {
		return fmt.Errorf("saving records: %w", psqErr)
	}
	if o.reportDir != "" {
		var page bytes.Buffer
		var ro arena.ReportOptions
		if o.reportWorld {
			w, err := newWorldPictures(o.size, rule)
			if err != nil {
				return err
			}
			ro.World = w.svg
		}
		if err := arena.WriteReport(&page, res, ro); err != nil {
			return err
		}
		if err := os.MkdirAll(o.reportDir, 0o755); err != nil {
			return err
		}
		if err := atomicfile.Write(filepath.Join(o.reportDir, "index.html"), page.Bytes()); err != nil {
			return err
		}
	}
	if interrupted {
		return errInterrupted
	}
	if co != nil {
		co.finish(ctx)
	}
	return nil
}

// coordinate sets up a run over workers: its ID from what decides its
// games, and the arena.Remote that sends them.
func (o *simOptions) coordinate(ctx context.Context, e *env, args []string, rule game.Rule, openings []arena.Opening, limits player.Limits) (*coordination, arena.Remote, error) {
	files, err := distrib.ConfigFiles(args)
	if err != nil {
		return nil, nil, err
	}
	task := distrib.MatchTask{Players: args, Games: o.games, Size: o.size, Rule: rule, Seed: o.seed, Limits: limits}
	if len(args) > 2 {
		task.Tournament, task.Games = true, o.rounds
	}
	ops := make([][]int, len(openings))
	for i, op := range openings {
		ops[i] = op.Moves
	}
	run := distrib.RunID(struct {
		Kind     string
		Task     distrib.MatchTask
		Files    map[string][]byte
		Openings [][]int
		Stones   int
		Batch    int
	}{"sim", task, files, ops, o.stones, o.dist.perBatch})
	co, err := o.dist.start(ctx, e, run, ".mcgomoku-sim.nats")
	if err != nil {
		return nil, nil, err
	}
	return co, co.c.Match(task, files, o.dist.perBatch), nil
}

// maxMemory bounds --max-memory: 1 TiB, more than any engine's table.
const maxMemory = 1 << 40

// maxPlayouts bounds --playouts: games judging one candidate opening.
const maxPlayouts = 10_000

// check validates the command line before any work, so a mistake is a
// usage error at once rather than a failure (or a hang) later.
func (o *simOptions) check(args []string, fs *pflag.FlagSet) (game.Rule, error) {
	rule, err := game.ParseRule(o.rule)
	if err != nil {
		return 0, usagef("%v", err)
	}
	specs := args
	if o.makeOpenings != "" {
		specs = []string{o.judge}
	}
	// The players' configs may set the board and rule the rest is
	// checked against; a spec naming no player is refused below.
	if rule, err = o.configGame(specs, rule, fs); err != nil {
		return 0, err
	}
	switch {
	case o.size < game.MinSize || o.size > game.MaxSize:
		return 0, usagef("--size %d is out of range %d..%d", o.size, game.MinSize, game.MaxSize)
	case fs.Changed("jobs") && (o.jobs < 1 || o.jobs > maxJobs):
		return 0, usagef("--jobs %d: want 1..%d games at once", o.jobs, maxJobs)
	case o.openingMoves < 0 || o.openingMoves > o.size*o.size:
		return 0, usagef("--opening-moves %d: want 0 (all) up to the board's %d cells", o.openingMoves, o.size*o.size)
	}
	if err := o.engine.check(); err != nil {
		return 0, err
	}
	if o.openings == "" {
		if err := arena.CheckStones(o.size, o.stones); err != nil {
			return 0, usagef("--stones: %v", err)
		}
	}
	if err := o.dist.check(); err != nil {
		return 0, err
	}
	if o.dist.on() {
		if o.makeOpenings != "" {
			return 0, usagef("--make-openings plays here: leave out --server and --serve")
		}
		if o.sprt != "" {
			return 0, usagef("--sprt stops on the order games finish in, which workers change: leave it out with --server and --serve")
		}
		for _, a := range args {
			if distrib.IsPack(a) {
				return 0, usagef("player %q: a data pack is read from this machine's disk: play pack: players without --server and --serve", a)
			}
		}
	}
	if o.makeOpenings != "" {
		switch {
		case len(args) > 0:
			return 0, usagef("--make-openings takes no players")
		case o.count <= 0 || o.count > maxOpenings:
			return 0, usagef("--count %d: want 1..%d openings", o.count, maxOpenings)
		case o.playouts <= 0 || o.playouts > maxPlayouts:
			return 0, usagef("--playouts %d: want 1..%d games per candidate", o.playouts, maxPlayouts)
		case !(o.tolerance >= 0 && o.tolerance <= 0.5):
			return 0, usagef("--tolerance %g: want a distance from an even game, 0 (the default) to 0.5 (any opening)", o.tolerance)
		}
		if err := player.CheckSpec(o.judge); err != nil {
			return 0, usagef("--judge: %v", err)
		}
		return rule, nil
	}
	switch {
	case len(args) < 2:
		return 0, usagef("want two players for a match or more for a tournament, got %d", len(args))
	case len(args) > 2 && fs.Changed("games"):
		return 0, usagef("--games is for matches; a tournament plays --rounds game pairs per pairing")
	case len(args) > 2 && o.sprt != "":
		return 0, usagef("--sprt is for matches of two players")
	case o.games <= 0 || o.rounds <= 0:
		return 0, usagef("--games and --rounds must be positive")
	case o.games > maxGames:
		return 0, usagef("--games %d: want at most %d", o.games, maxGames)
	case len(args) > 2 && o.rounds > maxGames/(len(args)*(len(args)-1)):
		// Each of the n(n-1)/2 pairings plays 2 games a round.
		return 0, usagef("--rounds %d: %d players play %d games a round, want at most %d games (--rounds %d)",
			o.rounds, len(args), len(args)*(len(args)-1), maxGames, maxGames/(len(args)*(len(args)-1)))
	}
	for _, a := range args {
		if err := player.CheckSpec(a); err != nil {
			return 0, usagef("%v", err)
		}
	}
	if !fs.Changed("batch-games") {
		planned := o.games
		if len(args) > 2 {
			planned = len(args) * (len(args) - 1) * o.rounds
		}
		o.dist.perBatch = simBatchGames(args, planned)
	}
	return rule, nil
}

// configGame applies the [game] of the players' configs to a match whose
// board and rule the command line leaves open, so
// `sim greedy:examples/renju.toml greedy` plays the renju its config is
// for, not the default freestyle. --size and --rule, when given, win: a
// config's weights play any board. Configs that ask for different games,
// with nothing given to choose, are refused. (A pack: player cannot play
// another board at all, and refuses one when its game starts.)
func (o *simOptions) configGame(specs []string, rule game.Rule, fs *pflag.FlagSet) (game.Rule, error) {
	type want struct {
		spec string
		size int
		rule game.Rule
	}
	var first *want
	for _, sp := range specs {
		path := player.ConfigOf(sp)
		if path == "" || player.CheckSpec(sp) != nil {
			continue
		}
		c, err := config.Load(path)
		if err != nil {
			return 0, fmt.Errorf("player %q: %w", sp, err)
		}
		w := &want{sp, c.Game.Size, c.Game.Rule}
		if first == nil {
			first = w
			continue
		}
		if (!fs.Changed("size") && w.size != first.size) || (!fs.Changed("rule") && w.rule != first.rule) {
			return 0, usagef("the players' configs are for different games: %s %d×%d %v, %s %d×%d %v; choose with --size and --rule",
				first.spec, first.size, first.size, first.rule, w.spec, w.size, w.size, w.rule)
		}
	}
	if first == nil {
		return rule, nil
	}
	if !fs.Changed("size") {
		o.size = first.size
	}
	if !fs.Changed("rule") {
		rule = first.rule
	}
	return rule, nil
}

// generate writes balanced openings to o.makeOpenings.
func (o *simOptions) generate(ctx context.Context, e *env, rule game.Rule) error {
	bar := newSimProgress(e.stderr, o.count)
	ops, err := arena.GenerateOpenings(ctx, arena.GenerateConfig{Size: o.size, Rule: rule, Count: o.count, Stones: o.stones,
		Seed: o.seed, Judge: o.judge, Tolerance: o.tolerance, Playouts: o.playouts, Jobs: o.jobs,
		Progress: func(found, tried int) { bar.set(found, fmt.Sprintf("%d tried", tried)) }})
	bar.finish()
	interrupted := errors.Is(err, context.Canceled)
	if err != nil && !interrupted {
		return err
	}
	// Stopped by Ctrl-C, the openings found so far are kept: judging
	// them was the work.
	if len(ops) == 0 {
		fmt.Fprintf(e.stdout, "no openings found before the interrupt; %s not written\n", o.makeOpenings)
		return errInterrupted
	}
	note := ""
	if interrupted {
		note = fmt.Sprintf(" (interrupted: %d of the %d asked for)", len(ops), o.count)
	}
	var buf bytes.Buffer
	arena.WriteOpenings(&buf, o.size, rule, ops,
		fmt.Sprintf("Generated by mcgomoku sim --make-openings: %d openings of %d stones judged balanced by %s (seed %d)%s.", len(ops), o.stones, o.judge, o.seed, note),
		"Each line is one opening in playing order, black first; see sim/arena/openings.go for the format.")
	if err := atomicfile.Write(o.makeOpenings, buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "wrote %d openings to %s%s\n", len(ops), o.makeOpenings, note)
	if interrupted {
		return errInterrupted
	}
	return nil
}

// simProgress is a progress bar on a terminal and nothing elsewhere, so
// logs and pipes stay clean.
type simProgress struct {
	bar *progressbar.ProgressBar
	// extra, when set, adds to the description (the workers of a run
	// over them).
	extra func() string
}

func newSimProgress(w io.Writer, total int) *simProgress {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return &simProgress{}
	}
	colour := os.Getenv("NO_COLOR") == ""
	desc := "games"
	if colour {
		desc = "[cyan]games[reset]"
	}
	return &simProgress{bar: progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionEnableColorCodes(colour),
		progressbar.OptionShowCount(),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

func (p *simProgress) update(pr arena.Progress) {
	if p.bar == nil {
		return
	}
	e := pr.Estimate
	desc := fmt.Sprintf("score %.1f%% elo %s", 100*pr.WDL.Score(), arena.FormatEstimate(e))
	if pr.SPRT != nil {
		desc += fmt.Sprintf(" llr %.2f", pr.SPRT.LLR)
	}
	p.set(pr.Done, desc)
}

func (p *simProgress) set(done int, desc string) {
	if p.bar == nil {
		return
	}
	if p.extra != nil {
		desc += p.extra()
	}
	p.bar.Describe(desc)
	p.bar.Set(done)
}

func (p *simProgress) finish() {
	if p.bar != nil {
		p.bar.Finish()
	}
}

// fileWord makes a player name safe and short for a file name.
func fileWord(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
		if b.Len() >= 32 {
			break
		}
	}
	return b.String()
}

// A sim batch's games by default: simBatch, or simBatchGreedy when every
// player is the greedy AI, and never more than a simSpread-th of the
// run's games. A batch costs about 0.6 ms of CPU in messages wherever it
// is played; 50 games of any other player last 30 ms or more (seed002's,
// the next fastest, 0.65 ms each), but 50 greedy games only 10 ms, so on
// two cores the messages took a sixth of a greedy match
// (docs/distributed.md). A run of few games still goes out in simSpread
// batches, so that many workers share it and none waits long for the last
// one at the end. The size depends on the command line alone, not on
// measured speeds, so a restarted coordinator sends the same batches and
// uses the results kept from before.
const (
	simBatch       = 50
	simBatchGreedy = 1000
	simSpread      = 32
)

// simBatchGames is the default --batch-games of a run of planned games
// between players.
func simBatchGames(players []string, planned int) int {
	n := simBatchGreedy
	for _, p := range players {
		if name, _, _ := strings.Cut(p, ":"); name != "greedy" {
			n = simBatch
		}
	}
	return max(1, min(n, (planned+simSpread-1)/simSpread))
}
