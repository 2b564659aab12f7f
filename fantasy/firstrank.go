package fantasy

import (
	"fmt"
	"slices"

	"github.com/ordo-rules/ordo/rules"
)

// firstRankOK reports whether every model with In the First Rank! stands
// as close to the front as it can: a rule-model in rank r needs every rank
// before r to be full of rule-models.
func (u *Unit) firstRankOK() bool {
	for r, rank := range u.Ranks {
		for f, id := range rank {
			m := u.model(id)
			if m == nil || !m.Role.firstRank() || !u.single(r, f) {
				continue // a model on a larger base keeps the block he stands in
			}
			for _, earlier := range u.Ranks[:r] {
				for _, e := range earlier {
					if em := u.model(e); em == nil || !em.Role.firstRank() {
						return false
					}
				}
			}
		}
	}
	return true
}

// single reports whether slot (r, f) holds a model standing in that slot
// alone: not empty, and not part of the block of a model on a larger base
// (who keeps his block: he never moves slot by slot).
func (u *Unit) single(r, f int) bool {
	rank := u.Ranks[r]
	id := rank[f]
	return id != "" && (f == 0 || rank[f-1] != id) && (f+1 == len(rank) || rank[f+1] != id) &&
		(r == 0 || u.Ranks[r-1][f] != id) && (r+1 == len(u.Ranks) || u.Ranks[r+1][f] != id)
}

// candidates are the rule-models behind the front rank, nearest to front
// slot f first (then by id), for a vacated front slot: those standing in
// one slot (a model on a larger base keeps his block).
func (u *Unit) candidates(f int) []string {
	type c struct {
		id string
		d  float64
	}
	var cs []c
	for r := 1; r < len(u.Ranks); r++ {
		for ff, id := range u.Ranks[r] {
			if m := u.model(id); m != nil && m.Role.firstRank() && u.single(r, ff) {
				cs = append(cs, c{id, u.slotCentre(r, ff).Dist(u.slotCentre(0, f))})
			}
		}
	}
	slices.SortFunc(cs, func(a, b c) int {
		if a.d != b.d {
			if a.d < b.d {
				return -1
			}
			return 1
		}
		if a.id < b.id {
			return -1
		}
		return 1
	})
	out := make([]string, len(cs))
	for i, x := range cs {
		out[i] = x.id
	}
	return out
}

// nearestIn is the model of rank r nearest slot (tr, tf), preferring plain
// rank-and-file when plain is set, or "".
func (u *Unit) nearestIn(r, tr, tf int, plain bool) string {
	best, bd := "", 0.0
	for f, id := range u.Ranks[r] {
		m := u.model(id)
		if m == nil || (plain && m.Role != RankAndFile) || !u.single(r, f) {
			continue
		}
		if d := u.slotCentre(r, f).Dist(u.slotCentre(tr, tf)); best == "" || d < bd-1e-9 {
			best, bd = id, d
		}
	}
	return best
}

// place moves model id to slot (r, f), which must be empty.
func (u *Unit) place(id string, r, f int) {
	if or, of, ok := u.slotOf(id); ok {
		u.Ranks[or][of] = ""
	}
	u.Ranks[r][f] = id
}

// fillGaps closes the gaps casualties and departures leave (In the First
// Rank!): a vacated front slot goes to a model with the rule from a rank
// behind — the owner chooses which when there are several (ask), or the
// nearest — and otherwise to a rank-and-file from the rear rank; gaps in
// the middle ranks are filled from the rear rank; empty rear ranks go, and
// a unit of one rank closes up about its centre.
func (s *State) fillGaps(u *Unit, ask bool) {
	for {
		for len(u.Ranks) > 1 && empty(u.Ranks[len(u.Ranks)-1]) {
			u.Ranks = u.Ranks[:len(u.Ranks)-1]
		}
		if len(u.Ranks) <= 1 {
			u.compact()
			return
		}
		rear := rearRank(u)
		r, f, ok := firstGap(u, rear)
		if !ok {
			// No model standing in one slot behind the front to fill
			// it from: a character on a larger base behind an empty
			// front slot still moves up with his whole base.
			// Else the files empty in every rank go: the front rank
			// closes up beside a character whose base reaches behind.
			if f := slices.Index(u.Ranks[0], ""); f >= 0 && rear < 1 {
				if id := u.blockUp(f); id != "" {
					s.emit(Event{What: "moved-up", Unit: u.ID, Model: id, Text: fmt.Sprintf("%s moves up into the front rank with the whole of his base (%s)", id, ruleFirstRank)})
					continue
				}
				if u.trimFiles() {
					continue
				}
			}
			return
		}
		if r == 0 {
			cs := u.candidates(f)
			if len(cs) > 1 && ask {
				s.Vacancy = &Vacancy{Unit: u.ID, File: f}
				if s.Phase != PhaseMoveUp {
					s.Resume = s.Phase
				}
				s.Phase = PhaseMoveUp
				return
			}
			if len(cs) > 0 {
				u.place(cs[0], 0, f)
				s.emit(Event{What: "moved-up", Unit: u.ID, Model: cs[0], Text: fmt.Sprintf("%s moves up into the front rank (%s)", cs[0], ruleFirstRank)})
				continue
			}
			if id := u.blockUp(f); id != "" {
				s.emit(Event{What: "moved-up", Unit: u.ID, Model: id, Text: fmt.Sprintf("%s moves up into the front rank with the whole of his base (%s)", id, ruleFirstRank)})
				continue
			}
		}
		id := u.nearestIn(rear, r, f, true)
		if id == "" {
			id = u.nearestIn(rear, r, f, false)
		}
		u.place(id, r, f)
		if r == 0 {
			s.emit(Event{What: "moved-up", Unit: u.ID, Model: id, Text: fmt.Sprintf("%s steps up from the rear rank into the front rank (%s)", id, ruleFirstRank)})
		}
	}
}

func empty(rank []string) bool {
	for _, id := range rank {
		if id != "" {
			return false
		}
	}
	return true
}

// rearRank is the last rank holding a model that stands in one slot, the
// rank gaps are filled from: the last rank, unless only the blocks of
// models on larger bases reach into it (they stand in ranks not yet full
// beside them); -1 when no model stands in one slot.
func rearRank(u *Unit) int {
	for r := len(u.Ranks) - 1; r >= 0; r-- {
		for f := range u.Ranks[r] {
			if u.single(r, f) {
				return r
			}
		}
	}
	return -1
}

// firstGap is the first empty slot before the rear rank.
func firstGap(u *Unit, rear int) (int, int, bool) {
	for r := 0; r < rear; r++ {
		if f := slices.Index(u.Ranks[r], ""); f >= 0 {
			return r, f, true
		}
	}
	return 0, 0, false
}

// compact closes up a unit of one rank about the models that remain,
// which do not move.
func (u *Unit) compact() {
	if len(u.Ranks) != 1 {
		return
	}
	lo, hi := -1, -1
	var ids []string
	for f, id := range u.Ranks[0] {
		if id != "" {
			if lo < 0 {
				lo = f
			}
			hi = f
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 || len(ids) == u.Files {
		return
	}
	mid := u.slotCentre(0, lo).Add(u.slotCentre(0, hi).Sub(u.slotCentre(0, lo)).Scale(0.5))
	u.At = mid.Add(u.forward().Scale(u.Base[1] / 2))
	u.Files = len(ids)
	u.Ranks[0] = ids
}

// trimFiles takes out the files empty in every rank, the unit's models
// keeping their places as near as the closing up allows (its front's
// centre stays between its outermost files); false when there is none.
func (u *Unit) trimFiles() bool {
	var keep []int
	for f := range u.Files {
		for r := range u.Ranks {
			if u.Ranks[r][f] != "" {
				keep = append(keep, f)
				break
			}
		}
	}
	if len(keep) == 0 || len(keep) == u.Files {
		return false
	}
	lo, hi := u.slotCentre(0, keep[0]), u.slotCentre(0, keep[len(keep)-1])
	u.At = lo.Add(hi.Sub(lo).Scale(0.5)).Add(u.forward().Scale(u.Base[1] / 2))
	for r, rank := range u.Ranks {
		row := make([]string, len(keep))
		for i, f := range keep {
			row[i] = rank[f]
		}
		u.Ranks[r] = row
	}
	u.Files = len(keep)
	return true
}

// settleFirstRank swaps models with In the First Rank! standing behind a
// front rank that still has rank-and-file forward, each time with the
// nearest such rank-and-file: as few models as possible, as short a way as
// possible. It returns the rank-and-file it moved.
func (u *Unit) settleFirstRank() []string {
	var moved []string
	for !u.firstRankOK() {
		bestRF, bestRule, bd := "", "", 0.0
		for r := 1; r < len(u.Ranks); r++ {
			for f, id := range u.Ranks[r] {
				m := u.model(id)
				if m == nil || !m.Role.firstRank() || !u.single(r, f) {
					continue
				}
				for er := 0; er < r; er++ {
					for ef, eid := range u.Ranks[er] {
						em := u.model(eid)
						if (em != nil && em.Role.firstRank()) || (eid != "" && !u.single(er, ef)) {
							continue
						}
						d := u.slotCentre(r, f).Dist(u.slotCentre(er, ef))
						if bestRule == "" || d < bd-1e-9 {
							bestRF, bestRule, bd = eid, id, d
						}
					}
				}
			}
		}
		if bestRule == "" {
			return moved
		}
		r1, f1, _ := u.slotOf(bestRule)
		var r2, f2 int
		if bestRF == "" {
			// an empty slot ahead: find it
			for er := 0; er < r1; er++ {
				if ef := slices.Index(u.Ranks[er], ""); ef >= 0 {
					r2, f2 = er, ef
					break
				}
			}
		} else {
			r2, f2, _ = u.slotOf(bestRF)
			moved = append(moved, bestRF)
		}
		u.Ranks[r1][f1], u.Ranks[r2][f2] = u.Ranks[r2][f2], u.Ranks[r1][f1]
	}
	return moved
}

// moveUp is the owner's choice of the model that fills a vacated front
// slot.
func (s *State) moveUp(a MoveUp, r roller) error {
	v := s.Vacancy
	u := s.unit(v.Unit)
	cs := u.candidates(v.File)
	if !slices.Contains(cs, a.Model) {
		if m := u.model(a.Model); m != nil && m.Role == RankAndFile {
			return rules.Errorf(CodeFirstRank, ruleFirstRank, "%s is rank-and-file: models with In the First Rank! (%v) have priority for the vacated front slot", a.Model, cs)
		}
		return rules.Errorf(CodeFirstRank, ruleFirstRank, "%s may not fill the vacated front slot of %s (candidates: %v)", a.Model, u.ID, cs)
	}
	u.place(a.Model, 0, v.File)
	s.emit(Event{What: "moved-up", Unit: u.ID, Model: a.Model, Text: fmt.Sprintf("%s moves up into the front rank (%s)", a.Model, ruleFirstRank)})
	s.Vacancy = nil
	s.Phase = s.Resume
	s.fillGaps(u, true)
	if s.Vacancy == nil && s.Melee != nil {
		// The round of close combat the choice interrupted goes on.
		return s.resumeMelee(r)
	}
	return nil
}

// blockUp moves a character on a larger base who stands behind the front
// rank up into it over the vacated front slot f, when a block there holds
// only rank-and-file standing in one slot or nobody (In the First Rank!,
// Characters: different sized bases): the nearest such block to where he
// stands, the left one of two as near. The rank-and-file it holds take
// the slots he leaves, in order. It returns the character, or "".
func (u *Unit) blockUp(f int) string {
	fr := u.frame()
	for r0 := 1; r0 < len(u.Ranks); r0++ {
		for f0 := range u.Ranks[r0] {
			id := u.Ranks[r0][f0]
			if !u.origin(r0, f0) || u.single(r0, f0) {
				continue
			}
			if m := u.model(id); m == nil || !m.Role.firstRank() {
				continue
			}
			_, _, nr, nf, _ := u.blockAt(r0, f0)
			from := fr.centre(r0, f0)
			best, bd := -1, 0.0
			for nf0 := max(0, f-nf+1); nf0 <= f && nf0+nf <= u.Files; nf0++ {
				if nr > len(u.Ranks) || !u.blockFree(0, nf0, nr, nf, id) {
					continue
				}
				if d := fr.centre(0, nf0).Dist(from); best < 0 || d < bd-1e-9 {
					best, bd = nf0, d
				}
			}
			if best < 0 {
				continue
			}
			var moved []string
			for i := 0; i < nr; i++ {
				for j := best; j < best+nf; j++ {
					if x := u.Ranks[i][j]; x != "" && x != id {
						moved = append(moved, x)
					}
				}
			}
			u.vacate(id)
			for i := 0; i < nr; i++ {
				for j := best; j < best+nf; j++ {
					u.Ranks[i][j] = id
				}
			}
			k := 0
			for i := r0; i < r0+nr; i++ {
				for j := f0; j < f0+nf; j++ {
					if u.Ranks[i][j] == "" && k < len(moved) {
						u.Ranks[i][j] = moved[k]
						k++
					}
				}
			}
			return id
		}
	}
	return ""
}

// blockFree reports whether the block of nr ranks by nf files from slot
// (r, f) holds only rank-and-file standing in one slot, empty slots, or
// the model own.
func (u *Unit) blockFree(r, f, nr, nf int, own string) bool {
	for i := r; i < r+nr; i++ {
		for j := f; j < f+nf; j++ {
			x := u.Ranks[i][j]
			if x == "" || x == own {
				continue
			}
			if m := u.model(x); m == nil || m.Role != RankAndFile || !u.single(i, j) {
				return false
			}
		}
	}
	return true
}
