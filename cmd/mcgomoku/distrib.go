package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/spf13/pflag"

	"github.com/mcgomoku/mcgomoku/sim/distrib"
)

// tokenEnv is the environment variable holding the token, which is
// better there than on a command line (which other users can list).
const tokenEnv = "MCGOMOKU_TOKEN"

// connFlags are how a process reaches the NATS server: the flags of
// worker, and of sim and tune over workers.
type connFlags struct {
	server   string
	token    string
	nkeySeed string
	tls      distrib.TLS
}

func (c *connFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&c.server, "server", "", "the NATS server, nats://HOST:4222 (tls://… with TLS)")
	fs.StringVar(&c.token, "token", "", "the server's token (default: $"+tokenEnv+", which other users cannot list as they can a command line)")
	fs.StringVar(&c.nkeySeed, "nkey-seed", "", "file holding this process's NKey seed (nk -gen user), instead of a token")
	fs.StringVar(&c.tls.Cert, "tls-cert", "", "TLS certificate (PEM): the server's with --serve, else this client's")
	fs.StringVar(&c.tls.Key, "tls-key", "", "the TLS certificate's key (PEM)")
	fs.StringVar(&c.tls.CA, "tls-ca", "", "the authority (PEM) that signed the other side's certificate; with --serve, clients must then show one")
}

// auth is the credentials, the token from the environment when no flag
// gives one.
func (c *connFlags) auth() distrib.Auth {
	a := distrib.Auth{Token: c.token, NKeySeed: c.nkeySeed}
	if a.Token == "" && a.NKeySeed == "" {
		a.Token = os.Getenv(tokenEnv)
	}
	return a
}

// distFlags are sim's and tune's flags for playing over workers.
type distFlags struct {
	connFlags
	serve    string
	nkeys    []string
	state    string
	perBatch int
	ackWait  time.Duration
}

// maxAckWait bounds --ack-wait: longer than any batch should play
// without a sign of life.
const maxAckWait = 24 * time.Hour

func (d *distFlags) register(fs *pflag.FlagSet, perBatch int) {
	d.connFlags.register(fs)
	fs.StringVar(&d.serve, "serve", "", "start the NATS server in this process, listening on HOST:PORT (e.g. 0.0.0.0:4222), and play over the workers that join it")
	fs.StringArrayVar(&d.nkeys, "nkey", nil, "with --serve: an NKey user's public key (U…) allowed in, instead of a token (repeatable)")
	fs.StringVar(&d.state, "state", "", "with --serve: the server's store folder (default: beside the run's output, .nats)")
	fs.IntVar(&d.perBatch, "batch-games", perBatch, "with --server or --serve: games sent to a worker at once")
	fs.DurationVar(&d.ackWait, "ack-wait", distrib.DefaultAckWait, "with --server or --serve: how long a worker may go silent before its batch goes to another")
}

// on says whether the games are played over workers.
func (d *distFlags) on() bool { return d.server != "" || d.serve != "" }

// check checks the flags before any work.
func (d *distFlags) check() error {
	switch {
	case d.server != "" && d.serve != "":
		return usagef("--server joins a server and --serve starts one: give one of them")
	case !d.on():
		return nil
	case d.perBatch < 1 || d.perBatch > distrib.MaxBatchGames:
		return usagef("--batch-games %d: want 1..%d", d.perBatch, distrib.MaxBatchGames)
	case d.ackWait < time.Second || d.ackWait > maxAckWait:
		return usagef("--ack-wait %v: want 1s..%v", d.ackWait, maxAckWait)
	case d.serve == "" && len(d.nkeys) > 0:
		return usagef("--nkey lists the keys a server lets in: it goes with --serve")
	}
	a := d.auth()
	if a.Token == "" && a.NKeySeed == "" {
		return usagef("playing over workers needs a token (--token or $%s) or an NKey (--nkey-seed, and the workers' --nkey with --serve)", tokenEnv)
	}
	if len(d.nkeys) > 0 && a.NKeySeed == "" {
		return usagef("--nkey lets workers in by NKey: give this process's own with --nkey-seed")
	}
	return nil
}

// buildVersion is what workers and coordinators compare: the same build
// plays the same games.
func buildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	return strings.TrimPrefix(versionText(bi, ok), "mcgomoku ")
}

// coordination is a run's connection to its workers.
type coordination struct {
	c      *distrib.Coordinator
	srv    *server.Server
	nc     *nats.Conn
	stderr io.Writer
}

// start connects (starting the server first with --serve, its store in
// state unless --state says otherwise) and sets up the run's coordinator.
func (d *distFlags) start(ctx context.Context, e *env, run, state string) (*coordination, error) {
	co := &coordination{stderr: e.stderr}
	a := d.auth()
	cc := distrib.ClientConfig{URL: d.server, Name: "mcgomoku coordinator", Auth: a, TLS: d.tls}
	if d.serve != "" {
		if d.state != "" {
			state = d.state
		}
		if err := os.MkdirAll(state, 0o700); err != nil {
			return nil, err
		}
		sa := distrib.Auth{Token: a.Token, NKeys: d.nkeys}
		if a.NKeySeed != "" {
			pub, err := distrib.PublicKey(a.NKeySeed)
			if err != nil {
				return nil, err
			}
			sa.NKeys = append(sa.NKeys, pub)
		}
		srv, err := distrib.Serve(distrib.ServerConfig{Addr: d.serve, Store: state, Auth: sa, TLS: d.tls})
		if err != nil {
			return nil, err
		}
		co.srv = srv
		cc.InProcess = srv
		fmt.Fprintf(e.stderr, "NATS server listening on %s, store %s: start workers with mcgomoku worker --server %s\n", srv.Addr(), state, workerURL(d.serve, d.tls))
	}
	nc, err := distrib.Connect(cc)
	if err != nil {
		co.close()
		return nil, err
	}
	co.nc = nc
	co.c, err = distrib.NewCoordinator(ctx, nc, distrib.CoordinatorConfig{Run: run, Version: buildVersion(), AckWait: d.ackWait, Log: e.stderr})
	if err != nil {
		co.close()
		return nil, err
	}
	if co.c.Previous > 0 {
		fmt.Fprintf(e.stderr, "run %s: %d results kept from before are used again\n", run, co.c.Previous)
	}
	return co, nil
}

// workerURL is the URL workers join for --serve ADDR.
func workerURL(addr string, t distrib.TLS) string {
	scheme := "nats"
	if t.Cert != "" {
		scheme = "tls"
	}
	host, port, _ := strings.Cut(addr, ":")
	if host == "" || host == "0.0.0.0" || host == "::" || host == "[::]" {
		host = "HOST"
	}
	return scheme + "://" + host + ":" + port
}

// finish removes the run's messages once its output is written, and
// reports the workers.
func (co *coordination) finish(ctx context.Context) {
	if err := co.c.Finish(ctx); err != nil {
		fmt.Fprintf(co.stderr, "warning: clearing the run's messages: %v\n", err)
	}
}

// report prints what each worker did.
func (co *coordination) report(w io.Writer) {
	r := co.c.Report()
	for _, ws := range r.Workers {
		fmt.Fprintf(w, "worker %s: %d games in %d batches, %.1f games/s", ws.Name, ws.Games, ws.Batches, ws.GamesPerSecond())
		if ws.Bad > 0 {
			fmt.Fprintf(w, ", %d results refused", ws.Bad)
		}
		fmt.Fprintln(w)
	}
	c := r.Counts
	if c.Reused+c.Duplicates+c.Refusals+c.Bad > 0 {
		fmt.Fprintf(w, "batches: %d sent, %d answered by results kept from before, %d late duplicates ignored, %d refused by workers, %d bad results refused (%d batches sent again)\n",
			c.Batches, c.Reused, c.Duplicates, c.Refusals, c.Bad, c.Resent)
	}
}

func (co *coordination) close() {
	if co.c != nil {
		co.c.Close()
	}
	if co.nc != nil {
		co.nc.Drain()
		co.nc.Close()
	}
	if co.srv != nil {
		co.srv.Shutdown()
		co.srv.WaitForShutdown()
	}
}

// progress is the workers part of a progress line.
func (co *coordination) progress() string {
	if co == nil {
		return ""
	}
	s := co.c.Status()
	return fmt.Sprintf(" | %d workers %.0f games/s", s.Connected, s.Rate)
}
