package gen

import (
	"fmt"
	"strings"
	"sync"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/datapack/check"
	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// The generator reads back the functions it rendered (for their cost and
// for the scores a board's game is made of) only through check's parser:
// the checker's walk of the newest embedded release's command tree, with
// each argument's value. It never splits its own text into words, so what
// the cost model and the board swap see is what the checker proves the
// game loads.

// newestTree is the command tree the generator reads its lines with: the
// newest release the pack supports (its commands parse the same on all).
var newestTree = sync.OnceValues(func() (*check.Tree, error) {
	rs := datapack.Releases()
	t, _, err := check.Embedded(rs[len(rs)-1].Name)
	return t, err
})

// lineReader parses function lines; not safe for concurrent use.
type lineReader struct {
	p    *check.Parser
	exec *check.Node // the execute node, whose children are its subcommands
}

func newLineReader() (*lineReader, error) {
	t, err := newestTree()
	if err != nil {
		return nil, err
	}
	// No registries: the generator needs the commands' structure; the
	// checker's tests check every reference of a rendered pack.
	return &lineReader{p: check.NewParser(t, nil), exec: t.Root.Literals["execute"]}, nil
}

// parsed is one line's parse: the command and, for a macro line, the
// spans of its variables' stand-ins.
type parsed struct {
	*check.Command
	vars [][2]int
}

// inVar reports whether a token lies in a macro variable's stand-in.
func (p parsed) inVar(t check.Token) bool {
	for _, v := range p.vars {
		if t.Start < v[1] && v[0] < t.End {
			return true
		}
	}
	return false
}

// parse parses one function line (trimmed, not a comment); a macro line
// with each $(name) as 1. The command is valid until the next parse.
func (lr *lineReader) parse(line string) (parsed, error) {
	text, vars := line, [][2]int(nil)
	if strings.HasPrefix(line, "$") {
		var err error
		if text, vars, err = macroShape(line); err != nil {
			return parsed{}, err
		}
	}
	cmd, perr := lr.p.Parse(text)
	if perr != nil {
		return parsed{}, fmt.Errorf("%q does not parse (column %d): %s", text, perr.Pos+1, perr.Msg)
	}
	return parsed{cmd, vars}, nil
}

// scores calls f with every "#holder objective" the line names: a score
// holder argument followed by an objective, neither a macro variable.
func (p parsed) scores(f func(SwapScore)) {
	ts := p.Tokens
	for i := 0; i+1 < len(ts); i++ {
		t, o := ts[i], ts[i+1]
		if t.Node.Parser != "minecraft:score_holder" || o.Node.Parser != "minecraft:objective" || p.inVar(t) || p.inVar(o) {
			continue
		}
		// A name holder's value is its text; a selector's is not nil.
		if h := t.Text(p.Text); t.Value == nil && strings.HasPrefix(h, "#") {
			f(SwapScore{Holder: h, Objective: o.Text(p.Text)})
		}
	}
}

// partKind is what one piece of a command means to the cost model.
type partKind uint8

const (
	partExecute    partKind = iota // execute: stages follow, then partRun or the end
	partStage                      // a stage that maps a source to one (align, in, store, positioned <pos>, …)
	partCond                       // a stage that may stop the command: a condition, execute on
	partFork                       // a stage over a selector's entities: sel
	partIfFunction                 // execute if|unless function fn: runs fn
	partRun                        // execute … run: a command follows
	partReturnRun                  // return run: a command follows, and it ends the function
	partReturn                     // return VALUE, return fail
	partCall                       // function fn
	partLeaf                       // any other command
)

// part is one piece of a parsed command.
type part struct {
	kind partKind
	sel  *syntax.Selector // partFork
	fn   string           // partIfFunction, partCall: the function, "#id" for a tag
}

// leaf is the parts of a plain command, shared.
var leaf = []part{{kind: partLeaf}}

// parts is the line as the cost model walks it, refusing a macro
// variable where it would decide the cost (a function name, a selector).
func (lr *lineReader) parts(p parsed) ([]part, error) {
	ts := p.Tokens
	if ts[0].Node.Name != "execute" && ts[0].Node.Name != "function" && ts[0].Node.Name != "return" {
		return leaf, nil
	}
	out := make([]part, 0, len(ts)) // a part takes at least one token
	var walk func(i int) error
	walk = func(i int) error {
		switch ts[i].Node.Name {
		case "function":
			if p.inVar(ts[i+1]) {
				return fmt.Errorf("a macro variable in a function name: its cost is not known")
			}
			out = append(out, part{kind: partCall, fn: ts[i+1].Value.(check.ID).String()})
			return nil
		case "return":
			if i+1 < len(ts) && ts[i+1].Literal("run") {
				out = append(out, part{kind: partReturnRun})
				return walk(i + 2)
			}
			out = append(out, part{kind: partReturn})
			return nil
		case "execute":
		default:
			out = append(out, part{kind: partLeaf})
			return nil
		}
		out = append(out, part{kind: partExecute})
		for j := i + 1; j < len(ts); {
			sub := ts[j].Node.Name
			if sub == "run" {
				out = append(out, part{kind: partRun})
				return walk(j + 1)
			}
			k := j + 1
			for k < len(ts) && ts[k].Node.Parent != lr.exec {
				k++
			}
			args := ts[j+1 : k]
			pt := part{kind: partStage}
			// The stages over a selector's entities: as, at, positioned
			// as, rotated as, facing entity.
			var sel *check.Token
			switch {
			case sub == "as" || sub == "at":
				sel = &args[0]
			case (sub == "positioned" || sub == "rotated") && args[0].Literal("as"), sub == "facing" && args[0].Literal("entity"):
				sel = &args[1]
			case sub == "on":
				if args[0].Literal("passengers") {
					return fmt.Errorf("execute on passengers: unbounded fork")
				}
				pt.kind = partCond
			case (sub == "if" || sub == "unless") && args[0].Literal("function"):
				if p.inVar(args[1]) {
					return fmt.Errorf("a macro variable in a function name: its cost is not known")
				}
				pt = part{kind: partIfFunction, fn: args[1].Value.(check.ID).String()}
			case sub == "if" || sub == "unless":
				pt.kind = partCond
			}
			if sel != nil {
				if p.inVar(*sel) {
					return fmt.Errorf("a macro variable in a selector: its cost is not known")
				}
				pt = part{kind: partFork, sel: sel.Value.(*syntax.Selector)}
			}
			out = append(out, pt)
			j = k
		}
		return nil
	}
	if err := walk(0); err != nil {
		return nil, err
	}
	return out, nil
}

// macroShape is a macro line with every $(name) replaced by 1, a stand-in
// for its value, and the spans of the stand-ins: the pack's macro
// arguments are coordinates, dimensions and slots, never a function or a
// selector that would change a cost (parts refuses those).
func macroShape(l string) (string, [][2]int, error) {
	l = strings.TrimPrefix(l, "$")
	var b strings.Builder
	var vars [][2]int
	for {
		i := strings.Index(l, "$(")
		if i < 0 {
			b.WriteString(l)
			return b.String(), vars, nil
		}
		j := strings.IndexByte(l[i:], ')')
		if j < 0 {
			return "", nil, fmt.Errorf("unterminated macro variable")
		}
		b.WriteString(l[:i])
		vars = append(vars, [2]int{b.Len(), b.Len() + 1})
		b.WriteString("1")
		l = l[i+j+1:]
	}
}

// eachLine calls f with each command line of a function file (trimmed,
// not a comment) and its 1-based number, until f fails.
func eachLine(b []byte, f func(n int, line string) error) error {
	text := string(b)
	for n := 1; text != ""; n++ {
		l := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			l, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		if l = strings.TrimSpace(l); l == "" || l[0] == '#' {
			continue
		}
		if err := f(n, l); err != nil {
			return err
		}
	}
	return nil
}

// fileRead is one function file as read: its command lines for the cost
// model and every "#holder objective" it names.
type fileRead struct {
	lines  []costLine
	scores []SwapScore
	err    error // a line that does not parse
}

// files caches function files by content. Tests and tuning generate the
// same packs again and again, and one Generate reads a file for the board
// swap and again for each cost analysis; a file is parsed once. The
// cache is emptied when it holds more than maxCachedLines lines, which
// bounds its memory.
var files = struct {
	sync.Mutex
	m     map[string]*fileRead
	lines int
}{m: map[string]*fileRead{}}

const maxCachedLines = 1 << 18

// readFile returns the reading of a function file; id names it in errors.
func readFile(id string, b []byte) *fileRead {
	files.Lock()
	fr, ok := files.m[string(b)]
	files.Unlock()
	if ok {
		return fr
	}
	fr = &fileRead{}
	lr, err := newLineReader()
	if err != nil {
		fr.err = err
		return fr
	}
	fr.err = eachLine(b, func(n int, l string) error {
		p, err := lr.parse(l)
		if err != nil {
			return fmt.Errorf("%s line %d: %w", id, n, err)
		}
		p.scores(func(sc SwapScore) { fr.scores = append(fr.scores, sc) })
		fr.lines = append(fr.lines, lr.costOf(n, p))
		return nil
	})
	files.Lock()
	if files.lines += len(fr.lines); files.lines > maxCachedLines {
		clear(files.m)
		files.lines = len(fr.lines)
	}
	files.m[string(b)] = fr
	files.Unlock()
	return fr
}
