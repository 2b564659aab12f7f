package infinity

import (
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// openWindow moves the Order to ARO window n, or past it when no reactive
// trooper may react (Order Expenditure Sequence (N4) steps 2 and 4).
func (s *State) openWindow(n int) []rules.Event {
	o := s.Order
	o.Eligible = s.widenForJumpers(s.eligible(o.eligibleBuf[:0]))
	// While the reactive side has a trooper in Hidden Deployment the window
	// opens every time, so that its opening tells nothing of where that
	// trooper is.
	if len(o.Eligible) > 0 || s.hasHidden(s.reactive()) || s.concealedHacker(s.reactive()) {
		o.Step = StepARO1
		if n == 2 {
			o.Step = StepARO2
		}
		return nil
	}
	o.Step = s.afterWindow(n)
	return nil
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
func (s *State) afterWindow(n int) Step {
	if n == 1 && s.skillCategory(&s.Order.First) != CategoryEntire {
		return StepSecond
	}
	return StepResolve
}

// aroWindow is the number of the ARO window open now: 2 in the second
// window, 1 otherwise.
func (s *State) aroWindow() int {
	if s.Order != nil && s.Order.Step == StepARO2 {
		return 2
	}
	return 1
}

// aros is steps 2.2 and 4: every eligible trooper declares or forfeits.
//
// decls are the declarations check accepted: they are not validated twice.
func (s *State) aros(a AROs, decls []ARO) ([]rules.Event, error) {
	o := s.Order
	window := s.aroWindow()
	ev := AROsDeclared{Window: window}
	if len(o.AROs) == 0 && len(decls) > 0 {
		// The first window's declarations become the Order's list as they
		// are: check built them for this action alone.
		o.AROs = decls
	} else {
		o.AROs = append(o.AROs, decls...)
	}
	if len(decls) > 0 {
		ev.AROs = make([]ARODecl, len(decls))
		for i := range decls {
			ev.AROs[i] = ARODecl{Trooper: s.Troopers[decls[i].Trooper].ID, Skill: decls[i].Skill}
		}
	}
	// Against a marker that has not revealed itself, a trooper may delay
	// its ARO to the second window (Delayed ARO (N4)): silence in the first
	// window forfeits nothing.
	delay := window == 1 && s.Troopers[o.Trooper].States.marker()
	// The lists below grow, when they must, by room for every trooper
	// left rather than one at a time.
	for i, e := range o.Eligible {
		left := len(o.Eligible) - i
		t := e.Trooper
		declared := declares(decls, t)
		// A marker that may react only through its Hacking Area and keeps
		// silent is not decided either: deciding it would keep it out of
		// the next window's list, which would tell it is a hacker
		// (hack_cybermask.go).
		if declared || (!delay && !s.hackOnlyMarker(e)) {
			if len(o.Decided) == cap(o.Decided) {
				o.Decided = slices.Grow(o.Decided, left)
			}
			o.Decided = append(o.Decided, t)
		}
		switch {
		case declared:
		case s.hackOnlyMarker(e):
			// A marker that may react only through its Hacking Area keeps
			// silent unnamed: naming it would tell it is a hacker
			// (Impersonation (N4), Camouflaged (N4); hack_cybermask.go).
		case e.Proxy:
			// A Proxy that may react only because a sibling can (it may
			// Dodge or Reset) has no ARO of its own to delay or forfeit:
			// listing it would tell the opponent that a concealed sibling
			// has Line of Fire (G: Jumper (N4, PDF 2.1), Hidden Deployment
			// (N4), Camouflaged (N4)).
		case delay:
			ev.Delayed = append(ev.Delayed, s.Troopers[t].ID)
		default:
			if len(ev.Forfeited) == cap(ev.Forfeited) {
				ev.Forfeited = slices.Grow(ev.Forfeited, left)
			}
			ev.Forfeited = append(ev.Forfeited, s.Troopers[t].ID)
		}
	}
	slices.Sort(o.Decided)
	o.Eligible = nil
	// Declaring an ARO cancels Suppressive Fire unless it is a BS Attack
	// (Suppressive Fire (N4)).
	// Room for the declarations and one event more for each ARO.
	events := make([]rules.Event, 1, 1+len(decls))
	events[0] = ev
	for i := range decls {
		d := &decls[i]
		// A Proxy reacting other than by Dodge or Reset is the Active
		// Proxy: the token moves to it (G: Jumper (N4, PDF 2.1)).
		if d.Skill.Name != SkillDodge && d.Skill.Name != SkillReset {
			events = append(events, s.takeToken(d.Trooper)...)
		}
		// Declaring an ARO places a hidden trooper on the table and
		// reveals a marker (every ARO here rolls).
		events = append(events, s.reveal(d.Trooper, "declared an ARO")...)
		events = append(events, s.trigger(d.Trooper)...)
		// Smoke thrown in ARO lays its template now (rule_smoke.go).
		events = append(events, s.smokeARO(d)...)
	}
	for i := range decls {
		d := &decls[i]
		if !s.suppressiveARO(d.Trooper, d.Skill) {
			events = append(events, s.leaveSuppressive(d.Trooper, "declared another ARO")...)
		}
	}
	o.Step = s.afterWindow(window)
	return events, nil
}

// declares reports a declaration of trooper t among decls (read in place:
// an ARO is 216 bytes, which slices.ContainsFunc copied for each one).
func declares(decls []ARO, t int) bool {
	for i := range decls {
		if decls[i].Trooper == t {
			return true
		}
	}
	return false
}

// checkAROs validates the declarations of an ARO window: each trooper
// eligible, at most one ARO each, each ARO valid (ARO (N4)). It builds
// them in buf.
func (s *State) checkAROs(a AROs, window int, buf []ARO) ([]ARO, error) {
	decls := buf[:0]
	for _, d := range a.Declarations {
		t := s.trooperIndex(d.Trooper)
		if t < 0 {
			return nil, rules.Errorf(rules.CodeBadAction, "ARO (N4)", "%q is not a trooper", d.Trooper)
		}
		// The troopers declared so far are those of decls: every earlier
		// declaration was accepted into it or refused the whole action.
		if declares(decls, t) {
			return nil, rules.Errorf(rules.CodeIllegal, "ARO (N4)", "%s declares two AROs: one ARO per trooper per Order", d.Trooper)
		}
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
		if d.Skill.Name == SkillHack {
			// Against the active trooper where the Hacking Area reaches it.
			at, _ = s.hackReach(t)
		}
		if ts := s.memberTarget(&d.Skill, e); ts != nil {
			// Against a Fireteam member, where its path met the
			// reacting trooper (rule_fireteam.go).
			affected, err := s.memberTemplate(t, &d.Skill, ts)
			if err != nil {
				return nil, err
			}
			decls = append(decls, ARO{Trooper: t, Skill: d.Skill, Window: window, At: ts.At, Against: ts.Trooper + 1, Affected: affected})
			continue
		}
		if d.Skill.Name == SkillBSAttack {
			at = e.AtLoF
			// A Direct Template declared in ARO is placed now, from the
			// reacting trooper toward the active one where it meets it
			// (Direct Template Weapons (N4)).
			if w, err := s.weaponRef(t, &d.Skill); err == nil && isDirectTemplate(w) {
				m := s.modelOf(t)
				if affected, err = s.placeTemplate(m, s.Models[m].At, *w, s.Order.Model, at); err != nil {
					return nil, err
				}
			} else if err == nil && isImpact(w) && !smokeAttack(w, &d.Skill) {
				// Centred on the active trooper where the ARO meets it
				// (Impact Template Weapons (N4)).
				if affected, err = s.placeImpact(s.modelOf(t), s.Order.Model, at, at); err != nil {
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

// eligibility is how a reactive trooper may react to the Order so far.
type eligibility struct {
	Trooper int  `json:"trooper"`
	LoF     bool `json:"lof"`
	ZoC     bool `json:"zoc"`
	// Template: affected by the active trooper's template, which lets it
	// Dodge (or Reset) without LoF or ZoC (ARO (N4), Dodge (N4)).
	Template bool `json:"template,omitempty"`
	// Proxy: an inactive Proxy of an eligible G: Jumper, which may Dodge or
	// Reset without LoF or ZoC (G: Jumper (N4, PDF 2.1), FAQ 1.0).
	Proxy bool `json:"proxy,omitempty"`
	// Hack: a hacker with the active trooper in its Hacking Area, which
	// may answer with a program; Hacked: the target of the active
	// trooper's program, which may Reset without LoF (Hacking (N3)).
	Hack   bool `json:"hack,omitempty"`
	Hacked bool `json:"hacked,omitempty"`
	// Guided: the target of a Guided attack, which may Dodge it without
	// LoF; UTurn: a hacker that may answer it with U-Turn (rule_guided.go).
	Guided bool       `json:"guided,omitempty"`
	UTurn  bool       `json:"uTurn,omitempty"`
	At     [2]float64 `json:"at"`    // the closest path point at which it qualifies
	AtLoF  [2]float64 `json:"atLoF"` // the closest path point in its Line of Fire
	// Team: the other members of a Fireteam Order it may react against
	// (Fireteams (N4); rule_fireteam.go).
	Team []teamSight `json:"team,omitempty"`
}

// aroAnswers is what a reactive trooper that has the active trooper in
// neither LoF nor ZoC may still declare, one bit per answer, so that a
// refusal names it without formatting anything until it is read (a
// uint8 boxes without allocating, and rules.Errorf keeps it as it is).
type aroAnswers uint8

const (
	answerDodge   aroAnswers = 1 << iota // an attack on it (template, Guided), or a Proxy
	answerReset                          // a Hacking Attack on it, a template, or a Proxy
	answerProgram                        // the active trooper in its Hacking Area
	answerUTurn                          // a Guided attack on an ally, with U-Turn
)

// answers is what e lets its trooper declare without LoF or ZoC: Dodge
// against an attack on it (Dodge (N4)), Reset against a Hacking Attack on
// it (Reset (N4)), either as an inactive Proxy of a reacting G: Jumper,
// a program when its Hacking Area reaches the active trooper, U-Turn
// against a Guided attack (Hacking (N3)). The same conditions decide
// hackReact's refusals.
func (e eligibility) answers() aroAnswers {
	var a aroAnswers
	if e.Template || e.Proxy || e.Guided {
		a |= answerDodge
	}
	if e.Template || e.Proxy || e.Hacked {
		a |= answerReset
	}
	if e.Hack {
		a |= answerProgram
	}
	if e.UTurn {
		a |= answerUTurn
	}
	return a
}

// String words the answers for a refusal: "Dodge or Reset", "U-Turn".
func (a aroAnswers) String() string {
	var names []string
	if a&answerDodge != 0 {
		names = append(names, "Dodge")
	}
	if a&answerReset != 0 {
		names = append(names, "Reset")
	}
	switch {
	case a&answerProgram != 0:
		names = append(names, "a hacking program")
	case a&answerUTurn != 0:
		names = append(names, "U-Turn")
	}
	if len(names) == 0 {
		return "nothing"
	}
	return strings.Join(names, " or ")
}

// eligible appends to dst the reactive troopers that may declare an ARO
// now.
//
// The rule (ARO (N4)): a reactive trooper not yet decided this Order, able
// to act, and with the active trooper in its Line of Fire or Zone of
// Control at some point of its activity — its movement included — may
// react, against the point where it qualified.
//
// The approximation: the activity is the active model's path, sampled at
// each declared point and every inch between (eachPathSample). A trooper
// qualifies at the nearest sample in its ZoC or LoF (At), and reacts with
// an attack from the nearest sample in its LoF (AtLoF). A glimpse that
// falls between two samples less than an inch apart is missed.
//
// Edge cases: a trooper under the active trooper's Direct Template, a
// hacker with the active trooper in its Hacking Area, and the target of
// its program are eligible without LoF or ZoC, and react to where the
// active model stands; a G: Jumper's other Proxies join a reacting one
// later (widenForJumpers); the second window skips those who decided in
// the first.
//
// Cost: per reactive trooper, one edge distance per sample, then Line of
// Fire tried nearest sample first until one is seen (moverScan, scanPath),
// so most troopers cost one or two LoF tests. The first window's scans
// are kept in the Order, and the second window extends them by the samples
// of the second skill's movement only, while the table stands as it did.
func (s *State) eligible(dst []eligibility) []eligibility {
	o := s.Order
	out := dst
	active := s.Models[o.Model]
	quiet := s.quietOrder() // Cautious Movement (N4), Stealth (N4)
	for t := range s.Troopers {
		tr := &s.Troopers[t]
		if tr.Seat != s.reactive() || tr.States.Null() || s.cannotAct(t) || slices.Contains(o.Decided, t) {
			continue
		}
		m := s.modelOf(t)
		if m < 0 {
			continue
		}
		sc := s.moverScan(t, m)
		e := eligibility{Trooper: t, LoF: sc.lof, ZoC: sc.zoc, At: sc.at, AtLoF: sc.atLoF}
		e.Template = slices.Contains(o.Affected, t)
		_, e.Hack = s.hackReach(t)
		e.Hacked = s.hackedBy(t)
		e.Guided, e.UTurn = s.guidedTarget(t), s.uTurnReady(t)
		if quiet.denies(s, &e) {
			continue
		}
		if len(o.Team) > 0 {
			// A Fireteam Order: its members too (rule_fireteam.go).
			e.Team = s.teamSights(t, m)
		}
		if e.LoF || e.ZoC || e.Template || e.Hack || e.Hacked || e.Guided || e.UTurn || len(e.Team) > 0 {
			if !e.LoF && !e.ZoC {
				e.At = active.At
			}
			out = append(out, e)
		}
	}
	return out
}

// canReact checks a declared ARO (ARO (N4); Dodge (N4) for Dodge).
func (s *State) canReact(t int, k Skill, e eligibility) error {
	tr := &s.Troopers[t] // read in place: every ARO candidate of every menu is checked here
	if f := factsOf(k.Name); f == nil || !f.aro {
		return rules.Errorf(rules.CodeIllegal, "ARO (N4)", "%s is not an ARO", k.Name)
	}
	if f := k.strayField(); f != "" {
		return rules.Errorf(rules.CodeBadAction, "Common Skills (N4)", "%s takes no %s", k.Name, f)
	}
	if err := stateAllows(&tr.States, tr.ID, k.Name); err != nil {
		return err
	}
	if err := s.impersonationARO(k); err != nil {
		return err
	}
	if done, err := s.reactRules(t, k, e); done || err != nil {
		return err
	}
	if done, err := s.hackReact(t, k, e); done {
		return err
	}
	// An ARO against a Fireteam member other than the leader
	// (rule_fireteam.go).
	if done, err := s.reactToMember(t, k, e); done {
		return err
	}
	// Affected by a template only, or an inactive Proxy of a reacting G:
	// Jumper without LoF or ZoC: Dodge or Reset.
	if !e.LoF && !e.ZoC && k.Name != SkillDodge && k.Name != SkillReset {
		return rules.Errorf(rules.CodeIllegal, "ARO (N4), G: Jumper (N4, PDF 2.1)", "%s has the active trooper in neither LoF nor ZoC: it may only answer with %v", tr.ID, e.answers())
	}
	// ZoC without LoF: the zoc-aro ruling (N4 errata 1.1.1 allows any valid
	// ARO; the original N4 only Dodge or Reset).
	if !e.LoF && s.Rulings.Get("zoc-aro") == "dodge-reset-only" && k.Name != SkillDodge && k.Name != SkillReset {
		return rules.Errorf(rules.CodeIllegal, "ARO (N4) (zoc-aro: dodge-reset-only)", "%s has the active trooper in ZoC but not in LoF: only Dodge or Reset", tr.ID)
	}
	o := s.Order
	active := s.Models[o.Model]
	switch k.Name {
	case SkillDodge, SkillReset:
		// Dodge (N4): in the Reactive Turn, Dodge needs a valid ARO: being
		// eligible is that; so does Reset (Reset (N4)).
		return nil
	case SkillDiscover:
		if s.targetModel(k.Target, tr.Seat) != o.Model {
			return rules.Errorf(rules.CodeIllegal, "ARO (N4)", "an ARO acts against the active trooper (%s), not %q", s.publicName(o.Trooper), k.Target)
		}
		if !e.LoF {
			return rules.Errorf(rules.CodeIllegal, "Discover (N4)", "%s has no Line of Fire to %s", tr.ID, k.Target)
		}
		if !s.Troopers[o.Trooper].States.marker() {
			return errNoMarker
		}
		if slices.Contains(tr.Failed, s.Troopers[o.Trooper].Marker) {
			return rules.Errorf(rules.CodeIllegal, "Discover (N4)", "%s failed to Discover %s this turn", tr.ID, k.Target)
		}
		return nil
	case SkillBSAttack, SkillCCAttack:
		if len(k.Split) > 0 || k.Burst > 0 {
			return rules.Errorf(rules.CodeIllegal, "Face to Face Rolls (N4)", "an ARO rolls B1 against the active trooper: no split, no Burst")
		}
		if s.targetModel(k.Target, tr.Seat) != o.Model {
			return rules.Errorf(rules.CodeIllegal, "ARO (N4)", "an ARO attacks the active trooper (%s), not %q", s.publicName(o.Trooper), k.Target)
		}
		if err := markerRefusal(&s.Troopers[o.Trooper].States, k.Target); err != nil {
			return err
		}
		if _, err := s.weaponRef(t, &k); err != nil {
			return err
		}
		at := active
		at.At = e.At
		m := s.modelOf(t)
		if k.Name == SkillCCAttack {
			if !geom.InContact(s.Models[m].base(), at.base()) {
				return s.namedRefusal("CC Attack (N4)", "CC Attack needs silhouette contact with %s", s.publicName(s.Order.Trooper))
			}
			return nil
		}
		if !e.LoF {
			return rules.Errorf(rules.CodeIllegal, "BS Attack (N4)", "%s has no Line of Fire to %s", tr.ID, s.publicName(s.Order.Trooper))
		}
	}
	return nil
}

// namedRefusals are the last refusals namedRefusal made while Legal ran,
// with what each says. A menu greys many candidates for one reason that
// names one trooper (each CC weapon of a trooper out of contact, each
// Direct Template that does not reach its target), and the next menus
// again: they share one error each rather than make one per candidate.
// An activation menu names every enemy model a Direct Template misses, in
// turn, for each trooper that carries one: with room for fewer names than
// a side's models (it held 8), each was pushed out before it came round
// again.
type namedRefusals struct {
	kept [32]namedRefusal
	next int // the entry to replace next
}

type namedRefusal struct {
	rule, format, name string
	err                *rules.RuleError
}

// namedRefusal is rules.Errorf(rules.CodeIllegal, rule, format, name): a
// refusal whose format takes one name. While Legal runs it is an error
// made before that says the same, if one is kept: a RuleError is never
// changed once made, so the candidates, and the menus, that it refuses
// may share it.
func (s *State) namedRefusal(rule, format, name string) *rules.RuleError {
	if s.memo == nil {
		return rules.Errorf(rules.CodeIllegal, rule, format, name)
	}
	m := &s.memo.named
	for i := range m.kept {
		if k := &m.kept[i]; k.err != nil && k.name == name && k.format == format && k.rule == rule {
			return k.err
		}
	}
	err := rules.Errorf(rules.CodeIllegal, rule, format, name)
	m.kept[m.next] = namedRefusal{rule, format, name, err}
	m.next = (m.next + 1) % len(m.kept)
	return err
}

// errNoMarker refuses Discover of a trooper that is not a marker: it names
// nothing, so every refusal is this one.
var errNoMarker = rules.NewError(rules.CodeIllegal, "Discover (N4)", "Discover needs an enemy marker")

// stepARO1 and stepARO2 are the ARO windows (Order Expenditure Sequence
// (N4) steps 2 and 4): the reactive player declares every eligible
// trooper's ARO, or none, in one action.
var (
	stepARO1 = aroStep(StepARO1)
	stepARO2 = aroStep(StepARO2)
)

func aroStep(name Step) stepDef {
	return stepDef{
		name:  name,
		order: true,
		who:   reactivePlayer,
		actions: []stepAction{act(func(s *State, a *AROs, _ *Order) (checked, error) {
			// Legal, which checks every candidate and keeps no
			// declarations, lends its scratch's list to build them in;
			// Apply keeps them, in a list of their own, sized for the
			// troopers that may declare.
			var buf []ARO
			if s.memo != nil {
				buf = s.memo.aros[:0]
			} else if s.Order != nil {
				buf = make([]ARO, 0, min(len(a.Declarations), len(s.Order.Eligible)))
			}
			decls, err := s.checkAROs(*a, s.aroWindow(), buf)
			if s.memo != nil && cap(decls) > cap(buf) {
				// Grown (a refusal returns no list: the room stays).
				s.memo.aros = decls[:0]
			}
			return checked{aros: decls}, err
		}, func(s *State, a AROs, c checked, _ dice.Source) ([]rules.Event, error) {
			return s.aros(a, c.aros)
		})},
		candidates:    (*State).aroCandidates,
		activeOnTable: true,
	}
}
