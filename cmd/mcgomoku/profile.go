package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"

	"github.com/spf13/pflag"
)

// profileFlags are --cpuprofile and --memprofile of the long-running
// commands (sim, tune, bench): the same pprof files `go test -cpuprofile`
// writes, so a slow real run can be read with `go tool pprof` instead of
// being guessed at from a benchmark.
type profileFlags struct {
	cpu, mem string
}

func (p *profileFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&p.cpu, "cpuprofile", "", "write a CPU profile of the run to this file (read it with go tool pprof)")
	fs.StringVar(&p.mem, "memprofile", "", "write an allocation profile of the run to this file at its end")
}

// wrap runs f under the requested profiles. The profiles are written
// even when f fails or is interrupted, since a run stopped with Ctrl-C
// is often the one worth reading; like every output, each appears whole
// (written to a temporary file, then renamed) or not at all.
func (p *profileFlags) wrap(f func(e *env, args []string) error) func(e *env, args []string) error {
	return func(e *env, args []string) (err error) {
		if p.cpu != "" {
			file, cerr := os.CreateTemp(filepath.Dir(p.cpu), "."+filepath.Base(p.cpu)+".tmp*")
			if cerr != nil {
				return fmt.Errorf("--cpuprofile: %w", cerr)
			}
			if cerr := pprof.StartCPUProfile(file); cerr != nil {
				file.Close()
				os.Remove(file.Name())
				return fmt.Errorf("--cpuprofile: %w", cerr)
			}
			defer func() {
				pprof.StopCPUProfile()
				if cerr := closeRename(file, p.cpu); cerr != nil {
					err = errors.Join(err, fmt.Errorf("--cpuprofile: %w", cerr))
				}
			}()
		}
		if p.mem != "" {
			defer func() {
				if merr := writeAllocProfile(p.mem); merr != nil {
					err = errors.Join(err, fmt.Errorf("--memprofile: %w", merr))
				}
			}()
		}
		return f(e, args)
	}
}

// writeAllocProfile writes the allocations since the start (sampled at
// the runtime's default rate, plenty for runs of seconds), after a GC so
// the in-use figures are current.
func writeAllocProfile(path string) error {
	runtime.GC()
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	return closeRename(f, path)
}

// closeRename closes a finished temporary file and moves it into place.
func closeRename(f *os.File, path string) error {
	tmp := f.Name()
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
