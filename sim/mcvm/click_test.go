package mcvm

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// clickPack is a board of two interaction cells; right clicks are
// delivered through an advancement whose reward revokes it, finds the
// clicked cell, records the cell index and the clicker, and clears the
// interaction. Its entity predicates are written in the form of the
// release a clickRelease names.
func clickPack(rel clickRelease) map[string]string {
	files := map[string]string{}
	for k, v := range clickPackFields {
		if rel.mapForm {
			v = strings.NewReplacer(`{"type":`, `{"minecraft:entity_type":`, `"nbt":`, `"minecraft:nbt":`).Replace(v)
		}
		files[k] = v
	}
	return files
}

// clickRelease is a release to emulate and the form of entity predicates
// it reads: fields up to 26.1, a map keyed by sub-predicate type from 26.2.
type clickRelease struct {
	version string
	mapForm bool
}

var clickReleases = []clickRelease{{"1.21.5", false}, {"26.1", false}, {"26.2", true}}

// loadAs loads files emulating release version.
func loadAs(t testing.TB, files map[string]string, version string) *Machine {
	t.Helper()
	m, err := Load(packOf(files), Options{Version: version})
	if err != nil {
		t.Fatalf("load as %s: %v", version, err)
	}
	return m
}

var clickPackFields = map[string]string{
	"data/minecraft/tags/function/load.json": `{"values":["g:load"]}`,
	"g:load": lines(
		"forceload add 0 0",
		"scoreboard objectives add g.cell dummy",
		"scoreboard objectives add g.last dummy",
		`summon interaction 1.5 64 1.5 {width:1f,height:0.2f,response:1b,Tags:["g.cell"]}`,
		`summon interaction 2.5 64 1.5 {width:1f,height:0.2f,response:1b,Tags:["g.cell"]}`,
		"scoreboard players set @e[type=interaction,tag=g.cell,x=1,y=64,z=1,dx=0,dy=1,dz=0] g.cell 0",
		"scoreboard players set @e[type=interaction,tag=g.cell,x=2,y=64,z=1,dx=0,dy=1,dz=0] g.cell 1",
	),
	"data/g/advancement/click.json": `{
		"criteria": {"c": {"trigger": "minecraft:player_interacted_with_entity",
			"conditions": {"entity": {"type": "minecraft:interaction", "nbt": "{Tags:[\"g.cell\"]}"}}}},
		"rewards": {"function": "g:click"}
	}`,
	"data/g/advancement/punch.json": `{
		"criteria": {"c": {"trigger": "minecraft:player_hurt_entity",
			"conditions": {"entity": [{"condition": "minecraft:entity_properties", "entity": "this",
				"predicate": {"type": "minecraft:interaction"}}]}}},
		"rewards": {"function": "g:punch"}
	}`,
	"g:click": lines(
		"advancement revoke @s only g:click",
		"tag @s add g.clicker",
		"execute as @e[type=interaction,tag=g.cell,distance=..6] if data entity @s interaction run function g:found",
		"tag @s remove g.clicker",
	),
	"g:found": lines(
		"scoreboard players operation #last g.last = @s g.cell",
		"execute on target if entity @s[tag=g.clicker] run scoreboard players add @s g.last 1",
		"data remove entity @s interaction",
	),
	"g:punch": lines(
		"scoreboard players add #punches g.last 1",
	),
}

func TestClickAdvancementReward(t *testing.T) {
	for _, rel := range clickReleases {
		t.Run(rel.version, func(t *testing.T) { testClickAdvancementReward(t, loadAs(t, clickPack(rel), rel.version)) })
	}
}

func testClickAdvancementReward(t *testing.T, m *Machine) {
	if _, err := m.Tick(); err != nil {
		t.Fatal(err)
	}
	alex, err := m.AddPlayer("Alex", UUID{0xa1}, Vec3{2.5, 64, 3}, 0)
	if err != nil {
		t.Fatal(err)
	}
	cells := m.EntitiesWithTag("g.cell")
	if len(cells) != 2 {
		t.Fatalf("%d cells", len(cells))
	}
	rep, err := m.ClickEntity(alex, cells[1].UUID, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Calls) != 1 || !strings.HasPrefix(rep.Calls[0].Entry, "reward g:click") {
		t.Fatalf("calls: %+v", rep.Calls)
	}
	wantScore(t, m, "#last", "g.last", 1)
	wantScore(t, m, "Alex", "g.last", 1)
	if got := m.EntityNBT(cells[1]).Get("interaction"); got != nil {
		t.Errorf("interaction not cleared: %s", FormatSNBT(got))
	}
	if alex.Entity().HasTag("g.clicker") {
		t.Errorf("clicker tag left behind")
	}
	// The reward revoked the advancement, so the next click fires again.
	if _, err := m.ClickEntity(alex, cells[0].UUID, true); err != nil {
		t.Fatal(err)
	}
	wantScore(t, m, "#last", "g.last", 0)
	wantScore(t, m, "Alex", "g.last", 2)
	// Left click: attack recorded, player_hurt_entity fires once; without a
	// revoke the advancement stays done and later punches do nothing.
	for range 2 {
		if _, err := m.ClickEntity(alex, cells[0].UUID, false); err != nil {
			t.Fatal(err)
		}
	}
	wantScore(t, m, "#punches", "g.last", 1)
	attack, ok := m.EntityNBT(cells[0]).Get("attack").(*Compound)
	if !ok {
		t.Fatalf("no attack recorded")
	}
	if u, _ := uuidFromTag(attack.Get("player")); u != alex.Entity().UUID {
		t.Errorf("attack player = %v", u)
	}
	if ts := attack.Get("timestamp"); ts != Long(m.GameTime()) {
		t.Errorf("attack timestamp = %v, want %d", ts, m.GameTime())
	}
}

func TestClickOutOfReach(t *testing.T) {
	m := loadAs(t, clickPack(clickReleases[0]), clickReleases[0].version)
	if _, err := m.Tick(); err != nil {
		t.Fatal(err)
	}
	far, err := m.AddPlayer("Far", UUID{0xb2}, Vec3{2.5, 64, 8}, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = m.ClickEntity(far, m.EntitiesWithTag("g.cell")[0].UUID, true)
	var oor *ErrOutOfReach
	if !errors.As(err, &oor) {
		t.Fatalf("err = %v, want out of reach", err)
	}
	if m.EntityNBT(m.EntitiesWithTag("g.cell")[0]).Get("interaction") != nil {
		t.Errorf("an out-of-reach click was recorded")
	}
}

func TestAdvancementCommands(t *testing.T) {
	files := map[string]string{
		"data/g/advancement/root.json":  `{"criteria":{"a":{"trigger":"minecraft:impossible"}},"rewards":{"function":"g:r"}}`,
		"data/g/advancement/child.json": `{"parent":"g:root","criteria":{"a":{"trigger":"minecraft:impossible"},"b":{"trigger":"minecraft:impossible"}},"requirements":[["a","b"]]}`,
		"g:r":                           "scoreboard players add #rewards o 1\n",
		"g:setup":                       "scoreboard objectives add o dummy\n",
		"g:grant":                       "execute store result score #n o run advancement grant @a from g:root\n",
		"g:revoke":                      "execute store result score #n o run advancement revoke @a only g:child b\n",
	}
	m := load(t, files)
	if _, err := m.AddPlayer("Alex", UUID{1}, Vec3{0, 64, 0}, 0); err != nil {
		t.Fatal(err)
	}
	call(t, m, "g:setup")
	call(t, m, "g:grant")
	wantScore(t, m, "#n", "o", 2)
	wantScore(t, m, "#rewards", "o", 1)
	call(t, m, "g:revoke")
	wantScore(t, m, "#n", "o", 1)
	// Granting again re-awards only what was revoked; the root reward does
	// not run twice.
	call(t, m, "g:grant")
	wantScore(t, m, "#n", "o", 1)
	wantScore(t, m, "#rewards", "o", 1)
}

func TestAdvancementLoadErrors(t *testing.T) {
	for _, tc := range []struct{ json, want, version string }{
		{`{"criteria":{"a":{"trigger":"minecraft:tick"}}}`, "trigger minecraft:tick", ""},
		{`{"criteria":{}}`, "cannot be empty", ""},
		{`{"criteria":{"a":{"trigger":"minecraft:impossible"}},"requirements":[["b"]]}`, "unknown criterion", ""},
		{`{"criteria":{"a":{"trigger":"minecraft:player_interacted_with_entity","conditions":{"entity":{"flags":{}}}}}}`, "flags", ""},
		{`{"criteria":{"a":{"trigger":"minecraft:impossible"}},"rewards":{"experience":5}}`, "experience", ""},
		// Each release reads only its own form of entity predicates.
		{`{"criteria":{"a":{"trigger":"minecraft:player_hurt_entity","conditions":{"entity":{"type":"minecraft:interaction"}}}}}`, `key "type": this release keys entity predicates by sub-predicate type`, "26.2"},
		{`{"criteria":{"a":{"trigger":"minecraft:player_hurt_entity","conditions":{"entity":{"minecraft:entity_type":"minecraft:interaction"}}}}}`, `key "minecraft:entity_type": releases before 26.2 have fixed fields`, "26.1"},
	} {
		_, err := Load(packOf(map[string]string{"data/g/advancement/x.json": tc.json}), Options{Version: tc.version})
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "data/g/advancement/x.json") {
			t.Errorf("%s: err = %v, want %q with the file", tc.json, err, tc.want)
		}
	}
}

// TestLoadPathFolderAndZip writes the txtar pack with datapack.Write as a
// folder and as a zip and plays a click through each.
func TestLoadPathFolderAndZip(t *testing.T) {
	_, files := readTxtar(t, "testdata/click.txtar")
	p := datapack.New()
	for k, v := range files {
		p.Files[k] = []byte(v)
	}
	dir := t.TempDir()
	for _, dest := range []string{filepath.Join(dir, "pack"), filepath.Join(dir, "pack.zip")} {
		if err := datapack.Write(p, dest); err != nil {
			t.Fatal(err)
		}
		m, err := LoadPath(dest, Options{Version: "26.1"}) // click.txtar has the field form
		if err != nil {
			t.Fatalf("%s: %v", dest, err)
		}
		if _, err := m.Tick(); err != nil {
			t.Fatal(err)
		}
		alex, err := m.AddPlayer("Alex", UUID{0xa1}, Vec3{2.5, 64, 3}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.ClickEntity(alex, m.EntitiesWithTag("g.cell")[1].UUID, true); err != nil {
			t.Fatal(err)
		}
		if got := fmtEvents(m.Events()); got != "tellraw Alex: cell 1 \n" {
			t.Errorf("%s: events %q", dest, got)
		}
	}
}

func TestPluralFoldersRefused(t *testing.T) {
	_, err := Load(packOf(map[string]string{
		"data/g/functions/x.mcfunction": "say hi\n",
		"data/g/tags/functions/t.json":  `{"values":[]}`,
		"data/g/advancements/a.json":    `{}`,
	}), Options{})
	for _, want := range []string{`"functions"`, `"tags/functions"`, `"advancements"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want a complaint about %s", err, want)
		}
	}
}
