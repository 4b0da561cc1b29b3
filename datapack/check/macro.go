package check

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// Macro lines ($ lines) are parsed only when their function is called, with
// the call's arguments substituted as text. The checker substitutes values
// by this rule:
//
//  1. Statically known values are used exactly as the game would print
//     them: inline arguments (function f {k:3}) and, for
//     "function f with storage S P", every literal the pack writes to S at
//     P.k (data modify … set value / data merge). Every known value must
//     give a line that parses, since each can occur at run time.
//  2. A value whose type is known but whose content is not (execute store
//     result storage …, data modify … set string …) is represented by a
//     typical value of that type: 1 for integers, 0.5 for floats and
//     doubles, "a" for strings.
//  3. A value about which nothing is known (with entity/block, set from,
//     or a function that no line of the pack calls) is represented by 1,
//     the most common macro argument in command packs (an index or count
//     that is valid wherever an integer ≥ 1 is).
//
// A line that fails only with a representative value is reported too, with
// the value named, because the pack cannot show that a real value parses.
// Semantic checks (function existence …) use exact values only. To bound
// the work, a line's variables are combined exhaustively up to 64
// combinations and one at a time beyond that.
//
// Callers must supply every key: inline compounds are checked directly;
// storage sources are checked against the pack's own writes to that storage
// when the pack's writes determine the compound (a write of unknown content
// at or above the path makes the check give up rather than guess). Values
// come from plain command lines only: a call or storage write on a macro
// line supplies keys (it counts as a write of unknown content) but no
// values, and storage calls made on macro lines are not key-checked.

// template is a parsed macro line (StringTemplate.fromString).
type template struct {
	parts []string // literal text between variables; len(vars)+1 entries
	vars  []string
	pos   []int // offset of each "$(" in the template
}

// parseTemplate splits s; on error it returns the offset and message.
func parseTemplate(s string) (*template, int, string) {
	t := &template{}
	start := 0
	i := strings.IndexByte(s, '$')
	for i >= 0 {
		if i+1 < len(s) && s[i+1] == '(' {
			end := strings.IndexByte(s[i+1:], ')')
			if end < 0 {
				return nil, i, "unterminated macro variable"
			}
			end += i + 1
			name := s[i+2 : end]
			if !validVarName(name) {
				return nil, i, fmt.Sprintf("invalid macro variable name %q", name)
			}
			t.parts = append(t.parts, s[start:i])
			t.vars = append(t.vars, name)
			t.pos = append(t.pos, i)
			start = end + 1
			if start >= len(s) {
				i = -1
			} else if j := strings.IndexByte(s[start:], '$'); j >= 0 {
				i = start + j
			} else {
				i = -1
			}
		} else if j := strings.IndexByte(s[i+1:], '$'); j >= 0 {
			i = i + 1 + j
		} else {
			i = -1
		}
	}
	if len(t.vars) == 0 {
		return nil, -1, "macro line without any $(variable)"
	}
	t.parts = append(t.parts, s[start:])
	return t, 0, ""
}

// validVarName is StringTemplate.isValidVariableName. The game accepts an
// empty name, but no compound can have an empty key, so such a line can
// never run; it is reported.
func validVarName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' {
			return false
		}
	}
	return true
}

// substitution maps offsets of a substituted line back to its template.
type substitution struct {
	pieces []piece
	exact  bool
}

type piece struct {
	sub, tmpl, n int
	isVar        bool
}

// origin returns the offset in the logical line ('$' + template) of offset
// off of the substituted text: inside a value, the value's "$(".
func (s *substitution) origin(off int) int {
	for i := len(s.pieces) - 1; i >= 0; i-- {
		p := s.pieces[i]
		if off >= p.sub {
			if p.isVar {
				if off < p.sub+p.n {
					return p.tmpl + 1
				}
				continue
			}
			return p.tmpl + off - p.sub + 1
		}
	}
	return 1
}

func (t *template) substitute(vals map[string]string) (string, *substitution) {
	var b strings.Builder
	s := &substitution{}
	tmplOff := 0
	for i, part := range t.parts {
		s.pieces = append(s.pieces, piece{sub: b.Len(), tmpl: tmplOff, n: len(part)})
		b.WriteString(part)
		tmplOff += len(part)
		if i < len(t.vars) {
			v := vals[t.vars[i]]
			s.pieces = append(s.pieces, piece{sub: b.Len(), tmpl: t.pos[i], n: len(v), isVar: true})
			b.WriteString(v)
			tmplOff = t.pos[i] + len(t.vars[i]) + 3
		}
	}
	return b.String(), s
}

// storageWrite is one command that writes command storage.
type storageWrite struct {
	storage string
	keys    []string    // the written path; nil = the root
	ok      bool        // the path is plain names the model can follow
	op      string      // set, merge, append, …
	value   *syntax.Tag // the literal written, if known
	kind    syntax.Kind // the type written, if known and value is nil
}

type storageModel struct{ writes []storageWrite }

// valSrc is what is known about one macro argument value.
type valSrc struct {
	tag  *syntax.Tag
	kind syntax.Kind // type known, content not
}

func hasPrefix(a, p []string) bool {
	if len(p) > len(a) {
		return false
	}
	for i := range p {
		if a[i] != p[i] {
			return false
		}
	}
	return true
}

// at returns what the pack writes below storage:path, by key, and whether
// that is all the compound can hold.
func (m *storageModel) at(storage string, path []string) (map[string][]valSrc, bool) {
	vals := map[string][]valSrc{}
	complete := true
	for _, w := range m.writes {
		if w.storage != storage {
			continue
		}
		if !w.ok {
			complete = false
			continue
		}
		switch {
		case len(w.keys) > len(path) && hasPrefix(w.keys, path):
			k := w.keys[len(path)]
			switch {
			case len(w.keys) > len(path)+1:
				vals[k] = append(vals[k], valSrc{kind: syntax.TagCompound})
			case w.value != nil:
				vals[k] = append(vals[k], valSrc{tag: w.value})
			default:
				vals[k] = append(vals[k], valSrc{kind: w.kind})
			}
		case hasPrefix(path, w.keys):
			if w.value == nil {
				complete = false
				continue
			}
			v := w.value
			for _, k := range path[len(w.keys):] {
				v = v.Get(k)
			}
			if v == nil || v.Kind != syntax.TagCompound {
				continue
			}
			for _, k := range v.Keys {
				vals[k] = append(vals[k], valSrc{tag: v.Vals[k]})
			}
		}
	}
	return vals, complete
}

// representative is rule 2/3 of the file comment.
func representative(k syntax.Kind) string {
	switch k {
	case syntax.TagFloat, syntax.TagDouble:
		return "0.5"
	case syntax.TagString:
		return "a"
	case syntax.TagList:
		return "[]"
	case syntax.TagCompound:
		return "{}"
	}
	return "1"
}

type candidate struct {
	text  string
	exact bool
}

// candidates returns the values to try for key k of function f.
func (c *checker) candidates(f *fnFile, k string) []candidate {
	var out []candidate
	seen := map[string]bool{}
	add := func(text string, exact bool) {
		key := fmt.Sprintf("%t\x00%s", exact, text)
		if !seen[key] {
			seen[key] = true
			out = append(out, candidate{text, exact})
		}
	}
	called := false
	for _, cs := range c.calls {
		if cs.target != f.id {
			continue
		}
		called = true
		switch {
		case cs.args != nil:
			if v := cs.args.Get(k); v != nil {
				add(v.MacroText(), true)
			}
		case cs.fromStorage:
			path, ok := pathKeys(cs.path)
			if !ok {
				add(representative(0), false)
				continue
			}
			vals, _ := c.store.at(cs.storage, path)
			if len(vals[k]) == 0 {
				add(representative(0), false)
			}
			for _, v := range vals[k] {
				if v.tag != nil {
					add(v.tag.MacroText(), true)
				} else {
					add(representative(v.kind), false)
				}
			}
		default:
			add(representative(0), false)
		}
	}
	if !called || len(out) == 0 {
		add(representative(0), false)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].exact && !out[j].exact })
	if len(out) > 16 {
		out = out[:16]
	}
	return out
}

// pathKeys is nbtPathKeys of a call's "with storage" path, which may be
// absent (the whole storage).
func pathKeys(p NBTPath) ([]string, bool) {
	if p.Text == "" {
		return nil, true
	}
	return nbtPathKeys(p.Nodes)
}

// combinations lists value assignments for vars: all of them up to 64,
// else each value of each variable with the others at their first value.
func combinations(vars []string, cands map[string][]candidate) []map[string]candidate {
	total := 1
	for _, v := range vars {
		total *= len(cands[v])
		if total > 64 {
			break
		}
	}
	var out []map[string]candidate
	if total <= 64 {
		var rec func(i int, cur map[string]candidate)
		rec = func(i int, cur map[string]candidate) {
			if i == len(vars) {
				m := make(map[string]candidate, len(cur))
				for k, v := range cur {
					m[k] = v
				}
				out = append(out, m)
				return
			}
			if _, done := cur[vars[i]]; done {
				rec(i+1, cur)
				return
			}
			for _, cand := range cands[vars[i]] {
				cur[vars[i]] = cand
				rec(i+1, cur)
			}
			delete(cur, vars[i])
		}
		rec(0, map[string]candidate{})
		return out
	}
	base := map[string]candidate{}
	for _, v := range vars {
		base[v] = cands[v][0]
	}
	out = append(out, base)
	for _, v := range vars {
		for _, cand := range cands[v][1:] {
			m := map[string]candidate{}
			for k, x := range base {
				m[k] = x
			}
			m[v] = cand
			out = append(out, m)
		}
	}
	return out
}

// checkMacros checks storage call sites' keys, then every $ line.
func (c *checker) checkMacros() {
	for _, cs := range c.calls {
		if !cs.fromStorage || !c.ownNamespace(cs.storage) {
			continue
		}
		f := c.functions[cs.target]
		path, ok := pathKeys(cs.path)
		if f == nil || !ok {
			continue
		}
		vals, complete := c.store.at(cs.storage, path)
		if !complete {
			continue
		}
		for _, k := range f.keys {
			if len(vals[k]) == 0 {
				off := cs.pos
				if cs.sub != nil {
					off = cs.sub.origin(off)
				}
				where := cs.storage
				if cs.path.Text != "" {
					where += " " + cs.path.Text
				}
				c.at(cs.file, cs.line, off, "missing macro argument %q for %s: the pack never writes it to storage %s", k, f.id, where)
			}
		}
	}
	for _, f := range c.sortedFiles() {
		if !f.macro {
			continue
		}
		cands := map[string][]candidate{}
		for _, k := range f.keys {
			cands[k] = c.candidates(f, k)
		}
		for i := range f.lines {
			ll := &f.lines[i]
			if ll.macro == nil {
				continue
			}
			c.checkMacroLine(f, ll, cands)
		}
	}
}

func (c *checker) checkMacroLine(f *fnFile, ll *logicalLine, cands map[string][]candidate) {
	vars := uniqueStrings(ll.macro.vars)
	for _, combo := range combinations(vars, cands) {
		vals := map[string]string{}
		exact := true
		for k, cand := range combo {
			vals[k] = cand.text
			exact = exact && cand.exact
		}
		s, sub := ll.macro.substitute(vals)
		sub.exact = exact
		pr := c.parseLine(s)
		if e := pr.failure(s); e != nil {
			var desc []string
			for _, k := range vars {
				cand := combo[k]
				if cand.exact {
					desc = append(desc, fmt.Sprintf("%s=%s", k, cand.text))
				} else {
					desc = append(desc, fmt.Sprintf("%s=%s (representative; the value is not statically known)", k, cand.text))
				}
			}
			c.at(f, ll, sub.origin(e.Pos), "macro line with %s: %s", strings.Join(desc, ", "), e.Msg)
			return
		}
		if exact {
			c.semantics(f, ll, s, pr.tokens(), sub)
		}
	}
}

func uniqueStrings(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
