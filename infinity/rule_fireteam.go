package infinity

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/army"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/infinity/sides"
	"github.com/ordo-rules/ordo/rules"
)

// Fireteams (N4, annex as updated in March 2022; docs/RULES.md names the
// wiki revisions followed). A Fireteam is declared in the army list: its
// type (Core 3 to 5 members, Haris 3, Duo 2), its members, all of one
// combat group, and the member with the Fireteam Leader Token.
//
// Active Turn (the Fireteam Order): one Regular Order from the members'
// combat group activates the whole Fireteam. The trooper it is declared
// for becomes the Fireteam Leader and declares the skills. When a skill is
// a Move or a Cautious Movement, every member declares and performs it too
// (Activate.Team and Second.Team give each member's route; a member not
// named stays where it stands, performing an Idle; a member that does not
// meet Cautious Movement's requirement may take no route), and each
// member's Cautious Movement is quiet or not on its own; any other skill
// only the leader performs, while the others perform an Idle. An ARO may
// aim a Direct Template at any member. Coherency: a member is in Coherency while inside the
// leader's Zone of Control; it is checked as the Order is declared (a
// member outside is not activated and leaves) and at its end.
//
// Reactive Turn: every member has its own ARO, and the members' AROs
// should be the same skill (the Fireteam's ARO, the one more than half of
// the reacting members declared, else the leader's, else the first
// declared): a member who declared another leaves the Fireteam at the end
// of the Order.
//
// Fireteam Integrity: a member leaves when it enters the Isolated state or
// a Null state, breaks Coherency, enters a marker state or Suppressive
// Fire, or spends an Irregular Order or the Lieutenant Special Order; the
// Fireteam is dissolved when its leader falls (Isolated or Null, at the end
// of that Order) or fewer than two members are left.
//
// Bonuses by the number of members (the Fireteam Bonus chart of the
// followed revision): 3 or more, +1 Burst to BS Attacks with BS Weapons
// (not Technical Weapons, not Entire Order skills): the leader's in the
// Active Turn, every member's in the Reactive Turn, where it does not stack
// with other Burst MODs; 4 or more, Sixth Sense (the leader in the Active
// Turn, every member in the Reactive Turn). By composition, members of the
// same unit (one profile): 3 or more, +3 to Discover; 5, +1 to BS Attack
// Rolls.

const ruleFireteam = "Fireteams (N4)"

// Fireteam is one Fireteam on the table.
type Fireteam struct {
	// Type is core, haris or duo.
	Type string `json:"type"`
	// Leader is the member with the Fireteam Leader Token.
	Leader string `json:"leader"`
	// Members are the members' trooper ids, the leader included.
	Members []string `json:"members"`
}

// TeamMove is one member's route following the leader's Move.
type TeamMove struct {
	Trooper string       `json:"trooper"`
	Route   [][2]float64 `json:"route"`
}

// TeamMember is a member activated by a Fireteam Order besides its
// leader: its model and its path (where it stood, then its routes).
type TeamMember struct {
	Trooper int          `json:"trooper"`
	Model   int          `json:"model"`
	Path    [][2]float64 `json:"path"`
}

// FireteamChanged is a Fireteam's change: a new leader, members leaving,
// or the Fireteam dissolved.
type FireteamChanged struct {
	Seat      rules.Seat `json:"seat"`
	Leader    string     `json:"leader"`
	Left      []string   `json:"left,omitempty"`
	Dissolved bool       `json:"dissolved,omitempty"`
	Why       string     `json:"why"`
}

func (FireteamChanged) Kind() string { return "fireteam-changed" }

func cloneFireteams(fs []Fireteam) []Fireteam {
	if fs == nil {
		return nil
	}
	out := make([]Fireteam, len(fs))
	for i, f := range fs {
		out[i] = f
		out[i].Members = slices.Clone(f.Members)
	}
	return out
}

func cloneTeam(ts []TeamMember) []TeamMember {
	if ts == nil {
		return nil
	}
	out := make([]TeamMember, len(ts))
	for i, m := range ts {
		out[i] = m
		out[i].Path = slices.Clone(m.Path)
	}
	return out
}

// fireteamOf finds trooper t's Fireteam: the index of its army and of the
// Fireteam in it, or -1, -1.
func (s *State) fireteamOf(t int) (int, int) {
	tr := &s.Troopers[t]
	for a := range s.Armies {
		if s.Armies[a].Seat != tr.Seat {
			continue
		}
		for f := range s.Armies[a].Fireteams {
			if slices.Contains(s.Armies[a].Fireteams[f].Members, tr.ID) {
				return a, f
			}
		}
	}
	return -1, -1
}

// fireteam is trooper t's Fireteam, or nil.
func (s *State) fireteam(t int) *Fireteam {
	if len(s.Armies) == 0 {
		return nil
	}
	a, f := s.fireteamOf(t)
	if a < 0 {
		return nil
	}
	return &s.Armies[a].Fireteams[f]
}

// coherent reports whether member m stands in Coherency with leader l:
// inside the leader's Zone of Control (Fireteams (N4), Coherency).
func (s *State) coherent(l, m int) bool {
	lm, mm := s.modelOf(l), s.modelOf(m)
	if lm < 0 || mm < 0 {
		return false
	}
	return geom.InZoC(s.Models[lm].base(), s.Models[mm].base())
}

// canStayInTeam reports whether trooper t may remain a member: not
// Isolated, not Null, not Possessed, on the table, in no marker state and not in
// Suppressive Fire (Fireteam Integrity).
func (s *State) canStayInTeam(t int) (bool, string) {
	st := &s.Troopers[t].States
	switch {
	case st.Null():
		return false, "in a Null state"
	case st.Possessed:
		// It acts for the enemy from the end of this Order (Possessed).
		return false, "Possessed"
	case st.Isolated:
		return false, "Isolated"
	case st.marker():
		return false, "in a marker state"
	case st.SuppressiveFire:
		return false, "in Suppressive Fire"
	case s.modelOf(t) < 0:
		return false, "off the table"
	}
	return true, ""
}

// teamFor lists the members a Fireteam Order declared for leader t
// activates: the other members that may stay in the Fireteam and stand in
// Coherency with t. For a trooper in no Fireteam, or an Order that is not
// Regular, it is nil.
func (s *State) teamFor(t int, src OrderSource) []int {
	f := s.fireteam(t)
	if f == nil || !s.fireteamSource(t, src) {
		return nil
	}
	var out []int
	for _, id := range f.Members {
		m := s.trooperIndex(id)
		if m < 0 || m == t {
			continue
		}
		if ok, _ := s.canStayInTeam(m); ok && s.coherent(t, m) {
			out = append(out, m)
		}
	}
	return out
}

// checkTeamMoves validates the members' routes of a Fireteam Order's skill
// k (first or second): only a Move is followed, by members the Order
// activates, each route a legal Move of that member.
func (s *State) checkTeamMoves(o *Order, k *Skill, moves []TeamMove, first bool, team []int, paths [][][2]float64, rule string) error {
	if len(moves) == 0 {
		return nil
	}
	if team == nil {
		return rules.Errorf(rules.CodeIllegal, ruleFireteam, "only a Fireteam Order (a Regular Order of a Fireteam member) moves other troopers with the active one")
	}
	if k.Name != SkillMove && (k.Name != SkillCautiousMove || rule != ruleFireteam) {
		return rules.Errorf(rules.CodeIllegal, rule, "the others follow only a Move; with %s they take no route", k.Name)
	}
	if len(moves) > len(team) {
		return rules.Errorf(rules.CodeBadAction, rule, "%d routes for %d members", len(moves), len(team))
	}
	ends := make([]geom.Circle, 0, len(moves)+1)
	lb := s.Models[o.Model].base()
	lb.Center = geom.Pt(o.Path[len(o.Path)-1][0], o.Path[len(o.Path)-1][1])
	if len(k.Route) > 0 {
		end := k.Route[len(k.Route)-1]
		lb.Center = geom.Pt(end[0], end[1])
	}
	ends = append(ends, lb)
	var seen []int
	for _, mv := range moves {
		m := s.trooperIndex(mv.Trooper)
		i := slices.Index(team, m)
		if i < 0 {
			return rules.Errorf(rules.CodeIllegal, rule, "%q is not one of the troopers this Order activates besides the active one", mv.Trooper)
		}
		if slices.Contains(seen, m) {
			return rules.Errorf(rules.CodeBadAction, rule, "%s has two routes", mv.Trooper)
		}
		seen = append(seen, m)
		tr := &s.Troopers[m]
		if err := stateAllows(&tr.States, tr.ID, k.Name); err != nil {
			return err
		}
		if k.Name == SkillCautiousMove {
			// Each member meets Cautious Movement's requirement where it
			// stands, or performs an Idle (no route).
			if found, inLoF := s.watched(m, paths[i][0], !s.hasStealth(m)); found {
				err := errCautiousZoC
				if inLoF {
					err = errCautiousLoF
				}
				return rules.Errorf(err.Code, err.Rule, "%s: %s; it performs an Idle (send it no route)", mv.Trooper, err.Message())
			}
		}
		mm := s.modelOf(m)
		mo := Order{Trooper: m, Model: mm}
		mo.Path = paths[i]
		p := s.profile(m)
		mov := p.MOV[0]
		if !first && o.First.Name == SkillMove {
			mov = p.MOV[1]
		}
		if err := s.checkRoute(&mo, mv.Route, float64(mov)); err != nil {
			if re, ok := err.(*rules.RuleError); ok {
				return rules.Errorf(re.Code, re.Rule, "%s: %s", mv.Trooper, re.Message())
			}
			return err
		}
		b := s.Models[mm].base()
		end := mv.Route[len(mv.Route)-1]
		b.Center = geom.Pt(end[0], end[1])
		for _, e := range ends {
			if b.Center.Dist(e.Center) < b.Radius+e.Radius-geom.Eps {
				return rules.Errorf(rules.CodeIllegal, rule, "%s's move ends on another activated trooper's base", mv.Trooper)
			}
		}
		ends = append(ends, b)
	}
	return nil
}

// teamPaths are the current paths of the members team activates: in an
// Order, Order.Team's; before one, where each stands.
func (s *State) teamPaths(o *Order, team []int) [][][2]float64 {
	out := make([][][2]float64, len(team))
	for i, m := range team {
		if o != nil {
			if j := slices.IndexFunc(o.Team, func(tm TeamMember) bool { return tm.Trooper == m }); j >= 0 {
				out[i] = o.Team[j].Path
				continue
			}
		}
		out[i] = [][2]float64{s.Models[s.modelOf(m)].At}
	}
	return out
}

// orderTeam is the members the Order in progress activates, by trooper.
func (o *Order) teamTroopers() []int {
	out := make([]int, len(o.Team))
	for i, m := range o.Team {
		out[i] = m.Trooper
	}
	return out
}

// startFireteamOrder is the Fireteam's side of an activation (applied
// once check accepted it): a Regular Order makes the trooper the Fireteam
// Leader and activates the members in Coherency, who follow the first
// skill if it is a Move; members that cannot be activated leave, and any
// other Order takes the trooper out of its Fireteam.
func (s *State) startFireteamOrder(o *Order, a *Activate) []rules.Event {
	t := o.Trooper
	ai, fi := s.fireteamOf(t)
	if ai < 0 {
		return nil
	}
	f := &s.Armies[ai].Fireteams[fi]
	id := s.Troopers[t].ID
	if !s.fireteamSource(t, a.Order) {
		why := "spent an Irregular Order"
		if a.Order == OrderLieutenant {
			why = "spent the Lieutenant Special Order"
		}
		return s.leaveTeam(ai, fi, []string{id}, why)
	}
	team := s.teamFor(t, a.Order)
	var events []rules.Event
	var left []string
	for _, mid := range f.Members {
		m := s.trooperIndex(mid)
		if m != t && !slices.Contains(team, m) {
			left = append(left, mid)
		}
	}
	if f.Leader != id {
		f.Leader = id
		events = append(events, FireteamChanged{Seat: s.Troopers[t].Seat, Leader: id, Why: "the Fireteam Order's leader"})
	}
	if len(left) > 0 {
		events = append(events, s.leaveTeam(ai, fi, left, "not in Coherency with the leader, or unable to act")...)
	}
	if s.fireteam(t) == nil {
		return events
	}
	o.TeamSize = 1 + len(team)
	o.Team = make([]TeamMember, len(team))
	for i, m := range team {
		mm := s.modelOf(m)
		o.Team[i] = TeamMember{Trooper: m, Model: mm, Path: [][2]float64{s.Models[mm].At}}
	}
	s.followMoves(o, a.Team)
	return events
}

// followMoves appends the members' routes to their paths.
func (s *State) followMoves(o *Order, moves []TeamMove) {
	for _, mv := range moves {
		m := s.trooperIndex(mv.Trooper)
		for i := range o.Team {
			if o.Team[i].Trooper == m {
				o.Team[i].Path = append(o.Team[i].Path, mv.Route...)
				s.Troopers[m].States.Prone = false
			}
		}
	}
}

// moveTeam places each member at the end of its path (with the leader,
// moveActive).
func (s *State) moveTeam(events []rules.Event) []rules.Event {
	for _, tm := range s.Order.Team {
		if len(tm.Path) < 2 || s.Models[tm.Model].Removed {
			continue
		}
		m := &s.Models[tm.Model]
		end, prev := tm.Path[len(tm.Path)-1], tm.Path[len(tm.Path)-2]
		from := m.At
		m.Facing = geom.FacingToward(geom.Pt(prev[0], prev[1]), geom.Pt(end[0], end[1])) * 180 / math.Pi
		m.At = end
		events = append(events, Moved{Model: m.ID, From: from, To: end, Why: "move"})
	}
	return events
}

// leaveTeam takes the members ids out of Fireteam fi of army ai, and
// dissolves it when fewer than two members are left.
func (s *State) leaveTeam(ai, fi int, ids []string, why string) []rules.Event {
	a := &s.Armies[ai]
	f := &a.Fireteams[fi]
	f.Members = slices.DeleteFunc(slices.Clone(f.Members), func(id string) bool { return slices.Contains(ids, id) })
	ev := FireteamChanged{Seat: a.Seat, Leader: f.Leader, Left: ids, Why: why}
	if len(f.Members) < 2 || slices.Contains(ids, f.Leader) {
		ev.Dissolved = true
		a.Fireteams = slices.Delete(slices.Clone(a.Fireteams), fi, fi+1)
	}
	return []rules.Event{ev}
}

// fireteamIntegrity is the check at the end of every Order (Fireteam
// Integrity): a Fireteam whose leader fell is dissolved; members that
// cannot stay, are out of Coherency, or reacted with another skill than
// the Fireteam's ARO leave.
func (s *State) fireteamIntegrity() []rules.Event {
	var events []rules.Event
	for ai := range s.Armies {
		for fi := 0; fi < len(s.Armies[ai].Fireteams); fi++ {
			f := &s.Armies[ai].Fireteams[fi]
			l := s.trooperIndex(f.Leader)
			if l < 0 {
				continue
			}
			if ok, why := s.canStayInTeam(l); !ok {
				a := &s.Armies[ai]
				events = append(events, FireteamChanged{Seat: a.Seat, Leader: f.Leader, Dissolved: true, Why: "the Fireteam Leader is " + why})
				a.Fireteams = slices.Delete(slices.Clone(a.Fireteams), fi, fi+1)
				fi--
				continue
			}
			aro := s.fireteamARO(f)
			if k, reacted := s.aroOf(l); reacted && k != aro {
				// The leader left the Fireteam's ARO: it is cancelled
				// (Fireteam Cancellation).
				a := &s.Armies[ai]
				events = append(events, FireteamChanged{Seat: a.Seat, Leader: f.Leader, Dissolved: true, Why: fmt.Sprintf("the Fireteam Leader reacted with %s, not the Fireteam's ARO (%s)", k, aro)})
				a.Fireteams = slices.Delete(slices.Clone(a.Fireteams), fi, fi+1)
				fi--
				continue
			}
			var left []string
			why := ""
			for _, id := range f.Members {
				m := s.trooperIndex(id)
				if m == l || m < 0 {
					continue
				}
				if ok, w := s.canStayInTeam(m); !ok {
					left, why = append(left, id), w
				} else if !s.coherent(l, m) {
					left, why = append(left, id), "out of Coherency with the leader"
				} else if k, reacted := s.aroOf(m); reacted && k != aro {
					left, why = append(left, id), fmt.Sprintf("reacted with %s, not the Fireteam's ARO (%s)", k, aro)
				}
			}
			if len(left) == 0 {
				continue
			}
			if len(left) > 1 {
				why = "out of Coherency, unable to act or off the Fireteam's ARO"
			}
			n := len(s.Armies[ai].Fireteams)
			events = append(events, s.leaveTeam(ai, fi, left, why)...)
			if len(s.Armies[ai].Fireteams) < n {
				fi--
			}
		}
	}
	return events
}

// aroOf is the skill trooper t declared in ARO this Order, if any.
func (s *State) aroOf(t int) (SkillName, bool) {
	if s.Order == nil {
		return "", false
	}
	for _, a := range s.Order.AROs {
		if a.Trooper == t {
			return a.Skill.Name, true
		}
	}
	return "", false
}

// fireteamARO is the Fireteam's ARO this Order: the skill more than half
// of its reacting members declared; without such a majority the leader's,
// or else the first declared (Fireteams in the Reactive Turn).
func (s *State) fireteamARO(f *Fireteam) SkillName {
	if s.Order == nil {
		return ""
	}
	var names []SkillName
	for _, a := range s.Order.AROs {
		if slices.Contains(f.Members, s.Troopers[a.Trooper].ID) {
			names = append(names, a.Skill.Name)
		}
	}
	for _, n := range names {
		count := 0
		for _, o := range names {
			if o == n {
				count++
			}
		}
		if 2*count > len(names) {
			return n
		}
	}
	if k, ok := s.aroOf(s.trooperIndex(f.Leader)); ok {
		return k
	}
	if len(names) > 0 {
		return names[0]
	}
	return ""
}

// teamSize is how many members trooper t's Fireteam counts for its
// bonuses now: in the Active Turn the Order's (members at its
// declaration), in the Reactive Turn its members'. 0: none.
func (s *State) teamSize(t int, active bool) int {
	if active {
		if o := s.Order; o != nil && o.Trooper == t {
			return o.TeamSize
		}
		return 0
	}
	if f := s.fireteam(t); f != nil {
		return len(f.Members)
	}
	return 0
}

// sameUnit is the most members of trooper t's Fireteam that share one
// profile (the composition bonuses count members of the same unit).
func (s *State) sameUnit(t int) int {
	f := s.fireteam(t)
	if f == nil {
		return 0
	}
	best := 0
	for _, a := range f.Members {
		ai := s.trooperIndex(a)
		if ai < 0 {
			continue
		}
		n := 0
		for _, b := range f.Members {
			if bi := s.trooperIndex(b); bi >= 0 && s.profile(bi).Name == s.profile(ai).Name {
				n++
			}
		}
		best = max(best, n)
	}
	return best
}

// inFireteamOrder reports whether r is the leader's attack in a Fireteam
// Order, or a member's ARO: the two whose Fireteam bonuses apply.
func (s *State) fireteamApplies(r *roller) (size int) {
	if r.active {
		return s.teamSize(r.trooper, true)
	}
	return s.teamSize(r.trooper, false)
}

// fireteamBurst is the Fireteam's +1 Burst to a BS Attack with a BS Weapon
// (3 or more members): the leader's in the Active Turn (with every other
// Burst MOD), a member's ARO in the Reactive Turn (only when no other rule
// changed its Burst). A split Burst takes no bonus (Ordo's limit).
func (s *State) fireteamBurst(r *roller, burst int) int {
	if attr := r.arms().Attribute; attr != "" && attr != "BS" {
		return burst // a Technical Weapon
	}
	if s.fireteamApplies(r) < 3 {
		return burst
	}
	if r.active {
		if r.burst > 0 {
			return burst
		}
		return burst + 1
	}
	if burst != 1 {
		return burst // not stacked with another Burst MOD in ARO
	}
	return 2
}

// fireteamBSMod is the +1 BS of a Fireteam of five members of one unit.
func (s *State) fireteamBSMod(r *roller, mods []dice.Mod) []dice.Mod {
	if attr := r.arms().Attribute; attr != "" && attr != "BS" {
		return mods
	}
	if s.fireteamApplies(r) >= 5 && s.sameUnit(r.trooper) >= 5 {
		return append(mods, dice.Mod{Name: "Fireteam", Value: 1})
	}
	return mods
}

// sixthSense reports whether trooper t has Sixth Sense: its own, or its
// Fireteam's of four members or more (the leader of a Fireteam Order, or
// any member in the Reactive Turn).
func (s *State) sixthSense(t int) bool {
	if s.profile(t).HasSkill("Sixth Sense") {
		return true
	}
	return s.teamSize(t, s.Troopers[t].Seat == s.active()) >= 4
}

// fireteamViews are army a's Fireteams as v sees them: the owner by his
// troopers' ids, anyone else by their public labels (labels.go), since
// an author's id may tell a private fact.
func (s *State) fireteamViews(a *Army, v rules.Viewer) []Fireteam {
	if len(a.Fireteams) == 0 || v.Sees(a.Seat) {
		return a.Fireteams
	}
	if s.listFireteamsPrivate() {
		return nil
	}
	out := cloneFireteams(a.Fireteams)
	name := func(id string) string {
		t := s.trooperIndex(id)
		switch {
		case t < 0:
			return id
		case s.Troopers[t].States.marker():
			return s.Troopers[t].Marker
		}
		return s.label(t)
	}
	for i := range out {
		out[i].Leader = name(out[i].Leader)
		for j := range out[i].Members {
			out[i].Members[j] = name(out[i].Members[j])
		}
	}
	return out
}

// teamSight is how a reactive trooper sees a Fireteam member the Order
// activates: Line of Fire or Zone of Control at some point of its path,
// and the point it reacts against (the first sample in LoF, else in ZoC).
type teamSight struct {
	Trooper int        `json:"trooper"`
	LoF     bool       `json:"lof"`
	ZoC     bool       `json:"zoc"`
	At      [2]float64 `json:"at"`
}

// teamSights are the members of the Fireteam Order in progress that
// reactive trooper t (model m) may react against: each one's path sampled
// as the active model's is (eachPathSample), every inch.
func (s *State) teamSights(t, m int) []teamSight {
	var out []teamSight
	rb := s.Models[m].base()
	for _, tm := range s.Order.Team {
		if s.Models[tm.Model].Removed || s.memberQuiet(&tm) {
			continue
		}
		ts := teamSight{Trooper: tm.Trooper}
		found := false
		eachPathSample(tm.Path, func(p [2]float64) bool {
			target := s.baseAt(tm.Model, p)
			if s.lof(s.Models[m], target, m, tm.Model) {
				ts.LoF, ts.At = true, p
				return false
			}
			if !ts.ZoC && geom.InZoC(rb, target) {
				ts.ZoC, ts.At, found = true, p, true
			}
			return true
		})
		if ts.LoF || found {
			out = append(out, ts)
		}
	}
	return out
}

// memberTarget is the sight of the Fireteam member a declared ARO
// attacks, or nil when it attacks no such member.
func (s *State) memberTarget(k *Skill, e eligibility) *teamSight {
	if len(e.Team) == 0 || (k.Name != SkillBSAttack && k.Name != SkillCCAttack) || k.Target == "" {
		return nil
	}
	tm := s.targetModel(k.Target, s.reactive())
	if tm < 0 {
		return nil
	}
	t := s.Models[tm].Trooper
	for i := range e.Team {
		if e.Team[i].Trooper == t {
			return &e.Team[i]
		}
	}
	return nil
}

// reactToMember checks an ARO against a Fireteam member (Fireteams (N4):
// each reactive trooper chooses one of the troopers the Order activates):
// a BS Attack with Line of Fire to it, or a CC Attack in contact, at B1 and
// with no template; and a Dodge or Reset from a trooper that qualifies
// against a member only. done is false when the ARO is none of these.
func (s *State) reactToMember(t int, k Skill, e eligibility) (done bool, err error) {
	if len(e.Team) == 0 {
		return false, nil
	}
	if (k.Name == SkillDodge || k.Name == SkillReset) && !e.LoF && !e.ZoC {
		return true, nil
	}
	ts := s.memberTarget(&k, e)
	if ts == nil {
		if k.Target != "" && (k.Name == SkillBSAttack || k.Name == SkillCCAttack) && !e.LoF && !e.ZoC {
			return true, rules.Errorf(rules.CodeIllegal, ruleFireteam, "%s sees only the members it may react against, not %q", s.Troopers[t].ID, k.Target)
		}
		return false, nil
	}
	id := s.Troopers[t].ID
	if len(k.Split) > 0 || k.Burst > 0 {
		return true, rules.Errorf(rules.CodeIllegal, "Face to Face Rolls (N4)", "an ARO rolls B1: no split, no Burst")
	}
	w, err := s.weaponRef(t, &k)
	if err != nil {
		return true, err
	}
	if isImpact(w) || smokeAttack(w, &k) {
		return true, rules.Errorf(rules.CodeIllegal, ruleFireteam, "an Impact Template or Smoke in ARO is aimed at the Fireteam Leader in Ordo, not at another member")
	}
	m := s.modelOf(t)
	if k.Name == SkillCCAttack {
		if !geom.InContact(s.Models[m].base(), s.baseAt(s.modelOf(ts.Trooper), ts.At)) {
			return true, rules.Errorf(rules.CodeIllegal, "CC Attack (N4)", "CC Attack needs silhouette contact with %s", k.Target)
		}
		return true, nil
	}
	if !ts.LoF {
		return true, rules.Errorf(rules.CodeIllegal, "BS Attack (N4)", "%s has no Line of Fire to %s", id, k.Target)
	}
	return true, nil
}

// memberQuiet reports a member of a Fireteam Order that moved with the
// leader's Cautious Movement and generates no ARO (Fireteams (N4): the
// members declare and perform the leader's Movement skill; Cautious
// Movement (N4)): its move began and ended outside the LoF and ZoC of
// every enemy Model and Marker (ZoC not counting with Stealth).
func (s *State) memberQuiet(tm *TeamMember) bool {
	if s.Order.First.Name != SkillCautiousMove || len(tm.Path) < 2 {
		return false
	}
	zoc := !s.hasStealth(tm.Trooper)
	for _, p := range [2][2]float64{tm.Path[0], tm.Path[len(tm.Path)-1]} {
		if found, _ := s.watched(tm.Trooper, p, zoc); found {
			return false
		}
	}
	return true
}

// memberTemplate lays the Direct Template of an ARO declared against a
// Fireteam member other than the leader (Fireteams (N4): each reactive
// trooper chooses any one of the troopers the Order activates as its
// target; Direct Template Weapons (N4)): from the reacting trooper t
// toward the member where its path met t, and returns the troopers it
// touches. Any other ARO lays no template.
func (s *State) memberTemplate(t int, k *Skill, ts *teamSight) ([]int, error) {
	if k.Name != SkillBSAttack {
		return nil, nil
	}
	w, err := s.weaponRef(t, k)
	if err != nil || !isDirectTemplate(w) {
		return nil, nil
	}
	m := s.modelOf(t)
	return s.placeTemplate(m, s.Models[m].At, *w, s.modelOf(ts.Trooper), ts.At)
}

// formation is the members' routes when the Fireteam moves in formation:
// each the same step as the leader's, d (Fireteams (N4): the menus offer
// the members following the leader so; any other routes may be sent).
func formation(team []TeamMember, d [2]float64) []TeamMove {
	out := make([]TeamMove, len(team))
	for i, m := range team {
		end := m.Path[len(m.Path)-1]
		out[i] = TeamMove{Route: [][2]float64{{end[0] + d[0], end[1] + d[1]}}}
	}
	return out
}

// formationMOV is the longest step every member and the leader t can
// take with MOV value k (0 the first, 1 the second).
func (s *State) formationMOV(t int, team []int, k int) float64 {
	mov := s.profile(t).MOV[k]
	for _, m := range team {
		mov = min(mov, s.profile(m).MOV[k])
	}
	return float64(mov)
}

// formationActivations appends a Fireteam Order moving in formation along
// each heading, for a member t of a Fireteam with others to activate.
func (s *State) formationActivations(t int, out []rules.Action) []rules.Action {
	team := s.teamFor(t, OrderRegular)
	if len(team) == 0 {
		return out
	}
	mov := s.formationMOV(t, team, 0)
	from := s.Models[s.modelOf(t)].At
	members := make([]TeamMember, len(team))
	for i, m := range team {
		members[i] = TeamMember{Trooper: m, Path: [][2]float64{s.Models[s.modelOf(m)].At}}
	}
	for _, u := range headings {
		d := [2]float64{mov * u[0], mov * u[1]}
		moves := formation(members, d)
		for i, m := range team {
			moves[i].Trooper = s.Troopers[m].ID
		}
		out = append(out, &Activate{Trooper: s.Troopers[t].ID, Order: OrderRegular,
			Skill: Skill{Name: SkillMove, Route: [][2]float64{{from[0] + d[0], from[1] + d[1]}}}, Team: moves})
	}
	return out
}

// formationSeconds appends a second Move in formation along each heading
// to a Fireteam Order's second-skill menu (mov: the leader's MOV value
// for it).
func (s *State) formationSeconds(mov float64, out []rules.Action) []rules.Action {
	o := s.Order
	if (o.TeamSize == 0 && !o.Coordinated) || len(o.Team) == 0 {
		return out
	}
	k := 0
	if o.First.Name == SkillMove {
		k = 1
	}
	mov = min(mov, s.formationMOV(o.Trooper, o.teamTroopers(), k))
	from := o.Path[len(o.Path)-1]
	for _, u := range headings {
		d := [2]float64{mov * u[0], mov * u[1]}
		moves := formation(o.Team, d)
		for i, m := range o.Team {
			moves[i].Trooper = s.Troopers[m.Trooper].ID
		}
		out = append(out, &Second{Skill: Skill{Name: SkillMove, Route: [][2]float64{{from[0] + d[0], from[1] + d[1]}}}, Team: moves})
	}
	return out
}

// dissolveFireteams cancels every Fireteam of seat's army (Fireteam
// Cancellation: a Retreat! situation).
func (s *State) dissolveFireteams(seat rules.Seat, why string) []rules.Event {
	a := s.army(seat)
	var events []rules.Event
	for _, f := range a.Fireteams {
		events = append(events, FireteamChanged{Seat: seat, Leader: f.Leader, Dissolved: true, Why: why})
	}
	a.Fireteams = nil
	return events
}

// fireteamSource reports whether an Order from src declared for member t
// is a Fireteam Order: a Regular Order, or the Irregular Order Tactical
// Awareness or NCO gives (Fireteams, NCO and Tactical Awareness: the
// Fireteam activates as if a Regular Order had been spent) while the army
// is in neither Loss of Lieutenant nor Retreat!, when every Order is
// Irregular.
func (s *State) fireteamSource(t int, src OrderSource) bool {
	switch src {
	case OrderRegular:
		return true
	case OrderIrregular:
		a := s.army(s.Troopers[t].Seat)
		p := s.profile(t)
		return !a.LossOfLieutenant && !a.Retreat && (p.HasSkill("Tactical Awareness") || p.HasSkill("NCO"))
	}
	return false
}

// fireteamDiscoverMod is the +3 to Discover of a Fireteam with three or
// more members of one unit (the composition bonus): the leader's in a
// Fireteam Order, every member's in the Reactive Turn.
func (s *State) fireteamDiscoverMod(r *roller, mods []dice.Mod) []dice.Mod {
	if s.fireteamApplies(r) >= 3 && s.sameUnit(r.trooper) >= 3 {
		return append(mods, dice.Mod{Name: "Fireteam", Value: 3})
	}
	return mods
}

// cannotJoin says why trooper t may not be part of a Fireteam at all, or
// "": a G: Jumper Proxy, Infiltration, an Airborne Deployment skill
// (Combat Jump), an Irregular trooper (Fireteams (N4)).
func (s *State) cannotJoin(t int) string {
	p := s.profile(t)
	switch {
	case s.Troopers[t].Jumper != "":
		return "is a G: Jumper Proxy, which cannot be part of a Fireteam"
	case p.HasSkill("Infiltration"):
		return "has Infiltration: a trooper with Infiltration cannot be part of a Fireteam"
	case p.HasSkill("Combat Jump"):
		return "has Combat Jump (Airborne Deployment): such a trooper cannot be part of a Fireteam"
	case p.Irregular:
		return "is Irregular: a Fireteam activates with a Regular Order"
	}
	return ""
}

// FormFireteam forms a Fireteam during the game, spending a Command Token
// (Command Tokens (N4), Tactical Use; Fireteams (N4), forming), between
// Orders of the army's own turn.
type FormFireteam struct {
	Type    string   `json:"type"`
	Leader  string   `json:"leader"`
	Members []string `json:"members"`
}

// CancelFireteam cancels the Fireteam of the trooper named, at no cost
// (Fireteam Cancellation: the player may cancel a Fireteam at will).
type CancelFireteam struct {
	Trooper string `json:"trooper"`
}

func (FormFireteam) Kind() string   { return string(KindFormFireteam) }
func (CancelFireteam) Kind() string { return string(KindCancelFireteam) }

// FireteamFormed is a Fireteam formed with a Command Token.
type FireteamFormed struct {
	Seat    rules.Seat `json:"seat"`
	Type    string     `json:"type"`
	Leader  string     `json:"leader"`
	Members []string   `json:"members"`
	Tokens  int        `json:"tokens"` // Command Tokens left
}

func (FireteamFormed) Kind() string { return "fireteam-formed" }

// checkFormFireteam validates a Fireteam formed during the game: a type
// and its number of members, troopers of the active army, all of one
// combat group, in no Fireteam, able to join and act, each in Coherency
// with the leader, who is one of them; a Command Token to spend.
func (s *State) checkFormFireteam(a FormFireteam) error {
	seat := s.active()
	size, ok := sides.FireteamSize[a.Type]
	switch {
	case !ok:
		return rules.Errorf(rules.CodeBadAction, ruleFireteam, "fireteam type must be core, haris or duo, got %q", a.Type)
	case len(a.Members) < size[0] || len(a.Members) > size[1]:
		return rules.Errorf(rules.CodeIllegal, ruleFireteam, "a Fireteam %s is formed with %d to %d members, not %d", a.Type, size[0], size[1], len(a.Members))
	case !slices.Contains(a.Members, a.Leader):
		return rules.Errorf(rules.CodeBadAction, ruleFireteam, "the Fireteam Leader %q is not one of its members", a.Leader)
	}
	if err := s.tokenBar(seat, "forming a Fireteam"); err != nil {
		return err
	}
	leader, _ := s.activeTrooper(a.Leader)
	for i, id := range a.Members {
		t, ok := s.activeTrooper(id)
		switch {
		case !ok:
			return rules.Errorf(rules.CodeBadAction, ruleFireteam, "%q is not a trooper of %s", id, seat)
		case slices.Contains(a.Members[:i], id):
			return rules.Errorf(rules.CodeBadAction, ruleFireteam, "%s is named twice", id)
		case s.fireteam(t) != nil:
			return rules.Errorf(rules.CodeIllegal, ruleFireteam, "%s is already in a Fireteam: a trooper is in one at most", id)
		case s.Troopers[t].Group != s.Troopers[leader].Group:
			return rules.Errorf(rules.CodeIllegal, ruleFireteam, "%s is in combat group %s, the leader in %s: a Fireteam is of one combat group", id, s.Troopers[t].Group, s.Troopers[leader].Group)
		}
		if why := s.cannotJoin(t); why != "" {
			return rules.Errorf(rules.CodeIllegal, ruleFireteam, "%s %s", id, why)
		}
		if ok, why := s.canStayInTeam(t); !ok || s.Troopers[t].States.Hidden {
			if ok {
				why = "in Hidden Deployment"
			}
			return rules.Errorf(rules.CodeIllegal, ruleFireteam, "%s is %s: it cannot join a Fireteam", id, why)
		}
		if t != leader && !s.coherent(leader, t) {
			return rules.Errorf(rules.CodeIllegal, ruleFireteam, "%s is out of Coherency with %s (outside its Zone of Control)", id, a.Leader)
		}
	}
	return nil
}

// formFireteam applies a Fireteam formed during the game.
func (s *State) formFireteam(a FormFireteam) []rules.Event {
	seat := s.active()
	army := s.army(seat)
	s.spendToken(seat)
	army.Fireteams = append(slices.Clip(army.Fireteams), Fireteam{Type: a.Type, Leader: a.Leader, Members: slices.Clone(a.Members)})
	return []rules.Event{FireteamFormed{Seat: seat, Type: a.Type, Leader: a.Leader, Members: slices.Clone(a.Members), Tokens: army.CommandTokens}}
}

// checkCancelFireteam validates a cancellation: a trooper of the active
// army in a Fireteam.
func (s *State) checkCancelFireteam(a CancelFireteam) error {
	t, ok := s.activeTrooper(a.Trooper)
	if !ok {
		return rules.Errorf(rules.CodeBadAction, ruleFireteam, "%q is not a trooper of %s", a.Trooper, s.active())
	}
	if s.fireteam(t) == nil {
		return rules.Errorf(rules.CodeIllegal, ruleFireteam, "%s is in no Fireteam", a.Trooper)
	}
	return nil
}

// cancelFireteam applies a cancellation.
func (s *State) cancelFireteam(a CancelFireteam) []rules.Event {
	ai, fi := s.fireteamOf(s.trooperIndex(a.Trooper))
	army := &s.Armies[ai]
	f := army.Fireteams[fi]
	army.Fireteams = slices.Delete(slices.Clone(army.Fireteams), fi, fi+1)
	return []rules.Event{FireteamChanged{Seat: army.Seat, Leader: f.Leader, Dissolved: true, Why: "cancelled by its player"}}
}

// fireteamCandidates are the menu's Fireteam entries for the active army:
// cancelling each Fireteam, and, with a Command Token left, forming in
// each combat group a Duo and a Core around the first trooper (in army
// order) that may lead one, with the troopers of its group in Coherency
// that may join, nearest first. (Any other Fireteam may be sent; the menu
// shows that forming is open, without listing every combination.)
func (s *State) fireteamCandidates(out []rules.Action) []rules.Action {
	seat := s.active()
	army := s.army(seat)
	for _, f := range army.Fireteams {
		out = append(out, CancelFireteam{Trooper: f.Leader})
	}
	if !s.canSpendToken(seat) {
		return out
	}
	var buf [MaxGroupTroopers]int
	for g := range army.Groups {
		duo, core := false, false
		for l := range s.Troopers {
			if duo && core {
				break
			}
			if s.Troopers[l].Group != army.Groups[g].Name || !s.mayJoin(l, seat) {
				continue
			}
			near := buf[:0]
			for t := range s.Troopers {
				if t != l && len(near) < len(buf) && s.Troopers[t].Group == s.Troopers[l].Group && s.mayJoin(t, seat) && s.coherent(l, t) {
					near = append(near, t)
				}
			}
			if len(near) == 0 {
				continue
			}
			// Nearest first (an insertion sort: a few troopers, stable).
			at := s.Models[s.modelOf(l)].At
			for i := 1; i < len(near); i++ {
				for k := i; k > 0 && s.distFrom(at, near[k]) < s.distFrom(at, near[k-1]); k-- {
					near[k], near[k-1] = near[k-1], near[k]
				}
			}
			id := s.Troopers[l].ID
			if !duo {
				duo = true
				out = append(out, FormFireteam{Type: "duo", Leader: id, Members: []string{id, s.Troopers[near[0]].ID}})
			}
			if !core && len(near) >= 2 {
				core = true
				m := []string{id}
				for _, t := range near[:min(len(near), 4)] {
					m = append(m, s.Troopers[t].ID)
				}
				out = append(out, FormFireteam{Type: "core", Leader: id, Members: m})
			}
		}
	}
	return out
}

// mayJoin reports whether trooper t, of seat, may join a Fireteam now.
func (s *State) mayJoin(t int, seat rules.Seat) bool {
	if s.Troopers[t].Seat != seat || s.Troopers[t].States.Hidden || s.fireteam(t) != nil || s.cannotJoin(t) != "" {
		return false
	}
	ok, _ := s.canStayInTeam(t)
	return ok
}

// distFrom is how far trooper t's model stands from at.
func (s *State) distFrom(at [2]float64, t int) float64 {
	p := s.Models[s.modelOf(t)].At
	return math.Hypot(p[0]-at[0], p[1]-at[1])
}

// listFireteams are the Fireteams army list l declares (Fireteams (N4);
// docs/ARMIES.md), by the troopers' ids in a match between lists, each
// led by its first member. army.Check has held them to the rules.
func listFireteams(seat rules.Seat, l *army.List, cat *catalog.Catalog) []Fireteam {
	var out []Fireteam
	for _, f := range l.Fireteams {
		ft := Fireteam{Type: f.Type}
		for _, n := range l.Members(cat, f.Name) {
			ft.Members = append(ft.Members, seatID(seat, n.ID))
		}
		if len(ft.Members) > 0 {
			ft.Leader = ft.Members[0]
			out = append(out, ft)
		}
	}
	return out
}

// formListFireteams creates, as the Deployment Phase ends, the Fireteams
// the army lists declared (Fireteams (N4), Fireteam Creation: the Fireteam
// Leader Token is placed during deployment with a Coherency Check). A
// member out of Coherency with the leader, or unable to be part of a
// Fireteam, is not part of it; a Fireteam left with fewer members than its
// type is created with is not created.
func (s *State) formListFireteams() []rules.Event {
	var events []rules.Event
	for ai := range s.Armies {
		a := &s.Armies[ai]
		kept := a.Fireteams[:0:0]
		for _, f := range a.Fireteams {
			l := s.trooperIndex(f.Leader)
			var members, left []string
			for _, id := range f.Members {
				t := s.trooperIndex(id)
				ok, _ := s.canStayInTeam(t)
				if ok && t >= 0 && (t == l || s.coherent(l, t)) && s.cannotJoin(t) == "" && !s.Troopers[t].States.Hidden {
					members = append(members, id)
				} else {
					left = append(left, id)
				}
			}
			size := sides.FireteamSize[f.Type]
			switch {
			case !slices.Contains(members, f.Leader) || len(members) < size[0]:
				events = append(events, FireteamChanged{Seat: a.Seat, Leader: f.Leader, Left: left, Dissolved: true,
					Why: fmt.Sprintf("not created: %d members in Coherency with the leader, and a Fireteam %s is created with %d at least", len(members), f.Type, size[0])})
				continue
			case len(left) > 0:
				events = append(events, FireteamChanged{Seat: a.Seat, Leader: f.Leader, Left: left, Why: "out of Coherency with the leader as deployment ends"})
			}
			kept = append(kept, Fireteam{Type: f.Type, Leader: f.Leader, Members: members})
			events = append(events, FireteamFormed{Seat: a.Seat, Type: f.Type, Leader: f.Leader, Members: slices.Clone(members), Tokens: a.CommandTokens})
		}
		a.Fireteams = kept
	}
	return events
}

// listFireteamsPrivate reports whether army a's Fireteams are still its
// list's private declaration: in a mission's pre-game, until the
// Deployment Phase ends and they are created on the table.
func (s *State) listFireteamsPrivate() bool { return s.PreGame != nil }

// twinListFireteams makes a twin whose army list declared one Fireteam
// fewer (Fireteams (N4)): while the pre-game lasts, the opponent must not
// tell. A Deploy may end the Deployment Phase and create them, so it
// keeps them.
func (s *State) twinListFireteams(owner, _ rules.Seat, a rules.Action, _ *rand.Rand) (rules.Action, bool) {
	if _, deploy := a.(Deploy); deploy || !s.listFireteamsPrivate() {
		return nil, false
	}
	fs := s.army(owner).Fireteams
	if len(fs) == 0 {
		return nil, false
	}
	s.army(owner).Fireteams = slices.Clone(fs[:len(fs)-1])
	return a, true
}
