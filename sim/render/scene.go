package render

import (
	"fmt"
	"math"
	"slices"

	"github.com/mcgomoku/mcgomoku/sim/mcvm"
)

// Box is an axis-aligned box in world coordinates with the map colour of
// what fills it: a block is a unit box, a block display its block's unit
// box scaled and moved by its transformation.
type Box struct {
	Min, Max [3]float64 // x, y, z
	Colour   MapColour
}

// Scene is what to draw: boxes, and the blocks whose map colour the table
// did not know (drawn as stone), so a caller can say so.
type Scene struct {
	Boxes   []Box
	Unknown []string
}

// AddBlock adds the block at (x, y, z); air and other blocks without a
// colour add nothing.
func (s *Scene) AddBlock(x, y, z int, block string) {
	s.add([3]float64{float64(x), float64(y), float64(z)}, [3]float64{1, 1, 1}, block)
}

// AddDisplay adds a block display at pos showing block, its unit box
// scaled by scale and then moved by translation (the rotations identity,
// as the pack's displays have them).
func (s *Scene) AddDisplay(pos [3]float64, block string, translation, scale [3]float64) {
	var min [3]float64
	for i := range min {
		min[i] = pos[i] + translation[i]
	}
	s.add(min, scale, block)
}

func (s *Scene) add(min, size [3]float64, block string) {
	c, ok := BlockColour(block)
	if !ok {
		id := block
		if i := indexAny(id, "[{"); i >= 0 {
			id = id[:i]
		}
		if !slices.Contains(s.Unknown, id) {
			s.Unknown = append(s.Unknown, id)
			slices.Sort(s.Unknown)
		}
	}
	if c == None {
		return
	}
	b := Box{Colour: c}
	for i := range min {
		lo, hi := min[i], min[i]+size[i]
		b.Min[i], b.Max[i] = math.Min(lo, hi), math.Max(lo, hi)
	}
	s.Boxes = append(s.Boxes, b)
}

func indexAny(s, chars string) int {
	for i, r := range s {
		for _, c := range chars {
			if r == c {
				return i
			}
		}
	}
	return -1
}

// FromMachine reads the interpreter's overworld between lo and hi
// (inclusive): every block, and every block display standing in that
// space.
func FromMachine(m *mcvm.Machine, lo, hi mcvm.BlockPos) (*Scene, error) {
	if lo.X > hi.X || lo.Y > hi.Y || lo.Z > hi.Z {
		return nil, fmt.Errorf("render: empty region %v..%v", lo, hi)
	}
	s := &Scene{}
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
		return d, fmt.Errorf("render: block display %v has no block_state", e.UUID)
	}
	name, _ := bs.Get("Name").(mcvm.String)
	d.block = string(name)
	tr, _ := data.Get("transformation").(*mcvm.Compound)
	if tr == nil {
		return d, fmt.Errorf("render: block display %v has no transformation compound", e.UUID)
	}
	for key, dst := range map[string]*[3]float64{"translation": &d.translation, "scale": &d.scale} {
		l, _ := tr.Get(key).(*mcvm.List)
		if l == nil || len(l.V) != 3 {
			return d, fmt.Errorf("render: block display %v: transformation.%s is not three numbers", e.UUID, key)
		}
		for i, v := range l.V {
			f, ok := mcvm.Number(v)
			if !ok {
				return d, fmt.Errorf("render: block display %v: transformation.%s[%d] is not a number", e.UUID, key, i)
			}
			dst[i] = f
		}
	}
	return d, nil
}
