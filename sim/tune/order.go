package tune

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"math/rand"
	"os"
	"slices"
	"strings"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// Move ordering fitted to a stronger engine's moves.
//
// The lookahead searches only the first few cells by the model's score
// (root_width at the root, width at its inner nodes), so a move the
// ordering ranks low is never searched however deep the search goes.
// FitOrder moves the weights below the decisive tiers so that the moves a
// strong engine chose in recorded positions rank among the first 1, 3 and
// 6 cells (the inner width's list) as often as it can.
//
// The labels file is text, one labelled position a line (gzip-compressed
// when it ends in .gz):
//
//	# a comment
//	size 15
//	rule freestyle
//	h10 i9 g7 f8 : j9
//
// the moves of the position in playing order (black first, human
// notation), a colon, and the engine's move for the side to move.

// Labelled is one labelled position.
type Labelled struct {
	Moves  []int  // the position's stones, in playing order (black first)
	Best   int    // the labelled move for the side to move
	Source string // file:line
}

// ParseLabels reads the labels format for a size×size board under rule;
// name is the file name for errors, which give its line and column.
func ParseLabels(data []byte, name string, size int, rule game.Rule) ([]Labelled, error) {
	var out []Labelled
	var errs []string
	fail := func(line, col int, format string, args ...any) {
		if len(errs) < 10 {
			errs = append(errs, fmt.Sprintf("%s:%d:%d: %s", name, line, col, fmt.Sprintf(format, args...)))
		}
	}
	haveSize := false
	for _, tl := range game.TextLines(data) {
		line, col, text := tl.N, tl.Col, tl.Text
		if header, err := game.HeaderLine(tl, "labels", size, rule); header {
			if err != nil {
				fail(line, col, "%v", err)
			}
			haveSize = haveSize || tl.Fields[0] == "size"
			continue
		}
		moves, best, ok := strings.Cut(text, ":")
		if !ok || strings.Contains(best, ":") {
			fail(line, col, "want the position's moves, a colon and the labelled move (h10 i9 g7 : f8)")
			continue
		}
		b, err := game.NewBoard(size, rule)
		if err != nil {
			return nil, err
		}
		l := Labelled{Source: fmt.Sprintf("%s:%d", name, line)}
		bad := false
		for _, fld := range game.FieldsAt(moves) {
			tok, at := fld.Text, fld.Col-1
			c, err := game.ParseMove(tok, size)
			if err == nil && strings.Contains(tok, ",") {
				err = fmt.Errorf("%q: use human notation like h8", tok)
			}
			if err == nil && b.Over() {
				err = fmt.Errorf("%s: the game was over before it", tok)
			}
			if err == nil {
				err = b.Play(c)
			}
			if err != nil {
				fail(line, at+1, "%v", err)
				bad = true
				break
			}
			l.Moves = append(l.Moves, c)
		}
		if bad {
			continue
		}
		at := len(moves) + 1 + len(best) - len(strings.TrimLeft(best, " \t")) + 1
		f := strings.Fields(best)
		if len(f) != 1 {
			fail(line, at, "want one labelled move after the colon")
			continue
		}
		c, err := game.ParseMove(f[0], size)
		if err == nil && strings.Contains(f[0], ",") {
			err = fmt.Errorf("%q: use human notation like h8", f[0])
		}
		if err == nil && b.Over() {
			err = fmt.Errorf("the game is over: no move to label")
		}
		if err == nil {
			err = b.Legal(c)
		}
		if err != nil {
			fail(line, at, "%v", err)
			continue
		}
		l.Best = c
		out = append(out, l)
	}
	if len(errs) == 0 && !haveSize {
		errs = append(errs, fmt.Sprintf("%s: no \"size N\" line", name))
	}
	if len(errs) == 0 && len(out) == 0 {
		errs = append(errs, fmt.Sprintf("%s: no labelled positions", name))
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return out, nil
}

// MaxLabelsBytes bounds a labels file, compressed or not.
const MaxLabelsBytes = 64 << 20

// LoadLabels reads a labels file, gunzipping it when it starts with
// gzip's magic bytes.
func LoadLabels(path string, size int, rule game.Rule) ([]Labelled, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxLabelsBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		z, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		data, err = io.ReadAll(io.LimitReader(z, MaxLabelsBytes+1))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	if len(data) > MaxLabelsBytes {
		return nil, fmt.Errorf("%s: over %d MB", path, MaxLabelsBytes>>20)
	}
	return ParseLabels(data, path, size, rule)
}

// OrderKeys are the weights FitOrder moves, in its order: the patterns
// below the decisive tiers (one to four) for attack and defence, and the
// double three for each side. The fives, open fours and the combos of
// fours stay: they are the rules (eval.Weights.CheckTiers).
var OrderKeys = func() []string {
	var keys []string
	for p := eval.One; p <= eval.Four; p++ {
		keys = append(keys, "weights.attack."+p.String(), "weights.defence."+p.String())
	}
	return append(keys, "weights.attack_combo.double_three", "weights.defence_combo.double_three")
}()

// orderTops are the list lengths whose hits FitOrder counts: the best
// cell, the first three, and the inner width's six.
var orderTops = []int{1, 3, 6}

// OrderReport is what FitOrder found: the share of labelled moves within
// the first k cells (Tops) before and after, on the positions it fitted
// and on those it held out (every fourth game).
type OrderReport struct {
	Positions, Fitted, HeldOut int
	Trivial                    int // left out: a five for either side to make or block
	Tops                       []int
	Before, After              [2][]float64 // [fitted, held out][k]
	Rounds                     int
}

// orderPos is a labelled position's features: per empty cell (in the
// model's order) how many of its lines hold each pattern of either side,
// and the combos either side makes there. A cell's score is their dot
// product with the weights (plus the centre bias, left alone).
type orderPos struct {
	feat   [][numOrderFeatures]int8
	bias   []int32
	target int // the labelled cell's index in feat
	game   int
}

const numOrderFeatures = 2*int(eval.NumPatterns) + 2*int(eval.NumCombos)

func weightVector(w *eval.Weights) []float64 {
	v := make([]float64, numOrderFeatures)
	np, nc := int(eval.NumPatterns), int(eval.NumCombos)
	for p := range np {
		v[p], v[np+p] = float64(w.Attack[p]), float64(w.Defence[p])
	}
	for c := range nc {
		v[2*np+c], v[2*np+nc+c] = float64(w.AttackCombo[c]), float64(w.DefenceCombo[c])
	}
	return v
}

func vectorWeights(base eval.Weights, v []float64) eval.Weights {
	w := base
	np, nc := int(eval.NumPatterns), int(eval.NumCombos)
	round := func(x float64) int32 { return int32(x + 0.5) }
	for p := range np {
		w.Attack[p], w.Defence[p] = round(v[p]), round(v[np+p])
	}
	for c := range nc {
		w.AttackCombo[c], w.DefenceCombo[c] = round(v[2*np+c]), round(v[2*np+nc+c])
	}
	return w
}

// orderIndex is where a key of OrderKeys sits in the weight vector.
func orderIndex(key string) int {
	np, nc := int(eval.NumPatterns), int(eval.NumCombos)
	side, name, _ := strings.Cut(strings.TrimPrefix(key, "weights."), ".")
	switch side {
	case "attack", "defence":
		p, _ := eval.ParsePattern(name)
		if side == "defence" {
			return np + int(p)
		}
		return int(p)
	default:
		c, _ := eval.ParseCombo(name)
		if side == "defence_combo" {
			return 2*np + nc + int(c)
		}
		return 2*np + int(c)
	}
}

// FitOrder fits w's ordering weights (OrderKeys) to the labelled moves on
// a size×size board under rule: rounds of a coordinate search, each key in
// a seeded order tried at 0.5, 0.7, 0.85, 1.15, 1.4 and 2 times its value
// (at least 1, and within its bounds where bounds lists it: a config's
// [tune.params] hold for every way of tuning it), a change kept when the sum of the hits within the first
// 1, 3 and 6 cells rises on the fitted positions and the weights still
// hold their tiers; it stops after a round that kept nothing, or after
// maxRounds. Positions are grouped into games (a position continues the
// game of the line before when that line's moves begin its own), and
// every fourth game is held out to show what the fit does to positions it
// did not see. A cancelled ctx stops it with ctx.Err().
func FitOrder(ctx context.Context, w eval.Weights, size int, rule game.Rule, labels []Labelled, bounds config.Tune, maxRounds int, seed int64) (eval.Weights, OrderReport, error) {
	rep := OrderReport{Tops: orderTops}
	if err := w.Validate(); err != nil {
		return w, rep, err
	}
	m, err := eval.NewModel(size, rule, w)
	if err != nil {
		return w, rep, err
	}
	defer m.Release()
	var fitted, held []*orderPos
	gameOf, games := -1, 0
	var prev []int
	st := eval.NewState(m)
	for _, l := range labels {
		if len(prev) == 0 || len(l.Moves) < len(prev) || !slices.Equal(l.Moves[:len(prev)], prev) {
			gameOf = -1
		}
		prev = l.Moves
		st.Reset()
		col := game.Black
		for _, c := range l.Moves {
			st.Place(c, col)
			col = col.Opponent()
		}
		p, trivial := orderFeatures(st, m, col, l.Best)
		if trivial {
			rep.Trivial++
			continue
		}
		if gameOf < 0 {
			gameOf, games = games, games+1
		}
		p.game = gameOf
		if p.game%4 == 3 {
			held = append(held, p)
		} else {
			fitted = append(fitted, p)
		}
	}
	rep.Positions, rep.Fitted, rep.HeldOut = len(fitted)+len(held), len(fitted), len(held)
	if len(fitted) == 0 {
		return w, rep, fmt.Errorf("no labelled positions to fit (%d left out: a five to make or block)", rep.Trivial)
	}
	v := weightVector(&w)
	rep.Before = [2][]float64{orderHits(fitted, v), orderHits(held, v)}
	best := orderObjective(fitted, v)
	rng := rand.New(rand.NewSource(seed))
	steps := []float64{0.5, 0.7, 0.85, 1.15, 1.4, 2}
	for rep.Rounds < maxRounds {
		rep.Rounds++
		improved := false
		for _, k := range rng.Perm(len(OrderKeys)) {
			j := orderIndex(OrderKeys[k])
			for _, s := range steps {
				if err := ctx.Err(); err != nil {
					return w, rep, err
				}
				u := slices.Clone(v)
				u[j] = max(1, u[j]*s)
				if lo, hi, ok := orderBounds(bounds, OrderKeys[k]); ok && (u[j]+0.5 < lo || u[j]+0.5 >= hi+1) {
					continue
				}
				cand := vectorWeights(w, u)
				if cand.Validate() != nil {
					continue
				}
				if o := orderObjective(fitted, u); o > best+1e-9 {
					best, v, improved = o, u, true
				}
			}
		}
		if !improved {
			break
		}
	}
	rep.After = [2][]float64{orderHits(fitted, v), orderHits(held, v)}
	return vectorWeights(w, v), rep, nil
}

// orderBounds are a key's bounds in a config's [tune.params], if it is
// listed there.
func orderBounds(t config.Tune, key string) (lo, hi float64, ok bool) {
	i, known := config.TunableIndex(key)
	if !known || !t.Params[i].On {
		return 0, 0, false
	}
	return float64(t.Params[i].Min), float64(t.Params[i].Max), true
}

// orderFeatures reads a position's features for col to move; trivial
// says a cell makes or blocks a five there (the tiers decide it).
func orderFeatures(st *eval.State, m *eval.Model, col game.Colour, target int) (*orderPos, bool) {
	p := &orderPos{target: -1}
	np, nc := int(eval.NumPatterns), int(eval.NumCombos)
	for _, c := range m.Order {
		if st.At(c) != game.Empty {
			continue
		}
		var f [numOrderFeatures]int8
		for d := range 4 {
			f[st.Pattern(c, d, col)]++
			f[np+int(st.Pattern(c, d, col.Opponent()))]++
		}
		if f[eval.Five] > 0 || f[np+int(eval.Five)] > 0 {
			return nil, true
		}
		ca := eval.Combos(st.Fours(c, col), st.OpenThrees(c, col))
		cd := eval.Combos(st.Fours(c, col.Opponent()), st.OpenThrees(c, col.Opponent()))
		for k := range nc {
			if ca[k] {
				f[2*np+k] = 1
			}
			if cd[k] {
				f[2*np+nc+k] = 1
			}
		}
		if c == target {
			p.target = len(p.feat)
		}
		p.feat = append(p.feat, f)
		p.bias = append(p.bias, m.Bias[c])
	}
	return p, false
}

// rank is how many cells come before the target in the lookahead's
// candidate order: a higher score, or the same score earlier in the
// model's order.
func (p *orderPos) rank(w []int64) int {
	score := func(i int) int64 {
		s := int64(p.bias[i])
		for j, f := range p.feat[i] {
			if f != 0 {
				s += int64(f) * w[j]
			}
		}
		return s
	}
	t := score(p.target)
	r := 0
	for i := range p.feat {
		if i == p.target {
			continue
		}
		if s := score(i); s > t || s == t && i < p.target {
			r++
		}
	}
	return r
}

func intWeights(v []float64) []int64 {
	w := make([]int64, len(v))
	for i, x := range v {
		w[i] = int64(x + 0.5)
	}
	return w
}

// orderHits is the share of positions whose labelled move is within
// each of orderTops' first cells.
func orderHits(ps []*orderPos, v []float64) []float64 {
	w := intWeights(v)
	h := make([]float64, len(orderTops))
	if len(ps) == 0 {
		return h
	}
	for _, p := range ps {
		r := p.rank(w)
		for j, k := range orderTops {
			if r < k {
				h[j]++
			}
		}
	}
	for j := range h {
		h[j] /= float64(len(ps))
	}
	return h
}

func orderObjective(ps []*orderPos, v []float64) float64 {
	var s float64
	for _, h := range orderHits(ps, v) {
		s += h
	}
	return s
}

// OrderValues are w's OrderKeys as SetValues takes them.
func OrderValues(w eval.Weights) map[string]int64 {
	v := weightVector(&w)
	out := map[string]int64{}
	for _, k := range OrderKeys {
		out[k] = int64(v[orderIndex(k)] + 0.5)
	}
	return out
}

// orderMark begins the header FitOrder's rewrite puts before a config's
// own (a tuning run's header, if any, stays after it).
const orderMark = "# Ordering fitted by mcgomoku tune --fit-order"

// OrderRewrite returns a config's text with the fitted ordering weights
// set and, before its own header, one saying how they were fitted (a
// header of an earlier fit is replaced), after checking that it loads
// back to the original with exactly those weights changed. name is the
// config's name for errors, labels the labels file's as the header
// gives it.
func OrderRewrite(name string, src []byte, labels string, start, fitted eval.Weights, rep OrderReport) ([]byte, error) {
	orig, err := config.Parse(name, src)
	if err != nil {
		return nil, err
	}
	values := OrderValues(fitted)
	out, err := SetValues(src, values)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if bytes.HasPrefix(out, []byte(orderMark)) {
		if end := bytes.Index(out, []byte("\n\n")); end >= 0 {
			out = out[end+2:]
		}
	}
	pct := func(h []float64) string {
		var s []string
		for _, x := range h {
			s = append(s, fmt.Sprintf("%.1f%%", 100*x))
		}
		return strings.Join(s, ", ")
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s %s, %d rounds:\n", orderMark, labels, rep.Rounds)
	fmt.Fprintf(&b, "# %d positions (%d fitted, %d held out), %d with a five to make or block left out.\n", rep.Positions, rep.Fitted, rep.HeldOut, rep.Trivial)
	fmt.Fprintf(&b, "# The labelled move within the first %s cells:\n", strings.Trim(strings.Join(strings.Fields(fmt.Sprint(rep.Tops)), ", "), "[]"))
	fmt.Fprintf(&b, "#   fitted %s → %s\n", pct(rep.Before[0]), pct(rep.After[0]))
	fmt.Fprintf(&b, "#   held out %s → %s\n", pct(rep.Before[1]), pct(rep.After[1]))
	fmt.Fprintf(&b, "# Fitted weights (start → fitted):\n")
	startValues := OrderValues(start)
	for _, k := range OrderKeys {
		fmt.Fprintf(&b, "#   %s: %d → %d\n", k, startValues[k], values[k])
	}
	b.WriteString("\n")
	b.Write(out)
	if err := checkRewrite(name, orig, b.Bytes(), values); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
