package config

import (
	"os"
	"path/filepath"
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
