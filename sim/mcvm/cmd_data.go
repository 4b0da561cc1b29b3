package mcvm

// data: storage and entity targets (block entities are not modelled).

// dataTarget is a DataProvider: "entity <target>" or "storage <id>".
type dataTarget struct {
	ent     *entityArg
	storage string
}

// dataAccess is a DataAccessor bound to one entity or storage.
type dataAccess struct {
	e       *Entity
	storage string
}

func (p *parser) dataSource() (*dataTarget, error) {
	r := p.r
	kind, err := p.oneOf("block", "entity", "storage")
	if err != nil {
		return nil, err
	}
	if kind == "block" {
		return nil, r.unsupported("data access to blocks (block entities are not modelled)")
	}
	if kind == "storage" {
		id, err := parseResourceLocation(r)
		if err != nil {
			return nil, err
		}
		return &dataTarget{storage: id}, nil
	}
	ea, err := p.entityArg()
	if err != nil {
		return nil, err
	}
	return &dataTarget{ent: ea}, nil
}

func (d *dataTarget) access(m *Machine, s *source) (*dataAccess, error) {
	if d.ent == nil {
		return &dataAccess{storage: d.storage}, nil
	}
	e, err := d.ent.one(m, s)
	if err != nil {
		return nil, err
	}
	return &dataAccess{e: e}, nil
}

// read returns the target's data (for conditions and sources).
func (d *dataTarget) read(m *Machine, s *source) (*Compound, error) {
	a, err := d.access(m, s)
	if err != nil {
		return nil, err
	}
	return a.get(m)
}

// get is DataAccessor.getData: storage is the live compound (or a fresh
// one when the storage does not exist); an entity is serialised.
func (a *dataAccess) get(m *Machine) (*Compound, error) {
	st := m.ctx.stats
	if a.e == nil {
		st.StorageReads++
		if c, ok := m.storage[a.storage]; ok {
			return c, nil
		}
		return NewCompound(), nil
	}
	st.EntityNBTReads++
	return m.entityData(a.e), nil
}

// set is DataAccessor.setData.
func (a *dataAccess) set(m *Machine, c *Compound) error {
	st := m.ctx.stats
	if a.e == nil {
		st.StorageWrites++
		if c.Len() == 0 {
			delete(m.storage, a.storage)
		} else {
			m.storage[a.storage] = c
		}
		return nil
	}
	if a.e.player != nil {
		return failf("unable to modify player data")
	}
	st.EntityNBTWrites++
	u := a.e.UUID
	if err := a.e.load(c, false); err != nil {
		return err
	}
	a.e.UUID = u
	m.moved(a.e)
	return nil
}

// checkPath refuses entity paths whose first key mcvm does not model, so
// that a pack reading an unmodelled field fails loudly instead of seeing
// "nothing found".
func (a *dataAccess) checkPath(p *nbtPath) error {
	if a.e == nil || len(p.nodes) == 0 {
		return nil
	}
	n := p.nodes[0]
	switch n.kind {
	case nodeChild, nodeMatchObj:
		return checkEntityKey(a.e, n.name)
	case nodeMatchRoot:
		return checkEntityKeys(a.e, n.filter)
	}
	return nil
}

func singleTag(p *nbtPath, data Tag) (Tag, error) {
	tags, err := p.get(data)
	if err != nil {
		return nil, err
	}
	if len(tags) > 1 {
		return nil, failf("only one NBT element is allowed, found %d", len(tags))
	}
	return tags[0], nil
}

func (p *parser) data() error {
	r := p.r
	sub, err := p.oneOf("get", "merge", "modify", "remove")
	if err != nil {
		return err
	}
	target, err := p.dataSource()
	if err != nil {
		return err
	}
	switch sub {
	case "get":
		more := r.more()
		if !more {
			p.setLeaf("data", cmdFunc(func(m *Machine, s *source) (int32, error) {
				if _, err := target.read(m, s); err != nil {
					return 0, err
				}
				return 1, nil
			}))
			return nil
		}
		path, err := parseNBTPath(r)
		if err != nil {
			return err
		}
		more = r.more()
		scaled := false
		scale := 0.0
		if more {
			scale, err = r.readDouble()
			if err != nil {
				return err
			}
			scaled = true
		}
		p.setLeaf("data", cmdFunc(func(m *Machine, s *source) (int32, error) {
			a, err := target.access(m, s)
			if err != nil {
				return 0, err
			}
			if err := a.checkPath(path); err != nil {
				return 0, err
			}
			data, err := a.get(m)
			if err != nil {
				return 0, err
			}
			t, err := singleTag(path, data)
			if err != nil {
				return 0, err
			}
			if scaled {
				if !isNumeric(t) {
					return 0, failf("the target tag %s is not a number", FormatSNBT(t))
				}
				return mthFloor(asDouble(t) * scale), nil
			}
			switch v := t.(type) {
			case String:
				return int32(javaLen(string(v))), nil
			case *Compound:
				return int32(v.Len()), nil
			}
			if n := collLen(t); n >= 0 {
				return int32(n), nil
			}
			if isNumeric(t) {
				return mthFloor(asDouble(t)), nil
			}
			return 0, failf("can't get %s; tag doesn't exist", path.text)
		}))
		return nil
	case "merge":
		c, err := parseCompoundArg(r)
		if err != nil {
			return err
		}
		p.setLeaf("data", cmdFunc(func(m *Machine, s *source) (int32, error) {
			a, err := target.access(m, s)
			if err != nil {
				return 0, err
			}
			if a.e != nil {
				if err := checkEntityKeys(a.e, c); err != nil {
					return 0, err
				}
			}
			data, err := a.get(m)
			if err != nil {
				return 0, err
			}
			if tagDepthExceeds(c, 0) {
				return 0, failf("tag too deeply nested")
			}
			merged := copyTag(data).(*Compound).Merge(c)
			if tagEqual(data, merged) {
				return 0, failf("nothing changed; the specified properties already have these values")
			}
			if err := a.set(m, merged); err != nil {
				return 0, err
			}
			return 1, nil
		}))
		return nil
	case "remove":
		path, err := parseNBTPath(r)
		if err != nil {
			return err
		}
		p.setLeaf("data", cmdFunc(func(m *Machine, s *source) (int32, error) {
			a, err := target.access(m, s)
			if err != nil {
				return 0, err
			}
			if err := a.checkPath(path); err != nil {
				return 0, err
			}
			data, err := a.get(m)
			if err != nil {
				return 0, err
			}
			n := path.remove(data)
			if n == 0 {
				return 0, failf("nothing changed; the specified properties already have these values")
			}
			if err := a.set(m, data); err != nil {
				return 0, err
			}
			return int32(n), nil
		}))
		return nil
	}
	return p.dataModify(target)
}

func (p *parser) dataModify(target *dataTarget) error {
	r := p.r
	path, err := parseNBTPath(r)
	if err != nil {
		return err
	}
	op, err := p.oneOf("set", "merge", "append", "prepend", "insert")
	if err != nil {
		return err
	}
	var index int32
	if op == "insert" {
		index, err = r.readInt()
		if err != nil {
			return err
		}
	}
	kind, err := p.oneOf("value", "from", "string")
	if err != nil {
		return err
	}
	var values func(m *Machine, s *source) ([]Tag, error)
	switch kind {
	case "value":
		v, err := parseSNBTArg(r)
		if err != nil {
			return err
		}
		values = func(m *Machine, s *source) ([]Tag, error) { return []Tag{v}, nil }
	default:
		src, err := p.dataSource()
		if err != nil {
			return err
		}
		var spath *nbtPath
		hasStart, hasEnd := false, false
		var start, end int32
		more := r.more()
		if more {
			spath, err = parseNBTPath(r)
			if err != nil {
				return err
			}
			if kind == "string" {
				more = r.more()
				if more {
					if start, err = r.readInt(); err != nil {
						return err
					}
					hasStart = true
					more = r.more()
					if more {
						if end, err = r.readInt(); err != nil {
							return err
						}
						hasEnd = true
					}
				}
			}
		}
		values = func(m *Machine, s *source) ([]Tag, error) {
			a, err := src.access(m, s)
			if err != nil {
				return nil, err
			}
			var tags []Tag
			if spath == nil {
				data, err := a.get(m)
				if err != nil {
					return nil, err
				}
				tags = []Tag{data}
			} else {
				if err := a.checkPath(spath); err != nil {
					return nil, err
				}
				data, err := a.get(m)
				if err != nil {
					return nil, err
				}
				tags, err = spath.get(data)
				if err != nil {
					return nil, err
				}
			}
			if kind == "from" {
				return tags, nil
			}
			out := make([]Tag, 0, len(tags))
			for _, t := range tags {
				var text string
				switch v := t.(type) {
				case String:
					text = string(v)
				case Byte, Short, Int, Long, Float, Double:
					text = FormatSNBT(v)
				default:
					return nil, failf("expected a primitive value, got %s", FormatSNBT(t))
				}
				if hasStart {
					sub, err := javaSubstring(text, start, end, hasEnd)
					if err != nil {
						return nil, err
					}
					text = sub
				}
				out = append(out, String(text))
			}
			return out, nil
		}
	}
	p.setLeaf("data", cmdFunc(func(m *Machine, s *source) (int32, error) {
		vals, err := values(m, s)
		if err != nil {
			return 0, err
		}
		a, err := target.access(m, s)
		if err != nil {
			return 0, err
		}
		if err := a.checkPath(path); err != nil {
			return 0, err
		}
		data, err := a.get(m)
		if err != nil {
			return 0, err
		}
		var n int
		switch op {
		case "set":
			n, err = path.set(data, vals[len(vals)-1])
		case "append":
			n, err = path.insert(-1, data, vals)
		case "prepend":
			n, err = path.insert(0, data, vals)
		case "insert":
			n, err = path.insert(index, data, vals)
		case "merge":
			n, err = mergeAt(path, data, vals)
		}
		if err != nil {
			return 0, err
		}
		if n == 0 {
			return 0, failf("nothing changed; the specified properties already have these values")
		}
		if err := a.set(m, data); err != nil {
			return 0, err
		}
		return int32(n), nil
	}))
	return nil
}

func mergeAt(path *nbtPath, data *Compound, vals []Tag) (int, error) {
	combined := NewCompound()
	for _, v := range vals {
		if tagDepthExceeds(v, 0) {
			return 0, failf("tag too deeply nested")
		}
		c, ok := v.(*Compound)
		if !ok {
			return 0, failf("expected object, got: %s", FormatSNBT(v))
		}
		combined.Merge(c)
	}
	targets, err := path.getOrCreate(data, func() Tag { return NewCompound() })
	if err != nil {
		return 0, err
	}
	n := 0
	for _, t := range targets {
		c, ok := t.(*Compound)
		if !ok {
			return 0, failf("expected object, got: %s", FormatSNBT(t))
		}
		before := copyTag(c)
		c.Merge(combined)
		if !tagEqual(before, c) {
			n++
		}
	}
	return n, nil
}

// javaSubstring is DataCommands.substring over UTF-16 units (negative
// offsets count from the end).
func javaSubstring(s string, start, end int32, hasEnd bool) (string, error) {
	u := utf16Units(s)
	l := int32(len(u))
	off := func(v int32) int32 {
		if v >= 0 {
			return v
		}
		return l + v
	}
	a := off(start)
	b := l
	if hasEnd {
		b = off(end)
	}
	if a < 0 || b > l || a > b {
		return "", failf("invalid substring indices: %d to %d", start, end)
	}
	return utf16String(u[a:b]), nil
}

// player data: mcvm models a player's position, rotation, UUID and tags.
var playerFields = map[string]fieldKind{
	"Pos": fSpecial, "Rotation": fSpecial, "UUID": fSpecial, "Tags": fSpecial, "Dimension": fSpecial,
}
