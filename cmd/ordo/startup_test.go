//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkStartup times whole processes on the smallest input, side by
// side: a Go hello-world, cmd/inf-dice-n4 (which links the calculator
// alone) and `ordo odds --infdice` (the one ordo binary, which links every
// command, the server and its stores included). Each
// iteration runs each process once, in turn, so that a busy machine slows
// all of them alike. It reports the median wall time and CPU time
// (user+sys) of each, in ms:
//
//	go test -run '^$' -bench Startup -benchtime 300x ./cmd/ordo/
//
// With ORDO_INFDICE_C set to the path of inf-dice's own C backend (built
// from its source with its Makefile; Debian does not package it), that
// binary runs beside them, in turn, as "c":
//
//	ORDO_INFDICE_C=/tmp/infdice-c/inf-dice-n4 go test -run '^$' -bench Startup -benchtime 300x ./cmd/ordo/
func BenchmarkStartup(b *testing.B) {
	benchProcesses(b, smallestInput, true)
}

// largestInput is the largest input inf-dice's N4 backend accepts: a
// combined Burst of 9 (B5 against B4), each hit with three Saving Rolls.
const largestInput = "13 5 3 13 NONE 13 NONE 13 NONE 12 4 3 13 NONE 13 NONE 13 NONE"

// BenchmarkLargestInput is BenchmarkStartup's side by side on the largest
// input, where the C backend enumerates the dice and Ordo computes:
//
//	ORDO_INFDICE_C=/tmp/infdice-c/inf-dice-n4 go test -run '^$' -bench LargestInput -benchtime 20x ./cmd/ordo/
func BenchmarkLargestInput(b *testing.B) {
	benchProcesses(b, largestInput, false)
}

// benchProcesses runs each binary on the inf-dice arguments in, in turn,
// b.N times, and reports each one's median wall and CPU time; all adds a
// Go hello-world.
func benchProcesses(b *testing.B, input string, all bool) {
	dir := b.TempDir()
	hello := filepath.Join(dir, "hello.go")
	if err := os.WriteFile(hello, []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello, world\") }\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	builds := [][2]string{{"inf-dice-n4", "../inf-dice-n4"}, {"ordo", "."}}
	if all {
		builds = append(builds, [2]string{"hello", hello})
	}
	for _, build := range builds {
		if out, err := exec.Command("go", "build", "-o", filepath.Join(dir, build[0]), build[1]).CombinedOutput(); err != nil {
			b.Fatalf("go build %s: %v\n%s", build[1], err, out)
		}
	}
	in := strings.Fields(input)
	type proc struct {
		name string
		argv []string
	}
	procs := []proc{
		{"infdice", append([]string{filepath.Join(dir, "inf-dice-n4")}, in...)},
		{"ordo", append([]string{filepath.Join(dir, "ordo"), "odds", "--infdice"}, in...)},
	}
	if all {
		procs = append(procs, proc{"hello", []string{filepath.Join(dir, "hello")}})
	}
	if c := os.Getenv("ORDO_INFDICE_C"); c != "" {
		procs = append(procs, proc{"c", append([]string{c}, in...)})
		// A drop-in prints what the C backend prints, byte for byte.
		want, err := exec.Command(c, in...).Output()
		if err != nil {
			b.Fatalf("%s: %v", c, err)
		}
		for _, p := range procs[:2] {
			if got, err := exec.Command(p.argv[0], p.argv[1:]...).Output(); err != nil || !bytes.Equal(got, want) {
				b.Fatalf("%s prints other than the C backend (%v):\n%s\nwant:\n%s", p.argv, err, got, want)
			}
		}
	}
	wall := make([][]time.Duration, len(procs))
	cpu := make([][]time.Duration, len(procs))
	b.ResetTimer()
	for range b.N {
		for i, p := range procs {
			cmd := exec.Command(p.argv[0], p.argv[1:]...)
			start := time.Now()
			if err := cmd.Run(); err != nil {
				b.Fatalf("%s: %v", p.argv, err)
			}
			wall[i] = append(wall[i], time.Since(start))
			ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
			cpu[i] = append(cpu[i], time.Duration(ru.Utime.Nano()+ru.Stime.Nano()))
		}
	}
	b.StopTimer()
	median := func(ds []time.Duration) float64 {
		slices.Sort(ds)
		return float64(ds[len(ds)/2]) / float64(time.Millisecond)
	}
	for i, p := range procs {
		b.ReportMetric(median(wall[i]), p.name+"-wall-ms")
		b.ReportMetric(median(cpu[i]), p.name+"-cpu-ms")
	}
}

// initBudget is how many allocations a package of this module may make in
// its initialisation (by path below the module; 0 for any other). Go runs
// every linked package's initialisation before main, whatever the command,
// so a table built there is paid for by each `ordo odds` process: tables are
// laid out by the linker (arrays, switches) or built on first use
// (sync.Once) instead.
var initBudget = map[string]int{
	// sync.OnceValue(s) wrappers (binomial, oddsterms.Catalog): two small
	// allocations each, the tables behind them built on first use.
	"odds":               2,
	"infinity/oddsterms": 2,
	// The rulesets by name, a map of two constructors.
	"internal/cli": 2,
	// The embedded web table's file system.
	"server/web": 1,
	// Map literals of names (effects, states, skills) and the skill
	// table's parameter sets: 85 small allocations, 0.04 ms, in 2026-12.
	// A table of hundreds of entries built here would pass it: build it
	// on first use instead.
	"infinity": 120,
}

// initSlack is how far past its budget a package's traced count may go:
// inittrace counts the process's allocations while the package
// initialises, so a runtime goroutine allocating at that moment adds one
// or two (server/web's single fs.Sub was once traced as 2 under load). A
// table built at init costs dozens or hundreds and still fails.
const initSlack = 3

// `ordo odds --infdice` on the smallest input initialises no ruleset,
// catalog or codec table: GODEBUG=inittrace=1 reports each package's
// initialisation, and no package of this module allocates past its
// initBudget.
func TestOddsBuildsNoTablesAtStart(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the test binary")
	}
	cmd := exec.Command(os.Args[0], append([]string{"odds", "--infdice"}, strings.Fields(smallestInput)...)...)
	cmd.Env = append(os.Environ(), "ORDO_TEST_MAIN=1", "GODEBUG=inittrace=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil || out.Len() == 0 {
		t.Fatalf("ordo odds --infdice: %v, stdout %q, stderr %q", err, out.String(), errb.String())
	}
	const module = "github.com/ordo-rules/ordo/"
	traced := 0
	for line := range strings.Lines(errb.String()) {
		// init PACKAGE @T ms, C ms clock, B bytes, N allocs
		f := strings.Fields(line)
		if len(f) != 11 || f[0] != "init" || f[10] != "allocs" {
			continue
		}
		traced++
		pkg, ok := strings.CutPrefix(f[1], module)
		if !ok || pkg == "cmd/ordo" { // this test's own package
			continue
		}
		allocs, err := strconv.Atoi(f[9])
		if err != nil {
			t.Fatalf("inittrace line %q: %v", line, err)
		}
		if allocs > initBudget[pkg]+initSlack {
			t.Errorf("package %s allocates %d times at start (budget %d, give or take %d): build its tables on first use", pkg, allocs, initBudget[pkg], initSlack)
		}
	}
	if traced == 0 {
		t.Fatalf("GODEBUG=inittrace=1 traced nothing; stderr %q", errb.String())
	}
}
