package fantasy

import (
	"strings"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Leg is one part of a Remaining Move: forward or backward some inches, or
// a wheel of some degrees (positive to the left, pivoting on the left front
// corner; negative to the right).
type Leg struct {
	Forward  float64 `json:"forward,omitempty"`
	Backward float64 `json:"backward,omitempty"`
	Wheel    float64 `json:"wheel,omitempty"`
}

// Reposition moves a model with In the First Rank! to another slot of its
// unit during a move, swapping with the model there.
type Reposition struct {
	Model string `json:"model"`
	Rank  int    `json:"rank"`
	File  int    `json:"file"`
}

// ActionKind is an action's kind as the wire spells it: what its Kind
// method returns, what the codec reads and what the steps table lists.
type ActionKind string

// The action kinds, one per action type, whichever file declares the type.
const (
	KindCharge      ActionKind = "charge"
	KindEndCharges  ActionKind = "end-charges"
	KindReact       ActionKind = "react"
	KindChargeMove  ActionKind = "charge-move"
	KindMove        ActionKind = "move"
	KindReform      ActionKind = "reform"
	KindJoin        ActionKind = "join"
	KindLeave       ActionKind = "leave"
	KindEndMovement ActionKind = "end-movement"
	KindShoot       ActionKind = "shoot"
	KindEndShooting ActionKind = "end-shooting"
	KindAllocate    ActionKind = "allocate"
	KindMoveUp      ActionKind = "move-up"
	KindFight       ActionKind = "fight"
	KindEndTurn     ActionKind = "end-turn"
	KindPursue      ActionKind = "pursue"
	KindChallenge   ActionKind = "challenge"
	KindAccept      ActionKind = "accept"
	KindRefuse      ActionKind = "refuse"
	KindRetire      ActionKind = "retire"
	KindNoChallenge ActionKind = "no-challenge"
	KindMakeWay     ActionKind = "make-way"
)

// joinKinds lists kinds for people, comma-separated.
func joinKinds(ks []ActionKind) string {
	var b strings.Builder
	for i, k := range ks {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(string(k))
	}
	return b.String()
}

// The actions. Every one names units and models by id.
type (
	// DeclareCharge declares a charge by a unit, or by one character out
	// of it (Charging out of a unit).
	DeclareCharge struct {
		Unit      string `json:"unit"`
		Character string `json:"character,omitempty"`
		Target    string `json:"target"`
	}
	// EndCharges closes the declarations.
	EndCharges struct{}
	// React is the charged unit's reaction: hold, stand-and-shoot or flee.
	React struct {
		Reaction string `json:"reaction"`
	}
	// ChargeMove rolls a declared charge's range and moves the charger.
	ChargeMove struct {
		Unit string `json:"unit"`
	}
	// Move is a Remaining Move: an advance, or a march. Fly flies it (a
	// unit whose every model has Fly): 10", or 20" marching, over other
	// units, ending on the ground.
	Move struct {
		Unit       string       `json:"unit"`
		March      bool         `json:"march,omitempty"`
		Fly        bool         `json:"fly,omitempty"`
		Legs       []Leg        `json:"legs"`
		Reposition []Reposition `json:"reposition,omitempty"`
	}
	// Reform sets a new formation about the unit's centre.
	Reform struct {
		Unit   string  `json:"unit"`
		Files  int     `json:"files"`
		Facing float64 `json:"facing"`
	}
	// Join moves a character (a unit of one) into a friendly unit. Displace
	// names the front-rank model with In the First Rank! that steps back
	// for him when the front rank holds no rank-and-file.
	Join struct {
		Character string `json:"character"`
		Unit      string `json:"unit"`
		Displace  string `json:"displace,omitempty"`
	}
	// Leave moves a character out of his unit to a point, as his own unit.
	Leave struct {
		Unit      string     `json:"unit"`
		Character string     `json:"character"`
		To        geom.Point `json:"to"`
	}
	// EndMovement closes the Movement phase.
	EndMovement struct{}
	// Shoot shoots a unit's missile weapons at an enemy unit.
	Shoot struct {
		Unit   string `json:"unit"`
		Target string `json:"target"`
		// At is where a template weapon's template is centred: a point
		// inside the target unit.
		At *geom.Point `json:"at,omitempty"`
		// Grapeshot fires a cannon's grapeshot at a unit within 8"
		// instead of its ball (Cannons: grapeshot).
		Grapeshot bool `json:"grapeshot,omitempty"`
	}
	// EndShooting closes the Shooting phase.
	EndShooting struct{}
	// Allocate distributes hits on a combined unit: how many each
	// eligible character takes; the rank-and-file take the rest.
	Allocate struct {
		Hits map[string]int `json:"hits"`
	}
	// MoveUp names the model with In the First Rank! that fills a vacated
	// front-rank slot.
	MoveUp struct {
		Model string `json:"model"`
	}
	// Fight resolves a round of the close combat a unit is in. Attacks
	// names the enemy characters models of the player whose turn it is
	// choose to attack (Close combat: attacking characters).
	Fight struct {
		Unit    string   `json:"unit"`
		Attacks []Attack `json:"attacks,omitempty"`
	}
	// EndTurn ends the player turn (every combat must have been fought).
	EndTurn struct{}
	// Pursue is the winner's choice for one of its units when the enemy
	// breaks from a combat: pursue, or try to restrain (a Leadership
	// test; failed, the unit pursues anyway).
	Pursue struct {
		Unit     string `json:"unit"`
		Restrain bool   `json:"restrain,omitempty"`
	}
)

func (DeclareCharge) Kind() string { return string(KindCharge) }
func (EndCharges) Kind() string    { return string(KindEndCharges) }
func (React) Kind() string         { return string(KindReact) }
func (ChargeMove) Kind() string    { return string(KindChargeMove) }
func (Move) Kind() string          { return string(KindMove) }
func (Reform) Kind() string        { return string(KindReform) }
func (Join) Kind() string          { return string(KindJoin) }
func (Leave) Kind() string         { return string(KindLeave) }
func (EndMovement) Kind() string   { return string(KindEndMovement) }
func (Shoot) Kind() string         { return string(KindShoot) }
func (EndShooting) Kind() string   { return string(KindEndShooting) }
func (Allocate) Kind() string      { return string(KindAllocate) }
func (MoveUp) Kind() string        { return string(KindMoveUp) }
func (Fight) Kind() string         { return string(KindFight) }
func (EndTurn) Kind() string       { return string(KindEndTurn) }
func (Pursue) Kind() string        { return string(KindPursue) }

// The codec registers its kinds on first use (rules.Codec.Lazy), not at start.
var actionCodec = &rules.Codec[rules.Action]{Lazy: func(c *rules.Codec[rules.Action]) {
	c.Register(string(KindCharge), func() rules.Action { return &DeclareCharge{} })
	c.Register(string(KindEndCharges), func() rules.Action { return &EndCharges{} })
	c.Register(string(KindReact), func() rules.Action { return &React{} })
	c.Register(string(KindChargeMove), func() rules.Action { return &ChargeMove{} })
	c.Register(string(KindMove), func() rules.Action { return &Move{} })
	c.Register(string(KindReform), func() rules.Action { return &Reform{} })
	c.Register(string(KindJoin), func() rules.Action { return &Join{} })
	c.Register(string(KindLeave), func() rules.Action { return &Leave{} })
	c.Register(string(KindEndMovement), func() rules.Action { return &EndMovement{} })
	c.Register(string(KindShoot), func() rules.Action { return &Shoot{} })
	c.Register(string(KindEndShooting), func() rules.Action { return &EndShooting{} })
	c.Register(string(KindAllocate), func() rules.Action { return &Allocate{} })
	c.Register(string(KindMoveUp), func() rules.Action { return &MoveUp{} })
	c.Register(string(KindFight), func() rules.Action { return &Fight{} })
	c.Register(string(KindEndTurn), func() rules.Action { return &EndTurn{} })
	c.Register(string(KindPursue), func() rules.Action { return &Pursue{} })
	c.Register(string(KindChallenge), func() rules.Action { return &Challenge{} })
	c.Register(string(KindAccept), func() rules.Action { return &Accept{} })
	c.Register(string(KindRefuse), func() rules.Action { return &Refuse{} })
	c.Register(string(KindRetire), func() rules.Action { return &Retire{} })
	c.Register(string(KindMakeWay), func() rules.Action { return &MakeWay{} })
	c.Register(string(KindNoChallenge), func() rules.Action { return &NoChallenge{} })
	c.Register(string(KindCast), func() rules.Action { return &Cast{} })
	c.Register(string(KindDispel), func() rules.Action { return &Dispel{} })
	c.Register(string(KindNoDispel), func() rules.Action { return &NoDispel{} })
	c.Register(string(KindDispelInPlay), func() rules.Action { return &DispelInPlay{} })
	c.Register(string(KindEndMagic), func() rules.Action { return &EndMagic{} })
	c.Register(string(KindDeploy), func() rules.Action { return &Deploy{} })
	c.Register(string(KindEndVanguard), func() rules.Action { return &EndVanguard{} })
	c.Register(string(KindFirstTurn), func() rules.Action { return &FirstTurn{} })
}}

// Event is everything that happens, as one flat record: What is its kind, Unit
// and Model say to whom, Text says it for people, and the numbers carry the
// figures a client needs (dice, distances, hits).
type Event struct {
	What  string         `json:"-"`
	Unit  string         `json:"unit,omitempty"`
	Model string         `json:"model,omitempty"`
	Dice  []int          `json:"dice,omitempty"`
	Value float64        `json:"value,omitempty"`
	Hits  map[string]int `json:"hits,omitempty"`
	Text  string         `json:"text"`
}

// Kind is the event's What.
func (e Event) Kind() string { return e.What }

// eventKinds are every What an Event may carry.
var eventKinds = []string{"charge-declared", "reaction", "charge-roll", "charged", "charge-failed",
	"fled", "rallied", "destroyed", "moved", "marched", "march-test", "reformed", "joined", "left",
	"shot", "hits", "look-out-sir", "allocated", "wounds", "casualties", "moved-up", "fought",
	"combat-result", "break-test", "restrain-test", "pursued", "turn", "game-over", "stand-and-shoot",
	"challenge", "challenge-accepted", "challenge-refused", "retired", "overkill", "made-way", "scatter", "misfire", "dangerous-terrain",
	"fear-test", "terror-test", "panic-test", "disrupted",
	"winds", "channel", "cast", "cast-failed", "dispelled", "dispel-failed", "spell", "spell-ends", "miscast",
	"victory-points", "deployed", "roll-off"}

// The codec registers its kinds on first use (rules.Codec.Lazy), not at start.
var eventCodec = &rules.Codec[rules.Event]{Lazy: func(c *rules.Codec[rules.Event]) {
	for _, k := range eventKinds {
		c.Register(k, func() rules.Event { return &eventBody{} })
	}
}}

// eventBody decodes an Event's fields (its kind is taken by the codec and
// put back by DecodeEvent).
type eventBody Event

func (eventBody) Kind() string { return "" }

// String is the event for people: its text.
func (e Event) String() string { return e.Text }
