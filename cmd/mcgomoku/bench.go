package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/mcgomoku/mcgomoku/internal/atomicfile"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/nativebench"
	"github.com/mcgomoku/mcgomoku/sim/packbench"
)

// benchOptions are the flags of "mcgomoku bench".
type benchOptions struct {
	config  string
	ai      string // comma-separated profiles
	sizes   string // comma-separated board sizes
	levels  string // comma-separated lookahead levels; "" = the config's
	games   int
	boards  int
	rounds  int
	seed    uint64
	json    bool
	native  bool
	repeat  int
	profile profileFlags
	// packProfile is --profile: the packs' commands as a pprof profile.
	packProfile string
	// base is --base: another build's binary, or a git revision to
	// build, whose bench runs first and is printed beside this one's.
	base string
}

func init() {
	register(&command{
		name:    "bench",
		summary: "measure the data pack's AI in the interpreter: commands per AI move and entities scanned, per AI and board size",
		usage: `[--config FILE] [--ai greedy,seed000] [--sizes 15,19] [--levels quick,normal] [--games N] [--seed N] [--profile FILE] [--base REV|BINARY] [--json]
       mcgomoku bench --native [--config FILE] [--games N] [--repeat N] [--seed N] [--json]

Generates a pack for each AI and board size (the rest from the config),
plays games against it through the interpreter by clicking cells, and
prints per AI move the commands run (mean, 99th percentile, worst) and the
entities scanned, for the AI path and for the whole move (from the end of
the player's click to the tick the AI's stone lands; the AI path leaves
out the feedback to players under gomoku:ui/), then the goals those
numbers are held to. With --boards N (default 4) it also plays N boards
in one world at once, every board's AI thinking in the same ticks, and
prints the commands per tick while they think and the ticks until all
have moved. The lookahead (--ai lookahead) is measured at each of its
config's levels (--levels: some of them), a row each with its ticks per
move (mean, 99th percentile, worst; 20 ticks a second), the level picked
as a player picks it (gomoku:level/<name>); its several-boards row puts
board k at the k-th level, and its rows count the stones its search
placed and the commands a stone cost (its make and unmake, with all they
ran).

With --profile FILE it writes every command the packs ran in the games,
by function, line and call stack, as a pprof profile whose unit is
commands (sample types commands, units of the game's quota, and calls):
go tool pprof -top FILE lists the functions, -list REGEX their lines
(with -source_path set to a folder of the pack), -http a flame graph,
and -diff_base OLD compares two runs. bench then prints the families of
functions (a pack's per-cell and per-slot functions counted together)
that ran the most.

With --base REV (or --base PATH, another mcgomoku binary) it first runs
the same bench in that build, REV built from the git repository the
working directory is in (a temporary worktree, removed afterwards: git
and go must be installed), then its own, and prints each row beside the
base's: ticks a move (mean, 99th percentile), commands a move, stones
and commands a stone, with the ratios of the means. One run, one
machine: a change's cost measured against its parent, e.g. --base HEAD~1.

With --native it measures the native greedy AI instead: the engine loop
of go test ./sim/player -bench GreedyGames against the paths users take,
sim greedy greedy and tune, on one and two goroutines, in games and moves
per second side by side, then checks the paths' moves per second (at
least half the engine's on one goroutine, 1.7× their own on two).`,
		flags: func(fs *pflag.FlagSet) func(e *env, args []string) error {
			o := &benchOptions{}
			fs.StringVar(&o.config, "config", "", "TOML config for the rule and every number (default: each AI's, as mcgomoku gen gives it: examples/tuned.toml, the lookahead examples/tuned-lookahead.toml)")
			fs.StringVar(&o.ai, "ai", "greedy,seed000", "AI profiles to compare, comma-separated")
			fs.StringVar(&o.sizes, "sizes", "15,19", "board sizes, comma-separated")
			fs.StringVar(&o.levels, "levels", "", "the lookahead's levels to measure, comma-separated (default: every level of the config)")
			fs.IntVar(&o.games, "games", 10, "games per AI and size (the AI alternates colours); with --native, games per row (default 4000)")
			fs.IntVar(&o.boards, "boards", 4, "also measure this many boards in one world thinking at once, for each AI and size (0 or 1: not)")
			fs.IntVar(&o.rounds, "rounds", 30, "rounds of the several-boards rows (each: every board's player moves, then every AI)")
			fs.Uint64Var(&o.seed, "seed", 1, "seed for the opponent's random moves and the interpreter; with --native, for the openings")
			fs.BoolVar(&o.json, "json", false, "print the rows and goals as JSON")
			fs.BoolVar(&o.native, "native", false, "measure the native AI's engine against the sim and tune paths instead of the packs")
			fs.IntVar(&o.repeat, "repeat", 3, "with --native: runs of each row, the fastest kept")
			fs.StringVar(&o.packProfile, "profile", "", "write the packs' commands by function and call stack to this file, a pprof profile (read it with go tool pprof), and print the top functions")
			fs.StringVar(&o.base, "base", "", "also run the same bench in another build first and print the two side by side: an mcgomoku binary, or a git revision (e.g. HEAD~1) of the repository the working directory is in, built in a temporary worktree")
			o.profile.register(fs)
			return o.profile.wrap(func(e *env, args []string) error {
				if o.native {
					if o.packProfile != "" {
						return usagef("--profile profiles the packs; with --native use --cpuprofile")
					}
					if o.base != "" {
						return usagef("--base compares the packs' bench; --native measures this build's engine")
					}
					return o.runNative(e, args, fs)
				}
				if fs.Changed("repeat") {
					return usagef("--repeat is for --native")
				}
				if err := checkOutputs(output{flag: "profile", path: o.packProfile}); err != nil {
					return err
				}
				return o.run(e, args)
			})
		},
	})
}

// Bounds of bench's counts: a bench measures, it does not need the
// billions sim and tune may be asked for, and its rows lay their games
// out first.
const (
	maxBenchGames  = 1_000_000
	maxBenchRepeat = 100
)

func (o *benchOptions) run(e *env, args []string) error {
	if len(args) > 0 {
		return usagef("unexpected argument %q", args[0])
	}
	var profiles []string
	for _, p := range strings.Split(o.ai, ",") {
		p = strings.TrimSpace(p)
		if !slices.Contains(config.Profiles, p) {
			return usagef("unknown AI %q in --ai (want %s)", p, strings.Join(config.Profiles, ", "))
		}
		profiles = append(profiles, p)
	}
	var sizes []int
	for _, s := range strings.Split(o.sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < game.MinSize || n > game.MaxSize {
			return usagef("bad board size %q in --sizes (want whole numbers %d..%d)", s, game.MinSize, game.MaxSize)
		}
		sizes = append(sizes, n)
	}
	switch {
	case o.games <= 0:
		return usagef("--games must be positive")
	case o.games > maxBenchGames:
		return usagef("--games %d: want at most %d games per AI and size", o.games, maxBenchGames)
	case o.rounds > maxBenchGames:
		return usagef("--rounds %d: want at most %d", o.rounds, maxBenchGames)
	case o.boards < 0 || o.boards > config.MaxBoards:
		return usagef("--boards %d: want 0..%d (a pack holds at most %d)", o.boards, config.MaxBoards, config.MaxBoards)
	}
	// Without --config each AI gets its own default (packbench), and the
	// levels are the default lookahead's.
	var given *config.Config
	cfg := config.LookaheadDefault()
	if o.config != "" {
		c, err := config.Load(o.config)
		if err != nil {
			return err
		}
		cfg, given = c, c
	}
	var levels []string
	if o.levels != "" {
		if !slices.Contains(profiles, "lookahead") {
			return usagef("--levels are the lookahead's: add --ai lookahead")
		}
		for _, l := range strings.Split(o.levels, ",") {
			l = strings.TrimSpace(l)
			if _, ok := cfg.Lookahead.LevelIndex(l); !ok {
				return usagef("unknown level %q in --levels (%s has %s)", l, cfg.Source, strings.Join(cfg.Lookahead.LevelNames(), ", "))
			}
			levels = append(levels, l)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var base *packbench.Result
	var baseLabel string
	if o.base != "" {
		b, label, err := o.runBase(ctx, e)
		if err != nil {
			if ctx.Err() != nil {
				return errInterrupted
			}
			return err
		}
		base, baseLabel = b, label
	}
	res, err := packbench.Run(ctx, packbench.Options{
		Config: given, Profiles: profiles, Sizes: sizes, Games: o.games, Seed: o.seed,
		Boards: o.boards, BoardRounds: o.rounds, Levels: levels, Profile: o.packProfile != "",
		Progress: func(r packbench.Row) {
			level := ""
			if r.Level != "" {
				level = " (" + r.Level + ")"
			}
			fmt.Fprintf(e.stderr, "%s%s %d×%d: %d games, %d AI moves\n", r.Profile, level, r.Size, r.Size, r.Games, r.AIMoves)
		},
	})
	interrupted := err != nil && errors.Is(err, context.Canceled)
	if err != nil && !interrupted {
		return err
	}
	if interrupted {
		// The rows measured so far, as the goals see them.
		res.Goals = packbench.Goals(res.Rows)
	}
	if o.packProfile != "" {
		// Written even when interrupted, as --cpuprofile is.
		var buf bytes.Buffer
		if _, err := res.Profile.WriteTo(&buf); err != nil {
			return err
		}
		if err := atomicfile.Write(o.packProfile, buf.Bytes()); err != nil {
			return fmt.Errorf("--profile: %w", err)
		}
		if !o.json {
			defer func() {
				fmt.Fprintf(e.stdout, "\nThe commands the packs ran, by family of functions (go tool pprof -top %s for every function):\n", o.packProfile)
				res.WriteTop(e.stdout, benchTop)
			}()
		}
	}
	if base != nil {
		return o.print(e, &packbench.Comparison{BaseLabel: baseLabel, Base: base, Now: res}, interrupted)
	}
	return o.print(e, res, interrupted)
}

// benchTop is how many families of functions --profile prints.
const benchTop = 15

// benchResult is what both benches print.
type benchResult interface {
	WriteJSON(w io.Writer) error
	WriteText(w io.Writer) error
}

// print writes the result as --json asks; an interrupted run prints what
// it measured, then says so.
func (o *benchOptions) print(e *env, res benchResult, interrupted bool) error {
	var err error
	if o.json {
		err = res.WriteJSON(e.stdout)
	} else {
		err = res.WriteText(e.stdout)
	}
	if err != nil {
		return err
	}
	if interrupted {
		return errInterrupted
	}
	return nil
}

// nativeGames is --games for --native when not given: enough games for
// each row to take a good part of a second on one core.
const nativeGames = 4000

func (o *benchOptions) runNative(e *env, args []string, fs *pflag.FlagSet) error {
	switch {
	case len(args) > 0:
		return usagef("unexpected argument %q", args[0])
	case fs.Changed("ai") || fs.Changed("sizes") || fs.Changed("levels"):
		return usagef("--ai, --sizes and --levels are for the packs; --native measures greedy on the config's board")
	case fs.Changed("games") && o.games <= 0:
		return usagef("--games must be positive")
	case o.games > maxBenchGames:
		return usagef("--games %d: want at most %d games per row", o.games, maxBenchGames)
	case o.repeat <= 0:
		return usagef("--repeat must be positive")
	case o.repeat > maxBenchRepeat:
		return usagef("--repeat %d: want at most %d runs of each row", o.repeat, maxBenchRepeat)
	}
	games := nativeGames
	if fs.Changed("games") {
		games = o.games
	}
	cfg, spec := config.Default(), "greedy"
	if o.config != "" {
		c, err := config.Load(o.config)
		if err != nil {
			return err
		}
		cfg, spec = c, "greedy:"+o.config
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := nativebench.Run(ctx, nativebench.Options{
		Config: cfg, Spec: spec, Games: games, Seed: int64(o.seed), Repeat: o.repeat,
		Progress: func(r nativebench.Row) {
			fmt.Fprintf(e.stderr, "%s --jobs %d: %.0f games/s\n", r.Path, r.Jobs, r.GamesPerSec)
		},
	})
	interrupted := err != nil && errors.Is(err, context.Canceled)
	if err != nil && !interrupted {
		return err
	}
	return o.print(e, res, interrupted)
}
