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

// The windows between Orders, which the step table declares too but an
// Order never waits in: the Orders Phase itself, and the End of Turn step
// where a player in Loss of Lieutenant appoints a new Lieutenant (Loss of
// Lieutenant (N4)).
const (
	StepOrders  Step = "orders"
	StepAppoint Step = "appoint-lieutenant"
)

// PhaseAppoint is the phase a State waits in while the active player
// appoints a new Lieutenant (StepAppoint).
const PhaseAppoint Phase = Phase(StepAppoint)

// stepDef declares one step once: who is prompted, which actions it
// accepts and how each is checked and applied, what the menu offers, and
// what a decoded state must satisfy while waiting in it. Prompt, check,
// apply, Legal and DecodeState read it; each step's entry lives in the
// file of the rule it belongs to (stepOrders in oes_activate.go, stepGuts
// in rule_guts.go, …) and is listed once in stepTable.
type stepDef struct {
	name Step
	// order: an Order in progress waits in this step (Order.Step); the
	// others are windows between Orders.
	order bool
	// who is the prompted seat: the chance seat, or a player by its index
	// in Seats; -1 when nobody can be (the state is then over).
	who func(s *State) (rules.PromptKind, int)
	// actions are the actions the step accepts.
	actions []stepAction
	// wrong, if set, refuses every action the step does not accept (by
	// default, one that does not belong to the window).
	wrong func(a rules.Action) error
	// candidates is the menu before checking: Legal greys out what check
	// refuses.
	candidates func(s *State, b *menuBuilder) []rules.Action
	// activeOnTable: until resolution, the active model and every
	// reacting trooper stand on the table, for the rolls are made from
	// them (a decoded state is held to it).
	activeOnTable bool
	// invariants checks what else a decoded state waiting in the step
	// must satisfy (nil: nothing more).
	invariants func(c *stateChecker)
}

// stepAction is one kind of action a step accepts.
type stepAction struct {
	kind ActionKind
	// is reports an action of this package's type for the kind.
	is func(a rules.Action) bool
	// dice: applying it rolls, and a dice source may run out part way, so
	// Apply works on a copy unless the source cannot fail.
	dice bool
	// check validates the action without changing anything and returns
	// what it worked out; apply performs it with that.
	check func(s *State, a rules.Action, scratch *Order) (checked, error)
	apply func(s *State, a rules.Action, c checked, d dice.Source) ([]rules.Event, error)
}

// stepTable lists every step once.
var stepTable = [...]*stepDef{
	&stepOrders, &stepAppoint, &stepStrategic,
	&stepTransport, &stepLanding, &stepMissedJump,
	&stepARO1, &stepSecond, &stepARO2, &stepResolve, &stepDodgeMove,
	&stepGuts, &stepGutsMove, &stepAlert, &stepToken,
	&stepInitiative, &stepChoice, &stepClassified, &stepDeploy,
}

// stepNamed is the step of that name; nil for one the table does not know.
// A scan of the table rather than a map: it is asked for every action
// checked (a menu checks hundreds), and comparing a dozen short names
// costs less than hashing one.
func stepNamed(name Step) *stepDef {
	for _, d := range stepTable {
		if d.name == name {
			return d
		}
	}
	return nil
}

// stepOf is the step the state waits in; nil for an Order step the table
// does not know (a decoded state is checked against that).
func (s *State) stepOf() *stepDef {
	switch {
	case s.Phase == PhaseAppoint:
		return &stepAppoint
	case s.Phase == PhaseStrategic:
		return &stepStrategic
	case s.PreGame != nil:
		return s.preGameStep()
	case s.Order == nil:
		return &stepOrders
	}
	return stepNamed(s.Order.Step)
}

// act declares an action of type A that a step accepts: check validates it
// (nil: nothing to check beyond the window) and apply performs it.
//
// An action may come as a value or as a pointer to one (a menu's
// candidate, menuBox). check reads it through a pointer, not a copy: a
// menu checks thousands of candidates, an Activate is 192 bytes, and
// copying it out and again down the checks was a twelfth of a playout.
// check must not write through the pointer.
func act[A rules.Action](check func(*State, *A, *Order) (checked, error), apply func(*State, A, checked, dice.Source) ([]rules.Event, error)) stepAction {
	var zero A
	return stepAction{
		kind: ActionKind(zero.Kind()),
		is: func(a rules.Action) bool {
			switch any(a).(type) {
			case A, *A:
				return true
			}
			return false
		},
		check: func(s *State, a rules.Action, scratch *Order) (checked, error) {
			x, ok := actionRef[A](a)
			if !ok {
				return checked{}, unknownAction(a)
			}
			if check == nil {
				return checked{}, nil
			}
			return check(s, x, scratch)
		},
		apply: func(s *State, a rules.Action, c checked, d dice.Source) ([]rules.Event, error) {
			x, _ := asAction[A](a)
			return apply(s, x, c, d)
		},
	}
}

// roll declares an action of type A that takes nothing but dice: the
// chance steps.
func roll[A rules.Action](f func(*State, dice.Source) ([]rules.Event, error)) stepAction {
	sa := act(nil, func(s *State, _ A, _ checked, d dice.Source) ([]rules.Event, error) { return f(s, d) })
	sa.dice = true
	return sa
}

// checkWith is a check that works nothing out for apply.
func checkWith[A any](f func(*State, A) error) func(*State, *A, *Order) (checked, error) {
	return func(s *State, a *A, _ *Order) (checked, error) { return checked{}, f(s, *a) }
}

// checkRefWith is checkWith for a check that reads the action in place.
func checkRefWith[A any](f func(*State, *A) error) func(*State, *A, *Order) (checked, error) {
	return func(s *State, a *A, _ *Order) (checked, error) { return checked{}, f(s, a) }
}

// actionRef is a as a pointer to an A: a menu's candidate as it is
// (menuBox), an A value copied.
func actionRef[A rules.Action](a rules.Action) (*A, bool) {
	if p, ok := any(a).(*A); ok && p != nil {
		return p, true
	}
	x, ok := a.(A)
	return &x, ok
}

// applyWith is an apply that needs nothing from check and cannot fail.
func applyWith[A any](f func(*State, A) []rules.Event) func(*State, A, checked, dice.Source) ([]rules.Event, error) {
	return func(s *State, a A, _ checked, _ dice.Source) ([]rules.Event, error) { return f(s, a), nil }
}

// The prompted seats most steps use.
func activePlayer(s *State) (rules.PromptKind, int)   { return rules.Sequential, s.Turn }
func reactivePlayer(s *State) (rules.PromptKind, int) { return rules.Sequential, 1 - s.Turn }
func chance(*State) (rules.PromptKind, int)           { return rules.Chance, 0 }

// ownerOf prompts the player of trooper t.
func ownerOf(s *State, t int) (rules.PromptKind, int) {
	return rules.Sequential, s.seatIndex(s.Troopers[t].Seat)
}

// one is a menu of a single action, made once and shared: Legal only
// reads a step's candidates.
func one(a rules.Action) func(*State, *menuBuilder) []rules.Action {
	cands := []rules.Action{a}
	return func(*State, *menuBuilder) []rules.Action { return cands[:1:1] }
}

// chanceSeats is the seat list of a chance prompt.
var chanceSeats = []rules.Seat{rules.ChanceSeat}

// Prompt says who acts now (the flow of the Order Expenditure Sequence
// lives in the step table, not in the caller).
func (s *State) Prompt() rules.Prompt { return s.promptAt(s.stepOf()) }

// promptAt is Prompt in step def (stepOf), which Apply looks up once for
// the prompt and the action both.
func (s *State) promptAt(def *stepDef) rules.Prompt {
	if s.Phase == PhaseOver {
		return rules.Prompt{Kind: rules.GameOver}
	}
	if def == nil {
		return rules.Prompt{Kind: rules.GameOver}
	}
	kind, i := def.who(s)
	if kind == rules.Chance {
		return rules.Prompt{Kind: rules.Chance, Seats: chanceSeats[:1:1], Window: string(def.name)}
	}
	if i < 0 || i >= len(s.Seats) {
		return rules.Prompt{Kind: rules.GameOver}
	}
	// The seat list is a slice of s.Seats, capped, so that a prompt costs
	// no allocation; callers must not write to it.
	return rules.Prompt{Kind: kind, Seats: s.Seats[i : i+1 : i+1], Window: string(def.name)}
}

// Apply validates and applies an action, all or nothing: it works on a
// copy and keeps it only if the action is accepted.
func (s *State) Apply(seat rules.Seat, a rules.Action, d dice.Source) ([]rules.Event, error) {
	def := s.stepOf()
	p := s.promptAt(def)
	if p.Kind == rules.GameOver {
		return nil, rules.Errorf(rules.CodeGameOver, "Game Round and Player Turn (N4)", "the game is over")
	}
	if !p.Waits(seat) {
		return nil, rules.Errorf(rules.CodeNotYourTurn, "Order Expenditure Sequence (N4)", "%s may not act now: waiting for %v in %s", seat, p.Seats, p.Window)
	}
	sa, err := s.acceptingAt(def, a)
	if err != nil {
		return nil, err
	}
	// No scratch: the Order an activation starts is built once, by check,
	// and kept by activate.
	c, err := sa.check(s, a, nil)
	if err != nil {
		return nil, err
	}
	if !sa.dice || dice.IsInfallible(d) {
		// An action that takes no dice cannot fail once checked, and with
		// a source that cannot fail nothing can stop a roll part way: it
		// is applied in place.
		return sa.apply(s, a, c, d)
	}
	// Resolution and the other rolls take dice, and a source can fail part
	// way (a script that runs out): work on a copy and keep it only on
	// success.
	cp := s.clone()
	events, err := sa.apply(cp, a, c, d)
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

// accepting is the entry of the current step that accepts a, or why none
// does: the action belongs to another window, or is not an action of this
// ruleset.
func (s *State) accepting(a rules.Action) (*stepAction, error) {
	return s.acceptingAt(s.stepOf(), a)
}

// acceptingAt is accepting in step def (stepOf).
func (s *State) acceptingAt(def *stepDef, a rules.Action) (*stepAction, error) {
	kind := ActionKind(a.Kind())
	if def != nil {
		for i := range def.actions {
			if def.actions[i].kind == kind {
				return &def.actions[i], nil
			}
		}
		if def.wrong != nil {
			return nil, def.wrong(a)
		}
	}
	if !known(a) {
		return nil, unknownAction(a)
	}
	w := "orders"
	if def != nil {
		w = string(def.name)
	} else if s.Order != nil {
		w = string(s.Order.Step)
	}
	return nil, rules.Errorf(rules.CodeWrongWindow, "Order Expenditure Sequence (N4)", "%s does not belong to the %s window", a.Kind(), w)
}

// known reports an action of this ruleset: one some step accepts.
func known(a rules.Action) bool {
	for _, d := range stepTable {
		for i := range d.actions {
			if d.actions[i].is(a) {
				return true
			}
		}
	}
	return false
}

// unknownAction refuses an action that is not one of this ruleset's.
func unknownAction(a rules.Action) error {
	return rules.Errorf(rules.CodeUnknown, "", "unknown action %s", a.Kind())
}

// check validates an action in the current window without changing
// anything or rolling: the one authority that both Apply and Legal use. It
// returns what it worked out for apply; an activation's Order is built in
// scratch (nil: a new one), so that Legal, which checks every candidate,
// reuses one.
func (s *State) check(a rules.Action, scratch *Order) (checked, error) {
	sa, err := s.accepting(a)
	if err != nil {
		return checked{}, err
	}
	return sa.check(s, a, scratch)
}
