package infinity

import (
	"fmt"
	"math"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// State is one position of an Infinity N4 game. It is plain data: it
// encodes to JSON and back unchanged, and every list is kept in a fixed
// order so that the same game gives the same bytes.
type State struct {
	Rulings rules.Rulings `json:"rulings"`
	Table   Table         `json:"table"`
	// Seats in Player Turn order: the seat with initiative first.
	Seats  []rules.Seat `json:"seats"`
	Armies []Army       `json:"armies"` // in Seats order
	// Troopers and Models of both armies, in scenario order.
	Troopers []Trooper `json:"troopers"`
	Models   []Model   `json:"models"`
	// Deployables are the deployable weapons on the table.
	Deployables []Deployable `json:"deployables,omitempty"`
	// Scenery are the Hackable Scenery Items and their states
	// (rule_scenery.go); WhiteNoise the White Noise templates on the
	// table (hack_whitenoise.go).
	Scenery    []SceneryItem `json:"scenery,omitempty"`
	WhiteNoise []WhiteNoise  `json:"whiteNoise,omitempty"`
	// Smoke are the Smoke templates on the table, Zero Visibility Zones
	// (rule_smoke.go).
	Smoke []SmokeZone `json:"smoke,omitempty"`

	Rounds int `json:"rounds"` // the game's length in Game Rounds
	Round  int `json:"round"`  // 1-based
	// Turn is the index in Seats of the active player.
	Turn  int   `json:"turn"`
	Phase Phase `json:"phase"`
	// Order is the order being resolved in the Orders Phase, if any.
	Order *Order `json:"order,omitempty"`
	// PreGame is the pre-game of a match started from a mission and army
	// lists, while it goes on; Mission the mission played (rule_pregame.go,
	// rule_mission.go). Both nil for a game from a placed scenario.
	PreGame *PreGame      `json:"preGame,omitempty"`
	Mission *MissionState `json:"mission,omitempty"`

	// Profiles and Weapons are the catalog entries the game uses, copied in
	// at setup so that a state needs nothing else to play on. They do not
	// change during a game, and the state indexes them.
	Profiles map[string]catalog.Profile `json:"profiles"`
	Weapons  map[string]catalog.Weapon  `json:"weapons"`
	// Programs and Devices are the hacking programs and Comms Equipment
	// of the profiles in play (Hacking (N3); hack_catalog.go), copied in
	// at setup like the weapons.
	Programs map[string]catalog.Program `json:"programs,omitempty"`
	Devices  map[string]catalog.Device  `json:"devices,omitempty"`

	// derived is worked out once from what never changes after Setup; see
	// derived. Clones share it.
	derived *derived
	// memo is what the menu builder lends the checks of one menu's
	// candidates (checkMemo, menuBuilder), set only on the builder's own
	// copy of the state while Legal checks them; nil at any other time,
	// and never shared between goroutines (decision 0023).
	memo *checkMemo
}

// Phase is the step of the Player Turn (Game Round and Player Turn (N4)). The Tactical,
// States and End of Turn steps need no decision in this engine and run
// inside the action that reaches them.
type Phase string

// The phases a State can wait in.
const (
	PhaseOrders Phase = "orders"
	PhaseOver   Phase = "over"
)

// Table is the playing area with its scenery.
type Table struct {
	Width   float64            `json:"width"`
	Height  float64            `json:"height"`
	Terrain []scenario.Terrain `json:"terrain,omitempty"`
}

// Army is one player's side.
type Army struct {
	Seat rules.Seat `json:"seat"`
	// Groups are the combat groups, each with its Order pool (Army list and Combat Groups (N4)).
	Groups []Group `json:"groups"`
	// LieutenantOrders is the Lieutenant Special Order count of this turn
	// (Order types (N4)).
	LieutenantOrders int `json:"lieutenantOrders"`
	// Notes are the player's private notes (what a player writes down and
	// keeps from the opponent). Only the owner sees them.
	Notes string `json:"notes,omitempty"`
	// LossOfLieutenant is set while the army is in Loss of Lieutenant
	// (Loss of Lieutenant (N4)); it is decided in the Tactical Phase (issue #5).
	LossOfLieutenant bool `json:"lossOfLieutenant,omitempty"`
	// CommandTokens are the Command Tokens left for the game
	// (Command Tokens (N4)).
	CommandTokens int `json:"commandTokens"`
	// OrderDeclared is set once the army declares its first Order of its
	// turn: the Tactical Phase, and with it Executive Use of Command
	// Tokens, is over.
	OrderDeclared bool `json:"orderDeclared,omitempty"`
	// Retreat is set while the army is in Retreat! (Retreat! (N4);
	// rule_retreat.go), decided in its Tactical Phase.
	Retreat bool `json:"retreat,omitempty"`
	// Zone is the army's Deployment Zone, [min x, min y] and [max x,
	// max y] (public): where a failed Combat Jump sets the trooper down.
	Zone *[2][2]float64 `json:"zone,omitempty"`
	// Fireteams are the army's Fireteams (Fireteams (N4); rule_fireteam.go),
	// public.
	Fireteams []Fireteam `json:"fireteams,omitempty"`
	// TokenCap, when positive, is how many Command Tokens the army may
	// spend this turn (the opponent's Strategic Use limits it to one), and
	// TokensSpent how many it spent this turn (Command Tokens (N4);
	// rule_strategic.go). Public.
	TokenCap    int `json:"tokenCap,omitempty"`
	TokensSpent int `json:"tokensSpent,omitempty"`
}

// Group is one combat group and its Order pool.
type Group struct {
	Name string `json:"name"`
	Pool int    `json:"pool"` // Regular Orders left this turn
}

// Trooper is one trooper: it generates Orders and holds the profile, while
// its models stand on the table.
type Trooper struct {
	ID      string     `json:"id"`
	Seat    rules.Seat `json:"seat"`
	Profile string     `json:"profile"`
	Group   string     `json:"group"`
	// Lieutenant is private information (Army list and Combat Groups (N4), Loss of Lieutenant (N4)): only the
	// owner's observation shows it, until KnownLieutenant.
	Lieutenant bool `json:"lieutenant"`
	// KnownLieutenant: the Lieutenant has spent its Lieutenant Special
	// Order, which reveals it (Lieutenant (N4)); everyone sees it is the
	// Lieutenant until a new one is appointed.
	KnownLieutenant bool `json:"knownLieutenant,omitempty"`
	// Wounds is the W/STR left: exactly 0 is Unconscious, below 0 Dead
	// (Wounds, Unconscious and Dead (N4)).
	Wounds int `json:"wounds"`
	// IrregularOrders are the Irregular Orders this trooper holds this turn.
	IrregularOrders int    `json:"irregularOrders"`
	States          States `json:"states"`
	Models          []int  `json:"models"` // indexes into State.Models
	Cost            int    `json:"cost"`
	// Marker is the public label of the trooper's marker while it is
	// Camouflaged or Impersonating: all the opponent knows of it.
	Marker string `json:"marker,omitempty"`
	// Failed lists the markers this trooper failed to Discover this Player
	// Turn (Discover (N4)).
	Failed []string `json:"failed,omitempty"`
	// Label is the trooper's public label, JumperLabel its G: Jumper's:
	// what the opponent and spectators know them by (labels.go).
	Label       string `json:"label,omitempty"`
	JumperLabel string `json:"jumperLabel,omitempty"`
	// Jumper names the G: Jumper trooper this one is a Proxy of (G: Jumper (N4, PDF 2.1)):
	// its Proxies share one Order and one Active Proxy Token, each with its
	// own profile, W/STR and states. Empty for an ordinary trooper.
	Jumper string `json:"jumper,omitempty"`
	// Active marks the Proxy holding the Active Proxy Token.
	Active bool `json:"active,omitempty"`
	// Expires are the states hacking programs with a duration put on the
	// trooper, each with the Player Turn at whose end it ends (Hacking
	// (N3); hack_duration.go).
	Expires []Expiry `json:"expires,omitempty"`
	// Supportware is the Supportware program this hacker sustains (one at
	// a time, Hacking (N3); hack_support.go).
	Supportware string `json:"supportware,omitempty"`
	// Possession is who the trooper belongs to while it is, or has just
	// stopped being, Possessed (Possessed (N4); hack_possess.go).
	Possession Possession `json:"possession,omitzero"`
	// Pilot is, for a TAG Expel emptied, the id of its pilot, now a
	// trooper of its own (Hacking (N3), Expel; hack_expel.go).
	Pilot string `json:"pilot,omitempty"`
}

// unit is what generates Orders and counts toward army limits: a trooper's
// id, or its G: Jumper's for a Proxy.
func (t Trooper) unit() string {
	if t.Jumper != "" {
		return t.Jumper
	}
	return t.ID
}

// States are the states a trooper is in (States (N4)).
type States struct {
	Unconscious     bool `json:"unconscious,omitempty"`
	Dead            bool `json:"dead,omitempty"`
	Engaged         bool `json:"engaged,omitempty"`
	ImmA            bool `json:"immA,omitempty"`
	ImmB            bool `json:"immB,omitempty"`
	Isolated        bool `json:"isolated,omitempty"`
	Targeted        bool `json:"targeted,omitempty"`
	Stunned         bool `json:"stunned,omitempty"`
	SuppressiveFire bool `json:"suppressiveFire,omitempty"`
	// Prone: gone to ground after a failed Guts Roll (Guts Roll (N4)); a
	// Move stands the trooper up.
	Prone bool `json:"prone,omitempty"`
	// Camouflaged: on the table as a marker whose identity is private;
	// enemies must Discover it before attacking it (Camouflaged (N4)).
	Camouflaged bool `json:"camouflaged,omitempty"`
	// Impersonation is the Impersonation marker level, 1 (IMP-1) or 2
	// (IMP-2), 0 when not impersonating: on the table as a marker whose
	// identity is private (Impersonation (N4); rule_impersonation.go).
	Impersonation int `json:"impersonation,omitempty"`
	// Hidden: in Hidden Deployment, not on the table; its position is
	// private (Hidden Deployment (N4)).
	Hidden bool `json:"hidden,omitempty"`
	// Reserve: off the table until it comes on (Combat Jump).
	Reserve bool `json:"reserve,omitempty"`
	// Imm1: Immobilized-1, from a hacking program (Hacking (N3), IMM-1):
	// only Reset and Discover may be declared; a successful Reset ends it.
	Imm1 bool `json:"imm1,omitempty"`
	// Disabled: the trooper's Comms Equipment (hacking device, Repeater)
	// stops working (Hacking (N3), Disabled).
	Disabled bool `json:"disabled,omitempty"`
	// Firewall: hacking attacks on the trooper get -3 WIP and its BTS +3
	// against them (Hacking (N3); Fairy Dust).
	Firewall bool `json:"firewall,omitempty"`
	// EnhancedReaction: B2 in ARO for a REM (Hacking (N3); Enhanced
	// Reaction).
	EnhancedReaction bool `json:"enhancedReaction,omitempty"`
	// ControlledJump: +3 PH to the trooper's Combat Jump (Hacking (N3);
	// Controlled Jump).
	ControlledJump bool `json:"controlledJump,omitempty"`
	// Marksmanship: Marksmanship L2 (N3) for a REM, from Assisted Fire
	// (Hacking (N3)): its BS Attacks ignore the target's Partial Cover MOD.
	Marksmanship bool `json:"marksmanship,omitempty"`
	// Possessed: controlled by the enemy hacker's player with the
	// Possessed profile, Null for its owner (Possessed (N4); Overlord,
	// Total Control; hack_possess.go).
	Possessed bool `json:"possessed,omitempty"`
	// Unmanned: a manned TAG whose pilot Expel threw out; it cannot be
	// activated and declares no ARO (Hacking (N3), Expel; hack_expel.go).
	Unmanned bool `json:"unmanned,omitempty"`
	// Retreat: the trooper holds a Retreat! token (Retreat! (N4);
	// rule_retreat.go).
	Retreat bool `json:"retreat,omitempty"`
}

// Null reports a Null state: no Orders, no AROs, no Victory Points
// (States (N4)).
func (s States) Null() bool { return s.Unconscious || s.Dead }

// Immobilized reports an Immobilized state: IMM-A, IMM-B (States (N4)) or
// a hacking program's IMM-1 (Hacking (N3), IMM-1).
func (s States) Immobilized() bool { return s.ImmA || s.ImmB || s.Imm1 }

// String lists the states that hold, as Names does.
func (s States) String() string { return fmt.Sprint(s.Names()) }

// Names lists the states that hold, for display.
func (s States) Names() []string { return s.appendNames(nil) }

// appendNames appends Names to dst: Observe lays every trooper's names
// end to end in one slice.
func (s States) appendNames(dst []string) []string {
	n := len(dst)
	for _, st := range [...]struct {
		on   bool
		name string
	}{
		{s.Dead, "Dead"}, {s.Unconscious, "Unconscious"}, {s.Engaged, "Engaged"}, {s.ImmA, "IMM-A"},
		{s.ImmB, "IMM-B"}, {s.Isolated, "Isolated"}, {s.Targeted, "Targeted"}, {s.Stunned, "Stunned"},
		{s.SuppressiveFire, "Suppressive Fire"}, {s.Prone, "Prone"},
		{s.Camouflaged, "Camouflaged"}, {s.Impersonation == 1, "Impersonation-1"}, {s.Impersonation == 2, "Impersonation-2"}, {s.Hidden, "Hidden Deployment"}, {s.Reserve, "In reserve"},
		{s.Imm1, "IMM-1"}, {s.Disabled, "Disabled"}, {s.Firewall, "Firewall"},
		{s.EnhancedReaction, "Enhanced Reaction"}, {s.ControlledJump, "Controlled Jump"},
		{s.Marksmanship, "Marksmanship L2"},
		{s.Possessed, "Possessed"}, {s.Unmanned, "Unmanned"}, {s.Retreat, "Retreat!"},
	} {
		if st.on {
			dst = append(dst, st.name)
		}
	}
	if len(dst) == n {
		dst = append(dst, "Normal")
	}
	return dst
}

// Model is one model on the table.
type Model struct {
	ID      string     `json:"id"`
	Trooper int        `json:"trooper"` // index into State.Troopers
	At      [2]float64 `json:"at"`
	// Facing is in degrees counter-clockwise from +x, as in scenario files.
	Facing float64 `json:"facing"`
	S      int     `json:"s"`
	// Removed models (Dead troopers) are off the table.
	Removed bool `json:"removed,omitempty"`
}

// point is the model's centre.
func (m *Model) point() geom.Point { return geom.Pt(m.At[0], m.At[1]) }

// baseRadius is the base radius of each Silhouette, read once from geom's
// N4 table (a model's base is looked up on every geometry query). It is
// built before main in every process, `ordo odds` included, so it starts
// at Silhouette 1: asking geom for Silhouette 0 made an error, and its
// formatting alone was a third of this package's start-up.
var baseRadius = func() (r [9]float64) {
	sil := geom.DefaultSilhouettes()
	for s := 1; s < len(r); s++ {
		if c, err := sil.Base(s, geom.Pt(0, 0)); err == nil {
			r[s] = c.Radius
		}
	}
	return r
}()

// base is the model's base on the table.
func (m *Model) base() geom.Circle {
	var r float64
	if m.S >= 0 && m.S < len(baseRadius) {
		r = baseRadius[m.S]
	}
	return geom.Circle{Center: m.point(), Radius: r}
}

// radians converts a facing in degrees.
func radians(deg float64) float64 { return deg * math.Pi / 180 }

// geomModel is the model as a viewer for Line of Fire.
func (m *Model) geomModel() geom.Model {
	return geom.Model{Base: m.base(), Facing: radians(m.Facing)}
}

// viewer is model m as a viewer: a marker sees all around (Camouflaged
// (N4), Impersonation (N4)).
func (s *State) viewer(m *Model) geom.Model {
	g := m.geomModel()
	if s.Troopers[m.Trooper].States.marker() {
		g.Arc = geom.Full360
	}
	return g
}

// seatIndex is the index of seat in s.Seats, or -1.
func (s *State) seatIndex(seat rules.Seat) int {
	for i, x := range s.Seats {
		if x == seat {
			return i
		}
	}
	return -1
}

// active is the active player's seat.
func (s *State) active() rules.Seat { return s.Seats[s.Turn] }

// reactive is the other seat.
func (s *State) reactive() rules.Seat { return s.Seats[1-s.Turn] }

// army returns the army of seat.
func (s *State) army(seat rules.Seat) *Army { return &s.Armies[s.seatIndex(seat)] }

// trooperIndex finds a trooper by id, or -1.
func (s *State) trooperIndex(id string) int {
	for i := range s.Troopers {
		if s.Troopers[i].ID == id {
			return i
		}
	}
	return -1
}

// modelIndex finds a model by id, or -1.
func (s *State) modelIndex(id string) int {
	for i := range s.Models {
		if s.Models[i].ID == id {
			return i
		}
	}
	return -1
}

// modelOf is the trooper's model on the table (the first one not removed),
// or -1.
func (s *State) modelOf(t int) int {
	for _, m := range s.Troopers[t].Models {
		if !s.Models[m].Removed {
			return m
		}
	}
	return -1
}

// derived is what a State works out once from the parts of it that never
// change after Setup: the geometry of the table, each trooper's entry of
// Profiles and its profile's entries of Weapons. Every check asks for
// them, so they are not worked out each time.
//
// It is a cache, not part of the game: every value in it is a function of
// fields that do not change during a game, so it cannot change any answer.
// It is built when a State is made (Setup, DecodeState) and never written
// after, so no method but Apply writes to a State, clones can share it,
// and clones used on different goroutines do not race on it. A State made
// by hand, without one, works the same things out on every call.
type derived struct {
	geo      *geom.Table
	profiles []*catalog.Profile // by trooper index
	// weapons are, by trooper index, the entries of Weapons its profile
	// lists, in the profile's order (nil where Weapons lacks one): every
	// candidate of a menu picks its weapon among them.
	weapons [][]*catalog.Weapon
	// comms is, by trooper index, its Comms Equipment and the programs it
	// may declare (hack.go).
	comms []trooperComms
	// possessed is, by trooper index, the Possessed profile of each TAG
	// (nil for others): what profile returns while it is Possessed
	// (hack_possess.go).
	possessed []*catalog.Profile
	// geoDoors are the shut doors geo was built with, doors the tables
	// for the others (rule_scenery.go).
	geoDoors uint64
	doors    *doorTables
}

// derive (re)builds s.derived from the table, the troopers' profiles and
// their weapons. A test that edits those after Setup calls it again.
func (s *State) derive() {
	d := &derived{geo: s.buildGeomTable(), profiles: make([]*catalog.Profile, len(s.Troopers)), weapons: make([][]*catalog.Weapon, len(s.Troopers))}
	if len(s.Scenery) > 0 {
		d.geoDoors, d.doors = s.shutMask(), &doorTables{}
	}
	byProfile := map[string][]*catalog.Weapon{}
	for i, tr := range s.Troopers {
		p := s.Profiles[tr.Profile]
		d.profiles[i] = &p
		ws, ok := byProfile[tr.Profile]
		if !ok {
			ws = s.lookUpWeapons(&p)
			byProfile[tr.Profile] = ws
		}
		d.weapons[i] = ws
	}
	d.comms = s.deriveComms()
	d.possessed = derivePossessed(d.profiles)
	s.derived = d
}

// lookUpWeapons is the entries of Weapons that p lists, in its order, nil
// where Weapons lacks one.
func (s *State) lookUpWeapons(p *catalog.Profile) []*catalog.Weapon {
	ws := make([]*catalog.Weapon, len(p.Weapons))
	for j, id := range p.Weapons {
		if w, ok := s.Weapons[id]; ok {
			ws[j] = &w
		}
	}
	return ws
}

// weapons is trooper t's profile's entries of Weapons, aligned with the
// profile's Weapons list (nil where Weapons lacks one).
func (s *State) weapons(t int) []*catalog.Weapon {
	if d := s.derived; d != nil && t < len(d.weapons) {
		return d.weapons[t]
	}
	return s.lookUpWeapons(s.profile(t))
}

// profile is the trooper's profile.
func (s *State) profile(t int) *catalog.Profile {
	if s.Troopers[t].States.Possessed {
		return s.possessedProfile(t)
	}
	if d := s.derived; d != nil && t < len(d.profiles) {
		return d.profiles[t]
	}
	p := s.Profiles[s.Troopers[t].Profile]
	return &p
}

// Order is the Order being resolved.
type Order struct {
	Trooper int         `json:"trooper"` // index into State.Troopers
	Model   int         `json:"model"`   // the active model
	Source  OrderSource `json:"source"`  // regular, irregular, lieutenant
	Step    Step        `json:"step"`
	First   Skill       `json:"first"`
	Second  *Skill      `json:"second,omitempty"`
	// Path is where the active model is during the Order: its position when
	// activated, then every point of its declared routes.
	Path [][2]float64 `json:"path"`
	// FirstEnd is the index in Path where the first skill's movement ends.
	FirstEnd int `json:"firstEnd"`
	// AROs are the declared AROs, in declaration order.
	AROs []ARO `json:"aros,omitempty"`
	// Transport are the hackers who declared Hack Transport Aircraft
	// against this Order's Combat Jump (hack_comsat.go).
	Transport []int `json:"transport,omitempty"`
	// Decided lists the reactive troopers that declared an ARO or forfeited
	// theirs this Order (one ARO per trooper per Order, ARO (N4)).
	Decided []int `json:"decided,omitempty"`
	// Dodgers are the troopers with a Dodge movement pending, in the order
	// they move: the active player's first (Dodge (N4)).
	Dodgers []int `json:"dodgers,omitempty"`
	// Eligible are the reactive troopers that may declare an ARO in the
	// open window, found when it opened (Order Expenditure Sequence (N4) step 2.1).
	Eligible []eligibility `json:"eligible,omitempty"`
	// Affected are the troopers under the active trooper's Direct
	// Template, placed at declaration (Direct Template Weapons (N4)).
	Affected []int `json:"affected,omitempty"`
	// Mines are the deployables that went off during the Order.
	Mines []MineHit `json:"mines,omitempty"`
	// HitBy lists each (attacker, target) pair of a successful Attack this
	// Order (-1 for a deployable): who makes a Guts Roll, and from whom it
	// hides (Guts Roll (N4)).
	HitBy [][2]int `json:"hitBy,omitempty"`
	// Gutsers are the troopers still to choose their Guts movement.
	Gutsers []GutsPending `json:"gutsers,omitempty"`
	// AttackFrom is where along the path a first-skill attack is made when
	// a Move follows it (nil: from the start).
	AttackFrom *int `json:"attackFrom,omitempty"`
	// Targets are the troopers an Attack targeted this Order, and Alerters
	// those still to answer the Alert window (Alert (N4)).
	Targets  []int `json:"targets,omitempty"`
	Alerters []int `json:"alerters,omitempty"`
	// Stranded are the G: Jumpers still to answer the token step, and
	// StrandedBefore those whose Active Proxy was already Isolated or Null
	// when the Order began: the token moves only at the end of the Order in
	// which the Proxy entered the state (G: Jumper (N4, PDF 2.1).
	Stranded       []string `json:"stranded,omitempty"`
	StrandedBefore []string `json:"strandedBefore,omitempty"`
	// Team are the other members a Fireteam Order activates with its
	// leader, the active trooper (Fireteams (N4); rule_fireteam.go), and
	// TeamSize how many members the Fireteam had when the Order was
	// declared, the leader included (0: not a Fireteam Order).
	Team     []TeamMember `json:"team,omitempty"`
	TeamSize int          `json:"teamSize,omitempty"`
	// Coordinated: a Coordinated Order, the active trooper its Spearhead
	// and Team the other participants (Coordinated Orders (N4);
	// rule_coordinated.go).
	Coordinated bool `json:"coordinated,omitempty"`

	// Room for the path, the second skill, the targets and the first two
	// successful Attacks (HitBy) inside the Order itself, so that the hot
	// path allocates nothing for them. The path's room is four points
	// (where the Order began and a one-point route for each skill, as the
	// menu offers them, with one to spare): an Order is allocated, and
	// cleared, for every activation, and with six points it took the next
	// size class (1,024 bytes rather than 896).
	pathBuf    [4][2]float64
	secondBuf  Skill
	hitByBuf   [2][2]int
	targetsBuf [4]int
	// Room for the troopers eligible in an ARO window: two fit in the
	// Order's size class (1,024 bytes) with nothing to spare.
	eligibleBuf [2]eligibility

	// scans carries eligible's work from the first ARO window to the
	// second (pathScans); clones start without it.
	scans pathScans
}

// ARO is one declared ARO.
type ARO struct {
	Trooper int   `json:"trooper"`
	Skill   Skill `json:"skill"`
	Window  int   `json:"window"`
	// Against is, for an ARO against a Fireteam member other than the
	// leader, that member's trooper index plus one; 0 is the active
	// trooper (Fireteams (N4)).
	Against int `json:"against,omitempty"`
	// At is the point of the active model's path the reaction is made
	// against: the closest one at which the trooper qualified.
	At [2]float64 `json:"at"`
	// Affected are the troopers under the template of a Direct Template
	// ARO, placed at declaration toward the active trooper at At (Direct
	// Template Weapons (N4)). It never changes once declared, and clones
	// share it.
	Affected []int `json:"affected,omitempty"`
}
