package eval

import "fmt"

// Pattern is the shape a stone on an empty cell would make along one line,
// for one colour: the single source of the names used for TOML keys, Go
// constants, scoreboard objectives and template variables.
//
// Pictures show the line after the stone is played on the cell (X), with
// _ empty and O a blocker (opponent stone or the board's edge).
type Pattern uint8

const (
	None      Pattern = iota // OX___O    no five can ever pass through the cell here
	One                      // __X__     a lone stone with room for five
	Two                      // OXX___    a two that can only become a closed three
	OpenTwo                  // __XX__    a two that can become an open three (also _X_X_)
	Three                    // OXXX__    a three that can become a four, not an open four
	OpenThree                // _XXX__    a three that can become an open four (also _XX_X_)
	Four                     // OXXXX_    one move from five, one way (also XX_XX)
	OpenFour                 // _XXXX_    one move from five, two ways: unstoppable
	Five                     // XXXXX     five (exactly five under exact-five rules)
	NumPatterns
)

var patternNames = [NumPatterns]string{
	"none", "one", "two", "open_two", "three", "open_three", "four", "open_four", "five",
}

func (p Pattern) String() string {
	if p < NumPatterns {
		return patternNames[p]
	}
	return fmt.Sprintf("pattern(%d)", p)
}

// ParsePattern maps a name ("open_three") to its Pattern.
func ParsePattern(s string) (Pattern, bool) {
	for i, n := range patternNames {
		if n == s {
			return Pattern(i), true
		}
	}
	return 0, false
}

// PatternNames lists every pattern name in enum order.
func PatternNames() []string { return patternNames[:] }

// Combo is a shape made by one move across several lines.
type Combo uint8

const (
	DoubleFour  Combo = iota // two lines with a four (or open four)
	FourThree                // a four and an open three
	DoubleThree              // two open threes
	NumCombos
)

var comboNames = [NumCombos]string{"double_four", "four_three", "double_three"}

func (c Combo) String() string {
	if c < NumCombos {
		return comboNames[c]
	}
	return fmt.Sprintf("combo(%d)", c)
}

// ParseCombo maps a name ("four_three") to its Combo.
func ParseCombo(s string) (Combo, bool) {
	for i, n := range comboNames {
		if n == s {
			return Combo(i), true
		}
	}
	return 0, false
}

// ComboNames lists every combo name in enum order.
func ComboNames() []string { return comboNames[:] }

// Combos reports which combos a cell has for one colour, from the number of
// its lines with a four or open four (fours) and with an open three (threes).
func Combos(fours, threes int) [NumCombos]bool {
	return [NumCombos]bool{
		DoubleFour:  fours >= 2,
		FourThree:   fours >= 1 && threes >= 1,
		DoubleThree: threes >= 2,
	}
}
