package cli

import (
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"
)

// ServeUsage is the help of ordo serve.
const ServeUsage = `usage: ordo serve [--addr HOST:PORT] [--db FILE [--sync-full] | --postgres URL]
                  [--max-live N] [--idle DURATION] [--finished DURATION]
                  [--max-feeds N] [--max-feeds-per-match N]
       ordo-serve [the same flags]

Serves matches over HTTP and WebSocket (docs/API.md): players create a match
from a bundled scenario or their own, act with their seat's token, and
spectators watch. Matches are kept in a SQLite file, created with its schema on
first start (or in PostgreSQL, whose schema is migrated at start); an action
is acknowledged only once it is committed there. Logs go
to stderr. SIGINT or SIGTERM stops the server gracefully: requests in flight
finish first.

The server is the binary ordo-serve (in the source tree, 'go install ./cmd/...'
installs it beside ordo), which ordo starts: the one beside ordo, else (in the
Ordo source tree) one it builds from the tree, else the one on PATH. ordo
itself links no server and no rules engine, so that 'ordo odds' starts at
once.

Flags:
  --addr HOST:PORT   where to listen (default 127.0.0.1:8080)
  --db FILE          the SQLite file (default ./ordo.db)
  --sync-full        wait for the disk on every commit (survives power loss,
                     not only a crash of the server; slower)
  --postgres URL     keep matches in PostgreSQL instead (default: the
                     environment variable ORDO_DATABASE_URL, if set); several
                     servers may share one database and serve the same matches
  --max-live N       matches kept in memory at most (default 10000; the least
                     recently used leaves first); a match not in memory is
                     rebuilt from the store by replay on its next request
  --idle DURATION    a match in play leaves memory after this long without a
                     request (default 30m)
  --finished DURATION
                     a finished match leaves memory after this long without a
                     request (default 1m)
  --max-feeds N      WebSocket feeds open at most, over all matches (default
                     4096); each keeps its match in memory, so past it a new
                     feed is refused (429, too-many-feeds)
  --max-feeds-per-match N
                     WebSocket feeds on one match at most (default 64)

Example:
  ordo serve &
  curl -s -X POST localhost:8080/api/matches -d '{"scenario":"duel"}'
`

// ServeConfig is what the flags of ordo serve say.
type ServeConfig struct {
	Addr     string
	DB       string
	SyncFull bool
	Postgres string
	Memory   Memory
}

// Memory is match.Memory, field for field, so that the full binary converts
// one to the other (match.Memory(cfg.Memory)) and a field added to one
// without the other does not compile: the front does not link the match
// authority.
type Memory struct {
	MaxLive          int
	Idle             time.Duration
	Finished         time.Duration
	MaxFeeds         int
	MaxFeedsPerMatch int
}

// The match authority's defaults for the memory flags (package full's tests
// check they are match's DefaultMaxLive and the others).
const (
	DefaultMaxLive          = 10000
	DefaultIdle             = 30 * time.Minute
	DefaultFinished         = time.Minute
	DefaultMaxFeeds         = 4096
	DefaultMaxFeedsPerMatch = 64
)

// runServe parses and checks the flags of ordo serve, so that a bad one is
// answered at once, then runs serve with them, or ordo-serve with the same
// words when serve is nil.
func runServe(serve func(ServeConfig, io.Writer, io.Writer) int, args []string, stdout, stderr io.Writer) int {
	fs := NewFlagSet("ordo serve")
	var cfg ServeConfig
	fs.StringVar(&cfg.Addr, "addr", "127.0.0.1:8080", "")
	fs.StringVar(&cfg.DB, "db", "ordo.db", "")
	fs.BoolVar(&cfg.SyncFull, "sync-full", false, "")
	fs.StringVar(&cfg.Postgres, "postgres", os.Getenv("ORDO_DATABASE_URL"), "")
	fs.IntVar(&cfg.Memory.MaxLive, "max-live", DefaultMaxLive, "")
	fs.DurationVar(&cfg.Memory.Idle, "idle", DefaultIdle, "")
	fs.DurationVar(&cfg.Memory.Finished, "finished", DefaultFinished, "")
	fs.IntVar(&cfg.Memory.MaxFeeds, "max-feeds", DefaultMaxFeeds, "")
	fs.IntVar(&cfg.Memory.MaxFeedsPerMatch, "max-feeds-per-match", DefaultMaxFeedsPerMatch, "")
	pos, err := ParseFlags(fs, args)
	if err != nil {
		return FlagError(err, "ordo serve", ServeUsage, stdout, stderr)
	}
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "ordo serve: unexpected arguments %q (see ordo serve --help)\n", pos)
		return 2
	}
	if cfg.Memory.MaxLive < 1 || cfg.Memory.Idle <= 0 || cfg.Memory.Finished <= 0 || cfg.Memory.MaxFeeds < 1 || cfg.Memory.MaxFeedsPerMatch < 1 {
		fmt.Fprintf(stderr, "ordo serve: --max-live, --max-feeds and --max-feeds-per-match must be 1 or more, --idle and --finished longer than 0 (see ordo serve --help)\n")
		return 2
	}
	if serve == nil {
		return RunServeBinary("serve", args, stdout, stderr)
	}
	return serve(cfg, stdout, stderr)
}

// findServeBinary is the path of ordo-serve. In order:
//
//   - beside this executable: both installed together (go install
//     ./cmd/...), so of the same version;
//   - built from the Ordo source tree the working directory is in
//     (buildServeBinary), when the go command is on PATH: `go run ./cmd/ordo
//     serve` in a checkout serves that checkout's code, even where an older
//     ordo-serve is on PATH (once the go command's cache is warm, a rebuild
//     of unchanged sources takes a moment);
//   - on PATH;
//   - else an error that says how to get it.
func findServeBinary(stderr io.Writer) (string, error) {
	name := ServeBinary
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if exe, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(exe), name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, nil
		}
	}
	if _, err := sourceRoot(); err == nil {
		if _, err := exec.LookPath("go"); err == nil {
			p, err := buildServeBinary(name, stderr)
			if err != nil {
				// Not the one on PATH instead: it may be of another version.
				return "", fmt.Errorf("this needs %s, built from the Ordo source tree the working directory is in, and %v", ServeBinary, err)
			}
			return p, nil
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	p, err := buildServeBinary(name, stderr)
	if err == nil {
		return p, nil
	}
	// The hint names the source tree: outside it (where this error is
	// mostly met) a bare 'go install ./cmd/ordo-serve' finds no package.
	return "", fmt.Errorf("this needs %s, the binary that links the rules engines, the server and the network (ordo links none of them, to start fast); "+
		"it is neither beside this executable nor on PATH, and %v: in the Ordo source tree, install both with 'go install ./cmd/...' (%s beside ordo, of one version), or run 'go run ./cmd/%s' there",
		ServeBinary, err, ServeBinary, ServeBinary)
}

// modulePath is the Go module the ordo source tree declares.
const modulePath = "github.com/ordo-rules/ordo"

// buildServeBinary builds ordo-serve with the go command from the Ordo
// source tree that holds the working directory, into the user's cache
// directory (os.UserCacheDir, else the temporary directory), and returns
// its path. The build goes to a fresh directory and is renamed into place,
// so two servers started at once do not run a half-written file; each
// source tree has its own place (serveBuildDir), so a server started from
// one checkout never runs the binary another checkout built a moment
// before. The go command's own cache makes a rebuild of unchanged sources
// quick.
func buildServeBinary(name string, stderr io.Writer) (string, error) {
	root, err := sourceRoot()
	if err != nil {
		return "", err
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		return "", fmt.Errorf("the go command is not on PATH to build it from the source in %s", root)
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := serveBuildDir(cache, root)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("building it from the source in %s: %v", root, err)
	}
	tmp, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return "", fmt.Errorf("building it from the source in %s: %v", root, err)
	}
	defer os.RemoveAll(tmp)
	p, out := filepath.Join(dir, name), filepath.Join(tmp, name)
	// The go command leaves an output whose build ID says it is up to date
	// as it is, instead of linking it again (seconds for ordo-serve): so
	// the last build starts as the output, a copy, never the file a running
	// server may be executing. Every command but odds, help and version
	// comes here when run from the source tree (go run ./cmd/ordo play).
	copyFile(out, p)
	fmt.Fprintf(stderr, "ordo: building %s from the source in %s\n", ServeBinary, root)
	c := exec.Command(goTool, "build", "-o", out, "./cmd/"+ServeBinary)
	c.Dir = root
	c.Stdout, c.Stderr = stderr, stderr
	if err := c.Run(); err != nil {
		return "", fmt.Errorf("'go build ./cmd/%s' in %s failed: %v", ServeBinary, root, err)
	}
	if err := os.Rename(out, p); err != nil {
		return "", fmt.Errorf("building it from the source in %s: %v", root, err)
	}
	return p, nil
}

// copyFile copies the executable src to dst, if src exists; a failure
// only leaves dst incomplete or missing, which the go command then
// rebuilds.
func copyFile(dst, src string) {
	in, err := os.Open(src)
	if err != nil {
		return
	}
	defer in.Close()
	o, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return
	}
	if _, err := io.Copy(o, in); err != nil {
		o.Close()
		os.Remove(dst)
		return
	}
	if err := o.Close(); err != nil {
		os.Remove(dst)
	}
}

// serveBuildDir is where buildServeBinary puts the ordo-serve it builds
// from the source tree at root: a directory of the cache of its own per
// tree, named by a hash of the tree's path.
func serveBuildDir(cache, root string) string {
	// Not a cryptographic hash: it only keeps two trees apart, and
	// crypto/sha256 would add its initialisation to every ordo start.
	h := fnv.New64a()
	h.Write([]byte(root))
	return filepath.Join(cache, "ordo", hex.EncodeToString(h.Sum(nil)))
}

// sourceRoot is the directory of the go.mod declaring modulePath that
// holds the working directory (or the working directory itself).
func sourceRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("the working directory is unknown (%v)", err)
	}
	for dir := wd; ; {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil {
			if declaresModule(b, modulePath) {
				return dir, nil
			}
			break // another module: not an Ordo source tree
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return "", fmt.Errorf("the working directory %s is not in the Ordo source tree to build it from", wd)
}

// declaresModule reports whether the go.mod text declares module path.
func declaresModule(gomod []byte, path string) bool {
	for line := range strings.Lines(string(gomod)) {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`) == path
		}
	}
	return false
}

// RunServeBinary runs `ordo-serve cmd args...` with this process's
// standard input and the given outputs, passes it SIGINT and SIGTERM, and
// returns its exit status: how a binary runs a command it does not link.
func RunServeBinary(cmd string, args []string, stdout, stderr io.Writer) int {
	path, err := findServeBinary(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "ordo %s: %v\n", cmd, err)
		return 2
	}
	c := exec.Command(path, append([]string{cmd}, args...)...)
	c.Stdin, c.Stdout, c.Stderr = os.Stdin, stdout, stderr
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	if err := c.Start(); err != nil {
		fmt.Fprintf(stderr, "ordo %s: %v\n", cmd, err)
		return 2
	}
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			select {
			case s := <-sigs:
				c.Process.Signal(s) // the server shuts down gracefully
			case <-done:
				return
			}
		}
	}()
	err = c.Wait()
	if ee, ok := errors.AsType[*exec.ExitError](err); ok {
		if code := ee.ExitCode(); code >= 0 {
			return code
		}
		// Killed by a signal: die of an interrupt or a termination too,
		// else exit as a shell reports it, 128+N. A broken pipe (ordo
		// rules | head), an interrupt or a termination is what would have
		// ended ordo itself had it run the command: no message.
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			switch sig := ws.Signal(); sig {
			case syscall.SIGINT, syscall.SIGTERM:
				// Dies of it, as ordo did when it ran the command itself:
				// a shell tells a command killed by SIGINT from one that
				// exited 130, and goes on with a script's loop after the
				// latter (Ctrl-C would end only one 'ordo play' of many).
				dieOf(sig)
				return 128 + int(sig)
			case syscall.SIGPIPE:
				// The Go runtime ignores a SIGPIPE sent to itself: the
				// status only.
				return 128 + int(sig)
			default:
				fmt.Fprintf(stderr, "ordo %s: %s: %v\n", cmd, ServeBinary, err)
				return 128 + int(sig)
			}
		}
		fmt.Fprintf(stderr, "ordo %s: %s: %v\n", cmd, ServeBinary, err)
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "ordo %s: %v\n", cmd, err)
		return 2
	}
	return 0
}
