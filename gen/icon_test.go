package gen

import (
	"bytes"
	"image/png"
	"path/filepath"
	"testing"

	"github.com/mcgomoku/mcgomoku/internal/goldenfile"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/render"
)

// TestIcon: pack.png is a PNG of the pack's own board, the same bytes for
// the same config (pinned by testdata/icon7.png, which shows it), its
// frame, board and stones in their blocks' map colours.
func TestIcon(t *testing.T) {
	res := smallPack(t, 7, game.Freestyle, "greedy")
	data := res.Pack.Files["pack.png"]
	goldenfile.Check(t, filepath.Join("testdata", "icon7.png"), data, *update)
	again := smallPack(t, 7, game.Freestyle, "greedy")
	if !bytes.Equal(again.Pack.Files["pack.png"], data) {
		t.Error("two packs of the same config have different icons")
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if b.Dx() != b.Dy() || b.Dx() > iconSide || b.Dx() < iconSide/2 {
		t.Fatalf("icon is %v, want a square of at most %d pixels", b, iconSide)
	}
	p := res.Plan
	scale := iconSide / (p.Size + 3)
	// The centre of block column (x, z): the board starts after half a
	// block of margin and the frame.
	at := func(x, z int) (r, g, bl uint32) {
		px := scale/2 + (x+1)*scale + scale/2
		pz := scale/2 + (z+1)*scale + scale/2
		r, g, bl, _ = img.At(px+1, pz+1).RGBA() // off the grid lines
		return r >> 8, g >> 8, bl >> 8
	}
	for _, tt := range []struct {
		what  string
		x, z  int
		block string
	}{
		{"the frame", -1, -1, p.Pack.Frame},
		{"an empty cell", 0, p.Size - 1, p.Pack.Board},
		{"a white stone", 3, 2, p.Pack.White},
	} {
		c, _ := render.BlockColour(tt.block)
		want := c.RGBA(render.High)
		if r, g, bl := at(tt.x, tt.z); r != uint32(want.R) || g != uint32(want.G) || bl != uint32(want.B) {
			t.Errorf("%s at (%d, %d): #%02x%02x%02x, want %s's #%02x%02x%02x", tt.what, tt.x, tt.z, r, g, bl, tt.block, want.R, want.G, want.B)
		}
	}
	// The five is black's, its last stone marked.
	for _, tt := range []struct {
		x, z  int
		block string
	}{{1, 1, p.Pack.Black}, {5, 5, p.Pack.LastMove}} {
		c, _ := render.BlockColour(tt.block)
		want := c.RGBA(render.High)
		cx := scale/2 + (tt.x+1)*scale + scale/2
		cz := scale/2 + (tt.z+1)*scale + scale/2
		r, g, bl, _ := img.At(cx, cz).RGBA()
		if r>>8 != uint32(want.R) || g>>8 != uint32(want.G) || bl>>8 != uint32(want.B) {
			t.Errorf("(%d, %d): #%02x%02x%02x, want %s's #%02x%02x%02x", tt.x, tt.z, r>>8, g>>8, bl>>8, tt.block, want.R, want.G, want.B)
		}
	}
}
