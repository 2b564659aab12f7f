package match_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/store"
)

// readCounting counts the match records read from the store.
type readCounting struct {
	store.Store
	reads atomic.Int64
}

func (s *readCounting) Match(ctx context.Context, id string) (*store.Match, error) {
	s.reads.Add(1)
	return s.Store.Match(ctx, id)
}

// A flood of wrong tokens on a match with an open seat reads the store at
// most once a second, not once a token: a seat open here may have been
// taken on another server, and a token of it is still found.
func TestWrongTokensOnAnOpenSeatReadTheStoreBoundedly(t *testing.T) {
	ctx := context.Background()
	s := &readCounting{Store: openStore(t, filepath.Join(t.TempDir(), "m.db"))}
	clk := newClock()
	a := memAuthority(t, s, clk, match.Memory{})
	other := memAuthority(t, s, clk, match.Memory{})
	c, err := a.Create(ctx, match.CreateRequest{Name: "duel", Open: []string{"red"}})
	if err != nil {
		t.Fatal(err)
	}
	before := s.reads.Load()
	for range 200 {
		_, err := a.Authenticate(ctx, c.ID, "not-a-token")
		var e *match.Error
		if !errors.As(err, &e) || e.Code != match.CodeForbidden {
			t.Fatalf("a wrong token: %v", err)
		}
	}
	if n := s.reads.Load() - before; n > 1 {
		t.Fatalf("200 wrong tokens read the match from the store %d times", n)
	}
	// red's seat taken on the other server is found here a second on.
	sec, err := other.Join(ctx, c.ID, "red")
	if err != nil {
		t.Fatal(err)
	}
	clk.advance(time.Second)
	if seat, err := a.Authenticate(ctx, c.ID, sec.Token); err != nil || seat != "red" {
		t.Fatalf("red's token from the other server: %s, %v", seat, err)
	}
}
