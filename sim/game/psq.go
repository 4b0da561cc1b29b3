package game

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Record is a game as Piskvork saves it in a .psq file, the record format of
// the Gomocup community:
//
//	Piskvorky 15x15, 11:11, 0
//	8,8,0
//	9,9,1250
//	...
//	pbrain-black.exe
//	pbrain-white.exe
//	0
//
// The header gives the board size (width x height; only square boards are
// supported), the two players' Piskvork levels (0 for a human) and a swap
// flag. Each move line is "x,y,time": column and row counted from 1 at the
// top left (unlike the protocol's 0-based coordinates), and the thinking
// time in milliseconds. Moves alternate from black. Lines after the moves
// (the players' names and a result code when a manager wrote the file) are
// kept as the Trailer.
type Record struct {
	Size    int
	Levels  [2]int // Piskvork's per-player level field ("11:11"); 0 = human
	Swap    int    // the header's last field, 0 or 1
	Moves   []RecordMove
	Trailer []string // the lines after the moves, without line ends
}

// RecordMove is one move of a Record.
type RecordMove struct {
	Cell int // cell index on the record's board
	Time int // thinking time in milliseconds
}

// PSQError is a syntax error in a .psq file, printed file:line:col.
type PSQError struct {
	File      string
	Line, Col int // 1-based
	Msg       string
}

func (e *PSQError) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// maxPSQLine bounds one line so a binary file cannot make the reader
// buffer without limit.
const maxPSQLine = 64 << 10

// ReadPSQ parses a .psq record. name is the file name used in errors. It
// checks that every move is on the board and on an empty cell; whether the
// moves are legal under a rule is Board's business (see Record.Board).
func ReadPSQ(r io.Reader, name string) (*Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxPSQLine)
	sc.Split(scanLinesAnyEnd)
	line := 0
	fail := func(col int, format string, args ...any) error {
		return &PSQError{File: name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		line = 1
		return nil, fail(1, "empty file: want a header like \"Piskvorky 15x15, 11:11, 0\"")
	}
	line++
	rec := &Record{}
	if err := rec.parseHeader(strings.TrimPrefix(sc.Text(), "\ufeff")); err != nil {
		return nil, fail(1, "%v", err)
	}
	seen := make(map[int]bool)
	inMoves := true
	for sc.Scan() {
		line++
		text := sc.Text()
		if inMoves {
			x, y, t, ok := parsePSQMove(text)
			if ok {
				if x < 1 || y < 1 || x > rec.Size || y > rec.Size {
					return nil, fail(1, "move %d,%d is off the %d×%d board (coordinates are 1-based)", x, y, rec.Size, rec.Size)
				}
				cell := (y-1)*rec.Size + (x - 1)
				if seen[cell] {
					return nil, fail(1, "move %d,%d repeats an occupied cell", x, y)
				}
				seen[cell] = true
				rec.Moves = append(rec.Moves, RecordMove{Cell: cell, Time: t})
				continue
			}
			inMoves = false
		}
		rec.Trailer = append(rec.Trailer, text)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	// A file ends with a newline; Scanner does not report the empty
	// remainder, so there is nothing to trim here but blank trailing lines
	// some editors add.
	for len(rec.Trailer) > 0 && strings.TrimSpace(rec.Trailer[len(rec.Trailer)-1]) == "" {
		rec.Trailer = rec.Trailer[:len(rec.Trailer)-1]
	}
	return rec, nil
}

// ParsePSQ is ReadPSQ over bytes.
func ParsePSQ(data []byte, name string) (*Record, error) { return ReadPSQ(bytes.NewReader(data), name) }

func (rec *Record) parseHeader(s string) error {
	const want = `want a header like "Piskvorky 15x15, 11:11, 0"`
	rest, ok := strings.CutPrefix(strings.TrimSpace(s), "Piskvorky ")
	if !ok {
		return fmt.Errorf("not a .psq record: %s", want)
	}
	fields := strings.Split(rest, ",")
	if len(fields) != 3 {
		return fmt.Errorf("bad header %q: %s", s, want)
	}
	ws, hs, ok := strings.Cut(strings.TrimSpace(fields[0]), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil {
		return fmt.Errorf("bad board size %q: %s", strings.TrimSpace(fields[0]), want)
	}
	if w != h {
		return fmt.Errorf("board %dx%d is not square; only square boards are supported", w, h)
	}
	if w < MinSize || w > MaxSize {
		return fmt.Errorf("board size %d is out of range %d..%d", w, MinSize, MaxSize)
	}
	l1s, l2s, ok := strings.Cut(strings.TrimSpace(fields[1]), ":")
	l1, err1 := strconv.Atoi(l1s)
	l2, err2 := strconv.Atoi(l2s)
	if !ok || err1 != nil || err2 != nil {
		return fmt.Errorf("bad levels %q: %s", strings.TrimSpace(fields[1]), want)
	}
	swap, err := strconv.Atoi(strings.TrimSpace(fields[2]))
	if err != nil || (swap != 0 && swap != 1) {
		return fmt.Errorf("bad swap flag %q: want 0 or 1", strings.TrimSpace(fields[2]))
	}
	rec.Size, rec.Levels, rec.Swap = w, [2]int{l1, l2}, swap
	return nil
}

// parsePSQMove parses "x,y" or "x,y,time" (spaces allowed around numbers).
func parsePSQMove(s string) (x, y, t int, ok bool) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 && len(parts) != 3 {
		return 0, 0, 0, false
	}
	var n [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return 0, 0, 0, false
		}
		n[i] = v
	}
	return n[0], n[1], n[2], true
}

// scanLinesAnyEnd splits on LF, CR LF or a lone CR, as the Gomocup tools
// write all three.
func scanLinesAnyEnd(data []byte, atEOF bool) (advance int, token []byte, err error) {
	for i, c := range data {
		switch c {
		case '\n':
			return i + 1, data[:i], nil
		case '\r':
			if i+1 < len(data) {
				if data[i+1] == '\n' {
					return i + 2, data[:i], nil
				}
				return i + 1, data[:i], nil
			}
			if atEOF {
				return i + 1, data[:i], nil
			}
			return 0, nil, nil // need one more byte to tell CR from CR LF
		}
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// WriteTo writes the record in .psq form with LF line ends.
func (rec *Record) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "Piskvorky %dx%d, %d:%d, %d\n", rec.Size, rec.Size, rec.Levels[0], rec.Levels[1], rec.Swap)
	for _, m := range rec.Moves {
		fmt.Fprintf(&b, "%d,%d,%d\n", m.Cell%rec.Size+1, m.Cell/rec.Size+1, m.Time)
	}
	for _, t := range rec.Trailer {
		// A trailer line holding a newline would split into two lines and
		// change the record; names come from users, so flatten them.
		t = strings.NewReplacer("\r", " ", "\n", " ").Replace(t)
		b.WriteString(t)
		b.WriteByte('\n')
	}
	n, err := w.Write(b.Bytes())
	return int64(n), err
}

// Bytes returns the record in .psq form.
func (rec *Record) Bytes() []byte {
	var b bytes.Buffer
	rec.WriteTo(&b) // a bytes.Buffer write cannot fail
	return b.Bytes()
}

// Cells returns the record's moves as cell indices in playing order.
func (rec *Record) Cells() []int {
	cells := make([]int, len(rec.Moves))
	for i, m := range rec.Moves {
		cells[i] = m.Cell
	}
	return cells
}

// Board replays the record under rule, black first, and returns the final
// position. It fails on a move the rule forbids or one played after the
// game was already won, naming the move's number (1-based).
func (rec *Record) Board(rule Rule) (*Board, error) {
	b, err := NewBoard(rec.Size, rule)
	if err != nil {
		return nil, err
	}
	for i, m := range rec.Moves {
		if err := b.Play(m.Cell); err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	return b, nil
}

// NewRecord returns the record of b's game: its moves in playing order with
// the given thinking times in milliseconds (times may be shorter than the
// history; missing ones are 0).
func NewRecord(b *Board, times []int) *Record {
	rec := &Record{Size: b.Size()}
	for i, c := range b.History() {
		t := 0
		if i < len(times) {
			t = times[i]
		}
		rec.Moves = append(rec.Moves, RecordMove{Cell: c, Time: t})
	}
	return rec
}
