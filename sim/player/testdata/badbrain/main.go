// Command badbrain is a small Gomocup engine for tests: it plays the empty
// cell nearest the centre, and misbehaves on request — crashing, stalling,
// answering an occupied cell or garbage — so tests can check that managers
// record each as a forfeit.
//
// Counts are of move requests (BEGIN, TURN, BOARD) since the process
// started, 1-based; 0 disables a misbehaviour.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

var (
	crashAt     = flag.Int("crash", 0, "exit with status 3 instead of answering the Nth move")
	stallAt     = flag.Int("stall", 0, "never answer the Nth move")
	occupiedAt  = flag.Int("occupied", 0, "answer an occupied cell to the Nth move")
	garbageAt   = flag.Int("garbage", 0, "answer garbage to the Nth move")
	errorAt     = flag.Int("error", 0, "answer ERROR to the Nth move")
	needTimeout = flag.Bool("need-timeout", false, "think forever unless told INFO timeout_turn first, as some real engines do")
	strict      = flag.Bool("strict-order", false, "answer ERROR unless BOARD stones come in playing order, black first")
	messages    = flag.Bool("messages", false, "send MESSAGE and DEBUG lines and a line on stderr before each move")
	noAbout     = flag.Bool("no-about", false, "answer UNKNOWN to ABOUT")
	noRestart   = flag.Bool("no-restart", false, "answer UNKNOWN to RESTART")
	sizes       = flag.String("sizes", "", "comma-separated board sizes to accept (default any 5..25)")
	delay       = flag.Duration("delay", 0, "think this long before each move")
)

type brain struct {
	size     int
	cells    []int // 0 empty, 1 own, 2 opponent
	requests int
	told     bool // INFO timeout_turn seen
	out      *bufio.Writer
}

func main() {
	flag.Parse()
	b := &brain{out: bufio.NewWriter(os.Stdout)}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if line == "" {
			continue
		}
		cmd, arg, _ := strings.Cut(line, " ")
		switch strings.ToUpper(cmd) {
		case "START":
			n, err := strconv.Atoi(arg)
			if err != nil || n < 5 || n > 25 || !accepts(n) {
				b.say("ERROR unsupported size %s", arg)
				continue
			}
			b.size, b.cells = n, make([]int, n*n)
			b.say("OK")
		case "RESTART":
			if *noRestart {
				b.say("UNKNOWN RESTART")
				continue
			}
			b.cells = make([]int, b.size*b.size)
			b.say("OK")
		case "ABOUT":
			if *noAbout {
				b.say("UNKNOWN ABOUT")
				continue
			}
			b.say(`name="badbrain", version="1.0", author="mcgomoku tests"`)
		case "INFO":
			if strings.HasPrefix(arg, "timeout_turn ") {
				b.told = true
			}
		case "BEGIN":
			b.move()
		case "TURN":
			x, y, ok := xy(arg)
			if !ok || !b.in(x, y) {
				b.say("ERROR bad TURN %q", arg)
				continue
			}
			b.cells[y*b.size+x] = 2
			b.move()
		case "BOARD":
			b.cells = make([]int, b.size*b.size)
			var fields []int
			for in.Scan() {
				l := strings.TrimSpace(in.Text())
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
			if *strict && !inOrder(fields) {
				b.say("ERROR BOARD stones are not in playing order")
				continue
			}
			b.move()
		case "END":
			b.out.Flush()
			os.Exit(0)
		default:
			b.say("UNKNOWN %s", cmd)
		}
	}
}

func accepts(n int) bool {
	if *sizes == "" {
		return true
	}
	for _, s := range strings.Split(*sizes, ",") {
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

func (b *brain) move() {
	b.requests++
	n := b.requests
	if *messages {
		b.say("DEBUG thinking about move %d", n)
		b.say("MESSAGE badbrain move %d", n)
		fmt.Fprintf(os.Stderr, "badbrain stderr %d\n", n)
	}
	if *needTimeout && !b.told {
		time.Sleep(time.Hour) // thinks forever
	}
	if *delay > 0 {
		time.Sleep(*delay)
	}
	switch n {
	case *crashAt:
		os.Exit(3)
	case *stallAt:
		time.Sleep(time.Hour)
	case *garbageAt:
		b.say("hello there")
		return
	case *errorAt:
		b.say("ERROR I give up")
		return
	case *occupiedAt:
		for i, c := range b.cells {
			if c != 0 {
				b.say("%d,%d", i%b.size, i/b.size)
				return
			}
		}
	}
	// The empty cell nearest the centre, then the lowest index.
	best, bestD := -1, 1<<30
	c := b.size / 2
	for i, v := range b.cells {
		if v != 0 {
			continue
		}
		dx, dy := i%b.size-c, i/b.size-c
		if d := dx*dx + dy*dy; d < bestD {
			best, bestD = i, d
		}
	}
	if best < 0 {
		b.say("ERROR board is full")
		return
	}
	b.cells[best] = 1
	b.say("%d,%d", best%b.size, best/b.size)
}
