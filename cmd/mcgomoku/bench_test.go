package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
)

func TestBenchUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "--ai", "greedy,minimax"}, `unknown AI "minimax"`},
		{[]string{"bench", "--sizes", "15,4"}, `bad board size "4"`},
		{[]string{"bench", "--sizes", "x"}, `bad board size "x"`},
		{[]string{"bench", "--games", "0"}, "--games must be positive"},
		{[]string{"bench", "extra"}, `unexpected argument "extra"`},
		{[]string{"bench", "--levels", "quick"}, `--levels are the lookahead's: add --ai lookahead`},
		{[]string{"bench", "--ai", "lookahead", "--levels", "quick,huge"}, `unknown level "huge" in --levels`},
		{[]string{"bench", "--native", "--levels", "quick"}, `--ai, --sizes and --levels are for the packs`},
		{[]string{"bench", "--native", "--profile", "x.pb.gz"}, `--profile profiles the packs`},
	} {
		checkUsageError(t, tc.want, tc.args...)
	}
}

// TestBenchJSON runs a tiny bench: a row per AI and size, in order, with
// the fields the JSON promises, and the goals.
func TestBenchJSON(t *testing.T) {
	code, stdout, stderr := runCmd(t, "", "bench", "--sizes", "7", "--games", "1", "--rounds", "2", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		Rows   []map[string]any `json:"rows"`
		Boards []map[string]any `json:"boards"`
		Goals  []struct {
			Goal string `json:"goal"`
			OK   bool   `json:"ok"`
		} `json:"goals"`
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if len(res.Rows) != 2 || res.Rows[0]["ai"] != "greedy" || res.Rows[1]["ai"] != "seed000" {
		t.Fatalf("rows: %v", res.Rows)
	}
	for _, r := range res.Rows {
		for _, k := range []string{"size", "commands_mean", "commands_p99", "commands_max", "entities_scanned_mean", "entities_scanned_max"} {
			if _, ok := r[k]; !ok {
				t.Errorf("row %v has no %q", r["ai"], k)
			}
		}
		if r["size"] != 7.0 {
			t.Errorf("row %v: size %v, want 7", r["ai"], r["size"])
		}
	}
	// The default --boards 4: a row per AI of four boards at once.
	if len(res.Boards) != 2 || res.Boards[0]["boards"] != 4.0 || res.Boards[0]["ai_moves"] != 8.0 {
		t.Errorf("boards rows: %v", res.Boards)
	}
	// No 15×15 rows: only the greedy goals apply.
	if len(res.Goals) != 2 {
		t.Errorf("goals: %+v", res.Goals)
	}
	if !strings.Contains(stderr, "greedy 7×7: 1 games") {
		t.Errorf("progress on stderr: %q", stderr)
	}
	code, stdout, _ = runCmd(t, "", "bench", "--sizes", "7", "--games", "1", "--ai", "greedy", "--boards", "0")
	if code != exitOK || !strings.Contains(stdout, "cmds/move mean") || !strings.Contains(stdout, "greedy scans no entities") || strings.Contains(stdout, "Several boards") {
		t.Errorf("text output (exit %d):\n%s", code, stdout)
	}
}

func TestBenchNativeUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "--native", "--ai", "greedy"}, "--ai, --sizes and --levels are for the packs"},
		{[]string{"bench", "--native", "--sizes", "15"}, "--ai, --sizes and --levels are for the packs"},
		{[]string{"bench", "--native", "--repeat", "0"}, "--repeat must be positive"},
		{[]string{"bench", "--native", "--games", "0"}, "--games must be positive"},
		{[]string{"bench", "--native", "extra"}, `unexpected argument "extra"`},
		{[]string{"bench", "--repeat", "2"}, "--repeat is for --native"},
	} {
		checkUsageError(t, tc.want, tc.args...)
	}
}

// TestBenchNative runs a tiny native bench: six rows with the fields the
// JSON promises, the four goals, a progress line per run, and the text
// table with its goal lines.
func TestBenchNative(t *testing.T) {
	code, stdout, stderr := runCmd(t, "", "bench", "--native", "--games", "8", "--repeat", "1", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		Rows  []map[string]any `json:"rows"`
		Goals []struct {
			Goal string `json:"goal"`
			OK   bool   `json:"ok"`
		} `json:"goals"`
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if len(res.Rows) != 6 || res.Rows[0]["path"] != "engine" || res.Rows[2]["path"] != "sim" || res.Rows[5]["path"] != "tune" {
		t.Fatalf("rows: %v", res.Rows)
	}
	for _, r := range res.Rows {
		for _, k := range []string{"jobs", "games", "moves_per_game", "games_per_second", "moves_per_second", "vs_engine", "vs_one_job"} {
			if _, ok := r[k]; !ok {
				t.Errorf("row %v has no %q", r["path"], k)
			}
		}
	}
	if len(res.Goals) != 4 {
		t.Errorf("goals: %+v", res.Goals)
	}
	if strings.Count(stderr, "games/s") != 6 {
		t.Errorf("want a progress line per run on stderr: %q", stderr)
	}
	code, stdout, _ = runCmd(t, "", "bench", "--native", "--games", "8", "--repeat", "1")
	if code != exitOK || !strings.Contains(stdout, "× engine") || !strings.Contains(stdout, "sim --jobs 1 runs at least 50%") {
		t.Errorf("text output (exit %d):\n%s", code, stdout)
	}
}

// TestProfileFlags: --cpuprofile and --memprofile write pprof files
// (gzip-compressed protocol buffers) for a real run.
func TestProfileFlags(t *testing.T) {
	dir := t.TempDir()
	cpu, mem := filepath.Join(dir, "cpu.prof"), filepath.Join(dir, "mem.prof")
	code, _, stderr := runCmd(t, "", "sim", "greedy", "greedy", "--games", "4", "--size", "9", "--cpuprofile", cpu, "--memprofile", mem)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, p := range []string{cpu, mem} {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
			t.Errorf("%s is not a pprof file (%d bytes)", filepath.Base(p), len(data))
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	code, _, stderr = runCmd(t, "", "sim", "greedy", "greedy", "--games", "2", "--cpuprofile", filepath.Join(dir, "no", "such", "x.prof"))
	// Refused before the run, as every output is.
	if code != exitUsage || !strings.Contains(stderr, "--cpuprofile") || !strings.Contains(stderr, "does not exist") {
		t.Errorf("unwritable profile: exit %d, %q", code, stderr)
	}
}

// TestBenchLevels: the lookahead measured at the levels asked, on the
// CLI's path: a row each, its level and ticks per move in the JSON.
func TestBenchLevels(t *testing.T) {
	code, stdout, stderr := runCmd(t, "", "bench", "--ai", "lookahead", "--levels", "quick", "--sizes", "7", "--games", "1", "--boards", "0", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		Rows []map[string]any `json:"rows"`
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if len(res.Rows) != 1 || res.Rows[0]["ai"] != "lookahead" || res.Rows[0]["level"] != "quick" {
		t.Fatalf("rows: %v", res.Rows)
	}
	for _, k := range []string{"ticks_mean", "ticks_p99", "ticks_max"} {
		if v, ok := res.Rows[0][k].(float64); !ok || v < 1 {
			t.Errorf("row has %q = %v, want a tick or more", k, res.Rows[0][k])
		}
	}
	if !strings.Contains(stderr, "lookahead (quick) 7×7: 1 games") {
		t.Errorf("progress on stderr: %q", stderr)
	}
}

// TestBenchProfile: bench --profile writes a pprof profile of the packs'
// commands that go tool pprof reads, its functions the pack's with their
// commands, and prints the top families; an unwritable path is refused
// before the run.
func TestBenchProfile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "la.pb.gz")
	code, stdout, stderr := runCmd(t, "", "bench", "--ai", "lookahead", "--levels", "quick", "--sizes", "7", "--games", "1", "--boards", "0", "--profile", out)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "by family of functions") || !strings.Contains(stdout, "gomoku:la/make/*") && !strings.Contains(stdout, "gomoku:greedy/slot/*") {
		t.Errorf("no top list:\n%s", stdout)
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to read the profile with")
	}
	top, err := exec.Command(goTool, "tool", "pprof", "-top", "-nodecount=400", out).CombinedOutput()
	if err != nil {
		t.Fatalf("go tool pprof -top: %v\n%s", err, top)
	}
	for _, want := range []string{"Type: commands", "gomoku:la/slice", "gomoku:la/make/", "gomoku:la/back/"} {
		if !strings.Contains(string(top), want) {
			t.Errorf("pprof -top lacks %q:\n%s", want, top)
		}
	}
	code, _, stderr = runCmd(t, "", "bench", "--ai", "lookahead", "--sizes", "7", "--games", "1", "--profile", filepath.Join(dir, "no", "such", "x.pb.gz"))
	if code != exitUsage || !strings.Contains(stderr, "--profile") {
		t.Errorf("unwritable profile: exit %d, %q", code, stderr)
	}
}

// TestSimProfile: sim --profile writes what the pack: player's
// interpreter ran as a pprof profile, the pack's functions with their
// commands; without a pack: player it is refused before any game.
func TestSimProfile(t *testing.T) {
	dir := t.TempDir()
	pack, out := filepath.Join(dir, "pack"), filepath.Join(dir, "sim.pb.gz")
	game := t.TempDir() // a 7×7 config for a quick pack
	cfg := filepath.Join(game, "seven.toml")
	if err := os.WriteFile(cfg, []byte("[game]\nsize = 7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCmd(t, "", "gen", "--config", cfg, "--out", pack); code != exitOK {
		t.Fatalf("gen: exit %d: %s", code, stderr)
	}
	code, _, stderr := runCmd(t, "", "sim", "pack:"+pack, "greedy:"+cfg, "--games", "2", "--size", "7", "--jobs", "1", "--profile", out)
	if code != exitOK {
		t.Fatalf("sim: exit %d: %s", code, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pr, err := profile.Parse(f)
	if err != nil {
		t.Fatalf("the profile does not parse: %v", err)
	}
	var cmds int64
	fns := map[string]bool{}
	for _, s := range pr.Sample {
		cmds += s.Value[0]
		fns[s.Location[0].Line[0].Function.Name] = true
	}
	if cmds < 1000 || !fns["gomoku:greedy/choose"] && !fns["gomoku:greedy/scan_b"] && !fns["gomoku:greedy/scan_w"] {
		t.Errorf("the profile has %d commands in %d functions, want greedy's choice among them", cmds, len(fns))
	}
	code, _, stderr = runCmd(t, "", "sim", "greedy", "greedy", "--games", "2", "--profile", filepath.Join(dir, "x.pb.gz"))
	if code != exitUsage || !strings.Contains(stderr, "none of greedy, greedy is one") {
		t.Errorf("no pack player: exit %d, %q", code, stderr)
	}
}
