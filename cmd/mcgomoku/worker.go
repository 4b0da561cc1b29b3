package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime"

	"github.com/spf13/pflag"

	"github.com/mcgomoku/mcgomoku/sim/distrib"
)

// workerHold is the worker's Hold (set by tests only).
var workerHold func(id string)

// workerOptions are the flags of "mcgomoku worker".
type workerOptions struct {
	conn         connFlags
	jobs         int
	name         string
	allowEngines bool
	profile      profileFlags
}

func init() {
	register(&command{
		name:    "worker",
		summary: "play the games of sim and tune runs over NATS, for a coordinator on this or another machine",
		usage: `--server nats://HOST:4222 [--token T | --nkey-seed FILE] [--jobs K] [--allow-engines] [--cpuprofile FILE]

Joins the server and plays the batches of games that sim and tune runs
started with --server or --serve send, until stopped. Ctrl-C hands the
batches being played back to the queue at once, for another worker; a
worker that dies is noticed after --ack-wait and its batches go to
others. The token is read from $MCGOMOKU_TOKEN when --token is not given.
Batches naming pbrain: engines (programs on this machine) are refused
unless --allow-engines is given.`,
		flags: func(fs *pflag.FlagSet) func(e *env, args []string) error {
			o := &workerOptions{}
			o.conn.register(fs)
			fs.IntVar(&o.jobs, "jobs", 0, "batches played at once (default: the number of cores)")
			fs.StringVar(&o.name, "name", "", "this worker's name in the coordinator's report (default: host-pid)")
			fs.BoolVar(&o.allowEngines, "allow-engines", false, "play batches that run pbrain: engines, programs on this machine named by whoever sends batches")
			o.profile.register(fs)
			return o.profile.wrap(func(e *env, args []string) error { return o.run(e, args, fs) })
		},
	})
}

func (o *workerOptions) run(e *env, args []string, fs *pflag.FlagSet) error {
	switch {
	case len(args) > 0:
		return usagef("unexpected arguments %q", args)
	case o.conn.server == "":
		return usagef("--server is required, e.g. --server nats://HOST:4222")
	case fs.Changed("jobs") && (o.jobs < 1 || o.jobs > maxJobs):
		return usagef("--jobs %d: want 1..%d batches at once", o.jobs, maxJobs)
	}
	a := o.conn.auth()
	if a.Token == "" && a.NKeySeed == "" {
		return usagef("a worker needs the server's token (--token or $%s) or an NKey (--nkey-seed)", tokenEnv)
	}
	if o.jobs == 0 {
		o.jobs = runtime.GOMAXPROCS(0)
	}
	if o.name == "" {
		host, _ := os.Hostname()
		o.name = fmt.Sprintf("%s-%d", host, os.Getpid())
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	nc, err := distrib.Connect(distrib.ClientConfig{URL: o.conn.server, Name: "mcgomoku worker " + o.name, Auth: a, TLS: o.conn.tls, Wait: true})
	if err != nil {
		return err
	}
	defer nc.Close()
	w, err := distrib.NewWorker(nc, distrib.WorkerConfig{Name: o.name, Version: buildVersion(), Jobs: o.jobs,
		AllowEngines: o.allowEngines, Log: e.stderr, Hold: workerHold})
	if err != nil {
		return usagef("--name: %v", err)
	}
	fmt.Fprintf(e.stderr, "worker %s on %s, playing %d batches at once\n", o.name, o.conn.server, o.jobs)
	err = w.Run(ctx)
	c := w.Counts()
	fmt.Fprintf(e.stderr, "worker %s: %d games in %d batches, %d batches refused, %d handed back\n", o.name, c.Games, c.Batches, c.Refused, c.HandedBack)
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return errInterrupted
	}
	return nil
}
