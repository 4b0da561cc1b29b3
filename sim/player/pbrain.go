package player

// This file is the manager side of the Gomocup protocol ("pbrain" engines):
// an external engine runs as a child process and is driven over its
// standard input and output, as Piskvork and the Gomocup managers drive it.
//
// The player keeps the list of moves the engine knows. A move that extends
// it by the opponent's stone is sent as TURN; anything else (a new game, an
// opening, an undo) as RESTART, then BEGIN on an empty board or BOARD with
// every stone in playing order. Engine misbehaviour — no answer in time, a
// crash, an illegal move, ERROR or garbage — ends the move with a
// *ForfeitError, and the engine is restarted for the next game when needed,
// so one bad game never stops a match.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

func init() {
	Register("pbrain", func(arg string, opt Options) (Player, error) {
		return NewPbrain(arg, opt, Limits{})
	})
}

// Limits are the time and memory limits a player is told and held to.
type Limits struct {
	Turn   time.Duration // per move; 0 means DefaultTurn
	Match  time.Duration // thinking time per player per game; 0 = no limit
	Memory int64         // bytes; 0 = no limit (told to engines, not enforced)
	// Slack is how far past a limit an answer may come before it is a
	// forfeit: pipes, process scheduling and a loaded machine all add
	// latency an engine cannot see. 0 means 200ms plus a tenth of Turn.
	Slack time.Duration
}

// DefaultTurn is the per-move limit when none is given.
const DefaultTurn = 5 * time.Second

// WithDefaults returns l with zero fields replaced by their defaults.
func (l Limits) WithDefaults() Limits {
	if l.Turn <= 0 {
		l.Turn = DefaultTurn
	}
	if l.Slack <= 0 {
		l.Slack = 200*time.Millisecond + l.Turn/10
	}
	return l
}

// Limiter is implemented by players that accept time limits (external
// engines; search players may too). The arena calls SetLimits before a
// player's first move.
type Limiter interface{ SetLimits(Limits) }

// LogTaker is implemented by players that collect diagnostic lines (an
// engine's MESSAGE, DEBUG, UNKNOWN and ERROR lines, its standard error).
// TakeLog returns the lines gathered since the last call.
type LogTaker interface{ TakeLog() []string }

// ForfeitKind says why a player lost a game by forfeit.
type ForfeitKind int

const (
	Timeout     ForfeitKind = iota + 1 // no answer within the limit and slack
	Crash                              // the engine exited or could not be restarted
	Illegal                            // a move off the board, on a stone or forbidden
	EngineError                        // ERROR, UNKNOWN or an answer that is not a move
)

var forfeitNames = [...]string{Timeout: "timeout", Crash: "crash", Illegal: "illegal move", EngineError: "engine error"}

func (k ForfeitKind) String() string {
	if k > 0 && int(k) < len(forfeitNames) {
		return forfeitNames[k]
	}
	return "forfeit"
}

// ForfeitError is a player's move failing in a way that loses the game.
type ForfeitError struct {
	Kind ForfeitKind
	Msg  string
}

func (e *ForfeitError) Error() string { return e.Kind.String() + ": " + e.Msg }

func forfeit(k ForfeitKind, format string, args ...any) error {
	return &ForfeitError{Kind: k, Msg: fmt.Sprintf(format, args...)}
}

// Timeouts of the protocol's set-up commands. START may load large
// tables, so it gets far longer than a move.
const (
	startTimeout = 15 * time.Second
	aboutTimeout = 3 * time.Second // ABOUT is optional; silence is not fatal
	endTimeout   = time.Second     // how long END may take before the kill
)

// ruleCode is the INFO rule value: a bitmask of 1 = exactly five,
// 2 = continuous game, 4 = renju.
func ruleCode(r game.Rule) int {
	switch r {
	case game.Standard:
		return 1
	case game.Renju:
		return 4
	}
	return 0
}

// Pbrain is an external engine speaking the Gomocup protocol. It is not
// safe for concurrent use; the arena gives each worker its own.
type Pbrain struct {
	spec  string
	argv  []string
	opt   Options
	lim   Limits
	spawn func() (*brainProc, error)

	proc    *brainProc
	fresh   bool  // the engine holds an empty board and no game is open
	synced  bool  // known is what the engine believes
	known   []int // the moves the engine knows, in playing order
	used    time.Duration
	about   string
	noAbout bool // the engine ignores ABOUT: do not ask again

	mu  sync.Mutex // guards log, which the stderr reader also appends to
	log []string
}

// brainProc is one run of the engine.
type brainProc struct {
	in    io.WriteCloser
	lines chan string   // standard output, line by line; closed at EOF
	exit  chan struct{} // closed once the process has exited
	err   error         // the exit status, valid after exit is closed
	kill  func()
}

// NewPbrain starts the engine given by cmdline (a path and arguments,
// split like a shell word list) and checks it answers START for opt's
// board. The engine is told lim (with defaults filled in) before its first
// move.
func NewPbrain(cmdline string, opt Options, lim Limits) (*Pbrain, error) {
	argv, err := SplitCommandLine(cmdline)
	if err != nil {
		return nil, err
	}
	if len(argv) == 0 {
		return nil, errors.New(`no engine given (want "pbrain:PATH [args]")`)
	}
	p := &Pbrain{spec: "pbrain:" + cmdline, argv: argv, opt: opt, lim: lim.WithDefaults()}
	p.spawn = p.startProcess
	if err := p.start(); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *Pbrain) Name() string { return p.spec }

// About returns the engine's answer to ABOUT (name="…", version="…", …),
// or "" if it gave none.
func (p *Pbrain) About() string { return p.about }

// SetLimits changes the limits; the engine is told at its next move.
func (p *Pbrain) SetLimits(l Limits) {
	p.lim = l.WithDefaults()
	if p.proc != nil {
		p.sendInfo()
	}
}

// TakeLog returns the engine's diagnostic lines since the last call.
func (p *Pbrain) TakeLog() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	l := p.log
	p.log = nil
	return l
}

func (p *Pbrain) logf(format string, args ...any) {
	p.mu.Lock()
	p.log = append(p.log, fmt.Sprintf(format, args...))
	p.mu.Unlock()
}

// startProcess runs the engine with pipes on its standard streams.
func (p *Pbrain) startProcess() (*brainProc, error) {
	cmd := exec.Command(p.argv[0], p.argv[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start engine: %w", err)
	}
	bp := &brainProc{in: in, lines: make(chan string, 256), exit: make(chan struct{}),
		kill: func() { cmd.Process.Kill() }}
	var readers sync.WaitGroup
	readers.Add(2)
	go func() {
		defer readers.Done()
		readLines(out, func(s string) { bp.lines <- s })
		close(bp.lines)
	}()
	go func() {
		defer readers.Done()
		readLines(errPipe, func(s string) { p.logf("stderr: %s", s) })
	}()
	go func() {
		// Wait closes the pipes, so it may only run once both readers
		// have seen EOF.
		readers.Wait()
		bp.err = cmd.Wait()
		close(bp.exit)
	}()
	return bp, nil
}

// readLines calls f for each non-empty line of r, with CR, LF or CR LF
// line ends; very long lines are cut, as the protocol allows.
func readLines(r io.Reader, f func(string)) {
	br := bufio.NewReaderSize(r, 4096)
	var line []byte
	for {
		c, err := br.ReadByte()
		if err != nil {
			if len(line) > 0 {
				f(string(line))
			}
			return
		}
		switch c {
		case '\n', '\r':
			if s := strings.TrimSpace(string(line)); s != "" {
				f(s)
			}
			line = line[:0]
		default:
			if len(line) < 64<<10 {
				line = append(line, c)
			}
		}
	}
}

// start runs a new engine process: START, ABOUT, then the INFO lines.
func (p *Pbrain) start() error {
	bp, err := p.spawn()
	if err != nil {
		return err
	}
	p.proc, p.fresh, p.synced, p.known, p.used = bp, true, true, nil, 0
	p.send(fmt.Sprintf("START %d", p.opt.Size))
	if err := p.awaitOK("START", startTimeout); err != nil {
		p.stop()
		var fe *ForfeitError
		if errors.As(err, &fe) && fe.Kind == EngineError {
			return fmt.Errorf("engine refused START %d: %s", p.opt.Size, fe.Msg)
		}
		return fmt.Errorf("engine did not start: %w", err)
	}
	if !p.noAbout {
		p.send("ABOUT")
		line, err := p.await(context.Background(), time.Now().Add(aboutTimeout), false)
		var fe *ForfeitError
		switch {
		case err == nil:
			p.about = line
		case errors.As(err, &fe) && fe.Kind == EngineError:
			// UNKNOWN: an old engine without ABOUT is still an engine.
		case errors.As(err, &fe) && fe.Kind == Timeout:
			// Silence: some old engines ignore what they do not know.
			// The timeout killed it; start again without asking.
			p.noAbout = true
			return p.start()
		default:
			p.stop()
			return fmt.Errorf("engine did not answer ABOUT: %w", err)
		}
	}
	p.sendInfo()
	return nil
}

// sendInfo tells the engine its limits and the rule. Some engines think
// without bound until they are told timeout_turn, so it is always sent.
func (p *Pbrain) sendInfo() {
	p.send(fmt.Sprintf("INFO timeout_turn %d", p.lim.Turn.Milliseconds()))
	p.send(fmt.Sprintf("INFO timeout_match %d", p.lim.Match.Milliseconds()))
	p.send(fmt.Sprintf("INFO max_memory %d", p.lim.Memory))
	p.send("INFO game_type 1")
	p.send(fmt.Sprintf("INFO rule %d", ruleCode(p.opt.Rule)))
}

// send writes one command line. A write error means the engine has gone;
// the following await reports that as a crash.
func (p *Pbrain) send(line string) {
	if p.proc == nil {
		return
	}
	io.WriteString(p.proc.in, line+"\r\n")
}

// stop kills the engine without ceremony.
func (p *Pbrain) stop() {
	if p.proc == nil {
		return
	}
	p.proc.kill()
	p.proc.in.Close()
	p.proc = nil
}

// awaitOK waits for OK after START or RESTART.
func (p *Pbrain) awaitOK(cmd string, d time.Duration) error {
	line, err := p.await(context.Background(), time.Now().Add(d), false)
	if err != nil {
		return err
	}
	if !strings.EqualFold(strings.Fields(line)[0], "OK") {
		return forfeit(EngineError, "answered %q to %s, want OK", line, cmd)
	}
	return nil
}

// await returns the engine's next answer line, logging MESSAGE and DEBUG
// lines on the way. UNKNOWN and ERROR are logged and returned as
// EngineError forfeits. With skipOK, stray OK lines (some engines answer
// INFO) are ignored.
func (p *Pbrain) await(ctx context.Context, deadline time.Time, skipOK bool) (string, error) {
	if p.proc == nil {
		return "", forfeit(Crash, "engine is not running")
	}
	wait := time.Until(deadline)
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case line, ok := <-p.proc.lines:
			if !ok {
				return "", p.crashed()
			}
			word, rest, _ := strings.Cut(line, " ")
			switch strings.ToUpper(word) {
			case "MESSAGE", "DEBUG":
				p.logf("%s", line)
				continue
			case "UNKNOWN", "ERROR":
				p.logf("%s", line)
				return "", forfeit(EngineError, "%s %s", strings.ToUpper(word), rest)
			case "OK":
				if skipOK {
					continue
				}
			}
			return line, nil
		case <-timer.C:
			p.stop()
			return "", forfeit(Timeout, "no answer within %v", wait.Round(time.Millisecond))
		case <-ctx.Done():
			// The engine's state is unknown once a command is abandoned.
			p.stop()
			return "", ctx.Err()
		}
	}
}

// crashed reports the engine's exit, waiting briefly for its status.
func (p *Pbrain) crashed() error {
	bp := p.proc
	p.proc = nil
	bp.in.Close()
	select {
	case <-bp.exit:
	case <-time.After(endTimeout):
		bp.kill()
		<-bp.exit
	}
	status := "exited"
	if bp.err != nil {
		status = "exited: " + bp.err.Error()
	}
	p.logf("engine %s", status)
	return forfeit(Crash, "engine %s", status)
}

// drain logs whatever the engine said since its last answer, so a late
// line cannot be taken for the answer to the next command.
func (p *Pbrain) drain() {
	for p.proc != nil {
		select {
		case line, ok := <-p.proc.lines:
			if !ok {
				p.crashed()
				return
			}
			if w, _, _ := strings.Cut(line, " "); strings.EqualFold(w, "MESSAGE") || strings.EqualFold(w, "DEBUG") {
				p.logf("%s", line)
			} else {
				p.logf("ignored late line: %s", line)
			}
		default:
			return
		}
	}
}

// Move asks the engine for its move on b.
func (p *Pbrain) Move(ctx context.Context, b *game.Board) (int, error) {
	if b.Over() {
		return -1, game.ErrGameOver
	}
	if err := ctx.Err(); err != nil {
		return -1, err
	}
	if b.Size() != p.opt.Size || p.proc == nil {
		// A new board size needs a new START; a dead engine a new process.
		p.stop()
		p.opt.Size, p.opt.Rule = b.Size(), b.Rule()
		if err := p.start(); err != nil {
			return -1, forfeit(Crash, "cannot restart the engine: %v", err)
		}
	} else if b.Rule() != p.opt.Rule {
		p.opt.Rule = b.Rule()
		p.send(fmt.Sprintf("INFO rule %d", ruleCode(p.opt.Rule)))
	}
	p.drain()
	if p.proc == nil {
		if err := p.start(); err != nil {
			return -1, forfeit(Crash, "cannot restart the engine: %v", err)
		}
	}

	h := b.History()
	size := b.Size()
	me := b.ToMove()
	var cmds []string
	// A fresh engine may get TURN too: that is how the second player
	// learns the first move in Piskvork.
	if p.synced && len(h) == len(p.known)+1 && extends(h, p.known) {
		cmds = []string{"TURN " + game.FormatXY(h[len(h)-1], size)}
	} else {
		if !p.fresh {
			p.send("RESTART")
			if err := p.awaitOK("RESTART", startTimeout); err != nil {
				var fe *ForfeitError
				if errors.As(err, &fe) && fe.Kind == EngineError {
					// The protocol: an engine without RESTART is ended and
					// run again.
					p.end()
				} else {
					p.stop()
				}
				if err := p.start(); err != nil {
					return -1, forfeit(Crash, "cannot restart the engine: %v", err)
				}
			}
			p.fresh, p.synced, p.known, p.used = true, true, nil, 0
		}
		if len(h) == 0 {
			cmds = []string{"BEGIN"}
		} else {
			// Stones go in playing order: some engines ignore the field and
			// take colours from the order, and renju requires it.
			cmds = append(cmds, "BOARD")
			for _, c := range h {
				field := 2
				if b.At(c) == me {
					field = 1
				}
				cmds = append(cmds, fmt.Sprintf("%s,%d", game.FormatXY(c, size), field))
			}
			cmds = append(cmds, "DONE")
		}
	}

	if p.lim.Match > 0 {
		p.send(fmt.Sprintf("INFO time_left %d", (p.lim.Match - p.used).Milliseconds()))
	}
	start := time.Now()
	deadline := start.Add(p.lim.Turn + p.lim.Slack)
	if p.lim.Match > 0 {
		if d := start.Add(p.lim.Match - p.used + p.lim.Slack); d.Before(deadline) {
			deadline = d
		}
	}
	for _, c := range cmds {
		p.send(c)
	}
	p.fresh = false
	p.known = append(p.known[:0], h...)
	p.synced = true
	cell, err := p.awaitMove(ctx, deadline, b)
	p.used += time.Since(start)
	if err != nil {
		p.known, p.synced = nil, false // what the engine believes is now unknown
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return -1, err
		}
		var fe *ForfeitError
		if errors.As(err, &fe) && fe.Kind == Timeout {
			fe.Msg = fmt.Sprintf("no move within %v (limit %v + slack %v)",
				time.Since(start).Round(time.Millisecond), p.limitFor(), p.lim.Slack)
		}
		return -1, err
	}
	p.known = append(p.known, cell)
	return cell, nil
}

// limitFor is the limit the current move had: the turn limit or what was
// left of the match time.
func (p *Pbrain) limitFor() time.Duration {
	if p.lim.Match > 0 && p.lim.Match-p.used < p.lim.Turn {
		return max(p.lim.Match-p.used, 0)
	}
	return p.lim.Turn
}

// awaitMove reads the engine's move, answering SUGGEST with PLAY as the
// Gomocup managers do, and checks it is legal on b.
func (p *Pbrain) awaitMove(ctx context.Context, deadline time.Time, b *game.Board) (int, error) {
	for {
		line, err := p.await(ctx, deadline, true)
		if err != nil {
			return -1, err
		}
		if s, ok := strings.CutPrefix(strings.ToUpper(line), "SUGGEST "); ok {
			p.send("PLAY " + strings.TrimSpace(s))
			continue
		}
		x, y, ok := parseXY(line)
		if !ok {
			p.logf("unexpected answer: %s", line)
			return -1, forfeit(EngineError, "answered %q, want a move x,y", line)
		}
		if !b.In(x, y) {
			return -1, forfeit(Illegal, "%d,%d is off the %d×%d board", x, y, b.Size(), b.Size())
		}
		cell := b.Index(x, y)
		if err := b.Legal(cell); err != nil {
			return -1, forfeit(Illegal, "%d,%d (%s): %v", x, y, game.FormatMove(cell, b.Size()), err)
		}
		return cell, nil
	}
}

// parseXY parses the answer "x,y" (spaces allowed).
func parseXY(s string) (x, y int, ok bool) {
	xs, ys, found := strings.Cut(s, ",")
	if !found {
		return 0, 0, false
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(xs))
	y, err2 := strconv.Atoi(strings.TrimSpace(ys))
	return x, y, err1 == nil && err2 == nil
}

// extends reports whether h starts with known.
func extends(h, known []int) bool {
	if len(h) < len(known) {
		return false
	}
	for i, c := range known {
		if h[i] != c {
			return false
		}
	}
	return true
}

// end sends END and waits briefly for the engine to exit, then kills it.
func (p *Pbrain) end() {
	bp := p.proc
	if bp == nil {
		return
	}
	p.send("END")
	bp.in.Close()
	p.proc = nil
	select {
	case <-bp.exit:
	case <-time.After(endTimeout):
		bp.kill()
		<-bp.exit
	}
}

// Close ends the engine.
func (p *Pbrain) Close() error {
	p.end()
	return nil
}

// SplitCommandLine splits an engine command line into words as a POSIX
// shell would for plain words: blanks separate words, single quotes keep
// everything literally, double quotes keep blanks and allow \" and \\, and
// a backslash outside quotes escapes the next character. No expansion of
// variables or globs happens.
func SplitCommandLine(s string) ([]string, error) {
	var (
		words  []string
		cur    strings.Builder
		inWord bool
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\\':
			if i+1 >= len(s) {
				return nil, fmt.Errorf("command line %q ends with a lone backslash", s)
			}
			i++
			cur.WriteByte(s[i])
			inWord = true
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("command line %q has an unclosed single quote", s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("command line %q has an unclosed double quote", s)
			}
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
