package mcvm

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// addCommands seeds f with fuzzCommands.
func addCommands(f *testing.F) {
	for _, c := range fuzzCommands {
		f.Add(c)
	}
}

// fuzzCommands are command lines of every kind the packs use.
var fuzzCommands = []string{
	"scoreboard players operation #a o /= #b o",
	"execute as @e[type=marker,tag=x,scores={o=1..},limit=2,sort=nearest] at @s if score @s o matches ..3 run tp @s ~ ~1 ~",
	"execute store result storage t:s a.b[0] int 0.5 run data get entity @s Pos[1] 10",
	`data modify storage t:s a[{id:1}].v set value {x:[I;1,2],y:"s",z:1.5f}`,
	"function t:f with storage t:s args.inner",
	`function t:f {a:1b,b:"x"}`,
	"return run execute if function #t:tag unless entity @s[tag=x] run return 1",
	`summon interaction ~ ~ ~ {width:1f,height:0.2f,response:1b,Tags:["g.cell"]}`,
	`tellraw @a [{text:"a",color:"red"},{score:{name:"*",objective:"o"}}]`,
	"fill ~-1 ~ ~-1 ~1 ~2 ~1 glass hollow",
	"clone 0 0 0 1 1 1 5 5 5 filtered stone move",
	"setblock ^ ^1 ^2 oak_stairs[facing=east]{}",
	"particle dust{color:[1f,0f,0f],scale:1f} ~ ~ ~ 0 0 0 0 1 force @a",
	"schedule function t:f 2s append",
	"gamerule max_command_sequence_length 100",
	"advancement revoke @s only g:click c",
	"random value 1..6 t:seq",
	"execute positioned as @p rotated as @s facing entity @n[tag=b] eyes anchored eyes align xz in minecraft:the_end run say hi @e",
	"forceload add ~ ~ ~31 ~31",
	"place template t:board ~ ~ ~ none none 1 0 strict",
	"title @a times 1t 2s 3d",
	"trigger menu set 3",
	"kill @e[x=0,y=0,z=0,dx=5,dy=5,dz=5,distance=..3,name=!\"a b\",nbt={Tags:[\"x\"]}]",
}

// FuzzParseCommand: no command line makes the parser panic.
func FuzzParseCommand(f *testing.F) {
	addCommands(f)
	m := load(f, nil)
	f.Fuzz(func(t *testing.T, line string) {
		m.parseCommand(line, Pos{File: "fuzz", Line: 1}, 2)
		m.parseCommand(line, Pos{File: "fuzz", Line: 1}, 0)
	})
}

// FuzzRunCommand: parsing and running any command in a small world never
// panics (failures and VM errors are fine).
func FuzzRunCommand(f *testing.F) {
	addCommands(f)
	f.Fuzz(func(t *testing.T, line string) {
		m := load(t, map[string]string{
			"t:f":                           "scoreboard players add #n o 1\nreturn 1\n",
			"data/t/tags/function/tag.json": `{"values":["t:f"]}`,
		})
		m.forceload(0, 0)
		p, _ := m.AddPlayer("Alex", UUID{1}, Vec3{0.5, 64, 0.5}, 4)
		m.RunCommand(nil, "scoreboard objectives add o dummy")
		m.RunCommand(nil, `summon marker 1 64 1 {Tags:["x"]}`)
		m.RunCommand(nil, `summon interaction 2 64 1 {Tags:["b"]}`)
		m.RunCommand(nil, line)
		m.RunCommand(p, line)
		m.Tick()
	})
}

// FuzzSNBT: no input panics, and whatever parses prints back to SNBT that
// parses to an equal tag.
func FuzzSNBT(f *testing.F) {
	for _, s := range []string{`{a:1,b:[1b,2s,3L],c:"x",d:'y"',e:[B;1b],f:[I;1],g:[L;1L],h:1.5f,i:-2.5e3d}`,
		`[1,"a",{}]`, `0xFFub`, `true`, `uuid("1-2-3-4-5")`, `"\u00e9\x41\n"`, `{"a b":{c:[[]]}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			// Commands reach the parser as Java strings, decoded from UTF-8
			// files with invalid bytes replaced; see splitLines.
			return
		}
		tag, err := ParseSNBT(s)
		if err != nil {
			return
		}
		out := FormatSNBT(tag)
		back, err := ParseSNBT(out)
		if err != nil {
			t.Fatalf("%q printed as %q, which does not parse: %v", s, out, err)
		}
		if !tagEqual(tag, back) {
			t.Fatalf("%q printed as %q, which parses to %s", s, out, FormatSNBT(back))
		}
	})
}

// FuzzNBTPath: no path panics in parsing or in any operation.
func FuzzNBTPath(f *testing.F) {
	for _, s := range []string{"a.b[0]", "l[{id:1}].v", `{a:{}}.a`, "a[]", `"q k".x`, "arr[-1]", "a{b:1}.c[]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := readNBTPath(s)
		if err != nil {
			return
		}
		mk := func() *Compound {
			tag, _ := ParseSNBT(`{a:{b:[1,2],c:"x"},l:[{id:1,v:"p"}],arr:[I;1,2],e:[]}`)
			return tag.(*Compound)
		}
		p.get(mk())
		p.countMatching(mk())
		p.set(mk(), Int(3))
		p.insert(0, mk(), []Tag{Int(1), String("s")})
		p.insert(-1, mk(), []Tag{NewCompound()})
		p.remove(mk())
		p.getOrCreate(mk(), func() Tag { return NewCompound() })
	})
}

// FuzzFunctionFile: no function file makes Load panic.
func FuzzFunctionFile(f *testing.F) {
	f.Add("say hi\n$say $(x)\n# c\nscoreboard players set \\\n #a o 1\n")
	f.Add(strings.Join(fuzzCommands, "\n"))
	f.Add("$$(a)$(b)\n\\")
	f.Fuzz(func(t *testing.T, body string) {
		m, err := Load(packOf(map[string]string{"t:f": body}), Options{})
		if err != nil {
			return
		}
		m.Call("t:f")
		m.Call("t:f")
	})
}
