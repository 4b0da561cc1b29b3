package tune

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/mcgomoku/mcgomoku/sim/config"
)

// SetValues returns TOML text with the integer values of the given keys
// (full dotted keys, "weights.attack.open_three") replaced, and every
// other byte kept: comments, layout, key order, digit grouping. A value
// keeps its underscore grouping ("2_600"), and a comment after it keeps
// its column where the spaces allow. Keys the text does not hold are
// added at the end of their table's section (or in a new table at the
// end). The scanner understands enough TOML for config files: tables,
// dotted and quoted keys, inline tables, arrays and all string forms; a
// key whose value is not an integer literal is an error.
//
// SetValues does not check its result; WriteConfig does, by loading it
// back.
func SetValues(src []byte, values map[string]int64) ([]byte, error) {
	s := &scanner{src: src, values: values, found: map[string]bool{}, sections: map[string]int{},
		grouped: groupedNumber.Match(src)}
	if err := s.run(); err != nil {
		return nil, err
	}
	group := s.grouped
	var edits []edit
	edits = append(edits, s.edits...)
	// Missing keys, in a stable order, into their table's section.
	var missing []string
	for k := range values {
		if !s.found[k] {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	var tail strings.Builder
	newTables := map[string][]string{}
	var newOrder []string
	for _, k := range missing {
		if table, rest := s.tableFor(k); table != "" {
			at := s.sections[table]
			line := fmt.Sprintf("%s = %s\n", rest, formatInt(values[k], group && abs64(values[k]) >= 1000))
			if at == len(src) && at > 0 && src[at-1] != '\n' {
				line = "\n" + line
			}
			edits = append(edits, edit{at: at, end: at, text: line})
			continue
		}
		// No table to add it to: a new one at the end. (Not a dotted key
		// at the top, which a later header for its parent would clash
		// with.)
		parent, last := splitLast(k)
		if _, seen := newTables[parent]; !seen {
			newOrder = append(newOrder, parent)
		}
		newTables[parent] = append(newTables[parent], fmt.Sprintf("%s = %s\n", last, formatInt(values[k], group && abs64(values[k]) >= 1000)))
	}
	for _, t := range newOrder {
		fmt.Fprintf(&tail, "\n[%s]\n%s", t, strings.Join(newTables[t], ""))
	}
	out := apply(src, edits)
	if tail.Len() > 0 {
		if len(out) > 0 && out[len(out)-1] != '\n' {
			out = append(out, '\n')
		}
		out = append(out, tail.String()...)
	}
	return out, nil
}

// edit replaces src[at:end] with text.
type edit struct {
	at, end int
	text    string
}

func apply(src []byte, edits []edit) []byte {
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].at < edits[j].at })
	var out []byte
	pos := 0
	for _, e := range edits {
		out = append(out, src[pos:e.at]...)
		out = append(out, e.text...)
		pos = e.end
	}
	return append(out, src[pos:]...)
}

// scanner walks TOML text statement by statement.
type scanner struct {
	src    []byte
	pos    int
	values map[string]int64
	found  map[string]bool
	edits  []edit
	// sections maps each [table] header's key to the offset just after
	// its section's last statement line, where a new key may go.
	sections map[string]int
	table    string
	grouped  bool // the file groups digits with underscores somewhere
}

func (s *scanner) errorf(format string, args ...any) error {
	line := 1 + bytes.Count(s.src[:min(s.pos, len(s.src))], []byte("\n"))
	return fmt.Errorf("line %d: %s", line, fmt.Sprintf(format, args...))
}

func (s *scanner) run() error {
	s.sections[""] = 0
	for {
		s.skipBlank()
		if s.pos >= len(s.src) {
			return nil
		}
		switch s.src[s.pos] {
		case '[':
			if err := s.header(); err != nil {
				return err
			}
		default:
			if err := s.keyValue(s.table); err != nil {
				return err
			}
		}
		if err := s.endOfLine(); err != nil {
			return err
		}
		if s.table != "\x00" {
			s.sections[s.table] = s.pos
		}
	}
}

// skipBlank skips whitespace, newlines and comments.
func (s *scanner) skipBlank() {
	for s.pos < len(s.src) {
		switch c := s.src[s.pos]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			s.pos++
		case c == '#':
			for s.pos < len(s.src) && s.src[s.pos] != '\n' {
				s.pos++
			}
		default:
			return
		}
	}
}

func (s *scanner) skipSpace() {
	for s.pos < len(s.src) && (s.src[s.pos] == ' ' || s.src[s.pos] == '\t') {
		s.pos++
	}
}

// endOfLine skips an optional comment and the newline after a statement.
func (s *scanner) endOfLine() error {
	s.skipSpace()
	if s.pos < len(s.src) && s.src[s.pos] == '#' {
		for s.pos < len(s.src) && s.src[s.pos] != '\n' {
			s.pos++
		}
	}
	if s.pos < len(s.src) && s.src[s.pos] == '\r' {
		s.pos++
	}
	if s.pos < len(s.src) {
		if s.src[s.pos] != '\n' {
			return s.errorf("unexpected %q after a value", s.src[s.pos])
		}
		s.pos++
	}
	return nil
}

func (s *scanner) header() error {
	s.pos++
	array := s.pos < len(s.src) && s.src[s.pos] == '['
	if array {
		s.pos++
	}
	s.skipSpace()
	key, err := s.key()
	if err != nil {
		return err
	}
	s.skipSpace()
	close := "]"
	if array {
		close = "]]"
	}
	if !bytes.HasPrefix(s.src[s.pos:], []byte(close)) {
		return s.errorf("unterminated table header")
	}
	s.pos += len(close)
	s.table = key
	if array {
		// Keys under an array of tables belong to one element each: none
		// of ours, and no place to add one.
		s.table = "\x00"
	}
	return nil
}

// key reads a dotted key and returns it joined with dots, quotes removed.
func (s *scanner) key() (string, error) {
	var parts []string
	for {
		s.skipSpace()
		if s.pos >= len(s.src) {
			return "", s.errorf("missing key")
		}
		switch c := s.src[s.pos]; c {
		case '"', '\'':
			str, err := s.str()
			if err != nil {
				return "", err
			}
			parts = append(parts, str)
		default:
			start := s.pos
			for s.pos < len(s.src) && isBare(s.src[s.pos]) {
				s.pos++
			}
			if s.pos == start {
				return "", s.errorf("bad key character %q", c)
			}
			parts = append(parts, string(s.src[start:s.pos]))
		}
		s.skipSpace()
		if s.pos < len(s.src) && s.src[s.pos] == '.' {
			s.pos++
			continue
		}
		return strings.Join(parts, "."), nil
	}
}

func isBare(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// str reads a one-line string (basic or literal) and returns its value
// for keys; escapes other than \" and \\ are kept as written, which is
// enough to compare keys made of plain characters.
func (s *scanner) str() (string, error) {
	q := s.src[s.pos]
	s.pos++
	var b strings.Builder
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == q:
			s.pos++
			return b.String(), nil
		case c == '\n':
			return "", s.errorf("newline in a string")
		case c == '\\' && q == '"' && s.pos+1 < len(s.src):
			s.pos++
			if e := s.src[s.pos]; e == '"' || e == '\\' {
				b.WriteByte(e)
			} else {
				b.WriteByte('\\')
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
		}
		s.pos++
	}
	return "", s.errorf("unterminated string")
}

func (s *scanner) keyValue(table string) error {
	k, err := s.key()
	if err != nil {
		return err
	}
	if s.pos >= len(s.src) || s.src[s.pos] != '=' {
		return s.errorf("want = after key %q", k)
	}
	s.pos++
	s.skipSpace()
	full := k
	if table != "" {
		full = table + "." + k
	}
	return s.value(full)
}

// value scans the value of key full, editing it when it is one of ours.
func (s *scanner) value(full string) error {
	if s.pos >= len(s.src) {
		return s.errorf("missing value")
	}
	switch c := s.src[s.pos]; {
	case c == '"' || c == '\'':
		if bytes.HasPrefix(s.src[s.pos:], []byte{c, c, c}) {
			return s.multiline(c)
		}
		_, err := s.str()
		return err
	case c == '[':
		return s.array()
	case c == '{':
		return s.inline(full)
	}
	start := s.pos
	for s.pos < len(s.src) && !strings.ContainsRune(" \t\r\n#,]}", rune(s.src[s.pos])) {
		s.pos++
	}
	tok := string(s.src[start:s.pos])
	v, ok := s.values[full]
	if !ok || full == "\x00" || strings.HasPrefix(full, "\x00") {
		return nil
	}
	if !isDecimal(tok) {
		return s.errorf("key %q: want a decimal integer to replace, found %q", full, tok)
	}
	if s.found[full] {
		return s.errorf("key %q appears twice", full)
	}
	s.found[full] = true
	// Group the digits as the literal does; a literal too short to show
	// a style follows the file's.
	digits := strings.Trim(tok, "+-_")
	group := strings.Contains(tok, "_") || (s.grouped && len(digits) < 4)
	text := formatInt(v, group && abs64(v) >= 1000)
	end := s.pos
	// Keep a trailing comment's column: take spaces from (or give them
	// to) the gap before it.
	gap := end
	for gap < len(s.src) && (s.src[gap] == ' ' || s.src[gap] == '\t') {
		gap++
	}
	if gap < len(s.src) && s.src[gap] == '#' && !bytes.Contains(s.src[end:gap], []byte("\t")) {
		spaces := (gap - end) + len(tok) - len(text)
		text += strings.Repeat(" ", max(1, spaces))
		end = gap
	}
	s.edits = append(s.edits, edit{at: start, end: end, text: text})
	return nil
}

func isDecimal(tok string) bool {
	t := strings.TrimLeft(tok, "+-")
	if t == "" || t[0] == '_' || t[len(t)-1] == '_' || strings.Contains(t, "__") {
		return false
	}
	for _, c := range t {
		if (c < '0' || c > '9') && c != '_' {
			return false
		}
	}
	return true
}

func (s *scanner) multiline(q byte) error {
	s.pos += 3
	end := bytes.Index(s.src[s.pos:], []byte{q, q, q})
	if end < 0 {
		return s.errorf("unterminated multi-line string")
	}
	if q == '"' {
		// An escaped quote cannot end the string.
		for i := s.pos; ; {
			j := bytes.Index(s.src[i:], []byte(`"""`))
			if j < 0 {
				return s.errorf("unterminated multi-line string")
			}
			at := i + j
			bs := 0
			for k := at - 1; k >= s.pos && s.src[k] == '\\'; k-- {
				bs++
			}
			if bs%2 == 0 {
				end = at - s.pos
				break
			}
			i = at + 1
		}
	}
	s.pos += end + 3
	// Up to two more quotes belong to the string's content.
	for n := 0; n < 2 && s.pos < len(s.src) && s.src[s.pos] == q; n++ {
		s.pos++
	}
	return nil
}

func (s *scanner) array() error {
	s.pos++
	for {
		s.skipBlank()
		if s.pos >= len(s.src) {
			return s.errorf("unterminated array")
		}
		if s.src[s.pos] == ']' {
			s.pos++
			return nil
		}
		if err := s.value("\x00"); err != nil {
			return err
		}
		s.skipBlank()
		if s.pos < len(s.src) && s.src[s.pos] == ',' {
			s.pos++
		}
	}
}

func (s *scanner) inline(prefix string) error {
	s.pos++
	for {
		s.skipBlank()
		if s.pos >= len(s.src) {
			return s.errorf("unterminated inline table")
		}
		if s.src[s.pos] == '}' {
			s.pos++
			return nil
		}
		if err := s.keyValue(prefix); err != nil {
			return err
		}
		s.skipBlank()
		if s.pos < len(s.src) && s.src[s.pos] == ',' {
			s.pos++
		}
	}
}

// tableFor finds the longest [table] header that is a proper prefix of
// key and returns it with the rest of the key, or "" and the whole key.
func (s *scanner) tableFor(key string) (table, rest string) {
	best := ""
	for t := range s.sections {
		if t != "" && strings.HasPrefix(key, t+".") && len(t) > len(best) {
			best = t
		}
	}
	if best == "" {
		return "", key
	}
	return best, strings.TrimPrefix(key, best+".")
}

func splitLast(key string) (string, string) {
	i := strings.LastIndex(key, ".")
	if i < 0 {
		return "", key
	}
	return key[:i], key[i+1:]
}

// groupedNumber finds a digit grouped with underscores, "2_600".
var groupedNumber = regexp.MustCompile(`[0-9]_[0-9]`)

// formatInt writes v, grouping thousands with underscores when asked.
func formatInt(v int64, group bool) string {
	s := strconv.FormatInt(abs64(v), 10)
	if group {
		var b strings.Builder
		for i, c := range s {
			if i > 0 && (len(s)-i)%3 == 0 {
				b.WriteByte('_')
			}
			b.WriteRune(c)
		}
		s = b.String()
	}
	if v < 0 {
		return "-" + s
	}
	return s
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// headerMark starts the comment block a tuning run puts at the top of the
// file it writes; the block runs to the first blank line and is replaced
// when the file is tuned again.
const headerMark = "# Tuned by mcgomoku tune"

// SetHeader returns src with its tuning header (if any) replaced by
// lines, each written as a comment; a line starting with headerMark
// is expected first.
func SetHeader(src []byte, lines []string) []byte {
	if bytes.HasPrefix(src, []byte(headerMark)) {
		end := bytes.Index(src, []byte("\n\n"))
		if end < 0 {
			src = nil
		} else {
			src = src[end+2:]
		}
	}
	var b bytes.Buffer
	for _, l := range lines {
		if l == "" {
			b.WriteString("#\n")
			continue
		}
		b.WriteString("# " + l + "\n")
	}
	if b.Len() > 0 {
		b.WriteByte('\n')
	}
	b.Write(src)
	return b.Bytes()
}

// Rewrite returns a config's text with the tuned values (weights and
// lookahead values) set and the header replaced, after checking that it
// loads back (config.Parse) to the original config with exactly those
// values changed. name is the original's name, for errors.
func Rewrite(name string, src []byte, values map[string]int64, header []string) ([]byte, error) {
	orig, err := config.Parse(name, src)
	if err != nil {
		return nil, err
	}
	out, err := SetValues(src, values)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	out = SetHeader(out, header)
	if err := checkRewrite(name, orig, out, values); err != nil {
		return nil, err
	}
	return out, nil
}

// checkRewrite checks that out, the rewrite of orig's text, loads back to
// orig with values set and nothing else changed.
func checkRewrite(name string, orig *config.Config, out []byte, values map[string]int64) error {
	want := *orig
	for k, v := range values {
		i, ok := config.TunableIndex(k)
		if !ok {
			return fmt.Errorf("internal error: %q is not a tunable value", k)
		}
		*config.TunedValue(&want, i) = int32(v)
	}
	got, err := config.Parse(name, out)
	if err != nil {
		return fmt.Errorf("the rewritten config does not load: %w", err)
	}
	got.Source = want.Source
	if *got != want {
		for i, k := range config.TunableKeys() {
			if g, w := *config.TunedValue(got, i), *config.TunedValue(&want, i); g != w {
				return fmt.Errorf("internal error: the rewritten config loads back with %s = %d, want %d", k, g, w)
			}
		}
		return fmt.Errorf("internal error: the rewritten config loads back to other values")
	}
	return nil
}
