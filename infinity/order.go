package infinity

import (
	"slices"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// The steps of an Order in progress (Order Expenditure Sequence (N4), the errata 1.1.1 shape).
const (
	StepARO1      = "aro-1"      // step 2: first ARO window
	StepSecond    = "second"     // step 3: the second skill
	StepARO2      = "aro-2"      // step 4: second ARO window
	StepResolve   = "resolve"    // step 5: resolution (the dice)
	StepDodgeMove = "dodge-move" // step 6: Dodge movements, active player first
)

// Order is the Order being resolved.
type Order struct {
	Trooper int    `json:"trooper"` // index into State.Troopers
	Model   int    `json:"model"`   // the active model
	Source  string `json:"source"`  // regular, irregular, lieutenant
	Step    string `json:"step"`
	First   Skill  `json:"first"`
	Second  *Skill `json:"second,omitempty"`
	// Path is where the active model is during the Order: its position when
	// activated, then every point of its declared routes.
	Path [][2]float64 `json:"path"`
	// FirstEnd is the index in Path where the first skill's movement ends.
	FirstEnd int `json:"firstEnd"`
	// AROs are the declared AROs, in declaration order.
	AROs []ARO `json:"aros,omitempty"`
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

	// Room for the path, the second skill and the targets inside the Order
	// itself, so that the hot path allocates nothing for them.
	pathBuf    [6][2]float64
	secondBuf  Skill
	targetsBuf [4]int

	// scans carries eligible's work from the first ARO window to the
	// second (pathScans); clones start without it.
	scans pathScans
}

// ARO is one declared ARO.
type ARO struct {
	Trooper int   `json:"trooper"`
	Skill   Skill `json:"skill"`
	Window  int   `json:"window"`
	// At is the point of the active model's path the reaction is made
	// against: the closest one at which the trooper qualified.
	At [2]float64 `json:"at"`
	// Affected are the troopers under the template of a Direct Template
	// ARO, placed at declaration toward the active trooper at At (Direct
	// Template Weapons (N4)). It never changes once declared, and clones
	// share it.
	Affected []int `json:"affected,omitempty"`
}

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
		return rules.Prompt{Kind: rules.Sequential, Seats: seat(1 - s.Turn), Window: o.Step}
	case StepSecond:
		return rules.Prompt{Kind: rules.Sequential, Seats: seat(s.Turn), Window: StepSecond}
	case StepResolve:
		return rules.Prompt{Kind: rules.Chance, Seats: chanceSeats[:1:1], Window: StepResolve}
	case StepLanding:
		return rules.Prompt{Kind: rules.Chance, Seats: chanceSeats[:1:1], Window: StepLanding}
	case StepMissedJump:
		return rules.Prompt{Kind: rules.Sequential, Seats: seat(s.Turn), Window: StepMissedJump}
	case StepDodgeMove:
		return rules.Prompt{Kind: rules.Sequential, Seats: seat(s.seatIndex(s.Troopers[o.Dodgers[0]].Seat)), Window: StepDodgeMove}
	case StepGuts:
		return rules.Prompt{Kind: rules.Chance, Seats: chanceSeats[:1:1], Window: StepGuts}
	case StepGutsMove:
		return rules.Prompt{Kind: rules.Sequential, Seats: seat(s.seatIndex(s.Troopers[o.Gutsers[0].Trooper].Seat)), Window: StepGutsMove}
	case StepAlert:
		return rules.Prompt{Kind: rules.Sequential, Seats: seat(s.seatIndex(s.Troopers[o.Alerters[0]].Seat)), Window: StepAlert}
	case StepToken:
		for _, t := range s.Troopers {
			if t.Jumper == o.Stranded[0] {
				return rules.Prompt{Kind: rules.Sequential, Seats: seat(s.seatIndex(t.Seat)), Window: StepToken}
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
	if err := s.check(a); err != nil {
		return nil, err
	}
	switch a.(type) {
	case Resolve, Guts, Land:
		if dice.IsInfallible(d) {
			// A source that cannot fail: nothing can stop the roll part
			// way, so it is applied in place.
			return s.apply(seat, a, d)
		}
	default:
		// Every other action takes no dice and cannot fail once checked.
		return s.apply(seat, a, d)
	}
	// Resolution and the Guts Rolls take dice, and a source can fail part
	// way (a script that runs out): work on a copy and keep it only on
	// success.
	c := s.clone()
	events, err := c.apply(seat, a, d)
	if err != nil {
		return nil, err
	}
	*s = *c
	return events, nil
}

// apply performs an action that check has accepted.
func (s *State) apply(seat rules.Seat, a rules.Action, d dice.Source) ([]rules.Event, error) {
	switch a := a.(type) {
	case Activate:
		return s.activate(a)
	case EndOrders:
		return s.endTurn(), nil
	case Second:
		return s.second(a)
	case AROs:
		return s.aros(a)
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
// anything or rolling: the one authority that both Apply and Legal use.
func (s *State) check(a rules.Action) error {
	if s.Phase == PhaseAppoint {
		if ap, ok := a.(Appoint); ok {
			return s.checkAppoint(ap)
		}
		return rules.Errorf(rules.CodeWrongWindow, "Loss of Lieutenant (N4)", "%s: the player must first appoint a new Lieutenant", a.Kind())
	}
	step := ""
	if s.Order != nil {
		step = s.Order.Step
	}
	wrong := func() error {
		w := step
		if w == "" {
			w = "orders"
		}
		return rules.Errorf(rules.CodeWrongWindow, "Order Expenditure Sequence (N4)", "%s does not belong to the %s window", a.Kind(), w)
	}
	switch a := a.(type) {
	case Activate:
		if step != "" {
			return wrong()
		}
		_, err := s.checkActivate(a)
		return err
	case EndOrders:
		if step != "" {
			return wrong()
		}
	case Second:
		if step != StepSecond {
			return wrong()
		}
		if err := s.canDeclare(s.Order, a.Skill, false); err != nil {
			return err
		}
		return s.checkAttackFrom(a)
	case AROs:
		if step != StepARO1 && step != StepARO2 {
			return wrong()
		}
		decls, err := s.checkAROs(a, s.aroWindow())
		if err != nil {
			return err
		}
		s.probeAROs = decls
		return nil
	case Resolve:
		if step != StepResolve {
			return wrong()
		}
	case DodgeMove:
		if step != StepDodgeMove {
			return wrong()
		}
		return s.checkDodgeMove(a)
	case Land:
		if step != StepLanding {
			return wrong()
		}
	case PlaceJump:
		if step != StepMissedJump {
			return wrong()
		}
		return s.checkPlaceJump(a)
	case Guts:
		if step != StepGuts {
			return wrong()
		}
	case GutsMove:
		if step != StepGutsMove {
			return wrong()
		}
		return s.checkGutsMove(a)
	case Alert:
		if step != StepAlert {
			return wrong()
		}
		return s.checkAlert(a)
	case Appoint:
		return wrong()
	case MoveToken:
		if step != StepToken {
			return wrong()
		}
		return s.checkMoveToken(a)
	case Transfer:
		if step != "" {
			return wrong()
		}
		return s.checkTransfer(a)
	default:
		return rules.Errorf(rules.CodeUnknown, "", "unknown action %s", a.Kind())
	}
	return nil
}

// checkActivate validates an activation and returns the Order it starts.
func (s *State) checkActivate(a Activate) (*Order, error) {
	t := s.trooperIndex(a.Trooper)
	if t < 0 || s.Troopers[t].Seat != s.active() {
		return nil, rules.Errorf(rules.CodeBadAction, "Order Expenditure Sequence (N4)", "%q is not a trooper of %s", a.Trooper, s.active())
	}
	if err := s.canSpend(t, a.Order); err != nil {
		return nil, err
	}
	m := s.modelOf(t)
	if m < 0 {
		// In reserve: its model waits off the table.
		m = s.Troopers[t].Models[0]
	}
	// Validation works on the state's scratch Order: Legal checks every
	// candidate this way, and must not allocate an Order for each.
	o := &s.probe
	*o = Order{Trooper: t, Model: m, Source: a.Order}
	o.Path = o.pathBuf[:1]
	o.Path[0] = s.Models[m].At
	if err := s.canDeclare(o, a.Skill, true); err != nil {
		return nil, err
	}
	return o, nil
}

// activate is steps 1.1 and 1.2: spend the Order, declare the first skill.
//
// Apply has just run check, whose checkActivate left the Order it accepted
// in s.probe: the activation is not validated twice.
func (s *State) activate(a Activate) ([]rules.Event, error) {
	probe := &s.probe
	o := &Order{Trooper: probe.Trooper, Model: probe.Model, Source: probe.Source}
	o.Targets = o.targetsBuf[:0]
	o.Path = append(o.pathBuf[:0:len(o.pathBuf)], probe.Path...)
	t := o.Trooper
	s.spend(t, a.Order)
	s.army(s.active()).OrderDeclared = true
	// The Proxy activated takes the Active Proxy Token (G: Jumper (N4, PDF 2.1)).
	token := s.takeToken(t)
	if a.Skill.Name == SkillMove {
		s.Troopers[t].States.Prone = false
	}
	o.First = a.Skill
	if a.Skill.Name == SkillMove {
		o.Path = append(o.Path, a.Skill.Route...)
	}
	o.FirstEnd = len(o.Path) - 1
	if a.Skill.Name == SkillCombatJump {
		// The trooper is on the table from its declaration: the AROs see it
		// at its landing point.
		o.Path[0] = a.Skill.Route[0]
		o.FirstEnd = 0
		token = append(token, s.land(t, a.Skill.Route[0])...)
	}
	o.StrandedBefore = s.stranded()
	s.Order = o
	s.placeDeclared(&o.First)
	var mines []rules.Event
	if a.Skill.Name != SkillCombatJump {
		// A jumping trooper sets Mines off where it ends up, once its PH
		// Roll has settled that (landed).
		mines = s.trigger(t)
	}
	events := append([]rules.Event{OrderSpent{Trooper: a.Trooper, Order: a.Order, Skill: a.Skill}}, token...)
	if a.Order == OrderLieutenant {
		// Spending the Lieutenant Special Order reveals the Lieutenant
		// (Lieutenant (N4)).
		events = append(events, s.revealLieutenant(t)...)
	}
	// An Order places a hidden trooper on the table; a skill other than a
	// Short Movement Skill without a roll reveals a marker (Camouflaged (N4),
	// Hidden Deployment (N4)).
	if tr := s.Troopers[t]; tr.States.Hidden || (tr.States.Camouflaged && !keepsCamouflage(a.Skill.Name)) {
		events = append(events, s.reveal(t, "declared "+a.Skill.Name)...)
	}
	// Activation cancels Suppressive Fire (Suppressive Fire (N4)).
	events = append(events, s.leaveSuppressive(t, "activated")...)
	events = append(events, mines...)
	if a.Skill.Name == SkillCombatJump {
		// The PH Roll comes before the AROs (Combat Jump, N4).
		o.Step = StepLanding
		return events, nil
	}
	return append(events, s.openWindow(1)...), nil
}

// canSpend checks the Order source (Order types (N4), Order Count (N4)).
func (s *State) canSpend(t int, source string) error {
	tr := s.Troopers[t]
	army := s.army(tr.Seat)
	switch {
	case tr.States.Null():
		return rules.Errorf(rules.CodeIllegal, "States (N4)", "%s is %v and cannot be activated", tr.ID, tr.States)
	case s.modelOf(t) < 0 && !tr.States.Reserve:
		return rules.Errorf(rules.CodeIllegal, "Order Count (N4)", "%s is not on the table", tr.ID)
	case tr.Jumper != "" && tr.States.Isolated:
		return rules.Errorf(rules.CodeIllegal, "G: Jumper (N4, PDF 2.1)", "a G: Jumper cannot activate a Proxy in Isolated State (%s)", tr.ID)
	}
	switch source {
	case OrderRegular:
		// A Regular Order from the pool may go to any trooper of the
		// combat group, Irregular ones included (Order types (N4)); being
		// Irregular only means adding nothing to the pool. An Isolated
		// trooper cannot receive Orders from the pool (Isolated (N4)).
		if tr.States.Isolated {
			return rules.Errorf(rules.CodeIllegal, "Isolated (N4)", "%s is Isolated: it cannot receive Orders from its combat group's pool", tr.ID)
		}
		if s.poolLeft(t) {
			return nil
		}
		return rules.Errorf(rules.CodeIllegal, "Order types (N4)", "combat group %s has no Regular Order left", tr.Group)
	case OrderIrregular:
		if s.orderHolder(t) >= 0 {
			return nil
		}
		return rules.Errorf(rules.CodeIllegal, "Order types (N4)", "%s has no Irregular Order", tr.ID)
	case OrderLieutenant:
		if !tr.Lieutenant {
			return rules.Errorf(rules.CodeIllegal, "Order types (N4)", "only the Lieutenant uses the Lieutenant Special Order")
		}
		if army.LieutenantOrders > 0 {
			return nil
		}
		return rules.Errorf(rules.CodeIllegal, "Order types (N4)", "no Lieutenant Special Order left")
	}
	return rules.Errorf(rules.CodeBadAction, "Order types (N4)", "order %q: want regular, irregular or lieutenant", source)
}

// spend removes the Order.
func (s *State) spend(t int, source string) {
	tr := &s.Troopers[t]
	army := s.army(tr.Seat)
	switch source {
	case OrderRegular:
		for g := range army.Groups {
			if army.Groups[g].Name == tr.Group {
				army.Groups[g].Pool--
				return
			}
		}
	case OrderIrregular:
		s.Troopers[s.orderHolder(t)].IrregularOrders--
	case OrderLieutenant:
		army.LieutenantOrders--
	}
}

// orderHolder is the trooper holding t's Irregular Order: t itself, or for
// a Proxy whichever Proxy of its G: Jumper holds the Jumper's one Order;
// -1 if none.
func (s *State) orderHolder(t int) int {
	tr := s.Troopers[t]
	if tr.IrregularOrders > 0 {
		return t
	}
	if tr.Jumper == "" {
		return -1
	}
	for i, o := range s.Troopers {
		if o.Jumper == tr.Jumper && o.Seat == tr.Seat && o.IrregularOrders > 0 {
			return i
		}
	}
	return -1
}

// takeToken gives Proxy t the Active Proxy Token of its G: Jumper (seed
// 000). It returns the event, or nil when t already held it or is no Proxy.
func (s *State) takeToken(t int) []rules.Event {
	tr := s.Troopers[t]
	if tr.Jumper == "" || tr.Active {
		return nil
	}
	for i := range s.Troopers {
		if s.Troopers[i].Jumper == tr.Jumper && s.Troopers[i].Seat == tr.Seat {
			s.Troopers[i].Active = i == t
		}
	}
	return []rules.Event{TokenMoved{Jumper: tr.Jumper, Proxy: tr.ID}}
}

// second is step 3.
func (s *State) second(a Second) ([]rules.Event, error) {
	o := s.Order
	o.secondBuf = a.Skill
	o.Second = &o.secondBuf
	if a.AttackFrom != nil {
		from := *a.AttackFrom
		o.AttackFrom = &from
	}
	k := a.Skill
	if k.Name == SkillMove {
		o.Path = append(o.Path, k.Route...)
	}
	s.placeDeclared(o.Second)
	events := []rules.Event{SecondDeclared{Trooper: s.Troopers[o.Trooper].ID, Skill: k}}
	if s.Troopers[o.Trooper].States.Camouflaged && !keepsCamouflage(k.Name) {
		events = append(events, s.reveal(o.Trooper, "declared "+k.Name)...)
	}
	return append(events, s.openWindow(2)...), nil
}

// placeDeclared places the template of a Direct Template attack just
// declared (check has accepted the placement).
func (s *State) placeDeclared(k *Skill) {
	o := s.Order
	if k.Name != SkillBSAttack {
		return
	}
	w, err := s.weaponFor(o.Trooper, *k)
	if err != nil || !isDirectTemplate(w) {
		return
	}
	from, _ := s.fromPoint(o, *k)
	tm := s.targetModel(k.Target, s.Troopers[o.Trooper].Seat)
	if tm < 0 {
		return
	}
	o.Affected, _ = s.placeTemplate(o.Model, from, w, tm, s.Models[tm].At)
}

// openWindow moves the Order to ARO window n, or past it when no reactive
// trooper may react (Order Expenditure Sequence (N4) steps 2 and 4).
func (s *State) openWindow(n int) []rules.Event {
	o := s.Order
	o.Eligible = s.widenForJumpers(s.eligible())
	// While the reactive side has a trooper in Hidden Deployment the window
	// opens every time, so that its opening tells nothing of where that
	// trooper is.
	if len(o.Eligible) > 0 || s.hasHidden(s.reactive()) {
		o.Step = StepARO1
		if n == 2 {
			o.Step = StepARO2
		}
		return nil
	}
	o.Step = s.afterWindow(n)
	return nil
}

// checkAttackFrom checks a first-skill attack moved to a point of the
// second skill's Move: the point must be on the path, and the attack's
// requirements must hold from there.
func (s *State) checkAttackFrom(a Second) error {
	if a.AttackFrom == nil {
		return nil
	}
	o := s.Order
	if !isAttack(o.First.Name) || a.Skill.Name != SkillMove {
		return rules.Errorf(rules.CodeIllegal, "BS Attack (N4)", "attackFrom needs an attack then a Move")
	}
	if w, err := s.weaponFor(o.Trooper, o.First); err == nil && isDirectTemplate(w) {
		return rules.Errorf(rules.CodeIllegal, "Direct Template Weapons (N4)", "a template is placed where the attack is declared")
	}
	path := append(slices.Clone(o.Path), a.Skill.Route...)
	if *a.AttackFrom < 0 || *a.AttackFrom >= len(path) {
		return rules.Errorf(rules.CodeBadAction, "BS Attack (N4)", "attackFrom %d: the path has points 0..%d", *a.AttackFrom, len(path)-1)
	}
	k := o.First
	k.From = a.AttackFrom
	tmp := *o
	tmp.Path = path
	return s.checkAttack(&tmp, k)
}

// hasHidden reports a trooper of seat in Hidden Deployment.
func (s *State) hasHidden(seat rules.Seat) bool {
	for _, t := range s.Troopers {
		if t.Seat == seat && t.States.Hidden && !t.States.Null() {
			return true
		}
	}
	return false
}

// afterWindow is the step after ARO window n: the second skill, unless the
// first took the whole Order (an Entire Order, Skill categories (N4)), or resolution.
func (s *State) afterWindow(n int) string {
	if n == 1 && category(s.Order.First.Name) != "entire" {
		return StepSecond
	}
	return StepResolve
}

// aros is steps 2.2 and 4: every eligible trooper declares or forfeits.
//
// Apply has just run check, which left the declarations it accepted in
// s.probeAROs.
func (s *State) aros(a AROs) ([]rules.Event, error) {
	o := s.Order
	window := s.aroWindow()
	decls := s.probeAROs
	s.probeAROs = nil
	ev := AROsDeclared{Window: window}
	for _, d := range decls {
		o.AROs = append(o.AROs, d)
		ev.AROs = append(ev.AROs, ARODecl{Trooper: s.Troopers[d.Trooper].ID, Skill: d.Skill})
	}
	// Against a marker that has not revealed itself, a trooper may delay
	// its ARO to the second window (Delayed ARO (N4)): silence in the first
	// window forfeits nothing.
	delay := window == 1 && s.Troopers[o.Trooper].States.Camouflaged
	for _, e := range o.Eligible {
		t := e.Trooper
		declared := slices.ContainsFunc(decls, func(d ARO) bool { return d.Trooper == t })
		if declared || !delay {
			o.Decided = append(o.Decided, t)
		}
		switch {
		case declared:
		case e.Proxy && !s.leaks.widenedForfeit:
			// A Proxy that may react only because a sibling can (it may
			// Dodge or Reset) has no ARO of its own to delay or forfeit:
			// listing it would tell the opponent that a concealed sibling
			// has Line of Fire (G: Jumper (N4, PDF 2.1), Hidden Deployment
			// (N4), Camouflaged (N4)).
		case delay:
			ev.Delayed = append(ev.Delayed, s.Troopers[t].ID)
		default:
			ev.Forfeited = append(ev.Forfeited, s.Troopers[t].ID)
		}
	}
	slices.Sort(o.Decided)
	o.Eligible = nil
	// Declaring an ARO cancels Suppressive Fire unless it is a BS Attack
	// (Suppressive Fire (N4)).
	var events []rules.Event
	events = append(events, ev)
	for _, d := range decls {
		// A Proxy reacting other than by Dodge or Reset is the Active
		// Proxy: the token moves to it (G: Jumper (N4, PDF 2.1)).
		if d.Skill.Name != SkillDodge && d.Skill.Name != SkillReset {
			events = append(events, s.takeToken(d.Trooper)...)
		}
		// Declaring an ARO places a hidden trooper on the table and
		// reveals a marker (every ARO here rolls).
		events = append(events, s.reveal(d.Trooper, "declared an ARO")...)
		events = append(events, s.trigger(d.Trooper)...)
	}
	for _, d := range decls {
		if !s.suppressiveARO(d.Trooper, d.Skill) {
			events = append(events, s.leaveSuppressive(d.Trooper, "declared another ARO")...)
		}
	}
	o.Step = s.afterWindow(window)
	return events, nil
}

// startConclusion is step 7: the Guts Rolls if anyone must make one, the
// Alert window if anyone may turn, then the end of the Order.
func (s *State) startConclusion() []rules.Event {
	if len(s.gutsCandidates()) > 0 {
		s.Order.Step = StepGuts
		return nil
	}
	return s.advanceConclusion()
}

// conclude ends the Order.
func (s *State) conclude() []rules.Event {
	s.Order = nil
	return nil
}

// aroWindow is the number of the ARO window open now: 2 in the second
// window, 1 otherwise.
func (s *State) aroWindow() int {
	if s.Order != nil && s.Order.Step == StepARO2 {
		return 2
	}
	return 1
}

// checkAROs validates the declarations of an ARO window: each trooper
// eligible, at most one ARO each, each ARO valid (ARO (N4)).
func (s *State) checkAROs(a AROs, window int) ([]ARO, error) {
	var seen []int
	var decls []ARO
	for _, d := range a.Declarations {
		t := s.trooperIndex(d.Trooper)
		if t < 0 {
			return nil, rules.Errorf(rules.CodeBadAction, "ARO (N4)", "%q is not a trooper", d.Trooper)
		}
		if slices.Contains(seen, t) {
			return nil, rules.Errorf(rules.CodeIllegal, "ARO (N4)", "%s declares two AROs: one ARO per trooper per Order", d.Trooper)
		}
		seen = append(seen, t)
		i := slices.IndexFunc(s.Order.Eligible, func(e eligibility) bool { return e.Trooper == t })
		if i < 0 {
			return nil, rules.Errorf(rules.CodeIllegal, "ARO (N4)", "%s may not react in this window", d.Trooper)
		}
		e := s.Order.Eligible[i]
		if err := s.canReact(t, d.Skill, e); err != nil {
			return nil, err
		}
		at := e.At
		var affected []int
		if d.Skill.Name == SkillBSAttack {
			at = e.AtLoF
			// A Direct Template declared in ARO is placed now, from the
			// reacting trooper toward the active one where it meets it
			// (Direct Template Weapons (N4)).
			if w, err := s.weaponFor(t, d.Skill); err == nil && isDirectTemplate(w) {
				m := s.modelOf(t)
				if affected, err = s.placeTemplate(m, s.Models[m].At, w, s.Order.Model, at); err != nil {
					return nil, err
				}
			}
		}
		decls = append(decls, ARO{Trooper: t, Skill: d.Skill, Window: window, At: at, Affected: affected})
	}
	if err := s.checkJumperAROs(decls); err != nil {
		return nil, err
	}
	return decls, nil
}
