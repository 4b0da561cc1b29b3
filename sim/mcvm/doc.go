// Package mcvm is the mcfunction interpreter: it plays a data pack offline
// with the game's command semantics, so that tests can run the generated
// Gomoku pack without Minecraft.
//
// Stage: after datapack (a *datapack.Pack in memory), beside the native
// simulator. Input: a pack and Options (emulated version, seed). Output: a
// Machine whose state (scores, storage, blocks, entities, recorded
// messages) tests inspect, and a Report per call with the cost of what ran.
//
// Load compiles every function once: each non-macro line is parsed into a
// cmdLine (execute stages as modifiers, then a leaf command), with fake
// player scores interned to slice indices, so running a line never
// re-reads text. $ lines are parsed when the function is called, through an
// 8-entry cache per function, as the game does. Function tags and the
// advancements that deliver clicks are read too.
//
// Execution follows the 1.20.3+ model of net.minecraft.commands.execution
// (../shared/MINECRAFT.md §3): one context per top-level entry with the
// command quota (gamerule max_command_sequence_length) and fork limit;
// frames with return-value consumers; depth-first queueing; quota charged
// per redirecting execute stage, per leaf command per source and per
// function call; everything still queued dropped when the quota runs out.
// Exhausting a limit is reported loudly in the Report.
//
// Invariants: mcvm is strict. A command, argument form, selector option,
// entity field, trigger or gamerule that it does not model is an error
// naming file:line (at load) or a VMError with the function call chain (at
// run time, e.g. from a macro line) — never silently skipped. Game-level
// failures (an unset score, a failed condition) are not errors: they fail
// the command exactly as the game does and are counted in the Report.
//
// Deviations from the game that cannot be avoided are documented where
// they occur: block states carry only the properties given explicitly,
// random numbers come from a seeded generator rather than the world's, and
// listener order among several advancements matching one click is by id.
package mcvm
