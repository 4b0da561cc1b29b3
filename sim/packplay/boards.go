package packplay

import (
	"errors"
	"fmt"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/mcvm"
)

// Boards is several boards in one world, played at once: one Game per
// board, each with its own player standing at it, sharing the
// interpreter. A tick that any of them lets pass is the world's: every
// board's AI stones that land in it are read onto that board's mirror at
// once (and checked, as a Game checks its own), and Landed reports them.
type Boards struct {
	Games []*Game
	m     *mcvm.Machine
	// OnAIMove, when set, is called with the board and its position
	// before the AI's stone, which landed on cell mv: a test compares it
	// with a native AI there. An error stops the tick with it.
	OnAIMove func(g *Game, before *game.Board, mv int) error
	// Worst is the most commands a tick has run, Ticks how many passed;
	// Record, when set, is given every tick's cost.
	Worst  int64
	Ticks  int
	Record func(Cost)
	// AfterCall, when set, is called after every call into the world
	// (a tick, a click, a command): the pack moves at most one board's
	// game between the working set and its copies a call, so a test sees
	// each board leave play and come back. An error stops the caller.
	AfterCall func() error
}

// BoardSpacing is how far apart OpenBoards builds the boards, in blocks
// along x: far enough that no board's players stand at another.
const BoardSpacing = 64

// OpenBoards loads the pack into one interpreter and has n players build
// a board each (gomoku:new), BoardSpacing blocks apart and facing the
// four ways in turn, each then
// starting a game against the AI as Open does. The pack must allow n
// boards and one board per player at least.
func OpenBoards(pack *datapack.Pack, opt Options, n int) (*Boards, error) {
	return OpenBoardsOn(pack, opt, n, nil)
}

// OpenBoardsOn is OpenBoards with ground: before board k is built,
// ground (if set) shapes the world around its centre, block x 64 z.
func OpenBoardsOn(pack *datapack.Pack, opt Options, n int, ground func(m *mcvm.Machine, k int, x, z int32) error) (*Boards, error) {
	if n < 1 {
		return nil, errors.New("OpenBoards: no boards")
	}
	m, err := mcvm.Load(pack, mcvm.Options{Seed: opt.Seed, Version: opt.Version})
	if err != nil {
		return nil, err
	}
	profile, err := packProfile(m)
	if err != nil {
		return nil, err
	}
	b := &Boards{m: m}
	first := &Game{m: m, opt: opt, table: b}
	if err := first.tick(nil); err != nil {
		return nil, err
	}
	for k := 0; k < n; k++ {
		g := &Game{m: m, opt: opt, table: b, slot: k, Profile: profile}
		pos := mcvm.Vec3{X: float64(k*BoardSpacing) + 0.5, Y: 64, Z: 0.5}
		if ground != nil {
			if err := ground(m, k, int32(k*BoardSpacing), 0); err != nil {
				return nil, err
			}
		}
		p, err := m.AddPlayer(fmt.Sprintf("Player%d", k), mcvm.UUID{0xb0, byte(k + 1)}, pos, 2)
		if err != nil {
			return nil, err
		}
		// Each board faces another way: the k-th builder faces south,
		// west, north, east, … (yaw 90·k).
		m.MovePlayer(p, pos, float32(90*k), 0)
		g.p = p
		if err := g.build(); err != nil {
			return nil, fmt.Errorf("board %d: %w", k, err)
		}
		b.Games = append(b.Games, g)
	}
	for _, g := range b.Games {
		if err := g.Start(ModeAI, game.White); err != nil {
			return nil, fmt.Errorf("board %d: %w", g.slot, err)
		}
	}
	return b, nil
}

// Uninstall runs gomoku:uninstall as board 0's player.
func (b *Boards) Uninstall() error {
	_, err := b.Games[0].call("gomoku:uninstall")
	return err
}

// Slot is the board's slot in its world.
func (g *Game) Slot() int { return g.slot }

// Machine is the shared interpreter.
func (b *Boards) Machine() *mcvm.Machine { return b.m }

// Tick lets one server tick pass.
func (b *Boards) Tick() error {
	return b.Games[0].tick(nil)
}

// ticked records a tick's cost.
func (b *Boards) ticked(rep *mcvm.Report) {
	if rep == nil {
		return
	}
	b.Ticks++
	var c Cost
	c.add(rep)
	b.Worst = max(b.Worst, c.Commands)
	if b.Record != nil {
		b.Record(c)
	}
}

// absorb reads every board's AI stones that landed in the last tick onto
// its mirror, except except's, whose own operation reads it.
func (b *Boards) absorb(except *Game) error {
	for _, g := range b.Games {
		if g == except && except.waiting {
			continue
		}
		if g.mirror == nil || g.mirror.Over() {
			continue
		}
		before := g.mirror.Clone()
		landed, err := g.landed(fmt.Sprintf("board %d's tick", g.slot))
		if err != nil {
			return err
		}
		if landed < 0 {
			continue
		}
		what := fmt.Sprintf("board %d's AI move %s", g.slot, g.fmt(landed))
		if err := g.verify(what); err != nil {
			return err
		}
		if b.OnAIMove != nil {
			if err := b.OnAIMove(g, before, landed); err != nil {
				return err
			}
		}
	}
	return nil
}

// AwaitingAI reports whether the AI is to move on g's board.
func (g *Game) AwaitingAI() bool {
	if g.mirror.Over() {
		return false
	}
	switch g.mode {
	case ModeDemo:
		return true
	case ModeAI:
		return g.mirror.ToMove() == g.aiColour
	}
	return false
}
