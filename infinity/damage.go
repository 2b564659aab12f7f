package infinity

import (
	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// maxContinuous bounds the re-rolls of one continuous-damage chain: past it
// the target is long Dead, and a save that always fails must not loop.
const maxContinuous = 64

// applyHits makes the target roll the Saving Rolls an attacker's surviving
// hits force and applies what fails (Saving Rolls (N4)): W/STR loss, Unconscious at
// exactly 0, Dead below, Shock killing the Unconscious, and the states of
// non-lethal ammunition.
func (s *State) applyHits(r *roller, d dice.Source) ([]rules.Event, error) {
	if r.weapon.Traits.Targets {
		// No Saving Roll: the hit puts the target in Targeted State
		// (Forward Observer; Targeted (N4)). It is still a successful
		// Attack, for the Guts Roll.
		if o := s.Order; o != nil {
			o.HitBy = append(o.HitBy, [2]int{r.trooper, r.target})
		}
		st := &s.Troopers[r.target].States
		if st.Targeted {
			return nil, nil
		}
		st.Targeted = true
		return []rules.Event{StateChanged{Trooper: s.Troopers[r.target].ID, State: "Targeted", On: true, Why: r.weapon.Name}}, nil
	}
	ammo, err := dice.LookupAmmo(r.ammo)
	if err != nil {
		return nil, rules.Errorf(rules.CodeIllegal, "Ammunition (N4)", "%v", err)
	}
	t := &s.Troopers[r.target]
	tp := s.profile(r.target)
	attrs := ammo.SaveAttributes(r.weapon.Save)
	var dam int
	from := r.source
	if r.trooper >= 0 {
		dam = r.weapon.DamageFor(*s.profile(r.trooper))
		from = s.Troopers[r.trooper].ID
	} else {
		dam = r.weapon.Damage
	}
	damage := func(a string) int {
		// Templates ignore Partial Cover on the save (Saving Rolls (N4)).
		return ammo.AttackDamage(dam, saveStat(tp, a), r.cover && r.weapon.Traits.Template == "")
	}
	type save struct {
		attr  string
		extra bool // the Critical's extra roll: always 1 W (T2)
		auto  bool // n3-auto-wound: failed without a roll
	}
	var saveBuf [16]save
	saves := saveBuf[:0]
	for range r.out.Hits + r.out.Crits {
		for _, a := range attrs {
			saves = append(saves, save{attr: a})
		}
	}
	for range r.out.Crits {
		if s.Rulings.Get("criticals") == "n3-auto-wound" {
			// The Critical's first roll fails without rolling; the hit's
			// other rolls are still made.
			for i := range saves {
				if !saves[i].auto && !saves[i].extra {
					saves[i].auto = true
					break
				}
			}
			continue
		}
		saves = append(saves, save{attr: attrs[0], extra: true})
	}
	// A successful Attack: the target makes a Guts Roll at the Conclusion.
	if o := s.Order; o != nil {
		o.HitBy = append(o.HitBy, [2]int{r.trooper, r.target})
	}
	ev := Saved{Trooper: t.ID, From: from, Ammo: ammo.Name}
	lost, failedShock := 0, false
	stateFails := 0
	for _, sv := range saves {
		ad := damage(sv.attr)
		ev.AttackDamage = ad
		for roll := 0; roll < maxContinuous; roll++ {
			failed := sv.auto && roll == 0
			if !failed {
				f, err := d.D20()
				if err != nil {
					return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
				}
				ev.Faces = append(ev.Faces, f)
				failed = dice.SaveFails(ad, f)
			}
			if !failed {
				break
			}
			ev.Failed++
			switch {
			case ammo.NonLethal || r.weapon.Traits.NonLethal:
				stateFails++
			case sv.extra:
				lost++
			default:
				lost += max(ammo.WoundsPerFail, 1)
			}
			if ammo.Effect == "SHOCK" {
				failedShock = true
			}
			if !r.weapon.Traits.Continuous || t.Wounds-lost < 0 {
				break
			}
		}
	}
	events := []rules.Event{ev}
	if stateFails > 0 {
		events = append(events, s.ammoState(r.target, ammo)...)
	}
	if lost == 0 && !(failedShock && t.States.Unconscious) {
		return events, nil
	}
	t.Wounds -= lost
	wasUnconscious := t.States.Unconscious
	switch {
	case t.Wounds < 0, failedShock && (t.Wounds == 0 || wasUnconscious):
		// Shock: any failed save kills a trooper that is or goes
		// Unconscious (Ammunition (N4)). The Wounded event below reports it.
		s.die(r.target)
	case t.Wounds == 0:
		// Unconscious troopers leave Suppressive Fire and every other
		// state, and go Prone at once, TAGs excepted (Unconscious (N4)).
		t.States = States{Unconscious: true, Prone: canGoProne(tp.Type)}
	}
	events = append(events, Wounded{Trooper: t.ID, Lost: lost, Left: t.Wounds, States: t.States.Names()})
	return events, nil
}

// canGoProne reports a troop type that can be Prone: every one but TAGs
// (Unconscious (N4): it goes Prone automatically, unless its troop type
// cannot).
func canGoProne(t catalog.TroopType) bool { return t != catalog.TAG }

// ammoState applies a non-lethal ammunition's state (Ammunition (N4)).
func (s *State) ammoState(t int, ammo dice.Ammo) []rules.Event {
	st := &s.Troopers[t].States
	id := s.Troopers[t].ID
	var events []rules.Event
	set := func(flag *bool, name string) {
		if !*flag {
			*flag = true
			events = append(events, StateChanged{Trooper: id, State: name, On: true, Why: ammo.Name})
		}
	}
	switch ammo.Effect {
	case "PARA":
		set(&st.ImmA, "IMM-A")
	case "STUN":
		set(&st.Stunned, "Stunned")
	case "EM":
		set(&st.Isolated, "Isolated")
		if s.profile(t).Type.Structure() || s.profile(t).Type == "HI" {
			set(&st.ImmB, "IMM-B")
		}
	}
	return events
}

// saveStat is the target's attribute a Saving Roll of kind attr ("ARM",
// "BTS" or "PH", from dice.Ammo.SaveAttributes) is made against; the one
// reading of it that resolution and the odds preview share.
func saveStat(tp *catalog.Profile, attr string) int {
	switch attr {
	case "BTS":
		return tp.BTS
	case "PH":
		return tp.PH
	}
	return tp.ARM
}
