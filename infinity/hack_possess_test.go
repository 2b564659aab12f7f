package infinity

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
)

// possessYAML: blue's hacker (Hacking Device: Overlord, Exorcism) and
// Breach Specialist (Assault Hacking Device: Overlord, Expel, Total
// Control) 7" from red's manned TAG; red's Heavy Gunner beside it, and a
// red Line Trooper the Possessed TAG can shoot. lt names red's Lieutenant.
func possessYAML(redFirst string) string {
	red := []string{"gunner hmg 16 17 90", "tag manned-tag 10 17 90", "rifle line-trooper 24 24 90"}
	if redFirst == "tag" {
		red[0], red[1] = red[1], red[0]
	}
	return hackYAML([]string{"hacker hacker 10 10 270", "breacher assault-hacker 4 10 270"}, red)
}

// hackOrder runs a whole Order of blue's trooper by declaring program on
// target, red answering with aro (nil: nothing), and resolves it with
// faces.
func hackOrder(t *testing.T, st *State, seat rules.Seat, trooper, program, target string, aro []ARODecl, faces ...int) []rules.Event {
	t.Helper()
	do(t, st, seat, Activate{Trooper: trooper, Order: OrderRegular, Skill: hack(program, target)})
	other := rules.Seat("red")
	if seat == "red" {
		other = "blue"
	}
	var events []rules.Event
	for st.Order != nil {
		p := st.Prompt()
		switch st.Order.Step {
		case StepARO1:
			do(t, st, other, AROs{Declarations: aro})
		case StepARO2:
			do(t, st, p.Seats[0], AROs{})
		case StepSecond:
			do(t, st, p.Seats[0], Second{Skill: Skill{Name: SkillIdle}})
		case StepResolve:
			events = do(t, st, rules.ChanceSeat, Resolve{}, faces...)
		case StepAlert:
			events = append(events, do(t, st, p.Seats[0], Alert{})...)
		default:
			t.Fatalf("step %s", st.Order.Step)
		}
	}
	return events
}

// Overlord and Total Control (Hacking (N3), the program table): Overlord
// CLAW-1, Attack MOD 0, Damage 14, B1, Breaker (BTS 3 halved to 2: Attack
// Damage 12, one roll); Total Control CLAW-3, Damage 16, B1, DT (two rolls
// against 13); both B1 in ARO, against a TAG; a failed roll makes it
// Possessed. Neither reaches a trooper that is not a TAG.
func TestHackingPossessionPrograms(t *testing.T) {
	for _, c := range []struct {
		program, hacker   string
		sv, damage, saves int
	}{
		{"overlord", "hacker", 14, 12, 1},
		{"total-control", "breacher", 14, 13, 2},
	} {
		t.Run(c.program, func(t *testing.T) {
			st := setup(t, possessYAML(""), nil)
			refused(t, st, "blue", Activate{Trooper: c.hacker, Order: OrderRegular, Skill: hack(c.program, "gunner")}, rules.CodeIllegal, "it targets TAG")
			faces := []int{2}
			for range c.saves {
				faces = append(faces, 20)
			}
			faces[len(faces)-1] = 1 // the last BTS roll fails
			ev := hackOrder(t, st, "blue", c.hacker, c.program, "tag", nil, faces...)
			if r := rolledBy(ev)[c.hacker]; r.SV.Value != c.sv || len(r.Dice) != 1 {
				t.Fatalf("rolled %+v, want SV %d B1", r, c.sv)
			}
			var saved Saved
			for _, e := range ev {
				if s, ok := e.(Saved); ok {
					saved = s
				}
			}
			if saved.AttackDamage != c.damage || len(saved.Faces) != c.saves || saved.Failed != 1 {
				t.Errorf("saves %+v: want %d rolls against %d, one failed", saved, c.saves, c.damage)
			}
			tag := st.Troopers[st.trooperIndex("tag")]
			if !tag.States.Possessed || tag.Seat != "blue" || tag.Group != "1" || tag.Possession.Owner != "red" || tag.Possession.By != c.hacker {
				t.Fatalf("the TAG after %s: %+v", c.program, tag)
			}
			// In ARO: the TAG walks into the hacker's Zone of Control; B1.
			st = setup(t, hackYAML([]string{"tag manned-tag 10 24 90"}, []string{"hacker hacker 10 10 270", "breacher assault-hacker 12 10 270"}), nil)
			do(t, st, "blue", Activate{Trooper: "tag", Order: OrderRegular, Skill: move([2]float64{10, 18})})
			do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: c.hacker, Skill: hack(c.program, "tag")}}})
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			ev = do(t, st, rules.ChanceSeat, Resolve{}, faces...)
			if r := rolledBy(ev)[c.hacker]; len(r.Dice) != 1 {
				t.Fatalf("in ARO rolled %+v, want B1", r)
			}
			finishHackOrder(t, st)
			if tag := st.Troopers[st.trooperIndex("tag")]; tag.Seat != "red" {
				t.Fatalf("after the Order the Possessed TAG acts for %s, want red", tag.Seat)
			}
		})
	}
}

// possessed is a game where blue's hacker has possessed red's TAG (red's
// Lieutenant when lt) with Overlord.
func possessed(t *testing.T, lt bool) *State {
	t.Helper()
	first := ""
	if lt {
		first = "tag"
	}
	st := setup(t, possessYAML(first), nil)
	hackOrder(t, st, "blue", "hacker", "overlord", "tag", nil, 2, 1)
	if !st.Troopers[st.trooperIndex("tag")].States.Possessed {
		t.Fatal("the TAG is not Possessed")
	}
	return st
}

// Possessed (N4): the TAG switches sides. It takes the Possessed profile
// (MOV 4-4, CC 13, BS 12, WIP 11; PH, ARM, BTS, STR and S its own) and
// keeps its weapons; its possessor activates it with a Regular Order of
// his hacker's combat group and may attack its former allies; its owner
// cannot activate it; it gives neither side an Order in the Order Count
// nor Victory Points, and does not count toward its new group's size.
func TestPossessedTrooper(t *testing.T) {
	st := possessed(t, false)
	tag := st.trooperIndex("tag")
	p := st.profile(tag)
	if p.MOV != [2]int{4, 4} || p.CC != 13 || p.BS != 12 || p.WIP != 11 || p.PH != 16 || p.ARM != 7 || p.BTS != 3 || p.S != 7 || !slices.Contains(p.Weapons, "hmg") {
		t.Errorf("the Possessed profile: %+v", p)
	}
	if st.groupSize("blue", "1") != 2 {
		t.Errorf("blue's group counts %d troopers, want 2 (not the Possessed TAG)", st.groupSize("blue", "1"))
	}
	refused(t, st, "blue", Transfer{Trooper: "tag", Group: "1"}, rules.CodeIllegal, "Possessed")
	// Blue's menu offers the TAG; red's own will not.
	if !menuActivates(st, "blue", "tag") {
		t.Error("blue's menu does not offer the Possessed TAG")
	}
	pool := st.army("blue").Groups[0].Pool
	// It shoots its former ally: a red trooper is its enemy now. BS 12.
	do(t, st, "blue", Activate{Trooper: "tag", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Weapon: "hmg", Target: "gunner"}})
	if st.army("blue").Groups[0].Pool != pool-1 {
		t.Errorf("blue's pool %d, want %d: the TAG takes a Regular Order of its hacker's group", st.army("blue").Groups[0].Pool, pool-1)
	}
	do(t, st, "red", AROs{})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	if st.Order.Step == StepARO2 {
		do(t, st, "red", AROs{})
	}
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 20, 20, 20, 20)
	if r := rolledBy(ev)["tag"]; !strings.Contains(r.SV.String(), "BS 12") {
		t.Errorf("the Possessed TAG shoots with %v, want BS 12", r.SV)
	}
	finishHackOrder(t, st)
	do(t, st, "blue", EndOrders{})
	// Red's Order Count: the TAG adds nothing; red cannot activate it.
	if got := st.army("red").Groups[0].Pool; got != 2 {
		t.Errorf("red's pool %d, want 2 (gunner, rifle; not the TAG)", got)
	}
	if menuActivates(st, "red", "tag") {
		t.Error("red's menu offers its Possessed TAG")
	}
	refused(t, st, "red", Activate{Trooper: "tag", Order: OrderRegular, Skill: move([2]float64{10, 19})}, rules.CodeBadAction, "not a trooper of red")
	vp := st.victoryPoints()
	if vp["red"] != 40+9 || vp["blue"] != 20+22 {
		t.Errorf("Victory Points %v: the Possessed TAG counts for neither side", vp)
	}
}

// menuActivates reports whether seat's menu offers to activate trooper.
func menuActivates(st *State, seat rules.Seat, trooper string) bool {
	for _, o := range st.Legal(seat) {
		if a, ok := asAction[Activate](o.Action); ok && a.Trooper == trooper && o.Illegal == nil {
			return true
		}
	}
	return false
}

// Possessed (N4), AROs: the Possessed TAG reacts for its new side. When
// its owner acts in its Line of Fire, it may shoot its former ally in
// ARO; its owner's troopers react to it when its possessor activates it.
func TestPossessedTrooperAROs(t *testing.T) {
	st := possessed(t, false)
	do(t, st, "blue", EndOrders{})
	// Red's Line Trooper walks in front of the TAG, now blue's.
	do(t, st, "red", Activate{Trooper: "gunner", Order: OrderRegular, Skill: move([2]float64{16, 19})})
	p := st.Prompt()
	if p.Window != string(StepARO1) || p.Seats[0] != "blue" {
		t.Fatalf("prompt %+v, want blue's ARO", p)
	}
	do(t, st, "blue", AROs{Declarations: []ARODecl{{Trooper: "tag", Skill: Skill{Name: SkillBSAttack, Weapon: "hmg", Target: "gunner"}}}})
}

// Exorcism (Hacking (N3), the program table): SHIELD-1, Attack MOD 0,
// Opponent MOD −3, B2, DT, Non-Lethal, a Short Skill on the user's own
// Possessed TAG; Damage 18 (the exorcism-damage ruling: 16). The TAG's
// Reset, at its Possessed WIP 11 −3, opposes it; a failed BTS roll ends
// the Possession, and the TAG acts for its owner again once the Order
// ends. Exorcism is no ARO, and reaches no other trooper.
func TestHackingExorcism(t *testing.T) {
	for _, c := range []struct {
		ruling string
		damage int
	}{{"18", 15}, {"16", 13}} {
		t.Run("exorcism-damage "+c.ruling, func(t *testing.T) {
			// Red possesses blue's TAG with Overlord, then blue's hacker
			// exorcises it.
			st := setup(t, hackYAML([]string{"hacker hacker 10 10 270", "tag manned-tag 10 16 90"}, []string{"sysop hacker 16 22 90"}), map[string]string{"exorcism-damage": c.ruling})
			do(t, st, "blue", EndOrders{})
			hackOrder(t, st, "red", "sysop", "overlord", "tag", nil, 2, 1)
			do(t, st, "red", EndOrders{})
			if tr := st.Troopers[st.trooperIndex("tag")]; tr.Seat != "red" || !tr.States.Possessed {
				t.Fatalf("the TAG: %+v", tr)
			}
			refused(t, st, "blue", Activate{Trooper: "hacker", Order: OrderRegular, Skill: hack("exorcism", "sysop")}, rules.CodeIllegal, "it targets possessed-TAG")
			// The TAG Resets: WIP 11 −3. Blue's two 2s beat the 5? No: the
			// 5 is a success of the Reset, higher than the 2s: it cancels
			// them. The second Order: 9 and 12 against the Reset's 3.
			do(t, st, "blue", Activate{Trooper: "hacker", Order: OrderRegular, Skill: hack("exorcism", "tag")})
			do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "tag", Skill: Skill{Name: SkillReset}}}})
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			ev := do(t, st, rules.ChanceSeat, Resolve{}, 9, 12, 3, 20, 20, 20, 1)
			r := rolledBy(ev)
			if r["hacker"].SV.Value != 14 || len(r["hacker"].Dice) != 2 || r["tag"].SV.Value != 8 {
				t.Fatalf("Exorcism SV %d B%d, Reset SV %d: want 14 B2 against 11 − 3 = 8", r["hacker"].SV.Value, len(r["hacker"].Dice), r["tag"].SV.Value)
			}
			for _, e := range ev {
				if s, ok := e.(Saved); ok && (s.AttackDamage != c.damage || len(s.Faces) != 4) {
					t.Errorf("saves %+v: want 2 successes × 2 DT rolls against %d", s, c.damage)
				}
			}
			if tr := st.Troopers[st.trooperIndex("tag")]; tr.States.Possessed || tr.Seat != "red" {
				t.Fatalf("during the Order: %+v", tr)
			}
			finishHackOrder(t, st)
			if tr := st.Troopers[st.trooperIndex("tag")]; tr.States.Possessed || tr.Seat != "blue" || tr.Possession != (Possession{}) {
				t.Fatalf("after Exorcism: %+v", tr)
			}
		})
	}
}

// Possessed (N4), Cancellation: its owner's own Total Control (and here
// Overlord) on it ends the Possession; and the owner may spend a Command
// Token in its Tactical Phase (Executive Use), which is over once an Order
// is declared. The Order Count is taken again with the trooper back.
func TestPossessionCancelled(t *testing.T) {
	t.Run("own Total Control", func(t *testing.T) {
		st := setup(t, hackYAML([]string{"breacher assault-hacker 10 10 270", "tag manned-tag 10 16 90"}, []string{"sysop hacker 16 22 90"}), nil)
		do(t, st, "blue", EndOrders{})
		hackOrder(t, st, "red", "sysop", "overlord", "tag", nil, 2, 1)
		do(t, st, "red", EndOrders{})
		hackOrder(t, st, "blue", "breacher", "total-control", "tag", nil, 2, 20, 1)
		if tr := st.Troopers[st.trooperIndex("tag")]; tr.States.Possessed || tr.Seat != "blue" {
			t.Fatalf("after its owner's Total Control: %+v", tr)
		}
	})
	t.Run("Command Token", func(t *testing.T) {
		st := possessed(t, false)
		refused(t, st, "blue", CancelPossession{Trooper: "tag"}, rules.CodeIllegal, "not a Possessed trooper of blue")
		do(t, st, "blue", EndOrders{})
		if got := st.army("red").Groups[0].Pool; got != 2 {
			t.Fatalf("red's pool %d before the token, want 2", got)
		}
		found := false
		for _, o := range st.Legal("red") {
			if a, ok := o.Action.(CancelPossession); ok && a.Trooper == "tag" && o.Illegal == nil {
				found = true
			}
		}
		if !found {
			t.Error("red's menu does not offer the Command Token on its Possessed TAG")
		}
		ev := do(t, st, "red", CancelPossession{Trooper: "tag"})
		pc, ok := ev[len(ev)-1].(PossessionCancelled)
		if !ok || pc.Pools["1"] != 3 || pc.Tokens != CommandTokens-1 {
			t.Fatalf("events %v: want the TAG counted again (3 Orders) and a token spent", ev)
		}
		if tr := st.Troopers[st.trooperIndex("tag")]; tr.States.Possessed || tr.Seat != "red" || tr.Group != "1" {
			t.Fatalf("after the token: %+v", tr)
		}
		if !menuActivates(st, "red", "tag") {
			t.Error("red cannot activate its TAG back")
		}
		// Once an Order is declared the Tactical Phase is over.
		st = possessed(t, false)
		do(t, st, "blue", EndOrders{})
		finishActivation(t, st, "red", "rifle")
		refused(t, st, "red", CancelPossession{Trooper: "tag"}, rules.CodeWrongWindow, "Tactical Phase is over")
	})
}

// finishActivation spends an Order of seat's trooper on an idle move
// in place and answers everything with nothing.
func finishActivation(t *testing.T, st *State, seat rules.Seat, trooper string) {
	t.Helper()
	m := st.Models[st.modelOf(st.trooperIndex(trooper))].At
	do(t, st, seat, Activate{Trooper: trooper, Order: OrderRegular, Skill: move([2]float64{m[0] + 0.5, m[1]})})
	finishHackOrder(t, st)
}

// Possessed (N4) and Loss of Lieutenant (N4): a Possessed Lieutenant is
// Null for its army, which falls into Loss of Lieutenant at its Tactical
// Phase. Who it was stays private: the possessor's observation never says
// so, its owner's does; Exorcism or the token gives it back.
func TestPossessedLieutenant(t *testing.T) {
	st := possessed(t, true)
	view := func(seat rules.Seat) TrooperView {
		for _, tv := range st.Observe(rules.PlayerView(seat)).(View).Troopers {
			if tv.ID == "tag" {
				return tv
			}
		}
		t.Fatalf("no tag in %s's view", seat)
		return TrooperView{}
	}
	for _, v := range []TrooperView{view("blue"), view("red")} {
		if v.Seat != "blue" || v.Owner != "red" {
			t.Errorf("the Possessed TAG is shown as %s's, owned by %q: want blue's, red's", v.Seat, v.Owner)
		}
	}
	if view("blue").Lieutenant || !view("red").Lieutenant {
		t.Errorf("Lieutenant in the views: blue %v (want false), red %v (want true)", view("blue").Lieutenant, view("red").Lieutenant)
	}
	do(t, st, "blue", EndOrders{})
	if !st.army("red").LossOfLieutenant || st.army("red").LieutenantOrders != 0 {
		t.Fatalf("red's Loss of Lieutenant %v, Lieutenant Special Orders %d: want true, 0", st.army("red").LossOfLieutenant, st.army("red").LieutenantOrders)
	}
	do(t, st, "red", CancelPossession{Trooper: "tag"})
	if st.army("red").LossOfLieutenant || !st.Troopers[st.trooperIndex("tag")].Lieutenant || st.army("red").LieutenantOrders != 1 {
		t.Errorf("after the token: Loss of Lieutenant %v, the TAG Lieutenant %v", st.army("red").LossOfLieutenant, st.Troopers[st.trooperIndex("tag")].Lieutenant)
	}
}

// Overlord, the Possessed TAG shooting its former ally, Exorcism, Total
// Control and the Command Token (Possessed (N4); Hacking (N3)), through
// `ordo play`: the scenario's forced dice and expectations.
func TestHackingOverlordScenario(t *testing.T) {
	var out strings.Builder
	if err := play.Run(ruleset(t), load(t, "../data/scenarios/seed/hacking-overlord.yaml"), &out, play.Options{}); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, line := range []string{
		"tag makes 1 Saving Roll against breacher (Overlord, Attack Damage 12): 5, 1 failed",
		"tag enters Possessed (Overlord)",
		"tag spends a Regular Order: BS Attack on militia with hmg",
		"SV BS 12 -3 Range = 9",
		"tag Reset (Face to Face Roll): SV WIP 11 -3 Opponent MOD (Exorcism) = 8",
		"tag leaves Possessed (Exorcism)",
		"tag enters Possessed (Total Control)",
		"red spends a Command Token: tag is no longer Possessed (3 Command Tokens left)",
	} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("no %q in\n%s", line, out.String())
		}
	}
}

// Possessed (N4), private facts: whether the Possessed TAG was red's
// Lieutenant is red's alone. The leak check's twin moves the role between
// the Possessed TAG and a red trooper in the open; blue, who controls the
// TAG, sees the two states alike, and after its next Order too.
func TestPossessedLieutenantTwin(t *testing.T) {
	for _, lt := range []bool{true, false} {
		st := possessed(t, lt)
		next := Activate{Trooper: "breacher", Order: OrderRegular, Skill: move([2]float64{4, 9})}
		tw := st.clone()
		if _, ok := tw.twinPossessedLieutenant("red", "blue", next, rand.New(rand.NewPCG(1, 2))); !ok {
			t.Fatalf("lt %v: no twin", lt)
		}
		tag := tw.Troopers[tw.trooperIndex("tag")]
		open := tw.Troopers[tw.trooperIndex("gunner")].Lieutenant || tw.Troopers[tw.trooperIndex("rifle")].Lieutenant
		if tag.Possession.Lieutenant == lt || open != lt {
			t.Errorf("lt %v: the twin did not move the role: %+v", lt, tag.Possession)
		}
		for _, x := range []*State{st, tw} {
			do(t, x, "blue", next)
		}
		a, _ := json.Marshal(st.Observe(rules.PlayerView("blue")))
		b, _ := json.Marshal(tw.Observe(rules.PlayerView("blue")))
		if string(a) != string(b) {
			t.Errorf("lt %v: blue tells the twins apart:\n%s\n%s", lt, a, b)
		}
		// Ending blue's turn would decide red's Loss of Lieutenant: no twin.
		if _, ok := st.clone().twinPossessedLieutenant("red", "blue", EndOrders{}, rand.New(rand.NewPCG(1, 2))); ok {
			t.Errorf("lt %v: a twin over the end of the turn", lt)
		}
		// In Loss of Lieutenant a sample does not draw the role again
		// (Determinize), so the twin does not move it either.
		lol := st.clone()
		lol.army("red").LossOfLieutenant = true
		if _, ok := lol.twinPossessedLieutenant("red", "blue", next, rand.New(rand.NewPCG(1, 2))); ok {
			t.Errorf("lt %v: a twin in Loss of Lieutenant", lt)
		}
	}
}

// Possessed (N4), a decoded state: DecodeState takes a Possession as the
// engine leaves it, during and after the Order that possessed the TAG, and
// refuses one the engine could not reach: a Possessed trooper that acts
// for its owner, or keeps its Lieutenant role in the open, outside an
// Order; a Possession kept by a trooper no longer Possessed; a combat
// group that is not one; a Possessed trooper that is not a TAG.
func TestDecodeStatePossession(t *testing.T) {
	rs := ruleset(t)
	decodes := func(st *State, when string) {
		t.Helper()
		b, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rs.DecodeState(b); err != nil {
			t.Fatalf("%s: %v", when, err)
		}
	}
	for _, lt := range []bool{true, false} {
		st := possessed(t, lt)
		decodes(st, "after the Possession")
		do(t, st, "blue", Activate{Trooper: "tag", Order: OrderRegular, Skill: move([2]float64{10, 18})})
		decodes(st, "during an Order of the Possessed TAG")
	}
	base := possessed(t, true)
	tag, gunner := base.trooperIndex("tag"), base.trooperIndex("gunner")
	at := func(t int) string { return fmt.Sprintf("state: troopers[%d].", t) }
	for _, c := range []struct {
		name string
		edit func(tr, gunner *Trooper)
		want string
	}{
		{"given back", func(tr, _ *Trooper) { tr.States.Possessed = false }, at(tag) + "possession: no Order is under way"},
		{"acts for its owner", func(tr, _ *Trooper) { tr.Seat = "red" }, at(tag) + "seat: no Order is under way"},
		{"owner's group", func(tr, _ *Trooper) { tr.Possession.Group = "9" }, at(tag) + `possession.group: "9" is not a combat group of red`},
		{"controller's group", func(tr, _ *Trooper) { tr.Possession.ControlGroup = "9" }, at(tag) + `possession.controlGroup: "9" is not a combat group of blue`},
		{"Lieutenant in the open", func(tr, _ *Trooper) { tr.Lieutenant = true }, at(tag) + "lieutenant: a Possessed trooper is no one's Lieutenant"},
		{"known, not the Lieutenant", func(tr, _ *Trooper) { tr.Possession.Lieutenant, tr.Possession.Known = false, true }, at(tag) + "possession.known"},
		{"not a TAG", func(tr, g *Trooper) {
			g.States.Possessed, g.Possession, g.Seat, g.Group = true, tr.Possession, tr.Seat, tr.Group
			g.Possession.Lieutenant, g.Possession.Known = false, false
		}, at(gunner) + "states.possessed: only a TAG"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := base.clone()
			c.edit(&s.Troopers[tag], &s.Troopers[gunner])
			refusedState(t, rs, s, c.want)
		})
	}
}
