package infinity

import (
	"fmt"
	"strings"
)

// The log's sentences for the pre-game and missions (rule_pregame.go,
// rule_mission.go).

func (e InitiativeRolled) String() string {
	var throws []string
	for _, t := range e.Throws {
		throws = append(throws, fmt.Sprintf("%d–%d", t[0].Face, t[1].Face))
	}
	return fmt.Sprintf("Initiative Roll, WIP %s %d against %s %d: %s; %s wins", e.Seats[0], e.WIP[0], e.Seats[1], e.WIP[1], strings.Join(throws, ", then "), e.Winner)
}

func (e Chosen) String() string {
	if e.Keep == KeepInitiative {
		return fmt.Sprintf("%s keeps Initiative: %s plays the first Player Turn", e.Seat, e.FirstTurn)
	}
	return fmt.Sprintf("%s keeps Deployment: Deployment Zone %d, %s deploys first", e.Seat, e.Zone, e.DeployFirst)
}

func (e Deployed) String() string {
	return e.Trooper + " deploys at " + point(e.At) + " facing " + degrees(e.Facing)
}

func (e DeployRolled) String() string {
	out := "fails: it deploys at its fallback"
	if e.Success {
		out = "passes"
	}
	if e.SV == nil {
		return fmt.Sprintf("%s's %s deployment roll %s", e.Trooper, e.Skill, out)
	}
	return fmt.Sprintf("%s's %s deployment roll, %s %d: %s %s", e.Trooper, e.Skill, e.SV.Attribute, e.SV.Value, faces(e.Dice), out)
}

func (e DeploymentEnded) String() string {
	return "deployment ends; " + string(e.FirstTurn) + " plays the first Player Turn"
}

func (e TargetDesignated) String() string {
	return e.Trooper + " is " + string(e.Seat) + "'s Designated Target"
}

func (e ObjectiveScored) String() string {
	s := fmt.Sprintf("round %d: %s scores %d OP by %s", e.Round, e.Seat, e.OP, e.Rule)
	if len(e.Objectives) > 0 {
		s += " (" + strings.Join(e.Objectives, ", ") + ")"
	}
	return s + fmt.Sprintf(", %d OP in all", e.Total)
}

func (e Interacted) String() string {
	out := "fails"
	if e.Success {
		out = "succeeds"
	}
	return fmt.Sprintf("%s activates %s, WIP Roll %s: %s", e.Trooper, e.Objective, faces(e.Dice), out)
}

func (a Deploy) String() string {
	if a.Trooper == "" {
		return "deploy troopers in Hidden Deployment"
	}
	return "deploy " + a.Trooper + " at " + point(a.At)
}

func (InitiativeRoll) String() string { return "roll the Initiative Roll" }

func (a Choose) String() string {
	switch a.Keep {
	case KeepInitiative:
		return fmt.Sprintf("keep Initiative: %s plays the first Player Turn", a.FirstTurn)
	case KeepDeployment:
		return fmt.Sprintf("keep Deployment: Deployment Zone %d, %s deploys first", a.Zone, a.DeployFirst)
	}
	if a.FirstTurn != "" {
		return fmt.Sprintf("choose: %s plays the first Player Turn", a.FirstTurn)
	}
	return fmt.Sprintf("choose: Deployment Zone %d, %s deploys first", a.Zone, a.DeployFirst)
}

func (a Interact) String() string {
	return fmt.Sprintf("spend a %[2]s Order on %[1]s to activate %[3]s", a.Trooper, a.Order, a.Objective)
}

func (a ChooseClassified) String() string {
	if a.Objective == "" {
		return "pick a Classified Objective"
	}
	return "pick the Classified Objective " + a.Objective
}

func (e ClassifiedChosen) String() string {
	if e.Objective == "" {
		return string(e.Seat) + " picks a Classified Objective"
	}
	return string(e.Seat) + " picks the Classified Objective " + e.Objective
}

func (e ClassifiedScored) String() string {
	return fmt.Sprintf("round %d: %s reveals its Classified Objective %s and scores %d OP, %d OP in all", e.Round, e.Seat, e.Name, e.OP, e.Total)
}
