package infinity

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Recovering fallen troopers: Doctor (N4), Paramedic (N4), MediKit (N4),
// Engineer (N4) and GizmoKit (N4), as the Infinity wiki's N4 revisions give
// them (docs/RULES.md), with the FAQ 1.0 note on Structure. Each is a Short
// Skill (Skill categories (N4): Move + Doctor, Doctor + Move, never with a
// second Short Skill) declared on one allied model, and none is an Attack:
// no Face to Face Roll, no Saving Roll, no Guts Roll.
//
//   - Doctor: in silhouette contact with an Unconscious trooper that has
//     Wounds, the Doctor makes a Normal WIP Roll. Passed, the patient
//     recovers 1 W and leaves Unconscious (and Prone, which Unconscious
//     brought); failed, it is Dead.
//   - Paramedic: in silhouette contact with such a patient, the patient
//     makes a PH-3 Roll, with the same outcomes.
//   - MediKit: in silhouette contact with no roll by the user, or at range
//     with Line of Fire and a BS Roll (MODs: +3 up to 8", 0 up to 16", −6
//     up to 24", beyond it cannot reach; Partial Cover; the user's states);
//     then the patient makes a PH Roll, with the same outcomes.
//   - Engineer: in silhouette contact with an allied trooper with
//     Structure that is Unconscious or has lost STR, the Engineer makes a
//     Normal WIP Roll. Passed, the patient recovers 1 STR (an Unconscious
//     one comes back at 1 STR and only leaves Unconscious: FAQ 1.0);
//     failed, it loses 1 STR instead, going Unconscious at 0 and Dead below.
//   - GizmoKit: the Engineer's effects on the patient's PH Roll, used as a
//     MediKit is (contact with no roll, or at range on a BS Roll).
//
// The effects apply before any hit of the same Order (N4 FAQ 1.3: the
// positive effect first, then the negative), so a patient revived and hit
// by the same ARO falls again. Engineer's other use (cancelling IMM-A,
// IMM-B, Targeted and Isolated) and the Doctor (2W) variant are not
// played yet (docs/RULES.md).

// The skills that recover a trooper.
const (
	SkillDoctor    SkillName = "doctor"
	SkillParamedic SkillName = "paramedic"
	SkillMediKit   SkillName = "medikit"
	SkillEngineer  SkillName = "engineer"
	SkillGizmoKit  SkillName = "gizmokit"
	// SkillEngineerStates is the Engineer's other use: cancelling the
	// states it can cancel rather than repairing STR.
	SkillEngineerStates SkillName = "engineer-states"
)

// medicRule is what one of them needs and does.
type medicRule struct {
	name SkillName
	rule string // the rule cited, "Doctor (N4)"
	// skill or equipment is the profile's Special Skill or piece of
	// Equipment that gives it.
	skill, equipment string
	// structure: the patient has Structure (STR) rather than Wounds.
	structure bool
	// remote: it may be used at range, with Line of Fire and a BS Roll.
	remote bool
	// userWIP: the user makes a Normal WIP Roll; else the patient makes a
	// PH Roll with patientMod.
	userWIP    bool
	patientMod int
	// states: it cancels the patient's states (engineerStates) instead
	// of recovering it, on any allied trooper; a failure does nothing.
	states bool
}

var medicRules = [...]medicRule{
	{name: SkillDoctor, rule: "Doctor (N4)", skill: "Doctor", userWIP: true},
	{name: SkillParamedic, rule: "Paramedic (N4)", skill: "Paramedic", patientMod: -3},
	{name: SkillMediKit, rule: "MediKit (N4)", equipment: "Medikit", remote: true},
	{name: SkillEngineer, rule: "Engineer (N4)", skill: "Engineer", structure: true, userWIP: true},
	{name: SkillGizmoKit, rule: "GizmoKit (N4)", equipment: "GizmoKit", structure: true, remote: true},
	{name: SkillEngineerStates, rule: "Engineer (N4)", skill: "Engineer", userWIP: true, states: true},
}

// engineerStates are the states an Engineer cancels (Engineer (N4), and
// the States (N4) that name it: IMM-A, IMM-B, Targeted, Isolated; Stunned
// on a trooper with Structure), on trooper p.
func (s *State) engineerStates(p int) []string {
	st := &s.Troopers[p].States
	var out []string
	for _, c := range [...]struct {
		on   bool
		name string
	}{{st.ImmA, "IMM-A"}, {st.ImmB, "IMM-B"}, {st.Targeted, "Targeted"}, {st.Isolated, "Isolated"}, {st.Stunned && s.profile(p).STR, "Stunned"}} {
		if c.on {
			out = append(out, c.name)
		}
	}
	return out
}

// medicOf is the rule of a recovering skill; nil for any other skill.
func medicOf(name SkillName) *medicRule {
	for i := range medicRules {
		if medicRules[i].name == name {
			return &medicRules[i]
		}
	}
	return nil
}

// has reports a profile that may use the rule.
func (m *medicRule) has(s *State, t int) bool {
	p := s.profile(t)
	if m.skill != "" {
		return p.HasSkill(m.skill)
	}
	return p.HasEquipment(m.equipment)
}

// MediKit's range bands (MediKit (N4)): the BS MOD up to each distance;
// beyond the last it cannot reach.
var medikitRanges = [...]struct {
	upTo float64
	mod  int
}{{8, 3}, {16, 0}, {24, -6}}

// medikitRangeMod is the range MOD of a remote MediKit or GizmoKit at
// dist inches, and whether it reaches.
func medikitRangeMod(dist float64) (int, bool) {
	for _, b := range medikitRanges {
		if dist <= b.upTo+geom.Eps {
			return b.mod, true
		}
	}
	return 0, false
}

// patientNeeds says why trooper p is no patient for the rule m; "" when
// it is one.
func (s *State) patientNeeds(m *medicRule, p int) string {
	tr := &s.Troopers[p]
	structure := s.profile(p).STR
	if m.states {
		switch {
		case tr.States.Null():
			return tr.ID + " is in a Null state: an Engineer revives an Unconscious trooper with Structure with the engineer skill"
		case len(s.engineerStates(p)) == 0:
			return tr.ID + " is in no state an Engineer cancels (IMM-A, IMM-B, Targeted, Isolated; Stunned with Structure)"
		}
		return ""
	}
	switch {
	case m.structure && !structure:
		return tr.ID + " has Wounds, not Structure: it needs a Doctor, a Paramedic or a MediKit"
	case !m.structure && structure:
		return tr.ID + " has Structure, not Wounds: it needs an Engineer or a GizmoKit"
	case tr.States.Dead:
		return tr.ID + " is Dead"
	case tr.States.Unconscious:
		return ""
	case m.name == SkillDoctor && tr.States.Stunned:
		// A Doctor also cancels Stunned on a trooper with Wounds
		// (Stunned (N4)).
		return ""
	case m.structure && tr.Wounds < s.profile(p).W:
		return ""
	case m.structure:
		return tr.ID + " has lost no STR and is not Unconscious"
	}
	if m.name == SkillDoctor {
		return tr.ID + " is neither Unconscious nor Stunned"
	}
	return tr.ID + " is not Unconscious"
}

// medicPoint is where the active trooper stands when it uses skill k of
// Order o: where the Order began for the first skill, where the first
// skill's movement ended for the second.
func medicPoint(o *Order, k *Skill) [2]float64 {
	if k == &o.First {
		return o.Path[0]
	}
	return o.Path[o.FirstEnd]
}

// checkMedic checks a recovering skill at declaration, from the end of the
// movement declared so far: the profile's skill or equipment, an allied
// model on the table that is a patient for it, and silhouette contact with
// it (or, for a MediKit or GizmoKit, Line of Fire to it instead).
func (s *State) checkMedic(o *Order, k *Skill) error {
	m := medicOf(k.Name)
	tr := &s.Troopers[o.Trooper]
	if !m.has(s, o.Trooper) {
		if m.skill == "" {
			return rules.Errorf(rules.CodeIllegal, m.rule, "%s carries no %s", tr.ID, m.equipment)
		}
		return rules.Errorf(rules.CodeIllegal, m.rule, "%s has no %s", tr.ID, m.skill)
	}
	pm := s.targetModel(k.Target, tr.Seat)
	if pm < 0 || s.Troopers[s.Models[pm].Trooper].Seat != tr.Seat {
		return rules.Errorf(rules.CodeBadAction, m.rule, "target %q is not an allied model on the table", k.Target)
	}
	p := s.Models[pm].Trooper
	if p == o.Trooper {
		return rules.Errorf(rules.CodeIllegal, m.rule, "%s cannot be used on its user", skillName(k.Name))
	}
	if why := s.patientNeeds(m, p); why != "" {
		return rules.Errorf(rules.CodeIllegal, m.rule, "%s", why)
	}
	from := o.Path[len(o.Path)-1]
	user := s.baseAt(o.Model, from)
	if geom.InContact(user, s.Models[pm].base()) {
		return nil
	}
	if !m.remote {
		return rules.Errorf(rules.CodeIllegal, m.rule, "%s needs silhouette contact with %s", skillName(k.Name), k.Target)
	}
	viewer := s.Models[o.Model]
	viewer.At = from
	if !s.lof(viewer, s.Models[pm].base(), o.Model, pm) {
		return rules.Errorf(rules.CodeIllegal, m.rule, "no silhouette contact with %s and no Line of Fire to it", k.Target)
	}
	return nil
}

// eachPatientChoice offers trooper t's recovering skill name on every
// allied trooper on the table that is Unconscious (or, for Structure,
// has lost STR), when its profile has the skill or equipment: the check
// greys those out of reach with the reason.
func (s *State) eachPatientChoice(t int, name SkillName, f func(Skill)) {
	m := medicOf(name)
	if m == nil || !m.has(s, t) {
		return
	}
	seat := s.Troopers[t].Seat
	for i := range s.Models {
		mm := &s.Models[i]
		if mm.Removed || mm.Trooper == t || s.Troopers[mm.Trooper].Seat != seat || s.patientNeeds(m, mm.Trooper) != "" {
			continue
		}
		f(Skill{Name: name, Target: mm.ID})
	}
}

// Recovered is a trooper brought back: W/STR recovered, and the states
// that follow (Doctor (N4), Engineer (N4), …).
type Recovered struct {
	Trooper string    `json:"trooper"`
	By      string    `json:"by"`
	Skill   SkillName `json:"skill"`
	Left    int       `json:"left"`
	States  []string  `json:"states"`
}

func (Recovered) Kind() string { return "recovered" }

func (e Recovered) String() string {
	return fmt.Sprintf("%s recovers 1 point of W/STR (%s by %s), %d left: %s", e.Trooper, skillName(e.Skill), e.By, e.Left, strings.Join(e.States, ", "))
}

// medics resolves the active trooper's recovering skills, in declaration
// order, at Resolution (Order Expenditure Sequence (N4) step 5): each one
// rolls after the Face to Face and Normal Rolls of the Order, and its
// effect comes before the hits.
func (s *State) medics(events []rules.Event, d dice.Source) ([]rules.Event, error) {
	o := s.Order
	for _, k := range []*Skill{&o.First, o.Second} {
		if k == nil || medicOf(k.Name) == nil {
			continue
		}
		var err error
		if events, err = s.medic(events, k, d); err != nil {
			return nil, err
		}
	}
	return events, nil
}

// medic resolves one recovering skill k of the active trooper.
func (s *State) medic(events []rules.Event, k *Skill, d dice.Source) ([]rules.Event, error) {
	o := s.Order
	m := medicOf(k.Name)
	t := o.Trooper
	tr := &s.Troopers[t]
	idle := func(reason string) []rules.Event {
		return append(events, BecameIdle{Trooper: tr.ID, Skill: k.Name, Reason: reason})
	}
	pm := s.targetModel(k.Target, tr.Seat)
	if pm < 0 {
		return idle(k.Target + " is no longer on the table"), nil
	}
	p := s.Models[pm].Trooper
	if why := s.patientNeeds(m, p); why != "" {
		return idle(why), nil
	}
	from := medicPoint(o, k)
	user := s.Models[o.Model]
	user.At = from
	contact := geom.InContact(user.base(), s.Models[pm].base())
	if !contact && !m.remote {
		return idle("not in silhouette contact with " + k.Target), nil
	}
	mods := slices.Clone(s.stateMods(t))
	switch {
	case m.userWIP:
		ev, ok, err := normalRoll(d, tr.ID, k.Name, dice.SuccessValueOf("WIP", s.profile(t).WIP, mods))
		if err != nil {
			return nil, err
		}
		events = append(events, ev)
		return append(events, s.medicOutcome(m, t, p, ok)...), nil
	case !contact:
		// At range: a BS Roll with the range MOD and the patient's Partial
		// Cover (MediKit (N4)).
		dist := geom.EdgeDistance(user.base(), s.Models[pm].base())
		mod, reach := medikitRangeMod(dist)
		if !reach {
			return idle(k.Target + " is beyond the " + skillName(k.Name) + "'s 24\""), nil
		}
		if mod != 0 {
			mods = append(mods, dice.Mod{Name: "Range", Value: mod})
		}
		if _, cover := s.targetMods(user, o.Model, pm, s.Models[pm].base()); cover {
			mods = append(mods, dice.CoverMod())
		}
		ev, ok, err := normalRoll(d, tr.ID, k.Name, dice.SuccessValueOf("BS", s.profile(t).BS, mods))
		if err != nil {
			return nil, err
		}
		events = append(events, ev)
		if !ok {
			return events, nil
		}
	}
	// The patient's PH Roll (Paramedic, MediKit, GizmoKit).
	pmods := slices.Clone(s.stateMods(p))
	if m.patientMod != 0 {
		pmods = append(pmods, dice.Mod{Name: skillName(k.Name), Value: m.patientMod})
	}
	ev, ok, err := normalRoll(d, s.Troopers[p].ID, k.Name, dice.SuccessValueOf("PH", s.profile(p).PH, pmods))
	if err != nil {
		return nil, err
	}
	events = append(events, ev)
	return append(events, s.medicOutcome(m, t, p, ok)...), nil
}

// normalRoll throws a Normal Roll of B1 against sv for trooper who's skill
// and reports it.
func normalRoll(d dice.Source, who string, skill SkillName, sv dice.SuccessValue) (Rolled, bool, error) {
	out, err := throwNormal(d, sv.Value)
	if err != nil {
		return Rolled{}, false, err
	}
	return Rolled{Trooper: who, Skill: skill, SV: sv, Dice: out.Dice, Hits: out.Hits, Crits: out.Crits, Roll: "normal"}, out.Scored(), nil
}

// throwNormal throws one die against sv and judges it as a Normal Roll.
func throwNormal(d dice.Source, sv int) (dice.Outcome, error) {
	roll, err := dice.Throw(d, dice.Side{SV: sv, Burst: 1})
	if err != nil {
		return dice.Outcome{}, rules.Errorf(rules.CodeDice, "", "%v", err)
	}
	out, err := dice.Normal(roll)
	if err != nil {
		return dice.Outcome{}, rules.Errorf(rules.CodeDice, "", "%v", err)
	}
	return out, nil
}

// medicOutcome applies a passed or failed roll of rule m by user u on
// patient p.
func (s *State) medicOutcome(m *medicRule, u, p int, passed bool) []rules.Event {
	tr := &s.Troopers[p]
	by := s.Troopers[u].ID
	switch {
	case m.states && !passed:
		// Failing to cancel states costs nothing (Engineer (N4)).
		return nil
	case m.name == SkillDoctor && !tr.States.Unconscious:
		// Stunned (N4): a passed roll cancels it, a failed one costs
		// nothing.
		if !passed {
			return nil
		}
		tr.States.Stunned = false
		return []rules.Event{StateChanged{Trooper: tr.ID, State: "Stunned", Why: "Doctor by " + by}}
	case m.states:
		var events []rules.Event
		for _, name := range s.engineerStates(p) {
			events = append(events, StateChanged{Trooper: tr.ID, State: name, Why: "Engineer by " + by})
		}
		tr.States.ImmA, tr.States.ImmB, tr.States.Targeted, tr.States.Isolated = false, false, false, false
		if s.profile(p).STR {
			tr.States.Stunned = false
		}
		return events
	case passed:
		if tr.States.Unconscious {
			// Back at 1 W/STR, out of Unconscious and the Prone it
			// brought (Unconscious (N4); FAQ 1.0 for STR).
			tr.Wounds = 1
			tr.States.Unconscious, tr.States.Prone = false, false
		} else {
			tr.Wounds = min(tr.Wounds+1, s.profile(p).W)
		}
		return []rules.Event{Recovered{Trooper: tr.ID, By: by, Skill: m.name, Left: tr.Wounds, States: tr.States.Names()}}
	case !m.structure:
		// A failed Doctor, Paramedic or MediKit roll kills the patient.
		return s.kill(p, "failed "+skillName(m.name)+" roll")
	}
	// A failed Engineer or GizmoKit roll costs 1 STR instead.
	tr.Wounds--
	switch {
	case tr.Wounds < 0:
		s.die(p)
	case tr.Wounds == 0:
		tr.States = tr.States.unconscious(canGoProne(s.profile(p).Type))
	}
	return []rules.Event{Wounded{Trooper: tr.ID, Lost: 1, Left: tr.Wounds, States: tr.States.Names()}}
}
