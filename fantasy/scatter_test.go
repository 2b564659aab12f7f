package fantasy

import (
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// throwing is blue's stone thrower (front edge at (24, 6), facing the
// target) in the Shooting phase, red's bowmen 18" ahead (x 21.5..26.5,
// y 24..26) and, with beside, a second unit of bowmen 10" to their right.
func throwing(t *testing.T, beside bool) *State {
	t.Helper()
	red := []map[string]any{unitSpecOf("target", "bowman", 10, 5, [2]float64{24, 24}, 270, nil)}
	if beside {
		red = append(red, unitSpecOf("w", "bowman", 10, 5, [2]float64{34, 24}, 270, nil))
	}
	s := battle(t, nil, []map[string]any{unitSpecOf("thrower", "stone-thrower", 1, 1, [2]float64{24, 6}, 90, nil)}, red)
	openRemaining(t, s)
	apply(t, s, "blue", EndMovement{})
	return s
}

// aim is the template's centre: over the target's front rank.
var aim = &geom.Point{X: 24, Y: 24.5}

// hitsOn sums the hits the "allocated" event of a unit lists.
func hitsOn(evs []Event, unit string) int {
	n := 0
	for _, e := range evs {
		if e.What == "allocated" && e.Unit == unit {
			for _, k := range e.Hits {
				n += k
			}
		}
	}
	return n
}

// Templates: scatter (8th edition): the scatter die shows Hit! (1–2 on
// the engine's d6): the template stays where it was aimed and hits the 6
// models under the 3" template, fully or partly. No roll to hit.
func TestScatterHitStaysOnTarget(t *testing.T) {
	s := throwing(t, false)
	evs := apply(t, s, "blue", Shoot{Unit: "thrower", Target: "target", At: aim}, append([]int{1, 3}, ones(6)...)...)
	if got := text(evs, "scatter"); !strings.Contains(got, "Hit!, on target") {
		t.Fatalf("%q", got)
	}
	if n := hitsOn(evs, "target"); n != 6 {
		t.Fatalf("%d hits, want the 6 models under the template: %v", n, evs)
	}
}

// Templates: scatter: an arrow moves the template the artillery die's
// inches (5 on the engine's d6 is 10") in its direction (a d12 clock
// face, 12 straight on): it lands 10" beyond and hits nobody.
func TestScatterArrowMovesTheTemplate(t *testing.T) {
	s := throwing(t, false)
	evs := apply(t, s, "blue", Shoot{Unit: "thrower", Target: "target", At: aim}, 3, 5, 12)
	var sc *Event
	for i := range evs {
		if evs[i].What == "scatter" {
			sc = &evs[i]
		}
	}
	if sc == nil || sc.Value != 10 || !strings.Contains(sc.Text, `scatters 10" towards 12 o'clock`) {
		t.Fatalf("scatter event %+v", sc)
	}
	if hitsOn(evs, "target") != 0 || text(evs, "hits") == "" {
		t.Fatalf("the stone lands on open ground: %v", evs)
	}
}

// Templates: scatter: wherever the template lands it hits the models
// under it, whichever unit they belong to: 10" towards 3 o'clock (a
// quarter turn clockwise from the line of fire) lands on the other unit.
func TestScatterHitsWhateverItLandsOn(t *testing.T) {
	s := throwing(t, true)
	evs := apply(t, s, "blue", Shoot{Unit: "thrower", Target: "target", At: aim}, append([]int{4, 5, 3}, ones(6)...)...)
	if hitsOn(evs, "target") != 0 || hitsOn(evs, "w") != 6 {
		t.Fatalf("the stone should land on w: %v", evs)
	}
}

// Templates: misfire: a 6 on the engine's artillery d6 is the misfire;
// the chart's 1 destroys the machine, 2–3 wound it and silence it
// through its side's next turn, 4–6 only cancel the shot.
func TestScatterMisfire(t *testing.T) {
	s := throwing(t, false)
	evs := apply(t, s, "blue", Shoot{Unit: "thrower", Target: "target", At: aim}, 1, 6, 1)
	if s.unit("thrower") != nil || text(evs, "misfire") == "" {
		t.Fatalf("a misfire with 1 destroys the machine: %v", evs)
	}
	s = throwing(t, false)
	apply(t, s, "blue", Shoot{Unit: "thrower", Target: "target", At: aim}, 1, 6, 5)
	if m := s.unit("thrower").Models[0]; m.Wounds != 3 || s.unit("thrower").Silenced != 0 {
		t.Fatalf("4–6: unharmed: %+v", m)
	}
	s = throwing(t, false)
	apply(t, s, "blue", Shoot{Unit: "thrower", Target: "target", At: aim}, 1, 6, 2)
	if u := s.unit("thrower"); u.Models[0].Wounds != 2 || u.Silenced != 3 {
		t.Fatalf("2–3: a wound and silenced through turn 3: %+v", u)
	}
	apply(t, s, "blue", EndShooting{})
	apply(t, s, "blue", EndTurn{})
	for _, a := range []rules.Action{EndCharges{}, EndMovement{}, EndShooting{}, EndTurn{}} {
		apply(t, s, "red", a)
	}
	apply(t, s, "blue", EndCharges{})
	apply(t, s, "blue", EndMovement{})
	re := refused(t, s, "blue", Shoot{Unit: "thrower", Target: "target", At: aim}, CodeShoot)
	if re.Rule != ruleMisfire {
		t.Fatalf("%v", re)
	}
}
