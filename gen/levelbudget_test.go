package gen_test

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/gen"
	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/packplay"
)

// budgetLevels is the number of levels of budgetConfig: the default
// config's count.
const budgetLevels = 4

// budgetConfig is a 9×9 lookahead config, read from TOML as a user's is,
// of budgetLevels levels that each set every key of config.LevelKeys, and
// the values it sets (want[level][key], in LevelKeys' order): no two
// levels share a key's value and no two keys of a level share one, so a
// register set from another level's value, or from another key's, reads
// as a wrong number. The node budgets are small (17..40) so that a
// search is quick; the depths and widths take their whole ranges.
func budgetConfig(t *testing.T) (*config.Config, [][]int) {
	t.Helper()
	// The small keys' values per level (0..16 cannot hold them all
	// distinct: these differ within each key and within each level).
	small := map[string][budgetLevels]int{
		"depth":          {1, 2, 3, 4},
		"vcf_depth":      {5, 6, 7, 8},
		"leaf_vcf_depth": {9, 10, 11, 12},
		"vct_depth":      {12, 11, 10, 9},
		"width":          {13, 14, 15, 16},
		"root_width":     {16, 15, 14, 13},
		"widen":          {2, 3, 4, 5},
		"deepen":         {3, 4, 5, 6},
		"extend_fours":   {11, 12, 8, 7},
	}
	var toml strings.Builder
	toml.WriteString("[game]\nsize = 9\n\n[lookahead]\nlevel = \"lv1\"\n")
	want := make([][]int, budgetLevels)
	for i := range budgetLevels {
		fmt.Fprintf(&toml, "\n[lookahead.levels.lv%d]\n", i+1)
		big := 0
		for _, k := range config.LevelKeys {
			v, ok := small[k.Name]
			if !ok {
				v[i] = 17 + budgetLevels*big + i
				big++
			}
			fmt.Fprintf(&toml, "%s = %d\n", k.Name, v[i])
			want[i] = append(want[i], v[i])
		}
	}
	cfg, err := config.Parse("budgets.toml", []byte(toml.String()))
	if err != nil {
		t.Fatalf("%v\n%s", err, toml.String())
	}
	if cfg.Lookahead.NumLevels() != budgetLevels {
		t.Fatalf("%d levels read, want %d", cfg.Lookahead.NumLevels(), budgetLevels)
	}
	for i := range budgetLevels {
		for j := range want[i] {
			for i2 := range i {
				if want[i2][j] == want[i][j] {
					t.Fatalf("levels %d and %d set %s to %d", i2+1, i+1, config.LevelKeys[j].Name, want[i][j])
				}
			}
			for j2 := range j {
				if want[i][j2] == want[i][j] {
					t.Fatalf("level %d sets %s and %s to %d", i+1, config.LevelKeys[j2].Name, config.LevelKeys[j].Name, want[i][j])
				}
			}
		}
	}
	return cfg, want
}

// checkLevelBudgets plays AI moves on pack at every level of cfg, each
// level picked by its menu function gomoku:level/<name> after another
// level's move (in order, then back), and requires the registers the
// search reads, #la.lv_<key> for every key of config.LevelKeys, to hold
// the level's config value once the move is made. Before each move the
// registers are set to a value no level has, so a register the move does
// not set is seen too. want holds each level's values, in LevelKeys'
// order.
func checkLevelBudgets(pack *datapack.Pack, cfg *config.Config, want [][]int) error {
	la := cfg.Lookahead
	g, err := packplay.Open(pack, packplay.Options{Seed: 1, MaxTicks: 1 << 20})
	if err != nil {
		return err
	}
	if err := g.Start(packplay.ModeAI, game.White); err != nil {
		return err
	}
	const unset = -99
	rng := rand.New(rand.NewPCG(5, 6))
	var order []int
	for i := range la.NumLevels() {
		order = append(order, i)
	}
	for i := la.NumLevels() - 1; i >= 0; i-- {
		order = append(order, i)
	}
	var errs []error
	for _, i := range order {
		for g.Board().Over() || g.Board().ToMove() != game.White {
			b := g.Board()
			if b.Over() {
				if err := g.Restart(); err != nil {
					return err
				}
				continue
			}
			for {
				c := b.Index(2+rng.IntN(cfg.Game.Size-4), 2+rng.IntN(cfg.Game.Size-4))
				if b.Legal(c) == nil {
					if err := g.Place(c); err != nil {
						return err
					}
					break
				}
			}
		}
		name := la.LevelName(i)
		if err := g.Run("gomoku:level/" + name); err != nil {
			return err
		}
		for _, k := range config.LevelKeys {
			if err := g.Machine().SetScore("#la.lv_"+k.Name, "gomoku.la", unset); err != nil {
				return err
			}
		}
		if _, _, err := g.AIMove(); err != nil {
			return err
		}
		for j, k := range config.LevelKeys {
			got, ok := g.BoardScore("#la.lv_"+k.Name, "gomoku.la")
			if !ok || got != int32(want[i][j]) {
				errs = append(errs, fmt.Errorf("level %s (#level %d): #la.lv_%s is %d after its move, want %d (lookahead.levels.%s.%s)",
					name, i+1, k.Name, got, want[i][j], name, k.Name))
			}
		}
	}
	return errors.Join(errs...)
}

// TestLevelBudgetsAreTheConfigs: at every level, every budget register
// the pack's search reads holds that level's config value.
func TestLevelBudgetsAreTheConfigs(t *testing.T) {
	cfg, want := budgetConfig(t)
	if err := checkLevelBudgets(lookaheadPack(t, cfg).Pack, cfg, want); err != nil {
		t.Fatal(err)
	}
}

// levelSet matches a level function's register line.
var levelSet = regexp.MustCompile(`(?m)^scoreboard players set #la\.lv_(\w+) gomoku\.la (-?\d+)$`)

// TestLevelBudgetsCatchAMixUp plants the careless change the level
// proofs once missed, in a copy of the rendered pack: on the strongest
// level only, one key's register set from another level's value of that
// key. For every key (and from each other level), the test must fail
// naming that level and key; and a dispatch that runs another level's
// function for the strongest level must fail it too.
func TestLevelBudgetsCatchAMixUp(t *testing.T) {
	cfg, want := budgetConfig(t)
	res := lookaheadPack(t, cfg)
	la := cfg.Lookahead
	last := la.NumLevels()
	file := func(path string) string {
		return datapack.FunctionFile(datapack.ID{Namespace: gen.NS, Path: path})
	}
	strongest := file(fmt.Sprintf("la/lv/%d", last))
	body := string(res.Pack.Files[strongest])
	if n := len(levelSet.FindAllString(body, -1)); n != len(config.LevelKeys) {
		t.Fatalf("%s sets %d registers, want one for each of the %d level keys:\n%s", strongest, n, len(config.LevelKeys), body)
	}
	first := 1
	if testing.Short() {
		first = last - 1 // from the level below only
	}
	for j, k := range config.LevelKeys {
		for from := first; from < last; from++ {
			t.Run(fmt.Sprintf("%s_from_level_%d", k.Name, from), func(t *testing.T) {
				v := want[from-1][j]
				planted := levelSet.ReplaceAllStringFunc(body, func(line string) string {
					if m := levelSet.FindStringSubmatch(line); m[1] == k.Name {
						return fmt.Sprintf("scoreboard players set #la.lv_%s gomoku.la %d", k.Name, v)
					}
					return line
				})
				pack := &datapack.Pack{Files: maps.Clone(res.Pack.Files)}
				pack.Files[strongest] = []byte(planted)
				err := checkLevelBudgets(pack, cfg, want)
				msg := fmt.Sprintf("level %s (#level %d): #la.lv_%s is %d", la.LevelName(last-1), last, k.Name, v)
				if err == nil || !strings.Contains(err.Error(), msg) {
					t.Fatalf("with level %d's %s set from level %d's value: %v, want %q", last, k.Name, from, err, msg)
				}
			})
		}
	}
	t.Run("dispatch", func(t *testing.T) {
		start := file("la/start")
		from := fmt.Sprintf("matches %d run function gomoku:la/lv/%d", last, last)
		to := fmt.Sprintf("matches %d run function gomoku:la/lv/%d", last, last-1)
		if !strings.Contains(string(res.Pack.Files[start]), from) {
			t.Fatalf("%s has no line %q", start, from)
		}
		pack := &datapack.Pack{Files: maps.Clone(res.Pack.Files)}
		pack.Files[start] = []byte(strings.Replace(string(res.Pack.Files[start]), from, to, 1))
		if err := checkLevelBudgets(pack, cfg, want); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("(#level %d)", last)) {
			t.Fatalf("with the strongest level's budgets set by la/lv/%d: %v, want the strongest level's registers wrong", last-1, err)
		}
	})
}

// TestShippedLevelBudgetsAreTheConfigs: the shipped lookahead config's
// levels, each level's function run in the interpreter, set every budget
// register to the level's config value.
func TestShippedLevelBudgetsAreTheConfigs(t *testing.T) {
	cfg := config.PackDefault()
	cfg.Game.Size = 9
	la := cfg.Lookahead
	g, err := packplay.Open(lookaheadPack(t, cfg).Pack, packplay.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i := range la.NumLevels() {
		if err := g.Run(fmt.Sprintf("gomoku:la/lv/%d", i+1)); err != nil {
			t.Fatal(err)
		}
		at := la.At(i)
		for _, k := range config.LevelKeys {
			if got, _ := g.Score("#la.lv_"+k.Name, "gomoku.la"); got != int32(*k.Field(&at)) {
				t.Errorf("level %s: #la.lv_%s is %d, want %d", la.LevelName(i), k.Name, got, *k.Field(&at))
			}
		}
	}
}
