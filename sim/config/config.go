// Package config loads mcgomoku's TOML configuration: board size, rule, the
// colour the AI plays, and every number the AIs use. It is the first stage
// of the pipeline: TOML text in, a validated Config out.
//
// Decoding is strict. An unknown key, a value of the wrong type or out of
// range is an error naming the file, line and key, with a hint where one
// helps. Keys a file leaves out keep the embedded default config's values,
// so a config may hold only what it changes.
//
// Invariant: a Config returned without error passes Validate, which proves
// that no reachable AI score overflows a signed 32-bit integer.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/mcgomoku/mcgomoku/examples"
	"github.com/mcgomoku/mcgomoku/internal/suggest"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// Config is a whole mcgomoku configuration.
type Config struct {
	Game    Game
	AI      AI
	Weights eval.Weights // the greedy AI
	Seed000 Seed000      // the seed000 port, native and in the pack
	Search  Search       // the search engine (sim/search)
	// Lookahead is the lookahead AI's search (sim/lookahead): the greedy
	// model with threat and alpha-beta search small enough for commands.
	Lookahead Lookahead
	Pack      Pack // how the generated data pack looks (mcgomoku gen)
	Tune      Tune // what mcgomoku tune moves, and how (tune.go)
	// Source is the file the config came from ("(default)" when embedded).
	Source string
}

// Game is the board and who plays what.
type Game struct {
	Size     int         // cells per side, 5..25
	Rule     game.Rule   // freestyle, standard or renju
	AIColour game.Colour // the colour the AI takes in player-vs-AI games
}

// AI chooses the pack's AI and its randomness.
type AI struct {
	Profile string // "greedy" (our model) or "seed000" (the seed's design)
	Seed    int64  // seeds noise and random tie-breaks
}

// Seed000 holds the numbers of seed000's command-block AI (SEEDS.md).
type Seed000 struct {
	Attack         int32 // added to a direction's attack weight per own stone
	Defence        int32 // added to a direction's defence weight per opponent stone
	Cap            int32 // a direction weight is only raised while it is <= Cap
	CentreMax      int32 // positional bias at the centre
	CentreMin      int32 // positional bias at the edge
	High           int32 // bonus for cells a shape check marks as must-block
	LineRadius     int   // update selector radius (blocks) along rows and columns
	DiagonalRadius int   // update selector radius (blocks) along diagonals, where cells are √2 apart
}

// Seed000HighReach is how far from the new stone, along each of its four
// lines, seed000's "high" shape checks look for a must-block cell. It is the
// seed's design, not a tunable number, but lives beside Seed000 so that the
// native port (sim/player) and the pack generator (gen) share it without gen
// importing the players.
const Seed000HighReach = 4

// Bias returns cell i's starting weight. The seed's board is 19×19
// with 10 in the middle and 1 at the outermost ring: ten square rings, so
// the bias is 1 + the ring counted from the edge. Generalised: ring e =
// min(x, y, size-1-x, size-1-y) and innermost ring E = (size-1)/2 give
// CentreMin + round((CentreMax-CentreMin)·e/E), halves rounded up, which is
// exactly 1+e on 19×19 with the defaults and keeps CentreMax at the centre
// and CentreMin at the edge on every size.
func (cfg Seed000) Bias(size, i int) int32 {
	x, y := i%size, i/size
	e := min(x, y, size-1-x, size-1-y)
	outer := (size - 1) / 2
	span := int64(cfg.CentreMax - cfg.CentreMin)
	return cfg.CentreMin + int32((2*int64(e)*span+int64(outer))/(2*int64(outer)))
}

// Search holds the search engine's budgets and shape: the search player,
// play's hint, brain --engine search and the opening judge (sim/search).
type Search struct {
	Time         time.Duration // thinking time per move; 0 = none (Nodes must be set)
	Nodes        int64         // node budget per move; 0 = none. With Time, the first to run out
	MaxDepth     int           // deepest alpha-beta iteration, plies
	Width        int           // moves searched at each node, best static score first
	Margin       int           // candidate cells: the stones' bounding box plus this many cells
	Threads      int           // goroutines sharing out the root moves
	HashMB       int           // transposition table size, MiB
	RandomMargin int32         // play any root move scoring within this of the best; 0 = the best
	VCFNodes     int64         // node budget of the continuous-fours search at the root
	VCTNodes     int64         // node budget of the continuous-threats search at the root
	VCTDepth     int           // attacker moves in one continuous-threats line
	LeafVCFNodes int64         // node budget of the fours search at each leaf; 0 = none
	// Value is the leaf evaluation's value of one pattern on one line of an
	// empty cell; a position is worth the mover's sum minus the opponent's.
	Value [eval.NumPatterns]int32
}

// Lookahead holds the lookahead AI's budgets and shape (sim/lookahead).
// Every number is small on purpose: the same search runs as commands,
// where each stone placed costs hundreds of them.
type Lookahead struct {
	Depth        int // alpha-beta plies; a forced block is searched at no cost in depth
	Width        int // moves searched at each inner node, best model score first
	RootWidth    int // moves searched at the root
	VCFDepth     int // our fours in one continuous-fours line at the root; 0 = no root VCF
	VCFWidth     int // four-making moves tried at each continuous-fours node
	LeafVCFDepth int // fours in the continuous-fours search at each leaf; 0 = none
	LeafVCFNodes int // stones each leaf's continuous-fours search may place
	Nodes        int // stones the alpha-beta search may place (its leaves' VCF included)
	VCFNodes     int // stones the root's continuous-fours search may place
	// DefendNodes is what each of the defence's checks may place (the
	// opponent's continuous fours after a move), DefendTries how many
	// cells of the opponent's win it may try instead of the search's
	// move; 0 = no defence.
	DefendNodes, DefendTries int
	// VCTDepth is how many of our threats (fours and open threes) one
	// line of the root's threat-space search may hold, 0 = none;
	// VCTWidth the threat moves tried at each of its nodes; VCTNodes the
	// stones it may place. DefendVCTNodes is what each defence check may
	// place looking for the opponent's threat-space win after a move
	// (vct_depth deep), 0 = the defence checks fours only. The pack has
	// no threat-space search yet: a config for it keeps these off.
	VCTDepth, VCTWidth, VCTNodes, DefendVCTNodes int
	// MoveNodes bounds the stones a whole move may place, all its stages
	// together (root fours and threats, the search, every defence
	// check): a stage that would go past it runs out there, as it does
	// at its own budget. It keeps the slowest moves near the others.
	MoveNodes int
	// Widen is how many more cells an inner node of the search tries
	// when every move its width kept loses by force: cells where either
	// side makes a four (the answers to a three or a four the width left
	// out), best first, after the width's; 0 = none.
	Widen int
	// Deepen makes stage 3 iterate: the root searched at depth Deepen,
	// then one ply deeper each time up to Depth, the last iteration's
	// best move first, within the same budgets; a budget that runs out
	// cuts an iteration, not root moves. 0 = one search at Depth.
	Deepen int
	// ExtendFours is how many fours a line of the alpha-beta search may
	// play at no cost in depth: such a four and the opponent's forced
	// block are searched as if neither were a ply, so a forcing line
	// reaches past the horizon. A forced block's own four is never
	// extended (the block costs nothing already). 0 = every four costs
	// its ply.
	ExtendFours int
	// TickCommands is how many commands the pack's search may run in one
	// tick (gen proves every tick's slice within it).
	TickCommands int
	// Value is a quiet leaf's value of one pattern on one line of an empty
	// cell; a position is worth the mover's sum minus the opponent's.
	Value [eval.NumPatterns]int32
	// Levels are the named levels the pack's menu offers (the first
	// NLevels, in the file's order), each these budgets with some of
	// LevelKeys replaced (levels.go); DefaultLevel is a new board's
	// (0-based). NLevels 0: one level, this section (SoleLevel).
	Levels       [MaxLevels]Level
	NLevels      int
	DefaultLevel int
}

// MaxLookaheadValue bounds each lookahead value so that a leaf's sum over
// the largest board (625 cells × 4 lines) stays within ±2^28, far from
// the search's win scores (2^30 less the moves to the five).
const MaxLookaheadValue = 1 << 16

// MaxLookaheadWidth bounds the lookahead's widths: the pack keeps each
// ply's candidates in scores of their own.
const MaxLookaheadWidth = 16

// MaxLookaheadDepth bounds its depths, for the same reason.
const MaxLookaheadDepth = 12

// MaxSearchValue bounds each search value so the evaluation of the largest
// board (625 cells × 4 lines per colour) stays far from the win scores.
const MaxSearchValue = 1 << 16

// Pack is how the generated data pack looks in the world. Materials are
// block IDs ("minecraft:black_concrete"); a bare path gets the minecraft
// namespace. The generator cannot see the game's block registry, so an ID
// that is well formed but names no block is caught only by the pack checker
// (mcgomoku check) or by the game.
type Pack struct {
	Description string // the pack's description in the game's pack list
	Board       string // the board surface, one block per cell
	Frame       string // the ring of blocks around the board
	Grid        string // the thin grid lines between cells (block displays)
	Black       string // a black stone: replaces the cell's surface block
	White       string // a white stone
	LastMove    string // the small marker on the last stone played
	Win         string // the glowing plate on each stone of the winning line
	// Boards is how many boards may stand in one world at once (each its
	// own game); BoardsPerPlayer how many of them one player may have
	// built. Operators (/function gomoku:remove) can remove any.
	Boards          int
	BoardsPerPlayer int
}

// MaxBoards is the most boards a pack can hold: each keeps its ground in
// its own layer of the vault, stacked down from the top of the world.
const MaxBoards = 8

// Profiles are the AI profiles a config may choose.
var Profiles = []string{"greedy", "seed000", "lookahead"}

// Default returns the embedded default config: a fresh copy the caller
// may change. The text is parsed once per process (players are made per
// game, and parsing costs more than a game).
func Default() *Config {
	c := *parsedDefault()
	return &c
}

// PackDefault returns the config `mcgomoku gen` uses when given none: the
// embedded examples/tuned.toml, the default config with tuned weights. Like
// Default it is parsed once and returned as a fresh copy.
func PackDefault() *Config {
	c := *parsedPackDefault()
	return &c
}

// LookaheadDefault returns the config of the lookahead AI when given none
// (`mcgomoku gen --ai lookahead`, the lookahead player): the embedded
// examples/tuned-lookahead.toml, whose values and move-ordering weights
// were tuned with the lookahead playing. The greedy AI's default stays
// PackDefault: those weights make greedy alone weaker.
func LookaheadDefault() *Config {
	c := *parsedLookaheadDefault()
	return &c
}

// ProfileDefault is the config an AI profile gets when given none.
func ProfileDefault(profile string) *Config {
	if profile == "lookahead" {
		return LookaheadDefault()
	}
	return PackDefault()
}

// A Config holds no pointers, maps or slices (it is comparable), so
// copying the struct is a deep copy and the parsed originals stay
// untouched.
var (
	parsedDefault = sync.OnceValue(func() *Config {
		c, err := decode("(default)", examples.Default, builtin())
		if err != nil {
			panic("internal error: the embedded default config is invalid: " + err.Error())
		}
		return c
	})
	parsedLookaheadDefault = sync.OnceValue(func() *Config {
		c, err := Parse("(default: examples/tuned-lookahead.toml)", examples.TunedLookahead)
		if err != nil {
			panic("internal error: the embedded tuned lookahead config is invalid: " + err.Error())
		}
		return c
	})
	parsedPackDefault = sync.OnceValue(func() *Config {
		c, err := Parse("(default: examples/tuned.toml)", examples.Tuned)
		if err != nil {
			panic("internal error: the embedded tuned config is invalid: " + err.Error())
		}
		return c
	})
)

// Load reads and validates a config file.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading config: %w", err)
	}
	return Parse(path, data)
}

// Parse decodes and validates config text; name is used in errors.
func Parse(name string, data []byte) (*Config, error) {
	base := builtin()
	if name != "(default)" {
		base = Default()
	}
	return decode(name, data, base)
}

// builtin is the starting point for the embedded default config itself: the
// code's defaults, which the default file must restate in full (a test
// checks they agree).
func builtin() *Config {
	return &Config{
		Game:    Game{Size: game.DefaultSize, Rule: game.Freestyle, AIColour: game.White},
		AI:      AI{Profile: "greedy", Seed: 1},
		Weights: eval.DefaultWeights(),
		Seed000: Seed000{Attack: 1000, Defence: 1300, Cap: 4100, CentreMax: 10, CentreMin: 1,
			High: 2000, LineRadius: 6, DiagonalRadius: 4},
		Search:    DefaultSearch(),
		Lookahead: DefaultLookahead(),
		Pack: Pack{Description: "Gomoku: five in a row against the AI", Board: "minecraft:birch_planks",
			Frame: "minecraft:dark_oak_planks", Grid: "minecraft:black_concrete",
			Black: "minecraft:black_concrete", White: "minecraft:white_concrete",
			LastMove: "minecraft:redstone_block", Win: "minecraft:gold_block",
			Boards: 4, BoardsPerPlayer: 1},
		Tune: DefaultTune(),
	}
}

// DefaultLookahead is the code's default [lookahead] section.
func DefaultLookahead() Lookahead {
	return Lookahead{Depth: 3, Width: 3, RootWidth: 8, VCFDepth: 6, VCFWidth: 5,
		LeafVCFDepth: 3, LeafVCFNodes: 8, Nodes: 1500, VCFNodes: 150, DefendNodes: 300, DefendTries: 8,
		VCTDepth: 0, VCTWidth: 6, VCTNodes: 3000, DefendVCTNodes: 0, MoveNodes: MaxMoveNodes, TickCommands: 30_000,
		Value: [eval.NumPatterns]int32{eval.One: 2, eval.Two: 5, eval.OpenTwo: 20, eval.Three: 15,
			eval.OpenThree: 60, eval.Four: 60, eval.OpenFour: 200, eval.Five: 1000},
		Levels: [MaxLevels]Level{
			NewLevel("quick", map[string]int{"move_nodes": 280, "vcf_depth": 4}),
			NewLevel("normal", map[string]int{"depth": 5, "width": 5, "leaf_vcf_depth": 4, "leaf_vcf_nodes": 12, "nodes": 8000, "vcf_nodes": 300, "defend_nodes": 600, "move_nodes": 2100, "widen": 4}),
			NewLevel("strong", map[string]int{"depth": 5, "width": 6, "leaf_vcf_depth": 4, "leaf_vcf_nodes": 12, "nodes": 30000, "vcf_nodes": 1500, "defend_nodes": 2500, "move_nodes": 4000, "widen": 4, "deepen": 3}),
			NewLevel("master", map[string]int{"depth": 7, "width": 6, "leaf_vcf_depth": 4, "leaf_vcf_nodes": 12, "nodes": 60000, "vcf_nodes": 1500, "defend_nodes": 2500, "move_nodes": 30000, "widen": 4, "deepen": 5, "extend_fours": 1}),
		},
		NLevels: 4, DefaultLevel: 2}
}

// DefaultSearch is the code's default [search] section.
func DefaultSearch() Search {
	return Search{
		Time: 100 * time.Millisecond, MaxDepth: 20, Width: 10, Margin: 2, Threads: 1,
		HashMB: 16, RandomMargin: 8, VCFNodes: 20_000, VCTNodes: 20_000, VCTDepth: 6,
		LeafVCFNodes: 64,
		Value: [eval.NumPatterns]int32{
			eval.None: 0, eval.One: 1, eval.Two: 4, eval.OpenTwo: 12, eval.Three: 12,
			eval.OpenThree: 40, eval.Four: 50, eval.OpenFour: 300, eval.Five: 1000,
		},
	}
}

// Error is a config problem at a place in a file.
type Error struct {
	File string
	Line int // 1-based; 0 when unknown
	Key  string
	Msg  string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(": ")
	if e.Key != "" {
		fmt.Fprintf(&b, "key %q: ", e.Key)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// raw mirrors the TOML layout. Pointers tell a missing key from a zero.
type raw struct {
	Game struct {
		Size     *int64  `toml:"size"`
		Rule     *string `toml:"rule"`
		AIColour *string `toml:"ai_colour"`
	} `toml:"game"`
	AI struct {
		Profile *string `toml:"profile"`
		Seed    *int64  `toml:"seed"`
	} `toml:"ai"`
	Weights struct {
		Centre       *int64           `toml:"centre"`
		Noise        *int64           `toml:"noise"`
		Attack       map[string]int64 `toml:"attack"`
		Defence      map[string]int64 `toml:"defence"`
		AttackCombo  map[string]int64 `toml:"attack_combo"`
		DefenceCombo map[string]int64 `toml:"defence_combo"`
	} `toml:"weights"`
	Seed000 struct {
		Attack         *int64 `toml:"attack"`
		Defence        *int64 `toml:"defence"`
		Cap            *int64 `toml:"cap"`
		CentreMax      *int64 `toml:"centre_max"`
		CentreMin      *int64 `toml:"centre_min"`
		High           *int64 `toml:"high"`
		LineRadius     *int64 `toml:"line_radius"`
		DiagonalRadius *int64 `toml:"diagonal_radius"`
	} `toml:"seed000"`
	Search struct {
		Time         *string          `toml:"time"`
		Nodes        *int64           `toml:"nodes"`
		MaxDepth     *int64           `toml:"max_depth"`
		Width        *int64           `toml:"width"`
		Margin       *int64           `toml:"margin"`
		Threads      *int64           `toml:"threads"`
		HashMB       *int64           `toml:"hash_mb"`
		RandomMargin *int64           `toml:"random_margin"`
		VCFNodes     *int64           `toml:"vcf_nodes"`
		VCTNodes     *int64           `toml:"vct_nodes"`
		VCTDepth     *int64           `toml:"vct_depth"`
		LeafVCFNodes *int64           `toml:"leaf_vcf_nodes"`
		Value        map[string]int64 `toml:"value"`
	} `toml:"search"`
	Lookahead struct {
		Depth          *int64                      `toml:"depth"`
		Width          *int64                      `toml:"width"`
		RootWidth      *int64                      `toml:"root_width"`
		VCFDepth       *int64                      `toml:"vcf_depth"`
		VCFWidth       *int64                      `toml:"vcf_width"`
		LeafVCFDepth   *int64                      `toml:"leaf_vcf_depth"`
		LeafVCFNodes   *int64                      `toml:"leaf_vcf_nodes"`
		Nodes          *int64                      `toml:"nodes"`
		VCFNodes       *int64                      `toml:"vcf_nodes"`
		DefendNodes    *int64                      `toml:"defend_nodes"`
		DefendTries    *int64                      `toml:"defend_tries"`
		VCTDepth       *int64                      `toml:"vct_depth"`
		VCTWidth       *int64                      `toml:"vct_width"`
		VCTNodes       *int64                      `toml:"vct_nodes"`
		DefendVCTNodes *int64                      `toml:"defend_vct_nodes"`
		MoveNodes      *int64                      `toml:"move_nodes"`
		Widen          *int64                      `toml:"widen"`
		Deepen         *int64                      `toml:"deepen"`
		ExtendFours    *int64                      `toml:"extend_fours"`
		TickCommands   *int64                      `toml:"tick_commands"`
		Value          map[string]int64            `toml:"value"`
		Level          *string                     `toml:"level"`
		Levels         map[string]map[string]int64 `toml:"levels"`
	} `toml:"lookahead"`
	Pack struct {
		Description *string `toml:"description"`
		Board       *string `toml:"board"`
		Frame       *string `toml:"frame"`
		Grid        *string `toml:"grid"`
		Black       *string `toml:"black"`
		White       *string `toml:"white"`
		LastMove    *string `toml:"last_move"`
		Win         *string `toml:"win"`
		Boards      *int64  `toml:"boards"`
		PerPlayer   *int64  `toml:"boards_per_player"`
	} `toml:"pack"`
	Tune rawTune `toml:"tune"`
}

func decode(name string, data []byte, base *Config) (*Config, error) {
	var r raw
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&r)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, &Error{File: name, Line: pe.Position.Line, Key: pe.LastKey, Msg: strings.TrimPrefix(pe.Message, "toml: ")}
		}
		// Type mismatches come as plain errors worded
		// `toml: line N (last key "k"): message`.
		if m := typeErr.FindStringSubmatch(err.Error()); m != nil {
			line, _ := strconv.Atoi(m[1])
			return nil, &Error{File: name, Line: line, Key: m[2], Msg: m[3]}
		}
		return nil, &Error{File: name, Msg: strings.TrimPrefix(err.Error(), "toml: ")}
	}
	loc := newLocator(data)
	if und := md.Undecoded(); len(und) > 0 {
		k := und[0]
		return nil, &Error{File: name, Line: loc.line(k), Key: k.String(), Msg: "unknown key" + hint(k)}
	}
	c := *base
	c.Source = name
	d := decoder{name: name, loc: loc}

	d.intIn(&c.Game.Size, r.Game.Size, "game.size", game.MinSize, game.MaxSize)
	if r.Game.Rule != nil {
		if v, err := game.ParseRule(*r.Game.Rule); err != nil {
			d.fail("game.rule", err.Error())
		} else {
			c.Game.Rule = v
		}
	}
	if r.Game.AIColour != nil {
		if v, err := game.ParseColour(*r.Game.AIColour); err != nil {
			d.fail("game.ai_colour", err.Error())
		} else {
			c.Game.AIColour = v
		}
	}
	if r.AI.Profile != nil {
		if !contains(Profiles, *r.AI.Profile) {
			d.fail("ai.profile", fmt.Sprintf("unknown profile %q (want %s)", *r.AI.Profile, strings.Join(Profiles, " or ")))
		} else {
			c.AI.Profile = *r.AI.Profile
		}
	}
	if r.AI.Seed != nil {
		c.AI.Seed = *r.AI.Seed
	}

	d.int32In(&c.Weights.Centre, r.Weights.Centre, "weights.centre", 0, math.MaxInt32)
	d.int32In(&c.Weights.Noise, r.Weights.Noise, "weights.noise", 0, math.MaxInt32)
	d.patterns(&c.Weights.Attack, r.Weights.Attack, "weights.attack")
	d.patterns(&c.Weights.Defence, r.Weights.Defence, "weights.defence")
	d.combos(&c.Weights.AttackCombo, r.Weights.AttackCombo, "weights.attack_combo")
	d.combos(&c.Weights.DefenceCombo, r.Weights.DefenceCombo, "weights.defence_combo")

	s := &c.Seed000
	d.int32In(&s.Attack, r.Seed000.Attack, "seed000.attack", 0, 1<<24)
	d.int32In(&s.Defence, r.Seed000.Defence, "seed000.defence", 0, 1<<24)
	d.int32In(&s.Cap, r.Seed000.Cap, "seed000.cap", 0, 1<<26)
	d.int32In(&s.CentreMax, r.Seed000.CentreMax, "seed000.centre_max", 0, 1<<20)
	d.int32In(&s.CentreMin, r.Seed000.CentreMin, "seed000.centre_min", 0, 1<<20)
	d.int32In(&s.High, r.Seed000.High, "seed000.high", 0, 1<<26)
	d.intIn(&s.LineRadius, r.Seed000.LineRadius, "seed000.line_radius", 1, game.MaxSize-1)
	d.intIn(&s.DiagonalRadius, r.Seed000.DiagonalRadius, "seed000.diagonal_radius", 1, game.MaxSize-1)

	se, rs := &c.Search, &r.Search
	if rs.Time != nil {
		v, err := time.ParseDuration(*rs.Time)
		switch {
		case err != nil:
			d.fail("search.time", fmt.Sprintf("bad duration %q (want e.g. \"100ms\" or \"2s\")", *rs.Time))
		case v != 0 && v < time.Millisecond || v > time.Hour:
			d.fail("search.time", fmt.Sprintf("%v is out of range 1ms..1h (or 0s for no time limit)", v))
		default:
			se.Time = v
		}
	}
	d.int64In(&se.Nodes, rs.Nodes, "search.nodes", 0, 1<<40)
	d.intIn(&se.MaxDepth, rs.MaxDepth, "search.max_depth", 1, 64)
	d.intIn(&se.Width, rs.Width, "search.width", 1, game.MaxSize*game.MaxSize)
	d.intIn(&se.Margin, rs.Margin, "search.margin", 1, 4)
	d.intIn(&se.Threads, rs.Threads, "search.threads", 1, 256)
	d.intIn(&se.HashMB, rs.HashMB, "search.hash_mb", 1, 1<<16)
	d.int32In(&se.RandomMargin, rs.RandomMargin, "search.random_margin", 0, 1<<20)
	d.int64In(&se.VCFNodes, rs.VCFNodes, "search.vcf_nodes", 0, 1<<40)
	d.int64In(&se.VCTNodes, rs.VCTNodes, "search.vct_nodes", 0, 1<<40)
	d.intIn(&se.VCTDepth, rs.VCTDepth, "search.vct_depth", 0, 32)
	d.int64In(&se.LeafVCFNodes, rs.LeafVCFNodes, "search.leaf_vcf_nodes", 0, 1<<30)
	d.patternValues(&se.Value, rs.Value, "search.value", MaxSearchValue)

	la, rl := &c.Lookahead, &r.Lookahead
	d.intIn(&la.Depth, rl.Depth, "lookahead.depth", 1, MaxLookaheadDepth)
	d.intIn(&la.Width, rl.Width, "lookahead.width", 1, MaxLookaheadWidth)
	d.intIn(&la.RootWidth, rl.RootWidth, "lookahead.root_width", 1, MaxLookaheadWidth)
	d.intIn(&la.VCFDepth, rl.VCFDepth, "lookahead.vcf_depth", 0, MaxLookaheadDepth)
	d.intIn(&la.VCFWidth, rl.VCFWidth, "lookahead.vcf_width", 1, MaxLookaheadWidth)
	d.intIn(&la.LeafVCFDepth, rl.LeafVCFDepth, "lookahead.leaf_vcf_depth", 0, MaxLookaheadDepth)
	d.intIn(&la.LeafVCFNodes, rl.LeafVCFNodes, "lookahead.leaf_vcf_nodes", 0, 1_000_000)
	d.intIn(&la.Nodes, rl.Nodes, "lookahead.nodes", 1, 1_000_000)
	d.intIn(&la.VCFNodes, rl.VCFNodes, "lookahead.vcf_nodes", 0, 1_000_000)
	d.intIn(&la.DefendNodes, rl.DefendNodes, "lookahead.defend_nodes", 0, 1_000_000)
	d.intIn(&la.DefendTries, rl.DefendTries, "lookahead.defend_tries", 0, MaxLookaheadWidth)
	d.intIn(&la.VCTDepth, rl.VCTDepth, "lookahead.vct_depth", 0, MaxLookaheadDepth)
	d.intIn(&la.VCTWidth, rl.VCTWidth, "lookahead.vct_width", 1, MaxLookaheadWidth)
	d.intIn(&la.VCTNodes, rl.VCTNodes, "lookahead.vct_nodes", 0, 1_000_000)
	d.intIn(&la.DefendVCTNodes, rl.DefendVCTNodes, "lookahead.defend_vct_nodes", 0, 1_000_000)
	d.intIn(&la.MoveNodes, rl.MoveNodes, "lookahead.move_nodes", 1, MaxMoveNodes)
	d.intIn(&la.Widen, rl.Widen, "lookahead.widen", 0, MaxLookaheadWidth)
	d.intIn(&la.Deepen, rl.Deepen, "lookahead.deepen", 0, MaxLookaheadDepth)
	d.intIn(&la.ExtendFours, rl.ExtendFours, "lookahead.extend_fours", 0, MaxLookaheadDepth)
	d.intIn(&la.TickCommands, rl.TickCommands, "lookahead.tick_commands", 5_000, 60_000)
	d.patternValues(&la.Value, rl.Value, "lookahead.value", MaxLookaheadValue)
	d.decodeLevels(la, md, rl.Levels, rl.Level)

	pk := &c.Pack
	if v := r.Pack.Description; v != nil {
		if len(*v) > 200 || strings.ContainsAny(*v, "\n\r") {
			d.fail("pack.description", "want one line of at most 200 characters")
		} else {
			pk.Description = *v
		}
	}
	d.block(&pk.Board, r.Pack.Board, "pack.board")
	d.block(&pk.Frame, r.Pack.Frame, "pack.frame")
	d.block(&pk.Grid, r.Pack.Grid, "pack.grid")
	d.block(&pk.Black, r.Pack.Black, "pack.black")
	d.block(&pk.White, r.Pack.White, "pack.white")
	d.block(&pk.LastMove, r.Pack.LastMove, "pack.last_move")
	d.block(&pk.Win, r.Pack.Win, "pack.win")
	d.intIn(&pk.Boards, r.Pack.Boards, "pack.boards", 1, MaxBoards)
	d.intIn(&pk.BoardsPerPlayer, r.Pack.PerPlayer, "pack.boards_per_player", 1, MaxBoards)
	d.tune(&c.Tune, &r.Tune, &c)
	if d.err != nil {
		return nil, d.err
	}
	if err := c.Validate(); err != nil {
		return nil, d.at(err)
	}
	return &c, nil
}

// Validate checks the whole config: the greedy weights' 32-bit bound and
// decisive tiers, and the seed000 numbers' own bound.
func (c *Config) Validate() error {
	if err := c.Weights.Validate(); err != nil {
		return &Error{File: c.Source, Key: "weights", Msg: err.Error()}
	}
	s := c.Seed000
	if s.CentreMin > s.CentreMax {
		return &Error{File: c.Source, Key: "seed000.centre_min", Msg: fmt.Sprintf("%d is above centre_max %d", s.CentreMin, s.CentreMax)}
	}
	if m := s.MaxScore(); m > math.MaxInt32 {
		return &Error{File: c.Source, Key: "seed000", Msg: fmt.Sprintf("the largest reachable score is %d, over the 32-bit limit", m)}
	}
	if c.Search.Time == 0 && c.Search.Nodes == 0 {
		return &Error{File: c.Source, Key: "search.time", Msg: "no time and no node budget: the search would never stop (set time or nodes)"}
	}
	if err := c.Lookahead.validateLevels(c.Source); err != nil {
		return err
	}
	p := c.Pack
	if p.BoardsPerPlayer > p.Boards {
		return &Error{File: c.Source, Key: "pack.boards_per_player", Msg: fmt.Sprintf("%d is more than pack.boards (%d)", p.BoardsPerPlayer, p.Boards)}
	}
	if p.Black == p.White {
		return &Error{File: c.Source, Key: "pack.white", Msg: fmt.Sprintf("black and white stones are both %s: players could not tell them apart", p.Black)}
	}
	for _, kv := range [][2]string{{"pack.black", p.Black}, {"pack.white", p.White}} {
		if kv[1] == p.Board {
			return &Error{File: c.Source, Key: kv[0], Msg: fmt.Sprintf("%s is also the board's block: stones would be invisible", kv[1])}
		}
	}
	// The seed000 pack reads stones and empty cells from blocks, and the
	// frame is what ends a line at the board's edge.
	for _, kv := range [][2]string{{"pack.board", p.Board}, {"pack.black", p.Black}, {"pack.white", p.White}} {
		if kv[1] == p.Frame {
			return &Error{File: c.Source, Key: "pack.frame", Msg: fmt.Sprintf("%s is also the %s block: the frame must differ from the board and the stones", p.Frame, strings.TrimPrefix(kv[0], "pack."))}
		}
	}
	return nil
}

// blockID matches a block ID as the game's resource-location reader takes
// it: an optional namespace, then a path.
var blockID = regexp.MustCompile(`^(?:[a-z0-9_.-]+:)?[a-z0-9_./-]+$`)

// block sets a material from a block ID, adding the minecraft namespace to
// a bare path so generated commands and displays name blocks in one form.
func (d *decoder) block(dst *string, v *string, key string) {
	if v == nil {
		return
	}
	if !blockID.MatchString(*v) {
		d.fail(key, fmt.Sprintf("%q is not a block ID (want e.g. \"minecraft:black_concrete\"; block states are not supported)", *v))
		return
	}
	if !strings.Contains(*v, ":") {
		*dst = "minecraft:" + *v
		return
	}
	*dst = *v
}

// MaxScore bounds seed000's final weight: a direction weight is raised only
// while at most Cap, so it never exceeds Cap + max(Attack, Defence) plus
// the bias; a pair sums two directions; a high cell adds High.
func (s Seed000) MaxScore() int64 {
	dir := int64(s.Cap) + int64(max(s.Attack, s.Defence)) + int64(s.CentreMax)
	return 2*dir + int64(s.High)
}

var typeErr = regexp.MustCompile(`^toml: line (\d+) \(last key "([^"]*)"\): (.*)$`)

type decoder struct {
	name string
	loc  *locator
	err  error
}

func (d *decoder) fail(key, msg string) {
	if d.err == nil {
		d.err = &Error{File: d.name, Line: d.loc.lineOf(key), Key: key, Msg: msg}
	}
}

// at places a validation error at its key's line when the file has the key.
func (d *decoder) at(err error) error {
	var e *Error
	if errors.As(err, &e) && e.Line == 0 {
		e.File = d.name
		e.Line = d.loc.lineOf(e.Key)
	}
	return err
}

func (d *decoder) intIn(dst *int, v *int64, key string, lo, hi int) {
	if v == nil {
		return
	}
	if *v < int64(lo) || *v > int64(hi) {
		d.fail(key, fmt.Sprintf("%d is out of range %d..%d", *v, lo, hi))
		return
	}
	*dst = int(*v)
}

func (d *decoder) int64In(dst *int64, v *int64, key string, lo, hi int64) {
	if v == nil {
		return
	}
	if *v < lo || *v > hi {
		d.fail(key, fmt.Sprintf("%d is out of range %d..%d", *v, lo, hi))
		return
	}
	*dst = *v
}

// patternValues decodes a table of values by pattern name (key.<pattern>),
// each 0..hi.
func (d *decoder) patternValues(dst *[eval.NumPatterns]int32, src map[string]int64, key string, hi int64) {
	for _, k := range sortedKeys(src) {
		p, ok := eval.ParsePattern(k)
		if !ok {
			d.fail(key+"."+k, "unknown pattern"+didYouMean(k, eval.PatternNames()))
			continue
		}
		v := src[k]
		d.int32In(&dst[p], &v, key+"."+k, 0, hi)
	}
}

func (d *decoder) int32In(dst *int32, v *int64, key string, lo, hi int64) {
	if v == nil {
		return
	}
	if *v < lo || *v > hi {
		d.fail(key, fmt.Sprintf("%d is out of range %d..%d", *v, lo, hi))
		return
	}
	*dst = int32(*v)
}

func (d *decoder) patterns(dst *[eval.NumPatterns]int32, m map[string]int64, table string) {
	for _, k := range sortedKeys(m) {
		p, ok := eval.ParsePattern(k)
		if !ok {
			d.fail(table+"."+k, "unknown pattern"+didYouMean(k, eval.PatternNames()))
			continue
		}
		v := m[k]
		d.int32In(&dst[p], &v, table+"."+k, 0, math.MaxInt32)
	}
}

func (d *decoder) combos(dst *[eval.NumCombos]int32, m map[string]int64, table string) {
	for _, k := range sortedKeys(m) {
		c, ok := eval.ParseCombo(k)
		if !ok {
			d.fail(table+"."+k, "unknown combination"+didYouMean(k, eval.ComboNames()))
			continue
		}
		v := m[k]
		d.int32In(&dst[c], &v, table+"."+k, 0, math.MaxInt32)
	}
}

func sortedKeys(m map[string]int64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// known lists the valid keys of each table, for "did you mean" hints.
var known = map[string][]string{
	"":        {"game", "ai", "weights", "seed000", "search", "lookahead", "pack", "tune"},
	"game":    {"size", "rule", "ai_colour"},
	"ai":      {"profile", "seed"},
	"weights": {"centre", "noise", "attack", "defence", "attack_combo", "defence_combo"},
	"seed000": {"attack", "defence", "cap", "centre_max", "centre_min", "high", "line_radius", "diagonal_radius"},
	"search": {"time", "nodes", "max_depth", "width", "margin", "threads", "hash_mb", "random_margin",
		"vcf_nodes", "vct_nodes", "vct_depth", "leaf_vcf_nodes", "value"},
	"lookahead": {"depth", "width", "root_width", "vcf_depth", "vcf_width", "leaf_vcf_depth", "leaf_vcf_nodes", "nodes", "vcf_nodes", "defend_nodes", "defend_tries",
		"vct_depth", "vct_width", "vct_nodes", "defend_vct_nodes", "move_nodes", "widen", "deepen", "extend_fours", "tick_commands", "value", "level", "levels"},
	"pack": {"description", "board", "frame", "grid", "black", "white", "last_move", "win", "boards", "boards_per_player"},
}

func hint(k toml.Key) string {
	parent := strings.Join(k[:len(k)-1], ".")
	return didYouMean(k[len(k)-1], known[parent])
}

// didYouMean returns `; did you mean "x"?` for the closest candidate within a
// small edit distance, or "".
func didYouMean(s string, candidates []string) string {
	best, d := suggest.Closest(s, candidates)
	if d >= 3 {
		if len(candidates) > 0 {
			return " (known: " + strings.Join(candidates, ", ") + ")"
		}
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", best)
}
