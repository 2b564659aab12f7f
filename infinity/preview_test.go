package infinity

import (
	"math"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// Face to Face Rolls (N4), Dodge (N4), Saving Rolls (N4): the odds the menu
// shows beside a BS Attack are the engine's own. The Fusilier (B1 under
// burst-active: may-reduce) shoots the Zhanshi, who declared a Dodge; every
// pair of dice and every Saving Roll is resolved by the engine, and the
// chances counted must equal Preview's: the same Success Value, the chance
// to score, to score a Critical, and that the Zhanshi falls.
func TestPreviewAgreesWithResolution(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 7], facing: 90", "at: [10, 14], facing: 270", ""), map[string]string{"burst-active": "may-reduce"})
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{10, 11})})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	shot := Second{Skill: Skill{Name: SkillBSAttack, Target: "zhanshi", Burst: 1}}
	before := st.clone()
	got, err := st.Preview("blue", sentAs(t, st, "blue", shot))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("Preview gave %d rolls, want the one BS Attack: %+v", len(got), got)
	}
	p := got[0]
	if p.Roll != "face-to-face" || p.Against == nil || p.Against.Trooper != "red-zhanshi-1" || p.Against.Skill != SkillDodge || p.Falls == nil {
		t.Fatalf("Preview %+v, want Face to Face against the Zhanshi's Dodge with the chance it falls", p)
	}
	if !stateEqual(t, before, st) {
		t.Fatal("Preview changed the state")
	}

	// The state with the shot declared, waiting for its dice: each roll
	// below is resolved on a copy of it.
	shooting := st.clone()
	do(t, shooting, "blue", shot)
	var win, crit, dodged, falls float64
	for a := 1; a <= dice.Faces; a++ {
		for b := 1; b <= dice.Faces; b++ {
			// The two rolls, then Saving Rolls that all pass (a 20 never
			// fails an Attack Damage under 20) to count them.
			c := shooting.clone()
			ev, err := c.Apply(rules.ChanceSeat, Resolve{}, mustScript(t, a, b, 20, 20, 20))
			if err != nil {
				t.Fatal(err)
			}
			r := rolledBy(ev)
			if r["fusilier"].SV.Value != p.SV.Value || r["zhanshi"].SV.Value != p.Against.SV.Value {
				t.Fatalf("dice %d %d: the engine rolls SV %d against %d, Preview says %d against %d",
					a, b, r["fusilier"].SV.Value, r["zhanshi"].SV.Value, p.SV.Value, p.Against.SV.Value)
			}
			pair := 1.0 / (dice.Faces * dice.Faces)
			hits, crits := r["fusilier"].Hits, r["fusilier"].Crits
			if hits+crits > 0 {
				win += pair
			}
			if crits > 0 {
				crit += pair
			}
			if r["zhanshi"].Hits+r["zhanshi"].Crits > 0 {
				dodged += pair
			}
			// Every Saving Roll the hits force, each face in turn.
			saves := 0
			for _, e := range ev {
				if s, ok := e.(Saved); ok {
					saves += len(s.Faces)
				}
			}
			if saves == 0 {
				continue
			}
			faces := make([]int, saves)
			for n := 0; n < int(math.Pow(dice.Faces, float64(saves))); n++ {
				k := n
				for i := range faces {
					faces[i], k = k%dice.Faces+1, k/dice.Faces
				}
				c := shooting.clone()
				ev, err := c.Apply(rules.ChanceSeat, Resolve{}, mustScript(t, append([]int{a, b}, faces...)...))
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range ev {
					if w, ok := e.(Wounded); ok && w.Trooper == "zhanshi" && w.Left <= 0 {
						falls += pair / math.Pow(dice.Faces, float64(saves))
					}
				}
			}
		}
	}
	for _, c := range []struct {
		what          string
		engine, shown float64
	}{
		{"the Fusilier scores", win, p.Win},
		{"a Critical", crit, p.Crit},
		{"the Dodge succeeds", dodged, p.Against.Win},
		{"the Zhanshi falls", falls, *p.Falls},
	} {
		if math.Abs(c.engine-c.shown) > 1e-12 {
			t.Errorf("%s: the engine %.6f, Preview %.6f", c.what, c.engine, c.shown)
		}
	}
}

// BS Attack (N4) in ARO: a BS ARO against the active trooper's Move is a
// Normal Roll, at B1, with the active trooper's ARM; its odds come with it.
func TestPreviewARO(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 7], facing: 90", "at: [10, 14], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{10, 11})})
	got, err := st.Preview("red", sentAs(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}}}}))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Roll != "normal" || got[0].Burst != 1 || got[0].Against != nil || got[0].Win <= 0 || got[0].Win >= 1 {
		t.Fatalf("Preview of the ARO %+v, want one Normal Roll at B1", got)
	}
	// A Dodge against a Move meets no attack: no odds.
	got, err = st.Preview("red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	if err != nil || len(got) != 0 {
		t.Fatalf("Preview of a Dodge: %+v, %v; want none", got, err)
	}
}

// Order Expenditure Sequence (N4): two AROs shoot the Fusilier, which
// shoots back at one of them; its odds count both — its own attack Face to
// Face against the Zhanshi, and the Line Trooper's, which it does not
// oppose, with the chance the Fusilier falls to it.
func TestPreviewEveryARO(t *testing.T) {
	st := setup(t, duelYAML("at: [12, 7], facing: 90", "at: [10, 14], facing: 270", "      - {id: line, profile: line-trooper, models: [{id: line, at: [14, 14], facing: 270}]}\n"), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{12, 8})})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}}, {Trooper: "line", Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}}}})
	got, err := st.Preview("blue", sentAs(t, st, "blue", Second{Skill: Skill{Name: SkillBSAttack, Target: "zhanshi"}}))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("Preview gave %d blocks, want the Fusilier's and the Line Trooper's: %+v", len(got), got)
	}
	if p := got[0]; p.Trooper != "fusilier" || p.Against == nil || p.Against.Trooper != "red-zhanshi-1" {
		t.Fatalf("the first block %+v, want the Fusilier Face to Face against the Zhanshi", p)
	}
	if p := got[1]; p.Trooper != "red-line-trooper-1" || p.Target != "fusilier" || p.Falls == nil || *p.Falls <= 0 {
		t.Fatalf("the second block %+v, want the Line Trooper's attack on the Fusilier with the chance it falls", p)
	}
}

// Dodge (N4) and Reset (N4) in ARO against an attack: the defender's menu
// shows the attack it meets, Face to Face against its own roll — the
// Fusilier's BS Attack against the Zhanshi's Dodge, and Gotcha! against the
// Heavy Gunner's Reset (Hacking (N3)).
func TestPreviewDefence(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 7], facing: 90", "at: [10, 14], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi"}})
	got, err := st.Preview("red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	if err != nil || len(got) != 1 {
		t.Fatalf("Preview of a Dodge against a BS Attack: %+v, %v; want the attack it meets", got, err)
	}
	if p := got[0]; p.Trooper != "blue-fusilier-1" || p.Roll != "face-to-face" || p.Against == nil || p.Against.Trooper != "zhanshi" || p.Against.Skill != SkillDodge || p.Against.Win <= 0 || p.Against.Win >= 1 {
		t.Fatalf("Preview of the Dodge %+v, want the Fusilier's attack Face to Face against it", p)
	}

	hk := setupFile(t, "../data/scenarios/hacking-demo.yaml")
	do(t, hk, "blue", Activate{Trooper: "b-netrunner", Order: OrderRegular, Skill: Skill{Name: SkillHack, Target: "r-gunner", Program: "gotcha"}})
	got, err = hk.Preview("red", AROs{Declarations: []ARODecl{{Trooper: "r-gunner", Skill: Skill{Name: SkillReset}}}})
	if err != nil || len(got) != 1 {
		t.Fatalf("Preview of a Reset against Gotcha!: %+v, %v; want the program it meets", got, err)
	}
	if p := got[0]; p.Weapon != "Gotcha!" || p.Against == nil || p.Against.Skill != SkillReset || p.Against.Trooper != "r-gunner" {
		t.Fatalf("Preview of the Reset %+v, want Gotcha! against it", p)
	}
}

// Camouflage (N4): the odds of an attack on a marker would tell the
// profile behind it (its ARM, its BTS, its W), so Preview gives none, and
// the board's profiles leave it out; an
// action the rules refuse is refused by Preview with the same rule.
func TestPreviewPrivateAndRefused(t *testing.T) {
	extra := "      - {id: line, profile: scout, deployment: marker, models: [{id: line, at: [12, 14], facing: 270}]}\n"
	st := setup(t, duelYAML("at: [10, 7], facing: 90", "at: [4, 20], facing: 270", extra), nil)
	label := ""
	for _, tv := range st.Observe(rules.PlayerView("blue")).(View).Troopers {
		if tv.Marker {
			label = tv.ID
		}
	}
	if label == "" {
		t.Fatal("no marker in blue's view")
	}
	// Nor does the board give the marker's profile to blue.
	if _, ok := st.Board(rules.PlayerView("blue")).Profiles["scout"]; ok {
		t.Fatal("blue's board holds the profile behind the marker")
	}
	if _, ok := st.Board(rules.PlayerView("red")).Profiles["scout"]; !ok {
		t.Fatal("red's board lacks its own scout's profile")
	}
	got, err := st.Preview("blue", sentAs(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: label}}))
	if err == nil && len(got) != 0 {
		t.Fatalf("Preview of an attack on marker %s: %+v, want no odds", label, got)
	}
	_, err = st.Preview("red", sentAs(t, st, "red", Activate{Trooper: "zhanshi", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}}))
	if re, ok := rules.AsRuleError(err); !ok || re.Code != rules.CodeNotYourTurn {
		t.Fatalf("Preview out of turn: %v, want %s", err, rules.CodeNotYourTurn)
	}
	_, err = st.Preview("blue", sentAs(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "nobody"}}))
	if err == nil || !strings.Contains(err.Error(), "nobody") {
		t.Fatalf("Preview of an attack on no one: %v", err)
	}
}

// BenchmarkPreview is the odds of one menu entry, as the web table asks
// for each attack it shows: the BS Attack against a declared Dodge.
func BenchmarkPreview(b *testing.B) {
	t := &testing.T{}
	st := setup(t, duelYAML("at: [10, 7], facing: 90", "at: [10, 14], facing: 270", ""), nil)
	if _, err := st.Apply("blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{10, 11})}, mustScript(t)); err != nil {
		b.Fatal(err)
	}
	if _, err := st.Apply("red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}}, mustScript(t)); err != nil {
		b.Fatal(err)
	}
	shot := Second{Skill: Skill{Name: SkillBSAttack, Target: st.publicName(st.trooperIndex("zhanshi"))}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := st.Preview("blue", shot); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzPreview: the odds of any action a client sends, decoded as the API
// decodes it, never panic and never change the state, whichever seat asks
// and whatever step the Order is at.
func FuzzPreview(f *testing.F) {
	for _, s := range []string{
		`{"kind":"second","skill":{"name":"bs-attack","target":"zhanshi"}}`,
		`{"kind":"second","skill":{"name":"cc-attack","target":"zhanshi","weapon":"nothing"}}`,
		`{"kind":"aro","declarations":[{"trooper":"zhanshi","skill":{"name":"bs-attack","target":"fusilier","ammo":"x"}}]}`,
		`{"kind":"activate","trooper":"fusilier","order":"regular","skill":{"name":"bs-attack","target":"zhanshi","split":[{"target":"zhanshi","dice":9}]}}`,
		`{"kind":"resolve"}`, `{"kind":"second","skill":{"name":"move","route":[[1e308,-1e308]]}}`,
	} {
		f.Add([]byte(s), uint8(0), false)
	}
	f.Fuzz(func(t *testing.T, b []byte, step uint8, red bool) {
		st := setup(t, duelYAML("at: [10, 7], facing: 90", "at: [10, 14], facing: 270", ""), nil)
		if step%3 >= 1 {
			do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{10, 11})})
		}
		if step%3 >= 2 {
			do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
		}
		a, err := Ruleset{}.DecodeAction(b)
		if err != nil {
			return
		}
		seat := rules.Seat("blue")
		if red {
			seat = "red"
		}
		before := st.clone()
		odds, err := st.Preview(seat, a)
		if !stateEqual(t, before, st) {
			t.Fatal("Preview changed the state")
		}
		for _, o := range odds {
			if o.Win < 0 || o.Win > 1+1e-9 || o.Crit > o.Win+1e-9 {
				t.Fatalf("odds out of bounds: %+v", o)
			}
		}
		_ = err
	})
}
