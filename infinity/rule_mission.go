package infinity

import (
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/infinity/army"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/infinity/mission"
	"github.com/ordo-rules/ordo/infinity/sides"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// Missions (docs/MISSIONS.md): a match started from a mission and two
// army lists (MissionGame) plays the pre-game (rule_pregame.go), then the
// Game Rounds, scoring Objective Points (OP) at the end of each round and
// of the game by the mission's rules: zones controlled by the points of
// the troopers inside, consoles held after a Specialist Troop's WIP Roll
// (Interact), and the Designated Targets killed or kept alive. OP decide
// the winner, then the mission's tie-breaker, then Victory Points.

// ArmyIn is one player of a mission game: its seat and army list, and the
// catalog the list's profiles come from (army.Load returns both).
type ArmyIn struct {
	Seat    rules.Seat
	List    *army.List
	Catalog *catalog.Catalog
}

// MissionGame is the ruleset playing one mission between two army lists:
// its Setup ignores the scenario's table and sides (a scenario then
// carries only a script and a seed) and starts at the Initiative Roll.
type MissionGame struct {
	Ruleset
	Mission *mission.Mission
	Armies  [2]ArmyIn
}

// ConsoleRadius is a console's radius, in inches: a 40 mm token.
const ConsoleRadius = 0.8

// specialistSkills make a trooper a Specialist Troop, who may interact
// with objectives (docs/MISSIONS.md).
var specialistSkills = []string{"Doctor", "Paramedic", "Engineer", "Hacker", "Forward Observer", "Chain of Command", "Specialist Operative"}

// MissionState is the mission being played: public, every player sees it.
type MissionState struct {
	Name       string                `json:"name"`
	Objectives []ObjectiveState      `json:"objectives,omitempty"`
	Scoring    []mission.Score       `json:"scoring"`
	Target     string                `json:"target,omitempty"`
	Targets    map[rules.Seat]string `json:"targets,omitempty"`
	MaxOP      int                   `json:"maxOP,omitempty"`
	TieBreaker string                `json:"tieBreaker"`
	// OP are each player's Objective Points so far.
	OP map[rules.Seat]int `json:"op"`
	// Winner is the winner once the game is over ("" for a draw, or
	// while it goes on).
	Winner rules.Seat `json:"winner,omitempty"`
	// Deck is the mission's Classified Objectives (public); Classified
	// each player's pick (private to it until Revealed lists the seat:
	// rule_classified.go).
	Deck       []mission.Classified  `json:"deck,omitempty"`
	Classified map[rules.Seat]string `json:"classified,omitempty"`
	Revealed   []rules.Seat          `json:"revealed,omitempty"`
}

// ObjectiveState is an objective on the table and who holds it (a
// console's last activator).
type ObjectiveState struct {
	mission.Objective
	Holder rules.Seat `json:"holder,omitempty"`
}

func (m *MissionState) clone() *MissionState {
	if m == nil {
		return nil
	}
	c := *m
	c.Objectives = slices.Clone(m.Objectives)
	c.Targets = cloneSeatMap(m.Targets)
	c.OP = cloneSeatMap(m.OP)
	c.Classified = cloneSeatMap(m.Classified)
	c.Revealed = slices.Clip(m.Revealed)
	return &c
}

func cloneSeatMap[V any](m map[rules.Seat]V) map[rules.Seat]V {
	if m == nil {
		return nil
	}
	c := make(map[rules.Seat]V, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// Setup builds the opening state of the mission: both armies off the
// table, waiting for the Initiative Roll.
func (g MissionGame) Setup(_ *scenario.Scenario, rulings rules.Rulings) (rules.State, error) {
	m := g.Mission
	if m == nil {
		return nil, fmt.Errorf("infinity: a mission game without a mission")
	}
	if g.Armies[0].Seat == "" || g.Armies[0].Seat == g.Armies[1].Seat {
		return nil, setupError("Game Round and Player Turn (N4)", "a mission is played by two seats, got %q and %q", g.Armies[0].Seat, g.Armies[1].Seat)
	}
	s := &State{
		Rulings:  rulings,
		Table:    Table{Width: m.Width, Height: m.Height},
		Rounds:   m.Rounds,
		Round:    1,
		Phase:    PhaseInitiative,
		Profiles: map[string]catalog.Profile{},
		Weapons:  map[string]catalog.Weapon{},
	}
	for _, t := range m.Terrain {
		s.Table.Terrain = append(s.Table.Terrain, scenario.Terrain{Name: t.Name, Polygon: slices.Clone(t.Polygon), BlocksLoF: t.BlocksLoF, Cover: t.Cover, Impassable: t.Impassable})
	}
	pg := &PreGame{Zones: m.Zones}
	for i, in := range g.Armies {
		if in.List == nil {
			return nil, setupError("Army list and Combat Groups (N4)", "%s has no army list", in.Seat)
		}
		cat := in.Catalog
		if cat == nil {
			cat = g.Catalog
		}
		if err := army.Check(in.List, cat); err != nil {
			return nil, err
		}
		s.Seats = append(s.Seats, in.Seat)
		side, opts := sideOf(in.Seat, in.List, cat, m.Zones[i])
		// Two lists may bring catalogs of their own: one profile id must
		// mean one profile in the game.
		for _, n := range side.Troopers {
			p, _ := cat.Profile(n.Profile)
			if had, ok := s.Profiles[p.ID]; ok && !reflect.DeepEqual(had, p) {
				return nil, setupError("Unit Profile (N4)", "%s's profile %q differs from the other list's of the same id: rename one in its catalog", in.Seat, p.ID)
			}
		}
		infiltrates := map[string]bool{}
		for _, n := range in.List.Troopers(cat) {
			infiltrates[seatID(in.Seat, n.ID)] = n.Has(army.Infiltration)
		}
		first := len(s.Troopers)
		r := Ruleset{Catalog: cat}
		if err := r.addArmy(s, in.Seat, side); err != nil {
			return nil, err
		}
		// Its Fireteams, private until deployment ends (rule_fireteam.go).
		s.army(in.Seat).Fireteams = listFireteams(in.Seat, in.List, cat)
		for j := first; j < len(s.Troopers); j++ {
			if o := opts[s.Troopers[j].ID]; o != "" {
				r.withOption(s, j, o)
			}
			if in.List != nil && infiltrates[s.Troopers[j].ID] && s.profile(j).HasSkill("Infiltration") {
				pg.Infiltrators = append(pg.Infiltrators, j)
			}
			if !s.Troopers[j].States.Reserve {
				// Not on the table until deployed.
				for _, mi := range s.Troopers[j].Models {
					s.Models[mi].Removed = true
				}
				pg.Pending = append(pg.Pending, j)
			}
		}
	}
	ids := map[string]bool{}
	for _, t := range s.Troopers {
		if ids[t.ID] {
			return nil, setupError("Army list and Combat Groups (N4)", "two troopers are called %q", t.ID)
		}
		ids[t.ID] = true
	}
	s.PreGame = pg
	s.Mission = newMissionState(m, s.Seats)
	s.derive()
	return s, nil
}

// newMissionState is the mission as the game starts: no OP, no console
// held.
func newMissionState(m *mission.Mission, seats []rules.Seat) *MissionState {
	ms := &MissionState{Name: m.Name, Scoring: slices.Clone(m.Scoring), Target: m.Target, MaxOP: m.MaxOP, TieBreaker: m.TieBreaker, OP: map[rules.Seat]int{}}
	for i := range ms.Scoring {
		ms.Scoring[i].Objectives = m.Counted(m.Scoring[i])
	}
	for _, o := range m.Objectives {
		ms.Objectives = append(ms.Objectives, ObjectiveState{Objective: o})
	}
	for _, seat := range seats {
		ms.OP[seat] = 0
	}
	for _, c := range m.Classified {
		c.Objectives = slices.Clone(c.Objectives)
		ms.Deck = append(ms.Deck, c)
	}
	return ms
}

// seatID is a list trooper's id in a match: its seat's name first
// ("blue-fusilier-1"), so that two lists of the same profiles can meet.
// Every id takes it, whatever the other list holds: renaming only on a
// clash would let a hidden trooper rename one in the open.
func seatID(seat rules.Seat, id string) string { return string(seat) + "-" + id }

// sideOf is an army list as a side to set up: each trooper under its id
// made from its profile (army.List.Troopers) after the seat, in combat
// groups "1", "2", … (their public labels, labels.go), with one model off the table; and the option each
// trooper takes, by id.
func sideOf(seat rules.Seat, l *army.List, cat *catalog.Catalog, zone mission.Rect) (*sides.Side, map[string]string) {
	z := [2][2]float64(zone)
	side := &sides.Side{DeploymentZone: &z}
	opts := map[string]string{}
	for g := range l.Groups {
		side.CombatGroups = append(side.CombatGroups, sides.CombatGroup{Name: groupNumber(g)})
	}
	for _, n := range l.Troopers(cat) {
		n.ID = seatID(seat, n.ID)
		t := sides.Trooper{ID: n.ID, Profile: n.Profile, Lieutenant: n.Lieutenant, Models: []sides.Model{{ID: n.ID}}}
		switch {
		case n.Has(army.Hidden):
			t.Deployment = "hidden"
		case n.Has(army.Camouflage), n.Has(army.Impersonation):
			t.Deployment = "marker"
		case n.Has(army.Airborne):
			t.Deployment = "reserve"
		}
		side.Troopers = append(side.Troopers, t)
		side.CombatGroups[n.Group].Troopers = append(side.CombatGroups[n.Group].Troopers, n.ID)
		if n.Option != "" {
			opts[n.ID] = n.Option
		}
	}
	return side, opts
}

// withOption gives trooper t the option it takes: a profile of its own
// ("fusilier.missile-launcher") with the option's cost, weapons and
// equipment (Unit Profile (N4)).
func (r Ruleset) withOption(s *State, t int, option string) {
	base := s.Profiles[s.Troopers[t].Profile]
	p, ok := base.WithOption(option)
	if !ok {
		return
	}
	p.ID = base.ID + "." + option
	p.Options = nil
	s.Profiles[p.ID] = p
	r.addComms(s, p)
	for _, wid := range p.Weapons {
		if w, ok := r.Catalog.Weapon(wid); ok {
			s.Weapons[w.ID] = w
		}
	}
	s.Troopers[t].Profile, s.Troopers[t].Cost = p.ID, p.Cost
}

// ObjectiveScored is OP a player scores, and why.
type ObjectiveScored struct {
	Round int        `json:"round"`
	Seat  rules.Seat `json:"seat"`
	Rule  string     `json:"rule"`
	// Objectives are the zones or consoles that scored, or the
	// Designated Target.
	Objectives []string `json:"objectives,omitempty"`
	OP         int      `json:"op"`
	Total      int      `json:"total"`
}

func (ObjectiveScored) Kind() string { return "objective-scored" }

// TargetDesignated names an army's Designated Target.
type TargetDesignated struct {
	Seat    rules.Seat `json:"seat"`
	Trooper string     `json:"trooper"`
}

func (TargetDesignated) Kind() string { return "target-designated" }

// designateTargets names each army's Designated Target when deployment
// ends: its costliest trooper on the table openly (docs/MISSIONS.md).
func (s *State) designateTargets() []rules.Event {
	ms := s.Mission
	if ms == nil || ms.Target != mission.TargetHighestCost {
		return nil
	}
	ms.Targets = map[rules.Seat]string{}
	var events []rules.Event
	for _, seat := range s.Seats {
		best := -1
		for i, t := range s.Troopers {
			if t.Seat != seat || t.concealed() || t.States.Reserve || s.modelOf(i) < 0 {
				continue
			}
			if best < 0 || t.Cost > s.Troopers[best].Cost {
				best = i
			}
		}
		if best >= 0 {
			ms.Targets[seat] = s.Troopers[best].ID
			events = append(events, TargetDesignated{Seat: seat, Trooper: s.Troopers[best].ID})
		}
	}
	return events
}

// zonePoints is the army points each seat has in the zone: troopers on
// the table with the centre of the base inside, neither Null nor
// Possessed, nor concealed (a marker's or a hidden trooper's points would
// tell who or where it is).
func (s *State) zonePoints(area mission.Rect) map[rules.Seat]int {
	pts := map[rules.Seat]int{}
	for i, t := range s.Troopers {
		m := s.modelOf(i)
		if m < 0 || t.States.Null() || t.States.Possessed || t.concealed() || !area.Contains(s.Models[m].At) {
			continue
		}
		pts[t.Seat] += t.Cost
	}
	return pts
}

// controller is the seat that controls the zone, "" for none.
func (s *State) controller(o *ObjectiveState) rules.Seat {
	pts := s.zonePoints(o.Area)
	a, b := s.Seats[0], s.Seats[1]
	switch {
	case pts[a] > pts[b]:
		return a
	case pts[b] > pts[a]:
		return b
	}
	return ""
}

// objectiveIndex is the index of the objective of that id, or -1.
func (ms *MissionState) objectiveIndex(id string) int {
	for i := range ms.Objectives {
		if ms.Objectives[i].ID == id {
			return i
		}
	}
	return -1
}

// targetDown reports whether seat's Designated Target is in a Null state.
func (s *State) targetDown(seat rules.Seat) bool {
	t := s.trooperIndex(s.Mission.Targets[seat])
	return t >= 0 && s.Troopers[t].States.Null()
}

// score applies the mission's rules of when (mission.EachRound or
// mission.GameEnd) at the end of a round.
func (s *State) score(when string) []rules.Event {
	ms := s.Mission
	var events []rules.Event
	for _, sc := range ms.Scoring {
		if sc.When != when {
			continue
		}
		got := map[rules.Seat][]string{}
		earn := map[rules.Seat]int{}
		switch sc.Rule {
		case mission.RuleControl, mission.RuleConsoles, mission.RuleDominate:
			for _, id := range sc.Objectives {
				i := ms.objectiveIndex(id)
				if i < 0 {
					continue
				}
				o := &ms.Objectives[i]
				holder := o.Holder
				if o.Kind == mission.KindZone {
					holder = s.controller(o)
				}
				if holder != "" {
					got[holder] = append(got[holder], id)
				}
			}
			for _, seat := range s.Seats {
				if sc.Rule == mission.RuleDominate {
					if len(got[seat]) > len(got[s.other(seat)]) {
						earn[seat] = sc.OP
					} else {
						delete(got, seat)
					}
					continue
				}
				earn[seat] = sc.OP * len(got[seat])
			}
		case mission.RuleKillTarget:
			for _, seat := range s.Seats {
				if s.targetDown(s.other(seat)) {
					earn[seat], got[seat] = sc.OP, []string{ms.Targets[s.other(seat)]}
				}
			}
		case mission.RuleProtectTarget:
			for _, seat := range s.Seats {
				if id := ms.Targets[seat]; id != "" && !s.targetDown(seat) {
					earn[seat], got[seat] = sc.OP, []string{id}
				}
			}
		}
		for _, seat := range s.Seats {
			n := earn[seat]
			if ms.MaxOP > 0 {
				n = min(n, ms.MaxOP-ms.OP[seat])
			}
			if n <= 0 {
				continue
			}
			ms.OP[seat] += n
			events = append(events, ObjectiveScored{Round: s.Round, Seat: seat, Rule: sc.Rule, Objectives: got[seat], OP: n, Total: ms.OP[seat]})
		}
	}
	return events
}

// tieCount is what the mission's tie-breaker counts for seat.
func (s *State) tieCount(seat rules.Seat) int {
	n := 0
	for i := range s.Mission.Objectives {
		o := &s.Mission.Objectives[i]
		switch {
		case s.Mission.TieBreaker == mission.TieZones && o.Kind == mission.KindZone && s.controller(o) == seat:
			n++
		case s.Mission.TieBreaker == mission.TieConsoles && o.Kind == mission.KindConsole && o.Holder == seat:
			n++
		}
	}
	return n
}

// missionWinner decides the game: OP, then the tie-breaker, then Victory
// Points; "" is a draw.
func (s *State) missionWinner(vp map[rules.Seat]int) rules.Seat {
	a, b := s.Seats[0], s.Seats[1]
	op := s.Mission.OP
	for _, x := range [][2]int{{op[a], op[b]}, {s.tieCount(a), s.tieCount(b)}, {vp[a], vp[b]}} {
		switch {
		case x[0] > x[1]:
			return a
		case x[1] > x[0]:
			return b
		}
	}
	return ""
}

// roundEnded scores a Game Round that ended.
func (s *State) roundEnded(round int) []rules.Event {
	if s.Mission == nil {
		return nil
	}
	r := s.Round
	s.Round = round
	events := s.score(mission.EachRound)
	events = append(events, s.scoreClassified()...)
	s.Round = r
	return events
}

// SkillInteract is a Specialist Troop activating a console
// (docs/MISSIONS.md): a Short Skill of the Order Expenditure Sequence (N4),
// declared first or second in an Order (Move + activate), from where the
// trooper stands, in base contact with the console. The enemy reacts to it
// in the ARO windows as to any skill declared in its sight; the Normal WIP
// Roll is made at Resolution with the Order's other rolls, and a success
// makes the trooper's side the console's holder. Its Target names the
// console.
const SkillInteract SkillName = "interact"

// Interact declares SkillInteract as the first skill of an Order: the
// menu's one-click way of `activate` with that skill (docs/MISSIONS.md).
type Interact struct {
	Trooper   string      `json:"trooper"`
	Objective string      `json:"objective"`
	Order     OrderSource `json:"order"`
}

func (Interact) Kind() string { return string(KindInteract) }

// activation is the Activate the Interact declares.
func (a Interact) activation() Activate {
	return Activate{Trooper: a.Trooper, Order: a.Order, Skill: Skill{Name: SkillInteract, Target: a.Objective}}
}

// Interacted is the WIP Roll of an interaction and its outcome.
type Interacted struct {
	Trooper   string            `json:"trooper"`
	Objective string            `json:"objective"`
	Order     OrderSource       `json:"order"`
	SV        dice.SuccessValue `json:"sv"`
	Dice      []dice.Die        `json:"dice,omitempty"`
	Success   bool              `json:"success"`
}

func (Interacted) Kind() string { return "interacted" }

// ruleInteract names the rule of objective interaction.
const ruleInteract = "Specialist Troops (N4; docs/MISSIONS.md)"

// isSpecialist reports whether trooper t is a Specialist Troop.
func (s *State) isSpecialist(t int) bool {
	p := s.profile(t)
	return slices.ContainsFunc(specialistSkills, p.HasSkill)
}

// checkInteract checks SkillInteract k declared in Order o, from the end of
// the movement declared so far.
func (s *State) checkInteract(o *Order, k *Skill) error {
	ms := s.Mission
	if ms == nil {
		return rules.Errorf(rules.CodeIllegal, ruleInteract, "this game has no mission, so no objectives")
	}
	i := ms.objectiveIndex(k.Target)
	if i < 0 || ms.Objectives[i].Kind != mission.KindConsole {
		return rules.Errorf(rules.CodeBadAction, ruleInteract, "%q is not a console of the mission", k.Target)
	}
	tr := &s.Troopers[o.Trooper]
	c := &ms.Objectives[i]
	switch {
	case !s.isSpecialist(o.Trooper):
		return rules.Errorf(rules.CodeIllegal, ruleInteract, "only Specialist Troops interact with objectives, and %s is none", tr.ID)
	case tr.concealed():
		return rules.Errorf(rules.CodeIllegal, ruleInteract, "%s is concealed: a marker or a trooper in Hidden Deployment reveals itself with an Order first", tr.ID)
	case tr.States.Engaged:
		return rules.Errorf(rules.CodeIllegal, "Engaged (N4)", "%s is Engaged and cannot interact with an objective", tr.ID)
	case tr.States.Immobilized() || tr.States.Isolated:
		return rules.Errorf(rules.CodeIllegal, "States (N4)", "%s is %v and cannot interact with an objective", tr.ID, tr.States)
	case tr.States.Retreat:
		return rules.Errorf(rules.CodeIllegal, ruleRetreat, "%s has a Retreat! token: only Short Movement Skills, Cautious Movement, Dodge and Reset", tr.ID)
	case c.Holder == tr.Seat:
		return rules.Errorf(rules.CodeIllegal, ruleInteract, "%s already holds %s", tr.Seat, c.Name)
	}
	if from := o.Path[len(o.Path)-1]; !s.touchesConsole(o.Model, from, c.At) {
		return rules.Errorf(rules.CodeIllegal, ruleInteract, "%s must be in base contact with %s", tr.ID, c.Name)
	}
	return nil
}

// touchesConsole reports whether model m standing at from is in base
// contact with the console at c.
func (s *State) touchesConsole(m int, from, c [2]float64) bool {
	return math.Hypot(from[0]-c[0], from[1]-c[1]) <= s.Models[m].base().Radius+ConsoleRadius+contactSlack
}

// interactions rolls the Order's interactions at Resolution, with the
// Order's other rolls: each a Normal WIP Roll with the trooper's state
// MODs; a success makes its side the console's holder.
func (s *State) interactions(events []rules.Event, d dice.Source) ([]rules.Event, error) {
	o := s.Order
	for _, k := range []*Skill{&o.First, o.Second} {
		if k == nil || k.Name != SkillInteract {
			continue
		}
		t := o.Trooper
		ev := Interacted{Trooper: s.Troopers[t].ID, Objective: k.Target, Order: o.Source, SV: dice.SuccessValueOf("WIP", s.profile(t).WIP, slices.Clone(s.stateMods(t)))}
		out, err := throwNormal(d, ev.SV.Value)
		if err != nil {
			return nil, err
		}
		ev.Dice, ev.Success = out.Dice, out.Scored()
		if i := s.Mission.objectiveIndex(k.Target); ev.Success && i >= 0 {
			s.Mission.Objectives[i].Holder = s.Troopers[t].Seat
		}
		events = append(events, ev)
	}
	return events, nil
}

// interactSeconds are the second skills activating each console the
// active trooper touches at the end of its first skill's movement.
func (s *State) interactSeconds() []rules.Action {
	ms, o := s.Mission, s.Order
	if ms == nil || !s.isSpecialist(o.Trooper) {
		return nil
	}
	var out []rules.Action
	for i := range ms.Objectives {
		c := &ms.Objectives[i]
		if c.Kind == mission.KindConsole && s.touchesConsole(o.Model, o.Path[len(o.Path)-1], c.At) {
			out = append(out, Second{Skill: Skill{Name: SkillInteract, Target: c.ID}})
		}
	}
	return out
}

// interactCandidates offers each of the active player's troopers in base
// contact with a console its interaction, once per Order source it can
// spend (a trooper that is no Specialist greyed, with the reason).
func (s *State) interactCandidates() []rules.Action {
	ms := s.Mission
	if ms == nil {
		return nil
	}
	var out []rules.Action
	seat := s.active()
	for t := range s.Troopers {
		tr := &s.Troopers[t]
		m := s.modelOf(t)
		if tr.Seat != seat || m < 0 || tr.States.Null() {
			continue
		}
		for i := range ms.Objectives {
			o := &ms.Objectives[i]
			if o.Kind != mission.KindConsole || !s.touchesConsole(m, s.Models[m].At, o.At) {
				continue
			}
			for _, src := range orderSources {
				if s.spendBar(t, src) == spendOK {
					out = append(out, Interact{Trooper: tr.ID, Objective: o.ID, Order: src})
				}
			}
		}
	}
	return out
}

// MissionView is the mission as every viewer sees it: all of it is
// public, each trooper named as the viewer knows it (Targets: the enemy's
// Designated Target by its public label).
type MissionView struct {
	Name       string                `json:"name"`
	OP         map[rules.Seat]int    `json:"op"`
	Objectives []ObjectiveView       `json:"objectives,omitempty"`
	Targets    map[rules.Seat]string `json:"targets,omitempty"`
	TieBreaker string                `json:"tieBreaker"`
	Winner     rules.Seat            `json:"winner,omitempty"`
	// PreGame is the Initiative Roll's winner, the choices and the
	// Deployment Zones while the pre-game goes on.
	PreGame *PreGameView `json:"preGame,omitempty"`
	// Deck is the mission's Classified Objectives; Classified each
	// player's pick as the viewer may see it: its own, and any revealed;
	// of the others only that one was picked.
	Deck       []mission.Classified          `json:"deck,omitempty"`
	Classified map[rules.Seat]ClassifiedView `json:"classified,omitempty"`
}

// ClassifiedView is a player's Classified Objective as a viewer sees it.
type ClassifiedView struct {
	Objective string `json:"objective,omitempty"`
	Revealed  bool   `json:"revealed,omitempty"`
}

// ObjectiveView is an objective and who holds or controls it now.
type ObjectiveView struct {
	ID     string       `json:"id"`
	Kind   string       `json:"kind"`
	Name   string       `json:"name"`
	At     [2]float64   `json:"at,omitzero"`
	Area   mission.Rect `json:"area,omitzero"`
	Holder rules.Seat   `json:"holder,omitempty"`
}

// PreGameView is the public part of the pre-game.
type PreGameView struct {
	Winner      rules.Seat      `json:"winner,omitempty"`
	Chooser     rules.Seat      `json:"chooser,omitempty"`
	Kept        string          `json:"kept,omitempty"`
	FirstTurn   rules.Seat      `json:"firstTurn,omitempty"`
	DeployFirst rules.Seat      `json:"deployFirst,omitempty"`
	Zones       [2]mission.Rect `json:"zones"`
	ZoneFor     rules.Seat      `json:"zoneFor,omitempty"`
	Zone        int             `json:"zone"`
	Stage       int             `json:"stage"`
}

// missionView is the mission as viewer sees it (nil without one).
func (s *State) missionView(viewer rules.Viewer) *MissionView {
	ms := s.Mission
	if ms == nil {
		return nil
	}
	v := &MissionView{Name: ms.Name, OP: cloneSeatMap(ms.OP), Targets: cloneSeatMap(ms.Targets), TieBreaker: ms.TieBreaker, Winner: ms.Winner, Deck: ms.Deck}
	for seat, id := range v.Targets {
		// The Designated Target as viewer knows it: the enemy's by its
		// public label, never by its author's id (labels.go).
		if t := s.trooperIndex(id); t >= 0 && !s.knows(viewer, t) {
			v.Targets[seat] = s.label(t)
		}
	}
	for _, seat := range s.Seats {
		id, ok := ms.Classified[seat]
		if !ok {
			continue
		}
		if v.Classified == nil {
			v.Classified = map[rules.Seat]ClassifiedView{}
		}
		cv := ClassifiedView{Revealed: slices.Contains(ms.Revealed, seat)}
		if cv.Revealed || viewer.Sees(seat) {
			cv.Objective = id
		}
		v.Classified[seat] = cv
	}
	for i := range ms.Objectives {
		o := &ms.Objectives[i]
		ov := ObjectiveView{ID: o.ID, Kind: o.Kind, Name: o.Name, At: o.At, Area: o.Area, Holder: o.Holder}
		if o.Kind == mission.KindZone && s.PreGame == nil {
			ov.Holder = s.controller(o)
		}
		v.Objectives = append(v.Objectives, ov)
	}
	if p := s.PreGame; p != nil {
		v.PreGame = &PreGameView{Winner: p.Winner, Chooser: p.Chooser, Kept: p.Kept, FirstTurn: p.FirstTurn, DeployFirst: p.DeployFirst, Zones: p.Zones, ZoneFor: p.ZoneFor, Zone: p.Zone, Stage: p.Stage}
	}
	return v
}

// gameEnded is the end of the game: for a mission its game-end scoring,
// then Victory Points, the OP and the winner. A game cut short in a Game
// Round (Retreat! (N4)) scores that round first, as if it had ended.
func (s *State) gameEnded() []rules.Event {
	ev := GameEnded{VictoryPoints: s.victoryPoints()}
	ms := s.Mission
	if ms == nil {
		return []rules.Event{ev}
	}
	var events []rules.Event
	if s.Round <= s.Rounds {
		events = s.roundEnded(s.Round)
	}
	r := s.Round
	s.Round = min(s.Round, s.Rounds)
	events = append(events, s.score(mission.GameEnd)...)
	s.Round = r
	ms.Winner = s.missionWinner(ev.VictoryPoints)
	ev.ObjectivePoints, ev.Winner = cloneSeatMap(ms.OP), ms.Winner
	return append(events, ev)
}

// diceAct declares an action of type A that rolls: checked by check,
// applied by apply with the dice.
func diceAct[A rules.Action](check func(*State, *A, *Order) (checked, error), apply func(*State, A, dice.Source) ([]rules.Event, error)) stepAction {
	sa := act(check, func(s *State, a A, _ checked, d dice.Source) ([]rules.Event, error) { return apply(s, a, d) })
	sa.dice = true
	return sa
}

// MissionMatch is the game of a mission's text between army lists' texts
// by seat (two seats; uploaded texts, so a list may name only bundled
// catalog files, army.Bundled), and the scenario naming its seats in order: what a server
// plays when a match is created from a mission (match.MissionGame).
func (r Ruleset) MissionMatch(missionText []byte, armies map[string][]byte) (rules.Ruleset, *scenario.Scenario, error) {
	m, err := mission.Parse("mission", missionText)
	if err != nil {
		return nil, nil, err
	}
	seats := slices.Sorted(maps.Keys(armies))
	if len(seats) != 2 {
		return nil, nil, setupError("Game Round and Player Turn (N4)", "a mission is played between two army lists, one a seat; got %d", len(seats))
	}
	g := MissionGame{Ruleset: r, Mission: m}
	sc := &scenario.Scenario{File: "mission " + m.Name, Name: m.Name, Ruleset: Name, Table: scenario.Table{Width: m.Width, Height: m.Height}, Initiative: seats[0], Rounds: m.Rounds}
	for i, seat := range seats {
		l, cat, err := army.Parse(seat+".yaml", armies[seat], army.Options{Catalog: r.Catalog, ReadFile: army.Bundled})
		if err != nil {
			return nil, nil, err
		}
		g.Armies[i] = ArmyIn{Seat: rules.Seat(seat), List: l, Catalog: cat}
		sc.Sides = append(sc.Sides, scenario.Side{Seat: seat})
	}
	return g, sc, nil
}
