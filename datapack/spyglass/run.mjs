// Runs Spyglass offline over unpacked data pack folders and prints its
// diagnostics as JSON on stdout.
//
//   node run.mjs --release 26.2[,1.21.11...] --data DIR [--verbose] [--rebind|--compare] PACK_DIR...
//
// --data is the folder of prepared inputs (datapack/spyglass writes the
// embedded ones into the user's cache folder and passes it). Spyglass would
// download these from its data API; the global fetch is replaced so that every
// request is answered from that folder, and any other request fails at once
// and makes the run exit 3, so a new network dependency is noticed.
//
// Output: {"results":[{"release","pack","seconds","diagnostics":[{file,line,
// col,severity,message,source?,code?}]}],"unanswered":[url...]}; line and col
// are 1-based, file is relative to the pack folder, with "/" separators.
import * as crypto from 'node:crypto'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import * as url from 'node:url'
import * as zlib from 'node:zlib'

const here = path.dirname(url.fileURLToPath(import.meta.url))
const releases = ['1.21.5', '1.21.11', '26.1', '26.2']

function usage(msg) {
	process.stderr.write(`run.mjs: ${msg}\nusage: node run.mjs --release R[,R...] --data DIR [--verbose] PACK_DIR...\n`)
	process.exit(2)
}

function parseArgs(argv) {
	const opts = { releases: [], data: '', verbose: false, fresh: false, rebind: false, compare: false, packs: [] }
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i]
		const value = () => {
			if (i + 1 >= argv.length) usage(`${a} needs a value`)
			return argv[++i]
		}
		if (a === '--release') opts.releases.push(...value().split(',').filter(Boolean))
		else if (a === '--data') opts.data = path.resolve(value())
		else if (a === '--verbose') opts.verbose = true
		else if (a === '--fresh') opts.fresh = true
		else if (a === '--rebind') opts.rebind = true
		else if (a === '--compare') opts.compare = true
		else if (a.startsWith('--')) usage(`unknown flag ${a}`)
		else opts.packs.push(path.resolve(a))
	}
	if (opts.releases.length === 0) usage('no --release given')
	if (opts.data === '') usage('no --data given')
	for (const r of opts.releases) {
		if (!releases.includes(r)) usage(`unknown release ${JSON.stringify(r)}; want one of ${releases.join(', ')}`)
		if (!fs.existsSync(path.join(opts.data, r, 'commands.json'))) usage(`${path.join(opts.data, r)} has no commands.json: wrong --data?`)
	}
	if (opts.packs.length === 0) usage('no pack folder given')
	for (const p of opts.packs) {
		if (!fs.existsSync(path.join(p, 'pack.mcmeta'))) usage(`${p} is not an unpacked data pack (no pack.mcmeta)`)
	}
	return opts
}

const opts = parseArgs(process.argv.slice(2))
const unanswered = []

// The base address is the one @spyglassmc/java-edition's lib/dependency/ code
// asks; the version list is the one bundled in that package.
const apiBase = 'https://api.spyglassmc.com/'
const versionsFile = path.join(here, 'node_modules/@spyglassmc/java-edition/lib/dependency/mcmeta/versions.json')

function answerFile(file, type) {
	const data = fs.readFileSync(file)
	const etag = '"' + crypto.createHash('sha1').update(data).digest('hex') + '"'
	return new Response(data, { status: 200, headers: { 'content-type': type, etag } })
}

// Spyglass's data API lists a "dimension" registry (the levels of the
// default world preset) that the prepared registries.json lacks, and
// Spyglass declares the vanilla dimensions only from it. The answer adds
// the keys of data/minecraft/worldgen/world_preset/normal.json's
// "dimensions", read from the release's own vanilla data.
function presetDimensions(tarball) {
	const tar = zlib.gunzipSync(fs.readFileSync(tarball))
	for (let off = 0; off + 512 <= tar.length;) {
		const name = tar.subarray(off, off + 100).toString('utf8').replace(/\0.*$/s, '')
		if (name === '') break
		const size = parseInt(tar.subarray(off + 124, off + 136).toString('utf8').replace(/\0.*$/s, '').trim() || '0', 8)
		const body = off + 512
		if (name.endsWith('data/minecraft/worldgen/world_preset/normal.json')) {
			const preset = JSON.parse(tar.subarray(body, body + size).toString('utf8'))
			return Object.keys(preset.dimensions).map((k) => k.replace(/^minecraft:/, '')).sort()
		}
		off = body + Math.ceil(size / 512) * 512
	}
	return undefined
}

function registriesAnswer(release, file) {
	const registries = JSON.parse(fs.readFileSync(file, 'utf8'))
	if (!registries.dimension) {
		const dims = presetDimensions(path.join(opts.data, release, 'vanilla-data.tar.gz'))
		if (dims) registries.dimension = dims
	}
	const data = Buffer.from(JSON.stringify(registries))
	const etag = '"' + crypto.createHash('sha1').update(data).digest('hex') + '"'
	return new Response(data, { status: 200, headers: { 'content-type': 'application/json', etag } })
}

function offlineAnswer(u) {
	if (!u.startsWith(apiBase)) return undefined
	const p = u.slice(apiBase.length).split(/[?#]/)[0]
	if (p === 'mcje/versions') return answerFile(versionsFile, 'application/json')
	if (p === 'vanilla-mcdoc/tarball') return answerFile(path.join(opts.data, 'vanilla-mcdoc.tar.gz'), 'application/gzip')
	const m = /^mcje\/versions\/([^/]+)\/(commands|registries|block_states|vanilla-data\/tarball)$/.exec(p)
	if (!m) return undefined
	const release = decodeURIComponent(m[1])
	if (!releases.includes(release)) return undefined
	const name = { commands: 'commands.json', registries: 'registries.json', block_states: 'block_states.json', 'vanilla-data/tarball': 'vanilla-data.tar.gz' }[m[2]]
	const file = path.join(opts.data, release, name)
	if (!fs.existsSync(file)) return undefined
	if (m[2] === 'registries') return registriesAnswer(release, file)
	return answerFile(file, name.endsWith('.json') ? 'application/json' : 'application/gzip')
}

// Installed before Spyglass is imported, so no code path sees the real fetch.
globalThis.fetch = async (input) => {
	const u = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
	const res = offlineAnswer(u)
	if (res) return res
	if (!unanswered.includes(u)) {
		unanswered.push(u)
		process.stderr.write(`run.mjs: offline: no prepared answer for ${u}\n`)
	}
	throw new TypeError(`offline: no prepared answer for ${u}`)
}

const core = await import('@spyglassmc/core')
const { NodeJsExternals } = await import('@spyglassmc/core/lib/nodejs.js')
const mcdoc = await import('@spyglassmc/mcdoc')
const je = await import('@spyglassmc/java-edition')

// Every answer comes from local files, so an HTTP cache would only copy the
// tarballs to disk and could serve a stale answer on the next run.
const noCache = { match: async () => undefined, put: async () => {}, delete: async () => false }
const externals = { ...NodeJsExternals, web: { ...NodeJsExternals.web, getCache: async () => noCache } }

function text(args) {
	return args.map((a) => a instanceof Error ? (opts.verbose ? a.stack : a.message) : typeof a === 'string' ? a : JSON.stringify(a)).join(' ')
}

// Errors Spyglass logs while setting up (a dependency that failed to load, a
// broken version list) would otherwise silently weaken every check, so they
// are kept and reported; the rest goes to stderr only with --verbose.
function recordingLogger(release, sink) {
	const say = (lvl) => (...args) => {
		if (opts.verbose) process.stderr.write(`[${release}] ${lvl} ${text(args)}\n`)
	}
	return {
		log: say('log'),
		info: say('info'),
		warn: say('warn'),
		error: (...args) => {
			sink.push(text(args))
			say('error')(...args)
		},
	}
}

// Spyglass learns a project's own files only from a file watcher; packs here
// don't change while checked, so a watcher that lists the folder once is all
// it needs. It lists pack.mcmeta and data/ only: the caller hands over the
// effective file set of one release, and an overlay folder left beside data/
// would otherwise be checked as if the game read it on every release.
class StaticWatcher extends core.EventDispatcher {
	#files = new core.UriStore()
	constructor(dir) {
		super()
		const add = (file) => this.#files.add(url.pathToFileURL(file).href)
		if (fs.existsSync(path.join(dir, 'pack.mcmeta'))) add(path.join(dir, 'pack.mcmeta'))
		const data = path.join(dir, 'data')
		if (!fs.existsSync(data)) return
		for (const f of fs.readdirSync(data, { recursive: true, withFileTypes: true })) {
			if (f.isFile()) add(path.join(f.parentPath ?? f.path, f.name))
		}
	}
	get watchedFiles() {
		return this.#files
	}
	async ready() {}
	async close() {}
}

const severities = ['hint', 'info', 'warning', 'error']

function rootUri(dir) {
	return url.pathToFileURL(dir).href + '/'
}

function newProject(release, root, cacheDir, setupErrors) {
	const config = structuredClone(core.VanillaConfig)
	config.env.gameVersion = release
	config.env.dependencies = ['@vanilla-datapack', '@vanilla-mcdoc']
	return new core.Project({
		cacheRoot: rootUri(cacheDir),
		defaultConfig: config,
		externals,
		initializers: [mcdoc.initialize, je.initialize],
		logger: recordingLogger(release, setupErrors),
		projectRoots: [rootUri(root)],
	})
}

async function timed(phases, name, f) {
	const t = performance.now()
	const v = await f()
	phases[name] = Math.round(performance.now() - t) / 1000
	return v
}

// Binding the ~7,500 vanilla files takes most of a run. Spyglass's own symbol
// cache lets a restarted project bind only files whose checksums changed; the
// same is done here in memory: a project over an empty folder is readied once
// per release and each pack's project starts from a copy of its symbol table
// and checksums (what CacheService.load would read back from disk), so the
// vanilla files are not bound again and no pack sees another pack's symbols.
async function baseState(release, work) {
	const phases = {}
	const setupErrors = []
	const empty = path.join(work, `empty-${release}`)
	fs.mkdirSync(empty, { recursive: true })
	const project = newProject(release, empty, path.join(work, `cache-${release}`), setupErrors)
	try {
		await timed(phases, 'init', () => project.init())
		await timed(phases, 'ready', () => project.ready({ projectRootsWatcher: new StaticWatcher(empty) }))
		return {
			symbols: core.SymbolTable.unlink(project.symbols.global),
			checksums: structuredClone(project.cacheService.checksums),
			phases,
			setupErrors,
		}
	} finally {
		await project.close()
	}
}

// analyzeBound is Project.analyzeProject without its second parse and bind
// of every file: READY has bound them all (the global symbol table is full
// once it returns), and analyzeProject parses and binds each again before
// checking it. Rebinding first clears the file's old symbol locations,
// which scans every location of every symbol the file names: a pack of
// thousands of files naming the same objectives made that quadratic, two
// thirds of a run on the 5×5 renju pack and hours on the 15×15 ones. Here
// each file READY bound is checked as it was bound, in analyzeProject's
// order, with the same events; any other is parsed, bound and checked as
// analyzeProject does. --rebind runs analyzeProject itself, and the tests
// require the two to report the same diagnostics.
async function analyzeBound(project, bound) {
	const files = [...new Set(project.getTrackedFiles().map((uri) => project.normalizeUri(uri)))]
		.filter((uri) => project.projectRoots.some((root) => core.fileUtil.isSubUriOf(uri, root)) && !project.shouldExclude(uri))
		.sort(project.meta.uriSorter)
	for (const uri of files) {
		let got = bound.get(uri)
		if (!got) {
			project.removeCachedTextDocument(uri)
			const doc = await project.read(uri)
			if (!doc) continue
			const node = project.parse(doc)
			await project.bind(doc, node)
			got = { doc, node }
		}
		await project.check(got.doc, got.node)
		project.emit('documentUpdated', got)
	}
}

async function checkPack(release, packDir, base, work, rebind = opts.rebind) {
	const start = performance.now()
	const phases = {}
	const setupErrors = []
	const project = newProject(release, packDir, path.join(work, `cache-${release}-${path.basename(packDir)}`), setupErrors)
	if (base) {
		project.cacheService.load = async function () {
			this.checksums = structuredClone(base.checksums)
			this.errors = {}
			return { symbols: core.SymbolTable.link(base.symbols) }
		}
	}
	// Nothing reads a saved cache back; writing one costs seconds.
	project.cacheService.save = async () => true
	const byUri = new Map()
	project.on('documentErrored', ({ uri, errors }) => byUri.set(uri, errors))
	// The documents READY binds, to check them as they are (see analyzeBound).
	const bound = new Map()
	let readied = false
	project.on('documentUpdated', ({ doc, node }) => {
		if (!readied) bound.set(doc.uri, { doc, node })
	})
	try {
		await timed(phases, 'init', () => project.init())
		await timed(phases, 'ready', () => project.ready({ projectRootsWatcher: new StaticWatcher(packDir) }))
		readied = true
		await timed(phases, 'analyze', () => (rebind ? project.analyzeProject() : analyzeBound(project, bound)))
	} finally {
		await project.close()
	}
	const diagnostics = []
	for (const [uri, errors] of byUri) {
		if (!uri.startsWith('file:')) continue
		const file = path.relative(packDir, url.fileURLToPath(uri)).split(path.sep).join('/')
		if (file.startsWith('..')) continue
		for (const e of errors) {
			const d = {
				file,
				line: e.posRange.start.line + 1,
				col: e.posRange.start.character + 1,
				severity: severities[e.severity] ?? String(e.severity),
				message: e.message,
			}
			if (e.source) d.source = e.source
			// Spyglass names the lint rule only inside the message.
			const rule = / \(rule: ([A-Za-z]+)\)$/.exec(e.message)
			if (rule) d.code = rule[1]
			diagnostics.push(d)
		}
	}
	diagnostics.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.message.localeCompare(b.message))
	return { release, pack: packDir, seconds: Math.round(performance.now() - start) / 1000, phases, setupErrors, diagnostics }
}

const results = []
const bases = []
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mcgomoku-spyglass-'))
try {
	for (const release of opts.releases) {
		const base = opts.fresh ? undefined : await baseState(release, work)
		if (base) bases.push({ release, phases: base.phases, setupErrors: base.setupErrors })
		for (const pack of opts.packs) {
			const res = await checkPack(release, pack, base, work)
			if (opts.compare) {
				// --compare: Spyglass's own analyzeProject too, which must
				// say exactly the same.
				const ref = await checkPack(release, pack, base, work, true)
				const a = JSON.stringify(res.diagnostics), b = JSON.stringify(ref.diagnostics)
				if (a !== b) res.rebindMismatch = `analyzeBound said ${a.slice(0, 2000)}; analyzeProject said ${b.slice(0, 2000)}`
			}
			results.push(res)
		}
	}
} finally {
	fs.rmSync(work, { recursive: true, force: true })
}
// Spyglass leaves timers (cache saver, watchers) behind, so the run exits
// itself, but only once stdout has taken the whole report: into a pipe the
// write finishes later, and exiting at once cut long reports short.
process.stdout.write(JSON.stringify({ results, bases, unanswered }, null, 1) + '\n', () =>
	process.exit(unanswered.length > 0 ? 3 : 0))
