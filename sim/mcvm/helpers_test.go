package mcvm

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// packOf builds a pack from files keyed either by pack path or, for
// functions, by "ns:path" (expanded to data/ns/function/path.mcfunction).
func packOf(files map[string]string) *datapack.Pack {
	p := datapack.New()
	for k, v := range files {
		if !strings.Contains(k, "/") || (strings.Contains(k, ":") && !strings.HasPrefix(k, "data/")) {
			ns, path, _ := strings.Cut(k, ":")
			k = "data/" + ns + "/function/" + path + ".mcfunction"
		}
		p.Files[k] = []byte(v)
	}
	return p
}

func load(t testing.TB, files map[string]string) *Machine {
	t.Helper()
	m, err := Load(packOf(files), Options{})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return m
}

func call(t testing.TB, m *Machine, id string) *Report {
	t.Helper()
	rep, err := m.Call(id)
	if err != nil {
		t.Fatalf("call %s: %v", id, err)
	}
	return rep
}

func wantScore(t testing.TB, m *Machine, holder, obj string, want int32) {
	t.Helper()
	got, ok := m.Score(holder, obj)
	if !ok {
		t.Errorf("score %s %s unset, want %d", holder, obj, want)
		return
	}
	if got != want {
		t.Errorf("score %s %s = %d, want %d", holder, obj, got, want)
	}
}

func wantNoScore(t testing.TB, m *Machine, holder, obj string) {
	t.Helper()
	if got, ok := m.Score(holder, obj); ok {
		t.Errorf("score %s %s = %d, want unset", holder, obj, got)
	}
}

// lines joins command lines into a function body.
func lines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }

// readTxtar reads a minimal txtar archive: "-- name --" headers.
func readTxtar(t testing.TB, path string) (comment string, files map[string]string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	files = map[string]string{}
	var name string
	var b strings.Builder
	flush := func() {
		if name == "" {
			comment = b.String()
		} else {
			files[name] = b.String()
		}
		b.Reset()
	}
	for _, l := range strings.SplitAfter(string(data), "\n") {
		tl := strings.TrimRight(l, "\r\n")
		if strings.HasPrefix(tl, "-- ") && strings.HasSuffix(tl, " --") && len(tl) > 6 {
			flush()
			name = strings.TrimSpace(tl[3 : len(tl)-3])
			continue
		}
		b.WriteString(l)
	}
	flush()
	return comment, files
}

func fmtEvents(evs []Event) string {
	var b strings.Builder
	for _, e := range evs {
		fmt.Fprintf(&b, "%s %s: %s %s\n", e.Kind, e.Player, e.Text, e.Detail)
	}
	return b.String()
}
