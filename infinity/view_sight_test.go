package infinity

import (
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// Line of Fire (N4), BS Attack (N4): the web table's overlay says what the
// menu says. In the demo, each enemy the Fusilier Lieutenant's Sight lists
// has Line of Fire exactly where the menu does not refuse its BS Attack for
// the lack of it, and a range MOD exactly where the weapon reaches; the
// marker is not listed; and only the trooper's own player may ask.
func TestSight(t *testing.T) {
	st := setupFile(t, "../data/scenarios/demo.yaml")
	sight, err := st.Sight(rules.PlayerView("blue"), "b-fusilier")
	if err != nil {
		t.Fatal(err)
	}
	refused := map[string]string{}
	for _, o := range st.Legal("blue") {
		a, ok := asAction[Activate](o.Action)
		if !ok || a.Trooper != "b-fusilier" || a.Order != OrderRegular || a.Skill.Name != SkillBSAttack || a.Skill.Weapon != "combi-rifle" {
			continue
		}
		refused[a.Skill.Target] = ""
		if o.Illegal != nil {
			refused[a.Skill.Target] = o.Illegal.Message()
		}
	}
	seen, blind := 0, 0
	for _, x := range sight.Targets {
		why, ok := refused[x.Target]
		if !ok {
			t.Fatalf("Sight lists %s, which the menu does not", x.Target)
		}
		if noLoF := strings.Contains(why, "no Line of Fire"); noLoF == x.LoF {
			t.Errorf("%s: Sight says Line of Fire %v, the menu %q", x.Target, x.LoF, why)
		}
		if x.LoF {
			seen++
		} else {
			blind++
		}
		if strings.Contains(x.Target, "marker") {
			t.Errorf("Sight lists the marker %s", x.Target)
		}
		if _, ok := x.Ranges["combi-rifle"]; ok != (x.Distance <= st.Weapons["combi-rifle"].MaxRange()) {
			t.Errorf("%s at %v″: the Combi Rifle's range MOD %v", x.Target, x.Distance, x.Ranges)
		}
	}
	if seen == 0 || blind == 0 {
		t.Fatalf("the demo's Fusilier sees %d enemies and not %d: the check proves little", seen, blind)
	}
	for _, v := range []rules.Viewer{rules.PlayerView("red"), rules.Spectator()} {
		if _, err := st.Sight(v, "b-fusilier"); err == nil {
			t.Errorf("%v may ask what blue's trooper sees", v)
		}
	}
}
