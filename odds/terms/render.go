package terms

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/ordo-rules/ordo/odds"
)

// hidden is the smallest probability a row of an inflicts table must reach to
// be printed: anything smaller shows as 0.000% anyway. The JSON form keeps
// every row.
const hidden = 0.000005

// Render writes the human table: each side's SV and Saving Rolls explained,
// the chance each side scores, the distribution of what each inflicts, and
// the chance that nothing happens.
func Render(w io.Writer, m Matchup, r odds.Result) error {
	pw := &printer{w: w}
	switch {
	case m.FaceToFace:
		pw.printf("Face to Face Roll (criticals: %s)\n\n", m.Criticals)
	case m.Simultaneous:
		pw.printf("Normal Rolls at once: a Direct Template against an attack, neither cancels the other (criticals: %s)\n\n", m.Criticals)
	default:
		pw.printf("Normal Roll: nothing opposes the active side (criticals: %s)\n\n", m.Criticals)
	}
	renderPlan(pw, "Active", m.Active)
	if m.TwoSides() {
		renderPlan(pw, "Reactive", m.Reactive)
	} else {
		pw.printf("%-9s %s\n", "Target", targetText(m.Reactive.Spec))
	}

	pw.printf("\n%-10s %9s %16s\n", "Scores", "chance", "with a Critical")
	pw.printf("  %-8s %9s %16s\n", "Active", pct(r.A.Hits.Scores()), pct(critChance(r.A.Hits)))
	if m.TwoSides() {
		pw.printf("  %-8s %9s %16s\n", "Reactive", pct(r.B.Hits.Scores()), pct(critChance(r.B.Hits)))
	}
	nobody := "Fails"
	if m.TwoSides() {
		nobody = "Nobody"
	}
	pw.printf("  %-8s %9s\n", nobody, pct(r.NoHits))

	target := "target"
	if m.TwoSides() {
		target = "reactive side"
	}
	renderInflicts(pw, "Active", target, m.Active, r.A.Inflicts)
	if m.TwoSides() {
		renderInflicts(pw, "Reactive", "active side", m.Reactive, r.B.Inflicts)
	}
	pw.printf("\nNothing happens: %s (no side inflicts anything)\n", strings.TrimSpace(pct(r.Nothing)))
	return pw.err
}

// printer keeps the first write error, so that Render reads as a list of
// lines.
type printer struct {
	w   io.Writer
	err error
}

func (p *printer) printf(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

// pct formats a probability as a percentage, 3 decimals.
func pct(p float64) string { return fmt.Sprintf("%8.3f%%", 100*p) }

// critChance is the probability that at least one Critical survives.
func critChance(t odds.HitTable) float64 {
	sum := 0.0
	for h := range t.P {
		for c := 1; c < len(t.P[h]); c++ {
			sum += t.P[h][c]
		}
	}
	return sum
}

// renderPlan writes one side: its roll, then each kind of Saving Roll its
// hits force, then the notes.
func renderPlan(pw *printer, name string, p Plan) {
	pw.printf("%-9s %s\n", name, rollText(p))
	if p.Spec.Damage == nil {
		pw.printf("%-9s no Saving Rolls: each surviving success counts\n", "")
	}
	if len(p.Saves) > 0 {
		pw.printf("%-9s each hit: %s\n", "", savesText(p.Saves))
	}
	for _, n := range p.Notes {
		pw.printf("%-9s %s\n", "", n)
	}
}

// savesText describes the Saving Rolls of one hit, grouping equal rolls:
// "2 ARM rolls at DAM 13 - ARM 3 = 10".
func savesText(saves []Save) string {
	var groups []string
	for i := 0; i < len(saves); {
		j := i
		for j < len(saves) && saves[j] == saves[i] {
			j++
		}
		n := j - i
		groups = append(groups, fmt.Sprintf("%d %s roll%s at %s", n, saves[i].Attribute, plural(n), saves[i]))
		i = j
	}
	return strings.Join(groups, " and ")
}

// rollText describes what a side throws: "BS 13 +3 MOD = 16, B3, DAM 13 DA".
func rollText(p Plan) string {
	s := p.Spec
	var parts []string
	if s.Template {
		parts = append(parts, fmt.Sprintf("Direct Template, %d hit%s without rolling", s.Burst, plural(s.Burst)))
	} else {
		parts = append(parts, p.SV.String(), fmt.Sprintf("B%d", s.Burst))
	}
	if s.Damage != nil {
		d := fmt.Sprintf("DAM %d %s", *s.Damage, s.Ammo)
		if s.Continuous {
			d += " continuous"
		}
		parts = append(parts, d)
	}
	if s.NoCrit {
		parts = append(parts, "no Criticals")
	}
	if s.CritOnOne {
		parts = append(parts, "Critical on 1")
	}
	return strings.Join(parts, ", ")
}

// targetText describes a side that does not roll.
func targetText(s SideSpec) string {
	t := fmt.Sprintf("ARM %d, BTS %d", deref(s.ARM), deref(s.BTS))
	if s.PH != nil {
		t += fmt.Sprintf(", PH %d", *s.PH)
	}
	if s.Cover {
		t += ", in Partial Cover"
	}
	return t
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// renderInflicts writes the distribution of what one side inflicts: exactly
// k and k or more, a column per tag when the tag does not simply follow every
// failure, and the tail row as "N or more".
func renderInflicts(pw *printer, name, target string, p Plan, d odds.Dist) {
	what := "surviving successes"
	if p.Spec.Damage != nil {
		what = "failed Saving Rolls of the " + target
	}
	pw.printf("\n%s inflicts (%s)\n", name, what)
	tags := tagColumns(d)
	pw.printf("  %-10s %9s %9s", "count", "exactly", "or more")
	for _, t := range tags {
		pw.printf(" %11s", "with "+t)
	}
	pw.printf("\n")
	left := false
	for k := 0; k <= d.Max(); k++ {
		if k > 0 && d.AtLeast(k) < hidden {
			left = true
			break
		}
		label := fmt.Sprint(k)
		if d.Tail && k == d.Max() {
			label = fmt.Sprintf("%d or more", k)
		}
		more := ""
		if k > 0 {
			more = pct(d.AtLeast(k))
		}
		line := fmt.Sprintf("  %-10s %9s %9s", label, pct(d.Exactly(k)), more)
		for _, t := range tags {
			if k > 0 {
				line += fmt.Sprintf(" %11s", pct(d.WithTag(k, t)))
			}
		}
		pw.printf("%s\n", strings.TrimRight(line, " "))
	}
	if left {
		pw.printf("  (rows below 0.0005%% left out)\n")
	}
}

// tagColumns lists the tags worth a column: those that some failure can come
// without. A tag every failure carries (all of an E/M hit's rolls are EM)
// would only repeat "exactly", and the notes already name it.
func tagColumns(d odds.Dist) []string {
	var out []string
	for _, t := range d.Tags {
		for k := 1; k <= d.Max(); k++ {
			if math.Abs(d.WithTag(k, t)-d.Exactly(k)) > 1e-12 {
				out = append(out, t)
				break
			}
		}
	}
	return out
}
