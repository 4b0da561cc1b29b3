package mcvm

import (
	"math"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// execute subcommands: the modifiers and conditions.

type modAsAt struct {
	ea *entityArg
	at bool
}

func (c *modAsAt) apply(m *Machine, s *source, out []*source) ([]*source, error) {
	ents, err := c.ea.optional(m, s)
	if err != nil {
		return out, err
	}
	for _, e := range ents {
		n := s.with()
		if c.at {
			n.dim, n.pos, n.yaw, n.pitch = e.Dim, e.Pos, e.Yaw, e.Pitch
		} else {
			n.entity = e
		}
		out = append(out, n)
	}
	return out, nil
}

type modPositioned struct{ c coords }

func (c *modPositioned) one(m *Machine, s *source) (*source, bool, error) {
	n := s.with()
	n.pos = c.c.vec(s)
	n.eyes = false
	return n, true, nil
}

type modPositionedAs struct{ ea *entityArg }

func (c *modPositionedAs) apply(m *Machine, s *source, out []*source) ([]*source, error) {
	ents, err := c.ea.optional(m, s)
	if err != nil {
		return out, err
	}
	for _, e := range ents {
		n := s.with()
		n.pos = e.Pos
		out = append(out, n)
	}
	return out, nil
}

type modRotated struct{ rot rotation }

func (c *modRotated) one(m *Machine, s *source) (*source, bool, error) {
	n := s.with()
	n.yaw, n.pitch = c.rot.get(s)
	return n, true, nil
}

type modRotatedAs struct{ ea *entityArg }

func (c *modRotatedAs) apply(m *Machine, s *source, out []*source) ([]*source, error) {
	ents, err := c.ea.optional(m, s)
	if err != nil {
		return out, err
	}
	for _, e := range ents {
		n := s.with()
		n.yaw, n.pitch = e.Yaw, e.Pitch
		out = append(out, n)
	}
	return out, nil
}

type modFacing struct{ c coords }

func (c *modFacing) one(m *Machine, s *source) (*source, bool, error) {
	return s.facing(c.c.vec(s)), true, nil
}

type modFacingEntity struct {
	ea   *entityArg
	eyes bool
}

func (c *modFacingEntity) apply(m *Machine, s *source, out []*source) ([]*source, error) {
	ents, err := c.ea.optional(m, s)
	if err != nil {
		return out, err
	}
	for _, e := range ents {
		p := e.Pos
		if c.eyes {
			p.Y += e.eyeHeight()
		}
		out = append(out, s.facing(p))
	}
	return out, nil
}

// facing is CommandSourceStack.facing(Vec3).
func (s *source) facing(target Vec3) *source {
	from := s.anchorPos()
	yaw, pitch := lookAngles(from, target)
	n := s.with()
	n.yaw, n.pitch = yaw, pitch
	return n
}

func lookAngles(from, to Vec3) (yaw, pitch float32) {
	dx, dy, dz := to.X-from.X, to.Y-from.Y, to.Z-from.Z
	h := math.Sqrt(dx*dx + dz*dz)
	pitch = wrapDegrees(float32(-(mthAtan2(dy, h) * 180 / math.Pi)))
	yaw = wrapDegrees(float32(mthAtan2(dz, dx)*180/math.Pi) - 90)
	return
}

// mthAtan2 is Mth.atan2: a table-based approximation.
var asinTab, cosTab = func() ([]float64, []float64) {
	a, c := make([]float64, 257), make([]float64, 257)
	for i := range a {
		e := math.Asin(float64(i) / 256)
		c[i] = math.Cos(e)
		a[i] = e
	}
	return a, c
}()

func mthAtan2(y, x float64) float64 {
	d := x*x + y*y
	if math.IsNaN(d) {
		return math.NaN()
	}
	negY := y < 0
	if negY {
		y = -y
	}
	negX := x < 0
	if negX {
		x = -x
	}
	swap := y > x
	if swap {
		x, y = y, x
	}
	inv := 1 / math.Sqrt(d)
	x *= inv
	y *= inv
	fracBias := math.Float64frombits(4805340802404319232)
	f := fracBias + y
	idx := int32(math.Float64bits(f))
	if idx < 0 || idx > 256 {
		return math.Atan2(y, x)
	}
	asin, cos := asinTab[idx], cosTab[idx]
	sinD := f - fracBias
	yd := y*cos - x*sinD
	poly := (6 + yd*yd) * yd * 0.16666666666666666
	r := asin + poly
	if swap {
		r = math.Pi/2 - r
	}
	if negX {
		r = math.Pi - r
	}
	if negY {
		r = -r
	}
	return r
}

type modAlign struct{ axes [3]bool }

func (c *modAlign) one(m *Machine, s *source) (*source, bool, error) {
	n := s.with()
	if c.axes[0] {
		n.pos.X = math.Floor(n.pos.X)
	}
	if c.axes[1] {
		n.pos.Y = math.Floor(n.pos.Y)
	}
	if c.axes[2] {
		n.pos.Z = math.Floor(n.pos.Z)
	}
	return n, true, nil
}

type modAnchored struct{ eyes bool }

func (c *modAnchored) one(m *Machine, s *source) (*source, bool, error) {
	n := s.with()
	n.eyes = c.eyes
	return n, true, nil
}

type modIn struct{ dim string }

func (c *modIn) one(m *Machine, s *source) (*source, bool, error) {
	n := s.with()
	n.dim = c.dim
	return n, true, nil
}

type modSummon struct{ t *entityType }

func (c *modSummon) one(m *Machine, s *source) (*source, bool, error) {
	e, err := m.summon(c.t, s.pos, s.dim, NewCompound())
	if err != nil {
		return nil, false, err
	}
	return s.withEntity(e), true, nil
}

type modOn struct{ rel string }

func (c *modOn) apply(m *Machine, s *source, out []*source) ([]*source, error) {
	e := s.entity
	if e == nil {
		return out, nil
	}
	var a *playerAction
	switch c.rel {
	case "attacker":
		a = e.attack
	case "target":
		a = e.interaction
	default:
		// No modelled entity has an owner, leash holder, origin, vehicle,
		// passengers or controller.
		return out, nil
	}
	if a == nil {
		return out, nil
	}
	for _, p := range m.players {
		if p.entity.UUID == a.player && p.entity.Dim == e.Dim {
			return append(out, s.withEntity(p.entity)), nil
		}
	}
	return out, nil
}

// ---- execute store ----

type storeScoreCB struct {
	holders []int32
	obj     *Objective
	result  bool
}

func (c *storeScoreCB) onResult(m *Machine, success bool, result int32) {
	if m.sb.objective(c.obj.nameID) != c.obj {
		return
	}
	v := result
	if !c.result {
		v = 0
		if success {
			v = 1
		}
	}
	for _, h := range c.holders {
		cell := m.sb.create(m.sb.cell(h, c.obj.nameID))
		cell.value = v
	}
}

type modStoreScore struct {
	h      *scoreHolder
	obj    int32
	result bool
	cached *storeScoreCB
}

func (c *modStoreScore) one(m *Machine, s *source) (*source, bool, error) {
	cb, err := c.storeCB(m, s)
	if err != nil {
		return nil, false, err
	}
	n := s.with()
	n.cb = chainCB(s.cb, cb)
	return n, true, nil
}

// storeCB is the callback the stage adds to the source. For a fixed
// holder it depends only on the objective, so it is made once per
// objective instance.
func (c *modStoreScore) storeCB(m *Machine, s *source) (callback, error) {
	if c.h.fixed() {
		o := m.sb.objByName[c.obj]
		if o == nil {
			return nil, m.noObjective(c.obj)
		}
		if c.cached == nil || c.cached.obj != o {
			c.cached = &storeScoreCB{[]int32{c.h.holderID}, o, c.result}
		}
		return c.cached, nil
	}
	holders, err := c.h.resolve(m, s, true)
	if err != nil {
		return nil, err
	}
	o, err := m.objectiveOrFail(c.obj)
	if err != nil {
		return nil, err
	}
	return &storeScoreCB{holders, o, c.result}, nil
}

type storeDataCB struct {
	acc    *dataAccess
	path   *nbtPath
	typ    string
	scale  float64
	result bool
}

func (c *storeDataCB) onResult(m *Machine, success bool, result int32) {
	v := result
	if !c.result {
		v = 0
		if success {
			v = 1
		}
	}
	f := float64(v) * c.scale
	var t Tag
	switch c.typ {
	case "int":
		t = Int(syntax.JavaD2I(f))
	case "float":
		t = Float(float32(f))
	case "short":
		t = Short(int16(syntax.JavaD2I(f)))
	case "long":
		t = Long(syntax.JavaD2L(f))
	case "double":
		t = Double(f)
	case "byte":
		t = Byte(int8(syntax.JavaD2I(f)))
	}
	data, err := c.acc.get(m)
	if err != nil {
		m.noteAbort(err)
		return
	}
	if _, err := c.path.set(data, t); err != nil {
		// The game swallows failures of the store itself.
		return
	}
	if err := c.acc.set(m, data); err != nil {
		m.noteAbort(err)
	}
}

// noteAbort turns a VM abort raised inside a callback into the call's
// error; game-level failures inside callbacks are swallowed as the game
// does.
func (m *Machine) noteAbort(err error) {
	if a, ok := err.(*vmAbort); ok && m.ctx != nil && m.ctx.abort == nil {
		m.ctx.abort = &VMError{Msg: a.msg}
	}
}

type modStoreData struct {
	dt     *dataTarget
	path   *nbtPath
	typ    string
	scale  float64
	result bool
}

func (c *modStoreData) one(m *Machine, s *source) (*source, bool, error) {
	cb, err := c.storeCB(m, s)
	if err != nil {
		return nil, false, err
	}
	n := s.with()
	n.cb = chainCB(s.cb, cb)
	return n, true, nil
}

func (c *modStoreData) storeCB(m *Machine, s *source) (callback, error) {
	acc, err := c.dt.access(m, s)
	if err != nil {
		return nil, err
	}
	return &storeDataCB{acc, c.path, c.typ, c.scale, c.result}, nil
}

// ---- conditions ----

type condTest interface {
	test(m *Machine, s *source) (int32, error)
	numeric() bool
}

type modCondition struct {
	c      condTest
	unless bool
}

func (c *modCondition) one(m *Machine, s *source) (*source, bool, error) {
	v, err := c.c.test(m, s)
	if err != nil {
		return nil, false, err
	}
	return s, (v > 0) != c.unless, nil
}

type cmdCondition struct {
	c      condTest
	unless bool
}

func (c *cmdCondition) run(m *Machine, s *source) (int32, error) {
	v, err := c.c.test(m, s)
	if err != nil {
		return 0, err
	}
	if c.c.numeric() {
		if !c.unless {
			if v > 0 {
				return v, nil
			}
			return 0, errTestFailed
		}
		if v == 0 {
			return 1, nil
		}
		return 0, failf("test failed, count: %d", v)
	}
	if (v > 0) != c.unless {
		return 1, nil
	}
	return 0, errTestFailed
}

var errTestFailed = failf("test failed")

func boolInt(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

type condMatches struct {
	t    *scoreHolder
	obj  int32
	rg   intRange
	cell int32
}

func (c *condMatches) numeric() bool { return false }

func (c *condMatches) test(m *Machine, s *source) (int32, error) {
	sb := m.sb
	if c.cell >= 0 {
		if sb.objByName[c.obj] == nil {
			return 0, m.noObjective(c.obj)
		}
		cell := &sb.cells[c.cell]
		return boolInt(cell.present && c.rg.matches(cell.value)), nil
	}
	h, err := c.t.single(m, s)
	if err != nil {
		return 0, err
	}
	if sb.objByName[c.obj] == nil {
		return 0, m.noObjective(c.obj)
	}
	cell := &sb.cells[sb.cell(h, c.obj)]
	return boolInt(cell.present && c.rg.matches(cell.value)), nil
}

// scoreComparisons are execute if|unless score's operators (the game's
// Java int comparisons of the two scores), chosen once when a line is
// compiled. Tests plant a wrong operator here (compare_test.go).
var scoreComparisons = map[string]func(a, b int32) bool{
	"<":  func(a, b int32) bool { return a < b },
	"<=": func(a, b int32) bool { return a <= b },
	"=":  func(a, b int32) bool { return a == b },
	">":  func(a, b int32) bool { return a > b },
	">=": func(a, b int32) bool { return a >= b },
}

type condCompare struct {
	t, s         *scoreHolder
	tobj, sobj   int32
	cmp          func(a, b int32) bool
	tcell, scell int32
}

func (c *condCompare) numeric() bool { return false }

func (c *condCompare) test(m *Machine, s *source) (int32, error) {
	sb := m.sb
	tc, sc := c.tcell, c.scell
	if tc < 0 {
		h, err := c.t.single(m, s)
		if err != nil {
			return 0, err
		}
		tc = sb.cell(h, c.tobj)
	}
	if sb.objByName[c.tobj] == nil {
		return 0, m.noObjective(c.tobj)
	}
	if sc < 0 {
		h, err := c.s.single(m, s)
		if err != nil {
			return 0, err
		}
		sc = sb.cell(h, c.sobj)
	}
	if sb.objByName[c.sobj] == nil {
		return 0, m.noObjective(c.sobj)
	}
	a, b := &sb.cells[tc], &sb.cells[sc]
	if !a.present || !b.present {
		return 0, nil
	}
	return boolInt(c.cmp(a.value, b.value)), nil
}

type condEntity struct{ ea *entityArg }

func (c *condEntity) numeric() bool { return true }

func (c *condEntity) test(m *Machine, s *source) (int32, error) {
	ents, err := c.ea.optional(m, s)
	return int32(len(ents)), err
}

type condBlock struct {
	pos coords
	b   *blockArg
}

func (c *condBlock) numeric() bool { return false }

func (c *condBlock) test(m *Machine, s *source) (int32, error) {
	p, err := m.loadedBlockPos(s, &c.pos)
	if err != nil {
		return 0, err
	}
	ok, err := c.b.test(m.dim(s.dim).block(p))
	return boolInt(ok), err
}

type condBlocks struct {
	start, end, dest coords
	masked           bool
}

func (c *condBlocks) numeric() bool { return true }

func (c *condBlocks) test(m *Machine, s *source) (int32, error) {
	a, err := m.loadedBlockPos(s, &c.start)
	if err != nil {
		return 0, err
	}
	b, err := m.loadedBlockPos(s, &c.end)
	if err != nil {
		return 0, err
	}
	d, err := m.loadedBlockPos(s, &c.dest)
	if err != nil {
		return 0, err
	}
	lo, hi := boxOf(a, b)
	vol := int64(hi.X-lo.X+1) * int64(hi.Y-lo.Y+1) * int64(hi.Z-lo.Z+1)
	if vol > 32768 {
		return 0, failf("too many blocks in the specified area (maximum 32768, specified %d)", vol)
	}
	dim := m.dim(s.dim)
	n := int32(0)
	for z := lo.Z; z <= hi.Z; z++ {
		for y := lo.Y; y <= hi.Y; y++ {
			for x := lo.X; x <= hi.X; x++ {
				src := dim.block(BlockPos{x, y, z})
				dst := dim.block(BlockPos{d.X + x - lo.X, d.Y + y - lo.Y, d.Z + z - lo.Z})
				if c.masked && src.id == "minecraft:air" {
					continue
				}
				if !src.equal(dst) {
					return 0, nil
				}
				n++
			}
		}
	}
	return n, nil
}

type condData struct {
	src  *dataTarget
	path *nbtPath
}

func (c *condData) numeric() bool { return true }

func (c *condData) test(m *Machine, s *source) (int32, error) {
	data, err := c.src.read(m, s)
	if err != nil {
		return 0, err
	}
	return int32(c.path.countMatching(data)), nil
}

type condLoaded struct{ pos coords }

func (c *condLoaded) numeric() bool { return false }

func (c *condLoaded) test(m *Machine, s *source) (int32, error) {
	p := c.pos.block(s)
	return boolInt(m.chunkLoaded(s.dim, p.chunk())), nil
}

type condDimension struct{ dim string }

func (c *condDimension) numeric() bool { return false }

func (c *condDimension) test(m *Machine, s *source) (int32, error) {
	return boolInt(s.dim == c.dim), nil
}

func boxOf(a, b BlockPos) (lo, hi BlockPos) {
	lo = BlockPos{min(a.X, b.X), min(a.Y, b.Y), min(a.Z, b.Z)}
	hi = BlockPos{max(a.X, b.X), max(a.Y, b.Y), max(a.Z, b.Z)}
	return
}
