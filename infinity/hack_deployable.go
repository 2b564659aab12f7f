package infinity

import (
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// Programs on deployables (Hacking (N3); the Blackout card): a piece of
// Comms Equipment placed on the table (a Deployable Repeater) is an enemy
// with Comms Equipment, so a program whose targets are that (Blackout) may
// target it, inside the hacker's Hacking Area as a trooper must be. As
// equipment and not a trooper it declares nothing, so it cannot Reset: the
// program is a Normal Roll, and each success forces a BTS Saving Roll with
// BTS 0 (deployableBTS). A failed
// roll Disables it: a Disabled Deployable Repeater no longer extends the
// Hacking Area (deployedRepeaters). Deployable weapons (Mines) carry no
// Comms Equipment, so no program of the table reaches them.
//
// The only state a program leaves on a deployable is Disabled: a program of
// another effect is refused on it with that reason.

// DeployableChanged is a state a deployable enters (Disabled by Blackout).
type DeployableChanged struct {
	Deployable string `json:"deployable"`
	State      string `json:"state"`
	On         bool   `json:"on"`
	Why        string `json:"why,omitempty"`
}

func (DeployableChanged) Kind() string { return "deployable-changed" }

func (e DeployableChanged) String() string {
	verb := "leaves"
	if e.On {
		verb = "enters"
	}
	s := e.Deployable + " " + verb + " " + e.State
	if e.Why != "" {
		s += " (" + e.Why + ")"
	}
	return s
}

// enemyDeployable is the index of the deployable device named name (its
// public label) of a seat other than seat, on the table; -1 if there is
// none.
func (s *State) enemyDeployable(name string, seat rules.Seat) int {
	if name == "" {
		return -1
	}
	for i := range s.Deployables {
		d := &s.Deployables[i]
		if d.name() == name && d.Device != "" && !d.Removed && d.Seat != seat {
			return i
		}
	}
	return -1
}

// deployableBase is the marker a deployable lies on.
func (d *Deployable) base() geom.Circle {
	return geom.Circle{Center: geom.Pt(d.At[0], d.At[1]), Radius: deployableRadius}
}

// hackDeployable checks program p declared by hacker t from at against
// deployable i: a program that targets Comms Equipment and Disables, the
// deployable inside t's Hacking Area.
func (s *State) hackDeployable(t int, at [2]float64, p *catalog.Program, i int) error {
	d := &s.Deployables[i]
	if !p.TargetsClass(catalog.TargetComms) {
		return rules.Errorf(rules.CodeIllegal, ruleHacking, "%s cannot target %s: it targets %s, and a deployable is only Comms Equipment", p.Name, d.name(), classList(p))
	}
	if p.Effect != catalog.EffectDisabled {
		return rules.Errorf(rules.CodeIllegal, ruleHacking, "%s cannot target %s: the only state a deployable takes is Disabled", p.Name, d.name())
	}
	var buf [4]geom.Circle
	if !inArea(s.hackingArea(t, at, buf[:0]), d.base()) {
		return rules.Errorf(rules.CodeIllegal, ruleHacking+" (Hacking Area)", "%s is outside %s's Hacking Area", d.name(), s.Troopers[t].ID)
	}
	return nil
}

// eachDeployableProgram calls f with each program trooper t may declare on
// each enemy deployable device on the table: check greys those that do
// not fit.
func (s *State) eachDeployableProgram(t int, f func(Skill)) {
	if len(s.Deployables) == 0 || len(s.programsOf(t)) == 0 {
		return
	}
	seat := s.Troopers[t].Seat
	for i := range s.Deployables {
		d := &s.Deployables[i]
		if d.Device == "" || d.Removed || d.Seat == seat {
			continue
		}
		for _, p := range s.programsOf(t) {
			if p.Side == catalog.Enemy && p.TargetsClass(catalog.TargetComms) {
				f(Skill{Name: SkillHack, Program: p.ID, Target: d.name()})
			}
		}
	}
}

// rollTarget names a program's target: a trooper as its opponent may know
// it, or a deployable by its public label.
func (s *State) rollTarget(r *roller) string {
	if r.dep > 0 {
		return s.Deployables[r.dep-1].name()
	}
	return s.publicName(r.target)
}

// deployableBTS is the BTS of a deployable device: the catalog gives
// devices no Attributes, so a deployable saves with BTS 0 (a decision of
// this engine, docs/RULES.md).
const deployableBTS = 0

// disableDeployable Disables deployable i after a failed BTS roll
// against program p.
func (s *State) disableDeployable(i int, p catalog.Program) []rules.Event {
	dep := &s.Deployables[i]
	if dep.Disabled {
		return nil
	}
	dep.Disabled = true
	return []rules.Event{DeployableChanged{Deployable: dep.name(), State: "Disabled", On: true, Why: p.Name}}
}
