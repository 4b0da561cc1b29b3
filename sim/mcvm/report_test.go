package mcvm

import (
	"fmt"
	"testing"
)

// The per-function accounting is exclusive: each function is charged its
// own lines' commands and the entities its own selectors scanned, and the
// shares add up to the call's totals.
func TestCostByFunction(t *testing.T) {
	m := load(t, map[string]string{
		"t:setup": lines(
			"scoreboard objectives add o dummy",
			`summon marker 0.5 64 0.5 {Tags:["x"],UUID:[I;1,2,3,4]}`,
			`summon marker 1.5 64 0.5 {Tags:["y"]}`,
			`summon marker 2.5 64 0.5 {Tags:["y"]}`,
		),
		"t:top": lines(
			"scoreboard players set #a o 1",
			"function t:ui/feedback",
			"execute as @e[tag=y] run function t:leaf",
		),
		"t:ui/feedback": lines(
			"execute if entity @e[tag=x]",
			"scoreboard players add #a o 1",
		),
		"t:leaf": lines(
			"scoreboard players add #a o 1",
		),
	})
	m.forceload(0, 0)
	call(t, m, "t:setup")
	rep := call(t, m, "t:top")
	total := rep.Total()
	want := map[string]FunctionCost{
		// set, function, then "function" once per y marker; the execute
		// tests the 3 markers.
		"t:top": {Commands: 4, EntitiesScanned: 3},
		// Both lines; @e[tag=x] has no limit, so it tests all 3.
		"t:ui/feedback": {Commands: 2, EntitiesScanned: 3},
		// Run once per y marker.
		"t:leaf": {Commands: 2},
	}
	if fmt.Sprint(total.ByFunction) != fmt.Sprint(want) {
		t.Errorf("ByFunction = %v, want %v", total.ByFunction, want)
	}
	var sum FunctionCost
	for _, fc := range total.ByFunction {
		sum.add(fc)
	}
	if sum.Commands != total.Commands || sum.EntitiesScanned != total.EntitiesScanned {
		t.Errorf("shares sum to %+v, call totals %d commands, %d scanned", sum, total.Commands, total.EntitiesScanned)
	}
	if got := total.FunctionsUnder("t:ui/"); got != want["t:ui/feedback"] {
		t.Errorf("FunctionsUnder(t:ui/) = %+v, want %+v", got, want["t:ui/feedback"])
	}
	// The counters start from zero on the next call.
	rep = call(t, m, "t:leaf")
	if got := rep.Total().ByFunction; fmt.Sprint(got) != fmt.Sprint(map[string]FunctionCost{"t:leaf": {Commands: 1}}) {
		t.Errorf("second call ByFunction = %v", got)
	}
	// A command run directly is charged to "".
	rep, err := m.RunCommand(nil, "execute as @e[tag=y,limit=1] run scoreboard players add #a o 1")
	if err != nil {
		t.Fatal(err)
	}
	if got := rep.Total().ByFunction; fmt.Sprint(got) != fmt.Sprint(map[string]FunctionCost{"": {Commands: 1, EntitiesScanned: 2}}) {
		t.Errorf("direct command ByFunction = %v", got)
	}
}

// A UUID or a player name is a direct look-up in the game (the entity
// manager's UUID map, the player list by name): no entity is scanned.
func TestDirectLookupsScanNothing(t *testing.T) {
	m := load(t, map[string]string{
		"t:setup": lines(
			"scoreboard objectives add o dummy",
			`summon marker 0.5 64 0.5 {Tags:["x"],UUID:[I;1,2,3,4]}`,
			`summon marker 1.5 64 0.5 {Tags:["y"]}`,
		),
		"t:uuid": lines(
			"execute at 00000001-0000-0002-0000-000300000004 run scoreboard players add #a o 1",
			"execute at 00000001-0000-0002-0000-000300000004 run tp 00000001-0000-0002-0000-000300000004 ~1 ~ ~",
			"execute if entity 00000001-0000-0002-0000-000300000004 run scoreboard players add #a o 1",
			"kill 00000009-0000-0002-0000-000300000004",
		),
		"t:name": lines("execute as Steve run scoreboard players add #a o 1"),
		"t:tag":  lines("execute at @e[tag=x,limit=1] run scoreboard players add #a o 1"),
	})
	m.forceload(0, 0)
	if _, err := m.AddPlayer("Steve", UUID{7}, Vec3{0.5, 64, 0.5}, 0); err != nil {
		t.Fatal(err)
	}
	call(t, m, "t:setup")
	for _, tc := range []struct {
		fn          string
		evals, scan int64
	}{
		{"t:uuid", 5, 0},
		{"t:name", 1, 0},
		// A tag is a walk of the loaded entities in spawn order: the
		// player, then the marker.
		{"t:tag", 1, 2},
	} {
		c := call(t, m, tc.fn).Total()
		if c.SelectorEvals != tc.evals || c.EntitiesScanned != tc.scan {
			t.Errorf("%s: %d selector evaluations scanning %d entities, want %d scanning %d", tc.fn, c.SelectorEvals, c.EntitiesScanned, tc.evals, tc.scan)
		}
	}
	wantScore(t, m, "#a", "o", 4)
	if e := m.EntitiesWithTag("x"); len(e) != 1 || e[0].Pos.X != 1.5 {
		t.Errorf("the marker addressed by UUID did not move: %d entities, want one at x 1.5", len(e))
	}
}
