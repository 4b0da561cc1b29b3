package gen

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestLookDeclarationIsThePack: the search's declared functions and
// registers (lookFuncs, lookFrame, lookState, lookControl and the
// threat-space search's) are the ones
// its templates make: every function of the pack's search that is not
// rendered per cell, slot, list entry or scan is declared and every
// declared one is rendered; la/step's dispatch reaches exactly the
// declared kinds of step; every declared register is named. And the
// check's own check: a declaration with a kind of step declared plain,
// or a function left out, is told apart.
func TestLookDeclarationIsThePack(t *testing.T) {
	for name, res := range lookCostPacks(t) {
		t.Run(name, func(t *testing.T) {
			if problems := lookDeclarationProblems(res, lookFuncs); len(problems) > 0 {
				t.Errorf("%s", strings.Join(problems, "\n"))
			}
			for _, plant := range []struct {
				name string
				edit func(fs []lookFunc) []lookFunc
			}{
				{"la/vcf/undo_c declared plain", func(fs []lookFunc) []lookFunc {
					for j := range fs {
						if fs[j].Path == "la/vcf/undo_c" {
							fs[j].Role = lookPlain
						}
					}
					return fs
				}},
				{"la/ab/won left out", func(fs []lookFunc) []lookFunc {
					return slices.DeleteFunc(fs, func(f lookFunc) bool { return f.Path == "la/ab/won" })
				}},
			} {
				if len(lookDeclarationProblems(res, plant.edit(slices.Clone(lookFuncs)))) == 0 {
					t.Errorf("with %s, the declaration still matched the pack", plant.name)
				}
			}
		})
	}
}

// lookDeclarationProblems lists where funcs (and the declared registers)
// and the pack's search differ.
func lookDeclarationProblems(res *Result, funcs []lookFunc) []string {
	var problems []string
	roles := map[string]lookRole{}
	for _, f := range funcs {
		roles[f.Path] = f.Role
	}
	// A cell, list entry or slot (<cell>_<direction>), or a shape of edge
	// (e<mask>, a dead-four tree's root).
	perItem := regexp.MustCompile(`/[0-9]+(_[0-9]+)?$|/e[0-9]+$|^la/scan/|^la/at/`)
	callee := regexp.MustCompile(`function ` + NS + `:([a-z0-9_/]+)`)
	bodies := map[string]string{}
	var undeclared []string
	for id, body := range res.Pack.Functions() {
		bodies[id.Path] = string(body)
		if strings.HasPrefix(id.Path, "la/") && !perItem.MatchString(id.Path) {
			if _, ok := roles[id.Path]; !ok {
				undeclared = append(undeclared, id.Path)
			}
		}
	}
	if len(undeclared) > 0 {
		slices.Sort(undeclared)
		problems = append(problems, fmt.Sprintf("the pack's search has functions lookFuncs does not declare: %v", undeclared))
	}
	steps := map[string]bool{}
	for _, f := range funcs {
		if _, ok := bodies[f.Path]; ok != f.rendered(res.Plan) {
			problems = append(problems, fmt.Sprintf("%s: declared (renju %v, defence %v), in the pack %v", f.Path, f.Renju, f.Defend, ok))
		}
		if f.Role == lookStep && f.rendered(res.Plan) {
			steps[f.Path] = true
		}
	}
	// The dispatch from la/step: dispatchers lead to kinds of step or to
	// a scan's step, which charge themselves.
	reached := map[string]bool{}
	var walk func(path string)
	walk = func(path string) {
		for _, m := range callee.FindAllStringSubmatch(bodies[path], -1) {
			c := m[1]
			switch {
			case roles[c] == lookDispatch:
				walk(c)
			case roles[c] == lookStep:
				reached[c] = true
			case strings.HasPrefix(c, "la/scan/") && selfCharging(c):
			default:
				problems = append(problems, fmt.Sprintf("%s dispatches to %s, which is declared neither a kind of step nor a dispatcher", path, c))
			}
		}
	}
	walk("la/step")
	for _, s := range slices.Sorted(maps.Keys(steps)) {
		if !reached[s] {
			problems = append(problems, fmt.Sprintf("%s is declared a kind of step, but la/step never dispatches to it", s))
		}
	}
	named := func(reg string) bool {
		h := fmt.Sprintf("#la.%s gomoku.la", reg)
		for _, b := range bodies {
			if strings.Contains(b, h) {
				return true
			}
		}
		return false
	}
	control := [][]string{res.Plan.Look.Regs, res.Plan.Look.State, lookControl, lookBudgets()}
	if res.Plan.Look.VCT {
		control = append(control, lookVCTControl)
	}
	if res.Plan.Look.DefendVCT {
		control = append(control, lookDefendVCTControl)
	}
	for _, regs := range control {
		for _, r := range regs {
			if !named(r) {
				problems = append(problems, fmt.Sprintf("register %s is declared but the pack never names #la.%s", r, r))
			}
		}
	}
	return problems
}
