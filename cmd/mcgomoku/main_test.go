package main

import (
	"os"
	"testing"

	"github.com/mcgomoku/mcgomoku/internal/fakebrain"
)

// mainArg as the first argument makes the test binary run mcgomoku
// itself, for tests that need a process of their own (signals).
const mainArg = "mcgomoku-main"

func TestMain(m *testing.M) {
	// The engine tests run this binary as their fake Gomocup engine.
	fakebrain.RunIfAsked()
	if len(os.Args) > 1 && os.Args[1] == mainArg {
		os.Exit(run(os.Args[2:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
