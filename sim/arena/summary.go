package arena

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

// Standing is one player's line of a tournament table.
type Standing struct {
	Player   int // index into Result.Players
	Name     string
	WDL      WDL
	Points   float64
	Forfeits int      // games lost by forfeit
	Estimate Estimate // Elo against the field (trinomial over all its games)
}

// Standings ranks the players by points, then by Elo against the field,
// then by name.
func (r *Result) Standings() []Standing {
	st := make([]Standing, len(r.Players))
	for i, n := range r.Players {
		st[i] = Standing{Player: i, Name: n}
	}
	for _, p := range r.Pairings {
		st[p.A].WDL.add(p.WDL)
		st[p.B].WDL.add(p.WDL.Swap())
		st[p.A].Forfeits += p.Forfeits[0]
		st[p.B].Forfeits += p.Forfeits[1]
	}
	for i := range st {
		w := st[i].WDL
		st[i].Points = float64(w.Wins) + float64(w.Draws)/2
		st[i].Estimate = TrinomialEstimate(w)
	}
	sort.SliceStable(st, func(i, j int) bool {
		if st[i].Points != st[j].Points {
			return st[i].Points > st[j].Points
		}
		if st[i].WDL.Score() != st[j].WDL.Score() {
			return st[i].WDL.Score() > st[j].WDL.Score()
		}
		return st[i].Name < st[j].Name
	})
	return st
}

// Cell returns player i's result against player j (from i's side) and
// whether they met.
func (r *Result) Cell(i, j int) (WDL, bool) {
	for _, p := range r.Pairings {
		switch {
		case p.A == i && p.B == j:
			return p.WDL, true
		case p.A == j && p.B == i:
			return p.WDL.Swap(), true
		}
	}
	return WDL{}, false
}

// FormatElo prints an Elo difference with a sign, "+inf" and "-inf" for the
// unbounded ones.
func FormatElo(e float64) string {
	switch {
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.1f", e)
}

func formatMargin(m float64) string {
	if math.IsInf(m, 0) || math.IsNaN(m) {
		return "inf"
	}
	return fmt.Sprintf("%.1f", m)
}

// WriteText prints the result for people: a match's score, Elo, LOS,
// game pairs, forfeits and SPRT, or a tournament's crosstable.
func (r *Result) WriteText(w io.Writer) error {
	var b strings.Builder
	played := r.Played
	fmt.Fprintf(&b, "%s: %d of %d games, %d×%d %v", strings.Join(r.Players, " vs "), played, r.Planned, r.Size, r.Size, r.Rule)
	if r.Stopped != "" {
		fmt.Fprintf(&b, " (stopped: %s)", r.Stopped)
	}
	b.WriteByte('\n')
	if len(r.Players) == 2 {
		p := r.Pairings[0]
		e := p.Estimate()
		fmt.Fprintf(&b, "wins %d, losses %d, draws %d, score %.1f%%\n", p.WDL.Wins, p.WDL.Losses, p.WDL.Draws, 100*p.WDL.Score())
		switch {
		case e.Bounded():
			fmt.Fprintf(&b, "elo %s, %s, LOS %.1f%%\n", FormatEstimate(e), e.Model, 100*e.LOS)
		case e.Symmetric():
			fmt.Fprintf(&b, "elo %s ± %s (95%%: %s .. %s, %s), LOS %.1f%%\n",
				FormatElo(e.Elo), formatMargin(e.Margin), FormatElo(e.Low), FormatElo(e.High), e.Model, 100*e.LOS)
		default:
			fmt.Fprintf(&b, "elo %s (95%%: %s .. %s, %s), LOS %.1f%%\n",
				FormatElo(e.Elo), FormatElo(e.Low), FormatElo(e.High), e.Model, 100*e.LOS)
		}
		pe := p.Penta
		fmt.Fprintf(&b, "game pairs: %d (LL %d, LD %d, WL+DD %d, WD %d, WW %d)\n", pe.Pairs(), pe[0], pe[1], pe[2], pe[3], pe[4])
		fmt.Fprintf(&b, "forfeits: %s %d, %s %d\n", r.Players[0], p.Forfeits[0], r.Players[1], p.Forfeits[1])
		if r.SPRT != nil {
			s := r.SPRT
			decision := "continue"
			if s.Decision != "" {
				decision = s.Decision + " accepted"
			}
			fmt.Fprintf(&b, "sprt [%s]: llr %.2f (%.2f, %.2f) %s\n", s.Test, s.LLR, s.Lower, s.Upper, decision)
		}
	} else {
		writeCrosstable(&b, r)
	}
	for _, g := range r.Forfeited {
		fmt.Fprintf(&b, "game %d (%s vs %s): %s\n", g.Number, g.Black, g.White, g.Outcome())
	}
	if more := r.forfeits() - len(r.Forfeited); more > 0 {
		fmt.Fprintf(&b, "and %d more forfeits\n", more)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// crossElo is a crosstable's Elo column: the estimate, or for an unbroken
// run the bound alone (the games are in the row).
func crossElo(e Estimate) string {
	if e.Bounded() {
		return boundText(e, ">", "<")
	}
	return FormatElo(e.Elo) + " " + e.spread()
}

func writeCrosstable(b *strings.Builder, r *Result) {
	st := r.Standings()
	nameW := len("player")
	for _, s := range st {
		nameW = max(nameW, len(s.Name))
	}
	fmt.Fprintf(b, "%-4s  %-*s  %6s  %5s  %6s  %16s  %4s", "rank", nameW, "player", "points", "games", "score", "elo vs field", "fft")
	for k := range st {
		fmt.Fprintf(b, "  %7d", k+1)
	}
	b.WriteByte('\n')
	for k, s := range st {
		e := s.Estimate
		fmt.Fprintf(b, "%-4d  %-*s  %6.1f  %5d  %5.1f%%  %16s  %4d", k+1, nameW, s.Name, s.Points, s.WDL.Games(),
			100*s.WDL.Score(), crossElo(e), s.Forfeits)
		for _, o := range st {
			if o.Player == s.Player {
				fmt.Fprintf(b, "  %7s", "-")
				continue
			}
			w, _ := r.Cell(s.Player, o.Player)
			fmt.Fprintf(b, "  %7s", fmt.Sprintf("%g/%d", float64(w.Wins)+float64(w.Draws)/2, w.Games()))
		}
		b.WriteByte('\n')
	}
}

// Summary is the machine-readable result (--json).
type Summary struct {
	Players   []string          `json:"players"`
	Size      int               `json:"size"`
	Rule      string            `json:"rule"`
	Seed      int64             `json:"seed"`
	Games     int               `json:"games"`
	Planned   int               `json:"planned"`
	Stopped   string            `json:"stopped,omitempty"`
	Match     *MatchSummary     `json:"match,omitempty"`
	Standings []StandingSummary `json:"standings,omitempty"`
	Forfeits  []ForfeitSummary  `json:"forfeits,omitempty"`
}

// MatchSummary is a match's score from the first player's side. Elo
// fields are null when unbounded (no losses, or no wins); EloBound is then
// the 95% bound (see Estimate.Bound).
type MatchSummary struct {
	Wins        int          `json:"wins"`
	Losses      int          `json:"losses"`
	Draws       int          `json:"draws"`
	Score       float64      `json:"score"`
	Elo         jsonFloat    `json:"elo"`
	EloLow      jsonFloat    `json:"elo_low"`
	EloHigh     jsonFloat    `json:"elo_high"`
	EloMargin   jsonFloat    `json:"elo_margin"`
	EloModel    string       `json:"elo_model"`
	EloBound    float64      `json:"elo_bound,omitempty"`
	LOS         float64      `json:"los"`
	Pentanomial [5]int       `json:"pentanomial"`
	Forfeits    [2]int       `json:"forfeits"`
	SPRT        *SPRTSummary `json:"sprt,omitempty"`
}

// SPRTSummary is the test's state.
type SPRTSummary struct {
	Elo0     float64 `json:"elo0"`
	Elo1     float64 `json:"elo1"`
	Alpha    float64 `json:"alpha"`
	Beta     float64 `json:"beta"`
	LLR      float64 `json:"llr"`
	Lower    float64 `json:"lower"`
	Upper    float64 `json:"upper"`
	Decision string  `json:"decision,omitempty"`
}

// StandingSummary is a tournament line; Results holds the points against
// each other player by name.
type StandingSummary struct {
	Rank     int                `json:"rank"`
	Player   string             `json:"player"`
	Points   float64            `json:"points"`
	Wins     int                `json:"wins"`
	Losses   int                `json:"losses"`
	Draws    int                `json:"draws"`
	Score    float64            `json:"score"`
	Elo      jsonFloat          `json:"elo"`
	Margin   jsonFloat          `json:"elo_margin"`
	Bound    float64            `json:"elo_bound,omitempty"`
	Forfeits int                `json:"forfeits"`
	Results  map[string]float64 `json:"results"`
}

// ForfeitSummary is one game lost by forfeit.
type ForfeitSummary struct {
	Game   int    `json:"game"`
	Loser  string `json:"loser"`
	Kind   string `json:"kind"`
	Detail string `json:"detail"`
}

// jsonFloat encodes infinities and NaN as null, which JSON lacks.
type jsonFloat float64

func (f jsonFloat) MarshalJSON() ([]byte, error) {
	v := float64(f)
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return []byte("null"), nil
	}
	return []byte(strconv.FormatFloat(v, 'f', -1, 64)), nil
}

// Summary returns the machine-readable form of the result.
func (r *Result) Summary() Summary {
	s := Summary{Players: r.Players, Size: r.Size, Rule: r.Rule.String(), Seed: r.Seed,
		Games: r.Played, Planned: r.Planned, Stopped: r.Stopped}
	if len(r.Players) == 2 {
		p := r.Pairings[0]
		e := p.Estimate()
		m := &MatchSummary{Wins: p.WDL.Wins, Losses: p.WDL.Losses, Draws: p.WDL.Draws, Score: p.WDL.Score(),
			Elo: jsonFloat(e.Elo), EloLow: jsonFloat(e.Low), EloHigh: jsonFloat(e.High), EloMargin: jsonFloat(e.Margin),
			EloModel: e.Model, EloBound: e.Bound, LOS: e.LOS, Pentanomial: p.Penta, Forfeits: p.Forfeits}
		if t := r.SPRT; t != nil {
			m.SPRT = &SPRTSummary{Elo0: t.Test.Elo0, Elo1: t.Test.Elo1, Alpha: t.Test.Alpha, Beta: t.Test.Beta,
				LLR: t.LLR, Lower: t.Lower, Upper: t.Upper, Decision: t.Decision}
		}
		s.Match = m
	} else {
		for k, st := range r.Standings() {
			line := StandingSummary{Rank: k + 1, Player: st.Name, Points: st.Points, Wins: st.WDL.Wins,
				Losses: st.WDL.Losses, Draws: st.WDL.Draws, Score: st.WDL.Score(), Elo: jsonFloat(st.Estimate.Elo),
				Margin: jsonFloat(st.Estimate.Margin), Bound: st.Estimate.Bound, Forfeits: st.Forfeits, Results: map[string]float64{}}
			for j, n := range r.Players {
				if w, ok := r.Cell(st.Player, j); ok {
					line.Results[n] = float64(w.Wins) + float64(w.Draws)/2
				}
			}
			s.Standings = append(s.Standings, line)
		}
	}
	for _, g := range r.Forfeited {
		loser := g.Black
		if g.Winner == game.Black {
			loser = g.White
		}
		s.Forfeits = append(s.Forfeits, ForfeitSummary{Game: g.Number, Loser: loser, Kind: g.Forfeit.String(), Detail: g.Detail})
	}
	return s
}

// forfeits is the number of games lost by forfeit.
func (r *Result) forfeits() int {
	n := 0
	for _, p := range r.Pairings {
		n += p.Forfeits[0] + p.Forfeits[1]
	}
	return n
}

// WriteJSON writes the summary as indented JSON.
func (r *Result) WriteJSON(w io.Writer) error {
	data, err := json.MarshalIndent(r.Summary(), "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
