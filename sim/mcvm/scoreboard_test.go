package mcvm

import (
	"fmt"
	"math"
	"testing"
)

func TestScoreboardOperations(t *testing.T) {
	const minI, maxI = math.MinInt32, math.MaxInt32
	tests := []struct {
		a      int32
		op     string
		b      int32
		want   int32 // target after
		wantB  int32 // source after
		failed bool  // the command fails (division by zero)
	}{
		{5, "=", 9, 9, 9, false},
		{maxI, "+=", 1, minI, 1, false},
		{minI, "-=", 1, maxI, 1, false},
		{65536, "*=", 65536, 0, 65536, false},
		{maxI, "*=", 2, -2, 2, false},
		{7, "/=", 2, 3, 2, false},
		{-7, "/=", 2, -4, 2, false},
		{7, "/=", -2, -4, -2, false},
		{-7, "/=", -2, 3, -2, false},
		{minI, "/=", -1, minI, -1, false},
		{5, "/=", 0, 5, 0, true},
		{7, "%=", 3, 1, 3, false},
		{-7, "%=", 3, 2, 3, false},
		{7, "%=", -3, -2, -3, false},
		{-7, "%=", -3, -1, -3, false},
		{minI, "%=", -1, 0, -1, false},
		{5, "%=", 0, 5, 0, true},
		{3, "<", 8, 3, 8, false},
		{9, "<", 8, 8, 8, false},
		{3, ">", 8, 8, 8, false},
		{-3, ">", -8, -3, -8, false},
		{3, "><", 8, 8, 3, false},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%d%s%d", tc.a, tc.op, tc.b), func(t *testing.T) {
			m := load(t, map[string]string{"t:f": lines(
				"scoreboard objectives add o dummy",
				fmt.Sprintf("scoreboard players set #a o %d", tc.a),
				fmt.Sprintf("scoreboard players set #b o %d", tc.b),
				fmt.Sprintf("execute store success score #ok o run scoreboard players operation #a o %s #b o", tc.op),
			)})
			call(t, m, "t:f")
			wantScore(t, m, "#a", "o", tc.want)
			wantScore(t, m, "#b", "o", tc.wantB)
			wantScore(t, m, "#ok", "o", map[bool]int32{true: 0, false: 1}[tc.failed])
		})
	}
}

func TestScoreboardAddRemoveSetResults(t *testing.T) {
	m := load(t, map[string]string{"t:f": lines(
		"scoreboard objectives add o dummy",
		"scoreboard players set #a o 2147483647",
		"execute store result score #r1 o run scoreboard players add #a o 1",
		"scoreboard players set #b o -2147483648",
		"execute store result score #r2 o run scoreboard players remove #b o 1",
		"scoreboard objectives add c dummy",
		"scoreboard players operation #r1 c = #r1 o",
		"scoreboard players operation #r2 c = #r2 o",
		"scoreboard players operation #a c = #a o",
		// set returns value × number of holders (wrapping)
		"execute store result score #r3 o run scoreboard players set * o 1073741824",
		"scoreboard players set #x o 10",
		"scoreboard players set #y o 20",
		// a missing source is created as 0; the return value is the sum of targets
		"execute store result score #r4 o run scoreboard players operation #x o += #missing o",
		"execute store success score #r5 o run scoreboard players get #never o",
	)})
	call(t, m, "t:f")
	wantScore(t, m, "#a", "c", math.MinInt32)
	wantScore(t, m, "#r1", "c", math.MinInt32)
	wantScore(t, m, "#r2", "c", math.MaxInt32)
	// * matched the 4 holders tracked then: 4 × 2^30 wraps to 0.
	wantScore(t, m, "#r3", "o", 0)
	wantScore(t, m, "#a", "o", 1073741824)
	wantScore(t, m, "#missing", "o", 0)
	wantScore(t, m, "#r4", "o", 10)
	wantScore(t, m, "#r5", "o", 0)
	wantNoScore(t, m, "#never", "o")
}

func TestScoreboardDivideByZeroMidTargets(t *testing.T) {
	// Each target is processed in turn; the failure leaves earlier targets
	// changed.
	m := load(t, map[string]string{"t:f": lines(
		"scoreboard objectives add o dummy",
		"scoreboard objectives add d dummy",
		"summon marker 0 64 0 {Tags:[\"m\"]}",
		"summon marker 0 64 1 {Tags:[\"m\"]}",
		"scoreboard players set @e[tag=m] o 12",
		"scoreboard players set #two d 2",
		"scoreboard players set #zero d 0",
		"scoreboard players operation @e[tag=m] o /= #two d",
		"execute store success score #ok o run scoreboard players operation @e[tag=m] o /= #zero d",
	)})
	m.forceload(0, 0)
	call(t, m, "t:f")
	for _, e := range m.EntitiesWithTag("m") {
		wantScore(t, m, e.name, "o", 6)
	}
	wantScore(t, m, "#ok", "o", 0)
}

func TestScoreboardMultiHolderOperation(t *testing.T) {
	m := load(t, map[string]string{"t:f": lines(
		"scoreboard objectives add o dummy",
		"summon marker 0 64 0 {Tags:[\"t\"]}",
		"summon marker 0 64 0 {Tags:[\"t\"]}",
		"scoreboard players set @e[tag=t] o 1",
		"execute store result score #sum o run scoreboard players operation @e[tag=t] o += @e[tag=t] o",
	)})
	m.forceload(0, 0)
	call(t, m, "t:f")
	// Each source is applied in turn with live values: the first target
	// becomes 1+1+1 = 3, the second 1+3 = 4 then 4+4 = 8.
	es := m.EntitiesWithTag("t")
	a, _ := m.Score(es[0].name, "o")
	b, _ := m.Score(es[1].name, "o")
	if a != 3 || b != 8 {
		t.Errorf("targets = %d, %d; want 3, 8 (live reads, each source in turn)", a, b)
	}
	wantScore(t, m, "#sum", "o", 11)
}

func TestScoreboardObjectivesAndTrigger(t *testing.T) {
	m := load(t, map[string]string{"t:f": lines(
		"scoreboard objectives add menu trigger",
		"scoreboard objectives add o dummy",
		"execute store success score #dup o run scoreboard objectives add o dummy",
		"scoreboard players enable Alex menu",
		"execute store success score #again o run scoreboard players enable Alex menu",
	)})
	p, err := m.AddPlayer("Alex", UUID{1}, Vec3{0.5, 64, 0.5}, 0)
	if err != nil {
		t.Fatal(err)
	}
	call(t, m, "t:f")
	wantScore(t, m, "#dup", "o", 0)
	wantScore(t, m, "#again", "o", 0)
	wantScore(t, m, "Alex", "menu", 0)
	if _, err := m.RunCommand(p, "/trigger menu set 7"); err != nil {
		t.Fatal(err)
	}
	wantScore(t, m, "Alex", "menu", 7)
	// Each use locks the trigger again.
	rep, err := m.RunCommand(p, "trigger menu add 1")
	if err != nil {
		t.Fatal(err)
	}
	wantScore(t, m, "Alex", "menu", 7)
	if rep.Calls[0].Failures != 1 {
		t.Errorf("second trigger: %d failures, want 1", rep.Calls[0].Failures)
	}
	// A non-op player cannot run other commands.
	if _, err := m.RunCommand(p, "scoreboard players set Alex menu 1"); err == nil {
		t.Errorf("permission 0 player ran scoreboard")
	}
}

func TestScoreboardUnknownObjectiveFails(t *testing.T) {
	m := load(t, map[string]string{"t:f": lines(
		"scoreboard objectives add o dummy",
		"execute store success score #a o run scoreboard players set #x nope 1",
		"execute store success score #b o if score #x nope matches 1",
		"execute store success score #c o unless score #x o matches 1",
		"execute store success score #d o if score #x o matches ..0",
	)})
	call(t, m, "t:f")
	wantScore(t, m, "#a", "o", 0)
	wantScore(t, m, "#b", "o", 0)
	wantScore(t, m, "#c", "o", 1) // unless passes on an unset score
	wantScore(t, m, "#d", "o", 0)
}

// forceload marks the chunk at block x z force-loaded in the overworld
// (test setup without commands).
func (m *Machine) forceload(x, z int32) {
	m.dim("minecraft:overworld").forced[chunkPos{x >> 4, z >> 4}] = true
}

func TestTrackedHolderOrder(t *testing.T) {
	// The expected order was computed by an independent implementation of
	// fastutil's Object2ObjectOpenHashMap (load factor 0.5, HashCommon.mix,
	// linear probing, shiftKeys on removal, descending iteration).
	sb := newScoreboard()
	o := sb.objID("o")
	var names []string
	for i := 0; i < 20; i++ {
		names = append(names, fmt.Sprintf("#c%d", i))
	}
	names = append(names, "Alex", "#best")
	for _, n := range names {
		sb.create(sb.cell(sb.holderID(n), o))
	}
	for _, n := range []string{"#c3", "#c7", "#c11", "Alex"} {
		sb.reset(sb.cell(sb.holderID(n), o))
	}
	sb.create(sb.cell(sb.holderID("#new"), o))
	got := fmt.Sprint(sb.trackedHolders())
	want := "[#c15 #c9 #c8 #c19 #best #c1 #c5 #c4 #c2 #c0 #c17 #c13 #c6 #new #c16 #c18 #c12 #c14 #c10]"
	if got != want {
		t.Errorf("order\n%s\nwant\n%s", got, want)
	}
}

func TestOpenSetInvariants(t *testing.T) {
	names := map[int32]string{}
	set := newOpenSet(func(k int32) int32 { return javaStringHash(names[k]) })
	present := map[int32]bool{}
	x := uint32(1)
	for step := 0; step < 20000; step++ {
		x = x*1664525 + 1013904223
		k := int32(x>>8) % 300
		names[k] = fmt.Sprintf("h%d", k)
		if x&1 == 0 {
			set.add(k)
			present[k] = true
		} else {
			set.remove(k)
			delete(present, k)
		}
		if step%997 == 0 {
			keys := set.keys()
			if len(keys) != len(present) || set.len() != len(present) {
				t.Fatalf("step %d: %d keys, size %d, want %d", step, len(keys), set.len(), len(present))
			}
			for _, k := range keys {
				if !present[k] || set.find(k) < 0 {
					t.Fatalf("step %d: key %d misplaced", step, k)
				}
			}
		}
	}
}

func TestRemovedObjectiveKeepsHolderTracked(t *testing.T) {
	m := load(t, map[string]string{"t:f": lines(
		"scoreboard objectives add a dummy",
		"scoreboard objectives add b dummy",
		"scoreboard players set #x a 1",
		"scoreboard objectives remove a",
		// #x has no score left but stays in the holder map, so * finds it.
		"scoreboard players set * b 5",
	)})
	call(t, m, "t:f")
	wantScore(t, m, "#x", "b", 5)
}
