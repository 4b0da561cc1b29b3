// Package suggest finds the closest known name to a mistyped one, for the
// "did you mean …?" hints of the config decoder and the pack checker.
package suggest

// maxLen bounds the strings Distance compares: longer ones are never a
// typo of a short keyword, and the quadratic table stays small on
// arbitrary input.
const maxLen = 64

// Far is the distance Distance reports for strings longer than maxLen.
const Far = 1 << 20

// Distance is the Levenshtein distance between a and b in bytes (one
// insertion, deletion or substitution each), or Far when either is longer
// than 64 bytes.
func Distance(a, b string) int {
	if len(a) > maxLen || len(b) > maxLen {
		return Far
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Closest returns the first candidate nearest to word and its distance,
// or "" and Far when there are no candidates. Candidates come in the
// caller's order, so ties go to the earlier one.
func Closest(word string, candidates []string) (string, int) {
	best, bestD := "", Far
	for _, c := range candidates {
		if d := Distance(word, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best, bestD
}
