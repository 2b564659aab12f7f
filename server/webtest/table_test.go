//go:build browser

package webtest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// noConsoleErrors fails on any error the pages wrote to their console.
func noConsoleErrors(t *testing.T, pages ...*page) {
	t.Helper()
	for _, p := range pages {
		if errs := p.consoleErrors(); len(errs) > 0 {
			t.Fatalf("%s: console errors: %q", p.name, errs)
		}
	}
}

// onEachScreen runs f once per screen, against one server and browser.
func onEachScreen(t *testing.T, f func(t *testing.T, ts *httptest.Server, root context.Context, sc screen)) {
	t.Helper()
	if !long() {
		t.Skip("a browser test of several pages: with ORDO_LONG=1 or CI=true")
	}
	root := browser(t)
	ts, _ := start(t)
	for _, sc := range []screen{laptop, phone} {
		t.Run(sc.name, func(t *testing.T) { f(t, ts, root, sc) })
	}
}

// The two screens the web table is checked on: a laptop, and a phone held
// upright.
type screen struct {
	name string
	emu  chromedp.Action[chromedp.Void]
}

var (
	laptop = screen{"1366x768", chromedp.EmulateViewport(1366, 768)}
	phone  = screen{"390x844", chromedp.EmulateViewport(390, 844, chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2))}
)

// open shows a seat's link (or the spectator's) on a screen.
func open(t *testing.T, p *page, sc screen, url, ready string) {
	t.Helper()
	p.do(t, "emulate "+sc.name, sc.emu)
	p.do(t, "open "+url, chromedp.Navigate(url), chromedp.WaitReady(ready))
}

// controlsInView counts the controls a player sees without scrolling:
// buttons, inputs and drop-downs whose middle is on the screen and not
// clipped by a scrolled panel.
const controlsInView = `(() => [...document.querySelectorAll('button, input, select, summary')].filter(b => {
  const r = b.getBoundingClientRect();
  if (!r.width || !r.height) return false;
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
  const at = document.elementFromPoint(x, y);
  return at && (at === b || b.contains(at) || at.closest('label') === b.closest('label'));
}).length)()`

// fullyInView reports whether the element is on the screen, whole.
func fullyInView(t *testing.T, p *page, sel string) bool {
	t.Helper()
	return eval[bool](t, p, `(() => { const e = document.querySelector('`+sel+`'); if (!e) return false; const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5; })()`)
}

// rawFacing is a facing printed with its decimals ("38.65980825409009°").
var rawFacing = regexp.MustCompile(`\d+\.\d+°`)

// pageText is everything a player reads: the sidebar, the status, the
// log, the titles of the board.
const pageText = `document.getElementById('app').innerText + ' ' + [...document.querySelectorAll('#board title')].map(e => e.textContent).join(' ')`

// checkText fails on the text defects a player reported: "null" or
// "undefined" printed, a facing as a raw float, "a" before a vowel, and a
// log entry that says the same thing twice.
func checkText(t *testing.T, p *page) {
	t.Helper()
	text := eval[string](t, p, pageText)
	for _, bad := range []string{"null", "undefined", "NaN", "[object", "a Irregular", "a irregular", "a Impetuous"} {
		if strings.Contains(text, bad) {
			i := strings.Index(text, bad)
			t.Fatalf("%s: the page prints %q: …%s…", p.name, bad, text[max(0, i-120):min(len(text), i+80)])
		}
	}
	if m := rawFacing.FindString(text); m != "" {
		t.Fatalf("%s: a facing printed as a raw number: %q", p.name, m)
	}
	dup := eval[string](t, p, `(() => { for (const e of document.querySelectorAll('#log .e')) {
  const head = [...e.childNodes].filter(n => !(n.classList && n.classList.contains('ev'))).map(n => n.textContent).join('').replace(/^#\d+ \S+: /, '');
  const lines = [head, ...[...e.querySelectorAll('.ev')].map(x => x.textContent)];
  const seen = new Set();
  for (const l of lines) { if (seen.has(l)) return e.textContent; seen.add(l); }
} return ''; })()`)
	if dup != "" {
		t.Fatalf("%s: a log entry repeats a line: %s", p.name, dup)
	}
	checkMenu(t, p)
}

// whyAsked is a phrase each window's prompt must hold, saying why the
// player is asked and what the choices do.
var whyAsked = map[string]string{
	"orders":             "End the Orders Phase when you are done",
	"aro-1":              "Automatic Reaction Order",
	"aro-2":              "Automatic Reaction Order",
	"second":             "second skill",
	"dodge-move":         "up to 2″",
	"guts-move":          "out of its attackers' Line of Fire",
	"alert":              "turn on the spot to face the attacker",
	"appoint-lieutenant": "new one",
	"proxy-token":        "Active Proxy Token",
	"strategic-use":      "Strategic Use",
}

// checkMenu fails when the prompted page's window does not say why it
// asks, or when its menu lists one choice twice (the Alert's two
// "Alert:" entries). It reports the window.
func checkMenu(t *testing.T, p *page) string {
	t.Helper()
	win := eval[string](t, p, `(window.ordo && ordo.me && !ordo.snap.over && (ordo.snap.prompt.seats || []).includes(ordo.me)) ? document.body.dataset.window : ''`)
	if win == "" {
		return ""
	}
	if want, ok := whyAsked[win]; ok {
		if got := eval[string](t, p, `document.getElementById('prompt').innerText`); !strings.Contains(got, want) {
			t.Fatalf("%s: the %s window does not say why it asks (want %q): %s", p.name, win, want, got)
		}
	}
	if d := eval[string](t, p, `(() => { const by = new Map(); for (const b of document.querySelectorAll('#menu button[data-action]')) { const k = b.closest('.target, .group, #menu'); if (!by.has(k)) by.set(k, []); by.get(k).push(b.textContent); }
  for (const xs of by.values()) { const s = new Set(); for (const x of xs) { if (s.has(x)) return x; s.add(x); } } return ''; })()`); d != "" {
		t.Fatalf("%s: the menu lists %q twice (%s)", p.name, d, win)
	}
	return win
}

// waitFor reports whether the expression became true in the page within d.
func waitFor(p *page, js string, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if ok, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool]("!!("+js+")")); err == nil && ok {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

// windowsSeen are the windows the played games went through.
var windowsSeen = map[string]bool{}

// playOne makes one choice in the page that is prompted, through clicks:
// a confirmation if one is asked, else a legal entry of the menu (a seeded
// choice), else a trooper of the roster. It reports whether the page was
// prompted.
func playOne(t *testing.T, p *page, rng *rand.Rand) bool { return playPreferring(t, p, rng, "") }

// playPreferring is playOne choosing, among the legal entries, those whose
// action matches the regular expression prefer when there are any.
func playPreferring(t *testing.T, p *page, rng *rand.Rand, prefer string) bool {
	t.Helper()
	if !eval[bool](t, p, `!!ordo.me && !ordo.snap.over && (ordo.snap.prompt.seats || []).includes(ordo.me)`) {
		return false
	}
	waitJS(t, p, "the odds of the menu", `!ordo.oddsPending`)
	if win := checkMenu(t, p); win != "" {
		windowsSeen[win] = true
	}
	seq := eval[string](t, p, `document.body.dataset.seq`)
	if eval[bool](t, p, `!!document.getElementById('confirm-yes')`) {
		p.do(t, "confirm", chromedp.Click(`#confirm-yes`))
		waitJS(t, p, "the confirmed action applied", `document.body.dataset.seq !== '`+seq+`' || document.getElementById('error')`)
		return true
	}
	pick := rng.IntN(1 << 20)
	// Legal entries first; a trooper of the roster when there are none; a
	// trooper's menu is left for the roster one time in four, so that the
	// game goes on with the others too.
	kind := eval[string](t, p, fmt.Sprintf(`(() => {
  const vis = sel => [...document.querySelectorAll(sel)].filter(b => !b.disabled && !b.closest('#compose') && !b.closest('#route') && b.getClientRects().length);
  const all = vis('#menu button[data-action]');
  const end = all.filter(b => /^end-/.test(b.dataset.kind));
  let acts = all.filter(b => !/^end-/.test(b.dataset.kind));
  const pref = %q ? acts.filter(b => new RegExp(%q).test(b.dataset.action)) : [];
  if (pref.length) acts = pref;
  const picks = vis('#menu button[data-pick-trooper]');
  const back = document.getElementById('back');
  const r = %d;
  const mark = (b, k) => { b.dataset.pick = 'x'; return k; };
  if (end.length && (r %% 12 === 0 || (!acts.length && !picks.length && !back))) return mark(end[0], 'act');
  if (back && r %% 4 === 0) return mark(back, 'back');
  if (acts.length) return mark(acts[(r >> 4) %% acts.length], 'act');
  if (picks.length) return mark(picks[(r >> 4) %% picks.length], 'pick');
  if (back) return mark(back, 'back');
  if (end.length) return mark(end[0], 'act');
  return '';
})()`, prefer, prefer, pick))
	if kind == "" {
		t.Fatalf("%s is prompted (%s) with nothing to click: %s", p.name, eval[string](t, p, `document.body.dataset.window`), eval[string](t, p, `document.getElementById('menu').innerText`))
	}
	// A new state (the other seat or the computer acting) may draw the
	// menu again between the marking and the click, and the marked button
	// is gone: nothing was clicked, so nothing was sent; choose again.
	ctx, cancel := context.WithTimeout(p.ctx, 3*time.Second)
	err := chromedp.Do(ctx, chromedp.Click(`[data-pick="x"]`))
	cancel()
	eval[bool](t, p, `(document.querySelectorAll('[data-pick]').forEach(e => delete e.dataset.pick), true)`)
	if err != nil {
		if p.ctx.Err() != nil {
			t.Fatalf("%s: click %s: %v", p.name, kind, err)
		}
		return true
	}
	if kind != "act" {
		return true
	}
	applied := `document.body.dataset.seq !== '` + seq + `' || document.getElementById('error') || document.getElementById('confirm-yes')`
	if !waitFor(p, applied, 5*time.Second) {
		// The entry was drawn again between its marking and the click
		// (nothing was sent): choose again. Anything sent must land.
		if !eval[bool](t, p, `!!ordo.pending`) {
			return true
		}
		waitJS(t, p, "the action applied", applied)
	}
	if msg := eval[string](t, p, `(document.getElementById('error') || {}).textContent || ''`); msg != "" {
		t.Fatalf("%s: a legal entry was refused: %s", p.name, msg)
	}
	return true
}

// The bundled demo played to its end through clicks only, blue on a laptop
// and red on a phone held upright, then replayed and its dice verified.
// At the start blue's sidebar shows at most 25 controls without scrolling,
// its Orders, Command Tokens and log in view; the E key and the No ARO
// entry ask before they act; and no page ever prints "null", a raw facing
// or a log line twice.
func TestDemoToItsEnd(t *testing.T) {
	if !long() {
		t.Skip("a whole game in the browser: with ORDO_LONG=1 or CI=true")
	}
	root := browser(t)
	ts, _ := start(t)
	c := create(t, ts, map[string]any{"scenario": "demo"})
	blue, red := newPage(t, root, "blue"), newPage(t, root, "red")
	open(t, blue, laptop, ts.URL+c.Seats["blue"].URL, `#menu button[data-pick-trooper]`)
	open(t, red, phone, ts.URL+c.Seats["red"].URL, `#board [data-trooper="r-zhanshi"]`)
	firstRender := eval[string](t, blue, `document.body.dataset.firstRender`)

	// The laptop: few controls, the Orders, Command Tokens and log in view.
	if n := eval[int](t, blue, controlsInView); n > 25 {
		t.Fatalf("at 1366×768 the demo opens with %d controls in view, want at most 25", n)
	}
	for _, sel := range []string{"#armies", "#log-panel", "#prompt"} {
		if !fullyInView(t, blue, sel) {
			t.Fatalf("at 1366×768 %s is not in view without scrolling", sel)
		}
	}
	if got := eval[string](t, blue, `document.querySelector('#armies [data-army="blue"]').textContent`); !strings.Contains(got, "Order") || !strings.Contains(got, "Command Token") {
		t.Fatalf("blue's Orders and Command Tokens read %q", got)
	}
	screenshot(t, blue, "demo-start-"+laptop.name)
	// The phone: the board fills the width, the menu is a sheet at the bottom.
	if w := eval[float64](t, red, `document.getElementById('board').getBoundingClientRect().width / innerWidth`); w < 0.95 {
		t.Fatalf("at 390×844 the board is %.0f%% of the width", 100*w)
	}
	if !eval[bool](t, red, `(() => { const m = document.getElementById('menu'); const r = m.getBoundingClientRect(); return getComputedStyle(m).position === 'fixed' && Math.abs(r.bottom - innerHeight) < 2; })()`) {
		t.Fatal("at 390×844 the menu is not a sheet at the bottom of the screen")
	}
	if over := eval[bool](t, red, `document.documentElement.scrollWidth > innerWidth + 1`); over {
		t.Fatal("at 390×844 the page is wider than the screen")
	}
	screenshot(t, red, "demo-start-"+phone.name)

	// The E key asks before it ends the Orders Phase, and Esc keeps playing.
	seq := eval[string](t, blue, `document.body.dataset.seq`)
	blue.do(t, "press E", chromedp.KeyEvent("e"))
	waitJS(t, blue, "the confirmation", `document.getElementById('confirm-yes')`)
	if got := eval[string](t, blue, `document.getElementById('confirm').textContent`); !strings.Contains(got, "lost") {
		t.Fatalf("ending the Orders Phase asks %q: want what is lost", got)
	}
	blue.do(t, "press Esc", chromedp.KeyEvent("\u001b"))
	waitJS(t, blue, "the confirmation gone", `!document.getElementById('confirm')`)
	if got := eval[string](t, blue, `document.body.dataset.seq`); got != seq {
		t.Fatalf("E then Esc changed the match: seq %s, was %s", got, seq)
	}
	// A trooper picked on the table shows its menu and its profile card.
	clickTable(t, blue, eval[float64](t, blue, `ordo.snap.observation.models.find(m => m.trooper === 'b-hmg').at[0]`), eval[float64](t, blue, `ordo.snap.observation.models.find(m => m.trooper === 'b-hmg').at[1]`))
	waitJS(t, blue, "the HMG's menu", `document.querySelector('#menu [data-group="b-hmg"] [data-cat="Attack"]')`)
	card := eval[string](t, blue, `document.getElementById('card').innerText`)
	for _, want := range []string{"BS", "ARM", "HMG", "″"} {
		if !strings.Contains(card, want) {
			t.Fatalf("the Heavy Gunner's card lacks %q: %s", want, card)
		}
	}
	if n := eval[int](t, blue, `document.querySelectorAll('#menu details.greyed:not([open]) .why-row').length`); n == 0 {
		t.Fatal("the HMG's entries it may not declare are not folded with their reasons")
	}
	// What it sees, from the engine: a line to each enemy in its Line of
	// Fire, its HMG's range bands as rings.
	waitJS(t, blue, "the HMG's Line of Fire drawn", `ordo.sight && ordo.sight.trooper === 'b-hmg' && document.querySelector('#board [data-role="sight"][data-trooper="b-hmg"]')`)
	lof := eval[[]int](t, blue, `[document.querySelectorAll('#board [data-role="lof"]').length, ordo.sight.targets.filter(t => t.lof).length, document.querySelectorAll('#board [data-role="range-ring"]').length]`)
	if lof[0] == 0 || lof[0] != lof[1] || lof[2] == 0 {
		t.Fatalf("the HMG's overlay draws %d Line of Fire lines for the engine's %d and %d range rings", lof[0], lof[1], lof[2])
	}
	screenshot(t, blue, "demo-trooper-"+laptop.name)
	// The ruler, dragged from (4, 10) to (4, 16): 6″.
	blue.do(t, "the ruler on", chromedp.Click(`#ruler-toggle`))
	xy := func(x, y float64) []float64 {
		return eval[[]float64](t, blue, fmt.Sprintf(`(() => { const svg = document.getElementById('board'); const q = svg.createSVGPoint(); q.x = %g; q.y = %g; const r = q.matrixTransform(svg.getScreenCTM()); return [r.x, r.y]; })()`, x, y))
	}
	a, b := xy(4, 10), xy(4, 16)
	blue.do(t, "drag the ruler", chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, a[0], a[1], chromedp.ButtonLeft), chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, b[0], b[1], chromedp.ButtonLeft), chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, b[0], b[1], chromedp.ButtonLeft))
	if got := eval[string](t, blue, `(document.getElementById('ruler') || {dataset: {}}).dataset.length || ''`); got < "5.8" || got > "6.2" {
		t.Fatalf("the ruler from (4, 10) to (4, 16) reads %q", got)
	}
	blue.do(t, "the ruler off", chromedp.Click(`#ruler-toggle`))

	// The game, to its end.
	rng := rand.New(rand.NewPCG(26, 1))
	noARO := false
	for n := 0; ; n++ {
		if n > 1500 {
			t.Fatal("the demo did not end in 1500 clicks")
		}
		if eval[bool](t, blue, `ordo.snap.over`) {
			break
		}
		// Once, red skips an ARO window: the page asks first.
		if !noARO && eval[bool](t, red, `/^aro-/.test(document.body.dataset.window) && (ordo.snap.prompt.seats || []).includes('red') && !ordo.oddsPending && (() => { const b = [...document.querySelectorAll('#menu button[data-action]')].find(b => { const a = JSON.parse(b.dataset.action); return a.kind === 'aro' && !(a.declarations || []).length; }); if (b) b.dataset.noaro = '1'; return !!b; })()`) {
			noARO = true
			before := eval[string](t, red, `document.body.dataset.seq`)
			red.do(t, "No ARO", chromedp.Click(`[data-noaro="1"]`))
			waitJS(t, red, "the confirmation", `document.getElementById('confirm-yes')`)
			if eval[string](t, red, `document.body.dataset.seq`) != before {
				t.Fatal("No ARO acted before it was confirmed")
			}
			screenshot(t, red, "demo-no-aro-"+phone.name)
		}
		acted := false
		for _, p := range []*page{blue, red} {
			if playOne(t, p, rng) {
				acted = true
				if n%10 == 0 {
					checkText(t, p)
				}
				break
			}
		}
		if !acted {
			time.Sleep(20 * time.Millisecond)
		}
	}
	for _, p := range []*page{blue, red} {
		waitJS(t, p, "the game over", `ordo.snap.over && document.querySelector('#prompt h2').textContent === 'The game is over'`)
		checkText(t, p)
	}
	if !noARO {
		t.Log("red was never offered to skip an ARO window in this game")
	}
	t.Logf("windows played through: %v", windowsSeen)
	screenshot(t, blue, "demo-end-"+laptop.name)
	screenshot(t, red, "demo-end-"+phone.name)
	trips := eval[string](t, blue, `JSON.stringify(ordo.timings.slice().sort((a, b) => a - b).filter((_, i, a) => i === Math.floor(a.length / 2) || i === Math.floor(a.length * 0.9)))`)
	t.Logf("demo: first render %s ms; Order round trips (click to drawn), median and 90th percentile: %s ms over %d", firstRender, trips, eval[int](t, blue, `ordo.timings.length`))

	spec := newPage(t, root, "replay")
	spec.do(t, "open the replay", chromedp.Navigate(ts.URL+"/m/"+c.ID+"/replay"), chromedp.WaitVisible(`#verified`))
	if got := eval[string](t, spec, `document.getElementById('verified').textContent`); !strings.HasPrefix(got, "Every die of") {
		t.Fatalf("the replay's verification reads %q", got)
	}
	if got := eval[string](t, spec, `document.getElementById('commitment-check').textContent`); got != "matches the commitment published at creation" {
		t.Fatalf("the seed against the commitment, checked in the browser: %q", got)
	}
	spec.do(t, "step forward", chromedp.Click(`#next`))
	waitJS(t, spec, "step 1", `document.body.dataset.step === '1'`)
	spec.do(t, "step forward again", chromedp.Click(`#next`))
	waitJS(t, spec, "step 2", `document.body.dataset.step === '2'`)
	spec.do(t, "step back", chromedp.Click(`#prev`))
	waitJS(t, spec, "step 1 again", `document.body.dataset.step === '1'`)
	screenshot(t, spec, "replay")
	noConsoleErrors(t, blue, red, spec)
}

// A hacking Order through clicks (Hacking (N3)), on each screen: blue's
// Netrunner, its Hack entries by program with the program table's numbers
// and the exact odds, declares Gotcha! on red's Heavy Gunner; red's ARO
// prompt names the program, and both logs do.
func TestHackingOrder(t *testing.T) {
	onEachScreen(t, func(t *testing.T, ts *httptest.Server, root context.Context, sc screen) {
		c := create(t, ts, map[string]any{"scenario": "hacking-demo"})
		blue, red := newPage(t, root, "blue"), newPage(t, root, "red")
		open(t, blue, sc, ts.URL+c.Seats["blue"].URL, `#menu button[data-pick-trooper="b-netrunner"]`)
		open(t, red, sc, ts.URL+c.Seats["red"].URL, `#board [data-trooper="r-gunner"]`)
		clickMarked(t, blue, "the Netrunner", `document.querySelector('#menu button[data-pick-trooper="b-netrunner"]')`)
		// Blue's menu names red's Heavy Gunner by its public label.
		gotcha := `#menu [data-cat="Hack"] [data-target="` + labelsOf(t, ts, c, "red")["r-gunner"] + `"] button[data-action*='"gotcha"']`
		blue.do(t, "the Hack entries", chromedp.WaitVisible(gotcha))
		waitJS(t, blue, "the odds of Gotcha!", `document.querySelector(`+"`"+gotcha+"`"+`).parentElement.querySelector('[data-role="odds"]')`)
		row := eval[string](t, blue, `document.querySelector(`+"`"+gotcha+"`"+`).parentElement.innerText`)
		for _, want := range []string{"Gotcha!", "Attack MOD", "Opponent MOD", "DAM", "B2", "scores", "%"} {
			if !strings.Contains(row, want) {
				t.Fatalf("Gotcha!'s entry lacks %q: %s", want, row)
			}
		}
		if n := eval[int](t, blue, `[...document.querySelectorAll('#menu [data-cat="Hack"] button')].filter(b => b.textContent.trim() === 'Hack' || /^hack on/i.test(b.textContent)).length`); n != 0 {
			t.Fatalf("%d hacking entries do not name their program", n)
		}
		screenshot(t, blue, "hacking-menu-"+sc.name)
		blue.do(t, "declare Gotcha!", chromedp.Click(gotcha))
		waitJS(t, red, "red's ARO prompt", `document.getElementById('aro-prompt')`)
		if got := eval[string](t, red, `document.getElementById('prompt').innerText`); !strings.Contains(got, "Gotcha!") {
			t.Fatalf("red's ARO prompt does not name the program: %s", got)
		}
		// Red's Reset shows the odds of the program it meets.
		// The menu is drawn again as the ARO's odds come in: the button is
		// found again if it went before the click.
		clickMarked(t, red, "the Heavy Gunner", `document.querySelector('#menu button[data-pick-trooper="r-gunner"]')`)
		reset := `#menu [data-group="r-gunner"] button[data-action*='"reset"']`
		red.do(t, "the Reset", chromedp.WaitVisible(reset))
		waitJS(t, red, "the odds of the Reset", `document.querySelector(`+"`"+reset+"`"+`).parentElement.querySelector('[data-role="odds"]')`)
		if got := eval[string](t, red, `document.querySelector(`+"`"+reset+"`"+`).parentElement.innerText`); !strings.Contains(got, "Gotcha!") || !strings.Contains(got, "Reset") || !strings.Contains(got, "%") {
			t.Fatalf("the Reset's odds read %q: want Gotcha! against the Reset", got)
		}
		screenshot(t, red, "hacking-aro-"+sc.name)
		for _, p := range []*page{blue, red} {
			waitJS(t, p, "the program in the log", `[...document.querySelectorAll('#log .e')].some(e => e.textContent.includes('Gotcha!'))`)
			checkText(t, p)
		}
		noConsoleErrors(t, blue, red)
	})
}

// A G: Jumper activation through clicks (G: Jumper (N4, PDF 2.1)), on each
// screen: the Proxies are drawn in their seat's colour, and once one is
// activated — a Move drawn by taps on the table — it is marked as the
// Active Proxy on both players' boards.
func TestJumperActivation(t *testing.T) {
	onEachScreen(t, func(t *testing.T, ts *httptest.Server, root context.Context, sc screen) {
		c := create(t, ts, map[string]any{"scenario": "jumper-demo"})
		aleph, enemy := newPage(t, root, "aleph"), newPage(t, root, "enemy")
		// Each page knows the other seat's troopers by their public labels.
		alephLabels, enemyLabels := labelsOf(t, ts, c, "aleph"), labelsOf(t, ts, c, "enemy")
		ids := map[*page][]string{aleph: {"mk4", "mk5", enemyLabels["e-zhanshi"]}, enemy: {alephLabels["mk4"], alephLabels["mk5"], "e-zhanshi"}}
		open(t, aleph, sc, ts.URL+c.Seats["aleph"].URL, `#menu button[data-pick-trooper="mk4"]`)
		open(t, enemy, sc, ts.URL+c.Seats["enemy"].URL, `#board [data-trooper="`+ids[enemy][0]+`"]`)
		for _, p := range []*page{aleph, enemy} {
			fills := eval[[]string](t, p, `['`+strings.Join(ids[p], `', '`)+`'].map(id => document.querySelector('#board [data-trooper="' + id + '"] .base').getAttribute('fill'))`)
			if fills[0] != fills[1] || fills[0] == fills[2] {
				t.Fatalf("%s: the Proxies and the enemy are drawn %v: want the Proxies in one colour, the enemy in another", p.name, fills)
			}
			if cls := eval[string](t, p, `document.querySelector('#armies [data-army="aleph"] b').className`); cls != "seat-c0" {
				t.Fatalf("%s: aleph's seat is not coloured: class %q", p.name, cls)
			}
		}
		// A whole Order by taps: the Proxy, its Move, the route tapped on
		// the table, Declare.
		aleph.do(t, "pick the Proxy", chromedp.Click(`#menu button[data-pick-trooper="mk4"]`))
		move := `#menu [data-group="mk4"] button[data-kind="route"]`
		aleph.do(t, "its Move", chromedp.WaitVisible(move), chromedp.Click(move), chromedp.WaitVisible(`#route`))
		clickTable(t, aleph, 12, 6)
		waitJS(t, aleph, "the route checked legal", `document.getElementById('declare-route') && !document.getElementById('declare-route').disabled`)
		aleph.do(t, "declare the Move", chromedp.Click(`#declare-route`))
		for _, p := range []*page{aleph, enemy} {
			waitJS(t, p, "the Active Proxy marked", `document.querySelector('#board [data-trooper="`+ids[p][0]+`"] [data-role="active-proxy"]')`)
			if n := eval[int](t, p, `document.querySelectorAll('#board [data-role="active-proxy"]').length`); n != 1 {
				t.Fatalf("%s: %d Active Proxies marked", p.name, n)
			}
			checkText(t, p)
		}
		screenshot(t, enemy, "jumper-"+sc.name)
		noConsoleErrors(t, aleph, enemy)
	})
}

// A fantasy battle in the browser, through clicks (Charges, Close combat,
// Break tests): blue on a laptop and red on a phone held upright play the
// fantasy demo, preferring charges and fights, until a unit has charged,
// fought and taken a break test. The board draws every unit's bases as
// the engine placed them; no page prints "null" or a line twice.
func TestFantasyChargeToBreakTest(t *testing.T) {
	if !long() {
		t.Skip("a browser test of several pages: with ORDO_LONG=1 or CI=true")
	}
	root := browser(t)
	ts, _ := start(t)
	c := create(t, ts, map[string]any{"scenario": "fantasy-demo"})
	blue, red := newPage(t, root, "blue"), newPage(t, root, "red")
	open(t, blue, laptop, ts.URL+c.Seats["blue"].URL, `#board [data-unit="spears"]`)
	open(t, red, phone, ts.URL+c.Seats["red"].URL, `#board [data-unit="swords"]`)
	if n := eval[int](t, blue, `document.querySelectorAll('#board [data-unit="spears"] .fbase').length`); n != eval[int](t, blue, `ordo.snap.observation.units.spears.models`) {
		t.Fatalf("the spears are drawn with %d bases", n)
	}
	screenshot(t, blue, "fantasy-start-"+laptop.name)
	seen := func(kind string) bool {
		return eval[bool](t, blue, `ordo.log.some(e => (e.events || []).some(v => v.kind === '`+kind+`'))`)
	}
	rng := rand.New(rand.NewPCG(26, 2))
	for n := 0; ; n++ {
		if seen("charge-declared") && seen("fought") && seen("break-test") {
			break
		}
		if n > 1500 || eval[bool](t, blue, `ordo.snap.over`) {
			t.Fatalf("no charge, close combat and break test after %d clicks (game over: %v)", n, eval[bool](t, blue, `ordo.snap.over`))
		}
		acted := false
		for _, p := range []*page{blue, red} {
			if playPreferring(t, p, rng, `"kind":"(charge|fight|pursue|hold|accept)"`) {
				acted = true
				if n%10 == 0 {
					checkText(t, p)
				}
				break
			}
		}
		if !acted {
			time.Sleep(20 * time.Millisecond)
		}
	}
	for _, p := range []*page{blue, red} {
		waitJS(t, p, "the break test in the log", `[...document.querySelectorAll('#log .e')].some(e => /break/i.test(e.textContent))`)
		checkText(t, p)
	}
	screenshot(t, blue, "fantasy-combat-"+laptop.name)
	screenshot(t, red, "fantasy-combat-"+phone.name)
	// Its replay steps through without an error.
	spec := newPage(t, root, "replay")
	spec.do(t, "open the replay", chromedp.Navigate(ts.URL+"/m/"+c.ID+"/replay"), chromedp.WaitVisible(`#next`))
	waitJS(t, spec, "step 0", `document.body.dataset.step === '0'`)
	spec.do(t, "step forward", chromedp.Click(`#next`))
	waitJS(t, spec, "step 1", `document.body.dataset.step === '1' && document.getElementById('replay-units')`)
	checkText(t, spec)
	noConsoleErrors(t, blue, red, spec)
}
