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
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

func init() {
	Register("pbrain", func(arg string, opt Options) (Player, error) {
		return NewPbrain(arg, opt, opt.Limits)
	})
}

// IsEngine says whether a spec runs an outside program (a pbrain
// player), the one kind of player Limits bind.
func IsEngine(spec string) bool { return strings.HasPrefix(spec, "pbrain:") || spec == "pbrain" }

// Limits are the time and memory limits a player is told and held to.
type Limits struct {
	Turn  time.Duration // per move; 0 means DefaultTurn
	Match time.Duration // thinking time per player per game; 0 = no limit
	// Memory is told to engines as INFO max_memory, in bytes, and not
	// enforced. 0 means DefaultMemory; NoMemoryLimit tells them 0, which
	// the protocol defines as "no limit" and which many engines read as
	// "use the largest tables I know", slow to allocate and clear.
	Memory int64
	// Startup is the extra time the first move after an engine (re)starts
	// may take, for what engines do once: allocating and clearing hash
	// tables, loading weights. It is not counted as match time. 0 means
	// DefaultStartup; a negative value, none.
	Startup time.Duration
	// Slack is how far past a limit an answer may come before it is a
	// forfeit: pipes, process scheduling and a loaded machine all add
	// latency an engine cannot see. 0 means 200ms plus a tenth of Turn.
	Slack time.Duration
}

const (
	// DefaultTurn is the per-move limit when none is given.
	DefaultTurn = 5 * time.Second
	// DefaultMemory is the memory engines are told they may use: 350 MiB,
	// the Gomocup tournaments' limit, which every engine written for them
	// handles.
	DefaultMemory int64 = 350 << 20
	// NoMemoryLimit in Limits.Memory tells engines INFO max_memory 0.
	NoMemoryLimit int64 = -1
	// DefaultStartup is the first-move allowance when none is given.
	DefaultStartup = 5 * time.Second
)

// MaxLimit caps every duration of Limits: deadlines add several of them
// to the clock, and near the largest duration (2562047h) the sum wraps
// to a deadline in the past, a timeout before the engine could answer.
const MaxLimit = 1000 * time.Hour

// WithDefaults returns l with zero fields replaced by their defaults and
// every duration capped at MaxLimit.
func (l Limits) WithDefaults() Limits {
	l.Turn, l.Match, l.Startup, l.Slack = min(l.Turn, MaxLimit), min(l.Match, MaxLimit), min(l.Startup, MaxLimit), min(l.Slack, MaxLimit)
	if l.Turn <= 0 {
		l.Turn = DefaultTurn
	}
	if l.Slack <= 0 {
		l.Slack = 200*time.Millisecond + l.Turn/10
	}
	if l.Memory == 0 {
		l.Memory = DefaultMemory
	}
	switch {
	case l.Startup == 0:
		l.Startup = DefaultStartup
	case l.Startup < 0: // asked for none
		l.Startup = 0
	}
	return l
}

// memoryInfo is the INFO max_memory value for l.Memory.
func (l Limits) memoryInfo() int64 { return max(l.Memory, 0) }

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
	EngineError                        // ERROR or UNKNOWN instead of an answer
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

	refused bool // the engine answered ERROR or UNKNOWN
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

// Pacing after an engine's move. Engines print their move and then finish
// the search behind it (stop helper threads, store the tree); some refuse
// commands until then. Nothing is sent until settleDelay after the move
// arrived, and a command refused within retryWindow of the move is sent
// again, once, retryPause later.
const (
	settleDelay = 10 * time.Millisecond
	retryWindow = time.Second
	retryPause  = 150 * time.Millisecond
)

// maxLog bounds the diagnostic lines kept between TakeLog calls, so an
// engine that floods its output cannot exhaust memory.
const maxLog = 200

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

	proc      *brainProc
	fresh     bool  // the engine holds an empty board and no game is open
	synced    bool  // known is what the engine believes
	known     []int // the moves the engine knows, in playing order
	used      time.Duration
	firstMove bool      // the next move is the first since the engine started
	lastMove  time.Time // when the engine's last move arrived
	about     string
	noAbout   bool   // the engine ignores ABOUT: do not ask again
	stray     int    // lines skipped while awaiting the current answer
	lastStray string // the last of them

	mu      sync.Mutex // guards log and dropped, which the stderr reader also appends to
	log     []string
	dropped int // log lines over maxLog since the last TakeLog
}

// brainProc is one run of the engine.
type brainProc struct {
	in    io.WriteCloser
	lines chan string   // standard output, line by line; closed at EOF
	exit  chan struct{} // closed once the process has exited
	err   error         // the exit status, valid after exit is closed
	// stop kills the process and releases its readers; it may be called
	// more than once.
	stop func()
	// errDone is closed when the standard error reader has finished, so a
	// crash's last words can be logged before the pipes are closed.
	errDone chan struct{}
}

// NewPbrain starts the engine given by cmdline (a path and arguments,
// split like a shell word list) and checks it answers START for opt's
// board. The engine is told lim (with defaults filled in) before its first
// move. It fails when the engine cannot be run, refuses the board or does
// not answer START in time; an engine that dies after answering is kept,
// and each move starts it again (a forfeit when that fails), so a match
// goes on.
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
	if err := p.start(context.Background()); err != nil {
		var se *setupError
		if errors.As(err, &se) {
			return nil, err
		}
		// The engine runs and answered START, then crashed: that is the
		// engine's loss in each game it cannot start for, not a reason to
		// stop the match it is in.
		p.logf("engine failed to start: %v", err)
	}
	return p, nil
}

// setupError is a start failure that no retry can mend: the program
// cannot be run, refuses the board, or never answers START.
type setupError struct{ err error }

func (e *setupError) Error() string { return e.err.Error() }
func (e *setupError) Unwrap() error { return e.err }

func (p *Pbrain) Name() string { return p.spec }

// About returns the engine's answer to ABOUT (name="…", version="…", …),
// or "" if it gave none.
func (p *Pbrain) About() string { return p.about }

// SetLimits changes the limits; a running engine is told at once. Limits
// it was started with are not sent again: an engine may act on each INFO
// (resize and clear its tables on max_memory), so it hears them once.
func (p *Pbrain) SetLimits(l Limits) {
	l = l.WithDefaults()
	if l == p.lim {
		return
	}
	p.lim = l
	if p.proc != nil {
		p.sendInfo()
	}
}

// TakeLog returns the engine's diagnostic lines since the last call.
func (p *Pbrain) TakeLog() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	l := p.log
	if p.dropped > 0 {
		l = append(l, fmt.Sprintf("(%d more lines not kept)", p.dropped))
	}
	p.log, p.dropped = nil, 0
	return l
}

func (p *Pbrain) logf(format string, args ...any) {
	p.mu.Lock()
	if len(p.log) < maxLog {
		p.log = append(p.log, fmt.Sprintf(format, args...))
	} else {
		p.dropped++
	}
	p.mu.Unlock()
}

// startProcess runs the engine with pipes on its standard streams. The
// pipes are ours, not exec's, so that waiting for the process does not
// depend on the readers reaching EOF (a child of the engine may hold its
// output open) and stopping can close them to release the readers.
func (p *Pbrain) startProcess() (*brainProc, error) {
	cmd := exec.Command(p.argv[0], p.argv[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = outW, errW
	err = cmd.Start()
	// The child has its own copies; ours would keep the pipes open.
	outW.Close()
	errW.Close()
	if err != nil {
		outR.Close()
		errR.Close()
		return nil, fmt.Errorf("cannot start engine: %w", err)
	}
	done := make(chan struct{})
	var once sync.Once
	bp := &brainProc{in: in, lines: make(chan string, 256), exit: make(chan struct{}), errDone: make(chan struct{})}
	bp.stop = func() {
		once.Do(func() {
			close(done)
			cmd.Process.Kill()
			in.Close()
			outR.Close()
			errR.Close()
		})
	}
	go func() {
		defer close(bp.lines)
		readLines(outR, func(s string) bool {
			select {
			case bp.lines <- s:
				return true
			case <-done: // nobody listens any more
				return false
			}
		})
	}()
	go func() {
		defer close(bp.errDone)
		readLines(errR, func(s string) bool { p.logf("stderr: %s", s); return true })
	}()
	go func() {
		bp.err = cmd.Wait()
		close(bp.exit)
	}()
	return bp, nil
}

// readLines calls f for each non-empty line of r, with CR, LF or CR LF
// line ends and surrounding blanks trimmed, until r ends or f returns
// false; very long lines are cut, as the protocol allows.
func readLines(r io.Reader, f func(string) bool) {
	br := bufio.NewReaderSize(r, 4096)
	var line []byte
	for {
		c, err := br.ReadByte()
		if err != nil {
			if s := strings.TrimSpace(string(line)); s != "" {
				f(s)
			}
			return
		}
		switch c {
		case '\n', '\r':
			if s := strings.TrimSpace(string(line)); s != "" && !f(s) {
				return
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
// Failures no retry can mend come back as *setupError.
func (p *Pbrain) start(ctx context.Context) error {
	bp, err := p.spawn()
	if err != nil {
		return &setupError{err}
	}
	p.proc, p.fresh, p.synced, p.known, p.used = bp, true, true, nil, 0
	p.firstMove, p.lastMove = true, time.Time{}
	p.send(fmt.Sprintf("START %d", p.opt.Size))
	if err := p.awaitOK(ctx, "START", startTimeout); err != nil {
		p.stop()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		// Refused, silent or gone before its OK: an engine that never
		// answers START plays no game (the protocol's first command
		// fails, so a retry fails the same way).
		var fe *ForfeitError
		switch {
		case errors.As(err, &fe) && fe.Kind == EngineError:
			return &setupError{fmt.Errorf("engine refused START %d: %s", p.opt.Size, fe.Msg)}
		case errors.As(err, &fe) && fe.Kind == Crash:
			return &setupError{fmt.Errorf("engine %s before answering START %d%s", strings.TrimPrefix(fe.Msg, "engine "), p.opt.Size, p.lastWords())}
		}
		return &setupError{fmt.Errorf("engine did not start: %w", err)}
	}
	if !p.noAbout {
		p.send("ABOUT")
		line, err := p.await(ctx, time.Now().Add(aboutTimeout), func(string) bool { return true })
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
			return p.start(ctx)
		case ctx.Err() != nil:
			return ctx.Err()
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
	p.send(fmt.Sprintf("INFO max_memory %d", p.lim.memoryInfo()))
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

// stop kills the engine without ceremony. The process is reaped and its
// readers end in the background.
func (p *Pbrain) stop() {
	if p.proc == nil {
		return
	}
	p.proc.stop()
	p.proc = nil
}

// awaitOK waits for OK after START or RESTART.
func (p *Pbrain) awaitOK(ctx context.Context, cmd string, d time.Duration) error {
	_, err := p.await(ctx, time.Now().Add(d), func(line string) bool {
		return strings.EqualFold(firstWord(line), "OK")
	})
	if err != nil {
		var fe *ForfeitError
		if errors.As(err, &fe) && fe.Kind == Timeout {
			fe.Msg = fmt.Sprintf("no OK to %s within %v%s", cmd, d, p.strayNote())
		}
		return err
	}
	return nil
}

// firstWord is the line's first blank-separated word, "" for none.
func firstWord(line string) string {
	if f := strings.Fields(line); len(f) > 0 {
		return f[0]
	}
	return ""
}

// await returns the engine's next line that want accepts, logging MESSAGE
// and DEBUG lines on the way. UNKNOWN and ERROR are logged and returned as
// EngineError forfeits. Other lines (chatter, the rest of a MESSAGE broken
// by a raw newline, stray OKs some engines give to INFO) are logged,
// counted in p.stray and skipped: only a missing answer loses.
func (p *Pbrain) await(ctx context.Context, deadline time.Time, want func(string) bool) (string, error) {
	if p.proc == nil {
		return "", forfeit(Crash, "engine is not running")
	}
	p.stray, p.lastStray = 0, ""
	wait := time.Until(deadline)
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case line, ok := <-p.proc.lines:
			if !ok {
				return "", p.crashed()
			}
			word := strings.ToUpper(firstWord(line))
			switch word {
			case "MESSAGE", "DEBUG":
				p.logf("%s", line)
				continue
			case "UNKNOWN", "ERROR":
				p.logf("%s", line)
				rest := strings.TrimSpace(line[len(word):])
				return "", &ForfeitError{Kind: EngineError, Msg: word + " " + rest, refused: true}
			}
			if want(line) {
				return line, nil
			}
			if word == "OK" {
				continue // some engines answer INFO
			}
			p.logf("ignored: %q", line)
			p.stray++
			p.lastStray = line
		case <-timer.C:
			p.stop()
			return "", forfeit(Timeout, "no answer within %v%s", wait.Round(time.Millisecond), p.strayNote())
		case <-ctx.Done():
			// The engine's state is unknown once a command is abandoned.
			p.stop()
			return "", ctx.Err()
		}
	}
}

// strayNote tells a timeout's reader about the lines that came instead of
// the answer.
func (p *Pbrain) strayNote() string {
	switch p.stray {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf(" (ignored 1 line that is no answer: %q)", p.lastStray)
	}
	return fmt.Sprintf(" (ignored %d lines that are no answer, the last %q)", p.stray, p.lastStray)
}

// crashed reports the engine's exit, waiting briefly for its status.
func (p *Pbrain) crashed() error {
	bp := p.proc
	p.proc = nil
	select {
	case <-bp.exit:
	case <-time.After(endTimeout):
		bp.stop()
		<-bp.exit
	}
	if bp.errDone != nil {
		select {
		case <-bp.errDone:
		case <-time.After(100 * time.Millisecond):
		}
	}
	bp.stop()
	status := "exited"
	if bp.err != nil {
		status = "exited: " + bp.err.Error()
	}
	p.logf("engine %s", status)
	return forfeit(Crash, "engine %s", status)
}

// drain logs whatever the engine said since its last answer, so a late
// line cannot be taken for the answer to the next command. It reports the
// engine's exit, if it has exited, after reading the rest of its output.
func (p *Pbrain) drain() error {
	for p.proc != nil {
		select {
		case line, ok := <-p.proc.lines:
			if !ok {
				return p.crashed()
			}
			p.logLate(line)
			continue
		default:
		}
		select {
		case <-p.proc.exit:
		default:
			return nil
		}
		// Gone, its output about to end: read it to the end.
		timeout := time.After(endTimeout)
		for {
			select {
			case line, ok := <-p.proc.lines:
				if !ok {
					return p.crashed()
				}
				p.logLate(line)
			case <-timeout:
				return p.crashed()
			}
		}
	}
	return nil
}

// logLate logs a line that came after the answer it could belong to.
func (p *Pbrain) logLate(line string) {
	if w := strings.ToUpper(firstWord(line)); w == "MESSAGE" || w == "DEBUG" {
		p.logf("%s", line)
	} else {
		p.logf("ignored late line: %q", line)
	}
}

// settle waits until the engine's last move is settleDelay old, so the
// engine has finished delivering it before the next command.
func (p *Pbrain) settle(ctx context.Context) error {
	if p.lastMove.IsZero() {
		return nil
	}
	return sleep(ctx, time.Until(p.lastMove.Add(settleDelay)))
}

// sleep waits d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
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
	if err := p.settle(ctx); err != nil {
		return -1, err
	}
	h := b.History()
	if b.Size() != p.opt.Size || p.proc == nil {
		// A new board size needs a new START; a dead engine a new process.
		p.stop()
		p.opt.Size, p.opt.Rule = b.Size(), b.Rule()
		if err := p.start(ctx); err != nil {
			return -1, p.startFailed(ctx, err)
		}
	} else if b.Rule() != p.opt.Rule {
		p.opt.Rule = b.Rule()
		p.send(fmt.Sprintf("INFO rule %d", ruleCode(p.opt.Rule)))
	}
	inGame := !p.fresh && p.synced && len(p.known) > 0 && extends(h, p.known)
	if err := p.drain(); err != nil && inGame {
		// It died while the opponent thought: a crash in this game. The
		// next game starts it again.
		var fe *ForfeitError
		if errors.As(err, &fe) {
			fe.Msg += " during the game, while the opponent was to move"
		}
		return -1, err
	}
	if p.proc == nil {
		// It exited between games, which costs nothing: start it again.
		if err := p.start(ctx); err != nil {
			return -1, p.startFailed(ctx, err)
		}
	}

	size := b.Size()
	me := b.ToMove()
	var cmds []string
	// A fresh engine may get TURN too: that is how the second player
	// learns the first move in Piskvork.
	if p.synced && len(h) == len(p.known)+1 && extends(h, p.known) {
		cmds = []string{"TURN " + game.FormatXY(h[len(h)-1], size)}
	} else {
		if !p.fresh {
			if err := p.restart(ctx); err != nil {
				return -1, err
			}
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
		cmds = append([]string{fmt.Sprintf("INFO time_left %d", (p.lim.Match - p.used).Milliseconds())}, cmds...)
	}
	p.fresh = false
	p.known = append(p.known[:0], h...)
	p.synced = true

	// The first move after a start may take the start-up allowance on top
	// of the limits, and that extra time is not charged to the match.
	allowance := time.Duration(0)
	if p.firstMove {
		allowance = p.lim.Startup
	}
	retryable := !p.lastMove.IsZero() && time.Since(p.lastMove) < retryWindow
	start := time.Now()
	cell, err := p.ask(ctx, cmds, b, start, allowance)
	var fe *ForfeitError
	if retryable && errors.As(err, &fe) && fe.refused && p.proc != nil &&
		strings.Contains(strings.ToLower(fe.Msg), "unknown") {
		// Refused right after its own move: the engine was still busy
		// with it. Give it a moment and ask again, once.
		p.logf("the engine refused %s right after its move (%s); sending it again", cmds[0], fe.Msg)
		if err := sleep(ctx, retryPause); err != nil {
			p.known, p.synced = nil, false
			return -1, err
		}
		if derr := p.drain(); derr != nil {
			err = derr
		} else {
			start = time.Now()
			cell, err = p.ask(ctx, cmds, b, start, allowance)
		}
	}
	took := time.Since(start)
	p.used += max(took-allowance, 0)
	if err != nil {
		p.known, p.synced = nil, false // what the engine believes is now unknown
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return -1, err
		}
		if errors.As(err, &fe) && fe.Kind == Timeout {
			fe.Msg = fmt.Sprintf("no move within %v (limit %v + slack %v%s)%s",
				took.Round(time.Millisecond), p.limitFor(), p.lim.Slack, allowanceNote(allowance), p.strayNote())
		}
		return -1, err
	}
	p.firstMove = false
	p.lastMove = time.Now()
	p.known = append(p.known, cell)
	return cell, nil
}

func allowanceNote(a time.Duration) string {
	if a == 0 {
		return ""
	}
	return fmt.Sprintf(" + first-move allowance %v", a)
}

// startFailed is the error of a move whose engine could not be started:
// the context's when it was cancelled, else a crash forfeit.
func (p *Pbrain) startFailed(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return forfeit(Crash, "cannot start the engine: %v", err)
}

// restart sends RESTART between games; an engine without RESTART is ended
// and run again, as the protocol says.
func (p *Pbrain) restart(ctx context.Context) error {
	p.send("RESTART")
	if err := p.awaitOK(ctx, "RESTART", startTimeout); err != nil {
		var fe *ForfeitError
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if errors.As(err, &fe) && fe.Kind == EngineError {
			p.end()
		} else {
			p.stop()
		}
		if err := p.start(ctx); err != nil {
			return p.startFailed(ctx, err)
		}
	}
	p.fresh, p.synced, p.known, p.used = true, true, nil, 0
	return nil
}

// ask sends cmds and reads the move, with a deadline from start.
func (p *Pbrain) ask(ctx context.Context, cmds []string, b *game.Board, start time.Time, allowance time.Duration) (int, error) {
	deadline := start.Add(allowance + p.lim.Turn + p.lim.Slack)
	if p.lim.Match > 0 {
		if d := start.Add(allowance + p.lim.Match - p.used + p.lim.Slack); d.Before(deadline) {
			deadline = d
		}
	}
	for _, c := range cmds {
		p.send(c)
	}
	return p.awaitMove(ctx, deadline, b)
}

// limitFor is the limit the current move had: the turn limit or what was
// left of the match time.
func (p *Pbrain) limitFor() time.Duration {
	if p.lim.Match > 0 && p.lim.Match-p.used < p.lim.Turn {
		return max(p.lim.Match-p.used, 0)
	}
	return p.lim.Turn
}

// isAnswer reports whether a line answers a move request: a move or
// SUGGEST.
func isAnswer(line string) bool {
	if strings.EqualFold(firstWord(line), "SUGGEST") {
		return true
	}
	_, _, ok := parseXY(line)
	return ok
}

// awaitMove reads the engine's move, answering SUGGEST with PLAY as the
// Gomocup managers do, and checks it is legal on b.
func (p *Pbrain) awaitMove(ctx context.Context, deadline time.Time, b *game.Board) (int, error) {
	for {
		line, err := p.await(ctx, deadline, isAnswer)
		if err != nil {
			return -1, err
		}
		if strings.EqualFold(firstWord(line), "SUGGEST") {
			p.send("PLAY " + strings.TrimSpace(line[len("SUGGEST"):]))
			continue
		}
		x, y, _ := parseXY(line)
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
	}
	bp.stop()
	<-bp.exit
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

// lastWords is the engine's last line on standard error, for the error
// of an engine that exited: often why.
func (p *Pbrain) lastWords() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := len(p.log) - 1; i >= 0; i-- {
		if s, ok := strings.CutPrefix(p.log[i], "stderr: "); ok {
			return fmt.Sprintf(" (its last words: %q)", s)
		}
	}
	return ""
}
