package arena

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// WDL counts games from one player's point of view.
type WDL struct {
	Wins, Losses, Draws int
}

// Games is the number of games counted.
func (w WDL) Games() int { return w.Wins + w.Losses + w.Draws }

// Score is the share of points (a win 1, a draw ½), or 0.5 for no games.
func (w WDL) Score() float64 {
	n := w.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(w.Wins) + float64(w.Draws)/2) / float64(n)
}

// Swap returns the counts from the opponent's point of view.
func (w WDL) Swap() WDL { return WDL{Wins: w.Losses, Losses: w.Wins, Draws: w.Draws} }

func (w *WDL) add(o WDL) { w.Wins += o.Wins; w.Losses += o.Losses; w.Draws += o.Draws }

// Penta counts game pairs (one opening played with both colours) by the
// pair's points for the player: index 0 = 0 points (two losses), 1 = ½,
// 2 = 1 (a win and a loss, or two draws), 3 = 1½, 4 = 2 (two wins). Pairs
// cancel most of the colour and opening bias, so their variance is the
// honest one for paired games, as fishtest and fastchess use it.
type Penta [5]int

// Pairs is the number of pairs counted.
func (p Penta) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// Swap returns the counts from the opponent's point of view.
func (p Penta) Swap() Penta { return Penta{p[4], p[3], p[2], p[1], p[0]} }

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// EloFromScore converts an expected score to a logistic Elo difference:
// −400·log10(1/s − 1); ±Inf at scores 1 and 0.
func EloFromScore(s float64) float64 {
	switch {
	case s >= 1:
		return math.Inf(1)
	case s <= 0:
		return math.Inf(-1)
	}
	if s == 0.5 {
		return 0 // not -0, which would print as "-0.0"
	}
	return -400 * math.Log10(1/s-1)
}

// ScoreFromElo is the inverse of EloFromScore.
func ScoreFromElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Estimate is an Elo difference with its 95% confidence interval.
type Estimate struct {
	Score     float64 // mean score per game, 0..1
	StdErr    float64 // standard error of Score
	Elo       float64 // EloFromScore(Score)
	Low, High float64 // the 95% interval, in Elo
	// Margin is half the interval's width, the ± cutechess prints.
	Margin float64
	LOS    float64 // likelihood of superiority, 0..1
	Model  string  // "trinomial" or "pentanomial"
	// N is the number of games.
	N int
	// Bound is, when Elo is +Inf (every sample won) or −Inf (every one
	// lost), the finite Elo the result bounds with 95% confidence: the
	// true difference is above it (below, for −Inf). 0 otherwise.
	Bound float64
}

func estimate(score, stderr, los float64, model string, n int) Estimate {
	e := Estimate{Score: score, StdErr: stderr, Elo: EloFromScore(score), LOS: los, Model: model, N: n}
	e.Low = EloFromScore(score - z95*stderr)
	e.High = EloFromScore(score + z95*stderr)
	e.Margin = (e.High - e.Low) / 2
	e.Bound = sweepBound(score, n)
	return e
}

// sweepBound is the 95% bound of an unbroken run: after n games all won,
// the exact (Clopper–Pearson) lower bound on the chance of winning one is
// 0.025^(1/n), the p at which n wins in a row have a 2.5% chance; its Elo
// is the bound. All lost mirrors it. Games count as independent here even
// for the pentanomial model: when every game is won, both colours of every
// opening were, so the pairing hides no colour bias. A score of 1 has no finite estimate
// or normal-approximation interval (its variance is 0), but this bound
// grows with the games as an estimate should: +140 after 10 games, +277
// after 20, +446 after 50. It is 0 for any other score.
func sweepBound(score float64, n int) float64 {
	if n <= 0 || (score != 1 && score != 0) {
		return 0
	}
	b := EloFromScore(math.Pow(0.025, 1/float64(n)))
	if score == 0 {
		return -b
	}
	return b
}

// FormatEstimate prints an estimate for people: "+35.2 ± 20.1", and for an
// unbroken run, which no finite Elo fits, the bound with the samples that
// make it: "> +277 (95% bound: all 20 games won)".
func FormatEstimate(e Estimate) string {
	if e.Bounded() {
		return boundText(e, ">", "<") + fmt.Sprintf(" (95%% bound: all %d games %s)", e.N, map[bool]string{true: "won", false: "lost"}[e.Elo > 0])
	}
	return FormatElo(e.Elo) + " " + e.spread()
}

// Symmetric reports whether the interval is close enough to Elo ± Margin
// to be printed so: both ends finite and the two sides within a quarter
// of each other. Near a score of 0 or 1 the logistic curve makes it lopsided
// (+279.6 with a 95% interval of +120 .. +inf at 83% of 12 games), and a
// ± would hide that, or print ± inf for a finite estimate.
func (e Estimate) Symmetric() bool {
	if math.IsInf(e.Low, 0) || math.IsInf(e.High, 0) || math.IsNaN(e.Low) || math.IsNaN(e.High) {
		return false
	}
	up, down := e.High-e.Elo, e.Elo-e.Low
	return math.Abs(up-down) <= 0.25*max(up, down)
}

// spread is the interval after the estimate: "± 20.1", or the ends of a
// lopsided one, "(+120.0 .. +inf)".
func (e Estimate) spread() string {
	if e.Symmetric() {
		return "± " + formatMargin(e.Margin)
	}
	return "(" + FormatElo(e.Low) + " .. " + FormatElo(e.High) + ")"
}

// boundText is an unbroken run's bound after the word for its side:
// above (a run of wins) or below.
func boundText(e Estimate, above, below string) string {
	if e.Elo > 0 {
		return fmt.Sprintf("%s %+.0f", above, e.Bound)
	}
	return fmt.Sprintf("%s %+.0f", below, e.Bound)
}

// Bounded reports whether e is an unbroken run, shown by its Bound.
func (e Estimate) Bounded() bool { return math.IsInf(e.Elo, 0) && e.N > 0 }

// TrinomialEstimate treats games as independent with outcomes 1, ½, 0, as
// cutechess does. LOS = ½·(1 + erf((W−L)/√(2(W+L)))).
func TrinomialEstimate(w WDL) Estimate {
	n := float64(w.Games())
	if n == 0 {
		return Estimate{Score: 0.5, LOS: 0.5, Model: "trinomial", Low: math.Inf(-1), High: math.Inf(1), Margin: math.Inf(1)}
	}
	mu := w.Score()
	pw, pl, pd := float64(w.Wins)/n, float64(w.Losses)/n, float64(w.Draws)/n
	variance := pw*(1-mu)*(1-mu) + pl*mu*mu + pd*(0.5-mu)*(0.5-mu)
	return estimate(mu, math.Sqrt(variance/n), LOS(w), "trinomial", w.Games())
}

// LOS is the likelihood of superiority from wins and losses (draws carry
// no information about who is stronger).
func LOS(w WDL) float64 {
	if w.Wins+w.Losses == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(w.Wins-w.Losses)/math.Sqrt(2*float64(w.Wins+w.Losses))))
}

// pentaScores are the per-game scores of the five pair outcomes.
var pentaScores = [5]float64{0, 0.25, 0.5, 0.75, 1}

// PentanomialEstimate uses game pairs as the independent samples; the
// interval is per pair, the score per game. LOS is the normal
// approximation from the pair variance, as fastchess computes it.
func PentanomialEstimate(p Penta) Estimate {
	n := float64(p.Pairs())
	if n == 0 {
		return Estimate{Score: 0.5, LOS: 0.5, Model: "pentanomial", Low: math.Inf(-1), High: math.Inf(1), Margin: math.Inf(1)}
	}
	mu := 0.0
	for i, c := range p {
		mu += pentaScores[i] * float64(c) / n
	}
	variance := 0.0
	for i, c := range p {
		d := pentaScores[i] - mu
		variance += float64(c) / n * d * d
	}
	se := math.Sqrt(variance / n)
	los := 0.5
	if se > 0 {
		los = 0.5 * (1 + math.Erf((mu-0.5)/(math.Sqrt2*se)))
	} else if mu > 0.5 {
		los = 1
	} else if mu < 0.5 {
		los = 0
	}
	return estimate(mu, se, los, "pentanomial", 2*p.Pairs())
}

// SPRT is a sequential probability ratio test of H0: elo = Elo0 against
// H1: elo = Elo1 (logistic Elo), with error rates Alpha (accepting H1 when
// H0 holds) and Beta, as fishtest and fastchess run them: a generalised
// SPRT whose log-likelihood ratio compares the maximum-likelihood outcome
// distributions with expected scores s0 and s1 (Van den Bergh).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// ParseSPRT parses "elo0,elo1,alpha,beta", e.g. "0,10,0.05,0.05".
func ParseSPRT(s string) (SPRT, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 4 {
		return SPRT{}, fmt.Errorf("bad SPRT %q: want elo0,elo1,alpha,beta like 0,10,0.05,0.05", s)
	}
	var v [4]float64
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return SPRT{}, fmt.Errorf("bad SPRT %q: %q is not a number", s, p)
		}
		v[i] = f
	}
	t := SPRT{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}
	return t, t.Validate()
}

// Validate checks elo0 < elo1 and 0 < alpha, beta with alpha+beta < 1.
func (t SPRT) Validate() error {
	switch {
	case t.Elo0 >= t.Elo1:
		return fmt.Errorf("bad SPRT: elo0 %g must be below elo1 %g", t.Elo0, t.Elo1)
	case t.Alpha <= 0 || t.Beta <= 0 || t.Alpha+t.Beta >= 1:
		return fmt.Errorf("bad SPRT: alpha %g and beta %g must be positive with a sum below 1", t.Alpha, t.Beta)
	}
	return nil
}

func (t SPRT) String() string {
	return fmt.Sprintf("%g,%g,%g,%g", t.Elo0, t.Elo1, t.Alpha, t.Beta)
}

// Bounds are the log-likelihood ratios at which the test stops:
// ln(β/(1−α)) accepts H0, ln((1−β)/α) accepts H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLRTrinomial is the log-likelihood ratio of single games.
func (t SPRT) LLRTrinomial(w WDL) float64 {
	counts := []float64{float64(w.Losses), float64(w.Draws), float64(w.Wins)}
	return t.llr([]float64{0, 0.5, 1}, counts)
}

// LLRPentanomial is the log-likelihood ratio of game pairs.
func (t SPRT) LLRPentanomial(p Penta) float64 {
	counts := make([]float64, 5)
	for i, c := range p {
		counts[i] = float64(c)
	}
	return t.llr(pentaScores[:], counts)
}

// llr is N·Σ p̂ᵢ·ln(p1ᵢ/p0ᵢ), where p̂ is the empirical distribution over
// outcomes with the given scores and pk the distribution closest to p̂
// (maximum likelihood) whose mean is the score of Elo k. Empty outcome
// classes count as 0.001, so the estimate exists from the first games on.
func (t SPRT) llr(scores, counts []float64) float64 {
	total := 0.0
	for i, c := range counts {
		if c == 0 {
			counts[i] = 1e-3
		}
		total += counts[i]
	}
	probs := make([]float64, len(counts))
	for i, c := range counts {
		probs[i] = c / total
	}
	p0 := mleWithMean(scores, probs, ScoreFromElo(t.Elo0))
	p1 := mleWithMean(scores, probs, ScoreFromElo(t.Elo1))
	sum := 0.0
	for i := range probs {
		sum += probs[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return total * sum
}

// mleWithMean returns the distribution over scores with mean s that
// maximises the likelihood of the empirical probs: pᵢ = p̂ᵢ/(1 + θ(aᵢ − s))
// where θ solves Σ p̂ᵢ(aᵢ − s)/(1 + θ(aᵢ − s)) = 0 (Van den Bergh,
// "Comments on Normalized Elo", proposition 1.1). The left side falls
// strictly in θ between its poles, so bisection finds the root.
func mleWithMean(scores, probs []float64, s float64) []float64 {
	lo := -1 / (scores[len(scores)-1] - s)
	hi := -1 / (scores[0] - s)
	f := func(theta float64) float64 {
		r := 0.0
		for i, a := range scores {
			r += probs[i] * (a - s) / (1 + theta*(a-s))
		}
		return r
	}
	for range 200 {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	theta := (lo + hi) / 2
	p := make([]float64, len(probs))
	for i, a := range scores {
		p[i] = probs[i] / (1 + theta*(a-s))
	}
	return p
}

// SPRTStatus is the state of a running test.
type SPRTStatus struct {
	Test         SPRT
	LLR          float64
	Lower, Upper float64
	// Decision is "H0" (elo0 accepted: the change fails), "H1" (elo1
	// accepted: it passes) or "" while the test continues.
	Decision string
}

// Status evaluates the test on game pairs.
func (t SPRT) Status(p Penta) SPRTStatus {
	lo, hi := t.Bounds()
	st := SPRTStatus{Test: t, LLR: t.LLRPentanomial(p), Lower: lo, Upper: hi}
	switch {
	case st.LLR >= hi:
		st.Decision = "H1"
	case st.LLR <= lo:
		st.Decision = "H0"
	}
	return st
}
