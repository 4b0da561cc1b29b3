package check

import (
	"slices"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// brokenCase is one deliberately broken command. The command is line 1 of
// data/t/function/main.mcfunction in a pack that also holds files; the
// game must reject it with exactly one problem at file:line:col whose
// message contains msg.
type brokenCase struct {
	name  string
	line  string
	files map[string]string // more pack files
	file  string            // where the problem is; default main.mcfunction
	row   int               // default 1
	col   int               // 1-based
	msg   string
	only  string // broken only in these releases (space-separated); parses in the others
}

const mainFile = "data/t/function/main.mcfunction"

var brokenCases = []brokenCase{
	// literals
	{name: "misspelled command", line: "scorebord players set #a t.x 1", col: 1, msg: `unknown command "scorebord" (did you mean scoreboard?)`},
	{name: "misspelled sub-literal", line: "scoreboard playrs set #a t.x 1", col: 12, msg: `incorrect argument "playrs" (did you mean players?)`},
	{name: "removed command", line: "testfor @a", col: 1, msg: `unknown command "testfor"`},
	{name: "leading slash", line: "/say hi", col: 1, msg: "do not use a preceding forward slash"},
	{name: "owner-only command", line: "op Steve", col: 1, msg: `unknown command "op"`, only: "1.21.11 26.1 26.2"}, // the reports name permissions from 1.21.11
	// argument count
	{name: "missing argument", line: "scoreboard players set #a t.x", col: 30, msg: "incomplete command, expected <score>"},
	{name: "missing operation source", line: "scoreboard players operation #a t.x += #b", col: 42, msg: "incomplete command, expected <sourceObjective>"},
	{name: "extra argument", line: "kill @s extra", col: 9, msg: `incorrect argument "extra"`},
	{name: "execute without command", line: "execute as @e at @s run", col: 24, msg: "incomplete command"},
	{name: "execute if function is not terminal", line: "execute if function t:main", col: 27, msg: "incomplete command"},
	{name: "store without command", line: "execute store result score #a t.x", col: 34, msg: "incomplete command"},
	// 1.12-era syntax
	{name: "1.12 execute", line: "execute @e ~ ~ ~ say hi", col: 9, msg: `incorrect argument "@e"`},
	{name: "1.12 score selector", line: "scoreboard players set @a[score_x_min=1] t.x 1", col: 27, msg: "unknown option 'score_x_min'"},
	{name: "1.12 item nbt", line: "give @s minecraft:stick{display:{Name:\"x\"}} 1", col: 24, msg: "trailing data"},
	{name: "pre-1.21.11 gamerule name", line: "gamerule doDaylightCycle false", col: 10, msg: `incorrect argument "doDaylightCycle"`, only: "1.21.11 26.1 26.2"},
	// selectors
	{name: "unknown selector option", line: "kill @e[typo=pig]", col: 9, msg: "unknown option 'typo'"},
	{name: "inapplicable selector option", line: "kill @s[limit=1]", col: 14, msg: "option 'limit' isn't applicable here"},
	{name: "repeated type", line: "kill @e[type=pig,type=cow]", col: 22, msg: "option 'type' isn't applicable here"},
	{name: "unknown entity type in selector", line: "kill @e[type=minecraft:zombiee]", col: 14, msg: "unknown entity type 'minecraft:zombiee'"},
	{name: "unknown selector type", line: "kill @x", col: 7, msg: "unknown selector type '@x'"},
	{name: "unclosed selector", line: "kill @e[tag=a", col: 14, msg: "expected end of options"},
	{name: "multiple where single", line: "data get entity @e Pos", col: 17, msg: "only one entity is allowed"},
	{name: "entities where players", line: "tellraw @e \"hi\"", col: 9, msg: "only players may be affected"},
	{name: "bad selector in message", line: "say hello @e[limit=0]", col: 20, msg: "limit must be at least 1"},
	// numbers and ranges
	{name: "integer below minimum", line: "scoreboard players add #a t.x -1", col: 31, msg: "integer must not be less than 0, found -1"},
	{name: "not an integer", line: "return 1.5", col: 8, msg: "invalid integer '1.5'"},
	{name: "swapped range", line: "execute if score #a t.x matches 5..1 run say x", col: 33, msg: "min cannot be bigger than max"},
	{name: "malformed range", line: "execute if score #a t.x matches 1...3 run say x", col: 33, msg: "invalid integer"},
	{name: "negative distance", line: "kill @e[distance=-1..]", col: 18, msg: "distance cannot be negative"},
	{name: "negative schedule time", line: "schedule function t:main -1t", col: 29, msg: "tick count must not be less than 0"},
	{name: "invalid operation", line: "scoreboard players operation #a t.x plus #b t.x", col: 37, msg: "invalid operation 'plus'"},
	{name: "mixed coordinates", line: "execute positioned ~ ~ ^1 run say x", col: 24, msg: "cannot mix world & local coordinates"},
	{name: "no teleport form fits", line: "tp @s ~ ~ ^1", col: 7, msg: `incorrect argument "~"`},
	// registries
	{name: "unknown block", line: "setblock ~ ~ ~ minecraft:stonee", col: 16, msg: "unknown block type 'minecraft:stonee'"},
	{name: "unknown item", line: "give @s minecraft:stik", col: 9, msg: "unknown item 'minecraft:stik'"},
	{name: "unknown item component", line: "give @s stick[minecraft:custum_data={}]", col: 15, msg: "unknown component 'minecraft:custum_data'"},
	{name: "unknown entity to summon", line: "summon minecraft:zombiepig ~ ~ ~", col: 27, msg: "unknown entity type 'minecraft:zombiepig'"},
	{name: "unknown particle", line: "particle minecraft:dusst ~ ~ ~", col: 25, msg: "unknown particle 'minecraft:dusst'"},
	{name: "particle without options", line: "particle minecraft:dust ~ ~ ~", col: 24, msg: "missing color, scale"},
	{name: "unknown mob effect", line: "effect give @s minecraft:speedd", col: 32, msg: "unknown mob effect 'minecraft:speedd'"},
	{name: "unknown criterion", line: "scoreboard objectives add t.x nonsense", col: 31, msg: "unknown criterion 'nonsense'"},
	{name: "unknown item slot", line: "item replace entity @s weapon.foo with stone", col: 34, msg: "unknown slot 'weapon.foo'"},
	{name: "unknown sound", line: "playsound minecraft:block.note_block.plink master @a", col: 11, msg: "unknown sound event minecraft:block.note_block.plink"},
	// block states and SNBT
	{name: "unclosed block state", line: "setblock ~ ~ ~ minecraft:oak_stairs[facing=north", col: 49, msg: "expected end of properties"},
	{name: "repeated block property", line: "setblock ~ ~ ~ oak_stairs[half=top,half=bottom]", col: 36, msg: "property 'half' can only be set once"},
	{name: "unclosed snbt", line: "summon pig ~ ~ ~ {Tags:[\"a\"]", col: 29, msg: "invalid snbt"},
	{name: "byte out of range", line: "data modify storage t:s x set value 300b", col: 41, msg: "number out of range"},
	{name: "leading zero", line: "data modify storage t:s x set value [I;01]", col: 41, msg: "leading zeros not allowed"},
	{name: "number then junk", line: "data modify storage t:s x set value {a:01}", col: 42, msg: "invalid snbt: expected"},
	{name: "bad nbt path", line: "data get storage t:s x..y", col: 24, msg: "invalid nbt path element"},
	// text components (SNBT since 1.21.5)
	{name: "pre-1.21.5 click event", line: "tellraw @a {text:\"x\",clickEvent:{action:\"run_command\",value:\"/say\"}}", col: 12, msg: `unknown key "clickEvent"`},
	{name: "component without content", line: "tellraw @a {color:\"red\"}", col: 12, msg: "no content"},
	{name: "bad color", line: "tellraw @a {text:\"x\",color:\"reddish\"}", col: 12, msg: "color: expected a color name"},
	{name: "clicked command needs op", line: "tellraw @a {text:\"x\",click_event:{action:\"run_command\",command:\"/function t:main\"}}", col: 12, msg: "needs operator permission", only: "1.21.11 26.1 26.2"},
	// references and macros
	{name: "unknown own function", line: "function t:nope", col: 10, msg: "unknown function t:nope"},
	{name: "unknown own advancement", line: "advancement revoke @s only t:nope", col: 28, msg: "unknown advancement t:nope"},
	{name: "macro line missing a key", line: "function t:m {a:1}",
		files: map[string]string{"data/t/function/m.mcfunction": "$say $(a) $(b)\n"},
		col:   14, msg: `missing macro argument "b" for t:m`},
	{name: "macro key never written to storage", line: "function t:m with storage t:args",
		files: map[string]string{"data/t/function/m.mcfunction": "$say $(a)\n", "data/t/function/init.mcfunction": "data modify storage t:args b set value 1\n"},
		col:   10, msg: `missing macro argument "a" for t:m: the pack never writes it to storage t:args`},
	{name: "key written only by a macro line counts", line: "function t:m with storage t:args",
		files: map[string]string{"data/t/function/m.mcfunction": "$say $(a) $(b) $(c)\n", "data/t/function/init.mcfunction": "data modify storage t:args b set value 1\nfunction t:w {v:2}\n",
			"data/t/function/w.mcfunction": "$data modify storage t:args c set value $(v)\n"},
		col: 10, msg: `missing macro argument "a" for t:m: the pack never writes it to storage t:args`},
	{name: "macro line fails with a known value", line: "function t:m {n:\"x y\"}",
		files: map[string]string{"data/t/function/m.mcfunction": "# comment\n$scoreboard players set #a t.x $(n)\n"},
		file:  "data/t/function/m.mcfunction", row: 2, col: 32, msg: "macro line with n=x y: expected integer"},
	{name: "macro function scheduled", line: "schedule function t:m 1t",
		files: map[string]string{"data/t/function/m.mcfunction": "$say $(a)\n"},
		col:   19, msg: "t:m is a macro function and cannot be scheduled"},
	{name: "macro line without variables", line: "$say hi", col: 1, msg: "macro line without any $(variable)"},
	// JSON resources: 26.2 keys entity predicates by sub-predicate type;
	// the older field form fails to load there, and the new form is
	// ignored (matching every entity) before it.
	{name: "field-form entity predicate on 26.2", line: "say x",
		files: map[string]string{"data/t/advancement/a.json": `{"criteria":{"c":{"trigger":"minecraft:player_hurt_entity","conditions":{"entity":[{"condition":"minecraft:entity_properties","entity":"this","predicate":{"type":"minecraft:interaction"}}]}}}}`},
		file:  "data/t/advancement/a.json", col: 156, msg: `unknown entity sub-predicate type "type": from 26.2 entity predicates are a map keyed by sub-predicate type ("minecraft:entity_type")`, only: "26.2"},
	{name: "map-form entity predicate before 26.2", line: "say x",
		files: map[string]string{"data/t/advancement/a.json": `{"criteria":{"c":{"trigger":"minecraft:player_hurt_entity","conditions":{"entity":[{"condition":"minecraft:entity_properties","entity":"this","predicate":{"minecraft:entity_type":"minecraft:interaction"}}]}}}}`},
		file:  "data/t/advancement/a.json", col: 156, msg: `unknown entity predicate field "minecraft:entity_type": that is 26.2's map form`, only: "1.21.5 1.21.11 26.1"},
	{name: "reference to a missing predicate", line: "say x",
		files: map[string]string{"data/t/predicate/p.json": `{"condition":"minecraft:any_of","terms":[{"condition":"minecraft:reference","name":"t:nope"}]}`},
		file:  "data/t/predicate/p.json", col: 84, msg: "predicate.terms: unknown predicate t:nope"},
	// one release but not the other
	{name: "swing is 26.1+", line: "swing @s mainhand", col: 1, msg: `unknown command "swing"`, only: "1.21.5 1.21.11"},
	{name: "time pause is 26.1+", line: "time pause", col: 6, msg: `incorrect argument "pause"`, only: "1.21.5 1.21.11"},
}

func brokenPack(bc brokenCase) *datapack.Pack {
	p := datapack.New()
	p.Files["pack.mcmeta"], _ = datapack.MCMeta("t", datapack.DefaultRange)
	p.Files[mainFile] = []byte(bc.line + "\n")
	for k, v := range bc.files {
		p.Files[k] = []byte(v)
	}
	return p
}

func TestBrokenCommands(t *testing.T) {
	if len(brokenCases) < 40 {
		t.Fatalf("only %d broken cases, want at least 40", len(brokenCases))
	}
	for _, r := range loadReleases(t) {
		for _, bc := range brokenCases {
			probs := Pack(brokenPack(bc), r.tree, r.reg)
			if bc.only != "" && !slices.Contains(strings.Fields(bc.only), r.name) {
				if len(probs) != 0 {
					t.Errorf("%s: %s: %q: got %v, want no problem (it is broken only in %s)", r.name, bc.name, bc.line, probs, bc.only)
				}
				continue
			}
			file, row := bc.file, bc.row
			if file == "" {
				file = mainFile
			}
			if row == 0 {
				row = 1
			}
			if len(probs) != 1 {
				t.Errorf("%s: %s: %q: got %d problems %v, want 1", r.name, bc.name, bc.line, len(probs), probs)
				continue
			}
			got := probs[0]
			if got.File != file || got.Line != row || got.Col != bc.col || !strings.Contains(got.Msg, bc.msg) {
				t.Errorf("%s: %s: %q:\n got  %s\n want %s:%d:%d: …%s…", r.name, bc.name, bc.line, got, file, row, bc.col, bc.msg)
			}
		}
	}
}
