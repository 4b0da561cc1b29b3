// Package mcvm is the mcfunction interpreter: it plays a data pack offline
// with the game's command semantics, so that tests can run the generated
// Gomoku pack without Minecraft.
//
// Stage: after datapack (a *datapack.Pack in memory), beside the native
// simulator. Input: a pack and Options (emulated version, seed). Output: a
// Machine whose state (scores, storage, blocks, entities, recorded
// messages) tests inspect, and a Report per call with the cost of what ran,
// in total and per function (exclusive: each function's own lines). Entity
// selectors are charged the entities they test; a UUID or a player name is
// a direct look-up and tests none, as in the game.
//
// Load compiles every function once: each non-macro line is parsed by the
// checker's parser (datapack/check, on the emulated release's embedded
// command tree) and compiled from that parse into a cmdLine (execute
// stages as modifiers, then a leaf command), with fake player scores
// interned to slice indices, so running a line never re-reads text. $
// lines are parsed when the function is called, through an 8-entry cache
// per function, as the game does. Function tags and the
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
// Deviations from the game, each because mcvm has no copy of the game's
// data or because the game's behaviour is not deterministic:
//   - Block ids and particle ids are checked against the release's
//     registries by the checker's parser, but block properties are not,
//     and blocks carry only the properties given explicitly; testing a
//     property the game would have defaulted is a VMError. Neighbour
//     shape updates are not modelled.
//   - Command text is read only by the checker's parser, whose argument
//     values (SNBT's 1.21.5+ grammar, NBT paths, selectors, ranges, ids)
//     come from datapack/syntax, and compiled here (go-mc's SNBT reader predates that
//     grammar: it reads 1.5 as 1.0, true and 0x1F as strings and rejects
//     mixed lists); go-mc is used for tag ids and to read structure
//     templates. Compounds print with sorted keys, as the game does.
//   - random, @r and new entity UUIDs come from a generator seeded with
//     Options.Seed, not from the world's.
//   - When one click completes several advancements, their rewards run in
//     advancement id order (the game's listener set has no fixed order).
//   - Entities iterate in spawn order, or in the game's section order for
//     queries with a box (distance, dx/dy/dz). Text components and other
//     complex entity fields are stored as given, without the codec's
//     normalisation.
//   - Chunks are loaded when force-loaded, within Options.ViewDistance
//     of a player, or spawn chunks (1.21.5 … 1.21.8); loaded means blocks
//     and entities both (the game's border chunks, blocks without
//     entities, are not modelled). A chunk a command force-loads has its
//     blocks at once; entities unload and load with their chunks between
//     ticks and when a player moves, joins or leaves (Logout, Login), with
//     the game's UUID rule: a UUID is taken only while an entity holding
//     it is in memory, and a saved entity that comes back while another
//     holds its UUID is dropped (world.go, syncChunks). summon and tp into
//     an unloaded chunk succeed, the entity out of sight until the chunk
//     loads.
package mcvm
