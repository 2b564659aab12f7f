package infinity

import (
	"encoding/json"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// Issue #4 target: one BS Attack Order with one ARO, from declaration to
// conclusion, under 20 µs and 50 allocations.
func BenchmarkBSAttackOrder(b *testing.B) {
	t := &testing.T{}
	base := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 14], facing: 270", ""), nil)
	benchOrder(b, base, []benchStep{
		{"blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: base.publicName(base.trooperIndex("zhanshi"))}}},
		{"red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillBSAttack, Target: base.publicName(base.trooperIndex("fusilier"))}}}}},
		{"blue", Second{Skill: Skill{Name: SkillIdle}}},
	})
}

// benchStep is one action of a benchmarked Order.
type benchStep struct {
	seat rules.Seat
	a    rules.Action
}

// benchOrder times one whole Order per iteration: steps from base, then
// its resolution with seeded dice. Each Order starts from a fresh state and
// its own dice, as in play; making those is not part of the Order, so they
// are made in batches with the timer stopped.
//
// The batch is small (benchBatch): a server holds one state per match, not
// a thousand fresh copies. A batch of 1,024 made the heap swell by a
// thousand states and shrink again as they were played, so that the
// collector ran its mark phase, with write barriers on, through most of
// the timed Orders, and the background scavenger returned the freed pages
// to the system in competition with them: the timing measured the harness's
// heap more than the Order.
func benchOrder(b *testing.B, base *State, steps []benchStep) {
	b.Helper()
	b.ReportAllocs()
	var fresh []*State
	var sources []*dice.PCG
	seed := uint64(0)
	for b.Loop() {
		if len(fresh) == 0 {
			b.StopTimer()
			for range benchBatch {
				seed++
				fresh = append(fresh, base.clone())
				sources = append(sources, dice.NewPCG(seed, 7))
			}
			b.StartTimer()
		}
		st, src := fresh[len(fresh)-1], sources[len(sources)-1]
		// The harness lets go of what it hands out, so the Orders played
		// are garbage as in play rather than held live until the batch
		// ends (the collector would mark them all on every cycle).
		fresh[len(fresh)-1], sources[len(sources)-1] = nil, nil
		fresh, sources = fresh[:len(fresh)-1], sources[:len(sources)-1]
		for _, s := range steps {
			if _, err := st.Apply(s.seat, s.a, nil); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := st.Apply(rules.ChanceSeat, Resolve{}, src); err != nil {
			b.Fatal(err)
		}
	}
}

// benchBatch is how many fresh states and dice benchOrder makes at a time,
// with the timer stopped.
const benchBatch = 64

// Issue #4 target: a full random playout of demo.yaml under 5 ms.
func BenchmarkDemoPlayout(b *testing.B) {
	rs := ruleset(b)
	sc := load(b, "../data/scenarios/demo.yaml")
	r, _ := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		st, err := rs.Setup(sc, r)
		if err != nil {
			b.Fatal(err)
		}
		playRandomly(b, st, seed, nil)
	}
}

// crowdedDemo is demo.yaml with both lines advanced to the middle of the
// table (blue at y 9, red at y 24), so that most troopers see most
// enemies: the position whose menus and observations the server builds
// after every action (issue #11).
func crowdedDemo(b *testing.B) *State {
	rs := ruleset(b)
	sc := load(b, "../data/scenarios/demo.yaml")
	r, _ := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
	st, err := rs.Setup(sc, r)
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	for i := range s.Models {
		switch y := s.Models[i].At[1]; {
		case y == 3:
			s.Models[i].At[1] = 9
		case y == 29:
			s.Models[i].At[1] = 24
		}
	}
	return s
}

// A seat's menu: the first menu of demo.yaml (the Orders prompt of the
// first Player Turn, as set up); on the crowded demo position, at the
// Orders prompt (every trooper of the active army with every skill, weapon
// and target), and in the ARO window that a Move into the open gives the
// reactive army.
func BenchmarkLegal(b *testing.B) {
	rs := ruleset(b)
	sc := load(b, "../data/scenarios/demo.yaml")
	r, _ := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
	first, err := rs.Setup(sc, r)
	if err != nil {
		b.Fatal(err)
	}
	orders := crowdedDemo(b)
	aro := orders.clone()
	if _, err := aro.Apply("blue", Activate{Trooper: "b-fus", Order: OrderRegular, Skill: move([2]float64{9, 13})}, nil); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		st   *State
		seat rules.Seat
	}{{"first", first.(*State), first.Prompt().Seats[0]}, {"orders", orders, "blue"}, {"aro", aro, "red"}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n = len(c.st.Legal(c.seat))
			}
			b.ReportMetric(float64(n), "options")
		})
	}
}

// What the server encodes after an action for a seat: its menu, each
// action with its kind and each greyed entry's error (rules.Encode and
// the RuleError's JSON, as match.snapshot does).
func BenchmarkLegalEncoded(b *testing.B) {
	st := crowdedDemo(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, o := range st.Legal("blue") {
			if _, err := rules.Encode(o.Action); err != nil {
				b.Fatal(err)
			}
			if o.Illegal != nil {
				if _, err := json.Marshal(o.Illegal); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// Each viewer's observation of the crowded demo position (which has a
// Camouflaged marker and a trooper in Hidden Deployment), built and
// encoded as the server sends it.
func BenchmarkObserve(b *testing.B) {
	st := crowdedDemo(b)
	for _, v := range []rules.Viewer{rules.PlayerView("blue"), rules.PlayerView("red"), rules.Spectator()} {
		name := string(v.Seat)
		if name == "" {
			name = "spectator"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				st.Observe(v)
			}
		})
		b.Run(name+"-encoded", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := json.Marshal(st.Observe(v)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Issue 25 target: a Fireteam Order of a Core of five, the leader Moving
// with the members following in formation, an ARO BS Attack on the leader,
// and the leader's BS Attack with the Fireteam's +1 Burst, from
// declaration to conclusion, under 25 µs (Fireteams (N4)).
func BenchmarkFireteamOrder(b *testing.B) {
	t := &testing.T{}
	base := setup(t, fireteamYAML(5, "core", ""), nil)
	var team []TeamMove
	for _, id := range []string{"line-0", "line-1", "line-3", "line-4"} {
		at := base.Models[base.modelIndex(id)].At
		team = append(team, TeamMove{Trooper: id, Route: [][2]float64{{at[0], at[1] + 2}}})
	}
	benchOrder(b, base, []benchStep{
		{"blue", Activate{Trooper: "line-2", Order: OrderRegular, Skill: move([2]float64{8, 6}), Team: team}},
		{"red", AROs{Declarations: []ARODecl{{Trooper: "watcher", Skill: Skill{Name: SkillBSAttack, Target: base.publicName(base.trooperIndex("line-2"))}}}}},
		{"blue", Second{Skill: Skill{Name: SkillBSAttack, Target: base.publicName(base.trooperIndex("watcher"))}}},
	})
}

// BenchmarkCoordinatedOrder: four troopers Move in a Coordinated Order,
// the watcher Dodges, and all four shoot it (the Spearhead at half Burst,
// the others B1; the Dodge compared with each attack) (Coordinated Orders
// (N4)).
func BenchmarkCoordinatedOrder(b *testing.B) {
	t := &testing.T{}
	base := setup(t, coordinatedYAML(""), nil)
	var team []TeamMove
	for _, id := range []string{"line-1", "line-2", "line-3"} {
		at := base.Models[base.modelIndex(id)].At
		team = append(team, TeamMove{Trooper: id, Route: [][2]float64{{at[0], at[1] + 2}}})
	}
	benchOrder(b, base, []benchStep{
		{"blue", Coordinate{Spearhead: "line-0", Followers: []string{"line-1", "line-2", "line-3"}, Skill: move([2]float64{4, 6}), Team: team}},
		{"red", AROs{Declarations: []ARODecl{{Trooper: "watcher", Skill: Skill{Name: SkillDodge}}}}},
		{"blue", Second{Skill: Skill{Name: SkillBSAttack, Target: base.publicName(base.trooperIndex("watcher"))}}},
	})
}
