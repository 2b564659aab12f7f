package match

import (
	"context"

	"github.com/ordo-rules/ordo/rules"
)

// Inspect calls fn with match id's live state and seq, under the match's
// lock, for the questions the API answers from the state itself rather
// than from a viewer's observation (the table's scenery, the odds of a menu
// entry). fn must neither change the state nor keep it past its return;
// what it hands back to a client is its own to keep private. A mission
// match waiting for its army lists has no table yet: CodeAwaitingArmies.
func (a *Authority) Inspect(ctx context.Context, id string, fn func(st rules.State, seq int) error) error {
	l, err := a.get(ctx, id)
	if err != nil {
		return err
	}
	defer l.mu.Unlock()
	if l.awaitingOf() != nil {
		return errorf(CodeAwaitingArmies, "", "match %s: the table is set when every seat's army list is in", id)
	}
	return fn(l.st, len(l.log))
}
