// Package spyglass checks unpacked data packs with Spyglass, the community's
// data-pack validator, run offline by the Node script run.mjs beside this
// file. It is an independent second opinion on what mcgomoku generates: its
// command trees, registries and JSON schemas come from the game's own reports
// and the vanilla-mcdoc schemas (embedded in package reports), not from this
// project's reading of the wiki.
//
// The package installs the runner (run.mjs and its pinned npm packages, npm
// ci keyed on package-lock.json) and writes the embedded inputs into the
// user's cache folder, never into the source tree, so a fresh checkout needs
// only node and npm and stays clean.
package spyglass

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mcgomoku/mcgomoku/datapack/reports"
)

// Releases are the releases the runner has prepared inputs for: the
// embedded ones (run.mjs lists them too, and refuses others).
var Releases = reports.Releases()

// Diagnostic is one finding of Spyglass in one file of a pack.
type Diagnostic struct {
	File     string `json:"file"` // relative to the pack folder, "/"-separated
	Line     int    `json:"line"` // 1-based
	Col      int    `json:"col"`  // 1-based
	Severity string `json:"severity"`
	Message  string `json:"message"`
	Source   string `json:"source,omitempty"` // the release, as Spyglass names it
	Code     string `json:"code,omitempty"`   // the lint rule, when Spyglass names one
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s", d.File, d.Line, d.Col, d.Severity, d.Message)
}

// Result is what Spyglass said about one pack on one release.
type Result struct {
	Release     string       `json:"release"`
	Pack        string       `json:"pack"`
	Seconds     float64      `json:"seconds"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// runnerOutput is run.mjs's JSON on stdout.
type runnerOutput struct {
	Results []struct {
		Result
		SetupErrors    []string `json:"setupErrors"`
		RebindMismatch string   `json:"rebindMismatch"`
	} `json:"results"`
	Bases []struct {
		Release     string   `json:"release"`
		SetupErrors []string `json:"setupErrors"`
	} `json:"bases"`
	Unanswered []string `json:"unanswered"`
}

// Available reports whether node and npm are on PATH; the error names what
// is missing, for a test's t.Skip.
func Available() error {
	var missing []string
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			missing = append(missing, tool)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("spyglass: %s not found on PATH (Spyglass runs on Node.js)", strings.Join(missing, " and "))
	}
	return nil
}

// Runner runs run.mjs. The zero value installs the runner into the user's
// cache folder and serves Spyglass the embedded inputs.
type Runner struct {
	// Dir holds run.mjs, package.json and package-lock.json; node_modules is
	// installed there. Default: CacheDir()/spyglass-runner, where Install
	// writes the files embedded from this folder.
	Dir string
	// Data is the folder of prepared inputs, laid out as
	// <release>/{commands,registries,block_states}.json,
	// <release>/vanilla-data.tar.gz and vanilla-mcdoc.tar.gz. Default: the
	// embedded inputs (package reports), written once into
	// CacheDir()/spyglass-data/<digest>.
	Data string
	// Parallel is how many Node processes share the releases of one Run
	// (each binds the vanilla files of its releases once). Default: the
	// number of CPUs, at most one per release.
	Parallel int
	// Rebind has Spyglass's own Project.analyzeProject check the packs,
	// which parses and binds every file a second time, in time quadratic
	// in a large pack's references; by default each file is checked as
	// READY bound it (run.mjs's analyzeBound), with the same diagnostics.
	Rebind bool
	// Compare checks every pack both ways and fails the run if the two
	// disagree: the proof that the shortcut changes nothing.
	Compare bool
}

// The runner's own files, written into its folder by Install.
var (
	//go:embed run.mjs
	runMJS []byte
	//go:embed package.json
	packageJSON []byte
	//go:embed package-lock.json
	packageLock []byte
)

// CacheDir is where the runner and its inputs are installed: $MCGOMOKU_CACHE
// if set, else mcgomoku in the user's cache folder (os.UserCacheDir), else
// in the temporary folder.
func CacheDir() string {
	if d := os.Getenv("MCGOMOKU_CACHE"); d != "" {
		return d
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "mcgomoku")
	}
	return filepath.Join(os.TempDir(), fmt.Sprintf("mcgomoku-cache-%d", os.Getuid()))
}

func (r *Runner) dir() string {
	if r.Dir != "" {
		return r.Dir
	}
	return filepath.Join(CacheDir(), "spyglass-runner")
}

// data returns the inputs' folder, writing the embedded ones first if
// they are wanted and not there yet.
func (r *Runner) data() (string, error) {
	if r.Data != "" {
		return r.Data, nil
	}
	return embeddedData()
}

var embeddedData = sync.OnceValues(func() (string, error) {
	files := map[string][]byte{}
	for _, rel := range Releases {
		for _, name := range reports.SpyglassFiles {
			b, err := reports.Spyglass(rel, name)
			if err != nil {
				return "", fmt.Errorf("spyglass: %w", err)
			}
			files[rel+"/"+name] = b
		}
	}
	mcdoc, err := reports.VanillaMcdoc()
	if err != nil {
		return "", fmt.Errorf("spyglass: %w", err)
	}
	files["vanilla-mcdoc.tar.gz"] = mcdoc
	return writeOnce(filepath.Join(CacheDir(), "spyglass-data"), files)
})

// writeOnce writes files into parent/<digest of files> unless that folder
// is there already, through a temporary folder renamed into place, so a
// folder that exists is whole and another process writing the same one at
// once does no harm.
func writeOnce(parent string, files map[string][]byte) (string, error) {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	h := sha256.New()
	for _, n := range names {
		fmt.Fprintf(h, "%s %d\n", n, len(files[n]))
		h.Write(files[n])
	}
	dest := filepath.Join(parent, hex.EncodeToString(h.Sum(nil))[:16])
	if _, err := os.Stat(dest); err == nil {
		return dest, nil
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", fmt.Errorf("spyglass: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, ".tmp-")
	if err != nil {
		return "", fmt.Errorf("spyglass: %w", err)
	}
	defer os.RemoveAll(tmp)
	for _, n := range names {
		p := filepath.Join(tmp, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", fmt.Errorf("spyglass: %w", err)
		}
		if err := os.WriteFile(p, files[n], 0o644); err != nil {
			return "", fmt.Errorf("spyglass: %w", err)
		}
	}
	if err := os.Rename(tmp, dest); err != nil {
		if _, statErr := os.Stat(dest); statErr == nil { // another process won
			return dest, nil
		}
		return "", fmt.Errorf("spyglass: %w", err)
	}
	return dest, nil
}

// writeRunner puts the embedded run.mjs, package.json and
// package-lock.json into dir, rewriting only those that differ.
func writeRunner(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("spyglass: %w", err)
	}
	for name, b := range map[string][]byte{"run.mjs": runMJS, "package.json": packageJSON, "package-lock.json": packageLock} {
		p := filepath.Join(dir, name)
		if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, b) {
			continue
		}
		tmp := p + fmt.Sprintf(".%d.tmp", os.Getpid())
		if err := os.WriteFile(tmp, b, 0o644); err != nil {
			return fmt.Errorf("spyglass: %w", err)
		}
		if err := os.Rename(tmp, p); err != nil {
			os.Remove(tmp)
			return fmt.Errorf("spyglass: %w", err)
		}
	}
	return nil
}

// stampName, inside node_modules, holds the SHA-256 of the package-lock.json
// the folder was installed from; a different lock means a stale install.
const stampName = ".mcgomoku-lock.sha256"

// installLock is held while npm ci runs, so parallel test processes don't
// install over each other. Variables for the tests.
var (
	installLockName  = "node_modules.lock"
	installLockWait  = 5 * time.Minute
	installLockStale = 10 * time.Minute
)

var installMu sync.Mutex

// Install runs npm ci in the runner folder unless node_modules was already
// installed from the current package-lock.json.
func (r *Runner) Install(ctx context.Context) error {
	if err := Available(); err != nil {
		return err
	}
	installMu.Lock()
	defer installMu.Unlock()
	dir := r.dir()
	if r.Dir == "" {
		if err := writeRunner(dir); err != nil {
			return err
		}
	}
	lock, err := os.ReadFile(filepath.Join(dir, "package-lock.json"))
	if err != nil {
		return fmt.Errorf("spyglass: reading the runner's lock file: %w", err)
	}
	sum := sha256.Sum256(lock)
	want := hex.EncodeToString(sum[:])
	stamp := filepath.Join(dir, "node_modules", stampName)
	if installed(stamp, want) {
		return nil
	}
	unlock, err := takeLock(ctx, filepath.Join(dir, installLockName))
	if err != nil {
		return err
	}
	defer unlock()
	if installed(stamp, want) { // another process installed it while we waited
		return nil
	}
	cmd := exec.CommandContext(ctx, "npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("spyglass: npm ci in %s failed: %w\n%s", dir, err, tail(out.String(), 4000))
	}
	tmp := stamp + ".tmp"
	if err := os.WriteFile(tmp, []byte(want+"\n"), 0o644); err != nil {
		return fmt.Errorf("spyglass: writing the install stamp: %w", err)
	}
	if err := os.Rename(tmp, stamp); err != nil {
		return fmt.Errorf("spyglass: writing the install stamp: %w", err)
	}
	return nil
}

func installed(stamp, want string) bool {
	got, err := os.ReadFile(stamp)
	return err == nil && strings.TrimSpace(string(got)) == want
}

// takeLock creates path exclusively, waiting while another process holds
// it; a lock older than installLockStale was left by a killed install.
func takeLock(ctx context.Context, path string) (unlock func(), err error) {
	deadline := time.Now().Add(installLockWait)
	for {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			fmt.Fprintf(f, "npm ci by process %d since %s\n", os.Getpid(), time.Now().UTC().Format(time.RFC3339))
			f.Close()
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("spyglass: cannot take the install lock %s: %w", path, err)
		}
		if fi, err := os.Stat(path); err == nil && time.Since(fi.ModTime()) > installLockStale {
			os.Remove(path)
			continue
		}
		if time.Now().After(deadline) {
			holder, _ := os.ReadFile(path)
			return nil, fmt.Errorf("spyglass: another npm ci has held %s for over %v (%s); if none is running, remove that file",
				path, installLockWait, strings.TrimSpace(string(holder)))
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Run checks every pack folder (unpacked: pack.mcmeta and data/) on every
// release and returns one Result per release and pack, in that order.
// It installs the runner first if needed.
func (r *Runner) Run(ctx context.Context, releases, packs []string) ([]Result, error) {
	if len(releases) == 0 || len(packs) == 0 {
		return nil, errors.New("spyglass: Run needs at least one release and one pack")
	}
	for _, rel := range releases {
		if !slices.Contains(Releases, rel) {
			return nil, fmt.Errorf("spyglass: no prepared inputs for release %q (have %s)", rel, strings.Join(Releases, ", "))
		}
	}
	abs := make([]string, len(packs))
	for i, p := range packs {
		a, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		if _, err := os.Stat(filepath.Join(a, "pack.mcmeta")); err != nil {
			return nil, fmt.Errorf("spyglass: %s is not an unpacked data pack: %w", p, err)
		}
		abs[i] = a
	}
	if err := r.Install(ctx); err != nil {
		return nil, err
	}
	n := r.Parallel
	if n <= 0 {
		n = runtime.NumCPU()
	}
	n = min(n, len(releases))
	// Release k goes to process k mod n; results are put back in order.
	groups := make([][]string, n)
	for k, rel := range releases {
		groups[k%n] = append(groups[k%n], rel)
	}
	outs := make([][]Result, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for g := range groups {
		wg.Go(func() { outs[g], errs[g] = r.run(ctx, groups[g], abs) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	var results []Result
	for k := range releases {
		g, i := k%n, k/n
		results = append(results, outs[g][i*len(abs):(i+1)*len(abs)]...)
	}
	return results, nil
}

// run is one Node process over the given releases and packs.
func (r *Runner) run(ctx context.Context, releases, packs []string) ([]Result, error) {
	data, err := r.data()
	if err != nil {
		return nil, err
	}
	args := []string{"run.mjs", "--release", strings.Join(releases, ","), "--data", data}
	switch {
	case r.Compare:
		args = append(args, "--compare")
	case r.Rebind:
		args = append(args, "--rebind")
	}
	args = append(args, packs...)
	cmd := exec.CommandContext(ctx, "node", args...)
	cmd.Dir = r.dir()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var out runnerOutput
	jsonErr := json.Unmarshal(stdout.Bytes(), &out)
	if len(out.Unanswered) > 0 {
		return nil, fmt.Errorf("spyglass: the runner asked for addresses its prepared inputs cannot answer (it must stay offline; prepare them or stop it asking): %s",
			strings.Join(out.Unanswered, ", "))
	}
	if runErr != nil {
		return nil, fmt.Errorf("spyglass: node run.mjs (releases %s) failed: %w\n%s", strings.Join(releases, ","), runErr, tail(stderr.String(), 4000))
	}
	if jsonErr != nil {
		return nil, fmt.Errorf("spyglass: reading run.mjs's output: %w\n%s", jsonErr, tail(stdout.String(), 1000))
	}
	// An error Spyglass logs while setting up (a dependency it could not
	// load) would quietly weaken every check, so it fails the run.
	var setup []string
	for _, b := range out.Bases {
		for _, e := range b.SetupErrors {
			setup = append(setup, b.Release+": "+e)
		}
	}
	results := make([]Result, len(out.Results))
	for i, res := range out.Results {
		for _, e := range res.SetupErrors {
			setup = append(setup, res.Release+" "+res.Pack+": "+e)
		}
		if res.RebindMismatch != "" {
			return nil, fmt.Errorf("spyglass: %s on %s: checking each file as READY bound it disagrees with Spyglass's own analyzeProject: %s", res.Pack, res.Release, res.RebindMismatch)
		}
		results[i] = res.Result
	}
	if len(setup) > 0 {
		return nil, fmt.Errorf("spyglass: Spyglass reported errors while setting up:\n%s", strings.Join(setup, "\n"))
	}
	if len(results) != len(releases)*len(packs) {
		return nil, fmt.Errorf("spyglass: run.mjs gave %d results for %d releases × %d packs", len(results), len(releases), len(packs))
	}
	return results, nil
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}
