package mcvm

import (
	"math"
)

// scoreboard and trigger.

func (m *Machine) noObjective(id int32) error {
	return failf("unknown scoreboard objective '%s'", m.sb.objNameStr[id])
}

func (m *Machine) objectiveOrFail(id int32) (*Objective, error) {
	o := m.sb.objByName[id]
	if o == nil {
		return nil, m.noObjective(id)
	}
	return o, nil
}

// resolve is ScoreHolderArgument.getNames (wildcardDefault: the
// getNamesWithDefaultWildcard variant, where * means every tracked holder).
func (h *scoreHolder) resolve(m *Machine, s *source, wildcardDefault bool) ([]int32, error) {
	switch {
	case h.sel != nil:
		ents, err := m.find(h.sel, s)
		if err != nil {
			return nil, err
		}
		if len(ents) == 0 {
			return nil, failf("no entity was found")
		}
		ids := make([]int32, len(ents))
		for i, e := range ents {
			ids[i] = m.sb.holderID(e.name)
		}
		return ids, nil
	case h.wildcard:
		if !wildcardDefault {
			return nil, failf("no relevant score holders could be found")
		}
		names := m.sb.trackedHolders()
		if len(names) == 0 {
			return nil, failf("no relevant score holders could be found")
		}
		ids := make([]int32, len(names))
		for i, n := range names {
			ids[i] = m.sb.holderID(n)
		}
		return ids, nil
	case h.uuid != nil:
		if e := m.byUUID[*h.uuid]; e != nil && m.entityLoaded(e) {
			return []int32{m.sb.holderID(e.name)}, nil
		}
	}
	return []int32{h.holderID}, nil
}

// single is ScoreHolderArgument.getName.
func (h *scoreHolder) single(m *Machine, s *source) (int32, error) {
	if h.sel == nil && !h.wildcard && h.uuid == nil {
		return h.holderID, nil
	}
	ids, err := h.resolve(m, s, false)
	if err != nil {
		return 0, err
	}
	if len(ids) > 1 {
		return 0, failf("only one entity is allowed, but the provided selector allows more than one")
	}
	return ids[0], nil
}

func (h *scoreHolder) fixed() bool { return h.sel == nil && !h.wildcard && h.uuid == nil }

func (p *parser) scoreboard() error {
	r := p.r
	switch {
	case r.literal("objectives"):
		return p.objectives()
	case r.literal("players"):
		return p.players()
	}
	return r.errf("expected 'objectives' or 'players'")
}

func (p *parser) objectives() error {
	r := p.r
	sub, err := p.oneOf("add", "remove", "setdisplay", "modify", "list")
	if err != nil {
		return err
	}
	if sub == "list" {
		p.setLeaf("scoreboard", cmdFunc(func(m *Machine, s *source) (int32, error) {
			return int32(len(m.sb.objectives())), nil
		}))
		return nil
	}
	switch sub {
	case "add":
		name := r.word()
		ctok := r.peek()
		crit := r.word()
		switch crit {
		case "dummy", "trigger", leaveGameCriterion:
		default:
			return unsupportedAt(ctok, "objective criterion %q (mcvm models dummy, trigger and %s; the game updates other criteria itself)", crit, leaveGameCriterion)
		}
		var display Tag = String(name)
		more := r.more()
		if more {
			display, err = p.component()
			if err != nil {
				return err
			}
		}
		p.setLeaf("scoreboard", cmdFunc(func(m *Machine, s *source) (int32, error) {
			if m.sb.lookup(name) != nil {
				return 0, failf("an objective already exists by that name")
			}
			m.sb.addObjective(name, crit, display)
			return int32(len(m.sb.objectives())), nil
		}))
		return nil
	case "remove":
		obj, _, _ := p.objective()
		p.setLeaf("scoreboard", cmdFunc(func(m *Machine, s *source) (int32, error) {
			o, err := m.objectiveOrFail(obj)
			if err != nil {
				return 0, err
			}
			m.sb.removeObjective(o)
			return int32(len(m.sb.objectives())), nil
		}))
		return nil
	case "setdisplay":
		slot := r.word()
		more := r.more()
		if !more {
			p.setLeaf("scoreboard", cmdFunc(func(m *Machine, s *source) (int32, error) {
				if _, ok := m.sb.display[slot]; !ok {
					return 0, failf("nothing changed; that display slot is already empty")
				}
				delete(m.sb.display, slot)
				return 0, nil
			}))
			return nil
		}
		obj, _, _ := p.objective()
		p.setLeaf("scoreboard", cmdFunc(func(m *Machine, s *source) (int32, error) {
			o, err := m.objectiveOrFail(obj)
			if err != nil {
				return 0, err
			}
			if m.sb.display[slot] == o.Name {
				return 0, failf("nothing changed; that display slot is already showing that objective")
			}
			m.sb.display[slot] = o.Name
			return 0, nil
		}))
		return nil
	case "modify":
		obj, _, _ := p.objective()
		what, err := p.oneOf("displayname", "rendertype", "displayautoupdate", "numberformat")
		if err != nil {
			return err
		}
		var apply func(o *Objective)
		switch what {
		case "displayname":
			c, err := p.component()
			if err != nil {
				return err
			}
			apply = func(o *Objective) { o.DisplayName = c }
		case "rendertype":
			rt, err := p.oneOf("hearts", "integer")
			if err != nil {
				return err
			}
			apply = func(o *Objective) { o.RenderType = rt }
		case "displayautoupdate":
			b, err := r.readBool()
			if err != nil {
				return err
			}
			apply = func(o *Objective) { o.AutoUpdate = b }
		case "numberformat":
			more := r.more()
			var f Tag
			if more {
				kind, err := p.oneOf("blank", "fixed", "styled")
				if err != nil {
					return err
				}
				f = String(kind)
				if kind != "blank" {
					v, err := parseSNBTArg(r)
					if err != nil {
						return err
					}
					c := NewCompound()
					c.Put("type", String(kind))
					c.Put("value", v)
					f = c
				}
			}
			apply = func(o *Objective) { o.NumberFmt = f }
		}
		p.setLeaf("scoreboard", cmdFunc(func(m *Machine, s *source) (int32, error) {
			o, err := m.objectiveOrFail(obj)
			if err != nil {
				return 0, err
			}
			apply(o)
			return 0, nil
		}))
		return nil
	}
	return nil
}

// cmdFunc adapts a closure to a leaf command.
type cmdFunc func(m *Machine, s *source) (int32, error)

func (f cmdFunc) run(m *Machine, s *source) (int32, error) { return f(m, s) }

// scoreOp is one operator of scoreboard players operation, applied to
// the target t with the source s.
type scoreOp func(t, s *scoreCell) error

// scoreOps are scoreboard players operation's operators (the game's
// OperationArgument: Java int arithmetic, wrapping on overflow;
// Math.floorDiv and Math.floorMod; a divisor of 0 fails the command and
// leaves the target as it was), made once and chosen when a line is
// compiled. Tests plant a wrong operator here (compare_test.go).
var scoreOps = map[string]scoreOp{
	"=":  func(t, s *scoreCell) error { t.value = s.value; return nil },
	"+=": func(t, s *scoreCell) error { t.value += s.value; return nil },
	"-=": func(t, s *scoreCell) error { t.value -= s.value; return nil },
	"*=": func(t, s *scoreCell) error { t.value *= s.value; return nil },
	"/=": func(t, s *scoreCell) error {
		if s.value == 0 {
			return errDivideByZero
		}
		t.value = floorDiv(t.value, s.value)
		return nil
	},
	"%=": func(t, s *scoreCell) error {
		if s.value == 0 {
			return errDivideByZero
		}
		t.value = floorMod(t.value, s.value)
		return nil
	},
	"<":  func(t, s *scoreCell) error { t.value = min(t.value, s.value); return nil },
	">":  func(t, s *scoreCell) error { t.value = max(t.value, s.value); return nil },
	"><": func(t, s *scoreCell) error { t.value, s.value = s.value, t.value; return nil },
}

var errDivideByZero = failf("cannot divide by zero")

func (p *parser) players() error {
	r := p.r
	sub, err := p.oneOf("set", "add", "remove", "get", "reset", "operation", "enable", "list", "display")
	if err != nil {
		return err
	}
	if sub == "display" {
		return r.unsupported("scoreboard players display")
	}
	if sub == "list" {
		more := r.more()
		if !more {
			p.setLeaf("scoreboard", cmdFunc(func(m *Machine, s *source) (int32, error) {
				return int32(m.sb.tracked.len()), nil
			}))
			return nil
		}
		h, err := p.scoreHolder()
		if err != nil {
			return err
		}
		p.setLeaf("scoreboard", cmdFunc(func(m *Machine, s *source) (int32, error) {
			id, err := h.single(m, s)
			if err != nil {
				return 0, err
			}
			return m.sb.scores[id], nil
		}))
		return nil
	}
	h, err := p.scoreHolder()
	if err != nil {
		return err
	}
	switch sub {
	case "reset":
		more := r.more()
		obj := int32(-1)
		if more {
			obj, _, _ = p.objective()
		}
		p.setLeaf("scoreboard", &cmdScoreReset{h, obj})
		return nil
	}
	obj, _, _ := p.objective()
	switch sub {
	case "get":
		c := &cmdScoreGet{h: h, obj: obj, cell: -1}
		if h.fixed() {
			c.cell = p.m.sb.cell(h.holderID, obj)
			c.unset = failf("can't get value of %s for %s; none is set", p.m.sb.objNameStr[obj], h.name)
		}
		p.setLeaf("scoreboard", c)
		return nil
	case "enable":
		p.setLeaf("scoreboard", &cmdScoreEnable{h, obj})
		return nil
	case "set", "add", "remove":
		v, err := r.readInt()
		if err != nil {
			return err
		}
		c := &cmdScoreSet{h: h, obj: obj, v: v, mode: sub[0], cell: -1}
		if h.fixed() {
			c.cell = p.m.sb.cell(h.holderID, obj)
		}
		p.setLeaf("scoreboard", c)
		return nil
	case "operation":
		opText := r.word()
		op, ok := scoreOps[opText]
		if !ok {
			return r.errf("mcvm has no operation %q", opText)
		}
		src, err := p.scoreHolder()
		if err != nil {
			return err
		}
		sobj, _, _ := p.objective()
		c := &cmdScoreOp{t: h, tobj: obj, op: op, s: src, sobj: sobj, tcell: -1, scell: -1}
		if h.fixed() && src.fixed() {
			c.tcell = p.m.sb.cell(h.holderID, obj)
			c.scell = p.m.sb.cell(src.holderID, sobj)
		}
		p.setLeaf("scoreboard", c)
		return nil
	}
	return nil
}

type cmdScoreSet struct {
	h    *scoreHolder
	obj  int32
	v    int32
	mode byte // s, a, r
	cell int32
}

func (c *cmdScoreSet) run(m *Machine, s *source) (int32, error) {
	sb := m.sb
	if c.cell >= 0 {
		if sb.objByName[c.obj] == nil {
			return 0, m.noObjective(c.obj)
		}
		cell := &sb.cells[c.cell]
		if !cell.present {
			sb.create(c.cell)
		}
		switch c.mode {
		case 's':
			cell.value = c.v
			return c.v, nil
		case 'a':
			cell.value += c.v
		default:
			cell.value -= c.v
		}
		return cell.value, nil
	}
	ids, err := c.h.resolve(m, s, true)
	if err != nil {
		return 0, err
	}
	if sb.objByName[c.obj] == nil {
		return 0, m.noObjective(c.obj)
	}
	var sum int32
	for _, h := range ids {
		cell := sb.create(sb.cell(h, c.obj))
		switch c.mode {
		case 's':
			cell.value = c.v
		case 'a':
			cell.value += c.v
		default:
			cell.value -= c.v
		}
		sum += cell.value
	}
	if c.mode == 's' {
		return c.v * int32(len(ids)), nil
	}
	return sum, nil
}

type cmdScoreGet struct {
	h     *scoreHolder
	obj   int32
	cell  int32
	unset error // the failure for a fixed holder, made once
}

func (c *cmdScoreGet) run(m *Machine, s *source) (int32, error) {
	sb := m.sb
	ci := c.cell
	if ci < 0 {
		h, err := c.h.single(m, s)
		if err != nil {
			return 0, err
		}
		ci = sb.cell(h, c.obj)
	}
	if sb.objByName[c.obj] == nil {
		return 0, m.noObjective(c.obj)
	}
	cell := &sb.cells[ci]
	if !cell.present {
		if c.unset != nil {
			return 0, c.unset
		}
		return 0, failf("can't get value of %s for %s; none is set", sb.objNameStr[c.obj], sb.holderNames[cell.holder])
	}
	return cell.value, nil
}

type cmdScoreReset struct {
	h   *scoreHolder
	obj int32 // -1: all objectives
}

func (c *cmdScoreReset) run(m *Machine, s *source) (int32, error) {
	ids, err := c.h.resolve(m, s, true)
	if err != nil {
		return 0, err
	}
	if c.obj < 0 {
		for _, h := range ids {
			m.sb.resetAll(h)
		}
		return int32(len(ids)), nil
	}
	if m.sb.objByName[c.obj] == nil {
		return 0, m.noObjective(c.obj)
	}
	for _, h := range ids {
		m.sb.reset(m.sb.cell(h, c.obj))
	}
	return int32(len(ids)), nil
}

type cmdScoreEnable struct {
	h   *scoreHolder
	obj int32
}

func (c *cmdScoreEnable) run(m *Machine, s *source) (int32, error) {
	ids, err := c.h.resolve(m, s, true)
	if err != nil {
		return 0, err
	}
	o, err := m.objectiveOrFail(c.obj)
	if err != nil {
		return 0, err
	}
	if o.Criteria != "trigger" {
		return 0, failf("can only enable trigger-objectives")
	}
	n := int32(0)
	for _, h := range ids {
		cell := m.sb.create(m.sb.cell(h, c.obj))
		if cell.locked {
			cell.locked = false
			n++
		}
	}
	if n == 0 {
		return 0, failf("nothing changed; that trigger is already enabled")
	}
	return n, nil
}

type cmdScoreOp struct {
	t, s         *scoreHolder
	tobj, sobj   int32
	op           scoreOp
	tcell, scell int32
}

func (c *cmdScoreOp) run(m *Machine, s *source) (int32, error) {
	sb := m.sb
	if c.tcell >= 0 {
		if sb.objByName[c.tobj] == nil {
			return 0, m.noObjective(c.tobj)
		}
		if sb.objByName[c.sobj] == nil {
			return 0, m.noObjective(c.sobj)
		}
		t := &sb.cells[c.tcell]
		if !t.present {
			sb.create(c.tcell)
		}
		src := &sb.cells[c.scell]
		if !src.present {
			sb.create(c.scell)
		}
		if err := c.op(t, src); err != nil {
			return 0, err
		}
		return t.value, nil
	}
	tids, err := c.t.resolve(m, s, true)
	if err != nil {
		return 0, err
	}
	if sb.objByName[c.tobj] == nil {
		return 0, m.noObjective(c.tobj)
	}
	sids, err := c.s.resolve(m, s, true)
	if err != nil {
		return 0, err
	}
	if sb.objByName[c.sobj] == nil {
		return 0, m.noObjective(c.sobj)
	}
	var sum int32
	for _, th := range tids {
		tc := sb.cell(th, c.tobj)
		sb.create(tc)
		for _, sh := range sids {
			sc := sb.cell(sh, c.sobj)
			sb.create(sc)
			if err := c.op(&sb.cells[tc], &sb.cells[sc]); err != nil {
				return 0, err
			}
		}
		sum += sb.cells[tc].value
	}
	return sum, nil
}

// floorDiv is Math.floorDiv for ints (MIN_VALUE / -1 wraps to MIN_VALUE).
func floorDiv(a, b int32) int32 {
	if a == math.MinInt32 && b == -1 {
		return math.MinInt32
	}
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// floorMod is Math.floorMod for ints: the sign follows the divisor.
func floorMod(a, b int32) int32 {
	if b == -1 {
		return 0
	}
	r := a % b
	if r != 0 && (r < 0) != (b < 0) {
		r += b
	}
	return r
}

// ---- trigger ----

func (p *parser) trigger() error {
	r := p.r
	obj, _, _ := p.objective()
	mode, v := byte('+'), int32(1)
	more := r.more()
	if more {
		w, err := p.oneOf("add", "set")
		if err != nil {
			return err
		}
		n, err := r.readInt()
		if err != nil {
			return err
		}
		mode, v = w[0], n
	}
	p.setLeaf("trigger", cmdFunc(func(m *Machine, s *source) (int32, error) {
		if s.entity == nil || s.entity.player == nil {
			return 0, failf("a player is required to run this command here")
		}
		o, err := m.objectiveOrFail(obj)
		if err != nil {
			return 0, err
		}
		if o.Criteria != "trigger" {
			return 0, failf("you can only trigger objectives that are 'trigger' type")
		}
		ci := m.sb.cell(m.sb.holderID(s.entity.name), obj)
		cell := &m.sb.cells[ci]
		if !cell.present || cell.locked {
			return 0, failf("you cannot trigger this objective yet")
		}
		cell.locked = true
		switch mode {
		case 's':
			cell.value = v
			return v, nil
		case 'a':
			cell.value += v
		default:
			cell.value++
		}
		return cell.value, nil
	}))
	return nil
}
