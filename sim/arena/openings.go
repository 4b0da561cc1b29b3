package arena

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

// Opening is a start position: stones in playing order, black first. Each
// opening is played twice, once with each player on black.
type Opening struct {
	Moves  []int  // cell indices
	Source string // where it came from, "file:line" or "random #n", for errors
}

// Board sets the opening up on a new board.
func (o Opening) Board(size int, rule game.Rule) (*game.Board, error) {
	b, err := game.NewBoard(size, rule)
	if err != nil {
		return nil, err
	}
	if err := o.SetUp(b); err != nil {
		return nil, err
	}
	return b, nil
}

// SetUp empties b and plays the opening on it, for callers that reuse
// their boards from game to game.
func (o Opening) SetUp(b *game.Board) error {
	b.Reset()
	size := b.Size()
	for i, c := range o.Moves {
		if c < 0 || c >= b.Cells() {
			return fmt.Errorf("%s: move %d is off the %d×%d board", o.Source, i+1, size, size)
		}
		if err := b.Play(c); err != nil {
			return fmt.Errorf("%s: move %d: %w", o.Source, i+1, err)
		}
	}
	if b.Over() {
		return fmt.Errorf("%s: the opening already ends the game", o.Source)
	}
	return nil
}

// Notation returns the moves in human notation, space-separated.
func (o Opening) Notation(size int) string {
	s := make([]string, len(o.Moves))
	for i, c := range o.Moves {
		s[i] = game.FormatMove(c, size)
	}
	return strings.Join(s, " ")
}

// The openings file format, one opening per line:
//
//	# comments run from # to the end of the line
//	size 15          # the board the human-notation lines are for
//	rule freestyle   # the rule the openings were judged under
//	h8 i9 j7         # moves in human notation, black first
//	0,0, 1,-1, 2,1   # or Piskvork's form: x,y offsets from the centre
//
// The size and rule lines are optional; when present they must match the
// match's board and rule, so openings judged for one game are not silently
// used in another. Piskvork's relative form (the format of its
// openings.txt: x right, y down from the cell size/2,size/2) fits any
// board size. Every opening is replayed when read: a move off the board,
// on a stone, forbidden, or an opening that already ends the game is an
// error at its file:line:col.

// OpeningsError lists the problems found in an openings file.
type OpeningsError struct{ Errs []error }

func (e *OpeningsError) Error() string {
	s := make([]string, len(e.Errs))
	for i, err := range e.Errs {
		s[i] = err.Error()
	}
	return strings.Join(s, "\n")
}

func (e *OpeningsError) Unwrap() []error { return e.Errs }

// maxOpeningErrors stops a wrong file (say, a .psq given as text) from
// printing an error per line.
const maxOpeningErrors = 10

// ParseOpenings reads the openings text format for a size×size board under
// rule. name is the file name for errors.
func ParseOpenings(data []byte, name string, size int, rule game.Rule) ([]Opening, error) {
	var (
		ops  []Opening
		errs []error
	)
	fail := func(line, col int, format string, args ...any) {
		if len(errs) < maxOpeningErrors {
			errs = append(errs, fmt.Errorf("%s:%d:%d: %s", name, line, col, fmt.Sprintf(format, args...)))
		}
	}
	for _, l := range game.TextLines(data) {
		line, col, text := l.N, l.Col, l.Text
		if header, err := game.HeaderLine(l, "openings", size, rule); header {
			if err != nil {
				fail(line, col, "%v", err)
			}
			continue
		}
		op := Opening{Source: fmt.Sprintf("%s:%d", name, line)}
		if strings.Trim(text, "0123456789-, \t") == "" {
			// Piskvork's relative form.
			nums := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
			if len(nums) == 0 || len(nums)%2 != 0 {
				fail(line, col, "relative opening needs x,y pairs, got %d numbers", len(nums))
				continue
			}
			ok := true
			for i := 0; i < len(nums) && ok; i += 2 {
				dx, err1 := strconv.Atoi(nums[i])
				dy, err2 := strconv.Atoi(nums[i+1])
				x, y := size/2+dx, size/2+dy
				switch {
				case err1 != nil || err2 != nil:
					fail(line, col, "bad offset %s,%s", nums[i], nums[i+1])
					ok = false
				case x < 0 || y < 0 || x >= size || y >= size:
					fail(line, col, "offset %d,%d is off the %d×%d board", dx, dy, size, size)
					ok = false
				default:
					op.Moves = append(op.Moves, y*size+x)
				}
			}
			if !ok {
				continue
			}
		} else {
			ok := true
			for _, fld := range game.FieldsAt(text) {
				tok, at := fld.Text, fld.Col-1
				c, err := game.ParseMove(tok, size)
				if err != nil || strings.Contains(tok, ",") {
					if err == nil {
						err = fmt.Errorf("%q: use human notation like h8 (x,y pairs are read as Piskvork offsets only on lines of numbers)", tok)
					}
					fail(line, at+1, "%v", err)
					ok = false
					break
				}
				op.Moves = append(op.Moves, c)
			}
			if !ok {
				continue
			}
		}
		if _, err := op.Board(size, rule); err != nil {
			fail(line, col, "%v", strings.TrimPrefix(err.Error(), op.Source+": "))
			continue
		}
		ops = append(ops, op)
	}
	if len(errs) > 0 {
		return nil, &OpeningsError{Errs: errs}
	}
	if len(ops) == 0 {
		return nil, fmt.Errorf("%s: no openings", name)
	}
	return ops, nil
}

// LoadOpenings reads openings from a text file in the openings format, a
// .psq record, or a directory of .psq records. A record's moves are its
// opening, cut to at most plies moves when plies > 0 and always before the
// move that ended its game.
func LoadOpenings(path string, size int, rule game.Rule, plies int) ([]Opening, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		names, err := filepath.Glob(filepath.Join(path, "*.psq"))
		if err != nil {
			return nil, err
		}
		if len(names) == 0 {
			return nil, fmt.Errorf("%s: no .psq records in the folder", path)
		}
		sort.Strings(names)
		var ops []Opening
		for _, n := range names {
			op, err := psqOpening(n, size, rule, plies)
			if err != nil {
				return nil, err
			}
			ops = append(ops, op)
		}
		return ops, nil
	}
	if strings.EqualFold(filepath.Ext(path), ".psq") {
		op, err := psqOpening(path, size, rule, plies)
		if err != nil {
			return nil, err
		}
		return []Opening{op}, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	ops, err := ParseOpenings(data, path, size, rule)
	if err != nil {
		return nil, err
	}
	if plies > 0 {
		for i := range ops {
			ops[i].Moves = ops[i].Moves[:min(plies, len(ops[i].Moves))]
		}
	}
	return ops, nil
}

func psqOpening(path string, size int, rule game.Rule, plies int) (Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return Opening{}, err
	}
	defer f.Close()
	rec, err := game.ReadPSQ(f, path)
	if err != nil {
		return Opening{}, err
	}
	if rec.Size != size {
		return Opening{}, fmt.Errorf("%s: record is for a %d×%d board, the board is %d×%d", path, rec.Size, rec.Size, size, size)
	}
	moves := rec.Cells()
	if plies > 0 && len(moves) > plies {
		moves = moves[:plies]
	}
	b := game.MustBoard(size, rule)
	for i, c := range moves {
		if err := b.Play(c); err != nil {
			return Opening{}, fmt.Errorf("%s: move %d: %w", path, i+1, err)
		}
		if b.Over() {
			// The record's last moves finished the game; an opening must
			// leave it open.
			moves = moves[:i]
			break
		}
	}
	return Opening{Moves: moves, Source: path}, nil
}

// WriteOpenings writes openings in the text format, with a header naming
// the board and rule. comment lines (without #) go first.
func WriteOpenings(w io.Writer, size int, rule game.Rule, ops []Opening, comment ...string) error {
	var b strings.Builder
	for _, c := range comment {
		fmt.Fprintf(&b, "# %s\n", c)
	}
	fmt.Fprintf(&b, "size %d\nrule %v\n", size, rule)
	for _, op := range ops {
		b.WriteString(op.Notation(size))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// DefaultStones is the length of a random opening: black, white, black,
// leaving white to move, like the classic three-stone openings.
const DefaultStones = 3

// MaxStones is the longest random opening on a size×size board: an eighth
// of the board (28 stones on 15×15, 45 on 19×19). Stones drawn at random
// make a five ever more often as they fill the board: at this bound about
// one draw in ten (one in twenty on 19×19) is still unfinished, so openings
// come at once; a little further none come at all. Longer openings are
// made by hand or by a player, and given as an openings file.
func MaxStones(size int) int { return max(1, size*size/8) }

// CheckStones reports why random openings of the given number of stones
// cannot be drawn on a size×size board.
func CheckStones(size, stones int) error {
	switch {
	case stones <= 0:
		return fmt.Errorf("random openings need at least one stone, got %d", stones)
	case stones > MaxStones(size):
		return fmt.Errorf("random openings of %d stones do not fit a %d×%d board: at most %d (an eighth of the board) can be drawn without making a five; give longer openings in a file", stones, size, size, MaxStones(size))
	}
	return nil
}

// RandomOpenings returns n distinct openings of the given number of stones
// (0 means DefaultStones) placed at random near the centre (within radius
// cells of it, widening when the square runs out of distinct openings),
// legal under rule and not already won. The same seed gives the same
// openings, and the first n of a larger draw. stones must pass
// CheckStones, which bounds the work: callers check it where the number
// comes in.
func RandomOpenings(size int, rule game.Rule, n, stones int, seed int64) []Opening {
	d := NewOpeningDraw(size, rule, stones, seed)
	defer d.Close()
	ops := make([]Opening, 0, n)
	for len(ops) < n {
		ops = append(ops, d.Next())
	}
	return ops
}

// OpeningDraw draws RandomOpenings' openings one at a time, for runs that
// should hold only the openings they are playing.
type OpeningDraw struct {
	rng    *rand.Rand
	b      *game.Board
	rule   game.Rule
	stones int
	radius int
	tries  int
	drawn  int
	// seen holds each opening drawn, its stones by colour packed two
	// bytes a cell, so every draw is distinct while distinct ones come.
	seen map[string]bool
}

// maxSeen bounds the openings a draw keeps to tell new ones from repeats
// (tens of megabytes of keys): a run of billions of games draws past it, and
// later openings are then told only from those first ones.
var maxSeen = 1 << 20 // a variable for the tests

// NewOpeningDraw starts a draw; stones as for RandomOpenings.
func NewOpeningDraw(size int, rule game.Rule, stones int, seed int64) *OpeningDraw {
	if stones <= 0 {
		stones = DefaultStones
	}
	if err := CheckStones(size, stones); err != nil {
		panic("internal error: " + err.Error())
	}
	// One board for every draw, and for the next draw: tuning draws
	// openings for each iteration.
	b, _ := drawBoards[size][rule].Get().(*game.Board)
	if b == nil {
		b = game.MustBoard(size, rule)
	}
	return &OpeningDraw{rng: rand.New(rand.NewPCG(uint64(seed), 0x6f70656e696e6773)), // "openings"
		b: b, rule: rule, stones: stones, radius: min(2, size/2), seen: map[string]bool{}}
}

// Next returns the next opening of the draw.
func (d *OpeningDraw) Next() Opening {
	size := d.b.Size()
	for {
		d.tries++
		if d.tries > 200 && d.radius < size/2 {
			// Few distinct openings fit: widen the square.
			d.radius++
			d.tries = 0
		}
		op, key, ok := randomOpening(d.rng, d.b, d.stones, d.radius)
		if !ok {
			continue
		}
		if d.seen[key] && d.tries <= 200*size {
			continue
		}
		if len(d.seen) < maxSeen {
			d.seen[key] = true
		}
		d.drawn++
		op.Source = fmt.Sprintf("random opening %d", d.drawn)
		return op
	}
}

// Close hands the draw's board back for the next draw; d is then unusable.
func (d *OpeningDraw) Close() {
	if d.b != nil {
		drawBoards[d.b.Size()][d.rule].Put(d.b)
		d.b = nil
	}
}

// drawBoards are RandomOpenings' boards, by size and rule.
var drawBoards [game.MaxSize + 1][game.Renju + 1]sync.Pool

// randomOpening draws one opening on b, which it empties first.
func randomOpening(rng *rand.Rand, b *game.Board, stones, radius int) (Opening, string, bool) {
	b.Reset()
	size := b.Size()
	c := size / 2
	for k := 0; k < stones; k++ {
		x := c - radius + rng.IntN(2*radius+1)
		y := c - radius + rng.IntN(2*radius+1)
		x, y = max(0, min(size-1, x)), max(0, min(size-1, y))
		if b.Play(b.Index(x, y)) != nil || b.Over() {
			return Opening{}, "", false
		}
	}
	// Openings with the same stones of each colour are the same position,
	// whatever the order they were drawn in.
	var black, white []int
	for _, m := range b.History() {
		if b.At(m) == game.Black {
			black = append(black, m)
		} else {
			white = append(white, m)
		}
	}
	sort.Ints(black)
	sort.Ints(white)
	key := make([]byte, 0, 2*len(black)+2+2*len(white))
	for _, m := range black {
		key = append(key, byte(m>>8), byte(m))
	}
	key = append(key, 0xff, 0xff) // no cell: between the colours
	for _, m := range white {
		key = append(key, byte(m>>8), byte(m))
	}
	return Opening{Moves: append([]int(nil), b.History()...)}, string(key), true
}
