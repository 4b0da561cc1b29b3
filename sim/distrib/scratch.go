package distrib

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// scratchPrefix begins the name of a worker's scratch folder in the
// system's temporary folder: mcgomoku-worker-<pid>-<random>.
const scratchPrefix = "mcgomoku-worker-"

// newScratch makes this process's scratch folder, after removing those
// of workers that died without removing theirs (a SIGKILL, a crash, a
// machine switched off): a worker that runs for weeks on a machine whose
// workers are killed now and then must not fill its temporary folder.
// It returns the folder and how many dead workers' it removed.
func newScratch() (string, int, error) {
	swept := SweepScratch(os.TempDir())
	dir, err := os.MkdirTemp("", fmt.Sprintf("%s%d-", scratchPrefix, os.Getpid()))
	return dir, swept, err
}

// SweepScratch removes the scratch folders under tmp whose worker
// process no longer runs, and reports how many it removed. A folder whose
// name carries no process id (an older build's), or whose process is
// alive or cannot be told dead, is left alone.
func SweepScratch(tmp string) int {
	entries, err := os.ReadDir(tmp)
	if err != nil {
		return 0
	}
	removed := 0
	for _, e := range entries {
		pid, ok := scratchPID(e.Name())
		if !ok || !e.IsDir() || pid == os.Getpid() || processAlive(pid) {
			continue
		}
		if os.RemoveAll(filepath.Join(tmp, e.Name())) == nil {
			removed++
		}
	}
	return removed
}

// scratchPID is the process id in a scratch folder's name.
func scratchPID(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, scratchPrefix)
	if !ok {
		return 0, false
	}
	digits, _, ok := strings.Cut(rest, "-")
	if !ok {
		return 0, false
	}
	pid, err := strconv.Atoi(digits)
	return pid, err == nil && pid > 0 && strconv.Itoa(pid) == digits
}
