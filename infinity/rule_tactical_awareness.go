package infinity

// Tactical Awareness (N4), as the Infinity wiki's N4 revision of the page
// gives it (docs/RULES.md): an Automatic Skill that gives its user an
// extra Irregular Order, its own, beside the one its Training gives (to the
// pool if Regular, its own if Irregular). The Order Count places it when
// the user is on the table as a Model or a Marker — not in Hidden
// Deployment, not in reserve for an Airborne Deployment — and Null
// troopers, as ever, count nothing. Isolated does not take it away (N4 FAQ
// 1.3), and nothing turns it into a Regular Order.

// tacticalAwareness is the extra Irregular Order trooper t (counted in the
// Order Count, so on the table and not Null) gets: 1 with Tactical
// Awareness as a Model or a Marker, 0 otherwise.
func (s *State) tacticalAwareness(t int) int {
	tr := &s.Troopers[t]
	if tr.States.Hidden || tr.States.Reserve || !s.profile(t).HasSkill("Tactical Awareness") {
		return 0
	}
	return 1
}
