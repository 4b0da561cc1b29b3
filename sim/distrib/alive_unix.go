//go:build unix

package distrib

import (
	"errors"
	"syscall"
)

// processAlive reports whether process pid exists: signal 0 checks
// without sending anything, and a process of another user (EPERM) is
// alive too.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
