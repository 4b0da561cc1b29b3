package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mcgomoku/mcgomoku/sim/packbench"
)

// runBase runs this bench's packs in another build of mcgomoku (--base),
// before this build's own run: o.base is that build's binary, or a git
// revision of the repository the command runs in, built into a temporary
// worktree that is removed afterwards. It returns the base's result and
// a label naming it.
func (o *benchOptions) runBase(ctx context.Context, e *env) (*packbench.Result, string, error) {
	bin, label := o.base, "the binary "+o.base
	if !isExecutable(o.base) {
		built, l, cleanup, err := buildRevision(ctx, e, o.base)
		if cleanup != nil {
			defer cleanup()
		}
		if err != nil {
			return nil, "", err
		}
		bin, label = built, l
	}
	args := []string{"bench", "--json", "--ai", o.ai, "--sizes", o.sizes,
		"--games", strconv.Itoa(o.games), "--boards", strconv.Itoa(o.boards),
		"--rounds", strconv.Itoa(o.rounds), "--seed", strconv.FormatUint(o.seed, 10)}
	if o.levels != "" {
		args = append(args, "--levels", o.levels)
	}
	if o.config != "" {
		abs, err := filepath.Abs(o.config)
		if err != nil {
			return nil, "", err
		}
		args = append(args, "--config", abs)
	}
	fmt.Fprintf(e.stderr, "base: %s bench, first\n", label)
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdout = &out
	prefix := &linePrefixer{w: e.stderr, prefix: "base: "}
	cmd.Stderr = prefix
	err := cmd.Run()
	prefix.flush()
	if ctx.Err() != nil {
		return nil, "", ctx.Err()
	}
	res, perr := packbench.ParseResult(out.Bytes())
	switch {
	case perr == nil:
		// A base whose goals fail, or that says so by its exit status,
		// still measured.
		return res, label, nil
	case err != nil:
		return nil, "", fmt.Errorf("--base: %s bench failed: %w", label, err)
	default:
		return nil, "", fmt.Errorf("--base: %s bench printed no bench result (%v): is it mcgomoku?", label, perr)
	}
}

// isExecutable reports whether path is a regular file someone may run.
func isExecutable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
}

// buildRevision builds mcgomoku at rev, a revision of the git repository
// the working directory is in, in a temporary worktree: the binary's
// path and a label naming rev and its commit. cleanup (non-nil once
// anything was made) removes the worktree and the binary.
func buildRevision(ctx context.Context, e *env, rev string) (bin, label string, cleanup func(), err error) {
	if strings.HasPrefix(rev, "-") {
		return "", "", nil, usagef("--base %q: want a revision or an mcgomoku binary", rev)
	}
	git := func(dir string, args ...string) (string, error) {
		cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			if msg := strings.TrimSpace(stderr.String()); msg != "" {
				return "", fmt.Errorf("%w: %s", err, msg)
			}
			return "", err
		}
		return strings.TrimSpace(string(out)), nil
	}
	root, err := git(".", "rev-parse", "--show-toplevel")
	if err != nil {
		return "", "", nil, usagef("--base %q: no such binary, and the working directory is not in a git repository to build it from (%v)", rev, err)
	}
	hash, err := git(root, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		return "", "", nil, usagef("--base %q: no such binary, nor a revision of %s", rev, root)
	}
	tmp, err := os.MkdirTemp("", "mcgomoku-base-")
	if err != nil {
		return "", "", nil, err
	}
	src := filepath.Join(tmp, "src")
	cleanup = func() {
		// A fresh context: the run's may be cancelled (Ctrl-C), and
		// the worktree must still go.
		_ = exec.Command("git", "-C", root, "worktree", "remove", "--force", src).Run()
		_ = os.RemoveAll(tmp)
		_ = exec.Command("git", "-C", root, "worktree", "prune").Run()
	}
	label = fmt.Sprintf("%s (%s)", rev, hash[:min(12, len(hash))])
	fmt.Fprintf(e.stderr, "base: building %s in %s\n", label, src)
	if _, err := git(root, "worktree", "add", "--detach", src, hash); err != nil {
		return "", "", cleanup, fmt.Errorf("--base: a worktree of %s at %s: %w", root, label, err)
	}
	bin = filepath.Join(tmp, "mcgomoku")
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/mcgomoku")
	build.Dir = src
	var stderr bytes.Buffer
	build.Stdout, build.Stderr = &stderr, &stderr
	if err := build.Run(); err != nil {
		if ctx.Err() != nil {
			return "", "", cleanup, ctx.Err()
		}
		if errors.Is(err, exec.ErrNotFound) {
			return "", "", cleanup, fmt.Errorf("--base %s builds mcgomoku from source: go is not in PATH", rev)
		}
		return "", "", cleanup, fmt.Errorf("--base: building %s: %w\n%s", label, err, strings.TrimSpace(stderr.String()))
	}
	return bin, label, cleanup, nil
}

// linePrefixer writes each line with a prefix (the base's progress lines
// among this build's).
type linePrefixer struct {
	w      io.Writer
	prefix string
	buf    []byte
}

func (p *linePrefixer) Write(b []byte) (int, error) {
	p.buf = append(p.buf, b...)
	used := 0
	for {
		i := bytes.IndexByte(p.buf[used:], '\n')
		if i < 0 {
			break
		}
		fmt.Fprintf(p.w, "%s%s\n", p.prefix, p.buf[used:used+i])
		used += i + 1
	}
	p.buf = append(p.buf[:0], p.buf[used:]...)
	return len(b), nil
}

// flush writes what is left of an unfinished last line.
func (p *linePrefixer) flush() {
	if len(p.buf) > 0 {
		fmt.Fprintf(p.w, "%s%s\n", p.prefix, p.buf)
		p.buf = p.buf[:0]
	}
}
