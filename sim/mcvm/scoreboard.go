package mcvm

import (
	"math"
	"sort"
)

// The scoreboard keeps every (holder, objective) score in one slice of
// cells. Holder and objective names are interned to small integers when a
// command is parsed, so a fake-player score is a slice index at run time:
// no hashing, no string compares. An objective removed and added again
// reuses its name's cells.

type scoreCell struct {
	value   int32
	present bool // the score exists (set, created or not reset)
	locked  bool // for trigger objectives: not enabled
	holder  int32
	objName int32
}

// Objective is one scoreboard objective.
type Objective struct {
	Name        string
	Criteria    string // "dummy", "trigger" or leaveGameCriterion
	DisplayName Tag    // text component
	RenderType  string // "integer" or "hearts"
	AutoUpdate  bool   // displayautoupdate
	NumberFmt   Tag    // number format as given, nil when unset
	nameID      int32
	created     int64 // creation counter, for stable listing order
}

type scoreboard struct {
	objNames   map[string]int32 // interned objective names
	objNameStr []string
	objByName  []*Objective // indexed by interned objective name; nil if absent
	objCells   [][]int32    // cells per objective name id

	holderIDs   map[string]int32
	holderNames []string
	holderCells [][]int32 // cells per holder id

	cells   []scoreCell
	cellIdx map[uint64]int32

	display map[string]string // display slot -> objective name
	created int64
	// tracked mirrors the game's map of score holders (an
	// Object2ObjectOpenHashMap), whose iteration order "*" follows;
	// holders stay in it while they have a score, and also when their last
	// score went away with its objective, as in the game.
	tracked *openSet
	scores  []int32 // per holder id: number of present scores
}

func newScoreboard() *scoreboard {
	sb := &scoreboard{
		objNames:  map[string]int32{},
		holderIDs: map[string]int32{},
		cellIdx:   map[uint64]int32{},
		display:   map[string]string{},
	}
	sb.tracked = newOpenSet(func(k int32) int32 { return javaStringHash(sb.holderNames[k]) })
	return sb
}

func (sb *scoreboard) objID(name string) int32 {
	if id, ok := sb.objNames[name]; ok {
		return id
	}
	id := int32(len(sb.objNameStr))
	sb.objNames[name] = id
	sb.objNameStr = append(sb.objNameStr, name)
	sb.objByName = append(sb.objByName, nil)
	sb.objCells = append(sb.objCells, nil)
	return id
}

func (sb *scoreboard) holderID(name string) int32 {
	if id, ok := sb.holderIDs[name]; ok {
		return id
	}
	id := int32(len(sb.holderNames))
	sb.holderIDs[name] = id
	sb.holderNames = append(sb.holderNames, name)
	sb.holderCells = append(sb.holderCells, nil)
	sb.scores = append(sb.scores, 0)
	return id
}

// cell returns the cell index of (holder, objective name), creating it.
func (sb *scoreboard) cell(holder, obj int32) int32 {
	key := uint64(uint32(holder))<<32 | uint64(uint32(obj))
	if c, ok := sb.cellIdx[key]; ok {
		return c
	}
	c := int32(len(sb.cells))
	sb.cells = append(sb.cells, scoreCell{holder: holder, objName: obj, locked: true})
	sb.cellIdx[key] = c
	sb.objCells[obj] = append(sb.objCells[obj], c)
	sb.holderCells[holder] = append(sb.holderCells[holder], c)
	return c
}

func (sb *scoreboard) cellByName(holder, obj string) int32 {
	return sb.cell(sb.holderID(holder), sb.objID(obj))
}

// objective returns the live objective with that name id, or nil.
func (sb *scoreboard) objective(id int32) *Objective { return sb.objByName[id] }

func (sb *scoreboard) lookup(name string) *Objective {
	id, ok := sb.objNames[name]
	if !ok {
		return nil
	}
	return sb.objByName[id]
}

// create makes a missing score exist with value 0 (getOrCreatePlayerScore).
func (sb *scoreboard) create(c int32) *scoreCell {
	cell := &sb.cells[c]
	if !cell.present {
		cell.present = true
		cell.value = 0
		cell.locked = true
		sb.track(cell.holder, 1)
	}
	return cell
}

func (sb *scoreboard) track(holder int32, delta int) {
	sb.scores[holder] += int32(delta)
	if delta > 0 {
		sb.tracked.add(holder)
	}
}

// reset is resetSinglePlayerScore: a holder left without scores leaves
// the map.
func (sb *scoreboard) reset(c int32) bool {
	if !sb.drop(c) {
		return false
	}
	if h := sb.cells[c].holder; sb.scores[h] == 0 {
		sb.tracked.remove(h)
	}
	return true
}

// drop deletes a score without touching the holder map.
func (sb *scoreboard) drop(c int32) bool {
	cell := &sb.cells[c]
	if !cell.present {
		return false
	}
	cell.present = false
	cell.value = 0
	cell.locked = true
	sb.scores[cell.holder]--
	return true
}

// resetAll removes every score of holder and the holder itself.
func (sb *scoreboard) resetAll(holder int32) {
	for _, c := range sb.holderCells[holder] {
		sb.drop(c)
	}
	sb.tracked.remove(holder)
}

func (sb *scoreboard) addObjective(name, criteria string, display Tag) *Objective {
	id := sb.objID(name)
	sb.created++
	o := &Objective{Name: name, Criteria: criteria, DisplayName: display, RenderType: "integer", nameID: id, created: sb.created}
	sb.objByName[id] = o
	return o
}

// removeObjective drops the objective's scores; holders stay tracked, as
// Scoreboard.removeObjective leaves their (possibly empty) entries.
func (sb *scoreboard) removeObjective(o *Objective) {
	for _, c := range sb.objCells[o.nameID] {
		sb.drop(c)
	}
	sb.objByName[o.nameID] = nil
	for slot, name := range sb.display {
		if name == o.Name {
			delete(sb.display, slot)
		}
	}
}

// trackedHolders lists the tracked holders in the game's iteration order.
func (sb *scoreboard) trackedHolders() []string {
	ids := sb.tracked.keys()
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = sb.holderNames[id]
	}
	return names
}

// objectives lists the live objectives in creation order.
func (sb *scoreboard) objectives() []*Objective {
	var out []*Objective
	for _, o := range sb.objByName {
		if o != nil {
			out = append(out, o)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].created < out[j].created })
	return out
}

// javaStringHash is Java's String.hashCode over UTF-16 code units.
func javaStringHash(s string) int32 {
	var h int32
	for _, r := range s {
		if r >= 0x10000 {
			r -= 0x10000
			h = 31*h + int32(0xD800+(r>>10))
			h = 31*h + int32(0xDC00+(r&0x3FF))
			continue
		}
		h = 31*h + int32(r)
	}
	return h
}

// javaHashOrder orders distinct strings as a java.util.HashMap/HashSet
// iterates them, given the largest size the map has had (which fixes its
// table size: 16 doubling while size > 0.75·capacity). Within a bucket the
// input order is kept, as insertion order is.
func javaHashOrder(keys []string, maxSize int) []string {
	capacity := 16
	for float64(maxSize) > 0.75*float64(capacity) {
		capacity *= 2
	}
	bucket := func(s string) int {
		h := uint32(javaStringHash(s))
		h ^= h >> 16
		return int(h & uint32(capacity-1))
	}
	out := append([]string(nil), keys...)
	sort.SliceStable(out, func(i, j int) bool { return bucket(out[i]) < bucket(out[j]) })
	return out
}

// openSet is fastutil's Object2ObjectOpenHashMap key table: open
// addressing with linear probing, HashCommon.mix, load factor 0.5,
// shrinking on removal, and iteration from the highest slot down.
type openSet struct {
	hash    func(int32) int32
	table   []int32 // key+1; 0 is empty
	size    int
	maxFill int
	minN    int
}

func newOpenSet(hash func(int32) int32) *openSet {
	n := fuArraySize(16, 0.5)
	return &openSet{hash: hash, table: make([]int32, n), maxFill: fuMaxFill(n, 0.5), minN: n}
}

func fuMix(x int32) int32 {
	h := x * int32(-1640531527) // 0x9E3779B9
	return h ^ int32(uint32(h)>>16)
}

func fuArraySize(expected int, f float64) int {
	s := int(math.Ceil(float64(expected) / f))
	n := 2
	for n < s {
		n *= 2
	}
	return n
}

func fuMaxFill(n int, f float64) int {
	return min(int(math.Ceil(float64(n)*f)), n-1)
}

func (t *openSet) slot(k int32) int { return int(fuMix(t.hash(k))) & (len(t.table) - 1) }

func (t *openSet) find(k int32) int {
	mask := len(t.table) - 1
	for pos := t.slot(k); t.table[pos] != 0; pos = (pos + 1) & mask {
		if t.table[pos] == k+1 {
			return pos
		}
	}
	return -1
}

func (t *openSet) add(k int32) {
	if t.find(k) >= 0 {
		return
	}
	mask := len(t.table) - 1
	pos := t.slot(k)
	for t.table[pos] != 0 {
		pos = (pos + 1) & mask
	}
	t.table[pos] = k + 1
	if t.size >= t.maxFill {
		t.size++
		t.rehash(fuArraySize(t.size+1, 0.5))
		return
	}
	t.size++
}

func (t *openSet) remove(k int32) {
	pos := t.find(k)
	if pos < 0 {
		return
	}
	t.size--
	t.shiftKeys(pos)
	n := len(t.table)
	if n > t.minN && t.size < t.maxFill/4 && n > 16 {
		t.rehash(n / 2)
	}
}

func (t *openSet) shiftKeys(pos int) {
	mask := len(t.table) - 1
	for {
		last := pos
		pos = (last + 1) & mask
		var cur int32
		for {
			cur = t.table[pos]
			if cur == 0 {
				t.table[last] = 0
				return
			}
			slot := t.slot(cur - 1)
			if last <= pos {
				if last >= slot || slot > pos {
					break
				}
			} else if last >= slot && slot > pos {
				break
			}
			pos = (pos + 1) & mask
		}
		t.table[last] = cur
	}
}

func (t *openSet) rehash(n int) {
	old := t.table
	t.table = make([]int32, n)
	mask := n - 1
	i := len(old)
	for j := t.size; j > 0; j-- {
		i--
		for old[i] == 0 {
			i--
		}
		pos := t.slot(old[i] - 1)
		for t.table[pos] != 0 {
			pos = (pos + 1) & mask
		}
		t.table[pos] = old[i]
	}
	t.maxFill = fuMaxFill(n, 0.5)
}

// keys iterates from the highest slot down, as fastutil's iterators do.
func (t *openSet) keys() []int32 {
	out := make([]int32, 0, t.size)
	for i := len(t.table) - 1; i >= 0; i-- {
		if t.table[i] != 0 {
			out = append(out, t.table[i]-1)
		}
	}
	return out
}

func (t *openSet) len() int { return t.size }

// leaveGameCriterion is the statistic a player's leaving the game awards:
// PlayerList.remove calls awardStat(Stats.LEAVE_GAME), which adds one to
// the player's score in every objective of this criterion (creating it).
const leaveGameCriterion = "minecraft.custom:minecraft.leave_game"
