package gen

import (
	"fmt"
	"sort"
)

// treeFanout is the number of branches of a tree node: three conditions and
// a fall-through call cost 4 units for 2 bits of the key, as a binary tree
// does, with a third of the files.
const treeFanout = 4

// Tree is a generated dispatch on one score: a function tree that runs
// exactly one leaf command, the one whose range holds the key's value. Keys
// outside every range reach the nearest end leaf (a weighted tree's: the
// lightest run's), so callers keep keys in range. Every branch is `return run`, so a leaf's return value (renju's
// "forbidden?") comes back out of the root.
type Tree struct {
	Key   string     // the score holder and objective tested, "#k gomoku.t"
	Nodes []TreeNode // Nodes[0] is the root
	// Leaves are what a weighted tree was built from, from key Lo (its
	// tests route every key by them); nil for buildTree's.
	Leaves []TreeLeaf
	Lo     int
}

// TreeNode is one function of a tree.
type TreeNode struct {
	Path     string // function path inside the namespace
	Branches []Branch
}

// Branch runs Cmd when the key is at most Hi (and above the previous
// branch's Hi); the last branch of a node runs unconditionally.
type Branch struct {
	Hi   int
	Cmd  string
	Last bool
	// Range: the branch tests its whole range, Lo..Hi, not only ..Hi (a
	// weighted tree's node tests its heaviest branches first).
	Range bool
	Lo    int
}

// TreeLeaf is one outcome: keys up to Hi (from the previous leaf's Hi+1)
// run Cmd.
type TreeLeaf struct {
	Hi  int
	Cmd string
}

// buildTree builds a tree rooted at function path root over leaves sorted
// by Hi: bottom-up, treeFanout leaves per bottom node and treeFanout nodes
// per node above, so every node but the last of a level is full and the
// depth is ceil(log4(len(leaves))). Inner nodes are named root/<lo>_<hi>
// after the key range they cover, lo being the first key the node sees.
func buildTree(root, key string, lo int, leaves []TreeLeaf) *Tree {
	if len(leaves) == 0 {
		panic("internal error: a dispatch tree needs at least one leaf")
	}
	type item struct {
		lo, hi int
		cmd    string
		node   *TreeNode // nil for a leaf
	}
	level := make([]item, len(leaves))
	for j, l := range leaves {
		first := lo
		if j > 0 {
			first = leaves[j-1].Hi + 1
		}
		level[j] = item{lo: first, hi: l.Hi, cmd: l.Cmd}
	}
	var nodes []*TreeNode
	for len(level) > treeFanout {
		var up []item
		for a := 0; a < len(level); a += treeFanout {
			b := min(a+treeFanout, len(level))
			if b-a == 1 {
				up = append(up, level[a])
				continue
			}
			path := fmt.Sprintf("%s/%d_%d", root, level[a].lo, level[b-1].hi)
			n := &TreeNode{Path: path}
			for _, it := range level[a:b] {
				n.Branches = append(n.Branches, Branch{Hi: it.hi, Cmd: it.cmd})
			}
			n.Branches[len(n.Branches)-1].Last = true
			nodes = append(nodes, n)
			up = append(up, item{lo: level[a].lo, hi: level[b-1].hi, cmd: "function gomoku:" + path, node: n})
		}
		level = up
	}
	rootNode := &TreeNode{Path: root}
	for _, it := range level {
		rootNode.Branches = append(rootNode.Branches, Branch{Hi: it.hi, Cmd: it.cmd})
	}
	rootNode.Branches[len(rootNode.Branches)-1].Last = true
	t := &Tree{Key: key, Nodes: []TreeNode{*rootNode}}
	for _, n := range nodes {
		t.Nodes = append(t.Nodes, *n)
	}
	return t
}

// buildWeightedTree is buildTree for a key whose values are not looked up
// equally often: weights[j] says how often leaves[j]'s keys are (in any
// unit). Each node cuts its leaves into up to treeFanout runs of about
// equal weight and tests the heaviest run first, by its whole range, the
// lightest falling through untested, so a frequent key runs few commands
// and a rare one more; no leaf lies more than slack levels deeper than
// buildTree would put it. Every key the leaves cover reaches its leaf;
// keys outside them reach the lightest run's.
func buildWeightedTree(root, key string, lo int, leaves []TreeLeaf, weights []float64, slack int) *Tree {
	if len(leaves) == 0 || len(weights) != len(leaves) {
		panic("internal error: a weighted dispatch tree needs a weight for each of at least one leaf")
	}
	type item struct {
		lo, hi int
		cmd    string
		w      float64
	}
	its := make([]item, len(leaves))
	for j, l := range leaves {
		first := lo
		if j > 0 {
			first = leaves[j-1].Hi + 1
		}
		its[j] = item{lo: first, hi: l.Hi, cmd: l.Cmd, w: weights[j]}
	}
	depth := 1
	for capacity := treeFanout; capacity < len(its); capacity *= treeFanout {
		depth++
	}
	depth += slack
	var nodes []TreeNode
	var build func(path string, its []item, depth int) TreeNode
	build = func(path string, its []item, depth int) TreeNode {
		capacity := 1 // leaves a run may hold: as many as depth-1 levels reach
		for range depth - 1 {
			capacity *= treeFanout
		}
		var runs [][]item
		if len(its) <= treeFanout {
			for j := range its {
				runs = append(runs, its[j:j+1])
			}
		} else {
			rest := its
			for g := treeFanout; g > 0; g-- {
				if g == 1 {
					runs = append(runs, rest)
					break
				}
				total := 0.0
				for _, it := range rest {
					total += it.w
				}
				target := total / float64(g)
				least := max(1, len(rest)-(g-1)*capacity)
				most := min(capacity, len(rest)-(g-1))
				n, w := 0, 0.0
				for n < most && (n < least || w+rest[n].w/2 <= target) {
					w += rest[n].w
					n++
				}
				runs = append(runs, rest[:n])
				rest = rest[n:]
			}
		}
		runWeight := make([]float64, len(runs))
		order := make([]int, len(runs))
		for j, run := range runs {
			order[j] = j
			for _, it := range run {
				runWeight[j] += it.w
			}
		}
		sort.SliceStable(order, func(a, b int) bool { return runWeight[order[a]] > runWeight[order[b]] })
		node := TreeNode{Path: path}
		for _, j := range order {
			run := runs[j]
			cmd := run[0].cmd
			if len(run) > 1 {
				sub := fmt.Sprintf("%s/%d_%d", root, run[0].lo, run[len(run)-1].hi)
				nodes = append(nodes, build(sub, run, depth-1))
				cmd = "function gomoku:" + sub
			}
			node.Branches = append(node.Branches, Branch{Lo: run[0].lo, Hi: run[len(run)-1].hi, Cmd: cmd, Range: true})
		}
		node.Branches[len(node.Branches)-1].Last = true
		return node
	}
	rootNode := build(root, its, depth)
	return &Tree{Key: key, Nodes: append([]TreeNode{rootNode}, nodes...), Leaves: leaves, Lo: lo}
}
