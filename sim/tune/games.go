package tune

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// Opponent names with a meaning of their own in Games.Against; anything
// else is a player spec (player.New).
const (
	// Self plays θ+ against θ− directly: a game pair from one opening,
	// colours swapped, as fishtest does.
	Self = "self"
	// StartPlayer is the greedy AI with the run's starting weights.
	StartPlayer = "start"
)

// Games is the objective of tuning greedy weights, or the lookahead's
// weights and values: it plays θ+ and θ− from the same openings against
// each opponent and scores the difference.
//
// For the opponent Self a game pair (θ+ black, then θ− black) adds θ+'s
// wins minus losses. For any other opponent X, θ+ and θ− each play the
// same game pair against X, with the same seeds for X, and the pair adds
// (θ+'s wins − losses) − (θ−'s wins − losses). Both have the same
// expectation for small perturbations, 4·(s(θ+) − s(θ−)) per pair in
// scores against a common reference, so opponents can be mixed.
type Games struct {
	Base eval.Weights // all the weights; the tuned ones at their start values
	// Lookahead, when set, makes θ's players and the start the lookahead
	// AI (sim/lookahead) with these search numbers, the weights ordering
	// its moves, and θ's lookahead.value.* parameters move its Value (the
	// tuned ones at their start values here). nil: greedy players, and no
	// parameter may be a lookahead value.
	Lookahead *config.Lookahead
	Index     []int    // each parameter's config.TunableIndex
	Against   []string // Self, StartPlayer or player specs
	Pairs     int      // game pairs per opponent and iteration
	Size      int
	Rule      game.Rule
	// Openings, when set, are dealt out in a seeded shuffled order; nil
	// draws fresh random openings of Stones stones for every iteration.
	Openings []arena.Opening
	Stones   int
	Seed     int64
	// Limits are what engine opponents (pbrain players) are told and
	// held to, as sim's --timeout-turn and the rest set them for a match.
	Limits player.Limits
	Jobs   int // games played at once; 0 means GOMAXPROCS
	// Remote, when set, plays the games elsewhere (Jobs is then unused):
	// the iterations' games, the strength checks' and the verification's.
	// The results are the same: every game is seeded by its place.
	Remote Remote

	perm     []int
	start    arena.Factory            // the starting weights' players
	makers   map[string]arena.Factory // the other opponents', prepared once
	forfeits atomic.Int64
	moves    atomic.Int64
	crew     crew      // plays each iteration's games on Jobs cores
	boards   sync.Pool // *game.Board of Size and Rule, reused from game to game
	// wrap, when set (by tests), wraps every player factory.
	wrap func(arena.Factory) arena.Factory
}

// Prepare checks the opponents (making each once) and the settings.
func (g *Games) Prepare() error {
	if len(g.Against) == 0 {
		return fmt.Errorf("no opponents")
	}
	if g.Pairs <= 0 {
		return fmt.Errorf("want at least one game pair per opponent, got %d", g.Pairs)
	}
	if g.Size == 0 {
		g.Size = game.DefaultSize
	}
	if g.Stones <= 0 {
		g.Stones = arena.DefaultStones
	}
	if g.Openings == nil {
		if err := arena.CheckStones(g.Size, g.Stones); err != nil {
			return err
		}
	}
	if g.Jobs <= 0 {
		g.Jobs = runtime.GOMAXPROCS(0)
	}
	if err := g.Base.Validate(); err != nil {
		return fmt.Errorf("the starting weights: %w", err)
	}
	if g.Lookahead == nil {
		for _, i := range g.Index {
			if config.IsLookaheadValue(i) {
				return fmt.Errorf("%s is the lookahead's value, and greedy players do not use it: tune it with the lookahead playing", config.TunableKeys()[i])
			}
		}
	}
	g.start = g.players(g.at(nil))
	g.makers = map[string]arena.Factory{}
	seen := map[string]bool{}
	for _, a := range g.Against {
		if seen[a] {
			return fmt.Errorf("opponent %q listed twice", a)
		}
		seen[a] = true
		if a == Self || a == StartPlayer {
			continue
		}
		m, err := player.Prepare(a)
		if err != nil {
			return err
		}
		g.makers[a] = arena.Factory(m)
		p, err := m(player.Options{Size: g.Size, Rule: g.Rule, Seed: g.Seed, Limits: g.Limits})
		if err != nil {
			return err
		}
		if c, ok := p.(player.Closer); ok {
			c.Close()
		}
	}
	if g.Openings != nil {
		if len(g.Openings) == 0 {
			return fmt.Errorf("no openings")
		}
		rng := rand.New(rand.NewPCG(mix(g.Seed, streamShuffle, 0), 0))
		g.perm = rng.Perm(len(g.Openings))
	}
	return nil
}

// ConfigParams are the values a config's [tune] section tunes, as SPSA
// parameters starting at the config's values, with each one's
// config.TunableIndex (Games.Index).
func ConfigParams(cfg *config.Config) (params []Param, index []int) {
	tc := cfg.Tune
	for i, p := range tc.Params {
		if !p.On {
			continue
		}
		params = append(params, Param{Key: config.TunableKeys()[i], Start: float64(*config.TunedValue(cfg, i)),
			Min: float64(p.Min), Max: float64(p.Max), Step: p.Step, Rate: tc.ParamRate(i)})
		index = append(index, i)
	}
	return params, index
}

// point is what the players of one θ play with: the weights, and the
// lookahead's search numbers when the lookahead plays (look is nil
// otherwise).
type point struct {
	w    eval.Weights
	look *config.Lookahead
}

// at is the point of θ; nil is the start.
func (g *Games) at(theta []float64) point {
	c := g.configAt(theta)
	p := point{w: c.Weights}
	if g.Lookahead != nil {
		p.look = &c.Lookahead
	}
	return p
}

// configAt holds θ's weights and, when the lookahead plays, its search
// numbers with θ's values: each parameter rounded to the nearest integer.
// nil is the start.
func (g *Games) configAt(theta []float64) *config.Config {
	c := &config.Config{Weights: g.Base}
	if g.Lookahead != nil {
		c.Lookahead = *g.Lookahead
	}
	if theta != nil {
		for i, idx := range g.Index {
			*config.TunedValue(c, idx) = int32(math.Round(theta[i]))
		}
	}
	return c
}

// Weights are the greedy weights at θ: each parameter rounded to the
// nearest integer.
func (g *Games) Weights(theta []float64) eval.Weights { return g.at(theta).w }

// Values are the tuned values at θ by key, as the config holds them: the
// weights and the lookahead's values, each rounded to an integer.
func (g *Games) Values(theta []float64) map[string]int64 {
	c := g.configAt(theta)
	keys := config.TunableKeys()
	out := map[string]int64{}
	for _, idx := range g.Index {
		out[keys[idx]] = int64(*config.TunedValue(c, idx))
	}
	return out
}

// Valid says whether θ's weights pass eval.Weights.Validate: the 32-bit
// bound and the decisive tiers. It is SPSA.Valid for weights. (The
// lookahead's values need no more than their bounds.)
func (g *Games) Valid(theta []float64) bool {
	w := g.Weights(theta)
	return w.Validate() == nil
}

// PerIteration is the number of games an iteration plays.
func (g *Games) PerIteration() int {
	n := 0
	for _, a := range g.Against {
		if a == Self {
			n += 2 * g.Pairs
		} else {
			n += 4 * g.Pairs
		}
	}
	return n
}

// Forfeits is how many tuning games so far ended by a forfeit (an engine
// that failed, timed out or played an illegal move).
func (g *Games) Forfeits() int { return int(g.forfeits.Load()) }

// Moves is how many moves the players made so far (opening stones not
// counted) in all the games Compare, Check and Verify played, for
// measuring the tuner's speed per move as well as per game.
func (g *Games) Moves() int64 { return g.moves.Load() }

// Describe is the objective's description for the checkpoint settings.
func (g *Games) Describe() string {
	ops := fmt.Sprintf("random %d-stone openings", g.Stones)
	if g.Openings != nil {
		h := sha256.New()
		for _, o := range g.Openings {
			fmt.Fprintln(h, o.Moves)
		}
		ops = fmt.Sprintf("%d openings %x", len(g.Openings), h.Sum(nil)[:6])
	}
	wj, _ := json.Marshal(g.Base)
	kind := "greedy"
	if g.Lookahead != nil {
		// A checkpoint of one lookahead's run resumes with its numbers only.
		lj, _ := json.Marshal(g.Lookahead)
		kind = fmt.Sprintf("lookahead (%x)", sha256.Sum256(lj))
	}
	desc := fmt.Sprintf("%s games against %s; %d pairs each; %d×%d %v; %s; weights %x",
		kind, strings.Join(g.Against, ","), g.Pairs, g.Size, g.Size, g.Rule, ops, sha256.Sum256(wj))
	if slices.ContainsFunc(g.Against, player.IsEngine) {
		// An engine plays by its clock: a run resumes with the same one.
		l := g.Limits.WithDefaults()
		desc += fmt.Sprintf("; engines %v a move, %v a game, %d bytes, %v to start, %v slack", l.Turn, l.Match, l.Memory, l.Startup, l.Slack)
	}
	return desc
}

// job is one game of an iteration: who plays black and white (see
// PlanGame.Who), and what a black win adds to the result (a white win
// subtracts it).
type job struct {
	opening arena.Opening
	who     [2]int
	seeds   [2]int64 // black's and white's player seeds
	coef    float64
}

// Compare plays iteration k's games and returns θ+'s result.
func (g *Games) Compare(ctx context.Context, k int, plus, minus []float64) (float64, int, error) {
	if g.Remote != nil {
		var (
			r     float64
			games int
			err   error
		)
		done := make(chan struct{})
		g.startRemote(ctx, k, plus, minus, func(rr float64, n int, e error) { r, games, err = rr, n, e; close(done) })
		<-done
		return r, games, err
	}
	// θ+'s and θ−'s models are built first, one on each of two cores:
	// built by their first players they cost more than a game, and the
	// players of the other games wait for them.
	ws := [2]point{g.at(plus), g.at(minus)}
	var (
		fs       [2]arena.Factory
		releases [2]func()
	)
	// Every game has returned (its players finished) when run does.
	defer releaseAll(releases[:])
	err := g.crew.run(ctx, g.Jobs, 2, func(_ context.Context, i int) (err error) {
		fs[i], releases[i], err = g.model(ws[i])
		return err
	})
	if err != nil {
		return 0, 0, err
	}
	jobs := g.jobs(k)
	out := make([]float64, len(jobs))
	err = g.crew.run(ctx, g.Jobs, len(jobs), func(ctx context.Context, i int) error {
		return g.playJob(ctx, jobs[i], fs, &out[i])
	})
	if err != nil {
		return 0, 0, err
	}
	return sum(out), len(jobs), nil
}

// Start plays iteration k's games as the crew's background work, so that
// the games of the iterations a lagged run has in play at once (and a
// strength check's) share the cores with no barrier between them: models
// first, one job each, then the games. done gets what Compare returns.
func (g *Games) Start(ctx context.Context, k int, plus, minus []float64, done func(r float64, games int, err error)) {
	if g.Remote != nil {
		g.startRemote(ctx, k, plus, minus, done)
		return
	}
	p := pool{c: &g.crew, jobs: g.Jobs}
	var (
		fs       [2]arena.Factory
		releases [2]func()
		errs     [2]error
	)
	ws := [2]point{g.at(plus), g.at(minus)}
	p.Start(2, func(i int) { fs[i], releases[i], errs[i] = g.model(ws[i]) }, func() {
		err := firstError(errs[:])
		if err == nil {
			err = ctx.Err()
		}
		if err != nil {
			releaseAll(releases[:])
			done(0, 0, err)
			return
		}
		jobs := g.jobs(k)
		out := make([]float64, len(jobs))
		errs := make([]error, len(jobs))
		p.Start(len(jobs), func(i int) {
			if errs[i] = ctx.Err(); errs[i] == nil {
				errs[i] = g.playJob(ctx, jobs[i], fs, &out[i])
			}
		}, func() {
			// Every game has returned, its players finished.
			releaseAll(releases[:])
			if err := firstError(errs); err != nil {
				done(0, 0, err)
				return
			}
			done(sum(out), len(jobs), nil)
		})
	})
}

// releaseAll calls the release functions that are set.
func releaseAll(rs []func()) {
	for _, r := range rs {
		if r != nil {
			r()
		}
	}
}

// firstError is the first of errs in order that is not nil.
func firstError(errs []error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func sum(vs []float64) float64 {
	r := 0.0
	for _, v := range vs {
		r += v
	}
	return r
}

// model makes the players of one point, its model built now, and the
// function that releases the model once its games are over.
func (g *Games) model(p point) (arena.Factory, func(), error) {
	var (
		m       player.Maker
		release func()
		err     error
	)
	if p.look != nil {
		m, release, err = player.LookaheadMakerFor("lookahead", p.w, *p.look, g.Size, g.Rule)
	} else {
		m, release, err = player.GreedyMakerFor("greedy", p.w, g.Size, g.Rule)
	}
	if err != nil {
		return nil, nil, err
	}
	return g.wrapped(arena.Factory(m)), release, nil
}

// jobs lists iteration k's games.
func (g *Games) jobs(k int) []job {
	ops := g.openings(streamOpenings, uint64(k), len(g.Against)*g.Pairs)
	var jobs []job
	for oi, a := range g.Against {
		for p := range g.Pairs {
			slot := oi*g.Pairs + p
			base := int64(mix(int64(mix(g.Seed, streamGame, uint64(k))), uint64(slot), 0))
			seeds := [2]int64{int64(mix(base, 1, 0)), int64(mix(base, 2, 0))}
			op := ops[slot]
			if a == Self {
				jobs = append(jobs,
					job{op, [2]int{whoPlus, whoMinus}, seeds, 1},
					job{op, [2]int{whoMinus, whoPlus}, seeds, -1})
				continue
			}
			x := whoAgainst + oi
			if a == StartPlayer {
				x = whoStart
			}
			jobs = append(jobs,
				job{op, [2]int{whoPlus, x}, seeds, 1}, job{op, [2]int{x, whoPlus}, seeds, -1},
				job{op, [2]int{whoMinus, x}, seeds, -1}, job{op, [2]int{x, whoMinus}, seeds, 1})
		}
	}
	return jobs
}

// factory is the player who (PlanGame.Who) with θ+'s and θ−'s players fs.
func (g *Games) factory(who int, fs [2]arena.Factory) arena.Factory {
	switch who {
	case whoPlus, whoMinus:
		return fs[who]
	case whoStart:
		return g.start
	}
	return g.makers[g.Against[who-whoAgainst]]
}

// playJob plays one game and puts θ+'s score from it in *out.
func (g *Games) playJob(ctx context.Context, j job, fs [2]arena.Factory, out *float64) error {
	o, err := g.play(ctx, j, fs)
	*out = g.score(o, j.coef)
	return err
}

// score is what a game's outcome adds to θ+'s result, and counts its
// moves and forfeit.
func (g *Games) score(o Outcome, coef float64) float64 {
	g.moves.Add(int64(o.Moves))
	if o.Forfeit {
		g.forfeits.Add(1)
	}
	switch o.Winner {
	case game.Black:
		return coef
	case game.White:
		return -coef
	}
	return 0
}

// players makes the players of one point, greedy or lookahead; they
// share its evaluation model, as an iteration's games all use the same
// few weight sets.
func (g *Games) players(p point) arena.Factory {
	if p.look != nil {
		return g.wrapped(arena.Factory(player.LookaheadMaker("lookahead", p.w, *p.look)))
	}
	return g.wrapped(arena.Factory(player.GreedyMaker("greedy", p.w)))
}

func (g *Games) wrapped(f arena.Factory) arena.Factory {
	if g.wrap != nil {
		return g.wrap(f)
	}
	return f
}

// openings deals n openings for draw number i of a stream: fresh random
// ones, or the next n of the shuffled list (consecutive draws continue
// where the last left off, so a file's openings are used evenly).
func (g *Games) openings(stream, i uint64, n int) []arena.Opening {
	if g.Openings == nil {
		return arena.RandomOpenings(g.Size, g.Rule, n, g.Stones, int64(mix(g.Seed, stream, i)))
	}
	out := make([]arena.Opening, n)
	for j := range out {
		out[j] = g.dealt(stream, i, n, j)
	}
	return out
}

// dealt is opening j of the n that draw i of a stream deals from the
// shuffled list.
func (g *Games) dealt(stream, i uint64, n, j int) arena.Opening {
	off := int(mix(0, stream, 0) % uint64(len(g.perm)))
	return g.Openings[g.perm[(off+int(i)*n+j)%len(g.perm)]]
}

// play plays one game and returns how it ended. A player that fails or
// plays an illegal move loses, as in the arena.
func (g *Games) play(ctx context.Context, j job, fs [2]arena.Factory) (Outcome, error) {
	b, _ := g.boards.Get().(*game.Board)
	if b == nil {
		var err error
		if b, err = game.NewBoard(g.Size, g.Rule); err != nil {
			return Outcome{}, err
		}
	}
	defer g.boards.Put(b)
	if err := j.opening.SetUp(b); err != nil {
		return Outcome{}, err
	}
	var ps [2]player.Player
	for c, who := range j.who {
		p, err := g.factory(who, fs)(player.Options{Size: g.Size, Rule: g.Rule, Seed: j.seeds[c], Limits: g.Limits})
		if err != nil {
			return Outcome{}, err
		}
		if cl, ok := p.(player.Closer); ok {
			defer cl.Close()
		}
		if f, ok := p.(player.Finisher); ok {
			// A pack's interpreter goes back to its pool for the next game.
			defer f.Finish()
		}
		ps[c] = p
	}
	opening := b.Moves()
	for !b.Over() {
		mover := b.ToMove()
		cell, err := safeMove(ctx, ps[mover-1], b)
		if err == nil {
			err = b.Play(cell)
		}
		if err != nil {
			if ctx.Err() != nil {
				return Outcome{}, ctx.Err()
			}
			return Outcome{Winner: mover.Opponent(), Moves: b.Moves() - opening, Forfeit: true}, nil
		}
	}
	return Outcome{Winner: b.Winner(), Moves: b.Moves() - opening}, nil
}

func safeMove(ctx context.Context, p player.Player, b *game.Board) (cell int, err error) {
	defer func() {
		if v := recover(); v != nil {
			cell, err = -1, fmt.Errorf("panic: %v", v)
		}
	}()
	return p.Move(ctx, b)
}

// Check plays pairs game pairs of θ against the start for strength check
// number i, from openings of their own.
func (g *Games) Check(ctx context.Context, i int, theta []float64, pairs int) (*Strength, error) {
	return g.check(ctx, i, theta, pairs, nil)
}

// CheckAside is Check with the games played as background work of the
// goroutines playing Compare's: whoever finds no iteration game left to
// take plays one, never more games at once than Jobs in all. It returns
// only as the games are played, so something must call Compare or Help
// meanwhile (Run does, with Overlap set to g). The result is Check's.
func (g *Games) CheckAside(ctx context.Context, i int, theta []float64, pairs int) (*Strength, error) {
	return g.check(ctx, i, theta, pairs, pool{&g.crew, g.Jobs})
}

// Help plays CheckAside's games on the calling goroutine until done is
// closed (or only waits, when the games are played elsewhere).
func (g *Games) Help(done <-chan struct{}) {
	if g.Remote != nil {
		<-done
		return
	}
	g.crew.help(done)
}

func (g *Games) check(ctx context.Context, i int, theta []float64, pairs int, p arena.Pool) (*Strength, error) {
	res, err := g.matchProgress(ctx, theta, 2*pairs, streamCheck, uint64(i), nil, p)
	if err != nil {
		return nil, err
	}
	return &Strength{Penta: res.Pairings[0].Penta, WDL: res.WDL()}, nil
}

// Verify plays the final match of θ against the start: games games,
// colours swapped per opening, from a draw of openings of its own (the
// same distribution the run tuned on, which is the one it measures).
func (g *Games) Verify(ctx context.Context, theta []float64, games int, progress func(arena.Progress)) (*arena.Result, error) {
	return g.matchProgress(ctx, theta, games, streamVerify, 0, progress, nil)
}

func (g *Games) matchProgress(ctx context.Context, theta []float64, games int, stream, i uint64, progress func(arena.Progress), p arena.Pool) (*arena.Result, error) {
	// The openings are dealt as the games start (the match's own random
	// draw from the same seed is g.openings' draw), so a verification of
	// any length holds only the games being played.
	seed := int64(mix(g.Seed, stream, i))
	cfg := g.matchConfig(theta, games, seed)
	if g.Openings != nil {
		cfg.Deal = func(k int) arena.Opening { return g.dealt(stream, i, (games+1)/2, k) }
	}
	cfg.Jobs, cfg.Stones, cfg.Progress, cfg.Pool = g.Jobs, g.Stones, progress, p
	if g.Remote != nil {
		cfg.Remote = g.Remote.Match(&MatchPlan{Theta: theta, Games: games, Seed: seed})
	}
	res, err := arena.Match(ctx, cfg)
	if res != nil {
		g.moves.Add(res.Moves)
	}
	return res, err
}

// matchConfig is the match of θ against the start that a strength check
// or the verification plays, as it decides each game: here, and on a
// worker elsewhere (MatchWorker).
func (g *Games) matchConfig(theta []float64, games int, seed int64) arena.MatchConfig {
	return arena.MatchConfig{A: "tuned", B: "start", NewA: g.players(g.at(theta)), NewB: g.start,
		Games: games, Size: g.Size, Rule: g.Rule, Seed: seed}
}
