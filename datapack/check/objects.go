package check

import "strings"

// parseBlock is BlockStateParser: a block ID (or, for predicates, a #tag),
// optional [property=value,…] and an optional {nbt}. The reports carry no
// block-state definitions, so property names and values are checked for
// syntax and duplicates only.
func (c *checker) parseBlock(r *reader, predicate bool) *synErr {
	start := r.pos
	if predicate && r.canRead() && r.peek() == '#' {
		r.skip()
		if _, err := readResourceLocation(r); err != nil {
			return err
		}
	} else {
		id, err := readResourceLocation(r)
		if err != nil {
			return err
		}
		if !c.reg.Has("minecraft:block", id) {
			r.pos = start
			return errAt(start, "unknown block type '%s'", normalizeID(id))
		}
	}
	if r.canRead() && r.peek() == '[' {
		if err := readBlockProperties(r); err != nil {
			return err
		}
	}
	if r.canRead() && r.peek() == '{' {
		if _, err := parseSNBTCompoundArg(r); err != nil {
			return err
		}
	}
	return nil
}

func readBlockProperties(r *reader) *synErr {
	r.skip()
	r.skipWhitespace()
	seen := map[string]bool{}
	for r.canRead() && r.peek() != ']' {
		r.skipWhitespace()
		keyPos := r.pos
		key, err := r.readString()
		if err != nil {
			return err
		}
		if key == "" {
			r.pos = keyPos
			return errAt(keyPos, "expected a block property name")
		}
		if seen[key] {
			r.pos = keyPos
			return errAt(keyPos, "property '%s' can only be set once", key)
		}
		seen[key] = true
		r.skipWhitespace()
		if !r.canRead() || r.peek() != '=' {
			return errAt(r.pos, "expected value for property '%s'", key)
		}
		r.skip()
		r.skipWhitespace()
		valPos := r.pos
		val, err := r.readString()
		if err != nil {
			return err
		}
		if val == "" {
			r.pos = valPos
			return errAt(valPos, "expected a value for property '%s'", key)
		}
		r.skipWhitespace()
		if r.canRead() {
			if r.peek() != ',' {
				if r.peek() != ']' {
					return errAt(r.pos, "expected end of properties")
				}
				break
			}
			r.skip()
		}
	}
	if !r.canRead() {
		return errAt(r.pos, "expected end of properties")
	}
	r.skip()
	return nil
}

// parseItemStack is ItemParser: an item ID and optional
// [component=value,!component,…] (1.20.5+ data components).
func (c *checker) parseItemStack(r *reader) *synErr {
	start := r.pos
	id, err := readResourceLocation(r)
	if err != nil {
		return err
	}
	if !c.reg.Has("minecraft:item", id) {
		r.pos = start
		return errAt(start, "unknown item '%s'", normalizeID(id))
	}
	if !r.canRead() || r.peek() != '[' {
		return nil
	}
	r.skip()
	seen := map[string]bool{}
	for r.canRead() && r.peek() != ']' {
		r.skipWhitespace()
		removal := false
		if r.canRead() && r.peek() == '!' {
			r.skip()
			removal = true
		}
		typPos := r.pos
		typ, err := c.readComponentType(r)
		if err != nil {
			return err
		}
		if seen[typ] {
			r.pos = typPos
			return errAt(typPos, "component '%s' can only be specified once", typ)
		}
		seen[typ] = true
		r.skipWhitespace()
		if !removal {
			if err := r.expect('='); err != nil {
				return err
			}
			r.skipWhitespace()
			valPos := r.pos
			val, err := parseSNBTArg(r)
			if err != nil {
				return err
			}
			if msg := c.checkComponentValue(typ, val); msg != "" {
				r.pos = valPos
				return errAt(valPos, "malformed '%s' component: %s", typ, msg)
			}
			r.skipWhitespace()
		}
		if !r.canRead() || r.peek() != ',' {
			break
		}
		r.skip()
		r.skipWhitespace()
		if !r.canRead() {
			return errAt(r.pos, "expected component")
		}
	}
	return r.expect(']')
}

func (c *checker) readComponentType(r *reader) (string, *synErr) {
	if !r.canRead() {
		return "", errAt(r.pos, "expected component")
	}
	start := r.pos
	id, err := readResourceLocation(r)
	if err != nil {
		return "", err
	}
	if id == "" || !c.reg.Has("minecraft:data_component_type", id) {
		r.pos = start
		return "", errAt(start, "unknown component '%s'", normalizeID(id))
	}
	return normalizeID(id), nil
}

// checkComponentValue decodes the few component types whose codecs the
// checker knows; the others are checked for SNBT syntax only.
func (c *checker) checkComponentValue(typ string, v *tag) string {
	switch typ {
	case "minecraft:custom_data":
		if v.kind == tagCompound {
			return ""
		}
		if v.kind == tagString {
			if t, err := parseSNBT(v.str); err == nil && t.kind == tagCompound {
				return ""
			}
		}
		return "expected a compound"
	case "minecraft:custom_name", "minecraft:item_name":
		return c.checkTextComponent(v)
	case "minecraft:lore":
		if v.kind != tagList {
			return "expected a list of text components"
		}
		for _, e := range v.list {
			if msg := c.checkTextComponent(e); msg != "" {
				return msg
			}
		}
	case "minecraft:max_stack_size":
		if !(v.kind == tagInt || v.kind == tagByte || v.kind == tagShort) || v.i < 1 || v.i > 99 {
			return "expected an int from 1 to 99"
		}
	case "minecraft:enchantment_glint_override":
		if v.kind != tagByte {
			return "expected a boolean"
		}
	}
	return ""
}

// parseItemPredicate follows ItemPredicateArgument's packrat grammar:
//
//	top   = type ( '[' [conditions] ']' )?
//	type  = item-id | '#' tag | '*'
//	conditions = alternatives ( ',' conditions )?
//	alternatives = term ( '|' alternatives )?
//	term  = '!'? ( component '=' snbt | predicate '~' snbt | component )
//
// where every terminal skips leading whitespace, as the packrat terms do.
func (c *checker) parseItemPredicate(r *reader) *synErr {
	r.skipWhitespace()
	start := r.pos
	switch {
	case r.canRead() && r.peek() == '*':
		r.skip()
	case r.canRead() && r.peek() == '#':
		r.skip()
		r.skipWhitespace()
		if _, err := readResourceLocation(r); err != nil {
			return err
		}
	default:
		id, err := readResourceLocation(r)
		if err != nil {
			return err
		}
		if !c.reg.Has("minecraft:item", id) {
			return errAt(start, "unknown item '%s'", normalizeID(id))
		}
	}
	save := r.pos
	r.skipWhitespace()
	if !r.canRead() || r.peek() != '[' {
		r.pos = save
		return nil
	}
	r.skip()
	r.skipWhitespace()
	if r.canRead() && r.peek() == ']' {
		r.skip()
		return nil
	}
	for {
		for {
			if err := c.itemPredicateTerm(r); err != nil {
				return err
			}
			r.skipWhitespace()
			if r.canRead() && r.peek() == '|' {
				r.skip()
				continue
			}
			break
		}
		if r.canRead() && r.peek() == ',' {
			r.skip()
			continue
		}
		break
	}
	r.skipWhitespace()
	return r.expect(']')
}

func (c *checker) itemPredicateTerm(r *reader) *synErr {
	r.skipWhitespace()
	if r.canRead() && r.peek() == '!' {
		r.skip()
		r.skipWhitespace()
	}
	start := r.pos
	id, err := readResourceLocation(r)
	if err != nil {
		return err
	}
	isComponent := id != "" && (normalizeID(id) == "minecraft:count" || c.reg.Has("minecraft:data_component_type", id))
	isPredicate := id != "" && (normalizeID(id) == "minecraft:count" || c.reg.Has("minecraft:data_component_predicate_type", id))
	after := r.pos
	r.skipWhitespace()
	if r.canRead() && r.peek() == '=' && isComponent {
		r.skip()
		_, err := parseSNBTArg(r)
		return err
	}
	if r.canRead() && r.peek() == '~' && isPredicate {
		r.skip()
		_, err := parseSNBTArg(r)
		return err
	}
	if !isComponent {
		if r.canRead() && r.peek() == '~' {
			return errAt(start, "unknown item predicate '%s'", normalizeID(id))
		}
		return errAt(start, "unknown component '%s'", normalizeID(id))
	}
	r.pos = after
	return nil
}

// particleOptions lists the options a particle type's codec requires (an
// absent {…} decodes as an empty compound and fails for these).
var particleOptions = map[string][]string{
	"minecraft:dust":                  {"color", "scale"},
	"minecraft:dust_color_transition": {"from_color", "to_color", "scale"},
	"minecraft:block":                 {"block_state"},
	"minecraft:block_marker":          {"block_state"},
	"minecraft:falling_dust":          {"block_state"},
	"minecraft:dust_pillar":           {"block_state"},
	"minecraft:block_crumble":         {"block_state"},
	"minecraft:item":                  {"item"},
	"minecraft:entity_effect":         {"color"},
	"minecraft:tinted_leaves":         {"color"},
	"minecraft:vibration":             {"destination", "arrival_in_ticks"},
	"minecraft:sculk_charge":          {"roll"},
	"minecraft:shriek":                {"delay"},
	"minecraft:trail":                 {"target", "color", "duration"},
}

// parseParticle is ParticleArgument.readParticle: a particle type and an
// optional {options} compound.
func (c *checker) parseParticle(r *reader) *synErr {
	id, err := readResourceLocation(r)
	if err != nil {
		return err
	}
	if !c.reg.Has("minecraft:particle_type", id) {
		return errAt(r.pos, "unknown particle '%s'", normalizeID(id))
	}
	var opts *tag
	if r.canRead() && r.peek() == '{' {
		if opts, err = parseSNBTCompoundArg(r); err != nil {
			return err
		}
	}
	var missing []string
	for _, k := range particleOptions[normalizeID(id)] {
		if opts.get(k) == nil {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		return errAt(r.pos, "invalid options for particle %s: missing %s", normalizeID(id), strings.Join(missing, ", "))
	}
	return nil
}
