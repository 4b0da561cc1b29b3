// Package packbench measures what a generated pack's AI costs the game
// server: commands per AI move (mean, 99th percentile, worst) and the
// entities its selectors scan, for each AI profile and board size side by
// side, by playing games through the interpreter (sim/packplay). It is
// `mcgomoku bench`.
//
// Stage: after gen and sim/packplay. Input: a config (its rule and
// numbers; the board size is set per row), the profiles and sizes to
// compare, games per row and a seed. Output: a Result, one Row per profile
// and size plus the goals checked against them, printed as a table
// or JSON.
//
// An AI move (the "whole move" columns) is every command the server runs
// from the end of the call in which the player's stone enters the game
// state (the click's call, which also shows that stone and checks it for
// a win) to the end of the tick whose call puts the AI's stone into the
// game state (its gomoku.cell score) and shows it: the loop's upkeep,
// the AI's decision, its state update, the world update, the win check
// and the feedback to the players. The player's own move (the click) is
// reported apart.
//
// The AI's path (the "path" columns) is the whole move less the feedback:
// less the commands and entity scans of the functions under gomoku:ui/
// (packplay.FeedbackPrefix: sounds, titles and the actionbar for the
// players near the board, and answering the menu trigger), each function
// charged its own lines only (mcvm's Cost.ByFunction), so the command
// that calls a feedback function counts in the path, the feedback's own
// commands and its @a selectors do not. Everything else the pack runs in
// the whole move is in the path, the loop's upkeep included.
//
// Invariant: the counts are deterministic for a given config, seed and
// mcvm; only the timing columns vary.
package packbench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/mcgomoku/mcgomoku/gen"
	"github.com/mcgomoku/mcgomoku/internal/benchgoal"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/mcvm"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// Options say what to measure.
type Options struct {
	// Config gives the rule and every number; its board size is replaced
	// by each of Sizes. nil: each AI's default, as mcgomoku gen gives it
	// (config.ProfileDefault).
	Config   *config.Config
	Profiles []string // AI profiles, e.g. greedy and seed000
	Sizes    []int    // board sizes
	Games    int      // games per row, the AI taking white and black in turn
	Seed     uint64   // seeds the random openings and the interpreter
	// Progress, when set, is told about each finished row.
	Progress func(r Row)
	// Boards, when above one, adds for each profile and size a row of
	// that many boards in one world thinking at once, over BoardRounds
	// rounds (each: every board's player moves, then every board's AI).
	Boards, BoardRounds int
	// Profile records every command the games run (Result.Profile), at
	// the price of a slower interpreter and much memory.
	Profile bool
	// Levels are the lookahead's levels to measure, a row each (picked
	// as a player does, gomoku:level/<name>); none: every level of the
	// config. The several-boards row puts board k at level k of them
	// (cycling).
	Levels []string
}

// BoardsRow is several boards of one pack in one world, their AIs
// thinking at once: each round every board's player clicks a cell, then
// ticks pass until every board's AI has moved (the loop serves one
// board a tick, each brought into play in its turn).
type BoardsRow struct {
	Profile string `json:"ai"`
	// Levels are the boards' levels, comma-separated, board k's the k-th
	// (cycling); the lookahead only.
	Levels  string `json:"levels,omitempty"`
	Size    int    `json:"size"`
	Rule    string `json:"rule"`
	Boards  int    `json:"boards"`
	Rounds  int    `json:"rounds"`
	AIMoves int    `json:"ai_moves"`
	// Commands per tick while the AIs think: mean and worst, and the
	// most one call ran (what the game's quota bounds).
	TickCommandsMean float64 `json:"tick_commands_mean"`
	TickCommandsMax  int64   `json:"tick_commands_max"`
	CallMax          int64   `json:"call_commands_max"`
	// Entities the AI path's selectors tested in those ticks, at most in
	// one tick (feedback under gomoku:ui/ left out).
	PathEntitiesMax int64 `json:"path_entities_scanned_max"`
	// Ticks from the round's last click until every board's AI had moved.
	RoundTicksMean float64 `json:"round_ticks_mean"`
	RoundTicksMax  int     `json:"round_ticks_max"`
	// StaticWorst is gen's proven bound on any one call of the pack.
	StaticWorst int `json:"static_worst_call"`
}

// Row is one profile on one board size.
type Row struct {
	Profile string `json:"ai"`
	Level   string `json:"level,omitempty"` // the lookahead's level
	Size    int    `json:"size"`
	Rule    string `json:"rule"`
	Games   int    `json:"games"`
	AIMoves int    `json:"ai_moves"`
	// The AI's path per AI move (the whole move less the feedback, see
	// the package doc): commands, and entities tested by selectors.
	PathCommandsMean float64 `json:"path_commands_mean"`
	PathCommandsP99  int64   `json:"path_commands_p99"`
	PathCommandsMax  int64   `json:"path_commands_max"`
	PathEntitiesMean float64 `json:"path_entities_scanned_mean"`
	PathEntitiesMax  int64   `json:"path_entities_scanned_max"`
	// The whole AI move, feedback included: commands and entities
	// tested by selectors.
	CommandsMean float64 `json:"commands_mean"`
	CommandsP99  int64   `json:"commands_p99"`
	CommandsMax  int64   `json:"commands_max"`
	EntitiesMean float64 `json:"entities_scanned_mean"`
	EntitiesMax  int64   `json:"entities_scanned_max"`
	// Ticks per AI move, from the player's stone to the AI's: mean, 99th
	// percentile, most (the lookahead thinks over many).
	TicksMean float64 `json:"ticks_mean"`
	TicksP99  int64   `json:"ticks_p99"`
	TicksMax  int     `json:"ticks_max"`
	// TickCommandsMean is the commands a tick of an AI move ran, on
	// average over the row's AI moves (the whole move's commands over its
	// ticks).
	TickCommandsMean float64 `json:"tick_commands_mean"`
	// CallMax is the most commands one call of an AI move ran, what the
	// game's command quota (max_command_sequence_length) bounds.
	CallMax int64 `json:"call_commands_max"`
	// StaticWorst is gen's proven bound on one gomoku:ai/turn call.
	StaticWorst int `json:"static_worst_call"`
	// The player's moves (clicks), for comparison.
	PlayerCommandsMean float64 `json:"player_commands_mean"`
	PlayerCommandsMax  int64   `json:"player_commands_max"`
	PlayerEntitiesMean float64 `json:"player_entities_scanned_mean"`
	// CommandsPerSecond is the interpreter's speed over the row's AI
	// moves and clicks (wall clock inside the interpreter; varies with
	// the machine).
	CommandsPerSecond float64 `json:"commands_per_second"`
	// Stones is how many stones the lookahead's search placed in the
	// row's games (calls of gomoku:la/make/<cell>, la/lmake/<cell> and
	// la/tmake/<cell>),
	// and StoneCommands the commands of its makes and unmakes and of
	// everything they ran (MakePrefixes, UnmakePrefixes), per stone: what a stone costs the
	// search. Zero for the other AIs.
	Stones        int64   `json:"stones"`
	StoneCommands float64 `json:"commands_per_stone"`
	// SearchStones is how many stones the search counted in the row's
	// games, as its twin does (#la.nodes at the end of each move): those
	// placed and those counted from the patterns without placing them
	// (a continuous-fours four that wins or leads nowhere, with its
	// block: CountPrefixes). SearchStoneCommands is the commands of the
	// makes, unmakes and counts, with all they ran, per search stone:
	// what the same search costs a stone.
	SearchStones        int64   `json:"search_stones,omitempty"`
	SearchStoneCommands float64 `json:"commands_per_search_stone,omitempty"`
}

// MakePrefixes and UnmakePrefixes name the search's per-cell functions
// that place its stones and take them back: la/make and la/unmake, for
// a stone whose search child is a leaf la/lmake and la/lunmake, and for
// a threat search's (continuous fours, threat space, defence) la/tmake
// and la/tunmake.
// CountPrefixes name the functions that count a stone of the search's
// without placing it (la/vcf/count, and la/vcf/dead and la/vcf/passed
// for a four that leads nowhere and its block).
var (
	MakePrefixes   = []string{"gomoku:la/make/", "gomoku:la/lmake/", "gomoku:la/tmake/"}
	UnmakePrefixes = []string{"gomoku:la/unmake/", "gomoku:la/lunmake/", "gomoku:la/tunmake/"}
	CountPrefixes  = []string{"gomoku:la/vcf/count", "gomoku:la/vcf/dead", "gomoku:la/vcf/passed"}
)

// Goal is one target the bench checks.
type Goal = benchgoal.Goal

// Result is a bench run.
type Result struct {
	Config string      `json:"config"`
	Seed   uint64      `json:"seed"`
	Rows   []Row       `json:"rows"`
	Boards []BoardsRow `json:"boards,omitempty"`
	Goals  []Goal      `json:"goals"`
	// Profile recorded every command the games ran, by function, line
	// and call stack, over every row (the packs' loading and board
	// building left out); nil unless Options.Profile.
	Profile *mcvm.Profiler `json:"-"`
}

// Goal thresholds (issue 4).
const (
	GoalRatio    = 5      // greedy at most a fifth of seed000's commands per AI move on 15×15
	GoalWorst    = 20_000 // greedy's worst AI move, in commands
	GoalRateSize = 15
	// The lookahead's think time on GoalRateSize, in ticks per AI move.
	GoalThinkMean = 40
	GoalThinkMax  = 200
)

// Run plays Options.Games games per profile and size and measures them.
func Run(ctx context.Context, opt Options) (*Result, error) {
	// Without a config each AI gets its own default (the lookahead its
	// tuned values), as gen gives it.
	cfg := opt.Config
	cfgOf := func(profile string) *config.Config {
		if opt.Config == nil {
			return config.ProfileDefault(profile)
		}
		return opt.Config
	}
	if cfg == nil {
		cfg = config.ProfileDefault(packplay.Lookahead)
	}
	if opt.Games <= 0 {
		return nil, fmt.Errorf("want at least one game per row, got %d", opt.Games)
	}
	res := &Result{Config: cfg.Source, Seed: opt.Seed}
	if opt.Profile {
		res.Profile = mcvm.NewProfiler()
	}
	if opt.Config == nil {
		res.Config = "(each AI's default)"
	}
	levels := opt.Levels
	if len(levels) == 0 {
		levels = cfg.Lookahead.LevelNames()
	}
	for _, l := range levels {
		if _, ok := cfg.Lookahead.LevelIndex(l); !ok {
			return nil, fmt.Errorf("%s has no lookahead level %q (its levels: %s)", cfg.Source, l, strings.Join(cfg.Lookahead.LevelNames(), ", "))
		}
	}
	levelsOf := func(profile string) []string {
		if profile == packplay.Lookahead {
			return levels
		}
		return nil
	}
	for _, profile := range opt.Profiles {
		for _, size := range opt.Sizes {
			rows, err := measure(ctx, cfgOf(profile), profile, levelsOf(profile), size, opt.Games, opt.Seed, res.Profile)
			for _, r := range rows {
				res.Rows = append(res.Rows, r)
				if opt.Progress != nil {
					opt.Progress(r)
				}
			}
			if err != nil {
				return res, fmt.Errorf("%s %d×%d: %w", profile, size, size, err)
			}
		}
	}
	if opt.Boards > 1 {
		for _, profile := range opt.Profiles {
			for _, size := range opt.Sizes {
				r, err := measureBoards(ctx, cfgOf(profile), profile, levelsOf(profile), size, opt.Boards, max(opt.BoardRounds, 1), opt.Seed, res.Profile)
				if err != nil {
					return res, fmt.Errorf("%s %d×%d, %d boards: %w", profile, size, size, opt.Boards, err)
				}
				res.Boards = append(res.Boards, r)
			}
		}
	}
	res.Goals = Goals(res.Rows)
	return res, nil
}

// measure plays games on one pack of profile on a size×size board, a row
// of them at each of levels (the lookahead's; none for the others).
func measure(ctx context.Context, base *config.Config, profile string, levels []string, size, games int, seed uint64, prof *mcvm.Profiler) ([]Row, error) {
	cfg := *base
	cfg.Game.Size = size
	in, err := gen.FromConfig(&cfg, profile)
	if err != nil {
		return nil, err
	}
	res, err := gen.Generate(in, gen.Options{})
	if err != nil {
		return nil, err
	}
	g, err := packplay.Open(res.Pack, packplay.Options{Seed: seed})
	if err != nil {
		return nil, err
	}
	if prof != nil {
		g.Machine().SetProfiler(prof)
	}
	runs := levels
	if len(runs) == 0 {
		runs = []string{""}
	}
	var rows []Row
	for _, level := range runs {
		makes, unmakes := &mcvm.Tally{Prefixes: MakePrefixes}, &mcvm.Tally{Prefixes: UnmakePrefixes}
		counts := &mcvm.Tally{Prefixes: CountPrefixes}
		g.Machine().SetTallies(makes, unmakes, counts)
		r, err := measureLevel(ctx, g, &cfg, profile, level, games, seed, res.WorstAIMoveCommands)
		g.Machine().SetTallies()
		if r.Stones = makes.Calls; r.Stones > 0 {
			r.StoneCommands = float64(makes.Commands+unmakes.Commands) / float64(r.Stones)
		}
		if r.SearchStones > 0 {
			r.SearchStoneCommands = float64(makes.Commands+unmakes.Commands+counts.Commands) / float64(r.SearchStones)
		}
		if err != nil {
			return rows, err
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// measureLevel plays games on g at level ("": the pack has none).
func measureLevel(ctx context.Context, g *packplay.Game, cfg *config.Config, profile, level string, games int, seed uint64, worst int) (Row, error) {
	size := cfg.Game.Size
	row := Row{Profile: profile, Level: level, Size: size, Rule: cfg.Game.Rule.String(), Games: games, StaticWorst: worst}
	opp := player.NewGreedy(cfg.Weights, player.Options{})
	var cmds, ents, pathCmds, pathEnts, clicks, clickEnts, ticks []int64
	var busy time.Duration
	for gi := 0; gi < games; gi++ {
		rng := rand.New(rand.NewPCG(seed, uint64(gi)))
		ai := []game.Colour{game.White, game.Black}[gi%2]
		if err := g.Start(packplay.ModeAI, ai); err != nil {
			return row, err
		}
		if level != "" {
			// As a player picks it, before the AI's first move.
			if err := g.Run("gomoku:level/" + level); err != nil {
				return row, err
			}
		}
		b := game.MustBoard(size, cfg.Game.Rule)
		for !b.Over() {
			if err := ctx.Err(); err != nil {
				return row, err
			}
			if b.Moves() < randomOpening {
				// The opening: random stones near the centre for both
				// sides, the AI's placed, so that each game takes its own
				// course and then runs long, as between equals.
				mv := openingMove(rng, b)
				var err error
				if b.ToMove() == ai {
					err = g.Place(mv)
				} else if ok, why, cerr := g.Click(mv); cerr != nil {
					err = cerr
				} else if !ok {
					err = fmt.Errorf("the pack refused the player's legal %s: %s", game.FormatMove(mv, size), why)
				}
				if err != nil {
					return row, err
				}
				b.Play(mv)
				continue
			}
			if b.ToMove() == ai {
				mv, cost, err := g.AIMove()
				busy += cost.Time
				if err != nil {
					return row, err
				}
				cmds = append(cmds, cost.Commands)
				ents = append(ents, cost.EntitiesScanned)
				pathCmds = append(pathCmds, cost.PathCommands())
				pathEnts = append(pathEnts, cost.PathEntitiesScanned())
				row.TicksMax = max(row.TicksMax, cost.Ticks)
				ticks = append(ticks, int64(cost.Ticks))
				row.CallMax = max(row.CallMax, cost.MaxCall)
				if n, ok := g.BoardScore("#la.nodes", "gomoku.la"); ok {
					row.SearchStones += int64(n) // the move's: la/start sets it to 0
				}
				b.Play(mv)
				continue
			}
			mv, err := opp.Move(context.Background(), b)
			if err != nil {
				return row, err
			}
			ok, why, err := g.Click(mv)
			if err != nil {
				return row, err
			}
			busy += g.ClickCost().Time
			if !ok {
				return row, fmt.Errorf("the pack refused the player's legal %s: %s", game.FormatMove(mv, size), why)
			}
			c := g.ClickCost()
			clicks = append(clicks, c.Commands)
			clickEnts = append(clickEnts, c.EntitiesScanned)
			b.Play(mv)
		}
	}
	row.AIMoves = len(cmds)
	row.CommandsMean, row.CommandsP99, row.CommandsMax = summary(cmds)
	row.EntitiesMean, _, row.EntitiesMax = summary(ents)
	row.PathCommandsMean, row.PathCommandsP99, row.PathCommandsMax = summary(pathCmds)
	row.PathEntitiesMean, _, row.PathEntitiesMax = summary(pathEnts)
	row.PlayerCommandsMean, _, row.PlayerCommandsMax = summary(clicks)
	row.PlayerEntitiesMean, _, _ = summary(clickEnts)
	row.TicksMean, row.TicksP99, _ = summary(ticks)
	var allCmds, allTicks int64
	for k := range cmds {
		allCmds += cmds[k]
		allTicks += ticks[k]
	}
	if allTicks > 0 {
		row.TickCommandsMean = float64(allCmds) / float64(allTicks)
	}
	if busy > 0 {
		var total int64
		for _, v := range append(cmds, clicks...) {
			total += v
		}
		row.CommandsPerSecond = float64(total) / busy.Seconds()
	}
	return row, nil
}

// measureBoards plays rounds on boards boards of one pack at once: each
// round every board's player (native greedy, after a random opening)
// clicks, then the ticks pass until every AI has moved; a finished game
// starts over. What the ticks of the AIs' thinking cost is the row.
func measureBoards(ctx context.Context, base *config.Config, profile string, levels []string, size, boards, rounds int, seed uint64, prof *mcvm.Profiler) (BoardsRow, error) {
	cfg := *base
	cfg.Game.Size = size
	cfg.Pack.Boards = max(cfg.Pack.Boards, boards)
	cfg.Pack.BoardsPerPlayer = max(cfg.Pack.BoardsPerPlayer, 1)
	row := BoardsRow{Profile: profile, Levels: strings.Join(levels, ","), Size: size, Rule: cfg.Game.Rule.String(), Boards: boards, Rounds: rounds}
	in, err := gen.FromConfig(&cfg, profile)
	if err != nil {
		return row, err
	}
	res, err := gen.Generate(in, gen.Options{})
	if err != nil {
		return row, err
	}
	_, row.StaticWorst = res.Costs.Worst()
	tb, err := packplay.OpenBoards(res.Pack, packplay.Options{Seed: seed}, boards)
	if err != nil {
		return row, err
	}
	if prof != nil {
		tb.Machine().SetProfiler(prof)
	}
	for k, g := range tb.Games {
		if len(levels) > 0 {
			if err := g.Run("gomoku:level/" + levels[k%len(levels)]); err != nil {
				return row, err
			}
		}
	}
	// A round waits for its slowest board: the most any one level's move
	// may take, a stone a tick at the least, with every board's turn.
	maxTicks := 40*boards + size*size
	for _, l := range levels {
		i, _ := cfg.Lookahead.LevelIndex(l)
		at := cfg.Lookahead.At(i)
		maxTicks = max(maxTicks, boards*(at.Nodes+at.VCFNodes+(at.DefendTries+1)*at.DefendNodes+size*size))
	}
	opp := player.NewGreedy(cfg.Weights, player.Options{})
	rng := rand.New(rand.NewPCG(seed, 99))
	thinking := false
	var tickCmds []int64
	tb.Record = func(c packplay.Cost) {
		if thinking {
			tickCmds = append(tickCmds, c.Commands)
			row.CallMax = max(row.CallMax, c.MaxCall)
			row.PathEntitiesMax = max(row.PathEntitiesMax, c.PathEntitiesScanned())
		}
	}
	var roundTicks []int64
	awaiting := func() int {
		n := 0
		for _, g := range tb.Games {
			if g.AwaitingAI() {
				n++
			}
		}
		return n
	}
	for round := 0; round < rounds; round++ {
		if err := ctx.Err(); err != nil {
			return row, err
		}
		for _, g := range tb.Games {
			b := g.Board()
			if b.Over() {
				if err := g.Restart(); err != nil {
					return row, err
				}
				b = g.Board()
			}
			var mv int
			if b.Moves() < randomOpening {
				mv = openingMove(rng, b)
			} else if mv, err = opp.Move(ctx, b); err != nil {
				return row, err
			}
			if ok, why, err := g.Click(mv); err != nil {
				return row, err
			} else if !ok {
				return row, fmt.Errorf("board %d refused the player's legal %s: %s", g.Slot(), game.FormatMove(mv, size), why)
			}
		}
		thinking = true
		row.AIMoves += awaiting()
		ticks := 0
		for ; awaiting() > 0; ticks++ {
			if ticks > maxTicks {
				return row, fmt.Errorf("round %d: the AIs did not all move within %d ticks", round, ticks)
			}
			if err := tb.Tick(); err != nil {
				return row, err
			}
		}
		thinking = false
		roundTicks = append(roundTicks, int64(ticks))
	}
	row.TickCommandsMean, _, row.TickCommandsMax = summary(tickCmds)
	mean, _, most := summary(roundTicks)
	row.RoundTicksMean, row.RoundTicksMax = mean, int(most)
	return row, nil
}

// openingMove is a random empty cell within two of the centre.
func openingMove(rng *rand.Rand, b *game.Board) int {
	c := b.Size() / 2
	for {
		x, y := c-2+rng.IntN(5), c-2+rng.IntN(5)
		if i := b.Index(x, y); b.Legal(i) == nil {
			return i
		}
	}
}

// randomOpening is how many stones each game starts with, at random.
const randomOpening = 4

// summary returns the mean, the 99th percentile (nearest rank) and the
// maximum.
func summary(v []int64) (mean float64, p99, most int64) {
	if len(v) == 0 {
		return 0, 0, 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	var sum int64
	for _, x := range s {
		sum += x
	}
	rank := int(math.Ceil(0.99*float64(len(s)))) - 1
	return float64(sum) / float64(len(s)), s[rank], s[len(s)-1]
}

// Goals checks the targets against the rows that bear on them:
// greedy at most a fifth of seed000's mean commands per AI move on 15×15
// (whole moves, feedback included, on both sides), no entity scanned in
// greedy's AI path, and greedy's worst whole AI move under 20,000
// commands; the lookahead's think time (issue 11: at most GoalThinkMean
// ticks on average, GoalThinkMax at worst, on 15×15) and its AI path free
// of entities. A goal whose rows were not measured is left out.
func Goals(rows []Row) []Goal {
	var out []Goal
	find := func(profile string, size int) *Row {
		for i := range rows {
			if rows[i].Profile == profile && rows[i].Size == size {
				return &rows[i]
			}
		}
		return nil
	}
	if g, s := find(packplay.Greedy, GoalRateSize), find(packplay.Seed000, GoalRateSize); g != nil && s != nil {
		ratio := s.CommandsMean / math.Max(g.CommandsMean, 1)
		pathRatio := s.PathCommandsMean / math.Max(g.PathCommandsMean, 1)
		out = append(out, Goal{
			Goal: fmt.Sprintf("greedy needs at most 1/%d of seed000's commands per AI move on %d×%d", GoalRatio, GoalRateSize, GoalRateSize),
			OK:   g.CommandsMean*GoalRatio <= s.CommandsMean,
			Detail: fmt.Sprintf("whole move %.0f vs %.0f: 1/%.1f; AI path %.0f vs %.0f: 1/%.1f",
				g.CommandsMean, s.CommandsMean, ratio, g.PathCommandsMean, s.PathCommandsMean, pathRatio),
		})
	}
	// The think-time goal holds the quickest level measured (the
	// lookahead as issue 11 shipped it); the bound holds every level.
	var quickest *Row
	for i := range rows {
		if l := &rows[i]; l.Profile == packplay.Lookahead && l.Size == GoalRateSize && (quickest == nil || l.TicksMean < quickest.TicksMean) {
			quickest = l
		}
	}
	if l := quickest; l != nil {
		out = append(out, Goal{
			Goal: fmt.Sprintf("the lookahead%s thinks at most %d ticks on average and %d at worst on %d×%d", levelSuffix(l.Level), GoalThinkMean, GoalThinkMax, GoalRateSize, GoalRateSize),
			OK:   l.TicksMean <= GoalThinkMean && l.TicksMax <= GoalThinkMax,
			Detail: fmt.Sprintf("mean %.1f, p99 %d, worst %d ticks; %.0f commands a tick, %d at most in a call (bound %d)",
				l.TicksMean, l.TicksP99, l.TicksMax, l.TickCommandsMean, l.CallMax, l.StaticWorst),
		})
	}
	for _, l := range rows {
		if l.Profile != packplay.Lookahead {
			continue
		}
		out = append(out, Goal{
			Goal:   fmt.Sprintf("the lookahead%s scans no entities in the AI's path, and no call runs over its proven bound on %d×%d", levelSuffix(l.Level), l.Size, l.Size),
			OK:     l.PathEntitiesMax == 0 && l.CallMax <= int64(l.StaticWorst),
			Detail: fmt.Sprintf("%d entities at most; %d commands at most in a call, bound %d; %.1f ticks a move on average, %d at the 99th percentile, %d at worst", l.PathEntitiesMax, l.CallMax, l.StaticWorst, l.TicksMean, l.TicksP99, l.TicksMax),
		})
	}
	var greedy []Row
	for _, r := range rows {
		if r.Profile == packplay.Greedy {
			greedy = append(greedy, r)
		}
	}
	if len(greedy) == 0 {
		return out
	}
	scan := Goal{Goal: "greedy scans no entities in the AI's path", OK: true}
	worst := Goal{Goal: fmt.Sprintf("greedy's worst AI move stays under %d commands", GoalWorst), OK: true}
	var scans, worsts []string
	for _, r := range greedy {
		scan.OK = scan.OK && r.PathEntitiesMax == 0
		worst.OK = worst.OK && r.CommandsMax < GoalWorst
		scans = append(scans, fmt.Sprintf("%d×%d: %d at most (whole move with feedback: %d)", r.Size, r.Size, r.PathEntitiesMax, r.EntitiesMax))
		worsts = append(worsts, fmt.Sprintf("%d×%d: %d (bound %d per call)", r.Size, r.Size, r.CommandsMax, r.StaticWorst))
	}
	scan.Detail, worst.Detail = strings.Join(scans, ", "), strings.Join(worsts, ", ")
	return append(out, scan, worst)
}

// levelSuffix names a row's level in a goal: " at level quick", or "".
func levelSuffix(level string) string {
	if level == "" {
		return ""
	}
	return " at level " + level
}

// dash prints "" as "-", for a table cell.
func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// WriteText prints the rows as a table, a legend, then the goals.
func (r *Result) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "AI\tlevel\tboard\tgames\tAI moves\tpath cmds/move mean\tp99\tmax\tpath entities max\twhole cmds/move mean\tmax\twhole entities mean\tmax\tticks mean\tp99\tmax\tcmds/tick mean\tcall max\tbound/call\tstones\tcmds/stone\tsearch stones\tcmds/search stone\tplayer cmds mean\tM cmds/s\t")
	for _, x := range r.Rows {
		stone, search := "-", "-"
		if x.Stones > 0 {
			stone = fmt.Sprintf("%.0f", x.StoneCommands)
		}
		if x.SearchStones > 0 {
			search = fmt.Sprintf("%.0f", x.SearchStoneCommands)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d×%d %s\t%d\t%d\t%.0f\t%d\t%d\t%d\t%.0f\t%d\t%.0f\t%d\t%.1f\t%d\t%d\t%.0f\t%d\t%d\t%d\t%s\t%d\t%s\t%.0f\t%.1f\t\n",
			x.Profile, dash(x.Level), x.Size, x.Size, x.Rule, x.Games, x.AIMoves,
			x.PathCommandsMean, x.PathCommandsP99, x.PathCommandsMax, x.PathEntitiesMax,
			x.CommandsMean, x.CommandsMax, x.EntitiesMean, x.EntitiesMax,
			x.TicksMean, x.TicksP99, x.TicksMax, x.TickCommandsMean, x.CallMax, x.StaticWorst, x.Stones, stone, x.SearchStones, search, x.PlayerCommandsMean, x.CommandsPerSecond/1e6)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nPer AI move. whole: the whole move, every command from the player's stone landing to the AI's, feedback included.")
	fmt.Fprintf(w, "path: the AI's path, the whole move less the feedback functions under %s (sounds, titles, actionbar, menu trigger).\n", packplay.FeedbackPrefix)
	fmt.Fprintf(w, "stones: the lookahead search's stones placed (%s*); cmds/stone: its makes' and unmakes' commands, with all they ran, per stone.\n", strings.Join(MakePrefixes, "*, "))
	fmt.Fprintf(w, "search stones: the stones its search counted, as the twin does, placed or counted from the patterns (%s*); cmds/search stone: the makes', unmakes' and counts' commands per search stone.\n", strings.Join(CountPrefixes, "*, "))
	if len(r.Boards) > 0 {
		fmt.Fprintln(w)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "AI\tlevels\tboard\tboards\trounds\tAI moves\tcmds/tick mean\tmax\tcall max\tbound/call\tpath entities max\tticks/round mean\tmax\t")
		for _, x := range r.Boards {
			fmt.Fprintf(tw, "%s\t%s\t%d×%d %s\t%d\t%d\t%d\t%.0f\t%d\t%d\t%d\t%d\t%.1f\t%d\t\n",
				x.Profile, dash(x.Levels), x.Size, x.Size, x.Rule, x.Boards, x.Rounds, x.AIMoves, x.TickCommandsMean, x.TickCommandsMax,
				x.CallMax, x.StaticWorst, x.PathEntitiesMax, x.RoundTicksMean, x.RoundTicksMax)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintln(w, "\nSeveral boards thinking at once: each round every board's player moves, then ticks pass until every AI has; per tick of that thinking.")
	}
	return benchgoal.Write(w, r.Goals)
}

// WriteJSON prints the result as indented JSON.
func (r *Result) WriteJSON(w io.Writer) error { return writeJSON(w, r) }

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// family is a function's id with every path segment that numbers a cell,
// a slot, a line or a node of a tree (112, 108_0, e17, 0_1219) made "*",
// so that a pack's thousands of per-cell functions count as the few
// functions they are rendered from.
func family(id string) string {
	ns, path, ok := strings.Cut(id, ":")
	if !ok {
		return id
	}
	segs := strings.Split(path, "/")
	for i, s := range segs {
		if numbered(s) {
			segs[i] = "*"
		}
	}
	return ns + ":" + strings.Join(segs, "/")
}

// numbered says whether a path segment is a number, numbers joined by
// "_", or such led by at most two letters.
func numbered(s string) bool {
	i := 0
	for i < len(s) && i < 2 && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	if i == len(s) || s[i] < '0' || s[i] > '9' {
		return false
	}
	for ; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '_' {
			return false
		}
	}
	return true
}

// WriteTop prints the n families of functions (family) whose own lines
// ran the most commands in the profile, with their share and what they
// and everything they called ran.
func (r *Result) WriteTop(w io.Writer, n int) error {
	total, _, _ := r.Profile.Totals()
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "flat\tflat%\tcum\tcum%\tfunctions\t")
	for _, e := range r.Profile.Top(n, family) {
		fmt.Fprintf(tw, "%d\t%.1f%%\t%d\t%.1f%%\t%s\t\n", e.Flat, pct(e.Flat, total), e.Cum, pct(e.Cum, total), e.Function)
	}
	return tw.Flush()
}

func pct(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}
