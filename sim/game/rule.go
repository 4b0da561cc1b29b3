package game

import "fmt"

// Rule is the set of winning and forbidden-move rules.
type Rule uint8

const (
	// Freestyle: five or more in a row wins.
	Freestyle Rule = iota
	// Standard: exactly five wins; an overline does not (but is legal).
	Standard
	// Renju: black may not make an overline, a double four or a double
	// three (five beats all three); white wins with five or more.
	Renju
)

var ruleNames = [...]string{"freestyle", "standard", "renju"}

func (r Rule) String() string {
	if int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return fmt.Sprintf("rule(%d)", r)
}

// ParseRule parses "freestyle", "standard" or "renju".
func ParseRule(s string) (Rule, error) {
	for i, n := range ruleNames {
		if s == n {
			return Rule(i), nil
		}
	}
	return 0, fmt.Errorf("unknown rule %q (want freestyle, standard or renju)", s)
}

// OverlineWins reports whether six or more in a row wins for colour c.
func (r Rule) OverlineWins(c Colour) bool {
	switch r {
	case Freestyle:
		return true
	case Renju:
		return c == White
	}
	return false
}

// MarshalText and UnmarshalText let a Rule be a TOML or JSON string.
func (r Rule) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

func (r *Rule) UnmarshalText(b []byte) error {
	v, err := ParseRule(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}
