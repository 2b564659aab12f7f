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
	"slices"
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
// its path. Each source tree has its own place (ServeBuildDir), so a server
// started from one checkout never runs the binary another checkout built a
// moment before; after a build, PruneServeBuilds removes the builds of the
// trees least recently used, so that the cache does not grow by one binary
// (tens of megabytes) with every checkout ever served.
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
	dir := ServeBuildDir(cache, root)
	p, err := BuildServeInto(dir, root, goTool, name, stderr)
	if err != nil {
		return "", err
	}
	PruneServeBuilds(filepath.Dir(dir), dir, name, serveBuildsKept, time.Now(), debugf(stderr))
	return p, nil
}

// BuildServeInto builds ./cmd/ordo-serve of the source tree at root with
// the go command goTool into dir/name, and returns that path. The build
// goes to a fresh directory build-* of dir and is renamed into place, so
// two servers started at once do not run a half-written file. The
// directory is removed whatever happens: when the build fails, and when
// SIGINT or SIGTERM comes during it (Ctrl-C reaches the go command too, as
// the terminal signals the whole foreground job; a signal sent to ordo
// alone is passed on to it): ordo waits for the go command to end, removes
// the directory and then dies of the signal, as it would have without the
// build. Only a kill -9 leaves one behind, which PruneServeBuilds removes
// once it is stale.
func BuildServeInto(dir, root, goTool, name string, stderr io.Writer) (string, error) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	tmp, err := makeBuildTemp(dir)
	if err != nil {
		return "", fmt.Errorf("building it from the source in %s: %v", root, err)
	}
	defer os.RemoveAll(tmp)
	interrupted := func(s os.Signal) error {
		os.RemoveAll(tmp) // dieOf ends the process: no deferred call runs
		if sig, ok := s.(syscall.Signal); ok {
			dieOf(sig)
		}
		return fmt.Errorf("building it from the source in %s: interrupted (%v)", root, s)
	}
	p, out := filepath.Join(dir, name), filepath.Join(tmp, name)
	// The go command leaves an output whose build ID says it is up to date
	// as it is, instead of linking it again (seconds for ordo-serve): so
	// the last build starts as the output, a copy, never the file a running
	// server may be executing. Every command but odds, help and version
	// comes here when run from the source tree (go run ./cmd/ordo play).
	copyFile(out, p)
	if s := pendingSignal(sigs); s != nil {
		return "", interrupted(s)
	}
	fmt.Fprintf(stderr, "ordo: building %s from the source in %s\n", ServeBinary, root)
	c := exec.Command(goTool, "build", "-o", out, "./cmd/"+ServeBinary)
	c.Dir = root
	c.Stdout, c.Stderr = stderr, stderr
	if err := c.Start(); err != nil {
		return "", fmt.Errorf("'go build ./cmd/%s' in %s failed: %v", ServeBinary, root, err)
	}
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	select {
	case err = <-done:
	case s := <-sigs:
		if c.Process.Signal(s) != nil {
			c.Process.Kill()
		}
		// A second signal, or BuildStopWait, and the go command is killed:
		// a user pressing Ctrl-C again wants ordo gone now.
		select {
		case <-done:
		case <-sigs:
			c.Process.Kill()
			<-done
		case <-time.After(BuildStopWait):
			c.Process.Kill()
			<-done
		}
		return "", interrupted(s)
	}
	if err != nil {
		return "", fmt.Errorf("'go build ./cmd/%s' in %s failed: %v", ServeBinary, root, err)
	}
	if err := os.Rename(out, p); err != nil {
		return "", fmt.Errorf("building it from the source in %s: %v", root, err)
	}
	if s := pendingSignal(sigs); s != nil { // the build is kept, the command is not run
		return "", interrupted(s)
	}
	return p, nil
}

// BuildStopWait is how long BuildServeInto waits for the go command to
// end after passing it a signal, before killing it; a second signal kills
// it at once. A variable only so that a test can make it long.
var BuildStopWait = 10 * time.Second

// pendingSignal is a signal already received on sigs, or nil.
func pendingSignal(sigs <-chan os.Signal) os.Signal {
	select {
	case s := <-sigs:
		return s
	default:
		return nil
	}
}

// makeBuildTemp makes dir and a fresh build-* directory in it. It tries
// twice: another ordo's PruneServeBuilds may remove dir, unused for an
// hour, between the two steps.
func makeBuildTemp(dir string) (tmp string, err error) {
	for range 2 {
		if err = os.MkdirAll(dir, 0o755); err != nil {
			return "", err
		}
		if tmp, err = os.MkdirTemp(dir, BuildTempPrefix); err == nil || !errors.Is(err, os.ErrNotExist) {
			return tmp, err
		}
	}
	return "", err
}

// The bounds of the cache of ordo-serve builds (PruneServeBuilds).
const (
	// serveBuildsKept is how many source trees' builds are kept: the
	// most recently used.
	serveBuildsKept = 3
	// staleBuildAge is the age past which a build-* directory is left
	// over from a killed ordo rather than a build in progress (a cold
	// build takes minutes), and past which a tree's build may be in use
	// no more: a tree built within it is kept, whatever the count.
	staleBuildAge = time.Hour
	// BuildTempPrefix starts the name of BuildServeInto's directories.
	BuildTempPrefix = "build-"
)

// PruneServeBuilds keeps the cache of ordo-serve builds bounded: in
// ordoCache (CACHE/ordo, which holds one directory per source tree, named
// by ServeBuildDir's hash), it removes the builds of every tree but the
// keep most recently used, the current one (the directory just built
// into) and those used within staleBuildAge (another ordo may be about to
// run its build, or be building there); and in the trees it keeps, the
// build-* directories older than staleBuildAge, left by an ordo killed
// mid-build; and, in ordoCache itself, the binary and build-* directories
// an ordo from before the per-tree places left there, once older than
// staleBuildAge. It touches only what BuildServeInto makes (or made):
// directories named like ServeBuildDir's hash, and in them and in
// ordoCache the binary name and build-* directories; a tree's directory is
// removed only once empty, so anything else in the cache stays. Errors
// never fail the command: they go to logf.
func PruneServeBuilds(ordoCache, current, name string, keep int, now time.Time, logf func(format string, args ...any)) {
	entries, err := os.ReadDir(ordoCache)
	if err != nil {
		logf("reading the build cache %s: %v", ordoCache, err)
		return
	}
	type tree struct {
		dir   string
		used  time.Time // the newest of its build and build-* directories
		temps []string  // its build-* directories
		stale []string  // those older than staleBuildAge
	}
	var trees []tree
	var legacy []string
	for _, e := range entries {
		path := filepath.Join(ordoCache, e.Name())
		switch {
		case e.Name() == name && e.Type().IsRegular():
			// The one build of an ordo from before the per-tree places,
			// and its build-* directories: stale once unused for an hour.
			if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > staleBuildAge {
				legacy = append(legacy, path)
			}
			continue
		case strings.HasPrefix(e.Name(), BuildTempPrefix) && e.IsDir():
			if now.Sub(tempTime(path, name)) > staleBuildAge {
				legacy = append(legacy, path)
			}
			continue
		case !e.IsDir() || !IsBuildHash(e.Name()): // IsDir: never through a symbolic link
			continue
		}
		t := tree{dir: filepath.Join(ordoCache, e.Name())}
		inside, err := os.ReadDir(t.dir)
		if err != nil {
			logf("reading the build cache %s: %v", t.dir, err)
			continue
		}
		for _, f := range inside {
			switch {
			case f.Name() == name && f.Type().IsRegular():
				if fi, err := f.Info(); err == nil {
					t.used = later(t.used, fi.ModTime())
				}
			case strings.HasPrefix(f.Name(), BuildTempPrefix) && f.IsDir():
				tmp := filepath.Join(t.dir, f.Name())
				age := tempTime(tmp, name)
				t.used = later(t.used, age)
				if now.Sub(age) > staleBuildAge {
					t.stale = append(t.stale, tmp)
				}
				t.temps = append(t.temps, tmp)
			}
		}
		if t.used.IsZero() { // neither a build nor a build-*: the directory's own time
			if fi, err := e.Info(); err == nil {
				t.used = fi.ModTime()
			}
		}
		trees = append(trees, t)
	}
	// Most recently used first; the names break ties, so that the same
	// cache is pruned the same way.
	slices.SortFunc(trees, func(a, b tree) int {
		if c := b.used.Compare(a.used); c != 0 {
			return c
		}
		return strings.Compare(a.dir, b.dir)
	})
	remove := func(path string, all bool) {
		rm := os.Remove
		if all {
			rm = os.RemoveAll
		}
		if err := rm(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			logf("cleaning the build cache: %v", err)
		}
	}
	for _, path := range legacy {
		remove(path, true)
	}
	for i, t := range trees {
		// A build-* directory in progress counts as a use: a tree being
		// built is kept.
		if i < keep || t.dir == current || now.Sub(t.used) <= staleBuildAge {
			for _, tmp := range t.stale {
				remove(tmp, true)
			}
			continue
		}
		for _, tmp := range t.temps {
			remove(tmp, true)
		}
		remove(filepath.Join(t.dir, name), false)
		remove(t.dir, false) // fails, and stays, if it holds anything else
	}
}

// IsBuildHash reports whether name is one ServeBuildDir makes: the hex
// digits of a 64-bit hash.
func IsBuildHash(name string) bool {
	if len(name) != 16 {
		return false
	}
	for _, r := range name {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f') {
			return false
		}
	}
	return true
}

// tempTime is when the build-* directory tmp was last written: its own
// time or its binary's, whichever is later (a link writes the binary for
// a while after the directory last changed).
func tempTime(tmp, name string) time.Time {
	var t time.Time
	if fi, err := os.Stat(tmp); err == nil {
		t = fi.ModTime()
	}
	if fi, err := os.Stat(filepath.Join(tmp, name)); err == nil {
		t = later(t, fi.ModTime())
	}
	return t
}

// later is the later of a and b.
func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// debugf is where the cache's housekeeping reports what it could not do:
// nowhere, unless the environment variable ORDO_DEBUG is set (then a line
// on stderr). Nothing of it fails a command. The front links no log/slog
// (TestOrdoLinksOnlyTheFront), so this is its one debug knob.
func debugf(stderr io.Writer) func(format string, args ...any) {
	if os.Getenv("ORDO_DEBUG") == "" {
		return func(string, ...any) {}
	}
	return func(format string, args ...any) {
		fmt.Fprintf(stderr, "ordo: debug: "+format+"\n", args...)
	}
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

// ServeBuildDir is where buildServeBinary puts the ordo-serve it builds
// from the source tree at root: a directory of the cache of its own per
// tree, named by a hash of the tree's path.
func ServeBuildDir(cache, root string) string {
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
