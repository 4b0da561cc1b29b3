package eval

import (
	"math"
	"strings"
	"testing"
)

func TestDefaultWeightsValidate(t *testing.T) {
	w := DefaultWeights()
	if err := w.Validate(); err != nil {
		t.Fatal(err)
	}
	if m := w.MaxScore(); m > math.MaxInt32 {
		t.Fatalf("MaxScore %d overflows", m)
	}
}

func TestWeightsRefused(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(*Weights)
		error string
	}{
		{"overflow", func(w *Weights) { w.Attack[Five] = 600_000_000 }, "32-bit"},
		{"negative", func(w *Weights) { w.Defence[Two] = -1 }, "negative"},
		{"negative combo", func(w *Weights) { w.AttackCombo[DoubleThree] = -5 }, "negative"},
		{"five too small", func(w *Weights) { w.Attack[Five] = 60_000_000 }, "win with a five"},
		{"block too small", func(w *Weights) { w.Defence[Five] = 2_000_000 }, "block the opponent's five"},
		{"open four too small", func(w *Weights) { w.Attack[OpenFour] = 300_000 }, "make an open four"},
		{"four-three too small", func(w *Weights) { w.AttackCombo[FourThree] = 1_000 }, "make an open four"},
		{"block three too small", func(w *Weights) { w.Defence[OpenFour] = 50_000 }, "open three"},
	}
	for _, tt := range tests {
		w := DefaultWeights()
		tt.edit(&w)
		err := w.Validate()
		if err == nil || !strings.Contains(err.Error(), tt.error) {
			t.Errorf("%s: got %v, want an error about %q", tt.name, err, tt.error)
		}
	}
}
