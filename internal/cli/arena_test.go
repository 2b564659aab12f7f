package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// ordo arena plays the games asked for and prints the count as JSON; bad
// input exits 2 saying what is wrong.
func TestArena(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"ordo", "arena", "duel", "--blue", "random", "--red", "random", "--games", "2", "--json"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	var res struct{ Games, Wins, Draws, Losses int }
	// mcts with a short search plays the same way.
	var mc bytes.Buffer
	if code := run([]string{"ordo", "arena", "duel", "--blue", "mcts", "--iterations", "5", "--games", "1"}, &mc, &errb); code != 0 || !strings.Contains(mc.String(), "mcts vs random") {
		t.Fatalf("mcts: exit %d, stderr %q, out %q", code, errb.String(), mc.String())
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil || res.Games != 2 || res.Wins+res.Draws+res.Losses != 2 {
		t.Fatalf("%v: %s", err, out.String())
	}
	for _, c := range []struct{ args, want string }{
		{"arena", "give one scenario"},
		{"arena demo --games 0", "--games 0"},
		{"arena demo --blue oracle", "unknown bot \"oracle\""},
		{"arena no-such-scenario", "no bundled scenario"},
		{"arena demo --blue mcts --budget 2h", "give 0 to"},
		{"arena demo --blue mcts --iterations -1", "give 0 to"},
	} {
		out.Reset()
		errb.Reset()
		if code := run(append([]string{"ordo"}, strings.Fields(c.args)...), &out, &errb); code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("ordo %s: exit %d, stderr %q, want 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
}

// ordo play --bot: a bot plays its seat in the random games, to the end;
// the same seed plays the same game; bad uses exit 2 saying why.
func TestPlayWithBot(t *testing.T) {
	var out, again, errb bytes.Buffer
	args := []string{"ordo", "play", "../../data/scenarios/demo.yaml", "--random", "1", "--seed", "3", "--bot", "red=greedy"}
	if code := run(args, &out, &errb); code != 0 || !strings.Contains(out.String(), "game over") {
		t.Fatalf("exit %d, stderr %q, log ends %q", code, errb.String(), out.String()[max(0, out.Len()-200):])
	}
	if run(args, &again, &errb); again.String() != out.String() {
		t.Error("the same seed played two games")
	}
	for _, c := range []struct{ args, want string }{
		{"--bot red=greedy", "give --random N"},
		{"--random 1 --bot green=greedy", "no such seat"},
		{"--random 1 --bot red=oracle", "unknown bot"},
		{"--random 1 --bot red", "give SEAT=BOT"},
	} {
		errb.Reset()
		argv := append([]string{"ordo", "play", "../../data/scenarios/demo.yaml"}, strings.Fields(c.args)...)
		if code := run(argv, &out, &errb); code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%s: exit %d, stderr %q, want 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
}
