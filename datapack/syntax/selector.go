package syntax

import (
	"math"
	"strings"
)

// ManyResults is a selector's MaxResults when it has no limit.
const ManyResults = math.MaxInt32

// Selector is a parsed EntitySelectorParser argument: "@x[options]", a
// player name or a UUID.
type Selector struct {
	Start int    // offset of the selector in the line
	Text  string // the selector as written
	// Kind is the selector type after '@' (p a r s e n), or 0 for a name
	// or UUID.
	Kind   byte
	Name   string   // Kind 0 and not a UUID: the player name
	UUID   [16]byte // Kind 0 and IsUUID
	IsUUID bool
	// MaxResults is 1, the limit option, or ManyResults.
	MaxResults       int
	IncludesEntities bool // may select non-players
	CurrentEntity    bool // @s
	Options          []SelectorOption

	// option state, for the game's "isn't applicable here" rules
	typeLimited, typeInverse   bool
	limited, sorted            bool
	nameEq, nameNe             bool
	gamemodeEq, gamemodeNe     bool
	teamEq                     bool
	hasScores, hasAdvancements bool
	seen                       map[string]bool // options that may appear once
}

// SelectorOption is one option of a selector, its value parsed as the
// option's type.
type SelectorOption struct {
	Key      string
	KeyPos   int  // offset of the key
	ValuePos int  // offset of the value ('!' included)
	Negated  bool // name, gamemode, team, type, tag, nbt, predicate: "key=!value"
	// Str is the value of name, team, tag, gamemode, sort, predicate and
	// type (as written, without '#' for an entity type tag).
	Str          string
	TypeTag      bool              // type=#tag
	Double       float64           // x, y, z, dx, dy, dz
	Int          int32             // limit
	DoubleRange  DoubleRange       // distance, x_rotation, y_rotation
	IntRange     IntRange          // level
	NBT          *Tag              // nbt (a compound)
	Scores       []ScoreBound      // scores
	Advancements []AdvancementTest // advancements
}

// ScoreBound is one objective=range of a scores option.
type ScoreBound struct {
	Objective string
	Range     IntRange
}

// AdvancementTest is one id=bool or id={criterion=bool,…} of an
// advancements option.
type AdvancementTest struct {
	ID       string
	Done     bool            // when Criteria is nil
	Criteria map[string]bool // id={…}
}

// ParseSelector is EntitySelectorParser.parse: a selector "@x[…]", or a
// player name or UUID. knownType, when not nil, rejects entity types the
// caller's registry lacks; nil accepts every valid resource location.
func ParseSelector(r *Reader, knownType func(id string) bool) (*Selector, *Error) {
	sel := &Selector{Start: r.Pos}
	if r.PeekIs('@') {
		r.Skip()
		if err := sel.parseBody(r, knownType); err != nil {
			return nil, err
		}
		sel.Text = r.Text[sel.Start:r.Pos]
		return sel, nil
	}
	name, err := r.ReadString()
	if err != nil {
		return nil, err
	}
	sel.MaxResults = 1
	sel.Text = r.Text[sel.Start:r.Pos]
	if u, ok := ParseUUID(name); ok {
		sel.UUID, sel.IsUUID, sel.IncludesEntities = u, true, true
		return sel, nil
	}
	if name == "" || len([]rune(name)) > 16 {
		r.Pos = sel.Start
		return nil, Errorf(sel.Start, "invalid name or uuid")
	}
	sel.Name = name
	return sel, nil
}

func (sel *Selector) parseBody(r *Reader, knownType func(string) bool) *Error {
	if !r.CanRead() {
		return r.Errorf("missing selector type")
	}
	typePos := r.Pos
	sel.Kind = r.Read()
	switch sel.Kind {
	case 'p', 'r':
		sel.MaxResults, sel.typeLimited = 1, true
	case 'a':
		sel.MaxResults, sel.typeLimited = ManyResults, true
	case 's':
		sel.MaxResults, sel.IncludesEntities, sel.CurrentEntity = 1, true, true
	case 'e':
		sel.MaxResults, sel.IncludesEntities = ManyResults, true
	case 'n':
		sel.MaxResults, sel.IncludesEntities = 1, true
	default:
		r.Pos = typePos
		return Errorf(typePos, "unknown selector type '@%c'", sel.Kind)
	}
	if r.PeekIs('[') {
		r.Skip()
		return sel.parseOptions(r, knownType)
	}
	return nil
}

func (sel *Selector) parseOptions(r *Reader, knownType func(string) bool) *Error {
	sel.seen = map[string]bool{}
	r.SkipWhitespace()
	for r.CanRead() && r.Peek() != ']' {
		r.SkipWhitespace()
		keyPos := r.Pos
		key, err := r.ReadString()
		if err != nil {
			return err
		}
		if err := sel.checkOption(key, keyPos, r.Pos); err != nil {
			if err.Pos == keyPos {
				r.Pos = keyPos
			}
			return err
		}
		r.SkipWhitespace()
		if !r.CanRead() || r.Peek() != '=' {
			r.Pos = keyPos
			return Errorf(keyPos, "expected value for option '%s'", key)
		}
		r.Skip()
		r.SkipWhitespace()
		opt := SelectorOption{Key: key, KeyPos: keyPos, ValuePos: r.Pos}
		if err := sel.parseValue(r, &opt, knownType); err != nil {
			return err
		}
		sel.Options = append(sel.Options, opt)
		r.SkipWhitespace()
		if r.CanRead() {
			if r.Peek() == ',' {
				r.Skip()
				continue
			}
			if r.Peek() != ']' {
				return r.Errorf("expected end of options")
			}
			break
		}
	}
	if !r.CanRead() {
		return r.Errorf("expected end of options")
	}
	r.Skip()
	return nil
}

// checkOption is EntitySelectorOptions.get: the option must exist (an
// error at the key) and be applicable given what the selector already has
// (an error after it).
func (sel *Selector) checkOption(key string, keyPos, after int) *Error {
	ok := true
	switch key {
	case "name":
		ok = !sel.nameEq
	case "distance", "level", "x", "y", "z", "dx", "dy", "dz", "x_rotation", "y_rotation":
		ok = !sel.seen[key]
	case "limit":
		ok = !sel.CurrentEntity && !sel.limited
	case "sort":
		ok = !sel.CurrentEntity && !sel.sorted
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
		return Errorf(keyPos, "unknown option '%s'", key)
	}
	if !ok {
		return Errorf(after, "option '%s' isn't applicable here", key)
	}
	return nil
}

// invert reads an option value's leading '!'.
func invert(r *Reader) bool {
	r.SkipWhitespace()
	if r.PeekIs('!') {
		r.Skip()
		r.SkipWhitespace()
		return true
	}
	return false
}

// optionParsers parse each option's value into opt, updating the
// selector's state as the game's option modifiers do.
var optionParsers = map[string]func(sel *Selector, r *Reader, opt *SelectorOption, knownType func(string) bool) *Error{
	"name":         parseNameOption,
	"distance":     parseDistanceOption,
	"level":        parseLevelOption,
	"x":            parseCoordOption,
	"y":            parseCoordOption,
	"z":            parseCoordOption,
	"dx":           parseCoordOption,
	"dy":           parseCoordOption,
	"dz":           parseCoordOption,
	"x_rotation":   parseRotationOption,
	"y_rotation":   parseRotationOption,
	"limit":        parseLimitOption,
	"sort":         parseSortOption,
	"gamemode":     parseGamemodeOption,
	"team":         parseTeamOption,
	"type":         parseTypeOption,
	"tag":          parseTagOption,
	"nbt":          parseNBTOption,
	"scores":       parseScoresOption,
	"advancements": parseAdvancementsOption,
	"predicate":    parsePredicateOption,
}

func (sel *Selector) parseValue(r *Reader, opt *SelectorOption, knownType func(string) bool) *Error {
	if err := optionParsers[opt.Key](sel, r, opt, knownType); err != nil {
		return err
	}
	switch opt.Key {
	case "distance", "level", "x", "y", "z", "dx", "dy", "dz", "x_rotation", "y_rotation":
		sel.seen[opt.Key] = true
	}
	return nil
}

// inapplicable fails at the value's start, for the rules the game checks
// only once it has read a '!'.
func inapplicable(r *Reader, opt *SelectorOption) *Error {
	r.Pos = opt.ValuePos
	return Errorf(opt.ValuePos, "option '%s' isn't applicable here", opt.Key)
}

func parseNameOption(sel *Selector, r *Reader, opt *SelectorOption, _ func(string) bool) *Error {
	opt.Negated = invert(r)
	s, err := r.ReadString()
	if err != nil {
		return err
	}
	if sel.nameNe && !opt.Negated {
		return inapplicable(r, opt)
	}
	opt.Str = s
	if opt.Negated {
		sel.nameNe = true
	} else {
		sel.nameEq = true
	}
	return nil
}

func parseDistanceOption(_ *Selector, r *Reader, opt *SelectorOption, _ func(string) bool) *Error {
	rg, err := r.ReadDoubleRange()
	if err != nil {
		return err
	}
	if rg.HasMin && rg.Min < 0 || rg.HasMax && rg.Max < 0 {
		r.Pos = opt.ValuePos
		return Errorf(opt.ValuePos, "distance cannot be negative")
	}
	opt.DoubleRange = rg
	return nil
}

func parseLevelOption(sel *Selector, r *Reader, opt *SelectorOption, _ func(string) bool) *Error {
	rg, err := r.ReadIntRange()
	if err != nil {
		return err
	}
	if rg.HasMin && rg.Min < 0 || rg.HasMax && rg.Max < 0 {
		r.Pos = opt.ValuePos
		return Errorf(opt.ValuePos, "level cannot be negative")
	}
	opt.IntRange = rg
	sel.IncludesEntities = false
	return nil
}

func parseCoordOption(_ *Selector, r *Reader, opt *SelectorOption, _ func(string) bool) *Error {
	v, err := r.ReadDouble()
	opt.Double = v
	return err
}

func parseRotationOption(_ *Selector, r *Reader, opt *SelectorOption, _ func(string) bool) *Error {
	rg, err := r.ReadDoubleRange()
	opt.DoubleRange = rg
	return err
}

func parseLimitOption(sel *Selector, r *Reader, opt *SelectorOption, _ func(string) bool) *Error {
	n, err := r.ReadInt()
	if err != nil {
		return err
	}
	if n < 1 {
		r.Pos = opt.ValuePos
		return Errorf(opt.ValuePos, "limit must be at least 1")
	}
	opt.Int = n
	sel.MaxResults, sel.limited = int(n), true
	return nil
}

// SortOrders are the sort option's values.
var SortOrders = []string{"nearest", "furthest", "random", "arbitrary"}

func parseSortOption(sel *Selector, r *Reader, opt *SelectorOption, _ func(string) bool) *Error {
	s := r.ReadUnquotedString()
	if !contains(SortOrders, s) {
		r.Pos = opt.ValuePos
		return Errorf(opt.ValuePos, "invalid or unknown sort type '%s'", s)
	}
	opt.Str = s
	sel.sorted = true
	return nil
}

var gameModes = []string{"survival", "creative", "adventure", "spectator"}

func parseGamemodeOption(sel *Selector, r *Reader, opt *SelectorOption, _ func(string) bool) *Error {
	opt.Negated = invert(r)
	if sel.gamemodeNe && !opt.Negated {
		return inapplicable(r, opt)
	}
	s := r.ReadUnquotedString()
	if !contains(gameModes, s) {
		r.Pos = opt.ValuePos
		return Errorf(opt.ValuePos, "invalid or unknown game mode '%s'", s)
	}
	opt.Str = s
	sel.IncludesEntities = false
	if opt.Negated {
		sel.gamemodeNe = true
	} else {
		sel.gamemodeEq = true
	}
	return nil
}

func parseTeamOption(sel *Selector, r *Reader, opt *SelectorOption, _ func(string) bool) *Error {
	opt.Negated = invert(r)
	opt.Str = r.ReadUnquotedString()
	if !opt.Negated {
		sel.teamEq = true
	}
	return nil
}

func parseTypeOption(sel *Selector, r *Reader, opt *SelectorOption, knownType func(string) bool) *Error {
	opt.Negated = invert(r)
	if sel.typeInverse && !opt.Negated {
		return inapplicable(r, opt)
	}
	if opt.Negated {
		sel.typeInverse = true
	}
	if r.PeekIs('#') {
		r.Skip()
		opt.TypeTag = true
	}
	id, err := r.ReadResourceLocation()
	if err != nil {
		return err
	}
	opt.Str = id
	if opt.TypeTag {
		return nil
	}
	if knownType != nil && !knownType(id) {
		r.Pos = opt.ValuePos
		return Errorf(opt.ValuePos, "invalid or unknown entity type '%s'", NormalizeID(id))
	}
	if !opt.Negated {
		if NormalizeID(id) == "minecraft:player" {
			sel.IncludesEntities = false
		}
		sel.typeLimited = true
	}
	return nil
}

func parseTagOption(_ *Selector, r *Reader, opt *SelectorOption, _ func(string) bool) *Error {
	opt.Negated = invert(r)
	opt.Str = r.ReadUnquotedString()
	return nil
}

func parseNBTOption(_ *Selector, r *Reader, opt *SelectorOption, _ func(string) bool) *Error {
	opt.Negated = invert(r)
	t, err := ParseCompoundArg(r)
	opt.NBT = t
	return err
}

func parsePredicateOption(_ *Selector, r *Reader, opt *SelectorOption, _ func(string) bool) *Error {
	opt.Negated = invert(r)
	id, err := r.ReadResourceLocation()
	opt.Str = id
	return err
}

// readMap reads "{k=v, …}": entry reads one key, '=' and value; commas
// between entries are optional, as the game's loops have them.
func readMap(r *Reader, entry func() *Error) *Error {
	if err := r.Expect('{'); err != nil {
		return err
	}
	r.SkipWhitespace()
	for r.CanRead() && r.Peek() != '}' {
		r.SkipWhitespace()
		if err := entry(); err != nil {
			return err
		}
		r.SkipWhitespace()
		if r.PeekIs(',') {
			r.Skip()
		}
	}
	return r.Expect('}')
}

// readKeyEquals reads the "=" after a map key.
func readKeyEquals(r *Reader) *Error {
	r.SkipWhitespace()
	if err := r.Expect('='); err != nil {
		return err
	}
	r.SkipWhitespace()
	return nil
}

func parseScoresOption(sel *Selector, r *Reader, opt *SelectorOption, _ func(string) bool) *Error {
	err := readMap(r, func() *Error {
		obj := r.ReadUnquotedString()
		if err := readKeyEquals(r); err != nil {
			return err
		}
		rg, err := r.ReadIntRange()
		if err != nil {
			return err
		}
		opt.Scores = append(opt.Scores, ScoreBound{obj, rg})
		return nil
	})
	if err != nil {
		return err
	}
	sel.hasScores = true
	return nil
}

func parseAdvancementsOption(sel *Selector, r *Reader, opt *SelectorOption, _ func(string) bool) *Error {
	err := readMap(r, func() *Error {
		id, err := r.ReadResourceLocation()
		if err != nil {
			return err
		}
		if err := readKeyEquals(r); err != nil {
			return err
		}
		test := AdvancementTest{ID: id}
		if r.PeekIs('{') {
			test.Criteria = map[string]bool{}
			err = readMap(r, func() *Error {
				name := r.ReadUnquotedString()
				if err := readKeyEquals(r); err != nil {
					return err
				}
				done, err := r.ReadBoolean()
				test.Criteria[name] = done
				return err
			})
			r.SkipWhitespace()
		} else {
			test.Done, err = r.ReadBoolean()
		}
		if err != nil {
			return err
		}
		opt.Advancements = append(opt.Advancements, test)
		return nil
	})
	if err != nil {
		return err
	}
	if len(opt.Advancements) > 0 {
		sel.IncludesEntities = false
	}
	sel.hasAdvancements = true
	return nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// IsSelectorStart reports whether text at the reader is "@" followed by a
// selector type, as MessageArgument looks for selectors in chat text.
func IsSelectorStart(r *Reader) bool {
	return r.CanReadN(2) && r.Peek() == '@' && strings.IndexByte("parsen", r.PeekAt(1)) >= 0
}
