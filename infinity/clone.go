package infinity

import (
	"slices"

	"github.com/ordo-rules/ordo/rules"
)

// Clone is a deep copy of everything a game changes. What never changes
// after Setup is shared: the seats, the terrain, each trooper's list of
// models, the profiles and weapons.
func (s *State) Clone() rules.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	// A copy made while a menu is checked does not share its memos.
	c.memo = nil
	c.Armies = slices.Clone(s.Armies)
	for i := range c.Armies {
		c.Armies[i].Groups = slices.Clone(s.Armies[i].Groups)
		c.Armies[i].Fireteams = cloneFireteams(s.Armies[i].Fireteams)
	}
	c.Troopers = slices.Clone(s.Troopers)
	for i := range c.Troopers {
		// A trooper's failed Discovers grow by append: the copy must not
		// write into the original's spare capacity.
		c.Troopers[i].Failed = slices.Clip(c.Troopers[i].Failed)
		c.Troopers[i].Expires = slices.Clip(c.Troopers[i].Expires)
	}
	c.Models = slices.Clone(s.Models)
	c.Deployables = slices.Clone(s.Deployables)
	if s.Order != nil {
		c.Order = s.Order.clone()
	}
	c.PreGame, c.Mission = s.PreGame.clone(), s.Mission.clone()
	return &c
}

func (o *Order) clone() *Order {
	c := *o
	if o.Second != nil {
		c.secondBuf = *o.Second
		c.Second = &c.secondBuf
	}
	c.Path = append(c.pathBuf[:0:len(c.pathBuf)], o.Path...)
	c.scans = pathScans{table: slices.Clone(o.scans.table), byTrooper: slices.Clone(o.scans.byTrooper), doors: o.scans.doors, noise: o.scans.noise}
	if o.AttackFrom != nil {
		from := *o.AttackFrom
		c.AttackFrom = &from
	}
	c.AROs = slices.Clone(o.AROs)
	c.Team = cloneTeam(o.Team)
	c.Decided = slices.Clone(o.Decided)
	c.Dodgers = slices.Clone(o.Dodgers)
	if o.Eligible != nil {
		c.Eligible = append(c.eligibleBuf[:0:len(c.eligibleBuf)], o.Eligible...)
	}
	c.Affected = slices.Clone(o.Affected)
	c.Mines = slices.Clone(o.Mines)
	if o.HitBy != nil {
		c.HitBy = append(c.hitByBuf[:0:len(c.hitByBuf)], o.HitBy...)
	}
	c.Gutsers = slices.Clone(o.Gutsers)
	c.Targets = append(c.targetsBuf[:0:len(c.targetsBuf)], o.Targets...)
	c.Alerters = slices.Clone(o.Alerters)
	c.Stranded = slices.Clone(o.Stranded)
	c.StrandedBefore = slices.Clone(o.StrandedBefore)
	return &c
}
