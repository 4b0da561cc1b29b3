//go:build race

package check

// raceEnabled: the race detector slows the checker several times over, so
// timing assertions are skipped under it.
const raceEnabled = true
