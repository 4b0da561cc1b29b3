package player

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/internal/fakebrain"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// fakeEngine stands in for an engine process: it records every command
// line and answers move requests from a queue the test fills.
type fakeEngine struct {
	mu      sync.Mutex
	got     []string
	answers []string // lines to send when a move is requested
	noOK    bool     // answer UNKNOWN to RESTART
	mute    bool     // ignore ABOUT, as some old engines do
}

// takeN waits (briefly) until n lines have arrived, then takes them all:
// lines sent without awaiting an answer (INFO) may still be in the pipe.
func (f *fakeEngine) takeN(n int) []string {
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		f.mu.Lock()
		got := len(f.got)
		f.mu.Unlock()
		if got >= n {
			break
		}
	}
	return f.take()
}

func (f *fakeEngine) take() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	g := f.got
	f.got = nil
	return g
}

func (f *fakeEngine) spawn() (*brainProc, error) {
	inR, inW := io.Pipe()
	bp := &brainProc{in: inW, lines: make(chan string, 256), exit: make(chan struct{})}
	bp.stop = func() { inR.CloseWithError(io.ErrClosedPipe); inW.Close() }
	go func() {
		defer close(bp.exit)
		defer close(bp.lines)
		sc := bufio.NewScanner(inR)
		inBoard := false
		for sc.Scan() {
			line := strings.TrimRight(sc.Text(), "\r")
			f.mu.Lock()
			f.got = append(f.got, line)
			noOK := f.noOK
			f.mu.Unlock()
			word, _, _ := strings.Cut(line, " ")
			move := false
			switch {
			case inBoard:
				if line == "DONE" {
					inBoard, move = false, true
				}
			case word == "START":
				bp.lines <- "OK"
			case word == "RESTART" && noOK:
				bp.lines <- "UNKNOWN RESTART"
			case word == "RESTART":
				bp.lines <- "OK"
			case word == "ABOUT" && f.mute:
			case word == "ABOUT":
				bp.lines <- `name="fake", version="1"`
			case word == "BOARD":
				inBoard = true
			case word == "BEGIN", word == "TURN", word == "PLAY":
				move = true
			case word == "END":
				return
			}
			if move {
				// Answer lines up to the first one that ends an answer.
				f.mu.Lock()
				for len(f.answers) > 0 {
					a := f.answers[0]
					f.answers = f.answers[1:]
					bp.lines <- a
					if w := firstWord(a); isAnswer(a) || w == "ERROR" || w == "UNKNOWN" {
						break
					}
				}
				f.mu.Unlock()
			}
		}
	}()
	return bp, nil
}

func newFake(t *testing.T, f *fakeEngine, opt Options, lim Limits) *Pbrain {
	t.Helper()
	p := &Pbrain{spec: "pbrain:fake", argv: []string{"fake"}, opt: opt, lim: lim.WithDefaults(), spawn: f.spawn}
	if err := p.start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func board(t *testing.T, size int, rule game.Rule, moves ...string) *game.Board {
	t.Helper()
	b := game.MustBoard(size, rule)
	for _, m := range moves {
		i, err := game.ParseMove(m, size)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Play(i); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

func TestPbrainTranscripts(t *testing.T) {
	setup := func(rule int, lim Limits) []string {
		lim = lim.WithDefaults()
		return []string{"START 15", "ABOUT", fmt.Sprintf("INFO timeout_turn %d", lim.Turn.Milliseconds()), fmt.Sprintf("INFO timeout_match %d", lim.Match.Milliseconds()),
			fmt.Sprintf("INFO max_memory %d", max(lim.Memory, 0)), "INFO game_type 1", fmt.Sprintf("INFO rule %d", rule)}
	}
	type step struct {
		moves   []string // the game so far, human notation
		answers []string // the engine's answer lines
		want    []string // the commands sent for this move
		wantErr ForfeitKind
	}
	tests := []struct {
		name  string
		rule  game.Rule
		lim   Limits
		noOK  bool
		steps []step
	}{
		{name: "first player, then turns, then a new game", steps: []step{
			{nil, []string{"7,7"}, []string{"BEGIN"}, 0},
			{[]string{"h8", "i9"}, []string{"6,8"}, []string{"TURN 8,6"}, 0},
			{[]string{"h8", "i9", "g7", "j10"}, []string{"5,9"}, []string{"TURN 9,5"}, 0},
			{nil, []string{"7,7"}, []string{"RESTART", "BEGIN"}, 0},
		}},
		{name: "second player learns the first move by TURN", steps: []step{
			{[]string{"h8"}, []string{"8,8"}, []string{"TURN 7,7"}, 0},
		}},
		{name: "an opening goes as BOARD in playing order", rule: game.Renju, steps: []step{
			{[]string{"h8", "i9", "j7"}, []string{"6,6"}, []string{"BOARD", "7,7,2", "8,6,1", "9,8,2", "DONE"}, 0},
			// An undo back to two stones: the engine is black now.
			{[]string{"h8", "i9"}, []string{"6,6"}, []string{"RESTART", "BOARD", "7,7,1", "8,6,2", "DONE"}, 0},
		}},
		{name: "match time is sent before every move", lim: Limits{Match: 10 * time.Second}, steps: []step{
			{nil, []string{"7,7"}, []string{"INFO time_left 10000", "BEGIN"}, 0},
		}},
		{name: "suggest is answered with play", steps: []step{
			{nil, []string{"SUGGEST 7,7", "7,7"}, []string{"BEGIN", "PLAY 7,7"}, 0},
		}},
		{name: "error loses the game and the next game restarts", steps: []step{
			{nil, []string{"ERROR out of memory"}, []string{"BEGIN"}, EngineError},
			{nil, []string{"7,7"}, []string{"RESTART", "BEGIN"}, 0},
		}},
		{name: "occupied cells and cells off the board lose", steps: []step{
			{[]string{"h8"}, []string{"7,7"}, []string{"TURN 7,7"}, Illegal},
			{[]string{"h8"}, []string{"15,3"}, []string{"RESTART", "BOARD", "7,7,2", "DONE"}, Illegal},
		}},
		{name: "lines that are no answer are skipped", steps: []step{
			// The second line is the rest of a MESSAGE whose text held a
			// raw newline; the third chatter; a stray OK answers INFO.
			{nil, []string{"MESSAGE depth 4 pv h8", "-\x0e ev -30", "  I resign  ", "OK", "7,7"}, []string{"BEGIN"}, 0},
		}},
		{name: "only a line that is no answer is a timeout", lim: Limits{Turn: 30 * time.Millisecond, Slack: 20 * time.Millisecond, Startup: time.Millisecond}, steps: []step{
			{[]string{"h8"}, []string{"I resign"}, []string{"TURN 7,7"}, Timeout},
			{[]string{"h8"}, []string{"8,8"}, append(setup(0, Limits{Turn: 30 * time.Millisecond, Slack: 20 * time.Millisecond, Startup: time.Millisecond}), "TURN 7,7"), 0},
		}},
		{name: "an engine without RESTART is run again", noOK: true, steps: []step{
			{nil, []string{"7,7"}, []string{"BEGIN"}, 0},
			{nil, []string{"7,7"}, append(append([]string{"RESTART", "END"}, setup(0, Limits{})...), "BEGIN"), 0},
		}},
		{name: "memory is told as asked", lim: Limits{Memory: 64 << 20}, steps: []step{
			{nil, []string{"7,7"}, []string{"BEGIN"}, 0},
		}},
		{name: "no memory limit is told as 0 only when asked", lim: Limits{Memory: NoMemoryLimit}, steps: []step{
			{nil, []string{"7,7"}, []string{"BEGIN"}, 0},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeEngine{noOK: tt.noOK}
			p := newFake(t, f, Options{Size: 15, Rule: tt.rule}, tt.lim)
			want := setup(ruleCode(tt.rule), tt.lim)
			if got := f.takeN(len(want)); !reflect.DeepEqual(got, want) {
				t.Fatalf("set-up sent %q, want %q", got, want)
			}
			for i, s := range tt.steps {
				f.mu.Lock()
				f.answers = s.answers
				f.mu.Unlock()
				b := board(t, 15, tt.rule, s.moves...)
				cell, err := p.Move(context.Background(), b)
				var fe *ForfeitError
				switch {
				case s.wantErr == 0 && err != nil:
					t.Fatalf("step %d: %v", i, err)
				case s.wantErr != 0 && (!errors.As(err, &fe) || fe.Kind != s.wantErr):
					t.Fatalf("step %d: err %v, want a %v forfeit", i, err, s.wantErr)
				case s.wantErr == 0 && b.Legal(cell) != nil:
					t.Fatalf("step %d: illegal cell %d", i, cell)
				}
				// The commands of a move are sent before its answer is read,
				// so they have all arrived by now, except for a restart's
				// set-up, which is awaited too.
				if got := f.take(); !reflect.DeepEqual(got, s.want) {
					t.Fatalf("step %d sent %q, want %q", i, got, s.want)
				}
			}
		})
	}
}

func TestPbrainLogsMessages(t *testing.T) {
	f := &fakeEngine{}
	p := newFake(t, f, Options{Size: 15}, Limits{})
	f.answers = []string{"MESSAGE thinking hard", "DEBUG depth 3", "OK", "7,7"}
	if _, err := p.Move(context.Background(), board(t, 15, game.Freestyle)); err != nil {
		t.Fatal(err)
	}
	if got, want := p.TakeLog(), []string{"MESSAGE thinking hard", "DEBUG depth 3"}; !reflect.DeepEqual(got, want) {
		t.Errorf("log %q, want %q", got, want)
	}
	if p.TakeLog() != nil {
		t.Errorf("log not cleared")
	}
	if p.About() != `name="fake", version="1"` {
		t.Errorf("about %q", p.About())
	}
}

func TestPbrainSilentAbout(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the ABOUT timeout")
	}
	f := &fakeEngine{mute: true}
	p := newFake(t, f, Options{Size: 15}, Limits{})
	want := []string{"START 15", "ABOUT", "START 15", "INFO timeout_turn 5000", "INFO timeout_match 0",
		fmt.Sprintf("INFO max_memory %d", DefaultMemory), "INFO game_type 1", "INFO rule 0"}
	if got := f.takeN(len(want)); !reflect.DeepEqual(got, want) {
		t.Fatalf("sent %q, want %q", got, want)
	}
	f.mu.Lock()
	f.answers = []string{"7,7"}
	f.mu.Unlock()
	if _, err := p.Move(context.Background(), board(t, 15, game.Freestyle)); err != nil {
		t.Fatal(err)
	}
	if p.About() != "" {
		t.Errorf("about %q", p.About())
	}
}

func TestSplitCommandLine(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		bad  bool
	}{
		{"./engine", []string{"./engine"}, false},
		{"  ./engine  --flag  x ", []string{"./engine", "--flag", "x"}, false},
		{`/opt/my\ engine -c 'a b' "c \"d\" \\e"`, []string{"/opt/my engine", "-c", "a b", `c "d" \e`}, false},
		{`a''b ""`, []string{"ab", ""}, false},
		{"", nil, false},
		{`'open`, nil, true},
		{`"open`, nil, true},
		{`trailing\`, nil, true},
	}
	for _, tt := range tests {
		got, err := SplitCommandLine(tt.in)
		if (err != nil) != tt.bad || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("SplitCommandLine(%q) = %q, %v; want %q (error %v)", tt.in, got, err, tt.want, tt.bad)
		}
	}
}

func FuzzSplitCommandLine(f *testing.F) {
	for _, s := range []string{"a b", `'x y' "z\"" \ q`, `"`, `\`, "a\tb\nc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, err := SplitCommandLine(s)
		if err != nil {
			return
		}
		// Quoting every word again must give the same words back.
		var q []string
		for _, w := range words {
			q = append(q, "'"+strings.ReplaceAll(w, "'", `'\''`)+"'")
		}
		again, err := SplitCommandLine(strings.Join(q, " "))
		if err != nil || !reflect.DeepEqual(again, words) && len(words) > 0 {
			t.Fatalf("%q → %q → %q (%v)", s, words, again, err)
		}
	})
}

// engineLine is the command line that runs this test binary as the fake
// engine of internal/fakebrain with the given misbehaviours (the TestMain
// in pack_test.go hands such runs over to it).
func engineLine(t *testing.T, flags ...string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(fakebrain.Spec(exe, flags...), "pbrain:")
}

// playOut asks p for moves on b, answering each with the first empty cell,
// until p fails or n moves are made.
func playOut(ctx context.Context, p Player, b *game.Board, n int) error {
	return playOutWith(ctx, p, b, n, nil)
}

// playOutWith is playOut calling afterMove (if not nil) after each of p's
// moves, while the opponent "thinks".
func playOutWith(ctx context.Context, p Player, b *game.Board, n int, afterMove func()) error {
	for i := 0; i < n && !b.Over(); i++ {
		c, err := p.Move(ctx, b)
		if err != nil {
			return err
		}
		if err := b.Play(c); err != nil {
			return err
		}
		if afterMove != nil {
			afterMove()
		}
		for j := 0; j < b.Cells(); j++ {
			if b.Legal(j) == nil {
				b.Play(j)
				break
			}
		}
	}
	return nil
}

func TestPbrainProcess(t *testing.T) {
	bin := engineLine(t)
	lim := Limits{Turn: 300 * time.Millisecond, Slack: 200 * time.Millisecond}
	opt := Options{Size: 15}
	ctx := context.Background()

	t.Run("plays and is told the limits", func(t *testing.T) {
		p, err := NewPbrain(bin+" -need-timeout -strict-order -messages", opt, lim)
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		if err := playOut(ctx, p, board(t, 15, game.Freestyle), 5); err != nil {
			t.Fatal(err)
		}
		// A set-up position goes as BOARD, which -strict-order checks.
		if err := playOut(ctx, p, board(t, 15, game.Freestyle, "a1", "b2", "c3"), 2); err != nil {
			t.Fatal(err)
		}
		log := strings.Join(p.TakeLog(), "\n")
		for _, want := range []string{"MESSAGE fakebrain move 1", "DEBUG thinking about move", "stderr: fakebrain stderr"} {
			if !strings.Contains(log, want) {
				t.Errorf("log lacks %q:\n%s", want, log)
			}
		}
	})

	forfeits := []struct {
		flag string
		kind ForfeitKind
		msg  string
	}{
		{"-crash 2", Crash, "exit status 3"},
		{"-stall 2", Timeout, "no move within"},
		{"-occupied 2", Illegal, "cell is occupied"},
		// Garbage is skipped; only the missing move loses.
		{"-garbage 2", Timeout, `"hello there"`},
		{"-error 2", EngineError, "I give up"},
	}
	for _, tt := range forfeits {
		t.Run(tt.flag, func(t *testing.T) {
			p, err := NewPbrain(bin+" "+tt.flag, opt, lim)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			start := time.Now()
			err = playOut(ctx, p, board(t, 15, game.Freestyle), 5)
			var fe *ForfeitError
			if !errors.As(err, &fe) || fe.Kind != tt.kind || !strings.Contains(fe.Msg, tt.msg) {
				t.Fatalf("got %v, want a %v forfeit mentioning %q", err, tt.kind, tt.msg)
			}
			if d := time.Since(start); d > 3*time.Second {
				t.Errorf("forfeit took %v", d)
			}
			// The next game works: the engine is restarted or reset.
			if err := playOut(ctx, p, board(t, 15, game.Freestyle), 1); err != nil {
				t.Fatalf("next game: %v", err)
			}
		})
	}

	t.Run("refused size", func(t *testing.T) {
		_, err := NewPbrain(bin+" -sizes 20", opt, lim)
		if err == nil || !strings.Contains(err.Error(), "refused START 15") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("missing engine", func(t *testing.T) {
		_, err := NewPbrain("'"+filepath.Join(t.TempDir(), "nope")+"'", opt, lim)
		if err == nil || !strings.Contains(err.Error(), "cannot start engine") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		p, err := NewPbrain(bin+" -stall 1", opt, Limits{Turn: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		ctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
		defer cancel()
		if _, err := p.Move(ctx, board(t, 15, game.Freestyle)); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("got %v, want the context's error", err)
		}
	})
	t.Run("registry", func(t *testing.T) {
		p, err := New("pbrain:"+bin+" -no-about", opt)
		if err != nil {
			t.Fatal(err)
		}
		defer p.(Closer).Close()
		if p.Name() != "pbrain:"+bin+" -no-about" {
			t.Errorf("name %q", p.Name())
		}
		if err := playOut(ctx, p, board(t, 15, game.Freestyle), 2); err != nil {
			t.Fatal(err)
		}
	})
}

// TestPbrainQuirks plays engines with the habits real engines have, each
// as a fake engine process, and checks the driver plays them as a real
// manager does: every quirk either costs nothing or is a clean forfeit,
// and the next game is played.
func TestPbrainQuirks(t *testing.T) {
	ctx := context.Background()
	opt := Options{Size: 15}
	fast := Limits{Turn: 200 * time.Millisecond, Slack: 150 * time.Millisecond, Startup: time.Millisecond}
	tests := []struct {
		name     string
		flags    []string
		lim      Limits
		moves    int         // moves asked of the engine in the first game
		want     ForfeitKind // 0: the moves are all made
		msg      string      // in the forfeit's message
		log      string      // in the engine's log
		nextOK   bool        // the next game is played without a forfeit
		waitExit bool        // the opponent thinks until the engine has exited
		maxTime  time.Duration
	}{
		{name: "slow first move within the start-up allowance", flags: []string{"-slow-first", "600ms"},
			lim: Limits{Turn: 200 * time.Millisecond, Slack: 150 * time.Millisecond, Startup: 2 * time.Second}, moves: 4, nextOK: true},
		{name: "slow first move without the allowance", flags: []string{"-slow-first", "600ms"},
			lim: fast, moves: 4, want: Timeout, msg: "no move within"},
		{name: "refuses commands right after its move", flags: []string{"-busy", "60ms"},
			lim: fast, moves: 6, log: "sending it again", nextOK: true},
		{name: "refuses commands for long after its move", flags: []string{"-busy", "2s"},
			lim: fast, moves: 3, want: EngineError, msg: "Unknown command", log: "sending it again"},
		{name: "newline inside MESSAGE", flags: []string{"-split-message"},
			lim: fast, moves: 5, log: `ignored: "-\x0e ev -30`, nextOK: true},
		{name: "crash mid-game", flags: []string{"-crash", "3"},
			lim: fast, moves: 5, want: Crash, msg: "exit status 3", nextOK: true},
		{name: "exit while the opponent thinks", flags: []string{"-exit-after", "2"},
			lim: fast, moves: 5, want: Crash, msg: "while the opponent was to move", nextOK: true, waitExit: true},
		{name: "exit between games", flags: []string{"-exit-on-restart"},
			lim: fast, moves: 3, nextOK: true},
		// How many of the 20,000 lines are read before the time runs out
		// depends on the machine's load (a loaded race run read 12,037):
		// what matters is that reading them does not stop the clock.
		{name: "floods output then hangs", flags: []string{"-flood", "20000"},
			lim: fast, moves: 2, want: Timeout, msg: "lines that are no answer", log: "more lines not kept", maxTime: 3 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := runtime.NumGoroutine()
			p, err := NewPbrain(engineLine(t, tt.flags...), opt, tt.lim)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			var afterMove func()
			if tt.waitExit {
				// The opponent thinks until the engine has gone, so its
				// death is seen before the next command, not after.
				afterMove = func() {
					if p.proc != nil {
						select {
						case <-p.proc.exit:
						case <-time.After(5 * time.Second):
						}
					}
				}
			}
			err = playOutWith(ctx, p, board(t, 15, game.Freestyle), tt.moves, afterMove)
			var fe *ForfeitError
			switch {
			case tt.want == 0 && err != nil:
				t.Fatalf("got %v, want no forfeit", err)
			case tt.want != 0 && (!errors.As(err, &fe) || fe.Kind != tt.want || !strings.Contains(fe.Msg, tt.msg)):
				t.Fatalf("got %v, want a %v forfeit mentioning %q", err, tt.want, tt.msg)
			}
			if tt.maxTime > 0 && time.Since(start) > tt.maxTime {
				t.Errorf("took %v, want under %v", time.Since(start), tt.maxTime)
			}
			log := strings.Join(p.TakeLog(), "\n")
			if !strings.Contains(log, tt.log) {
				t.Errorf("log lacks %q:\n%.2000s", tt.log, log)
			}
			if tt.nextOK {
				// One move: the fake engines count moves per process, and the
				// crashing ones would crash again on a longer game.
				if err := playOut(ctx, p, board(t, 15, game.Freestyle, "a1"), 1); err != nil {
					t.Errorf("next game: %v", err)
				}
			}
			p.Close()
			// Nothing is left behind: the readers end and the process is
			// reaped (its waiter goroutine ends too).
			deadline := time.Now().Add(3 * time.Second)
			for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if n := runtime.NumGoroutine(); n > before {
				buf := make([]byte, 1<<16)
				t.Errorf("%d goroutines left behind:\n%s", n-before, buf[:runtime.Stack(buf, true)])
			}
		})
	}
}

// FuzzPbrainOutput feeds arbitrary engine output through the line reader
// and the driver: whatever an engine prints, a move ends in a legal cell or
// a forfeit, never a panic (a line of blanks once indexed an empty slice).
func FuzzPbrainOutput(f *testing.F) {
	for _, s := range []string{"7,7\r\n", "   ", "MESSAGE a\n-\x0e ev -30\n7,7\n", "SUGGEST 7,7\r\n7,7\r\n", "ERROR Unknown command: 6,7\r\n",
		"\r\r\n\n", "OK\n 8 , 8 \n", "UNKNOWN\n", "99,99\n", "DEBUG\x00\n7,x\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, out []byte) {
		var lines []string
		readLines(bytes.NewReader(out), func(s string) bool {
			if s == "" || s != strings.TrimSpace(s) || strings.ContainsAny(s, "\r\n") {
				t.Fatalf("readLines gave %q", s)
			}
			lines = append(lines, s)
			return true
		})
		fe := &fakeEngine{answers: lines}
		p := &Pbrain{spec: "pbrain:fake", argv: []string{"fake"}, opt: Options{Size: 15},
			lim: Limits{Turn: time.Millisecond, Slack: time.Millisecond, Startup: -1}.WithDefaults(), spawn: fe.spawn}
		if err := p.start(context.Background()); err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		b := board(t, 15, game.Freestyle)
		cell, err := p.Move(context.Background(), b)
		var ferr *ForfeitError
		switch {
		case err == nil && b.Legal(cell) != nil:
			t.Fatalf("illegal cell %d from %q", cell, out)
		case err != nil && !errors.As(err, &ferr):
			t.Fatalf("not a forfeit: %v", err)
		}
	})
}
