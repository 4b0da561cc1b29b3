package mcvm

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// The game's semantics of the score commands, written out here apart
// from mcvm's own code, as the project's notes on the game record them
// from 26.1.2's code (OperationArgument, execute's score conditions;
// /work/shared/MINECRAFT.md §3.2–3.3, not needed to run the tests):
// scores are Java ints; execute if|unless score compares two scores
// with <, <=, =, > or >= and fails when either is unset, and matches
// tests a range inclusive at both ends (an open end unbounded); scoreboard
// players operation wraps + - * on overflow, divides with Math.floorDiv
// and Math.floorMod, fails on a divisor of 0 with the target unchanged,
// and < > >< are min, max and swap.

// scoreValues are the values every operator meets as either operand:
// Java int's ends and their neighbours, zero, ±1, small numbers of both
// signs (odd, so a division has a remainder) and 2^16, whose square
// overflows.
var scoreValues = []int32{math.MinInt32, math.MinInt32 + 1, -65536, -7, -3, -2, -1, 0, 1, 2, 3, 7, 65536, math.MaxInt32 - 1, math.MaxInt32}

// javaCompare is the game's comparison of two set scores.
func javaCompare(op string, a, b int32) bool {
	switch op {
	case "<":
		return a < b
	case "<=":
		return a <= b
	case "=":
		return a == b
	case ">":
		return a > b
	case ">=":
		return a >= b
	}
	panic("no comparison " + op)
}

// javaFloorDiv is Math.floorDiv(a, b) for b != 0, from its definition:
// the largest q with q ≤ a/b, found from the float quotient and set
// right by the exact products (int64: no product of two ints overflows).
// Java's int result wraps, so MIN_VALUE / -1 is MIN_VALUE.
func javaFloorDiv(a, b int32) int64 {
	q := int64(math.Floor(float64(a) / float64(b)))
	A, B := int64(a), int64(b)
	below := func(q int64) bool { // q ≤ a/b
		if B > 0 {
			return q*B <= A
		}
		return q*B >= A
	}
	for !below(q) {
		q--
	}
	for below(q + 1) {
		q++
	}
	return q
}

// javaOperation is the game's scoreboard players operation on target a
// and source b: the new target and source, and whether the command
// succeeds.
func javaOperation(op string, a, b int32) (t, s int32, ok bool) {
	A, B := int64(a), int64(b)
	switch op {
	case "=":
		return b, b, true
	case "+=":
		return int32(A + B), b, true // int32 of an int64 is Java's wrap
	case "-=":
		return int32(A - B), b, true
	case "*=":
		return int32(A * B), b, true
	case "/=":
		if b == 0 {
			return a, b, false
		}
		return int32(javaFloorDiv(a, b)), b, true
	case "%=":
		if b == 0 {
			return a, b, false
		}
		// Math.floorMod: a - floorDiv(a, b)·b, the sign of the divisor.
		return int32(A - javaFloorDiv(a, b)*B), b, true
	case "<":
		return min(a, b), b, true
	case ">":
		return max(a, b), b, true
	case "><":
		return b, a, true
	}
	panic("no operation " + op)
}

// TestJavaOracle holds the oracle above to values worked out by hand
// (the wiki's examples and Java's documented corner cases), so it is not
// mcvm's arithmetic written twice.
func TestJavaOracle(t *testing.T) {
	for _, tc := range []struct {
		op         string
		a, b, want int32
	}{
		{"/=", 25, 10, 2}, {"%=", 25, 10, 5}, {"/=", -7, 2, -4}, {"%=", -7, 3, 2}, {"%=", 7, -3, -2},
		{"/=", 7, -2, -4}, {"/=", -7, -2, 3}, {"%=", -7, -3, -1},
		{"/=", math.MinInt32, -1, math.MinInt32}, {"%=", math.MinInt32, -1, 0},
		{"/=", math.MaxInt32, math.MinInt32, -1}, {"%=", math.MaxInt32, math.MinInt32, -1},
		{"/=", math.MinInt32, math.MaxInt32, -2}, {"%=", math.MinInt32, math.MaxInt32, math.MaxInt32 - 1},
		{"+=", math.MaxInt32, 1, math.MinInt32}, {"-=", math.MinInt32, 1, math.MaxInt32}, {"*=", 65536, 65536, 0},
		{"*=", math.MaxInt32, 2, -2}, {"*=", math.MinInt32, -1, math.MinInt32},
	} {
		if got, _, _ := javaOperation(tc.op, tc.a, tc.b); got != tc.want {
			t.Errorf("%d %s %d = %d, want %d", tc.a, tc.op, tc.b, got, tc.want)
		}
	}
}

// scoreCompareOps and scoreOperationOps are every operator of the two
// commands.
var (
	scoreCompareOps   = []string{"<", "<=", "=", ">", ">="}
	scoreOperationOps = []string{"=", "+=", "-=", "*=", "/=", "%=", "<", ">", "><"}
)

// scoreConditionDisagreements runs every comparison operator, as if and
// as unless, as the last step of an execute (its success stored) and
// before a run, on every pair of scoreValues and with an unset score on
// either side, and every range matches can hold (exact, at least, at
// most, between, from scoreValues) on every value and on an unset score,
// all in one function; it returns where mcvm's verdicts differ from the
// game's.
func scoreConditionDisagreements(t *testing.T) []string {
	t.Helper()
	type check struct {
		holder, what string
		want         bool
	}
	var fn []string
	var checks []check
	n := 0
	add := func(cond, what string, want bool) {
		for _, form := range []string{"last", "run"} {
			for _, kw := range []string{"if", "unless"} {
				r := fmt.Sprintf("#r%d", n)
				n++
				if form == "last" {
					fn = append(fn, fmt.Sprintf("execute store success score %s o %s %s", r, kw, cond))
				} else {
					fn = append(fn, fmt.Sprintf("scoreboard players set %s o 0", r), fmt.Sprintf("execute %s %s run scoreboard players set %s o 1", kw, cond, r))
				}
				checks = append(checks, check{r, fmt.Sprintf("execute %s %s (%s)", kw, what, form), want == (kw == "if")})
			}
		}
	}
	fn = append(fn, "scoreboard objectives add o dummy")
	for i, v := range scoreValues {
		fn = append(fn, fmt.Sprintf("scoreboard players set #v%d o %d", i, v))
	}
	for i, a := range scoreValues {
		for j, b := range scoreValues {
			for _, op := range scoreCompareOps {
				add(fmt.Sprintf("score #v%d o %s #v%d o", i, op, j), fmt.Sprintf("score %d %s %d", a, op, b), javaCompare(op, a, b))
			}
		}
		for _, op := range scoreCompareOps {
			add(fmt.Sprintf("score #v%d o %s #unset o", i, op), fmt.Sprintf("score %d %s unset", a, op), false)
			add(fmt.Sprintf("score #unset o %s #v%d o", op, i), fmt.Sprintf("score unset %s %d", op, a), false)
		}
	}
	type rng struct {
		text   string
		lo, hi int64 // inclusive; the int64 ends stand for an open end
	}
	var ranges []rng
	for i, lo := range scoreValues {
		ranges = append(ranges, rng{fmt.Sprint(lo), int64(lo), int64(lo)},
			rng{fmt.Sprintf("%d..", lo), int64(lo), math.MaxInt64}, rng{fmt.Sprintf("..%d", lo), math.MinInt64, int64(lo)})
		for _, hi := range scoreValues[i+1:] {
			ranges = append(ranges, rng{fmt.Sprintf("%d..%d", lo, hi), int64(lo), int64(hi)})
		}
	}
	for _, r := range ranges {
		for i, v := range scoreValues {
			add(fmt.Sprintf("score #v%d o matches %s", i, r.text), fmt.Sprintf("score %d matches %s", v, r.text), r.lo <= int64(v) && int64(v) <= r.hi)
		}
		add("score #unset o matches "+r.text, "score unset matches "+r.text, false)
	}
	m := load(t, map[string]string{"t:f": lines(fn...)})
	call(t, m, "t:f")
	var bad []string
	for _, c := range checks {
		got, _ := m.Score(c.holder, "o")
		if (got == 1) != c.want {
			bad = append(bad, fmt.Sprintf("%s: mcvm passes=%v, the game %v", c.what, got == 1, c.want))
		}
	}
	if len(checks) < 8000 {
		t.Fatalf("only %d conditions tried", len(checks))
	}
	return bad
}

// scoreOperationDisagreements runs every operator of scoreboard players
// operation on every pair of scoreValues, storing each command's result
// and success, and returns where mcvm's target, source, result or
// success differ from the game's.
func scoreOperationDisagreements(t *testing.T) []string {
	t.Helper()
	type check struct {
		k            int
		what         string
		t, s, result int32
		ok           bool
	}
	fn := []string{"scoreboard objectives add o dummy"}
	var checks []check
	for _, op := range scoreOperationOps {
		for _, a := range scoreValues {
			for _, b := range scoreValues {
				k := len(checks)
				fn = append(fn, fmt.Sprintf("scoreboard players set #t%d o %d", k, a), fmt.Sprintf("scoreboard players set #s%d o %d", k, b),
					fmt.Sprintf("execute store result score #r%d o store success score #ok%d o run scoreboard players operation #t%d o %s #s%d o", k, k, k, op, k))
				nt, ns, ok := javaOperation(op, a, b)
				result := nt
				if !ok {
					result = 0 // a command that throws stores result 0 and success 0
				}
				checks = append(checks, check{k, fmt.Sprintf("%d %s %d", a, op, b), nt, ns, result, ok})
			}
		}
	}
	m := load(t, map[string]string{"t:f": lines(fn...)})
	call(t, m, "t:f")
	var bad []string
	for _, c := range checks {
		var got [4]int32
		for i, h := range []string{"#t", "#s", "#r", "#ok"} {
			got[i], _ = m.Score(fmt.Sprint(h, c.k), "o")
		}
		want := [4]int32{c.t, c.s, c.result, boolInt(c.ok)}
		if got != want {
			bad = append(bad, fmt.Sprintf("operation %s: mcvm leaves target %d, source %d, result %d, success %d; the game %d, %d, %d, %d",
				c.what, got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]))
		}
	}
	return bad
}

// reportAll fails t with the first of bad (and how many more).
func reportAll(t *testing.T, bad []string) {
	t.Helper()
	for i, b := range bad {
		if i == 10 {
			t.Errorf("… and %d more", len(bad)-10)
			break
		}
		t.Error(b)
	}
}

// TestScoreConditionsAreTheGames: every comparison and every range of
// execute if|unless score, on the ends of int and around zero, with
// unset scores, agrees with the game.
func TestScoreConditionsAreTheGames(t *testing.T) {
	reportAll(t, scoreConditionDisagreements(t))
}

// TestScoreOperationsAreTheGames: every operator of scoreboard players
// operation on every pair of edge values agrees with the game: target,
// source, the command's result and its success.
func TestScoreOperationsAreTheGames(t *testing.T) {
	reportAll(t, scoreOperationDisagreements(t))
}

// plantComparison makes mcvm compile op as cmp until the test ends.
func plantComparison(t *testing.T, op string, cmp func(a, b int32) bool) {
	old := scoreComparisons[op]
	t.Cleanup(func() { scoreComparisons[op] = old })
	scoreComparisons[op] = cmp
}

// plantOperation makes mcvm compile op as f until the test ends.
func plantOperation(t *testing.T, op string, f scoreOp) {
	old := scoreOps[op]
	t.Cleanup(func() { scoreOps[op] = old })
	scoreOps[op] = f
}

// wantCaught requires bad to hold a disagreement containing each of
// msgs: the planted bug is seen where it is, not by luck elsewhere.
func wantCaught(t *testing.T, bad []string, msgs ...string) {
	t.Helper()
	for _, msg := range msgs {
		found := false
		for _, b := range bad {
			found = found || strings.Contains(b, msg)
		}
		if !found {
			t.Errorf("the planted bug went unseen (no %q); %d disagreements: %.5q", msg, len(bad), bad)
		}
	}
}

// TestScoreConditionsCatchLessAsLessOrEqual plants the careless change
// the proofs once missed, execute if score … < evaluated as <=, and
// requires the test of the conditions to fail on equal scores, as if and
// as unless.
func TestScoreConditionsCatchLessAsLessOrEqual(t *testing.T) {
	plantComparison(t, "<", scoreComparisons["<="])
	bad := scoreConditionDisagreements(t)
	wantCaught(t, bad, "execute if score -1 < -1 (last): mcvm passes=true, the game false",
		"execute unless score 2147483647 < 2147483647 (run): mcvm passes=false, the game true")
	t.Logf("%d disagreements, e.g. %q", len(bad), bad[0])
}

// TestScoreConditionsTellEveryOperatorApart: each comparison operator
// compiled as any other fails the test, and so does a range whose ends
// are read as exclusive.
func TestScoreConditionsTellEveryOperatorApart(t *testing.T) {
	for _, op := range scoreCompareOps {
		for _, as := range scoreCompareOps {
			if op == as {
				continue
			}
			t.Run(op+" as "+as, func(t *testing.T) {
				plantComparison(t, op, scoreComparisons[as])
				if bad := scoreConditionDisagreements(t); len(bad) == 0 {
					t.Fatalf("with %s compiled as %s, no disagreement", op, as)
				}
			})
		}
	}
	t.Run("exclusive range", func(t *testing.T) {
		// A range whose ends are read as exclusive (N..M as N < v < M).
		old := newIntRange
		t.Cleanup(func() { newIntRange = old })
		newIntRange = func(rg syntax.IntRange) intRange {
			return intRange{rg.Min + 1, rg.Max - 1, rg.HasMin, rg.HasMax}
		}
		wantCaught(t, scoreConditionDisagreements(t), "execute if score 0 matches 0 (last): mcvm passes=false, the game true",
			"execute unless score -7 matches -7..3 (run): mcvm passes=true, the game false")
	})
}

// TestScoreOperationsCatchCarelessArithmetic plants the mistakes an
// interpreter of scores makes — Go's truncating / and % for Java's floor
// ones, a division by zero that succeeds or zeroes the target, sums and
// products that saturate instead of wrapping, operands the wrong way
// round, a swap that writes one side, min for max — and requires the
// test of the operations to fail on each, on the values that show it.
func TestScoreOperationsCatchCarelessArithmetic(t *testing.T) {
	sat := func(v int64) int32 { return int32(max(math.MinInt32, min(math.MaxInt32, v))) }
	for _, tc := range []struct {
		name, op string
		f        scoreOp
		want     string
	}{
		{"truncating division", "/=", func(t, s *scoreCell) error {
			if s.value == 0 {
				return errDivideByZero
			}
			if t.value == math.MinInt32 && s.value == -1 {
				return nil
			}
			t.value /= s.value
			return nil
		}, "operation -7 /= 2: mcvm leaves target -3"},
		{"Go's remainder", "%=", func(t, s *scoreCell) error {
			if s.value == 0 {
				return errDivideByZero
			}
			if s.value == -1 {
				t.value = 0
				return nil
			}
			t.value %= s.value
			return nil
		}, "operation -7 %= 3: mcvm leaves target -1"},
		{"division by zero succeeds", "/=", func(t, s *scoreCell) error {
			if s.value != 0 {
				t.value = floorDiv(t.value, s.value)
			}
			return nil
		}, "operation 7 /= 0: mcvm leaves target 7, source 0, result 7, success 1"},
		{"modulo by zero zeroes", "%=", func(t, s *scoreCell) error {
			if s.value == 0 {
				t.value = 0
				return errDivideByZero
			}
			t.value = floorMod(t.value, s.value)
			return nil
		}, "operation 7 %= 0: mcvm leaves target 0"},
		{"saturating sum", "+=", func(t, s *scoreCell) error { t.value = sat(int64(t.value) + int64(s.value)); return nil },
			"operation 2147483647 += 1: mcvm leaves target 2147483647"},
		{"saturating product", "*=", func(t, s *scoreCell) error { t.value = sat(int64(t.value) * int64(s.value)); return nil },
			"operation 65536 *= 65536: mcvm leaves target 2147483647"},
		{"difference reversed", "-=", func(t, s *scoreCell) error { t.value = s.value - t.value; return nil },
			"operation 7 -= 3: mcvm leaves target -4"},
		{"assignment reversed", "=", func(t, s *scoreCell) error { s.value = t.value; return nil },
			"operation 7 = 3: mcvm leaves target 7, source 7"},
		{"min as max", "<", func(t, s *scoreCell) error { t.value = max(t.value, s.value); return nil },
			"operation 3 < 7: mcvm leaves target 7"},
		{"swap one-sided", "><", func(t, s *scoreCell) error { t.value = s.value; return nil },
			"operation 3 >< 7: mcvm leaves target 7, source 7"},
	} {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			plantOperation(t, tc.op, tc.f)
			wantCaught(t, scoreOperationDisagreements(t), tc.want)
		})
	}
}
