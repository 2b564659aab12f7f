package oddsterms

import (
	"fmt"
	"strings"
	"sync"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/infinity/catalog"
)

// A side may name a trooper and a weapon from the Infinity catalog instead
// of numbers: "fusilier combi-rifle range 12" rolls the Fusilier's BS with
// the Combi Rifle's Burst, DAM and ammunition, and the Range MOD of 12"
// worked out from its range row; the Fusilier's ARM, BTS, PH and W are its
// own stats for the other side's attack. A word given explicitly wins over
// the catalog ("fusilier combi-rifle range 12 B1" for an ARO).

// Catalog is where trooper and weapon words are looked up. It is loaded the
// first time a side uses one, so `ordo odds` with numbers never parses it.
// Tests and programs with their own catalog may replace it.
var Catalog = sync.OnceValues(catalog.Default)

// unitsUsed records the catalog words of a side for finish.
type unitsUsed struct {
	profile *catalog.Profile
	weapon  *catalog.Weapon
	pw, ww  word // the words that named them
	rng     *float64
	rw      word
	dodge   bool
	dw      word
}

// lookupUnit tries w as a catalog id: a profile or a weapon. It reports
// whether it was one.
func (p *parser) lookupUnit(w word) (bool, error) {
	id := strings.ToLower(w.text)
	if !validUnitWord(id) {
		return false, nil
	}
	cat, err := Catalog()
	if err != nil {
		return false, errorf(w, "the catalog could not be loaded to look the word up: %v", err)
	}
	if pr, ok := cat.Profile(id); ok {
		if p.u.profile != nil {
			return true, errorf(w, "two troopers, %s (word %d) and %s; a side is one trooper", p.u.profile.ID, p.u.pw.pos, id)
		}
		p.u.profile, p.u.pw = &pr, w
		return true, nil
	}
	if wp, ok := cat.Weapon(id); ok {
		if p.u.weapon != nil {
			return true, errorf(w, "two weapons, %s (word %d) and %s; a side attacks with one", p.u.weapon.ID, p.u.ww.pos, id)
		}
		p.u.weapon, p.u.ww = &wp, w
		return true, nil
	}
	return false, nil
}

// validUnitWord reports a word shaped like a catalog id.
func validUnitWord(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// maxRange bounds the range word: no table is longer.
const maxRange = 200

// rangeWord reads "range 12": the distance to the target in inches.
func (p *parser) rangeWord(w word, val string, _ bool) error {
	var d float64
	if _, err := fmt.Sscan(val, &d); err != nil || d < 0 || d > maxRange || d != d {
		return errorf(w, "range must be a distance in inches 0..%d, got %q", maxRange, val)
	}
	if err := p.once(w, "range"); err != nil {
		return err
	}
	p.u.rng, p.u.rw = &d, w
	return nil
}

// dodgeWord is "dodge": the side rolls its trooper's PH (Dodge (N4)).
func (p *parser) dodgeWord(w word) error {
	if err := p.once(w, "dodge"); err != nil {
		return err
	}
	p.u.dodge, p.u.dw = true, w
	return nil
}

// applyUnits fills what the trooper and weapon words give and the side's
// own words left unset.
func (p *parser) applyUnits() error {
	s, u := &p.s, &p.u
	if u.profile == nil && u.weapon == nil {
		if u.rng != nil {
			return errorf(u.rw, "range needs a weapon from the catalog to read its range row (e.g. fusilier combi-rifle range 12)")
		}
		if u.dodge && s.Attribute != AttrPH {
			return errorf(u.dw, "a Dodge rolls PH: name the trooper from the catalog, or write PH 11 instead of %s", s.Attribute)
		}
		return nil
	}
	if pr := u.profile; pr != nil {
		s.Trooper = pr.ID
		setDefault(&s.ARM, pr.ARM)
		setDefault(&s.BTS, pr.BTS)
		setDefault(&s.PH, pr.PH)
		setDefault(&s.W, pr.W)
	}
	if u.dodge {
		if u.weapon != nil {
			return errorf(u.dw, "a Dodge is not an attack: drop the weapon %s", u.weapon.ID)
		}
		switch {
		case s.Attribute == "" && u.profile != nil:
			s.Attribute, s.Base = AttrPH, u.profile.PH
		case s.Attribute != AttrPH && s.Attribute != "":
			return errorf(u.dw, "a Dodge rolls PH, not %s", s.Attribute)
		}
		return nil
	}
	wp := u.weapon
	if wp == nil {
		if u.rng != nil {
			return errorf(u.rw, "range needs the weapon too (e.g. %s combi-rifle range 12)", u.profile.ID)
		}
		return nil // only a target: the trooper's own stats
	}
	s.Weapon = wp.ID
	if u.profile == nil && s.Attribute == "" && !wp.Traits.Template.Direct() {
		return errorf(u.ww, "%s needs the trooper who uses it, for the attribute it rolls (e.g. fusilier %s)", wp.ID, wp.ID)
	}
	if wp.DamageAttribute != "" && u.profile == nil && s.Damage == nil {
		return errorf(u.ww, "%s's DAM is its user's %s: name the trooper too", wp.ID, wp.DamageAttribute)
	}
	if wp.Traits.Template.Direct() {
		if u.rng != nil {
			return errorf(u.rw, "%s is a Direct Template: it has no range bands", wp.ID)
		}
		if s.Attribute == "" {
			s.Template = true
		}
	} else if s.Attribute == "" {
		switch {
		case wp.Traits.CC && len(wp.Ranges) == 0:
			s.Attribute, s.Base = AttrCC, u.profile.CC
		case wp.Attribute == AttrPH:
			s.Attribute, s.Base = AttrPH, u.profile.PH
		case wp.Attribute == AttrWIP:
			s.Attribute, s.Base = AttrWIP, u.profile.WIP
		default:
			s.Attribute, s.Base = AttrBS, u.profile.BS
		}
	}
	if s.Burst == 0 && !s.Template && p.aro {
		s.Burst = 1 // B1 in ARO (BS Attack (N4))
	} else if s.Burst == 0 {
		s.Burst = wp.Burst
	}
	if s.Damage == nil && !wp.Traits.Targets {
		dam := wp.Damage
		if u.profile != nil {
			dam = wp.DamageFor(*u.profile)
		}
		s.Damage = intp(dam)
	}
	if s.Ammo == "" && len(wp.Ammo) > 0 && s.Damage != nil {
		s.Ammo = wp.Ammo[0]
	} else if s.Ammo != "" && !wp.HasAmmo(s.Ammo) {
		return errorf(p.seen[kAmmo], "%s has no %s mode (it has %s)", wp.ID, s.Ammo, strings.Join(wp.Ammo, ", "))
	}
	if wp.Traits.Continuous {
		s.Continuous = true
	}
	if wp.Save == SaveBTS && s.Save == "" {
		if a, err := dice.LookupAmmo(s.Ammo); err == nil && a.Attribute == "" {
			s.Save = SaveBTS
		}
	}
	if u.rng != nil {
		if len(wp.Ranges) == 0 {
			return errorf(u.rw, "%s has no range bands", wp.ID)
		}
		mod, ok := wp.RangeMod(*u.rng)
		if !ok {
			return errorf(u.rw, "%s is out of range at %s\" (its row: %s)", wp.ID, fmtDistance(*u.rng), wp.RangeRow())
		}
		s.Range = u.rng
		s.Mods = append(s.Mods, dice.Mod{Name: "Range", Value: mod})
	}
	return nil
}

func setDefault(dst **int, v int) {
	if *dst == nil {
		*dst = intp(v)
	}
}

func fmtDistance(d float64) string { return fmt.Sprintf("%g", d) }
