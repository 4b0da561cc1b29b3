package mcvm

import (
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
	Criteria    string // "dummy" or "trigger"
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
	maxHeld int           // most holders tracked at once (sizes the Java hash order)
	tracked map[int32]int // holder id -> number of present scores
}

func newScoreboard() *scoreboard {
	return &scoreboard{
		objNames:  map[string]int32{},
		holderIDs: map[string]int32{},
		cellIdx:   map[uint64]int32{},
		display:   map[string]string{},
		tracked:   map[int32]int{},
	}
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
	n := sb.tracked[holder] + delta
	if n <= 0 {
		delete(sb.tracked, holder)
	} else {
		sb.tracked[holder] = n
	}
	if len(sb.tracked) > sb.maxHeld {
		sb.maxHeld = len(sb.tracked)
	}
}

func (sb *scoreboard) reset(c int32) bool {
	cell := &sb.cells[c]
	if !cell.present {
		return false
	}
	cell.present = false
	cell.value = 0
	cell.locked = true
	sb.track(cell.holder, -1)
	return true
}

// resetAll removes every score of holder.
func (sb *scoreboard) resetAll(holder int32) {
	for _, c := range sb.holderCells[holder] {
		sb.reset(c)
	}
}

func (sb *scoreboard) addObjective(name, criteria string, display Tag) *Objective {
	id := sb.objID(name)
	sb.created++
	o := &Objective{Name: name, Criteria: criteria, DisplayName: display, RenderType: "integer", nameID: id, created: sb.created}
	sb.objByName[id] = o
	return o
}

func (sb *scoreboard) removeObjective(o *Objective) {
	for _, c := range sb.objCells[o.nameID] {
		sb.reset(c)
	}
	sb.objByName[o.nameID] = nil
	for slot, name := range sb.display {
		if name == o.Name {
			delete(sb.display, slot)
		}
	}
}

// trackedHolders lists the holders with at least one score, in the order
// the game's HashMap of score holders iterates them.
func (sb *scoreboard) trackedHolders() []string {
	names := make([]string, 0, len(sb.tracked))
	for id := range sb.tracked {
		names = append(names, sb.holderNames[id])
	}
	sort.Strings(names)
	return javaHashOrder(names, sb.maxHeld)
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
