package infinity

import (
	"encoding/json"
	"slices"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/odds"
	"github.com/ordo-rules/ordo/rules"
)

// RollOdds are the exact chances of one attack an action would declare,
// worked out from the rollers Resolution would build (the same Success
// Values, MODs, Burst, ammunition, ARM/BTS and Partial Cover; Face to Face
// Rolls (N4), Saving Rolls (N4)), with what is known when the action is
// sent: the AROs not yet declared are not counted.
type RollOdds struct {
	Trooper string    `json:"trooper"`
	Skill   SkillName `json:"skill"`
	Weapon  string    `json:"weapon,omitempty"`
	Ammo    string    `json:"ammo,omitempty"`
	Target  string    `json:"target"`
	// Roll is "face-to-face", "normal", or "simultaneous" (two Normal
	// Rolls at once: a Direct Template against an attack).
	Roll     string             `json:"roll"`
	SV       *dice.SuccessValue `json:"sv,omitempty"` // nil for a template
	Burst    int                `json:"burst"`
	Template bool               `json:"template,omitempty"`
	// Against is the roll it meets, if any.
	Against *Opposed `json:"against,omitempty"`
	// Win is the chance of at least one surviving success, Crit of at
	// least one surviving Critical.
	Win  float64 `json:"win"`
	Crit float64 `json:"crit"`
	// Inflicts[n] is the chance of exactly n failed Saving Rolls (with no
	// Saving Roll, n surviving successes); Tail marks the last row as "n or
	// more".
	Inflicts []float64 `json:"inflicts"`
	Tail     bool      `json:"tail,omitempty"`
	// Falls is the chance the target falls (Unconscious or Dead), when the
	// failed rolls alone tell it (Wounds, Unconscious and Dead (N4)).
	Falls *float64 `json:"falls,omitempty"`
	// Nothing is the chance that neither side inflicts anything.
	Nothing float64 `json:"nothing"`
}

// Opposed is the other side of a Face to Face or simultaneous roll.
type Opposed struct {
	Trooper string             `json:"trooper"`
	Skill   SkillName          `json:"skill"`
	SV      *dice.SuccessValue `json:"sv,omitempty"`
	Burst   int                `json:"burst"`
	// Win is the chance it scores at least one success; Falls the chance
	// the attacker falls to it, when that can be told.
	Win   float64  `json:"win"`
	Falls *float64 `json:"falls,omitempty"`
}

// Preview is the exact odds of the attacks seat's action would declare,
// of the attacks its Dodges and Resets would meet, and of every other
// declared attack on its troopers,
// for the menu: the action is applied to a copy of the state (it must be
// legal now; nothing is changed), then the rollers of the Order are built
// as Resolution builds them, before any die, and each attack of seat's
// troopers is handed to the odds calculator with the roll it meets. An
// attack on a trooper that seat sees only as a marker has no odds: they
// would tell its profile.
func (s *State) Preview(seat rules.Seat, a rules.Action) ([]RollOdds, error) {
	a = Plain(a) // a menu's candidate (menuBox) as its value
	switch x := a.(type) {
	case Activate, Second, AROs:
	case Deploy:
		// The check the action would meet (Initiative and Deployment
		// (N4)), so that a table can say why a spot is refused before it
		// is sent, and the odds of its deployment rolls.
		return s.previewDeploy(seat, x)
	case Interact:
		return s.previewInteract(seat, x)
	default:
		return nil, nil
	}
	c := s.clone()
	script, _ := dice.NewScript()
	if _, err := c.Apply(seat, a, script); err != nil {
		return nil, err
	}
	if c.Order == nil {
		return nil, nil
	}
	rs, block := c.rollers(nil)
	defer block.release()
	for _, r := range rs {
		if reason := c.requirements(r); reason != "" {
			r.idle = true
		}
	}
	c.markSmokeFaced(rs)
	c.pair(rs)
	c.linkTemplates(rs)
	for _, r := range rs {
		if r.skill.Name == SkillCCAttack && !r.idle && c.Troopers[r.target].States.Unconscious {
			r.coup = true
		}
		if !r.idle && !r.coup {
			c.buildSV(r)
		}
	}
	v := rules.PlayerView(seat)
	var out []RollOdds
	for _, r := range rs {
		if r.idle || r.coup || r.smoke > 0 || r.trooper < 0 || c.Troopers[r.trooper].Seat != seat {
			continue
		}
		if !isAttack(r.skill.Name) {
			// A Dodge or a Reset against an attack (Dodge (N4), Reset
			// (N4)): the odds of the attack it meets, with it as the roll
			// against, so that the defender reads both sides' chances.
			if len(r.opps) == 0 {
				continue
			}
			o := r.opps[0]
			if o.idle || o.coup || o.smoke > 0 || !isAttack(o.skill.Name) || o.trooper < 0 || len(o.opps) == 0 || o.opps[0] != r {
				continue
			}
			ro, err := c.rollOdds(o, rs)
			if err != nil {
				return nil, err
			}
			out = append(out, ro)
			continue
		}
		if r.target >= 0 && !v.Sees(c.Troopers[r.target].Seat) && c.Troopers[r.target].concealed() {
			continue
		}
		ro, err := c.rollOdds(r, rs)
		if err != nil {
			return nil, err
		}
		out = append(out, ro)
	}
	// Every other declared attack on one of seat's troopers that none of
	// the blocks above meets (a second ARO shooting the active trooper
	// while it shoots another; Order Expenditure Sequence (N4)): its own
	// odds, so that seat reads the chance its trooper falls to each.
	for _, o := range rs {
		if o.idle || o.coup || !isAttack(o.skill.Name) || o.trooper < 0 || c.Troopers[o.trooper].Seat == seat ||
			o.target < 0 || c.Troopers[o.target].Seat != seat || met(o, rs, seat, c) {
			continue
		}
		ro, err := c.rollOdds(o, rs)
		if err != nil {
			return nil, err
		}
		out = append(out, ro)
	}
	return c.previewNames(out, v)
}

// previewNames is the odds with the troopers v may not see named as v
// knows them: a marker by its label, any other by its public label
// (labels.go), and v's own by their ids.
func (s *State) previewNames(out []RollOdds, v rules.Viewer) ([]RollOdds, error) {
	if len(out) == 0 {
		return out, nil
	}
	names, _ := s.publicNames(v, nil)
	data, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	renamed, _ := renameJSON(data, names, nil)
	if renamed == nil {
		renamed = data
	}
	// A roll against names v's own trooper by its public label.
	if own := s.ownNames(renamed, v); own != nil {
		renamed = own
	} else if len(renamed) == len(data) && string(renamed) == string(data) {
		return out, nil
	}
	var named []RollOdds
	if err := json.Unmarshal(renamed, &named); err != nil {
		return nil, err
	}
	return named, nil
}

// met reports whether an enemy roller o is already in a block of seat's:
// the roll one of seat's attacks, Dodges or Resets meets Face to Face.
func met(o *roller, rs []*roller, seat rules.Seat, c *State) bool {
	for _, r := range rs {
		if r.idle || r.coup || r.trooper < 0 || c.Troopers[r.trooper].Seat != seat || len(r.opps) == 0 {
			continue
		}
		if r.opps[0] == o || (len(o.opps) > 0 && o.opps[0] == r) {
			return true
		}
	}
	return false
}

// rollOdds computes one attack's odds against what it meets: the roll
// that opposes it Face to Face, or an attack on its trooper made at the
// same time as a Normal Roll.
func (s *State) rollOdds(r *roller, rs []*roller) (RollOdds, error) {
	if r.skill.Name == SkillHack {
		return s.hackRollOdds(r)
	}
	a := s.oddsSide(r)
	ro := RollOdds{
		Trooper: s.Troopers[r.trooper].ID, Skill: r.skill.Name, Weapon: r.arms().Name, Ammo: r.ammo,
		Target: s.publicName(r.target), Roll: "normal", Burst: a.Roll.Burst, Template: r.template,
	}
	if !r.template {
		sv := r.sv
		ro.SV = &sv
	}
	var opp *roller
	if len(r.opps) > 0 {
		opp, ro.Roll = r.opps[0], "face-to-face"
	} else {
		for _, o := range rs {
			if o != r && !o.idle && !o.coup && isAttack(o.skill.Name) && o.target == r.trooper {
				opp, ro.Roll = o, "simultaneous"
				break
			}
		}
	}
	var res odds.Result
	var err error
	switch {
	case opp == nil:
		res, err = odds.Normal(a, odds.Options{})
	case ro.Roll == "face-to-face":
		res, err = odds.FaceToFace(a, s.oddsSide(opp), odds.Options{})
	default:
		res, err = odds.Simultaneous(a, s.oddsSide(opp), odds.Options{})
	}
	if err != nil {
		return RollOdds{}, rules.Errorf(rules.CodeIllegal, "Face to Face Rolls (N4)", "the odds of %s's %s: %v", ro.Trooper, r.skill.Name, err)
	}
	ro.Win, ro.Crit = res.A.Hits.Scores(), res.A.Hits.Crits()
	ro.Inflicts, ro.Tail = rows(res.A.Inflicts), res.A.Inflicts.Tail
	ro.Falls = s.falls(r, res.A.Inflicts)
	ro.Nothing = res.Nothing
	if opp != nil {
		o := &Opposed{Trooper: s.publicName(opp.trooper), Skill: opp.skill.Name, Burst: s.oddsSide(opp).Roll.Burst, Win: res.B.Hits.Scores()}
		if !opp.template {
			sv := opp.sv
			o.SV = &sv
		}
		if isAttack(opp.skill.Name) && opp.smoke == 0 {
			o.Falls = s.falls(opp, res.B.Inflicts)
		}
		ro.Against = o
	}
	return ro, nil
}

// oddsSide is a roller as the odds calculator takes it: the dice it
// throws (judged against its own Success Value, as compare does) and,
// for an attack, the Saving Rolls each hit forces on its target, as
// applyHits rolls them.
func (s *State) oddsSide(r *roller) odds.Side {
	side := odds.Side{Roll: dice.Side{SV: r.sv.Value, Burst: max(r.roll.Side.Burst, 1), Template: r.roll.Side.Template}}
	side.Effect.Crits = odds.CritRule(s.Rulings.Get("criticals"))
	if !isAttack(r.skill.Name) || r.smoke > 0 || r.arms().Traits.Targets {
		// A Dodge or Reset, or a hit that only marks its target Targeted:
		// each surviving success is the result.
		return side
	}
	ammo, err := dice.LookupAmmo(r.ammo)
	if err != nil {
		return side
	}
	immune := ammo.Name != "N" && s.immuneTo(r.target, ammo.Name)
	ammo = s.savingAmmo(r.target, ammo)
	tp := s.profile(r.target)
	dam := r.arms().Damage
	if r.trooper >= 0 {
		dam = r.arms().DamageFor(*s.profile(r.trooper)) + s.martialDamage(r)
	}
	for _, attr := range ammo.SaveAttributes(r.arms().Save) {
		side.Effect.Saves = append(side.Effect.Saves, odds.SaveRoll{
			Damage: ammo.AttackDamage(dam, saveStat(tp, attr), r.cover && r.arms().Traits.Template == ""),
			Tag:    ammo.Effect,
		})
	}
	side.Effect.Continuous = r.arms().Traits.Continuous && !immune
	return side
}

// falls is the chance that r's target falls (Unconscious or Dead): at
// least its W/STR left in failed Saving Rolls, or one if it is already
// Unconscious. It is nil where a failed roll does not take exactly one
// W/STR (non-lethal ammunition, T2, a Targeted hit).
func (s *State) falls(r *roller, d odds.Dist) *float64 {
	ammo, err := dice.LookupAmmo(r.ammo)
	if err == nil {
		ammo = s.savingAmmo(r.target, ammo) // Immunity (N4)
	}
	if err != nil || r.arms().Traits.Targets || r.arms().Traits.NonLethal || ammo.NonLethal || ammo.WoundsPerFail != 1 {
		return nil
	}
	p := d.AtLeast(max(s.Troopers[r.target].Wounds, 1))
	return &p
}

// rows is a distribution's chance of each count, whatever its tags.
func rows(d odds.Dist) []float64 {
	out := make([]float64, len(d.P))
	for i := range d.P {
		out[i] = d.Exactly(i)
	}
	return slices.Clip(out)
}

// previewInteract is the odds of a console's interaction (Specialist
// Troops, docs/MISSIONS.md): its Normal WIP Roll at Resolution, with the
// trooper's state MODs, after the check the action would meet.
func (s *State) previewInteract(seat rules.Seat, a Interact) ([]RollOdds, error) {
	script, _ := dice.NewScript()
	if _, err := s.clone().Apply(seat, a, script); err != nil {
		return nil, err
	}
	t := s.trooperIndex(a.Trooper)
	sv := dice.SuccessValueOf("WIP", s.profile(t).WIP, slices.Clone(s.stateMods(t)))
	ta, _, _, err := odds.Hits(dice.Side{SV: sv.Value, Burst: 1}, nil)
	if err != nil {
		return nil, err
	}
	return []RollOdds{{Trooper: a.Trooper, Skill: SkillInteract, Target: a.Objective, Roll: "normal", SV: &sv, Burst: 1,
		Win: ta.Scores(), Crit: ta.Crits(), Inflicts: []float64{}, Nothing: 1 - ta.Scores()}}, nil
}
