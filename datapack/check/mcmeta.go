package check

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/mcgomoku/mcgomoku/datapack"
)

// lastIntFormat is the last data-pack format games read from pack_format
// and supported_formats (1.21.8); 25w31a (82) introduced min_format and
// max_format.
const lastIntFormat = datapack.LastIntFormat

type fmtVal struct{ major, minor int }

func (f fmtVal) less(g fmtVal) bool {
	return f.major < g.major || f.major == g.major && f.minor < g.minor
}

func (f fmtVal) String() string {
	if f.minor == math.MaxInt32 {
		return fmt.Sprintf("%d.*", f.major)
	}
	if f.minor == 0 {
		return fmt.Sprint(f.major)
	}
	return fmt.Sprintf("%d.%d", f.major, f.minor)
}

// decodeFormat reads min_format/max_format: N, [N] or [N, M]. A bare major
// in max_format means every minor of it.
func decodeFormat(raw json.RawMessage, isMax bool) (fmtVal, bool) {
	var n int
	if json.Unmarshal(raw, &n) == nil {
		if isMax {
			return fmtVal{n, math.MaxInt32}, true
		}
		return fmtVal{n, 0}, true
	}
	var arr []int
	if json.Unmarshal(raw, &arr) != nil {
		return fmtVal{}, false
	}
	switch len(arr) {
	case 1:
		if isMax {
			return fmtVal{arr[0], math.MaxInt32}, true
		}
		return fmtVal{arr[0], 0}, true
	case 2:
		return fmtVal{arr[0], arr[1]}, true
	}
	return fmtVal{}, false
}

// decodeSupported reads supported_formats: N, [a, b] or
// {"min_inclusive": a, "max_inclusive": b}.
func decodeSupported(raw json.RawMessage) (lo, hi int, ok bool) {
	var n int
	if json.Unmarshal(raw, &n) == nil {
		return n, n, true
	}
	var arr []int
	if json.Unmarshal(raw, &arr) == nil {
		if len(arr) == 2 {
			return arr[0], arr[1], true
		}
		return 0, 0, false
	}
	var o struct {
		Min *int `json:"min_inclusive"`
		Max *int `json:"max_inclusive"`
	}
	if json.Unmarshal(raw, &o) == nil && o.Min != nil && o.Max != nil {
		return *o.Min, *o.Max, true
	}
	return 0, 0, false
}

// checkMCMeta applies the game's pack.mcmeta validation (see
// /work/shared/MINECRAFT.md §1.2) and, when the tree names its release,
// checks that the declared range includes that release's format.
func (c *checker) checkMCMeta(b []byte) {
	const file = "pack.mcmeta"
	var top map[string]json.RawMessage
	if err := strictJSON(b, &top); err != nil {
		c.problem(file, 0, 0, "%v", err)
		return
	}
	var pack map[string]json.RawMessage
	if err := json.Unmarshal(top["pack"], &pack); err != nil || pack == nil {
		c.problem(file, 0, 0, "missing \"pack\" object")
		return
	}
	if d, ok := pack["description"]; !ok {
		c.problem(file, 0, 0, "pack: missing description")
	} else {
		var v any
		_ = json.Unmarshal(d, &v)
		switch v.(type) {
		case string, map[string]any, []any:
		default:
			c.problem(file, 0, 0, "pack.description: expected a text component")
		}
	}
	var pf *int
	if raw, ok := pack["pack_format"]; ok {
		var n int
		if json.Unmarshal(raw, &n) != nil {
			c.problem(file, 0, 0, "pack.pack_format: expected an integer")
			return
		}
		pf = &n
	}
	var sLo, sHi int
	hasSupported := false
	if raw, ok := pack["supported_formats"]; ok {
		lo, hi, ok := decodeSupported(raw)
		if !ok {
			c.problem(file, 0, 0, "pack.supported_formats: expected N, [min, max] or {\"min_inclusive\", \"max_inclusive\"}")
			return
		}
		if lo > hi {
			c.problem(file, 0, 0, "pack.supported_formats: %d is greater than %d", lo, hi)
			return
		}
		sLo, sHi, hasSupported = lo, hi, true
	}
	rawMin, hasMin := pack["min_format"]
	rawMax, hasMax := pack["max_format"]
	var lo, hi fmtVal
	switch {
	case hasMin != hasMax:
		c.problem(file, 0, 0, "pack: min_format and max_format must be given together")
		return
	case hasMin:
		var ok1, ok2 bool
		lo, ok1 = decodeFormat(rawMin, false)
		hi, ok2 = decodeFormat(rawMax, true)
		if !ok1 || !ok2 {
			c.problem(file, 0, 0, "pack: min_format and max_format must be N, [N] or [N, minor]")
			return
		}
		if hi.less(lo) {
			c.problem(file, 0, 0, "pack: min_format %s is greater than max_format %s", lo, hi)
			return
		}
		if lo.major > lastIntFormat {
			if hasSupported {
				c.problem(file, 0, 0, "pack.supported_formats is not allowed when min_format is above %d", lastIntFormat)
			}
		} else {
			if !hasSupported {
				c.problem(file, 0, 0, "pack.supported_formats is required when min_format is %d or below", lastIntFormat)
			} else {
				if sLo != lo.major {
					c.problem(file, 0, 0, "pack.supported_formats starts at %d but min_format is %s", sLo, lo)
				}
				if sHi != hi.major && sHi != lastIntFormat {
					c.problem(file, 0, 0, "pack.supported_formats ends at %d; it must end at max_format's %d or at %d", sHi, hi.major, lastIntFormat)
				}
			}
			if pf == nil {
				c.problem(file, 0, 0, "pack.pack_format is required when min_format is %d or below", lastIntFormat)
			}
			if lo.major < 15 && lo != hi {
				c.problem(file, 0, 0, "pack: a pack for several versions cannot start below format 15")
			}
		}
		if pf != nil && (fmtVal{*pf, 0}.less(lo) || hi.less(fmtVal{*pf, 0})) {
			c.problem(file, 0, 0, "pack.pack_format %d lies outside min_format %s – max_format %s", *pf, lo, hi)
		}
	default:
		if pf == nil {
			c.problem(file, 0, 0, "pack: needs pack_format or min_format and max_format")
			return
		}
		if *pf > lastIntFormat {
			c.problem(file, 0, 0, "pack.pack_format %d needs min_format and max_format (formats above %d)", *pf, lastIntFormat)
		}
		lo, hi = fmtVal{*pf, 0}, fmtVal{*pf, math.MaxInt32}
		if hasSupported {
			lo, hi = fmtVal{sLo, 0}, fmtVal{sHi, math.MaxInt32}
		}
	}
	rel, ok := datapack.LookupRelease(c.tree.Version)
	if !ok {
		return
	}
	f := fmtVal{rel.DataPack.Major, rel.DataPack.Minor}
	if f.major <= lastIntFormat {
		// Old games read pack_format and supported_formats only.
		if pf == nil {
			c.problem(file, 0, 0, "%s (format %s) reads pack_format, which is missing", rel.Name, f)
			return
		}
		lo, hi = fmtVal{*pf, 0}, fmtVal{*pf, math.MaxInt32}
		if hasSupported {
			lo, hi = fmtVal{sLo, 0}, fmtVal{sHi, math.MaxInt32}
		}
	}
	if f.less(lo) || hi.less(f) {
		c.problem(file, 0, 0, "the declared formats %s – %s exclude %s (data pack format %s)", lo, hi, rel.Name, f)
	}
}
