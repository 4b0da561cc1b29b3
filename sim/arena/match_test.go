package arena

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

func moveLists(r *Result) [][]int {
	var out [][]int
	for _, g := range r.Games {
		out = append(out, g.Moves)
	}
	return out
}

func TestMatchIsDeterministicAcrossJobs(t *testing.T) {
	cfg := MatchConfig{KeepGames: true, A: "test-random", B: "test-first", Games: 12, Size: 9, Seed: 7}
	cfg.Jobs = 1
	one, err := Match(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Jobs = 4
	four, err := Match(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(moveLists(one), moveLists(four)) || one.WDL() != four.WDL() {
		t.Fatalf("jobs=1 and jobs=4 differ: %v vs %v", one.WDL(), four.WDL())
	}
	cfg.Seed = 8
	other, err := Match(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(moveLists(one), moveLists(other)) {
		t.Errorf("another seed played the same games")
	}
}

// backwards is a Pool that plays the games last first, three at a time,
// on goroutines of its own.
type backwards struct{ calls atomic.Int32 }

func (b *backwards) Start(n int, play func(i int), done func()) {
	b.calls.Add(1)
	go func() {
		for hi := n; hi > 0; hi -= 3 {
			var wg sync.WaitGroup
			for i := hi - 1; i >= max(0, hi-3); i-- {
				wg.Add(1)
				go func() { defer wg.Done(); play(i) }()
			}
			wg.Wait()
		}
		done()
	}()
}

func TestMatchPool(t *testing.T) {
	cfg := MatchConfig{KeepGames: true, A: "test-random", B: "test-first", Games: 13, Size: 9, Seed: 7, Jobs: 1}
	want, err := Match(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	p := &backwards{}
	cfg.Pool = p
	got, err := Match(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if p.calls.Load() != 1 {
		t.Errorf("the pool was started %d times, want once", p.calls.Load())
	}
	if !reflect.DeepEqual(moveLists(got), moveLists(want)) || got.Pairings[0] != want.Pairings[0] {
		t.Fatalf("through a pool: %+v, on the match's own goroutine: %+v", got.Pairings[0], want.Pairings[0])
	}
	for i, g := range got.Games {
		if g.Number != i+1 {
			t.Fatalf("game %d is number %d: the games are not in order", i, g.Number)
		}
	}
}

func TestMatchPairsOpeningsAndAlternatesColours(t *testing.T) {
	res, err := Match(context.Background(), MatchConfig{KeepGames: true, A: "test-first", B: "test-first", Games: 9, Size: 15, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 9 || res.Planned != 9 || len(res.Openings) != 5 {
		t.Fatalf("%d games of %d planned, %d openings", len(res.Games), res.Planned, len(res.Openings))
	}
	seen := map[string]bool{}
	for i, g := range res.Games {
		if g.Number != i+1 || g.Index != i || g.BlackSide != i%2 || g.Opening != i/2 {
			t.Errorf("game %d: number %d index %d black side %d opening %d", i, g.Number, g.Index, g.BlackSide, g.Opening)
		}
		wantBlack := "test-first"
		if g.Black != wantBlack || g.White != wantBlack {
			t.Errorf("game %d: %s vs %s", i, g.Black, g.White)
		}
		op := res.Openings[g.Opening].Moves
		if !reflect.DeepEqual(g.Moves[:g.OpeningMoves], op) || g.OpeningMoves != DefaultStones {
			t.Errorf("game %d does not start with its opening", i)
		}
		if len(g.Times) != len(g.Moves) {
			t.Errorf("game %d: %d times for %d moves", i, len(g.Times), len(g.Moves))
		}
		seen[strings.Join(strings.Fields(res.Openings[g.Opening].Notation(15)), " ")] = true
	}
	// Deterministic players still play varied games thanks to openings.
	if len(seen) != 5 {
		t.Errorf("%d distinct openings, want 5", len(seen))
	}
	w := res.WDL()
	if w.Games() != 9 || res.Pairings[0].Penta.Pairs() != 4 {
		t.Errorf("wdl %+v penta %v", w, res.Pairings[0].Penta)
	}
	// The same deterministic player on both sides: each pair's two games
	// are the same game with colours swapped, so each pair scores 1.
	if res.Pairings[0].Penta != (Penta{2: 4}) {
		t.Errorf("penta %v, want all pairs even", res.Pairings[0].Penta)
	}
}

func TestMatchScoresTheStrongerPlayer(t *testing.T) {
	res, err := Match(context.Background(), MatchConfig{KeepGames: true, A: "test-sharp", B: "test-random", Games: 40, Size: 9, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if s := res.Score(); s < 0.8 {
		t.Errorf("sharp scored %.1f%% against random", 100*s)
	}
	e := res.Pairings[0].Estimate()
	if e.Model != "pentanomial" || e.Elo < 100 || e.LOS < 0.99 {
		t.Errorf("estimate %+v", e)
	}
}

func TestMatchRecordsForfeitsAndGoesOn(t *testing.T) {
	for _, mode := range []string{"error", "occupied", "panic"} {
		t.Run(mode, func(t *testing.T) {
			res, err := Match(context.Background(), MatchConfig{KeepGames: true, A: "test-fail:" + mode, B: "test-first", Games: 4, Size: 9, Jobs: 2})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Games) != 4 || res.Pairings[0].Forfeits != [2]int{4, 0} || res.WDL().Losses != 4 {
				t.Fatalf("games %d forfeits %v wdl %+v", len(res.Games), res.Pairings[0].Forfeits, res.WDL())
			}
			g := res.Games[0]
			want := map[string]player.ForfeitKind{"error": player.EngineError, "occupied": player.Illegal, "panic": player.EngineError}[mode]
			if g.End != EndForfeit || g.Forfeit != want || g.Winner != game.White {
				t.Errorf("game 1: %s", g.Outcome())
			}
			if !strings.Contains(g.Outcome(), "black forfeits") {
				t.Errorf("outcome %q", g.Outcome())
			}
		})
	}
}

func TestMatchSPRTStopsEarly(t *testing.T) {
	sprt := SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	res, err := Match(context.Background(), MatchConfig{KeepGames: true, A: "test-sharp", B: "test-random", Games: 400, Size: 9, Seed: 5, SPRT: &sprt})
	if err != nil {
		t.Fatal(err)
	}
	if res.Stopped != "sprt: H1 accepted" || res.SPRT == nil || res.SPRT.Decision != "H1" {
		t.Fatalf("stopped %q, sprt %+v", res.Stopped, res.SPRT)
	}
	if len(res.Games) >= 400 || res.WDL().Games() != len(res.Games) {
		t.Errorf("%d games counted, %d in the table", len(res.Games), res.WDL().Games())
	}
}

func TestMatchCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var once sync.Once
	res, err := Match(ctx, MatchConfig{KeepGames: true, A: "test-random", B: "test-random", Games: 200, Size: 15, Jobs: 2,
		OnGame: func(Game) { once.Do(cancel) }})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v", err)
	}
	if res == nil || res.Stopped != "interrupted" || len(res.Games) == 0 || len(res.Games) >= 200 {
		t.Fatalf("partial result: %+v", res)
	}
	if res.WDL().Games() != len(res.Games) {
		t.Errorf("table counts %d games of %d", res.WDL().Games(), len(res.Games))
	}
}

func TestMatchErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := Match(ctx, MatchConfig{KeepGames: true, A: "nosuchplayer", B: "test-first", Games: 2}); err == nil || !strings.Contains(err.Error(), `unknown player "nosuchplayer"`) {
		t.Errorf("unknown player: %v", err)
	}
	if _, err := Match(ctx, MatchConfig{KeepGames: true, A: "test-first", B: "test-first"}); err == nil {
		t.Errorf("no games accepted")
	}
	bad := []Opening{{Moves: []int{0, 0}, Source: "x.txt:3"}}
	if _, err := Match(ctx, MatchConfig{KeepGames: true, A: "test-first", B: "test-first", Games: 2, Openings: bad}); err == nil || !strings.Contains(err.Error(), "x.txt:3") {
		t.Errorf("bad opening: %v", err)
	}
	boom := errors.New("no engine today")
	_, err := Match(ctx, MatchConfig{KeepGames: true, A: "x", NewA: func(player.Options) (player.Player, error) { return nil, boom }, B: "test-first", Games: 2})
	if !errors.Is(err, boom) {
		t.Errorf("factory error: %v", err)
	}
}

func TestTournament(t *testing.T) {
	res, err := Tournament(context.Background(), TournamentConfig{KeepGames: true,
		Players: []Entrant{{Spec: "test-sharp"}, {Spec: "test-random"}, {Spec: "test-first"}},
		Rounds:  3, Size: 9, Seed: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pairings) != 3 || len(res.Games) != 18 || res.Planned != 18 {
		t.Fatalf("%d pairings, %d games", len(res.Pairings), len(res.Games))
	}
	for _, p := range res.Pairings {
		if p.WDL.Games() != 6 || p.Penta.Pairs() != 3 {
			t.Errorf("pairing %v: %+v", p, p.WDL)
		}
	}
	st := res.Standings()
	if st[0].Name != "test-sharp" {
		t.Errorf("standings %+v", st)
	}
	total := 0.0
	for _, s := range st {
		total += s.Points
	}
	if total != 18 {
		t.Errorf("points add up to %g, want 18", total)
	}
}

func TestGameRecordRoundTrip(t *testing.T) {
	res, err := Match(context.Background(), MatchConfig{KeepGames: true, A: "test-sharp", B: "test-random", Games: 2, Size: 15, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	g := res.Games[1]
	rec := g.Record(15)
	back, err := game.ParsePSQ(rec.Bytes(), "g.psq")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Cells(), g.Moves) || back.Trailer[0] != g.Black || back.Trailer[1] != g.White {
		t.Errorf("record %+v", back)
	}
	b, err := back.Board(game.Freestyle)
	if err != nil || b.Winner() != g.Winner {
		t.Errorf("replay: %v winner %v, want %v", err, b.Winner(), g.Winner)
	}
}

// finishCounter counts Finish calls, for the end-of-game hook.
type finishCounter struct {
	player.Player
	n *atomic.Int64
}

func (f finishCounter) Finish() { f.n.Add(1) }

// TestMatchFinishesPlayers: every player made for a game is finished once
// when that game ends.
func TestMatchFinishesPlayers(t *testing.T) {
	var n atomic.Int64
	wrap := func(spec string) Factory {
		return func(opt player.Options) (player.Player, error) {
			p, err := player.New(spec, opt)
			if err != nil {
				return nil, err
			}
			return finishCounter{p, &n}, nil
		}
	}
	res, err := Match(context.Background(), MatchConfig{KeepGames: true, A: "a", B: "b", NewA: wrap("greedy"), NewB: wrap("seed001"), Games: 6, Size: 9, Seed: 3, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	// Each entrant is also made (and finished) once before the games, to
	// check that it starts.
	if got, games := n.Load(), int64(len(res.Games)); games != 6 || got != 2*games+2 {
		t.Errorf("Finish called %d times for %d games, want %d", got, games, 2*games+2)
	}
}
