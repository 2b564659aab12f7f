package infinity

import (
	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// checkActivate validates an activation and returns the Order it starts,
// built in scratch (nil: a new Order).
func (s *State) checkActivate(a *Activate, scratch *Order) (*Order, error) {
	t, ok := s.activeTrooper(a.Trooper)
	if !ok {
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
	// Validation works on the caller's scratch Order: Legal checks every
	// candidate this way, and must not allocate an Order for each.
	o := scratch
	if o == nil {
		o = new(Order)
	} else if ok, err := s.menuDecl().answer(t, &a.Skill, a.Order); ok {
		// Legal checked this trooper's skill for the Order source before
		// (declMemo), in this same scratch Order, and left it as canDeclare
		// built it: only the source differs, and clearing the whole Order
		// again was a tenth of a menu.
		if err != nil {
			return nil, err
		}
		o.Source = a.Order
		if err := s.checkActivateTeam(o, a); err != nil {
			return nil, err
		}
		return o, nil
	}
	if scratch == nil || !s.menuDecl().holds(t) {
		*o = Order{Trooper: t, Model: m, Source: a.Order}
		o.Path = o.pathBuf[:1]
		o.Path[0] = s.Models[m].At
		s.menuDecl().hold(t)
	} else {
		// The scratch Order is this trooper's from its previous
		// candidate in this menu, and checking a skill writes nothing
		// into it: clearing the whole Order again for each skill was a
		// twentieth of a playout.
		o.Source = a.Order
	}
	if err := s.canDeclareFirst(o, &a.Skill); err != nil {
		return nil, err
	}
	if err := s.checkActivateTeam(o, a); err != nil {
		return nil, err
	}
	return o, nil
}

// checkActivateTeam checks the members' routes of a Fireteam Order
// (rule_fireteam.go); an activation without them needs no look.
func (s *State) checkActivateTeam(o *Order, a *Activate) error {
	if len(a.Team) == 0 {
		return nil
	}
	team := s.teamFor(o.Trooper, a.Order)
	return s.checkTeamMoves(o, &a.Skill, a.Team, true, team, s.teamPaths(nil, team), ruleFireteam)
}

// activate is steps 1.1 and 1.2: spend the Order, declare the first skill.
//
// o is the Order check built when it accepted the activation (the
// trooper, its model, the source, the path's first point), which becomes
// the Order in play: the activation is not validated twice.
func (s *State) activate(a Activate, o *Order) ([]rules.Event, error) {
	o.Targets = o.targetsBuf[:0]
	t := o.Trooper
	s.spend(t, a.Order)
	s.army(s.active()).OrderDeclared = true
	// The Proxy activated takes the Active Proxy Token (G: Jumper (N4, PDF 2.1)).
	token := s.takeToken(t)
	if movesAlongRoute(a.Skill.Name) {
		s.Troopers[t].States.Prone = false
	}
	o.First = a.Skill
	if movesAlongRoute(a.Skill.Name) {
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
	laid := s.placeDeclared(&o.First)
	var mines []rules.Event
	if a.Skill.Name != SkillCombatJump {
		// A jumping trooper sets Mines off where it ends up, once its PH
		// Roll has settled that (landed).
		mines = s.trigger(t)
	}
	// Room for the Order spent, the token and the window that opens.
	events := make([]rules.Event, 0, 2+len(token))
	events = append(events, OrderSpent{Trooper: a.Trooper, Order: a.Order, Skill: a.Skill})
	events = append(events, token...)
	// A Fireteam Order activates the members (rule_fireteam.go).
	events = append(events, s.startFireteamOrder(o, &a)...)
	if a.Order == OrderLieutenant {
		// Spending the Lieutenant Special Order reveals the Lieutenant
		// (Lieutenant (N4)).
		events = append(events, s.revealLieutenant(t)...)
	}
	// An Order places a hidden trooper on the table; a skill other than a
	// Short Movement Skill without a roll reveals a marker (Camouflaged (N4),
	// Hidden Deployment (N4)).
	if s.revealsOnDeclaring(t, a.Skill.Name) {
		events = append(events, s.reveal(t, "declared "+string(a.Skill.Name))...)
	}
	// Activation cancels Suppressive Fire (Suppressive Fire (N4)).
	events = append(events, s.leaveSuppressive(t, "activated")...)
	events = append(events, mines...)
	events = append(events, laid...)
	if a.Skill.Name == SkillCombatJump {
		// The PH Roll comes before the AROs (Combat Jump, N4), after any
		// Hack Transport Aircraft (hack_comsat.go).
		o.Step = s.jumpStep()
		return events, nil
	}
	return append(events, s.openWindow(1)...), nil
}

// canSpend checks the Order source (Order types (N4), Order Count (N4)).
func (s *State) canSpend(t int, source OrderSource) error {
	tr := &s.Troopers[t]
	switch s.spendBar(t, source) {
	case spendOK:
		return nil
	case spendNull:
		return rules.Errorf(rules.CodeIllegal, "States (N4)", "%s is %v and cannot be activated", tr.ID, tr.States)
	case spendOffTable:
		return rules.Errorf(rules.CodeIllegal, "Order Count (N4)", "%s is not on the table", tr.ID)
	case spendIsolatedProxy:
		return rules.Errorf(rules.CodeIllegal, "G: Jumper (N4, PDF 2.1)", "a G: Jumper cannot activate a Proxy in Isolated State (%s)", tr.ID)
	case spendIsolated:
		return rules.Errorf(rules.CodeIllegal, "Isolated (N4)", "%s is Isolated: it cannot receive Orders from its combat group's pool", tr.ID)
	case spendNoPool:
		return rules.Errorf(rules.CodeIllegal, "Order types (N4)", "combat group %s has no Regular Order left", tr.Group)
	case spendNoIrregular:
		return rules.Errorf(rules.CodeIllegal, "Order types (N4)", "%s has no Irregular Order", tr.ID)
	case spendNotLieutenant:
		return rules.Errorf(rules.CodeIllegal, "Order types (N4)", "only the Lieutenant uses the Lieutenant Special Order")
	case spendNoLieutenantOrder:
		return rules.Errorf(rules.CodeIllegal, "Order types (N4)", "no Lieutenant Special Order left")
	case spendUnmanned:
		return rules.Errorf(rules.CodeIllegal, ruleExpel, "%s: an Unmanned TAG cannot be activated (Expel threw its pilot out)", tr.ID)
	}
	return rules.Errorf(rules.CodeBadAction, "Order types (N4)", "order %q: want regular, irregular or lieutenant", source)
}

// orderSources are the Order sources, in the order the menus offer them.
var orderSources = [...]OrderSource{OrderIrregular, OrderRegular, OrderLieutenant}

// spendBlock is what keeps a trooper from spending an Order from a source,
// or spendOK. canSpend turns it into the refusal; the menu, which asks
// this of every trooper and source to learn which it offers, only tests
// it, and makes no error for the sources it leaves out.
type spendBlock uint8

const (
	spendOK spendBlock = iota
	spendNull
	spendOffTable
	spendIsolatedProxy
	spendIsolated
	spendNoPool
	spendNoIrregular
	spendNotLieutenant
	spendNoLieutenantOrder
	spendUnmanned
	spendUnknownSource
)

// spendBar is canSpend's answer before it is worded.
func (s *State) spendBar(t int, source OrderSource) spendBlock {
	tr := &s.Troopers[t]
	switch {
	case tr.States.Null():
		return spendNull
	case s.modelOf(t) < 0 && !tr.States.Reserve:
		return spendOffTable
	case tr.Jumper != "" && tr.States.Isolated:
		return spendIsolatedProxy
	case s.cannotAct(t):
		return spendUnmanned
	}
	switch source {
	case OrderRegular:
		// A Regular Order from the pool may go to any trooper of the
		// combat group, Irregular ones included (Order types (N4)); being
		// Irregular only means adding nothing to the pool. An Isolated
		// trooper cannot receive Orders from the pool (Isolated (N4)).
		if tr.States.Isolated {
			return spendIsolated
		}
		if s.poolLeft(t) {
			return spendOK
		}
		return spendNoPool
	case OrderIrregular:
		if s.orderHolder(t) >= 0 {
			return spendOK
		}
		return spendNoIrregular
	case OrderLieutenant:
		if !tr.Lieutenant {
			return spendNotLieutenant
		}
		if s.army(tr.Seat).LieutenantOrders > 0 {
			return spendOK
		}
		return spendNoLieutenantOrder
	}
	return spendUnknownSource
}

// spend removes the Order.
func (s *State) spend(t int, source OrderSource) {
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
	// Read in place, not copied: every menu asks this of every trooper.
	tr := &s.Troopers[t]
	if tr.IrregularOrders > 0 {
		return t
	}
	if tr.Jumper == "" {
		return -1
	}
	for i := range s.Troopers {
		if o := &s.Troopers[i]; o.Jumper == tr.Jumper && o.Seat == tr.Seat && o.IrregularOrders > 0 {
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

// OrderSource is where an Order comes from (Order types (N4)).
type OrderSource string

// The Order sources.
const (
	// OrderRegular is a Regular Order from the combat group's pool.
	OrderRegular OrderSource = "regular"
	// OrderIrregular is the trooper's own Irregular Order.
	OrderIrregular OrderSource = "irregular"
	// OrderLieutenant is the Lieutenant Special Order.
	OrderLieutenant OrderSource = "lieutenant"
)

// stepOrders is the Orders Phase between Orders: the active player spends
// an Order and declares the first skill (Order Expenditure Sequence (N4)
// steps 1.1 and 1.2), hands a trooper to another combat group with a
// Command Token (Command Tokens (N4)), or ends its Orders Phase.
var stepOrders = stepDef{
	name: StepOrders,
	who:  activePlayer,
	actions: []stepAction{
		act(func(s *State, a *Activate, scratch *Order) (checked, error) {
			o, err := s.checkActivate(a, scratch)
			return checked{order: o}, err
		}, func(s *State, a Activate, c checked, _ dice.Source) ([]rules.Event, error) {
			return s.activate(a, c.order)
		}),
		act(nil, applyWith(func(s *State, _ EndOrders) []rules.Event { return s.endTurn() })),
		act(checkWith((*State).checkTransfer), applyWith((*State).transfer)),
		act(checkWith((*State).checkCancelPossession), applyWith((*State).cancelPossession)),
		act(checkWith((*State).checkCancelRetreat), applyWith((*State).cancelRetreat)),
		act(checkWith((*State).checkFormFireteam), applyWith((*State).formFireteam)),
		act(checkWith((*State).checkCancelFireteam), applyWith((*State).cancelFireteam)),
		coordinateAction,
		// Interact: the first skill SkillInteract, as an Activate.
		act(func(s *State, a *Interact, scratch *Order) (checked, error) {
			x := a.activation()
			o, err := s.checkActivate(&x, scratch)
			return checked{order: o}, err
		}, func(s *State, a Interact, c checked, _ dice.Source) ([]rules.Event, error) {
			return s.activate(a.activation(), c.order)
		}),
	},
	candidates: func(s *State, b *menuBuilder) []rules.Action {
		return s.coordinateCandidates(s.fireteamCandidates(append(append(append(append(s.activationCandidates(b), s.transferCandidates()...), s.cancelPossessionCandidates()...), s.interactCandidates()...), s.cancelRetreatCandidates()...)))
	},
}

// activeTrooper is the index of the trooper named id and whether it is a
// trooper of the active seat.
func (s *State) activeTrooper(id string) (t int, ok bool) {
	t = s.trooperIndex(id)
	return t, t >= 0 && s.Troopers[t].Seat == s.active()
}
