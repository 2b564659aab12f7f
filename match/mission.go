package match

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// A match may start from a mission and the players' army lists instead of
// a scenario (docs/MISSIONS.md, issue #24): the mission a bundled one by
// name, each list a seat's YAML text. It is stored as a mission document,
// the JSON of missionDoc, where a scenario's text goes, and set up from it
// again by the Library's MissionGame whenever the match is loaded,
// replayed or verified.

// missionDoc is a match from a mission, as stored.
type missionDoc struct {
	Mission string `json:"mission"`
	// Seats are the seats of a match waiting for their lists (armies.go):
	// set while a list is missing, and gone from the completed document.
	// Second, so that the document's first bytes say whether it waits
	// (AwaitsArmies: the lobby reads no more of it).
	Seats       []string          `json:"seats,omitempty"`
	MissionText string            `json:"missionText"`
	Armies      map[string]string `json:"armies"`
}

// missionPrefix starts every mission document (missionDoc's first field).
var missionPrefix = []byte(`{"mission":`)

// MissionGame builds the ruleset of a match between army lists on a
// mission, and the scenario naming its seats (its script empty): the
// Library's hook for a ruleset that plays missions (Infinity's).
type MissionGame func(mission []byte, armies map[string][]byte) (rules.Ruleset, *scenario.Scenario, error)

// missionText is the stored document of a match on the bundled mission
// name between the lists.
func (l *Library) missionText(name string, armies map[string]string) ([]byte, error) {
	if l.MissionGame == nil {
		return nil, errorf(CodeBadScenario, "", "this server plays no missions")
	}
	text, ok := l.Missions[name]
	if !ok {
		return nil, errorf(CodeBadScenario, "", "no bundled mission %q (known: %s)", name, strings.Join(slices.Sorted(maps.Keys(l.Missions)), ", "))
	}
	return json.Marshal(missionDoc{Mission: name, MissionText: string(text), Armies: armies})
}

// setupMission sets a mission document up: the lists checked against the
// mission's ruleset, and its opening state under the rulings given.
func (l *Library) setupMission(file string, text []byte, over map[string]string) (rules.Ruleset, *scenario.Scenario, rules.State, error) {
	if l.MissionGame == nil {
		return nil, nil, nil, errorf(CodeBadScenario, "", "%s: this server plays no missions", file)
	}
	var doc missionDoc
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		return nil, nil, nil, errorf(CodeBadScenario, "", "%s: not a mission document: %v", file, err)
	}
	if len(doc.Seats) > 0 {
		return nil, nil, nil, errorf(CodeAwaitingArmies, "", "%s: the game starts when every seat's army list is in", file)
	}
	armies := map[string][]byte{}
	for seat, list := range doc.Armies {
		armies[seat] = []byte(list)
	}
	rs, sc, err := l.MissionGame([]byte(doc.MissionText), armies)
	if err != nil {
		if _, ok := rules.AsRuleError(err); ok {
			return nil, nil, nil, err
		}
		return nil, nil, nil, errorf(CodeBadScenario, "", "%s", oneLine(err))
	}
	rulings, err := rules.ResolveRulings(rs.Rulings(), over)
	if err != nil {
		return nil, nil, nil, err
	}
	st, err := rs.Setup(sc, rulings)
	if err != nil {
		if _, ok := rules.AsRuleError(err); ok {
			return nil, nil, nil, err
		}
		return nil, nil, nil, errorf(CodeBadScenario, "", "%s: %s", file, oneLine(err))
	}
	return rs, sc, st, nil
}
