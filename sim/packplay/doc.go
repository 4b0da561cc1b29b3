// Package packplay plays a generated Gomoku data pack in the interpreter
// (sim/mcvm) the way a person plays it in the game: standing on the board,
// right-clicking cells, letting server ticks pass while the AI thinks, and
// reading every move back from the world.
//
// Stage: after gen (a pack in memory or on disk) and sim/mcvm, beside the
// native players. Input: a *datapack.Pack. Output: a Game to click, undo
// and restart, whose AI moves come with their cost (commands, entities
// scanned, ticks), with the part the pack's feedback namespace
// (FeedbackPrefix, gomoku:ui/) ran counted apart. sim/player's pack:PATH player, the differential proof in
// gen and `mcgomoku bench` (sim/packbench) all drive packs through it.
//
// What the driver reads is what a player sees: each cell's surface block,
// and the scoreboard the pack documents as its game state (gomoku.cell per
// cell; #state, #turn and #winner in gomoku.game), the chat and titles, the
// glowing plates of a winning line. It never reads the AI's working scores.
//
// Invariants: a Game mirrors the pack's game in a game.Board, and after
// every operation the whole world is checked against the mirror: every
// cell's score and block, whose turn it is and whether the game is over. A
// pack that disagrees — a stone that did not land, two that did, a block
// that does not match its score, a win the pack did not announce — is an
// error naming the cell, never a move silently misread. A call that runs
// out of the game's command quota or fork limit is an error too: in the
// game it would have stopped half way.
//
// Two entries are not UI: Place plays a stone for the side to move through
// the pack's own move function (gomoku:game/play, which a legal click
// runs), for setting up positions with stones the AI did not choose; and
// SetPick forces the seed000 AI's random pick (#pick gomoku.debug), so a
// test or a seeded match can replay a given choice.
package packplay
