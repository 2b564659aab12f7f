package cli

import (
	"bytes"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/server"
)

// ordo serve's per-address bounds are flags, for a server behind a
// reverse proxy (where every client has the proxy's address), and so are
// the computer players' (bots thinking at once, an mcts decision's wall
// time): the defaults are the server's, the flags reach its
// configuration, and a bound under 1 is refused before anything starts.
func TestServeFlagsPerClientBounds(t *testing.T) {
	var out, errb bytes.Buffer
	cfg, code := parseServe(nil, &out, &errb)
	if code != -1 || cfg.Server.FeedsPerClient != server.DefaultFeedsPerClient || cfg.Server.CreateBurst != server.DefaultCreateBurst || cfg.Server.SpectatorChat != server.DefaultSpectatorChat {
		t.Fatalf("the defaults: exit %d, %+v, stderr %q", code, cfg.Server, errb.String())
	}
	cfg, code = parseServe([]string{"--feeds-per-client", "500", "--create-burst", "2000"}, &out, &errb)
	if code != -1 || cfg.Server.FeedsPerClient != 500 || cfg.Server.CreateBurst != 2000 {
		t.Fatalf("--feeds-per-client 500 --create-burst 2000: exit %d, %+v", code, cfg.Server)
	}
	cfg, code = parseServe([]string{"--spectator-chat", "300"}, &out, &errb)
	if code != -1 || cfg.Server.SpectatorChat != 300 {
		t.Fatalf("--spectator-chat 300: exit %d, %+v", code, cfg.Server)
	}
	cfg, code = parseServe([]string{"--bots-thinking", "4", "--bot-budget", "500ms"}, &out, &errb)
	if code != -1 || cfg.Server.BotsThinking != 4 || cfg.Server.BotBudget != 500*time.Millisecond {
		t.Fatalf("--bots-thinking 4 --bot-budget 500ms: exit %d, %+v", code, cfg.Server)
	}
	for _, args := range [][]string{{"--feeds-per-client", "0"}, {"--create-burst", "-1"}, {"--spectator-chat", "0"}, {"--spectator-chat", "1001"}, {"--bots-thinking", "0"}, {"--bot-budget", "0s"}, {"--bot-budget", "2h"}} {
		errb.Reset()
		if _, code := parseServe(args, &out, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and why", args, code, errb.String())
		}
	}
}
