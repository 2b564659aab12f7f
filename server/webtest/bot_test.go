//go:build browser

package webtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Playing the computer from the lobby: the other seat given to the greedy
// bot, the creator gets only blue's link; once blue has played (here
// through the API, with blue's token from the link) and the bot answered,
// blue's table opens on the game as it stands.
func TestLobbyAgainstTheComputer(t *testing.T) {
	if !long() {
		t.Skip("the browser tests run with ORDO_LONG=1 or CI=true")
	}
	root := browser(t)
	ts, _ := start(t)
	p := newPage(t, root, "player")
	p.do(t, "open the lobby", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(`.card[data-scenario="duel"]`))
	p.do(t, "create the duel against the computer", chromedp.Click(`.card[data-scenario="duel"]`), chromedp.SetValue(`#bot`, "greedy"),
		chromedp.Click(`#create`), chromedp.WaitVisible(`#link-blue`), chromedp.WaitVisible(`[data-bot-seat="red"]`))
	if n := eval[int](t, p, `document.querySelectorAll('#link-red').length`); n != 0 {
		t.Fatal("the creator got the bot's seat's link")
	}
	link := eval[string](t, p, `document.getElementById('link-blue').value`)
	_, token, ok := strings.Cut(link, "#token=")
	id := link[strings.Index(link, "/m/")+3 : strings.Index(link, "#")]
	if !ok || id == "" {
		t.Fatalf("blue's link %q", link)
	}
	for n := 0; !botActed(t, ts, id); n++ {
		if n > 60 {
			t.Fatal("the bot did not act in 60 of blue's actions")
		}
		blueActs(t, ts, id, token, n)
	}
	seq := apiSeq(t, ts, id)
	p.do(t, "open blue's table", chromedp.Navigate(link), chromedp.WaitReady(`#board`))
	waitJS(t, p, "blue's table shows the bot's answers", fmt.Sprintf(`ordo.me === 'blue' && Number(document.body.dataset.seq) >= %d`, seq))
	noConsoleErrors(t, p)
}

func apiGet(t *testing.T, url, token string, out any) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(out); err != nil {
		t.Fatal(err)
	}
}

func apiSeq(t *testing.T, ts *httptest.Server, id string) int {
	var snap struct{ Seq int }
	apiGet(t, ts.URL+"/api/matches/"+id, "", &snap)
	return snap.Seq
}

func botActed(t *testing.T, ts *httptest.Server, id string) bool {
	var log struct {
		Entries []struct{ Seat string }
	}
	apiGet(t, ts.URL+"/api/matches/"+id+"/log", "", &log)
	for _, e := range log.Entries {
		if e.Seat == "red" {
			return true
		}
	}
	return false
}

// blueActs sends blue's first legal action once the match waits for it.
func blueActs(t *testing.T, ts *httptest.Server, id, token string, n int) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		var snap struct {
			Seq  int
			Menu []struct {
				Action  json.RawMessage
				Illegal json.RawMessage
			}
		}
		apiGet(t, ts.URL+"/api/matches/"+id+"?menu=legal", token, &snap)
		if len(snap.Menu) > 0 {
			b, _ := json.Marshal(map[string]any{"seq": snap.Seq, "id": fmt.Sprintf("b%d", n), "action": snap.Menu[0].Action})
			req, _ := http.NewRequest("POST", ts.URL+"/api/matches/"+id+"/actions", bytes.NewReader(b))
			req.Header.Set("Authorization", "Bearer "+token)
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("blue was not prompted in a minute")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
