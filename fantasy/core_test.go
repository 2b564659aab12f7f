package fantasy

import (
	"fmt"
	"github.com/ordo-rules/ordo/fantasy/wounds"
	"math"

	"github.com/ordo-rules/ordo/geom"
	"pgregory.net/rapid"
	"slices"
	"strings"
	"testing"
)

// The core rolls of the battle, as players know them.

func TestToHitInCloseCombatWSAgainstWS(t *testing.T) {
	tests := []struct{ ws, def, need int }{
		{4, 3, 3}, // higher WS: 3+
		{3, 3, 4}, // equal: 4+
		{3, 6, 4}, // up to double: 4+
		{3, 7, 5}, // more than double: 5+
		{1, 3, 5},
		{10, 1, 3},
	}
	for _, tt := range tests {
		if got := wounds.MeleeNeed(tt.ws, tt.def); got != tt.need {
			t.Errorf("Close combat: to hit (WS %d against WS %d) = %d+, want %d+", tt.ws, tt.def, got, tt.need)
		}
	}
}

func TestToWoundStrengthAgainstToughness(t *testing.T) {
	tests := []struct{ s, t, need int }{
		{5, 3, 2}, {6, 3, 2}, {4, 3, 3}, {3, 3, 4}, {3, 4, 5}, {3, 5, 6}, {3, 6, 6}, {3, 7, 7}, {1, 10, 7},
	}
	for _, tt := range tests {
		if got := wounds.WoundNeed(tt.s, tt.t); got != tt.need {
			t.Errorf("To wound (S %d against T %d) = %d, want %d (7: cannot wound)", tt.s, tt.t, got, tt.need)
		}
	}
}

func TestArmourSaveModifiedByStrength(t *testing.T) {
	tests := []struct{ save, s, need int }{
		{5, 3, 5}, {5, 4, 6}, {5, 5, 7}, {4, 7, 8}, {1, 3, 2}, {0, 3, 7},
	}
	for _, tt := range tests {
		if got := wounds.SaveNeed(tt.save, tt.s); got != tt.need {
			t.Errorf("Armour save %d+ against S %d = %d, want %d (7 or more: no save; a 1 always fails)", tt.save, tt.s, got, tt.need)
		}
	}
}

func TestShootingToHitPastSix(t *testing.T) {
	if got := shootNeed(3, 0); got != 4 {
		t.Fatalf("BS 3 needs %d+, want 4+", got)
	}
	if got := shootNeed(3, -2); got != 6 {
		t.Fatalf("BS 3 at -2 needs %d+, want 6+", got)
	}
	// 7+: a 6, then 4+ on a second die; 10 or more cannot hit.
	hits, d, err := rollToHit(2, 7, script(t, 6, 4, 6, 3))
	if err != nil || hits != 1 || len(d) != 4 {
		t.Fatalf("7+ with 6,4 and 6,3: %d hits from %v, %v", hits, d, err)
	}
	hits, d, _ = rollToHit(3, 10, script(t))
	if hits != 0 || len(d) != 0 {
		t.Fatal("10+ rolls nothing and cannot hit")
	}
}

// engagedPair sets up blue's unit u charging red's target frontally and
// succeeding.
func engagedPair(t *testing.T, blue, red []map[string]any) *State {
	t.Helper()
	s := battle(t, nil, blue, red)
	evs := charge(t, s, "hold", nil, 6, 6)
	if !has(evs, "charged") {
		t.Fatalf("the charge failed: %v", evs)
	}
	return s
}

func TestCloseCombatWhoFightsWithSupportingAttacks(t *testing.T) {
	s := engagedPair(t,
		[]map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 10, 5, [2]float64{24, 15}, 270, nil)})
	attacks := map[string]int{}
	for _, b := range s.blows(s.combatOf(s.unit("u"))) {
		attacks[b.unit.ID] += b.n
	}
	// Each side: 5 models in base contact with 1 Attack, and 5 behind
	// them supporting with 1 Attack.
	if attacks["u"] != 10 || attacks["target"] != 10 {
		t.Fatalf("attacks %v, want 10 a side", attacks)
	}
}

func TestCloseCombatInitiativeOrder(t *testing.T) {
	s := engagedPair(t,
		[]map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, chars("captain", "captain"))},
		[]map[string]any{unitSpecOf("target", "spearman", 5, 5, [2]float64{24, 15}, 270, nil)})
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	evs := fightAll(t, s, "u", ones(countDice(t, s))...)
	var order []int
	for _, e := range evs {
		if e.What == "fought" {
			for _, ini := range []int{5, 4, 3} {
				if strings.Contains(e.Text, "at Initiative "+string(rune('0'+ini))) {
					order = append(order, ini)
				}
			}
		}
	}
	if !slices.IsSortedFunc(order, func(a, b int) int { return b - a }) || len(order) < 3 || order[0] != 5 {
		t.Fatalf("blows struck at Initiative %v; want the Captain (5) first, then 4, then 3", order)
	}
	if !has(evs, "combat-result") {
		t.Fatal("no combat result")
	}
}

// countDice is how many dice a fight of all 1s takes: every attack rolls
// once to hit, and with all 1s nothing hits, nothing wounds; the combat
// is a draw without musicians, or in the turn of a charge is won by the
// chargers' +1 (Combat result: Charge!), so the loser takes a break
// test: double 1, it holds.
func countDice(t *testing.T, s *State) int {
	t.Helper()
	n := 0
	for _, b := range s.blows(s.combatOf(s.unit("u"))) {
		n += b.n
	}
	if slices.ContainsFunc(s.combatOf(s.unit("u")), chargedThisTurn) {
		n += 2
	}
	return n
}

// Bases in contact (Close combat: who fights): touching agrees with the
// exact distance between two bases, up to the corner tolerance.
func TestTouchingAgreesWithDistance(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		u := &Unit{Files: 1, Base: [2]float64{rapid.Float64Range(0.5, 3).Draw(t, "w"), rapid.Float64Range(0.5, 3).Draw(t, "d")},
			Facing: rapid.Float64Range(0, 360).Draw(t, "f1")}
		v := &Unit{Files: 1, Base: [2]float64{rapid.Float64Range(0.5, 3).Draw(t, "w2"), rapid.Float64Range(0.5, 3).Draw(t, "d2")},
			Facing: rapid.Float64Range(0, 360).Draw(t, "f2")}
		a := u.baseAt(geom.Pt(0, 0))
		b := v.baseAt(geom.Pt(rapid.Float64Range(-5, 5).Draw(t, "x"), rapid.Float64Range(-5, 5).Draw(t, "y")))
		d := rectDist(a, b)
		got := touching(a, b, 0.05)
		if d <= 0.05 && !got || d > 0.05*math.Sqrt2+1e-9 && got {
			t.Fatalf("distance %v, touching %v", d, got)
		}
	})
}

// Bases in contact (Close combat: who fights): the contact search, which
// measures only the enemy slots the base's extent reaches, finds what
// measuring every enemy base finds — the enemy unit, and the character
// when the base touches only characters.
func TestContactSearchMeasuresEveryBaseItCouldTouch(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		files := rapid.IntRange(1, 6).Draw(t, "files")
		ranks := rapid.IntRange(1, 4).Draw(t, "ranks")
		e := &Unit{ID: "e", Files: files, Facing: rapid.Float64Range(0, 360).Draw(t, "facing"),
			Base: [2]float64{rapid.Float64Range(0.5, 2).Draw(t, "w"), rapid.Float64Range(0.5, 2).Draw(t, "d")},
			At:   geom.Pt(rapid.Float64Range(-3, 3).Draw(t, "ex"), rapid.Float64Range(-3, 3).Draw(t, "ey"))}
		for r := range ranks {
			rank := make([]string, files)
			for f := range rank {
				if r == ranks-1 && rapid.Bool().Draw(t, "gap") {
					continue
				}
				id := fmt.Sprintf("m%d-%d", r, f)
				role := RankAndFile
				if rapid.IntRange(0, 4).Draw(t, "role") == 0 {
					role = Character
				}
				e.Models = append(e.Models, Model{ID: id, Role: role})
				rank[f] = id
			}
			e.Ranks = append(e.Ranks, rank)
		}
		u := &Unit{Files: 1, Facing: rapid.Float64Range(0, 360).Draw(t, "ufacing"),
			Base: [2]float64{rapid.Float64Range(0.5, 3).Draw(t, "uw"), rapid.Float64Range(0.5, 3).Draw(t, "ud")}}
		// Anywhere around the enemy block, near it more often than not.
		fr := e.frame()
		half, depth := float64(files)*e.Base[0]/2, float64(ranks)*e.Base[1]
		c := e.At.Add(fr.rt.Scale(rapid.Float64Range(-half-3, half+3).Draw(t, "side"))).
			Add(fr.fw.Scale(rapid.Float64Range(-depth-3, 3).Draw(t, "ahead")))
		// Or squarely against its front, flank or rear, a gap about the
		// contact tolerance away: where the tolerance decides.
		gap := rapid.Float64Range(-0.01, 0.08).Draw(t, "gap")
		along := rapid.Float64Range(-1, 1).Draw(t, "along")
		switch rapid.IntRange(0, 3).Draw(t, "where") {
		case 1: // front
			u.Facing = e.Facing + 180
			c = e.At.Add(fr.rt.Scale(along * (half + u.Base[0]/2))).Add(fr.fw.Scale(gap + u.Base[1]/2))
		case 2: // right flank
			u.Facing = e.Facing + 90
			c = e.At.Add(fr.rt.Scale(half + gap + u.Base[1]/2)).Add(fr.fw.Scale(-depth/2 + along*(depth/2+u.Base[0]/2)))
		case 3: // rear
			u.Facing = e.Facing
			c = e.At.Add(fr.rt.Scale(along * (half + u.Base[0]/2))).Add(fr.fw.Scale(-depth - gap - u.Base[1]/2))
		}
		base := u.baseAt(c)
		// The foe is worked out after another unit's, its characters in the
		// same list: each keeps its own.
		other := &Unit{ID: "o", Models: []Model{{ID: "o-char", Role: Character}}, Files: 1, Ranks: [][]string{{"o-char"}}, Base: [2]float64{1, 1}}
		var buf [2]string
		o, rest := foeOf(other, buf[:0])
		x, _ := foeOf(e, rest)
		if !slices.Equal(o.chars, []string{"o-char"}) {
			t.Fatalf("the first foe's characters became %v", o.chars)
		}
		gotU, gotM := touched(base, []foe{x})
		if !mayTouch(c, math.Hypot(u.Base[0], u.Base[1])/2, &x) {
			gotU, gotM = nil, "" // what blows sees: the cheap test rules it out
		}
		// Every enemy base, measured.
		var wantU *Unit
		wantM, rf := "", false
		for r, rank := range e.Ranks {
			for f, id := range rank {
				if id == "" || !touching(base, fr.base(fr.centre(r, f)), 0.05) {
					continue
				}
				if e.model(id).Role == Character {
					if wantM == "" {
						wantM = id
					}
				} else {
					rf = true
				}
			}
		}
		if rf {
			wantU, wantM = e, ""
		} else if wantM != "" {
			wantU = e
		}
		if gotU != wantU || gotM != wantM {
			t.Fatalf("contact search found (%v, %q), every base measured (%v, %q)", gotU != nil, gotM, wantU != nil, wantM)
		}
	})
}

// Supporting attacks, Horde: a unit 10 or more wide (6 for monstrous
// infantry) supports from the two ranks behind its fighting rank;
// narrower, from one.
func TestHordeSupportsFromTwoRanks(t *testing.T) {
	for _, tt := range []struct {
		profile     string
		files, want int
	}{
		{"swordsman", 10, 30}, // 10 in contact, 10 + 10 supporting, 1 Attack each
		{"swordsman", 9, 18},  // 9 in contact, 9 supporting
		{"ogrekin", 6, 54},    // 6 in contact and 6 + 6 supporting, 3 Attacks each
		{"ogrekin", 5, 30},    // 5 in contact, 5 supporting
	} {
		s := engagedPair(t,
			[]map[string]any{unitSpecOf("u", tt.profile, 3*tt.files, tt.files, [2]float64{24, 10}, 90, nil)},
			[]map[string]any{unitSpecOf("target", tt.profile, 3*tt.files, tt.files, [2]float64{24, 17}, 270, nil)})
		attacks := 0
		for _, b := range s.blows(s.combatOf(s.unit("u"))) {
			if b.unit.ID == "u" {
				attacks += b.n
			}
		}
		if attacks != tt.want {
			t.Errorf("%s %d wide, 3 ranks: %d attacks, want %d", tt.profile, tt.files, attacks, tt.want)
		}
	}
}

// Supporting attacks (8th edition) need the fighting model's foe in his
// unit's front arc: the list of blows reads the arc and the foe's centre
// from the frames it has worked out, which must agree bit for bit with
// the unit's own trigonometry (Unit.frontArc, Unit.centre).
func TestFrameFrontArcAgreesWithTheUnits(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		u := &Unit{Files: rapid.IntRange(1, 10).Draw(t, "files"), Facing: rapid.Float64Range(-720, 720).Draw(t, "facing"),
			Base: [2]float64{rapid.Float64Range(0.5, 3).Draw(t, "w"), rapid.Float64Range(0.5, 3).Draw(t, "d")},
			At:   geom.Pt(rapid.Float64Range(-50, 50).Draw(t, "x"), rapid.Float64Range(-50, 50).Draw(t, "y"))}
		u.Ranks = make([][]string, rapid.IntRange(1, 6).Draw(t, "ranks"))
		fr := u.frame()
		if got, want := fr.unitCentre(), u.centre(); got != want {
			t.Fatalf("frame centre %v, unit centre %v", got, want)
		}
		p := geom.Pt(rapid.Float64Range(-60, 60).Draw(t, "px"), rapid.Float64Range(-60, 60).Draw(t, "py"))
		if rapid.Bool().Draw(t, "edge") { // on the arc's edge, where rounding would tell
			side := rapid.Float64Range(-1, 1).Draw(t, "side")
			w := float64(u.Files) * u.Base[0] / 2
			ahead := rapid.Float64Range(0, 10).Draw(t, "ahead")
			p = u.At.Add(fr.fw.Scale(ahead)).Add(fr.rt.Scale(side * (ahead + w)))
		}
		if got, want := fr.frontArc(p), u.frontArc(p); got != want {
			t.Fatalf("frame says front arc %v, unit says %v, at %v", got, want, p)
		}
	})
}
