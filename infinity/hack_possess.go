package infinity

import (
	"fmt"
	"slices"

	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/odds"
	"github.com/ordo-rules/ordo/rules"
)

// Possession (Possessed (N4); Overlord, Total Control and Exorcism,
// Hacking (N3)). A TAG that fails a BTS roll against Overlord or Total
// Control becomes Possessed: it switches sides. Its enemies and allies
// swap, it takes Regular Orders from the pool of the combat group of the
// hacker who possessed it (without counting toward that group's size), it
// uses the Possessed profile (MOV 4-4, CC 13, BS 12, WIP 11, the rest its
// own) and keeps its weapons, and it reacts for its new side. It is Null
// for its owner: it gives neither side an Order in the Order Count, nor
// Victory Points, and a Possessed Lieutenant is lost to its army (Loss of
// Lieutenant). A pilot aboard stays aboard and cannot act.
//
// Possession ends when its owner's hacker wins Exorcism on it (a failed
// BTS roll), when its owner's own Overlord or Total Control succeeds on
// it, or when its owner spends a Command Token in its Tactical Phase
// (Executive Use).
//
// The seat the trooper acts for changes at the end of the Order in which
// the Possession begins or ends (settlePossessions): during an Order the
// active trooper stays the active player's and every ARO the reactive
// player's, as the Order Expenditure Sequence has them.

// rulePossessed is the rule the errors of this file cite.
const rulePossessed = "Possessed (N4)"

// Possession is what a Possessed trooper's owner keeps of it, and who
// controls it. Zero for a trooper that is not, and has not just stopped
// being, Possessed.
type Possession struct {
	// Owner is the seat whose army the trooper belongs to, and Group its
	// combat group there.
	Owner rules.Seat `json:"owner"`
	Group string     `json:"group"`
	// Controller is the seat of the hacker who possessed it, and
	// ControlGroup his combat group, whose pool gives it Orders.
	Controller   rules.Seat `json:"controller"`
	ControlGroup string     `json:"controlGroup"`
	// By is that hacker, for the log.
	By string `json:"by,omitempty"`
	// Lieutenant: it was its owner's Lieutenant, which is private to the
	// owner. While Possessed it is no Lieutenant (its army falls into Loss
	// of Lieutenant); it is again when the Possession ends, unless its
	// army has appointed another.
	Lieutenant bool `json:"lieutenant,omitempty"`
	// Known: that Lieutenant had revealed itself (Lieutenant (N4)), which
	// is public; it is known again with the role.
	Known bool `json:"known,omitempty"`
}

// possessedFrom reports whether the trooper is Possessed and belongs to
// seat's army: seat's own trooper, which the enemy controls.
func (tr *Trooper) possessedFrom(seat rules.Seat) bool {
	return tr.States.Possessed && tr.Possession.Owner == seat
}

// ownedBy reports whether the trooper belongs to seat's army: seat's own
// and not Possessed, or Possessed from seat (the enemy's Possessed trooper
// that seat controls is not seat's).
func (tr *Trooper) ownedBy(seat rules.Seat) bool {
	return tr.possessedFrom(seat) || (tr.Seat == seat && !tr.States.Possessed)
}

// possessedProfile is the Possessed profile of trooper t (Possessed
// (N4)): MOV 4-4, CC 13, BS 12, WIP 11, every other value its own.
func (s *State) possessedProfile(t int) *catalog.Profile {
	if d := s.derived; d != nil && t < len(d.possessed) && d.possessed[t] != nil {
		return d.possessed[t]
	}
	p := s.Profiles[s.Troopers[t].Profile]
	return possessedOf(&p)
}

// possessedOf is the Possessed profile of profile p.
func possessedOf(p *catalog.Profile) *catalog.Profile {
	q := *p
	q.MOV = [2]int{4, 4}
	q.CC, q.BS, q.WIP = 13, 12, 11
	return &q
}

// derivePossessed works out, once, the Possessed profile of every TAG:
// only a TAG can be Possessed (Overlord and Total Control target TAGs).
func derivePossessed(profiles []*catalog.Profile) []*catalog.Profile {
	var out []*catalog.Profile
	for i, p := range profiles {
		if p.Type != catalog.TAG {
			continue
		}
		if out == nil {
			out = make([]*catalog.Profile, len(profiles))
		}
		out[i] = possessedOf(p)
	}
	return out
}

// possessionProgram reports a program whose effect this file and
// hack_expel.go play: Overlord, Total Control, Exorcism and Expel.
func possessionProgram(p *catalog.Program) bool {
	switch p.Effect {
	case catalog.EffectPossessed, catalog.EffectExorcise, catalog.EffectExpel:
		return p.Rolls() && p.Range == catalog.HackingArea
	}
	return false
}

// possessionClass reports whether trooper u is of the target classes that
// depend on its state (Hacking (N3)): a manned TAG whose pilot is aboard
// and that is not Possessed (Expel), a Possessed TAG (Exorcism).
func (s *State) possessionClass(c catalog.TargetClass, u int) bool {
	prof := s.profile(u)
	st := s.Troopers[u].States
	switch c {
	case catalog.TargetManned:
		return prof.Type == catalog.TAG && prof.Pilot != "" && !st.Unmanned && !st.Possessed
	case catalog.TargetPossessed:
		return prof.Type == catalog.TAG && st.Possessed
	}
	return false
}

// possessionTarget checks what the program's target column asks beyond
// the class: Exorcism's Possessed TAG is the hacker's own, which the enemy
// controls; Overlord and Total Control reach a TAG the enemy possesses
// only when it is the hacker's own (which they free).
func (s *State) possessionTarget(t int, p *catalog.Program, u int, name string) error {
	if p.Effect != catalog.EffectExorcise {
		return nil
	}
	if !s.Troopers[u].possessedFrom(s.Troopers[t].Seat) {
		return rules.Errorf(rules.CodeIllegal, ruleHacking, "%s cancels the Possession of its user's own TAG: %s is not one", p.Name, name)
	}
	return nil
}

// friendlyTarget reports whether trooper u is one hacker t may aim
// program p at among its own side: an ally, or for Exorcism its own
// trooper the enemy possesses.
func (s *State) friendlyTarget(p catalog.Program, t, u int) bool {
	if p.Effect == catalog.EffectExorcise {
		return s.Troopers[u].possessedFrom(s.Troopers[t].Seat)
	}
	return s.Troopers[u].Seat == s.Troopers[t].Seat
}

// programOdds is program p as package odds rolls it in this game: the
// catalog's columns, with Exorcism's Damage as the exorcism-damage ruling
// reads it (18 in the program table, 16 on the program card).
func (s *State) programOdds(p catalog.Program) odds.HackProgram {
	hp := p.HackOdds()
	if p.Effect == catalog.EffectExorcise && s.Rulings.Get("exorcism-damage") == "16" {
		hp.Damage = 16
	}
	return hp
}

// possessionEffect applies the effect of Overlord, Total Control,
// Exorcism or Expel (hacker h's program p) to trooper u after a failed
// BTS roll; ok is false for any other program.
func (s *State) possessionEffect(h, u int, p catalog.Program) (events []rules.Event, ok bool) {
	switch p.Effect {
	case catalog.EffectPossessed:
		if s.Troopers[u].possessedFrom(s.Troopers[h].Seat) {
			// The owner's own Overlord or Total Control takes it back
			// (Possessed (N4), Cancellation).
			return s.endPossession(u, p.Name), true
		}
		return s.possess(h, u, p), true
	case catalog.EffectExorcise:
		return s.endPossession(u, p.Name), true
	case catalog.EffectExpel:
		return s.expel(u, p), true
	}
	return nil, false
}

// possess makes trooper u Possessed by hacker h's player.
func (s *State) possess(h, u int, p catalog.Program) []rules.Event {
	tr := &s.Troopers[u]
	if tr.States.Possessed {
		return nil
	}
	hk := s.Troopers[h]
	if tr.Possession == (Possession{}) {
		tr.Possession = Possession{Owner: tr.Seat, Group: tr.Group, Lieutenant: tr.Lieutenant, Known: tr.Lieutenant && tr.KnownLieutenant}
	}
	tr.Possession.Controller, tr.Possession.ControlGroup, tr.Possession.By = hk.Seat, hk.Group, hk.ID
	// A Null Lieutenant is lost to its army (Loss of Lieutenant (N4)); who
	// it was stays private to its owner.
	tr.Lieutenant, tr.KnownLieutenant = false, false
	tr.IrregularOrders = 0
	tr.States.Possessed = true
	events := []rules.Event{StateChanged{Trooper: tr.ID, State: "Possessed", On: true, Why: p.Name}}
	// It no longer holds Suppressive Fire for its owner.
	return append(events, s.leaveSuppressive(u, "Possessed")...)
}

// endPossession cancels trooper u's Possession, for the reason why.
func (s *State) endPossession(u int, why string) []rules.Event {
	tr := &s.Troopers[u]
	if !tr.States.Possessed {
		return nil
	}
	tr.States.Possessed = false
	return []rules.Event{StateChanged{Trooper: tr.ID, State: "Possessed", Why: why}}
}

// settlePossessions hands every trooper whose Possession began or ended
// to the seat and combat group it now acts for: the controller's while
// Possessed, its owner's (and its Lieutenant role) once no longer. It runs
// when an Order ends and when a Command Token cancels a Possession.
func (s *State) settlePossessions() {
	for i := range s.Troopers {
		tr := &s.Troopers[i]
		p := tr.Possession
		if p == (Possession{}) {
			continue
		}
		if tr.States.Possessed {
			tr.Seat, tr.Group = p.Controller, p.ControlGroup
			// It is no one's Lieutenant while Possessed.
			tr.Possession.Lieutenant = p.Lieutenant || tr.Lieutenant
			tr.Possession.Known = p.Known || (tr.Lieutenant && tr.KnownLieutenant)
			tr.Lieutenant, tr.KnownLieutenant = false, false
			continue
		}
		tr.Seat, tr.Group, tr.Lieutenant = p.Owner, p.Group, p.Lieutenant
		tr.KnownLieutenant = p.Lieutenant && p.Known
		tr.Possession = Possession{}
	}
}

// forgetPossessedLieutenant: seat appointed a new Lieutenant, so its
// Possessed former Lieutenant will not be one again.
func (s *State) forgetPossessedLieutenant(seat rules.Seat) {
	for i := range s.Troopers {
		if p := &s.Troopers[i].Possession; p.Owner == seat {
			p.Lieutenant, p.Known = false, false
		}
	}
}

// CancelPossession is the Executive Use of a Command Token that cancels
// the Possession of one of the player's own troopers (Command Tokens (N4),
// Possessed (N4)). Like a transfer it belongs to the Tactical Phase, and
// is accepted at the Orders Phase prompt until the first Order is
// declared; the Order Count is then taken again, the trooper counted.
type CancelPossession struct {
	Trooper string `json:"trooper"`
}

// KindCancelPossession is CancelPossession's kind.
const KindCancelPossession ActionKind = "cancel-possession"

func (CancelPossession) Kind() string { return string(KindCancelPossession) }

func (a CancelPossession) String() string {
	return "spend a Command Token to cancel the Possession of " + a.Trooper
}

// PossessionCancelled is a Possession cancelled with a Command Token,
// with the Regular Orders each combat group of the army now holds.
type PossessionCancelled struct {
	Seat    rules.Seat     `json:"seat"`
	Trooper string         `json:"trooper"`
	Pools   map[string]int `json:"pools"`
	Tokens  int            `json:"tokens"` // Command Tokens left
}

func (PossessionCancelled) Kind() string { return "possession-cancelled" }

func (e PossessionCancelled) String() string {
	return fmt.Sprintf("%s spends a Command Token: %s is no longer Possessed (%s left)", e.Seat, e.Trooper, plural(e.Tokens, "Command Token"))
}

// checkCancelPossession validates the Executive Use.
func (s *State) checkCancelPossession(a CancelPossession) error {
	seat := s.active()
	army := s.army(seat)
	t := s.trooperIndex(a.Trooper)
	switch {
	case t < 0 || (s.Troopers[t].Seat != seat && s.Troopers[t].Possession.Owner != seat):
		return rules.Errorf(rules.CodeBadAction, "Command Tokens (N4)", "%q is not a trooper of %s", a.Trooper, seat)
	case !s.Troopers[t].possessedFrom(seat):
		return rules.Errorf(rules.CodeIllegal, rulePossessed, "%s is not a Possessed trooper of %s", a.Trooper, seat)
	case army.OrderDeclared:
		return rules.Errorf(rules.CodeWrongWindow, "Game Round and Player Turn (N4)", "cancel-possession: the Tactical Phase is over, an Order has been declared this turn")
	}
	return s.tokenBar(seat, "cancel-possession")
}

// cancelPossession spends the token, gives the trooper back and takes the
// Loss of Lieutenant check and the Order Count again: Executive Use comes
// before both in the Tactical Phase.
func (s *State) cancelPossession(a CancelPossession) []rules.Event {
	seat := s.active()
	army := s.army(seat)
	s.spendToken(seat)
	t := s.trooperIndex(a.Trooper)
	lt := s.Troopers[t].Possession.Lieutenant
	events := s.endPossession(t, "Command Token")
	s.settlePossessions()
	if lt {
		// Its Lieutenant is back before the check that found it Null.
		army.LossOfLieutenant = false
		army.LossOfLieutenant = s.lossOfLieutenant(seat)
	}
	count := s.orderCount(seat)
	return append(events, PossessionCancelled{Seat: seat, Trooper: a.Trooper, Pools: count.Pools, Tokens: army.CommandTokens})
}

// cancelPossessionCandidates offer each of the active army's Possessed
// troopers, while the Tactical Phase lasts and a token is left.
func (s *State) cancelPossessionCandidates() []rules.Action {
	army := s.army(s.active())
	if army.OrderDeclared || !s.canSpendToken(army.Seat) {
		return nil
	}
	var out []rules.Action
	for _, t := range s.Troopers {
		if t.possessedFrom(army.Seat) {
			out = append(out, CancelPossession{Trooper: t.ID})
		}
	}
	return out
}

// checkPossession checks a decoded trooper's Possession as the engine
// leaves it: a Possessed trooper is a TAG and has one, naming the two
// seats of the game and a combat group of each; it is no one's Lieutenant
// (its role, private to its owner, is kept in its Possession); and outside
// an Order it acts for its controller, while a trooper no longer Possessed
// has been handed back (settlePossessions).
func (c *stateChecker) checkPossession(path string, tr Trooper) {
	s, p := c.s, tr.Possession
	if p == (Possession{}) {
		if tr.States.Possessed {
			c.failf(path+".possession", "a Possessed trooper names its owner and controller")
		}
		return
	}
	if s.seatIndex(p.Owner) < 0 || s.seatIndex(p.Controller) < 0 || p.Owner == p.Controller {
		c.failf(path+".possession", "owner %q and controller %q must be the two seats of the game", p.Owner, p.Controller)
		return
	}
	if len(p.By) > catalog.MaxString {
		c.failf(path+".possession.by", "longer than %d bytes", catalog.MaxString)
	}
	for _, g := range []struct {
		field, name string
		seat        rules.Seat
	}{{"group", p.Group, p.Owner}, {"controlGroup", p.ControlGroup, p.Controller}} {
		if !slices.ContainsFunc(s.army(g.seat).Groups, func(x Group) bool { return x.Name == g.name }) {
			c.failf(path+".possession."+g.field, "%q is not a combat group of %s", g.name, g.seat)
		}
	}
	if tr.Seat != p.Owner && tr.Seat != p.Controller {
		c.failf(path+".seat", "%q is neither the owner nor the controller of the Possession", tr.Seat)
	}
	if prof, ok := s.Profiles[tr.Profile]; ok && tr.States.Possessed && prof.Type != catalog.TAG {
		c.failf(path+".states.possessed", "only a TAG can be Possessed (Overlord, Total Control)")
	}
	if tr.Lieutenant {
		c.failf(path+".lieutenant", "a Possessed trooper is no one's Lieutenant: its owner's role is kept in its possession")
	}
	if p.Known && !p.Lieutenant {
		c.failf(path+".possession.known", "only the Lieutenant is known as the Lieutenant")
	}
	switch {
	case s.Order != nil:
		// The trooper changes hands when the Order ends.
	case !tr.States.Possessed:
		c.failf(path+".possession", "no Order is under way: a trooper no longer Possessed has been given back to its owner")
	case tr.Seat != p.Controller || tr.Group != p.ControlGroup:
		c.failf(path+".seat", "no Order is under way: a Possessed trooper acts for its controller %s, group %q", p.Controller, p.ControlGroup)
	}
}
