package oddsterms

import "github.com/ordo-rules/ordo/odds"

// Report is the JSON form of `ordo odds`, for tools: the inputs as given and
// as understood, the explained Success Values and Saving Rolls, a summary,
// and the full odds.Result.
type Report struct {
	Matchup
	Summary Summary     `json:"summary"`
	Result  odds.Result `json:"result"`
}

// Summary holds the headline probabilities of a Report.
type Summary struct {
	ActiveScores   float64 `json:"activeScores"`
	ReactiveScores float64 `json:"reactiveScores"`
	NobodyScores   float64 `json:"nobodyScores"`
	// Nothing is the probability that no side inflicts anything.
	Nothing float64 `json:"nothing"`
	// ReactiveFalls is the chance the active side's attack makes the
	// reactive side (or the target) fall, and ActiveFalls the other way;
	// absent when it cannot be worked out (see Fall).
	ReactiveFalls *Fall `json:"reactiveFalls,omitempty"`
	ActiveFalls   *Fall `json:"activeFalls,omitempty"`
}

// NewReport bundles a matchup and its result.
func NewReport(m Matchup, r odds.Result) Report {
	s := Summary{ActiveScores: r.A.Hits.Scores(), NobodyScores: r.NoHits, Nothing: r.Nothing}
	if f, ok := falls(m.Active, m.Reactive.Spec, r.A.Inflicts); ok {
		s.ReactiveFalls = &f
	}
	if m.TwoSides() {
		s.ReactiveScores = r.B.Hits.Scores()
		if f, ok := falls(m.Reactive, m.Active.Spec, r.B.Inflicts); ok {
			s.ActiveFalls = &f
		}
	}
	return Report{Matchup: m, Summary: s, Result: r}
}
