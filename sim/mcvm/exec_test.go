package mcvm

import (
	"fmt"
	"strings"
	"testing"
)

func TestExecuteStore(t *testing.T) {
	m := load(t, map[string]string{
		"t:f": lines(
			"scoreboard objectives add o dummy",
			"scoreboard players set #old o 99",
			// A command that throws stores result 0 and success 0.
			"execute store result score #r1 o store success score #s1 o run scoreboard players get #unset o",
			// A condition that removes the source: nothing is stored.
			"execute store result score #old o if score #unset o matches 1 run scoreboard players set #x o 5",
			// A command that succeeds with 0 stores success 1.
			"scoreboard players set #zero o 0",
			"execute store success score #s2 o run scoreboard players get #zero o",
			// Several stores all fire.
			"execute store result score #m1 o store result score #m2 o run scoreboard players set #y o 7",
			// NBT stores: int truncates toward zero, byte narrows, float/double plain.
			"scoreboard players set #v o -7",
			"execute store result storage t:s i int 0.5 run scoreboard players get #v o",
			"scoreboard players set #v o 300",
			"execute store result storage t:s b byte 1 run scoreboard players get #v o",
			"execute store result storage t:s f float 0.25 run scoreboard players get #v o",
			"execute store result storage t:s d double 0.1 run scoreboard players get #v o",
			"execute store result storage t:s l long 10 run scoreboard players get #v o",
			"execute store result storage t:s s short 1000 run scoreboard players get #v o",
			// A function without return triggers no store; with return it does.
			"scoreboard players set #fn o 123",
			"execute store result score #fn o run function t:noreturn",
			"execute store result score #fr o run function t:ret7",
			"execute store success score #ff o run function t:retfail",
			"execute store result score #unknown o run function t:nope",
		),
		"t:noreturn": "scoreboard players set #side o 1\n",
		"t:ret7":     "return 7\n",
		"t:retfail":  "return fail\n",
	})
	call(t, m, "t:f")
	wantScore(t, m, "#r1", "o", 0)
	wantScore(t, m, "#s1", "o", 0)
	wantScore(t, m, "#old", "o", 99)
	wantNoScore(t, m, "#x", "o")
	wantScore(t, m, "#s2", "o", 1)
	wantScore(t, m, "#m1", "o", 7)
	wantScore(t, m, "#m2", "o", 7)
	wantScore(t, m, "#fn", "o", 123)
	wantScore(t, m, "#side", "o", 1)
	wantScore(t, m, "#fr", "o", 7)
	wantScore(t, m, "#ff", "o", 0)
	wantScore(t, m, "#unknown", "o", 0)
	got := FormatSNBT(m.Storage("t:s"))
	want := `{b:44b,d:30.0d,f:75.0f,i:-3,l:3000L,s:-27680s}`
	if got != want {
		t.Errorf("storage = %s, want %s", got, want)
	}
}

func TestExecuteStoreSharedAcrossForks(t *testing.T) {
	// A store placed before "as @e" is shared by every fork (last write
	// wins); placed after, each fork writes its own target.
	m := load(t, map[string]string{"t:f": lines(
		"scoreboard objectives add o dummy",
		"summon marker 0 64 0 {Tags:[\"e\"]}",
		"summon marker 0 64 0 {Tags:[\"e\"]}",
		"summon marker 0 64 0 {Tags:[\"e\"]}",
		"scoreboard players set #n o 0",
		"execute store result score #shared o as @e[tag=e] run scoreboard players add #n o 1",
		"execute as @e[tag=e] store result score @s o run scoreboard players add #n o 10",
	)})
	m.forceload(0, 0)
	call(t, m, "t:f")
	wantScore(t, m, "#shared", "o", 3)
	want := []int32{13, 23, 33}
	for i, e := range m.EntitiesWithTag("e") {
		wantScore(t, m, e.name, "o", want[i])
	}
}

func TestReturnSemantics(t *testing.T) {
	m := load(t, map[string]string{
		"t:f": lines(
			"scoreboard objectives add o dummy",
			"execute store result score #a o run function t:early",
			"scoreboard players set #x o 3",
			"execute store result score #b o store success score #bs o run function t:retrun_fail_if",
			"execute store result score #c o run function t:retrun_cmd",
			"execute store result score #d o run function t:first_branch",
			"execute store result score #e o run function #t:sum",
			"execute store result score #f o run function t:retrun_tag",
			"execute store result score #g o run function t:nested",
			"execute if function t:ret0 run scoreboard players set #h0 o 1",
			"execute if function t:noret run scoreboard players set #h1 o 1",
			"execute if function t:ret1 run scoreboard players set #h2 o 1",
			"execute unless function t:noret run scoreboard players set #h3 o 1",
			"execute if function t:retfail run scoreboard players set #h4 o 1",
		),
		"t:early": lines("scoreboard players set #before o 1", "return 5", "scoreboard players set #after o 1"),
		// return run execute if … always ends the function: failure when the
		// condition fails.
		"t:retrun_fail_if": lines("return run execute if score #x o matches 99 run scoreboard players set #never o 1", "scoreboard players set #after2 o 1"),
		"t:retrun_cmd":     lines("return run scoreboard players add #x o 10", "scoreboard players set #after3 o 1"),
		"t:first_branch": lines(
			"summon marker 0 64 0 {Tags:[\"fb\"]}",
			"summon marker 0 64 0 {Tags:[\"fb\"]}",
			"execute as @e[tag=fb] run return 4",
			"scoreboard players set #after4 o 1",
		),
		"t:retrun_tag":                  lines("return run function #t:sum", "scoreboard players set #after5 o 1"),
		"t:nested":                      lines("function t:inner", "scoreboard players set #afterinner o 1", "return 9"),
		"t:inner":                       lines("return 1", "scoreboard players set #innerafter o 1"),
		"t:ret0":                        "return 0\n",
		"t:ret1":                        "return 1\n",
		"t:noret":                       "scoreboard players add #noret o 1\n",
		"t:retfail":                     "return fail\n",
		"t:two":                         lines("scoreboard players add #tagcalls o 1", "return 2"),
		"t:three":                       lines("scoreboard players add #tagcalls o 1", "return 3"),
		"data/t/tags/function/sum.json": `{"values":["t:two","t:three"]}`,
	})
	m.forceload(0, 0)
	call(t, m, "t:f")
	wantScore(t, m, "#a", "o", 5)
	wantScore(t, m, "#before", "o", 1)
	wantNoScore(t, m, "#after", "o")
	wantScore(t, m, "#b", "o", 0)
	wantScore(t, m, "#bs", "o", 0)
	wantNoScore(t, m, "#never", "o")
	wantNoScore(t, m, "#after2", "o")
	wantScore(t, m, "#c", "o", 13)
	wantNoScore(t, m, "#after3", "o")
	wantScore(t, m, "#d", "o", 4)
	wantNoScore(t, m, "#after4", "o")
	// function #t runs every function and sums the returns.
	wantScore(t, m, "#e", "o", 5)
	// return run function #t stops at the first return.
	wantScore(t, m, "#f", "o", 2)
	wantNoScore(t, m, "#after5", "o")
	wantScore(t, m, "#tagcalls", "o", 3)
	// return inside a called function ends only that function.
	wantScore(t, m, "#g", "o", 9)
	wantScore(t, m, "#afterinner", "o", 1)
	wantNoScore(t, m, "#innerafter", "o")
	wantNoScore(t, m, "#h0", "o")
	wantNoScore(t, m, "#h1", "o")
	wantScore(t, m, "#h2", "o", 1)
	wantScore(t, m, "#h3", "o", 1)
	wantNoScore(t, m, "#h4", "o")
	wantScore(t, m, "#noret", "o", 2)
}

func TestFunctionOrderDepthFirst(t *testing.T) {
	m := load(t, map[string]string{
		"t:f": lines(
			"scoreboard objectives add o dummy",
			"scoreboard players set #n o 0",
			"function t:a",
			"scoreboard players operation #last o = #n o",
		),
		"t:a": lines("scoreboard players add #n o 1", "scoreboard players operation #a o = #n o", "function t:b"),
		"t:b": lines("scoreboard players add #n o 10", "scoreboard players operation #b o = #n o"),
	})
	call(t, m, "t:f")
	wantScore(t, m, "#a", "o", 1)
	wantScore(t, m, "#b", "o", 11)
	wantScore(t, m, "#last", "o", 11)
}

func TestMacros(t *testing.T) {
	m := load(t, map[string]string{
		"t:f": lines(
			"scoreboard objectives add o dummy",
			"data modify storage t:s args set value {name:\"#m\",v:5,f:0.5d,c:{k:1b}}",
			"function t:mac with storage t:s args",
			"function t:mac {name:\"#lit\",v:-3,f:1.25f,c:[1,2]}",
			"execute store success score #noargs o run function t:mac",
			"execute store success score #missing o run function t:mac {name:\"#q\"}",
			"execute store success score #bad o run function t:badline {x:\"not a number\"}",
			"execute store success score #notcomp o run function t:mac with storage t:s args.v",
		),
		"t:mac": lines(
			"$scoreboard players set $(name) o $(v)",
			"$data modify storage t:out $(name) set value \"$(f)|$(c)\"",
		),
		"t:badline": lines(
			"scoreboard players set #badran o 1",
			"$scoreboard players set #x o $(x)",
		),
	})
	rep := call(t, m, "t:f")
	wantScore(t, m, "#m", "o", 5)
	wantScore(t, m, "#lit", "o", -3)
	wantScore(t, m, "#noargs", "o", 0)
	wantScore(t, m, "#missing", "o", 0)
	wantScore(t, m, "#bad", "o", 0)
	wantScore(t, m, "#notcomp", "o", 0)
	// A macro line that fails to parse fails the whole call before any line runs.
	wantNoScore(t, m, "#badran", "o")
	got := FormatSNBT(m.Storage("t:out"))
	want := `{"#lit":"1.25|[1,2]","#m":".5|{k:1b}"}`
	if got != want {
		t.Errorf("macro output = %s, want %s", got, want)
	}
	if c := rep.Calls[0]; c.MacroExpansions != 3 {
		t.Errorf("macro expansions = %d, want 3 (two for t:mac, one failing for t:badline)", c.MacroExpansions)
	}
}

func TestMacroCache(t *testing.T) {
	var body []string
	body = append(body, "scoreboard objectives add o dummy")
	// 9 distinct arguments evict the first; repeating the 9th hits.
	for i := 0; i < 9; i++ {
		body = append(body, "function t:mac {v:"+itoa(int32(i))+"}")
	}
	body = append(body, "function t:mac {v:8}", "function t:mac {v:0}")
	m := load(t, map[string]string{
		"t:f":   lines(body...),
		"t:mac": "$scoreboard players set #v o $(v)\n",
	})
	c := call(t, m, "t:f").Calls[0]
	if c.MacroExpansions != 10 || c.MacroCacheHits != 1 {
		t.Errorf("expansions=%d hits=%d, want 10 and 1", c.MacroExpansions, c.MacroCacheHits)
	}
}

func TestMacroUnsupportedIsVMError(t *testing.T) {
	m := load(t, map[string]string{
		"t:f":   lines("function t:mac {cmd:\"weather clear\"}"),
		"t:mac": lines("", "$$(cmd)"),
	})
	_, err := m.Call("t:f")
	ve, ok := err.(*VMError)
	if !ok {
		t.Fatalf("err = %v (%T), want *VMError", err, err)
	}
	if !strings.Contains(ve.Error(), "data/t/function/mac.mcfunction:2") || !strings.Contains(ve.Error(), "weather") {
		t.Errorf("VMError %q should name the macro line and the command", ve.Error())
	}
}

func TestMacroFromTickFailsSilently(t *testing.T) {
	m := load(t, map[string]string{
		"t:mac":                                  "$say $(x)\n",
		"data/minecraft/tags/function/tick.json": `{"values":["t:mac"]}`,
	})
	rep, err := m.Tick()
	if err != nil {
		t.Fatal(err)
	}
	if rep.Calls[0].Commands != 0 || rep.Calls[0].Failures != 1 {
		t.Errorf("tick of a macro function: %+v", rep.Calls[0])
	}
}

func TestQuotaExhaustion(t *testing.T) {
	var body []string
	for i := 0; i < 20; i++ {
		body = append(body, "scoreboard players add #n o 1")
	}
	m := load(t, map[string]string{
		"t:setup": lines("scoreboard objectives add o dummy", "gamerule max_command_sequence_length 10"),
		"t:f":     lines(body...),
		"t:g":     lines("execute if score #n o matches 0.. run scoreboard players add #m o 1", "function t:f"),
	})
	call(t, m, "t:setup")
	rep := call(t, m, "t:f")
	// The call costs one unit; nine of the twenty adds run.
	wantScore(t, m, "#n", "o", 9)
	c := rep.Calls[0]
	if !c.QuotaExhausted || c.Units != 10 || c.Dropped != 1 {
		t.Errorf("quota: exhausted=%v units=%d dropped=%d, want true 10 1", c.QuotaExhausted, c.Units, c.Dropped)
	}
	if len(rep.Warnings) == 0 || !strings.Contains(rep.Warnings[0], "QUOTA") || !rep.LimitHit() {
		t.Errorf("no loud warning: %v", rep.Warnings)
	}
	// An execute stage costs a unit too: call 1 + stage 1 + leaf 1 +
	// call 1, leaving 6 adds.
	rep = call(t, m, "t:g")
	wantScore(t, m, "#m", "o", 1)
	wantScore(t, m, "#n", "o", 15)
	if rep.Calls[0].Units != 10 {
		t.Errorf("units = %d, want 10", rep.Calls[0].Units)
	}
}

// TestQuotaThroughCalls runs nested calls under every quota from one
// unit to more than enough: the units are charged in the game's order (a
// call, then its body's commands depth first), so exactly the first q
// run and the rest is dropped, whether a body runs from the queue or at
// once after its call, and whether the rest of a "… run return run
// function …" line (a generated AI's function trees) is queued or goes on
// at once (exec.go's fast paths). Lines after a return never run, and
// the value returned at the bottom reaches the top.
func TestQuotaThroughCalls(t *testing.T) {
	for _, tc := range []struct {
		name  string
		funcs map[string]string
		runs  []int32 // what each unit, in order, adds to #a
		ret   bool    // the entry returns 5 when the quota allows
	}{
		{"calls", map[string]string{
			"t:main": lines("scoreboard players add #a o 1", "function t:f", "scoreboard players add #a o 10"),
			"t:f":    lines("scoreboard players add #a o 100", "function t:g", "scoreboard players add #a o 1000"),
			"t:g":    lines("scoreboard players add #a o 10000"),
		}, []int32{0, 1, 0, 100, 0, 10000, 1000, 10}, false}, // call main, +1, call f, +100, call g, +10000, +1000, +10
		{"return run", map[string]string{
			"t:main": lines("scoreboard players add #a o 1",
				"execute if score #a o matches 1.. run return run function t:f",
				"scoreboard players add #a o 1000000"),
			"t:f": lines("scoreboard players add #a o 100", "return run function t:g", "scoreboard players add #a o 1000000"),
			"t:g": lines("scoreboard players add #a o 10000", "return 5", "scoreboard players add #a o 1000000"),
		}, []int32{0, 1, 0, 0, 100, 0, 10000}, true}, // call main, +1, the if stage, call f, +100, call g, +10000 (returns are free)
	} {
		runs := tc.runs
		for q := 1; q <= len(runs)+1; q++ {
			funcs := map[string]string{"t:setup": lines("scoreboard objectives add o dummy", fmt.Sprintf("gamerule max_command_sequence_length %d", q))}
			for k, v := range tc.funcs {
				funcs[k] = v
			}
			m := load(t, funcs)
			call(t, m, "t:setup")
			rep := call(t, m, "t:main")
			var want int32
			for _, v := range runs[:min(q, len(runs))] {
				want += v
			}
			if got, _ := m.Score("#a", "o"); got != want {
				t.Errorf("%s, quota %d: #a = %d, want %d", tc.name, q, got, want)
			}
			c := rep.Calls[0]
			// As in the game, a quota that reaches zero counts as
			// exhausted even when nothing was left to run.
			if wantUnits := min(q, len(runs)); c.Units != int64(wantUnits) || c.QuotaExhausted != (q <= len(runs)) {
				t.Errorf("%s, quota %d: units %d exhausted %v, want %d %v", tc.name, q, c.Units, c.QuotaExhausted, wantUnits, q <= len(runs))
			}
			// "return 5" is a line of its own, dequeued after a quota
			// check: it needs one unit left over.
			if tc.ret && q > len(runs) && (!c.Returned || !c.Success || c.Result != 5) {
				t.Errorf("%s, quota %d: returned %v success %v result %d, want the 5 from t:g", tc.name, q, c.Returned, c.Success, c.Result)
			}
		}
	}
}

func TestQuotaPerTopLevelEntry(t *testing.T) {
	m := load(t, map[string]string{
		"t:load":                                 lines("scoreboard objectives add o dummy", "gamerule max_command_sequence_length 3"),
		"t:a":                                    lines("scoreboard players add #a o 1", "scoreboard players add #a o 1", "scoreboard players add #a o 1"),
		"t:b":                                    lines("scoreboard players add #b o 1", "scoreboard players add #b o 1", "scoreboard players add #b o 1"),
		"data/minecraft/tags/function/load.json": `{"values":["t:load"]}`,
		"data/minecraft/tags/function/tick.json": `{"values":["t:a","t:b"]}`,
	})
	if _, err := m.Tick(); err != nil {
		t.Fatal(err)
	}
	// Each tick function has its own quota of 3: the call and two adds.
	wantScore(t, m, "#a", "o", 2)
	wantScore(t, m, "#b", "o", 2)
}

func TestScheduleAndTickOrder(t *testing.T) {
	m := load(t, map[string]string{
		"t:load":  lines("scoreboard objectives add o dummy", "schedule function t:later 2t", "schedule function t:same 1t"),
		"t:tick":  lines("scoreboard players add #ticks o 1"),
		"t:later": lines("scoreboard players operation #laterAt o = #ticks o"),
		"t:same": lines("scoreboard players operation #sameAt o = #ticks o",
			"execute store success score #macro o run schedule function t:mac 1t"),
		"t:mac":                                  "$say $(x)\n",
		"data/minecraft/tags/function/load.json": `{"values":["t:load"]}`,
		"data/minecraft/tags/function/tick.json": `{"values":["t:tick"]}`,
	})
	for i := 0; i < 3; i++ {
		if _, err := m.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	// schedule … 1t from #load runs later in the same server tick.
	wantScore(t, m, "#sameAt", "o", 1)
	wantScore(t, m, "#laterAt", "o", 2)
	wantScore(t, m, "#macro", "o", 0)
	wantScore(t, m, "#ticks", "o", 3)
}

func TestForkLimit(t *testing.T) {
	m := load(t, map[string]string{
		// The limit is read when a top-level entry starts, so a gamerule
		// changed within the entry applies to the next one.
		"t:setup": lines(
			"scoreboard objectives add o dummy",
			"gamerule max_command_forks 3",
			"summon marker 0 64 0", "summon marker 0 64 0", "summon marker 0 64 0",
		),
		"t:f": lines(
			"execute as @e[type=marker] run scoreboard players add #n o 1",
			"gamerule max_command_forks 4",
		),
		"t:g": lines("execute as @e[type=marker] run scoreboard players add #n o 1"),
	})
	m.forceload(0, 0)
	call(t, m, "t:setup")
	rep := call(t, m, "t:f")
	wantNoScore(t, m, "#n", "o")
	if rep.Calls[0].ForkLimitHits != 1 || !rep.LimitHit() {
		t.Errorf("fork limit not reported: %+v", rep.Calls[0])
	}
	call(t, m, "t:g")
	wantScore(t, m, "#n", "o", 3)
}

func TestExecuteModifiers(t *testing.T) {
	m := load(t, map[string]string{"t:f": lines(
		"scoreboard objectives add o dummy",
		// positioned + local coordinates: facing +z (yaw 0), ^ ^ ^2 is two blocks south.
		"execute positioned 0.5 64 0.5 rotated 0 0 run summon marker ^ ^ ^2 {Tags:[\"fwd\"]}",
		// yaw 90 faces -x; ^1 (left) is then -z... left of west-facing is south (+z)? left = -(fwd×up).
		"execute positioned 0.5 64 0.5 rotated 90 0 run summon marker ^1 ^ ^ {Tags:[\"left\"]}",
		"execute positioned 3.7 64.2 5.9 align xz run summon marker ~ ~ ~ {Tags:[\"aligned\"]}",
		"execute summon marker run tag @s add viaexec",
		"execute as @e[tag=fwd] on passengers run scoreboard players set #pass o 1",
		"execute store success score #loaded o if loaded 0 64 0",
		"execute store success score #unloaded o if loaded 1000 64 1000",
		"execute store success score #dim o if dimension minecraft:overworld",
		"execute in minecraft:the_nether store success score #nether o if dimension minecraft:the_nether",
		"execute as @e[tag=fwd] at @s positioned as @e[tag=aligned] store result score #x o run data get entity @e[tag=fwd,limit=1] Pos[0]",
	)})
	m.forceload(0, 0)
	call(t, m, "t:f")
	pos := func(tag string) Vec3 {
		es := m.EntitiesWithTag(tag)
		if len(es) != 1 {
			t.Fatalf("%d entities tagged %s", len(es), tag)
		}
		return es[0].Pos
	}
	near := func(a, b Vec3) bool {
		return abs(a.X-b.X) < 1e-6 && abs(a.Y-b.Y) < 1e-6 && abs(a.Z-b.Z) < 1e-6
	}
	if p := pos("fwd"); !near(p, Vec3{0.5, 64, 2.5}) {
		t.Errorf("^ ^ ^2 facing south = %v", p)
	}
	if p := pos("left"); !near(p, Vec3{0.5, 64, 1.5}) {
		t.Errorf("^1 ^ ^ facing west = %v", p)
	}
	if p := pos("aligned"); p != (Vec3{3, 64.2, 5}) {
		t.Errorf("align xz = %v", p)
	}
	if p := pos("viaexec"); p != (Vec3{0, 64, 0}) {
		t.Errorf("execute summon at the source = %v", p)
	}
	wantNoScore(t, m, "#pass", "o")
	wantScore(t, m, "#loaded", "o", 1)
	wantScore(t, m, "#unloaded", "o", 0)
	wantScore(t, m, "#dim", "o", 1)
	wantScore(t, m, "#nether", "o", 1)
	wantScore(t, m, "#x", "o", 0)
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
