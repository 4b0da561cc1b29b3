package distrib

import (
	"encoding/binary"
	"fmt"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// Games are a result's games, carried after its JSON envelope and a
// newline as varints, not as JSON: a result of greedy games is thousands
// of moves, and decoding them as JSON numbers (or a base64 string) cost
// the coordinator more than checking the games. The games are their
// count, then each game in order: its number, pairing, index, opening, black side and
// opening moves (zigzag varints); its moves' count and cells, its
// thinking times' count and times in microseconds (uvarints); its
// winner, end and forfeit (zigzag); its detail, and its log lines' count
// and lines (each a uvarint length and the bytes). Decoding is strict:
// every varint minimal, every count and value within its bound, nothing
// after the last game. The names of the players are the coordinator's
// own.
type Games []arena.Game

// Bounds of a game in a result.
const (
	maxLog     = 1000 // a game's log lines
	maxLogLine = 4096 // bytes of one of them
	maxCells   = game.MaxSize * game.MaxSize
	maxMicros  = uint64(player.MaxLimit / time.Microsecond)
)

// appendGames appends the games' encoding to buf.
func appendGames(buf []byte, games []arena.Game) []byte {
	buf = binary.AppendUvarint(buf, uint64(len(games)))
	for _, g := range games {
		for _, v := range [...]int{g.Number, g.Pairing, g.Index, g.Opening, g.BlackSide, g.OpeningMoves} {
			buf = binary.AppendVarint(buf, int64(v))
		}
		buf = binary.AppendUvarint(buf, uint64(len(g.Moves)))
		for _, m := range g.Moves {
			buf = binary.AppendUvarint(buf, uint64(m))
		}
		buf = binary.AppendUvarint(buf, uint64(len(g.Times)))
		for _, t := range g.Times {
			buf = binary.AppendUvarint(buf, uint64(max(t, 0)/time.Microsecond))
		}
		buf = binary.AppendVarint(buf, int64(g.Winner))
		buf = binary.AppendVarint(buf, int64(g.End))
		buf = binary.AppendVarint(buf, int64(g.Forfeit))
		buf = binary.AppendUvarint(buf, uint64(len(g.Detail)))
		buf = append(buf, g.Detail...)
		buf = binary.AppendUvarint(buf, uint64(len(g.Log)))
		for _, l := range g.Log {
			buf = binary.AppendUvarint(buf, uint64(len(l)))
			buf = append(buf, l...)
		}
	}
	return buf
}

// reader reads the encoding, remembering the first error.
type reader struct {
	b   []byte
	err error
}

func (r *reader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf(format, args...)
	}
	r.b = nil
}

// uvarint reads a minimal uvarint of at most limit.
func (r *reader) uvarint(what string, limit uint64) uint64 {
	v, n := binary.Uvarint(r.b)
	switch {
	case r.err != nil:
		return 0
	case n <= 0 || n > 1 && r.b[n-1] == 0:
		r.fail("malformed %s", what)
		return 0
	case v > limit:
		r.fail("%s %d, over %d", what, v, limit)
		return 0
	}
	r.b = r.b[n:]
	return v
}

// varint reads a minimal zigzag varint within ±limit.
func (r *reader) varint(what string, limit int64) int64 {
	u := r.uvarint(what, 2*uint64(limit)+1)
	return int64(u>>1) ^ -int64(u&1)
}

// text reads a length and that many bytes, at most limit.
func (r *reader) text(what string, limit int) string {
	n := int(r.uvarint(what, uint64(limit)))
	if n > len(r.b) {
		r.fail("%s cut short", what)
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

// decodeGames reads games encoded by appendGames. Each game's moves and
// times are parts of one slice each, capped at their ends.
func decodeGames(data []byte) ([]arena.Game, error) {
	r := &reader{b: data}
	// Every game takes a dozen bytes at least: a count past that is a lie.
	count := int(r.uvarint("game count", uint64(min(MaxBatchGames, len(data)/12+1))))
	games := make([]arena.Game, count)
	// A move and its time take two bytes at least: room for them all.
	moves := make([]int, 0, len(data)/2)
	times := make([]time.Duration, 0, len(data)/2)
	type span struct{ moves, times [2]int }
	spans := make([]span, count)
	for i := range games {
		g := &games[i]
		for _, f := range [...]*int{&g.Number, &g.Pairing, &g.Index, &g.Opening, &g.BlackSide, &g.OpeningMoves} {
			*f = int(r.varint("game field", maxRunGames))
		}
		n := int(r.uvarint("move count", maxCells))
		spans[i].moves[0] = len(moves)
		for range n {
			moves = append(moves, int(r.uvarint("move", maxCells-1)))
		}
		spans[i].moves[1] = len(moves)
		n = int(r.uvarint("thinking time count", maxCells))
		spans[i].times[0] = len(times)
		for range n {
			times = append(times, time.Duration(r.uvarint("thinking time", maxMicros))*time.Microsecond)
		}
		spans[i].times[1] = len(times)
		g.Winner = game.Colour(r.varint("winner", int64(game.White)))
		g.End = arena.End(r.varint("end", 127))
		g.Forfeit = player.ForfeitKind(r.varint("forfeit", int64(player.EngineError)))
		g.Detail = r.text("detail", maxSpec)
		if n := int(r.uvarint("log line count", maxLog)); n > 0 {
			g.Log = make([]string, 0, min(n, len(r.b)))
			for range n {
				g.Log = append(g.Log, r.text("log line", maxLogLine))
			}
		}
		if r.err != nil {
			return nil, fmt.Errorf("game %d of the result: %w", i+1, r.err)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if len(r.b) > 0 {
		return nil, fmt.Errorf("%d bytes after the last game", len(r.b))
	}
	for i := range games {
		s := spans[i]
		games[i].Moves = moves[s.moves[0]:s.moves[1]:s.moves[1]]
		games[i].Times = times[s.times[0]:s.times[1]:s.times[1]]
	}
	return games, nil
}
