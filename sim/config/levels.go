package config

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// LevelKey is a [lookahead] key a level may set: a budget, which the pack
// keeps in a register per board, so boards at different levels think at
// once. The search's widths are budgets too: the pack's lists are sized
// for the widest level, and a narrower one keeps the first entries of
// the same sorted list, which are the best ones. Keys that size the
// threat searches' lists (vcf_width, vct_width, defend_tries), the
// per-tick budget and the leaf values stay shared: a level cannot change
// what the pack holds, only how far and how wide it searches.
type LevelKey struct {
	Name   string // the TOML key under [lookahead] and [lookahead.levels.<name>]
	Lo, Hi int    // its range, as [lookahead] checks it
	field  func(*Lookahead) *int
}

// Field returns the key's value in la.
func (k LevelKey) Field(la *Lookahead) *int { return k.field(la) }

// LevelKeys are the keys a level may set, declared once: the loader
// checks them, Lookahead.At applies them, and gen gives each a register
// (#la.lv_<name>) set from the board's level when a search starts. A new
// per-level budget is one line here.
var LevelKeys = []LevelKey{
	{"depth", 1, MaxLookaheadDepth, func(l *Lookahead) *int { return &l.Depth }},
	{"width", 1, MaxLookaheadWidth, func(l *Lookahead) *int { return &l.Width }},
	{"root_width", 1, MaxLookaheadWidth, func(l *Lookahead) *int { return &l.RootWidth }},
	{"vcf_depth", 0, MaxLookaheadDepth, func(l *Lookahead) *int { return &l.VCFDepth }},
	{"leaf_vcf_depth", 0, MaxLookaheadDepth, func(l *Lookahead) *int { return &l.LeafVCFDepth }},
	{"leaf_vcf_nodes", 0, 1_000_000, func(l *Lookahead) *int { return &l.LeafVCFNodes }},
	{"nodes", 1, 1_000_000, func(l *Lookahead) *int { return &l.Nodes }},
	{"vcf_nodes", 0, 1_000_000, func(l *Lookahead) *int { return &l.VCFNodes }},
	{"defend_nodes", 0, 1_000_000, func(l *Lookahead) *int { return &l.DefendNodes }},
	{"vct_depth", 0, MaxLookaheadDepth, func(l *Lookahead) *int { return &l.VCTDepth }},
	{"vct_nodes", 0, 1_000_000, func(l *Lookahead) *int { return &l.VCTNodes }},
	{"defend_vct_nodes", 0, 1_000_000, func(l *Lookahead) *int { return &l.DefendVCTNodes }},
	{"move_nodes", 1, MaxMoveNodes, func(l *Lookahead) *int { return &l.MoveNodes }},
	{"widen", 0, MaxLookaheadWidth, func(l *Lookahead) *int { return &l.Widen }},
	{"deepen", 0, MaxLookaheadDepth, func(l *Lookahead) *int { return &l.Deepen }},
	{"extend_fours", 0, MaxLookaheadDepth, func(l *Lookahead) *int { return &l.ExtendFours }},
}

// MaxMoveNodes bounds lookahead.move_nodes: more than every stage's
// budget together at their largest, so it also means "no bound".
const MaxMoveNodes = 10_000_000

// MaxLevelKeys is the room a Level has for LevelKeys (a Config holds no
// slices, so it stays comparable).
const MaxLevelKeys = 16

// MaxLevels bounds a config's levels: each is a button in the pack's menu.
const MaxLevels = 8

// Level is a named set of budgets: the [lookahead] section with the keys
// it sets (Set, by LevelKeys index) replaced by its Values.
type Level struct {
	Name   string
	Set    [MaxLevelKeys]bool
	Values [MaxLevelKeys]int
}

// NewLevel returns a level called name that sets the keys of values. It
// panics on a key that is no level key: callers pass literals.
func NewLevel(name string, values map[string]int) Level {
	lv := Level{Name: name}
	for k, v := range values {
		j := slices.IndexFunc(LevelKeys, func(lk LevelKey) bool { return lk.Name == k })
		if j < 0 {
			panic("internal error: " + k + " is no level key")
		}
		lv.Set[j], lv.Values[j] = true, v
	}
	return lv
}

// SoleLevel is the name of a config's one level when it declares none:
// [lookahead] as it stands.
const SoleLevel = "lookahead"

// levelName is what a level may be called: it becomes the function
// gomoku:level/<name> and a menu button.
var levelName = regexp.MustCompile(`^[a-z][a-z0-9_]{0,15}$`)

// NumLevels returns how many levels the config offers (at least one).
func (la Lookahead) NumLevels() int { return max(la.NLevels, 1) }

// LevelName returns level i's name (0-based).
func (la Lookahead) LevelName(i int) string {
	if la.NLevels == 0 {
		return SoleLevel
	}
	return la.Levels[i].Name
}

// LevelNames returns the levels' names in the file's order.
func (la Lookahead) LevelNames() []string {
	out := make([]string, la.NumLevels())
	for i := range out {
		out[i] = la.LevelName(i)
	}
	return out
}

// LevelIndex returns the index of the level called name.
func (la Lookahead) LevelIndex(name string) (int, bool) {
	i := slices.Index(la.LevelNames(), name)
	return i, i >= 0
}

// At returns level i's budgets: the section with the level's keys
// applied. Its levels are kept, so At(j) of the result is At(j) here.
func (la Lookahead) At(i int) Lookahead {
	out := la
	if la.NLevels == 0 {
		return out
	}
	lv := la.Levels[i]
	for k, key := range LevelKeys {
		if lv.Set[k] {
			*key.Field(&out) = lv.Values[k]
		}
	}
	return out
}

// AtDefault returns the budgets of the level a new board starts at.
func (la Lookahead) AtDefault() Lookahead { return la.At(la.DefaultLevel) }

// Named returns the budgets of the level called name, or an error
// listing the config's levels.
func (la Lookahead) Named(name string) (Lookahead, error) {
	i, ok := la.LevelIndex(name)
	if !ok {
		return Lookahead{}, fmt.Errorf("unknown level %q%s", name, didYouMean(name, la.LevelNames()))
	}
	return la.At(i), nil
}

// decodeLevels reads [lookahead.levels.<name>] tables, in the file's
// order, and lookahead.level. A file with levels replaces the ones it
// inherits; each level's keys are checked as [lookahead]'s are.
func (d *decoder) decodeLevels(la *Lookahead, md toml.MetaData, levels map[string]map[string]int64, level *string) {
	if len(levels) > 0 {
		var names []string
		for _, k := range md.Keys() {
			if len(k) == 3 && k[0] == "lookahead" && k[1] == "levels" {
				names = append(names, k[2])
			}
		}
		// A level table with no keys has no keys to find it by.
		for n := range levels {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
		if len(names) > MaxLevels {
			d.fail("lookahead.levels", fmt.Sprintf("%d levels, at most %d (each is a button in the pack's menu)", len(names), MaxLevels))
			return
		}
		la.NLevels, la.Levels, la.DefaultLevel = len(names), [MaxLevels]Level{}, 0
		for i, n := range names {
			key := "lookahead.levels." + n
			switch {
			case !levelName.MatchString(n):
				d.fail(key, "a level's name is a lowercase letter, then up to 15 lowercase letters, digits or _ (it names the function gomoku:level/<name>)")
			case n == "greedy":
				d.fail(key, `"greedy" is the greedy level's name in the pack's menu; call this level something else`)
			}
			lv := Level{Name: n}
			src := levels[n]
			for _, k := range sortedKeys(src) {
				j := slices.IndexFunc(LevelKeys, func(lk LevelKey) bool { return lk.Name == k })
				if j < 0 {
					if slices.Contains(known["lookahead"], k) {
						d.fail(key+"."+k, fmt.Sprintf("a level cannot set %s: it is shared by every level (it sizes the pack's registers or its tick); set it in [lookahead] (a level may set %s)", k, strings.Join(levelKeyNames(), ", ")))
					} else {
						d.fail(key+"."+k, "unknown key"+didYouMean(k, levelKeyNames()))
					}
					continue
				}
				lk := LevelKeys[j]
				v := src[k]
				d.intIn(&lv.Values[j], &v, key+"."+k, lk.Lo, lk.Hi)
				lv.Set[j] = true
			}
			la.Levels[i] = lv
		}
		// With new levels, the default is the file's to choose again.
		if level == nil {
			la.DefaultLevel = 0
		}
	}
	if level != nil {
		i, ok := la.LevelIndex(*level)
		if !ok {
			d.fail("lookahead.level", fmt.Sprintf("no level %q (the levels: %s)", *level, strings.Join(la.LevelNames(), ", ")))
			return
		}
		la.DefaultLevel = i
	}
}

func levelKeyNames() []string {
	out := make([]string, len(LevelKeys))
	for i, k := range LevelKeys {
		out[i] = k.Name
	}
	return out
}

// validateLevels checks what [lookahead] checks across keys, at every
// level: a level's budgets make a search of their own.
func (la Lookahead) validateLevels(file string) error {
	for i := range la.NumLevels() {
		at := la.At(i)
		if at.DefendVCTNodes > 0 && at.VCTDepth == 0 {
			return &Error{File: file, Key: la.levelKey(i, "defend_vct_nodes"), Msg: fmt.Sprintf("the threat-space defence needs %s above 0 (the depth its checks search)", la.levelKey(i, "vct_depth"))}
		}
	}
	return nil
}

// levelKey names where level i takes key from: its own table when it sets
// the key, else [lookahead].
func (la Lookahead) levelKey(i int, key string) string {
	if la.NLevels > 0 {
		j := slices.IndexFunc(LevelKeys, func(lk LevelKey) bool { return lk.Name == key })
		if j >= 0 && la.Levels[i].Set[j] {
			return "lookahead.levels." + la.Levels[i].Name + "." + key
		}
	}
	return "lookahead." + key
}
