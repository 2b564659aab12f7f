//go:build browser

package webtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/ordo-rules/ordo/internal/cli"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store/sqlite"
)

// long reports whether the heavy browser tests run: when the long suites
// do (internal/testenv: ORDO_LONG set to anything but "" or "0"), and in CI.
func long() bool { return testenv.Long() || os.Getenv("CI") == "true" }

// The browser tests read ORDO_LONG as every other long suite does, through
// internal/testenv: ORDO_LONG=true runs them, ORDO_LONG=0 does not.
func TestLongReadsORDO_LONGThroughTestenv(t *testing.T) {
	t.Setenv("CI", "")
	for _, c := range []struct {
		v    string
		want bool
	}{{"1", true}, {"true", true}, {"0", false}, {"", false}} {
		t.Setenv("ORDO_LONG", c.v)
		if got := long(); got != c.want {
			t.Errorf("ORDO_LONG=%q: long() = %v, want %v (as testenv.Long)", c.v, got, c.want)
		}
	}
}

// browser starts a headless Chromium at 1280×800 for the test, or skips.
func browser(t *testing.T) context.Context {
	t.Helper()
	var path string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("no chromium on PATH: CI needs it (apt-get install -y chromium)")
		}
		t.Skip("no chromium on PATH (apt-get install -y chromium); the browser tests skip")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(1280, 800))
	alloc, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	t.Cleanup(cancelCtx)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	return ctx
}

// page is one browser context (its own storage and cookies) on the
// server: a seat's or a spectator's, with every WebSocket message it
// received and every console error.
type page struct {
	name string
	ctx  context.Context
	mu   sync.Mutex
	ws   [][]byte
	errs []string
}

func newPage(t *testing.T, root context.Context, name string) *page {
	t.Helper()
	ctx, cancel := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	ctx, cancelT := context.WithTimeout(ctx, 300*time.Second)
	t.Cleanup(cancelT)
	p := &page{name: name, ctx: ctx}
	if err := chromedp.Listen(ctx, func(ev any) {
		if f, ok := ev.(*network.EventWebSocketFrameReceived); ok && f.Response != nil {
			p.mu.Lock()
			p.ws = append(p.ws, bytes.Clone(f.Response.PayloadData))
			p.mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException {
				p.mu.Lock()
				p.errs = append(p.errs, m.Text)
				p.mu.Unlock()
			}
		}
	}()
	return p
}

func (p *page) do(t *testing.T, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		t.Fatalf("%s: %s: %v", p.name, what, err)
	}
}

func eval[T any](t *testing.T, p *page, js string) T {
	t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %s: %v", p.name, js, err)
	}
	return v
}

// waitJS waits until the expression is true in the page. Its deadline
// is only for a page that never gets there: a machine busy with other
// work (a CI host building and testing the other packages at once) once
// took past 20 s to land a fantasy action, so it waits a minute.
func waitJS(t *testing.T, p *page, what, js string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		ok, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool]("!!("+js+")"))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: waiting for %s (%s): %v\n%s", p.name, what, js, err, p.describe())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// clickTable clicks the board at a point of the table, in inches.
func clickTable(t *testing.T, p *page, x, y float64) {
	t.Helper()
	xy := eval[[]float64](t, p, fmt.Sprintf(`(() => { const svg = document.getElementById('board'); const q = svg.createSVGPoint(); q.x = %g; q.y = %g; const r = q.matrixTransform(svg.getScreenCTM()); return [r.x, r.y]; })()`, x, y))
	p.do(t, fmt.Sprintf("click the table at (%g, %g)", x, y), chromedp.MouseClickXY(xy[0], xy[1]))
}

// describe says what the page holds, for a test that gave up waiting on
// it: its seq, its connection, an action in flight, its console errors.
func (p *page) describe() string {
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	state, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify({
  seq: document.body.dataset.seq, snapSeq: ordo.snap && ordo.snap.seq, log: ordo.log && ordo.log.length,
  pending: ordo.pending ? ordo.pending.seq : null, conn: (document.getElementById('conn') || {}).textContent,
  ws: ordo.ws ? ordo.ws.readyState : null, window: document.body.dataset.window,
  render: (() => { try { ordo.render(); return 'ok'; } catch (e) { return String(e.stack); } })()})`))
	if err != nil {
		state = "(the page does not answer: " + err.Error() + ")"
	}
	return fmt.Sprintf("page %s: %s; console errors: %q", p.name, state, p.consoleErrors())
}

func (p *page) consoleErrors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.errs...)
}

func (p *page) frames() [][]byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([][]byte(nil), p.ws...)
}

// recorder keeps every HTTP answer body the server sent, by the bearer
// token of the request ("" for a spectator), so that a test can read
// everything one viewer's browser received.
type recorder struct {
	h      http.Handler
	mu     sync.Mutex
	bodies map[string][][]byte
}

type recordingWriter struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

func (rc *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasSuffix(r.URL.Path, "/ws") {
		rc.h.ServeHTTP(w, r) // recorded in the browser, frame by frame
		return
	}
	rw := &recordingWriter{ResponseWriter: w}
	rc.h.ServeHTTP(rw, r)
	tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	rc.mu.Lock()
	rc.bodies[tok] = append(rc.bodies[tok], rw.buf.Bytes())
	rc.mu.Unlock()
}

func (rc *recorder) of(token string) [][]byte {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([][]byte(nil), rc.bodies[token]...)
}

// start serves the whole ordo serve handler on loopback.
func start(t *testing.T) (*httptest.Server, *recorder) {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lib, err := cli.Library() // every ruleset, as ordo serve has them
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	rec := &recorder{h: server.New(ctx, match.New(match.Options{Store: st, Library: lib}), nil), bodies: map[string][][]byte{}}
	ts := httptest.NewServer(rec)
	t.Cleanup(func() { cancel(); ts.Close(); st.Close() })
	return ts, rec
}

type created struct {
	ID    string `json:"id"`
	Seats map[string]struct {
		Token string `json:"token"`
		URL   string `json:"url"`
	} `json:"seats"`
}

func create(t *testing.T, ts *httptest.Server, body map[string]any) created {
	t.Helper()
	b, _ := json.Marshal(body)
	res, err := http.Post(ts.URL+"/api/matches", "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var c created
	if err := json.NewDecoder(res.Body).Decode(&c); err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d %v", res.StatusCode, err)
	}
	return c
}

// labelsOf reads, through the API, the public labels of seat's troopers:
// the seat's own view gives each of its troopers' ids the label the
// opponent and spectators know it by (decision 0020), so that a test names
// an enemy as its page must, never by the scenario author's id.
func labelsOf(t *testing.T, ts *httptest.Server, c created, seat string) map[string]string {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, ts.URL+"/api/matches/"+c.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.Seats[seat].Token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var snap struct {
		Observation struct {
			Troopers []struct {
				ID     string `json:"id"`
				Seat   string `json:"seat"`
				Public string `json:"public"`
			} `json:"troopers"`
		} `json:"observation"`
	}
	if err := json.NewDecoder(res.Body).Decode(&snap); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("%s's view: %d %v", seat, res.StatusCode, err)
	}
	out := map[string]string{}
	for _, tr := range snap.Observation.Troopers {
		if tr.Seat != seat {
			continue
		}
		if tr.Public == "" || tr.Public == tr.ID {
			t.Fatalf("%s's view gives its trooper %q the public label %q", seat, tr.ID, tr.Public)
		}
		out[tr.ID] = tr.Public
	}
	return out
}

// screenshot writes the page to docs/img/NAME.png when ORDO_SCREENSHOTS=1
// (the README's pictures), else as a test artifact to the directory
// ORDO_ARTIFACTS names, or ordo-webtest under the system's temporary
// directory: kept after the test, to look at, and never committed.
func screenshot(t *testing.T, p *page, name string) {
	t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("%s: screenshot: %v", p.name, err)
	}
	dir := os.Getenv("ORDO_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "ordo-webtest")
	}
	if os.Getenv("ORDO_SCREENSHOTS") == "1" {
		dir = filepath.Join("..", "..", "docs", "img")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// The lobby draws the bundled scenarios, creates a match by clicking, and
// gives each seat its link; the link opens the table, drawn to scale, with
// the seat's menu: the smoke test, the shortest of the browser tests.
// The lobby's open seats: one player creates a match leaving the other
// seat open; another, in the lobby, takes it and lands at the table as
// that seat, the match remembered in their browser.
func TestLobbyOpenSeat(t *testing.T) {
	if !long() {
		t.Skip("the browser tests run with ORDO_LONG=1 or CI=true")
	}
	root := browser(t)
	ts, _ := start(t)
	host, guest := newPage(t, root, "host"), newPage(t, root, "guest")
	host.do(t, "open the lobby", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(`.card[data-scenario="duel"]`))
	host.do(t, "create the duel with red open", chromedp.Click(`.card[data-scenario="duel"]`), chromedp.Click(`#open-seat`), chromedp.Click(`#create`), chromedp.WaitVisible(`#link-blue`))
	if n := eval[int](t, host, `document.querySelectorAll('#link-red').length`); n != 0 {
		t.Fatal("the host got the open seat's link")
	}
	guest.do(t, "the guest sees the open match", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(`#open-matches button[data-join="red"]`))
	guest.do(t, "the guest takes red", chromedp.Click(`#open-matches button[data-join="red"]`), chromedp.WaitReady(`#board [data-trooper="zhanshi"]`))
	waitJS(t, guest, "the guest plays red", `ordo.me === 'red'`)
	if n := eval[int](t, guest, `document.querySelectorAll('#clock:not([hidden])').length`); n != 0 {
		t.Fatal("a clock is shown for a match without one")
	}
	if n := eval[int](t, guest, `JSON.parse(localStorage.getItem('ordo.recent') || '[]').filter(r => r.links && r.links.red).length`); n == 0 {
		t.Fatal("the joined match is not remembered in the browser")
	}
	// Clocks: a match with a time control shows each seat's time, the
	// running one counting down.
	cm := create(t, ts, map[string]any{"scenario": "duel", "clock": map[string]string{"initial": "45m"}})
	guest.do(t, "watch a match with clocks", chromedp.Navigate(ts.URL+"/m/"+cm.ID), chromedp.WaitVisible(`#clock [data-clock="red"]`))
	if got := eval[string](t, guest, `document.querySelector('#clock [data-clock="red"] span').textContent`); !regexp.MustCompile(`^0:4[45]:\d\d$`).MatchString(got) {
		t.Fatalf("red's clock reads %q, want about 0:45:00", got)
	}
	noConsoleErrors(t, host, guest)
}

func TestLobbyToTable(t *testing.T) {
	if !long() {
		// Chromium's start-up alone is seconds of CPU: the README's go test
		// ./... stays under 20 s, and CI (CI=true) runs every browser test.
		t.Skip("the browser tests run with ORDO_LONG=1 or CI=true")
	}
	root := browser(t)
	ts, _ := start(t)
	p := newPage(t, root, "lobby")
	p.do(t, "open the lobby", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(`.card[data-scenario="duel"]`))
	n := eval[int](t, p, `document.querySelectorAll('.card svg polygon').length`)
	if n == 0 {
		t.Fatal("the lobby draws no scenery in its table drawings")
	}
	p.do(t, "create the duel", chromedp.Click(`.card[data-scenario="duel"]`), chromedp.Click(`#create`), chromedp.WaitVisible(`#link-blue`))
	screenshot(t, p, "lobby")
	blue := eval[string](t, p, `document.getElementById('link-blue').value`)
	if !strings.Contains(blue, "/m/") || !strings.Contains(blue, "#token=") {
		t.Fatalf("blue's link %q: want /m/{id}#token=…", blue)
	}
	p.do(t, "open blue's link", chromedp.Navigate(blue), chromedp.WaitReady(`#board [data-trooper="fusilier"]`), chromedp.WaitVisible(`#menu button[data-kind="route"]`))
	first := eval[string](t, p, `document.body.dataset.firstRender`)
	t.Logf("first render of the duel table: %s ms", first)
	if got := eval[string](t, p, `document.querySelector('#board [data-role="table"]').getAttribute('width')`); got != "24" {
		t.Fatalf("the table is drawn %s wide, want the duel's 24 inches", got)
	}
	// Blue knows red's trooper by its public label, never by the
	// scenario's id for it (decision 0020).
	zhanshi := eval[string](t, p, `ordo.snap.observation.troopers.find(t => t.seat === 'red').id`)
	if zhanshi != "red-zhanshi-1" {
		t.Fatalf("blue's page knows red's Zhanshi as %q, want its public label red-zhanshi-1", zhanshi)
	}
	// The page's words: an Order with its article, a facing in whole
	// degrees, a program by its name, an Alert that says what it turns.
	for js, want := range map[string]string{
		`ordoText.actionText({kind: 'activate', trooper: 'fusilier', order: 'irregular', skill: {name: 'idle'}})`: "Fusilier spends an Irregular Order: Idle",
		`ordoText.actionText({kind: 'activate', trooper: 'fusilier', order: 'regular', skill: {name: 'idle'}})`:   "Fusilier spends a Regular Order: Idle",
		`ordoText.eventText({kind: 'turned', trooper: 'fusilier', facing: 38.65980825409009})`:                    "Fusilier turns on Alert to face 39°",
		`ordoText.eventText({kind: 'turned', trooper: 'fusilier', facing: -123.17851165939275})`:                  "Fusilier turns on Alert to face 237°",
		`ordoText.actionText({kind: 'alert', turns: [{trooper: 'fusilier', facing: 2.5444437451708134e-14}]})`:    "Alert: Fusilier turns to 0°",
		`ordoText.actionText({kind: 'alert'})`: "Alert: no trooper turns",
		`ordoText.skillText({name: 'bs-attack', target: '` + zhanshi + `', weapon: 'multi-sniper-rifle'})`:  "BS Attack on Zhanshi with Multi Sniper Rifle",
		`ordoText.skillText({name: 'hack', target: '` + zhanshi + `', program: 'hack-transport-aircraft'})`: "Hack Transport Aircraft (hacking program) on Zhanshi",
		// A fantasy event shares its kind with Infinity's but is told in the
		// engine's sentence (a 'moved' with no from and to once threw, and
		// the page stopped drawing).
		`ordoText.eventText({kind: 'moved', unit: 'spears', text: 'spears move 4" and stop'})`: `spears move 4" and stop`,
	} {
		if got := eval[string](t, p, js); got != want {
			t.Errorf("%s = %q, want %q", js, got, want)
		}
	}
	// A phone held sideways: the table and the menu fit the screen.
	p.do(t, "a phone held sideways", chromedp.EmulateViewport(844, 390, chromedp.EmulateLandscape, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	waitJS(t, p, "the layout settled", `document.getElementById('board').getBoundingClientRect().width > 200`)
	if over := eval[bool](t, p, `document.documentElement.scrollWidth > window.innerWidth + 1`); over {
		t.Fatal("at 844×390 the page is wider than the screen")
	}
	if h := eval[float64](t, p, `document.getElementById('board').getBoundingClientRect().height`); h < 250 {
		t.Fatalf("at 844×390 the board is %v px high", h)
	}
	screenshot(t, p, "phone-sideways")
	if errs := p.consoleErrors(); len(errs) > 0 {
		t.Fatalf("console errors: %q", errs)
	}
}

// privateYAML has one private fact of each kind on each side: blue's
// Lieutenant (the fusilier) and a trooper in Hidden Deployment (the
// sniper); red's Lieutenant (the zhanshi) and a Camouflaged marker (the
// scout, a profile nobody else uses). The author's ids tell them
// (b-lieutenant, r-scout): the other side and the spectators must know
// the troopers in the open by their public labels alone.
const privateYAML = `name: Web table test
ruleset: infinity-n4
table: {width: 24, height: 24}
terrain:
  - {name: wall, polygon: [[15, 8], [17, 8], [17, 12], [15, 12]], blocks-lof: true, cover: true, impassable: true}
sides:
  - seat: blue
    troopers:
      - {id: b-lieutenant, profile: fusilier, lieutenant: true, models: [{id: b-lieutenant, at: [10, 7], facing: 90}]}
      - {id: b-sniper, profile: sniper, deployment: hidden, models: [{id: b-sniper, at: [22, 2], facing: 90}]}
    combat-groups: [{name: "1", troopers: [b-lieutenant, b-sniper]}]
  - seat: red
    troopers:
      - {id: r-lieutenant, profile: zhanshi, lieutenant: true, models: [{id: r-lieutenant, at: [10, 14], facing: 270}]}
      - {id: r-scout, profile: scout, deployment: marker, models: [{id: r-scout, at: [2, 22], facing: 270}]}
    combat-groups: [{name: "1", troopers: [r-lieutenant, r-scout]}]
initiative: blue
rounds: 1
`

// leaks lists the private facts of the other side found in b: the
// names in words, and a Lieutenant flag on the other side's Lieutenant.
func leaks(b []byte, words []string, lieutenant string) []string {
	var out []string
	for _, w := range words {
		if bytes.Contains(b, []byte(w)) {
			out = append(out, w)
		}
	}
	if lieutenant == "" {
		return out
	}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if x["id"] == lieutenant && x["lieutenant"] == true {
				out = append(out, lieutenant+" marked Lieutenant")
			}
			if x["kind"] == "lieutenant-revealed" {
				out = append(out, "a lieutenant-revealed event")
			}
			for _, y := range x {
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	for _, line := range bytes.Split(b, []byte("\n")) {
		var v any
		if json.Unmarshal(line, &v) == nil {
			walk(v)
		}
	}
	if bytes.Contains(b, []byte(`data-role="lieutenant"`)) && bytes.Contains(b, []byte(`data-trooper="`+lieutenant+`"`)) {
		// In a DOM: the LT star is drawn inside the model's group.
		i := bytes.Index(b, []byte(`data-trooper="`+lieutenant+`"`))
		j := bytes.Index(b[i:], []byte("</g>"))
		if j > 0 && bytes.Contains(b[i:i+j], []byte(`data-role="lieutenant"`)) {
			out = append(out, lieutenant+" drawn as Lieutenant")
		}
	}
	return out
}

// One Order end to end, in three browser contexts: blue moves its
// fusilier by clicking the table; red's page shows the ARO prompt and red
// declares a Dodge; blue's menu shows the exact odds beside the BS Attack
// and blue declares it; both pages show the same dice and the same log.
// Red's DOM and every payload red's browser received hold none of blue's
// private facts (its Lieutenant, its trooper in Hidden Deployment), blue's
// none of red's (its Lieutenant, the trooper behind its marker), the
// spectator's none of either (Loss of Lieutenant (N4), Hidden Deployment
// (N4), Camouflage (N4)).
func TestOneOrderEndToEnd(t *testing.T) {
	if !long() {
		t.Skip("a browser test of several pages: with ORDO_LONG=1 or CI=true")
	}
	root := browser(t)
	ts, rec := start(t)
	c := create(t, ts, map[string]any{"yaml": privateYAML})
	blue, red, spec := newPage(t, root, "blue"), newPage(t, root, "red"), newPage(t, root, "spectator")
	// Each seat knows its own troopers by their ids, the other seat and the
	// spectators by their public labels.
	blueLT, redLT := labelsOf(t, ts, c, "blue")["b-lieutenant"], labelsOf(t, ts, c, "red")["r-lieutenant"]
	blue.do(t, "open blue's link", chromedp.Navigate(ts.URL+c.Seats["blue"].URL), chromedp.WaitVisible(`#menu button[data-pick-trooper="b-lieutenant"]`), chromedp.WaitReady(`#board [data-trooper="`+redLT+`"]`))
	red.do(t, "open red's link", chromedp.Navigate(ts.URL+c.Seats["red"].URL), chromedp.WaitReady(`#board [data-trooper="r-lieutenant"]`), chromedp.WaitReady(`#board [data-trooper="`+blueLT+`"]`))
	spec.do(t, "open the spectator's link", chromedp.Navigate(ts.URL+"/m/"+c.ID), chromedp.WaitReady(`#board [data-trooper="`+redLT+`"]`), chromedp.WaitReady(`#board [data-trooper="`+blueLT+`"]`))
	firstRender := eval[string](t, blue, `document.body.dataset.firstRender`)

	// Blue: Move the fusilier by clicking the route on the table.
	blue.do(t, "pick the fusilier", chromedp.Click(`#menu button[data-pick-trooper="b-lieutenant"]`))
	blue.do(t, "pick the Move", chromedp.Click(`#menu button[data-kind="route"][data-trooper="b-lieutenant"][data-order="regular"]`), chromedp.WaitVisible(`#route`))
	clickTable(t, blue, 10, 11)
	waitJS(t, blue, "the route checked legal", `document.getElementById('declare-route') && !document.getElementById('declare-route').disabled`)
	if got := eval[string](t, blue, `document.getElementById('route-length').textContent`); !strings.HasPrefix(got, "4″ of MOV") {
		t.Fatalf("the route's length reads %q, want 4″ of the fusilier's MOV", got)
	}
	screenshot(t, blue, "table-mid-order")
	// The keyboard shortcut: Enter declares the drawn route.
	blue.do(t, "declare the Move with Enter", chromedp.KeyEvent("\r"))

	// Blue's feed drops; the page must reconnect by itself and catch up
	// with what red does meanwhile.
	eval[bool](t, blue, `(ordo.ws.close(), true)`)

	// Red: the ARO prompt highlights the zhanshi; red declares a Dodge.
	red.do(t, "the ARO prompt", chromedp.WaitVisible(`#aro-prompt`), chromedp.WaitReady(`#board .model.highlight[data-trooper="r-lieutenant"]`))
	screenshot(t, red, "aro-prompt")
	// Turn notices: the tab of the seat the engine waits for says so; the
	// spectator's never does.
	if got := eval[string](t, red, `document.title`); !strings.HasPrefix(got, "Your turn") {
		t.Fatalf("red's title in its ARO window: %q", got)
	}
	if got := eval[string](t, spec, `document.title`); strings.HasPrefix(got, "Your turn") {
		t.Fatalf("the spectator's title: %q", got)
	}
	// Chat: red writes to blue; the spectator's panel is the spectators'.
	red.do(t, "red writes in the chat", chromedp.SendKeys(`#chat-input`, "good luck\r"))
	blue.do(t, "blue reads it", chromedp.WaitVisible(`#chat-list [data-chat="0"]`))
	if got := eval[string](t, blue, `document.querySelector('#chat-list [data-chat="0"]').textContent`); got != "red: good luck" {
		t.Fatalf("blue's chat reads %q", got)
	}
	if n := eval[int](t, spec, `document.querySelectorAll('#chat-list [data-chat]').length`); n != 0 {
		t.Fatalf("the spectator sees %d of the seats' messages", n)
	}
	// The table actions: red may offer a draw whoever's turn it is.
	red.do(t, "red offers a draw", chromedp.Click(`#table-actions button[data-table="offer-draw"]`))
	blue.do(t, "blue is offered a draw", chromedp.WaitVisible(`#table-actions button[data-table="decline-draw"]`))
	blue.do(t, "blue declines it", chromedp.Click(`#table-actions button[data-table="decline-draw"]`))
	red.do(t, "red may offer again", chromedp.WaitVisible(`#table-actions button[data-table="offer-draw"]`))
	if eval[bool](t, red, `!!document.querySelector('#menu button[data-pick-trooper="r-lieutenant"]')`) {
		red.do(t, "pick the zhanshi", chromedp.Click(`#menu button[data-pick-trooper="r-lieutenant"]`))
	}
	red.do(t, "declare a Dodge", chromedp.Click(`#menu button[data-action='{"kind":"aro","declarations":[{"trooper":"r-lieutenant","skill":{"name":"dodge"}}]}']`))

	// Blue: the BS Attack with its odds, Face to Face against the Dodge,
	// on the zhanshi named by its label.
	attack := `#menu button[data-kind="second"][data-action*='"bs-attack"'][data-action*='"` + redLT + `"']`
	blue.do(t, "the BS Attack with its odds", chromedp.WaitVisible(attack), chromedp.WaitVisible(`#menu [data-role="odds"]`))
	odds := eval[string](t, blue, `document.querySelector('#menu [data-role="odds"]').textContent`)
	if !strings.Contains(odds, "F2F") || !strings.Contains(odds, "Zhanshi falls") || !strings.Contains(odds, "Zhanshi Dodge") || !strings.Contains(odds, "%") {
		t.Fatalf("the odds beside the BS Attack read %q: want the Face to Face chances against the Dodge and of the zhanshi falling", odds)
	}
	// The weapon is the menu entry's: the pistol's entry, beside the Combi
	// Rifle's, has its own odds (its own Burst and range band), and no
	// drop-down repeats the choice.
	if n := eval[int](t, blue, `document.querySelectorAll('#menu select').length`); n != 0 {
		t.Fatalf("the menu has %d drop-downs: each weapon is its own entry", n)
	}
	waitJS(t, blue, "the pistol's odds", `document.querySelector('#menu button[data-action*="pistol"]') && document.querySelector('#menu button[data-action*="pistol"]').parentElement.querySelector('[data-role="odds"]')`)
	pistol := eval[string](t, blue, `document.querySelector('#menu button[data-action*="pistol"]').parentElement.querySelector('[data-role="odds"]').textContent`)
	if label := eval[string](t, blue, `document.querySelector('#menu button[data-action*="pistol"]').textContent`); !strings.Contains(label, "with Pistol") {
		t.Fatalf("the pistol's entry reads %q: want the weapon named as its profile prints it", label)
	}
	if pistol == odds {
		t.Fatalf("the pistol's odds read as the rifle's: %q", pistol)
	}
	before := eval[string](t, blue, `document.body.dataset.lastRoundTrip || ''`)
	blue.do(t, "declare the BS Attack", chromedp.Click(attack))
	waitJS(t, blue, "the result rendered", `document.body.dataset.lastRoundTrip && document.body.dataset.lastRoundTrip !== '`+before+`'`)
	roundTrip := eval[string](t, blue, `document.body.dataset.lastRoundTrip`)
	seq := eval[string](t, blue, `document.body.dataset.seq`)
	for _, p := range []*page{red, spec} {
		waitJS(t, p, "the same seq as blue", `document.body.dataset.seq === '`+seq+`'`)
	}
	diceOf := func(p *page) string { return eval[string](t, p, `document.getElementById('dice').textContent`) }
	if b, r := diceOf(blue), diceOf(red); b != r || !strings.Contains(b, "Fusilier BS Attack") || !strings.Contains(b, "Zhanshi Dodge") {
		t.Fatalf("the dice differ or miss a roll:\nblue: %s\nred:  %s", b, r)
	}
	// The logs have the same entries, and the resolution reads alike (the
	// ARO window names red's marker by its label on blue's page only).
	logOf := func(p *page) string {
		return eval[string](t, p, `[...document.querySelectorAll('#log .e')].length + ' entries; ' + [...document.querySelectorAll('#log .e')].filter(e => e.textContent.includes('the dice are rolled')).map(e => e.textContent).join(' | ')`)
	}
	if b, r := logOf(blue), logOf(red); b != r || !strings.Contains(b, "BS Attack (Face to Face Roll)") {
		t.Fatalf("the logs differ:\nblue: %s\nred:  %s", b, r)
	}
	t.Logf("first render %s ms; BS Attack click to rendered result %s ms (the POST answered after %s ms; the server spent %s per action; the steps in ms from the click: %s)",
		firstRender, roundTrip, eval[string](t, blue, `document.body.dataset.lastPost`), serverActionTime(t, ts), eval[string](t, blue, `document.body.dataset.lastTrip`))

	// Nothing private crossed over, on any channel.
	seen := func(p *page, token string) [][]byte {
		dom := eval[string](t, p, `document.documentElement.outerHTML`)
		return append(append(p.frames(), rec.of(token)...), []byte(dom))
	}
	// The secrets: the hidden and camouflaged troopers, and the author's
	// ids, which name the Lieutenants; the Lieutenants as the other side
	// knows them must never be marked so.
	blueSecrets, redSecrets := []string{"b-sniper", "sniper", "b-lieutenant"}, []string{"r-scout", "scout", "r-lieutenant"}
	for _, c := range []struct {
		p      *page
		token  string
		words  []string
		lt     []string
		hidden string
	}{
		{red, c.Seats["red"].Token, blueSecrets, []string{blueLT}, "blue's"},
		{blue, c.Seats["blue"].Token, redSecrets, []string{redLT}, "red's"},
		{spec, "", append(blueSecrets, redSecrets...), []string{blueLT, redLT}, "both sides'"},
	} {
		payloads := seen(c.p, c.token)
		if len(payloads) < 5 {
			t.Fatalf("%s: only %d payloads recorded: the check would prove nothing", c.p.name, len(payloads))
		}
		for _, b := range payloads {
			for _, lt := range c.lt {
				if l := leaks(b, c.words, lt); len(l) > 0 {
					t.Fatalf("%s received %s private facts %v in:\n%.600s", c.p.name, c.hidden, l, b)
				}
			}
		}
	}
	// The check can fail: blue's own page holds its Lieutenant, marked so
	// and by its id, and its sniper.
	if l := leaks(bytes.Join(seen(blue, c.Seats["blue"].Token), nil), blueSecrets, "b-lieutenant"); len(l) < len(blueSecrets)+1 {
		t.Fatalf("blue's own payloads show only %v of its private facts: the leak check is blind", l)
	}
	noConsoleErrors(t, blue, red, spec)
}

// splitYAML has one blue trooper facing two red ones, both able to react.
const splitYAML = `name: Split Burst test
ruleset: infinity-n4
table: {width: 24, height: 24}
sides:
  - seat: blue
    troopers:
      - {id: fusilier, profile: fusilier, lieutenant: true, models: [{id: fusilier, at: [12, 6], facing: 90}]}
    combat-groups: [{name: "1", troopers: [fusilier]}]
  - seat: red
    troopers:
      - {id: zhanshi, profile: zhanshi, lieutenant: true, models: [{id: zhanshi, at: [9, 15], facing: 270}]}
      - {id: z2, profile: zhanshi, models: [{id: z2, at: [15, 15], facing: 270}]}
    combat-groups: [{name: "1", troopers: [zhanshi, z2]}]
initiative: blue
rounds: 1
`

// A split Burst and AROs of several troopers, put together in the page:
// blue splits its fusilier's Burst between the two zhanshi (BS Attack
// (N4): the Burst divided among targets at declaration), the page checking
// each division as it is typed; red answers with a BS Attack from one and
// a Dodge from the other in one declaration (Order Expenditure Sequence
// (N4): each eligible trooper declares its own ARO). The log shows both as
// built, and the dice roll each share against its own target.
func TestSplitBurstAndCombinedAROs(t *testing.T) {
	if !long() {
		t.Skip("a browser test of several pages: with ORDO_LONG=1 or CI=true")
	}
	root := browser(t)
	ts, _ := start(t)
	c := create(t, ts, map[string]any{"yaml": splitYAML})
	blue, red := newPage(t, root, "blue"), newPage(t, root, "red")
	// Blue knows red's two zhanshi by their labels: it tells them apart by
	// those, red by its own ids.
	redLabels := labelsOf(t, ts, c, "red")
	z1, z2 := redLabels["zhanshi"], redLabels["z2"]
	blue.do(t, "open blue's link", chromedp.Navigate(ts.URL+c.Seats["blue"].URL), chromedp.WaitVisible(`#menu button[data-compose="split"][data-trooper="fusilier"]`))
	red.do(t, "open red's link", chromedp.Navigate(ts.URL+c.Seats["red"].URL), chromedp.WaitReady(`#board [data-trooper="z2"]`))

	blue.do(t, "open the split", chromedp.Click(`#menu button[data-compose="split"][data-trooper="fusilier"]`), chromedp.WaitVisible(`#compose input[data-target="`+z2+`"]`))
	// The Combi Rifle's B3 starts spread over both targets, and is legal.
	waitJS(t, blue, "the even split checked", `!document.getElementById('compose-declare').disabled`)
	if got := eval[string](t, blue, `document.getElementById('split-sum').textContent`); got != "3 of B3 assigned" {
		t.Fatalf("the split reads %q", got)
	}
	setDice := func(target string, n int) {
		eval[bool](t, blue, fmt.Sprintf(`(() => { const i = document.querySelector('#compose input[data-target="%s"]'); i.value = '%d'; i.dispatchEvent(new Event('input')); return true; })()`, target, n))
	}
	// Four dice of a Burst of 3: the server's rule, and no Declare.
	setDice(z2, 2)
	waitJS(t, blue, "the overfull split refused", `document.getElementById('compose-check').textContent.includes('Face to Face Rolls (N4)') && document.getElementById('compose-declare').disabled`)
	if got := eval[string](t, blue, `document.getElementById('compose-check').textContent`); !strings.Contains(got, "assigns 4 dice of a Burst of 3") {
		t.Fatalf("an overfull split reads %q", got)
	}
	// The odds of each share, then the declaration.
	setDice(z1, 1)
	waitJS(t, blue, "the 1–2 split checked legal", `!document.getElementById('compose-declare').disabled && document.querySelectorAll('#compose-odds [data-role="odds"] .track').length > 0`)
	odds := eval[string](t, blue, `document.getElementById('compose-odds').textContent`)
	if !strings.Contains(odds, "B1") || !strings.Contains(odds, "B2") || !strings.Contains(odds, "Zhanshi ("+z1+") falls") || !strings.Contains(odds, "Zhanshi ("+z2+") falls") {
		t.Fatalf("the split's odds read %q: want a B1 share on the zhanshi and a B2 share on z2", odds)
	}
	blue.do(t, "declare the split", chromedp.Click(`#compose-declare`))
	waitJS(t, blue, "the split applied", `document.body.dataset.window !== 'activate' && !document.getElementById('compose')`)

	// Red: both zhanshi may react; one shoots, the other Dodges.
	red.do(t, "the ARO prompt", chromedp.WaitVisible(`#aro-prompt`), chromedp.WaitVisible(`#menu button[data-compose="aro"]`))
	red.do(t, "open the AROs", chromedp.Click(`#menu button[data-compose="aro"]`), chromedp.WaitVisible(`#compose select[data-trooper="z2"]`))
	pick := func(trooper, skill string) {
		ok := eval[bool](t, red, fmt.Sprintf(`(() => { const s = document.querySelector('#compose select[data-trooper="%s"]'); const o = [...s.options].find(o => o.text.startsWith('%s')); if (!o) return false; s.value = o.value; s.dispatchEvent(new Event('change')); return true; })()`, trooper, skill))
		if !ok {
			t.Fatalf("red's composer offers %s no %s", trooper, skill)
		}
	}
	pick("zhanshi", "BS Attack")
	pick("z2", "Dodge")
	waitJS(t, red, "the two AROs checked legal", `!document.getElementById('compose-declare').disabled`)
	// The composer fits a phone held sideways.
	red.do(t, "a phone held sideways", chromedp.EmulateViewport(844, 390, chromedp.EmulateLandscape, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	waitJS(t, red, "the layout settled", `document.getElementById('board').getBoundingClientRect().width > 200`)
	if over := eval[bool](t, red, `document.documentElement.scrollWidth > window.innerWidth + 1 || document.getElementById('compose').scrollWidth > document.getElementById('compose').clientWidth + 1`); over {
		t.Fatal("at 844×390 the ARO composer is wider than its panel or the page than the screen")
	}
	screenshot(t, red, "aro-compose-phone")
	if got := eval[string](t, red, `document.getElementById('compose-check').textContent`); !strings.Contains(got, "Zhanshi (zhanshi) BS Attack") || !strings.Contains(got, "Zhanshi (z2) Dodge") {
		t.Fatalf("red's composed AROs read %q", got)
	}
	red.do(t, "declare both AROs", chromedp.Click(`#compose-declare`))
	waitJS(t, red, "the AROs in the log", `[...document.querySelectorAll('#log .e')].some(e => e.textContent.includes('Zhanshi (zhanshi) BS Attack on Fusilier') && e.textContent.includes('Zhanshi (z2) Dodge'))`)

	// Blue ends the Order (Idle), and the dice roll: each share against its target.
	waitJS(t, blue, "blue's second skill", `document.querySelector('#menu button[data-action*="idle"]')`)
	blue.do(t, "Idle", chromedp.Click(`#menu button[data-action*="idle"]`))
	waitJS(t, blue, "the dice", `[...document.querySelectorAll('#log .e')].some(e => e.textContent.includes('the dice are rolled'))`)
	logText := eval[string](t, blue, `[...document.querySelectorAll('#log .e')].flatMap(e => [[...e.childNodes].filter(n => !(n.classList && n.classList.contains('ev'))).map(n => n.textContent).join(''), ...[...e.querySelectorAll('.ev')].map(x => x.textContent)]).join(' | ')`)
	for _, want := range []string{"BS Attack split Zhanshi (" + z1 + ") ×1, Zhanshi (" + z2 + ") ×2", "ARO window 1: Zhanshi (" + z1 + ") BS Attack on Fusilier", "; Zhanshi (" + z2 + ") Dodge"} {
		if !strings.Contains(logText, want) {
			t.Fatalf("the log lacks %q: %s", want, logText)
		}
	}
	// One die against the zhanshi, two against z2.
	for target, dice := range map[string]int{"Zhanshi (" + z1 + ")": 1, "Zhanshi (" + z2 + ")": 2} {
		m := regexp.MustCompile(`Fusilier BS Attack \(Face to Face Roll\): SV [^|]*?, dice ([^|]*?) vs ` + regexp.QuoteMeta(target) + ` →`).FindStringSubmatch(logText)
		if m == nil || len(strings.Fields(m[1])) != dice {
			t.Fatalf("the fusilier's roll against %s: %q, want %d dice, in %s", target, m, dice, logText)
		}
	}
	noConsoleErrors(t, blue, red)
}

// A seat replays its own view: blue's replay, opened with its token, shows
// its trooper in Hidden Deployment and its Lieutenant; red's and the
// spectator's replays show neither, and nothing red's browser received
// names them (Hidden Deployment (N4), Loss of Lieutenant (N4)).
func TestReplayAsASeat(t *testing.T) {
	if !long() {
		t.Skip("a browser test of several pages: with ORDO_LONG=1 or CI=true")
	}
	root := browser(t)
	ts, rec := start(t)
	c := create(t, ts, map[string]any{"yaml": privateYAML})
	blueLT, redLT := labelsOf(t, ts, c, "blue")["b-lieutenant"], labelsOf(t, ts, c, "red")["r-lieutenant"]
	replay := func(p *page, fragment string) {
		p.do(t, "open the replay", chromedp.Navigate(ts.URL+"/m/"+c.ID+"/replay"+fragment), chromedp.WaitReady(`#board [data-trooper]`))
		waitJS(t, p, "step 0 drawn", `document.body.dataset.step === '0'`)
	}
	blue, red, spec := newPage(t, root, "blue"), newPage(t, root, "red"), newPage(t, root, "spectator")
	replay(blue, "#token="+c.Seats["blue"].Token)
	replay(red, "#token="+c.Seats["red"].Token)
	replay(spec, "")
	for _, v := range []struct {
		p            *page
		view         string
		has, hasNot  []string
		lieutenantOf string
	}{
		{blue, "blue's view", []string{"b-sniper", "b-lieutenant", redLT}, []string{"r-scout", "r-lieutenant"}, "b-lieutenant"},
		{red, "red's view", []string{"r-scout", "r-lieutenant", blueLT}, []string{"b-sniper", "b-lieutenant"}, "r-lieutenant"},
		{spec, "the spectator's view", []string{blueLT, redLT}, []string{"b-sniper", "r-scout", "b-lieutenant", "r-lieutenant"}, ""},
	} {
		if got := eval[string](t, v.p, `document.getElementById('replay-view').textContent`); got != v.view {
			t.Fatalf("%s's replay says %q, want %q", v.p.name, got, v.view)
		}
		for _, id := range v.has {
			if !eval[bool](t, v.p, `!!document.querySelector('#board [data-trooper="`+id+`"]')`) {
				t.Errorf("%s's replay does not draw %s", v.p.name, id)
			}
		}
		for _, id := range v.hasNot {
			if eval[bool](t, v.p, `!!document.querySelector('#board [data-trooper="`+id+`"]')`) {
				t.Errorf("%s's replay draws %s", v.p.name, id)
			}
		}
		lts := eval[[]string](t, v.p, `[...document.querySelectorAll('#board [data-role="lieutenant"]')].map(e => e.closest('[data-trooper]').dataset.trooper)`)
		if want := v.lieutenantOf; (want == "" && len(lts) != 0) || (want != "" && (len(lts) != 1 || lts[0] != want)) {
			t.Errorf("%s's replay marks %v as Lieutenant, want %q", v.p.name, lts, want)
		}
	}
	// Nothing of blue's reached red's replay, on any channel.
	payloads := append(rec.of(c.Seats["red"].Token), []byte(eval[string](t, red, `document.documentElement.outerHTML`)))
	for _, b := range payloads {
		if l := leaks(b, []string{"b-sniper", "sniper", "b-lieutenant"}, blueLT); len(l) > 0 {
			t.Fatalf("red's replay received blue's private facts %v in:\n%.600s", l, b)
		}
	}
	noConsoleErrors(t, blue, red, spec)
}

// flamerYAML: blue's assault trooper with a Heavy Flamethrower facing
// red's zhanshi, and a red Mine on the table.
const flamerYAML = `name: Template test
ruleset: infinity-n4
table: {width: 24, height: 24}
sides:
  - seat: blue
    troopers:
      - {id: assault, profile: assault, lieutenant: true, models: [{id: assault, at: [10, 4], facing: 90}]}
    combat-groups: [{name: "1", troopers: [assault]}]
  - seat: red
    troopers:
      - {id: zhanshi, profile: zhanshi, lieutenant: true, models: [{id: zhanshi, at: [10, 10], facing: 270}]}
    combat-groups: [{name: "1", troopers: [zhanshi]}]
    deployables: [{id: m1, weapon: mine, at: [20, 20]}]
initiative: blue
rounds: 1
`

// Templates drawn on every page (Direct Template Weapons (N4), Deployable
// Weapons (N4)): the Mine with its trigger area from the start; the Heavy
// Flamethrower's teardrop, once blue declares it, on blue's, red's and the
// spectator's boards, covering the zhanshi it was laid on and not the
// empty table beside it.
func TestTemplatesDrawn(t *testing.T) {
	if !long() {
		t.Skip("a browser test of several pages: with ORDO_LONG=1 or CI=true")
	}
	root := browser(t)
	ts, _ := start(t)
	c := create(t, ts, map[string]any{"yaml": flamerYAML})
	blue, red, spec := newPage(t, root, "blue"), newPage(t, root, "red"), newPage(t, root, "spectator")
	// The assault trooper is "assault" on blue's page, its public label on
	// the others; blue aims at the zhanshi by its label.
	assault, zhanshi := labelsOf(t, ts, c, "blue")["assault"], labelsOf(t, ts, c, "red")["zhanshi"]
	by := map[*page]string{blue: "assault", red: assault, spec: assault}
	flame := `#menu button[data-kind="activate"][data-action*='"heavy-flamethrower"'][data-action*='"` + zhanshi + `"']`
	blue.do(t, "open blue's link", chromedp.Navigate(ts.URL+c.Seats["blue"].URL), chromedp.WaitVisible(flame))
	red.do(t, "open red's link", chromedp.Navigate(ts.URL+c.Seats["red"].URL), chromedp.WaitReady(`#board [data-trooper="`+assault+`"]`))
	spec.do(t, "open the spectator's link", chromedp.Navigate(ts.URL+"/m/"+c.ID), chromedp.WaitReady(`#board [data-trooper="`+assault+`"]`))
	for _, p := range []*page{blue, red, spec} {
		// Every page knows red's Mine by its public label, never by its
		// author's id (m1).
		waitJS(t, p, "the Mine drawn", `document.querySelector('#board [data-role="deployable"][data-by="red-antipersonnel-mine-1"]')`)
		if eval[bool](t, p, `!!document.querySelector('[data-by="m1"]') || document.body.innerHTML.includes('"m1"')`) {
			t.Fatalf("%s: the page names the Mine by its author's id", p.name)
		}
		if n := eval[int](t, p, `document.querySelectorAll('#board [data-role="template"]').length`); n != 0 {
			t.Fatalf("%s: %d teardrops before any attack", p.name, n)
		}
	}
	blue.do(t, "declare the flamethrower", chromedp.Click(flame))
	// inside reports whether a table point is under the drawn teardrop.
	inside := func(p *page, x, y float64) bool {
		return eval[bool](t, p, fmt.Sprintf(`(() => { const e = document.querySelector('#board [data-role="template"][data-by="%s"]'); const q = document.getElementById('board').createSVGPoint(); q.x = %g; q.y = %g; return e.isPointInFill(q); })()`, by[p], x, y))
	}
	for _, p := range []*page{blue, red, spec} {
		waitJS(t, p, "the teardrop drawn", `document.querySelector('#board [data-role="template"][data-by="`+by[p]+`"]')`)
		if !inside(p, 10, 10) || !inside(p, 10, 13.5) || inside(p, 10, 15) || inside(p, 14, 10) || inside(p, 10, 3) {
			t.Fatalf("%s: the teardrop is not laid from the assault trooper toward the zhanshi, 10\" long", p.name)
		}
	}
	screenshot(t, red, "template")
	noConsoleErrors(t, blue, red, spec)
}

// serverActionTime is the mean time the server took to answer an action
// request, read from its /metrics (ordo_action_duration_seconds).
func serverActionTime(t *testing.T, ts *httptest.Server) time.Duration {
	t.Helper()
	res, err := http.Get(ts.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	var n int
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "ordo_action_duration_seconds_sum "); ok {
			fmt.Sscan(v, &sum)
		}
		if v, ok := strings.CutPrefix(line, "ordo_action_duration_seconds_count "); ok {
			fmt.Sscan(v, &n)
		}
	}
	if n == 0 {
		t.Fatal("/metrics counts no action")
	}
	return time.Duration(sum / float64(n) * float64(time.Second))
}
