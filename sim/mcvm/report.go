package mcvm

import (
	"fmt"
	"sort"
	"strings"
)

// Cost counts what one or more top-level calls did.
type Cost struct {
	// Commands is the number of commands executed (leaf commands per
	// source, plus function and return commands).
	Commands int64
	// ByCommand breaks Commands down by command name ("scoreboard",
	// "execute" for a terminal execute condition, "function", …).
	ByCommand map[string]int64
	// Units is the game's command quota consumed (one per redirecting
	// execute stage, per leaf command per source, per function call).
	Units int64
	// FunctionCalls counts functions entered.
	FunctionCalls int64
	// SelectorEvals counts entity selector evaluations; EntitiesScanned
	// counts the entities they tested.
	SelectorEvals   int64
	EntitiesScanned int64
	// MacroExpansions counts macro function instantiations that missed the
	// 8-entry cache and re-parsed their $ lines; MacroCacheHits the others.
	MacroExpansions int64
	MacroCacheHits  int64
	// StorageReads and StorageWrites count accesses to command storage.
	StorageReads  int64
	StorageWrites int64
	// EntityNBTReads and EntityNBTWrites count whole-entity serialisations
	// and reloads (data get/modify entity, nbt= selectors, stores).
	EntityNBTReads  int64
	EntityNBTWrites int64
	// Failures counts commands that failed (the game's silent failures
	// inside functions: unset scores, failed conditions, …).
	Failures int64
	// ByFunction is the exclusive cost of each function that ran, by id:
	// what its own lines executed and scanned, not its callees' (a
	// "function" command counts in the caller, the callee's lines in the
	// callee). Key "" holds commands run outside any function. Summed over
	// the map, the counts equal Commands and EntitiesScanned. nil when
	// nothing ran.
	ByFunction map[string]FunctionCost
}

// FunctionCost is one function's exclusive share of a Cost.
type FunctionCost struct {
	Commands        int64 // commands its lines executed
	EntitiesScanned int64 // entities tested by the selectors its lines evaluated
}

func (f *FunctionCost) add(o FunctionCost) {
	f.Commands += o.Commands
	f.EntitiesScanned += o.EntitiesScanned
}

// FunctionsUnder sums the exclusive cost of the functions whose id starts
// with prefix (e.g. "gomoku:ui/" for everything in that folder).
func (c *Cost) FunctionsUnder(prefix string) FunctionCost {
	var out FunctionCost
	for id, fc := range c.ByFunction {
		if strings.HasPrefix(id, prefix) && id != "" {
			out.add(fc)
		}
	}
	return out
}

func (c *Cost) add(o *Cost) {
	c.Commands += o.Commands
	c.Units += o.Units
	c.FunctionCalls += o.FunctionCalls
	c.SelectorEvals += o.SelectorEvals
	c.EntitiesScanned += o.EntitiesScanned
	c.MacroExpansions += o.MacroExpansions
	c.MacroCacheHits += o.MacroCacheHits
	c.StorageReads += o.StorageReads
	c.StorageWrites += o.StorageWrites
	c.EntityNBTReads += o.EntityNBTReads
	c.EntityNBTWrites += o.EntityNBTWrites
	c.Failures += o.Failures
	if len(o.ByCommand) > 0 && c.ByCommand == nil {
		c.ByCommand = map[string]int64{}
	}
	for k, v := range o.ByCommand {
		c.ByCommand[k] += v
	}
	if len(o.ByFunction) > 0 && c.ByFunction == nil {
		c.ByFunction = map[string]FunctionCost{}
	}
	for k, v := range o.ByFunction {
		fc := c.ByFunction[k]
		fc.add(v)
		c.ByFunction[k] = fc
	}
}

// CallStats is the accounting of one top-level entry: a function run by
// Call, a #load or #tick function, a scheduled function, an advancement
// reward or a player's command.
type CallStats struct {
	Entry string // what ran, e.g. "function gomoku:tick" or "reward gomoku:click (player Alex)"
	Cost
	// QuotaExhausted is set when the command quota (gamerule
	// max_command_sequence_length) reached zero: the game logs "Command
	// execution stopped due to limit" and drops whatever was still queued.
	QuotaExhausted bool
	// Dropped counts queue entries discarded because of the quota.
	Dropped int
	// ForkLimitHits counts commands stopped by max_command_forks.
	ForkLimitHits int
	// QueueOverflow is set when the 10,000,000-entry queue cap was hit.
	QueueOverflow bool
	// Returned reports whether the entry function returned a value (with
	// return or return run), and what.
	Returned bool
	Success  bool
	Result   int32
	// FailureSamples holds the first few command failures, with positions.
	FailureSamples []string
}

// Report is the outcome of a Call, Tick, click or command.
type Report struct {
	Calls []*CallStats
	// Warnings are loud: quota exhaustion, fork limit, queue overflow.
	// A pack that triggers one behaves differently in the game than its
	// author probably intended, so callers should surface them.
	Warnings []string
}

// Total sums the cost of every call.
func (r *Report) Total() Cost {
	var c Cost
	for _, s := range r.Calls {
		c.add(&s.Cost)
	}
	return c
}

// LimitHit reports whether any execution limit was exceeded.
func (r *Report) LimitHit() bool {
	for _, s := range r.Calls {
		if s.QuotaExhausted || s.ForkLimitHits > 0 || s.QueueOverflow {
			return true
		}
	}
	return false
}

// String summarises the report, warnings first and in capitals.
func (r *Report) String() string {
	var b strings.Builder
	for _, w := range r.Warnings {
		b.WriteString("!!! ")
		b.WriteString(w)
		b.WriteByte('\n')
	}
	for _, s := range r.Calls {
		fmt.Fprintf(&b, "%s: %d commands, %d units, %d calls, %d selectors (%d entities), %d macro expansions, storage %d r/%d w, %d failures",
			s.Entry, s.Commands, s.Units, s.FunctionCalls, s.SelectorEvals, s.EntitiesScanned, s.MacroExpansions, s.StorageReads, s.StorageWrites, s.Failures)
		if s.Returned {
			fmt.Fprintf(&b, ", returned %d (success=%v)", s.Result, s.Success)
		}
		b.WriteByte('\n')
		names := make([]string, 0, len(s.ByCommand))
		for k := range s.ByCommand {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			fmt.Fprintf(&b, "  %-12s %d\n", k, s.ByCommand[k])
		}
	}
	return b.String()
}
