package infinity

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/internal/jsonscan"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/rules"
)

// playoutStates plays a seeded random playout of the scenario at path and
// returns every state it passes through, encoded.
func playoutStates(t testing.TB, path string, seed uint64) [][]byte {
	t.Helper()
	var out [][]byte
	playRandomly(t, setupFile(t, path), seed, func(st rules.State) {
		b, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	})
	return out
}

var decodeScenarios = []string{"../data/scenarios/demo.yaml", "../data/scenarios/jumper-demo.yaml"}

// Every state a game passes through decodes, and encodes back to the same
// bytes: a validate that refuses a real state is a bug. Six games of each
// scenario, only with ORDO_LONG=1: by default the conformance suites of the
// same two scenarios (TestDemoConforms, TestJumperDemoConforms) round-trip
// every state of their playouts, which is this check.
func TestDecodeStateAcceptsPlayouts(t *testing.T) {
	if !testenv.Long() {
		t.Skip("ORDO_LONG=1 runs it; the conformance suites round-trip every state of their playouts by default")
	}
	rs := ruleset(t)
	for _, path := range decodeScenarios {
		for seed := range uint64(6) {
			for i, b := range playoutStates(t, path, seed+1) {
				st, err := rs.DecodeState(b)
				if err != nil {
					t.Fatalf("%s seed %d state %d: %v\n%s", path, seed+1, i, err, b)
				}
				back, err := json.Marshal(st)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(back, b) {
					t.Fatalf("%s seed %d state %d: the round trip changed the state", path, seed+1, i)
				}
			}
		}
	}
}

// TestDecodeStateRefuses breaks a real state by hand, one field at a time,
// and checks that DecodeState refuses it naming the field.
func TestDecodeStateRefuses(t *testing.T) {
	rs := ruleset(t)
	sc := load(t, "../data/scenarios/demo.yaml")
	r, _ := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
	opening, err := rs.Setup(sc, r)
	if err != nil {
		t.Fatal(err)
	}
	base := opening.(*State)
	// An Order waiting for its second skill: the active seat's first
	// trooper has spent an Order on Idle.
	withOrder := func(s *State) *State {
		t0 := -1
		for i, tr := range s.Troopers {
			if tr.Seat == s.active() && s.modelOf(i) >= 0 {
				t0 = i
				break
			}
		}
		m := s.modelOf(t0)
		s.Order = &Order{Trooper: t0, Model: m, Source: OrderRegular, Step: StepSecond, First: Skill{Name: SkillIdle}, Path: [][2]float64{s.Models[m].At}}
		return s
	}
	for _, tc := range []struct {
		name  string
		order bool
		edit  func(s *State)
		want  string // the start of the message
	}{
		{"model's trooper", false, func(s *State) { s.Models[3].Trooper = 12 }, "state: models[3].trooper: 12 is not a trooper (0.."},
		{"trooper's model", false, func(s *State) { s.Troopers[1].Models = []int{40} }, "state: troopers[1].models[0]: 40 is not a model"},
		{"model listed twice", false, func(s *State) { s.Troopers[1].Models = append(s.Troopers[1].Models, s.Troopers[0].Models[0]) }, "state: troopers[1].models[1]: model 0 is listed by troopers[0] too"},
		{"trooper id twice", false, func(s *State) { s.Troopers[2].ID = s.Troopers[0].ID }, `state: troopers[2].id: "b-fusilier" is already troopers[0]'s id`},
		{"turn", false, func(s *State) { s.Turn = 2 }, "state: turn: 2 is not 0 or 1"},
		{"phase", false, func(s *State) { s.Phase = "lunch" }, `state: phase: "lunch" is not a phase`},
		{"one seat", false, func(s *State) { s.Seats = s.Seats[:1] }, "state: seats: a game has two seats, got 1"},
		{"same seat twice", false, func(s *State) { s.Seats[1] = s.Seats[0] }, `state: seats[1]: "blue" is seats[0] too: the two seats must differ`},
		{"army's seat", false, func(s *State) { s.Armies[1].Seat = "nobody" }, `state: armies[1].seat: "nobody" is not seats[1]`},
		{"trooper's seat", false, func(s *State) { s.Troopers[2].Seat = "nobody" }, `state: troopers[2].seat: "nobody" is not a seat`},
		{"trooper's profile", false, func(s *State) { s.Troopers[0].Profile = "nope" }, `state: troopers[0].profile: "nope" is not in profiles`},
		{"trooper's group", false, func(s *State) { s.Troopers[0].Group = "nope" }, `state: troopers[0].group: "nope" is not a combat group`},
		{"profile's weapon", false, func(s *State) {
			for id, p := range s.Profiles {
				p.Weapons = append(p.Weapons, "nope")
				s.Profiles[id] = p
				return
			}
		}, "state: profiles["},
		{"weapon's burst", false, func(s *State) {
			for id, w := range s.Weapons {
				w.Burst = 1000
				s.Weapons[id] = w
				return
			}
		}, "state: weapons["},
		{"model off the table", false, func(s *State) { s.Models[0].At = [2]float64{-5, 3} }, "state: models[0].at: (-5, 3) is off the"},
		{"silhouette", false, func(s *State) { s.Models[1].S = 0 }, "state: models[1].s: 0 is not in 1..8"},
		{"table", false, func(s *State) { s.Table.Width = 1e9 }, "state: table.width: 1e+09 is not a size in inches greater than 0 and at most 1000"},
		{"order's trooper", true, func(s *State) { s.Order.Trooper = -1 }, "state: order.trooper: -1 is not a trooper"},
		{"order's model", true, func(s *State) { s.Order.Model = len(s.Models) }, "state: order.model: 11 is not a model (0..10)"},
		{"order's step", true, func(s *State) { s.Order.Step = "nap" }, `state: order.step: "nap" is not a step`},
		{"order's path", true, func(s *State) { s.Order.Path = nil }, "state: order.path: the path has at least the active model's starting point"},
		{"order's decided", true, func(s *State) { s.Order.Decided = []int{0, 99} }, "state: order.decided[1]: 99 is not a trooper"},
		{"order's hits", true, func(s *State) { s.Order.HitBy = [][2]int{{-1, 0}, {-2, 0}} }, "state: order.hitBy[1][0]: -2 is not a trooper"},
		{"order's mines", true, func(s *State) { s.Order.Mines = []MineHit{{Deployable: 5, Trooper: 0}} }, "state: order.mines[0].deployable: 5 is not a deployable"},
		{"dodge-move without dodgers", true, func(s *State) { s.Order.Step = StepDodgeMove }, "state: order.dodgers: the dodge-move step needs at least one entry"},
		{"guts-move without gutsers", true, func(s *State) { s.Order.Step = StepGutsMove }, "state: order.gutsers: the guts-move step needs at least one entry"},
		{"alert without alerters", true, func(s *State) { s.Order.Step = StepAlert }, "state: order.alerters: the alert step needs at least one entry"},
		{"token without stranded", true, func(s *State) { s.Order.Step = StepToken }, "state: order.stranded: the proxy-token step needs at least one entry"},
		{"stranded names no G: Jumper", true, func(s *State) { s.Order.Step, s.Order.Stranded = StepToken, []string{"nobody"} }, `state: order.stranded[0]: "nobody" is not a G: Jumper`},
		{"second skill", true, func(s *State) { s.Order.Second = &Skill{Name: "juggle"} }, `state: order.second.name: "juggle" is not a skill`},
		{"second skill's point off the table", true, func(s *State) {
			s.Order.Second = &Skill{Name: SkillBSAttack, Weapon: "smoke-grenades", Point: &[2]float64{-3, 4}}
		}, "state: order.second.point: (-3, 4) is off the"},
		{"Smoke off the table", false, func(s *State) {
			s.Smoke = []SmokeZone{{By: s.Troopers[0].ID, Seat: s.Troopers[0].Seat, At: [2]float64{99, 1}}}
		}, "state: smoke[0].at: (99, 1) is off the"},
		{"order outside the orders phase", true, func(s *State) { s.Phase = PhaseOver }, "state: order: an Order is resolved only"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := base.clone()
			s.Profiles = cloneMap(base.Profiles)
			s.Weapons = cloneMap(base.Weapons)
			s.Troopers = nil
			for _, tr := range base.Troopers {
				tr.Models = append([]int(nil), tr.Models...)
				s.Troopers = append(s.Troopers, tr)
			}
			s.Seats = append([]rules.Seat(nil), base.Seats...)
			if tc.order {
				withOrder(s)
				b, _ := json.Marshal(s)
				if _, err := rs.DecodeState(b); err != nil {
					t.Fatalf("the unbroken state is refused: %v", err)
				}
			}
			tc.edit(s)
			refusedState(t, rs, s, tc.want)
		})
	}
}

// setNumber replaces a number of the JSON text b with v: the at-th,
// counting from 1 and wrapping around (0 changes nothing).
func setNumber(b []byte, at, v int) []byte {
	if at == 0 {
		return b
	}
	var spans [][2]int // each number's first byte and the byte after it
	for i, c := range jsonscan.Outside(b) {
		switch n := len(spans); {
		case n > 0 && spans[n-1][1] == i && strings.IndexByte("0123456789.eE+-", c) >= 0:
			spans[n-1][1] = i + 1
		case c == '-' || c >= '0' && c <= '9':
			spans = append(spans, [2]int{i, i + 1})
		}
	}
	if len(spans) == 0 {
		return b
	}
	sp := spans[(at-1)%len(spans)]
	out := append([]byte(nil), b[:sp[0]]...)
	out = strconv.AppendInt(out, int64(v), 10)
	return append(out, b[sp[1]:]...)
}

// setNumber finds the numbers outside strings (jsonscan.Outside), whole.
func TestSetNumber(t *testing.T) {
	in := `{"a-1":-12.5e+3,"b\"9":[3,"7",true],"c":40}`
	for at, want := range []string{
		in,
		`{"a-1":0,"b\"9":[3,"7",true],"c":40}`,
		`{"a-1":-12.5e+3,"b\"9":[0,"7",true],"c":40}`,
		`{"a-1":-12.5e+3,"b\"9":[3,"7",true],"c":0}`,
		`{"a-1":0,"b\"9":[3,"7",true],"c":40}`,
	} {
		if got := string(setNumber([]byte(in), at, 0)); got != want {
			t.Errorf("setNumber(%d): got %s, want %s", at, got, want)
		}
	}
}

// Bytes that are not a state's JSON are refused with the same code.
func TestDecodeStateRefusesJSON(t *testing.T) {
	for _, in := range []string{`{"seats":`, `{"models":[{"trooper":"one"}]}`, `[]`} {
		_, err := ruleset(t).DecodeState([]byte(in))
		if re, ok := rules.AsRuleError(err); !ok || re.Code != CodeBadState || !strings.HasPrefix(re.Message(), "state: ") {
			t.Errorf("%s: got %v, want a %s error", in, err, CodeBadState)
		}
	}
}

func cloneMap[V any](m map[string]V) map[string]V {
	out := make(map[string]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// FuzzDecodeState: whatever DecodeState accepts, the ruleset can prompt,
// list, observe and apply on without panicking.
func FuzzDecodeState(f *testing.F) {
	for _, path := range decodeScenarios {
		for seed := range uint64(2) {
			states := playoutStates(f, path, seed+1)
			// Every state of the first Order steps through its windows; then
			// one in seven, for the later turns.
			for i, b := range states {
				if i < 12 || i%7 == 0 || bytes.Contains(b, []byte(`"step":"`)) && i%3 == 0 {
					f.Add(b, uint16(0), int8(0), uint16(0), int8(0))
				}
			}
		}
	}
	rs := ruleset(f)
	f.Fuzz(func(t *testing.T, b []byte, at1 uint16, v1 int8, at2 uint16, v2 int8) {
		// Rewriting the numbers of a real state (most of them indexes)
		// reaches far more states than editing its bytes blindly.
		b = setNumber(setNumber(b, int(at1), int(v1)), int(at2), int(v2))
		decoded, err := rs.DecodeState(b)
		if err != nil {
			return
		}
		st := decoded.(*State)
		p := st.Prompt()
		seats := append(append([]rules.Seat(nil), p.Seats...), st.Seats...)
		var menu []rules.Option
		for i, seat := range seats {
			opts := st.Legal(seat)
			if i == 0 {
				menu = opts
			}
		}
		for _, v := range []rules.Viewer{rules.PlayerView(st.Seats[0]), rules.PlayerView(st.Seats[1]), rules.Spectator()} {
			if _, err := json.Marshal(st.Observe(v)); err != nil {
				t.Fatalf("observe: %v", err)
			}
		}
		if p.Kind == rules.GameOver || len(p.Seats) == 0 {
			return
		}
		for _, o := range menu {
			if o.Illegal == nil {
				if _, err := st.Apply(p.Seats[0], o.Action, dice.NewPCG(1, 1)); err != nil {
					t.Fatalf("apply %s, which Legal offered: %v", o.Action.Kind(), err)
				}
				break
			}
		}
	})
}

// TestDecodeStateCatalogChecks breaks a weapon and a profile of a real
// state and checks that DecodeState refuses them with catalog's Check
// findings under the entry's path.
func TestDecodeStateCatalogChecks(t *testing.T) {
	rs := ruleset(t)
	sc := load(t, "../data/scenarios/demo.yaml")
	r, _ := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
	opening, err := rs.Setup(sc, r)
	if err != nil {
		t.Fatal(err)
	}
	base := opening.(*State)
	wid := slices.Sorted(maps.Keys(base.Weapons))[0]
	pid := slices.Sorted(maps.Keys(base.Profiles))[0]
	weapon := func(edit func(w *catalog.Weapon)) func(s *State) {
		return func(s *State) {
			w := s.Weapons[wid]
			w.Ranges = slices.Clone(w.Ranges)
			w.Ammo = slices.Clone(w.Ammo)
			edit(&w)
			s.Weapons[wid] = w
		}
	}
	profile := func(edit func(p *catalog.Profile)) func(s *State) {
		return func(s *State) {
			p := s.Profiles[pid]
			edit(&p)
			s.Profiles[pid] = p
		}
	}
	wp, pp := fmt.Sprintf("state: weapons[%q].", wid), fmt.Sprintf("state: profiles[%q].", pid)
	for _, tc := range []struct {
		name string
		edit func(s *State)
		want string
	}{
		{"damage", weapon(func(w *catalog.Weapon) { w.DamageAttribute, w.Damage = "", 0 }), wp + "damage: damage must be 1 to 20, got 0"},
		{"damage attribute", weapon(func(w *catalog.Weapon) { w.DamageAttribute = "BS" }), wp + `damageAttribute: unknown damage attribute "BS"`},
		{"damage modifier", weapon(func(w *catalog.Weapon) { w.DamageAttribute, w.Damage = "PH", 11 }), wp + "damage: the modifier of PH must be -10 to +10, got +11"},
		{"burst", weapon(func(w *catalog.Weapon) { w.Burst = 0 }), wp + "burst: burst must be 1 to 10, got 0"},
		{"no ammo", weapon(func(w *catalog.Weapon) { w.Ammo = nil }), wp + "ammo: ammo must list at least one ammunition"},
		{"unknown ammo", weapon(func(w *catalog.Weapon) { w.Ammo = append(w.Ammo, "Fire") }), wp + `ammo[1]: unknown ammunition "Fire"`},
		{"save", weapon(func(w *catalog.Weapon) { w.Save = "PH" }), wp + `save: unknown save attribute "PH"`},
		{"attribute", weapon(func(w *catalog.Weapon) { w.Attribute = "CC" }), wp + `attribute: unknown attack attribute "CC"`},
		{"template", weapon(func(w *catalog.Weapon) { w.Traits.Template = "square" }), wp + `traits.template: unknown template "square"`},
		{"band mod", weapon(func(w *catalog.Weapon) {
			w.Ranges = []catalog.RangeBand{{From: 0, To: 8, Mod: 3}, {From: 8, To: 16, Mod: 13}}
		}), wp + "ranges[1].mod: mod must be -12 to +12"},
		{"bands overlap", weapon(func(w *catalog.Weapon) {
			w.Ranges = []catalog.RangeBand{{From: 0, To: 8}, {From: 6, To: 16}}
		}), wp + "ranges[1].from: the band starts at 6, inside the band before it"},
		{"band too far", weapon(func(w *catalog.Weapon) { w.Ranges = []catalog.RangeBand{{From: 0, To: 97}} }), wp + "ranges[0].to: to must be above 0 and at most 96 inches"},
		{"mov", profile(func(p *catalog.Profile) { p.MOV[1] = 13 }), pp + "mov: each MOV value must be 0 to 12 inches"},
		{"bs", profile(func(p *catalog.Profile) { p.BS = 31 }), pp + "bs: bs must be 0 to 30, got 31"},
		{"wounds", profile(func(p *catalog.Profile) { p.W = 0 }), pp + "w: w must be 1 to 10, got 0"},
		{"cost", profile(func(p *catalog.Profile) { p.Cost = -1 }), pp + "cost: cost must be 0 to 999, got -1"},
		{"type", profile(func(p *catalog.Profile) { p.Type = "XX" }), pp + `type: unknown troop type "XX"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := base.clone()
			s.Profiles = cloneMap(base.Profiles)
			s.Weapons = cloneMap(base.Weapons)
			tc.edit(s)
			refusedState(t, rs, s, tc.want)
		})
	}
}

// refusedState encodes s and expects DecodeState to refuse it with
// CodeBadState and a message starting with want (the field path and what
// is wrong with it).
func refusedState(t *testing.T, rs Ruleset, s *State, want string) {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	_, err = rs.DecodeState(b)
	re, ok := rules.AsRuleError(err)
	if !ok || re.Code != CodeBadState {
		t.Fatalf("got %v, want a %s error", err, CodeBadState)
	}
	if !strings.HasPrefix(re.Message(), want) {
		t.Fatalf("got  %q\nwant %q…", re.Message(), want)
	}
}
