package infinity

import (
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// Impersonation markers (Impersonation (N4)).
//
// An impersonating trooper stands on the table as an Impersonation marker,
// IMP-1 or IMP-2, whose identity is private, as a Camouflaged marker's is:
// the two share the marker machinery (States.marker; the label in
// Trooper.Marker; Observe, Redact and RedactAction showing only the label
// and the marker's kind; 360° Line of Fire; Discover; revealing on any
// skill but a Short Movement Skill without a roll; the Delayed ARO). What
// differs is here:
//
//   - enemies may not Attack an IMP-1 marker at all, and must Discover an
//     IMP-2 marker before attacking it;
//   - the only AROs against an Impersonation marker are Discover, Dodge,
//     Look Out! and Reset (Look Out! is not played by Ordo);
//   - a successful Discover reveals an IMP-2 marker; an IMP-1 marker
//     becomes IMP-2, and Discover rolls against it at -6. The N4 text of
//     IMP-1 was not captured: this is the N3 rule (Impersonation-1), kept
//     until it is.
//
// A trooper enters the state at deployment (the scenario's "marker"
// deployment, for a profile with the Impersonation skill and without
// Camouflage: level 2 deploys as IMP-2 only, otherwise IMP-1), or through
// Cybermask (hack_cybermask.go).

// ruleImpersonation is the rule the errors of this file cite.
const ruleImpersonation = "Impersonation (N4)"

// marker reports a trooper standing on the table as a marker whose
// identity is private: Camouflaged or Impersonating.
func (s *States) marker() bool { return s.Camouflaged || s.Impersonation > 0 }

// sortMarkers puts enemy markers in the order of their labels, label(m)
// being marker m's: the one order in which a marker's place in a list (a
// menu's targets, a view, an event) tells nothing of which trooper it is,
// as army-list or table order would. legal.go, redact.go and view.go list
// markers through it.
func sortMarkers[M any](markers []M, label func(M) string) {
	slices.SortFunc(markers, func(a, b M) int { return strings.Compare(label(a), label(b)) })
}

// markerState is the kind of marker the opponent sees on the table, all
// it is told of the trooper's states: a Camouflage marker and an
// Impersonation marker look different, and the Impersonation level shows
// on it.
func (s States) markerState() string {
	switch s.Impersonation {
	case 1:
		return "Impersonation-1"
	case 2:
		return "Impersonation-2"
	}
	return "Camouflaged"
}

// markerKind reports a state name that is a marker's kind, which shows on
// the table: an IMP-1 marker becoming IMP-2 is public.
func markerKind(state string) bool {
	return state == "Impersonation-1" || state == "Impersonation-2"
}

// markerRefusal is the refusal of an Attack on a trooper in states st,
// named name: a Camouflaged or IMP-2 marker must be Discovered first, an
// IMP-1 marker cannot be attacked at all. nil for any other trooper.
//
// It reads the states in place: every attack candidate's target check
// asks it.
func markerRefusal(st *States, name string) error {
	switch {
	case st.Impersonation == 1:
		return rules.Errorf(rules.CodeIllegal, ruleImpersonation, "%s is an Impersonation-1 marker: it cannot be attacked", name)
	case st.Impersonation == 2:
		return rules.Errorf(rules.CodeIllegal, ruleImpersonation, "%s is an Impersonation-2 marker: Discover it first", name)
	case st.Camouflaged:
		return rules.Errorf(rules.CodeIllegal, "Camouflaged (N4)", "%s is a Camouflaged marker: Discover it first", name)
	}
	return nil
}

// impersonationAROs are the only AROs the active trooper may draw while it
// is an Impersonation marker (Look Out! is not played).
var impersonationAROs = [...]SkillName{SkillDiscover, SkillDodge, SkillReset}

// impersonationARO checks an ARO against the active trooper while it is an
// Impersonation marker: Discover, Dodge, Look Out! or Reset only.
func (s *State) impersonationARO(k Skill) error {
	o := s.Order
	if o == nil || s.Troopers[o.Trooper].States.Impersonation == 0 {
		return nil
	}
	for _, ok := range impersonationAROs {
		if k.Name == ok {
			return nil
		}
	}
	tr := s.Troopers[o.Trooper]
	return rules.Errorf(rules.CodeIllegal, ruleImpersonation, "%s is an %s marker: the only AROs against it are Discover, Dodge, Look Out! and Reset", tr.Marker, tr.States.markerState())
}

// impersonationDiscoverMods are the MODs a Discover roll takes for the
// marker it targets: -6 against IMP-1 (the N3 Impersonation-1 rule).
func impersonationDiscoverMods(target States) []dice.Mod {
	if target.Impersonation == 1 {
		return []dice.Mod{{Name: "Impersonation-1", Value: -6}}
	}
	return nil
}

// discoveredImpersonation applies a successful Discover of an IMP-1
// marker: it becomes an IMP-2 marker rather than being revealed. ok is
// false for any other marker, which the Discover reveals.
func (s *State) discoveredImpersonation(r *roller) ([]rules.Event, bool) {
	tr := &s.Troopers[r.target]
	if tr.States.Impersonation != 1 {
		return nil, false
	}
	tr.States.Impersonation = 2
	return []rules.Event{StateChanged{Trooper: tr.ID, State: "Impersonation-2", On: true, Why: "Discovered by " + s.Troopers[r.trooper].ID}}, true
}

// deployedImpersonation is the Impersonation level a profile deploys at
// as a marker: IMP-2 for the Impersonation (IMP-2) skill, else IMP-1; 0
// for a profile with Camouflage (it deploys Camouflaged) or without
// Impersonation.
func deployedImpersonation(p catalog.Profile) int {
	sk, ok := p.Skill("Impersonation")
	switch {
	case !ok || p.HasSkill("Camouflage"):
		return 0
	case sk.Level == 2:
		return 2
	}
	return 1
}

// checkImpersonation checks a decoded trooper's Impersonation level: 0, 1
// or 2, and never together with Camouflaged.
func (c *stateChecker) checkImpersonation(path string, tr Trooper) {
	c.between(path+".states.impersonation", tr.States.Impersonation, 0, 2)
	if tr.States.Impersonation > 0 && tr.States.Camouflaged {
		c.failf(path+".states", "a trooper is Camouflaged or Impersonating, not both")
	}
}
