package arena

import (
	"bytes"
	"context"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// checkHTML parses the page as XML (the report is well-formed by design)
// and counts its elements.
func checkHTML(t *testing.T, page []byte) map[string]int {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(page))
	d.Strict = true
	count := map[string]int{}
	depth := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			line := strings.Split(string(page), "\n")
			n, _ := d.InputPos()
			t.Fatalf("report is not well-formed: %v (line %d: %q)", err, n, line[max(0, min(n-1, len(line)-1))])
		}
		switch e := tok.(type) {
		case xml.StartElement:
			count[e.Name.Local]++
			depth++
		case xml.EndElement:
			depth--
		}
	}
	if depth != 0 {
		t.Fatalf("unbalanced elements")
	}
	return count
}

// artifactDir is where screenshots go: $MCGOMOKU_ARTIFACTS, or a folder in
// the system temp dir that outlives the test.
func artifactDir(t *testing.T) string {
	dir := os.Getenv("MCGOMOKU_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "mcgomoku-artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestReport(t *testing.T) {
	ctx := context.Background()
	match, err := Match(ctx, MatchConfig{KeepGames: true, A: "test-sharp", B: "test-fail:occupied", Games: 6, Size: 15, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	sprt := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	match.SPRT = &SPRTStatus{Test: sprt, LLR: 1.2, Lower: -2.94, Upper: 2.94}
	tour, err := Tournament(ctx, TournamentConfig{KeepGames: true, Players: []Entrant{{Spec: "test-sharp"}, {Spec: "test-random"}, {Spec: "test-first"}}, Rounds: 2, Size: 9, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		r    *Result
		want []string
	}{
		// Every game won: the Elo is shown and drawn as the bound the
		// games give, never as "+inf" or flat at the chart's clamp.
		{"match", match, []string{"Wins / losses / draws", "Likelihood of superiority", "SPRT 0,50,0.05,0.05", "illegal move", "Elo over games",
			"&gt; &#43;28 (95% bound: all 6 games won) (pentanomial)", "above &#43;28", "arrows: every game won", `transform="rotate(-90`}},
		{"tournament", tour, []string{"Elo vs field", "test-sharp", "test-first"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteReport(&buf, tt.r, ReportOptions{MaxBoards: 4}); err != nil {
				t.Fatal(err)
			}
			page := buf.Bytes()
			count := checkHTML(t, page)
			// One chart and the selected boards, all inline.
			if count["svg"] != 1+min(4, len(tt.r.Games)) {
				t.Errorf("%d svg images, want %d", count["svg"], 1+min(4, len(tt.r.Games)))
			}
			if count["circle"] == 0 || count["polyline"] == 0 || count["table"] != 1 {
				t.Errorf("elements %v", count)
			}
			for _, w := range tt.want {
				if !bytes.Contains(page, []byte(w)) {
					t.Errorf("report lacks %q", w)
				}
			}
			if bytes.Contains(page, []byte("inf")) {
				t.Errorf("report shows an infinite Elo")
			}
			if bytes.Contains(page, []byte("http://")) && bytes.Count(page, []byte("http://www.w3.org/2000/svg")) != bytes.Count(page, []byte("http://")) {
				t.Errorf("report refers to outside resources")
			}
			dir := artifactDir(t)
			file := filepath.Join(dir, "report-"+tt.name+".html")
			if err := os.WriteFile(file, page, 0o644); err != nil {
				t.Fatal(err)
			}
			screenshot(t, file, filepath.Join(dir, "report-"+tt.name+".png"))
		})
	}
}

// TestReportSmallAndWorld: a match of two games (under eight points, whose
// axis step used to round to zero and never end) gets its report, and a
// World function's pictures appear beside the boards it is given.
func TestReportSmallAndWorld(t *testing.T) {
	r, err := Match(context.Background(), MatchConfig{KeepGames: true, A: "test-sharp", B: "test-random", Games: 2, Size: 9, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 2, 7, 8, 9, 100} {
		ts := ticks(n)
		if len(ts) == 0 || ts[len(ts)-1] != n || len(ts) > 10 {
			t.Errorf("ticks(%d) = %v", n, ts)
		}
	}
	var drawn []int
	world := func(g *Game) (string, error) {
		drawn = append(drawn, g.Number)
		return `<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><polygon points="0,0 2,0 2,2" fill="#191919"/></svg>`, nil
	}
	var buf bytes.Buffer
	if err := WriteReport(&buf, r, ReportOptions{World: world}); err != nil {
		t.Fatal(err)
	}
	count := checkHTML(t, buf.Bytes())
	var plain bytes.Buffer
	if err := WriteReport(&plain, r, ReportOptions{}); err != nil {
		t.Fatal(err)
	}
	without := checkHTML(t, plain.Bytes())
	if len(drawn) != len(r.Games) || count["polygon"]-without["polygon"] != len(r.Games) || count["svg"] != 1+2*len(r.Games) {
		t.Errorf("drew %v in the world; elements %v, without the world %v", drawn, count, without)
	}
}

// screenshot renders the page in headless Chromium when it is installed
// and checks the picture is not blank; without Chromium the XML check
// above stands alone.
func screenshot(t *testing.T, page, out string) {
	t.Helper()
	bin := "/usr/bin/chromium"
	if _, err := os.Stat(bin); err != nil {
		t.Logf("no %s: skipping the screenshot (the report was validated as XML)", bin)
		return
	}
	if testing.Short() {
		t.Log("-short: skipping the screenshot")
		return
	}
	os.Remove(out)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--window-size=1100,1600", "--screenshot="+out, "file://"+page)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, b)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	// A rendered page has many colours: text, stones, the board's wood.
	colours := map[uint32]bool{}
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y += 7 {
		for x := bounds.Min.X; x < bounds.Max.X; x += 7 {
			r, g, b, _ := img.At(x, y).RGBA()
			colours[r>>8<<16|g>>8<<8|b>>8] = true
		}
	}
	if len(colours) < 20 {
		t.Errorf("screenshot looks blank: %d colours", len(colours))
	}
	t.Logf("screenshot: %s", out)
}
