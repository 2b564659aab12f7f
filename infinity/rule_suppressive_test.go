package infinity

import (
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// Suppressive Fire (N4) and Skill categories (N4): Suppressive Fire is an Entire Order (nothing may
// join it), needs a weapon with the trait, and puts the trooper in the
// state.
func TestSuppressiveFireEntireOrder(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 16], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{10, 6})})
	do(t, st, "red", AROs{})
	refused(t, st, "blue", Second{Skill: Skill{Name: SkillSuppressiveFire}}, rules.CodeIllegal, "Entire Order")

	st = setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 16], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillSuppressiveFire}})
	do(t, st, "red", AROs{})
	if st.Order.Step != StepResolve {
		t.Fatalf("an Entire Order has no second skill: step %s", st.Order.Step)
	}
	do(t, st, rules.ChanceSeat, Resolve{})
	if !st.Troopers[0].States.SuppressiveFire {
		t.Fatal("the trooper is in Suppressive Fire")
	}
	// The zhanshi's rifle has no Suppressive Fire trait (illustrative).
	do(t, st, "blue", EndOrders{})
	refused(t, st, "red", Activate{Trooper: "zhanshi", Order: OrderRegular, Skill: Skill{Name: SkillSuppressiveFire, Weapon: "pistol"}}, rules.CodeIllegal, "cannot be used")
}

// Suppressive Fire (N4): in ARO the trooper shoots B3 in SF Mode, and an enemy
// within 24" rolling Face to Face against it suffers -3; activating the
// trooper cancels the state.
func TestSuppressiveFireARO(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 14], facing: 270", ""), nil)
	st.Troopers[0].States.SuppressiveFire = true
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", Activate{Trooper: "zhanshi", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}})
	do(t, st, "blue", AROs{Declarations: []ARODecl{{Trooper: "fusilier", Skill: Skill{Name: SkillBSAttack, Target: "zhanshi"}}}})
	do(t, st, "red", Second{Skill: Skill{Name: SkillIdle}})
	// Zhanshi (rifle B3, SV 11+range) then the fusilier's three SF dice.
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 20, 20, 20, 20, 20, 20)
	r := rolledBy(ev)
	if f := r["fusilier"]; len(f.Dice) != 3 || f.Roll != "face-to-face" {
		t.Fatalf("SF ARO: %+v", f)
	}
	z := r["zhanshi"].SV
	found := false
	for _, m := range z.Mods {
		found = found || (m.Name == "Suppressive Fire" && m.Value == -3)
	}
	if !found {
		t.Fatalf("no -3 Suppressive Fire in %s", z)
	}
	if !st.Troopers[0].States.SuppressiveFire {
		t.Fatal("a BS Attack in SF Mode keeps the state")
	}
	do(t, st, "red", EndOrders{})
	ev = do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillIdle}})
	if st.Troopers[0].States.SuppressiveFire {
		t.Fatalf("activation cancels Suppressive Fire (events %v)", ev)
	}
}

// Suppressive Fire (N4): declaring an ARO other than a BS Attack in SF Mode
// cancels the state.
func TestSuppressiveFireCancelledByOtherARO(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 14], facing: 270", ""), nil)
	st.Troopers[0].States.SuppressiveFire = true
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", Activate{Trooper: "zhanshi", Order: OrderRegular, Skill: move([2]float64{10, 12})})
	do(t, st, "blue", AROs{Declarations: []ARODecl{{Trooper: "fusilier", Skill: Skill{Name: SkillDodge}}}})
	if st.Troopers[0].States.SuppressiveFire {
		t.Fatal("a Dodge ARO cancels Suppressive Fire")
	}
}

// Suppressive Fire (N4): entering any Immobilized state cancels it — IMM-1
// (Hacking (N3), from Carbonite or Gotcha!) as well as IMM-A and IMM-B.
func TestSuppressiveFireCancelledByImmobilized(t *testing.T) {
	for _, imm := range []string{"IMM-A", "IMM-B", "IMM-1"} {
		st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 16], facing: 270", ""), nil)
		fs := &st.Troopers[0].States
		fs.SuppressiveFire = true
		switch imm {
		case "IMM-A":
			fs.ImmA = true
		case "IMM-B":
			fs.ImmB = true
		case "IMM-1":
			fs.Imm1 = true
		}
		ev := st.dropSuppressive()
		if fs.SuppressiveFire || len(ev) != 1 {
			t.Fatalf("%s: Suppressive Fire kept (events %v)", imm, ev)
		}
		if sc, ok := ev[0].(StateChanged); !ok || sc.State != "Suppressive Fire" || sc.Why != "Immobilized" {
			t.Fatalf("%s: %+v", imm, ev[0])
		}
	}
}
