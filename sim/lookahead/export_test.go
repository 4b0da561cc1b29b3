package lookahead

// WithoutCounterFours plants a bug in s for the tests that must catch it:
// a three's answers leave out the opponent's own fours.
func WithoutCounterFours(s *Searcher) *Searcher {
	s.noCounterFours = true
	return s
}
