package infinity

import (
	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/odds"
	"github.com/ordo-rules/ordo/rules"
)

// Resolution of hacking programs (Hacking (N3)). The Success Values, the
// Burst and the BTS Saving Rolls come from package odds (HackSV, HackBurst,
// HackSaves): `ordo odds` and the menu's odds call the same functions, so
// what a player is shown is what resolution rolls.

// hackRequirements checks a hacking program at Resolution (Order
// Expenditure Sequence (N4) step 5): the program still runs and its target
// is still in the Hacking Area. It marks the roll a Comms Attack, which
// Reset opposes and Dodge does not.
func (s *State) hackRequirements(r *roller) string {
	r.comms = true
	p, err := s.hackProgram(r.trooper, &r.skill)
	if err != nil {
		return err.Error()
	}
	if cybermask(&p) {
		// A roll on its user alone: no Comms Attack for Reset to oppose.
		r.comms = false
		return ""
	}
	if r.dep > 0 {
		d := &s.Deployables[r.dep-1]
		if d.Removed {
			return "the target is no longer on the table"
		}
		if err := s.hackDeployable(r.trooper, r.from, &p, r.dep-1); err != nil {
			return err.Error()
		}
		return ""
	}
	tm := s.modelOf(r.target)
	if tm < 0 {
		return "the target is no longer on the table"
	}
	if defence(&p) || commSat(&p) {
		// Wherever the attacking hacker is; a Comm-Sat program reaches the
		// whole table (hack_comsat.go).
		return ""
	}
	if err := s.hackTarget(r.trooper, r.from, &p, tm, r.to); err != nil {
		return err.Error()
	}
	return ""
}

// hacker is trooper t as package odds sees one side of a hacking roll:
// WIP and BTS, the Targeted state, the MODs of its other states, and
// what it declares (the program of roller r, or Reset).
func (s *State) hacker(t int, r *roller) odds.Hacker {
	p := s.profile(t)
	st := s.Troopers[t].States
	h := odds.Hacker{WIP: p.WIP, BTS: p.BTS, Targeted: st.Targeted, Firewall: st.Firewall, Mods: s.stateMods(t)}
	if r == nil {
		return h
	}
	h.Active = r.active
	h.Burst = r.burst
	switch r.skill.Name {
	case SkillHack:
		if prog, ok := s.Programs[r.skill.Program]; ok {
			hp := s.programOdds(prog)
			h.Program = &hp
		}
	case SkillReset:
		h.Reset = true
		h.Mods = append(h.Mods, s.resetMods(t)...)
	}
	return h
}

// resetMods are the MODs of the states a Reset cancels, which stack (Reset
// (N4); Dodge (N4) FAQ).
func (s *State) resetMods(t int) []dice.Mod {
	st := s.Troopers[t].States
	var mods []dice.Mod
	if st.Targeted {
		mods = append(mods, dice.Mod{Name: "Targeted", Value: -3})
	}
	if st.ImmB {
		mods = append(mods, dice.Mod{Name: "IMM-B", Value: -3})
	}
	if st.Isolated {
		mods = append(mods, dice.Mod{Name: "Isolated", Value: -9})
	}
	return mods
}

// hackSides are roller r's side of a hacking roll and its opponent's: the
// roll it is Face to Face with, else the target, which does not roll.
func (s *State) hackSides(r *roller) (user, opponent odds.Hacker) {
	user = s.hacker(r.trooper, r)
	if len(r.opps) > 0 {
		o := r.opps[0]
		return user, s.hacker(o.trooper, o)
	}
	if r.dep > 0 {
		// A deployable: no states, BTS 0 (hack_deployable.go).
		return user, odds.Hacker{BTS: deployableBTS}
	}
	return user, s.hacker(r.target, nil)
}

// hackBuildSV builds the Success Value and Burst of a hacking program, and
// of a Reset that opposes one, through odds.HackSV and odds.HackBurst. It
// reports false for any other roll.
func (s *State) hackBuildSV(r *roller) bool {
	switch {
	case r.skill.Name == SkillHack:
	case r.skill.Name == SkillReset && len(r.opps) > 0 && r.opps[0].comms:
	default:
		return false
	}
	user, opp := s.hackSides(r)
	r.sv = odds.HackSV(user, opp)
	r.roll = dice.Roll{Side: dice.Side{SV: r.sv.Value, Burst: max(odds.HackBurst(user), 1)}}
	return true
}

// hackHits applies the successes of a hacking program that survived
// (Hacking (N3)): each forces the BTS Saving Rolls odds.HackSaves lists
// (Breaker halving BTS, DT two rolls), under the `criticals` ruling (a
// Critical adds one roll, or under n3-auto-wound fails the first without a
// roll, DT's second still made). Each failed roll applies the program's
// effect: a state once, or the loss of one W/STR.
func (s *State) hackHits(r *roller, d dice.Source) ([]rules.Event, error) {
	p, ok := s.Programs[r.skill.Program]
	if !ok {
		return nil, nil
	}
	switch {
	case p.Effect == catalog.EffectReflect && len(r.opps) > 0 && r.opps[0].skill.Name == SkillHack:
		// Counterstrike: each surviving success is one success of the
		// attack it won against, on that attack's own hacker.
		if p, ok = s.Programs[r.opps[0].skill.Program]; !ok {
			return nil, nil
		}
	case defence(&p):
		// Breakwater, Zero Pain: winning the Face to Face Roll nullified
		// the attack; nothing else happens.
		return nil, nil
	}
	var saves []odds.HackSave
	ev := Saved{From: s.Troopers[r.trooper].ID, Ammo: p.Name}
	if r.dep > 0 {
		// A deployable device (hack_deployable.go).
		saves = odds.HackSaves(s.programOdds(p), odds.Hacker{BTS: deployableBTS})
		ev.Trooper = s.Deployables[r.dep-1].name()
	} else {
		saves = odds.HackSaves(s.programOdds(p), s.hacker(r.target, nil))
		ev.Trooper = s.Troopers[r.target].ID
	}
	failed := 0
	if len(saves) == 0 {
		// No Damage: each success is the effect.
		failed = r.out.Hits + r.out.Crits
	} else {
		var buf [12]saveRoll
		rolls := s.expandSaves(buf[:0], r.out.Hits+r.out.Crits, r.out.Crits, len(saves))
		for _, sv := range rolls {
			ev.AttackDamage = saves[sv.of].AttackDamage
			if sv.auto {
				failed++
				ev.Failed++
				continue
			}
			f, err := d.D20()
			if err != nil {
				return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
			}
			ev.Faces = append(ev.Faces, f)
			if dice.SaveFails(saves[sv.of].AttackDamage, f) {
				failed++
				ev.Failed++
			}
		}
	}
	var events []rules.Event
	if len(saves) > 0 {
		events = append(events, ev)
	}
	if failed == 0 {
		return events, nil
	}
	if r.dep > 0 {
		return append(events, s.disableDeployable(r.dep-1, p)...), nil
	}
	if ev, ok := s.possessionEffect(r.trooper, r.target, p); ok {
		return append(events, ev...), nil
	}
	return append(events, s.hackEffect(r.target, p, failed)...), nil
}

// hackEffect applies a program's effect to trooper u after failed rolls.
func (s *State) hackEffect(u int, p catalog.Program, failed int) []rules.Event {
	t := &s.Troopers[u]
	st := &t.States
	set := func(flag *bool, name string) []rules.Event {
		if *flag {
			return nil
		}
		*flag = true
		return []rules.Event{StateChanged{Trooper: t.ID, State: name, On: true, Why: p.Name}}
	}
	switch p.Effect {
	case catalog.EffectIMM1, catalog.EffectDisabled, catalog.EffectIsolated, catalog.EffectTargeted:
		name := effectState[p.Effect]
		flag := stateFlag(st, name)
		s.lasts(u, name, *flag, p)
		return set(flag, name)
	case catalog.EffectWound:
		// One W/STR per failed BTS roll (Brain Blast, Sucker Punch).
		t.Wounds -= failed
		switch {
		case t.Wounds < 0:
			s.die(u)
		case t.Wounds == 0:
			t.States = t.States.unconscious(canGoProne(s.profile(u).Type))
		}
		return []rules.Event{Wounded{Trooper: t.ID, Lost: failed, Left: t.Wounds, States: t.States.Names()}}
	case catalog.EffectImpersonation:
		return s.cybermasked(u, p)
	}
	return nil
}

// hackRollOdds is the odds of a hacking program as the menu shows them:
// odds.PlanHack with the two sides resolution builds, so that they are the
// numbers resolution rolls.
func (s *State) hackRollOdds(r *roller) (RollOdds, error) {
	user, opp := s.hackSides(r)
	crits := odds.CritRule(s.Rulings.Get("criticals"))
	plan, res, err := odds.Hack(user, opp, crits, odds.Options{})
	if err != nil {
		return RollOdds{}, rules.Errorf(rules.CodeIllegal, ruleHacking, "the odds of %s's %s: %v", s.Troopers[r.trooper].ID, r.skill.Program, err)
	}
	sv := plan.Active.SV
	ro := RollOdds{
		Trooper: s.Troopers[r.trooper].ID, Skill: r.skill.Name, Weapon: user.Program.Name,
		Target: s.rollTarget(r), Roll: "normal", Burst: plan.Active.Side.Roll.Burst, SV: &sv,
		Win: res.A.Hits.Scores(), Crit: res.A.Hits.Crits(),
		Inflicts: rows(res.A.Inflicts), Tail: res.A.Inflicts.Tail, Nothing: res.Nothing,
	}
	if plan.FaceToFace {
		ro.Roll = "face-to-face"
		osv := plan.Reactive.SV
		o := r.opps[0]
		ro.Against = &Opposed{Trooper: s.publicName(o.trooper), Skill: o.skill.Name, Burst: plan.Reactive.Side.Roll.Burst, Win: res.B.Hits.Scores(), SV: &osv}
	}
	return ro, nil
}
