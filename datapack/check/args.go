package check

import (
	"strconv"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// parseArg runs the argument parser of node n at r's position, leaving r
// after the argument, and returns the argument's value (see Arg.Value). A
// parser this package does not implement is an error: an unchecked
// argument must never pass as a checked one.
func (c *checker) parseArg(n *Node, r *reader) (any, *syntax.Error) {
	if n.parse == nil {
		return nil, syntax.Errorf(r.Pos, "unsupported argument type %s: the checker cannot verify this argument", n.Parser)
	}
	return n.parse(c, n, r)
}

// argParser parses one argument type (commands.json's "parser") into its
// value.
type argParser func(c *checker, n *Node, r *reader) (any, *syntax.Error)

// checked is an argParser for a type whose value is its text: the checker
// verifies it, and a consumer reads the argument's span.
func checked(f func(c *checker, n *Node, r *reader) *syntax.Error) argParser {
	return func(c *checker, n *Node, r *reader) (any, *syntax.Error) { return nil, f(c, n, r) }
}

// valued adapts a reader method with a value.
func valued[T any](read func(r *reader) (T, *syntax.Error)) argParser {
	return func(_ *checker, _ *Node, r *reader) (any, *syntax.Error) {
		v, err := read(r)
		if err != nil {
			return nil, err
		}
		return v, nil
	}
}

// argParsers maps every argument type the checker verifies to its parser;
// filled by init, as some parsers reach parseArg again (a clicked command
// in a text component).
var argParsers map[string]argParser

func init() {
	argParsers = map[string]argParser{
		"brigadier:bool":    valued((*reader).ReadBoolean),
		"brigadier:integer": parseNumberArg("integer", true, (*reader).ReadInt),
		"brigadier:long":    parseNumberArg("long", true, (*reader).ReadLong),
		"brigadier:float":   parseNumberArg("float", false, (*reader).ReadFloat),
		"brigadier:double":  parseNumberArg("double", false, (*reader).ReadDouble),
		"brigadier:string":  parseStringArg,

		"minecraft:entity":             func(c *checker, n *Node, r *reader) (any, *syntax.Error) { return c.parseEntityArg(n, r) },
		"minecraft:game_profile":       func(c *checker, _ *Node, r *reader) (any, *syntax.Error) { return c.parseGameProfile(r) },
		"minecraft:score_holder":       func(c *checker, n *Node, r *reader) (any, *syntax.Error) { return c.parseScoreHolder(n, r) },
		"minecraft:message":            func(c *checker, _ *Node, r *reader) (any, *syntax.Error) { return c.parseMessage(r) },
		"minecraft:objective":          parseUnquotedArg,
		"minecraft:team":               parseUnquotedArg,
		"minecraft:objective_criteria": func(c *checker, _ *Node, r *reader) (any, *syntax.Error) { return c.parseCriterion(r) },
		"minecraft:operation":          parseOperationArg,
		"minecraft:int_range":          valued((*reader).ReadIntRange),
		"minecraft:float_range":        valued((*reader).ReadDoubleRange),

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
		"minecraft:time":              func(_ *checker, n *Node, r *reader) (any, *syntax.Error) { return readTime(r, n.Props) },
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
		"minecraft:resource_selector":   func(_ *checker, _ *Node, r *reader) (any, *syntax.Error) { return r.ReadWordToSpace(), nil },
		"minecraft:loot_table":          parseResourceOrIDArg,
		"minecraft:loot_predicate":      parseResourceOrIDArg,
		"minecraft:loot_modifier":       parseResourceOrIDArg,
		"minecraft:dialog":              parseResourceOrIDArg,
		"minecraft:nbt_compound_tag":    valued(syntax.ParseCompoundArg),
		"minecraft:nbt_tag":             valued(syntax.ParseSNBTArg),
		"minecraft:nbt_path":            valued(parseNBTPathArg),
		"minecraft:component":           parseComponentArg,
		"minecraft:style":               parseStyleArg,
		"minecraft:block_state":         func(c *checker, _ *Node, r *reader) (any, *syntax.Error) { return c.parseBlock(r, false) },
		"minecraft:block_predicate":     func(c *checker, _ *Node, r *reader) (any, *syntax.Error) { return c.parseBlock(r, true) },
		"minecraft:item_stack":          checked(func(c *checker, _ *Node, r *reader) *syntax.Error { return c.parseItemStack(r) }),
		"minecraft:item_predicate":      checked(func(c *checker, _ *Node, r *reader) *syntax.Error { return c.parseItemPredicate(r) }),
		"minecraft:particle":            checked(func(c *checker, _ *Node, r *reader) *syntax.Error { return c.parseParticle(r) }),
	}
}

// NBTPath is an nbt_path argument's value: its text and its nodes.
type NBTPath struct {
	Text  string
	Nodes []syntax.PathNode
}

func parseNBTPathArg(r *reader) (NBTPath, *syntax.Error) {
	text, nodes, err := syntax.ParseNBTPath(r)
	return NBTPath{text, nodes}, err
}

// parseNumberArg reads a Brigadier number and checks the node's bounds;
// the value is the reader's type (int32, int64, float32, float64).
func parseNumberArg[T int32 | int64 | float32 | float64](what string, integral bool, read func(r *reader) (T, *syntax.Error)) argParser {
	return func(_ *checker, n *Node, r *reader) (any, *syntax.Error) {
		start := r.Pos
		v, err := read(r)
		if err != nil {
			return nil, err
		}
		if err := checkBounds(start, float64(v), n.Props, what, integral); err != nil {
			return nil, err
		}
		return v, nil
	}
}

// parseStringArg's value is a phrase's string, unquoted; a word or the
// greedy rest of the line is its text.
func parseStringArg(_ *checker, n *Node, r *reader) (any, *syntax.Error) {
	switch n.Props.Type {
	case "greedy":
		r.Pos = len(r.Text)
		return nil, nil
	case "phrase":
		s, err := r.ReadString()
		if err != nil {
			return nil, err
		}
		return s, nil
	}
	r.ReadUnquotedString()
	return nil, nil
}

func parseUnquotedArg(_ *checker, _ *Node, r *reader) (any, *syntax.Error) {
	r.ReadUnquotedString()
	return nil, nil
}

func parseOperationArg(_ *checker, _ *Node, r *reader) (any, *syntax.Error) {
	start := r.Pos
	if !r.CanRead() {
		return nil, syntax.Errorf(r.Pos, "invalid operation")
	}
	op := r.ReadWordToSpace()
	switch op {
	case "=", "+=", "-=", "*=", "/=", "%=", "<", ">", "><":
		return nil, nil
	}
	r.Pos = start
	return nil, syntax.Errorf(start, "invalid operation '%s'", op)
}

func parseCoordsArg(count int, ints, noLocal bool) argParser {
	return func(_ *checker, _ *Node, r *reader) (any, *syntax.Error) { return readCoords(r, count, ints, noLocal) }
}

// parseSwizzleArg's value is the axes given, by index x, y, z.
func parseSwizzleArg(_ *checker, _ *Node, r *reader) (any, *syntax.Error) {
	axes, err := r.ReadSwizzle()
	if err != nil {
		return nil, err
	}
	return axes, nil
}

func parseEnumArg(what string, values ...string) argParser {
	return func(_ *checker, _ *Node, r *reader) (any, *syntax.Error) { return readEnum(r, what, values...) }
}

// parseEntityAnchorArg is EntityAnchorArgument: unlike the enum
// arguments it fails at the start, naming the value unquoted.
func parseEntityAnchorArg(_ *checker, _ *Node, r *reader) (any, *syntax.Error) {
	start := r.Pos
	s := r.ReadUnquotedString()
	if s != "feet" && s != "eyes" {
		r.Pos = start
		return nil, syntax.Errorf(start, "invalid entity anchor position %s", s)
	}
	return nil, nil
}

func parseColorArg(_ *checker, n *Node, r *reader) (any, *syntax.Error) {
	s := r.ReadUnquotedString()
	if !teamColors[s] || (s == "reset" && n.Parser == "minecraft:team_color") {
		return nil, syntax.Errorf(r.Pos, "invalid color '%s'", s)
	}
	return nil, nil
}

func parseHexColorArg(_ *checker, _ *Node, r *reader) (any, *syntax.Error) {
	s := r.ReadUnquotedString()
	if len(s) != 6 || strings.Trim(strings.ToLower(s), "0123456789abcdef") != "" {
		return nil, syntax.Errorf(r.Pos, "invalid hex color '%s'", s)
	}
	return nil, nil
}

func parseScoreboardSlotArg(_ *checker, _ *Node, r *reader) (any, *syntax.Error) {
	s := r.ReadUnquotedString()
	if s == "list" || s == "sidebar" || s == "below_name" {
		return nil, nil
	}
	if col, ok := strings.CutPrefix(s, "sidebar.team."); ok && teamColors[col] && col != "reset" {
		return nil, nil
	}
	return nil, syntax.Errorf(r.Pos, "unknown display slot '%s'", s)
}

// parseUUIDArg's value is the UUID's 16 bytes.
func parseUUIDArg(_ *checker, _ *Node, r *reader) (any, *syntax.Error) {
	end := r.Pos
	for end < len(r.Text) && (syntax.IsHexDigit(r.Text[end]) || r.Text[end] == '-') {
		end++
	}
	if end > r.Pos {
		if u, ok := syntax.ParseUUID(r.Text[r.Pos:end]); ok {
			r.Pos = end
			return u, nil
		}
	}
	return nil, syntax.Errorf(r.Pos, "invalid uuid")
}

func parseItemSlotArg(multi bool) argParser {
	return func(_ *checker, _ *Node, r *reader) (any, *syntax.Error) {
		s := r.ReadUnquotedString()
		if !isItemSlot(s, multi) {
			return nil, syntax.Errorf(r.Pos, "unknown slot '%s'", s)
		}
		return nil, nil
	}
}

// ID is the value of an identifier argument: the resource location
// normalised to namespace:path, and whether it was a #tag.
type ID struct {
	ID  string
	Tag bool
}

// String is the ID as written in commands, with the '#' of a tag.
func (id ID) String() string {
	if id.Tag {
		return "#" + id.ID
	}
	return id.ID
}

// readID reads a resource location, after a '#' when tags allows one.
func readID(r *reader, tags bool) (ID, *syntax.Error) {
	tag := tags && r.PeekIs('#')
	if tag {
		r.Skip()
	}
	id, err := r.ReadResourceLocation()
	if err != nil {
		return ID{}, err
	}
	return ID{syntax.NormalizeID(id), tag}, nil
}

// parseIDArg reads an ID, a #tag where tags allows one.
func parseIDArg(tags bool) argParser {
	return func(_ *checker, _ *Node, r *reader) (any, *syntax.Error) {
		id, err := readID(r, tags)
		if err != nil {
			return nil, err
		}
		return id, nil
	}
}

// parseResourceArg reads a registry entry, which must exist, or (for
// resource_or_tag) any #tag: tags are data the reports do not list.
func parseResourceArg(c *checker, n *Node, r *reader) (any, *syntax.Error) {
	id, err := readID(r, n.Parser == "minecraft:resource_or_tag")
	if err != nil {
		return nil, err
	}
	if !id.Tag && !c.reg.Has(n.Props.Registry, id.ID) {
		return nil, syntax.Errorf(r.Pos, "unknown %s '%s'", shortRegistry(n.Props.Registry), id.ID)
	}
	return id, nil
}

// parseResourceOrIDArg is ResourceOrIdArgument: an inline SNBT definition
// (value *syntax.Tag) or an ID.
func parseResourceOrIDArg(_ *checker, _ *Node, r *reader) (any, *syntax.Error) {
	if r.CanRead() && (r.Peek() == '{' || r.Peek() == '[') {
		t, err := syntax.ParseSNBTArg(r)
		if err != nil {
			return nil, err
		}
		return t, nil
	}
	return readIDValue(r)
}

func readIDValue(r *reader) (any, *syntax.Error) {
	id, err := readID(r, false)
	if err != nil {
		return nil, err
	}
	return id, nil
}

func parseComponentArg(c *checker, _ *Node, r *reader) (any, *syntax.Error) {
	start := r.Pos
	tag, err := syntax.ParseSNBTArg(r)
	if err != nil {
		return nil, err
	}
	if msg := c.checkTextComponent(tag); msg != "" {
		return nil, syntax.Errorf(start, "invalid text component: %s", msg)
	}
	return tag, nil
}

func parseStyleArg(c *checker, _ *Node, r *reader) (any, *syntax.Error) {
	start := r.Pos
	tag, err := syntax.ParseSNBTArg(r)
	if err != nil {
		return nil, err
	}
	if tag.Kind != syntax.TagCompound {
		return nil, syntax.Errorf(start, "invalid style: expected a compound")
	}
	if msg := c.checkStyle(tag, false); msg != "" {
		return nil, syntax.Errorf(start, "invalid style: %s", msg)
	}
	return tag, nil
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

func readEnum(r *reader, what string, values ...string) (any, *syntax.Error) {
	s := r.ReadUnquotedString()
	for _, v := range values {
		if s == v {
			return nil, nil
		}
	}
	return nil, syntax.Errorf(r.Pos, "invalid %s '%s'", what, s)
}

var teamColors = map[string]bool{
	"black": true, "dark_blue": true, "dark_green": true, "dark_aqua": true, "dark_red": true,
	"dark_purple": true, "gold": true, "gray": true, "dark_gray": true, "blue": true, "green": true,
	"aqua": true, "red": true, "light_purple": true, "yellow": true, "white": true, "reset": true,
}

// readTime is TimeArgument.parse: syntax.ReadTime checked against the
// node's minimum.
// Its value is the count in ticks, an int32.
func readTime(r *reader, p Props) (any, *syntax.Error) {
	ticks, err := r.ReadTime()
	if err != nil {
		return nil, err
	}
	if float64(ticks) < p.Min {
		return nil, syntax.Errorf(r.Pos, "tick count must not be less than %s, found %d", fmtNum(p.Min, true), ticks)
	}
	return ticks, nil
}

// Coords is a coordinates argument's value.
type Coords = syntax.Coordinates

// Coord is one coordinate of a Coords.
type Coord = syntax.Coord

// readCoords reads n coordinates (syntax.Reader.ReadCoordinates).
func readCoords(r *reader, n int, ints, noLocal bool) (any, *syntax.Error) {
	cs, err := r.ReadCoordinates(n, ints, noLocal)
	if err != nil {
		return nil, err
	}
	return cs, nil
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
func (c *checker) parseCriterion(r *reader) (any, *syntax.Error) {
	start := r.Pos
	s := r.ReadWordToSpace()
	simple := map[string]bool{
		"dummy": true, "trigger": true, "deathCount": true, "playerKillCount": true,
		"totalKillCount": true, "health": true, "xp": true, "level": true, "food": true,
		"air": true, "armor": true,
	}
	if simple[s] {
		return nil, nil
	}
	for _, p := range []string{"teamkill.", "killedByTeam."} {
		if col, ok := strings.CutPrefix(s, p); ok && teamColors[col] && col != "reset" {
			return nil, nil
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
			return nil, nil
		}
	}
	r.Pos = start
	return nil, syntax.Errorf(start, "unknown criterion '%s'", s)
}

// nbtPathKeys is a path's name nodes for the storage model: ok is false
// when the path has anything the model does not follow (filters, indices,
// quoting).
func nbtPathKeys(nodes []syntax.PathNode) (keys []string, ok bool) {
	if len(nodes) == 0 {
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
