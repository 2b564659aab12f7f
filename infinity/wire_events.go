package infinity

import (
	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// TurnStarted opens a Player Turn, after the Tactical Phase's Order Count
// (Game Round and Player Turn (N4), Order Count (N4)).
type TurnStarted struct {
	Round int        `json:"round"`
	Seat  rules.Seat `json:"seat"`
	// Pools is the Regular Orders of each combat group.
	Pools map[string]int `json:"pools"`
	// Irregular is the Irregular Orders, by trooper.
	Irregular map[string]int `json:"irregular,omitempty"`
	// Lieutenant is the Lieutenant Special Orders: private to the owner.
	Lieutenant int `json:"lieutenant"`
	// LossOfLieutenant: the army is in Loss of Lieutenant this turn.
	LossOfLieutenant bool `json:"lossOfLieutenant,omitempty"`
}

// OrderSpent is step 1 of the Order Expenditure Sequence.
type OrderSpent struct {
	Trooper string `json:"trooper"`
	// Order is where it came from; the opponent sees "order" only, since
	// the Lieutenant Special Order would name the Lieutenant.
	Order OrderSource `json:"order"`
	Skill Skill       `json:"skill"`
}

// SecondDeclared is step 3.
type SecondDeclared struct {
	Trooper string `json:"trooper"`
	Skill   Skill  `json:"skill"`
}

// AROsDeclared is what the reactive player declared in one window, and who
// forfeited.
type AROsDeclared struct {
	Window    int       `json:"window"`
	AROs      []ARODecl `json:"aros,omitempty"`
	Forfeited []string  `json:"forfeited,omitempty"`
	// Delayed are the troopers that kept silent against a Camouflaged
	// marker in window 1: they keep their ARO for window 2 (Delayed ARO
	// (N4)).
	Delayed []string `json:"delayed,omitempty"`
}

// BecameIdle is a skill that failed its Requirements at Resolution
// (Order Expenditure Sequence (N4) step 5, Idle (N4)).
type BecameIdle struct {
	Trooper string    `json:"trooper"`
	Skill   SkillName `json:"skill"`
	Reason  string    `json:"reason"`
}

// Rolled is one side's roll: its Success Value with the MODs that built it,
// the dice, and what survived.
type Rolled struct {
	Trooper string            `json:"trooper"`
	Skill   SkillName         `json:"skill"`
	SV      dice.SuccessValue `json:"sv"`
	Dice    []dice.Die        `json:"dice,omitempty"`
	Against string            `json:"against,omitempty"` // the opposing trooper of a Face to Face Roll
	Hits    int               `json:"hits"`
	Crits   int               `json:"crits"`
	Roll    string            `json:"roll"` // "normal" or "face-to-face"
}

// Saved is the Saving Rolls of one target against one attacker's hits.
type Saved struct {
	Trooper      string `json:"trooper"`
	From         string `json:"from"`
	Ammo         string `json:"ammo"`
	AttackDamage int    `json:"attackDamage"`
	Faces        []int  `json:"faces"`
	Failed       int    `json:"failed"`
}

// Wounded is W/STR lost and the states that follow (Wounds, Unconscious and Dead (N4)).
type Wounded struct {
	Trooper string   `json:"trooper"`
	Lost    int      `json:"lost"`
	Left    int      `json:"left"`
	States  []string `json:"states"`
}

// StateChanged is a state entered or cancelled.
type StateChanged struct {
	Trooper string `json:"trooper"`
	State   string `json:"state"`
	On      bool   `json:"on"`
	Why     string `json:"why,omitempty"`
}

// Moved is a model's movement.
type Moved struct {
	Model string     `json:"model"`
	From  [2]float64 `json:"from"`
	To    [2]float64 `json:"to"`
	Why   string     `json:"why,omitempty"` // "move", "dodge"
}

// TurnEnded closes a Player Turn (States Phase and End of Turn).
type TurnEnded struct {
	Round int        `json:"round"`
	Seat  rules.Seat `json:"seat"`
}

// GameEnded is the end of the game with each side's Victory Points: the
// cost of its troopers not in a Null state (Victory Points (N4)).
type GameEnded struct {
	VictoryPoints map[rules.Seat]int `json:"victoryPoints"`
	// ObjectivePoints and Winner, for a mission (rule_mission.go): the
	// winner by OP, then the tie-breaker, then Victory Points; "" a draw.
	ObjectivePoints map[rules.Seat]int `json:"objectivePoints,omitempty"`
	Winner          rules.Seat         `json:"winner,omitempty"`
}

func (TurnStarted) Kind() string    { return "turn-started" }
func (OrderSpent) Kind() string     { return "order-spent" }
func (SecondDeclared) Kind() string { return "second-declared" }
func (AROsDeclared) Kind() string   { return "aros-declared" }
func (BecameIdle) Kind() string     { return "became-idle" }
func (Rolled) Kind() string         { return "rolled" }
func (Saved) Kind() string          { return "saved" }
func (Wounded) Kind() string        { return "wounded" }
func (StateChanged) Kind() string   { return "state-changed" }
func (Moved) Kind() string          { return "moved" }
func (TurnEnded) Kind() string      { return "turn-ended" }
func (GameEnded) Kind() string      { return "game-ended" }

// The codec registers its kinds on first use (rules.Codec.Lazy), not at start.
var eventCodec = &rules.Codec[rules.Event]{Lazy: func(c *rules.Codec[rules.Event]) {
	c.Register("turn-started", func() rules.Event { return &TurnStarted{} })
	c.Register("order-spent", func() rules.Event { return &OrderSpent{} })
	c.Register("second-declared", func() rules.Event { return &SecondDeclared{} })
	c.Register("aros-declared", func() rules.Event { return &AROsDeclared{} })
	c.Register("became-idle", func() rules.Event { return &BecameIdle{} })
	c.Register("rolled", func() rules.Event { return &Rolled{} })
	c.Register("saved", func() rules.Event { return &Saved{} })
	c.Register("wounded", func() rules.Event { return &Wounded{} })
	c.Register("state-changed", func() rules.Event { return &StateChanged{} })
	c.Register("moved", func() rules.Event { return &Moved{} })
	c.Register("turn-ended", func() rules.Event { return &TurnEnded{} })
	c.Register("game-ended", func() rules.Event { return &GameEnded{} })
	c.Register("triggered", func() rules.Event { return &Triggered{} })
	c.Register("deployable-changed", func() rules.Event { return &DeployableChanged{} })
	c.Register("guts-check", func() rules.Event { return &GutsCheck{} })
	c.Register("fireteam-changed", func() rules.Event { return &FireteamChanged{} })
	c.Register("fireteam-formed", func() rules.Event { return &FireteamFormed{} })
	c.Register("coordinated", func() rules.Event { return &Coordinated{} })
	c.Register("strategic-used", func() rules.Event { return &StrategicUsed{} })
	c.Register("recovered", func() rules.Event { return &Recovered{} })
	c.Register("retreat", func() rules.Event { return &RetreatChanged{} })
	c.Register("retreat-cancelled", func() rules.Event { return &RetreatCancelled{} })
	c.Register("turned", func() rules.Event { return &Turned{} })
	c.Register("appointed", func() rules.Event { return &Appointed{} })
	c.Register("lieutenant-revealed", func() rules.Event { return &LieutenantRevealed{} })
	c.Register("token-moved", func() rules.Event { return &TokenMoved{} })
	c.Register("transferred", func() rules.Event { return &Transferred{} })
	c.Register("revealed", func() rules.Event { return &Revealed{} })
	c.Register("masked", func() rules.Event { return &Masked{} })
	c.Register("possession-cancelled", func() rules.Event { return &PossessionCancelled{} })
	c.Register("pilot-ejected", func() rules.Event { return &PilotEjected{} })
	c.Register("white-noise", func() rules.Event { return &WhiteNoiseChanged{} })
	c.Register("smoke", func() rules.Event { return &SmokeChanged{} })
	c.Register("scenery-changed", func() rules.Event { return &SceneryChanged{} })
	c.Register("initiative-rolled", func() rules.Event { return &InitiativeRolled{} })
	c.Register("chosen", func() rules.Event { return &Chosen{} })
	c.Register("deployed", func() rules.Event { return &Deployed{} })
	c.Register("deploy-rolled", func() rules.Event { return &DeployRolled{} })
	c.Register("deployment-ended", func() rules.Event { return &DeploymentEnded{} })
	c.Register("target-designated", func() rules.Event { return &TargetDesignated{} })
	c.Register("objective-scored", func() rules.Event { return &ObjectiveScored{} })
	c.Register("interacted", func() rules.Event { return &Interacted{} })
	c.Register("classified-chosen", func() rules.Event { return &ClassifiedChosen{} })
	c.Register("classified-scored", func() rules.Event { return &ClassifiedScored{} })
}}
