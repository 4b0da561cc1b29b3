package gen

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/mcvm"
)

// groundPalette is what the fuzzed ground is made of: blocks with states,
// block entities (a chest with items, a sign with text), a falling block
// and plenty of air.
var groundPalette = []string{
	"minecraft:air", "minecraft:air", "minecraft:air", "minecraft:stone", "minecraft:dirt",
	"minecraft:grass_block[snowy=false]", "minecraft:sand", "minecraft:oak_log[axis=x]",
	"minecraft:oak_stairs[facing=east,half=top,shape=straight,waterlogged=false]",
	"minecraft:red_wool", "minecraft:torch",
	`minecraft:chest[facing=north,type=single,waterlogged=false]{Items:[{Slot:0b,id:"minecraft:diamond",count:5},{Slot:7b,id:"minecraft:apple",count:1}]}`,
	`minecraft:oak_sign[rotation=4,waterlogged=false]{front_text:{messages:["Keep","this","sign",""]},is_waxed:1b}`,
}

// groundBox is the part of the world the tests build and compare: two
// blocks beyond the board's frame on every side, two below, two above.
type groundBox struct{ x0, y0, z0, x1, y1, z1 int32 }

func boxAround(cx, cz int32, size int) groundBox {
	h := int32((size - 1) / 2)
	lo, hi := -h-3, int32(size)-h+2
	return groundBox{cx + lo, 62, cz + lo, cx + hi, 68, cz + hi}
}

// fuzzGround fills the box with random blocks from the palette.
func fuzzGround(t *testing.T, m *mcvm.Machine, b groundBox, rng *rand.Rand) {
	t.Helper()
	for x := b.x0; x <= b.x1; x++ {
		for y := b.y0; y <= b.y1; y++ {
			for z := b.z0; z <= b.z1; z++ {
				cmd := fmt.Sprintf("setblock %d %d %d %s", x, y, z, groundPalette[rng.IntN(len(groundPalette))])
				if _, err := m.RunCommand(nil, cmd); err != nil {
					t.Fatalf("%s: %v", cmd, err)
				}
			}
		}
	}
}

func snapshot(m *mcvm.Machine, dim string, b groundBox) map[[3]int32]string {
	out := map[[3]int32]string{}
	for x := b.x0; x <= b.x1; x++ {
		for y := b.y0; y <= b.y1; y++ {
			for z := b.z0; z <= b.z1; z++ {
				out[[3]int32{x, y, z}] = m.BlockDataIn(dim, x, y, z)
			}
		}
	}
	return out
}

// groundDiff lists (up to a few of) the blocks of the box that are not as
// they were.
func groundDiff(m *mcvm.Machine, dim string, b groundBox, was map[[3]int32]string) string {
	var diffs []string
	n := 0
	for p, w := range was {
		if got := m.BlockDataIn(dim, p[0], p[1], p[2]); got != w {
			if n++; n <= 5 {
				diffs = append(diffs, fmt.Sprintf("%d %d %d: %s, was %s", p[0], p[1], p[2], got, w))
			}
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d blocks differ, e.g.\n  %s", n, strings.Join(diffs, "\n  "))
}

// vaultBox is the whole vault: every board's layer.
func vaultBox(p *Plan) groundBox {
	v, low := p.Vault, p.Slots[len(p.Slots)-1].Vault
	return groundBox{int32(v.X), int32(low.Y), int32(v.Z), int32(v.X2), int32(v.Y2), int32(v.Z2)}
}

// vaultEmpty says whether the vault is all air.
func vaultEmpty(m *mcvm.Machine, p *Plan) bool {
	for _, b := range snapshot(m, "minecraft:overworld", vaultBox(p)) {
		if b != "minecraft:air" {
			return false
		}
	}
	return true
}

// TestTerrainRestored builds boards over fuzzed ground (blocks with
// states, a chest with items, a sign), plays, removes, rebuilds, moves the
// board and uninstalls, and after each removal compares the world block
// for block with the ground before.
func TestTerrainRestored(t *testing.T) {
	seeds := 6
	if testing.Short() {
		seeds = 2
	}
	for _, pc := range []struct {
		size    int
		rule    game.Rule
		profile string
	}{{7, game.Freestyle, "greedy"}, {7, game.Freestyle, "seed000"}, {5, game.Renju, "greedy"}, {9, game.Standard, "greedy"}} {
		res := smallPack(t, pc.size, pc.rule, pc.profile)
		for seed := range seeds {
			t.Run(fmt.Sprintf("%d-%s-%s/seed%d", pc.size, pc.rule, pc.profile, seed), func(t *testing.T) {
				if diff := playOverGround(t, res, uint64(seed)); diff != "" {
					t.Fatal(diff)
				}
			})
		}
	}
}

// playOverGround runs the scenario and returns the first difference from
// the ground before that it finds after a removal ("" if none); other
// failures end the test.
func playOverGround(t *testing.T, res *Result, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 17))
	home, away, other := boxAround(0, 0, res.Plan.Size), boxAround(40, 0, res.Plan.Size), boxAround(0, 40, res.Plan.Size)
	var before, beforeAway, beforeOther map[[3]int32]string
	g := newVMGameOn(t, res, func(m *mcvm.Machine) {
		fuzzGround(t, m, home, rng)
		fuzzGround(t, m, away, rng)
		fuzzGround(t, m, other, rng)
		// A dropped item on the board is no reason to refuse it.
		if _, err := m.RunCommand(nil, `summon minecraft:item 1.5 65 1.5 {Item:{id:"minecraft:stick",count:1}}`); err != nil {
			t.Fatal(err)
		}
		before = snapshot(m, "minecraft:overworld", home)
		beforeAway = snapshot(m, "minecraft:overworld", away)
		beforeOther = snapshot(m, "minecraft:overworld", other)
		if !vaultEmpty(m, res.Plan) {
			t.Fatal("the vault is not air before the first board")
		}
	})
	if got, want := g.cellBlock(0), res.Plan.Pack.Board; got != want {
		t.Fatalf("no board was built: cell 0 is %s", got)
	}
	var problems []string
	if vaultEmpty(g.m, res.Plan) {
		problems = append(problems, "the vault holds nothing while the board stands")
	}
	play := func(g *vmGame) {
		for k := 0; k < 3; k++ {
			g.click(k * (res.Plan.Size + 1))
			for range 8 {
				g.tick()
			}
		}
		if len(g.moves()) < 4 {
			t.Fatalf("the game on board %d did not go on: moves %v", g.slot, g.moves())
		}
	}
	play(g)
	g.call("gomoku:remove")
	if d := groundDiff(g.m, "minecraft:overworld", home, before); d != "" {
		return strings.Join(append(problems, "after gomoku:remove: "+d), "; ")
	}
	if !vaultEmpty(g.m, res.Plan) {
		t.Fatal("the vault is not air after the board went")
	}
	// Build again, then build elsewhere: the first board's ground comes back.
	g.m.MovePlayer(g.p, mcvm.Vec3{X: 0.5, Y: 64, Z: 0.5}, 0, 0)
	g.call("gomoku:new")
	g.tick()
	g.findCells()
	play(g)
	// A second player's board stands beside it, its game played between
	// the first one's moves.
	g2 := g.join("Steve", 1, 0.5, 40.5)
	g2.call("gomoku:new")
	for range 3 {
		g2.tick()
	}
	g2.findCells()
	play(g2)
	play(g)
	g.m.MovePlayer(g.p, mcvm.Vec3{X: 40.5, Y: 64, Z: 0.5}, 0, 0)
	g.call("gomoku:new")
	if d := groundDiff(g.m, "minecraft:overworld", home, before); d != "" {
		return "after a new board elsewhere: " + d
	}
	if f := int32(-res.Plan.Half - 1); g.m.Block(f, 64, 40+f) != res.Plan.Pack.Frame {
		t.Fatalf("the first player's new board took the second one's: its frame's corner is %s", g.m.Block(f, 64, 40+f))
	}
	if got := g.m.Block(40, 64, 0); got != res.Plan.Pack.Board {
		t.Fatalf("no board elsewhere: the centre is %s", got)
	}
	g.tick()
	g.call("gomoku:uninstall")
	if d := groundDiff(g.m, "minecraft:overworld", away, beforeAway); d != "" {
		return "after gomoku:uninstall: " + d
	}
	if d := groundDiff(g.m, "minecraft:overworld", home, before); d != "" {
		return "after gomoku:uninstall, at the first board: " + d
	}
	if d := groundDiff(g.m, "minecraft:overworld", other, beforeOther); d != "" {
		return "after gomoku:uninstall, at the second player's board: " + d
	}
	if !vaultEmpty(g.m, res.Plan) {
		t.Fatal("the vault is not air after uninstall")
	}
	if len(problems) > 0 {
		return strings.Join(problems, "; ")
	}
	if f := g.m.ForcedChunks("minecraft:overworld"); len(f) != 0 {
		t.Fatalf("uninstall leaves chunks force-loaded: %v", f)
	}
	if st := g.m.Storage("gomoku:state"); st != nil && st.Len() != 0 {
		t.Fatalf("uninstall leaves storage: %v", st.Keys())
	}
	return ""
}

// TestTerrainRestoredFailsWithoutSaving is the test's own check: with the
// clone that saves the ground taken out of the pack, the ground does not
// come back and playOverGround says so.
func TestTerrainRestoredFailsWithoutSaving(t *testing.T) {
	res := smallPack(t, 7, game.Freestyle, "greedy")
	path := "data/gomoku/function/ground/save/0.mcfunction"
	var kept []string
	for _, l := range strings.Split(string(res.Pack.Files[path]), "\n") {
		if !strings.Contains(l, " run clone ") {
			kept = append(kept, l)
		}
	}
	if len(kept) == len(strings.Split(string(res.Pack.Files[path]), "\n")) {
		t.Fatalf("%s has no clone to take out", path)
	}
	res.Pack.Files[path] = []byte(strings.Join(kept, "\n"))
	diff := playOverGround(t, res, 1)
	if !strings.Contains(diff, "after gomoku:remove") || !strings.Contains(diff, "blocks differ") {
		t.Fatalf("with saving disabled: %q, want the ground found changed after the removal", diff)
	}
	t.Log(diff)
}

// TestBoardRefusedWhereEntitiesStand: what clone cannot keep (any entity
// but players and dropped items) stops the build, named, with nothing
// changed; once it is gone the board goes up.
func TestBoardRefusedWhereEntitiesStand(t *testing.T) {
	res := smallPack(t, 7, game.Freestyle, "greedy")
	home := boxAround(0, 0, res.Plan.Size)
	g := newVMPlayer(t, res)
	m := g.m
	fuzzGround(t, m, home, rand.New(rand.NewPCG(3, 4)))
	// On the frame's far corner, the last block the board covers.
	g.console(`summon minecraft:armor_stand 4.5 66 4.5 {CustomName:"Statue"}`)
	before := snapshot(m, "minecraft:overworld", home)
	m.ClearEvents()
	g.call("gomoku:new")
	said := g.said()
	if !strings.Contains(said, "Statue") || !strings.Contains(said, "would be in the way") {
		t.Errorf("the refusal does not name the armor stand:\n%s", said)
	}
	if d := groundDiff(m, "minecraft:overworld", home, before); d != "" {
		t.Fatalf("a refused board changed the ground: %s", d)
	}
	if n := len(m.EntitiesWithTag("gomoku.entity")); n != 0 || !vaultEmpty(m, res.Plan) {
		t.Fatalf("a refused board left %d entities, vault empty %v", n, vaultEmpty(m, res.Plan))
	}
	// Just outside the frame it is not in the way.
	g.console(`tp @e[type=minecraft:armor_stand] 5.5 66 5.5`)
	g.call("gomoku:new")
	g.tick()
	g.findCells()
}

// TestGroundWaitsForItsChunks: a board whose chunks are not loaded cannot
// have its ground put back, so nothing is removed (no new board elsewhere,
// no uninstall) until someone goes there.
func TestGroundWaitsForItsChunks(t *testing.T) {
	res := smallPack(t, 7, game.Freestyle, "greedy")
	home := boxAround(0, 0, res.Plan.Size)
	var before map[[3]int32]string
	g := newVMGameOn(t, res, func(m *mcvm.Machine) {
		fuzzGround(t, m, home, rand.New(rand.NewPCG(5, 6)))
		before = snapshot(m, "minecraft:overworld", home)
	})
	g.m.MovePlayer(g.p, mcvm.Vec3{X: 5000.5, Y: 64, Z: 0.5}, 0, 0)
	g.m.ClearEvents()
	g.call("gomoku:new")
	g.expectSaid("a new board far from the old one", "cannot be put back from here")
	if got := g.m.Block(5000, 64, 0); got == res.Plan.Pack.Board {
		t.Fatal("a new board was built while the old one's ground is still saved")
	}
	g.call("gomoku:uninstall")
	g.expectSaid("uninstall far from the board", "not removed")
	if _, ok := g.m.Score("#installed", "gomoku.boards"); !ok {
		t.Fatal("uninstall went on without the board's ground")
	}
	g.m.MovePlayer(g.p, mcvm.Vec3{X: 0.5, Y: 65, Z: 0.5}, 0, 0)
	g.call("gomoku:uninstall")
	if d := groundDiff(g.m, "minecraft:overworld", home, before); d != "" {
		t.Fatalf("after uninstall at the board: %s", d)
	}
}
