package datapack

import (
	"bytes"
	"compress/gzip"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/Tnze/go-mc/nbt"
)

// boardStructure is a small board surface like the generator's: a 3x1x3
// floor of two colours with a stair, a sign with block entity data and a
// marker entity.
func boardStructure(t testing.TB) *Structure {
	t.Helper()
	s := NewStructure([3]int32{3, 2, 3}, 4325)
	white := BlockState{Name: "minecraft:white_concrete"}
	black := BlockState{Name: "minecraft:black_concrete"}
	for x := int32(0); x < 3; x++ {
		for z := int32(0); z < 3; z++ {
			st := white
			if (x+z)%2 == 1 {
				st = black
			}
			s.SetBlock([3]int32{x, 0, z}, st)
		}
	}
	s.SetBlock([3]int32{1, 1, 1}, BlockState{Name: "minecraft:oak_stairs", Properties: map[string]string{
		"waterlogged": "false", "facing": "north", "half": "bottom", "shape": "straight"}})
	sign, err := ParseSNBT(`{front_text: {messages: ['"a"', '""', '""', '""']}, is_waxed: 1b}`)
	if err != nil {
		t.Fatal(err)
	}
	s.SetBlock([3]int32{0, 1, 0}, BlockState{Name: "minecraft:oak_sign", Properties: map[string]string{"rotation": "0", "waterlogged": "false"}})
	s.Blocks[len(s.Blocks)-1].NBT = &sign
	marker, err := ParseSNBT(`{id: "minecraft:marker", Tags: ["gomoku.board"]}`)
	if err != nil {
		t.Fatal(err)
	}
	s.Entities = append(s.Entities, StructureEntity{Pos: [3]float64{1.5, 1, 1.5}, BlockPos: [3]int32{1, 1, 1}, NBT: marker})
	return s
}

func TestStructureRoundTrip(t *testing.T) {
	s := boardStructure(t)
	data, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeStructure(data)
	if err != nil {
		t.Fatal(err)
	}
	s.at = nil // the builder's index is not part of the value
	if !reflect.DeepEqual(got, s) {
		t.Errorf("round trip:\ngot  %+v\nwant %+v", got, s)
	}
	again, err := got.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, data) {
		t.Error("decode then encode changed the bytes")
	}
}

func TestStructureEncodeDeterministic(t *testing.T) {
	// Property maps iterate in random order; many encodings must agree.
	first, err := boardStructure(t).Encode()
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		b, err := boardStructure(t).Encode()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, first) {
			t.Fatal("two encodings of the same structure differ")
		}
	}
}

// TestStructureLayout checks the file against the game's format
// (minecraft.wiki "Structure file"): coordinates are lists of ints or
// doubles, not int arrays, and every key has the type the game reads.
func TestStructureLayout(t *testing.T) {
	data, err := boardStructure(t).Encode()
	if err != nil {
		t.Fatal(err)
	}
	if data[0] != 0x1f || data[1] != 0x8b {
		t.Fatal("structure file is not gzipped")
	}
	zr, _ := gzip.NewReader(bytes.NewReader(data))
	raw, _ := io.ReadAll(zr)
	var root map[string]any
	name, err := nbt.NewDecoder(bytes.NewReader(raw)).Decode(&root)
	if err != nil || name != "" {
		t.Fatalf("root: name %q, err %v", name, err)
	}
	check := func(what string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %#v, want %#v", what, got, want)
		}
	}
	check("DataVersion", root["DataVersion"], int32(4325))
	check("size", root["size"], []any{int32(3), int32(2), int32(3)})
	palette := root["palette"].([]any)
	check("palette length", len(palette), 4)
	check("palette[0]", palette[0], map[string]any{"Name": "minecraft:white_concrete"})
	check("palette[2]", palette[2], map[string]any{"Name": "minecraft:oak_stairs", "Properties": map[string]any{
		"facing": "north", "half": "bottom", "shape": "straight", "waterlogged": "false"}})
	blocks := root["blocks"].([]any)
	check("blocks length", len(blocks), 11)
	check("blocks[1]", blocks[1], map[string]any{"state": int32(1), "pos": []any{int32(0), int32(0), int32(1)}})
	sign := blocks[10].(map[string]any)
	check("sign nbt is_waxed", sign["nbt"].(map[string]any)["is_waxed"], int8(1))
	ent := root["entities"].([]any)[0].(map[string]any)
	check("entity pos", ent["pos"], []any{1.5, 1.0, 1.5})
	check("entity blockPos", ent["blockPos"], []any{int32(1), int32(1), int32(1)})
	check("entity id", ent["nbt"].(map[string]any)["id"], "minecraft:marker")

	// Properties are written in sorted order, byte for byte.
	i := bytes.Index(raw, []byte("facing"))
	j := bytes.Index(raw, []byte("waterlogged"))
	if i < 0 || j < 0 || i > j {
		t.Errorf("properties not sorted in the file (facing at %d, waterlogged at %d)", i, j)
	}
}

func TestStructureEmptyLists(t *testing.T) {
	s := NewStructure([3]int32{1, 1, 1}, 4325)
	data, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeStructure(data)
	if err != nil {
		t.Fatal(err)
	}
	if got.Size != s.Size || len(got.Blocks)+len(got.Entities)+len(got.Palette) != 0 {
		t.Errorf("got %+v", got)
	}
	// Empty lists still name compound elements, which the game expects.
	zr, _ := gzip.NewReader(bytes.NewReader(data))
	raw, _ := io.ReadAll(zr)
	if !bytes.Contains(raw, []byte("\x09\x00\x06blocks\x0a\x00\x00\x00\x00")) {
		t.Error("empty blocks list is not a list of compounds")
	}
}

func TestSetBlockReplaces(t *testing.T) {
	s := NewStructure([3]int32{2, 1, 1}, 4325)
	s.SetBlock([3]int32{0, 0, 0}, BlockState{Name: "minecraft:stone"})
	s.SetBlock([3]int32{1, 0, 0}, BlockState{Name: "minecraft:stone"})
	s.SetBlock([3]int32{0, 0, 0}, BlockState{Name: "minecraft:dirt"})
	if len(s.Blocks) != 2 || len(s.Palette) != 2 || s.Palette[s.Blocks[0].State].Name != "minecraft:dirt" {
		t.Errorf("got blocks %+v palette %+v", s.Blocks, s.Palette)
	}
	if got := (BlockState{Name: "minecraft:oak_stairs", Properties: map[string]string{"half": "top", "facing": "east"}}).String(); got != "minecraft:oak_stairs[facing=east,half=top]" {
		t.Errorf("String() = %s", got)
	}
}

func TestStructureValidate(t *testing.T) {
	marker, _ := ParseSNBT(`{id: "minecraft:marker"}`)
	noID, _ := ParseSNBT(`{Tags: ["x"]}`)
	notCompound, _ := ParseSNBT(`5`)
	stone := []BlockState{{Name: "minecraft:stone"}}
	tests := []struct {
		name string
		s    Structure
		want string
	}{
		{"no DataVersion", Structure{Size: [3]int32{1, 1, 1}}, "DataVersion 0: must be positive"},
		{"zero size", Structure{DataVersion: 1, Size: [3]int32{1, 0, 1}}, "size[1] is 0"},
		{"bad block name", Structure{DataVersion: 1, Size: [3]int32{1, 1, 1}, Palette: []BlockState{{Name: "minecraft:Stone"}}}, `palette[0]: block "minecraft:Stone"`},
		{"bad property", Structure{DataVersion: 1, Size: [3]int32{1, 1, 1}, Palette: []BlockState{{Name: "stone", Properties: map[string]string{"a": ""}}}}, `property "a"=""`},
		{"duplicate palette", Structure{DataVersion: 1, Size: [3]int32{1, 1, 1}, Palette: []BlockState{{Name: "minecraft:stone"}, {Name: "minecraft:stone"}}}, "palette[1] repeats palette[0]"},
		{"block outside", Structure{DataVersion: 1, Size: [3]int32{1, 1, 1}, Palette: stone, Blocks: []StructureBlock{{Pos: [3]int32{0, 1, 0}}}}, "blocks[0]: position [0 1 0] is outside size [1 1 1]"},
		{"negative position", Structure{DataVersion: 1, Size: [3]int32{1, 1, 1}, Palette: stone, Blocks: []StructureBlock{{Pos: [3]int32{-1, 0, 0}}}}, "is outside"},
		{"same position twice", Structure{DataVersion: 1, Size: [3]int32{1, 1, 1}, Palette: stone, Blocks: []StructureBlock{{}, {}}}, "blocks[1]: position [0 0 0] is already taken by blocks[0]"},
		{"state out of palette", Structure{DataVersion: 1, Size: [3]int32{1, 1, 1}, Palette: stone, Blocks: []StructureBlock{{State: 1}}}, "blocks[0]: state 1 is not a palette index"},
		{"block entity not compound", Structure{DataVersion: 1, Size: [3]int32{1, 1, 1}, Palette: stone, Blocks: []StructureBlock{{NBT: &notCompound}}}, "block entity data is a int, want a compound"},
		{"entity without id", Structure{DataVersion: 1, Size: [3]int32{1, 1, 1}, Entities: []StructureEntity{{NBT: noID}}}, `entities[0]: entity data has no "id"`},
		{"entity outside", Structure{DataVersion: 1, Size: [3]int32{1, 1, 1}, Entities: []StructureEntity{{Pos: [3]float64{0, 2, 0}, NBT: marker}}}, "entities[0]: position [0 2 0] is outside"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.s.Validate()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error containing %q", err, tt.want)
			}
			if _, err := tt.s.Encode(); err == nil {
				t.Error("Encode accepted an invalid structure")
			}
		})
	}
}

func TestDecodeStructureRejects(t *testing.T) {
	enc := func(v any) []byte {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		if err := nbt.NewEncoder(zw).Encode(v, ""); err != nil {
			t.Fatal(err)
		}
		zw.Close()
		return buf.Bytes()
	}
	type state struct{ Name string }
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"not NBT", []byte("hello"), "decode structure: root tag is"},
		{"several palettes", enc(map[string]any{"DataVersion": int32(1), "size": []any{int32(1), int32(1), int32(1)},
			"palettes": [][]state{{{"minecraft:stone"}}, {{"minecraft:dirt"}}}}), "several palettes"},
		{"short size", enc(map[string]any{"DataVersion": int32(1), "size": []int32{1, 1}}), "size has 2 numbers, want 3"},
		{"no DataVersion", enc(map[string]any{"size": []int32{1, 1, 1}}), "DataVersion 0"},
		{"wrong type", enc(map[string]any{"DataVersion": "x"}), "decode structure: nbt"},
	}
	for _, tt := range tests {
		if _, err := DecodeStructure(tt.data); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
}

func TestStructureFile(t *testing.T) {
	if got := StructureFile(ID{"gomoku", "board/15x15"}); got != "data/gomoku/structure/board/15x15.nbt" {
		t.Errorf("StructureFile = %s", got)
	}
}

func FuzzDecodeStructure(f *testing.F) {
	data, err := boardStructure(f).Encode()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	zr, _ := gzip.NewReader(bytes.NewReader(data))
	raw, _ := io.ReadAll(zr)
	f.Add(raw) // uncompressed NBT is accepted too
	f.Add([]byte{10, 0, 0, 9, 0, 4, 's', 'i', 'z', 'e', 3, 0x7f, 0xff, 0xff, 0xff, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := DecodeStructure(data)
		if err != nil {
			return
		}
		// A decoded structure is valid, so it encodes, and re-decodes to
		// the same value.
		b, err := s.Encode()
		if err != nil {
			t.Fatalf("decoded structure does not encode: %v", err)
		}
		s2, err := DecodeStructure(b)
		if err != nil {
			t.Fatalf("re-encoded structure does not decode: %v", err)
		}
		if !reflect.DeepEqual(s, s2) {
			t.Fatalf("round trip changed the structure:\n%+v\n%+v", s, s2)
		}
	})
}

// TestParseSNBTBinary checks the binary NBT ParseSNBT writes: types and
// big-endian payloads, Java's modified UTF-8, mixed lists wrapped as the
// game saves them, and refusals.
func TestParseSNBTBinary(t *testing.T) {
	tests := []struct {
		in   string
		typ  byte
		data []byte // the payload; nil for an error
	}{
		{`5`, 3, []byte{0, 0, 0, 5}},
		{`-2s`, 2, []byte{0xff, 0xfe}},
		{`1.5f`, 5, []byte{0x3f, 0xc0, 0, 0}},
		{`[B;1b,2b]`, 7, []byte{0, 0, 0, 2, 1, 2}},
		{`[]`, 9, []byte{0, 0, 0, 0, 0}},
		{`[1,2]`, 9, []byte{3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 2}},
		// [1b,"x"]: a list of compounds {"": 1b}, {"": "x"}.
		{`[1b,"x"]`, 9, []byte{10, 0, 0, 0, 2, 1, 0, 0, 1, 0, 8, 0, 0, 0, 1, 'x', 0}},
		// NUL is C0 80, U+1F600 a surrogate pair of three bytes each.
		{`{s:"\x00\U0001F600"}`, 10, []byte{8, 0, 1, 's', 0, 8, 0xc0, 0x80, 0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80, 0}},
		{`{a:"\uD800"}`, 0, nil}, // a lone surrogate Go strings cannot hold
		{`{a:`, 0, nil},
	}
	for _, tt := range tests {
		m, err := ParseSNBT(tt.in)
		if tt.data == nil {
			if err == nil {
				t.Errorf("ParseSNBT(%s): got no error", tt.in)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseSNBT(%s): %v", tt.in, err)
			continue
		}
		if m.Type != tt.typ || !bytes.Equal(m.Data, tt.data) {
			t.Errorf("ParseSNBT(%s): got type %d % x, want %d % x", tt.in, m.Type, m.Data, tt.typ, tt.data)
		}
	}
}
