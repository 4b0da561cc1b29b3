// Command mcgomoku generates a Gomoku data pack for Minecraft: Java Edition,
// simulates its AI offline and tunes the AI's weights.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
