package fantasy

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/internal/yamlfile"
	"github.com/ordo-rules/ordo/rules"
)

// A decoded state is checked before use: whatever bytes come in, Prompt,
// Legal, Observe and an Apply of any offered action run without panicking,
// and a state that decodes survives the round trip.
func FuzzDecodeState(f *testing.F) {
	rs := ruleset(f)
	sc := loadScenario(f, "../data/scenarios/fantasy-demo.yaml")
	r, _ := rules.ResolveRulings(rs.Rulings(), nil)
	st, err := rs.Setup(sc, r)
	if err != nil {
		f.Fatal(err)
	}
	b, _ := json.Marshal(st)
	f.Add(b)
	s2 := battle(f, nil, ruleUnit("c1", "captain", "c2", "captain", "a", "captain", "b", "captain"), target())
	s2.Phase = PhaseShooting
	s2.resolveHits(s2.unit("u"), map[string]int{"c1": 2}, 0, 5, roller{mustScript(6, 6, 1, 1)}, true)
	b2, _ := json.Marshal(s2)
	f.Add(b2)
	// The Magic phase: a spell waiting for the dispel, another in play.
	s3 := magicTable(f, nil, nil, nil)
	s3.Apply("blue", EndMovement{}, mustScript(4, 5, 1, 1))
	s3.Apply("blue", Cast{Wizard: "blue-wizard", Spell: "bark-skin", Target: "blue-wizard", Dice: 2}, mustScript(3, 4))
	s3.Apply("red", NoDispel{}, mustScript())
	s3.Apply("blue", Cast{Wizard: "blue-wizard", Spell: "leaden-limbs", Target: "spears", Dice: 2}, mustScript(3, 4))
	b3, _ := json.Marshal(s3)
	f.Add(b3)
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := rs.DecodeState(data)
		if err != nil {
			return
		}
		again, _ := json.Marshal(st)
		st2, err := rs.DecodeState(again)
		if err != nil {
			t.Fatalf("a decoded state does not decode again: %v", err)
		}
		if b, _ := json.Marshal(st2); string(b) != string(again) {
			t.Fatal("the round trip changed the state")
		}
		p := st.Prompt()
		st.Observe(rules.Admin())
		for _, seat := range p.Seats {
			for _, o := range st.Legal(seat) {
				if o.Illegal == nil {
					st.Clone().Apply(seat, o.Action, dice.NewPCG(1, 2))
					break
				}
			}
		}
	})
}

func mustScript(faces ...int) dice.Source {
	s, err := dice.NewScript(faces...)
	if err != nil {
		panic(err)
	}
	return s
}

// Actions from outside decode into the ruleset's own types or are refused
// with a rule error; none panics on Apply.
func FuzzDecodeAction(f *testing.F) {
	rs := ruleset(f)
	for _, a := range []string{`{"kind":"charge","unit":"u","character":"c1","target":"target"}`,
		`{"kind":"move","unit":"u","march":true,"legs":[{"forward":4},{"wheel":-30}],"reposition":[{"model":"captain","rank":0,"file":1}]}`,
		`{"kind":"allocate","hits":{"captain":1}}`, `{"kind":"leave","unit":"u","character":"c1","to":{"x":3,"y":4}}`,
		`{"kind":"shoot","unit":"u","target":"target","at":{"x":24,"y":44}}`, `{"kind":"reform","unit":"u","files":3,"facing":1e308}`,
		`{"kind":"challenge","unit":"u","model":"c1"}`, `{"kind":"accept","model":"c1"}`, `{"kind":"refuse"}`, `{"kind":"retire","model":"c1"}`} {
		f.Add([]byte(a))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := rs.DecodeAction(data)
		if err != nil {
			if _, ok := rules.AsRuleError(err); !ok {
				t.Fatalf("not a rule error: %v", err)
			}
			return
		}
		s := battle(t, nil, []map[string]any{unitSpecOf("u", "bowman", 10, 5, [2]float64{24, 10}, 90, chars("c1", "captain"))}, target())
		before, _ := json.Marshal(s)
		if _, err := s.Apply("blue", a, dice.NewPCG(1, 1)); err != nil {
			if after, _ := json.Marshal(s); string(after) != string(before) {
				t.Fatal("a refused action changed the state")
			}
		}
	})
}

// A user's catalog file is refused with a positioned error or loaded with
// every profile valid.
func FuzzCatalog(f *testing.F) {
	f.Add([]byte("profiles:\n  - {name: x, type: infantry, m: 4, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7, base: [1, 1], points: 5}\n"))
	f.Add([]byte("profiles: [{name: y, type: monster}]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := (*Catalog)(nil).Parse("user.yaml", data)
		if err != nil {
			return
		}
		for name, p := range c.Profiles {
			if err := p.Check(); err != nil || p.Name != name {
				t.Fatalf("%q loaded but invalid: %v", name, err)
			}
		}
	})
}

// A fantasy army list read from outside is refused with errors each at a
// file:line:col, or accepted within its points limit with one General.
func FuzzArmyList(f *testing.F) {
	f.Add([]byte("ruleset: fantasy\nname: x\npoints: 200\nunits:\n  - {id: s, profile: spearman, models: 10, characters: [{id: g, profile: captain, general: true}]}\n"))
	f.Add([]byte("ruleset: fantasy\nname: x\npoints: 5\nunits: [{id: g, profile: captain, general: true, at: [1, 2]}]\n"))
	f.Add([]byte("ruleset: fantasy\nunits: [[[[{}]]]]\n"))
	cat := ruleset(f).Catalog
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ParseArmyList("list.yaml", data, cat)
		if err != nil {
			var errs yamlfile.Errors
			if !errors.As(err, &errs) || len(errs) == 0 {
				t.Fatalf("an error that is no list of positioned errors: %v", err)
			}
			for _, e := range errs {
				if e.Line < 1 {
					t.Fatalf("an error with no line: %v", e)
				}
			}
			return
		}
		if l.Total(cat) > l.Points {
			t.Fatalf("accepted at %d points over its %d", l.Total(cat), l.Points)
		}
	})
}
