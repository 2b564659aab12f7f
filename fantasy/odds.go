package fantasy

import (
	"math/big"

	"github.com/ordo-rules/ordo/fantasy/wounds"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// ShotOdds are the exact odds of a Shoot from the menu, as it would be
// shot now (Shooting: to hit): the shots, the roll each needs with its
// modifiers, the chance of each number of hits and, were every hit to fall
// on the target's rank-and-file, the rolls to wound and to save and the
// chance of each number of unsaved wounds. A weapon whose hits are not
// rolled one by one (a template, a cannonball, grapeshot) has no hit
// odds: the scatter decides them.
type ShotOdds struct {
	Unit      string    `json:"unit"`
	Target    string    `json:"target"`
	Shots     int       `json:"shots"`
	Need      int       `json:"need"` // 7–9: a 6, then 4+, 5+, 6+; 10: cannot hit
	Mods      []string  `json:"mods"`
	Hit       float64   `json:"hit"`
	Hits      []float64 `json:"hits"`
	S         int       `json:"s"`
	WoundNeed int       `json:"woundNeed"` // 7: cannot wound
	SaveNeed  int       `json:"saveNeed"`  // 7: no save
	WardNeed  int       `json:"wardNeed"`  // 7: no ward save
	Wounds    []float64 `json:"wounds,omitempty"`
}

// ShotOdds answers the odds of a shooting attack of seat's, or the rule
// that refuses it now; nil odds for an aimed weapon.
func (s *State) ShotOdds(seat rules.Seat, a Shoot) (*ShotOdds, error) {
	if s.Phase != PhaseShooting || seat != s.activeSeat() {
		return nil, rules.Errorf(rules.CodeWrongWindow, ruleShooting, "units shoot in their player's Shooting phase")
	}
	u, t, err := s.checkShoot(a)
	if err != nil {
		return nil, err
	}
	p := s.rf(u)
	if p.Missile.aimed() || a.Grapeshot {
		return nil, nil
	}
	mods, why := s.shotMods(u, t)
	tp := s.rf(t)
	st := wounds.Chances(wounds.Attacks{N: s.shots(u), BS: p.BS, Mods: mods, S: p.Missile.S},
		wounds.Target{T: s.toughness(t, &tp), Save: armour(tp), Ward: wardSave(tp, false)})
	hit, _ := st.Hit.Float64()
	o := &ShotOdds{Unit: u.ID, Target: t.ID, Shots: s.shots(u), Need: min(shootNeed(p.BS, mods), 10), Mods: why, Hit: hit,
		Hits: wounds.Binomial(s.shots(u), hit), S: p.Missile.S, WoundNeed: st.WoundNeed, SaveNeed: min(st.SaveNeed, 7), WardNeed: st.WardNeed}
	if !p.Missile.Pierce {
		through, _ := st.Through.Float64()
		o.Wounds = wounds.Binomial(o.Shots, through)
	}
	return o, nil
}

// ChargeOdds are the exact odds of a declared charge reaching its target
// should the target hold (Charges): the distance now, the charge range
// roll (M plus the best two of Dice D6), and the chance the roll covers
// the charge move the engine would make with it, wheel included.
type ChargeOdds struct {
	Unit       string  `json:"unit"`
	Character  string  `json:"character,omitempty"`
	Target     string  `json:"target"`
	Side       string  `json:"side"`
	Distance   float64 `json:"distance"`
	M          float64 `json:"m"`
	Dice       int     `json:"dice"`
	Most       float64 `json:"most"`
	Reach      float64 `json:"reach"`
	ReachExact string  `json:"reachExact"`
}

// ChargeOdds answers the odds of a charge declaration of seat's, or the
// rule that refuses it now.
func (s *State) ChargeOdds(seat rules.Seat, a DeclareCharge) (*ChargeOdds, error) {
	if s.Phase != PhaseCharges || seat != s.activeSeat() {
		return nil, rules.Errorf(rules.CodeWrongWindow, ruleCharge, "charges are declared in their player's Movement phase")
	}
	u, t, err := s.checkCharge(a)
	if err != nil {
		return nil, err
	}
	mv := s.mover(u, a.Character)
	side := t.sideOf(mv.centre())
	o := &ChargeOdds{Unit: u.ID, Character: a.Character, Target: t.ID, Side: side, Distance: rectDistMover(mv, t)}
	if a.Character == "" && s.skirmishers(mv) {
		c := *mv // the charge move turns a copy, as the charge will
		turnToward(&c, t.centre())
		mv = &c
	}
	m, n := s.chargeDice(mv)
	o.M, o.Dice, o.Most = m, n, m+12
	// ways[k] counts the rolls of n D6 whose best two make k.
	var ways [13]int64
	total := int64(1)
	for range n {
		total *= 6
	}
	for i := range total {
		hi, lo := 0, 0
		for x, j := i, 0; j < n; x, j = x/6, j+1 {
			d := int(x%6) + 1
			if d > hi {
				hi, lo = d, hi
			} else if d > lo {
				lo = d
			}
		}
		ways[hi+lo]++
	}
	var hit int64
	for k := 2; k <= 12; k++ {
		if ways[k] == 0 {
			continue
		}
		rng := m + float64(k)
		if p, err := s.chargePathWithin(mv, t, side, u.ID, rng); err == nil && rng+geom.Eps >= p.cost {
			hit += ways[k]
		}
	}
	r := big.NewRat(hit, total)
	o.Reach, _ = r.Float64()
	o.ReachExact = r.RatString()
	return o, nil
}
