package lookahead

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

// Tactic is a position with its answer key, from a tactics table: the
// side to move must play one of Want.
type Tactic struct {
	Name  string
	Kind  string // KindVCF, KindFourThree, KindDefend, KindVCT or KindDefendVCT
	Board *game.Board
	Want  []int  // the moves that solve it (all of them, as the judge found them)
	Note  string // how the answer key was found
	Line  int    // where the entry starts in its file
}

// Kinds of tactic.
const (
	KindVCF       = "vcf"        // the side to move wins by continuous fours
	KindFourThree = "four-three" // ... and its line makes a four and an open three at once
	KindDefend    = "defend"     // the opponent wins by continuous fours unless one of few moves is played
	// The threat-space kinds (testdata/tactics-vct.txt, which the pack
	// plays with a VCT config: the default config has it off, so the main
	// table stays without them).
	KindVCT       = "vct"        // the side to move wins by fours and open threes, not by fours alone
	KindDefendVCT = "defend-vct" // the opponent wins by threats unless one of few moves is played
)

var kinds = []string{KindVCF, KindFourThree, KindDefend, KindVCT, KindDefendVCT}

// ReadTactics reads a tactics table (see ParseTactics).
func ReadTactics(path string) ([]Tactic, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseTactics(path, data)
}

// ParseTactics parses a tactics table: entries separated by blank lines,
// each a few "key: value" lines (name, kind, rule, want; note optional)
// and a picture of the board as game.Picture draws it (a header of column
// letters, one numbered row per line with . X O, and "<colour> to move").
// Lines starting with # are comments. Errors name the file and line.
func ParseTactics(file string, data []byte) ([]Tactic, error) {
	var out []Tactic
	var cur *entry
	flush := func() error {
		if cur == nil {
			return nil
		}
		t, err := cur.tactic()
		if err != nil {
			return fmt.Errorf("%s:%d: %w", file, cur.line, err)
		}
		out = append(out, t)
		cur = nil
		return nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), " \t\r")
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		if strings.TrimSpace(line) == "" {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		if cur == nil {
			cur = &entry{line: n, keys: map[string]string{}}
		}
		if err := cur.add(n, line); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", file, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return out, nil
}

type entry struct {
	line   int
	keys   map[string]string
	header bool     // the column letters were seen
	rows   []string // the board's rows, top first
	nums   []int    // their numbers
	toMove game.Colour
}

func (e *entry) add(n int, line string) error {
	t := strings.TrimSpace(line)
	switch {
	case e.toMove != game.Empty:
		return fmt.Errorf("text after %q ends the picture: %q", "to move", t)
	case strings.HasSuffix(t, " to move"):
		c, err := game.ParseColour(strings.TrimSuffix(t, " to move"))
		if err != nil {
			return err
		}
		e.toMove = c
	case !e.header && strings.HasPrefix(t, "a b"):
		e.header = true
	case e.header:
		num, cells, ok := strings.Cut(t, " ")
		k, err := strconv.Atoi(num)
		if !ok || err != nil {
			return fmt.Errorf("want a numbered board row, got %q", t)
		}
		if len(e.nums) > 0 && k != e.nums[len(e.nums)-1]-1 {
			return fmt.Errorf("board row %d follows row %d (rows count down to 1)", k, e.nums[len(e.nums)-1])
		}
		e.nums = append(e.nums, k)
		row := strings.ReplaceAll(cells, " ", "")
		if strings.Trim(row, ".XO") != "" {
			return fmt.Errorf("board row %s: only . X O may stand on a cell, got %q", num, cells)
		}
		e.rows = append(e.rows, row)
	default:
		k, v, ok := strings.Cut(t, ":")
		if !ok {
			return fmt.Errorf("want \"key: value\" or a board picture, got %q", t)
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch k {
		case "name", "kind", "rule", "want", "note":
		default:
			return fmt.Errorf("unknown key %q (known: name, kind, rule, want, note)", k)
		}
		if _, dup := e.keys[k]; dup {
			return fmt.Errorf("%s given twice", k)
		}
		e.keys[k] = v
	}
	return nil
}

func (e *entry) tactic() (Tactic, error) {
	t := Tactic{Name: e.keys["name"], Kind: e.keys["kind"], Note: e.keys["note"], Line: e.line}
	for _, k := range []string{"name", "kind", "rule", "want"} {
		if e.keys[k] == "" {
			return t, fmt.Errorf("entry has no %s", k)
		}
	}
	if !contains(kinds, t.Kind) {
		return t, fmt.Errorf("kind %q: want one of %s", t.Kind, strings.Join(kinds, ", "))
	}
	rule, err := game.ParseRule(e.keys["rule"])
	if err != nil {
		return t, err
	}
	if e.toMove == game.Empty {
		return t, fmt.Errorf("the picture has no \"<colour> to move\" line")
	}
	n := len(e.rows)
	if n > 0 && e.nums[n-1] != 1 {
		return t, fmt.Errorf("the picture's last row is %d, want 1", e.nums[n-1])
	}
	if n < game.MinSize || n > game.MaxSize {
		return t, fmt.Errorf("the picture has %d rows, want %d..%d", n, game.MinSize, game.MaxSize)
	}
	for i, r := range e.rows {
		if len(r) != n {
			return t, fmt.Errorf("board row %d has %d cells, want %d (a square board)", n-i, len(r), n)
		}
	}
	if t.Board, err = game.FromPicture(n, rule, e.toMove, e.rows...); err != nil {
		return t, err
	}
	if t.Board.Over() {
		return t, fmt.Errorf("the game in the picture is over")
	}
	for _, f := range strings.Fields(e.keys["want"]) {
		m, err := game.ParseMove(f, n)
		if err != nil {
			return t, fmt.Errorf("want %q: %w", f, err)
		}
		if err := t.Board.Legal(m); err != nil {
			return t, fmt.Errorf("want %s: %w", f, err)
		}
		t.Want = append(t.Want, m)
	}
	return t, nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
