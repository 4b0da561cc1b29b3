package render_test

import (
	"bytes"
	"encoding/xml"
	"flag"
	"image/color"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/gen"
	"github.com/mcgomoku/mcgomoku/internal/goldenfile"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
	"github.com/mcgomoku/mcgomoku/sim/render"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

func TestBlockColour(t *testing.T) {
	for _, tt := range []struct {
		block string
		want  render.MapColour
		known bool
	}{
		{"minecraft:black_concrete", render.ColourBlack, true},
		{"white_concrete", render.Snow, true},
		{"minecraft:birch_planks", render.Sand, true},
		{"minecraft:dark_oak_planks", render.ColourBrown, true},
		{"minecraft:gold_block", render.Gold, true},
		{"minecraft:redstone_block", render.Fire, true},
		{"minecraft:light_blue_wool", render.ColourLightBlue, true},
		{"minecraft:cyan_terracotta", render.TerracottaCyan, true},
		{"minecraft:terracotta", render.ColourOrange, true},
		{"minecraft:oak_log[axis=y]", render.Wood, true},
		{"minecraft:oak_log[axis=x]", render.Podzol, true},
		{"minecraft:stripped_spruce_log[axis=z]", render.Podzol, true},
		{"minecraft:oak_stairs[facing=east,half=bottom]", render.Wood, true},
		{"minecraft:chest[facing=north]{Items:[]}", render.Wood, true},
		{"minecraft:air", render.None, true},
		{"minecraft:grass_block[snowy=false]", render.Grass, true},
		{"minecraft:sculk_catalyst", render.Stone, false},
	} {
		got, known := render.BlockColour(tt.block)
		if got != tt.want || known != tt.known {
			t.Errorf("%s: colour %d (known %v), want %d (%v)", tt.block, got, known, tt.want, tt.known)
		}
	}
	// The game's own numbers: COLOR_BLACK is 0x191919, its shades scale
	// each channel by 180, 220, 255 and 135 out of 255.
	if c := render.ColourBlack.RGBA(render.High); c != (color.RGBA{0x19, 0x19, 0x19, 0xff}) {
		t.Errorf("black, high: %v", c)
	}
	if c := render.Snow.RGBA(render.Low); c != (color.RGBA{180, 180, 180, 0xff}) {
		t.Errorf("snow, low: %v", c)
	}
	if c := render.None.RGBA(render.High); c.A != 0 {
		t.Errorf("none is not transparent: %v", c)
	}
}

// TestDrawScene: a small scene of two blocks and a thin display, pinned
// as SVG (testdata/scene-*.svg); the PNG of the top view shows each box
// where it stands, and the display above the block it lies on.
func TestDrawScene(t *testing.T) {
	var s render.Scene
	s.AddBlock(0, 0, 0, "minecraft:birch_planks")
	s.AddBlock(1, 0, 0, "minecraft:black_concrete")
	s.AddBlock(0, 0, 1, "minecraft:mystery_block")
	s.AddDisplay([3]float64{0, 1, 0}, "minecraft:gold_block", [3]float64{0.25, 0.001, 0.25}, [3]float64{0.5, 0.01, 0.5})
	if len(s.Unknown) != 1 || s.Unknown[0] != "minecraft:mystery_block" {
		t.Errorf("unknown blocks %v", s.Unknown)
	}
	for _, v := range []render.View{render.Top, render.Iso} {
		pic := render.Draw(&s, v, 10)
		var svg bytes.Buffer
		if err := pic.WriteSVG(&svg); err != nil {
			t.Fatal(err)
		}
		if err := xml.Unmarshal(svg.Bytes(), new(struct{})); err != nil {
			t.Errorf("%v: the SVG is not XML: %v", v, err)
		}
		polys := strings.Count(svg.String(), "<polygon ")
		if want := map[render.View]int{render.Top: 4, render.Iso: 12}[v]; polys != want {
			t.Errorf("%v: %d polygons, want %d", v, polys, want)
		}
		golden(t, filepath.Join("testdata", "scene-"+v.String()+".svg"), svg.Bytes())
	}
	img := render.Draw(&s, render.Top, 10).Image()
	// Half a block of margin: block (x, z) covers pixels 5+10x .. 15+10x.
	for _, tt := range []struct {
		x, y int
		want render.MapColour
	}{
		{6, 6, render.Sand}, {10, 10, render.Gold}, {17, 7, render.ColourBlack}, {7, 17, render.Stone},
	} {
		if got := img.RGBAAt(tt.x, tt.y); got != tt.want.RGBA(render.High) {
			t.Errorf("pixel (%d, %d): %v, want %v", tt.x, tt.y, got, tt.want.RGBA(render.High))
		}
	}
	if got := img.RGBAAt(17, 17); got.A != 0 {
		t.Errorf("the empty corner is painted: %v", got)
	}
}

// TestDrawRefusesNoSize: a scale that is no size (NaN, infinite, zero)
// draws nothing its writers will write, instead of a panic or an SVG of
// NaN coordinates.
func TestDrawRefusesNoSize(t *testing.T) {
	var s render.Scene
	s.AddBlock(0, 0, 0, "minecraft:birch_planks")
	for _, scale := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, -3} {
		for _, v := range []render.View{render.Top, render.Iso} {
			pic := render.Draw(&s, v, scale)
			var buf bytes.Buffer
			if err := pic.WriteSVG(&buf); err == nil || buf.Len() != 0 {
				t.Errorf("%v, scale %v: WriteSVG wrote %d bytes, err %v", v, scale, buf.Len(), err)
			}
			if err := pic.WritePNG(&buf); err == nil || !strings.Contains(err.Error(), "scale") {
				t.Errorf("%v, scale %v: WritePNG err %v", v, scale, err)
			}
			if b := pic.Image().Bounds(); !b.Empty() {
				t.Errorf("%v, scale %v: image %v", v, scale, b)
			}
		}
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	goldenfile.Check(t, path, got, *update)
}

// TestRenderPlayedGame: a game played in the interpreter, drawn from
// above, shows on every cell what the board holds there: the stone's
// block, or the board's, under the grid and the markers.
func TestRenderPlayedGame(t *testing.T) {
	cfg := config.Default()
	cfg.Game.Size = 7
	in, err := gen.FromConfig(cfg, "greedy")
	if err != nil {
		t.Fatal(err)
	}
	res, err := gen.Generate(in, gen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := packplay.Open(res.Pack, packplay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Start(packplay.ModePvP, game.Empty); err != nil {
		t.Fatal(err)
	}
	for _, s := range strings.Fields("d4 e5 c3 e4 b2") {
		mv, _ := game.ParseMove(s, 7)
		if ok, why, err := g.Click(mv); err != nil || !ok {
			t.Fatalf("%s: %v %s", s, err, why)
		}
	}
	scene, err := g.Scene()
	if err != nil {
		t.Fatal(err)
	}
	if len(scene.Unknown) > 0 {
		t.Errorf("blocks of the default pack without a colour: %v", scene.Unknown)
	}
	const scale = 12
	img := render.Draw(scene, render.Top, scale).Image()
	if w := img.Bounds().Dx(); w != (7+3)*scale {
		t.Errorf("picture %d pixels wide, want the board, its frame and a margin: %d", w, (7+3)*scale)
	}
	colour := func(block string) color.RGBA {
		c, _ := render.BlockColour(block)
		return c.RGBA(render.High)
	}
	b := g.Board()
	last := b.LastMove()
	for i := 0; i < b.Cells(); i++ {
		x, z := b.XY(i)
		// Off the cell's centre (the last-move marker) and its grid lines.
		px, pz := scale/2+(x+1)*scale+3, scale/2+(z+1)*scale+3
		want := colour(cfg.Pack.Board)
		switch b.At(i) {
		case game.Black:
			want = colour(cfg.Pack.Black)
		case game.White:
			want = colour(cfg.Pack.White)
		}
		if got := img.RGBAAt(px, pz); got != want {
			t.Errorf("cell %s: %v, want %v", game.FormatMove(i, 7), got, want)
		}
		if i == last {
			cx, cz := scale/2+(x+1)*scale+scale/2, scale/2+(z+1)*scale+scale/2
			if got := img.RGBAAt(cx, cz); got != colour(cfg.Pack.LastMove) {
				t.Errorf("the last move %s: %v at its centre, want the marker's %v", game.FormatMove(i, 7), got, colour(cfg.Pack.LastMove))
			}
		}
	}
	if got := img.RGBAAt(scale/2+2, scale/2+2); got != colour(cfg.Pack.Frame) {
		t.Errorf("the frame's corner: %v, want %v", got, colour(cfg.Pack.Frame))
	}
}

// FuzzBlockColour: any block string gets a colour without a panic, the
// same with or without the namespace and states, and a colour the game has.
func FuzzBlockColour(f *testing.F) {
	for _, s := range []string{"minecraft:oak_log[axis=x]", "white_concrete", "stripped_", "minecraft:", "[", "{}", "lime_candle[lit=true]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, known := render.BlockColour(s)
		if c < render.None || c > render.GlowLichen {
			t.Fatalf("%q: colour %d is not one of the game's", s, c)
		}
		if !known && c != render.Stone {
			t.Fatalf("%q: unknown but coloured %d", s, c)
		}
		if !strings.ContainsAny(s, "[{") && !strings.HasPrefix(s, "minecraft:") {
			if c2, k2 := render.BlockColour("minecraft:" + s); c2 != c || k2 != known {
				t.Fatalf("%q: %d %v, with the namespace %d %v", s, c, known, c2, k2)
			}
		}
	})
}
