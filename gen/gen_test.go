package gen

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// txtar prints a pack as one txtar archive: a comment, then every file in
// path order as "-- path --" and its text; a binary file (pack.png) as
// its size and SHA-256, its bytes pinned by a golden file of their own.
func txtar(comment string, p *datapack.Pack) []byte {
	var b bytes.Buffer
	b.WriteString(comment)
	for _, path := range p.Paths() {
		b.WriteString("-- " + path + " --\n")
		if strings.HasSuffix(path, ".png") {
			fmt.Fprintf(&b, "binary: %d bytes, sha256 %x\n", len(p.Files[path]), sha256.Sum256(p.Files[path]))
			continue
		}
		b.Write(p.Files[path])
		if n := len(p.Files[path]); n > 0 && p.Files[path][n-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// TestGolden pins the whole pack of a 7×7 freestyle board: any change to
// a template or to the plan shows as a diff of the generated commands.
// Refresh with go test ./gen -run TestGolden -update.
func TestGolden(t *testing.T) {
	res := smallPack(t, 7, game.Freestyle, "greedy")
	got := txtar("The data pack mcgomoku gen makes for the default config on a 7×7 freestyle board.\n"+
		"Regenerate with: go test ./gen -run TestGolden -update\n", res.Pack)
	path := filepath.Join("testdata", "freestyle7.txtar")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) && i < len(wl); i++ {
			if gl[i] != wl[i] {
				t.Fatalf("the pack differs from %s at line %d:\n got %q\nwant %q\n(run with -update if the change is intended)", path, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("the pack differs from %s in length: %d lines, want %d (run with -update if intended)", path, len(gl), len(wl))
	}
}

// TestDeterministic: the same config gives byte-identical zips.
func TestDeterministic(t *testing.T) {
	var zips [2][]byte
	for k := range zips {
		in, err := FromConfig(smallConfig(9, game.Renju), "")
		if err != nil {
			t.Fatal(err)
		}
		res, err := Generate(in, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := res.Pack.WriteZip(&b); err != nil {
			t.Fatal(err)
		}
		zips[k] = b.Bytes()
	}
	if !bytes.Equal(zips[0], zips[1]) {
		t.Error("two generations of one config differ")
	}
}

// TestExamples builds every example config, with the AI it names and with
// the other one, and checks the pack: a valid pack.mcmeta for the whole
// release range, the entry points, the load tag, the advancements, a
// header on every function, and the worst case within the budget.
func TestExamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "examples", "*.toml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no example configs: %v", err)
	}
	for _, f := range files {
		for _, profile := range []string{"", "greedy", "seed000"} {
			if testing.Short() && profile != "" {
				continue
			}
			in, err := Load(f, profile)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			res, err := Generate(in, Options{})
			if err != nil {
				t.Errorf("%s (%s): %v", f, in.Profile, err)
				continue
			}
			checkPack(t, f+" "+in.Profile, res)
		}
	}
}

func checkPack(t *testing.T, name string, res *Result) {
	t.Helper()
	p := res.Pack
	meta, err := datapack.ParseMCMeta(p.Files["pack.mcmeta"])
	if err == nil {
		err = meta.Validate()
	}
	if err != nil {
		t.Fatalf("%s: pack.mcmeta: %v", name, err)
	}
	lo, hi, _ := datapack.DefaultRange.Bounds()
	if !meta.Supports(lo) || !meta.Supports(hi) {
		t.Errorf("%s: pack.mcmeta does not cover %s", name, datapack.DefaultRange)
	}
	// Every release of the range sees the entry points and both click
	// advancements, in the entity predicate form it reads.
	rels, _ := datapack.DefaultRange.Releases()
	for _, rel := range rels {
		view, err := p.Effective(rel)
		if err != nil {
			t.Fatalf("%s: %s: %v", name, rel.Name, err)
		}
		for _, f := range []string{
			"data/minecraft/tags/function/load.json",
			"data/gomoku/advancement/click_right.json", "data/gomoku/advancement/click_left.json",
			"data/gomoku/function/load.mcfunction", "data/gomoku/function/new.mcfunction",
			"data/gomoku/function/uninstall.mcfunction", "data/gomoku/function/ai/turn.mcfunction",
		} {
			if _, ok := view.Files[f]; !ok {
				t.Errorf("%s: %s sees no %s", name, rel.Name, f)
			}
		}
		mapForm := rel.DataPack.Compare(datapack.EntityPredicateMapFormat) >= 0
		adv := string(view.Files["data/gomoku/advancement/click_right.json"])
		if got := strings.Contains(adv, `"minecraft:entity_type"`); got != mapForm || strings.Contains(adv, `"type"`) == mapForm {
			t.Errorf("%s: %s (format %s) reads the click advancement in the wrong entity predicate form:\n%s", name, rel.Name, rel.DataPack, adv)
		}
	}
	if _, ok := p.Files["data/minecraft/tags/function/tick.json"]; ok {
		t.Errorf("%s: the pack runs on #minecraft:tick", name)
	}
	for path, b := range p.Files {
		if strings.HasSuffix(path, ".mcfunction") && !bytes.HasPrefix(b, []byte("# Generated by mcgomoku from templates/")) {
			t.Errorf("%s: %s has no generated-file header", name, path)
		}
	}
	if res.WorstAIMoveCommands <= 0 || res.WorstAIMoveCommands > res.Budget || res.WorstPlayerMoveCommands > res.Budget {
		t.Errorf("%s: worst cases %d/%d, budget %d", name, res.WorstAIMoveCommands, res.WorstPlayerMoveCommands, res.Budget)
	}
}

// TestBudgetRefusal: a pack whose worst case is over the budget is
// refused, naming the entry points; the largest boards still fit the
// default budget with the greedy AI.
func TestBudgetRefusal(t *testing.T) {
	big := config.Default()
	big.Game.Size = game.MaxSize
	big.Game.Rule = game.Renju
	in, err := FromConfig(big, "greedy")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Generate(in, Options{})
	if err != nil {
		t.Fatalf("the largest renju board with the greedy AI: %v", err)
	}
	if res.WorstAIMoveCommands > 20000+res.Budget/2 {
		t.Errorf("worst AI move %d", res.WorstAIMoveCommands)
	}
	_, err = Generate(in, Options{Budget: res.WorstPlayerMoveCommands - 1})
	var be *BudgetError
	if !errors.As(err, &be) {
		t.Fatalf("a budget below the worst case: got %v, want a *BudgetError", err)
	}
	// A budget asked for is explained as such, with what the pack needs.
	if !be.Given || be.Worst < res.WorstPlayerMoveCommands || !strings.Contains(err.Error(), fmt.Sprintf("needs a budget of at least %d", be.Worst)) ||
		!strings.Contains(err.Error(), fmt.Sprintf("over the %d asked for", res.WorstPlayerMoveCommands-1)) {
		t.Errorf("refusal message: %v", err)
	}
	// The seed000 port's selector work plus a renju check in one click
	// is too much on the largest board.
	in, err = FromConfig(big, "seed000")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Generate(in, Options{}); !errors.As(err, &be) || be.Given || !strings.Contains(err.Error(), "over the budget of 32768 (half the game's") {
		t.Errorf("seed000, 25×25 renju: got %v, want a refusal by the default budget", err)
	}
}

// TestCostModel checks the static analysis on small functions.
func TestCostModel(t *testing.T) {
	p := datapack.New()
	fn := func(id, body string) {
		p.Files[datapack.FunctionFile(datapack.ID{Namespace: "t", Path: id})] = []byte(body)
	}
	fn("leaf", "scoreboard players set #a t 1\nscoreboard players set #b t 1\n")
	fn("call", "function t:leaf\n")                                             // 1 call + 2
	fn("cond", "execute if score #a t matches 1 run function t:leaf\nsay hi\n") // 1 stage + 3, + 1
	fn("ret", "execute if score #a t matches 1 run return run function t:leaf\nfunction t:leaf\nfunction t:leaf\n")
	fn("fork", "execute as @e[tag=gomoku.cell] run function t:leaf\n") // 1 + 9×3
	fn("iff", "execute if function t:leaf run say x\n")                // 1 + (1+2) + 1
	fn("loop", "function t:loop\n")
	c, err := analyze(p, []string{"t:call", "t:cond", "t:ret", "t:fork", "t:iff"}, selectorBound(9))
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]int{"t:call": 3, "t:cond": 5, "t:ret": 7, "t:fork": 28, "t:iff": 5} {
		if got := c.Entries[id]; got != want {
			t.Errorf("%s: got %d, want %d", id, got, want)
		}
	}
	if _, err := analyze(p, []string{"t:loop"}, selectorBound(9)); err == nil {
		t.Error("a recursive function got a finite cost")
	}
	fn("bad", "execute as @e[type=zombie] run say hi\n")
	if _, err := analyze(p, []string{"t:bad"}, selectorBound(9)); err == nil {
		t.Error("an unbounded fork got a finite cost")
	}
}

// TestLoadErrors: a missing or malformed config is a clear error.
func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte("[game]\nsize = \"big\"\n"), 0o644)
	for _, tc := range []struct{ path, profile, want string }{
		{filepath.Join(dir, "nope.toml"), "", "nope.toml"},
		{bad, "", "bad.toml:2"},
		{"", "minimax", `unknown AI "minimax"`},
	} {
		_, err := Load(tc.path, tc.profile)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Load(%q, %q): got %v, want an error containing %q", tc.path, tc.profile, err, tc.want)
		}
	}
}

// FuzzAnalyze: the cost analysis never panics on any function text, and a
// function it prices costs at least one unit per leaf line.
func FuzzAnalyze(f *testing.F) {
	f.Add("scoreboard players set #a t 1\nexecute if score #a t matches 1 run return run function t:f\n")
	f.Add("execute as @e[tag=gomoku.cell,distance=..2.5] at @s run say {a:\"b c\"}\n")
	f.Add("execute store result score #x t run function t:f\nreturn 1\n")
	f.Add("execute if function t:f unless block ~ ~ ~ stone run return fail\n")
	f.Fuzz(func(t *testing.T, body string) {
		p := datapack.New()
		p.Files[datapack.FunctionFile(datapack.ID{Namespace: "t", Path: "f"})] = []byte(body)
		p.Files[datapack.FunctionFile(datapack.ID{Namespace: "t", Path: "g"})] = []byte(body)
		analyze(p, []string{"t:g"}, selectorBound(9))
	})
}

// BenchmarkGenerate19 times the whole pipeline for the largest common
// board (the requirement: well under a second).
func BenchmarkGenerate19(b *testing.B) {
	c := config.Default()
	c.Game.Size = 19
	c.Game.Rule = game.Renju
	for b.Loop() {
		in, err := FromConfig(c, "")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Generate(in, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
