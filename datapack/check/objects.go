package check

import (
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// parseBlock is BlockStateParser (syntax.Reader.ReadBlockState) with the
// block looked up in the release's registry; its value is the
// syntax.BlockState.
func (c *checker) parseBlock(r *reader, predicate bool) (any, *syntax.Error) {
	start := r.Pos
	b, err := r.ReadBlockState(predicate)
	if err != nil {
		return nil, err
	}
	if !b.Tag && !c.reg.Has("minecraft:block", b.ID) {
		r.Pos = start
		return nil, syntax.Errorf(start, "unknown block type '%s'", b.ID)
	}
	return b, nil
}

// parseItemStack is ItemParser: an item ID and optional
// [component=value,!component,…] (1.20.5+ data components).
func (c *checker) parseItemStack(r *reader) *syntax.Error {
	start := r.Pos
	id, err := r.ReadResourceLocation()
	if err != nil {
		return err
	}
	if !c.reg.Has("minecraft:item", id) {
		r.Pos = start
		return syntax.Errorf(start, "unknown item '%s'", syntax.NormalizeID(id))
	}
	if !r.CanRead() || r.Peek() != '[' {
		return nil
	}
	r.Skip()
	seen := map[string]bool{}
	for r.CanRead() && r.Peek() != ']' {
		r.SkipWhitespace()
		removal := false
		if r.CanRead() && r.Peek() == '!' {
			r.Skip()
			removal = true
		}
		typPos := r.Pos
		typ, err := c.readComponentType(r)
		if err != nil {
			return err
		}
		if seen[typ] {
			r.Pos = typPos
			return syntax.Errorf(typPos, "component '%s' can only be specified once", typ)
		}
		seen[typ] = true
		r.SkipWhitespace()
		if !removal {
			if err := r.Expect('='); err != nil {
				return err
			}
			r.SkipWhitespace()
			valPos := r.Pos
			val, err := syntax.ParseSNBTArg(r)
			if err != nil {
				return err
			}
			if msg := c.checkComponentValue(typ, val); msg != "" {
				r.Pos = valPos
				return syntax.Errorf(valPos, "malformed '%s' component: %s", typ, msg)
			}
			r.SkipWhitespace()
		}
		if !r.CanRead() || r.Peek() != ',' {
			break
		}
		r.Skip()
		r.SkipWhitespace()
		if !r.CanRead() {
			return syntax.Errorf(r.Pos, "expected component")
		}
	}
	return r.Expect(']')
}

func (c *checker) readComponentType(r *reader) (string, *syntax.Error) {
	if !r.CanRead() {
		return "", syntax.Errorf(r.Pos, "expected component")
	}
	start := r.Pos
	id, err := r.ReadResourceLocation()
	if err != nil {
		return "", err
	}
	if id == "" || !c.reg.Has("minecraft:data_component_type", id) {
		r.Pos = start
		return "", syntax.Errorf(start, "unknown component '%s'", syntax.NormalizeID(id))
	}
	return syntax.NormalizeID(id), nil
}

// checkComponentValue decodes the few component types whose codecs the
// checker knows; the others are checked for SNBT syntax only.
func (c *checker) checkComponentValue(typ string, v *syntax.Tag) string {
	switch typ {
	case "minecraft:custom_data":
		if v.Kind == syntax.TagCompound {
			return ""
		}
		if v.Kind == syntax.TagString {
			if t, err := syntax.ParseSNBT(v.Str); err == nil && t.Kind == syntax.TagCompound {
				return ""
			}
		}
		return "expected a compound"
	case "minecraft:custom_name", "minecraft:item_name":
		return c.checkTextComponent(v)
	case "minecraft:lore":
		if v.Kind != syntax.TagList {
			return "expected a list of text components"
		}
		for _, e := range v.List {
			if msg := c.checkTextComponent(e); msg != "" {
				return msg
			}
		}
	case "minecraft:max_stack_size":
		if !(v.Kind == syntax.TagInt || v.Kind == syntax.TagByte || v.Kind == syntax.TagShort) || v.Int < 1 || v.Int > 99 {
			return "expected an int from 1 to 99"
		}
	case "minecraft:enchantment_glint_override":
		if v.Kind != syntax.TagByte {
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
func (c *checker) parseItemPredicate(r *reader) *syntax.Error {
	r.SkipWhitespace()
	start := r.Pos
	switch {
	case r.CanRead() && r.Peek() == '*':
		r.Skip()
	case r.CanRead() && r.Peek() == '#':
		r.Skip()
		r.SkipWhitespace()
		if _, err := r.ReadResourceLocation(); err != nil {
			return err
		}
	default:
		id, err := r.ReadResourceLocation()
		if err != nil {
			return err
		}
		if !c.reg.Has("minecraft:item", id) {
			return syntax.Errorf(start, "unknown item '%s'", syntax.NormalizeID(id))
		}
	}
	save := r.Pos
	r.SkipWhitespace()
	if !r.CanRead() || r.Peek() != '[' {
		r.Pos = save
		return nil
	}
	r.Skip()
	r.SkipWhitespace()
	if r.CanRead() && r.Peek() == ']' {
		r.Skip()
		return nil
	}
	for {
		for {
			if err := c.itemPredicateTerm(r); err != nil {
				return err
			}
			r.SkipWhitespace()
			if r.CanRead() && r.Peek() == '|' {
				r.Skip()
				continue
			}
			break
		}
		if r.CanRead() && r.Peek() == ',' {
			r.Skip()
			continue
		}
		break
	}
	r.SkipWhitespace()
	return r.Expect(']')
}

func (c *checker) itemPredicateTerm(r *reader) *syntax.Error {
	r.SkipWhitespace()
	if r.CanRead() && r.Peek() == '!' {
		r.Skip()
		r.SkipWhitespace()
	}
	start := r.Pos
	id, err := r.ReadResourceLocation()
	if err != nil {
		return err
	}
	isComponent := id != "" && (syntax.NormalizeID(id) == "minecraft:count" || c.reg.Has("minecraft:data_component_type", id))
	isPredicate := id != "" && (syntax.NormalizeID(id) == "minecraft:count" || c.reg.Has("minecraft:data_component_predicate_type", id))
	after := r.Pos
	r.SkipWhitespace()
	if r.CanRead() && r.Peek() == '=' && isComponent {
		r.Skip()
		_, err := syntax.ParseSNBTArg(r)
		return err
	}
	if r.CanRead() && r.Peek() == '~' && isPredicate {
		r.Skip()
		_, err := syntax.ParseSNBTArg(r)
		return err
	}
	if !isComponent {
		if r.CanRead() && r.Peek() == '~' {
			return syntax.Errorf(start, "unknown item predicate '%s'", syntax.NormalizeID(id))
		}
		return syntax.Errorf(start, "unknown component '%s'", syntax.NormalizeID(id))
	}
	r.Pos = after
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
func (c *checker) parseParticle(r *reader) *syntax.Error {
	id, err := r.ReadResourceLocation()
	if err != nil {
		return err
	}
	if !c.reg.Has("minecraft:particle_type", id) {
		return syntax.Errorf(r.Pos, "unknown particle '%s'", syntax.NormalizeID(id))
	}
	var opts *syntax.Tag
	if r.CanRead() && r.Peek() == '{' {
		if opts, err = syntax.ParseCompoundArg(r); err != nil {
			return err
		}
	}
	var missing []string
	for _, k := range particleOptions[syntax.NormalizeID(id)] {
		if opts.Get(k) == nil {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		return syntax.Errorf(r.Pos, "invalid options for particle %s: missing %s", syntax.NormalizeID(id), strings.Join(missing, ", "))
	}
	return nil
}
