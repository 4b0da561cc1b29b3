package lookahead_test

import (
	"context"
	"os"
	"sort"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/lookahead"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// TestNodesPerMove measures how many stones the lookahead places a move
// against greedy (mean and percentiles over 20 games), the figure its
// think time in the world follows, and the native time a move, for a
// config of one's choice at its default level or LA_LEVEL:
//
//	LA_CFG=my.toml LA_LEVEL=strong go test ./sim/lookahead -run NodesPerMove -v
func TestNodesPerMove(t *testing.T) {
	cf := os.Getenv("LA_CFG")
	if cf == "" {
		t.Skip("set LA_CFG to a config to measure its lookahead")
	}
	cfg, err := config.Load(cf)
	if err != nil {
		t.Fatal(err)
	}
	la := cfg.Lookahead.AtDefault()
	if lv := os.Getenv("LA_LEVEL"); lv != "" {
		if la, err = cfg.Lookahead.Named(lv); err != nil {
			t.Fatal(err)
		}
	}
	mk := player.LookaheadMaker("la", cfg.Weights, la)
	gm := player.GreedyMaker("g", cfg.Weights)
	var nodes []int
	var rootVCF, rootVCT, searchStones, defend, defended, vctWins int
	var think time.Duration
	for gi := 0; gi < 20; gi++ {
		b, _ := game.NewBoard(15, game.Freestyle)
		la, _ := mk(player.Options{})
		g, _ := gm(player.Options{})
		b.Play(7*15 + 7 + gi%3 - 1)
		b.Play(6*15 + 7 + gi/3%3 - 1)
		for !b.Over() {
			var m int
			if b.Moves()%2 == gi%2 {
				start := time.Now()
				m, _ = la.Move(context.Background(), b)
				think += time.Since(start)
				last := la.(*player.Lookahead).Last()
				nodes = append(nodes, last.Nodes)
				rootVCF += last.VCFNodes
				rootVCT += last.VCTNodes
				searchStones += last.Nodes - last.VCFNodes - last.VCTNodes - last.DefendNodes
				if last.Reason == lookahead.ReasonVCT {
					vctWins++
				}
				defend += last.DefendNodes
				if len(last.Defence) > 1 {
					defended++
				}
			} else {
				m, _ = g.Move(context.Background(), b)
			}
			b.Play(m)
		}
	}
	sort.Ints(nodes)
	sum := 0
	for _, n := range nodes {
		sum += n
	}
	per := func(n int) float64 { return float64(n) / float64(len(nodes)) }
	t.Logf("moves %d mean %.0f (root VCF %.0f, root VCT %.0f, search %.0f, defence %.0f; %d moves refuted, %d wins by VCT) p50 %d p90 %d p99 %d max %d; %.1f ms a move\n",
		len(nodes), per(sum), per(rootVCF), per(rootVCT), per(searchStones), per(defend), defended, vctWins,
		nodes[len(nodes)/2], nodes[len(nodes)*9/10], nodes[len(nodes)*99/100], nodes[len(nodes)-1],
		float64(think.Microseconds())/1000/float64(len(nodes)))
}
