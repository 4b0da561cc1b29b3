package mcvm

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"io"
	"math"

	"github.com/Tnze/go-mc/nbt"
)

// Blocks and entities: setblock, fill, clone, summon, kill, tag, tp,
// forceload, place template.

func (m *Machine) dim(name string) *dimension {
	d := m.dims[name]
	if d == nil {
		d = newDimension(name)
		m.dims[name] = d
	}
	return d
}

// loadedBlockPos is BlockPosArgument.getLoadedBlockPos.
func (m *Machine) loadedBlockPos(s *source, c *coords) (BlockPos, error) {
	return m.loadedBlockPosIn(s.dim, s, c)
}

// loadedBlockPosIn is getLoadedBlockPos in another dimension than the
// source's (clone from/to): the coordinates are still the source's.
func (m *Machine) loadedBlockPosIn(dim string, s *source, c *coords) (BlockPos, error) {
	p := c.block(s)
	if !m.chunkLoaded(dim, p.chunk()) {
		return p, failf("that position is not loaded")
	}
	if !m.dim(dim).inWorld(p) {
		return p, failf("that position is out of this world")
	}
	return p, nil
}

func (m *Machine) areaLoaded(dim string, lo, hi BlockPos) bool {
	for cx := lo.X >> 4; cx <= hi.X>>4; cx++ {
		for cz := lo.Z >> 4; cz <= hi.Z>>4; cz++ {
			if !m.chunkLoaded(dim, chunkPos{cx, cz}) {
				return false
			}
		}
	}
	return true
}

// blockLimit is the failure of a fill or clone larger than the gamerule
// max_block_modifications allows; it is an execution limit, so it is also
// reported loudly.
func (m *Machine) blockLimit(limit, vol int64) error {
	m.warnf("BLOCK LIMIT: a fill/clone of %d blocks exceeds max_block_modifications=%d; the game fails the command", vol, limit)
	return failf("too many blocks in the specified area (maximum %d, specified %d)", limit, vol)
}

// place is BlockInput.place: whether the block (or its NBT) changed.
func (d *dimension) place(p BlockPos, b blockState) bool {
	old := d.block(p)
	if old.equal(b) {
		return false
	}
	d.set(p, b)
	return true
}

func (p *parser) setblock() error {
	r := p.r
	pos, err := parseCoords(r, false)
	if err != nil {
		return err
	}
	b, err := p.blockArg()
	if err != nil {
		return err
	}
	mode := "replace"
	more := r.more()
	if more {
		if mode, err = p.oneOf("destroy", "keep", "replace", "strict"); err != nil {
			return err
		}
	}
	st := b.state()
	p.setLeaf("setblock", cmdFunc(func(m *Machine, s *source) (int32, error) {
		at, err := m.loadedBlockPos(s, &pos)
		if err != nil {
			return 0, err
		}
		d := m.dim(s.dim)
		old := d.block(at)
		if mode == "keep" && old.id != "minecraft:air" {
			return 0, failf("could not set the block")
		}
		if mode == "destroy" {
			d.set(at, airBlock)
			if st.id == "minecraft:air" && old.id == "minecraft:air" {
				return 1, nil
			}
		}
		if !d.place(at, st) {
			return 0, failf("could not set the block")
		}
		return 1, nil
	}))
	return nil
}

func (p *parser) fill() error {
	r := p.r
	from, err := parseCoords(r, false)
	if err != nil {
		return err
	}
	to, err := parseCoords(r, false)
	if err != nil {
		return err
	}
	b, err := p.blockArg()
	if err != nil {
		return err
	}
	mode := "replace"
	var filter *blockArg
	more := r.more()
	if more {
		if mode, err = p.oneOf("destroy", "hollow", "keep", "outline", "replace", "strict"); err != nil {
			return err
		}
		more = r.more()
		if more {
			if mode == "replace" {
				if filter, err = p.blockArg(); err != nil {
					return err
				}
				more = r.more()
			}
			if more {
				// After a filter, a mode of its own (26.2's tree): the
				// filter picks the cells, the mode what they become.
				after, err := p.oneOf("destroy", "hollow", "outline", "strict")
				if err != nil {
					return err
				}
				if after != "strict" {
					mode = after
				}
			}
		}
	}
	st := b.state()
	p.setLeaf("fill", cmdFunc(func(m *Machine, s *source) (int32, error) {
		a, err := m.loadedBlockPos(s, &from)
		if err != nil {
			return 0, err
		}
		bb, err := m.loadedBlockPos(s, &to)
		if err != nil {
			return 0, err
		}
		lo, hi := boxOf(a, bb)
		vol := int64(hi.X-lo.X+1) * int64(hi.Y-lo.Y+1) * int64(hi.Z-lo.Z+1)
		if limit := int64(m.rules.int("max_block_modifications")); vol > limit {
			return 0, m.blockLimit(limit, vol)
		}
		if !m.areaLoaded(s.dim, lo, hi) {
			return 0, failf("that position is not loaded")
		}
		d := m.dim(s.dim)
		n := int32(0)
		for z := lo.Z; z <= hi.Z; z++ {
			for y := lo.Y; y <= hi.Y; y++ {
				for x := lo.X; x <= hi.X; x++ {
					at := BlockPos{x, y, z}
					if filter != nil {
						ok, err := filter.test(d.block(at))
						if err != nil {
							return 0, err
						}
						if !ok {
							continue
						}
					}
					if mode == "keep" && d.block(at).id != "minecraft:air" {
						continue
					}
					border := x == lo.X || x == hi.X || y == lo.Y || y == hi.Y || z == lo.Z || z == hi.Z
					place := st
					switch mode {
					case "outline":
						if !border {
							continue
						}
					case "hollow":
						if !border {
							place = airBlock
						}
					case "destroy":
						d.set(at, airBlock)
					}
					if d.place(at, place) {
						n++
					}
				}
			}
		}
		if n == 0 {
			return 0, failf("no blocks were filled")
		}
		return n, nil
	}))
	return nil
}

func (p *parser) clone() error {
	r := p.r
	// "" is the command source's dimension, for either end.
	var srcDim, dstDim string
	dimension := func(into *string) error {
		d, err := parseDimension(r)
		if err != nil {
			return err
		}
		*into = d
		return nil
	}
	if r.literal("from") {
		if err := dimension(&srcDim); err != nil {
			return err
		}
	}
	var cs [3]coords
	for i := range cs {
		if i > 0 {
			if i == 2 && r.literal("to") {
				if err := dimension(&dstDim); err != nil {
					return err
				}
			}
		}
		c, err := parseCoords(r, false)
		if err != nil {
			return err
		}
		cs[i] = c
	}
	mask := "replace"
	var filter *blockArg
	flow := "normal"
	var err error
	more := r.more()
	if more && r.literal("strict") {
		more = r.more()
	}
	if more {
		if mask, err = p.oneOf("replace", "masked", "filtered"); err != nil {
			return err
		}
		if mask == "filtered" {
			if filter, err = p.blockArg(); err != nil {
				return err
			}
		}
		more = r.more()
		if more {
			if flow, err = p.oneOf("force", "move", "normal"); err != nil {
				return err
			}
		}
	}
	p.setLeaf("clone", cmdFunc(func(m *Machine, s *source) (int32, error) {
		from, to := cmp.Or(srcDim, s.dim), cmp.Or(dstDim, s.dim)
		a, err := m.loadedBlockPosIn(from, s, &cs[0])
		if err != nil {
			return 0, err
		}
		b, err := m.loadedBlockPosIn(from, s, &cs[1])
		if err != nil {
			return 0, err
		}
		dest, err := m.loadedBlockPosIn(to, s, &cs[2])
		if err != nil {
			return 0, err
		}
		lo, hi := boxOf(a, b)
		dhi := BlockPos{dest.X + hi.X - lo.X, dest.Y + hi.Y - lo.Y, dest.Z + hi.Z - lo.Z}
		overlap := from == to && !(dhi.X < lo.X || dest.X > hi.X || dhi.Y < lo.Y || dest.Y > hi.Y || dhi.Z < lo.Z || dest.Z > hi.Z)
		if flow != "force" && overlap {
			return 0, failf("the source and destination can not overlap")
		}
		vol := int64(hi.X-lo.X+1) * int64(hi.Y-lo.Y+1) * int64(hi.Z-lo.Z+1)
		if limit := int64(m.rules.int("max_block_modifications")); vol > limit {
			return 0, m.blockLimit(limit, vol)
		}
		if !m.areaLoaded(from, lo, hi) || !m.areaLoaded(to, dest, dhi) {
			return 0, failf("that position is not loaded")
		}
		if !m.dim(to).inWorld(dhi) {
			return 0, failf("that position is out of this world")
		}
		d, dd := m.dim(from), m.dim(to)
		type info struct {
			at BlockPos
			st blockState
		}
		var infos []info
		var moved []BlockPos
		for z := lo.Z; z <= hi.Z; z++ {
			for y := lo.Y; y <= hi.Y; y++ {
				for x := lo.X; x <= hi.X; x++ {
					src := BlockPos{x, y, z}
					st := d.block(src)
					switch mask {
					case "masked":
						if st.id == "minecraft:air" {
							continue
						}
					case "filtered":
						ok, err := filter.test(st)
						if err != nil {
							return 0, err
						}
						if !ok {
							continue
						}
					}
					if st.nbt != nil {
						st.nbt = copyTag(st.nbt).(*Compound)
					}
					infos = append(infos, info{BlockPos{dest.X + x - lo.X, dest.Y + y - lo.Y, dest.Z + z - lo.Z}, st})
					moved = append(moved, src)
				}
			}
		}
		if flow == "move" {
			for _, p := range moved {
				d.set(p, airBlock)
			}
		}
		n := int32(0)
		for _, in := range infos {
			dd.set(in.at, in.st)
			if in.st.id != "minecraft:barrier" {
				n++
			}
		}
		if n == 0 {
			return 0, failf("no blocks were cloned")
		}
		return n, nil
	}))
	return nil
}

// ---- entities ----

func (p *parser) summon() error {
	r := p.r
	t, err := p.entityType()
	if err != nil {
		return err
	}
	pos := coords{c: [3]coord{{true, 0}, {true, 0}, {true, 0}}}
	tag := NewCompound()
	more := r.more()
	if more {
		if pos, err = parseCoords(r, true); err != nil {
			return err
		}
		more = r.more()
		if more {
			if tag, err = parseCompoundArg(r); err != nil {
				return err
			}
		}
	}
	p.setLeaf("summon", cmdFunc(func(m *Machine, s *source) (int32, error) {
		_, err := m.summon(t, pos.vec(s), s.dim, tag)
		if err != nil {
			return 0, err
		}
		return 1, nil
	}))
	return nil
}

// summon is SummonCommand.createEntity.
func (m *Machine) summon(t *entityType, pos Vec3, dim string, tag *Compound) (*Entity, error) {
	if pos.Y < -20000000 || pos.Y >= 20000000 || math.Abs(pos.X) >= 30000000 || math.Abs(pos.Z) >= 30000000 {
		return nil, failf("invalid position for summon")
	}
	// Nothing else about the position is checked: SummonCommand.createEntity
	// tests only Level.isInSpawnableBounds (the lines above), so an entity
	// summoned into a chunk that is not loaded is added, out of sight
	// until the chunk loads, with its UUID taken (esHidden, addEntity).
	e := &Entity{typ: t, Dim: dim}
	if tag.Get("Passengers") != nil {
		return nil, unmodelled("summoning with Passengers")
	}
	if err := e.load(tag, true); err != nil {
		return nil, err
	}
	e.Pos = pos
	if u, ok := uuidFromTag(tag.Get("UUID")); ok {
		e.UUID = u
	} else {
		e.UUID = m.randomUUID()
	}
	if m.byUUID[e.UUID] != nil {
		return nil, failf("unable to summon entity due to duplicate UUIDs")
	}
	m.addEntity(e)
	return e, nil
}

func (m *Machine) randomUUID() UUID {
	var u UUID
	for {
		hi, lo := m.rng.Uint64(), m.rng.Uint64()
		for i := range 8 {
			u[i] = byte(hi >> (56 - 8*i))
			u[8+i] = byte(lo >> (56 - 8*i))
		}
		u[6] = u[6]&0x0f | 0x40
		u[8] = u[8]&0x3f | 0x80
		if m.byUUID[u] == nil {
			return u
		}
	}
}

func (m *Machine) addEntity(e *Entity) {
	m.nextEntityID++
	e.id = m.nextEntityID
	e.name = e.UUID.String()
	if e.player != nil {
		e.name = e.player.Name
	}
	m.entities = append(m.entities, e)
	m.byUUID[e.UUID] = e
	m.moved(e)
	m.placed(e)
}

func (m *Machine) removeEntity(e *Entity) {
	e.removed = true
	delete(m.byUUID, e.UUID)
	for i, x := range m.entities {
		if x == e {
			m.entities = append(m.entities[:i], m.entities[i+1:]...)
			break
		}
	}
}

func (p *parser) kill() error {
	r := p.r
	more := r.more()
	var ea *entityArg
	var err error
	if more {
		if ea, err = p.entityArg(); err != nil {
			return err
		}
	}
	p.setLeaf("kill", cmdFunc(func(m *Machine, s *source) (int32, error) {
		var ents []*Entity
		if ea == nil {
			if s.entity == nil {
				return 0, failf("an entity is required to run this command here")
			}
			ents = []*Entity{s.entity}
		} else {
			var err error
			if ents, err = ea.many(m, s); err != nil {
				return 0, err
			}
		}
		for _, e := range ents {
			if e.player != nil {
				return 0, unmodelled("killing a player (death and respawn are not modelled)")
			}
		}
		for _, e := range ents {
			m.removeEntity(e)
		}
		return int32(len(ents)), nil
	}))
	return nil
}

func (p *parser) tag() error {
	r := p.r
	ea, err := p.entityArg()
	if err != nil {
		return err
	}
	op, err := p.oneOf("add", "remove", "list")
	if err != nil {
		return err
	}
	if op == "list" {
		p.setLeaf("tag", cmdFunc(func(m *Machine, s *source) (int32, error) {
			ents, err := ea.many(m, s)
			if err != nil {
				return 0, err
			}
			set := map[string]bool{}
			for _, e := range ents {
				for _, t := range e.tags {
					set[t] = true
				}
			}
			return int32(len(set)), nil
		}))
		return nil
	}
	name := r.word()
	p.setLeaf("tag", cmdFunc(func(m *Machine, s *source) (int32, error) {
		ents, err := ea.many(m, s)
		if err != nil {
			return 0, err
		}
		n := int32(0)
		for _, e := range ents {
			var ok bool
			if op == "add" {
				ok = e.addTag(name)
			} else {
				ok = e.removeTag(name)
			}
			if ok {
				n++
			}
		}
		if n == 0 {
			if op == "add" {
				return 0, failf("nothing changed; either the targets already have the tag or have too many tags")
			}
			return 0, failf("nothing changed; the targets do not have the tag")
		}
		return n, nil
	}))
	return nil
}

func (p *parser) teleport(name string) error {
	r := p.r
	var targets *entityArg
	if r.peekArg("minecraft:entity") {
		first, err := p.entityArg()
		if err != nil {
			return err
		}
		if !r.more() {
			// tp <destination>: the source entity to the destination.
			p.setLeaf(name, &cmdTeleport{dest: first})
			return nil
		}
		targets = first
		if r.peekArg("minecraft:entity") {
			dest, err := p.entityArg()
			if err != nil {
				return err
			}
			p.setLeaf(name, &cmdTeleport{targets: targets, dest: dest})
			return nil
		}
	}
	loc, err := parseCoords(r, true)
	if err != nil {
		return err
	}
	c := &cmdTeleport{targets: targets, loc: &loc}
	more := r.more()
	if more {
		if targets == nil {
			return r.errf("mcvm expected the location to end tp <location>")
		}
		if r.literal("facing") {
			if r.literal("entity") {
				fe, err := p.entityArg()
				if err != nil {
					return err
				}
				c.facingEntity = fe
				more = r.more()
				if more {
					if c.facingEyes, err = p.anchor(); err != nil {
						return err
					}
				}
			} else {
				fp, err := parseCoords(r, true)
				if err != nil {
					return err
				}
				c.facingPos = &fp
			}
		} else {
			rot, err := parseRotation(r)
			if err != nil {
				return err
			}
			c.rot = &rot
		}
	}
	p.setLeaf(name, c)
	return nil
}

type cmdTeleport struct {
	targets      *entityArg // nil: the source entity
	dest         *entityArg
	loc          *coords
	rot          *rotation
	facingPos    *coords
	facingEntity *entityArg
	facingEyes   bool
}

func (c *cmdTeleport) run(m *Machine, s *source) (int32, error) {
	var ents []*Entity
	if c.targets == nil {
		if s.entity == nil {
			return 0, failf("an entity is required to run this command here")
		}
		ents = []*Entity{s.entity}
	} else {
		var err error
		if ents, err = c.targets.many(m, s); err != nil {
			return 0, err
		}
	}
	var pos Vec3
	dim := s.dim
	var yaw, pitch float32
	setRot := false
	if c.dest != nil {
		d, err := c.dest.one(m, s)
		if err != nil {
			return 0, err
		}
		pos, dim, yaw, pitch, setRot = d.Pos, d.Dim, d.Yaw, d.Pitch, true
	} else {
		pos = c.loc.vec(s)
		if c.rot != nil {
			yaw, pitch = c.rot.get(s)
			setRot = true
		}
	}
	if pos.Y < -20000000 || pos.Y >= 20000000 || math.Abs(pos.X) >= 30000000 || math.Abs(pos.Z) >= 30000000 {
		return 0, failf("invalid position for teleport")
	}
	var facing *Vec3
	if c.facingPos != nil {
		v := c.facingPos.vec(s)
		facing = &v
	}
	var fe *Entity
	if c.facingEntity != nil {
		var err error
		if fe, err = c.facingEntity.one(m, s); err != nil {
			return 0, err
		}
	}
	for _, e := range ents {
		e.Pos, e.Dim = pos, dim
		if setRot {
			e.Yaw, e.Pitch = wrapDegrees(yaw), clampPitch(pitch)
		}
		if fe != nil {
			t := fe.Pos
			if c.facingEyes {
				t.Y += fe.eyeHeight()
			}
			facing = &t
		}
		if facing != nil {
			e.Yaw, e.Pitch = lookAngles(e.Pos, *facing)
		}
		m.moved(e)
		// TeleportCommand.performTeleport checks only
		// Level.isInSpawnableBounds; a non-player entity teleported into a
		// chunk that is not loaded moves to that chunk's entity section,
		// which is not accessible: it leaves sight (the entity manager
		// stops tracking it) but stays in memory with its UUID until the
		// chunk loads. A player loads the chunks around it instead.
		m.placed(e)
	}
	return int32(len(ents)), nil
}

// ---- forceload ----

func (p *parser) forceload() error {
	r := p.r
	op, err := p.oneOf("add", "remove", "query")
	if err != nil {
		return err
	}
	more := r.more()
	if op == "query" {
		if !more {
			p.setLeaf("forceload", cmdFunc(func(m *Machine, s *source) (int32, error) {
				return int32(len(m.dim(s.dim).forced)), nil
			}))
			return nil
		}
		cp, err := parseColumnPos(r)
		if err != nil {
			return err
		}
		p.setLeaf("forceload", cmdFunc(func(m *Machine, s *source) (int32, error) {
			c := columnChunk(cp, s)
			if m.dim(s.dim).forced[c] {
				return 1, nil
			}
			return 0, failf("chunk at %d, %d is not marked for force loading", c.x, c.z)
		}))
		return nil
	}
	if !more {
		return r.errf("unknown or incomplete command, expected more arguments")
	}
	if op == "remove" && r.literal("all") {
		p.setLeaf("forceload", cmdFunc(func(m *Machine, s *source) (int32, error) {
			d := m.dim(s.dim)
			for c := range d.forced {
				delete(d.forced, c)
			}
			return 0, nil
		}))
		return nil
	}
	from, err := parseColumnPos(r)
	if err != nil {
		return err
	}
	to := from
	more = r.more()
	if more {
		if to, err = parseColumnPos(r); err != nil {
			return err
		}
	}
	add := op == "add"
	p.setLeaf("forceload", cmdFunc(func(m *Machine, s *source) (int32, error) {
		a, b := columnChunk(from, s), columnChunk(to, s)
		x0, x1 := min(a.x, b.x), max(a.x, b.x)
		z0, z1 := min(a.z, b.z), max(a.z, b.z)
		n := int64(x1-x0+1) * int64(z1-z0+1)
		if n > 256 {
			return 0, failf("too many chunks in the specified area (maximum 256, specified %d)", n)
		}
		d := m.dim(s.dim)
		changed := int32(0)
		for x := x0; x <= x1; x++ {
			for z := z0; z <= z1; z++ {
				c := chunkPos{x, z}
				if d.forced[c] != add {
					if add {
						d.forced[c] = true
					} else {
						delete(d.forced, c)
					}
					changed++
				}
			}
		}
		if changed == 0 {
			if add {
				return 0, failf("no chunks were marked for force loading")
			}
			return 0, failf("no chunks were removed from force loading")
		}
		return changed, nil
	}))
	return nil
}

func columnChunk(cp [2]coord, s *source) chunkPos {
	get := func(c coord, base float64) int32 {
		v := c.v
		if c.rel {
			v += base
		}
		return int32(math.Floor(v)) >> 4
	}
	return chunkPos{get(cp[0], s.pos.X), get(cp[1], s.pos.Z)}
}

// ---- place template ----

func (p *parser) place() error {
	r := p.r
	if !r.literal("template") {
		return r.unsupported("place %s", r.peek().Text(r.text))
	}
	id, err := parseResourceLocation(r)
	if err != nil {
		return err
	}
	pos := coords{c: [3]coord{{true, 0}, {true, 0}, {true, 0}}}
	more := r.more()
	if more {
		if pos, err = parseCoords(r, false); err != nil {
			return err
		}
		args := []string{"none", "none", "1", "0"}
		for i := range 4 {
			more = r.more()
			if !more {
				break
			}
			switch i {
			case 0, 1: // rotation, mirror
				args[i] = r.word()
			case 2:
				f, err := r.readFloat()
				if err != nil {
					return err
				}
				if f != 1 {
					args[2] = "partial"
				}
			case 3:
				if _, err := r.readInt(); err != nil {
					return err
				}
			}
		}
		if r.more() && !r.literal("strict") {
			return r.errf("mcvm expected 'strict'")
		}
		if args[0] != "none" || args[1] != "none" || args[2] != "1" {
			return r.unsupported("place template with rotation, mirror or integrity below 1")
		}
	}
	p.setLeaf("place", cmdFunc(func(m *Machine, s *source) (int32, error) {
		return m.placeTemplate(id, pos.block(s), s)
	}))
	return nil
}

// structureFile is the structure template NBT format.
type structureFile struct {
	Size    []int32 `nbt:"size"`
	Palette []struct {
		Name       string            `nbt:"Name"`
		Properties map[string]string `nbt:"Properties"`
	} `nbt:"palette"`
	Palettes []nbt.RawMessage `nbt:"palettes"`
	Blocks   []struct {
		Pos   []int32        `nbt:"pos"`
		State int32          `nbt:"state"`
		NBT   nbt.RawMessage `nbt:"nbt"`
	} `nbt:"blocks"`
	Entities []nbt.RawMessage `nbt:"entities"`
}

func (m *Machine) placeTemplate(id string, at BlockPos, s *source) (int32, error) {
	ns, path, _ := cutNS(id)
	file := "data/" + ns + "/structure/" + path + ".nbt"
	raw, ok := m.pack.Files[file]
	if !ok {
		if ns == "minecraft" {
			return 0, unmodelled("vanilla structure template %s", id)
		}
		return 0, failf("template %s not found", id)
	}
	var st structureFile
	var rd io.Reader = bytes.NewReader(raw)
	if len(raw) > 2 && raw[0] == 0x1f && raw[1] == 0x8b {
		gz, err := gzip.NewReader(rd)
		if err != nil {
			return 0, unmodelled("structure %s is not readable: %v", file, err)
		}
		rd = gz
	}
	if _, err := nbt.NewDecoder(rd).Decode(&st); err != nil {
		return 0, unmodelled("structure %s is not readable: %v", file, err)
	}
	if len(st.Palettes) > 0 {
		return 0, unmodelled("structure %s with several palettes", file)
	}
	if len(st.Entities) > 0 {
		return 0, unmodelled("structure %s contains entities", file)
	}
	if len(st.Size) == 3 {
		hi := BlockPos{at.X + st.Size[0], at.Y + st.Size[1], at.Z + st.Size[2]}
		if !m.areaLoaded(s.dim, at, hi) {
			return 0, failf("that position is not loaded")
		}
	}
	if len(st.Palette) == 0 {
		return 0, failf("failed to place template %s", id)
	}
	d := m.dim(s.dim)
	for _, b := range st.Blocks {
		if b.State < 0 || int(b.State) >= len(st.Palette) || len(b.Pos) != 3 {
			return 0, unmodelled("structure %s has a malformed block entry", file)
		}
		if len(b.NBT.Data) > 0 {
			return 0, unmodelled("structure %s contains block entity data", file)
		}
		pe := st.Palette[b.State]
		bs := blockState{id: pe.Name}
		if len(pe.Properties) > 0 {
			bs.props = pe.Properties
		}
		if _, _, ok := cutNS(bs.id); !ok {
			bs.id = "minecraft:" + bs.id
		}
		p := BlockPos{at.X + b.Pos[0], at.Y + b.Pos[1], at.Z + b.Pos[2]}
		if d.inWorld(p) {
			d.set(p, bs)
		}
	}
	m.record(Event{Kind: "place_template", Detail: id, Pos: Vec3{float64(at.X), float64(at.Y), float64(at.Z)}})
	return 1, nil
}
