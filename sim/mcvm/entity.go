package mcvm

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/mcgomoku/mcgomoku/datapack/syntax"

	"github.com/Tnze/go-mc/nbt"
)

// UUID is an entity UUID.
type UUID [16]byte

func (u UUID) String() string {
	h := fmt.Sprintf("%x", u[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

// ParseUUID parses a UUID as java.util.UUID.fromString does (hex groups
// separated by four dashes; groups may be shorter than canonical).
func ParseUUID(s string) (UUID, bool) { return parseUUID(s) }

func parseUUID(s string) (UUID, bool) {
	u, ok := syntax.ParseUUID(s)
	return UUID(u), ok
}

func uuidTag(u UUID) *IntArray {
	a := &IntArray{V: make([]int32, 4)}
	for i := range 4 {
		a.V[i] = int32(binary.BigEndian.Uint32(u[i*4:]))
	}
	return a
}

// uuidFromTag reads UUIDUtil.CODEC's form: an int array of four.
func uuidFromTag(t Tag) (UUID, bool) {
	a, ok := t.(*IntArray)
	if !ok || len(a.V) != 4 {
		return UUID{}, false
	}
	var u UUID
	for i, v := range a.V {
		binary.BigEndian.PutUint32(u[i*4:], uint32(v))
	}
	return u, true
}

// Vec3 is a position in blocks.
type Vec3 struct{ X, Y, Z float64 }

// entityType describes a modelled entity type.
type entityType struct {
	id        string // "minecraft:interaction"
	width     float64
	height    float64
	eye       float64
	summon    bool // can be summoned with /summon
	fields    map[string]fieldKind
	defaults  func() *Compound // type-specific saved fields with defaults
	sizedByNB bool             // interaction: width/height from NBT
}

// fieldKind says how a saved field is normalised when an entity is
// (re)loaded from NBT.
type fieldKind uint8

const (
	fFloat fieldKind = iota + 1
	fDouble
	fInt
	fShort
	fByte // also booleans
	fLong
	fString
	fAny        // kept as given (components, compounds, lists)
	fCompound   // must be a compound, else the default
	fSpecial    // handled by the entity code itself
	fUnmodelled // the game has it; mcvm does not model it
)

var commonFields = map[string]fieldKind{
	"Pos": fSpecial, "Motion": fSpecial, "Rotation": fSpecial, "UUID": fSpecial, "Tags": fSpecial,
	"fall_distance": fDouble, "Fire": fShort, "Air": fShort, "OnGround": fByte, "Invulnerable": fByte,
	"PortalCooldown": fInt, "CustomName": fAny, "CustomNameVisible": fByte, "Silent": fByte,
	"NoGravity": fByte, "Glowing": fByte, "TicksFrozen": fInt, "HasVisualFire": fByte,
	"Passengers": fUnmodelled, "id": fSpecial,
}

// optionalCommon are written only when set (true / non-zero / present).
var optionalCommon = map[string]bool{
	"CustomName": true, "CustomNameVisible": true, "Silent": true, "NoGravity": true,
	"Glowing": true, "TicksFrozen": true, "HasVisualFire": true,
}

func displayDefaults() *Compound {
	c := NewCompound()
	f0 := func() *List { return &List{V: []Tag{Float(0), Float(0), Float(0)}} }
	tr := NewCompound()
	tr.Put("left_rotation", &List{V: []Tag{Float(0), Float(0), Float(0), Float(1)}})
	tr.Put("right_rotation", &List{V: []Tag{Float(0), Float(0), Float(0), Float(1)}})
	tr.Put("scale", &List{V: []Tag{Float(1), Float(1), Float(1)}})
	tr.Put("translation", f0())
	c.Put("transformation", tr)
	c.Put("billboard", String("fixed"))
	c.Put("interpolation_duration", Int(0))
	c.Put("teleport_duration", Int(0))
	c.Put("view_range", Float(1))
	c.Put("shadow_radius", Float(0))
	c.Put("shadow_strength", Float(1))
	c.Put("width", Float(0))
	c.Put("height", Float(0))
	c.Put("glow_color_override", Int(-1))
	return c
}

var displayFields = map[string]fieldKind{
	"transformation": fAny, "billboard": fString, "interpolation_duration": fInt, "teleport_duration": fInt,
	"view_range": fFloat, "shadow_radius": fFloat, "shadow_strength": fFloat, "width": fFloat,
	"height": fFloat, "glow_color_override": fInt, "brightness": fAny, "start_interpolation": fSpecial,
}

func mergeFields(maps ...map[string]fieldKind) map[string]fieldKind {
	out := map[string]fieldKind{}
	for _, m := range maps {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

var entityTypes = map[string]*entityType{}

func init() {
	add := func(t *entityType) { entityTypes[t.id] = t }
	add(&entityType{id: "minecraft:player", width: 0.6, height: 1.8, eye: 1.62,
		fields: commonFields, defaults: NewCompound})
	add(&entityType{id: "minecraft:marker", summon: true,
		fields: mergeFields(commonFields, map[string]fieldKind{"data": fCompound}),
		defaults: func() *Compound {
			c := NewCompound()
			c.Put("data", NewCompound())
			return c
		}})
	add(&entityType{id: "minecraft:interaction", summon: true, width: 1, height: 1, sizedByNB: true,
		fields: mergeFields(commonFields, map[string]fieldKind{
			"width": fFloat, "height": fFloat, "response": fByte, "attack": fSpecial, "interaction": fSpecial}),
		defaults: func() *Compound {
			c := NewCompound()
			c.Put("width", Float(1))
			c.Put("height", Float(1))
			c.Put("response", Byte(0))
			return c
		}})
	add(&entityType{id: "minecraft:text_display", summon: true,
		fields: mergeFields(commonFields, displayFields, map[string]fieldKind{
			"text": fAny, "line_width": fInt, "text_opacity": fByte, "background": fInt,
			"default_background": fByte, "shadow": fByte, "see_through": fByte, "alignment": fString}),
		defaults: func() *Compound {
			c := displayDefaults()
			c.Put("text", String(""))
			c.Put("line_width", Int(200))
			c.Put("text_opacity", Byte(-1))
			c.Put("background", Int(1073741824))
			c.Put("default_background", Byte(0))
			c.Put("shadow", Byte(0))
			c.Put("see_through", Byte(0))
			c.Put("alignment", String("center"))
			return c
		}})
	add(&entityType{id: "minecraft:block_display", summon: true,
		fields: mergeFields(commonFields, displayFields, map[string]fieldKind{"block_state": fAny}),
		defaults: func() *Compound {
			c := displayDefaults()
			bs := NewCompound()
			bs.Put("Name", String("minecraft:air"))
			c.Put("block_state", bs)
			return c
		}})
	add(&entityType{id: "minecraft:item_display", summon: true,
		fields: mergeFields(commonFields, displayFields, map[string]fieldKind{"item": fAny, "item_display": fString}),
		defaults: func() *Compound {
			c := displayDefaults()
			c.Put("item_display", String("none"))
			return c
		}})
	// A dropped item: what the board may cover without refusing (it has no
	// pickup or despawn here; nothing in the pack needs them).
	add(&entityType{id: "minecraft:item", summon: true, width: 0.25, height: 0.25, eye: 0.2125,
		fields: mergeFields(commonFields, map[string]fieldKind{
			"Item": fAny, "Age": fShort, "Health": fShort, "PickupDelay": fShort,
			"Owner": fUnmodelled, "Thrower": fUnmodelled,
		}),
		defaults: func() *Compound {
			c := NewCompound()
			c.Put("Age", Short(0))
			c.Put("Health", Short(5))
			c.Put("PickupDelay", Short(0))
			return c
		}})
	add(&entityType{id: "minecraft:armor_stand", summon: true, width: 0.5, height: 1.975, eye: 1.7775,
		fields: mergeFields(commonFields, map[string]fieldKind{
			"Health": fFloat, "HurtTime": fShort, "HurtByTimestamp": fInt, "DeathTime": fShort,
			"AbsorptionAmount": fFloat, "FallFlying": fByte, "Invisible": fByte, "Small": fByte,
			"ShowArms": fByte, "DisabledSlots": fInt, "NoBasePlate": fByte, "Marker": fByte,
			"Pose": fCompound, "equipment": fUnmodelled, "attributes": fUnmodelled, "Brain": fUnmodelled,
			"active_effects": fUnmodelled, "drop_chances": fUnmodelled, "last_hurt_by_player": fUnmodelled,
			"last_hurt_by_mob": fUnmodelled, "sleeping_pos": fUnmodelled, "locator_bar_icon": fUnmodelled,
		}),
		defaults: func() *Compound {
			c := NewCompound()
			c.Put("Health", Float(20))
			c.Put("HurtTime", Short(0))
			c.Put("HurtByTimestamp", Int(0))
			c.Put("DeathTime", Short(0))
			c.Put("AbsorptionAmount", Float(0))
			c.Put("FallFlying", Byte(0))
			c.Put("Invisible", Byte(0))
			c.Put("Small", Byte(0))
			c.Put("ShowArms", Byte(0))
			c.Put("DisabledSlots", Int(0))
			c.Put("NoBasePlate", Byte(0))
			c.Put("Marker", Byte(0))
			c.Put("Pose", NewCompound())
			return c
		}})
}

// playerAction is Interaction.PlayerAction: who clicked, at which game time.
type playerAction struct {
	player    UUID
	timestamp int64
}

func (a *playerAction) tag() *Compound {
	c := NewCompound()
	c.Put("player", uuidTag(a.player))
	c.Put("timestamp", Long(a.timestamp))
	return c
}

// Entity is a simulated entity (players included).
type Entity struct {
	id      int64 // spawn order, the game's entity id order
	UUID    UUID
	name    string // scoreboard name: UUID string, or the player name
	typ     *entityType
	Pos     Vec3
	Yaw     float32 // y rotation
	Pitch   float32 // x rotation
	Dim     string
	tags    []string
	tagCap  int // largest tag count, for the HashSet iteration order
	extra   *Compound
	removed bool
	state   entityState // loaded, held out of sight, or saved with its chunk
	player  *Player

	width, height float64 // interaction size

	interaction, attack *playerAction

	secX, secY, secZ int32
	secSeq           uint64
}

// ScoreHolder is the entity's scoreboard name: its UUID string, or the
// player's name.
func (e *Entity) ScoreHolder() string { return e.name }

// Data returns the entity's data as /data get entity shows it, a copy
// the caller may keep.
func (e *Entity) Data() *Compound { return e.save() }

// Type is the entity type id, e.g. "minecraft:interaction".
func (e *Entity) Type() string { return e.typ.id }

// Tags returns the entity's tags in the order the game saves them.
func (e *Entity) Tags() []string { return javaHashOrder(e.tags, e.tagCap) }

// HasTag reports whether the entity has tag t.
func (e *Entity) HasTag(t string) bool {
	for _, x := range e.tags {
		if x == t {
			return true
		}
	}
	return false
}

func (e *Entity) addTag(t string) bool {
	if e.HasTag(t) || len(e.tags) >= 1024 {
		return false
	}
	e.tags = append(e.tags, t)
	if len(e.tags) > e.tagCap {
		e.tagCap = len(e.tags)
	}
	return true
}

func (e *Entity) removeTag(t string) bool {
	for i, x := range e.tags {
		if x == t {
			e.tags = append(e.tags[:i], e.tags[i+1:]...)
			return true
		}
	}
	return false
}

// size returns the entity's bounding box width and height.
func (e *Entity) size() (w, h float64) {
	if e.typ.sizedByNB {
		return e.width, e.height
	}
	if e.typ.id == "minecraft:armor_stand" {
		if b, ok := e.extra.Get("Marker").(Byte); ok && b != 0 {
			return 0, 0
		}
		if b, ok := e.extra.Get("Small").(Byte); ok && b != 0 {
			return 0.25, 0.9875
		}
	}
	return e.typ.width, e.typ.height
}

func (e *Entity) eyeHeight() float64 {
	if e.typ.sizedByNB {
		return e.height * 0.85
	}
	if e.typ.id == "minecraft:armor_stand" {
		if b, ok := e.extra.Get("Marker").(Byte); ok && b != 0 {
			return 0
		}
		if b, ok := e.extra.Get("Small").(Byte); ok && b != 0 {
			return 0.5 * 1.7775
		}
	}
	return e.typ.eye
}

// box is an axis-aligned bounding box.
type box struct{ minX, minY, minZ, maxX, maxY, maxZ float64 }

func (e *Entity) box() box {
	w, h := e.size()
	return box{e.Pos.X - w/2, e.Pos.Y, e.Pos.Z - w/2, e.Pos.X + w/2, e.Pos.Y + h, e.Pos.Z + w/2}
}

// intersects is AABB.intersects: strict on every side.
func (a box) intersects(b box) bool {
	return a.minX < b.maxX && a.maxX > b.minX && a.minY < b.maxY && a.maxY > b.minY && a.minZ < b.maxZ && a.maxZ > b.minZ
}

// distanceToSqr is AABB.distanceToSqr(point).
func (a box) distanceToSqr(p Vec3) float64 {
	dx := math.Max(math.Max(a.minX-p.X, p.X-a.maxX), 0)
	dy := math.Max(math.Max(a.minY-p.Y, p.Y-a.maxY), 0)
	dz := math.Max(math.Max(a.minZ-p.Z, p.Z-a.maxZ), 0)
	return dx*dx + dy*dy + dz*dz
}

func (e *Entity) distanceToSqr(p Vec3) float64 {
	dx, dy, dz := e.Pos.X-p.X, e.Pos.Y-p.Y, e.Pos.Z-p.Z
	return dx*dx + dy*dy + dz*dz
}

func floorDiv16(v float64) int32 { return int32(math.Floor(v)) >> 4 }

// save is Entity.saveWithoutId: a fresh compound of every modelled field.
func (e *Entity) save() *Compound {
	c := NewCompound()
	c.Put("Pos", &List{V: []Tag{Double(e.Pos.X), Double(e.Pos.Y), Double(e.Pos.Z)}})
	c.Put("Rotation", &List{V: []Tag{Float(e.Yaw), Float(e.Pitch)}})
	c.Put("UUID", uuidTag(e.UUID))
	if len(e.tags) > 0 {
		l := &List{}
		for _, t := range e.Tags() {
			l.V = append(l.V, String(t))
		}
		c.Put("Tags", l)
	}
	for k, v := range e.extra.m {
		c.m[k] = copyTag(v)
	}
	if e.typ.sizedByNB {
		c.Put("width", Float(float32(e.width)))
		c.Put("height", Float(float32(e.height)))
		if e.attack != nil {
			c.Put("attack", e.attack.tag())
		}
		if e.interaction != nil {
			c.Put("interaction", e.interaction.tag())
		}
	}
	return c
}

// baseExtra returns the saved fields every entity of type t starts with.
func baseExtra(t *entityType) *Compound {
	c := t.defaults()
	c.Put("Motion", &List{V: []Tag{Double(0), Double(0), Double(0)}})
	c.Put("fall_distance", Double(0))
	c.Put("Fire", Short(-1))
	c.Put("Air", Short(300))
	c.Put("OnGround", Byte(0))
	c.Put("Invulnerable", Byte(0))
	c.Put("PortalCooldown", Int(0))
	return c
}

// load is Entity.load over a full or merged compound: values are
// normalised to the saved types (a value of the wrong kind becomes the
// default, as the game's lenient reads do).
func (e *Entity) load(c *Compound, summoning bool) error {
	// Keys the type does not have are ignored, as the game's load ignores
	// them; keys the game has but mcvm does not model are refused.
	for _, k := range c.Keys() {
		if e.typ.fields[k] == fUnmodelled {
			return unmodelled("entity field %q of %s", k, e.typ.id)
		}
	}
	def := baseExtra(e.typ)
	extra := NewCompound()
	for k, kind := range e.typ.fields {
		if kind == fSpecial || kind == fUnmodelled {
			continue
		}
		v, has := c.m[k]
		d := def.Get(k)
		if !has {
			if d != nil {
				extra.m[k] = d
			}
			continue
		}
		nv := normaliseField(kind, v, d)
		if nv == nil {
			continue
		}
		if optionalCommon[k] && isZeroValue(nv) {
			continue
		}
		extra.m[k] = nv
	}
	e.extra = extra
	// Motion is a Vec3 like Pos.
	if v, ok := vec3FromTag(c.Get("Motion")); ok {
		extra.Put("Motion", &List{V: []Tag{Double(v.X), Double(v.Y), Double(v.Z)}})
	} else {
		extra.Put("Motion", &List{V: []Tag{Double(0), Double(0), Double(0)}})
	}
	if v, ok := vec3FromTag(c.Get("Pos")); ok {
		e.Pos = v
	} else if c.Get("Pos") != nil || !summoning {
		e.Pos = Vec3{}
	}
	if l, ok := c.Get("Rotation").(*List); ok && len(l.V) == 2 && isNumeric(l.V[0]) && isNumeric(l.V[1]) {
		e.Yaw, e.Pitch = wrapDegrees(float32(asDouble(l.V[0]))), clampPitch(float32(asDouble(l.V[1])))
	} else if c.Get("Rotation") != nil || !summoning {
		e.Yaw, e.Pitch = 0, 0
	}
	if t := c.Get("Tags"); t != nil || !summoning {
		e.tags = e.tags[:0]
		if l, ok := t.(*List); ok {
			for _, x := range l.V {
				if s, ok := x.(String); ok {
					e.addTag(string(s))
				}
			}
		}
	}
	if e.typ.sizedByNB {
		e.width, e.height = 1, 1
		if t := c.Get("width"); t != nil && isNumeric(t) {
			e.width = float64(float32(asDouble(t)))
		}
		if t := c.Get("height"); t != nil && isNumeric(t) {
			e.height = float64(float32(asDouble(t)))
		}
		e.attack = readPlayerAction(c.Get("attack"))
		e.interaction = readPlayerAction(c.Get("interaction"))
		delete(extra.m, "width")
		delete(extra.m, "height")
	}
	return nil
}

func readPlayerAction(t Tag) *playerAction {
	c, ok := t.(*Compound)
	if !ok {
		return nil
	}
	u, ok := uuidFromTag(c.Get("player"))
	ts := c.Get("timestamp")
	if !ok || ts == nil || !isNumeric(ts) {
		return nil
	}
	return &playerAction{u, asLong(ts)}
}

func isZeroValue(t Tag) bool {
	switch v := t.(type) {
	case Byte:
		return v == 0
	case Int:
		return v == 0
	}
	return false
}

func vec3FromTag(t Tag) (Vec3, bool) {
	l, ok := t.(*List)
	if !ok || len(l.V) != 3 {
		return Vec3{}, false
	}
	for _, x := range l.V {
		if !isNumeric(x) {
			return Vec3{}, false
		}
	}
	return Vec3{asDouble(l.V[0]), asDouble(l.V[1]), asDouble(l.V[2])}, true
}

func normaliseField(kind fieldKind, v, def Tag) Tag {
	num := isNumeric(v)
	switch kind {
	case fFloat:
		if num {
			return Float(float32(asDouble(v)))
		}
	case fDouble:
		if num {
			return Double(asDouble(v))
		}
	case fInt:
		if num {
			return Int(asInt(v))
		}
	case fShort:
		if num {
			return Short(int16(asInt(v)))
		}
	case fByte:
		if num {
			return Byte(int8(asInt(v)))
		}
	case fLong:
		if num {
			return Long(asLong(v))
		}
	case fString:
		if s, ok := v.(String); ok {
			return s
		}
	case fCompound:
		if c, ok := v.(*Compound); ok {
			return copyTag(c)
		}
	case fAny:
		return copyTag(v)
	}
	return def
}

// wrapDegrees is Mth.wrapDegrees for floats.
func wrapDegrees(f float32) float32 {
	g := float32(math.Mod(float64(f), 360))
	if g >= 180 {
		g -= 360
	}
	if g < -180 {
		g += 360
	}
	return g
}

func clampPitch(f float32) float32 {
	return float32(math.Max(-90, math.Min(90, float64(wrapDegrees(f)))))
}

// tagTypeName names NBT types in messages.
func tagTypeName(t byte) string {
	switch t {
	case nbt.TagByte:
		return "byte"
	case nbt.TagShort:
		return "short"
	case nbt.TagInt:
		return "int"
	case nbt.TagLong:
		return "long"
	case nbt.TagFloat:
		return "float"
	case nbt.TagDouble:
		return "double"
	case nbt.TagString:
		return "string"
	case nbt.TagList:
		return "list"
	case nbt.TagCompound:
		return "compound"
	case nbt.TagByteArray:
		return "byte array"
	case nbt.TagIntArray:
		return "int array"
	case nbt.TagLongArray:
		return "long array"
	}
	return "end"
}
