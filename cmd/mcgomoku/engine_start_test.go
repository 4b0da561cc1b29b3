package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/internal/fakebrain"
)

// TestSimEngineDeadAtStart: an engine that exits before answering START
// (true(1), one that writes blanks and exits) fails the run at once with
// the reason, exit 1; it used to play a match of forfeits and exit 0.
func TestSimEngineDeadAtStart(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	engines := []string{fakebrain.Spec(exe, "-blank-exit")}
	if tr, err := exec.LookPath("true"); err == nil {
		engines = append(engines, "pbrain:"+tr)
	}
	for _, engine := range engines {
		code, stdout, stderr := runCmd(t, "", "sim", "greedy", engine, "--games", "4")
		if code != exitFailure || stdout != "" || !strings.Contains(stderr, "exited before answering START 15") {
			t.Errorf("%s: exit %d\nstdout %q\nstderr %q", engine, code, stdout, stderr)
		}
	}
}
