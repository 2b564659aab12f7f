package oddsterms

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/odds"
)

// render runs a matchup and renders it.
func render(t *testing.T, active, reactive string, opts BuildOptions, oo odds.Options) (string, odds.Result) {
	t.Helper()
	m, r := run(t, active, reactive, opts, oo)
	var b bytes.Buffer
	if err := Render(&b, m, r); err != nil {
		t.Fatalf("Render: %v", err)
	}
	out := b.String()
	for i, line := range strings.Split(out, "\n") {
		if strings.TrimRight(line, " ") != line {
			t.Errorf("line %d has trailing spaces: %q", i+1, line)
		}
	}
	return out, r
}

// missingLines reports the lines of want missing from out, each a whole
// line, with or without the bar a distribution row ends with.
func missingLines(out string, want ...string) []string {
	lines := map[string]bool{}
	for _, l := range strings.Split(out, "\n") {
		lines[l] = true
		lines[strings.TrimRight(strings.TrimRight(l, "#."), " ")] = true
	}
	var missing []string
	for _, w := range want {
		if !lines[w] {
			missing = append(missing, w)
		}
	}
	return missing
}

func TestRenderIssueExample(t *testing.T) {
	out, r := render(t, "BS 13 B3 mods=+3 dmg 13 ammo=DA", "BS 12 B1 dmg 13",
		BuildOptions{ARM: &Pair{Active: intp(1), Reactive: intp(3)}}, odds.Options{})
	want := []string{
		"Face to Face Roll (criticals: n4-extra-save)",
		"Active    BS 13 +3 MOD = 16, B3, DAM 13 DA",
		"          each hit: 2 ARM rolls at DAM 13 - ARM 3 = 10",
		"          each Critical adds one more ARM roll",
		"Reactive  BS 12 = 12, B1, DAM 13 N",
		"          each hit: 1 ARM roll at DAM 13 - ARM 1 = 12",
		"  Active   " + pct(r.A.Hits.Scores()) + "        " + pct(r.A.Hits.Crits()),
		"  Reactive " + pct(r.B.Hits.Scores()) + "        " + pct(r.B.Hits.Crits()),
		"  Nobody   " + pct(r.NoHits),
		"Active inflicts (failed Saving Rolls of the reactive side)",
		"  0          " + pct(r.A.Inflicts.Exactly(0)),
		"  1          " + pct(r.A.Inflicts.Exactly(1)) + " " + pct(r.A.Inflicts.AtLeast(1)),
		"Reactive inflicts (failed Saving Rolls of the active side)",
		"  2          " + pct(r.B.Inflicts.Exactly(2)) + " " + pct(r.B.Inflicts.AtLeast(2)),
		"Nothing happens: 14.185% (no side inflicts anything)",
	}
	if m := missingLines(out, want...); len(m) > 0 {
		t.Errorf("missing lines %q in\n%s", m, out)
	}
}

func TestRenderNotes(t *testing.T) {
	tests := []struct {
		name, active, reactive string
		opts                   BuildOptions
		oo                     odds.Options
		want                   []string
	}{
		{
			name: "Normal Roll against a target", active: "BS 12 dmg 13", reactive: "arm=2 cover",
			want: []string{
				"Normal Roll: nothing opposes the active side (criticals: n4-extra-save)",
				"Active    BS 12 -3 Partial Cover = 9, B1, DAM 13 N",
				"          each hit: 1 ARM roll at DAM 13 - ARM 2 - 3 Partial Cover = 8",
				"Target    ARM 2, BTS 0, in Partial Cover",
				"  Fails      55.000%",
				"Active inflicts (failed Saving Rolls of the target)",
			},
		},
		{
			name: "T2 removes 2 W per failed roll; the table counts rolls", active: "BS 12 dmg 15 T2",
			want: []string{"          T2: a failed roll of the hit removes 2 W/STR (a Critical's extra roll removes 1); the table counts failed rolls"},
		},
		{
			name: "Non-Lethal ammunition applies its state", active: "WIP 13 dmg 13 E/M", reactive: "bts=6",
			want: []string{
				"          each hit: 2 BTS rolls at DAM 13 - BTS 3 (6 halved) = 10",
				"          E/M is Non-Lethal: a failed roll removes no W/STR, it applies EM",
			},
		},
		{
			name: "Shock, and a template ignoring cover", active: "template dmg 13 shock", reactive: "PH 11 cover",
			want: []string{
				"Active    Direct Template, 1 hit without rolling, DAM 13 Shock",
				"          Shock: any failed roll kills a target that is, or becomes, Unconscious",
				"          target in Partial Cover, but a template ignores it (Saving Rolls (N4))",
				"Reactive  PH 11 = 11, B1",
				"          no Saving Rolls: each surviving success counts",
				"Reactive inflicts (surviving successes)",
			},
		},
		{
			name: "n3-auto-wound and Plasma", active: "BS 12 dmg 14 plasma", reactive: "arm=3 bts=3",
			opts: BuildOptions{Criticals: odds.CritAutoWound},
			want: []string{
				"Normal Roll: nothing opposes the active side (criticals: n3-auto-wound)",
				"          each hit: 1 ARM roll at DAM 14 - ARM 3 = 11 and 1 BTS roll at DAM 14 - BTS 3 = 11",
				"          a Critical fails its first ARM roll without rolling",
			},
		},
		{
			name: "continuous damage with a tail row", active: "BS 15 B2 dmg 15 continuous", oo: odds.Options{TailAt: 4},
			want: []string{
				"Active    BS 15 = 15, B2, DAM 15 N continuous",
				"          Continuous Damage: every failed roll is rolled again until one passes",
			},
		},
		{
			name: "negligible rows are left out", active: "BS 12 dmg 5 continuous",
			want: []string{"  (rows below 0.0005% left out)"},
		},
		{
			name: "the default tail of continuous damage", active: "BS 12 dmg 13 continuous",
			want: []string{"  24 or more    0.003%    0.003%"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _ := render(t, tt.active, tt.reactive, tt.opts, tt.oo)
			if m := missingLines(out, tt.want...); len(m) > 0 {
				t.Errorf("missing lines %q in\n%s", m, out)
			}
			if strings.Contains(tt.active, "template") && strings.Contains(out, "Critical adds") {
				t.Errorf("a template never crits, yet the table speaks of its Criticals:\n%s", out)
			}
		})
	}
}

func TestRenderTailRow(t *testing.T) {
	out, r := render(t, "BS 15 B2 dmg 15 continuous", "", BuildOptions{}, odds.Options{TailAt: 4})
	d := r.A.Inflicts
	want := "  4 or more  " + pct(d.Exactly(4)) + " " + pct(d.AtLeast(4))
	if m := missingLines(out, want); len(m) > 0 {
		t.Errorf("missing the tail row %q in\n%s", want, out)
	}
}

// TestTagColumns: a tag gets a column only when some failure can come without
// it; a tag on every failure would repeat "exactly".
func TestTagColumns(t *testing.T) {
	every := odds.Dist{Tags: []string{"EM"}, P: [][]float64{{0.5, 0}, {0, 0.3}, {0, 0.2}}}
	if got := tagColumns(every); len(got) != 0 {
		t.Errorf("tagColumns(every failure EM) = %v, want none", got)
	}
	mixed := odds.Dist{Tags: []string{"SHOCK", "EM"}, P: [][]float64{
		{0.4, 0, 0, 0}, {0.1, 0.1, 0.1, 0}, {0, 0.1, 0, 0.2},
	}}
	if got := tagColumns(mixed); !reflect.DeepEqual(got, []string{"SHOCK", "EM"}) {
		t.Errorf("tagColumns(mixed) = %v", got)
	}
	var b bytes.Buffer
	renderInflicts(&printer{w: &b}, "Active", "target", Plan{Spec: SideSpec{Damage: intp(13)}}, mixed)
	want := []string{
		"  count        exactly   or more  with SHOCK     with EM",
		"  0            40.000%",
		"  1            30.000%   60.000%     10.000%     10.000%",
		"  2            30.000%   30.000%     30.000%     20.000%",
	}
	if m := missingLines(b.String(), want...); len(m) > 0 {
		t.Errorf("missing %q in\n%s", m, b.String())
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestRenderWriteError(t *testing.T) {
	m, r := run(t, "BS 12", "", BuildOptions{}, odds.Options{})
	if err := Render(failWriter{}, m, r); err == nil || err.Error() != "disk full" {
		t.Errorf("Render to a failing writer: %v, want disk full", err)
	}
}

// TestReportJSON: the JSON form carries the inputs, the explained SVs and
// the result, and reads back to the same value.
func TestReportJSON(t *testing.T) {
	for _, c := range [][2]string{
		{"BS 13 B3 mods=+3:range dmg 13 ammo=DA", "BS 12 B1 dmg 13 cover"},
		{"BS 12 dmg 13 continuous", ""},
		{"template dmg 14 E/M", "PH 11 bts=3"},
	} {
		m, r := run(t, c[0], c[1], BuildOptions{}, odds.Options{})
		rep := NewReport(m, r)
		data, err := json.Marshal(rep)
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		var back Report
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("Unmarshal: %v", err)
		}
		if !reflect.DeepEqual(back, rep) {
			t.Errorf("%q v %q: JSON does not read back the same:\n%s", c[0], c[1], data)
		}
		if back.Active.Spec.Text != c[0] {
			t.Errorf("input text = %q, want %q", back.Active.Spec.Text, c[0])
		}
		if rep.Summary.ActiveScores != r.A.Hits.Scores() || rep.Summary.Nothing != r.Nothing {
			t.Errorf("summary %+v does not match the result", rep.Summary)
		}
	}
}

// Each row of a distribution ends with a bar, scaled so that the likeliest
// row is barWidth long; a row too unlikely for one '#' shows '.'.
func TestRenderBars(t *testing.T) {
	out, r := render(t, "BS 13 B3 mods=+3 dmg 13 ammo=DA", "BS 12 B1 dmg 13",
		BuildOptions{ARM: &Pair{Active: intp(1), Reactive: intp(3)}}, odds.Options{})
	d := r.A.Inflicts
	top := 0.0
	for k := 0; k <= d.Max(); k++ {
		top = max(top, d.Exactly(k))
	}
	active, _, _ := strings.Cut(out, "Reactive inflicts")
	for _, line := range strings.Split(active, "\n") {
		var k int
		if _, err := fmt.Sscanf(line, "  %d ", &k); err != nil || !strings.Contains(line, "%") {
			continue
		}
		want := int(math.Round(d.Exactly(k) / top * barWidth))
		got := strings.Count(line, "#")
		if got != want || (want == 0 && !strings.HasSuffix(line, " .")) {
			t.Errorf("row %d: %d '#' in %q, want %d", k, got, line, want)
		}
	}
	if !strings.Contains(out, "  2            24.751%   56.719%  "+strings.Repeat("#", barWidth)+"\n") {
		t.Errorf("the likeliest row has no full bar:\n%s", out)
	}
}

// The chance that the target falls (Unconscious or Dead) is the chance of
// at least W failed Saving Rolls (Wounds, Unconscious and Dead (N4)); it is
// not given where a failed roll does not remove exactly one W/STR.
func TestRenderFalls(t *testing.T) {
	for _, tc := range []struct {
		active, reactive string
		want             string // "" when no line is expected
	}{
		{"BS 13 B3 dmg 13 ammo=DA", "arm=3 w=2", "  the target falls (Unconscious or Dead, W 2): "},
		{"BS 13 B3 dmg 13", "arm=3", "  the target falls (Unconscious or Dead, W 1; give w=N for another): "},
		{"BS 13 B3 dmg 13", "arm=3 str=3", "  the target falls (Unconscious or Dead, W 3): "},
		{"BS 13 B3 dmg 13 ammo=Stun", "bts=3 w=1", ""},
		{"BS 13 B3 dmg 13 ammo=T2", "arm=3 w=2", ""},
		{"BS 13 B3", "arm=3", ""},
	} {
		out, r := render(t, tc.active, tc.reactive, BuildOptions{}, odds.Options{})
		if tc.want == "" {
			if strings.Contains(out, "falls") {
				t.Errorf("%s v %s: a fall line where none can be worked out:\n%s", tc.active, tc.reactive, out)
			}
			continue
		}
		w := 1
		if _, err := fmt.Sscanf(tc.want[strings.Index(tc.want, "W ")+2:], "%d", &w); err != nil {
			t.Fatal(err)
		}
		line := tc.want + strings.TrimSpace(pct(r.A.Inflicts.AtLeast(w)))
		if m := missingLines(out, line); len(m) > 0 {
			t.Errorf("%s v %s: missing %q in\n%s", tc.active, tc.reactive, line, out)
		}
	}
}
