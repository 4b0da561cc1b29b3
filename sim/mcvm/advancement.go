package mcvm

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// Advancements, as far as a pack needs them to receive clicks: criteria
// with the triggers minecraft:player_interacted_with_entity,
// minecraft:player_hurt_entity and minecraft:impossible, player and entity
// conditions (entity predicates with type, nbt and distance, or lists of
// entity_properties / inverted / any_of / all_of loot conditions),
// requirements, a parent, and a function reward.

type advancement struct {
	id           string
	parent       string
	criteria     map[string]*criterion
	requirements [][]string
	reward       string
	children     []*advancement
	file         string
}

type criterion struct {
	trigger string
	player  *entityCond
	entity  *entityCond
}

// entityCond is a ContextAwarePredicate over one entity.
type entityCond struct {
	kind  string // "pred", "not", "any", "all"
	types []*entityType
	nbt   *Compound
	dist  map[string][2]*float64 // absolute, horizontal, x, y, z -> min, max
	terms []*entityCond
}

// advProgress is one player's progress on one advancement.
type advProgress struct {
	obtained map[string]bool
}

func (a *advancement) done(pr *advProgress) bool {
	if pr == nil {
		return false
	}
	for _, group := range a.requirements {
		ok := false
		for _, c := range group {
			if pr.obtained[c] {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

var modelledTriggers = map[string]bool{
	"minecraft:player_interacted_with_entity": true,
	"minecraft:player_hurt_entity":            true,
	"minecraft:impossible":                    true,
}

func (m *Machine) loadAdvancements(p *datapack.Pack, errs *ErrorList) {
	m.advs = map[string]*advancement{}
	for _, path := range p.Paths() {
		id, ok := datapack.AdvancementID(path)
		if !ok {
			continue
		}
		a, err := parseAdvancement(id.String(), path, p.Files[path], m.mapPredicates())
		if err != nil {
			errs.add(Pos{File: path}, "%v", err)
			continue
		}
		m.advs[a.id] = a
	}
	ids := slices.Sorted(maps.Keys(m.advs))
	for _, id := range ids {
		a := m.advs[id]
		m.advList = append(m.advList, a)
		if a.parent != "" {
			par := m.advs[a.parent]
			if par == nil {
				if strings.HasPrefix(a.parent, "minecraft:") {
					errs.add(Pos{File: a.file}, "parent %s is a vanilla advancement; mcvm does not load vanilla advancements", a.parent)
				} else {
					errs.add(Pos{File: a.file}, "parent %s does not exist", a.parent)
				}
				continue
			}
			par.children = append(par.children, a)
		}
	}
}

// mapPredicates reports whether the emulated release writes entity
// predicates as a map keyed by sub-predicate type (26.2 on) rather than an
// object of fixed fields.
func (m *Machine) mapPredicates() bool {
	rel, ok := datapack.LookupRelease(m.version)
	if !ok {
		v, _ := parseVersion(m.version)
		return !versionLess(v, []int{26, 2})
	}
	return rel.DataPack.Compare(datapack.EntityPredicateMapFormat) >= 0
}

func parseAdvancement(id, file string, data []byte, mapForm bool) (*advancement, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("invalid advancement JSON: %v", err)
	}
	a := &advancement{id: id, criteria: map[string]*criterion{}, file: file}
	for k, v := range raw {
		switch k {
		case "parent":
			var s string
			if err := json.Unmarshal(v, &s); err != nil {
				return nil, fmt.Errorf("parent: %v", err)
			}
			pid, err := datapack.ParseID(s)
			if err != nil {
				return nil, err
			}
			a.parent = pid.String()
		case "display", "sends_telemetry_event":
		case "criteria":
			var cs map[string]json.RawMessage
			if err := json.Unmarshal(v, &cs); err != nil {
				return nil, fmt.Errorf("criteria: %v", err)
			}
			for name, c := range cs {
				cr, err := parseCriterion(c, mapForm)
				if err != nil {
					return nil, fmt.Errorf("criterion %q: %v", name, err)
				}
				a.criteria[name] = cr
			}
		case "requirements":
			if err := json.Unmarshal(v, &a.requirements); err != nil {
				return nil, fmt.Errorf("requirements: %v", err)
			}
		case "rewards":
			var rw map[string]json.RawMessage
			if err := json.Unmarshal(v, &rw); err != nil {
				return nil, fmt.Errorf("rewards: %v", err)
			}
			for rk, rv := range rw {
				switch rk {
				case "function":
					var s string
					if err := json.Unmarshal(rv, &s); err != nil {
						return nil, fmt.Errorf("rewards.function: %v", err)
					}
					fid, err := datapack.ParseID(s)
					if err != nil {
						return nil, err
					}
					a.reward = fid.String()
				case "experience":
					var n int
					if err := json.Unmarshal(rv, &n); err != nil || n != 0 {
						return nil, fmt.Errorf("not modelled by mcvm: experience rewards")
					}
				case "recipes", "loot":
					var l []string
					if err := json.Unmarshal(rv, &l); err != nil || len(l) != 0 {
						return nil, fmt.Errorf("not modelled by mcvm: %s rewards", rk)
					}
				default:
					return nil, fmt.Errorf("unknown reward %q", rk)
				}
			}
		default:
			return nil, fmt.Errorf("unknown advancement field %q", k)
		}
	}
	if len(a.criteria) == 0 {
		return nil, fmt.Errorf("advancement criteria cannot be empty")
	}
	names := slices.Sorted(maps.Keys(a.criteria))
	if a.requirements == nil {
		for _, n := range names {
			a.requirements = append(a.requirements, []string{n})
		}
	}
	used := map[string]bool{}
	for _, g := range a.requirements {
		if len(g) == 0 {
			return nil, fmt.Errorf("requirement entry cannot be empty")
		}
		for _, c := range g {
			if a.criteria[c] == nil {
				return nil, fmt.Errorf("requirements refer to unknown criterion %q", c)
			}
			used[c] = true
		}
	}
	for _, n := range names {
		if !used[n] {
			return nil, fmt.Errorf("criterion %q is not listed in requirements", n)
		}
	}
	return a, nil
}

func parseCriterion(data json.RawMessage, mapForm bool) (*criterion, error) {
	var raw struct {
		Trigger    string                     `json:"trigger"`
		Conditions map[string]json.RawMessage `json:"conditions"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	tid, err := datapack.ParseID(raw.Trigger)
	if err != nil {
		return nil, err
	}
	c := &criterion{trigger: tid.String()}
	if !modelledTriggers[c.trigger] {
		return nil, fmt.Errorf("not modelled by mcvm: trigger %s (mcvm models %s)", c.trigger, strings.Join(slices.Sorted(maps.Keys(modelledTriggers)), ", "))
	}
	for k, v := range raw.Conditions {
		switch {
		case k == "player":
			if c.player, err = parseContextPredicate(v, mapForm); err != nil {
				return nil, fmt.Errorf("player: %v", err)
			}
		case k == "entity" && c.trigger != "minecraft:impossible":
			if c.entity, err = parseContextPredicate(v, mapForm); err != nil {
				return nil, fmt.Errorf("entity: %v", err)
			}
		case k == "item" && c.trigger == "minecraft:player_interacted_with_entity":
			if string(v) != "{}" {
				return nil, fmt.Errorf("not modelled by mcvm: item conditions (simulated players hold nothing)")
			}
		default:
			return nil, fmt.Errorf("not modelled by mcvm: condition %q of %s", k, c.trigger)
		}
	}
	return c, nil
}

func parseContextPredicate(data json.RawMessage, mapForm bool) (*entityCond, error) {
	t := strings.TrimSpace(string(data))
	if strings.HasPrefix(t, "[") {
		var list []json.RawMessage
		if err := json.Unmarshal(data, &list); err != nil {
			return nil, err
		}
		all := &entityCond{kind: "all"}
		for _, l := range list {
			c, err := parseLootCondition(l, mapForm)
			if err != nil {
				return nil, err
			}
			all.terms = append(all.terms, c)
		}
		return all, nil
	}
	return parseEntityPredicate(data, mapForm)
}

func parseLootCondition(data json.RawMessage, mapForm bool) (*entityCond, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	var kind string
	if err := json.Unmarshal(raw["condition"], &kind); err != nil {
		return nil, fmt.Errorf("loot condition without a condition type")
	}
	id, err := datapack.ParseID(kind)
	if err != nil {
		return nil, err
	}
	switch id.String() {
	case "minecraft:entity_properties":
		var ent string
		if err := json.Unmarshal(raw["entity"], &ent); err != nil || ent != "this" {
			return nil, fmt.Errorf("not modelled by mcvm: entity_properties for entity %q (only \"this\")", ent)
		}
		for k := range raw {
			if k != "condition" && k != "entity" && k != "predicate" {
				return nil, fmt.Errorf("unknown field %q in entity_properties", k)
			}
		}
		return parseEntityPredicate(raw["predicate"], mapForm)
	case "minecraft:inverted":
		c, err := parseLootCondition(raw["term"], mapForm)
		if err != nil {
			return nil, err
		}
		return &entityCond{kind: "not", terms: []*entityCond{c}}, nil
	case "minecraft:any_of", "minecraft:all_of":
		var terms []json.RawMessage
		if err := json.Unmarshal(raw["terms"], &terms); err != nil {
			return nil, err
		}
		out := &entityCond{kind: "any"}
		if id.String() == "minecraft:all_of" {
			out.kind = "all"
		}
		for _, tm := range terms {
			c, err := parseLootCondition(tm, mapForm)
			if err != nil {
				return nil, err
			}
			out.terms = append(out.terms, c)
		}
		return out, nil
	}
	return nil, fmt.Errorf("not modelled by mcvm: loot condition %s", id)
}

// mapPredicateKeys are the sub-predicate types of 26.2's map form that
// mcvm models, with the field each replaces in the older form.
var mapPredicateKeys = map[string]string{
	"minecraft:entity_type": "type",
	"minecraft:nbt":         "nbt",
	"minecraft:distance":    "distance",
}

// parseEntityPredicate reads an entity predicate in the field form
// ({"type": …, "nbt": …}) or, with mapForm, 26.2's map keyed by
// sub-predicate type ({"minecraft:entity_type": …}); each release accepts
// only its own form, as the game does.
func parseEntityPredicate(data json.RawMessage, mapForm bool) (*entityCond, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	c := &entityCond{kind: "pred"}
	for key, v := range raw {
		k := key
		if mapForm {
			id, err := datapack.ParseID(key)
			if err != nil {
				return nil, fmt.Errorf("entity predicate key %q: %v", key, err)
			}
			field, ok := mapPredicateKeys[id.String()]
			if !ok {
				if _, old := mapPredicateKeys["minecraft:"+key]; old || key == "type" {
					return nil, fmt.Errorf("entity predicate key %q: this release keys entity predicates by sub-predicate type (\"minecraft:entity_type\", …), not by the fields of releases before 26.2", key)
				}
				return nil, fmt.Errorf("not modelled by mcvm: entity sub-predicate %s", id)
			}
			k = field
		} else if strings.Contains(key, ":") {
			return nil, fmt.Errorf("entity predicate key %q: releases before 26.2 have fixed fields (\"type\", \"nbt\", …); the game ignores this one", key)
		}
		switch k {
		case "type":
			var ids []string
			var one string
			if err := json.Unmarshal(v, &one); err == nil {
				if strings.HasPrefix(one, "#") {
					return nil, fmt.Errorf("not modelled by mcvm: entity type tags")
				}
				ids = []string{one}
			} else if err := json.Unmarshal(v, &ids); err != nil {
				return nil, fmt.Errorf("type: %v", err)
			}
			for _, s := range ids {
				id, err := datapack.ParseID(s)
				if err != nil {
					return nil, err
				}
				t, ok := entityTypes[id.String()]
				if !ok {
					return nil, fmt.Errorf("not modelled by mcvm: entity type %s", id)
				}
				c.types = append(c.types, t)
			}
		case "nbt":
			var s string
			if err := json.Unmarshal(v, &s); err != nil {
				return nil, fmt.Errorf("nbt: %v", err)
			}
			comp, err := parseCompound(s)
			if err != nil {
				return nil, fmt.Errorf("nbt: %v", err)
			}
			c.nbt = comp
		case "distance":
			var d map[string]map[string]float64
			if err := json.Unmarshal(v, &d); err != nil {
				return nil, fmt.Errorf("distance: %v", err)
			}
			c.dist = map[string][2]*float64{}
			for axis, mm := range d {
				switch axis {
				case "absolute", "horizontal", "x", "y", "z":
				default:
					return nil, fmt.Errorf("distance: unknown axis %q", axis)
				}
				var b [2]*float64
				for bk, bv := range mm {
					v := bv
					switch bk {
					case "min":
						b[0] = &v
					case "max":
						b[1] = &v
					default:
						return nil, fmt.Errorf("distance: unknown bound %q", bk)
					}
				}
				c.dist[axis] = b
			}
		default:
			return nil, fmt.Errorf("not modelled by mcvm: entity predicate field %q", k)
		}
	}
	return c, nil
}

// test evaluates the predicate for entity e, with origin the position the
// trigger measures distances from (the player's).
func (c *entityCond) test(m *Machine, e *Entity, origin Vec3) (bool, error) {
	if c == nil {
		return true, nil
	}
	switch c.kind {
	case "not":
		ok, err := c.terms[0].test(m, e, origin)
		return !ok, err
	case "any":
		for _, t := range c.terms {
			ok, err := t.test(m, e, origin)
			if err != nil || ok {
				return ok, err
			}
		}
		return false, nil
	case "all":
		for _, t := range c.terms {
			ok, err := t.test(m, e, origin)
			if err != nil || !ok {
				return ok, err
			}
		}
		return true, nil
	}
	if len(c.types) > 0 {
		found := false
		for _, t := range c.types {
			if e.typ == t {
				found = true
			}
		}
		if !found {
			return false, nil
		}
	}
	for axis, b := range c.dist {
		dx, dy, dz := math.Abs(origin.X-e.Pos.X), math.Abs(origin.Y-e.Pos.Y), math.Abs(origin.Z-e.Pos.Z)
		var d float64
		switch axis {
		case "absolute":
			d = math.Sqrt(dx*dx + dy*dy + dz*dz)
		case "horizontal":
			d = math.Sqrt(dx*dx + dz*dz)
		case "x":
			d = dx
		case "y":
			d = dy
		case "z":
			d = dz
		}
		if b[0] != nil && d < *b[0] || b[1] != nil && d > *b[1] {
			return false, nil
		}
	}
	if c.nbt != nil {
		if err := checkEntityKeys(e, c.nbt); err != nil {
			return false, err
		}
		if !compareNBT(c.nbt, m.entityData(e), true) {
			return false, nil
		}
	}
	return true, nil
}

func (p *Player) prog(a *advancement) *advProgress {
	pr := p.progress[a.id]
	if pr == nil {
		pr = &advProgress{obtained: map[string]bool{}}
		p.progress[a.id] = pr
	}
	return pr
}

// award is PlayerAdvancements.award: grants one criterion; completing the
// advancement runs its reward.
func (m *Machine) award(p *Player, a *advancement, crit string) bool {
	pr := p.prog(a)
	wasDone := a.done(pr)
	if pr.obtained[crit] {
		return false
	}
	pr.obtained[crit] = true
	if !wasDone && a.done(pr) {
		m.reward(p, a)
	}
	return true
}

func (m *Machine) revokeCriterion(p *Player, a *advancement, crit string) bool {
	pr := p.prog(a)
	if !pr.obtained[crit] {
		return false
	}
	delete(pr.obtained, crit)
	return true
}

func (m *Machine) grantAll(p *Player, a *advancement) bool {
	changed := false
	for _, c := range slices.Sorted(maps.Keys(a.criteria)) {
		if m.award(p, a, c) {
			changed = true
		}
	}
	return changed
}

func (m *Machine) revokeAll(p *Player, a *advancement) bool {
	changed := false
	for _, c := range slices.Sorted(maps.Keys(a.criteria)) {
		if m.revokeCriterion(p, a, c) {
			changed = true
		}
	}
	return changed
}

// advSelection is AdvancementCommands' only/from/through/until.
func (m *Machine) advSelection(a *advancement, mode string) []*advancement {
	var ancestors []*advancement
	for p := m.advs[a.parent]; p != nil; p = m.advs[p.parent] {
		ancestors = append([]*advancement{p}, ancestors...)
	}
	var descend func(x *advancement, out []*advancement) []*advancement
	descend = func(x *advancement, out []*advancement) []*advancement {
		out = append(out, x)
		for _, c := range x.children {
			out = descend(c, out)
		}
		return out
	}
	switch mode {
	case "from":
		return descend(a, nil)
	case "through":
		return descend(a, ancestors)
	case "until":
		return append(ancestors, a)
	}
	return []*advancement{a}
}

// reward runs the advancement's function reward as the player
// (AdvancementRewards.grant): at the player, permission gamemasters,
// silent; a missing function is ignored, as the game only logs it.
func (m *Machine) reward(p *Player, a *advancement) {
	if a.reward == "" {
		return
	}
	fn := m.funcs[a.reward]
	if fn == nil {
		return
	}
	src := p.source()
	src.perm = 2
	m.runFunctionTop(fn, fmt.Sprintf("reward %s (%s, player %s)", a.reward, a.id, p.Name), src, nil)
}

// trigger fires a trigger for a player: every listening criterion whose
// conditions pass is awarded, in advancement id then criterion name order
// (the game's listener set has no defined order).
func (m *Machine) trigger(p *Player, trigger string, target *Entity) error {
	type hit struct {
		a    *advancement
		crit string
	}
	var hits []hit
	for _, a := range m.advList {
		pr := p.progress[a.id]
		if a.done(pr) {
			continue
		}
		for _, name := range slices.Sorted(maps.Keys(a.criteria)) {
			c := a.criteria[name]
			if c.trigger != trigger || (pr != nil && pr.obtained[name]) {
				continue
			}
			ok, err := c.player.test(m, p.entity, p.entity.Pos)
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
			if target != nil {
				ok, err = c.entity.test(m, target, p.entity.Pos)
				if err != nil {
					return err
				}
				if !ok {
					continue
				}
			}
			hits = append(hits, hit{a, name})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].a.id < hits[j].a.id })
	for _, h := range hits {
		m.award(p, h.a, h.crit)
		if m.pendingErr != nil {
			return m.pendingErr
		}
	}
	return nil
}
