package main

import (
	"encoding/json"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/arena"
)

// TestSimAppliesConfigGame: a player's config says which board and rule
// it is for, and a match the command line leaves open plays that game
// (sim greedy:renju.toml used to play 15×15 freestyle in silence); flags
// given win, and configs that disagree with nothing to choose are refused.
func TestSimAppliesConfigGame(t *testing.T) {
	const renju, board19, seed000 = "greedy:../../examples/renju.toml", "greedy:../../examples/board19.toml", "lookahead:../../examples/seed000.toml"
	for _, tt := range []struct {
		args       []string
		size       int
		rule       string
		usageError string
	}{
		{args: []string{renju, "greedy"}, size: 15, rule: "renju"},
		{args: []string{"greedy", board19}, size: 19, rule: "freestyle"},
		{args: []string{"seed001", seed000}, size: 19, rule: "freestyle"},
		{args: []string{renju, "greedy", "--rule", "standard"}, size: 15, rule: "standard"},
		{args: []string{board19, "greedy", "--size", "9"}, size: 9, rule: "freestyle"},
		{args: []string{renju, board19, "--size", "11", "--rule", "freestyle"}, size: 11, rule: "freestyle"},
		{args: []string{renju, board19}, usageError: "configs are for different games: " + renju + " 15×15 renju, " + board19 + " 19×19 freestyle"},
		{args: []string{renju, board19, "--size", "15"}, usageError: "configs are for different games"},
		{args: []string{board19, "greedy", "--stones", "40"}, size: 19, rule: "freestyle"},
	} {
		args := append([]string{"sim"}, tt.args...)
		if tt.usageError != "" {
			checkUsageError(t, tt.usageError, args...)
			continue
		}
		code, stdout, stderr := runCmd(t, "", append(args, "--games", "2", "--json")...)
		var sum arena.Summary
		if code != 0 {
			t.Errorf("%q: exit %d\n%s", tt.args, code, stderr)
		} else if err := json.Unmarshal([]byte(stdout), &sum); err != nil {
			t.Errorf("%q: %v", tt.args, err)
		} else if sum.Size != tt.size || sum.Rule != tt.rule {
			t.Errorf("%q: played %d×%d %s, want %d×%d %s", tt.args, sum.Size, sum.Size, sum.Rule, tt.size, tt.size, tt.rule)
		}
	}
}
