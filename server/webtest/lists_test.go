//go:build browser

package webtest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Each seat sends its own army list from its table (Army list and Combat
// Groups (N4), docs/ARMIES.md), on each screen: the lobby creates a
// Crossroads match with neither list; each seat's link opens a window
// that says what is awaited and why; red's first list has no Lieutenant
// and is refused with its line and the rule, in words, and changes
// nothing; red then reads another list from a file and sends it; blue's
// page learns only that red's list is in (neither its page nor anything
// the server sent blue holds red's list); blue sends its own, and both
// pages go on to the pre-game and play it to the Deployment Phase. No
// page logs a console error.
func TestArmyListsSentFromTheTable(t *testing.T) {
	if !long() {
		t.Skip("a browser test of several pages: with ORDO_LONG=1 or CI=true")
	}
	root := browser(t)
	ts, rec := start(t)
	blueFile, err := filepath.Abs("../../data/armies/blue-company.yaml")
	if err != nil {
		t.Fatal(err)
	}
	blueList, err := os.ReadFile(blueFile)
	if err != nil {
		t.Fatal(err)
	}
	// Red's list: another name (what blue must never read), its Sniper
	// deployed openly.
	redList := strings.Replace(strings.Replace(string(blueList), "name: Blue company", "name: Vermillion Lancers", 1), "{profile: sniper, deployment: hidden}", "{profile: sniper}", 1)
	redFile := filepath.Join(t.TempDir(), "vermillion-lancers.yaml")
	if err := os.WriteFile(redFile, []byte(redList), 0o644); err != nil {
		t.Fatal(err)
	}
	noLieutenant := strings.Replace(redList, "lieutenant: true", "lieutenant: false", 1)
	if noLieutenant == redList || !strings.Contains(redList, "Vermillion Lancers") {
		t.Fatal("blue-company.yaml changed: the test's lists were not made")
	}
	for _, sc := range []screen{laptop, phone} {
		t.Run(sc.name, func(t *testing.T) {
			host := newPage(t, root, "lobby")
			open(t, host, sc, ts.URL+"/", `#mission-form #create-mission`)
			host.do(t, "pick Crossroads", chromedp.SetValue(`#mission`, "crossroads"))
			if got := eval[string](t, host, `document.getElementById('mission-scores').textContent`); !strings.Contains(got, "every round") || !strings.Contains(got, "OP") {
				t.Fatalf("the mission form's scoring reads %q", got)
			}
			host.do(t, "create the mission match with no list", chromedp.Click(`#create-mission`))
			waitJS(t, host, "the seats' links", `document.querySelector('#created-mission #link-red') && document.getElementById('lists-awaited')`)
			links := map[string]string{}
			for _, seat := range []string{"blue", "red"} {
				links[seat] = eval[string](t, host, `document.getElementById('link-`+seat+`').value`)
			}
			tokens := map[string]string{}
			m := &missionTable{pages: map[string]*page{"blue": newPage(t, root, "blue"), "red": newPage(t, root, "red")}}
			for seat, p := range m.pages {
				_, tokens[seat], _ = strings.Cut(links[seat], "#token=")
				open(t, p, sc, links[seat], `#army-screen #army-send`)
				why := eval[string](t, p, `document.getElementById('army-why').textContent`)
				if !strings.Contains(why, "Crossroads") || !strings.Contains(why, "never what it holds") {
					t.Fatalf("%s: the army list window reads %q", seat, why)
				}
				waitJS(t, p, "both lists awaited", `document.querySelector('[data-list-seat="blue"][data-in="no"]') && document.querySelector('[data-list-seat="red"][data-in="no"]')`)
				checkText(t, p)
			}
			red, blue := m.pages["red"], m.pages["blue"]
			// The lobby lists the match as awaiting lists, by its mission.
			id := links["blue"][strings.Index(links["blue"], "/m/")+3 : strings.Index(links["blue"], "#")]
			open(t, host, sc, ts.URL+"/", `#mission-form #create-mission`)
			waitJS(t, host, "the match awaiting lists in the lobby", `(document.querySelector('[data-armies-match="`+id+`"]') || {}).textContent.includes('Crossroads')`)
			if got := eval[string](t, host, `document.querySelector('[data-armies-match="`+id+`"]').textContent`); !strings.Contains(got, "awaiting lists") {
				t.Fatalf("the lobby lists the match as %q", got)
			}
			// A spectator sees what is awaited, and that there is nothing
			// to replay yet.
			spec := newPage(t, root, "spectator")
			open(t, spec, sc, ts.URL+"/m/"+id, `#army-screen #army-status`)
			if got := eval[string](t, spec, `document.getElementById('army-title').textContent + ' ' + document.getElementById('army-why').textContent`); !strings.Contains(got, "Waiting for the army lists") || eval[bool](t, spec, `!!document.getElementById('army-send')`) {
				t.Fatalf("the spectator's window reads %q", got)
			}
			open(t, spec, sc, ts.URL+"/m/"+id+"/replay", `#replay-awaiting`)

			// A list without a Lieutenant: refused where and why, in words.
			red.do(t, "paste a list with no Lieutenant", chromedp.SetValue(`#army-text`, noLieutenant))
			red.do(t, "send it", chromedp.Click(`#army-send`))
			waitJS(t, red, "the refusal", `document.querySelector('#army-error [data-problem-line]')`)
			said := eval[string](t, red, `document.getElementById('army-error').innerText`)
			if !strings.Contains(said, "line 9, column 1") || !strings.Contains(said, "(Lieutenant (N4))") || !strings.Contains(said, "exactly one Lieutenant") {
				t.Fatalf("red's refusal reads %q", said)
			}
			screenshot(t, red, "lists-refused-"+sc.name)
			if !eval[bool](t, red, `!!document.querySelector('[data-list-seat="red"][data-in="no"]')`) {
				t.Fatal("a refused list shows as in")
			}

			// Red's own list, read from a file.
			red.do(t, "read red's list from a file", chromedp.SetUploadFiles(`#army-file`, []string{redFile}))
			waitJS(t, red, "red's list read", `document.getElementById('army-text').value.includes('Vermillion Lancers')`)
			red.do(t, "send it", chromedp.Click(`#army-send`))
			waitJS(t, red, "red's list in", `document.getElementById('army-sent') && document.querySelector('[data-list-seat="red"][data-in="yes"]')`)
			waitJS(t, blue, "blue told red's list is in", `document.querySelector('[data-list-seat="red"][data-in="yes"]') && document.querySelector('[data-list-seat="blue"][data-in="no"]')`)
			screenshot(t, blue, "lists-awaited-"+sc.name)
			// What blue holds of red's list: that it is in, nothing more.
			html := eval[string](t, blue, `document.documentElement.outerHTML + JSON.stringify(ordo.snap)`)
			if strings.Contains(html, "Vermillion") || strings.Contains(html, "sniper}") {
				t.Fatal("blue's page holds red's army list")
			}
			for _, b := range append(rec.of(tokens["blue"]), blue.frames()...) {
				if bytes.Contains(b, []byte("Vermillion")) {
					t.Fatalf("the server sent blue red's army list: %.300s", b)
				}
			}

			// Blue's list: the last one starts the game.
			blue.do(t, "read blue's list from a file", chromedp.SetUploadFiles(`#army-file`, []string{blueFile}))
			waitJS(t, blue, "blue's list read", `document.getElementById('army-text').value.includes('Blue company')`)
			blue.do(t, "send it", chromedp.Click(`#army-send`))
			for seat, p := range m.pages {
				waitJS(t, p, seat+"'s table", `document.querySelector('#mission h2') && ordo.board && !ordo.snap.army_lists`)
			}
			// The pre-game, through clicks, to the Deployment Phase.
			for n := 0; ; n++ {
				if n > 20 {
					t.Fatal("the pre-game did not reach the Deployment Phase")
				}
				seat, p, win := m.waitPrompt(t)
				if win == "deployment" {
					waitJS(t, p, "the deployment panel", `document.querySelector('#deploy #deploy-roster button')`)
					screenshot(t, p, "lists-deployment-"+sc.name)
					break
				}
				switch win {
				case "initiative-choice":
					clickAction(t, p, "an Initiative choice", "choose")
				case "classified":
					clickAction(t, p, "a Classified Objective", "choose-classified")
				default:
					t.Fatalf("%s: an unexpected pre-game window %q", seat, win)
				}
			}
			for _, p := range m.pages {
				checkText(t, p)
			}
			noConsoleErrors(t, host, blue, red, spec)
		})
	}
}
