// Package fakebrain is a small Gomocup engine for tests of the manager
// side of the protocol (sim/player's pbrain driver, mcgomoku sim). It plays
// the empty cell nearest the centre and misbehaves on request in the ways
// real engines do: crashing, stalling, answering an occupied cell or
// garbage, thinking long over its first move, refusing commands that
// arrive while it finishes a search, breaking a MESSAGE over two lines,
// printing blanks and exiting, flooding its output. With -pattern it
// plays its colour's cells of a pattern without a five first, so that
// tests get drawn games.
//
// Tests run it by re-executing their own binary: a TestMain that sees
// Arg as its first argument calls Main with the rest, so a spec such as
// "pbrain:/path/to/pkg.test fakebrain -crash 2" names a working engine
// without building anything (see Spec).
//
// Counts are of move requests (BEGIN, TURN, BOARD) since the process
// started, 1-based; 0 disables a misbehaviour.
package fakebrain

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

// Arg is the first argument that makes a test binary run the engine.
const Arg = "fakebrain"

// Spec is the player spec that runs the engine from the test binary
// exe with the given flags.
func Spec(exe string, flags ...string) string {
	words := []string{"'" + strings.ReplaceAll(exe, "'", `'\''`) + "'", Arg}
	return "pbrain:" + strings.Join(append(words, flags...), " ")
}

// RunIfAsked runs the engine and exits when the process was started as
// one (its first argument is Arg); otherwise it returns. A TestMain calls
// it first.
//
// In a test binary built with -race, the race runtime sleeps a second
// before a process exits (its atexit_sleep_ms option), so an engine that
// exits mid-game would look like one that hangs past a short turn limit.
// RunIfAsked therefore turns that sleep off for the engines this process
// starts, keeping any other GORACE options.
func RunIfAsked() {
	if len(os.Args) > 1 && os.Args[1] == Arg {
		os.Exit(Main(os.Args[2:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
}

type options struct {
	crashAt, stallAt, occupiedAt, garbageAt, errorAt  int
	needTimeout, strict, messages, noAbout, noRestart bool
	sizes                                             string
	delay, slowFirst, busy                            time.Duration
	splitMessage, blankExit, exitOnRestart, echoInfo  bool
	flood, exitAfter                                  int
	pattern                                           bool
}

// Main runs the engine on the given streams until END or the end of its
// input and returns the process's exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var o options
	fs := flag.NewFlagSet("fakebrain", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&o.crashAt, "crash", 0, "exit with status 3 instead of answering the Nth move")
	fs.IntVar(&o.stallAt, "stall", 0, "never answer the Nth move")
	fs.IntVar(&o.occupiedAt, "occupied", 0, "answer an occupied cell to the Nth move")
	fs.IntVar(&o.garbageAt, "garbage", 0, "answer garbage (and then nothing) to the Nth move")
	fs.IntVar(&o.errorAt, "error", 0, "answer ERROR to the Nth move")
	fs.BoolVar(&o.needTimeout, "need-timeout", false, "think forever unless told INFO timeout_turn first, as some real engines do")
	fs.BoolVar(&o.strict, "strict-order", false, "answer ERROR unless BOARD stones come in playing order, black first")
	fs.BoolVar(&o.messages, "messages", false, "send MESSAGE and DEBUG lines and a line on stderr before each move")
	fs.BoolVar(&o.noAbout, "no-about", false, "answer UNKNOWN to ABOUT")
	fs.BoolVar(&o.noRestart, "no-restart", false, "answer UNKNOWN to RESTART")
	fs.StringVar(&o.sizes, "sizes", "", "comma-separated board sizes to accept (default any 5..25)")
	fs.DurationVar(&o.delay, "delay", 0, "think this long before each move")
	fs.DurationVar(&o.slowFirst, "slow-first", 0, "think this long over the first move after START (sizing a hash table, say)")
	fs.DurationVar(&o.busy, "busy", 0, `answer "ERROR Unknown command" to any command arriving this soon after a move, as an engine still finishing its search does`)
	fs.BoolVar(&o.splitMessage, "split-message", false, "before each move, send a MESSAGE whose text holds a raw newline, so its end arrives as a line of its own")
	fs.BoolVar(&o.blankExit, "blank-exit", false, "answer START with a line of spaces (no line end) and exit")
	fs.BoolVar(&o.exitOnRestart, "exit-on-restart", false, "exit instead of answering RESTART: a crash between games")
	fs.BoolVar(&o.echoInfo, "echo-info", false, "repeat each INFO line on stderr, so a test sees what the engine was told")
	fs.IntVar(&o.exitAfter, "exit-after", 0, "exit right after answering the Nth move, while the opponent thinks")
	fs.IntVar(&o.flood, "flood", 0, "answer the first move with this many lines of chatter, then hang")
	fs.BoolVar(&o.pattern, "pattern", false, "play its colour's cells of a pattern with no five in a row for either colour first (black's where (x+2y) mod 4 < 2), so two such engines fill the board to a draw unless an opening breaks the pattern")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	b := &brain{o: &o, out: bufio.NewWriter(stdout), stderr: stderr}
	lines := make(chan string)
	go func() {
		defer close(lines)
		in := bufio.NewScanner(stdin)
		for in.Scan() {
			lines <- in.Text()
		}
	}()
	for line := range lines {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if o.busy > 0 && !b.moved.IsZero() && time.Since(b.moved) < o.busy {
			b.say("ERROR Unknown command: %s", line)
			continue
		}
		cmd, arg, _ := strings.Cut(line, " ")
		switch strings.ToUpper(cmd) {
		case "START":
			if o.blankExit {
				io.WriteString(stdout, "   ")
				return 0
			}
			n, err := strconv.Atoi(arg)
			if err != nil || n < 5 || n > 25 || !o.accepts(n) {
				b.say("ERROR unsupported size %s", arg)
				continue
			}
			b.size, b.cells, b.sinceStart = n, make([]int, n*n), 0
			b.say("OK")
		case "RESTART":
			if o.exitOnRestart {
				return 0
			}
			if o.noRestart {
				b.say("UNKNOWN RESTART")
				continue
			}
			b.cells = make([]int, b.size*b.size)
			b.say("OK")
		case "ABOUT":
			if o.noAbout {
				b.say("UNKNOWN ABOUT")
				continue
			}
			b.say(`name="fakebrain", version="1.0", author="mcgomoku tests"`)
		case "INFO":
			if o.echoInfo {
				fmt.Fprintf(stderr, "told INFO %s\n", arg)
			}
			if strings.HasPrefix(arg, "timeout_turn ") {
				b.told = true
			}
		case "BEGIN":
			if code, exit := b.move(); exit {
				return code
			}
		case "TURN":
			x, y, ok := xy(arg)
			if !ok || !b.in(x, y) {
				b.say("ERROR bad TURN %q", arg)
				continue
			}
			b.cells[y*b.size+x] = 2
			if code, exit := b.move(); exit {
				return code
			}
		case "BOARD":
			b.cells = make([]int, b.size*b.size)
			var fields []int
			for l := range lines {
				l = strings.TrimSpace(l)
				if strings.EqualFold(l, "DONE") {
					break
				}
				parts := strings.Split(l, ",")
				if len(parts) != 3 {
					continue
				}
				x, _ := strconv.Atoi(parts[0])
				y, _ := strconv.Atoi(parts[1])
				f, _ := strconv.Atoi(parts[2])
				if b.in(x, y) {
					b.cells[y*b.size+x] = f
					fields = append(fields, f)
				}
			}
			if o.strict && !inOrder(fields) {
				b.say("ERROR BOARD stones are not in playing order")
				continue
			}
			if code, exit := b.move(); exit {
				return code
			}
		case "END":
			b.out.Flush()
			return 0
		default:
			b.say("UNKNOWN %s", cmd)
		}
	}
	return 0
}

type brain struct {
	o          *options
	size       int
	cells      []int // 0 empty, 1 own, 2 opponent
	requests   int
	sinceStart int       // move requests since the last START
	told       bool      // INFO timeout_turn seen
	moved      time.Time // when the last move was sent
	out        *bufio.Writer
	stderr     io.Writer
}

func (o *options) accepts(n int) bool {
	if o.sizes == "" {
		return true
	}
	for _, s := range strings.Split(o.sizes, ",") {
		if s == strconv.Itoa(n) {
			return true
		}
	}
	return false
}

// inOrder: with n stones and this engine to move, black is the engine when
// n is even; the fields must alternate starting from black's.
func inOrder(fields []int) bool {
	first := 2
	if len(fields)%2 == 0 {
		first = 1
	}
	for i, f := range fields {
		want := first
		if i%2 == 1 {
			want = 3 - first
		}
		if f != want {
			return false
		}
	}
	return true
}

func (b *brain) say(format string, args ...any) {
	fmt.Fprintf(b.out, format+"\r\n", args...)
	b.out.Flush()
}

func (b *brain) in(x, y int) bool { return x >= 0 && y >= 0 && x < b.size && y < b.size }

func xy(s string) (int, int, bool) {
	xs, ys, ok := strings.Cut(s, ",")
	x, err1 := strconv.Atoi(strings.TrimSpace(xs))
	y, err2 := strconv.Atoi(strings.TrimSpace(ys))
	return x, y, ok && err1 == nil && err2 == nil
}

// move answers a move request; exit reports that the process should end
// with status code.
func (b *brain) move() (code int, exit bool) {
	o := b.o
	b.requests++
	b.sinceStart++
	n := b.requests
	if o.messages {
		b.say("DEBUG thinking about move %d", n)
		b.say("MESSAGE fakebrain move %d", n)
		fmt.Fprintf(b.stderr, "fakebrain stderr %d\n", n)
	}
	if o.splitMessage {
		// A control byte the engine meant as part of the text ends the line.
		b.say("MESSAGE depth 4 pv h8\n-\x0e ev -30 nodes %d", 1000*n)
	}
	if o.needTimeout && !b.told {
		time.Sleep(time.Hour) // thinks forever
	}
	if o.slowFirst > 0 && b.sinceStart == 1 {
		time.Sleep(o.slowFirst)
	}
	if o.delay > 0 {
		time.Sleep(o.delay)
	}
	if o.flood > 0 && n == 1 {
		for i := range o.flood {
			fmt.Fprintf(b.out, "chatter %d: the engine talks and talks\r\n", i)
		}
		b.out.Flush()
		time.Sleep(time.Hour)
	}
	switch n {
	case o.crashAt:
		b.out.Flush()
		return 3, true
	case o.stallAt:
		time.Sleep(time.Hour)
	case o.garbageAt:
		b.say("hello there")
		return 0, false
	case o.errorAt:
		b.say("ERROR I give up")
		return 0, false
	case o.occupiedAt:
		for i, c := range b.cells {
			if c != 0 {
				b.say("%d,%d", i%b.size, i/b.size)
				return 0, false
			}
		}
	}
	// The empty cell nearest the centre, then the lowest index; with
	// -pattern, of its colour's cells while there are any.
	stones := 0
	for _, v := range b.cells {
		if v != 0 {
			stones++
		}
	}
	black := stones%2 == 0 // black moves first, and after every pair
	mine := func(i int) bool { return !o.pattern || ((i%b.size+2*(i/b.size))%4 < 2) == black }
	best, bestD := -1, 1<<30
	c := b.size / 2
	for pass := 0; pass < 2 && best < 0; pass++ {
		for i, v := range b.cells {
			if v != 0 || pass == 0 && !mine(i) {
				continue
			}
			dx, dy := i%b.size-c, i/b.size-c
			if d := dx*dx + dy*dy; d < bestD {
				best, bestD = i, d
			}
		}
	}
	if best < 0 {
		b.say("ERROR board is full")
		return 0, false
	}
	b.cells[best] = 1
	b.say("%d,%d", best%b.size, best/b.size)
	b.moved = time.Now()
	if n == o.exitAfter {
		return 0, true
	}
	return 0, false
}
