package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"path/filepath"
	"testing"

	"github.com/mcgomoku/mcgomoku/internal/goldenfile"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", name), got, *update)
}

// The text and JSON summaries are deterministic for deterministic players
// and seeds, whatever the number of jobs.
func TestSummaryGolden(t *testing.T) {
	ctx := context.Background()
	sprt := SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05}
	match, err := Match(ctx, MatchConfig{A: "test-sharp", B: "test-random", Games: 10, Size: 9, Seed: 11, SPRT: &sprt, Jobs: 3})
	if err != nil {
		t.Fatal(err)
	}
	forfeits, err := Match(ctx, MatchConfig{A: "test-first", B: "test-fail:occupied", Games: 2, Size: 9, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	tour, err := Tournament(ctx, TournamentConfig{Players: []Entrant{{Spec: "test-sharp"}, {Spec: "test-random"}, {Spec: "test-first"}},
		Rounds: 2, Size: 9, Seed: 5, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		r    *Result
	}{{"match", match}, {"forfeits", forfeits}, {"tournament", tour}} {
		var text, js bytes.Buffer
		if err := c.r.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		golden(t, c.name+".txt", text.Bytes())
		if err := c.r.WriteJSON(&js); err != nil {
			t.Fatal(err)
		}
		if !json.Valid(js.Bytes()) {
			t.Fatalf("invalid JSON:\n%s", js.Bytes())
		}
		golden(t, c.name+".json", js.Bytes())
	}
}
