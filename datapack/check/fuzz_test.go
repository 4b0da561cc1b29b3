package check

import (
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// fuzzTrees returns the real trees and a tiny hand-made one.
func fuzzTrees(t testing.TB) []release {
	return append(loadReleases(t), release{"tiny", loadTiny(t), nil})
}

var fuzzLineSeeds = []string{
	"execute as @e[type=minecraft:interaction,tag=gomoku.cell,distance=..6] at @s if score @s gomoku.board matches 1.. run function gomoku:click",
	"summon text_display ~ ~1 ~ {text:{text:\"X\",color:\"black\"},billboard:\"center\",Tags:[\"gomoku.ui\"]}",
	"tellraw @a [{text:\"a\",click_event:{action:\"run_command\",command:\"/trigger t set 1\"},hover_event:{action:\"show_text\",value:\"go\"}}]",
	"give @s minecraft:stick[minecraft:custom_data={gomoku:1b},!minecraft:lore] 1",
	"clear @s *[custom_data~{a:1b}|count=1,!damage]",
	"particle minecraft:dust{color:[1f,0f,0f],scale:1f} ~ ~ ~ 0 0 0 0 1",
	"data modify storage a:b x[{k:1b}].y[0] set value [I;1,2,3]",
	"setblock ~ ~ ~ oak_stairs[facing=north]{CustomName:'x'}",
	"scoreboard players operation @e[scores={a=1..}] o >< #x o",
	"say @e[ @a[",
	"execute if entity @s[nbt={a:\"\\u00e9\\N{SNOWMAN}\"}]",
	"$say $(a)",
	"tp @s ^ ^ ^1",
	"execute store result storage a:b x int 1 run random value 0..224",
}

func FuzzLine(f *testing.F) {
	for _, s := range fuzzLineSeeds {
		f.Add(s)
	}
	for _, bc := range brokenCases {
		f.Add(bc.line)
	}
	trees := fuzzTrees(f)
	f.Fuzz(func(t *testing.T, line string) {
		for _, r := range trees {
			for _, p := range Line(line, r.tree, r.reg) {
				if p.Line < 1 || p.Col < 0 {
					t.Fatalf("%s: bad position in %v", r.name, p)
				}
			}
		}
	})
}

func FuzzTemplate(f *testing.F) {
	for _, s := range []string{"say $(a) $(b)", "$(", "$()", "a$$(x)$", "tp ~$(x) ~ ~$(z)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tp, off, msg := parseTemplate(s)
		if msg != "" {
			if off < -1 || off > len(s) {
				t.Fatalf("error offset %d outside the line", off)
			}
			return
		}
		vals := map[string]string{}
		for i, v := range tp.vars {
			vals[v] = s[:i%(len(s)+1)]
		}
		out, sub := tp.substitute(vals)
		for i := 0; i <= len(out); i++ {
			if o := sub.origin(i); o < 0 || o > len(s)+1 {
				t.Fatalf("origin(%d) = %d outside the line", i, o)
			}
		}
	})
}

// FuzzFunctionFile feeds arbitrary files through the whole pack check.
func FuzzFunctionFile(f *testing.F) {
	f.Add("say hi\n$say $(a)\nfunction t:f {a:1}\n", "{\"values\":[\"t:f\"]}")
	f.Add("a \\\n b\\", "{")
	f.Add("function t:f with storage t:s x\ndata modify storage t:s x.a set value 1b\n", `{"values":[{"id":"#t:x"}]}`)
	trees := fuzzTrees(f)
	f.Fuzz(func(t *testing.T, fn, tagJSON string) {
		p := datapack.New()
		p.Files["pack.mcmeta"] = []byte(`{"pack":{"description":"t","min_format":94,"max_format":107}}`)
		p.Files["data/t/function/f.mcfunction"] = []byte(fn)
		p.Files["data/t/function/g.mcfunction"] = []byte("$" + fn)
		p.Files["data/t/tags/function/x.json"] = []byte(tagJSON)
		p.Files["data/t/advancement/a.json"] = []byte(tagJSON)
		for _, r := range trees {
			for _, pr := range Pack(p, r.tree, r.reg) {
				if pr.Line < 0 || pr.Col < 0 {
					t.Fatalf("%s: bad position in %v", r.name, pr)
				}
			}
		}
	})
}
