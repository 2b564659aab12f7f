package fantasy

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/ordo-rules/ordo/play"
)

// The seed examples with forced dice play through with every expectation
// met (Charging out of a unit; Characters in units: hit allocation; Challenges; Stand &
// Shoot and Look Out Sir! under the 8th-edition reading; Charge move (one
// wheel); Failed charges and Fly; Make Way!; Templates: scatter and
// Cover).
func TestSeedScenarios(t *testing.T) {
	files, err := filepath.Glob("../data/scenarios/seed/fantasy-*.yaml")
	if err != nil || len(files) < 4 {
		t.Fatalf("seed scenarios: %v %v", files, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			var out bytes.Buffer
			if err := play.Run(ruleset(t), loadScenario(t, f), &out, play.Options{}); err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
		})
	}
}

// What each viewer sees of a game: the same table for everyone, since the
// game as modelled has no hidden information. The golden file pins the
// view after a charge out, a failed charge and a refused move.
func TestViewsGolden(t *testing.T) {
	sc := loadScenario(t, "../data/scenarios/seed/fantasy-charge-out.yaml")
	var views [3]bytes.Buffer
	for i, v := range []string{"", "red", "spectator"} {
		opt := play.Options{JSON: true}
		switch v {
		case "red":
			opt.Viewer = playerView("red")
		case "spectator":
			opt.Viewer = spectator()
		}
		if err := play.Run(ruleset(t), sc, &views[i], opt); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(views[1].Bytes(), views[2].Bytes()) || !bytes.Equal(views[0].Bytes(), views[1].Bytes()) {
		t.Fatal("the log differs between viewers, though nothing in this game is private")
	}
	golden := "testdata/charge-out.golden.jsonl"
	if os.Getenv("UPDATE_GOLDEN") == "1" {
		if err := os.WriteFile(golden, views[1].Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(views[1].Bytes(), want) {
		t.Fatalf("red's view of the log differs from %s (UPDATE_GOLDEN=1 rewrites it):\n%s", golden, views[1].String())
	}
}
