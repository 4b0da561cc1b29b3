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
	if len(args) > 0 {
		return usagef("play takes no arguments, got %q", args)
	}
	rule, err := game.ParseRule(o.rule)
	if err != nil {
		return usagef("%v", err)
	}
	human, err := game.ParseColour(o.colour)
	if err != nil {
		return usagef("--colour: %v", err)
	}
	if err := player.CheckSpec(o.vs); err != nil {
		return usagef("--vs: %v", err)
	}
	if err := player.CheckSpec(o.hint); err != nil {
		return usagef("--hint: %v", err)
	}
	if o.load == "" && (o.size < game.MinSize || o.size > game.MaxSize) {
		return usagef("--size %d is out of range %d..%d", o.size, game.MinSize, game.MaxSize)
	}
	var b *game.Board
	if o.load != "" {
		f, err := os.Open(o.load)
		if err != nil {
			return err
		}
		rec, err := game.ReadPSQ(f, o.load)
		f.Close()
		if err != nil {
			return err
		}
		if b, err = rec.Board(rule); err != nil {
			return fmt.Errorf("%s: %w", o.load, err)
		}
	} else {
		b = game.MustBoard(o.size, rule)
	}
	out := o.out
	if out == "" {
		out = "mcgomoku-" + time.Now().Format("20060102-150405") + ".psq"
	}
	// A game is too much to lose to a typo: the record's place is
	// checked before the first move.
	if err := checkOut(out, o.force); err != nil {
		return err
	}
	seed := o.seed
	if seed == 0 {
		seed = time.Now().UnixNano()
	}
	opt := player.Options{Size: b.Size(), Rule: rule, Seed: seed}
	ai, err := player.New(o.vs, opt)
	if err != nil {
		return err
	}
	if c, ok := ai.(player.Closer); ok {
		defer c.Close()
	}
	var hinter player.Player // made on the first hint
	defer func() {
		if c, ok := hinter.(player.Closer); ok {
			c.Close()
		}
	}()

	// Ctrl-C ends the game and saves it: moves are read in the background
	// so the wait for one can be interrupted.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	lines := make(chan string)
	go func() {
		defer close(lines)
		in := bufio.NewScanner(e.stdin)
		for in.Scan() {
			select {
			case lines <- in.Text():
			case <-ctx.Done():
				return
			}
		}
	}()
	times := make([]int, b.Moves())
	fmt.Fprintf(e.stdout, "You play %v against %s on %d×%d, %v rule. Type a move like h8, or help.\n", human, o.vs, b.Size(), b.Size(), rule)
	quit, interrupted := false, false
	dirty := true // the board changed since it was last drawn
	for !b.Over() && !quit && !interrupted {
		if b.ToMove() != human {
			start := time.Now()
			cell, err := ai.Move(ctx, b)
			if ctx.Err() != nil {
				interrupted = true
				break
			}
			if err == nil {
				err = b.Legal(cell)
			}
			if err != nil {
				fmt.Fprintf(e.stdout, "%s failed to move (%v): you win by forfeit.\n", o.vs, err)
				break
			}
			b.Play(cell)
			times = append(times, int(time.Since(start).Milliseconds()))
			fmt.Fprintf(e.stdout, "%s plays %s\n", o.vs, game.FormatMove(cell, b.Size()))
			dirty = true
			continue
		}
		// One board per turn: drawn when it is the player's move, after
		// the reply, not after the player's own move too.
		if dirty {
			drawBoard(e.stdout, b, lastMoveMark(b))
			dirty = false
		}
		fmt.Fprintf(e.stdout, "%v to move> ", human)
		start := time.Now()
		var line string
		select {
		case l, ok := <-lines:
			if !ok {
				fmt.Fprintln(e.stdout)
				quit = true
				continue
			}
			line = strings.TrimSpace(l)
		case <-ctx.Done():
			fmt.Fprintln(e.stdout)
			interrupted = true
			continue
		}
		switch strings.ToLower(line) {
		case "":
			continue
		case "q", "quit", "exit":
			quit = true
		case "?", "help":
			fmt.Fprintln(e.stdout, "moves: h8 or 7,7 (x,y from the top left, 0-based); commands: undo, hint, quit")
		case "u", "undo":
			// Take back the AI's reply and your move, so it is your turn
			// again.
			undone := 0
			for b.Moves() > 0 && (undone == 0 || b.ToMove() != human) {
				b.Undo()
				times = times[:len(times)-1]
				undone++
			}
			if undone == 0 {
				fmt.Fprintln(e.stdout, "nothing to undo")
			}
			dirty = undone > 0
		case "h", "hint":
			if hinter == nil {
				if hinter, err = player.New(o.hint, opt); err != nil {
					fmt.Fprintf(e.stdout, "no hint: %v\n", err)
					hinter = nil
					continue
				}
			}
			hctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			cell, err := hinter.Move(hctx, b)
			cancel()
			if err != nil {
				fmt.Fprintf(e.stdout, "no hint: %v\n", err)
			} else {
				fmt.Fprintf(e.stdout, "hint (%s): %s\n", o.hint, game.FormatMove(cell, b.Size()))
			}
		default:
			cell, err := game.ParseMove(line, b.Size())
			if err == nil {
				err = b.Play(cell)
			}
			if err != nil {
				fmt.Fprintf(e.stdout, "%v\n", err)
				continue
			}
			times = append(times, int(time.Since(start).Milliseconds()))
			dirty = true
		}
	}
	if line := b.WinningLine(); len(line) > 0 {
		drawBoard(e.stdout, b, line)
		var names []string
		for _, c := range line {
			names = append(names, game.FormatMove(c, b.Size()))
		}
		fmt.Fprintf(e.stdout, "Five in a row, in brackets: %s\n", strings.Join(names, " "))
	} else if dirty {
		drawBoard(e.stdout, b, lastMoveMark(b))
	}
	switch {
	case b.Winner() == human:
		fmt.Fprintln(e.stdout, "You win!")
	case b.Winner() != game.Empty:
		fmt.Fprintf(e.stdout, "%s wins.\n", o.vs)
	case b.Full():
		fmt.Fprintln(e.stdout, "Draw: the board is full.")
	case interrupted:
		fmt.Fprintln(e.stdout, "Interrupted.")
	}
	if b.Moves() == 0 {
		fmt.Fprintln(e.stdout, "No moves: nothing to save.")
	} else {
		rec := game.NewRecord(b, times)
		names := [2]string{"human", o.vs}
		rec.Levels = [2]int{0, 11}
		if human == game.White {
			names[0], names[1] = names[1], names[0]
			rec.Levels = [2]int{11, 0}
		}
		rec.Trailer = []string{names[0], names[1], "0"}
		// --force was checked before the game; a file that appeared since
		// is not replaced without it.
		if err := checkOut(out, o.force); err != nil {
			return fmt.Errorf("the game was not saved: %w", err)
		}
		if err := atomicfile.Write(out, rec.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "Saved the game to %s\n", out)
	}
	if interrupted {
		return errInterrupted
	}
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
