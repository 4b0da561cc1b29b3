package datapack

import (
	"strings"
	"testing"
)

func TestReleaseTable(t *testing.T) {
	// Each row restates a sourced number (see the releases comment), so a
	// typo in the table fails here rather than in a player's world.
	want := []struct {
		name   string
		format string
		dv     int32
	}{
		{"1.21", "48", 3953},
		{"1.21.1", "48", 3955},
		{"1.21.2", "57", 4080},
		{"1.21.3", "57", 4082},
		{"1.21.4", "61", 4189},
		{"1.21.5", "71", 4325},
		{"1.21.6", "80", 4435},
		{"1.21.7", "81", 4438},
		{"1.21.8", "81", 4440},
		{"1.21.9", "88.0", 4554},
		{"1.21.10", "88.0", 4556},
		{"1.21.11", "94.1", 4671},
		{"26.1", "101.1", 4786},
		{"26.1.1", "101.1", 4788},
		{"26.1.2", "101.1", 4790},
		{"26.2", "107.1", 4903},
	}
	got := Releases()
	if len(got) != len(want) {
		t.Fatalf("got %d releases, want %d", len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Name != w.name || g.DataPack.String() != w.format || g.DataVersion != w.dv {
			t.Errorf("release %d: got %s format %s data version %d, want %s format %s data version %d",
				i, g.Name, g.DataPack, g.DataVersion, w.name, w.format, w.dv)
		}
		if i > 0 {
			prev := got[i-1]
			if g.DataVersion <= prev.DataVersion {
				t.Errorf("%s data version %d is not above %s's %d", g.Name, g.DataVersion, prev.Name, prev.DataVersion)
			}
			if g.DataPack.Compare(prev.DataPack) < 0 {
				t.Errorf("%s format %s is below %s's %s", g.Name, g.DataPack, prev.Name, prev.DataPack)
			}
		}
	}
}

func TestFormatCompareAndString(t *testing.T) {
	tests := []struct {
		a, b Format
		cmp  int
		str  string
	}{
		{Format{71, 0}, Format{71, 0}, 0, "71"},
		{Format{88, 0}, Format{94, 1}, -1, "88.0"},
		{Format{94, 1}, Format{94, 0}, 1, "94.1"},
		{Format{107, MaxMinor}, Format{107, 1}, 1, "107.*"},
		{Format{81, 0}, Format{82, 0}, -1, "81"},
	}
	for _, tt := range tests {
		if got := tt.a.Compare(tt.b); got != tt.cmp {
			t.Errorf("%v.Compare(%v) = %d, want %d", tt.a, tt.b, got, tt.cmp)
		}
		if got := tt.a.String(); got != tt.str {
			t.Errorf("%#v.String() = %q, want %q", tt.a, got, tt.str)
		}
	}
}

func TestDescribeDataVersion(t *testing.T) {
	tests := []struct {
		dv   int32
		want string
	}{
		{4325, "1.21.5 (data version 4325)"},
		{4903, "26.2 (data version 4903)"},
		{4897, "data version 4897 (a development version between 26.1.2 and 26.2)"},
		{3700, "data version 3700 (older than 1.21)"},
		{5023, "data version 5023 (newer than 26.2)"},
	}
	for _, tt := range tests {
		if got := DescribeDataVersion(tt.dv); got != tt.want {
			t.Errorf("DescribeDataVersion(%d) = %q, want %q", tt.dv, got, tt.want)
		}
	}
}

func TestVersionRange(t *testing.T) {
	rels, err := DefaultRange.Releases()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range rels {
		names = append(names, r.Name)
	}
	if got, want := strings.Join(names, " "), "1.21.5 1.21.6 1.21.7 1.21.8 1.21.9 1.21.10 1.21.11 26.1 26.1.1 26.1.2 26.2"; got != want {
		t.Errorf("DefaultRange releases = %s, want %s", got, want)
	}

	for _, tt := range []struct {
		dv   int32
		want bool
	}{{4189, false}, {4325, true}, {4790, true}, {4897, true}, {4903, true}, {4904, false}} {
		got, err := DefaultRange.ContainsDataVersion(tt.dv)
		if err != nil || got != tt.want {
			t.Errorf("DefaultRange.ContainsDataVersion(%d) = %v, %v; want %v", tt.dv, got, err, tt.want)
		}
	}

	for _, tt := range []struct {
		r       VersionRange
		wantErr string
	}{
		{VersionRange{"1.22", "26.2"}, `unknown release "1.22" as the oldest`},
		{VersionRange{"1.21.5", "27.1"}, `unknown release "27.1" as the newest`},
		{VersionRange{"26.2", "1.21.5"}, "backwards"},
	} {
		_, _, err := tt.r.Bounds()
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%v.Bounds() error = %v, want it to mention %q", tt.r, err, tt.wantErr)
		}
	}
}
