package infinity

import (
	"math/rand/v2"
	"slices"

	"github.com/ordo-rules/ordo/rules"
)

// Determinize is a state seat could believe it is in (rules.Determinizer),
// for the bots' searches: every fact seat may see is as it is, and every
// private fact of the other seats that Twin varies is drawn afresh with r
// from what seat may see, never from its true value:
//
//   - the other army's notes are emptied, and its combat groups are named
//     by their public labels ("1", "2", … in list order);
//   - its Lieutenant, while nobody knows who it is, is drawn among its
//     troopers who could hold the role (Lieutenant (N4), Loss of Lieutenant
//     (N4)), a Possessed one among them (Possessed (N4));
//   - each of its troopers in Hidden Deployment stands on a free spot of
//     the table drawn with r, facing a drawn way (Hidden Deployment (N4));
//   - of its markers that look alike (Camouflaged (N4), Impersonation
//     (N4); markersAlike), which trooper stands behind which is drawn;
//   - which of a G: Jumper's Proxies in Hidden Deployment holds the Active
//     Proxy Token is drawn (G: Jumper (N4, PDF 2.1));
//   - its Classified Objective, picked and not yet revealed, is drawn from
//     the mission's deck (Classified Objectives, docs/MISSIONS.md);
//   - the Fireteams its army list declares, private in a mission's
//     pre-game, are believed none (Fireteams (N4)).
//
// A fact the Order in progress involves stays as it is, as Twin leaves it:
// it is on its way to being public. Two states that differ only in the
// other seats' private facts give the same copy for the same draws.
func (s *State) Determinize(seat rules.Seat, r *rand.Rand) rules.State {
	t := s.clone()
	for _, owner := range t.Seats {
		if owner == seat {
			continue
		}
		t.army(owner).Notes = ""
		// Its combat groups go by their public labels (labels.go).
		t.renameGroups(owner, func(i int, _ string) string { return groupNumber(i) })
		t.drawLieutenant(owner, r)
		t.drawHidden(owner, r)
		t.drawMarkers(owner, r)
		t.drawTokens(owner, r)
		t.drawClassified(owner, r)
		if t.listFireteamsPrivate() {
			// Its list's Fireteams, private until deployment ends:
			// believed none.
			t.army(owner).Fireteams = nil
		}
	}
	return t
}

// drawClassified draws owner's Classified Objective from the mission's
// deck while it is picked and not revealed: which card it picked is
// private until it scores.
func (s *State) drawClassified(owner rules.Seat, r *rand.Rand) {
	ms := s.Mission
	if ms == nil || len(ms.Deck) < 2 || slices.Contains(ms.Revealed, owner) {
		return
	}
	if _, ok := ms.Classified[owner]; ok {
		ms.Classified[owner] = ms.Deck[r.IntN(len(ms.Deck))].ID
	}
}

// drawLieutenant gives owner's Lieutenant role to a trooper drawn among
// those that could hold it, while the role is private (lieutenantPrivate).
func (s *State) drawLieutenant(owner rules.Seat, r *rand.Rand) {
	if !s.lieutenantPrivate(owner) {
		return
	}
	var counting, able, holders []int
	seen := map[string]bool{}
	for i := range s.Troopers {
		tr := &s.Troopers[i]
		if !tr.ownedBy(owner) {
			continue
		}
		holders = append(holders, i)
		if !s.profile(i).CanBeLieutenant() || seen[tr.unit()] || (tr.possessedFrom(owner) && (tr.Jumper != "" || tr.Possession.Group == "")) {
			continue
		}
		seen[tr.unit()] = true
		able = append(able, i)
		if tr.possessedFrom(owner) || (tr.Seat == owner && s.lieutenantCountsNow(i)) {
			counting = append(counting, i)
		}
	}
	pool := counting
	if len(pool) == 0 {
		pool = able
	}
	if len(pool) == 0 {
		return
	}
	next := pool[r.IntN(len(pool))]
	for _, h := range holders {
		s.setLieutenant(h, false)
	}
	for _, m := range s.unitMembers(s.Troopers[next].ID) {
		s.setLieutenant(m, true)
	}
}

// drawHidden sets each of owner's troopers in Hidden Deployment that the
// Order in progress does not involve on a free spot drawn with r. The
// spots are drawn with those troopers off the table, so that where they
// truly stood plays no part.
func (s *State) drawHidden(owner rules.Seat, r *rand.Rand) {
	var hidden []int
	for i := range s.Troopers {
		tr := &s.Troopers[i]
		if tr.Seat == owner && tr.States.Hidden && !tr.States.Null() && s.modelOf(i) >= 0 && !s.involved(i) {
			hidden = append(hidden, i)
		}
	}
	if len(hidden) == 0 {
		return
	}
	models := make([]int, len(hidden))
	for k, i := range hidden {
		models[k] = s.modelOf(i)
	}
	for _, m := range models {
		s.Models[m].Removed = true
	}
	for _, m := range models {
		s.Models[m].Removed = false
		spot, ok := s.freeSpot(m, r)
		if !ok {
			spot = [2]float64{s.Table.Width / 2, s.Table.Height / 2}
		}
		s.Models[m].At, s.Models[m].Facing = spot, float64(45*r.IntN(8))
	}
	if o := s.Order; o != nil && (o.Step == StepARO1 || o.Step == StepARO2) {
		o.Eligible = s.widenForJumpers(s.eligible(nil))
	}
}

// drawMarkers draws, for each set of owner's markers that look alike,
// which trooper stands behind which marker: the places, facings and labels
// stay, the troopers behind them are shuffled.
func (s *State) drawMarkers(owner rules.Seat, r *rand.Rand) {
	var free []int
	for i := range s.Troopers {
		x := &s.Troopers[i]
		if x.Seat == owner && x.States.marker() && x.Jumper == "" && s.modelOf(i) >= 0 && !s.involved(i) {
			free = append(free, i)
		}
	}
	done := make([]bool, len(free))
	for a := range free {
		if done[a] {
			continue
		}
		class := []int{free[a]}
		for b := a + 1; b < len(free); b++ {
			if !done[b] && s.markersAlike(free[a], free[b]) {
				done[b] = true
				class = append(class, free[b])
			}
		}
		if len(class) > 1 {
			s.shuffleMarkers(class, r)
		}
	}
}

// shuffleMarkers deals the places of the markers of class (trooper
// indexes in order) to its troopers in an order drawn with r.
func (s *State) shuffleMarkers(class []int, r *rand.Rand) {
	type slot struct {
		at     [2]float64
		facing float64
		label  string
		was    int // the trooper that stood there
	}
	slots := make([]slot, len(class))
	for k, t := range class {
		m := s.Models[s.modelOf(t)]
		slots[k] = slot{m.At, m.Facing, s.Troopers[t].Marker, t}
	}
	slices.SortFunc(slots, func(x, y slot) int {
		switch {
		case x.label < y.label:
			return -1
		case x.label > y.label:
			return 1
		}
		return 0
	})
	now := map[int]int{} // who stood at a slot -> who stands there now
	for k, p := range r.Perm(len(class)) {
		t, sl := class[k], slots[p]
		m := s.modelOf(t)
		s.Models[m].At, s.Models[m].Facing = sl.at, sl.facing
		s.Troopers[t].Marker = sl.label
		now[sl.was] = t
	}
	s.Order.standIn(now)
}

// drawTokens gives the Active Proxy Token of each of owner's G: Jumpers
// whose Proxies in the open all lack it to one of its Proxies in Hidden
// Deployment, drawn with r: that the token is hidden is public, which
// Proxy holds it is not.
func (s *State) drawTokens(owner rules.Seat, r *rand.Rand) {
	done := map[string]bool{}
	for i := range s.Troopers {
		x := &s.Troopers[i]
		if x.Seat != owner || x.Jumper == "" || done[x.Jumper] {
			continue
		}
		done[x.Jumper] = true
		members := append([]int{i}, s.proxySiblings(i)...)
		slices.Sort(members)
		var pool []int
		held := false
		for _, p := range members {
			tr := &s.Troopers[p]
			hidden := tr.States.Hidden && !tr.States.Null() && !tr.States.Isolated && s.modelOf(p) >= 0 && !s.involved(p)
			if hidden {
				pool = append(pool, p)
			}
			held = held || (tr.Active && hidden)
		}
		if !held || len(pool) < 2 {
			continue
		}
		for _, p := range pool {
			s.Troopers[p].Active = false
		}
		s.Troopers[pool[r.IntN(len(pool))]].Active = true
	}
}

// Scores is each side's Victory Points as they stand (rules.Scorer): the
// cost of its troopers not in a Null state (Victory Points (N4)), as the
// game's end counts them. In a mission Objective Points come first
// (rule_mission.go): each OP counts for 1,000 points, more than an army.
func (s *State) Scores() map[rules.Seat]int {
	vp := s.victoryPoints()
	if s.Mission != nil {
		for seat, op := range s.Mission.OP {
			vp[seat] += missionScoreOP * op
		}
	}
	return vp
}

// missionScoreOP is what one OP weighs in Scores: more than the points of
// any army list (army.MaxPoints).
const missionScoreOP = 1000

// Watchers counts the enemies of trooper id that would have Line of Fire
// to it standing at at (Line of Fire (N4)): troopers of another seat, not
// in a Null state, on the table and not concealed. For the bots, on the
// states they sample: a Dodge or Guts movement out of sight.
func (s *State) Watchers(id string, at [2]float64) int {
	t := s.trooperIndex(id)
	if t < 0 || s.modelOf(t) < 0 {
		return 0
	}
	n := 0
	for u := range s.Troopers {
		tr := &s.Troopers[u]
		if tr.Seat == s.Troopers[t].Seat || tr.States.Null() || tr.concealed() || s.modelOf(u) < 0 {
			continue
		}
		if s.sees(t, at, u) {
			n++
		}
	}
	return n
}
