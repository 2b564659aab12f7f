package fantasy

import (
	"fmt"
	"github.com/ordo-rules/ordo/fantasy/wounds"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/ordo-rules/ordo/rules"
)

// Rules cited by this file, by the names players know.
const (
	ruleAllocation = "Characters in units: hit allocation"
	ruleLookOut    = "Look Out Sir!"
	ruleFirstRank  = "In the First Rank!"
	ruleCasualties = "Removing casualties"
)

// threshold is how many rank-and-file protect a character of their type
// (the fantasy-rank-and-file ruling: 5, "five or more", by default).
func (s *State) threshold() int {
	if s.Rulings.Get("fantasy-rank-and-file") == "6" {
		return 6
	}
	return 5
}

// lookOut8th reports whether Look Out Sir! is rolled (2+ against
// templates, 4+ against Stand & Shoot at a character charging out) as in
// the 8th edition, rather than automatic as the page of characters-in-units rules writes it.
func (s *State) lookOut8th() bool { return s.Rulings.Get("fantasy-look-out") == "8th" }

// protected reports whether a character of u cannot be allocated hits
// (Characters in units: hit allocation, case A): he is of the same troop
// type as the unit's rank-and-file and the unit has at least the threshold
// of rank-and-file (the champion does not count; characters never do).
// The count is taken once per volley, before any casualty.
func (s *State) protected(u *Unit, ch *Model) bool {
	if u.nonCharacters() == 0 {
		return false
	}
	return s.profile(ch).Type == s.rf(u).Type && u.rankAndFileCount(false) >= s.threshold()
}

// eligible lists the characters of u that take a share of distributed
// hits (case B): those of another troop type, or all of them when the unit
// has too few rank-and-file. Characters of the unit's type are ignored when
// it has enough rank-and-file, even beside characters of other types.
func (s *State) eligible(u *Unit) []string {
	var out []string
	for _, ch := range u.characters() {
		if !s.protected(u, ch) {
			out = append(out, ch.ID)
		}
	}
	return out
}

// allocation is a distribution of hits: each eligible character's share;
// the rank-and-file take the rest as one pool.
type allocation map[string]int

// checkAllocation says whether a distribution is "as even as possible": no
// model takes a second hit before every model of the unit (rank-and-file
// and eligible characters) has one, a third before every model has two,
// and so on. With q = hits / models, each model takes q or q+1.
func (s *State) checkAllocation(u *Unit, v *Volley, a allocation) *rules.RuleError {
	m := u.nonCharacters()
	k := m + len(v.Eligible)
	sum := 0
	for _, id := range slices.Sorted(maps.Keys(a)) {
		n := a[id]
		if !slices.Contains(v.Eligible, id) {
			if ch := u.model(id); ch != nil && ch.Role == Character {
				return rules.Errorf(CodeAllocate, ruleAllocation, "%s cannot be allocated hits: he is of the troop type of %s's rank-and-file and they number %d or more", id, u.ID, s.threshold())
			}
			return rules.Errorf(CodeAllocate, ruleAllocation, "%s is no character of %s that may take hits (eligible: %s)", id, u.ID, strings.Join(v.Eligible, ", "))
		}
		if n < 0 {
			return rules.Errorf(CodeAllocate, ruleAllocation, "%s: %d hits", id, n)
		}
		sum += n
	}
	if sum > v.Hits {
		return rules.Errorf(CodeAllocate, ruleAllocation, "%d hits allocated to characters, but the volley has %d", sum, v.Hits)
	}
	q, rem := v.Hits/k, v.Hits%k
	for _, id := range v.Eligible {
		if n := a[id]; n < q || n > q+1 || (n == q+1 && rem == 0) {
			return rules.Errorf(CodeAllocate, ruleAllocation, "%s takes %d of %d hits on %d models: no model may take a hit more before every other model has as many (each takes %d%s)", id, n, v.Hits, k, q, orOneMore(rem, q))
		}
	}
	rf := v.Hits - sum
	if rf < m*q || rf > m*(q+1) || (rem == 0 && rf != m*q) {
		return rules.Errorf(CodeAllocate, ruleAllocation, "the rank-and-file would take %d of %d hits among %d models: each model takes %d%s", rf, v.Hits, m, q, orOneMore(rem, q))
	}
	return nil
}

func orOneMore(rem, q int) string {
	if rem == 0 {
		return ""
	}
	return fmt.Sprintf(" or %d", q+1)
}

// allocations lists every legal distribution, in a fixed order: which
// eligible characters take the extra hit.
func (s *State) allocations(u *Unit, v *Volley) []allocation {
	m := u.nonCharacters()
	k := m + len(v.Eligible)
	if k == 0 {
		return nil
	}
	q, rem := v.Hits/k, v.Hits%k
	var out []allocation
	for mask := range 1 << len(v.Eligible) {
		a := allocation{}
		extra := 0
		for i, id := range v.Eligible {
			a[id] = q
			if mask&(1<<i) != 0 {
				a[id]++
				extra++
			}
		}
		if extra <= rem && rem-extra <= m {
			out = append(out, a)
		}
	}
	return out
}

// hitUnit lands hits from normal shooting on a unit. When the allocating
// player has a choice, the game waits for it (allocate-hits); otherwise the
// hits are resolved at once.
func (s *State) hitUnit(attacker rules.Seat, u *Unit, hits, str int, r roller) error {
	return s.hitUnitWith(attacker, u, hits, str, 0, r)
}

// hitUnitWith is hitUnit for a weapon with special rules (grapeshot's
// Armour Piercing), carried with the volley until it is resolved.
func (s *State) hitUnitWith(attacker rules.Seat, u *Unit, hits, str int, tr traits, r roller) error {
	if hits <= 0 {
		return nil
	}
	v := &Volley{Attacker: attacker, Target: u.ID, Hits: hits, S: str, Eligible: s.eligible(u), Traits: tr}
	opts := s.allocations(u, v)
	if len(opts) > 1 {
		s.Pending = v
		if s.Phase != PhaseAllocate {
			s.Resume = s.Phase
		}
		s.Phase = PhaseAllocate
		s.emit(Event{What: "hits", Unit: u.ID, Value: float64(hits), Text: fmt.Sprintf("%d hits on %s wait for the %s to distribute them", hits, u.ID, s.allocatorName())})
		return nil
	}
	return s.distribute(v, opts[0], r)
}

func (s *State) allocatorName() string {
	if s.Rulings.Get("fantasy-allocator") == "owner" {
		return "owner"
	}
	return "attacker"
}

// allocate is the allocating player's distribution of a pending volley.
func (s *State) allocate(a Allocate, r roller) error {
	v := s.Pending
	u := s.unit(v.Target)
	if err := s.checkAllocation(u, v, a.Hits); err != nil {
		return err
	}
	s.Pending = nil
	s.Phase = s.Resume
	return s.distribute(v, a.Hits, r)
}

// distribute resolves a volley under a legal allocation: the characters'
// shares are theirs, the rest goes to the rank-and-file pool.
func (s *State) distribute(v *Volley, a allocation, r roller) error {
	u := s.unit(v.Target)
	direct := cloneMap(v.Direct)
	if direct == nil {
		direct = map[string]int{}
	}
	rf := v.Hits
	for id, n := range a {
		if n > 0 {
			direct[id] += n
		}
		rf -= n
	}
	per := s.perModel(u, direct, rf+v.Pool)
	s.emit(Event{What: "allocated", Unit: u.ID, Hits: per, Text: fmt.Sprintf("hits on %s: %s", u.ID, describeHits(per))})
	return s.resolveHitsWith(u, direct, rf+v.Pool, v.S, strikeMods{traits: v.Traits & woundTraits}, r, true)
}

// perModel spreads the rank-and-file pool over the unit's non-character
// models for display: q each, the rest one more each, rear ranks first.
func (s *State) perModel(u *Unit, direct map[string]int, pool int) map[string]int {
	out := map[string]int{}
	for id, n := range direct {
		out[id] = n
	}
	// The rank-and-file in the order casualties would be removed, so the
	// models shown hit are the ones that fall first.
	var rf []string
	c := u.clone()
	var special []string
	for _, m := range c.Models {
		if m.Role != RankAndFile {
			special = append(special, m.ID)
		}
	}
	for {
		id := nextCasualty(c, special, nil)
		if id == "" {
			break
		}
		rf = append(rf, id)
		s.removeModel(c, id)
	}
	if len(rf) == 0 {
		return out
	}
	for i, id := range rf {
		out[id] += pool / len(rf)
		if i < pool%len(rf) {
			out[id]++
		}
	}
	return out
}

func describeHits(per map[string]int) string {
	var parts []string
	for _, id := range slices.Sorted(maps.Keys(per)) {
		if per[id] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", id, per[id]))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// templateHits lands the hits of a template on the models under it. A
// model under the template is hit; a protected character's hit passes to
// the rank-and-file (automatically as that page writes it; on a 2+ under
// fantasy-look-out: 8th). A champion under it, with enough rank-and-file
// left, passes it on a 2+ (Look Out Sir!, champions). Other characters
// are hit where they stand.
func (s *State) templateHits(u *Unit, covered []string, str int, r roller) error {
	return s.templateHitsOn(u, covered, str, r, true)
}

// templateHitsOn is templateHits; ask says whether a vacated front slot
// with several candidates waits for its owner (only when one unit is hit).
func (s *State) templateHitsOn(u *Unit, covered []string, str int, r roller, ask bool) error {
	return s.templateHitsWith(u, covered, str, strikeMods{}, r, ask)
}

// templateHitsWith is templateHitsOn with the weapon's special rules
// (a cannonball's Multiple Wounds).
func (s *State) templateHitsWith(u *Unit, covered []string, str int, mods strikeMods, r roller, ask bool) error {
	direct := map[string]int{}
	pool := 0
	rf := u.rankAndFileCount(false)
	for _, id := range covered {
		m := u.model(id)
		if m == nil {
			continue
		}
		switch {
		case m.Role == Character && s.protected(u, m):
			if !s.lookOut8th() {
				pool++
				s.emit(Event{What: "look-out-sir", Unit: u.ID, Model: id, Text: fmt.Sprintf("%s is in a unit of %d rank-and-file of his type: the hit passes to them (%s)", id, rf, ruleAllocation)})
				continue
			}
			d, err := r.d6()
			if err != nil {
				return err
			}
			s.emit(Event{What: "look-out-sir", Unit: u.ID, Model: id, Dice: []int{d}, Text: lookOutText(id, d, 2)})
			if d >= 2 {
				pool++
			} else {
				direct[id]++
			}
		case m.Role == Champion && rf >= s.threshold():
			d, err := r.d6()
			if err != nil {
				return err
			}
			s.emit(Event{What: "look-out-sir", Unit: u.ID, Model: id, Dice: []int{d}, Text: lookOutText(id, d, 2)})
			if d >= 2 {
				pool++
			} else {
				direct[id]++
			}
		case m.Role == Character || m.Role == Champion:
			direct[id]++
		default:
			pool++
		}
	}
	per := s.perModel(u, direct, pool)
	s.emit(Event{What: "allocated", Unit: u.ID, Hits: per, Text: fmt.Sprintf("template on %s: %s", u.ID, describeHits(per))})
	return s.resolveHitsWith(u, direct, pool, str, mods, r, ask)
}

func lookOutText(id string, d, need int) string {
	if d >= need {
		return fmt.Sprintf("Look Out Sir! for %s: %d, the hit passes to the rank-and-file", id, d)
	}
	return fmt.Sprintf("Look Out Sir! for %s: %d, he is hit", id, d)
}

// woundRolls rolls to wound, then armour and ward saves, for n hits at S
// against a profile, and returns the unsaved wounds. mods are the
// attackers' special rules: Poisoned Attacks (natural 6s to hit wound
// without a roll), Killing Blow (a 6 to wound against infantry, cavalry
// or war beasts slays outright: no armour save, a ward save still),
// Armour Piercing (armour saves 1 worse), Multiple Wounds (each unsaved
// wound becomes D3 or D6, at most the model's Wounds); and in close
// combat the defender's parry (a hand weapon and shield: a 6+ ward save
// against blows from its front). A ward save, Regeneration (4+) and the
// parry do not add up: the best one is taken.
func (s *State) woundRolls(u *Unit, who string, p Profile, n, str int, mods strikeMods, r roller) (int, error) {
	if n == 0 {
		return 0, nil
	}
	need, sv := wounds.WoundNeed(str, s.toughness(u, &p)), wounds.SaveNeed(armour(p), str)
	tr := mods.traits
	if tr&traitAP != 0 && sv <= 6 {
		sv++
	}
	if tr&traitNoArmour != 0 {
		sv = 7
	}
	auto := 0
	if tr&traitPoison != 0 {
		auto = min(mods.sixes, n)
	}
	kbOn := tr&traitKB != 0 && (p.Type == Infantry || p.Type == Cavalry || p.Type == WarBeast)
	// Wound, save and ward rolls share one slice of dice, room for all of
	// them made at once.
	rolls, err := r.appendD6s(make([]int, 0, 3*n), n-auto)
	if err != nil {
		return 0, err
	}
	wounds, kb := auto, 0
	for _, d := range rolls {
		if d >= need && need <= 6 {
			if kbOn && d == 6 {
				kb++
			} else {
				wounds++
			}
		}
	}
	ev := Event{What: "wounds", Unit: u.ID, Model: who, Dice: rolls}
	saved := 0
	if wounds > 0 && sv <= 6 {
		ev.Dice, err = r.appendD6s(ev.Dice, wounds)
		if err != nil {
			return 0, err
		}
		for _, d := range ev.Dice[len(ev.Dice)-wounds:] {
			if d >= sv {
				saved++
			}
		}
	}
	unsaved := wounds - saved
	ward := wardSave(p, mods.melee && tr&traitFlank == 0)
	warded := 0
	for _, k := range []*int{&unsaved, &kb} {
		if *k > 0 && ward > 0 {
			ev.Dice, err = r.appendD6s(ev.Dice, *k)
			if err != nil {
				return 0, err
			}
			for _, d := range ev.Dice[len(ev.Dice)-*k:] {
				if d >= max(2, ward) {
					warded++
					*k--
				}
			}
		}
	}
	extra := ""
	if mw := tr & (traitMW3 | traitMW6); mw != 0 && unsaved > 0 {
		// Multiple Wounds: each unsaved wound becomes D3 or D6.
		ev.Dice, err = r.appendD6s(ev.Dice, unsaved)
		if err != nil {
			return 0, err
		}
		total := 0
		for _, d := range ev.Dice[len(ev.Dice)-unsaved:] {
			if mw == traitMW3 {
				d = (d + 1) / 2
			}
			total += min(d, p.W)
		}
		extra = newLine().s(" (").n(unsaved).s(" become ").n(total).s(", Multiple Wounds)").String()
		unsaved = total
	}
	if kb > 0 {
		extra += newLine().s(", ").n(kb).s(" slain outright (Killing Blow)").String()
		unsaved += kb * p.W
	}
	if auto > 0 {
		extra += newLine().s(", ").n(auto).s(" wounding automatically (Poisoned Attacks)").String()
	}
	ev.Value = float64(unsaved)
	ev.Text = newLine().s(who, ": ").n(n).s(" hits at S").n(str).s(", ").n(wounds+kb).s(" wound on ").n(need).s("+, ").n(saved+warded).s(" saved on ", plus(sv), ", ").n(unsaved).s(" unsaved", extra).String()
	s.emit(ev)
	return unsaved, nil
}

// wardSave is the best of a profile's ward save, Regeneration (4+) and,
// against blows from its front in close combat (parry), the parry's 6+;
// 0 is none. They do not add up.
func wardSave(p Profile, parry bool) int {
	ward := p.Ward
	if p.has(RuleRegeneration) && (ward == 0 || ward > 4) {
		ward = 4
	}
	if parry && p.has(RuleParry) && (ward == 0 || ward > 6) {
		ward = 6
	}
	return ward
}

func plus(n int) string {
	if n > 6 {
		return "no save"
	}
	return strconv.Itoa(n) + "+"
}

// resolveHits rolls to wound and saves for the hits on named models and
// on the rank-and-file pool, then removes the casualties. ask says
// whether a vacated front slot with several candidates waits for the
// owner's choice (outside close combat) or takes the nearest.
func (s *State) resolveHits(u *Unit, direct map[string]int, pool, str int, r roller, ask bool) error {
	return s.resolveHitsWith(u, direct, pool, str, strikeMods{}, r, ask)
}

// resolveHitsWith is resolveHits with the attackers' special rules.
func (s *State) resolveHitsWith(u *Unit, direct map[string]int, pool, str int, mods strikeMods, r roller, ask bool) error {
	_, err := s.applyWoundsWith(u, direct, pool, str, mods, r)
	if err != nil {
		return err
	}
	if len(u.Models) == 0 {
		s.destroy(u, "is wiped out")
		return nil
	}
	s.fillGaps(u, ask)
	return nil
}

// applyWounds rolls and removes casualties; it returns the unsaved wounds
// that took effect (for the combat result).
func (s *State) applyWounds(u *Unit, direct map[string]int, pool, str int, r roller) (int, error) {
	return s.applyWoundsWith(u, direct, pool, str, strikeMods{}, r)
}

// applyWoundsWith is applyWounds with the attackers' special rules.
func (s *State) applyWoundsWith(u *Unit, direct map[string]int, pool, str int, mods strikeMods, r roller) (int, error) {
	total := 0
	if pool > 0 && u.nonCharacters() > 0 {
		w, err := s.woundRolls(u, u.ID+" rank-and-file", s.rf(u), pool, str, mods, r)
		if err != nil {
			return 0, err
		}
		total += s.removeRankAndFile(u, w)
	}
	if len(direct) == 0 {
		return total, nil
	}
	for _, id := range slices.Sorted(maps.Keys(direct)) {
		m := u.model(id)
		if m == nil || direct[id] == 0 {
			continue
		}
		w, err := s.woundRolls(u, id, s.profile(m), direct[id], str, mods, r)
		if err != nil {
			return 0, err
		}
		total += min(w, m.Wounds)
		s.overkill += max(0, w-m.Wounds)
		m.Wounds -= w
		if m.Wounds <= 0 {
			s.slay(u, id)
			s.emit(Event{What: "casualties", Unit: u.ID, Model: id, Text: id + " is slain"})
		}
	}
	return total, nil
}

// removeRankAndFile removes whole models for w unsaved wounds on the
// rank-and-file (Removing casualties): plain rank-and-file from the rear
// rank (from both ends equally while the unit is one rank), then the
// musician, then the standard bearer, the champion last. Wounds beyond
// the models there are are lost, never passed to characters. It returns the
// wounds that took effect.
func (s *State) removeRankAndFile(u *Unit, w int) int {
	wpm := s.rf(u).W
	capacity := u.nonCharacters()*wpm - u.Pool
	u.Pool += w
	// The models that are not plain rank-and-file, listed once: a short
	// list that tells the plain ones from the rest without searching the
	// unit for each slot. The casualties leave their slots at once and
	// the unit's model list in one pass at the end.
	var buf [16]string
	special := buf[:0]
	for i := range u.Models {
		m := &u.Models[i] // in place: a model is 64 bytes
		if m.Role != RankAndFile {
			special = append(special, m.ID)
		}
	}
	var removedBuf [32]string
	removed := removedBuf[:0]
	for u.Pool >= wpm {
		id, r, f := nextCasualtyAt(u, special, removed)
		if id == "" {
			break
		}
		// A model standing alone in the slot he was found in leaves
		// it; otherwise the slot is looked up as before.
		ok := r >= 0 && u.single(r, f)
		if !ok {
			r, f, ok = u.slotOf(id)
		}
		if ok {
			u.Ranks[r][f] = ""
		}
		removed = append(removed, id)
		u.Pool -= wpm
	}
	if len(removed) > 0 && len(special) > 0 {
		// A standard bearer among them is seized in close combat.
		for i := range u.Models {
			if m := &u.Models[i]; m.Role == Standard && slices.Contains(removed, m.ID) {
				s.trophies(u, m)
			}
		}
	}
	if len(removed) > 0 {
		u.Models = slices.DeleteFunc(u.Models, func(m Model) bool { return slices.Contains(removed, m.ID) })
	}
	if u.nonCharacters() == 0 {
		u.Pool = 0
	}
	if len(removed) > 0 {
		s.emit(Event{What: "casualties", Unit: u.ID, Value: float64(len(removed)), Text: u.ID + " loses " + strings.Join(removed, ", ")})
	}
	return min(w, capacity)
}

// nextCasualty picks the next rank-and-file casualty, or "": special
// lists the unit's models that are not plain rank-and-file, gone those
// already taken.
func nextCasualty(u *Unit, special, gone []string) string {
	id, _, _ := nextCasualtyAt(u, special, gone)
	return id
}

// nextCasualtyAt is nextCasualty with the slot it was found in, or
// rank -1 for a command model picked from the unit's list.
func nextCasualtyAt(u *Unit, special, gone []string) (string, int, int) {
	for r := len(u.Ranks) - 1; r >= 0; r-- {
		if f := outermostPlain(u, r, special); f >= 0 {
			return u.Ranks[r][f], r, f
		}
	}
	for _, role := range []Role{Musician, Standard, Champion} {
		for i := range u.Models {
			m := &u.Models[i] // in place: a model is 64 bytes
			if m.Role == role && !slices.Contains(gone, m.ID) {
				return m.ID, -1, 0
			}
		}
	}
	return "", -1, 0
}

// outermostPlain is the file of the plain rank-and-file of rank r
// farthest from the centre (-1 for none), the right-hand one when two are as far, the side with more
// models first (so a lone rank loses models from both ends equally).
// special lists the unit's models that are not plain rank-and-file.
func outermostPlain(u *Unit, r int, special []string) int {
	rank := u.Ranks[r]
	left, right := -1, -1
	nl, nr := 0, 0
	c := float64(len(rank)-1) / 2
	for f, id := range rank {
		if id == "" {
			continue
		}
		if float64(f) < c {
			nl++
		} else if float64(f) > c {
			nr++
		}
		if !slices.Contains(special, id) {
			if left < 0 {
				left = f
			}
			right = f
		}
	}
	switch {
	case left < 0:
		return -1
	case nl > nr && c-float64(left) >= 0:
		return left
	case nr >= nl && float64(right)-c >= 0:
		return right
	case c-float64(left) >= float64(right)-c:
		return left
	}
	return right
}

// removeModel takes a model off the table, leaving its slots empty (all
// of a block, for a model on a larger base).
func (s *State) removeModel(u *Unit, id string) {
	u.vacate(id)
	u.Models = slices.DeleteFunc(u.Models, func(m Model) bool { return m.ID == id })
}
