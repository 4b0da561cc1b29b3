package mcvm

import (
	"github.com/mcgomoku/mcgomoku/datapack/syntax"
	"math"
	"strings"
)

// Argument types shared by several commands: coordinates, resource
// locations, ranges, objectives, score holders, block states and
// predicates, text components, times.

type coord struct {
	rel bool
	v   float64
}

// coords is Coordinates: world (absolute/~relative) or local (^).
type coords struct {
	local bool
	c     [3]coord
}

// parseCoords reads three coordinates: vec3 (isInt false; with center,
// Vec3Argument's centring of x and z written as plain integers) or
// block_pos (isInt true), the checker's reading (syntax).
func parseCoords(r *reader, isInt, center bool) (coords, error) {
	c, err := r.ReadCoordinates(3, isInt, false)
	if err != nil {
		return coords{}, err
	}
	cs := coords{local: c.Local}
	for i, k := range c.C {
		cs.c[i] = coord{k.Rel, k.V}
		if center && i != 1 && !isInt && !c.Local && !k.Rel && !k.Frac {
			cs.c[i].v += 0.5
		}
	}
	return cs, nil
}

// mthSin/mthCos are Mth.sin/cos: a 65536-entry table of float sines.
var sinTable = func() []float32 {
	t := make([]float32, 65536)
	for i := range t {
		t[i] = float32(math.Sin(float64(i) * math.Pi * 2 / 65536))
	}
	return t
}()

func mthSin(f float32) float32 { return sinTable[int32(int64(f*10430.378))&65535] }
func mthCos(f float32) float32 { return sinTable[int32(int64(f*10430.378+16384))&65535] }

// anchorPos is the source position with its anchor applied.
func (s *source) anchorPos() Vec3 {
	if s.eyes && s.entity != nil {
		return Vec3{s.pos.X, s.pos.Y + s.entity.eyeHeight(), s.pos.Z}
	}
	return s.pos
}

// vec resolves the coordinates against a source (Coordinates.getPosition).
func (cs *coords) vec(s *source) Vec3 {
	if cs.local {
		const rad = float32(math.Pi / 180)
		p := s.anchorPos()
		f := mthCos((s.yaw + 90) * rad)
		g := mthSin((s.yaw + 90) * rad)
		h := mthCos(-s.pitch * rad)
		i := mthSin(-s.pitch * rad)
		j := mthCos((-s.pitch + 90) * rad)
		k := mthSin((-s.pitch + 90) * rad)
		fwd := Vec3{float64(f * h), float64(i), float64(g * h)}
		up := Vec3{float64(f * j), float64(k), float64(g * j)}
		// left = -(fwd × up)
		left := Vec3{
			-(fwd.Y*up.Z - fwd.Z*up.Y),
			-(fwd.Z*up.X - fwd.X*up.Z),
			-(fwd.X*up.Y - fwd.Y*up.X),
		}
		l, u, fw := cs.c[0].v, cs.c[1].v, cs.c[2].v
		return Vec3{
			p.X + fwd.X*fw + up.X*u + left.X*l,
			p.Y + fwd.Y*fw + up.Y*u + left.Y*l,
			p.Z + fwd.Z*fw + up.Z*u + left.Z*l,
		}
	}
	get := func(c coord, base float64) float64 {
		if c.rel {
			return c.v + base
		}
		return c.v
	}
	return Vec3{get(cs.c[0], s.pos.X), get(cs.c[1], s.pos.Y), get(cs.c[2], s.pos.Z)}
}

func (cs *coords) block(s *source) BlockPos {
	v := cs.vec(s)
	return BlockPos{int32(math.Floor(v.X)), int32(math.Floor(v.Y)), int32(math.Floor(v.Z))}
}

// rotation is RotationArgument: yaw then pitch, each absolute or ~.
type rotation struct{ yaw, pitch coord }

func parseRotation(r *reader) (rotation, error) {
	c, err := r.ReadCoordinates(2, false, true)
	if err != nil {
		return rotation{}, err
	}
	return rotation{coord{c.C[0].Rel, c.C[0].V}, coord{c.C[1].Rel, c.C[1].V}}, nil
}

func (rot rotation) get(s *source) (yaw, pitch float32) {
	yaw = float32(rot.yaw.v)
	if rot.yaw.rel {
		yaw = float32(float64(s.yaw) + rot.yaw.v)
	}
	pitch = float32(rot.pitch.v)
	if rot.pitch.rel {
		pitch = float32(float64(s.pitch) + rot.pitch.v)
	}
	return
}

// parseColumnPos is ColumnPosArgument: x and z, integers or ~.
func parseColumnPos(r *reader) ([2]coord, error) {
	c, err := r.ReadCoordinates(2, true, true)
	if err != nil {
		return [2]coord{}, err
	}
	return [2]coord{{c.C[0].Rel, c.C[0].V}, {c.C[1].Rel, c.C[1].V}}, nil
}

// parseResourceLocation is ResourceLocation.read, normalised to
// "namespace:path" (the namespace defaulting to minecraft).
func parseResourceLocation(r *reader) (string, error) {
	id, err := r.ReadResourceLocation()
	if err != nil {
		return "", err
	}
	return syntax.NormalizeID(id), nil
}

// funcRef is a FunctionArgument: a function id or a #tag.
type funcRef struct {
	id  string
	tag bool
}

func parseFunctionRef(r *reader) (funcRef, error) {
	tag := false
	if r.PeekIs('#') {
		tag = true
		r.Skip()
	}
	id, err := parseResourceLocation(r)
	return funcRef{id, tag}, err
}

// intRange is MinMaxBounds.Ints, as selectors and conditions test it.
type intRange struct {
	min, max       int32
	hasMin, hasMax bool
}

func (rg intRange) matches(v int32) bool {
	return (!rg.hasMin || v >= rg.min) && (!rg.hasMax || v <= rg.max)
}

func newIntRange(rg syntax.IntRange) intRange { return intRange{rg.Min, rg.Max, rg.HasMin, rg.HasMax} }

func parseIntRange(r *reader) (intRange, error) {
	rg, err := r.ReadIntRange()
	return newIntRange(rg), fail(err)
}

// doubleRange is MinMaxBounds.Doubles.
type doubleRange struct {
	min, max       float64
	hasMin, hasMax bool
}

func newDoubleRange(rg syntax.DoubleRange) doubleRange {
	return doubleRange{rg.Min, rg.Max, rg.HasMin, rg.HasMax}
}

func (rg doubleRange) matchesSqr(d2 float64) bool {
	if rg.hasMin && d2 < rg.min*rg.min {
		return false
	}
	if rg.hasMax && d2 > rg.max*rg.max {
		return false
	}
	return true
}

// parseObjectiveName is ObjectiveArgument.
func (p *parser) objective() (int32, string, error) {
	name := p.r.ReadUnquotedString()
	return p.m.sb.objID(name), name, nil
}

// scoreHolder is ScoreHolderArgument's parsed form.
type scoreHolder struct {
	sel      *selector
	wildcard bool
	name     string
	holderID int32
	uuid     *UUID // the name parses as a UUID: resolve to that entity if present
}

func (p *parser) scoreHolder(multiple bool) (*scoreHolder, error) {
	r := p.r
	if r.PeekIs('@') {
		sel, err := p.selector()
		if err != nil {
			return nil, err
		}
		if !multiple && sel.maxResults() > 1 {
			return nil, r.errf("only one entity is allowed, but the provided selector allows more than one")
		}
		return &scoreHolder{sel: sel}, nil
	}
	start := r.Pos
	for r.CanRead() && r.Peek() != ' ' {
		r.Skip()
	}
	name := r.Text[start:r.Pos]
	if name == "*" {
		if !multiple {
			// The single-holder argument still parses "*"; it fails at run
			// time when more than one holder is tracked.
		}
		return &scoreHolder{wildcard: true}, nil
	}
	h := &scoreHolder{name: name, holderID: p.m.sb.holderID(name)}
	if !strings.HasPrefix(name, "#") {
		if u, ok := parseUUID(name); ok {
			h.uuid = &u
		}
	}
	return h, nil
}

// blockState is a parsed block_state or block_predicate argument.
type blockArg struct {
	id    string
	props map[string]string
	nbt   *Compound
}

func (p *parser) blockArg(predicate bool) (*blockArg, error) {
	r := p.r
	start := r.Pos
	bs, err := r.ReadBlockState(predicate)
	if err != nil {
		return nil, err
	}
	if bs.Tag {
		r.Pos = start
		return nil, r.unsupported("block tags in block predicates (mcvm has no block tag data)")
	}
	b := &blockArg{id: bs.ID}
	if bs.Props != nil {
		b.props = make(map[string]string, len(bs.Props))
		for _, pr := range bs.Props {
			b.props[pr.Name] = pr.Value
		}
	}
	if bs.NBT != nil {
		t, err := fromSyntax(bs.NBT, start)
		if err != nil {
			return nil, err
		}
		b.nbt = t.(*Compound)
	}
	return b, nil
}

func (b *blockArg) state() blockState {
	return blockState{id: b.id, props: b.props, nbt: b.nbt}
}

// test is BlockPredicateArgument's test for a plain block id: the id must
// match, every given property must match, the NBT must partially match.
// A property mcvm did not record explicitly cannot be decided.
func (b *blockArg) test(st blockState) (bool, error) {
	if st.id != b.id {
		return false, nil
	}
	for k, v := range b.props {
		got, ok := st.props[k]
		if !ok {
			return false, unmodelled("block state property %s of %s was not set explicitly; mcvm does not know the game's default states", k, b.id)
		}
		if got != v {
			return false, nil
		}
	}
	if b.nbt != nil {
		if st.nbt == nil {
			return false, unmodelled("block entity data of %s (mcvm keeps block entity NBT only when it was given explicitly)", b.id)
		}
		return compareNBT(b.nbt, st.nbt, true), nil
	}
	return true, nil
}

// component reads a text component argument: one SNBT value (JSON-looking
// input parses as SNBT since 1.21.5).
func (p *parser) component() (Tag, error) {
	r := p.r
	start := r.Pos
	t, err := parseSNBTArg(r)
	if err != nil {
		return nil, err
	}
	if err := p.checkComponent(t, start); err != nil {
		return nil, err
	}
	return t, nil
}

var componentContentKeys = []string{"text", "translate", "score", "selector", "keybind", "nbt", "object", "sprite", "player", "atlas"}

var oldComponentKeys = map[string]string{"clickEvent": "click_event", "hoverEvent": "hover_event"}

// checkComponent validates a component's shape as the codec would and
// warns about keys 1.21.5+ silently ignores.
func (p *parser) checkComponent(t Tag, col int) error {
	switch v := t.(type) {
	case String:
		return nil
	case *List:
		if len(v.V) == 0 {
			return p.r.errAt(col, "empty list is not a valid text component")
		}
		for _, e := range v.V {
			if err := p.checkComponent(e, col); err != nil {
				return err
			}
		}
		return nil
	case *Compound:
		has := false
		for _, k := range componentContentKeys {
			if v.Get(k) != nil {
				has = true
			}
		}
		if !has {
			return p.r.errAt(col, "text component has no content (text, translate, score, selector, keybind or nbt)")
		}
		for old, now := range oldComponentKeys {
			if v.Get(old) != nil {
				p.m.loadWarnf(p.line.pos, "text component key %q is ignored since 1.21.5 (use %q)", old, now)
			}
		}
		if ex, ok := v.Get("extra").(*List); ok {
			for _, e := range ex.V {
				if err := p.checkComponent(e, col); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return p.r.errAt(col, "not a valid text component: %s", FormatSNBT(t))
}

// readTicks reads a TimeArgument's count, the checker's reading; a
// variable so that a test can plant the overflow mcvm once had.
var readTicks = (*syntax.Reader).ReadTime

// parseTime is TimeArgument: the count and the minimum.
func parseTime(r *reader, min int32) (int32, error) {
	start := r.Pos
	ticks, err := readTicks(&r.Reader)
	if err != nil {
		return 0, err
	}
	if ticks < min {
		r.Pos = start
		return 0, r.errf("tick count must not be less than %d, found %d", min, ticks)
	}
	return ticks, nil
}

// parseSwizzle is SwizzleArgument (syntax).
func parseSwizzle(r *reader) ([3]bool, error) {
	axes, err := r.ReadSwizzle()
	return axes, fail(err)
}

func parseDimension(r *reader) (string, error) {
	start := r.Pos
	id, err := parseResourceLocation(r)
	if err != nil {
		return "", err
	}
	if _, ok := dimensionHeights[id]; !ok {
		r.Pos = start
		return "", r.unsupported("dimension %s (mcvm models the overworld, the_nether and the_end)", id)
	}
	return id, nil
}
