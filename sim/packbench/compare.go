package packbench

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"
)

// Comparison is a bench run beside the same bench of another build (the
// base, run first): issue 31's "side by side with a build of the parent
// commit, in one run".
type Comparison struct {
	BaseLabel string  `json:"base_label"` // what the base is: a revision and its commit, or a binary
	Base      *Result `json:"base"`
	Now       *Result `json:"now"`
}

// ParseResult reads a Result as WriteJSON prints it (another build's
// bench --json). Fields a build does not print stay zero.
func ParseResult(data []byte) (*Result, error) {
	var r Result
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, err
	}
	if len(r.Rows) == 0 && len(r.Boards) == 0 {
		return nil, fmt.Errorf("no rows")
	}
	return &r, nil
}

// WriteJSON prints both results as indented JSON.
func (c *Comparison) WriteJSON(w io.Writer) error { return writeJSON(w, c) }

// rowKey matches a row of one build with the other's.
type rowKey struct {
	ai, level, rule string
	size            int
}

// WriteText prints this build's result as bench does, then each row
// beside the base's: ticks a move (mean, 99th percentile), commands a
// move on the AI's path, stones and commands a stone, and the ratios of
// the means (now over base); then the several-boards rows' ticks a
// round. A row only one build measured is listed with "-" for the other.
func (c *Comparison) WriteText(w io.Writer) error {
	if err := c.Now.WriteText(w); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nSide by side with %s (base, run first) → this build:\n", c.BaseLabel)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "AI\tlevel\tboard\tticks mean: base\tnow\tnow/base\tp99: base\tnow\tpath cmds/move: base\tnow\tnow/base\tstones: base\tnow\tcmds/stone: base\tnow\tnow/base\tsearch stones: base\tnow\tcmds/search stone: base\tnow\tnow/base\t")
	line := func(b, n *Row) {
		x := n
		if x == nil {
			x = b
		}
		tb, tn := sides(b, n, func(r *Row) string { return fmt.Sprintf("%.1f", r.TicksMean) })
		pb, pn := sides(b, n, func(r *Row) string { return fmt.Sprint(r.TicksP99) })
		cb, cn := sides(b, n, func(r *Row) string { return fmt.Sprintf("%.0f", r.PathCommandsMean) })
		sb, sn := sides(b, n, func(r *Row) string { return orDash(r.Stones > 0, fmt.Sprint(r.Stones)) })
		kb, kn := sides(b, n, func(r *Row) string { return orDash(r.Stones > 0, fmt.Sprintf("%.0f", r.StoneCommands)) })
		ssb, ssn := sides(b, n, func(r *Row) string { return orDash(r.SearchStones > 0, fmt.Sprint(r.SearchStones)) })
		skb, skn := sides(b, n, func(r *Row) string { return orDash(r.SearchStones > 0, fmt.Sprintf("%.0f", r.SearchStoneCommands)) })
		fmt.Fprintf(tw, "%s\t%s\t%d×%d %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n",
			x.Profile, dash(x.Level), x.Size, x.Size, x.Rule,
			tb, tn, ratio(b, n, func(r *Row) float64 { return r.TicksMean }), pb, pn,
			cb, cn, ratio(b, n, func(r *Row) float64 { return r.PathCommandsMean }),
			sb, sn, kb, kn, ratio(b, n, func(r *Row) float64 { return r.StoneCommands }),
			ssb, ssn, skb, skn, ratio(b, n, func(r *Row) float64 { return r.SearchStoneCommands }))
	}
	pairUp(c.Base.Rows, c.Now.Rows, func(r *Row) rowKey { return rowKey{r.Profile, r.Level, r.Rule, r.Size} }, line)
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(c.Now.Boards) == 0 && len(c.Base.Boards) == 0 {
		return nil
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "AI\tlevels\tboard\tboards\tticks/round mean: base\tnow\tnow/base\tmax: base\tnow\t")
	type boardsKey struct {
		ai, levels, rule string
		size, boards     int
	}
	pair := func(b, n *BoardsRow) {
		x := n
		if x == nil {
			x = b
		}
		mb, mn := sides(b, n, func(r *BoardsRow) string { return fmt.Sprintf("%.1f", r.RoundTicksMean) })
		xb, xn := sides(b, n, func(r *BoardsRow) string { return fmt.Sprint(r.RoundTicksMax) })
		fmt.Fprintf(tw, "%s\t%s\t%d×%d %s\t%d\t%s\t%s\t%s\t%s\t%s\t\n", x.Profile, dash(x.Levels), x.Size, x.Size, x.Rule, x.Boards,
			mb, mn, ratio(b, n, func(r *BoardsRow) float64 { return r.RoundTicksMean }), xb, xn)
	}
	pairUp(c.Base.Boards, c.Now.Boards, func(r *BoardsRow) boardsKey {
		return boardsKey{r.Profile, r.Levels, r.Rule, r.Size, r.Boards}
	}, pair)
	return tw.Flush()
}

// pairUp calls emit with each of now's rows and the base's row of the
// same key (nil if none), in now's order, then with each base row no
// row of now matched (and nil).
func pairUp[K comparable, R any](base, now []R, key func(*R) K, emit func(b, n *R)) {
	byKey := map[K]*R{}
	for i := range base {
		byKey[key(&base[i])] = &base[i]
	}
	seen := map[K]bool{}
	for i := range now {
		k := key(&now[i])
		seen[k] = true
		emit(byKey[k], &now[i])
	}
	for i := range base {
		if !seen[key(&base[i])] {
			emit(&base[i], nil)
		}
	}
}

// sides is f of the base's row and of this build's, "-" for a row the
// build did not measure.
func sides[R any](b, n *R, f func(*R) string) (base, now string) {
	base, now = "-", "-"
	if b != nil {
		base = f(b)
	}
	if n != nil {
		now = f(n)
	}
	return base, now
}

// ratio is f of this build's row over the base's, "-" unless both
// measured it (non-zero).
func ratio[R any](b, n *R, f func(*R) float64) string {
	if b == nil || n == nil || f(b) == 0 || f(n) == 0 {
		return "-"
	}
	return fmt.Sprintf("%.3f", f(n)/f(b))
}

// orDash is s, or "-" when the row has no such figure.
func orDash(ok bool, s string) string {
	if !ok {
		return "-"
	}
	return s
}
