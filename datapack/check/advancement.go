package check

import (
	"sort"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

var advancementKeys = map[string]bool{
	"parent": true, "display": true, "criteria": true, "requirements": true,
	"rewards": true, "sends_telemetry_event": true,
}

var rewardKeys = map[string]bool{"experience": true, "recipes": true, "loot": true, "function": true}

// entityConditions are the conditions of triggers whose "entity" (or
// other entity-valued key) is an entity predicate, besides "player", which
// every player trigger has.
var entityConditions = map[string][]string{
	"minecraft:player_interacted_with_entity": {"entity"},
	"minecraft:player_hurt_entity":            {"entity"},
	"minecraft:player_killed_entity":          {"entity"},
	"minecraft:entity_hurt_player":            {},
	"minecraft:summoned_entity":               {"entity"},
	"minecraft:tame_animal":                   {"entity"},
	"minecraft:bred_animals":                  {"parent", "partner", "child"},
	"minecraft:channeled_lightning":           {},
	"minecraft:cured_zombie_villager":         {"villager", "zombie"},
	"minecraft:villager_trade":                {"villager"},
}

func (c *checker) checkAdvancements() {
	ids := make([]string, 0, len(c.advs))
	for id := range c.advs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		c.checkAdvancement(c.advFiles[id], c.advs[id])
	}
}

func (c *checker) checkAdvancement(path string, b []byte) {
	f := &jsonFile{c: c, path: path, src: b}
	root := f.parse()
	if root == nil {
		return
	}
	if root.kind != 'o' {
		f.at(root.off, "an advancement is an object, got %s", root.kindName())
		return
	}
	for _, k := range root.keys {
		if !advancementKeys[k.name] {
			f.at(k.off, "unknown key %q (the game ignores it)", k.name)
		}
	}
	if p := root.get("parent"); p != nil {
		if p.kind != 's' || !syntax.ValidResourceLocation(p.str) || p.str == "" {
			f.at(p.off, "parent: expected an advancement id")
		} else if id := syntax.NormalizeID(p.str); c.ownNamespace(id) && c.advs[id] == nil {
			f.at(p.off, "parent: unknown advancement %s", id)
		}
	}
	criteria := root.get("criteria")
	if criteria == nil || criteria.kind != 'o' || len(criteria.keys) == 0 {
		off := root.off
		if criteria != nil {
			off = criteria.off
		}
		f.at(off, "criteria: expected a non-empty object")
	} else {
		for _, k := range criteria.keys {
			c.checkCriterion(f, k.name, k.val)
		}
	}
	if rq := root.get("requirements"); rq != nil {
		if rq.kind != 'a' {
			f.at(rq.off, "requirements: expected a list of lists of criterion names")
		}
		for _, group := range rq.elems {
			if group.kind != 'a' {
				f.at(group.off, "requirements: expected a list of criterion names")
				continue
			}
			for _, n := range group.elems {
				if n.kind != 's' || criteria.get(n.str) == nil {
					f.at(n.off, "requirements: unknown criterion %s", jsonText(f.src, n))
				}
			}
		}
	}
	if rw := root.get("rewards"); rw != nil {
		c.checkRewards(f, rw)
	}
}

func (c *checker) checkCriterion(f *jsonFile, name string, crit *jnode) {
	if crit.kind != 'o' || crit.get("trigger") == nil {
		f.at(crit.off, "criteria.%s: expected an object with a trigger", name)
		return
	}
	tr := crit.get("trigger")
	trigger := ""
	if tr.kind != 's' || !syntax.ValidResourceLocation(tr.str) || !c.reg.Has("minecraft:trigger_type", tr.str) {
		f.at(tr.off, "criteria.%s: unknown trigger %s", name, jsonText(f.src, tr))
	} else {
		trigger = syntax.NormalizeID(tr.str)
	}
	for _, k := range crit.keys {
		if k.name != "trigger" && k.name != "conditions" {
			f.at(k.off, "criteria.%s: unknown key %q (the game ignores it)", name, k.name)
		}
	}
	cond := crit.get("conditions")
	if cond == nil {
		return
	}
	if cond.kind != 'o' {
		f.at(cond.off, "criteria.%s.conditions: expected an object", name)
		return
	}
	if trigger == "minecraft:impossible" && len(cond.keys) > 0 {
		f.at(cond.off, "criteria.%s.conditions: minecraft:impossible takes no conditions", name)
		return
	}
	entityKeys := map[string]bool{"player": true}
	for _, k := range entityConditions[trigger] {
		entityKeys[k] = true
	}
	for _, k := range cond.keys {
		if entityKeys[k.name] {
			c.checkContextPredicate(f, "criteria."+name+".conditions."+k.name, k.val)
		}
	}
}

func (c *checker) checkRewards(f *jsonFile, rw *jnode) {
	if rw.kind != 'o' {
		f.at(rw.off, "rewards: expected an object")
		return
	}
	for _, k := range rw.keys {
		if !rewardKeys[k.name] {
			f.at(k.off, "rewards: unknown key %q (the game ignores it)", k.name)
		}
	}
	fn := rw.get("function")
	if fn == nil {
		return
	}
	if fn.kind != 's' || !syntax.ValidResourceLocation(fn.str) || fn.str == "" {
		f.at(fn.off, "rewards.function: expected a function id")
		return
	}
	id := syntax.NormalizeID(fn.str)
	ff := c.functions[id]
	switch {
	case ff == nil && c.ownNamespace(id):
		f.at(fn.off, "rewards.function: unknown function %s", id)
	case ff != nil && ff.macro:
		f.at(fn.off, "rewards.function: %s is a macro function and gets no arguments", id)
	}
}

// checkContextPredicate checks an entity condition of a trigger: an entity
// predicate (the short form) or a list of loot conditions.
func (c *checker) checkContextPredicate(f *jsonFile, where string, n *jnode) {
	switch n.kind {
	case 'a':
		for _, e := range n.elems {
			c.checkLootCondition(f, where, e)
		}
	case 'o':
		c.checkEntityPredicate(f, where, n)
	default:
		f.at(n.off, "%s: expected an entity predicate or a list of loot conditions, got %s", where, n.kindName())
	}
}

// lootEntityTargets are the entity_properties "entity" values.
var lootEntityTargets = map[string]bool{
	"this": true, "attacker": true, "direct_attacker": true, "attacking_player": true,
	"target_entity": true, "interacting_entity": true,
}

// checkLootCondition checks a loot condition (predicate) object. The
// conditions that compose others and entity_properties are checked deeply;
// the others by their type only.
func (c *checker) checkLootCondition(f *jsonFile, where string, n *jnode) {
	if n.kind == 'a' { // a predicate file may hold a list: all must pass
		for _, e := range n.elems {
			c.checkLootCondition(f, where, e)
		}
		return
	}
	if n.kind != 'o' {
		f.at(n.off, "%s: expected a loot condition object, got %s", where, n.kindName())
		return
	}
	t := n.get("condition")
	if t == nil || t.kind != 's' || !syntax.ValidResourceLocation(t.str) {
		f.at(n.off, "%s: a loot condition needs \"condition\", its type", where)
		return
	}
	kind := syntax.NormalizeID(t.str)
	if c.reg != nil && c.reg.Known("minecraft:loot_condition_type") && !c.reg.Has("minecraft:loot_condition_type", kind) {
		f.at(t.off, "%s: unknown loot condition type %s", where, kind)
		return
	}
	switch kind {
	case "minecraft:entity_properties":
		if e := n.get("entity"); e == nil || e.kind != 's' || !lootEntityTargets[e.str] {
			off := n.off
			if e != nil {
				off = e.off
			}
			f.at(off, "%s: entity_properties needs \"entity\": this, attacker, direct_attacker, attacking_player, target_entity or interacting_entity", where)
		}
		if p := n.get("predicate"); p != nil {
			c.checkEntityPredicate(f, where+".predicate", p)
		}
	case "minecraft:inverted":
		if tm := n.get("term"); tm != nil {
			c.checkLootCondition(f, where+".term", tm)
		} else {
			f.at(n.off, "%s: inverted needs \"term\"", where)
		}
	case "minecraft:any_of", "minecraft:all_of":
		tms := n.get("terms")
		if tms == nil || tms.kind != 'a' {
			f.at(n.off, "%s: %s needs \"terms\", a list of conditions", where, kind)
			return
		}
		for _, e := range tms.elems {
			c.checkLootCondition(f, where+".terms", e)
		}
	case "minecraft:reference":
		r := n.get("name")
		if r == nil || r.kind != 's' || !syntax.ValidResourceLocation(r.str) {
			f.at(n.off, "%s: reference needs \"name\", a predicate id", where)
			return
		}
		if id := syntax.NormalizeID(r.str); c.ownNamespace(id) && !c.predicates[id] {
			f.at(r.off, "%s: unknown predicate %s", where, id)
		}
	}
}

// entityPredicateFields are the fields of an entity predicate before 26.2.
var entityPredicateFields = map[string]bool{
	"type": true, "type_specific": true, "nbt": true, "location": true, "stepping_on": true,
	"movement_affected_by": true, "distance": true, "movement": true, "flags": true,
	"equipment": true, "vehicle": true, "passenger": true, "targeted_entity": true,
	"team": true, "effects": true, "periodic_tick": true, "slots": true,
	"components": true, "predicates": true,
}

// entityValued are the keys whose value is itself an entity predicate, by
// their field-form names.
var entityValued = map[string]bool{"vehicle": true, "passenger": true, "targeted_entity": true}

// mapPredicates reports whether the release keys entity predicates by
// sub-predicate type (26.2 on): its entity_sub_predicate_type registry
// then lists "entity_type" among the types, which it did not before.
func (c *checker) mapPredicates() bool {
	return c.reg != nil && c.reg.Has("minecraft:entity_sub_predicate_type", "minecraft:entity_type")
}

// checkEntityPredicate checks an entity predicate in the release's form:
// an object of fixed fields up to 26.1, a map keyed by sub-predicate type
// from 26.2. A key of the other form is the mistake to catch: 26.2 fails
// to load the file, older releases ignore the key (so the predicate
// matches every entity).
func (c *checker) checkEntityPredicate(f *jsonFile, where string, n *jnode) {
	if n.kind != 'o' {
		f.at(n.off, "%s: expected an entity predicate object, got %s", where, n.kindName())
		return
	}
	mapForm := c.mapPredicates()
	for _, k := range n.keys {
		field := k.name
		if mapForm {
			id := syntax.NormalizeID(k.name)
			if !syntax.ValidResourceLocation(k.name) || !c.reg.Has("minecraft:entity_sub_predicate_type", id) {
				hint := ""
				if entityPredicateFields[k.name] {
					hint = ": from 26.2 entity predicates are a map keyed by sub-predicate type (" + mapKeyFor(k.name) + "), and the game fails to load this file"
				}
				f.at(k.off, "%s: unknown entity sub-predicate type %q%s", where, k.name, hint)
				continue
			}
			field = strings.TrimPrefix(id, "minecraft:")
			if field == "entity_type" {
				field = "type"
			}
		} else if !entityPredicateFields[k.name] {
			hint := " (the game ignores it)"
			if strings.Contains(k.name, ":") {
				hint = ": that is 26.2's map form; this release ignores the key, so the predicate matches every entity"
			}
			f.at(k.off, "%s: unknown entity predicate field %q%s", where, k.name, hint)
			continue
		}
		v := k.val
		switch {
		case field == "type":
			c.checkEntityTypes(f, where+"."+k.name, v)
		case field == "nbt":
			if v.kind != 's' {
				f.at(v.off, "%s.%s: expected SNBT text", where, k.name)
			} else if _, err := syntax.ParseSNBT(v.str); err != nil {
				f.at(v.off, "%s.%s: invalid SNBT: %v", where, k.name, err)
			}
		case entityValued[field]:
			c.checkEntityPredicate(f, where+"."+k.name, v)
		}
	}
}

// mapKeyFor names the sub-predicate type that replaced a field in 26.2.
func mapKeyFor(field string) string {
	if field == "type" {
		return `"minecraft:entity_type"`
	}
	return `"minecraft:` + field + `"`
}

// checkEntityTypes checks an entity type value: an id, a #tag, or a list
// of ids.
func (c *checker) checkEntityTypes(f *jsonFile, where string, v *jnode) {
	var ids []*jnode
	switch v.kind {
	case 's':
		ids = []*jnode{v}
	case 'a':
		ids = v.elems
	default:
		f.at(v.off, "%s: expected an entity type id, a #tag or a list of ids", where)
		return
	}
	for _, id := range ids {
		if id.kind != 's' {
			f.at(id.off, "%s: expected an entity type id", where)
			continue
		}
		name := id.str
		if strings.HasPrefix(name, "#") && v.kind == 's' {
			continue // tags are not in the reports
		}
		if !syntax.ValidResourceLocation(name) || (c.reg != nil && c.reg.Known("minecraft:entity_type") && !c.reg.Has("minecraft:entity_type", name)) {
			f.at(id.off, "%s: unknown entity type %q", where, name)
		}
	}
}

// checkPredicates checks the pack's predicate files: a loot condition or
// a list of them.
func (c *checker) checkPredicates(p *datapack.Pack) {
	for _, path := range p.Paths() {
		if _, ok := predicateID(path); !ok {
			continue
		}
		f := &jsonFile{c: c, path: path, src: p.Files[path]}
		if root := f.parse(); root != nil {
			c.checkLootCondition(f, "predicate", root)
		}
	}
}

// predicateID is the id of a predicate file's path.
func predicateID(path string) (string, bool) {
	rest, ok := strings.CutPrefix(path, "data/")
	if !ok {
		return "", false
	}
	ns, rest, ok := strings.Cut(rest, "/")
	if !ok {
		return "", false
	}
	rest, ok = strings.CutPrefix(rest, "predicate/")
	if !ok || !strings.HasSuffix(rest, ".json") {
		return "", false
	}
	return ns + ":" + strings.TrimSuffix(rest, ".json"), true
}

// jsonText is a value as written, for messages.
func jsonText(src []byte, n *jnode) string {
	if n.kind == 's' {
		return `"` + n.str + `"`
	}
	return n.kindName()
}
