// Package examples holds the example configs shipped with mcgomoku and
// embeds the default one, so the binary works with no files at all.
package examples

import _ "embed"

// Default is examples/default.toml, the config used when none is given.
//
//go:embed default.toml
var Default []byte
