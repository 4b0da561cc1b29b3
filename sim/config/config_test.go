package config

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

func TestDefaultMatchesCode(t *testing.T) {
	d := Default()
	b := builtin()
	b.Source = d.Source
	if *d != *b {
		t.Errorf("examples/default.toml and the code's defaults disagree:\nfile %+v\ncode %+v", *d, *b)
	}
}

func TestExamplesLoad(t *testing.T) {
	files, err := filepath.Glob("../../examples/*.toml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no example configs found: %v", err)
	}
	for _, f := range files {
		if _, err := Load(f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

func TestPartialConfigKeepsDefaults(t *testing.T) {
	c, err := Parse("p.toml", []byte("[game]\nsize = 19\nrule = \"renju\"\n[weights.attack]\none = 5\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Game.Size != 19 || c.Game.Rule != game.Renju || c.Weights.Attack[eval.One] != 5 {
		t.Errorf("values not applied: %+v", c)
	}
	if c.Weights.Attack[eval.Two] != eval.DefaultWeights().Attack[eval.Two] || c.Game.AIColour != game.White {
		t.Errorf("defaults not kept: %+v", c)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"unknown key", "[game]\nsize = 15\nszie = 3\n", `bad.toml:3: key "game.szie": unknown key; did you mean "size"?`},
		{"unknown table", "[gmae]\nsize = 15\n", `bad.toml:1: key "gmae`},
		{"wrong type", "[game]\n\nsize = \"big\"\n", `bad.toml:3: key "game.size"`},
		{"out of range", "[game]\nsize = 40\n", `bad.toml:2: key "game.size": 40 is out of range 5..25`},
		{"too small", "[game]\nsize = 4\n", `out of range 5..25`},
		{"bad rule", "[game]\nrule = \"gomoku\"\n", `bad.toml:2: key "game.rule": unknown rule "gomoku"`},
		{"bad colour", "[game]\nai_colour = \"red\"\n", `bad.toml:2: key "game.ai_colour"`},
		{"bad profile", "[ai]\nprofile = \"minimax\"\n", `bad.toml:2: key "ai.profile": unknown profile`},
		{"unknown pattern", "[weights.attack]\nopen_tree = 5\n", `bad.toml:2: key "weights.attack.open_tree": unknown pattern; did you mean "open_three"?`},
		{"unknown combo", "[weights.defence_combo]\ndouble_fours = 5\n", `did you mean "double_four"?`},
		{"negative", "[weights.defence]\nfour = -3\n", `bad.toml:2: key "weights.defence.four": -3 is out of range`},
		{"overflow", "[weights.attack]\nfive = 2_000_000_000\n", `32-bit`},
		{"tier", "[weights.attack]\nfive = 1000\n", `win with a five`},
		{"syntax", "[game\nsize = 15\n", `bad.toml:2: expected '.' or ']' to end table name`},
		{"seed000 range", "[seed000]\ncap = 600000000\n", `bad.toml:2: key "seed000.cap": 600000000 is out of range`},
		{"seed000 radius", "[seed000]\nline_radius = 0\n", `bad.toml:2: key "seed000.line_radius": 0 is out of range`},
		{"centre order", "[seed000]\ncentre_min = 20\n", `bad.toml:2: key "seed000.centre_min": 20 is above centre_max 10`},
		{"pack key", "[pack]\nbord = \"stone\"\n", `bad.toml:2: key "pack.bord": unknown key; did you mean "board"?`},
		{"pack block", "[pack]\nblack = \"Black Concrete\"\n", `bad.toml:2: key "pack.black": "Black Concrete" is not a block ID`},
		{"pack block state", "[pack]\nboard = \"oak_slab[type=top]\"\n", `block states are not supported`},
		{"pack same stones", "[pack]\nwhite = \"black_concrete\"\n", `key "pack.white": black and white stones are both minecraft:black_concrete`},
		{"pack frame is a stone", "[pack]\nframe = \"black_concrete\"\n", `key "pack.frame": minecraft:black_concrete is also the black block`},
		{"pack stone is board", "[pack]\nboard = \"minecraft:white_concrete\"\n", `key "pack.white": minecraft:white_concrete is also the board's block`},
		{"pack description", "[pack]\ndescription = \"a\\nb\"\n", `bad.toml:2: key "pack.description": want one line`},
		{"pack boards", "[pack]\nboards = 9\n", `bad.toml:2: key "pack.boards": 9 is out of range 1..8`},
		{"pack no boards", "[pack]\nboards = 0\n", `bad.toml:2: key "pack.boards": 0 is out of range 1..8`},
		{"lookahead vct depth", "[lookahead]\nvct_depth = 13\n", `bad.toml:2: key "lookahead.vct_depth": 13 is out of range 0..12`},
		{"lookahead vct width", "[lookahead]\nvct_width = 0\n", `bad.toml:2: key "lookahead.vct_width": 0 is out of range 1..16`},
		{"lookahead vct nodes", "[lookahead]\nvct_nodes = -1\n", `bad.toml:2: key "lookahead.vct_nodes": -1 is out of range`},
		{"lookahead vct key", "[lookahead]\nvct_dpeth = 2\n", `bad.toml:2: key "lookahead.vct_dpeth": unknown key; did you mean "vct_depth"?`},
		{"lookahead vct defence without depth", "[lookahead]\n\ndefend_vct_nodes = 500\n", `bad.toml:3: key "lookahead.defend_vct_nodes": the threat-space defence needs lookahead.vct_depth above 0`},
		{"pack boards per player", "[pack]\nboards = 2\nboards_per_player = 3\n", `key "pack.boards_per_player": 3 is more than pack.boards (2)`},
		{"level key range", "[lookahead.levels.quick]\nnodes = 0\n", `bad.toml:2: key "lookahead.levels.quick.nodes": 0 is out of range 1..1000000`},
		{"level key typo", "[lookahead.levels.quick]\n\nnodse = 5\n", `bad.toml:3: key "lookahead.levels.quick.nodse": unknown key; did you mean "nodes"?`},
		{"level shared key", "[lookahead.levels.quick]\nvcf_width = 5\n", `bad.toml:2: key "lookahead.levels.quick.vcf_width": a level cannot set vcf_width: it is shared by every level`},
		{"level key type", "[lookahead.levels.quick]\nnodes = \"many\"\n", `bad.toml:2: key "lookahead.levels.quick.nodes"`},
		{"level subtable", "[lookahead.levels.quick.value]\none = 3\n", `bad.toml:1:`},
		{"level name", "[lookahead.levels.Quick]\nnodes = 5\n", `bad.toml:1: key "lookahead.levels.Quick": a level's name is a lowercase letter`},
		{"level greedy", "[lookahead.levels.greedy]\nnodes = 5\n", `key "lookahead.levels.greedy": "greedy" is the greedy level's name`},
		{"default level unknown", "[lookahead]\nlevel = \"fast\"\n", `bad.toml:2: key "lookahead.level": no level "fast" (the levels: quick, normal, strong, master)`},
		{"default level of new levels", "[lookahead]\nlevel = \"normal\"\n[lookahead.levels.a]\n[lookahead.levels.b]\n", `key "lookahead.level": no level "normal" (the levels: a, b)`},
		{"too many levels", "[lookahead.levels.a]\n[lookahead.levels.b]\n[lookahead.levels.c]\n[lookahead.levels.d]\n[lookahead.levels.e]\n[lookahead.levels.f]\n[lookahead.levels.g]\n[lookahead.levels.h]\n[lookahead.levels.i]\n", `key "lookahead.levels": 9 levels, at most 8`},
		{"level vct defence without depth", "[lookahead.levels.strong]\nvct_depth = 0\ndefend_vct_nodes = 500\n", `bad.toml:3: key "lookahead.levels.strong.defend_vct_nodes": the threat-space defence needs lookahead.levels.strong.vct_depth above 0`},
		{"level vct defence from the section", "[lookahead]\ndefend_vct_nodes = 500\n[lookahead.levels.deep]\nvct_depth = 4\n[lookahead.levels.flat]\ndepth = 2\n", `bad.toml:2: key "lookahead.defend_vct_nodes": the threat-space defence needs lookahead.vct_depth above 0`},
	}
	for _, tt := range tests {
		_, err := Parse("bad.toml", []byte(tt.src))
		if err == nil {
			t.Errorf("%s: accepted", tt.name)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s:\n got %v\nwant %s", tt.name, err, tt.want)
		}
	}
}

func TestPackMaterials(t *testing.T) {
	c, err := Parse("p.toml", []byte("[pack]\nboard = \"smooth_stone\"\nwin = \"mymod:shiny\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Pack.Board != "minecraft:smooth_stone" {
		t.Errorf("board: got %q, want the bare name namespaced", c.Pack.Board)
	}
	if c.Pack.Win != "mymod:shiny" {
		t.Errorf("win: got %q, want a namespaced ID kept", c.Pack.Win)
	}
	if c.Pack.Black != Default().Pack.Black {
		t.Errorf("black: got %q, want the default kept", c.Pack.Black)
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "nope.toml"))
	if err == nil || !strings.Contains(err.Error(), "nope.toml") {
		t.Errorf("got %v", err)
	}
}

func TestLoadFromDisk(t *testing.T) {
	p := filepath.Join(t.TempDir(), "c.toml")
	if err := os.WriteFile(p, []byte("[game]\nsize = 20\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(p)
	if err != nil || c.Game.Size != 20 || c.Source != p {
		t.Fatalf("got %+v, %v", c, err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(string(Default().Source))
	f.Add("[game]\nsize = 15\n")
	f.Add("[weights.attack]\nfive = 1\n")
	f.Add("[[game]]\n")
	f.Add("[lookahead]\nlevel = \"b\"\n[lookahead.levels.b]\nnodes = 3\n[lookahead.levels.a]\n")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse("fuzz.toml", []byte(s))
		if err != nil {
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("Parse accepted an invalid config: %v", err)
		}
	})
}

// TestPackDefaultIsTheTunedConfig: mcgomoku gen's built-in config is the
// shipped tuning result, the default config with tuned weights only.
func TestPackDefaultIsTheTunedConfig(t *testing.T) {
	p, d := PackDefault(), Default()
	if p.Weights == d.Weights {
		t.Fatal("the tuned config has the default weights")
	}
	if p.Game != d.Game || p.AI != d.AI || p.Seed000 != d.Seed000 || p.Pack != d.Pack {
		t.Errorf("the tuned config differs from the default beyond its weights:\n tuned %+v\n default %+v", p, d)
	}
}

// TestDefaultIsAFreshCopy: the embedded configs are parsed once, and each
// call hands out a copy, so a caller changing its config changes no one
// else's.
func TestDefaultIsAFreshCopy(t *testing.T) {
	for _, get := range []func() *Config{Default, PackDefault} {
		a := get()
		want := *a
		a.Weights.Centre += 100
		a.Game.Size = 7
		a.Tune.Params[0].Max = -1
		if b := get(); *b != want || b == a {
			t.Errorf("a changed copy leaked into the next call: %+v", b.Game)
		}
	}
}

func TestSeed000Bias(t *testing.T) {
	cfg := Default().Seed000
	tests := []struct {
		size, x, y int
		want       int32
	}{
		// "最中间的是10，最外围的是1": 19×19 has ten rings, 1 + ring from the edge.
		{19, 9, 9, 10}, {19, 0, 0, 1}, {19, 18, 7, 1}, {19, 1, 1, 2}, {19, 5, 9, 6}, {19, 12, 9, 7},
		// 15×15: rings 0..7 spread over 1..10, halves rounded up:
		// 1 + round(9e/7) for e = 0..7 is 1 2 4 5 6 7 9 10.
		{15, 7, 7, 10}, {15, 0, 3, 1}, {15, 1, 5, 2}, {15, 2, 2, 4}, {15, 3, 7, 5}, {15, 6, 6, 9},
		// 20×20: the four central cells share the centre's bias.
		{20, 9, 9, 10}, {20, 10, 10, 10}, {20, 9, 10, 10}, {20, 19, 4, 1},
	}
	for _, tt := range tests {
		if got := cfg.Bias(tt.size, tt.y*tt.size+tt.x); got != tt.want {
			t.Errorf("%d×%d (%d,%d): got bias %d, want %d", tt.size, tt.size, tt.x, tt.y, got, tt.want)
		}
	}
}

// TestLevels: levels keep the file's order and replace only the keys they
// set; a config without levels has one, the section itself; a file with
// levels replaces those it inherits.
func TestLevels(t *testing.T) {
	d := Default().Lookahead
	if got := d.LevelNames(); !slices.Equal(got, []string{"quick", "normal", "strong", "master"}) || d.LevelName(d.DefaultLevel) != "strong" {
		t.Errorf("default levels %v, default %d", got, d.DefaultLevel)
	}
	c, err := Parse("l.toml", []byte("[lookahead]\nnodes = 900\nlevel = \"b\"\n[lookahead.levels.z]\ndepth = 4\n[lookahead.levels.b]\nnodes = 77\nvcf_depth = 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	la := c.Lookahead
	if got := la.LevelNames(); !slices.Equal(got, []string{"z", "b"}) || la.DefaultLevel != 1 {
		t.Fatalf("levels %v default %d, want [z b] and 1", got, la.DefaultLevel)
	}
	z, b := la.At(0), la.At(1)
	if z.Depth != 4 || z.Nodes != 900 || z.VCFDepth != d.VCFDepth || b.Nodes != 77 || b.VCFDepth != 0 || b.Depth != d.Depth {
		t.Errorf("z %+v\nb %+v", z, b)
	}
	if b.Width != d.Width || b.TickCommands != d.TickCommands || b.Value != d.Value {
		t.Error("a level changed a shared key")
	}
	if la.AtDefault() != b {
		t.Error("AtDefault is not the level lookahead.level names")
	}
	if _, err := la.Named("y"); err == nil || !strings.Contains(err.Error(), `unknown level "y"`) {
		t.Errorf("Named(y): %v", err)
	}
	one, err := Parse("one.toml", []byte("[lookahead.levels.only]\n"))
	if err != nil || one.Lookahead.NumLevels() != 1 || one.Lookahead.At(0) != one.Lookahead {
		t.Errorf("one empty level: %v %+v", err, one)
	}
	var none Lookahead = DefaultLookahead()
	none.NLevels, none.Levels, none.DefaultLevel = 0, [MaxLevels]Level{}, 0
	if none.NumLevels() != 1 || none.LevelName(0) != SoleLevel || none.At(0) != none {
		t.Errorf("no levels: %d levels, %q", none.NumLevels(), none.LevelName(0))
	}
}

// TestLevelKeysCheckedAsTheSection: a level's key has the range
// [lookahead] gives the same key, so a level can ask for nothing the
// section could not.
func TestLevelKeysCheckedAsTheSection(t *testing.T) {
	for _, k := range LevelKeys {
		for _, v := range []int{k.Lo - 1, k.Hi + 1} {
			_, e1 := Parse("s.toml", []byte(fmt.Sprintf("[lookahead]\n%s = %d\n", k.Name, v)))
			_, e2 := Parse("s.toml", []byte(fmt.Sprintf("[lookahead.levels.x]\n%s = %d\n", k.Name, v)))
			want := fmt.Sprintf("is out of range %d..%d", k.Lo, k.Hi)
			for _, err := range []error{e1, e2} {
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("%s = %d: %v, want %q", k.Name, v, err, want)
				}
			}
		}
		if !slices.Contains(known["lookahead"], k.Name) {
			t.Errorf("level key %s is no [lookahead] key", k.Name)
		}
	}
}
