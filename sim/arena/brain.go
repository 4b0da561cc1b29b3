package arena

// This file is the engine side of the Gomocup protocol: it runs one of our
// players as a "pbrain" for Piskvork or any Gomocup manager. See
// sim/player/pbrain.go for the manager side.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// BrainConfig describes the player a Gomocup brain plays with.
type BrainConfig struct {
	Engine string  // player spec, e.g. "greedy", "greedy:my.toml", "search"
	New    Factory // optional: make the engine with this instead
	// Fallback is a fast player that answers when the engine runs out of
	// time or fails, so the brain never forfeits on time; "" means the
	// legal cell nearest the last move, then the centre.
	Fallback string
	Version  string // for ABOUT
	Seed     int64
}

// Brain timing: the share of the turn limit the engine may use, and the
// time kept back for the pipes and the manager's own clock.
const (
	brainTurnShare = 0.8
	brainReserve   = 30 * time.Millisecond
	// brainMovesLeft divides the remaining match time among the moves a
	// game still needs, at a guess.
	brainMovesLeft = 15
)

type brain struct {
	cfg  BrainConfig
	out  *bufio.Writer
	size int
	rule game.Rule
	b    *game.Board

	turn     time.Duration // INFO timeout_turn; -1 until told
	timeLeft time.Duration // INFO time_left; -1 when unknown or unlimited
	memory   int64

	engine   player.Player
	fallback player.Player
	busy     chan struct{} // closed when the engine's last move finished
	notes    []string      // MESSAGE lines to send before the next answer
}

// ServeBrain speaks the Gomocup protocol on in and out until END or the end
// of input. It answers malformed commands with ERROR and unknown ones with
// UNKNOWN and keeps running; only I/O errors end it early.
func ServeBrain(ctx context.Context, in io.Reader, out io.Writer, cfg BrainConfig) error {
	br := &brain{cfg: cfg, out: bufio.NewWriter(out), turn: -1, timeLeft: -1}
	defer br.closePlayers()
	lines := make(chan string)
	var readErr error // set before lines is closed
	go func() {
		defer close(lines)
		readErr = readLines(in, func(s string) { lines <- s })
	}()
	for {
		var line string
		var ok bool
		select {
		case line, ok = <-lines:
		case <-ctx.Done():
			return ctx.Err()
		}
		if !ok {
			// The manager is gone, or sent what no manager sends:
			// stopping silently would look like a normal END.
			return errors.Join(readErr, br.out.Flush())
		}
		if done := br.handle(ctx, line, lines); done {
			return br.out.Flush()
		}
		if err := br.out.Flush(); err != nil {
			return err
		}
	}
}

// maxBrainLine bounds a command line: the longest real one, a BOARD of
// 625 moves, is some 8 KiB.
const maxBrainLine = 1 << 20

// readLines calls f for each non-empty trimmed line of r; CR, LF and CR LF
// all end a line. It returns why reading stopped before the end of r: a
// line over maxBrainLine, or a read error.
func readLines(r io.Reader, f func(string)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxBrainLine)
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		for i, c := range data {
			if c == '\n' || c == '\r' {
				return i + 1, data[:i], nil
			}
		}
		if atEOF && len(data) > 0 {
			return len(data), data, nil
		}
		return 0, nil, nil
	})
	for sc.Scan() {
		if s := strings.TrimSpace(sc.Text()); s != "" {
			f(s)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("reading commands: a line is longer than %d bytes (1 MiB); no protocol command is", maxBrainLine)
		}
		return fmt.Errorf("reading commands: %w", err)
	}
	return nil
}

func (br *brain) say(format string, args ...any) {
	fmt.Fprintf(br.out, format+"\r\n", args...)
}

func (br *brain) note(format string, args ...any) {
	br.notes = append(br.notes, fmt.Sprintf(format, args...))
}

// answer sends the pending notes, then the line.
func (br *brain) answer(format string, args ...any) {
	for _, n := range br.notes {
		br.say("MESSAGE %s", n)
	}
	br.notes = nil
	br.say(format, args...)
}

// handle runs one command; it reports whether the session is over.
func (br *brain) handle(ctx context.Context, line string, lines <-chan string) bool {
	word, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch strings.ToUpper(word) {
	case "START":
		n, err := strconv.Atoi(arg)
		if err != nil || n < game.MinSize || n > game.MaxSize {
			br.answer("ERROR unsupported board size %q (want %d..%d)", arg, game.MinSize, game.MaxSize)
			return false
		}
		br.newGame(n)
	case "RECTSTART":
		ws, hs, _ := strings.Cut(arg, ",")
		w, err1 := strconv.Atoi(strings.TrimSpace(ws))
		h, err2 := strconv.Atoi(strings.TrimSpace(hs))
		switch {
		case err1 != nil || err2 != nil:
			br.answer("ERROR bad RECTSTART %q (want width,height)", arg)
		case w != h:
			br.answer("ERROR rectangular boards are not supported")
		case w < game.MinSize || w > game.MaxSize:
			br.answer("ERROR unsupported board size %d (want %d..%d)", w, game.MinSize, game.MaxSize)
		default:
			br.newGame(w)
		}
	case "RESTART":
		if br.b == nil {
			br.answer("ERROR RESTART before START")
			return false
		}
		br.newGame(br.size)
	case "INFO":
		br.info(arg)
	case "BEGIN":
		if br.b == nil {
			br.answer("ERROR BEGIN before START")
		} else if br.b.Moves() > 0 {
			br.answer("ERROR BEGIN on a board with stones; send RESTART first")
		} else {
			br.move(ctx)
		}
	case "TURN":
		if br.b == nil {
			br.answer("ERROR TURN before START")
			return false
		}
		cell, err := br.parseCell(arg)
		if err == nil {
			err = br.b.Play(cell)
		}
		if err != nil {
			br.answer("ERROR TURN %s: %v", arg, err)
			return false
		}
		br.move(ctx)
	case "BOARD":
		br.board(ctx, lines)
	case "TAKEBACK":
		cell, err := br.parseCell(arg)
		switch {
		case br.b == nil:
			br.answer("ERROR TAKEBACK before START")
		case err != nil:
			br.answer("ERROR TAKEBACK %s: %v", arg, err)
		case br.b.LastMove() != cell:
			br.answer("ERROR TAKEBACK %s: not the last move", arg)
		default:
			br.b.Undo()
			br.answer("OK")
		}
	case "PLAY":
		// The manager imposes a move after SUGGEST; we never suggest, but
		// playing it is the useful answer.
		cell, err := br.parseCell(arg)
		if err == nil && br.b != nil {
			err = br.b.Play(cell)
		} else if br.b == nil {
			err = errors.New("no game: send START first")
		}
		if err != nil {
			br.answer("ERROR PLAY %s: %v", arg, err)
			return false
		}
		br.answer("%s", game.FormatXY(cell, br.size))
	case "ABOUT":
		v := br.cfg.Version
		if v == "" {
			v = "dev"
		}
		br.answer(`name="mcgomoku", version=%q, author="mcgomoku", engine=%q`, v, br.engineName())
	case "SWAP2BOARD":
		for l := range lines {
			if strings.EqualFold(l, "DONE") {
				break
			}
		}
		br.answer("UNKNOWN SWAP2BOARD is not supported")
	case "END":
		return true
	default:
		br.answer("UNKNOWN command %q", word)
	}
	return false
}

func (br *brain) engineName() string {
	if br.cfg.Engine != "" {
		return br.cfg.Engine
	}
	return "greedy"
}

func (br *brain) parseCell(s string) (int, error) {
	x, y, ok := strings.Cut(s, ",")
	xi, err1 := strconv.Atoi(strings.TrimSpace(x))
	yi, err2 := strconv.Atoi(strings.TrimSpace(y))
	if !ok || err1 != nil || err2 != nil {
		return -1, fmt.Errorf("bad coordinates %q (want x,y)", s)
	}
	if xi < 0 || yi < 0 || xi >= br.size || yi >= br.size {
		return -1, fmt.Errorf("%d,%d is off the %d×%d board", xi, yi, br.size, br.size)
	}
	return yi*br.size + xi, nil
}

// newGame answers START and RESTART: an empty board, and a player made
// for it.
func (br *brain) newGame(size int) {
	br.waitEngine(0)
	br.size = size
	br.b = game.MustBoard(size, br.rule)
	if err := br.makePlayers(); err != nil {
		br.b = nil
		br.answer("ERROR %v", err)
		return
	}
	br.answer("OK")
}

func (br *brain) makePlayers() error {
	br.closePlayers()
	opt := player.Options{Size: br.size, Rule: br.rule, Seed: br.cfg.Seed}
	e := Entrant{Spec: br.engineName(), New: br.cfg.New}
	p, err := e.make(opt)
	if err != nil {
		return fmt.Errorf("cannot make the engine: %v", err)
	}
	br.engine = p
	if br.cfg.Fallback != "" {
		if fb, err := player.New(br.cfg.Fallback, opt); err == nil {
			br.fallback = fb
		} else {
			br.note("fallback %q unavailable: %v", br.cfg.Fallback, err)
		}
	}
	return nil
}

func (br *brain) closePlayers() {
	br.waitEngine(time.Second)
	for _, p := range []player.Player{br.engine, br.fallback} {
		if c, ok := p.(player.Closer); ok {
			c.Close()
		}
	}
	br.engine, br.fallback = nil, nil
}

// waitEngine waits up to d for a move still being computed (d = 0 waits
// for good), so the engine is never asked two things at once.
func (br *brain) waitEngine(d time.Duration) bool {
	if br.busy == nil {
		return true
	}
	if d == 0 {
		<-br.busy
		br.busy = nil
		return true
	}
	select {
	case <-br.busy:
		br.busy = nil
		return true
	case <-time.After(d):
		return false
	}
}

// info records an INFO value. Problems are reported as a MESSAGE before
// the next answer: the manager does not read replies to INFO.
func (br *brain) info(arg string) {
	key, val, _ := strings.Cut(arg, " ")
	val = strings.TrimSpace(val)
	num := func() (int64, bool) {
		n, err := strconv.ParseInt(val, 10, 64)
		if err != nil {
			br.note("ignored INFO %s %q: not a whole number", key, val)
			return 0, false
		}
		return n, true
	}
	switch strings.ToLower(key) {
	case "timeout_turn":
		if n, ok := num(); ok && n >= 0 {
			br.turn = time.Duration(n) * time.Millisecond
		}
	case "time_left":
		if n, ok := num(); ok {
			br.timeLeft = time.Duration(n) * time.Millisecond
			if n >= math.MaxInt32 {
				br.timeLeft = -1 // the protocol's "unlimited"
			}
		}
	case "timeout_match":
		if n, ok := num(); ok && n == 0 {
			br.timeLeft = -1
		}
	case "max_memory":
		if n, ok := num(); ok {
			br.memory = n
		}
	case "rule":
		n, ok := num()
		if !ok {
			return
		}
		rule := game.Freestyle
		switch {
		case n&4 != 0:
			rule = game.Renju
		case n&1 != 0:
			rule = game.Standard
		}
		if n&8 != 0 {
			br.note("caro rule is not supported; playing %v", rule)
		}
		br.setRule(rule)
	}
	// game_type, evaluate, folder and unknown keys need nothing.
}

// setRule switches the rule, keeping the position.
func (br *brain) setRule(rule game.Rule) {
	if rule == br.rule {
		return
	}
	br.rule = rule
	if br.b == nil {
		return
	}
	br.waitEngine(0)
	old := br.b
	br.b = game.MustBoard(br.size, rule)
	for _, c := range old.History() {
		if err := br.b.PlayAs(c, old.At(c)); err != nil {
			br.note("position is not legal under %v: %v", rule, err)
			br.b = game.MustBoard(br.size, rule)
			break
		}
	}
	if err := br.makePlayers(); err != nil {
		br.note("%v", err)
	}
}

// board reads a BOARD block up to DONE, sets the position up and moves.
func (br *brain) board(ctx context.Context, lines <-chan string) {
	var own, opp []int
	var bad error
	for l := range lines {
		if strings.EqualFold(l, "DONE") {
			break
		}
		parts := strings.Split(l, ",")
		if len(parts) != 3 {
			if bad == nil {
				bad = fmt.Errorf("bad BOARD line %q (want x,y,field)", l)
			}
			continue
		}
		if br.b == nil {
			continue
		}
		cell, err := br.parseCell(parts[0] + "," + parts[1])
		f, ferr := strconv.Atoi(strings.TrimSpace(parts[2]))
		switch {
		case err != nil && bad == nil:
			bad = fmt.Errorf("BOARD line %q: %v", l, err)
		case ferr != nil || f < 1 || f > 3:
			if bad == nil {
				bad = fmt.Errorf("BOARD line %q: field must be 1, 2 or 3", l)
			}
		case err != nil:
		case f == 1:
			own = append(own, cell)
		case f == 2:
			opp = append(opp, cell)
			// 3 marks a continuous game's winning line or forbidden
			// stone, not a move: nothing to place.
		}
	}
	switch {
	case br.b == nil:
		br.answer("ERROR BOARD before START")
		return
	case bad != nil:
		br.answer("ERROR %v", bad)
		return
	}
	// We are to move: with equal counts we are black, with one stone fewer
	// we are white. Interleaving the two lists in their given order gives
	// a playing order even when a Gomoku manager sends them in any order.
	var blacks, whites []int
	me := game.Black
	switch len(opp) - len(own) {
	case 0:
		blacks, whites = own, opp
	case 1:
		blacks, whites, me = opp, own, game.White
	default:
		br.answer("ERROR BOARD has %d own and %d opponent stones; one side must be to move", len(own), len(opp))
		return
	}
	br.waitEngine(0)
	b := game.MustBoard(br.size, br.rule)
	for i := 0; i < len(blacks) || i < len(whites); i++ {
		for _, st := range []struct {
			list []int
			c    game.Colour
		}{{blacks, game.Black}, {whites, game.White}} {
			if i >= len(st.list) {
				continue
			}
			if err := b.PlayAs(st.list[i], st.c); err != nil {
				br.answer("ERROR BOARD: %v", err)
				return
			}
		}
	}
	if b.ToMove() != me && b.Moves() > 0 {
		br.answer("ERROR BOARD: internal error: wrong side to move")
		return
	}
	br.b = b
	br.move(ctx)
}

// budget is the time the engine may think on this move.
func (br *brain) budget() time.Duration {
	turn := br.turn
	if turn < 0 {
		turn = player.DefaultTurn
	}
	d := time.Duration(float64(turn) * brainTurnShare)
	if br.timeLeft >= 0 {
		d = min(d, br.timeLeft/brainMovesLeft)
	}
	return max(d-brainReserve, 0)
}

// move chooses, plays and answers a move within the time budget.
func (br *brain) move(ctx context.Context) {
	if br.b.Over() {
		br.answer("ERROR the game is over")
		return
	}
	budget := br.budget()
	deadline := time.Now().Add(budget)
	cell := -1
	if br.waitEngine(budget) {
		if l, ok := br.engine.(player.Limiter); ok {
			l.SetLimits(player.Limits{Turn: budget})
		}
		mctx, cancel := context.WithDeadline(ctx, deadline)
		type result struct {
			cell int
			err  error
		}
		done := make(chan result, 1)
		busy := make(chan struct{})
		br.busy = busy
		pos, eng := br.b.Clone(), br.engine
		go func() {
			defer close(busy)
			c, err := safeMove(mctx, eng, pos)
			done <- result{c, err}
		}()
		select {
		case r := <-done:
			cancel()
			br.busy = nil
			if r.err != nil {
				br.note("engine failed: %v", r.err)
			} else if err := br.b.Legal(r.cell); err != nil {
				br.note("engine chose an illegal move: %v", err)
			} else {
				cell = r.cell
			}
		case <-time.After(time.Until(deadline)):
			// Leave the engine to finish in the background (cancelled);
			// the next move waits for it.
			cancel()
			br.note("engine out of time after %v; playing the fallback move", budget.Round(time.Millisecond))
		}
	} else {
		br.note("engine still busy with the last move; playing the fallback move")
	}
	if cell < 0 {
		cell = br.fallbackMove(ctx)
	}
	if cell < 0 {
		br.answer("ERROR no legal move")
		return
	}
	br.b.Play(cell)
	br.answer("%s", game.FormatXY(cell, br.size))
}

// fallbackMove is a quick legal move: the fallback player's, or the legal
// cell nearest the last move (the centre on an empty board).
func (br *brain) fallbackMove(ctx context.Context) int {
	if br.fallback != nil {
		if c, err := safeMove(ctx, br.fallback, br.b.Clone()); err == nil && br.b.Legal(c) == nil {
			return c
		}
	}
	cx, cy := br.size/2, br.size/2
	if last := br.b.LastMove(); last >= 0 {
		cx, cy = br.b.XY(last)
	}
	best, bestD := -1, math.MaxInt
	for i := 0; i < br.b.Cells(); i++ {
		if br.b.Legal(i) != nil {
			continue
		}
		x, y := br.b.XY(i)
		if d := (x-cx)*(x-cx) + (y-cy)*(y-cy); d < bestD {
			best, bestD = i, d
		}
	}
	return best
}
