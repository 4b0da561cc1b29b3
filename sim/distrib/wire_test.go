package distrib

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/tune"
)

// goodTuneBatch is a well-formed batch of one game of a tuning run.
func goodTuneBatch() *Batch {
	return &Batch{Protocol: Protocol, Version: "test", Run: "r1", ID: "i1-0",
		Tune:      &tune.Setup{Name: "t", Config: []byte("[game]\nsize = 9\n"), AI: "greedy", Against: []string{"self"}, Stones: 3},
		Iteration: &tune.Plan{K: 1, Plus: make([]float64, 15), Minus: make([]float64, 15), Games: []tune.PlanGame{{Moves: []int{40}, Who: [2]int{0, 1}}}}}
}

// goodBatch is a well-formed batch of two games of a 9×9 match.
func goodBatch() *Batch {
	return &Batch{Protocol: Protocol, Version: "test", Run: "r1", ID: "g1",
		Match: &MatchTask{Players: []string{"greedy", "seed002"}, Games: 4, Size: 9, Seed: 1},
		Jobs:  []arena.Job{{Number: 1, Moves: []int{40}}, {Number: 2, Index: 1, Moves: []int{40}}}}
}

func marshal(t testing.TB, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestParseBatchRefuses: each kind of bad batch is refused with an
// error saying what is wrong.
func TestParseBatchRefuses(t *testing.T) {
	for _, tt := range []struct {
		name   string
		change func(b *Batch)
		want   string
	}{
		{"good", func(*Batch) {}, ""},
		{"other build", func(b *Batch) { b.Version = "v2" }, "runs v2"},
		{"other protocol", func(b *Batch) { b.Protocol = 99 }, "protocol 99"},
		{"no run", func(b *Batch) { b.Run = "" }, "run"},
		{"dotted id", func(b *Batch) { b.ID = "a.b" }, "no spaces, dots"},
		{"no games", func(b *Batch) { b.Jobs = nil }, "0 games"},
		{"too many games", func(b *Batch) { b.Jobs = make([]arena.Job, MaxBatchGames+1) }, "games, want 1..10000"},
		{"two kinds", func(b *Batch) { b.TuneMatch = &tune.MatchPlan{} }, "exactly one"},
		{"unknown player", func(b *Batch) { b.Match.Players[1] = "nobody" }, "unknown player"},
		{"pack", func(b *Batch) { b.Match.Players[1] = "pack:x.zip" }, "data pack"},
		{"three in a match", func(b *Batch) { b.Match.Players = append(b.Match.Players, "greedy") }, "a match of 3"},
		{"board", func(b *Batch) { b.Match.Size = 99 }, "board size 99"},
		{"rule", func(b *Batch) { b.Match.Rule = 7 }, "unknown rule"},
		{"games", func(b *Batch) { b.Match.Games = -1 }, "-1 games"},
		{"limits", func(b *Batch) { b.Match.Limits.Turn = 1 << 62 }, "time limit turn"},
		{"tuning", func(b *Batch) { *b = *goodTuneBatch() }, ""},
		{"tuning at a clock", func(b *Batch) { *b = *goodTuneBatch(); b.Tune.Limits.Turn = 100 * time.Millisecond }, ""},
		{"tuning limits", func(b *Batch) { *b = *goodTuneBatch(); b.Tune.Limits.Turn = 1 << 62 }, "time limit turn"},
		{"tuning memory", func(b *Batch) { *b = *goodTuneBatch(); b.Tune.Limits.Memory = -5 }, "memory limit -5"},
		{"tune without plan", func(b *Batch) { b.Tune = &tune.Setup{} }, "tune settings"},
		{"named and carried", func(b *Batch) { b.Setup = strings.Repeat("ab", 32) }, "not both"},
		{"named", func(b *Batch) { b.Setup, b.Match = strings.Repeat("ab", 32), nil }, ""},
		{"named not by a digest", func(b *Batch) { b.Setup, b.Match = "../x", nil }, "not a sha256"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := goodBatch()
			tt.change(b)
			_, err := ParseBatch(marshal(t, b), "test")
			switch {
			case tt.want == "" && err != nil:
				t.Fatal(err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("got %v, want an error with %q", err, tt.want)
			}
		})
	}
	for _, junk := range []string{"", "{", "[]", `{"protocol":1}x`, `{"nope":1}`, strings.Repeat(" ", MaxMessage+1)} {
		if _, err := ParseBatch([]byte(junk), "test"); err == nil {
			t.Errorf("%.20q: accepted", junk)
		}
	}
}

// TestSettingsNamed: a batch that names its settings is checked with
// them as one that carries them; settings that are not the ones named
// are refused.
func TestSettingsNamed(t *testing.T) {
	b := goodBatch()
	data := marshal(t, b.settings())
	named := *b
	named.Setup, named.Files, named.Match, named.Tune = digest(data), nil, nil, nil
	got, err := ParseBatch(marshal(t, &named), "test")
	if err != nil {
		t.Fatal(err)
	}
	st, err := ParseSettings(data, got.Setup)
	if err != nil {
		t.Fatal(err)
	}
	if err := got.SetUp(st); err != nil || !reflect.DeepEqual(got.Match, b.Match) {
		t.Fatalf("set up as %+v: %v", got.Match, err)
	}
	if _, err := ParseSettings(append(slices.Clone(data), ' '), got.Setup); err == nil || !strings.Contains(err.Error(), "not the ones named") {
		t.Fatalf("other settings: %v", err)
	}
	bad := b.settings()
	bad.Match = &MatchTask{Players: []string{"greedy", "nobody"}, Games: 4, Size: 9}
	data = marshal(t, bad)
	if st, err = ParseSettings(data, digest(data)); err != nil {
		t.Fatal(err)
	}
	if err := got.SetUp(st); err == nil || !strings.Contains(err.Error(), "unknown player") {
		t.Fatalf("settings naming an unknown player: %v", err)
	}
}

// FuzzParseSettings: no settings make the parser, or a named batch set
// up with them, panic; what is set up is within the bounds.
func FuzzParseSettings(f *testing.F) {
	f.Add(marshal(f, goodBatch().settings()))
	f.Add([]byte(`{"tune":{"name":"t","config":"W2dhbWVdCg==","ai":"greedy","against":["self"]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := ParseSettings(data, digest(data))
		if err != nil {
			return
		}
		b := goodBatch()
		b.Match = nil
		if b.SetUp(st) == nil && (b.Games() < 1 || b.Games() > MaxBatchGames || len(b.Files) > maxFiles) {
			t.Fatalf("%d games and %d files passed", b.Games(), len(b.Files))
		}
	})
}

// TestWorkerRefusesGamesNotOfTheRun: a batch that parses but whose jobs
// are not the run's games (a number past the run, a place that does not
// fit the number, an illegal opening) is refused before any game.
func TestWorkerRefusesGamesNotOfTheRun(t *testing.T) {
	for _, tt := range []struct {
		name string
		job  arena.Job
		want string
	}{
		{"past the run", arena.Job{Number: 5, Moves: []int{40}}, "the run has games 1..4"},
		{"wrong place", arena.Job{Number: 2, Index: 0, Moves: []int{40}}, "is pairing 0 game 1"},
		{"opening off the board", arena.Job{Number: 1, Moves: []int{81}}, "game 1"},
		{"opening twice on a cell", arena.Job{Number: 1, Moves: []int{40, 40}}, "game 1"},
		{"opening from the future", arena.Job{Number: 1, Opening: 3, Moves: []int{40}}, "opening 3"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := goodBatch()
			b.Jobs = []arena.Job{tt.job}
			w := &Worker{cfg: WorkerConfig{Name: "w", Version: "test"}, players: map[string]any{}, said: map[string]bool{}, files: t.TempDir()}
			_, err := w.play(context.Background(), b)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error with %q", err, tt.want)
			}
		})
	}
}

// TestCheckGameRefusesTampering: a result's game is held to its job and
// to the rules: the planted changes are each refused, the game as played
// is not.
func TestCheckGameRefusesTampering(t *testing.T) {
	b := goodBatch()
	res := playBatch(t, b)
	for _, tt := range []struct {
		name   string
		change func(g *arena.Game)
	}{
		{"other winner", func(g *arena.Game) { g.Winner = g.Winner.Opponent() }},
		{"other number", func(g *arena.Game) { g.Number++ }},
		{"other colours", func(g *arena.Game) { g.BlackSide = 1 - g.BlackSide }},
		{"other opening", func(g *arena.Game) { g.Moves[0] = 41 }},
		{"a move twice", func(g *arena.Game) { g.Moves[len(g.Moves)-1] = g.Moves[len(g.Moves)-2] }},
		{"a move after the end", func(g *arena.Game) { g.Moves = append(g.Moves, 0); g.Times = append(g.Times, 0) }},
		{"cut short", func(g *arena.Game) { g.Moves, g.Times = g.Moves[:len(g.Moves)-1], g.Times[:len(g.Times)-1] }},
		{"a forfeit without reason", func(g *arena.Game) { g.End = arena.EndForfeit }},
		{"negative time", func(g *arena.Game) { g.Times[1] = -time.Second }},
		{"times missing", func(g *arena.Game) { g.Times = g.Times[:1] }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := res.Games[0]
			g.Moves, g.Times = slices.Clone(g.Moves), slices.Clone(g.Times)
			if err := arena.CheckGame(b.Jobs[0], &g, 9, game.Freestyle); err != nil {
				t.Fatalf("the game as played is refused: %v", err)
			}
			tt.change(&g)
			if err := arena.CheckGame(b.Jobs[0], &g, 9, game.Freestyle); err == nil {
				t.Fatal("accepted")
			}
		})
	}
}

// FuzzParseBatch: no input makes the parser or the worker's set-up
// panic; what parses is within the bounds, and a batch of a few games
// either plays or is refused with an error.
func FuzzParseBatch(f *testing.F) {
	f.Add(marshal(f, goodBatch()))
	f.Add(marshal(f, goodTuneBatch()))
	f.Add(withProtocol(`{"protocol":1,"version":"test","run":"r","id":"i","match":{"players":["greedy","greedy"],"games":2,"size":5},"jobs":[{"number":1,"moves":[]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ParseBatch(data, "test")
		if err != nil {
			var ve *VersionError
			if errors.As(err, &ve) && b == nil {
				t.Fatal("a version error without the batch")
			}
			return
		}
		if b.Games() < 1 || b.Games() > MaxBatchGames {
			t.Fatalf("%d games passed", b.Games())
		}
		if b.Games() > 4 || len(b.Engines()) > 0 {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		w := &Worker{cfg: WorkerConfig{Name: "w", Version: "test"}, players: map[string]any{}, said: map[string]bool{}, files: t.TempDir()}
		w.play(ctx, b)
	})
}

// TestGamesRoundTrip: a result's games read back as they were played
// (times to the microsecond), and a malformed encoding is refused: each
// planted fault alone, the rest of the games well formed.
func TestGamesRoundTrip(t *testing.T) {
	res := playBatch(t, goodBatch())
	res.Games[1].Detail, res.Games[1].Log = "why", []string{"black: hello", ""}
	back, err := decodeGames(appendGames(nil, res.Games))
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range res.Games {
		for k := range g.Times {
			g.Times[k] = g.Times[k].Truncate(time.Microsecond)
		}
		g.Black, g.White = "", ""
		if !reflect.DeepEqual(g, back[i]) {
			t.Fatalf("game %d: %+v read back as %+v", i, g, back[i])
		}
	}
	// A varint for each field of one game, then the faults.
	game := func(moves ...uint64) []byte {
		var b []byte
		for range 6 {
			b = binary.AppendVarint(b, 0)
		}
		b = binary.AppendUvarint(b, uint64(len(moves)))
		for _, m := range moves {
			b = binary.AppendUvarint(b, m)
		}
		b = binary.AppendUvarint(b, uint64(len(moves)))
		for range moves {
			b = append(b, 0)
		}
		return append(b, 0, 0, 0, 0, 0)
	}
	good := append([]byte{1}, game(40)...)
	for _, tt := range []struct {
		name string
		raw  []byte
		want string
	}{
		{"good", good, ""},
		{"nothing", nil, "malformed game count"},
		{"no games", []byte{0}, ""},
		{"more games than bytes", []byte{200, 1}, "game count"},
		{"a move off every board", append([]byte{1}, game(maxCells)...), "move 625, over 624"},
		{"a varint not minimal", append([]byte{1}, append([]byte{0x80, 0}, game(40)[1:]...)...), "malformed game field"},
		{"cut short", good[:len(good)-1], "malformed"},
		{"trailing bytes", append(slices.Clone(good), 0), "1 bytes after the last game"},
		{"a huge log", append(append([]byte{1}, game(40)[:len(game(40))-1]...), 0xff, 0x7f), "log line count"},
		{"a detail longer than the rest", append(append([]byte{1}, game(40)[:len(game(40))-2]...), 100, 0), "detail cut short"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := decodeGames(tt.raw)
			switch {
			case tt.want == "" && err != nil:
				t.Fatal(err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("got %v, want an error with %q", err, tt.want)
			}
		})
	}
	// The same through ParseResult: the games after the envelope.
	res.Protocol, res.Version, res.Run, res.ID, res.Worker, res.Digest = Protocol, "test", "r1", "g1", "w", "abc"
	data := encode(t, res)
	if r, err := ParseResult(data, "test"); err != nil || len(r.Games) != len(res.Games) {
		t.Fatalf("a good result: %v", err)
	}
	for _, bad := range [][]byte{append(slices.Clone(data), 0), data[:len(data)-1], append(data[:bytes.IndexByte(data, '\n')+1:len(data)], 0)} {
		if _, err := ParseResult(bad, "test"); err == nil || !strings.Contains(err.Error(), "bad result g1") {
			t.Errorf("%q: got %v, want a bad result", bad[bytes.IndexByte(bad, '\n'):], err)
		}
	}
}

// FuzzParseResult: no input makes the result parser or the check of its
// games against their jobs panic.
func FuzzParseResult(f *testing.F) {
	b := goodBatch()
	res := playBatch(f, b)
	res.Protocol, res.Version, res.Run, res.ID, res.Worker, res.Digest = Protocol, "test", "r1", "g1", "w", "abc"
	f.Add(encode(f, res))
	f.Add(encode(f, &Result{Protocol: Protocol, Version: "test", Run: "r", ID: "i", Worker: "w", Digest: "d", Outcomes: []tune.Outcome{{Winner: 9, Moves: -1}}}))
	f.Add(withProtocol(`{"protocol":1,"version":"test","run":"r","id":"g1","worker":"w","digest":"d","refused":"no"}`))
	f.Add(append(withProtocol(`{"protocol":1,"version":"test","run":"r","id":"g1","worker":"w","digest":"d"}`+"\n"), 1, 2, 0, 0, 0, 0, 2, 1, 40, 1, 0, 0, 0, 0, 0, 0))
	g := &tune.Games{Size: 9}
	plan := &tune.Plan{Games: []tune.PlanGame{{Moves: []int{40}}}}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseResult(data, "test")
		if err != nil {
			return
		}
		if games, err := checkGames(b.Jobs, r.Games, 9, game.Freestyle); err == nil && len(games) != len(b.Jobs) {
			t.Fatalf("%d games accepted for %d jobs", len(games), len(b.Jobs))
		}
		g.CheckOutcomes(plan, r.Outcomes)
	})
}

// encode is a result as a worker sends it.
func encode(t testing.TB, r *Result) []byte {
	t.Helper()
	data, err := r.encode()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// withProtocol is a message written out by hand, as this build's
// protocol: its "protocol":1 made Protocol.
func withProtocol(s string) []byte {
	return []byte(strings.Replace(s, `"protocol":1,`, fmt.Sprintf(`"protocol":%d,`, Protocol), 1))
}
