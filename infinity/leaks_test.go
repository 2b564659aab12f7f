package infinity

import (
	"math/rand/v2"
	"slices"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// leaks are old ways private facts reached the opponent (issue #9), kept
// here as deliberately leaking wrappers of the ruleset so that the tests
// can prove the counterfactual leak check sees each one
// (TestCounterfactualCatchesEachLeak). Production code has no switch for
// them: each leak is played by leakyState around a real State.
type leaks struct {
	rawActions     bool // RedactAction shows every action as sent
	promptedMenu   bool // Legal gives a seat that is not prompted the prompted seat's menu, greyed
	halfHiddenLSO  bool // spending the Lieutenant Special Order reveals nothing, and shows as "order"
	widenedForfeit bool // a Proxy that may react only through a sibling is listed as forfeiting
}

// leakyRuleset is the ruleset whose states leak as leaks says.
type leakyRuleset struct {
	Ruleset
	leaks leaks
}

func (r leakyRuleset) Setup(sc *scenario.Scenario, rulings rules.Rulings) (rules.State, error) {
	s, err := r.Ruleset.Setup(sc, rulings)
	if err != nil {
		return nil, err
	}
	return &leakyState{State: s.(*State), leaks: r.leaks}, nil
}

func (r leakyRuleset) DecodeState(b []byte) (rules.State, error) {
	s, err := r.Ruleset.DecodeState(b)
	if err != nil {
		return nil, err
	}
	return &leakyState{State: s.(*State), leaks: r.leaks}, nil
}

// leakyState is a State that leaks: what it does differently from the
// State it wraps is each leak, and nothing else.
type leakyState struct {
	*State
	leaks leaks
}

func (l *leakyState) wrap(s *State) *leakyState { return &leakyState{State: s, leaks: l.leaks} }

func (l *leakyState) Clone() rules.State { return l.wrap(l.State.clone()) }

// Legal, with promptedMenu, gives a seat that is not prompted the
// prompted seat's menu, every entry greyed as not its turn: the troopers
// behind markers and a hidden trooper's moves in the clear.
func (l *leakyState) Legal(seat rules.Seat) []rules.Option {
	p := l.State.Prompt()
	if !l.leaks.promptedMenu || p.Kind == rules.GameOver || p.Waits(seat) || len(p.Seats) == 0 {
		return l.State.Legal(seat)
	}
	menu := l.State.Legal(p.Seats[0])
	for i := range menu {
		menu[i].Illegal = rules.Errorf(rules.CodeNotYourTurn, "Order Expenditure Sequence (N4)", "%s is not prompted: waiting for %v in %s", seat, p.Seats, p.Window)
	}
	return menu
}

// spendsLSO reports an Activate spending the Lieutenant Special Order.
func spendsLSO(a rules.Action) bool {
	act, ok := asAction[Activate](a)
	return ok && act.Order == OrderLieutenant
}

// RedactAction, with rawActions, shows every action as sent; with
// halfHiddenLSO, the Lieutenant Special Order shows as "order".
func (l *leakyState) RedactAction(seat rules.Seat, a rules.Action, v rules.Viewer) (rules.Action, bool) {
	if l.leaks.rawActions {
		return a, true
	}
	red, ok := l.State.RedactAction(seat, a, v)
	if l.leaks.halfHiddenLSO && !v.Sees(seat) && spendsLSO(red) {
		act, _ := asAction[Activate](red)
		act.Order = "order"
		red = act
	}
	return red, ok
}

// Redact, with halfHiddenLSO, shows the Lieutenant Special Order spent as
// "order" to the opponent.
func (l *leakyState) Redact(e rules.Event, v rules.Viewer) (rules.Event, bool) {
	if ev, ok := e.(OrderSpent); ok && l.leaks.halfHiddenLSO && ev.Order == OrderLieutenant {
		if t := l.trooperIndex(ev.Trooper); t >= 0 && !v.Sees(l.Troopers[t].Seat) {
			ev.Order = "order"
			e = ev
		}
	}
	return l.State.Redact(e, v)
}

// RedactActionJSON is the wrapper's RedactAction, encoded, for the same
// reason.
func (l *leakyState) RedactActionJSON(seat rules.Seat, a rules.Action, v rules.Viewer) ([]byte, bool, error) {
	red, ok := l.RedactAction(seat, a, v)
	if !ok {
		return nil, false, nil
	}
	data, err := rules.Encode(red)
	return data, err == nil, err
}

// RedactJSON is the wrapper's Redact, encoded: a server takes a state's
// encoded redaction where it gives one (rules.JSONRedactor), so a wrapper
// that changes Redact changes it too.
func (l *leakyState) RedactJSON(e rules.Event, v rules.Viewer) ([]byte, bool, error) {
	red, ok := l.Redact(e, v)
	if !ok {
		return nil, false, nil
	}
	data, err := rules.Encode(red)
	return data, err == nil, err
}

// Observe, with halfHiddenLSO, shows the Order in progress as "order"
// when it is the Lieutenant Special Order of a trooper v does not see.
func (l *leakyState) Observe(v rules.Viewer) any {
	obs := l.State.Observe(v)
	if view, ok := obs.(View); ok && l.leaks.halfHiddenLSO && view.Order != nil && view.Order.Source == OrderLieutenant {
		if o := l.Order; o != nil && !v.Sees(l.Troopers[o.Trooper].Seat) {
			ov := *view.Order
			ov.Source = "order"
			view.Order = &ov
			obs = view
		}
	}
	return obs
}

// Apply, with halfHiddenLSO, spends the Lieutenant Special Order without
// revealing the Lieutenant; with widenedForfeit, lists as forfeiting the
// Proxies that could react only through a sibling.
func (l *leakyState) Apply(seat rules.Seat, a rules.Action, d dice.Source) ([]rules.Event, error) {
	known := make([]bool, len(l.Troopers))
	for i := range l.Troopers {
		known[i] = l.Troopers[i].KnownLieutenant
	}
	var proxies []string
	delayed := false
	if x, ok := asAction[AROs](a); ok && l.widenedForfeit() {
		o := l.Order
		delayed = l.aroWindow() == 1 && l.Troopers[o.Trooper].States.marker()
		for _, e := range o.Eligible {
			id := l.Troopers[e.Trooper].ID
			if e.Proxy && !l.hackOnlyMarker(e) && !slices.ContainsFunc(x.Declarations, func(d ARODecl) bool { return d.Trooper == id }) {
				proxies = append(proxies, id)
			}
		}
	}
	events, err := l.State.Apply(seat, a, d)
	if err != nil {
		return events, err
	}
	if l.leaks.halfHiddenLSO {
		events = slices.DeleteFunc(events, func(e rules.Event) bool {
			_, ok := e.(LieutenantRevealed)
			return ok
		})
		for i := range l.Troopers {
			l.Troopers[i].KnownLieutenant = known[i]
		}
	}
	for i, e := range events {
		if ev, ok := e.(AROsDeclared); ok && len(proxies) > 0 {
			if delayed {
				ev.Delayed = append(slices.Clip(ev.Delayed), proxies...)
			} else {
				ev.Forfeited = append(slices.Clip(ev.Forfeited), proxies...)
			}
			events[i] = ev
		}
	}
	return events, nil
}

// widenedForfeit reports the leak's switch on in an ARO window.
func (l *leakyState) widenedForfeit() bool {
	return l.leaks.widenedForfeit && l.Order != nil && (l.Order.Step == StepARO1 || l.Order.Step == StepARO2)
}

// Twin, with halfHiddenLSO, also varies the Lieutenant when it spends its
// Special Order (which then reveals nothing): the twin's Lieutenant is
// another trooper, and the same trooper spends another Order.
func (l *leakyState) Twin(owner, seat rules.Seat, a rules.Action, r *rand.Rand) (rules.State, rules.Action, bool) {
	if act, ok := asAction[Activate](a); ok && l.leaks.halfHiddenLSO && seat == owner && act.Order == OrderLieutenant {
		t := l.trooperIndex(act.Trooper)
		for _, src := range []OrderSource{OrderIrregular, OrderRegular} {
			if t < 0 || l.spendBar(t, src) != spendOK {
				continue
			}
			act.Order = src
			twin := l.State.clone()
			if ta, ok := twin.twinLieutenant(owner, seat, act, r); ok {
				return l.wrap(twin), ta, true
			}
			break
		}
	}
	twin, ta, ok := l.State.Twin(owner, seat, a, r)
	if !ok {
		return nil, nil, false
	}
	return l.wrap(twin.(*State)), ta, true
}
