// Package infinity is the Infinity N4 ruleset ("infinity-n4" in scenario
// files) as an enforcing engine: armies of troopers in combat groups, the
// Player Turn (Tactical Phase and Order Count, Orders Phase, States Phase,
// End of Turn), the Order Expenditure Sequence with its two ARO windows,
// resolution with package dice, Saving Rolls, W/STR and states, and the
// skills and rules built on them (Dodge, Guts, G: Jumper, Loss of
// Lieutenant, markers and Hidden Deployment, Hacking).
//
// docs/INFINITY.md is the map of its files; docs/ARCHITECTURE.md shows the
// step table and how to add a rule.
//
// Rules are cited by the names players know ("Dodge (N4)", "G: Jumper (N4,
// PDF 2.1)"); docs/RULES.md lists them with their sources, and where sources
// disagree the named ruling decides (docs/RULES.md, Rulings).
package infinity

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/infinity/sides"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// Name is the ruleset's name in scenario files.
const Name = "infinity-n4"

// Army limits (Army list and Combat Groups (N4)).
const (
	MaxTroopers      = 15
	MaxGroupTroopers = 10
)

// Ruleset is Infinity N4 over a catalog of profiles and weapons.
type Ruleset struct {
	Catalog *catalog.Catalog
}

// New returns the ruleset over the embedded catalog.
func New() (Ruleset, error) {
	c, err := catalog.Default()
	if err != nil {
		return Ruleset{}, err
	}
	return Ruleset{Catalog: c}, nil
}

func (Ruleset) Name() string            { return Name }
func (Ruleset) Rulings() []rules.Ruling { return rules.StandardFor(Name) }

func (Ruleset) DecodeAction(b []byte) (rules.Action, error) { return actionCodec.Decode(b) }

func (Ruleset) DecodeEvent(b []byte) (rules.Event, error) { return eventCodec.Decode(b) }

// DecodeState decodes a state and validates it (State.validate): a state
// that refers to something it does not hold, or breaks an invariant the
// rules rely on, is refused with a CodeBadState error naming the field.
func (Ruleset) DecodeState(b []byte) (rules.State, error) {
	s, err := decodeState(b)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// setupError is a scenario the ruleset cannot play, citing the rule.
func setupError(rule, format string, args ...any) error {
	return rules.Errorf(rules.CodeIllegal, rule, format, args...)
}

// Setup builds the opening state: armies checked against the army rules,
// profiles resolved in the catalog, models placed, and the first Player
// Turn's Tactical Phase run.
func (r Ruleset) Setup(sc *scenario.Scenario, rulings rules.Rulings) (rules.State, error) {
	if r.Catalog == nil {
		return nil, fmt.Errorf("infinity: no catalog")
	}
	if len(sc.Catalogs) > 0 {
		// The scenario's own catalog files, merged over the ruleset's by
		// scenario.Load: without them its profiles may not exist.
		c, ok := sc.Catalog.(*catalog.Catalog)
		if !ok {
			return nil, setupError("scenario", "the scenario lists catalog files (%s) that were not loaded with it: load it with scenario.Load and the ruleset's catalog", strings.Join(sc.Catalogs, ", "))
		}
		r.Catalog = c
	}
	if len(sc.Sides) != 2 {
		return nil, setupError("Game Round and Player Turn (N4)", "a game has two players, the scenario has %d sides", len(sc.Sides))
	}
	if w, h := sc.Table.Width, sc.Table.Height; !(w > 0 && w <= MaxTableSize && h > 0 && h <= MaxTableSize) {
		return nil, setupError("scenario", "the table is %v×%v: each side must be greater than 0 and at most %d\"", w, h, MaxTableSize)
	}
	s := &State{
		Rulings:  rulings,
		Table:    Table{Width: sc.Table.Width, Height: sc.Table.Height, Terrain: sc.Terrain},
		Rounds:   sc.Rounds,
		Round:    1,
		Phase:    PhaseOrders,
		Profiles: map[string]catalog.Profile{},
		Weapons:  map[string]catalog.Weapon{},
	}
	// Seats in turn order: initiative first.
	for _, side := range sc.Sides {
		s.Seats = append(s.Seats, rules.Seat(side.Seat))
	}
	if i := slices.Index(s.Seats, rules.Seat(sc.Initiative)); i == 1 {
		s.Seats[0], s.Seats[1] = s.Seats[1], s.Seats[0]
	} else if i < 0 {
		return nil, setupError("Initiative and Deployment (N4)", "initiative %q is not a seat", sc.Initiative)
	}
	armies, err := sides.Of(sc, r.Catalog)
	if err != nil {
		return nil, err
	}
	for _, seat := range s.Seats {
		for i, side := range sc.Sides {
			if rules.Seat(side.Seat) == seat {
				if err := r.addArmy(s, seat, armies[i]); err != nil {
					return nil, err
				}
			}
		}
	}
	// Actions name troopers by id, and a G: Jumper's Proxies take their
	// models' ids: one of those may not be another trooper's.
	ids := map[string]bool{}
	for _, t := range s.Troopers {
		if ids[t.ID] {
			return nil, setupError("G: Jumper (N4, PDF 2.1; Proxies are troopers)", "two troopers are called %q (a Proxy takes its model's id): rename one", t.ID)
		}
		ids[t.ID] = true
	}
	if err := s.setupScenery(sc.Scenery); err != nil {
		return nil, err
	}
	// The geometry of the table and the troopers' profiles never change:
	// work them out once, and every clone shares them.
	s.derive()
	// Models placed in contact with an enemy start Engaged (Engaged (N4)).
	s.updateEngaged("deployment")
	s.startTurn()
	return s, nil
}

// addJumper adds a G: Jumper trooper (G: Jumper (N4, PDF 2.1)): two or three Proxy
// models, each with its own profile (the model's, or the trooper's), each
// kept as its own trooper for W/STR and states, bound together by Jumper.
// They are in one combat group, where they count as one trooper; no Proxy
// holds the Active Proxy Token at deployment.
//
// Each Proxy deploys with its own deployment skills: with deployment
// "marker" a Proxy with Camouflage is a marker (its own label), with
// "hidden" a Proxy with Hidden Deployment is hidden; the others stand on
// the table.
func (r Ruleset) addJumper(s *State, seat rules.Seat, st sides.Trooper, group string, newMarker func() string) error {
	if n := len(st.Models); n < 2 || n > 3 {
		return setupError("G: Jumper (N4, PDF 2.1; Requirements)", "%s: G: Jumper trooper %s has %d Proxies: it must have two or three", seat, st.ID, n)
	}
	for _, sm := range st.Models {
		id := sm.Profile
		if id == "" {
			id = st.Profile
		}
		p, ok := r.Catalog.Profile(id)
		if !ok {
			return setupError("Unit Profile (N4)", "%s: Proxy %s: unknown profile %q", seat, sm.ID, id)
		}
		if math.IsNaN(sm.Facing) {
			return setupError("scenario", "model %s: facing", sm.ID)
		}
		s.Profiles[p.ID] = p
		r.addComms(s, p)
		for _, wid := range p.Weapons {
			if w, ok := r.Catalog.Weapon(wid); ok {
				s.Weapons[w.ID] = w
			}
		}
		size := p.S
		if sm.Silhouette != 0 {
			size = sm.Silhouette
		}
		states, err := deploymentStates(st.Deployment, p, true, fmt.Sprintf("%s: Proxy %s", seat, sm.ID))
		if err != nil {
			return err
		}
		marker := ""
		if states.marker() {
			marker = newMarker()
		}
		ti := len(s.Troopers)
		s.Troopers = append(s.Troopers, Trooper{
			ID: sm.ID, Seat: seat, Profile: p.ID, Group: group, Lieutenant: st.Lieutenant,
			Wounds: p.W, Cost: p.Cost, States: states, Marker: marker, Jumper: st.ID,
			Models: []int{len(s.Models)},
		})
		s.Models = append(s.Models, Model{ID: sm.ID, Trooper: ti, At: sm.At, Facing: sm.Facing, S: size, Removed: states.Reserve})
	}
	return nil
}

// deploymentStates are the states a trooper of profile p starts in for
// the scenario's deployment word (Initiative and Deployment (N4)): a marker with Camouflage
// (Camouflaged (N4)), hidden with Hidden Deployment (Hidden Deployment (N4)), in reserve with Combat
// Jump. A G: Jumper's word applies to each Proxy by its own skills: a Proxy
// without the skill deploys on the table (G: Jumper (N4, PDF 2.1), each Proxy deploys with
// its own deployment skills); any other trooper without it is an error.
func deploymentStates(dep string, p catalog.Profile, proxy bool, who string) (States, error) {
	var states States
	var skill, rule, how string
	switch dep {
	case "":
		return states, nil
	case "marker":
		states.Camouflaged, skill, rule, how = true, "Camouflage", "Camouflaged (N4)", "as a marker (it needs Camouflage or Impersonation)"
		if lvl := deployedImpersonation(p); lvl > 0 {
			states = States{Impersonation: lvl}
			return states, nil
		}
	case "hidden":
		states.Hidden, skill, rule, how = true, "Hidden Deployment", "Hidden Deployment (N4)", "hidden"
	case "reserve":
		states.Reserve, skill, rule, how = true, "Combat Jump", "G: Jumper (N4, PDF 2.1; Combat Jump)", "in reserve"
	default:
		return states, setupError("Initiative and Deployment (N4)", "%s: deployment %q is not supported yet", who, dep)
	}
	if p.HasSkill(skill) {
		return states, nil
	}
	if proxy {
		return States{}, nil
	}
	return states, setupError(rule, "%s (%s) has no %s: it cannot deploy %s", who, p.Name, skill, how)
}

// addArmy checks one side against the army rules and adds it.
func (r Ruleset) addArmy(s *State, seat rules.Seat, side *sides.Side) error {
	army := Army{Seat: seat, CommandTokens: CommandTokens, Zone: side.DeploymentZone}
	if n := len(side.Troopers); n > MaxTroopers {
		return setupError("Army list and Combat Groups (N4)", "%s: %d troopers, at most %d", seat, n, MaxTroopers)
	}
	groupOf := map[string]string{}
	for _, g := range side.CombatGroups {
		if len(g.Troopers) > MaxGroupTroopers {
			return setupError("Army list and Combat Groups (N4)", "%s: combat group %s has %d troopers, at most %d", seat, g.Name, len(g.Troopers), MaxGroupTroopers)
		}
		army.Groups = append(army.Groups, Group{Name: g.Name})
		for _, id := range g.Troopers {
			groupOf[id] = g.Name
		}
	}
	lieutenants, markers := 0, 0
	for _, st := range side.Troopers {
		p, ok := r.Catalog.Profile(st.Profile)
		if !ok {
			return setupError("Unit Profile (N4)", "%s: trooper %s: unknown profile %q", seat, st.ID, st.Profile)
		}
		if st.Lieutenant {
			lieutenants++
			if !p.CanBeLieutenant() {
				return setupError("Army list and Combat Groups (N4)", "%s: trooper %s (%s) cannot be Lieutenant: Irregular troopers and REMs cannot", seat, st.ID, p.Name)
			}
		}
		if p.HasSkill("G: Jumper") {
			newMarker := func() string {
				markers++
				return fmt.Sprintf("%s-marker-%d", seat, markers)
			}
			if err := r.addJumper(s, seat, st, groupOf[st.ID], newMarker); err != nil {
				return err
			}
			continue
		}
		states, err := deploymentStates(st.Deployment, p, false, fmt.Sprintf("%s: trooper %s", seat, st.ID))
		if err != nil {
			return err
		}
		marker := ""
		if states.marker() {
			markers++
			marker = fmt.Sprintf("%s-marker-%d", seat, markers)
		}
		s.Profiles[p.ID] = p
		r.addComms(s, p)
		r.addPilot(s, p)
		for _, wid := range p.Weapons {
			if w, ok := r.Catalog.Weapon(wid); ok {
				s.Weapons[w.ID] = w
			}
		}
		t := Trooper{ID: st.ID, Seat: seat, Profile: p.ID, Group: groupOf[st.ID], Lieutenant: st.Lieutenant, Wounds: p.W, Cost: p.Cost, States: states, Marker: marker}
		ti := len(s.Troopers)
		for _, sm := range st.Models {
			size := p.S
			if sm.Silhouette != 0 {
				size = sm.Silhouette
			}
			if math.IsNaN(sm.Facing) {
				return setupError("scenario", "model %s: facing", sm.ID)
			}
			t.Models = append(t.Models, len(s.Models))
			s.Models = append(s.Models, Model{ID: sm.ID, Trooper: ti, At: sm.At, Facing: sm.Facing, S: size, Removed: states.Reserve})
		}
		if states.Reserve && len(t.Models) == 0 {
			// In reserve: a model kept off the table until it lands.
			t.Models = append(t.Models, len(s.Models))
			s.Models = append(s.Models, Model{ID: st.ID, Trooper: ti, S: p.S, Removed: true})
		}
		s.Troopers = append(s.Troopers, t)
	}
	for _, d := range side.Deployables {
		if d.Device != "" {
			dep, err := r.deployDevice(s, seat, d)
			if err != nil {
				return err
			}
			s.Deployables = append(s.Deployables, dep)
			continue
		}
		w, ok := r.Catalog.Weapon(d.Weapon)
		if !ok || !w.Traits.Deployable {
			return setupError("Direct Template Weapons (N4)", "%s: deployable %s: %q is not a deployable weapon", seat, d.ID, d.Weapon)
		}
		s.Weapons[w.ID] = w
		s.Deployables = append(s.Deployables, Deployable{ID: d.ID, Seat: seat, Weapon: w.ID, At: d.At})
	}
	r.labelArmy(s, seat, side)
	if lieutenants != 1 {
		return setupError("Army list and Combat Groups (N4)", "%s: an army has exactly one Lieutenant, this one has %d", seat, lieutenants)
	}
	for _, t := range s.Troopers {
		if t.Seat != seat || !t.States.Reserve {
			continue
		}
		// A failed Combat Jump sets the trooper down in the Deployment
		// Zone, touching a table edge (Combat Jump, N4): the scenario must
		// say where the zone is, and it must reach an edge.
		if army.Zone == nil {
			return setupError("Combat Jump (N4)", "%s: %s waits in reserve to Combat Jump, and a failed jump lands in the side's Deployment Zone: give the side a deployment-zone", seat, t.ID)
		}
		if z := army.Zone; z[0][0] > geom.Eps && z[0][1] > geom.Eps && z[1][0] < s.Table.Width-geom.Eps && z[1][1] < s.Table.Height-geom.Eps {
			return setupError("Combat Jump (N4)", "%s: %s waits in reserve to Combat Jump, and a failed jump lands in the Deployment Zone touching a table edge: the side's deployment-zone reaches no edge", seat, t.ID)
		}
	}
	fts, err := r.fireteams(s, seat, side.Fireteams)
	if err != nil {
		return err
	}
	army.Fireteams = fts
	s.Armies = append(s.Armies, army)
	return nil
}

// fireteams sets up the Fireteams an army list declares (Fireteams (N4);
// the sides package checked their shape): no member may be a G: Jumper's
// Proxy, have Infiltration or an Airborne Deployment skill (Combat Jump),
// or be Irregular; every member stands in Coherency with the leader.
func (r Ruleset) fireteams(s *State, seat rules.Seat, decl []sides.Fireteam) ([]Fireteam, error) {
	var out []Fireteam
	for _, d := range decl {
		leader := s.trooperIndex(d.Leader)
		for _, id := range d.Members {
			t := s.trooperIndex(id)
			if t < 0 || s.Troopers[t].Seat != seat {
				return nil, setupError(ruleFireteam, "%s: Fireteam member %s is not a trooper of the side", seat, id)
			}
			if why := s.cannotJoin(t); why != "" {
				return nil, setupError(ruleFireteam, "%s: %s %s", seat, id, why)
			}
			if leader >= 0 && t != leader && !s.coherent(leader, t) {
				return nil, setupError(ruleFireteam, "%s: %s stands out of Coherency with the Fireteam Leader %s (outside its Zone of Control)", seat, id, d.Leader)
			}
		}
		out = append(out, Fireteam{Type: d.Type, Leader: d.Leader, Members: slices.Clone(d.Members)})
	}
	return out, nil
}

// ScenarioCatalog is the catalog a scenario's profiles are checked against
// when it is loaded (play.Catalogued).
func (r Ruleset) ScenarioCatalog() scenario.Catalog {
	if r.Catalog == nil {
		return nil
	}
	return r.Catalog
}
