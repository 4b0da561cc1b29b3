package mcvm

import (
	"strings"
	"testing"
)

// Chunks, entities and players as the game loads and unloads them: each
// rule of world.go's entity states and of Logout/Login with its own test.

const chunkTestUUID = "[I;1,2,3,4]"

func chunkMachine(t *testing.T, version string) *Machine {
	t.Helper()
	m, err := Load(packOf(map[string]string{
		"t:setup": lines("scoreboard objectives add o dummy"),
		// A marker with a fixed UUID where the caller stands (@s's position).
		"t:here":  lines("summon marker ~ ~ ~ {UUID:" + chunkTestUUID + ",Tags:[\"m\"]}"),
		"t:count": lines("execute store result score #n o if entity @e[type=marker,tag=m]"),
		"t:uuid":  lines("execute store result score #u o if entity 00000001-0000-0002-0000-000300000004"),
		"t:kill":  lines("kill 00000001-0000-0002-0000-000300000004"),
		"t:tag":   lines("tag 00000001-0000-0002-0000-000300000004 add kept"),
		"t:far":   lines("tp 00000001-0000-0002-0000-000300000004 5000 64 0"),
		"t:faraway": lines(
			"execute store success score #s o run summon marker 5000 64 0 {UUID:" + chunkTestUUID + ",Tags:[\"m\"]}"),
	}), Options{Version: version, ViewDistance: 2})
	if err != nil {
		t.Fatal(err)
	}
	call(t, m, "t:setup")
	return m
}

func tick(t *testing.T, m *Machine) {
	t.Helper()
	if _, err := m.Tick(); err != nil {
		t.Fatal(err)
	}
}

// callAt runs a function as p (at p), as a test's way of placing things.
func callAt(t *testing.T, m *Machine, p *Player, id string) {
	t.Helper()
	if _, err := m.CallAs(p, id); err != nil {
		t.Fatal(err)
	}
}

func markerCount(t *testing.T, m *Machine) int32 {
	t.Helper()
	call(t, m, "t:count")
	n, _ := m.Score("#n", "o")
	return n
}

// An entity whose chunk unloads is kept with its chunk, tags and all, and
// is back when the chunk loads.
func TestEntityUnloadsAndReloadsWithItsChunk(t *testing.T) {
	m := chunkMachine(t, "")
	p, err := m.AddPlayer("Alex", UUID{9}, Vec3{1000.5, 64, 0.5}, 2)
	if err != nil {
		t.Fatal(err)
	}
	callAt(t, m, p, "t:here")
	call(t, m, "t:tag")
	m.MovePlayer(p, Vec3{-3000, 64, 0}, 0, 0)
	if n := markerCount(t, m); n != 0 {
		t.Fatalf("a marker in an unloaded chunk is seen (%d)", n)
	}
	m.MovePlayer(p, Vec3{1010, 64, 5}, 0, 0)
	if n := markerCount(t, m); n != 1 {
		t.Fatalf("the marker did not come back with its chunk (%d)", n)
	}
	e := m.Entity(UUID{0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4})
	if e == nil || !e.HasTag("kept") || e.Pos.X != 1000.5 {
		t.Fatalf("the marker came back changed: %+v", e)
	}
}

// A UUID is refused only while an entity holding it is in memory: with
// the holder's chunk unloaded the UUID can be summoned again, and when
// the old chunk loads while the new entity is loaded, the stale copy is
// dropped.
func TestUUIDRefusedOnlyWhileItsHolderIsLoaded(t *testing.T) {
	m := chunkMachine(t, "")
	p, err := m.AddPlayer("Alex", UUID{9}, Vec3{1000.5, 64, 0.5}, 2)
	if err != nil {
		t.Fatal(err)
	}
	callAt(t, m, p, "t:here")
	// While the holder is loaded, a second summon fails.
	q, err := m.AddPlayer("Bea", UUID{10}, Vec3{2000.5, 64, 0.5}, 2)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := m.CallAs(q, "t:here")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Calls[0].Failures == 0 || markerCount(t, m) != 1 {
		t.Fatalf("a summon of a loaded entity's UUID succeeded")
	}
	// Alex leaves: the marker is saved with its chunk, the UUID is free.
	m.MovePlayer(p, Vec3{2005, 64, 0}, 0, 0)
	callAt(t, m, q, "t:here")
	if n := markerCount(t, m); n != 1 {
		t.Fatalf("summoning the UUID of an unloaded entity: %d markers seen, want 1", n)
	}
	// Alex goes back to the first marker's chunk while Bea's is loaded:
	// the stale copy is dropped for good.
	m.ClearEvents()
	m.MovePlayer(p, Vec3{1000, 64, 0}, 0, 0)
	if n := markerCount(t, m); n != 1 {
		t.Fatalf("after the stale copy's chunk loaded: %d markers, want 1", n)
	}
	if e := m.Entity(UUID{0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4}); e == nil || e.Pos.X != 2000.5 {
		t.Fatalf("the UUID's holder is %+v, want Bea's marker at x 2000.5", e)
	}
	dropped := 0
	for _, ev := range m.Events() {
		if ev.Kind == "entity_dropped" && strings.Contains(ev.Text, "already exists") && ev.Pos.X == 1000.5 {
			dropped++
		}
	}
	if dropped != 1 {
		t.Errorf("the stale copy's drop was reported %d times, want once", dropped)
	}
	// Bea leaves too, then comes back: her marker is the one left.
	m.MovePlayer(q, Vec3{-5000, 64, 0}, 0, 0)
	m.MovePlayer(p, Vec3{-5000, 64, 0}, 0, 0)
	m.MovePlayer(p, Vec3{1000, 64, 0}, 0, 0)
	if n := markerCount(t, m); n != 0 {
		t.Fatalf("the dropped copy came back (%d markers)", n)
	}
	m.MovePlayer(q, Vec3{2000, 64, 0}, 0, 0)
	if n := markerCount(t, m); n != 1 {
		t.Fatalf("Bea's marker did not come back (%d)", n)
	}
}

// The other order: the new holder is unloaded when the stale copy's
// chunk loads, so the stale copy comes back, and the newer one is the
// copy dropped when its chunk loads.
func TestStaleCopyReturnsWhenTheNewHolderIsAway(t *testing.T) {
	m := chunkMachine(t, "")
	p, _ := m.AddPlayer("Alex", UUID{9}, Vec3{1000.5, 64, 0.5}, 2)
	callAt(t, m, p, "t:here")
	m.MovePlayer(p, Vec3{2000.5, 64, 0.5}, 0, 0)
	callAt(t, m, p, "t:here")
	m.MovePlayer(p, Vec3{1000, 64, 0}, 0, 0)
	e := m.Entity(UUID{0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4})
	if e == nil || e.Pos.X != 1000.5 {
		t.Fatalf("holder %+v, want the first marker back at x 1000.5", e)
	}
	// Bea arrives at the second marker while Alex keeps the first loaded.
	if _, err := m.AddPlayer("Bea", UUID{10}, Vec3{2000, 64, 0}, 2); err != nil {
		t.Fatal(err)
	}
	if n := markerCount(t, m); n != 1 {
		t.Fatalf("%d markers, want only the first", n)
	}
	if e := m.Entity(UUID{0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4}); e == nil || e.Pos.X != 1000.5 {
		t.Fatalf("holder %+v, want the first marker", e)
	}
}

// summon into a chunk that is not loaded succeeds (the game checks only
// the world's bounds): the entity is out of sight, holds its UUID, and
// appears when the chunk loads.
func TestSummonIntoUnloadedChunk(t *testing.T) {
	m := chunkMachine(t, "")
	call(t, m, "t:faraway")
	wantScore(t, m, "#s", "o", 1)
	if n := markerCount(t, m); n != 0 {
		t.Fatalf("a marker summoned into an unloaded chunk is seen (%d)", n)
	}
	call(t, m, "t:faraway")
	wantScore(t, m, "#s", "o", 0) // its UUID is taken
	call(t, m, "t:uuid")
	wantScore(t, m, "#u", "o", 0)
	if _, err := m.AddPlayer("Alex", UUID{9}, Vec3{5000, 64, 0}, 2); err != nil {
		t.Fatal(err)
	}
	if n := markerCount(t, m); n != 1 {
		t.Fatalf("the summoned marker did not appear with its chunk (%d)", n)
	}
	// Out of the world's bounds it still fails.
	rep, err := m.RunCommand(nil, "summon marker 30000001 64 0")
	if err == nil && rep.Calls[0].Failures == 0 {
		t.Errorf("summon outside the world succeeded")
	}
}

// tp of an entity into a chunk that is not loaded moves it out of sight,
// its UUID still taken, until that chunk loads.
func TestTeleportIntoUnloadedChunk(t *testing.T) {
	m := chunkMachine(t, "")
	p, _ := m.AddPlayer("Alex", UUID{9}, Vec3{0.5, 64, 0.5}, 2)
	callAt(t, m, p, "t:here")
	call(t, m, "t:far")
	if n := markerCount(t, m); n != 0 {
		t.Fatalf("a marker teleported into an unloaded chunk is seen (%d)", n)
	}
	call(t, m, "t:faraway")
	wantScore(t, m, "#s", "o", 0)
	tick(t, m)
	m.MovePlayer(p, Vec3{5000, 64, 0}, 0, 0)
	if n := markerCount(t, m); n != 1 {
		t.Fatalf("the teleported marker is not at its destination (%d)", n)
	}
}

// A player who logs out leaves the world (selectors, @a, their chunks)
// and comes back where they were, with their scores and tags.
func TestLogoutAndLogin(t *testing.T) {
	m := chunkMachine(t, "")
	p, _ := m.AddPlayer("Alex", UUID{9}, Vec3{1000.5, 64, 0.5}, 2)
	callAt(t, m, p, "t:here")
	if _, err := m.RunCommand(nil, "scoreboard players set Alex o 7"); err != nil {
		t.Fatal(err)
	}
	if _, err := m.RunCommand(nil, "tag Alex add back"); err != nil {
		t.Fatal(err)
	}
	if _, err := m.RunCommand(nil, "scoreboard objectives add left minecraft.custom:minecraft.leave_game"); err != nil {
		t.Fatal(err)
	}
	if err := m.Logout(p); err != nil {
		t.Fatal(err)
	}
	if m.Player("Alex") != nil {
		t.Fatal("a logged-out player is online")
	}
	if rep, err := m.RunCommand(nil, "execute store result score #a o if entity @a"); err != nil || rep == nil {
		t.Fatal(err)
	}
	wantScore(t, m, "#a", "o", 0)
	if n := markerCount(t, m); n != 0 {
		t.Fatalf("the chunks of a logged-out player are still loaded (%d markers)", n)
	}
	if err := m.Logout(p); err == nil {
		t.Error("logging out twice succeeded")
	}
	if _, err := m.AddPlayer("Alex", UUID{11}, Vec3{}, 0); err == nil {
		t.Error("a new player took a logged-out player's name")
	}
	back, err := m.Login("Alex")
	if err != nil {
		t.Fatal(err)
	}
	if back != p || back.Entity().Pos != (Vec3{1000.5, 64, 0.5}) || !back.Entity().HasTag("back") {
		t.Fatalf("Alex came back changed: %+v", back.Entity())
	}
	wantScore(t, m, "Alex", "o", 7)
	wantScore(t, m, "Alex", "left", 1) // the leave_game statistic
	if n := markerCount(t, m); n != 1 {
		t.Fatalf("Alex's chunks did not load again (%d markers)", n)
	}
	if _, err := m.Login("Alex"); err == nil {
		t.Error("logging in twice succeeded")
	}
}

// Spawn chunks: 1.21.5 … 1.21.8 keep (2r−1)² chunks around the world
// spawn loaded (r = spawnChunkRadius, 2 by default); 1.21.9 removed them
// and the rule.
func TestSpawnChunks(t *testing.T) {
	for _, c := range []struct {
		version string
		spawn   bool
	}{{"1.21.5", true}, {"1.21.8", true}, {"1.21.9", false}, {"1.21.11", false}, {"26.2", false}} {
		m := chunkMachine(t, c.version)
		for _, at := range []struct {
			x, z int32
			in   bool
		}{{0, 0, true}, {-16, -16, true}, {31, 31, true}, {32, 0, false}, {-17, 0, false}} {
			got := m.chunkLoaded("minecraft:overworld", BlockPos{at.x, 64, at.z}.chunk())
			if want := c.spawn && at.in; got != want {
				t.Errorf("%s: block %d %d loaded = %v, want %v", c.version, at.x, at.z, got, want)
			}
		}
		_, err := m.RunCommand(nil, "gamerule spawnChunkRadius 0")
		if c.spawn {
			if err != nil {
				t.Errorf("%s: %v", c.version, err)
			}
			if m.chunkLoaded("minecraft:overworld", chunkPos{0, 0}) {
				t.Errorf("%s: spawnChunkRadius 0 still keeps the spawn chunk", c.version)
			}
			if _, err := m.RunCommand(nil, "gamerule spawnChunkRadius 3"); err != nil {
				t.Fatal(err)
			}
			if !m.chunkLoaded("minecraft:overworld", chunkPos{2, -2}) || m.chunkLoaded("minecraft:overworld", chunkPos{3, 0}) {
				t.Errorf("%s: spawnChunkRadius 3 is not 5×5 chunks", c.version)
			}
		} else if err == nil {
			t.Errorf("%s: gamerule spawnChunkRadius accepted, but the release has no spawn chunks", c.version)
		}
	}
}
