package infinity

import (
	"math"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Combat Jump (Airborne Deployment; seed 000's Hellcat). A trooper with
// Combat Jump may start the game off the table, in reserve: it adds no
// Order in the Order Count, but may be activated with an Order of its
// combat group to declare Combat Jump, an Entire Order that places it on
// the table at the point its player declares — where, for the AROs, it is
// from then on. The jump is a Normal PH Roll: nothing opposes it Face to
// Face (seed 000: "the Hellcat's Combat Jump is an Entire Order, no Face to
// Face Rolls are made"). [UNVERIFIED: the N4 text on a failed jump was not
// captured; here a failed roll sets the trooper down instead at the table
// edge nearest to the point it chose.]

// SkillCombatJump is the Combat Jump Entire Order.
const SkillCombatJump = "combat-jump"

// checkCombatJump checks a Combat Jump at declaration: a trooper in reserve
// with the skill, landing wholly on the table, on no base, on no
// impassable scenery, not in contact with an enemy.
func (s *State) checkCombatJump(o *Order, k Skill) error {
	tr := s.Troopers[o.Trooper]
	if !tr.States.Reserve || !s.profile(o.Trooper).HasSkill("Combat Jump") {
		return rules.Errorf(rules.CodeIllegal, "seed 000 (Combat Jump)", "%s is not in reserve with Combat Jump", tr.ID)
	}
	if len(k.Route) != 1 {
		return rules.Errorf(rules.CodeBadAction, "seed 000 (Combat Jump)", "a Combat Jump names one landing point (route: [[x, y]])")
	}
	return s.checkLanding(o.Model, k.Route[0])
}

// checkLanding checks that model m can be set down at p.
func (s *State) checkLanding(m int, p [2]float64) error {
	if math.IsNaN(p[0]) || math.IsNaN(p[1]) || math.IsInf(p[0], 0) || math.IsInf(p[1], 0) {
		return rules.Errorf(rules.CodeBadAction, "seed 000 (Combat Jump)", "landing point %v", p)
	}
	landed := s.Models[m]
	landed.At = p
	b := landed.base()
	if b.Center.X-b.Radius < -geom.Eps || b.Center.Y-b.Radius < -geom.Eps || b.Center.X+b.Radius > s.Table.Width+geom.Eps || b.Center.Y+b.Radius > s.Table.Height+geom.Eps {
		return rules.Errorf(rules.CodeIllegal, "seed 000 (Combat Jump)", "the landing point puts the base off the table")
	}
	seat := s.Troopers[landed.Trooper].Seat
	for i, other := range s.Models {
		if i == m || other.Removed || s.Troopers[other.Trooper].States.Hidden {
			continue
		}
		ob := other.base()
		d := math.Hypot(b.Center.X-ob.Center.X, b.Center.Y-ob.Center.Y) - b.Radius - ob.Radius
		if d < -geom.Eps {
			return rules.Errorf(rules.CodeIllegal, "seed 000 (Combat Jump)", "the landing point is on %s's base", other.ID)
		}
		if d <= geom.Eps && s.Troopers[other.Trooper].Seat != seat {
			return rules.Errorf(rules.CodeIllegal, "seed 000 (Combat Jump)", "a Combat Jump cannot land in contact with an enemy (%s)", other.ID)
		}
	}
	for _, tr := range s.geomTable().Terrain {
		if tr.Flags.Has(geom.Impassable) && tr.Outline.DistTo(b.Center) < b.Radius-geom.Eps {
			return rules.Errorf(rules.CodeIllegal, "seed 000 (Combat Jump)", "the landing point is on impassable scenery (%s)", tr.Name)
		}
	}
	return nil
}

// land puts the jumping trooper on the table at its declared point.
func (s *State) land(t int, p [2]float64) []rules.Event {
	m := s.Troopers[t].Models[0]
	s.Troopers[t].States.Reserve = false
	s.Models[m].Removed = false
	s.Models[m].At = p
	return []rules.Event{Moved{Model: s.Models[m].ID, From: p, To: p, Why: "combat jump"}}
}

// missedJump sets a trooper whose Combat Jump failed down at the table
// edge nearest to its chosen point [UNVERIFIED].
func (s *State) missedJump(t int) []rules.Event {
	m := s.Troopers[t].Models[0]
	at := s.Models[m].At
	r := s.Models[m].base().Radius
	edges := [][2]float64{{r, at[1]}, {s.Table.Width - r, at[1]}, {at[0], r}, {at[0], s.Table.Height - r}}
	best, bestD := at, math.Inf(1)
	for _, e := range edges {
		if d := math.Hypot(e[0]-at[0], e[1]-at[1]); d < bestD && s.checkLanding(m, e) == nil {
			best, bestD = e, d
		}
	}
	s.Models[m].At = best
	return []rules.Event{Moved{Model: s.Models[m].ID, From: at, To: best, Why: "failed combat jump"}}
}

// combatJumpSV is the jump's Normal PH Roll.
func (s *State) combatJumpSV(r *roller) dice.SuccessValue {
	return dice.NewSuccessValue("PH", s.profile(r.trooper).PH, s.stateMods(r.trooper)...)
}
