package infinity

import (
	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// Step is where an Order in progress waits for its next action: the
// steps of the Order Expenditure Sequence (N4) and of the Conclusion of the
// Order, and those the rules add to them (Combat Jump, Guts Roll (N4),
// Alert (N4), G: Jumper (N4, PDF 2.1)). Between Orders there is no step:
// the State waits in its Phase.
type Step string

// The steps, in the order an Order can pass through them.
const (
	// StepLanding is the chance step of a Combat Jump's PH Roll, before
	// any ARO.
	StepLanding Step = "landing"
	// StepMissedJump is where the active player sets a failed jumper down
	// in its Deployment Zone.
	StepMissedJump Step = "place-jump"
	StepARO1       Step = "aro-1"      // step 2: first ARO window
	StepSecond     Step = "second"     // step 3: the second skill
	StepARO2       Step = "aro-2"      // step 4: second ARO window
	StepResolve    Step = "resolve"    // step 5: resolution (the dice)
	StepDodgeMove  Step = "dodge-move" // step 6: Dodge movements, active player first
	// StepGuts is the Conclusion's chance step of the Guts Rolls (Guts
	// Roll (N4)).
	StepGuts Step = "guts"
	// StepGutsMove is each rolled trooper's Guts movement or not.
	StepGutsMove Step = "guts-move"
	// StepAlert is the Conclusion's Alert window (Alert (N4)).
	StepAlert Step = "alert"
	// StepToken is the Conclusion step where a player whose Active Proxy
	// entered Isolated or a Null state this Order may move the token
	// (G: Jumper (N4, PDF 2.1)).
	StepToken Step = "proxy-token"
)

// PhaseAppoint is the End of Turn step where a player in Loss of
// Lieutenant appoints a new Lieutenant (Loss of Lieutenant (N4)).
const PhaseAppoint Phase = "appoint-lieutenant"

// steps are the steps an Order can wait in.
var steps = []Step{StepARO1, StepSecond, StepARO2, StepResolve, StepDodgeMove, StepLanding, StepMissedJump,
	StepGuts, StepGutsMove, StepAlert, StepToken}

// chanceSeats is the seat list of a chance prompt.
var chanceSeats = []rules.Seat{rules.ChanceSeat}

// Prompt says who acts now (the flow of the Order Expenditure Sequence
// lives here, not in the caller).
func (s *State) Prompt() rules.Prompt {
	if s.Phase == PhaseOver {
		return rules.Prompt{Kind: rules.GameOver}
	}
	// The seat lists are slices of s.Seats, capped, so that a prompt costs
	// no allocation; callers must not write to them.
	seat := func(i int) []rules.Seat { return s.Seats[i : i+1 : i+1] }
	if s.Phase == PhaseAppoint {
		return rules.Prompt{Kind: rules.Sequential, Seats: seat(s.Turn), Window: string(PhaseAppoint)}
	}
	o := s.Order
	if o == nil {
		return rules.Prompt{Kind: rules.Sequential, Seats: seat(s.Turn), Window: "orders"}
	}
	switch o.Step {
	case StepARO1, StepARO2:
		return rules.Prompt{Kind: rules.Sequential, Seats: seat(1 - s.Turn), Window: string(o.Step)}
	case StepSecond:
		return rules.Prompt{Kind: rules.Sequential, Seats: seat(s.Turn), Window: string(StepSecond)}
	case StepResolve:
		return rules.Prompt{Kind: rules.Chance, Seats: chanceSeats[:1:1], Window: string(StepResolve)}
	case StepLanding:
		return rules.Prompt{Kind: rules.Chance, Seats: chanceSeats[:1:1], Window: string(StepLanding)}
	case StepMissedJump:
		return rules.Prompt{Kind: rules.Sequential, Seats: seat(s.Turn), Window: string(StepMissedJump)}
	case StepDodgeMove:
		return rules.Prompt{Kind: rules.Sequential, Seats: seat(s.seatIndex(s.Troopers[o.Dodgers[0]].Seat)), Window: string(StepDodgeMove)}
	case StepGuts:
		return rules.Prompt{Kind: rules.Chance, Seats: chanceSeats[:1:1], Window: string(StepGuts)}
	case StepGutsMove:
		return rules.Prompt{Kind: rules.Sequential, Seats: seat(s.seatIndex(s.Troopers[o.Gutsers[0].Trooper].Seat)), Window: string(StepGutsMove)}
	case StepAlert:
		return rules.Prompt{Kind: rules.Sequential, Seats: seat(s.seatIndex(s.Troopers[o.Alerters[0]].Seat)), Window: string(StepAlert)}
	case StepToken:
		for _, t := range s.Troopers {
			if t.Jumper == o.Stranded[0] {
				return rules.Prompt{Kind: rules.Sequential, Seats: seat(s.seatIndex(t.Seat)), Window: string(StepToken)}
			}
		}
	}
	return rules.Prompt{Kind: rules.GameOver}
}

// Apply validates and applies an action, all or nothing: it works on a
// copy and keeps it only if the action is accepted.
func (s *State) Apply(seat rules.Seat, a rules.Action, d dice.Source) ([]rules.Event, error) {
	p := s.Prompt()
	if p.Kind == rules.GameOver {
		return nil, rules.Errorf(rules.CodeGameOver, "Game Round and Player Turn (N4)", "the game is over")
	}
	if !p.Waits(seat) {
		return nil, rules.Errorf(rules.CodeNotYourTurn, "Order Expenditure Sequence (N4)", "%s may not act now: waiting for %v in %s", seat, p.Seats, p.Window)
	}
	// No scratch: the Order an activation starts is built once, by check,
	// and kept by activate.
	c, err := s.check(a, nil)
	if err != nil {
		return nil, err
	}
	switch a.(type) {
	case Resolve, Guts, Land:
		if dice.IsInfallible(d) {
			// A source that cannot fail: nothing can stop the roll part
			// way, so it is applied in place.
			return s.apply(seat, a, c, d)
		}
	default:
		// Every other action takes no dice and cannot fail once checked.
		return s.apply(seat, a, c, d)
	}
	// Resolution and the Guts Rolls take dice, and a source can fail part
	// way (a script that runs out): work on a copy and keep it only on
	// success.
	cp := s.clone()
	events, err := cp.apply(seat, a, c, d)
	if err != nil {
		return nil, err
	}
	*s = *cp
	return events, nil
}

// checked is what check worked out of an action it accepted, for apply to
// use: an action is not validated twice, and check writes nothing into the
// state to hand it over.
type checked struct {
	// order is the Order an activation starts, as far as check built it:
	// the trooper, its model, the Order source and the path so far.
	order *Order
	// aros are the declarations of an ARO window, in declaration order.
	aros []ARO
}

// apply performs an action that check has accepted, with what check worked
// out of it.
func (s *State) apply(seat rules.Seat, a rules.Action, c checked, d dice.Source) ([]rules.Event, error) {
	switch a := a.(type) {
	case Activate:
		return s.activate(a, c.order)
	case EndOrders:
		return s.endTurn(), nil
	case Second:
		return s.second(a)
	case AROs:
		return s.aros(a, c.aros)
	case Resolve:
		return s.resolve(d)
	case DodgeMove:
		return s.dodgeMove(a)
	case Land:
		return s.landing(d)
	case PlaceJump:
		return s.placeJump(a), nil
	case Guts:
		return s.guts(d)
	case GutsMove:
		return s.gutsMove(a), nil
	case Alert:
		return s.alert(a), nil
	case Appoint:
		return s.appoint(a), nil
	case MoveToken:
		return s.moveToken(a), nil
	case Transfer:
		return s.transfer(a), nil
	}
	return nil, rules.Errorf(rules.CodeUnknown, "", "unknown action %s", a.Kind())
}

// check validates an action in the current window without changing
// anything or rolling: the one authority that both Apply and Legal use. It
// returns what it worked out for apply; an activation's Order is built in
// scratch (nil: a new one), so that Legal, which checks every candidate,
// reuses one.
func (s *State) check(a rules.Action, scratch *Order) (checked, error) {
	if s.Phase == PhaseAppoint {
		if ap, ok := a.(Appoint); ok {
			return checked{}, s.checkAppoint(ap)
		}
		return checked{}, rules.Errorf(rules.CodeWrongWindow, "Loss of Lieutenant (N4)", "%s: the player must first appoint a new Lieutenant", a.Kind())
	}
	var step Step
	if s.Order != nil {
		step = s.Order.Step
	}
	wrong := func() error {
		w := string(step)
		if w == "" {
			w = "orders"
		}
		return rules.Errorf(rules.CodeWrongWindow, "Order Expenditure Sequence (N4)", "%s does not belong to the %s window", a.Kind(), w)
	}
	switch a := a.(type) {
	case Activate:
		if step != "" {
			return checked{}, wrong()
		}
		o, err := s.checkActivate(a, scratch)
		return checked{order: o}, err
	case EndOrders:
		if step != "" {
			return checked{}, wrong()
		}
	case Second:
		if step != StepSecond {
			return checked{}, wrong()
		}
		if err := s.canDeclare(s.Order, a.Skill, false); err != nil {
			return checked{}, err
		}
		return checked{}, s.checkAttackFrom(a)
	case AROs:
		if step != StepARO1 && step != StepARO2 {
			return checked{}, wrong()
		}
		decls, err := s.checkAROs(a, s.aroWindow())
		return checked{aros: decls}, err
	case Resolve:
		if step != StepResolve {
			return checked{}, wrong()
		}
	case DodgeMove:
		if step != StepDodgeMove {
			return checked{}, wrong()
		}
		return checked{}, s.checkDodgeMove(a)
	case Land:
		if step != StepLanding {
			return checked{}, wrong()
		}
	case PlaceJump:
		if step != StepMissedJump {
			return checked{}, wrong()
		}
		return checked{}, s.checkPlaceJump(a)
	case Guts:
		if step != StepGuts {
			return checked{}, wrong()
		}
	case GutsMove:
		if step != StepGutsMove {
			return checked{}, wrong()
		}
		return checked{}, s.checkGutsMove(a)
	case Alert:
		if step != StepAlert {
			return checked{}, wrong()
		}
		return checked{}, s.checkAlert(a)
	case Appoint:
		return checked{}, wrong()
	case MoveToken:
		if step != StepToken {
			return checked{}, wrong()
		}
		return checked{}, s.checkMoveToken(a)
	case Transfer:
		if step != "" {
			return checked{}, wrong()
		}
		return checked{}, s.checkTransfer(a)
	default:
		return checked{}, rules.Errorf(rules.CodeUnknown, "", "unknown action %s", a.Kind())
	}
	return checked{}, nil
}
