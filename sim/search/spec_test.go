package search

import (
	"strings"
	"testing"
	"time"
)

func TestParseSpec(t *testing.T) {
	tests := []struct {
		arg  string
		want Spec
		err  string
	}{
		{"", Spec{}, ""},
		{"time=100ms", Spec{Time: 100 * time.Millisecond}, ""},
		{"nodes=20000", Spec{Nodes: 20000}, ""},
		{"time=100ms,threads=2,config=my.toml", Spec{Time: 100 * time.Millisecond, Threads: 2, Config: "my.toml"}, ""},
		{" time = 2s , depth = 6 ", Spec{Time: 2 * time.Second, Depth: 6}, ""},
		{"nodes=0", Spec{}, "bad nodes"},
		{"time=fast", Spec{}, "bad time"},
		{"time=0s", Spec{}, "bad time"},
		{"threads=0", Spec{}, "bad threads"},
		{"depth=99", Spec{}, "bad depth"},
		{"width=3", Spec{}, `unknown key "width"`},
		{"nodes=5,nodes=6", Spec{}, "given twice"},
		{"100ms", Spec{}, "want key=value"},
		{"config=", Spec{}, "want key=value"},
	}
	for _, tt := range tests {
		got, err := ParseSpec(tt.arg)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseSpec(%q): error %v, want one containing %q", tt.arg, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseSpec(%q) = %+v, %v; want %+v", tt.arg, got, err, tt.want)
		}
	}
}

func TestSpecLimits(t *testing.T) {
	s, _ := ParseSpec("nodes=500,depth=3")
	if got := s.Limits(); got != (Limits{Nodes: 500, Depth: 3}) {
		t.Errorf("limits %+v", got)
	}
	if got := (Spec{}).Limits(); got != (Limits{}) {
		t.Errorf("empty spec limits %+v, want the zero Limits (the config's)", got)
	}
}

// FuzzParseSpec checks that whatever parses formats back to the same spec.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"", "time=100ms", "nodes=20000", "time=1s,threads=2,config=a.toml", "depth=3,nodes=9", "x=1", "time=1h0m0s"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		s, err := ParseSpec(arg)
		if err != nil {
			return
		}
		back, err := ParseSpec(s.String())
		if err != nil {
			t.Fatalf("%q parsed to %+v, whose String %q does not parse: %v", arg, s, s.String(), err)
		}
		if back != s {
			t.Fatalf("%q: %+v formats as %q, which parses to %+v", arg, s, s.String(), back)
		}
	})
}
