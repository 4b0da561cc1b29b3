// Package check proves that Minecraft: Java Edition will accept a data pack.
//
// Stage: after generation (gen.Render → datapack.Pack) and before anyone
// installs the pack. The interpreter in sim/mcvm shows what a pack does; this
// package shows that the game loads it at all.
//
// Input: a *datapack.Pack, the command tree a release's data generator
// publishes (commands.json, loaded with LoadTree) and optionally that
// release's registries (registries.json, loaded with LoadRegistries).
//
// Output: a sorted list of Problems, each printed "file:line:col: message"
// with 1-based line and column (columns count characters, not bytes).
//
// How: every command line of every function is parsed the way Brigadier's
// CommandDispatcher.parse does it — literals before arguments, the first
// argument child that consumes the input wins, a node must be followed by a
// space or the end, `redirect` continues at the target node, and a command
// may only end on an `executable` node — with argument parsers that follow
// the game's own readers (StringReader, the entity selector parser, the
// packrat SNBT grammar of 1.21.5+, the item/block parsers …). A parser type
// the package does not implement is reported as unsupported, never passed.
//
// Invariants: checking never panics on any input (fuzzed); a line that the
// game rejects at load time yields at least one problem at the column where
// the game's parser stops; semantic checks the game defers to run time
// (function and advancement references, macro keys) are reported too, but
// only for references into the pack's own namespaces.
//
// Macro lines ($ lines) are checked by substitution; see macro.go for the
// rule that picks the values.
package check
