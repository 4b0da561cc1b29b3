package gen

import (
	"fmt"
	"strings"

	"github.com/mcgomoku/mcgomoku/sim/config"
	"github.com/mcgomoku/mcgomoku/sim/eval"
)

// Input is a loaded, validated config with the model it describes: the
// first stage's output.
type Input struct {
	Config  *config.Config
	Profile string      // the AI compiled into the pack: "greedy", "seed000" or "lookahead"
	Model   *eval.Model // the greedy model for the config's size, rule and weights
}

// Load reads the config at path ("" for the embedded default: the tuned
// weights of examples/tuned.toml, or for the lookahead
// examples/tuned-lookahead.toml, config.ProfileDefault) and builds its
// model. profile, when not empty, overrides the config's ai.profile.
func Load(path, profile string) (*Input, error) {
	var cfg *config.Config
	if path == "" {
		if profile == "" {
			profile = config.PackDefault().AI.Profile
		}
		cfg = config.ProfileDefault(profile)
	} else {
		c, err := config.Load(path)
		if err != nil {
			return nil, err
		}
		cfg = c
	}
	return FromConfig(cfg, profile)
}

// FromConfig is Load for a config already in memory.
func FromConfig(cfg *config.Config, profile string) (*Input, error) {
	if profile == "" {
		profile = cfg.AI.Profile
	}
	known := false
	for _, p := range config.Profiles {
		known = known || p == profile
	}
	if !known {
		return nil, fmt.Errorf("unknown AI %q (want %s)", profile, strings.Join(config.Profiles, ", "))
	}
	m, err := eval.NewModel(cfg.Game.Size, cfg.Game.Rule, cfg.Weights)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cfg.Source, err)
	}
	return &Input{Config: cfg, Profile: profile, Model: m}, nil
}
