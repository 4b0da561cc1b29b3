package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcgomoku/mcgomoku/internal/syncbuf"
	"github.com/mcgomoku/mcgomoku/sim/game"
)

// TestPlayOut: the record's place is checked before the game, so a
// mistake costs nothing, and an existing record is replaced only with
// --force.
func TestPlayOut(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "old.psq")
	if err := os.WriteFile(existing, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string // in stderr, or in stdout when the game is played
	}{
		{"missing folder", []string{"--out", filepath.Join(dir, "missing", "x.psq")}, exitUsage, "folder " + filepath.Join(dir, "missing") + " does not exist"},
		{"existing record", []string{"--out", existing}, exitUsage, "exists; add --force"},
		{"a folder", []string{"--out", dir}, exitUsage, "is a folder"},
		{"existing record, forced", []string{"--out", existing, "--force"}, exitOK, "Saved the game to " + existing},
		{"unknown opponent", []string{"--vs", "nosuch", "--out", filepath.Join(dir, "n.psq")}, exitUsage, `--vs: unknown player "nosuch"`},
		{"unknown hinter", []string{"--hint", "nosuch", "--out", filepath.Join(dir, "n.psq")}, exitUsage, `--hint: unknown player "nosuch"`},
	}
	for _, tt := range tests {
		args := append([]string{"play", "--size", "9", "--seed", "1"}, tt.args...)
		code, stdout, stderr := runCmd(t, "e5\nquit\n", args...)
		if code != tt.code || !strings.Contains(stdout+stderr, tt.want) {
			t.Errorf("%s: exit %d, want %d and %q\n%s\n%s", tt.name, code, tt.code, tt.want, stdout, stderr)
		}
		if tt.code != exitOK && strings.Contains(stdout, "to move>") {
			t.Errorf("%s: the game was played before the error:\n%s", tt.name, stdout)
		}
	}
	if data, _ := os.ReadFile(existing); string(data) == "keep me" {
		t.Errorf("--force did not replace the record")
	}
}

// TestPlayWinningLine: the end shows the winning five, bracketed.
func TestPlayWinningLine(t *testing.T) {
	dir := t.TempDir()
	b := game.MustBoard(9, game.Freestyle)
	for _, m := range []string{"a1", "a9", "b1", "b9", "c1", "c9", "d1", "e9"} {
		c, _ := game.ParseMove(m, 9)
		if err := b.Play(c); err != nil {
			t.Fatal(err)
		}
	}
	load := filepath.Join(dir, "four.psq")
	if err := os.WriteFile(load, game.NewRecord(b, make([]int, b.Moves())).Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCmd(t, "e1\n", "play", "--load", load, "--out", filepath.Join(dir, "won.psq"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{" 1 [X X X X X]. . . .  1", "Five in a row, in brackets: a1 b1 c1 d1 e1", "You win!"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}

// lockedBuffer is a log several goroutines write and a test reads.
type lockedBuffer = syncbuf.Buffer

// TestPlayInterrupted: Ctrl-C while the game waits for a move saves the
// game so far and exits 130.
func TestPlayInterrupted(t *testing.T) {
	out := filepath.Join(t.TempDir(), "stopped.psq")
	inR, inW := io.Pipe()
	defer inW.Close()
	var stdout, stderr lockedBuffer
	done := make(chan int)
	go func() {
		done <- run([]string{"play", "--size", "9", "--seed", "1", "--out", out}, inR, &stdout, &stderr)
	}()
	io.WriteString(inW, "e5\n")
	// The second prompt comes after the reply: the signal handler is
	// installed by then, so the signal cannot kill the test.
	deadline := time.Now().Add(10 * time.Second)
	for strings.Count(stdout.String(), "to move>") < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("no second prompt:\n%s", stdout.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	self, _ := os.FindProcess(os.Getpid())
	if err := self.Signal(os.Interrupt); err != nil {
		t.Skipf("cannot send Ctrl-C here: %v", err)
	}
	var code int
	select {
	case code = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("play did not stop on Ctrl-C")
	}
	if code != exitInterrupted || !strings.Contains(stdout.String(), "Saved the game to "+out) {
		t.Fatalf("exit %d\n%s\n%s", code, stdout.String(), stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := game.ParsePSQ(data, out)
	if err != nil || len(rec.Moves) != 2 {
		t.Fatalf("record %+v, %v", rec, err)
	}
}

// TestSimInterrupted: Ctrl-C stops a long match at once, prints the result
// so far and exits 130, as STYLE.md asks of every long command.
func TestSimInterrupted(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	psq := filepath.Join(t.TempDir(), "psq")
	cmd := exec.Command(exe, mainArg, "sim", "greedy", "seed000", "--games", "100000", "--size", "9", "--psq", psq)
	var stdout, stderr lockedBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// A record on disk means games are being played, so the interrupt
	// handler is in place.
	deadline := time.Now().Add(30 * time.Second)
	for {
		if recs, _ := filepath.Glob(filepath.Join(psq, "*.psq")); len(recs) > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no game finished:\n%s", stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !ctrlC(t, cmd, 30*time.Second) {
		t.Fatal("sim did not stop on Ctrl-C")
	}
	if code := cmd.ProcessState.ExitCode(); code != exitInterrupted {
		t.Errorf("exit %d, want %d\n%s", code, exitInterrupted, stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "of 100000 games") || !strings.Contains(out, "(stopped: interrupted)") || !strings.Contains(out, "elo ") {
		t.Errorf("no partial result:\n%s", out)
	}
}
