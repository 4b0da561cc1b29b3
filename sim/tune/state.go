package tune

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"slices"
	"sort"

	"github.com/mcgomoku/mcgomoku/internal/atomicfile"
	"github.com/mcgomoku/mcgomoku/sim/arena"
)

// stateFormat is the checkpoint format's version: 2 added Behind and
// Settings.Lag (a format 1 checkpoint is a Lag 0 run and reads as one).
const stateFormat = 2

// State is a run's checkpoint: everything needed to continue it exactly,
// plus the history the chart draws. It changes only at batch boundaries.
type State struct {
	Format    int       `json:"format"`
	Settings  Settings  `json:"settings"`
	Iteration int       `json:"iteration"` // iterations done: the next k
	Theta     []float64 `json:"theta"`     // the current parameters, in Settings.Keys order
	// Behind holds θ as it was after each of the Settings.Lag iterations
	// before Iteration, oldest first (the start where there were none):
	// the next iterations' candidates are drawn around them.
	Behind  [][]float64 `json:"behind,omitempty"`
	Games   int         `json:"games"`   // tuning games played (checks not counted)
	Pulled  int         `json:"pulled"`  // points pulled back into the valid region
	History []Point     `json:"history"` // the start, then one point per batch
}

// Settings are what a run's results depend on. A checkpoint resumes only
// under the same settings; the number of parallel jobs is not among them.
type Settings struct {
	Keys       []string  `json:"keys"`
	Start      []float64 `json:"start"`
	Min        []float64 `json:"min"`
	Max        []float64 `json:"max"`
	Step       []float64 `json:"step"`
	Rate       []float64 `json:"rate"`
	Iterations int       `json:"iterations"`
	Alpha      float64   `json:"alpha"`
	Gamma      float64   `json:"gamma"`
	Stability  float64   `json:"stability"`
	Seed       int64     `json:"seed"`
	Batch      int       `json:"batch"` // iterations between checkpoints
	Lag        int       `json:"lag,omitempty"`
	// Objective describes the games (or test function): opponents,
	// board, openings, fixed weights, strength checks.
	Objective string `json:"objective"`
}

// Point is the run after a batch (or at the start).
type Point struct {
	Iteration int       `json:"iteration"`
	Games     int       `json:"games"`
	Theta     []float64 `json:"theta"`
	// Result is the sum of the batch's iteration results, from θ+'s side.
	Result   float64   `json:"result"`
	Strength *Strength `json:"strength,omitempty"` // the check after the batch
}

// Strength is a check match of θ against the start: game pairs from
// θ's side.
type Strength struct {
	Penta arena.Penta `json:"penta"`
	WDL   arena.WDL   `json:"wdl"`
}

// Estimate is the check's Elo estimate of θ against the start.
func (s *Strength) Estimate() arena.Estimate { return arena.PentanomialEstimate(s.Penta) }

// Done reports whether every iteration has been played.
func (st *State) Done() bool { return st.Iteration >= st.Settings.Iterations }

// Settings returns the run's settings for a checkpoint.
func (s *SPSA) settings(seed int64, batch int, objective string) Settings {
	set := Settings{Iterations: s.Iterations, Alpha: s.Alpha, Gamma: s.Gamma, Stability: s.Stability,
		Seed: seed, Batch: batch, Lag: s.Lag, Objective: objective}
	for _, p := range s.Params {
		set.Keys = append(set.Keys, p.Key)
		set.Start = append(set.Start, p.Start)
		set.Min = append(set.Min, p.Min)
		set.Max = append(set.Max, p.Max)
		set.Step = append(set.Step, p.Step)
		set.Rate = append(set.Rate, p.Rate)
	}
	return set
}

// Diff names the first setting that differs, or "" when they agree.
func (s Settings) Diff(o Settings) string {
	a, b := jsonMap(s), jsonMap(o)
	keys := make([]string, 0, len(a))
	for k := range a {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !reflect.DeepEqual(a[k], b[k]) {
			return fmt.Sprintf("%s: %s against %s", k, compact(a[k]), compact(b[k]))
		}
	}
	return ""
}

func jsonMap(v any) map[string]any {
	data, err := json.Marshal(v)
	if err != nil {
		panic("internal error: " + err.Error())
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		panic("internal error: " + err.Error())
	}
	return m
}

func compact(v any) string {
	data, _ := json.Marshal(v)
	if len(data) > 120 {
		return string(data[:117]) + "..."
	}
	return string(data)
}

// Marshal encodes the checkpoint as indented JSON. Floats are written in
// Go's shortest round-tripping form, so a resumed run continues from
// exactly the same θ.
func (st *State) Marshal() ([]byte, error) {
	if err := st.check(); err != nil {
		return nil, fmt.Errorf("internal error: %w", err)
	}
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// Save writes the checkpoint atomically.
func (st *State) Save(path string) error {
	data, err := st.Marshal()
	if err != nil {
		return err
	}
	return atomicfile.Write(path, data)
}

// ParseState decodes and checks a checkpoint; name is used in errors.
func ParseState(name string, data []byte) (*State, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var st State
	if err := dec.Decode(&st); err != nil {
		// Both offsets count the bytes read, the offending one included.
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line, col := lineCol(data, int(se.Offset)-1)
			return nil, fmt.Errorf("%s:%d:%d: %v", name, line, col, err)
		}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			line, col := lineCol(data, int(te.Offset)-1)
			return nil, fmt.Errorf("%s:%d:%d: %v", name, line, col, err)
		}
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: data after the checkpoint", name)
	}
	switch {
	case st.Format == 1 && st.Settings.Lag == 0 && st.Behind == nil:
		st.Format = stateFormat
	case st.Format != stateFormat:
		return nil, fmt.Errorf("%s: checkpoint format %d, want %d", name, st.Format, stateFormat)
	}
	if err := st.check(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return &st, nil
}

// LoadState reads a checkpoint file.
func LoadState(path string) (*State, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseState(path, data)
}

// check tests the invariants a checkpoint must keep.
func (st *State) check() error {
	s := st.Settings
	n := len(s.Keys)
	switch {
	case n == 0:
		return errors.New("checkpoint has no parameters")
	case len(s.Start) != n || len(s.Min) != n || len(s.Max) != n || len(s.Step) != n || len(s.Rate) != n || len(st.Theta) != n:
		return fmt.Errorf("checkpoint has %d parameters but lists of other lengths", n)
	case s.Iterations <= 0 || s.Batch <= 0:
		return errors.New("checkpoint needs positive iterations and batch")
	case st.Iteration < 0 || st.Iteration > s.Iterations:
		return fmt.Errorf("checkpoint is at iteration %d of %d", st.Iteration, s.Iterations)
	case st.Games < 0 || st.Pulled < 0:
		return errors.New("checkpoint has negative counts")
	case s.Lag < 0 || s.Lag > MaxLag:
		return fmt.Errorf("checkpoint has lag %d, outside 0..%d", s.Lag, MaxLag)
	case len(st.Behind) != s.Lag:
		return fmt.Errorf("checkpoint has lag %d but %d earlier points", s.Lag, len(st.Behind))
	}
	for _, theta := range append(slices.Clone(st.Behind), st.Theta) {
		if len(theta) != n {
			return fmt.Errorf("checkpoint has %d parameters but a point of %d", n, len(theta))
		}
		for i := range n {
			if !finite(theta[i]) || theta[i] < s.Min[i] || theta[i] > s.Max[i] {
				return fmt.Errorf("%s = %v is outside %v..%v", s.Keys[i], theta[i], s.Min[i], s.Max[i])
			}
		}
	}
	last := -1
	for _, p := range st.History {
		if p.Iteration <= last || p.Iteration > st.Iteration || len(p.Theta) != n {
			return errors.New("checkpoint history is out of order or malformed")
		}
		last = p.Iteration
		for _, v := range p.Theta {
			if !finite(v) {
				return errors.New("checkpoint history holds a value that is not finite")
			}
		}
		if !finite(p.Result) {
			return errors.New("checkpoint history holds a result that is not finite")
		}
		if p.Strength != nil {
			for _, c := range p.Strength.Penta {
				if c < 0 {
					return errors.New("checkpoint history holds a negative count")
				}
			}
		}
	}
	return nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// lineCol returns the 1-based line and column of byte offset off.
func lineCol(data []byte, off int) (int, int) {
	off = max(0, min(off, len(data)))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}
