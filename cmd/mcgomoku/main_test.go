package main

import (
	"os"
	"testing"

	"github.com/mcgomoku/mcgomoku/internal/fakebrain"
)

func TestMain(m *testing.M) {
	// The engine tests run this binary as their fake Gomocup engine.
	fakebrain.RunIfAsked()
	os.Exit(m.Run())
}
