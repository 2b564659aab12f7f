package infinity

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Twin makes the counterfactual twins of the conformance suite's leak check
// (rules.TwinMaker). It is this ruleset's statement of what is private: a
// twin differs from the state only in one of owner's private facts, and
// whoever may not see owner's facts must not be able to tell the two apart.
// The facts it varies, in a random order, the first that applies:
//
//   - which trooper is the Lieutenant, while it has not revealed itself by
//     spending its Lieutenant Special Order (Lieutenant (N4)), in the
//     Orders Phase and in a mission's pre-game after the Initiative Roll
//     (the roll shows the Lieutenant's WIP, Open Information), between two
//     troopers whose Lieutenant would keep the army out of Loss of
//     Lieutenant alike (Loss of Lieutenant (N4));
//   - which trooper a player appoints Lieutenant at the End of Turn (Loss of
//     Lieutenant (N4)): the twin appoints another;
//   - where a trooper in Hidden Deployment stands, and which way it faces
//     (Hidden Deployment (N4));
//   - which trooper stands behind each of two markers of one kind
//     (Camouflaged, Impersonation-1 or -2) and one combat group with the
//     same Silhouette, MOV and Mimetism (Camouflaged (N4), Impersonation
//     (N4)): the troopers trade places and labels, whatever each carries —
//     a hacking device or none, a Cybermask it sustains or none;
//   - which of a G: Jumper's Proxies in Hidden Deployment holds the Active
//     Proxy Token (G: Jumper (N4, PDF 2.1));
//   - whether a Possessed trooper was its owner's Lieutenant (Possessed
//     (N4); twin_possess.go);
//   - in a mission's pre-game, the Fireteams owner's army list declares
//     (Fireteams (N4)): the twin's list declares one fewer;
//   - and, when none of those applies, the player's notes.
//
// Every twin also gives owner's combat groups other names (twinGroups):
// the enemy knows them by their places in the list (labels.go).
//
// A fact the next action reveals is not varied: a trooper the action names
// or that the Order in progress involves, a marker when the dice are rolled
// (a Discover may reveal it), the Lieutenant when it spends its Special
// Order.
func (s *State) Twin(owner, seat rules.Seat, a rules.Action, r *rand.Rand) (rules.State, rules.Action, bool) {
	if s.seatIndex(owner) < 0 {
		return nil, nil, false
	}
	// The makers tell actions apart by type: a menu's pointer candidate
	// (menuBox) as its value.
	a = Plain(a)
	makers := []func(t *State, owner, seat rules.Seat, a rules.Action, r *rand.Rand) (rules.Action, bool){
		(*State).twinLieutenant,
		(*State).twinAppoint,
		(*State).twinHidden,
		(*State).twinMarkers,
		(*State).twinToken,
	}
	if s.Mission != nil && len(s.Mission.Deck) > 1 {
		// Only with a deck: the other twins of a game without one are
		// drawn as before (rule_classified.go).
		makers = append(makers, (*State).twinClassified)
	}
	if s.listFireteamsPrivate() && len(s.army(owner).Fireteams) > 0 {
		// Only then: other twins are drawn as before (rule_fireteam.go).
		makers = append(makers, (*State).twinListFireteams)
	}
	// A Possessed trooper's Lieutenant role first, when it applies: it
	// draws from r only then, so the other twins come as they did before
	// Possession was played.
	pt := s.clone()
	if ta, ok := pt.twinPossessedLieutenant(owner, seat, a, r); ok {
		return pt, pt.twinGroups(owner, seat, ta), true
	}
	for _, i := range r.Perm(len(makers)) {
		t := s.clone()
		if ta, ok := makers[i](t, owner, seat, a, r); ok {
			return t, t.twinGroups(owner, seat, ta), true
		}
	}
	t := s.clone()
	t.army(owner).Notes += " (a twin's)"
	return t, t.twinGroups(owner, seat, a), true
}

// twinGroups gives each of owner's combat groups another name, in every
// twin: the names are the list author's, private (a name like "lt-squad"
// would tell), and the enemy knows the groups by their places in the list
// (labels.go). The action owner sends names a group by its new name. It
// draws nothing: the twin's other fact is drawn as before.
func (s *State) twinGroups(owner, seat rules.Seat, a rules.Action) rules.Action {
	names := s.renameGroups(owner, func(_ int, name string) string { return "twin-" + name })
	if x, ok := Plain(a).(Transfer); ok && seat == owner {
		if n, ok := names[x.Group]; ok {
			x.Group = n
			return x
		}
	}
	return a
}

// names reports whether action a names trooper t: its id, a model's id or
// its marker's label.
func (s *State) names(a rules.Action, t int) bool {
	data, err := rules.Encode(a)
	if err != nil {
		return true
	}
	tr := s.Troopers[t]
	refs := []string{tr.ID}
	if tr.Marker != "" {
		refs = append(refs, tr.Marker)
	}
	if tr.Jumper != "" {
		refs = append(refs, tr.Jumper)
	}
	for _, m := range tr.Models {
		refs = append(refs, s.Models[m].ID)
	}
	for _, ref := range refs {
		if strings.Contains(string(data), strconv.Quote(ref)) {
			return true
		}
	}
	return false
}

// involved reports whether the Order in progress involves trooper t.
func (s *State) involved(t int) bool {
	o := s.Order
	if o == nil {
		return false
	}
	if o.Trooper == t || slices.Contains(o.Targets, t) || slices.Contains(o.Affected, t) ||
		slices.Contains(o.Dodgers, t) || slices.Contains(o.Alerters, t) {
		return true
	}
	for _, x := range o.AROs {
		if x.Trooper == t {
			return true
		}
	}
	for _, h := range o.HitBy {
		if h[0] == t || h[1] == t {
			return true
		}
	}
	for _, g := range o.Gutsers {
		if g.Trooper == t {
			return true
		}
	}
	return false
}

// untouched reports whether the next action leaves trooper t as it is: it
// does not name it, and the Order in progress does not involve it.
func (s *State) untouched(t int, a rules.Action) bool {
	return !s.names(a, t) && !s.involved(t)
}

// lieutenantCounts reports whether trooper t, as Lieutenant, would keep its
// army out of Loss of Lieutenant (lossOfLieutenant).
func (s *State) lieutenantCounts(t int) bool {
	tr := s.Troopers[t]
	// A Possessed trooper is Null for its army, and an Unmanned TAG's
	// Lieutenant is its pilot (hack_possess.go, hack_expel.go).
	if s.modelOf(t) < 0 || tr.States.Null() || tr.States.Isolated || tr.States.Possessed || tr.States.Unmanned {
		return false
	}
	return !tr.States.Hidden || s.Rulings.Get("lieutenant-hidden") != "not-deployed"
}

// unitCounts is lieutenantCounts for the unit of trooper t: a G: Jumper
// counts while any of its Proxies does.
func (s *State) unitCounts(t int) bool {
	return slices.ContainsFunc(s.unitMembers(s.Troopers[t].ID), s.lieutenantCounts)
}

// twinLieutenant makes another trooper the Lieutenant.
func (s *State) twinLieutenant(owner, seat rules.Seat, a rules.Action, r *rand.Rand) (rules.Action, bool) {
	if !s.lieutenantPrivate(owner) {
		return nil, false
	}
	// During the pre-game a trooper counts that will stand on the table
	// when the first turn starts (rule_pregame.go).
	counts := s.lieutenantCountsNow
	lt := -1
	var others []int
	for i, tr := range s.Troopers {
		if tr.Seat != owner {
			continue
		}
		switch {
		case tr.Lieutenant:
			lt = i
		case s.profile(i).CanBeLieutenant() && counts(i) && !slices.ContainsFunc(others, func(o int) bool { return s.Troopers[o].unit() == tr.unit() }):
			others = append(others, i)
		}
	}
	if lt < 0 || !counts(lt) || len(others) == 0 {
		return nil, false
	}
	if act, ok := a.(Activate); ok && seat == owner && act.Order == OrderLieutenant {
		// Spending the Special Order reveals the Lieutenant: no twin.
		return nil, false
	}
	for _, m := range s.unitMembers(s.Troopers[lt].ID) {
		s.Troopers[m].Lieutenant = false
	}
	next := others[r.IntN(len(others))]
	for _, m := range s.unitMembers(s.Troopers[next].ID) {
		s.Troopers[m].Lieutenant = true
	}
	return a, true
}

// twinAppoint appoints another trooper at the End of Turn.
func (s *State) twinAppoint(owner, seat rules.Seat, a rules.Action, r *rand.Rand) (rules.Action, bool) {
	ap, ok := a.(Appoint)
	if !ok || seat != owner || s.Phase != PhaseAppoint {
		return nil, false
	}
	chosen := s.unitMembers(ap.Trooper)
	var others []int
	for _, c := range s.lieutenantCandidates(owner) {
		if !slices.Contains(chosen, c) {
			others = append(others, c)
		}
	}
	if len(others) == 0 {
		return nil, false
	}
	return Appoint{Trooper: s.Troopers[others[r.IntN(len(others))]].ID}, true
}

// twinHidden moves a trooper in Hidden Deployment to another free spot of
// the table, facing another way. In an ARO window the eligibility worked
// out when it opened is worked out again.
func (s *State) twinHidden(owner, seat rules.Seat, a rules.Action, r *rand.Rand) (rules.Action, bool) {
	if s.Order != nil && s.Order.Step != StepARO1 && s.Order.Step != StepARO2 && s.Order.Step != StepSecond {
		return nil, false
	}
	var cands []int
	for i, tr := range s.Troopers {
		if tr.Seat == owner && tr.States.Hidden && !tr.States.Null() && s.modelOf(i) >= 0 && s.untouched(i, a) && !s.siblingDeclares(i, a) {
			cands = append(cands, i)
		}
	}
	if len(cands) == 0 {
		return nil, false
	}
	t := cands[r.IntN(len(cands))]
	m := s.modelOf(t)
	spot, ok := s.freeSpot(m, r)
	if !ok {
		return nil, false
	}
	s.Models[m].At, s.Models[m].Facing = spot, float64(45*r.IntN(8))
	if o := s.Order; o != nil && o.Step != StepSecond {
		o.Eligible = s.widenForJumpers(s.eligible(nil))
	}
	return a, true
}

// siblingDeclares reports whether a declares an ARO for a Proxy of
// trooper t's G: Jumper: whether that Proxy may react can depend on where t
// stands, and declaring shows it (G: Jumper (N4, PDF 2.1)).
func (s *State) siblingDeclares(t int, a rules.Action) bool {
	x, ok := a.(AROs)
	if !ok {
		return false
	}
	for _, sib := range s.proxySiblings(t) {
		if slices.ContainsFunc(x.Declarations, func(d ARODecl) bool { return d.Trooper == s.Troopers[sib].ID }) {
			return true
		}
	}
	return false
}

// freeSpot draws a point of the table where model m's base would lie
// within the edges, outside every piece of terrain and clear of every other
// base.
func (s *State) freeSpot(m int, r *rand.Rand) ([2]float64, bool) {
	rad := s.Models[m].base().Radius
	w, h := s.Table.Width, s.Table.Height
	for range 32 {
		p := [2]float64{rad + r.Float64()*(w-2*rad), rad + r.Float64()*(h-2*rad)}
		if s.spotFree(m, p, rad) {
			return p, true
		}
	}
	return [2]float64{}, false
}

func (s *State) spotFree(m int, p [2]float64, rad float64) bool {
	for _, tr := range s.Table.Terrain {
		var pg geom.Polygon
		for _, q := range tr.Polygon {
			pg = append(pg, geom.Pt(q[0], q[1]))
		}
		if pg.Contains(geom.Pt(p[0], p[1])) {
			return false
		}
	}
	for i, o := range s.Models {
		if i == m || o.Removed {
			continue
		}
		if math.Hypot(o.At[0]-p[0], o.At[1]-p[1]) <= rad+o.base().Radius+1 {
			return false
		}
	}
	return true
}

// twinMarkers has two markers trade places and labels: the
// opponent sees the same markers where they were, with other troopers
// behind them. When owner is about to act with one of them without
// revealing it, the twin acts with the other.
func (s *State) twinMarkers(owner, seat rules.Seat, a rules.Action, r *rand.Rand) (rules.Action, bool) {
	switch a.(type) {
	case Resolve, Guts, Land:
		// A roll may Discover a marker.
		return nil, false
	}
	type pair struct{ i, j int }
	var pairs []pair
	for i, x := range s.Troopers {
		if x.Seat != owner || !x.States.marker() || x.Jumper != "" || s.modelOf(i) < 0 || s.involved(i) {
			continue
		}
		for j := i + 1; j < len(s.Troopers); j++ {
			y := s.Troopers[j]
			if y.Seat != owner || !y.States.marker() || y.Jumper != "" || s.modelOf(j) < 0 || s.involved(j) {
				continue
			}
			if s.markersAlike(i, j) {
				pairs = append(pairs, pair{i, j})
			}
		}
	}
	if len(pairs) == 0 {
		return nil, false
	}
	p := pairs[r.IntN(len(pairs))]
	ta := a
	if s.names(a, p.i) || s.names(a, p.j) {
		var ok bool
		if ta, ok = s.markerAction(owner, seat, a, p.i, p.j); !ok {
			return nil, false
		}
	}
	mi, mj := s.modelOf(p.i), s.modelOf(p.j)
	s.Models[mi].At, s.Models[mj].At = s.Models[mj].At, s.Models[mi].At
	s.Models[mi].Facing, s.Models[mj].Facing = s.Models[mj].Facing, s.Models[mi].Facing
	s.Troopers[p.i].Marker, s.Troopers[p.j].Marker = s.Troopers[p.j].Marker, s.Troopers[p.i].Marker
	// What the Order in progress worked out for the trooper standing at a
	// marker's place (may it react, has it) now belongs to the other.
	s.Order.standIn(map[int]int{p.i: p.j, p.j: p.i})
	return ta, true
}

// standIn hands what the Order in progress worked out for a trooper
// standing at a marker's place (may it react, has it) to the trooper now
// standing there: now maps who stood there to who does. A nil Order has
// nothing to hand.
func (o *Order) standIn(now map[int]int) {
	if o == nil {
		return
	}
	swap := func(t int) int {
		if n, ok := now[t]; ok {
			return n
		}
		return t
	}
	for k := range o.Eligible {
		o.Eligible[k].Trooper = swap(o.Eligible[k].Trooper)
	}
	for k := range o.Decided {
		o.Decided[k] = swap(o.Decided[k])
	}
	slices.Sort(o.Decided)
}

// markersAlike reports two markers whose swap shows nothing: one combat
// group, one Silhouette, the same MOV, Mimetism and Orders, the same states.
func (s *State) markersAlike(i, j int) bool {
	x, y := s.Troopers[i], s.Troopers[j]
	px, py := s.profile(i), s.profile(j)
	mx, _ := px.Skill("Mimetism")
	my, _ := py.Skill("Mimetism")
	return x.Group == y.Group && x.States == y.States && x.IrregularOrders == y.IrregularOrders && x.Active == y.Active &&
		s.Models[s.modelOf(i)].S == s.Models[s.modelOf(j)].S && px.MOV == py.MOV && mx.Level == my.Level &&
		px.Irregular == py.Irregular && len(x.Models) == 1 && len(y.Models) == 1 &&
		s.visorLevel(i) == s.visorLevel(j) // White Noise blocks a visor's Line of Fire
}

// markerAction is a, which names marker i or j, as owner would send it to
// the twin where they have traded places: an Order that keeps the marker
// concealed, or a transfer, made by the other trooper. Anything else
// reveals the marker or depends on which it is: no twin.
func (s *State) markerAction(owner, seat rules.Seat, a rules.Action, i, j int) (rules.Action, bool) {
	if seat != owner {
		return nil, false
	}
	switch x := a.(type) {
	case Activate:
		if t := s.trooperIndex(x.Trooper); (t != i && t != j) || s.revealsOnDeclaring(t, x.Skill.Name) {
			return nil, false
		}
	case Transfer:
	default:
		return nil, false
	}
	data, err := rules.Encode(a)
	if err != nil {
		return nil, false
	}
	text := string(data)
	qi, qj := strconv.Quote(s.Troopers[i].ID), strconv.Quote(s.Troopers[j].ID)
	text = strings.ReplaceAll(text, qi, "\x00")
	text = strings.ReplaceAll(text, qj, qi)
	text = strings.ReplaceAll(text, "\x00", qj)
	out, err := actionCodec.Decode([]byte(text))
	if err != nil {
		return nil, false
	}
	return out, true
}

// twinToken gives a G: Jumper's Active Proxy Token, held by a Proxy in
// Hidden Deployment, to another of its Proxies in Hidden Deployment.
func (s *State) twinToken(owner, seat rules.Seat, a rules.Action, r *rand.Rand) (rules.Action, bool) {
	for i, x := range s.Troopers {
		if x.Seat != owner || !x.Active || !x.States.Hidden || !s.untouched(i, a) {
			continue
		}
		var others []int
		for _, sib := range s.proxySiblings(i) {
			st := s.Troopers[sib].States
			if st.Hidden && !st.Null() && !st.Isolated && s.modelOf(sib) >= 0 && s.untouched(sib, a) {
				others = append(others, sib)
			}
		}
		if len(others) == 0 {
			continue
		}
		s.Troopers[i].Active = false
		s.Troopers[others[r.IntN(len(others))]].Active = true
		return a, true
	}
	return nil, false
}
