package infinity

import (
	"math"
	"slices"
	"sync"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// menuBuilder builds menus: it owns everything a menu is made with and
// the next menu may use again, as go/types keeps its caches in its
// Checker rather than in the syntax tree. The state is plain data and
// carries none of it.
//
//   - the shallow copy of the state a menu reads, and the scratch Order
//     an activation candidate is checked in;
//   - the memos its checks share (checkMemo), lent to the checks through
//     the copy (State.memo) while it checks the candidates;
//   - the list the candidates are written in (candidateBuf);
//   - the blocks candidates and their route points are carved from
//     (menuBox, routePoints), which the next menu goes on filling;
//   - the last menus' candidates, trooper by trooper (menuRuns), which
//     the next menu hands over again where unchanged.
//
// Legal takes a builder from a pool and gives it back when the menu is
// made: nothing else uses it meanwhile. A rule's candidates are asked of
// it (stepDef.candidates); outside Legal, with no builder (nil), they are
// made fresh, with nothing to reuse.
type menuBuilder struct {
	// state is the shallow copy of the state being listed, whose memo is
	// this builder's.
	state State
	order Order
	memo  checkMemo
	cands []rules.Action
	// activateBox and secondBox box the activation and second-skill
	// menus' candidates, menu after menu (menuBox).
	activateBox menuBox[Activate]
	secondBox   menuBox[Second]
	// points is the block the menus carve their Moves' route points
	// from, menu after menu (routePoints); moves are the routes the last
	// menus gave each trooper (moveRoutes).
	points [][2]float64
	moves  []moveRoutes
	// activates and seconds are the last activation and second-skill
	// menus' candidates, trooper by trooper, kept across menus: the next
	// one reuses those unchanged (menuRuns).
	activates, seconds menuRuns
	// reactions are likewise the last ARO menus' single declarations,
	// by reactive and active trooper (aroCandidates, aroRuns).
	reactions menuRuns
}

// checkMemo is what the checks of one menu's candidates share: Line of
// Fire, the bases on the table, an activation's declaration, refusals
// many candidates give. It lives in the menu builder; the checks reach it
// through the builder's copy of the state (State.memo), nil outside
// Legal.
type checkMemo struct {
	lof   lofMemo
	decl  declMemo
	short shortMemo
	// cautious is the last answer of watched (rule_cautious.go): every
	// Cautious Movement candidate of a trooper asks the same.
	cautious cautiousMemo
	bases    tableBases
	// routes are the route refusals made so far (routeError).
	routes []routeRefusalErr
	// named are refusals that name one thing, kept for later candidates
	// and menus (namedRefusal).
	named namedRefusals
	// aros is the room checkAROs builds an ARO candidate's declarations
	// in (the scratch Order's list is dropped whenever an activation
	// menu clears that Order).
	aros []ARO
}

// menuBuilders are the builders not in use: Legal takes one and gives it
// back before it returns.
var menuBuilders = sync.Pool{New: func() any { return new(menuBuilder) }}

// directions are the eight headings Legal offers moves along, in degrees.
var directions = []float64{0, 45, 90, 135, 180, 225, 270, 315}

// headings are the directions as unit steps (cosine, sine), worked out
// once: every trooper of every menu is offered a Move along each.
var headings = func() (h [8][2]float64) {
	for i, deg := range directions {
		r := radians(deg)
		h[i] = [2]float64{math.Cos(r), math.Sin(r)}
	}
	return h
}()

// Legal is the menu for seat: a finite, representative set of what it may
// send now (moves along eight headings at full MOV, a BS Attack on every
// enemy and a CC Attack on those near, Dodge, Reset, Idle, ending the
// Orders Phase), each checked by the
// same validation Apply uses (check), with greyed entries carrying the rule
// that refuses them.
//
// Discrete choices are listed in full: every attack comes with each weapon
// fit for it and each ammunition mode of that weapon (eachWeaponChoice).
// Continuous and composite ones are sampled: routes, facings and placements
// at a few points; an attack from the end of the movement; the full Burst;
// and of the ways to split a Burst between targets, the whole Burst on
// each target, from which a client composes a split (every division over
// every set of targets would multiply the menu for little help).
//
// A seat the prompt does not name gets an empty menu: the prompted seat's
// menu would show it what it may not know (the troopers behind markers,
// where a hidden trooper could move).
//
// The activation, second-skill, ARO, Dodge and Guts menus hand their
// candidates over as pointers (*Activate, *Second, *AROs, *DodgeMove,
// *GutsMove; menuBox), which Apply takes as it takes the values: read one
// with asAction[Activate], not a type assertion to Activate, and never
// write through it.
func (s *State) Legal(seat rules.Seat) []rules.Option {
	b := menuBuilders.Get().(*menuBuilder)
	defer menuBuilders.Put(b)
	return b.legal(s, seat)
}

// legal is Legal with this builder, which nothing else uses while it
// runs: what it kept from the menus made with it before (menuRuns, the
// boxes' blocks) it may hand over again.
func (b *menuBuilder) legal(s *State, seat rules.Seat) []rules.Option {
	p := s.Prompt()
	switch {
	case p.Kind == rules.GameOver:
		return nil
	case !p.Waits(seat):
		return nil
	}
	// The memos start empty.
	m := &b.memo
	m.lof, m.decl, m.short, m.cautious = lofMemo{}, declMemo{}, shortMemo{}, cautiousMemo{}
	m.bases.ready = false
	clear(m.routes)
	m.routes = m.routes[:0]
	// The candidates' list is only read until the options are built:
	// the largest menus make it in the builder's (candidateBuf), which
	// is cleared then, so that it holds on to no action.
	defer func() {
		m.decl = declMemo{}
		b.state = State{}
		clear(b.cands)
		b.cands = b.cands[:0]
	}()
	// check builds each activation's Order in the scratch Order.
	scratch := &b.order
	// The memos are reached through a shallow copy of the state, never
	// through s: Legal only reads s, so callers may ask for menus of one
	// state from several goroutines at once. The copy is the builder's,
	// not an allocation of its own for every menu, and let go of when
	// the menu is made.
	b.state = *s
	b.state.memo = m
	s = &b.state
	cands := s.stepOf().candidates(s, b)
	out := make([]rules.Option, 0, len(cands))
	// The step's entry that accepts the previous candidate, which most
	// candidates share: check would look it up again for each.
	var sa *stepAction
	waits := p.Waits(seat)
	for _, a := range cands {
		opt := rules.Option{Action: a}
		if !waits {
			opt.Illegal = rules.Errorf(rules.CodeNotYourTurn, "Order Expenditure Sequence (N4)", "%s is not prompted: waiting for %v in %s", seat, p.Seats, p.Window)
		} else if err := s.checkCandidate(&sa, a, scratch); err != nil {
			// A plain type assertion: errors.As would allocate for every
			// greyed candidate.
			if re, ok := err.(*rules.RuleError); ok {
				opt.Illegal = re
			} else if re, ok := rules.AsRuleError(err); ok {
				opt.Illegal = re
			} else {
				opt.Illegal = rules.Errorf(rules.CodeIllegal, "", "%v", err)
			}
		}
		out = append(out, opt)
	}
	return out
}

// checkCandidate is check for Legal: sa is the step's entry that accepted
// the previous candidate, tried first and updated.
func (s *State) checkCandidate(sa **stepAction, a rules.Action, scratch *Order) error {
	if *sa == nil || !(*sa).is(a) {
		var err error
		if *sa, err = s.accepting(a); err != nil {
			return err
		}
	}
	_, err := (*sa).check(s, a, scratch)
	return err
}

// eachSkillCandidate calls f with each skill a trooper might declare from
// from with mov inches of movement. It hands them over one by one rather
// than as a slice: Legal boxes each into its own action anyway, and a slice
// of skills per trooper was a third of a menu's allocations.
func (s *State) eachSkillCandidate(b *menuBuilder, t int, from [2]float64, mov float64, f func(Skill)) {
	// The skills with no target, in skillTable order.
	for i := range skillTable {
		k := &skillTable[i]
		switch k.menu {
		case menuPlain:
			f(Skill{Name: k.name})
		case menuCautious:
			s.eachCautiousChoice(b, t, from, f)
		case menuPrograms:
			s.eachOwnProgram(t, f)
		case menuPatients:
			s.eachPatientChoice(t, k.name, f)
		case menuWeapons:
			s.eachWeaponChoice(t, Skill{Name: k.name}, f)
		case menuRoutes:
			if mov <= 0 {
				continue
			}
			routes := b.moveRoutes(t, from, mov)
			for i := range headings {
				f(Skill{Name: k.name, Route: routes[i : i+1 : i+1]})
			}
		}
	}
	seat := s.Troopers[t].Seat
	// The enemies in the open in table order, then the markers in the order
	// of their labels: in army-list order, the menu would tell which
	// trooper each marker is.
	var buf [8]int
	markers := buf[:0]
	for i := range s.Models {
		model := &s.Models[i]
		enemy := &s.Troopers[model.Trooper]
		if !model.Removed && enemy.Seat != seat && enemy.States.marker() {
			markers = append(markers, i)
		}
	}
	sortMarkers(markers, func(m int) string { return s.Troopers[s.Models[m].Trooper].Marker })
	for k := range len(s.Models) + len(markers) {
		i := k
		if k >= len(s.Models) {
			i = markers[k-len(s.Models)]
		}
		model := &s.Models[i]
		enemy := &s.Troopers[model.Trooper]
		if model.Removed || enemy.Seat == seat || enemy.States.Hidden || (k < len(s.Models) && enemy.States.marker()) {
			continue
		}
		name := s.publicName(model.Trooper)
		// The skills with a target, in skillTable order.
		for j := range skillTable {
			sk := &skillTable[j]
			switch sk.menu {
			case menuMarkers:
				if enemy.States.marker() {
					f(Skill{Name: sk.name, Target: name})
				}
			case menuEnemies:
				s.eachWeaponChoice(t, Skill{Name: sk.name, Target: name}, f)
				if sk.name == SkillBSAttack {
					s.eachGuidedChoice(t, model.Trooper, name, f)
				}
			case menuPrograms:
				s.eachProgramChoice(t, Skill{Name: sk.name, Target: name}, f)
			case menuSpeculative:
				s.eachSpeculativeChoice(t, name, f)
			case menuReach:
				// Offered only within reach of a move.
				if d := math.Hypot(model.At[0]-from[0], model.At[1]-from[1]); d <= mov+4 {
					s.eachWeaponChoice(t, Skill{Name: sk.name, Target: name}, f)
				}
			}
		}
	}
	// Programs on enemy deployable devices (hack_deployable.go), and Smoke
	// thrown at points (rule_smoke.go).
	s.eachDeployableProgram(t, f)
	s.eachSmokeChoice(t, from, f)
}

// routePoints is room for n route points of candidates: while Legal
// runs, carved from the menu builder's block of points (menuBuilder.points),
// which the builder's next menus go on carving, else a new one. The
// points are written once, before their candidates are handed over, and
// never again, as menuBox's elements are; a trooper's Moves were a
// hundred allocations of 128 bytes a playout, most of them for
// candidates the menu then reused from the menu before (menuRuns).
func (b *menuBuilder) routePoints(n int) [][2]float64 {
	if b == nil {
		return make([][2]float64, n)
	}
	p := &b.points
	if cap(*p)-len(*p) < n {
		*p = make([][2]float64, 0, max(n, routePointsBlock))
	}
	*p = (*p)[:len(*p)+n]
	return (*p)[len(*p)-n : len(*p) : len(*p)]
}

// moveRoutes is the end point of a Move of mov inches from from along
// each heading, one block for every route: while Legal runs, the block
// the menu builder's last menu gave trooper t if it was for the same
// start and length (the points are a function of those alone, and a
// block is never written once handed over), else one carved anew
// (routePoints). Most troopers have not moved since the last menu, and
// then the menu reuses their Moves (menuRuns): carving their points
// again was most of what routePoints carved.
func (b *menuBuilder) moveRoutes(t int, from [2]float64, mov float64) [][2]float64 {
	var last *moveRoutes
	if b != nil {
		if t >= len(b.moves) {
			b.moves = append(b.moves, make([]moveRoutes, t+1-len(b.moves))...)
		}
		last = &b.moves[t]
		if last.routes != nil && last.from == from && last.mov == mov {
			return last.routes
		}
	}
	routes := b.routePoints(len(headings))
	for i, u := range headings {
		routes[i] = [2]float64{from[0] + mov*u[0], from[1] + mov*u[1]}
	}
	if last != nil {
		*last = moveRoutes{from: from, mov: mov, routes: routes}
	}
	return routes
}

// moveRoutes is the Move routes a menu last gave a trooper: from where
// and how far.
type moveRoutes struct {
	from   [2]float64
	mov    float64
	routes [][2]float64
}

// routePointsBlock is how many route points a menu builder's block holds
// (2 kB: a block lives while any route carved from it does).
const routePointsBlock = 128

// candidateBuf is room for about n candidates: while Legal runs, the menu
// builder's list (a menu's list of candidates is only read until Legal
// has built its options), else a new one. keepCandidates hands the list
// back, grown or not.
func (b *menuBuilder) candidateBuf(n int) []rules.Action {
	if b == nil {
		return make([]rules.Action, 0, n)
	}
	return slices.Grow(b.cands[:0], n)
}

// keepCandidates keeps out, made from candidateBuf, as the builder's list
// while Legal runs, and returns it.
func (b *menuBuilder) keepCandidates(out []rules.Action) []rules.Action {
	if b != nil {
		b.cands = out
	}
	return out
}

// skillsPerTrooper is about how many candidates eachSkillCandidate gives,
// for sizing menus.
func (s *State) skillsPerTrooper() int { return 4 + len(directions) + 2*len(s.Models) }

func (s *State) activationCandidates(b *menuBuilder) []rules.Action {
	out := b.candidateBuf(1 + len(s.Troopers)*s.skillsPerTrooper()/2)
	out = append(out, EndOrders{})
	// The candidates share blocks rather than each being boxed alone,
	// the menu builder's while Legal runs.
	box := builderBox(b, func(b *menuBuilder) *menuBox[Activate] { return &b.activateBox }, 16)
	w := activationMenu{out: out, box: box}
	for t := range s.Troopers {
		if s.Troopers[t].Seat != s.active() {
			continue
		}
		s.troopersActivations(b, t, &w)
	}
	out = w.out
	return b.keepCandidates(out)
}

// activationMenu is an activation menu being written: its candidates,
// its box, and the trooper's candidates of the last menu (menuRuns), of
// whose skills skill were passed.
type activationMenu struct {
	out   []rules.Action
	box   *menuBox[Activate]
	last  *menuRun
	skill int
}

// add lists trooper id declaring k with an Order from src: the candidate
// of the last menu for the same skill (by its place among the trooper's)
// and Order source if it is the same, else a new one written in its block
// in place, not built aside and copied. The last menu is looked up by
// skill and source rather than by place in the list, so that a trooper
// which spent or regained one of its Orders, and lists each skill once
// more or less, still finds its skills as they were.
func (w *activationMenu) add(id string, src OrderSource, k *Skill) {
	if r := w.last; r != nil {
		for q, was := range r.sources[:r.nsources] {
			if was != src {
				continue
			}
			if i := w.skill*r.nsources + q; i < len(r.acts) {
				if a := reuseActivate(r.acts[i], id, src, k); a != nil {
					w.out = append(w.out, a)
					return
				}
			}
			break
		}
	}
	a := w.box.slot()
	a.Trooper, a.Order, a.Skill = id, src, *k
	w.out = append(w.out, a)
}

// candidate is trooper id declaring k with an Order from src: old if it
// is the same, else a new one.
func (w *activationMenu) candidate(old rules.Action, id string, src OrderSource, k *Skill) rules.Action {
	if a := reuseActivate(old, id, src, k); a != nil {
		return a
	}
	a := w.box.slot()
	a.Trooper, a.Order, a.Skill = id, src, *k
	return a
}

// troopersActivations adds each activation candidate of trooper t, of
// the active seat, to w.
func (s *State) troopersActivations(b *menuBuilder, t int, w *activationMenu) {
	tr := &s.Troopers[t] // in place: a Trooper is large to copy
	w.last = nil
	if tr.States.Reserve && !tr.States.Null() {
		// In reserve: a Combat Jump to the middle of each quarter of
		// the table.
		wd, ht := s.Table.Width, s.Table.Height
		for _, p := range [][2]float64{{wd / 4, ht / 4}, {3 * wd / 4, ht / 4}, {wd / 4, 3 * ht / 4}, {3 * wd / 4, 3 * ht / 4}} {
			w.add(tr.ID, OrderRegular, &Skill{Name: SkillCombatJump, Route: [][2]float64{p}})
		}
		return
	}
	m := s.modelOf(t)
	if m < 0 {
		return
	}
	// Every Order the trooper may spend is offered with every skill:
	// its own Irregular Order, its group's Regular Order, and for the
	// Lieutenant its Special Order whether or not the pool still has
	// Orders (Order types (N4), Lieutenant (N4)).
	var sources [3]OrderSource
	n := 0
	for _, src := range orderSources {
		if (src != OrderLieutenant || tr.Lieutenant) && s.spendBar(t, src) == spendOK {
			sources[n] = src
			n++
		}
	}
	if n == 0 {
		// No Order for this trooper: one greyed entry says why.
		source := OrderRegular
		if s.orderHolder(t) >= 0 || s.irregular(t) {
			source = OrderIrregular
		}
		// Kept apart from the trooper's skills (menuRun.idle): those come
		// back with its Orders, most of them as they were.
		idle := Skill{Name: SkillIdle}
		if b == nil {
			w.out = append(w.out, w.candidate(nil, tr.ID, source, &idle))
			return
		}
		run := b.activates.run(t, tr.ID)
		run.idle = w.candidate(run.idle, tr.ID, source, &idle)
		w.out = append(w.out, run.idle)
		return
	}
	w.skill = 0
	if b != nil {
		w.last = b.activates.run(t, tr.ID)
	}
	start := len(w.out)
	s.eachSkillCandidate(b, t, s.Models[m].At, float64(s.profile(t).MOV[0]), func(k Skill) {
		for _, src := range sources[:n] {
			w.add(tr.ID, src, &k)
		}
		w.skill++
	})
	if w.last != nil {
		w.last.keep(w.out[start:])
		w.last.sources, w.last.nsources = sources, n
	}
	if slices.Contains(sources[:n], OrderRegular) {
		// A Fireteam Order moving in formation (rule_fireteam.go).
		w.out = s.formationActivations(t, w.out)
	}
}

// poolLeft reports Regular Orders left in the trooper's combat group.
func (s *State) poolLeft(t int) bool {
	groups := s.army(s.Troopers[t].Seat).Groups
	for i := range groups {
		if g := &groups[i]; g.Name == s.Troopers[t].Group {
			return g.Pool > 0
		}
	}
	return false
}

func (s *State) secondCandidates(b *menuBuilder) []rules.Action {
	o := s.Order
	mov := float64(s.profile(o.Trooper).MOV[0])
	if o.First.Name == SkillMove {
		mov = float64(s.profile(o.Trooper).MOV[1])
	}
	out := b.candidateBuf(s.skillsPerTrooper())
	box := builderBox(b, func(b *menuBuilder) *menuBox[Second] { return &b.secondBox }, s.skillsPerTrooper())
	// The trooper's candidates of its last second-skill menu, reused
	// where unchanged (menuRuns).
	var last *menuRun
	if b != nil {
		last = b.seconds.run(o.Trooper, s.Troopers[o.Trooper].ID)
	}
	j := 0
	s.eachSkillCandidate(b, o.Trooper, o.Path[len(o.Path)-1], mov, func(k Skill) {
		if last != nil && j < len(last.acts) {
			if a := reuseSecond(last.acts[j], &k); a != nil {
				out = append(out, a)
				j++
				return
			}
		}
		j++
		a := box.slot()
		a.Skill = k
		out = append(out, a)
	})
	if last != nil {
		last.keep(out)
	}
	out = s.formationSeconds(mov, out) // Fireteams (N4)
	out = append(out, s.interactSeconds()...)
	return b.keepCandidates(out)
}

// aroCandidates: nobody reacts; each eligible trooper alone with each of
// its AROs; and every eligible trooper with its first valid ARO.
func (s *State) aroCandidates(b *menuBuilder) []rules.Action {
	active := s.publicName(s.Order.Trooper)
	n := 0
	for _, e := range s.Order.Eligible {
		s.eachAROSkill(e.Trooper, active, func(Skill) { n++ })
	}
	// The list of every eligible trooper's first valid ARO is offered
	// only when it holds two or more: with one eligible trooper it is
	// neither looked for nor made.
	var all AROs
	if len(s.Order.Eligible) > 1 {
		all.Declarations = make([]ARODecl, 0, len(s.Order.Eligible))
	}
	out := b.candidateBuf(2 + n)
	// Every candidate in the block, "nobody reacts" and the list of all
	// too: a check reads an AROs value through a copy of its own.
	box := newMenuBox[AROs](n + 2)
	out = append(out, box.box(AROs{}))
	// Each new single declaration is a slice of one list rather than a
	// list of its own: one allocation for the menu instead of one a
	// candidate, made at the first declaration not reused from the
	// trooper's last ARO menu (menuRuns), for all those left.
	var singles []ARODecl
	done := 0
	for _, e := range s.Order.Eligible {
		t := e.Trooper
		id := s.Troopers[t].ID
		first := len(s.Order.Eligible) > 1
		var last *menuRun
		if b != nil {
			// By reactive and active trooper, most of a trooper's AROs
			// naming the trooper it reacts to: aroRuns runs for each
			// reactive trooper, the active trooper's index picking one,
			// so that the runs of the largest games stay small (another
			// active trooper with the same run, found unlike, is listed
			// anew).
			last = b.reactions.run(t*aroRuns+s.Order.Trooper%aroRuns, id)
		}
		start, j := len(out), 0
		s.eachAROSkill(t, active, func(k Skill) {
			if first && s.canReact(t, k, e) == nil {
				all.Declarations = append(all.Declarations, ARODecl{Trooper: id, Skill: k})
				first = false
			}
			if last != nil && j < len(last.acts) {
				if a := reuseARO(last.acts[j], id, &k); a != nil {
					out = append(out, a)
					j, done = j+1, done+1
					return
				}
			}
			if singles == nil {
				singles = make([]ARODecl, 0, n-done)
			}
			singles = append(singles, ARODecl{Trooper: id, Skill: k})
			i := len(singles) - 1
			out = append(out, box.box(AROs{Declarations: singles[i : i+1 : i+1]}))
			j, done = j+1, done+1
		})
		if last != nil {
			last.keep(out[start:])
		}
	}
	if len(all.Declarations) > 1 {
		out = append(out, box.box(all))
	}
	return b.keepCandidates(out)
}

// aroRuns is how many runs of ARO candidates the menu builder keeps for
// each reactive trooper (aroCandidates).
const aroRuns = 8

// eachAROSkill calls f with each ARO the menu offers trooper t against
// the active trooper, named active.
func (s *State) eachAROSkill(t int, active string, f func(Skill)) {
	s.eachWeaponChoice(t, Skill{Name: SkillBSAttack, Target: active}, f)
	s.eachWeaponChoice(t, Skill{Name: SkillCCAttack, Target: active}, f)
	s.eachProgramChoice(t, Skill{Name: SkillHack, Target: active}, f)
	s.eachToolboxARO(t, f)
	s.eachSmokeARO(t, f)
	f(Skill{Name: SkillDiscover, Target: active})
	// A Fireteam Order's other members (rule_fireteam.go).
	for _, m := range s.Order.Team {
		id := s.publicName(m.Trooper)
		s.eachWeaponChoice(t, Skill{Name: SkillBSAttack, Target: id}, f)
		s.eachWeaponChoice(t, Skill{Name: SkillCCAttack, Target: id}, f)
	}
	f(Skill{Name: SkillDodge})
	f(Skill{Name: SkillReset})
}

func (s *State) dodgeCandidates(b *menuBuilder) []rules.Action {
	t := s.Order.Dodgers[0]
	m := s.modelOf(t)
	id := s.Troopers[t].ID
	// In the builder's list and one block, like the other menus.
	out := b.candidateBuf(1 + len(directions))
	box := newMenuBox[DodgeMove](1 + len(directions))
	out = append(out, box.box(DodgeMove{Trooper: id, Stay: true}))
	if m < 0 {
		return b.keepCandidates(out)
	}
	at := s.Models[m].At
	for _, deg := range directions {
		r := radians(deg)
		to := [2]float64{at[0] + DodgeMove2*math.Cos(r), at[1] + DodgeMove2*math.Sin(r)}
		out = append(out, box.box(DodgeMove{Trooper: id, To: to, Facing: deg}))
	}
	return b.keepCandidates(out)
}

// gutsCandidatesMoves: stay, or each searched spot, facing away.
func (s *State) gutsCandidatesMoves(b *menuBuilder) []rules.Action {
	t := s.Order.Gutsers[0].Trooper
	id := s.Troopers[t].ID
	m := s.modelOf(t)
	var spots [][2]float64
	if m >= 0 {
		spots = s.gutsSpots(m)
	}
	// In the builder's list and one block, like the other menus.
	out := b.candidateBuf(2 + len(spots))
	box := newMenuBox[GutsMove](2 + len(spots))
	out = append(out, box.box(GutsMove{Trooper: id, Stay: true}))
	if s.Order.Gutsers[0].Passed && canGoProne(s.profile(t).Type) {
		// Choosing to fail where it stands (after a failed roll, staying
		// is already going Prone).
		out = append(out, box.box(GutsMove{Trooper: id, Stay: true, Prone: true}))
	}
	for _, p := range spots {
		out = append(out, box.box(GutsMove{Trooper: id, To: p, Facing: s.Models[m].Facing}))
	}
	return b.keepCandidates(out)
}

// alertCandidatesActions: nobody turns, or every trooper of the seat that
// may turns to face the active trooper.
func (s *State) alertCandidatesActions(b *menuBuilder) []rules.Action {
	o := s.Order
	seat := s.Troopers[o.Alerters[0]].Seat
	out := b.candidateBuf(2)
	out = append(out, Alert{})
	var face Alert
	n := 0
	for _, t := range o.Alerters {
		if s.Troopers[t].Seat == seat {
			n++
		}
	}
	face.Turns = make([]AlertTurn, 0, n)
	am := s.Models[o.Model]
	for _, t := range o.Alerters {
		if s.Troopers[t].Seat != seat {
			continue
		}
		m := s.Models[s.modelOf(t)]
		deg := geom.FacingToward(m.point(), am.point()) * 180 / math.Pi
		face.Turns = append(face.Turns, AlertTurn{Trooper: s.Troopers[t].ID, Facing: deg})
	}
	if len(face.Turns) > 0 {
		out = append(out, face)
	}
	return b.keepCandidates(out)
}
