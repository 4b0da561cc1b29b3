// Package player holds the native Gomoku players: our greedy AI, faithful
// ports of the seed AIs, the search engine and external engines, all behind
// one Player interface and one spec syntax ("greedy:cfg.toml", "seed000",
// "search:time=100ms", "pbrain:./engine --flag").
//
// Players keep incremental state between moves; Move receives the whole
// board and the player syncs itself to its history (undoing back to the
// common prefix and replaying the rest), so one player can follow any game,
// including undos, at the cost of only the moves that changed.
package player

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

// Player chooses moves.
type Player interface {
	// Name is the spec the player was made from, for tables and records.
	Name() string
	// Move returns the cell the side to move should play on b. It must not
	// leave b changed, and it must return a legal move while the game is
	// not over.
	Move(ctx context.Context, b *game.Board) (int, error)
}

// Closer is implemented by players holding outside resources (processes).
type Closer interface{ Close() error }

// Finisher is implemented by players made for one game that can hand back
// what they hold (a pooled interpreter) as soon as it ends. The arena calls
// Finish once the player's game is over; the player is not used again.
type Finisher interface{ Finish() }

// Options are what every factory receives besides the spec's argument.
type Options struct {
	Size int
	Rule game.Rule
	Seed int64 // for players with random tie-breaks or noise; 0 is a valid seed
	// Limits are the run's limits, for players that are told them as
	// they start (engines hear INFO once, with these); zero leaves the
	// player's defaults.
	Limits Limits
}

// Factory makes a player from the text after "name:" in a spec ("" if none).
type Factory func(arg string, opt Options) (Player, error)

// Maker makes players of one spec, whose text and files were read once by
// Prepare. Matches and tuning make a player for every game, so whatever
// does not depend on Options (a config file, an evaluation model) belongs
// in the Preparer, not in every call of the Maker. A Maker may be called
// from several goroutines at once.
type Maker func(opt Options) (Player, error)

// Preparer reads a spec's argument once and returns the Maker of its
// players.
type Preparer func(arg string) (Maker, error)

var preparers = map[string]Preparer{}

// Register makes a player name available to New and Prepare, for players
// with nothing worth preparing: the factory sees the argument at every
// call. It is called from init functions; registering a name twice is a
// programming error.
func Register(name string, f Factory) {
	RegisterPrepared(name, func(arg string) (Maker, error) {
		return func(opt Options) (Player, error) { return f(arg, opt) }, nil
	})
}

// RegisterPrepared is Register for players whose spec is worth reading
// once for many games.
func RegisterPrepared(name string, p Preparer) {
	if _, dup := preparers[name]; dup {
		panic("internal error: player registered twice: " + name)
	}
	preparers[name] = p
}

// Names lists the registered player names, sorted.
func Names() []string {
	names := make([]string, 0, len(preparers))
	for n := range preparers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// CheckSpec reports whether spec names a registered player, without
// making it, so a command line can be checked before any work.
func CheckSpec(spec string) error {
	name, _, _ := strings.Cut(spec, ":")
	if _, ok := preparers[name]; !ok {
		return fmt.Errorf("unknown player %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	return nil
}

// ConfigOf returns the config file a spec names ("greedy:my.toml",
// "lookahead:my.toml,level=strong"), or "" for a spec that names none.
func ConfigOf(spec string) string {
	name, arg, _ := strings.Cut(spec, ":")
	switch name {
	case "greedy":
		return arg
	case "lookahead":
		file, _, _ := ParseLookaheadSpec(arg)
		return file
	}
	return ""
}

// Prepare reads a spec "name" or "name:arg" once and returns the Maker of
// its players; errors from either name the spec.
func Prepare(spec string) (Maker, error) {
	if err := CheckSpec(spec); err != nil {
		return nil, err
	}
	name, arg, _ := strings.Cut(spec, ":")
	m, err := preparers[name](arg)
	if err != nil {
		return nil, fmt.Errorf("player %q: %w", spec, err)
	}
	return func(opt Options) (Player, error) {
		pl, err := m(opt)
		if err != nil {
			return nil, fmt.Errorf("player %q: %w", spec, err)
		}
		return pl, nil
	}, nil
}

// New makes one player from a spec "name" or "name:arg". To make many
// from one spec, Prepare it once.
func New(spec string, opt Options) (Player, error) {
	m, err := Prepare(spec)
	if err != nil {
		return nil, err
	}
	return m(opt)
}

// Follower keeps a copy of a game's move list in step with a board, calling
// play and undo for the moves that differ. Incremental players embed it.
type Follower struct {
	moves []int
}

// Sync brings the follower to b's history: undo (newest first) back to the
// common prefix, then play the rest in order.
func (f *Follower) Sync(b *game.Board, play func(cell int, c game.Colour), undo func(cell int)) {
	h := b.History()
	common := 0
	for common < len(h) && common < len(f.moves) && h[common] == f.moves[common] {
		common++
	}
	for len(f.moves) > common {
		last := f.moves[len(f.moves)-1]
		f.moves = f.moves[:len(f.moves)-1]
		undo(last)
	}
	for _, m := range h[common:] {
		f.moves = append(f.moves, m)
		play(m, b.At(m))
	}
}

// SyncReset is Sync for players that can reset to the empty board faster
// than they undo: when more moves would be undone than kept, it calls reset
// and replays b's history from the start.
func (f *Follower) SyncReset(b *game.Board, play func(cell int, c game.Colour), undo func(cell int), reset func()) {
	h := b.History()
	common := 0
	for common < len(h) && common < len(f.moves) && h[common] == f.moves[common] {
		common++
	}
	if len(f.moves)-common > common {
		reset()
		f.moves = f.moves[:0]
	}
	f.Sync(b, play, undo)
}

// Reset forgets the followed moves (after the caller resets its own state).
func (f *Follower) Reset() { f.moves = f.moves[:0] }
