package distrib

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// scratchPrefix begins the name of a worker's scratch folder in the
// system's temporary folder: mcgomoku-worker-<pid>@<host>-<random>.
// The host name keeps a sweep to its own machine's processes: a
// temporary folder shared between containers (each with its own process
// ids and, by default, its own host name) must not lose a live worker's
// folder because its process id means nothing in another container.
const scratchPrefix = "mcgomoku-worker-"

// newScratch makes this process's scratch folder, after removing those
// of workers that died without removing theirs (a SIGKILL, a crash, a
// machine switched off): a worker that runs for weeks on a machine whose
// workers are killed now and then must not fill its temporary folder.
// It returns the folder and how many dead workers' it removed.
func newScratch() (string, int, error) {
	swept := SweepScratch(os.TempDir())
	dir, err := os.MkdirTemp("", fmt.Sprintf("%s%d@%s-", scratchPrefix, os.Getpid(), scratchHost()))
	return dir, swept, err
}

// scratchHost is this machine's name as a scratch folder carries it: no
// path separators, dashes (the last ends it) or @, "unknown" if it has
// none.
func scratchHost() string {
	h, err := os.Hostname()
	if err != nil || h == "" {
		return "unknown"
	}
	return strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == '-' || r == '@' || r == os.PathSeparator {
			return '_'
		}
		return r
	}, h)
}

// SweepScratch removes the scratch folders under tmp made on this host
// whose worker process no longer runs, and reports how many it removed.
// A folder of another host, one whose name carries no process id (an
// older build's), or whose process is alive or cannot be told dead, is
// left alone.
func SweepScratch(tmp string) int {
	entries, err := os.ReadDir(tmp)
	if err != nil {
		return 0
	}
	host := scratchHost()
	removed := 0
	for _, e := range entries {
		pid, h, ok := scratchOwner(e.Name())
		if !ok || h != host || !e.IsDir() || pid == os.Getpid() || processAlive(pid) {
			continue
		}
		if os.RemoveAll(filepath.Join(tmp, e.Name())) == nil {
			removed++
		}
	}
	return removed
}

// scratchOwner is the process id and host in a scratch folder's name.
func scratchOwner(name string) (pid int, host string, ok bool) {
	rest, ok := strings.CutPrefix(name, scratchPrefix)
	if !ok {
		return 0, "", false
	}
	digits, rest, ok := strings.Cut(rest, "@")
	if !ok {
		return 0, "", false
	}
	i := strings.LastIndexByte(rest, '-')
	if i <= 0 {
		return 0, "", false
	}
	pid, err := strconv.Atoi(digits)
	if err != nil || pid <= 0 || strconv.Itoa(pid) != digits {
		return 0, "", false
	}
	return pid, rest[:i], true
}
