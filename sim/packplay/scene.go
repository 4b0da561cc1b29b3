package packplay

import (
	"fmt"

	"github.com/mcgomoku/mcgomoku/sim/mcvm"
	"github.com/mcgomoku/mcgomoku/sim/render"
)

// Scene is what the world holds in Region: every block, and every block
// display standing there, for sim/render to draw.
func (g *Game) Scene() (*render.Scene, error) {
	m := g.m
	lo, hi := g.Region()
	s := &render.Scene{}
	for y := lo.Y; y <= hi.Y; y++ {
		for z := lo.Z; z <= hi.Z; z++ {
			for x := lo.X; x <= hi.X; x++ {
				s.AddBlock(int(x), int(y), int(z), m.Block(x, y, z))
			}
		}
	}
	for _, e := range m.Entities() {
		if e.Type() != "minecraft:block_display" || e.Dim != "minecraft:overworld" {
			continue
		}
		p := e.Pos
		if p.X < float64(lo.X) || p.X >= float64(hi.X)+1 || p.Y < float64(lo.Y) || p.Y >= float64(hi.Y)+1 ||
			p.Z < float64(lo.Z) || p.Z >= float64(hi.Z)+1 {
			continue
		}
		d, err := displayOf(e)
		if err != nil {
			return nil, err
		}
		s.AddDisplay([3]float64{p.X, p.Y, p.Z}, d.block, d.translation, d.scale)
	}
	return s, nil
}

type display struct {
	block              string
	translation, scale [3]float64
}

// displayOf reads a block display's block and transformation from its
// saved data.
func displayOf(e *mcvm.Entity) (display, error) {
	d := display{scale: [3]float64{1, 1, 1}}
	data := e.Data()
	bs, _ := data.Get("block_state").(*mcvm.Compound)
	if bs == nil {
		return d, fmt.Errorf("block display %v has no block_state", e.UUID)
	}
	name, _ := bs.Get("Name").(mcvm.String)
	d.block = string(name)
	tr, _ := data.Get("transformation").(*mcvm.Compound)
	if tr == nil {
		return d, fmt.Errorf("block display %v has no transformation compound", e.UUID)
	}
	for _, f := range []struct {
		key string
		dst *[3]float64
	}{{"translation", &d.translation}, {"scale", &d.scale}} {
		key, dst := f.key, f.dst
		l, _ := tr.Get(key).(*mcvm.List)
		if l == nil || len(l.V) != 3 {
			return d, fmt.Errorf("block display %v: transformation.%s is not three numbers", e.UUID, key)
		}
		for i, v := range l.V {
			f, ok := mcvm.Number(v)
			if !ok {
				return d, fmt.Errorf("block display %v: transformation.%s[%d] is not a number", e.UUID, key, i)
			}
			dst[i] = f
		}
	}
	return d, nil
}
