package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/pflag"
)

func init() {
	register(&command{
		name:    "version",
		summary: "print mcgomoku's version: the module version and the source revision it was built from",
		usage:   "",
		flags: func(fs *pflag.FlagSet) func(e *env, args []string) error {
			return func(e *env, args []string) error {
				if len(args) > 0 {
					return usagef("version takes no arguments, got %q", args)
				}
				bi, ok := debug.ReadBuildInfo()
				_, err := fmt.Fprintln(e.stdout, versionText(bi, ok))
				return err
			}
		},
	})
}

// versionText describes a build from its build info: the module version
// (set by "go install …@version"; "(devel)" for a build from a checkout),
// then the VCS revision, its time and whether the tree had changes, which
// the go command records for builds in a checkout.
func versionText(bi *debug.BuildInfo, ok bool) string {
	if !ok || bi == nil {
		return "mcgomoku (no build information: built without module support)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	s := map[string]string{}
	for _, kv := range bi.Settings {
		s[kv.Key] = kv.Value
	}
	var extra []string
	if rev := s["vcs.revision"]; rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		extra = append(extra, "revision "+rev)
	} else if bi.Main.Version == "(devel)" || bi.Main.Version == "" {
		// A checkout built with -buildvcs=false, or outside its repository.
		extra = append(extra, "no source revision recorded")
	}
	if t := s["vcs.time"]; t != "" {
		extra = append(extra, t)
	}
	if s["vcs.modified"] == "true" {
		extra = append(extra, "with uncommitted changes")
	}
	if bi.GoVersion != "" {
		extra = append(extra, "built with "+bi.GoVersion)
	}
	text := "mcgomoku " + v
	if len(extra) > 0 {
		text += " (" + strings.Join(extra, ", ") + ")"
	}
	return text
}
