package datapack

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// JSONValue is a JSON value with the byte offset it starts at, so a
// problem in a resource can be reported at file:line:col (JSONLineCol).
// Objects keep their keys in file order with each key's offset.
type JSONValue struct {
	Kind  byte // 'o' object, 'a' array, 's' string, 'n' number, 'b' bool, 'z' null
	Off   int
	Str   string       // strings
	Num   float64      // numbers (±Inf beyond float64)
	IsInt bool         // the number has no fraction or exponent
	Bool  bool         // booleans
	Keys  []JSONMember // objects, in file order
	Elems []*JSONValue // lists
}

// JSONMember is one key of an object, with the offset of the key.
type JSONMember struct {
	Name string
	Off  int
	Val  *JSONValue
}

// Get returns the member name of an object, or nil.
func (n *JSONValue) Get(name string) *JSONValue {
	if n == nil || n.Kind != 'o' {
		return nil
	}
	for _, k := range n.Keys {
		if k.Name == name {
			return k.Val
		}
	}
	return nil
}

// KindName names the value's kind for messages ("an object", "a list", …).
func (n *JSONValue) KindName() string {
	switch n.Kind {
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

// JSONError is a syntax error at a byte offset.
type JSONError struct {
	Off int
	Msg string
}

func (e *JSONError) Error() string { return e.Msg }

// ParseJSON parses one JSON document (RFC 8259; the game's Gson is
// lenient in places, but what we write and check is strict JSON). Duplicate
// keys are an error: the game keeps one of them silently.
func ParseJSON(b []byte) (*JSONValue, error) {
	p := &jsonParser{b: b}
	p.space()
	n, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i < len(b) {
		return nil, &JSONError{Off: p.i, Msg: "invalid JSON: unexpected data after the top-level value"}
	}
	return n, nil
}

type jsonParser struct {
	b []byte
	i int
}

func (p *jsonParser) space() {
	for p.i < len(p.b) && (p.b[p.i] == ' ' || p.b[p.i] == '\t' || p.b[p.i] == '\n' || p.b[p.i] == '\r') {
		p.i++
	}
}

func (p *jsonParser) fail(format string, args ...any) error {
	return &JSONError{Off: p.i, Msg: "invalid JSON: " + fmt.Sprintf(format, args...)}
}

func (p *jsonParser) value(depth int) (*JSONValue, error) {
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
		n := &JSONValue{Kind: 'o', Off: start}
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
				return nil, &JSONError{Off: koff, Msg: fmt.Sprintf("duplicate key %q: the game keeps only one of them", k)}
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
			n.Keys = append(n.Keys, JSONMember{k, koff, v})
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
		n := &JSONValue{Kind: 'a', Off: start}
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
			n.Elems = append(n.Elems, v)
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
		return &JSONValue{Kind: 's', Off: start, Str: s}, nil
	case c == 't' && bytes.HasPrefix(p.b[p.i:], []byte("true")):
		p.i += 4
		return &JSONValue{Kind: 'b', Off: start, Bool: true}, nil
	case c == 'f' && bytes.HasPrefix(p.b[p.i:], []byte("false")):
		p.i += 5
		return &JSONValue{Kind: 'b', Off: start}, nil
	case c == 'n' && bytes.HasPrefix(p.b[p.i:], []byte("null")):
		p.i += 4
		return &JSONValue{Kind: 'z', Off: start}, nil
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
		return &JSONValue{Kind: 'n', Off: start, Num: f, IsInt: ierr == nil}, nil
	}
	r, _ := utf8.DecodeRune(p.b[p.i:])
	return nil, p.fail("unexpected %q", r)
}

// string reads a JSON string at p.i (which is '"').
func (p *jsonParser) string() (string, error) {
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

// JSONLineCol converts a byte offset of src to a 1-based line and
// character column.
func JSONLineCol(src []byte, off int) (int, int) {
	off = max(0, min(off, len(src)))
	line := 1 + bytes.Count(src[:off], []byte{'\n'})
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	return line, utf8.RuneCount(src[start:off]) + 1
}
