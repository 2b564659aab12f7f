package cli

import (
	"fmt"
	"strconv"

	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/infinity/army"
	"github.com/ordo-rules/ordo/infinity/mission"
	"github.com/ordo-rules/ordo/internal/yamlfile"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// missionSeats are the seats of a match from a mission: blue and red, as
// --blue and --red name their lists.
var missionSeats = [2]rules.Seat{"blue", "red"}

// missionPlay is `ordo play --mission MISSION --blue LIST --red LIST
// [SCRIPT]`: the mission game between the two lists (infinity.MissionGame),
// and the scenario that carries its script. SCRIPT holds only `seed` and
// `script` (docs/SCENARIOS.md's steps); "" is no script, for --random.
func missionPlay(missionFile, blueFile, redFile, scriptFile string) (rules.Ruleset, *scenario.Scenario, error) {
	m, err := mission.Load(missionFile)
	if err != nil {
		return nil, nil, err
	}
	rs, err := infinity.New()
	if err != nil {
		return nil, nil, err
	}
	g := infinity.MissionGame{Ruleset: rs, Mission: m}
	for i, f := range [2]string{blueFile, redFile} {
		l, cat, err := army.Load(f, army.Options{Catalog: rs.Catalog})
		if err != nil {
			return nil, nil, err
		}
		g.Armies[i] = infinity.ArmyIn{Seat: missionSeats[i], List: l, Catalog: cat}
	}
	// What the mission says of the game, as a scenario would say it: the
	// script's steps are checked against its seats.
	header := "\nname: " + strconv.Quote(m.Name) + "\nruleset: " + infinity.Name +
		"\ntable: {width: " + num(m.Width) + ", height: " + num(m.Height) + "}" +
		"\nsides: [{seat: blue}, {seat: red}]\ninitiative: blue\nrounds: " + strconv.Itoa(m.Rounds) + "\n"
	if scriptFile == "" {
		sc, err := scenario.Parse(missionFile, []byte(header), scenario.Options{})
		return g, sc, err
	}
	data, err := yamlfile.ReadFile(scriptFile, yamlfile.MaxFileSize)
	if err != nil {
		return nil, nil, err
	}
	// The mission's keys go after the script's own, so that every line
	// of the script file keeps its number in messages.
	sc, err := scenario.Parse(scriptFile, append(append(data, '\n'), header...), scenario.Options{})
	if err != nil {
		return nil, nil, fmt.Errorf("%w (a mission's script file holds only seed and script)", err)
	}
	return g, sc, nil
}

func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
