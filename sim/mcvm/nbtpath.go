package mcvm

import (
	"fmt"

	"github.com/mcgomoku/mcgomoku/datapack/check"
	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// NBT paths (NbtPathArgument): nodes separated by dots, a root compound
// filter, child keys (quoted or not, optionally with a compound filter),
// [index], [] and [{filter}]. The operations mirror the game's: get,
// getOrCreate, set, insert, remove, countMatching.

type pathNodeKind = syntax.PathNodeKind

const (
	nodeChild     = syntax.NodeChild     // name
	nodeMatchObj  = syntax.NodeMatchObj  // name{filter}
	nodeMatchRoot = syntax.NodeMatchRoot // {filter} as first node
	nodeIndex     = syntax.NodeIndex     // [i]
	nodeAll       = syntax.NodeAll       // []
	nodeMatchElem = syntax.NodeMatchElem // [{filter}]
)

type pathNode struct {
	kind   pathNodeKind
	name   string
	index  int32
	filter *Compound
	end    int // offset in the original text just after this node
}

type nbtPath struct {
	text  string
	nodes []pathNode
}

func (p *nbtPath) String() string { return p.text }

// parseNBTPath takes an NBT path argument and compiles its filters.
func parseNBTPath(r *cursor) (*nbtPath, error) {
	v, t, err := value[check.NBTPath](r, "an NBT path")
	if err != nil {
		return nil, err
	}
	return newNBTPath(v.Text, v.Nodes, t.Start)
}

// readNBTPath reads a whole string as an NBT path (a text component's
// "nbt"), with the shared grammar.
func readNBTPath(s string) (*nbtPath, error) {
	r := &syntax.Reader{Text: s}
	text, nodes, err := syntax.ParseNBTPath(r)
	if err != nil {
		return nil, err
	}
	if r.CanRead() {
		return nil, r.Errorf("trailing data after the NBT path")
	}
	return newNBTPath(text, nodes, 0)
}

// newNBTPath compiles a parsed path whose text starts at offset start of
// the line.
func newNBTPath(text string, nodes []syntax.PathNode, start int) (*nbtPath, error) {
	if len(nodes) == 0 {
		return nil, syntax.Errorf(start, "invalid NBT path element")
	}
	p := &nbtPath{text: text, nodes: make([]pathNode, len(nodes))}
	for i, n := range nodes {
		p.nodes[i] = pathNode{kind: pathNodeKind(n.Kind), name: n.Name, index: n.Index, end: n.End}
		if n.Filter != nil {
			f, err := fromSyntax(n.Filter, start+n.End)
			if err != nil {
				return nil, err
			}
			p.nodes[i].filter = f.(*Compound)
		}
	}
	return p, nil
}

func (n *pathNode) getTag(cur Tag, out []Tag) []Tag {
	switch n.kind {
	case nodeChild:
		if c, ok := cur.(*Compound); ok {
			if t := c.m[n.name]; t != nil {
				out = append(out, t)
			}
		}
	case nodeMatchObj:
		if c, ok := cur.(*Compound); ok {
			if t := c.m[n.name]; t != nil && compareNBT(n.filter, t, true) {
				out = append(out, t)
			}
		}
	case nodeMatchRoot:
		if _, ok := cur.(*Compound); ok && compareNBT(n.filter, cur, true) {
			out = append(out, cur)
		}
	case nodeIndex:
		if l := collLen(cur); l >= 0 {
			j := int(n.index)
			if j < 0 {
				j += l
			}
			if j >= 0 && j < l {
				out = append(out, collGet(cur, j))
			}
		}
	case nodeAll:
		if l := collLen(cur); l >= 0 {
			for j := 0; j < l; j++ {
				out = append(out, collGet(cur, j))
			}
		}
	case nodeMatchElem:
		if l, ok := cur.(*List); ok {
			for _, e := range l.V {
				if compareNBT(n.filter, e, true) {
					out = append(out, e)
				}
			}
		}
	}
	return out
}

func (n *pathNode) getOrCreateTag(cur Tag, create func() Tag, out []Tag) []Tag {
	switch n.kind {
	case nodeChild:
		if c, ok := cur.(*Compound); ok {
			t := c.m[n.name]
			if t == nil {
				t = create()
				c.m[n.name] = t
			}
			out = append(out, t)
		}
	case nodeMatchObj:
		if c, ok := cur.(*Compound); ok {
			t := c.m[n.name]
			if t == nil {
				t = copyTag(n.filter)
				c.m[n.name] = t
				out = append(out, t)
			} else if compareNBT(n.filter, t, true) {
				out = append(out, t)
			}
		}
	case nodeAll:
		if l := collLen(cur); l >= 0 {
			if l == 0 {
				t := create()
				if collAdd(cur, 0, t) {
					out = append(out, t)
				}
			} else {
				for j := 0; j < l; j++ {
					out = append(out, collGet(cur, j))
				}
			}
		}
	case nodeMatchElem:
		if l, ok := cur.(*List); ok {
			found := false
			for _, e := range l.V {
				if compareNBT(n.filter, e, true) {
					out = append(out, e)
					found = true
				}
			}
			if !found {
				t := copyTag(n.filter)
				l.V = append(l.V, t)
				out = append(out, t)
			}
		}
	default:
		out = n.getTag(cur, out)
	}
	return out
}

func (n *pathNode) preferredParent() Tag {
	switch n.kind {
	case nodeIndex, nodeAll, nodeMatchElem:
		return &List{}
	}
	return NewCompound()
}

// setTag returns how many values changed.
func (n *pathNode) setTag(cur Tag, src func() Tag) int {
	switch n.kind {
	case nodeChild:
		if c, ok := cur.(*Compound); ok {
			t := src()
			old := c.Put(n.name, t)
			if !tagEqual(t, old) {
				return 1
			}
		}
	case nodeMatchObj:
		if c, ok := cur.(*Compound); ok {
			old := c.m[n.name]
			if old != nil && compareNBT(n.filter, old, true) {
				t := src()
				if !tagEqual(t, old) {
					c.m[n.name] = t
					return 1
				}
			}
		}
	case nodeIndex:
		if l := collLen(cur); l >= 0 {
			j := int(n.index)
			if j < 0 {
				j += l
			}
			if j >= 0 && j < l {
				old := collGet(cur, j)
				t := src()
				if !tagEqual(t, old) && collSet(cur, j, t) {
					return 1
				}
			}
		}
	case nodeAll:
		l := collLen(cur)
		if l < 0 {
			return 0
		}
		if l == 0 {
			collAdd(cur, 0, src())
			return 1
		}
		t := src()
		changed := l
		for j := 0; j < l; j++ {
			if tagEqual(t, collGet(cur, j)) {
				changed--
			}
		}
		if changed == 0 {
			return 0
		}
		collClear(cur)
		if !collAdd(cur, 0, t) {
			return 0
		}
		for k := 1; k < l; k++ {
			collAdd(cur, k, src())
		}
		return changed
	case nodeMatchElem:
		l, ok := cur.(*List)
		if !ok {
			return 0
		}
		if len(l.V) == 0 {
			l.V = append(l.V, src())
			return 1
		}
		changed := 0
		for k, e := range l.V {
			if compareNBT(n.filter, e, true) {
				t := src()
				if !tagEqual(t, e) {
					l.V[k] = t
					changed++
				}
			}
		}
		return changed
	}
	return 0
}

func (n *pathNode) removeTag(cur Tag) int {
	switch n.kind {
	case nodeChild:
		if c, ok := cur.(*Compound); ok {
			if _, has := c.m[n.name]; has {
				delete(c.m, n.name)
				return 1
			}
		}
	case nodeMatchObj:
		if c, ok := cur.(*Compound); ok {
			if t := c.m[n.name]; t != nil && compareNBT(n.filter, t, true) {
				delete(c.m, n.name)
				return 1
			}
		}
	case nodeIndex:
		if l := collLen(cur); l >= 0 {
			j := int(n.index)
			if j < 0 {
				j += l
			}
			if j >= 0 && j < l {
				collRemove(cur, j)
				return 1
			}
		}
	case nodeAll:
		if l := collLen(cur); l > 0 {
			collClear(cur)
			return l
		}
	case nodeMatchElem:
		if l, ok := cur.(*List); ok {
			removed := 0
			for j := len(l.V) - 1; j >= 0; j-- {
				if compareNBT(n.filter, l.V[j], true) {
					l.V = append(l.V[:j], l.V[j+1:]...)
					removed++
				}
			}
			return removed
		}
	}
	return 0
}

func (p *nbtPath) notFound(i int) error {
	return failf("found no elements matching %s", p.text[:p.nodes[i].end])
}

// get returns every value the path matches; none is an error.
func (p *nbtPath) get(root Tag) ([]Tag, error) {
	cur := []Tag{root}
	for i := range p.nodes {
		var next []Tag
		for _, t := range cur {
			next = p.nodes[i].getTag(t, next)
		}
		if len(next) == 0 {
			return nil, p.notFound(i)
		}
		cur = next
	}
	return cur, nil
}

func (p *nbtPath) countMatching(root Tag) int {
	cur := []Tag{root}
	for i := range p.nodes {
		var next []Tag
		for _, t := range cur {
			next = p.nodes[i].getTag(t, next)
		}
		if len(next) == 0 {
			return 0
		}
		cur = next
	}
	return len(cur)
}

func (p *nbtPath) getOrCreateParents(root Tag) ([]Tag, error) {
	cur := []Tag{root}
	for i := 0; i < len(p.nodes)-1; i++ {
		nextNode := &p.nodes[i+1]
		var next []Tag
		for _, t := range cur {
			next = p.nodes[i].getOrCreateTag(t, nextNode.preferredParent, next)
		}
		if len(next) == 0 {
			return nil, p.notFound(i)
		}
		cur = next
	}
	return cur, nil
}

func (p *nbtPath) getOrCreate(root Tag, create func() Tag) ([]Tag, error) {
	parents, err := p.getOrCreateParents(root)
	if err != nil {
		return nil, err
	}
	last := &p.nodes[len(p.nodes)-1]
	var out []Tag
	for _, t := range parents {
		out = last.getOrCreateTag(t, create, out)
	}
	return out, nil
}

// set stores v at every match, creating parents; it returns the number of
// values changed.
func (p *nbtPath) set(root Tag, v Tag) (int, error) {
	if tagDepthExceeds(v, len(p.nodes)) {
		return 0, failf("tag too deeply nested")
	}
	v = copyTag(v)
	parents, err := p.getOrCreateParents(root)
	if err != nil {
		return 0, err
	}
	last := &p.nodes[len(p.nodes)-1]
	first := true
	src := func() Tag {
		if first {
			first = false
			return v
		}
		return copyTag(v)
	}
	n := 0
	for _, t := range parents {
		n += last.setTag(t, src)
	}
	return n, nil
}

// insert adds copies of values at index into every matched collection.
func (p *nbtPath) insert(index int32, root Tag, values []Tag) (int, error) {
	copies := make([]Tag, len(values))
	for i, v := range values {
		copies[i] = copyTag(v)
		if tagDepthExceeds(copies[i], len(p.nodes)) {
			return 0, failf("tag too deeply nested")
		}
	}
	targets, err := p.getOrCreate(root, func() Tag { return &List{} })
	if err != nil {
		return 0, err
	}
	count := 0
	again := false
	for _, t := range targets {
		l := collLen(t)
		if l < 0 {
			return 0, failf("expected list, got: %s", FormatSNBT(t))
		}
		j := int(index)
		if index < 0 {
			j = l + int(index) + 1
		}
		changed := false
		for _, v := range copies {
			if again {
				v = copyTag(v)
			}
			if j < 0 || j > collLen(t) {
				return 0, failf("invalid list index: %d", j)
			}
			if collAdd(t, j, v) {
				j++
				changed = true
			}
		}
		again = true
		if changed {
			count++
		}
	}
	return count, nil
}

func (p *nbtPath) remove(root Tag) int {
	cur := []Tag{root}
	for i := 0; i < len(p.nodes)-1; i++ {
		var next []Tag
		for _, t := range cur {
			next = p.nodes[i].getTag(t, next)
		}
		cur = next
	}
	last := &p.nodes[len(p.nodes)-1]
	n := 0
	for _, t := range cur {
		n += last.removeTag(t)
	}
	return n
}

// Collection helpers over lists and typed arrays (CollectionTag).

func collLen(t Tag) int {
	switch v := t.(type) {
	case *List:
		return len(v.V)
	case *ByteArray:
		return len(v.V)
	case *IntArray:
		return len(v.V)
	case *LongArray:
		return len(v.V)
	}
	return -1
}

func collGet(t Tag, i int) Tag {
	switch v := t.(type) {
	case *List:
		return v.V[i]
	case *ByteArray:
		return Byte(v.V[i])
	case *IntArray:
		return Int(v.V[i])
	case *LongArray:
		return Long(v.V[i])
	}
	panic(fmt.Sprintf("internal error: collGet on %T", t))
}

// collAdd is CollectionTag.addTag: lists take anything (1.21.5+), typed
// arrays take numbers, narrowed to their element type.
func collAdd(t Tag, i int, e Tag) bool {
	switch v := t.(type) {
	case *List:
		v.V = append(v.V, nil)
		copy(v.V[i+1:], v.V[i:])
		v.V[i] = e
		return true
	case *ByteArray:
		if !isNumeric(e) {
			return false
		}
		v.V = append(v.V, 0)
		copy(v.V[i+1:], v.V[i:])
		v.V[i] = int8(asInt(e))
		return true
	case *IntArray:
		if !isNumeric(e) {
			return false
		}
		v.V = append(v.V, 0)
		copy(v.V[i+1:], v.V[i:])
		v.V[i] = asInt(e)
		return true
	case *LongArray:
		if !isNumeric(e) {
			return false
		}
		v.V = append(v.V, 0)
		copy(v.V[i+1:], v.V[i:])
		v.V[i] = asLong(e)
		return true
	}
	return false
}

func collSet(t Tag, i int, e Tag) bool {
	switch v := t.(type) {
	case *List:
		v.V[i] = e
		return true
	case *ByteArray:
		if !isNumeric(e) {
			return false
		}
		v.V[i] = int8(asInt(e))
		return true
	case *IntArray:
		if !isNumeric(e) {
			return false
		}
		v.V[i] = asInt(e)
		return true
	case *LongArray:
		if !isNumeric(e) {
			return false
		}
		v.V[i] = asLong(e)
		return true
	}
	return false
}

func collRemove(t Tag, i int) {
	switch v := t.(type) {
	case *List:
		v.V = append(v.V[:i], v.V[i+1:]...)
	case *ByteArray:
		v.V = append(v.V[:i], v.V[i+1:]...)
	case *IntArray:
		v.V = append(v.V[:i], v.V[i+1:]...)
	case *LongArray:
		v.V = append(v.V[:i], v.V[i+1:]...)
	}
}

func collClear(t Tag) {
	switch v := t.(type) {
	case *List:
		v.V = nil
	case *ByteArray:
		v.V = nil
	case *IntArray:
		v.V = nil
	case *LongArray:
		v.V = nil
	}
}
