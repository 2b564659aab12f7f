package infinity

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// The memos Legal keeps while it runs (Line of Fire per target, the first
// skill's check per Order source, what bars each Order source) must give every candidate the answer
// checking it alone gives: the same entries greyed, with the same rule and
// message (Order Expenditure Sequence (N4): the menu is what Apply
// accepts). Each candidate is checked again on a clone of the position,
// with no memo, along seeded random playouts.
func TestMenuMemosGiveWhatCheckingAloneGives(t *testing.T) {
	rs := ruleset(t)
	for _, path := range []string{"../data/scenarios/demo.yaml", "../data/scenarios/jumper-demo.yaml"} {
		sc := load(t, path)
		r, err := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 2; seed++ {
			st0, err := rs.Setup(sc, r)
			if err != nil {
				t.Fatal(err)
			}
			st := st0.(*State)
			rng := rand.New(rand.NewPCG(seed, 3))
			src := dice.NewPCG(seed, 4)
			for step := 0; st.Prompt().Kind != rules.GameOver; step++ {
				seat := st.Prompt().Seats[0]
				opts := st.Legal(seat)
				var legal []rules.Action
				for i, o := range opts {
					_, alone := st.clone().check(o.Action, nil)
					if !sameRefusal(o.Illegal, alone) {
						t.Fatalf("%s seed %d step %d, entry %d %s: the menu says %v, checking it alone %v", path, seed, step, i, mustEncode(t, o.Action), o.Illegal, alone)
					}
					if o.Illegal == nil {
						legal = append(legal, o.Action)
					}
				}
				if _, err := st.Apply(seat, legal[rng.IntN(len(legal))], src); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// sameRefusal reports whether a menu entry's greying and a check's error
// say the same: both nothing, or the same code, rule and message.
func sameRefusal(menu *rules.RuleError, err error) bool {
	if menu == nil || err == nil {
		return menu == nil && err == nil
	}
	re, ok := rules.AsRuleError(err)
	return ok && re.Code == menu.Code && re.Rule == menu.Rule && re.Message() == menu.Message()
}

// sameSkill is what lets the menu share one check between candidates: a
// field it did not compare would hand one skill another's answer.
func TestSameSkillComparesEveryField(t *testing.T) {
	from, other := 1, 2
	base := Skill{Name: SkillBSAttack, Route: [][2]float64{{1, 2}}, Target: "a", Weapon: "w", Ammo: "N", From: &from, Split: []BurstShare{{Target: "a", Dice: 1}}, Burst: 1}
	if same := base; !sameSkill(&base, &base) || !sameSkill(&base, &same) {
		t.Fatal("a skill differs from itself or from its copy")
	}
	typ := reflect.TypeOf(base)
	for i := range typ.NumField() {
		k := base
		f := reflect.ValueOf(&k).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Int:
			f.SetInt(f.Int() + 1)
		case reflect.Bool:
			f.SetBool(!f.Bool())
		case reflect.Pointer:
			if f.Type() == reflect.TypeOf(&other) {
				f.Set(reflect.ValueOf(&other))
			} else {
				f.Set(reflect.New(f.Type().Elem()))
			}
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), f.Len()+1, f.Len()+1))
		default:
			t.Fatalf("Skill.%s is a %s: teach sameSkill and this test to compare it", typ.Field(i).Name, f.Kind())
		}
		if sameSkill(&base, &k) {
			t.Errorf("sameSkill does not tell skills apart by %s", typ.Field(i).Name)
		}
	}
	k := base
	k.From = nil
	if sameSkill(&base, &k) || sameSkill(&k, &base) {
		t.Error("sameSkill does not tell a From from none")
	}
}

// The weapons a state indexes per trooper (derived) are its profile's
// entries of Weapons, in order, after Setup and after a decode: every
// attack picks its weapon among them (BS Attack (N4)).
func TestDerivedWeaponsAreTheProfilesEntries(t *testing.T) {
	s0 := setupFile(t, "../data/scenarios/jumper-demo.yaml")
	b, err := json.Marshal(s0)
	if err != nil {
		t.Fatal(err)
	}
	decoded, err := ruleset(t).DecodeState(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []*State{s0, decoded.(*State), {Troopers: s0.Troopers, Profiles: s0.Profiles, Weapons: s0.Weapons}} {
		for i := range st.Troopers {
			ids := st.profile(i).Weapons
			ws := st.weapons(i)
			if len(ws) != len(ids) {
				t.Fatalf("%s: %d weapons for %d ids", st.Troopers[i].ID, len(ws), len(ids))
			}
			for j, id := range ids {
				w, ok := st.Weapons[id]
				if (ws[j] != nil) != ok || (ok && !reflect.DeepEqual(*ws[j], w)) {
					t.Errorf("%s weapon %d (%s): indexed %v, catalog %v", st.Troopers[i].ID, j, id, ws[j], w)
				}
			}
		}
	}
}

// factsOf looks a skill up through skillIndex: every skill of the table
// must be found there, as itself, and a name that is no skill (Skill
// categories (N4) know only these) must find nothing.
func TestFactsOfFindsEverySkill(t *testing.T) {
	for i := range skillTable {
		name := skillTable[i].name
		if got := factsOf(name); got != &skillTable[i] {
			t.Errorf("factsOf(%q) = %v, want skillTable[%d]", name, got, i)
		}
		// A name of the same length and first byte that is no skill.
		other := SkillName(string(name[0]) + strings.Repeat("z", len(name)-1))
		if got := factsOf(other); got != nil {
			t.Errorf("factsOf(%q) = %v, want nil", other, got.name)
		}
	}
	for _, name := range []SkillName{"", "x", "bs-attackx", "BS-ATTACK", SkillName(strings.Repeat("m", 300))} {
		if got := factsOf(name); got != nil {
			t.Errorf("factsOf(%q) = %v, want nil", name, got.name)
		}
	}
}

// While Legal runs, the bases on the table are gathered once per menu
// (tableBases) and each Line of Fire and route check copies them leaving
// out its own models: what it gets must be what gathering them afresh
// gives, in the same order — a Camouflaged marker's base left out of the
// bases that block Line of Fire (Line of Fire (N4)), a trooper in Hidden
// Deployment's left out of all — whichever models are left out, in any
// order, named twice or not on the table.
func TestMenuBasesAsGatheredAfresh(t *testing.T) {
	rs := ruleset(t)
	sc := load(t, "../data/scenarios/demo.yaml")
	st, err := rs.Setup(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	w := *s
	w.memo = new(checkMemo)
	n := len(s.Models)
	excepts := [][]int{nil}
	for i := range n {
		excepts = append(excepts, []int{i}, []int{i, i})
		for j := range n {
			excepts = append(excepts, []int{i, j})
		}
	}
	excepts = append(excepts, []int{n - 1, 2, 0}, []int{5, 1, 3, 5})
	for _, skip := range []bool{false, true} {
		for _, except := range excepts {
			want := s.collectBases(nil, skip, except)
			got := w.collectBases([]geom.Circle{{Radius: -1}}, skip, except)
			if !reflect.DeepEqual(got[1:], want) || got[0].Radius != -1 {
				t.Fatalf("markers left out %v, except %v: menu gathered %v, afresh %v", skip, except, got, want)
			}
		}
	}
	// The marker and the hidden trooper are what the two lists differ by.
	if a, b := len(s.collectBases(nil, false, nil)), len(s.collectBases(nil, true, nil)); a != n-1 || b != n-2 {
		t.Fatalf("%d models: %d bases, %d blocking Line of Fire; want %d and %d", n, a, b, n-1, n-2)
	}
}

// hackProgram asks whether the hacker carries the program through the
// programs it may declare, worked out at Setup (carriesProgram), rather
// than through its devices (carries): the two must agree for every
// trooper and program of the state, hackers with several devices,
// troopers without one and a Repeater's carrier among them (Hacking (N3):
// a hacker declares only the programs its device carries).
func TestCarriesProgramAsCarries(t *testing.T) {
	rs := ruleset(t)
	st, err := rs.Setup(load(t, "../data/scenarios/hacking-demo.yaml"), nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if s.derived == nil || len(s.Programs) == 0 {
		t.Fatal("hacking-demo.yaml: no programs worked out at Setup")
	}
	yes := 0
	for tr := range s.Troopers {
		for id, p := range s.Programs {
			want := s.carries(tr, p)
			if got := s.carriesProgram(tr, &p); got != want {
				t.Errorf("%s, %s: carriesProgram %v, carries %v", s.Troopers[tr].ID, id, got, want)
			}
			if want {
				yes++
			}
		}
	}
	if yes == 0 || yes == len(s.Troopers)*len(s.Programs) {
		t.Fatalf("%d of %d pairs carried: the scenario tells nothing apart", yes, len(s.Troopers)*len(s.Programs))
	}
}

// BS Attack (N4) and Direct Template Weapons (N4): an attack greyed for
// want of Line of Fire names the target it was offered on, and cites
// Direct Template Weapons (N4) exactly when its weapon is a Direct
// Template. The menus share their refusals (namedRefusal): one kept for
// another name, or the other rule, would name the wrong enemy or rule. Along seeded demo playouts, every such
// entry of every menu is checked against its own action.
func TestNoLoFRefusalNamesItsTarget(t *testing.T) {
	seen := map[string]int{}
	eachPrompt(t, "../data/scenarios/demo.yaml", 2, func(_ uint64, s *State, p rules.Prompt) {
		for _, o := range s.Legal(p.Seats[0]) {
			if o.Illegal == nil || !strings.HasPrefix(o.Illegal.Message(), "no Line of Fire to ") {
				continue
			}
			var k Skill
			var t0 int
			switch a := Plain(o.Action).(type) {
			case Activate:
				k, t0 = a.Skill, s.trooperIndex(a.Trooper)
			case Second:
				k, t0 = a.Skill, s.Order.Trooper
			default:
				continue
			}
			if k.Name != SkillBSAttack {
				continue // Discover (N4) says the same of its own
			}
			w, err := s.weaponRef(t0, &k)
			if err != nil {
				t.Fatalf("%s: %v", mustEncode(t, o.Action), err)
			}
			rule := "BS Attack (N4)"
			if isDirectTemplate(w) {
				rule = "Direct Template Weapons (N4)"
			}
			if want := "no Line of Fire to " + k.Target; o.Illegal.Message() != want || o.Illegal.Rule != rule || o.Illegal.Code != rules.CodeIllegal {
				t.Fatalf("%s is refused %q (%s, %s), want %q (%s)", mustEncode(t, o.Action), o.Illegal.Message(), o.Illegal.Rule, o.Illegal.Code, want, rule)
			}
			seen[rule]++
		}
	})
	if seen["BS Attack (N4)"] == 0 || seen["Direct Template Weapons (N4)"] == 0 {
		t.Fatalf("the playouts greyed %v for want of Line of Fire: both kinds are needed", seen)
	}
}
