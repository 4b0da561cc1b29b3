package search

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Spec is the argument of a search player spec, the text after "search:":
// comma-separated key=value items, any of
//
//	time=100ms       thinking time per move (a Go duration: 50ms, 2s)
//	nodes=20000      node budget per move
//	depth=8          deepest alpha-beta iteration
//	threads=2        goroutines sharing out the root moves
//	config=FILE.toml the config whose [search] and [weights] to use
//
// e.g. "search:time=100ms,threads=2,config=my.toml". Given time or nodes
// (or both), they replace the config's pair; a node budget alone makes
// play reproducible whatever the machine's speed. A config path may not
// contain a comma.
type Spec struct {
	Time    time.Duration // 0 = not given
	Nodes   int64         // 0 = not given
	Depth   int           // 0 = not given
	Threads int           // 0 = not given
	Config  string        // "" = the default config
}

// ParseSpec parses a search player's argument ("" is the defaults).
func ParseSpec(arg string) (Spec, error) {
	var s Spec
	if strings.TrimSpace(arg) == "" {
		return s, nil
	}
	seen := map[string]bool{}
	for _, item := range strings.Split(arg, ",") {
		k, v, ok := strings.Cut(item, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" {
			return Spec{}, fmt.Errorf("bad item %q: want key=value (time, nodes, depth, threads or config)", item)
		}
		if seen[k] {
			return Spec{}, fmt.Errorf("%s given twice", k)
		}
		seen[k] = true
		switch k {
		case "time":
			d, err := time.ParseDuration(v)
			if err != nil || d < time.Millisecond || d > time.Hour {
				return Spec{}, fmt.Errorf("bad time %q: want a duration from 1ms to 1h, like 100ms", v)
			}
			s.Time = d
		case "nodes":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 1 || n > 1<<40 {
				return Spec{}, fmt.Errorf("bad nodes %q: want a whole number from 1 to %d", v, int64(1)<<40)
			}
			s.Nodes = n
		case "depth":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 64 {
				return Spec{}, fmt.Errorf("bad depth %q: want 1..64", v)
			}
			s.Depth = n
		case "threads":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 256 {
				return Spec{}, fmt.Errorf("bad threads %q: want 1..256", v)
			}
			s.Threads = n
		case "config":
			s.Config = v
		default:
			return Spec{}, fmt.Errorf("unknown key %q (want time, nodes, depth, threads or config)", k)
		}
	}
	return s, nil
}

// Limits returns the per-move limits the spec asks for; the zero Limits
// (the config's budgets) when it gives neither time nor nodes.
func (s Spec) Limits() Limits {
	return Limits{Time: s.Time, Nodes: s.Nodes, Depth: s.Depth}
}

// String formats the spec back into its argument syntax.
func (s Spec) String() string {
	var items []string
	if s.Time > 0 {
		items = append(items, "time="+s.Time.String())
	}
	if s.Nodes > 0 {
		items = append(items, "nodes="+strconv.FormatInt(s.Nodes, 10))
	}
	if s.Depth > 0 {
		items = append(items, "depth="+strconv.Itoa(s.Depth))
	}
	if s.Threads > 0 {
		items = append(items, "threads="+strconv.Itoa(s.Threads))
	}
	if s.Config != "" {
		items = append(items, "config="+s.Config)
	}
	return strings.Join(items, ",")
}
