package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"
)

// Exit codes, as in gh: 0 ok, 1 failure, 2 usage error, 130 interrupted.
const (
	exitOK          = 0
	exitFailure     = 1
	exitUsage       = 2
	exitInterrupted = 130
)

// env is the one I/O abstraction every subcommand receives.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// command is one subcommand. Each lives in its own file and registers itself
// in an init function, so adding a command touches no shared file.
type command struct {
	name    string
	summary string // one line for the command list
	usage   string // the synopsis after "mcgomoku NAME"
	// flags declares the command's flags on fs and returns the function that
	// runs it with the remaining positional arguments.
	flags func(fs *pflag.FlagSet) func(e *env, args []string) error
}

var commands = map[string]*command{}

func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("internal error: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// usageError marks an error caused by the command line itself (exit 2).
type usageError struct{ msg string }

func (u usageError) Error() string { return u.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// errInterrupted is returned by commands stopped by Ctrl-C after printing
// their partial result.
var errInterrupted = errors.New("interrupted")

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		printCommands(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "--version", "-version":
		if len(args) > 1 {
			fmt.Fprintf(stderr, "mcgomoku: %s takes no arguments\n", name)
			return exitUsage
		}
		return run([]string{"version"}, stdin, stdout, stderr)
	case "-h", "--help", "help":
		if name == "help" && len(args) > 1 {
			return run([]string{args[1], "-h"}, stdin, stdout, stderr)
		}
		printCommands(stdout)
		return exitOK
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "mcgomoku: unknown command %q\n\n", name)
		printCommands(stderr)
		return exitUsage
	}
	fs := pflag.NewFlagSet("mcgomoku "+name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.SortFlags = false
	exec := c.flags(fs)
	usage := func(w io.Writer) {
		fmt.Fprintf(w, "usage: mcgomoku %s %s\n\n%s\n\nflags:\n%s", c.name, c.usage, c.summary, fs.FlagUsages())
	}
	// pflag prints the usage itself on -h; it is printed here instead,
	// once, to stdout for -h and to stderr for mistakes.
	fs.Usage = func() {}
	// A mistake gets its message and one line saying where the usage is,
	// not the whole usage: the message is what the user needs to read.
	mistake := func(err error) int {
		fmt.Fprintf(stderr, "mcgomoku %s: %v\nsee mcgomoku %s --help\n", name, err, name)
		return exitUsage
	}
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			usage(stdout)
			return exitOK
		}
		return mistake(err)
	}
	if err := checkFlagValues(fs); err != nil {
		return mistake(err)
	}
	err := exec(e, fs.Args())
	var ue usageError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ue):
		return mistake(err)
	case errors.Is(err, errInterrupted):
		fmt.Fprintf(stderr, "mcgomoku %s: interrupted\n", name)
		return exitInterrupted
	default:
		fmt.Fprintf(stderr, "mcgomoku %s: %v\n", name, err)
		return exitFailure
	}
}

// Upper bounds of counts, far above any run a machine finishes, low
// enough that nothing built from them (goroutines, schedules, files)
// overflows or exhausts memory.
const (
	maxGames    = 10_000_000_000 // games of a run: weeks of the fastest AI
	maxJobs     = 1024           // games at once; each is a goroutine, an engine a process
	maxOpenings = 1_000_000      // openings generated at once
)

// maxDuration bounds every duration flag: longer is a mistake (a day per
// move, per game or of slack), and time arithmetic near the largest
// duration (2562047h) overflows.
const maxDuration = 24 * time.Hour

// checkFlagValues refuses the values no flag of its type means, whichever
// command it belongs to: NaN and infinite numbers (every comparison with
// NaN is false, so a range check lets it through) and durations over
// maxDuration. Commands check their own ranges after this.
func checkFlagValues(fs *pflag.FlagSet) error {
	var err error
	fs.Visit(func(f *pflag.Flag) {
		if err != nil {
			return
		}
		switch f.Value.Type() {
		case "float64", "float32":
			v, perr := strconv.ParseFloat(f.Value.String(), 64)
			if perr != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				err = fmt.Errorf("--%s %s: want a finite number", f.Name, f.Value)
			}
		case "duration":
			d, perr := time.ParseDuration(f.Value.String())
			if perr != nil || d > maxDuration {
				err = fmt.Errorf("--%s %s: want at most %v", f.Name, f.Value, maxDuration)
			}
		}
	})
	return err
}

func printCommands(w io.Writer) {
	names := make([]string, 0, len(commands))
	width := 0
	for n := range commands {
		names = append(names, n)
		width = max(width, len(n))
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("mcgomoku: Gomoku for Minecraft: Java Edition: data pack generator, offline simulator, tuner\n\nusage: mcgomoku <command> [flags]\n\ncommands:\n")
	for _, n := range names {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, n, commands[n].summary)
	}
	b.WriteString("\nRun 'mcgomoku help <command>' for a command's flags, 'mcgomoku --version' for the version.\n")
	io.WriteString(w, b.String())
}
