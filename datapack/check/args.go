package check

import (
	"math"
	"strconv"
	"strings"
)

// parseArg runs the argument parser of node n at r's position, leaving r
// after the argument. A parser this package does not implement is an error:
// an unchecked argument must never pass as a checked one.
func (c *checker) parseArg(n *Node, r *reader) *synErr {
	start := r.pos
	switch n.Parser {
	case "brigadier:bool":
		_, err := r.readBoolean()
		return err
	case "brigadier:integer":
		v, err := r.readInt()
		if err != nil {
			return err
		}
		return checkBounds(start, float64(v), n.Props, "integer", true)
	case "brigadier:long":
		v, err := r.readLong()
		if err != nil {
			return err
		}
		return checkBounds(start, float64(v), n.Props, "long", true)
	case "brigadier:float":
		v, err := r.readFloat()
		if err != nil {
			return err
		}
		return checkBounds(start, v, n.Props, "float", false)
	case "brigadier:double":
		v, err := r.readDouble()
		if err != nil {
			return err
		}
		return checkBounds(start, v, n.Props, "double", false)
	case "brigadier:string":
		switch n.Props.Type {
		case "greedy":
			r.pos = len(r.s)
			return nil
		case "phrase":
			_, err := r.readString()
			return err
		default:
			r.readUnquotedString()
			return nil
		}
	case "minecraft:entity":
		return c.parseEntityArg(n, r)
	case "minecraft:game_profile":
		return c.parseGameProfile(r)
	case "minecraft:score_holder":
		return c.parseScoreHolder(n, r)
	case "minecraft:message":
		return c.parseMessage(r)
	case "minecraft:objective", "minecraft:team":
		r.readUnquotedString()
		return nil
	case "minecraft:objective_criteria":
		return c.parseCriterion(r)
	case "minecraft:operation":
		if !r.canRead() {
			return errAt(r.pos, "invalid operation")
		}
		op := r.readWordToSpace()
		switch op {
		case "=", "+=", "-=", "*=", "/=", "%=", "<", ">", "><":
			return nil
		}
		r.pos = start
		return errAt(start, "invalid operation '%s'", op)
	case "minecraft:int_range":
		_, _, err := readRange(r, true)
		return err
	case "minecraft:float_range":
		_, _, err := readRange(r, false)
		return err
	case "minecraft:block_pos":
		return readCoords(r, 3, true, false)
	case "minecraft:column_pos":
		return readCoords(r, 2, true, true)
	case "minecraft:vec3":
		return readCoords(r, 3, false, false)
	case "minecraft:vec2":
		return readCoords(r, 2, false, true)
	case "minecraft:rotation":
		return readCoords(r, 2, false, true)
	case "minecraft:swizzle":
		seen := map[byte]bool{}
		for r.canRead() && r.peek() != ' ' {
			ch := r.read()
			if (ch != 'x' && ch != 'y' && ch != 'z') || seen[ch] {
				return errAt(start, "invalid swizzle, expected combination of 'x', 'y' and 'z'")
			}
			seen[ch] = true
		}
		return nil
	case "minecraft:entity_anchor":
		s := r.readUnquotedString()
		if s != "feet" && s != "eyes" {
			r.pos = start
			return errAt(start, "invalid entity anchor position %s", s)
		}
		return nil
	case "minecraft:color", "minecraft:team_color":
		s := r.readUnquotedString()
		if !teamColors[s] || (s == "reset" && n.Parser == "minecraft:team_color") {
			return errAt(r.pos, "invalid color '%s'", s)
		}
		return nil
	case "minecraft:hex_color":
		s := r.readUnquotedString()
		if len(s) != 6 || strings.Trim(strings.ToLower(s), "0123456789abcdef") != "" {
			return errAt(r.pos, "invalid hex color '%s'", s)
		}
		return nil
	case "minecraft:time":
		return readTime(r, n.Props)
	case "minecraft:gamemode":
		return readEnum(r, "game mode", "survival", "creative", "adventure", "spectator")
	case "minecraft:heightmap":
		return readEnum(r, "heightmap", "world_surface_wg", "world_surface", "ocean_floor_wg", "ocean_floor", "motion_blocking", "motion_blocking_no_leaves")
	case "minecraft:template_mirror":
		return readEnum(r, "mirror", "none", "left_right", "front_back")
	case "minecraft:template_rotation":
		return readEnum(r, "rotation", "none", "clockwise_90", "180", "counterclockwise_90")
	case "minecraft:scoreboard_slot":
		s := r.readUnquotedString()
		if s == "list" || s == "sidebar" || s == "below_name" {
			return nil
		}
		if col, ok := strings.CutPrefix(s, "sidebar.team."); ok && teamColors[col] && col != "reset" {
			return nil
		}
		return errAt(r.pos, "unknown display slot '%s'", s)
	case "minecraft:uuid":
		end := r.pos
		for end < len(r.s) && (isHexDigit(r.s[end]) || r.s[end] == '-') {
			end++
		}
		if end > r.pos && isJavaUUID(r.s[r.pos:end]) {
			r.pos = end
			return nil
		}
		return errAt(r.pos, "invalid uuid")
	case "minecraft:item_slot":
		s := r.readUnquotedString()
		if !isItemSlot(s, false) {
			return errAt(r.pos, "unknown slot '%s'", s)
		}
		return nil
	case "minecraft:item_slots":
		s := r.readUnquotedString()
		if !isItemSlot(s, true) {
			return errAt(r.pos, "unknown slot '%s'", s)
		}
		return nil
	case "minecraft:resource_location", "minecraft:dimension", "minecraft:resource_key", "minecraft:resource_or_tag_key":
		if n.Parser == "minecraft:resource_or_tag_key" && r.canRead() && r.peek() == '#' {
			r.skip()
		}
		_, err := readResourceLocation(r)
		return err
	case "minecraft:function":
		if r.canRead() && r.peek() == '#' {
			r.skip()
		}
		_, err := readResourceLocation(r)
		return err
	case "minecraft:resource", "minecraft:resource_or_tag":
		if n.Parser == "minecraft:resource_or_tag" && r.canRead() && r.peek() == '#' {
			r.skip()
			// Tags are data; the reports list none, so any tag passes.
			_, err := readResourceLocation(r)
			return err
		}
		id, err := readResourceLocation(r)
		if err != nil {
			return err
		}
		if !c.reg.Has(n.Props.Registry, id) {
			return errAt(r.pos, "unknown %s '%s'", shortRegistry(n.Props.Registry), normalizeID(id))
		}
		return nil
	case "minecraft:resource_selector":
		r.readWordToSpace()
		return nil
	case "minecraft:loot_table", "minecraft:loot_predicate", "minecraft:loot_modifier", "minecraft:dialog":
		// ResourceOrIdArgument: an inline SNBT definition or an ID.
		if r.canRead() && (r.peek() == '{' || r.peek() == '[') {
			_, err := parseSNBTArg(r)
			return err
		}
		_, err := readResourceLocation(r)
		return err
	case "minecraft:nbt_compound_tag":
		_, err := parseSNBTCompoundArg(r)
		return err
	case "minecraft:nbt_tag":
		_, err := parseSNBTArg(r)
		return err
	case "minecraft:nbt_path":
		return parseNBTPath(r)
	case "minecraft:component":
		tag, err := parseSNBTArg(r)
		if err != nil {
			return err
		}
		if msg := c.checkTextComponent(tag); msg != "" {
			return errAt(start, "invalid text component: %s", msg)
		}
		return nil
	case "minecraft:style":
		tag, err := parseSNBTArg(r)
		if err != nil {
			return err
		}
		if tag.kind != tagCompound {
			return errAt(start, "invalid style: expected a compound")
		}
		if msg := c.checkStyle(tag, false); msg != "" {
			return errAt(start, "invalid style: %s", msg)
		}
		return nil
	case "minecraft:block_state":
		return c.parseBlock(r, false)
	case "minecraft:block_predicate":
		return c.parseBlock(r, true)
	case "minecraft:item_stack":
		return c.parseItemStack(r)
	case "minecraft:item_predicate":
		return c.parseItemPredicate(r)
	case "minecraft:particle":
		return c.parseParticle(r)
	}
	return errAt(start, "unsupported argument type %s: the checker cannot verify this argument", n.Parser)
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

func checkBounds(start int, v float64, p Props, what string, integral bool) *synErr {
	if v < p.Min {
		return errAt(start, "%s must not be less than %s, found %s", what, fmtNum(p.Min, integral), fmtNum(v, integral))
	}
	if v > p.Max {
		return errAt(start, "%s must not be more than %s, found %s", what, fmtNum(p.Max, integral), fmtNum(v, integral))
	}
	return nil
}

func readEnum(r *reader, what string, values ...string) *synErr {
	s := r.readUnquotedString()
	for _, v := range values {
		if s == v {
			return nil
		}
	}
	return errAt(r.pos, "invalid %s '%s'", what, s)
}

var teamColors = map[string]bool{
	"black": true, "dark_blue": true, "dark_green": true, "dark_aqua": true, "dark_red": true,
	"dark_purple": true, "gold": true, "gray": true, "dark_gray": true, "blue": true, "green": true,
	"aqua": true, "red": true, "light_purple": true, "yellow": true, "white": true, "reset": true,
}

// readTime is TimeArgument.parse: a float and an optional unit d, s or t,
// rounded to ticks and checked against the minimum.
func readTime(r *reader, p Props) *synErr {
	f, err := r.readFloat()
	if err != nil {
		return err
	}
	unit := r.readUnquotedString()
	mult := map[string]float64{"": 1, "t": 1, "s": 20, "d": 24000}[unit]
	if mult == 0 {
		return errAt(r.pos, "invalid unit '%s'", unit)
	}
	ticks := math.Floor(float64(float32(f*mult)) + 0.5)
	if ticks > math.MaxInt32 {
		ticks = math.MaxInt32
	}
	if ticks < math.MinInt32 {
		ticks = math.MinInt32
	}
	if ticks < p.Min {
		return errAt(r.pos, "tick count must not be less than %s, found %s", fmtNum(p.Min, true), fmtNum(ticks, true))
	}
	return nil
}

// readRange is MinMaxBounds.fromReader: "N", "N..M", "N..", "..M". Errors
// are reported at the start of the range, as the game does.
func readRange(r *reader, ints bool) (lo, hi *float64, err *synErr) {
	start := r.pos
	if !r.canRead() {
		return nil, nil, errAt(start, "expected value or range of values")
	}
	lo, err = readRangeNumber(r, ints)
	if err != nil {
		r.pos = start
		err.pos = start
		return nil, nil, err
	}
	if r.canReadN(2) && r.peek() == '.' && r.peekAt(1) == '.' {
		r.pos += 2
		hi, err = readRangeNumber(r, ints)
		if err != nil {
			r.pos = start
			err.pos = start
			return nil, nil, err
		}
	} else {
		hi = lo
	}
	if lo == nil && hi == nil {
		r.pos = start
		return nil, nil, errAt(start, "expected value or range of values")
	}
	if lo != nil && hi != nil && *lo > *hi {
		r.pos = start
		return nil, nil, errAt(start, "min cannot be bigger than max")
	}
	return lo, hi, nil
}

func readRangeNumber(r *reader, ints bool) (*float64, *synErr) {
	start := r.pos
	for r.canRead() {
		c := r.peek()
		if c >= '0' && c <= '9' || c == '-' {
			r.skip()
			continue
		}
		if c == '.' && !(r.canReadN(2) && r.peekAt(1) == '.') {
			r.skip()
			continue
		}
		break
	}
	s := r.s[start:r.pos]
	if s == "" {
		return nil, nil
	}
	if ints {
		v, err := strconv.ParseInt(s, 10, 32)
		if err != nil {
			return nil, errAt(start, "invalid integer '%s'", s)
		}
		f := float64(v)
		return &f, nil
	}
	v, ok := parseJavaDouble(s)
	if !ok {
		return nil, errAt(start, "invalid double '%s'", s)
	}
	return &v, nil
}

// readCoords reads n coordinates: world ones (absolute or ~relative) or
// local ones (^), never mixed. ints selects WorldCoordinate.parseInt.
// Vec2-style arguments (vec2, rotation, column_pos) have no local form.
func readCoords(r *reader, n int, ints, noLocal bool) *synErr {
	start := r.pos
	if !r.canRead() {
		return errAt(r.pos, "incomplete (expected %d coordinates)", n)
	}
	local := !noLocal && r.peek() == '^'
	for i := 0; i < n; i++ {
		if i > 0 {
			if !r.canRead() || r.peek() != ' ' {
				r.pos = start
				return errAt(start, "incomplete (expected %d coordinates)", n)
			}
			r.skip()
		}
		if err := readCoord(r, local, ints, start); err != nil {
			return err
		}
	}
	return nil
}

func readCoord(r *reader, local, ints bool, start int) *synErr {
	if local {
		if !r.canRead() {
			return errAt(r.pos, "expected double")
		}
		if r.peek() != '^' {
			r.pos = start
			return errAt(start, "cannot mix world & local coordinates (everything must either use ^ or not)")
		}
		r.skip()
		if r.canRead() && r.peek() != ' ' {
			_, err := r.readDouble()
			return err
		}
		return nil
	}
	if r.canRead() && r.peek() == '^' {
		return errAt(r.pos, "cannot mix world & local coordinates (everything must either use ^ or not)")
	}
	if !r.canRead() {
		if ints {
			return errAt(r.pos, "expected integer")
		}
		return errAt(r.pos, "expected double")
	}
	rel := false
	if r.peek() == '~' {
		rel = true
		r.skip()
	}
	if r.canRead() && r.peek() != ' ' {
		if ints && !rel {
			_, err := r.readInt()
			return err
		}
		_, err := r.readDouble()
		return err
	}
	// WorldCoordinate.parseInt/parseDouble read nothing at a space and take
	// 0, absolute or relative alike.
	return nil
}

func isIdentNS(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.'
}

func isAllowedInResourceLocation(c byte) bool {
	return isIdentNS(c) || c == ':' || c == '/'
}

// readResourceLocation is Identifier.read: the longest run of allowed
// characters, which must then form a valid "namespace:path" (the namespace
// may be omitted). Errors are reported at the start.
func readResourceLocation(r *reader) (string, *synErr) {
	start := r.pos
	for r.canRead() && isAllowedInResourceLocation(r.peek()) {
		r.skip()
	}
	s := r.s[start:r.pos]
	if !validResourceLocation(s) {
		r.pos = start
		return "", errAt(start, "invalid resource location '%s'", s)
	}
	return s, nil
}

func validResourceLocation(s string) bool {
	ns, path, found := strings.Cut(s, ":")
	if !found {
		ns, path = "", s
	}
	for i := 0; i < len(ns); i++ {
		if !isIdentNS(ns[i]) {
			return false
		}
	}
	for i := 0; i < len(path); i++ {
		if !isIdentNS(path[i]) && path[i] != '/' {
			return false
		}
	}
	return true
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
func (c *checker) parseCriterion(r *reader) *synErr {
	start := r.pos
	s := r.readWordToSpace()
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
		if valReg != "" && c.reg.Has("minecraft:stat_type", typeID) && validResourceLocation(valID) && c.reg.Has(valReg, valID) {
			return nil
		}
	}
	r.pos = start
	return errAt(start, "unknown criterion '%s'", s)
}
