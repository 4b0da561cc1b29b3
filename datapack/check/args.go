package check

import (
	"github.com/mcgomoku/mcgomoku/datapack/syntax"
	"strconv"
	"strings"
)

// parseArg runs the argument parser of node n at r's position, leaving r
// after the argument. A parser this package does not implement is an error:
// an unchecked argument must never pass as a checked one.
func (c *checker) parseArg(n *Node, r *reader) *syntax.Error {
	parse, ok := argParsers[n.Parser]
	if !ok {
		return syntax.Errorf(r.Pos, "unsupported argument type %s: the checker cannot verify this argument", n.Parser)
	}
	return parse(c, n, r)
}

// argParser parses one argument type (commands.json's "parser").
type argParser func(c *checker, n *Node, r *reader) *syntax.Error

// argParsers maps every argument type the checker verifies to its parser;
// filled by init, as some parsers reach parseArg again (a clicked command
// in a text component).
var argParsers map[string]argParser

func init() {
	argParsers = map[string]argParser{
		"brigadier:bool":    func(_ *checker, _ *Node, r *reader) *syntax.Error { _, err := r.ReadBoolean(); return err },
		"brigadier:integer": parseNumberArg("integer", true, func(r *reader) (float64, *syntax.Error) { v, err := r.ReadInt(); return float64(v), err }),
		"brigadier:long":    parseNumberArg("long", true, func(r *reader) (float64, *syntax.Error) { v, err := r.ReadLong(); return float64(v), err }),
		"brigadier:float":   parseNumberArg("float", false, func(r *reader) (float64, *syntax.Error) { v, err := r.ReadFloat(); return float64(v), err }),
		"brigadier:double":  parseNumberArg("double", false, func(r *reader) (float64, *syntax.Error) { return r.ReadDouble() }),
		"brigadier:string":  parseStringArg,

		"minecraft:entity":             func(c *checker, n *Node, r *reader) *syntax.Error { return c.parseEntityArg(n, r) },
		"minecraft:game_profile":       func(c *checker, _ *Node, r *reader) *syntax.Error { return c.parseGameProfile(r) },
		"minecraft:score_holder":       func(c *checker, n *Node, r *reader) *syntax.Error { return c.parseScoreHolder(n, r) },
		"minecraft:message":            func(c *checker, _ *Node, r *reader) *syntax.Error { return c.parseMessage(r) },
		"minecraft:objective":          parseUnquotedArg,
		"minecraft:team":               parseUnquotedArg,
		"minecraft:objective_criteria": func(c *checker, _ *Node, r *reader) *syntax.Error { return c.parseCriterion(r) },
		"minecraft:operation":          parseOperationArg,
		"minecraft:int_range":          func(_ *checker, _ *Node, r *reader) *syntax.Error { _, err := r.ReadIntRange(); return err },
		"minecraft:float_range":        func(_ *checker, _ *Node, r *reader) *syntax.Error { _, err := r.ReadDoubleRange(); return err },

		// Coordinates: how many, integers, and whether ^ local ones exist.
		"minecraft:block_pos":  parseCoordsArg(3, true, false),
		"minecraft:column_pos": parseCoordsArg(2, true, true),
		"minecraft:vec3":       parseCoordsArg(3, false, false),
		"minecraft:vec2":       parseCoordsArg(2, false, true),
		"minecraft:rotation":   parseCoordsArg(2, false, true),
		"minecraft:angle":      parseCoordsArg(1, false, true), // 1.21.5 setworldspawn; later releases dropped it
		"minecraft:swizzle":    parseSwizzleArg,

		"minecraft:entity_anchor":     parseEntityAnchorArg,
		"minecraft:gamemode":          parseEnumArg("game mode", "survival", "creative", "adventure", "spectator"),
		"minecraft:heightmap":         parseEnumArg("heightmap", "world_surface_wg", "world_surface", "ocean_floor_wg", "ocean_floor", "motion_blocking", "motion_blocking_no_leaves"),
		"minecraft:template_mirror":   parseEnumArg("mirror", "none", "left_right", "front_back"),
		"minecraft:template_rotation": parseEnumArg("rotation", "none", "clockwise_90", "180", "counterclockwise_90"),
		"minecraft:color":             parseColorArg,
		"minecraft:team_color":        parseColorArg,
		"minecraft:hex_color":         parseHexColorArg,
		"minecraft:time":              func(_ *checker, n *Node, r *reader) *syntax.Error { return readTime(r, n.Props) },
		"minecraft:scoreboard_slot":   parseScoreboardSlotArg,
		"minecraft:uuid":              parseUUIDArg,
		"minecraft:item_slot":         parseItemSlotArg(false),
		"minecraft:item_slots":        parseItemSlotArg(true),

		// Identifiers: '#' allowed before a tag where the type has tags.
		"minecraft:resource_location":   parseIDArg(false),
		"minecraft:dimension":           parseIDArg(false),
		"minecraft:resource_key":        parseIDArg(false),
		"minecraft:resource_or_tag_key": parseIDArg(true),
		"minecraft:function":            parseIDArg(true),
		"minecraft:resource":            parseResourceArg,
		"minecraft:resource_or_tag":     parseResourceArg,
		"minecraft:resource_selector":   func(_ *checker, _ *Node, r *reader) *syntax.Error { r.ReadWordToSpace(); return nil },
		"minecraft:loot_table":          parseResourceOrIDArg,
		"minecraft:loot_predicate":      parseResourceOrIDArg,
		"minecraft:loot_modifier":       parseResourceOrIDArg,
		"minecraft:dialog":              parseResourceOrIDArg,
		"minecraft:nbt_compound_tag":    func(_ *checker, _ *Node, r *reader) *syntax.Error { _, err := syntax.ParseCompoundArg(r); return err },
		"minecraft:nbt_tag":             func(_ *checker, _ *Node, r *reader) *syntax.Error { _, err := syntax.ParseSNBTArg(r); return err },
		"minecraft:nbt_path":            func(_ *checker, _ *Node, r *reader) *syntax.Error { _, _, err := syntax.ParseNBTPath(r); return err },
		"minecraft:component":           parseComponentArg,
		"minecraft:style":               parseStyleArg,
		"minecraft:block_state":         func(c *checker, _ *Node, r *reader) *syntax.Error { return c.parseBlock(r, false) },
		"minecraft:block_predicate":     func(c *checker, _ *Node, r *reader) *syntax.Error { return c.parseBlock(r, true) },
		"minecraft:item_stack":          func(c *checker, _ *Node, r *reader) *syntax.Error { return c.parseItemStack(r) },
		"minecraft:item_predicate":      func(c *checker, _ *Node, r *reader) *syntax.Error { return c.parseItemPredicate(r) },
		"minecraft:particle":            func(c *checker, _ *Node, r *reader) *syntax.Error { return c.parseParticle(r) },
	}
}

// parseNumberArg reads a Brigadier number and checks the node's bounds.
func parseNumberArg(what string, integral bool, read func(r *reader) (float64, *syntax.Error)) argParser {
	return func(_ *checker, n *Node, r *reader) *syntax.Error {
		start := r.Pos
		v, err := read(r)
		if err != nil {
			return err
		}
		return checkBounds(start, v, n.Props, what, integral)
	}
}

func parseStringArg(_ *checker, n *Node, r *reader) *syntax.Error {
	switch n.Props.Type {
	case "greedy":
		r.Pos = len(r.Text)
		return nil
	case "phrase":
		_, err := r.ReadString()
		return err
	}
	r.ReadUnquotedString()
	return nil
}

func parseUnquotedArg(_ *checker, _ *Node, r *reader) *syntax.Error {
	r.ReadUnquotedString()
	return nil
}

func parseOperationArg(_ *checker, _ *Node, r *reader) *syntax.Error {
	start := r.Pos
	if !r.CanRead() {
		return syntax.Errorf(r.Pos, "invalid operation")
	}
	op := r.ReadWordToSpace()
	switch op {
	case "=", "+=", "-=", "*=", "/=", "%=", "<", ">", "><":
		return nil
	}
	r.Pos = start
	return syntax.Errorf(start, "invalid operation '%s'", op)
}

func parseCoordsArg(count int, ints, noLocal bool) argParser {
	return func(_ *checker, _ *Node, r *reader) *syntax.Error { return readCoords(r, count, ints, noLocal) }
}

func parseSwizzleArg(_ *checker, _ *Node, r *reader) *syntax.Error {
	start := r.Pos
	seen := map[byte]bool{}
	for r.CanRead() && r.Peek() != ' ' {
		ch := r.Read()
		if (ch != 'x' && ch != 'y' && ch != 'z') || seen[ch] {
			return syntax.Errorf(start, "invalid swizzle, expected combination of 'x', 'y' and 'z'")
		}
		seen[ch] = true
	}
	return nil
}

func parseEnumArg(what string, values ...string) argParser {
	return func(_ *checker, _ *Node, r *reader) *syntax.Error { return readEnum(r, what, values...) }
}

// parseEntityAnchorArg is EntityAnchorArgument: unlike the enum
// arguments it fails at the start, naming the value unquoted.
func parseEntityAnchorArg(_ *checker, _ *Node, r *reader) *syntax.Error {
	start := r.Pos
	s := r.ReadUnquotedString()
	if s != "feet" && s != "eyes" {
		r.Pos = start
		return syntax.Errorf(start, "invalid entity anchor position %s", s)
	}
	return nil
}

func parseColorArg(_ *checker, n *Node, r *reader) *syntax.Error {
	s := r.ReadUnquotedString()
	if !teamColors[s] || (s == "reset" && n.Parser == "minecraft:team_color") {
		return syntax.Errorf(r.Pos, "invalid color '%s'", s)
	}
	return nil
}

func parseHexColorArg(_ *checker, _ *Node, r *reader) *syntax.Error {
	s := r.ReadUnquotedString()
	if len(s) != 6 || strings.Trim(strings.ToLower(s), "0123456789abcdef") != "" {
		return syntax.Errorf(r.Pos, "invalid hex color '%s'", s)
	}
	return nil
}

func parseScoreboardSlotArg(_ *checker, _ *Node, r *reader) *syntax.Error {
	s := r.ReadUnquotedString()
	if s == "list" || s == "sidebar" || s == "below_name" {
		return nil
	}
	if col, ok := strings.CutPrefix(s, "sidebar.team."); ok && teamColors[col] && col != "reset" {
		return nil
	}
	return syntax.Errorf(r.Pos, "unknown display slot '%s'", s)
}

func parseUUIDArg(_ *checker, _ *Node, r *reader) *syntax.Error {
	end := r.Pos
	for end < len(r.Text) && (syntax.IsHexDigit(r.Text[end]) || r.Text[end] == '-') {
		end++
	}
	if end > r.Pos && isUUID(r.Text[r.Pos:end]) {
		r.Pos = end
		return nil
	}
	return syntax.Errorf(r.Pos, "invalid uuid")
}

func parseItemSlotArg(multi bool) argParser {
	return func(_ *checker, _ *Node, r *reader) *syntax.Error {
		s := r.ReadUnquotedString()
		if !isItemSlot(s, multi) {
			return syntax.Errorf(r.Pos, "unknown slot '%s'", s)
		}
		return nil
	}
}

// parseIDArg reads a resource location, after a '#' when tags allows one.
func parseIDArg(tags bool) argParser {
	return func(_ *checker, _ *Node, r *reader) *syntax.Error {
		if tags && r.PeekIs('#') {
			r.Skip()
		}
		_, err := r.ReadResourceLocation()
		return err
	}
}

// parseResourceArg reads a registry entry, which must exist, or (for
// resource_or_tag) any #tag: tags are data the reports do not list.
func parseResourceArg(c *checker, n *Node, r *reader) *syntax.Error {
	if n.Parser == "minecraft:resource_or_tag" && r.PeekIs('#') {
		r.Skip()
		_, err := r.ReadResourceLocation()
		return err
	}
	id, err := r.ReadResourceLocation()
	if err != nil {
		return err
	}
	if !c.reg.Has(n.Props.Registry, id) {
		return syntax.Errorf(r.Pos, "unknown %s '%s'", shortRegistry(n.Props.Registry), syntax.NormalizeID(id))
	}
	return nil
}

// parseResourceOrIDArg is ResourceOrIdArgument: an inline SNBT definition
// or an ID.
func parseResourceOrIDArg(_ *checker, _ *Node, r *reader) *syntax.Error {
	if r.CanRead() && (r.Peek() == '{' || r.Peek() == '[') {
		_, err := syntax.ParseSNBTArg(r)
		return err
	}
	_, err := r.ReadResourceLocation()
	return err
}

func parseComponentArg(c *checker, _ *Node, r *reader) *syntax.Error {
	start := r.Pos
	tag, err := syntax.ParseSNBTArg(r)
	if err != nil {
		return err
	}
	if msg := c.checkTextComponent(tag); msg != "" {
		return syntax.Errorf(start, "invalid text component: %s", msg)
	}
	return nil
}

func parseStyleArg(c *checker, _ *Node, r *reader) *syntax.Error {
	start := r.Pos
	tag, err := syntax.ParseSNBTArg(r)
	if err != nil {
		return err
	}
	if tag.Kind != syntax.TagCompound {
		return syntax.Errorf(start, "invalid style: expected a compound")
	}
	if msg := c.checkStyle(tag, false); msg != "" {
		return syntax.Errorf(start, "invalid style: %s", msg)
	}
	return nil
}

func shortRegistry(reg string) string {
	return strings.ReplaceAll(strings.TrimPrefix(reg, "minecraft:"), "_", " ")
}

func fmtNum(v float64, integral bool) string {
	if integral {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

func checkBounds(start int, v float64, p Props, what string, integral bool) *syntax.Error {
	if v < p.Min {
		return syntax.Errorf(start, "%s must not be less than %s, found %s", what, fmtNum(p.Min, integral), fmtNum(v, integral))
	}
	if v > p.Max {
		return syntax.Errorf(start, "%s must not be more than %s, found %s", what, fmtNum(p.Max, integral), fmtNum(v, integral))
	}
	return nil
}

func readEnum(r *reader, what string, values ...string) *syntax.Error {
	s := r.ReadUnquotedString()
	for _, v := range values {
		if s == v {
			return nil
		}
	}
	return syntax.Errorf(r.Pos, "invalid %s '%s'", what, s)
}

var teamColors = map[string]bool{
	"black": true, "dark_blue": true, "dark_green": true, "dark_aqua": true, "dark_red": true,
	"dark_purple": true, "gold": true, "gray": true, "dark_gray": true, "blue": true, "green": true,
	"aqua": true, "red": true, "light_purple": true, "yellow": true, "white": true, "reset": true,
}

// readTime is TimeArgument.parse: syntax.ReadTime checked against the
// node's minimum.
func readTime(r *reader, p Props) *syntax.Error {
	ticks, err := r.ReadTime()
	if err != nil {
		return err
	}
	if float64(ticks) < p.Min {
		return syntax.Errorf(r.Pos, "tick count must not be less than %s, found %d", fmtNum(p.Min, true), ticks)
	}
	return nil
}

// readCoords reads n coordinates: world ones (absolute or ~relative) or
// local ones (^), never mixed. ints selects WorldCoordinate.parseInt.
// Vec2-style arguments (vec2, rotation, column_pos) have no local form.
func readCoords(r *reader, n int, ints, noLocal bool) *syntax.Error {
	start := r.Pos
	if !r.CanRead() {
		return syntax.Errorf(r.Pos, "incomplete (expected %d coordinates)", n)
	}
	local := !noLocal && r.Peek() == '^'
	for i := 0; i < n; i++ {
		if i > 0 {
			if !r.CanRead() || r.Peek() != ' ' {
				r.Pos = start
				return syntax.Errorf(start, "incomplete (expected %d coordinates)", n)
			}
			r.Skip()
		}
		if err := readCoord(r, local, ints, start); err != nil {
			return err
		}
	}
	return nil
}

func readCoord(r *reader, local, ints bool, start int) *syntax.Error {
	if local {
		if !r.CanRead() {
			return syntax.Errorf(r.Pos, "expected double")
		}
		if r.Peek() != '^' {
			r.Pos = start
			return syntax.Errorf(start, "cannot mix world & local coordinates (everything must either use ^ or not)")
		}
		r.Skip()
		if r.CanRead() && r.Peek() != ' ' {
			_, err := r.ReadDouble()
			return err
		}
		return nil
	}
	if r.CanRead() && r.Peek() == '^' {
		return syntax.Errorf(r.Pos, "cannot mix world & local coordinates (everything must either use ^ or not)")
	}
	if !r.CanRead() {
		if ints {
			return syntax.Errorf(r.Pos, "expected integer")
		}
		return syntax.Errorf(r.Pos, "expected double")
	}
	rel := false
	if r.Peek() == '~' {
		rel = true
		r.Skip()
	}
	if r.CanRead() && r.Peek() != ' ' {
		if ints && !rel {
			_, err := r.ReadInt()
			return err
		}
		_, err := r.ReadDouble()
		return err
	}
	// WorldCoordinate.parseInt/parseDouble read nothing at a space and take
	// 0, absolute or relative alike.
	return nil
}

// isItemSlot knows SlotRanges; ranges ("container.*") only where several
// slots are allowed.
func isItemSlot(s string, multi bool) bool {
	single := map[string]bool{
		"weapon": true, "weapon.mainhand": true, "weapon.offhand": true,
		"armor.head": true, "armor.chest": true, "armor.legs": true, "armor.feet": true, "armor.body": true,
		"horse.saddle": true, "horse.chest": true, "player.cursor": true, "contents": true, "saddle": true,
	}
	if single[s] {
		return true
	}
	ranges := map[string]int{
		"container": 54, "hotbar": 9, "inventory": 27, "enderchest": 27, "villager": 8, "horse": 15,
		"player.crafting": 4,
	}
	prefix, idx, ok := cutLast(s, ".")
	if !ok {
		return false
	}
	if n, ok := ranges[prefix]; ok {
		if idx == "*" {
			return multi
		}
		v, err := strconv.Atoi(idx)
		return err == nil && v >= 0 && v < n && strconv.Itoa(v) == idx
	}
	if multi && idx == "*" && (prefix == "weapon" || prefix == "armor") {
		return true
	}
	return false
}

func cutLast(s, sep string) (string, string, bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// parseCriterion is ObjectiveCriteriaArgument.parse: a simple criterion or
// "<stat type>:<value>" with the type's ':' written as '.'.
func (c *checker) parseCriterion(r *reader) *syntax.Error {
	start := r.Pos
	s := r.ReadWordToSpace()
	simple := map[string]bool{
		"dummy": true, "trigger": true, "deathCount": true, "playerKillCount": true,
		"totalKillCount": true, "health": true, "xp": true, "level": true, "food": true,
		"air": true, "armor": true,
	}
	if simple[s] {
		return nil
	}
	for _, p := range []string{"teamkill.", "killedByTeam."} {
		if col, ok := strings.CutPrefix(s, p); ok && teamColors[col] && col != "reset" {
			return nil
		}
	}
	typ, val, ok := strings.Cut(s, ":")
	if ok {
		typeID := strings.Replace(typ, ".", ":", 1)
		if !strings.Contains(typ, ".") {
			typeID = "minecraft:" + typ
		}
		valReg := map[string]string{
			"minecraft:mined": "minecraft:block", "minecraft:crafted": "minecraft:item",
			"minecraft:used": "minecraft:item", "minecraft:broken": "minecraft:item",
			"minecraft:picked_up": "minecraft:item", "minecraft:dropped": "minecraft:item",
			"minecraft:killed": "minecraft:entity_type", "minecraft:killed_by": "minecraft:entity_type",
			"minecraft:custom": "minecraft:custom_stat",
		}[typeID]
		valID := strings.Replace(val, ".", ":", 1)
		if valReg != "" && c.reg.Has("minecraft:stat_type", typeID) && syntax.ValidResourceLocation(valID) && c.reg.Has(valReg, valID) {
			return nil
		}
	}
	r.Pos = start
	return syntax.Errorf(start, "unknown criterion '%s'", s)
}

// isUUID reports a string UUID.fromString accepts.
func isUUID(s string) bool {
	_, ok := syntax.ParseUUID(s)
	return ok
}

// nbtPathKeys splits a path into its name nodes for the storage model:
// ok is false when the path has anything the model does not follow
// (filters, indices, quoting).
func nbtPathKeys(path string) (keys []string, ok bool) {
	r := syntax.NewReader(path)
	_, nodes, err := syntax.ParseNBTPath(r)
	if err != nil || r.CanRead() || len(nodes) == 0 {
		return nil, false
	}
	for _, n := range nodes {
		if n.Kind != syntax.NodeChild || n.Quoted {
			return nil, false
		}
		keys = append(keys, n.Name)
	}
	return keys, true
}
