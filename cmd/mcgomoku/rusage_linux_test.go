package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// peakRSS is a finished process's peak resident memory in KiB.
func peakRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss
	}
	return -1
}

// cpuTime is the CPU time this process and the running processes pids
// have used so far (user and system), false where unknown.
func cpuTime(pids ...int) (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	total := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	for _, pid := range pids {
		data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return 0, false
		}
		// The fields after the command's parenthesis: utime and stime
		// are the 12th and 13th, in clock ticks (100 a second).
		s := string(data)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(fields) < 13 {
			return 0, false
		}
		for _, f := range fields[11:13] {
			ticks, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				return 0, false
			}
			total += time.Duration(ticks) * 10 * time.Millisecond
		}
	}
	return total, true
}
