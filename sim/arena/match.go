package arena

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// Factory makes a player; the arena calls it with each game's options.
type Factory func(opt player.Options) (player.Player, error)

// Entrant is a player taking part: a spec for the player registry, or a
// factory (then Spec is just its name in tables).
type Entrant struct {
	Spec string
	New  Factory
}

func (e Entrant) make(opt player.Options) (player.Player, error) {
	f, err := e.prepare()
	if err != nil {
		return nil, err
	}
	return f(opt)
}

// prepare returns the factory of the entrant's players: its own, or the
// registry's for its spec with the spec (and any file it names) read
// once, as a run makes players for every game.
func (e Entrant) prepare() (Factory, error) {
	if e.New != nil {
		return e.New, nil
	}
	m, err := player.Prepare(e.Spec)
	if err != nil {
		return nil, err
	}
	return Factory(m), nil
}

// MatchConfig describes a match between two players. Only A and B (or
// NewA and NewB) and Games are required.
type MatchConfig struct {
	A, B       string  // player specs, e.g. "greedy", "pbrain:./engine --flag"
	NewA, NewB Factory // optional: make the players with these instead of the registry
	Games      int     // games to play; colours alternate game by game
	Size       int     // board size; 0 means 15
	Rule       game.Rule
	Seed       int64 // seeds random openings and the players' own randomness
	Jobs       int   // games played at once; 0 means GOMAXPROCS
	// Openings are played in order, each twice with colours swapped; nil
	// means RandomOpenings with Stones stones from Seed, drawn as the
	// games start.
	Openings []Opening
	// Deal, when set (and Openings nil), gives game pair i's opening
	// (0-based), asked in increasing order as the games start, so a run
	// holds no opening it is not playing.
	Deal     func(i int) Opening
	Stones   int           // random opening length; 0 means DefaultStones
	Limits   player.Limits // for players that accept limits (engines); zero leaves their defaults
	SPRT     *SPRT         // stop early when the test decides
	OnGame   func(Game)    // called for each finished game, one at a time
	Progress func(Progress)
	// KeepGames keeps every finished game, with its moves, in
	// Result.Games (a report draws them); otherwise the result holds the
	// counts and the forfeits only, so a run of any length fits in memory.
	KeepGames bool
	// Pool, when set, plays the games instead of the match's own Jobs
	// goroutines (Jobs is then unused), so a caller can fit them among
	// games of its own. The result is the same: games are seeded and
	// scored by their number, never by who played them or when.
	Pool Pool
	// Remote, when set, plays the games elsewhere (workers on other
	// machines) instead of here; Jobs and Pool are then unused. The
	// result is the same, for the same reason as Pool's.
	Remote Remote
}

// Pool plays a match's games on workers of its own.
type Pool interface {
	// Start arranges for play(i) to be called once for each i in
	// 0..n-1, no more at once than the pool allows, then done once
	// every call has returned. It need not wait for any of it.
	Start(n int, play func(i int), done func())
}

// TournamentConfig describes a round robin: every pair of players plays
// Rounds game pairs (one opening, both colours).
type TournamentConfig struct {
	Players  []Entrant
	Rounds   int // game pairs per pairing; 0 means 1
	Size     int
	Rule     game.Rule
	Seed     int64
	Jobs     int
	Openings []Opening
	Stones   int
	Limits   player.Limits
	OnGame   func(Game)
	Progress func(Progress)
	// KeepGames is MatchConfig's.
	KeepGames bool
	// Remote is MatchConfig's.
	Remote Remote
}

// End says how a game ended.
type End int8

const (
	EndFive    End = iota + 1 // a winning line
	EndFull                   // the board filled up: a draw
	EndForfeit                // the loser timed out, crashed, played an illegal move or failed
)

func (e End) String() string {
	switch e {
	case EndFive:
		return "five"
	case EndFull:
		return "full board"
	case EndForfeit:
		return "forfeit"
	}
	return "unfinished"
}

// Game is one finished game.
type Game struct {
	Number       int // 1-based, in schedule order across the run
	Pairing      int // index into Result.Pairings
	Index        int // 0-based within its pairing; the opening is Index/2
	Opening      int // index into Result.Openings
	Black, White string
	// BlackSide is the pairing side that played black: 0 when the
	// pairing's first player (A) did.
	BlackSide    int
	OpeningMoves int // Moves[:OpeningMoves] came from the opening
	Moves        []int
	Times        []time.Duration // thinking time per move; 0 for opening moves
	Winner       game.Colour     // Empty for a draw
	End          End
	Forfeit      player.ForfeitKind // why, when End is EndForfeit
	Detail       string             // the forfeit's message
	Log          []string           // the players' diagnostic lines, prefixed by colour
}

// ScoreA is the game's points for the pairing's first player: 1, ½ or 0.
func (g *Game) ScoreA() float64 {
	switch {
	case g.Winner == game.Empty:
		return 0.5
	case (g.Winner == game.Black) == (g.BlackSide == 0):
		return 1
	}
	return 0
}

// gameWDL is the game as a win, a draw or a loss for the pairing's first
// player: every count of games (the result's scores and game pairs, the
// report's chart) goes through it. A variable so that a test can plant a
// miscount (draws_test.go).
var gameWDL = func(g *Game) WDL {
	switch g.ScoreA() {
	case 1:
		return WDL{Wins: 1}
	case 0:
		return WDL{Losses: 1}
	}
	return WDL{Draws: 1}
}

// Record returns the game as a .psq record: moves with their thinking
// times, then the black and white players' names and a 0.
func (g *Game) Record(size int) *game.Record {
	rec := &game.Record{Size: size, Levels: [2]int{11, 11}}
	for i, c := range g.Moves {
		rec.Moves = append(rec.Moves, game.RecordMove{Cell: c, Time: int(g.Times[i].Milliseconds())})
	}
	rec.Trailer = []string{g.Black, g.White, "0"}
	return rec
}

// Outcome describes the result in words: "black wins (five)", "white wins
// (black forfeits: timeout: …)", "draw (full board)".
func (g *Game) Outcome() string {
	switch {
	case g.End == EndForfeit:
		return fmt.Sprintf("%v wins (%v forfeits: %v: %s)", g.Winner, g.Winner.Opponent(), g.Forfeit, g.Detail)
	case g.Winner == game.Empty:
		return "draw (" + g.End.String() + ")"
	}
	return fmt.Sprintf("%v wins (%v)", g.Winner, g.End)
}

// Pairing is the score between two players of a run, from A's side.
type Pairing struct {
	A, B     int // indices into Result.Players
	WDL      WDL
	Penta    Penta  // complete game pairs
	Forfeits [2]int // games lost by forfeit by A and by B
}

// Estimate is A's Elo advantage: pentanomial when every game so far is
// part of a complete pair, trinomial otherwise.
func (p Pairing) Estimate() Estimate {
	if n := p.Penta.Pairs(); n > 0 && 2*n == p.WDL.Games() {
		return PentanomialEstimate(p.Penta)
	}
	return TrinomialEstimate(p.WDL)
}

// Result is what a match or tournament produced, complete or partial.
type Result struct {
	Players []string
	Size    int
	Rule    game.Rule
	Seed    int64
	// Openings are the run's openings: those given, or with KeepGames
	// those drawn (Game.Opening indexes them); else nil.
	Openings []Opening
	Pairings []Pairing // a match has one: Players[0] against Players[1]
	// Games are the finished games, by Number, when the run kept them
	// (KeepGames); Played counts them either way.
	Games   []Game
	Played  int
	Moves   int64 // moves played in the finished games, openings not counted
	Planned int   // games scheduled
	// Forfeited are the games lost by forfeit, by Number: the first
	// MaxForfeitsKept of them, without their moves unless KeepGames.
	// The pairings count them all.
	Forfeited []Game
	SPRT      *SPRTStatus
	// Stopped says why the run ended before all planned games were
	// played: "sprt: H1 accepted", "interrupted", or "".
	Stopped string
}

// WDL is the first player's wins, losses and draws against the second
// (the match result).
func (r *Result) WDL() WDL { return r.Pairings[0].WDL }

// Score is the first player's share of the points against the second.
func (r *Result) Score() float64 { return r.Pairings[0].WDL.Score() }

// Progress is reported after each finished game.
type Progress struct {
	Done, Total int
	WDL         WDL      // the first pairing's, from its first player's side
	Estimate    Estimate // of the first pairing
	SPRT        *SPRTStatus
	Last        *Game
}

// Match plays a match. It returns the result so far and ctx's error when
// ctx is cancelled; an SPRT decision ends it early without error.
func Match(ctx context.Context, cfg MatchConfig) (*Result, error) {
	if cfg.Games <= 0 {
		return nil, fmt.Errorf("a match needs at least one game, got %d", cfg.Games)
	}
	r := cfg.run()
	if cfg.SPRT != nil {
		if err := cfg.SPRT.Validate(); err != nil {
			return nil, err
		}
	}
	return r.play(ctx)
}

// run is the match's run, as Match plays it and as a worker elsewhere
// plays some of its games (PlayJobs).
func (cfg MatchConfig) run() *run {
	a, b := Entrant{Spec: cfg.A, New: cfg.NewA}, Entrant{Spec: cfg.B, New: cfg.NewB}
	return &run{
		entrants: []Entrant{a, b}, pairings: [][2]int{{0, 1}}, games: cfg.Games,
		size: cfg.Size, rule: cfg.Rule, seed: cfg.Seed, jobs: cfg.Jobs, openings: cfg.Openings, deal: cfg.Deal,
		stones: cfg.Stones, limits: cfg.Limits, sprt: cfg.SPRT, onGame: cfg.OnGame, progress: cfg.Progress,
		pool: cfg.Pool, remote: cfg.Remote, keep: cfg.KeepGames,
	}
}

// Tournament plays a round robin.
func Tournament(ctx context.Context, cfg TournamentConfig) (*Result, error) {
	if len(cfg.Players) < 2 {
		return nil, fmt.Errorf("a tournament needs at least two players, got %d", len(cfg.Players))
	}
	return cfg.run().play(ctx)
}

// run is the tournament's run (see MatchConfig.run).
func (cfg TournamentConfig) run() *run {
	rounds := cfg.Rounds
	if rounds <= 0 {
		rounds = 1
	}
	r := &run{
		entrants: cfg.Players, games: 2 * rounds,
		size: cfg.Size, rule: cfg.Rule, seed: cfg.Seed, jobs: cfg.Jobs, openings: cfg.Openings,
		stones: cfg.Stones, limits: cfg.Limits, onGame: cfg.OnGame, progress: cfg.Progress,
		remote: cfg.Remote, keep: cfg.KeepGames,
	}
	for i := range cfg.Players {
		for j := i + 1; j < len(cfg.Players); j++ {
			r.pairings = append(r.pairings, [2]int{i, j})
		}
	}
	return r
}

// MaxForfeitsKept bounds Result.Forfeited, so a run of forfeits stays
// small; the pairings still count every one.
const MaxForfeitsKept = 1000

type run struct {
	entrants []Entrant
	makers   []Factory // entrants[i]'s players, prepared once
	pairings [][2]int
	games    int // per pairing
	size     int
	rule     game.Rule
	seed     int64
	jobs     int
	openings []Opening
	deal     func(int) Opening
	stones   int
	limits   player.Limits
	sprt     *SPRT
	onGame   func(Game)
	progress func(Progress)
	pool     Pool
	remote   Remote
	keep     bool
}

type job struct {
	number, pairing, index int
	opening                int // index into the run's openings, or the pair drawn
	op                     Opening
}

type outcome struct {
	game Game
	err  error // not a forfeit: the run cannot go on
	done bool  // false when the game was abandoned (cancelled)
}

var errSPRTStop = errors.New("the SPRT decided")

// schedule hands out a run's games in order, each with its opening,
// computing the next one when it is asked for: a run of any length holds
// only the games being played. Game pairs go pairing by pairing within
// each round, so a partial tournament is balanced and both games of a
// pair run close together.
type schedule struct {
	mu       sync.Mutex
	next     int // jobs handed out
	total    int
	games    int // per pairing
	pairings int
	// Where openings come from: a list (cycled), a dealer, or a random
	// draw; pair and op are the last dealt.
	list  []Opening
	deal  func(int) Opening
	draw  *OpeningDraw
	pair  int
	op    Opening
	dealt []Opening // the openings dealt, when the run keeps them
	keep  bool
}

func newSchedule(r *run) *schedule {
	s := &schedule{total: r.games * len(r.pairings), games: r.games, pairings: len(r.pairings),
		list: r.openings, deal: r.deal, pair: -1, keep: r.keep}
	if s.list == nil && s.deal == nil {
		s.draw = NewOpeningDraw(r.size, r.rule, r.stones, r.seed)
	}
	return s
}

// at is job i's place: its pairing, its index within the pairing, and
// its game pair.
func (s *schedule) at(i int) (pairing, index, pair int) {
	full := s.games / 2 // complete pairs per pairing
	if i < full*2*s.pairings {
		pair = i / (2 * s.pairings)
		r := i % (2 * s.pairings)
		return r / 2, 2*pair + r%2, pair
	}
	// The last, single game of an odd count.
	pair = full
	return i - full*2*s.pairings, 2 * pair, pair
}

// take returns the next job, false when none is left.
func (s *schedule) take() (job, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.next >= s.total {
		return job{}, false
	}
	i := s.next
	s.next++
	p, index, pair := s.at(i)
	j := job{number: i + 1, pairing: p, index: index}
	if s.list != nil {
		j.opening = pair % len(s.list)
		j.op = s.list[j.opening]
		return j, true
	}
	for s.pair < pair { // pairs are asked for in order
		s.pair++
		if s.deal != nil {
			s.op = s.deal(s.pair)
		} else {
			s.op = s.draw.Next()
		}
		if s.keep {
			s.dealt = append(s.dealt, s.op)
		}
	}
	j.opening, j.op = pair, s.op
	return j, true
}

func (r *run) play(ctx context.Context) (*Result, error) {
	if r.size == 0 {
		r.size = game.DefaultSize
	}
	if r.size < game.MinSize || r.size > game.MaxSize {
		return nil, fmt.Errorf("board size %d is out of range %d..%d", r.size, game.MinSize, game.MaxSize)
	}
	if r.jobs <= 0 {
		r.jobs = runtime.GOMAXPROCS(0)
	}
	if r.openings == nil && r.deal == nil {
		if r.stones == 0 {
			r.stones = DefaultStones
		}
		if err := CheckStones(r.size, r.stones); err != nil {
			return nil, err
		}
	}
	var err error
	if r.openings != nil {
		if len(r.openings) == 0 {
			return nil, errors.New("no openings")
		}
		b, err := game.NewBoard(r.size, r.rule)
		if err != nil {
			return nil, err
		}
		for _, op := range r.openings {
			if err := op.SetUp(b); err != nil {
				return nil, err
			}
		}
	}
	res := &Result{Size: r.size, Rule: r.rule, Seed: r.seed}
	if res.Players, err = r.prepare(); err != nil {
		return nil, err
	}
	for _, pr := range r.pairings {
		res.Pairings = append(res.Pairings, Pairing{A: pr[0], B: pr[1]})
	}
	sched := newSchedule(r)
	if sched.draw != nil {
		defer sched.draw.Close() // after every worker has stopped
	}
	res.Planned = sched.total

	runCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	// Workers take the next job from the schedule, not from a feeding
	// goroutine, and hand results over through a buffer: a game of the
	// native AI lasts well under a millisecond, and waking a goroutine
	// for every game in each direction cost more than the game. With the
	// buffer the collector runs when a core is free, draining many
	// results at once; results it receives after an SPRT stop or an
	// error are dropped, as before.
	var outCh chan outcome
	switch {
	case r.remote != nil:
		outCh = r.startRemote(runCtx, res.Players, sched)
	case r.pool != nil:
		outCh = r.startPool(runCtx, res.Players, sched)
	default:
		workers := min(r.jobs, sched.total)
		outCh = make(chan outcome, 64*workers)
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r.worker(runCtx, res.Players, func() (job, bool) {
					if runCtx.Err() != nil {
						return job{}, false
					}
					return sched.take()
				}, outCh)
			}()
		}
		go func() { wg.Wait(); close(outCh) }()
	}

	partner := map[[2]int]float64{} // A's score in the first finished game of each pair
	var runErr error
	for o := range outCh {
		if o.err != nil {
			if runErr == nil {
				runErr = o.err
				cancel(o.err)
			}
			continue
		}
		if !o.done || runErr != nil || context.Cause(runCtx) == errSPRTStop {
			continue
		}
		g := o.game
		res.record(g, r.keep)
		pr := &res.Pairings[g.Pairing]
		key := [2]int{g.Pairing, g.Index / 2}
		if other, ok := partner[key]; ok {
			pr.Penta[int(2*(other+gameWDL(&g).Score()))]++
			delete(partner, key)
		} else {
			partner[key] = gameWDL(&g).Score()
		}
		if r.sprt != nil {
			st := r.sprt.Status(res.Pairings[0].Penta)
			res.SPRT = &st
			if st.Decision != "" {
				res.Stopped = "sprt: " + st.Decision + " accepted"
				cancel(errSPRTStop)
			}
		}
		if r.onGame != nil {
			r.onGame(g)
		}
		if r.progress != nil {
			r.progress(Progress{Done: res.Played, Total: res.Planned, WDL: res.Pairings[0].WDL,
				Estimate: res.Pairings[0].Estimate(), SPRT: res.SPRT, Last: &g})
		}
	}
	sort.Slice(res.Games, func(i, j int) bool { return res.Games[i].Number < res.Games[j].Number })
	sort.Slice(res.Forfeited, func(i, j int) bool { return res.Forfeited[i].Number < res.Forfeited[j].Number })
	if r.keep {
		res.Openings = r.openings
		if res.Openings == nil {
			res.Openings = sched.dealt
		}
	}
	if runErr != nil {
		return res, runErr
	}
	if err := ctx.Err(); err != nil {
		res.Stopped = "interrupted"
		return res, err
	}
	return res, nil
}

// prepare makes every player once before any game, so a bad spec or an
// engine that will not start fails the run at once, and returns the
// players' names.
func (r *run) prepare() (names []string, err error) {
	for i, e := range r.entrants {
		f, err := e.prepare()
		if err != nil {
			return nil, err
		}
		p, err := f(player.Options{Size: r.size, Rule: r.rule, Seed: r.seed, Limits: r.limits})
		if err != nil {
			return nil, err
		}
		r.makers = append(r.makers, f)
		name := e.Spec
		if name == "" {
			name = p.Name()
		}
		if name == "" {
			name = fmt.Sprintf("player %d", i+1)
		}
		names = append(names, name)
		if c, ok := p.(player.Closer); ok {
			c.Close()
		}
		if f, ok := p.(player.Finisher); ok {
			f.Finish()
		}
	}
	return names, nil
}

// record counts a finished game in the result.
func (res *Result) record(g Game, keep bool) {
	res.Played++
	res.Moves += int64(len(g.Moves) - g.OpeningMoves)
	pr := &res.Pairings[g.Pairing]
	pr.WDL.add(gameWDL(&g))
	if keep {
		res.Games = append(res.Games, g)
	}
	if g.End != EndForfeit {
		return
	}
	loserSide := g.BlackSide
	if g.Winner == game.Black {
		loserSide = 1 - g.BlackSide
	}
	pr.Forfeits[loserSide]++
	if !keep {
		g.Moves, g.Times, g.Log = nil, nil, nil
	}
	if len(res.Forfeited) < MaxForfeitsKept {
		res.Forfeited = append(res.Forfeited, g)
		return
	}
	// Keep the first by number, whatever order the games finish in.
	last := 0
	for i := range res.Forfeited {
		if res.Forfeited[i].Number > res.Forfeited[last].Number {
			last = i
		}
	}
	if g.Number < res.Forfeited[last].Number {
		res.Forfeited[last] = g
	}
}

// worker plays jobs until nextJob has none left. Players holding outside
// resources (engine processes) are kept for the worker's life and reset
// by the protocol between games; the others are made for each game, with
// the game's own seed, so no result depends on which worker played it.
func (r *run) worker(ctx context.Context, names []string, nextJob func() (job, bool), out chan<- outcome) {
	kept := map[int]player.Player{}
	defer func() {
		for _, p := range kept {
			p.(player.Closer).Close()
		}
	}()
	var room gameRoom
	for j, ok := nextJob(); ok; j, ok = nextJob() {
		g, done, err := r.playJob(ctx, j, names, kept, &room)
		out <- outcome{game: g, err: err, done: done}
	}
}

// startPool hands the games to r.pool. A pool may call for them in any
// order, so the schedule is laid out first (pools play the short
// strength checks of tuning). What a worker keeps between games (engine
// processes, room for move times) is kept here in a stack of lanes, one
// taken for each game, so the pool needs as many as it plays games at
// once and engines are still reused. The buffer holds every outcome, so
// a pool's worker never waits for the collector.
func (r *run) startPool(ctx context.Context, names []string, sched *schedule) chan outcome {
	var jobs []job
	for j, ok := sched.take(); ok; j, ok = sched.take() {
		jobs = append(jobs, j)
	}
	type lane struct {
		kept map[int]player.Player
		room gameRoom
	}
	var (
		mu    sync.Mutex
		free  []*lane
		lanes []*lane
	)
	out := make(chan outcome, len(jobs))
	r.pool.Start(len(jobs), func(i int) {
		if ctx.Err() != nil {
			return
		}
		mu.Lock()
		var l *lane
		if n := len(free); n > 0 {
			l, free = free[n-1], free[:n-1]
		} else {
			l = &lane{kept: map[int]player.Player{}}
			lanes = append(lanes, l)
		}
		mu.Unlock()
		g, done, err := r.playJob(ctx, jobs[i], names, l.kept, &l.room)
		mu.Lock()
		free = append(free, l)
		mu.Unlock()
		out <- outcome{game: g, err: err, done: done}
	}, func() {
		for _, l := range lanes {
			for _, p := range l.kept {
				p.(player.Closer).Close()
			}
		}
		close(out)
	})
	return out
}

// gameSeed derives a player's seed from the run's seed, the game and the
// side, with a splitmix64 finaliser so nearby games get unrelated seeds.
func gameSeed(seed int64, pairing, index, colour int) int64 {
	z := uint64(seed) + 0x9e3779b97f4a7c15*uint64(1+pairing*1_000_003+index*4+colour)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return int64(z ^ z>>31)
}

// gameRoom is what a worker reuses from game to game: the board and the
// room for the thinking times (tuning's strength checks play many short
// games, and a board per game was much of what they allocated).
type gameRoom struct {
	board *game.Board
	times []time.Duration
}

// playJob plays one game on the worker's room; the Game gets exact copies
// of the moves and times, since the result or OnGame may keep the game.
func (r *run) playJob(ctx context.Context, j job, names []string, kept map[int]player.Player, room *gameRoom) (g Game, done bool, err error) {
	op := j.op
	if room.board == nil {
		if room.board, err = game.NewBoard(r.size, r.rule); err != nil {
			return Game{}, false, err
		}
	}
	b := room.board
	if err := op.SetUp(b); err != nil {
		return Game{}, false, err
	}
	times := &room.times
	pr := r.pairings[j.pairing]
	blackSide := j.index % 2
	who := [2]int{pr[blackSide], pr[1-blackSide]} // entrant by colour: black, white
	g = Game{
		Number: j.number, Pairing: j.pairing, Index: j.index, Opening: j.opening,
		Black: names[who[0]], White: names[who[1]], BlackSide: blackSide,
		OpeningMoves: len(op.Moves),
	}
	took := append((*times)[:0], make([]time.Duration, len(op.Moves))...) // 0 for the opening's moves
	defer func() {
		if done {
			g.Moves, g.Times = slices.Clone(b.History()), slices.Clone(took)
		}
		*times = took
	}()
	var players [2]player.Player
	for c, e := range who {
		if p, ok := kept[e]; ok {
			players[c] = p
			continue
		}
		p, err := r.makers[e](player.Options{Size: r.size, Rule: r.rule, Seed: gameSeed(r.seed, j.pairing, j.index, c), Limits: r.limits})
		if err != nil {
			return Game{}, false, fmt.Errorf("%s: %w", names[e], err)
		}
		if l, ok := p.(player.Limiter); ok && r.limits != (player.Limits{}) {
			l.SetLimits(r.limits)
		}
		if _, ok := p.(player.Closer); ok {
			kept[e] = p
		}
		players[c] = p
	}
	defer func() {
		// Players made for this game hand back what they hold (a pack's
		// pooled interpreter) as soon as it is over.
		for c, p := range players {
			if _, isKept := kept[who[c]]; !isKept {
				if f, ok := p.(player.Finisher); ok {
					f.Finish()
				}
			}
		}
	}()
	defer func() {
		for c, p := range players {
			lt, ok := p.(player.LogTaker)
			if !ok {
				continue
			}
			colour := game.Colour(c + 1)
			for _, line := range lt.TakeLog() {
				g.Log = append(g.Log, fmt.Sprintf("%v (%s): %s", colour, names[who[c]], line))
			}
		}
	}()
	for !b.Over() {
		mover := b.ToMove()
		p := players[mover-1]
		start := time.Now()
		cell, err := safeMove(ctx, p, b)
		thought := time.Since(start)
		if err == nil {
			if lerr := b.Legal(cell); lerr != nil {
				err = &player.ForfeitError{Kind: player.Illegal, Msg: moveName(cell, r.size) + ": " + lerr.Error()}
			}
		}
		if err != nil {
			if ctx.Err() != nil {
				return Game{}, false, nil // abandoned, not lost
			}
			var fe *player.ForfeitError
			if !errors.As(err, &fe) {
				fe = &player.ForfeitError{Kind: player.EngineError, Msg: err.Error()}
			}
			g.Winner, g.End, g.Forfeit, g.Detail = mover.Opponent(), EndForfeit, fe.Kind, fe.Msg
			return g, true, nil
		}
		if err := b.Play(cell); err != nil {
			return Game{}, false, fmt.Errorf("internal error: a legal move failed: %v", err)
		}
		took = append(took, thought)
	}
	g.Winner = b.Winner()
	g.End = EndFive
	if g.Winner == game.Empty {
		g.End = EndFull
	}
	return g, true, nil
}

// safeMove turns a player's panic into an error, so one broken player
// loses its game instead of ending the run.
func safeMove(ctx context.Context, p player.Player, b *game.Board) (cell int, err error) {
	defer func() {
		if v := recover(); v != nil {
			cell, err = -1, fmt.Errorf("panic: %v", v)
		}
	}()
	return p.Move(ctx, b)
}

func moveName(cell, size int) string {
	if cell < 0 || cell >= size*size {
		return fmt.Sprintf("cell %d", cell)
	}
	return game.FormatMove(cell, size)
}
