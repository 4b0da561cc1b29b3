package mcvm

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/google/pprof/profile"
)

// Profiler records every command a Machine runs by function, line and call
// stack, for as long as it is attached (Machine.SetProfiler), over any
// number of top-level calls and ticks. WriteTo writes it as a pprof
// profile whose units are commands, so go tool pprof's -top, -list,
// flame graphs and -diff_base read it.
//
// Three sample types: commands (what Cost.Commands counts: leaf commands
// per source, function and return commands), units (the game's quota,
// Cost.Units: every redirecting execute stage and every function call as
// well, a call charged at the line that called) and calls (functions
// entered, Cost.FunctionCalls, at the called function's line 0). Summed
// over the profile, each equals the Machine's own count over the calls it
// was attached for.
//
// The stack is the chain of function calls (callInfo), each caller's
// frame at the line that called, a function that calls itself one frame; commands run outside any function (a
// command typed at the console) sit in a frame of their own, TopFrame.
// When no Profiler is attached the interpreter pays one nil check per
// command and call.
type Profiler struct {
	// nodes are the call stacks seen: node 0 is the root (no function),
	// every other one a function called at a line of its parent's.
	nodes []profNode
	index map[profKey]int32
	// fnIDs interns the functions' ids (profNode.fn indexes names).
	fnIDs map[string]int32
	names []string
	files []string
}

// TopFrame names the frame of commands run outside any function.
const TopFrame = "(outside any function)"

type profKey struct {
	parent, site, fn int32
}

type profNode struct {
	parent int32
	site   int32 // the line of the parent's that called
	fn     int32 // index into names
	// lines are the counts by line number of the function's file
	// (line 0: the calls into it).
	lines []profCount
}

type profCount struct{ commands, units, calls int64 }

// NewProfiler returns an empty profiler.
func NewProfiler() *Profiler {
	p := &Profiler{index: map[profKey]int32{}, fnIDs: map[string]int32{}}
	p.nodes = append(p.nodes, profNode{parent: -1, fn: p.intern(TopFrame, "")})
	return p
}

// SetProfiler attaches p (nil: none) from the next top-level call on.
func (m *Machine) SetProfiler(p *Profiler) { m.prof = p }

func (p *Profiler) intern(id, file string) int32 {
	if i, ok := p.fnIDs[id]; ok {
		return i
	}
	i := int32(len(p.names))
	p.fnIDs[id] = i
	p.names = append(p.names, id)
	p.files = append(p.files, file)
	return i
}

// enter returns the node of a call of fn from node parent at line site,
// and counts the call.
func (p *Profiler) enter(parent int32, site int, fn *instFunc) int32 {
	if fn.profBy != p {
		file := ""
		if len(fn.lines) > 0 {
			file = fn.lines[0].pos.File
		}
		fn.prof, fn.profBy = p.intern(fn.id, file), p
	}
	if p.nodes[parent].fn == fn.prof && parent != 0 {
		// A function calling itself (a loop written as recursion, like
		// a search's slice of steps) stays one frame: a stack a level
		// deeper for every turn would hold a copy of everything below
		// for each.
		p.count(parent, 0).calls++
		return parent
	}
	k := profKey{parent, int32(site), fn.prof}
	n, ok := p.index[k]
	if !ok {
		n = int32(len(p.nodes))
		p.index[k] = n
		p.nodes = append(p.nodes, profNode{parent: parent, site: int32(site), fn: fn.prof})
	}
	p.count(n, 0).calls++
	return n
}

// count returns node n's counters for line.
func (p *Profiler) count(n int32, line int) *profCount {
	nd := &p.nodes[n]
	if line >= len(nd.lines) {
		nd.lines = slices.Grow(nd.lines, line+1-len(nd.lines))[:line+1]
	}
	return &nd.lines[line]
}

// profNodeOf is the profiler's node of the frame running ci (0: none).
func profNodeOf(ci *callInfo) int32 {
	if ci == nil {
		return 0
	}
	return ci.prof
}

// lineOf is line's number in its file (0 when unknown).
func lineOf(line *cmdLine) int {
	if line == nil {
		return 0
	}
	return line.pos.Line
}

// Totals returns the commands, units and calls recorded.
func (p *Profiler) Totals() (commands, units, calls int64) {
	for _, n := range p.nodes {
		for _, c := range n.lines {
			commands += c.commands
			units += c.units
			calls += c.calls
		}
	}
	return
}

// Under sums what ran in the functions whose id starts with one of
// prefixes and in everything they called (each command once, however
// many of its callers match), and counts the calls of those functions
// made from outside them (a matching function called by another is
// counted in its caller's total, not again).
func (p *Profiler) Under(prefixes ...string) (commands, units, calls int64) {
	match := func(fn int32) bool {
		for _, pre := range prefixes {
			if strings.HasPrefix(p.names[fn], pre) {
				return true
			}
		}
		return false
	}
	// Nodes come after their parents: one pass marks each node that is
	// or descends from a match.
	in := make([]bool, len(p.nodes))
	for i, n := range p.nodes {
		outer := n.parent >= 0 && in[n.parent]
		in[i] = outer || match(n.fn)
		if !in[i] {
			continue
		}
		for _, c := range n.lines {
			commands += c.commands
			units += c.units
		}
		if !outer && len(n.lines) > 0 {
			calls += n.lines[0].calls
		}
	}
	return
}

// Profile returns the recording as a pprof profile.
func (p *Profiler) Profile() *profile.Profile {
	pr := &profile.Profile{
		SampleType: []*profile.ValueType{{Type: "commands", Unit: "count"}, {Type: "units", Unit: "count"}, {Type: "calls", Unit: "count"}},
		PeriodType: &profile.ValueType{Type: "commands", Unit: "count"},
		Period:     1,
		// pprof shows the last sample type unless told.
		DefaultSampleType: "commands",
	}
	funcs := make([]*profile.Function, len(p.names))
	fnOf := func(i int32) *profile.Function {
		if funcs[i] == nil {
			funcs[i] = &profile.Function{ID: uint64(len(pr.Function) + 1), Name: p.names[i], SystemName: p.names[i], Filename: p.files[i]}
			pr.Function = append(pr.Function, funcs[i])
		}
		return funcs[i]
	}
	type locKey struct{ fn, line int32 }
	locs := map[locKey]*profile.Location{}
	locOf := func(fn int32, line int32) *profile.Location {
		k := locKey{fn, line}
		if l := locs[k]; l != nil {
			return l
		}
		l := &profile.Location{ID: uint64(len(pr.Location) + 1), Line: []profile.Line{{Function: fnOf(fn), Line: int64(line)}}}
		locs[k] = l
		pr.Location = append(pr.Location, l)
		return l
	}
	for i := range p.nodes {
		n := &p.nodes[i]
		// The callers' frames, innermost first: each at the line that
		// called the next.
		var callers []*profile.Location
		for c := int32(i); p.nodes[c].parent >= 0; c = p.nodes[c].parent {
			callers = append(callers, locOf(p.nodes[p.nodes[c].parent].fn, p.nodes[c].site))
		}
		if i == 0 {
			callers = nil
		}
		for line, c := range n.lines {
			if c == (profCount{}) {
				continue
			}
			stack := append([]*profile.Location{locOf(n.fn, int32(line))}, callers...)
			// The root frame is only itself: functions called from
			// outside any function have no caller frame.
			if i != 0 && stack[len(stack)-1].Line[0].Function.Name == TopFrame {
				stack = stack[:len(stack)-1]
			}
			pr.Sample = append(pr.Sample, &profile.Sample{Location: stack, Value: []int64{c.commands, c.units, c.calls}})
		}
	}
	return pr
}

// WriteTo writes the profile, gzipped protobuf as go tool pprof reads it.
func (p *Profiler) WriteTo(w io.Writer) (int64, error) {
	cw := &countingWriter{w: w}
	if err := p.Profile().Write(cw); err != nil {
		return cw.n, fmt.Errorf("writing the profile: %w", err)
	}
	return cw.n, nil
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	return n, err
}

// TopEntry is one function's share of a profile.
type TopEntry struct {
	Function string
	// Flat is what its own lines ran, Cum that and everything it called
	// (each command once however often the function is on its stack).
	Flat, Cum int64
}

// Top returns the n functions that ran the most commands of their own,
// most first (ties by name). With group set, functions are counted
// together under group(id) (for example a pack's per-cell functions as
// one family).
func (p *Profiler) Top(n int, group func(id string) string) []TopEntry {
	key := make([]string, len(p.names))
	for i, name := range p.names {
		key[i] = name
		if group != nil {
			key[i] = group(name)
		}
	}
	flat := map[string]int64{}
	cum := map[string]int64{}
	for i := range p.nodes {
		nd := &p.nodes[i]
		var own int64
		for _, c := range nd.lines {
			own += c.commands
		}
		if own == 0 {
			continue
		}
		flat[key[nd.fn]] += own
		seen := map[string]bool{}
		for c := int32(i); c >= 0; c = p.nodes[c].parent {
			if k := key[p.nodes[c].fn]; !seen[k] {
				seen[k] = true
				cum[k] += own
			}
		}
	}
	var out []TopEntry
	for k, f := range flat {
		out = append(out, TopEntry{Function: k, Flat: f, Cum: cum[k]})
	}
	slices.SortFunc(out, func(a, b TopEntry) int {
		if a.Flat != b.Flat {
			if a.Flat > b.Flat {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Function, b.Function)
	})
	if len(out) > n {
		out = out[:n]
	}
	return out
}

// Tally counts, while attached (Machine.SetTallies), the commands run by
// the functions whose ids start with one of Prefixes and by everything
// they call, and how often such a function was entered from outside
// them (a call from a function another tally counts is that one's). It
// is the cheap part of a Profiler: a counter and no stacks.
type Tally struct {
	Prefixes []string
	Commands int64
	Calls    int64
}

// SetTallies attaches ts (none: detaches them) from the next top-level
// call on; a function belongs to the first that names it. At most 127.
func (m *Machine) SetTallies(ts ...*Tally) {
	if len(ts) > 127 {
		panic("mcvm: more than 127 tallies")
	}
	m.tallies = ts
	m.tallyGen++
}

// tallyOf is 1 + the index of the tally fn belongs to, or 0.
func (c *execCtx) tallyOf(fn *instFunc) int8 {
	if fn.tallyGen == c.tallyGen {
		return fn.tally
	}
	fn.tally, fn.tallyGen = 0, c.tallyGen
	for i, t := range c.tallies {
		for _, pre := range t.Prefixes {
			if strings.HasPrefix(fn.id, pre) {
				fn.tally = int8(i + 1)
				return fn.tally
			}
		}
	}
	return 0
}

// WriteMerged writes the profilers' recordings as one pprof profile, their
// counts added stack by stack (several interpreters playing the same
// pack, or several packs).
func WriteMerged(w io.Writer, ps ...*Profiler) error {
	if len(ps) == 0 {
		return fmt.Errorf("no profile to write")
	}
	var all []*profile.Profile
	for _, p := range ps {
		all = append(all, p.Profile())
	}
	merged, err := profile.Merge(all)
	if err != nil {
		return fmt.Errorf("merging the profiles: %w", err)
	}
	if err := merged.Write(w); err != nil {
		return fmt.Errorf("writing the profile: %w", err)
	}
	return nil
}
