package check

import (
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// tinyTree is a hand-made command tree in commands.json form, so the
// dispatcher is tested without Mojang's reports.
const tinyTree = `{"type":"root","children":{
 "say":{"type":"literal","children":{"message":{"type":"argument","parser":"minecraft:message","executable":true}}},
 "execute":{"type":"literal","children":{
  "run":{"type":"literal"},
  "as":{"type":"literal","children":{"targets":{"type":"argument","parser":"minecraft:entity","properties":{"type":"entities","amount":"multiple"},"redirect":["execute"]}}},
  "if":{"type":"literal","children":{"score":{"type":"literal","children":{"t":{"type":"argument","parser":"minecraft:score_holder","properties":{"amount":"single"},"children":{"o":{"type":"argument","parser":"minecraft:objective","children":{"matches":{"type":"literal","children":{"r":{"type":"argument","parser":"minecraft:int_range","executable":true,"redirect":["execute"]}}}}}}}}}}}}},
 "add":{"type":"literal","children":{"n":{"type":"argument","parser":"brigadier:integer","properties":{"min":0,"max":10},"executable":true}}},
 "tp":{"type":"literal","children":{
  "dest":{"type":"argument","parser":"minecraft:entity","properties":{"type":"entities","amount":"single"},"executable":true},
  "loc":{"type":"argument","parser":"minecraft:vec3","executable":true},
  "targets":{"type":"argument","parser":"minecraft:entity","properties":{"type":"entities","amount":"multiple"},"children":{"loc":{"type":"argument","parser":"minecraft:vec3","executable":true}}}}},
 "stop":{"type":"literal","executable":true,"permissions":{"type":"minecraft:require","permission":{"type":"minecraft:command_level","level":"owners"}}},
 "odd":{"type":"literal","children":{"x":{"type":"argument","parser":"minecraft:not_a_parser","executable":true}}},
 "function":{"type":"literal","children":{"name":{"type":"argument","parser":"minecraft:function","executable":true,"children":{"arguments":{"type":"argument","parser":"minecraft:nbt_compound_tag","executable":true}}}}}
}}`

func loadTiny(t testing.TB) *Tree {
	t.Helper()
	tr, err := ParseTree([]byte(tinyTree))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestParseTree(t *testing.T) {
	tr := loadTiny(t)
	ex := tr.Root.Literals["execute"]
	if run := ex.Literals["run"]; run.Redirect != tr.Root {
		t.Errorf("execute run: redirect %v, want the root (Mojang's report omits it)", run.Redirect)
	}
	if as := ex.Literals["as"].Args[0]; as.Redirect != ex {
		t.Errorf("execute as <targets>: redirect %v, want execute", as.Redirect)
	}
	if lvl := tr.Root.Literals["stop"].Level; lvl != 4 {
		t.Errorf("stop: level %d, want 4", lvl)
	}
	var names []string
	for _, a := range tr.Root.Literals["tp"].Args {
		names = append(names, a.Name)
	}
	if got := strings.Join(names, ","); got != "dest,loc,targets" {
		t.Errorf("tp arguments in order %s, want file order dest,loc,targets", got)
	}
	for _, bad := range []string{`[]`, `{"type":"literal"}`, `{"type":"root","children":{"a":{"type":"argument"}}}`,
		`{"type":"root","children":{"a":{"type":"literal","redirect":["nope"]}}}`, `{"type":"root"`} {
		if _, err := ParseTree([]byte(bad)); err == nil {
			t.Errorf("ParseTree(%s): got no error", bad)
		}
	}
}

func TestDispatch(t *testing.T) {
	tr := loadTiny(t)
	for _, c := range []struct {
		line string
		col  int // 0 = valid
		msg  string
	}{
		{"say hi @a there", 0, ""},
		{"execute as @e run say x", 0, ""},
		{"execute as @e as @s if score @s o matches 1.. run execute run say x", 0, ""},
		{"execute if score #a o matches 1", 0, ""},
		{"add 10", 0, ""},
		{"tp @s", 0, ""},
		{"tp @e ~ ~ ~", 0, ""},
		{"tp ~ ~ ~", 0, ""},
		{"ad 1", 1, `unknown command "ad" (did you mean add?)`},
		{"add 11", 5, "integer must not be more than 10, found 11"},
		{"add", 4, "incomplete command, expected <n>"},
		{"add  1", 5, "expected integer"},
		{"execute as @e", 14, "incomplete command"},
		{"execute as @e run", 18, "incomplete command"},
		{"execute if score @a o matches 1", 18, "only one entity is allowed"},
		{"execute jump", 9, `incorrect argument "jump"`},
		{"stop", 1, `unknown command "stop"`},
		{"odd x", 5, "unsupported argument type minecraft:not_a_parser"},
		{"tp @e", 6, "incomplete command"},
		// The kept parse (@s the destination) stops at "^" with no error
		// of its own; the message names why the furthest alternative (the
		// targets' location) failed there.
		{"tp @s ^ ~ ^", 7, `incorrect argument "^": cannot mix world & local coordinates`},
		{"say", 4, "incomplete command"},
	} {
		probs := Line(c.line, tr, nil)
		if c.col == 0 {
			if len(probs) != 0 {
				t.Errorf("%q: got %v, want no problem", c.line, probs)
			}
			continue
		}
		if len(probs) != 1 || probs[0].Col != c.col || !strings.Contains(probs[0].Msg, c.msg) {
			t.Errorf("%q: got %v, want col %d %q", c.line, probs, c.col, c.msg)
		}
	}
}

func TestFunctionFileLines(t *testing.T) {
	tr := loadTiny(t)
	p := datapack.New()
	p.Files["pack.mcmeta"] = []byte(`{"pack":{"description":"t","min_format":94,"max_format":107}}`)
	p.Files["data/t/function/a.mcfunction"] = []byte("# comment\n\n   say  joined \\\n  here\r\n\tadd 1\\\n1\nadd \\\n   x\n//say\nsay é\u00e9 @q ok\nadd 1\\\n")
	got := Pack(p, tr, nil)
	want := []string{
		"data/t/function/a.mcfunction:5:6: integer must not be more than 10, found 11",
		"data/t/function/a.mcfunction:8:4: expected integer",
		"data/t/function/a.mcfunction:9:1: unknown or invalid command (if you intended to make a comment, use '#' not '//')",
		"data/t/function/a.mcfunction:11: line continuation at end of file",
	}
	var gs []string
	for _, g := range got {
		gs = append(gs, g.String())
	}
	if strings.Join(gs, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(gs, "\n"), strings.Join(want, "\n"))
	}
}
