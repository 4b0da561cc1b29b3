package arena

import (
	"context"
	"fmt"
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
	b, err := game.NewBoard(size, rule)
	if err != nil {
		return err
	}
	return CheckGameOn(b, j, g)
}

// CheckGameOn is CheckGame replaying the moves on b, emptied first, whose
// size and rule are the run's: a coordinator checks thousands of short
// games a second, and a board for each was a third of its time.
func CheckGameOn(b *game.Board, j Job, g *Game) error {
	b.Reset()
	size := b.Size()
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
	case len(g.Moves) > size*size:
		return fmt.Errorf("game %d: %d moves on a board of %d cells", j.Number, len(g.Moves), size*size)
	}
	for _, t := range g.Times {
		if t < 0 || t > player.MaxLimit {
			return fmt.Errorf("game %d: a thinking time of %v", j.Number, t)
		}
	}
	for i, c := range g.Moves {
		if b.Over() {
			return fmt.Errorf("game %d: move %d after the game ended", j.Number, i+1)
		}
		if err := b.Play(c); err != nil {
			return fmt.Errorf("game %d: move %d: %v", j.Number, i+1, err)
		}
	}
	switch g.End {
	case EndFive, EndFull:
		want := EndFive
		if b.Winner() == game.Empty {
			want = EndFull
		}
		if !b.Over() || g.End != want || g.Winner != b.Winner() || g.Forfeit != 0 {
			return fmt.Errorf("game %d: claims %q, the moves say otherwise", j.Number, g.Outcome())
		}
	case EndForfeit:
		if b.Over() || g.Winner != b.ToMove().Opponent() || g.Forfeit < player.Timeout || g.Forfeit > player.EngineError {
			return fmt.Errorf("game %d: a forfeit that does not fit the game (winner %v, kind %d)", j.Number, g.Winner, g.Forfeit)
		}
	default:
		return fmt.Errorf("game %d: unknown end %d", j.Number, g.End)
	}
	return nil
}
