package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/internal/cli"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/store/sqlite"
)

// serverProcess is `ordo serve` running as a child process.
type serverProcess struct {
	cmd  *exec.Cmd
	addr string
}

var servingRE = regexp.MustCompile(`msg=serving addr=(\S+)`)

// startServe starts `ordo serve --db db` on a free loopback port.
func startServe(t *testing.T, db string, extra ...string) *serverProcess {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db}, extra...)...)
	cmd.Env = append(os.Environ(), "ORDO_TEST_MAIN=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stderr)
	deadline := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
	defer deadline.Stop()
	for sc.Scan() {
		if m := servingRE.FindStringSubmatch(sc.Text()); m != nil {
			go io.Copy(io.Discard, stderr)
			return &serverProcess{cmd: cmd, addr: "http://" + m[1]}
		}
	}
	cmd.Wait()
	t.Fatalf("ordo serve did not start")
	return nil
}

func (p *serverProcess) kill() {
	p.cmd.Process.Signal(syscall.SIGKILL)
	p.cmd.Wait()
}

// base is the server's current address, which changes on each restart.
type base struct {
	mu   sync.RWMutex
	addr string
}

func (b *base) get() string  { b.mu.RLock(); defer b.mu.RUnlock(); return b.addr }
func (b *base) set(a string) { b.mu.Lock(); b.addr = a; b.mu.Unlock() }

var httpClient = &http.Client{Timeout: 5 * time.Second}

// do sends a request, retrying while the server is down, and decodes the
// answer. It returns the status.
func do(ctx context.Context, b *base, method, path, token string, body, out any) (int, error) {
	for {
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		var rd io.Reader
		if body != nil {
			j, _ := json.Marshal(body)
			rd = bytes.NewReader(j)
		}
		req, _ := http.NewRequestWithContext(ctx, method, b.get()+path, rd)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		if rd != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := httpClient.Do(req)
		if err != nil {
			time.Sleep(20 * time.Millisecond) // down: try again, same request
			continue
		}
		raw, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		if out != nil && resp.StatusCode < 300 {
			if err := json.Unmarshal(raw, out); err != nil {
				return resp.StatusCode, fmt.Errorf("%s %s: %s: %v", method, path, raw, err)
			}
		}
		if resp.StatusCode >= 500 {
			return resp.StatusCode, fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, raw)
		}
		return resp.StatusCode, nil
	}
}

type acked struct {
	seat rules.Seat
	id   string
}

// playRandom plays one match to its end with random legal actions,
// retrying each action with the same id after a failure, and returns the
// actions acknowledged with 200. onAck, when not nil, is called after each.
func playRandom(ctx context.Context, b *base, c *match.Created, seed uint64, onAck func()) ([]acked, error) {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []acked
	path := "/api/matches/" + c.ID
	for n := 0; ; n++ {
		if n > 5000 {
			return out, errors.New("no end in 5000 actions")
		}
		var spec match.Snapshot
		if _, err := do(ctx, b, "GET", path, "", nil, &spec); err != nil {
			return out, err
		}
		if spec.Over {
			return out, nil
		}
		seat := spec.Prompt.Seats[rng.IntN(len(spec.Prompt.Seats))]
		var snap match.Snapshot
		if _, err := do(ctx, b, "GET", path, c.Seats[seat].Token, nil, &snap); err != nil {
			return out, err
		}
		var legal []json.RawMessage
		for _, m := range snap.Menu {
			if m.Illegal == nil {
				legal = append(legal, m.Action)
			}
		}
		if len(legal) == 0 {
			continue // the prompt moved on between the two reads
		}
		id := fmt.Sprintf("%s-%d", seat, n)
		body := map[string]any{"seq": snap.Seq, "id": id, "action": legal[rng.IntN(len(legal))]}
		code, err := do(ctx, b, "POST", path+"/actions", c.Seats[seat].Token, body, nil)
		if err != nil {
			return out, err
		}
		switch code {
		case http.StatusOK:
			out = append(out, acked{seat, id})
			if onAck != nil {
				onAck()
			}
		case http.StatusConflict:
		default:
			return out, fmt.Errorf("action %s: status %d", id, code)
		}
	}
}

// kill -9: ordo serve is killed at random moments while clients play, and
// restarted each time: each kill comes after a random number (5 to 29) of
// actions acknowledged since the last restart, so that every kill falls in
// the middle of play however fast or busy the machine, and no timer is
// waited on. Every action a client got 200 for is in the log
// exactly once, the rebuilt state equals a replay of the log (and the log
// verifies against the seed), and the games go on to their end.
func TestServeSurvivesKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	// A match of each scenario below, and two kills: the first of a
	// server that started on an empty store, the second of one that
	// rebuilt its matches after the first (each restart costs about 0.1 s
	// of CPU, so no more by default). ORDO_LONG=1: 12 matches, 15 kills.
	matches, kills := testenv.Count(3, 12), testenv.Count(2, 15)
	db := filepath.Join(t.TempDir(), "ordo.db")
	p := startServe(t, db)
	defer func() { p.kill() }()
	b := &base{addr: p.addr}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	scenarios := []string{"demo", "duel", "jumper-demo"}
	created := make([]*match.Created, matches)
	for i := range created {
		var c match.Created
		if code, err := do(ctx, b, "POST", "/api/matches", "", map[string]string{"scenario": scenarios[i%len(scenarios)]}, &c); code != 201 || err != nil {
			t.Fatalf("create: %d %v", code, err)
		}
		created[i] = &c
	}
	acks := make([][]acked, matches)
	errs := make([]error, matches)
	var wg sync.WaitGroup
	var ackCount atomic.Int64          // actions acknowledged so far, by every client
	ackedOne := make(chan struct{}, 1) // a signal after each
	onAck := func() {
		ackCount.Add(1)
		select {
		case ackedOne <- struct{}{}:
		default:
		}
	}
	for i, c := range created {
		wg.Go(func() { acks[i], errs[i] = playRandom(ctx, b, c, uint64(i), onAck) })
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	rng := rand.New(rand.NewPCG(9, 9))
	killed := 0
loop:
	for killed < kills {
		for target := ackCount.Load() + int64(5+rng.IntN(25)); ackCount.Load() < target; {
			select {
			case <-done:
				break loop
			case <-ackedOne:
			}
		}
		p.kill()
		killed++
		p = startServe(t, db)
		b.set(p.addr)
	}
	<-done
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	// Every kill must have fallen in the middle of play: had the games
	// ended first, the test would pass having killed nothing.
	if killed < kills {
		t.Fatalf("the games ended after %d of the %d kills", killed, kills)
	}
	t.Logf("%d kills", killed)
	p.kill()

	st, err := sqlite.Open(context.Background(), db, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lib, err := cli.Library()
	if err != nil {
		t.Fatal(err)
	}
	a := match.New(match.Options{Store: st, Library: lib})
	total := 0
	for i, c := range created {
		es, err := st.Entries(ctx, c.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[acked]int{}
		for _, e := range es {
			if e.ActionID != "" {
				seen[acked{rules.Seat(e.Seat), e.ActionID}]++
			}
		}
		for _, k := range acks[i] {
			if seen[k] != 1 {
				t.Errorf("match %s: acknowledged action %s of %s is in the log %d times", c.ID, k.id, k.seat, seen[k])
			}
		}
		total += len(acks[i])
		// The state the server rebuilds is the replay of the log, and the
		// log verifies against the seed to the end of the game.
		x, err := a.Export(ctx, c.ID)
		if err != nil {
			t.Fatalf("match %s: %v", c.ID, err)
		}
		if _, err := lib.Verify(x); err != nil {
			t.Errorf("match %s: %v", c.ID, err)
		}
		rebuilt, err := a.Snapshot(ctx, c.ID, rules.Admin())
		if err != nil {
			t.Fatal(err)
		}
		rs, st0, err := lib.Setup("scenario", []byte(x.Scenario), x.Rulings)
		if err != nil {
			t.Fatal(err)
		}
		replayed, err := rules.Replay(rs, st0, x.Log)
		if err != nil {
			t.Fatalf("match %s: replay: %v", c.ID, err)
		}
		want, _ := json.Marshal(replayed.Observe(rules.Admin()))
		if !bytes.Equal(want, rebuilt.Observation) {
			t.Errorf("match %s: the rebuilt state is not the replay of its log", c.ID)
		}
	}
	t.Logf("%d matches, %d acknowledged actions", matches, total)
}

// ordo verify checks a finished match fetched from a server and from an
// exported file, and refuses a file whose dice were changed.
func TestVerify(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	p := startServe(t, filepath.Join(t.TempDir(), "ordo.db"))
	defer p.kill()
	b := &base{addr: p.addr}
	ctx := context.Background()
	var c match.Created
	if code, err := do(ctx, b, "POST", "/api/matches", "", map[string]string{"scenario": "duel"}, &c); code != 201 || err != nil {
		t.Fatalf("create: %d %v", code, err)
	}
	if _, err := playRandom(ctx, b, &c, 1, nil); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"ordo", "verify", "--server", p.addr, c.ID}, &out, &errb); code != 0 {
		t.Fatalf("verify --server: %d %s", code, errb.String())
	}
	if !bytes.Contains(out.Bytes(), []byte("verified")) {
		t.Fatalf("verify printed %q", out.String())
	}
	var x match.Export
	if _, err := do(ctx, b, "GET", "/api/matches/"+c.ID+"/export", "", nil, &x); err != nil {
		t.Fatal(err)
	}
	for i := range x.Log {
		if len(x.Log[i].Dice) > 0 {
			x.Log[i].Dice[0] = x.Log[i].Dice[0]%20 + 1
			break
		}
	}
	file := filepath.Join(t.TempDir(), "match.json")
	j, _ := json.Marshal(x)
	os.WriteFile(file, j, 0o600)
	out.Reset()
	errb.Reset()
	if code := run([]string{"ordo", "verify", file}, &out, &errb); code != 1 || !bytes.Contains(errb.Bytes(), []byte("the seed gives")) {
		t.Fatalf("a changed die: exit %d, %s", code, errb.String())
	}
}

// SIGTERM stops ordo serve gracefully: it exits 0, and a match created
// before is there after a restart.
func TestServeGracefulStop(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	db := filepath.Join(t.TempDir(), "ordo.db")
	p := startServe(t, db)
	b := &base{addr: p.addr}
	ctx := context.Background()
	var c match.Created
	if code, err := do(ctx, b, "POST", "/api/matches", "", map[string]string{"scenario": "duel"}, &c); code != 201 || err != nil {
		t.Fatalf("create: %d %v", code, err)
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("ordo serve after SIGTERM: %v", err)
		}
	case <-time.After(20 * time.Second):
		p.cmd.Process.Kill()
		t.Fatal("ordo serve did not stop within 20 s of SIGTERM")
	}
	p = startServe(t, db)
	defer p.kill()
	b.set(p.addr)
	if code, _ := do(ctx, b, "GET", "/api/matches/"+c.ID, "", nil, nil); code != 200 {
		t.Fatalf("the match after a restart: %d", code)
	}
}
