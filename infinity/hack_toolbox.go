package infinity

import (
	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// Toolbox programs with a roll and no trooper to target (Hacking (N3)):
// Lockpicker, on a Hackable Scenery Item in base contact
// (hack_lockpicker.go), and White Noise, on a point in the Hacking Area
// (hack_whitenoise.go). Each is a Normal WIP Roll with the program's
// Attack MOD, B1 in either turn: no one opposes it, since it attacks no
// one (neither Reset nor a Dodge answers it). They are rolled at the end
// of the Order's effects, the active trooper's first and then the AROs in
// the order declared, and their effect follows a success.

// toolbox reports a Toolbox program of this kind the engine plays.
func toolbox(p *catalog.Program) bool {
	return p.Category == catalog.Toolbox && p.Rolls() && (isWhiteNoise(*p) || isLockpicker(*p))
}

// checkToolbox checks a Toolbox program declared by hacker t standing at
// at.
func (s *State) checkToolbox(t int, at [2]float64, p catalog.Program, k Skill) error {
	if isWhiteNoise(p) {
		return s.checkWhiteNoise(t, at, p, k)
	}
	return s.checkLockpicker(t, at, p, k)
}

// toolboxDecl is a Toolbox program declared in the Order: by whom, what,
// and where the hacker stood.
type toolboxDecl struct {
	trooper int
	skill   Skill
	at      [2]float64
}

// toolboxDecls lists the Toolbox programs of the Order: the active
// trooper's (each from where it was declared), then the AROs'.
func (s *State) toolboxDecls() []toolboxDecl {
	o := s.Order
	var out []toolboxDecl
	for i, k := range []*Skill{&o.First, o.Second} {
		if k == nil || k.Name != SkillHack {
			continue
		}
		if p := s.Programs[k.Program]; !toolbox(&p) {
			continue
		}
		upTo := 1
		if i == 1 {
			upTo = o.FirstEnd + 1
		}
		at, err := s.fromPoint(&Order{Path: o.Path[:min(upTo, len(o.Path))]}, k)
		if err != nil {
			at = o.Path[0]
		}
		out = append(out, toolboxDecl{trooper: o.Trooper, skill: *k, at: at})
	}
	for _, a := range o.AROs {
		if a.Skill.Name != SkillHack {
			continue
		}
		if p := s.Programs[a.Skill.Program]; !toolbox(&p) {
			continue
		}
		if m := s.modelOf(a.Trooper); m >= 0 {
			out = append(out, toolboxDecl{trooper: a.Trooper, skill: a.Skill, at: s.Models[m].At})
		}
	}
	return out
}

// runToolbox resolves the Order's Toolbox programs (Order Expenditure
// Sequence (N4) steps 5 and 6): the requirements checked again (a hacker
// no longer able to hack, or a target no longer valid, turns it Idle),
// the Normal WIP Roll, and the effect of a success.
func (s *State) runToolbox(d dice.Source) ([]rules.Event, error) {
	var events []rules.Event
	for _, x := range s.toolboxDecls() {
		tr := s.Troopers[x.trooper]
		p, err := s.hackProgram(x.trooper, &x.skill)
		if err == nil && tr.States.Null() {
			err = rules.Errorf(rules.CodeIllegal, ruleHacking, "%s is %v", tr.ID, tr.States)
		}
		if err == nil {
			err = s.checkToolbox(x.trooper, x.at, p, x.skill)
		}
		if err != nil {
			events = append(events, BecameIdle{Trooper: tr.ID, Skill: SkillHack, Reason: err.Error()})
			continue
		}
		var mods []dice.Mod
		if p.AttackMod.Value != 0 {
			mods = append(mods, dice.Mod{Name: "Attack MOD (" + p.Name + ")", Value: p.AttackMod.Value})
		}
		mods = append(mods, s.stateMods(x.trooper)...)
		if isLockpicker(p) {
			if it := s.Scenery[s.sceneryIndex(x.skill.Target)]; it.Mod != 0 {
				mods = append(mods, dice.Mod{Name: it.ID, Value: it.Mod})
			}
		}
		sv := dice.NewSuccessValue("WIP", s.profile(x.trooper).WIP, mods...)
		roll, err := dice.Throw(d, dice.Side{SV: sv.Value, Burst: 1})
		if err != nil {
			return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
		}
		out, err := dice.Normal(judgedAt(sv.Value, roll))
		if err != nil {
			return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
		}
		events = append(events, Rolled{Trooper: tr.ID, Skill: SkillHack, SV: sv, Dice: out.Dice, Against: x.skill.Target,
			Hits: out.Hits, Crits: out.Crits, Roll: "normal"})
		if !out.Scored() {
			continue
		}
		if isWhiteNoise(p) {
			events = append(events, s.placeWhiteNoise(x.trooper, x.skill)...)
		} else {
			events = append(events, s.operate(x.trooper, x.skill)...)
		}
	}
	return events, nil
}

// eachToolboxChoice calls f with the Toolbox program p for hacker t as the
// menu offers it: Lockpicker on each Hackable Scenery Item its base
// touches, White Noise centred on the hacker; with no such item,
// Lockpicker once with no target, which check greys.
func (s *State) eachToolboxChoice(t int, p catalog.Program, f func(Skill)) {
	m := s.modelOf(t)
	if m < 0 {
		return
	}
	at := s.Models[m].At
	if isWhiteNoise(p) {
		f(Skill{Name: SkillHack, Program: p.ID, Point: &at})
		return
	}
	offered := false
	base := s.Models[m].base()
	for _, it := range s.Scenery {
		if touches(it.outline(), base) {
			f(Skill{Name: SkillHack, Program: p.ID, Target: it.ID})
			offered = true
		}
	}
	if !offered {
		f(Skill{Name: SkillHack, Program: p.ID})
	}
}

// eachToolboxARO calls f with each Toolbox program reactive hacker t may
// declare in ARO, as eachToolboxChoice offers it.
func (s *State) eachToolboxARO(t int, f func(Skill)) {
	for _, p := range s.programsOf(t) {
		if toolbox(&p) && p.DeclaredAs(catalog.ARO) {
			s.eachToolboxChoice(t, p, f)
		}
	}
}
