package mcvm

import (
	"fmt"

	"math"
	"sort"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// Entity selectors (EntitySelectorParser / EntitySelector), with the
// options mcvm models: type, tag, scores, limit, sort, distance,
// x/y/z/dx/dy/dz, name and nbt. Any other option is a load error.

type sortOrder uint8

const (
	sortArbitrary sortOrder = iota
	sortNearest
	sortFurthest
	sortRandom
)

type tagFilter struct {
	name string
	neg  bool
}

type scoreFilter struct {
	obj int32
	rg  intRange
}

type nbtFilter struct {
	c   *Compound
	neg bool
}

type selector struct {
	text             string
	kind             byte // p a r s e n, or 0 for a name or UUID
	playerName       string
	uuid             *UUID
	includesEntities bool
	currentEntity    bool
	maxResult        int
	order            sortOrder
	limited, sorted  bool
	typ              *entityType // positive type
	notTypes         []*entityType
	tags             []tagFilter
	names            []tagFilter
	scores           []scoreFilter
	hasScores        bool
	nbts             []nbtFilter
	x, y, z          *float64
	dx, dy, dz       *float64
	dist             *doubleRange
	worldLimited     bool
}

// readSelector reads a whole string as a selector (a text component's
// "selector"), with the shared grammar.
func (m *Machine) readSelector(s string) (*selector, error) {
	r := &syntax.Reader{Text: s}
	ps, err := syntax.ParseSelector(r, nil)
	if err != nil {
		return nil, err
	}
	if r.CanRead() {
		return nil, r.Errorf("trailing data after the selector")
	}
	return m.compileSelector(ps)
}

// compileSelector compiles a parsed selector's options that mcvm models;
// any other is a load error.
func (m *Machine) compileSelector(ps *syntax.Selector) (*selector, error) {
	sel := &selector{text: ps.Text, kind: ps.Kind, playerName: ps.Name, maxResult: ps.MaxResults,
		includesEntities: ps.IncludesEntities, currentEntity: ps.CurrentEntity}
	if ps.IsUUID {
		u := UUID(ps.UUID)
		sel.uuid = &u
	}
	switch sel.kind {
	case 'p':
		sel.order, sel.typ = sortNearest, entityTypes["minecraft:player"]
	case 'a':
		sel.typ = entityTypes["minecraft:player"]
	case 'r':
		sel.order, sel.typ = sortRandom, entityTypes["minecraft:player"]
	case 'n':
		sel.order = sortNearest
	}
	for i := range ps.Options {
		if err := m.selectorOption(sel, &ps.Options[i]); err != nil {
			return nil, err
		}
	}
	return sel, nil
}

// sortOrders maps the sort option's values.
var sortOrders = map[string]sortOrder{"nearest": sortNearest, "furthest": sortFurthest, "random": sortRandom, "arbitrary": sortArbitrary}

// selectorOption compiles one parsed option into sel.
func (m *Machine) selectorOption(sel *selector, o *syntax.SelectorOption) error {
	switch o.Key {
	case "name":
		sel.names = append(sel.names, tagFilter{o.Str, o.Negated})
	case "distance":
		rg := newDoubleRange(o.DoubleRange)
		sel.dist = &rg
		sel.worldLimited = true
	case "x", "y", "z", "dx", "dy", "dz":
		v := o.Double
		*map[string]**float64{"x": &sel.x, "y": &sel.y, "z": &sel.z, "dx": &sel.dx, "dy": &sel.dy, "dz": &sel.dz}[o.Key] = &v
		sel.worldLimited = true
	case "limit":
		sel.limited = true
	case "sort":
		sel.order, sel.sorted = sortOrders[o.Str], true
	case "type":
		if o.TypeTag {
			return &unsupportedError{col: o.ValuePos, msg: "entity type tags in selectors (mcvm has no entity type tag data)"}
		}
		t, ok := entityTypes[syntax.NormalizeID(o.Str)]
		if !ok {
			return &unsupportedError{col: o.ValuePos, msg: fmt.Sprintf("entity type %s (mcvm models %s)", syntax.NormalizeID(o.Str), modelledTypes())}
		}
		if o.Negated {
			sel.notTypes = append(sel.notTypes, t)
		} else {
			sel.typ = t
		}
	case "tag":
		sel.tags = append(sel.tags, tagFilter{o.Str, o.Negated})
	case "nbt":
		c, err := fromSyntax(o.NBT, o.ValuePos)
		if err != nil {
			return err
		}
		sel.nbts = append(sel.nbts, nbtFilter{c.(*Compound), o.Negated})
	case "scores":
		for _, b := range o.Scores {
			sel.scores = append(sel.scores, scoreFilter{m.sb.objID(b.Objective), newIntRange(b.Range)})
		}
		sel.hasScores = true
	default: // level, x_rotation, y_rotation, team, gamemode, advancements, predicate
		return &unsupportedError{col: o.KeyPos, msg: fmt.Sprintf("selector option '%s'", o.Key)}
	}
	return nil
}

func modelledTypes() string {
	var ids []string
	for id := range entityTypes {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	s := ""
	for i, id := range ids {
		if i > 0 {
			s += ", "
		}
		s += id
	}
	return s
}

// aabb returns the selector's box relative to its position, or nil.
func (sel *selector) aabb() *box {
	if sel.dx == nil && sel.dy == nil && sel.dz == nil {
		if sel.dist != nil && sel.dist.hasMax {
			d := sel.dist.max
			return &box{-d, -d, -d, d + 1, d + 1, d + 1}
		}
		return nil
	}
	get := func(p *float64) float64 {
		if p == nil {
			return 0
		}
		return *p
	}
	dx, dy, dz := get(sel.dx), get(sel.dy), get(sel.dz)
	b := &box{math.Min(dx, 0), math.Min(dy, 0), math.Min(dz, 0), math.Max(dx, 0) + 1, math.Max(dy, 0) + 1, math.Max(dz, 0) + 1}
	return b
}

// predicate tests one entity against every option except position.
func (m *Machine) selPredicate(sel *selector, e *Entity, pos Vec3, b *box) (bool, error) {
	if e.removed {
		return false, nil
	}
	if sel.typ != nil && e.typ != sel.typ {
		return false, nil
	}
	for _, t := range sel.notTypes {
		if e.typ == t {
			return false, nil
		}
	}
	for _, n := range sel.names {
		if (m.entityName(e) == n.name) == n.neg {
			return false, nil
		}
	}
	for _, t := range sel.tags {
		var has bool
		if t.name == "" {
			has = len(e.tags) == 0
		} else {
			has = e.HasTag(t.name)
		}
		if has == t.neg {
			return false, nil
		}
	}
	for _, sf := range sel.scores {
		o := m.sb.objective(sf.obj)
		if o == nil {
			return false, nil
		}
		c := m.sb.cell(m.sb.holderID(e.name), sf.obj)
		cell := &m.sb.cells[c]
		if !cell.present || !sf.rg.matches(cell.value) {
			return false, nil
		}
	}
	for _, nf := range sel.nbts {
		if err := checkEntityKeys(e, nf.c); err != nil {
			return false, err
		}
		m.ctx.stats.EntityNBTReads++
		if compareNBT(nf.c, m.entityData(e), true) == nf.neg {
			return false, nil
		}
	}
	if b != nil && !b.intersects(e.box()) {
		return false, nil
	}
	if sel.dist != nil && !sel.dist.matchesSqr(e.distanceToSqr(pos)) {
		return false, nil
	}
	return true, nil
}

// entityData is the NBT the game compares and reads for an entity.
func (m *Machine) entityData(e *Entity) *Compound {
	if e.player != nil {
		return e.player.save()
	}
	return e.save()
}

// checkEntityKeys refuses filters on fields mcvm does not model: fields
// of the modelled types that mcvm leaves out, and any player field beyond
// position, rotation, UUID and tags. A key the type does not have at all
// simply does not match, as in the game.
func checkEntityKeys(e *Entity, c *Compound) error {
	for _, k := range c.Keys() {
		if err := checkEntityKey(e, k); err != nil {
			return err
		}
	}
	return nil
}

func checkEntityKey(e *Entity, k string) error {
	if e.player != nil {
		if _, ok := playerFields[k]; !ok {
			return unmodelled("player field %q", k)
		}
		return nil
	}
	if e.typ.fields[k] == fUnmodelled {
		return unmodelled("entity field %q of %s", k, e.typ.id)
	}
	return nil
}

// find is EntitySelector.findEntities (and findPlayers). The entities it
// tests are charged to the call and to the function running the selector.
func (m *Machine) find(sel *selector, s *source) ([]*Entity, error) {
	st := m.ctx.stats
	before := st.EntitiesScanned
	out, err := m.findIn(sel, s)
	if n := st.EntitiesScanned - before; n > 0 {
		m.ctx.charge(m.ctx.cur).EntitiesScanned += n
	}
	return out, err
}

// findIn does find's work. A player name or a UUID is a direct look-up,
// as in the game (PlayerList.getPlayerByName, the entity manager's UUID
// map): it scans no entity. @s tests only the executor.
func (m *Machine) findIn(sel *selector, s *source) ([]*Entity, error) {
	st := m.ctx.stats
	st.SelectorEvals++
	if sel.playerName != "" {
		for _, p := range m.players {
			if p.Name == sel.playerName {
				return []*Entity{p.entity}, nil
			}
		}
		return nil, nil
	}
	if sel.uuid != nil {
		if e := m.byUUID[*sel.uuid]; e != nil && m.entityLoaded(e) {
			if !sel.includesEntities && e.player == nil {
				return nil, nil
			}
			return []*Entity{e}, nil
		}
		return nil, nil
	}
	pos := s.pos
	if sel.x != nil {
		pos.X = *sel.x
	}
	if sel.y != nil {
		pos.Y = *sel.y
	}
	if sel.z != nil {
		pos.Z = *sel.z
	}
	var abs *box
	if b := sel.aabb(); b != nil {
		abs = &box{b.minX + pos.X, b.minY + pos.Y, b.minZ + pos.Z, b.maxX + pos.X, b.maxY + pos.Y, b.maxZ + pos.Z}
	}
	if sel.currentEntity {
		e := s.entity
		if e == nil || (!sel.includesEntities && e.player == nil) {
			return nil, nil
		}
		st.EntitiesScanned++
		ok, err := m.selPredicate(sel, e, pos, abs)
		if err != nil || !ok {
			return nil, err
		}
		return []*Entity{e}, nil
	}
	limit := math.MaxInt32
	if sel.order == sortArbitrary {
		limit = sel.maxResult
	}
	var out []*Entity
	test := func(e *Entity) (bool, error) {
		st.EntitiesScanned++
		ok, err := m.selPredicate(sel, e, pos, abs)
		if err != nil {
			return false, err
		}
		if ok {
			out = append(out, e)
		}
		return len(out) >= limit, nil
	}
	if !sel.includesEntities {
		for _, p := range m.players {
			if sel.worldLimited && p.entity.Dim != s.dim {
				continue
			}
			stop, err := test(p.entity)
			if err != nil {
				return nil, err
			}
			if stop {
				break
			}
		}
	} else {
		for _, dim := range dimensionOrder {
			if sel.worldLimited && dim != s.dim {
				continue
			}
			cands := m.entitiesIn(dim, abs)
			stop := false
			for _, e := range cands {
				var err error
				stop, err = test(e)
				if err != nil {
					return nil, err
				}
				if stop {
					break
				}
			}
			if stop {
				break
			}
		}
	}
	if len(out) > 1 {
		switch sel.order {
		case sortNearest:
			sort.SliceStable(out, func(i, j int) bool { return out[i].distanceToSqr(pos) < out[j].distanceToSqr(pos) })
		case sortFurthest:
			sort.SliceStable(out, func(i, j int) bool { return out[i].distanceToSqr(pos) > out[j].distanceToSqr(pos) })
		case sortRandom:
			m.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		}
	}
	if len(out) > sel.maxResult {
		out = out[:sel.maxResult]
	}
	return out, nil
}

var dimensionOrder = []string{"minecraft:overworld", "minecraft:the_nether", "minecraft:the_end"}

// entitiesIn lists the loaded entities of a dimension in the order the
// game's lookup visits them: entity id order, or section order for a box
// query (only sections overlapping the box grown by two blocks).
func (m *Machine) entitiesIn(dim string, b *box) []*Entity {
	var out []*Entity
	if b == nil {
		for _, e := range m.entities {
			if e.Dim == dim && m.entityLoaded(e) {
				out = append(out, e)
			}
		}
		return out
	}
	minX, maxX := floorDiv16(b.minX-2), floorDiv16(b.maxX+2)
	minY, maxY := floorDiv16(b.minY-2), floorDiv16(b.maxY+2)
	minZ, maxZ := floorDiv16(b.minZ-2), floorDiv16(b.maxZ+2)
	for _, e := range m.entities {
		if e.Dim != dim || !m.entityLoaded(e) {
			continue
		}
		if e.secX < minX || e.secX > maxX || e.secY < minY || e.secY > maxY || e.secZ < minZ || e.secZ > maxZ {
			continue
		}
		if !b.intersects(e.box()) {
			continue
		}
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return sectionLess(out[i], out[j]) })
	return out
}

// entityName is the name the name= option compares: the custom name's
// plain text, or the player name, or the type's default name.
func (m *Machine) entityName(e *Entity) string {
	if e.player != nil {
		return e.player.Name
	}
	if cn := e.extra.Get("CustomName"); cn != nil {
		return m.plainText(cn, nil)
	}
	return defaultEntityName(e.typ.id)
}

func defaultEntityName(id string) string {
	_, path, _ := cutNS(id)
	out := []byte(path)
	up := true
	for i, c := range out {
		if c == '_' {
			out[i] = ' '
			up = true
			continue
		}
		if up && c >= 'a' && c <= 'z' {
			out[i] = c - 32
		}
		up = false
	}
	return string(out)
}

func cutNS(id string) (string, string, bool) {
	for i := 0; i < len(id); i++ {
		if id[i] == ':' {
			return id[:i], id[i+1:], true
		}
	}
	return "minecraft", id, false
}

// entityArg is a parsed EntityArgument with its arity.
type entityArg struct {
	sel         *selector
	single      bool
	playersOnly bool
}

// entityArg takes an EntityArgument; the checker has held the selector
// to the node's single and players-only rules.
func (p *parser) entityArg() (*entityArg, error) {
	ps, t, err := value[*syntax.Selector](p.r, "an entity")
	if err != nil {
		return nil, err
	}
	sel, err := p.m.compileSelector(ps)
	if err != nil {
		return nil, err
	}
	props := t.Node.Props
	return &entityArg{sel, props.Amount == "single", props.Type == "players"}, nil
}

// optional resolves without failing on an empty result.
func (a *entityArg) optional(m *Machine, s *source) ([]*Entity, error) {
	out, err := m.find(a.sel, s)
	if err != nil {
		return nil, err
	}
	if a.playersOnly {
		kept := out[:0]
		for _, e := range out {
			if e.player != nil {
				kept = append(kept, e)
			}
		}
		out = kept
	}
	return out, nil
}

// many resolves and fails on an empty result.
func (a *entityArg) many(m *Machine, s *source) ([]*Entity, error) {
	out, err := a.optional(m, s)
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		if a.playersOnly {
			return nil, failf("no player was found")
		}
		return nil, failf("no entity was found")
	}
	return out, nil
}

func (a *entityArg) one(m *Machine, s *source) (*Entity, error) {
	out, err := a.many(m, s)
	if err != nil {
		return nil, err
	}
	if len(out) > 1 {
		return nil, failf("only one entity is allowed, but the provided selector allows more than one")
	}
	return out[0], nil
}
