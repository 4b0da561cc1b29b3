// Command badbrain is the misbehaving test engine of internal/fakebrain as
// a program of its own, for trying managers by hand:
//
//	go build -o pbrain-bad ./sim/player/testdata/badbrain
//	mcgomoku sim greedy "pbrain:./pbrain-bad -crash 3"
//
// Run it with -h for its misbehaviours.
package main

import (
	"os"

	"github.com/mcgomoku/mcgomoku/internal/fakebrain"
)

func main() {
	os.Exit(fakebrain.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
