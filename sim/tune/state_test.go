package tune

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/arena"
)

// syntheticState is a short finished run with strength checks, for the
// checkpoint and chart tests.
func syntheticState(t *testing.T) *State {
	t.Helper()
	sp, q := synthetic(300)
	r := &Run{SPSA: sp, Objective: q, Seed: 2, Batch: 50,
		Check: func(_ context.Context, b int, th []float64) (*Strength, error) {
			// A made-up check whose score follows f(θ).
			p := arena.Penta{}
			win := int(math.Round(10 * (1 + q.value(th)/20)))
			p[4], p[2], p[0] = max(0, win), 5, max(0, 10-win)+b%2
			return &Strength{Penta: p, WDL: arena.WDL{Wins: 2 * p[4], Losses: 2 * p[0], Draws: 2 * p[2]}}, nil
		}}
	st := r.New()
	if err := r.Continue(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	return st
}

func TestStateRoundTrip(t *testing.T) {
	st := syntheticState(t)
	data, err := st.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseState("s.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, st) {
		t.Errorf("the checkpoint does not read back to the same state")
	}
	// Floats survive exactly, whatever their digits.
	st.Theta[0] = 0.1 + 0.2
	st.Theta[1] = math.Nextafter(1000, 2000)
	data, _ = st.Marshal()
	got, err = ParseState("s.json", data)
	if err != nil || got.Theta[0] != st.Theta[0] || got.Theta[1] != st.Theta[1] {
		t.Errorf("θ %v read back as %v (%v)", st.Theta, got.Theta, err)
	}
}

func TestParseStateErrors(t *testing.T) {
	st := syntheticState(t)
	good, _ := st.Marshal()
	tests := []struct {
		name, src, want string
	}{
		{"syntax", "{\n  \"format\": 1,\n  oops\n}", "s.json:3:3: invalid character"},
		{"type", "{\n\"format\": \"one\"}", "s.json:2:"},
		{"unknown field", `{"format": 1, "thetta": []}`, `unknown field "thetta"`},
		{"format", strings.Replace(string(good), `"format": 2`, `"format": 9`, 1), "checkpoint format 9, want 2"},
		{"trailing", string(good) + "{}", "data after the checkpoint"},
		{"iteration", strings.Replace(string(good), `"iteration": 300,`, `"iteration": 301,`, 1), "iteration 301 of 300"},
		{"theta outside", strings.Replace(string(good), "\"theta\": [\n    ", "\"theta\": [\n    -5e9, ", 1), "checkpoint has 3 parameters but lists of other lengths"},
		{"empty", "{}", "s.json: checkpoint format 0"},
		{"behind", strings.Replace(string(good), `"batch": 50,`, `"batch": 50, "lag": 1,`, 1), "checkpoint has lag 1 but 0 earlier points"},
		{"format 1 with a lag", strings.Replace(strings.Replace(string(good), `"format": 2`, `"format": 1`, 1), `"batch": 50,`, `"batch": 50, "lag": 1,`, 1), "checkpoint format 1, want 2"},
	}
	for _, tt := range tests {
		_, err := ParseState("s.json", []byte(tt.src))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want %q", tt.name, err, tt.want)
		}
	}
	// A checkpoint from before lags (format 1) is a lag 0 run.
	old, err := ParseState("s.json", []byte(strings.Replace(string(good), `"format": 2`, `"format": 1`, 1)))
	if err != nil || !reflect.DeepEqual(old, st) {
		t.Errorf("a format 1 checkpoint: %v, equal to the state: %v", err, err == nil && reflect.DeepEqual(old, st))
	}
	bad := *st
	bad.Theta = []float64{-1, 500, 5}
	if _, err := bad.Marshal(); err == nil || !strings.Contains(err.Error(), "a = -1 is outside 0..100") {
		t.Errorf("marshalling a broken state: got %v", err)
	}
}

// FuzzParseState: any input is refused cleanly or yields a checkpoint
// that passes its invariants and writes back to an equal one.
func FuzzParseState(f *testing.F) {
	st := &State{Format: 1, Settings: Settings{Keys: []string{"a"}, Start: []float64{1}, Min: []float64{0}, Max: []float64{2},
		Step: []float64{0.1}, Rate: []float64{0.1}, Iterations: 4, Batch: 2}, Iteration: 2, Theta: []float64{1.5},
		History: []Point{{Theta: []float64{1}}, {Iteration: 2, Theta: []float64{1.5}, Strength: &Strength{}}}}
	data, err := st.Marshal()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(data))
	f.Add("{}")
	f.Add(`{"format":1,"theta":[1e999]}`)
	f.Fuzz(func(t *testing.T, s string) {
		st, err := ParseState("f.json", []byte(s))
		if err != nil {
			return
		}
		out, err := st.Marshal()
		if err != nil {
			t.Fatalf("a parsed checkpoint does not marshal: %v", err)
		}
		again, err := ParseState("f.json", out)
		if err != nil || !reflect.DeepEqual(again, st) {
			t.Fatalf("a checkpoint does not survive a round trip: %v", err)
		}
	})
}

func TestChart(t *testing.T) {
	st := syntheticState(t)
	var b bytes.Buffer
	if err := WriteChart(&b, st); err != nil {
		t.Fatal(err)
	}
	// Well-formed XML with one panel per parameter and the strength one.
	dec := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	groups := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the chart is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "g" {
			groups++
		}
	}
	if groups != len(st.Settings.Keys)+1 {
		t.Errorf("%d panels, want %d", groups, len(st.Settings.Keys)+1)
	}
	golden(t, "chart.svg", b.Bytes())
	// Every panel titles its axes.
	if n := bytes.Count(b.Bytes(), []byte(">iteration</text>")); n != groups {
		t.Errorf("%d x axis titles, want %d", n, groups)
	}
	if !bytes.Contains(b.Bytes(), []byte(">Elo</text>")) || !bytes.Contains(b.Bytes(), []byte(">weight</text>")) {
		t.Errorf("y axis titles missing")
	}
}

// TestChartErrorBarsInside: error bars end inside the strength panel, the
// range stretched to hold their finite ends, and an open end (a check won
// or lost in every game) is cut at the edge with an arrow head.
func TestChartErrorBarsInside(t *testing.T) {
	st := syntheticState(t)
	var checks []int
	for k := range st.History {
		if st.History[k].Strength != nil {
			checks = append(checks, k)
		}
	}
	if len(checks) < 3 {
		t.Fatalf("%d checks in the synthetic run", len(checks))
	}
	st.History[checks[0]].Strength = &Strength{Penta: arena.Penta{4: 3}, WDL: arena.WDL{Wins: 6}}                          // all won
	st.History[checks[1]].Strength = &Strength{Penta: arena.Penta{0: 3, 2: 4, 4: 5}, WDL: arena.WDL{Wins: 14, Losses: 10}} // a wide interval
	var b bytes.Buffer
	if err := WriteChart(&b, st); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	rects := regexp.MustCompile(`<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="none"`).FindAllStringSubmatch(svg, -1)
	last := rects[len(rects)-1]
	top, _ := strconv.ParseFloat(last[2], 64)
	h, _ := strconv.ParseFloat(last[4], 64)
	bars := regexp.MustCompile(`<line x1="[\d.]+" y1="([\d.-]+)" x2="[\d.]+" y2="([\d.-]+)" stroke="#9ecae1"/>`).FindAllStringSubmatch(svg, -1)
	if len(bars) != len(checks) {
		t.Fatalf("%d error bars, want %d", len(bars), len(checks))
	}
	for _, m := range bars {
		for _, v := range m[1:] {
			y, _ := strconv.ParseFloat(v, 64)
			if y < top-0.05 || y > top+h+0.05 {
				t.Errorf("error bar end %g outside the panel %g..%g", y, top, top+h)
			}
		}
	}
	// The wide interval's finite ends are inside the range: not cut.
	e := (&Strength{Penta: arena.Penta{0: 3, 2: 4, 4: 5}}).Estimate()
	if math.IsInf(e.Low, 0) || math.IsInf(e.High, 0) {
		t.Fatalf("the wide check's interval is open: %+v", e)
	}
	for _, v := range bars[1][1:] {
		if y, _ := strconv.ParseFloat(v, 64); math.Abs(y-top) < 0.05 || math.Abs(y-top-h) < 0.05 {
			t.Errorf("the wide check's bar is cut at the panel's edge (%g)", y)
		}
	}
	if n := strings.Count(svg, `stroke="#6baed6"`); n != 1 {
		t.Errorf("%d arrow heads, want 1 (the all-won check's open end)", n)
	}
}

func TestTicks(t *testing.T) {
	tests := []struct {
		lo, hi float64
		want   []float64
	}{
		{0, 100, []float64{0, 25, 50, 75, 100}},
		{-20, 20, []float64{-20, -10, 0, 10, 20}},
		{2450, 2650, []float64{2450, 2500, 2550, 2600, 2650}},
		{0.1, 0.9, []float64{0.2, 0.4, 0.6, 0.8}},
	}
	for _, tt := range tests {
		got := ticks(tt.lo, tt.hi)
		same := len(got) == len(tt.want)
		for i := 0; same && i < len(got); i++ {
			same = math.Abs(got[i]-tt.want[i]) < 1e-9
		}
		if !same {
			t.Errorf("ticks(%g, %g) = %v, want %v", tt.lo, tt.hi, got, tt.want)
		}
	}
}
