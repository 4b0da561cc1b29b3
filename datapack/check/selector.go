package check

import (
	"strings"
)

// selector is what the checker needs to know about a parsed entity
// selector (EntitySelectorParser's state).
type selector struct {
	start            int
	maxResults       int // 1 or manyResults
	includesEntities bool
	currentEntity    bool // @s
	usesSelector     bool // written as @…, not a name or UUID
	// option state, for the "inapplicable option" rules
	typeLimited, typeInverse   bool
	limited, sorted            bool
	nameEq, nameNe             bool
	gamemodeEq, gamemodeNe     bool
	teamEq                     bool
	hasScores, hasAdvancements bool
	seen                       map[string]bool // options that may appear once
}

const manyResults = 1 << 30

// parseSelector is EntitySelectorParser.parse: a selector "@x[…]" or a
// player name or UUID.
func (c *checker) parseSelector(r *reader) (*selector, *synErr) {
	sel := &selector{start: r.pos, seen: map[string]bool{}}
	if r.canRead() && r.peek() == '@' {
		r.skip()
		sel.usesSelector = true
		if err := c.parseSelectorBody(r, sel); err != nil {
			return nil, err
		}
		return sel, nil
	}
	start := r.pos
	name, err := r.readString()
	if err != nil {
		return nil, err
	}
	sel.maxResults = 1
	if isJavaUUID(name) {
		sel.includesEntities = true
		return sel, nil
	}
	if name == "" || len([]rune(name)) > 16 {
		r.pos = start
		return nil, errAt(start, "invalid name or uuid")
	}
	return sel, nil
}

func (c *checker) parseSelectorBody(r *reader, sel *selector) *synErr {
	if !r.canRead() {
		return errAt(r.pos, "missing selector type")
	}
	typePos := r.pos
	ch := r.read()
	switch ch {
	case 'p':
		sel.maxResults, sel.typeLimited = 1, true
	case 'a':
		sel.maxResults, sel.typeLimited = manyResults, true
	case 'r':
		sel.maxResults, sel.typeLimited = 1, true
	case 's':
		sel.maxResults, sel.includesEntities, sel.currentEntity = 1, true, true
	case 'e':
		sel.maxResults, sel.includesEntities = manyResults, true
	case 'n':
		sel.maxResults, sel.includesEntities = 1, true
	default:
		r.pos = typePos
		return errAt(typePos, "unknown selector type '@%c'", ch)
	}
	if r.canRead() && r.peek() == '[' {
		r.skip()
		return c.parseSelectorOptions(r, sel)
	}
	return nil
}

func (c *checker) parseSelectorOptions(r *reader, sel *selector) *synErr {
	r.skipWhitespace()
	for r.canRead() && r.peek() != ']' {
		r.skipWhitespace()
		keyPos := r.pos
		key, err := r.readString()
		if err != nil {
			return err
		}
		if err := sel.checkOption(key, keyPos, r.pos); err != nil {
			if err.pos == keyPos {
				r.pos = keyPos
			}
			return err
		}
		r.skipWhitespace()
		if !r.canRead() || r.peek() != '=' {
			r.pos = keyPos
			return errAt(keyPos, "expected value for option '%s'", key)
		}
		r.skip()
		r.skipWhitespace()
		if err := c.parseOptionValue(r, sel, key); err != nil {
			return err
		}
		r.skipWhitespace()
		if r.canRead() {
			if r.peek() == ',' {
				r.skip()
				continue
			}
			if r.peek() != ']' {
				return errAt(r.pos, "expected end of options")
			}
			break
		}
	}
	if !r.canRead() {
		return errAt(r.pos, "expected end of options")
	}
	r.skip()
	return nil
}

// checkOption is EntitySelectorOptions.get: the option must exist and be
// applicable given what the selector already has.
func (sel *selector) checkOption(key string, keyPos, after int) *synErr {
	ok := true
	switch key {
	case "name":
		ok = !sel.nameEq
	case "distance", "level", "x", "y", "z", "dx", "dy", "dz", "x_rotation", "y_rotation":
		ok = !sel.seen[key]
	case "limit":
		ok = !sel.currentEntity && !sel.limited
	case "sort":
		ok = !sel.currentEntity && !sel.sorted
	case "gamemode":
		ok = !sel.gamemodeEq
	case "team":
		ok = !sel.teamEq
	case "type":
		ok = !sel.typeLimited
	case "tag", "nbt", "predicate":
	case "scores":
		ok = !sel.hasScores
	case "advancements":
		ok = !sel.hasAdvancements
	default:
		return errAt(keyPos, "unknown option '%s'", key)
	}
	if !ok {
		return errAt(after, "option '%s' isn't applicable here", key)
	}
	return nil
}

func shouldInvert(r *reader) bool {
	r.skipWhitespace()
	if r.canRead() && r.peek() == '!' {
		r.skip()
		r.skipWhitespace()
		return true
	}
	return false
}

func (c *checker) parseOptionValue(r *reader, sel *selector, key string) *synErr {
	start := r.pos
	switch key {
	case "name":
		not := shouldInvert(r)
		if _, err := r.readString(); err != nil {
			return err
		}
		if sel.nameNe && !not {
			r.pos = start
			return errAt(start, "option 'name' isn't applicable here")
		}
		if not {
			sel.nameNe = true
		} else {
			sel.nameEq = true
		}
	case "distance":
		lo, hi, err := readRange(r, false)
		if err != nil {
			return err
		}
		if (lo != nil && *lo < 0) || (hi != nil && *hi < 0) {
			r.pos = start
			return errAt(start, "distance cannot be negative")
		}
	case "level":
		lo, hi, err := readRange(r, true)
		if err != nil {
			return err
		}
		if (lo != nil && *lo < 0) || (hi != nil && *hi < 0) {
			r.pos = start
			return errAt(start, "level cannot be negative")
		}
		sel.includesEntities = false
	case "x", "y", "z", "dx", "dy", "dz":
		if _, err := r.readDouble(); err != nil {
			return err
		}
	case "x_rotation", "y_rotation":
		if _, _, err := readRange(r, false); err != nil {
			return err
		}
	case "limit":
		n, err := r.readInt()
		if err != nil {
			return err
		}
		if n < 1 {
			r.pos = start
			return errAt(start, "limit must be at least 1")
		}
		sel.maxResults, sel.limited = int(n), true
	case "sort":
		s := r.readUnquotedString()
		switch s {
		case "nearest", "furthest", "random", "arbitrary":
		default:
			r.pos = start
			return errAt(start, "invalid or unknown sort type '%s'", s)
		}
		sel.sorted = true
	case "gamemode":
		not := shouldInvert(r)
		if sel.gamemodeNe && !not {
			r.pos = start
			return errAt(start, "option 'gamemode' isn't applicable here")
		}
		s := r.readUnquotedString()
		switch s {
		case "survival", "creative", "adventure", "spectator":
		default:
			r.pos = start
			return errAt(start, "invalid or unknown game mode '%s'", s)
		}
		sel.includesEntities = false
		if not {
			sel.gamemodeNe = true
		} else {
			sel.gamemodeEq = true
		}
	case "team":
		not := shouldInvert(r)
		r.readUnquotedString()
		if !not {
			sel.teamEq = true
		}
	case "type":
		not := shouldInvert(r)
		if sel.typeInverse && !not {
			r.pos = start
			return errAt(start, "option 'type' isn't applicable here")
		}
		if not {
			sel.typeInverse = true
		}
		isTag := false
		if r.canRead() && r.peek() == '#' {
			r.skip()
			isTag = true
		}
		idPos := r.pos
		id, err := readResourceLocation(r)
		if err != nil {
			return err
		}
		if !isTag {
			if !c.reg.Has("minecraft:entity_type", id) {
				r.pos = start
				return errAt(start, "invalid or unknown entity type '%s'", normalizeID(id))
			}
			if normalizeID(id) == "minecraft:player" && !not {
				sel.includesEntities = false
			}
			if !not {
				sel.typeLimited = true
			}
		}
		_ = idPos
	case "tag":
		shouldInvert(r)
		r.readUnquotedString()
	case "nbt":
		shouldInvert(r)
		if _, err := parseSNBTCompoundArg(r); err != nil {
			return err
		}
	case "scores":
		if err := r.expect('{'); err != nil {
			return err
		}
		r.skipWhitespace()
		for r.canRead() && r.peek() != '}' {
			r.skipWhitespace()
			r.readUnquotedString()
			r.skipWhitespace()
			if err := r.expect('='); err != nil {
				return err
			}
			r.skipWhitespace()
			if _, _, err := readRange(r, true); err != nil {
				return err
			}
			r.skipWhitespace()
			if r.canRead() && r.peek() == ',' {
				r.skip()
			}
		}
		if err := r.expect('}'); err != nil {
			return err
		}
		sel.hasScores = true
	case "advancements":
		if err := r.expect('{'); err != nil {
			return err
		}
		r.skipWhitespace()
		nonEmpty := false
		for r.canRead() && r.peek() != '}' {
			r.skipWhitespace()
			if _, err := readResourceLocation(r); err != nil {
				return err
			}
			r.skipWhitespace()
			if err := r.expect('='); err != nil {
				return err
			}
			r.skipWhitespace()
			if r.canRead() && r.peek() == '{' {
				r.skip()
				r.skipWhitespace()
				for r.canRead() && r.peek() != '}' {
					r.skipWhitespace()
					r.readUnquotedString()
					r.skipWhitespace()
					if err := r.expect('='); err != nil {
						return err
					}
					r.skipWhitespace()
					if _, err := r.readBoolean(); err != nil {
						return err
					}
					r.skipWhitespace()
					if r.canRead() && r.peek() == ',' {
						r.skip()
					}
				}
				r.skipWhitespace()
				if err := r.expect('}'); err != nil {
					return err
				}
				r.skipWhitespace()
			} else if _, err := r.readBoolean(); err != nil {
				return err
			}
			nonEmpty = true
			r.skipWhitespace()
			if r.canRead() && r.peek() == ',' {
				r.skip()
			}
		}
		if err := r.expect('}'); err != nil {
			return err
		}
		if nonEmpty {
			sel.includesEntities = false
		}
		sel.hasAdvancements = true
	case "predicate":
		shouldInvert(r)
		if _, err := readResourceLocation(r); err != nil {
			return err
		}
	}
	switch key {
	case "distance", "level", "x", "y", "z", "dx", "dy", "dz", "x_rotation", "y_rotation":
		sel.seen[key] = true
	}
	return nil
}

// parseEntityArg is EntityArgument.parse with its single/players checks.
// The game reports those two errors at column 0 of the command; we report
// them at the selector, which is what the author has to change.
func (c *checker) parseEntityArg(n *Node, r *reader) *synErr {
	sel, err := c.parseSelector(r)
	if err != nil {
		return err
	}
	single := n.Props.Amount == "single"
	players := n.Props.Type == "players"
	if single && sel.maxResults > 1 {
		if players {
			return errAt(sel.start, "only one player is allowed, but the provided selector allows more than one")
		}
		return errAt(sel.start, "only one entity is allowed, but the provided selector allows more than one")
	}
	if players && sel.includesEntities && !sel.currentEntity {
		return errAt(sel.start, "only players may be affected by this command, but the provided selector includes entities")
	}
	return nil
}

// parseScoreHolder is ScoreHolderArgument.parse: a selector, or any run of
// non-space characters ("*", "#fake", a player name, a UUID).
func (c *checker) parseScoreHolder(n *Node, r *reader) *synErr {
	if r.canRead() && r.peek() == '@' {
		sel, err := c.parseSelector(r)
		if err != nil {
			return err
		}
		if n.Props.Amount != "multiple" && sel.maxResults > 1 {
			return errAt(sel.start, "only one entity is allowed, but the provided selector allows more than one")
		}
		return nil
	}
	r.readWordToSpace()
	return nil
}

// parseGameProfile is GameProfileArgument.parse.
func (c *checker) parseGameProfile(r *reader) *synErr {
	if r.canRead() && r.peek() == '@' {
		sel, err := c.parseSelector(r)
		if err != nil {
			return err
		}
		if sel.includesEntities {
			return errAt(sel.start, "only players may be affected by this command, but the provided selector includes entities")
		}
		return nil
	}
	r.readWordToSpace()
	return nil
}

// parseMessage is MessageArgument.parse for a source allowed to use
// selectors (functions always are): the rest of the line, with every "@x"
// that starts a valid selector type parsed as a selector.
func (c *checker) parseMessage(r *reader) *synErr {
	for r.canRead() {
		if r.peek() != '@' {
			r.skip()
			continue
		}
		at := r.pos
		if !r.canReadN(2) || !strings.ContainsRune("parsen", rune(r.peekAt(1))) {
			// Missing or unknown selector types are literal text.
			r.pos = at + 1
			continue
		}
		if _, err := c.parseSelector(r); err != nil {
			return err
		}
	}
	return nil
}

// isJavaUUID mirrors UUID.fromString: five '-'-separated hex groups of
// 1–8, 1–4, 1–4, 1–4 and 1–12 digits, at most 36 characters.
func isJavaUUID(s string) bool {
	if len(s) > 36 {
		return false
	}
	parts := strings.Split(s, "-")
	if len(parts) != 5 {
		return false
	}
	maxLen := []int{8, 4, 4, 4, 12}
	for i, p := range parts {
		if p == "" || len(p) > maxLen[i] {
			return false
		}
		for j := 0; j < len(p); j++ {
			if !isHexDigit(p[j]) {
				return false
			}
		}
	}
	return true
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
