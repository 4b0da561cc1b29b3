package check

import (
	"slices"
	"sort"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"
	"github.com/mcgomoku/mcgomoku/internal/suggest"
)

// tok is one node parsed on the way through the tree; toks form a
// backward linked list so that alternative parses share their common
// prefix.
type tok struct {
	Token
	prev *tok
}

// parse is the outcome of parsing one line, Brigadier's ParseResults.
type parse struct {
	cursor   int             // where the reader stopped
	errs     []*syntax.Error // the exceptions of the children tried at the stop
	leafCmd  bool            // the innermost context has a command (is executable)
	nonEmpty bool            // the outermost context parsed at least one node
	last     *tok            // the last parsed node
	stuck    *Node           // the node whose children were tried at the stop
	// far are the errors of the alternatives that got furthest, kept
	// for the message when the parse kept stopped earlier without one
	// ("tp @s ^ ~ ^": @s as the destination wins over the targets whose
	// location cannot mix world and local coordinates).
	far []*syntax.Error
}

// lineParser parses one line against a tree.
type lineParser struct {
	c     *checker
	s     string
	level int // the source's permission level
	// toks is the chunk the line's toks are cut from: a line takes a
	// dozen, and one allocation instead of one apiece is most of what
	// parsing a line costs.
	toks []tok
	// rd reads each argument in turn; no argument parser keeps it.
	rd reader
	// res is where parseNodes leaves its outcome: returning it through
	// every level of the recursion was a fifth of a line's parse.
	res parse
	far []*syntax.Error // parse.far, while parsing
}

// noteFar keeps err if it got at least as far as the furthest error yet.
func (p *lineParser) noteFar(err *syntax.Error) {
	if len(p.far) > 0 && err.Pos < p.far[0].Pos {
		return
	}
	if len(p.far) > 0 && err.Pos > p.far[0].Pos {
		p.far = p.far[:0]
	}
	for _, e := range p.far {
		if e.Msg == err.Msg {
			return
		}
	}
	p.far = append(p.far, err)
}

// newTok returns a tok cut from the current chunk, filled in place.
func (p *lineParser) newTok(node *Node, start, end int, value any, prev *tok) *tok {
	if len(p.toks) == cap(p.toks) {
		p.toks = make([]tok, 0, max(p.chunk(), 2*cap(p.toks)))
	}
	p.toks = p.toks[:len(p.toks)+1]
	t := &p.toks[len(p.toks)-1]
	t.Node, t.Start, t.End, t.Value, t.prev = node, start, end, value, prev
	return t
}

// chunk is the size of a chunk: a node takes at least one word, so the
// words of the line bound what one parse needs.
func (p *lineParser) chunk() int { return min(strings.Count(p.s, " ")+1, 32) }

// parseLine runs CommandDispatcher.parse on s from the tree's root, as a
// function (permission level 2) does.
func (c *checker) parseLine(s string) parse { return c.parseLineAt(s, FunctionLevel) }

// parseLineAt parses s for a source of the given permission level.
func (c *checker) parseLineAt(s string, level int) parse {
	p := &lineParser{c: c, s: s, level: level}
	p.parseNodes(c.tree.Root, 0, false, false, nil)
	p.res.far = p.far
	return p.res
}

// parse parses s for a source of the given permission level, reusing p's
// chunks: what an earlier parse with p returned must no longer be used.
func (p *lineParser) parse(s string, level int) parse {
	p.s, p.level = s, level
	p.toks, p.far = p.toks[:0], p.far[:0]
	p.parseNodes(p.c.tree.Root, 0, false, false, nil)
	p.res.far = p.far
	return p.res
}

// relevant is CommandNode.getRelevantNodes: the literal child the next
// word names, alone, or else the argument children.
func (p *lineParser) relevant(n *Node, start int) []*Node {
	if len(n.Literals) > 0 {
		end := len(p.s)
		if i := strings.IndexByte(p.s[start:], ' '); i >= 0 {
			end = start + i
		}
		if end > start {
			word := p.s[start:end]
			lits := n.lits
			if n.first != nil {
				c := word[0]
				lits = lits[n.first[c]:n.first[int(c)+1]]
			}
			for _, lit := range lits {
				if len(lit.Name) == len(word) && lit.Name == word {
					return lit.self
				}
			}
		}
	}
	return n.Args
}

// parseNodes is CommandDispatcher.parseNodes: try every relevant child,
// keep the alternatives that parse, and prefer one that consumed the whole
// line, then one without errors; ties go to the earlier child. The
// outcome is left in p.res.
func (p *lineParser) parseNodes(n *Node, start int, nonEmpty, cmd bool, path *tok) {
	kids := p.relevant(n, start)
	if len(kids) == 1 {
		// The common case, one literal the word names or one argument:
		// no alternatives to compare.
		if child := kids[0]; child.Level <= p.level {
			t, err := p.parseChild(child, start, path)
			if err == nil {
				p.after(child, t)
				return
			}
			p.res = parse{cursor: start, errs: []*syntax.Error{err}, leafCmd: cmd, nonEmpty: nonEmpty, last: path, stuck: n}
			return
		}
		p.res = parse{cursor: start, leafCmd: cmd, nonEmpty: nonEmpty, last: path, stuck: n}
		return
	}
	var errs []*syntax.Error
	var best parse
	bestKey := 4
	for _, child := range kids {
		if child.Level > p.level {
			continue
		}
		t, err := p.parseChild(child, start, path)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if p.after(child, t) {
			return
		}
		key := 0
		if p.res.cursor < len(p.s) {
			key += 2
		}
		if len(p.res.errs) > 0 {
			key++
		}
		if key < bestKey {
			best, bestKey = p.res, key
		}
	}
	if bestKey < 4 {
		p.res = best
		return
	}
	p.res = parse{cursor: start, errs: errs, leafCmd: cmd, nonEmpty: nonEmpty, last: path, stuck: n}
}

// parseChild parses the node child at start: its token after path, or
// the error that ends this alternative.
func (p *lineParser) parseChild(child *Node, start int, path *tok) (*tok, *syntax.Error) {
	end := start
	var value any
	if child.Kind == LiteralNode {
		end += len(child.Name)
	} else {
		r := &p.rd
		*r = reader{Text: p.s, Pos: start}
		var err *syntax.Error
		if value, err = p.c.parseArg(child, r); err != nil {
			p.noteFar(err)
			return nil, err
		}
		end = r.Pos
	}
	if end < len(p.s) && p.s[end] != ' ' {
		return nil, syntax.Errorf(end, "expected whitespace to end one argument, but found trailing data")
	}
	return p.newTok(child, start, end, value, path), nil
}

// after continues the parse past child's token t, into p.res: through
// its redirect (redirected: a redirect ends the search for alternatives,
// as in Brigadier), into its children, or to the end of the line.
func (p *lineParser) after(child *Node, t *tok) (redirected bool) {
	need := 2
	if child.Redirect != nil {
		need = 1
	}
	if t.End+need > len(p.s) {
		p.res = parse{cursor: t.End, leafCmd: child.Executable, nonEmpty: true, last: t}
		return false
	}
	next := t.End + 1
	if child.Redirect != nil {
		p.parseNodes(child.Redirect, next, false, false, t)
		p.res.nonEmpty = true
		return true
	}
	p.parseNodes(child, next, true, child.Executable, t)
	return false
}

// tokens returns the parsed nodes in order.
func (pr parse) tokens() []Token { return pr.appendTokens(nil) }

// appendTokens appends the parsed nodes in order to out, filling them in
// from the end as the list runs backwards.
func (pr parse) appendTokens(out []Token) []Token {
	n := 0
	for t := pr.last; t != nil; t = t.prev {
		n++
	}
	out = slices.Grow(out, n)[:len(out)+n]
	i := len(out)
	for t := pr.last; t != nil; t = t.prev {
		i--
		out[i] = t.Token
	}
	return out
}

// failure turns a parse into the error the game reports when it loads the
// line (Commands.validateParseResults, then ContextChain.tryFlatten), or nil
// when the line is a complete command.
func (pr parse) failure(s string) *syntax.Error {
	if pr.cursor < len(s) {
		word := s[pr.cursor:]
		if i := strings.IndexByte(word, ' '); i >= 0 {
			word = word[:i]
		}
		if len(pr.errs) == 1 {
			return pr.errs[0]
		}
		if len(pr.errs) > 1 {
			// Brigadier only says "incorrect argument"; name the error of
			// the child that got furthest, which is the one the author
			// most likely meant.
			far := pr.errs[0]
			for _, e := range pr.errs[1:] {
				if e.Pos > far.Pos {
					far = e
				}
			}
			return syntax.Errorf(pr.cursor, "incorrect argument %q: %s", word, far.Msg)
		}
		if !pr.nonEmpty {
			return syntax.Errorf(pr.cursor, "unknown command %q%s", word, didYouMean(word, pr.stuck))
		}
		if len(pr.far) > 0 && pr.far[0].Pos >= pr.cursor {
			msgs := make([]string, len(pr.far))
			for i, e := range pr.far {
				msgs[i] = e.Msg
			}
			return syntax.Errorf(pr.cursor, "incorrect argument %q: %s", word, strings.Join(msgs, "; or "))
		}
		return syntax.Errorf(pr.cursor, "incorrect argument %q%s", word, expectedAfter(word, pr.stuck))
	}
	if !pr.leafCmd {
		n := pr.stuck
		if pr.last != nil && pr.last.End == len(s) {
			n = pr.last.Node
			if n.Redirect != nil {
				n = n.Redirect
			}
		}
		return syntax.Errorf(len(s), "incomplete command%s", expectedList(n))
	}
	return nil
}

func expectedList(n *Node) string {
	if n == nil || len(n.Children) == 0 {
		return ""
	}
	var names []string
	for _, c := range n.Children {
		if c.Level > FunctionLevel {
			continue
		}
		names = append(names, c.usage())
	}
	if len(names) == 0 {
		return ""
	}
	if len(names) > 8 {
		names = append(names[:8], "…")
	}
	return ", expected " + strings.Join(names, " | ")
}

func expectedAfter(word string, n *Node) string {
	if dm := didYouMean(word, n); dm != "" {
		return dm
	}
	return expectedList(n)
}

// didYouMean suggests the literal child of n closest to word.
func didYouMean(word string, n *Node) string {
	if n == nil || len(n.Literals) == 0 || word == "" {
		return ""
	}
	names := make([]string, 0, len(n.Literals))
	for name, c := range n.Literals {
		if c.Level <= FunctionLevel {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	best, bestD := suggest.Closest(word, names)
	if best == "" || bestD > 2 || bestD*3 > len(word)+1 {
		return ""
	}
	return " (did you mean " + best + "?)"
}
