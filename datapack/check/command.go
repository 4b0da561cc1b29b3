package check

import "github.com/mcgomoku/mcgomoku/datapack/syntax"

// Command is a command line parsed against a release's tree: the nodes
// the parse took, in order, each with its span and, for an argument, its
// value. It is the one reading of command text: the checker's run-time
// checks walk it, and so does the generator's cost model, instead of
// reading the text again. Nodes after a redirect (execute … run, return
// run) continue in the same list.
type Command struct {
	Text   string
	Tokens []Token
}

// Token is one node of a parsed command: a literal, or an argument and
// its value. Where the value is the argument's text itself (a word), it
// is nil and Text gives it; otherwise, by parser:
//
//	brigadier:bool                    bool
//	brigadier:integer, long           int32, int64 (within the node's bounds)
//	brigadier:float, double           float32, float64
//	brigadier:string                  string, unquoted (phrase; a word or greedy: nil)
//	minecraft:time                    int32 ticks (syntax.Reader.ReadTime)
//	minecraft:entity                  *syntax.Selector
//	minecraft:score_holder, game_profile  *syntax.Selector, or nil for a name
//	minecraft:int_range, float_range  syntax.IntRange, syntax.DoubleRange
//	coordinates (block_pos, vec3, …)  Coords
//	minecraft:swizzle                 [3]bool
//	identifiers (function, resource…) ID, or *syntax.Tag for an inline definition
//	minecraft:nbt_tag, compound, component, style  *syntax.Tag
//	minecraft:nbt_path                NBTPath
//	minecraft:uuid                    [16]byte
//	minecraft:block_state, predicate  syntax.BlockState
//
//	minecraft:message                 []*syntax.Selector, the selectors in it (nil for none)
//
// Words are nil: objectives, teams, operations, enums, colours, slots,
// criteria, anchors. Item stacks and predicates and particles are checked
// but have no value beyond their text: nil.
type Token struct {
	Node       *Node
	Start, End int // byte offsets in Command.Text
	Value      any // nil for literals
}

// Text is the token's text in line.
func (t Token) Text(line string) string { return line[t.Start:t.End] }

// Literal reports whether the token is the literal name.
func (t Token) Literal(name string) bool { return t.Node.Kind == LiteralNode && t.Node.Name == name }

// Parse parses one command line as a function (permission level 2) runs
// it, against tree and, for registry arguments, reg. The error is the one
// the game reports when it loads the line, at a byte offset of line.
func Parse(line string, tree *Tree, reg *Registries) (*Command, *syntax.Error) {
	cmd, err := NewParser(tree, reg).Parse(line)
	if err != nil {
		return nil, err
	}
	return &Command{Text: cmd.Text, Tokens: cmd.Tokens}, nil
}

// Parser parses many lines against one tree, reusing its memory from
// line to line: a pack's worth of lines parses with a few allocations
// each (the argument values).
type Parser struct {
	lp  lineParser
	cmd Command
}

// NewParser returns a Parser for tree and reg. A Parser is not safe for
// concurrent use.
func NewParser(tree *Tree, reg *Registries) *Parser {
	p := &Parser{}
	p.lp.c = &checker{tree: tree, reg: reg}
	return p
}

// Parse is the package's Parse, but the Command it returns (its Tokens
// slice) is p's own and valid only until p's next Parse; the values in
// it stay valid.
func (p *Parser) Parse(line string) (*Command, *syntax.Error) {
	return p.ParseAt(line, FunctionLevel)
}

// ParseAt is Parse for a source of the given permission level (0 for a
// player's clicked trigger, 4 for the server console): the nodes above
// it are not there.
func (p *Parser) ParseAt(line string, level int) (*Command, *syntax.Error) {
	pr := p.lp.parse(line, level)
	if err := pr.failure(line); err != nil {
		return nil, err
	}
	p.cmd.Text = line
	p.cmd.Tokens = pr.appendTokens(p.cmd.Tokens[:0])
	return &p.cmd, nil
}
