package mcvm

import "github.com/mcgomoku/mcgomoku/datapack/check"

// A command line compiles into a cmdLine: the chain of execute stages
// (each a modifier that maps one source to zero or more), then a leaf
// command. This is the game's ContextChain with its arguments already
// parsed, so running a line never re-reads text.

type leafKind uint8

const (
	leafNormal leafKind = iota
	leafFunction
	leafReturnValue
	leafReturnFail
)

type stageKind uint8

const (
	custNone stageKind = iota
	custReturnRun
	custIfFunction
	custUnlessFunction
)

type cmdLine struct {
	text   string
	pos    Pos
	stages []stage
	leaf   command // nil for custom leaves
	custom leafKind
	retVal int32
	fcall  *funcCall
	name   uint8 // index into cmdNames
}

type stage struct {
	mod    modifier
	single singleModifier // mod, when it maps one source to at most one
	store  storeModifier  // mod, when it is an execute store stage
	fork   bool
	custom stageKind
	fn     funcRef
	fns    []*Function // fn resolved, once found (Machine.resolveRef)
}

// command is a leaf command: it returns the command's result or fails.
type command interface {
	run(m *Machine, s *source) (int32, error)
}

// modifier is a redirecting execute stage: it appends the sources the
// stage produces for s to out.
type modifier interface {
	apply(m *Machine, s *source, out []*source) ([]*source, error)
}

type funcCall struct {
	funcRef
	args func(m *Machine, s *source) (*Compound, error)
	fns  []*Function // funcRef resolved, once found (Machine.resolveRef)
	inst *instFunc   // the one plain function it calls, once found
}

// cmdNames are the command names cost accounting reports.
var cmdNames = []string{
	"execute", "scoreboard", "function", "return", "data", "setblock", "fill", "clone",
	"summon", "kill", "tag", "tp", "teleport", "advancement", "trigger", "random", "say",
	"tellraw", "title", "playsound", "particle", "schedule", "forceload", "place", "gamerule",
}

var cmdNameIndex = func() map[string]uint8 {
	m := map[string]uint8{}
	for i, n := range cmdNames {
		m[n] = uint8(i)
	}
	return m
}()

type parser struct {
	m    *Machine
	r    *cursor
	perm int
	line *cmdLine
}

// parseCommand compiles one command line with the given permission level
// from the checker's parse of it against the release's command tree: a
// line the game would not load fails with the checker's error, a form
// mcvm does not model with an unsupportedError.
func (m *Machine) parseCommand(text string, pos Pos, perm int) (line *cmdLine, err error) {
	cmd, serr := m.cmds.ParseAt(text, perm)
	if serr != nil {
		return nil, serr
	}
	// The parser and its cursor in one allocation: a line is a handful.
	pc := &struct {
		p parser
		r cursor
	}{r: cursor{text: text, toks: cmd.Tokens}}
	p := &pc.p
	*p = parser{m: m, r: &pc.r, perm: perm, line: m.newLine(text, pos)}
	if err := p.command(); err != nil {
		return nil, err
	}
	if p.r.more() {
		return nil, p.r.errf("mcvm did not expect <%s> here", p.r.peek().Node.Name)
	}
	return p.line, nil
}

// newLine returns an empty compiled line, cut from the load's slab while
// Load compiles the pack (a line apiece was a tenth of loading).
func (m *Machine) newLine(text string, pos Pos) *cmdLine {
	if m.lineSlab == nil {
		return &cmdLine{text: text, pos: pos}
	}
	if len(m.lineSlab) == cap(m.lineSlab) {
		m.lineSlab = make([]cmdLine, 0, cap(m.lineSlab))
	}
	m.lineSlab = append(m.lineSlab, cmdLine{text: text, pos: pos})
	return &m.lineSlab[len(m.lineSlab)-1]
}

// addStage adds an execute stage that may map a source to several
// (as, at, on, positioned as, rotated as, facing entity).
func (p *parser) addStage(mod modifier, fork bool) {
	p.line.stages = append(p.line.stages, stage{mod: mod, fork: fork})
}

// addSingle adds a stage that maps a source to at most one, which the
// executor's fast path runs without a source list.
func (p *parser) addSingle(mod singleModifier, fork bool) {
	st := stage{mod: oneToOne{mod}, single: mod, fork: fork}
	st.store, _ = mod.(storeModifier)
	p.line.stages = append(p.line.stages, st)
}

// oneToOne is a singleModifier as a modifier.
type oneToOne struct{ singleModifier }

func (o oneToOne) apply(m *Machine, s *source, out []*source) ([]*source, error) {
	n, ok, err := o.one(m, s)
	if ok {
		out = append(out, n)
	}
	return out, err
}

func (p *parser) setLeaf(name string, c command) {
	p.line.leaf = c
	p.line.custom = leafNormal
	p.line.name = cmdNameIndex[name]
}

// command parses one command from the root (also after "execute … run"
// and "return run").
func (p *parser) command() error {
	r := p.r
	start := r.pos()
	name := r.word()
	var err error
	switch name {
	case "execute":
		err = p.execute()
	case "function":
		err = p.function()
	case "return":
		err = p.returnCmd()
	case "scoreboard":
		err = p.scoreboard()
	case "data":
		err = p.data()
	case "setblock":
		err = p.setblock()
	case "fill":
		err = p.fill()
	case "clone":
		err = p.clone()
	case "summon":
		err = p.summon()
	case "kill":
		err = p.kill()
	case "tag":
		err = p.tag()
	case "tp", "teleport":
		err = p.teleport(name)
	case "advancement":
		err = p.advancement()
	case "trigger":
		err = p.trigger()
	case "random":
		err = p.random()
	case "say":
		err = p.say()
	case "tellraw":
		err = p.tellraw()
	case "title":
		err = p.title()
	case "playsound":
		err = p.playsound()
	case "particle":
		err = p.particle()
	case "schedule":
		err = p.schedule()
	case "forceload":
		err = p.forceload()
	case "place":
		err = p.place()
	case "gamerule":
		err = p.gamerule()
	default:
		return &unsupportedError{col: start, msg: "command '" + name + "'"}
	}
	return err
}

// oneOf takes a literal among alts.
func (p *parser) oneOf(alts ...string) (string, error) { return p.r.oneOf(alts...) }

// ---- function and return ----

func (p *parser) function() error {
	r := p.r
	ref, err := parseFunctionRef(r)
	if err != nil {
		return err
	}
	fc := &funcCall{funcRef: ref}
	p.line.custom = leafFunction
	p.line.fcall = fc
	p.line.name = cmdNameIndex["function"]
	if !r.more() {
		return nil
	}
	if !r.literal("with") {
		c, err := parseCompoundArg(r)
		if err != nil {
			return err
		}
		fc.args = func(m *Machine, s *source) (*Compound, error) { return c, nil }
		return nil
	}
	src, err := p.dataSource()
	if err != nil {
		return err
	}
	var path *nbtPath
	if r.more() {
		path, err = parseNBTPath(r)
		if err != nil {
			return err
		}
	}
	fc.args = func(m *Machine, s *source) (*Compound, error) {
		data, err := src.read(m, s)
		if err != nil {
			return nil, err
		}
		if path == nil {
			return data, nil
		}
		t, err := singleTag(path, data)
		if err != nil {
			return nil, err
		}
		c, ok := t.(*Compound)
		if !ok {
			return nil, failf("invalid argument type: %s, expected compound", tagTypeName(t.Type()))
		}
		return c, nil
	}
	return nil
}

func (p *parser) returnCmd() error {
	r := p.r
	switch {
	case r.literal("fail"):
		p.line.custom = leafReturnFail
		p.line.name = cmdNameIndex["return"]
		return nil
	case r.literal("run"):
		p.line.stages = append(p.line.stages, stage{custom: custReturnRun})
		return p.command()
	}
	v, err := r.readInt()
	if err != nil {
		return err
	}
	p.line.custom = leafReturnValue
	p.line.retVal = v
	p.line.name = cmdNameIndex["return"]
	return nil
}

// ---- execute ----

// execute parses an execute command's subcommands, each a stage of the
// line, up to run or a terminal condition.
func (p *parser) execute() error {
	r := p.r
	for {
		t := r.peek()
		if t == nil || t.Node.Kind != check.LiteralNode {
			return r.errf("mcvm expected an execute subcommand")
		}
		parse, ok := executeSubcommands[t.Node.Name]
		if !ok {
			return r.unsupported("execute %s", t.Node.Name)
		}
		r.i++
		next, err := parse(p, t.Node.Name)
		if err != nil || next == execEnd {
			return err
		}
	}
}

// execNext is what follows an execute subcommand.
type execNext uint8

const (
	execSep execNext = iota // the next subcommand
	execEnd                 // nothing: the command is complete
)

// executeSubcommands compile one subcommand each, after its keyword;
// filled by init, as run compiles a whole command again.
var executeSubcommands map[string]func(p *parser, sub string) (execNext, error)

func init() {
	executeSubcommands = map[string]func(p *parser, sub string) (execNext, error){
		"run":        func(p *parser, _ string) (execNext, error) { return execEnd, p.command() },
		"as":         (*parser).executeAsAt,
		"at":         (*parser).executeAsAt,
		"positioned": (*parser).executePositioned,
		"rotated":    (*parser).executeRotated,
		"facing":     (*parser).executeFacing,
		"align": func(p *parser, _ string) (execNext, error) {
			axes, err := parseSwizzle(p.r)
			return p.single(&modAlign{axes}, err)
		},
		"anchored": func(p *parser, _ string) (execNext, error) {
			eyes, err := p.anchor()
			return p.single(&modAnchored{eyes}, err)
		},
		"in": func(p *parser, _ string) (execNext, error) {
			dim, err := parseDimension(p.r)
			return p.single(&modIn{dim}, err)
		},
		"summon": func(p *parser, _ string) (execNext, error) {
			t, err := p.entityType()
			return p.single(&modSummon{t}, err)
		},
		"on": func(p *parser, _ string) (execNext, error) {
			rel, err := p.oneOf("attacker", "controller", "leasher", "origin", "owner", "passengers", "target", "vehicle")
			if err != nil {
				return execSep, err
			}
			p.addStage(&modOn{rel}, true)
			return execSep, nil
		},
		"store":  func(p *parser, _ string) (execNext, error) { return execSep, p.store() },
		"if":     (*parser).executeCondition,
		"unless": (*parser).executeCondition,
	}
}

// single adds a single-source stage unless its argument failed.
func (p *parser) single(mod singleModifier, err error) (execNext, error) {
	if err != nil {
		return execSep, err
	}
	p.addSingle(mod, false)
	return execSep, nil
}

// entityStage reads an entity argument and adds the stage mk makes of it.
func (p *parser) entityStage(mk func(*entityArg) modifier) (execNext, error) {
	ea, err := p.entityArg()
	if err != nil {
		return execSep, err
	}
	p.addStage(mk(ea), true)
	return execSep, nil
}

func (p *parser) executeAsAt(sub string) (execNext, error) {
	return p.entityStage(func(ea *entityArg) modifier { return &modAsAt{ea, sub == "at"} })
}

func (p *parser) executePositioned(string) (execNext, error) {
	r := p.r
	switch {
	case r.literal("as"):
		return p.entityStage(func(ea *entityArg) modifier { return &modPositionedAs{ea} })
	case r.literal("over"):
		return execSep, r.unsupported("execute positioned over (heightmaps are not modelled)")
	}
	c, err := parseCoords(r, true)
	return p.single(&modPositioned{c}, err)
}

func (p *parser) executeRotated(string) (execNext, error) {
	r := p.r
	if r.literal("as") {
		return p.entityStage(func(ea *entityArg) modifier { return &modRotatedAs{ea} })
	}
	rot, err := parseRotation(r)
	return p.single(&modRotated{rot}, err)
}

func (p *parser) executeFacing(string) (execNext, error) {
	r := p.r
	if !r.literal("entity") {
		c, err := parseCoords(r, true)
		return p.single(&modFacing{c}, err)
	}
	ea, err := p.entityArg()
	if err != nil {
		return execSep, err
	}
	eyes, err := p.anchor()
	if err != nil {
		return execSep, err
	}
	p.addStage(&modFacingEntity{ea, eyes}, true)
	return execSep, nil
}

// executeCondition parses if/unless: a terminal condition ends the
// command; otherwise the condition has read the space before the next
// subcommand.
func (p *parser) executeCondition(sub string) (execNext, error) {
	terminal, err := p.condition(sub == "unless")
	if err != nil || terminal {
		return execEnd, err
	}
	return execSep, nil
}

// anchor takes an entity anchor: whether it is the eyes.
func (p *parser) anchor() (bool, error) {
	if !p.r.peekArg("minecraft:entity_anchor") {
		return false, p.r.errf("mcvm expected an entity anchor")
	}
	return p.r.word() == "eyes", nil
}

func (p *parser) entityType() (*entityType, error) {
	r := p.r
	tok := r.peek()
	id, err := parseResourceLocation(r)
	if err != nil {
		return nil, err
	}
	t, ok := entityTypes[id]
	if !ok || !t.summon {
		return nil, unsupportedAt(tok, "summoning entity type %s (mcvm models %s)", id, modelledTypes())
	}
	return t, nil
}

// store parses "execute store result|success …".
func (p *parser) store() error {
	r := p.r
	kind, err := p.oneOf("result", "success")
	if err != nil {
		return err
	}
	result := kind == "result"
	target, err := p.oneOf("score", "storage", "entity", "block", "bossbar")
	if err != nil {
		return err
	}
	switch target {
	case "score":
		h, err := p.scoreHolder()
		if err != nil {
			return err
		}
		obj, _, err := p.objective()
		if err != nil {
			return err
		}
		p.addSingle(&modStoreScore{h: h, obj: obj, result: result}, false)
		return nil
	case "block":
		return r.unsupported("execute store … block (block entities are not modelled)")
	case "bossbar":
		return r.unsupported("execute store … bossbar (boss bars are not modelled)")
	}
	var dt *dataTarget
	if target == "storage" {
		id, err := parseResourceLocation(r)
		if err != nil {
			return err
		}
		dt = &dataTarget{storage: id}
	} else {
		ea, err := p.entityArg()
		if err != nil {
			return err
		}
		dt = &dataTarget{ent: ea}
	}
	path, err := parseNBTPath(r)
	if err != nil {
		return err
	}
	typ, err := p.oneOf("byte", "short", "int", "long", "float", "double")
	if err != nil {
		return err
	}
	scale, err := r.readDouble()
	if err != nil {
		return err
	}
	p.addSingle(&modStoreData{dt, path, typ, scale, result}, false)
	return nil
}

// condition parses one if/unless condition; terminal reports that it
// ended the command.
func (p *parser) condition(unless bool) (bool, error) {
	r := p.r
	if t := r.peek(); t == nil || t.Node.Kind != check.LiteralNode {
		return false, r.errf("mcvm expected a condition")
	}
	kind := r.word()
	switch kind {
	case "function":
		return false, p.functionCondition(unless)
	case "predicate", "items", "biome", "stopwatch":
		return false, r.unsupported("execute if %s", kind)
	}
	parse, ok := conditions[kind]
	if !ok {
		return false, r.errf("unknown condition '%s'", kind)
	}
	cond, err := parse(p)
	if err != nil {
		return false, err
	}
	if !r.more() {
		p.setLeaf("execute", &cmdCondition{cond, unless})
		return true, nil
	}
	p.addSingle(&modCondition{cond, unless}, true)
	return false, nil
}

// conditions compile the arguments of one if/unless condition each,
// after its keyword. "function" is not here: it is a stage of
// its own, not a test.
var conditions = map[string]func(p *parser) (condTest, error){
	"score":  (*parser).scoreCondition,
	"block":  (*parser).blockCondition,
	"blocks": (*parser).blocksCondition,
	"data":   (*parser).dataCondition,
	"entity": func(p *parser) (condTest, error) {
		ea, err := p.entityArg()
		if err != nil {
			return nil, err
		}
		return &condEntity{ea}, nil
	},
	"loaded": func(p *parser) (condTest, error) {
		pos, err := parseCoords(p.r, false)
		if err != nil {
			return nil, err
		}
		return &condLoaded{pos}, nil
	},
	"dimension": func(p *parser) (condTest, error) {
		dim, err := parseDimension(p.r)
		if err != nil {
			return nil, err
		}
		return &condDimension{dim}, nil
	},
}

// functionCondition parses "if|unless function ID": the function runs
// as a stage, so the condition never ends the command.
func (p *parser) functionCondition(unless bool) error {
	r := p.r
	ref, err := parseFunctionRef(r)
	if err != nil {
		return err
	}
	if !r.more() {
		return r.unsupported("execute if|unless function as the last subcommand (the command's result is not modelled)")
	}
	st := stage{custom: custIfFunction, fn: ref, fork: true}
	if unless {
		st.custom = custUnlessFunction
	}
	p.line.stages = append(p.line.stages, st)
	return nil
}

func (p *parser) blockCondition() (condTest, error) {
	r := p.r
	pos, err := parseCoords(r, false)
	if err != nil {
		return nil, err
	}
	b, err := p.blockArg()
	if err != nil {
		return nil, err
	}
	return &condBlock{pos, b}, nil
}

func (p *parser) blocksCondition() (condTest, error) {
	r := p.r
	var cs [3]coords
	for i := range cs {
		c, err := parseCoords(r, false)
		if err != nil {
			return nil, err
		}
		cs[i] = c
	}
	mode, err := p.oneOf("all", "masked")
	if err != nil {
		return nil, err
	}
	return &condBlocks{cs[0], cs[1], cs[2], mode == "masked"}, nil
}

func (p *parser) dataCondition() (condTest, error) {
	r := p.r
	src, err := p.dataSource()
	if err != nil {
		return nil, err
	}
	path, err := parseNBTPath(r)
	if err != nil {
		return nil, err
	}
	return &condData{src, path}, nil
}

func (p *parser) scoreCondition() (condTest, error) {
	r := p.r
	t, err := p.scoreHolder()
	if err != nil {
		return nil, err
	}
	tobj, _, err := p.objective()
	if err != nil {
		return nil, err
	}
	if r.literal("matches") {
		rg, err := parseIntRange(r)
		if err != nil {
			return nil, err
		}
		c := &condMatches{t: t, obj: tobj, rg: rg, cell: -1}
		if t.sel == nil && !t.wildcard && t.uuid == nil {
			c.cell = p.m.sb.cell(t.holderID, tobj)
		}
		return c, nil
	}
	op, err := p.oneOf("<=", ">=", "<", ">", "=")
	if err != nil {
		return nil, err
	}
	s, err := p.scoreHolder()
	if err != nil {
		return nil, err
	}
	sobj, _, err := p.objective()
	if err != nil {
		return nil, err
	}
	c := &condCompare{t: t, tobj: tobj, cmp: scoreComparisons[op], s: s, sobj: sobj, tcell: -1, scell: -1}
	if t.sel == nil && !t.wildcard && t.uuid == nil {
		c.tcell = p.m.sb.cell(t.holderID, tobj)
	}
	if s.sel == nil && !s.wildcard && s.uuid == nil {
		c.scell = p.m.sb.cell(s.holderID, sobj)
	}
	return c, nil
}
