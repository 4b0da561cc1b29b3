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

// chunkLoaded reports whether a chunk is loaded: forced, within the
// view distance of a player in that dimension, or a spawn chunk of a
// release that has them.
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
	if m.spawnChunk(dim, c) {
		return true
	}
	d := m.dims[dim]
	return d != nil && d.forced[c]
}

// spawnChunk reports whether c is one of the overworld's spawn chunks.
//
// Releases before 1.21.9 keep a ticket on the world spawn's chunk whose
// level gives the chunks within spawnChunkRadius−1 of it entity-ticking
// status: all of the game, entities included (3×3 chunks at the default
// radius 2, the default since 1.20.5; 0 keeps none). The ring beyond is
// ticking and border chunks, which keep blocks but no entities; mcvm
// has one notion of loaded (blocks and entities), so it keeps the
// entity-ticking area only. [WIKI Spawn chunk]; the game rule's range
// 0–32 is 1.21.5's commands.json. 1.21.9 (snapshot 25w31a) removed spawn
// chunks and the rule: 1.21.11's commands.json has no spawnChunkRadius
// [WIKI Java Edition 1.21.9; MCD 1.21.5 vs 1.21.11].
func (m *Machine) spawnChunk(dim string, c chunkPos) bool {
	if dim != "minecraft:overworld" || !m.hasSpawnChunks() {
		return false
	}
	r := int32(m.rules.v[spawnChunkRule])
	if r <= 0 {
		return false
	}
	sp := m.opts.WorldSpawn.chunk()
	return abs32(sp.x-c.x) <= r-1 && abs32(sp.z-c.z) <= r-1
}

// hasSpawnChunks reports whether the emulated release keeps spawn chunks
// loaded (1.21.5 … 1.21.8).
func (m *Machine) hasSpawnChunks() bool {
	v, _ := parseVersion(m.version)
	return versionLess(v, []int{1, 21, 9})
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// entityState is where a (non-player) entity is: loaded with its chunk,
// held in memory in a chunk that is not loaded, or saved with its chunk.
type entityState uint8

const (
	// esLoaded: in a loaded chunk, seen by selectors and UUID look-ups.
	esLoaded entityState = iota
	// esHidden: summoned or teleported into a chunk that is not loaded.
	// The game adds it to that chunk's entity section, which is not
	// accessible, so commands cannot see it, but its UUID is known
	// (PersistentEntitySectionManager.addEntity records the UUID before
	// the section's visibility is looked at); it appears when the chunk
	// loads.
	esHidden
	// esStored: its chunk unloaded, so it was saved with the chunk and
	// left memory (Entity.RemovalReason.UNLOADED_TO_CHUNK), its UUID
	// free again. It comes back when the chunk loads, unless another
	// entity holds its UUID then.
	esStored
)

// entityLoaded reports whether selectors can see e.
func (m *Machine) entityLoaded(e *Entity) bool {
	if e.removed {
		return false
	}
	return e.player != nil || e.state == esLoaded
}

// placed sets a non-player entity's state after it entered the world or
// moved: loaded if its chunk is, else held in memory out of sight.
func (m *Machine) placed(e *Entity) {
	if e.player != nil {
		return
	}
	if m.chunkLoaded(e.Dim, chunkPos{floorDiv16(e.Pos.X), floorDiv16(e.Pos.Z)}) {
		e.state = esLoaded
	} else {
		e.state = esHidden
	}
}

// syncChunks unloads and loads entities with their chunks, as the game's
// entity manager does between the commands of one tick and the next
// (chunk tickets are processed in the level tick, not while a function
// runs), and when a player moves, joins or leaves.
//
// The UUID rule is the game's: a UUID is refused only while an entity
// that holds it is in memory. PersistentEntitySectionManager keeps the
// set knownUuids of the entities it has loaded; addEntityUuid refuses an
// entity whose UUID is in it (logging "UUID of added entity already
// exists"), and an entity leaves the set when it is removed
// (PersistentEntitySectionManager.Callback.onRemove), which includes
// being saved and unloaded with its chunk (UNLOADED_TO_CHUNK). So /summon with the
// UUID of an entity in an unloaded chunk succeeds (SummonCommand fails
// with "unable to summon entity due to duplicate UUIDs" only when
// ServerLevel.tryAddFreshEntityWithPassengers refuses it), and when the
// old entity's chunk loads again while the new one is in memory, the
// stale copy is not added: it is dropped for good. (Decompiled
// net.minecraft.world.level.entity.PersistentEntitySectionManager
// addEntityUuid/addEntity/Callback.onRemove and
// net.minecraft.server.commands.SummonCommand, 1.21.x, as decompiled
// copies of it on GitHub read; the warning is the one servers log.)
func (m *Machine) syncChunks() {
	// Unload first: a chunk that unloads in the same step another loads
	// frees its entities' UUIDs before the other's come back.
	for _, e := range m.entities {
		if e.player != nil || e.state != esLoaded {
			continue
		}
		if !m.chunkLoaded(e.Dim, chunkPos{floorDiv16(e.Pos.X), floorDiv16(e.Pos.Z)}) {
			e.state = esStored
			delete(m.byUUID, e.UUID)
		}
	}
	var back []*Entity
	keep := m.entities[:0]
	for _, e := range m.entities {
		if e.player != nil || e.state == esLoaded || !m.chunkLoaded(e.Dim, chunkPos{floorDiv16(e.Pos.X), floorDiv16(e.Pos.Z)}) {
			keep = append(keep, e)
			continue
		}
		if e.state == esHidden {
			// In memory all along: it becomes accessible where it is.
			e.state = esLoaded
			keep = append(keep, e)
			continue
		}
		// Loaded from the chunk's saved entities: a new entity object,
		// with a new entity id, last in iteration order.
		if m.byUUID[e.UUID] != nil {
			m.dropStale(e)
			continue
		}
		back = append(back, e)
	}
	for i := len(keep); i < len(m.entities); i++ {
		m.entities[i] = nil
	}
	m.entities = keep
	for _, e := range back {
		if m.byUUID[e.UUID] != nil {
			// Two saved copies came back at once: the first one in wins.
			m.dropStale(e)
			continue
		}
		e.state = esLoaded
		e.secSeq = 0
		m.addEntity(e)
	}
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

// dropStale forgets a saved entity that came back with its chunk while
// another entity held its UUID, as the game does (it logs the warning
// the event carries and never adds the entity).
func (m *Machine) dropStale(e *Entity) {
	e.removed = true
	m.record(Event{Kind: "entity_dropped", Text: "UUID of added entity already exists: " + e.UUID.String(), Detail: e.typ.id, Pos: e.Pos})
}
