package arena

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

func init() {
	player.Register("test-slow", func(arg string, opt player.Options) (player.Player, error) {
		return slowPlayer{}, nil
	})
}

// slowPlayer thinks for two seconds whatever it is told.
type slowPlayer struct{}

func (slowPlayer) Name() string { return "test-slow" }
func (slowPlayer) Move(ctx context.Context, b *game.Board) (int, error) {
	time.Sleep(2 * time.Second)
	return firstLegal{}.Move(ctx, b)
}

func serve(t *testing.T, cfg BrainConfig, input string) []string {
	t.Helper()
	var out strings.Builder
	if err := ServeBrain(context.Background(), strings.NewReader(input), &out, cfg); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(out.String(), "\r\n") {
		if l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

func TestBrainTranscripts(t *testing.T) {
	first := BrainConfig{Engine: "test-first", Version: "1.2"}
	tests := []struct {
		name string
		cfg  BrainConfig
		in   []string
		want []string
	}{
		{"a short game", first,
			[]string{"START 15", "INFO timeout_turn 1000", "INFO rule 0", "BEGIN", "TURN 7,7", "END"},
			[]string{"OK", "0,0", "1,0"}},
		{"about and unknown commands", first,
			[]string{"ABOUT", "FROBNICATE", "", "START 9", "END"},
			[]string{`name="mcgomoku", version="1.2", author="mcgomoku", engine="test-first"`, `UNKNOWN command "FROBNICATE"`, "OK"}},
		{"malformed input gets ERROR and the brain goes on", first,
			[]string{"START 40", "START x", "TURN 1,1", "START 15", "TURN a,b", "TURN 15,0", "TURN 0,0", "TURN 0,0", "BEGIN", "END"},
			[]string{
				`ERROR unsupported board size "40" (want 5..25)`,
				`ERROR unsupported board size "x" (want 5..25)`,
				"ERROR TURN before START",
				"OK",
				`ERROR TURN a,b: bad coordinates "a,b" (want x,y)`,
				"ERROR TURN 15,0: 15,0 is off the 15×15 board",
				"1,0",
				"ERROR TURN 0,0: a15: cell is occupied",
				"ERROR BEGIN on a board with stones; send RESTART first",
			}},
		{"board in any order, then restart", first,
			[]string{"START 15", "BOARD", "1,0,2", "0,0,1", "2,0,2", "DONE", "RESTART", "BEGIN", "END"},
			[]string{"OK", "3,0", "OK", "0,0"}},
		{"bad board lines", first,
			[]string{"START 15", "BOARD", "1,0", "DONE", "BOARD", "0,0,1", "1,1,1", "DONE", "BOARD", "0,0,7", "DONE", "END"},
			[]string{"OK",
				`ERROR bad BOARD line "1,0" (want x,y,field)`,
				"ERROR BOARD has 2 own and 0 opponent stones; one side must be to move",
				`ERROR BOARD line "0,0,7": field must be 1, 2 or 3`}},
		{"takeback and play", first,
			[]string{"START 15", "BEGIN", "TAKEBACK 0,0", "TAKEBACK 0,0", "PLAY 5,5", "END"},
			[]string{"OK", "0,0", "OK", "ERROR TAKEBACK 0,0: not the last move", "5,5"}},
		{"rectangular boards and swap2 are refused", first,
			[]string{"RECTSTART 20,15", "RECTSTART 15,15", "SWAP2BOARD", "DONE", "END"},
			[]string{"ERROR rectangular boards are not supported", "OK", "UNKNOWN SWAP2BOARD is not supported"}},
		{"bad INFO values become messages before the next answer", first,
			[]string{"START 15", "INFO timeout_turn soon", "INFO rule 9", "BEGIN", "END"},
			[]string{"OK", `MESSAGE ignored INFO timeout_turn "soon": not a whole number`,
				"MESSAGE caro rule is not supported; playing standard", "0,0"}},
		// Black (us) with XXX.XX on the top row: the gap makes six, which
		// wins in freestyle and is forbidden for black in renju.
		{"freestyle takes the overline", first,
			[]string{"START 15", "BOARD", "0,0,1", "1,0,1", "2,0,1", "4,0,1", "5,0,1", "0,5,2", "1,5,2", "2,7,2", "3,9,2", "5,11,2", "DONE", "END"},
			[]string{"OK", "3,0"}},
		{"renju keeps black off the forbidden overline", first,
			[]string{"INFO rule 4", "START 15", "BOARD", "0,0,1", "1,0,1", "2,0,1", "4,0,1", "5,0,1", "0,5,2", "1,5,2", "2,7,2", "3,9,2", "5,11,2", "DONE", "END"},
			[]string{"OK", "6,0"}},
		{"end of input ends the session", first, []string{"START 15"}, []string{"OK"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := serve(t, tt.cfg, strings.Join(tt.in, "\r\n")+"\r\n")
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got\n  %q\nwant\n  %q", got, tt.want)
			}
		})
	}
}

func TestBrainHonoursTheTurnLimit(t *testing.T) {
	start := time.Now()
	got := serve(t, BrainConfig{Engine: "test-slow", Fallback: "test-first"},
		"START 15\nINFO timeout_turn 300\nBEGIN\nTURN 7,7\nEND\n")
	// Each answer is the fallback's, within the limit; the engine's late
	// first move makes the second wait for it, then fall back too.
	if len(got) < 3 || got[0] != "OK" || !strings.HasPrefix(got[1], "MESSAGE engine out of time") || got[2] != "0,0" {
		t.Fatalf("got %q", got)
	}
	if got[len(got)-1] != "1,0" {
		t.Errorf("second move %q, want the fallback's 1,0", got[len(got)-1])
	}
	// Two moves at 0.8·300ms, plus waiting out the slow engine at close.
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestBrainBudget(t *testing.T) {
	br := &brain{turn: -1, timeLeft: -1}
	if got := br.budget(); got != 4*time.Second-brainReserve {
		t.Errorf("default budget %v", got)
	}
	br.turn = time.Second
	br.timeLeft = 3 * time.Second
	if got := br.budget(); got != 200*time.Millisecond-brainReserve {
		t.Errorf("match-limited budget %v", got)
	}
	br.turn = 0
	if got := br.budget(); got != 0 {
		t.Errorf("as fast as possible: %v", got)
	}
}

func FuzzServeBrain(f *testing.F) {
	for _, s := range []string{
		"START 15\nBEGIN\nTURN 7,7\n",
		"START 9\nBOARD\n1,1,1\n2,2,2\n3,3,2\nDONE\n",
		"INFO rule 5\nSTART 6\nTAKEBACK 0,0\nPLAY 1,1\n",
		"RECTSTART 7,7\r\nSWAP2BOARD\r\nDONE\r\nABOUT\r",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var out strings.Builder
		cfg := BrainConfig{Engine: "test-first"}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := ServeBrain(ctx, strings.NewReader(in), &out, cfg); err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(out.String(), "\r\n") {
			if strings.ContainsAny(l, "\r\n") {
				t.Fatalf("answer line holds a line end: %q", l)
			}
		}
	})
}
