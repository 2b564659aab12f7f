package full

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/internal/cli"
)

// The test binary stands in for the go command and for ordo itself when
// ORDO_TEST_CLI_ROLE says so (see fakeGo and buildHelper).
func TestMain(m *testing.M) {
	switch os.Getenv("ORDO_TEST_CLI_ROLE") {
	case "go":
		fakeGo()
	case "build":
		buildHelper()
	}
	os.Exit(m.Run())
}

// fakeGo is the go command as cli.BuildServeInto runs it ("build -o OUT
// ./cmd/ordo-serve"). It writes a partial OUT, as a link cut short leaves,
// then, by ORDO_TEST_GO:
//
//   - "fail": says so on stderr and exits 1, as a build with a compile
//     error does;
//   - "interrupt": sends SIGINT to its parent (ordo) alone, as kill -INT
//     does, waits up to 5 s for ordo to pass it on, notes in
//     $ORDO_TEST_GO_NOTE whether it came, and exits 1;
//   - "interrupt-twice": ignores SIGINT, sends it to ordo, and once ordo
//     has passed it on, sends it a second one and waits a minute to be
//     killed (a go command slow to stop, a user pressing Ctrl-C again);
//   - otherwise: writes a whole OUT and exits 0.
func fakeGo() {
	if len(os.Args) != 5 || os.Args[1] != "build" || os.Args[2] != "-o" {
		os.Exit(5)
	}
	out := os.Args[3]
	if err := os.WriteFile(out, []byte("partial"), 0o755); err != nil {
		os.Exit(6)
	}
	switch os.Getenv("ORDO_TEST_GO") {
	case "fail":
		fmt.Fprintln(os.Stderr, "cmd/ordo-serve/main.go:1:1: expected 'package'")
		os.Exit(1)
	case "interrupt":
		sigs := make(chan os.Signal, 1)
		signal.Notify(sigs, os.Interrupt)
		p, _ := os.FindProcess(os.Getppid())
		p.Signal(os.Interrupt)
		note := "not passed on"
		select {
		case s := <-sigs:
			note = "passed on: " + s.String()
		case <-time.After(5 * time.Second):
		}
		os.WriteFile(os.Getenv("ORDO_TEST_GO_NOTE"), []byte(note), 0o644)
		os.Exit(1)
	case "interrupt-twice":
		sigs := make(chan os.Signal, 1)
		signal.Notify(sigs, os.Interrupt)
		p, _ := os.FindProcess(os.Getppid())
		p.Signal(os.Interrupt)
		select {
		case <-sigs:
			p.Signal(os.Interrupt)
		case <-time.After(5 * time.Second):
		}
		time.Sleep(time.Minute)
		os.Exit(1)
	}
	if err := os.WriteFile(out, []byte("whole"), 0o755); err != nil {
		os.Exit(6)
	}
	os.Exit(0)
}

// buildHelper is ordo building ordo-serve into $ORDO_TEST_DIR with this
// binary as the go command, in a process of its own, so that it may die of
// a signal. It exits 0 when the build succeeded, 1 with the error on
// stderr when it did not.
func buildHelper() {
	self, err := os.Executable()
	if err != nil {
		os.Exit(5)
	}
	os.Setenv("ORDO_TEST_CLI_ROLE", "go")
	if os.Getenv("ORDO_TEST_GO") == "interrupt-twice" {
		cli.BuildStopWait = time.Hour // only the second interrupt may end it
	}
	if _, err := cli.BuildServeInto(os.Getenv("ORDO_TEST_DIR"), os.Getenv("ORDO_TEST_DIR"), self, cli.ServeBinary, io.Discard); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(0)
}

// runFakeGo runs cli.BuildServeInto into dir with this test binary as the go
// command, behaving as ORDO_TEST_GO says.
func runFakeGo(t *testing.T, dir, behaviour string) (string, error) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("ORDO_TEST_CLI_ROLE", "go")
	t.Setenv("ORDO_TEST_GO", behaviour)
	return cli.BuildServeInto(dir, t.TempDir(), self, cli.ServeBinary, io.Discard)
}

// temps lists the build-* directories in dir.
func temps(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, cli.BuildTempPrefix+"*"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// A failed build of ordo-serve leaves no build-* directory behind and the
// last good build in place; a good one is renamed into place.
func TestBuildServeIntoFailedBuildLeavesNoTemp(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "0123456789abcdef")
	p, err := runFakeGo(t, dir, "")
	if err != nil || p != filepath.Join(dir, cli.ServeBinary) {
		t.Fatalf("a good build: %q, %v", p, err)
	}
	if left := temps(t, dir); len(left) != 0 {
		t.Errorf("a good build left %q", left)
	}
	if _, err := runFakeGo(t, dir, "fail"); err == nil || !strings.Contains(err.Error(), "'go build ./cmd/ordo-serve'") || !strings.Contains(err.Error(), "failed") {
		t.Errorf("a failing build returned %v; want the go build failure", err)
	}
	if b, err := os.ReadFile(p); err != nil || string(b) != "whole" {
		t.Errorf("after a failed build, the last build holds %q (%v); want it untouched", b, err)
	}
	if left := temps(t, dir); len(left) != 0 {
		t.Errorf("a failed build left %q", left)
	}
}

// setTime sets path's modification time to age before now.
func setTime(t *testing.T, path string, now time.Time, age time.Duration) {
	t.Helper()
	if err := os.Chtimes(path, now.Add(-age), now.Add(-age)); err != nil {
		t.Fatal(err)
	}
}

// cacheTree makes CACHE/ordo/HASH with a build last used age ago.
func cacheTree(t *testing.T, cache, hash string, now time.Time, age time.Duration) string {
	t.Helper()
	dir := filepath.Join(cache, hash)
	agedBinary(t, dir, "build", now, age)
	return dir
}

// cacheTemp makes a build-* directory in dir, holding a partial binary,
// last written age ago.
func cacheTemp(t *testing.T, dir, suffix string, now time.Time, age time.Duration) string {
	t.Helper()
	tmp := filepath.Join(dir, cli.BuildTempPrefix+suffix)
	agedBinary(t, tmp, "partial", now, age)
	setTime(t, tmp, now, age)
	return tmp
}

// agedBinary makes dir and an ordo-serve in it holding content, last
// written age ago.
func agedBinary(t *testing.T, dir, content string, now time.Time, age time.Duration) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, cli.ServeBinary)
	if err := os.WriteFile(bin, []byte(content), 0o755); err != nil {
		t.Fatal(err)
	}
	setTime(t, bin, now, age)
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// The cache of ordo-serve builds stays bounded: cli.PruneServeBuilds keeps the
// builds of the 3 source trees most recently used and the current one;
// removes the others' binaries, stale build-* directories and emptied
// directories; and leaves alone whatever else is in the cache.
func TestPruneServeBuildsKeepsNewestAndCurrent(t *testing.T) {
	cache := t.TempDir()
	now := time.Now()
	day := 24 * time.Hour
	newest := []string{
		cacheTree(t, cache, "1000000000000001", now, 2*time.Hour),
		cacheTree(t, cache, "1000000000000002", now, 3*day),
		cacheTree(t, cache, "1000000000000003", now, 4*day),
	}
	current := cacheTree(t, cache, "1000000000000004", now, 40*day) // its build was up to date
	old := []string{
		cacheTree(t, cache, "1000000000000007", now, 5*day),
		cacheTree(t, cache, "1000000000000008", now, 6*day),
	}
	oldTemp := cacheTemp(t, old[1], "9", now, 7*day) // killed mid-build
	// An old tree that failed to build: no binary, a directory only.
	bare := filepath.Join(cache, "1000000000000009")
	if err := os.Mkdir(bare, 0o755); err != nil {
		t.Fatal(err)
	}
	setTime(t, bare, now, 8*day)
	// An old tree holding a file that is not ours: its build goes, the file
	// and so the directory stay.
	mixed := cacheTree(t, cache, "100000000000000a", now, 9*day)
	if err := os.WriteFile(filepath.Join(mixed, "notes"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Not ours: names that are not a tree's hash, a file named like one, a
	// symbolic link named like one, a build-* file.
	foreign := []string{
		filepath.Join(cache, "README"),
		filepath.Join(cache, "1000000000000ABC"),
		filepath.Join(cache, "100000000000000b"),
		filepath.Join(cache, "other", cli.ServeBinary),
		filepath.Join(cache, "other", cli.BuildTempPrefix+"x", cli.ServeBinary),
		filepath.Join(newest[0], cli.BuildTempPrefix+"file"),
		filepath.Join(t.TempDir(), cli.ServeBinary), // behind the link
	}
	for _, f := range foreign {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("theirs"), 0o644); err != nil {
			t.Fatal(err)
		}
		setTime(t, f, now, 100*day)
	}
	if err := os.Mkdir(filepath.Join(cache, "1000000000000DEF"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(cache, "100000000000000c")
	if err := os.Symlink(filepath.Dir(foreign[len(foreign)-1]), link); err != nil {
		t.Fatal(err)
	}
	// What an ordo from before the per-tree places left in CACHE/ordo
	// itself: its one build and a build-* directory, days old.
	legacyBuild := filepath.Join(cache, cli.ServeBinary)
	if err := os.WriteFile(legacyBuild, []byte("build"), 0o755); err != nil {
		t.Fatal(err)
	}
	setTime(t, legacyBuild, now, 2*day)
	legacyTemp := cacheTemp(t, cache, "7", now, 2*day)
	var logged []string
	logf := func(format string, args ...any) { logged = append(logged, fmt.Sprintf(format, args...)) }

	cli.PruneServeBuilds(cache, current, cli.ServeBinary, 3, now, logf)

	for _, dir := range append(newest, current) {
		if !exists(filepath.Join(dir, cli.ServeBinary)) {
			t.Errorf("the build in %s was removed; want it kept", filepath.Base(dir))
		}
	}
	for _, dir := range append(old, bare) {
		if exists(dir) {
			t.Errorf("%s, an old tree's build, is still there", filepath.Base(dir))
		}
	}
	if exists(oldTemp) {
		t.Errorf("an old tree's stale build-* directory is still there")
	}
	if exists(legacyBuild) || exists(legacyTemp) {
		t.Errorf("the build of an ordo from before the per-tree places: build there %v, build-* there %v; want both gone",
			exists(legacyBuild), exists(legacyTemp))
	}
	if exists(filepath.Join(mixed, cli.ServeBinary)) || !exists(filepath.Join(mixed, "notes")) {
		t.Errorf("in an old tree holding a file not ours: build there %v, the file there %v; want the build gone, the file kept",
			exists(filepath.Join(mixed, cli.ServeBinary)), exists(filepath.Join(mixed, "notes")))
	}
	for _, f := range append(foreign, link, filepath.Join(cache, "1000000000000DEF")) {
		if !exists(f) {
			t.Errorf("%s, not ours, was removed", f)
		}
	}
	// The directory it could not remove is reported, and nothing else.
	if len(logged) != 1 || !strings.Contains(logged[0], mixed) {
		t.Errorf("logged %q; want one line about %s", logged, mixed)
	}
}

// Past the 3 most recently used, cli.PruneServeBuilds still keeps the trees
// used within the hour and those with a build in progress: another ordo
// may be about to run the one, or be building in the other.
func TestPruneServeBuildsKeepsTreesInUse(t *testing.T) {
	cache := t.TempDir()
	now := time.Now()
	var kept []string
	for i, age := range []time.Duration{10, 20, 30, 50} {
		kept = append(kept, cacheTree(t, cache, fmt.Sprintf("300000000000000%d", i), now, age*time.Minute))
	}
	building := cacheTree(t, cache, "3000000000000005", now, 10*24*time.Hour)
	cacheTemp(t, building, "1", now, time.Minute)
	current := cacheTree(t, cache, "3000000000000006", now, 3*time.Hour)
	gone := cacheTree(t, cache, "3000000000000007", now, 2*time.Hour)

	cli.PruneServeBuilds(cache, current, cli.ServeBinary, 3, now, func(format string, args ...any) { t.Errorf(format, args...) })

	for _, dir := range append(kept, building, current) {
		if !exists(filepath.Join(dir, cli.ServeBinary)) {
			t.Errorf("the build in %s was removed; want it kept", filepath.Base(dir))
		}
	}
	if len(temps(t, building)) != 1 {
		t.Errorf("a build in progress was removed")
	}
	if exists(gone) {
		t.Errorf("a tree last used 2 hours ago, not among the 3 most recent, is still there")
	}
}

// In the trees it keeps, cli.PruneServeBuilds removes the build-* directories
// an ordo killed mid-build (kill -9) left, over an hour old, and keeps the
// fresh ones: another ordo may be building there.
func TestPruneServeBuildsSweepsStaleTemps(t *testing.T) {
	cache := t.TempDir()
	now := time.Now()
	current := cacheTree(t, cache, "2000000000000001", now, 0)
	other := cacheTree(t, cache, "2000000000000002", now, 2*time.Hour)
	stale := []string{
		cacheTemp(t, current, "1", now, 61*time.Minute),
		cacheTemp(t, current, "2", now, 30*time.Hour),
		cacheTemp(t, other, "3", now, 2*time.Hour),
	}
	fresh := []string{
		cacheTemp(t, current, "4", now, 59*time.Minute),
		cacheTemp(t, other, "5", now, 0),
	}
	// A build-* directory whose own time is old but whose binary the
	// linker is still writing.
	linking := cacheTemp(t, other, "6", now, 3*time.Hour)
	setTime(t, filepath.Join(linking, cli.ServeBinary), now, time.Second)
	fresh = append(fresh, linking)

	// In CACHE/ordo itself, as an ordo from before the per-tree places
	// builds: its build a moment ago, and one in progress.
	legacyBuild := filepath.Join(cache, cli.ServeBinary)
	if err := os.WriteFile(legacyBuild, []byte("build"), 0o755); err != nil {
		t.Fatal(err)
	}
	setTime(t, legacyBuild, now, time.Minute)
	legacyTemp := cacheTemp(t, cache, "7", now, time.Minute)
	stale = append(stale, cacheTemp(t, cache, "8", now, 2*time.Hour))

	cli.PruneServeBuilds(cache, current, cli.ServeBinary, 3, now, func(format string, args ...any) { t.Errorf(format, args...) })

	if !exists(legacyBuild) || !exists(legacyTemp) {
		t.Errorf("the fresh build of an ordo from before the per-tree places: build there %v, build-* there %v; want both kept",
			exists(legacyBuild), exists(legacyTemp))
	}
	for _, tmp := range stale {
		if exists(tmp) {
			t.Errorf("stale %s is still there", tmp)
		}
	}
	for _, tmp := range fresh {
		if !exists(tmp) {
			t.Errorf("fresh %s was removed", tmp)
		}
	}
	if got := append(temps(t, current), temps(t, other)...); !slices.Equal(got, []string{fresh[0], fresh[1], fresh[2]}) {
		t.Errorf("build-* directories left: %q; want %q", got, fresh)
	}
}

// The cache's housekeeping never fails the command: a cache it cannot read
// is reported to the debug log, nothing more.
func TestPruneServeBuildsMissingCache(t *testing.T) {
	var logged []string
	cli.PruneServeBuilds(filepath.Join(t.TempDir(), "none"), "x", cli.ServeBinary, 3, time.Now(), func(format string, args ...any) {
		logged = append(logged, fmt.Sprintf(format, args...))
	})
	if len(logged) != 1 || !strings.Contains(logged[0], "reading the build cache") {
		t.Errorf("logged %q", logged)
	}
}

// cli.IsBuildHash accepts exactly cli.ServeBuildDir's names.
func TestIsBuildHash(t *testing.T) {
	if h := filepath.Base(cli.ServeBuildDir("/c", "/src/ordo")); !cli.IsBuildHash(h) {
		t.Errorf("cli.ServeBuildDir's name %q is not taken for a build hash", h)
	}
	for _, name := range []string{"", "build-1", "0123456789abcde", "0123456789abcdef0", "0123456789ABCDEF", "0123456789abcdeg"} {
		if cli.IsBuildHash(name) {
			t.Errorf("%q taken for a build hash", name)
		}
	}
}
