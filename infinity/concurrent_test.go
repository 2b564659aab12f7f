package infinity

import (
	"encoding/json"
	"sync"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// Reading a state writes nothing (rules.State), so several goroutines may
// ask one state for its prompt, its menus and its observations at once —
// as a server answering a seat and its spectators may. Every answer must be
// the one a lone caller gets. Legal shares work between the candidates of
// a menu through memos; they must not live in the state being read. The
// race detector makes this test exact (.ci/run runs it with -race); without
// it, a shared memo shows as a wrong menu now and then.
func TestConcurrentReadersAgree(t *testing.T) {
	rs := ruleset(t)
	sc := load(t, "../data/scenarios/demo.yaml")
	r, _ := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
	st, err := rs.Setup(sc, r)
	if err != nil {
		t.Fatal(err)
	}
	answers := func(st rules.State) string {
		var out []any
		for _, seat := range st.(*State).Seats {
			out = append(out, st.Legal(seat), st.Observe(rules.PlayerView(seat)))
		}
		out = append(out, st.Prompt(), st.Observe(rules.Spectator()))
		b, err := json.Marshal(out)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	step := 0
	playRandomly(t, st, 7, func(st rules.State) {
		if step%8 == 0 && step < 48 {
			want := answers(st)
			var wg sync.WaitGroup
			got := make([]string, 4)
			for g := range got {
				wg.Go(func() { got[g] = answers(st) })
			}
			wg.Wait()
			for g := range got {
				if got[g] != want {
					t.Fatalf("step %d: reader %d saw another menu or view than a lone reader", step, g)
				}
			}
		}
		step++
	})
}
