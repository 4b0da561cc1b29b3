package spyglass

import (
	"path"
	"strings"
)

// Allow is one reviewed exception: a diagnostic Spyglass gives that is not a
// mistake in the pack. Every entry says why.
type Allow struct {
	Release string // a release name, or "*" for all
	File    string // a path.Match glob over the pack-relative file
	Message string // a substring of the diagnostic's message
	Reason  string
}

// Allowed is the allow-list. Keep it short: a real error in a pack is fixed
// in the generator, never listed here.
var Allowed = []Allow{
	{
		Release: "*",
		File:    "pack.mcmeta",
		Message: "Unknown key “mcgomoku”",
		Reason: "pack.mcmeta carries mcgomoku's own top-level section (the releases the pack was built for, read back by " +
			"the installer); the game reads only the sections it knows and ignores the rest, which vanilla-mcdoc's schema does not model",
	},
	{
		Release: "1.21.5",
		File:    "pack.mcmeta",
		Message: "Unknown key “min_format”",
		Reason: "min_format/max_format are how 1.21.9 and later read a pack's format range; 1.21.5 reads pack_format and " +
			"supported_formats and ignores fields it does not know, so a pack that spans both must carry both",
	},
	{
		Release: "1.21.5",
		File:    "pack.mcmeta",
		Message: "Unknown key “max_format”",
		Reason:  "as min_format: the 1.21.9+ spelling of the range, ignored by 1.21.5, which reads supported_formats",
	},
}

// Match reports whether a lists d for release.
func (a Allow) Match(release string, d Diagnostic) bool {
	if a.Release != "*" && a.Release != release {
		return false
	}
	if ok, err := path.Match(a.File, d.File); err != nil || !ok {
		return false
	}
	return strings.Contains(d.Message, a.Message)
}

// Filter returns the diagnostics of res that no entry of allow matches.
func Filter(res Result, allow []Allow) []Diagnostic {
	var kept []Diagnostic
	for _, d := range res.Diagnostics {
		listed := false
		for _, a := range allow {
			if a.Match(res.Release, d) {
				listed = true
				break
			}
		}
		if !listed {
			kept = append(kept, d)
		}
	}
	return kept
}
