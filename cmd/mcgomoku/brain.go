package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"runtime/debug"

	"github.com/spf13/pflag"

	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// brainOptions are the flags of "mcgomoku brain".
type brainOptions struct {
	config   string
	engine   string
	fallback string
	seed     int64
}

func init() {
	register(&command{
		name:    "brain",
		summary: "play our AI as a Gomocup engine (pbrain protocol on stdin/stdout) for Piskvork and other managers",
		usage: `[--config FILE] [--engine greedy|search|SPEC]

Speaks the Gomocup protocol: START, RESTART, BEGIN, TURN, BOARD, INFO,
TAKEBACK, PLAY, ABOUT, END. Malformed input is answered with ERROR and the
engine keeps running; INFO timeout_turn and time_left are honoured (a
fallback move is played when the engine runs out of time); INFO rule
chooses freestyle (0), exactly five (1) or renju (4). To use it in
Piskvork, wrap it in a script named pbrain-mcgomoku that runs
"mcgomoku brain".`,
		flags: func(fs *pflag.FlagSet) func(e *env, args []string) error {
			o := &brainOptions{}
			fs.StringVar(&o.config, "config", "", "config TOML for the greedy engine (default: the built-in config)")
			fs.StringVar(&o.engine, "engine", "greedy", "the player to run: greedy, search or any player spec")
			fs.StringVar(&o.fallback, "fallback", "", "fast player for moves the engine cannot finish in time (default: greedy when the engine is not greedy)")
			fs.Int64Var(&o.seed, "seed", 1, "seed for the engine's randomness")
			return o.run
		},
	})
}

func (o *brainOptions) run(e *env, args []string) error {
	if len(args) > 0 {
		return usagef("brain takes no arguments, got %q", args)
	}
	spec := o.engine
	if o.config != "" {
		if spec != "greedy" {
			return usagef("--config applies to the greedy engine, not %q", spec)
		}
		spec = "greedy:" + o.config
	}
	for _, sp := range []string{spec, o.fallback} {
		if sp == "" {
			continue
		}
		if err := player.CheckSpec(sp); err != nil {
			return usagef("%v", err)
		}
	}
	// Fail before the protocol starts when the engine cannot be made, so a
	// manager sees a clear error instead of a silent brain.
	p, err := player.New(spec, player.Options{Size: 15, Seed: o.seed})
	if err != nil {
		return err
	}
	if c, ok := p.(player.Closer); ok {
		c.Close()
	}
	fallback := o.fallback
	if fallback == "" && o.engine != "greedy" {
		fallback = "greedy"
	}
	version := "dev"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		version = bi.Main.Version
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	err = arena.ServeBrain(ctx, e.stdin, e.stdout, arena.BrainConfig{Engine: spec, Fallback: fallback, Version: version, Seed: o.seed})
	if errors.Is(err, context.Canceled) {
		return errInterrupted
	}
	return err
}
