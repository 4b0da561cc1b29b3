package check

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// Text components are SNBT since 1.21.5 and are decoded with
// ComponentSerialization's codec. The codec ignores keys it does not know,
// which is exactly how pre-1.21.5 packs break silently ("clickEvent" does
// nothing now), so unknown keys are reported here although the game would
// load the line.

var contentKeys = map[string][]string{
	"text":         {"text"},
	"translatable": {"translate", "with", "fallback"},
	"score":        {"score"},
	"selector":     {"selector", "separator"},
	"keybind":      {"keybind"},
	"nbt":          {"nbt", "interpret", "separator", "block", "entity", "storage", "source"},
	"object":       {"object", "atlas", "sprite", "player", "hat", "fallback"},
}

// contentOrder is the order the codec tries content types when "type" is
// absent.
var contentOrder = []struct{ typ, key string }{
	{"text", "text"}, {"translatable", "translate"}, {"score", "score"},
	{"selector", "selector"}, {"keybind", "keybind"}, {"nbt", "nbt"},
	{"object", "object"}, {"object", "sprite"}, {"object", "player"},
}

var styleKeys = map[string]bool{
	"color": true, "shadow_color": true, "bold": true, "italic": true, "underlined": true,
	"strikethrough": true, "obfuscated": true, "click_event": true, "hover_event": true,
	"insertion": true, "font": true,
}

const maxTextDepth = 64

// checkTextComponent validates a decoded text component; "" means valid.
func (c *checker) checkTextComponent(t *syntax.Tag) string {
	return c.textComponent(t, 0)
}

func (c *checker) textComponent(t *syntax.Tag, depth int) string {
	if depth > maxTextDepth {
		return "text component nested too deeply"
	}
	switch t.Kind {
	case syntax.TagString:
		return ""
	case syntax.TagList:
		if len(t.List) == 0 {
			return "a text component list must not be empty"
		}
		for i, e := range t.List {
			if msg := c.textComponent(e, depth+1); msg != "" {
				return fmt.Sprintf("element %d: %s", i, msg)
			}
		}
		return ""
	case syntax.TagCompound:
	default:
		return "expected a string, list or compound, found " + kindName(t.Kind)
	}
	typ := ""
	if tt := t.Get("type"); tt != nil {
		if tt.Kind != syntax.TagString || contentKeys[tt.Str] == nil {
			return fmt.Sprintf("unknown content type %s", t.Get("type").SNBT())
		}
		typ = tt.Str
	} else {
		for _, co := range contentOrder {
			if t.Get(co.key) != nil {
				typ = co.typ
				break
			}
		}
	}
	if typ == "" {
		return "no content: expected one of text, translate, score, selector, keybind, nbt, object"
	}
	allowed := map[string]bool{"type": true, "extra": true}
	for _, k := range contentKeys[typ] {
		allowed[k] = true
	}
	for _, k := range t.Keys {
		if !allowed[k] && !styleKeys[k] {
			return fmt.Sprintf("unknown key %q%s", k, keyHint(k))
		}
	}
	if msg := c.content(typ, t, depth); msg != "" {
		return msg
	}
	if ex := t.Get("extra"); ex != nil {
		if ex.Kind != syntax.TagList || len(ex.List) == 0 {
			return "extra: expected a non-empty list"
		}
		for i, e := range ex.List {
			if msg := c.textComponent(e, depth+1); msg != "" {
				return fmt.Sprintf("extra[%d]: %s", i, msg)
			}
		}
	}
	return c.checkStyle(t, true)
}

func keyHint(k string) string {
	switch k {
	case "clickEvent":
		return " (since 1.21.5 it is click_event)"
	case "hoverEvent":
		return " (since 1.21.5 it is hover_event)"
	}
	return ""
}

func kindName(k syntax.Kind) string {
	return map[syntax.Kind]string{
		syntax.TagByte: "byte", syntax.TagShort: "short", syntax.TagInt: "int", syntax.TagLong: "long", syntax.TagFloat: "float",
		syntax.TagDouble: "double", syntax.TagString: "string", syntax.TagList: "list", syntax.TagCompound: "compound",
		syntax.TagByteArray: "byte array", syntax.TagIntArray: "int array", syntax.TagLongArray: "long array",
	}[k]
}

func needString(t *syntax.Tag, key string) string {
	v := t.Get(key)
	if v == nil {
		return fmt.Sprintf("missing %s", key)
	}
	if v.Kind != syntax.TagString {
		return fmt.Sprintf("%s: expected a string, found %s", key, kindName(v.Kind))
	}
	return ""
}

func optString(t *syntax.Tag, key string) string {
	if t.Get(key) == nil {
		return ""
	}
	return needString(t, key)
}

func (c *checker) content(typ string, t *syntax.Tag, depth int) string {
	switch typ {
	case "text":
		return needString(t, "text")
	case "translatable":
		if msg := needString(t, "translate"); msg != "" {
			return msg
		}
		if msg := optString(t, "fallback"); msg != "" {
			return msg
		}
		if w := t.Get("with"); w != nil {
			if w.Kind != syntax.TagList {
				return "with: expected a list"
			}
			for i, e := range w.List {
				if e.IsNumber() {
					continue
				}
				if msg := c.textComponent(e, depth+1); msg != "" {
					return fmt.Sprintf("with[%d]: %s", i, msg)
				}
			}
		}
	case "score":
		s := t.Get("score")
		if s == nil || s.Kind != syntax.TagCompound {
			return "score: expected a compound with name and objective"
		}
		if msg := needString(s, "name"); msg != "" {
			return "score: " + msg
		}
		if msg := needString(s, "objective"); msg != "" {
			return "score: " + msg
		}
	case "selector":
		if msg := needString(t, "selector"); msg != "" {
			return msg
		}
		r := &reader{Text: t.Get("selector").Str}
		if _, err := c.parseSelector(r); err != nil || r.CanRead() {
			return "selector: invalid entity selector " + syntax.QuoteSNBT(r.Text)
		}
		if sep := t.Get("separator"); sep != nil {
			if msg := c.textComponent(sep, depth+1); msg != "" {
				return "separator: " + msg
			}
		}
	case "keybind":
		return needString(t, "keybind")
	case "nbt":
		if msg := needString(t, "nbt"); msg != "" {
			return msg
		}
		r := &reader{Text: t.Get("nbt").Str}
		if _, _, err := syntax.ParseNBTPath(r); err != nil || r.CanRead() {
			return "nbt: invalid nbt path " + syntax.QuoteSNBT(r.Text)
		}
		n := 0
		for _, k := range []string{"block", "entity", "storage"} {
			if t.Get(k) != nil {
				n++
				if msg := needString(t, k); msg != "" {
					return msg
				}
			}
		}
		if n == 0 {
			return "nbt: needs one of block, entity, storage"
		}
		if sep := t.Get("separator"); sep != nil {
			if msg := c.textComponent(sep, depth+1); msg != "" {
				return "separator: " + msg
			}
		}
	}
	return ""
}

var namedColors = map[string]bool{
	"black": true, "dark_blue": true, "dark_green": true, "dark_aqua": true, "dark_red": true,
	"dark_purple": true, "gold": true, "gray": true, "dark_gray": true, "blue": true, "green": true,
	"aqua": true, "red": true, "light_purple": true, "yellow": true, "white": true,
}

func isHexColor(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	for i := 1; i < 7; i++ {
		if !syntax.IsHexDigit(s[i]) {
			return false
		}
	}
	return true
}

// checkStyle validates the style keys of t; inComponent allows the other
// keys of a text component (checked by the caller).
func (c *checker) checkStyle(t *syntax.Tag, inComponent bool) string {
	if !inComponent {
		for _, k := range t.Keys {
			if !styleKeys[k] {
				return fmt.Sprintf("unknown style key %q%s", k, keyHint(k))
			}
		}
	}
	if v := t.Get("color"); v != nil {
		if v.Kind != syntax.TagString || !(namedColors[v.Str] || isHexColor(v.Str)) {
			return "color: expected a color name or #RRGGBB, found " + v.SNBT()
		}
	}
	for _, k := range []string{"bold", "italic", "underlined", "strikethrough", "obfuscated"} {
		if v := t.Get(k); v != nil && !(v.Kind == syntax.TagByte || (v.IsNumber() && v.Kind <= syntax.TagLong)) {
			return k + ": expected a boolean, found " + v.SNBT()
		}
	}
	if v := t.Get("shadow_color"); v != nil && !(v.Kind == syntax.TagInt || v.Kind == syntax.TagList && len(v.List) == 4) {
		return "shadow_color: expected an int or a list of 4 floats"
	}
	if msg := optString(t, "insertion"); msg != "" {
		return msg
	}
	if v := t.Get("font"); v != nil && (v.Kind != syntax.TagString || !syntax.ValidResourceLocation(v.Str)) {
		return "font: expected a resource location"
	}
	if v := t.Get("click_event"); v != nil {
		if msg := c.clickEvent(v); msg != "" {
			return "click_event: " + msg
		}
	}
	if v := t.Get("hover_event"); v != nil {
		if msg := c.hoverEvent(v); msg != "" {
			return "hover_event: " + msg
		}
	}
	return ""
}

func onlyKeys(t *syntax.Tag, keys ...string) string {
	allowed := map[string]bool{"action": true}
	for _, k := range keys {
		allowed[k] = true
	}
	var bad []string
	for _, k := range t.Keys {
		if !allowed[k] {
			bad = append(bad, k)
		}
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		return fmt.Sprintf("unknown key %q for this action", bad[0])
	}
	return ""
}

func (c *checker) clickEvent(t *syntax.Tag) string {
	if t.Kind != syntax.TagCompound {
		return "expected a compound"
	}
	if msg := needString(t, "action"); msg != "" {
		return msg
	}
	switch a := t.Get("action").Str; a {
	case "open_url":
		if msg := needString(t, "url"); msg != "" {
			return msg
		}
		u := t.Get("url").Str
		if !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
			return "url: only http and https links are allowed"
		}
		return onlyKeys(t, "url")
	case "open_file":
		if msg := needString(t, "path"); msg != "" {
			return msg
		}
		return onlyKeys(t, "path")
	case "run_command", "suggest_command":
		if msg := needString(t, "command"); msg != "" {
			return msg
		}
		if a == "run_command" {
			if msg := c.clickedCommand(t.Get("command").Str); msg != "" {
				return msg
			}
		}
		return onlyKeys(t, "command")
	case "change_page":
		p := t.Get("page")
		if p == nil || !(p.Kind == syntax.TagInt || p.Kind == syntax.TagByte || p.Kind == syntax.TagShort) || p.Int < 1 {
			return "page: expected an int of at least 1"
		}
		return onlyKeys(t, "page")
	case "copy_to_clipboard":
		if msg := needString(t, "value"); msg != "" {
			return msg
		}
		return onlyKeys(t, "value")
	case "show_dialog":
		if t.Get("dialog") == nil {
			return "missing dialog"
		}
		return onlyKeys(t, "dialog")
	case "custom":
		if v := t.Get("id"); v == nil || v.Kind != syntax.TagString || !syntax.ValidResourceLocation(v.Str) {
			return "id: expected a resource location"
		}
		return onlyKeys(t, "id", "payload")
	default:
		return fmt.Sprintf("unknown action %q", a)
	}
}

// clickedCommand checks a run_command click: the client sends it as a
// player's command, so it must parse, and without operator permission
// (otherwise the game asks for confirmation, or refuses).
func (c *checker) clickedCommand(cmd string) string {
	s := strings.TrimPrefix(cmd, "/")
	if c.tree == nil || c.depth > 4 {
		return ""
	}
	c.depth++
	defer func() { c.depth-- }()
	pr := c.parseLineAt(s, 0)
	if pr.failure(s) == nil {
		return ""
	}
	if f := c.parseLineAt(s, FunctionLevel).failure(s); f != nil {
		return fmt.Sprintf("command %q does not parse: %s", cmd, f.Msg)
	}
	return fmt.Sprintf("command %q needs operator permission, which players clicking it lack", cmd)
}

func (c *checker) hoverEvent(t *syntax.Tag) string {
	if t.Kind != syntax.TagCompound {
		return "expected a compound"
	}
	if msg := needString(t, "action"); msg != "" {
		return msg
	}
	switch a := t.Get("action").Str; a {
	case "show_text":
		v := t.Get("value")
		if v == nil {
			return "missing value"
		}
		if msg := c.textComponent(v, 1); msg != "" {
			return "value: " + msg
		}
		return onlyKeys(t, "value")
	case "show_item":
		if v := t.Get("id"); v == nil || v.Kind != syntax.TagString || !syntax.ValidResourceLocation(v.Str) || !c.reg.Has("minecraft:item", v.Str) {
			return "id: expected an item id"
		}
		return onlyKeys(t, "id", "count", "components")
	case "show_entity":
		if v := t.Get("id"); v == nil || v.Kind != syntax.TagString || !syntax.ValidResourceLocation(v.Str) || !c.reg.Has("minecraft:entity_type", v.Str) {
			return "id: expected an entity type"
		}
		if t.Get("uuid") == nil {
			return "missing uuid"
		}
		if n := t.Get("name"); n != nil {
			if msg := c.textComponent(n, 1); msg != "" {
				return "name: " + msg
			}
		}
		return onlyKeys(t, "id", "uuid", "name")
	default:
		return fmt.Sprintf("unknown action %q", a)
	}
}
