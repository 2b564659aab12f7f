package infinity

import (
	"math"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// Impersonation (N4): what enemies may do against an Impersonation marker,
// on the netrunner masked by Cybermask (IMP-2) or set to IMP-1.
func TestImpersonationMarker(t *testing.T) {
	redTurn := func(t *testing.T, level int) *State {
		st := masked(t)
		n := st.trooperIndex("netrunner")
		st.Troopers[n].States.Impersonation = level
		do(t, st, "blue", EndOrders{})
		// The breacher turns to face the marker (6.7" away).
		st.Models[st.modelOf(st.trooperIndex("breacher"))].Facing = 270
		return st
	}
	attack := func(target string) Activate {
		return Activate{Trooper: "breacher", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: target, Weapon: "light-shotgun"}}
	}
	tests := []struct {
		name    string
		level   int
		a       Activate
		code    rules.Code
		refusal string
	}{
		{"Impersonation (N4): an IMP-2 marker must be Discovered before an Attack", 2, attack("blue-imp-1"), rules.CodeIllegal, "Impersonation-2 marker: Discover it first"},
		{"Impersonation (N4): no hacking program on an IMP-2 marker before it is Discovered", 2,
			Activate{Trooper: "breacher", Order: OrderRegular, Skill: hack("carbonite", "blue-imp-1")}, rules.CodeIllegal, "Discover it first"},
		{"Impersonation (N4): an IMP-1 marker cannot be attacked at all", 1, attack("blue-imp-1"), rules.CodeIllegal, "Impersonation-1 marker: it cannot be attacked"},
		{"Impersonation (N4): the trooper behind a marker is unknown to its enemies", 2, attack("netrunner"), rules.CodeBadAction, `"netrunner" is not an enemy model`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			refused(t, redTurn(t, tt.level), "red", tt.a, tt.code, tt.refusal)
		})
	}

	// Discover (N4) on an IMP-2 marker: a success reveals it, and the
	// Cybermask ends with the marker.
	t.Run("Impersonation (N4): a Discovered IMP-2 marker is revealed", func(t *testing.T) {
		st := redTurn(t, 2)
		do(t, st, "red", Activate{Trooper: "breacher", Order: OrderRegular, Skill: Skill{Name: SkillDiscover, Target: "blue-imp-1"}})
		var ev []rules.Event
		for st.Order != nil && st.Order.Step != StepResolve {
			ev = append(ev, do(t, st, st.Prompt().Seats[0], map[Step]rules.Action{StepARO1: AROs{}, StepARO2: AROs{}, StepSecond: Second{Skill: Skill{Name: SkillIdle}}}[st.Order.Step])...)
		}
		ev = do(t, st, rules.ChanceSeat, Resolve{}, 1)
		n := st.Troopers[st.trooperIndex("netrunner")]
		if n.States.marker() || n.Supportware != "" || n.Marker != "" {
			t.Fatalf("after a successful Discover: %v, marker %q, Supportware %q", n.States, n.Marker, n.Supportware)
		}
		found := false
		for _, e := range ev {
			if r, ok := e.(Revealed); ok && r.Marker == "blue-imp-1" && r.Trooper == "netrunner" {
				found = true
			}
		}
		if !found {
			t.Errorf("no Revealed event naming the marker: %v", ev)
		}
	})
	// IMP-1: Discover rolls at -6, and a success makes it IMP-2 (the N3
	// Impersonation-1 rule).
	t.Run("Impersonation (N4): a Discovered IMP-1 marker becomes IMP-2, Discover at -6", func(t *testing.T) {
		st := redTurn(t, 1)
		do(t, st, "red", Activate{Trooper: "breacher", Order: OrderRegular, Skill: Skill{Name: SkillDiscover, Target: "blue-imp-1"}})
		for st.Order.Step != StepResolve {
			do(t, st, st.Prompt().Seats[0], map[Step]rules.Action{StepARO1: AROs{}, StepARO2: AROs{}, StepSecond: Second{Skill: Skill{Name: SkillIdle}}}[st.Order.Step])
		}
		ev := do(t, st, rules.ChanceSeat, Resolve{}, 1)
		sv := rolledBy(ev)["breacher"].SV
		imp := false
		for _, m := range sv.Mods {
			imp = imp || (m.Name == "Impersonation-1" && m.Value == -6)
		}
		if !imp {
			t.Errorf("Discover on IMP-1: %+v, want an Impersonation-1 MOD of -6", sv)
		}
		n := st.Troopers[st.trooperIndex("netrunner")]
		if n.States.Impersonation != 2 || n.Marker != "blue-imp-1" {
			t.Fatalf("after a successful Discover of IMP-1: %v, marker %q; want IMP-2 under the same label", n.States, n.Marker)
		}
		// Red is told the marker's new kind, by its label.
		told := false
		for _, e := range ev {
			if re, ok := st.Redact(e, rules.PlayerView("red")); ok {
				if sc, ok := re.(StateChanged); ok && sc.Trooper == "blue-imp-1" && sc.State == "Impersonation-2" {
					told = true
				}
			}
		}
		if !told {
			t.Errorf("red is not told the IMP-1 marker became IMP-2: %v", ev)
		}
	})
}

// Impersonation (N4) as the active trooper: a move keeps the marker, and
// the reactive side may delay its ARO (Delayed ARO (N4)); the only AROs
// against it are Discover, Dodge, Look Out! and Reset; an Attack reveals it,
// which ends the Cybermask.
func TestImpersonationActiveMarker(t *testing.T) {
	st := masked(t)
	st.Models[st.modelOf(st.trooperIndex("breacher"))].Facing = 270
	do(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: move([2]float64{10, 11})})
	n := st.trooperIndex("netrunner")
	if st.Troopers[n].States.Impersonation != 2 {
		t.Fatal("a Move revealed the IMP-2 marker")
	}
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "breacher", Skill: Skill{Name: SkillBSAttack, Target: "blue-imp-1", Weapon: "light-shotgun"}}}},
		rules.CodeIllegal, "the only AROs against it are Discover, Dodge, Look Out! and Reset")
	ev := do(t, st, "red", AROs{})
	if a := ev[0].(AROsDeclared); len(a.Forfeited) != 0 || len(a.Delayed) != 1 {
		t.Fatalf("silence against an Impersonation marker delays the ARO: %+v", a)
	}
	ev = do(t, st, "blue", Second{Skill: Skill{Name: SkillBSAttack, Target: "breacher", Weapon: "combi-rifle"}})
	if st.Troopers[n].States.marker() || st.Troopers[n].Supportware != "" {
		t.Fatalf("a BS Attack revealed nothing: %v, Supportware %q", st.Troopers[n].States, st.Troopers[n].Supportware)
	}
	// Revealed: the delayed ARO may now be an Attack.
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "breacher", Skill: Skill{Name: SkillBSAttack, Target: "netrunner", Weapon: "light-shotgun"}}}})
}

// Camouflaged (N4), Impersonation (N4): a trooper cannot enter contact with
// an enemy marker; a move that ends touching the IMP-2 marker is refused,
// one that stops short of it is not.
func TestMoveCannotEnterContactWithEnemyMarker(t *testing.T) {
	st := masked(t)
	do(t, st, "blue", EndOrders{})
	n := st.Models[st.modelOf(st.trooperIndex("netrunner"))]
	b := &st.Models[st.modelOf(st.trooperIndex("breacher"))]
	b.At = [2]float64{n.At[0], n.At[1] + 4}
	touch := n.At[1] + n.base().Radius + b.base().Radius
	refused(t, st, "red", Activate{Trooper: "breacher", Order: OrderRegular, Skill: move([2]float64{n.At[0], touch})}, rules.CodeIllegal, "contact with the enemy marker blue-imp-1")
	do(t, st, "red", Activate{Trooper: "breacher", Order: OrderRegular, Skill: move([2]float64{n.At[0], touch + 0.5})})
}

// Camouflaged (N4), Impersonation (N4), Dodge (N4): the Dodge movement
// follows the movement rules, so it cannot end in contact with an enemy
// marker either: a successful Dodge that would end touching the IMP-2
// marker is refused, naming the marker and never the trooper behind it, the
// menu greys that point out, and a Dodge ending 0.5" short is accepted.
func TestDodgeCannotEnterContactWithEnemyMarker(t *testing.T) {
	st := masked(t)
	do(t, st, "blue", EndOrders{})
	n := st.Models[st.modelOf(st.trooperIndex("netrunner"))]
	b := &st.Models[st.modelOf(st.trooperIndex("breacher"))]
	touch := n.At[1] + n.base().Radius + b.base().Radius
	// 2" from contact: the menu's straight-down Dodge ends touching.
	b.At = [2]float64{n.At[0], touch + DodgeMove2}
	do(t, st, "red", Activate{Trooper: "breacher", Order: OrderRegular, Skill: Skill{Name: SkillDodge}})
	for st.Order != nil && st.Order.Step != StepResolve {
		do(t, st, st.Prompt().Seats[0], map[Step]rules.Action{StepARO1: AROs{}, StepARO2: AROs{}, StepSecond: Second{Skill: Skill{Name: SkillIdle}}}[st.Order.Step])
	}
	do(t, st, rules.ChanceSeat, Resolve{}, 1)
	if st.Order == nil || st.Order.Step != StepDodgeMove {
		t.Fatal("a successful Normal Dodge gives the 2\" move")
	}
	const why = "contact with the enemy marker blue-imp-1"
	refused(t, st, "red", DodgeMove{Trooper: "breacher", To: [2]float64{n.At[0], touch}, Facing: 270}, rules.CodeIllegal, why)
	var greyed bool
	for _, o := range st.Legal("red") {
		a, ok := asAction[DodgeMove](o.Action)
		if !ok || a.Stay || math.Abs(a.To[1]-touch) > 1e-9 {
			continue
		}
		if o.Illegal == nil || !strings.Contains(o.Illegal.Error(), why) {
			t.Fatalf("the menu offers the Dodge into the marker: %+v", o)
		}
		if strings.Contains(o.Illegal.Error(), "netrunner") {
			t.Fatalf("the refusal names the trooper behind the marker: %v", o.Illegal)
		}
		greyed = true
	}
	if !greyed {
		t.Fatal("the menu has no Dodge towards the marker to grey out")
	}
	do(t, st, "red", DodgeMove{Trooper: "breacher", To: [2]float64{n.At[0], touch + 0.5}, Facing: 270})
	if got := st.Models[st.modelOf(st.trooperIndex("breacher"))].At; got != [2]float64{n.At[0], touch + 0.5} {
		t.Fatalf("breacher at %v after the Dodge", got)
	}
}
