package mcvm

import (
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mcgomoku/mcgomoku/datapack"
	"github.com/mcgomoku/mcgomoku/datapack/check"
)

// Options configures a Machine.
type Options struct {
	// Version is the game version emulated: "1.21.5" … "1.21.10" use the
	// camelCase gamerule names, "1.21.11" and later the snake_case ones
	// (camelCase is then rejected, as the game does). Default "26.2".
	Version string
	// FunctionPermissionLevel is the server's function-permission-level
	// (default 2).
	FunctionPermissionLevel int
	// Seed seeds entity UUIDs, random commands and @r.
	Seed uint64
	// ViewDistance is the chunk radius around each player that is loaded
	// (default 10). Chunks elsewhere are loaded only when forceloaded.
	ViewDistance int32
	// WorldSpawn is where the server's command source stands (default
	// 0 64 0).
	WorldSpawn *BlockPos
	// Log, when set, receives every loud warning (quota exhausted, fork
	// limit, queue overflow) as it happens.
	Log io.Writer
}

// Machine is a data pack loaded into a simulated server.
type Machine struct {
	opts    Options
	version string
	pack    *datapack.Pack
	// cmds reads command lines against the release's command tree: the
	// checker's parser, whose parse every line compiles from.
	cmds *check.Parser
	// lineSlab is what Load cuts the pack's compiled lines from, a chunk
	// at a time; nil after Load, so that a macro line expanded while
	// running is allocated alone and freed with its cache entry.
	lineSlab []cmdLine

	funcs   map[string]*Function
	tags    map[string][]*Function
	advs    map[string]*advancement
	advList []*advancement

	sb       *scoreboard
	storage  map[string]*Compound
	dims     map[string]*dimension
	entities []*Entity
	byUUID   map[UUID]*Entity // the UUIDs the game knows: entities in memory
	players  []*Player
	offline  map[string]*Player // players who logged out, by name

	nextEntityID int64
	secSeq       uint64
	gameTime     int64
	rules        gameRules
	sched        *scheduler
	rng          *rand.Rand
	sequences    map[string]*rand.Rand
	postReload   bool

	events       []Event
	loadWarnings []string

	ctx        *execCtx
	spare      *execCtx // the last finished context, reused by the next (runTop)
	report     *Report
	pendingErr error
	// prof records every command while set (SetProfiler); tallies
	// count some functions' commands (SetTallies), tallyGen numbering
	// each SetTallies.
	prof     *Profiler
	tallies  []*Tally
	tallyGen uint32
}

// Player is a simulated player.
type Player struct {
	Name string
	// Permission is the player's permission level (0 for a normal player).
	Permission int
	// Reach is the entity_interaction_range attribute (default 3).
	Reach    float64
	entity   *Entity
	progress map[string]*advProgress
}

// Entity returns the player's entity.
func (p *Player) Entity() *Entity { return p.entity }

func (p *Player) save() *Compound {
	e := p.entity
	c := NewCompound()
	c.Put("Pos", &List{V: []Tag{Double(e.Pos.X), Double(e.Pos.Y), Double(e.Pos.Z)}})
	c.Put("Rotation", &List{V: []Tag{Float(e.Yaw), Float(e.Pitch)}})
	c.Put("UUID", uuidTag(e.UUID))
	c.Put("Dimension", String(e.Dim))
	if len(e.tags) > 0 {
		l := &List{}
		for _, t := range e.Tags() {
			l.V = append(l.V, String(t))
		}
		c.Put("Tags", l)
	}
	return c
}

// source is the player's command source (Player.createCommandSourceStack).
func (p *Player) source() *source {
	e := p.entity
	return &source{entity: e, pos: e.Pos, yaw: e.Yaw, pitch: e.Pitch, dim: e.Dim, perm: int8(p.Permission)}
}

// commandTree is the command tree mcvm reads a version's commands with:
// the release's own embedded one, or that of the newest embedded release
// before it (1.21.5's for 1.21.6 … 1.21.10), whose commands it has.
func commandTree(v []int) (*check.Tree, *check.Registries, error) {
	rel := ""
	for _, r := range check.EmbeddedReleases() {
		if rv, err := parseVersion(r); err == nil && !versionLess(v, rv) {
			rel = r
		}
	}
	if rel == "" {
		return nil, nil, fmt.Errorf("no embedded command tree for a release before %v", v)
	}
	return check.Embedded(rel)
}

// parseVersion turns "1.21.11" or "26.2" into comparable numbers.
func parseVersion(v string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(v, ".") {
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("invalid version %q", v)
		}
		out = append(out, n)
	}
	return out, nil
}

func versionLess(a, b []int) bool {
	for i := 0; i < len(a) || i < len(b); i++ {
		x, y := 0, 0
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return x < y
		}
	}
	return false
}

// snakeRules reports whether the emulated version spells gamerules in
// snake_case (1.21.11, snapshot 25w44a, and later).
func (m *Machine) snakeRules() bool {
	v, _ := parseVersion(m.version)
	return !versionLess(v, []int{1, 21, 11})
}

// Load compiles every function of the pack, resolves its function tags and
// reads its advancements. It returns every error found, with positions; a
// pack with errors yields no Machine.
func Load(p *datapack.Pack, opts Options) (*Machine, error) {
	if opts.Version == "" {
		opts.Version = "26.2"
	}
	v, err := parseVersion(opts.Version)
	if err != nil {
		return nil, err
	}
	if versionLess(v, []int{1, 21, 5}) {
		return nil, fmt.Errorf("mcvm emulates 1.21.5 and later (SNBT text components, 1.21.5+ NBT), not %s", opts.Version)
	}
	// The pack as this release sees it: its own files with the overlays
	// the release applies (pack.mcmeta's "overlays").
	if rel, ok := datapack.LookupRelease(opts.Version); ok {
		eff, err := p.Effective(rel)
		if err != nil {
			return nil, err
		}
		p = eff
	} else if len(p.OverlayDirectories()) > 0 {
		return nil, fmt.Errorf("the pack has overlays, and %s is not a release mcvm knows the data-pack format of", opts.Version)
	}
	tree, reg, err := commandTree(v)
	if err != nil {
		return nil, err
	}
	if opts.FunctionPermissionLevel == 0 {
		opts.FunctionPermissionLevel = 2
	}
	if opts.ViewDistance == 0 {
		opts.ViewDistance = 10
	}
	if opts.WorldSpawn == nil {
		opts.WorldSpawn = &BlockPos{0, 64, 0}
	}
	m := &Machine{
		opts:       opts,
		version:    opts.Version,
		pack:       p,
		cmds:       check.NewParser(tree, reg),
		funcs:      map[string]*Function{},
		sb:         newScoreboard(),
		storage:    map[string]*Compound{},
		dims:       map[string]*dimension{},
		byUUID:     map[UUID]*Entity{},
		offline:    map[string]*Player{},
		rules:      newGameRules(),
		sched:      &scheduler{},
		rng:        rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15)),
		sequences:  map[string]*rand.Rand{},
		postReload: true,
	}
	for _, d := range dimensionOrder {
		m.dims[d] = newDimension(d)
	}
	var errs ErrorList
	for _, path := range p.Paths() {
		if strings.HasPrefix(path, "data/") {
			rest := path[len("data/"):]
			if i := strings.IndexByte(rest, '/'); i >= 0 {
				for _, f := range pluralFolders {
					if strings.HasPrefix(rest[i:], f) {
						errs.add(Pos{File: path}, "pre-1.21 folder name %q: 1.21+ does not load it (use %q)", strings.Trim(f, "/"), strings.TrimSuffix(strings.Trim(f, "/"), "s"))
					}
				}
			}
		}
		id, ok := datapack.FunctionID(path)
		if !ok {
			continue
		}
		if m.lineSlab == nil {
			m.lineSlab = make([]cmdLine, 0, 256)
		}
		if fn := m.loadFunction(id.String(), path, p.Files[path], &errs); fn != nil {
			m.funcs[fn.ID] = fn
		}
	}
	m.lineSlab = nil
	m.loadTags(p, &errs)
	m.loadAdvancements(p, &errs)
	if len(errs) > 0 {
		errs.sort()
		return nil, errs
	}
	return m, nil
}

// LoadPath reads a pack from a folder or zip (datapack.Read) and loads it.
func LoadPath(path string, opts Options) (*Machine, error) {
	p, err := datapack.Read(path)
	if err != nil {
		return nil, err
	}
	return Load(p, opts)
}

// pluralFolders are the pre-1.21 folder names: the game no longer loads
// them, so a pack that uses them silently loses those files.
var pluralFolders = []string{"/functions/", "/advancements/", "/tags/functions/"}

func (m *Machine) loadWarnf(pos Pos, format string, args ...any) {
	m.loadWarnings = append(m.loadWarnings, pos.String()+": "+fmt.Sprintf(format, args...))
}

// LoadWarnings lists constructs the game accepts but ignores (for example
// pre-1.21.5 text component keys).
func (m *Machine) LoadWarnings() []string { return append([]string(nil), m.loadWarnings...) }

// Function returns a loaded function by id ("ns:path").
func (m *Machine) Function(id string) *Function { return m.funcs[id] }

// FunctionIDs lists the loaded functions, sorted.
func (m *Machine) FunctionIDs() []string { return slices.Sorted(maps.Keys(m.funcs)) }

// serverSource is the game loop sender: the server at world spawn in the
// overworld, permission gamemasters, silent.
func (m *Machine) serverSource() *source {
	sp := m.opts.WorldSpawn
	return &source{pos: Vec3{float64(sp.X), float64(sp.Y), float64(sp.Z)}, dim: "minecraft:overworld", perm: 2}
}

func (m *Machine) begin() {
	m.report = &Report{}
	m.pendingErr = nil
}

// runFunctionTop runs fn as a top-level entry (ServerFunctionManager
// .execute): a macro function fails silently, as it needs arguments.
func (m *Machine) runFunctionTop(fn *Function, entry string, src *source, cb callback) {
	nested := m.ctx != nil
	stats, err := m.runTop(entry, func() {
		inst, err := m.instantiate(fn, nil)
		if err != nil {
			m.handleErr(nil, nil, err)
			return
		}
		// The game's top-level sources carry no callback; the entry
		// function's frame reports to resultCB so the report can say what
		// it returned.
		s := src.with()
		s.cb = nil
		var result callback
		if !nested {
			result = &resultCB{m.ctx.stats}
		}
		m.queueInitialCall(inst, s, cb, result)
	})
	if stats != nil {
		m.report.Calls = append(m.report.Calls, stats)
	}
	if err != nil && m.pendingErr == nil {
		m.pendingErr = err
	}
}

// Call runs a function as a top-level entry, as the server at world spawn
// would run it (the source #load, #tick and scheduled functions get).
func (m *Machine) Call(id string) (*Report, error) {
	m.begin()
	fn := m.funcs[id]
	if fn == nil {
		return m.report, fmt.Errorf("unknown function %s", id)
	}
	m.runFunctionTop(fn, "function "+id, m.serverSource(), nil)
	return m.report, m.pendingErr
}

// CallAs runs a function as a player at the player's position, with
// permission gamemasters, as an advancement reward runs.
func (m *Machine) CallAs(p *Player, id string) (*Report, error) {
	m.begin()
	fn := m.funcs[id]
	if fn == nil {
		return m.report, fmt.Errorf("unknown function %s", id)
	}
	src := p.source()
	src.perm = 2
	m.runFunctionTop(fn, fmt.Sprintf("function %s (as %s)", id, p.Name), src, nil)
	return m.report, m.pendingErr
}

// RunCommand runs one command typed in chat by p (nil: the server console,
// permission 4), as Commands.performPrefixedCommand does: parsed with the
// sender's permission level, then run as a top-level entry. A leading "/"
// is allowed. Parse errors are returned as errors.
func (m *Machine) RunCommand(p *Player, command string) (*Report, error) {
	m.begin()
	command = strings.TrimPrefix(command, "/")
	var src *source
	perm := 4
	entryName := "command " + command
	if p != nil {
		src = p.source()
		perm = p.Permission
		entryName = fmt.Sprintf("command %s (by %s)", command, p.Name)
	} else {
		src = m.serverSource()
		src.perm = 4
	}
	line, err := m.parseCommand(command, Pos{File: "<command>", Line: 1}, perm)
	if err != nil {
		var el ErrorList
		el.addCmdError(Pos{File: "<command>", Line: 1}, command, err)
		return m.report, el
	}
	stats, err := m.runTop(entryName, func() {
		s := src.with()
		s.cb = &resultCB{m.ctx.stats}
		f := m.topFrame(nil)
		m.queueNext(entry{kind: eLine, frame: f, line: line, src: s, srcs: []*source{s}})
	})
	m.report.Calls = append(m.report.Calls, stats)
	return m.report, err
}

// Tick runs one server tick: on the first tick after Load the
// #minecraft:load functions, then the #minecraft:tick functions, then the
// game time advances and due scheduled functions run. Each function is its
// own top-level entry with its own command quota.
func (m *Machine) Tick() (*Report, error) {
	m.begin()
	// What the last tick's commands did to chunk tickets (forceload, a
	// teleported player) reaches entities now.
	m.syncChunks()
	if m.postReload {
		m.postReload = false
		for _, fn := range m.tags["minecraft:load"] {
			m.runFunctionTop(fn, "load "+fn.ID, m.serverSource(), nil)
			if m.pendingErr != nil {
				return m.report, m.pendingErr
			}
		}
	}
	for _, fn := range m.tags["minecraft:tick"] {
		m.runFunctionTop(fn, "tick "+fn.ID, m.serverSource(), nil)
		if m.pendingErr != nil {
			return m.report, m.pendingErr
		}
	}
	m.gameTime++
	for {
		ev, ok := m.sched.due(m.gameTime)
		if !ok {
			break
		}
		var fns []*Function
		if ev.ref.tag {
			fns = m.tags[ev.ref.id]
		} else if fn := m.funcs[ev.ref.id]; fn != nil {
			fns = []*Function{fn}
		}
		for _, fn := range fns {
			m.runFunctionTop(fn, "scheduled "+fn.ID, m.serverSource(), nil)
			if m.pendingErr != nil {
				return m.report, m.pendingErr
			}
		}
	}
	return m.report, nil
}

// GameTime is the number of ticks run.
func (m *Machine) GameTime() int64 { return m.gameTime }

// AddPlayer joins a player at pos in the overworld.
func (m *Machine) AddPlayer(name string, uuid UUID, pos Vec3, permission int) (*Player, error) {
	if name == "" || len(name) > 16 {
		return nil, fmt.Errorf("invalid player name %q", name)
	}
	for _, p := range m.players {
		if p.Name == name {
			return nil, fmt.Errorf("player %s is already online", name)
		}
	}
	if m.offline[name] != nil {
		return nil, fmt.Errorf("player %s has played here: log them back in (Login)", name)
	}
	if m.byUUID[uuid] != nil {
		return nil, fmt.Errorf("UUID %s is already in use", uuid)
	}
	p := &Player{Name: name, Permission: permission, Reach: 3, progress: map[string]*advProgress{}}
	e := &Entity{typ: entityTypes["minecraft:player"], UUID: uuid, Pos: pos, Dim: "minecraft:overworld", extra: NewCompound(), player: p}
	p.entity = e
	m.players = append(m.players, p)
	m.addEntity(e)
	m.syncChunks()
	return p, nil
}

// Logout disconnects a player: the player's entity leaves the world
// (selectors, @a and the UUID look-up no longer find it) and the chunks
// it kept loaded unload with their entities. What the game saves in the
// player's file comes back with Login: position, rotation, dimension,
// tags and advancement progress; scores are the scoreboard's, held by
// the player's name, and stay where they are, as in the game. Leaving
// adds one to the player's score in every objective of the criterion
// minecraft.custom:minecraft.leave_game.
func (m *Machine) Logout(p *Player) error {
	i := slices.Index(m.players, p)
	if i < 0 {
		return fmt.Errorf("player %s is not online", p.Name)
	}
	for _, o := range m.sb.objectives() {
		if o.Criteria == leaveGameCriterion {
			m.sb.create(m.sb.cellByName(p.Name, o.Name)).value++
		}
	}
	m.players = slices.Delete(m.players, i, i+1)
	m.removeEntity(p.entity)
	p.entity.removed = false
	m.offline[p.Name] = p
	m.syncChunks()
	return nil
}

// Login brings back a player who logged out, where they left (the game
// reads the player's saved data on joining). It returns the same *Player.
func (m *Machine) Login(name string) (*Player, error) {
	p := m.offline[name]
	if p == nil {
		return nil, fmt.Errorf("player %s has not logged out here", name)
	}
	if m.byUUID[p.entity.UUID] != nil {
		return nil, fmt.Errorf("UUID %s is already in use", p.entity.UUID)
	}
	delete(m.offline, name)
	m.players = append(m.players, p)
	p.entity.secSeq = 0
	m.addEntity(p.entity)
	m.syncChunks()
	return p, nil
}

// Player returns the online player with that name, or nil.
func (m *Machine) Player(name string) *Player {
	for _, p := range m.players {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// MovePlayer moves a player (as the client would by walking).
func (m *Machine) MovePlayer(p *Player, pos Vec3, yaw, pitch float32) {
	p.entity.Pos, p.entity.Yaw, p.entity.Pitch = pos, yaw, pitch
	m.moved(p.entity)
	m.syncChunks()
}

// ErrOutOfReach is returned by ClickEntity when the client could not have
// clicked the entity.
type ErrOutOfReach struct {
	Distance, Reach float64
}

func (e *ErrOutOfReach) Error() string {
	return fmt.Sprintf("entity is out of reach: %.3f blocks from the player's eyes, entity_interaction_range is %.3f", e.Distance, e.Reach)
}

// ClickEntity delivers a click by player p on the entity with UUID target
// as the game would for an interaction entity: right click records
// interaction:{player,timestamp} and fires
// minecraft:player_interacted_with_entity; left click records attack and
// fires minecraft:player_hurt_entity. Matching advancement criteria are
// awarded and completed advancements run their reward functions as the
// player, each as its own top-level entry.
func (m *Machine) ClickEntity(p *Player, target UUID, right bool) (*Report, error) {
	m.begin()
	e := m.byUUID[target]
	if e == nil || !m.entityLoaded(e) {
		return m.report, fmt.Errorf("no loaded entity with UUID %s", target)
	}
	if e.typ.id != "minecraft:interaction" {
		return m.report, fmt.Errorf("clicking %s is not modelled (only minecraft:interaction)", e.typ.id)
	}
	if e.Dim != p.entity.Dim {
		return m.report, fmt.Errorf("entity is in another dimension")
	}
	eye := p.entity.Pos
	eye.Y += p.entity.eyeHeight()
	if d2 := e.box().distanceToSqr(eye); d2 >= p.Reach*p.Reach {
		return m.report, &ErrOutOfReach{math.Sqrt(d2), p.Reach}
	}
	action := &playerAction{p.entity.UUID, m.gameTime}
	trig := "minecraft:player_hurt_entity"
	if right {
		e.interaction = action
		trig = "minecraft:player_interacted_with_entity"
	} else {
		e.attack = action
	}
	err := m.trigger(p, trig, e)
	if err == nil {
		err = m.pendingErr
	}
	return m.report, err
}

// Score returns holder's score on objective, and whether it is set.
func (m *Machine) Score(holder, objective string) (int32, bool) {
	o := m.sb.lookup(objective)
	if o == nil {
		return 0, false
	}
	hid, ok := m.sb.holderIDs[holder]
	if !ok {
		return 0, false
	}
	c, ok := m.sb.cellIdx[uint64(uint32(hid))<<32|uint64(uint32(o.nameID))]
	if !ok || !m.sb.cells[c].present {
		return 0, false
	}
	return m.sb.cells[c].value, true
}

// SetScore sets a score directly (test setup); the objective must exist.
func (m *Machine) SetScore(holder, objective string, v int32) error {
	o := m.sb.lookup(objective)
	if o == nil {
		return fmt.Errorf("unknown scoreboard objective %q", objective)
	}
	m.sb.create(m.sb.cellByName(holder, objective)).value = v
	return nil
}

// Objective returns a live objective, or nil.
func (m *Machine) Objective(name string) *Objective { return m.sb.lookup(name) }

// Block returns the block at a position in the overworld, as
// "minecraft:id[prop=value,…]" with the properties that were set.
func (m *Machine) Block(x, y, z int32) string { return m.BlockIn("minecraft:overworld", x, y, z) }

// BlockIn returns the block at a position in a dimension.
func (m *Machine) BlockIn(dim string, x, y, z int32) string {
	return m.dim(dim).block(BlockPos{x, y, z}).String()
}

// BlockDataIn is BlockIn with the block entity's NBT, if any, as SNBT
// after the state: "minecraft:chest[facing=north]{Items:[…]}".
func (m *Machine) BlockDataIn(dim string, x, y, z int32) string {
	b := m.dim(dim).block(BlockPos{x, y, z})
	if b.nbt == nil || b.nbt.Len() == 0 {
		return b.String()
	}
	return b.String() + FormatSNBT(b.nbt)
}

// Entities returns the live entities (players included) in spawn order.
func (m *Machine) Entities() []*Entity { return append([]*Entity(nil), m.entities...) }

// EntitiesWithTag returns the live entities carrying tag.
func (m *Machine) EntitiesWithTag(tag string) []*Entity {
	var out []*Entity
	for _, e := range m.entities {
		if e.HasTag(tag) {
			out = append(out, e)
		}
	}
	return out
}

// Entity returns the live entity with this UUID, or nil.
func (m *Machine) Entity(u UUID) *Entity { return m.byUUID[u] }

// EntityNBT returns the entity's NBT as the game would serialise it.
func (m *Machine) EntityNBT(e *Entity) *Compound { return m.entityData(e) }

// Storage returns a copy of a command storage compound (nil if absent).
func (m *Machine) Storage(id string) *Compound {
	c, ok := m.storage[id]
	if !ok {
		return nil
	}
	return copyTag(c).(*Compound)
}

// Events returns everything recorded since the last ClearEvents.
func (m *Machine) Events() []Event { return append([]Event(nil), m.events...) }

// ClearEvents forgets recorded events.
func (m *Machine) ClearEvents() { m.events = nil }

// Gamerule returns a modelled gamerule's value by its snake_case name
// (booleans as 0/1).
func (m *Machine) Gamerule(name string) (int, bool) {
	v, ok := m.rules.v[name]
	return v, ok
}

// Loaded reports whether the chunk of block x z of a dimension is loaded
// (blocks and entities).
func (m *Machine) Loaded(dim string, x, z int32) bool {
	return m.chunkLoaded(dim, BlockPos{x, 0, z}.chunk())
}

// ForcedChunks lists the force-loaded chunks of a dimension.
func (m *Machine) ForcedChunks(dim string) [][2]int32 {
	var out [][2]int32
	for c := range m.dim(dim).forced {
		out = append(out, [2]int32{c.x, c.z})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i][0] != out[j][0] {
			return out[i][0] < out[j][0]
		}
		return out[i][1] < out[j][1]
	})
	return out
}

// sequence is a named random sequence, seeded from the machine seed and
// the sequence id (the game seeds it from the world seed and the id).
func (m *Machine) sequence(id string) *rand.Rand {
	r := m.sequences[id]
	if r == nil {
		h := fnv.New64a()
		h.Write([]byte(id))
		r = rand.New(rand.NewPCG(m.opts.Seed, h.Sum64()))
		m.sequences[id] = r
	}
	return r
}
