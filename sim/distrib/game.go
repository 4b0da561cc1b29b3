package distrib

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// Game is an arena.Game as a result carries it: the moves and thinking
// times packed as varints (one JSON string each, not a number a move:
// a result of greedy games is mostly moves, and decoding numbers one by
// one cost the coordinator more than checking the games), times in
// microseconds. The names are the coordinator's own.
type Game struct {
	Number       int                `json:"n"`
	Pairing      int                `json:"p"`
	Index        int                `json:"i"`
	Opening      int                `json:"o"`
	BlackSide    int                `json:"b"`
	OpeningMoves int                `json:"om"`
	Moves        []byte             `json:"m"` // uvarints
	Times        []byte             `json:"t"` // uvarints, µs
	Winner       game.Colour        `json:"w"`
	End          arena.End          `json:"e"`
	Forfeit      player.ForfeitKind `json:"f,omitempty"`
	Detail       string             `json:"d,omitempty"`
	Log          []string           `json:"l,omitempty"`
}

// packGame is g as a result carries it.
func packGame(g arena.Game) Game {
	w := Game{Number: g.Number, Pairing: g.Pairing, Index: g.Index, Opening: g.Opening, BlackSide: g.BlackSide,
		OpeningMoves: g.OpeningMoves, Winner: g.Winner, End: g.End, Forfeit: g.Forfeit, Detail: g.Detail, Log: g.Log}
	w.Moves = make([]byte, 0, 2*len(g.Moves))
	for _, m := range g.Moves {
		w.Moves = binary.AppendUvarint(w.Moves, uint64(m))
	}
	w.Times = make([]byte, 0, 3*len(g.Times))
	for _, t := range g.Times {
		w.Times = binary.AppendUvarint(w.Times, uint64(max(t, 0)/time.Microsecond))
	}
	return w
}

// maxLog bounds a game's log lines in a result.
const maxLog = 1000

// unpack is the arena.Game a result carries, for a board of cells cells;
// malformed packing is an error (CheckGame then holds the game to its
// job and the rules).
func (w Game) unpack(cells int) (arena.Game, error) {
	g := arena.Game{Number: w.Number, Pairing: w.Pairing, Index: w.Index, Opening: w.Opening, BlackSide: w.BlackSide,
		OpeningMoves: w.OpeningMoves, Winner: w.Winner, End: w.End, Forfeit: w.Forfeit, Detail: w.Detail, Log: w.Log}
	if len(w.Log) > maxLog || len(w.Detail) > maxSpec {
		return g, fmt.Errorf("game %d: a log of %d lines or a detail of %d characters", w.Number, len(w.Log), len(w.Detail))
	}
	// A varint is at least a byte: room for every move and time at once.
	g.Moves = make([]int, 0, min(len(w.Moves), cells))
	g.Times = make([]time.Duration, 0, min(len(w.Times), cells))
	for b := w.Moves; len(b) > 0; {
		v, n := binary.Uvarint(b)
		if n <= 0 || v >= uint64(cells) || len(g.Moves) >= cells {
			return g, fmt.Errorf("game %d: malformed moves", w.Number)
		}
		g.Moves = append(g.Moves, int(v))
		b = b[n:]
	}
	for b := w.Times; len(b) > 0; {
		v, n := binary.Uvarint(b)
		if n <= 0 || v > uint64(player.MaxLimit/time.Microsecond) || len(g.Times) >= cells {
			return g, fmt.Errorf("game %d: malformed thinking times", w.Number)
		}
		g.Times = append(g.Times, time.Duration(v)*time.Microsecond)
		b = b[n:]
	}
	if len(g.Moves) == 0 {
		return g, errors.New("a game without moves")
	}
	return g, nil
}
