//go:build !race

package spyglass

const raceEnabled = false
