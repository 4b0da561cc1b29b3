package mcvm

import (
	"sort"
	"strings"
)

// BlockPos is an integer block position.
type BlockPos struct{ X, Y, Z int32 }

type chunkPos struct{ x, z int32 }

func (p BlockPos) chunk() chunkPos { return chunkPos{p.X >> 4, p.Z >> 4} }

// blockState is a placed block: its id, the properties given explicitly
// (mcvm does not know the game's default states), and block entity NBT if
// some was given.
type blockState struct {
	id    string            // "minecraft:stone"
	props map[string]string // explicit properties only
	nbt   *Compound
}

func (b blockState) String() string {
	if len(b.props) == 0 {
		return b.id
	}
	keys := make([]string, 0, len(b.props))
	for k := range b.props {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var sb strings.Builder
	sb.WriteString(b.id)
	sb.WriteByte('[')
	for i, k := range keys {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(k)
		sb.WriteByte('=')
		sb.WriteString(b.props[k])
	}
	sb.WriteByte(']')
	return sb.String()
}

func (b blockState) equal(o blockState) bool {
	if b.id != o.id || len(b.props) != len(o.props) {
		return false
	}
	for k, v := range b.props {
		if o.props[k] != v {
			return false
		}
	}
	return tagEqual(nilIfEmpty(b.nbt), nilIfEmpty(o.nbt))
}

func nilIfEmpty(c *Compound) Tag {
	if c == nil {
		return nil
	}
	return c
}

var airBlock = blockState{id: "minecraft:air"}

// dimension holds one dimension's blocks and forced chunks.
type dimension struct {
	name   string
	minY   int32
	maxY   int32 // exclusive
	blocks map[BlockPos]blockState
	forced map[chunkPos]bool
}

var dimensionHeights = map[string][2]int32{
	"minecraft:overworld":  {-64, 320},
	"minecraft:the_nether": {0, 256},
	"minecraft:the_end":    {0, 256},
}

func newDimension(name string) *dimension {
	h := dimensionHeights[name]
	return &dimension{name: name, minY: h[0], maxY: h[1], blocks: map[BlockPos]blockState{}, forced: map[chunkPos]bool{}}
}

func (d *dimension) inWorld(p BlockPos) bool {
	return p.Y >= d.minY && p.Y < d.maxY && p.X >= -30000000 && p.X < 30000000 && p.Z >= -30000000 && p.Z < 30000000
}

func (d *dimension) block(p BlockPos) blockState {
	if b, ok := d.blocks[p]; ok {
		return b
	}
	return airBlock
}

func (d *dimension) set(p BlockPos, b blockState) {
	if b.id == "minecraft:air" && len(b.props) == 0 && b.nbt == nil {
		delete(d.blocks, p)
		return
	}
	d.blocks[p] = b
}

// chunkLoaded reports whether a chunk is loaded: forced, or within the
// view distance of a player in that dimension.
func (m *Machine) chunkLoaded(dim string, c chunkPos) bool {
	// The players first: a few comparisons, where the forced set is two
	// map look-ups, and selectors ask this for every entity they scan.
	for _, p := range m.players {
		if p.entity.Dim != dim {
			continue
		}
		pc := chunkPos{floorDiv16(p.entity.Pos.X), floorDiv16(p.entity.Pos.Z)}
		if abs32(pc.x-c.x) <= m.opts.ViewDistance && abs32(pc.z-c.z) <= m.opts.ViewDistance {
			return true
		}
	}
	d := m.dims[dim]
	return d != nil && d.forced[c]
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// entityLoaded reports whether selectors can see e.
func (m *Machine) entityLoaded(e *Entity) bool {
	if e.removed {
		return false
	}
	if e.player != nil {
		return true
	}
	return m.chunkLoaded(e.Dim, chunkPos{floorDiv16(e.Pos.X), floorDiv16(e.Pos.Z)})
}

// moved updates the entity's section after a position change; entering a
// new section puts it last in that section's iteration order.
func (m *Machine) moved(e *Entity) {
	sx, sy, sz := floorDiv16(e.Pos.X), floorDiv16(e.Pos.Y), floorDiv16(e.Pos.Z)
	if sx != e.secX || sy != e.secY || sz != e.secZ || e.secSeq == 0 {
		e.secX, e.secY, e.secZ = sx, sy, sz
		m.secSeq++
		e.secSeq = m.secSeq
	}
}

// sectionLess orders entities as EntitySectionStorage iterates sections for
// a box query: by section x, then section z and y as the unsigned bit
// fields of SectionPos.asLong, then by entry order within the section.
func sectionLess(a, b *Entity) bool {
	if a.secX != b.secX {
		return a.secX < b.secX
	}
	az, bz := uint32(a.secZ)&0x3FFFFF, uint32(b.secZ)&0x3FFFFF
	if az != bz {
		return az < bz
	}
	ay, by := uint32(a.secY)&0xFFFFF, uint32(b.secY)&0xFFFFF
	if ay != by {
		return ay < by
	}
	return a.secSeq < b.secSeq
}
