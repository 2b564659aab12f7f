package infinity

import (
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/ordo-rules/ordo/infinity/mission"
	"github.com/ordo-rules/ordo/rules"
)

// missionAndPreGame checks a decoded state's mission and pre-game
// (rule_mission.go, rule_pregame.go, rule_classified.go): every seat,
// trooper and objective they name exists, and the pre-game is there in
// its phases and only then.
func (c *stateChecker) missionAndPreGame() {
	s := c.s
	if c.err != nil {
		return
	}
	optSeat := func(path string, seat rules.Seat) {
		if seat != "" {
			c.seat(path, seat)
		}
	}
	inPreGame := s.Phase == PhaseInitiative || s.Phase == PhaseChoice || s.Phase == PhaseClassified || s.Phase == PhaseDeployment
	switch {
	case inPreGame != (s.PreGame != nil):
		c.failf("preGame", "a state has a pre-game in the %s, %s, %s and %s phases and only then (phase %s)", PhaseInitiative, PhaseChoice, PhaseClassified, PhaseDeployment, s.Phase)
		return
	case s.PreGame != nil && s.Mission == nil:
		c.failf("mission", "a pre-game belongs to a mission")
		return
	}
	if p := s.PreGame; p != nil {
		optSeat("preGame.winner", p.Winner)
		optSeat("preGame.chooser", p.Chooser)
		optSeat("preGame.firstTurn", p.FirstTurn)
		optSeat("preGame.deployFirst", p.DeployFirst)
		optSeat("preGame.zoneFor", p.ZoneFor)
		c.between("preGame.zone", p.Zone, 0, 1)
		c.between("preGame.stage", p.Stage, 0, 3)
		for i, z := range p.Zones {
			c.onTable(fmt.Sprintf("preGame.zones[%d][0]", i), z[0])
			c.onTable(fmt.Sprintf("preGame.zones[%d][1]", i), z[1])
		}
		switch s.Phase {
		case PhaseChoice, PhaseClassified:
			if p.Chooser == "" {
				c.failf("preGame.chooser", "someone chooses in the %s phase", s.Phase)
			}
		case PhaseDeployment:
			if p.DeployFirst == "" {
				c.failf("preGame.deployFirst", "the Deployment Phase needs the seat that deploys first")
			}
		}
		var seen []int
		for i, t := range p.Pending {
			path := fmt.Sprintf("preGame.pending[%d]", i)
			if c.trooper(path, t) && slices.Contains(seen, t) {
				c.failf(path, "trooper %d is pending twice", t)
			}
			seen = append(seen, t)
		}
		for i, t := range p.Infiltrators {
			c.trooper(fmt.Sprintf("preGame.infiltrators[%d]", i), t)
		}
	}
	ms := s.Mission
	if ms == nil {
		return
	}
	var ids []string
	for i, o := range ms.Objectives {
		path := fmt.Sprintf("mission.objectives[%d]", i)
		if slices.Contains(ids, o.ID) {
			c.failf(path+".id", "objective %q is listed twice", o.ID)
		}
		ids = append(ids, o.ID)
		switch o.Kind {
		case mission.KindZone:
			c.onTable(path+".area[0]", o.Area[0])
			c.onTable(path+".area[1]", o.Area[1])
		case mission.KindConsole:
			c.onTable(path+".at", o.At)
		default:
			c.failf(path+".kind", "%q is not an objective kind", o.Kind)
		}
		optSeat(path+".holder", o.Holder)
	}
	for i, sc := range ms.Scoring {
		for j, id := range sc.Objectives {
			if !slices.Contains(ids, id) {
				c.failf(fmt.Sprintf("mission.scoring[%d].objectives[%d]", i, j), "%q is not an objective", id)
			}
		}
	}
	for _, seat := range slices.Sorted(maps.Keys(ms.Targets)) {
		id := ms.Targets[seat]
		if c.seat("mission.targets", seat) && s.trooperIndex(id) < 0 {
			c.failf("mission.targets."+string(seat), "%q is not a trooper", id)
		}
	}
	for _, seat := range slices.Sorted(maps.Keys(ms.OP)) {
		op := ms.OP[seat]
		if c.seat("mission.op", seat) {
			c.between("mission.op."+string(seat), op, 0, math.MaxInt32)
		}
	}
	for _, seat := range slices.Sorted(maps.Keys(ms.Classified)) {
		id := ms.Classified[seat]
		if c.seat("mission.classified", seat) && ms.card(id) == nil {
			c.failf("mission.classified."+string(seat), "%q is not a card of the deck", id)
		}
	}
	for i, seat := range ms.Revealed {
		c.seat(fmt.Sprintf("mission.revealed[%d]", i), seat)
	}
	optSeat("mission.winner", ms.Winner)
}
