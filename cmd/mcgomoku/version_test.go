package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionText(t *testing.T) {
	set := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	tests := []struct {
		name string
		bi   *debug.BuildInfo
		ok   bool
		want string
	}{
		{"installed release", &debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Version: "v1.4.0"}},
			true, "mcgomoku v1.4.0 (built with go1.26.1)"},
		{"checkout with VCS stamping", &debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Version: "(devel)"},
			Settings: set("vcs.revision", "0123456789abcdef0123", "vcs.time", "2026-12-01T10:00:00Z", "vcs.modified", "true")},
			true, "mcgomoku (devel) (revision 0123456789ab, 2026-12-01T10:00:00Z, with uncommitted changes, built with go1.26.1)"},
		{"pseudo-version with a clean tree", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201100000-0123456789ab"},
			Settings: set("vcs.revision", "0123456789ab", "vcs.modified", "false")},
			true, "mcgomoku v0.0.0-20261201100000-0123456789ab (revision 0123456789ab)"},
		{"checkout without stamping", &debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Version: "(devel)"}},
			true, "mcgomoku (devel) (no source revision recorded, built with go1.26.1)"},
		{"no build info", nil, false, "mcgomoku (no build information: built without module support)"},
	}
	for _, tt := range tests {
		if got := versionText(tt.bi, tt.ok); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, stdout, stderr := runCmd(t, "", args...)
		if code != 0 || !strings.HasPrefix(stdout, "mcgomoku ") || strings.Count(stdout, "\n") != 1 || stderr != "" {
			t.Errorf("%q: exit %d, %q %q", args, code, stdout, stderr)
		}
	}
	if code, _, _ := runCmd(t, "", "version", "x"); code != exitUsage {
		t.Errorf("version x: exit %d", code)
	}
}
