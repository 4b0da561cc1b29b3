//go:build race

package spyglass

// raceEnabled: the test binary runs under the race detector (.ci/run's
// last step), which watches our goroutines, not Node's; the Spyglass runs
// themselves are left to the plain run.
const raceEnabled = true
