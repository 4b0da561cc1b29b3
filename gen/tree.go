package gen

import "fmt"

// treeFanout is the number of branches of a tree node: three conditions and
// a fall-through call cost 4 units for 2 bits of the key, as a binary tree
// does, with a third of the files.
const treeFanout = 4

// Tree is a generated dispatch on one score: a function tree that runs
// exactly one leaf command, the one whose range holds the key's value. Keys
// outside every range reach the nearest end leaf, so callers keep keys in
// range. Every branch is `return run`, so a leaf's return value (renju's
// "forbidden?") comes back out of the root.
type Tree struct {
	Key   string     // the score holder and objective tested, "#k gomoku.t"
	Nodes []TreeNode // Nodes[0] is the root
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
