package check

import (
	"maps"
	"slices"
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
	for _, id := range slices.Sorted(maps.Keys(c.advs)) {
		c.checkAdvancement(c.advFiles[id], c.advs[id])
	}
}

func (c *checker) checkAdvancement(path string, b []byte) {
	f := &jsonFile{c: c, path: path, src: b}
	root := f.parse()
	if root == nil {
		return
	}
	if root.Kind != 'o' {
		f.at(root.Off, "an advancement is an object, got %s", root.KindName())
		return
	}
	for _, k := range root.Keys {
		if !advancementKeys[k.Name] {
			f.at(k.Off, "unknown key %q (the game ignores it)", k.Name)
		}
	}
	if p := root.Get("parent"); p != nil {
		if p.Kind != 's' || !syntax.ValidResourceLocation(p.Str) || p.Str == "" {
			f.at(p.Off, "parent: expected an advancement id")
		} else if id := syntax.NormalizeID(p.Str); c.ownNamespace(id) && c.advs[id] == nil {
			f.at(p.Off, "parent: unknown advancement %s", id)
		}
	}
	criteria := root.Get("criteria")
	if criteria == nil || criteria.Kind != 'o' || len(criteria.Keys) == 0 {
		off := root.Off
		if criteria != nil {
			off = criteria.Off
		}
		f.at(off, "criteria: expected a non-empty object")
	} else {
		for _, k := range criteria.Keys {
			c.checkCriterion(f, k.Name, k.Val)
		}
	}
	if rq := root.Get("requirements"); rq != nil {
		if rq.Kind != 'a' {
			f.at(rq.Off, "requirements: expected a list of lists of criterion names")
		}
		for _, group := range rq.Elems {
			if group.Kind != 'a' {
				f.at(group.Off, "requirements: expected a list of criterion names")
				continue
			}
			for _, n := range group.Elems {
				if n.Kind != 's' || criteria.Get(n.Str) == nil {
					f.at(n.Off, "requirements: unknown criterion %s", jsonText(f.src, n))
				}
			}
		}
	}
	if rw := root.Get("rewards"); rw != nil {
		c.checkRewards(f, rw)
	}
}

func (c *checker) checkCriterion(f *jsonFile, name string, crit *jnode) {
	if crit.Kind != 'o' || crit.Get("trigger") == nil {
		f.at(crit.Off, "criteria.%s: expected an object with a trigger", name)
		return
	}
	tr := crit.Get("trigger")
	trigger := ""
	if tr.Kind != 's' || !syntax.ValidResourceLocation(tr.Str) || !c.reg.Has("minecraft:trigger_type", tr.Str) {
		f.at(tr.Off, "criteria.%s: unknown trigger %s", name, jsonText(f.src, tr))
	} else {
		trigger = syntax.NormalizeID(tr.Str)
	}
	for _, k := range crit.Keys {
		if k.Name != "trigger" && k.Name != "conditions" {
			f.at(k.Off, "criteria.%s: unknown key %q (the game ignores it)", name, k.Name)
		}
	}
	cond := crit.Get("conditions")
	if cond == nil {
		return
	}
	if cond.Kind != 'o' {
		f.at(cond.Off, "criteria.%s.conditions: expected an object", name)
		return
	}
	if trigger == "minecraft:impossible" && len(cond.Keys) > 0 {
		f.at(cond.Off, "criteria.%s.conditions: minecraft:impossible takes no conditions", name)
		return
	}
	entityKeys := map[string]bool{"player": true}
	for _, k := range entityConditions[trigger] {
		entityKeys[k] = true
	}
	for _, k := range cond.Keys {
		if entityKeys[k.Name] {
			c.checkContextPredicate(f, "criteria."+name+".conditions."+k.Name, k.Val)
		}
	}
}

func (c *checker) checkRewards(f *jsonFile, rw *jnode) {
	if rw.Kind != 'o' {
		f.at(rw.Off, "rewards: expected an object")
		return
	}
	for _, k := range rw.Keys {
		if !rewardKeys[k.Name] {
			f.at(k.Off, "rewards: unknown key %q (the game ignores it)", k.Name)
		}
	}
	fn := rw.Get("function")
	if fn == nil {
		return
	}
	if fn.Kind != 's' || !syntax.ValidResourceLocation(fn.Str) || fn.Str == "" {
		f.at(fn.Off, "rewards.function: expected a function id")
		return
	}
	id := syntax.NormalizeID(fn.Str)
	ff := c.functions[id]
	switch {
	case ff == nil && c.ownNamespace(id):
		f.at(fn.Off, "rewards.function: unknown function %s", id)
	case ff != nil && ff.macro:
		f.at(fn.Off, "rewards.function: %s is a macro function and gets no arguments", id)
	}
}

// checkContextPredicate checks an entity condition of a trigger: an entity
// predicate (the short form) or a list of loot conditions.
func (c *checker) checkContextPredicate(f *jsonFile, where string, n *jnode) {
	switch n.Kind {
	case 'a':
		for _, e := range n.Elems {
			c.checkLootCondition(f, where, e)
		}
	case 'o':
		c.checkEntityPredicate(f, where, n)
	default:
		f.at(n.Off, "%s: expected an entity predicate or a list of loot conditions, got %s", where, n.KindName())
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
	if n.Kind == 'a' { // a predicate file may hold a list: all must pass
		for _, e := range n.Elems {
			c.checkLootCondition(f, where, e)
		}
		return
	}
	if n.Kind != 'o' {
		f.at(n.Off, "%s: expected a loot condition object, got %s", where, n.KindName())
		return
	}
	t := n.Get("condition")
	if t == nil || t.Kind != 's' || !syntax.ValidResourceLocation(t.Str) {
		f.at(n.Off, "%s: a loot condition needs \"condition\", its type", where)
		return
	}
	kind := syntax.NormalizeID(t.Str)
	if c.reg != nil && c.reg.Known("minecraft:loot_condition_type") && !c.reg.Has("minecraft:loot_condition_type", kind) {
		f.at(t.Off, "%s: unknown loot condition type %s", where, kind)
		return
	}
	switch kind {
	case "minecraft:entity_properties":
		if e := n.Get("entity"); e == nil || e.Kind != 's' || !lootEntityTargets[e.Str] {
			off := n.Off
			if e != nil {
				off = e.Off
			}
			f.at(off, "%s: entity_properties needs \"entity\": this, attacker, direct_attacker, attacking_player, target_entity or interacting_entity", where)
		}
		if p := n.Get("predicate"); p != nil {
			c.checkEntityPredicate(f, where+".predicate", p)
		}
	case "minecraft:inverted":
		if tm := n.Get("term"); tm != nil {
			c.checkLootCondition(f, where+".term", tm)
		} else {
			f.at(n.Off, "%s: inverted needs \"term\"", where)
		}
	case "minecraft:any_of", "minecraft:all_of":
		tms := n.Get("terms")
		if tms == nil || tms.Kind != 'a' {
			f.at(n.Off, "%s: %s needs \"terms\", a list of conditions", where, kind)
			return
		}
		for _, e := range tms.Elems {
			c.checkLootCondition(f, where+".terms", e)
		}
	case "minecraft:reference":
		r := n.Get("name")
		if r == nil || r.Kind != 's' || !syntax.ValidResourceLocation(r.Str) {
			f.at(n.Off, "%s: reference needs \"name\", a predicate id", where)
			return
		}
		if id := syntax.NormalizeID(r.Str); c.ownNamespace(id) && !c.predicates[id] {
			f.at(r.Off, "%s: unknown predicate %s", where, id)
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
	if n.Kind != 'o' {
		f.at(n.Off, "%s: expected an entity predicate object, got %s", where, n.KindName())
		return
	}
	mapForm := c.mapPredicates()
	for _, k := range n.Keys {
		field := k.Name
		if mapForm {
			id := syntax.NormalizeID(k.Name)
			if !syntax.ValidResourceLocation(k.Name) || !c.reg.Has("minecraft:entity_sub_predicate_type", id) {
				hint := ""
				if entityPredicateFields[k.Name] {
					hint = ": from 26.2 entity predicates are a map keyed by sub-predicate type (" + mapKeyFor(k.Name) + "), and the game fails to load this file"
				}
				f.at(k.Off, "%s: unknown entity sub-predicate type %q%s", where, k.Name, hint)
				continue
			}
			field = strings.TrimPrefix(id, "minecraft:")
			if field == "entity_type" {
				field = "type"
			}
		} else if !entityPredicateFields[k.Name] {
			hint := " (the game ignores it)"
			if strings.Contains(k.Name, ":") {
				hint = ": that is 26.2's map form; this release ignores the key, so the predicate matches every entity"
			}
			f.at(k.Off, "%s: unknown entity predicate field %q%s", where, k.Name, hint)
			continue
		}
		v := k.Val
		switch {
		case field == "type":
			c.checkEntityTypes(f, where+"."+k.Name, v)
		case field == "nbt":
			if v.Kind != 's' {
				f.at(v.Off, "%s.%s: expected SNBT text", where, k.Name)
			} else if _, err := syntax.ParseSNBT(v.Str); err != nil {
				f.at(v.Off, "%s.%s: invalid SNBT: %v", where, k.Name, err)
			}
		case entityValued[field]:
			c.checkEntityPredicate(f, where+"."+k.Name, v)
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
	switch v.Kind {
	case 's':
		ids = []*jnode{v}
	case 'a':
		ids = v.Elems
	default:
		f.at(v.Off, "%s: expected an entity type id, a #tag or a list of ids", where)
		return
	}
	for _, id := range ids {
		if id.Kind != 's' {
			f.at(id.Off, "%s: expected an entity type id", where)
			continue
		}
		name := id.Str
		if strings.HasPrefix(name, "#") && v.Kind == 's' {
			continue // tags are not in the reports
		}
		if !syntax.ValidResourceLocation(name) || (c.reg != nil && c.reg.Known("minecraft:entity_type") && !c.reg.Has("minecraft:entity_type", name)) {
			f.at(id.Off, "%s: unknown entity type %q", where, name)
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
	if n.Kind == 's' {
		return `"` + n.Str + `"`
	}
	return n.KindName()
}
