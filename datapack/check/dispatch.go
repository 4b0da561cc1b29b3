package check

import (
	"github.com/mcgomoku/mcgomoku/datapack/syntax"
	"github.com/mcgomoku/mcgomoku/internal/suggest"
	"sort"
	"strings"
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
}

// lineParser parses one line against a tree.
type lineParser struct {
	c     *checker
	s     string
	level int // the source's permission level
	// Chunks the line's toks and readers are cut from: a line takes a
	// dozen of each, and one allocation each instead of one apiece is
	// most of what parsing a line costs.
	toks    []tok
	readers []reader
}

// newTok returns a tok cut from the current chunk.
func (p *lineParser) newTok(t tok) *tok {
	if len(p.toks) == cap(p.toks) {
		p.toks = make([]tok, 0, max(p.chunk(), 2*cap(p.toks)))
	}
	p.toks = append(p.toks, t)
	return &p.toks[len(p.toks)-1]
}

// chunk is the size of a chunk: a node takes at least one word, so the
// words of the line bound what one parse needs.
func (p *lineParser) chunk() int { return min(strings.Count(p.s, " ")+1, 32) }

// newReader returns a reader at start cut from the current chunk.
func (p *lineParser) newReader() *reader {
	if len(p.readers) == cap(p.readers) {
		p.readers = make([]reader, 0, max(p.chunk(), 2*cap(p.readers)))
	}
	p.readers = append(p.readers, reader{Text: p.s})
	return &p.readers[len(p.readers)-1]
}

// parseLine runs CommandDispatcher.parse on s from the tree's root, as a
// function (permission level 2) does.
func (c *checker) parseLine(s string) parse { return c.parseLineAt(s, FunctionLevel) }

// parseLineAt parses s for a source of the given permission level.
func (c *checker) parseLineAt(s string, level int) parse {
	p := &lineParser{c: c, s: s, level: level}
	return p.parseNodes(c.tree.Root, 0, false, false, nil)
}

// parse parses s as a function does, reusing p's chunks: what an earlier
// parse with p returned must no longer be used.
func (p *lineParser) parse(s string) parse {
	p.s, p.level = s, FunctionLevel
	p.toks, p.readers = p.toks[:0], p.readers[:0]
	return p.parseNodes(p.c.tree.Root, 0, false, false, nil)
}

func (p *lineParser) relevant(n *Node, start int) []*Node {
	if len(n.Literals) > 0 {
		end := start
		for end < len(p.s) && p.s[end] != ' ' {
			end++
		}
		if lit, ok := n.Literals[p.s[start:end]]; ok {
			return lit.self
		}
	}
	return n.Args
}

// parseNodes is CommandDispatcher.parseNodes: try every relevant child,
// keep the alternatives that parse, and prefer one that consumed the whole
// line, then one without errors; ties go to the earlier child.
func (p *lineParser) parseNodes(n *Node, start int, nonEmpty, cmd bool, path *tok) parse {
	var errs []*syntax.Error
	var best parse
	bestKey := 4
	r := p.newReader()
	for _, child := range p.relevant(n, start) {
		if child.Level > p.level {
			continue
		}
		*r = reader{Text: p.s, Pos: start}
		var err *syntax.Error
		var value any
		if child.Kind == LiteralNode {
			r.Pos += len(child.Name)
		} else {
			value, err = p.c.parseArg(child, r)
		}
		if err == nil && r.CanRead() && r.Peek() != ' ' {
			err = syntax.Errorf(r.Pos, "expected whitespace to end one argument, but found trailing data")
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		t := p.newTok(tok{Token{Node: child, Start: start, End: r.Pos, Value: value}, path})
		var res parse
		need := 2
		if child.Redirect != nil {
			need = 1
		}
		if r.CanReadN(need) {
			next := r.Pos + 1
			if child.Redirect != nil {
				sub := p.parseNodes(child.Redirect, next, false, false, t)
				sub.nonEmpty = true
				return sub
			}
			res = p.parseNodes(child, next, true, child.Executable, t)
		} else {
			res = parse{cursor: r.Pos, leafCmd: child.Executable, nonEmpty: true, last: t}
		}
		key := 0
		if res.cursor < len(p.s) {
			key += 2
		}
		if len(res.errs) > 0 {
			key++
		}
		if key < bestKey {
			best, bestKey = res, key
		}
	}
	if bestKey < 4 {
		return best
	}
	return parse{cursor: start, errs: errs, leafCmd: cmd, nonEmpty: nonEmpty, last: path, stuck: n}
}

// tokens returns the parsed nodes in order.
func (pr parse) tokens() []Token { return pr.appendTokens(nil) }

// appendTokens appends the parsed nodes in order to out.
func (pr parse) appendTokens(out []Token) []Token {
	start := len(out)
	for t := pr.last; t != nil; t = t.prev {
		out = append(out, t.Token)
	}
	for i, j := start, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
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
