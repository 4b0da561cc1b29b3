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
// its value. Values by parser:
//
//	brigadier:bool                    bool
//	brigadier:integer, long           int32, int64 (within the node's bounds)
//	brigadier:float, double           float32, float64
//	brigadier:string                  string, unquoted
//	minecraft:time                    int32 ticks (syntax.Reader.ReadTime)
//	minecraft:entity                  *syntax.Selector
//	minecraft:score_holder, game_profile  Holder
//	minecraft:int_range, float_range  syntax.IntRange, syntax.DoubleRange
//	coordinates (block_pos, vec3, …)  Coords
//	minecraft:swizzle                 [3]bool
//	identifiers (function, resource…) ID, or *syntax.Tag for an inline definition
//	minecraft:nbt_tag, compound, component, style  *syntax.Tag
//	minecraft:nbt_path                NBTPath
//	minecraft:uuid                    [16]byte
//	word-like (objective, team, operation, enums, colours, slots, criteria)  string
//
// Block states and predicates, item stacks and predicates, particles and
// messages are checked but have no value beyond their text: nil.
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
	c := &checker{tree: tree, reg: reg}
	pr := c.parseLine(line)
	if err := pr.failure(line); err != nil {
		return nil, err
	}
	return &Command{Text: line, Tokens: pr.tokens()}, nil
}
