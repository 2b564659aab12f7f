package infinity

import (
	"math"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
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
	// Room for the Saving Rolls, a state and the wounds.
	return s.appendHits(make([]rules.Event, 0, 3), r, d)
}

// appendHits is applyHits appending its events to events: Resolution
// gives it its own list rather than have it make one to be copied.
func (s *State) appendHits(events []rules.Event, r *roller, d dice.Source) ([]rules.Event, error) {
	if r.skill.Name == SkillHack {
		ev, err := s.hackHits(r, d)
		if err != nil {
			return nil, err
		}
		return append(events, ev...), nil
	}
	if r.arms().Traits.Targets {
		// No Saving Roll: the hit puts the target in Targeted State
		// (Forward Observer; Targeted (N4)). It is still a successful
		// Attack, for the Guts Roll.
		if o := s.Order; o != nil {
			o.hitBy(r.trooper, r.target)
		}
		st := &s.Troopers[r.target].States
		if st.Targeted {
			return events, nil
		}
		st.Targeted = true
		return append(events, StateChanged{Trooper: s.Troopers[r.target].ID, State: "Targeted", On: true, Why: r.arms().Name}), nil
	}
	ammo, err := dice.LookupAmmo(r.ammo)
	if err != nil {
		return nil, rules.Errorf(rules.CodeIllegal, "Ammunition (N4)", "%v", err)
	}
	// Immunity (N4): Normal ammunition for a trooper immune to it
	// (rule_immunity.go); the ammunition's traits go with it.
	immune := ammo.Name != "N" && s.immuneTo(r.target, ammo.Name)
	ammo = s.savingAmmo(r.target, ammo)
	t := &s.Troopers[r.target]
	tp := s.profile(r.target)
	attrs := ammo.SaveAttributes(r.arms().Save)
	var dam int
	from := r.source
	if r.trooper >= 0 {
		dam = r.arms().DamageFor(*s.profile(r.trooper)) + s.martialDamage(r)
		from = s.Troopers[r.trooper].ID
	} else {
		dam = r.arms().Damage
	}
	damage := func(a string) int {
		// Templates ignore Partial Cover on the save (Saving Rolls (N4)).
		return ammo.AttackDamage(dam, saveStat(tp, a), r.cover && r.arms().Traits.Template == "")
	}
	var saveBuf [16]saveRoll
	saves := s.expandSaves(saveBuf[:0], r.out.Hits+r.out.Crits, r.out.Crits, len(attrs))
	// A successful Attack: the target makes a Guts Roll at the Conclusion.
	if o := s.Order; o != nil {
		o.hitBy(r.trooper, r.target)
	}
	ev := Saved{Trooper: t.ID, From: from, Ammo: ammo.Name}
	lost, failedShock := 0, false
	stateFails := 0
	for _, sv := range saves {
		ad := damage(attrs[sv.of])
		ev.AttackDamage = ad
		for roll := 0; roll < maxContinuous; roll++ {
			failed := sv.auto && roll == 0
			if !failed {
				f, err := d.D20()
				if err != nil {
					return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
				}
				if ev.Faces == nil {
					// Room for a die for every save: one block, not one
					// per doubling; in Resolution, in its rolls' memory.
					if ev.Faces = r.mem.faceRoom(len(saves)); ev.Faces == nil {
						ev.Faces = make([]int, 0, len(saves))
					}
				}
				ev.Faces = append(ev.Faces, f)
				failed = dice.SaveFails(ad, f)
			}
			if !failed {
				break
			}
			ev.Failed++
			switch {
			case ammo.NonLethal || r.arms().Traits.NonLethal:
				stateFails++
			case sv.extra:
				lost++
			default:
				lost += max(ammo.WoundsPerFail, 1)
			}
			if ammo.Effect == "SHOCK" {
				failedShock = true
			}
			if !r.arms().Traits.Continuous || immune || t.Wounds-lost < 0 {
				break
			}
		}
	}
	events = append(events, ev)
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
		t.States = t.States.unconscious(canGoProne(tp.Type))
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

// moveActive places the active model at the end of its declared path,
// appending its event to events (a list of its own for one event was
// garbage at once).
func (s *State) moveActive(events []rules.Event) []rules.Event {
	o := s.Order
	end := o.Path[len(o.Path)-1]
	m := &s.Models[o.Model]
	if end == m.At {
		return events
	}
	from := m.At
	if n := len(o.Path); n >= 2 {
		prev := o.Path[n-2]
		m.Facing = geom.FacingToward(geom.Pt(prev[0], prev[1]), geom.Pt(end[0], end[1])) * 180 / math.Pi
	}
	m.At = end
	return append(events, Moved{Model: m.ID, From: from, To: end, Why: "move"})
}

// dodged applies what a successful Dodge cancels (Dodge (N4)): IMM-A here.
// Engaged follows from silhouette contact (updateEngaged), so the Dodge
// cancels it by its movement out of contact.
func (s *State) dodged(t int) []rules.Event {
	st := &s.Troopers[t].States
	var events []rules.Event
	if st.ImmA {
		st.ImmA = false
		events = append(events, StateChanged{Trooper: s.Troopers[t].ID, State: "IMM-A", Why: "successful Dodge"})
	}
	return events
}

// kill makes a trooper Dead and takes its models off the table.
func (s *State) kill(t int, why string) []rules.Event {
	s.die(t)
	return []rules.Event{StateChanged{Trooper: s.Troopers[t].ID, State: "Dead", On: true, Why: why}}
}

// unconscious is the states of a trooper falling Unconscious: it leaves
// every other state, and goes Prone at once when it can (Unconscious
// (N4)). An Unmanned TAG stays Unmanned: its pilot is out on the table
// (Expel), and the fall does not put him back.
func (st States) unconscious(prone bool) States {
	return States{Unconscious: true, Prone: prone, Unmanned: st.Unmanned}
}

// die makes trooper t Dead: every other state ends and its models leave
// the table (States (N4)); an Unmanned TAG stays Unmanned, as when it
// falls Unconscious. Callers report it in their own event.
func (s *State) die(t int) {
	tr := &s.Troopers[t]
	tr.States = States{Dead: true, Unmanned: tr.States.Unmanned}
	for _, m := range tr.Models {
		s.Models[m].Removed = true
	}
}

// reset applies a successful Reset: it cancels Targeted, IMM-B and Isolated
// (Reset (N4)), and a hacking program's IMM-1 (Hacking (N3)).
func (s *State) reset(t int) []rules.Event {
	st := &s.Troopers[t].States
	var events []rules.Event
	for _, c := range []struct {
		flag *bool
		name string
	}{{&st.Targeted, "Targeted"}, {&st.ImmB, "IMM-B"}, {&st.Isolated, "Isolated"}, {&st.Imm1, "IMM-1"}} {
		if *c.flag {
			*c.flag = false
			events = append(events, StateChanged{Trooper: s.Troopers[t].ID, State: c.name, Why: "successful Reset"})
		}
	}
	return events
}

// updateEngaged sets Engaged exactly on troopers in silhouette contact with
// an enemy, neither being Null nor Immobilized, IMM-1 included (Engaged (N4)).
//
// Each trooper's base, and whether it may be Engaged at all, is worked out
// once rather than for every pair: this runs after every action.
func (s *State) updateEngaged(why string) []rules.Event {
	var events []rules.Event
	var buf [32]engagedBase
	bs := buf[:0]
	if len(s.Troopers) > len(buf) {
		bs = make([]engagedBase, 0, len(s.Troopers))
	}
	for t := range s.Troopers {
		st := &s.Troopers[t].States
		e := engagedBase{model: s.modelOf(t)}
		e.ok = !st.Null() && !st.Immobilized() && e.model >= 0
		if e.ok {
			e.base = s.Models[e.model].base()
		}
		bs = append(bs, e)
	}
	for t := range s.Troopers {
		engaged := false
		if bs[t].ok {
			for u := range s.Troopers {
				if s.Troopers[u].Seat != s.Troopers[t].Seat && bs[u].ok && geom.InContact(bs[t].base, bs[u].base) {
					engaged = true
					break
				}
			}
		}
		if st := &s.Troopers[t].States; st.Engaged != engaged {
			st.Engaged = engaged
			events = append(events, StateChanged{Trooper: s.Troopers[t].ID, State: "Engaged", On: engaged, Why: why})
		}
	}
	return events
}

// engagedBase is what updateEngaged knows of one trooper: its model, that
// model's base, and whether it may be Engaged (ok: on the table, neither
// Null nor Immobilized).
type engagedBase struct {
	model int
	ok    bool
	base  geom.Circle
}

// hitBy records a successful Attack of attacker on target, for the Guts
// Roll at the Conclusion (HitBy). The first two go in the Order itself
// (hitByBuf), which has room for them in its size class.
func (o *Order) hitBy(attacker, target int) {
	if o.HitBy == nil {
		o.HitBy = o.hitByBuf[:0:len(o.hitByBuf)]
	}
	o.HitBy = append(o.HitBy, [2]int{attacker, target})
}
