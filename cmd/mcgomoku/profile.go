package main

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"runtime/pprof"

	"github.com/spf13/pflag"

	"github.com/mcgomoku/mcgomoku/internal/atomicfile"
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
// or not at all (atomicfile.Write). A CPU profile is a few kilobytes a
// minute, so it is collected in memory until then.
func (p *profileFlags) wrap(f func(e *env, args []string) error) func(e *env, args []string) error {
	return func(e *env, args []string) (err error) {
		if err := checkOutputs(output{flag: "cpuprofile", path: p.cpu}, output{flag: "memprofile", path: p.mem}); err != nil {
			return err
		}
		if p.cpu != "" {
			var buf bytes.Buffer
			if cerr := pprof.StartCPUProfile(&buf); cerr != nil {
				return fmt.Errorf("--cpuprofile: %w", cerr)
			}
			defer func() {
				pprof.StopCPUProfile()
				if cerr := atomicfile.Write(p.cpu, buf.Bytes()); cerr != nil {
					err = errors.Join(err, fmt.Errorf("--cpuprofile: %w", cerr))
				}
			}()
		}
		if p.mem != "" {
			defer func() {
				// The allocations since the start, sampled at the
				// runtime's default rate (plenty for runs of seconds),
				// after a GC so the in-use figures are current.
				runtime.GC()
				var buf bytes.Buffer
				merr := pprof.Lookup("allocs").WriteTo(&buf, 0)
				if merr == nil {
					merr = atomicfile.Write(p.mem, buf.Bytes())
				}
				if merr != nil {
					err = errors.Join(err, fmt.Errorf("--memprofile: %w", merr))
				}
			}()
		}
		return f(e, args)
	}
}
