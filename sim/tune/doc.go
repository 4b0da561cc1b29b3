// Package tune is the pipeline's last stage: it tunes the greedy AI's
// weights by self-play with SPSA and writes them back into the TOML
// config they came from.
//
// Input: a config whose [tune] section names the weights to move, their
// bounds and step sizes (config.Tune), and opponents to play. Output: the
// tuned weights, a checkpoint (State, JSON) after every batch of
// iterations, a chart of the run (WriteChart, SVG), a verification match
// of the tuned weights against the start, and the config text with only
// the tuned values changed (Rewrite).
//
// The optimiser (SPSA) is fishtest's: per iteration k every parameter is
// perturbed by ±c_k at random, θ+ and θ− play games from the same
// openings (against each other and/or named opponents, see Games), and θ
// moves along the perturbation in proportion to θ+'s result. Parameters
// are floats in the optimiser and rounded to integers only to make
// weights.
//
// Invariants:
//   - Every point a run plays or keeps is inside its bounds and passes
//     eval.Weights.Validate (the 32-bit bound and the decisive tiers):
//     candidates outside the valid region are pulled back towards the
//     current θ (SPSA.Valid), which always passes, since the start does.
//   - A run is a function of its settings and seed alone: Δ, openings and
//     player seeds derive from the seed and the iteration number, games
//     are scored by index, never by finishing order, so the number of
//     parallel jobs changes nothing, and a run stopped after any batch
//     and resumed from its checkpoint ends with exactly the θ of a run
//     that was never stopped.
package tune
