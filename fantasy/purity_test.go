package fantasy

import (
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/rules"
)

// deepCopy is a copy of s that shares nothing with it, the catalog maps,
// seats and points included (clone shares them, as nothing writes them in
// place after Setup: this test is what holds that true).
func deepCopy(s *State) *State {
	c := s.clone()
	c.Profiles = cloneMap(s.Profiles)
	c.Rulings = cloneMap(s.Rulings)
	c.Points = cloneMap(s.Points)
	c.Seats = slices.Clone(s.Seats)
	return c
}

// samePosition fails the test when s is no longer deep-equal, unexported
// fields included, to before.
func samePosition(t *testing.T, step int, what string, before, s *State) {
	t.Helper()
	if !reflect.DeepEqual(before, s) {
		t.Fatalf("step %d: %s changed the state", step, what)
	}
}

// Asking the state anything changes nothing: Prompt, Legal for every
// seat, Observe for every viewer and a refused Apply each leave the state
// deep-equal to a copy taken before (what a check works out is returned,
// never kept in the state). Random playouts of every fantasy scenario
// (the seed examples found as scenarios_test finds them, so a new one such
// as the challenge is covered), more with ORDO_LONG=1.
func TestQueriesArePure(t *testing.T) {
	seeds, err := filepath.Glob("../data/scenarios/seed/fantasy-*.yaml")
	if err != nil || len(seeds) < 4 {
		t.Fatalf("seed scenarios %v: %v", seeds, err)
	}
	paths := append([]string{"../data/scenarios/fantasy-demo.yaml"}, seeds...)
	rs := ruleset(t)
	for _, path := range paths {
		sc := loadScenario(t, path)
		r, err := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(testenv.Count(1, 20)) {
			st, err := rs.Setup(sc, r)
			if err != nil {
				t.Fatal(err)
			}
			purePlayout(t, st.(*State), seed)
		}
	}
}

func purePlayout(t *testing.T, s *State, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	src := dice.NewPCG(seed, 8)
	viewers := []rules.Viewer{rules.Spectator(), rules.Admin()}
	for _, seat := range s.Seats {
		viewers = append(viewers, rules.PlayerView(seat))
	}
	for step := 0; step < 5000; step++ {
		before := deepCopy(s)
		p := s.Prompt()
		samePosition(t, step, "Prompt", before, s)
		if p.Kind == rules.GameOver {
			return
		}
		type try struct {
			seat rules.Seat
			a    rules.Action
		}
		var refused []try
		for _, seat := range s.Seats {
			for _, o := range s.Legal(seat) {
				if o.Illegal != nil {
					refused = append(refused, try{seat, o.Action})
				} else if !p.Waits(seat) {
					t.Fatalf("step %d: %s offered to %s, whom the game does not wait for", step, o.Action.Kind(), seat)
				}
			}
			samePosition(t, step, "Legal("+string(seat)+")", before, s)
		}
		for _, v := range viewers {
			_ = s.Observe(v)
			samePosition(t, step, "Observe("+v.String()+")", before, s)
		}
		// Every refused menu entry, and a legal one sent by a seat the
		// game does not wait for, is refused without a trace.
		seat, a, err := rules.RandomLegal(s, rng)
		if err != nil {
			t.Fatal(err)
		}
		for _, other := range s.Seats {
			if other != seat {
				refused = append(refused, try{other, a})
			}
		}
		for _, o := range refused {
			if _, err := s.Apply(o.seat, o.a, dice.NewPCG(seed, uint64(step))); err == nil {
				t.Fatalf("step %d: refused %s by %s was accepted", step, o.a.Kind(), o.seat)
			}
			samePosition(t, step, "a refused "+o.a.Kind(), before, s)
		}
		if _, err := s.Apply(seat, a, src); err != nil {
			t.Fatalf("step %d: %s by %s: %v", step, a.Kind(), seat, err)
		}
	}
	t.Fatal("the game does not end")
}
