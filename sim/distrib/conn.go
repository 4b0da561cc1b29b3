package distrib

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"
)

// Auth is who may connect: a shared token, or the holders of NKeys.
// Exactly one is required; nothing here is ever printed.
type Auth struct {
	Token string
	// NKeySeed is the file holding this process's NKey seed (a client's
	// identity); NKeys are the public keys a server lets in.
	NKeySeed string
	NKeys    []string
}

// TLS is the certificates a connection uses: a server's certificate and
// key, or a client's (optional), and the authority that signed the other
// side's (for a server, requiring client certificates).
type TLS struct {
	Cert, Key, CA string
}

func (t TLS) set() bool { return t.Cert != "" || t.Key != "" || t.CA != "" }

// config builds a tls.Config; server says which side.
func (t TLS) config(server bool) (*tls.Config, error) {
	c := &tls.Config{MinVersion: tls.VersionTLS12}
	if (t.Cert == "") != (t.Key == "") {
		return nil, errors.New("TLS: give a certificate and its key together")
	}
	if t.Cert != "" {
		pair, err := tls.LoadX509KeyPair(t.Cert, t.Key)
		if err != nil {
			return nil, fmt.Errorf("TLS: %w", err)
		}
		c.Certificates = []tls.Certificate{pair}
	} else if server {
		return nil, errors.New("TLS: a server needs a certificate and its key")
	}
	if t.CA != "" {
		pem, err := os.ReadFile(t.CA)
		if err != nil {
			return nil, fmt.Errorf("TLS: %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("TLS: %s holds no PEM certificate", t.CA)
		}
		if server {
			c.ClientCAs = pool
			c.ClientAuth = tls.RequireAndVerifyClientCert
		} else {
			c.RootCAs = pool
		}
	}
	return c, nil
}

// ServerConfig is an embedded NATS server's: where it listens, where
// JetStream keeps its streams, and who may connect.
type ServerConfig struct {
	Addr  string // host:port
	Store string // a folder
	Auth  Auth
	TLS   TLS
}

// Serve starts an embedded NATS server with JetStream, for a coordinator
// that is the whole set-up with workers on other machines. It refuses to
// start without a token or NKeys.
func Serve(cfg ServerConfig) (*server.Server, error) {
	host, portText, err := net.SplitHostPort(cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("--serve %q: want HOST:PORT, e.g. 0.0.0.0:4222: %v", cfg.Addr, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 0 || port > 65535 {
		return nil, fmt.Errorf("--serve %q: port %q is not 0..65535", cfg.Addr, portText)
	}
	opts := &server.Options{Host: host, Port: port, JetStream: true, StoreDir: cfg.Store,
		NoLog: true, NoSigs: true, MaxPayload: MaxMessage + 64<<10, ServerName: "mcgomoku"}
	switch a := cfg.Auth; {
	case a.Token != "" && len(a.NKeys) > 0:
		return nil, errors.New("give a token or NKeys, not both")
	case a.Token != "":
		opts.Authorization = a.Token
	case len(a.NKeys) > 0:
		for _, k := range a.NKeys {
			if !nkeys.IsValidPublicUserKey(k) {
				return nil, fmt.Errorf("%q is not an NKey user's public key (U…)", k)
			}
			opts.Nkeys = append(opts.Nkeys, &server.NkeyUser{Nkey: k})
		}
	default:
		return nil, errors.New("the server needs a token (--token or MCGOMOKU_TOKEN) or NKeys (--nkey): it would let anyone in")
	}
	if cfg.TLS.set() {
		if opts.TLSConfig, err = cfg.TLS.config(true); err != nil {
			return nil, err
		}
		opts.TLSVerify = cfg.TLS.CA != ""
		opts.TLSTimeout = 5
	}
	s, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("starting the NATS server: %w", err)
	}
	go s.Start()
	if !s.ReadyForConnections(30 * time.Second) {
		s.Shutdown()
		return nil, fmt.Errorf("the NATS server on %s did not start (is the port taken?)", cfg.Addr)
	}
	return s, nil
}

// ClientConfig is how a coordinator or worker connects.
type ClientConfig struct {
	URL  string // nats://HOST:PORT or tls://HOST:PORT
	Name string
	Auth Auth
	TLS  TLS
	// InProcess connects to an embedded server without the network.
	InProcess *server.Server
	// Wait keeps trying while the server is not up yet (a worker started
	// before its coordinator).
	Wait bool
}

// Connect connects to the server, authenticated. Errors never carry the
// token.
func Connect(cfg ClientConfig) (*nats.Conn, error) {
	opts := []nats.Option{nats.Name(cfg.Name), nats.MaxReconnects(-1), nats.ReconnectWait(200 * time.Millisecond),
		nats.Timeout(10 * time.Second)}
	switch {
	case cfg.Auth.Token != "":
		opts = append(opts, nats.Token(cfg.Auth.Token))
	case cfg.Auth.NKeySeed != "":
		o, err := nats.NkeyOptionFromSeed(cfg.Auth.NKeySeed)
		if err != nil {
			return nil, fmt.Errorf("--nkey-seed: %v", err)
		}
		opts = append(opts, o)
	}
	if cfg.Wait {
		opts = append(opts, nats.RetryOnFailedConnect(true))
	}
	if cfg.InProcess != nil {
		opts = append(opts, nats.InProcessServer(cfg.InProcess))
	} else if cfg.TLS.set() {
		c, err := cfg.TLS.config(false)
		if err != nil {
			return nil, err
		}
		opts = append(opts, nats.Secure(c))
	}
	url := cfg.URL
	if cfg.InProcess != nil {
		url = cfg.InProcess.ClientURL()
	}
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		if errors.Is(err, nats.ErrAuthorization) {
			return nil, fmt.Errorf("%s refused this connection: wrong or missing token or NKey", url)
		}
		return nil, fmt.Errorf("connecting to %s: %w", url, err)
	}
	return nc, nil
}

// The streams: batches wait in a stream that the workers share one
// consumer of, each batch delivered to one worker until it acknowledges
// it; results stay (a coordinator that restarts reads its run's back).
// Both keep their messages until the run ends (Coordinator.Finish) or
// they age out. The batches' stream is not a work queue, which removes
// a batch once acknowledged: on a queue that is mostly empty, as a
// greedy tune's is, removing the last message of the store's block
// deletes the block's file and makes a new one, and that was half the
// CPU of a batch's round trip (BenchmarkRoundTrip: 1.1 ms to 0.6 ms).
// Its name and subjects are not the work queue's of protocol 1, whose
// stream a server may still hold.
const (
	batchStream  = "MCGOMOKU_WORK"
	resultStream = "MCGOMOKU_RESULTS"
	setupBucket  = "MCGOMOKU_SETUPS" // runs' settings by digest (Batch.Setup)
	workers      = "workers"         // the workers' shared consumer of batches
	helloSubject = "mcgomoku.hello"
	resultsKept  = 14 * 24 * time.Hour
	dedupeWindow = 10 * time.Minute
)

func batchSubject(run string) string  { return "mcgomoku.work." + run }
func resultSubject(run string) string { return "mcgomoku.result." + run }

// DefaultAckWait is how long a batch may go without a sign of life from
// its worker (which sends one every third of it) before it goes to
// another.
const DefaultAckWait = 30 * time.Second

// ensureStreams makes the streams, the setups bucket and the workers'
// consumer, or updates them to these settings.
func ensureStreams(ctx context.Context, js jetstream.JetStream, ackWait time.Duration) error {
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: batchStream, Subjects: []string{batchSubject("*")},
		Retention: jetstream.LimitsPolicy, Storage: jetstream.FileStorage, Duplicates: dedupeWindow, MaxAge: resultsKept,
		MaxMsgSize: MaxMessage}); err != nil {
		return fmt.Errorf("making the batch stream: %w", err)
	}
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: resultStream, Subjects: []string{"mcgomoku.result.*"},
		Retention: jetstream.LimitsPolicy, Storage: jetstream.FileStorage, Duplicates: dedupeWindow, MaxAge: resultsKept,
		MaxMsgSize: MaxMessage}); err != nil {
		return fmt.Errorf("making the result stream: %w", err)
	}
	if _, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: setupBucket, TTL: resultsKept,
		MaxValueSize: MaxMessage, Storage: jetstream.FileStorage}); err != nil {
		return fmt.Errorf("making the setups bucket: %w", err)
	}
	if _, err := js.CreateOrUpdateConsumer(ctx, batchStream, jetstream.ConsumerConfig{Durable: workers,
		AckPolicy: jetstream.AckExplicitPolicy, AckWait: ackWait, MaxDeliver: -1, MaxAckPending: 10_000,
		MaxWaiting: 4096}); err != nil {
		return fmt.Errorf("making the workers' consumer: %w", err)
	}
	return nil
}

// PublicKey is the public key of the NKey seed in a file, for a server
// that lets its holder in.
func PublicKey(seedFile string) (string, error) {
	data, err := os.ReadFile(seedFile)
	if err != nil {
		return "", fmt.Errorf("--nkey-seed: %w", err)
	}
	kp, err := nkeys.ParseDecoratedNKey(data)
	if err != nil {
		return "", fmt.Errorf("--nkey-seed %s: not an NKey seed", seedFile)
	}
	defer kp.Wipe()
	return kp.PublicKey()
}
