package config

import (
	"strings"

	"github.com/BurntSushi/toml"
)

// locator finds the line of a key in TOML text, for error messages. The
// TOML decoder reports lines for syntax and type errors but not for keys it
// did not use or values we reject after decoding, so we find them here: a
// light scan that tracks [table] headers and the key of each "k = v" line,
// enough for config files (it does not need to parse values).
type locator struct {
	lines map[string]int // full dotted key or table → first line (1-based)
}

func newLocator(data []byte) *locator {
	l := &locator{lines: map[string]int{}}
	table := ""
	for n, line := range strings.Split(string(data), "\n") {
		s := strings.TrimSpace(line)
		switch {
		case s == "" || strings.HasPrefix(s, "#"):
			continue
		case strings.HasPrefix(s, "["):
			end := strings.Index(s, "]")
			if end < 0 {
				continue
			}
			table = normalizeKey(strings.Trim(s[:end], "[]"))
			l.note(table, n+1)
		default:
			k, _, ok := strings.Cut(s, "=")
			if !ok {
				continue
			}
			full := normalizeKey(k)
			if table != "" {
				full = table + "." + full
			}
			l.note(full, n+1)
		}
	}
	return l
}

func (l *locator) note(key string, line int) {
	if _, seen := l.lines[key]; !seen {
		l.lines[key] = line
	}
}

// normalizeKey turns ` a . "b" ` into `a.b`.
func normalizeKey(k string) string {
	parts := strings.Split(k, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return strings.Join(parts, ".")
}

// lineOf returns the line of a dotted key, falling back to its nearest
// enclosing table, or 0.
func (l *locator) lineOf(key string) int {
	for key != "" {
		if n, ok := l.lines[key]; ok {
			return n
		}
		i := strings.LastIndex(key, ".")
		if i < 0 {
			break
		}
		key = key[:i]
	}
	return 0
}

func (l *locator) line(k toml.Key) int { return l.lineOf(strings.Join(k, ".")) }
