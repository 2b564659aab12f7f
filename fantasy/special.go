package fantasy

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// SpecialRule names a special rule a profile carries. The engine plays
// every rule it lists in specialRules; a profile naming another is
// refused when its catalog loads.
type SpecialRule string

// The special rules the engine plays (docs/RULES.md, the fantasy ruleset).
const (
	// Psychology (8th edition).
	RuleFear        SpecialRule = "fear"
	RuleTerror      SpecialRule = "terror"
	RuleFrenzy      SpecialRule = "frenzy"
	RuleHatred      SpecialRule = "hatred"
	RuleStubborn    SpecialRule = "stubborn"
	RuleUnbreakable SpecialRule = "unbreakable"
	RuleImmune      SpecialRule = "immune-to-psychology"
)

// specialRules lists every rule the engine plays, in the order the docs
// list them.
var specialRules = [...]SpecialRule{RuleFear, RuleTerror, RuleFrenzy, RuleHatred, RuleStubborn, RuleUnbreakable, RuleImmune,
	RuleParry, RuleAHW, RuleGreatWeapon, RuleHalberd, RuleSpear, RuleLance, RuleFlail,
	RuleASF, RuleASL, RuleKillingBlow, RuleMultipleD3, RuleMultipleD6, RulePoisoned, RuleRegeneration, RuleAP, RuleStomp, RuleThunderstomp, RuleFastCavalry, RuleSkirmishers,
	RuleScouts, RuleVanguard}

// maxRules bounds the special rules of one profile.
const maxRules = 24

// checkRules refuses a rule the engine does not play, naming it.
func checkRules(name string, rs []SpecialRule) error {
	if len(rs) > maxRules {
		return fmt.Errorf("profile %q: %d special rules, at most %d", name, len(rs), maxRules)
	}
	for i, r := range rs {
		if !slices.Contains(specialRules[:], r) {
			known := make([]string, len(specialRules))
			for j, k := range specialRules {
				known[j] = string(k)
			}
			return fmt.Errorf("profile %q: special rule %q is not played by the engine (it plays %s)", name, r, strings.Join(known, ", "))
		}
		if slices.Contains(rs[:i], r) {
			return fmt.Errorf("profile %q: special rule %q is listed twice", name, r)
		}
	}
	return nil
}

// has reports whether the profile carries rule r.
func (p *Profile) has(r SpecialRule) bool { return slices.Contains(p.Rules, r) }

// anyHas reports whether a model of u carries rule r: a unit causes Fear
// or Terror, and is Stubborn, when one of its models is (8th edition).
func (s *State) anyHas(u *Unit, r SpecialRule) bool {
	pc := s.profileCache()
	for i := range u.Models {
		if pc.of(&u.Models[i]).has(r) {
			return true
		}
	}
	return false
}

// allHave reports whether every model of u carries rule r (a unit with
// some models without it does not have it): Unbreakable, Immune to
// Psychology.
func (s *State) allHave(u *Unit, r SpecialRule) bool {
	if len(u.Models) == 0 {
		return false
	}
	pc := s.profileCache()
	for i := range u.Models {
		if !pc.of(&u.Models[i]).has(r) {
			return false
		}
	}
	return true
}

// frenzied reports whether every model of u is frenzied and the unit has
// not lost its Frenzy (Frenzy: lost when the unit loses a combat).
func (s *State) frenzied(u *Unit) bool { return !u.Calmed && s.allHave(u, RuleFrenzy) }

// unbreakable reports whether u never breaks (Unbreakable).
func (s *State) unbreakable(u *Unit) bool { return s.allHave(u, RuleUnbreakable) }

// immune reports whether u takes no Panic, Fear or Terror tests and may
// not flee as a charge reaction (Immune to Psychology; Unbreakable and
// Frenzy make a unit immune too).
func (s *State) immune(u *Unit) bool {
	return s.allHave(u, RuleImmune) || s.unbreakable(u) || s.frenzied(u)
}

// causesFear reports whether u causes Fear (a unit that causes Terror
// causes Fear as well).
func (s *State) causesFear(u *Unit) bool { return s.anyHas(u, RuleFear) || s.anyHas(u, RuleTerror) }

// checkLeaders refuses a side with more than one General or Battle
// Standard Bearer, or one model that is both (8th edition: the General
// may not carry the battle standard).
func (s *State) checkLeaders() error {
	for _, seat := range s.Seats {
		generals, bsbs := 0, 0
		for _, u := range s.Units {
			if u.Seat != seat {
				continue
			}
			for i := range u.Models {
				m := &u.Models[i]
				if (m.General || m.BattleStandard) && m.Role != Character {
					return fmt.Errorf("%s: only a character is a General or a Battle Standard Bearer", m.ID)
				}
				if m.General && m.BattleStandard {
					return fmt.Errorf("%s: the General may not carry the battle standard", m.ID)
				}
				if m.General {
					generals++
				}
				if m.BattleStandard {
					bsbs++
				}
			}
		}
		if generals > 1 || bsbs > 1 {
			return fmt.Errorf("%s has %d Generals and %d Battle Standard Bearers, at most one of each", seat, generals, bsbs)
		}
	}
	return nil
}

// Rules cited for Leadership.
const (
	ruleInspiring  = "Inspiring Presence"
	ruleHoldGround = "Hold Your Ground!"
)

// leaderNear is the model of u's side marked by is (the General, the
// Battle Standard Bearer) within 12" of u and not fleeing, and his unit;
// nil when there is none.
func (s *State) leaderNear(u *Unit, is func(*Model) bool) (*Model, *Unit) {
	for _, x := range s.Units {
		if x.Seat != u.Seat || x.Flags.Fleeing {
			continue
		}
		for i := range x.Models {
			if m := &x.Models[i]; is(m) {
				if x == u || unitDist(u, x) <= 12+1e-9 {
					return m, x
				}
				return nil, nil
			}
		}
	}
	return nil, nil
}

func isGeneral(m *Model) bool { return m.General }
func isBSB(m *Model) bool     { return m.BattleStandard }

// ldTest is a Leadership test of u: 2D6 against need, a double 1
// passing when double1 is set (break tests); under Hold Your Ground! a
// unit within 12" of its Battle Standard Bearer re-rolls a failed test
// once. It returns whether it passed, the dice (four when re-rolled),
// the total that counted, and a note for the log.
func (s *State) ldTest(u *Unit, need int, double1 bool, r roller) (bool, []int, int, string, error) {
	d, err := r.d6s(2)
	if err != nil {
		return false, nil, 0, "", err
	}
	pass := d[0]+d[1] <= need || (double1 && d[0] == 1 && d[1] == 1)
	if pass {
		return true, d, d[0] + d[1], "", nil
	}
	bsb, _ := s.leaderNear(u, isBSB)
	if bsb == nil {
		return false, d, d[0] + d[1], "", nil
	}
	e, err := r.d6s(2)
	if err != nil {
		return false, nil, 0, "", err
	}
	pass = e[0]+e[1] <= need || (double1 && e[0] == 1 && e[1] == 1)
	note := newLine().s(" (").n(d[0]+d[1]).s(" re-rolled near ", bsb.ID, ", ", ruleHoldGround, ")").String()
	return pass, append(d, e...), e[0] + e[1], note, nil
}

// Rules cited for psychology.
const (
	ruleFrenzy      = "Frenzy"
	ruleUnbreakable = "Unbreakable"
	ruleStubborn    = "Stubborn"
	ruleImmune      = "Immune to Psychology"
	ruleFear        = "Fear"
	ruleTerror      = "Terror"
	ruleHatred      = "Hatred"
	rulePanic       = "Panic"
)

// fearTests has each unit of a combat about to fight a round take a Fear
// test when an enemy unit it fights causes Fear and it does not (nor is
// it Immune to Psychology): failed, it fights the round with WS 1 (Fear,
// 8th edition).
func (s *State) fearTests(units []*Unit, r roller) error {
	for _, u := range units {
		if s.causesFear(u) || s.immune(u) || len(u.Models) == 0 {
			continue
		}
		var from *Unit
		for _, e := range units {
			if e.Seat != u.Seat && slices.Contains(u.Engage, e.ID) && s.causesFear(e) {
				from = e
				break
			}
		}
		if from == nil {
			continue
		}
		ld, ldNote := s.ld(u)
		pass, d, sum, note, err := s.ldTest(u, ld, false, r)
		if err != nil {
			return err
		}
		u.Flags.Afraid = !pass
		what := "it fights as usual"
		if !pass {
			what = "it fights with WS 1 this round"
		}
		s.emit(Event{What: "fear-test", Unit: u.ID, Dice: d, Text: newLine().s(u.ID, " tests against the Fear of ", from.ID, ": ").n(sum).s(" against Ld ").n(ld).s(ldNote, note, ", ", passFail(pass), ": ", what, " (", ruleFear, ")").String()})
	}
	return nil
}

// traits are the special rules of a striker that change his blows, as
// bits: blows with the same traits are rolled together.
type traits uint16

const (
	traitFrenzy traits = 1 << iota // +1 Attack
	traitHatred                    // re-roll misses in the first round
)

// traitsOf is the traits of a model of profile p striking from u.
func (s *State) traitsOf(u *Unit, p *Profile) traits {
	if len(p.Rules) == 0 {
		if u.Flags.ChargedFrom == "flank" || u.Flags.ChargedFrom == "rear" {
			return traitFlank
		}
		return 0
	}
	var t traits
	if p.has(RuleFrenzy) && !u.Calmed {
		t |= traitFrenzy
	}
	if p.has(RuleHatred) && u.Rounds == 0 {
		t |= traitHatred
	}
	if p.has(RulePoisoned) {
		t |= traitPoison
	}
	if p.has(RuleKillingBlow) {
		t |= traitKB
	}
	if p.has(RuleAP) {
		t |= traitAP
	}
	if p.has(RuleMultipleD6) {
		t |= traitMW6
	} else if p.has(RuleMultipleD3) {
		t |= traitMW3
	}
	if u.Flags.ChargedFrom == "flank" || u.Flags.ChargedFrom == "rear" {
		t |= traitFlank
	}
	if strikeStep(p) >= 2*stepBand {
		t |= traitASF
	}
	if p.has(RuleThunderstomp) {
		t |= traitThunder
	} else if p.has(RuleStomp) {
		t |= traitStomp
	}
	return t
}

// frenzyCharges refuses to close the charge declarations while a
// frenzied unit of the player whose turn it is could declare a charge
// and has not (Frenzy: it must charge if it can).
func (s *State) frenzyCharges() *rules.RuleError {
	for _, u := range s.Units {
		if u.Seat != s.activeSeat() || !s.frenzied(u) || u.Flags.Charged || u.Flags.NoCharge || u.Flags.Fleeing || u.engaged() {
			continue
		}
		for _, t := range s.Units {
			if t.Seat == u.Seat {
				continue
			}
			if _, _, err := s.checkCharge(DeclareCharge{Unit: u.ID, Target: t.ID}); err == nil {
				return rules.Errorf(CodeCharge, ruleFrenzy, "%s is frenzied and must declare a charge: it can charge %s", u.ID, t.ID)
			}
		}
	}
	return nil
}

// panicCause is what makes friends test for Panic: a unit of seat
// destroyed or breaking from combat (friends within 6" of it test), or a
// unit's heavy shooting casualties (only that unit tests, fleeing from the
// shooter).
type panicCause struct {
	seat rules.Seat
	src  Unit   // the unit destroyed or breaking, or the shooter, as it stood
	why  string // friends destroyed, friends break, heavy casualties
	only string // the unit that tests, for heavy casualties
}

// shelled notes, before a shooting attack by u, how many models each
// other unit has, once a phase (Panic: heavy casualties).
func (s *State) shelled(u *Unit) {
	for _, x := range s.Units {
		if x != u && x.Flags.Shelled == 0 {
			x.Flags.Shelled = len(x.Models)
		}
	}
}

// newPanicPhase starts a phase: each unit may take a Panic test again,
// and counts its shooting casualties afresh.
func (s *State) newPanicPhase() {
	for _, u := range s.Units {
		u.Flags.Panicked, u.Flags.Shelled = false, 0
	}
}

// panicTests takes the Panic tests the action gave cause for (Panic, 8th
// edition): each unit not fleeing, not in close combat, not Immune to
// Psychology and not tested this phase tests its Leadership when a
// friendly unit within 6" is destroyed or breaks from combat, or when it
// has lost a quarter or more of its models to shooting this phase;
// failed, it flees directly away from the cause. A unit that flees off
// the table is destroyed and may panic others in turn.
func (s *State) panicTests(r roller) error {
	if s.Phase != PhaseAllocate {
		for _, u := range s.Units {
			if n := u.Flags.Shelled; n > 0 && 4*(n-len(u.Models)) >= n && !u.Flags.Panicked {
				var shooter Unit
				for _, x := range s.Units {
					if x.Seat != u.Seat && x.Flags.Shot {
						shooter = *x
						break
					}
				}
				if shooter.ID == "" && s.Magic != nil {
					// Spells in the Magic phase: the nearest enemy wizard.
					if w := s.nearestWizard(u); w != nil {
						shooter = *w
					}
				}
				if shooter.ID == "" {
					shooter = Unit{ID: "the enemy", At: u.At.Add(u.forward()), Ranks: [][]string{{""}}, Files: 1, Base: u.Base, Facing: u.Facing + 180}
				}
				s.panics = append(s.panics, panicCause{seat: u.Seat, src: shooter, why: "heavy casualties", only: u.ID})
			}
		}
	}
	for len(s.panics) > 0 && s.Phase != PhaseOver {
		c := s.panics[0]
		s.panics = s.panics[1:]
		for _, u := range slices.Clone(s.Units) {
			if s.unit(u.ID) != u || u.Seat != c.seat || u.Flags.Fleeing || u.Flags.Panicked || u.engaged() || s.immune(u) {
				continue
			}
			if c.only != "" {
				if u.ID != c.only {
					continue
				}
			} else if u.ID == c.src.ID || unitDist(u, &c.src) > 6+1e-9 {
				continue
			}
			u.Flags.Panicked = true
			ld, ldNote := s.ld(u)
			pass, d, sum, note, err := s.ldTest(u, ld, false, r)
			if err != nil {
				return err
			}
			s.emit(Event{What: "panic-test", Unit: u.ID, Dice: d, Text: newLine().s(u.ID, " tests for Panic (", c.why, ", ", c.src.ID, "): ").n(sum).s(" against Ld ").n(ld).s(ldNote, note, ", ", passFail(pass), " (", rulePanic, ")").String()})
			if !pass {
				if err := s.flee(u, c.src.centre(), r, "panics and flees"); err != nil {
					return err
				}
			}
		}
	}
	s.panics = nil
	return nil
}

// Wargear and combat special rules (8th edition), as profile rules.
const (
	RuleParry        SpecialRule = "hand-weapon-and-shield"
	RuleAHW          SpecialRule = "additional-hand-weapon"
	RuleGreatWeapon  SpecialRule = "great-weapon"
	RuleHalberd      SpecialRule = "halberd"
	RuleSpear        SpecialRule = "spear"
	RuleLance        SpecialRule = "lance"
	RuleFlail        SpecialRule = "flail"
	RuleASF          SpecialRule = "always-strikes-first"
	RuleASL          SpecialRule = "always-strikes-last"
	RuleKillingBlow  SpecialRule = "killing-blow"
	RuleMultipleD3   SpecialRule = "multiple-wounds-d3"
	RuleMultipleD6   SpecialRule = "multiple-wounds-d6"
	RulePoisoned     SpecialRule = "poisoned-attacks"
	RuleRegeneration SpecialRule = "regeneration"
	RuleAP           SpecialRule = "armour-piercing"
	RuleStomp        SpecialRule = "stomp"
	RuleThunderstomp SpecialRule = "thunderstomp"
	RuleFastCavalry  SpecialRule = "fast-cavalry"
	RuleSkirmishers  SpecialRule = "skirmishers"
)

// ruleFastCavalry names Fast Cavalry.
const ruleFastCavalry = "Fast Cavalry"

// The traits of a blow that change its wound and save rolls.
const (
	traitPoison   traits = 1 << (iota + 2) // Poisoned Attacks
	traitKB                                // Killing Blow
	traitAP                                // Armour Piercing
	traitMW3                               // Multiple Wounds (D3)
	traitMW6                               // Multiple Wounds (D6)
	traitFlank                             // struck from the flank or rear: no parry
	traitStomp                             // one automatic hit after every blow
	traitThunder                           // D6 automatic hits after every blow
	traitASF                               // Always Strikes First: misses re-rolled against a lower Initiative
	traitNoArmour                          // no armour save allowed (a miscast)
)

// woundTraits are the traits the wound and save rolls read.
const woundTraits = traitPoison | traitKB | traitAP | traitMW3 | traitMW6 | traitFlank | traitNoArmour

// strikeMods are what the wound and save rolls of a batch of hits take
// from the attackers: their traits, how many hits were natural 6s, and
// whether they are close combat blows.
type strikeMods struct {
	traits traits
	sixes  int
	melee  bool
}

// strikeSteps are the steps of a round: Always Strikes Last, then the
// usual Initiative order, then Always Strikes First, each a band of
// Initiatives 0 to 10.
const (
	stepBand    = 11
	strikeSteps = 3 * stepBand
)

// strikeStep is the step a model of profile p strikes at: its Initiative
// in its band (Always Strikes First and Last cancel out; a great weapon
// strikes last).
func strikeStep(p *Profile) int {
	i := min(max(p.I, 0), 10)
	if len(p.Rules) == 0 {
		return i + stepBand
	}
	first, last := p.has(RuleASF), p.has(RuleASL) || p.has(RuleGreatWeapon)
	switch {
	case first && !last:
		return i + 2*stepBand
	case last && !first:
		return i
	}
	return i + stepBand
}

// bandText names a step's band for the log.
func bandText(step int) string {
	switch step / stepBand {
	case 2:
		return " (Always Strikes First)"
	case 0:
		return " (Always Strikes Last)"
	}
	return ""
}

// strength is a striker's Strength in close combat with his weapon: a
// great weapon +2, a halberd +1, a flail +2 in the first round, a lance
// +2 and a mounted spear +1 in the turn the unit charged.
func strength(u *Unit, p *Profile) int {
	st := p.S
	if len(p.Rules) == 0 {
		return st
	}
	mounted := p.Type == Cavalry || p.Type == MonstrousCavalry
	switch {
	case p.has(RuleGreatWeapon), p.has(RuleFlail) && u.Rounds == 0, p.has(RuleLance) && mounted && chargedThisTurn(u):
		st += 2
	case p.has(RuleHalberd), p.has(RuleSpear) && mounted && chargedThisTurn(u):
		st++
	}
	return min(st, 10)
}

// naturalSixes counts the natural 6s among to-hit dice that hit (a roll
// needing more than 6 rolls a second die after each 6: only the first
// counts).
func naturalSixes(d []int, need int) int {
	if need > 6 {
		return 0
	}
	n := 0
	for _, f := range d {
		if f == 6 {
			n++
		}
	}
	return n
}

// ruleStomp names Stomp and Thunderstomp.
const ruleStomp = "Stomp, Thunderstomp"

// stomps resolves, after every other blow of a round, each Stomp (one
// hit) and Thunderstomp (D6 hits) of a model in base contact with enemy
// infantry, war beasts or a swarm: automatic hits at the model's
// Strength on that unit's rank-and-file (8th edition). caused gains the
// unsaved wounds, by seat.
func (s *State) stomps(all []blow, caused []int, r roller) error {
	for i := range all {
		b := &all[i]
		if b.r != 0 || b.traits&(traitStomp|traitThunder) == 0 || s.unit(b.unit.ID) == nil || b.unit.model(b.id) == nil {
			continue
		}
		t := b.target
		if s.unit(t.ID) == nil || t.nonCharacters() == 0 {
			continue
		}
		if tp := s.rf(t).Type; tp != Infantry && tp != WarBeast && tp != Swarm {
			continue
		}
		n, d := 1, []int(nil)
		if b.traits&traitThunder != 0 {
			f, err := r.d6()
			if err != nil {
				return err
			}
			n, d = f, []int{f}
		}
		s.emit(Event{What: "fought", Unit: b.unit.ID, Model: b.id, Dice: d, Value: float64(n), Text: newLine().s(b.id, " stomps on ", t.ID, ": ").n(n).s(" automatic hits (", ruleStomp, ")").String()})
		w, err := s.applyWoundsWith(t, nil, n, b.str, strikeMods{melee: true}, r)
		if err != nil {
			return err
		}
		for k, seat := range s.Seats {
			if seat != t.Seat {
				caused[k] += w
			}
		}
	}
	return nil
}

// armour is a profile's armour save: its equipment's Save, improved by
// Scaly Skin as armour adds up (Scaly Skin 5+ and light armour, 6+, make
// 4+), never better than 1+.
func armour(p Profile) int {
	switch {
	case p.ScalySkin == 0:
		return p.Save
	case p.Save == 0 || p.Save >= 7:
		return p.ScalySkin
	}
	return max(1, p.ScalySkin-(7-p.Save))
}

// skirmishers reports whether every model of u is a skirmisher
// (Skirmishers, 8th edition, as the engine plays them: all-round sight
// for shooting and charging, −1 to be shot at, no ranks, a free reform).
func (s *State) skirmishers(u *Unit) bool { return s.allHave(u, RuleSkirmishers) }

// turnToward turns a unit about its centre to face point p.
func turnToward(u *Unit, p geom.Point) {
	c := u.centre()
	dir := p.Sub(c).Unit()
	if dir == (geom.Vec{}) {
		return
	}
	u.Facing = math.Atan2(dir.Y, dir.X) * 180 / math.Pi
	u.At = c.Add(u.forward().Scale(float64(len(u.Ranks)) * u.Base[1] / 2))
}

// rulePierce names the bolt thrower's rule.
const rulePierce = "Bolt throwers: ranks pierced"

// pierce resolves a piercing bolt's hit on t (Bolt throwers, 8th
// edition): it strikes the rank-and-file of the front rank at S; while it
// slays a model and ranks remain behind, it strikes the next rank at 1
// less Strength.
func (s *State) pierce(t *Unit, str int, r roller) error {
	ranks := len(t.Ranks)
	for rank := 0; rank < ranks && str > 0; rank++ {
		if s.unit(t.ID) != t || t.nonCharacters() == 0 {
			return nil
		}
		before := len(t.Models)
		s.emit(Event{What: "hits", Unit: t.ID, Value: 1, Text: newLine().s("the bolt strikes rank ").n(rank+1).s(" of ", t.ID, " at S").n(str).s(" (", rulePierce, ")").String()})
		if _, err := s.applyWounds(t, nil, 1, str, r); err != nil {
			return err
		}
		if len(t.Models) == before {
			break // it slew nobody: the bolt stops
		}
		str--
	}
	if s.unit(t.ID) == t {
		if len(t.Models) == 0 {
			s.destroy(t, "is wiped out")
			return nil
		}
		s.fillGaps(t, true)
	}
	return nil
}
