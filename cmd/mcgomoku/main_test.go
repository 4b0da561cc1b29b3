package main

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/mcgomoku/mcgomoku/internal/fakebrain"
	"github.com/mcgomoku/mcgomoku/sim/distrib"
)

// mainArg as the first argument makes the test binary run mcgomoku
// itself, for tests that need a process of their own (signals).
const mainArg = "mcgomoku-main"

// holdingArg is mainArg for a worker that holds its first batch.
const holdingArg = "mcgomoku-main-holding"

func TestMain(m *testing.M) {
	// The engine tests run this binary as their fake Gomocup engine.
	fakebrain.RunIfAsked()
	if len(os.Args) > 1 && os.Args[1] == holdingArg {
		// A worker that holds its first batch forever, to be killed in
		// the middle of it.
		var once sync.Once
		workerHold = func(id string) {
			once.Do(func() {
				fmt.Fprintf(os.Stderr, "holding batch %s\n", id)
				select {}
			})
		}
		os.Args[1] = mainArg
	}
	if len(os.Args) > 1 && os.Args[1] == mainArg {
		os.Exit(run(os.Args[2:], os.Stdin, os.Stdout, os.Stderr))
	}
	code := m.Run()
	// The distributed tests kill workers with SIGKILL, as a machine that
	// dies would: their scratch folders go now, not at the next worker.
	distrib.SweepScratch(os.TempDir())
	os.Exit(code)
}
