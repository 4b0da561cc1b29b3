package mcvm

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
)

// profiledPack calls functions every way the game can: plainly, with
// return run, through a tag, as a condition (execute if function), as a
// macro, from a fork over entities, and from a function scheduled for
// the next tick.
var profiledPack = map[string]string{
	"t:main": lines(
		"scoreboard objectives add o dummy",
		"scoreboard players set #n o 0",
		"forceload add 0 0",
		"function t:inner",
		"execute if function t:yes run function t:inner",
		"function #t:both",
		"function t:mac {v: 7}",
		"function t:mac {v: 8}",
		"summon marker 0 64 0",
		"summon marker 1 64 0",
		"execute as @e[type=marker] run function t:inner",
		"schedule function t:later 1t",
		"execute if score #n o matches 1.. run function t:ret",
	),
	"t:inner":                        lines("scoreboard players add #n o 1", "execute if score #n o matches 100.. run say never"),
	"t:yes":                          lines("return 1"),
	"t:mac":                          lines("$scoreboard players set #m o $(v)"),
	"t:ret":                          lines("return run function t:inner"),
	"t:later":                        lines("function t:inner", "function t:inner"),
	"data/t/tags/function/both.json": `{"values": ["t:inner", "t:yes"]}`,
}

// profileTotals sums a parsed profile's sample types by name.
func profileTotals(p *profile.Profile) map[string]int64 {
	out := map[string]int64{}
	for _, s := range p.Sample {
		for i, st := range p.SampleType {
			out[st.Type] += s.Value[i]
		}
	}
	return out
}

// checkProfileTotals says how a profile's totals differ from the
// interpreter's own counts.
func checkProfileTotals(p *profile.Profile, want Cost) []string {
	got := profileTotals(p)
	var bad []string
	for _, c := range []struct {
		name string
		want int64
	}{{"commands", want.Commands}, {"units", want.Units}, {"calls", want.FunctionCalls}} {
		if got[c.name] != c.want {
			bad = append(bad, fmt.Sprintf("%s: profile %d, interpreter %d", c.name, got[c.name], c.want))
		}
	}
	return bad
}

// TestProfileTotalsAreTheInterpreters runs a pack with a profiler, writes
// its profile, reads it back as go tool pprof does and holds each sample
// type's total to the interpreter's count over the same calls: commands,
// quota units and function calls. It also checks that the stacks name the
// callers at the lines that called.
func TestProfileTotalsAreTheInterpreters(t *testing.T) {
	m := load(t, profiledPack)
	p := NewProfiler()
	m.SetProfiler(p)
	var want Cost
	first := call(t, m, "t:main").Total()
	want.add(&first)
	for range 2 {
		rep, err := m.Tick()
		if err != nil {
			t.Fatal(err)
		}
		tot := rep.Total()
		want.add(&tot)
	}
	if want.Commands == 0 || want.FunctionCalls < 10 {
		t.Fatalf("the pack ran too little to test: %+v", want)
	}
	var buf bytes.Buffer
	if _, err := p.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	pr, err := profile.Parse(&buf)
	if err != nil {
		t.Fatalf("the written profile does not parse: %v", err)
	}
	if err := pr.CheckValid(); err != nil {
		t.Fatal(err)
	}
	for _, b := range checkProfileTotals(pr, want) {
		t.Error(b)
	}
	c, u, n := p.Totals()
	if c != want.Commands || u != want.Units || n != want.FunctionCalls {
		t.Errorf("Totals() = %d, %d, %d; the interpreter %d, %d, %d", c, u, n, want.Commands, want.Units, want.FunctionCalls)
	}
	// t:inner's add ran once from main, once after the condition, once
	// from the tag, twice from the fork, once from t:ret and twice from
	// t:later: 8 times, at line 1.
	stacks := map[string]int64{}
	var adds int64
	for _, s := range pr.Sample {
		var frames []string
		for _, l := range s.Location {
			frames = append(frames, fmt.Sprintf("%s:%d", l.Line[0].Function.Name, l.Line[0].Line))
		}
		stacks[strings.Join(frames, " < ")] += s.Value[0]
		if l := s.Location[0].Line[0]; l.Function.Name == "t:inner" && l.Line == 1 {
			adds += s.Value[0]
			if l.Function.Filename != "data/t/function/inner.mcfunction" {
				t.Errorf("t:inner's file is %q", l.Function.Filename)
			}
		}
	}
	if adds != 8 {
		t.Errorf("t:inner line 1 ran %d commands, want 8; stacks: %v", adds, stacks)
	}
	for _, want := range []string{"t:inner:1 < t:main:4", "t:inner:1 < t:main:11", "t:inner:1 < t:ret:1 < t:main:13", "t:inner:1 < t:later:2", "t:mac:1 < t:main:7"} {
		if stacks[want] == 0 {
			t.Errorf("no commands on the stack %s; stacks: %v", want, stacks)
		}
	}
	// Everything t:main called is under it; t:later ran from the
	// schedule.
	if c, _, calls := p.Under("t:main"); calls != 1 || c >= want.Commands || c < want.Commands-4 {
		t.Errorf("Under(t:main) = %d commands in %d calls, of %d", c, calls, want.Commands)
	}
	if top := p.Top(1, nil); len(top) != 1 || top[0].Function != "t:main" {
		t.Errorf("Top(1) = %+v, want t:main first", top)
	}
	// Grouped: t:inner's and t:yes's commands under one name, t:main's
	// cumulative count everything it called.
	group := func(id string) string {
		if id == "t:inner" || id == "t:yes" {
			return "t:leaves"
		}
		return id
	}
	top := p.Top(10, group)
	var leaves, main TopEntry
	for _, e := range top {
		switch e.Function {
		case "t:leaves":
			leaves = e
		case "t:main":
			main = e
		}
	}
	if leaves.Flat != adds+2 || main.Cum <= main.Flat { // t:yes returned twice
		t.Errorf("grouped top: %+v", top)
	}
}

// TestProfileTotalsCheckFails plants the bugs the totals' check is there
// for, a command or a unit the profile missed, and requires the check to
// see them.
func TestProfileTotalsCheckFails(t *testing.T) {
	m := load(t, profiledPack)
	p := NewProfiler()
	m.SetProfiler(p)
	rep := call(t, m, "t:main")
	want := rep.Total()
	for i, name := range []string{"commands", "units", "calls"} {
		pr := p.Profile()
		for _, s := range pr.Sample {
			if s.Value[i] > 0 {
				s.Value[i]--
				break
			}
		}
		if bad := checkProfileTotals(pr, want); len(bad) != 1 || !strings.HasPrefix(bad[0], name) {
			t.Errorf("a profile missing one of its %s: the check says %v", name, bad)
		}
	}
}

// TestProfilerOff checks a machine without a profiler counts the same.
func TestProfilerOff(t *testing.T) {
	a, b := load(t, profiledPack), load(t, profiledPack)
	b.SetProfiler(NewProfiler())
	ra, rb := call(t, a, "t:main").Total(), call(t, b, "t:main").Total()
	if ra.Commands != rb.Commands || ra.Units != rb.Units || ra.FunctionCalls != rb.FunctionCalls {
		t.Errorf("without a profiler %+v, with one %+v", ra, rb)
	}
}

// TestTallyIsTheProfilersUnder holds the cheap counter to the profiler:
// attached together, each Tally counts what Profiler.Under finds for its
// prefixes, and a function under another tally's counts for that one.
func TestTallyIsTheProfilersUnder(t *testing.T) {
	m := load(t, profiledPack)
	p := NewProfiler()
	ret := &Tally{Prefixes: []string{"t:ret"}}
	inner := &Tally{Prefixes: []string{"t:inner", "t:yes"}}
	m.SetProfiler(p)
	m.SetTallies(ret, inner)
	call(t, m, "t:main")
	if _, err := m.Tick(); err != nil {
		t.Fatal(err)
	}
	rc, _, rn := p.Under("t:ret")
	if ret.Commands != rc || ret.Calls != rn || rn != 1 || rc != 2 {
		t.Errorf("t:ret: tally %d commands in %d calls, profiler %d in %d (want 2 in 1)", ret.Commands, ret.Calls, rc, rn)
	}
	// t:inner's call from t:ret is t:ret's.
	ic, _, in := p.Under("t:inner", "t:yes")
	if inner.Commands != ic-1 || inner.Calls != in-1 || inner.Calls != 9 {
		t.Errorf("t:inner and t:yes: tally %d commands in %d calls, profiler %d in %d (want one of each fewer, 9 calls)", inner.Commands, inner.Calls, ic, in)
	}
	// Detached, nothing more is counted.
	m.SetTallies()
	was := *inner
	call(t, m, "t:main")
	if inner.Commands != was.Commands || inner.Calls != was.Calls {
		t.Errorf("a detached tally went on counting: %+v, was %+v", *inner, was)
	}
}
