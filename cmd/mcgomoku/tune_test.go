package main

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/tune"
)

// tinyTune is a config for a tuning run of a second: a 9×9 board and two
// weights.
const tinyTune = `# a tiny tuning run
[game]
size = 9

[weights.attack]
open_three = 2_600     # kept comment

[tune]
iterations = 6
pairs = 1

[tune.params]
"weights.attack.open_three" = { min = 500, max = 6_000, step = 200, rate = 0.05 }
"weights.defence.three" = { min = 20, max = 1_000, step = 40, rate = 0.05 }
`

// tuneFiles writes config text to in.toml in a fresh directory and
// names out.toml beside it.
func tuneFiles(t *testing.T, config string) (dir, in, out string) {
	t.Helper()
	dir = t.TempDir()
	in, out = filepath.Join(dir, "in.toml"), filepath.Join(dir, "out.toml")
	if err := os.WriteFile(in, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, in, out
}

func TestTuneCommand(t *testing.T) {
	dir, in, out := tuneFiles(t, tinyTune)
	args := []string{"tune", "--config", in, "--out", out, "--against", "self,start", "--verify", "20",
		"--check", "2", "--batch", "2", "--jobs", "2", "--seed", "4"}
	code, stdout, stderr := runCmd(t, "", args...)
	if code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{"weights.attack.open_three", "6 iterations, 36 games", "tuned vs start: 20 of 20 games", "wrote " + out} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// The config's [tune] says nothing of a lag: the default, 3.
	if !strings.Contains(string(text), "6 SPSA iterations (lag 3), 36 games") {
		t.Errorf("the tuned config's header does not give the lag:\n%s", text)
	}
	c, err := config.Parse(out, text)
	if err != nil {
		t.Fatalf("the tuned config does not load: %v", err)
	}
	st, err := tune.LoadState(filepath.Join(dir, "out.tune.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !st.Done() {
		t.Errorf("the checkpoint is at iteration %d, want the end", st.Iteration)
	}
	if got, want := c.Weights.Attack[eval.OpenThree], int32(roundHalf(st.Theta[0])); got != want {
		t.Errorf("open_three: the file holds %d, the run ended at %d", got, want)
	}
	for _, want := range []string{"# Tuned by mcgomoku tune from " + in, "Verification: tuned against the starting weights over 20 games", "# kept comment", "# a tiny tuning run"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the tuned config lacks %q", want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out.svg")); err != nil {
		t.Errorf("no chart: %v", err)
	}

	// Without --resume an existing checkpoint is kept, not overwritten.
	code, _, stderr = runCmd(t, "", args...)
	if code != exitFailure || !strings.Contains(stderr, "add --resume") {
		t.Errorf("a second run without --resume: exit %d, %s", code, stderr)
	}
	// With it, a finished run goes straight to the end and writes the
	// same file.
	if err := os.Remove(out); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runCmd(t, "", append(args, "--resume")...)
	if code != exitOK {
		t.Fatalf("--resume: exit %d, %s", code, stderr)
	}
	again, err := os.ReadFile(out)
	if err != nil || string(again) != string(text) {
		t.Errorf("--resume of a finished run wrote another file (%v)", err)
	}
	// Other settings are refused.
	code, _, stderr = runCmd(t, "", append(args[:len(args)-2:len(args)-2], "--seed", "5", "--resume")...)
	if code != exitFailure || !strings.Contains(stderr, "other settings (seed: 5 against 4)") {
		t.Errorf("--resume with another seed: exit %d, %s", code, stderr)
	}
}

// tinyLookaheadTune is tinyTune for the lookahead: its ai.profile makes
// the lookahead play, which tunes a leaf value and an ordering weight.
const tinyLookaheadTune = `[game]
size = 9

[ai]
profile = "lookahead"

[lookahead]
nodes = 200

[lookahead.value]
four = 60              # kept comment

[tune]
iterations = 4
pairs = 1

[tune.params]
"weights.attack.open_three" = { min = 500, max = 6_000, step = 200, rate = 0.05 }
"lookahead.value.four" = { min = 0, max = 600, step = 20, rate = 0.05 }

# Two levels, quick with the file's own budgets: the shipped quick also
# bounds a move's stones, which ties these few games.
[lookahead.levels.quick]
[lookahead.levels.normal]
depth = 5
`

func TestTuneLookahead(t *testing.T) {
	dir, in, out := tuneFiles(t, tinyLookaheadTune)
	code, stdout, stderr := runCmd(t, "", "tune", "--config", in, "--out", out, "--level", "quick", "--verify", "4", "--check", "0", "--jobs", "2", "--seed", "2")
	if code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "played by lookahead (level quick)") {
		t.Errorf("stderr does not say the lookahead plays:\n%s", stderr)
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	c, err := config.Parse(out, text)
	if err != nil {
		t.Fatalf("the tuned config does not load: %v", err)
	}
	st, err := tune.LoadState(filepath.Join(dir, "out.tune.json"))
	if err != nil {
		t.Fatal(err)
	}
	// Parameters in index order: the weight, then the lookahead's value.
	if got, want := c.Weights.Attack[eval.OpenThree], int32(roundHalf(st.Theta[0])); got != want {
		t.Errorf("weights.attack.open_three: the file holds %d, the run ended at %d", got, want)
	}
	if got, want := c.Lookahead.Value[eval.Four], int32(roundHalf(st.Theta[1])); got != want {
		t.Errorf("lookahead.value.four: the file holds %d, the run ended at %d", got, want)
	}
	if c.Lookahead.Value[eval.Four] == 60 {
		t.Errorf("lookahead.value.four did not move from 60 (theta %v)", st.Theta)
	}
	for _, want := range []string{"played by the lookahead", "Tuned values (start → tuned):", "#   lookahead.value.four: 60 → ", "# kept comment"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the tuned config lacks %q:\n%s", want, text)
		}
	}
	for _, want := range []string{"lookahead.value.four", "tuned vs start: 4 of 4 games"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.HasPrefix(stdout, "value ") {
		t.Errorf("the table's first column is not headed value:\n%s", stdout)
	}

	// Another level is another lookahead: its checkpoint does not resume.
	code, _, stderr = runCmd(t, "", "tune", "--config", in, "--out", out, "--level", "normal", "--verify", "4", "--check", "0", "--seed", "2", "--resume")
	if code != exitFailure || !strings.Contains(stderr, "other settings") {
		t.Errorf("--resume at another level: exit %d, %s", code, stderr)
	}

	// The same plan with greedy playing: its value would change no game.
	code, _, stderr = runCmd(t, "", "tune", "--config", in, "--out", filepath.Join(dir, "g.toml"), "--ai", "greedy")
	if code != exitFailure || !strings.Contains(stderr, in+`:19: key "tune.params.lookahead.value.four": lookahead.value.four is the lookahead's value, and the greedy AI plays these games`) {
		t.Errorf("--ai greedy with a lookahead value: exit %d, %s", code, stderr)
	}
}

func roundHalf(v float64) float64 {
	if v < 0 {
		return -roundHalf(-v)
	}
	return float64(int64(v + 0.5))
}

func TestTuneUsage(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"tune"}, exitUsage, "--out is required"},
		{[]string{"tune", "--out", "x.toml", "extra"}, exitUsage, "unexpected arguments"},
		{[]string{"tune", "--out", "x.toml", "--batch", "0"}, exitUsage, "--batch"},
		{[]string{"tune", "--out", filepath.Join(dir, "x.toml"), "--against", "self,,start"}, exitUsage, "empty opponent"},
		// An unknown player is a mistake on the command line, as for sim.
		{[]string{"tune", "--out", filepath.Join(dir, "x.toml"), "--against", "sed004"}, exitUsage, `unknown player "sed004"`},
		// 0 games used to mean the config's 40,000-game default.
		{[]string{"tune", "--out", filepath.Join(dir, "x.toml"), "--games", "0"}, exitUsage, "--games 0"},
		{[]string{"tune", "--out", filepath.Join(dir, "x.toml"), "--games", "-5"}, exitUsage, "--games -5"},
		{[]string{"tune", "--out", filepath.Join(dir, "x.toml"), "--jobs", "0"}, exitUsage, "--jobs 0"},
		{[]string{"tune", "--out", filepath.Join(dir, "x.toml"), "--stones", "300"}, exitUsage, "do not fit a 15×15 board"},
		{[]string{"tune", "--out", filepath.Join(dir, "x.toml"), "--check", "-1"}, exitUsage, "--check"},
		{[]string{"tune", "--out", filepath.Join(dir, "x.toml"), "--lag", "9"}, exitUsage, "--lag 9: want 0..8"},
		{[]string{"tune", "--out", filepath.Join(dir, "x.toml"), "--ai", "seed000"}, exitUsage, `--ai "seed000": want greedy or lookahead`},
		{[]string{"tune", "--out", filepath.Join(dir, "x.toml"), "--ai", "lookahead", "--level", "quik"}, exitUsage, `--level: (default): unknown level "quik"; did you mean "quick"?`},
		{[]string{"tune", "--out", filepath.Join(dir, "x.toml"), "--level", "quick"}, exitUsage, `--level "quick": only the lookahead has levels`},
		{[]string{"tune", "--out", filepath.Join(dir, "x.toml"), "--config", filepath.Join(dir, "none.toml")}, exitFailure, "reading config"},
	} {
		code, _, stderr := runCmd(t, "", tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, %s; want exit %d and %q", tt.args, code, stderr, tt.code, tt.want)
		}
	}
}

func TestSplitSpecs(t *testing.T) {
	tests := []struct {
		in   []string
		want []string
	}{
		{nil, []string{"self"}},
		{[]string{"self,start"}, []string{"self", "start"}},
		{[]string{"self", "seed004"}, []string{"self", "seed004"}},
		{[]string{"search:nodes=2000,threads=1,seed002"}, []string{"search:nodes=2000,threads=1", "seed002"}},
		{[]string{"greedy:a.toml, start"}, []string{"greedy:a.toml", "start"}},
	}
	for _, tt := range tests {
		got, err := splitSpecs(tt.in)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("splitSpecs(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// TestTuneFitOrder: tune --fit-order writes the config with its ordering
// fitted and says how; a bad labels file names its line, other tuning
// flags are refused, and nothing is written on failure.
func TestTuneFitOrder(t *testing.T) {
	dir := t.TempDir()
	labels := filepath.Join(dir, "moves.txt")
	var b strings.Builder
	b.WriteString("size 15\nrule freestyle\n")
	// A few positions whose labelled move is the cell of two open twos.
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "h8 a%d g9 b%d j9 c%d : i7\n", 1+i%10, 15-i%10, 5+i%3)
	}
	if err := os.WriteFile(labels, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "fitted.toml")
	code, stdout, stderr := runCmd(t, "", "tune", "--fit-order", labels, "--out", out)
	if code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(text), "# Ordering fitted by mcgomoku tune --fit-order moves.txt") ||
		!strings.Contains(stdout, "Fitted weights (start → fitted):") {
		t.Errorf("stdout %s\nfile %.300s", stdout, text)
	}
	if _, err := config.Parse(out, text); err != nil {
		t.Errorf("the fitted config does not load: %v", err)
	}

	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("size 15\nh8 i9 : j10\nh8 h8 : g7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out2 := filepath.Join(dir, "never.toml")
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"tune", "--fit-order", bad, "--out", out2}, exitFailure, bad + ":3:4: h8: "},
		{[]string{"tune", "--fit-order", labels, "--out", out2, "--games", "10"}, exitUsage, "--fit-order plays no games: --games do not apply"},
		{[]string{"tune", "--fit-order", filepath.Join(dir, "none.txt"), "--out", out2}, exitFailure, "none.txt"},
	} {
		code, _, stderr := runCmd(t, "", tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, %s; want exit %d and %q", tt.args, code, stderr, tt.code, tt.want)
		}
	}
	if _, err := os.Stat(out2); !os.IsNotExist(err) {
		t.Errorf("a failed fit wrote %s", out2)
	}
}
