package fantasy

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
	"github.com/ordo-rules/ordo/scenario/scenariotest"
)

// Units and formation: a side's units are the fantasy ruleset's own typed
// army, decoded from the scenario file at Setup; a problem of form (an
// unknown key, troopers on a fantasy side, a word for a number) is
// reported at its file:line:col.
func TestArmyFromFile(t *testing.T) {
	const head = "name: units\nruleset: fantasy\ntable: {width: 48, height: 48}\ninitiative: red\nrounds: 1\nsides:\n"
	const blue = "  - seat: blue\n    units: [{id: riders, profile: rider, models: 5, at: [10, 30], facing: 270}]\n"
	setup := func(t *testing.T, red string) (rules.State, error) {
		t.Helper()
		sc, err := scenario.Parse("units.yaml", []byte(head+red+blue), scenario.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r, err := rules.ResolveRulings(ruleset(t).Rulings(), nil)
		if err != nil {
			t.Fatal(err)
		}
		return ruleset(t).Setup(sc, r)
	}
	st, err := setup(t, "  - seat: red\n    units: [{id: spears, profile: spearman, models: 10, at: [10, 10], facing: 90, files: 5}]\n")
	if err != nil {
		t.Fatal(err)
	}
	if u := st.(*State).unit("spears"); u == nil || u.Files != 5 || len(u.Models) != 10 {
		t.Fatalf("spears: %+v", u)
	}
	type want struct {
		Line, Col int
		Field     string
		Msg       string
	}
	for _, c := range []struct {
		name, red string
		want      want
	}{
		{"a misspelt key", "  - seat: red\n    units: [{id: spears, profile: spearman, at: [10, 10], facing: 90, file: 5}]\n",
			want{8, 71, "sides[0].units[0].file", `unknown field "file"`}},
		{"troopers on a fantasy side", "  - seat: red\n    troopers: [{id: t}]\n",
			want{8, 5, "sides[0].troopers", `unknown field "troopers" (a side takes seat, name, faction, units, zone)`}},
		{"a word for a number", "  - seat: red\n    units: [{id: spears, profile: spearman, models: ten, at: [10, 10]}]\n",
			want{8, 53, "sides[0].units[0].models", "want a whole number"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := setup(t, c.red)
			scenariotest.Check(t, err, "units.yaml", []want{c.want})
		})
	}
}

// Bounded input: a side of more than 40 units (Units and formation) is
// refused on the scan of the file's bytes, before the YAML parse, when the
// file is loaded against the ruleset's catalog (ScenarioCatalog, picked
// by the file's ruleset line): the file ends in a syntax error that only
// the parse would find.
func TestArmyBoundBeforeTheParse(t *testing.T) {
	var red strings.Builder
	red.WriteString("  - seat: red\n    units:\n")
	for i := range 41 {
		fmt.Fprintf(&red, "      - {id: u%d, profile: spearman, at: [%d, 10]}\n", i, i+1)
	}
	src := "name: units\ntable: {width: 48, height: 48}\nsides:\n" + red.String() + "ruleset: fantasy\nbroken: [\n"
	rs := ruleset(t)
	opts := scenario.Options{CatalogFor: func(name string) scenario.Catalog {
		if name == Name {
			return rs.ScenarioCatalog()
		}
		return nil
	}}
	_, err := scenario.Parse("units.yaml", []byte(src), opts)
	want := "units.yaml:6:7: sides[0].units: 41 entries, more than the 40 a scenario may have here; none was read"
	if err == nil || err.Error() != want {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
}

// Units and formation: every problem Setup finds in the armies (and the
// terrain and rounds) is reported at once, each at its file:line:col, as
// the scenario's own problems are: an unknown profile, an id given twice,
// a unit off the table or on impassable terrain (Impassable terrain), a
// character who cannot join (Joining a unit), two Generals on a side or a
// General carrying the battle standard (Leadership tests).
func TestSetupErrorsAtTheirLines(t *testing.T) {
	const head = "name: units\nruleset: fantasy\ntable: {width: 48, height: 48}\ninitiative: red\nrounds: 1\n"
	const blue = "  - seat: blue\n    units: [{id: riders, profile: rider, models: 5, at: [10, 30], facing: 270}]\n"
	type want struct {
		Line, Col int
		Field     string
		Msg       string
	}
	for _, c := range []struct {
		name, src string
		want      []want
	}{
		{"an unknown profile and an id given twice, both reported",
			head + "sides:\n  - seat: red\n    units:\n" +
				"      - {id: spears, profile: spearmen, at: [10, 10]}\n" +
				"      - {id: riders, profile: spearman, at: [20, 10]}\n" + blue,
			[]want{{9, 31, "sides[0].units[0].profile", `unknown profile "spearmen"`},
				{12, 18, "sides[1].units[0].id", `id "riders" is already used (line 10)`}}},
		{"off the table",
			head + "sides:\n  - seat: red\n    units: [{id: spears, profile: spearman, at: [100, 10]}]\n" + blue,
			[]want{{8, 49, "sides[0].units[0].at", `unit "spears" stands off the 48×48 table`}}},
		{"a character who cannot join",
			head + "sides:\n  - seat: red\n    units: [{id: harpies, profile: harpy, models: 3, at: [10, 10], characters: [{id: cap, profile: captain}]}]\n" + blue,
			[]want{{8, 81, "sides[0].units[0].characters[0]", "cannot be part of a unit of"}}},
		{"two Generals on a side",
			head + "sides:\n  - seat: red\n    units:\n" +
				"      - {id: spears, profile: spearman, models: 10, at: [10, 10], characters: [{id: cap, profile: captain, general: true}]}\n" +
				"      - {id: lord, profile: captain, at: [30, 10], general: true}\n" + blue,
			[]want{{10, 9, "sides[0].units[1]", "a second General on the side (the first: line 9)"}}},
		{"the General carrying the battle standard",
			head + "sides:\n  - seat: red\n    units: [{id: lord, profile: captain, at: [30, 10], general: true, battleStandard: true}]\n" + blue,
			[]want{{8, 13, "sides[0].units[0]", "the General may not carry the battle standard (Leadership tests)"}}},
		{"a terrain kind and too many rounds",
			strings.Replace(head, "rounds: 1", "rounds: 21", 1) + "terrain: [{kind: swamp, polygon: [[1, 1], [2, 1], [2, 2]]}]\nsides:\n  - seat: red\n    units: [{id: spears, profile: spearman, at: [10, 10]}]\n" + blue,
			[]want{{5, 9, "rounds", "21 rounds, at most 20"}, {6, 18, "terrain[0].kind", "swamp"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc, err := scenario.Parse("units.yaml", []byte(c.src), scenario.Options{})
			if err != nil {
				t.Fatal(err)
			}
			r, err := rules.ResolveRulings(ruleset(t).Rulings(), nil)
			if err != nil {
				t.Fatal(err)
			}
			_, err = ruleset(t).Setup(sc, r)
			scenariotest.Check(t, err, "units.yaml", c.want)
		})
	}
}
