package gen

import (
	"bytes"

	"github.com/mcgomoku/mcgomoku/sim/render"
)

// iconSide is the most pixels a side of pack.png may have: the game shows
// the icon at 64 pixels or so, and the file stays a few kilobytes.
const iconSide = 128

// icon draws pack.png: the pack's own board, frame, grid and stones
// seen from above as sim/render draws a world, with black's five on the
// diagonal through the centre (the last stone marked) and white's stones
// beside it. The winning plates are left out: they cover the stones, and
// at an icon's size black on the board reads better. The same plan gives
// the same bytes.
func icon(p *Plan) ([]byte, error) {
	var s render.Scene
	n := p.Size
	for z := -1; z <= n; z++ {
		for x := -1; x <= n; x++ {
			block := p.Pack.Board
			if x < 0 || z < 0 || x == n || z == n {
				block = p.Pack.Frame
			}
			s.AddBlock(x, 0, z, block)
		}
	}
	for _, g := range p.Grid {
		s.AddDisplay([3]float64{float64(g.X), 1, float64(g.Z)}, p.Pack.Grid, [3]float64{g.TX, 0.001, g.TZ}, [3]float64{g.SX, 0.01, g.SZ})
	}
	// The five runs from two cells up-left of the centre to two down-right
	// (on 5×5, corner to corner); white answered on the cells above it.
	c := (n - 1) / 2
	var five [][2]int
	for k := -2; k <= 2; k++ {
		five = append(five, [2]int{c + k, c + k})
	}
	for _, w := range [][2]int{{c - 1, c - 2}, {c, c - 1}, {c + 1, c}, {c + 2, c + 1}} {
		if w[0] >= 0 && w[1] >= 0 && w[0] < n && w[1] < n {
			s.AddBlock(w[0], 0, w[1], p.Pack.White)
		}
	}
	for _, b := range five {
		s.AddBlock(b[0], 0, b[1], p.Pack.Black)
	}
	// The last-move marker, as cell/mark summons it.
	last := five[len(five)-1]
	s.AddDisplay([3]float64{float64(last[0]), 1, float64(last[1])}, p.Pack.LastMove, [3]float64{0.375, 0.03125, 0.375}, [3]float64{0.25, 0.09375, 0.25})
	scale := float64(iconSide / (n + 3)) // the board, its frame and half a block of margin each side
	var buf bytes.Buffer
	if err := render.Draw(&s, render.Top, scale).WritePNG(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
