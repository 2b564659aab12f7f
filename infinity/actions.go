package infinity

import (
	"github.com/ordo-rules/ordo/rules"
)

// Skill names (Common Skills (N4), Dodge (N4)).
const (
	SkillMove     = "move"
	SkillBSAttack = "bs-attack"
	SkillCCAttack = "cc-attack"
	SkillDodge    = "dodge"
	SkillIdle     = "idle"
	SkillReset    = "reset"
	// SkillSuppressiveFire is the Suppressive Fire Entire Order (the N4 core rules
	// Suppressive Fire (N4)).
	SkillSuppressiveFire = "suppressive-fire"
)

// Skill is one declared skill with all its parameters (Order Expenditure Sequence (N4) step
// 1.2: targets, Burst, ammunition, and for movement the exact route).
type Skill struct {
	Name string `json:"name"`
	// Route lists the points a Move passes through after the model's
	// position, in inches; the last is where it ends.
	Route [][2]float64 `json:"route,omitempty"`
	// Target is the model attacked.
	Target string `json:"target,omitempty"`
	// Weapon is the weapon id (a BS or CC Attack); empty picks the
	// profile's first weapon fit for the skill.
	Weapon string `json:"weapon,omitempty"`
	// Ammo picks one of the weapon's modes; empty is its first.
	Ammo string `json:"ammo,omitempty"`
	// From is, for an attack combined with a Move, the index of the point of
	// the trooper's path it is made from (0: where the Order began); nil is
	// the end of the movement declared so far (BS Attack (N4)).
	From *int `json:"from,omitempty"`
	// Split divides an active BS Attack's Burst between several targets at
	// declaration (Face to Face Rolls (N4), BS Attack (N4)); it replaces Target.
	Split []BurstShare `json:"split,omitempty"`
	// Burst, when positive, rolls fewer dice than the weapon's Burst: only
	// under the burst-active: may-reduce ruling (the original N4).
	Burst int `json:"burst,omitempty"`
}

// BurstShare is the dice of a split Burst assigned to one target.
type BurstShare struct {
	Target string `json:"target"`
	Dice   int    `json:"dice"`
}

// The Order sources (Order types (N4)).
const (
	OrderRegular    = "regular"
	OrderIrregular  = "irregular"
	OrderLieutenant = "lieutenant"
)

// Activate spends an Order on a trooper and declares its first skill
// (Order Expenditure Sequence (N4) steps 1.1 and 1.2).
type Activate struct {
	Trooper string `json:"trooper"`
	// Order is where the Order comes from: regular (the trooper's combat
	// group pool), irregular (its own), lieutenant (the Lieutenant Special
	// Order).
	Order string `json:"order"`
	Skill Skill  `json:"skill"`
}

// Second declares the Order's second skill (step 3); Idle does nothing.
type Second struct {
	Skill Skill `json:"skill"`
	// AttackFrom, when the first skill was an attack and this one a Move,
	// picks the point of the path the attack is made from (Skill categories (N4):
	// the two skills happen together; BS Attack (N4): any one point of the route).
	AttackFrom *int `json:"attackFrom,omitempty"`
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

// Resolve is the chance step of an Order: the dice of every roll (the N4 core rules
// Order Expenditure Sequence (N4) step 5).
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

func (Activate) Kind() string  { return "activate" }
func (Second) Kind() string    { return "second" }
func (AROs) Kind() string      { return "aro" }
func (Resolve) Kind() string   { return "resolve" }
func (DodgeMove) Kind() string { return "dodge-move" }
func (EndOrders) Kind() string { return "end-orders" }
func (Land) Kind() string      { return "land" }
func (PlaceJump) Kind() string { return "place-jump" }

var actionCodec = func() *rules.Codec[rules.Action] {
	c := &rules.Codec[rules.Action]{}
	c.Register("activate", func() rules.Action { return &Activate{} })
	c.Register("second", func() rules.Action { return &Second{} })
	c.Register("aro", func() rules.Action { return &AROs{} })
	c.Register("resolve", func() rules.Action { return &Resolve{} })
	c.Register("dodge-move", func() rules.Action { return &DodgeMove{} })
	c.Register("end-orders", func() rules.Action { return &EndOrders{} })
	c.Register("guts", func() rules.Action { return &Guts{} })
	c.Register("guts-move", func() rules.Action { return &GutsMove{} })
	c.Register("alert", func() rules.Action { return &Alert{} })
	c.Register("appoint", func() rules.Action { return &Appoint{} })
	c.Register("move-token", func() rules.Action { return &MoveToken{} })
	c.Register("transfer", func() rules.Action { return &Transfer{} })
	c.Register("land", func() rules.Action { return &Land{} })
	c.Register("place-jump", func() rules.Action { return &PlaceJump{} })
	return c
}()
