package infinity

import (
	"math/rand/v2"

	"github.com/ordo-rules/ordo/rules"
)

// twinPossessedLieutenant varies which trooper is owner's Lieutenant when
// one of the two is Possessed (Possessed (N4), Loss of Lieutenant (N4)):
// the Lieutenant role of a Possessed trooper is kept, private to its
// owner, in its Possession, and its possessor must not learn whether the
// trooper he controls was the Lieutenant. The twin moves the role between
// a Possessed trooper of owner's and a trooper of owner's in the open, in
// either direction.
//
// Only while the role is private, and only over a step that cannot make
// it public: no owner's trooper has revealed itself as Lieutenant, no
// Lieutenant Special Order of owner's is being spent, and the next action
// neither ends a Player Turn (the Tactical Phase that follows decides Loss
// of Lieutenant, which is public), nor appoints a Lieutenant, nor cancels
// a Possession with a Command Token (which takes the Loss of Lieutenant
// check again).
func (s *State) twinPossessedLieutenant(owner, seat rules.Seat, a rules.Action, r *rand.Rand) (rules.Action, bool) {
	// Only while the role is private (lieutenantPrivate), as a sample
	// draws it (Determinize): the twin varies only what a sample would.
	// A Possession is made in the Orders Phase alone.
	if s.Phase != PhaseOrders || !s.lieutenantPrivate(owner) {
		return nil, false
	}
	switch x := a.(type) {
	case EndOrders, Appoint, CancelPossession:
		return nil, false
	case Activate:
		if x.Order == OrderLieutenant {
			return nil, false
		}
	}
	holder := -1
	var possessed, open []int
	for i, tr := range s.Troopers {
		if !tr.ownedBy(owner) {
			continue
		}
		if tr.Lieutenant || (tr.States.Possessed && tr.Possession.Lieutenant) {
			holder = i
		}
		switch {
		case tr.Jumper != "" || !s.profile(i).CanBeLieutenant():
		case tr.possessedFrom(owner) && tr.Possession.Group != "" && s.untouched(i, a):
			possessed = append(possessed, i)
		case tr.Seat == owner && !tr.States.Possessed && s.lieutenantCounts(i) && s.untouched(i, a):
			open = append(open, i)
		}
	}
	if holder < 0 || len(possessed) == 0 || len(open) == 0 || !s.untouched(holder, a) {
		return nil, false
	}
	// The role moves to a trooper on the other side of the divide.
	pool := possessed
	if s.Troopers[holder].States.Possessed {
		pool = open
	}
	next := pool[r.IntN(len(pool))]
	s.setLieutenant(holder, false)
	s.setLieutenant(next, true)
	return a, true
}

// setLieutenant gives or takes trooper t's Lieutenant role: in its
// Possession while it is Possessed.
func (s *State) setLieutenant(t int, on bool) {
	tr := &s.Troopers[t]
	if tr.States.Possessed {
		tr.Possession.Lieutenant = on
		return
	}
	tr.Lieutenant = on
}
