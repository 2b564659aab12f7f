package oddsterms

import (
	"fmt"
	"strings"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/odds"
)

// BuildOptions are the choices that are not part of either side's words.
type BuildOptions struct {
	// Criticals is the `criticals` ruling (docs/RULES.md (rulings)); empty means the
	// default, odds.CritExtraSave.
	Criticals odds.CritRule
	// ARM and BTS are the --arm/--bts shorthands; nil when not given. A
	// side whose words already give the stat must not get it again here.
	ARM, BTS *Pair
}

// Matchup is a roll ready for the odds calculator: both sides as odds.Side
// values, with every number explained.
type Matchup struct {
	// FaceToFace is set when both sides roll and oppose each other (Face
	// to Face Rolls (N4)). Simultaneous is set instead when one side is a
	// Direct Template and the other an attack: nothing opposes a template
	// but a Dodge (or another roll without damage), so each side makes its
	// own Normal Roll and the template hits automatically (Direct Template
	// Weapons (N4)). Otherwise the active side makes a Normal Roll (Normal
	// Roll (N4)) and Reactive is only its target.
	FaceToFace bool `json:"faceToFace"`
	// Hacking is set for a hacking roll: the active side declares a
	// program (Hacking (N3)); each Plan has its Hack.
	Hacking      bool          `json:"hacking,omitempty"`
	Simultaneous bool          `json:"simultaneous,omitempty"`
	Criticals    odds.CritRule `json:"criticals"`
	Active       Plan          `json:"active"`
	Reactive     Plan          `json:"reactive"`
}

// Plan is one side after Build: its words, the SV they make (with the
// opponent's cover), and what its hits force on the opponent.
type Plan struct {
	Spec SideSpec `json:"spec"`
	// SV is the explained Success Value; nil for a template or a target.
	SV *dice.SuccessValue `json:"sv,omitempty"`
	// SVText is SV explained in words: "BS 13 +3 MOD = 16".
	SVText string `json:"svText,omitempty"`
	// Side is what odds computes with.
	Side odds.Side `json:"odds"`
	// Ammo is the ammunition of a side with a weapon's damage.
	Ammo *dice.Ammo `json:"ammo,omitempty"`
	// Saves explains each of Side.Effect.Saves, in the same order.
	Saves []Save `json:"saves,omitempty"`
	// Notes are the rules facts a player needs to read the odds.
	Notes []string `json:"notes,omitempty"`
	// Hack is set on each rolling side of a hacking roll.
	Hack *HackPlan `json:"hack,omitempty"`
}

// Save explains one Saving Roll a hit forces (Saving Rolls (N4)): Attack Damage =
// DAM − the target's save attribute (changed by the ammunition) − 3 for
// Partial Cover.
type Save struct {
	Attribute string `json:"attribute"` // ARM, BTS or PH
	Stat      int    `json:"stat"`      // the target's value
	Effective int    `json:"effective"` // after halving (AP, E/M) or PH−6 (PARA)
	Cover     bool   `json:"cover,omitempty"`
	DAM       int    `json:"dam"`
	Damage    int    `json:"attackDamage"`
	Tag       string `json:"tag,omitempty"`
	// Text is the explanation String gives, for readers of the JSON.
	Text string `json:"text"`
}

// String explains the roll: "DAM 13 - ARM 3 (5 halved) - 3 Partial Cover = 7".
func (s Save) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "DAM %d - %s %d", s.DAM, s.Attribute, s.Effective)
	switch {
	case s.Effective == s.Stat:
	case s.Attribute == AttrPH:
		fmt.Fprintf(&b, " (%d %+d)", s.Stat, s.Effective-s.Stat)
	default:
		fmt.Fprintf(&b, " (%d halved)", s.Stat)
	}
	if s.Cover {
		fmt.Fprintf(&b, " - %d Partial Cover", -dice.CoverDamageMod)
	}
	fmt.Fprintf(&b, " = %d", s.Damage)
	return b.String()
}

// Build turns the two sides' words into a Matchup. reactive is nil when
// nothing opposes the active side; a reactive side that does not roll is
// only the target of the active side's Normal Roll. Cover works across the
// sides: a side in Partial Cover gives −3 to the other side's BS roll and
// −3 Attack Damage to its own Saving Rolls against a BS, PH or WIP attack
// that is not a template (Saving Rolls (N4); Close Combat has no cover).
func Build(active SideSpec, reactive *SideSpec, opts BuildOptions) (Matchup, error) {
	// Package odds owns the readings of the ruling and its default; asking it
	// here, before anything is built, refuses an unknown reading as an *Error
	// that lists the known ones, where odds itself would only say it is
	// unknown.
	crits, ok := opts.Criticals.Resolve()
	if !ok {
		return Matchup{}, sideErrorf("unknown criticals ruling %q (known: %s)", opts.Criticals, knownCritRules())
	}
	a := active
	var r SideSpec
	if reactive != nil {
		r = *reactive
	}
	for _, sh := range []struct {
		stat string
		pair *Pair
	}{{SaveARM, opts.ARM}, {SaveBTS, opts.BTS}} {
		if sh.pair == nil {
			continue
		}
		if err := setStat(&a, "active", sh.stat, sh.pair.Active); err != nil {
			return Matchup{}, err
		}
		if err := setStat(&r, "reactive", sh.stat, sh.pair.Reactive); err != nil {
			return Matchup{}, err
		}
	}
	if a.hacking() || r.hacking() {
		return buildHack(a, r, crits)
	}
	for _, s := range []struct {
		name string
		spec SideSpec
	}{{"active", a}, {"reactive", r}} {
		if s.spec.Firewall || s.spec.Targeted {
			return Matchup{}, sideErrorf("the %s side's firewall or targeted changes only a hacking roll: give the active side a program (program carbonite)", s.name)
		}
	}
	if !a.Rolls() {
		return Matchup{}, sideErrorf("the active side does not roll: give it an attribute (e.g. BS 13) or template")
	}
	if a.Template && r.Template {
		return Matchup{}, sideErrorf("both sides are Direct Templates: templates do not roll, so there is no Face to Face Roll (Face to Face Rolls (N4))")
	}
	m := Matchup{FaceToFace: r.Rolls(), Criticals: crits}
	if m.FaceToFace && (a.Template && r.Damage != nil || r.Template && a.Damage != nil) {
		m.FaceToFace, m.Simultaneous = false, true
	}
	target := "target"
	if m.TwoSides() {
		target = "reactive side"
	}
	var err error
	if m.Active, err = plan(a, r, target, crits); err != nil {
		return Matchup{}, err
	}
	if m.TwoSides() {
		m.Reactive, err = plan(r, a, "active side", crits)
	} else {
		m.Reactive = Plan{Spec: r}
	}
	if err != nil {
		return Matchup{}, err
	}
	return m, nil
}

// knownCritRules names the readings of the `criticals` ruling for an error
// message: "n4-extra-save, n3-auto-wound".
func knownCritRules() string {
	rules := odds.CritRules()
	names := make([]string, len(rules))
	for i, r := range rules {
		names[i] = string(r)
	}
	return strings.Join(names, ", ")
}

// TwoSides reports a matchup in which both sides roll (or place a
// template), Face to Face or at once.
func (m Matchup) TwoSides() bool { return m.FaceToFace || m.Simultaneous }

// Odds computes the exact outcome of the matchup.
func (m Matchup) Odds(opt odds.Options) (odds.Result, error) {
	switch {
	case m.FaceToFace:
		return odds.FaceToFace(m.Active.Side, m.Reactive.Side, opt)
	case m.Simultaneous:
		return odds.Simultaneous(m.Active.Side, m.Reactive.Side, opt)
	}
	return odds.Normal(m.Active.Side, opt)
}

// plan builds side x's roll and effect against y; target names y in
// messages ("target", "reactive side", "active side").
func plan(x, y SideSpec, target string, crits odds.CritRule) (Plan, error) {
	p := Plan{Spec: x}
	p.Side.Roll = dice.Side{Burst: x.Burst, Template: x.Template, NoCrit: x.NoCrit, CritOnOne: x.CritOnOne}
	if !x.Template {
		mods := x.Mods
		if y.Cover && x.Attribute == AttrBS {
			mods = append(append([]dice.Mod(nil), mods...), dice.CoverMod())
		}
		sv := dice.NewSuccessValue(x.Attribute, x.Base, mods...)
		p.SV, p.SVText = &sv, sv.String()
		p.Side.Roll.SV = sv.Value
	}
	p.Side.Effect.Crits = crits
	if x.Damage == nil {
		return p, nil
	}
	ammo, err := dice.LookupAmmo(x.Ammo)
	if err != nil {
		return Plan{}, sideErrorf("%v", err)
	}
	p.Ammo = &ammo
	// Partial Cover lowers the Attack Damage of a ranged or Comms attack,
	// never a template's (Saving Rolls (N4)) nor a Close Combat attack's.
	cover := y.Cover && !x.Template && x.Attribute != AttrCC
	for _, attr := range ammo.SaveAttributes(x.Save) {
		stat, ok := y.stat(attr)
		if !ok {
			return Plan{}, sideErrorf("%s saves against the %s's PH: give it ph=N (or PH N if it rolls PH)", ammo.Name, target)
		}
		s := Save{
			Attribute: attr, Stat: stat, Effective: ammo.SaveAttribute(stat), Cover: cover,
			DAM: *x.Damage, Damage: ammo.AttackDamage(*x.Damage, stat, cover), Tag: ammo.Effect,
		}
		s.Text = s.String()
		p.Saves = append(p.Saves, s)
		p.Side.Effect.Saves = append(p.Side.Effect.Saves, odds.SaveRoll{Damage: s.Damage, Tag: s.Tag})
	}
	p.Side.Effect.Continuous = x.Continuous
	p.Notes = notes(x, y, ammo, crits, p.Saves)
	return p, nil
}
