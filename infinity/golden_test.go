package infinity

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// Loss of Lieutenant (N4) acceptance (issue #5): the Loss of Lieutenant scenario's log as
// each viewer sees it. Blue sees who it appoints; red and spectators only
// that a new Lieutenant was appointed. Golden files: testdata/*.golden
// (go test ./infinity -run Golden -args -update rewrites them).
func TestGoldenLossOfLieutenant(t *testing.T) {
	sc := load(t, "../data/scenarios/seed/loss-of-lieutenant.yaml")
	for _, v := range []struct {
		name   string
		viewer rules.Viewer
	}{{"blue", rules.PlayerView("blue")}, {"red", rules.PlayerView("red")}, {"spectator", rules.Spectator()}} {
		t.Run(v.name, func(t *testing.T) {
			var out strings.Builder
			if err := play.Run(ruleset(t), sc, &out, play.Options{Viewer: v.viewer}); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "loss-of-lieutenant."+v.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if out.String() != string(want) {
				t.Fatalf("log differs from %s:\n%s", path, out.String())
			}
			if v.name != "blue" && strings.Contains(out.String(), "appoints sergeant") {
				t.Fatal("the new Lieutenant's identity leaked")
			}
		})
	}
}
