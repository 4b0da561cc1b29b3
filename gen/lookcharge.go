package gen

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// How the search's heavy functions charge #la.spent (proveLook): each
// self-charging function pays in segments, not its worst case up front.
// Its first command charges the worst way through its lines up to and
// including the first line that may return early (where the rest is
// worth it: chargeSplit); right after that line comes the next segment's
// charge, and so on. A call that returns early pays only for the
// segments it started, one charge command each. And an uncharged
// function that a heavy one may or may not run, or whose own cost varies
// by as much, charges itself too (promoteCharges), so that its caller
// pays it only when it runs, and its own segments apply.

// chargeSplit is the least a split must be able to save: a segment
// charge costs a command on every path that passes it, so a function is
// split after a line that may return only if the rest may cost this
// much, and an uncharged callee charges itself only if its cost varies
// by this much or its call is conditional and costs this much.
const chargeSplit = 6

// spentLine is a charge: the only command that adds to #la.spent but
// the slice's overhead.
var spentLine = regexp.MustCompile(`^scoreboard players add #la\.spent gomoku\.la ([0-9]+)$`)

func spentCommand(n int) string {
	return fmt.Sprintf("scoreboard players add #la.spent gomoku.la %d", n)
}

// callees are the functions a line calls (tags left out: a tag's
// functions are not the search's).
func callees(l costLine) (calls []string, conditional []bool) {
	cond := false
	for _, p := range l.parts {
		switch p.kind {
		case partCond, partFork:
			cond = true
		case partCall:
			if !strings.HasPrefix(p.fn, "#") {
				calls = append(calls, p.fn)
				conditional = append(conditional, cond)
			}
		case partIfFunction:
			cond = true
		}
	}
	return calls, conditional
}

// promoteCharges picks the uncharged functions the charged ones run
// (through other uncharged ones) that should charge themselves: those
// costing at least chargeSplit whose call is conditional somewhere or
// whose cost varies by chargeSplit (the approximate least way through
// them, least). A callee is decided before its callers, so that a
// caller's cost leaves out what its promoted callees now pay. It marks
// them paid in a and returns them.
func promoteCharges(a *analyzer, roots []string, skip func(id string) bool) ([]string, error) {
	condCalled := map[string]bool{}
	graph := map[string][]string{}
	var walk func(id string) error
	walk = func(id string) error {
		if _, done := graph[id]; done {
			return nil
		}
		graph[id] = nil
		lines, ok, err := a.read(id)
		if err != nil || !ok {
			return err
		}
		for _, l := range lines {
			if l.err != nil {
				return fmt.Errorf("%s line %d: %w", id, l.n, l.err)
			}
			calls, cond := callees(l)
			for i, c := range calls {
				if a.paid[c] || skip(c) {
					continue
				}
				condCalled[c] = condCalled[c] || cond[i]
				graph[id] = append(graph[id], c)
				if err := walk(c); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for _, r := range roots {
		if err := walk(r); err != nil {
			return nil, err
		}
	}
	var promoted []string
	decided := map[string]bool{}
	var decide func(id string) error
	decide = func(id string) error {
		if decided[id] {
			return nil
		}
		decided[id] = true
		for _, c := range graph[id] {
			if err := decide(c); err != nil {
				return err
			}
		}
		if a.paid[id] {
			return nil
		}
		worst, err := a.function(id)
		if err != nil {
			return err
		}
		least, err := a.least(id)
		if err != nil {
			return err
		}
		if worst >= chargeSplit && (condCalled[id] || worst-least >= chargeSplit) {
			a.paid[id] = true
			promoted = append(promoted, id)
		}
		return nil
	}
	for _, r := range roots {
		for _, c := range graph[r] {
			if err := decide(c); err != nil {
				return nil, err
			}
		}
	}
	slices.Sort(promoted)
	return promoted, nil
}

// least is about the cheapest way through a function (with a.paid
// free): what a call that ends as early as it can runs. It only steers
// promoteCharges: nothing is proved with it.
func (a *analyzer) least(id string) (int, error) {
	if a.paid[id] {
		return 0, nil
	}
	lines, ok, err := a.read(id)
	if err != nil || !ok {
		return 0, err
	}
	acc, best := 0, -1
	for _, l := range lines {
		c, err := a.command(l)
		if err != nil {
			return 0, err
		}
		if len(l.parts) == 1 && l.parts[0].kind == partCall && !a.paid[l.parts[0].fn] && !strings.HasPrefix(l.parts[0].fn, "#") {
			n, err := a.least(l.parts[0].fn)
			if err != nil {
				return 0, err
			}
			c = cost{full: 1 + n}
		}
		switch {
		case c.ends && !c.conditional:
			return pick(best, acc+c.full), nil
		case c.ends:
			best = pick(best, acc+c.full)
			acc += c.skip
		case c.conditional:
			acc += c.skip
		default:
			acc += c.full
		}
	}
	return pick(best, acc), nil
}

// pick is the lesser of best (-1 for none yet) and n.
func pick(best, n int) int {
	if best < 0 {
		return n
	}
	return min(best, n)
}

// segment is one charge of a self-charging function: Charge, put before
// its command line at index At (0: the first).
type segment struct{ At, Charge int }

// segments splits function id's lines into charged segments (a.paid
// free, id itself not): the first pays for the call that ran it and
// every charge for itself; a segment ends after a line that may return
// when what may follow costs chargeSplit or more, and pays the worst way
// through its lines, ending early or going on.
func (a *analyzer) segments(id string) ([]segment, error) {
	lines, ok, err := a.read(id)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%s is not in the pack", id)
	}
	wasPaid := a.paid[id]
	delete(a.paid, id)
	defer func() {
		if wasPaid {
			a.paid[id] = true
		}
	}()
	costs := make([]cost, len(lines))
	for i, l := range lines {
		if costs[i], err = a.command(l); err != nil {
			return nil, fmt.Errorf("%s line %d: %w", id, l.n, err)
		}
	}
	// rest[i] is the worst of lines i… .
	rest := make([]int, len(lines)+1)
	for i := len(lines) - 1; i >= 0; i-- {
		c := costs[i]
		switch {
		case c.ends && !c.conditional:
			rest[i] = c.full
		case c.ends:
			rest[i] = max(c.full, c.skip+rest[i+1])
		default:
			rest[i] = c.full + rest[i+1]
		}
	}
	var splits []int // the lines after which a segment may begin
	for i, c := range costs {
		if c.ends && !c.conditional {
			break
		}
		if c.ends && i+1 < len(lines) && rest[i+1] >= chargeSplit {
			splits = append(splits, i+1)
		}
	}
	for {
		segs := charges(costs, splits)
		// A segment that charges less than chargeSplit besides its
		// charge command saves less than it costs: into the one before.
		k := slices.IndexFunc(segs[1:], func(s segment) bool { return s.Charge-1 < chargeSplit })
		if k < 0 {
			return segs, nil
		}
		splits = slices.Delete(splits, k, k+1)
	}
}

// charges are the segments that begin at splits (line indices after a
// line that may return), each charging the worst way through its lines,
// ending early or going on; the first also pays for the call and the
// charge line. A way that goes on past a segment that charged more for
// an early end has paid that surplus ahead: the next charge is that much
// less.
func charges(costs []cost, splits []int) []segment {
	out := []segment{{At: 0}}
	w := ways{acc: 2, worst: noWay} // the call and the charge
	for i, c := range costs {
		if len(out) <= len(splits) && i == splits[len(out)-1] {
			ch := w.most()
			out[len(out)-1].Charge = ch
			out = append(out, segment{At: i})
			w = ways{acc: 1 - (ch - w.acc), worst: noWay}
		}
		if w.add(c) {
			break
		}
	}
	out[len(out)-1].Charge = w.most()
	return out
}

// ways are the ways through a function's lines so far: acc is the most
// those still going on ran (noWay when none does), worst the most one
// that ended ran.
type ways struct{ acc, worst int }

const noWay = -1 << 30

// add takes a line of cost c: it may end some ways, or all (true).
func (w *ways) add(c cost) bool {
	if !c.ends {
		w.acc += c.full
		return false
	}
	w.worst = max(w.worst, w.acc+c.full)
	if !c.conditional {
		w.acc = noWay
		return true
	}
	w.acc += c.skip
	return false
}

// most is the most any way ran.
func (w *ways) most() int { return max(w.worst, w.acc) }

// chargeSegments puts function file text's charges before their lines.
func chargeSegments(text []byte, lines []costLine, segs []segment) []byte {
	if len(lines) == 0 {
		return append(text, spentCommand(segs[0].Charge)+"\n"...)
	}
	at := map[int]int{} // file line number → charge
	for _, s := range segs {
		at[lines[s.At].n] = s.Charge
	}
	var b strings.Builder
	n := 0
	for l := range strings.Lines(string(text)) {
		n++
		if c, ok := at[n]; ok {
			b.WriteString(spentCommand(c) + "\n")
		}
		b.WriteString(l)
	}
	return []byte(b.String())
}

// proveCharges checks, from the pack's text, that every self-charging
// function (ids) charges at least what it runs on every way through it:
// its call, plus each line's worst with the other self-charging
// functions and the lookups free (paid: each covers its own call), less
// each charge it passes, comes to at most nothing.
func proveCharges(a *analyzer, ids []string) error {
	for _, id := range ids {
		lines, ok, err := a.read(id)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%s is not in the pack", id)
		}
		texts := map[int]string{}
		fid, err := datapack.ParseID(id)
		if err != nil {
			return err
		}
		_ = eachLine(a.pack.Files[datapack.FunctionFile(fid)], func(n int, l string) error { texts[n] = l; return nil })
		wasPaid := a.paid[id]
		delete(a.paid, id)
		w := ways{acc: 1, worst: noWay} // the call
		for _, l := range lines {
			if m := spentLine.FindStringSubmatch(texts[l.n]); m != nil {
				v, _ := strconv.Atoi(m[1])
				w.acc += 1 - v
				continue
			}
			c, err := a.command(l)
			if err != nil {
				return fmt.Errorf("%s line %d: %w", id, l.n, err)
			}
			if w.add(c) {
				break
			}
		}
		worst := w.most()
		if wasPaid {
			a.paid[id] = true
		}
		if worst > 0 {
			return fmt.Errorf("%s may run %d commands more than it charges", id, worst)
		}
	}
	return nil
}
