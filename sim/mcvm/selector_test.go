package mcvm

import (
	"strings"
	"testing"
)

// selectorWorld summons markers a..e along x with scores and tags.
func selectorWorld(t *testing.T, extra map[string]string) *Machine {
	files := map[string]string{
		"t:setup": lines(
			"scoreboard objectives add o dummy",
			"scoreboard objectives add r dummy",
			`summon marker 1.5 64 0.5 {Tags:["a","odd"],CustomName:"A"}`,
			`summon marker 4.5 64 0.5 {Tags:["b"]}`,
			`summon marker 2.5 64 0.5 {Tags:["c","odd"]}`,
			`summon armor_stand 8.5 64 0.5 {Tags:["d"],Invisible:1b}`,
			`summon marker 0.5 70 0.5 {Tags:["e","odd"]}`,
			"scoreboard players set @e[tag=a] o 1",
			"scoreboard players set @e[tag=b] o 2",
			"scoreboard players set @e[tag=c] o 3",
		),
	}
	for k, v := range extra {
		files[k] = v
	}
	m := load(t, files)
	m.forceload(0, 0)
	call(t, m, "t:setup")
	return m
}

// selected lists, in iteration order, the tags of the entities sel picks
// when run at 0.5 64 0.5.
func selected(t *testing.T, m *Machine, sel string) string {
	t.Helper()
	id := "t:probe"
	m.funcs[id] = &Function{ID: id, inst: &instFunc{id: id, lines: []*cmdLine{
		mustLine(t, m, "scoreboard players reset * r"),
		mustLine(t, m, "scoreboard players set #n r 0"),
		mustLine(t, m, "execute positioned 0.5 64 0.5 as "+sel+" run function t:mark"),
	}}}
	m.funcs["t:mark"] = &Function{ID: "t:mark", inst: &instFunc{id: "t:mark", lines: []*cmdLine{
		mustLine(t, m, "scoreboard players add #n r 1"),
		mustLine(t, m, "scoreboard players operation @s r = #n r"),
	}}}
	call(t, m, id)
	var names []string
	n, _ := m.Score("#n", "r")
	for i := int32(1); i <= n; i++ {
		for _, e := range m.Entities() {
			if v, ok := m.Score(e.name, "r"); ok && v == i {
				names = append(names, strings.Join(e.Tags(), "+"))
			}
		}
	}
	return strings.Join(names, " ")
}

func mustLine(t *testing.T, m *Machine, s string) *cmdLine {
	t.Helper()
	l, err := m.parseCommand(s, Pos{File: "test"}, 2)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return l
}

func TestSelectors(t *testing.T) {
	m := selectorWorld(t, nil)
	tests := []struct{ sel, want string }{
		{"@e", "a+odd b c+odd d e+odd"},
		{"@e[type=marker]", "a+odd b c+odd e+odd"},
		{"@e[type=!marker]", "d"},
		{"@e[tag=odd]", "a+odd c+odd e+odd"},
		{"@e[tag=odd,tag=!a]", "c+odd e+odd"},
		{"@e[tag=]", ""},
		{"@e[tag=!]", "a+odd b c+odd d e+odd"},
		{"@e[limit=2]", "a+odd b"},
		{"@e[sort=nearest,limit=2]", "a+odd c+odd"},
		{"@e[sort=furthest,limit=1]", "d"},
		{"@e[sort=nearest]", "a+odd c+odd b e+odd d"},
		{"@e[distance=..2.5]", "a+odd c+odd"},
		{"@e[distance=2..5]", "b c+odd"},
		{"@e[scores={o=2..}]", "b c+odd"},
		{"@e[scores={o=1,r=0..}]", ""},
		{"@e[name=A]", "a+odd"},
		{"@e[name=!A,type=marker]", "b c+odd e+odd"},
		// A zero-size entity on the box's lower face does not intersect it
		// (AABB.intersects is strict).
		{"@e[x=4,y=64,z=0,dx=0,dy=0,dz=0]", ""},
		{"@e[x=4,y=63,z=0,dx=0,dy=1,dz=0]", "b"},
		{"@e[x=0,dx=3,y=60,dy=20,z=0]", "a+odd c+odd e+odd"},
		{"@e[nbt={Tags:[\"b\"]}]", "b"},
		{"@e[nbt=!{Tags:[\"odd\"]},type=marker]", "b"},
		{"@e[nbt={Invisible:1b}]", "d"},
		{"@n[tag=odd]", "a+odd"},
	}
	for _, tc := range tests {
		if got := selected(t, m, tc.sel); got != tc.want {
			t.Errorf("%s selected %q, want %q", tc.sel, got, tc.want)
		}
	}
}

func TestSelectorSectionOrder(t *testing.T) {
	// A box query visits sections by x, then by z and y as unsigned bit
	// fields of SectionPos.asLong (so z=-1 comes after z=0), then by entry
	// order; a query without a box visits entities in spawn order.
	m := selectorWorld(t, map[string]string{"t:more": lines(
		`summon marker -0.5 64 0.5 {Tags:["f"]}`,
		`summon marker 0.5 64 -0.5 {Tags:["g"]}`,
	)})
	m.forceload(-1, 0)
	m.forceload(0, -1)
	call(t, m, "t:more")
	for _, tc := range []struct{ sel, want string }{
		{"@e[tag=!d,tag=!e]", "a+odd b c+odd f g"},
		{"@e[distance=..5,tag=!e]", "f a+odd b c+odd g"},
	} {
		if got := selected(t, m, tc.sel); got != tc.want {
			t.Errorf("%s selected %q, want %q", tc.sel, got, tc.want)
		}
	}
}

func TestSelectorScanCounts(t *testing.T) {
	m := selectorWorld(t, nil)
	m.funcs["t:s"] = &Function{ID: "t:s", inst: &instFunc{id: "t:s", lines: []*cmdLine{
		mustLine(t, m, "execute as @e[tag=a,limit=1] run scoreboard players add #x o 1"),
		mustLine(t, m, "execute as @e[tag=a,sort=nearest,limit=1] run scoreboard players add #x o 1"),
	}}}
	c := call(t, m, "t:s").Calls[0]
	// limit with arbitrary order stops at the first match; a sort scans all.
	if c.SelectorEvals != 2 || c.EntitiesScanned != 1+5 {
		t.Errorf("selector evals %d, scanned %d; want 2, 6", c.SelectorEvals, c.EntitiesScanned)
	}
}

func TestSelectorParseErrors(t *testing.T) {
	m := load(t, nil)
	for _, s := range []struct{ sel, want string }{
		{"@q", "unknown selector type"},
		{"@e[limit=0]", "limit must be at least 1"},
		{"@s[limit=2]", "isn't applicable"},
		{"@e[type=marker,type=interaction]", "isn't applicable"},
		{"@e[foo=1]", "unknown option"},
		{"@e[team=red]", "not implemented"},
		{"@e[distance=-1..]", "cannot be negative"},
		{"@e[scores={o=5..1}]", "min cannot be bigger than max"},
		{"@e[type=zombie]", "not implemented"},
	} {
		_, err := m.parseCommand("kill "+s.sel, Pos{File: "x"}, 2)
		if err == nil || !strings.Contains(err.Error(), s.want) {
			t.Errorf("%s: err = %v, want %q", s.sel, err, s.want)
		}
	}
	// Arity: a single-entity argument refuses @e.
	if _, err := m.parseCommand("data get entity @e", Pos{File: "x"}, 2); err == nil {
		t.Errorf("data get entity @e parsed")
	}
	if _, err := m.parseCommand("tellraw @e \"x\"", Pos{File: "x"}, 2); err == nil {
		t.Errorf("tellraw @e parsed (players only)")
	}
}

func TestEntitiesInUnloadedChunksAreInvisible(t *testing.T) {
	m := load(t, map[string]string{
		"t:setup": lines("scoreboard objectives add o dummy", "summon marker 0 64 0 {Tags:[\"far\"]}"),
		"t:count": lines("execute store result score #n o if entity @e[tag=far]"),
		"t:free":  lines("forceload remove 0 0"),
	})
	m.forceload(0, 0)
	call(t, m, "t:setup")
	call(t, m, "t:count")
	wantScore(t, m, "#n", "o", 1)
	call(t, m, "t:free")
	// The chunk unloads between ticks, as the game processes tickets in
	// the level tick: until then its entities are still there.
	call(t, m, "t:count")
	wantScore(t, m, "#n", "o", 1)
	if _, err := m.Tick(); err != nil {
		t.Fatal(err)
	}
	call(t, m, "t:count")
	wantScore(t, m, "#n", "o", 0)
	// A player nearby loads the chunk again.
	if _, err := m.AddPlayer("Steve", UUID{7}, Vec3{40, 64, 40}, 0); err != nil {
		t.Fatal(err)
	}
	call(t, m, "t:count")
	wantScore(t, m, "#n", "o", 1)
}
