package gen

import "github.com/mcgomoku/mcgomoku/sim/config"

// renjuDepth mirrors game.RenjuMaxDepth.
var renjuDepth = 2

// Seed000Plan is the seed000 port compiled.
type Seed000Plan struct{}

func planSeed000(cfg *config.Config, n int) *Seed000Plan { return &Seed000Plan{} }

func seed000Objectives() []Objective { return nil }

func (r *renderer) renderSeed000(p *Plan) {}
