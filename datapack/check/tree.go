package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/mcgomoku/mcgomoku/datapack/reports"
)

// NodeKind is the type of a command-tree node.
type NodeKind int

// The node kinds of commands.json.
const (
	RootNode NodeKind = iota
	LiteralNode
	ArgumentNode
)

// Node is one node of a command tree.
type Node struct {
	Name       string
	Kind       NodeKind
	Parser     string // argument nodes: "brigadier:integer", "minecraft:entity", …
	Props      Props  // argument nodes: the parser's properties
	Executable bool   // a command may end here
	// Redirect is where parsing continues after this node: nil for none. A
	// node with no children, no redirect and no command redirects to the
	// root in the game (`execute run`, `return run`); Mojang's report omits
	// such a redirect because the root's path is empty, so LoadTree restores
	// it.
	Redirect *Node
	// Level is the permission level the node requires (0 = none): 2
	// gamemasters, 3 admins, 4 owners. Functions run at level 2.
	Level    int
	Children []*Node          // in file order
	Literals map[string]*Node // the literal children by name
	Args     []*Node          // the argument children in file order
	Parent   *Node
	self     []*Node // []*Node{n}: a literal as the one child to try
	// lits are the literal children sorted by name, for relevant's
	// search: cheaper than hashing the word for the Literals map.
	// With more than a few, lits[first[b]:first[b+1]] are those whose
	// name starts with the byte b.
	lits  []*Node
	first *[257]uint16
	// parse is the argument parser of Parser (argParsers), looked up
	// once when the tree is built; nil for a parser this package does
	// not implement.
	parse argParser
}

// Props are an argument parser's properties. Absent numeric bounds are
// ±infinity.
type Props struct {
	Min, Max float64
	Type     string // brigadier:string "word"/"phrase"/"greedy"; entity "players"/"entities"
	Amount   string // "single"/"multiple"
	Registry string // resource-family parsers
}

// Tree is a release's command tree.
type Tree struct {
	Root *Node
	// Version names the release, e.g. "26.2"; LoadVersion sets it, LoadTree
	// leaves it empty. It only decorates messages.
	Version string
}

// FunctionLevel is the permission level functions run at (the server
// property function-permission-level, default 2 "gamemasters").
const FunctionLevel = 2

// LoadTree reads a commands.json file.
func LoadTree(path string) (*Tree, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t, err := ParseTree(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// ParseTree decodes a commands.json document, keeping the children in file
// order (encoding/json maps would lose it).
func ParseTree(data []byte) (*Tree, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	raw, err := decodeOrdered(dec)
	if err != nil {
		return nil, fmt.Errorf("invalid command tree: %w", err)
	}
	obj, ok := raw.(*ordObj)
	if !ok {
		return nil, fmt.Errorf("invalid command tree: top level is not an object")
	}
	root, err := buildNode("", obj, nil)
	if err != nil {
		return nil, err
	}
	if root.Kind != RootNode {
		return nil, fmt.Errorf("invalid command tree: top node has type other than root")
	}
	// Resolve redirects now that every node exists.
	var resolve func(n *Node, o *ordObj) error
	resolve = func(n *Node, o *ordObj) error {
		if r, ok := o.get("redirect"); ok {
			arr, ok := r.([]any)
			if !ok {
				return fmt.Errorf("node %q: redirect is not a list", n.path())
			}
			target := root
			for _, seg := range arr {
				s, _ := seg.(string)
				c := childByName(target, s)
				if c == nil {
					return fmt.Errorf("node %q: redirect to unknown node %v", n.path(), arr)
				}
				target = c
			}
			n.Redirect = target
		} else if n.Kind != RootNode && len(n.Children) == 0 && !n.Executable {
			n.Redirect = root
		}
		if ch, ok := o.get("children"); ok {
			co, _ := ch.(*ordObj)
			for i, c := range n.Children {
				if err := resolve(c, co.vals[i].(*ordObj)); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := resolve(root, obj); err != nil {
		return nil, err
	}
	return &Tree{Root: root}, nil
}

func childByName(n *Node, name string) *Node {
	for _, c := range n.Children {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func (n *Node) path() string {
	var parts []string
	for m := n; m != nil && m.Kind != RootNode; m = m.Parent {
		parts = append(parts, m.Name)
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, " ")
}

// usage names a node the way the game's usage text does: literals as is,
// arguments as <name>.
func (n *Node) usage() string {
	if n.Kind == ArgumentNode {
		return "<" + n.Name + ">"
	}
	return n.Name
}

var permissionLevels = map[string]int{
	"all": 0, "moderators": 1, "gamemasters": 2, "admins": 3, "owners": 4,
}

func buildNode(name string, o *ordObj, parent *Node) (*Node, error) {
	n := &Node{Name: name, Parent: parent, Literals: map[string]*Node{}}
	n.self = []*Node{n}
	typ, _ := o.str("type")
	switch typ {
	case "root":
		n.Kind = RootNode
	case "literal":
		n.Kind = LiteralNode
	case "argument":
		n.Kind = ArgumentNode
	default:
		return nil, fmt.Errorf("node %q: unknown node type %q", name, typ)
	}
	if v, ok := o.get("executable"); ok {
		n.Executable, _ = v.(bool)
	}
	if n.Kind == ArgumentNode {
		n.Parser, _ = o.str("parser")
		if n.Parser == "" {
			return nil, fmt.Errorf("node %q: argument without parser", name)
		}
		n.parse = argParsers[n.Parser]
		n.Props = Props{Min: math.Inf(-1), Max: math.Inf(1)}
		if pv, ok := o.get("properties"); ok {
			po, _ := pv.(*ordObj)
			if po != nil {
				if v, ok := po.num("min"); ok {
					n.Props.Min = v
				}
				if v, ok := po.num("max"); ok {
					n.Props.Max = v
				}
				n.Props.Type, _ = po.str("type")
				n.Props.Amount, _ = po.str("amount")
				n.Props.Registry, _ = po.str("registry")
			}
		}
	}
	if pv, ok := o.get("permissions"); ok {
		n.Level = permissionLevel(pv)
	}
	if ch, ok := o.get("children"); ok {
		co, ok := ch.(*ordObj)
		if !ok {
			return nil, fmt.Errorf("node %q: children is not an object", name)
		}
		for i, k := range co.keys {
			cobj, ok := co.vals[i].(*ordObj)
			if !ok {
				return nil, fmt.Errorf("node %q: child %q is not an object", name, k)
			}
			c, err := buildNode(k, cobj, n)
			if err != nil {
				return nil, err
			}
			n.Children = append(n.Children, c)
			switch c.Kind {
			case LiteralNode:
				if k == "" {
					return nil, fmt.Errorf("node %q: literal child without a name", name)
				}
				n.Literals[k] = c
				n.lits = append(n.lits, c)
			case ArgumentNode:
				n.Args = append(n.Args, c)
			default:
				return nil, fmt.Errorf("node %q: root node below the top", k)
			}
		}
	}
	slices.SortFunc(n.lits, func(a, b *Node) int { return strings.Compare(a.Name, b.Name) })
	if len(n.lits) > 8 {
		n.first = new([257]uint16)
		i := 0
		for b := range 256 {
			n.first[b] = uint16(i)
			for i < len(n.lits) && n.lits[i].Name[0] == byte(b) {
				i++
			}
		}
		n.first[256] = uint16(i)
	}
	return n, nil
}

// permissionLevel reads a node's requirement. A requirement this package
// does not understand is treated as unusable by functions, so an unknown
// rule can only make the checker stricter than the game, never laxer.
func permissionLevel(v any) int {
	o, ok := v.(*ordObj)
	if !ok {
		return 99
	}
	if t, _ := o.str("type"); t != "minecraft:require" {
		return 99
	}
	p, ok := o.get("permission")
	if !ok {
		return 99
	}
	po, ok := p.(*ordObj)
	if !ok {
		return 99
	}
	if t, _ := po.str("type"); t != "minecraft:command_level" {
		return 99
	}
	l, _ := po.str("level")
	if lv, ok := permissionLevels[l]; ok {
		return lv
	}
	return 99
}

// ordObj is a JSON object that remembers its key order.
type ordObj struct {
	keys []string
	vals []any
}

func (o *ordObj) get(k string) (any, bool) {
	for i, kk := range o.keys {
		if kk == k {
			return o.vals[i], true
		}
	}
	return nil, false
}

func (o *ordObj) str(k string) (string, bool) {
	v, ok := o.get(k)
	if !ok {
		return "", false
	}
	s, ok := v.(string)
	return s, ok
}

func (o *ordObj) num(k string) (float64, bool) {
	v, ok := o.get(k)
	if !ok {
		return 0, false
	}
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

// decodeOrdered decodes one JSON value: objects become *ordObj, arrays
// []any, numbers json.Number.
func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := &ordObj{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, ok := kt.(string)
				if !ok {
					return nil, fmt.Errorf("object key is not a string")
				}
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				o.keys = append(o.keys, k)
				o.vals = append(o.vals, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return o, nil
		case '[':
			var arr []any
			for dec.More() {
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return arr, nil
		}
		return nil, fmt.Errorf("unexpected %v", t)
	default:
		return tok, nil
	}
}

// LoadVersion loads dir/commands.json and, if present, dir/registries.json
// (a folder of Mojang's reports such as ../shared/mc/26.2) and names the
// tree after the folder.
func LoadVersion(dir string) (*Tree, *Registries, error) {
	t, err := LoadTree(filepath.Join(dir, "commands.json"))
	if err != nil {
		return nil, nil, err
	}
	t.Version = filepath.Base(filepath.Clean(dir))
	var reg *Registries
	rp := filepath.Join(dir, "registries.json")
	if _, err := os.Stat(rp); err == nil {
		if reg, err = LoadRegistries(rp); err != nil {
			return nil, nil, err
		}
	}
	return t, reg, nil
}

// Embedded returns the command tree and registries of a release from the
// reports embedded in the binary (package reports), parsed once per
// process; the tree is named after the release. An unknown release's
// error names the embedded ones.
func Embedded(release string) (*Tree, *Registries, error) {
	v, _ := embedded.LoadOrStore(release, &embeddedRelease{})
	e := v.(*embeddedRelease)
	e.once.Do(func() { e.tree, e.reg, e.err = parseEmbedded(release) })
	return e.tree, e.reg, e.err
}

type embeddedRelease struct {
	once sync.Once
	tree *Tree
	reg  *Registries
	err  error
}

var embedded sync.Map // release → *embeddedRelease

func parseEmbedded(release string) (*Tree, *Registries, error) {
	c, err := reports.Commands(release)
	if err != nil {
		return nil, nil, err
	}
	t, err := ParseTree(c)
	if err != nil {
		return nil, nil, fmt.Errorf("embedded commands.json of %s: %w", release, err)
	}
	t.Version = release
	r, err := reports.Registries(release)
	if err != nil {
		return nil, nil, err
	}
	reg, err := ParseRegistries(r)
	if err != nil {
		return nil, nil, fmt.Errorf("embedded registries.json of %s: %w", release, err)
	}
	return t, reg, nil
}

// EmbeddedReleases names the releases Embedded has, oldest first.
func EmbeddedReleases() []string { return reports.Releases() }
