package mcvm

import (
	"fmt"
)

// The execution engine mirrors the game's 1.20.3+ model
// (net.minecraft.commands.execution): one ExecutionContext per top-level
// entry, with a command quota and a fork limit; a queue of entries, each
// bound to a frame (depth, return-value consumer, discard control);
// entries queued while one runs are pushed to the front in order, so the
// queue behaves as a stack and execution is depth-first. Every unit of
// cost is charged where the game charges it: a redirecting execute stage
// once per stage, a leaf command once per source (ExecuteCommand), a
// function call once (CallFunction). The quota is checked before each
// dequeue; at zero everything still queued is dropped.
//
// A few fast paths run an entry inline instead of queueing it when the game
// would dequeue it immediately with nothing in between that could differ
// (no cost was charged since the last quota check and nothing else was
// queued); they are noted where they occur.

const maxQueue = 10000000

// source is the game's CommandSourceStack: who runs a command, where, with
// which permission, and which result callbacks (execute store) to notify.
type source struct {
	entity *Entity // nil: the server
	pos    Vec3
	yaw    float32
	pitch  float32
	dim    string
	eyes   bool // anchored eyes
	perm   int8
	cb     callback
}

func (s *source) with() *source {
	c := *s
	return &c
}

func (s *source) withEntity(e *Entity) *source {
	c := *s
	c.entity = e
	return &c
}

// callback is CommandResultCallback.
type callback interface {
	onResult(m *Machine, success bool, result int32)
}

type chainedCB struct{ a, b callback }

func (c *chainedCB) onResult(m *Machine, success bool, result int32) {
	c.a.onResult(m, success, result)
	c.b.onResult(m, success, result)
}

// chainCB is CommandResultCallback.chain: a first, then b.
func chainCB(a, b callback) callback {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	return &chainedCB{a, b}
}

// callInfo links function calls for error call chains, and names the
// function whose lines a frame runs for the per-function accounting.
type callInfo struct {
	id     string
	parent *callInfo
	fn     *instFunc
	prof   int32 // the call's stack in the Profiler, when one is attached
	tally  int8  // 1 + the index of the Tally the call counts for, or 0
}

func (c *callInfo) chain() []string {
	var ids []string
	for ; c != nil; c = c.parent {
		ids = append(ids, c.id)
	}
	for i, j := 0, len(ids)-1; i < j; i, j = i+1, j-1 {
		ids[i], ids[j] = ids[j], ids[i]
	}
	return ids
}

// frame is the game's Frame.
type frame struct {
	depth int32
	ctl   int32 // discard entries at this depth or deeper; -1 clears the queue
	ret   callback
	call  *callInfo
}

type entryKind uint8

const (
	eBody     entryKind = iota // a function's lines from idx
	eLine                      // a command line's chain from stage idx
	eExec                      // a leaf command for srcs[idx:]
	eCall                      // CallFunction
	eFall                      // FallthroughTask
	eIsolated                  // IsolatedCall (execute if function)
	eAccum                     // tag call result accumulator
)

const (
	modForked uint8 = 1 << iota
	modReturn
	// modAlone marks a custom leaf run by runLine for its one source
	// after return run: the entry queues nothing after it (its frame is
	// discarded, so no continuation follows), so what it queues may go
	// straight onto the stack.
	modAlone
)

type entry struct {
	kind      entryKind
	mods      uint8
	retParent bool
	idx       int32
	frame     frame
	src       *source
	srcs      []*source
	line      *cmdLine
	fn        *instFunc
	cb        callback
	x         *entryExtra
}

// entryExtra holds the fields only rare entries need, keeping the common
// entry small (entries are copied on every push).
type entryExtra struct {
	srcList *[]*source // eLine after execute if function: filled later
	fns     []*instFunc
	acc     *accumulator
}

type accumulator struct {
	any bool
	sum int32
}

type accumCB struct{ acc *accumulator }

func (a *accumCB) onResult(m *Machine, success bool, result int32) {
	a.acc.any = true
	a.acc.sum += result
}

// execCtx is the game's ExecutionContext for one top-level entry.
type execCtx struct {
	quota     int64
	forkLimit int
	stack     []entry // top is the end
	newTop    []entry
	curDepth  int32
	overflow  bool
	stats     *CallStats
	counts    []int64 // by command name id
	abort     *VMError
	// minDiscard is the lowest discard depth since it was last reset
	// (-1 for a whole-queue clear), so a function body run inline can tell
	// whether a line discarded its frame.
	minDiscard int32
	// cur is the function whose line is running (nil: a command run
	// directly); touched lists the functions whose counters (instFunc.cost)
	// this context has charged, and direct charges commands outside any
	// function. runTop folds them into Cost.ByFunction.
	cur     *callInfo
	touched []*instFunc
	direct  FunctionCost
	// calls is where callInfos are made, a chunk at a time: a generated
	// AI calls hundreds of functions per move. A context is reused from
	// one top-level call to the next (Machine.spare), and so is the last
	// chunk, since nothing refers to a finished call's callInfos.
	calls []callInfo
	// track says a Profiler or a Tally is attached: the one check the
	// hot paths make for both. prof, when set, records every command,
	// unit and call (Profiler); tallies count the commands under some
	// functions (Tally), tallyGen telling which instFunc.tally is current.
	track    bool
	prof     *Profiler
	tallies  []*Tally
	tallyGen uint32
}

// newCall returns a callInfo for a call of fn from parent at line site
// (nil: unknown, or no caller).
func (c *execCtx) newCall(fn *instFunc, parent *callInfo, site *cmdLine) *callInfo {
	if len(c.calls) == cap(c.calls) {
		// The full chunk stays alive for as long as frames point into it.
		c.calls = make([]callInfo, 0, 1024)
	}
	c.calls = append(c.calls, callInfo{id: fn.id, parent: parent, fn: fn})
	ci := &c.calls[len(c.calls)-1]
	if c.track {
		c.trackCall(ci, fn, parent, site)
	}
	return ci
}

// trackCall records a call for the attached Profiler and tallies.
func (c *execCtx) trackCall(ci *callInfo, fn *instFunc, parent *callInfo, site *cmdLine) {
	if len(c.tallies) > 0 {
		if parent != nil && parent.tally != 0 {
			ci.tally = parent.tally
		} else if ci.tally = c.tallyOf(fn); ci.tally != 0 {
			c.tallies[ci.tally-1].Calls++
		}
	}
	if c.prof != nil {
		from := profNodeOf(parent)
		// The call's unit is the caller's, at the line that called; a
		// call from outside any function is charged to the callee.
		ci.prof = c.prof.enter(from, lineOf(site), fn)
		if parent == nil || site == nil {
			c.prof.count(ci.prof, 0).units++
		} else {
			c.prof.count(from, lineOf(site)).units++
		}
	}
}

// trackUnit records a unit of the quota charged at line in the frame of
// ci (a stage of execute).
func (c *execCtx) trackUnit(ci *callInfo, line *cmdLine) {
	if c.prof != nil {
		c.prof.count(profNodeOf(ci), lineOf(line)).units++
	}
}

// trackCommand records a command run at line in the frame of ci, and a
// unit with it when units is 1 (a leaf; function and return commands
// cost none).
func (c *execCtx) trackCommand(ci *callInfo, line *cmdLine, units int64) {
	if ci != nil && ci.tally != 0 {
		c.tallies[ci.tally-1].Commands++
	}
	if c.prof != nil {
		pc := c.prof.count(profNodeOf(ci), lineOf(line))
		pc.commands++
		pc.units += units
	}
}

// reset readies a used context for the next top-level call, keeping the
// room its slices grew.
func (c *execCtx) reset(quota int64, forkLimit int, stats *CallStats, m *Machine) {
	clear(c.stack)
	clear(c.newTop)
	clear(c.counts)
	*c = execCtx{
		quota: quota, forkLimit: forkLimit, stats: stats,
		track: m.prof != nil || len(m.tallies) > 0, prof: m.prof, tallies: m.tallies, tallyGen: m.tallyGen,
		stack: c.stack[:0], newTop: c.newTop[:0], counts: c.counts,
		touched: c.touched[:0], calls: c.calls[:0],
	}
}

// charge returns the exclusive counters of the function ci runs (or of
// the commands run directly when ci is nil).
func (c *execCtx) charge(ci *callInfo) *FunctionCost {
	if ci == nil || ci.fn == nil {
		return &c.direct
	}
	fn := ci.fn
	if !fn.touched {
		fn.touched = true
		c.touched = append(c.touched, fn)
	}
	return &fn.cost
}

// foldFunctionCosts moves the per-function counters into stats and resets
// them, so the next top-level call starts from zero.
func (c *execCtx) foldFunctionCosts(stats *CallStats) {
	if len(c.touched) == 0 && c.direct == (FunctionCost{}) {
		return
	}
	stats.ByFunction = make(map[string]FunctionCost, len(c.touched)+1)
	if c.direct != (FunctionCost{}) {
		stats.ByFunction[""] = c.direct
	}
	for _, fn := range c.touched {
		if fn.expanded {
			fc := stats.ByFunction[fn.id]
			fc.add(fn.cost)
			stats.ByFunction[fn.id] = fc
		} else {
			// A plain function's id is touched once: one map operation.
			stats.ByFunction[fn.id] = fn.cost
		}
		fn.cost, fn.touched = FunctionCost{}, false
	}
	c.touched = c.touched[:0]
}

func (m *Machine) queueNext(e entry) {
	c := m.ctx
	if len(c.newTop)+len(c.stack) > maxQueue {
		c.overflow = true
		c.newTop = c.newTop[:0]
		c.stack = c.stack[:0]
	}
	if !c.overflow {
		c.newTop = append(c.newTop, e)
	}
}

func (m *Machine) pushNew() {
	c := m.ctx
	for i := len(c.newTop) - 1; i >= 0; i-- {
		c.stack = append(c.stack, c.newTop[i])
		c.newTop[i] = entry{}
	}
	c.newTop = c.newTop[:0]
}

// discard is Frame.discard.
func (m *Machine) discard(f *frame) {
	c := m.ctx
	if f.ctl < c.minDiscard {
		c.minDiscard = f.ctl
	}
	if f.ctl < 0 {
		for i := range c.stack {
			c.stack[i] = entry{}
		}
		c.stack = c.stack[:0]
		return
	}
	for n := len(c.stack); n > 0 && c.stack[n-1].frame.depth >= f.ctl; n-- {
		c.stack[n-1] = entry{}
		c.stack = c.stack[:n-1]
	}
}

// runTop runs setup in the current execution context, or in a fresh one
// when none is active (Commands.executeCommandInContext), and returns the
// statistics of the fresh context (nil when nested).
func (m *Machine) runTop(entryName string, setup func()) (*CallStats, error) {
	if m.ctx != nil {
		setup()
		return nil, nil
	}
	stats := &CallStats{Entry: entryName}
	limit := int64(m.rules.int("max_command_sequence_length"))
	if limit < 1 {
		limit = 1
	}
	c := m.spare
	if c == nil {
		c = &execCtx{counts: make([]int64, len(cmdNames))}
	}
	c.reset(limit, m.rules.int("max_command_forks"), stats, m)
	m.ctx, m.spare = c, nil
	defer func() { m.ctx, m.spare = nil, c }()
	setup()
	m.pushNew()
	for {
		if c.abort != nil {
			break
		}
		if c.quota <= 0 {
			stats.QuotaExhausted = true
			stats.Dropped = len(c.stack)
			m.warnf("COMMAND QUOTA EXHAUSTED in %s: max_command_sequence_length=%d reached; the game logs \"Command execution stopped due to limit\" and silently drops the rest (%d queued entries dropped)",
				entryName, limit, len(c.stack))
			break
		}
		n := len(c.stack)
		if n == 0 {
			break
		}
		// The popped slot is not cleared: it is overwritten by the next
		// push, and clearing costs write barriers on every command.
		e := c.stack[n-1]
		c.stack = c.stack[:n-1]
		c.curDepth = e.frame.depth
		m.execEntry(&e)
		if c.overflow {
			stats.QueueOverflow = true
			m.warnf("COMMAND QUEUE OVERFLOW in %s: more than %d queued entries; the game stops execution", entryName, maxQueue)
			break
		}
		m.pushNew()
	}
	c.foldFunctionCosts(stats)
	for i, n := range c.counts {
		if n > 0 {
			if stats.ByCommand == nil {
				stats.ByCommand = map[string]int64{}
			}
			stats.ByCommand[cmdNames[i]] += n
		}
	}
	if c.abort != nil {
		return stats, c.abort
	}
	return stats, nil
}

func (m *Machine) warnf(format string, args ...any) {
	w := fmt.Sprintf(format, args...)
	m.report.Warnings = append(m.report.Warnings, w)
	if m.opts.Log != nil {
		fmt.Fprintf(m.opts.Log, "mcvm: !!! %s\n", w)
	}
}

// fail records a command failure (the game's silent handleError).
func (m *Machine) fail(line *cmdLine, err error) {
	st := m.ctx.stats
	st.Failures++
	if len(st.FailureSamples) < 8 {
		pos := "-"
		if line != nil {
			pos = line.pos.String()
		}
		st.FailureSamples = append(st.FailureSamples, pos+": "+err.Error())
	}
}

// handleErr sorts an error from a command: a VM abort stops the whole
// top-level call, anything else is a game-level failure.
func (m *Machine) handleErr(line *cmdLine, f *frame, err error) bool {
	if a, ok := err.(*vmAbort); ok {
		if m.ctx.abort == nil {
			ve := &VMError{Msg: a.msg}
			if line != nil {
				ve.Pos = line.pos
				ve.Msg = a.msg + " (in: " + line.text + ")"
			}
			if f != nil {
				ve.Stack = f.call.chain()
			}
			m.ctx.abort = ve
		}
		return true
	}
	m.fail(line, err)
	return false
}

func (m *Machine) execEntry(e *entry) {
	c := m.ctx
	switch e.kind {
	case eBody:
		m.runBody(e)
	case eLine:
		srcs, orig := e.srcs, e.src
		if e.x != nil && e.x.srcList != nil {
			srcs = *e.x.srcList
		}
		m.buildContexts(e.line, int(e.idx), orig, srcs, &e.frame, e.mods)
	case eExec:
		m.execLeaves(e.line, &e.frame, e.srcs[e.idx:], e.mods)
	case eCall:
		c.quota--
		c.stats.Units++
		c.stats.FunctionCalls++
		depth := e.frame.depth + 1
		ctl := depth
		if e.retParent {
			ctl = e.frame.ctl
		}
		nf := frame{depth: depth, ctl: ctl, ret: e.cb, call: c.newCall(e.fn, e.frame.call, e.line)}
		if len(e.fn.lines) == 0 {
			return
		}
		body := entry{kind: eBody, frame: nf, fn: e.fn, src: e.src}
		if c.quota > 0 && len(c.newTop) == 0 && !c.overflow {
			// The body would be queued alone and dequeued next, after a
			// quota check that passes: run it now. Whatever it leaves
			// queued goes where it would have (runBody pushes its own
			// continuation, the loop then what its lines queued).
			c.curDepth = depth
			m.runBody(&body)
			return
		}
		m.queueNext(body)
	case eFall:
		if e.frame.ret != nil {
			e.frame.ret.onResult(m, false, 0)
		}
		m.discard(&e.frame)
	case eIsolated:
		depth := e.frame.depth + 1
		nf := frame{depth: depth, ctl: depth, ret: e.cb, call: e.frame.call}
		for _, fn := range e.x.fns {
			m.queueNext(entry{kind: eCall, frame: nf, fn: fn, cb: nf.ret, retParent: true, src: e.src, line: e.line})
		}
		m.queueNext(entry{kind: eFall, frame: nf})
	case eAccum:
		if acc := e.x.acc; acc.any && e.cb != nil {
			e.cb.onResult(m, true, acc.sum)
		}
	}
}

// runBody runs a function's lines from e.idx. The game keeps the rest of
// the body queued as one continuation entry and dequeues the next line at
// no cost; here the lines run in a loop for as long as nothing could come
// between them: the loop stops (re-queueing the rest) when a line queued
// something, the quota ran out or a line discarded this frame (return).
func (m *Machine) runBody(e *entry) {
	c := m.ctx
	fn := e.fn
	f := &e.frame
	for i := int(e.idx); i < len(fn.lines); i++ {
		c.minDiscard = maxDepth
		m.runLine(fn.lines[i], f, e.src)
		if c.abort != nil || c.minDiscard <= f.depth || i+1 == len(fn.lines) {
			return
		}
		if len(c.newTop) > 0 || c.quota <= 0 || c.overflow {
			next := *e
			next.idx = int32(i + 1)
			c.stack = append(c.stack, next)
			return
		}
	}
}

const maxDepth = 1<<31 - 1

// singleModifier is a modifier that maps one source to at most one.
type singleModifier interface {
	one(m *Machine, s *source) (*source, bool, error)
}

// runLine is BuildContexts.Unbound.execute for a function line bound to
// src, with a fast path for the common single-source chain.
func (m *Machine) runLine(line *cmdLine, f *frame, src *source) {
	c := m.ctx
	c.cur = f.call
	if len(line.stages) == 0 {
		if line.leaf != nil {
			// No stage: the game queues one ExecuteCommand and dequeues it
			// next, quota unchanged.
			m.execLeaf(line, f, src, 0)
			return
		}
		m.runCustom(line, src, f, 0)
		return
	}
	s := src
	mods := uint8(0)
	// Stores add callbacks to the source; on this path they are carried in
	// pending instead of allocating a new source per store.
	var pending callback
	materialize := func() *source {
		if pending == nil {
			return s
		}
		n := s.with()
		n.cb = chainCB(s.cb, pending)
		return n
	}
	for i := range line.stages {
		st := &line.stages[i]
		if st.custom == custReturnRun && c.forkLimit > 1 && c.quota > 0 && len(c.newTop) == 0 && !c.overflow {
			// return run: the game discards the frame and queues the rest
			// of the line alone, at no cost, to be dequeued next after a
			// quota check that passes; so it goes on here (the tree lines
			// of a generated AI are all "… run return run function …").
			m.discard(f)
			mods |= modReturn
			continue
		}
		if st.single == nil || c.forkLimit <= 1 {
			m.buildContexts(line, i, src, []*source{materialize()}, f, mods)
			return
		}
		if st.fork {
			mods |= modForked
		}
		c.quota--
		c.stats.Units++
		if c.track {
			c.trackUnit(f.call, line)
		}
		if st.store != nil {
			cb, err := st.store.storeCB(m, s)
			if err != nil {
				m.handleErr(line, f, err)
				return
			}
			pending = chainCB(pending, cb)
			continue
		}
		ns, ok, err := st.single.one(m, s)
		if err != nil {
			m.handleErr(line, f, err)
			return
		}
		if !ok {
			if mods&modReturn != 0 {
				// After return run, no source left: the frame falls
				// through with failure (buildContexts does the same).
				m.queueNext(entry{kind: eFall, frame: *f})
			}
			return
		}
		s = ns
	}
	if line.leaf == nil {
		if mods&modReturn != 0 {
			mods |= modAlone
		}
		m.runCustom(line, materialize(), f, mods)
		return
	}
	if mods&modReturn != 0 {
		// The leaf's result is also the frame's return value.
		pending = chainCB(pending, f.ret)
	}
	if c.quota > 0 && len(c.newTop) == 0 {
		m.execLeafCB(line, f, s, chainCB(s.cb, pending))
		return
	}
	m.queueNext(entry{kind: eExec, frame: *f, line: line, srcs: []*source{materialize()}, mods: mods})
}

// storeModifier is an execute store stage.
type storeModifier interface {
	storeCB(m *Machine, s *source) (callback, error)
}

// buildContexts is BuildContexts.execute from stage index from.
func (m *Machine) buildContexts(line *cmdLine, from int, orig *source, srcs []*source, f *frame, mods uint8) {
	c := m.ctx
	c.cur = f.call
	for i := from; i < len(line.stages); i++ {
		st := &line.stages[i]
		if st.fork {
			mods |= modForked
		}
		switch st.custom {
		case custReturnRun:
			if len(srcs) == 0 {
				if mods&modReturn != 0 {
					m.queueNext(entry{kind: eFall, frame: *f})
				}
				return
			}
			m.discard(f)
			if c.quota > 0 && len(c.newTop) == 0 && !c.overflow {
				// The rest of the line would be dequeued next: go on
				// (see runLine).
				mods |= modReturn
				continue
			}
			m.queueNext(entry{kind: eLine, frame: *f, line: line, idx: int32(i + 1), src: orig, srcs: srcs, mods: mods | modReturn})
			return
		case custIfFunction, custUnlessFunction:
			m.ifFunction(line, i, orig, srcs, f, mods)
			return
		}
		c.quota--
		c.stats.Units++
		if c.track {
			c.trackUnit(f.call, line)
		}
		forked := mods&modForked != 0
		var next []*source
		if len(srcs) == 1 {
			next = make([]*source, 0, 1)
		}
		for _, s := range srcs {
			out, err := st.mod.apply(m, s, next)
			if err != nil {
				if m.handleErr(line, f, err) || !forked {
					return
				}
				continue
			}
			if len(out) >= c.forkLimit {
				c.stats.ForkLimitHits++
				m.warnf("FORK LIMIT REACHED at %s: more than max_command_forks=%d execution contexts; the game fails the command", line.pos, c.forkLimit)
				m.fail(line, failf("maximum number of contexts (%d) reached", c.forkLimit))
				return
			}
			next = out
		}
		srcs = next
	}
	if len(srcs) == 0 {
		if mods&modReturn != 0 {
			m.queueNext(entry{kind: eFall, frame: *f})
		}
		return
	}
	if line.leaf == nil {
		for _, s := range srcs {
			m.runCustom(line, s, f, mods)
			if c.abort != nil {
				return
			}
		}
		return
	}
	if mods&modReturn != 0 {
		s := srcs[0].with()
		s.cb = chainCB(s.cb, f.ret)
		srcs = []*source{s}
	}
	if c.quota > 0 && len(c.newTop) == 0 {
		// The game schedules one ExecuteCommand per source
		// (ContinuationTask) and dequeues them next; run them here while
		// nothing else intervenes.
		m.execLeaves(line, f, srcs, mods)
		return
	}
	m.queueNext(entry{kind: eExec, frame: *f, line: line, srcs: srcs, mods: mods})
}

// execLeaves runs the leaf for each source, checking the quota between
// them as the queue loop would; it re-queues the rest as soon as a leaf
// queued something (which must run first) or the quota ran out.
func (m *Machine) execLeaves(line *cmdLine, f *frame, srcs []*source, mods uint8) {
	c := m.ctx
	c.cur = f.call
	for i, s := range srcs {
		if i > 0 && (c.quota <= 0 || len(c.newTop) > 0) {
			m.queueNext(entry{kind: eExec, frame: *f, line: line, srcs: srcs, idx: int32(i), mods: mods})
			return
		}
		m.execLeaf(line, f, s, mods)
		if c.abort != nil {
			return
		}
	}
}

// execLeaf is ExecuteCommand.execute for one source.
func (m *Machine) execLeaf(line *cmdLine, f *frame, s *source, mods uint8) {
	m.execLeafCB(line, f, s, s.cb)
}

// execLeafCB runs the leaf reporting its result to cb (s's callbacks).
func (m *Machine) execLeafCB(line *cmdLine, f *frame, s *source, cb callback) {
	c := m.ctx
	c.quota--
	c.stats.Units++
	c.stats.Commands++
	c.charge(f.call).Commands++
	c.counts[line.name]++
	if c.track {
		c.trackCommand(f.call, line, 1)
	}
	res, err := line.leaf.run(m, s)
	if err != nil {
		if m.handleErr(line, f, err) {
			return
		}
		if cb != nil {
			cb.onResult(m, false, 0)
		}
		return
	}
	if cb != nil {
		cb.onResult(m, true, res)
	}
}

// runCustom runs a custom command executor (function, return) for one
// source. Custom executors cost nothing themselves.
func (m *Machine) runCustom(line *cmdLine, s *source, f *frame, mods uint8) {
	c := m.ctx
	c.stats.Commands++
	c.charge(f.call).Commands++
	c.counts[line.name]++
	if c.track {
		c.trackCommand(f.call, line, 0)
	}
	switch line.custom {
	case leafReturnValue:
		if s.cb != nil {
			s.cb.onResult(m, true, line.retVal)
		}
		if f.ret != nil {
			f.ret.onResult(m, true, line.retVal)
		}
		m.discard(f)
	case leafReturnFail:
		if s.cb != nil {
			s.cb.onResult(m, false, 0)
		}
		if f.ret != nil {
			f.ret.onResult(m, false, 0)
		}
		m.discard(f)
	case leafFunction:
		if err := m.callFunctionCommand(line, s, f, mods); err != nil {
			if m.handleErr(line, f, err) {
				return
			}
			if s.cb != nil {
				s.cb.onResult(m, false, 0)
			}
		}
	default:
		panic("internal error: custom leaf without kind")
	}
}

// functionSource is FunctionCommand.modifySenderForExecution plus
// clearCallbacks: silent, permission at least gamemasters, no callbacks.
func functionSource(s *source) *source {
	// Sources are never changed once made (every change is on a copy),
	// so one that already fits is shared: function calls are most of
	// what a generated AI runs, and a copy per call was most of its
	// garbage.
	if s.perm >= 2 && s.cb == nil {
		return s
	}
	t := s.with()
	if t.perm < 2 {
		t.perm = 2
	}
	t.cb = nil
	return t
}

// callFunctionCommand is FunctionCommand's custom executor.
func (m *Machine) callFunctionCommand(line *cmdLine, s *source, f *frame, mods uint8) error {
	fc := line.fcall
	if inst := fc.inst; inst != nil {
		// One plain function: what the general path below does for it,
		// without the look-ups.
		if mods&modReturn != 0 {
			call := entry{kind: eCall, frame: *f, fn: inst, cb: chainCB(s.cb, f.ret), retParent: true, src: functionSource(s), line: line}
			c := m.ctx
			if mods&modAlone != 0 && len(c.newTop) == 0 && !c.overflow && len(c.stack)+2 <= maxQueue {
				// Where pushNew would put them, without the trip through
				// newTop: the fallthrough below the call.
				c.stack = append(c.stack, entry{kind: eFall, frame: *f}, call)
				return nil
			}
			m.queueNext(call)
			m.queueNext(entry{kind: eFall, frame: *f})
			return nil
		}
		m.queueNext(entry{kind: eCall, frame: *f, fn: inst, cb: s.cb, src: functionSource(s), line: line})
		return nil
	}
	fns, err := m.resolveRef(fc.funcRef, &fc.fns)
	if err != nil {
		return err
	}
	if len(fns) == 1 && fns[0].mac == nil && fc.args == nil {
		fc.inst = fns[0].inst
	}
	if len(fns) == 0 {
		return failf("can't find any functions for name #%s", fc.id)
	}
	var args *Compound
	if fc.args != nil {
		args, err = fc.args(m, s)
		if err != nil {
			return err
		}
	}
	fsrc := functionSource(s)
	if mods&modReturn != 0 {
		out := chainCB(s.cb, f.ret)
		for _, fn := range fns {
			inst, err := m.instantiate(fn, args)
			if err != nil {
				return err
			}
			m.queueNext(entry{kind: eCall, frame: *f, fn: inst, cb: out, retParent: true, src: fsrc, line: line})
		}
		m.queueNext(entry{kind: eFall, frame: *f})
		return nil
	}
	switch {
	case len(fns) == 1 || s.cb == nil:
		for _, fn := range fns {
			inst, err := m.instantiate(fn, args)
			if err != nil {
				return err
			}
			m.queueNext(entry{kind: eCall, frame: *f, fn: inst, cb: s.cb, src: fsrc, line: line})
		}
	default:
		acc := &accumulator{}
		for _, fn := range fns {
			inst, err := m.instantiate(fn, args)
			if err != nil {
				return err
			}
			m.queueNext(entry{kind: eCall, frame: *f, fn: inst, cb: &accumCB{acc}, src: fsrc, line: line})
		}
		m.queueNext(entry{kind: eAccum, frame: *f, x: &entryExtra{acc: acc}, cb: s.cb})
	}
	return nil
}

type predCB struct {
	list   *[]*source
	src    *source
	unless bool
}

func (p *predCB) onResult(m *Machine, success bool, result int32) {
	if (result != 0) != p.unless {
		*p.list = append(*p.list, p.src)
	}
}

// ifFunction is ExecuteCommand.scheduleFunctionConditionsAndTest.
func (m *Machine) ifFunction(line *cmdLine, i int, orig *source, srcs []*source, f *frame, mods uint8) {
	st := &line.stages[i]
	fns, err := m.resolveRef(st.fn, &st.fns)
	if err != nil {
		m.handleErr(line, f, err)
		return
	}
	if len(fns) == 0 {
		return
	}
	insts := make([]*instFunc, 0, len(fns))
	for _, fn := range fns {
		inst, err := m.instantiate(fn, nil)
		if err != nil {
			if m.handleErr(line, f, err) {
				return
			}
			break
		}
		insts = append(insts, inst)
	}
	passed := new([]*source)
	for _, s := range srcs {
		m.queueNext(entry{kind: eIsolated, frame: *f, x: &entryExtra{fns: insts}, src: functionSource(s), line: line,
			cb: &predCB{list: passed, src: s, unless: st.custom == custUnlessFunction}})
	}
	m.queueNext(entry{kind: eLine, frame: *f, line: line, idx: int32(i + 1), src: orig, x: &entryExtra{srcList: passed}, mods: mods})
}

// resultCB records the entry function's result for CallStats.
type resultCB struct{ stats *CallStats }

func (r *resultCB) onResult(m *Machine, success bool, result int32) {
	r.stats.Returned = true
	r.stats.Success = success
	r.stats.Result = result
}

// queueInitialCall is ExecutionContext.queueInitialFunctionCall; result
// receives the function's return (the game passes source.callback(),
// which is empty for every top-level source).
func (m *Machine) queueInitialCall(inst *instFunc, src *source, cb, result callback) {
	f := m.topFrame(cb)
	m.queueNext(entry{kind: eCall, frame: f, fn: inst, cb: chainCB(src.cb, result), src: src})
}

// topFrame is ExecutionContext.createTopFrame.
func (m *Machine) topFrame(cb callback) frame {
	c := m.ctx
	if c.curDepth == 0 {
		return frame{depth: 0, ctl: -1, ret: cb}
	}
	d := c.curDepth + 1
	return frame{depth: d, ctl: d, ret: cb}
}
