package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/internal/cli"
)

// TestMain lets the test binary stand in for two programs, by the name it
// is run under: "ordo" is the ordo binary, "ordo-serve" a stand-in for the
// server binary that reports how it was started.
func TestMain(m *testing.M) {
	switch filepath.Base(os.Args[0]) {
	case "ordo":
		main()
	case cli.ServeBinary:
		fakeServeBinary()
	case "go":
		fakeGo()
	}
	os.Exit(m.Run())
}

// fakeServeBinary prints its arguments and its standard input on stdout
// and a line on stderr (with ORDO_TEST_FLOOD set, lines on stdout until
// the reader hangs up instead); for "serve" it waits for SIGTERM and exits 0, for
// anything else it exits 3.
func fakeServeBinary() {
	if os.Getenv("ORDO_TEST_INTERRUPT") != "" { // dies of SIGINT, as on Ctrl-C
		p, _ := os.FindProcess(os.Getpid())
		p.Signal(os.Interrupt)
		time.Sleep(10 * time.Second)
		os.Exit(4)
	}
	in, _ := io.ReadAll(os.Stdin)
	if os.Getenv("ORDO_TEST_FLOOD") != "" {
		for { // until the reader hangs up: SIGPIPE
			fmt.Println("line")
		}
	}
	fmt.Printf("args %q stdin %q\n", os.Args[1:], in)
	fmt.Fprintln(os.Stderr, "on stderr")
	if len(os.Args) > 1 && os.Args[1] == "serve" {
		sigs := make(chan os.Signal, 1)
		signal.Notify(sigs, syscall.SIGTERM)
		fmt.Fprintln(os.Stderr, "waiting")
		<-sigs
		fmt.Println("terminated")
		os.Exit(0)
	}
	os.Exit(3)
}

// fakeGo stands in for the go command: it appends its working directory
// and arguments to the file $ORDO_TEST_GO_CALLS and, for "build -o OUT
// ...", writes the test binary ($ORDO_TEST_SELF) to OUT, where it will run
// as the stand-in ordo-serve, first noting in $ORDO_TEST_GO_CALLS.prior the
// size of a file already at OUT.
func fakeGo() {
	wd, _ := os.Getwd()
	f, err := os.OpenFile(os.Getenv("ORDO_TEST_GO_CALLS"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		os.Exit(5)
	}
	fmt.Fprintln(f, wd, strings.Join(os.Args[1:], " "))
	f.Close()
	if len(os.Args) > 3 && os.Args[1] == "build" && os.Args[2] == "-o" {
		if prior, err := os.ReadFile(os.Args[3]); err == nil {
			// The output was there before the build: the last one, copied.
			if f, err := os.OpenFile(os.Getenv("ORDO_TEST_GO_CALLS")+".prior", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
				fmt.Fprintln(f, len(prior))
				f.Close()
			}
		}
		self, err := os.ReadFile(os.Getenv("ORDO_TEST_SELF"))
		if err != nil || os.WriteFile(os.Args[3], self, 0o755) != nil {
			os.Exit(6)
		}
	}
	os.Exit(0)
}

// The ordo binary is the lean front: it links the odds calculators and
// nothing of the rest — no rules engine (infinity, fantasy, the rules
// kernel), no scenario player, no match authority, no server or store, no
// crypto, no network, no slog. Every package a Go program links runs its
// initialisation, touches its pages and adds its itabs before main, so
// linking them made `ordo odds` (started once per page by inf-dice's web
// front end) start slower than the C backend it replaces; ordo runs the
// commands that need them in ordo-serve.
func TestOrdoLinksOnlyTheFront(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "github.com/ordo-rules/ordo/odds/infdice") {
		t.Fatalf("go list -deps lists no odds/infdice: %q", deps)
	}
	const mod = "github.com/ordo-rules/ordo/"
	// Each package named, and every one below it.
	banned := []string{
		mod + "infinity", mod + "fantasy", mod + "rules", mod + "play", mod + "match",
		mod + "server", mod + "store", mod + "internal/cli/full",
		"crypto", "net", "log/slog", "database/sql", "runtime/cgo",
		"modernc.org", "github.com/jackc", "github.com/coder/websocket",
	}
	// What the odds command needs below a banned name: the fantasy
	// ruleset's wounds calculator (ordo odds --ruleset fantasy) and the
	// Infinity catalog's data (catalog terms: "fusilier combi-rifle").
	allowed := []string{mod + "fantasy/wounds", mod + "infinity/catalog"}
	for _, d := range deps {
		if slices.Contains(allowed, d) {
			continue
		}
		for _, b := range banned {
			if d == b || strings.HasPrefix(d, b+"/") {
				t.Errorf("ordo links %s: ordo odds would pay its initialisation at every start", d)
			}
		}
	}
}

// smallestInput is the smallest input of inf-dice's N4 backend: B1 against
// B1, no Saving Roll modifiers.
const smallestInput = "13 1 1 10 NONE 12 1 1 10 NONE"

// twoBinaries puts the test binary into a fresh directory as ordo and,
// unless alone, as ordo-serve beside it. The directory is also PATH, so no
// other ordo-serve is found.
func twoBinaries(t *testing.T, alone bool) string {
	t.Helper()
	dir := t.TempDir()
	names := []string{"ordo", cli.ServeBinary}
	if alone {
		names = names[:1]
	}
	for _, name := range names {
		placeSelf(t, filepath.Join(dir, name))
	}
	t.Setenv("PATH", dir)
	return dir
}

// placeSelf puts the test binary at dst, to run under that name: a hard
// link where the file system allows one, else a copy. A link costs no
// copy of the 7 MB binary (the tests place it about ten times), and the
// process run through it still sees dst as its path (os.Executable), which
// is how ordo finds the ordo-serve beside it.
func placeSelf(t *testing.T, dst string) {
	t.Helper()
	if os.Link(os.Args[0], dst) == nil {
		return
	}
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, self, 0o755); err != nil {
		t.Fatal(err)
	}
}

// Every command but odds, help and version runs in ordo-serve, found
// beside ordo: it gets the same words after the command, ordo's standard
// streams, and its exit status is ordo's.
func TestCommandsRunServeBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the test binary")
	}
	dir := twoBinaries(t, false)
	for _, args := range [][]string{
		{"verify", "--server", "http://127.0.0.1:1", "M1"},
		{"verify", filepath.Join(dir, "match.json")},
		{"play", "data/scenarios/duel.yaml", "--json"},
		{"rules", "--rulings"},
	} {
		cmd := exec.Command(filepath.Join(dir, "ordo"), args...)
		cmd.Stdin = strings.NewReader("input")
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 3 {
			t.Fatalf("%q: exit %v, want ordo-serve's 3; stderr %q", args, err, errb.String())
		}
		if want := fmt.Sprintf("args %q stdin \"input\"\n", args); out.String() != want {
			t.Errorf("%q: stdout %q, want %q", args, out.String(), want)
		}
		if errb.String() != "on stderr\n" {
			t.Errorf("%q: stderr %q", args, errb.String())
		}
	}
	// odds and a command's help are ordo's own (cli's tests check the
	// rest in process).
	for _, args := range [][]string{
		append([]string{"odds", "--infdice"}, strings.Fields(smallestInput)...),
		{"play", "--help"},
	} {
		out, err := exec.Command(filepath.Join(dir, "ordo"), args...).CombinedOutput()
		if err != nil || bytes.Contains(out, []byte("args [")) {
			t.Errorf("%q ran in ordo-serve or failed (%v):\n%s", args, err, out)
		}
	}
}

// ordo rules | head: when the reader hangs up, ordo-serve dies of SIGPIPE
// writing, and ordo exits as that would have ended it, quietly, with the
// status a shell gives a process killed by SIGPIPE (128+13).
func TestServeBinaryBrokenPipe(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the test binary")
	}
	dir := twoBinaries(t, false)
	t.Setenv("ORDO_TEST_FLOOD", "1")
	cmd := exec.Command(filepath.Join(dir, "ordo"), "rules")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, err := bufio.NewReader(stdout).ReadString('\n'); err != nil || line != "line\n" {
		t.Fatalf("first line %q, %v", line, err)
	}
	stdout.Close()
	err = cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 128+int(syscall.SIGPIPE) || errb.Len() != 0 {
		t.Errorf("exit %v, stderr %q; want exit %d and nothing on stderr", err, errb.String(), 128+int(syscall.SIGPIPE))
	}
}

// Ctrl-C on 'ordo play': ordo-serve dies of SIGINT, and ordo dies of it
// too, as it did when it ran the command itself, not exiting 130: a shell
// running a loop of 'ordo play' stops at Ctrl-C only when the command died
// of SIGINT.
func TestServeBinaryInterruptKillsOrdo(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the test binary")
	}
	if runtime.GOOS == "windows" {
		t.Skip("no signals")
	}
	dir := twoBinaries(t, false)
	t.Setenv("ORDO_TEST_INTERRUPT", "1")
	cmd := exec.Command(filepath.Join(dir, "ordo"), "play", "data/scenarios/duel.yaml")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err := cmd.Run()
	ee, ok := err.(*exec.ExitError)
	if !ok {
		t.Fatalf("ordo play: %v, stderr %q; want killed by SIGINT", err, errb.String())
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGINT || errb.Len() != 0 {
		t.Errorf("ordo play: %v, stderr %q; want killed by SIGINT, quietly", err, errb.String())
	}
}

// ordo serve runs ordo-serve and passes it SIGTERM, so that the server
// stops gracefully; ordo exits as it did.
func TestServeRunsServeBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the test binary")
	}
	dir := twoBinaries(t, false)
	cmd := exec.Command(filepath.Join(dir, "ordo"), "serve", "--addr", "127.0.0.1:0")
	var out bytes.Buffer
	cmd.Stdout = &out
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	sc := bufio.NewScanner(stderr)
	for sc.Scan() && sc.Text() != "waiting" {
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { io.Copy(io.Discard, stderr); done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("ordo serve after SIGTERM: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("ordo serve did not stop within 20 s of SIGTERM")
	}
	if want := `args ["serve" "--addr" "127.0.0.1:0"] stdin ""` + "\nterminated\n"; out.String() != want {
		t.Errorf("stdout %q, want %q", out.String(), want)
	}
}

// Without ordo-serve, ordo serve says what is missing and how to get it,
// and a bad flag or --help is answered by ordo itself.
func TestServeWithoutServeBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the test binary")
	}
	dir := twoBinaries(t, true)
	for _, tc := range []struct {
		args     []string
		code     int
		out, err string
	}{
		{[]string{"serve"}, 2, "", "ordo serve: this needs ordo-serve, the binary that links the rules engines, the server and the network"},
		// How to install it, said so that it works from where the user
		// is: a bare ./cmd path finds nothing outside the source tree.
		{[]string{"serve"}, 2, "", "in the Ordo source tree, install both with 'go install ./cmd/...'"},
		{[]string{"verify", "--server", "http://127.0.0.1:1", "M1"}, 2, "", "ordo verify: this needs ordo-serve"},
		{[]string{"bench", "serve"}, 2, "", "ordo bench: this needs ordo-serve"},
		{[]string{"play", "data/scenarios/duel.yaml"}, 2, "", "ordo play: this needs ordo-serve"},
		{[]string{"rules"}, 2, "", "ordo rules: this needs ordo-serve"},
		{[]string{"verify", "match.json"}, 2, "", "ordo verify: this needs ordo-serve"},
		{[]string{"play", "--help"}, 0, "usage: ordo play", ""},
		{[]string{"serve", "--help"}, 0, "usage: ordo serve", ""},
		{[]string{"bench", "--help"}, 0, "usage: ordo bench serve", ""},
		{[]string{"serve", "--port", "1"}, 2, "", "ordo serve: flag provided but not defined: -port"},
	} {
		cmd := exec.Command(filepath.Join(dir, "ordo"), tc.args...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != tc.code || !strings.Contains(out.String(), tc.out) || !strings.Contains(errb.String(), tc.err) ||
			tc.err == "" && errb.Len() > 0 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d, %q, %q", tc.args, code, out.String(), errb.String(), tc.code, tc.out, tc.err)
		}
	}
}

// In an Ordo source tree with neither ordo-serve beside ordo nor on PATH,
// ordo builds it with the go command into the user's cache and runs it,
// so `go run ./cmd/ordo serve` works in a fresh checkout. Outside the
// tree, or in another module, it says what is missing instead.
func TestServeBuildsServeBinaryFromSource(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the test binary")
	}
	dir := twoBinaries(t, true)
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("ORDO_TEST_SELF", os.Args[0])
	calls := filepath.Join(t.TempDir(), "calls")
	t.Setenv("ORDO_TEST_GO_CALLS", calls)
	self, err := os.Stat(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	placeSelf(t, filepath.Join(dir, "go"))
	module := func(path string) (root, work string) {
		root = t.TempDir()
		work = filepath.Join(root, "data", "scenarios")
		if err := os.MkdirAll(work, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("// comment\nmodule "+path+"\n\ngo 1.26\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return root, work
	}
	run := func(wd string) (code int, stdout, stderr string) {
		cmd := exec.Command(filepath.Join(dir, "ordo"), "verify", "--server", "http://127.0.0.1:1", "M1")
		cmd.Dir = wd
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return code, out.String(), errb.String()
	}

	root, work := module("github.com/ordo-rules/ordo")
	code, out, errs := run(work)
	if code != 3 || out != `args ["verify" "--server" "http://127.0.0.1:1" "M1"] stdin ""`+"\n" {
		t.Fatalf("in the source tree: exit %d, stdout %q, stderr %q; want the built server's exit 3 and its output", code, out, errs)
	}
	if want := "ordo: building ordo-serve from the source in " + root + "\non stderr\n"; errs != want {
		t.Errorf("stderr %q, want %q", errs, want)
	}
	rec, err := os.ReadFile(calls)
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(rec))
	if len(f) != 5 || f[0] != root || f[1] != "build" || f[2] != "-o" || f[4] != "./cmd/ordo-serve" ||
		filepath.Dir(filepath.Dir(filepath.Dir(f[3]))) != filepath.Join(cache, "ordo") {
		t.Errorf("go was run as %q; want 'go build -o CACHE/ordo/TREE/build-*/ordo-serve ./cmd/ordo-serve' in %s", rec, root)
	}
	// The source tree's own place in the cache (one per tree).
	if built, _ := filepath.Glob(filepath.Join(cache, "ordo", "*", cli.ServeBinary)); len(built) != 1 ||
		filepath.Dir(built[0]) != filepath.Dir(filepath.Dir(f[3])) {
		t.Errorf("the built server is not in the source tree's place in the cache: %q", built)
	}
	if left, _ := filepath.Glob(filepath.Join(cache, "ordo", "*", "build-*")); len(left) != 0 {
		t.Errorf("build directories left behind: %q", left)
	}
	// The next run starts go build from a copy of the last build, which the
	// go command leaves as it is when it is up to date instead of linking
	// ordo-serve again.
	if _, err := os.Stat(calls + ".prior"); err == nil {
		t.Errorf("the first build found an output already there")
	}
	if code, _, errs := run(work); code != 3 {
		t.Fatalf("second run: exit %d, stderr %q", code, errs)
	}
	if prior, err := os.ReadFile(calls + ".prior"); err != nil || strings.TrimSpace(string(prior)) != strconv.FormatInt(self.Size(), 10) {
		t.Errorf("the second build did not start from a copy of the first (%q, %v)", prior, err)
	}

	// A second checkout builds into a place of its own: two trees serving
	// at once each run the server of their own source, never the binary
	// the other put in a shared place a moment before.
	root2, work2 := module("github.com/ordo-rules/ordo")
	if code, _, errs := run(work2); code != 3 || !strings.Contains(errs, "from the source in "+root2+"\n") {
		t.Fatalf("in a second tree: exit %d, stderr %q", code, errs)
	}
	if built, _ := filepath.Glob(filepath.Join(cache, "ordo", "*", cli.ServeBinary)); len(built) != 2 || filepath.Dir(built[0]) == filepath.Dir(built[1]) {
		t.Errorf("two source trees built into %q; want two places in the cache", built)
	}

	_, otherWork := module("example.com/other")
	for _, wd := range []string{t.TempDir(), otherWork} {
		code, out, errs := run(wd)
		if code != 2 || out != "" || !strings.Contains(errs, "is not in the Ordo source tree") || !strings.Contains(errs, "in the Ordo source tree, install both with 'go install ./cmd/...'") {
			t.Errorf("in %s: exit %d, stdout %q, stderr %q; want exit 2 saying it is not in the source tree", wd, code, out, errs)
		}
	}
}

// In an Ordo source tree, ordo builds the tree's own ordo-serve even when
// another one is on PATH (an older install would serve other code);
// outside a source tree it runs the one on PATH, and builds nothing.
func TestServePrefersSourceTreeOverPath(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the test binary")
	}
	dir := twoBinaries(t, true)
	// go (this test binary, as fakeGo) beside ordo; an ordo-serve elsewhere
	// on PATH, standing for an older install.
	installed := t.TempDir()
	for _, f := range []string{filepath.Join(dir, "go"), filepath.Join(installed, cli.ServeBinary)} {
		placeSelf(t, f)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+installed)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("ORDO_TEST_SELF", os.Args[0])
	calls := filepath.Join(t.TempDir(), "calls")
	t.Setenv("ORDO_TEST_GO_CALLS", calls)
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module github.com/ordo-rules/ordo\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		wd    string
		built bool
	}{{root, true}, {t.TempDir(), false}} {
		os.Remove(calls)
		cmd := exec.Command(filepath.Join(dir, "ordo"), "verify", "--server", "http://127.0.0.1:1", "M1")
		cmd.Dir = tc.wd
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 || !strings.HasPrefix(out.String(), `args ["verify"`) {
			t.Fatalf("in %s: %v, stdout %q, stderr %q; want an ordo-serve's exit 3 and its output", tc.wd, err, out.String(), errb.String())
		}
		rec, _ := os.ReadFile(calls)
		built := strings.Contains(string(rec), "build -o")
		if built != tc.built || strings.HasPrefix(errb.String(), "ordo: building") != tc.built {
			t.Errorf("in %s: built %v (go was run as %q, stderr %q), want built %v", tc.wd, built, rec, errb.String(), tc.built)
		}
	}
}
