package arena

import (
	"math"
	"testing"
)

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

// Known values: cutechess's printed results (Elo ± margin, LOS) and
// fastchess's Elo tests, all trinomial. Both tools take the 97.5% normal
// quantile from an approximate inverse error function (≈1.9557 instead of
// 1.95996), so their margins run up to 0.25% narrower than the exact ones
// computed here; the margin tolerance allows for that and no more.
func TestTrinomialEstimateKnownValues(t *testing.T) {
	tests := []struct {
		w, l, d      int
		elo, margin  float64
		los          float64 // percent; <0 = not published
		eloTol, mTol float64
	}{
		{99, 97, 104, 2.3, 31.8, 55.7, 0.05, 0.05},  // cutechess
		{45, 37, 18, 27.9, 62.4, 81.2, 0.05, 0.05},  // cutechess
		{0, 36, 14, -315.34, 95.43, -1, 0.01, 0.01}, // fastchess
		{859, 772, 1329, 10.21, 9.28, -1, 0.01, 0.01},
		{1164, 1267, 3049, -6.53, 6.12, -1, 0.01, 0.01},
	}
	for _, tt := range tests {
		e := TrinomialEstimate(WDL{Wins: tt.w, Losses: tt.l, Draws: tt.d})
		if !near(e.Elo, tt.elo, tt.eloTol) || !near(e.Margin, tt.margin, tt.mTol+0.0025*tt.margin) || e.Margin < tt.margin-tt.mTol {
			t.Errorf("%d-%d-%d: elo %.2f ± %.2f, want %.2f ± %.2f", tt.w, tt.l, tt.d, e.Elo, e.Margin, tt.elo, tt.margin)
		}
		if tt.los >= 0 && !near(100*e.LOS, tt.los, 0.05) {
			t.Errorf("%d-%d-%d: LOS %.2f%%, want %.1f%%", tt.w, tt.l, tt.d, 100*e.LOS, tt.los)
		}
		if !(e.Low < e.Elo && e.Elo < e.High) {
			t.Errorf("%d-%d-%d: interval %.1f..%.1f does not hold %.1f", tt.w, tt.l, tt.d, e.Low, e.High, e.Elo)
		}
	}
}

func TestEloEdges(t *testing.T) {
	if e := TrinomialEstimate(WDL{Wins: 10}); !math.IsInf(e.Elo, 1) || e.LOS < 0.99 {
		t.Errorf("all wins: %+v", e)
	}
	if e := TrinomialEstimate(WDL{}); e.Elo != 0 || e.LOS != 0.5 {
		t.Errorf("no games: %+v", e)
	}
	if e := TrinomialEstimate(WDL{Draws: 4}); e.Elo != 0 || e.LOS != 0.5 {
		t.Errorf("all draws: %+v", e)
	}
	for _, elo := range []float64{-400, -10, 0, 35.5, 700} {
		if got := EloFromScore(ScoreFromElo(elo)); !near(got, elo, 1e-9) {
			t.Errorf("round trip %g → %g", elo, got)
		}
	}
	if got := EloFromScore(0.75); !near(got, 190.848, 0.001) {
		t.Errorf("score 0.75: %g", got)
	}
}

func TestPentanomialEstimate(t *testing.T) {
	// Every pair split 1:1 is a certain 50% with no spread.
	e := PentanomialEstimate(Penta{2: 10})
	if e.Elo != 0 || e.Margin != 0 || e.LOS != 0.5 {
		t.Errorf("all even pairs: %+v", e)
	}
	// Pairs (per-game scores 1, .75, .5, .5) — mean .6875; variance of
	// pair means by hand: ((.3125)² + (.0625)² + 2(.1875)²)/4 = .0429688.
	e = PentanomialEstimate(Penta{2: 2, 3: 1, 4: 1})
	if !near(e.Score, 0.6875, 1e-12) || !near(e.StdErr, math.Sqrt(0.04296875/4), 1e-12) {
		t.Errorf("score %g se %g", e.Score, e.StdErr)
	}
	if !near(e.Elo, EloFromScore(0.6875), 1e-9) {
		t.Errorf("elo %g", e.Elo)
	}
}

// Known values: fastchess's SPRT tests for the logistic model.
func TestSPRTKnownValues(t *testing.T) {
	tri := []struct {
		w, l, d    int
		elo0, elo1 float64
		llr        float64
	}{
		{21404, 21184, 40708, 0.5, 2.5, -1.57},
		{57433, 57030, 106593, 0, 2, -2.59},
	}
	for _, tt := range tri {
		s := SPRT{Elo0: tt.elo0, Elo1: tt.elo1, Alpha: 0.05, Beta: 0.05}
		got := s.LLRTrinomial(WDL{Wins: tt.w, Losses: tt.l, Draws: tt.d})
		if !near(got, tt.llr, 0.01*math.Abs(tt.llr)) {
			t.Errorf("trinomial %d-%d-%d [%g,%g]: LLR %.3f, want %.2f", tt.w, tt.l, tt.d, tt.elo0, tt.elo1, got, tt.llr)
		}
	}
	penta := []struct {
		ll, ld, wl, dd, wd, ww int
		elo0, elo1             float64
		llr                    float64
	}{
		{223, 9863, 20279, 1000, 10037, 246, 0.5, 2.5, -3.07},
		{871, 26175, 55003, 980, 26678, 821, 0, 2, -4.98},
	}
	for _, tt := range penta {
		s := SPRT{Elo0: tt.elo0, Elo1: tt.elo1, Alpha: 0.05, Beta: 0.05}
		p := Penta{tt.ll, tt.ld, tt.wl + tt.dd, tt.wd, tt.ww}
		got := s.LLRPentanomial(p)
		if !near(got, tt.llr, 0.01*math.Abs(tt.llr)) {
			t.Errorf("pentanomial %v [%g,%g]: LLR %.3f, want %.2f", p, tt.elo0, tt.elo1, got, tt.llr)
		}
	}
	lo, hi := SPRT{Alpha: 0.05, Beta: 0.05}.Bounds()
	if !near(lo, -2.944, 0.001) || !near(hi, 2.944, 0.001) {
		t.Errorf("bounds %g %g, want ±2.944", lo, hi)
	}
}

func TestSPRTDecides(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	if st := s.Status(Penta{4: 60, 3: 20, 2: 20}); st.Decision != "H1" {
		t.Errorf("a strong result: %+v", st)
	}
	if st := s.Status(Penta{0: 30, 1: 20, 2: 50}); st.Decision != "H0" {
		t.Errorf("a weak result: %+v", st)
	}
	if st := s.Status(Penta{2: 1}); st.Decision != "" {
		t.Errorf("one pair decided: %+v", st)
	}
}

func TestParseSPRT(t *testing.T) {
	s, err := ParseSPRT("0, 10, 0.05,0.1")
	if err != nil || s != (SPRT{0, 10, 0.05, 0.1}) {
		t.Errorf("got %+v, %v", s, err)
	}
	for _, bad := range []string{"", "0,10,0.05", "10,0,0.05,0.05", "0,10,0,0.05", "0,10,0.6,0.5", "a,1,0.1,0.1", "0,NaN,0.1,0.1"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("ParseSPRT(%q) accepted", bad)
		}
	}
}

func FuzzParseSPRT(f *testing.F) {
	for _, s := range []string{"0,10,0.05,0.05", "-5,5,.1,.1", "1e3,2e3,0.5,0.4", ",,,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseSPRT(s)
		if err != nil {
			return
		}
		if v.Validate() != nil {
			t.Fatalf("accepted an invalid test %+v", v)
		}
		lo, hi := v.Bounds()
		if !(lo < 0 && hi > 0) {
			t.Fatalf("bounds %g %g", lo, hi)
		}
	})
}

// TestUnbrokenRunBound: a run of only wins (or losses) has no finite Elo;
// it is shown as the 95% bound its games give, which grows with them.
func TestUnbrokenRunBound(t *testing.T) {
	tests := []struct {
		name string
		e    Estimate
		want string
	}{
		{"20 wins", TrinomialEstimate(WDL{Wins: 20}), "> +277 (95% bound: all 20 games won)"},
		{"50 wins", TrinomialEstimate(WDL{Wins: 50}), "> +446 (95% bound: all 50 games won)"},
		{"20 losses", TrinomialEstimate(WDL{Losses: 20}), "< -277 (95% bound: all 20 games lost)"},
		{"10 pairs won", PentanomialEstimate(Penta{4: 10}), "> +277 (95% bound: all 20 games won)"},
		// Lopsided: a ± of half the width would put the low end at -27.
		{"15 wins, 5 losses", TrinomialEstimate(WDL{Wins: 15, Losses: 5}), "+190.8 (+42.1 .. +477.3)"},
		{"10 wins of 12, the top end infinite", TrinomialEstimate(WDL{Wins: 10, Losses: 2}), "+279.6 (+86.9 .. +inf)"},
		{"no games", TrinomialEstimate(WDL{}), "+0.0 (-inf .. +inf)"},
		{"near even", TrinomialEstimate(WDL{Wins: 520, Losses: 480}), "+13.9 ± 21.6"},
	}
	for _, tt := range tests {
		if got := FormatEstimate(tt.e); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
	// The bound is where 20 straight wins have a 2.5% chance.
	if p := ScoreFromElo(TrinomialEstimate(WDL{Wins: 20}).Bound); !near(math.Pow(p, 20), 0.025, 1e-9) {
		t.Errorf("p^20 = %g at the bound, want 0.025", math.Pow(p, 20))
	}
	if e := TrinomialEstimate(WDL{Wins: 3, Draws: 1}); e.Bound != 0 || e.Bounded() {
		t.Errorf("a finite estimate has a bound: %+v", e)
	}
}
