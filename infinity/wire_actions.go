package infinity

import "github.com/ordo-rules/ordo/rules"

// ActionKind is an action's kind as the wire spells it: what its Kind
// method returns and what the codec reads.
type ActionKind string

// The action kinds, one per action type, whichever file declares the type.
const (
	KindActivate  ActionKind = "activate"
	KindEndOrders ActionKind = "end-orders"
	KindTransfer  ActionKind = "transfer"
	// Fireteams (N4; rule_fireteam.go).
	KindFormFireteam   ActionKind = "form-fireteam"
	KindCancelFireteam ActionKind = "cancel-fireteam"
	KindSecond         ActionKind = "second"
	KindAROs           ActionKind = "aro"
	KindResolve        ActionKind = "resolve"
	KindDodgeMove      ActionKind = "dodge-move"
	KindLand           ActionKind = "land"
	KindPlaceJump      ActionKind = "place-jump"
	KindGuts           ActionKind = "guts"
	KindGutsMove       ActionKind = "guts-move"
	KindAlert          ActionKind = "alert"
	KindMoveToken      ActionKind = "move-token"
	KindAppoint        ActionKind = "appoint"
	// The pre-game and missions (rule_pregame.go, rule_mission.go).
	KindInitiativeRoll ActionKind = "initiative-roll"
	KindChoose         ActionKind = "choose"
	KindDeploy         ActionKind = "deploy"
	KindInteract       ActionKind = "interact"
	// KindChooseClassified picks a Classified Objective (rule_classified.go).
	KindChooseClassified ActionKind = "choose-classified"
)

// Activate spends an Order on a trooper and declares its first skill
// (Order Expenditure Sequence (N4) steps 1.1 and 1.2).
type Activate struct {
	Trooper string `json:"trooper"`
	// Order is where the Order comes from: regular (the trooper's combat
	// group pool), irregular (its own), lieutenant (the Lieutenant Special
	// Order).
	Order OrderSource `json:"order"`
	Skill Skill       `json:"skill"`
	// Team, in a Fireteam Order, is how the other members follow a
	// Movement skill of the leader: each one's route (Fireteams (N4));
	// a member not named stays where it is.
	Team []TeamMove `json:"team,omitempty"`
}

// Second declares the Order's second skill (step 3); Idle does nothing.
type Second struct {
	Skill Skill `json:"skill"`
	// AttackFrom, when the first skill was an attack and this one a Move,
	// picks the point of the path the attack is made from (Skill categories (N4):
	// the two skills happen together; BS Attack (N4): any one point of the route).
	AttackFrom *int `json:"attackFrom,omitempty"`
	// Team: the members' routes when a Fireteam Order's second skill is a
	// Move (Activate.Team).
	Team []TeamMove `json:"team,omitempty"`
}

// AROs is the reactive player's answer to one ARO window: one skill or
// nothing for every eligible trooper (a trooper left out declares nothing
// and forfeits its ARO for this Order, Order Expenditure Sequence (N4) step 2.2).
type AROs struct {
	Declarations []ARODecl `json:"declarations"`
}

// ARODecl is one trooper's ARO.
type ARODecl struct {
	Trooper string `json:"trooper"`
	Skill   Skill  `json:"skill"`
}

// Resolve is the chance step of an Order: the dice of every roll
// (Order Expenditure Sequence (N4) step 5).
type Resolve struct{}

// DodgeMove moves a trooper that Dodged successfully up to 2" and turns it
// (Dodge (N4), in the Effects step). Stay keeps it where it is.
type DodgeMove struct {
	Trooper string     `json:"trooper"`
	To      [2]float64 `json:"to"`
	Facing  float64    `json:"facing"`
	Stay    bool       `json:"stay,omitempty"`
}

// EndOrders ends the active player's Orders Phase; unused Orders are lost
// (Order types (N4)).
type EndOrders struct{}

// Land is the chance step of a Combat Jump: its PH Roll, made as the
// trooper is placed and before the AROs (Combat Jump, N4).
type Land struct{}

// PlaceJump sets down a trooper whose Combat Jump failed: in its side's
// Deployment Zone, in contact with a table edge (Combat Jump, N4).
type PlaceJump struct {
	Trooper string     `json:"trooper"`
	To      [2]float64 `json:"to"`
	Facing  float64    `json:"facing"`
}

func (Activate) Kind() string  { return string(KindActivate) }
func (Second) Kind() string    { return string(KindSecond) }
func (AROs) Kind() string      { return string(KindAROs) }
func (Resolve) Kind() string   { return string(KindResolve) }
func (DodgeMove) Kind() string { return string(KindDodgeMove) }
func (EndOrders) Kind() string { return string(KindEndOrders) }
func (Land) Kind() string      { return string(KindLand) }
func (PlaceJump) Kind() string { return string(KindPlaceJump) }

// The codec registers its kinds on first use (rules.Codec.Lazy), not at start.
var actionCodec = &rules.Codec[rules.Action]{Lazy: func(c *rules.Codec[rules.Action]) {
	c.Register(string(KindActivate), func() rules.Action { return &Activate{} })
	c.Register(string(KindCancelPossession), func() rules.Action { return &CancelPossession{} })
	c.Register(string(KindCancelRetreat), func() rules.Action { return &CancelRetreat{} })
	c.Register(string(KindSecond), func() rules.Action { return &Second{} })
	c.Register(string(KindAROs), func() rules.Action { return &AROs{} })
	c.Register(string(KindResolve), func() rules.Action { return &Resolve{} })
	c.Register(string(KindDodgeMove), func() rules.Action { return &DodgeMove{} })
	c.Register(string(KindEndOrders), func() rules.Action { return &EndOrders{} })
	c.Register(string(KindGuts), func() rules.Action { return &Guts{} })
	c.Register(string(KindGutsMove), func() rules.Action { return &GutsMove{} })
	c.Register(string(KindAlert), func() rules.Action { return &Alert{} })
	c.Register(string(KindAppoint), func() rules.Action { return &Appoint{} })
	c.Register(string(KindMoveToken), func() rules.Action { return &MoveToken{} })
	c.Register(string(KindTransfer), func() rules.Action { return &Transfer{} })
	c.Register(string(KindFormFireteam), func() rules.Action { return &FormFireteam{} })
	c.Register(string(KindCancelFireteam), func() rules.Action { return &CancelFireteam{} })
	c.Register(string(KindCoordinate), func() rules.Action { return &Coordinate{} })
	c.Register(string(KindStrategicUse), func() rules.Action { return &StrategicUse{} })
	c.Register(string(KindLand), func() rules.Action { return &Land{} })
	c.Register(string(KindPlaceJump), func() rules.Action { return &PlaceJump{} })
	c.Register(string(KindInitiativeRoll), func() rules.Action { return &InitiativeRoll{} })
	c.Register(string(KindChoose), func() rules.Action { return &Choose{} })
	c.Register(string(KindDeploy), func() rules.Action { return &Deploy{} })
	c.Register(string(KindInteract), func() rules.Action { return &Interact{} })
	c.Register(string(KindChooseClassified), func() rules.Action { return &ChooseClassified{} })
}}
