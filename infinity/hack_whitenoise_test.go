package infinity

import (
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
)

// whiteNoise is a White Noise declaration centred on (x, y).
func whiteNoise(x, y float64) Skill {
	return Skill{Name: SkillHack, Program: "white-noise", Point: &[2]float64{x, y}}
}

// White Noise (Hacking (N3)), declared: an UPGRADE of the Hacking Device
// Plus; a point, no target; its Circular Template wholly inside the
// Hacking Area (the hacker's ZoC, or a Repeater's).
func TestWhiteNoiseDeclaration(t *testing.T) {
	// The Netrunner (Hacking Device Plus) at (10, 2): 8" ZoC from a 0.5"
	// base edge, so a 1.5" template fits when its centre is within 7".
	for _, c := range []struct {
		name   string
		hacker string
		skill  Skill
		code   rules.Code
		want   string
	}{
		{name: "centred on the hacker", hacker: "netrunner hacker-plus 10 2 90", skill: whiteNoise(10, 2)},
		{name: "wholly inside the ZoC", hacker: "netrunner hacker-plus 10 2 90", skill: whiteNoise(10, 8.9)},
		{name: "partly outside the ZoC", hacker: "netrunner hacker-plus 10 2 90", skill: whiteNoise(10, 9.5), code: rules.CodeIllegal, want: "not wholly inside netrunner's Hacking Area"},
		{name: "far from the hacker and any Repeater", hacker: "netrunner hacker-plus 10 2 90", skill: whiteNoise(24, 20), code: rules.CodeIllegal, want: "not wholly inside"},
		{name: "no point", hacker: "netrunner hacker-plus 10 2 90", skill: Skill{Name: SkillHack, Program: "white-noise"}, code: rules.CodeBadAction, want: "names a point"},
		{name: "a target", hacker: "netrunner hacker-plus 10 2 90", skill: Skill{Name: SkillHack, Program: "white-noise", Target: "gunner", Point: &[2]float64{10, 2}}, code: rules.CodeBadAction, want: "and no target"},
		{name: "off the table", hacker: "netrunner hacker-plus 10 2 90", skill: whiteNoise(-1, 2), code: rules.CodeBadAction, want: "off the table"},
		{name: "a device without it", hacker: "netrunner hacker 10 2 90", skill: whiteNoise(10, 2), code: rules.CodeIllegal, want: "carries no hacking device with White Noise"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// A second hacker far away brings White Noise into the game.
			st := setup(t, hackYAML([]string{c.hacker, "other hacker-plus 30 30 0"}, []string{"gunner hmg 10 22 90"}), nil)
			a := Activate{Trooper: "netrunner", Order: OrderRegular, Skill: c.skill}
			if c.want == "" {
				do(t, st, "blue", a)
				return
			}
			refused(t, st, "blue", a, c.code, c.want)
		})
	}
}

// White Noise (Hacking (N3)) in play: a Normal WIP Roll (WIP 15, Attack
// MOD 0, B1 in the Active Turn as in ARO), nobody opposing it (the
// gunner may not Reset against it, it attacks no one). A success lays the
// template: it blocks the Line of Fire of the Multispectral Visor user
// (the Tracker, L1) and not the fusilier's (no visor), through it or into
// it, until the end of the Player Turn. A failure lays nothing.
func TestWhiteNoiseBlocksVisors(t *testing.T) {
	for _, c := range []struct {
		name string
		die  int
		laid bool
	}{{"success", 15, true}, {"failure", 16, false}} {
		t.Run(c.name, func(t *testing.T) {
			st := setup(t, hackYAML(
				[]string{"netrunner hacker-plus 10 2 90", "runner fusilier 4 12 90"},
				[]string{"tracker msv-rifleman 10 22 270", "rifleman fusilier 16 22 270"}), nil)
			tracker, rifleman, runner := st.trooperIndex("tracker"), st.trooperIndex("rifleman"), st.trooperIndex("netrunner")
			if !st.sees(tracker, st.Models[st.modelOf(tracker)].At, runner) {
				t.Fatal("before White Noise the tracker sees the netrunner")
			}
			do(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: whiteNoise(10, 7)})
			finishHackOrder(t, st, c.die)
			if got := len(st.WhiteNoise) == 1; got != c.laid {
				t.Fatalf("template laid %v, want %v", got, c.laid)
			}
			if got := st.sees(tracker, st.Models[st.modelOf(tracker)].At, runner); got == c.laid {
				t.Errorf("the tracker (Multispectral Visor L1) sees the netrunner through White Noise: %v", got)
			}
			if !st.sees(rifleman, st.Models[st.modelOf(rifleman)].At, runner) {
				t.Error("the rifleman (no visor) does not see the netrunner: White Noise blocks only visors")
			}
			if !c.laid {
				return
			}
			ev := do(t, st, "blue", EndOrders{})
			if len(st.WhiteNoise) != 0 || !hasEvent(ev, "white-noise") {
				t.Fatalf("White Noise outlives its Player Turn: %v", st.WhiteNoise)
			}
			if !st.sees(tracker, st.Models[st.modelOf(tracker)].At, runner) {
				t.Error("after White Noise ends the tracker sees the netrunner again")
			}
		})
	}
}

// White Noise (Hacking (N3)) in ARO: the netrunner answers the tracker's
// move with White Noise centred on himself; it rolls B1, a Normal Roll at
// WIP 15, and the template then blocks the tracker's Line of Fire to him.
func TestWhiteNoiseInARO(t *testing.T) {
	st := setup(t, hackYAML(
		[]string{"netrunner hacker-plus 10 6 90"},
		[]string{"tracker msv-rifleman 10 22 270", "rifleman fusilier 20 30 270"}), nil)
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", Activate{Trooper: "tracker", Order: OrderRegular, Skill: move([2]float64{10, 18})})
	do(t, st, "blue", AROs{Declarations: []ARODecl{{Trooper: "netrunner", Skill: whiteNoise(10, 6)}}})
	for st.Order != nil && st.Order.Step != StepResolve {
		p := st.Prompt()
		switch st.Order.Step {
		case StepSecond:
			do(t, st, p.Seats[0], Second{Skill: Skill{Name: SkillIdle}})
		default:
			do(t, st, p.Seats[0], AROs{})
		}
	}
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 3)
	r, ok := rolledBy(ev)["netrunner"]
	if !ok || len(r.Dice) != 1 || r.Roll != "normal" || r.SV.Value != 15 {
		t.Fatalf("the netrunner's roll %+v: want one die, a Normal Roll at WIP 15", r)
	}
	if len(st.WhiteNoise) != 1 || st.WhiteNoise[0].By != "netrunner" {
		t.Fatalf("templates %v, want the netrunner's", st.WhiteNoise)
	}
	tracker, runner := st.trooperIndex("tracker"), st.trooperIndex("netrunner")
	if st.sees(tracker, st.Models[st.modelOf(tracker)].At, runner) {
		t.Error("the tracker sees into White Noise")
	}
}

// White Noise changes Line of Fire during an Order: the path scans the
// ARO windows keep (pathScans) no longer hold once a template is laid or
// a door changes.
func TestWhiteNoiseInvalidatesScans(t *testing.T) {
	st := setup(t, hackYAML([]string{"netrunner hacker-plus 10 2 90"}, []string{"tracker msv-rifleman 10 22 270"}), nil)
	do(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: move([2]float64{10, 4})})
	tracker := st.trooperIndex("tracker")
	st.moverScan(tracker, st.modelOf(tracker))
	if !st.Order.scans.sameTable(st) {
		t.Fatal("the scans do not hold on the table they were made on")
	}
	st.WhiteNoise = append(st.WhiteNoise, WhiteNoise{By: "netrunner", Seat: "blue", At: [2]float64{10, 12}})
	if st.Order.scans.sameTable(st) {
		t.Fatal("the scans still hold after White Noise was laid")
	}
}

func hasEvent(ev []rules.Event, kind string) bool {
	for _, e := range ev {
		if e.Kind() == kind {
			return true
		}
	}
	return false
}

// White Noise (Hacking (N3)) with a Deployable Repeater, through `ordo
// play`: out of the Netrunner's own ZoC, the Repeater's places it; the
// Tracker (Multispectral Visor L1) may not react through it; it ends with
// the Player Turn, and the Tracker then shoots.
func TestWhiteNoiseScenario(t *testing.T) {
	var out strings.Builder
	if err := play.Run(ruleset(t), load(t, "../data/scenarios/seed/hacking-white-noise.yaml"), &out, play.Options{}); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, line := range []string{
		"a Circular Template at (20, 20) is not wholly inside netrunner's Hacking Area",
		"netrunner Hacking Program (Normal Roll): SV WIP 15 = 15, dice 9 -> success",
		"netrunner places White Noise at (10, 17)",
		"refused aro by red: illegal: tracker may not react in this window",
		"red: ARO window 1: rifleman: no ARO",
		"netrunner's White Noise at (10, 17) ends",
		"tracker spends a Regular Order: BS Attack on netrunner",
	} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("no %q in\n%s", line, out.String())
		}
	}
}

// White Noise (Hacking (N3)) in the ARO menu: a reactive hacker that
// carries it is offered it, centred on himself, and the menu's entry is
// legal.
func TestWhiteNoiseOfferedInARO(t *testing.T) {
	st := setup(t, hackYAML(
		[]string{"netrunner hacker-plus 10 6 90"},
		[]string{"tracker msv-rifleman 10 22 270", "rifleman fusilier 20 30 270"}), nil)
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", Activate{Trooper: "tracker", Order: OrderRegular, Skill: move([2]float64{10, 18})})
	found := false
	for _, e := range st.Legal("blue") {
		a, ok := asAction[AROs](e.Action)
		if !ok || e.Illegal != nil || len(a.Declarations) != 1 {
			continue
		}
		if d := a.Declarations[0]; d.Trooper == "netrunner" && d.Skill.Program == "white-noise" && d.Skill.Point != nil && *d.Skill.Point == [2]float64{10, 6} {
			found = true
		}
	}
	if !found {
		t.Fatal("the ARO menu offers no legal White Noise to the netrunner")
	}
}
