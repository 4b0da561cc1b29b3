package gen

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/mcvm"
)

func TestFixedUUID(t *testing.T) {
	seen := map[string]string{}
	for _, role := range []string{"origin", "last"} {
		u := fixedUUID(role)
		id, ok := mcvm.ParseUUID(u.ID)
		if !ok || id.String() != u.ID {
			t.Fatalf("%s: %q is not a canonical UUID", role, u.ID)
		}
		// The NBT form is the same 128 bits as four big-endian ints.
		var ints []string
		for k := 0; k < 4; k++ {
			v := int32(uint32(id[4*k])<<24 | uint32(id[4*k+1])<<16 | uint32(id[4*k+2])<<8 | uint32(id[4*k+3]))
			ints = append(ints, strconv.Itoa(int(v)))
		}
		if want := "[I;" + strings.Join(ints, ",") + "]"; u.NBT != want {
			t.Errorf("%s: NBT %s, want %s for %s", role, u.NBT, want, u.ID)
		}
		if u.ID[14] != '4' || !strings.ContainsRune("89ab", rune(u.ID[19])) {
			t.Errorf("%s: %s is not a version 4, IETF variant UUID", role, u.ID)
		}
		if other, dup := seen[u.ID]; dup {
			t.Errorf("%s and %s share UUID %s", role, other, u.ID)
		}
		seen[u.ID] = role
		if again := fixedUUID(role); again != u {
			t.Errorf("%s: %v then %v", role, u, again)
		}
	}
}

var (
	fnRef    = regexp.MustCompile(`gomoku:[a-z0-9_/.]+`)
	selector = regexp.MustCompile(`@[aeprns]\b`)
)

// TestGreedyMovePathHasNoSelectors walks every function the greedy AI's
// move can run (from gomoku:game/tick, which runs gomoku:ai/turn, through
// gomoku:game/play and the win check) without entering the feedback
// namespace gomoku:ui/, and finds no entity selector: the singleton
// entities are addressed by UUID.
func TestGreedyMovePathHasNoSelectors(t *testing.T) {
	for _, rule := range []game.Rule{game.Freestyle, game.Renju} {
		in, err := FromConfig(smallConfig(9, rule), "greedy")
		if err != nil {
			t.Fatal(err)
		}
		res, err := Generate(in, Options{})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		queue := []string{"gomoku:game/tick"}
		var bad []string
		for len(queue) > 0 {
			id := queue[0]
			queue = queue[1:]
			if seen[id] || strings.HasPrefix(id, "gomoku:ui/") {
				continue
			}
			seen[id] = true
			path := datapack.FunctionFile(datapack.ID{Namespace: NS, Path: strings.TrimPrefix(id, "gomoku:")})
			body, ok := res.Pack.Files[path]
			if !ok {
				continue // a storage id such as gomoku:state
			}
			for n, line := range strings.Split(string(body), "\n") {
				if strings.HasPrefix(line, "#") {
					continue
				}
				if selector.MatchString(line) {
					bad = append(bad, fmt.Sprintf("%s:%d: %s", id, n+1, line))
				}
				queue = append(queue, fnRef.FindAllString(line, -1)...)
			}
		}
		sort.Strings(bad)
		if len(bad) > 0 {
			t.Errorf("%v: selectors in the AI's move path:\n%s", rule, strings.Join(bad, "\n"))
		}
		for _, want := range []string{"gomoku:ai/turn", "gomoku:greedy/choose", "gomoku:game/play", "gomoku:cell/mark/40", "gomoku:cell/glow/40", "gomoku:game/over"} {
			if !seen[want] {
				t.Errorf("%v: the walk never reached %s", rule, want)
			}
		}
	}
}

// TestVMSingletonEntities plays through the interpreter: the origin and
// the last-move marker carry the plan's UUIDs, there is only ever one of
// each (also after a second gomoku:new and an undo), the AI's ticks scan
// no entity outside gomoku:ui/, and uninstall removes both.
func TestVMSingletonEntities(t *testing.T) {
	res := smallPack(t, 7, game.Freestyle, "greedy")
	p := res.Plan
	g := newVMGame(t, res)
	one := func(what, tag string, want FixedUUID) *mcvm.Entity {
		t.Helper()
		es := g.m.EntitiesWithTag(tag)
		if len(es) != 1 {
			t.Fatalf("%s: %d entities tagged %s, want 1", what, len(es), tag)
		}
		if es[0].UUID.String() != want.ID {
			t.Errorf("%s: %s has UUID %s, want %s", what, tag, es[0].UUID, want.ID)
		}
		return es[0]
	}
	origin := one("after new", "gomoku.origin", p.Slots[0].Origin)
	g.call("gomoku:new")
	g.tick()
	one("after a second new", "gomoku.origin", p.Slots[0].Origin)
	for _, e := range g.m.EntitiesWithTag("gomoku.cell") {
		idx, _ := g.m.Score(e.UUID.String(), "gomoku.idx")
		g.cells[int(idx)] = e.UUID
	}
	at := func(e *mcvm.Entity) int {
		// Rounded: local coordinates carry the game's float error.
		return int(math.Round(e.Pos.Z-origin.Pos.Z))*p.Size + int(math.Round(e.Pos.X-origin.Pos.X))
	}
	g.click(24)
	if c := at(one("after the player's move", "gomoku.last", p.Slots[0].LastMark)); c != 24 {
		t.Errorf("the last-move marker is on cell %d, want 24", c)
	}
	var scanned, feedback int64
	for k := 0; k < 5 && len(g.moves()) < 2; k++ {
		rep, err := g.m.Tick()
		g.check(rep, err, "tick")
		tot := rep.Total()
		scanned += tot.EntitiesScanned
		feedback += tot.FunctionsUnder("gomoku:ui/").EntitiesScanned
	}
	mv := g.moves()
	if len(mv) != 2 {
		t.Fatalf("the AI did not move: history %v", mv)
	}
	if c := at(one("after the AI's move", "gomoku.last", p.Slots[0].LastMark)); c != mv[1] {
		t.Errorf("the last-move marker is on cell %d, want the AI's %d", c, mv[1])
	}
	if scanned-feedback != 0 || feedback == 0 {
		t.Errorf("the AI's ticks scanned %d entities, %d of them in gomoku:ui/; want all of them there (and some)", scanned, feedback)
	}
	g.call("gomoku:undo")
	if n := len(g.m.EntitiesWithTag("gomoku.last")); n != 0 {
		t.Errorf("after undoing to the empty board: %d last-move markers", n)
	}
	g.click(10)
	one("after undo and a new move", "gomoku.last", p.Slots[0].LastMark)
	g.call("gomoku:uninstall")
	for _, tag := range []string{"gomoku.origin", "gomoku.last"} {
		if n := len(g.m.EntitiesWithTag(tag)); n != 0 {
			t.Errorf("after uninstall: %d entities tagged %s", n, tag)
		}
	}
}
