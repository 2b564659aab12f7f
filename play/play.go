// Package play runs a scenario headless: it sets the game up, applies the
// scenario's script with its forced dice (or plays seeded random games
// choosing among the legal actions), checks the script's expectations, and
// writes the adjudicated log as one viewer sees it — one readable line per
// event, or JSON Lines for tools. It is what `ordo play` calls.
package play

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// Options say what to play and how to print it.
type Options struct {
	// Viewer is whose view of the log is printed; the zero value is the
	// admin view (everything).
	Viewer rules.Viewer
	// JSON writes one JSON object per applied action instead of text.
	JSON bool
	// Random, when positive, ignores the script and plays that many seeded
	// random games from Seed, Seed+1, ...
	Random int
	Seed   uint64
	// MaxSteps bounds a random game (default 10000).
	MaxSteps int
	// Menu, after the script, writes the menu of every prompted seat the
	// viewer may see (see Menu). Text only; not with Random.
	Menu bool
	// Bots, in random games, choose the actions of their seats instead of
	// the uniform draw (`ordo play --bot red=greedy`); each is called with
	// a generator of its own, seeded from the game's seed.
	Bots map[rules.Seat]Chooser
}

// Chooser picks seat's next action in st, drawing only from r (a bot:
// bot.Act, which shows it only what the seat may see).
type Chooser func(st rules.State, seat rules.Seat, r *rand.Rand) (rules.Action, error)

func (o Options) viewer() rules.Viewer {
	if o.Viewer.Role == "" {
		return rules.Admin()
	}
	return o.Viewer
}

// ExpectationError is a scripted expectation that did not hold.
type ExpectationError struct {
	File string
	Line int // the step's line in the scenario file
	Step int // 1-based
	What string
}

func (e *ExpectationError) Error() string {
	return fmt.Sprintf("%s:%d: step %d: %s", e.File, e.Line, e.Step, e.What)
}

// Run plays sc under rs and writes the log to w. It returns an
// *ExpectationError for the first failed expectation, or the error that
// stopped the game.
func Run(rs rules.Ruleset, sc *scenario.Scenario, w io.Writer, opt Options) error {
	rulings, err := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
	if err != nil {
		return fmt.Errorf("%s: %w", sc.File, err)
	}
	if opt.Random > 0 {
		for i := range opt.Random {
			seed := opt.Seed + uint64(i)
			if opt.Random > 1 && !opt.JSON {
				fmt.Fprintf(w, "== game %d (seed %d)\n", i+1, seed)
			}
			if err := random(rs, sc, rulings, w, opt, seed); err != nil {
				return fmt.Errorf("game %d (seed %d): %w", i+1, seed, err)
			}
		}
		return nil
	}
	return script(rs, sc, rulings, w, opt)
}

// printer writes applied actions and their events as one viewer sees them.
type printer struct {
	w   io.Writer
	st  rules.State
	v   rules.Viewer
	js  bool
	err error
}

// jsonLine is one applied action in the JSON Lines log. Action is left
// out when the viewer sees nothing of it.
type jsonLine struct {
	Seq    int               `json:"seq"`
	Seat   rules.Seat        `json:"seat"`
	Action json.RawMessage   `json:"action,omitempty"`
	Dice   []int             `json:"dice,omitempty"`
	Events []json.RawMessage `json:"events"`
}

// seen is the action seat is about to send to the printer's state, as the
// printer's viewer may see it (nil when it sees nothing of it). It must be
// asked before the action is applied: the state that knows whose private
// facts the action names is the one before it.
type seen struct {
	action []byte       // its JSON
	value  rules.Action // the redacted action, for its sentence
}

func (p *printer) see(seat rules.Seat, a rules.Action) seen {
	red, ok := p.st.RedactAction(seat, a, p.v)
	if !ok {
		return seen{}
	}
	b, err := rules.Encode(red)
	if err != nil {
		return seen{}
	}
	return seen{b, red}
}

// Opener is implemented by states whose Setup already produced events (a
// turn that starts at once, with its Order Count): the log prints them before
// the first action, as each viewer may see them.
type Opener interface {
	OpeningEvents() []rules.Event
}

// opening prints the events of the opening position, for the text log; the
// JSON Lines log holds applied actions only.
func (p *printer) opening() {
	o, ok := p.st.(Opener)
	if !ok || p.err != nil || p.js {
		return
	}
	for _, ev := range o.OpeningEvents() {
		red, ok := p.st.Redact(ev, p.v)
		if !ok {
			continue
		}
		if _, p.err = fmt.Fprintf(p.w, "setup: %s\n", describe(red)); p.err != nil {
			return
		}
	}
}

// entry prints an applied action, as seen before it was applied, and its
// events.
func (p *printer) entry(e rules.Entry, act seen, events []rules.Event) {
	if p.err != nil {
		return
	}
	e.Action = act.action
	var visible []rules.Event
	for _, ev := range events {
		if red, ok := p.st.Redact(ev, p.v); ok {
			visible = append(visible, red)
		}
	}
	if p.js {
		line := jsonLine{Seq: e.Seq, Seat: e.Seat, Action: e.Action, Dice: e.Dice, Events: []json.RawMessage{}}
		for _, ev := range visible {
			b, err := rules.Encode(ev)
			if err != nil {
				p.err = err
				return
			}
			line.Events = append(line.Events, b)
		}
		b, err := json.Marshal(line)
		if err != nil {
			p.err = err
			return
		}
		_, p.err = fmt.Fprintf(p.w, "%s\n", b)
		return
	}
	if len(visible) == 0 {
		_, p.err = fmt.Fprintf(p.w, "#%d %s: %s\n", e.Seq, e.Seat, describeAction(e, act.value))
		return
	}
	for _, ev := range visible {
		if _, p.err = fmt.Fprintf(p.w, "#%d %s: %s\n", e.Seq, e.Seat, describe(ev)); p.err != nil {
			return
		}
	}
}

// describe renders an event: its own String when it has one, else its kind
// and fields.
func describe(ev rules.Event) string {
	if s, ok := ev.(fmt.Stringer); ok {
		return s.String()
	}
	b, err := rules.Encode(ev)
	if err != nil {
		return ev.Kind()
	}
	return string(b)
}

// describeAction renders an action that caused no visible event, as the
// viewer may see it (a is the redacted action, nil when the viewer sees
// nothing of it): its own sentence when it has one, else its kind alone when
// it has no fields ("end-orders"), else its JSON; then the dice it used.
func describeAction(e rules.Entry, a rules.Action) string {
	if e.Action == nil {
		return "an action you do not see"
	}
	var s string
	if str, ok := a.(fmt.Stringer); ok {
		s = str.String()
	} else {
		s = string(e.Action)
		var only struct {
			Kind string `json:"kind"`
		}
		if dec := json.NewDecoder(strings.NewReader(s)); dec.Decode(&only) == nil && only.Kind != "" {
			if b, err := json.Marshal(only); err == nil && string(b) == s {
				s = only.Kind
			}
		}
	}
	if len(e.Dice) > 0 {
		faces := make([]string, len(e.Dice))
		for i, d := range e.Dice {
			faces[i] = strconv.Itoa(d)
		}
		s += ", dice " + strings.Join(faces, " ")
	}
	return s
}

func (p *printer) end(st rules.State) {
	if p.err != nil || p.js {
		return
	}
	pr := st.Prompt()
	if pr.Kind == rules.GameOver {
		if r, ok := st.(resulter); ok && r.Result() != "" {
			_, p.err = fmt.Fprintln(p.w, "game over: "+r.Result())
			return
		}
		_, p.err = fmt.Fprintln(p.w, "game over")
		return
	}
	_, p.err = fmt.Fprintf(p.w, "waiting for %s (%s)\n", joinSeats(pr.Seats), pr.Window)
}

// resulter is a state that says how its game ended (fantasy: the victory
// points and the winner).
type resulter interface{ Result() string }

func joinSeats(ss []rules.Seat) string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = string(s)
	}
	return strings.Join(out, ", ")
}

// authored is a state whose players name some troopers otherwise than a
// scenario's author does (infinity's public labels): AsAuthor is an
// action of the script as the seat's player would send it.
type authored interface {
	AsAuthor(seat rules.Seat, a rules.Action) rules.Action
}

// script applies the scenario's script.
func script(rs rules.Ruleset, sc *scenario.Scenario, rulings rules.Rulings, w io.Writer, opt Options) error {
	st, err := rs.Setup(sc, rulings)
	if err != nil {
		return fmt.Errorf("%s: setup: %w", sc.File, err)
	}
	p := &printer{w: w, st: st, v: opt.viewer(), js: opt.JSON}
	p.opening()
	fallback := dice.NewPCG(sc.Seed, 0x5eed)
	seq := 0
	for i, step := range sc.Script {
		fail := func(format string, args ...any) error {
			return &ExpectationError{File: sc.File, Line: step.Line, Step: i + 1, What: fmt.Sprintf(format, args...)}
		}
		body, err := json.Marshal(step.Action)
		if err != nil {
			return fail("action does not encode: %v", err)
		}
		a, err := rs.DecodeAction(body)
		if err != nil {
			return fail("%v", err)
		}
		var src dice.Source = fallback
		var forced *dice.Script
		if len(step.Dice) > 0 {
			if forced, err = dice.NewScript(step.Dice...); err != nil {
				return fail("%v", err)
			}
			src = forced
		}
		if au, ok := st.(authored); ok {
			a = au.AsAuthor(rules.Seat(step.Seat), a)
		}
		act := p.see(rules.Seat(step.Seat), a)
		entry, events, err := rules.Step(st, seq, rules.Seat(step.Seat), a, src)
		if step.Expect.Error != "" {
			re, ok := rules.AsRuleError(err)
			if !ok || string(re.Code) != step.Expect.Error {
				return fail("expected refusal %q, got %v", step.Expect.Error, err)
			}
			// A refused action changes nothing and is told only to whoever
			// could see the seat's own moves.
			if p.v.Sees(rules.Seat(step.Seat)) && !p.js {
				if _, err := fmt.Fprintf(w, "refused %s by %s: %v\n", a.Kind(), step.Seat, err); err != nil {
					return err
				}
			}
			// The step's other expectations hold of the unchanged state
			// (a refusal has no events to expect).
			if err := check(st, step.Expect, nil); err != nil {
				return fail("%v", err)
			}
			continue
		}
		if err != nil {
			return fail("%s by %s refused: %v", a.Kind(), step.Seat, err)
		}
		if forced != nil && forced.Remaining() != 0 {
			return fail("%d forced dice were not used", forced.Remaining())
		}
		seq++
		p.entry(entry, act, events)
		if err := check(st, step.Expect, events); err != nil {
			return fail("%v", err)
		}
	}
	p.end(st)
	if opt.Menu && p.err == nil && !p.js {
		p.err = Menu(w, st, p.v)
	}
	return p.err
}

// check tests a step's expectations against the state after it.
func check(st rules.State, x scenario.Expect, events []rules.Event) error {
	pr := st.Prompt()
	if x.Window != "" && pr.Window != x.Window {
		return fmt.Errorf("window %q, expected %q", pr.Window, x.Window)
	}
	if x.Seats != nil {
		got := make([]string, len(pr.Seats))
		for i, s := range pr.Seats {
			got[i] = string(s)
		}
		if !slices.Equal(got, x.Seats) {
			return fmt.Errorf("prompted seats %v, expected %v", got, x.Seats)
		}
	}
	for _, kind := range x.Events {
		if !slices.ContainsFunc(events, func(e rules.Event) bool { return e.Kind() == kind }) {
			return fmt.Errorf("no %q event", kind)
		}
	}
	if len(x.State) == 0 {
		return nil
	}
	obs, err := json.Marshal(st.Observe(rules.Admin()))
	if err != nil {
		return err
	}
	var doc any
	if err := json.Unmarshal(obs, &doc); err != nil {
		return err
	}
	paths := make([]string, 0, len(x.State))
	for path := range x.State {
		paths = append(paths, path)
	}
	slices.Sort(paths)
	for _, path := range paths {
		got, err := lookup(doc, path)
		if err != nil {
			return fmt.Errorf("state %s: %v", path, err)
		}
		if !sameJSON(got, x.State[path]) {
			return fmt.Errorf("state %s = %v, expected %v", path, show(got), show(x.State[path]))
		}
	}
	return nil
}

// lookup follows a dotted path ("score.blue", "models.0.at") into decoded
// JSON.
func lookup(doc any, path string) (any, error) {
	cur := doc
	for _, key := range strings.Split(path, ".") {
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[key]
			if !ok {
				return nil, fmt.Errorf("no field %q", key)
			}
			cur = v
		case []any:
			i, err := strconv.Atoi(key)
			if err != nil || i < 0 || i >= len(c) {
				return nil, fmt.Errorf("no element %q", key)
			}
			cur = c[i]
		default:
			return nil, fmt.Errorf("%q is not inside an object or a list", key)
		}
	}
	return cur, nil
}

// sameJSON compares a decoded JSON value with a value written in YAML, as
// JSON (so 3 and 3.0 agree).
func sameJSON(got, want any) bool {
	a, err1 := json.Marshal(got)
	b, err2 := json.Marshal(want)
	if err1 != nil || err2 != nil {
		return false
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(bytes.TrimSpace(b))
}

// random plays one seeded game choosing uniformly among the legal actions of
// a seat the prompt names.
func random(rs rules.Ruleset, sc *scenario.Scenario, rulings rules.Rulings, w io.Writer, opt Options, seed uint64) error {
	st, err := rs.Setup(sc, rulings)
	if err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	p := &printer{w: w, st: st, v: opt.viewer(), js: opt.JSON}
	p.opening()
	rng := rand.New(rand.NewPCG(seed, 0x9a3e))
	botRng := rand.New(rand.NewPCG(seed, 0xb075))
	src := dice.NewPCG(seed, 0xd1ce)
	maxSteps := opt.MaxSteps
	if maxSteps <= 0 {
		maxSteps = 10000
	}
	for seq := 0; st.Prompt().Kind != rules.GameOver; seq++ {
		if seq >= maxSteps {
			return fmt.Errorf("the game did not end within %d steps", maxSteps)
		}
		seat, a, err := rules.RandomLegal(st, rng)
		if err != nil {
			return fmt.Errorf("step %d: %w", seq, err)
		}
		if choose, ok := opt.Bots[seat]; ok {
			if a, err = choose(st, seat, botRng); err != nil {
				return fmt.Errorf("step %d: %w", seq, err)
			}
		}
		act := p.see(seat, a)
		entry, events, err := rules.Step(st, seq, seat, a, src)
		if err != nil {
			return fmt.Errorf("step %d: %s's %s was refused: %w", seq, seat, a.Kind(), err)
		}
		p.entry(entry, act, events)
	}
	p.end(st)
	return p.err
}
