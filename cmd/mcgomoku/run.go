package main

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

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
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			usage(stdout)
			return exitOK
		}
		fmt.Fprintf(stderr, "mcgomoku %s: %v\n", name, err)
		usage(stderr)
		return exitUsage
	}
	err := exec(e, fs.Args())
	var ue usageError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "mcgomoku %s: %v\n", name, err)
		usage(stderr)
		return exitUsage
	case errors.Is(err, errInterrupted):
		fmt.Fprintf(stderr, "mcgomoku %s: interrupted\n", name)
		return exitInterrupted
	default:
		fmt.Fprintf(stderr, "mcgomoku %s: %v\n", name, err)
		return exitFailure
	}
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
