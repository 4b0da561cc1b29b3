package gen

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/mcvm"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
)

// chargeLine is the command a self-charging function starts with, and the
// slice's charge of a step's overhead.
var chargeLine = regexp.MustCompile(`(?m)^scoreboard players add #la\.spent gomoku\.la ([0-9]+)$`)

// landRoomLine is a line of la/land: the move below its room, for one
// colour or either, by la/final or (renju, white) la/play.
var landRoomLine = regexp.MustCompile(`(?m)^(execute if score #la\.phase gomoku\.la matches 2 unless score #la\.spent gomoku\.la matches )(-?[0-9]+)(\.\.(?: if score #turn gomoku\.game matches ([12]))? run return run function ` + NS + `:(la/final|la/play))$`)

// landLine is one line of la/land: the move played by fn below room,
// for colour turn (0: either).
type landLine struct {
	room, turn int
	fn         string
}

// landLines reads la/land's lines: every one a landRoomLine, the last
// la/final's for either colour.
func landLines(lines []string) ([]landLine, error) {
	var out []landLine
	for _, l := range lines {
		m := landRoomLine.FindStringSubmatch(l)
		if m == nil {
			return nil, fmt.Errorf("la/land has a line that does not play the move below a room: %q", l)
		}
		room, _ := strconv.Atoi(m[2])
		turn, _ := strconv.Atoi(m[4]) // "" is 0
		out = append(out, landLine{room: room, turn: turn, fn: m[5]})
	}
	if len(out) == 0 || out[len(out)-1].turn != 0 || out[len(out)-1].fn != "la/final" {
		return nil, fmt.Errorf("la/land does not end with la/final for either colour: %q", lines)
	}
	return out, nil
}

// landRoomFor is the room la/land gives the move of colour turn: the
// first of its lines for that colour or either.
func landRoomFor(lands []landLine, turn int) int {
	for _, ln := range lands {
		if ln.turn == 0 || ln.turn == turn {
			return ln.room
		}
	}
	return 0
}

// lookCostPacks are the 9×9 lookahead packs the charge proofs run on,
// freestyle and renju, each also with stage 2's threat-space search on,
// and freestyle with stage 3 deepened (shared: callers must not change
// them).
func lookCostPacks(t *testing.T) map[string]*Result {
	t.Helper()
	out := map[string]*Result{}
	for _, rule := range []game.Rule{game.Freestyle, game.Renju} {
		cfg := config.PackDefault()
		cfg.Game.Size, cfg.Game.Rule = 9, rule
		cfg.Lookahead.DefaultLevel = 0 // the quickest: the charges are the same at every level
		out[rule.String()] = sharedPack(t, cfg, "lookahead")
		// The gen_test package's withVCT budgets: the same pack.
		la := &cfg.Lookahead
		la.VCTDepth, la.VCTWidth, la.VCTNodes, la.DefendVCTNodes = 4, 6, 400, 150
		out[rule.String()+"-vct"] = sharedPack(t, cfg, "lookahead")
	}
	// Stage 3 deepened at every level (la/ab/deepen between iterations).
	cfg := config.PackDefault()
	cfg.Game.Size, cfg.Lookahead.DefaultLevel, cfg.Lookahead.Deepen = 9, 0, 1
	out["freestyle-deepen"] = sharedPack(t, cfg, "lookahead")
	return out
}

// TestLookCharges: the lookahead's charges to #la.spent, which bound
// every tick's slice by the budget, measured by the interpreter.
func TestLookCharges(t *testing.T) {
	moves := 6
	if testing.Short() {
		moves = 2
	}
	for name, res := range lookCostPacks(t) {
		t.Run(name, func(t *testing.T) {
			n := moves
			if res.Plan.Look.VCT {
				n = 2 // each move's search is some 3,000 steps more
			}
			report, err := checkLookCharges(res, n)
			if err != nil {
				t.Fatal(err)
			}
			t.Log(report)
		})
	}
}

// TestLookChargesCatchUndercharges is checkLookCharges's own check: a
// pack that charges one command too few per step, per self-charging
// function or per lookup path, leaves the slice's own commands out of
// a step's charge, or leaves the move played in a slice one command
// less room than it may cost, fails it.
func TestLookChargesCatchUndercharges(t *testing.T) {
	packs := lookCostPacks(t)
	sliceFile := lookFile("la/slice")
	cases := []struct {
		name  string
		plant func(path string, body []byte) []byte
	}{
		{"a step's overhead one short", func(path string, body []byte) []byte {
			if path != sliceFile {
				return body
			}
			return chargeLine.ReplaceAllFunc(body, func(l []byte) []byte { return less(l, 1) })
		}},
		{"the slice's own commands uncharged", func(path string, body []byte) []byte {
			if path != sliceFile {
				return body
			}
			res := packs[game.Freestyle.String()]
			return chargeLine.ReplaceAllFunc(body, func(l []byte) []byte { return less(l, res.Plan.Look.Overhead-lightStepOf(t, res)) })
		}},
		{"every lookup path one short", func(path string, body []byte) []byte {
			if !strings.Contains(path, "/greedy/charged/") {
				return body
			}
			if loc := chargeLine.FindIndex(body); loc != nil && firstCommand(body) == loc[0] {
				return slices.Concat(body[:loc[0]], less(body[loc[0]:loc[1]], 1), body[loc[1]:])
			}
			return body
		}},
		{"every self-charge one short", func(path string, body []byte) []byte {
			if path == sliceFile || strings.Contains(path, "/greedy/charged/") {
				return body
			}
			if loc := chargeLine.FindIndex(body); loc != nil && firstCommand(body) == loc[0] {
				return slices.Concat(body[:loc[0]], less(body[loc[0]:loc[1]], 1), body[loc[1]:])
			}
			return body
		}},
		// The move played in the slice that chose it: its room one
		// more than the budget leaves it, or la/final a command dearer
		// than the proof saw.
		{"the move's room one more", plantRoomOneMore("")},
		{"the move one command dearer", plantDearer("la/final")},
		// Under renju (planted in its pack), white's move (la/play, no
		// full rule check).
		{"renju: white's room one more", plantRoomOneMore("la/play")},
		{"renju: white's move one command dearer", plantDearer("la/play")},
	}
	for _, c := range cases {
		t.Run(strings.NewReplacer(" ", "_", ":", "").Replace(c.name), func(t *testing.T) {
			res := packs[game.Freestyle.String()]
			if strings.HasPrefix(c.name, "renju: ") {
				res = packs[game.Renju.String()]
			}
			broken := *res
			broken.Pack = &datapack.Pack{Files: maps.Clone(res.Pack.Files)}
			changed := 0
			for path, body := range broken.Pack.Files {
				if nb := c.plant(path, body); string(nb) != string(body) {
					broken.Pack.Files[path] = nb
					changed++
				}
			}
			if changed == 0 {
				t.Fatal("nothing planted")
			}
			if _, err := checkLookCharges(&broken, 2); err == nil {
				t.Fatalf("with %d functions undercharging, the charges still checked out", changed)
			} else {
				t.Log(err)
			}
		})
	}
}

// plantRoomOneMore gives the move played by fn (every move: "") in the
// slice that chose it a room one more than la/land's.
func plantRoomOneMore(fn string) func(path string, body []byte) []byte {
	return func(path string, body []byte) []byte {
		if path != lookFile("la/land") {
			return body
		}
		return landRoomLine.ReplaceAllFunc(body, func(l []byte) []byte {
			m := landRoomLine.FindSubmatch(l)
			if fn != "" && string(m[5]) != fn {
				return l
			}
			v, _ := strconv.Atoi(string(m[2]))
			return slices.Concat(m[1], []byte(strconv.Itoa(v+1)), m[3])
		})
	}
}

// plantDearer makes function fn one command dearer than the proof saw.
func plantDearer(fn string) func(path string, body []byte) []byte {
	return func(path string, body []byte) []byte {
		if path != lookFile(fn) {
			return body
		}
		return append(slices.Clone(body), "scoreboard players add #la.spent gomoku.la 0\n"...)
	}
}

func lookFile(path string) string {
	return datapack.FunctionFile(datapack.ID{Namespace: NS, Path: path})
}

// less is a charge line with n less.
func less(line []byte, n int) []byte {
	m := chargeLine.FindSubmatch(line)
	v, _ := strconv.Atoi(string(m[1]))
	return fmt.Appendf(nil, "scoreboard players add #la.spent gomoku.la %d", v-n)
}

// firstCommand is the offset of a function's first command line.
func firstCommand(body []byte) int {
	at := 0
	for at < len(body) && body[at] == '#' {
		nl := strings.IndexByte(string(body[at:]), '\n')
		if nl < 0 {
			return len(body)
		}
		at += nl + 1
	}
	return at
}

// lightStepOf is la/step's worst case with the self-charging functions
// free, by the cost model.
func lightStepOf(t *testing.T, res *Result) int {
	paid := map[string]bool{}
	for id, body := range res.Pack.Functions() {
		if loc := chargeLine.FindIndex(body); loc != nil && firstCommand(body) == loc[0] {
			paid[id.String()] = true
		}
	}
	a := newAnalyzer(res.Pack, selectorBound(res.Plan.NumCells), nil, nil)
	a.paid = paid
	n, err := a.function(NS + ":la/step")
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// checkLookCharges checks the pack's charges to #la.spent against what the
// interpreter runs (quota units, what the cost model counts), reading the
// charges off the pack's text:
//
//   - the overhead the slice charges each step is the slice's own
//     commands in one iteration, measured with a step that does nothing,
//     plus la/step's worst case with the self-charging functions free
//     (their calls included: each charges its own);
//   - a self-charging function whose own commands take no branch
//     charges exactly what a call of it runs, and so does every path
//     through a pattern lookup;
//   - no step of the AI's searches in two games of up to moves AI moves
//     each (against random stones), run one slice iteration a call, runs
//     more than it was charged.
//
// It returns a summary of what it measured.
func checkLookCharges(res *Result, moves int) (string, error) {
	pack := res.Pack
	fns := map[string][]string{}
	charge := map[string]int{}
	for id, body := range pack.Functions() {
		var lines []string
		for _, l := range strings.Split(string(body), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				lines = append(lines, l)
			}
		}
		fns[id.String()] = lines
		if len(lines) > 0 {
			if m := chargeLine.FindStringSubmatch(lines[0]); m != nil && !strings.HasPrefix(id.Path, "greedy/charged/") {
				charge[id.String()], _ = strconv.Atoi(m[1])
			}
		}
	}
	slice := NS + ":la/slice"
	var overhead, room int
	for _, l := range fns[slice] {
		if m := chargeLine.FindStringSubmatch(l); m != nil {
			overhead, _ = strconv.Atoi(m[1])
		}
		if m := regexp.MustCompile(`^execute if score #la\.spent gomoku\.la matches ([0-9]+)\.\. run return 0$`).FindStringSubmatch(l); m != nil {
			room, _ = strconv.Atoi(m[1])
		}
	}
	if overhead == 0 || room == 0 {
		return "", fmt.Errorf("la/slice charges no overhead or has no room: %q", fns[slice])
	}
	// The slice's own commands: one iteration with a step that does
	// nothing, then the look at #la.spent that ends it.
	probe := &datapack.Pack{Files: maps.Clone(pack.Files)}
	probe.Files[lookFile("la/step")] = []byte("# a step that does nothing\n")
	pm, err := loadTicked(probe)
	if err != nil {
		return "", err
	}
	for h, v := range map[string]int32{"#la.phase": 1, "#la.spent": int32(room - 1)} {
		if err := pm.SetScore(h, "gomoku.la", v); err != nil {
			return "", err
		}
	}
	rep, err := pm.Call(slice)
	if err != nil {
		return "", err
	}
	// Less the call of la/slice itself and the ending look (two checks).
	iteration := int(rep.Total().Units) - 3
	paid := map[string]bool{}
	for id := range charge {
		paid[id] = true
	}
	a := newAnalyzer(pack, selectorBound(res.Plan.NumCells), nil, nil)
	a.paid = paid
	light, err := a.function(NS + ":la/step")
	if err != nil {
		return "", err
	}
	if want := light + iteration; overhead != want {
		return "", fmt.Errorf("la/slice charges a step %d for its overhead; its own commands (%d, measured) and la/step's dispatch (%d) come to %d", overhead, iteration, light, want)
	}

	// The move played in the slice that chose it: la/land plays it only
	// below a room (under renju white's, la/play, has one of its own),
	// which must be the budget less the slice's last call that plays it:
	// that call's own commands (measured, with a la/final or la/play that
	// does nothing, on the path that runs the most of la/land) and the
	// move's worst case (the cost model's, everything it runs counted).
	lands, err := landLines(fns[NS+":la/land"])
	if err != nil {
		return "", err
	}
	budget := res.Plan.Look.Budget
	for k, ln := range lands {
		if ln.room <= 0 {
			continue
		}
		stubbed := &datapack.Pack{Files: maps.Clone(probe.Files)}
		// The stub's one command says it ran.
		stubbed.Files[lookFile(ln.fn)] = []byte("scoreboard players set #la.played gomoku.la 1\n")
		lm, err := loadTicked(stubbed)
		if err != nil {
			return "", err
		}
		// The lines before it pass their look at #la.spent and fail on
		// their colour (the last of their conditions).
		turn := ln.turn
		for _, before := range lands[:k] {
			if ln.turn == 0 {
				turn = 3 - before.turn
			}
		}
		for _, sc := range []struct {
			h, o string
			v    int32
		}{{"#la.phase", "gomoku.la", 2}, {"#la.spent", "gomoku.la", int32(ln.room - 1)}, {"#turn", "gomoku.game", int32(max(turn, 1))}} {
			if err := lm.SetScore(sc.h, sc.o, sc.v); err != nil {
				return "", err
			}
		}
		rep, err := lm.Call(slice)
		if err != nil {
			return "", err
		}
		if played, _ := lm.Score("#la.played", "gomoku.la"); played != 1 {
			return "", fmt.Errorf("a slice after the search has chosen, with #la.spent %d, does not reach %s", ln.room-1, ln.fn)
		}
		// Less the call of la/slice (charged to the step before) and the
		// stub's command.
		own := int(rep.Total().Units) - 2
		fa := newAnalyzer(pack, selectorBound(res.Plan.NumCells), nil, nil)
		move, err := fa.function(NS + ":" + ln.fn)
		if err != nil {
			return "", err
		}
		if want := budget - own - move; ln.room != want {
			return "", fmt.Errorf("la/land plays the move (%s) below %d; the budget (%d) less the slice's last call (%d, measured) and %s's worst case (%d) is %d", ln.fn, ln.room, budget, own, ln.fn, move, want)
		}
	}

	// Self-charging functions whose own commands take no branch, charged
	// exactly. Their self-charging callees may branch (they charge for
	// themselves): each is called with those stubbed by a function that
	// charges what it runs (its call and the charge, 2), so that a call
	// runs exactly what it charges.
	calls := regexp.MustCompile(`\bfunction ` + NS + `:([a-z0-9_/]+)`)
	var free func(id string, seen map[string]bool) bool
	free = func(id string, seen map[string]bool) bool {
		if seen[id] {
			return true
		}
		seen[id] = true
		for _, l := range fns[id] {
			if !lineBranchFree(l, func(callee string) bool { _, paid := charge[callee]; return paid || free(callee, seen) }) {
				return false
			}
		}
		return true
	}
	// paidCallees are the self-charging functions id calls, itself or
	// through others.
	var paidCallees func(id string, out map[string]bool)
	paidCallees = func(id string, out map[string]bool) {
		for _, l := range fns[id] {
			for _, m := range calls.FindAllStringSubmatch(l, -1) {
				c := NS + ":" + m[1]
				if _, paid := charge[c]; paid {
					out[c] = true
				} else {
					paidCallees(c, out)
				}
			}
		}
	}
	var todo []string
	for _, id := range slices.Sorted(maps.Keys(charge)) {
		if free(id, map[string]bool{}) {
			todo = append(todo, id)
		}
	}
	exact := 0
	for len(todo) > 0 {
		// One pack for as many as do not stub each other.
		probe := &datapack.Pack{Files: maps.Clone(pack.Files)}
		stubbed, group := map[string]bool{}, map[string]bool{}
		var now, later []string
		for _, id := range todo {
			callees := map[string]bool{}
			paidCallees(id, callees)
			clash := stubbed[id]
			for c := range callees {
				clash = clash || group[c]
			}
			if clash {
				later = append(later, id)
				continue
			}
			now = append(now, id)
			group[id] = true
			for c := range callees {
				stubbed[c] = true
				probe.Files[lookFile(strings.TrimPrefix(c, NS+":"))] = []byte("scoreboard players add #la.spent gomoku.la 2\n")
			}
		}
		m, err := loadTicked(probe)
		if err != nil {
			return "", err
		}
		for _, id := range now {
			if err := m.SetScore("#la.spent", "gomoku.la", 0); err != nil {
				return "", err
			}
			rep, err := m.Call(id)
			if err != nil {
				return "", fmt.Errorf("%s: %v", id, err)
			}
			spent, _ := m.Score("#la.spent", "gomoku.la")
			if units := rep.Total().Units; int64(spent) != units {
				return "", fmt.Errorf("%s takes no branch and runs %d commands (its call included, its self-charging callees charging what they run), but the charges come to %d", id, units, spent)
			}
			exact++
		}
		todo = later
	}
	if exact == 0 {
		return "", fmt.Errorf("no self-charging function without branches: the exact charges are not tested")
	}

	// The pattern lookups and the combo terms' tree charge the path they
	// take, exactly: a call of a lookup tree's root, with its key at every branch's bound (every
	// path), runs what it charges.
	lm, err := loadTicked(pack)
	if err != nil {
		return "", err
	}
	paths := 0
	for _, tr := range res.Plan.LookupTrees() {
		holder, objective, _ := strings.Cut(tr.Key, " ")
		for _, n := range tr.Nodes {
			for _, b := range n.Branches {
				if err := lm.SetScore(holder, objective, int32(b.Hi)); err != nil {
					return "", err
				}
				if err := lm.SetScore("#la.spent", "gomoku.la", 0); err != nil {
					return "", err
				}
				rep, err := lm.Call(NS + ":" + tr.Nodes[0].Path)
				if err != nil {
					return "", err
				}
				spent, _ := lm.Score("#la.spent", "gomoku.la")
				if units := rep.Total().Units; int64(spent) != units {
					return "", fmt.Errorf("lookup %s with key %d runs %d commands (its call included) and charges %d", tr.Nodes[0].Path, b.Hi, units, spent)
				}
				paths++
			}
		}
	}
	if paths == 0 {
		return "", fmt.Errorf("no lookup tree: the lookups' charges are not tested")
	}

	// Every step within its charge. While #la.hold is 1 la/land plays no
	// move, so that the step that chooses does not play it too (a step
	// may charge so little that it would) and every move is played from
	// la/land's room below.
	held := &datapack.Pack{Files: maps.Clone(pack.Files)}
	held.Files[lookFile("la/land")] = insertAfterHeader(pack.Files[lookFile("la/land")], "execute if score #la.hold gomoku.la matches 1 run return 0\n")
	g, err := packplay.Open(held, packplay.Options{})
	if err != nil {
		return "", err
	}
	vm := g.Machine()
	hold := func(v int32) error { return vm.SetScore("#la.hold", "gomoku.la", v) }
	rng := rand.New(rand.NewPCG(uint64(res.Plan.Size), 26))
	// callSlice runs la/slice as a board's turn in the loop does, with
	// the cursor on the board (the move draws its stone at it): the
	// units it ran, whether it played the move and the functions it ran.
	callSlice := func() (int, bool, []string, error) {
		if _, err := vm.Call(NS + ":slot/place"); err != nil {
			return 0, false, nil, err
		}
		rep, err := vm.Call(slice)
		if err != nil {
			return 0, false, nil, err
		}
		units := int(rep.Total().Units)
		_, final := rep.Total().ByFunction[NS+":la/final"]
		_, play := rep.Total().ByFunction[NS+":la/play"]
		played := final || play
		ids := slices.Sorted(maps.Keys(rep.Total().ByFunction))
		if _, err := vm.RunCommand(nil, "kill "+res.Plan.Origin.ID); err != nil {
			return 0, false, nil, err
		}
		return units, played, ids, nil
	}
	steps, worst, least := 0, 0, 1<<30
	var allCharged, allRan int
	landings, landLeast := 0, 1<<30
	err = randomGames(g, rng, []game.Colour{game.White}, moves, func() error {
		if err := hold(1); err != nil {
			return err
		}
		// The AI's turn starts its search (a first slice), whose
		// steps then run one a call.
		if _, err := vm.Tick(); err != nil {
			return err
		}
		for {
			if ph, _ := vm.Score("#la.phase", "gomoku.la"); ph != 1 {
				break
			}
			if err := vm.SetScore("#la.spent", "gomoku.la", int32(room-1)); err != nil {
				return err
			}
			units, played, ids, err := callSlice()
			if err != nil {
				return err
			}
			spent, _ := vm.Score("#la.spent", "gomoku.la")
			charged := int(spent) - (room - 1)
			ran := units - 3 // less the call and the ending look
			ph, _ := vm.Score("#la.phase", "gomoku.la")
			switch {
			case played:
				// The move was played in this call (its room is
				// above the step's): the whole call within the budget.
				if room-1+units > budget {
					return fmt.Errorf("a step and the move ran %d commands from #la.spent %d, over the budget %d", units, room-1, budget)
				}
				landings++
				continue
			case ph == 2:
				// The search chose: the ending was la/land's, which
				// did not play the move (#la.spent is at least its
				// room); the same call again runs just that ending.
				again, _, _, err := callSlice()
				if err != nil {
					return err
				}
				ran = units - again
			}
			if ran > charged {
				return fmt.Errorf("a step ran %d commands but was charged %d (overhead %d); it ran %v", ran, charged, overhead, ids)
			}
			steps++
			allCharged += charged
			allRan += ran
			worst = max(worst, ran)
			least = min(least, charged-ran)
			turn, _ := vm.Score("#turn", "gomoku.game")
			if ph, _ := vm.Score("#la.phase", "gomoku.la"); ph == 2 && landRoomFor(lands, int(turn)) > 0 {
				landRoom := landRoomFor(lands, int(turn))
				// The move, played in the slice with the most
				// #la.spent that plays it: the call within the budget.
				if err := vm.SetScore("#la.spent", "gomoku.la", int32(landRoom-1)); err != nil {
					return err
				}
				if err := hold(0); err != nil {
					return err
				}
				units, played, _, err := callSlice()
				if err != nil {
					return err
				}
				if err := hold(1); err != nil {
					return err
				}
				if !played {
					return fmt.Errorf("the search chose with #la.spent %d, below la/land's room %d, but its move was not played", landRoom-1, landRoom)
				}
				total := units - 1 // less the call, charged to the step before
				if landRoom-1+total > budget {
					return fmt.Errorf("the move played in a slice from #la.spent %d ran %d commands, over the budget %d", landRoom-1, total, budget)
				}
				landings++
				landLeast = min(landLeast, budget-(landRoom-1+total))
			}
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if landings == 0 || landLeast == 1<<30 {
		return "", fmt.Errorf("no move was played from la/land's room in the slice that chose it: la/land is not tested")
	}
	return fmt.Sprintf("overhead %d (slice %d + dispatch %d), %d branch-free functions and %d lookup paths charged exactly, %d steps within their charges (least slack %d, costliest step %d; they ran %d of the %d charged, %.1f%%), %d moves played in a slice below la/land's rooms %v (least slack %d)",
		overhead, iteration, light, exact, paths, steps, least, worst, allRan, allCharged, 100*float64(allRan)/float64(allCharged), landings, lands, landLeast), nil
}

// loadTicked loads a pack into an interpreter and runs its first tick
// (gomoku:load makes the objectives).
func loadTicked(p *datapack.Pack) (*mcvm.Machine, error) {
	m, err := mcvm.Load(p, mcvm.Options{})
	if err != nil {
		return nil, err
	}
	if _, err := m.Tick(); err != nil {
		return nil, err
	}
	return m, nil
}

// lineBranchFree says whether a command line runs the same commands
// whatever the state: no condition, fork or return, and any function it
// calls (free says) branch-free too.
func lineBranchFree(l string, free func(id string) bool) bool {
	if strings.HasPrefix(l, "$") {
		return false
	}
	c := tokens(l)
	if c.err != nil {
		return false
	}
	for _, p := range c.parts {
		switch p.kind {
		case partExecute, partStage, partRun:
		case partCall:
			return free(p.fn)
		case partLeaf:
			return true
		default: // a condition, a fork, a return: what runs depends on the state
			return false
		}
	}
	return false // a condition without run
}

// TestLookLandsInSearchTick: the AI's stone lands in the tick its search
// chooses it whenever that tick's slice still has room for the move
// (#la.spent below LandRoom), and a pack whose la/land never plays the
// move (the next tick's call does, as before) fails the check.
func TestLookLandsInSearchTick(t *testing.T) {
	packs := lookCostPacks(t)
	for _, name := range []string{game.Freestyle.String(), game.Renju.String()} {
		res := packs[name]
		t.Run(name, func(t *testing.T) {
			report, err := checkLandsInSearchTick(res, res.Pack)
			if err != nil {
				t.Fatal(err)
			}
			t.Log(report)
			broken := &datapack.Pack{Files: maps.Clone(res.Pack.Files)}
			file := lookFile("la/land")
			body := landRoomLine.ReplaceAll(broken.Files[file], []byte("${1}0${3}"))
			if string(body) == string(broken.Files[file]) {
				t.Fatal("nothing planted")
			}
			broken.Files[file] = body
			if _, err := checkLandsInSearchTick(res, broken); err == nil {
				t.Fatal("a pack that plays every move a tick after its search chose it passed")
			} else {
				t.Log(err)
			}
		})
	}
}

// checkLandsInSearchTick plays two games of AI moves against random stones
// with pack (res's, or one planted in), a tick at a time, and checks that
// whenever a tick ends with the search's choice not played (#la.phase 2)
// its slice had no room for the move (#la.spent at least res's LandRoom),
// and that some stone landed in the tick its search chose it.
func checkLandsInSearchTick(res *Result, pack *datapack.Pack) (string, error) {
	lp := res.Plan.Look
	// The room of the move of colour turn (under renju white's, la/play,
	// has its own).
	roomFor := func(turn int32) int {
		if lp.Renju && turn == 2 {
			return lp.PlayRoom
		}
		return lp.LandRoom
	}
	if roomFor(1) <= 0 || roomFor(2) <= 0 {
		return "", fmt.Errorf("LandRoom is %d, PlayRoom %d: some move cannot be played in its search's tick", lp.LandRoom, lp.PlayRoom)
	}
	g, err := packplay.Open(pack, packplay.Options{})
	if err != nil {
		return "", err
	}
	vm := g.Machine()
	rng := rand.New(rand.NewPCG(uint64(res.Plan.Size), 31))
	same, later, waited := 0, 0, 0
	// Under renju both colours: black's move has the full rule check.
	ais := []game.Colour{game.White}
	if lp.Renju {
		ais = append(ais, game.Black)
	}
	err = randomGames(g, rng, ais, 6, func() error {
		moves, _ := vm.Score("#moves", "gomoku.game")
		for ticks := 0; ; ticks++ {
			if ticks > 20_000 {
				return fmt.Errorf("the AI did not move within %d ticks", ticks)
			}
			before, _ := vm.Score("#la.phase", "gomoku.la")
			if _, err := vm.Tick(); err != nil {
				return err
			}
			if now, _ := vm.Score("#moves", "gomoku.game"); now != moves {
				if before == 2 {
					later++
				} else {
					same++
				}
				break
			}
			if ph, _ := vm.Score("#la.phase", "gomoku.la"); ph == 2 {
				spent, _ := vm.Score("#la.spent", "gomoku.la")
				turn, _ := vm.Score("#turn", "gomoku.game")
				if landRoom := roomFor(turn); int(spent) < landRoom {
					return fmt.Errorf("move %d: the search chose with #la.spent %d, below the move's room %d, but the stone did not land in that tick", g.Board().Moves()+1, spent, landRoom)
				}
				waited++
			}
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if same == 0 {
		return "", fmt.Errorf("no stone landed in the tick its search chose it (%d a tick later)", later)
	}
	return fmt.Sprintf("%d stones landed in the tick their search chose them, %d a tick later (%d ticks ended without room for the move)", same, later, waited), nil
}

// randomGames plays two games against the AI on g for each of its
// colours ais, of up to moves AI moves each, the player's stones random
// legal cells from rng. Each AI move is first run by probe its own way
// (a tick or a slice's step at a time), then by g.AIMove, which ticks
// until the stone lands (one tick when probe saw it land) and keeps the
// game's mirror.
func randomGames(g *packplay.Game, rng *rand.Rand, ais []game.Colour, moves int, probe func() error) error {
	for _, ai := range ais {
		for range 2 {
			if err := randomGame(g, rng, ai, moves, probe); err != nil {
				return err
			}
		}
	}
	return nil
}

// randomGame is one of randomGames' games, the AI playing ai.
func randomGame(g *packplay.Game, rng *rand.Rand, ai game.Colour, moves int, probe func() error) error {
	if err := g.Start(packplay.ModeAI, ai); err != nil {
		return err
	}
	for mv := 0; mv < moves && !g.Board().Over(); mv++ {
		if b := g.Board(); b.ToMove() != ai {
			for {
				i := rng.IntN(b.Cells())
				if b.Legal(i) == nil {
					if err := g.Place(i); err != nil {
						return err
					}
					break
				}
			}
			if g.Board().Over() {
				break
			}
		}
		if err := probe(); err != nil {
			return err
		}
		if _, _, err := g.AIMove(); err != nil {
			return err
		}
	}
	return nil
}
