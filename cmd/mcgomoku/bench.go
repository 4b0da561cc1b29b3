package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/packbench"
)

// benchOptions are the flags of "mcgomoku bench".
type benchOptions struct {
	config  string
	ai      string // comma-separated profiles
	sizes   string // comma-separated board sizes
	games   int
	seed    uint64
	json    bool
	profile profileFlags
}

func init() {
	register(&command{
		name:    "bench",
		summary: "measure the data pack's AI in the interpreter: commands per AI move and entities scanned, per AI and board size",
		usage: `[--config FILE] [--ai greedy,seed000] [--sizes 15,19] [--games N] [--seed N] [--json]

Generates a pack for each AI and board size (the rest from the config),
plays games against it through the interpreter by clicking cells, and
prints per AI move the commands run (mean, 99th percentile, worst) and the
entities scanned, for the AI path and for the whole move (from the end of
the player's click to the tick the AI's stone lands; the AI path leaves
out the feedback to players under gomoku:ui/), then the goals those
numbers are held to.`,
		flags: func(fs *pflag.FlagSet) func(e *env, args []string) error {
			o := &benchOptions{}
			fs.StringVar(&o.config, "config", "", "TOML config for the rule and every number (default: mcgomoku gen's, the built-in examples/tuned.toml)")
			fs.StringVar(&o.ai, "ai", "greedy,seed000", "AI profiles to compare, comma-separated")
			fs.StringVar(&o.sizes, "sizes", "15,19", "board sizes, comma-separated")
			fs.IntVar(&o.games, "games", 10, "games per AI and size (the AI alternates colours)")
			fs.Uint64Var(&o.seed, "seed", 1, "seed for the opponent's random moves and the interpreter")
			fs.BoolVar(&o.json, "json", false, "print the rows and goals as JSON")
			o.profile.register(fs)
			return o.profile.wrap(o.run)
		},
	})
}

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
	if o.games <= 0 {
		return usagef("--games must be positive")
	}
	cfg := config.PackDefault()
	if o.config != "" {
		c, err := config.Load(o.config)
		if err != nil {
			return err
		}
		cfg = c
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := packbench.Run(ctx, packbench.Options{
		Config: cfg, Profiles: profiles, Sizes: sizes, Games: o.games, Seed: o.seed,
		Progress: func(r packbench.Row) {
			fmt.Fprintf(e.stderr, "%s %d×%d: %d games, %d AI moves\n", r.Profile, r.Size, r.Size, r.Games, r.AIMoves)
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
