//go:build !unix

package distrib

// processAlive cannot tell a dead process here, so nothing is swept.
func processAlive(int) bool { return true }
