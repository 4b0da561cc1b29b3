// Package examples holds the example configs shipped with mcgomoku and
// embeds the default one, so the binary works with no files at all.
package examples

import _ "embed"

// Default is examples/default.toml, the config used when none is given.
//
//go:embed default.toml
var Default []byte

// Tuned is examples/tuned.toml: the default config with the weights of the
// shipped tuning run, which beat the defaults by a margin whose 95%
// interval excludes zero (see its header). It is what `mcgomoku gen` builds
// when no config is given.
//
//go:embed tuned.toml
var Tuned []byte

// TunedLookahead is examples/tuned-lookahead.toml: the lookahead's leaf
// values and the weights that order its moves, tuned by self-play of the
// lookahead (its header says how), which beat examples/tuned.toml's
// lookahead by a margin whose interval excludes zero. It is what `mcgomoku
// gen --ai lookahead` builds, and the lookahead player plays, when no
// config is given.
//
//go:embed tuned-lookahead.toml
var TunedLookahead []byte
