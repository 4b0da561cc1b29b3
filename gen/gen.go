package gen

import (
	"fmt"
	"math"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// Result is a generated pack with what the generator proved about it.
type Result struct {
	Plan  *Plan
	Pack  *datapack.Pack
	Costs *Costs
	// WorstAIMoveCommands is the most commands one AI move (gomoku:ai/turn:
	// choose, then play the move, check the win and update the world) can
	// cost; WorstPlayerMoveCommands the same for a player's click.
	WorstAIMoveCommands     int
	WorstPlayerMoveCommands int
	Budget                  int
}

// Entries are the functions the game runs from outside the pack: tags,
// the schedule loop, advancement rewards and the functions players run.
var Entries = []string{
	"gomoku:load", "gomoku:loop", "gomoku:click/right", "gomoku:click/left",
	"gomoku:new", "gomoku:remove", "gomoku:menu", "gomoku:restart", "gomoku:undo", "gomoku:resign", "gomoku:uninstall",
	"gomoku:mode/black", "gomoku:mode/white", "gomoku:mode/pvp", "gomoku:mode/demo",
	"gomoku:ai/turn",
}

// Generate runs the pipeline after Load: plan, render, then the static
// cost of every entry point, refusing a pack any of whose entries could
// cost more than the budget.
func Generate(in *Input, opt Options) (*Result, error) {
	p, err := BuildPlan(in)
	if err != nil {
		return nil, err
	}
	pack, err := Render(p)
	if err != nil {
		return nil, err
	}
	var fixed map[string]int
	if p.Look != nil {
		fixed = map[string]int{NS + ":la/slice": p.Look.Budget}
	}
	costs, err := analyzeWith(pack, Entries, selectorBound(p.NumCells), fixed, nil)
	if err != nil {
		return nil, fmt.Errorf("internal error: %w", err)
	}
	budget := opt.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	res := &Result{Plan: p, Pack: pack, Costs: costs, Budget: budget,
		WorstAIMoveCommands:     costs.Entries["gomoku:ai/turn"],
		WorstPlayerMoveCommands: max(costs.Entries["gomoku:click/right"], costs.Entries["gomoku:click/left"]),
	}
	var over []string
	worst, worstID := 0, ""
	for _, id := range costs.sorted() {
		n := costs.Entries[id]
		if n > budget {
			over = append(over, fmt.Sprintf("%s can cost %d", id, n))
		}
		if n > worst {
			worst, worstID = n, id
		}
	}
	if len(over) > 0 {
		return nil, &BudgetError{Config: in.Config.Source, Budget: budget, Given: opt.Budget > 0 && opt.Budget != DefaultBudget,
			Over: over, Worst: worst, WorstEntry: worstID}
	}
	return res, nil
}

// BudgetError is a config whose pack could run out of the game's command
// quota: some entry point's worst case is over the budget.
type BudgetError struct {
	Config string
	Budget int
	Given  bool     // Budget was asked for, not DefaultBudget
	Over   []string // "ID can cost N" for each entry point over Budget
	// Worst is the highest worst case of any entry point, WorstEntry its
	// function ID: the least budget the pack needs.
	Worst      int
	WorstEntry string
}

func (e *BudgetError) Error() string {
	if e.Given {
		return fmt.Sprintf("%s: the pack needs a budget of at least %d commands per call (%s), over the %d asked for; the default budget, %d, is half the game's max_command_sequence_length of %d",
			e.Config, e.Worst, e.WorstEntry, e.Budget, DefaultBudget, MaxBudget)
	}
	fix := fmt.Sprintf("use a smaller board or rule, or a budget of %d or more (gen --budget, up to %d; the default keeps half in reserve)", e.Worst, MaxBudget)
	if e.Worst > MaxBudget {
		fix = fmt.Sprintf("use a smaller board or rule (%s can cost more than the game runs in one call)", e.WorstEntry)
	}
	return fmt.Sprintf("%s: the pack would be too slow for the game: %s commands in one call, over the budget of %d (half the game's max_command_sequence_length of %d); %s",
		e.Config, strings.Join(e.Over, ", "), e.Budget, MaxBudget, fix)
}

// selectorBound is the most entities a forking selector in the pack can
// select, read off its parsed options: one for @s, a selector of at most
// one result (limit=1, @p, @n), a UUID or a name; for the per-cell
// entities (tag gomoku.cell, or seed000's gomoku.s0…: one per cell, one
// block apart),
// every cell, or those within the selector's distance: at most (2⌊d⌋+1)²
// of them, and 2⌊d⌋+1 when a seed000 line score (s0xc, s0yc, s0lc or
// s0hc = 0) keeps one line through the centre.
func selectorBound(cells int) bounds {
	return func(sel *syntax.Selector) (int, error) {
		if sel.Kind == 0 || sel.Kind == 's' || sel.MaxResults == 1 {
			return 1, nil
		}
		cellEntities, line := false, false
		dist := -1.0
		for _, o := range sel.Options {
			switch o.Key {
			case "tag":
				cellEntities = cellEntities || (!o.Negated && (o.Str == "gomoku.cell" || strings.HasPrefix(o.Str, "gomoku.s0")))
			case "distance":
				if o.DoubleRange.HasMax {
					dist = o.DoubleRange.Max
				}
			case "scores":
				line = len(o.Scores) == 1 && lineScores[o.Scores[0].Objective] && o.Scores[0].Range == syntax.IntRange{HasMin: true, HasMax: true}
			}
		}
		if !cellEntities {
			return 0, fmt.Errorf("selector %s: no bound on how many entities it forks to", sel.Text)
		}
		if dist < 0 {
			return cells, nil
		}
		side := 2*int(math.Floor(dist)) + 1
		if line {
			return min(cells, side), nil
		}
		return min(cells, side*side), nil
	}
}

// lineScores are seed000's per-line scores: one of them 0 keeps a
// selector to one line through the centre.
var lineScores = map[string]bool{"gomoku.s0xc": true, "gomoku.s0yc": true, "gomoku.s0lc": true, "gomoku.s0hc": true}
