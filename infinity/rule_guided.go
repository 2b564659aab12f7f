package infinity

import (
	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// Guided attacks (Guided (N4), the N3 Guided ammunition the Hacking
// chapter's U-Turn answers): a BS Attack with a weapon with the Guided
// trait on an enemy in Targeted state, declared as an Entire Order
// (Skill.Guided), needs neither Line of Fire nor range: the missile finds
// its target anywhere on the table. Its roll is a BS roll with +6 (Guided),
// in place of Targeted's +3, which the Guided MOD already counts, with B1
// and no range, Partial Cover or Mimetism MOD, which are measured along a
// Line of Fire it does not need; the attacker's own state MODs still apply.
//
// What the enemy may answer: the target may Dodge it without Line of
// Fire, as the target of an attack (Dodge (N4)); Reset does not oppose a
// Guided attack in N4 (only N5 adds it). And every hacker of the target's
// side carrying U-Turn (Comm-Sat, Hacking (N3)) may declare it in ARO
// from anywhere on the table: it rolls nothing, and each one puts -3 on
// the Guided roll, cumulative. A hacker in Hidden Deployment or on a
// marker (Camouflaged, Impersonation) is not offered U-Turn (as for Hack Transport
// Aircraft: its window would tell what it is).
//
// Departure: the N4 limit on Guided attacks per turn is not modelled.

// ruleGuided is the rule this file's errors cite.
const ruleGuided = "Guided (N4)"

// guidedMod is the Guided attack's BS MOD; uTurnMod is U-Turn's Opponent
// MOD to it, per U-Turn.
const (
	guidedMod = 6
	uTurnMod  = -3
)

// checkGuidedShape refuses a Guided attack that splits or reduces its
// Burst: it rolls B1 on one target.
func checkGuidedShape(k *Skill) error {
	if k.Guided && (len(k.Split) > 0 || k.Burst > 0) {
		return rules.Errorf(rules.CodeIllegal, ruleGuided, "a Guided attack rolls B1 on one target: no split, no Burst")
	}
	return nil
}

// checkGuided checks a Guided attack at declaration with weapon w on
// model target: a Guided weapon, a Targeted enemy; no Line of Fire needed.
func (s *State) checkGuided(o *Order, k Skill, w catalog.Weapon, target int) error {
	if err := checkGuidedShape(&k); err != nil {
		return err
	}
	if !w.Traits.Guided {
		return rules.Errorf(rules.CodeIllegal, ruleGuided, "%s is not a Guided weapon", w.Name)
	}
	if !s.Troopers[s.Models[target].Trooper].States.Targeted {
		return rules.Errorf(rules.CodeIllegal, ruleGuided, "a Guided attack needs a Targeted enemy: %s is not Targeted", k.Target)
	}
	return nil
}

// guidedRequirements checks a Guided attack at Resolution: it needs no
// Line of Fire nor range, only its target on the table, which requirements
// has checked.
func (s *State) guidedRequirements(r *roller) string {
	return ""
}

// guidedSV builds a Guided attack's roll: BS +6 Guided, the attacker's
// state MODs (mods), and -3 for each U-Turn declared against it; B1.
func (s *State) guidedSV(r *roller, mods []dice.Mod) {
	mods = append(mods, dice.Mod{Name: "Guided", Value: guidedMod})
	for range s.uTurns() {
		mods = append(mods, dice.Mod{Name: "U-Turn", Value: uTurnMod})
	}
	attr := r.arms().Attribute
	if attr == "" {
		attr = "BS"
	}
	r.cover = false
	r.sv = dice.NewSuccessValue(attr, attribute(s.profile(r.trooper), attr), mods...)
	r.roll = dice.Roll{Side: dice.Side{SV: r.sv.Value, Burst: 1}}
}

// uTurns counts the U-Turns declared in ARO this Order by hackers still
// able to hack.
func (s *State) uTurns() int {
	n := 0
	for _, a := range s.Order.AROs {
		if a.Skill.Name != SkillHack {
			continue
		}
		if p, ok := s.Programs[a.Skill.Program]; ok && p.Effect == catalog.EffectGuidedMod && !s.commsDown(a.Trooper) && !s.Troopers[a.Trooper].States.Null() {
			n++
		}
	}
	return n
}

// guidedOrder reports an Order whose first skill is a Guided attack (an
// Entire Order: it is the only one).
func (s *State) guidedOrder() bool {
	return s.Order != nil && s.Order.First.Name == SkillBSAttack && s.Order.First.Guided
}

// guidedTarget reports reactive trooper t as the target of the Guided
// attack in progress: it may Dodge without Line of Fire.
func (s *State) guidedTarget(t int) bool {
	if !s.guidedOrder() {
		return false
	}
	m := s.targetModel(s.Order.First.Target, s.Troopers[s.Order.Trooper].Seat)
	return m >= 0 && s.Models[m].Trooper == t
}

// uTurnReady reports reactive trooper t as a hacker that may declare
// U-Turn against the Guided attack in progress: it carries the program and
// can hack, and is neither hidden nor a marker.
func (s *State) uTurnReady(t int) bool {
	if !s.guidedOrder() {
		return false
	}
	p, ok := s.Programs["u-turn"]
	tr := &s.Troopers[t]
	return ok && !tr.States.Hidden && !tr.States.marker() && !s.commsDown(t) && s.carries(t, p) && stateAllows(&tr.States, tr.ID, SkillHack) == nil
}

// checkUTurn checks U-Turn declared in ARO by hacker t: against a Guided
// attack, on the active trooper, from anywhere on the table.
func (s *State) checkUTurn(t int, p catalog.Program, k Skill) error {
	o := s.Order
	if !s.guidedOrder() {
		return rules.Errorf(rules.CodeIllegal, ruleComSat, "%s answers a Guided attack: %s makes none", p.Name, s.publicName(o.Trooper))
	}
	if s.targetModel(k.Target, s.Troopers[t].Seat) != o.Model {
		return rules.Errorf(rules.CodeIllegal, "ARO (N4)", "%s acts against the attacker (%s), not %q", p.Name, s.publicName(o.Trooper), k.Target)
	}
	if !s.uTurnReady(t) {
		return rules.Errorf(rules.CodeIllegal, ruleComSat, "%s cannot declare %s now", s.Troopers[t].ID, p.Name)
	}
	return nil
}

// eachGuidedChoice offers trooper t's Guided attacks on the enemy named
// target (trooper u): one per Guided weapon, when u is Targeted.
func (s *State) eachGuidedChoice(t, u int, target string, f func(Skill)) {
	if !s.Troopers[u].States.Targeted {
		return
	}
	ids, ws := s.profile(t).Weapons, s.weapons(t)
	for i, id := range ids {
		if w := ws[i]; w != nil && w.Traits.Guided {
			f(Skill{Name: SkillBSAttack, Target: target, Weapon: id, Guided: true})
		}
	}
}
