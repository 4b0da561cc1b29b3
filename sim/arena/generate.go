package arena

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"

	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
)

// Evaluator is implemented by players that can judge a position: the
// expected score of the side to move, from 0 (lost) to 1 (won). The
// openings generator prefers it to playouts.
type Evaluator interface {
	Evaluate(ctx context.Context, b *game.Board) (float64, error)
}

// DefaultJudge is the player that judges generated openings.
const DefaultJudge = "search"

// GenerateConfig describes a set of balanced openings to generate.
type GenerateConfig struct {
	Size   int // 0 means 15
	Rule   game.Rule
	Count  int // openings wanted
	Stones int // stones per opening; 0 means DefaultStones
	Seed   int64
	// Judge is the player spec that decides balance; "" means
	// DefaultJudge. NewJudge, when set, makes it instead.
	Judge    string
	NewJudge Factory
	// Tolerance is how far from an even game (0.5) a balanced opening may
	// be: with an Evaluator, the evaluation of the side to move; otherwise
	// black's score over the playouts. 0 means 0.15 and 0.25 respectively.
	Tolerance float64
	Playouts  int // judge-against-judge games per candidate without an Evaluator; 0 means 4
	Jobs      int // candidates judged at once; 0 means GOMAXPROCS
	MaxTries  int // candidates to try before giving up; 0 means 50 per opening wanted
	Progress  func(found, tried int)
}

// GenerateOpenings draws random short openings near the centre and keeps
// those the judge finds balanced, in the order drawn, until Count are
// found. A judge implementing Evaluator judges a position directly;
// otherwise the judge plays itself from the opening (with a different seed
// per playout) and black's score decides. The result depends only on the
// config, not on Jobs.
func GenerateOpenings(ctx context.Context, cfg GenerateConfig) ([]Opening, error) {
	if cfg.Size == 0 {
		cfg.Size = game.DefaultSize
	}
	if cfg.Count <= 0 {
		return nil, fmt.Errorf("want at least one opening, got %d", cfg.Count)
	}
	if cfg.Judge == "" {
		cfg.Judge = DefaultJudge
	}
	if cfg.Playouts <= 0 {
		cfg.Playouts = 4
	}
	if cfg.Jobs <= 0 {
		cfg.Jobs = runtime.GOMAXPROCS(0)
	}
	if cfg.MaxTries <= 0 {
		cfg.MaxTries = 50 * cfg.Count
	}
	if cfg.Stones == 0 {
		cfg.Stones = DefaultStones
	}
	if err := CheckStones(cfg.Size, cfg.Stones); err != nil {
		return nil, err
	}
	judge := Entrant{Spec: cfg.Judge, New: cfg.NewJudge}
	probe, err := judge.make(player.Options{Size: cfg.Size, Rule: cfg.Rule, Seed: cfg.Seed})
	if err != nil {
		return nil, fmt.Errorf("judge %q: %w", cfg.Judge, err)
	}
	_, evaluates := probe.(Evaluator)
	if c, ok := probe.(player.Closer); ok {
		c.Close()
	}
	tol := cfg.Tolerance
	if tol <= 0 {
		tol = 0.25
		if evaluates {
			tol = 0.15
		}
	}

	// Candidates are drawn a batch at a time, so a large count costs no
	// memory or time before the first is judged.
	draw := NewOpeningDraw(cfg.Size, cfg.Rule, cfg.Stones, cfg.Seed)
	defer draw.Close()
	var found []Opening
	batch := make([]Opening, 0, cfg.Jobs)
	tried := 0
	for start := 0; start < cfg.MaxTries && len(found) < cfg.Count; start += cfg.Jobs {
		if err := ctx.Err(); err != nil {
			return found, err
		}
		batch = batch[:0]
		for range min(cfg.Jobs, cfg.MaxTries-start) {
			batch = append(batch, draw.Next())
		}
		tried = start + len(batch)
		verdicts := make([]float64, len(batch))
		errs := make([]error, len(batch))
		var wg sync.WaitGroup
		for i := range batch {
			wg.Add(1)
			go func() {
				defer wg.Done()
				verdicts[i], errs[i] = judgeOpening(ctx, cfg, judge, evaluates, batch[i], start+i)
			}()
		}
		wg.Wait()
		for i, op := range batch {
			if errs[i] != nil {
				return found, errs[i]
			}
			if math.Abs(verdicts[i]-0.5) <= tol && len(found) < cfg.Count {
				op.Source = fmt.Sprintf("generated opening %d", len(found)+1)
				found = append(found, op)
			}
		}
		if cfg.Progress != nil {
			cfg.Progress(len(found), start+len(batch))
		}
		if err := ctx.Err(); err != nil {
			return found, err
		}
	}
	if len(found) < cfg.Count {
		hint := ""
		if !evaluates {
			hint = " (the judge has no Evaluate method, so it judged by playing itself; a deterministic judge always repeats one result — use a judge with randomness, or more tolerance)"
		}
		return found, fmt.Errorf("found only %d balanced openings in %d tries%s", len(found), tried, hint)
	}
	return found, nil
}

// judgeOpening returns the opening's value: the evaluation of the side to
// move turned into black's expected score, or black's playout score.
func judgeOpening(ctx context.Context, cfg GenerateConfig, judge Entrant, evaluates bool, op Opening, n int) (float64, error) {
	b, err := op.Board(cfg.Size, cfg.Rule)
	if err != nil {
		return 0, err
	}
	mk := func(k int) (player.Player, func(), error) {
		p, err := judge.make(player.Options{Size: cfg.Size, Rule: cfg.Rule, Seed: gameSeed(cfg.Seed, -1, n, k)})
		if err != nil {
			return nil, nil, fmt.Errorf("judge %q: %w", cfg.Judge, err)
		}
		done := func() {
			if c, ok := p.(player.Closer); ok {
				c.Close()
			}
		}
		return p, done, nil
	}
	if evaluates {
		p, done, err := mk(0)
		if err != nil {
			return 0, err
		}
		defer done()
		v, err := p.(Evaluator).Evaluate(ctx, b)
		if err != nil {
			return 0, fmt.Errorf("judge %q on %s: %w", cfg.Judge, op.Notation(cfg.Size), err)
		}
		if b.ToMove() == game.White {
			v = 1 - v
		}
		return v, nil
	}
	score := 0.0
	for k := 0; k < cfg.Playouts; k++ {
		var ps [2]player.Player
		for c := range ps {
			p, done, err := mk(2*k + c)
			if err != nil {
				return 0, err
			}
			defer done()
			ps[c] = p
		}
		pb := b.Clone()
		for !pb.Over() {
			cell, err := ps[pb.ToMove()-1].Move(ctx, pb)
			if err == nil {
				err = pb.Play(cell)
			}
			if err != nil {
				if ctx.Err() != nil {
					return 0, ctx.Err()
				}
				return 0, fmt.Errorf("judge %q playing out %s: %w", cfg.Judge, op.Notation(cfg.Size), err)
			}
		}
		switch pb.Winner() {
		case game.Black:
			score++
		case game.Empty:
			score += 0.5
		}
	}
	return score / float64(cfg.Playouts), nil
}
