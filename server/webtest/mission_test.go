//go:build browser

package webtest

import (
	"context"
	"fmt"
	"math"
	"net/http/httptest"
	"os"
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
		m := openMission(t, root, sc, links)
		first := m.preGame(t, sc, nil)
		// The first Player Turn: a Line Trooper walks 8″ into a crossing (a
		// Move, then a second Move); the enemy declares no ARO.
		m.walk(t, first, first+"-line-trooper-1", []float64{3.9, 7.8})
		m.screenshots(t, "mission-moved-"+sc.name, first)
		// Both end their Orders Phases: round 1 ends and is scored.
		m.endOrders(t, 2)
		for seat, q := range m.pages {
			waitJS(t, q, "round 2", `ordo.snap.observation.round === 2`)
			op := m.checkOP(t, q)
			if op[first] < 1 {
				t.Fatalf("%s: %s's trooper in a crossing scored no OP at the end of round 1: %v", seat, first, op)
			}
			if !eval[bool](t, q, `[...document.querySelectorAll('#log .e')].some(e => /scores \d+ OP/.test(e.textContent))`) {
				t.Fatalf("%s's log does not show the round's score", seat)
			}
			checkText(t, q)
			screenshot(t, q, "mission-scored-"+seat+"-"+sc.name)
		}
		noConsoleErrors(t, host, m.pages["blue"], m.pages["red"])
	})
}

// Uplink played to its end in the browser, on each screen: a Hacker (a
// Specialist Troop) deployed in front of the West console walks to it in
// two Orders; its menu offers to activate the console with the odds of
// its WIP Roll, and the activation is declared by a click (a Short Skill:
// the enemy may react, the second skill is Idle, and the roll comes at
// Resolution); then the rounds run
// out, and the end screen names the winner as the engine decided it (by
// OP, then the tie-breaker, then Victory Points), with the OP shown the
// observation's.
func TestMissionConsoleToTheEnd(t *testing.T) {
	onEachScreen(t, func(t *testing.T, ts *httptest.Server, root context.Context, sc screen) {
		list, err := os.ReadFile("../../data/armies/blue-company.yaml")
		if err != nil {
			t.Fatal(err)
		}
		c := create(t, ts, map[string]any{"mission": "uplink", "armies": map[string]string{"blue": string(list), "red": string(list)}})
		m := openMission(t, root, sc, map[string]string{"blue": ts.URL + c.Seats["blue"].URL, "red": ts.URL + c.Seats["red"].URL})
		first := m.preGame(t, sc, map[string]float64{"blue-hacker-1": 12, "red-hacker-1": 12})
		hacker := first + "-hacker-1"
		m.walk(t, first, hacker, []float64{3.9, 7.8, 11.7, 0})
		p := m.pages[first]
		// The Hacker touches the console: its menu offers to activate it,
		// with the odds of the WIP Roll beside the entry.
		clickMarked(t, p, "the Hacker", `document.querySelector('#menu [data-pick-trooper="`+hacker+`"]')`)
		waitJS(t, p, "the console's entry and its odds", `document.querySelector('#menu [data-cat="Objective"] button[data-kind="interact"]:not([disabled])') && document.querySelector('#menu [data-cat="Objective"] [data-role="odds"]')`)
		odds := eval[string](t, p, `document.querySelector('#menu [data-cat="Objective"]').innerText`)
		wip := eval[int](t, p, `ordo.board.profiles[ordo.snap.observation.troopers.find(t => t.id === '`+hacker+`').profile].wip`)
		sv, chance := fmt.Sprintf("SV %d", wip), fmt.Sprintf("%.1f%%", 100*float64(wip)/20)
		if !strings.Contains(odds, "Activate West console") || !strings.Contains(odds, sv) || !strings.Contains(odds, chance) {
			t.Fatalf("the console's entry reads %q: want Activate West console, %s and %s", odds, sv, chance)
		}
		m.screenshots(t, "mission-console-"+sc.name, first)
		clickAction(t, p, "activate the console", "interact")
		// Activating is a Short Skill of the Order: the enemy's ARO
		// windows (no ARO), the second skill (Idle), then Resolution
		// rolls the WIP Roll.
		for j := 0; ; j++ {
			seat, q, win := m.waitPrompt(t)
			if seat == first && win == "orders" {
				break
			}
			switch {
			case j > 50:
				t.Fatalf("the console's Order: %s prompted in %q", seat, win)
			case strings.HasPrefix(win, "aro-"):
				clickNoARO(t, q)
			case seat == first && win == "second":
				clickSecondIdle(t, q)
			default:
				t.Fatalf("the console's Order: %s prompted in %q", seat, win)
			}
		}
		for _, q := range m.pages {
			waitJS(t, q, "the WIP Roll in the log", `[...document.querySelectorAll('#log .e')].some(e => /activates West console: WIP Roll/.test(e.textContent))`)
			checkText(t, q)
		}
		// The rounds run out: each Orders Phase ended at once.
		for n := 0; ; n++ {
			if n > 3000 {
				t.Fatal("the mission did not end")
			}
			_, q, win := m.prompted(t)
			if q == nil {
				if eval[bool](t, p, `ordo.snap.over`) {
					break
				}
				time.Sleep(20 * time.Millisecond)
				continue
			}
			if win != "orders" {
				t.Fatalf("%s prompted in %q, not its Orders Phase", q.name, win)
			}
			clickAction(t, q, "end the Orders Phase", "end-orders")
		}
		for seat, q := range m.pages {
			waitJS(t, q, "the end screen", `ordo.snap.over && document.getElementById('result')`)
			m.checkOP(t, q)
			winner := eval[string](t, q, `ordo.snap.observation.mission.winner || ''`)
			text := eval[string](t, q, `document.getElementById('result').textContent`)
			if got := eval[string](t, q, `document.getElementById('result').dataset.winner`); got != winner {
				t.Fatalf("%s's end screen names %q, the engine %q: %s", seat, got, winner, text)
			}
			if winner != "" && !strings.HasPrefix(text, winner+" wins ") || winner == "" && !strings.HasPrefix(text, "A draw") {
				t.Fatalf("%s's end screen reads %q (winner %q)", seat, text, winner)
			}
			checkText(t, q)
			screenshot(t, q, "mission-end-"+seat+"-"+sc.name)
		}
		noConsoleErrors(t, m.pages["blue"], m.pages["red"])
	})
}

// missionTable is the two seats' pages of a mission match.
type missionTable struct {
	pages map[string]*page
}

func openMission(t *testing.T, root context.Context, sc screen, links map[string]string) *missionTable {
	t.Helper()
	m := &missionTable{pages: map[string]*page{"blue": newPage(t, root, "blue"), "red": newPage(t, root, "red")}}
	for seat, p := range m.pages {
		open(t, p, sc, links[seat], `#mission h2`)
	}
	return m
}

// prompted is the seat the match waits for, its page and the window.
func (m *missionTable) prompted(t *testing.T) (string, *page, string) {
	t.Helper()
	for _, seat := range []string{"blue", "red"} {
		p := m.pages[seat]
		if eval[bool](t, p, `!!ordo.me && !ordo.snap.over && (ordo.snap.prompt.seats || []).includes(ordo.me)`) {
			return seat, p, eval[string](t, p, `ordo.snap.prompt.window`)
		}
	}
	return "", nil, ""
}

// waitPrompt waits until a seat is prompted.
func (m *missionTable) waitPrompt(t *testing.T) (string, *page, string) {
	t.Helper()
	for n := 0; n < 3000; n++ {
		if seat, p, win := m.prompted(t); p != nil {
			return seat, p, win
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("no seat is prompted")
	return "", nil, ""
}

func (m *missionTable) screenshots(t *testing.T, name, seat string) {
	t.Helper()
	screenshot(t, m.pages[seat], name)
}

// checkOP fails unless the page shows each side's OP as its observation
// holds them; it returns them.
func (m *missionTable) checkOP(t *testing.T, q *page) map[string]float64 {
	t.Helper()
	op := eval[map[string]float64](t, q, `ordo.snap.observation.mission.op`)
	for s, v := range op {
		if got := eval[string](t, q, `document.querySelector('#mission [data-op="`+s+`"]').textContent`); got != fmt.Sprint(v) {
			t.Fatalf("%s's page shows %s's OP as %s, the observation %v", q.name, s, got, v)
		}
	}
	return op
}

// preGame plays the Initiative choice, the other choice, each Classified
// Objective and the whole deployment through clicks, each window saying
// what it is for; at is where some troopers deploy (x). It checks the
// Classified Objectives as each seat may know them, and that neither page
// names the other's trooper in Hidden Deployment while its own is marked
// as private. It returns the seat playing the first Player Turn.
func (m *missionTable) preGame(t *testing.T, sc screen, at map[string]float64) string {
	t.Helper()
	placed := map[string][]float64{}
	refused, turned := false, false
	for n := 0; ; n++ {
		if n > 60 {
			t.Fatal("the pre-game did not end in 60 steps")
		}
		seat, p, win := m.waitPrompt(t)
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
			clickAction(t, p, "an Initiative choice", "choose")
		case "classified":
			if !strings.Contains(why, "secret") {
				t.Fatalf("%s: the Classified Objective window does not explain itself: %s", seat, why)
			}
			clickAction(t, p, "a Classified Objective", "choose-classified")
			card := eval[string](t, p, `document.querySelector('#mission [data-classified="`+seat+`"]').textContent`)
			if !strings.Contains(card, "secret") || strings.Contains(card, "not picked") {
				t.Fatalf("%s's own Classified Objective reads %q", seat, card)
			}
			other := map[string]string{"blue": "red", "red": "blue"}[seat]
			waitJS(t, m.pages[other], "the other's pick known", `document.querySelector('#mission [data-classified="`+seat+`"]').textContent === 'picked, secret until it scores'`)
		case "deployment":
			deployOnce(t, p, seat, placed, at, &refused, &turned, sc)
		case "strategic-use":
			// The second player's Strategic Use of a Command Token
			// (Command Tokens (N4)): none.
			if !strings.Contains(why, "Strategic Use") {
				t.Fatalf("%s: the Strategic Use window does not explain itself: %s", seat, why)
			}
			seq := eval[string](t, p, `document.body.dataset.seq`)
			clickMarked(t, p, "No Strategic Use", `[...document.querySelectorAll('#menu button[data-action]')].find(b => { const a = JSON.parse(b.dataset.action); return a.kind === 'strategic-use' && !a.use; })`)
			if waitFor(p, `document.getElementById('confirm-yes') || document.body.dataset.seq !== '`+seq+`'`, 5*time.Second) && eval[bool](t, p, `!!document.getElementById('confirm-yes')`) {
				clickMarked(t, p, "confirm No Strategic Use", `document.getElementById('confirm-yes')`)
			}
			waitJS(t, p, "No Strategic Use applied", `document.body.dataset.seq !== '`+seq+`'`)
		default:
			t.Fatalf("%s: an unexpected pre-game window %q", seat, win)
		}
		for _, q := range m.pages {
			checkText(t, q)
		}
	}
	if !refused || !turned {
		t.Fatalf("a refused spot shown: %v; a trooper turned: %v", refused, turned)
	}
	for seat, p := range m.pages {
		other := map[string]string{"blue": "red", "red": "blue"}[seat]
		hidden := other + "-sniper-1"
		if text := eval[string](t, p, pageText); strings.Contains(text, hidden) || strings.Contains(text, "null") {
			t.Fatalf("%s's page names %s or prints null: %s", seat, hidden, text)
		}
		if !eval[bool](t, p, `!!document.querySelector('#board [data-trooper="`+seat+`-sniper-1"].hidden-deploy [data-role="hidden-mark"]')`) {
			t.Fatalf("%s's own trooper in Hidden Deployment is not marked as private on its table", seat)
		}
	}
	first, _, _ := m.waitPrompt(t)
	return first
}

// walk moves one of first's troopers straight toward the middle of the
// table: each step an Order's Move or second Move to that many inches
// from where it started (0: to base contact with the console in front of
// it), the enemy declaring no ARO.
func (m *missionTable) walk(t *testing.T, first, trooper string, steps []float64) {
	t.Helper()
	p := m.pages[first]
	at := eval[[]float64](t, p, `ordo.snap.observation.models.find(m => m.trooper === '`+trooper+`').at`)
	dir := 1.0
	if at[1] > 24 {
		dir = -1
	}
	for i, d := range steps {
		to := [2]float64{at[0], at[1] + dir*d}
		if d == 0 {
			to[1] = 24 - dir*1.2
		}
		if i%2 == 0 {
			clickMarked(t, p, "pick "+trooper, `document.querySelector('#menu [data-pick-trooper="`+trooper+`"]')`)
		}
		// A click on a menu drawn again as it lands (the odds came) is
		// lost: clicked again until the route is begun, and its point set.
		for k := 0; ; k++ {
			clickMarked(t, p, "Move", `document.querySelector('#menu button[data-kind="route"]')`)
			if waitFor(p, `!!ordo.plan`, 2*time.Second) || k == 5 {
				break
			}
		}
		for k := 0; ; k++ {
			clickTable(t, p, to[0], to[1])
			if waitFor(p, `ordo.plan && ordo.plan.points.length > 1`, 2*time.Second) || k == 5 {
				break
			}
		}
		waitJS(t, p, "the route checked", `document.querySelector('#route-check.ok, #route-check.err')`)
		if msg := eval[string](t, p, `document.getElementById('route-check').className === 'err' ? document.getElementById('route-check').textContent : ''`); msg != "" {
			t.Fatalf("move %d to %v: %s", i, to, msg)
		}
		seq := eval[string](t, p, `document.body.dataset.seq`)
		p.do(t, "declare the route", chromedp.Click(`#declare-route`))
		waitJS(t, p, "the route declared", `document.body.dataset.seq !== '`+seq+`'`)
		// The enemy's ARO windows, if any: no ARO.
		for j := 0; ; j++ {
			seat, q, win := m.waitPrompt(t)
			if seat == first && (win == "second" || win == "orders") {
				break
			}
			if j > 50 || !strings.HasPrefix(win, "aro-") {
				t.Fatalf("move %d: %s prompted in %q", i, seat, win)
			}
			clickNoARO(t, q)
		}
	}
	got := eval[[]float64](t, p, `ordo.snap.observation.models.find(m => m.trooper === '`+trooper+`').at`)
	if math.Abs(got[0]-at[0]) > 0.01 {
		t.Fatalf("%s walked to %v from %v", trooper, got, at)
	}
	for _, q := range m.pages {
		checkText(t, q)
	}
}

// endOrders ends n Orders Phases, whoever's they are.
func (m *missionTable) endOrders(t *testing.T, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		_, q, win := m.waitPrompt(t)
		if win != "orders" {
			t.Fatalf("%s prompted in %q, not its Orders Phase", q.name, win)
		}
		clickAction(t, q, "end the Orders Phase", "end-orders")
	}
}

// clickAction clicks the menu's entry of that kind, and confirms it if
// asked.
func clickAction(t *testing.T, p *page, what, kind string) {
	t.Helper()
	seq := eval[string](t, p, `document.body.dataset.seq`)
	clickMarked(t, p, what, `document.querySelector('#menu button[data-kind="`+kind+`"]:not([disabled])')`)
	if waitFor(p, `document.getElementById('confirm-yes') || document.body.dataset.seq !== '`+seq+`'`, 5*time.Second) && eval[bool](t, p, `!!document.getElementById('confirm-yes')`) {
		clickMarked(t, p, "confirm "+what, `document.getElementById('confirm-yes')`)
	}
	waitJS(t, p, what+" applied", `document.body.dataset.seq !== '`+seq+`'`)
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

// clickSecondIdle declares Idle as the Order's second skill.
func clickSecondIdle(t *testing.T, p *page) {
	t.Helper()
	seq := eval[string](t, p, `document.body.dataset.seq`)
	clickMarked(t, p, "Idle", `[...document.querySelectorAll('#menu button[data-action]:not([disabled])')].find(b => { const a = JSON.parse(b.dataset.action); return a.kind === 'second' && a.skill && a.skill.name === 'idle'; })`)
	if waitFor(p, `document.getElementById('confirm-yes') || document.body.dataset.seq !== '`+seq+`'`, 5*time.Second) && eval[bool](t, p, `!!document.getElementById('confirm-yes')`) {
		clickMarked(t, p, "confirm Idle", `document.getElementById('confirm-yes')`)
	}
	waitJS(t, p, "Idle applied", `document.body.dataset.seq !== '`+seq+`'`)
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
// edge, one beside the other (or at the x given for it). The first time,
// a click out of the zone is refused with the rule; one placement is
// turned by the arrows.
func deployOnce(t *testing.T, p *page, seat string, placed map[string][]float64, at map[string]float64, refused, turned *bool, sc screen) {
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
	// x: the one asked for, else the next free one 2.5″ on, clear of
	// the ones asked for.
	xOf := func(id string) float64 {
		if x, ok := at[id]; ok {
			return x
		}
		x := 0.0
		for free := false; !free; {
			x += 2.5
			free = true
			for _, y := range append(placed[seat], func() []float64 {
				var out []float64
				for _, v := range at {
					out = append(out, v)
				}
				return out
			}()...) {
				if math.Abs(x-y) < 1.5 {
					free = false
				}
			}
		}
		placed[seat] = append(placed[seat], x)
		return x
	}
	pickAndPlace(troopers[0], xOf(troopers[0]), front)
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
		pickAndPlace(id, xOf(id), front)
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
