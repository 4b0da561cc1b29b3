package gen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// The cost model is the game's (../shared/MINECRAFT.md §3.8): one unit of
// the per-call quota for every execute stage that narrows, redirects or
// stores (once per stage, whatever the number of sources), one for every
// leaf command per source, one for every function call. `function` and
// `return` add nothing beyond the call. Running out of quota drops the rest
// of the call silently, so the generator proves, from the text it emits,
// that no entry point can come near it.

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

// analyzer computes worst-case costs of a pack's functions.
type analyzer struct {
	fns   map[string][]string // function ID → command lines
	bound func(selector string) (int, error)
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
func analyze(p *datapack.Pack, entries []string, bound func(string) (int, error)) (*Costs, error) {
	return analyzeWith(p, entries, bound, nil, nil)
}

// analyzeWith is analyze with functions of known cost (fixed) and
// functions taken as free (zero).
func analyzeWith(p *datapack.Pack, entries []string, bound func(string) (int, error), fixed map[string]int, zero map[string]bool) (*Costs, error) {
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

func newAnalyzer(p *datapack.Pack, bound func(string) (int, error), fixed map[string]int, zero map[string]bool) *analyzer {
	a := &analyzer{fns: map[string][]string{}, bound: bound, memo: map[string]int{}, busy: map[string]bool{}, fixed: fixed, zero: zero}
	for id, b := range p.Functions() {
		var lines []string
		for _, l := range strings.Split(string(b), "\n") {
			l = strings.TrimSpace(l)
			if l == "" || strings.HasPrefix(l, "#") {
				continue
			}
			lines = append(lines, l)
		}
		a.fns[id.String()] = lines
	}
	return a
}

// own is the worst case of function id's body with id itself not taken
// as free, whatever a.zero and a.paid say (what a self-charging function
// charges).
func (a *analyzer) own(id string) (int, error) {
	wasZero, wasPaid := a.zero[id], a.paid[id]
	delete(a.zero, id)
	delete(a.paid, id)
	delete(a.memo, id)
	n, err := a.function(id)
	if wasZero {
		a.zero[id] = true
	}
	if wasPaid {
		a.paid[id] = true
	}
	delete(a.memo, id)
	return n, err
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
	lines, ok := a.fns[id]
	if !ok {
		return 0, fmt.Errorf("cost: function %s is called but not in the pack", id)
	}
	if a.busy[id] {
		return 0, fmt.Errorf("cost: function %s calls itself; the worst case is unbounded", id)
	}
	a.busy[id] = true
	defer delete(a.busy, id)
	acc, worst := 0, 0
	for n, l := range lines {
		if leafCommand(l) {
			acc++ // the common case, without splitting the line
			continue
		}
		if strings.HasPrefix(l, "$") {
			// A macro line costs what the command it becomes costs: the
			// pack's macro arguments are coordinates and dimensions, never
			// a function or a selector that would change the count.
			var err error
			if l, err = macroShape(l); err != nil {
				return 0, fmt.Errorf("cost: %s line %d: %w", id, n+1, err)
			}
		}
		c, err := a.command(tokens(l))
		if err != nil {
			return 0, fmt.Errorf("cost: %s line %d: %w", id, n+1, err)
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

// leafCommand says whether a line is a plain command (one unit, never
// ending the function): not execute, function, return or a macro line.
func leafCommand(l string) bool {
	if l == "" {
		return false
	}
	for _, p := range []string{"execute ", "function ", "return", "$"} {
		if strings.HasPrefix(l, p) {
			return false
		}
	}
	return true
}

// cost is one command's worst case: full when it runs to the end, skip
// when a condition stops it before its body (only for conditional ones).
type cost struct {
	full, skip  int
	ends        bool // it may end the function (a return)
	conditional bool // a condition or an empty selection may stop it
}

func (a *analyzer) command(t []string) (cost, error) {
	if len(t) == 0 {
		return cost{}, fmt.Errorf("empty command")
	}
	switch t[0] {
	case "execute":
		return a.execute(t)
	case "function":
		if len(t) < 2 {
			return cost{}, fmt.Errorf("function without a name")
		}
		if a.paid[t[1]] {
			return cost{}, nil
		}
		n, err := a.function(t[1])
		return cost{full: 1 + n}, err
	case "return":
		if len(t) >= 2 && t[1] == "run" {
			c, err := a.command(t[2:])
			c.ends = true
			return c, err
		}
		return cost{ends: true}, nil
	}
	return cost{full: 1}, nil
}

func (a *analyzer) execute(t []string) (cost, error) {
	stages, extra, mult := 0, 0, 1
	cond := false
	i := 1
	// arg returns the k-th token after the subcommand, or "" past the end.
	arg := func(k int) string {
		if i+k < len(t) {
			return t[i+k]
		}
		return ""
	}
	for i < len(t) {
		sub := t[i]
		if sub == "run" {
			body, err := a.command(t[i+1:])
			if err != nil {
				return cost{}, err
			}
			c := cost{full: stages + extra + mult*body.full, ends: body.ends, conditional: cond || body.conditional}
			c.skip = stages + extra
			if body.conditional {
				c.skip = max(c.skip, stages+extra+mult*body.skip)
			}
			return c, nil
		}
		stages++
		var n int // tokens the subcommand takes, itself included
		switch sub {
		case "as", "at":
			k, err := a.bound(arg(1))
			if err != nil {
				return cost{}, err
			}
			mult *= k
			cond = true
			n = 2
		case "on":
			if arg(1) == "passengers" {
				return cost{}, fmt.Errorf("execute on passengers: unbounded fork")
			}
			cond = true
			n = 2
		case "summon", "align", "anchored", "in":
			n = 2
		case "positioned":
			switch arg(1) {
			case "as":
				k, err := a.bound(arg(2))
				if err != nil {
					return cost{}, err
				}
				mult *= k
				cond = true
				n = 3
			case "over":
				n = 3
			default:
				n = 4
			}
		case "rotated":
			n = 3
		case "facing":
			n = 4
			if arg(1) == "entity" {
				n = 4
			}
		case "if", "unless":
			cond = true
			switch arg(1) {
			case "score":
				n = 7
				if arg(4) == "matches" {
					n = 6
				}
			case "function":
				f, err := a.function(arg(2))
				if err != nil {
					return cost{}, err
				}
				if !a.paid[arg(2)] {
					extra += mult * (1 + f)
				}
				n = 3
			case "entity", "predicate", "dimension":
				n = 3
			case "block":
				n = 6
			case "loaded":
				n = 5
			case "data":
				n = 5
				if arg(2) == "block" {
					n = 7
				}
			default:
				return cost{}, fmt.Errorf("execute %s %s: not modelled", sub, arg(1))
			}
		case "store":
			switch arg(2) {
			case "score", "bossbar":
				n = 5
			case "storage", "entity":
				n = 7
			case "block":
				n = 9
			default:
				return cost{}, fmt.Errorf("execute store %s: not modelled", arg(2))
			}
		default:
			return cost{}, fmt.Errorf("execute %s: not modelled", sub)
		}
		if i+n > len(t) {
			return cost{}, fmt.Errorf("execute %s: missing arguments", sub)
		}
		i += n
	}
	// An execute without run ends in a condition: a test, no body.
	return cost{full: stages + extra, skip: stages + extra, conditional: cond}, nil
}

// tokens splits a command at spaces outside brackets, braces and quotes,
// which is enough to walk execute chains; it is not a command parser.
func tokens(line string) []string {
	var out []string
	depth := 0
	var quote byte
	start := -1
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		case c == ' ' && depth == 0:
			if start >= 0 {
				out = append(out, line[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, line[start:])
	}
	return out
}

// macroShape is a macro line with every $(name) replaced by 1 (a stand-in
// for its value), refusing a variable where it would decide the cost: in
// a function name or a selector.
func macroShape(l string) (string, error) {
	l = strings.TrimPrefix(l, "$")
	var b strings.Builder
	for {
		i := strings.Index(l, "$(")
		if i < 0 {
			b.WriteString(l)
			return b.String(), nil
		}
		j := strings.IndexByte(l[i:], ')')
		if j < 0 {
			return "", fmt.Errorf("unterminated macro variable")
		}
		before := l[:i]
		// The token holding the variable, and the words before it.
		token := before[strings.LastIndexByte(before, ' ')+1:]
		words := strings.Fields(strings.TrimSuffix(before, token))
		if strings.HasPrefix(token, "@") || (len(words) > 0 && words[len(words)-1] == "function") {
			return "", fmt.Errorf("a macro variable in a selector or function name: its cost is not known")
		}
		b.WriteString(before)
		b.WriteString("1")
		l = l[i+j+1:]
	}
}
