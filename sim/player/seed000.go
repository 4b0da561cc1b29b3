package player

// seed000 is a faithful port of the Minecraft 1.9 command-block Gomoku AI
// (shared/seeds/000, summarised in SEEDS.md): a running weight per cell,
// updated only around each new stone, and no search at all. The seed gives
// its commands in full except the "high" shape checks, which it only names;
// the reconstruction chosen for them is documented on Seed000State.
//
// Every rule below quotes the seed command it rests on. The pack generator
// (--ai seed000) mirrors this file, and a differential test proves the two
// play the same moves, so the state and the order of operations are spelled
// out in the seed's own terms.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

func init() {
	Register("seed000", func(arg string, opt Options) (Player, error) {
		cfg := config.Default().Seed000
		name := "seed000"
		if arg != "" {
			c, err := config.Load(arg)
			if err != nil {
				return nil, err
			}
			cfg, name = c.Seed000, "seed000:"+arg
		}
		p := NewSeed000(cfg, opt)
		p.name = name
		return p, nil
	})
}

// Seed000Stream is the second word of the PCG seed of seed000's random
// tie-break: the generator is rand.New(rand.NewPCG(uint64(Options.Seed),
// Seed000Stream)), so a data-pack test can replay the same draws.
const Seed000Stream = 0x5eed000

// Seed000Cell is one cell's scoreboard values in the seed. Index d of B and
// W is the line direction game.Directions[d]:
//
//	d=0 row (→)   the seed's b1/w1, changed by the selector score_xc=0
//	d=1 column (↓) b2/w2, score_yc=0
//	d=2 diagonal (↘) b3/w3, score_lc=0
//	d=3 anti-diagonal (↙) b4/w4, score_hc=0
//
// The seed's x, y are "行，列" (row, column), so xc=0 selects the stone's
// row; which diagonal it numbers l and which h it never says, and it does not
// matter: the final weight is symmetric in the four directions.
type Seed000Cell struct {
	B    [4]int32 // defence weights b1..b4
	W    [4]int32 // attack weights w1..w4
	High bool     // the seed's "high" tag: a must-block cell
}

// Seed000State is the seed's per-cell scoreboard state, seen from the AI
// (colour Own), kept incrementally as stones are placed and removed.
//
// Start: every cell's eight weights b1..b4, w1..w4 hold its positional bias
// ("在开局时会根据格子位置给予一个微小的初始量，如最中间的是10，最外围的是1":
// at the start each gets a small amount by position, 10 in the middle and 1
// at the outermost); see config.Seed000.Bias.
//
// Place(p, c), a stone of colour c on cell p, does what the seed does when
// the cell's armor stand is named "b":
//
//  1. The eight selector commands, e.g.
//     "execute @e[name=b] ~ ~ ~ scoreboard players add
//     @e[r=6,score_yc=0,score_yc_min=0,name=o,score_b2=4100] b2 1300".
//     They touch every empty cell (name=o; the stone itself is "b" and older
//     stones "a", so stones in between do not shield a cell) on one of p's
//     four lines within the selector's radius: r=6 (LineRadius) on rows and
//     columns, r=4 (DiagonalRadius) on diagonals. r is a Euclidean distance
//     in blocks and the stands stand one block apart, so a cell k steps away
//     is touched when k²·(dx²+dy²) <= r²: 6 cells each way along a row or
//     column but only 2 along a diagonal (2√2 <= 4 < 3√2). That is the
//     seed's own count: "每次最多只需要重新修改32个位置的权值" (at most 32
//     cells per stone) = 6+6+6+6+2+2+2+2. See Seed000Reach.
//     For an opponent stone, in the line's direction d: B[d] += Defence and
//     W[d] -= Attack; for an own stone ("与之前相同的权值修正", the same
//     correction with add and remove swapped): B[d] -= Defence, W[d] += Attack.
//     Each change applies only if that weight is <= Cap before it
//     (score_b2=4100 means b2 <= 4100), for removals as well as additions:
//     a weight that has once passed Cap is frozen for good. The order of the
//     eight commands does not matter: each reads and writes one objective,
//     and each cell lies on at most one of p's lines.
//  2. For an opponent stone only, the "high" checks (below).
//
// The seed prints the opponent's w3 command with the selector score_wl=4100
// (an objective that does not exist, which would match nothing in 1.9) where
// every other command, including the own-stone w3 command, names the weight
// it changes. This is taken as a slip of the blog transcription, not of the
// AI: the port changes w3 like the other seven.
//
// "high": the seed only says
// "有关于一些特定棋型的判断就是通过叠加execute然后探测方块实现的" and
// "补充：如出现必须堵上的点会给这个点一个high的tag标记" (some specific shapes
// are judged by stacked execute ... detect commands; a point that must be
// blocked gets a "high" tag), and lists no shape. Stacked detects are relative to
// the executing entity, and the only stand singled out after a move is the
// new stone "b", so the checks are anchored there; the shapes are the ones a
// player must block. After an opponent stone X on p, an empty cell q at most
// config.Seed000HighReach steps from p along one of p's lines is tagged when X on q
// would make, along that line, a run of X stones through both q and p that is
//   - five or longer (q blocks a four), or
//   - exactly four with both cells beyond it on the board and empty (q
//     blocks an open three: X on q would make an open four).
//
// Nothing in the seed's listed turn removes a tag ("scoreboard players add
// @e[name=o,tag=high] w01 2000" just skips occupied cells, and the turn's
// clean-up resets only the cache "head"), so a tag stays until undone.
//
// Final(i) is the seed's w01 after its sums and maxima: max of the six pair
// sums of B (b01 = b1+b2, b02 = b1+b3, b03 = b1+b4, b04 = b2+b3, b05 =
// b2+b4, b06 = b3+b4), max of the same for W, the larger of those two
// ("w01 > b01"), plus High for a tagged cell. The arithmetic is 32-bit, as
// scoreboards are.
type Seed000State struct {
	// Cells holds each cell's values, by cell index (y*size + x). Read only.
	Cells []Seed000Cell
	Own   game.Colour // the AI's colour: its stones are "own", the rest "opponent"

	cfg    config.Seed000
	size   int
	reach  [4]int // cells touched on each side, per direction
	stones []game.Colour
	saved  []seed000Saved // old values of the cells each Place changed
	log    []seed000Record
}

type seed000Saved struct {
	cell int
	old  Seed000Cell
}

type seed000Record struct {
	cell  int
	first int // index in saved of this Place's first saved cell
}

// NewSeed000State returns the start state for an AI of colour own on a
// size×size board.
func NewSeed000State(cfg config.Seed000, size int, own game.Colour) *Seed000State {
	s := &Seed000State{
		Cells:  make([]Seed000Cell, size*size),
		Own:    own,
		cfg:    cfg,
		size:   size,
		stones: make([]game.Colour, size*size),
	}
	for d, dir := range game.Directions {
		r := cfg.LineRadius
		if dir[0] != 0 && dir[1] != 0 {
			r = cfg.DiagonalRadius
		}
		s.reach[d] = Seed000Reach(r, dir)
	}
	for i := range s.Cells {
		v := cfg.Bias(size, i)
		s.Cells[i] = Seed000Cell{B: [4]int32{v, v, v, v}, W: [4]int32{v, v, v, v}}
	}
	return s
}

// Seed000Reach returns how many cells along direction dir lie within the
// selector radius r (in blocks, Euclidean, cells one block apart): the
// largest k with k²·(dx²+dy²) <= r².
func Seed000Reach(r int, dir [2]int) int {
	step := dir[0]*dir[0] + dir[1]*dir[1]
	k := 0
	for (k+1)*(k+1)*step <= r*r {
		k++
	}
	return k
}

// Size returns the board size the state was made for.
func (s *Seed000State) Size() int { return s.size }

// Stone returns the content of cell i as the state has followed it.
func (s *Seed000State) Stone(i int) game.Colour { return s.stones[i] }

// Moves is the number of stones placed and not removed.
func (s *Seed000State) Moves() int { return len(s.log) }

// Place applies the seed's update for a stone of colour c on the empty
// cell p (see Seed000State).
func (s *Seed000State) Place(p int, c game.Colour) {
	if s.stones[p] != game.Empty {
		panic(fmt.Sprintf("internal error: seed000 place on occupied cell %d", p))
	}
	s.stones[p] = c
	s.log = append(s.log, seed000Record{cell: p, first: len(s.saved)})
	db, dw := s.cfg.Defence, -s.cfg.Attack
	if c == s.Own {
		db, dw = -s.cfg.Defence, s.cfg.Attack
	}
	n := s.size
	px, py := p%n, p/n
	for d, dir := range game.Directions {
		for _, sign := range [2]int{-1, 1} {
			for k := 1; k <= s.reach[d]; k++ {
				x, y := px+sign*k*dir[0], py+sign*k*dir[1]
				if x < 0 || y < 0 || x >= n || y >= n {
					break
				}
				q := y*n + x
				if s.stones[q] != game.Empty {
					continue // name=o: only empty cells, but stones do not shield
				}
				cell := &s.Cells[q]
				s.saved = append(s.saved, seed000Saved{q, *cell})
				if cell.B[d] <= s.cfg.Cap {
					cell.B[d] += db
				}
				if cell.W[d] <= s.cfg.Cap {
					cell.W[d] += dw
				}
			}
		}
	}
	if c != s.Own {
		s.tagHigh(p, c)
	}
}

// tagHigh runs the must-block checks after opponent stone x on p.
func (s *Seed000State) tagHigh(p int, x game.Colour) {
	n := s.size
	px, py := p%n, p/n
	at := func(x, y int) game.Colour {
		if x < 0 || y < 0 || x >= n || y >= n {
			return seedOffBoard
		}
		return s.stones[y*n+x]
	}
	for _, dir := range game.Directions {
		for k := -config.Seed000HighReach; k <= config.Seed000HighReach; k++ {
			qx, qy := px+k*dir[0], py+k*dir[1]
			if k == 0 || at(qx, qy) != game.Empty || s.Cells[qy*n+qx].High {
				continue
			}
			back, fwd := 0, 0
			for at(qx-(back+1)*dir[0], qy-(back+1)*dir[1]) == x {
				back++
			}
			for at(qx+(fwd+1)*dir[0], qy+(fwd+1)*dir[1]) == x {
				fwd++
			}
			if -k < -back || -k > fwd {
				continue // p is not in the run q makes
			}
			run := back + 1 + fwd
			open := run == 4 &&
				at(qx-(back+1)*dir[0], qy-(back+1)*dir[1]) == game.Empty &&
				at(qx+(fwd+1)*dir[0], qy+(fwd+1)*dir[1]) == game.Empty
			if run >= 5 || open {
				q := qy*n + qx
				s.saved = append(s.saved, seed000Saved{q, s.Cells[q]})
				s.Cells[q].High = true
			}
		}
	}
}

// Remove takes back the last Place, which must have been on cell p,
// restoring every value it changed.
func (s *Seed000State) Remove(p int) {
	if len(s.log) == 0 || s.log[len(s.log)-1].cell != p {
		panic(fmt.Sprintf("internal error: seed000 remove of cell %d is not the last place", p))
	}
	r := s.log[len(s.log)-1]
	s.log = s.log[:len(s.log)-1]
	// Newest first, so a cell saved twice (weights, then tag) ends at its
	// oldest value.
	for j := len(s.saved) - 1; j >= r.first; j-- {
		s.Cells[s.saved[j].cell] = s.saved[j].old
	}
	s.saved = s.saved[:r.first]
	s.stones[p] = game.Empty
}

// seedOffBoard is what the seed ports read off the board: neither empty
// nor a stone of either colour.
const seedOffBoard game.Colour = -1

// seed000PairMax is the seed's "b01 > b02 … b01 > b06": the largest of the
// six sums of two different directions.
func seed000PairMax(v [4]int32) int32 {
	m := v[0] + v[1]
	m = max(m, v[0]+v[2], v[0]+v[3], v[1]+v[2], v[1]+v[3], v[2]+v[3])
	return m
}

// Final returns cell i's final weight, the seed's w01 when it picks.
func (s *Seed000State) Final(i int) int32 {
	c := &s.Cells[i]
	f := max(seed000PairMax(c.W), seed000PairMax(c.B))
	if c.High {
		f += s.cfg.High
	}
	return f
}

// Ties returns the cells the seed picks from, in cell-index order: the
// empty cells accepted by legal whose Final is the largest among them.
//
// The seed picks with
//
//	scoreboard players operation @e[tag=head,c=1] x > @e[tag=Start,name=o] w01
//	scoreboard players operation @e[tag=Start,name=o] w01 -= @e[tag=head,c=1] x
//	entitydata @r[type=ArmorStand,score_w01_min=0,c=1,name=o] {CustomName:"b"}
//
// with head x reset to 0 after every turn: a uniformly random empty cell
// among those whose w01 equals max(0, largest w01). Final is never negative
// (a direction's B or W always keeps at least its bias: an own stone lowers B
// only as it raises W, and a frozen weight is above Cap), so that is the set
// of maxima. Were it empty the seed would not move; Ties then still returns
// the maxima. legal narrows the empty cells to the mover's legal moves
// (renju black); the seed played freestyle, where every empty cell is legal.
func (s *Seed000State) Ties(legal func(int) bool) []int {
	refused := map[int]bool{}
	for {
		var best int32
		var ties []int
		for i, st := range s.stones {
			if st != game.Empty || refused[i] {
				continue
			}
			f := s.Final(i)
			switch {
			case ties == nil || f > best:
				best, ties = f, append(ties[:0], i)
			case f == best:
				ties = append(ties, i)
			}
		}
		if ties == nil {
			return nil
		}
		out := ties[:0]
		for _, i := range ties {
			if legal == nil || legal(i) {
				out = append(out, i)
			} else {
				refused[i] = true
			}
		}
		if len(out) > 0 {
			return out
		}
	}
}

// Seed000 is the seed000 player. It keeps one Seed000State per colour it
// has been asked to play, each following the board's history.
type Seed000 struct {
	name  string
	cfg   config.Seed000
	rng   *rand.Rand
	sides [3]*seed000Side // by colour
}

type seed000Side struct {
	state  *Seed000State
	follow Follower
}

// NewSeed000 returns a seed000 player with the given (validated) numbers.
func NewSeed000(cfg config.Seed000, opt Options) *Seed000 {
	return &Seed000{
		name: "seed000",
		cfg:  cfg,
		rng:  rand.New(rand.NewPCG(uint64(opt.Seed), Seed000Stream)),
	}
}

func (p *Seed000) Name() string { return p.name }

// State returns the state kept for the AI playing colour c, or nil.
func (p *Seed000) State(c game.Colour) *Seed000State {
	if c != game.Black && c != game.White || p.sides[c] == nil {
		return nil
	}
	return p.sides[c].state
}

// Move plays the seed's pick for the side to move. The draw: ties :=
// State.Ties(legal) in cell-index order, then exactly one call
// rng.IntN(len(ties)) per move (even when there is one tie), and the move is
// ties[that].
func (p *Seed000) Move(ctx context.Context, b *game.Board) (int, error) {
	if b.Over() {
		return -1, game.ErrGameOver
	}
	own := b.ToMove()
	side := p.sides[own]
	if side == nil || side.state.Size() != b.Size() {
		side = &seed000Side{state: NewSeed000State(p.cfg, b.Size(), own)}
		p.sides[own] = side
	}
	side.follow.Sync(b, side.state.Place, side.state.Remove)
	ties := side.state.Ties(func(i int) bool { return b.Legal(i) == nil })
	if len(ties) == 0 {
		return -1, errors.New("seed000: no legal move left")
	}
	return ties[p.rng.IntN(len(ties))], nil
}
