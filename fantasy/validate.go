package fantasy

import (
	"fmt"
	"math"
	"slices"

	"github.com/ordo-rules/ordo/rules"
)

// validate checks every invariant the methods rely on, so that a decoded
// state cannot make them panic: the seats, the phase and what it needs,
// every unit's formation (each model in exactly one slot, ranks as wide as
// the unit), profiles, ids, references.
func (s *State) validate() error {
	if len(s.Seats) < 2 {
		return fmt.Errorf("seats: a battle has at least 2, got %d", len(s.Seats))
	}
	for i, seat := range s.Seats {
		if seat == "" || seat == rules.ChanceSeat || slices.Contains(s.Seats[:i], seat) {
			return fmt.Errorf("seats[%d]: %q is blank, the dice's, or taken", i, seat)
		}
		if _, ok := s.Points[seat]; !ok {
			return fmt.Errorf("points: no entry for %q", seat)
		}
	}
	if len(s.Points) != len(s.Seats) {
		return fmt.Errorf("points: %d entries for %d seats", len(s.Points), len(s.Seats))
	}
	if err := s.checkAwards(); err != nil {
		return err
	}
	if s.Active < 0 || s.Active >= len(s.Seats) {
		return fmt.Errorf("active: %d is no seat", s.Active)
	}
	if s.Rounds < 1 || s.Rounds > maxRounds || s.Round < 1 || s.Round > s.Rounds || s.Turn < 1 || s.Turn > 2*maxRounds*len(s.Seats)+1 {
		return fmt.Errorf("round %d of %d, turn %d: out of range", s.Round, s.Rounds, s.Turn)
	}
	if !(s.Table[0] > 0 && s.Table[1] > 0 && s.Table[0] < 1000 && s.Table[1] < 1000) {
		return fmt.Errorf("table: %v", s.Table)
	}
	if _, err := rules.ResolveRulings(rules.StandardFor(Name), s.Rulings); err != nil {
		return fmt.Errorf("rulings: %v", err)
	}
	for name, p := range s.Profiles {
		if err := p.Check(); err != nil || p.Name != name {
			return fmt.Errorf("profiles[%q]: %v", name, err)
		}
	}
	if len(s.Units) > maxUnits*len(s.Seats)+maxModels {
		return fmt.Errorf("units: %d", len(s.Units))
	}
	ids := map[string]bool{}
	for i, u := range s.Units {
		if err := s.validateUnit(u, ids); err != nil {
			return fmt.Errorf("units[%d]: %w", i, err)
		}
	}
	if err := s.validateDeployment(ids); err != nil {
		return err
	}
	for i, u := range s.Units {
		for _, e := range u.Engage {
			if eu := s.unit(e); eu == nil || eu.Seat == u.Seat || !slices.Contains(eu.Engage, u.ID) {
				return fmt.Errorf("units[%d].engaged: %q is no enemy unit engaged with it", i, e)
			}
		}
	}
	for i, c := range s.Charges {
		// A charger may be gone before its charge move (shot down by
		// Stand & Shoot); its charge then moves nothing.
		if c.Unit == "" || c.Target == "" {
			return fmt.Errorf("charges[%d]: a charge names its unit and target", i)
		}
		if !slices.Contains([]string{"", "hold", "flee", "stand-and-shoot"}, c.Reaction) || !slices.Contains([]string{"front", "flank", "rear"}, c.Side) {
			return fmt.Errorf("charges[%d]: reaction %q, side %q", i, c.Reaction, c.Side)
		}
	}
	step, ok := stepIn(s.Phase)
	if !ok {
		return fmt.Errorf("phase %q is no step", s.Phase)
	}
	_ = step
	switch s.Resume {
	case "", PhaseCharges, PhaseChargeMoves, PhaseRemaining, PhaseMagic, PhaseShooting, PhaseCombat:
	default:
		return fmt.Errorf("resume: %q", s.Resume)
	}
	if (s.Phase == PhaseAllocate || s.Phase == PhaseMoveUp) && s.Resume == "" {
		return fmt.Errorf("phase %s without a phase to resume", s.Phase)
	}
	if s.Phase == PhaseReact {
		c := s.openCharge()
		if c == nil || s.unit(c.Target) == nil || s.unit(c.Unit) == nil {
			return fmt.Errorf("phase react without a charge waiting for its reaction")
		}
		if c.Character != "" {
			if m := s.unit(c.Unit).model(c.Character); m == nil || m.Role != Character {
				return fmt.Errorf("charge by %q out of %q", c.Character, c.Unit)
			}
		}
	}
	if (s.Pending != nil) != (s.Phase == PhaseAllocate) {
		return fmt.Errorf("pending hits exactly in the allocate-hits step")
	}
	if v := s.Pending; v != nil {
		u := s.unit(v.Target)
		if u == nil || !slices.Contains(s.Seats, v.Attacker) || v.Hits < 1 || v.Hits > 10000 || v.S < 1 || v.S > 10 || v.Pool < 0 {
			return fmt.Errorf("pending: %+v", *v)
		}
		if !slices.Equal(v.Eligible, s.eligible(u)) {
			return fmt.Errorf("pending.eligible: %v, the unit's eligible characters are %v", v.Eligible, s.eligible(u))
		}
		if len(s.allocations(u, v)) == 0 {
			return fmt.Errorf("pending: no legal allocation")
		}
		for id, n := range v.Direct {
			if u.model(id) == nil || n < 0 || n > 10000 {
				return fmt.Errorf("pending.direct: %q", id)
			}
		}
	}
	if (s.Pursuit != nil) != (s.Phase == PhasePursuit) {
		return fmt.Errorf("a pursuit exactly in the pursuit step")
	}
	if p := s.Pursuit; p != nil {
		if err := s.validatePursuit(p); err != nil {
			return fmt.Errorf("pursuit: %w", err)
		}
	}
	if len(s.Aims) > 2*maxAttacks {
		return fmt.Errorf("aims: %d, at most %d", len(s.Aims), 2*maxAttacks)
	}
	for _, a := range s.Aims {
		if s.unitOf(a.Model) == nil || s.unitOf(a.Target) == nil {
			return fmt.Errorf("aims: %+v names no model", a)
		}
	}
	if m := s.Melee; m != nil {
		switch {
		case s.Phase != PhaseMoveUp || s.Resume != PhaseCombat:
			return fmt.Errorf("melee: a round of close combat waits only in the move-up step of the close combat phase")
		case m.Next < -2 || m.Next >= strikeSteps || len(m.Caused) != len(s.Seats) || (len(m.Overkill) != 0 && len(m.Overkill) != len(s.Seats)) || len(m.Units) == 0 || len(m.Units) > 2*maxUnits:
			return fmt.Errorf("melee: %+v", *m)
		}
		for _, n := range append(slices.Clone(m.Caused), m.Overkill...) {
			if n < 0 || n > 10000 {
				return fmt.Errorf("melee: %d wounds caused", n)
			}
		}
	}
	if (s.Vacancy != nil) != (s.Phase == PhaseMoveUp) {
		return fmt.Errorf("a vacancy exactly in the move-up step")
	}
	if v := s.Vacancy; v != nil {
		u := s.unit(v.Unit)
		if u == nil || v.File < 0 || v.File >= u.Files || u.Ranks[0][v.File] != "" || len(u.candidates(v.File)) < 2 {
			return fmt.Errorf("vacancy: %+v", *v)
		}
	}
	if err := s.validateTerrain(); err != nil {
		return err
	}
	if err := s.validateDuels(); err != nil {
		return fmt.Errorf("duels: %w", err)
	}
	if err := s.validateMagic(); err != nil {
		return err
	}
	for _, id := range s.Fought {
		if !ids[id] && s.unit(id) == nil {
			continue // a unit destroyed in its combat
		}
	}
	return nil
}

func (s *State) validateUnit(u *Unit, ids map[string]bool) error {
	if u == nil {
		return fmt.Errorf("null")
	}
	if u.ID == "" || ids[u.ID] || !slices.Contains(s.Seats, u.Seat) {
		return fmt.Errorf("id %q (seat %q) is blank, taken or of no seat", u.ID, u.Seat)
	}
	ids[u.ID] = true
	if u.Silenced < 0 || u.Silenced > s.Turn+len(s.Seats) {
		return fmt.Errorf("%s: silenced until turn %d in turn %d", u.ID, u.Silenced, s.Turn)
	}
	if len(u.Models) == 0 || len(u.Models) > maxModels+10 {
		return fmt.Errorf("%s: %d models", u.ID, len(u.Models))
	}
	for _, x := range []float64{u.At.X, u.At.Y, u.Facing, u.Base[0], u.Base[1]} {
		if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 1e6 {
			return fmt.Errorf("%s: a position, facing or base is not a sane number", u.ID)
		}
	}
	if u.Base[0] < 0.1 || u.Base[1] < 0.1 || u.Pool < 0 || u.Pool > 100 || u.Points < 0 || u.Start < 0 || u.Start > maxModels || u.Rounds < 0 || u.Rounds > 1000 {
		return fmt.Errorf("%s: base, wound pool or points out of range", u.ID)
	}
	// Slots by base size: a model takes the block its base covers, so the
	// unit is at most as deep and as wide as its blocks laid end to end.
	ranks, files := 0, 0
	for _, m := range u.Models {
		nf, nr := 1, 1
		if p, ok := s.Profiles[m.Profile]; ok {
			nf, nr = blockSize(p.Base, u.Base)
		}
		ranks, files = ranks+nr, files+nf
	}
	if u.Files < 1 || len(u.Ranks) < 1 || len(u.Ranks) > ranks || u.Files > files {
		return fmt.Errorf("%s: %d files, %d ranks for %d models", u.ID, u.Files, len(u.Ranks), len(u.Models))
	}
	placed := map[string]int{}
	for r, rank := range u.Ranks {
		if len(rank) != u.Files {
			return fmt.Errorf("%s: rank %d has %d slots, the unit %d files", u.ID, r, len(rank), u.Files)
		}
		for _, id := range rank {
			if id == "" {
				continue
			}
			if u.model(id) == nil {
				return fmt.Errorf("%s: slot of %q, which is no model of it", u.ID, id)
			}
			placed[id]++
		}
	}
	for _, m := range u.Models {
		p, ok := s.Profiles[m.Profile]
		if !ok || placed[m.ID] == 0 {
			continue // reported below
		}
		wf, wr := blockSize(p.Base, u.Base)
		r, f, nr, nf, _ := u.block(m.ID)
		if nr != wr || nf != wf || placed[m.ID] != nr*nf {
			return fmt.Errorf("%s: model %q stands in %d slots (%d by %d from rank %d file %d), not the block of %d files by %d ranks his base covers", u.ID, m.ID, placed[m.ID], nf, nr, r, f, wf, wr)
		}
		for i := r; i < r+nr; i++ {
			for j := f; j < f+nf; j++ {
				if u.Ranks[i][j] != m.ID {
					return fmt.Errorf("%s: model %q's block is broken at rank %d file %d", u.ID, m.ID, i, j)
				}
			}
		}
	}
	for _, m := range u.Models {
		p, ok := s.Profiles[m.Profile]
		switch {
		case placed[m.ID] == 0:
			return fmt.Errorf("%s: model %q has no slot", u.ID, m.ID)
		case !ok:
			return fmt.Errorf("%s: model %q has unknown profile %q", u.ID, m.ID, m.Profile)
		case m.Wounds < 1 || m.Wounds > p.W:
			return fmt.Errorf("%s: model %q has %d wounds of %d", u.ID, m.ID, m.Wounds, p.W)
		case !slices.Contains([]Role{RankAndFile, Champion, Standard, Musician, Character}, m.Role):
			return fmt.Errorf("%s: model %q has role %q", u.ID, m.ID, m.Role)
		case (m.Role == Character) != p.Character:
			return fmt.Errorf("%s: model %q's role %q does not match its profile", u.ID, m.ID, m.Role)
		case m.ID != u.ID && ids[m.ID]:
			return fmt.Errorf("%s: model id %q is taken", u.ID, m.ID)
		case m.ID == u.ID && !allCharacters(u):
			// A unit bears a model's id only when it is a character alone
			// or a unit of characters (the first of them): in a unit with
			// rank and file the id would name both the unit and one model.
			return fmt.Errorf("%s: model %q has the id of its unit, which has models that are not characters", u.ID, m.ID)
		}
		if m.ID != u.ID {
			ids[m.ID] = true
		}
	}
	return nil
}

// validatePursuit checks a pursuit waiting for the winner: broken enemy
// units, winning units of the winner's, and the ones still to choose and
// the ones pursuing drawn from them, apart.
func (s *State) validatePursuit(p *Pursuit) error {
	if !slices.Contains(s.Seats, p.Winner) {
		return fmt.Errorf("winner %q is no seat", p.Winner)
	}
	if len(p.Broken) == 0 || len(p.Units) == 0 || len(p.Choose) == 0 || len(p.Broken)+len(p.Units) > maxUnits*len(s.Seats) {
		return fmt.Errorf("%d broken units, %d winning, %d to choose", len(p.Broken), len(p.Units), len(p.Choose))
	}
	for _, id := range p.Broken {
		if u := s.unit(id); u == nil || u.Seat == p.Winner {
			return fmt.Errorf("broken: %q is no unit of the losing side", id)
		}
	}
	for i, id := range p.Units {
		if u := s.unit(id); u == nil || u.Seat != p.Winner || slices.Contains(p.Units[:i], id) {
			return fmt.Errorf("units: %q is no winning unit, or is named twice", id)
		}
	}
	for i, id := range p.Choose {
		if !slices.Contains(p.Units, id) || slices.Contains(p.Choose[:i], id) || slices.Contains(p.Pursue, id) {
			return fmt.Errorf("choose: %q", id)
		}
	}
	for i, id := range p.Pursue {
		if !slices.Contains(p.Units, id) || slices.Contains(p.Pursue[:i], id) {
			return fmt.Errorf("pursue: %q", id)
		}
	}
	return nil
}

// validateDuels checks the challenges: at most one a combat; one waiting
// for an answer exactly in the challenge step, one refused and waiting for
// who steps back exactly in the retire step; a refused one only in the
// close combat phase (its round clears it); named models present. An
// accepted one lasts from turn to turn; a unit of it may be gone (the end
// of the round or of the turn clears it).
func (s *State) validateDuels() error {
	if len(s.Duels) > maxUnits {
		return fmt.Errorf("%d challenges, more than the units", len(s.Duels))
	}
	for i, d := range s.Duels {
		answered := d.Foe != "" || d.Refused
		switch {
		case d.Foe != "" && d.Refused:
			return fmt.Errorf("[%d]: accepted and refused", i)
		case d.Retired != "" && !d.Refused:
			return fmt.Errorf("[%d]: retired %q without a refusal", i, d.Retired)
		}
		last := i == len(s.Duels)-1
		switch {
		case s.Phase == PhaseChallenge && last:
			if answered {
				return fmt.Errorf("[%d]: the challenge step with the challenge answered", i)
			}
		case s.Phase == PhaseRetire && last:
			if !d.Refused || d.Retired != "" {
				return fmt.Errorf("[%d]: the retire step without a refusal to answer", i)
			}
		case !answered:
			return fmt.Errorf("[%d]: a challenge waiting for an answer in phase %s", i, s.Phase)
		}
		if d.Refused && !s.Phase.closeCombat() {
			return fmt.Errorf("[%d]: a refused challenge in phase %s", i, s.Phase)
		}
		u := s.unit(d.Unit)
		if u == nil {
			if !answered {
				return fmt.Errorf("[%d]: no unit %q", i, d.Unit)
			}
			continue
		}
		if m := u.model(d.Challenger); (m == nil && !answered) || (m != nil && m.Role != Character && m.Role != Champion) {
			return fmt.Errorf("[%d]: challenger %q is no character or champion of %s", i, d.Challenger, d.Unit)
		}
		if !answered && enemySeat(s.combatOf(u), u.Seat) == "" {
			return fmt.Errorf("[%d]: %s's combat has no enemy", i, d.Unit)
		}
		if d.Foe != "" {
			f := s.unit(d.FoeUnit)
			if f != nil && f.Seat == u.Seat {
				return fmt.Errorf("[%d]: foe unit %q is not an enemy", i, d.FoeUnit)
			}
			if m := s.unitOf(d.Foe); f != nil && m != nil && m != f {
				return fmt.Errorf("[%d]: foe %q is not in %s", i, d.Foe, d.FoeUnit)
			}
		}
		if u.engaged() {
			for j := range i {
				if slices.Contains(s.combatOf(u), s.unit(s.Duels[j].Unit)) {
					return fmt.Errorf("[%d]: a second challenge in %s's combat", i, d.Unit)
				}
			}
		}
	}
	if (s.Phase == PhaseChallenge || s.Phase == PhaseRetire) && len(s.Duels) == 0 {
		return fmt.Errorf("phase %s without a challenge", s.Phase)
	}
	if (s.Phase == PhaseCounter && s.Asked == "") || (s.Asked != "" && s.Phase != PhaseCounter && s.Phase != PhaseChallenge && s.Phase != PhaseRetire) {
		return fmt.Errorf("asked %q in phase %s", s.Asked, s.Phase)
	}
	if s.Asked != "" {
		u := s.unit(s.Asked)
		if u == nil || !u.engaged() || slices.Contains(s.Fought, u.ID) || enemySeat(s.combatOf(u), s.activeSeat()) == "" {
			return fmt.Errorf("asked %q: no combat about to be fought", s.Asked)
		}
	}
	return nil
}

// closeCombat reports whether a phase belongs to the close combat phase.
func (p Phase) closeCombat() bool {
	switch p {
	case PhaseCombat, PhaseAllocate, PhaseMoveUp, PhasePursuit, PhaseChallenge, PhaseRetire, PhaseCounter:
		return true
	}
	return false
}

// allCharacters reports whether every model of u is a character: a
// character alone, or a unit of characters, which bears the id of the
// first of them.
func allCharacters(u *Unit) bool {
	for i := range u.Models {
		if u.Models[i].Role != Character {
			return false
		}
	}
	return true
}
