package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// jnode is a JSON value with the byte offset it starts at, so a problem in
// a resource can be reported at file:line:col. Objects keep their keys in
// file order with each key's offset.
type jnode struct {
	kind  byte // 'o' object, 'a' array, 's' string, 'n' number, 'b' bool, 'z' null
	off   int
	str   string  // strings
	num   float64 // numbers
	isInt bool    // the number has no fraction or exponent
	b     bool
	keys  []jkey // objects, in file order
	elems []*jnode
}

type jkey struct {
	name string
	off  int
	val  *jnode
}

// get returns the member name of an object, or nil.
func (n *jnode) get(name string) *jnode {
	if n == nil || n.kind != 'o' {
		return nil
	}
	for _, k := range n.keys {
		if k.name == name {
			return k.val
		}
	}
	return nil
}

func (n *jnode) kindName() string {
	switch n.kind {
	case 'o':
		return "an object"
	case 'a':
		return "a list"
	case 's':
		return "a string"
	case 'n':
		return "a number"
	case 'b':
		return "a boolean"
	}
	return "null"
}

// jsonError is a syntax error at a byte offset.
type jsonError struct {
	off int
	msg string
}

func (e *jsonError) Error() string { return e.msg }

// parseJSONTree parses one JSON document (RFC 8259; the game's Gson is
// lenient in places, but what we write and check is strict JSON). Duplicate
// keys are an error: the game keeps one of them silently.
func parseJSONTree(b []byte) (*jnode, error) {
	p := &jparser{b: b}
	p.space()
	n, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i < len(b) {
		return nil, &jsonError{p.i, "invalid JSON: unexpected data after the top-level value"}
	}
	return n, nil
}

type jparser struct {
	b []byte
	i int
}

func (p *jparser) space() {
	for p.i < len(p.b) && (p.b[p.i] == ' ' || p.b[p.i] == '\t' || p.b[p.i] == '\n' || p.b[p.i] == '\r') {
		p.i++
	}
}

func (p *jparser) fail(format string, args ...any) error {
	return &jsonError{p.i, "invalid JSON: " + fmt.Sprintf(format, args...)}
}

func (p *jparser) value(depth int) (*jnode, error) {
	if depth > 512 {
		return nil, p.fail("nested too deeply")
	}
	if p.i >= len(p.b) {
		return nil, p.fail("unexpected end of input")
	}
	start := p.i
	switch c := p.b[p.i]; {
	case c == '{':
		p.i++
		n := &jnode{kind: 'o', off: start}
		seen := map[string]bool{}
		p.space()
		if p.i < len(p.b) && p.b[p.i] == '}' {
			p.i++
			return n, nil
		}
		for {
			p.space()
			koff := p.i
			if p.i >= len(p.b) || p.b[p.i] != '"' {
				return nil, p.fail("expected a string key")
			}
			k, err := p.string()
			if err != nil {
				return nil, err
			}
			if seen[k] {
				return nil, &jsonError{koff, fmt.Sprintf("duplicate key %q: the game keeps only one of them", k)}
			}
			seen[k] = true
			p.space()
			if p.i >= len(p.b) || p.b[p.i] != ':' {
				return nil, p.fail("expected ':' after a key")
			}
			p.i++
			p.space()
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			n.keys = append(n.keys, jkey{k, koff, v})
			p.space()
			if p.i < len(p.b) && p.b[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.b) && p.b[p.i] == '}' {
				p.i++
				return n, nil
			}
			return nil, p.fail("expected ',' or '}'")
		}
	case c == '[':
		p.i++
		n := &jnode{kind: 'a', off: start}
		p.space()
		if p.i < len(p.b) && p.b[p.i] == ']' {
			p.i++
			return n, nil
		}
		for {
			p.space()
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			n.elems = append(n.elems, v)
			p.space()
			if p.i < len(p.b) && p.b[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.b) && p.b[p.i] == ']' {
				p.i++
				return n, nil
			}
			return nil, p.fail("expected ',' or ']'")
		}
	case c == '"':
		s, err := p.string()
		if err != nil {
			return nil, err
		}
		return &jnode{kind: 's', off: start, str: s}, nil
	case c == 't' && bytes.HasPrefix(p.b[p.i:], []byte("true")):
		p.i += 4
		return &jnode{kind: 'b', off: start, b: true}, nil
	case c == 'f' && bytes.HasPrefix(p.b[p.i:], []byte("false")):
		p.i += 5
		return &jnode{kind: 'b', off: start}, nil
	case c == 'n' && bytes.HasPrefix(p.b[p.i:], []byte("null")):
		p.i += 4
		return &jnode{kind: 'z', off: start}, nil
	case c == '-' || c >= '0' && c <= '9':
		j := p.i
		for j < len(p.b) && bytes.IndexByte([]byte("+-0123456789.eE"), p.b[j]) >= 0 {
			j++
		}
		lit := string(p.b[p.i:j])
		if !json.Valid([]byte(lit)) {
			return nil, p.fail("invalid number %q", lit)
		}
		f, _ := strconv.ParseFloat(lit, 64) // out of range: ±Inf, still a number
		_, ierr := strconv.ParseInt(lit, 10, 64)
		p.i = j
		return &jnode{kind: 'n', off: start, num: f, isInt: ierr == nil}, nil
	}
	r, _ := utf8.DecodeRune(p.b[p.i:])
	return nil, p.fail("unexpected %q", r)
}

// string reads a JSON string at p.i (which is '"').
func (p *jparser) string() (string, error) {
	start := p.i
	p.i++
	for p.i < len(p.b) {
		switch c := p.b[p.i]; {
		case c == '"':
			p.i++
			var s string
			if err := json.Unmarshal(p.b[start:p.i], &s); err != nil {
				p.i = start
				return "", p.fail("bad string: %v", err)
			}
			return s, nil
		case c == '\\':
			p.i += 2
		case c < 0x20:
			return "", p.fail("control character in a string")
		default:
			p.i++
		}
	}
	p.i = start
	return "", p.fail("unterminated string")
}

// jsonFile is a resource being checked: its path, bytes and the checker,
// so problems land at the right line and column.
type jsonFile struct {
	c    *checker
	path string
	src  []byte
}

// at reports a problem at byte offset off.
func (f *jsonFile) at(off int, format string, args ...any) {
	line, col := lineColOf(f.src, off)
	f.c.problem(f.path, line, col, format, args...)
}

// lineColOf converts a byte offset to a 1-based line and character column.
func lineColOf(src []byte, off int) (int, int) {
	off = max(0, min(off, len(src)))
	line := 1 + bytes.Count(src[:off], []byte{'\n'})
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	return line, utf8.RuneCount(src[start:off]) + 1
}

// parse parses the file, reporting a syntax error; nil when it fails.
func (f *jsonFile) parse() *jnode {
	n, err := parseJSONTree(f.src)
	if err != nil {
		off := 0
		if je, ok := err.(*jsonError); ok {
			off = je.off
		}
		f.at(off, "%v", err)
		return nil
	}
	return n
}
