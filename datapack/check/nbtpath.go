package check

// parseNBTPath is NbtPathArgument.parse: nodes up to the next space, each
// a name (quoted or not, optionally followed by a {compound} filter), an
// index [n], all elements [], a filter [{…}], or (first only) a root filter
// {…}; nodes are joined by '.' except before '[' and '{'.
func parseNBTPath(r *reader) *synErr {
	first := true
	for r.canRead() && r.peek() != ' ' {
		if err := parseNBTPathNode(r, first); err != nil {
			return err
		}
		first = false
		if r.canRead() {
			c := r.peek()
			if c != ' ' && c != '[' && c != '{' {
				if err := r.expect('.'); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func isAllowedInUnquotedName(c byte) bool {
	return c != ' ' && c != '"' && c != '\'' && c != '[' && c != ']' && c != '.' && c != '{' && c != '}'
}

func parseNBTPathNode(r *reader, first bool) *synErr {
	switch r.peek() {
	case '"', '\'':
		if _, err := r.readString(); err != nil {
			return err
		}
		return nbtObjectFilter(r)
	case '[':
		r.skip()
		if !r.canRead() {
			return errAt(r.pos, "invalid nbt path element")
		}
		switch r.peek() {
		case '{':
			if _, err := parseSNBTCompoundArg(r); err != nil {
				return err
			}
			return r.expect(']')
		case ']':
			r.skip()
			return nil
		}
		if _, err := r.readInt(); err != nil {
			return err
		}
		return r.expect(']')
	case '{':
		if !first {
			return errAt(r.pos, "invalid nbt path element")
		}
		_, err := parseSNBTCompoundArg(r)
		return err
	}
	start := r.pos
	for r.canRead() && isAllowedInUnquotedName(r.peek()) {
		r.skip()
	}
	if r.pos == start {
		return errAt(r.pos, "invalid nbt path element")
	}
	return nbtObjectFilter(r)
}

func nbtObjectFilter(r *reader) *synErr {
	if r.canRead() && r.peek() == '{' {
		_, err := parseSNBTCompoundArg(r)
		return err
	}
	return nil
}

// nbtPathKeys splits a path into its name nodes for the storage model:
// ok is false when the path has anything the model does not follow
// (filters, indices, quoting).
func nbtPathKeys(path string) (keys []string, ok bool) {
	start := 0
	for i := 0; i <= len(path); i++ {
		if i == len(path) || path[i] == '.' {
			seg := path[start:i]
			if seg == "" {
				return nil, false
			}
			for j := 0; j < len(seg); j++ {
				if !isAllowedInUnquotedName(seg[j]) {
					return nil, false
				}
			}
			keys = append(keys, seg)
			start = i + 1
		}
	}
	return keys, true
}
