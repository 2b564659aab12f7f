package infinity

import (
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/mission"
	"github.com/ordo-rules/ordo/odds"
	"github.com/ordo-rules/ordo/rules"
)

// The Superior Deployment skills in the Deployment Phase (docs/RULES.md):
//
//   - Forward Deployment (N4): the trooper may deploy up to 4" (level 1)
//     or 8" (level 2) beyond the limit of its Deployment Zone.
//   - Infiltration (N4), for a trooper whose army list chose it: anywhere
//     in its own half of the table, freely; past the half (never in the
//     enemy's Deployment Zone) after a PH Roll.
//   - Impersonation (N4), for a trooper deploying as an Impersonation
//     marker: anywhere but the enemy's Deployment Zone; in the enemy's half
//     of the table after a WIP Roll.
//
// The roll is a Normal Roll the engine makes when the Deploy is applied,
// after placing the trooper, and records (DeployRolled). A failed roll
// puts the trooper where the placement's Fallback says, inside its own
// Deployment Zone in contact with a table edge; a failed Impersonation
// roll deploys it as itself, not as a marker. The player names the
// fallback with the placement, so that the Deploy stays one action (a
// trooper in Hidden Deployment rolls privately, and a step of its own
// would tell the opponent that it exists).

// deployRoll names the roll a deployment spot asks for: none, or the
// skill's.
type deployRoll string

const (
	rollInfiltration  deployRoll = "Infiltration"
	rollImpersonation deployRoll = "Impersonation"
)

// rule is the rule that asks for the roll.
func (r deployRoll) rule() string { return string(r) + " (N4)" }

// skill is the roll's skill as the odds name it ("infiltration").
func (r deployRoll) skill() SkillName { return SkillName(strings.ToLower(string(r))) }

// DeployRolled is a deployment roll (Infiltration (N4): PH; Impersonation
// (N4): WIP) and its outcome. The opponent of a trooper that stays a
// marker is told the outcome only (the roll would tell its attribute), and
// nothing of a trooper in Hidden Deployment.
type DeployRolled struct {
	Trooper string `json:"trooper"`
	// Skill is the skill that rolls: "Infiltration" or "Impersonation".
	Skill   string             `json:"skill"`
	SV      *dice.SuccessValue `json:"sv,omitempty"`
	Dice    []dice.Die         `json:"dice,omitempty"`
	Success bool               `json:"success"`
}

func (DeployRolled) Kind() string { return "deploy-rolled" }

// forwardDeployment is how far beyond its Deployment Zone trooper t may
// deploy by Forward Deployment: 4" at level 1, 8" at level 2, else 0.
func (s *State) forwardDeployment(t int) float64 {
	sk, ok := s.profile(t).Skill("Forward Deployment")
	switch {
	case !ok:
		return 0
	case sk.Level == 2:
		return 8
	}
	return 4
}

// grown is r grown by d on every side, kept on the table.
func (s *State) grown(r [2][2]float64, d float64) [2][2]float64 {
	return [2][2]float64{
		{max(r[0][0]-d, 0), max(r[0][1]-d, 0)},
		{min(r[1][0]+d, s.Table.Width), min(r[1][1]+d, s.Table.Height)},
	}
}

// deploymentArea checks where trooper t of seat may deploy and says which
// roll the spot asks for: its Deployment Zone; up to its Forward
// Deployment beyond it; as an Impersonation marker, anywhere but the
// enemy's Deployment Zone (a WIP Roll in the enemy's half); with
// Infiltration, anywhere in its own half (a PH Roll beyond it, never in the
// enemy's Deployment Zone).
func (s *State) deploymentArea(seat rules.Seat, t int, pl Placement, base geom.Circle) (deployRoll, error) {
	const rule = "Initiative and Deployment (N4)"
	z, enemy := s.army(seat).Zone, s.army(s.other(seat)).Zone
	if z == nil {
		return "", rules.Errorf(rules.CodeIllegal, rule, "%s has no Deployment Zone yet", seat)
	}
	if inside(base, *z) {
		return "", nil
	}
	inEnemyZone := enemy != nil && mission.Rect(*enemy).Overlaps(baseBox(base))
	table := [2][2]float64{{0, 0}, {s.Table.Width, s.Table.Height}}
	onTable := inside(base, table)
	if fd := s.forwardDeployment(t); fd > 0 && inside(base, s.grown(*z, fd)) && !inEnemyZone {
		return "", nil
	}
	own := inside(base, s.ownHalf(*z))
	switch {
	case s.Troopers[t].States.Impersonation > 0:
		if !onTable || inEnemyZone {
			return "", rules.Errorf(rules.CodeIllegal, rollImpersonation.rule(), "%s deploys anywhere on the table but the enemy's Deployment Zone", pl.Trooper)
		}
		if own {
			return "", nil
		}
		return rollImpersonation, nil
	case slices.Contains(s.PreGame.Infiltrators, t):
		if !onTable || inEnemyZone {
			return "", rules.Errorf(rules.CodeIllegal, rollInfiltration.rule(), "%s infiltrates anywhere on the table but the enemy's Deployment Zone", pl.Trooper)
		}
		if own {
			return "", nil
		}
		return rollInfiltration, nil
	}
	if fd := s.forwardDeployment(t); fd > 0 {
		return "", rules.Errorf(rules.CodeIllegal, "Forward Deployment (N4)", "%s deploys up to %g\" beyond %s's Deployment Zone, never in the enemy's", pl.Trooper, fd, seat)
	}
	return "", rules.Errorf(rules.CodeIllegal, rule, "%s must deploy totally inside %s's Deployment Zone", pl.Trooper, seat)
}

// fallbackError checks a placement's Fallback: named when, and only when,
// the spot asks for a roll; its base totally inside the seat's Deployment
// Zone, in contact with a table edge, and free as any deployment spot is
// (placed: the bases placed with it). It returns the fallback's base, nil
// without one.
func (s *State) fallbackError(seat rules.Seat, t int, pl Placement, roll deployRoll, placed []geom.Circle) (*geom.Circle, error) {
	switch {
	case roll == "" && pl.Fallback == nil:
		return nil, nil
	case roll == "":
		return nil, rules.Errorf(rules.CodeBadAction, "Initiative and Deployment (N4)", "%s deploys there without a roll: a fallback is only for a placement that rolls", pl.Trooper)
	case pl.Fallback == nil:
		return nil, rules.Errorf(rules.CodeBadAction, roll.rule(), "%s deploys there after its %s roll: name its fallback, where it goes if the roll fails (inside %s's Deployment Zone, in contact with a table edge)", pl.Trooper, roll, seat)
	}
	at := *pl.Fallback
	if !finite(at[0]) || !finite(at[1]) {
		return nil, rules.Errorf(rules.CodeBadAction, roll.rule(), "%s: a fallback is two finite numbers", pl.Trooper)
	}
	base := s.deployBase(t, at)
	z := s.army(seat).Zone
	c := base.Center
	switch {
	case !inside(base, *z):
		return nil, rules.Errorf(rules.CodeIllegal, roll.rule(), "%s's fallback must be totally inside %s's Deployment Zone", pl.Trooper, seat)
	case min(c.X-base.Radius, c.Y-base.Radius, s.Table.Width-c.X-base.Radius, s.Table.Height-c.Y-base.Radius) > geom.Eps:
		return nil, rules.Errorf(rules.CodeIllegal, roll.rule(), "%s's fallback must be in contact with a table edge", pl.Trooper)
	}
	if err := s.spotError(seat, pl.Trooper, base, placed); err != nil {
		return nil, err
	}
	return &base, nil
}

// deployRollSV is the Success Value of trooper t's deployment roll.
func (s *State) deployRollSV(t int, roll deployRoll) dice.SuccessValue {
	p := s.profile(t)
	if roll == rollImpersonation {
		return dice.SuccessValueOf("WIP", p.WIP, s.stateMods(t))
	}
	return dice.SuccessValueOf("PH", p.PH, s.stateMods(t))
}

// rollDeployment makes trooper t's deployment roll, a Normal Roll.
func (s *State) rollDeployment(t int, roll deployRoll, d dice.Source) (DeployRolled, error) {
	sv := s.deployRollSV(t, roll)
	out, err := throwNormal(d, sv.Value)
	if err != nil {
		return DeployRolled{}, err
	}
	return DeployRolled{Trooper: s.Troopers[t].ID, Skill: string(roll), SV: &sv, Dice: out.Dice, Success: out.Scored()}, nil
}

// redactDeployRolled is a deployment roll as v sees it: the outcome alone
// of an enemy trooper that stays a marker.
func (s *State) redactDeployRolled(ev DeployRolled, v rules.Viewer) DeployRolled {
	if t := s.trooperIndex(ev.Trooper); t >= 0 && !s.knows(v, t) && s.Troopers[t].concealed() {
		ev.SV, ev.Dice = nil, nil
	}
	return ev
}

// previewDeploy is the odds of the deployment rolls a Deploy would make,
// after the check it would meet: each a Normal Roll of the trooper's PH
// (Infiltration) or WIP (Impersonation).
func (s *State) previewDeploy(seat rules.Seat, a Deploy) ([]RollOdds, error) {
	faces := make([]int, 1+len(a.Hidden))
	for i := range faces {
		faces[i] = 1
	}
	script, _ := dice.NewScript(faces...)
	if _, err := s.clone().Apply(seat, a, script); err != nil {
		return nil, err
	}
	var out []RollOdds
	for _, pl := range append([]Placement{a.Placement}, a.Hidden...) {
		t := s.trooperIndex(pl.Trooper)
		if pl.Trooper == "" || t < 0 {
			continue
		}
		roll, err := s.deploymentArea(seat, t, pl, s.deployBase(t, pl.At))
		if err != nil || roll == "" {
			continue
		}
		sv := s.deployRollSV(t, roll)
		ta, _, _, err := odds.Hits(dice.Side{SV: sv.Value, Burst: 1}, nil)
		if err != nil {
			return nil, err
		}
		out = append(out, RollOdds{Trooper: pl.Trooper, Skill: roll.skill(), Roll: "normal", SV: &sv, Burst: 1,
			Win: ta.Scores(), Crit: ta.Crits(), Inflicts: []float64{}, Nothing: 1 - ta.Scores()})
	}
	return out, nil
}

// superiorSpacing is the grid the menu looks for spots beyond a
// Deployment Zone on, in inches.
const superiorSpacing = 6.0

// superiorCandidates are the menu's deployments of trooper t beyond its
// Deployment Zone: one spot in the Forward Deployment band or the own
// half, and for an infiltrator or an Impersonation marker one spot that
// rolls, with the first free fallback at a table edge. Nothing for a
// trooper without a Superior Deployment skill.
func (s *State) superiorCandidates(seat rules.Seat, t int) []rules.Action {
	z := s.army(seat).Zone
	forward := s.forwardDeployment(t) > 0
	rolls := slices.Contains(s.PreGame.Infiltrators, t) || s.Troopers[t].States.Impersonation > 0
	if z == nil || !forward && !rolls {
		return nil
	}
	id := s.Troopers[t].ID
	var fallback *[2]float64
	if rolls {
		for _, p := range edgeSpots(*z, s.deployBase(t, [2]float64{}).Radius, s.Table.Width, s.Table.Height) {
			if b := s.deployBase(t, p); inside(b, *z) && s.spotError(seat, id, b, nil) == nil {
				fallback = &p
				break
			}
		}
	}
	var out []rules.Action
	free, rolled := false, !rolls || fallback == nil
	for y := superiorSpacing / 2; y < s.Table.Height && !(free && rolled); y += superiorSpacing {
		for x := superiorSpacing / 2; x < s.Table.Width && !(free && rolled); x += superiorSpacing {
			pl := Placement{Trooper: id, At: [2]float64{x, y}, Facing: 90}
			if inside(s.deployBase(t, pl.At), *z) {
				continue
			}
			b, roll, err := s.placementError(seat, t, pl, nil)
			switch {
			case err != nil:
				continue
			case roll == "" && !free:
				free = true
			case roll != "" && !rolled:
				pl.Fallback = fallback
				if _, err := s.fallbackError(seat, t, pl, roll, []geom.Circle{b}); err != nil {
					continue
				}
				rolled = true
			default:
				continue
			}
			out = append(out, Deploy{Placement: pl})
		}
	}
	return out
}

// hiddenFar are the menu's placements beyond the zone of the hidden
// troopers that may infiltrate: each one's first spot that rolls.
func (s *State) hiddenFar(seat rules.Seat, hidden []int) map[string]Placement {
	var far map[string]Placement
	for _, t := range hidden {
		if !slices.Contains(s.PreGame.Infiltrators, t) {
			continue
		}
		for _, c := range s.superiorCandidates(seat, t) {
			if pl := c.(Deploy).Placement; pl.Fallback != nil {
				if far == nil {
					far = map[string]Placement{}
				}
				far[pl.Trooper] = pl
				break
			}
		}
	}
	return far
}

// hiddenBeyond is d with its hidden troopers placed where far says; nil
// when far moves none of them.
func hiddenBeyond(d Deploy, far map[string]Placement) *Deploy {
	if len(far) == 0 {
		return nil
	}
	out := d
	out.Hidden = slices.Clone(d.Hidden)
	moved := false
	for i, h := range out.Hidden {
		if pl, ok := far[h.Trooper]; ok {
			out.Hidden[i], moved = pl, true
		}
	}
	if !moved {
		return nil
	}
	return &out
}

// edgeSpots are spots every 2" along each table edge the rectangle z
// reaches, for a base of radius r in contact with it.
func edgeSpots(z [2][2]float64, r, w, h float64) [][2]float64 {
	lo, hi := [2]float64{z[0][0] + r, z[0][1] + r}, [2]float64{z[1][0] - r, z[1][1] - r}
	var out [][2]float64
	along := func(fixed float64, horizontal bool) {
		a, b := lo[1], hi[1]
		if horizontal {
			a, b = lo[0], hi[0]
		}
		for v := a; v <= b+geom.Eps; v += 2 {
			if horizontal {
				out = append(out, [2]float64{v, fixed})
			} else {
				out = append(out, [2]float64{fixed, v})
			}
		}
	}
	if z[0][1] <= geom.Eps {
		along(r, true)
	}
	if z[1][1] >= h-geom.Eps {
		along(h-r, true)
	}
	if z[0][0] <= geom.Eps {
		along(r, false)
	}
	if z[1][0] >= w-geom.Eps {
		along(w-r, false)
	}
	return out
}
