package mcvm

import (
	"fmt"
	"github.com/mcgomoku/mcgomoku/datapack/syntax"
	"math"
	"strconv"
	"strings"
)

// Output and control commands: say, tellraw, title, playsound, particle,
// random, schedule, gamerule, advancement.

// Event is something a command showed or played, recorded for tests.
type Event struct {
	Tick   int64  // game time when it happened
	Kind   string // say, tellraw, title, subtitle, actionbar, title_times, title_clear, title_reset, playsound, particle, roll, place_template
	Player string // receiving player, "" when not player-specific
	Text   string // plain text of a message or title
	// Component is the resolved text component (tellraw/title), or nil.
	Component Tag
	// Detail: the sound or particle id, template id, or title times.
	Detail string
	Pos    Vec3
	Volume float32
	Pitch  float32
	Count  int32
}

func (m *Machine) record(e Event) {
	e.Tick = m.gameTime
	m.events = append(m.events, e)
}

func (p *parser) say() error {
	r := p.r
	if err := r.sep(); err != nil {
		return err
	}
	msg, err := p.message()
	if err != nil {
		return err
	}
	p.setLeaf("say", cmdFunc(func(m *Machine, s *source) (int32, error) {
		text, err := msg.resolve(m, s)
		if err != nil {
			return 0, err
		}
		line := "[" + m.sourceName(s) + "] " + text
		for _, pl := range m.players {
			m.record(Event{Kind: "say", Player: pl.Name, Text: line})
		}
		if len(m.players) == 0 {
			m.record(Event{Kind: "say", Text: line})
		}
		return 1, nil
	}))
	return nil
}

func (m *Machine) sourceName(s *source) string {
	if s.entity == nil {
		return "Server"
	}
	return m.entityName(s.entity)
}

// message is MessageArgument: text with embedded entity selectors.
type message struct {
	parts []msgPart
}

type msgPart struct {
	text string
	sel  *selector
}

func (p *parser) message() (*message, error) {
	r := p.r
	msg := &message{}
	start := r.Pos
	for r.CanRead() {
		if r.Peek() == '@' && r.CanReadN(2) && strings.IndexByte("parsen", r.PeekAt(1)) >= 0 &&
			(!r.CanReadN(3) || !syntax.IsAllowedInUnquotedString(r.PeekAt(2)) || r.PeekAt(2) == '[') {
			if r.Pos > start {
				msg.parts = append(msg.parts, msgPart{text: r.Text[start:r.Pos]})
			}
			sel, err := p.selector()
			if err != nil {
				return nil, err
			}
			msg.parts = append(msg.parts, msgPart{sel: sel})
			start = r.Pos
			continue
		}
		r.Skip()
	}
	if r.Pos > start {
		msg.parts = append(msg.parts, msgPart{text: r.Text[start:r.Pos]})
	}
	return msg, nil
}

func (msg *message) resolve(m *Machine, s *source) (string, error) {
	var b strings.Builder
	for _, part := range msg.parts {
		if part.sel == nil {
			b.WriteString(part.text)
			continue
		}
		ents, err := m.find(part.sel, s)
		if err != nil {
			return "", err
		}
		for i, e := range ents {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(m.entityName(e))
		}
	}
	return b.String(), nil
}

func (p *parser) tellraw() error {
	r := p.r
	if err := r.sep(); err != nil {
		return err
	}
	ea, err := p.entityArg(false, true)
	if err != nil {
		return err
	}
	if err := r.sep(); err != nil {
		return err
	}
	c, err := p.component()
	if err != nil {
		return err
	}
	p.setLeaf("tellraw", cmdFunc(func(m *Machine, s *source) (int32, error) {
		ents, err := ea.many(m, s)
		if err != nil {
			return 0, err
		}
		for _, e := range ents {
			resolved, err := m.resolveComponent(c, s, e, 0)
			if err != nil {
				return 0, err
			}
			m.record(Event{Kind: "tellraw", Player: e.player.Name, Component: resolved, Text: m.plainText(resolved, nil)})
		}
		return int32(len(ents)), nil
	}))
	return nil
}

func (p *parser) title() error {
	r := p.r
	if err := r.sep(); err != nil {
		return err
	}
	ea, err := p.entityArg(false, true)
	if err != nil {
		return err
	}
	if err := r.sep(); err != nil {
		return err
	}
	kind, err := p.oneOf("actionbar", "clear", "reset", "subtitle", "times", "title")
	if err != nil {
		return err
	}
	var c Tag
	var times [3]int32
	switch kind {
	case "actionbar", "subtitle", "title":
		if err := r.sep(); err != nil {
			return err
		}
		if c, err = p.component(); err != nil {
			return err
		}
	case "times":
		for i := range times {
			if err := r.sep(); err != nil {
				return err
			}
			if times[i], err = parseTime(r, 0); err != nil {
				return err
			}
		}
	}
	p.setLeaf("title", cmdFunc(func(m *Machine, s *source) (int32, error) {
		ents, err := ea.many(m, s)
		if err != nil {
			return 0, err
		}
		for _, e := range ents {
			ev := Event{Kind: kind, Player: e.player.Name}
			switch kind {
			case "clear", "reset":
				ev.Kind = "title_" + kind
			case "times":
				ev.Kind = "title_times"
				ev.Detail = fmt.Sprintf("%d %d %d", times[0], times[1], times[2])
			default:
				resolved, err := m.resolveComponent(c, s, e, 0)
				if err != nil {
					return 0, err
				}
				ev.Component = resolved
				ev.Text = m.plainText(resolved, nil)
			}
			m.record(ev)
		}
		return int32(len(ents)), nil
	}))
	return nil
}

var soundSources = []string{"master", "music", "record", "weather", "block", "hostile", "neutral", "player", "ambient", "voice", "ui"}

func (p *parser) playsound() error {
	r := p.r
	if err := r.sep(); err != nil {
		return err
	}
	sound, err := parseResourceLocation(r)
	if err != nil {
		return err
	}
	category := "master"
	var targets *entityArg
	var pos *coords
	vol, pitch, minVol := float32(1), float32(1), float32(0)
	more, err := r.more()
	if err != nil {
		return err
	}
	step := 0
	for more && err == nil {
		switch step {
		case 0:
			category, err = p.oneOf(soundSources...)
		case 1:
			targets, err = p.entityArg(false, true)
		case 2:
			var c coords
			c, err = parseCoords(r, false, true)
			pos = &c
		case 3:
			vol, err = p.floatIn(0, math.Inf(1))
		case 4:
			pitch, err = p.floatIn(0, 2)
		case 5:
			minVol, err = p.floatIn(0, 1)
		default:
			return r.errf("incorrect argument for command")
		}
		if err != nil {
			return err
		}
		step++
		more, err = r.more()
	}
	if err != nil {
		return err
	}
	p.setLeaf("playsound", cmdFunc(func(m *Machine, s *source) (int32, error) {
		var ents []*Entity
		if targets == nil {
			if s.entity == nil || s.entity.player == nil {
				return 0, failf("a player is required to run this command here")
			}
			ents = []*Entity{s.entity}
		} else {
			var err error
			if ents, err = targets.many(m, s); err != nil {
				return 0, err
			}
		}
		at := s.pos
		if pos != nil {
			at = pos.vec(s)
		}
		rng := 16.0
		if vol > 1 {
			rng = float64(vol) * 16
		}
		n := int32(0)
		for _, e := range ents {
			if e.Dim != s.dim {
				continue
			}
			if e.distanceToSqr(at) > rng*rng && minVol <= 0 {
				continue
			}
			m.record(Event{Kind: "playsound", Player: e.player.Name, Detail: sound + " " + category, Pos: at, Volume: vol, Pitch: pitch})
			n++
		}
		if n == 0 {
			return 0, failf("the sound is too far away to be heard")
		}
		return n, nil
	}))
	return nil
}

func (p *parser) floatIn(lo, hi float64) (float32, error) {
	r := p.r
	start := r.Pos
	f, err := r.readFloat()
	if err != nil {
		return 0, err
	}
	if float64(f) < lo || float64(f) > hi {
		r.Pos = start
		return 0, r.errf("float %v out of range [%v, %v]", f, lo, hi)
	}
	return f, nil
}

func (p *parser) particle() error {
	r := p.r
	if err := r.sep(); err != nil {
		return err
	}
	pstart := r.Pos
	id, err := parseResourceLocation(r)
	if err != nil {
		return err
	}
	if r.PeekIs('{') {
		if _, err := parseCompoundArg(r); err != nil {
			return err
		}
	}
	name := r.Text[pstart:r.Pos]
	var pos, delta *coords
	var speed float32
	count := int32(0)
	force := false
	var viewers *entityArg
	more, err := r.more()
	if err != nil {
		return err
	}
	if more {
		c, err := parseCoords(r, false, true)
		if err != nil {
			return err
		}
		pos = &c
		if more, err = r.more(); err != nil {
			return err
		}
		if more {
			d, err := parseCoords(r, false, false)
			if err != nil {
				return err
			}
			delta = &d
			if err := r.sep(); err != nil {
				return err
			}
			if speed, err = p.floatIn(0, math.Inf(1)); err != nil {
				return err
			}
			if err := r.sep(); err != nil {
				return err
			}
			cstart := r.Pos
			if count, err = r.readInt(); err != nil {
				return err
			}
			if count < 0 {
				r.Pos = cstart
				return r.errf("integer must not be less than 0, found %d", count)
			}
			if more, err = r.more(); err != nil {
				return err
			}
			if more {
				mode, err := p.oneOf("force", "normal")
				if err != nil {
					return err
				}
				force = mode == "force"
				if more, err = r.more(); err != nil {
					return err
				} else if more {
					if viewers, err = p.entityArg(false, true); err != nil {
						return err
					}
				}
			}
		}
	}
	_ = id
	p.setLeaf("particle", cmdFunc(func(m *Machine, s *source) (int32, error) {
		at := s.pos
		if pos != nil {
			at = pos.vec(s)
		}
		_ = delta
		var ents []*Entity
		if viewers != nil {
			var err error
			if ents, err = viewers.many(m, s); err != nil {
				return 0, err
			}
		} else {
			for _, pl := range m.players {
				ents = append(ents, pl.entity)
			}
		}
		rng := 32.0
		if force {
			rng = 512
		}
		n := int32(0)
		for _, e := range ents {
			if e.Dim != s.dim || e.distanceToSqr(at) > rng*rng {
				continue
			}
			m.record(Event{Kind: "particle", Player: e.player.Name, Detail: name, Pos: at, Count: count, Volume: speed})
			n++
		}
		if n == 0 {
			return 0, failf("unable to display the particle")
		}
		return n, nil
	}))
	return nil
}

// ---- random ----

func (p *parser) random() error {
	r := p.r
	if err := r.sep(); err != nil {
		return err
	}
	op, err := p.oneOf("value", "roll", "reset")
	if err != nil {
		return err
	}
	if op == "reset" {
		if p.perm < 2 {
			return r.errf("unknown or incomplete command")
		}
		return r.unsupported("random reset (named random sequences are not modelled as the game seeds them)")
	}
	if err := r.sep(); err != nil {
		return err
	}
	rg, err := parseIntRange(r)
	if err != nil {
		return err
	}
	seq := ""
	more, err := r.more()
	if err != nil {
		return err
	}
	if more {
		if p.perm < 2 {
			return r.errf("incorrect argument for command (a sequence needs permission level 2)")
		}
		if seq, err = parseResourceLocation(r); err != nil {
			return err
		}
	}
	p.setLeaf("random", cmdFunc(func(m *Machine, s *source) (int32, error) {
		lo, hi := int64(math.MinInt32), int64(math.MaxInt32)
		if rg.hasMin {
			lo = int64(rg.min)
		}
		if rg.hasMax {
			hi = int64(rg.max)
		}
		span := hi - lo
		if span == 0 {
			return 0, failf("the range of the random value must be at least 2")
		}
		if span >= math.MaxInt32 {
			return 0, failf("the range of the random value must be at most 2147483646")
		}
		rnd := m.rng
		if seq != "" {
			rnd = m.sequence(seq)
		}
		v := int32(lo + rnd.Int64N(span+1))
		if op == "roll" {
			text := fmt.Sprintf("%s rolled %d (from %d to %d)", m.sourceName(s), v, lo, hi)
			for _, pl := range m.players {
				m.record(Event{Kind: "roll", Player: pl.Name, Text: text})
			}
		}
		return v, nil
	}))
	return nil
}

// ---- schedule ----

func (p *parser) schedule() error {
	r := p.r
	if err := r.sep(); err != nil {
		return err
	}
	op, err := p.oneOf("function", "clear")
	if err != nil {
		return err
	}
	if err := r.sep(); err != nil {
		return err
	}
	if op == "clear" {
		name := r.Rest()
		r.Pos = len(r.Text)
		p.setLeaf("schedule", cmdFunc(func(m *Machine, s *source) (int32, error) {
			n := m.sched.clear(name)
			if n == 0 {
				return 0, failf("no schedules with id %s", name)
			}
			return int32(n), nil
		}))
		return nil
	}
	ref, err := parseFunctionRef(r)
	if err != nil {
		return err
	}
	if err := r.sep(); err != nil {
		return err
	}
	tstart := r.Pos
	ticks, err := parseTime(r, 0)
	if err != nil {
		return err
	}
	_ = tstart
	replace := true
	more, err := r.more()
	if err != nil {
		return err
	}
	if more {
		mode, err := p.oneOf("append", "replace")
		if err != nil {
			return err
		}
		replace = mode == "replace"
	}
	p.setLeaf("schedule", cmdFunc(func(m *Machine, s *source) (int32, error) {
		if ticks == 0 {
			return 0, failf("can't schedule for current tick")
		}
		fns, err := m.resolveFunctions(ref.id, ref.tag)
		if err != nil {
			return 0, err
		}
		for _, fn := range fns {
			if fn.IsMacro() {
				return 0, failf("can't schedule a function with arguments")
			}
		}
		name := ref.id
		if ref.tag {
			name = "#" + name
		}
		when := m.gameTime + int64(ticks)
		if replace {
			m.sched.clear(name)
		}
		m.sched.add(name, ref, when)
		return int32(floorModLong(when, math.MaxInt32)), nil
	}))
	return nil
}

func floorModLong(a, b int64) int64 {
	r := a % b
	if r != 0 && (r < 0) != (b < 0) {
		r += b
	}
	return r
}

type scheduled struct {
	name string
	ref  funcRef
	when int64
	seq  uint64
}

// scheduler is the level's TimerQueue of function callbacks.
type scheduler struct {
	events []scheduled
	seq    uint64
}

func (q *scheduler) add(name string, ref funcRef, when int64) {
	q.seq++
	q.events = append(q.events, scheduled{name, ref, when, q.seq})
}

func (q *scheduler) clear(name string) int {
	n := 0
	kept := q.events[:0]
	for _, e := range q.events {
		if e.name == name {
			n++
			continue
		}
		kept = append(kept, e)
	}
	q.events = kept
	return n
}

// due pops the earliest event at or before now (by time, then by order).
func (q *scheduler) due(now int64) (scheduled, bool) {
	best := -1
	for i, e := range q.events {
		if e.when > now {
			continue
		}
		if best < 0 || e.when < q.events[best].when || (e.when == q.events[best].when && e.seq < q.events[best].seq) {
			best = i
		}
	}
	if best < 0 {
		return scheduled{}, false
	}
	e := q.events[best]
	q.events = append(q.events[:best], q.events[best+1:]...)
	return e, true
}

// ---- gamerule ----

type ruleDef struct {
	snake, camel string
	isBool       bool
	def          int
	min          int
	hasMin       bool
}

// modelledRules are the gamerules mcvm knows; the first three limit
// command execution, the rest are stored for queries only.
var modelledRules = []ruleDef{
	{"max_command_sequence_length", "maxCommandChainLength", false, 65536, 0, true},
	{"max_command_forks", "maxCommandForkCount", false, 65536, 0, true},
	{"max_block_modifications", "commandModificationBlockLimit", false, 32768, 1, true},
	{"send_command_feedback", "sendCommandFeedback", true, 1, 0, false},
	{"command_block_output", "commandBlockOutput", true, 1, 0, false},
	{"log_admin_commands", "logAdminCommands", true, 1, 0, false},
	{"advance_time", "doDaylightCycle", true, 1, 0, false},
	{"advance_weather", "doWeatherCycle", true, 1, 0, false},
	{"spawn_mobs", "doMobSpawning", true, 1, 0, false},
	{"show_advancement_messages", "announceAdvancements", true, 1, 0, false},
	{"keep_inventory", "keepInventory", true, 0, 0, false},
	{"mob_griefing", "mobGriefing", true, 1, 0, false},
}

type gameRules struct{ v map[string]int }

func newGameRules() gameRules {
	g := gameRules{v: map[string]int{}}
	for _, d := range modelledRules {
		g.v[d.snake] = d.def
	}
	return g
}

func (g gameRules) int(snake string) int { return g.v[snake] }

func (p *parser) gamerule() error {
	r := p.r
	if err := r.sep(); err != nil {
		return err
	}
	start := r.Pos
	name := r.ReadWordToSpace()
	snakeNames := p.m.snakeRules()
	var def *ruleDef
	for i := range modelledRules {
		d := &modelledRules[i]
		if snakeNames && (name == d.snake || name == "minecraft:"+d.snake) || !snakeNames && name == d.camel {
			def = d
		}
	}
	if def == nil {
		r.Pos = start
		for _, d := range modelledRules {
			if name == d.camel || name == d.snake || name == "minecraft:"+d.snake {
				if snakeNames {
					return r.errf("unknown game rule %q: %s renamed it to %q (the whole function fails to load)", name, p.m.version, d.snake)
				}
				return r.errf("unknown game rule %q: %s still calls it %q", name, p.m.version, d.camel)
			}
		}
		var known []string
		for _, d := range modelledRules {
			if snakeNames {
				known = append(known, d.snake)
			} else {
				known = append(known, d.camel)
			}
		}
		return r.unsupported("game rule %q (mcvm models %s)", name, strings.Join(known, ", "))
	}
	more, err := r.more()
	if err != nil {
		return err
	}
	if !more {
		p.setLeaf("gamerule", cmdFunc(func(m *Machine, s *source) (int32, error) {
			return int32(m.rules.v[def.snake]), nil
		}))
		return nil
	}
	var v int
	if def.isBool {
		b, err := r.readBool()
		if err != nil {
			return err
		}
		if b {
			v = 1
		}
	} else {
		vstart := r.Pos
		n, err := r.readInt()
		if err != nil {
			return err
		}
		if def.hasMin && int(n) < def.min && snakeNames {
			r.Pos = vstart
			return r.errf("integer must not be less than %d, found %d", def.min, n)
		}
		v = int(n)
	}
	p.setLeaf("gamerule", cmdFunc(func(m *Machine, s *source) (int32, error) {
		m.rules.v[def.snake] = v
		return int32(v), nil
	}))
	return nil
}

// ---- advancement ----

func (p *parser) advancement() error {
	r := p.r
	if err := r.sep(); err != nil {
		return err
	}
	op, err := p.oneOf("grant", "revoke")
	if err != nil {
		return err
	}
	if err := r.sep(); err != nil {
		return err
	}
	ea, err := p.entityArg(false, true)
	if err != nil {
		return err
	}
	if err := r.sep(); err != nil {
		return err
	}
	mode, err := p.oneOf("everything", "only", "from", "through", "until")
	if err != nil {
		return err
	}
	id, criterion := "", ""
	if mode != "everything" {
		if err := r.sep(); err != nil {
			return err
		}
		if id, err = parseResourceLocation(r); err != nil {
			return err
		}
		if mode == "only" {
			more, err := r.more()
			if err != nil {
				return err
			}
			if more {
				criterion = r.Rest()
				r.Pos = len(r.Text)
			}
		}
	}
	grant := op == "grant"
	p.setLeaf("advancement", cmdFunc(func(m *Machine, s *source) (int32, error) {
		ents, err := ea.many(m, s)
		if err != nil {
			return 0, err
		}
		var advs []*advancement
		if mode == "everything" {
			advs = m.advList
		} else {
			a := m.advs[id]
			if a == nil {
				return 0, failf("unknown advancement: %s", id)
			}
			advs = m.advSelection(a, mode)
		}
		if criterion != "" {
			a := advs[0]
			if _, ok := a.criteria[criterion]; !ok {
				return 0, failf("advancement %s does not contain the criterion '%s'", id, criterion)
			}
		}
		n := int32(0)
		for _, e := range ents {
			for _, a := range advs {
				var changed bool
				if criterion != "" {
					if grant {
						changed = m.award(e.player, a, criterion)
					} else {
						changed = m.revokeCriterion(e.player, a, criterion)
					}
				} else if grant {
					changed = m.grantAll(e.player, a)
				} else {
					changed = m.revokeAll(e.player, a)
				}
				if changed {
					n++
				}
			}
		}
		if n == 0 {
			return 0, failf("couldn't %s advancements", op)
		}
		return n, nil
	}))
	return nil
}

func itoa(v int32) string { return strconv.Itoa(int(v)) }
