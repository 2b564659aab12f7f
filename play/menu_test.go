package play_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
)

func loadDuel(t *testing.T) *play.Game {
	t.Helper()
	rs, err := infinity.New()
	if err != nil {
		t.Fatal(err)
	}
	g, err := play.Load("../data/scenarios/duel.yaml", rs)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// `ordo play FILE --menu`: every legal action of the prompted seat is
// printed as a script step that, pasted into a scenario, decodes to the
// very same action; every greyed action is printed with why; another
// player and a spectator see none of it.
func TestMenu(t *testing.T) {
	g := loadDuel(t)
	var out strings.Builder
	if err := play.Menu(&out, g.State, rules.PlayerView("blue")); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	var steps []struct {
		Seat   string         `yaml:"seat"`
		Action map[string]any `yaml:"action"`
	}
	if err := yaml.Unmarshal([]byte(text), &steps); err != nil {
		t.Fatalf("the menu does not paste as script steps: %v\n%s", err, text)
	}
	var legal []rules.Option
	greyed := 0
	for _, o := range g.State.Legal("blue") {
		if o.Illegal == nil {
			legal = append(legal, o)
		} else {
			greyed++
		}
	}
	if len(steps) != len(legal) || len(legal) == 0 {
		t.Fatalf("%d steps for %d legal actions:\n%s", len(steps), len(legal), text)
	}
	for i, st := range steps {
		body, err := json.Marshal(st.Action)
		if err != nil {
			t.Fatal(err)
		}
		a, err := g.Ruleset.DecodeAction(body)
		if err != nil {
			t.Fatalf("step %d: %v", i+1, err)
		}
		want, _ := rules.Encode(legal[i].Action)
		got, _ := rules.Encode(a)
		if st.Seat != "blue" || string(got) != string(want) {
			t.Errorf("step %d: seat %s, action %s, want %s", i+1, st.Seat, got, want)
		}
	}
	if greyed == 0 || strings.Count(text, "#     not allowed: ") != greyed || !strings.Contains(text, "(CC Attack (N4))") {
		t.Errorf("want %d greyed actions, each with its reason and rule:\n%s", greyed, text)
	}
	for _, v := range []rules.Viewer{rules.PlayerView("red"), rules.Spectator()} {
		var other strings.Builder
		if err := play.Menu(&other, g.State, v); err != nil {
			t.Fatal(err)
		}
		if other.Len() != 0 {
			t.Errorf("%v sees blue's menu:\n%s", v, other.String())
		}
	}
}

// play.Load is the one call a program needs: it names the ruleset, checks
// the profiles against the catalog, resolves the rulings and sets up.
func TestLoad(t *testing.T) {
	g := loadDuel(t)
	if pr := g.State.Prompt(); pr.Window != "orders" || len(pr.Seats) != 1 || pr.Seats[0] != "blue" {
		t.Errorf("prompt %+v", pr)
	}
	if g.Rulings.Get("dodge-mods") != "single" {
		t.Errorf("rulings %v", g.Rulings)
	}
	if _, err := play.Load("../data/scenarios/duel.yaml"); err == nil || !strings.Contains(err.Error(), `unknown ruleset "infinity-n4"`) {
		t.Errorf("no ruleset: %v", err)
	}
}
