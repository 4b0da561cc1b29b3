package lookahead_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// stoneCount is a lookahead player that adds the stones each of its
// moves placed to a tally shared by the match's players of one side.
type stoneCount struct {
	*player.Lookahead
	stones, moves *atomic.Int64
}

func (p stoneCount) Move(ctx context.Context, b *game.Board) (int, error) {
	m, err := p.Lookahead.Move(ctx, b)
	if err == nil {
		p.stones.Add(int64(p.Last().Nodes))
		p.moves.Add(1)
	}
	return m, err
}

// counted returns the entrant of spec with its stones tallied, if it is
// a lookahead, and the tally's report.
func counted(spec string) (arena.Entrant, func() string) {
	if !strings.HasPrefix(spec, "lookahead") {
		return arena.Entrant{Spec: spec}, func() string { return "" }
	}
	var stones, moves atomic.Int64
	mk, err := player.Prepare(spec)
	return arena.Entrant{Spec: spec, New: func(opt player.Options) (player.Player, error) {
			if err != nil {
				return nil, err
			}
			p, err := mk(opt)
			if err != nil {
				return nil, err
			}
			return stoneCount{p.(*player.Lookahead), &stones, &moves}, nil
		}}, func() string {
			return fmt.Sprintf("%s: %.0f stones a move (%d moves)", spec, float64(stones.Load())/float64(max(moves.Load(), 1)), moves.Load())
		}
}

// TestMatchStones plays a match as `mcgomoku sim A B --openings FILE
// --games N --seed S --jobs 1` does, with the stones each lookahead side
// placed a move, the figure its think time in the world follows:
//
//	LA_A=lookahead:level=normal LA_B=search:nodes=45000 LA_OPENINGS=$PWD/open40.txt \
//	    LA_GAMES=80 LA_SEED=1 go test ./sim/lookahead -run MatchStones -v -timeout 0
//
// (LA_GAMES defaults to 80, LA_SEED to 1; LA_TURN=100ms gives engines,
// "pbrain:PATH", 100 ms a move as sim's --timeout-turn 100ms --slack 1s.)
func TestMatchStones(t *testing.T) {
	a, b := os.Getenv("LA_A"), os.Getenv("LA_B")
	if a == "" || b == "" {
		t.Skip("set LA_A and LA_B to two player specs")
	}
	games, seed := 80, int64(1)
	if s := os.Getenv("LA_GAMES"); s != "" {
		games, _ = strconv.Atoi(s)
	}
	if s := os.Getenv("LA_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	var ops []arena.Opening
	if f := os.Getenv("LA_OPENINGS"); f != "" {
		var err error
		if ops, err = arena.LoadOpenings(f, 15, game.Freestyle, 0); err != nil {
			t.Fatal(err)
		}
	}
	var lim player.Limits
	if s := os.Getenv("LA_TURN"); s != "" {
		// An engine's time a move, as sim's --timeout-turn, with sim's
		// --slack 1s.
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatal(err)
		}
		lim = player.Limits{Turn: d, Slack: time.Second}
	}
	ea, ra := counted(a)
	eb, rb := counted(b)
	res, err := arena.Match(context.Background(), arena.MatchConfig{A: a, B: b, NewA: ea.New, NewB: eb.New,
		Games: games, Seed: seed, Jobs: 1, Openings: ops, Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	p := res.Pairings[0]
	t.Logf("%s vs %s: %.1f%% (%v), pairs %v; %s %s", a, b, 100*res.Score(), p.Estimate(), p.Penta, ra(), rb())
}
