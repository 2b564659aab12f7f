package fantasy

import (
	"fmt"
	"github.com/ordo-rules/ordo/fantasy/wounds"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Rules cited by this file.
const (
	ruleShooting     = "Shooting: to hit"
	ruleTemplates    = "Templates"
	ruleStandShoot   = "Stand & Shoot"
	ruleCloseCombat  = "Close combat"
	ruleCombatResult = "Combat result"
	ruleBreak        = "Break tests (Steadfast)"
	rulePursuit      = "Flee and pursue"
	ruleRestrain     = "Flee and pursue: restraining pursuit"
)

// shootNeed is the roll to hit with BS and modifiers (negative ones are
// penalties): 7 − BS, a natural 1 always missing; past 6, a 6 and then 4+,
// 5+ or 6+ on a second die; 10 or more cannot hit.
func shootNeed(bs, mods int) int { return max(2, 7-bs-mods) }

// rollToHit rolls n attacks needing need, one after the other (past 6, a
// 6 is followed by its second die), and returns the hits and the dice.
func rollToHit(n, need int, r roller) (int, []int, error) {
	if need >= 10 {
		return 0, nil, nil
	}
	d := make([]int, 0, n) // nil when n is 0, as before
	if n == 0 {
		d = nil
	}
	hits := 0
	for range n {
		f, err := r.d6()
		if err != nil {
			return 0, nil, err
		}
		d = append(d, f)
		switch {
		case need <= 6 && f >= need:
			hits++
		case need > 6 && f == 6:
			g, err := r.d6()
			if err != nil {
				return 0, nil, err
			}
			d = append(d, g)
			if g >= need-3 {
				hits++
			}
		}
	}
	return hits, d, nil
}

// shots counts the missile shots of a unit: its first two ranks.
func (s *State) shots(u *Unit) int {
	p := s.rf(u)
	if p.Missile == nil {
		return 0
	}
	if p.Missile.aimed() {
		return 1
	}
	n := 0
	for r := 0; r < min(2, len(u.Ranks)); r++ {
		for _, id := range u.Ranks[r] {
			if m := u.model(id); m != nil && m.Role != Character {
				n += max(1, p.Missile.Shots)
			}
		}
	}
	return n
}

// checkShoot validates a shooting attack.
func (s *State) checkShoot(a Shoot) (*Unit, *Unit, *rules.RuleError) {
	u, t := s.unit(a.Unit), s.unit(a.Target)
	switch {
	case u == nil || u.Seat != s.activeSeat():
		return nil, nil, rules.Errorf(CodeNoSuchID, ruleShooting, "%q is none of %s's units", a.Unit, s.activeSeat())
	case t == nil || t.Seat == u.Seat:
		return nil, nil, rules.Errorf(CodeNoSuchID, ruleShooting, "%q is no enemy unit", a.Target)
	case s.shots(u) == 0:
		return nil, nil, rules.Errorf(CodeShoot, ruleShooting, "%s has no missile weapons", u.ID)
	case u.Flags.Marched:
		return nil, nil, rules.Errorf(CodeShoot, ruleMarch, "%s marched this turn: it cannot shoot", u.ID)
	case u.Flags.Reformed:
		return nil, nil, rules.Errorf(CodeShoot, ruleReform, "%s reformed this turn: it cannot shoot", u.ID)
	case u.Silenced >= s.Turn:
		return nil, nil, rules.Errorf(CodeShoot, ruleMisfire, "%s was disabled by a misfire: it may not shoot until player turn %d", u.ID, u.Silenced+1)
	case u.Flags.Shot || u.Flags.Charged || u.Flags.Fleeing || u.Flags.Fled || u.engaged():
		return nil, nil, rules.Errorf(CodeShoot, ruleShooting, "%s cannot shoot now (it shot, charged, fled or fights)", u.ID)
	case t.engaged():
		return nil, nil, rules.Errorf(CodeShoot, ruleShooting, "%s is in close combat: no shooting into it", t.ID)
	case !u.partlyInFrontArc(t) && !s.skirmishers(u):
		return nil, nil, rules.Errorf(CodeShoot, ruleShooting, "%s is not in the front arc of %s", t.ID, u.ID)
	}
	if ok, by := s.canSee(u, t); !ok {
		return nil, nil, rules.Errorf(CodeShoot, ruleSight, "%s cannot see %s: %s is in the way", u.ID, t.ID, by)
	}
	if d, rng := unitDist(u, t), float64(s.rf(u).Missile.Range); d > rng+geom.Eps {
		return nil, nil, rules.Errorf(CodeShoot, ruleShooting, "%s is %.1f\" away, beyond the %.0f\" of %s's weapons", t.ID, d, rng, u.ID)
	}
	if a.Grapeshot {
		switch {
		case !s.rf(u).Missile.Cannon:
			return nil, nil, rules.Errorf(rules.CodeBadAction, ruleCannon, "%s has no cannon to fire grapeshot", u.ID)
		case a.At != nil:
			return nil, nil, rules.Errorf(rules.CodeBadAction, ruleCannon, "grapeshot is fired at a unit, not at a point: at is not taken")
		case unitDist(u, t) > grapeshotRange+geom.Eps:
			return nil, nil, rules.Errorf(CodeShoot, ruleCannon, "%s is %.1f\" away: grapeshot reaches %d\"", t.ID, unitDist(u, t), grapeshotRange)
		}
		return u, t, nil
	}
	switch tmpl := s.rf(u).Missile.aimed(); {
	case tmpl && (a.At == nil || !a.At.Finite() || !t.footprint().contains(*a.At)):
		return nil, nil, rules.Errorf(CodeShoot, ruleTemplates, "%s's weapon is aimed at a point (a template's centre, a cannonball's mark): give one inside %s", u.ID, t.ID)
	case !tmpl && a.At != nil:
		return nil, nil, rules.Errorf(rules.CodeBadAction, ruleShooting, "%s's weapon places no template: at is not taken", u.ID)
	}
	return u, t, nil
}

func (s *State) shoot(a Shoot, r roller) error {
	u, t, err := s.checkShoot(a)
	if err != nil {
		return err
	}
	u.Flags.Shot = true
	s.shelled(u)
	p := s.rf(u)
	mods, why := s.shotMods(u, t)
	if p.Missile.Template > 0 {
		return s.scatterShot(u, t, *a.At, r)
	}
	if a.Grapeshot {
		return s.grapeshot(u, t, r)
	}
	if p.Missile.Cannon {
		return s.cannonShot(u, t, *a.At, r)
	}
	need := shootNeed(p.BS, mods)
	hits, d, rerr := rollToHit(s.shots(u), need, r)
	if rerr != nil {
		return rerr
	}
	s.emit(Event{What: "shot", Unit: u.ID, Dice: d, Value: float64(hits), Text: fmt.Sprintf("%s shoots %d at %s needing %s: %d hits (%s)", u.ID, s.shots(u), t.ID, strings.Join(append([]string{needText(need)}, why...), " "), hits, ruleShooting)})
	if p.Missile.Pierce {
		for range hits {
			if err := s.pierce(t, p.Missile.S, r); err != nil {
				return err
			}
		}
		return nil
	}
	return s.hitUnit(u.Seat, t, hits, p.Missile.S, r)
}

// shotMods are the to-hit modifiers of u shooting at t, with their
// reasons (Shooting: to hit): long range, moved, cover, skirmishers.
func (s *State) shotMods(u, t *Unit) (int, []string) {
	p := s.rf(u)
	mods, why := 0, []string{}
	if d := unitDist(u, t); d > float64(p.Missile.Range)/2 {
		mods--
		why = append(why, "-1 long range")
	}
	if u.Flags.Moved {
		mods--
		why = append(why, "-1 moved")
	}
	if c, because := s.sightOf(u, t).cover(); c < 0 && !p.Missile.aimed() {
		mods += c
		why = append(why, because)
	}
	if s.skirmishers(t) && !p.Missile.aimed() {
		mods--
		why = append(why, "-1 skirmishers")
	}
	return mods, why
}

func needText(n int) string {
	if n >= 10 {
		return "the impossible"
	}
	return fmt.Sprintf("%d+", n)
}

// standAndShoot shoots the charged unit's missiles at its charger, at −1.
// At a character charging out, the shots are his alone (Charging out of a
// unit); under fantasy-look-out: 8th each hit passes to the unit he left
// on a 4+ when it is of his troop type.
func (s *State) standAndShoot(t, u *Unit, c *Charge, r roller) error {
	s.shelled(t)
	p := s.rf(t)
	mods, why := -1, []string{"-1 stand and shoot"}
	if c.Distance > float64(p.Missile.Range)/2 {
		mods--
		why = append(why, "-1 long range")
	}
	if cv, because := s.sightOf(t, s.mover(u, c.Character)).cover(); cv < 0 {
		mods += cv
		why = append(why, because)
	}
	need := shootNeed(p.BS, mods)
	hits, d, err := rollToHit(s.shots(t), need, r)
	if err != nil {
		return err
	}
	s.emit(Event{What: "stand-and-shoot", Unit: t.ID, Dice: d, Value: float64(hits), Text: fmt.Sprintf("%s stands and shoots at %s needing %s: %d hits (%s)", t.ID, chargerName(c), strings.Join(append([]string{needText(need)}, why...), " "), hits, ruleStandShoot)})
	if c.Character == "" {
		return s.hitUnit(t.Seat, u, hits, p.Missile.S, r)
	}
	ch := u.model(c.Character)
	direct, pool := map[string]int{}, 0
	for range hits {
		if s.lookOut8th() && s.profile(ch).Type == s.rf(u).Type && u.nonCharacters() > 0 {
			f, err := r.d6()
			if err != nil {
				return err
			}
			s.emit(Event{What: "look-out-sir", Unit: u.ID, Model: ch.ID, Dice: []int{f}, Text: lookOutText(ch.ID, f, 4)})
			if f >= 4 {
				pool++
				continue
			}
		}
		direct[ch.ID]++
	}
	if hits > 0 {
		per := s.perModel(u, direct, pool)
		s.emit(Event{What: "allocated", Unit: u.ID, Hits: per, Text: fmt.Sprintf("Stand & Shoot hits: %s (%s)", describeHits(per), ruleChargeOut)})
	}
	return s.resolveHits(u, direct, pool, p.Missile.S, r, true)
}

// combatOf is every unit in the close combat u is in.
func (s *State) combatOf(u *Unit) []*Unit { return s.combatInto(nil, u) }

// combatInto is combatOf, built in dst's storage (a round keeps its list
// on the stack).
func (s *State) combatInto(dst []*Unit, u *Unit) []*Unit {
	seen := append(dst[:0], u)
	for i := 0; i < len(seen); i++ {
		for _, id := range seen[i].Engage {
			if e := s.unit(id); e != nil && !slices.Contains(seen, e) {
				seen = append(seen, e)
			}
		}
	}
	slices.SortFunc(seen, func(a, b *Unit) int { return strings.Compare(a.ID, b.ID) })
	return seen
}

// blow is the attacks of one model in an Initiative step.
type blow struct {
	unit   *Unit
	target *Unit
	model  string // the character attacked, or "" for the rank-and-file
	n, ws  int
	str    int
	ini    int // the striker's Initiative
	id     string
	r, f   int    // the striker's slot
	traits traits // the striker's special rules that change his blows
}

// blows lists who strikes in a combat, as it stands: each model touching
// an enemy model attacks with its Attacks (the rank-and-file of the enemy
// unit, or a character when it touches only characters); infantry in the
// rank behind a fighting front-rank model support with 1 Attack (monstrous
// infantry with up to 3).
func (s *State) blows(units []*Unit) []blow { return s.blowsInto(nil, nil, units) }

// blowsInto is blows, built in dst's storage; the foes' lists of
// characters are kept in *chars's storage, grown as needed (nil: a
// storage of its own). The contact tests hand a foe's characters on
// with the unit they return, so that storage cannot start on the stack.
func (s *State) blowsInto(dst []blow, chars *[]string, units []*Unit) []blow {
	// At most every model strikes: size the list once.
	n := 0
	for _, u := range units {
		n += len(u.Models)
	}
	out := slices.Grow(dst[:0], n)
	type hit struct {
		t *Unit
		m string
	}
	// A combat has a handful of units: slices searched in order cost less
	// than maps here.
	// Their storage starts on the stack.
	var framesBuf, foesBuf [4]foe
	var own []string
	if chars == nil {
		chars = &own
	}
	frames, cs := framesBuf[:0], (*chars)[:0]
	for _, u := range units {
		var x foe
		x, cs = foeOf(u, cs)
		frames = append(frames, x)
	}
	*chars = cs
	foes := foesBuf[:0]
	pc := s.profileCache()
	var frontBuf [16]hit
	front := frontBuf[:0] // the front rank's contacts, by file
	type inArc struct {
		t  *Unit
		in bool
	}
	var arcBuf [4]inArc
	arc := arcBuf[:0] // whether an enemy unit is in u's front arc
	for i, u := range units {
		fr := frames[i].fr
		reach := math.Hypot(u.Base[0], u.Base[1]) / 2 // centre to corner
		support := 1
		if len(u.Models) > 0 { // a unit wiped out in this round has no profile
			support = supportingRanks(u, s.rf(u))
		}
		foes = foes[:0]
		for _, id := range u.Engage {
			if e := s.unit(id); e != nil {
				if j := slices.Index(units, e); j >= 0 {
					foes = append(foes, frames[j])
				} else {
					x, _ := foeOf(e, nil)
					foes = append(foes, x)
				}
			}
		}
		front = front[:0]
		for range u.Files {
			front = append(front, hit{})
		}
		arc = arc[:0]
		// Most units have no model on a larger base: theirs need no
		// look at a slot's neighbours, nor a base before a foe is near.
		blocks := !u.slotEach()
		for r, rank := range u.Ranks {
			for f, id := range rank {
				if id == "" {
					continue
				}
				c, base, sized, rch, nf := fr.centre(r, f), rect{}, false, reach, 1
				if blocks && ((f+1 < len(rank) && rank[f+1] == id) || (r+1 < len(u.Ranks) && u.Ranks[r+1][f] == id) || (f > 0 && rank[f-1] == id) || (r > 0 && u.Ranks[r-1][f] == id)) {
					// A model on a larger base strikes once, from his
					// block's front-left slot, touching with the whole
					// block (Characters: different sized bases).
					if !u.origin(r, f) {
						continue
					}
					var nr int
					_, _, nr, nf, _ = u.blockAt(r, f)
					base, sized = fr.block(r, f, nr, nf), true
					c = base[0].Add(base[2].Sub(base[0]).Scale(0.5))
					rch = math.Hypot(float64(nf)*u.Base[0], float64(nr)*u.Base[1]) / 2
				}
				var t *Unit
				var tm string
				for k := range foes {
					x := &foes[k] // a foe is large: read in place
					if mayTouch(c, rch, x) {
						if !sized {
							base, sized = fr.base(c), true
						}
						if t, tm = touchedIn(base, x); t != nil {
							break
						}
					}
				}
				if t != nil && len(s.Aims) > 0 {
					// The model chose to attack a character he touches
					// (Close combat: attacking characters).
					if k := slices.IndexFunc(s.Aims, func(a Attack) bool { return a.Model == id }); k >= 0 {
						if e, ok := s.touchedCharacter(base, foes, s.Aims[k].Target); ok {
							t, tm = e, s.Aims[k].Target
						}
					}
				}
				if r == 0 {
					for k := range nf {
						front[f+k] = hit{t, tm}
					}
				}
				// Only a model in contact strikes, and only one in the
				// supporting ranks behind a fighting model supports: the
				// rest need no profile.
				if t == nil && (r < 1 || r > support || front[f].t == nil) {
					continue
				}
				m := u.model(id)
				if m == nil {
					continue
				}
				p := pc.of(m)
				ws := p.WS
				if u.Flags.Afraid {
					ws = 1 // Fear: failed, WS 1 this round
				}
				tr := s.traitsOf(u, p)
				str, step := strength(u, p), strikeStep(p)
				if t != nil {
					a := p.A
					if tr&traitFrenzy != 0 {
						a++ // Frenzy: +1 Attack
					}
					if p.has(RuleAHW) {
						a++ // an additional hand weapon: +1 Attack
					}
					out = append(out, blow{u, t, tm, a, ws, str, step, id, r, f, tr})
					continue
				}
				if p.Type != Infantry && p.Type != MonstrousInfantry {
					continue
				}
				h := front[f]
				if u.model(u.Ranks[0][f]) == nil {
					continue
				}
				k := slices.IndexFunc(arc, func(a inArc) bool { return a.t == h.t })
				if k < 0 {
					// The frames worked out above give the same
					// vectors as the unit's own trigonometry.
					tc := h.t.centre()
					if j := slices.IndexFunc(foes, func(x foe) bool { return x.u == h.t }); j >= 0 {
						tc = foes[j].fr.unitCentre()
					}
					arc = append(arc, inArc{h.t, fr.frontArc(tc)})
					k = len(arc) - 1
				}
				if !arc[k].in {
					continue
				}
				n := 1
				if p.Type == MonstrousInfantry {
					n = min(p.A, 3)
				}
				out = append(out, blow{u, h.t, h.m, n, ws, str, step, id, r, f, tr})
			}
		}
	}
	return out
}

// touchedCharacter is the enemy unit among foes whose character id a
// base touches, if it does.
func (s *State) touchedCharacter(base rect, foes []foe, id string) (*Unit, bool) {
	for i := range foes {
		if !slices.Contains(foes[i].chars, id) {
			continue
		}
		if r, ok := foes[i].u.modelRect(id); ok && touching(base, r, contactEps) {
			return foes[i].u, true
		}
	}
	return nil, false
}

// supportingRanks is how many ranks behind the fighting rank support: one,
// or two for a horde — a unit 10 or more wide, 6 or more for monstrous
// infantry (Supporting attacks, Horde).
func supportingRanks(u *Unit, rf Profile) int {
	wide := 10
	if rf.Type.monstrous() {
		wide = 6
	}
	n := 1
	if u.Files >= wide {
		n = 2
	}
	if rf.has(RuleSpear) && (rf.Type == Infantry || rf.Type == MonstrousInfantry) {
		n++ // spears: infantry fight in an extra rank
	}
	return n
}

// foe is an engaged enemy unit with its placement worked out, and its
// characters (the models a contact must tell from the rank-and-file).
type foe struct {
	u     *Unit
	fr    frame
	chars []string
}

// foeOf works a unit's foe out, its characters appended to buf; it
// returns buf grown (the foe's list stays as it is whatever is appended
// to buf later).
func foeOf(u *Unit, buf []string) (foe, []string) {
	start := len(buf)
	for i := range u.Models {
		if u.Models[i].Role == Character {
			buf = append(buf, u.Models[i].ID)
		}
	}
	return foe{u, u.frame(), buf[start:len(buf):len(buf)]}, buf
}

// touched is the enemy unit a base touches, and the character it attacks
// when it touches only characters of that unit.
func touched(base rect, foes []foe) (*Unit, string) {
	for i := range foes {
		if e, m := touchedIn(base, &foes[i]); e != nil {
			return e, m
		}
	}
	return nil, ""
}

// contactEps is the tolerance within which two bases are in contact.
const contactEps = 0.05

// mayTouch is a cheap first test for a base centred on c whose corners
// are at most reach from it: false when its centre is too far from the
// enemy block for the base to touch it.
func mayTouch(c geom.Point, reach float64, x *foe) bool {
	e, efr := x.u, x.fr
	v := c.Sub(e.At)
	side, ahead := v.Dot(efr.rt), v.Dot(efr.fw)
	lim := reach + contactEps
	return math.Abs(side) <= float64(e.Files)*e.Base[0]/2+lim && ahead <= lim && ahead >= -float64(len(e.Ranks))*e.Base[1]-lim
}

// touchedIn is touched for one enemy unit. The base's extent along the
// enemy block's own axes gives the few ranks and files it can reach: only
// their bases are measured.
func touchedIn(base rect, x *foe) (*Unit, string) {
	const eps = contactEps
	e, efr := x.u, x.fr
	// The base's extent across (side) and along (ahead) the enemy's
	// facing, from the centre of its front edge.
	smin, smax := project(base, efr.rt)
	amin, amax := project(base, efr.fw)
	o := e.At.Sub(geom.Point{})
	smin, smax = smin-o.Dot(efr.rt), smax-o.Dot(efr.rt)
	amin, amax = amin-o.Dot(efr.fw), amax-o.Dot(efr.fw)
	w, d := e.Base[0], e.Base[1]
	half, depth := float64(e.Files)*w/2, float64(len(e.Ranks))*d
	// Clear of the block along its own axes: no slot can touch. (Touching
	// a slot implies touching the block, so the block itself needs no
	// further test.)
	if smin > half+eps || smax < -half-eps || amin > eps || amax < -depth-eps {
		return nil, ""
	}
	// File f spans side (f − filesC ∓ ½)·w, rank r spans ahead −(r+1)·d
	// to −r·d: those that overlap the base's extent within eps (the rest
	// are separated along the enemy's own axes).
	const fuzz = 1e-9
	f0 := max(0, int(math.Ceil((smin-eps)/w+efr.filesC-0.5-fuzz)))
	f1 := min(e.Files-1, int(math.Floor((smax+eps)/w+efr.filesC+0.5+fuzz)))
	r0 := max(0, int(math.Ceil(-(amax+eps)/d-1-fuzz)))
	r1 := min(len(e.Ranks)-1, int(math.Floor((eps-amin)/d+fuzz)))
	// Along the enemy's axes each slot's extent is known without
	// projecting its corners; the base's own axes need measuring only
	// when they are askew to the enemy's (a unit squarely in contact
	// shares them).
	axis := base[1].Sub(base[0])
	l := axis.Len()
	square := math.Abs(axis.Cross(efr.fw)) <= 1e-12*l || math.Abs(axis.Dot(efr.fw)) <= 1e-12*l
	chars, rf := "", false
	for r := r0; r <= r1; r++ {
		rank := e.Ranks[r]
		ahi := -float64(r) * d
		if amin-ahi > eps || ahi-d-amax > eps {
			continue
		}
		for f := f0; f <= f1 && f < len(rank); f++ {
			eid := rank[f]
			slo := (float64(f) - efr.filesC - 0.5) * w
			if eid == "" || smin-(slo+w) > eps || slo-smax > eps {
				continue
			}
			if !square && !closeOn(base, base, efr.base(efr.centre(r, f)), eps) {
				continue
			}
			if slices.Contains(x.chars, eid) {
				if chars == "" {
					chars = eid
				}
			} else {
				rf = true
			}
		}
	}
	switch {
	case rf:
		return e, ""
	case chars != "":
		return e, chars
	}
	return nil, ""
}

// checkFight validates fighting a combat.
func (s *State) checkFight(a Fight) (*Unit, *rules.RuleError) {
	u := s.unit(a.Unit)
	switch {
	case u == nil:
		return nil, rules.Errorf(CodeNoSuchID, ruleCloseCombat, "no unit %q", a.Unit)
	case !u.engaged():
		return nil, rules.Errorf(CodeCombat, ruleCloseCombat, "%s is not in close combat", a.Unit)
	case slices.Contains(s.Fought, u.ID):
		return nil, rules.Errorf(CodeCombat, ruleCloseCombat, "%s's combat has been fought this turn", a.Unit)
	}
	return u, nil
}

// fight resolves one round of a close combat: blows by Initiative, the
// combat result, break tests, flight and pursuit.
func (s *State) fight(a Fight, r roller) error {
	u, err := s.checkFight(a)
	if err != nil {
		return err
	}
	var unitsBuf [4]*Unit
	units := s.combatInto(unitsBuf[:0], u)
	if err := s.checkAttacks(units, s.activeSeat(), a.Attacks); err != nil {
		return err
	}
	s.aim(a.Attacks)
	// The player whose turn it is issued no challenge: the other player
	// may, before the blows (Challenges), may make way (Make Way!) and
	// may choose whom his models attack.
	if other := enemySeat(units, s.activeSeat()); s.counterChallenge(units) || len(s.makeWays(units, other)) > 0 || len(s.attackChoices(units, other)) > 0 {
		s.Asked, s.Phase = u.ID, PhaseCounter
		return nil
	}
	return s.fightRound(u, r)
}

// Melee is a round of close combat waiting between two Initiative steps
// for the owner of a unit to name who fills a vacated front slot (In the
// First Rank!): the combat's units, the step to strike next, and what each
// side has caused so far (by seat index, as s.Seats).
type Melee struct {
	Units    []string `json:"units"`
	Next     int      `json:"next"`
	Caused   []int    `json:"caused"`
	Overkill []int    `json:"overkill,omitempty"`
}

func (m *Melee) clone() *Melee {
	c := *m
	c.Units, c.Caused, c.Overkill = slices.Clone(m.Units), slices.Clone(m.Caused), slices.Clone(m.Overkill)
	return &c
}

// fightRound resolves the round of u's combat, its challenge settled.
func (s *State) fightRound(u *Unit, r roller) error {
	var unitsBuf [4]*Unit
	units := s.combatInto(unitsBuf[:0], u)
	for _, x := range units {
		s.Fought = append(s.Fought, x.ID)
	}
	if err := s.fearTests(units, r); err != nil {
		return err
	}
	m := Melee{Next: strikeSteps - 1, Caused: make([]int, len(s.Seats))}
	if i := s.duelIn(units); i >= 0 && s.Duels[i].Foe != "" {
		// Refused, there is no challenge to overkill.
		m.Overkill = make([]int, len(s.Seats))
	}
	return s.strike(units, &m, r)
}

// resumeMelee goes on with the round a move-up interrupted: it settles
// the rest of the step's casualties, then strikes on from the next step.
func (s *State) resumeMelee(r roller) error {
	m := s.Melee
	s.Melee = nil
	units := make([]*Unit, 0, len(m.Units))
	for _, id := range m.Units {
		if x := s.unit(id); x != nil {
			units = append(units, x)
		}
	}
	if s.settle(units, m) {
		return nil
	}
	return s.strike(units, m, r)
}

// settle closes the gaps of a step's casualties in each unit of the
// combat and removes the units wiped out. When a vacated front slot has
// several models with In the First Rank! that may fill it, the owner is
// asked (the move-up step) and the round waits in s.Melee: it reports
// true then.
func (s *State) settle(units []*Unit, m *Melee) bool {
	for _, x := range units {
		if s.unit(x.ID) == nil {
			continue
		}
		s.fillGaps(x, true)
		if s.Vacancy != nil {
			if m.Units == nil {
				for _, y := range units {
					m.Units = append(m.Units, y.ID)
				}
			}
			s.Melee = m
			return true
		}
		if len(x.Models) == 0 {
			s.destroy(x, "is wiped out")
		}
	}
	return false
}

// strike fights a round's Initiative steps from m.Next down, then the
// combat result.
func (s *State) strike(units []*Unit, m *Melee, r roller) error {
	caused := m.Caused
	// A round emits an event for each group of blows, each wound roll and
	// each casualty: room for them at once.
	s.stepped = slices.Grow(s.stepped, 16)
	// The ranks whose models strike or support: the fighting rank and
	// one behind it, two behind a horde.
	deep := 2
	for _, x := range units {
		if len(x.Models) > 0 {
			deep = max(deep, 1+supportingRanks(x, s.rf(x)))
		}
	}
	sc := scratchPool.Get().(*scratch)
	defer sc.release()
	front := frontRanks(sc.front[:0], units, deep)
	var steps [strikeSteps]bool // the steps a model of the combat strikes at
	pc := s.profileCache()
	for _, x := range units {
		for i := range x.Models {
			steps[strikeStep(pc.of(&x.Models[i]))] = true
		}
	}
	all := s.blowsInto(sc.blows[:0], &sc.chars, units)
	// A challenge in this combat (Challenges) changes who strikes whom;
	// a combat without one pays a nil test.
	var duel *Duel
	overkill := m.Overkill
	if i := s.duelIn(units); i >= 0 {
		d := s.Duels[i]
		duel = &d
		all = s.duelBlows(all, duel)
	}
	hasObstacle := slices.ContainsFunc(s.Terrain, func(p Piece) bool { return p.Kind == Hedge || p.Kind == Wall })
	// Room for a few groups and targets on the stack.
	var groupsBuf [8]group
	var hitsBuf [8]tally
	for ini := m.Next; ini >= 0; ini-- {
		if !steps[ini] || !strikesAt(all, ini) {
			continue
		}
		hits, groups := hitsBuf[:0], groupsBuf[:0]
		// The rank-and-file's Weapon Skill of the last target looked up:
		// the blows on a unit come together.
		var rfOf *Unit
		rfWS := 0
		for i := range all {
			b := &all[i] // a blow is large: read in place
			if b.ini != ini {
				continue
			}
			var def int
			if b.model != "" {
				def = s.profile(b.target.model(b.model)).WS
			} else {
				if b.target != rfOf {
					rfOf, rfWS = b.target, s.rf(b.target).WS
				}
				def = rfWS
			}
			if b.target.Flags.Afraid {
				def = 1 // Fear: failed, WS 1 this round
			}
			need := wounds.MeleeNeed(b.ws, def)
			wall := ""
			if b.unit.Flags.Charged && hasObstacle {
				// Obstacles and combat: −1 to hit for the chargers at
				// a defended hedge or wall, in the round they charge.
				if wall = s.defendedObstacle(*b); wall != "" {
					need++
				}
			}
			i := -1
			for k := range groups {
				if groups[k].sameRoll(b, need, wall) {
					i = k
					break
				}
			}
			if i < 0 {
				groups = append(groups, group{*b, need, wall})
				continue
			}
			groups[i].b.n += b.n
		}
		for _, g := range groups {
			b := g.b
			h, d, err := rollToHit(b.n, g.need, r)
			if err != nil {
				return err
			}
			reroll := ""
			why := ruleHatred
			if b.traits&traitHatred == 0 && b.traits&traitASF != 0 {
				// Always Strikes First: with the higher Initiative, the
				// misses are rolled again.
				ti := s.rf(b.target).I
				if b.model != "" {
					ti = s.profile(b.target.model(b.model)).I
				}
				if b.ini%stepBand > min(ti, 10) {
					b.traits |= traitHatred
					why = "Always Strikes First, the higher Initiative"
				}
			}
			if b.traits&traitHatred != 0 && h < b.n {
				// Hatred: the misses of the first round are rolled
				// again.
				h2, d2, err := rollToHit(b.n-h, g.need, r)
				if err != nil {
					return err
				}
				h += h2
				d = append(d, d2...)
				reroll = " (misses re-rolled, " + why + ")"
			}
			s.emit(Event{What: "fought", Unit: b.unit.ID, Dice: d, Value: float64(h), Text: newLine().s(b.unit.ID, ": ").n(b.n).s(" attacks at Initiative ").n(ini%stepBand).s(bandText(ini)).s(" on ", targetName(b), " needing ").n(g.need).s("+").s(wallText(g.wall)).s(": ").n(h).s(" hits", reroll).String()})
			var k tally
			k.k.unit, k.k.model, k.k.str, k.k.traits, k.n = b.target.ID, b.model, b.str, b.traits&woundTraits, h
			if b.traits&traitPoison != 0 {
				k.sixes = naturalSixes(d, g.need)
			}
			if i := slices.IndexFunc(hits, func(t tally) bool { return t.k == k.k }); i >= 0 {
				hits[i].n += h
				hits[i].sixes += k.sixes
			} else {
				hits = append(hits, k)
			}
		}
		for _, kh := range hits {
			k := kh.k
			t := s.unit(k.unit)
			if t == nil || kh.n == 0 {
				continue
			}
			var direct map[string]int // nil for hits on the rank-and-file
			pool := kh.n
			if k.model != "" {
				direct, pool = map[string]int{k.model: kh.n}, 0
			}
			s.overkill = 0
			w, err := s.applyWoundsWith(t, direct, pool, k.str, strikeMods{traits: k.traits, sixes: kh.sixes, melee: true}, r)
			if err != nil {
				return err
			}
			for i, seat := range s.Seats {
				if seat != t.Seat {
					caused[i] += w
					if overkill != nil && (k.model == duel.Challenger || k.model == duel.Foe) {
						overkill[i] += s.overkill
					}
				}
			}
		}
		m.Next = ini - 1
		if s.settle(units, m) {
			return nil // the owner names who moves up; the round waits
		}
		// Casualties come from the rear: who is in contact changes only
		// when a striker falls or the front ranks change.
		if !sameFronts(front, units, deep) || !strikersStand(all) {
			all = s.blowsInto(all, &sc.chars, units)
			if duel != nil {
				all = s.duelBlows(all, duel)
			}
			front = frontRanks(front, units, deep)
		}
	}
	if m.Next >= -1 {
		// Stomp and Thunderstomp come after every other blow.
		if err := s.stomps(all, caused, r); err != nil {
			return err
		}
		m.Next = -2
		if s.settle(units, m) {
			return nil
		}
	}
	sc.blows, sc.front = all, front
	for i, o := range overkill {
		if o > 0 {
			o = min(o, maxOverkill)
			caused[i] += o
			s.emit(Event{What: "overkill", Value: float64(o), Text: newLine().s(string(s.Seats[i]), ": overkill adds ").n(o).s(" to the combat result (", ruleChallenge, ")").String()})
		}
	}
	s.Aims = nil
	for _, x := range units {
		if s.unit(x.ID) != nil && x.engaged() {
			x.Rounds++ // a unit whose foes all fell this round is out of combat
		}
	}
	if err := s.combatResult(units, caused, r); err != nil {
		return err
	}
	if duel != nil {
		s.endDuels()
	}
	return nil
}

// scratch is working storage a round of close combat borrows and gives
// back: the list of blows and of front-rank models are rebuilt every
// round, and allocating them anew cost a round a tenth of its time.
type scratch struct {
	blows []blow
	front []string
	chars []string // the characters of the combat's units, for blowsInto
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// release clears what the round left (the blows point into its units)
// and gives the storage back.
func (sc *scratch) release() {
	clear(sc.blows)
	clear(sc.front)
	clear(sc.chars)
	sc.blows, sc.front, sc.chars = sc.blows[:0], sc.front[:0], sc.chars[:0]
	scratchPool.Put(sc)
}

// group is the blows of one unit on one target with the same roll, rolled
// together as players roll them.
type group struct {
	b    blow
	need int
	wall string // the defended obstacle the chargers strike across, or ""
}

// sameRoll reports whether two groups' blows are rolled together: the
// same striking unit, target and Strength, the same roll needed and the
// same special rules.
func (g *group) sameRoll(b *blow, need int, wall string) bool {
	return g.b.unit == b.unit && g.b.target == b.target && g.b.model == b.model && g.b.str == b.str && g.need == need && g.wall == wall && g.b.traits == b.traits
}

// ruleObstacleCC names the rule of defended obstacles.
const ruleObstacleCC = "Obstacles and combat"

func wallText(wall string) string {
	if wall == "" {
		return ""
	}
	return " (-1 charging across " + wall + ", " + ruleObstacleCC + ")"
}

// touchSlack is how near a base must come to an obstacle to touch it.
const touchSlack = 0.05

// defendedObstacle names the hedge or wall a charging model strikes
// across, or "" (Obstacles and combat, 8th edition): the obstacle is
// defended when the unit struck touches it, and a charging model in
// contact with it — or supporting one that is, from behind in its file —
// is at −1 to hit. The caller applies it only in the round the unit
// charged.
func (s *State) defendedObstacle(b blow) string {
	u, t := b.unit, b.target
	fr := u.frame()
	// The model in the front rank of the striker's file: the striker, or
	// the fighting model he supports.
	front := fr.base(fr.centre(0, b.f))
	if b.r == 0 {
		if r, f, nr, nf, ok := u.block(b.id); ok && nr*nf > 1 {
			front = fr.block(r, f, nr, nf)
		}
	}
	front = grown(front, touchSlack)
	tfp := grown(t.footprint(), touchSlack)
	for i := range s.Terrain {
		p := &s.Terrain[i]
		if (p.Kind == Hedge || p.Kind == Wall) && enters(front[:], p.Polygon) && enters(tfp[:], p.Polygon) {
			return p.label(i)
		}
	}
	return ""
}

// grown is a rectangle enlarged by d on every side.
func grown(r rect, d float64) rect {
	var out rect
	for i, p := range r {
		a, b := r[(i+3)%4], r[(i+1)%4]
		e1, e2 := p.Sub(a), p.Sub(b)
		if l := e1.Len(); l > 0 {
			e1 = e1.Scale(d / l)
		}
		if l := e2.Len(); l > 0 {
			e2 = e2.Scale(d / l)
		}
		out[i] = p.Add(e1).Add(e2)
	}
	return out
}

// tally is the hits of an Initiative step on one target (a unit's
// rank-and-file, or a character) at one Strength.
type tally struct {
	k struct {
		unit, model string
		str         int
		traits      traits // those that change the wound and save rolls
	}
	n     int
	sixes int // hits scored on a natural 6 (Poisoned Attacks)
}

// frontRanks lists the models of every unit's first deep ranks, in order
// (the ranks whose models strike and support), reusing dst's storage.
func frontRanks(dst []string, units []*Unit, deep int) []string {
	out := dst[:0]
	for _, u := range units {
		out = append(out, u.ID)
		for r := 0; r < min(deep, len(u.Ranks)); r++ {
			out = append(out, u.Ranks[r]...)
		}
	}
	return out
}

// sameFronts reports whether the units' first ranks still hold what
// frontRanks listed in front.
func sameFronts(front []string, units []*Unit, deep int) bool {
	i := 0
	for _, u := range units {
		if i >= len(front) || front[i] != u.ID {
			return false
		}
		i++
		for r := 0; r < min(deep, len(u.Ranks)); r++ {
			rank := u.Ranks[r]
			if i+len(rank) > len(front) || !slices.Equal(front[i:i+len(rank)], rank) {
				return false
			}
			i += len(rank)
		}
	}
	return i == len(front)
}

// strikersStand reports whether every striker still stands in its slot
// and every target is still there.
func strikersStand(all []blow) bool {
	for i := range all {
		b := &all[i] // a blow is large: read in place
		ranks := b.unit.Ranks
		if b.r >= len(ranks) || b.f >= len(ranks[b.r]) || ranks[b.r][b.f] != b.id ||
			(b.model != "" && b.target.model(b.model) == nil) || len(b.target.Models) == 0 {
			return false
		}
	}
	return true
}

// strikesAt reports whether a blow of all falls at Initiative ini.
func strikesAt(all []blow, ini int) bool {
	for i := range all {
		if all[i].ini == ini {
			return true
		}
	}
	return false
}

func targetName(b blow) string {
	if b.model != "" {
		return b.model
	}
	return b.target.ID
}

// rankBonus is +1 for each rank behind the first of 5 or more models (3
// for the monstrous types), at most +3, only for a unit 5 (3) wide.
func (s *State) rankBonus(u *Unit) int {
	full := 5
	if s.rf(u).Type.monstrous() {
		full = 3
	}
	if u.Files < full || u.Flags.Fleeing || s.skirmishers(u) {
		return 0
	}
	return min(s.fullRanks(u, full), 3)
}

// fullRanks counts the ranks behind the first holding full models or
// more. A model in one slot counts as one; the block of a model on a larger base counts as the rank-and-file
// that would fill its slots when his base covers whole slots, and as
// empty slots when it does not (Characters: different sized bases).
func (s *State) fullRanks(u *Unit, full int) int {
	var buf [4]string
	odd := buf[:0] // the characters whose blocks do not count
	for i := range u.Models {
		m := &u.Models[i]
		if m.Role != Character {
			continue
		}
		if b := s.profile(m).Base; !fits(b, u.Base) && !wholeBlock(b, u.Base) {
			odd = append(odd, m.ID)
		}
	}
	n := 0
	for _, rank := range u.Ranks[1:] {
		c := 0
		for _, id := range rank {
			if id != "" && (len(odd) == 0 || !slices.Contains(odd, id)) {
				c++
			}
		}
		if c >= full {
			n++
		}
	}
	return n
}

// ranks counts a unit's ranks for Steadfast.
func (s *State) ranks(u *Unit) int { return 1 + s.rankBonusUncapped(u) }

func (s *State) rankBonusUncapped(u *Unit) int {
	if s.skirmishers(u) {
		return 0 // skirmishers have no ranks
	}
	full := 5
	if s.rf(u).Type.monstrous() {
		full = 3
	}
	return s.fullRanks(u, full)
}

// ruleDisruption names the rule that takes a flanked unit's ranks.
const ruleDisruption = "Disruption"

// disruptedBy names the enemy unit fighting u from its flank or rear with
// a rank bonus of its own, or "" (Disruption, 8th edition: u claims no
// rank bonus).
func (s *State) disruptedBy(u *Unit) string {
	for _, id := range u.Engage {
		e := s.unit(id)
		if e != nil && (e.Flags.ChargedFrom == "flank" || e.Flags.ChargedFrom == "rear") && slices.Contains(e.Engage, u.ID) && s.rankBonus(e) > 0 {
			return e.ID
		}
	}
	return ""
}

// chargedThisTurn reports whether a unit charged into its combat this
// player turn (Combat result: Charge!, +1 to its side): it declared a
// charge this turn, did not fail it, and its charge hit a side of the
// enemy.
func chargedThisTurn(u *Unit) bool {
	return u.Flags.Charged && !u.Flags.FailedCharge && u.Flags.ChargedFrom != ""
}

func hasRole(u *Unit, role Role) bool {
	return slices.ContainsFunc(u.Models, func(m Model) bool { return m.Role == role })
}

// combatResult totals each side (wounds caused, ranks, standard, flank
// and rear), breaks a draw with a musician, and has each losing unit take
// its break test. caused is the unsaved wounds each seat caused, by its
// index in s.Seats.
func (s *State) combatResult(units []*Unit, caused []int, r roller) error {
	// Per seat, by index in s.Seats: a handful of entries, no maps.
	n := len(s.Seats)
	score, best := make([]int, n), make([]int, n)
	musician, present := make([]bool, n), make([]bool, n)
	// The bonuses a side claims once however many of its units qualify
	// (a standard, the charge) are gathered apart from those each unit
	// adds (flank, rear), so neither swallows the other whatever the
	// units' order.
	standard, charged, bsb := make([]bool, n), make([]bool, n), make([]bool, n)
	for _, u := range units {
		if s.unit(u.ID) == nil {
			continue
		}
		i := slices.Index(s.Seats, u.Seat)
		if i < 0 {
			continue
		}
		present[i] = true
		if by := s.disruptedBy(u); by != "" {
			s.emit(Event{What: "disrupted", Unit: u.ID, Text: u.ID + " is disrupted by " + by + " in its flank or rear: no rank bonus (" + ruleDisruption + ")"})
		} else {
			best[i] = max(best[i], s.rankBonus(u))
		}
		standard[i] = standard[i] || hasRole(u, Standard)
		charged[i] = charged[i] || chargedThisTurn(u)
		bsb[i] = bsb[i] || slices.ContainsFunc(u.Models, func(m Model) bool { return m.BattleStandard })
		if hasRole(u, Musician) {
			musician[i] = true
		}
		switch u.Flags.ChargedFrom {
		case "flank":
			score[i] += 1
		case "rear":
			score[i] += 2
		}
	}
	for i := range n {
		if standard[i] {
			score[i]++ // one standard counts (Combat result: standard)
		}
		if charged[i] {
			score[i]++ // Combat result: Charge!
		}
		if bsb[i] {
			score[i]++ // the Battle Standard, beside any standard
		}
	}
	var seats []int // in turn order
	for i := range n {
		if present[i] {
			seats = append(seats, i)
		}
	}
	if len(seats) < 2 {
		s.emit(Event{What: "combat-result", Text: "the combat is over: one side is gone"})
		return nil
	}
	text := newLine().s("combat result ")
	for k, i := range seats {
		score[i] += caused[i] + best[i]
		if k > 0 {
			text = text.s(", ")
		}
		text = text.s(string(s.Seats[i]), " ").n(score[i])
	}
	a, b := seats[0], seats[1]
	winner, diff := a, score[a]-score[b]
	if diff < 0 {
		winner, diff = b, -diff
	}
	if diff == 0 {
		switch {
		case musician[a] && !musician[b]:
			winner, diff = a, 1
		case musician[b] && !musician[a]:
			winner, diff = b, 1
		default:
			s.emit(Event{What: "combat-result", Text: text.s(": a draw (", ruleCombatResult, ")").String()})
			return nil
		}
	}
	s.emit(Event{What: "combat-result", Value: float64(diff), Text: text.s(": ", string(s.Seats[winner]), " wins by ").n(diff).s(" (", ruleCombatResult, ")").String()})
	p := &Pursuit{Winner: s.Seats[winner]}
	for _, u := range units {
		if s.unit(u.ID) == nil {
			continue
		}
		if u.Seat == p.Winner {
			p.Units = append(p.Units, u.ID)
			continue
		}
		held, err := s.breakTest(u, units, p.Winner, diff, r)
		if err != nil {
			return err
		}
		if !held {
			p.Broken = append(p.Broken, u.ID)
		}
	}
	if len(p.Broken) == 0 || len(p.Units) == 0 {
		return nil
	}
	// The winner chooses, unit by unit, to pursue or to restrain.
	p.Choose = slices.Clone(p.Units)
	s.Pursuit, s.Phase = p, PhasePursuit
	return nil
}

// breakTest: 2D6 against Ld less the difference, or unmodified when the
// unit is Steadfast (more ranks than every enemy unit in the combat);
// double 1 always passes. It reports whether the unit held.
func (s *State) breakTest(u *Unit, units []*Unit, winner rules.Seat, diff int, r roller) (bool, error) {
	if s.frenzied(u) {
		// Beaten, a frenzied unit loses its Frenzy (Frenzy).
		u.Calmed = true
		s.emit(Event{What: "break-test", Unit: u.ID, Text: u.ID + " loses its Frenzy, beaten in combat (" + ruleFrenzy + ")"})
	}
	if s.unbreakable(u) {
		s.emit(Event{What: "break-test", Unit: u.ID, Text: u.ID + " is Unbreakable: it takes no break test and holds (" + ruleUnbreakable + ")"})
		return true, nil
	}
	steadfast := true
	for _, e := range units {
		if s.unit(e.ID) != nil && e.Seat == winner && s.ranks(e) >= s.ranks(u) {
			steadfast = false
		}
	}
	sf := ""
	if steadfast {
		sf = ", Steadfast"
		// Forests and close combat: ranks do not hold among the trees.
		if wood := s.forestHolding(u); wood != "" {
			steadfast = false
			sf = ", not Steadfast in " + wood + " (" + ruleForestCC + ")"
		}
	}
	if !steadfast && s.anyHas(u, RuleStubborn) {
		// Stubborn: always the unmodified Leadership.
		steadfast = true
		sf = ", Stubborn"
	}
	ld, ldNote := s.ld(u)
	need := ld - diff
	if steadfast {
		need = ld
	}
	pass, d, sum, note, err := s.ldTest(u, need, true, r)
	if err != nil {
		return false, err
	}
	s.emit(Event{What: "break-test", Unit: u.ID, Dice: d, Text: newLine().s(u.ID, " tests Leadership ").n(ld).s(ldNote, sf, " needing ").n(need).s(" or less: ").n(sum).s(note, ", ", passFail(pass), " (", ruleBreak, ")").String()})
	return pass, nil
}

// ruleForestCC names the rule that denies Steadfast in a forest.
const ruleForestCC = "Forests and close combat"

// forestHolding names the forest a unit fights in — the one holding the
// centres of more than half of its models — or "" when there is none
// (Forests and close combat, 8th edition: such a unit is never
// Steadfast). A model on a larger base counts once, at its block's
// centre.
func (s *State) forestHolding(u *Unit) string {
	if len(s.Terrain) == 0 {
		return ""
	}
	models := 0
	var in [8]int // per forest piece, up to the first few pieces
	counts := in[:0]
	for i := range s.Terrain {
		if s.Terrain[i].Kind == Forest {
			counts = append(counts, 0)
		}
	}
	if len(counts) == 0 {
		return ""
	}
	for r, rank := range u.Ranks {
		for f, id := range rank {
			if !u.origin(r, f) {
				continue
			}
			models++
			c := u.modelCentre(id)
			k := 0
			for i := range s.Terrain {
				if p := &s.Terrain[i]; p.Kind == Forest {
					if p.Polygon.Interior(c) {
						counts[k]++
						break
					}
					k++
				}
			}
		}
	}
	// Woods that touch count together: any model among trees is in a
	// forest, and the majority is of all the unit's models in forests.
	total := 0
	for _, n := range counts {
		total += n
	}
	if 2*total <= models {
		return ""
	}
	k, best, label := 0, -1, ""
	for i := range s.Terrain {
		if p := &s.Terrain[i]; p.Kind == Forest {
			if counts[k] > best {
				best, label = counts[k], p.label(i)
			}
			k++
		}
	}
	return label
}

// Pursuit is a combat the losers broke from, waiting for the winner to
// say, unit by unit, whether it pursues or tries to restrain (Flee and
// pursue). The broken units flee, and the pursuers chase them, once every
// winning unit has chosen.
type Pursuit struct {
	Winner rules.Seat `json:"winner"`
	Broken []string   `json:"broken"` // the units that broke, in the combat's order
	Units  []string   `json:"units"`  // the winning units, in the combat's order
	Choose []string   `json:"choose"` // winning units still to choose
	Pursue []string   `json:"pursue"` // winning units that pursue
}

func (p *Pursuit) clone() *Pursuit {
	c := *p
	c.Broken, c.Units, c.Choose, c.Pursue = slices.Clone(p.Broken), slices.Clone(p.Units), slices.Clone(p.Choose), slices.Clone(p.Pursue)
	return &c
}

// checkPursue validates a winning unit's choice.
func (s *State) checkPursue(a Pursue) (*Unit, *rules.RuleError) {
	p := s.Pursuit
	u := s.unit(a.Unit)
	if p == nil || u == nil || !slices.Contains(p.Choose, a.Unit) {
		return nil, rules.Errorf(CodeNoSuchID, rulePursuit, "%q is no winning unit still to choose whether it pursues", a.Unit)
	}
	if a.Restrain && s.frenzied(u) {
		return nil, rules.Errorf(CodeCombat, ruleFrenzy, "%s is frenzied: it must pursue", a.Unit)
	}
	return u, nil
}

// pursue records a winning unit's choice: pursue, or restrain with a
// Leadership test (2D6 against its Ld; failed, it pursues anyway). Once
// every winning unit has chosen, the broken units flee and the pursuers
// chase them.
func (s *State) pursue(a Pursue, r roller) error {
	u, err := s.checkPursue(a)
	if err != nil {
		return err
	}
	p := s.Pursuit
	p.Choose = slices.DeleteFunc(p.Choose, func(id string) bool { return id == a.Unit })
	chase := true
	if a.Restrain {
		ld, ldNote := s.ld(u)
		held, d, sum, note, err := s.ldTest(u, ld, false, r)
		if err != nil {
			return err
		}
		what := "it holds its ground"
		if !held {
			what = "it pursues"
		}
		s.emit(Event{What: "restrain-test", Unit: u.ID, Dice: d, Text: newLine().s(u.ID, " tries to restrain its pursuit: ").n(sum).s(" against Ld ").n(ld).s(ldNote, note, ", ", passFail(held), ": ", what, " (", ruleRestrain, ")").String()})
		chase = !held
	}
	if chase {
		p.Pursue = append(p.Pursue, a.Unit)
	}
	if len(p.Choose) > 0 {
		return nil
	}
	return s.rout(r)
}

// rout ends a pursuit: each broken unit flees 2D6" directly away from the
// winners, then each pursuing unit rolls 2D6" after it; a fleeing unit
// caught (a pursuit roll at least its flight) is destroyed.
func (s *State) rout(r roller) error {
	p := s.Pursuit
	s.Pursuit = nil
	s.Phase = PhaseCombat
	for _, id := range p.Broken {
		u := s.unit(id)
		if u == nil {
			continue
		}
		var from *Unit
		for _, w := range p.Units {
			if from = s.unit(w); from != nil {
				break
			}
		}
		if from == nil {
			break
		}
		flee, fd, err := s.fleeRoll(u, r)
		if err != nil {
			return err
		}
		before := *u
		s.panics = append(s.panics, panicCause{seat: u.Seat, src: *u, why: "friends break"})
		s.fleeBy(u, from.centre(), flee, fd, "breaks and flees")
		if s.unit(u.ID) == u {
			if err := s.dangerousMove(before, u, r); err != nil {
				return err
			}
		}
		gone := s.unit(u.ID) != u
		for _, w := range p.Units {
			e := s.unit(w)
			if e == nil || !slices.Contains(p.Pursue, w) {
				continue
			}
			dist, pd, err := s.fleeRoll(e, r)
			if err != nil {
				return err
			}
			caught := dist >= flee
			dir := u.centre().Sub(e.centre()).Unit()
			before := *e
			e.At = e.At.Add(dir.Scale(min(dist, s.room(e, dir, dist))))
			s.emit(Event{What: "pursued", Unit: e.ID, Dice: pd, Value: dist, Text: newLine().s(e.ID, " pursues ").inches(dist).s(`" against `).inches(flee).s(`" fled (`, rulePursuit, ")").String()})
			if caught && !gone {
				s.caught(u, e.ID)
				gone = true
			}
			if err := s.dangerousMove(before, e, r); err != nil {
				return err
			}
		}
	}
	return nil
}

// fleeRoll rolls a flee or pursuit distance: 2D6, or with Swiftstride
// (every model of the unit has it) 3D6 keeping the best two — the 8th
// edition gives Swiftstride to charge, flee and pursuit rolls alike.
func (s *State) fleeRoll(u *Unit, r roller) (float64, []int, error) {
	n := 2
	if len(u.Models) > 0 && s.swift(u) {
		n = 3
	}
	d, err := r.d6s(n)
	if err != nil {
		return 0, nil, err
	}
	return float64(bestTwo(d)), d, nil
}

// bestTwo is the sum of the two highest dice.
func bestTwo(d []int) int {
	a, b := 0, 0
	for _, f := range d {
		switch {
		case f > a:
			a, b = f, a
		case f > b:
			b = f
		}
	}
	return a + b
}

// room is how far a unit may go along dir, up to want, staying on the
// table. It measures a copy of the unit: the state is never moved to ask.
func (s *State) room(u *Unit, dir geom.Vec, want float64) float64 {
	v := *u
	at := u.At
	lo, hi := 0.0, want
	v.At = at.Add(dir.Scale(want))
	if s.onTable(&v) {
		return want
	}
	for range 20 {
		mid := (lo + hi) / 2
		v.At = at.Add(dir.Scale(mid))
		if s.onTable(&v) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// endTurn closes the player turn once every combat has been fought, and
// ends the game after the last round.
func (s *State) endTurn() error {
	for _, u := range s.Units {
		if u.engaged() && !slices.Contains(s.Fought, u.ID) {
			return rules.Errorf(CodeCombat, ruleCloseCombat, "%s's combat has not been fought this turn", u.ID)
		}
	}
	for _, u := range s.Units {
		fleeing, from := u.Flags.Fleeing, u.Flags.ChargedFrom
		u.Flags = UnitFlags{Fleeing: fleeing}
		if u.engaged() {
			u.Flags.ChargedFrom = from
		}
	}
	s.Charges, s.Fought, s.Aims, s.NoFirstCharge = nil, nil, nil, nil
	// An accepted challenge goes on into the next turn while both
	// duellists stand in one combat (Challenges).
	s.endDuels()
	s.Active = (s.Active + 1) % len(s.Seats)
	s.Turn++
	if (s.Turn-1)%len(s.Seats) == 0 {
		s.Round++
	}
	alive := map[rules.Seat]bool{}
	for _, u := range s.Units {
		alive[u.Seat] = true
	}
	if s.Round > s.Rounds || len(alive) < 2 {
		s.Phase = PhaseOver
		s.Round = min(s.Round, s.Rounds)
		s.decide()
		return nil
	}
	s.Phase = PhaseCharges
	s.emit(Event{What: "turn", Text: fmt.Sprintf("round %d: %s's turn", s.Round, s.activeSeat())})
	return nil
}
