package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// baseJSON is what the fake base builds print: one greedy 7×7 row.
const baseJSON = `{"config": "(default)", "seed": 1, "rows": [{"ai": "greedy", "size": 7, "rule": "freestyle", "games": 1, "ai_moves": 9, "path_commands_mean": 1000, "ticks_mean": 1, "ticks_p99": 1}], "goals": []}`

// fakeBase writes a script that records its arguments in args.txt beside
// it and prints out.
func fakeBase(t *testing.T, out string) (bin, argsFile string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake base build is a shell script")
	}
	dir := t.TempDir()
	argsFile = filepath.Join(dir, "args.txt")
	bin = filepath.Join(dir, "mcgomoku-base")
	script := "#!/bin/sh\necho \"$@\" > '" + argsFile + "'\necho 'measuring' >&2\ncat <<'JSON'\n" + out + "\nJSON\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return bin, argsFile
}

// comparison is bench --base --json's output.
type comparison struct {
	BaseLabel string `json:"base_label"`
	Base      struct {
		Rows []map[string]any `json:"rows"`
	} `json:"base"`
	Now struct {
		Rows []map[string]any `json:"rows"`
	} `json:"now"`
}

// TestBenchBaseBinary: --base BINARY runs that build's bench first with
// this run's flags, and prints its rows beside this build's, the ratio
// of the means from both.
func TestBenchBaseBinary(t *testing.T) {
	bin, argsFile := fakeBase(t, baseJSON)
	args := []string{"bench", "--ai", "greedy", "--sizes", "7", "--games", "1", "--boards", "0", "--seed", "3", "--base", bin}
	code, stdout, stderr := runCmd(t, "", append(args, "--json")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var c comparison
	if err := json.Unmarshal([]byte(stdout), &c); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if c.BaseLabel != "the binary "+bin || len(c.Base.Rows) != 1 || c.Base.Rows[0]["path_commands_mean"] != 1000.0 || len(c.Now.Rows) != 1 || c.Now.Rows[0]["ai"] != "greedy" {
		t.Fatalf("comparison: %+v", c)
	}
	got, err := os.ReadFile(argsFile)
	if err != nil {
		t.Fatal(err)
	}
	if want := "bench --json --ai greedy --sizes 7 --games 1 --boards 0 --rounds 30 --seed 3\n"; string(got) != want {
		t.Errorf("the base ran with %q, want %q", got, want)
	}
	if !strings.Contains(stderr, "base: measuring\n") {
		t.Errorf("the base's progress is not on stderr, prefixed: %q", stderr)
	}
	// The text: the side-by-side table with the base's mean and this
	// build's over it.
	code, stdout, stderr = runCmd(t, "", args...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	now, _ := c.Now.Rows[0]["path_commands_mean"].(float64)
	side := stdout[strings.Index(stdout, "Side by side with the binary"):]
	for _, want := range []string{"1000", fmt.Sprintf("%.3f", now/1000)} {
		if !strings.Contains(side, want) {
			t.Errorf("side by side has no %q:\n%s", want, side)
		}
	}
}

// TestBenchBaseRevision: --base REV builds mcgomoku at REV of the
// repository the command runs in (here a tiny module whose
// cmd/mcgomoku prints a bench result), runs it, and leaves no worktree.
func TestBenchBaseRevision(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo := t.TempDir()
	gitIn := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	main := "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(`" + baseJSON + "`) }\n"
	for name, body := range map[string]string{
		"go.mod":               "module fakebase\n\ngo 1.21\n",
		"cmd/mcgomoku/main.go": main,
	} {
		path := filepath.Join(repo, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitIn("init", "-q")
	gitIn("add", ".")
	gitIn("commit", "-q", "-m", "base")
	t.Chdir(filepath.Join(repo, "cmd"))
	code, stdout, stderr := runCmd(t, "", "bench", "--ai", "greedy", "--sizes", "7", "--games", "1", "--boards", "0", "--base", "HEAD", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var c comparison
	if err := json.Unmarshal([]byte(stdout), &c); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if !strings.HasPrefix(c.BaseLabel, "HEAD (") || len(c.Base.Rows) != 1 || c.Base.Rows[0]["path_commands_mean"] != 1000.0 {
		t.Fatalf("comparison: %+v", c)
	}
	out, err := exec.Command("git", "-C", repo, "worktree", "list").Output()
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(strings.TrimSpace(string(out)), "\n"); n != 0 {
		t.Errorf("worktrees left behind:\n%s", out)
	}
}

// TestBenchBaseErrors: what --base cannot run is refused, naming it.
func TestBenchBaseErrors(t *testing.T) {
	t.Chdir(t.TempDir()) // no repository here
	checkUsageError(t, `--base "HEAD~1": no such binary, and the working directory is not in a git repository`,
		"bench", "--ai", "greedy", "--sizes", "7", "--games", "1", "--boards", "0", "--base", "HEAD~1")
	checkUsageError(t, `--base compares the packs' bench`, "bench", "--native", "--base", "HEAD")
	checkUsageError(t, `--base "-x": want a revision or an mcgomoku binary`, "bench", "--sizes", "7", "--base=-x")
	// A binary that prints no bench result.
	bin, _ := fakeBase(t, "hello")
	code, _, stderr := runCmd(t, "", "bench", "--ai", "greedy", "--sizes", "7", "--games", "1", "--boards", "0", "--base", bin)
	if code == exitOK || !strings.Contains(stderr, "printed no bench result") || !strings.Contains(stderr, bin) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestBenchBaseStopsOnCtrlC: a base build that never finishes is stopped
// with the run: Ctrl-C ends both within moments, exit 130.
func TestBenchBaseStopsOnCtrlC(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a command for a second")
	}
	if runtime.GOOS == "windows" {
		t.Skip("the fake base build is a shell script")
	}
	bin := filepath.Join(t.TempDir(), "mcgomoku-base")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\nexec sleep 60\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, stop, stdout, stderr, _ := interrupted(t, 500*time.Millisecond,
		"bench", "--ai", "greedy", "--sizes", "7", "--games", "1", "--boards", "0", "--base", bin)
	if code != exitInterrupted || stop > 10*time.Second || stdout != "" || !strings.Contains(stderr, "interrupted") {
		t.Errorf("exit %d after %v, stdout %q, stderr %q", code, stop, stdout, stderr)
	}
}
