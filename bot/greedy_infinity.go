package bot

import (
	"math"
	"slices"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/rules"
)

// The weights of greedy's Infinity scores, in Victory Points (a trooper's
// cost, Victory Points (N4)).
const (
	// approach is the value of each inch a Move takes the trooper
	// toward the nearest enemy.
	approach = 0.15
	// followUp is the share of the best attack a Move opens for the
	// Order's second skill that counts for the Move.
	followUp = 0.8
	// hurt is the share of a target's cost a wound short of its fall is
	// worth.
	hurt = 0.3
	// exposed is the share of a trooper's cost each enemy that sees it
	// where a Dodge or Guts movement leaves it costs.
	exposed = 0.05
	// spendLieutenant is what the Lieutenant Special Order costs beyond
	// the Order itself: spending it shows who the Lieutenant is
	// (Lieutenant (N4)).
	spendLieutenant = 1.0
)

// inf is one scoring of an Infinity menu: the sampled state and the costs
// of what stands on it.
type inf struct {
	s     *infinity.State
	seat  rules.Seat
	enemy rules.Seat
	// cost is a trooper's cost by any name it goes by: its id, its
	// models' ids, its marker's label.
	cost map[string]float64
}

// scoreInfinity scores each menu entry on s for seat (see Greedy):
//
//   - an attack (BS Attack, CC Attack, a hacking program) by the exact
//     odds of the attacks it declares (State.Preview, Face to Face Rolls
//     (N4)): each target's cost times its chance to fall, a share of it
//     for a wound short of that, less the attacker's cost times the
//     chance it falls to the roll it meets;
//   - a first or second skill, less the worst the enemy can answer it
//     with in the ARO window it opens (its AROs' exact odds), plus, for a
//     first skill, most of the best attack it leaves for the second skill;
//   - a Move by the inches it gains toward the nearest enemy;
//   - a Dodge or Guts movement by the enemies that would see the trooper
//     where it ends (Line of Fire (N4)): out of sight is best;
//   - an ARO's Dodge by the target it keeps from harm; anything else 0.
func scoreInfinity(s *infinity.State, seat rules.Seat, menu []rules.Action) []float64 {
	g := &inf{s: s, seat: seat, cost: map[string]float64{}}
	for _, x := range s.Seats {
		if x != seat {
			g.enemy = x
		}
	}
	for _, tr := range s.Troopers {
		c := float64(tr.Cost)
		g.cost[tr.ID] = c
		if tr.Marker != "" {
			g.cost[tr.Marker] = c
		}
		if tr.Label != "" {
			// The odds name an enemy by its public label.
			g.cost[tr.Label] = c
		}
		for _, m := range tr.Models {
			g.cost[s.Models[m].ID] = c
		}
	}
	scores := make([]float64, len(menu))
	memo := map[string]float64{} // an activation's score by trooper and skill: the Order's source changes little
	for i, a := range menu {
		switch x := a.(type) {
		case infinity.Activate:
			key := x.Trooper + "\x00" + skillKey(x.Skill)
			v, ok := memo[key]
			if !ok {
				v = g.order(a, x.Trooper, x.Skill, true)
				memo[key] = v
			}
			if x.Order == infinity.OrderLieutenant {
				v -= spendLieutenant
			}
			scores[i] = v
		case infinity.Second:
			tr := ""
			if o := s.Order; o != nil {
				tr = s.Troopers[o.Trooper].ID
			}
			scores[i] = g.order(a, tr, x.Skill, false)
		case infinity.AROs:
			scores[i] = g.aro(a, x)
		case infinity.Alert:
			if len(x.Turns) > 0 {
				scores[i] = 0.1 // face the threat
			}
		case infinity.DodgeMove:
			scores[i] = g.cover(x.Trooper, x.To, x.Stay)
		case infinity.GutsMove:
			scores[i] = g.cover(x.Trooper, x.To, x.Stay)
			if x.Prone {
				scores[i] += 0.05 // a smaller target where it stays
			}
		}
	}
	return scores
}

// skillKey is a skill's JSON, to tell skills apart.
func skillKey(k infinity.Skill) string {
	b, err := rules.Encode(infinity.Second{Skill: k})
	if err != nil {
		return string(k.Name)
	}
	return string(b)
}

// order scores a first (first true) or second skill of trooper id.
func (g *inf) order(a rules.Action, id string, k infinity.Skill, first bool) float64 {
	if k.Name == infinity.SkillIdle && !first {
		return 0
	}
	v := g.attacks(g.s, g.seat, a)
	c := g.s.Clone()
	src := dice.NewPCG(1, 1)
	if _, err := c.Apply(g.seat, a, src); err != nil {
		return v
	}
	// The ARO windows the skill opens: the enemy's best answer counts
	// against it; the enemy is then taken to let it pass, to see what
	// the second skill could do.
	for range 2 {
		p := c.Prompt()
		if !p.Waits(g.enemy) || (p.Window != "aro-1" && p.Window != "aro-2") {
			break
		}
		worst := 0.0
		var pass rules.Action
		for _, o := range c.Legal(g.enemy) {
			if o.Illegal != nil {
				continue
			}
			x, ok := plain(o.Action).(infinity.AROs)
			if !ok {
				continue
			}
			if len(x.Declarations) == 0 {
				pass = x
				continue
			}
			worst = max(worst, g.attacks(c.(*infinity.State), g.enemy, x))
		}
		v -= worst
		if pass == nil {
			break
		}
		if _, err := c.Apply(g.enemy, pass, src); err != nil {
			break
		}
	}
	if first && c.Prompt().Waits(g.seat) && c.Prompt().Window == "second" {
		bestNext := 0.0
		cs := c.(*infinity.State)
		for _, o := range c.Legal(g.seat) {
			if x, ok := plain(o.Action).(infinity.Second); ok && o.Illegal == nil && attackSkill(x.Skill.Name) {
				bestNext = max(bestNext, g.attacks(cs, g.seat, x))
			}
		}
		v += followUp * bestNext
	}
	if k.Name == infinity.SkillMove && len(k.Route) > 0 {
		v += approach * g.gain(id, k.Route[len(k.Route)-1])
	}
	return v
}

func attackSkill(n infinity.SkillName) bool {
	return n == infinity.SkillBSAttack || n == infinity.SkillCCAttack || n == infinity.SkillHack
}

// aro scores seat's ARO declarations: the exact odds of its attacks, and
// a Dodge by a trooper the Order attacks.
func (g *inf) aro(a rules.Action, x infinity.AROs) float64 {
	v := g.attacks(g.s, g.seat, a)
	for _, d := range x.Declarations {
		if d.Skill.Name != infinity.SkillDodge {
			continue
		}
		if o := g.s.Order; o != nil && slices.ContainsFunc(o.Targets, func(t int) bool { return g.s.Troopers[t].ID == d.Trooper }) {
			v += 0.2 * g.cost[d.Trooper]
		}
	}
	return v
}

// cover scores a Dodge or Guts movement of trooper id to to (where it
// stands when stay): a share of its cost for each enemy that would see it
// there (Line of Fire (N4)), so that it leaves their sight when it can.
func (g *inf) cover(id string, to [2]float64, stay bool) float64 {
	if stay {
		for _, m := range g.s.Models {
			if m.ID == id || g.s.Troopers[m.Trooper].ID == id {
				to = m.At
				break
			}
		}
	}
	return -exposed * g.cost[id] * float64(g.s.Watchers(id, to))
}

// attacks is what the attacks of seat's action a are worth to seat, by
// their exact odds on s.
func (g *inf) attacks(s *infinity.State, seat rules.Seat, a rules.Action) float64 {
	odds, err := s.Preview(seat, a)
	if err != nil {
		return 0
	}
	v := 0.0
	for _, ro := range odds {
		tc := g.cost[ro.Target]
		wounded := 0.0
		if len(ro.Inflicts) > 0 {
			wounded = 1 - ro.Inflicts[0]
		}
		if ro.Falls != nil {
			v += *ro.Falls*tc + hurt*(wounded-*ro.Falls)*tc
		} else {
			v += hurt * wounded * tc // a state, not a wound: Immobilized, Isolated, Possessed
		}
		if ro.Against != nil && ro.Against.Falls != nil {
			v -= *ro.Against.Falls * g.cost[ro.Trooper]
		}
	}
	return v
}

// gain is how many inches closer to the nearest enemy on the table
// trooper id stands at to than where it stands.
func (g *inf) gain(id string, to [2]float64) float64 {
	s := g.s
	var from [2]float64
	found := false
	for _, m := range s.Models {
		if m.ID == id || s.Troopers[m.Trooper].ID == id {
			from, found = m.At, !m.Removed
			break
		}
	}
	if !found {
		return 0
	}
	nearest := func(p [2]float64) float64 {
		d := math.Inf(1)
		for _, m := range s.Models {
			tr := s.Troopers[m.Trooper]
			if m.Removed || tr.Seat == g.seat || tr.States.Null() || tr.States.Hidden {
				continue
			}
			d = min(d, math.Hypot(m.At[0]-p[0], m.At[1]-p[1]))
		}
		return d
	}
	d0, d1 := nearest(from), nearest(to)
	if math.IsInf(d0, 1) {
		return 0
	}
	return d0 - d1
}
