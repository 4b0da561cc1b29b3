package mcvm

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack/check"
	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// cursor walks the checker's parse of one command line (check.Command):
// the nodes Brigadier took, in order, each a literal or an argument with
// its value. The interpreter never reads command text itself; it compiles
// what the checker read. After "execute … run" and "return run" the nodes
// of the command run continue in the same list.
type cursor struct {
	text string
	toks []check.Token
	i    int
}

// syntaxError is a command that the game itself would reject while
// parsing (Brigadier's CommandSyntaxException at parse time).
type syntaxError = syntax.Error

// more reports whether nodes remain.
func (r *cursor) more() bool { return r.i < len(r.toks) }

// pos is the offset of the next node, or the end of the line.
func (r *cursor) pos() int {
	if r.i < len(r.toks) {
		return r.toks[r.i].Start
	}
	return len(r.text)
}

// peek is the next node, or nil at the end.
func (r *cursor) peek() *check.Token {
	if r.i < len(r.toks) {
		return &r.toks[r.i]
	}
	return nil
}

// next consumes the next node; at the end it is a walk error.
func (r *cursor) next(what string) (*check.Token, error) {
	t := r.peek()
	if t == nil {
		return nil, r.errf("mcvm expected %s after the end of the command", what)
	}
	r.i++
	return t, nil
}

// literal consumes the next node if it is the literal lit.
func (r *cursor) literal(lit string) bool {
	if t := r.peek(); t != nil && t.Literal(lit) {
		r.i++
		return true
	}
	return false
}

// peekArg reports whether the next node is an argument of the given
// parser ("minecraft:entity").
func (r *cursor) peekArg(parser string) bool {
	t := r.peek()
	return t != nil && t.Node.Kind == check.ArgumentNode && t.Node.Parser == parser
}

// word consumes the next node and returns its text: a literal's name, or
// a word argument (objective, tag, criterion, greedy string).
func (r *cursor) word() string {
	t := r.peek()
	if t == nil {
		return ""
	}
	r.i++
	return t.Text(r.text)
}

// oneOf consumes the next node, a literal among alts.
func (r *cursor) oneOf(alts ...string) (string, error) {
	t := r.peek()
	if t == nil || t.Node.Kind != check.LiteralNode || !slices.Contains(alts, t.Node.Name) {
		return "", r.errf("mcvm expected one of %s", strings.Join(alts, ", "))
	}
	r.i++
	return t.Node.Name, nil
}

// errf is an error at the next node. With the checker's parse in hand it
// only reports a node mcvm's walk did not expect: a form of a command the
// release's tree has and mcvm does not know.
func (r *cursor) errf(format string, args ...any) error {
	return syntax.Errorf(r.pos(), format, args...)
}

func (r *cursor) errAt(col int, format string, args ...any) error {
	return syntax.Errorf(col, format, args...)
}

// unsupported is a form the game accepts and mcvm does not model, at the
// next node.
func (r *cursor) unsupported(format string, args ...any) error {
	return &unsupportedError{col: r.pos(), msg: fmt.Sprintf(format, args...)}
}

// unsupportedAt is unsupported at the node t.
func unsupportedAt(t *check.Token, format string, args ...any) error {
	return &unsupportedError{col: t.Start, msg: fmt.Sprintf(format, args...)}
}

// value consumes the next node, an argument whose value is a T.
func value[T any](r *cursor, what string) (T, *check.Token, error) {
	var zero T
	t, err := r.next(what)
	if err != nil {
		return zero, nil, err
	}
	v, ok := t.Value.(T)
	if !ok || t.Node.Kind != check.ArgumentNode {
		r.i--
		return zero, nil, r.errf("mcvm expected %s, the command has <%s> (%s)", what, t.Node.Name, t.Node.Parser)
	}
	return v, t, nil
}

func (r *cursor) readInt() (int32, error) {
	v, _, err := value[int32](r, "an integer")
	return v, err
}

func (r *cursor) readDouble() (float64, error) {
	v, _, err := value[float64](r, "a double")
	return v, err
}

func (r *cursor) readFloat() (float32, error) {
	v, _, err := value[float32](r, "a float")
	return v, err
}

func (r *cursor) readBool() (bool, error) {
	v, _, err := value[bool](r, "a boolean")
	return v, err
}
