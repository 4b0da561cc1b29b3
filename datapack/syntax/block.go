package syntax

// BlockState is a block_state or block_predicate argument
// (BlockStateParser): a block ID or, for a predicate, a #tag, its
// [property=value,…] in order, and its {nbt}.
type BlockState struct {
	ID    string // normalised; the tag's ID when Tag
	Tag   bool
	Props []BlockProperty
	NBT   *Tag // a compound, or nil
}

// BlockProperty is one property=value of a BlockState.
type BlockProperty struct {
	Name, Value string
	Pos         int // offset of the name
}

// ReadBlockState reads a block state, or a block predicate when
// predicate (which allows a #tag). The reports carry no block-state
// definitions, so property names and values are checked for syntax and
// duplicates only; whether the block exists is the caller's registry's
// to say.
func (r *Reader) ReadBlockState(predicate bool) (BlockState, *Error) {
	var b BlockState
	if r.PeekIs('#') {
		if !predicate {
			return b, r.Errorf("tags aren't allowed here, only actual blocks")
		}
		r.Skip()
		b.Tag = true
	}
	id, err := r.ReadResourceLocation()
	if err != nil {
		return b, err
	}
	b.ID = NormalizeID(id)
	if r.PeekIs('[') {
		if b.Props, err = r.readBlockProperties(); err != nil {
			return b, err
		}
	}
	if r.PeekIs('{') {
		if b.NBT, err = ParseCompoundArg(r); err != nil {
			return b, err
		}
	}
	return b, nil
}

func (r *Reader) readBlockProperties() ([]BlockProperty, *Error) {
	r.Skip()
	r.SkipWhitespace()
	var props []BlockProperty
	for r.CanRead() && r.Peek() != ']' {
		r.SkipWhitespace()
		keyPos := r.Pos
		key, err := r.ReadString()
		if err != nil {
			return nil, err
		}
		if key == "" {
			r.Pos = keyPos
			return nil, Errorf(keyPos, "expected a block property name")
		}
		for _, p := range props {
			if p.Name == key {
				r.Pos = keyPos
				return nil, Errorf(keyPos, "property '%s' can only be set once", key)
			}
		}
		r.SkipWhitespace()
		if !r.CanRead() || r.Peek() != '=' {
			return nil, Errorf(r.Pos, "expected value for property '%s'", key)
		}
		r.Skip()
		r.SkipWhitespace()
		valPos := r.Pos
		val, err := r.ReadString()
		if err != nil {
			return nil, err
		}
		if val == "" {
			r.Pos = valPos
			return nil, Errorf(valPos, "expected a value for property '%s'", key)
		}
		props = append(props, BlockProperty{key, val, keyPos})
		r.SkipWhitespace()
		if r.CanRead() {
			if r.Peek() != ',' {
				if r.Peek() != ']' {
					return nil, Errorf(r.Pos, "expected end of properties")
				}
				break
			}
			r.Skip()
		}
	}
	if !r.CanRead() {
		return nil, Errorf(r.Pos, "expected end of properties")
	}
	r.Skip()
	return props, nil
}
