package mcvm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// Function is one loaded mcfunction file.
type Function struct {
	ID   string // "ns:path"
	File string // pack path
	inst *instFunc
	mac  *macroFunc
}

// IsMacro reports whether the function has $ lines.
func (f *Function) IsMacro() bool { return f.mac != nil }

// instFunc is an InstantiatedFunction: compiled lines ready to run.
type instFunc struct {
	id    string
	lines []*cmdLine
	// cost is what the function's own lines did in the running top-level
	// call (exclusive of its callees); touched marks it charged there.
	cost    FunctionCost
	touched bool
	// expanded marks a macro function's instance: several may share an
	// id, while a plain function's one instance has its id to itself.
	expanded bool
	// prof is the function's id in profBy, the Profiler that last saw it.
	prof   int32
	profBy *Profiler
	// tally is 1 + the index of the Tally whose functions it is among,
	// or 0, as of the machine's tallies numbered tallyGen.
	tally    int8
	tallyGen uint32
}

type macroFunc struct {
	entries []macroEntry
	params  []string
	cache   []macroCached // least recently used first
}

type macroCached struct {
	key  []string
	inst *instFunc
}

type macroEntry struct {
	plain *cmdLine  // a pre-parsed non-macro line
	tmpl  *template // a $ line
	pos   Pos
}

// template is StringTemplate: text segments around $(name) variables.
type template struct {
	segs []string // len(vars)+1 (the last may be empty)
	vars []int    // indices into macroFunc.params
}

const maxLineLength = 2000000

// splitLines splits as BufferedReader.readLine does (\n, \r, \r\n),
// after decoding the file as UTF-8 with malformed bytes replaced by U+FFFD,
// as the game's reader does.
func splitLines(b []byte) []string {
	var s string
	if utf8.Valid(b) {
		s = string(b)
	} else {
		s = strings.ToValidUTF8(string(b), "\uFFFD")
	}
	out := make([]string, 0, bytes.Count(b, []byte{'\n'})+1)
	for len(s) > 0 {
		// A line ends at \n, \r\n or a lone \r; \n first, as it is the
		// common case and IndexByte is fast.
		i := strings.IndexByte(s, '\n')
		line := s
		if i >= 0 {
			line = s[:i]
		}
		if j := strings.IndexByte(line, '\r'); j >= 0 && j < len(line)-1 {
			out = append(out, s[:j])
			s = s[j+1:]
			continue
		}
		if i < 0 {
			out = append(out, strings.TrimSuffix(line, "\r"))
			break
		}
		out = append(out, strings.TrimSuffix(line, "\r"))
		s = s[i+1:]
	}
	return out
}

// javaTrim is String.trim: strips characters <= ' ' at both ends.
func javaTrim(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

// loadFunction compiles a function file as CommandFunction.fromLines does.
// Any error rejects the whole function, as in the game.
func (m *Machine) loadFunction(id, file string, data []byte, errs *ErrorList) *Function {
	lines := splitLines(data)
	fn := &Function{ID: id, File: file}
	var plain []*cmdLine
	var mac *macroFunc
	var entries []macroEntry
	nerr := len(*errs)
	for i := 0; i < len(lines); i++ {
		lineNo := i + 1
		line := javaTrim(lines[i])
		if strings.HasSuffix(line, `\`) {
			var sb strings.Builder
			sb.WriteString(line)
			for {
				i++
				if i == len(lines) {
					errs.add(Pos{file, lineNo, 0}, "line continuation at end of file")
					return nil
				}
				cur := sb.String()
				sb.Reset()
				sb.WriteString(cur[:len(cur)-1])
				sb.WriteString(javaTrim(lines[i]))
				if sb.Len() > maxLineLength {
					errs.add(Pos{file, lineNo, 0}, "command too long (more than %d characters)", maxLineLength)
					return nil
				}
				if !strings.HasSuffix(sb.String(), `\`) {
					break
				}
			}
			line = sb.String()
		}
		if len(line) > maxLineLength {
			errs.add(Pos{file, lineNo, 0}, "command too long (more than %d characters)", maxLineLength)
			return nil
		}
		if line == "" || line[0] == '#' {
			continue
		}
		pos := Pos{file, lineNo, 1}
		if line[0] == '/' {
			if len(line) > 1 && line[1] == '/' {
				errs.add(pos, "unknown or invalid command %q (if you intended to make a comment, use '#' not '//')", line)
			} else {
				r := syntax.Reader{Text: line, Pos: 1}
				errs.add(pos, "unknown or invalid command %q (did you mean %q? do not use a preceding forwards slash)", line, r.ReadUnquotedString())
			}
			continue
		}
		if line[0] == '$' {
			if mac == nil {
				mac = &macroFunc{}
				for _, p := range plain {
					entries = append(entries, macroEntry{plain: p, pos: p.pos})
				}
			}
			t, err := parseTemplate(line[1:], mac)
			if err != nil {
				errs.add(pos, "%s", err.Error())
				continue
			}
			entries = append(entries, macroEntry{tmpl: t, pos: pos})
			continue
		}
		cl, err := m.parseCommand(line, pos, m.opts.FunctionPermissionLevel)
		if err != nil {
			errs.addCmdError(pos, line, err)
			continue
		}
		if mac != nil {
			entries = append(entries, macroEntry{plain: cl, pos: pos})
		} else {
			plain = append(plain, cl)
		}
	}
	if len(*errs) > nerr {
		return nil
	}
	if mac != nil {
		mac.entries = entries
		fn.mac = mac
	} else {
		fn.inst = &instFunc{id: id, lines: plain}
	}
	return fn
}

// addCmdError turns a command parse error into a positioned diagnostic.
func (l *ErrorList) addCmdError(pos Pos, line string, err error) {
	col := 0
	msg := err.Error()
	switch e := err.(type) {
	case *syntaxError:
		col = e.Pos
		msg = "whilst parsing command: " + e.Msg
	case *unsupportedError:
		col = e.col
	}
	pos.Col = col + 1
	*l = append(*l, &Error{pos, msg + ": " + excerpt(line, col)})
}

// excerpt shows the command around the error column, as the game's
// "...<--[HERE]" context does.
func excerpt(line string, col int) string {
	if col > len(line) {
		col = len(line)
	}
	start := col - 40
	prefix := "..."
	if start <= 0 {
		start, prefix = 0, ""
	}
	return prefix + line[start:col] + "<--[HERE]"
}

// parseTemplate is StringTemplate.fromString, registering variable names
// in the function's parameter list in order of first use.
func parseTemplate(s string, mac *macroFunc) (*template, error) {
	t := &template{}
	last := 0
	idx := strings.IndexByte(s, '$')
	for idx != -1 {
		if idx != len(s)-1 && s[idx+1] == '(' {
			t.segs = append(t.segs, s[last:idx])
			end := strings.IndexByte(s[idx+1:], ')')
			if end == -1 {
				return nil, fmt.Errorf("unterminated macro variable")
			}
			end += idx + 1
			name := s[idx+2 : end]
			for _, r := range name {
				if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' {
					return nil, fmt.Errorf("invalid macro variable name %q", name)
				}
			}
			pi := -1
			for k, p := range mac.params {
				if p == name {
					pi = k
				}
			}
			if pi < 0 {
				pi = len(mac.params)
				mac.params = append(mac.params, name)
			}
			t.vars = append(t.vars, pi)
			last = end + 1
			next := strings.IndexByte(s[last:], '$')
			if next < 0 {
				idx = -1
			} else {
				idx = last + next
			}
		} else {
			next := strings.IndexByte(s[idx+1:], '$')
			if next < 0 {
				idx = -1
			} else {
				idx = idx + 1 + next
			}
		}
	}
	if last == 0 {
		return nil, fmt.Errorf("no variables in macro")
	}
	t.segs = append(t.segs, s[last:])
	return t, nil
}

func (t *template) substitute(args []string) string {
	var b strings.Builder
	for i, v := range t.vars {
		b.WriteString(t.segs[i])
		b.WriteString(args[v])
	}
	b.WriteString(t.segs[len(t.segs)-1])
	return b.String()
}

// instantiate is CommandFunction.instantiate: plain functions as they are;
// macro functions with their arguments, through the 8-entry cache.
func (m *Machine) instantiate(fn *Function, args *Compound) (*instFunc, error) {
	if fn.mac == nil {
		return fn.inst, nil
	}
	mac := fn.mac
	if args == nil {
		return nil, failf("failed to instantiate function %s: missing arguments to function %s", fn.ID, fn.ID)
	}
	key := make([]string, len(mac.params))
	for i, p := range mac.params {
		v := args.Get(p)
		if v == nil {
			return nil, failf("failed to instantiate function %s: missing argument %s to function %s", fn.ID, p, fn.ID)
		}
		key[i] = macroString(v)
	}
	st := m.ctx.stats
	for i, c := range mac.cache {
		if equalStrings(c.key, key) {
			mac.cache = append(mac.cache[:i], mac.cache[i+1:]...)
			mac.cache = append(mac.cache, c)
			st.MacroCacheHits++
			return c.inst, nil
		}
	}
	if len(mac.cache) >= 8 {
		mac.cache = mac.cache[1:]
	}
	st.MacroExpansions++
	inst := &instFunc{id: fn.ID, expanded: true}
	for _, e := range mac.entries {
		if e.plain != nil {
			inst.lines = append(inst.lines, e.plain)
			continue
		}
		text := e.tmpl.substitute(key)
		cl, err := m.parseCommand(text, e.pos, m.opts.FunctionPermissionLevel)
		if err != nil {
			if u, ok := err.(*unsupportedError); ok {
				return nil, &vmAbort{fmt.Sprintf("%s: macro line expanded to %q: %s", e.pos, text, u.Error())}
			}
			return nil, failf("failed to instantiate function %s: whilst parsing command on line %d: %q: %v", fn.ID, e.pos.Line, text, err)
		}
		inst.lines = append(inst.lines, cl)
	}
	mac.cache = append(mac.cache, macroCached{key, inst})
	return inst, nil
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// resolveFunctions is FunctionArgument's run-time lookup.
// resolveRef is resolveFunctions for a reference compiled into a line,
// remembered in *cache once found: a machine's functions and tags never
// change after Load, and the AI's function trees make a call per command
// or two.
func (m *Machine) resolveRef(r funcRef, cache *[]*Function) ([]*Function, error) {
	if *cache != nil {
		return *cache, nil
	}
	fns, err := m.resolveFunctions(r.id, r.tag)
	if err == nil && len(fns) > 0 {
		*cache = fns
	}
	return fns, err
}

func (m *Machine) resolveFunctions(id string, tag bool) ([]*Function, error) {
	if tag {
		fns, ok := m.tags[id]
		if !ok {
			return nil, failf("unknown function tag '#%s'", id)
		}
		return fns, nil
	}
	fn, ok := m.funcs[id]
	if !ok {
		return nil, failf("unknown function %s", id)
	}
	return []*Function{fn}, nil
}

// tagFile is a function tag JSON file.
type tagFile struct {
	Replace bool              `json:"replace"`
	Values  []json.RawMessage `json:"values"`
}

type tagEntry struct {
	id       string
	tag      bool
	required bool
}

func parseTagEntry(raw json.RawMessage) (tagEntry, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return tagRef(s, true)
	}
	var obj struct {
		ID       *string `json:"id"`
		Required *bool   `json:"required"`
	}
	if err := json.Unmarshal(raw, &obj); err != nil || obj.ID == nil {
		return tagEntry{}, fmt.Errorf("tag entry must be a string or {\"id\":…,\"required\":…}: %s", raw)
	}
	e, err := tagRef(*obj.ID, true)
	if obj.Required != nil {
		e.required = *obj.Required
	}
	return e, err
}

func tagRef(s string, required bool) (tagEntry, error) {
	e := tagEntry{required: required}
	if strings.HasPrefix(s, "#") {
		e.tag = true
		s = s[1:]
	}
	id, err := datapack.ParseID(s)
	if err != nil {
		return e, err
	}
	e.id = id.String()
	return e, nil
}

// loadTags reads every function tag and resolves them into function lists
// (deduplicated, first occurrence kept), reporting missing required
// references and cycles.
func (m *Machine) loadTags(p *datapack.Pack, errs *ErrorList) {
	raw := map[string][]tagEntry{}
	files := map[string]string{}
	for _, path := range p.Paths() {
		id, ok := datapack.FunctionTagID(path)
		if !ok {
			continue
		}
		var tf tagFile
		if err := json.Unmarshal(p.Files[path], &tf); err != nil {
			errs.add(Pos{File: path}, "invalid function tag JSON: %v", err)
			continue
		}
		var entries []tagEntry
		bad := false
		for _, v := range tf.Values {
			e, err := parseTagEntry(v)
			if err != nil {
				errs.add(Pos{File: path}, "%v", err)
				bad = true
				continue
			}
			entries = append(entries, e)
		}
		if !bad {
			raw[id.String()] = entries
			files[id.String()] = path
		}
	}
	resolved := map[string][]*Function{}
	state := map[string]int{} // 1 visiting, 2 done
	var resolve func(id string) ([]*Function, bool)
	resolve = func(id string) ([]*Function, bool) {
		switch state[id] {
		case 1:
			errs.add(Pos{File: files[id]}, "function tag #%s refers to itself (cycle)", id)
			return nil, false
		case 2:
			fns, ok := resolved[id]
			return fns, ok
		}
		entries, ok := raw[id]
		if !ok {
			return nil, false
		}
		state[id] = 1
		var out []*Function
		seen := map[*Function]bool{}
		good := true
		for _, e := range entries {
			var fns []*Function
			found := true
			if e.tag {
				fns, found = resolve(e.id)
			} else if fn, ok := m.funcs[e.id]; ok {
				fns = []*Function{fn}
			} else {
				found = false
			}
			if !found {
				if e.required {
					ref := e.id
					if e.tag {
						ref = "#" + ref
					}
					errs.add(Pos{File: files[id]}, "function tag #%s refers to missing %s", id, ref)
					good = false
				}
				continue
			}
			for _, fn := range fns {
				if !seen[fn] {
					seen[fn] = true
					out = append(out, fn)
				}
			}
		}
		state[id] = 2
		if good {
			resolved[id] = out
		}
		return out, good
	}
	ids := make([]string, 0, len(raw))
	for id := range raw {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		resolve(id)
	}
	m.tags = resolved
}
