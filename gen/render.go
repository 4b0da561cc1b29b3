package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"text/template"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/templates"
)

// Render prints a plan into a data pack: the third stage. Every function
// comes from one template under templates/ and starts with a line naming
// it; JSON files (advancements, the load tag) are written by encoding/json.
// The output depends only on the plan: sorted, LF line ends, a final
// newline, no blank runs.
func Render(p *Plan) (*datapack.Pack, error) {
	ts, err := parseTemplates()
	if err != nil {
		return nil, err
	}
	r := &renderer{ts: ts, pack: datapack.New()}
	r.render(p)
	if r.err != nil {
		return nil, r.err
	}
	if err := r.run(); err != nil {
		return nil, err
	}
	// What a board's game is can only be read off the functions that play
	// it: every #holder they name in a board's objectives.
	if p.Swap, err = swapScores(r.pack, p); err != nil {
		return nil, err
	}
	r.jobs = nil
	if p.Look != nil {
		// The slice's constants come from the costs of what it runs.
		if err := proveLook(r.pack, p); err != nil {
			return nil, err
		}
		for _, fn := range []string{"la/slice", "la/land"} {
			file := datapack.FunctionFile(datapack.ID{Namespace: NS, Path: fn})
			delete(r.seen, file)
			delete(r.pack.Files, file)
			r.fn(fn, fn, p)
		}
	}
	r.renderSwap(p)
	if r.err != nil {
		return nil, r.err
	}
	if err := r.run(); err != nil {
		return nil, err
	}
	// The click advancements' entity predicate changed form in 26.2: each
	// form goes into an overlay for the releases that read it (see
	// ARCHITECTURE.md, "Files that differ by release").
	before, after, split, mapForm, err := datapack.FormatSplit(datapack.DefaultRange, datapack.EntityPredicateMapFormat, NS+"-")
	if err != nil {
		return nil, err
	}
	var overlays []datapack.Overlay
	if split {
		overlays = []datapack.Overlay{before, after}
	}
	meta, err := datapack.MCMeta(p.Pack.Description, datapack.DefaultRange, overlays...)
	if err != nil {
		return nil, err
	}
	r.pack.Files["pack.mcmeta"] = meta
	png, err := icon(p)
	if err != nil {
		return nil, err
	}
	r.pack.Files["pack.png"] = png
	r.json(datapack.FunctionTagFile(datapack.ID{Namespace: "minecraft", Path: "load"}),
		map[string]any{"values": []string{"gomoku:load"}})
	if split {
		r.clickAdvancements(before.Directory+"/", false)
		r.clickAdvancements(after.Directory+"/", true)
	} else {
		r.clickAdvancements("", mapForm)
	}
	return r.pack, r.err
}

var (
	tmplOnce sync.Once
	tmplSet  map[string]*template.Template
	tmplErr  error
)

// funcs is the templates' FuncMap, kept small: the plan carries every value.
//
//	inc n   n+1, for 1-based counts printed beside a 0-based range index
//	copy k h  board k's copy of working-set holder h (h itself for k < 0,
//	          the board in play)
var funcs = template.FuncMap{
	"inc": func(n int) int { return n + 1 },
	"copy": func(k int, h string) string {
		if k < 0 {
			return h
		}
		return CopyHolder(k, h)
	},
}

// parseTemplates parses every embedded template once.
func parseTemplates() (map[string]*template.Template, error) {
	tmplOnce.Do(func() {
		tmplSet = map[string]*template.Template{}
		tmplErr = fs.WalkDir(templates.FS, ".", func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mcfunction.tmpl") {
				return err
			}
			b, err := templates.FS.ReadFile(path)
			if err != nil {
				return err
			}
			t, err := template.New(path).Option("missingkey=error").Funcs(funcs).Parse(string(b))
			if err != nil {
				return fmt.Errorf("templates/%s: %w", path, err)
			}
			tmplSet[path] = t
			return nil
		})
	})
	return tmplSet, tmplErr
}

type renderer struct {
	ts   map[string]*template.Template
	pack *datapack.Pack
	jobs []job
	seen map[string]bool
	err  error
}

// job is one function to render.
type job struct {
	file, path, name string
	t                *template.Template
	data             any
	out              []byte
}

// fn queues template tmpl (its name without ".mcfunction.tmpl") with data
// for function gomoku:path; run renders the queue.
func (r *renderer) fn(path, tmpl string, data any) {
	if r.err != nil {
		return
	}
	name := tmpl + ".mcfunction.tmpl"
	t, ok := r.ts[name]
	if !ok {
		r.err = fmt.Errorf("internal error: no template templates/%s", name)
		return
	}
	file := datapack.FunctionFile(datapack.ID{Namespace: NS, Path: path})
	if r.seen == nil {
		r.seen = map[string]bool{}
	}
	if r.seen[file] {
		r.err = fmt.Errorf("internal error: function %s:%s rendered twice", NS, path)
		return
	}
	r.seen[file] = true
	r.jobs = append(r.jobs, job{file: file, path: path, name: name, t: t, data: data})
}

// run renders the queued functions on every CPU. Each job writes only its
// own output, and the pack is filled afterwards, so the result does not
// depend on scheduling.
func (r *renderer) run() error {
	workers := runtime.GOMAXPROCS(0)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var buf bytes.Buffer
			for j := w; j < len(r.jobs); j += workers {
				jb := &r.jobs[j]
				buf.Reset()
				fmt.Fprintf(&buf, "# Generated by mcgomoku from templates/%s; DO NOT EDIT\n", jb.name)
				if err := jb.t.Execute(&buf, jb.data); err != nil {
					if errs[w] == nil {
						errs[w] = fmt.Errorf("templates/%s for %s:%s: %w", jb.name, NS, jb.path, err)
					}
					continue
				}
				jb.out = tidy(buf.Bytes())
			}
		}(w)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	for _, jb := range r.jobs {
		r.pack.Files[jb.file] = jb.out
	}
	return nil
}

// nextLine splits b after its first line (without the newline).
func nextLine(b []byte) (line, rest []byte) {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return b[:i], b[i+1:]
	}
	return b, nil
}

// tidy trims trailing spaces, drops blank lines and ends the text with one
// newline: templates may be laid out freely without changing the output.
func tidy(b []byte) []byte {
	out := make([]byte, 0, len(b)+1)
	for len(b) > 0 {
		var l []byte
		l, b = nextLine(b)
		l = bytes.TrimRight(l, " \t\r")
		if len(l) == 0 {
			continue
		}
		out = append(out, l...)
		out = append(out, '\n')
	}
	return out
}

// clickAdvancements writes the two advancements that turn clicks on the
// board's interaction entities into function calls, under prefix (an
// overlay directory, or "" for the pack itself), with the entity predicate
// in the map form of 26.2 on (mapForm) or the field form before it.
func (r *renderer) clickAdvancements(prefix string, mapForm bool) {
	predicate := map[string]any{"type": "minecraft:interaction"}
	if mapForm {
		predicate = map[string]any{"minecraft:entity_type": "minecraft:interaction"}
	}
	for _, c := range []struct{ name, trigger string }{
		{"click_right", "minecraft:player_interacted_with_entity"},
		{"click_left", "minecraft:player_hurt_entity"},
	} {
		r.json(prefix+datapack.AdvancementFile(datapack.ID{Namespace: NS, Path: c.name}), map[string]any{
			"criteria": map[string]any{"click": map[string]any{
				"trigger": c.trigger,
				"conditions": map[string]any{"entity": []any{map[string]any{
					"condition": "minecraft:entity_properties",
					"entity":    "this",
					"predicate": predicate,
				}}},
			}},
			"rewards": map[string]any{"function": "gomoku:click/" + strings.TrimPrefix(c.name, "click_")},
		})
	}
}

func (r *renderer) json(path string, v any) {
	if r.err != nil {
		return
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		r.err = err
		return
	}
	r.pack.Files[path] = append(b, '\n')
}

// renderSlots writes each board slot's own functions and the dispatchers
// that pick board #k's (or the board in play's).
func (r *renderer) renderSlots(p *Plan) {
	for _, s := range p.Slots {
		d := boardData{P: p, S: s}
		for _, f := range []struct{ path, tmpl string }{
			{"slot/cursor", "slot/cursor"}, {"slot/remove", "slot/remove"}, {"slot/claim", "slot/claim"},
			{"slot/mark", "slot/mark"}, {"slot/clear", "slot/clear"}, {"slot/take", "slot/take"},
			{"slot/wants", "slot/wants"}, {"slot/serve", "slot/serve_one"},
			{"slot/whole", "slot/whole"}, {"slot/place", "slot/place"},
			{"slot/view", "slot/view"}, {"slot/stale", "slot/stale"}, {"slot/redraw", "slot/redraw"},
			{"ground/save", "slot/ground_save"}, {"ground/put", "slot/ground_put"},
			{"ground/restore", "slot/ground_restore"}, {"ground/where", "slot/ground_where"},
			{"ground/check", "slot/ground_check"}, {"ground/in_the_way", "slot/ground_in_the_way"},
		} {
			r.fn(fmt.Sprintf("%s/%d", f.path, s.K), f.tmpl, d)
		}
		r.fn(fmt.Sprintf("slot/glow/%d", s.K), "slot/glow", glowData{S: s, WinNBT: fmt.Sprintf(p.WinNBT, s.Tag)})
	}
	r.fn("slot/wants/active", "slot/wants", boardData{P: p, S: BoardSlot{K: -1}})
	r.fn("ui/status_here", "ui/status_here", boardData{P: p, S: BoardSlot{K: -1}})
	r.fn("ui/result/here", "ui/result", resultData{P: p, S: BoardSlot{K: -1}, Who: "@s"})
	for _, s := range p.Slots {
		r.fn(fmt.Sprintf("ui/result/%d", s.K), "ui/result", resultData{P: p, S: s, Who: "@s"})
		r.fn(fmt.Sprintf("ui/result/far%d", s.K), "ui/result", resultData{P: p, S: BoardSlot{K: -1},
			Who: fmt.Sprintf("@a[scores={gomoku.cur=%d},tag=!gomoku.near]", s.K), Far: true})
	}
	for _, s := range p.Slots {
		r.fn(fmt.Sprintf("ui/status_here/%d", s.K), "ui/status_here", boardData{P: p, S: s})
	}
	const active, chosen = "#active gomoku.boards", "#k gomoku.t"
	for _, d := range []dispatchData{
		{Path: "slot/out", Key: active, What: "The board in play leaves it"},
		{Path: "slot/in", Key: chosen, What: "Board #k comes into play"},
		{Path: "slot/remove", Key: chosen, What: "Board #k is removed"},
		{Path: "slot/take", Key: chosen, What: "Board #k is taken by its builder"},
		{Path: "ground/save", Key: chosen, What: "Board #k's ground is saved"},
		{Path: "ground/check", Key: chosen, What: "Board #k's new place is checked"},
		{Path: "slot/claim", Key: active, What: "New entities join the board in play"},
		{Path: "slot/mark", Key: active, What: "The board in play's last-move marker moves here"},
		{Path: "slot/clear", Key: active, What: "The board in play's markers go"},
		{Path: "slot/glow", Key: active, What: "A plate of the board in play's winning line"},
		{Path: "slot/whole", Key: active, What: "Is the board in play whole (every chunk of it loaded)"},
		{Path: "slot/place", Key: active, What: "The cursor onto the board in play"},
		{Path: "slot/stale", Key: active, What: "Is the board in play to be drawn again from its game"},
		{Path: "slot/redraw", Key: active, What: "The board in play drawn again from its game"},
	} {
		d.P = p
		r.fn(d.Path, "slot/dispatch", d)
	}
}

// renderSwap writes the functions that move a board's game between the
// working set and its copies, once Swap is known.
func (r *renderer) renderSwap(p *Plan) {
	// The score pairs, "holder objective" each, spelled out here: the
	// template prints thousands of them, and a lookup per line is what
	// rendering a pack costs most. The copies' holders take the slot from
	// the macro argument k.
	save, load := make([]swapPair, len(p.Swap)), make([]swapPair, len(p.Swap))
	for i, sc := range p.Swap {
		work, kept := sc.Holder+" "+sc.Objective, copyHolderMacro(sc.Holder)+" "+sc.Objective
		save[i], load[i] = swapPair{To: kept, From: work}, swapPair{To: work, From: kept}
	}
	r.fn("slot/save", "slot/save", swapData{P: p, Pairs: save})
	r.fn("slot/load", "slot/load", swapData{P: p, Pairs: load})
	for _, s := range p.Slots {
		d := boardData{P: p, S: s}
		r.fn(fmt.Sprintf("slot/out/%d", s.K), "slot/out", d)
		r.fn(fmt.Sprintf("slot/in/%d", s.K), "slot/in", d)
	}
}

// copyHolderMacro is CopyHolder with the slot a macro variable, $(k).
func copyHolderMacro(h string) string { return copyName("$(k)", h) }

// copyHolder matches a board's copy of a holder (CopyHolder), which the
// functions that wait for a board name beside the working set's.
var copyHolder = regexp.MustCompile(`^#b[0-9]+\.`)

// swapScores finds every score of a board's game the pack's functions
// name: every score holder argument "#holder" followed by one of the
// board's objectives, read off each line's parse (reading.go), less the
// boards' copies. Sorted by objective, then holder.
func swapScores(pack *datapack.Pack, p *Plan) ([]SwapScore, error) {
	seen := map[SwapScore]bool{}
	for id, b := range pack.Functions() {
		fr := readFile(id.String(), b)
		if fr.err != nil {
			return nil, fmt.Errorf("internal error: %w", fr.err)
		}
		for _, sc := range fr.scores {
			if p.BoardObjs[sc.Objective] && !(strings.HasPrefix(sc.Holder, "#b") && copyHolder.MatchString(sc.Holder)) {
				seen[sc] = true
			}
		}
	}
	out := slices.Collect(maps.Keys(seen))
	sort.Slice(out, func(a, b int) bool {
		if out[a].Objective != out[b].Objective {
			return out[a].Objective < out[b].Objective
		}
		return out[a].Holder < out[b].Holder
	})
	return out, nil
}

// Template data for the per-item templates. P is always the whole plan.
type (
	boardData struct {
		P *Plan
		S BoardSlot
	}
	swapPair struct{ To, From string }
	swapData struct {
		P     *Plan
		Pairs []swapPair
	}
	glowData struct {
		S      BoardSlot
		WinNBT string
	}
	dispatchData struct {
		Path, Key, What string
		P               *Plan // set after the literal
	}
	entryData struct {
		Path, Doc string
		M         int
		Cursor    string // the cursor's UUID, killed after the action
	}
	cellData struct {
		P *Plan
		C Cell
	}
	treeData struct {
		T *Tree
		N TreeNode
	}
	slotData struct {
		G *GreedyPlan
		S Slot
		// Lazy is the lookahead's la/lslot: the totals left as they were
		// (la/lmake); Threat its la/tslot, the leaf values too (la/tmake).
		Lazy, Threat bool
	}
	stoneData struct {
		I      int
		R      int
		Colour string // "black" or "white"
		Touch  []Touch
	}
	freshData struct {
		I    int
		Init CellInit
		Dirs []int
		Look bool
		K    int // the cell's scan chunk (Look)
	}
	comboData struct {
		I    int
		VCT  bool // the lookahead's threat-space search is on
		Lazy bool // la/lcombo: the totals left as they were (la/lmake)
		Look bool
		K    int // the cell's scan chunk (Look)
	}
	codeSetData struct {
		Colour string
		Sign   bool // placing (true) or taking back
		Digits []CodeDigit
	}
	scanData struct {
		Colour string
		Obj    string // the objective scanned
		Excl   bool   // skip excluded cells (renju, black)
		Noise  int32
		Cells  []int // every cell, for the maximum
		Order  []int // the tie-break order
	}
	// resultData is a game's end told to Who: the board in play's (S.K
	// < 0) or a waiting board's, to its far players or to one come back.
	resultData struct {
		P   *Plan
		S   BoardSlot
		Who string
		Far bool
	}
	renjuFData struct {
		P       *Plan
		C       RenjuCell
		Level   int
		Deepest bool
	}
	renjuOData struct {
		I    int
		Dir  RenjuDir
		Next int // the level of the key points' checks
	}
)

func (r *renderer) render(p *Plan) {
	for _, name := range []string{
		"load", "loop", "loop/run", "menu", "menu/use", "menu/remove", "new", "remove", "uninstall",
		"ground/overlap",
		"act/black", "act/white", "act/pvp", "act/demo", "act/undo", "act/resign", "act/restart",
		"slot/bring", "slot/find", "slot/act", "slot/later", "slot/pid", "slot/newslot", "slot/mine", "slot/serve", "slot/turn", "ui/click_waiting", "ui/click_queued",
		"board/build", "board/cells", "board/cell", "board/reset", "board/redraw",
		"game/install", "game/tick", "game/start", "game/next",
		"game/play", "game/win", "game/draw", "game/over", "game/undo_one", "game/mark_last",
		"ui/menu_waiting", "ui/menu", "ui/stone", "ui/status", "ui/boards", "ui/over", "ui/over_here", "ui/welcome", "ui/returns",
		"click/right", "click/left", "click/handle", "click/mine", "click/found", "click/try", "click/board", "click/queue",
		"ai/turn",
	} {
		r.fn(name, name, p)
	}
	for _, e := range []entryData{
		{"mode/black", "A new game: you play black against the AI", 2, ""},
		{"mode/white", "A new game: you play white against the AI", 3, ""},
		{"mode/pvp", "A new game: two players", 4, ""},
		{"mode/demo", "A new game: the AI plays itself", 5, ""},
		{"undo", "Takes back the last move (against the AI, the AI's reply too)", 6, ""},
		{"resign", "Gives up the game", 7, ""},
		{"restart", "Starts the game over in the same mode", 8, ""},
	} {
		e.Cursor = p.Origin.ID
		r.fn(e.Path, "mode/entry", e)
	}
	if p.Look != nil {
		r.fn("level/greedy", "mode/entry", entryData{"level/greedy", "The AI plays greedy's move at once (the greedy level)", 12, p.Origin.ID})
		r.fn("act/level_greedy", "act/level_greedy", p)
		for _, lv := range p.Look.Levels {
			r.fn("level/"+lv.Name, "mode/entry", entryData{"level/" + lv.Name, fmt.Sprintf("The AI searches ahead at the %s level", lv.Name), lv.M, p.Origin.ID})
			r.fn("act/level/"+lv.Name, "act/level_look", lv)
		}
	}
	r.renderSlots(p)
	if p.Renju && p.Greedy != nil {
		r.fn("ai/renju", "ai/renju", p)
	}
	if p.Renju {
		r.fn("renju/stuck", "renju/stuck", p)
		r.fn("renju/next_empty", "renju/next_empty", p)
	}
	for _, c := range p.Cells {
		d := cellData{P: p, C: c}
		for _, a := range []string{"play", "undo", "show", "mark", "get", "win"} {
			r.fn(fmt.Sprintf("cell/%s/%d", a, c.I), "cell/"+a, d)
		}
		if p.Greedy != nil {
			r.fn(fmt.Sprintf("cell/win_w/%d", c.I), "cell/win_w", d)
		}
		r.fn(fmt.Sprintf("cell/glow/%d", c.I), "cell/glow", d)
	}
	for _, w := range p.Won {
		r.fn(fmt.Sprintf("cell/won/%d_%d_%d", w.D, w.Back, w.Fwd), "cell/won", w)
	}
	for _, t := range p.Trees {
		for _, n := range t.Nodes {
			r.fn(n.Path, "tree", treeData{T: t, N: n})
		}
	}
	if p.Greedy != nil || p.RenjuP != nil {
		r_ := 5
		if p.Greedy != nil {
			r_ = p.Greedy.R
		}
		for colour := 1; colour <= 2; colour++ {
			name := []string{"", "black", "white"}[colour]
			r.fn("code/place_"+name[:1], "code/set", codeSetData{Colour: name, Sign: true, Digits: codeDigits(r_, colour, 1)})
			r.fn("code/remove_"+name[:1], "code/set", codeSetData{Colour: name, Sign: false, Digits: codeDigits(r_, colour, -1)})
		}
	}
	if g := p.Greedy; g != nil {
		r.renderGreedy(p, g)
	}
	if p.Look != nil {
		r.renderLook(p, p.Look)
	}
	if rp := p.RenjuP; rp != nil {
		r.renderRenju(p, rp)
	}
	if p.Seed000 != nil {
		r.renderSeed000(p)
	}
}

func (r *renderer) renderGreedy(p *Plan, g *GreedyPlan) {
	r.fn("greedy/init", "greedy/init", p)
	r.fn("greedy/choose", "greedy/choose", p)
	cells := make([]int, p.NumCells)
	for i := range cells {
		cells[i] = i
	}
	for c, colour := range []string{"black", "white"} {
		r.fn("greedy/scan_"+colour[:1], "greedy/scan", scanData{
			Colour: colour, Obj: "gomoku.total_" + colour[:1], Excl: p.Renju && c == 0,
			Noise: g.Noise, Cells: cells, Order: g.Order,
		})
	}
	for i, touch := range g.Touch {
		k := 0
		if p.Look != nil {
			k = p.Look.ChunkOf[i]
		}
		r.fn(fmt.Sprintf("greedy/stone/%d", i), "greedy/stone", stoneData{I: i, R: g.R, Touch: touch})
		r.fn(fmt.Sprintf("greedy/fresh/%d", i), "greedy/fresh", freshData{I: i, Init: g.CellInit[i], Dirs: []int{0, 1, 2, 3}, Look: g.Look, K: k})
		r.fn(fmt.Sprintf("greedy/combo/%d", i), "greedy/combo", comboData{I: i, Look: g.Look, VCT: p.Look != nil && p.Look.VCT, K: k})
	}
	for _, s := range g.Slots {
		r.fn(fmt.Sprintf("greedy/slot/%d_%d", s.Q, s.D), "greedy/slot", slotData{G: g, S: s})
	}
	for _, pr := range g.Pairs {
		r.fn(pr.Path, "greedy/pair", pr)
	}
	for _, cv := range g.Combos {
		r.fn(fmt.Sprintf("greedy/combo_value/%d", cv.ID), "greedy/combo_value", cv)
	}
}

func (r *renderer) renderRenju(p *Plan, rp *RenjuPlan) {
	for i, touch := range rp.Touch {
		d := stoneData{I: i, R: 5, Colour: "black", Touch: touch}
		r.fn(fmt.Sprintf("renju/tp/%d", i), "renju/tp", d)
		r.fn(fmt.Sprintf("renju/tr/%d", i), "renju/tr", d)
		if p.Greedy == nil {
			r.fn(fmt.Sprintf("renju/code/%d", i), "renju/code", d)
		}
	}
	if p.Greedy == nil {
		r.fn("renju/init", "renju/init", p)
	}
	for _, c := range rp.Classes {
		r.fn(fmt.Sprintf("renju/class/%d", c.ID), "renju/class", c)
	}
	for _, lv := range rp.Levels {
		for _, c := range rp.Cells {
			deepest := lv == rp.Depth
			r.fn(fmt.Sprintf("renju/f%d/%d", lv, c.I), "renju/f", renjuFData{P: p, C: c, Level: lv, Deepest: deepest})
			r.fn(fmt.Sprintf("renju/g%d/%d", lv, c.I), "renju/g", renjuFData{P: p, C: c, Level: lv, Deepest: deepest})
			if deepest {
				continue
			}
			for _, d := range c.Dirs {
				if len(d.Keys) > 0 {
					r.fn(fmt.Sprintf("renju/o%d/%d_%d", lv, c.I, d.D), "renju/o", renjuOData{I: c.I, Dir: d, Next: lv + 1})
				}
			}
		}
	}
}

type (
	lookCellData struct {
		I    int
		K    int // its scan chunk
		Bias int32
		Dirs []int
		C    LookCell
		Col  string
		Five int32
		// Four and OpenFour tell those patterns by their attack weights;
		// Renju a renju pack's (la/four_c: white's last four with one
		// five point needs its stone, for black's forbidden test there).
		Four, OpenFour int32
		Renju          bool
		Touch          []Touch // the windows a stone there changes (la/make, la/back)
		// Lazy renders la/lmake's family: a stone whose search child is a
		// leaf, which leaves every cell's totals as they were; Threat
		// (with Lazy) la/tmake's, a stone of the threat searches (the
		// continuous fours, the threat-space search and the defence),
		// which leaves the leaf values and their sum alone too.
		Lazy, Threat bool
		// Threes and DeadDirs: la/dead_c's (LookPlan.DeadFour), the
		// attack weights of a three and each line's dead-four tree.
		Threes   []int32
		DeadDirs []lookDeadDir
	}
	// lookDeadDir is cell I's line D and the tree that tells from its
	// code_b whether a four on it leads nowhere.
	lookDeadDir struct {
		D    int
		Tree string
	}
	lookScanData struct {
		S  LookScan
		Ws []int
		K  LookChunk
	}
	lookSlotData struct {
		K    int
		Regs []string
	}
	lookInsertData struct {
		W, Last int
		Up      []lookShift
	}
	// lookShift moves entry Above of a list down to J (= Above+1);
	// lookPut puts the new entry at J of a list of W (last Last).
	lookShift struct{ J, Above int }
	lookPut   struct{ W, J, Last int }
	// lookVCTData is a cell's (and, for la/vct/line, one line's) data for
	// a three's answers: QFA leaves out the open-four points black may
	// not play (the attacker is renju's black), QFD the answers black may
	// not play (the defender is).
	lookVCTData struct {
		C              LookVCTCell
		L              LookVCTLine
		Col            string
		Four, OpenFour int32
		QFA, QFD       bool
	}
)

// Pre is the prefix of the stone family d renders: "" (la/make's), "l"
// (la/lmake's, Lazy) or "t" (la/tmake's, Threat).
func (d lookCellData) Pre() string {
	switch {
	case d.Threat:
		return "t"
	case d.Lazy:
		return "l"
	}
	return ""
}

func (r *renderer) renderLook(p *Plan, lp *LookPlan) {
	for _, f := range lookFuncs {
		if f.rendered(p) {
			r.fn(f.Path, f.Path, p)
		}
	}
	if lp.Defend {
		for _, l := range lp.Line {
			r.fn(fmt.Sprintf("la/def/enq/%d", l.I), "la/def/enq_at", l)
		}
		for _, c := range lp.Counters {
			r.fn(fmt.Sprintf("la/def/enq_k/%d", c.I), "la/def/enq_k", c)
		}
	}
	for _, c := range lp.Cells {
		d := lookCellData{I: c.I, K: lp.ChunkOf[c.I], Dirs: c.Dirs, C: c, Five: lp.Five, Four: lp.Four, OpenFour: lp.OpenFour, Renju: lp.Renju,
			Bias: p.Greedy.CellInit[c.I].Bias, Touch: p.Greedy.Touch[c.I]}
		for _, fam := range [][2]bool{{false, false}, {true, false}, {true, true}} {
			d.Lazy, d.Threat = fam[0], fam[1]
			for _, f := range []string{"make", "unmake", "back", "unstone"} {
				r.fn(fmt.Sprintf("la/%s%s/%d", d.Pre(), f, c.I), "la/"+f, d)
			}
		}
		d.Lazy, d.Threat = false, false
		r.fn(fmt.Sprintf("la/lcombo/%d", c.I), "greedy/combo", comboData{I: c.I, Look: true, VCT: lp.VCT, Lazy: true, K: lp.ChunkOf[c.I]})
		r.fn(fmt.Sprintf("la/occupy/%d", c.I), "la/occupy", d)
		r.fn(fmt.Sprintf("la/isfive/%d", c.I), "la/isfive", d)
		for _, col := range []string{"b", "w"} {
			d.Col = col
			r.fn(fmt.Sprintf("la/fives_%s/%d", col, c.I), "la/fives_c", d)
			if lp.LastFour {
				r.fn(fmt.Sprintf("la/four_%s/%d", col, c.I), "la/four_c", d)
			}
			if lp.DeadFour {
				d.Threes, d.DeadDirs = lp.Threes, nil
				for _, dir := range c.Dirs {
					mask := edgeMask(initialCode(p.Size, p.Greedy.R, c.I, dir), 2*p.Greedy.R)
					if tree, ok := lp.DeadTrees[map[string]int{"b": 0, "w": 1}[col]][mask]; ok {
						d.DeadDirs = append(d.DeadDirs, lookDeadDir{D: dir, Tree: tree})
					}
				}
				r.fn(fmt.Sprintf("la/dead_%s/%d", col, c.I), "la/dead_c", d)
			}
			r.fn(fmt.Sprintf("la/ins_%s/%d", col, c.I), "la/ins", d)
			r.fn(fmt.Sprintf("la/vins_%s/%d", col, c.I), "la/vins", d)
		}
	}
	for _, s := range p.Greedy.Slots {
		r.fn(fmt.Sprintf("la/lslot/%d_%d", s.Q, s.D), "greedy/slot", slotData{G: p.Greedy, S: s, Lazy: true})
		r.fn(fmt.Sprintf("la/tslot/%d_%d", s.Q, s.D), "greedy/slot", slotData{G: p.Greedy, S: s, Lazy: true, Threat: true})
	}
	if lp.DefendVCT {
		for _, a := range lp.Answers {
			r.fn(fmt.Sprintf("la/vct/rec_k/%d", a.I), "la/vct/rec_k", a)
		}
	}
	for _, c := range lp.VCTCells {
		r.fn(fmt.Sprintf("la/vct/cell/%d", c.I), "la/vct/cell", c.I)
		for _, col := range []string{"b", "w"} {
			d := lookVCTData{C: c, Col: col, Four: lp.Four, OpenFour: lp.OpenFour, QFA: lp.Renju && col == "b", QFD: lp.Renju && col == "w"}
			r.fn(fmt.Sprintf("la/vct/lines_%s/%d", col, c.I), "la/vct/lines_cell", d)
			for _, l := range c.Lines {
				d.L = l
				r.fn(fmt.Sprintf("la/vct/line_%s/%d/%d", col, c.I, l.D), "la/vct/line", d)
			}
		}
	}
	for _, s := range lp.Scans {
		if s.Counter {
			d := lookScanData{S: s}
			r.fn(fmt.Sprintf("la/scan/%s_%s", s.Name, s.Col), "la/vct/counter", d)
			r.fn(fmt.Sprintf("la/scan/%s_%s/next", s.Name, s.Col), "la/scan_next", d)
			for _, k := range s.Chunks {
				d.K = k
				r.fn(fmt.Sprintf("la/scan/%s_%s/%d", s.Name, s.Col, k.K), "la/vct/counter_chunk", d)
			}
			continue
		}
		ws := make([]int, s.W)
		for j := range ws {
			ws[j] = j
		}
		d := lookScanData{S: s, Ws: ws}
		r.fn(fmt.Sprintf("la/scan/%s_%s", s.Name, s.Col), "la/scan", d)
		r.fn(fmt.Sprintf("la/scan/%s_%s/next", s.Name, s.Col), "la/scan_next", d)
		for _, k := range s.Chunks {
			d.K = k
			r.fn(fmt.Sprintf("la/scan/%s_%s/%d", s.Name, s.Col, k.K), "la/scan_chunk", d)
		}
	}
	for _, w := range lp.Widths {
		d := lookInsertData{W: w, Last: w - 1}
		for j := w - 1; j >= 1; j-- {
			d.Up = append(d.Up, lookShift{J: j, Above: j - 1})
		}
		r.fn(fmt.Sprintf("la/insert/%d", w), "la/insert_w", d)
		for j := range w {
			r.fn(fmt.Sprintf("la/put/%d_%d", w, j), "la/put", lookPut{W: w, J: j, Last: w - 1})
		}
	}
	for _, lv := range lp.Levels {
		r.fn(fmt.Sprintf("la/lv/%d", lv.I), "la/lv", lv)
	}
	for _, k := range lp.Slots {
		r.fn(fmt.Sprintf("la/save/%d", k), "la/save", lookSlotData{K: k, Regs: lp.Regs})
		r.fn(fmt.Sprintf("la/load/%d", k), "la/load", lookSlotData{K: k, Regs: lp.Regs})
	}
}
