package check

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// TestParseValues: Parse returns the nodes a line took and each
// argument's value, as the consumers of a parsed command read them.
func TestParseValues(t *testing.T) {
	tree, reg, err := Embedded("26.2")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		line  string
		path  string // the nodes' names
		index int    // the token whose value is checked
		want  any
	}{
		{"schedule function t:x 99999999999d", "schedule function function time", 3, int32(2147483647)},
		{"schedule function #t:x 2s append", "schedule function function time append", 2, ID{"t:x", true}},
		{"scoreboard players add #a o 2147483647", "scoreboard players add targets objective score", 5, int32(2147483647)},
		{"scoreboard players add #a o 1", "scoreboard players add targets objective score", 3, nil},
		{"scoreboard players operation #a o >< #b o", "scoreboard players operation targets targetObjective operation source sourceObjective", 5, nil},
		{"data get storage t:s \"a b\"", "data get storage target path", 4, NBTPath{`"a b"`, []syntax.PathNode{{Kind: syntax.NodeChild, Name: "a b", Quoted: true, End: 5}}}},
		{"execute if score #a o matches ..3 run return 1", "execute if score target targetObjective matches range run return value", 6, syntax.IntRange{Max: 3, HasMax: true}},
		{"execute positioned ~1 64 ^ run say x", "", 0, nil},
		{"execute positioned ~1 64.5 2 run say x", "execute positioned pos run say message", 2, Coords{N: 3, C: [3]Coord{{Rel: true, V: 1}, {V: 64.5, Frac: true}, {V: 2}}}},
		{"execute align xz run return 0", "execute align axes run return value", 2, [3]bool{true, false, true}},
		{"data modify storage t:s a.b set value {x:1b}", "data modify storage target targetPath set value value", 3, ID{"t:s", false}},
		{"summon marker ~ ~ ~", "summon entity pos", 1, ID{"minecraft:marker", false}},
	} {
		cmd, err := Parse(c.line, tree, reg)
		if c.path == "" {
			if err == nil {
				t.Errorf("%q: parsed, want an error", c.line)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.line, err)
			continue
		}
		var names []string
		for _, tk := range cmd.Tokens {
			names = append(names, tk.Node.Name)
		}
		if got := strings.Join(names, " "); got != c.path {
			t.Errorf("%q: nodes %q, want %q", c.line, got, c.path)
			continue
		}
		if got := cmd.Tokens[c.index].Value; !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: token %d (%s) = %#v, want %#v", c.line, c.index, cmd.Tokens[c.index].Text(c.line), got, c.want)
		}
	}
	cmd, perr := Parse("execute as @e[tag=x,limit=2] run data get storage t:s a.b[0]", tree, reg)
	if perr != nil {
		t.Fatal(perr)
	}
	if sel, ok := cmd.Tokens[2].Value.(*syntax.Selector); !ok || sel.MaxResults != 2 {
		t.Errorf("selector value %#v", cmd.Tokens[2].Value)
	}
	if p, ok := cmd.Tokens[len(cmd.Tokens)-1].Value.(NBTPath); !ok || p.Text != "a.b[0]" || len(p.Nodes) != 3 {
		t.Errorf("path value %#v", cmd.Tokens[len(cmd.Tokens)-1].Value)
	}
}
