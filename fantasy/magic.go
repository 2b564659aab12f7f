package fantasy

import (
	"fmt"
	"math"
	"slices"

	"github.com/ordo-rules/ordo/fantasy/casting"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// The Magic phase (8th edition), between the Movement and Shooting phases
// of a player turn whose player has a wizard on the table:
//
//   - Winds of Magic: 2D6; their total is the active player's power pool,
//     the higher die the other player's dispel pool.
//   - Channelling: each wizard on the table, not fleeing, rolls a D6; a 6
//     adds a die to his side's pool. No pool holds more than 12 dice.
//   - Casting: a wizard chooses a spell of the lore, its target and how
//     many power dice to roll (1 to 6; under fantasy-casting-dice: level,
//     at most his level + 1). The dice plus his level (none under level)
//     must reach the spell's casting value; two or more natural 1s fail
//     whatever the total. A wizard who fails may cast no more this phase;
//     each wizard attempts each spell once a phase.
//   - Irresistible force: two or more natural 6s cast the spell whatever
//     the total, and it cannot be dispelled; then the wizard rolls 2D6 on
//     the miscast table.
//   - Dispelling: the other player may roll dispel dice (1 to his pool),
//     adding the level of one of his wizards; equal to or above the casting
//     result dispels. Two or more natural 6s dispel whatever the total, two
//     or more natural 1s fail.
//   - Remains in play: the augment lasts until it is dispelled or its
//     caster is slain; the active player may try to dispel an enemy
//     spell in play with power dice, against its casting value.
//
// Everything is rolled inside the players' own actions, through the
// state's dice source: a replayed log rolls the same dice.

// Rules cited by the Magic phase.
const (
	ruleMagic        = "The Magic phase"
	ruleWinds        = "Winds of Magic"
	ruleChannel      = "Channelling"
	ruleCasting      = "Casting spells"
	ruleDispel       = "Dispelling spells"
	ruleIrresistible = "Irresistible force"
	ruleMiscast      = "Miscasts"
	ruleInPlay       = "Remains in play"
)

// The Magic phase's error code.
const CodeMagic rules.Code = "magic"

const (
	// maxPool is the most dice a power or dispel pool holds.
	maxPool = 12
	// maxCastDice is the most power dice one casting attempt rolls.
	maxCastDice = 6
	// maxLevel is the highest wizard level.
	maxLevel = 4
	// vortexRadius is the radius of the vortex's template (3").
	vortexRadius = 1.5
)

// SpellKind is what a spell does: the five kinds of the illustrative lore.
type SpellKind string

// The spell kinds.
const (
	MagicMissile SpellKind = "magic-missile" // hits, as shooting, at an enemy unit in sight
	Augment      SpellKind = "augment"       // on a friendly unit
	Hex          SpellKind = "hex"           // on an enemy unit
	DirectDamage SpellKind = "direct-damage" // hits every model of an enemy unit's front rank
	Vortex       SpellKind = "vortex"        // a template that travels from the wizard
)

// Spell is one spell of the lore.
type Spell struct {
	ID    string    `json:"id"`
	Name  string    `json:"name"`
	Kind  SpellKind `json:"kind"`
	CV    int       `json:"castingValue"`
	Range float64   `json:"range"` // inches from the wizard's base; a vortex's travel is rolled
	// RemainsInPlay: the spell lasts until dispelled or its caster is
	// slain. OneTurn: it lasts until the start of the
	// caster's next turn. Neither: its effect is at once.
	RemainsInPlay bool   `json:"remainsInPlay,omitempty"`
	OneTurn       bool   `json:"oneTurn,omitempty"`
	Text          string `json:"text"`
}

// Lore is the illustrative lore every wizard knows, of the project's own
// writing: the five kinds of spell players know, with casting values,
// ranges and targets.
var Lore = [...]Spell{
	{ID: "ember-dart", Name: "Ember Dart", Kind: MagicMissile, CV: 5, Range: 18,
		Text: "a magic missile: D6 Strength 4 hits on an enemy unit the wizard sees, not in close combat, allocated as shooting"},
	{ID: "bark-skin", Name: "Bark Skin", Kind: Augment, CV: 6, Range: 12, RemainsInPlay: true,
		Text: "an augment that remains in play (until dispelled or its caster is slain): a friendly unit's models have +1 Toughness (at most 10)"},
	{ID: "leaden-limbs", Name: "Leaden Limbs", Kind: Hex, CV: 7, Range: 18, OneTurn: true,
		Text: "a hex: an enemy unit's Movement is halved, rounding up, until the start of the caster's next turn"},
	{ID: "hailstorm", Name: "Hailstorm", Kind: DirectDamage, CV: 8, Range: 18,
		Text: "direct damage: every model of the front rank of an enemy unit the wizard sees, not in close combat, takes a Strength 4 hit"},
	{ID: "whirling-gale", Name: "Whirling Gale", Kind: Vortex, CV: 10,
		Text: "a vortex: a 3\" template set before the wizard's unit travels twice the artillery die's inches towards a point in its front arc; every model it passes over, of any unit but the wizard's, takes a Strength 5 hit; on a misfire it collapses on the wizard, a Strength 5 hit on every model under it"},
}

// spellOf finds a spell of the lore by id.
func spellOf(id string) *Spell {
	for i := range Lore {
		if Lore[i].ID == id {
			return &Lore[i]
		}
	}
	return nil
}

// Magic is the Magic phase in progress: the pools, who tried what, and a
// spell waiting for the dispel. It is nil outside the phase (and the
// steps an allocation or a move-up interrupts it with), so the pools
// begin anew each phase.
type Magic struct {
	Power  int `json:"power"`
	Dispel int `json:"dispel"`
	// Tried are the attempts made this phase, "wizard/spell".
	Tried []string `json:"tried,omitempty"`
	// Spent are the wizards who may cast no more this phase.
	Spent []string `json:"spent,omitempty"`
	// Casting is the spell cast, waiting for the other player's dispel.
	Casting *Casting `json:"casting,omitempty"`
	// Backlash is a spell cast with irresistible force whose miscast is
	// rolled once its effect is resolved (after any allocation).
	Backlash *Casting `json:"backlash,omitempty"`
}

// Casting is one spell cast.
type Casting struct {
	Wizard string      `json:"wizard"`
	Spell  string      `json:"spell"`
	Target string      `json:"target,omitempty"`
	At     *geom.Point `json:"at,omitempty"`
	Dice   int         `json:"dice"`
	Result int         `json:"result"`
}

// InPlay is a spell whose effect lasts.
type InPlay struct {
	Spell  string     `json:"spell"`
	Wizard string     `json:"wizard"`
	Seat   rules.Seat `json:"seat"`
	Target string     `json:"target"`
	Result int        `json:"result"`
	// Until is the player turn it ends at the start of (0: it remains in
	// play).
	Until int `json:"until,omitempty"`
}

func (m *Magic) clone() *Magic {
	c := *m
	c.Tried = slices.Clone(m.Tried)
	c.Spent = slices.Clone(m.Spent)
	c.Casting = m.Casting.clone()
	c.Backlash = m.Backlash.clone()
	return &c
}

func (c *Casting) clone() *Casting {
	if c == nil {
		return nil
	}
	x := *c
	if c.At != nil {
		at := *c.At
		x.At = &at
	}
	return &x
}

// The Magic phase's actions.
type (
	// Cast attempts a spell: the wizard (a model id), the spell (an id of
	// the lore), how many power dice, and its target (a unit id), or for
	// a vortex the point it travels towards.
	Cast struct {
		Wizard string      `json:"wizard"`
		Spell  string      `json:"spell"`
		Dice   int         `json:"dice"`
		Target string      `json:"target,omitempty"`
		At     *geom.Point `json:"at,omitempty"`
	}
	// Dispel rolls dispel dice against the spell just cast, adding the
	// level of the named wizard (none: the army's own resistance).
	Dispel struct {
		Dice   int    `json:"dice"`
		Wizard string `json:"wizard,omitempty"`
	}
	// NoDispel lets the spell just cast take effect.
	NoDispel struct{}
	// DispelInPlay rolls power dice to end an enemy spell in play on a
	// unit, adding the level of the named wizard.
	DispelInPlay struct {
		Spell  string `json:"spell"`
		Target string `json:"target"`
		Dice   int    `json:"dice"`
		Wizard string `json:"wizard,omitempty"`
	}
	// EndMagic closes the Magic phase.
	EndMagic struct{}
)

// The Magic phase's action kinds.
const (
	KindCast         ActionKind = "cast"
	KindDispel       ActionKind = "dispel"
	KindNoDispel     ActionKind = "no-dispel"
	KindDispelInPlay ActionKind = "dispel-in-play"
	KindEndMagic     ActionKind = "end-magic"
)

func (Cast) Kind() string         { return string(KindCast) }
func (Dispel) Kind() string       { return string(KindDispel) }
func (NoDispel) Kind() string     { return string(KindNoDispel) }
func (DispelInPlay) Kind() string { return string(KindDispelInPlay) }
func (EndMagic) Kind() string     { return string(KindEndMagic) }

// level is a wizard's level now: his profile's, less the levels miscasts
// took.
func (s *State) level(m *Model) int {
	n := s.profile(m).Wizard
	for _, id := range s.Drained {
		if id == m.ID {
			n--
		}
	}
	return max(n, 0)
}

// isWizard reports whether a model is a wizard.
func (s *State) isWizard(m *Model) bool { return s.profile(m).Wizard > 0 }

// wizard is a wizard on the table and his unit.
type wizard struct {
	u *Unit
	m *Model
}

// wizards lists the seat's wizards on the table, not fleeing, in the
// state's order.
func (s *State) wizards(seat rules.Seat) []wizard {
	var out []wizard
	for _, u := range s.Units {
		if u.Seat != seat || u.Flags.Fleeing {
			continue
		}
		for i := range u.Models {
			if m := &u.Models[i]; m.Role == Character && s.isWizard(m) {
				out = append(out, wizard{u, m})
			}
		}
	}
	return out
}

// hasWizard reports whether the seat has a wizard on the table, not
// fleeing.
func (s *State) hasWizard(seat rules.Seat) bool {
	for _, u := range s.Units {
		if u.Seat != seat || u.Flags.Fleeing {
			continue
		}
		for i := range u.Models {
			if m := &u.Models[i]; m.Role == Character && s.isWizard(m) {
				return true
			}
		}
	}
	return false
}

// dispeller is the seat that dispels the active player's spells: the
// next seat (the opponent in a battle of two).
func (s *State) dispeller() rules.Seat { return s.Seats[(s.Active+1)%len(s.Seats)] }

// olderCasting reports the older editions' reading of fantasy-casting-dice:
// at most level + 1 dice, the level not added.
func (s *State) olderCasting() bool { return s.Rulings.Get("fantasy-casting-dice") == "level" }

// castCap is the most power dice a wizard may roll for one spell.
func (s *State) castCap(m *Model) int {
	if s.olderCasting() {
		return s.level(m) + 1
	}
	return maxCastDice
}

// castBonus is what a wizard adds to his casting and dispel rolls.
func (s *State) castBonus(m *Model) int {
	if s.olderCasting() {
		return 0
	}
	return s.level(m)
}

// startMagic ends the Movement phase: the Magic phase begins when the
// active player has a wizard on the table (the Winds of Magic and
// channelling rolled), else the Shooting phase. Lasting spells that ended
// are dropped first.
func (s *State) startMagic(r roller) error {
	s.pruneSpells()
	s.newPanicPhase()
	if !s.hasWizard(s.activeSeat()) {
		s.Phase = PhaseShooting
		return nil
	}
	w, err := r.d6s(2)
	if err != nil {
		return err
	}
	power, dispel := w[0]+w[1], max(w[0], w[1])
	s.emit(Event{What: "winds", Dice: w, Value: float64(power),
		Text: newLine().s("Winds of Magic: ").n(w[0]).s(" and ").n(w[1]).s(", ").n(power).s(" power dice to ", string(s.activeSeat()), ", ").n(dispel).s(" dispel dice to ", string(s.dispeller()), " (", ruleWinds, ")").String()})
	for _, seat := range []rules.Seat{s.activeSeat(), s.dispeller()} {
		for _, wz := range s.wizards(seat) {
			d, err := r.d6()
			if err != nil {
				return err
			}
			line := newLine().s(wz.m.ID, " channels: ").n(d)
			if d == 6 {
				if seat == s.activeSeat() {
					power++
					line = line.s(", a power die more")
				} else {
					dispel++
					line = line.s(", a dispel die more")
				}
			}
			s.emit(Event{What: "channel", Unit: wz.u.ID, Model: wz.m.ID, Dice: []int{d}, Text: line.s(" (", ruleChannel, ")").String()})
		}
	}
	s.Magic = &Magic{Power: min(power, maxPool), Dispel: min(dispel, maxPool)}
	s.Phase = PhaseMagic
	return nil
}

// endMagic closes the Magic phase: the pools are gone.
func (s *State) endMagic() error {
	s.Magic = nil
	s.Phase = PhaseShooting
	s.newPanicPhase()
	return nil
}

// holds reports whether a lasting spell still works: its turn not over,
// its caster and its target still on the table.
func (s *State) holds(l *InPlay) bool {
	return (l.Until == 0 || s.Turn < l.Until) && s.unitOf(l.Wizard) != nil && s.unit(l.Target) != nil
}

// pruneSpells drops the lasting spells that no longer hold.
func (s *State) pruneSpells() {
	if len(s.Spells) == 0 {
		return
	}
	s.Spells = slices.DeleteFunc(s.Spells, func(l InPlay) bool {
		if s.holds(&l) {
			return false
		}
		s.emit(Event{What: "spell-ends", Unit: l.Target, Model: l.Wizard, Text: newLine().s(spellOf(l.Spell).Name, " on ", l.Target, " ends (", ruleInPlay, ")").String()})
		return true
	})
	if len(s.Spells) == 0 {
		s.Spells = nil
	}
}

// under reports whether a lasting spell of this id holds on the unit.
func (s *State) under(u *Unit, spell string) bool {
	for i := range s.Spells {
		if l := &s.Spells[i]; l.Spell == spell && l.Target == u.ID && s.holds(l) {
			return true
		}
	}
	return false
}

// toughness is a model's Toughness in its unit: Bark Skin adds 1.
func (s *State) toughness(u *Unit, p *Profile) int {
	if len(s.Spells) > 0 && s.under(u, "bark-skin") {
		return min(p.T+1, 10)
	}
	return p.T
}

// hexedM is a unit's Movement under Leaden Limbs: halved, rounding up.
func (s *State) hexedM(u *Unit, m int) int {
	if len(s.Spells) > 0 && s.under(u, "leaden-limbs") {
		return (m + 1) / 2
	}
	return m
}

// rollMagic rolls n dice and counts the natural 1s and 6s.
func rollMagic(n int, r roller) (dice []int, sum, ones, sixes int, err error) {
	dice, err = r.d6s(n)
	if err != nil {
		return nil, 0, 0, 0, err
	}
	for _, d := range dice {
		sum += d
		switch d {
		case 1:
			ones++
		case 6:
			sixes++
		}
	}
	return dice, sum, ones, sixes, nil
}

func magicErr(rule, format string, args ...any) *rules.RuleError {
	return rules.Errorf(CodeMagic, rule, format, args...)
}

// castPlan is what checkCast found.
type castPlan struct {
	u  *Unit // the wizard's unit
	m  *Model
	sp *Spell
	t  *Unit // the target unit (none for a vortex)
}

// checkCast validates a casting attempt. It changes nothing.
func (s *State) checkCast(a Cast) (castPlan, *rules.RuleError) {
	p, err := s.checkSpell(a.Wizard, a.Spell, a.Target, a.At)
	if err != nil {
		return p, err
	}
	return p, s.checkCastDice(p.m, a.Dice)
}

// checkCastDice validates the number of power dice of an attempt.
func (s *State) checkCastDice(m *Model, n int) *rules.RuleError {
	switch c := s.castCap(m); {
	case n < 1 || n > c:
		if s.olderCasting() {
			return magicErr(ruleCasting, "%d power dice: a level %d wizard rolls 1 to %d (fantasy-casting-dice: level)", n, s.level(m), c)
		}
		return magicErr(ruleCasting, "%d power dice: a casting attempt rolls 1 to %d", n, c)
	case n > s.Magic.Power:
		return magicErr(ruleCasting, "%d power dice: the power pool holds %d", n, s.Magic.Power)
	}
	return nil
}

// checkSpell validates the wizard, the spell and its target, whatever
// the dice.
func (s *State) checkSpell(wizID, spellID, target string, at *geom.Point) (castPlan, *rules.RuleError) {
	var p castPlan
	p.sp = spellOf(spellID)
	if p.sp == nil {
		return p, rules.Errorf(rules.CodeBadAction, ruleCasting, "%q is no spell of the lore (%s)", spellID, loreIDs())
	}
	p.u = s.unitOf(wizID)
	if p.u != nil {
		p.m = p.u.model(wizID)
	}
	switch {
	case p.u == nil || p.u.Seat != s.activeSeat():
		return p, rules.Errorf(CodeNoSuchID, ruleCasting, "%q is none of %s's models", wizID, s.activeSeat())
	case p.m.Role != Character || !s.isWizard(p.m):
		return p, magicErr(ruleCasting, "%s is no wizard", wizID)
	case p.u.Flags.Fleeing:
		return p, magicErr(ruleCasting, "%s is fleeing: a fleeing wizard casts no spells", wizID)
	case slices.Contains(s.Magic.Spent, wizID):
		return p, magicErr(ruleCasting, "%s failed a casting attempt or miscast this phase: he casts no more", wizID)
	case slices.Contains(s.Magic.Tried, wizID+"/"+spellID):
		return p, magicErr(ruleCasting, "%s has attempted %s this phase: each spell once a phase", wizID, p.sp.Name)
	}
	if p.sp.Kind == Vortex {
		return p, s.checkVortex(p, target, at)
	}
	if at != nil {
		return p, rules.Errorf(rules.CodeBadAction, ruleCasting, "%s has a unit for its target: at is not taken", p.sp.Name)
	}
	p.t = s.unit(target)
	friendly := p.sp.Kind == Augment
	switch {
	case p.t == nil:
		return p, rules.Errorf(CodeNoSuchID, ruleCasting, "%s needs a target unit: %q is none", p.sp.Name, target)
	case friendly && p.t.Seat != p.u.Seat:
		return p, magicErr(ruleCasting, "%s is cast on a friendly unit: %s is the enemy's", p.sp.Name, p.t.ID)
	case !friendly && p.t.Seat == p.u.Seat:
		return p, magicErr(ruleCasting, "%s is cast on an enemy unit: %s is %s's own", p.sp.Name, p.t.ID, p.u.Seat)
	case p.u.engaged() && p.t != p.u:
		return p, magicErr(ruleCasting, "%s is in close combat: he may cast only on his own unit", wizID)
	case (p.sp.Kind == MagicMissile || p.sp.Kind == DirectDamage) && p.t.engaged():
		return p, magicErr(ruleCasting, "%s is in close combat: %s may not be cast into it", p.t.ID, p.sp.Name)
	case (p.sp.RemainsInPlay || p.sp.OneTurn) && s.under(p.t, p.sp.ID):
		return p, magicErr(ruleInPlay, "%s is already under %s", p.t.ID, p.sp.Name)
	}
	if p.t != p.u {
		base, _ := p.u.modelRect(wizID)
		if d := rectDist(base, p.t.footprint()); d > p.sp.Range+geom.Eps {
			return p, magicErr(ruleCasting, "%s is %.1f\" from %s, beyond the %.0f\" of %s", p.t.ID, d, wizID, p.sp.Range, p.sp.Name)
		}
	}
	if p.sp.Kind == MagicMissile || p.sp.Kind == DirectDamage {
		if ok, by := s.canSee(p.u, p.t); !ok {
			return p, magicErr(ruleSight, "%s cannot see %s: %s is in the way", wizID, p.t.ID, by)
		}
	}
	return p, nil
}

// checkVortex validates a vortex's aim: a point in the front arc of the
// wizard's unit, beyond its front edge.
func (s *State) checkVortex(p castPlan, target string, at *geom.Point) *rules.RuleError {
	switch {
	case target != "":
		return rules.Errorf(rules.CodeBadAction, ruleCasting, "%s is aimed at a point (at), not a unit", p.sp.Name)
	case at == nil || !at.Finite():
		return rules.Errorf(rules.CodeBadAction, ruleCasting, "%s needs at: the point it travels towards", p.sp.Name)
	case p.u.engaged():
		return magicErr(ruleCasting, "%s is in close combat: he may cast only on his own unit", p.m.ID)
	}
	start := vortexStart(p.u)
	if !p.u.frame().frontArc(*at) || at.Dist(start) < 1 {
		return magicErr(ruleCasting, "%s travels into the front arc of %s: (%.1f, %.1f) is not in it, an inch or more ahead", p.sp.Name, p.u.ID, at.X, at.Y)
	}
	return nil
}

// vortexStart is where a vortex's template is set: touching the middle of
// the front edge of the wizard's unit.
func vortexStart(u *Unit) geom.Point {
	fr := u.frame()
	mid := fr.centre(0, 0).Add(fr.centre(0, u.Files-1).Sub(fr.centre(0, 0)).Scale(0.5))
	return mid.Add(u.forward().Scale(u.Base[1]/2 + vortexRadius))
}

// loreIDs lists the lore's spell ids for people.
func loreIDs() string {
	l := newLine()
	for i, sp := range Lore {
		if i > 0 {
			l = l.s(", ")
		}
		l = l.s(sp.ID)
	}
	return l.String()
}

// cast resolves a casting attempt.
func (s *State) cast(a Cast, r roller) error {
	p, err := s.checkCast(a)
	if err != nil {
		return err
	}
	s.Magic.Power -= a.Dice
	s.Magic.Tried = append(s.Magic.Tried, a.Wizard+"/"+a.Spell)
	d, sum, ones, sixes, rerr := rollMagic(a.Dice, r)
	if rerr != nil {
		return rerr
	}
	bonus := s.castBonus(p.m)
	total := sum + bonus
	c := &Casting{Wizard: a.Wizard, Spell: a.Spell, Target: a.Target, At: a.At, Dice: a.Dice, Result: total}
	line := newLine().s(a.Wizard, " casts ", p.sp.Name).s(castOn(c)).s(": ").n(sum)
	if bonus > 0 {
		line = line.s(" + level ").n(bonus).s(" = ").n(total)
	}
	line = line.s(" against ").n(p.sp.CV).s("+")
	switch {
	case sixes >= 2:
		s.emit(Event{What: "cast", Unit: p.u.ID, Model: a.Wizard, Dice: d, Value: float64(total), Text: line.s(": cast with irresistible force, it cannot be dispelled (", ruleIrresistible, ")").String()})
		s.Magic.Backlash = c
		return s.spellEffect(c, r)
	case ones >= 2:
		s.Magic.Spent = append(s.Magic.Spent, a.Wizard)
		s.emit(Event{What: "cast-failed", Unit: p.u.ID, Model: a.Wizard, Dice: d, Value: float64(total), Text: line.s(": two 1s, the attempt fails and he casts no more this phase (", ruleCasting, ")").String()})
		return nil
	case total < p.sp.CV:
		s.Magic.Spent = append(s.Magic.Spent, a.Wizard)
		s.emit(Event{What: "cast-failed", Unit: p.u.ID, Model: a.Wizard, Dice: d, Value: float64(total), Text: line.s(": not cast, and he casts no more this phase (", ruleCasting, ")").String()})
		return nil
	}
	if s.Magic.Dispel == 0 {
		s.emit(Event{What: "cast", Unit: p.u.ID, Model: a.Wizard, Dice: d, Value: float64(total), Text: line.s(": cast; ", string(s.dispeller()), " has no dispel dice (", ruleCasting, ")").String()})
		return s.spellEffect(c, r)
	}
	s.emit(Event{What: "cast", Unit: p.u.ID, Model: a.Wizard, Dice: d, Value: float64(total), Text: line.s(": cast; ", string(s.dispeller()), " may dispel it on ").n(total).s("+ (", ruleCasting, ")").String()})
	s.Magic.Casting = c
	s.Phase = PhaseDispel
	return nil
}

// castOn names a casting's target for the log.
func castOn(c *Casting) string {
	switch {
	case c.Target != "":
		return " on " + c.Target
	case c.At != nil:
		return fmt.Sprintf(" towards (%.1f, %.1f)", c.At.X, c.At.Y)
	}
	return ""
}

// checkDispel validates a dispel attempt. It changes nothing.
func (s *State) checkDispel(dice int, wiz string, pool int) (*Model, *rules.RuleError) {
	if dice < 1 || dice > pool {
		return nil, magicErr(ruleDispel, "%d dice: the pool holds %d", dice, pool)
	}
	if wiz == "" {
		return nil, nil
	}
	u := s.unitOf(wiz)
	var m *Model
	if u != nil {
		m = u.model(wiz)
	}
	want := s.activeSeat()
	if s.Phase == PhaseDispel {
		want = s.dispeller()
	}
	switch {
	case u == nil || u.Seat != want:
		return nil, rules.Errorf(CodeNoSuchID, ruleDispel, "%q is none of %s's models", wiz, want)
	case m.Role != Character || !s.isWizard(m):
		return nil, magicErr(ruleDispel, "%s is no wizard", wiz)
	case u.Flags.Fleeing:
		return nil, magicErr(ruleDispel, "%s is fleeing: a fleeing wizard dispels nothing", wiz)
	}
	return m, nil
}

// dispel resolves the other player's dispel attempt on the spell cast.
func (s *State) dispel(a Dispel, r roller) error {
	m, err := s.checkDispel(a.Dice, a.Wizard, s.Magic.Dispel)
	if err != nil {
		return err
	}
	c := s.Magic.Casting
	s.Magic.Dispel -= a.Dice
	s.Magic.Casting = nil
	s.Phase = PhaseMagic
	ok, ev, rerr := s.dispelRoll(m, a.Dice, c.Result, spellOf(c.Spell).Name, r)
	if rerr != nil {
		return rerr
	}
	s.emit(ev)
	if ok {
		return nil
	}
	return s.spellEffect(c, r)
}

// dispelRoll rolls n dice (plus the wizard's level) against need.
func (s *State) dispelRoll(m *Model, n, need int, name string, r roller) (bool, Event, error) {
	d, sum, ones, sixes, err := rollMagic(n, r)
	if err != nil {
		return false, Event{}, err
	}
	who, bonus := "the army", 0
	if m != nil {
		who, bonus = m.ID, s.castBonus(m)
	}
	total := sum + bonus
	line := newLine().s(who, " dispels ", name, ": ").n(sum)
	if bonus > 0 {
		line = line.s(" + level ").n(bonus).s(" = ").n(total)
	}
	line = line.s(" against ").n(need).s("+")
	ok := false
	switch {
	case sixes >= 2:
		ok = true
		line = line.s(": two 6s, dispelled whatever the total")
	case ones >= 2:
		line = line.s(": two 1s, the dispel fails")
	case total >= need:
		ok = true
		line = line.s(": dispelled")
	default:
		line = line.s(": it holds")
	}
	what := "dispel-failed"
	if ok {
		what = "dispelled"
	}
	var unit string
	if m != nil {
		unit = s.unitOf(m.ID).ID
	}
	return ok, Event{What: what, Unit: unit, Model: who, Dice: d, Value: float64(total), Text: line.s(" (", ruleDispel, ")").String()}, nil
}

// noDispel lets the spell cast take effect.
func (s *State) noDispel(r roller) error {
	c := s.Magic.Casting
	s.Magic.Casting = nil
	s.Phase = PhaseMagic
	return s.spellEffect(c, r)
}

// inPlayIndex finds the enemy spell in play a DispelInPlay names.
func (s *State) inPlayIndex(spell, target string) int {
	for i := range s.Spells {
		l := &s.Spells[i]
		if l.Spell == spell && l.Target == target && l.Seat != s.activeSeat() && s.holds(l) {
			return i
		}
	}
	return -1
}

// checkDispelInPlay validates an attempt to end an enemy spell in play.
func (s *State) checkDispelInPlay(a DispelInPlay) (*Model, int, *rules.RuleError) {
	i := s.inPlayIndex(a.Spell, a.Target)
	if i < 0 {
		return nil, -1, magicErr(ruleInPlay, "no enemy spell %q is in play on %q", a.Spell, a.Target)
	}
	m, err := s.checkDispel(a.Dice, a.Wizard, min(s.Magic.Power, maxCastDice))
	return m, i, err
}

// dispelInPlay rolls power dice against an enemy spell in play: equal to
// or above its casting value ends it.
func (s *State) dispelInPlay(a DispelInPlay, r roller) error {
	m, i, err := s.checkDispelInPlay(a)
	if err != nil {
		return err
	}
	s.Magic.Power -= a.Dice
	sp := spellOf(a.Spell)
	ok, ev, rerr := s.dispelRoll(m, a.Dice, sp.CV, sp.Name+" on "+a.Target, r)
	if rerr != nil {
		return rerr
	}
	s.emit(ev)
	if ok {
		s.Spells = slices.Delete(s.Spells, i, i+1)
		if len(s.Spells) == 0 {
			s.Spells = nil
		}
	}
	return nil
}

// spellEffect resolves a spell that was cast and not dispelled.
func (s *State) spellEffect(c *Casting, r roller) error {
	sp := spellOf(c.Spell)
	u := s.unitOf(c.Wizard)
	if u == nil {
		return nil
	}
	t := s.unit(c.Target)
	if t == nil && sp.Kind != Vortex {
		return nil
	}
	if sp.Kind == MagicMissile || sp.Kind == DirectDamage || sp.Kind == Vortex {
		s.shelled(u) // Panic: heavy casualties count spells too
	}
	switch sp.Kind {
	case MagicMissile:
		n, err := r.d6()
		if err != nil {
			return err
		}
		s.emit(Event{What: "spell", Unit: t.ID, Model: c.Wizard, Dice: []int{n}, Value: float64(n), Text: newLine().s(sp.Name, " strikes ", t.ID, ": ").n(n).s(" Strength 4 hits").String()})
		return s.hitUnit(u.Seat, t, n, 4, r)
	case Augment, Hex:
		l := InPlay{Spell: sp.ID, Wizard: c.Wizard, Seat: u.Seat, Target: t.ID, Result: c.Result}
		what := "it remains in play"
		if sp.OneTurn {
			l.Until = s.Turn + len(s.Seats)
			what = "until the start of " + string(u.Seat) + "'s next turn"
		}
		s.Spells = append(s.Spells, l)
		s.emit(Event{What: "spell", Unit: t.ID, Model: c.Wizard, Text: newLine().s(sp.Name, " takes hold on ", t.ID, ", ", what).String()})
		return nil
	case DirectDamage:
		var front []string
		for _, id := range t.Ranks[0] {
			if id != "" && !slices.Contains(front, id) {
				front = append(front, id)
			}
		}
		s.emit(Event{What: "spell", Unit: t.ID, Model: c.Wizard, Value: float64(len(front)), Text: newLine().s(sp.Name, " falls on the front rank of ", t.ID, ": ").n(len(front)).s(" Strength 4 hits").String()})
		return s.templateHits(t, front, 4, r)
	case Vortex:
		return s.vortex(u, c, r)
	}
	return nil
}

// vortex moves Whirling Gale: twice the artillery die's inches from the
// wizard's front towards its point, hitting every model it passes over
// of any unit but the wizard's; a misfire collapses it on the wizard.
func (s *State) vortex(u *Unit, c *Casting, r roller) error {
	art, err := r.d6()
	if err != nil {
		return err
	}
	type under struct {
		id      string
		covered []string
	}
	var hit []under
	inches := 2 * artilleryInches(art)
	if inches == 0 {
		at := u.modelCentre(c.Wizard)
		s.emit(Event{What: "spell", Unit: u.ID, Model: c.Wizard, Dice: []int{art}, Text: "Whirling Gale: a misfire, it collapses on " + c.Wizard + " (" + ruleMisfire + ")"})
		for _, x := range s.Units {
			if cov := x.coveredBy(at, vortexRadius); len(cov) > 0 {
				hit = append(hit, under{x.ID, cov})
			}
		}
	} else {
		from := vortexStart(u)
		to := from.Add(c.At.Sub(from).Unit().Scale(float64(inches)))
		s.emit(Event{What: "spell", Unit: u.ID, Model: c.Wizard, Dice: []int{art}, Value: float64(inches), Text: newLine().s("Whirling Gale travels ").n(inches).s("\"").String()})
		for _, x := range s.Units {
			if x == u {
				continue
			}
			if cov := x.sweptBy(from, to, vortexRadius); len(cov) > 0 {
				hit = append(hit, under{x.ID, cov})
			}
		}
	}
	if len(hit) == 0 {
		s.emit(Event{What: "hits", Unit: u.ID, Text: "Whirling Gale passes over no model"})
	}
	for _, h := range hit {
		if x := s.unit(h.id); x != nil {
			if err := s.templateHitsOn(x, h.covered, 5, r, len(hit) == 1); err != nil {
				return err
			}
		}
	}
	return nil
}

// sweptBy lists the models of the unit a round template of the given
// radius touches while its centre travels from a to b, in slot order,
// each once.
func (u *Unit) sweptBy(a, b geom.Point, radius float64) []string {
	return u.modelsIn(func(q rect) bool {
		if segTouchesRect(a, b, q) {
			return true
		}
		d := math.Inf(1)
		for i := range 4 {
			d = min(d, segDist(a, b, q[i], q[(i+1)%4]))
		}
		return d < radius-geom.Eps
	})
}

// afterCast rolls the miscast of a spell cast with irresistible force once
// its effect is resolved and the phase is back to the Magic phase (an
// allocation or a move-up may come between).
func (s *State) afterCast(r roller) error {
	if s.Phase != PhaseMagic || s.Magic == nil || s.Magic.Backlash == nil {
		return nil
	}
	c := s.Magic.Backlash
	s.Magic.Backlash = nil
	return s.miscast(c, r)
}

// miscast rolls 2D6 on the miscast table for the wizard of c. Whatever
// the result, he casts no more this phase.
//
//	2–4   Sundering: a 5" template on the wizard; every model under it, of
//	      any unit, takes a Strength 10 hit with no armour save.
//	5–6   Backblast: a 3" template on the wizard, Strength 6 hits with no
//	      armour save.
//	7     Flare: the wizard takes a Strength 6 hit with no armour save, and
//	      D6 power dice are lost.
//	8–9   Drain: the wizard loses a Wizard level and every power die left.
//	10–12 Lost focus: no more than the common cost.
func (s *State) miscast(c *Casting, r roller) error {
	u := s.unitOf(c.Wizard)
	if u == nil {
		return nil
	}
	d, err := r.d6s(2)
	if err != nil {
		return err
	}
	roll := d[0] + d[1]
	if !slices.Contains(s.Magic.Spent, c.Wizard) {
		s.Magic.Spent = append(s.Magic.Spent, c.Wizard)
	}
	line := newLine().s(c.Wizard, " miscasts: ").n(roll).s(", ")
	tail := "; he casts no more this phase"
	noArmour := strikeMods{traits: traitNoArmour}
	switch {
	case roll <= 4, roll <= 6:
		name, radius, str := "Sundering", 2.5, 10
		if roll > 4 {
			name, radius, str = "Backblast", 1.5, 6
		}
		s.emit(Event{What: "miscast", Unit: u.ID, Model: c.Wizard, Dice: d, Value: float64(roll), Text: line.s(name, ", every model under a ", templateName(radius), " template on him takes a Strength ").n(str).s(" hit with no armour save", tail, " (", ruleMiscast, ")").String()})
		return s.miscastTemplate(u, c.Wizard, radius, str, noArmour, r)
	case roll == 7:
		lost, err := r.d6()
		if err != nil {
			return err
		}
		s.Magic.Power = max(0, s.Magic.Power-lost)
		s.emit(Event{What: "miscast", Unit: u.ID, Model: c.Wizard, Dice: append(d, lost), Value: float64(roll), Text: line.s("Flare, he takes a Strength 6 hit with no armour save and ").n(lost).s(" power dice are lost", tail, " (", ruleMiscast, ")").String()})
		return s.resolveHitsWith(u, map[string]int{c.Wizard: 1}, 0, 6, noArmour, r, false)
	case roll <= 9:
		s.Drained = append(s.Drained, c.Wizard)
		s.Magic.Power = 0
		s.emit(Event{What: "miscast", Unit: u.ID, Model: c.Wizard, Dice: d, Value: float64(roll), Text: line.s("Drain, he loses a Wizard level and every power die left is lost", tail, " (", ruleMiscast, ")").String()})
		return nil
	}
	s.emit(Event{What: "miscast", Unit: u.ID, Model: c.Wizard, Dice: d, Value: float64(roll), Text: line.s("Lost focus", tail, " (", ruleMiscast, ")").String()})
	return nil
}

func templateName(radius float64) string {
	if radius > 2 {
		return "5\""
	}
	return "3\""
}

// miscastTemplate hits every model under a template centred on the wizard:
// his own hit is his (no Look Out Sir!), the others as templates are.
func (s *State) miscastTemplate(u *Unit, wiz string, radius float64, str int, mods strikeMods, r roller) error {
	at := u.modelCentre(wiz)
	type under struct {
		id      string
		covered []string
	}
	var hit []under
	for _, x := range s.Units {
		cov := x.coveredBy(at, radius)
		if x == u {
			cov = slices.DeleteFunc(cov, func(id string) bool { return id == wiz })
		}
		if len(cov) > 0 {
			hit = append(hit, under{x.ID, cov})
		}
	}
	wu := u.ID
	if err := s.resolveHitsWith(u, map[string]int{wiz: 1}, 0, str, mods, r, false); err != nil {
		return err
	}
	for _, h := range hit {
		x := s.unit(h.id)
		if x == nil {
			continue
		}
		if h.id == wu {
			h.covered = slices.DeleteFunc(h.covered, func(id string) bool { return x.model(id) == nil })
		}
		if len(h.covered) == 0 {
			continue
		}
		if err := s.templateHitsWith(x, h.covered, str, mods, r, false); err != nil {
			return err
		}
	}
	return nil
}

// legalMagic is the Magic phase's menu: each wizard's spells at each
// target (the fewest dice that may cast it on average and one more), the
// enemy spells in play to dispel, and the end of the phase.
func (s *State) legalMagic(seat rules.Seat, add func(rules.Action, *rules.RuleError)) {
	for _, wz := range s.wizards(seat) {
		for i := range Lore {
			sp := &Lore[i]
			bonus := s.castBonus(wz.m)
			k := max(1, int(math.Ceil(float64(sp.CV-bonus)/3.5)))
			var aims []Cast
			if sp.Kind == Vortex {
				c := vortexStart(wz.u)
				for _, deg := range []float64{0, 30, -30} {
					p := c.Add(wz.u.forward().Rotate(deg * math.Pi / 180).Scale(12))
					at := geom.Pt(round2(p.X), round2(p.Y))
					aims = append(aims, Cast{Wizard: wz.m.ID, Spell: sp.ID, At: &at})
				}
			} else {
				for _, t := range s.Units {
					if (t.Seat == seat) == (sp.Kind == Augment) {
						aims = append(aims, Cast{Wizard: wz.m.ID, Spell: sp.ID, Target: t.ID})
					}
				}
			}
			for _, a := range aims {
				p, err := s.checkSpell(a.Wizard, a.Spell, a.Target, a.At)
				for _, n := range []int{k, k + 1} {
					a.Dice = n
					e := err
					if e == nil {
						e = s.checkCastDice(p.m, n)
					}
					add(a, e)
					if err != nil {
						break // one greyed entry says why the aim is refused
					}
				}
			}
		}
	}
	best := s.bestWizard(seat)
	for _, l := range s.Spells {
		if l.Seat == seat || !s.holds(&l) {
			continue
		}
		for _, n := range []int{2, 3} {
			a := DispelInPlay{Spell: l.Spell, Target: l.Target, Dice: n, Wizard: best}
			_, _, err := s.checkDispelInPlay(a)
			add(a, err)
		}
	}
	add(EndMagic{}, nil)
}

// bestWizard is the seat's wizard of the highest level, "" for none.
func (s *State) bestWizard(seat rules.Seat) string {
	id, lvl := "", -1
	for _, wz := range s.wizards(seat) {
		if l := s.level(wz.m); l > lvl {
			id, lvl = wz.m.ID, l
		}
	}
	return id
}

// legalDispel is the dispel step's menu: each number of dispel dice, with
// the best wizard's level, and letting the spell through.
func (s *State) legalDispel(seat rules.Seat, add func(rules.Action, *rules.RuleError)) {
	best := s.bestWizard(seat)
	for n := 1; n <= s.Magic.Dispel; n++ {
		add(Dispel{Dice: n, Wizard: best}, nil)
	}
	add(NoDispel{}, nil)
}

// validateMagic checks the Magic phase's invariants.
func (s *State) validateMagic() error {
	inMagic := s.Phase == PhaseMagic || s.Phase == PhaseDispel || (s.Phase == PhaseAllocate || s.Phase == PhaseMoveUp) && s.Resume == PhaseMagic
	if (s.Magic != nil) != inMagic {
		return fmt.Errorf("magic: the pools exist exactly in the Magic phase")
	}
	if len(s.Spells) > 4*maxUnits || len(s.Drained) > maxUnits*maxLevel {
		return fmt.Errorf("spells: %d in play, %d levels drained", len(s.Spells), len(s.Drained))
	}
	for i, l := range s.Spells {
		sp := spellOf(l.Spell)
		if sp == nil || !(sp.RemainsInPlay || sp.OneTurn) || !slices.Contains(s.Seats, l.Seat) || l.Result < 0 || l.Result > 100 || l.Until < 0 || (l.Until == 0) != sp.RemainsInPlay {
			return fmt.Errorf("spells[%d]: %+v", i, l)
		}
	}
	if s.Magic == nil {
		return nil
	}
	m := s.Magic
	if m.Power < 0 || m.Power > maxPool || m.Dispel < 0 || m.Dispel > maxPool || len(m.Tried) > 10*maxUnits || len(m.Spent) > 10*maxUnits {
		return fmt.Errorf("magic: power %d, dispel %d", m.Power, m.Dispel)
	}
	if (m.Casting != nil) != (s.Phase == PhaseDispel) {
		return fmt.Errorf("magic: a spell waits for the dispel exactly in the dispel step")
	}
	for _, c := range []*Casting{m.Casting, m.Backlash} {
		if c == nil {
			continue
		}
		sp := spellOf(c.Spell)
		switch {
		case sp == nil || (c == m.Casting && s.unitOf(c.Wizard) == nil) || c.Dice < 1 || c.Dice > maxCastDice || c.Result < 0 || c.Result > 100:
			return fmt.Errorf("magic: casting %+v", *c)
		case sp.Kind == Vortex && (c.At == nil || !c.At.Finite()):
			return fmt.Errorf("magic: a vortex without its point")
		case c == m.Casting && sp.Kind != Vortex && s.unit(c.Target) == nil:
			return fmt.Errorf("magic: casting on %q, no unit", c.Target)
		}
	}
	return nil
}

// CastOdds is the exact odds of a casting attempt from the menu, as it
// would be cast now: against the other player's whole dispel pool and his
// wizard of the highest level (the most he can throw at it). A refused
// attempt gives its refusal.
func (s *State) CastOdds(seat rules.Seat, a Cast) (casting.Odds, error) {
	if s.Phase != PhaseMagic || seat != s.activeSeat() {
		return casting.Odds{}, rules.Errorf(rules.CodeWrongWindow, ruleCasting, "a spell is cast in its player's Magic phase")
	}
	p, err := s.checkCast(a)
	if err != nil {
		return casting.Odds{}, err
	}
	d := casting.Dispel{Dice: s.Magic.Dispel}
	if id := s.bestWizard(s.dispeller()); id != "" {
		d.Level = s.castBonus(s.unitOf(id).model(id))
	}
	return casting.Compute(casting.Attempt{Dice: a.Dice, Level: s.castBonus(p.m), CV: p.sp.CV}, d), nil
}

// nearestWizard is the enemy unit with a wizard nearest to u: whom a unit
// panicked by spells flees from.
func (s *State) nearestWizard(u *Unit) *Unit {
	var best *Unit
	d := math.Inf(1)
	for _, x := range s.Units {
		if x.Seat == u.Seat {
			continue
		}
		for i := range x.Models {
			if m := &x.Models[i]; m.Role == Character && s.isWizard(m) {
				if dd := unitDist(u, x); dd < d {
					best, d = x, dd
				}
				break
			}
		}
	}
	return best
}
