//go:build browser

package webtest

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A mission played in the browser from two army lists (docs/MISSIONS.md,
// docs/ARMIES.md), through clicks, on each screen: the lobby creates a
// Crossroads match from the bundled list read from a file for each seat;
// the Initiative choice and the Classified Objective are picked in
// windows that explain themselves; every trooper is deployed by a pick
// and a click on the table (a spot out of the zone refused with the
// rule, a turn with the arrows, the hidden trooper marked as its owner's
// alone); the first player walks a trooper into a crossing, both end
// their Orders Phases, and round 1 is scored. The OP shown are the
// observation's, neither page names the other's hidden trooper, and no
// page prints "null" or logs a console error.
func TestMissionFromArmyLists(t *testing.T) {
	onEachScreen(t, func(t *testing.T, ts *httptest.Server, root context.Context, sc screen) {
		list, err := filepath.Abs("../../data/armies/blue-company.yaml")
		if err != nil {
			t.Fatal(err)
		}
		host := newPage(t, root, "lobby")
		open(t, host, sc, ts.URL+"/", `#mission-form #create-mission`)
		host.do(t, "pick Crossroads", chromedp.SetValue(`#mission`, "crossroads"))
		for _, seat := range []string{"blue", "red"} {
			host.do(t, "read "+seat+"'s list from a file", chromedp.SetUploadFiles(`#army-file-`+seat, []string{list}))
			waitJS(t, host, seat+"'s list read", `document.getElementById('army-`+seat+`').value.includes('Blue company')`)
		}
		screenshot(t, host, "mission-lobby-"+sc.name)
		host.do(t, "create the mission match", chromedp.Click(`#create-mission`))
		waitJS(t, host, "the seats' links", `document.querySelector('#created-mission #link-red')`)
		links := map[string]string{}
		for _, seat := range []string{"blue", "red"} {
			links[seat] = eval[string](t, host, `document.getElementById('link-`+seat+`').value`)
		}
		pages := map[string]*page{"blue": newPage(t, root, "blue"), "red": newPage(t, root, "red")}
		for seat, p := range pages {
			open(t, p, sc, links[seat], `#mission[data-ready], #mission h2`)
		}
		prompted := func() (string, *page, string) {
			for _, seat := range []string{"blue", "red"} {
				p := pages[seat]
				if eval[bool](t, p, `!!ordo.me && !ordo.snap.over && (ordo.snap.prompt.seats || []).includes(ordo.me)`) {
					return seat, p, eval[string](t, p, `ordo.snap.prompt.window`)
				}
			}
			return "", nil, ""
		}
		clickAction := func(p *page, what, kind string) {
			t.Helper()
			seq := eval[string](t, p, `document.body.dataset.seq`)
			clickMarked(t, p, what, `document.querySelector('#menu button[data-kind="`+kind+`"]:not([disabled])')`)
			if waitFor(p, `document.getElementById('confirm-yes')`, time.Second) {
				clickMarked(t, p, "confirm "+what, `document.getElementById('confirm-yes')`)
			}
			waitJS(t, p, what+" applied", `document.body.dataset.seq !== '`+seq+`'`)
		}
		// The pre-game: the Initiative choice, then the other choice, then
		// each Classified Objective, each window saying what it is for.
		placed := map[string]int{}
		refused, turned := false, false
		for n := 0; ; n++ {
			if n > 60 {
				t.Fatal("the pre-game did not end in 60 steps")
			}
			seat, p, win := prompted()
			if p == nil {
				time.Sleep(20 * time.Millisecond)
				continue
			}
			if win == "orders" {
				break
			}
			why := eval[string](t, p, `document.getElementById('prompt').innerText`)
			switch win {
			case "initiative-choice":
				if !strings.Contains(why, "Initiative and Deployment (N4)") {
					t.Fatalf("%s: the Initiative window does not explain itself: %s", seat, why)
				}
				screenshot(t, p, "mission-initiative-"+sc.name)
				clickAction(p, "an Initiative choice", "choose")
			case "classified":
				if !strings.Contains(why, "secret") {
					t.Fatalf("%s: the Classified Objective window does not explain itself: %s", seat, why)
				}
				clickAction(p, "a Classified Objective", "choose-classified")
				card := eval[string](t, p, `document.querySelector('#mission [data-classified="`+seat+`"]').textContent`)
				if !strings.Contains(card, "secret") || strings.Contains(card, "not picked") {
					t.Fatalf("%s's own Classified Objective reads %q", seat, card)
				}
				other := map[string]string{"blue": "red", "red": "blue"}[seat]
				waitJS(t, pages[other], "the other's pick known", `document.querySelector('#mission [data-classified="`+seat+`"]').textContent === 'picked, secret until it scores'`)
			case "deployment":
				deployOnce(t, p, seat, placed, &refused, &turned, sc)
			default:
				t.Fatalf("%s: an unexpected pre-game window %q", seat, win)
			}
			for _, q := range pages {
				checkText(t, q)
			}
		}
		if !refused || !turned {
			t.Fatalf("a refused spot shown: %v; a trooper turned: %v", refused, turned)
		}
		// Each page: no word of the other seat's hidden trooper; its own
		// marked as private.
		for seat, p := range pages {
			other := map[string]string{"blue": "red", "red": "blue"}[seat]
			hidden := other + "-sniper-1"
			if text := eval[string](t, p, pageText); strings.Contains(text, hidden) || strings.Contains(text, "null") {
				t.Fatalf("%s's page names %s or prints null: %s", seat, hidden, text)
			}
			if !eval[bool](t, p, `!!document.querySelector('#board [data-trooper="`+seat+`-sniper-1"].hidden-deploy [data-role="hidden-mark"]')`) {
				t.Fatalf("%s's own trooper in Hidden Deployment is not marked as private on its table", seat)
			}
		}
		// The first Player Turn: a Line Trooper walks 8″ into a crossing (a
		// Move, then a second Move); the enemy declares no ARO.
		first, p, _ := prompted()
		mover := first + "-line-trooper-1"
		at := eval[[]float64](t, p, `ordo.snap.observation.models.find(m => m.trooper === '`+mover+`').at`)
		dir := 1.0
		if at[1] > 24 {
			dir = -1
		}
		clickTable(t, p, at[0], at[1])
		for i, to := range [][2]float64{{at[0], at[1] + dir*3.9}, {at[0], at[1] + dir*7.8}} {
			waitJS(t, p, "the Move entry", `document.querySelector('#menu button[data-kind="route"]')`)
			p.do(t, "Move", chromedp.Click(`#menu button[data-kind="route"]`))
			clickTable(t, p, to[0], to[1])
			waitJS(t, p, "the route checked", `document.querySelector('#route-check.ok')`)
			seq := eval[string](t, p, `document.body.dataset.seq`)
			p.do(t, "declare the route", chromedp.Click(`#declare-route`))
			waitJS(t, p, "the route declared", `document.body.dataset.seq !== '`+seq+`'`)
			// The enemy's ARO windows, if any: no ARO.
			for j := 0; ; j++ {
				seat, q, win := prompted()
				if q == nil {
					time.Sleep(20 * time.Millisecond)
					continue
				}
				if seat == first && (win == "second" || win == "orders") {
					break
				}
				if j > 50 || !strings.HasPrefix(win, "aro-") {
					t.Fatalf("move %d: %s prompted in %q", i, seat, win)
				}
				clickNoARO(t, q)
			}
		}
		for _, q := range pages {
			checkText(t, q)
		}
		screenshot(t, p, "mission-moved-"+sc.name)
		// Both end their Orders Phases: round 1 ends and is scored.
		for i := 0; i < 2; i++ {
			for j := 0; ; j++ {
				if j > 200 {
					t.Fatal("no Orders Phase to end")
				}
				_, q, win := prompted()
				if q != nil && win == "orders" {
					clickAction(q, "end the Orders Phase", "end-orders")
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		for seat, q := range pages {
			waitJS(t, q, "round 2", `ordo.snap.observation.round === 2`)
			op := eval[map[string]float64](t, q, `ordo.snap.observation.mission.op`)
			for s, v := range op {
				if got := eval[string](t, q, `document.querySelector('#mission [data-op="`+s+`"]').textContent`); got != fmt.Sprint(v) {
					t.Fatalf("%s's page shows %s's OP as %s, the observation %v", seat, s, got, v)
				}
			}
			if op[first] < 1 {
				t.Fatalf("%s: %s's trooper in a crossing scored no OP at the end of round 1: %v", seat, first, op)
			}
			if !eval[bool](t, q, `[...document.querySelectorAll('#log .e')].some(e => /scores \d+ OP/.test(e.textContent))`) {
				t.Fatalf("%s's log does not show the round's score", seat)
			}
			checkText(t, q)
			screenshot(t, q, "mission-scored-"+seat+"-"+sc.name)
		}
		noConsoleErrors(t, host, pages["blue"], pages["red"])
	})
}

// clickNoARO declares no ARO, confirming it.
func clickNoARO(t *testing.T, p *page) {
	t.Helper()
	seq := eval[string](t, p, `document.body.dataset.seq`)
	clickMarked(t, p, "No ARO", `[...document.querySelectorAll('#menu button[data-action]')].find(b => { const a = JSON.parse(b.dataset.action); return a.kind === 'aro' && !(a.declarations || []).length; })`)
	waitJS(t, p, "the confirmation", `document.getElementById('confirm-yes')`)
	clickMarked(t, p, "confirm No ARO", `document.getElementById('confirm-yes')`)
	waitJS(t, p, "No ARO applied", `document.body.dataset.seq !== '`+seq+`'`)
}

// clickMarked clicks the element the expression finds, once the menu's
// odds are in: the menu is drawn again when they come, so an element
// found may be gone by the click, and it is found again.
func clickMarked(t *testing.T, p *page, what, find string) {
	t.Helper()
	for i := 0; ; i++ {
		waitJS(t, p, what+" offered", `!ordo.oddsPending && (() => { document.querySelectorAll('[data-click]').forEach(e => delete e.dataset.click); const b = `+find+`; if (b) b.dataset.click = 'x'; return !!b; })()`)
		ctx, cancel := context.WithTimeout(p.ctx, 3*time.Second)
		err := chromedp.Do(ctx, chromedp.Click(`[data-click="x"]`))
		cancel()
		if err == nil {
			return
		}
		if i == 20 {
			t.Fatalf("%s: %s: %v", p.name, what, err)
		}
	}
}

// deployOnce makes one deployment through clicks: a trooper deployed
// openly, with every trooper in Hidden Deployment beside it, each picked
// in the list and placed by a click in the seat's zone, near its front
// edge, one beside the other. The first time, a click out of the zone is
// refused with the rule; one placement is turned by the arrows.
func deployOnce(t *testing.T, p *page, seat string, placed map[string]int, refused, turned *bool, sc screen) {
	t.Helper()
	waitJS(t, p, "the deployment panel", `document.querySelector('#deploy #deploy-roster button')`)
	if !strings.Contains(eval[string](t, p, `document.getElementById('prompt').innerText`), "Deployment (N4)") {
		t.Fatalf("%s: the deployment window does not explain itself", seat)
	}
	zone := eval[[][]float64](t, p, `seatZones(ordo.board, ordo.snap.observation)['`+seat+`']`)
	front := zone[0][1] + 1
	if zone[0][1] < 24 {
		front = zone[1][1] - 1
	}
	troopers := eval[[]string](t, p, `ordo.toDeploy().filter(t => !(t.states || []).includes('Hidden Deployment')).map(t => t.id)`)
	hidden := eval[[]string](t, p, `ordo.toDeploy().filter(t => (t.states || []).includes('Hidden Deployment')).map(t => t.id)`)
	pickAndPlace := func(id string, x, y float64) {
		if !eval[bool](t, p, `!!(ordo.deploy && ordo.deploy.pick === '`+id+`')`) {
			p.do(t, "pick "+id, chromedp.Click(`#deploy [data-deploy-trooper="`+id+`"]`))
		}
		clickTable(t, p, x, y)
		waitJS(t, p, "the spot checked", `(document.getElementById('deploy-check') || {}).className.match(/\b(ok|err)\b/)`)
	}
	if !*refused {
		pickAndPlace(troopers[0], 24, 24)
		got := eval[string](t, p, `document.getElementById('deploy-check').textContent`)
		if !strings.HasPrefix(got, "Refused:") || !strings.Contains(got, "(N4)") || eval[bool](t, p, `!document.getElementById('deploy-send').disabled`) {
			t.Fatalf("%s: a spot in the middle of the table reads %q", seat, got)
		}
		screenshot(t, p, "mission-deploy-refused-"+sc.name)
		*refused = true
	}
	next := func() float64 { placed[seat]++; return float64(placed[seat]) * 2.5 }
	pickAndPlace(troopers[0], next(), front)
	want := eval[float64](t, p, `ordo.facingToEnemy(ordo.deploy.open.at)`)
	if got := eval[float64](t, p, `ordo.deploy.open.facing`); got != want {
		t.Fatalf("%s: a trooper deploys facing %v, not the enemy (%v)", seat, got, want)
	}
	if !*turned {
		p.do(t, "turn it", chromedp.Click(`#rotate-right`))
		waitJS(t, p, "turned and checked", `ordo.deploy.open.facing === `+fmt.Sprint(int(want+45)%360)+` && document.getElementById('deploy-check').className.match(/\b(ok|err)\b/)`)
		*turned = true
	}
	for _, id := range hidden {
		pickAndPlace(id, next(), front)
		if !eval[bool](t, p, `!!document.querySelector('#board [data-draft="`+id+`"].hidden-deploy')`) {
			t.Fatalf("%s: %s in Hidden Deployment is not drawn as private", seat, id)
		}
	}
	if got := eval[string](t, p, `document.getElementById('deploy-check').textContent`); !strings.HasPrefix(got, "The engine accepts") {
		t.Fatalf("%s: the deployment of %s reads %q", seat, troopers[0], got)
	}
	if len(hidden) > 0 {
		screenshot(t, p, "mission-deploy-hidden-"+sc.name)
	}
	seq := eval[string](t, p, `document.body.dataset.seq`)
	p.do(t, "deploy", chromedp.Click(`#deploy-send`))
	waitJS(t, p, "deployed", `document.body.dataset.seq !== '`+seq+`'`)
}
