package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/mcgomoku/mcgomoku/internal/atomicfile"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// playOptions are the flags of "mcgomoku play".
type playOptions struct {
	vs     string
	hint   string
	colour string
	size   int
	rule   string
	seed   int64
	load   string
	out    string
	force  bool
}

func init() {
	register(&command{
		name:    "play",
		summary: "play Gomoku against an AI in the terminal; the game is saved as a .psq record",
		usage: `[--vs SPEC] [--colour black|white] [--size N] [--rule RULE] [--load FILE.psq] [--out FILE.psq]

Type moves as h8 (column letter, row from the bottom) or x,y. Commands:
undo (take back your last move and the reply), hint (ask --hint for a
move), quit. The game is saved as a Piskvork .psq record when it ends,
also when it is stopped with Ctrl-C.`,
		flags: func(fs *pflag.FlagSet) func(e *env, args []string) error {
			o := &playOptions{}
			fs.StringVar(&o.vs, "vs", "greedy", "the opponent: any player spec")
			fs.StringVar(&o.hint, "hint", "search", "the player that gives hints")
			fs.StringVar(&o.colour, "colour", "black", "your colour: black (moves first) or white")
			fs.IntVar(&o.size, "size", game.DefaultSize, "board size, 5..25")
			fs.StringVar(&o.rule, "rule", "freestyle", "freestyle, standard or renju")
			fs.Int64Var(&o.seed, "seed", 0, "seed for the opponent's randomness (default: the clock)")
			fs.StringVar(&o.load, "load", "", "start from the position of a .psq record (its size is used)")
			fs.StringVar(&o.out, "out", "", "where to save the game (default: mcgomoku-DATE-TIME.psq in the current folder); checked before the game")
			fs.BoolVar(&o.force, "force", false, "replace --out if it exists")
			return o.run
		},
	})
}

func (o *playOptions) run(e *env, args []string) error {
	s, err := o.newSession(e, args)
	if err != nil {
		return err
	}
	defer s.close()
	// Ctrl-C ends the game and saves it: moves are read in the background
	// so the wait for one can be interrupted.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	s.readLines(ctx)
	fmt.Fprintf(e.stdout, "You play %v against %s on %d×%d, %v rule. Type a move like h8, or help.\n", s.human, o.vs, s.b.Size(), s.b.Size(), s.opt.Rule)
	for !s.b.Over() && !s.quit && !s.interrupted && !s.forfeited {
		if s.b.ToMove() != s.human {
			s.aiTurn()
		} else {
			s.humanTurn()
		}
	}
	s.showEnd()
	if err := s.save(); err != nil {
		return err
	}
	if s.interrupted {
		return errInterrupted
	}
	return nil
}

// session is one game of "mcgomoku play", from the checked flags to the
// saved record.
type session struct {
	o      *playOptions
	e      *env
	b      *game.Board
	human  game.Colour
	out    string         // where the record is saved
	opt    player.Options // for the opponent and the hinter
	ai     player.Player
	hinter player.Player // made on the first hint

	ctx   context.Context // done on Ctrl-C
	lines <-chan string   // the player's input, read in the background
	times []int           // per move, in milliseconds, for the record

	quit, interrupted, forfeited bool // why the game stopped before its end
	dirty                        bool // the board changed since it was last drawn
}

// newSession checks the flags, sets up the board and the opponent, and
// checks the record's place, all before the first move.
func (o *playOptions) newSession(e *env, args []string) (*session, error) {
	if len(args) > 0 {
		return nil, usagef("play takes no arguments, got %q", args)
	}
	rule, err := game.ParseRule(o.rule)
	if err != nil {
		return nil, usagef("%v", err)
	}
	human, err := game.ParseColour(o.colour)
	if err != nil {
		return nil, usagef("--colour: %v", err)
	}
	if err := player.CheckSpec(o.vs); err != nil {
		return nil, usagef("--vs: %v", err)
	}
	if err := player.CheckSpec(o.hint); err != nil {
		return nil, usagef("--hint: %v", err)
	}
	if o.load == "" && (o.size < game.MinSize || o.size > game.MaxSize) {
		return nil, usagef("--size %d is out of range %d..%d", o.size, game.MinSize, game.MaxSize)
	}
	b, err := o.board(rule)
	if err != nil {
		return nil, err
	}
	out := o.out
	if out == "" {
		out = "mcgomoku-" + time.Now().Format("20060102-150405") + ".psq"
	}
	// A game is too much to lose to a typo: the record's place is
	// checked before the first move.
	if err := checkOut(out, o.force); err != nil {
		return nil, err
	}
	seed := o.seed
	if seed == 0 {
		seed = time.Now().UnixNano()
	}
	opt := player.Options{Size: b.Size(), Rule: rule, Seed: seed}
	ai, err := player.New(o.vs, opt)
	if err != nil {
		return nil, err
	}
	return &session{o: o, e: e, b: b, human: human, out: out, opt: opt, ai: ai,
		times: make([]int, b.Moves()), dirty: true}, nil
}

// board is the starting position: --load's record, or an empty board.
func (o *playOptions) board(rule game.Rule) (*game.Board, error) {
	if o.load == "" {
		return game.MustBoard(o.size, rule), nil
	}
	f, err := os.Open(o.load)
	if err != nil {
		return nil, err
	}
	rec, err := game.ReadPSQ(f, o.load)
	f.Close()
	if err != nil {
		return nil, err
	}
	b, err := rec.Board(rule)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", o.load, err)
	}
	return b, nil
}

// close stops the players that run engines.
func (s *session) close() {
	if c, ok := s.hinter.(player.Closer); ok {
		c.Close()
	}
	if c, ok := s.ai.(player.Closer); ok {
		c.Close()
	}
}

// readLines starts reading the player's input into s.lines until it
// ends or ctx is done.
func (s *session) readLines(ctx context.Context) {
	lines := make(chan string)
	go func() {
		defer close(lines)
		in := bufio.NewScanner(s.e.stdin)
		for in.Scan() {
			select {
			case lines <- in.Text():
			case <-ctx.Done():
				return
			}
		}
	}()
	s.ctx, s.lines = ctx, lines
}

// aiTurn plays the opponent's move; a move that fails or is illegal
// forfeits the game.
func (s *session) aiTurn() {
	start := time.Now()
	cell, err := s.ai.Move(s.ctx, s.b)
	if s.ctx.Err() != nil {
		s.interrupted = true
		return
	}
	if err == nil {
		err = s.b.Legal(cell)
	}
	if err != nil {
		fmt.Fprintf(s.e.stdout, "%s failed to move (%v): you win by forfeit.\n", s.o.vs, err)
		s.forfeited = true
		return
	}
	s.b.Play(cell)
	s.times = append(s.times, int(time.Since(start).Milliseconds()))
	fmt.Fprintf(s.e.stdout, "%s plays %s\n", s.o.vs, game.FormatMove(cell, s.b.Size()))
	s.dirty = true
}

// humanTurn prompts for one line and does what it says: a move or a
// command.
func (s *session) humanTurn() {
	w := s.e.stdout
	// One board per turn: drawn when it is the player's move, after the
	// reply, not after the player's own move too.
	if s.dirty {
		drawBoard(w, s.b, lastMoveMark(s.b))
		s.dirty = false
	}
	fmt.Fprintf(w, "%v to move> ", s.human)
	start := time.Now()
	var line string
	select {
	case l, ok := <-s.lines:
		if !ok {
			fmt.Fprintln(w)
			s.quit = true
			return
		}
		line = strings.TrimSpace(l)
	case <-s.ctx.Done():
		fmt.Fprintln(w)
		s.interrupted = true
		return
	}
	switch strings.ToLower(line) {
	case "":
	case "q", "quit", "exit":
		s.quit = true
	case "?", "help":
		fmt.Fprintln(w, "moves: h8 or 7,7 (x,y from the top left, 0-based); commands: undo, hint, quit")
	case "u", "undo":
		s.undo()
	case "h", "hint":
		s.hint()
	default:
		cell, err := game.ParseMove(line, s.b.Size())
		if err == nil {
			err = s.b.Play(cell)
		}
		if err != nil {
			fmt.Fprintf(w, "%v\n", err)
			return
		}
		s.times = append(s.times, int(time.Since(start).Milliseconds()))
		s.dirty = true
	}
}

// undo takes back the AI's reply and the player's move, so it is the
// player's turn again.
func (s *session) undo() {
	undone := 0
	for s.b.Moves() > 0 && (undone == 0 || s.b.ToMove() != s.human) {
		s.b.Undo()
		s.times = s.times[:len(s.times)-1]
		undone++
	}
	if undone == 0 {
		fmt.Fprintln(s.e.stdout, "nothing to undo")
	}
	s.dirty = undone > 0
}

// hint asks --hint's player for a move, made on the first hint, with
// ten seconds to answer.
func (s *session) hint() {
	if s.hinter == nil {
		h, err := player.New(s.o.hint, s.opt)
		if err != nil {
			fmt.Fprintf(s.e.stdout, "no hint: %v\n", err)
			return
		}
		s.hinter = h
	}
	hctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	cell, err := s.hinter.Move(hctx, s.b)
	cancel()
	if err != nil {
		fmt.Fprintf(s.e.stdout, "no hint: %v\n", err)
	} else {
		fmt.Fprintf(s.e.stdout, "hint (%s): %s\n", s.o.hint, game.FormatMove(cell, s.b.Size()))
	}
}

// showEnd draws the final board, the winning five bracketed, and says
// how the game ended.
func (s *session) showEnd() {
	w, b := s.e.stdout, s.b
	if line := b.WinningLine(); len(line) > 0 {
		drawBoard(w, b, line)
		var names []string
		for _, c := range line {
			names = append(names, game.FormatMove(c, b.Size()))
		}
		fmt.Fprintf(w, "Five in a row, in brackets: %s\n", strings.Join(names, " "))
	} else if s.dirty {
		drawBoard(w, b, lastMoveMark(b))
	}
	switch {
	case b.Winner() == s.human:
		fmt.Fprintln(w, "You win!")
	case b.Winner() != game.Empty:
		fmt.Fprintf(w, "%s wins.\n", s.o.vs)
	case b.Full():
		fmt.Fprintln(w, "Draw: the board is full.")
	case b.Stuck():
		fmt.Fprintln(w, "Draw: every empty cell is forbidden to black.")
	case s.interrupted:
		fmt.Fprintln(w, "Interrupted.")
	}
}

// save writes the game as a .psq record, unless no move was played.
func (s *session) save() error {
	if s.b.Moves() == 0 {
		fmt.Fprintln(s.e.stdout, "No moves: nothing to save.")
		return nil
	}
	rec := game.NewRecord(s.b, s.times)
	names := [2]string{"human", s.o.vs}
	rec.Levels = [2]int{0, 11}
	if s.human == game.White {
		names[0], names[1] = names[1], names[0]
		rec.Levels = [2]int{11, 0}
	}
	rec.Trailer = []string{names[0], names[1], "0"}
	// --force was checked before the game; a file that appeared since
	// is not replaced without it.
	if err := checkOut(s.out, s.o.force); err != nil {
		return fmt.Errorf("the game was not saved: %w", err)
	}
	if err := atomicfile.Write(s.out, rec.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(s.e.stdout, "Saved the game to %s\n", s.out)
	return nil
}

// checkOut reports why the record cannot be saved at path: its folder is
// missing or not writable, or a file is there and force is not given.
func checkOut(path string, force bool) error {
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return usagef("--out %s is a folder; give a file name such as %s", path, filepath.Join(path, "game.psq"))
	case err == nil && !force:
		return usagef("--out %s exists; add --force to replace it, or choose another name", path)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("--out: %w", err)
	}
	if err := atomicfile.CheckFolder(path); err != nil {
		return usagef("--out: %v", err)
	}
	// Prove the folder takes new files with a probe that is removed at
	// once, rather than find out after the game.
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".probe-*")
	if err != nil {
		return fmt.Errorf("--out: cannot write in %s: %w", filepath.Dir(path), atomicfile.Cause(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// lastMoveMark is the cells drawBoard brackets during a game: the last
// move, if any.
func lastMoveMark(b *game.Board) []int {
	if m := b.LastMove(); m >= 0 {
		return []int{m}
	}
	return nil
}

// drawBoard prints the board with coordinates: files a… along the top and
// bottom, rows numbered from the bottom on both sides, X for black, O for
// white, and the marked cells (the last move; the winning five at the
// end) in brackets, a run of marked cells in one row inside one pair.
func drawBoard(w io.Writer, b *game.Board, marked []int) {
	n := b.Size()
	mark := make([]bool, b.Cells())
	for _, c := range marked {
		mark[c] = true
	}
	var s strings.Builder
	files := "    "
	for x := 0; x < n; x++ {
		files += string(rune('a'+x)) + " "
	}
	s.WriteString(files + "\n")
	for y := 0; y < n; y++ {
		fmt.Fprintf(&s, "%2d ", n-y)
		for x := 0; x < n; x++ {
			i := b.Index(x, y)
			ch := "."
			switch b.At(i) {
			case game.Black:
				ch = "X"
			case game.White:
				ch = "O"
			}
			left := x > 0 && mark[i-1]
			switch {
			case mark[i] && !left:
				s.WriteString("[" + ch)
			case !mark[i] && left:
				s.WriteString("]" + ch)
			default:
				s.WriteString(" " + ch)
			}
		}
		if mark[b.Index(n-1, y)] {
			s.WriteString("]")
		} else {
			s.WriteString(" ")
		}
		fmt.Fprintf(&s, "%2d\n", n-y)
	}
	s.WriteString(files + "\n")
	io.WriteString(w, s.String())
}
