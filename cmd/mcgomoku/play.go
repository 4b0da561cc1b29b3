package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

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
}

func init() {
	register(&command{
		name:    "play",
		summary: "play Gomoku against an AI in the terminal; the game is saved as a .psq record",
		usage: `[--vs SPEC] [--colour black|white] [--size N] [--rule RULE] [--load FILE.psq] [--out FILE.psq]

Type moves as h8 (column letter, row from the bottom) or x,y. Commands:
undo (take back your last move and the reply), hint (ask --hint for a
move), quit. The game is saved as a Piskvork .psq record when it ends.`,
		flags: func(fs *pflag.FlagSet) func(e *env, args []string) error {
			o := &playOptions{}
			fs.StringVar(&o.vs, "vs", "greedy", "the opponent: any player spec")
			fs.StringVar(&o.hint, "hint", "search", "the player that gives hints")
			fs.StringVar(&o.colour, "colour", "black", "your colour: black (moves first) or white")
			fs.IntVar(&o.size, "size", game.DefaultSize, "board size, 5..25")
			fs.StringVar(&o.rule, "rule", "freestyle", "freestyle, standard or renju")
			fs.Int64Var(&o.seed, "seed", 0, "seed for the opponent's randomness (default: the clock)")
			fs.StringVar(&o.load, "load", "", "start from the position of a .psq record (its size is used)")
			fs.StringVar(&o.out, "out", "", "where to save the game (default: mcgomoku-DATE-TIME.psq in the current folder)")
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
		if o.size < game.MinSize || o.size > game.MaxSize {
			return usagef("--size %d is out of range %d..%d", o.size, game.MinSize, game.MaxSize)
		}
		b = game.MustBoard(o.size, rule)
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

	ctx := context.Background()
	in := bufio.NewScanner(e.stdin)
	times := make([]int, b.Moves())
	fmt.Fprintf(e.stdout, "You play %v against %s on %d×%d, %v rule. Type a move like h8, or help.\n", human, o.vs, b.Size(), b.Size(), rule)
	quit := false
	dirty := true // the board changed since it was last drawn
	for !b.Over() && !quit {
		if dirty {
			drawBoard(e.stdout, b)
			dirty = false
		}
		if b.ToMove() != human {
			start := time.Now()
			cell, err := ai.Move(ctx, b)
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
		fmt.Fprintf(e.stdout, "%v to move> ", human)
		start := time.Now()
		if !in.Scan() {
			fmt.Fprintln(e.stdout)
			break
		}
		line := strings.TrimSpace(in.Text())
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
	if dirty {
		drawBoard(e.stdout, b)
	}
	switch {
	case b.Winner() == human:
		fmt.Fprintln(e.stdout, "You win!")
	case b.Winner() != game.Empty:
		fmt.Fprintf(e.stdout, "%s wins.\n", o.vs)
	case b.Full():
		fmt.Fprintln(e.stdout, "Draw: the board is full.")
	}
	if b.Moves() == 0 {
		fmt.Fprintln(e.stdout, "No moves: nothing to save.")
		return nil
	}
	rec := game.NewRecord(b, times)
	names := [2]string{"human", o.vs}
	rec.Levels = [2]int{0, 11}
	if human == game.White {
		names[0], names[1] = names[1], names[0]
		rec.Levels = [2]int{11, 0}
	}
	rec.Trailer = []string{names[0], names[1], "0"}
	out := o.out
	if out == "" {
		out = "mcgomoku-" + time.Now().Format("20060102-150405") + ".psq"
	}
	if err := writeFileAtomic(out, rec.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "Saved the game to %s\n", out)
	return nil
}

// drawBoard prints the board with coordinates: files a… along the top and
// bottom, rows numbered from the bottom on both sides, X for black, O for
// white, and the last move in brackets.
func drawBoard(w io.Writer, b *game.Board) {
	n := b.Size()
	var s strings.Builder
	files := "    "
	for x := 0; x < n; x++ {
		files += string(rune('a'+x)) + " "
	}
	s.WriteString(files + "\n")
	last := b.LastMove()
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
			switch {
			case i == last:
				s.WriteString("[" + ch)
			case i-1 == last && x > 0:
				s.WriteString("]" + ch)
			default:
				s.WriteString(" " + ch)
			}
		}
		if last == b.Index(n-1, y) {
			s.WriteString("]")
		} else {
			s.WriteString(" ")
		}
		fmt.Fprintf(&s, "%2d\n", n-y)
	}
	s.WriteString(files + "\n")
	io.WriteString(w, s.String())
}
