package oddsterms

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
	} else if m.Hacking {
		pw.printf("%-9s %s\n", "Target", hackTarget(m.Reactive.Spec))
	} else {
		pw.printf("%-9s %s\n", "Target", targetText(m.Reactive.Spec))
	}

	pw.printf("\n%-10s %9s %16s\n", "Scores", "chance", "with a Critical")
	pw.printf("  %-8s %9s %16s\n", "Active", pct(r.A.Hits.Scores()), pct(r.A.Hits.Crits()))
	if m.TwoSides() {
		pw.printf("  %-8s %9s %16s\n", "Reactive", pct(r.B.Hits.Scores()), pct(r.B.Hits.Crits()))
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
	renderFalls(pw, target, m.Active, m.Reactive.Spec, r.A.Inflicts)
	if m.TwoSides() {
		renderInflicts(pw, "Reactive", "active side", m.Reactive, r.B.Inflicts)
		renderFalls(pw, "active side", m.Reactive, m.Active.Spec, r.B.Inflicts)
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

// renderPlan writes one side: its roll, then each kind of Saving Roll its
// hits force, then the notes.
func renderPlan(pw *printer, name string, p Plan) {
	if p.Hack != nil {
		renderHack(pw, name, p)
		return
	}
	if u := unitsText(p.Spec); u != "" {
		pw.printf("%-9s %s\n", name, u)
		name = ""
	}
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

// unitsText names the catalog trooper and weapon of a side, and the range:
// "fusilier with combi-rifle at 12\"".
func unitsText(s SideSpec) string {
	t := s.Trooper
	if s.Weapon != "" {
		if t != "" {
			t += " with "
		}
		t += s.Weapon
	}
	if s.Range != nil {
		t += " at " + fmtDistance(*s.Range) + "\""
	}
	return t
}

// targetText describes a side that does not roll.
func targetText(s SideSpec) string {
	t := fmt.Sprintf("ARM %d, BTS %d", deref(s.ARM), deref(s.BTS))
	if s.Trooper != "" {
		t = s.Trooper + ": " + t
	}
	if s.PH != nil {
		t += fmt.Sprintf(", PH %d", *s.PH)
	}
	if s.W != nil {
		t += fmt.Sprintf(", W %d", *s.W)
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
	// The bars are scaled to the likeliest row, so the shape shows even
	// when every row is small.
	top := 0.0
	for k := 0; k <= d.Max(); k++ {
		top = max(top, d.Exactly(k))
	}
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
			} else {
				line += fmt.Sprintf(" %11s", "")
			}
		}
		line += "  " + bar(d.Exactly(k), top)
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

// barWidth is the length of the bar of the likeliest row.
const barWidth = 30

// bar draws p as a row of '#', the likeliest row (top) at full width; a
// chance too small for one '#' but not zero gets a '.'.
func bar(p, top float64) string {
	if top <= 0 || p <= 0 {
		return ""
	}
	n := int(math.Round(p / top * barWidth))
	if n == 0 {
		return "."
	}
	return strings.Repeat("#", n)
}

// Fall is the chance that one side's attack makes the other fall
// (Unconscious or Dead: W/STR down to 0 or below, Wounds, Unconscious and
// Dead (N4)), when it can be worked out from the failed Saving Rolls.
type Fall struct {
	// W is the target's W/STR used: its w= word, or 1.
	W int `json:"w"`
	// Given says whether W came from the target's words.
	Given bool `json:"given"`
	// P is the chance that at least W Saving Rolls fail.
	P float64 `json:"p"`
}

// falls works out the Fall of target under p's attack. It has none when the
// attack forces no Saving Rolls, or when a failed Saving Roll does not
// remove exactly one W/STR (non-lethal ammunition, or T2's two), which the
// failed-roll counts alone cannot tell.
func falls(p Plan, target SideSpec, d odds.Dist) (Fall, bool) {
	if h := p.Hack; h != nil {
		// A program takes W/STR only if it says so: one per failed roll.
		if !h.Lethal || len(h.Saves) == 0 {
			return Fall{}, false
		}
	} else if p.Spec.Damage == nil || p.Ammo == nil || p.Ammo.NonLethal || p.Ammo.WoundsPerFail != 1 {
		return Fall{}, false
	}
	f := Fall{W: 1}
	if target.W != nil {
		f.W, f.Given = *target.W, true
	}
	f.P = d.AtLeast(f.W)
	return f, true
}

// renderFalls writes the chance that the target of p's attack falls.
func renderFalls(pw *printer, target string, p Plan, t SideSpec, d odds.Dist) {
	f, ok := falls(p, t, d)
	if !ok {
		return
	}
	w := fmt.Sprintf("W %d", f.W)
	if !f.Given {
		w += "; give w=N for another"
	}
	pw.printf("  the %s falls (Unconscious or Dead, %s): %s\n", target, w, strings.TrimSpace(pct(f.P)))
}
