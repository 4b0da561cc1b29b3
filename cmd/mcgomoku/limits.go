package main

import (
	"time"

	"github.com/spf13/pflag"

	"github.com/mcgomoku/mcgomoku/sim/player"
)

// engineLimits are the Gomocup time and memory flags sim and tune give
// the engines they play (pbrain players): one set of flags, checked and
// turned into player.Limits the same way by both.
type engineLimits struct {
	turn, match, startup, slack time.Duration
	memory                      int64
}

func (l *engineLimits) register(fs *pflag.FlagSet) {
	fs.DurationVar(&l.turn, "timeout-turn", player.DefaultTurn, "time per move for engines (Gomocup INFO timeout_turn)")
	fs.DurationVar(&l.match, "timeout-match", 0, "thinking time per engine per game (INFO timeout_match; 0: no limit)")
	fs.Int64Var(&l.memory, "max-memory", player.DefaultMemory, "memory limit told to engines (INFO max_memory), in bytes; the default is Gomocup's 350 MiB; 0 tells them no limit, which many read as: use the largest tables")
	fs.DurationVar(&l.startup, "timeout-startup", player.DefaultStartup, "extra time for an engine's first move after it starts (allocating tables), not counted as match time (0: none)")
	fs.DurationVar(&l.slack, "slack", 0, "tolerance past a time limit before a forfeit (default: 200ms + a tenth of --timeout-turn)")
}

// check refuses limits no engine could play by, as a usage error.
func (l *engineLimits) check() error {
	switch {
	case l.turn <= 0:
		return usagef("--timeout-turn %v must be positive", l.turn)
	case l.match < 0:
		return usagef("--timeout-match %v must not be negative (0: no limit)", l.match)
	case l.startup < 0:
		return usagef("--timeout-startup %v must not be negative", l.startup)
	case l.slack < 0:
		return usagef("--slack %v must not be negative", l.slack)
	case l.memory < 0 || l.memory > maxMemory:
		return usagef("--max-memory %d: want 0 (no limit) up to %d bytes (1 TiB)", l.memory, maxMemory)
	}
	return nil
}

// limits are the flags as player.Limits: 0 for memory and startup mean
// none, as asked, where Limits' zero means the default.
func (l *engineLimits) limits() player.Limits {
	memory := l.memory
	if memory == 0 {
		memory = player.NoMemoryLimit
	}
	startup := l.startup
	if startup == 0 {
		startup = -1
	}
	return player.Limits{Turn: l.turn, Match: l.match, Memory: memory, Startup: startup, Slack: l.slack}
}
