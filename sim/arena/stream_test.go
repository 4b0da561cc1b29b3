package arena

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestScheduleOrder: the schedule computes each game's place from its
// number alone, in the order the run always used (game pairs pairing by
// pairing within each round), which the list it replaced spelled out.
func TestScheduleOrder(t *testing.T) {
	for _, pairings := range []int{1, 3, 6} {
		for _, games := range []int{1, 2, 3, 7, 8} {
			var want [][3]int
			for pair := 0; 2*pair < games; pair++ {
				for p := range pairings {
					for k := 2 * pair; k < min(2*pair+2, games); k++ {
						want = append(want, [3]int{p, k, pair})
					}
				}
			}
			s := &schedule{total: games * pairings, games: games, pairings: pairings}
			var got [][3]int
			for i := range s.total {
				p, k, pair := s.at(i)
				got = append(got, [3]int{p, k, pair})
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%d pairings, %d games: got %v, want %v", pairings, games, got, want)
			}
		}
	}
}

// TestMatchStreams: a run that keeps no game counts exactly what one that
// keeps them all does, holding none of them.
func TestMatchStreams(t *testing.T) {
	cfg := MatchConfig{A: "test-sharp", B: "test-random", Games: 15, Size: 9, Seed: 3, Jobs: 2}
	kept, err := Match(context.Background(), func() MatchConfig { c := cfg; c.KeepGames = true; return c }())
	if err != nil {
		t.Fatal(err)
	}
	streamed, err := Match(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if streamed.Games != nil || streamed.Openings != nil {
		t.Errorf("the streamed run kept %d games and %d openings", len(streamed.Games), len(streamed.Openings))
	}
	moves := int64(0)
	for _, g := range kept.Games {
		moves += int64(len(g.Moves) - g.OpeningMoves)
	}
	if len(kept.Openings) != 8 || kept.Played != 15 || kept.Moves != moves {
		t.Errorf("kept run: %d openings, %d played, %d moves (games hold %d)", len(kept.Openings), kept.Played, kept.Moves, moves)
	}
	if !reflect.DeepEqual(streamed.Pairings, kept.Pairings) || streamed.Played != kept.Played || streamed.Moves != kept.Moves {
		t.Errorf("streamed %+v %d %d, kept %+v %d %d", streamed.Pairings, streamed.Played, streamed.Moves, kept.Pairings, kept.Played, kept.Moves)
	}
}

// TestMatchDealsLazily: a run of two billion games asks for the openings
// of the games it starts and no more, and stops at once when cancelled.
// Laying out the games or openings first (as the run once did) would
// ask for a billion openings before the first game.
func TestMatchDealsLazily(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var once sync.Once
	var dealt, last atomic.Int64
	last.Store(-1)
	deal := func(i int) Opening {
		dealt.Add(1)
		if int64(i) != last.Add(1) {
			t.Errorf("opening %d asked for after %d", i, last.Load()-1)
		}
		return Opening{Moves: []int{40}, Source: "test"}
	}
	start := time.Now()
	res, err := Match(ctx, MatchConfig{A: "test-random", B: "test-random", Games: 2_000_000_000, Size: 9, Jobs: 2, Deal: deal,
		OnGame: func(g Game) {
			if g.Number >= 20 {
				once.Do(cancel)
			}
		}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("took %v to stop", took)
	}
	// Each worker may have started one game pair past the cancel.
	if n := dealt.Load(); n > int64(res.Played)/2+4 {
		t.Errorf("%d openings dealt for %d games", n, res.Played)
	}
	if res.Planned != 2_000_000_000 || res.Games != nil || res.Stopped != "interrupted" {
		t.Errorf("planned %d, kept %d games, stopped %q", res.Planned, len(res.Games), res.Stopped)
	}
}

// TestMatchKeepsForfeitsBounded: forfeits are listed up to
// MaxForfeitsKept, without their moves; the rest are counted.
func TestMatchKeepsForfeitsBounded(t *testing.T) {
	n := MaxForfeitsKept + 7
	res, err := Match(context.Background(), MatchConfig{A: "test-fail:error", B: "test-first", Games: n, Size: 9, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Forfeited) != MaxForfeitsKept || res.Pairings[0].Forfeits[0] != n || res.Forfeited[0].Moves != nil {
		t.Fatalf("%d forfeits kept, %v counted", len(res.Forfeited), res.Pairings[0].Forfeits)
	}
	var b strings.Builder
	if err := res.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "and 7 more forfeits") || strings.Count(b.String(), "forfeits: engine error") != MaxForfeitsKept || res.Forfeited[MaxForfeitsKept-1].Number != MaxForfeitsKept {
		t.Errorf("text:\n%.500s", b.String())
	}
	if s := res.Summary(); s.Games != n || len(s.Forfeits) != MaxForfeitsKept {
		t.Errorf("summary: %d games, %d forfeits", s.Games, len(s.Forfeits))
	}
}

// TestOpeningDrawIsRandomOpenings: the lazy draw deals exactly
// RandomOpenings' openings, so runs and tuning replay as before.
func TestOpeningDrawIsRandomOpenings(t *testing.T) {
	want := RandomOpenings(9, 0, 300, 3, 5)
	d := NewOpeningDraw(9, 0, 3, 5)
	defer d.Close()
	for i, w := range want {
		if g := d.Next(); !reflect.DeepEqual(g, w) {
			t.Fatalf("opening %d: %v, want %v", i, g, w)
		}
	}
	if got := RandomOpenings(9, 0, 100, 3, 5); !reflect.DeepEqual(got, want[:100]) {
		t.Errorf("a shorter draw is not the longer one's start")
	}
}

// TestLopsidedIntervalText: a match result whose interval is lopsided
// prints its ends, never "± inf" for a finite estimate.
func TestLopsidedIntervalText(t *testing.T) {
	r := &Result{Players: []string{"a", "b"}, Size: 15, Played: 12, Planned: 12,
		Pairings: []Pairing{{A: 0, B: 1, WDL: WDL{Wins: 10, Losses: 2}}}}
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "elo +279.6 (95%: +86.9 .. +inf, trinomial)") || strings.Contains(b.String(), "±") {
		t.Errorf("text:\n%s", b.String())
	}
	r.Pairings[0].WDL = WDL{Wins: 520, Losses: 480}
	b.Reset()
	r.WriteText(&b)
	if !strings.Contains(b.String(), "elo +13.9 ± 21.6 (95%: -7.6 .. +35.5, trinomial)") {
		t.Errorf("text:\n%s", b.String())
	}
}

// TestOpeningDrawBoundsItsMemory: a draw remembers at most maxSeen
// openings, however many it deals.
func TestOpeningDrawBoundsItsMemory(t *testing.T) {
	defer func(n int) { maxSeen = n }(maxSeen)
	maxSeen = 50
	d := NewOpeningDraw(9, 0, 3, 5)
	defer d.Close()
	for range 500 {
		d.Next()
	}
	if len(d.seen) != maxSeen {
		t.Errorf("the draw remembers %d openings, want %d", len(d.seen), maxSeen)
	}
}
