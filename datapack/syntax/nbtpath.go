package syntax

// PathNodeKind is the kind of one NBT path node.
type PathNodeKind uint8

const (
	NodeChild     PathNodeKind = iota // name
	NodeMatchObj                      // name{filter}
	NodeMatchRoot                     // {filter}, first node only
	NodeIndex                         // [i]
	NodeAll                           // []
	NodeMatchElem                     // [{filter}]
)

// PathNode is one node of an NBT path.
type PathNode struct {
	Kind   PathNodeKind
	Name   string // NodeChild, NodeMatchObj
	Index  int32  // NodeIndex
	Filter *Tag   // a compound: NodeMatchObj, NodeMatchRoot, NodeMatchElem
	Quoted bool   // the name was quoted
	End    int    // offset in the path text just after this node
}

// IsAllowedInUnquotedName is NbtPathArgument's unquoted key character.
func IsAllowedInUnquotedName(c byte) bool {
	return c != ' ' && c != '"' && c != '\'' && c != '[' && c != ']' && c != '.' && c != '{' && c != '}'
}

// ParseNBTPath is NbtPathArgument.parse: nodes up to the next space, each
// a name (quoted or not, optionally followed by a {compound} filter), an
// index [n], all elements [], a filter [{…}], or (first only) a root filter
// {…}; nodes are joined by '.' except before '[' and '{'. It returns the
// path's text and nodes, none at a space or the end (the game accepts the
// empty path there).
func ParseNBTPath(r *Reader) (string, []PathNode, *Error) {
	start := r.Pos
	var nodes []PathNode
	for r.CanRead() && r.Peek() != ' ' {
		n, err := parsePathNode(r, len(nodes) == 0)
		if err != nil {
			return "", nil, err
		}
		n.End = r.Pos - start
		nodes = append(nodes, n)
		if r.CanRead() {
			if c := r.Peek(); c != ' ' && c != '[' && c != '{' {
				if err := r.Expect('.'); err != nil {
					return "", nil, err
				}
			}
		}
	}
	return r.Text[start:r.Pos], nodes, nil
}

func parsePathNode(r *Reader, first bool) (PathNode, *Error) {
	var n PathNode
	switch r.Peek() {
	case '"', '\'':
		name, err := r.ReadQuotedString()
		if err != nil {
			return n, err
		}
		n = PathNode{Kind: NodeChild, Name: name, Quoted: true}
	case '[':
		r.Skip()
		if !r.CanRead() {
			return n, r.Errorf("invalid nbt path element")
		}
		switch r.Peek() {
		case '{':
			f, err := ParseCompoundArg(r)
			if err != nil {
				return n, err
			}
			return PathNode{Kind: NodeMatchElem, Filter: f}, r.Expect(']')
		case ']':
			r.Skip()
			return PathNode{Kind: NodeAll}, nil
		}
		i, err := r.ReadInt()
		if err != nil {
			return n, err
		}
		return PathNode{Kind: NodeIndex, Index: i}, r.Expect(']')
	case '{':
		if !first {
			return n, r.Errorf("invalid nbt path element")
		}
		f, err := ParseCompoundArg(r)
		return PathNode{Kind: NodeMatchRoot, Filter: f}, err
	default:
		start := r.Pos
		for r.CanRead() && IsAllowedInUnquotedName(r.Peek()) {
			r.Skip()
		}
		if r.Pos == start {
			return n, r.Errorf("invalid nbt path element")
		}
		n = PathNode{Kind: NodeChild, Name: r.Text[start:r.Pos]}
	}
	if r.PeekIs('{') {
		f, err := ParseCompoundArg(r)
		if err != nil {
			return n, err
		}
		n.Kind, n.Filter = NodeMatchObj, f
	}
	return n, nil
}
