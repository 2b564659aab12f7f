package dice_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"pgregory.net/rapid"
)

// Success Value and MODs (N4): the total of all MODs is clamped to ±12; each MOD is kept.
func TestSuccessValueModCap(t *testing.T) {
	tests := []struct {
		name  string
		base  int
		mods  []int
		total int
		value int
	}{
		{"Success Value and MODs (N4) -6 -3 -6 = -15 -> -12", 12, []int{-6, -3, -6}, -12, 0},
		{"Success Value and MODs (N4) +3 +3 +3 +6 = +15 -> +12", 12, []int{3, 3, 3, 6}, 12, 24},
		{"Success Value and MODs (N4) within the cap", 13, []int{3, -3, 3}, 3, 16},
		{"Success Value and MODs (N4) no MODs", 11, nil, 0, 11},
		{"Success Value and MODs (N4) exactly -12 is not capped", 12, []int{-6, -6}, -12, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var mods []dice.Mod
			for i, v := range tt.mods {
				mods = append(mods, dice.Mod{Name: string(rune('a' + i)), Value: v})
			}
			sv := dice.NewSuccessValue("BS", tt.base, mods...)
			if sv.Total != tt.total || sv.Value != tt.value {
				t.Fatalf("total %d value %d, want %d %d", sv.Total, sv.Value, tt.total, tt.value)
			}
			if len(sv.Mods) != len(tt.mods) {
				t.Fatalf("kept %d MODs, want %d", len(sv.Mods), len(tt.mods))
			}
			sum := 0
			for _, v := range tt.mods {
				sum += v
			}
			if sv.Capped() != (sum != tt.total) {
				t.Fatalf("Capped() = %v for sum %d", sv.Capped(), sum)
			}
		})
	}
}

func TestSuccessValueExplains(t *testing.T) {
	sv := dice.NewSuccessValue("BS", 12, dice.Mod{Name: "Range 0-8", Value: 3}, dice.Mod{Name: "Partial Cover", Value: -3})
	if got, want := sv.String(), "BS 12 +3 Range 0-8 -3 Partial Cover = 12"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	capped := dice.NewSuccessValue("BS", 12, dice.Mod{Name: "a", Value: -6}, dice.Mod{Name: "b", Value: -3}, dice.Mod{Name: "c", Value: -6})
	if got, want := capped.String(), "BS 12 -6 a -3 b -6 c (MODs -15 capped to -12) = 0"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// Normal Roll (N4)–Success Value of 0 or less (N4) and the worked test vectors.
func TestJudge(t *testing.T) {
	tests := []struct {
		name          string
		sv, face      int
		result        int
		success, crit bool
	}{
		{"Normal Roll (N4) BS 12 rolls 12: Critical", 12, 12, 12, true, true},
		{"Normal Roll (N4) BS 12 rolls 13: failure", 12, 13, 13, false, false},
		{"Normal Roll (N4) BS 12 rolls 1: success", 12, 1, 1, true, false},
		{"Normal Roll (N4) SV 9 (12-3) rolls 9: Critical", 9, 9, 9, true, true},
		{"Normal Roll (N4) SV 9 (12-3) rolls 12: failure", 9, 12, 12, false, false},
		{"Normal Roll (N4) SV 15 (12+3) rolls 12: success, not Critical", 15, 12, 12, true, false},
		{"Normal Roll (N4) SV 20 rolls 20: Critical", 20, 20, 20, true, true},
		{"Success Value above 20 (N4) SV 25 rolls 12: result 17, success", 25, 12, 17, true, false},
		{"Success Value above 20 (N4) SV 25 rolls 14: result 19, success", 25, 14, 19, true, false},
		{"Success Value above 20 (N4) SV 25 rolls 15: result 20, Critical", 25, 15, 20, true, true},
		{"Success Value above 20 (N4) SV 25 rolls 20: result 25, Critical", 25, 20, 25, true, true},
		{"Success Value above 20 (N4) SV 21 rolls 1: result 2, success", 21, 1, 2, true, false},
		{"Success Value above 20 (N4) SV 40 rolls 1: result 21, Critical", 40, 1, 21, true, true},
		{"Success Value of 0 or less (N4) SV 0: failure", 0, 1, 1, false, false},
		{"Success Value of 0 or less (N4) SV -3: failure", -3, 1, 1, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := dice.Side{SV: tt.sv, Burst: 1}.Judge(tt.face)
			if err != nil {
				t.Fatal(err)
			}
			if d.Result != tt.result || d.Success != tt.success || d.Critical != tt.crit {
				t.Fatalf("got %+v, want result %d success %v crit %v", d, tt.result, tt.success, tt.crit)
			}
		})
	}
}

func TestJudgeRejectsFaces(t *testing.T) {
	for _, f := range []int{0, 21, -1} {
		if _, err := (dice.Side{SV: 10, Burst: 1}).Judge(f); !errors.Is(err, dice.ErrFace) {
			t.Errorf("face %d: err %v, want ErrFace", f, err)
		}
	}
}

// Success Value above 20 (N4): with SV > 20 every face succeeds and (SV-19) faces of 20 crit.
func TestCriticalChanceAbove20(t *testing.T) {
	for sv := 21; sv <= 39; sv++ {
		crits := 0
		for _, d := range (dice.Side{SV: sv, Burst: 1}).FaceRanks() {
			if !d.Success {
				t.Fatalf("SV %d: a face failed", sv)
			}
			if d.Critical {
				crits++
			}
		}
		if crits != sv-19 {
			t.Errorf("SV %d: %d critical faces, want %d", sv, crits, sv-19)
		}
	}
}

func TestNoCritAndCritOnOne(t *testing.T) {
	d, _ := dice.Side{SV: 12, Burst: 1, NoCrit: true}.Judge(12)
	if !d.Success || d.Critical {
		t.Errorf("NoCrit SV 12 rolling 12: %+v", d)
	}
	d, _ = dice.Side{SV: 12, Burst: 1, CritOnOne: true}.Judge(1)
	if !d.Critical {
		t.Errorf("CritOnOne rolling 1: %+v", d)
	}
	d, _ = dice.Side{SV: 25, Burst: 1, CritOnOne: true}.Judge(1)
	if d.Critical {
		t.Errorf("CritOnOne with a boost never sees a 1: %+v", d)
	}
	for f, want := range map[int]bool{1: true, 5: false, 12: false} {
		d, _ = dice.Side{SV: 12, Burst: 1, NoCrit: true, CritOnOne: true}.Judge(f)
		if d.Critical != want {
			t.Errorf("NoCrit+CritOnOne rolling %d: %+v, want critical %v", f, d, want)
		}
	}
}

func roll(sv int, faces ...int) dice.Roll {
	return dice.Roll{Side: dice.Side{SV: sv, Burst: len(faces)}, Faces: faces}
}

func tmpl(n int) dice.Roll { return dice.Roll{Side: dice.Side{Template: true, Burst: n}} }

// Face to Face Rolls (N4) and its test vectors.
func TestFaceToFace(t *testing.T) {
	tests := []struct {
		name             string
		a, b             dice.Roll
		aHits, aCrits    int
		bHits, bCrits    int
		aCancel, bCancel []bool // per die, success cancelled?
	}{
		{
			name: "Face to Face Rolls (N4) worked case {12c, 5} vs {10}: A gets 1 Critical",
			a:    roll(12, 12, 5), b: roll(15, 10),
			aCrits: 1, aCancel: []bool{false, true}, bCancel: []bool{true},
		},
		{
			name: "Face to Face Rolls (N4) Angus BS 12 rolls 4 vs Ortega BS 11 rolls 7: Ortega wins",
			a:    roll(12, 4), b: roll(11, 7),
			bHits: 1, aCancel: []bool{true}, bCancel: []bool{false},
		},
		{
			name: "Face to Face Rolls (N4) ties: 7 vs 7 cancel, no effect",
			a:    roll(12, 7), b: roll(12, 7),
			aCancel: []bool{true}, bCancel: []bool{true},
		},
		{
			name: "Face to Face Rolls (N4) Crit vs Crit: nothing, plain successes discarded too",
			a:    roll(12, 12, 11, 3), b: roll(9, 9),
			aCancel: []bool{true, true, true}, bCancel: []bool{true},
		},
		{
			name: "Face to Face Rolls (N4) a Critical beats a higher plain success",
			a:    roll(9, 9), b: roll(18, 17),
			aCrits: 1, aCancel: []bool{false}, bCancel: []bool{true},
		},
		{
			name: "Face to Face Rolls (N4) a success cancels every lower one even if itself cancelled",
			a:    roll(15, 14, 3), b: roll(15, 10, 15),
			bCrits: 1, aCancel: []bool{true, true}, bCancel: []bool{true, false},
		},
		{
			name: "Face to Face Rolls (N4) every die of a Burst that beats the best opposing die survives",
			a:    roll(15, 14, 13, 2), b: roll(12, 11, 19),
			aHits: 2, aCancel: []bool{false, false, true}, bCancel: []bool{true, false},
		},
		{
			name: "Face to Face Rolls (N4) both fail: nothing",
			a:    roll(5, 6, 7), b: roll(5, 20),
			aCancel: []bool{false, false}, bCancel: []bool{false},
		},
		{
			name: "Success Value above 20 (N4) boosted result compares: SV 23 rolling 10 (13) beats a 12",
			a:    roll(23, 10), b: roll(12, 11),
			aHits: 1, aCancel: []bool{false}, bCancel: []bool{true},
		},
		{
			name: "Success Value of 0 or less (N4) SV 0 rolls nothing and the other side's success stands",
			a:    dice.Roll{Side: dice.Side{SV: 0, Burst: 2}}, b: roll(12, 3),
			bHits: 1, bCancel: []bool{false},
		},
		{
			name: "Direct Template Weapons (N4) template hits when the other side fails",
			a:    tmpl(1), b: roll(11, 15),
			aHits: 1, aCancel: []bool{false}, bCancel: []bool{false},
		},
		{
			name: "Direct Template Weapons (N4) template loses to any success and cancels nothing",
			a:    tmpl(2), b: roll(11, 1),
			bHits: 1, aCancel: []bool{true, true}, bCancel: []bool{false},
		},
		{
			name: "Direct Template Weapons (N4) template never crits; a Critical against it survives",
			a:    roll(11, 11), b: tmpl(1),
			aCrits: 1, aCancel: []bool{false}, bCancel: []bool{true},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b, err := dice.FaceToFace(tt.a, tt.b)
			if err != nil {
				t.Fatal(err)
			}
			if a.Hits != tt.aHits || a.Crits != tt.aCrits || b.Hits != tt.bHits || b.Crits != tt.bCrits {
				t.Fatalf("A %d+%dc, B %d+%dc; want A %d+%dc, B %d+%dc",
					a.Hits, a.Crits, b.Hits, b.Crits, tt.aHits, tt.aCrits, tt.bHits, tt.bCrits)
			}
			checkCancelled(t, "A", a, tt.aCancel)
			checkCancelled(t, "B", b, tt.bCancel)
			if a.Scored() && b.Scored() {
				t.Fatal("both sides scored")
			}
		})
	}
}

func checkCancelled(t *testing.T, side string, o dice.Outcome, want []bool) {
	t.Helper()
	var got []bool
	for _, d := range o.Dice {
		got = append(got, d.Cancelled)
	}
	if len(want) == 0 && len(got) == 0 {
		return
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s cancelled %v, want %v", side, got, want)
	}
}

func TestFaceToFaceRejects(t *testing.T) {
	tests := []struct {
		name string
		a, b dice.Roll
		want error
	}{
		{"two templates", tmpl(1), tmpl(1), dice.ErrTwoTemplates},
		{"face 21", roll(12, 21), roll(12, 3), dice.ErrFace},
		{"face 0", roll(12, 3), roll(12, 0), dice.ErrFace},
		{"too few dice", dice.Roll{Side: dice.Side{SV: 12, Burst: 3}, Faces: []int{1}}, roll(12, 3), dice.ErrDiceCount},
		{"template with dice", dice.Roll{Side: dice.Side{Template: true, Burst: 1}, Faces: []int{3}}, roll(12, 3), dice.ErrDiceCount},
		{"SV 0 with dice", dice.Roll{Side: dice.Side{SV: 0, Burst: 1}, Faces: []int{3}}, roll(12, 3), dice.ErrDiceCount},
		{"burst 0", dice.Roll{Side: dice.Side{SV: 12}}, roll(12, 3), dice.ErrBurst},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, _, err := dice.FaceToFace(tt.a, tt.b); !errors.Is(err, tt.want) {
				t.Fatalf("err %v, want %v", err, tt.want)
			}
		})
	}
}

func TestNormal(t *testing.T) {
	o, err := dice.Normal(roll(12, 12, 5, 13))
	if err != nil {
		t.Fatal(err)
	}
	if o.Hits != 1 || o.Crits != 1 {
		t.Fatalf("got %+v", o)
	}
	o, err = dice.Normal(dice.Roll{Side: dice.Side{SV: -2, Burst: 1}})
	if err != nil || !o.AutoFail || o.Scored() {
		t.Fatalf("Success Value of 0 or less (N4) SV -2: %+v %v", o, err)
	}
}

// Properties of the comparison: at most one side scores; swapping the sides
// swaps the outcome; a side's survivors are exactly its successes above the
// best opposing success.
func TestFaceToFaceProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := drawRoll(t, "a"), drawRoll(t, "b")
		oa, ob, err := dice.FaceToFace(a, b)
		if a.Side.Template && b.Side.Template {
			if !errors.Is(err, dice.ErrTwoTemplates) {
				t.Fatalf("two templates: %v", err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if oa.Scored() && ob.Scored() {
			t.Fatalf("both scored: %+v %+v", oa, ob)
		}
		sb, sa, err := dice.FaceToFace(b, a)
		if err != nil {
			t.Fatal(err)
		}
		if sa.Hits != oa.Hits || sa.Crits != oa.Crits || sb.Hits != ob.Hits || sb.Crits != ob.Crits {
			t.Fatalf("not symmetric: %+v %+v vs %+v %+v", oa, ob, sa, sb)
		}
		succ := 0
		for _, d := range oa.Dice {
			if d.Success {
				succ++
			}
		}
		if oa.Hits+oa.Crits > succ {
			t.Fatalf("more survivors than successes")
		}
	})
}

// Throw: a template or an SV of 0 or less consumes no dice (Success Value of 0 or less (N4)).
func TestThrowConsumesNothingWithoutRolling(t *testing.T) {
	s, err := dice.NewScript(4, 9)
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []dice.Side{{SV: 0, Burst: 3}, {Template: true, Burst: 2}, {SV: -4, Burst: 1}} {
		r, err := dice.Throw(s, side)
		if err != nil || len(r.Faces) != 0 {
			t.Fatalf("%+v: %+v %v", side, r, err)
		}
	}
	if s.Remaining() != 2 {
		t.Fatalf("consumed dice: %d left", s.Remaining())
	}
	r, err := dice.Throw(s, dice.Side{SV: 10, Burst: 2})
	if err != nil || !slices.Equal(r.Faces, []int{4, 9}) {
		t.Fatalf("%+v %v", r, err)
	}
	if _, err := dice.Throw(s, dice.Side{SV: 10, Burst: 1}); !errors.Is(err, dice.ErrScriptExhausted) {
		t.Fatalf("exhausted script: %v", err)
	}
	if !slices.Equal(s.Log(), []int{4, 9}) {
		t.Fatalf("log %v", s.Log())
	}
}

func TestScriptRejectsFaces(t *testing.T) {
	if _, err := dice.NewScript(3, 21); !errors.Is(err, dice.ErrFace) {
		t.Fatalf("err %v", err)
	}
}

// PCG: the same seed gives the same dice, every die is in 1..20, recorded.
// The dice are math/rand/v2's PCG stream read as d20s, so a published seed
// keeps giving the dice its match was played with (ordo verify).
func TestPCGDeterministicAndRecorded(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s1, s2 := rapid.Uint64().Draw(t, "s1"), rapid.Uint64().Draw(t, "s2")
		n := rapid.IntRange(1, 50).Draw(t, "n")
		a, b := dice.NewPCG(s1, s2), dice.NewPCG(s1, s2)
		ref := rand.New(rand.NewPCG(s1, s2))
		var got []int
		for range n {
			x, _ := a.D20()
			y, _ := b.D20()
			if x != y || x < 1 || x > 20 || x != ref.IntN(20)+1 {
				t.Fatalf("dice %d %d", x, y)
			}
			got = append(got, x)
		}
		if !slices.Equal(a.Log(), got) {
			t.Fatalf("log %v, rolled %v", a.Log(), got)
		}
	})
}

// Saving Rolls (N4) and Ammunition (N4), with the worked test vectors.
func TestAttackDamage(t *testing.T) {
	lookup := func(n string) dice.Ammo {
		a, err := dice.LookupAmmo(n)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	tests := []struct {
		name  string
		ammo  string
		dam   int
		save  int
		cover bool
		want  int
	}{
		{"the N4 core rules Combi DAM 13 vs ARM 2 in Partial Cover: 8", "N", 13, 2, true, 8},
		{"Ammunition (N4) AP halves ARM 5 to 3", "AP", 13, 5, false, 10},
		{"Ammunition (N4) AP: ARM 1 stays 1", "AP", 13, 1, false, 12},
		{"Ammunition (N4) E/M halves BTS 6 to 3", "E/M", 13, 6, false, 10},
		{"Ammunition (N4) PARA saves against PH-6", "PARA", 13, 11, false, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := lookup(tt.ammo).AttackDamage(tt.dam, tt.save, tt.cover); got != tt.want {
				t.Fatalf("got %d, want %d", got, tt.want)
			}
		})
	}
	if lookup("DA").Saves != 2 || lookup("EXP").Saves != 3 || lookup("em").Saves != 2 {
		t.Fatal("Ammunition (N4) saves per hit: DA 2, EXP 3, E/M 2")
	}
	if _, err := dice.LookupAmmo("XX"); err == nil {
		t.Fatal("unknown ammo accepted")
	}
	// Saving Rolls (N4): a die at or below the Attack Damage fails.
	if !dice.SaveFails(8, 8) || dice.SaveFails(8, 9) {
		t.Fatal("Saving Rolls (N4) SaveFails")
	}
}

// A generator never fails; a script can run out.
func TestInfallible(t *testing.T) {
	s, _ := dice.NewScript(1)
	if !dice.IsInfallible(dice.NewPCG(1, 2)) || dice.IsInfallible(s) {
		t.Fatal("IsInfallible")
	}
}

// Saving Rolls (N4) and Ammunition (N4): the Saving Rolls one hit forces, by attribute. A
// combined save (Plasma) is 1 ARM + 1 BTS whatever the weapon's attribute;
// Stun and E/M roll BTS, PARA PH; the rest roll the weapon's attribute, ARM
// by default, once per SR of the table (DA 2, EXP 3).
func TestSaveAttributes(t *testing.T) {
	tests := []struct {
		name, ammo, weapon string
		want               []string
	}{
		{"Ammunition (N4) N: 1 SR against the weapon's ARM", "N", "ARM", []string{"ARM"}},
		{"Ammunition (N4) N: ARM when the weapon names none", "N", "", []string{"ARM"}},
		{"Saving Rolls (N4) N against a BTS weapon", "N", "BTS", []string{"BTS"}},
		{"Ammunition (N4) AP", "AP", "", []string{"ARM"}},
		{"Ammunition (N4) DA: 2 SRs", "DA", "", []string{"ARM", "ARM"}},
		{"Ammunition (N4) DA on a BTS weapon", "DA", "BTS", []string{"BTS", "BTS"}},
		{"Ammunition (N4) EXP: 3 SRs", "EXP", "ARM", []string{"ARM", "ARM", "ARM"}},
		{"Ammunition (N4) T2", "T2", "", []string{"ARM"}},
		{"Ammunition (N4) Shock", "Shock", "", []string{"ARM"}},
		{"Ammunition (N4) PARA: PH", "PARA", "ARM", []string{"PH"}},
		{"Ammunition (N4) Stun: 2 BTS", "Stun", "ARM", []string{"BTS", "BTS"}},
		{"Ammunition (N4) E/M: 2 BTS", "E/M", "", []string{"BTS", "BTS"}},
		{"Saving Rolls (N4) Plasma: 1 ARM + 1 BTS, ARM first", "Plasma", "", []string{"ARM", "BTS"}},
		{"Saving Rolls (N4) Plasma ignores the weapon's attribute", "Plasma", "BTS", []string{"ARM", "BTS"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := dice.LookupAmmo(tt.ammo)
			if err != nil {
				t.Fatal(err)
			}
			got := a.SaveAttributes(tt.weapon)
			if !slices.Equal(got, tt.want) {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
			// A fresh slice each time: the caller may change it.
			got[0] = "XX"
			if a.SaveAttributes(tt.weapon)[0] == "XX" {
				t.Fatal("result shares storage between calls")
			}
		})
	}
	// Every known ammunition: one roll per SR of the table, Plasma 2.
	for _, name := range dice.AmmoNames() {
		a, _ := dice.LookupAmmo(name)
		want := a.Saves
		if a.Attribute == "ARM+BTS" {
			want = 2
		}
		if n := len(a.SaveAttributes("")); n != want {
			t.Errorf("%s: %d rolls, want %d", name, n, want)
		}
	}
}

// Saving Rolls (N4) and BS Attack (N4): Partial Cover is −3 to the attacker's BS, and its
// value cannot be changed through the copy a caller gets.
func TestCoverMod(t *testing.T) {
	m := dice.CoverMod()
	if m.Value != -3 || m.Name != "Partial Cover" || m.String() != "-3 Partial Cover" {
		t.Fatalf("CoverMod() = %+v", m)
	}
	if m.Value != dice.CoverDamageMod {
		t.Fatalf("BS MOD %d and Attack Damage MOD %d differ", m.Value, dice.CoverDamageMod)
	}
	m.Value = 0
	if dice.CoverMod().Value != -3 {
		t.Fatal("CoverMod changed through a copy")
	}
}

// The Into forms judge and throw exactly as Judge, FaceToFace, Normal and
// Throw do (Face to Face Rolls (N4), Normal Roll (N4)), and keep to the
// room they are given: the dice land in the buffer when it has room for
// them, nothing is written past them, and a buffer too small is left
// alone. SuccessValueOf builds the value NewSuccessValue builds (Success
// Value and MODs (N4)).
func TestIntoFormsAgree(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := drawRoll(t, "a"), drawRoll(t, "b")
		sentinel := dice.Die{Face: 99}
		room := func(label string) []dice.Die {
			buf := make([]dice.Die, rapid.IntRange(0, 7).Draw(t, label+"room"))
			for i := range buf {
				buf[i] = sentinel
			}
			return buf
		}
		bufA, bufB := room("a"), room("b")
		wantA, wantB, wantErr := dice.FaceToFace(a, b)
		gotA, gotB, err := dice.FaceToFaceInto(a, b, bufA, bufB)
		if (err == nil) != (wantErr == nil) || !reflect.DeepEqual(gotA, wantA) || !reflect.DeepEqual(gotB, wantB) {
			t.Fatalf("FaceToFaceInto = %+v %+v %v, FaceToFace = %+v %+v %v", gotA, gotB, err, wantA, wantB, wantErr)
		}
		for _, c := range []struct {
			buf []dice.Die
			out dice.Outcome
		}{{bufA, gotA}, {bufB, gotB}} {
			n := len(c.out.Dice)
			if n > 0 && n <= len(c.buf) && &c.out.Dice[0] != &c.buf[0] {
				t.Fatalf("%d dice not judged into a buffer of %d", n, len(c.buf))
			}
			if cap(c.out.Dice) != n {
				t.Fatalf("dice not capped: len %d cap %d", n, cap(c.out.Dice))
			}
			from := 0
			if n <= len(c.buf) {
				from = n
			}
			for i := from; i < len(c.buf); i++ {
				if c.buf[i] != sentinel {
					t.Fatalf("die %d of the buffer written: %+v", i, c.buf[i])
				}
			}
		}
		wantN, wantErr := dice.Normal(a)
		gotN, err := dice.NormalInto(a, room("n"))
		if (err == nil) != (wantErr == nil) || !reflect.DeepEqual(gotN, wantN) {
			t.Fatalf("NormalInto = %+v %v, Normal = %+v %v", gotN, err, wantN, wantErr)
		}

		seed := rapid.Uint64().Draw(t, "seed")
		faces := make([]int, rapid.IntRange(0, 7).Draw(t, "faceroom"))
		want, wantErr := dice.Throw(dice.NewPCG(seed, 1), a.Side)
		got, err := dice.ThrowInto(dice.NewPCG(seed, 1), a.Side, faces)
		if (err == nil) != (wantErr == nil) || !reflect.DeepEqual(got, want) {
			t.Fatalf("ThrowInto = %+v %v, Throw = %+v %v", got, err, want, wantErr)
		}
		if len(got.Faces) > 0 && len(got.Faces) <= len(faces) && &got.Faces[0] != &faces[0] {
			t.Fatalf("%d faces not thrown into a buffer of %d", len(got.Faces), len(faces))
		}

		mods := rapid.SliceOfN(rapid.IntRange(-9, 9), 0, 5).Draw(t, "mods")
		ms := make([]dice.Mod, len(mods))
		for i, v := range mods {
			ms[i] = dice.Mod{Name: "m", Value: v}
		}
		base := rapid.IntRange(0, 20).Draw(t, "base")
		if got, want := dice.SuccessValueOf("BS", base, ms), dice.NewSuccessValue("BS", base, ms...); !reflect.DeepEqual(got, want) {
			t.Fatalf("SuccessValueOf = %+v, NewSuccessValue = %+v", got, want)
		}
	})
}

// drawRoll draws one side's roll for the property tests: any Success Value
// a MOD can make (−3 to 32), Burst 1 to 5, with or without Criticals, a
// template now and then (which rolls no dice), and the faces it rolled.
func drawRoll(t *rapid.T, label string) dice.Roll {
	s := dice.Side{
		SV:       rapid.IntRange(-3, 32).Draw(t, label+"sv"),
		Burst:    rapid.IntRange(1, 5).Draw(t, label+"b"),
		NoCrit:   rapid.Bool().Draw(t, label+"nocrit"),
		Template: rapid.IntRange(0, 5).Draw(t, label+"tmpl") == 0,
	}
	r := dice.Roll{Side: s}
	if s.Rolls() {
		r.Faces = rapid.SliceOfN(rapid.IntRange(1, 20), s.Burst, s.Burst).Draw(t, label+"faces")
	}
	return r
}
