package check

import (
	"fmt"
	"sort"
	"strings"
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
func (c *checker) checkTextComponent(t *tag) string {
	return c.textComponent(t, 0)
}

func (c *checker) textComponent(t *tag, depth int) string {
	if depth > maxTextDepth {
		return "text component nested too deeply"
	}
	switch t.kind {
	case tagString:
		return ""
	case tagList:
		if len(t.list) == 0 {
			return "a text component list must not be empty"
		}
		for i, e := range t.list {
			if msg := c.textComponent(e, depth+1); msg != "" {
				return fmt.Sprintf("element %d: %s", i, msg)
			}
		}
		return ""
	case tagCompound:
	default:
		return "expected a string, list or compound, found " + kindName(t.kind)
	}
	typ := ""
	if tt := t.get("type"); tt != nil {
		if tt.kind != tagString || contentKeys[tt.str] == nil {
			return fmt.Sprintf("unknown content type %s", t.get("type").snbt())
		}
		typ = tt.str
	} else {
		for _, co := range contentOrder {
			if t.get(co.key) != nil {
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
	for _, k := range t.keys {
		if !allowed[k] && !styleKeys[k] {
			return fmt.Sprintf("unknown key %q%s", k, keyHint(k))
		}
	}
	if msg := c.content(typ, t, depth); msg != "" {
		return msg
	}
	if ex := t.get("extra"); ex != nil {
		if ex.kind != tagList || len(ex.list) == 0 {
			return "extra: expected a non-empty list"
		}
		for i, e := range ex.list {
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

func kindName(k tagKind) string {
	return map[tagKind]string{
		tagByte: "byte", tagShort: "short", tagInt: "int", tagLong: "long", tagFloat: "float",
		tagDouble: "double", tagString: "string", tagList: "list", tagCompound: "compound",
		tagByteArray: "byte array", tagIntArray: "int array", tagLongArray: "long array",
	}[k]
}

func needString(t *tag, key string) string {
	v := t.get(key)
	if v == nil {
		return fmt.Sprintf("missing %s", key)
	}
	if v.kind != tagString {
		return fmt.Sprintf("%s: expected a string, found %s", key, kindName(v.kind))
	}
	return ""
}

func optString(t *tag, key string) string {
	if t.get(key) == nil {
		return ""
	}
	return needString(t, key)
}

func (c *checker) content(typ string, t *tag, depth int) string {
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
		if w := t.get("with"); w != nil {
			if w.kind != tagList {
				return "with: expected a list"
			}
			for i, e := range w.list {
				if e.isNumber() {
					continue
				}
				if msg := c.textComponent(e, depth+1); msg != "" {
					return fmt.Sprintf("with[%d]: %s", i, msg)
				}
			}
		}
	case "score":
		s := t.get("score")
		if s == nil || s.kind != tagCompound {
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
		r := &reader{s: t.get("selector").str}
		if _, err := c.parseSelector(r); err != nil || r.canRead() {
			return "selector: invalid entity selector " + quoteSNBT(r.s)
		}
		if sep := t.get("separator"); sep != nil {
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
		r := &reader{s: t.get("nbt").str}
		if err := parseNBTPath(r); err != nil || r.canRead() {
			return "nbt: invalid nbt path " + quoteSNBT(r.s)
		}
		n := 0
		for _, k := range []string{"block", "entity", "storage"} {
			if t.get(k) != nil {
				n++
				if msg := needString(t, k); msg != "" {
					return msg
				}
			}
		}
		if n == 0 {
			return "nbt: needs one of block, entity, storage"
		}
		if sep := t.get("separator"); sep != nil {
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
		if !isHexDigit(s[i]) {
			return false
		}
	}
	return true
}

// checkStyle validates the style keys of t; inComponent allows the other
// keys of a text component (checked by the caller).
func (c *checker) checkStyle(t *tag, inComponent bool) string {
	if !inComponent {
		for _, k := range t.keys {
			if !styleKeys[k] {
				return fmt.Sprintf("unknown style key %q%s", k, keyHint(k))
			}
		}
	}
	if v := t.get("color"); v != nil {
		if v.kind != tagString || !(namedColors[v.str] || isHexColor(v.str)) {
			return "color: expected a color name or #RRGGBB, found " + v.snbt()
		}
	}
	for _, k := range []string{"bold", "italic", "underlined", "strikethrough", "obfuscated"} {
		if v := t.get(k); v != nil && !(v.kind == tagByte || (v.isNumber() && v.kind <= tagLong)) {
			return k + ": expected a boolean, found " + v.snbt()
		}
	}
	if v := t.get("shadow_color"); v != nil && !(v.kind == tagInt || v.kind == tagList && len(v.list) == 4) {
		return "shadow_color: expected an int or a list of 4 floats"
	}
	if msg := optString(t, "insertion"); msg != "" {
		return msg
	}
	if v := t.get("font"); v != nil && (v.kind != tagString || !validResourceLocation(v.str)) {
		return "font: expected a resource location"
	}
	if v := t.get("click_event"); v != nil {
		if msg := c.clickEvent(v); msg != "" {
			return "click_event: " + msg
		}
	}
	if v := t.get("hover_event"); v != nil {
		if msg := c.hoverEvent(v); msg != "" {
			return "hover_event: " + msg
		}
	}
	return ""
}

func onlyKeys(t *tag, keys ...string) string {
	allowed := map[string]bool{"action": true}
	for _, k := range keys {
		allowed[k] = true
	}
	var bad []string
	for _, k := range t.keys {
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

func (c *checker) clickEvent(t *tag) string {
	if t.kind != tagCompound {
		return "expected a compound"
	}
	if msg := needString(t, "action"); msg != "" {
		return msg
	}
	switch a := t.get("action").str; a {
	case "open_url":
		if msg := needString(t, "url"); msg != "" {
			return msg
		}
		u := t.get("url").str
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
			if msg := c.clickedCommand(t.get("command").str); msg != "" {
				return msg
			}
		}
		return onlyKeys(t, "command")
	case "change_page":
		p := t.get("page")
		if p == nil || !(p.kind == tagInt || p.kind == tagByte || p.kind == tagShort) || p.i < 1 {
			return "page: expected an int of at least 1"
		}
		return onlyKeys(t, "page")
	case "copy_to_clipboard":
		if msg := needString(t, "value"); msg != "" {
			return msg
		}
		return onlyKeys(t, "value")
	case "show_dialog":
		if t.get("dialog") == nil {
			return "missing dialog"
		}
		return onlyKeys(t, "dialog")
	case "custom":
		if v := t.get("id"); v == nil || v.kind != tagString || !validResourceLocation(v.str) {
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
		return fmt.Sprintf("command %q does not parse: %s", cmd, f.msg)
	}
	return fmt.Sprintf("command %q needs operator permission, which players clicking it lack", cmd)
}

func (c *checker) hoverEvent(t *tag) string {
	if t.kind != tagCompound {
		return "expected a compound"
	}
	if msg := needString(t, "action"); msg != "" {
		return msg
	}
	switch a := t.get("action").str; a {
	case "show_text":
		v := t.get("value")
		if v == nil {
			return "missing value"
		}
		if msg := c.textComponent(v, 1); msg != "" {
			return "value: " + msg
		}
		return onlyKeys(t, "value")
	case "show_item":
		if v := t.get("id"); v == nil || v.kind != tagString || !validResourceLocation(v.str) || !c.reg.Has("minecraft:item", v.str) {
			return "id: expected an item id"
		}
		return onlyKeys(t, "id", "count", "components")
	case "show_entity":
		if v := t.get("id"); v == nil || v.kind != tagString || !validResourceLocation(v.str) || !c.reg.Has("minecraft:entity_type", v.str) {
			return "id: expected an entity type"
		}
		if t.get("uuid") == nil {
			return "missing uuid"
		}
		if n := t.get("name"); n != nil {
			if msg := c.textComponent(n, 1); msg != "" {
				return "name: " + msg
			}
		}
		return onlyKeys(t, "id", "uuid", "name")
	default:
		return fmt.Sprintf("unknown action %q", a)
	}
}
