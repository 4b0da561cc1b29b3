package tune

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"

	"github.com/mcgomoku/mcgomoku/sim/arena"
)

// Chart geometry, in SVG user units.
const (
	chartCols   = 3
	panelW      = 320
	panelH      = 180
	panelPadL   = 66 // room for the y axis title and labels
	panelPadR   = 12
	panelPadT   = 26 // the panel's title
	panelPadB   = 40 // the x labels and the x axis title
	chartTitleH = 40
)

// WriteChart draws a run as an SVG: one panel per parameter (its value
// after each batch, the start dashed) and a panel of the measured
// strength (each check's Elo against the start with its 95% interval,
// and the pooled gain as a line). The output depends only on st.
func WriteChart(w io.Writer, st *State) error {
	s := st.Settings
	n := len(s.Keys) + 1
	rows := (n + chartCols - 1) / chartCols
	width, height := chartCols*panelW, chartTitleH+rows*panelH
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">`+"\n",
		width, height, width, height)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", width, height)
	title := fmt.Sprintf("mcgomoku tune: %d of %d iterations, %d games, seed %d", st.Iteration, s.Iterations, st.Games, s.Seed)
	fmt.Fprintf(&b, `<text x="%d" y="24" font-size="15" font-weight="bold">%s</text>`+"\n", panelPadL/2, html.EscapeString(title))

	xmax := float64(max(1, s.Iterations))
	for i, key := range s.Keys {
		var xs, ys []float64
		for _, p := range st.History {
			xs = append(xs, float64(p.Iteration))
			ys = append(ys, p.Theta[i])
		}
		lo, hi := s.Start[i], s.Start[i]
		for _, v := range ys {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		pad := math.Max((hi-lo)*0.15, math.Max(math.Abs(s.Start[i])*0.05, 1))
		lo, hi = math.Max(s.Min[i], lo-pad), math.Min(s.Max[i], hi+pad)
		final := s.Start[i]
		if len(ys) > 0 {
			final = ys[len(ys)-1]
		}
		pn := newPanel(&b, i, 1, fmt.Sprintf("%s: %s → %s", shortKey(key), num(s.Start[i]), num(math.Round(final))), "weight", xmax, lo, hi)
		pn.hline(s.Start[i], "#888888", true)
		pn.polyline(xs, ys, "#1f77b4")
		pn.close()
	}

	// The strength panel.
	var xs, elo, low, high, gx, gain []float64
	for j, p := range st.History {
		if p.Strength == nil {
			continue
		}
		e := p.Strength.Estimate()
		xs = append(xs, float64(p.Iteration))
		if e.Bounded() {
			// No finite estimate: the check's 95% bound, open beyond it.
			e.Elo, e.Low, e.High = e.Bound, e.Bound, math.Inf(1)
			if e.Bound < 0 {
				e.Low, e.High = math.Inf(-1), e.Bound
			}
		}
		elo = append(elo, e.Elo)
		low = append(low, e.Low)
		high = append(high, e.High)
		g, _ := Gain(st.History[:j+1], pooledChecks)
		gx = append(gx, float64(p.Iteration))
		gain = append(gain, g.Elo)
	}
	// The y range covers zero, every estimate and every finite interval
	// end, within ±800, so error bars end inside the panel; an open end
	// (every game of a check won or lost) runs to the edge with an arrow.
	lo, hi := -20.0, 20.0
	for k := range elo {
		for _, v := range []float64{elo[k], low[k], high[k], gain[k]} {
			if !math.IsInf(v, 0) && !math.IsNaN(v) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	pad := (hi - lo) * 0.1
	lo, hi = math.Max(-800, lo-pad), math.Min(800, hi+pad)
	label := "Elo against the start: no strength checks"
	if len(elo) > 0 {
		g, _ := Gain(st.History, pooledChecks)
		label = fmt.Sprintf("Elo against the start: each check with its 95%% interval; red: the last %d pooled, now %s",
			pooledChecks, arena.FormatEstimate(g))
	}
	// The strength panel takes the rest of its row.
	pn := newPanel(&b, len(s.Keys), chartCols-len(s.Keys)%chartCols, label, "Elo", xmax, lo, hi)
	pn.hline(0, "#888888", true)
	for k := range xs {
		pn.errorBar(xs[k], low[k], high[k], clampF(elo[k], lo, hi))
	}
	pn.polyline(gx, clampAll(gain, lo, hi), "#d62728")
	pn.close()
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

type panel struct {
	b            *strings.Builder
	x0, y0       float64 // the plot area's top left
	w, h         float64
	xmax, lo, hi float64
}

// newPanel starts panel number i, span columns wide, with the y axis
// titled ytitle and the x axis "iteration".
func newPanel(b *strings.Builder, i, span int, title, ytitle string, xmax, lo, hi float64) *panel {
	col, row := i%chartCols, i/chartCols
	ox, oy := float64(col*panelW), float64(chartTitleH+row*panelH)
	if hi <= lo {
		hi = lo + 1
	}
	p := &panel{b: b, x0: ox + panelPadL, y0: oy + panelPadT,
		w: float64(span*panelW - panelPadL - panelPadR), h: panelH - panelPadT - panelPadB, xmax: xmax, lo: lo, hi: hi}
	fmt.Fprintf(b, `<g>`+"\n")
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-weight="bold">%s</text>`+"\n", p.x0, oy+16, html.EscapeString(title))
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="#cccccc"/>`+"\n", p.x0, p.y0, p.w, p.h)
	for _, t := range ticks(lo, hi) {
		y := p.y(t)
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#eeeeee"/>`+"\n", p.x0, y, p.x0+p.w, y)
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="end">%s</text>`+"\n", p.x0-4, y+4, num(t))
	}
	// The end labels align with the plot's edges so none overhangs.
	for i, t := range []float64{0, xmax / 2, xmax} {
		anchor := [3]string{"start", "middle", "end"}[i]
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="%s">%s</text>`+"\n", p.x(t), p.y0+p.h+15, anchor, num(math.Round(t)))
	}
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#555555">iteration</text>`+"\n", p.x0+p.w/2, p.y0+p.h+31)
	yx, yy := ox+12, p.y0+p.h/2
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#555555" transform="rotate(-90 %.1f %.1f)">%s</text>`+"\n", yx, yy, yx, yy, html.EscapeString(ytitle))
	return p
}

func (p *panel) x(v float64) float64 { return p.x0 + p.w*v/p.xmax }
func (p *panel) y(v float64) float64 { return p.y0 + p.h*(p.hi-v)/(p.hi-p.lo) }

func (p *panel) hline(v float64, colour string, dashed bool) {
	dash := ""
	if dashed {
		dash = ` stroke-dasharray="4 3"`
	}
	fmt.Fprintf(p.b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"%s/>`+"\n", p.x0, p.y(v), p.x0+p.w, p.y(v), colour, dash)
}

func (p *panel) polyline(xs, ys []float64, colour string) {
	if len(xs) == 0 {
		return
	}
	var pts []string
	for i := range xs {
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", p.x(xs[i]), p.y(ys[i])))
	}
	fmt.Fprintf(p.b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="1.5"/>`+"\n", strings.Join(pts, " "), colour)
}

// errorBar draws an interval lo..hi with its estimate mid. The panel's
// range holds every finite end; an end beyond it (infinite, or past the
// ±800 the range stops at) is cut at the panel's edge and marked there
// with an arrow head, so no bar leaves the panel or ends as if measured.
func (p *panel) errorBar(x, lo, hi, mid float64) {
	px := p.x(x)
	y1, y2 := p.y(clampF(lo, p.lo, p.hi)), p.y(clampF(hi, p.lo, p.hi))
	fmt.Fprintf(p.b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#9ecae1"/>`+"\n", px, y1, px, y2)
	if hi > p.hi {
		fmt.Fprintf(p.b, `<path d="M%.1f,%.1f L%.1f,%.1f L%.1f,%.1f" fill="none" stroke="#6baed6"/>`+"\n", px-3, y2+4, px, y2, px+3, y2+4)
	}
	if lo < p.lo {
		fmt.Fprintf(p.b, `<path d="M%.1f,%.1f L%.1f,%.1f L%.1f,%.1f" fill="none" stroke="#6baed6"/>`+"\n", px-3, y1-4, px, y1, px+3, y1-4)
	}
	fmt.Fprintf(p.b, `<circle cx="%.1f" cy="%.1f" r="1.8" fill="#1f77b4"/>`+"\n", px, p.y(mid))
}

func (p *panel) close() { p.b.WriteString("</g>\n") }

// ticks returns about four round values within lo..hi.
func ticks(lo, hi float64) []float64 {
	raw := (hi - lo) / 4
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var out []float64
	for k := math.Ceil(lo / step); k*step <= hi+step*1e-9; k++ {
		out = append(out, k*step)
	}
	return out
}

// num formats a value compactly: integers without decimals.
func num(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return fmt.Sprintf("%d", int64(v))
	}
	return fmt.Sprintf("%.3g", v)
}

// shortKey drops the "weights." prefix the chart would repeat.
func shortKey(k string) string { return strings.TrimPrefix(k, "weights.") }

func clampF(v, lo, hi float64) float64 {
	if math.IsNaN(v) {
		return 0
	}
	return math.Max(lo, math.Min(hi, v))
}

func clampAll(vs []float64, lo, hi float64) []float64 {
	out := make([]float64, len(vs))
	for i, v := range vs {
		out[i] = clampF(v, lo, hi)
	}
	return out
}
