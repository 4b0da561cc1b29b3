package datapack

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzParseJSON: the resource reader accepts exactly the JSON that
// encoding/json accepts, less documents with a repeated key (the game keeps
// one of them silently, so they are reported), and every offset it gives
// lies inside the input.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{`{}`, `[1, 2.5e3, "a\u00e9", true, null]`, `{"a":{"b":[{}]}}`, `{"a":1,"a":2}`, `{"a":`, `"\ud800"`, "  [] ", `-0`, `01`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		n, err := ParseJSON(b)
		valid := json.Valid(b)
		if err == nil && !valid {
			t.Fatalf("accepted invalid JSON %q", b)
		}
		if err != nil {
			je, ok := err.(*JSONError)
			if !ok || je.Off < 0 || je.Off > len(b) {
				t.Fatalf("error %v has no offset inside the input", err)
			}
			if valid && !strings.Contains(err.Error(), "duplicate key") {
				t.Fatalf("rejected valid JSON %q: %v", b, err)
			}
			return
		}
		var walk func(*JSONValue)
		walk = func(x *JSONValue) {
			if x.Off < 0 || x.Off >= len(b) {
				t.Fatalf("offset %d outside %q", x.Off, b)
			}
			for _, k := range x.Keys {
				walk(k.Val)
			}
			for _, e := range x.Elems {
				walk(e)
			}
		}
		walk(n)
	})
}
