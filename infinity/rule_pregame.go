package infinity

import (
	"math"
	"slices"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/mission"
	"github.com/ordo-rules/ordo/rules"
)

// The pre-game of a match started from a mission and two army lists
// (Initiative and Deployment (N4); MissionGame): the Initiative Roll, the
// winner's choice of Initiative or Deployment and the other player's of
// the rest, then the Deployment Phase in its four turns — the first
// deployer places all its troopers but one, the second does the same,
// then each places its last. A trooper in Hidden Deployment is placed
// privately, riding on a Deploy of a trooper placed openly (Deploy.Hidden),
// so that the opponent learns nothing of it, not even that a placement
// happened (Hidden Deployment (N4)); a marker is placed as its label
// (Camouflaged (N4)). Troopers in reserve for Airborne Deployment stay off
// the table and come on by Combat Jump.

// The steps of the pre-game, windows between Orders like StepAppoint.
const (
	StepInitiative Step = "initiative"
	StepChoice     Step = "initiative-choice"
	StepDeploy     Step = "deployment"
)

// The phases of the pre-game, one a step.
const (
	// PhaseInitiative: the chance seat rolls the Initiative Roll.
	PhaseInitiative = Phase(StepInitiative)
	// PhaseChoice: the roll's winner chooses Initiative or Deployment,
	// then the other player the choice left (PreGame.Chooser).
	PhaseChoice = Phase(StepChoice)
	// PhaseDeployment: the Deployment Phase (PreGame.Stage).
	PhaseDeployment = Phase(StepDeploy)
)

// The choices of the Initiative Roll's winner (Choose.Keep).
const (
	KeepInitiative = "initiative"
	KeepDeployment = "deployment"
)

// maxInitiativeRolls bounds the rerolls of a tied Initiative Roll.
const maxInitiativeRolls = 50

// PreGame is where the pre-game stands (public: every player sees the
// roll, the choices and whose deployment it is).
type PreGame struct {
	// Winner won the Initiative Roll; Chooser chooses now.
	Winner  rules.Seat `json:"winner,omitempty"`
	Chooser rules.Seat `json:"chooser,omitempty"`
	// Kept is the winner's choice, KeepInitiative or KeepDeployment.
	Kept string `json:"kept,omitempty"`
	// FirstTurn plays the first Player Turn; DeployFirst deploys first.
	FirstTurn   rules.Seat `json:"firstTurn,omitempty"`
	DeployFirst rules.Seat `json:"deployFirst,omitempty"`
	// ZoneOf is the index in Zones of each seat's Deployment Zone, in the
	// order of State.Seats at setup; Zones are the mission's two.
	Zones   [2]mission.Rect `json:"zones"`
	ZoneFor rules.Seat      `json:"zoneFor,omitempty"` // the seat that took Zones[Zone]
	Zone    int             `json:"zone"`
	// Stage is the Deployment Phase's turn, 0 to 3 (the first deployer's
	// main deployment, the second's, then each one's last trooper).
	Stage int `json:"stage"`
	// Pending are the troopers still to be deployed (private: each
	// player's own).
	Pending []int `json:"pending,omitempty"`
	// Infiltrators are the troopers whose list chose Infiltration
	// (private, as the list is, until they deploy).
	Infiltrators []int `json:"infiltrators,omitempty"`
}

func (p *PreGame) clone() *PreGame {
	if p == nil {
		return nil
	}
	c := *p
	c.Pending = slices.Clone(p.Pending)
	c.Infiltrators = slices.Clip(p.Infiltrators)
	return &c
}

// InitiativeRoll is the chance seat's action rolling the Initiative Roll.
type InitiativeRoll struct{}

func (InitiativeRoll) Kind() string { return string(KindInitiativeRoll) }

// Choose is a pre-game choice (Initiative and Deployment (N4)). The roll's
// winner keeps KeepInitiative or KeepDeployment; the other player then
// makes the choice that is left (Keep may name it or be empty). Keeping
// Initiative is choosing FirstTurn, the seat that plays the first Player
// Turn; keeping Deployment is choosing DeployFirst, the seat that deploys
// first, and Zone, the chooser's own Deployment Zone (0 or 1, in the
// mission's order).
type Choose struct {
	Keep        string     `json:"keep,omitempty"`
	FirstTurn   rules.Seat `json:"firstTurn,omitempty"`
	DeployFirst rules.Seat `json:"deployFirst,omitempty"`
	Zone        int        `json:"zone"`
}

func (Choose) Kind() string { return string(KindChoose) }

// Placement is where a trooper is deployed: its base's centre and facing.
type Placement struct {
	Trooper string     `json:"trooper"`
	At      [2]float64 `json:"at"`
	Facing  float64    `json:"facing"`
	// Fallback is where the trooper goes if its deployment roll fails
	// (Infiltration (N4), Impersonation (N4)): inside its Deployment
	// Zone, in contact with a table edge. Given only with a placement
	// that rolls (rule_superior_deployment.go).
	Fallback *[2]float64 `json:"fallback,omitempty"`
}

// Deploy places one trooper openly (or as its marker), and with it any of
// the player's troopers in Hidden Deployment (Hidden: private, never shown
// to the opponent). Trooper is empty only when the player has no trooper
// left to place openly.
type Deploy struct {
	Placement
	Hidden []Placement `json:"hidden,omitempty"`
}

func (Deploy) Kind() string { return string(KindDeploy) }

// InitiativeRolled is the Initiative Roll: each Lieutenant's WIP (Open
// Information; the Lieutenant stays private) and dice, each throw of a
// tie rerolled (Initiative and Deployment (N4)).
type InitiativeRolled struct {
	Seats  [2]rules.Seat `json:"seats"`
	WIP    [2]int        `json:"wip"`
	Throws [][2]dice.Die `json:"throws"`
	Winner rules.Seat    `json:"winner"`
}

func (InitiativeRolled) Kind() string { return "initiative-rolled" }

// Chosen is a pre-game choice made.
type Chosen struct {
	Seat rules.Seat `json:"seat"`
	Choose
}

func (Chosen) Kind() string { return "chosen" }

// Deployed is a trooper placed on the table in the Deployment Phase.
type Deployed struct {
	Trooper string     `json:"trooper"`
	At      [2]float64 `json:"at"`
	Facing  float64    `json:"facing"`
}

func (Deployed) Kind() string { return "deployed" }

// DeploymentEnded is the end of the Deployment Phase: the first Player
// Turn begins.
type DeploymentEnded struct {
	FirstTurn rules.Seat `json:"firstTurn"`
}

func (DeploymentEnded) Kind() string { return "deployment-ended" }

// preGameStep is the step of a state in the pre-game, nil otherwise.
func (s *State) preGameStep() *stepDef {
	switch s.Phase {
	case PhaseInitiative:
		return &stepInitiative
	case PhaseChoice:
		return &stepChoice
	case PhaseDeployment:
		return &stepDeploy
	case PhaseClassified:
		return &stepClassified
	}
	return nil
}

// lieutenantWIP is the WIP of seat's Lieutenant (its first model's
// profile for a G: Jumper), 0 without one.
func (s *State) lieutenantWIP(seat rules.Seat) int {
	for i, t := range s.Troopers {
		if t.Seat == seat && t.Lieutenant {
			return s.profile(i).WIP
		}
	}
	return 0
}

// initiative rolls the Initiative Roll: a Face to Face WIP Roll of the
// Lieutenants, rerolled while neither wins.
func (s *State) initiative(d dice.Source) ([]rules.Event, error) {
	ev := InitiativeRolled{Seats: [2]rules.Seat{s.Seats[0], s.Seats[1]}}
	for i := range 2 {
		ev.WIP[i] = s.lieutenantWIP(s.Seats[i])
	}
	for range maxInitiativeRolls {
		var rolls [2]dice.Roll
		for i := range 2 {
			r, err := dice.Throw(d, dice.Side{SV: ev.WIP[i], Burst: 1})
			if err != nil {
				return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
			}
			rolls[i] = r
		}
		a, b, err := dice.FaceToFace(rolls[0], rolls[1])
		if err != nil {
			return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
		}
		var throw [2]dice.Die
		if len(a.Dice) > 0 {
			throw[0] = a.Dice[0]
		}
		if len(b.Dice) > 0 {
			throw[1] = b.Dice[0]
		}
		ev.Throws = append(ev.Throws, throw)
		switch {
		case a.Scored():
			ev.Winner = s.Seats[0]
		case b.Scored():
			ev.Winner = s.Seats[1]
		default:
			continue // a tie, or both failed: roll again
		}
		p := s.PreGame
		p.Winner, p.Chooser = ev.Winner, ev.Winner
		s.Phase = PhaseChoice
		return []rules.Event{ev}, nil
	}
	return nil, rules.Errorf(rules.CodeDice, "Initiative and Deployment (N4)", "%d Initiative Rolls without a winner", maxInitiativeRolls)
}

// other is the seat that is not seat.
func (s *State) other(seat rules.Seat) rules.Seat {
	if s.Seats[0] == seat {
		return s.Seats[1]
	}
	return s.Seats[0]
}

// checkChoose checks a pre-game choice.
func (s *State) checkChoose(a Choose) error {
	const rule = "Initiative and Deployment (N4)"
	p := s.PreGame
	keep := a.Keep
	if p.Kept != "" {
		// The second chooser makes the choice left.
		left := KeepInitiative
		if p.Kept == KeepInitiative {
			left = KeepDeployment
		}
		if keep != "" && keep != left {
			return rules.Errorf(rules.CodeIllegal, rule, "the winner of the Initiative Roll kept %s: %s is left to %s", p.Kept, left, p.Chooser)
		}
		keep = left
	}
	switch keep {
	case KeepInitiative:
		if a.FirstTurn != s.Seats[0] && a.FirstTurn != s.Seats[1] {
			return rules.Errorf(rules.CodeBadAction, rule, "keeping Initiative is choosing who plays the first Player Turn: firstTurn %q is not a seat", a.FirstTurn)
		}
		if a.DeployFirst != "" || a.Zone != 0 {
			return rules.Errorf(rules.CodeBadAction, rule, "keeping Initiative chooses only firstTurn: the Deployment choices are the other player's")
		}
	case KeepDeployment:
		if a.DeployFirst != s.Seats[0] && a.DeployFirst != s.Seats[1] {
			return rules.Errorf(rules.CodeBadAction, rule, "keeping Deployment is choosing who deploys first: deployFirst %q is not a seat", a.DeployFirst)
		}
		if a.Zone != 0 && a.Zone != 1 {
			return rules.Errorf(rules.CodeBadAction, rule, "zone %d: the mission has Deployment Zones 0 and 1", a.Zone)
		}
		if a.FirstTurn != "" {
			return rules.Errorf(rules.CodeBadAction, rule, "keeping Deployment chooses only deployFirst and zone: the first Player Turn is the other player's choice")
		}
	default:
		return rules.Errorf(rules.CodeBadAction, rule, "keep %q: the winner of the Initiative Roll keeps %s or %s", a.Keep, KeepInitiative, KeepDeployment)
	}
	return nil
}

// choose applies a pre-game choice; after the second, the Deployment
// Phase begins.
func (s *State) choose(a Choose) []rules.Event {
	p := s.PreGame
	seat := p.Chooser
	keep := a.Keep
	if p.Kept != "" {
		keep = KeepInitiative
		if p.Kept == KeepInitiative {
			keep = KeepDeployment
		}
	}
	a.Keep = keep
	events := []rules.Event{Chosen{Seat: seat, Choose: a}}
	if keep == KeepInitiative {
		p.FirstTurn = a.FirstTurn
	} else {
		p.DeployFirst, p.ZoneFor, p.Zone = a.DeployFirst, seat, a.Zone
	}
	if p.Kept == "" {
		p.Kept, p.Chooser = keep, s.other(seat)
		return events
	}
	p.Chooser = ""
	// Each army takes its Deployment Zone; the Player Turn order is
	// fixed for the game (seats and armies in it).
	for i := range s.Armies {
		z := p.Zones[p.Zone]
		if s.Armies[i].Seat != p.ZoneFor {
			z = p.Zones[1-p.Zone]
		}
		zone := [2][2]float64(z)
		s.Armies[i].Zone = &zone
	}
	if s.Seats[0] != p.FirstTurn {
		// A new slice: clones share Seats, which nothing else changes.
		s.Seats = []rules.Seat{s.Seats[1], s.Seats[0]}
		s.Armies[0], s.Armies[1] = s.Armies[1], s.Armies[0]
	}
	s.Turn = 0
	p.Stage = 0
	return append(events, s.startClassified()...)
}

// deployer is the seat deploying in the current stage.
func (s *State) deployer() rules.Seat {
	p := s.PreGame
	if p.Stage%2 == 0 {
		return p.DeployFirst
	}
	return s.other(p.DeployFirst)
}

// pendingOf counts seat's troopers still to deploy: openly (or as
// markers), and in Hidden Deployment.
func (s *State) pendingOf(seat rules.Seat) (open, hidden int) {
	for _, t := range s.PreGame.Pending {
		if s.Troopers[t].Seat != seat {
			continue
		}
		if s.Troopers[t].States.Hidden {
			hidden++
		} else {
			open++
		}
	}
	return open, hidden
}

// stageDone reports whether the deployer has placed what the stage asks:
// all troopers but one in the first two stages, the last one (and every
// hidden one) in the other two.
func (s *State) stageDone() bool {
	open, hidden := s.pendingOf(s.deployer())
	if s.PreGame.Stage < 2 {
		return open <= 1
	}
	return open == 0 && hidden == 0
}

// advanceDeployment moves past the stages with nothing to place, and ends
// the Deployment Phase after the fourth.
func (s *State) advanceDeployment() []rules.Event {
	p := s.PreGame
	for p.Stage < 4 && s.stageDone() {
		p.Stage++
	}
	if p.Stage < 4 {
		return nil
	}
	s.PreGame = nil
	s.Phase = PhaseOrders
	events := []rules.Event{DeploymentEnded{FirstTurn: s.Seats[0]}}
	events = append(events, s.formListFireteams()...)
	events = append(events, s.designateTargets()...)
	events = append(events, s.updateEngaged("deployment")...)
	events = append(events, s.startTurn()...)
	// The second player's Strategic Use of a Command Token follows the
	// first Order Count (rule_strategic.go).
	s.openStrategic()
	return events
}

// checkDeploy checks a Deploy: the troopers the deployer's own and still
// to deploy, each placed where placementError allows, the hidden ones
// only through Hidden, and the sequence of the Deployment Phase
// (Initiative and Deployment (N4)).
func (s *State) checkDeploy(a *Deploy) error {
	const rule = "Initiative and Deployment (N4)"
	seat := s.deployer()
	if len(a.Hidden) > MaxTroopers {
		return rules.Errorf(rules.CodeBadAction, rule, "%d hidden placements: an army has at most %d troopers", len(a.Hidden), MaxTroopers)
	}
	open, hidden := s.pendingOf(seat)
	var placed []geom.Circle
	check := func(pl Placement, wantHidden bool) error {
		t := s.trooperIndex(pl.Trooper)
		if t < 0 || s.Troopers[t].Seat != seat || !slices.Contains(s.PreGame.Pending, t) {
			return rules.Errorf(rules.CodeBadAction, rule, "%q is not a trooper of %s still to deploy", pl.Trooper, seat)
		}
		if h := s.Troopers[t].States.Hidden; h != wantHidden {
			if h {
				return rules.Errorf(rules.CodeIllegal, "Hidden Deployment (N4)", "%s deploys in Hidden Deployment: place it in hidden, beside a trooper deployed openly", pl.Trooper)
			}
			return rules.Errorf(rules.CodeIllegal, "Hidden Deployment (N4)", "%s is not in Hidden Deployment: deploy it openly", pl.Trooper)
		}
		base, roll, err := s.placementError(seat, t, pl, placed)
		if err != nil {
			return err
		}
		placed = append(placed, base)
		fb, err := s.fallbackError(seat, t, pl, roll, placed)
		if err != nil {
			return err
		}
		if fb != nil {
			placed = append(placed, *fb)
		}
		return nil
	}
	if a.Trooper == "" {
		if open > 0 {
			return rules.Errorf(rules.CodeBadAction, rule, "name the trooper %s deploys openly", seat)
		}
		if len(a.Hidden) == 0 {
			return rules.Errorf(rules.CodeBadAction, rule, "a Deploy places at least one trooper")
		}
	} else if err := check(a.Placement, false); err != nil {
		return err
	}
	for i, h := range a.Hidden {
		if h.Trooper == a.Trooper || slices.ContainsFunc(a.Hidden[:i], func(o Placement) bool { return o.Trooper == h.Trooper }) {
			return rules.Errorf(rules.CodeBadAction, rule, "%s is placed twice", h.Trooper)
		}
		if err := check(h, true); err != nil {
			return err
		}
	}
	switch {
	case s.PreGame.Stage < 2 && a.Trooper != "" && open <= 1:
		return rules.Errorf(rules.CodeIllegal, rule, "%s keeps one trooper back, to deploy after the opponent", seat)
	case s.PreGame.Stage >= 2 && open <= 1 && len(a.Hidden) < hidden:
		// The last trooper placed openly takes every hidden one still to
		// deploy with it: the Deployment Phase ends with the army placed.
		return rules.Errorf(rules.CodeIllegal, "Hidden Deployment (N4)", "%s's last deployment places every trooper still to deploy in Hidden Deployment with it (%d)", seat, hidden)
	}
	return nil
}

// placementError checks where trooper t of seat would deploy: where
// deploymentArea allows (its Deployment Zone, or further by a Superior
// Deployment skill), not in impassable terrain, not overlapping a base on
// the table nor one of others, and in contact with no enemy and no console
// (Initiative and Deployment (N4)). Troopers in Hidden Deployment are not
// on the table: a base is checked against what both players see, nothing
// private. It returns the base and the deployment roll the spot asks for.
func (s *State) placementError(seat rules.Seat, t int, pl Placement, others []geom.Circle) (geom.Circle, deployRoll, error) {
	const rule = "Initiative and Deployment (N4)"
	if !finite(pl.At[0]) || !finite(pl.At[1]) || !finite(pl.Facing) {
		return geom.Circle{}, "", rules.Errorf(rules.CodeBadAction, rule, "%s: a position and a facing are finite numbers", pl.Trooper)
	}
	base := s.deployBase(t, pl.At)
	roll, err := s.deploymentArea(seat, t, pl, base)
	if err != nil {
		return base, "", err
	}
	return base, roll, s.spotError(seat, pl.Trooper, base, others)
}

// deployBase is trooper t's base with its centre at at.
func (s *State) deployBase(t int, at [2]float64) geom.Circle {
	m := s.Troopers[t].Models[0]
	return geom.Circle{Center: geom.Pt(at[0], at[1]), Radius: baseRadius[min(max(s.Models[m].S, 0), len(baseRadius)-1)]}
}

// spotError checks a deployment spot whatever the area: not in impassable
// terrain, not overlapping a base on the table nor one of others, in
// contact with no enemy and no console (Initiative and Deployment (N4)).
func (s *State) spotError(seat rules.Seat, name string, base geom.Circle, others []geom.Circle) error {
	const rule = "Initiative and Deployment (N4)"
	for _, tr := range s.Table.Terrain {
		if tr.Impassable && overlaps(terrainPolygon(tr.Polygon), base) {
			return rules.Errorf(rules.CodeIllegal, rule, "%s cannot deploy in impassable terrain (%s)", name, tr.Name)
		}
	}
	for i := range s.Models {
		o := &s.Models[i]
		if o.Removed || s.Troopers[o.Trooper].States.Hidden {
			continue
		}
		if overlapping(base, o.base()) {
			return rules.Errorf(rules.CodeIllegal, rule, "%s would overlap %s", name, s.modelNameFor(i, seat))
		}
		if s.Troopers[o.Trooper].Seat != seat && geom.InContact(base, o.base()) {
			return rules.Errorf(rules.CodeIllegal, rule, "%s cannot deploy in contact with an enemy (%s)", name, s.modelNameFor(i, seat))
		}
	}
	if ms := s.Mission; ms != nil {
		for _, o := range ms.Objectives {
			if o.Kind == mission.KindConsole && math.Hypot(base.Center.X-o.At[0], base.Center.Y-o.At[1]) <= base.Radius+ConsoleRadius+contactSlack {
				return rules.Errorf(rules.CodeIllegal, rule, "%s cannot deploy in contact with a mission objective (%s)", name, o.Name)
			}
		}
	}
	for _, b := range others {
		if overlapping(base, b) {
			return rules.Errorf(rules.CodeIllegal, rule, "%s would overlap another trooper placed with it", name)
		}
	}
	return nil
}

// overlapping reports two bases overlapping by more than contact.
func overlapping(a, b geom.Circle) bool {
	return math.Hypot(a.Center.X-b.Center.X, a.Center.Y-b.Center.Y) < a.Radius+b.Radius-contactSlack
}

// terrainPolygon is a terrain piece's outline.
func terrainPolygon(corners [][2]float64) geom.Polygon {
	pg := make(geom.Polygon, len(corners))
	for i, q := range corners {
		pg[i] = geom.Pt(q[0], q[1])
	}
	return pg
}

// deploy applies a Deploy: each placement that asks for a deployment roll
// rolls it first, and a failed one puts the trooper at its fallback
// (rule_superior_deployment.go).
func (s *State) deploy(a Deploy, d dice.Source) ([]rules.Event, error) {
	var events []rules.Event
	seat := s.deployer()
	put := func(pl Placement) error {
		t := s.trooperIndex(pl.Trooper)
		m := s.Troopers[t].Models[0]
		at := pl.At
		roll, err := s.deploymentArea(seat, t, pl, s.deployBase(t, pl.At))
		if err != nil {
			return err // checked: cannot happen
		}
		failed := false
		if roll != "" {
			ev, err := s.rollDeployment(t, roll, d)
			if err != nil {
				return err
			}
			events = append(events, ev)
			if failed = !ev.Success; failed {
				at = *pl.Fallback
			}
		}
		s.Models[m].At, s.Models[m].Facing, s.Models[m].Removed = at, pl.Facing, false
		s.PreGame.Pending = slices.DeleteFunc(s.PreGame.Pending, func(x int) bool { return x == t })
		if failed && roll == rollImpersonation {
			// A failed Impersonation roll deploys the trooper as itself.
			events = append(events, s.reveal(t, "failed Impersonation deployment roll")...)
		}
		// A hidden trooper's event is dropped for the opponent (Redact).
		events = append(events, Deployed{Trooper: pl.Trooper, At: at, Facing: pl.Facing})
		return nil
	}
	if a.Trooper != "" {
		if err := put(a.Placement); err != nil {
			return nil, err
		}
	}
	for _, h := range a.Hidden {
		if err := put(h); err != nil {
			return nil, err
		}
	}
	return append(events, s.advanceDeployment()...), nil
}

var stepInitiative = stepDef{
	name:       StepInitiative,
	who:        chance,
	actions:    []stepAction{roll[InitiativeRoll]((*State).initiative)},
	candidates: one(InitiativeRoll{}),
}

var stepChoice = stepDef{
	name:       StepChoice,
	who:        func(s *State) (rules.PromptKind, int) { return rules.Sequential, s.seatIndex(s.PreGame.Chooser) },
	actions:    []stepAction{act(checkWith((*State).checkChoose), applyWith((*State).choose))},
	candidates: func(s *State, _ *menuBuilder) []rules.Action { return s.chooseCandidates() },
}

var stepDeploy = stepDef{
	name:       StepDeploy,
	who:        func(s *State) (rules.PromptKind, int) { return rules.Sequential, s.seatIndex(s.deployer()) },
	actions:    []stepAction{diceAct(checkRefWith((*State).checkDeploy), (*State).deploy)},
	candidates: func(s *State, _ *menuBuilder) []rules.Action { return s.deployCandidates() },
}

// chooseCandidates are the choices open to the chooser.
func (s *State) chooseCandidates() []rules.Action {
	var out []rules.Action
	p := s.PreGame
	if p.Kept != KeepDeployment {
		for _, seat := range s.Seats {
			for z := range 2 {
				out = append(out, Choose{Keep: KeepDeployment, DeployFirst: seat, Zone: z})
			}
		}
	}
	if p.Kept != KeepInitiative {
		for _, seat := range s.Seats {
			out = append(out, Choose{Keep: KeepInitiative, FirstTurn: seat})
		}
	}
	return out
}

// deploySpacing is the grid the deployment menu offers spots on, in
// inches.
const deploySpacing = 2.0

// deployCandidates offers each trooper the deployer may place openly at a
// few free spots of its zone, its hidden troopers riding with it at free
// spots of their own; with none to place openly, the hidden ones alone.
func (s *State) deployCandidates() []rules.Action {
	seat := s.deployer()
	z := s.army(seat).Zone
	if z == nil {
		return nil
	}
	var spots [][2]float64
	for y := z[0][1] + deploySpacing/2; y < z[1][1]; y += deploySpacing {
		for x := z[0][0] + deploySpacing/2; x < z[1][0]; x += deploySpacing {
			spots = append(spots, [2]float64{x, y})
		}
	}
	// free is the first spot where trooper t fits beside the bases taken.
	free := func(taken []geom.Circle, t int) ([2]float64, geom.Circle, bool) {
		for _, p := range spots {
			if b, roll, err := s.placementError(seat, t, Placement{Trooper: s.Troopers[t].ID, At: p}, taken); err == nil && roll == "" {
				return p, b, true
			}
		}
		return [2]float64{}, geom.Circle{}, false
	}
	var hidden []int
	var open []int
	for _, t := range s.PreGame.Pending {
		if s.Troopers[t].Seat != seat {
			continue
		}
		if s.Troopers[t].States.Hidden {
			hidden = append(hidden, t)
		} else {
			open = append(open, t)
		}
	}
	var out []rules.Action
	withHidden := func(taken []geom.Circle) []Placement {
		var hs []Placement
		for _, t := range hidden {
			if p, b, ok := free(taken, t); ok {
				hs = append(hs, Placement{Trooper: s.Troopers[t].ID, At: p, Facing: 90})
				taken = append(taken, b)
			}
		}
		return hs
	}
	if len(open) == 0 {
		if hs := withHidden(nil); len(hs) > 0 {
			out = append(out, Deploy{Hidden: hs})
		}
		return out
	}
	far := s.hiddenFar(seat, hidden)
	for _, t := range open {
		n := 0
		for i, p := range spots {
			// A few spots a trooper, spread over the zone.
			if i%5 != t%5 {
				continue
			}
			pl := Placement{Trooper: s.Troopers[t].ID, At: p, Facing: 90}
			b, roll, err := s.placementError(seat, t, pl, nil)
			if err != nil || roll != "" {
				continue
			}
			d := Deploy{Placement: pl}
			if n == 0 {
				d.Hidden = withHidden([]geom.Circle{b})
				if far := hiddenBeyond(d, far); far != nil {
					out = append(out, *far)
				}
			}
			out = append(out, d)
			if n++; n == 3 {
				break
			}
		}
		out = append(out, s.superiorCandidates(seat, t)...)
	}
	return out
}

// pregameUnitCounts is lieutenantCounts during the pre-game for the unit
// of trooper t: whether, as Lieutenant, it would keep its army out of Loss
// of Lieutenant when the first turn starts — deployed by then unless held
// in reserve (the twins of the leak check vary the Lieutenant among these).
func (s *State) pregameUnitCounts(t int) bool {
	return slices.ContainsFunc(s.unitMembers(s.Troopers[t].ID), func(m int) bool {
		st := s.Troopers[m].States
		return !st.Reserve && !st.Null() && (!st.Hidden || s.Rulings.Get("lieutenant-hidden") != "not-deployed")
	})
}

// inside reports whether base lies totally inside r.
func inside(base geom.Circle, r [2][2]float64) bool {
	c := base.Center
	return c.X-base.Radius >= r[0][0]-geom.Eps && c.X+base.Radius <= r[1][0]+geom.Eps &&
		c.Y-base.Radius >= r[0][1]-geom.Eps && c.Y+base.Radius <= r[1][1]+geom.Eps
}

// baseBox is the square around a base.
func baseBox(b geom.Circle) mission.Rect {
	return mission.Rect{{b.Center.X - b.Radius, b.Center.Y - b.Radius}, {b.Center.X + b.Radius, b.Center.Y + b.Radius}}
}

// ownHalf is the half of the table holding the Deployment Zone z: split
// across the axis the two zones face each other along.
func (s *State) ownHalf(z [2][2]float64) [2][2]float64 {
	w, h := s.Table.Width, s.Table.Height
	cx, cy := (z[0][0]+z[1][0])/2, (z[0][1]+z[1][1])/2
	if math.Abs(cy-h/2)/h >= math.Abs(cx-w/2)/w {
		if cy < h/2 {
			return [2][2]float64{{0, 0}, {w, h / 2}}
		}
		return [2][2]float64{{0, h / 2}, {w, h}}
	}
	if cx < w/2 {
		return [2][2]float64{{0, 0}, {w / 2, h}}
	}
	return [2][2]float64{{w / 2, 0}, {w, h}}
}
