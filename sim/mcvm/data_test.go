package mcvm

import (
	"strings"
	"testing"
)

func TestDataStorage(t *testing.T) {
	m := load(t, map[string]string{"t:f": lines(
		"scoreboard objectives add o dummy",
		`data modify storage t:s a set value {x:1,list:[1,2],name:"héllo😀"}`,
		"execute store success score #same o run data modify storage t:s a.x set value 1",
		"data modify storage t:s a.list append value 3",
		"data modify storage t:s a.list prepend value 0",
		"data modify storage t:s a.list insert 2 value 9",
		`data modify storage t:s a.list append value "mixed"`,
		"data modify storage t:s b set from storage t:s a.list[1]",
		"data modify storage t:s a merge value {y:{z:1}}",
		"data modify storage t:s a.y merge value {w:2}",
		"data modify storage t:s sub set string storage t:s a.name 1 -2",
		"data modify storage t:s num set string storage t:s a.x",
		"execute store result score #len o run data get storage t:s a.list",
		"execute store result score #slen o run data get storage t:s a.name",
		"execute store result score #csize o run data get storage t:s a",
		"execute store result score #scaled o run data get storage t:s a.x 2.5",
		"execute store success score #multi o run data get storage t:s a.list[]",
		"execute store success score #missing o run data get storage t:s a.nope",
		"execute store result score #removed o run data remove storage t:s a.list[{}]",
		"execute store success score #rm0 o run data remove storage t:s a.nope",
		"execute store result score #whole o run data get storage t:s",
		"data merge storage t:s {m:1b}",
		"execute store success score #merge0 o run data merge storage t:s {m:1b}",
		"execute store result score #count o if data storage t:s a.list[]",
		"execute store success score #nodata o if data storage t:none x",
	)})
	call(t, m, "t:f")
	got := FormatSNBT(m.Storage("t:s"))
	want := `{a:{list:[0,1,9,2,3,"mixed"],name:"héllo😀",x:1,y:{w:2,z:1}},b:1,m:1b,num:"1",sub:"éllo"}`
	if got != want {
		t.Errorf("storage =\n%s\nwant\n%s", got, want)
	}
	for h, v := range map[string]int32{"#same": 0, "#len": 6, "#slen": 7, "#csize": 4, "#scaled": 2, "#multi": 0,
		"#missing": 0, "#removed": 0, "#rm0": 0, "#whole": 1, "#merge0": 0, "#count": 6, "#nodata": 0} {
		wantScore(t, m, h, "o", v)
	}
}

func TestDataEntity(t *testing.T) {
	m := load(t, map[string]string{
		"t:setup": lines(
			"scoreboard objectives add o dummy",
			`summon marker 1.5 64 1.5 {Tags:["m"],data:{n:3}}`,
			`summon interaction 3.5 64 1.5 {Tags:["i"],width:2}`,
			`summon armor_stand 5.5 64 1.5 {Tags:["as"]}`,
		),
		"t:f": lines(
			"execute as @e[tag=m] run data modify entity @s data.n set value 4",
			"execute as @e[tag=m] store result score #n o run data get entity @s data.n",
			"execute as @e[tag=m] run data merge entity @s {Tags:[\"m\",\"merged\"]}",
			"execute as @e[tag=i] store result score #w o run data get entity @s width 10",
			"execute as @e[tag=i] store result score #h o run data get entity @s height",
			"execute as @e[tag=i] store result score #resp o run data get entity @s response",
			"execute as @e[tag=m] store result score #x o run data get entity @s Pos[0] 10",
			"execute as @e[tag=m] run data modify entity @s Pos[1] set value 70.0d",
			"execute as @e[tag=m] store success score #ign o run data merge entity @s {NotAField:1}",
			"execute store success score #player o run data merge entity Alex {Tags:[\"x\"]}",
		),
		"t:bad": "execute as @e[tag=as] run data get entity @s attributes\n",
	})
	m.forceload(0, 0)
	if _, err := m.AddPlayer("Alex", UUID{9}, Vec3{0, 64, 0}, 0); err != nil {
		t.Fatal(err)
	}
	call(t, m, "t:setup")
	call(t, m, "t:f")
	wantScore(t, m, "#n", "o", 4)
	wantScore(t, m, "#w", "o", 20)
	wantScore(t, m, "#h", "o", 1)
	wantScore(t, m, "#resp", "o", 0)
	wantScore(t, m, "#x", "o", 15)
	// An unknown key is ignored by the entity load, but the merge itself
	// changed the compared NBT, so the command succeeds.
	wantScore(t, m, "#ign", "o", 1)
	wantScore(t, m, "#player", "o", 0)
	mk := m.EntitiesWithTag("merged")
	if len(mk) != 1 || mk[0].Pos.Y != 70 {
		t.Fatalf("merged marker: %v", mk)
	}
	nbt := FormatSNBT(m.EntityNBT(mk[0]))
	for _, want := range []string{`data:{n:4}`, `Tags:["merged","m"]`, `Pos:[1.5d,70.0d,1.5d]`, `Fire:-1s`, `Air:300s`} {
		if !strings.Contains(nbt, want) {
			t.Errorf("marker NBT %s lacks %s", nbt, want)
		}
	}
	if strings.Contains(nbt, "NotAField") {
		t.Errorf("unknown field kept: %s", nbt)
	}
	if _, err := m.Call("t:bad"); err == nil || !strings.Contains(err.Error(), "attributes") {
		t.Errorf("reading an unmodelled field: err = %v", err)
	}
}

func TestSummonKillTagTeleport(t *testing.T) {
	m := load(t, map[string]string{"t:f": lines(
		"scoreboard objectives add o dummy",
		"summon marker 1 64 1 {UUID:[I;1,2,3,4],Tags:[\"a\"],Rotation:[90f,0f]}",
		"execute store success score #dup o run summon marker 1 64 1 {UUID:[I;1,2,3,4]}",
		"execute as 00000001-0000-0002-0000-000300000004 run tag @s add b",
		"execute store result score #tags o run tag @e[tag=a] list",
		"execute store success score #again o run tag @e[tag=a] add a",
		"tp @e[tag=a] 5 65 ~ 180 45",
		"summon marker 8 64 8 {Tags:[\"target\"]}",
		"execute as @e[tag=a] at @s run tp @s ~ ~ ~ facing entity @e[tag=target,limit=1]",
		"execute store result score #killed o run kill @e[type=marker]",
		"execute store success score #none o run kill @e[type=marker]",
	)})
	m.forceload(0, 0)
	call(t, m, "t:f")
	wantScore(t, m, "#dup", "o", 0)
	wantScore(t, m, "#tags", "o", 2)
	wantScore(t, m, "#again", "o", 0)
	wantScore(t, m, "#killed", "o", 2)
	wantScore(t, m, "#none", "o", 0)
	if n := len(m.Entities()); n != 0 {
		t.Errorf("%d entities left", n)
	}
}

func TestTeleportAndFacing(t *testing.T) {
	m := load(t, map[string]string{"t:f": lines(
		"summon marker 1.5 64 1.5 {Tags:[\"a\"]}",
		"tp @e[tag=a] 5 65 ~ 180 45",
		"summon marker 6 65 10.5 {Tags:[\"b\"]}",
	), "t:g": lines(
		"execute as @e[tag=a] at @s run tp @s ~ ~ ~ facing entity @e[tag=b,limit=1] feet",
	)})
	m.forceload(0, 0)
	call(t, m, "t:f")
	a := m.EntitiesWithTag("a")[0]
	// ~ is relative to the command source (the server at 0 64 0), not to
	// the entity; a plain integer x is centred.
	if a.Pos != (Vec3{5.5, 65, 0}) || a.Yaw != -180 || a.Pitch != 45 {
		t.Errorf("after tp: pos %v yaw %v pitch %v", a.Pos, a.Yaw, a.Pitch)
	}
	call(t, m, "t:g")
	// b is 10.5 ahead along +z and 1 towards +x: yaw = atan2(10.5, 1) - 90.
	if a.Yaw > -5.4 || a.Yaw < -5.5 || a.Pitch != 0 {
		t.Errorf("facing: yaw %v pitch %v", a.Yaw, a.Pitch)
	}
}

func TestBlocks(t *testing.T) {
	m := load(t, map[string]string{
		"t:f": lines(
			"scoreboard objectives add o dummy",
			"setblock 0 64 0 stone",
			"execute store success score #same o run setblock 0 64 0 stone",
			"execute store success score #keep o run setblock 0 64 0 dirt keep",
			"setblock 1 64 0 oak_stairs[facing=east]",
			"execute store result score #filled o run fill 0 70 0 2 72 2 glass hollow",
			"execute store result score #outline o run fill 4 70 0 6 72 2 glass outline",
			"execute store result score #replaced o run fill 0 70 0 2 72 2 stone replace glass",
			"execute store result score #cloned o run clone 0 70 0 2 72 2 10 70 0",
			"execute store result score #masked o run clone 4 70 0 6 72 2 10 80 0 masked",
			"execute store result score #same_region o if blocks 0 70 0 2 72 2 10 70 0 all",
			"execute store success score #isstone o if block 0 64 0 minecraft:stone",
			"execute store success score #stairs o if block 1 64 0 oak_stairs[facing=east]",
			"execute store success score #notloaded o run setblock 100 64 100 stone",
			"execute store success score #outside o run setblock 0 400 0 stone",
			"execute store success score #toobig o run fill 0 0 0 15 200 15 stone",
		),
		"t:defaultstate": "execute if block 1 64 0 oak_stairs[half=bottom] run say hi\n",
	})
	m.forceload(0, 0)
	rep := call(t, m, "t:f")
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "BLOCK LIMIT") {
		t.Errorf("warnings = %v, want the block limit", rep.Warnings)
	}
	for h, v := range map[string]int32{"#same": 0, "#keep": 0, "#filled": 26, "#outline": 26, "#replaced": 26,
		"#cloned": 27, "#masked": 26, "#same_region": 27, "#isstone": 1, "#stairs": 1, "#notloaded": 0,
		"#outside": 0, "#toobig": 0} {
		wantScore(t, m, h, "o", v)
	}
	if got := m.Block(1, 71, 1); got != "minecraft:air" {
		t.Errorf("hollow centre = %s", got)
	}
	if got := m.Block(11, 70, 0); got != "minecraft:stone" {
		t.Errorf("cloned block = %s", got)
	}
	if got := m.Block(1, 64, 0); got != "minecraft:oak_stairs[facing=east]" {
		t.Errorf("stairs = %s", got)
	}
	// A property the game would default but mcvm never saw is refused.
	if _, err := m.Call("t:defaultstate"); err == nil || !strings.Contains(err.Error(), "default states") {
		t.Errorf("unknown default state: err = %v", err)
	}
}

func TestTextOutput(t *testing.T) {
	m := load(t, map[string]string{"t:f": lines(
		"scoreboard objectives add o dummy",
		"scoreboard players set Alex o 42",
		"scoreboard players set #g o 7",
		`tellraw @a [{text:"you have ",color:"gold"},{score:{name:"*",objective:"o"}},{text:" and "},{score:{name:"#g",objective:"o"}}]`,
		`tellraw @a {selector:"@a"}`,
		`title @a title {text:"Win",bold:true}`,
		`title @a times 10 2s 1d`,
		"say hello @a",
		"playsound minecraft:block.note_block.pling master @a ~ ~ ~ 1 2",
		"execute store success score #far o run playsound minecraft:x master @a 1000 64 0",
		"particle minecraft:happy_villager ~ ~1 ~ 0.2 0.2 0.2 0 5",
	)})
	if _, err := m.AddPlayer("Alex", UUID{3}, Vec3{0, 64, 0}, 0); err != nil {
		t.Fatal(err)
	}
	call(t, m, "t:f")
	got := fmtEvents(m.Events())
	want := "tellraw Alex: you have 42 and 7 \n" +
		"tellraw Alex: Alex \n" +
		"title Alex: Win \n" +
		"title_times Alex:  10 40 24000\n" +
		"say Alex: [Server] hello Alex \n" +
		"playsound Alex:  minecraft:block.note_block.pling master\n" +
		"particle Alex:  minecraft:happy_villager\n"
	if got != want {
		t.Errorf("events:\n%s\nwant:\n%s", got, want)
	}
	wantScore(t, m, "#far", "o", 0)
}

func TestGamerules(t *testing.T) {
	for _, tc := range []struct {
		version, line string
		ok            bool
	}{
		{"26.2", "gamerule max_command_sequence_length 10", true},
		{"26.2", "gamerule minecraft:max_command_sequence_length 10", true},
		{"26.2", "gamerule maxCommandChainLength 10", false},
		{"1.21.11", "gamerule maxCommandChainLength 10", false},
		{"1.21.10", "gamerule maxCommandChainLength 10", true},
		{"1.21.10", "gamerule max_command_sequence_length 10", false},
		{"26.2", "gamerule max_command_sequence_length -1", false},
		{"1.21.10", "gamerule maxCommandChainLength -1", true},
	} {
		_, err := Load(packOf(map[string]string{"t:f": tc.line}), Options{Version: tc.version})
		if (err == nil) != tc.ok {
			t.Errorf("%s %q: err = %v", tc.version, tc.line, err)
		}
	}
	if _, err := Load(packOf(nil), Options{Version: "1.21.4"}); err == nil {
		t.Errorf("1.21.4 accepted")
	}
}

func TestFunctionWithEntityAndTextNBT(t *testing.T) {
	m := load(t, map[string]string{
		"t:f": lines(
			"scoreboard objectives add o dummy",
			`summon marker 0.5 64 0.5 {Tags:["src"],data:{n:12,name:"#fromentity"}}`,
			"execute as @e[tag=src] run function t:mac with entity @s data",
			`data modify storage state x set value [1,2]`,
			`tellraw @a [{nbt:"x[]",storage:"state",separator:"+"},{text:" / "},{nbt:"data.n",entity:"@e[tag=src]"}]`,
			"execute store success score #empty o run function #t:empty",
			"execute if function #t:empty run scoreboard players set #ran o 1",
		),
		"t:mac":                           "$scoreboard players set $(name) o $(n)\n",
		"data/t/tags/function/empty.json": `{"values":[]}`,
	})
	m.forceload(0, 0)
	if _, err := m.AddPlayer("Alex", UUID{3}, Vec3{0, 64, 0}, 0); err != nil {
		t.Fatal(err)
	}
	call(t, m, "t:f")
	wantScore(t, m, "#fromentity", "o", 12)
	wantScore(t, m, "#empty", "o", 0)
	// An empty tag makes execute if function stop the chain silently.
	wantNoScore(t, m, "#ran", "o")
	if got := fmtEvents(m.Events()); got != "tellraw Alex: 1+2 / 12 \n" {
		t.Errorf("events %q", got)
	}
}

// clone from/to copies between dimensions, block entities included, and
// checks each end where it is (loaded, in the world) with no overlap rule.
func TestCloneAcrossDimensions(t *testing.T) {
	m := load(t, map[string]string{
		"t:f": lines(
			"scoreboard objectives add o dummy",
			`setblock 0 64 0 chest[facing=west]{Items:[{Slot:0b,id:"minecraft:apple",count:3}]}`,
			"setblock 1 64 0 oak_stairs[facing=east]",
			"execute store result score #to o run clone 0 64 0 1 64 0 to minecraft:the_nether 0 64 0 strict",
			"execute in minecraft:the_nether store result score #from o run clone from minecraft:overworld 0 64 0 1 64 0 4 64 0",
			"execute store success score #unloaded o run clone 0 64 0 1 64 0 to minecraft:the_end 0 64 0",
			"execute store success score #outside o run clone 0 64 0 1 65 0 to minecraft:the_nether 0 255 0",
		),
	})
	m.forceload(0, 0)
	m.dim("minecraft:the_nether").forced[chunkPos{0, 0}] = true
	call(t, m, "t:f")
	for h, v := range map[string]int32{"#to": 2, "#from": 2, "#unloaded": 0, "#outside": 0} {
		wantScore(t, m, h, "o", v)
	}
	chest := m.BlockDataIn("minecraft:overworld", 0, 64, 0)
	if !strings.Contains(chest, "minecraft:apple") {
		t.Fatalf("the chest has no NBT: %s", chest)
	}
	for _, at := range []struct {
		dim     string
		x, want int32
	}{{"minecraft:the_nether", 0, 0}, {"minecraft:the_nether", 1, 1}, {"minecraft:the_nether", 4, 0}, {"minecraft:the_nether", 5, 1}} {
		want := []string{chest, "minecraft:oak_stairs[facing=east]"}[at.want]
		if got := m.BlockDataIn(at.dim, at.x, 64, 0); got != want {
			t.Errorf("%s %d 64 0 = %s, want %s", at.dim, at.x, got, want)
		}
	}
	if got := m.Block(4, 64, 0); got != "minecraft:air" {
		t.Errorf("clone from wrote into the overworld: %s", got)
	}
}
