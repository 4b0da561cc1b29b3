// Package render draws a Gomoku board as the pack built it in a world: the
// blocks and block displays read back from the interpreter
// (sim/packplay's Game.Scene), or a scene put together from a config
// (gen's pack.png), from above or in an isometric view, to PNG or SVG.
// It knows nothing of the interpreter, so the generator can use it. Blocks are coloured as the game colours them on a map
// (its 62 base map colours), so the pictures look like the world without
// shipping any of the game's textures.
package render

import (
	"image/color"
	"strings"
)

// MapColour is one of the game's base map colours (net.minecraft.world.
// level.material.MapColor), by its id.
type MapColour int

// The base map colours the table below uses, with the game's ids.
const (
	None MapColour = iota
	Grass
	Sand
	Wool
	Fire
	Ice
	Metal
	Plant
	Snow
	Clay
	Dirt
	Stone
	Water
	Wood
	Quartz
	ColourOrange
	ColourMagenta
	ColourLightBlue
	ColourYellow
	ColourLightGreen
	ColourPink
	ColourGray
	ColourLightGray
	ColourCyan
	ColourPurple
	ColourBlue
	ColourBrown
	ColourGreen
	ColourRed
	ColourBlack
	Gold
	Diamond
	Lapis
	Emerald
	Podzol
	Nether
	TerracottaWhite
	TerracottaOrange
	TerracottaMagenta
	TerracottaLightBlue
	TerracottaYellow
	TerracottaLightGreen
	TerracottaPink
	TerracottaGray
	TerracottaLightGray
	TerracottaCyan
	TerracottaPurple
	TerracottaBlue
	TerracottaBrown
	TerracottaGreen
	TerracottaRed
	TerracottaBlack
	CrimsonNylium
	CrimsonStem
	CrimsonHyphae
	WarpedNylium
	WarpedStem
	WarpedHyphae
	WarpedWartBlock
	Deepslate
	RawIron
	GlowLichen
	numMapColours
)

// baseRGB is each base colour's RGB as the game defines it.
var baseRGB = [numMapColours]uint32{
	0x000000, 0x7fb238, 0xf7e9a3, 0xc7c7c7, 0xff0000, 0xa0a0ff, 0xa7a7a7, 0x007c00,
	0xffffff, 0xa4a8b8, 0x976d4d, 0x707070, 0x4040ff, 0x8f7748, 0xfffcf5, 0xd87f33,
	0xb24cd8, 0x6699d8, 0xe5e533, 0x7fcc19, 0xf27fa5, 0x4c4c4c, 0x999999, 0x4c7f99,
	0x7f3fb2, 0x334cb2, 0x664c33, 0x667f33, 0x993333, 0x191919, 0xfaee4d, 0x5cdbd5,
	0x4a80ff, 0x00d93a, 0x815631, 0x700200, 0xd1b1a1, 0x9f5224, 0x95576c, 0x706c8a,
	0xba8524, 0x677535, 0xa04d4e, 0x392923, 0x876b62, 0x575c5c, 0x7a4958, 0x4c3e5c,
	0x4c3223, 0x4c522a, 0x8e3c2e, 0x251610, 0xbd3031, 0x943f61, 0x5c191d, 0x167e86,
	0x3a8e8c, 0x562c3e, 0x14b485, 0x646464, 0xd8af93, 0x7fa796,
}

// Brightness is one of the game's four map shades, as a multiplier out of
// 255: a map draws a block lower than its northern neighbour darker, and
// this package shades the faces of an isometric view the same way.
type Brightness int

const (
	Low     Brightness = 180
	Normal  Brightness = 220
	High    Brightness = 255
	Lowest  Brightness = 135
	opaqueA            = 0xff
)

// RGBA is the colour at a brightness, as the game computes it.
func (c MapColour) RGBA(b Brightness) color.RGBA {
	if c <= None || c >= numMapColours {
		return color.RGBA{}
	}
	v := baseRGB[c]
	ch := func(shift uint) uint8 { return uint8(int(v>>shift&0xff) * int(b) / 255) }
	return color.RGBA{R: ch(16), G: ch(8), B: ch(0), A: opaqueA}
}

// dyes are the sixteen dye colours in the game's order, with the map
// colour of the blocks dyed with them (wool, concrete, carpet, stained
// glass, candles, beds, banners, shulker boxes) and of their terracotta.
var dyes = []struct {
	name        string
	plain, terr MapColour
}{
	{"white", Snow, TerracottaWhite}, {"orange", ColourOrange, TerracottaOrange},
	{"magenta", ColourMagenta, TerracottaMagenta}, {"light_blue", ColourLightBlue, TerracottaLightBlue},
	{"yellow", ColourYellow, TerracottaYellow}, {"lime", ColourLightGreen, TerracottaLightGreen},
	{"pink", ColourPink, TerracottaPink}, {"gray", ColourGray, TerracottaGray},
	{"light_gray", ColourLightGray, TerracottaLightGray}, {"cyan", ColourCyan, TerracottaCyan},
	{"purple", ColourPurple, TerracottaPurple}, {"blue", ColourBlue, TerracottaBlue},
	{"brown", ColourBrown, TerracottaBrown}, {"green", ColourGreen, TerracottaGreen},
	{"red", ColourRed, TerracottaRed}, {"black", ColourBlack, TerracottaBlack},
}

// woods are the wood types with the map colour of their planks (and
// slabs, stairs, fences, doors, signs…), and of their logs' bark.
var woods = []struct {
	name          string
	planks, outer MapColour
}{
	{"oak", Wood, Podzol}, {"spruce", Podzol, ColourBrown}, {"birch", Sand, Quartz},
	{"jungle", Dirt, Podzol}, {"acacia", ColourOrange, Stone}, {"dark_oak", ColourBrown, ColourBrown},
	{"mangrove", ColourRed, Podzol}, {"cherry", TerracottaWhite, TerracottaGray},
	{"pale_oak", Quartz, Stone}, {"bamboo", ColourYellow, Plant},
	{"crimson", CrimsonStem, CrimsonHyphae}, {"warped", WarpedStem, WarpedHyphae},
}

// blocks are the map colours of single blocks the rules below miss: the
// pack's defaults and the terrain a board is most often built on.
var blocks = map[string]MapColour{
	"air": None, "cave_air": None, "void_air": None, "glass": None, "light": None, "barrier": None,
	"grass_block": Grass, "short_grass": Plant, "tall_grass": Plant, "fern": Plant,
	"dirt": Dirt, "coarse_dirt": Dirt, "rooted_dirt": Dirt, "farmland": Dirt, "dirt_path": Dirt, "mud": TerracottaCyan,
	"podzol": Podzol, "mycelium": ColourPurple,
	"sand": Sand, "sandstone": Sand, "red_sand": ColourOrange, "red_sandstone": ColourOrange, "gravel": Stone,
	"clay": Clay, "snow": Snow, "snow_block": Snow, "powder_snow": Snow, "ice": Ice, "packed_ice": Ice, "blue_ice": Ice,
	"water": Water, "lava": Fire, "bubble_column": Water,
	"stone": Stone, "cobblestone": Stone, "mossy_cobblestone": Stone, "stone_bricks": Stone, "smooth_stone": Stone,
	"andesite": Stone, "polished_andesite": Stone, "diorite": Quartz, "polished_diorite": Quartz,
	"granite": Dirt, "polished_granite": Dirt, "bedrock": Stone, "tuff": TerracottaGray, "calcite": TerracottaWhite,
	"deepslate": Deepslate, "cobbled_deepslate": Deepslate, "polished_deepslate": Deepslate, "deepslate_bricks": Deepslate,
	"obsidian": ColourBlack, "crying_obsidian": ColourBlack, "netherrack": Nether, "nether_bricks": Nether,
	"basalt": ColourBlack, "blackstone": ColourBlack, "end_stone": Sand, "soul_sand": ColourBrown,
	"terracotta": ColourOrange, "bricks": ColourRed, "bookshelf": Wood, "crafting_table": Wood, "chest": Wood,
	"barrel": Wood, "note_block": Wood, "jukebox": Dirt, "hay_block": ColourYellow, "pumpkin": ColourOrange,
	"melon": ColourLightGreen, "moss_block": ColourGreen, "moss_carpet": ColourGreen, "oak_leaves": Plant,
	"quartz_block": Quartz, "smooth_quartz": Quartz, "quartz_bricks": Quartz, "quartz_pillar": Quartz,
	"gold_block": Gold, "iron_block": Metal, "diamond_block": Diamond, "emerald_block": Emerald,
	"lapis_block": Lapis, "redstone_block": Fire, "coal_block": ColourBlack, "copper_block": ColourOrange,
	"netherite_block": ColourBlack, "amethyst_block": ColourPurple, "raw_iron_block": RawIron,
	"raw_gold_block": Gold, "raw_copper_block": ColourOrange, "glowstone": Sand, "sea_lantern": Quartz,
	"prismarine": ColourCyan, "dark_prismarine": Diamond, "tnt": Fire, "sponge": ColourYellow,
	"slime_block": Grass, "honey_block": ColourOrange, "target": Quartz, "lodestone": Metal,
	"structure_block": ColourLightGray, "command_block": ColourBrown, "beacon": Diamond, "torch": None,
}

// BlockColour is the map colour of a block given as "minecraft:id" or
// "id", with or without block states ("[…]"); ok is false for a block the
// table does not know, drawn then as Stone by the renderer.
func BlockColour(block string) (c MapColour, ok bool) {
	id := block
	if i := strings.IndexAny(id, "[{"); i >= 0 {
		id = id[:i]
	}
	id = strings.TrimPrefix(id, "minecraft:")
	// Stripped logs and wood have their planks' colour all over.
	if rest, ok := strings.CutPrefix(id, "stripped_"); ok {
		for _, w := range woods {
			if r, ok := strings.CutPrefix(rest, w.name+"_"); ok && (r == "log" || r == "wood" || r == "stem" || r == "hyphae") {
				return w.planks, true
			}
		}
	}
	if c, ok := blocks[id]; ok {
		return c, true
	}
	for _, d := range dyes {
		rest, ok := strings.CutPrefix(id, d.name+"_")
		if !ok {
			continue
		}
		switch {
		case rest == "terracotta" || rest == "glazed_terracotta":
			return d.terr, true
		case rest == "wool" || rest == "carpet" || rest == "concrete" || rest == "concrete_powder" ||
			rest == "stained_glass" || rest == "stained_glass_pane" || rest == "bed" || rest == "banner" ||
			rest == "shulker_box" || rest == "candle":
			return d.plain, true
		}
	}
	for _, w := range woods {
		rest, ok := strings.CutPrefix(id, w.name+"_")
		if !ok {
			continue
		}
		switch rest {
		case "log", "stem":
			// A log shows its rings from above when it stands upright
			// (axis=y, the default) and its bark when it lies.
			if strings.Contains(block, "axis=x") || strings.Contains(block, "axis=z") {
				return w.outer, true
			}
			return w.planks, true
		case "wood", "hyphae":
			return w.outer, true
		case "planks", "slab", "stairs", "fence", "fence_gate", "door", "trapdoor", "pressure_plate",
			"button", "sign", "hanging_sign", "wall_sign", "wall_hanging_sign", "block":
			return w.planks, true
		case "leaves":
			return Plant, true
		}
	}
	return Stone, false
}
