// Package eval is the one evaluation model of our AI. The native greedy
// player and the generated data pack are two renderings of it, kept
// identical by the differential tests.
//
// Every empty cell is scored from the line patterns through it in the four
// directions, for both colours: the side to move's own patterns (attack) and
// the opponent's (defence), plus combinations across lines and a centre
// bias. Arithmetic is integer only and every reachable score fits in a
// signed 32-bit integer, so the model runs as Minecraft scoreboard
// arithmetic.
//
// The state is incremental. For each cell, direction and colour the model
// keeps a window code: the contents of the R cells on each side of the cell
// along that line, as base-3 digits (0 empty, 1 own stone, 2 blocked: the
// opponent's stone or off the board). Placing or removing a stone adds or
// subtracts one constant per (cell, direction, colour) within distance R on
// its four lines — at most 8R cells — and only those cells' patterns are
// looked up again in a precomputed table. Nothing ever rescans the board.
//
// R is 4 under freestyle, where any five or more wins. Under standard and
// renju, telling five from an overline needs the cell just beyond a five,
// so R is 5 there.
//
// Ties between equal scores break by a fixed cell order: nearest the centre
// first (squared Euclidean distance), then by cell index; see Model.Order.
package eval
