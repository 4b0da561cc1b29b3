package render

import (
	"math"
	"slices"
	"strings"
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
		if i := strings.IndexAny(id, "[{"); i >= 0 {
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
