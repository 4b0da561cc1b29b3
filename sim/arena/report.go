package arena

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

// ReportOptions tune the HTML report.
type ReportOptions struct {
	Title     string // "" means the players joined by "vs"
	MaxBoards int    // games drawn as boards; 0 means 6
	// World, when set, draws a selected game as it looks in the world
	// (mcgomoku sim --report-world: the pack's board in the interpreter),
	// as SVG markup shown beside the diagram.
	World func(g *Game) (svg string, err error)
}

// WriteReport writes a self-contained HTML page (no scripts, no outside
// files): the results table or crosstable, an Elo-over-games chart, and
// boards of selected games — forfeits first, then the shortest and longest
// wins and a draw — as inline SVG. The markup is well-formed XML, so tools
// can check it without an HTML parser.
func WriteReport(w io.Writer, r *Result, opt ReportOptions) error {
	if opt.MaxBoards <= 0 {
		opt.MaxBoards = 6
	}
	title := opt.Title
	if title == "" {
		title = strings.Join(r.Players, " vs ")
	}
	data := reportData{Title: title, R: r, Match: len(r.Players) == 2}
	if data.Match {
		p := r.Pairings[0]
		e := p.Estimate()
		data.Rows = [][2]string{
			{"Games", fmt.Sprintf("%d of %d", len(r.Games), r.Planned)},
			{"Wins / losses / draws", fmt.Sprintf("%d / %d / %d", p.WDL.Wins, p.WDL.Losses, p.WDL.Draws)},
			{"Score", fmt.Sprintf("%.1f%%", 100*p.WDL.Score())},
			{"Elo difference", fmt.Sprintf("%s (%s)", FormatEstimate(e), e.Model)},
			{"95% interval", interval(e)},
			{"Likelihood of superiority", fmt.Sprintf("%.1f%%", 100*e.LOS)},
			{"Game pairs LL/LD/WL+DD/WD/WW", fmt.Sprintf("%d / %d / %d / %d / %d", p.Penta[0], p.Penta[1], p.Penta[2], p.Penta[3], p.Penta[4])},
			{"Forfeits", fmt.Sprintf("%s %d, %s %d", r.Players[0], p.Forfeits[0], r.Players[1], p.Forfeits[1])},
		}
		if s := r.SPRT; s != nil {
			d := "continue"
			if s.Decision != "" {
				d = s.Decision + " accepted"
			}
			data.Rows = append(data.Rows, [2]string{"SPRT " + s.Test.String(), fmt.Sprintf("LLR %.2f (%.2f, %.2f): %s", s.LLR, s.Lower, s.Upper, d)})
		}
	} else {
		st := r.Standings()
		for k, s := range st {
			row := crossRow{Rank: k + 1, Name: s.Name, Points: fmt.Sprintf("%g", s.Points), Games: s.WDL.Games(),
				Score: fmt.Sprintf("%.1f%%", 100*s.WDL.Score()), Elo: crossElo(s.Estimate),
				Forfeits: s.Forfeits}
			for _, o := range st {
				if o.Player == s.Player {
					row.Cells = append(row.Cells, "–")
					continue
				}
				wdl, _ := r.Cell(s.Player, o.Player)
				row.Cells = append(row.Cells, fmt.Sprintf("%g/%d", float64(wdl.Wins)+float64(wdl.Draws)/2, wdl.Games()))
			}
			data.Cross = append(data.Cross, row)
		}
	}
	data.Chart = template.HTML(eloChart(r))
	for _, g := range selectGames(r, opt.MaxBoards) {
		v := boardView{
			Caption: fmt.Sprintf("Game %d: %s (black) vs %s (white) — %s, %d moves", g.Number, g.Black, g.White, g.Outcome(), len(g.Moves)),
			SVG:     template.HTML(boardSVG(g, r.Size, r.Rule)),
			Log:     g.Log,
		}
		if opt.World != nil {
			svg, err := opt.World(g)
			if err != nil {
				return fmt.Errorf("drawing game %d in the world: %w", g.Number, err)
			}
			v.World = template.HTML(svg)
		}
		data.Boards = append(data.Boards, v)
	}
	for _, g := range r.Games {
		if g.End == EndForfeit {
			data.Forfeits = append(data.Forfeits, fmt.Sprintf("Game %d (%s vs %s): %s", g.Number, g.Black, g.White, g.Outcome()))
		}
	}
	return reportTemplate.Execute(w, data)
}

// interval is the 95% interval for the report, or for an unbroken run the
// one-sided bound.
func interval(e Estimate) string {
	if e.Bounded() {
		return boundText(e, "above", "below")
	}
	return FormatElo(e.Low) + " .. " + FormatElo(e.High)
}

type reportData struct {
	Title    string
	R        *Result
	Match    bool
	Rows     [][2]string
	Cross    []crossRow
	Chart    template.HTML
	Boards   []boardView
	Forfeits []string
}

type crossRow struct {
	Rank     int
	Name     string
	Points   string
	Games    int
	Score    string
	Elo      string
	Forfeits int
	Cells    []string
}

type boardView struct {
	Caption string
	SVG     template.HTML
	World   template.HTML // the game in the world, when drawn
	Log     []string
}

var reportTemplate = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<meta name="generator" content="mcgomoku sim"/>
<title>{{.Title}}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 70em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #bbb; padding: 0.3em 0.7em; text-align: left; }
th { background: #eee; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
figure { display: inline-block; margin: 0 1em 1.5em 0; vertical-align: top; max-width: 32em; }
figcaption { font-size: 0.9em; margin-top: 0.3em; }
pre { font-size: 0.8em; background: #f6f6f6; padding: 0.5em; max-height: 12em; overflow: auto; white-space: pre-wrap; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p>{{len .R.Games}} of {{.R.Planned}} games on a {{.R.Size}}×{{.R.Size}} board, {{.R.Rule}} rule, seed {{.R.Seed}}, {{len .R.Openings}} openings{{if .R.Stopped}}; stopped: {{.R.Stopped}}{{end}}.</p>
<h2>Results</h2>
{{if .Match}}<table>
<tr><th colspan="2">{{index .R.Players 0}} against {{index .R.Players 1}}</th></tr>
{{range .Rows}}<tr><th>{{index . 0}}</th><td class="num">{{index . 1}}</td></tr>
{{end}}</table>
{{else}}<table>
<tr><th>Rank</th><th>Player</th><th>Points</th><th>Games</th><th>Score</th><th>Elo vs field</th><th>Forfeits</th>{{range .Cross}}<th>{{.Rank}}</th>{{end}}</tr>
{{range .Cross}}<tr><td class="num">{{.Rank}}</td><td>{{.Name}}</td><td class="num">{{.Points}}</td><td class="num">{{.Games}}</td><td class="num">{{.Score}}</td><td class="num">{{.Elo}}</td><td class="num">{{.Forfeits}}</td>{{range .Cells}}<td class="num">{{.}}</td>{{end}}</tr>
{{end}}</table>
{{end}}<h2>Elo over games</h2>
{{.Chart}}
{{if .Forfeits}}<h2>Forfeits</h2>
<ul>
{{range .Forfeits}}<li>{{.}}</li>
{{end}}</ul>
{{end}}<h2>Selected games</h2>
{{range .Boards}}<figure>
{{.SVG}}{{if .World}}
{{.World}}{{end}}
<figcaption>{{.Caption}}</figcaption>
{{if .Log}}<pre>{{range .Log}}{{.}}
{{end}}</pre>{{end}}
</figure>
{{end}}</body>
</html>
`))

// eloClamp bounds plotted Elo, so one lopsided result cannot squash the
// rest of the chart.
const eloClamp = 800

// series is one line of the Elo chart. An unbroken run (every game won, or
// lost) has no finite Elo: its point is the 95% bound (Estimate.Bound),
// flagged in bound, drawn as an arrow pointing the way the truth lies,
// with its band open to the chart's edge.
type series struct {
	name     string
	colour   string
	elo, low []float64
	high     []float64
	bound    []int // per point: 0 measured, +1 a lower bound, -1 an upper bound
}

// add appends an estimate, its bound in place of an infinite Elo.
func (s *series) add(e Estimate, band bool) {
	elo, low, high, b := e.Elo, e.Low, e.High, 0
	if e.Bounded() {
		elo, b = e.Bound, 1
		low, high = e.Bound, math.Inf(1)
		if e.Elo < 0 {
			b, low, high = -1, math.Inf(-1), e.Bound
		}
	}
	s.elo = append(s.elo, elo)
	s.bound = append(s.bound, b)
	if band {
		s.low = append(s.low, low)
		s.high = append(s.high, high)
	}
}

var palette = []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"}

// eloChart draws the Elo estimate after each game in game order: the
// first player's advantage with its 95% band for a match, each player's
// Elo against the field for a tournament.
func eloChart(r *Result) string {
	var all []series
	if len(r.Players) == 2 {
		s := series{name: r.Players[0] + " vs " + r.Players[1], colour: palette[0]}
		var w WDL
		for _, g := range r.Games {
			w.add(gameWDL(&g))
			s.add(TrinomialEstimate(w), true)
		}
		all = append(all, s)
	} else {
		wdl := make([]WDL, len(r.Players))
		for i, n := range r.Players {
			all = append(all, series{name: n, colour: palette[i%len(palette)]})
		}
		for _, g := range r.Games {
			pr := r.Pairings[g.Pairing]
			a := gameWDL(&g)
			wdl[pr.A].add(a)
			wdl[pr.B].add(a.Swap())
			for i := range all {
				all[i].add(TrinomialEstimate(wdl[i]), false)
			}
		}
	}
	const (
		W, H          = 720, 316
		left, right   = 56, 16
		top, bottom   = 16, 56
		plotW, plotH  = W - left - right, H - top - bottom
		legendOffsetY = 14
	)
	n := len(r.Games)
	lo, hi := -100.0, 100.0
	clamp := func(v float64) float64 { return math.Max(-eloClamp, math.Min(eloClamp, v)) }
	bounds := false
	for _, s := range all {
		for i := range s.elo {
			// The range covers every estimate and the finite interval
			// ends; an open end runs to the edge.
			for _, v := range []float64{s.elo[i], at(s.low, i), at(s.high, i)} {
				if !math.IsNaN(v) && !math.IsInf(v, 0) {
					lo, hi = math.Min(lo, clamp(v)), math.Max(hi, clamp(v))
				}
			}
			bounds = bounds || s.bound[i] != 0
		}
	}
	step := niceStep((hi - lo) / 6)
	lo, hi = math.Floor(lo/step)*step, math.Ceil(hi/step)*step
	x := func(i int) float64 { return left + float64(plotW)*float64(i+1)/float64(max(n, 1)) }
	y := func(v float64) float64 { return top + float64(plotH)*(hi-math.Max(lo, math.Min(hi, v)))/(hi-lo) }

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="Elo over games">`, W, H, W, H)
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#fff" stroke="#999"/>`, left, top, plotW, plotH)
	for v := lo; v <= hi+step/2; v += step {
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="%s"/>`, left, left+plotW, y(v), y(v), map[bool]string{true: "#666", false: "#e4e4e4"}[v == 0])
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" font-size="11" text-anchor="end">%+.0f</text>`, left-6, y(v)+4, v)
	}
	for _, t := range ticks(n) {
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" font-size="11" text-anchor="middle">%d</text>`, x(t-1), top+plotH+16, t)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="12" text-anchor="middle">games</text>`, left+plotW/2, top+plotH+32)
	fmt.Fprintf(&b, `<text x="14" y="%d" font-size="12" text-anchor="middle" transform="rotate(-90 14 %d)">Elo</text>`, top+plotH/2, top+plotH/2)
	for k, s := range all {
		if len(s.low) > 0 {
			var band []string
			for i := range s.high {
				band = append(band, fmt.Sprintf("%.1f,%.1f", x(i), y(s.high[i])))
			}
			for i := len(s.low) - 1; i >= 0; i-- {
				band = append(band, fmt.Sprintf("%.1f,%.1f", x(i), y(s.low[i])))
			}
			fmt.Fprintf(&b, `<polygon points="%s" fill="%s" fill-opacity="0.15" stroke="none"/>`, strings.Join(band, " "), s.colour)
		}
		var pts []string
		for i, v := range s.elo {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i), y(v)))
		}
		if len(pts) > 0 {
			fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`, strings.Join(pts, " "), s.colour)
		}
		for i, v := range s.elo {
			if d := s.bound[i]; d != 0 {
				// An arrow from the bound the way the truth lies.
				px, py := x(i), y(v)
				tip := py - 9*float64(d)
				fmt.Fprintf(&b, `<path d="M%.1f,%.1f L%.1f,%.1f M%.1f,%.1f L%.1f,%.1f L%.1f,%.1f" fill="none" stroke="%s" stroke-width="1.5"/>`,
					px, py, px, tip, px-3.5, tip+4*float64(d), px, tip, px+3.5, tip+4*float64(d), s.colour)
			}
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="12" fill="%s">%s</text>`, left+8, top+legendOffsetY*(k+1), s.colour, template.HTMLEscapeString(s.name))
	}
	if bounds {
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11" text-anchor="end">arrows: every game won (or lost) so far, no finite Elo; the point is the 95%% bound</text>`, left+plotW, H-6)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

func at(s []float64, i int) float64 {
	if i < len(s) {
		return s[i]
	}
	return math.NaN()
}

// niceStep rounds a raw axis step up to 1, 2 or 5 times a power of ten.
func niceStep(raw float64) float64 {
	if raw <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

// ticks returns up to 10 evenly spaced game numbers ending at n.
func ticks(n int) []int {
	if n == 0 {
		return nil
	}
	// At least one: under eight points the nice step is a fraction.
	step := max(1, int(niceStep(float64(n)/8)))
	var t []int
	for v := step; v <= n; v += step {
		t = append(t, v)
	}
	if len(t) == 0 || t[len(t)-1] != n {
		t = append(t, n)
	}
	return t
}

// selectGames picks the games worth drawing: forfeits, the shortest and
// the longest decisive games, a draw, then the first games.
func selectGames(r *Result, n int) []*Game {
	var picked []*Game
	seen := map[int]bool{}
	add := func(g *Game) {
		if g != nil && !seen[g.Number] && len(picked) < n {
			seen[g.Number] = true
			picked = append(picked, g)
		}
	}
	var decisive []*Game
	var draw *Game
	for i := range r.Games {
		g := &r.Games[i]
		switch {
		case g.End == EndForfeit:
			if len(picked) < n/2 {
				add(g)
			}
		case g.Winner == game.Empty:
			if draw == nil {
				draw = g
			}
		default:
			decisive = append(decisive, g)
		}
	}
	sort.SliceStable(decisive, func(i, j int) bool { return len(decisive[i].Moves) < len(decisive[j].Moves) })
	if len(decisive) > 0 {
		add(decisive[0])
		add(decisive[len(decisive)-1])
	}
	add(draw)
	for i := range r.Games {
		add(&r.Games[i])
	}
	sort.Slice(picked, func(i, j int) bool { return picked[i].Number < picked[j].Number })
	return picked
}

// boardSVG draws a finished game: the grid with coordinates, stones
// numbered in playing order (opening stones in grey numbers), the last
// move ringed and the winning line marked.
func boardSVG(g *Game, size int, rule game.Rule) string {
	const cell, margin = 22, 26
	side := margin*2 + cell*(size-1)
	px := func(i int) (float64, float64) {
		return float64(margin + cell*(i%size)), float64(margin + cell*(i/size))
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="board of game %d">`, side, side, side, side, g.Number)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#e3b96b"/>`, side, side)
	for k := 0; k < size; k++ {
		p := margin + cell*k
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#5a4320"/>`, margin, p, margin+cell*(size-1), p)
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#5a4320"/>`, p, margin, p, margin+cell*(size-1))
		// Human notation: files a.. left to right, ranks counted from the
		// bottom.
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="10" text-anchor="middle">%c</text>`, p, margin-12, 'a'+k)
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="10" text-anchor="end">%d</text>`, margin-10, p+4, size-k)
	}
	bd := game.MustBoard(size, rule)
	for i, c := range g.Moves {
		colour := game.Black
		if i%2 == 1 {
			colour = game.White
		}
		bd.PlayAs(c, colour)
		x, y := px(c)
		fill, ink := "#111", "#fff"
		if colour == game.White {
			fill, ink = "#fafafa", "#111"
		}
		if i < g.OpeningMoves {
			ink = "#999"
		}
		fmt.Fprintf(&b, `<circle cx="%.0f" cy="%.0f" r="%d" fill="%s" stroke="#222"/>`, x, y, cell/2-1, fill)
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="9" text-anchor="middle" fill="%s">%d</text>`, x, y+3, ink, i+1)
	}
	if n := len(g.Moves); n > 0 {
		x, y := px(g.Moves[n-1])
		fmt.Fprintf(&b, `<circle cx="%.0f" cy="%.0f" r="%d" fill="none" stroke="#d62728" stroke-width="2"/>`, x, y, cell/2+1)
	}
	if line := bd.WinningLine(); len(line) >= 2 {
		x1, y1 := px(line[0])
		x2, y2 := px(line[len(line)-1])
		fmt.Fprintf(&b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="#d62728" stroke-width="3" stroke-opacity="0.7"/>`, x1, y1, x2, y2)
	}
	b.WriteString(`</svg>`)
	return b.String()
}
