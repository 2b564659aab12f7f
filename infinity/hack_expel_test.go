package infinity

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
)

// expelYAML: blue's Netrunner (Hacking Device Plus: Expel) 7" from red's
// manned TAG (facing +y), which is red's Lieutenant when lt; red's other
// troopers are a Sentinel TAG (no pilot) and a Heavy Gunner, and blocker,
// when given, stands where the pilot would go first.
func expelYAML(lt bool, blocker string) string {
	red := []string{"gunner hmg 20 24 90", "tag manned-tag 10 17 90", "sentinel tag 16 18 90"}
	if lt {
		red[0], red[1] = red[1], red[0]
	}
	if blocker != "" {
		red = append(red, blocker)
	}
	return hackYAML([]string{"netrunner hacker-plus 10 10 270", "rifleman line-trooper 30 2 0"}, red)
}

// Expel (Hacking (N3), the program table): CLAW-2, Attack MOD 0, Damage
// 13, B1 in both turns, a Short Skill or ARO on a manned TAG that is not
// Possessed. A failed BTS roll (13 − BTS 3 = 10) throws the pilot out:
// the TAG is Unmanned (it cannot be activated, and its Order passes to the
// pilot in the Order Count) and the pilot, a trooper of the TAG's army,
// combat group and Lieutenant role, stands in base contact straight behind
// it when the Order ends.
func TestHackingExpel(t *testing.T) {
	st := setup(t, expelYAML(true, ""), nil)
	refused(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: hack("expel", "sentinel")}, rules.CodeIllegal, "it targets manned-TAG")
	refused(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: hack("expel", "gunner")}, rules.CodeIllegal, "it targets manned-TAG")
	ev := hackOrder(t, st, "blue", "netrunner", "expel", "tag", []ARODecl{{Trooper: "tag", Skill: Skill{Name: SkillReset}}}, 2, 20, 1)
	r := rolledBy(ev)
	if r["netrunner"].SV.Value != 15 || len(r["netrunner"].Dice) != 1 {
		t.Fatalf("Expel rolled %+v, want WIP 15 B1", r["netrunner"])
	}
	for _, e := range ev {
		if s, ok := e.(Saved); ok && (s.AttackDamage != 10 || len(s.Faces) != 1) {
			t.Errorf("saves %+v: want one roll against 10", s)
		}
	}
	tag := st.trooperIndex("tag")
	pilot := st.trooperIndex("tag-pilot")
	if pilot < 0 || !st.Troopers[tag].States.Unmanned || st.Troopers[tag].Pilot != "tag-pilot" {
		t.Fatalf("after Expel: TAG %+v, pilot %d", st.Troopers[tag], pilot)
	}
	p := st.Troopers[pilot]
	if p.Seat != "red" || p.Group != "1" || p.Profile != "tag-pilot" || !p.Lieutenant || st.Troopers[tag].Lieutenant || p.Wounds != 1 {
		t.Errorf("the pilot %+v", p)
	}
	// In base contact, straight behind the TAG (it faces +y).
	tb, pb := st.Models[st.modelOf(tag)].base(), st.Models[st.modelOf(pilot)].base()
	if d := math.Hypot(pb.Center.X-tb.Center.X, pb.Center.Y-tb.Center.Y); math.Abs(d-tb.Radius-pb.Radius) > 1e-9 || math.Abs(pb.Center.X-10) > 1e-9 || pb.Center.Y > 17 {
		t.Errorf("the pilot stands at %v, the TAG at %v", pb.Center, tb.Center)
	}
	refused(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: hack("expel", "tag")}, rules.CodeIllegal, "it targets manned-TAG")
	do(t, st, "blue", EndOrders{})
	// Red's Order Count: the pilot adds the Order the TAG no longer does.
	if got := st.army("red").Groups[0].Pool; got != 3 {
		t.Errorf("red's pool %d, want 3 (gunner, sentinel, pilot)", got)
	}
	refused(t, st, "red", Activate{Trooper: "tag", Order: OrderRegular, Skill: move([2]float64{10, 19})}, rules.CodeIllegal, "Unmanned TAG cannot be activated")
	if menuActivates(st, "red", "tag") || !menuActivates(st, "red", "tag-pilot") {
		t.Error("red's menu: the Unmanned TAG offered, or the pilot not")
	}
	if st.army("red").LieutenantOrders != 1 {
		t.Error("the pilot, red's Lieutenant, brings no Lieutenant Special Order")
	}
	// The pilot's Order: it walks away.
	at := st.Models[st.modelOf(pilot)].At
	do(t, st, "red", Activate{Trooper: "tag-pilot", Order: OrderRegular, Skill: move([2]float64{at[0], at[1] - 2})})
}

// Expel (Hacking (N3)), where the pilot goes: the first free point of the
// fixed sequence around the TAG's base. A trooper behind the TAG pushes it
// 15° toward the TAG's right (clockwise seen from above for a TAG facing
// +y: toward +x); with no room at all, the pilot stays aboard.
func TestHackingExpelPlacement(t *testing.T) {
	// A red Line Trooper stands right behind the TAG.
	st := setup(t, expelYAML(false, "blocker line-trooper 9.5 14.9 90"), nil)
	hackOrder(t, st, "blue", "netrunner", "expel", "tag", nil, 2, 1)
	pilot := st.trooperIndex("tag-pilot")
	if pilot < 0 {
		t.Fatal("no pilot")
	}
	tb, pb := st.Models[st.modelOf(st.trooperIndex("tag"))].base(), st.Models[st.modelOf(pilot)].base()
	a := math.Atan2(pb.Center.Y-tb.Center.Y, pb.Center.X-tb.Center.X) * 180 / math.Pi
	if math.Abs(a-(-75)) > 1e-6 {
		t.Errorf("the pilot at %.1f° from the TAG, want −75° (270° + 15°)", a)
	}
	// Hemmed in by the table's edge: a TAG in a corner whose only room
	// is taken.
	st = setup(t, hackYAML([]string{"netrunner hacker-plus 8 8 270"}, []string{"tag manned-tag 1.6 1.6 90"}), nil)
	tag := st.trooperIndex("tag")
	st.Models[st.modelOf(tag)].At = [2]float64{st.Table.Width / 2, st.Table.Height / 2}
	if at, ok := st.pilotSpot(st.modelOf(tag), 2, "red"); !ok || at[1] > st.Table.Height/2 {
		t.Errorf("an open table: %v %v", at, ok)
	}
	st.Table.Width, st.Table.Height = 3.2, 3.2
	st.Models[st.modelOf(tag)].At = [2]float64{1.6, 1.6}
	if _, ok := st.pilotSpot(st.modelOf(tag), 2, "red"); ok {
		t.Error("a pilot placed off a table the TAG fills")
	}
}

// Expel, the pilot placed and the Unmanned TAG (Hacking (N3)), through
// `ordo play`: the scenario's forced dice and expectations.
func TestHackingExpelScenario(t *testing.T) {
	var out strings.Builder
	if err := play.Run(ruleset(t), load(t, "../data/scenarios/seed/hacking-expel.yaml"), &out, play.Options{}); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, line := range []string{
		"tag makes 1 Saving Roll against netrunner (Expel, Attack Damage 10): 7, 1 failed",
		"tag enters Unmanned (Expel)",
		"tag's pilot tag-pilot gets out at (10.00, 14.43) (Expel)",
		"an Unmanned TAG cannot be activated",
		"tag-pilot spends a Regular Order",
	} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("no %q in\n%s", line, out.String())
		}
	}
}

// Expel (Hacking (N3)): an Unmanned TAG cannot react either. The blue
// Netrunner that expelled the pilot moves again inside the TAG's Zone of
// Control: the TAG is not among the troopers that may declare an ARO, and
// a Dodge declared for it is refused.
func TestExpelledTAGDeclaresNoARO(t *testing.T) {
	st := setup(t, expelYAML(false, ""), nil)
	hackOrder(t, st, "blue", "netrunner", "expel", "tag", nil, 2, 1)
	tag := st.trooperIndex("tag")
	if !st.Troopers[tag].States.Unmanned {
		t.Fatal("the TAG is not Unmanned")
	}
	do(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: move([2]float64{10.5, 10})})
	if st.Order == nil || st.Order.Step != StepARO1 {
		t.Fatalf("no ARO window: %+v", st.Order)
	}
	for _, e := range st.eligible(nil) {
		if e.Trooper == tag {
			t.Fatalf("the Unmanned TAG may react: %+v", e)
		}
	}
	if _, err := st.Apply("red", AROs{Declarations: []ARODecl{{Trooper: "tag", Skill: Skill{Name: SkillDodge}}}}, dice.NewPCG(1, 1)); err == nil {
		t.Error("the Unmanned TAG declared a Dodge")
	}
}

// Expel (Hacking (N3)), a decoded state: DecodeState takes the Unmanned
// TAG and its pilot as the engine leaves them, and refuses what it could
// not reach: an Unmanned TAG with no pilot, or a trooper that is not a
// manned TAG Unmanned, outside an Order; a pilot named by a TAG still
// manned, or that is no trooper.
func TestDecodeStateExpel(t *testing.T) {
	rs := ruleset(t)
	base := setup(t, expelYAML(false, ""), nil)
	hackOrder(t, base, "blue", "netrunner", "expel", "tag", nil, 2, 1)
	b, err := json.Marshal(base)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rs.DecodeState(b); err != nil {
		t.Fatalf("after Expel: %v", err)
	}
	tag, sentinel := base.trooperIndex("tag"), base.trooperIndex("sentinel")
	at := func(t int) string { return fmt.Sprintf("state: troopers[%d].", t) }
	for _, c := range []struct {
		name string
		edit func(s *State)
		want string
	}{
		{"pilot not placed", func(s *State) { s.Troopers[tag].Pilot = "" }, at(tag) + "pilot: no Order is under way"},
		{"manned again", func(s *State) { s.Troopers[tag].States.Unmanned = false }, at(tag) + "pilot: only an Unmanned TAG"},
		{"no such pilot", func(s *State) { s.Troopers[tag].Pilot = "ghost" }, at(tag) + `pilot: "ghost" is not a trooper`},
		{"no pilot to expel", func(s *State) { s.Troopers[sentinel].States.Unmanned = true }, at(sentinel) + "states.unmanned: only a manned TAG"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := base.clone()
			c.edit(s)
			refusedState(t, rs, s, c.want)
		})
	}
}

// Expel (Hacking (N3)), Unconscious and Dead (N4): an Unmanned TAG that
// falls Unconscious or Dead leaves its other states but stays Unmanned,
// its pilot out on the table; the state still decodes (the random
// hacking-demo playouts once reached a fallen TAG that had lost Unmanned
// and named a pilot, which the decoder refuses).
func TestUnmannedTAGFallsUnmanned(t *testing.T) {
	rs := ruleset(t)
	for _, fall := range []string{"Unconscious", "Dead"} {
		t.Run(fall, func(t *testing.T) {
			st := setup(t, expelYAML(false, ""), nil)
			hackOrder(t, st, "blue", "netrunner", "expel", "tag", nil, 2, 1)
			tag := st.trooperIndex("tag")
			if fall == "Dead" {
				st.die(tag)
			} else {
				st.Troopers[tag].Wounds = 0
				st.Troopers[tag].States = st.Troopers[tag].States.unconscious(false)
			}
			tr := st.Troopers[tag]
			if !tr.States.Unmanned || tr.Pilot != "tag-pilot" || (fall == "Dead") != tr.States.Dead || (fall == "Unconscious") != tr.States.Unconscious {
				t.Fatalf("%s TAG: states %v, pilot %q: want %s and still Unmanned, pilot tag-pilot", fall, tr.States, tr.Pilot, fall)
			}
			b, err := json.Marshal(st)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := rs.DecodeState(b); err != nil {
				t.Fatalf("%s Unmanned TAG: %v", fall, err)
			}
		})
	}
}
