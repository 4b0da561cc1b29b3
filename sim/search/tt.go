package search

import (
	"math/bits"
	"sync/atomic"
)

// Bound kinds stored with a score.
const (
	boundUpper = 1 // the score is at most the stored value (failed low)
	boundLower = 2 // at least (failed high)
	boundExact = 3
)

// ttEntry is one slot of the table, two words written without a lock:
// check holds key^data, so a slot torn by two threads writing at once fails
// the key test on reading and is simply a miss.
type ttEntry struct {
	check, data atomic.Uint64
}

// table is the transposition table (seed003 step 11): positions reached by
// different move orders share one entry, keyed by the Zobrist hash. It is
// shared by every search thread.
type table struct {
	slots []ttEntry
	mask  uint64
}

// newTable returns a table using at most mb MiB (a power-of-two number of
// 16-byte slots, at least 1024).
func newTable(mb int) *table {
	n := uint64(max(mb, 1)) << 20 / 16
	n = 1 << (63 - bits.LeadingZeros64(n)) // round down to a power of two
	n = max(n, 1024)
	return &table{slots: make([]ttEntry, n), mask: n - 1}
}

// ttData packs an entry: score (32 bits), move+1 (16 bits, 0 = none),
// depth (8 bits, clamped to 0..255), bound (8 bits).
func ttData(score int32, move int, depth int, bound uint8) uint64 {
	return uint64(uint32(score)) | uint64(uint16(move+1))<<32 |
		uint64(uint8(min(max(depth, 0), 255)))<<48 | uint64(bound)<<56
}

type ttHit struct {
	score int32
	move  int // -1 when none
	depth int
	bound uint8
}

func (t *table) probe(key uint64) (ttHit, bool) {
	e := &t.slots[key&t.mask]
	d := e.data.Load()
	if e.check.Load()^d != key || d == 0 {
		return ttHit{}, false
	}
	return ttHit{
		score: int32(uint32(d)),
		move:  int(uint16(d>>32)) - 1,
		depth: int(uint8(d >> 48)),
		bound: uint8(d >> 56),
	}, true
}

// store keeps the deeper result for the same position and always replaces
// a different one: recent positions matter most to the next iteration.
func (t *table) store(key uint64, score int32, move, depth int, bound uint8) {
	e := &t.slots[key&t.mask]
	old := e.data.Load()
	if e.check.Load()^old == key && old != 0 && int(uint8(old>>48)) > depth && bound != boundExact {
		return
	}
	d := ttData(score, move, depth, bound)
	e.data.Store(d)
	e.check.Store(key ^ d)
}

// clear empties the table (a new board size or rule).
func (t *table) clear() {
	for i := range t.slots {
		t.slots[i].data.Store(0)
		t.slots[i].check.Store(0)
	}
}

// zobrist holds one random key per (cell, colour) and one for the side to
// move, from a fixed generator so hashes are reproducible.
type zobrist struct {
	cell [][2]uint64
	side uint64
}

func newZobrist(cells int) *zobrist {
	z := &zobrist{cell: make([][2]uint64, cells)}
	s := uint64(0x6d63676f6d6f6b75) // "mcgomoku"
	next := func() uint64 {
		// splitmix64
		s += 0x9e3779b97f4a7c15
		x := s
		x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
		x = (x ^ x>>27) * 0x94d049bb133111eb
		return x ^ x>>31
	}
	for i := range z.cell {
		z.cell[i] = [2]uint64{next(), next()}
	}
	z.side = next()
	return z
}
