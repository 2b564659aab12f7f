package match_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
)

// Inspect hands the live state and its seq to a read-only question, and
// an unknown match is CodeNotFound.
func TestInspect(t *testing.T) {
	ctx := context.Background()
	a := newAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")))
	c, err := a.Create(ctx, match.CreateRequest{Name: "duel"})
	if err != nil {
		t.Fatal(err)
	}
	var width float64
	var seq int
	err = a.Inspect(ctx, c.ID, func(st rules.State, n int) error {
		width, seq = st.(*infinity.State).Table.Width, n
		return nil
	})
	if err != nil || width != 24 || seq != 0 {
		t.Fatalf("Inspect: width %v, seq %d, err %v; want the duel's 24\" table at seq 0", width, seq, err)
	}
	var me *match.Error
	if err := a.Inspect(ctx, "nope", func(rules.State, int) error { return nil }); !errors.As(err, &me) || me.Code != match.CodeNotFound {
		t.Fatalf("Inspect of no match: %v", err)
	}
}
