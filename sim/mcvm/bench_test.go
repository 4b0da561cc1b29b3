package mcvm

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// scoreboardHeavy is a function in the style the Gomoku AI compiles to:
// fake-player arithmetic, range dispatch and copies.
func scoreboardHeavy(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		c := i % 225
		switch i % 5 {
		case 0:
			fmt.Fprintf(&b, "scoreboard players operation #c%d g.w += #d%d g.w\n", c, (c+1)%225)
		case 1:
			fmt.Fprintf(&b, "scoreboard players add #c%d g.w 1300\n", c)
		case 2:
			fmt.Fprintf(&b, "execute if score #c%d g.w matches ..4100 run scoreboard players remove #c%d g.w 1000\n", c, c)
		case 3:
			fmt.Fprintf(&b, "scoreboard players operation #best g.w > #c%d g.w\n", c)
		case 4:
			fmt.Fprintf(&b, "execute store result score #t g.w run scoreboard players get #c%d g.w\n", c)
		}
	}
	return b.String()
}

func benchMachine(b testing.TB, n int) *Machine {
	m := load(b, map[string]string{
		"g:setup": "scoreboard objectives add g.w dummy\n",
		"g:run":   scoreboardHeavy(n),
	})
	if _, err := m.Call("g:setup"); err != nil {
		b.Fatal(err)
	}
	return m
}

// BenchmarkCommands reports commands per second on a scoreboard-heavy
// function (goal: at least 5 million).
func BenchmarkCommands(b *testing.B) {
	m := benchMachine(b, 1000)
	b.ReportAllocs()
	b.ResetTimer()
	var cmds int64
	start := time.Now()
	for i := 0; i < b.N; i++ {
		rep, err := m.Call("g:run")
		if err != nil {
			b.Fatal(err)
		}
		cmds += rep.Calls[0].Commands
	}
	b.ReportMetric(float64(cmds)/time.Since(start).Seconds(), "cmds/s")
}

// TestCommandRate keeps an eye on the interpreter's speed in normal test
// runs with a deliberately low bar, so that only a gross regression fails.
func TestCommandRate(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	m := benchMachine(t, 1000)
	var cmds int64
	start := time.Now()
	for time.Since(start) < 200*time.Millisecond {
		rep, err := m.Call("g:run")
		if err != nil {
			t.Fatal(err)
		}
		cmds += rep.Calls[0].Commands
	}
	rate := float64(cmds) / time.Since(start).Seconds()
	t.Logf("%.2f million commands/s", rate/1e6)
	if rate < 3e5 {
		t.Errorf("only %.0f commands/s", rate)
	}
}
