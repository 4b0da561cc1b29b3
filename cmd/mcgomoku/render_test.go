package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/sim/game"
)

const renderTiny = "[game]\nsize = 7\n"

func TestRenderCommand(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tiny.toml")
	if err := os.WriteFile(cfg, []byte(renderTiny), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "board.png")
	code, stdout, stderr := runCmd(t, "", "render", "--config", cfg, "--moves", "d4 e5 c3", "--demo", "--out", out)
	if code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "wrote "+out+" (iso view") || !strings.Contains(stdout, "7×7 freestyle") || !strings.Contains(stdout, " won") && !strings.Contains(stdout, "drawn") {
		t.Errorf("stdout: %s", stdout)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		t.Errorf("not a PNG: %v", err)
	}
	svg := filepath.Join(dir, "board.svg")
	code, stdout, stderr = runCmd(t, "", "render", "--config", cfg, "--view", "top", "--out", svg)
	if code != exitOK || !strings.Contains(stdout, "0 moves, in play") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if data, _ := os.ReadFile(svg); !bytes.HasPrefix(data, []byte("<svg ")) {
		t.Errorf("not an SVG: %.40q", data)
	}
}

// TestRenderPSQ: a game record is played on the pack's board, and a
// record of another board size is refused by name.
func TestRenderPSQ(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tiny.toml")
	if err := os.WriteFile(cfg, []byte(renderTiny), 0o644); err != nil {
		t.Fatal(err)
	}
	write := func(name string, size int, moves ...string) string {
		b := game.MustBoard(size, game.Freestyle)
		for _, m := range moves {
			mv, _ := game.ParseMove(m, size)
			if err := b.Play(mv); err != nil {
				t.Fatal(err)
			}
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, game.NewRecord(b, nil).Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	rec := write("g.psq", 7, "d4", "e5", "c3")
	out := filepath.Join(dir, "g.svg")
	code, stdout, stderr := runCmd(t, "", "render", "--config", cfg, "--psq", rec, "--view", "top", "--out", out)
	if code != exitOK || !strings.Contains(stdout, "3 moves, in play") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	other := write("big.psq", 9, "e5")
	code, _, stderr = runCmd(t, "", "render", "--config", cfg, "--psq", other, "--out", filepath.Join(dir, "x.png"))
	if code != exitFailure || !strings.Contains(stderr, "a 9×9 game, but the pack's board is 7×7") {
		t.Errorf("a 9×9 record on a 7×7 pack: exit %d, %q", code, stderr)
	}
}

func TestRenderUsage(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tiny.toml")
	os.WriteFile(cfg, []byte(renderTiny), 0o644)
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"render"}, exitUsage, "--out is required"},
		{[]string{"render", "--out", "x.gif"}, exitUsage, "want a .png or .svg file"},
		{[]string{"render", "--out", "x.png", "--view", "side"}, exitUsage, `unknown view "side"`},
		{[]string{"render", "--out", "x.png", "--scale", "0"}, exitUsage, "--scale 0"},
		{[]string{"render", "--out", "x.png", "--moves", "a1", "--psq", "g.psq"}, exitUsage, "not both"},
		{[]string{"render", "--config", cfg, "--out", filepath.Join(dir, "x.png"), "--moves", "z9"}, exitUsage, "--moves"},
		{[]string{"render", "--config", cfg, "--out", filepath.Join(dir, "x.png"), "--moves", "d4 d4"}, exitFailure, "move 2, d4: the pack refused it"},
	} {
		code, _, stderr := runCmd(t, "", tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", tt.args, code, stderr, tt.code, tt.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.png")); err == nil {
		t.Error("a failed render wrote its picture")
	}
}

// TestReadmeBoardPicture: the README's picture is what the render command
// it names draws today (regenerate it with that command when the pack's
// look changes on purpose).
func TestReadmeBoardPicture(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var line string
	for _, l := range strings.Split(string(readme), "\n") {
		if strings.HasPrefix(l, "go run ./cmd/mcgomoku render ") && strings.Contains(l, "--out examples/board.png") {
			line = l
		}
	}
	if line == "" {
		t.Fatal("the README names no render command for examples/board.png")
	}
	args := strings.Fields(strings.TrimPrefix(line, "go run ./cmd/mcgomoku "))
	// Unquote the moves, as the shell would.
	joined := strings.Join(args, " ")
	i, j := strings.Index(joined, `"`), strings.LastIndex(joined, `"`)
	if i < 0 || j <= i {
		t.Fatalf("no quoted moves in %q", line)
	}
	args = append(strings.Fields(joined[:i]), joined[i+1:j])
	args = append(args, strings.Fields(joined[j+1:])...)
	out := filepath.Join(t.TempDir(), "board.png")
	for k, a := range args {
		if a == "examples/board.png" {
			args[k] = out
		}
	}
	code, stdout, stderr := runCmd(t, "", args...)
	if code != exitOK {
		t.Fatalf("%q: exit %d\n%s%s", args, code, stdout, stderr)
	}
	got, _ := os.ReadFile(out)
	want, err := os.ReadFile(filepath.Join("..", "..", "examples", "board.png"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("examples/board.png is not what %q draws now: run it again", line)
	}
}

// TestSimReportWorld: sim --report-world puts each selected game, as the
// default pack builds it, beside its diagram in the report.
func TestSimReportWorld(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runCmd(t, "", "sim", "greedy", "seed004", "--games", "2", "--size", "7", "--report", dir, "--report-world")
	if code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	// The chart, and per game a diagram and a picture of the world, whose
	// faces are polygons: three for each block of the board and frame.
	if n := strings.Count(string(page), "<svg "); n != 5 {
		t.Errorf("%d svg images, want 5", n)
	}
	if n := strings.Count(string(page), "<polygon "); n < 2*(7+2)*(7+2) {
		t.Errorf("%d polygons: the world pictures are missing", n)
	}
}
