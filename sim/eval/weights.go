package eval

import (
	"fmt"
	"math"
)

// Weights are every number the greedy AI uses. All are non-negative so the
// largest reachable score is a plain sum of maxima (see MaxScore).
type Weights struct {
	// Attack scores the side to move's own pattern on the cell, per line.
	Attack [NumPatterns]int32
	// Defence scores the opponent's pattern on the cell, per line: playing
	// there blocks it.
	Defence [NumPatterns]int32
	// AttackCombo and DefenceCombo are added once per cell for each combo
	// the side to move (attack) or the opponent (defence) would make there.
	AttackCombo  [NumCombos]int32
	DefenceCombo [NumCombos]int32
	// Centre is the positional bias at the centre cell; it falls by one per
	// ring (Chebyshev distance) outwards and never goes below zero.
	Centre int32
	// Noise, when positive, adds a seeded random 0..Noise to every cell's
	// score at each move, for variety. 0 keeps the AI deterministic.
	Noise int32
}

// DefaultWeights are the built-in weights, tiered so the decisive rules hold
// (see CheckTiers): win, then block a five, then make an open four or a
// winning combination, then stop the opponent's.
func DefaultWeights() Weights {
	return Weights{
		Attack: [NumPatterns]int32{
			None: 0, One: 12, Two: 60, OpenTwo: 240, Three: 400, OpenThree: 2_600,
			Four: 3_000, OpenFour: 2_000_000, Five: 400_000_000,
		},
		Defence: [NumPatterns]int32{
			None: 0, One: 8, Two: 40, OpenTwo: 160, Three: 200, OpenThree: 1_000,
			Four: 1_200, OpenFour: 100_000, Five: 50_000_000,
		},
		AttackCombo:  [NumCombos]int32{DoubleFour: 2_000_000, FourThree: 1_800_000, DoubleThree: 30_000},
		DefenceCombo: [NumCombos]int32{DoubleFour: 150_000, FourThree: 140_000, DoubleThree: 12_000},
		Centre:       7,
	}
}

// MaxScore is the largest score any cell can reach: every line at the best
// pattern for both colours, every combo, the full centre bias and noise.
func (w *Weights) MaxScore() int64 {
	var maxA, maxD int64
	for p := Pattern(0); p < NumPatterns; p++ {
		maxA = max(maxA, int64(w.Attack[p]))
		maxD = max(maxD, int64(w.Defence[p]))
	}
	s := 4*maxA + 4*maxD + int64(w.Centre) + int64(w.Noise)
	for c := Combo(0); c < NumCombos; c++ {
		s += int64(w.AttackCombo[c]) + int64(w.DefenceCombo[c])
	}
	return s
}

// Validate checks that every weight is non-negative, that no reachable
// score can overflow a signed 32-bit integer (scoreboard arithmetic), and
// that the decisive tiers hold.
func (w *Weights) Validate() error {
	for p := Pattern(0); p < NumPatterns; p++ {
		if w.Attack[p] < 0 {
			return fmt.Errorf("attack.%s is %d: weights must not be negative", p, w.Attack[p])
		}
		if w.Defence[p] < 0 {
			return fmt.Errorf("defence.%s is %d: weights must not be negative", p, w.Defence[p])
		}
	}
	for c := Combo(0); c < NumCombos; c++ {
		if w.AttackCombo[c] < 0 || w.DefenceCombo[c] < 0 {
			return fmt.Errorf("combo %s is negative: weights must not be negative", c)
		}
	}
	if w.Centre < 0 || w.Noise < 0 {
		return fmt.Errorf("centre and noise must not be negative")
	}
	if m := w.MaxScore(); m > math.MaxInt32 {
		return fmt.Errorf("the largest reachable score is %d, over the 32-bit limit %d: scale the weights down", m, math.MaxInt32)
	}
	return w.CheckTiers()
}

// tier is one decisive rule: a cell holding any of the terms in "has" must
// outscore every cell holding none of the terms in "above" and "has".
type tier struct {
	name                string
	attack, defence     []Pattern
	attackCo, defenceCo []Combo
}

// tiers, strongest first. Each tier's cells must beat every cell that has
// no term of its own tier or of a stronger one.
var tiers = []tier{
	{name: "win with a five", attack: []Pattern{Five}},
	{name: "block the opponent's five", defence: []Pattern{Five}},
	{name: "make an open four", attack: []Pattern{OpenFour}, attackCo: []Combo{DoubleFour, FourThree}},
	{name: "block the opponent's open three", defence: []Pattern{OpenFour}, defenceCo: []Combo{DoubleFour, FourThree}},
}

// CheckTiers proves the decisive rules from the weights alone: for each tier
// the smallest weight of its terms exceeds the largest score a cell can
// reach with no term of that tier or any stronger one. Together they make
// the AI win when it can, block a four, make an open four (or a double four
// or four-three) when the opponent has no four, and block an open three (or
// the opponent's double four or four-three point) when it has nothing better.
func (w *Weights) CheckTiers() error {
	var exA [NumPatterns]bool
	var exD [NumPatterns]bool
	var exAC, exDC [NumCombos]bool
	for _, t := range tiers {
		least := int64(math.MaxInt64)
		for _, p := range t.attack {
			least = min(least, int64(w.Attack[p]))
			exA[p] = true
		}
		for _, p := range t.defence {
			least = min(least, int64(w.Defence[p]))
			exD[p] = true
		}
		for _, c := range t.attackCo {
			least = min(least, int64(w.AttackCombo[c]))
			exAC[c] = true
		}
		for _, c := range t.defenceCo {
			least = min(least, int64(w.DefenceCombo[c]))
			exDC[c] = true
		}
		// The best a cell can do without any excluded term.
		var maxA, maxD int64
		for p := Pattern(0); p < NumPatterns; p++ {
			if !exA[p] {
				maxA = max(maxA, int64(w.Attack[p]))
			}
			if !exD[p] {
				maxD = max(maxD, int64(w.Defence[p]))
			}
		}
		rest := 4*maxA + 4*maxD + int64(w.Centre) + int64(w.Noise)
		for c := Combo(0); c < NumCombos; c++ {
			if !exAC[c] {
				rest += int64(w.AttackCombo[c])
			}
			if !exDC[c] {
				rest += int64(w.DefenceCombo[c])
			}
		}
		if least <= rest {
			return fmt.Errorf("weights do not guarantee %q: its smallest weight %d must exceed %d, the most any cell without it can score", t.name, least, rest)
		}
	}
	return nil
}
