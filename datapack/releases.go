package datapack

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxMinor is the minor of a Format that stands for "any minor": a bare
// integer N in max_format means N.2147483647 (0x7fffffff), i.e. every minor
// release of data-pack format N.
const MaxMinor = math.MaxInt32

// LastIntFormat is the last data-pack format written as a bare integer
// (1.21.7 and 1.21.8). Games up to it read pack_format and
// supported_formats; snapshot 25w31a (format 82.0) introduced major.minor
// formats and min_format/max_format.
const LastIntFormat = 81

// Format is a data-pack format "major.minor". Formats up to 81 have no minor
// in the game's files; they are N.0 here.
type Format struct {
	Major, Minor int
}

// Compare returns -1, 0 or +1 as f is older than, equal to or newer than g.
func (f Format) Compare(g Format) int {
	switch {
	case f.Major != g.Major:
		if f.Major < g.Major {
			return -1
		}
		return 1
	case f.Minor != g.Minor:
		if f.Minor < g.Minor {
			return -1
		}
		return 1
	}
	return 0
}

// String prints "71", "94.1", or "107.*" for the any-minor bound; formats up
// to LastIntFormat print without a minor, as the games that use them do.
func (f Format) String() string {
	switch {
	case f.Minor == MaxMinor:
		return strconv.Itoa(f.Major) + ".*"
	case f.Major <= LastIntFormat && f.Minor == 0:
		return strconv.Itoa(f.Major)
	}
	return strconv.Itoa(f.Major) + "." + strconv.Itoa(f.Minor)
}

// Release is one Java Edition release: its name, the data-pack format it
// runs, and the DataVersion it stamps into level.dat.
type Release struct {
	Name        string // "1.21.5", "26.2"
	DataPack    Format
	DataVersion int32 // level.dat Data.DataVersion
}

// releases lists every Java Edition release from 1.21 to 26.2, oldest first.
//
// Data-pack formats: /work/shared/MINECRAFT.md §1.1 (minecraft.wiki "Pack
// format", misode/mcmeta versions/data.json; 1.21.11, 26.1.x and 26.2 from
// public packs and the wiki page "Java Edition 26.2 Pre-Release 4" = 107.1).
//
// DataVersions: the "Data version" row of each minecraft.wiki version page
// (e.g. "Java Edition 1.21.5": data version 4325, data pack format 71); the
// 1.21 … 1.21.11 values agree with public version tables that mirror
// PrismarineJS minecraft-data (3953, 3955, 4080, 4082, 4189, 4325, 4435,
// 4438, 4440, 4554, 4556, 4671). The 26.x values (4786, 4788, 4790, 4903) come
// from several independent public tools that read Mojang's version.json; no
// wiki release page for them was available, but they fit the wiki's
// development versions around them: 26.1 Snapshot 5 = 4770 < 26.1 = 4786,
// and 26.2 Snapshot 5 = 4889 < 26.2 Pre-Release 4 = 4897 < 26.2 = 4903.
var releases = []Release{
	{"1.21", Format{48, 0}, 3953},
	{"1.21.1", Format{48, 0}, 3955},
	{"1.21.2", Format{57, 0}, 4080},
	{"1.21.3", Format{57, 0}, 4082},
	{"1.21.4", Format{61, 0}, 4189},
	{"1.21.5", Format{71, 0}, 4325},
	{"1.21.6", Format{80, 0}, 4435},
	{"1.21.7", Format{81, 0}, 4438},
	{"1.21.8", Format{81, 0}, 4440},
	{"1.21.9", Format{88, 0}, 4554},
	{"1.21.10", Format{88, 0}, 4556},
	{"1.21.11", Format{94, 1}, 4671},
	{"26.1", Format{101, 1}, 4786},
	{"26.1.1", Format{101, 1}, 4788},
	{"26.1.2", Format{101, 1}, 4790},
	{"26.2", Format{107, 1}, 4903},
}

// Releases returns the release table, oldest first. The slice is a copy.
func Releases() []Release { return append([]Release(nil), releases...) }

// LookupRelease finds a release by name ("1.21.5", "26.2").
func LookupRelease(name string) (Release, bool) {
	for _, r := range releases {
		if r.Name == name {
			return r, true
		}
	}
	return Release{}, false
}

// ReleaseByDataVersion finds the release that stamps exactly dv.
func ReleaseByDataVersion(dv int32) (Release, bool) {
	for _, r := range releases {
		if r.DataVersion == dv {
			return r, true
		}
	}
	return Release{}, false
}

// DescribeDataVersion names the game that wrote DataVersion dv for messages:
// "26.1.2 (data version 4790)", or, for snapshots and unknown versions,
// where dv lies relative to the table.
func DescribeDataVersion(dv int32) string {
	if r, ok := ReleaseByDataVersion(dv); ok {
		return fmt.Sprintf("%s (data version %d)", r.Name, dv)
	}
	first, last := releases[0], releases[len(releases)-1]
	switch {
	case dv < first.DataVersion:
		return fmt.Sprintf("data version %d (older than %s)", dv, first.Name)
	case dv > last.DataVersion:
		return fmt.Sprintf("data version %d (newer than %s)", dv, last.Name)
	}
	for i := 1; i < len(releases); i++ {
		if dv < releases[i].DataVersion {
			return fmt.Sprintf("data version %d (a development version between %s and %s)",
				dv, releases[i-1].Name, releases[i].Name)
		}
	}
	panic("internal error: data version table is not sorted")
}

// VersionRange is an inclusive range of releases by name, e.g.
// {"1.21.5", "26.2"}.
type VersionRange struct {
	Min, Max string
}

// DefaultRange is the range our packs support: 1.21.5 (the first release
// with the SNBT text components and commands the generator emits) to 26.2,
// the newest release whose command tree is in /work/shared/mc.
var DefaultRange = VersionRange{Min: "1.21.5", Max: "26.2"}

func (r VersionRange) String() string { return r.Min + " – " + r.Max }

// Bounds resolves the range's ends against the release table.
func (r VersionRange) Bounds() (lo, hi Release, err error) {
	lo, ok := LookupRelease(r.Min)
	if !ok {
		return lo, hi, fmt.Errorf("unknown release %q as the oldest supported version; known releases: %s", r.Min, releaseNames())
	}
	hi, ok = LookupRelease(r.Max)
	if !ok {
		return lo, hi, fmt.Errorf("unknown release %q as the newest supported version; known releases: %s", r.Max, releaseNames())
	}
	if lo.DataVersion > hi.DataVersion {
		return lo, hi, fmt.Errorf("version range %s is backwards: %s is newer than %s", r, r.Min, r.Max)
	}
	return lo, hi, nil
}

// Releases lists the releases inside the range, oldest first.
func (r VersionRange) Releases() ([]Release, error) {
	lo, hi, err := r.Bounds()
	if err != nil {
		return nil, err
	}
	var out []Release
	for _, rel := range releases {
		if rel.DataVersion >= lo.DataVersion && rel.DataVersion <= hi.DataVersion {
			out = append(out, rel)
		}
	}
	return out, nil
}

// ContainsDataVersion reports whether a world stamped with dv was saved by a
// game inside the range (development versions between two supported
// releases count as inside).
func (r VersionRange) ContainsDataVersion(dv int32) (bool, error) {
	lo, hi, err := r.Bounds()
	if err != nil {
		return false, err
	}
	return dv >= lo.DataVersion && dv <= hi.DataVersion, nil
}

func releaseNames() string {
	names := make([]string, len(releases))
	for i, r := range releases {
		names[i] = r.Name
	}
	return strings.Join(names, ", ")
}
