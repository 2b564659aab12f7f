// Package rulestest is the conformance suite every Ordo ruleset must pass.
// It plays seeded random games through the rules kernel and, at every step,
// checks the kernel's promises: a state survives a JSON round trip; Clone
// then Apply equals Apply; replaying the log from the setup reproduces the
// live state; Legal offers moves exactly to the seats the Prompt names; an
// illegal action is refused and changes nothing; reading a state (Prompt,
// Legal, Observe) and a refused action leave it deep-equal to a clone taken
// before, unexported fields included; the same seed plays the same game and
// shows every viewer the same actions and events; and no private fact leaks
// to another viewer.
package rulestest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// Options tune the suite.
type Options struct {
	// Playouts is the number of seeded random games (default 50).
	Playouts int
	// MaxSteps bounds one game (default 2000); a game still running then is
	// a failure, since every game must end.
	MaxSteps int
	// Seed is the first playout's seed; playout i uses Seed+i.
	Seed uint64
	// ReplayEvery replays the whole log every this many steps (default 1:
	// every step); the last step is always replayed.
	ReplayEvery int
	// RedactEvery: the second play of each seed redacts the action and
	// the events of every this many steps for every viewer, as the first
	// play does at every step, and the two must match byte for byte
	// (default: ReplayEvery's cadence, and every step under ORDO_LONG=1).
	RedactEvery int
	// TwinEvery runs the counterfactual leak check (rules.TwinMaker) every
	// this many steps (default 1: every step; negative: never, for tests
	// that prove another check fires on its own).
	TwinEvery int
	// SkipPure leaves out the purity check ("pure"), for a ruleset that
	// does not meet it yet. Every ruleset should.
	SkipPure bool
}

func (o Options) withDefaults() Options {
	if o.Playouts <= 0 {
		o.Playouts = 50
	}
	if o.MaxSteps <= 0 {
		o.MaxSteps = 2000
	}
	if o.ReplayEvery <= 0 {
		o.ReplayEvery = 1
	}
	if o.RedactEvery <= 0 {
		o.RedactEvery = testenv.Count(o.ReplayEvery, 1)
	}
	if o.TwinEvery == 0 {
		o.TwinEvery = 1
	}
	return o
}

// Run runs the suite as a test.
func Run(t *testing.T, rs rules.Ruleset, sc *scenario.Scenario, opt Options) {
	t.Helper()
	if err := Check(rs, sc, opt); err != nil {
		t.Fatal(err)
	}
}

// Violation is a broken promise, with where it happened.
type Violation struct {
	Playout int
	Step    int
	Check   string // "round-trip", "clone", "replay", "legal", "illegal", "pure", "leak", "counterfactual", "determinism", "ends", "setup"
	Detail  string
}

func (v *Violation) Error() string {
	return fmt.Sprintf("rulestest: playout %d step %d: %s: %s", v.Playout, v.Step, v.Check, v.Detail)
}

// Check runs the suite and returns the first violation, or nil. It is Run
// without a *testing.T, so that tests can prove the suite fails on a broken
// ruleset.
func Check(rs rules.Ruleset, sc *scenario.Scenario, opt Options) error {
	opt = opt.withDefaults()
	rulings, err := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
	if err != nil {
		return &Violation{Check: "setup", Detail: err.Error()}
	}
	seats := []rules.Seat{rules.ChanceSeat}
	for _, s := range sc.Sides {
		seats = append(seats, rules.Seat(s.Seat))
	}
	var failed atomic.Int64 // the lowest failing playout so far, or Playouts
	failed.Store(int64(opt.Playouts))
	playout := func(i int) error {
		// A playout after one that failed is abandoned at its next step:
		// the violation reported is the lowest playout's, so its result
		// would not be read.
		abandoned := func() bool { return int64(i) > failed.Load() }
		g := &game{rs: rs, sc: sc, rulings: rulings, seats: seats, opt: opt, playout: i, abandoned: abandoned}
		first, err := g.play(opt.Seed + uint64(i))
		if err != nil {
			return err
		}
		// The same seed must play the same game, byte for byte, and show
		// it to every viewer the same way. The second play only plays
		// (see game.light) once the purity check has held the reads to
		// changing nothing.
		again := &game{rs: rs, sc: sc, rulings: rulings, seats: seats, opt: opt, playout: i, abandoned: abandoned, light: !opt.SkipPure, shownFirst: g.shown}
		second, err := again.play(opt.Seed + uint64(i))
		if err != nil {
			return err
		}
		if !bytes.Equal(first, second) {
			return &Violation{Playout: i, Check: "determinism", Detail: "the same seed played two different games"}
		}
		return nil
	}
	// Playouts are independent games, each from its own Setup, so they
	// run side by side, one worker per processor. The violation reported
	// is still the one of the lowest playout that fails, as if they ran in
	// order: once playout k fails, no playout after k is started, one
	// after k already under way stops at its next step, and every one
	// before k runs to its end.
	errs := make([]error, opt.Playouts)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), opt.Playouts) {
		wg.Go(func() {
			for {
				i := next.Add(1) - 1
				if i >= int64(opt.Playouts) || i > failed.Load() {
					return
				}
				if errs[i] = playout(int(i)); errs[i] != nil {
					for f := failed.Load(); i < f && !failed.CompareAndSwap(f, i); f = failed.Load() {
					}
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil && err != errAbandoned {
			return err
		}
	}
	return nil
}

// errAbandoned ends a playout that comes after one that failed.
var errAbandoned = errors.New("rulestest: playout abandoned after an earlier one failed")

// game is one playout in progress.
type game struct {
	rs      rules.Ruleset
	sc      *scenario.Scenario
	rulings rules.Rulings
	seats   []rules.Seat
	opt     Options
	playout int
	// abandoned reports that an earlier playout failed, so that this one's
	// result will not be read.
	abandoned func() bool
	// light plays the game without checking it: the second play of a
	// seed, for the determinism check, which compares only its log and
	// final state with the first play's. Every check of a step is
	// deterministic in the state and the seed, so running them again on
	// the same game could only repeat the first play's verdicts; when the
	// games differ, the bytes differ. The light play still draws from the
	// playout's generator exactly where a checked play does (the illegal
	// action tried), so that the same seed plays the same moves. It does
	// redact every RedactEvery'th step for every viewer, to compare what
	// they are shown with the first play (see stepShown). It needs
	// the purity check: reads skipped here must not have changed the
	// first play's state.
	light bool
	// shown is a digest of what each viewer was shown of each step (the
	// action as sent and the events, redacted), viewer after viewer, step
	// after step: recorded by the checked play; shownFirst is the checked
	// play's, which the light play compares its own redactions with.
	shown, shownFirst []uint64
	canaries          []rules.Canary
	log               []rules.Entry
}

func (g *game) fail(step int, check, format string, args ...any) error {
	return &Violation{Playout: g.playout, Step: step, Check: check, Detail: fmt.Sprintf(format, args...)}
}

// setup builds the opening state, with canaries planted in private facts.
func (g *game) setup() (rules.State, error) {
	st, err := g.rs.Setup(g.sc, g.rulings)
	if err != nil {
		return nil, err
	}
	if p, ok := st.(rules.CanaryPlanter); ok {
		g.canaries = p.PlantCanaries(fmt.Sprintf("CANARY-%d-", g.playout))
	}
	return st, nil
}

// encoded is a state's JSON, or why it has none.
type encoded struct {
	data []byte
	err  error
}

func encode(st rules.State) encoded {
	b, err := json.Marshal(st)
	return encoded{b, err}
}

// play runs one seeded game and returns its log and final state as JSON.
//
// A state is encoded once, and its bytes stand for it in every check that
// compares it until the next Apply: the state a step leaves is encoded
// where the clone check compares it, and the same bytes serve the replay
// comparison, the next step's round trip, the "before" of its illegal and
// clone checks, and the final state of the determinism check. The state is
// encoded again only where a check looks for a change: after a refused
// action, and after an action applied to its clone. This leans on the
// promise of rules.State that no method but Apply changes a state, which
// the purity check holds Prompt, Legal and Observe to; a
// ruleset whose Redact broke it still fails, but
// under the illegal or clone check (the first to compare the state after
// those calls) rather than under replay, which never makes them.
func (g *game) play(seed uint64) ([]byte, error) {
	st, err := g.setup()
	if err != nil {
		return nil, g.fail(0, "setup", "%v", err)
	}
	enc := encode(st)
	rng := rand.New(rand.NewPCG(seed, 0x07d0))
	src := dice.NewPCG(seed, 0xd1ce)
	for step := 0; ; step++ {
		if g.abandoned != nil && g.abandoned() {
			return nil, errAbandoned
		}
		if step >= g.opt.MaxSteps {
			return nil, g.fail(step, "ends", "the game did not end within %d steps", g.opt.MaxSteps)
		}
		if g.light {
			if st.Prompt().Kind == rules.GameOver {
				break
			}
			seat, a, err := rules.RandomLegal(st, rng)
			if err != nil {
				return nil, g.fail(step, "legal", "%v", err)
			}
			if bad := g.illegalAttempts(st, g.menus(st)); len(bad) > 0 {
				rng.IntN(len(bad)) // the checked play's draw of the illegal action tried
			}
			redact := step%g.opt.RedactEvery == 0
			var acts [][]byte
			if redact {
				if acts, err = g.actionShown(step, st, seat, a); err != nil {
					return nil, err
				}
			}
			entry, events, err := rules.Step(st, len(g.log), seat, a, src)
			if err != nil {
				return nil, g.fail(step, "determinism", "legal action %s by %s refused in the second play of the seed: %v", a.Kind(), seat, err)
			}
			g.log = append(g.log, entry)
			if redact {
				if err := g.sameShown(step, st, seat, a, acts, events); err != nil {
					return nil, err
				}
			}
			continue
		}
		var before rules.State
		if !g.opt.SkipPure {
			before = st.Clone()
			if !reflect.DeepEqual(before, st) {
				return nil, g.fail(step, "pure", "Clone is not deep-equal to the state it copies")
			}
		}
		menus, err := g.checkState(step, st, enc)
		if err != nil {
			return nil, err
		}
		if !g.opt.SkipPure && !reflect.DeepEqual(before, st) {
			return nil, g.fail(step, "pure", "Prompt, Legal or Observe changed the state")
		}
		if st.Prompt().Kind == rules.GameOver {
			break
		}
		seat, a, err := rules.RandomLegal(st, rng)
		if err != nil {
			return nil, g.fail(step, "legal", "%v", err)
		}
		if err := g.checkIllegal(step, st, menus, enc.data, rng); err != nil {
			return nil, err
		}
		if g.opt.TwinEvery > 0 && step%g.opt.TwinEvery == 0 {
			if err := g.checkTwins(step, st, seed, seat, a); err != nil {
				return nil, err
			}
		}
		next, nextEnc, err := g.checkClone(step, st, enc.data, seat, a, src)
		if err != nil {
			return nil, err
		}
		st, enc = next, nextEnc
		if step%g.opt.ReplayEvery == 0 {
			if err := g.checkReplay(step, enc.data); err != nil {
				return nil, err
			}
		}
	}
	if g.light {
		enc = encode(st)
	} else if err := g.checkReplay(len(g.log), enc.data); err != nil {
		return nil, err
	}
	logJSON, err := json.Marshal(g.log)
	if err != nil {
		return nil, g.fail(len(g.log), "round-trip", "log does not encode: %v", err)
	}
	if enc.err != nil {
		return nil, g.fail(len(g.log), "round-trip", "state does not encode: %v", enc.err)
	}
	return append(logJSON, enc.data...), nil
}

// checkState: JSON round trip, Legal against Prompt, and the leak check on
// every viewer's observation. enc is st encoded. It returns each seat's
// menu (see menus), which the illegal check reads rather than asking
// Legal again of the same state.
func (g *game) checkState(step int, st rules.State, enc encoded) ([][]rules.Option, error) {
	b1, err := enc.data, enc.err
	if err != nil {
		return nil, g.fail(step, "round-trip", "state does not encode: %v", err)
	}
	back, err := g.rs.DecodeState(b1)
	if err != nil {
		return nil, g.fail(step, "round-trip", "state does not decode: %v", err)
	}
	b2, err := json.Marshal(back)
	if err != nil || !bytes.Equal(b1, b2) {
		return nil, g.fail(step, "round-trip", "state changed through JSON:\n%s\n%s", b1, b2)
	}
	p := st.Prompt()
	menus := g.menus(st)
	for i, seat := range g.seats {
		n := 0
		for _, o := range menus[i] {
			if o.Illegal == nil {
				n++
			}
		}
		if want := p.Waits(seat); want != (n > 0) {
			return nil, g.fail(step, "legal", "seat %s has %d legal actions, prompt %+v", seat, n, p)
		}
	}
	for _, v := range g.viewers() {
		obs, err := json.Marshal(st.Observe(v))
		if err != nil {
			return nil, g.fail(step, "leak", "observation for %s does not encode: %v", v, err)
		}
		if c, ok := g.leaked(st, obs, v); ok {
			return nil, g.fail(step, "leak", "%s sees %s's private %q in its observation", v, c.Owner, c.Value)
		}
	}
	return menus, nil
}

// viewers is every seat's player view and the spectator's.
func (g *game) viewers() []rules.Viewer {
	vs := []rules.Viewer{rules.Spectator()}
	for _, s := range g.seats {
		if s != rules.ChanceSeat {
			vs = append(vs, rules.PlayerView(s))
		}
	}
	return vs
}

// leaked reports a canary that v may not see but data contains. A canary
// the state has revealed (rules.CanaryPublisher) is no longer guarded.
func (g *game) leaked(st rules.State, data []byte, v rules.Viewer) (rules.Canary, bool) {
	pub, _ := st.(rules.CanaryPublisher)
	for _, c := range g.canaries {
		if v.Sees(c.Owner) || !bytes.Contains(data, []byte(c.Value)) {
			continue
		}
		if pub != nil && pub.CanaryPublic(c.Value) {
			continue
		}
		return c, true
	}
	return rules.Canary{}, false
}

// attempt is an action sent by a seat.
type attempt struct {
	seat rules.Seat
	a    rules.Action
}

// menus is each seat's menu (Legal), in the order of g.seats.
func (g *game) menus(st rules.State) [][]rules.Option {
	out := make([][]rules.Option, len(g.seats))
	for i, seat := range g.seats {
		out[i] = st.Legal(seat)
	}
	return out
}

// illegalAttempts lists the actions a seat may not send now: every greyed
// menu entry, and a legal move of each prompted seat sent by a seat the
// prompt does not name. menus is st's (see menus).
func (g *game) illegalAttempts(st rules.State, menus [][]rules.Option) []attempt {
	var bad []attempt
	p := st.Prompt()
	for i, seat := range g.seats {
		for _, o := range menus[i] {
			if o.Illegal != nil {
				bad = append(bad, attempt{seat, o.Action})
			}
		}
	}
	// A prompted seat's move sent by a seat that is not prompted.
	for _, seat := range p.Seats {
		var menu []rules.Option
		if i := slices.Index(g.seats, seat); i >= 0 {
			menu = menus[i]
		} else {
			menu = st.Legal(seat) // a seat the scenario does not have
		}
		for _, o := range menu {
			if o.Illegal != nil {
				continue
			}
			for _, other := range g.seats {
				if !p.Waits(other) {
					bad = append(bad, attempt{other, o.Action})
				}
			}
			break
		}
	}
	return bad
}

// checkIllegal sends an action the seat may not send now — a greyed menu
// entry, or a legal move of a seat the prompt does not name — and expects a
// refusal that changes nothing. before is st encoded.
func (g *game) checkIllegal(step int, st rules.State, menus [][]rules.Option, before []byte, rng *rand.Rand) error {
	bad := g.illegalAttempts(st, menus)
	if len(bad) == 0 {
		return nil
	}
	p := st.Prompt()
	try := bad[rng.IntN(len(bad))]
	script, _ := dice.NewScript(slices.Repeat([]int{10}, 64)...)
	var pure rules.State
	if !g.opt.SkipPure {
		pure = st.Clone()
	}
	_, err := st.Apply(try.seat, try.a, script)
	after, _ := json.Marshal(st)
	if err == nil {
		return g.fail(step, "illegal", "%s by %s was accepted; the prompt was %+v", try.a.Kind(), try.seat, p)
	}
	var re *rules.RuleError
	if !errors.As(err, &re) {
		return g.fail(step, "illegal", "%s by %s refused without a *rules.RuleError: %v", try.a.Kind(), try.seat, err)
	}
	if !bytes.Equal(before, after) {
		return g.fail(step, "illegal", "refused %s by %s changed the state", try.a.Kind(), try.seat)
	}
	if !g.opt.SkipPure && !reflect.DeepEqual(pure, st) {
		return g.fail(step, "pure", "refused %s by %s changed the state's value (not its JSON)", try.a.Kind(), try.seat)
	}
	return nil
}

// checkClone applies a to a clone first, checks the original did not move,
// then applies it to the original with the same dice and compares; it
// returns the advanced state, encoded, and logs the step. before is st
// encoded.
func (g *game) checkClone(step int, st rules.State, before []byte, seat rules.Seat, a rules.Action, src dice.Source) (rules.State, encoded, error) {
	clone := st.Clone()
	entry, events, err := rules.Step(clone, len(g.log), seat, a, src)
	if err != nil {
		return nil, encoded{}, g.fail(step, "legal", "legal action %s by %s refused: %v", a.Kind(), seat, err)
	}
	// The action as each viewer sees it is asked of the state before it
	// is applied, and checked for canaries after (what the action reveals
	// is public by then).
	acts, err := g.actionShown(step, st, seat, a)
	if err != nil {
		return nil, encoded{}, err
	}
	if after, _ := json.Marshal(st); !bytes.Equal(before, after) {
		return nil, encoded{}, g.fail(step, "clone", "applying %s to a clone, or redacting it, changed the original", a.Kind())
	}
	script, err := dice.NewScript(entry.Dice...)
	if err != nil {
		return nil, encoded{}, g.fail(step, "clone", "%v", err)
	}
	if _, err := st.Apply(seat, a, script); err != nil {
		return nil, encoded{}, g.fail(step, "clone", "%s applied to the clone but not to the original: %v", a.Kind(), err)
	}
	enc := encode(st)
	b1 := enc.data
	b2, _ := json.Marshal(clone)
	if !bytes.Equal(b1, b2) || script.Remaining() != 0 {
		return nil, encoded{}, g.fail(step, "clone", "Clone then Apply differs from Apply (%s by %s):\n%s\n%s", a.Kind(), seat, b1, b2)
	}
	digests, err := g.stepShown(step, st, seat, a, acts, events)
	if err != nil {
		return nil, encoded{}, err
	}
	g.shown = append(g.shown, digests...)
	if g.shownFirst != nil {
		// The second play of a seed, checked in full under SkipPure.
		if err := g.shownAsFirst(step, seat, a, digests); err != nil {
			return nil, encoded{}, err
		}
	}
	g.log = append(g.log, entry)
	return st, enc, nil
}

// actionShown is action a, sent by seat to st, as each viewer is shown it
// (RedactAction, asked before a is applied), encoded, in g.viewers' order;
// nil for a viewer not shown it.
func (g *game) actionShown(step int, st rules.State, seat rules.Seat, a rules.Action) ([][]byte, error) {
	var shown [][]byte
	for _, v := range g.viewers() {
		red, ok := st.RedactAction(seat, a, v)
		r, direct := st.(rules.JSONRedactor)
		if !ok {
			if direct {
				if b, ok, err := r.RedactActionJSON(seat, a, v); ok || err != nil {
					return nil, g.fail(step, "leak", "action %s for %s: RedactAction hides it, RedactActionJSON gives %s (%v)", a.Kind(), v, b, err)
				}
			}
			shown = append(shown, nil)
			continue
		}
		data, err := rules.Encode(red)
		if err != nil {
			return nil, g.fail(step, "leak", "action %s redacted for %s does not encode: %v", a.Kind(), v, err)
		}
		// A server takes the encoded redaction where the state gives it
		// (rules.JSONRedactor): it must be RedactAction's, byte for byte.
		if direct {
			if b, ok, err := r.RedactActionJSON(seat, a, v); err != nil || !ok || !bytes.Equal(b, data) {
				return nil, g.fail(step, "leak", "action %s for %s: RedactActionJSON gives %s (%v, %v), RedactAction %s", a.Kind(), v, b, ok, err, data)
			}
		}
		shown = append(shown, data)
	}
	return shown, nil
}

// stepShown checks what each viewer is shown of a step for canaries: the
// action as actionShown gave it (acts) and the step's events, redacted by
// st, the state after the step. It returns a digest of both per viewer, in
// g.viewers' order, which the second play of the seed must reproduce.
func (g *game) stepShown(step int, st rules.State, seat rules.Seat, a rules.Action, acts [][]byte, events []rules.Event) ([]uint64, error) {
	viewers := g.viewers()
	digests := make([]uint64, len(viewers))
	h := fnv.New64a()
	for i, v := range viewers {
		if c, ok := g.leaked(st, acts[i], v); ok {
			return nil, g.fail(step, "leak", "%s sees %s's private %q in the action %s by %s", v, c.Owner, c.Value, a.Kind(), seat)
		}
		h.Reset()
		// 0 ends a shown item, 1 stands for one not shown: neither is in
		// JSON.
		if acts[i] == nil {
			h.Write([]byte{1})
		} else {
			h.Write(acts[i])
			h.Write([]byte{0})
		}
		for _, e := range events {
			red, ok := st.Redact(e, v)
			if !ok {
				if r, is := st.(rules.JSONRedactor); is {
					if direct, ok, err := r.RedactJSON(e, v); ok || err != nil {
						return nil, g.fail(step, "leak", "event %s for %s: Redact hides it, RedactJSON gives %s (%v)", e.Kind(), v, direct, err)
					}
				}
				h.Write([]byte{1})
				continue
			}
			data, err := rules.Encode(red)
			if err != nil {
				return nil, g.fail(step, "leak", "event %s does not encode: %v", e.Kind(), err)
			}
			// A server takes the encoded redaction where the state gives it
			// (rules.JSONRedactor): it must be Redact's, byte for byte.
			if r, is := st.(rules.JSONRedactor); is {
				if direct, ok, err := r.RedactJSON(e, v); err != nil || !ok || !bytes.Equal(direct, data) {
					return nil, g.fail(step, "leak", "event %s for %s: RedactJSON gives %s (%v, %v), Redact %s", e.Kind(), v, direct, ok, err, data)
				}
			}
			if c, ok := g.leaked(st, data, v); ok {
				return nil, g.fail(step, "leak", "%s sees %s's private %q in event %s", v, c.Owner, c.Value, e.Kind())
			}
			h.Write(data)
			h.Write([]byte{0})
		}
		digests[i] = h.Sum64()
	}
	return digests, nil
}

// sameShown redacts a step of the second play of a seed for every viewer
// (see stepShown) and compares it with what the first play showed at
// that step.
func (g *game) sameShown(step int, st rules.State, seat rules.Seat, a rules.Action, acts [][]byte, events []rules.Event) error {
	digests, err := g.stepShown(step, st, seat, a, acts, events)
	if err != nil {
		return err
	}
	return g.shownAsFirst(step, seat, a, digests)
}

// shownAsFirst compares digests, what each viewer is shown of a step of
// the second play of a seed, with the first play's.
func (g *game) shownAsFirst(step int, seat rules.Seat, a rules.Action, digests []uint64) error {
	from := step * len(digests)
	for i, v := range g.viewers() {
		if from+i >= len(g.shownFirst) || g.shownFirst[from+i] != digests[i] {
			return g.fail(step, "determinism", "the same seed showed %s the action %s by %s or its events differently in two plays (RedactAction or Redact)", v, a.Kind(), seat)
		}
	}
	return nil
}

// checkReplay rebuilds the state from the setup and the log, with no random
// generator, and compares it with the live state, of which b1 is the JSON.
func (g *game) checkReplay(step int, b1 []byte) error {
	fresh, err := g.setup()
	if err != nil {
		return g.fail(step, "replay", "setup: %v", err)
	}
	// The log travels as JSON: replay what a store would hold.
	data, err := json.Marshal(g.log)
	if err != nil {
		return g.fail(step, "replay", "log does not encode: %v", err)
	}
	var log []rules.Entry
	if err := json.Unmarshal(data, &log); err != nil {
		return g.fail(step, "replay", "log does not decode: %v", err)
	}
	replayed, err := rules.Replay(g.rs, fresh, log)
	if err != nil {
		return g.fail(step, "replay", "%v", err)
	}
	b2, _ := json.Marshal(replayed)
	if !bytes.Equal(b1, b2) {
		return g.fail(step, "replay", "replaying the log differs from the live state:\n%s\n%s", b1, b2)
	}
	return nil
}

// checkTwins is the counterfactual leak check: for each seat whose private
// facts the state can vary (rules.TwinMaker), a twin that differs only in
// them must look the same to every viewer who may not see them — now, in
// the next step (seat sending a), and after it. st is not changed.
func (g *game) checkTwins(step int, st rules.State, seed uint64, seat rules.Seat, a rules.Action) error {
	tm, ok := st.(rules.TwinMaker)
	if !ok {
		return nil
	}
	// The twins are drawn from their own generator, so that the check
	// changes nothing in the playout.
	rng := rand.New(rand.NewPCG(seed, uint64(step)))
	for _, owner := range g.seats {
		if owner == rules.ChanceSeat {
			continue
		}
		twin, ta, ok := tm.Twin(owner, seat, a, rng)
		if !ok {
			continue
		}
		var others []rules.Viewer
		for _, v := range g.viewers() {
			if !v.Sees(owner) {
				others = append(others, v)
			}
		}
		fail := func(v rules.Viewer, what string, x, y []byte) error {
			x, y = difference(x, y)
			return g.fail(step, "counterfactual", "%s tells apart two states that differ only in %s's private facts, by %s (next: %s by %s):\n%s\n%s", v, owner, what, a.Kind(), seat, x, y)
		}
		for _, v := range others {
			x, y := viewOf(st, v), viewOf(twin, v)
			if !bytes.Equal(x, y) {
				return fail(v, "what it is shown (prompt, observation, menu)", x, y)
			}
			x, y = redactedAction(st, seat, a, v), redactedAction(twin, seat, ta, v)
			if !bytes.Equal(x, y) {
				return fail(v, "the next action", x, y)
			}
		}
		// The next step, with the same dice: the dice a step takes are
		// public (the log shows them).
		orig := st.Clone()
		entry, events, err := rules.Step(orig, 0, seat, a, dice.NewPCG(seed, uint64(step)))
		if err != nil {
			return g.fail(step, "counterfactual", "legal action %s by %s refused on a clone: %v", a.Kind(), seat, err)
		}
		script, err := dice.NewScript(entry.Dice...)
		if err != nil {
			return g.fail(step, "counterfactual", "%v", err)
		}
		twinEvents, err := twin.Apply(seat, ta, script)
		if err != nil {
			return fail(others[0], "whether the next action is accepted", []byte("accepted"), []byte(err.Error()))
		}
		if n := script.Remaining(); n != 0 {
			return fail(others[0], "the dice the next action takes", fmt.Appendf(nil, "%v", entry.Dice), fmt.Appendf(nil, "%d fewer", n))
		}
		for _, v := range others {
			x, y := redactedEvents(orig, events, v), redactedEvents(twin, twinEvents, v)
			if !bytes.Equal(x, y) {
				return fail(v, "the events of the next step", x, y)
			}
			x, y = viewOf(orig, v), viewOf(twin, v)
			if !bytes.Equal(x, y) {
				return fail(v, "what it is shown after the next step", x, y)
			}
		}
	}
	return nil
}

// viewOf is everything v is shown of st: the prompt, its observation and,
// for a player, its seat's menu.
func viewOf(st rules.State, v rules.Viewer) []byte {
	doc := struct {
		Prompt  rules.Prompt   `json:"prompt"`
		Observe any            `json:"observe"`
		Legal   []rules.Option `json:"legal,omitempty"`
	}{Prompt: st.Prompt(), Observe: st.Observe(v)}
	if v.Role == rules.RolePlayer {
		doc.Legal = st.Legal(v.Seat)
	}
	return jsonOf(doc)
}

// redactedAction is a, sent by seat to st, as v sees it.
func redactedAction(st rules.State, seat rules.Seat, a rules.Action, v rules.Viewer) []byte {
	red, ok := st.RedactAction(seat, a, v)
	if !ok {
		return []byte("(not shown)")
	}
	return encodeKinded(red)
}

// redactedEvents are the events as v sees them, in order.
func redactedEvents(st rules.State, events []rules.Event, v rules.Viewer) []byte {
	var out [][]byte
	for _, e := range events {
		if red, ok := st.Redact(e, v); ok {
			out = append(out, encodeKinded(red))
		}
	}
	return bytes.Join(out, []byte("\n"))
}

// difference cuts x and y down to where they first differ, with some
// context, so that a violation shows the leak rather than two whole views.
func difference(x, y []byte) ([]byte, []byte) {
	const context = 200
	i := 0
	for i < len(x) && i < len(y) && x[i] == y[i] {
		i++
	}
	cut := func(b []byte) []byte {
		from, to := max(0, i-context), min(len(b), i+context)
		out := slices.Clone(b[from:to])
		if from > 0 {
			out = append([]byte("…"), out...)
		}
		if to < len(b) {
			out = append(out, "…"...)
		}
		return out
	}
	return cut(x), cut(y)
}

func encodeKinded(x rules.Kinded) []byte {
	b, err := rules.Encode(x)
	if err != nil {
		return fmt.Appendf(nil, "(%s does not encode: %v)", x.Kind(), err)
	}
	return b
}

func jsonOf(x any) []byte {
	b, err := json.Marshal(x)
	if err != nil {
		return fmt.Appendf(nil, "(does not encode: %v)", err)
	}
	return b
}
