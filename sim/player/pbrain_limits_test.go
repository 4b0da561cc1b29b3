package player

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

// TestPbrainToldLimitsOnce: an engine made from a spec with the run's
// limits, then given them again as the arena does, hears each INFO once
// and with the user's values: an engine sizes its tables on max_memory,
// so a default first and the user's after made --max-memory 0 allocate
// 350 MiB anyway.
func TestPbrainToldLimitsOnce(t *testing.T) {
	lim := Limits{Turn: 700 * time.Millisecond, Memory: NoMemoryLimit}
	p, err := New("pbrain:"+engineLine(t, "-echo-info"), Options{Size: 15, Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	defer p.(Closer).Close()
	p.(Limiter).SetLimits(lim)
	if err := playOut(context.Background(), p, board(t, 15, game.Freestyle), 1); err != nil {
		t.Fatal(err)
	}
	// The engine's standard error is read on its own: wait for the last
	// INFO it is sent.
	var told []string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		for _, l := range p.(LogTaker).TakeLog() {
			if s, ok := strings.CutPrefix(l, "stderr: told INFO "); ok {
				told = append(told, s)
			}
		}
		if len(told) > 0 && strings.HasPrefix(told[len(told)-1], "rule ") {
			break
		}
	}
	want := []string{"timeout_turn 700", "timeout_match 0", "max_memory 0", "game_type 1", "rule 0"}
	if strings.Join(told, "\n") != strings.Join(want, "\n") {
		t.Errorf("the engine was told\n%s\nwant\n%s", strings.Join(told, "\n"), strings.Join(want, "\n"))
	}
}

// TestPbrainDeadAtStart: a program that exits before answering START
// (true(1), an engine given a flag it refuses, one that writes blanks and
// exits) is no engine; making it fails with the reason, instead of a
// player whose every game is a forfeit.
func TestPbrainDeadAtStart(t *testing.T) {
	tr, err := exec.LookPath("true")
	if err != nil {
		t.Skip("no true(1) here")
	}
	for _, cmdline := range []string{tr, engineLine(t, "-no-such-flag"), engineLine(t, "-blank-exit")} {
		_, err := New("pbrain:"+cmdline, Options{Size: 15})
		if err == nil || !strings.Contains(err.Error(), "before answering START 15") {
			t.Errorf("%s: err %v, want it to say the engine exited before answering START", cmdline, err)
		}
	}
	_, err = New("pbrain:"+engineLine(t, "-no-such-flag"), Options{Size: 15})
	if err == nil || !strings.Contains(err.Error(), "no-such-flag") {
		t.Errorf("err %v, want the engine's last words", err)
	}
}

// TestLimitsCapped: no duration of Limits, however large, makes a
// deadline that wraps into the past.
func TestLimitsCapped(t *testing.T) {
	huge := time.Duration(1<<63 - 1)
	l := Limits{Turn: huge, Match: huge, Startup: huge, Slack: huge}.WithDefaults()
	// The deadlines ask adds up: no sum may wrap below its parts.
	for _, parts := range [][]time.Duration{{l.Startup, l.Turn, l.Slack}, {l.Startup, l.Match, l.Slack}} {
		sum := time.Duration(0)
		for _, d := range parts {
			sum += d
		}
		for _, d := range parts {
			if sum < d || d > MaxLimit {
				t.Errorf("limits %+v: %v add up to %v", l, parts, sum)
			}
		}
	}
}
