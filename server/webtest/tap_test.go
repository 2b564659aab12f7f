//go:build browser

package webtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// press puts a finger (on a phone) or the mouse button down on the point
// of the page, and lift takes it off there: a tap or a click, in two
// halves, so that a test can change the page between them.
func press(t *testing.T, p *page, sc screen, x, y float64) {
	t.Helper()
	if sc.name == phone.name {
		p.do(t, "touch", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: x, Y: y}}})
			return err
		}))
		return
	}
	p.do(t, "press", chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
}

func lift(t *testing.T, p *page, sc screen, x, y float64) {
	t.Helper()
	if sc.name == phone.name {
		p.do(t, "lift the finger", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}})
			return err
		}))
		return
	}
	p.do(t, "release", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
}

// centre is the middle of the element the expression finds, in the
// page's coordinates, scrolled into view first.
func centre(t *testing.T, p *page, find string) (float64, float64) {
	t.Helper()
	xy := eval[[]float64](t, p, `(() => { const b = `+find+`; b.scrollIntoView({ block: 'center' }); const r = b.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
	return xy[0], xy[1]
}

// A tap on the menu survives the menu being drawn again under it: while
// the finger (or the button) is down, the odds coming in redraw nothing,
// and the lift picks the trooper tapped. A tap that a new state took away
// (the seat's own action sent from elsewhere) declares nothing, and the
// page says so. On each screen; no console error.
func TestTapSurvivesARedraw(t *testing.T) {
	onEachScreen(t, func(t *testing.T, ts *httptest.Server, root context.Context, sc screen) {
		c := create(t, ts, map[string]any{"scenario": "demo"})
		p := newPage(t, root, "blue")
		open(t, p, sc, ts.URL+c.Seats["blue"].URL, `#menu`)
		waitJS(t, p, "the menu's odds", `!ordo.oddsPending && document.querySelector('#menu [data-pick-trooper]:not([disabled])')`)
		trooper := eval[string](t, p, `document.querySelector('#menu [data-pick-trooper]:not([disabled])').dataset.pickTrooper`)
		find := `document.querySelector('#menu [data-pick-trooper="` + trooper + `"]')`
		x, y := centre(t, p, find)
		eval[bool](t, p, `(window.pressed = `+find+`, true)`)
		press(t, p, sc, x, y)
		// The odds come in again (asked afresh), and the menu with them.
		eval[bool](t, p, `(ordo.odds.clear(), ordo.oddsAsked = null, ordo.render(), true)`)
		waitJS(t, p, "the odds asked again and in", `!ordo.oddsPending`)
		eval[bool](t, p, `(ordo.render(), true)`)
		if !eval[bool](t, p, `window.pressed.isConnected`) {
			t.Fatal("the menu was drawn again under the finger: the button pressed is gone")
		}
		lift(t, p, sc, x, y)
		waitJS(t, p, "the trooper tapped picked", `ordo.selected === '`+trooper+`' && document.querySelector('#menu [data-group="`+trooper+`"]')`)

		// A tap the match took away: blue's Orders Phase ended from
		// elsewhere (its own token) while the finger is down.
		entry := `document.querySelector('#menu [data-group="` + trooper + `"] button[data-kind]:not([disabled])')`
		waitJS(t, p, "an entry of the trooper's", entry)
		x, y = centre(t, p, entry)
		seq := eval[int](t, p, `ordo.snap.seq`)
		press(t, p, sc, x, y)
		endOrdersElsewhere(t, ts, c)
		waitJS(t, p, "the new state drawn", fmt.Sprintf(`ordo.snap.seq > %d`, seq))
		lift(t, p, sc, x, y)
		waitJS(t, p, "the lost tap said", `(document.getElementById('menu-notice') || {}).textContent.includes('nothing was declared')`)
		if eval[bool](t, p, `!!ordo.pending || !!document.getElementById('error')`) {
			t.Fatal("a tap on a menu gone sent an action")
		}
		noConsoleErrors(t, p)
	})
}

// endOrders ends blue's Orders Phase through the API, as another tab of
// the same seat would.
func endOrdersElsewhere(t *testing.T, ts *httptest.Server, c created) {
	t.Helper()
	var snap struct {
		Seq  int
		Menu []struct {
			Action  json.RawMessage
			Illegal json.RawMessage
		}
	}
	apiGet(t, ts.URL+"/api/matches/"+c.ID, c.Seats["blue"].Token, &snap)
	var end json.RawMessage
	for _, m := range snap.Menu {
		if m.Illegal == nil && bytes.Contains(m.Action, []byte(`"end-orders"`)) {
			end = m.Action
		}
	}
	body, _ := json.Marshal(map[string]any{"seq": snap.Seq, "id": fmt.Sprintf("elsewhere-%d", snap.Seq), "action": end})
	req, _ := http.NewRequest("POST", ts.URL+"/api/matches/"+c.ID+"/actions", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+c.Seats["blue"].Token)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("ending blue's Orders Phase from elsewhere: %d", res.StatusCode)
	}
}

// The odds of a menu asked for a state the match has left before they
// arrive (held in the browser until then) are dropped without a word:
// no failed request, nothing kept for the state now, and the page goes on.
func TestStaleOddsDropped(t *testing.T) {
	if !long() {
		t.Skip("the browser tests run with ORDO_LONG=1 or CI=true")
	}
	root := browser(t)
	ts, _ := start(t)
	c := create(t, ts, map[string]any{"scenario": "duel"})
	p := newPage(t, root, "blue")
	open(t, p, laptop, ts.URL+c.Seats["blue"].URL, `#menu`)
	waitJS(t, p, "the menu's odds", `!ordo.oddsPending && ordo.odds.size > 0`)
	held := make(chan fetch.RequestID, 4)
	chromedp.Listen(p.ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			held <- e.RequestID
		}
	})
	p.do(t, "hold the odds requests", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*/odds", RequestStage: fetch.RequestStageRequest}}})
		return err
	}))
	seq := eval[int](t, p, `ordo.snap.seq`)
	eval[bool](t, p, `(ordo.odds.clear(), ordo.oddsAsked = null, ordo.render(), true)`)
	var id fetch.RequestID
	select {
	case id = <-held:
	case <-time.After(30 * time.Second):
		t.Fatal("the page asked no odds")
	}
	endOrdersElsewhere(t, ts, c)
	waitJS(t, p, "the state after it", fmt.Sprintf(`ordo.snap.seq > %d`, seq))
	p.do(t, "let the odds request go", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: id}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, fetch.Disable, cdp.Empty{})
		return err
	}))
	waitJS(t, p, "the odds answer handled", `!ordo.oddsPending`)
	if n := eval[int](t, p, `ordo.odds.size`); n != 0 {
		t.Fatalf("the page keeps %d odds of a menu gone", n)
	}
	if eval[int](t, p, `ordo.staleDropped || 0`) == 0 {
		t.Fatal("the stale answer was not recognised as such")
	}
	noConsoleErrors(t, p)
}

// Against the computer, which answers at once, the page asks the odds of
// menus and what its picked trooper sees for states gone before the
// answer comes: those answers are dropped without a console error (no
// refused request), and the game goes on through clicks.
func TestStaleAnswersAgainstTheComputer(t *testing.T) {
	if !long() {
		t.Skip("the browser tests run with ORDO_LONG=1 or CI=true")
	}
	root := browser(t)
	ts, _ := start(t)
	c := create(t, ts, map[string]any{"scenario": "demo", "bots": map[string]string{"red": "greedy"}})
	p := newPage(t, root, "blue")
	open(t, p, laptop, ts.URL+c.Seats["blue"].URL, `#menu`)
	rng := rand.New(rand.NewPCG(26, 3))
	played := 0
	for n := 0; played < 60 && n < 4000; n++ {
		if eval[bool](t, p, `ordo.snap.over`) {
			break
		}
		if playOne(t, p, rng) {
			played++
			continue
		}
		time.Sleep(10 * time.Millisecond)
	}
	if played == 0 {
		t.Fatal("blue was never prompted")
	}
	t.Logf("%d clicks; %d stale answers dropped", played, eval[int](t, p, `ordo.staleDropped || 0`))
	if errs := p.consoleErrors(); len(errs) > 0 {
		t.Fatalf("console errors: %s", strings.Join(errs, "\n"))
	}
}
