package player

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
)

func init() {
	Register("pack", func(arg string, opt Options) (Player, error) {
		if arg == "" {
			return nil, errors.New("want pack:PATH, a pack zip or folder made by mcgomoku gen")
		}
		return NewPack(arg, opt)
	})
}

// Pack plays a generated data pack in the interpreter: the opponent's
// stones are right-clicks on the board, the pack's AI answers on the
// following server ticks, and its move is read back from the world (see
// sim/packplay). Stones of the pack's colour that it did not choose (an
// opening) go through the pack's own move function.
//
// The seed000 pack's random pick (the seed's @r) is drawn from the
// player's own generator, seeded from Options.Seed, and handed to the pack
// through its pick hook, with the same range as the pack's own `random
// value`: so a match's games do not depend on which interpreter, reused
// from an earlier game, played them.
type Pack struct {
	name  string
	g     *packplay.Game
	slot  *packSlot
	entry *packEntry
	rng   *rand.Rand
}

// packSlot is the interpreter a player holds, and whether it can go back
// to the pool when the player is done.
type packSlot struct {
	g        *packplay.Game
	broken   bool        // a failed step may have left the world and the mirror apart
	released atomic.Bool // the interpreter went back to the pool (or never will)
}

// release hands the interpreter back to e's pool, once, unless broken.
func (s *packSlot) release(e *packEntry) {
	if s.released.Swap(true) || s.broken {
		return
	}
	e.put(s.g)
}

// NewPack loads (or reuses) the pack at path, a zip or a folder. The
// board size and rule in opt, when set, must be the pack's: a pack is
// built for one board.
func NewPack(path string, opt Options) (*Pack, error) {
	e, err := packCache.entry(path)
	if err != nil {
		return nil, err
	}
	if opt.Size != 0 && (opt.Size != e.size || opt.Rule != e.rule) {
		return nil, fmt.Errorf("%s is a %d×%d %s pack, but the game is %d×%d %s; make one for it with mcgomoku gen (game.size, game.rule)",
			path, e.size, e.size, e.rule, opt.Size, opt.Size, opt.Rule)
	}
	g, err := e.get(uint64(opt.Seed))
	if err != nil {
		return nil, err
	}
	packProfiles.attach(g)
	slot := &packSlot{g: g, broken: e.random}
	p := &Pack{name: "pack:" + path, g: g, slot: slot, entry: e,
		rng: rand.New(rand.NewPCG(uint64(opt.Seed), Seed000Stream))}
	// The arena calls Finish at the end of each game, handing the
	// interpreter to the next game (loading one costs far more than a
	// game). A player dropped without Finish gives it back once garbage.
	runtime.AddCleanup(p, func(s *packSlot) { s.release(e) }, slot)
	return p, nil
}

// Finish ends the player's game: its interpreter goes back to the pool
// for the next game, and the player must not be used again.
func (p *Pack) Finish() { p.slot.release(p.entry) }

func (p *Pack) Name() string { return p.name }

// Game is the interpreted game, for tests and tools.
func (p *Pack) Game() *packplay.Game { return p.g }

// Move brings the pack's game to b's moves, then lets the pack's AI play
// the side to move.
func (p *Pack) Move(ctx context.Context, b *game.Board) (int, error) {
	if b.Over() {
		return -1, game.ErrGameOver
	}
	if err := ctx.Err(); err != nil {
		return -1, err
	}
	g := p.g
	if b.Size() != g.Size || b.Rule() != g.Rule {
		return -1, fmt.Errorf("%s is a %d×%d %s pack, asked to play %d×%d %s", p.name, g.Size, g.Size, g.Rule, b.Size(), b.Size(), b.Rule())
	}
	cell, err := p.move(b)
	if err != nil {
		p.slot.broken = true
		return -1, fmt.Errorf("%s: %w", p.name, err)
	}
	return cell, nil
}

func (p *Pack) move(b *game.Board) (int, error) {
	g := p.g
	if err := p.follow(b, b.ToMove()); err != nil {
		return -1, err
	}
	if g.Profile == packplay.Seed000 {
		// The pack's own draw is random value 0..2147483645, modulo the
		// number of ties.
		if err := g.SetPick(p.rng.Int32N(2147483646)); err != nil {
			return -1, err
		}
	}
	cell, _, err := g.AIMove()
	return cell, err
}

// follow brings the pack's game, with its AI playing ai, to b's moves:
// a new game when the AI changes colour or the pack has moves b does not,
// then b's remaining moves, the opponent's clicked and the AI's own
// placed.
func (p *Pack) follow(b *game.Board, ai game.Colour) error {
	g := p.g
	if mode, col := g.Mode(); mode != packplay.ModeAI || col != ai {
		if err := g.Start(packplay.ModeAI, ai); err != nil {
			return err
		}
	}
	h, have := b.History(), g.Board().History()
	common := 0
	for common < len(h) && common < len(have) && h[common] == have[common] {
		common++
	}
	if common < len(have) {
		if err := g.Restart(); err != nil {
			return err
		}
		common = 0
	}
	for j := common; j < len(h); j++ {
		c := game.Black
		if j%2 == 1 {
			c = game.White
		}
		if b.At(h[j]) != c {
			return fmt.Errorf("move %d (%s) is %v's, but the pack's games alternate colours from black", j+1, game.FormatMove(h[j], b.Size()), b.At(h[j]))
		}
		if c == ai {
			if err := g.Place(h[j]); err != nil {
				return err
			}
			continue
		}
		ok, why, err := g.Click(h[j])
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("the pack refused the opponent's %s after %d moves: %s", game.FormatMove(h[j], b.Size()), j, why)
		}
	}
	return nil
}

// packCache holds each pack read in this process, keyed by its path and
// modification time, with the interpreters games have finished with.
var packCache = &packCacheT{m: map[packKey]*packEntry{}}

type packCacheT struct {
	mu sync.Mutex
	m  map[packKey]*packEntry
}

// packKey identifies a pack's content cheaply: a zip by its size and
// modification time; a folder by its own and its pack.mcmeta's
// modification times (mcgomoku gen replaces a folder pack as a whole,
// so a regenerated one is a new folder).
type packKey struct {
	path          string
	size          int64
	mtime, mcmeta time.Time
}

type packEntry struct {
	path string
	once sync.Once
	err  error
	pack *datapack.Pack
	size int
	rule game.Rule
	// random: the pack draws random numbers other than the seed000 pick
	// (a greedy pack with noise). Its games then each get a fresh
	// interpreter seeded from the game's seed, never a reused one.
	random bool

	mu   sync.Mutex
	idle []*packplay.Game
}

// maxIdle bounds the interpreters kept per pack: enough for every
// worker of a match to find one.
var maxIdle = 2 * runtime.GOMAXPROCS(0)

func (c *packCacheT) entry(path string) (*packEntry, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("read pack: %w", err)
	}
	key := packKey{path: abs, size: fi.Size(), mtime: fi.ModTime()}
	if fi.IsDir() {
		key.size = 0
		if mi, err := os.Stat(filepath.Join(abs, "pack.mcmeta")); err == nil {
			key.mcmeta = mi.ModTime()
		}
	}
	c.mu.Lock()
	e := c.m[key]
	if e == nil {
		for k := range c.m {
			if k.path == abs {
				delete(c.m, k) // an older version of the same pack
			}
		}
		e = &packEntry{path: path}
		c.m[key] = e
	}
	c.mu.Unlock()
	e.once.Do(e.load)
	return e, e.err
}

// load reads the pack and opens a first game, which says what the pack is.
func (e *packEntry) load() {
	p, err := datapack.Read(e.path)
	if err != nil {
		e.err = err
		return
	}
	g, err := packplay.Open(p, packplay.Options{})
	if err != nil {
		e.err = fmt.Errorf("%s: %w", e.path, err)
		return
	}
	e.pack, e.size, e.rule = p, g.Size, g.Rule
	if g.Profile == packplay.Greedy {
		for _, src := range p.Functions() {
			e.random = e.random || drawsRandom(src)
		}
	}
	if !e.random {
		e.idle = append(e.idle, g)
	}
}

// drawsRandom reports whether a function's commands (not its comments)
// use the random command or the @r selector.
func drawsRandom(src []byte) bool {
	for _, line := range bytes.Split(src, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		for _, w := range bytes.Fields(line) {
			if string(w) == "random" || bytes.HasPrefix(w, []byte("@r")) && (len(w) == 2 || w[2] == '[') {
				return true
			}
		}
	}
	return false
}

func (e *packEntry) get(seed uint64) (*packplay.Game, error) {
	if e.random {
		g, err := packplay.Open(e.pack, packplay.Options{Seed: seed})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.path, err)
		}
		return g, nil
	}
	e.mu.Lock()
	if n := len(e.idle); n > 0 {
		g := e.idle[n-1]
		e.idle = e.idle[:n-1]
		e.mu.Unlock()
		return g, nil
	}
	e.mu.Unlock()
	g, err := packplay.Open(e.pack, packplay.Options{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", e.path, err)
	}
	return g, nil
}

func (e *packEntry) put(g *packplay.Game) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.idle) < maxIdle {
		e.idle = append(e.idle, g)
	}
}

// packProfiles are the interpreters pack players used since ProfilePacks,
// each recording its commands.
var packProfiles = &packProfilesT{seen: map[*packplay.Game]bool{}}

type packProfilesT struct {
	mu    sync.Mutex
	on    bool
	games []*packplay.Game
	seen  map[*packplay.Game]bool
}

// ProfilePacks makes every interpreter a pack player uses from now on
// record the commands it runs, by function, line and call stack
// (packplay.Game.Profiler), for WritePackProfile.
func ProfilePacks() {
	packProfiles.mu.Lock()
	defer packProfiles.mu.Unlock()
	packProfiles.on = true
}

// attach gives g a profiler, once, when ProfilePacks asked for them. A
// pooled interpreter goes from game to game, its profiler with it, and
// one game uses it at a time.
func (pp *packProfilesT) attach(g *packplay.Game) {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	if !pp.on || pp.seen[g] {
		return
	}
	pp.seen[g] = true
	pp.games = append(pp.games, g)
	g.Profiler()
}

// WritePackProfile writes what every interpreter recorded since
// ProfilePacks as one pprof profile (unit: commands), and returns how
// many interpreters that was; none is an error. Call it once the games
// are over.
func WritePackProfile(w io.Writer) (int, error) {
	pp := packProfiles
	pp.mu.Lock()
	defer pp.mu.Unlock()
	if len(pp.games) == 0 {
		return 0, errors.New("no pack: player played, so there is no pack to profile")
	}
	return len(pp.games), packplay.WriteProfiles(w, pp.games...)
}
