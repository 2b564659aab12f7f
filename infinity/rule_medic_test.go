package infinity

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// medicYAML is blue's user of profile prof at (10, 5) and its patient of
// profile patient at at, with red's watcher far off and facing away (no
// ARO).
func medicYAML(prof, patient, at string) string {
	return fmt.Sprintf(`name: test
ruleset: infinity-n4
table: {width: 30, height: 30}
sides:
  - seat: blue
    troopers:
      - {id: medic, profile: %s, lieutenant: true, models: [{id: medic, at: [10, 5], facing: 90}]}
      - {id: patient, profile: %s, models: [{id: patient, at: %s, facing: 90}]}
    combat-groups: [{name: "1", troopers: [medic, patient]}]
  - seat: red
    troopers:
      - {id: watcher, profile: fusilier, lieutenant: true, models: [{id: watcher, at: [2, 28], facing: 90}]}
    combat-groups: [{name: "1", troopers: [watcher]}]
initiative: blue
rounds: 1
`, prof, patient, at)
}

// Silhouette contact at (10, 5) for an S2 patient above an S2 user, and
// for an S3 or an S7 one.
const (
	contactS2 = "[10, 5.98425197]"
	contactS3 = "[10, 6.27952756]"
	contactS7 = "[10, 6.57480315]"
)

// fell puts trooper id in Unconscious at 0 W/STR (Unconscious (N4)).
func fell(st *State, id string) {
	t := st.trooperIndex(id)
	st.Troopers[t].Wounds = 0
	st.Troopers[t].States = States{Unconscious: true, Prone: canGoProne(st.profile(t).Type)}
}

func medicSkill(name SkillName) Skill { return Skill{Name: name, Target: "patient"} }

// Doctor (N4), Paramedic (N4), MediKit (N4), Engineer (N4), GizmoKit (N4):
// who rolls what, and what a pass and a failure do to the patient.
func TestDoctorParamedicMediKitEngineerGizmoKit(t *testing.T) {
	for _, c := range []struct {
		name             string
		prof, patient    string
		at               string
		skill            SkillName
		unconscious      bool
		wounds           int // the patient's W/STR before, when not Unconscious
		dice             []int
		wantWounds       int
		wantStates       string
		wantRolls        string // "trooper SV", in order
		wantDead, recovs bool
	}{
		{"Doctor: a passed WIP Roll revives at 1 W", "field-doctor", "fusilier", contactS2, SkillDoctor, true, 0, []int{14}, 1, "[Normal]", "medic 14", false, true},
		{"Doctor: a failed WIP Roll kills", "field-doctor", "fusilier", contactS2, SkillDoctor, true, 0, []int{15}, 0, "[Dead]", "medic 14", true, false},
		{"Paramedic: the patient's PH-3 Roll passed", "paramedic", "fusilier", contactS2, SkillParamedic, true, 0, []int{8}, 1, "[Normal]", "patient 8", false, true},
		{"Paramedic: the patient's PH-3 Roll failed", "paramedic", "fusilier", contactS2, SkillParamedic, true, 0, []int{9}, 0, "[Dead]", "patient 8", true, false},
		{"MediKit in contact: no roll for the user, the patient's PH Roll", "paramedic", "fusilier", contactS2, SkillMediKit, true, 0, []int{11}, 1, "[Normal]", "patient 11", false, true},
		{"MediKit at 8-16\": BS at 0, then the patient's PH Roll", "paramedic", "fusilier", "[10, 17]", SkillMediKit, true, 0, []int{12, 3}, 1, "[Normal]", "medic 12, patient 11", false, true},
		{"MediKit at up to 8\": BS +3", "paramedic", "fusilier", "[10, 9]", SkillMediKit, true, 0, []int{15, 12}, 0, "[Dead]", "medic 15, patient 11", true, false},
		{"MediKit at range: a missed BS Roll changes nothing", "paramedic", "fusilier", "[10, 17]", SkillMediKit, true, 0, []int{13}, 0, "[Unconscious Prone]", "medic 12", false, false},
		{"Engineer: an Unconscious REM back at 1 STR (FAQ 1.0)", "field-engineer", "remote", contactS3, SkillEngineer, true, 0, []int{2}, 1, "[Normal]", "medic 13", false, true},
		{"Engineer: a failure on an Unconscious REM kills it", "field-engineer", "remote", contactS3, SkillEngineer, true, 0, []int{20}, -1, "[Dead]", "medic 13", true, false},
		{"Engineer: a TAG that lost STR recovers 1", "field-engineer", "tag", contactS7, SkillEngineer, false, 1, []int{13}, 2, "[Normal]", "medic 13", false, true},
		{"Engineer: a failure costs the TAG 1 STR, Unconscious at 0 and not Prone", "field-engineer", "tag", contactS7, SkillEngineer, false, 1, []int{14}, 0, "[Unconscious]", "medic 13", false, false},
		{"GizmoKit at range: BS, then the REM's PH Roll", "field-engineer", "remote", "[10, 12]", SkillGizmoKit, true, 0, []int{1, 10}, 1, "[Normal]", "medic 14, patient 10", false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := setup(t, medicYAML(c.prof, c.patient, c.at), nil)
			p := st.trooperIndex("patient")
			if c.unconscious {
				fell(st, "patient")
			} else {
				st.Troopers[p].Wounds = c.wounds
			}
			do(t, st, "blue", Activate{Trooper: "medic", Order: OrderRegular, Skill: medicSkill(c.skill)})
			if st.Order.Step == StepARO1 {
				do(t, st, "red", AROs{})
			}
			if st.Order.Step == StepSecond {
				do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			}
			evs := do(t, st, "chance", Resolve{}, c.dice...)
			var rolls []string
			recovered := false
			for _, e := range evs {
				switch e := e.(type) {
				case Rolled:
					if e.Roll != "normal" {
						t.Errorf("%s's roll is %s, want normal", e.Trooper, e.Roll)
					}
					rolls = append(rolls, fmt.Sprintf("%s %d", e.Trooper, e.SV.Value))
				case Recovered:
					recovered = true
				}
			}
			if got := strings.Join(rolls, ", "); got != c.wantRolls {
				t.Errorf("rolls %q, want %q", got, c.wantRolls)
			}
			tr := st.Troopers[p]
			if tr.Wounds != c.wantWounds || fmt.Sprint(tr.States.Names()) != c.wantStates || tr.States.Dead != c.wantDead || recovered != c.recovs {
				t.Errorf("patient at %d W/STR, %v, recovered %v; want %d, %s, %v", tr.Wounds, tr.States.Names(), recovered, c.wantWounds, c.wantStates, c.recovs)
			}
			if m := st.Models[tr.Models[0]]; m.Removed != c.wantDead {
				t.Errorf("model removed %v, want %v", m.Removed, c.wantDead)
			}
		})
	}
}

// Doctor (N4) and the others at declaration: the skill or equipment, an
// allied patient that needs it, silhouette contact (or Line of Fire for a
// MediKit or GizmoKit), and a Short Skill's combinations. A refused
// declaration changes nothing.
func TestDoctorRequirements(t *testing.T) {
	for _, c := range []struct {
		name          string
		prof, patient string
		at            string
		fallen        bool
		skill         Skill
		code          rules.Code
		want          string
	}{
		{"no Doctor skill", "paramedic", "fusilier", contactS2, true, medicSkill(SkillDoctor), rules.CodeIllegal, "has no Doctor"},
		{"no MediKit", "field-doctor", "fusilier", contactS2, true, medicSkill(SkillMediKit), rules.CodeIllegal, "carries no Medikit"},
		{"not Unconscious", "field-doctor", "fusilier", contactS2, false, medicSkill(SkillDoctor), rules.CodeIllegal, "patient is neither Unconscious nor Stunned"},
		{"a Doctor cannot treat Structure", "field-doctor", "remote", contactS3, true, medicSkill(SkillDoctor), rules.CodeIllegal, "needs an Engineer or a GizmoKit"},
		{"an Engineer cannot treat Wounds", "field-engineer", "fusilier", contactS2, true, medicSkill(SkillEngineer), rules.CodeIllegal, "needs a Doctor, a Paramedic or a MediKit"},
		{"Engineer on a REM that lost nothing", "field-engineer", "remote", contactS3, false, medicSkill(SkillEngineer), rules.CodeIllegal, "has lost no STR"},
		{"Doctor out of contact", "field-doctor", "fusilier", "[10, 9]", true, medicSkill(SkillDoctor), rules.CodeIllegal, "needs silhouette contact"},
		{"Paramedic out of contact", "paramedic", "fusilier", "[10, 9]", true, medicSkill(SkillParamedic), rules.CodeIllegal, "needs silhouette contact"},
		{"an enemy is no patient", "field-doctor", "fusilier", contactS2, true, Skill{Name: SkillDoctor, Target: "watcher"}, rules.CodeBadAction, "not an allied model"},
		{"not on its user", "field-doctor", "fusilier", contactS2, true, Skill{Name: SkillDoctor, Target: "medic"}, rules.CodeIllegal, "cannot be used on its user"},
		{"a Doctor takes no weapon", "field-doctor", "fusilier", contactS2, true, Skill{Name: SkillDoctor, Target: "patient", Weapon: "pistol"}, rules.CodeBadAction, "takes no weapon"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := setup(t, medicYAML(c.prof, c.patient, c.at), nil)
			if c.fallen {
				fell(st, "patient")
			}
			before := st.clone()
			refused(t, st, "blue", Activate{Trooper: "medic", Order: OrderRegular, Skill: c.skill}, c.code, c.want)
			if !stateEqual(t, before, st) {
				t.Fatal("a refused declaration changed the state")
			}
		})
	}
}

// Doctor (N4) is a Short Skill: Move then Doctor reaches a patient the
// Move brings it into contact with, and no second Short Skill goes with it.
func TestDoctorIsAShortSkill(t *testing.T) {
	st := setup(t, medicYAML("field-doctor", "fusilier", "[10, 9]"), nil)
	fell(st, "patient")
	do(t, st, "blue", Activate{Trooper: "medic", Order: OrderRegular, Skill: move([2]float64{10, 8.01574803})})
	do(t, st, "blue", Second{Skill: medicSkill(SkillDoctor)})
	do(t, st, "chance", Resolve{}, 3)
	if tr := st.Troopers[st.trooperIndex("patient")]; tr.States.Unconscious || tr.Wounds != 1 {
		t.Fatalf("patient %v at %d W", tr.States.Names(), tr.Wounds)
	}

	// Doctor first, then a Move away: the roll is made where the Order
	// began, in contact.
	st = setup(t, medicYAML("field-doctor", "fusilier", contactS2), nil)
	fell(st, "patient")
	do(t, st, "blue", Activate{Trooper: "medic", Order: OrderRegular, Skill: medicSkill(SkillDoctor)})
	refused(t, st, "blue", Second{Skill: medicSkill(SkillDoctor)}, rules.CodeIllegal, "two Short Skills")
	refused(t, st, "blue", Second{Skill: Skill{Name: SkillBSAttack, Target: "watcher"}}, rules.CodeIllegal, "two Short Skills")
	do(t, st, "blue", Second{Skill: move([2]float64{6, 5})})
	do(t, st, "chance", Resolve{}, 3)
	if tr := st.Troopers[st.trooperIndex("patient")]; tr.States.Unconscious {
		t.Fatalf("patient %v", tr.States.Names())
	}
}

// MediKit (N4): beyond 24" the remote use cannot reach; range is judged at
// Resolution, as for any BS Roll, and the skill becomes Idle.
func TestMediKitOutOfRange(t *testing.T) {
	st := setup(t, medicYAML("paramedic", "fusilier", "[25, 29]"), nil)
	fell(st, "patient")
	do(t, st, "blue", Activate{Trooper: "medic", Order: OrderRegular, Skill: medicSkill(SkillMediKit)})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	evs := do(t, st, "chance", Resolve{})
	idle := false
	for _, e := range evs {
		if b, ok := e.(BecameIdle); ok && b.Skill == SkillMediKit && strings.Contains(b.Reason, "24\"") {
			idle = true
		}
	}
	if !idle || !st.Troopers[st.trooperIndex("patient")].States.Unconscious {
		t.Fatalf("events %v", evs)
	}
}

// Doctor (N4) in the menu: offered on an allied Unconscious trooper only
// to a trooper with the skill, legal in contact and greyed with the reason
// out of it.
func TestDoctorInTheMenu(t *testing.T) {
	offers := func(st *State) (legal, greyed []string) {
		for _, o := range st.Legal("blue") {
			a, ok := asAction[Activate](o.Action)
			if !ok || a.Skill.Name != SkillDoctor || a.Order != OrderRegular {
				continue
			}
			if o.Illegal == nil {
				legal = append(legal, a.Trooper+">"+a.Skill.Target)
			} else {
				greyed = append(greyed, a.Trooper+">"+a.Skill.Target+": "+o.Illegal.Error())
			}
		}
		return legal, greyed
	}
	st := setup(t, medicYAML("field-doctor", "fusilier", contactS2), nil)
	if l, g := offers(st); len(l)+len(g) != 0 {
		t.Fatalf("nobody is Unconscious: offered %v %v", l, g)
	}
	fell(st, "patient")
	if l, g := offers(st); fmt.Sprint(l) != "[medic>patient]" || len(g) != 0 {
		t.Fatalf("in contact: offered %v, greyed %v", l, g)
	}
	st = setup(t, medicYAML("field-doctor", "fusilier", "[10, 9]"), nil)
	fell(st, "patient")
	if l, g := offers(st); len(l) != 0 || len(g) != 1 || !strings.Contains(g[0], "needs silhouette contact") {
		t.Fatalf("out of contact: offered %v, greyed %v", l, g)
	}
	st = setup(t, medicYAML("paramedic", "fusilier", contactS2), nil)
	fell(st, "patient")
	if l, g := offers(st); len(l)+len(g) != 0 {
		t.Fatalf("no Doctor: offered %v %v", l, g)
	}
}

// Doctor (N4), Paramedic (N4), MediKit (N4), Engineer (N4), GizmoKit (N4):
// the forced-dice scenarios (data/scenarios/seed/medic-*.yaml).
func TestDoctorParamedicEngineerScenarios(t *testing.T) { playSeeds(t, "medic-*.yaml", 3) }

// Doctor (N4) with the N4 FAQ 1.3: when a trooper recovers and is hit in
// the same Order, the positive effect comes first. A flamethrower's Direct
// Template in ARO covers the Field Surgeon and his patient: the patient is
// revived at 1 W, then makes his Saving Roll as a trooper at 1 W and falls
// Unconscious again, rather than dying as an Unconscious trooper would.
func TestDoctorBeforeTheHitsFAQ(t *testing.T) {
	yaml := strings.Replace(medicYAML("field-doctor", "fusilier", contactS2),
		"{id: watcher, profile: fusilier, lieutenant: true, models: [{id: watcher, at: [2, 28], facing: 90}]}",
		"{id: watcher, profile: assault, lieutenant: true, models: [{id: watcher, at: [10, 11], facing: 270}]}", 1)
	st := setup(t, yaml, nil)
	fell(st, "patient")
	do(t, st, "blue", Activate{Trooper: "medic", Order: OrderRegular, Skill: medicSkill(SkillDoctor)})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "watcher", Skill: Skill{Name: SkillBSAttack, Target: "medic", Weapon: "heavy-flamethrower"}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	evs := do(t, st, "chance", Resolve{}, 5, 20, 1, 20)
	tr := st.Troopers[st.trooperIndex("patient")]
	if tr.Wounds != 0 || !tr.States.Unconscious || tr.States.Dead {
		t.Fatalf("patient at %d W, %v; want revived, then Unconscious again: %v", tr.Wounds, tr.States.Names(), evs)
	}
}

// Engineer (N4), its other use: a Normal WIP Roll in silhouette contact
// cancels every state an Engineer can (IMM-A, IMM-B, Targeted, Isolated;
// Stunned on a trooper with Structure) on any allied trooper; failing costs
// nothing. The menu offers both uses on a TAG that has lost STR and is
// IMM-B.
func TestEngineerCancelsStates(t *testing.T) {
	for _, c := range []struct {
		name    string
		patient string
		at      string
		set     States
		die     int
		want    string
	}{
		{"IMM-A and Targeted on a Fusilier, passed", "fusilier", contactS2, States{ImmA: true, Targeted: true}, 13, "[Normal]"},
		{"IMM-A and Targeted on a Fusilier, failed", "fusilier", contactS2, States{ImmA: true, Targeted: true}, 14, "[IMM-A Targeted]"},
		{"IMM-B, Isolated and Stunned on a REM", "remote", contactS3, States{ImmB: true, Isolated: true, Stunned: true}, 1, "[Normal]"},
		{"Stunned stays on a Fusilier (a Doctor's)", "fusilier", contactS2, States{Stunned: true, ImmA: true}, 1, "[Stunned]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := setup(t, medicYAML("field-engineer", c.patient, c.at), nil)
			p := st.trooperIndex("patient")
			st.Troopers[p].States = c.set
			do(t, st, "blue", Activate{Trooper: "medic", Order: OrderRegular, Skill: medicSkill(SkillEngineerStates)})
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			do(t, st, "chance", Resolve{}, c.die)
			if got := fmt.Sprint(st.Troopers[p].States.Names()); got != c.want {
				t.Errorf("states %s, want %s", got, c.want)
			}
		})
	}
	st := setup(t, medicYAML("field-engineer", "fusilier", contactS2), nil)
	refused(t, st, "blue", Activate{Trooper: "medic", Order: OrderRegular, Skill: medicSkill(SkillEngineerStates)}, rules.CodeIllegal, "in no state an Engineer cancels")

	st = setup(t, medicYAML("field-engineer", "tag", contactS7), nil)
	p := st.trooperIndex("patient")
	st.Troopers[p].Wounds, st.Troopers[p].States.ImmB = 2, true
	var offered []string
	for _, o := range st.Legal("blue") {
		if a, ok := asAction[Activate](o.Action); ok && a.Order == OrderRegular && a.Skill.Target == "patient" && o.Illegal == nil {
			offered = append(offered, string(a.Skill.Name))
		}
	}
	if fmt.Sprint(offered) != "[engineer gizmokit engineer-states]" {
		t.Fatalf("offered %v", offered)
	}
}

// Stunned (N4): a Doctor's Normal WIP Roll in silhouette contact also
// cancels Stunned on a trooper with Wounds; failing it costs nothing.
func TestDoctorCancelsStunned(t *testing.T) {
	for _, c := range []struct {
		die  int
		want string
	}{{14, "[Normal]"}, {15, "[Stunned]"}} {
		st := setup(t, medicYAML("field-doctor", "fusilier", contactS2), nil)
		p := st.trooperIndex("patient")
		st.Troopers[p].States.Stunned = true
		do(t, st, "blue", Activate{Trooper: "medic", Order: OrderRegular, Skill: medicSkill(SkillDoctor)})
		do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
		do(t, st, "chance", Resolve{}, c.die)
		if got := fmt.Sprint(st.Troopers[p].States.Names()); got != c.want || st.Troopers[p].Wounds != 1 {
			t.Errorf("die %d: %s at %d W, want %s at 1 W", c.die, got, st.Troopers[p].Wounds, c.want)
		}
	}
}
