package infinity

import (
	"math/rand/v2"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// Lieutenant (N4), Loss of Lieutenant (N4): which trooper holds an army's
// Lieutenant role is private while nobody has seen it revealed, in the
// Orders Phase and in a mission's pre-game after the Initiative Roll, and
// not in Loss of Lieutenant or while its Lieutenant Special Order is being
// spent. lieutenantPrivate states it once; a bot's sample draws the role
// (Determinize) exactly when it holds, and neither leak-check twin varies
// the role when it does not. On the ground, blue's hacker has Possessed
// red's TAG (Possessed (N4)).
func TestLieutenantPrivate(t *testing.T) {
	find := func(s *State, id string) *Trooper { return &s.Troopers[s.trooperIndex(id)] }
	cases := []struct {
		name  string
		tagLt bool // the Possessed TAG is red's Lieutenant
		owner rules.Seat
		edit  func(s *State)
		want  bool
	}{
		{"Orders Phase, no one revealed", false, "red", func(*State) {}, true},
		{"the Possessed TAG is the Lieutenant, not revealed", true, "red", func(*State) {}, true},
		{"Loss of Lieutenant", false, "red", func(s *State) { s.army("red").LossOfLieutenant = true }, false},
		{"its Lieutenant Special Order under way", false, "red", func(s *State) {
			s.Order = &Order{Trooper: s.trooperIndex("gunner"), Source: OrderLieutenant}
		}, false},
		{"the enemy's Lieutenant Special Order under way", false, "red", func(s *State) {
			s.Order = &Order{Trooper: s.trooperIndex("hacker"), Source: OrderLieutenant}
		}, true},
		{"revealed by its Special Order", false, "red", func(s *State) { find(s, "gunner").KnownLieutenant = true }, false},
		{"revealed, then Possessed", true, "red", func(s *State) { find(s, "tag").Possession.Known = true }, false},
		{"the enemy's revealed Lieutenant tells nothing", false, "red", func(s *State) { find(s, "hacker").KnownLieutenant = true }, true},
		{"the enemy's revealed Lieutenant it controls, Possessed, tells nothing", true, "blue", func(s *State) { find(s, "tag").Possession.Known = true }, true},
		{"Initiative Roll to come (it shows the Lieutenant's WIP)", false, "red", func(s *State) { s.Phase = PhaseInitiative }, false},
		{"Initiative choice", false, "red", func(s *State) { s.Phase = PhaseChoice }, true},
		{"Classified Objectives chosen", false, "red", func(s *State) { s.Phase = PhaseClassified }, true},
		{"Deployment", false, "red", func(s *State) { s.Phase = PhaseDeployment }, true},
		{"a Lieutenant being appointed", false, "red", func(s *State) { s.Phase = PhaseAppoint }, false},
		{"the game over", false, "red", func(s *State) { s.Phase = PhaseOver }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := possessed(t, c.tagLt)
			c.edit(st)
			if got := st.lieutenantPrivate(c.owner); got != c.want {
				t.Fatalf("lieutenantPrivate(%s) = %v, want %v", c.owner, got, c.want)
			}
			other := rules.Seat("blue")
			if c.owner == "blue" {
				other = "red"
			}
			roles := func(s *State) string {
				out := ""
				for _, tr := range s.Troopers {
					if tr.ownedBy(c.owner) && (tr.Lieutenant || tr.Possession.Lieutenant) {
						out += tr.ID + " "
					}
				}
				return out
			}
			drawn := false
			for seed := range uint64(16) {
				d := st.Determinize(other, rand.New(rand.NewPCG(seed, 1))).(*State)
				drawn = drawn || roles(d) != roles(st)
			}
			if drawn != c.want {
				t.Errorf("a sample draws the role: %v, want %v", drawn, c.want)
			}
			next := Activate{Trooper: "breacher", Order: OrderRegular, Skill: move([2]float64{4, 9})}
			for name, twin := range map[string]func(*State, rules.Seat, rules.Seat, rules.Action, *rand.Rand) (rules.Action, bool){
				"twinLieutenant": (*State).twinLieutenant, "twinPossessedLieutenant": (*State).twinPossessedLieutenant,
			} {
				tw := st.clone()
				if _, ok := twin(tw, c.owner, other, next, rand.New(rand.NewPCG(1, 2))); ok && !c.want {
					t.Errorf("%s varies the role while it is not private", name)
				}
			}
		})
	}
}
