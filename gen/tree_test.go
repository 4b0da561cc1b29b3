package gen

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
)

// router indexes t's nodes by the command that calls them, once a tree:
// its route then costs a key only the nodes it passes (a 15×15 pack's
// lookups hold tens of thousands of keys).
type router struct {
	t     *Tree
	nodes map[string]TreeNode
}

func newRouter(t *Tree) router {
	nodes := make(map[string]TreeNode, len(t.Nodes))
	for _, n := range t.Nodes {
		nodes["function gomoku:"+n.Path] = n
	}
	return router{t, nodes}
}

// route runs key through the tree as the rendered functions would (a
// branch with Range tests Lo..Hi, one without ..Hi, the last none) and
// returns the leaf command it reaches and the nodes it passed.
func (r router) route(key int) (cmd string, depth int, err error) {
	t, nodes := r.t, r.nodes
	n := t.Nodes[0]
	for depth = 1; depth <= len(t.Nodes); depth++ {
		var taken *Branch
		for j := range n.Branches {
			b := &n.Branches[j]
			if b.Last || b.Range && key >= b.Lo && key <= b.Hi || !b.Range && key <= b.Hi {
				taken = b
				break
			}
		}
		if taken == nil {
			return "", depth, fmt.Errorf("node %s: no branch takes key %d", n.Path, key)
		}
		next, inner := nodes[taken.Cmd]
		if !inner {
			return taken.Cmd, depth, nil
		}
		n = next
	}
	return "", depth, fmt.Errorf("tree %s loops", t.Nodes[0].Path)
}

// checkRoutes says whether every key from lo to the last leaf's Hi reaches
// its own leaf in t, within maxDepth nodes, and every node's path is
// unique.
func checkRoutes(t *Tree, lo int, leaves []TreeLeaf, maxDepth int) error {
	seen := map[string]bool{}
	for _, n := range t.Nodes {
		if seen[n.Path] {
			return fmt.Errorf("node %s twice", n.Path)
		}
		seen[n.Path] = true
	}
	r := newRouter(t)
	key := lo
	for j, l := range leaves {
		for ; key <= l.Hi; key++ {
			cmd, depth, err := r.route(key)
			if err != nil {
				return err
			}
			if cmd != l.Cmd {
				return fmt.Errorf("key %d reaches %q, not leaf %d's %q", key, cmd, j, l.Cmd)
			}
			if depth > maxDepth {
				return fmt.Errorf("key %d lies %d nodes deep, more than %d", key, depth, maxDepth)
			}
		}
	}
	return nil
}

// balancedDepth is buildTree's depth for n leaves.
func balancedDepth(n int) int {
	d := 1
	for c := treeFanout; c < n; c *= treeFanout {
		d++
	}
	return d
}

func randomLeaves(r *rand.Rand, n int) ([]TreeLeaf, []float64) {
	leaves := make([]TreeLeaf, n)
	weights := make([]float64, n)
	hi := -1
	for j := range leaves {
		hi += 1 + r.IntN(5)
		leaves[j] = TreeLeaf{Hi: hi, Cmd: fmt.Sprintf("function gomoku:leaf/%d", j)}
		switch r.IntN(4) {
		case 0:
			weights[j] = 0
		case 1:
			weights[j] = 1000 * r.Float64()
		default:
			weights[j] = r.Float64()
		}
	}
	return leaves, weights
}

// TestWeightedTreeRoutesEveryKey: a weighted tree sends every key to its
// own leaf, no deeper than slack levels below a balanced tree, and (given
// a level of slack) a key that outweighs all the others together is
// decided by the root's first test.
func TestWeightedTreeRoutesEveryKey(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 3, 4, 5, 16, 17, 63, 64, 65, 300, 1000} {
		for _, slack := range []int{0, 1, 2} {
			leaves, weights := randomLeaves(r, n)
			tr := buildWeightedTree("w", "#k gomoku.t", 0, leaves, weights, slack)
			if err := checkRoutes(tr, 0, leaves, balancedDepth(n)+slack); err != nil {
				t.Fatalf("%d leaves, slack %d: %v", n, slack, err)
			}
			if n < 2 {
				continue
			}
			heavy := r.IntN(n)
			weights[heavy] = 1e9
			tr = buildWeightedTree("w", "#k gomoku.t", 0, leaves, weights, slack)
			if err := checkRoutes(tr, 0, leaves, balancedDepth(n)+slack); err != nil {
				t.Fatalf("%d leaves, slack %d, leaf %d heavy: %v", n, slack, heavy, err)
			}
			// (With no slack a balanced tree's runs are full, and the
			// heavy leaf may have to share one.)
			if b := tr.Nodes[0].Branches[0]; slack > 0 && b.Cmd != leaves[heavy].Cmd {
				t.Errorf("%d leaves, slack %d: the heaviest leaf %d is not the root's first test (%q)", n, slack, heavy, b.Cmd)
			}
		}
	}
}

// TestWeightedTreeRoutesFailWhenWrong plants each way a tree could send
// a key astray, and requires checkRoutes to see it: a range one short, two
// branches' commands swapped, a branch lost, and a tree deeper than the
// bound allows.
func TestWeightedTreeRoutesFailWhenWrong(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	leaves, weights := randomLeaves(r, 200)
	build := func() *Tree { return buildWeightedTree("w", "#k gomoku.t", 0, leaves, weights, 2) }
	limit := balancedDepth(len(leaves)) + 2
	if err := checkRoutes(build(), 0, leaves, limit); err != nil {
		t.Fatal(err)
	}
	plants := map[string]func(tr *Tree){
		"a range starts one late": func(tr *Tree) { tr.Nodes[0].Branches[0].Lo++ },
		"two commands swapped": func(tr *Tree) {
			b := tr.Nodes[1].Branches
			b[0].Cmd, b[1].Cmd = b[1].Cmd, b[0].Cmd
		},
		"a branch lost": func(tr *Tree) {
			n := &tr.Nodes[1]
			n.Branches = n.Branches[1:]
		},
		"a test reads ..Hi where it must read Lo..Hi": func(tr *Tree) {
			for j := range tr.Nodes {
				for k := range tr.Nodes[j].Branches {
					if b := &tr.Nodes[j].Branches[k]; !b.Last && b.Lo > 0 {
						b.Range = false
						return
					}
				}
			}
		},
	}
	for name, plant := range plants {
		tr := build()
		plant(tr)
		if err := checkRoutes(tr, 0, leaves, limit); err == nil {
			t.Errorf("planted %s: not caught", name)
		}
	}
	if err := checkRoutes(build(), 0, leaves, limit-3); err == nil || !strings.Contains(err.Error(), "deep") {
		t.Errorf("a bound three levels too tight: not caught (%v)", err)
	}
}

// TestLookupTreesRouteTheirLeaves: every pattern lookup tree and the
// combo tree of a 15×15 lookahead pack, 9×9 freestyle and renju too,
// send each key to the leaf its table's intervals give, within
// lookupSlack levels of a balanced tree (the twin proofs hold those
// leaves to the model).
func TestLookupTreesRouteTheirLeaves(t *testing.T) {
	packs := lookCostPacks(t)
	packs["15"] = sharedPack(t, config.PackDefault(), "lookahead")
	for name, res := range packs {
		checked := 0
		for _, tr := range res.Plan.LookupTrees() {
			if err := checkRoutes(tr, tr.Lo, tr.Leaves, balancedDepth(len(tr.Leaves))+lookupSlack); err != nil {
				t.Errorf("%s: %s: %v", name, tr.Nodes[0].Path, err)
			}
			checked++
		}
		if checked != len(res.Plan.Greedy.Lookup)+1 {
			t.Errorf("%s: checked %d trees, want the %d lookups and the combo tree", name, checked, len(res.Plan.Greedy.Lookup))
		}
	}
}
