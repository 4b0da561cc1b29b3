package search

import (
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
)

// TestConfigSection checks the [search] section of the TOML config: the
// default file restates the code's defaults, values apply, and bad ones
// are refused at their line.
func TestConfigSection(t *testing.T) {
	if got, want := config.Default().Search, config.DefaultSearch(); got != want {
		t.Errorf("examples/default.toml [search] is\n%+v\nthe code's default is\n%+v", got, want)
	}
	c, err := config.Parse("s.toml", []byte(`[search]
time = "0s"
nodes = 5000
width = 6
threads = 2
[search.value]
open_three = 77
`))
	if err != nil {
		t.Fatal(err)
	}
	s := c.Search
	if s.Time != 0 || s.Nodes != 5000 || s.Width != 6 || s.Threads != 2 || s.Value[eval.OpenThree] != 77 || s.Value[eval.Four] != config.DefaultSearch().Value[eval.Four] {
		t.Errorf("values not applied or defaults lost: %+v", s)
	}
	if e := New(c, Options{}); e.Threads() != 2 || e.Config().Time != 0 {
		t.Errorf("engine from config: %d threads, time %v", e.Threads(), e.Config().Time)
	}

	tests := []struct{ src, want string }{
		{"[search]\ntime = \"fast\"\n", `s.toml:2: key "search.time": bad duration "fast"`},
		{"[search]\ntime = \"2h\"\n", `out of range 1ms..1h`},
		{"[search]\ntime = \"0s\"\n", `no time and no node budget`},
		{"[search]\nwidht = 3\n", `unknown key; did you mean "width"?`},
		{"[search]\nwidth = 0\n", `s.toml:2: key "search.width": 0 is out of range`},
		{"[search]\nmargin = 9\n", `key "search.margin": 9 is out of range 1..4`},
		{"[search]\nthreads = 0\n", `key "search.threads"`},
		{"[search]\nvct_depth = -1\n", `key "search.vct_depth"`},
		{"[search.value]\nopen_tree = 5\n", `key "search.value.open_tree": unknown pattern; did you mean "open_three"?`},
		{"[search.value]\nfive = 100000\n", `key "search.value.five": 100000 is out of range 0..65536`},
	}
	for _, tt := range tests {
		_, err := config.Parse("s.toml", []byte(tt.src))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want one containing %q", tt.src, err, tt.want)
		}
	}
}
