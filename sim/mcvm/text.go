package mcvm

import (
	"strings"
)

// Text components: resolution of score, selector and nbt contents for a
// recipient (ComponentUtils.updateForEntity), and plain-text rendering for
// tests. Translations are not available; a translate component renders as
// its fallback, or its key followed by its arguments.

var styleKeys = []string{"color", "shadow_color", "bold", "italic", "underlined", "strikethrough", "obfuscated",
	"click_event", "hover_event", "insertion", "font"}

// resolveComponent returns c with score, selector and nbt contents
// replaced by text, as the game does before sending a message.
func (m *Machine) resolveComponent(c Tag, s *source, recipient *Entity, depth int) (Tag, error) {
	if depth > 100 {
		return c, nil
	}
	switch v := c.(type) {
	case *List:
		out := &List{}
		for _, e := range v.V {
			r, err := m.resolveComponent(e, s, recipient, depth+1)
			if err != nil {
				return nil, err
			}
			out.V = append(out.V, r)
		}
		return out, nil
	case *Compound:
		out := NewCompound()
		for _, k := range styleKeys {
			if x := v.Get(k); x != nil {
				out.Put(k, x)
			}
		}
		switch {
		case v.Get("text") != nil:
			out.Put("text", v.Get("text"))
		case v.Get("translate") != nil:
			out.Put("translate", v.Get("translate"))
			if fb := v.Get("fallback"); fb != nil {
				out.Put("fallback", fb)
			}
			if with, ok := v.Get("with").(*List); ok {
				args := &List{}
				for _, a := range with.V {
					r, err := m.resolveComponent(a, s, recipient, depth+1)
					if err != nil {
						return nil, err
					}
					args.V = append(args.V, r)
				}
				out.Put("with", args)
			}
		case v.Get("score") != nil:
			text, err := m.resolveScore(v.Get("score"), s, recipient)
			if err != nil {
				return nil, err
			}
			out.Put("text", String(text))
		case v.Get("selector") != nil:
			text, err := m.resolveSelectorText(v, s)
			if err != nil {
				return nil, err
			}
			out.Put("text", String(text))
		case v.Get("nbt") != nil:
			text, err := m.resolveNBTText(v, s)
			if err != nil {
				return nil, err
			}
			out.Put("text", String(text))
		case v.Get("keybind") != nil:
			out.Put("keybind", v.Get("keybind"))
		default:
			return nil, unmodelled("text component contents of %s", FormatSNBT(v))
		}
		if ex, ok := v.Get("extra").(*List); ok {
			extra := &List{}
			for _, e := range ex.V {
				r, err := m.resolveComponent(e, s, recipient, depth+1)
				if err != nil {
					return nil, err
				}
				extra.V = append(extra.V, r)
			}
			out.Put("extra", extra)
		}
		return out, nil
	}
	return c, nil
}

func (m *Machine) resolveScore(t Tag, s *source, recipient *Entity) (string, error) {
	sc, ok := t.(*Compound)
	if !ok {
		return "", failf("invalid score component")
	}
	name, _ := sc.Get("name").(String)
	obj, _ := sc.Get("objective").(String)
	var holder string
	switch {
	case name == "*":
		if recipient == nil {
			return "", nil
		}
		holder = recipient.name
	case strings.HasPrefix(string(name), "@"):
		sel, err := m.readSelector(string(name))
		if err != nil {
			return "", failf("invalid selector in score component: %s", name)
		}
		ents, err := m.find(sel, s)
		if err != nil {
			return "", err
		}
		if len(ents) != 1 {
			return "", nil
		}
		holder = ents[0].name
	default:
		holder = string(name)
	}
	o := m.sb.lookup(string(obj))
	if o == nil {
		return "", nil
	}
	cell := &m.sb.cells[m.sb.cellByName(holder, string(obj))]
	if !cell.present {
		return "", nil
	}
	return itoa(cell.value), nil
}

func (m *Machine) resolveSelectorText(v *Compound, s *source) (string, error) {
	text, _ := v.Get("selector").(String)
	sel, err := m.readSelector(string(text))
	if err != nil {
		return "", failf("invalid selector in text component: %s", text)
	}
	ents, err := m.find(sel, s)
	if err != nil {
		return "", err
	}
	sep := ", "
	if sp := v.Get("separator"); sp != nil {
		sep = m.plainText(sp, nil)
	}
	names := make([]string, len(ents))
	for i, e := range ents {
		names[i] = m.entityName(e)
	}
	return strings.Join(names, sep), nil
}

func (m *Machine) resolveNBTText(v *Compound, s *source) (string, error) {
	pathText, _ := v.Get("nbt").(String)
	path, err := readNBTPath(string(pathText))
	if err != nil {
		return "", failf("invalid nbt path in text component: %s", pathText)
	}
	if b, ok := v.Get("interpret").(Byte); ok && b != 0 {
		return "", unmodelled("nbt text components with interpret:true")
	}
	var datas []*Compound
	switch {
	case v.Get("storage") != nil:
		raw, _ := v.Get("storage").(String)
		id, err := readResourceLocation(string(raw))
		if err != nil {
			return "", failf("invalid storage id in nbt component: %s", raw)
		}
		m.ctx.stats.StorageReads++
		if c, ok := m.storage[id]; ok {
			datas = append(datas, c)
		}
	case v.Get("entity") != nil:
		text, _ := v.Get("entity").(String)
		sel, err := m.readSelector(string(text))
		if err != nil {
			return "", failf("invalid selector in nbt component: %s", text)
		}
		ents, err := m.find(sel, s)
		if err != nil {
			return "", err
		}
		for _, e := range ents {
			m.ctx.stats.EntityNBTReads++
			datas = append(datas, m.entityData(e))
		}
	default:
		return "", unmodelled("nbt text components reading blocks")
	}
	var parts []string
	for _, d := range datas {
		tags, err := path.get(d)
		if err != nil {
			continue
		}
		for _, t := range tags {
			if str, ok := t.(String); ok {
				parts = append(parts, string(str))
			} else {
				parts = append(parts, FormatSNBT(t))
			}
		}
	}
	sep := ", "
	if sp := v.Get("separator"); sp != nil {
		sep = m.plainText(sp, nil)
	}
	return strings.Join(parts, sep), nil
}

// plainText renders a (resolved) component as plain text.
func (m *Machine) plainText(c Tag, _ *source) string {
	var b strings.Builder
	writePlain(&b, c, 0)
	return b.String()
}

func writePlain(b *strings.Builder, c Tag, depth int) {
	if depth > 100 {
		return
	}
	switch v := c.(type) {
	case String:
		b.WriteString(string(v))
	case *List:
		for _, e := range v.V {
			writePlain(b, e, depth+1)
		}
	case *Compound:
		switch {
		case v.Get("text") != nil:
			writePlain(b, v.Get("text"), depth+1)
		case v.Get("translate") != nil:
			if fb, ok := v.Get("fallback").(String); ok {
				b.WriteString(string(fb))
			} else {
				key, _ := v.Get("translate").(String)
				b.WriteString(string(key))
				if with, ok := v.Get("with").(*List); ok {
					for _, a := range with.V {
						b.WriteByte(' ')
						writePlain(b, a, depth+1)
					}
				}
			}
		case v.Get("keybind") != nil:
			writePlain(b, v.Get("keybind"), depth+1)
		}
		if ex, ok := v.Get("extra").(*List); ok {
			for _, e := range ex.V {
				writePlain(b, e, depth+1)
			}
		}
	case Byte, Short, Int, Long:
		b.WriteString(macroString(v))
	case Float, Double:
		b.WriteString(FormatSNBT(v))
	}
}
