package infinity

import (
	"unsafe"

	"github.com/ordo-rules/ordo/rules"
)

// menuBox hands a menu's candidates of one action type over as
// rules.Action values that share blocks of memory, instead of each being
// copied into an allocation of its own.
//
// # Why
//
// Legal returns every candidate as a rules.Action. Converting a struct to
// an interface copies it into a new allocation: an Activate is 192 bytes,
// and a playout of demo.yaml boxed about 2,900 of them, a tenth of its
// instructions and two fifths of its garbage (issue #13's playout
// benchmark). menuBox writes the candidates into blocks of a few dozen
// and makes each interface value point at its element of a block.
//
// # Why it is sound
//
// An interface value holding a struct is two words: the type (for a
// non-empty interface, its method table) and a pointer to a copy of the
// value. Go never writes through that pointer: a type assertion or a
// method call copies the value out, and reflect gives a value it cannot
// set. So a pointer to an element of a block that nothing writes once it
// is handed over is, to every reader, the same as a fresh copy. A block is
// only appended to: an element boxed is never written again, and a full
// block is left to the values pointing into it (the collector keeps a
// block while any of them lives) and a new one started. A type of at most
// one word may be stored in the interface value itself rather than behind
// a pointer; such types are boxed the ordinary way (TestMenuBox covers
// both).
//
// # Cost
//
// One allocation per block instead of one per candidate. Blocks start at
// the size the caller expects and grow to about 2 kB (at least eight
// actions): larger ones left too much of a menu's last block unused, which
// the collector pays for as it does for garbage.
type menuBox[A rules.Action] struct {
	block []A
	next  int            // the size of the next block
	tab   unsafe.Pointer // A's method table for rules.Action
}

// newMenuBox starts a menuBox for actions of type A, its first block
// sized for about n of them.
func newMenuBox[A rules.Action](n int) menuBox[A] {
	var zero A
	var proto rules.Action = zero
	return menuBox[A]{next: max(n, 8), tab: (*iface)(unsafe.Pointer(&proto)).tab}
}

// iface is the layout of a non-empty interface value.
type iface struct {
	tab  unsafe.Pointer
	data unsafe.Pointer
}

// menuBoxBytes is the size a block grows to.
const menuBoxBytes = 2 << 10

// box returns x as a rules.Action.
func (b *menuBox[A]) box(x A) rules.Action {
	if unsafe.Sizeof(x) <= unsafe.Sizeof(uintptr(0)) {
		// Possibly stored in the interface value itself.
		return x
	}
	*b.slot() = x
	return b.boxSlot()
}

// slot adds a zero action to the block and returns it, for the caller to
// fill in place and hand over with boxSlot before asking for another: an
// Activate built aside and copied in was copied twice. Not for a type
// of one word or less (box).
func (b *menuBox[A]) slot() *A {
	if len(b.block) == cap(b.block) {
		var zero A
		n := max(8, min(b.next, int(menuBoxBytes/unsafe.Sizeof(zero))))
		b.block, b.next = make([]A, 0, n), 2*n
	}
	b.block = b.block[:len(b.block)+1]
	return &b.block[len(b.block)-1]
}

// boxSlot returns the action of the last slot as a rules.Action; the slot
// is not to be written again.
func (b *menuBox[A]) boxSlot() rules.Action {
	var a rules.Action
	*(*iface)(unsafe.Pointer(&a)) = iface{tab: b.tab, data: unsafe.Pointer(&b.block[len(b.block)-1])}
	return a
}
