package infinity

import "github.com/ordo-rules/ordo/rules"

// menuBox hands a menu's candidates of one action type over as pointers
// into blocks of memory (a *Activate is a rules.Action: the action types'
// methods have value receivers), instead of each being copied into an
// allocation of its own.
//
// # Why
//
// Legal returns every candidate as a rules.Action. Converting a struct to
// an interface copies it into a new allocation: an Activate is 192 bytes,
// and a playout of demo.yaml boxed about 2,900 of them, a tenth of its
// instructions and two fifths of its garbage (issue #13's playout
// benchmark). menuBox writes the candidates into blocks of a few dozen
// and hands over a pointer to each element.
//
// # Why it is sound
//
// A block is only appended to: an element handed over is never written
// again by the menus, and a full block is left to the pointers into it
// (the collector keeps a block while any of them lives) and a new one
// started. The rules read a pointer action as the value it points at
// (asAction) and never write through it; a caller that did would change
// the candidate for every holder of it, as with any shared pointer.
//
// # Cost
//
// One allocation per block instead of one per candidate. Blocks start at
// the size the caller expects and grow to menuBoxLen actions. The
// activation and second-skill menus box into the menu builder's boxes
// (menuBuilder.activateBox, secondBox), so the next menu built with the
// builder goes on filling the block the last one left part empty: writing
// an element no pointer points at yet while readers read the others is no
// race, for they are different memory.
type menuBox[A any] struct {
	block []A
	next  int // the size of the next block
}

// newMenuBox starts a menuBox for actions of type A, its first block
// sized for about n of them.
func newMenuBox[A any](n int) menuBox[A] {
	return menuBox[A]{next: max(n, 8)}
}

// builderBox is the box of the menu builder that field picks, so that a
// menu goes on filling the block the last one left part empty; with no
// builder (outside Legal), a box of its own. A box not yet started is
// started for about n actions.
func builderBox[A any](b *menuBuilder, field func(*menuBuilder) *menuBox[A], n int) *menuBox[A] {
	var box *menuBox[A]
	if b != nil {
		box = field(b)
	} else {
		box = new(menuBox[A])
	}
	if box.next == 0 {
		*box = newMenuBox[A](n)
	}
	return box
}

// menuBoxLen is the most actions a block holds (32 Activates are about
// 6 kB).
const menuBoxLen = 32

// box puts x in the block and returns a pointer to it.
func (b *menuBox[A]) box(x A) *A {
	p := b.slot()
	*p = x
	return p
}

// slot adds a zero action to the block and returns it, for the caller to
// fill in place before handing it over: an Activate built aside and
// copied in was copied twice.
func (b *menuBox[A]) slot() *A {
	if len(b.block) == cap(b.block) {
		n := max(8, min(b.next, menuBoxLen))
		b.block, b.next = make([]A, 0, n), 2*n
	}
	b.block = b.block[:len(b.block)+1]
	return &b.block[len(b.block)-1]
}

// asAction is a as an A, whether a holds an A or a pointer to one (a
// menu's candidate, menuBox).
func asAction[A rules.Action](a rules.Action) (A, bool) {
	if p, ok := any(a).(*A); ok && p != nil {
		return *p, true
	}
	x, ok := a.(A)
	return x, ok
}

// Plain is a with a menu's pointer candidate (menuBox) replaced by
// the value it points at, for code that tells actions apart by type (the
// rules' own and the bots').
func Plain(a rules.Action) rules.Action {
	switch p := a.(type) {
	case *Activate:
		return *p
	case *Second:
		return *p
	case *AROs:
		return *p
	case *DodgeMove:
		return *p
	case *GutsMove:
		return *p
	}
	return a
}

// menuRuns keeps, trooper by trooper, the candidates the last menu of
// one kind built with one menu builder listed for it (the activation
// menu's Activates, the second-skill menu's Seconds, the ARO menus'
// single declarations), so that the next
// menu of that kind hands over the same boxed values again where a
// candidate is unchanged instead of boxing a new copy.
//
// # Why
//
// A trooper's candidates change only when something they are made of
// changes: its position (its Moves), its Order sources, the enemies it
// may name. Between two menus of a turn, one trooper acted and the rest
// did not: in demo.yaml's random playouts about two thirds of the
// Activate candidates of a menu equal the one at the same place among
// their trooper's in the menu before, and three fifths of the Second
// candidates the one in the trooper's last second-skill menu; boxing
// them again was two fifths of a playout's garbage (issue #13's playout
// benchmark). An activation menu looks a candidate up by skill and Order
// source rather than by place (activationMenu.add): a trooper that spent
// or regained an Order lists every skill with one source less or more.
//
// # Why it is sound
//
// A boxed action is never written once it is handed over (menuBox), so a
// menu may hand over the same pointer as an earlier one, on any goroutine:
// readers only read it. A value is reused only when every field equals
// the candidate's (reuseActivate, reuseSecond, reuseARO), so the menu lists
// exactly what it would have listed with fresh copies; what the runs
// hold can change which memory a menu points at, never what it says.
// The runs live in a pooled menu builder, so a menu reads only the runs
// of menus made before it with that builder, never while another call
// writes them. They hold about one menu's worth of candidates per kind
// and builder until the pool lets the builder go.
type menuRuns []menuRun

// menuRun is one trooper's candidates of the last menu that listed it.
type menuRun struct {
	id   string
	acts []rules.Action
	// sources are the Order sources an activation menu listed each
	// skill with, in acts' order (a skill's candidates are one after
	// another, one per source).
	sources  [3]OrderSource
	nsources int
	// idle is the trooper's last greyed Idle, listed when it has no
	// Order to spend: kept apart, so that the skills it lists again
	// once it has one are still there to reuse.
	idle rules.Action
}

// run is trooper t's run, named id, emptied first if it was another
// trooper's (another game's): the runs are indexed by trooper.
func (r *menuRuns) run(t int, id string) *menuRun {
	if t >= len(*r) {
		*r = append(*r, make(menuRuns, t+1-len(*r))...)
	}
	run := &(*r)[t]
	if run.id != id {
		clear(run.acts)
		run.id, run.acts, run.idle, run.nsources = id, run.acts[:0], nil, 0
	}
	return run
}

// keep makes acts, the trooper's candidates of the menu just built, the
// run, letting go of what the old one held beyond them.
func (r *menuRun) keep(acts []rules.Action) {
	clear(r.acts[min(len(acts), len(r.acts)):])
	r.acts = append(r.acts[:0], acts...)
}

// reuseActivate returns old if it is an Activate equal to trooper id
// declaring k with an Order from src, else nil.
func reuseActivate(old rules.Action, id string, src OrderSource, k *Skill) rules.Action {
	if p, ok := old.(*Activate); ok && p.Trooper == id && p.Order == src && identicalSkill(&p.Skill, k) {
		return old
	}
	return nil
}

// reuseSecond returns old if it is a Second declaring k from the end of
// the movement (no AttackFrom), else nil.
func reuseSecond(old rules.Action, k *Skill) rules.Action {
	if p, ok := old.(*Second); ok && p.AttackFrom == nil && identicalSkill(&p.Skill, k) {
		return old
	}
	return nil
}

// reuseARO returns old if it is an AROs of one declaration, trooper id's
// of k, else nil.
func reuseARO(old rules.Action, id string, k *Skill) rules.Action {
	if p, ok := old.(*AROs); ok && len(p.Declarations) == 1 && p.Declarations[0].Trooper == id && identicalSkill(&p.Declarations[0].Skill, k) {
		return old
	}
	return nil
}

// identicalSkill is sameSkill that also tells a nil list from an empty
// one: a reused candidate must be the same to every reader,
// reflect.DeepEqual included.
func identicalSkill(a, b *Skill) bool {
	return sameSkill(a, b) && (a.Route == nil) == (b.Route == nil) && (a.Split == nil) == (b.Split == nil)
}
