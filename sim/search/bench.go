package search

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// BenchPosition is one fixed position of the benchmark: a 15×15 game so far.
type BenchPosition struct {
	Rule  game.Rule
	Moves string // human notation, space separated, black first
}

// BenchPositions are the benchmark's positions, openings to middle games,
// taken from search-versus-greedy games. Changing them changes every
// fingerprint.
var BenchPositions = []BenchPosition{
	{game.Freestyle, "h8 i10 i8 k8 g8 f8 h11"},
	{game.Freestyle, "h8 i7 f6 g7 f7 h7 f8 f9 g8 e8"},
	{game.Freestyle, "h8 i10 k8 i8 i9 j10 h10 h9 g11 j8 f12 e13"},
	{game.Freestyle, "h8 g7 h9 h7 i7 g9 i8 g8 g10 j7 i6 i5 i10 i9 h10"},
	{game.Freestyle, "h8 i8 g6 h9 g10 j7 k6 g9 i9 j10 j8 k7 i7 l7 h6 g5 j6 i6 l10"},
	{game.Freestyle, "h8 g7 j8 g9 g8 i8 h9 h10 i10 j11 f7 e6 f8 i11 e8 d8 f9 f6 h11 d7 d6 g5"},
	{game.Freestyle, "h8 j6 h9 k6 h6 h7 l6 k7"},
	{game.Freestyle, "h8 h9 g8 i8 g10 g9 e8 f9 e9 i9"},
	{game.Freestyle, "h8 i9 i10 h9 g9 h10 i7 f10 j6 k5 j8 j7 i8 k8"},
	{game.Freestyle, "h8 f8 f9 h9 g8 g7 h7 e10 i6 j5 h6 e9 h5 h4 j6 g6 k6"},
	{game.Renju, "h8 h6 g7 f6 g5 g6 e6 j6 i6 f7 f8 e8 d9 h5 i4 h4 h3 i5 k7"},
	{game.Standard, "h8 j7 h5 h7 g6 g7 i7 f7 j6 k5 i5 i6 j5 e7 d7 g5 h4 k7 g9 f10 h3 h2"},
}

// BenchResult is what Bench measured.
type BenchResult struct {
	Positions int
	Nodes     int64
	Elapsed   time.Duration
	Moves     []int // the move chosen on each position
	// Fingerprint hashes the chosen moves (FNV-1a, 64 bits): with a node
	// budget and one thread it changes only when the engine's behaviour
	// does, whatever the machine.
	Fingerprint uint64
}

// NodesPerSecond is the search speed over the whole run.
func (r BenchResult) NodesPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Nodes) / r.Elapsed.Seconds()
}

func (r BenchResult) String() string {
	return fmt.Sprintf("%d positions, %d nodes, %v, %.0f nodes/s, fingerprint %016x",
		r.Positions, r.Nodes, r.Elapsed.Round(time.Millisecond), r.NodesPerSecond(), r.Fingerprint)
}

// Bench searches every benchmark position with a fresh one-thread engine
// (seed 0) for the given node budget each, as Rapfi's bench does.
func Bench(ctx context.Context, cfg *config.Config, nodes int64) (BenchResult, error) {
	var res BenchResult
	h := fnv.New64a()
	for k, bp := range BenchPositions {
		b := game.MustBoard(15, bp.Rule)
		for _, s := range strings.Fields(bp.Moves) {
			m, err := game.ParseMove(s, 15)
			if err == nil {
				err = b.Play(m)
			}
			if err != nil {
				return res, fmt.Errorf("bench position %d: %w", k+1, err)
			}
		}
		e := New(cfg, Options{Threads: 1})
		r, err := e.Search(ctx, b, Limits{Nodes: nodes})
		if err != nil {
			return res, fmt.Errorf("bench position %d: %w", k+1, err)
		}
		res.Positions++
		res.Nodes += r.Nodes
		res.Elapsed += r.Time
		res.Moves = append(res.Moves, r.Move)
		fmt.Fprintf(h, "%d;", r.Move)
	}
	res.Fingerprint = h.Sum64()
	return res, nil
}
