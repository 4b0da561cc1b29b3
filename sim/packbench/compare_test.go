package packbench

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// comparisonSample is a base and a newer build's results: a row both
// measured (quick, fewer ticks and cheaper stones), one only the newer
// build has (normal) and one only the base has (a 19×19 row), and the
// several-boards rows.
func comparisonSample() *Comparison {
	quick := func(ticks float64, p99 int64, path float64, stones int64, perStone float64) Row {
		return Row{Profile: "lookahead", Level: "quick", Size: 15, Rule: "freestyle", Games: 10, AIMoves: 97,
			TicksMean: ticks, TicksP99: p99, PathCommandsMean: path, Stones: stones, StoneCommands: perStone}
	}
	base := &Result{Config: "(default)", Seed: 1, Rows: []Row{
		quick(8.8, 22, 150290, 8806, 1396),
		{Profile: "lookahead", Level: "quick", Size: 19, Rule: "freestyle", TicksMean: 10.3, TicksP99: 24, PathCommandsMean: 174294, Stones: 3888, StoneCommands: 1444},
	}, Boards: []BoardsRow{{Profile: "lookahead", Levels: "quick,normal", Size: 15, Rule: "freestyle", Boards: 4, Rounds: 30, RoundTicksMean: 182.1, RoundTicksMax: 326}}}
	now := &Result{Config: "(default)", Seed: 1, Rows: []Row{
		func() Row {
			r := quick(6.6, 20, 101866, 5746, 1402)
			r.SearchStones, r.SearchStoneCommands = 8806, 951
			return r
		}(),
		{Profile: "lookahead", Level: "normal", Size: 15, Rule: "freestyle", TicksMean: 60.9, TicksP99: 179, PathCommandsMean: 1097170, Stones: 63369, StoneCommands: 1322},
		{Profile: "greedy", Size: 15, Rule: "freestyle", PathCommandsMean: 1200},
	}, Boards: []BoardsRow{{Profile: "lookahead", Levels: "quick,normal", Size: 15, Rule: "freestyle", Boards: 4, Rounds: 30, RoundTicksMean: 176.4, RoundTicksMax: 315}}}
	return &Comparison{BaseLabel: "HEAD~1 (4170b7b95011)", Base: base, Now: now}
}

func TestComparisonFormats(t *testing.T) {
	c := comparisonSample()
	var text, js bytes.Buffer
	if err := c.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := c.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	golden(t, "compare.golden", text.Bytes())
	// The side-by-side part, by hand: quick's ratios of the means, the
	// row only one build has with "-" for the other.
	side := text.String()[strings.Index(text.String(), "Side by side with HEAD~1 (4170b7b95011)"):]
	for _, want := range []string{
		"8.8   6.6     0.750", // ticks 6.6/8.8
		"8806   5746              1396  1402     1.004",
		"-  8806                        -  951", // search stones only the newer build counts
		"60.9", "3888", "182.1  176.4     0.969",
	} {
		if !strings.Contains(side, want) {
			t.Errorf("side by side has no %q:\n%s", want, side)
		}
	}
	var back Comparison
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || back.BaseLabel != c.BaseLabel || len(back.Base.Rows) != 2 || len(back.Now.Rows) != 3 {
		t.Errorf("JSON does not read back: %v %+v", err, back)
	}
}

func TestParseResult(t *testing.T) {
	var js bytes.Buffer
	if err := comparisonSample().Base.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	r, err := ParseResult(js.Bytes())
	if err != nil || len(r.Rows) != 2 || r.Rows[0].StoneCommands != 1396 || r.Boards[0].RoundTicksMax != 326 {
		t.Fatalf("%v %+v", err, r)
	}
	for _, bad := range []string{"", "not json", `{"rows": []}`, `[1, 2]`} {
		if _, err := ParseResult([]byte(bad)); err == nil {
			t.Errorf("ParseResult(%q): no error", bad)
		}
	}
}

func FuzzParseResult(f *testing.F) {
	var js bytes.Buffer
	if err := comparisonSample().Now.WriteJSON(&js); err != nil {
		f.Fatal(err)
	}
	f.Add(js.Bytes())
	f.Add([]byte(`{"rows": [{"ai": "greedy"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseResult(data)
		if err != nil {
			return
		}
		// Whatever parses prints beside itself.
		var out bytes.Buffer
		if err := (&Comparison{BaseLabel: "x", Base: r, Now: r}).WriteText(&out); err != nil {
			t.Fatal(err)
		}
	})
}
