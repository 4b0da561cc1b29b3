package gen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// The cost model is the game's (../shared/MINECRAFT.md §3.8): one unit of
// the per-call quota for every execute stage that narrows, redirects or
// stores (once per stage, whatever the number of sources), one for every
// leaf command per source, one for every function call. `function` and
// `return` add nothing beyond the call. Running out of quota drops the rest
// of the call silently, so the generator proves, from the commands it
// emits (read through their parse, reading.go), that no entry point can
// come near it.

// Costs is the static worst case of every entry point of a pack, in
// commands (quota units) per call.
type Costs struct {
	Entries map[string]int // function ID → worst case of one call
}

// Worst returns the costliest entry point and its cost.
func (c *Costs) Worst() (string, int) {
	best, n := "", -1
	for _, id := range c.sorted() {
		if c.Entries[id] > n {
			best, n = id, c.Entries[id]
		}
	}
	return best, n
}

func (c *Costs) sorted() []string {
	ids := make([]string, 0, len(c.Entries))
	for id := range c.Entries {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// bounds gives the most entities a forking selector (execute as/at) can
// select.
type bounds func(sel *syntax.Selector) (int, error)

// analyzer computes worst-case costs of a pack's functions, reading each
// line through its parse (reading.go).
type analyzer struct {
	pack  *datapack.Pack
	fns   map[string][]costLine // function ID → its command lines
	bound bounds
	memo  map[string]int
	busy  map[string]bool
	// fixed are functions whose worst case is proved otherwise (the
	// lookahead's slice, which loops on its own budget): that cost.
	fixed map[string]int
	// zero are functions counted as free (their calls still cost one),
	// to measure what the rest of a function costs.
	zero map[string]bool
	// paid are functions that charge their own cost and the call that
	// runs them (the lookahead's self-charging functions): their calls
	// cost their callers nothing.
	paid map[string]bool
}

// analyze returns the worst case of each entry; bound gives the most
// entities a forking selector (execute as/at) can select.
func analyze(p *datapack.Pack, entries []string, bound bounds) (*Costs, error) {
	return analyzeWith(p, entries, bound, nil, nil)
}

// analyzeWith is analyze with functions of known cost (fixed) and
// functions taken as free (zero).
func analyzeWith(p *datapack.Pack, entries []string, bound bounds, fixed map[string]int, zero map[string]bool) (*Costs, error) {
	a := newAnalyzer(p, bound, fixed, zero)
	c := &Costs{Entries: map[string]int{}}
	for _, e := range entries {
		n, err := a.function(e)
		if err != nil {
			return nil, err
		}
		c.Entries[e] = n
	}
	return c, nil
}

func newAnalyzer(p *datapack.Pack, bound bounds, fixed map[string]int, zero map[string]bool) *analyzer {
	return &analyzer{pack: p, fns: map[string][]costLine{}, bound: bound, memo: map[string]int{}, busy: map[string]bool{}, fixed: fixed, zero: zero}
}

// costLine is one command line of a function as the cost model reads it.
type costLine struct {
	n     int    // 1-based line number in its file
	parts []part // the parse's parts (reading.go)
	err   error  // the line does not parse, or hides its cost
}

// read returns function id's command lines, or ok false when the pack has
// no such function.
func (a *analyzer) read(id string) (lines []costLine, ok bool, err error) {
	if lines, ok := a.fns[id]; ok {
		return lines, true, nil
	}
	fid, err := datapack.ParseID(id)
	if err != nil {
		return nil, false, nil
	}
	b, ok := a.pack.Files[datapack.FunctionFile(fid)]
	if !ok {
		return nil, false, nil
	}
	fr := readFile(id, b)
	if fr.err != nil {
		return nil, false, fr.err
	}
	a.fns[id] = fr.lines
	return fr.lines, true, nil
}

// function is the worst case of running a function's body (the call
// itself is charged by the caller): the most expensive way through it,
// where a conditional return may end it early or let it go on.
func (a *analyzer) function(id string) (int, error) {
	if n, ok := a.memo[id]; ok {
		return n, nil
	}
	if n, ok := a.fixed[id]; ok {
		return n, nil
	}
	if a.zero[id] || a.paid[id] {
		return 0, nil
	}
	lines, ok, err := a.read(id)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, fmt.Errorf("cost: function %s is called but not in the pack", id)
	}
	if a.busy[id] {
		return 0, fmt.Errorf("cost: function %s calls itself; the worst case is unbounded", id)
	}
	a.busy[id] = true
	defer delete(a.busy, id)
	acc, worst := 0, 0
	for _, l := range lines {
		// A macro line costs what the command it becomes costs: read
		// refuses a variable where it would change the count.
		c, err := a.command(l)
		if err != nil {
			return 0, fmt.Errorf("cost: %s line %d: %w", id, l.n, err)
		}
		if c.ends {
			worst = max(worst, acc+c.full)
			if !c.conditional {
				acc = -1
				break
			}
			acc += c.skip
			continue
		}
		acc += c.full
	}
	if acc >= 0 {
		worst = max(worst, acc)
	}
	a.memo[id] = worst
	return worst, nil
}

// cost is one command's worst case: full when it runs to the end, skip
// when a condition stops it before its body (only for conditional ones).
type cost struct {
	full, skip  int
	ends        bool // it may end the function (a return)
	conditional bool // a condition or an empty selection may stop it
}

// command is the worst case of one read line.
func (a *analyzer) command(l costLine) (cost, error) {
	if l.err != nil {
		return cost{}, l.err
	}
	return a.parts(l.parts)
}

func (a *analyzer) parts(ps []part) (cost, error) {
	switch p := ps[0]; p.kind {
	case partExecute:
		return a.execute(ps[1:])
	case partCall:
		if a.paid[p.fn] {
			return cost{}, nil
		}
		n, err := a.function(p.fn)
		return cost{full: 1 + n}, err
	case partReturnRun:
		c, err := a.parts(ps[1:])
		c.ends = true
		return c, err
	case partReturn:
		return cost{ends: true}, nil
	}
	return cost{full: 1}, nil
}

// execute is the worst case of an execute command's stages (ps after the
// execute part), each one unit however many sources it has, and of what
// it runs, once per source.
func (a *analyzer) execute(ps []part) (cost, error) {
	stages, extra, mult := 0, 0, 1
	cond := false
	for i, p := range ps {
		switch p.kind {
		case partRun:
			body, err := a.parts(ps[i+1:])
			if err != nil {
				return cost{}, err
			}
			c := cost{full: stages + extra + mult*body.full, ends: body.ends, conditional: cond || body.conditional}
			c.skip = stages + extra
			if body.conditional {
				c.skip = max(c.skip, stages+extra+mult*body.skip)
			}
			return c, nil
		case partFork:
			k, err := a.bound(p.sel)
			if err != nil {
				return cost{}, err
			}
			mult *= k
			cond = true
		case partCond:
			cond = true
		case partIfFunction:
			cond = true
			f, err := a.function(p.fn)
			if err != nil {
				return cost{}, err
			}
			if !a.paid[p.fn] {
				extra += mult * (1 + f)
			}
		}
		stages++
	}
	// An execute without run ends in a condition: a test, no body.
	return cost{full: stages + extra, skip: stages + extra, conditional: cond}, nil
}

// costLine reads one command line for the cost model.
func (lr *lineReader) costLine(n int, line string) costLine {
	p, err := lr.parse(line)
	if err != nil {
		return costLine{n: n, err: err}
	}
	return lr.costOf(n, p)
}

// costOf is a parsed line as the cost model reads it.
func (lr *lineReader) costOf(n int, p parsed) costLine {
	parts, err := lr.parts(p)
	return costLine{n: n, parts: parts, err: err}
}

// tokens is a function line as the cost model reads it: its parse (the
// lookahead's proof costs single lines of the lookup trees).
func tokens(line string) costLine {
	lr, err := newLineReader()
	if err != nil {
		return costLine{err: err}
	}
	return lr.costLine(0, strings.TrimSpace(line))
}
