package main

import (
	"encoding/json"
	"strings"
	"testing"
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
	} {
		code, _, stderr := runCmd(t, "", tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "usage: mcgomoku bench") {
			t.Errorf("%v: exit %d, stderr %q; want exit %d with %q and the usage", tc.args, code, stderr, exitUsage, tc.want)
		}
	}
}

// TestBenchJSON runs a tiny bench: a row per AI and size, in order, with
// the fields the JSON promises, and the goals.
func TestBenchJSON(t *testing.T) {
	code, stdout, stderr := runCmd(t, "", "bench", "--sizes", "7", "--games", "1", "--json")
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
	// No 15×15 rows: only the greedy goals apply.
	if len(res.Goals) != 2 {
		t.Errorf("goals: %+v", res.Goals)
	}
	if !strings.Contains(stderr, "greedy 7×7: 1 games") {
		t.Errorf("progress on stderr: %q", stderr)
	}
	code, stdout, _ = runCmd(t, "", "bench", "--sizes", "7", "--games", "1", "--ai", "greedy")
	if code != exitOK || !strings.Contains(stdout, "cmds/move mean") || !strings.Contains(stdout, "greedy scans no entities") {
		t.Errorf("text output (exit %d):\n%s", code, stdout)
	}
}
