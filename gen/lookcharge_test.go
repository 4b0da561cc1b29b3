package gen

import (
	"maps"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// chargedIDs are the pack's self-charging functions (their first command
// a charge, the lookups' copies left out) and what the charge proof takes
// as paid: those, the copies and the lookup trees' nodes.
func chargedIDs(res *Result) (ids []string, paid map[string]bool) {
	paid = map[string]bool{}
	for id, body := range res.Pack.Functions() {
		loc := chargeLine.FindIndex(body)
		if loc == nil || firstCommand(body) != loc[0] {
			continue
		}
		paid[id.String()] = true
		if !strings.HasPrefix(id.Path, "greedy/charged/") {
			ids = append(ids, id.String())
		}
	}
	for _, tr := range res.Plan.LookupTrees() {
		for _, n := range tr.Nodes {
			paid[NS+":"+n.Path] = true
		}
	}
	return ids, paid
}

// proveChargesOf runs proveCharges on a pack's functions ids.
func proveChargesOf(res *Result, pack *datapack.Pack, ids []string, paid map[string]bool) error {
	a := newAnalyzer(pack, selectorBound(res.Plan.NumCells), nil, nil)
	a.paid = paid
	return proveCharges(a, ids)
}

// laterCharge is the place of a function's second charge line, if any.
func laterCharge(body []byte) []int {
	if all := chargeLine.FindAllIndex(body, 2); len(all) == 2 {
		return all[1]
	}
	return nil
}

// TestChargesInSegments: the packs' heavy functions charge in segments
// (some more than one charge), the proof passes them, and it fails a pack
// where one later segment, or the first, charges one command too few, or
// a segment's charge is dropped.
func TestChargesInSegments(t *testing.T) {
	for name, res := range lookCostPacks(t) {
		t.Run(name, func(t *testing.T) {
			ids, paid := chargedIDs(res)
			if err := proveChargesOf(res, res.Pack, ids, paid); err != nil {
				t.Fatal(err)
			}
			split := 0
			for _, id := range ids {
				if laterCharge(res.Pack.Files[funcFile(id)]) != nil {
					split++
				}
			}
			if split == 0 {
				t.Fatal("no function charges in segments")
			}
			t.Logf("%d self-charging functions, %d of them in segments", len(ids), split)
		})
	}
	res := lookCostPacks(t)["freestyle"]
	ids, paid := chargedIDs(res)
	plants := []struct {
		name  string
		plant func(body []byte) []byte
	}{
		{"a later segment one short", func(body []byte) []byte {
			loc := laterCharge(body)
			if loc == nil {
				return nil
			}
			return append(append(append([]byte{}, body[:loc[0]]...), less(body[loc[0]:loc[1]], 1)...), body[loc[1]:]...)
		}},
		{"a later segment's charge dropped", func(body []byte) []byte {
			loc := laterCharge(body)
			if loc == nil {
				return nil
			}
			return append(append([]byte{}, body[:loc[0]]...), body[loc[1]+1:]...)
		}},
		{"the first segment one short", func(body []byte) []byte {
			if laterCharge(body) == nil {
				return nil
			}
			loc := chargeLine.FindIndex(body)
			return append(append(append([]byte{}, body[:loc[0]]...), less(body[loc[0]:loc[1]], 1)...), body[loc[1]:]...)
		}},
	}
	for _, p := range plants {
		t.Run(strings.ReplaceAll(p.name, " ", "_"), func(t *testing.T) {
			// Each function split in segments, planted alone.
			planted := 0
			for _, id := range ids {
				file := funcFile(id)
				nb := p.plant(res.Pack.Files[file])
				if nb == nil {
					continue
				}
				broken := &datapack.Pack{Files: maps.Clone(res.Pack.Files)}
				broken.Files[file] = nb
				if err := proveChargesOf(res, broken, []string{id}, paid); err == nil {
					t.Errorf("%s with %s: the proof passed it", id, p.name)
				}
				planted++
			}
			if planted == 0 {
				t.Fatal("nothing planted")
			}
		})
	}
}

func funcFile(id string) string {
	return lookFile(strings.TrimPrefix(id, NS+":"))
}
