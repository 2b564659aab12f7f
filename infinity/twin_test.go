package infinity

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/rulestest"
	"github.com/ordo-rules/ordo/scenario"
)

// twinsGround is the ruleset over the embedded catalog and the leak tests'
// own, and the scenario where blue holds every kind of private fact.
func twinsGround(t *testing.T) (Ruleset, *scenario.Scenario) {
	t.Helper()
	rs := ruleset(t)
	cat, err := rs.Catalog.Load("testdata/leaks/catalog.yaml")
	if err != nil {
		t.Fatal(err)
	}
	rs.Catalog = cat
	sc, err := scenario.Load("testdata/leaks/twins.yaml", scenario.Options{Catalog: cat})
	if err != nil {
		t.Fatal(err)
	}
	return rs, sc
}

// The counterfactual leak check passes the ruleset on the scenario where
// one side holds every kind of private fact: a Lieutenant, a trooper in
// Hidden Deployment, two markers, a G: Jumper with a hidden Proxy.
func TestTwinsConform(t *testing.T) {
	rs, sc := twinsGround(t)
	rulestest.Run(t, rs, sc, rulestest.Options{Playouts: testenv.Count(2, 100), ReplayEvery: 25, TwinEvery: testenv.Count(4, 1)})
}

// Each leak of issue #9 is seen by the counterfactual check: played by the
// leaking wrapper (leaks_test.go), the check fails on the leak's channel,
// and the same wrapper with no leak passes the same games. The canary
// check sees only the raw actions (a marker's trooper by its planted name).
func TestCounterfactualCatchesEachLeak(t *testing.T) {
	tests := []struct {
		name  string
		leak  leaks
		where []string // what the check says v tells the twins apart by (any of)
		// canary: the canary check sees this leak too (a marker's
		// trooper named by its planted name).
		canary bool
		// red: red has the initiative, so that its Orders, and blue's
		// AROs, come first.
		red bool
		// seed is the first playout's seed. The canary check sees a
		// canary leak in any action that names a marker's trooper in the
		// clear (an attack, an Alert), and it comes first unless a marker
		// moves concealed before: the seed is one where it does (the first
		// playout from seed 0 since Coordinated Orders joined the menu).
		seed uint64
	}{
		// Blue moves a marker: the raw action names the trooper behind it.
		{"Camouflaged (N4): actions shown as sent", leaks{rawActions: true}, []string{"the next action"}, true, false, 0},
		// Red's menu in blue's turn lists blue's hidden sniper's moves.
		{"Hidden Deployment (N4): the prompted seat's menu given to the other seat", leaks{promptedMenu: true}, []string{"what it is shown"}, false, false, 0},
		// The Order spent shows as "order" only when it is the Special
		// Order, and the pools do not go down.
		{"Lieutenant (N4): the Lieutenant Special Order half hidden", leaks{halfHiddenLSO: true}, []string{"the next action", "after the next step"}, false, false, 0},
		// A visible Proxy listed as forfeiting because its hidden sibling
		// sees the active trooper.
		// Seed 9: the first playout where a hidden Proxy alone sees the
		// active trooper (from seed 0 the check found it at playout 9).
		{"G: Jumper (N4, PDF 2.1): visible Proxies betray a hidden one", leaks{widenedForfeit: true}, []string{"the events of the next step"}, false, true, 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base, sc := twinsGround(t)
			rs := leakyRuleset{Ruleset: base, leaks: tt.leak}
			if tt.red {
				sc.Initiative = "red"
			}
			opt := rulestest.Options{Playouts: 40, ReplayEvery: 1000, Seed: tt.seed}
			err := rulestest.Check(rs, sc, opt)
			var v *rulestest.Violation
			if !errors.As(err, &v) || v.Check != "counterfactual" || !slices.ContainsFunc(tt.where, func(w string) bool { return strings.Contains(v.Detail, "by "+w) }) {
				t.Fatalf("got %v, want a counterfactual violation by %s", err, tt.where)
			}
			// The wrapper itself tells nothing: without the leak, the
			// games up to the one where the check saw it pass.
			opt.Playouts = v.Playout + 1
			if err := rulestest.Check(leakyRuleset{Ruleset: base}, sc, opt); err != nil {
				t.Fatalf("the wrapper without its leak fails: %v", err)
			}
			if tt.canary {
				return
			}
			// The same game, where the twins saw the leak, played again
			// without them.
			if err := rulestest.Check(rs, sc, rulestest.Options{Playouts: 1, ReplayEvery: 1000, TwinEvery: -1, Seed: tt.seed}); err != nil {
				t.Fatalf("without twins the suite should not see this leak, but: %v", err)
			}
		})
	}
}

// Camouflaged (N4): two markers whose troopers trade places look the same
// to the opponent, in its observation and its menu: markers are listed by
// label, not in army-list order, which would tell who is who.
func TestMarkerOrderTellsNothing(t *testing.T) {
	rs, sc := twinsGround(t)
	r, err := rules.ResolveRulings(rs.Rulings(), nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := rs.Setup(sc, r)
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*State)
	do(t, st, "blue", EndOrders{})
	twin := st.clone()
	if _, ok := twin.twinMarkers("blue", "red", EndOrders{}, rand.New(rand.NewPCG(1, 2))); !ok {
		t.Fatal("no pair of markers to swap")
	}
	if twin.Models[twin.modelOf(twin.trooperIndex("scout-a"))].At == st.Models[st.modelOf(st.trooperIndex("scout-a"))].At {
		t.Fatal("the twin's scouts did not trade places")
	}
	for _, v := range []rules.Viewer{rules.PlayerView("red"), rules.Spectator()} {
		if a, b := viewJSON(t, st, v), viewJSON(t, twin, v); a != b {
			t.Errorf("%s tells the markers apart:\n%s\n%s", v, a, b)
		}
	}
	a, _ := json.Marshal(st.Legal("red"))
	b, _ := json.Marshal(twin.Legal("red"))
	if string(a) != string(b) {
		t.Error("red's menu tells the markers apart")
	}
}

// The counterfactual leak check over hackers that hide (Hacking (N3)): a
// hacker in Hidden Deployment (where it stands), two Impersonation-2
// markers, one a hacker and one not (which is which), and a Netrunner
// whose Cybermask makes him a marker in play (Impersonation (N4)).
func TestTwinsHackersConform(t *testing.T) {
	rs, _ := twinsGround(t)
	sc, err := scenario.Load("testdata/leaks/hackers.yaml", scenario.Options{Catalog: rs.Catalog})
	if err != nil {
		t.Fatal(err)
	}
	rulestest.Run(t, rs, sc, rulestest.Options{Playouts: testenv.Count(2, 100), ReplayEvery: 25, TwinEvery: testenv.Count(4, 1)})
}
