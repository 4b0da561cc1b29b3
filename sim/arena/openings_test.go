package arena

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

func notations(ops []Opening, size int) []string {
	var s []string
	for _, o := range ops {
		s = append(s, o.Notation(size))
	}
	return s
}

func TestParseOpenings(t *testing.T) {
	in := "# balanced openings\nsize 15\nrule freestyle\n\nh8 i9 j7   # a comment\r\n  H8 h9\n0,0, 1,-1, 2,1\n0,0,-1,-1\n"
	ops, err := ParseOpenings([]byte(in), "o.txt", 15, game.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"h8 i9 j7", "h8 h9", "h8 i9 j7", "h8 g9"}
	if got := notations(ops, 15); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if ops[0].Source != "o.txt:5" {
		t.Errorf("source %q", ops[0].Source)
	}
	// Piskvork's relative form fits any size.
	ops, err = ParseOpenings([]byte("0,0, 1,-1\n"), "o.txt", 20, game.Freestyle)
	if err != nil || notations(ops, 20)[0] != "k10 l11" {
		t.Errorf("20×20: %q, %v", notations(ops, 20), err)
	}
}

func TestParseOpeningsErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"size 19\nh8\n", "o.txt:1:1: openings are for a 19×19 board, the board is 15×15"},
		{"rule renju\n", "o.txt:1:1: openings are for renju, the rule is freestyle"},
		{"size x\n", `o.txt:1:1: want "size N"`},
		{"h8 z9\n", "o.txt:1:4: bad move"},
		{"  h8 h8\n", "o.txt:1:3: move 2: h8: cell is occupied"},
		{"h8 7,7\n", "o.txt:1:4:"},
		{"0,0, 1\n", "o.txt:1:1: relative opening needs x,y pairs"},
		{"0,0, 9,9\n", "o.txt:1:1: offset 9,9 is off the 15×15 board"},
		{"a1 a2 b1 b2 c1 c2 d1 d2 e1\n", "the opening already ends the game"},
		{"# nothing\n", "o.txt: no openings"},
	}
	for _, tt := range tests {
		_, err := ParseOpenings([]byte(tt.in), "o.txt", 15, game.Freestyle)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseOpenings(%q) = %v, want %q", tt.in, err, tt.want)
		}
	}
	// Several errors are reported together, as a list.
	_, err := ParseOpenings([]byte("z1\nh8\nz2\n"), "o.txt", 15, game.Freestyle)
	var oe *OpeningsError
	if !errors.As(err, &oe) || len(oe.Errs) != 2 {
		t.Errorf("got %v, want two errors", err)
	}
}

func TestWriteOpeningsRoundTrip(t *testing.T) {
	ops := RandomOpenings(15, game.Renju, 20, 5, 9)
	var buf bytes.Buffer
	if err := WriteOpenings(&buf, 15, game.Renju, ops, "made by a test"); err != nil {
		t.Fatal(err)
	}
	back, err := ParseOpenings(buf.Bytes(), "w.txt", 15, game.Renju)
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if !reflect.DeepEqual(notations(back, 15), notations(ops, 15)) {
		t.Errorf("round trip changed the openings")
	}
	if !strings.HasPrefix(buf.String(), "# made by a test\nsize 15\nrule renju\n") {
		t.Errorf("header:\n%s", buf.String())
	}
}

func TestRandomOpenings(t *testing.T) {
	a := RandomOpenings(15, game.Freestyle, 50, 3, 1)
	b := RandomOpenings(15, game.Freestyle, 50, 3, 1)
	c := RandomOpenings(15, game.Freestyle, 50, 3, 2)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("same seed, different openings")
	}
	if reflect.DeepEqual(a, c) {
		t.Errorf("different seeds, same openings")
	}
	seen := map[string]bool{}
	for _, o := range a {
		if len(o.Moves) != 3 {
			t.Fatalf("opening %v has %d stones", o, len(o.Moves))
		}
		for _, m := range o.Moves {
			x, y := m%15, m/15
			if x < 5 || x > 9 || y < 5 || y > 9 {
				t.Errorf("stone %s is not near the centre", game.FormatMove(m, 15))
			}
		}
		seen[o.Notation(15)] = true
	}
	if len(seen) != 50 {
		t.Errorf("%d distinct of 50", len(seen))
	}
	// More openings than the centre square holds: the square widens.
	many := RandomOpenings(5, game.Freestyle, 400, 2, 1)
	if len(many) != 400 {
		t.Errorf("got %d", len(many))
	}
}

func TestLoadOpeningsFromRecords(t *testing.T) {
	dir := t.TempDir()
	res, err := Match(context.Background(), MatchConfig{KeepGames: true, A: "test-sharp", B: "test-random", Games: 2, Size: 15, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range res.Games {
		if err := os.WriteFile(filepath.Join(dir, []string{"b.psq", "a.psq"}[i]), g.Record(15).Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ops, err := LoadOpenings(dir, 15, game.Freestyle, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Sorted by file name; each cut before the move that won.
	if len(ops) != 2 || !reflect.DeepEqual(ops[0].Moves, res.Games[1].Moves[:len(res.Games[1].Moves)-1]) {
		t.Fatalf("openings %v", notations(ops, 15))
	}
	ops, err = LoadOpenings(filepath.Join(dir, "a.psq"), 15, game.Freestyle, 4)
	if err != nil || len(ops) != 1 || len(ops[0].Moves) != 4 {
		t.Fatalf("one record, 4 plies: %v %v", ops, err)
	}
	if _, err := LoadOpenings(filepath.Join(dir, "a.psq"), 19, game.Freestyle, 0); err == nil || !strings.Contains(err.Error(), "15×15") {
		t.Errorf("wrong size: %v", err)
	}
	text := filepath.Join(dir, "o.txt")
	os.WriteFile(text, []byte("h8 i9 j7 k6\n"), 0o644)
	if ops, err := LoadOpenings(text, 15, game.Freestyle, 2); err != nil || ops[0].Notation(15) != "h8 i9" {
		t.Errorf("text with plies: %v %v", ops, err)
	}
}

func FuzzParseOpenings(f *testing.F) {
	for _, s := range []string{"h8 i9 j7\n", "size 15\n0,0, 1,1\n", "rule renju\nh8\n", "# x\n\n", "0,0,0\n", "a1 a2 b1 b2 c1 c2 d1 d2 e1\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ops, err := ParseOpenings([]byte(s), "f.txt", 15, game.Freestyle)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		WriteOpenings(&buf, 15, game.Freestyle, ops)
		back, err := ParseOpenings(buf.Bytes(), "g.txt", 15, game.Freestyle)
		if err != nil || !reflect.DeepEqual(notations(back, 15), notations(ops, 15)) {
			t.Fatalf("rewrite failed: %v\n%s", err, buf.String())
		}
	})
}

// evalJudge is an Evaluator judging a position balanced when black's
// first stone is on the centre's row.
type evalJudge struct{ firstLegal }

func (evalJudge) Evaluate(ctx context.Context, b *game.Board) (float64, error) {
	if b.History()[0]/b.Size() == b.Size()/2 {
		return 0.5, nil
	}
	return 0.9, nil
}

// lineJudge is deterministic and always lets black win: black fills the
// board from the top, white from the bottom.
type lineJudge struct{}

func (lineJudge) Name() string { return "line" }
func (lineJudge) Move(ctx context.Context, b *game.Board) (int, error) {
	if b.ToMove() == game.Black {
		return firstLegal{}.Move(ctx, b)
	}
	for i := b.Cells() - 1; i >= 0; i-- {
		if b.Legal(i) == nil {
			return i, nil
		}
	}
	return -1, game.ErrGameOver
}

func TestGenerateOpenings(t *testing.T) {
	ctx := context.Background()
	newEval := func(player.Options) (player.Player, error) { return evalJudge{}, nil }
	ops, err := GenerateOpenings(ctx, GenerateConfig{Count: 6, Seed: 3, Judge: "eval", NewJudge: newEval, Jobs: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 6 {
		t.Fatalf("%d openings", len(ops))
	}
	for _, o := range ops {
		if o.Moves[0]/15 != 7 {
			t.Errorf("kept unbalanced opening %s", o.Notation(15))
		}
	}
	again, err := GenerateOpenings(ctx, GenerateConfig{Count: 6, Seed: 3, Judge: "eval", NewJudge: newEval, Jobs: 1})
	if err != nil || !reflect.DeepEqual(notations(again, 15), notations(ops, 15)) {
		t.Errorf("jobs changed the result: %v", err)
	}

	// Without Evaluate, playouts decide; random players split some.
	ops, err = GenerateOpenings(ctx, GenerateConfig{Size: 9, Count: 3, Seed: 1, Judge: "test-random", Playouts: 4})
	if err != nil || len(ops) != 3 {
		t.Errorf("playouts: %d openings, %v", len(ops), err)
	}
	// A deterministic judge without Evaluate repeats one result: the
	// generator fails and says why.
	newLine := func(player.Options) (player.Player, error) { return lineJudge{}, nil }
	_, err = GenerateOpenings(ctx, GenerateConfig{Size: 9, Count: 2, Judge: "line", NewJudge: newLine, MaxTries: 10})
	if err == nil || !strings.Contains(err.Error(), "deterministic judge") {
		t.Errorf("deterministic judge: %v", err)
	}
	_, err = GenerateOpenings(ctx, GenerateConfig{Count: 2, Judge: "no-such-judge"})
	if err == nil || !strings.Contains(err.Error(), `judge "no-such-judge"`) {
		t.Errorf("unknown judge: %v", err)
	}
}

// TestCheckStones: openings that cannot be drawn are refused at once, not
// searched for forever, and every count the check allows is drawn quickly.
func TestCheckStones(t *testing.T) {
	tests := []struct {
		size, stones int
		ok           bool
	}{
		{15, 3, true}, {15, 28, true}, {15, 29, false}, {15, 90, false}, {15, 300, false},
		{19, 45, true}, {19, 46, false}, {5, 3, true}, {5, 4, false}, {5, 100, false},
		{25, 78, true}, {15, 0, false}, {15, -1, false},
	}
	for _, tt := range tests {
		err := CheckStones(tt.size, tt.stones)
		if (err == nil) != tt.ok {
			t.Errorf("CheckStones(%d, %d) = %v, want ok %v", tt.size, tt.stones, err, tt.ok)
		}
		if tt.ok {
			if ops := RandomOpenings(tt.size, game.Freestyle, 20, tt.stones, 1); len(ops) != 20 {
				t.Errorf("size %d, %d stones: %d openings", tt.size, tt.stones, len(ops))
			}
		}
	}
	for _, rule := range []game.Rule{game.Freestyle, game.Standard, game.Renju} {
		for size := game.MinSize; size <= game.MaxSize; size++ {
			if ops := RandomOpenings(size, rule, 4, MaxStones(size), 7); len(ops) != 4 {
				t.Errorf("%v %d×%d: %d openings", rule, size, size, len(ops))
			}
		}
	}
	_, err := Match(context.Background(), MatchConfig{KeepGames: true, A: "test-sharp", B: "test-random", Games: 2, Size: 15, Stones: 90})
	if err == nil || !strings.Contains(err.Error(), "do not fit") {
		t.Errorf("match with 90-stone openings: %v", err)
	}
}
