package check

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// Pack checks every file of p against a release's command tree and,
// when reg is not nil, its registries. It returns the problems sorted by
// file, line and column; an empty result means the release loads the pack
// cleanly.
//
// The pack is checked as the release sees it: its own files with the
// overlays of pack.mcmeta that the release applies laid over them
// (datapack.Pack.Effective), each problem at the file's real path (inside
// its overlay directory, when an overlay provides it). A tree that names
// no release of datapack's table cannot apply overlays; a pack that has
// them then gets a problem saying so, and its own files are checked.
func Pack(p *datapack.Pack, tree *Tree, reg *Registries) []Problem {
	c := &checker{tree: tree, reg: reg}
	view, origin := p, map[string]string(nil)
	if dirs := p.OverlayDirectories(); len(dirs) > 0 {
		if rel, ok := datapack.LookupRelease(tree.Version); ok {
			if v, o, err := p.EffectiveWithOrigins(rel); err == nil {
				view, origin = v, o
			}
		} else {
			c.problem("pack.mcmeta", 0, 0, "the pack has overlays (%s) but the release is unknown, so they were not applied: name it (mcgomoku check --release)", strings.Join(dirs, ", "))
		}
	}
	c.index(view)
	c.checkFunctions()
	c.checkMacros()
	c.checkFunctionTags()
	c.checkAdvancements()
	c.checkPredicates(view)
	c.checkOtherFiles(view)
	for i, pr := range c.probs {
		if o, ok := origin[pr.File]; ok {
			c.probs[i].File = o
		}
	}
	return sortProblems(c.probs)
}

// Line checks one command line as if it were a line of a function file and
// returns its problems with File "-" and Line 1. References to functions and
// advancements are not checked (there is no pack).
func Line(line string, tree *Tree, reg *Registries) []Problem {
	p := datapack.New()
	p.Files["data/check/function/line.mcfunction"] = []byte(line)
	c := &checker{tree: tree, reg: reg}
	c.index(p)
	c.noRefs = true
	c.checkFunctions()
	c.checkMacros()
	for i := range c.probs {
		c.probs[i].File = "-"
	}
	return sortProblems(c.probs)
}

type checker struct {
	tree   *Tree
	reg    *Registries
	depth  int  // nesting of clicked-command checks
	noRefs bool // skip function/advancement reference checks

	files      map[string]*fnFile // by pack path
	functions  map[string]*fnFile // by "ns:path"
	fnTags     map[string]*fnTag  // by "ns:path"
	advs       map[string][]byte  // by "ns:path"
	advFiles   map[string]string  // "ns:path" → pack path
	predicates map[string]bool    // predicate ids the pack defines
	namespaces map[string]bool    // namespaces the pack defines data in (not minecraft)
	store      storageModel
	calls      []callSite
	probs      []Problem
}

// fnFile is one .mcfunction file split into logical lines.
type fnFile struct {
	path  string
	id    string
	raw   []string // the physical lines, for column conversion
	lines []logicalLine
	macro bool     // has at least one $ line
	keys  []string // macro variables used by its $ lines, sorted
}

// logicalLine is a command after trimming and joining continuations.
type logicalLine struct {
	text  string
	segs  []seg // where each piece of text comes from
	macro *template
}

// seg maps text[off:] to physical line line (0-based) starting at byte col.
type seg struct{ off, line, col int }

func (c *checker) problem(file string, line, col int, format string, args ...any) {
	c.probs = append(c.probs, Problem{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
}

// at reports a problem at byte offset off of logical line ll of f.
func (c *checker) at(f *fnFile, ll *logicalLine, off int, format string, args ...any) {
	line, col := f.position(ll, off)
	c.problem(f.path, line, col, format, args...)
}

// position converts a byte offset in a logical line to a 1-based line and
// character column of the file.
func (f *fnFile) position(ll *logicalLine, off int) (int, int) {
	s := ll.segs[0]
	for _, sg := range ll.segs {
		if sg.off <= off {
			s = sg
		}
	}
	byteCol := s.col + off - s.off
	raw := f.raw[s.line]
	if byteCol > len(raw) {
		byteCol = len(raw)
	}
	return s.line + 1, utf8.RuneCountInString(raw[:byteCol]) + 1
}

// javaTrim is String.trim: strip characters <= ' ' at both ends.
func javaTrim(s string) (string, int) {
	start := 0
	for start < len(s) && s[start] <= ' ' {
		start++
	}
	end := len(s)
	for end > start && s[end-1] <= ' ' {
		end--
	}
	return s[start:end], start
}

func splitLines(b []byte) []string {
	s := string(b)
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	lines := strings.Split(s, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

const maxLineLength = 2000000

// parseFunctionFile applies the game's function loader (CommandFunction.
// fromLines) up to the point of parsing commands.
func (c *checker) parseFunctionFile(path, id string, b []byte) *fnFile {
	f := &fnFile{path: path, id: id, raw: splitLines(b)}
	keys := map[string]bool{}
	for i := 0; i < len(f.raw); i++ {
		text, lead := javaTrim(f.raw[i])
		ll := logicalLine{text: text, segs: []seg{{0, i, lead}}}
		first := i
		for strings.HasSuffix(ll.text, "\\") {
			if i+1 >= len(f.raw) {
				c.problem(path, first+1, 0, "line continuation at end of file")
				ll.text = ""
				break
			}
			i++
			ll.text = ll.text[:len(ll.text)-1]
			next, nlead := javaTrim(f.raw[i])
			ll.segs = append(ll.segs, seg{len(ll.text), i, nlead})
			ll.text += next
		}
		if ll.text == "" || ll.text[0] == '#' {
			continue
		}
		if len(ll.text) > maxLineLength {
			c.problem(path, first+1, 0, "command line longer than %d characters", maxLineLength)
			continue
		}
		switch ll.text[0] {
		case '/':
			if strings.HasPrefix(ll.text, "//") {
				c.at(f, &ll, 0, "unknown or invalid command (if you intended to make a comment, use '#' not '//')")
			} else {
				c.at(f, &ll, 0, "unknown or invalid command: do not use a preceding forward slash")
			}
			continue
		case '$':
			t, errOff, msg := parseTemplate(ll.text[1:])
			if msg != "" {
				c.at(f, &ll, errOff+1, "%s", msg)
				continue
			}
			ll.macro = t
			f.macro = true
			for _, v := range t.vars {
				keys[v] = true
			}
		}
		f.lines = append(f.lines, ll)
	}
	for k := range keys {
		f.keys = append(f.keys, k)
	}
	sort.Strings(f.keys)
	return f
}

func (c *checker) index(p *datapack.Pack) {
	c.files = map[string]*fnFile{}
	c.functions = map[string]*fnFile{}
	c.fnTags = map[string]*fnTag{}
	c.advs = map[string][]byte{}
	c.advFiles = map[string]string{}
	c.namespaces = map[string]bool{}
	c.predicates = map[string]bool{}
	for _, path := range p.Paths() {
		if id, ok := predicateID(path); ok {
			c.predicates[id] = true
		}
		if rest, ok := strings.CutPrefix(path, "data/"); ok {
			if ns, _, ok := strings.Cut(rest, "/"); ok && ns != "minecraft" {
				c.namespaces[ns] = true
			}
		}
		if id, ok := datapack.FunctionID(path); ok {
			f := c.parseFunctionFile(path, id.String(), p.Files[path])
			c.files[path] = f
			c.functions[id.String()] = f
		} else if id, ok := datapack.FunctionTagID(path); ok {
			c.fnTags[id.String()] = &fnTag{path: path, data: p.Files[path]}
		} else if id, ok := datapack.AdvancementID(path); ok {
			c.advs[id.String()] = p.Files[path]
			c.advFiles[id.String()] = path
		}
	}
	for _, t := range c.fnTags {
		t.parse(c)
	}
}

// ownNamespace reports whether references into id's namespace can be
// checked: the pack defines that namespace, so a missing target is the
// pack's own bug rather than another pack's business.
func (c *checker) ownNamespace(id string) bool {
	ns, _, ok := strings.Cut(id, ":")
	if !ok {
		ns = "minecraft"
	}
	return c.namespaces[ns] && !c.noRefs
}

func (c *checker) sortedFiles() []*fnFile {
	paths := make([]string, 0, len(c.files))
	for p := range c.files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	out := make([]*fnFile, len(paths))
	for i, p := range paths {
		out[i] = c.files[p]
	}
	return out
}

// checkFunctions parses every plain command line and collects what the
// macro check needs (call sites, storage writes).
func (c *checker) checkFunctions() {
	for _, f := range c.sortedFiles() {
		for i := range f.lines {
			ll := &f.lines[i]
			if ll.macro != nil {
				c.macroWrites(ll)
				continue
			}
			pr := c.parseLine(ll.text)
			if e := pr.failure(ll.text); e != nil {
				c.at(f, ll, e.Pos, "%s", e.Msg)
				continue
			}
			c.semantics(f, ll, ll.text, pr.tokens(), nil)
		}
	}
}

// semantics runs the checks the game defers to run time on a parsed line
// and records call sites and storage writes. sub maps offsets of a
// substituted macro line back to the template (nil for plain lines).
func (c *checker) semantics(f *fnFile, ll *logicalLine, s string, toks []Token, sub *substitution) {
	report := func(off int, format string, args ...any) {
		if sub != nil {
			off = sub.origin(off)
		}
		c.at(f, ll, off, format, args...)
	}
	lit := func(i int, name string) bool { return i >= 0 && i < len(toks) && toks[i].Literal(name) }
	for i, t := range toks {
		n := t.Node
		switch {
		case n.Parser == "minecraft:function":
			kind := callDirect
			switch {
			case lit(i-1, "function") && (lit(i-2, "if") || lit(i-2, "unless")):
				kind = callCondition
			case lit(i-1, "function") && lit(i-2, "schedule"):
				kind = callScheduled
			}
			cs := callSite{file: f, line: ll, pos: t.Start, sub: sub, kind: kind, target: t.Value.(ID).String()}
			if kind == callDirect && i+1 < len(toks) {
				switch {
				case toks[i+1].Node.Parser == "minecraft:nbt_compound_tag":
					cs.args = toks[i+1].Value.(*syntax.Tag)
					cs.argsPos = toks[i+1].Start
				case lit(i+1, "with") && i+3 < len(toks) && lit(i+2, "storage"):
					cs.storage = toks[i+3].Value.(ID).ID
					if i+4 < len(toks) {
						cs.path = toks[i+4].Value.(NBTPath)
					}
					cs.fromStorage = true
				case lit(i+1, "with"):
					cs.fromOther = true
				}
			}
			c.checkCall(cs, report)
		case n.Parser == "minecraft:resource_key" && n.Props.Registry == "minecraft:advancement":
			id := t.Value.(ID).ID
			if c.ownNamespace(id) && c.advs[id] == nil {
				report(t.Start, "unknown advancement %s", id)
			}
		case n.Name == "sound" && n.Parser == "minecraft:resource_location" && c.reg.Known("minecraft:sound_event"):
			// Sounds outside minecraft: may come from a resource pack.
			id := t.Value.(ID).ID
			if strings.HasPrefix(id, "minecraft:") && !c.reg.Has("minecraft:sound_event", id) {
				report(t.Start, "unknown sound event %s", id)
			}
		case n.Parser == "minecraft:resource_location" && lit(i-1, "storage") && sub == nil:
			// Macro lines' writes were collected by macroWrites.
			c.storageAccess(toks, i, true)
		}
	}
}

// macroWrites records the storage writes of a macro line before any key
// check runs, so a key that only a macro line writes counts as written. The
// written values are unknown: the line is parsed with every variable set to
// the placeholder 1, and only the write's path and kind are kept.
func (c *checker) macroWrites(ll *logicalLine) {
	vals := map[string]string{}
	for _, v := range ll.macro.vars {
		vals[v] = "1"
	}
	s, _ := ll.macro.substitute(vals)
	pr := c.parseLine(s)
	if pr.failure(s) != nil {
		return
	}
	toks := pr.tokens()
	for i, t := range toks {
		if t.Node.Parser == "minecraft:resource_location" && i > 0 && toks[i-1].Literal("storage") {
			c.storageAccess(toks, i, false)
		}
	}
}

// storageAccess records storage writes: data modify/merge storage and
// execute store … storage.
func (c *checker) storageAccess(toks []Token, i int, exact bool) {
	value := func(j int) any {
		if j < 0 || j >= len(toks) {
			return nil
		}
		return toks[j].Value
	}
	isLit := func(j int, names ...string) bool {
		if j < 0 || j >= len(toks) || toks[j].Node.Kind != LiteralNode {
			return false
		}
		for _, n := range names {
			if toks[j].Node.Name == n {
				return true
			}
		}
		return false
	}
	literal := func(j int) string {
		if j < 0 || j >= len(toks) || toks[j].Node.Kind != LiteralNode {
			return ""
		}
		return toks[j].Node.Name
	}
	path := func(j int) ([]string, bool) {
		p, ok := value(j).(NBTPath)
		if !ok {
			return nil, false
		}
		return nbtPathKeys(p.Nodes)
	}
	tag := func(j int) *syntax.Tag { t, _ := value(j).(*syntax.Tag); return t }
	w := storageWrite{storage: toks[i].Value.(ID).ID}
	switch {
	case isLit(i-2, "modify") && isLit(i-3, "data"):
		w.keys, w.ok = path(i + 1)
		op := literal(i + 2)
		j := i + 3
		if op == "insert" {
			j++
		}
		w.op = op
		switch {
		case isLit(j, "value") && exact:
			w.value = tag(j + 1)
		case isLit(j, "string"):
			w.kind = syntax.TagString
		}
		if op != "set" && op != "merge" {
			// appending to a list makes the path a list, not a value
			w.value, w.kind = nil, syntax.TagList
		}
	case isLit(i-2, "merge") && isLit(i-3, "data"):
		w.ok, w.op = true, "merge"
		if exact {
			w.value = tag(i + 1)
		}
	case isLit(i-2, "result", "success") && isLit(i-3, "store"):
		w.keys, w.ok = path(i + 1)
		w.op = "set"
		w.kind = map[string]syntax.Kind{"byte": syntax.TagByte, "short": syntax.TagShort, "int": syntax.TagInt, "long": syntax.TagLong, "float": syntax.TagFloat, "double": syntax.TagDouble}[literal(i+2)]
		if isLit(i-2, "success") {
			w.kind = syntax.TagByte
		}
	default:
		return
	}
	c.store.writes = append(c.store.writes, w)
}

// Call kinds.
const (
	callDirect    = iota // function f [args]
	callCondition        // execute if|unless function f
	callScheduled        // schedule function f …
	callTag              // a function tag lists f
	callReward           // an advancement reward
)

// callSite is one place that runs a function.
type callSite struct {
	file        *fnFile
	line        *logicalLine
	pos         int
	sub         *substitution
	kind        int
	target      string      // "ns:f" or "#ns:t"
	args        *syntax.Tag // inline macro arguments
	argsPos     int
	fromStorage bool
	storage     string
	path        NBTPath // with storage … PATH; empty Text for none
	fromOther   bool    // with entity/block: keys known only at run time
}

// checkCall checks that the called function or tag exists and that macro
// functions get their arguments.
func (c *checker) checkCall(cs callSite, report func(int, string, ...any)) {
	targets := []*fnFile{}
	if name, ok := strings.CutPrefix(cs.target, "#"); ok {
		id := syntax.NormalizeID(name)
		tg := c.fnTags[id]
		if tg == nil {
			if c.ownNamespace(id) {
				report(cs.pos, "unknown function tag #%s", id)
			}
			return
		}
		for _, fid := range tg.functions(c, map[string]bool{}) {
			if f := c.functions[fid]; f != nil {
				targets = append(targets, f)
			}
		}
	} else {
		id := syntax.NormalizeID(cs.target)
		f := c.functions[id]
		if f == nil {
			if c.ownNamespace(id) {
				report(cs.pos, "unknown function %s", id)
			}
			return
		}
		targets = append(targets, f)
	}
	for _, f := range targets {
		if !f.macro {
			continue
		}
		switch cs.kind {
		case callCondition:
			report(cs.pos, "%s is a macro function and cannot be used by execute if/unless function", f.id)
			continue
		case callScheduled:
			report(cs.pos, "%s is a macro function and cannot be scheduled", f.id)
			continue
		}
		switch {
		case cs.args != nil:
			for _, k := range f.keys {
				if cs.args.Get(k) == nil {
					report(cs.argsPos, "missing macro argument %q for %s", k, f.id)
				}
			}
		case cs.fromStorage, cs.fromOther:
		default:
			report(cs.pos, "%s is a macro function but is called without arguments", f.id)
			continue
		}
		cs2 := cs
		cs2.target = f.id
		c.calls = append(c.calls, cs2)
	}
}
