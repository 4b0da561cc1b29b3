package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/mcgomoku/mcgomoku/gen"
	"github.com/mcgomoku/mcgomoku/internal/atomicfile"
	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
	"github.com/mcgomoku/mcgomoku/sim/render"
)

// renderOptions are the flags of "mcgomoku render".
type renderOptions struct {
	config, ai string
	moves, psq string
	demo       bool
	view       string
	scale      float64
	out        string
}

func init() {
	register(&command{
		name:    "render",
		summary: "draw the board as the pack builds and plays it in the interpreter, to PNG or SVG",
		usage: `--out FILE.png|FILE.svg [--config FILE] [--ai greedy|seed000|lookahead] [--moves "h8 h9 …" | --psq FILE] [--demo] [--view top|iso]

The pack is generated from the config, loaded into the interpreter, a
board is built with gomoku:new, and the moves are played on it: clicked
as two players would (--moves, --psq), and with --demo the pack's AI then
plays both sides to the end of the game. What the world then holds, the
blocks and block displays of the board, is drawn in the game's map
colours, from above or in an isometric view.`,
		flags: func(fs *pflag.FlagSet) func(e *env, args []string) error {
			o := &renderOptions{}
			fs.StringVar(&o.config, "config", "", "TOML config (default: mcgomoku gen's, the built-in examples/tuned.toml)")
			fs.StringVar(&o.ai, "ai", "", "the AI compiled into the pack: greedy, seed000 or lookahead (default: the config's ai.profile)")
			fs.StringVar(&o.moves, "moves", "", "moves to play first, in h8 or x,y notation, separated by spaces")
			fs.StringVar(&o.psq, "psq", "", "play the moves of this .psq game record first")
			fs.BoolVar(&o.demo, "demo", false, "then let the pack's AI play both sides until the game ends")
			fs.StringVar(&o.view, "view", "iso", "top (from above) or iso (isometric)")
			fs.Float64Var(&o.scale, "scale", 16, "pixels per block")
			fs.StringVar(&o.out, "out", "", "the picture to write, .png or .svg (required)")
			return o.run
		},
	})
}

func (o *renderOptions) run(e *env, args []string) error {
	view, err := render.ParseView(o.view)
	switch {
	case len(args) > 0:
		return usagef("unexpected argument %q", args[0])
	case o.out == "":
		return usagef("--out is required (a .png or .svg file)")
	case err != nil:
		return usagef("--view: %v", err)
	case !(o.scale >= 1 && o.scale <= 256): // NaN fails every comparison
		return usagef("--scale %g: want 1..256 pixels per block", o.scale)
	case o.moves != "" && o.psq != "":
		return usagef("give --moves or --psq, not both")
	}
	ext := strings.ToLower(filepath.Ext(o.out))
	if ext != ".png" && ext != ".svg" {
		return usagef("--out %s: want a .png or .svg file", o.out)
	}
	switch o.ai {
	case "", "greedy", "seed000", "lookahead":
	default:
		return usagef("unknown --ai %q (want greedy, seed000 or lookahead)", o.ai)
	}
	if err := checkOutputs(output{flag: "out", path: o.out}); err != nil {
		return err
	}
	in, err := gen.Load(o.config, o.ai)
	if err != nil {
		return err
	}
	res, err := gen.Generate(in, gen.Options{})
	if err != nil {
		return err
	}
	size := in.Config.Game.Size
	var moves []int
	switch {
	case o.moves != "":
		for _, s := range strings.FieldsFunc(o.moves, func(r rune) bool { return r == ' ' }) {
			mv, err := game.ParseMove(s, size)
			if err != nil {
				return usagef("--moves: %v", err)
			}
			moves = append(moves, mv)
		}
	case o.psq != "":
		data, err := os.ReadFile(o.psq)
		if err != nil {
			return err
		}
		rec, err := game.ParsePSQ(data, o.psq)
		if err != nil {
			return err
		}
		if rec.Size != size {
			return fmt.Errorf("%s: a %d×%d game, but the pack's board is %d×%d", o.psq, rec.Size, rec.Size, size, size)
		}
		for _, m := range rec.Moves {
			moves = append(moves, m.Cell)
		}
	}
	g, err := packplay.Open(res.Pack, packplay.Options{MaxTicks: 4 * (size*size + 200)})
	if err != nil {
		return err
	}
	mode := packplay.ModePvP
	if o.demo {
		mode = packplay.ModeDemo
	}
	if err := g.Start(mode, game.Empty); err != nil {
		return err
	}
	for k, mv := range moves {
		what := fmt.Sprintf("move %d, %s", k+1, game.FormatMove(mv, size))
		if g.Board().Over() {
			return fmt.Errorf("%s: the game is already over", what)
		}
		if o.demo {
			err = g.Place(mv)
		} else {
			var ok bool
			var why string
			if ok, why, err = g.Click(mv); err == nil && !ok {
				err = fmt.Errorf("the pack refused it: %s", why)
			}
		}
		if err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
	}
	for o.demo && !g.Board().Over() {
		if _, _, err := g.AIMove(); err != nil {
			return err
		}
	}
	scene, err := g.Scene()
	if err != nil {
		return err
	}
	pic := render.Draw(scene, view, o.scale)
	var buf bytes.Buffer
	if ext == ".svg" {
		err = pic.WriteSVG(&buf)
	} else {
		err = pic.WritePNG(&buf)
	}
	if err != nil {
		return err
	}
	if err := atomicfile.Write(o.out, buf.Bytes()); err != nil {
		return err
	}
	b := g.Board()
	state := "in play"
	switch {
	case b.Winner() != game.Empty:
		state = b.Winner().String() + " won"
	case b.Over():
		state = "drawn"
	}
	fmt.Fprintf(e.stdout, "wrote %s (%s view, %d×%d pixels): %d×%d %v, %d moves, %s\n", o.out, view, pic.Width, pic.Height, size, size, in.Config.Game.Rule, b.Moves(), state)
	if len(scene.Unknown) > 0 {
		fmt.Fprintf(e.stderr, "warning: no map colour known for %s; drawn as stone\n", strings.Join(scene.Unknown, ", "))
	}
	return nil
}

// worldPictures draws games as the default pack builds them: one pack
// for the match's board, loaded into the interpreter once, each game
// played on it by clicks as two players would.
type worldPictures struct {
	g *packplay.Game
}

func newWorldPictures(size int, rule game.Rule) (*worldPictures, error) {
	in, err := gen.Load("", "")
	if err != nil {
		return nil, err
	}
	in.Config.Game.Size, in.Config.Game.Rule = size, rule
	if in, err = gen.FromConfig(in.Config, ""); err != nil {
		return nil, err
	}
	res, err := gen.Generate(in, gen.Options{})
	if err != nil {
		return nil, err
	}
	g, err := packplay.Open(res.Pack, packplay.Options{})
	if err != nil {
		return nil, err
	}
	return &worldPictures{g: g}, nil
}

// svg plays the game's moves and draws the board in an isometric view.
func (w *worldPictures) svg(ga *arena.Game) (string, error) {
	if err := w.g.Start(packplay.ModePvP, game.Empty); err != nil {
		return "", err
	}
	for k, mv := range ga.Moves {
		if ok, why, err := w.g.Click(mv); err != nil || !ok {
			return "", fmt.Errorf("move %d, %s: the pack refused it: %v%s", k+1, game.FormatMove(mv, w.g.Size), err, why)
		}
	}
	scene, err := w.g.Scene()
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := render.Draw(scene, render.Iso, 8).WriteSVG(&buf); err != nil {
		return "", err
	}
	return buf.String(), nil
}
