package arena

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// Job is one game of a run as its schedule deals it: the game's number
// (1-based), its pairing, its index within the pairing (which fixes the
// colours and the players' seeds) and its opening, moves and all. It is
// everything a worker elsewhere needs, besides the run's settings, to
// play the game exactly as the run would here (Worker.Play).
type Job struct {
	Number  int   `json:"number"`
	Pairing int   `json:"pairing"`
	Index   int   `json:"index"`
	Opening int   `json:"opening"`
	Moves   []int `json:"moves"`
}

// Remote plays a run's games elsewhere (on workers of other machines).
type Remote interface {
	// Play takes jobs from next, in schedule order, until it has none
	// left or ctx ends, has them played, and calls done once for each
	// game played, from one goroutine at a time, with the game as
	// Worker.Play returned it (CheckGame holds it to its job). It
	// returns once every job it took is done or abandoned; an error
	// other than ctx's ends the run.
	Play(ctx context.Context, next func() (Job, bool), done func(Game)) error
}

// startRemote hands the games to r.remote. A game comes back as the
// worker played it; the names are the run's own, so nothing of a
// worker's but the moves and how the game ended reaches the result.
func (r *run) startRemote(ctx context.Context, names []string, sched *schedule) chan outcome {
	out := make(chan outcome, 64)
	go func() {
		defer close(out)
		err := r.remote.Play(ctx, func() (Job, bool) {
			if ctx.Err() != nil {
				return Job{}, false
			}
			j, ok := sched.take()
			return Job{Number: j.number, Pairing: j.pairing, Index: j.index, Opening: j.opening, Moves: j.op.Moves}, ok
		}, func(g Game) {
			pr := r.pairings[g.Pairing]
			g.Black, g.White = names[pr[g.BlackSide]], names[pr[1-g.BlackSide]]
			out <- outcome{game: g, done: true}
		})
		if err != nil && ctx.Err() == nil {
			out <- outcome{err: err}
		}
	}()
	return out
}

// Worker plays chosen games of a run, as a worker process does for a
// Remote: its players are prepared once, for any number of calls of
// Play, which may run at once.
type Worker struct {
	r     *run
	names []string
}

// Worker prepares the match's players for playing its games by job.
// Only the settings that decide a game count: players, board, rule,
// seed and limits (the openings come with the jobs).
func (cfg MatchConfig) Worker() (*Worker, error) { return newWorker(cfg.run()) }

// Worker prepares the tournament's players (see MatchConfig.Worker).
func (cfg TournamentConfig) Worker() (*Worker, error) {
	if len(cfg.Players) < 2 {
		return nil, fmt.Errorf("a tournament needs at least two players, got %d", len(cfg.Players))
	}
	return newWorker(cfg.run())
}

func newWorker(r *run) (*Worker, error) {
	if r.size == 0 {
		r.size = game.DefaultSize
	}
	if r.size < game.MinSize || r.size > game.MaxSize {
		return nil, fmt.Errorf("board size %d is out of range %d..%d", r.size, game.MinSize, game.MaxSize)
	}
	if r.games <= 0 {
		return nil, fmt.Errorf("a run needs at least one game, got %d", r.games)
	}
	names, err := r.prepare()
	if err != nil {
		return nil, err
	}
	return &Worker{r: r, names: names}, nil
}

// Planned is how many games the run schedules: a job's Number is at
// most this.
func (w *Worker) Planned() int { return w.r.games * len(w.r.pairings) }

// place checks that a job is one of the run's games, at the place its
// number gives it, and returns its opening.
func (w *Worker) place(j Job) (Opening, error) {
	r := w.r
	if j.Number < 1 || j.Number > w.Planned() {
		return Opening{}, fmt.Errorf("game %d: the run has games 1..%d", j.Number, w.Planned())
	}
	s := schedule{games: r.games, pairings: len(r.pairings)}
	p, index, pair := s.at(j.Number - 1)
	if j.Pairing != p || j.Index != index {
		return Opening{}, fmt.Errorf("game %d: is pairing %d game %d of the run, not pairing %d game %d", j.Number, p, index, j.Pairing, j.Index)
	}
	if j.Opening < 0 || j.Opening > pair {
		return Opening{}, fmt.Errorf("game %d: opening %d, past its game pair %d", j.Number, j.Opening, pair)
	}
	op := Opening{Moves: j.Moves, Source: fmt.Sprintf("game %d's opening", j.Number)}
	if len(j.Moves) >= r.size*r.size {
		return Opening{}, fmt.Errorf("game %d: an opening of %d moves fills the %d×%d board", j.Number, len(j.Moves), r.size, r.size)
	}
	b, err := game.NewBoard(r.size, r.rule)
	if err != nil {
		return Opening{}, err
	}
	if err := op.SetUp(b); err != nil {
		return Opening{}, fmt.Errorf("game %d: %w", j.Number, err)
	}
	return op, nil
}

// Play plays jobs one after another and returns their games in the
// jobs' order, each as the run here would have played it. A job that is
// not one of the run's games is refused before any game is played; ctx's
// error is returned if it ends first.
func (w *Worker) Play(ctx context.Context, jobs []Job) ([]Game, error) {
	inner := make([]job, len(jobs))
	for i, j := range jobs {
		op, err := w.place(j)
		if err != nil {
			return nil, err
		}
		inner[i] = job{number: j.Number, pairing: j.Pairing, index: j.Index, opening: j.Opening, op: op}
	}
	kept := map[int]player.Player{}
	defer func() {
		for _, p := range kept {
			p.(player.Closer).Close()
		}
	}()
	var room gameRoom
	games := make([]Game, 0, len(jobs))
	for _, j := range inner {
		g, done, err := w.r.playJob(ctx, j, w.names, kept, &room)
		if err != nil {
			return nil, err
		}
		if !done {
			return nil, ctx.Err()
		}
		games = append(games, g)
	}
	return games, nil
}

// CheckGame holds a game a worker returned to the job it was given: the
// same number and place, the opening's moves first, every move legal on
// a board of the run's size and rule, one thinking time a move (none
// negative), and the end it claims the one the moves reach (a forfeit
// may end a game early, with a known reason and a winner).
func CheckGame(j Job, g *Game, size int, rule game.Rule) error {
	c, err := NewChecker(size, rule)
	if err != nil {
		return err
	}
	return c.Check(j, g)
}

// Checker is CheckGame for many games of one size and rule: a
// coordinator checks thousands of short games a second, on the cores its
// workers play on. Under freestyle and standard it replays a game on
// lines of bits (a row, column or diagonal each, a stone a bit), where a
// move's runs are a few shifts, not a walk over cells; under renju it
// replays on a game.Board, which knows black's forbidden moves.
type Checker struct {
	size, cells int
	rule        game.Rule
	board       *game.Board // renju's
	// lines[c][d][l] is colour c's stones (0 black, 1 white) on line l
	// of direction d (game.Directions' order), bit k the line's k-th
	// cell: rows by x, the others by y.
	lines [2][4][2*game.MaxSize - 1]uint32
}

// NewChecker returns a Checker for games of size and rule.
func NewChecker(size int, rule game.Rule) (*Checker, error) {
	b, err := game.NewBoard(size, rule)
	if err != nil {
		return nil, err
	}
	c := &Checker{size: size, cells: size * size, rule: rule}
	if rule == game.Renju {
		c.board = b
	}
	return c, nil
}

// Check is CheckGame of the Checker's size and rule.
func (c *Checker) Check(j Job, g *Game) error {
	switch {
	case g.Number != j.Number || g.Pairing != j.Pairing || g.Index != j.Index || g.Opening != j.Opening:
		return fmt.Errorf("game %d (pairing %d, game %d, opening %d) returned for game %d (pairing %d, game %d, opening %d)",
			g.Number, g.Pairing, g.Index, g.Opening, j.Number, j.Pairing, j.Index, j.Opening)
	case g.BlackSide != j.Index%2:
		return fmt.Errorf("game %d: black side %d, want %d", j.Number, g.BlackSide, j.Index%2)
	case g.OpeningMoves != len(j.Moves) || len(g.Moves) < len(j.Moves) || !slices.Equal(g.Moves[:len(j.Moves)], j.Moves):
		return fmt.Errorf("game %d: does not start with its opening", j.Number)
	case len(g.Times) != len(g.Moves):
		return fmt.Errorf("game %d: %d thinking times for %d moves", j.Number, len(g.Times), len(g.Moves))
	case len(g.Moves) > c.cells:
		return fmt.Errorf("game %d: %d moves on a board of %d cells", j.Number, len(g.Moves), c.cells)
	}
	for _, t := range g.Times {
		if t < 0 || t > player.MaxLimit {
			return fmt.Errorf("game %d: a thinking time of %v", j.Number, t)
		}
	}
	var over bool
	var winner, toMove game.Colour
	var err error
	if c.board != nil {
		over, winner, toMove, err = c.replayBoard(j, g)
	} else {
		over, winner, toMove, err = c.replayLines(j, g)
	}
	if err != nil {
		return err
	}
	switch g.End {
	case EndFive, EndFull:
		want := EndFive
		if winner == game.Empty {
			want = EndFull
		}
		if !over || g.End != want || g.Winner != winner || g.Forfeit != 0 {
			return fmt.Errorf("game %d: claims %q, the moves say otherwise", j.Number, g.Outcome())
		}
	case EndForfeit:
		if over || g.Winner != toMove.Opponent() || g.Forfeit < player.Timeout || g.Forfeit > player.EngineError {
			return fmt.Errorf("game %d: a forfeit that does not fit the game (winner %v, kind %d)", j.Number, g.Winner, g.Forfeit)
		}
	default:
		return fmt.Errorf("game %d: unknown end %d", j.Number, g.End)
	}
	return nil
}

// replayBoard plays g's moves on the renju board, returning whether the
// game is over, who won and who is to move.
func (c *Checker) replayBoard(j Job, g *Game) (over bool, winner, toMove game.Colour, err error) {
	b := c.board
	b.Reset()
	for i, m := range g.Moves {
		if b.Over() {
			return false, 0, 0, fmt.Errorf("game %d: move %d after the game ended", j.Number, i+1)
		}
		if err := b.Play(m); err != nil {
			return false, 0, 0, fmt.Errorf("game %d: move %d: %v", j.Number, i+1, err)
		}
	}
	return b.Over(), b.Winner(), b.ToMove(), nil
}

// lineRun sets bit k of *l and returns the length of the run of ones
// through it: the ones from bit k up, and from bit k down.
func lineRun(l *uint32, k uint) int {
	v := *l | 1<<k
	*l = v
	return bits.TrailingZeros32(^(v >> k)) + bits.LeadingZeros32(^(v << (31 - k))) - 1
}

// replayLines plays g's moves on the lines (freestyle and standard:
// every empty cell is legal), as replayBoard does on a board.
func (c *Checker) replayLines(j Job, g *Game) (over bool, winner, toMove game.Colour, err error) {
	clear(c.lines[0][:])
	clear(c.lines[1][:])
	size := c.size
	winner, toMove = game.Empty, game.Black
	for i, m := range g.Moves {
		if winner != game.Empty {
			return false, 0, 0, fmt.Errorf("game %d: move %d after the game ended", j.Number, i+1)
		}
		if m < 0 || m >= c.cells {
			return false, 0, 0, fmt.Errorf("game %d: move %d: cell %d: %w", j.Number, i+1, m, game.ErrOffBoard)
		}
		x, y := m%size, m/size
		if (c.lines[0][0][y]|c.lines[1][0][y])&(1<<x) != 0 {
			return false, 0, 0, fmt.Errorf("game %d: move %d: %s: %w", j.Number, i+1, game.FormatMove(m, size), game.ErrOccupied)
		}
		side := 0
		if toMove == game.White {
			side = 1
		}
		// The stone on its row (bit x), column (bit y) and diagonals
		// (bit y), and the runs through it: a win is one of exactly five,
		// or longer where an overline wins.
		mine := &c.lines[side]
		r := [4]int{lineRun(&mine[0][y], uint(x)), lineRun(&mine[1][x], uint(y)),
			lineRun(&mine[2][x-y+size-1], uint(y)), lineRun(&mine[3][x+y], uint(y))}
		if r[0] == 5 || r[1] == 5 || r[2] == 5 || r[3] == 5 ||
			max(r[0], r[1], r[2], r[3]) > 5 && c.rule.OverlineWins(toMove) {
			winner = toMove
		}
		toMove = toMove.Opponent()
	}
	return winner != game.Empty || len(g.Moves) == c.cells, winner, toMove, nil
}
