package datapack

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"unicode/utf16"

	"github.com/Tnze/go-mc/nbt"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"
)

// A Structure is a structure template: the gzipped NBT file that structure
// blocks save and `place template` loads from data/<ns>/structure/<path>.nbt
// (minecraft.wiki "Structure file"). The generator builds the board surface
// as one, so a single command places it.
//
// Positions are block offsets from the structure's -X -Y -Z corner,
// 0-based, each below Size.
type Structure struct {
	// DataVersion is the game version the blocks are written for; newer
	// games upgrade older structures on load, so use the oldest supported
	// release's (Release.DataVersion).
	DataVersion int32
	Size        [3]int32 // x, y, z extent in blocks
	Palette     []BlockState
	Blocks      []StructureBlock
	Entities    []StructureEntity

	at map[[3]int32]int // position → index in Blocks, built by SetBlock
}

// BlockState is a block and its block-state properties.
type BlockState struct {
	Name       string            // "minecraft:oak_stairs"
	Properties map[string]string // "facing" → "north"; nil when none
}

// String is the state in command syntax with sorted properties:
// "minecraft:oak_stairs[facing=north,half=bottom]".
func (b BlockState) String() string {
	if len(b.Properties) == 0 {
		return b.Name
	}
	keys := sortedKeys(b.Properties)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + b.Properties[k]
	}
	return b.Name + "[" + strings.Join(parts, ",") + "]"
}

// StructureBlock is one block of a structure.
type StructureBlock struct {
	Pos   [3]int32
	State int32           // index into Palette
	NBT   *nbt.RawMessage // block entity data (a compound without x/y/z); nil for none
}

// StructureEntity is one entity of a structure.
type StructureEntity struct {
	Pos      [3]float64     // exact position from the corner
	BlockPos [3]int32       // the block containing Pos
	NBT      nbt.RawMessage // entity data, a compound with an "id"
}

// NewStructure returns an empty structure of the given size.
func NewStructure(size [3]int32, dataVersion int32) *Structure {
	return &Structure{DataVersion: dataVersion, Size: size}
}

// StructureFile is the pack path of structure id.
func StructureFile(id ID) string {
	return "data/" + id.Namespace + "/structure/" + id.Path + ".nbt"
}

// StateIndex returns the palette index of state, adding it if new.
func (s *Structure) StateIndex(state BlockState) int32 {
	key := state.String()
	for i, p := range s.Palette {
		if p.String() == key {
			return int32(i)
		}
	}
	s.Palette = append(s.Palette, state)
	return int32(len(s.Palette) - 1)
}

// SetBlock puts state at pos, replacing what SetBlock put there before.
func (s *Structure) SetBlock(pos [3]int32, state BlockState) {
	if s.at == nil {
		s.at = make(map[[3]int32]int, len(s.Blocks))
		for i, b := range s.Blocks {
			s.at[b.Pos] = i
		}
	}
	idx := s.StateIndex(state)
	if i, ok := s.at[pos]; ok {
		s.Blocks[i] = StructureBlock{Pos: pos, State: idx}
		return
	}
	s.at[pos] = len(s.Blocks)
	s.Blocks = append(s.Blocks, StructureBlock{Pos: pos, State: idx})
}

// Validate checks what the game needs to load the structure: a DataVersion,
// a positive size, valid block states, blocks inside the size at distinct
// positions with existing palette indices, and entities with an id.
func (s *Structure) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if s.DataVersion <= 0 {
		bad("DataVersion %d: must be positive (the game treats a missing one as 1.9-era and upgrades wrongly)", s.DataVersion)
	}
	for i, n := range s.Size {
		if n <= 0 {
			bad("size[%d] is %d: must be positive", i, n)
		}
	}
	seen := map[string]int{}
	for i, st := range s.Palette {
		if err := checkBlockState(st); err != nil {
			bad("palette[%d]: %v", i, err)
			continue
		}
		if j, dup := seen[st.String()]; dup {
			bad("palette[%d] repeats palette[%d] (%s)", i, j, st)
		}
		seen[st.String()] = i
	}
	at := map[[3]int32]int{}
	for i, b := range s.Blocks {
		if !s.inside(b.Pos) {
			bad("blocks[%d]: position %v is outside size %v", i, b.Pos, s.Size)
		}
		if j, dup := at[b.Pos]; dup {
			bad("blocks[%d]: position %v is already taken by blocks[%d]", i, b.Pos, j)
		}
		at[b.Pos] = i
		if b.State < 0 || int(b.State) >= len(s.Palette) {
			bad("blocks[%d]: state %d is not a palette index (palette has %d entries)", i, b.State, len(s.Palette))
		}
		if b.NBT != nil && b.NBT.Type != nbt.TagCompound {
			bad("blocks[%d]: block entity data is a %s, want a compound", i, tagName(b.NBT.Type))
		}
	}
	for i, e := range s.Entities {
		for k, v := range e.Pos {
			if math.IsNaN(v) || v < 0 || v > float64(s.Size[k]) {
				bad("entities[%d]: position %v is outside size %v", i, e.Pos, s.Size)
				break
			}
		}
		if err := checkEntityNBT(e.NBT); err != nil {
			bad("entities[%d]: %v", i, err)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("invalid structure:\n%w", errors.Join(errs...))
	}
	return nil
}

func (s *Structure) inside(p [3]int32) bool {
	for k := range p {
		if p[k] < 0 || p[k] >= s.Size[k] {
			return false
		}
	}
	return true
}

func checkBlockState(st BlockState) error {
	if _, err := ParseID(st.Name); err != nil {
		return fmt.Errorf("block %q: %v", st.Name, err)
	}
	for k, v := range st.Properties {
		if !isStateWord(k) || !isStateWord(v) {
			return fmt.Errorf("block %s: property %q=%q: names and values are lowercase letters, digits and '_'", st.Name, k, v)
		}
	}
	return nil
}

func isStateWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

func checkEntityNBT(m nbt.RawMessage) error {
	if m.Type != nbt.TagCompound {
		return fmt.Errorf("entity data is a %s, want a compound with an \"id\"", tagName(m.Type))
	}
	var fields map[string]any
	if err := m.Unmarshal(&fields); err != nil {
		return fmt.Errorf("entity data: %v", err)
	}
	id, ok := fields["id"].(string)
	if !ok {
		return errors.New("entity data has no \"id\" string, so the game would drop the entity")
	}
	if _, err := ParseID(id); err != nil {
		return fmt.Errorf("entity id: %v", err)
	}
	return nil
}

// The NBT layout of a structure file, in the order the fields are written.
// Lists of coordinates are TAG_List of TAG_Int/TAG_Double, as the game
// writes them, not int arrays.
type wireStructure struct {
	DataVersion int32         `nbt:"DataVersion"`
	Size        []int32       `nbt:"size,list"`
	Palette     []wireState   `nbt:"palette"`
	Palettes    [][]wireState `nbt:"palettes,omitempty"` // read only, to refuse it clearly
	Blocks      []wireBlock   `nbt:"blocks"`
	Entities    []wireEntity  `nbt:"entities"`
}

type wireState struct {
	Name       string     `nbt:"Name"`
	Properties properties `nbt:"Properties,omitempty"`
}

type wireBlock struct {
	State int32           `nbt:"state"`
	Pos   []int32         `nbt:"pos,list"`
	NBT   *nbt.RawMessage `nbt:"nbt,omitempty"`
}

type wireEntity struct {
	Pos      []float64      `nbt:"pos"`
	BlockPos []int32        `nbt:"blockPos,list"`
	NBT      nbt.RawMessage `nbt:"nbt"`
}

// properties encodes block-state properties with sorted keys; go-mc writes
// Go maps in random order, which would make the file differ run to run.
type properties map[string]string

func (p properties) TagType() byte { return nbt.TagCompound }

func (p properties) MarshalNBT(w io.Writer) error {
	var buf bytes.Buffer
	for _, k := range sortedKeys(p) {
		buf.WriteByte(nbt.TagString)
		writeNBTString(&buf, k)
		writeNBTString(&buf, p[k])
	}
	buf.WriteByte(nbt.TagEnd)
	_, err := w.Write(buf.Bytes())
	return err
}

// writeNBTString writes a length-prefixed string; Validate has restricted
// property words to short ASCII, where UTF-8 and Java's modified UTF-8
// agree.
func writeNBTString(buf *bytes.Buffer, s string) {
	buf.WriteByte(byte(len(s) >> 8))
	buf.WriteByte(byte(len(s)))
	buf.WriteString(s)
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Encode validates the structure and returns its gzipped NBT file. The
// same structure always encodes to the same bytes.
func (s *Structure) Encode() ([]byte, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	for _, st := range s.Palette {
		for k, v := range st.Properties {
			if len(k) > math.MaxInt16 || len(v) > math.MaxInt16 {
				return nil, fmt.Errorf("block %s: property too long", st.Name)
			}
		}
	}
	w := wireStructure{
		DataVersion: s.DataVersion,
		Size:        s.Size[:],
		Palette:     make([]wireState, len(s.Palette)),
		Blocks:      make([]wireBlock, len(s.Blocks)),
		Entities:    make([]wireEntity, len(s.Entities)),
	}
	for i, st := range s.Palette {
		w.Palette[i] = wireState{Name: st.Name, Properties: properties(st.Properties)}
	}
	for i, b := range s.Blocks {
		w.Blocks[i] = wireBlock{State: b.State, Pos: []int32{b.Pos[0], b.Pos[1], b.Pos[2]}, NBT: b.NBT}
	}
	for i, e := range s.Entities {
		w.Entities[i] = wireEntity{
			Pos:      []float64{e.Pos[0], e.Pos[1], e.Pos[2]},
			BlockPos: []int32{e.BlockPos[0], e.BlockPos[1], e.BlockPos[2]},
			NBT:      e.NBT,
		}
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // a valid level cannot fail
	if err := nbt.NewEncoder(zw).Encode(w, ""); err != nil {
		return nil, fmt.Errorf("encode structure: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("encode structure: %w", err)
	}
	return buf.Bytes(), nil
}

// DecodeStructure reads a structure file (gzipped or plain NBT) and
// validates it. Files with several palettes ("palettes", as shipwrecks use)
// are refused: nothing here needs them.
func DecodeStructure(data []byte) (*Structure, error) {
	raw, err := gunzipNBT(data)
	if err != nil {
		return nil, fmt.Errorf("decode structure: %w", err)
	}
	var w wireStructure
	if err := nbt.Unmarshal(raw, &w); err != nil {
		return nil, fmt.Errorf("decode structure: %w", err)
	}
	if len(w.Palettes) > 0 {
		return nil, errors.New("decode structure: several palettes (\"palettes\") are not supported")
	}
	if len(w.Size) != 3 {
		return nil, fmt.Errorf("decode structure: size has %d numbers, want 3", len(w.Size))
	}
	s := &Structure{DataVersion: w.DataVersion, Size: [3]int32(w.Size)}
	for _, st := range w.Palette {
		var props map[string]string
		if len(st.Properties) > 0 {
			props = map[string]string(st.Properties)
		}
		s.Palette = append(s.Palette, BlockState{Name: st.Name, Properties: props})
	}
	for i, b := range w.Blocks {
		if len(b.Pos) != 3 {
			return nil, fmt.Errorf("decode structure: blocks[%d].pos has %d numbers, want 3", i, len(b.Pos))
		}
		s.Blocks = append(s.Blocks, StructureBlock{Pos: [3]int32(b.Pos), State: b.State, NBT: b.NBT})
	}
	for i, e := range w.Entities {
		if len(e.Pos) != 3 || len(e.BlockPos) != 3 {
			return nil, fmt.Errorf("decode structure: entities[%d] needs 3 numbers in pos and blockPos", i)
		}
		s.Entities = append(s.Entities, StructureEntity{Pos: [3]float64(e.Pos), BlockPos: [3]int32(e.BlockPos), NBT: e.NBT})
	}
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("decode structure: %w", err)
	}
	return s, nil
}

// ParseSNBT converts stringified NBT ("{id:\"minecraft:marker\"}") to binary
// NBT, for block entity and entity data. It reads the game's 1.21.5+
// grammar with the command parsers' own reader (datapack/syntax).
func ParseSNBT(s string) (nbt.RawMessage, error) {
	t, serr := syntax.ParseSNBT(s)
	if serr != nil {
		return nbt.RawMessage{}, fmt.Errorf("invalid SNBT %q at %d: %s", s, serr.Pos, serr.Msg)
	}
	var buf bytes.Buffer
	buf.WriteByte(byte(t.Kind))
	writeNBTString(&buf, "")
	if err := writeNBTPayload(&buf, t); err != nil {
		return nbt.RawMessage{}, fmt.Errorf("invalid SNBT %q: %w", s, err)
	}
	var m nbt.RawMessage
	if err := nbt.Unmarshal(buf.Bytes(), &m); err != nil {
		return nbt.RawMessage{}, fmt.Errorf("invalid SNBT %q: %w", s, err)
	}
	return m, nil
}

// writeNBTPayload writes t's payload in the binary format. A list of mixed
// element types is written as the game saves one: each element wrapped in
// a compound under the empty key.
func writeNBTPayload(buf *bytes.Buffer, t *syntax.Tag) error {
	if t.Lossy {
		return errors.New("a string holds a character Go cannot (a lone surrogate or a \\N{…} escape)")
	}
	be := func(v uint64, n int) {
		for i := n - 1; i >= 0; i-- {
			buf.WriteByte(byte(v >> (8 * i)))
		}
	}
	switch t.Kind {
	case syntax.TagByte:
		be(uint64(t.Int), 1)
	case syntax.TagShort:
		be(uint64(t.Int), 2)
	case syntax.TagInt:
		be(uint64(t.Int), 4)
	case syntax.TagLong:
		be(uint64(t.Int), 8)
	case syntax.TagFloat:
		be(uint64(math.Float32bits(float32(t.Float))), 4)
	case syntax.TagDouble:
		be(math.Float64bits(t.Float), 8)
	case syntax.TagString:
		return writeMUTF8(buf, t.Str)
	case syntax.TagByteArray, syntax.TagIntArray, syntax.TagLongArray:
		width := map[syntax.Kind]int{syntax.TagByteArray: 1, syntax.TagIntArray: 4, syntax.TagLongArray: 8}[t.Kind]
		be(uint64(len(t.List)), 4)
		for _, e := range t.List {
			be(uint64(e.Int), width)
		}
	case syntax.TagList:
		kind, mixed := syntax.Kind(0), false
		for i, e := range t.List {
			mixed = mixed || i > 0 && e.Kind != kind
			kind = e.Kind
		}
		if mixed {
			kind = syntax.TagCompound
		}
		buf.WriteByte(byte(kind)) // 0 (TAG_End) for an empty list
		be(uint64(len(t.List)), 4)
		for _, e := range t.List {
			if mixed {
				e = &syntax.Tag{Kind: syntax.TagCompound, Keys: []string{""}, Vals: map[string]*syntax.Tag{"": e}}
			}
			if err := writeNBTPayload(buf, e); err != nil {
				return err
			}
		}
	case syntax.TagCompound:
		for _, k := range t.Keys {
			v := t.Vals[k]
			buf.WriteByte(byte(v.Kind))
			if err := writeMUTF8(buf, k); err != nil {
				return err
			}
			if err := writeNBTPayload(buf, v); err != nil {
				return err
			}
		}
		buf.WriteByte(nbt.TagEnd)
	}
	return nil
}

// writeMUTF8 writes a length-prefixed string in Java's modified UTF-8, as
// NBT stores strings: NUL as two bytes, characters beyond the BMP as a
// surrogate pair of three bytes each.
func writeMUTF8(buf *bytes.Buffer, s string) error {
	var enc []byte
	for _, r := range s {
		switch {
		case r >= 1 && r < 0x80:
			enc = append(enc, byte(r))
		case r < 0x800: // NUL too, as 0xC0 0x80
			enc = append(enc, 0xC0|byte(r>>6), 0x80|byte(r&0x3F))
		case r < 0x10000:
			enc = append(enc, 0xE0|byte(r>>12), 0x80|byte(r>>6&0x3F), 0x80|byte(r&0x3F))
		default:
			hi, lo := utf16.EncodeRune(r)
			for _, u := range []rune{hi, lo} {
				enc = append(enc, 0xE0|byte(u>>12), 0x80|byte(u>>6&0x3F), 0x80|byte(u&0x3F))
			}
		}
	}
	if len(enc) > math.MaxUint16 {
		return fmt.Errorf("a string of %d bytes is longer than NBT's 65535", len(enc))
	}
	buf.WriteByte(byte(len(enc) >> 8))
	buf.WriteByte(byte(len(enc)))
	buf.Write(enc)
	return nil
}
