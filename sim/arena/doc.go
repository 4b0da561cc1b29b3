// Package arena is where players meet: it plays matches and round-robin
// tournaments between any players the sim/player registry can make (native
// AIs, the data pack in the interpreter, external Gomocup engines), and
// hosts our players as Gomocup engines for outside managers.
//
// Stage: after sim/game and sim/player, before sim/tune and the CLI.
// Input: player specs or factories, a board size and rule, openings (a
// file, .psq records, or seeded random ones) and limits. Output: a Result
// holding every game (moves, times, how it ended, engine logs) and the
// statistics engine testers use — wins/losses/draws, Elo with a 95%
// interval (trinomial, or pentanomial over game pairs), likelihood of
// superiority and an SPRT — plus .psq records, a JSON summary and a
// self-contained HTML report.
//
// Invariants: each opening is played twice with colours swapped (game 2k
// and 2k+1), so colour and opening bias cancel in pairs; results do not
// depend on --jobs, because native players are made afresh for every game
// with a seed derived from the run's seed and the game's number, while
// players holding processes (Closers) are kept per worker and reset between
// games by the protocol. A game a player loses by forfeit — timeout, crash,
// illegal move, engine error — is recorded as such and the run goes on.
package arena
