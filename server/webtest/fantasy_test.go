//go:build browser

package webtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// apiPost sends a JSON body with a seat's token and decodes the answer.
func apiPost(t *testing.T, url, token string, body, out any) int {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", url, bytes.NewReader(b))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if out != nil {
		if err := json.NewDecoder(res.Body).Decode(out); err != nil {
			t.Fatal(err)
		}
	}
	return res.StatusCode
}

// pctText is a chance as the page prints it.
func pctText(p float64) string {
	if p > 0.9995 || p < 0.0005 {
		return fmt.Sprintf("%.0f%%", 100*p)
	}
	return fmt.Sprintf("%.1f%%", 100*p)
}

// fantasyOdds is the API's answer for one fantasy menu entry.
type fantasyOdds struct {
	Charge *struct {
		Target    string  `json:"target"`
		Character string  `json:"character"`
		Distance  float64 `json:"distance"`
		Reach     float64 `json:"reach"`
	} `json:"charge"`
	Shoot *struct {
		Hits   []float64 `json:"hits"`
		Wounds []float64 `json:"wounds"`
	} `json:"shoot"`
	Cast *struct {
		Cast        float64 `json:"cast"`
		Dispelled   float64 `json:"dispelled"`
		TakesEffect float64 `json:"takesEffect"`
	} `json:"cast"`
}

// oddsOf asks the API the odds of one entry for the seat of token.
func oddsOf(t *testing.T, ts *httptest.Server, id, token, action string) fantasyOdds {
	t.Helper()
	var ans struct{ Answers []fantasyOdds }
	if code := apiPost(t, ts.URL+"/api/matches/"+id+"/odds", token, map[string]any{"actions": []json.RawMessage{json.RawMessage(action)}}, &ans); code != http.StatusOK || len(ans.Answers) != 1 {
		t.Fatalf("odds of %s: %d", action, code)
	}
	return ans.Answers[0]
}

// endPhasesUntil sends blue's end of each phase until its menu holds a
// legal entry of kind.
func endPhasesUntil(t *testing.T, ts *httptest.Server, id, token, kind string) {
	t.Helper()
	for n := 0; ; n++ {
		var snap struct {
			Seq  int
			Menu []struct {
				Action  json.RawMessage
				Illegal json.RawMessage
			}
		}
		apiGet(t, ts.URL+"/api/matches/"+id, token, &snap)
		var end json.RawMessage
		for _, m := range snap.Menu {
			if len(m.Illegal) > 0 && string(m.Illegal) != "null" {
				continue
			}
			if bytes.Contains(m.Action, []byte(`"kind":"`+kind+`"`)) {
				return
			}
			if bytes.Contains(m.Action, []byte(`"kind":"end-`)) {
				end = m.Action
			}
		}
		if end == nil || n > 5 {
			t.Fatalf("no %s entry for blue: %d entries", kind, len(snap.Menu))
		}
		body := map[string]any{"seq": snap.Seq, "id": fmt.Sprintf("end%d", n), "action": end}
		if code := apiPost(t, ts.URL+"/api/matches/"+id+"/actions", token, body, nil); code != http.StatusOK {
			t.Fatalf("%s: %d", end, code)
		}
	}
}

// shownOdds waits until every legal entry of kind under sel shows its
// odds in the page, and returns each entry's action and text.
func shownOdds(t *testing.T, p *page, sel, kind string) [][2]string {
	t.Helper()
	btns := `[...document.querySelectorAll('` + sel + ` button[data-kind="` + kind + `"]:not([disabled])')]`
	waitJS(t, p, "the odds of the "+kind+" entries", `!ordo.oddsPending && `+btns+`.length && `+btns+`.every(b => b.parentElement.querySelector('[data-odds="`+kind+`"]'))`)
	return eval[[][2]string](t, p, btns+`.map(b => [b.dataset.action, b.parentElement.querySelector('[data-odds="`+kind+`"]').innerText])`)
}

// pickUnit shows a unit's menu: its roster button, unless it is shown.
func pickUnit(t *testing.T, p *page, unit string) {
	t.Helper()
	// The page has the state in which the unit may act, and drew it.
	waitJS(t, p, unit+" in the menu", `(ordo.snap.menu || []).some(m => !m.illegal && m.action.unit === '`+unit+`') && (document.querySelector('#menu [data-group="`+unit+`"]') || document.querySelector('#menu button[data-pick-trooper="`+unit+`"]') || document.getElementById('back'))`)
	if eval[bool](t, p, `!document.querySelector('#menu [data-group="`+unit+`"]') && !document.querySelector('#menu button[data-pick-trooper="`+unit+`"]')`) {
		p.do(t, "back to the roster", chromedp.Click(`#back`))
	}
	if eval[bool](t, p, `!document.querySelector('#menu [data-group="`+unit+`"]')`) {
		p.do(t, "pick "+unit, chromedp.WaitVisible(`#menu button[data-pick-trooper="`+unit+`"]`), chromedp.Click(`#menu button[data-pick-trooper="`+unit+`"]`))
	}
	waitJS(t, p, unit+"'s menu", `document.querySelector('#menu [data-group="`+unit+`"]')`)
}

// The fantasy odds in the page are the engine's (Charges, Shooting: to
// hit, Casting spells), on each screen: every legal charge of the
// spearmen shows the API's chance to reach its target, named, and the
// board draws the charge overlay — a line to each enemy the spearmen may
// charge, labelled with the distance and that chance; each volley of the
// bowmen shows the API's chance of a hit and of an unsaved wound; each
// spell's attempt the API's chance to be cast and to take effect. No
// page prints "null", and the console stays clean.
func TestFantasyOddsAndChargeOverlay(t *testing.T) {
	onEachScreen(t, func(t *testing.T, ts *httptest.Server, root context.Context, sc screen) {
		c := create(t, ts, map[string]any{"scenario": "fantasy-demo"})
		blue := newPage(t, root, "blue")
		token := c.Seats["blue"].Token
		open(t, blue, sc, ts.URL+c.Seats["blue"].URL, `#menu button[data-pick-trooper="spears"]`)
		pickUnit(t, blue, "spears")
		charges := shownOdds(t, blue, `#menu [data-group="spears"]`, "charge")
		for _, e := range charges {
			o := oddsOf(t, ts, c.ID, token, e[0])
			if o.Charge == nil {
				t.Fatalf("the API gives no charge odds for %s", e[0])
			}
			want, who := pctText(o.Charge.Reach), "spears"
			if o.Charge.Character != "" {
				who = o.Charge.Character + " (out of spears)"
			}
			if !strings.Contains(e[1], want) || !strings.Contains(e[1], who+" charges the ") || !strings.Contains(e[1], " of "+o.Charge.Target) {
				t.Fatalf("the page shows %q for %s: want %s charging %s, reaching %s", e[1], e[0], who, o.Charge.Target, want)
			}
			line := `#board [data-role="charges"][data-unit="spears"] [data-role="charge-label"][data-target="` + o.Charge.Target + `"][data-character="` + o.Charge.Character + `"]`
			waitJS(t, blue, "the charge overlay to "+o.Charge.Target, `document.querySelector('`+line+`') && document.querySelector('`+line+`').textContent.includes('`+want+`')`)
		}
		if n := eval[int](t, blue, `document.querySelectorAll('#board [data-role="charges"] [data-role="charge"]').length`); n != len(charges) {
			t.Fatalf("the overlay draws %d charges; the menu has %d", n, len(charges))
		}
		checkText(t, blue)
		screenshot(t, blue, "fantasy-charges-"+sc.name)

		endPhasesUntil(t, ts, c.ID, token, "shoot")
		pickUnit(t, blue, "blue-bows")
		for _, e := range shownOdds(t, blue, `#menu [data-group="blue-bows"]`, "shoot") {
			o := oddsOf(t, ts, c.ID, token, e[0])
			if o.Shoot == nil || len(o.Shoot.Wounds) == 0 {
				t.Fatalf("the API gives no shot odds for %s", e[0])
			}
			for _, want := range []string{pctText(1 - o.Shoot.Hits[0]), pctText(1 - o.Shoot.Wounds[0]), "blue-bows shoots"} {
				if !strings.Contains(e[1], want) {
					t.Fatalf("the page shows %q for %s: want %s", e[1], e[0], want)
				}
			}
		}
		checkText(t, blue)
		screenshot(t, blue, "fantasy-shooting-"+sc.name)

		m := create(t, ts, map[string]any{"scenario": "fantasy-battle"})
		wiz := newPage(t, root, "wizard")
		mt := m.Seats["blue"].Token
		endPhasesUntil(t, ts, m.ID, mt, "cast")
		open(t, wiz, sc, ts.URL+m.Seats["blue"].URL, `#menu button[data-kind="cast"]`)
		casts := shownOdds(t, wiz, `#menu`, "cast")
		for _, e := range casts[:min(len(casts), 6)] {
			o := oddsOf(t, ts, m.ID, mt, e[0])
			if o.Cast == nil {
				t.Fatalf("the API gives no casting odds for %s", e[0])
			}
			for _, want := range []string{pctText(o.Cast.Cast), pctText(o.Cast.TakesEffect), "blue-wizard casts"} {
				if !strings.Contains(e[1], want) {
					t.Fatalf("the page shows %q for %s: want %s", e[1], e[0], want)
				}
			}
		}
		checkText(t, wiz)
		screenshot(t, wiz, "fantasy-casting-"+sc.name)
		noConsoleErrors(t, blue, wiz)
	})
}
