package match

import (
	"context"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// Inspect calls fn with match id's live state and seq, under the match's
// lock, for the questions the API answers from the state itself rather
// than from a viewer's observation (the table's scenery, the odds of a menu
// entry). fn must neither change the state nor keep it past its return;
// what it hands back to a client is its own to keep private.
func (a *Authority) Inspect(ctx context.Context, id string, fn func(st rules.State, seq int) error) error {
	l, err := a.get(ctx, id)
	if err != nil {
		return err
	}
	defer l.mu.Unlock()
	return fn(l.st, len(l.log))
}

// StateAt rebuilds match id as it stood after its first n entries, by
// replaying them with their recorded dice from the setup (for stepping
// through a replay). n past the log is the log's end.
func (a *Authority) StateAt(ctx context.Context, id string, n int) (rules.State, int, error) {
	l, err := a.get(ctx, id)
	if err != nil {
		return nil, 0, err
	}
	rec, rs, total := l.rec, l.rs, len(l.log)
	l.mu.Unlock()
	n = min(max(n, 0), total)
	file := rec.ScenarioName
	if file == "" {
		file = "scenario"
	}
	_, _, st, err := a.lib.setup(file, rec.Scenario, rec.Rulings)
	if err != nil {
		return nil, 0, errorf(CodeCorrupt, "", "match %s no longer sets up: %v", id, err)
	}
	es, err := a.store.Entries(ctx, id, 0)
	if err != nil {
		return nil, 0, unavailable(err)
	}
	for _, e := range es[:min(n, len(es))] {
		act, err := rs.DecodeAction(e.Action)
		if err != nil {
			return nil, 0, errorf(CodeCorrupt, "", "match %s entry %d: %v", id, e.Seq, err)
		}
		script, err := dice.NewScript(e.Dice...)
		if err != nil {
			return nil, 0, errorf(CodeCorrupt, "", "match %s entry %d: %v", id, e.Seq, err)
		}
		if _, err := st.Apply(rules.Seat(e.Seat), act, script); err != nil {
			return nil, 0, errorf(CodeCorrupt, "", "match %s entry %d does not replay: %v", id, e.Seq, err)
		}
	}
	return st, total, nil
}
