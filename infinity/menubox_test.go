package infinity

import (
	"bytes"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/rules"
)

// TestMenuBox checks that the candidates Legal hands over through a
// menuBox are, to every reader, the values boxed: the same value out of
// asAction and the same JSON as the value itself, each still intact after
// the ones boxed after it (which fill its block and start new ones), and
// untouched by later changes to the variable it was copied from. It then
// checks that the box keeps nothing alive: once every candidate of a full
// block is gone, the collector frees the block.
func TestMenuBox(t *testing.T) {
	box := newMenuBox[Activate](3)
	var got []rules.Action
	var want []Activate
	k := Skill{Name: SkillBSAttack, Weapon: "rifle"}
	for i := range 100 {
		k.Target = fmt.Sprintf("r-%d", i)
		a := Activate{Trooper: "b-fus", Order: OrderRegular, Skill: k}
		got = append(got, box.box(a))
		want = append(want, a)
		a.Trooper = "changed"
	}
	for i, g := range got {
		a, ok := asAction[Activate](g)
		if !ok {
			t.Fatalf("entry %d: dynamic type %T, want *Activate", i, g)
		}
		if !reflect.DeepEqual(a, want[i]) {
			t.Fatalf("entry %d: %+v, want %+v", i, a, want[i])
		}
		enc, err := rules.Encode(g)
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := rules.Encode(want[i])
		if !bytes.Equal(enc, plain) {
			t.Fatalf("entry %d encodes as %s, ordinary boxing as %s", i, enc, plain)
		}
	}
	// A value taken out is a copy: changing it changes nothing boxed.
	a, _ := asAction[Activate](got[0])
	a.Trooper = "changed"
	if a, _ := asAction[Activate](got[0]); a.Trooper != "b-fus" {
		t.Fatal("a value taken out of a boxed action wrote through to it")
	}

	// The first block: once later blocks were started, only the handed
	// over pointers point into it.
	freed := make(chan struct{}, 1)
	runtime.AddCleanup(got[0].(*Activate), func(ch chan struct{}) { ch <- struct{}{} }, freed)
	box = menuBox[Activate]{}
	runtime.GC()
	runtime.GC()
	var churn [][]Activate
	for range 64 {
		c := make([]Activate, 8)
		for j := range c {
			c[j] = Activate{Trooper: "garbage", Skill: Skill{Name: SkillDodge, Target: "garbage"}}
		}
		churn = append(churn, c)
	}
	for i, g := range got {
		if a, _ := asAction[Activate](g); !reflect.DeepEqual(a, want[i]) {
			t.Fatalf("after a collection, entry %d: %+v, want %+v", i, a, want[i])
		}
	}
	select {
	case <-freed:
		t.Fatal("the collector freed a block that candidates still point into")
	default:
	}
	runtime.KeepAlive(got)
	runtime.KeepAlive(churn)
	// With the candidates gone the block must go too: a pointer into it
	// that menuBox kept would keep it, and candidates boxed later with it.
	got = nil
	for deadline := time.Now().Add(5 * time.Second); !collected(freed); {
		if time.Now().After(deadline) {
			t.Fatal("the first block outlived every candidate boxed in it: something else points into it")
		}
	}
}

// collected forces a collection and reports whether a cleanup signalled
// on ch within a millisecond.
func collected(ch <-chan struct{}) bool {
	runtime.GC()
	select {
	case <-ch:
		return true
	case <-time.After(time.Millisecond):
		return false
	}
}

// TestMenuRunsListFreshCandidates checks that reusing the last menus'
// boxed Activate, Second and single-declaration AROs candidates
// (menuRuns) never changes a menu: through random playouts of demo.yaml,
// where troopers move, spend their Orders, lose targets and go down
// between menus, every activation, second-skill and ARO menu Legal builds
// (with one menu builder, so that reuse is there to check) lists, entry
// by entry, what the same state's candidates are when built fresh, with
// no builder and so nothing to reuse (Move (N4) routes from where a
// trooper now stands, the
// Order sources it has left, the AROs (N4) against the trooper now
// active). It also checks that reuse happens: a menu hands over some of
// the boxed values of the menu of its kind before it, or for AROs, of an
// earlier ARO menu (they are kept by reactive and active trooper, so the
// one reused is seldom the last), and that the menus after it, which go
// on filling its last blocks, leave every menu already handed over as it
// was.
func TestMenuRunsListFreshCandidates(t *testing.T) {
	b := new(menuBuilder)
	menus := map[*stepDef]int{}
	reused := map[*stepDef]int{}
	// Candidates are told apart by identity: a reused one is the same
	// pointer (menuBox), and pointers are comparable map keys.
	last := map[*stepDef]map[rules.Action]bool{}
	type handed struct {
		menu  []rules.Option
		fresh []rules.Action
	}
	var earlier []handed
	everARO := map[rules.Action]bool{}
	eachPrompt(t, "../data/scenarios/demo.yaml", 2, func(seed uint64, s *State, p rules.Prompt) {
		step := s.stepOf()
		if step != &stepOrders && step != &stepSecond && step != &stepARO1 && step != &stepARO2 {
			return
		}
		kind := step
		if step == &stepARO2 {
			kind = &stepARO1 // both windows' menus share their runs
		}
		menu := b.legal(s, p.Seats[0])
		fresh := step.candidates(s, nil)
		if len(menu) != len(fresh) {
			t.Fatalf("seed %d, %s menu %d: %d entries, fresh candidates %d", seed, step.name, menus[step], len(menu), len(fresh))
		}
		now := map[rules.Action]bool{}
		for i, o := range menu {
			if !reflect.DeepEqual(o.Action, fresh[i]) {
				t.Fatalf("seed %d, %s menu %d, entry %d: %#v, fresh %#v", seed, step.name, menus[step], i, o.Action, fresh[i])
			}
			switch x := o.Action.(type) {
			case *Activate, *Second:
				if last[step][x] {
					reused[step]++
				}
				now[x] = true
			case *AROs:
				if len(x.Declarations) != 1 {
					continue // nobody reacts, or every trooper: never reused
				}
				if everARO[x] {
					reused[kind]++
				}
				now[x] = true
			}
		}
		for data := range now {
			if kind == &stepARO1 {
				everARO[data] = true
			}
		}
		last[step] = now
		menus[kind]++
		earlier = append(earlier, handed{menu, fresh})
		for k, h := range earlier {
			for i, o := range h.menu {
				if !reflect.DeepEqual(o.Action, h.fresh[i]) {
					t.Fatalf("seed %d: entry %d of the menu %d menus back changed to %#v, was %#v", seed, i, len(earlier)-1-k, o.Action, h.fresh[i])
				}
			}
		}
		if len(earlier) == 4 {
			earlier = earlier[1:]
		}
	})
	for _, step := range []*stepDef{&stepOrders, &stepSecond, &stepARO1} {
		if menus[step] == 0 || reused[step] == 0 {
			t.Errorf("%d %s menus, %d candidates reused from the menu before", menus[step], step.name, reused[step])
		}
	}
}

// TestAROMenuRunsFollowTheActiveTroopersName: the single AROs a reactive
// trooper's last ARO menu listed against a trooper (menuRuns) are reused
// only where they still say the same. A Camouflaged (N4) trooper that
// moves as a marker is named by its marker in the ARO (N4) menu against
// it; once revealed, by its own name, and the next menu against it lists
// no entry of the last that names the marker.
func TestAROMenuRunsFollowTheActiveTroopersName(t *testing.T) {
	st := setup(t, concealYAML("at: [10, 12], facing: 270", "at: [20, 20], facing: 270"), nil)
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", Activate{Trooper: "scout", Order: OrderRegular, Skill: move([2]float64{10, 10})})
	if st.Order.Step != StepARO1 {
		t.Fatalf("no ARO window for the fusilier: %s", st.Order.Step)
	}
	dodge := func(menu []rules.Option) *AROs {
		for _, o := range menu {
			if a, ok := o.Action.(*AROs); ok && len(a.Declarations) == 1 && a.Declarations[0].Skill.Name == SkillDodge {
				return a
			}
		}
		t.Fatal("no Dodge in the ARO menu")
		return nil
	}
	// Menus made with one menu builder, as two in a row on one goroutine
	// mostly are with the pool's: the second reuses the first's Dodge.
	b := new(menuBuilder)
	first := b.legal(st, "blue")
	if dodge(b.legal(st, "blue")) != dodge(first) {
		t.Fatal("the second menu did not reuse the first's Dodge")
	}
	if !strings.Contains(mustEncode(t, first[1].Action), "red-marker-1") {
		t.Fatalf("the ARO menu against the marker names %s", mustEncode(t, first[1].Action))
	}
	st.reveal(2, "test")
	menu := b.legal(st, "blue")
	fresh := st.stepOf().candidates(st, nil)
	if len(menu) != len(fresh) {
		t.Fatalf("%d entries, fresh candidates %d", len(menu), len(fresh))
	}
	for i, o := range menu {
		if !reflect.DeepEqual(o.Action, fresh[i]) {
			t.Errorf("entry %d: %s, fresh %s", i, mustEncode(t, o.Action), mustEncode(t, fresh[i]))
		}
	}
	if dodge(menu) != dodge(first) {
		t.Error("the Dodge, which names nobody, was not reused")
	}
}

// TestMenuRunsReuseOnlyIdenticalSkills: a menu reuses a kept candidate
// (menuRuns) only where it is identical to the one it would build, down
// to a nil list told from an empty one, which reflect.DeepEqual tells
// apart; the playouts' candidates never make an empty list, so only this
// test fails if the reuse stops telling them apart.
func TestMenuRunsReuseOnlyIdenticalSkills(t *testing.T) {
	box := newMenuBox[Second](8)
	second := box.box(Second{Skill: Skill{Name: SkillMove}})
	abox := newMenuBox[Activate](8)
	activate := abox.box(Activate{Trooper: "b-fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "r-1"}})
	for _, c := range []struct {
		k    Skill
		want bool
	}{
		{Skill{Name: SkillMove}, true},
		{Skill{Name: SkillMove, Route: [][2]float64{}}, false},
		{Skill{Name: SkillMove, Split: []BurstShare{}}, false},
	} {
		if got := reuseSecond(second, &c.k) != nil; got != c.want {
			t.Errorf("Second %#v reused for skill %#v: %v, want %v", second, c.k, got, c.want)
		}
	}
	for _, c := range []struct {
		k    Skill
		want bool
	}{
		{Skill{Name: SkillBSAttack, Target: "r-1"}, true},
		{Skill{Name: SkillBSAttack, Target: "r-1", Split: []BurstShare{}}, false},
		{Skill{Name: SkillBSAttack, Target: "r-1", Route: [][2]float64{}}, false},
	} {
		if got := reuseActivate(activate, "b-fusilier", OrderRegular, &c.k) != nil; got != c.want {
			t.Errorf("Activate %#v reused for skill %#v: %v, want %v", activate, c.k, got, c.want)
		}
	}
}
