// Package search is the strong native engine of seed003's fourteen steps,
// built on the same incremental evaluation model as the greedy AI
// (sim/eval). It is the `search` player, the hint in `mcgomoku play`, the
// judge of balanced openings and the engine behind `mcgomoku brain
// --engine search`.
//
// Input: a game.Board and Limits (time and/or nodes). Output: a Result
// with the move, its score from the side to move's view, the depth
// reached, the nodes visited and the expected line. The board is never
// changed; the engine keeps its own incremental positions, synced to the
// board's history, and its transposition table between calls.
//
// One search runs these stages, each exact before the next is tried:
//
//  1. rules: make five; else block the opponent's five point (two of
//     them, or one forbidden to black under renju, lose); else make an
//     open four or a double four;
//  2. VCF, a victory by continuous fours, then VCT, by continuous threes
//     and fours, each with its own node budget (search.vcf_nodes,
//     vct_nodes, vct_depth) and never more than a fifth of the move's
//     nodes and time still left; then the opponent's VCT, as if it were to
//     move: if it has one, only root moves after which its VCT search finds
//     nothing are kept (the candidates below, the cells of its line and
//     the mover's fours);
//  3. alpha-beta negamax with principal-variation windows and iterative
//     deepening under the time or node budget (seed003 steps 6-8). Every
//     node applies the rules of stage 1 first; a forced block is searched
//     one ply deeper at no cost in depth; when the opponent threatens an
//     open four (an open three) only the answers to it are searched
//     (its threat and four points and the mover's own fours); otherwise
//     the `width` best cells by the greedy model's score, among the empty
//     cells of the stones' bounding box plus `margin` (steps 9 and 10).
//     At the horizon a short VCF (leaf_vcf_nodes) runs before the static
//     evaluation is trusted.
//
// Scores are integers. A five k plies below the root scores WinScore-k
// (a loss the negation), so faster wins and slower losses are preferred
// (step 7). The static evaluation of a quiet position is, for each colour,
// the sum over every empty cell and line of search.value[pattern] (the
// pattern a stone of that colour would make there), kept incrementally as
// stones come and go; the position is worth the mover's sum minus the
// opponent's.
//
// Positions are hashed with Zobrist keys (one per cell and colour, one for
// white to move) into a lock-free transposition table of hash_mb MiB
// (step 11). The root moves are shared out among `threads` goroutines,
// each with its own position (step 12). With random_margin > 0 the move is
// drawn, from a generator seeded by Options.Seed, among the root moves
// scored within that margin of the best, never when the best is a forced
// result (step 13). Step 14, learning from lost games, is left to the
// tuner (sim/tune), which plays against this engine.
//
// Renju: black never plays a forbidden cell (game.Board.Forbidden, asked
// only for cells whose patterns could make one), a black threat whose key
// point is forbidden is no threat, and white wins when black's only block
// is forbidden — in the rules, in VCF/VCT and in alpha-beta alike.
//
// Invariants: with one thread and a node budget (no time limit) a search
// is deterministic, so Bench's fingerprint changes only when behaviour
// does; a returned move is always legal.
package search
