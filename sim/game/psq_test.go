package game

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// A record as Piskvork writes it after a tournament game (CR LF line ends,
// 1-based coordinates, names and a code after the moves).
const piskvorkRecord = "Piskvorky 20x20, 11:11, 0\r\n" +
	"10,10,0\r\n" +
	"11,11,312\r\n" +
	"11,10,15\r\n" +
	"pbrain-one.exe\r\n" +
	"pbrain-two.exe\r\n" +
	"-1\r\n"

func TestReadPSQPiskvorkRecord(t *testing.T) {
	rec, err := ParsePSQ([]byte(piskvorkRecord), "g.psq")
	if err != nil {
		t.Fatal(err)
	}
	want := &Record{
		Size:   20,
		Levels: [2]int{11, 11},
		Moves: []RecordMove{
			{Cell: 9*20 + 9, Time: 0},
			{Cell: 10*20 + 10, Time: 312},
			{Cell: 9*20 + 10, Time: 15},
		},
		Trailer: []string{"pbrain-one.exe", "pbrain-two.exe", "-1"},
	}
	if !reflect.DeepEqual(rec, want) {
		t.Fatalf("got %+v\nwant %+v", rec, want)
	}
	b, err := rec.Board(Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	// 1-based 10,10 is the protocol's 0-based 9,9.
	if got := FormatXY(b.History()[0], 20); got != "9,9" {
		t.Errorf("first move %s, want 9,9", got)
	}
	if b.At(b.History()[1]) != White {
		t.Errorf("second move is not white")
	}
}

func TestPSQRoundTrip(t *testing.T) {
	b := MustBoard(15, Renju)
	for _, m := range []string{"h8", "i9", "g7", "a1", "o15", "o1"} {
		i, err := ParseMove(m, 15)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Play(i); err != nil {
			t.Fatal(err)
		}
	}
	rec := NewRecord(b, []int{0, 10, 20, 30})
	rec.Levels = [2]int{0, 11}
	rec.Swap = 1
	rec.Trailer = []string{"human\nwith newline", "greedy", "0"}
	data := rec.Bytes()
	back, err := ParsePSQ(data, "rt.psq")
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	rec.Trailer[0] = "human with newline" // flattened on write
	if !reflect.DeepEqual(back, rec) {
		t.Fatalf("round trip:\n got %+v\nwant %+v\n%s", back, rec, data)
	}
	if !bytes.Equal(back.Bytes(), data) {
		t.Errorf("second write differs")
	}
	if !strings.HasPrefix(string(data), "Piskvorky 15x15, 0:11, 1\n8,8,0\n") {
		t.Errorf("unexpected text:\n%s", data)
	}
	replay, err := back.Board(Renju)
	if err != nil || !reflect.DeepEqual(replay.History(), b.History()) {
		t.Errorf("replay: %v %v, want %v", err, replay.History(), b.History())
	}
}

func TestReadPSQErrors(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"", "x.psq:1:1: empty file"},
		{"hello\n", "x.psq:1:1: not a .psq record"},
		{"Piskvorky 20x19, 11:11, 0\n", "x.psq:1:1: board 20x19 is not square"},
		{"Piskvorky 40x40, 11:11, 0\n", "x.psq:1:1: board size 40 is out of range"},
		{"Piskvorky 15x15, a:11, 0\n", "x.psq:1:1: bad levels"},
		{"Piskvorky 15x15, 11:11, 2\n", "x.psq:1:1: bad swap flag"},
		{"Piskvorky 15x15, 11:11\n", "x.psq:1:1: bad header"},
		{"Piskvorky 15x15, 11:11, 0\n8,8,0\n0,3,0\n", "x.psq:3:1: move 0,3 is off the 15×15 board"},
		{"Piskvorky 15x15, 11:11, 0\n8,8,0\n16,3,0\n", "x.psq:3:1: move 16,3 is off"},
		{"Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,5\n", "x.psq:3:1: move 8,8 repeats"},
	}
	for _, tt := range tests {
		_, err := ParsePSQ([]byte(tt.in), "x.psq")
		var pe *PSQError
		if err == nil || !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("ParsePSQ(%q) = %v, want prefix %q", tt.in, err, tt.want)
		}
	}
}

func TestRecordBoardRejectsIllegalGames(t *testing.T) {
	// Black's five at moves 1,3,5,7,9 wins; a tenth move comes after the end.
	in := "Piskvorky 15x15, 11:11, 0\n1,1\n1,2\n2,1\n2,2\n3,1\n3,2\n4,1\n4,2\n5,1\n5,2\n"
	rec, err := ParsePSQ([]byte(in), "x.psq")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rec.Board(Freestyle); err == nil || !strings.Contains(err.Error(), "move 10") {
		t.Errorf("got %v, want an error at move 10", err)
	}
	rec.Moves = rec.Moves[:9]
	b, err := rec.Board(Freestyle)
	if err != nil || b.Winner() != Black {
		t.Errorf("nine moves: %v, winner %v", err, b.Winner())
	}
}

func TestScanLinesAnyEnd(t *testing.T) {
	in := "Piskvorky 5x5, 0:0, 0\r1,1,0\n2,2,0\r\n3,3,0"
	rec, err := ParsePSQ([]byte(in), "x.psq")
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Moves) != 3 || rec.Moves[2].Cell != 2*5+2 {
		t.Errorf("moves %+v", rec.Moves)
	}
}

func FuzzReadPSQ(f *testing.F) {
	f.Add([]byte(piskvorkRecord))
	f.Add([]byte("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9\nname\n"))
	f.Add([]byte("Piskvorky 5x5, 0:0, 1\r\r\n"))
	f.Add([]byte("Piskvorky 15x15, 1:1, 0\n1,1,-5\n 2 , 2 , 3 \n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ParsePSQ(data, "fuzz.psq")
		if err != nil {
			return
		}
		for _, tr := range rec.Trailer {
			if strings.ContainsAny(tr, "\r\n") {
				t.Fatalf("trailer line holds a line end: %q", tr)
			}
		}
		back, err := ParsePSQ(rec.Bytes(), "again.psq")
		if err != nil {
			t.Fatalf("rewritten record does not parse: %v\n%s", err, rec.Bytes())
		}
		if back.Size != rec.Size || !reflect.DeepEqual(back.Moves, rec.Moves) {
			t.Fatalf("moves changed on rewrite: %+v vs %+v", back.Moves, rec.Moves)
		}
	})
}
