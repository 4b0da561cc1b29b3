package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/gen"
)

// genOptions are the flags of "mcgomoku gen".
type genOptions struct {
	config string // TOML config; "" = the embedded default
	out    string // zip or folder to write
	world  string // world folder to install into
	ai     string // AI profile override
	budget int    // worst-case commands per call allowed
}

// defaultOut is where gen writes when given neither --out nor --world.
const defaultOut = "build/gomoku.zip"

// packName is the pack's file name in a world's datapacks folder.
const packName = "gomoku"

func init() {
	register(&command{
		name:    "gen",
		summary: "generate the Gomoku data pack from a config (zip, folder or straight into a world)",
		usage:   "[--config FILE] [--out DIR|FILE.zip] [--world WORLD_DIR] [--ai greedy|seed000|lookahead]",
		flags: func(fs *pflag.FlagSet) func(e *env, args []string) error {
			o := &genOptions{}
			fs.StringVar(&o.config, "config", "", "TOML config (default: the built-in examples/tuned.toml, the default config with tuned weights; with --ai lookahead examples/tuned-lookahead.toml, its values tuned with the lookahead playing)")
			fs.StringVar(&o.out, "out", "", "write the pack here: a .zip file or a folder (default "+defaultOut+" unless --world is given)")
			fs.StringVar(&o.world, "world", "", "install the pack into this world's datapacks folder (the world's level.dat is checked first)")
			fs.StringVar(&o.ai, "ai", "", "the AI compiled into the pack: greedy, seed000 or lookahead (default: the config's ai.profile)")
			fs.IntVar(&o.budget, "budget", gen.DefaultBudget, "refuse a pack any of whose calls could run more commands than this, up to the game's max_command_sequence_length of 65536 (the default is half of it)")
			return o.run
		},
	})
}

func (o *genOptions) run(e *env, args []string) error {
	if len(args) > 0 {
		return usagef("unexpected argument %q (the config is given with --config)", args[0])
	}
	switch o.ai {
	case "", "greedy", "seed000", "lookahead":
	default:
		return usagef("unknown --ai %q (want greedy, seed000 or lookahead)", o.ai)
	}
	if o.budget <= 0 || o.budget > gen.MaxBudget {
		return usagef("--budget %d: want 1..%d, the game's max_command_sequence_length (the default, %d, keeps half of it in reserve)", o.budget, gen.MaxBudget, gen.DefaultBudget)
	}
	ctx := context.Background()
	if o.world != "" {
		// Refuse a wrong folder before the work of generating.
		if _, err := datapack.ReadWorld(o.world); err != nil {
			return err
		}
		// Ctrl-C, from here on, stops before the world is touched or
		// stops the install cleanly (its lock and temporary zip
		// removed), instead of killing it half-way.
		var stop context.CancelFunc
		ctx, stop = signal.NotifyContext(ctx, os.Interrupt)
		defer stop()
	}
	in, err := gen.Load(o.config, o.ai)
	if err != nil {
		return err
	}
	res, err := gen.Generate(in, gen.Options{Budget: o.budget})
	var be *gen.BudgetError
	if errors.As(err, &be) && be.Given {
		return fmt.Errorf("--budget %d is too small for this pack: its costliest call, %s, can run %d commands; give --budget %d or more (up to %d, the game's max_command_sequence_length), or leave it out for the default %d",
			o.budget, be.WorstEntry, be.Worst, be.Worst, gen.MaxBudget, gen.DefaultBudget)
	}
	if err != nil {
		return err
	}
	out := o.out
	if out == "" && o.world == "" {
		out = defaultOut
		// The default folder is ours to make; an explicit --out must name
		// a folder that exists, so a typo is an error, not a new tree.
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return fmt.Errorf("write %s: %w", out, err)
		}
	}
	p := res.Plan
	fmt.Fprintf(e.stderr, "%d×%d %s, %s AI: %d files; worst case %d commands per AI move, %d per player move (budget %d)\n",
		p.Size, p.Size, p.Rule, p.Profile, len(res.Pack.Files), res.WorstAIMoveCommands, res.WorstPlayerMoveCommands, res.Budget)
	if out != "" {
		if err := datapack.Write(res.Pack, out); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "wrote %s\n", out)
		if o.world == "" {
			fmt.Fprintf(e.stdout, "to play: copy it into <world>/datapacks/ (or run mcgomoku gen --world <world>), then in the game /reload and /function gomoku:new\n")
		}
	}
	if o.world != "" {
		path, err := datapack.Install(ctx, res.Pack, o.world, packName, datapack.DefaultRange)
		if errors.Is(err, context.Canceled) {
			return errInterrupted
		}
		if err != nil {
			if errors.Is(err, fs.ErrPermission) {
				return fmt.Errorf("%w (is the world open in the game, or the folder read-only?)", err)
			}
			return err
		}
		fmt.Fprintf(e.stdout, "installed %s\nto play: open the world (or /reload if it is open), then /function gomoku:new\n", path)
	}
	return nil
}
