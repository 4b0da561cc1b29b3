package main

import (
	"strings"
	"testing"
)

// checkUsageError requires a usage error: exit 2, nothing on stdout, the
// message with want, and then one line pointing at the command's help
// instead of the whole usage.
func checkUsageError(t *testing.T, want string, args ...string) {
	t.Helper()
	code, stdout, stderr := runCmd(t, "", args...)
	hint := "see mcgomoku " + args[0] + " --help\n"
	lines := strings.SplitAfter(strings.TrimSuffix(stderr, "\n"), "\n")
	switch {
	case code != exitUsage || stdout != "":
		t.Errorf("%q: exit %d, stdout %q; want exit %d\n%s", args, code, stdout, exitUsage, stderr)
	case !strings.Contains(stderr, want):
		t.Errorf("%q: stderr %q, want it to say %q", args, stderr, want)
	case !strings.HasSuffix(stderr, hint) || strings.Count(stderr, hint) != 1 || len(lines) != 2:
		t.Errorf("%q: stderr %q, want the message then one line %q", args, stderr, hint)
	case strings.Contains(stderr, "usage:"):
		t.Errorf("%q: the whole usage was printed:\n%s", args, stderr)
	}
}

// TestFlagValuesRefused: no flag value hangs or crashes a command; what
// no flag can mean (NaN, infinity, a duration that overflows, a count no
// machine plays) is a usage error naming the flag, before any work.
func TestFlagValuesRefused(t *testing.T) {
	for _, tt := range []struct {
		want string
		args []string
	}{
		{"--scale NaN: want a finite number", []string{"render", "--scale", "NaN", "--out", "x.png"}},
		{"--scale +Inf: want a finite number", []string{"render", "--scale", "Inf", "--out", "x.svg"}},
		{"--tolerance NaN: want a finite number", []string{"sim", "--make-openings", "o.txt", "--tolerance", "NaN"}},
		{"--tolerance -Inf: want a finite number", []string{"sim", "--make-openings", "o.txt", "--tolerance", "-inf"}},
		{"--timeout-turn 2562047h0m0s: want at most 24h0m0s", []string{"sim", "greedy", "greedy", "--timeout-turn", "2562047h"}},
		{"--timeout-match 25h0m0s: want at most 24h0m0s", []string{"sim", "greedy", "greedy", "--timeout-match", "25h"}},
		{"--timeout-startup", []string{"sim", "greedy", "greedy", "--timeout-startup", "1000h"}},
		{"--slack", []string{"sim", "greedy", "greedy", "--slack", "100h"}},
		{"--games 20000000000: want at most 10000000000", []string{"sim", "greedy", "greedy", "--games", "20000000000"}},
		{"--rounds 2000000000: 3 players play 6 games a round", []string{"sim", "greedy", "seed000", "seed001", "--rounds", "2000000000"}},
		{"--count 2000000000: want 1..1000000 openings", []string{"sim", "--make-openings", "o.txt", "--count", "2000000000"}},
		{"--playouts 1000000000", []string{"sim", "--make-openings", "o.txt", "--playouts", "1000000000"}},
		{"--jobs 1000000000: want 1..1024", []string{"sim", "greedy", "greedy", "--jobs", "1000000000"}},
		{"--max-memory 9223372036854775807", []string{"sim", "greedy", "greedy", "--max-memory", "9223372036854775807"}},
		{"--opening-moves 1000", []string{"sim", "greedy", "greedy", "--opening-moves", "1000"}},
		{"--verify 20000000000: want at most", []string{"tune", "--out", "t.toml", "--verify", "20000000000"}},
		{"--games 20000000000: want at most", []string{"tune", "--out", "t.toml", "--games", "20000000000"}},
		{"--check 10000000000", []string{"tune", "--out", "t.toml", "--check", "10000000000"}},
		{"--jobs 100000: want 1..1024", []string{"tune", "--out", "t.toml", "--jobs", "100000"}},
		{"--timeout-turn 25h0m0s: want at most 24h0m0s", []string{"tune", "--out", "t.toml", "--timeout-turn", "25h"}},
		{"--timeout-turn 0s must be positive", []string{"tune", "--out", "t.toml", "--timeout-turn", "0s"}},
		{"--slack -1s must not be negative", []string{"tune", "--out", "t.toml", "--slack", "-1s"}},
		{"--max-memory -1: want 0 (no limit)", []string{"tune", "--out", "t.toml", "--max-memory", "-1"}},
		{"--games 2000000000: want at most 1000000", []string{"bench", "--games", "2000000000"}},
		{"--games 2000000000: want at most 1000000", []string{"bench", "--native", "--games", "2000000000"}},
		{"--repeat 1000000", []string{"bench", "--native", "--repeat", "1000000"}},
		{"--boards 9: want 0..8", []string{"bench", "--boards", "9"}},
		{`invalid argument "x" for "--games"`, []string{"sim", "greedy", "greedy", "--games", "x"}},
		{"unknown flag: --nosuch", []string{"gen", "--nosuch"}},
	} {
		checkUsageError(t, tt.want, tt.args...)
	}
}
