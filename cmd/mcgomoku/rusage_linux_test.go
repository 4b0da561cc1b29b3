package main

import (
	"os"
	"syscall"
)

// peakRSS is a finished process's peak resident memory in KiB.
func peakRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss
	}
	return -1
}
