package mcvm

import (
	"fmt"
	"math"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack/check"
	"github.com/mcgomoku/mcgomoku/datapack/syntax"
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

// parseCoords takes three coordinates: a vec3 (with center,
// Vec3Argument's centring of x and z written as plain integers) or a
// block_pos.
func parseCoords(r *cursor, center bool) (coords, error) {
	c, t, err := value[check.Coords](r, "coordinates")
	if err != nil {
		return coords{}, err
	}
	isInt := t.Node.Parser == "minecraft:block_pos"
	cs := coords{local: c.Local}
	for i, k := range c.C[:3] {
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

func parseRotation(r *cursor) (rotation, error) {
	c, _, err := value[check.Coords](r, "a rotation")
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
func parseColumnPos(r *cursor) ([2]coord, error) {
	c, _, err := value[check.Coords](r, "a column position")
	if err != nil {
		return [2]coord{}, err
	}
	return [2]coord{{c.C[0].Rel, c.C[0].V}, {c.C[1].Rel, c.C[1].V}}, nil
}

// parseResourceLocation takes a resource location, normalised to
// "namespace:path" (the namespace defaulting to minecraft).
func parseResourceLocation(r *cursor) (string, error) {
	id, _, err := value[check.ID](r, "a resource location")
	if err != nil {
		return "", err
	}
	if id.Tag {
		r.i--
		return "", r.unsupported("a #tag here")
	}
	return id.ID, nil
}

// funcRef is a FunctionArgument: a function id or a #tag.
type funcRef struct {
	id  string
	tag bool
}

func parseFunctionRef(r *cursor) (funcRef, error) {
	id, _, err := value[check.ID](r, "a function")
	return funcRef{id.ID, id.Tag}, err
}

// intRange is MinMaxBounds.Ints, as selectors and conditions test it.
type intRange struct {
	min, max       int32
	hasMin, hasMax bool
}

func (rg intRange) matches(v int32) bool {
	return (!rg.hasMin || v >= rg.min) && (!rg.hasMax || v <= rg.max)
}

// newIntRange is the range a parsed one tests: both ends inclusive, as
// the game's are. Tests plant a wrong reading here (compare_test.go).
var newIntRange = func(rg syntax.IntRange) intRange { return intRange{rg.Min, rg.Max, rg.HasMin, rg.HasMax} }

func parseIntRange(r *cursor) (intRange, error) {
	rg, _, err := value[syntax.IntRange](r, "an integer range")
	return newIntRange(rg), err
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

// objective is an ObjectiveArgument, its name.
func (p *parser) objective() (int32, string, error) {
	name := p.r.word()
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

// scoreHolder takes a ScoreHolderArgument: a selector, or a name ("*",
// "#fake", a player, a UUID). The single-holder argument also takes "*";
// it fails at run time when more than one holder is tracked.
func (p *parser) scoreHolder() (*scoreHolder, error) {
	t, err := p.r.next("a score holder")
	if err != nil {
		return nil, err
	}
	if ps, ok := t.Value.(*syntax.Selector); ok {
		sel, err := p.m.compileSelector(ps)
		if err != nil {
			return nil, err
		}
		return &scoreHolder{sel: sel}, nil
	}
	if t.Value != nil || t.Node.Kind != check.ArgumentNode {
		p.r.i--
		return nil, p.r.errf("mcvm expected a score holder, the command has <%s>", t.Node.Name)
	}
	name := t.Text(p.r.text)
	if name == "*" {
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

func (p *parser) blockArg() (*blockArg, error) {
	bs, t, err := value[syntax.BlockState](p.r, "a block")
	if err != nil {
		return nil, err
	}
	start := t.Start
	if bs.Tag {
		return nil, unsupportedAt(t, "block tags in block predicates (mcvm has no block tag data)")
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
	t, err := parseSNBTArg(p.r)
	if err != nil {
		return nil, err
	}
	if err := p.checkComponent(t, p.r.toks[p.r.i-1].Start); err != nil {
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

// timeTicks is what mcvm compiles of a TimeArgument's node, the
// checker's count (its minimum checked there); a variable so that a test
// can plant a misreading and see the agreement test catch it.
var timeTicks = func(_ string, t *check.Token) int32 { return t.Value.(int32) }

// parseTime takes a TimeArgument's count in ticks.
func parseTime(r *cursor) (int32, error) {
	_, t, err := value[int32](r, "a time")
	if err != nil {
		return 0, err
	}
	return timeTicks(r.text, t), nil
}

// parseSwizzle takes a SwizzleArgument's axes.
func parseSwizzle(r *cursor) ([3]bool, error) {
	axes, _, err := value[[3]bool](r, "a swizzle")
	return axes, err
}

func parseDimension(r *cursor) (string, error) {
	t := r.peek()
	id, err := parseResourceLocation(r)
	if err != nil {
		return "", err
	}
	if _, ok := dimensionHeights[id]; !ok {
		return "", unsupportedAt(t, "dimension %s (mcvm models the overworld, the_nether and the_end)", id)
	}
	return id, nil
}

// readResourceLocation reads a whole string as a resource location (a
// text component's "storage"), normalised.
func readResourceLocation(s string) (string, error) {
	if !syntax.ValidResourceLocation(s) {
		return "", fmt.Errorf("invalid resource location %q", s)
	}
	return syntax.NormalizeID(s), nil
}
