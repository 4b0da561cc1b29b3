package gen_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/gen"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/mcvm"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// TestManyBoards plays pack.boards games at once in one world, each
// board on fuzzed ground and facing another way, each board's player a
// native AI clicking its cells, in an order shuffled every round, with
// undos now and then, the ticks interleaving every board's turns. Every
// AI stone must be the native AI's move on its board (greedy's; for
// seed000 one of its equal best), and after every stone every cell's
// scores (what the AI chooses from) must be the model's for that board's
// position, read wherever its game is kept. No tick may run more than
// the budget, and uninstall must put every board's ground back.
func TestManyBoards(t *testing.T) {
	cases := []struct {
		size    int
		rule    game.Rule
		profile string
		seeds   int
	}{
		{9, game.Freestyle, packplay.Greedy, 3},
		{7, game.Renju, packplay.Greedy, 2},
		{7, game.Freestyle, packplay.Seed000, 2},
	}
	if testing.Short() {
		cases = cases[:1] // -short (the -race run): one board size, one seed
	}
	for _, c := range cases {
		seeds := c.seeds
		if testing.Short() {
			seeds = 1
		}
		t.Run(fmt.Sprintf("%d_%v_%s", c.size, c.rule, c.profile), func(t *testing.T) {
			t.Parallel()
			res := gen.SmallPack(t, c.size, c.rule, c.profile)
			for s := range seeds {
				st, err := playManyBoards(t, res, uint64(s))
				if err != nil {
					t.Fatalf("seed %d: %v", s, err)
				}
				t.Logf("seed %d: %s", s, st)
			}
		})
	}
}

// TestManyBoardsFailsWithoutPerBoardState is the test's own check: with
// what keeps each board's game apart taken out of the pack (the commands
// that copy a board's scores while another is played; seed000's
// narrowing of its selectors to the board in play), the boards' games mix
// and playManyBoards says so.
func TestManyBoardsFailsWithoutPerBoardState(t *testing.T) {
	cases := []struct {
		name, profile, under string
		cut                  *regexp.Regexp
	}{
		{"score copies", packplay.Greedy, "/function/slot/", regexp.MustCompile(`(?m)^\$scoreboard players operation \S+ \S+ = \S+ \S+\n`)},
		{"seed000 selectors", packplay.Seed000, "/function/seed000/", regexp.MustCompile(`tag=gomoku\.on,`)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := gen.SmallPack(t, 7, game.Freestyle, c.profile)
			taken := 0
			for path, body := range res.Pack.Files {
				if strings.Contains(path, c.under) && (c.profile == packplay.Seed000 || strings.HasSuffix(path, "/slot/save.mcfunction") || strings.HasSuffix(path, "/slot/load.mcfunction")) {
					taken += len(c.cut.FindAll(body, -1))
					res.Pack.Files[path] = c.cut.ReplaceAll(body, nil)
				}
			}
			if taken == 0 {
				t.Fatal("nothing found to take out")
			}
			if _, err := playManyBoards(t, res, 0); err == nil {
				t.Fatalf("with %d pieces taken out, the boards still agreed with their native games", taken)
			} else {
				t.Log(err)
			}
		})
	}
}

// manyStats is what playManyBoards played.
type manyStats struct {
	boards, games, aiMoves, clicks, undos, ticks int
	worstTick                                    int64
}

func (s manyStats) String() string {
	return fmt.Sprintf("%d boards, %d games, %d AI moves checked, %d clicks, %d undos, %d ticks, worst tick %d commands",
		s.boards, s.games, s.aiMoves, s.clicks, s.undos, s.ticks, s.worstTick)
}

// playManyBoards plays one game on each of the pack's boards at once
// (see TestManyBoards) and returns the first disagreement.
func playManyBoards(t *testing.T, res *gen.Result, seed uint64) (manyStats, error) {
	// gen.SmallPack's packs are the default config's, on a small board.
	p, cfg, model := res.Plan, config.Default(), res.Plan.Model()
	n := len(p.Slots)
	st := manyStats{boards: n}
	rng := rand.New(rand.NewPCG(seed, 77))
	// Every board stands on fuzzed ground, which uninstall must put back.
	var grounds []*gen.Ground
	tb, err := packplay.OpenBoardsOn(res.Pack, packplay.Options{Seed: seed}, n, func(m *mcvm.Machine, k int, x, z int32) error {
		grounds = append(grounds, gen.NewGround(t, m, x, z, p.Size, rng))
		return nil
	})
	if err != nil {
		return st, err
	}
	ctx := context.Background()
	players, err := boardPlayers(tb, seed)
	if err != nil {
		return st, err
	}
	// The native AI of each board: greedy's choice is one move, seed000's
	// a random pick among equally best cells, which the boards make with
	// the interpreter's randomness, so for seed000 the pack's stone must
	// be one of the native ties, and its markers' weights the native's.
	greedy := player.NewGreedy(model.Weights, player.Options{Seed: int64(seed)})
	seed000 := make([]*player.Seed000, n)
	for k := range seed000 {
		seed000[k] = player.NewSeed000(cfg.Seed000, player.Options{Seed: int64(seed)})
	}
	checkScores := func(g *packplay.Game, what string) error {
		b := g.Board()
		var err error
		switch g.Profile {
		case packplay.Greedy:
			cells := make([]game.Colour, b.Cells())
			for i := range cells {
				cells[i] = b.At(i)
			}
			err = g.CompareGreedyScores(eval.FromCells(model, cells))
		case packplay.Seed000:
			if b.Over() || b.ToMove() != game.White {
				return nil // the pack keeps the AI's (white's) weights only
			}
			s := seed000[g.Slot()]
			if _, err := s.Move(ctx, b); err != nil {
				return err
			}
			err = compareSeed000ScoresOf(tb.Machine(), s.State(game.White), game.White, fmt.Sprintf("gomoku.b%d", g.Slot()))
		}
		if err != nil {
			return fmt.Errorf("board %d, %s: %v\nmoves: %s\n%s", g.Slot(), what, err, game.FormatMoves(b.History(), b.Size()), game.Picture(b))
		}
		return nil
	}
	tb.OnAIMove = func(g *packplay.Game, before *game.Board, mv int) error {
		st.aiMoves++
		var want []int
		if g.Profile == packplay.Greedy {
			mv, err := greedy.Move(ctx, before)
			if err != nil {
				return err
			}
			want = []int{mv}
		} else {
			s := seed000[g.Slot()]
			if _, err := s.Move(ctx, before); err != nil {
				return err
			}
			want = s.State(before.ToMove()).Ties(func(i int) bool { return before.Legal(i) == nil })
		}
		if !slices.Contains(want, mv) {
			return fmt.Errorf("board %d: the pack's AI played %s, native %s %s\nmoves: %s\n%s", g.Slot(),
				game.FormatMove(mv, before.Size()), g.Profile, game.FormatMoves(want, before.Size()), game.FormatMoves(before.History(), before.Size()), game.Picture(before))
		}
		return checkScores(g, "after the AI's move "+game.FormatMove(mv, before.Size()))
	}
	r := rounds{tb: tb, players: players, rng: rng, check: checkScores, maxWait: 8*n + 20,
		between: func() int {
			// Now and then a tick between two boards' clicks.
			if rng.IntN(3) == 0 {
				return 1
			}
			return 0
		}}
	err = r.play(ctx, res.Budget)
	st.clicks, st.undos, st.ticks, st.worstTick = r.clicks, r.undos, tb.Ticks, tb.Worst
	if err != nil {
		return st, err
	}
	st.games = n
	if err := tb.Uninstall(); err != nil {
		return st, err
	}
	for k, g := range grounds {
		if d := g.Diff(tb.Machine()); d != "" {
			return st, fmt.Errorf("after uninstall, board %d's ground: %s", k, d)
		}
	}
	return st, nil
}

// rounds plays every board of tb until every game is over, round after
// round: in an order rng shuffles, each board whose player is to move
// takes back two stones now and then (from four stones on) or clicks its
// player's move, and check is called after each; between() ticks pass
// after each click; then ticks pass until no AI is to move, at most
// maxWait. Every game must end, and no tick run more than budget
// commands.
type rounds struct {
	tb      *packplay.Boards
	players []player.Player
	rng     *rand.Rand
	check   func(g *packplay.Game, what string) error
	between func() int
	maxWait int
	// clicks and undos count what was played.
	clicks, undos int
}

func (r *rounds) play(ctx context.Context, budget int) error {
	tb := r.tb
	waiting := func() bool {
		for _, g := range tb.Games {
			if g.AwaitingAI() {
				return true
			}
		}
		return false
	}
	for round := 0; ; round++ {
		live := 0
		for _, k := range r.rng.Perm(len(tb.Games)) {
			g := tb.Games[k]
			b := g.Board()
			if b.Over() || g.AwaitingAI() {
				continue
			}
			live++
			if b.Moves() >= 4 && r.rng.IntN(8) == 0 {
				if _, err := g.Undo(); err != nil {
					return fmt.Errorf("board %d: %v", k, err)
				}
				r.undos++
				if err := r.check(g, "after an undo"); err != nil {
					return err
				}
				continue
			}
			mv, err := r.players[k].Move(ctx, b)
			if err != nil {
				return err
			}
			ok, reason, err := g.Click(mv)
			if err != nil {
				return fmt.Errorf("board %d: %v", k, err)
			}
			if !ok {
				return fmt.Errorf("board %d: the click on %s was refused: %s", k, game.FormatMove(mv, b.Size()), reason)
			}
			r.clicks++
			if err := r.check(g, "after the click on "+game.FormatMove(mv, b.Size())); err != nil {
				return err
			}
			for range r.between() {
				if err := tb.Tick(); err != nil {
					return err
				}
			}
		}
		for k := 0; waiting(); k++ {
			if k > r.maxWait {
				return fmt.Errorf("round %d: the AIs did not all move within %d ticks", round, k)
			}
			if err := tb.Tick(); err != nil {
				return err
			}
		}
		if live == 0 {
			break
		}
	}
	for _, g := range tb.Games {
		if !g.Board().Over() {
			return fmt.Errorf("board %d: not over", g.Slot())
		}
	}
	if tb.Worst > int64(budget) {
		return fmt.Errorf("a tick ran %d commands, over the budget of %d", tb.Worst, budget)
	}
	return nil
}

// boardPlayers are the players of tb's boards, clicking: seed001,
// seed002, seed004 and seed000 in turn.
func boardPlayers(tb *packplay.Boards, seed uint64) ([]player.Player, error) {
	opponents := []string{"seed001", "seed002", "seed004", "seed000"}
	var players []player.Player
	for k, g := range tb.Games {
		pl, err := player.New(opponents[k%len(opponents)], player.Options{Size: g.Size, Rule: g.Rule, Seed: int64(seed)*10 + int64(k)})
		if err != nil {
			return nil, err
		}
		players = append(players, pl)
	}
	return players, nil
}
