package infinity

import (
	"math"
	"os"
	"slices"
	"testing"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// viewers are the three ways to look at a two-seat game.
var viewers = []rules.Viewer{rules.PlayerView("blue"), rules.PlayerView("red"), rules.Spectator()}

func templatesFor(st *State, v rules.Viewer) []TemplateView {
	return st.Observe(v).(View).Templates
}

// touchedBy lists the troopers a drawn teardrop touches, as placeTemplate
// counts them: every base but the attacker's and the hidden.
func touchedBy(st *State, tv TemplateView, attacker string) []int {
	td := geom.Teardrop{Focus: geom.Pt(tv.At[0], tv.At[1]), Angle: tv.Angle * math.Pi / 180,
		Size: geom.TeardropSize{Length: tv.Length, NarrowWidth: tv.NarrowWidth, WideWidth: tv.WideWidth}}
	var out []int
	for _, m := range st.Models {
		if !m.Removed && m.ID != attacker && !st.Troopers[m.Trooper].States.Hidden && td.Touches(m.base()) {
			out = append(out, m.Trooper)
		}
	}
	return out
}

// Direct Template Weapons (N4): the teardrop an attack lays at declaration
// is in every viewer's observation until the dice are rolled, placed as
// the engine placed it — its tip at the edge of the attacker's base, its
// axis on the target — so that the troopers it touches as drawn are the
// troopers it affects.
func TestTemplateInTheView(t *testing.T) {
	st := setup(t, flamerYAML("at: [10, 10], facing: 270", ""), nil)
	if got := templatesFor(st, rules.Spectator()); len(got) != 0 {
		t.Fatalf("templates before any attack: %+v", got)
	}
	do(t, st, "blue", Activate{Trooper: "assault", Order: OrderRegular, Skill: flame})
	r := st.Models[st.modelOf(st.trooperIndex("assault"))].base().Radius
	for _, v := range viewers {
		got := templatesFor(st, v)
		if len(got) != 1 {
			t.Fatalf("%v: %d templates, want the flamethrower's", v, len(got))
		}
		tv := got[0]
		by := "assault"
		if !v.Sees("blue") {
			// The opponent and spectators know it by its public label.
			by = st.label(st.trooperIndex("assault"))
		}
		if tv.Kind != "teardrop" || tv.By != by || tv.Seat != "blue" || tv.Weapon != "heavy-flamethrower" ||
			tv.Length != 10 || math.Abs(tv.Angle-90) > 1e-9 || math.Abs(tv.At[0]-10) > 1e-9 || math.Abs(tv.At[1]-(4+r)) > 1e-9 {
			t.Fatalf("%v: %+v, want the large teardrop laid from the assault trooper's base edge toward the zhanshi", v, tv)
		}
		if got, want := touchedBy(st, tv, "assault"), st.Order.Affected; !slices.Equal(got, want) || len(want) == 0 {
			t.Fatalf("%v: the drawn template touches %v, the engine's affects %v", v, got, want)
		}
	}
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	if len(templatesFor(st, rules.Spectator())) != 1 {
		t.Fatal("the template is gone before the dice are rolled")
	}
	do(t, st, rules.ChanceSeat, Resolve{}, 6)
	if got := templatesFor(st, rules.Spectator()); len(got) != 0 {
		t.Fatalf("templates after the dice: %+v", got)
	}
}

// Direct Template Weapons (N4): a template declared in ARO is drawn from the
// reacting trooper toward the active one where it met it, touching what it
// affects. Redacted like its trooper (Hidden Deployment (N4), Camouflage
// (N4)): a viewer who may not see a trooper in Hidden Deployment does not
// see its template either, and one who sees the trooper only as a marker
// sees the template laid by the marker, without the weapon.
func TestTemplateAROInTheView(t *testing.T) {
	st := setup(t, templateAROYAML("at: [10, 4], facing: 90", "at: [10, 10], facing: 270", []string{"fusilier profile: fusilier, at: [10, 2], facing: 90"}, nil), nil)
	do(t, st, "blue", Activate{Trooper: "assault", Order: OrderRegular, Skill: move([2]float64{10, 5})})
	do(t, st, "red", chain)
	got := templatesFor(st, rules.Spectator())
	if len(got) != 1 || got[0].By != st.label(st.trooperIndex("militia")) || got[0].Weapon != "chain-rifle" || got[0].Length != 8 || math.Abs(got[0].Angle-270) > 1e-9 {
		t.Fatalf("the Chain Rifle's template: %+v", got)
	}
	if touched, want := touchedBy(st, got[0], "militia"), st.Order.AROs[0].Affected; !slices.Equal(touched, want) || len(want) != 2 {
		t.Fatalf("the drawn template touches %v, the engine's affects %v", touched, want)
	}

	// The same ARO as laid by a trooper in Hidden Deployment, then by a
	// Camouflaged one.
	mil := &st.Troopers[st.trooperIndex("militia")]
	mil.States.Hidden = true
	for _, v := range viewers {
		n := len(templatesFor(st, v))
		if want := map[bool]int{true: 1, false: 0}[v.Sees("red")]; n != want {
			t.Fatalf("a hidden trooper's template: %v sees %d, want %d", v, n, want)
		}
	}
	mil.States.Hidden, mil.States.Camouflaged, mil.Marker = false, true, "camo-1"
	for _, v := range viewers {
		tv := templatesFor(st, v)[0]
		if v.Sees("red") && (tv.By != "militia" || tv.Weapon != "chain-rifle") || !v.Sees("red") && (tv.By != "camo-1" || tv.Weapon != "") {
			t.Fatalf("a Camouflaged trooper's template as %v sees it: %+v", v, tv)
		}
	}
}

// Deployable Weapons (N4): a deployable on the table is in every viewer's
// observation with its trigger area, a circle of its template's length,
// until it goes off; every viewer knows it by its public label, never by
// the scenario author's id ("mine").
func TestDeployableInTheView(t *testing.T) {
	b, err := os.ReadFile("../data/scenarios/seed/dodge-mine.yaml")
	if err != nil {
		t.Fatal(err)
	}
	st := setup(t, string(b), nil)
	for _, v := range viewers {
		got := templatesFor(st, v)
		if len(got) != 1 || got[0] != (TemplateView{Kind: "circle", By: "blue-antipersonnel-mine-1", Seat: "blue", Weapon: "mine", At: [2]float64{10, 16}, Radius: 8}) {
			t.Fatalf("%v: %+v, want the Mine and its trigger area", v, got)
		}
	}
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{10, 11})})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	if got := templatesFor(st, rules.Spectator()); len(got) != 0 {
		t.Fatalf("the Mine went off, yet the view holds %+v", got)
	}
}
