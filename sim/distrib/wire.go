package distrib

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/mcgomoku/mcgomoku/sim/arena"
	"github.com/mcgomoku/mcgomoku/sim/game"
	"github.com/mcgomoku/mcgomoku/sim/player"
	"github.com/mcgomoku/mcgomoku/sim/tune"
)

// Protocol is the version of the messages below. Coordinators and
// workers also compare their builds (Version): the games must be played
// by the same code for a run over workers to be the run played here.
const Protocol = 2

// Bounds on what a message may hold, so a bad one is refused before it
// costs anything.
const (
	MaxMessage    = 8 << 20        // bytes of one batch or result
	MaxBatchGames = 10_000         // games in one batch
	maxFiles      = 16             // config files shipped with a batch
	maxFile       = 1 << 20        // bytes of one of them
	maxPlayers    = 64             // players of a tournament
	maxWord       = 200            // characters of an ID or a name
	maxSpec       = 4096           // characters of a player spec
	maxRunGames   = 10_000_000_000 // games of a run, as the commands bound it
)

// Batch is some games of a run for a worker to play: the run's settings
// (what makes its players) and the games, by their place in the run.
// Exactly one of Match, Iteration and TuneMatch is set; Tune is set with
// the last two.
type Batch struct {
	Protocol int    `json:"protocol"`
	Version  string `json:"version"` // the coordinator's build
	Run      string `json:"run"`     // the run's ID: its settings' digest
	ID       string `json:"id"`      // the batch's, unique within the run
	// Files are the config files the players' specs name, by the name
	// the specs use: a worker on another machine has not got them.
	Files map[string][]byte `json:"files,omitempty"`
	Match *MatchTask        `json:"match,omitempty"`
	Tune  *tune.Setup       `json:"tune,omitempty"`
	// Setup, when set, names Files, Match and Tune instead: the digest of
	// their JSON (Settings), which the coordinator keeps in the setups
	// bucket once for the run. A tuning run's settings are its whole
	// config, some 16 kB: in every batch of a greedy tune they were most
	// of what the server stored and the worker read.
	Setup     string          `json:"setup,omitempty"`
	Iteration *tune.Plan      `json:"iteration,omitempty"`
	TuneMatch *tune.MatchPlan `json:"tune_match,omitempty"`
	Jobs      []arena.Job     `json:"jobs,omitempty"` // Match's and TuneMatch's games
}

// Settings are what makes a run's players, as a batch names them by
// its Setup.
type Settings struct {
	Files map[string][]byte `json:"files,omitempty"`
	Match *MatchTask        `json:"match,omitempty"`
	Tune  *tune.Setup       `json:"tune,omitempty"`
}

// settings are the batch's own.
func (b *Batch) settings() Settings { return Settings{Files: b.Files, Match: b.Match, Tune: b.Tune} }

// MatchTask is a sim match or tournament, as its games are decided.
type MatchTask struct {
	Players    []string      `json:"players"`
	Tournament bool          `json:"tournament,omitempty"`
	Games      int           `json:"games"` // a match's games, or a tournament's rounds
	Size       int           `json:"size"`
	Rule       game.Rule     `json:"rule"`
	Seed       int64         `json:"seed"`
	Limits     player.Limits `json:"limits"`
}

// Result is a worker's answer to a batch: its games, or why it refused
// the batch.
type Result struct {
	Protocol int    `json:"protocol"`
	Version  string `json:"version"` // the worker's build
	Run      string `json:"run"`
	ID       string `json:"id"`
	Worker   string `json:"worker"`
	// Digest is the batch's (sha256 of the message), so a result kept in
	// the stream answers only the very batch it was played for.
	Digest   string         `json:"digest"`
	Refused  string         `json:"refused,omitempty"`
	Games    Games          `json:"-"` // after the envelope
	Outcomes []tune.Outcome `json:"outcomes,omitempty"`
	Seconds  float64        `json:"seconds"` // time spent playing
}

// VersionError is a message from a build other than this one.
type VersionError struct {
	Theirs, Ours string
	What         string // "coordinator" or "worker"
}

func (e *VersionError) Error() string {
	return fmt.Sprintf("the %s runs %s and this process %s: both must be the same build (same games, same results)", e.What, e.Theirs, e.Ours)
}

// digest is a message's sha256, in hex.
func digest(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// decode reads one JSON value of a bounded message strictly: unknown
// fields and trailing data are errors.
func decode(data []byte, v any) error {
	if len(data) > MaxMessage {
		return fmt.Errorf("%d bytes, over the limit of %d", len(data), MaxMessage)
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("data after the message")
	}
	return nil
}

// word checks an ID or name: 1..maxWord printable characters, none a
// space or a dot (IDs become parts of subjects and message IDs).
func word(what, s string) error {
	if s == "" || len(s) > maxWord {
		return fmt.Errorf("%s: %d characters, want 1..%d", what, len(s), maxWord)
	}
	for _, r := range s {
		if !unicode.IsPrint(r) || unicode.IsSpace(r) || r == '.' || r == '*' || r == '>' {
			return fmt.Errorf("%s %q: only printable characters, no spaces, dots, * or >", what, s)
		}
	}
	return nil
}

// ParseBatch reads and checks a batch: its protocol and build (a
// *VersionError when they are not ours), its sizes, and its players'
// specs. Whether the games fit the run is checked as they are set up.
// A batch that names its settings (Setup) is checked by SetUp, once
// they are read.
func ParseBatch(data []byte, version string) (*Batch, error) {
	var b Batch
	if err := decode(data, &b); err != nil {
		return nil, fmt.Errorf("malformed batch: %v", err)
	}
	if b.Protocol != Protocol || b.Version != version {
		return &b, &VersionError{Theirs: fmt.Sprintf("%s (protocol %d)", b.Version, b.Protocol), Ours: fmt.Sprintf("%s (protocol %d)", version, Protocol), What: "coordinator"}
	}
	if b.Setup != "" {
		if err := b.checkNamed(); err != nil {
			return &b, fmt.Errorf("bad batch %s: %v", b.ID, err)
		}
		return &b, nil
	}
	if err := b.check(); err != nil {
		return &b, fmt.Errorf("bad batch %s: %v", b.ID, err)
	}
	return &b, nil
}

// checkNamed checks a batch that names its settings, before they are
// read: its IDs and the digest.
func (b *Batch) checkNamed() error {
	if err := word("run", b.Run); err != nil {
		return err
	}
	if err := word("batch ID", b.ID); err != nil {
		return err
	}
	if b.Files != nil || b.Match != nil || b.Tune != nil {
		return errors.New("a batch names its settings or carries them, not both")
	}
	if len(b.Setup) != 64 || strings.Trim(b.Setup, "0123456789abcdef") != "" {
		return fmt.Errorf("setup %.80q is not a sha256 in hex", b.Setup)
	}
	return nil
}

// ParseSettings reads the settings a batch names: data must be what its
// Setup digests, strictly decoded.
func ParseSettings(data []byte, setup string) (*Settings, error) {
	if got := digest(data); got != setup {
		return nil, fmt.Errorf("settings %.16s… are not the ones named, %.16s…", got, setup)
	}
	var st Settings
	if err := decode(data, &st); err != nil {
		return nil, fmt.Errorf("malformed settings: %v", err)
	}
	return &st, nil
}

// SetUp gives a batch that names its settings the settings read for it
// (ParseSettings), and checks the whole as ParseBatch checks a batch
// that carries them.
func (b *Batch) SetUp(st *Settings) error {
	b.Files, b.Match, b.Tune = st.Files, st.Match, st.Tune
	if err := b.check(); err != nil {
		return fmt.Errorf("bad batch %s: %v", b.ID, err)
	}
	return nil
}

func (b *Batch) check() error {
	if err := word("run", b.Run); err != nil {
		return err
	}
	if err := word("batch ID", b.ID); err != nil {
		return err
	}
	if len(b.Files) > maxFiles {
		return fmt.Errorf("%d files, want at most %d", len(b.Files), maxFiles)
	}
	for name, data := range b.Files {
		if name == "" || len(name) > maxSpec || len(data) > maxFile {
			return fmt.Errorf("file %q of %d bytes: want a name and at most %d bytes", name, len(data), maxFile)
		}
	}
	kinds := 0
	for _, set := range []bool{b.Match != nil, b.Iteration != nil, b.TuneMatch != nil} {
		if set {
			kinds++
		}
	}
	if kinds != 1 {
		return errors.New("want exactly one of match, iteration and tune_match")
	}
	if (b.Tune != nil) == (b.Match != nil) {
		return errors.New("tune settings go with an iteration or a tune match, and only with them")
	}
	games := len(b.Jobs)
	if b.Iteration != nil {
		if len(b.Jobs) > 0 {
			return errors.New("an iteration's games come in the plan, not as jobs")
		}
		games = len(b.Iteration.Games)
	}
	if games == 0 || games > MaxBatchGames {
		return fmt.Errorf("%d games, want 1..%d", games, MaxBatchGames)
	}
	if b.Match != nil {
		m := b.Match
		switch {
		case len(m.Players) < 2 || len(m.Players) > maxPlayers:
			return fmt.Errorf("%d players, want 2..%d", len(m.Players), maxPlayers)
		case !m.Tournament && len(m.Players) != 2:
			return fmt.Errorf("a match of %d players", len(m.Players))
		case m.Games <= 0 || m.Games > maxRunGames:
			return fmt.Errorf("%d games, want 1..%d", m.Games, maxRunGames)
		case m.Size < game.MinSize || m.Size > game.MaxSize:
			return fmt.Errorf("board size %d, want %d..%d", m.Size, game.MinSize, game.MaxSize)
		case m.Rule < game.Freestyle || m.Rule > game.Renju:
			return fmt.Errorf("unknown rule %d", m.Rule)
		}
		if err := checkLimits(m.Limits); err != nil {
			return err
		}
		for _, sp := range m.Players {
			if err := checkSpec(sp); err != nil {
				return err
			}
		}
	}
	if b.Tune != nil {
		if len(b.Tune.Config) > maxFile {
			return fmt.Errorf("a config of %d bytes, want at most %d", len(b.Tune.Config), maxFile)
		}
		if len(b.Tune.Against) == 0 || len(b.Tune.Against) > maxPlayers {
			return fmt.Errorf("%d opponents, want 1..%d", len(b.Tune.Against), maxPlayers)
		}
		if err := checkLimits(b.Tune.Limits); err != nil {
			return err
		}
		for _, sp := range b.Tune.Against {
			if sp == tune.Self || sp == tune.StartPlayer {
				continue
			}
			if err := checkSpec(sp); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkLimits bounds a match's time limits as the command line does.
func checkLimits(l player.Limits) error {
	for _, d := range []struct {
		name string
		v    int64
	}{{"turn", int64(l.Turn)}, {"match", int64(l.Match)}, {"startup", int64(l.Startup)}, {"slack", int64(l.Slack)}} {
		if d.v > int64(player.MaxLimit) || d.v < -int64(player.MaxLimit) {
			return fmt.Errorf("time limit %s out of range", d.name)
		}
	}
	if l.Memory < player.NoMemoryLimit || l.Memory > 1<<40 {
		return fmt.Errorf("memory limit %d out of range", l.Memory)
	}
	return nil
}

// checkSpec checks a player spec a batch names: a registered player,
// and not a data pack (which lives on the coordinator's disk).
func checkSpec(spec string) error {
	if len(spec) > maxSpec {
		return fmt.Errorf("a player spec of %d characters", len(spec))
	}
	if err := player.CheckSpec(spec); err != nil {
		return err
	}
	if IsPack(spec) {
		return fmt.Errorf("player %q: a data pack is read from the coordinator's disk: play pack: players locally, without --server", spec)
	}
	return nil
}

// IsPack says whether a spec is a data pack player.
func IsPack(spec string) bool { return strings.HasPrefix(spec, "pack:") || spec == "pack" }

// Engines lists the specs of a batch that run outside programs.
func (b *Batch) Engines() []string {
	var specs []string
	if b.Match != nil {
		specs = append(specs, b.Match.Players...)
	}
	if b.Tune != nil {
		specs = append(specs, b.Tune.Against...)
	}
	var out []string
	for _, s := range specs {
		if player.IsEngine(s) {
			out = append(out, s)
		}
	}
	return out
}

// Games is how many games the batch holds.
func (b *Batch) Games() int {
	if b.Iteration != nil {
		return len(b.Iteration.Games)
	}
	return len(b.Jobs)
}

// encode is the result as a worker sends it: its JSON envelope, and
// after a newline its games, if any (see Games).
func (r *Result) encode() ([]byte, error) {
	out, err := json.Marshal(r)
	if err != nil || len(r.Games) == 0 {
		return out, err
	}
	out = append(out, '\n')
	return appendGames(out, r.Games), nil
}

// ParseResult reads and checks a result: its envelope's protocol, build
// and sizes, and its games' encoding. Whether its games answer the batch
// is checked against the batch (the coordinator's own copy).
func ParseResult(data []byte, version string) (*Result, error) {
	var r Result
	if len(data) > MaxMessage {
		return nil, fmt.Errorf("malformed result: %d bytes, over the limit of %d", len(data), MaxMessage)
	}
	envelope, games, hasGames := bytes.Cut(data, []byte{'\n'})
	if err := decode(envelope, &r); err != nil {
		return nil, fmt.Errorf("malformed result: %v", err)
	}
	if r.Protocol != Protocol || r.Version != version {
		return &r, &VersionError{Theirs: fmt.Sprintf("%s (protocol %d)", r.Version, r.Protocol), Ours: fmt.Sprintf("%s (protocol %d)", version, Protocol), What: "worker " + r.Worker}
	}
	for _, w := range []struct{ what, s string }{{"run", r.Run}, {"batch ID", r.ID}, {"worker", r.Worker}, {"digest", r.Digest}} {
		if err := word(w.what, w.s); err != nil {
			return &r, fmt.Errorf("bad result: %v", err)
		}
	}
	if hasGames {
		gs, err := decodeGames(games)
		if err != nil {
			return &r, fmt.Errorf("bad result %s: %v", r.ID, err)
		}
		if len(gs) == 0 {
			return &r, fmt.Errorf("bad result %s: an empty list of games", r.ID)
		}
		r.Games = gs
	}
	switch {
	case len(r.Games) > MaxBatchGames || len(r.Outcomes) > MaxBatchGames:
		return &r, fmt.Errorf("bad result %s: more than %d games", r.ID, MaxBatchGames)
	case r.Refused == "" && len(r.Games) == 0 && len(r.Outcomes) == 0:
		return &r, fmt.Errorf("bad result %s: no games and no refusal", r.ID)
	case len(r.Refused) > maxSpec:
		return &r, fmt.Errorf("bad result %s: a refusal of %d characters", r.ID, len(r.Refused))
	case !(r.Seconds >= 0 && r.Seconds < 1e9):
		return &r, fmt.Errorf("bad result %s: %v seconds", r.ID, r.Seconds)
	}
	return &r, nil
}
