// Package syntax reads the text of mcfunction commands the way the game's
// parsers do: Brigadier's StringReader (Reader) and the argument syntaxes
// built on it that more than one consumer needs — SNBT (ParseSNBT, Tag),
// NBT paths (ParseNBTPath), entity selectors (ParseSelector), number
// ranges (ReadIntRange, ReadDoubleRange), resource locations and UUIDs.
//
// Stage: shared by the checker (datapack/check), which turns a parse into
// file:line:col diagnostics against a release's command tree, and the
// interpreter (sim/mcvm), which compiles it into closures. Input: one
// command line (or an argument's text) and a cursor. Output: plain values
// (a Tag tree, path nodes, a Selector with its options) and *Error, a
// message at a byte offset of the line, like Brigadier's
// CommandSyntaxException with its cursor.
//
// Invariants: parsers leave the cursor just after what they read, or, on
// an error the game reports at the start of a token, back at that start;
// an Error's Pos is within [0, len(line)]. The package knows command text,
// not Gomoku, and imports nothing of the module.
package syntax
