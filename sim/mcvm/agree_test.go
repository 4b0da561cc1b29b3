package mcvm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack/check"
	"github.com/mcgomoku/mcgomoku/datapack/reports"
	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// The checker and the interpreter read the same command text. These tests
// generate command lines from the Brigadier tree of the newest embedded
// release, restricted to the commands mcvm implements and to argument
// values it models, and require that every line the checker accepts the
// interpreter parses too, with argument values at their bounds (durations
// past 32 bits, integers one past a node's minimum) included on purpose,
// and that both read the same numbers (valuesAgree).
// A line mcvm declines as outside its model (unsupportedError) is not a
// disagreement; any other error on an accepted line is. mcvm compiles
// from the checker's parse (check.Parser), so a disagreement is mcvm's
// walk of the parsed nodes not matching the tree (a form it expects
// differently, a value of another type), mcvm reading with another tree
// than the checker, or mcvm compiling another value than the one parsed.

// lineGen generates command lines from a command tree.
type lineGen struct {
	rng  *rand.Rand
	tree *check.Tree
	b    strings.Builder
}

// maxGenDepth bounds the nodes of one generated line (execute chains
// redirect to themselves).
const maxGenDepth = 24

// line returns one generated command, or ok false when the walk reached an
// argument type or a dead end the generator does not produce.
func (g *lineGen) line() (string, bool) {
	g.b.Reset()
	root := g.tree.Root
	var roots []*check.Node
	for _, name := range cmdNames {
		if n := root.Literals[name]; n != nil {
			roots = append(roots, n)
		}
	}
	n := roots[g.rng.IntN(len(roots))]
	g.b.WriteString(n.Name)
	for depth := 0; ; depth++ {
		kids := g.children(n)
		if n.Executable && (len(kids) == 0 || g.rng.IntN(4) == 0 || depth >= maxGenDepth) {
			return g.b.String(), true
		}
		if len(kids) == 0 || depth >= maxGenDepth {
			return "", false
		}
		n = kids[g.rng.IntN(len(kids))]
		g.b.WriteByte(' ')
		if n.Kind == check.LiteralNode {
			g.b.WriteString(n.Name)
			continue
		}
		v, ok := g.value(n)
		if !ok {
			return "", false
		}
		g.b.WriteString(v)
		if v == "" || (n.Parser == "brigadier:string" && n.Props.Type == "greedy") || n.Parser == "minecraft:message" {
			// A greedy argument ends the line.
			if !n.Executable {
				return "", false
			}
			return g.b.String(), true
		}
	}
}

// children are the nodes that may follow n at function permission level,
// through n's redirect when it has one.
func (g *lineGen) children(n *check.Node) []*check.Node {
	if n.Redirect != nil {
		n = n.Redirect
	}
	var out []*check.Node
	for _, c := range n.Children {
		if c.Level <= check.FunctionLevel {
			out = append(out, c)
		}
	}
	return out
}

// pick returns one of the values.
func (g *lineGen) pick(vs ...string) string { return vs[g.rng.IntN(len(vs))] }

// bounded is an integer near a node's bounds, or an ordinary one.
func (g *lineGen) bounded(p check.Props, long bool) string {
	vs := []string{"0", "1", "-1", "7", "2147483647", "-2147483648", "2147483648", "-2147483649"}
	if long {
		vs = append(vs, "9223372036854775807", "9223372036854775808")
	}
	for _, b := range []float64{p.Min, p.Max} {
		if !math.IsInf(b, 0) {
			vs = append(vs, strconv.FormatFloat(b, 'f', -1, 64), strconv.FormatFloat(b-1, 'f', -1, 64), strconv.FormatFloat(b+1, 'f', -1, 64))
		}
	}
	return g.pick(vs...)
}

// value is an argument's text, valid or just past what is valid, or ok
// false for an argument type the generator does not produce.
func (g *lineGen) value(n *check.Node) (string, bool) {
	p := n.Props
	switch n.Parser {
	case "brigadier:bool":
		return g.pick("true", "false"), true
	case "brigadier:integer":
		return g.bounded(p, false), true
	case "brigadier:long":
		return g.bounded(p, true), true
	case "brigadier:float", "brigadier:double":
		return g.pick("0", "1.5", "-2", ".5", "1e3", g.bounded(p, false)), true
	case "brigadier:string":
		switch p.Type {
		case "greedy":
			return g.pick("hello world", "hi @s", "x"), true
		case "phrase":
			return g.pick("word", `"two words"`, `'q'`), true
		}
		return g.pick("w", "seq_1", "a.b"), true
	case "minecraft:entity":
		if p.Amount == "single" {
			return g.pick("@s", "@p", "@n[type=marker]", "@e[tag=x,limit=1]", "@e", "@a[limit=1]"), true
		}
		return g.pick("@s", "@e[type=marker,tag=x]", "@a", "@e[scores={o=1..},limit=2,sort=nearest]", "@e[distance=..3]"), true
	case "minecraft:score_holder":
		return g.pick("#h", "@s", "*", "Alex", "@e[tag=x]", "#b0.x"), true
	case "minecraft:objective":
		return g.pick("o", "g.w"), true
	case "minecraft:objective_criteria":
		return g.pick("dummy", "trigger"), true
	case "minecraft:operation":
		return g.pick("=", "+=", "-=", "*=", "/=", "%=", "<", ">", "><", "=="), true
	case "minecraft:int_range":
		return g.pick("1", "..3", "2..", "-5..5", "2147483647..", "2147483648", "3..1", "1..1"), true
	case "minecraft:block_pos":
		return g.pick("~ ~ ~", "1 64 -3", "^ ^1 ^", "~1 ~-1 ~0.5", "1.5 64 0", "~ ~ ^"), true
	case "minecraft:vec3":
		return g.pick("~ ~ ~", "0.5 64 2", "^ ^ ^1", "1 64 1", "~ ~1.5 ~"), true
	case "minecraft:vec2", "minecraft:rotation":
		return g.pick("0 0", "~ ~10", "90 -45", "~ ^"), true
	case "minecraft:column_pos":
		return g.pick("0 0", "~ ~", "31 -31"), true
	case "minecraft:swizzle":
		return g.pick("xz", "xyz", "y", "xx"), true
	case "minecraft:entity_anchor":
		return g.pick("eyes", "feet", "head"), true
	case "minecraft:time":
		return g.pick("1", "20t", "2s", "1d", "0", "0.5", "0.4t", "1.7t", "2.5", "99999999999d", "-1t", "2147483647t", "2147483648t", "3x", "1e3s"), true
	case "minecraft:function":
		return g.pick("t:f", "#t:tag"), true
	case "minecraft:resource_location":
		return g.pick("t:s", "t:x", "t:a/b"), true
	case "minecraft:dimension":
		return g.pick("minecraft:overworld", "the_end", "the_nether"), true
	case "minecraft:nbt_path":
		return g.pick("a", "a.b[0]", "l[{id:1}].v", "{}", "x[]", "a[-1]"), true
	case "minecraft:nbt_compound_tag":
		return g.pick("{a:1}", "{}", `{t:"x",l:[1b]}`), true
	case "minecraft:nbt_tag":
		return g.pick("1", "{a:1b}", `"s"`, "[1,2]", "1.5f", "[I;1,2]"), true
	case "minecraft:component":
		return g.pick(`"hi"`, `{text:"a",color:"red"}`, `[{text:"a"},{score:{name:"#h",objective:"o"}}]`), true
	case "minecraft:block_state":
		return g.pick("stone", "oak_stairs[facing=east]", "air", "minecraft:glass", "stone[a=]", "oak_stairs[facing=east,facing=west]", "#minecraft:logs", "glass{}"), true
	case "minecraft:block_predicate":
		return g.pick("stone", "air", "oak_stairs[facing=east]", "stone[a=]", "oak_stairs[ facing = east , ]"), true
	case "minecraft:resource", "minecraft:resource_or_tag":
		if p.Registry == "minecraft:entity_type" {
			return g.pick("marker", "interaction", "minecraft:text_display", "block_display"), true
		}
		return "", false
	case "minecraft:message":
		return g.pick("hello", "hi @s and @e[tag=x]"), true
	case "minecraft:uuid":
		return g.pick("0-0-0-0-1", "1-2-3-4-5"), true
	case "minecraft:template_mirror":
		return g.pick("none", "left_right"), true
	case "minecraft:template_rotation":
		return g.pick("none", "clockwise_90"), true
	case "minecraft:resource_key":
		return g.pick("t:a", "t:click/c"), true
	case "minecraft:particle":
		return g.pick("flame", "dust{color:[1f,0f,0f],scale:1f}"), true
	}
	return "", false
}

// agreement checks n generated lines from seed and returns the
// disagreements, how many lines the checker accepted and how many of those
// mcvm parsed. Both ways count: a line the checker rejects that mcvm
// parses is one the interpreter would run and the game refuses.
func agreement(t testing.TB, seed uint64, n int) (bad []string, accepted, parsed, compared int) {
	tree, reg, err := check.Embedded("26.2")
	if err != nil {
		t.Fatal(err)
	}
	return agreementOn(t, tree, reg, nil, seed, n)
}

// agreementOn is agreement on lines from tree, which the checker reads
// with reg; mcvm reads them with its own tree unless mcvmParser is given.
func agreementOn(t testing.TB, tree *check.Tree, reg *check.Registries, mcvmParser *check.Parser, seed uint64, n int) (bad []string, accepted, parsed, compared int) {
	m := load(t, map[string]string{"t:f": "say f", "data/t/tags/function/tag.json": `{"values":["t:f"]}`})
	if mcvmParser != nil {
		m.cmds = mcvmParser
	}
	g := &lineGen{rng: rand.New(rand.NewPCG(seed, 0)), tree: tree}
	for range n {
		line, ok := g.line()
		if !ok {
			continue
		}
		probs := check.Line(line, tree, reg)
		cl, err := m.parseCommand(line, Pos{File: "gen", Line: 1}, 2)
		var unsup *unsupportedError
		switch {
		case len(probs) > 0 && err == nil:
			bad = append(bad, fmt.Sprintf("%q: checker: %v, mcvm parses it", line, probs[0]))
		case len(probs) > 0:
		case err == nil:
			accepted++
			parsed++
			msg, ok := valuesAgree(m, line, cl, tree, reg)
			if ok {
				compared++
			}
			if msg != "" {
				bad = append(bad, fmt.Sprintf("%q: %s", line, msg))
			}
		case errors.As(err, &unsup):
			accepted++
		default:
			accepted++
			bad = append(bad, fmt.Sprintf("%q: checker accepts, mcvm: %v", line, err))
		}
	}
	return bad, accepted, parsed, compared
}

// valuesAgree compares the values the checker's parse gives a line's
// numbers with what mcvm compiled or does: a score set/add/remove's
// integer, return's value, and how far ahead schedule puts its function.
// It returns what differs, or "", and whether the line was compared.
func valuesAgree(m *Machine, line string, cl *cmdLine, tree *check.Tree, reg *check.Registries) (msg string, compared bool) {
	cmd, perr := check.Parse(line, tree, reg)
	if perr != nil {
		return "check.Parse fails where check.Line passes: " + perr.Msg, false
	}
	ts := cmd.Tokens
	if len(cl.stages) > 0 {
		return "", false // only whole commands are compared
	}
	switch {
	case ts[0].Literal("scoreboard") && ts[1].Literal("players") && len(ts) == 6 && (ts[2].Literal("set") || ts[2].Literal("add") || ts[2].Literal("remove")):
		if got, want := cl.leaf.(*cmdScoreSet).v, ts[5].Value.(int32); got != want {
			return fmt.Sprintf("mcvm compiled %d, the checker read %d", got, want), true
		}
	case ts[0].Literal("return") && len(ts) == 2 && ts[1].Node.Kind == check.ArgumentNode:
		if got, want := cl.retVal, ts[1].Value.(int32); got != want {
			return fmt.Sprintf("mcvm returns %d, the checker read %d", got, want), true
		}
	case ts[0].Literal("schedule") && ts[1].Literal("function"):
		ticks := ts[3].Value.(int32)
		m.sched.events = nil
		if _, err := m.RunCommand(nil, line); err != nil || len(m.sched.events) != 1 {
			if ticks == 0 {
				return "", false // the game refuses to schedule for the current tick
			}
			return fmt.Sprintf("mcvm did not schedule it (%v), the checker read %d ticks", err, ticks), true
		}
		if got := m.sched.events[0].when - m.gameTime; got != int64(ticks) {
			return fmt.Sprintf("mcvm schedules %d ticks ahead, the checker read %d", got, ticks), true
		}
	default:
		return "", false
	}
	return "", true
}

// TestCheckerAcceptsInterpreterParses generates lines from the embedded
// 26.2 tree: every line the checker accepts mcvm parses (or declines as
// outside its model), and every line it rejects mcvm rejects. The counts
// keep the test from passing vacuously.
func TestCheckerAcceptsInterpreterParses(t *testing.T) {
	bad, accepted, parsed, compared := agreement(t, 1, 10000)
	for i, b := range bad {
		if i == 20 {
			t.Errorf("… and %d more", len(bad)-20)
			break
		}
		t.Error(b)
	}
	t.Logf("%d lines accepted by the checker, %d parsed by mcvm, %d with their values compared", accepted, parsed, compared)
	if accepted < 3000 || parsed < accepted/2 || compared < 100 {
		t.Errorf("only %d lines accepted, %d parsed and %d compared: the generator no longer reaches the commands mcvm runs", accepted, parsed, compared)
	}
}

// plantTicks makes mcvm compile durations as round says, the float
// times the unit given, until the test ends.
func plantTicks(t *testing.T, round func(product float32) int32) {
	old := timeTicks
	t.Cleanup(func() { timeTicks = old })
	timeTicks = func(line string, tok *check.Token) int32 {
		r := &syntax.Reader{Text: tok.Text(line)}
		f, err := r.ReadFloat()
		if err != nil {
			t.Fatalf("the planted reading fails on %q: %v", r.Text, err)
		}
		mult := map[string]float32{"": 1, "t": 1, "s": 20, "d": 24000}[r.ReadUnquotedString()]
		return round(f * mult)
	}
}

// wantDisagreement requires the agreement test to report msg.
func wantDisagreement(t *testing.T, msg string) {
	bad, _, _, _ := agreement(t, 1, 5000)
	requireDisagreement(t, bad, msg)
}

// requireDisagreement requires one of the disagreements bad to contain
// msg.
func requireDisagreement(t *testing.T, bad []string, msg string) {
	t.Helper()
	for _, b := range bad {
		if strings.Contains(b, msg) {
			return
		}
	}
	t.Fatalf("the planted bug went unseen (no %q); disagreements: %q", msg, bad)
}

// TestAgreementCatchesTimeOverflow plants the duration mcvm once read
// (the float product converted to int32 without Math.round's saturation,
// so 2147483648t became -2147483648 ticks) and requires the agreement
// test to see it.
func TestAgreementCatchesTimeOverflow(t *testing.T) {
	plantTicks(t, func(p float32) int32 { return int32(int64(math.Floor(float64(p) + 0.5))) })
	wantDisagreement(t, "mcvm schedules -2147483648 ticks ahead, the checker read 2147483647")
}

// TestAgreementCatchesTimeTruncation plants a duration read without
// Math.round (1.7t as 1 tick): both still accept the line, so only the
// comparison of values can see it.
func TestAgreementCatchesTimeTruncation(t *testing.T) {
	plantTicks(t, func(p float32) int32 { return syntax.JavaD2I(float64(p)) })
	wantDisagreement(t, "mcvm schedules 1 ticks ahead, the checker read 2")
}

// TestAgreementCatchesWalkMismatch plants a release whose tree reads
// scoreboard players set's score as a double, a form mcvm's walk does not
// expect (as a new release may change an argument's type), and requires
// the agreement test to report the lines the checker accepts and mcvm
// refuses: a walk that does not fit the tree must not pass as a form
// mcvm declines to model.
func TestAgreementCatchesWalkMismatch(t *testing.T) {
	raw, err := reports.Commands("26.2")
	if err != nil {
		t.Fatal(err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		t.Fatal(err)
	}
	const set = `"set":{"type":"literal","children":{"targets":{"type":"argument","children":{"objective":{"type":"argument","children":{"score":{"type":"argument","executable":true,"parser":"brigadier:integer"`
	if n := strings.Count(compact.String(), set); n != 1 {
		t.Fatalf("scoreboard players set's score node found %d times in 26.2's tree, want once", n)
	}
	planted, err := check.ParseTree([]byte(strings.Replace(compact.String(), set, strings.Replace(set, "brigadier:integer", "brigadier:double", 1), 1)))
	if err != nil {
		t.Fatal(err)
	}
	_, reg, err := check.Embedded("26.2")
	if err != nil {
		t.Fatal(err)
	}
	bad, _, _, _ := agreementOn(t, planted, reg, check.NewParser(planted, reg), 1, 2000)
	requireDisagreement(t, bad, "checker accepts, mcvm: mcvm expected an integer, the command has <score> (brigadier:double)")
}

// TestAgreementCatchesAnotherTree plants mcvm reading 26.2's lines with
// 1.21.5's tree (a wrong pick of the release's tree, commandTree's job)
// and requires the agreement test to see the game rules 26.2 renamed.
func TestAgreementCatchesAnotherTree(t *testing.T) {
	tree, reg, err := check.Embedded("26.2")
	if err != nil {
		t.Fatal(err)
	}
	old, oldReg, err := check.Embedded("1.21.5")
	if err != nil {
		t.Fatal(err)
	}
	bad, _, _, _ := agreementOn(t, tree, reg, check.NewParser(old, oldReg), 1, 5000)
	requireDisagreement(t, bad, `"gamerule max_command_sequence_length`)
}

// FuzzCheckerAcceptsInterpreterParses explores other seeds.
func FuzzCheckerAcceptsInterpreterParses(f *testing.F) {
	f.Add(uint64(2))
	f.Fuzz(func(t *testing.T, seed uint64) {
		if bad, _, _, _ := agreement(t, seed, 200); len(bad) > 0 {
			t.Fatal(bad[0])
		}
	})
}
