package mcvm

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"
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

// message takes a MessageArgument: its text, and the selectors in it
// that the checker parsed, resolved when the command runs.
func (p *parser) message() (*message, error) {
	t, err := p.r.next("a message")
	if err != nil {
		return nil, err
	}
	sels, _ := t.Value.([]*syntax.Selector)
	msg := &message{}
	at := t.Start
	for _, ps := range sels {
		if ps.Start > at {
			msg.parts = append(msg.parts, msgPart{text: p.r.text[at:ps.Start]})
		}
		sel, err := p.m.compileSelector(ps)
		if err != nil {
			return nil, err
		}
		msg.parts = append(msg.parts, msgPart{sel: sel})
		at = ps.Start + len(ps.Text)
	}
	if t.End > at {
		msg.parts = append(msg.parts, msgPart{text: p.r.text[at:t.End]})
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
	ea, err := p.entityArg()
	if err != nil {
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
	ea, err := p.entityArg()
	if err != nil {
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
		if c, err = p.component(); err != nil {
			return err
		}
	case "times":
		for i := range times {
			if times[i], err = parseTime(r); err != nil {
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
	sound, err := parseResourceLocation(r)
	if err != nil {
		return err
	}
	category := "master"
	var targets *entityArg
	var pos *coords
	vol, pitch, minVol := float32(1), float32(1), float32(0)
	more := r.more()
	step := 0
	for more && err == nil {
		switch step {
		case 0:
			category, err = p.oneOf(soundSources...)
		case 1:
			targets, err = p.entityArg()
		case 2:
			var c coords
			c, err = parseCoords(r, true)
			pos = &c
		case 3:
			vol, err = r.readFloat()
		case 4:
			pitch, err = r.readFloat()
		case 5:
			minVol, err = r.readFloat()
		default:
			return r.errf("incorrect argument for command")
		}
		if err != nil {
			return err
		}
		step++
		more = r.more()
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

func (p *parser) particle() error {
	r := p.r
	// The particle and its options, as written.
	name := r.word()
	var pos, delta *coords
	var speed float32
	count := int32(0)
	force := false
	var viewers *entityArg
	more := r.more()
	if more {
		c, err := parseCoords(r, true)
		if err != nil {
			return err
		}
		pos = &c
		more = r.more()
		if more {
			d, err := parseCoords(r, false)
			if err != nil {
				return err
			}
			delta = &d
			if speed, err = r.readFloat(); err != nil {
				return err
			}
			if count, err = r.readInt(); err != nil {
				return err
			}
			more = r.more()
			if more {
				mode, err := p.oneOf("force", "normal")
				if err != nil {
					return err
				}
				force = mode == "force"
				more = r.more()
				if more {
					if viewers, err = p.entityArg(); err != nil {
						return err
					}
				}
			}
		}
	}
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
	rg, err := parseIntRange(r)
	if err != nil {
		return err
	}
	seq := ""
	more := r.more()
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
	op, err := p.oneOf("function", "clear")
	if err != nil {
		return err
	}
	if op == "clear" {
		name := r.word()
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
	ticks, err := parseTime(r)
	if err != nil {
		return err
	}
	replace := true
	more := r.more()
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
	def          int   // the default; the tree holds a value's minimum
	gone         []int // the release that removed it, if one did
}

// spawnChunkRule is the key of spawnChunkRadius (1.20.5 … 1.21.8), which
// never had a snake_case name: 1.21.9 removed it with the spawn chunks.
const spawnChunkRule = "spawnChunkRadius"

// modelledRules are the gamerules mcvm knows; the first three limit
// command execution, spawnChunkRadius sizes the spawn chunks
// (Machine.spawnChunk), the rest are stored for queries only.
var modelledRules = []ruleDef{
	{"max_command_sequence_length", "maxCommandChainLength", false, 65536, nil},
	{"max_command_forks", "maxCommandForkCount", false, 65536, nil},
	{"max_block_modifications", "commandModificationBlockLimit", false, 32768, nil},
	{"send_command_feedback", "sendCommandFeedback", true, 1, nil},
	{"command_block_output", "commandBlockOutput", true, 1, nil},
	{"log_admin_commands", "logAdminCommands", true, 1, nil},
	{"advance_time", "doDaylightCycle", true, 1, nil},
	{"advance_weather", "doWeatherCycle", true, 1, nil},
	{"spawn_mobs", "doMobSpawning", true, 1, nil},
	{"show_advancement_messages", "announceAdvancements", true, 1, nil},
	{"keep_inventory", "keepInventory", true, 0, nil},
	{"mob_griefing", "mobGriefing", true, 1, nil},
	{spawnChunkRule, spawnChunkRule, false, 2, []int{1, 21, 9}},
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
	tok := r.peek()
	name := r.word()
	snakeNames := p.m.snakeRules()
	var def *ruleDef
	for i := range modelledRules {
		d := &modelledRules[i]
		if d.gone != nil {
			if v, _ := parseVersion(p.m.version); !versionLess(v, d.gone) {
				continue
			}
			if name == d.camel {
				def = d
			}
			continue
		}
		if snakeNames && (name == d.snake || name == "minecraft:"+d.snake) || !snakeNames && name == d.camel {
			def = d
		}
	}
	if def == nil {
		var known []string
		for _, d := range modelledRules {
			if v, _ := parseVersion(p.m.version); d.gone != nil && !versionLess(v, d.gone) {
				continue
			}
			if snakeNames {
				known = append(known, d.snake)
			} else {
				known = append(known, d.camel)
			}
		}
		return unsupportedAt(tok, "game rule %q (mcvm models %s)", name, strings.Join(known, ", "))
	}
	more := r.more()
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
		n, err := r.readInt()
		if err != nil {
			return err
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
	op, err := p.oneOf("grant", "revoke")
	if err != nil {
		return err
	}
	ea, err := p.entityArg()
	if err != nil {
		return err
	}
	mode, err := p.oneOf("everything", "only", "from", "through", "until")
	if err != nil {
		return err
	}
	id, criterion := "", ""
	if mode != "everything" {
		if id, err = parseResourceLocation(r); err != nil {
			return err
		}
		if mode == "only" {
			more := r.more()
			if more {
				criterion = r.word()
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
