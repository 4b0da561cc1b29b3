package tune

import (
	"context"
	"fmt"
	"math"

	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// Setup is what a tuning run's games are made from: the config's text
// and the command line's choices. The command builds its Games from it,
// and so does a worker elsewhere that plays the run's games, so both
// play the same games.
type Setup struct {
	Name    string   `json:"name"`   // the config's name, for errors
	Config  []byte   `json:"config"` // its TOML text
	AI      string   `json:"ai"`     // greedy or lookahead
	Level   string   `json:"level,omitempty"`
	Against []string `json:"against"`
	Stones  int      `json:"stones"`
	Seed    int64    `json:"seed"`
	// Limits are the engines' time and memory (pbrain opponents); the
	// zero value gives them player.Limits' defaults.
	Limits player.Limits `json:"limits"`
}

// Games parses the config and returns the run's Games, not yet
// prepared (the caller adds openings and jobs, then calls Prepare).
func (s Setup) Games() (*Games, error) {
	cfg, err := config.Parse(s.Name, s.Config)
	if err != nil {
		return nil, err
	}
	if err := cfg.CheckTune(); err != nil {
		return nil, err
	}
	_, index := ConfigParams(cfg)
	if len(index) == 0 {
		return nil, fmt.Errorf("%s: the [tune.params] section lists no weights: nothing to tune", s.Name)
	}
	g := &Games{Base: cfg.Weights, Index: index, Against: s.Against, Pairs: cfg.Tune.Pairs,
		Size: cfg.Game.Size, Rule: cfg.Game.Rule, Stones: s.Stones, Seed: s.Seed, Limits: s.Limits}
	switch s.AI {
	case "greedy":
	case "lookahead":
		level := s.Level
		if level == "" {
			level = cfg.Lookahead.LevelName(cfg.Lookahead.DefaultLevel)
		}
		look, err := cfg.Lookahead.Named(level)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		g.Lookahead = &look
	default:
		return nil, fmt.Errorf("AI %q: want greedy or lookahead", s.AI)
	}
	return g, nil
}

// Remote plays a run's games elsewhere (workers on other machines).
type Remote interface {
	// Iteration has an iteration's games played and calls done, on any
	// goroutine, with their outcomes in the plan's order.
	Iteration(ctx context.Context, p *Plan, done func([]Outcome, error))
	// Match is the arena.Remote that plays the games of a match of θ
	// against the start (a strength check or the verification).
	Match(m *MatchPlan) arena.Remote
}

// Plan is an iteration's games as a worker plays them: θ+, θ− and,
// for each game, its opening, who plays it and the players' seeds.
type Plan struct {
	K     int        `json:"k"`
	Plus  []float64  `json:"plus"`
	Minus []float64  `json:"minus"`
	Games []PlanGame `json:"games"`
	coefs []float64  // what a black win adds, by game: the caller's own
}

// PlanGame is one game of a Plan. Who is black's and white's player:
// 0 θ+, 1 θ−, 2 the start, 3+i the opponent Against[i].
type PlanGame struct {
	Moves []int    `json:"moves"`
	Who   [2]int   `json:"who"`
	Seeds [2]int64 `json:"seeds"`
}

// Outcome is how one game of a plan ended.
type Outcome struct {
	Winner  game.Colour `json:"winner"` // Empty: a draw
	Moves   int         `json:"moves"`  // moves played, the opening's not counted
	Forfeit bool        `json:"forfeit,omitempty"`
}

// Players by PlanGame.Who.
const (
	whoPlus = iota
	whoMinus
	whoStart
	whoAgainst // + the opponent's index in Against
)

// MatchPlan is a match of θ against the start as a worker plays it: its
// games come as arena jobs.
type MatchPlan struct {
	Theta []float64 `json:"theta"`
	Games int       `json:"games"`
	Seed  int64     `json:"seed"`
}

// plan lists iteration k's games for a Remote.
func (g *Games) plan(k int, plus, minus []float64) *Plan {
	jobs := g.jobs(k)
	p := &Plan{K: k, Plus: plus, Minus: minus}
	for _, j := range jobs {
		p.Games = append(p.Games, PlanGame{Moves: j.opening.Moves, Who: j.who, Seeds: j.seeds})
		p.coefs = append(p.coefs, j.coef)
	}
	return p
}

// startRemote is Start for a run whose games are played elsewhere.
func (g *Games) startRemote(ctx context.Context, k int, plus, minus []float64, done func(r float64, games int, err error)) {
	p := g.plan(k, plus, minus)
	g.Remote.Iteration(ctx, p, func(outs []Outcome, err error) {
		if err == nil && len(outs) != len(p.Games) {
			err = fmt.Errorf("internal error: %d outcomes for %d games", len(outs), len(p.Games))
		}
		if err != nil {
			done(0, 0, err)
			return
		}
		r := 0.0
		for i, o := range outs {
			r += g.score(o, p.coefs[i])
		}
		done(r, len(outs), nil)
	})
}

// CheckOutcomes holds a worker's outcomes to the plan they answer: one
// for each game, each a colour or a draw, with no more moves than the
// board has cells.
func (g *Games) CheckOutcomes(p *Plan, outs []Outcome) error {
	if len(outs) != len(p.Games) {
		return fmt.Errorf("%d outcomes for %d games", len(outs), len(p.Games))
	}
	for i, o := range outs {
		if o.Winner != game.Empty && o.Winner != game.Black && o.Winner != game.White {
			return fmt.Errorf("game %d: winner %d is not a colour", i, o.Winner)
		}
		if o.Moves < 0 || o.Moves+len(p.Games[i].Moves) > g.Size*g.Size {
			return fmt.Errorf("game %d: %d moves after a %d-move opening on %d cells", i, o.Moves, len(p.Games[i].Moves), g.Size*g.Size)
		}
	}
	return nil
}

// checkTheta checks a θ a worker was sent: one finite value for each
// tuned parameter.
func (g *Games) checkTheta(what string, theta []float64) error {
	if len(theta) != len(g.Index) {
		return fmt.Errorf("%s has %d values for %d parameters", what, len(theta), len(g.Index))
	}
	for i, v := range theta {
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > math.MaxInt32 {
			return fmt.Errorf("%s: parameter %d is %v", what, i, v)
		}
	}
	return nil
}

// Play plays a plan's games, as a worker does for a Remote elsewhere,
// and returns their outcomes in order: the games the run would have
// played here, played by the same code. A plan that does not fit the
// run (θ of another length, a player it has not, an opening that is not
// legal) is refused before any game.
func (g *Games) Play(ctx context.Context, p *Plan) ([]Outcome, error) {
	if err := g.checkTheta("θ+", p.Plus); err != nil {
		return nil, err
	}
	if err := g.checkTheta("θ−", p.Minus); err != nil {
		return nil, err
	}
	jobs := make([]job, len(p.Games))
	for i, pg := range p.Games {
		for _, w := range pg.Who {
			if w < 0 || w >= whoAgainst+len(g.Against) || w >= whoAgainst && (g.Against[w-whoAgainst] == Self || g.Against[w-whoAgainst] == StartPlayer) {
				return nil, fmt.Errorf("game %d: no player %d", i, w)
			}
		}
		if len(pg.Moves) >= g.Size*g.Size {
			return nil, fmt.Errorf("game %d: an opening of %d moves fills the board", i, len(pg.Moves))
		}
		op := arena.Opening{Moves: pg.Moves, Source: fmt.Sprintf("game %d's opening", i)}
		if _, err := op.Board(g.Size, g.Rule); err != nil {
			return nil, fmt.Errorf("game %d: %w", i, err)
		}
		jobs[i] = job{opening: op, who: pg.Who, seeds: pg.Seeds, coef: 1}
	}
	ws := [2]point{g.at(p.Plus), g.at(p.Minus)}
	var fs [2]arena.Factory
	for i := range ws {
		f, release, err := g.model(ws[i])
		if err != nil {
			return nil, err
		}
		defer release()
		fs[i] = f
	}
	outs := make([]Outcome, len(jobs))
	for i, j := range jobs {
		o, err := g.play(ctx, j, fs)
		if err != nil {
			return nil, err
		}
		outs[i] = o
	}
	return outs, nil
}

// MatchWorker prepares the players of a match plan, as a worker does
// (arena.Worker plays its jobs).
func (g *Games) MatchWorker(m *MatchPlan) (*arena.Worker, error) {
	if err := g.checkTheta("θ", m.Theta); err != nil {
		return nil, err
	}
	if m.Games <= 0 {
		return nil, fmt.Errorf("a match of %d games", m.Games)
	}
	return g.matchConfig(m.Theta, m.Games, m.Seed).Worker()
}
