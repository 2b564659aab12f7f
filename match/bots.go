package match

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"sync/atomic"

	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/store"
)

// MaxBotName bounds the name of a seat's computer player
// (CreateRequest.Bots).
const MaxBotName = 32

// BotCall tells whoever runs a match's computer players (OnBots) that the
// match changed in memory here: a bot's seat is now waited for, another
// seat's draw offer or take-back request is open to a bot's seat, or the
// match is over. Gone is closed when this copy of the match leaves memory
// (evicted): its computer players stop, and start again if the match is
// loaded again and a bot's seat is waited for.
type BotCall struct {
	MatchID string
	// Bots are the match's computer players by seat.
	Bots map[rules.Seat]string
	Over bool
	Gone <-chan struct{}
}

// botHook holds the function OnBots set.
type botHook = atomic.Pointer[func(BotCall)]

// OnBots sets the function called, without blocking and with the match
// locked (it must not call the authority), whenever a match with computer
// players (CreateRequest.Bots) is created, loaded or changed here and a
// bot's seat is waited for or asked a table question (a draw offer, a
// take-back request), and when such a match ends.
func (a *Authority) OnBots(f func(BotCall)) { a.bots.Store(&f) }

// botsOf are rec's computer players by seat.
func botsOf(rec *store.Match) map[rules.Seat]string {
	var out map[rules.Seat]string
	for _, s := range rec.Seats {
		if s.Bot != "" {
			if out == nil {
				out = map[rules.Seat]string{}
			}
			out[rules.Seat(s.Name)] = s.Bot
		}
	}
	return out
}

// notifyBots calls the OnBots function if a computer player's seat is
// waited for or asked a table question, or the match is over. Called with
// l.mu held.
func (a *Authority) notifyBots(l *live) {
	f := a.bots.Load()
	if f == nil || !l.loaded {
		return
	}
	bots := botsOf(l.rec)
	if len(bots) == 0 {
		return
	}
	p := l.prompt()
	over := p.Kind == rules.GameOver
	waits := false
	for seat := range bots {
		waits = waits || p.Waits(seat) || (!over && l.table.asked(seat))
	}
	if over || waits {
		(*f)(BotCall{MatchID: l.id, Bots: bots, Over: over, Gone: l.gone})
	}
}

// BotTurn is what a computer player's seat may be shown at its turn, and
// whether it is its turn: Prompt is the match's (GameOver once it ended,
// at the table too). State is the match's state, for bot.Observe, which
// copies from it what the seat may know: it must be neither changed nor
// kept.
type BotTurn struct {
	Prompt rules.Prompt
	State  rules.State
	Seq    int
	// Rand is the computer player's generator for seat at Seq (BotRand).
	Rand func(seat rules.Seat) *rand.Rand
	// Table lists the table actions seat may send now, as a person's
	// snapshot offers them (accept-draw and decline-draw while another
	// seat's draw offer is open to it, accept-undo and decline-undo for a
	// take-back request).
	Table func(seat rules.Seat) []string
	// TakeBacks is how many take-backs seat has accepted in the match.
	TakeBacks func(seat rules.Seat) int
}

// ForBots calls fn with match id's BotTurn under the match's lock, if the
// match is in memory here and gone (BotCall.Gone) is still its copy: a
// computer player never brings a match back into memory. Otherwise it
// returns false without calling fn.
func (a *Authority) ForBots(id string, gone <-chan struct{}, fn func(BotTurn)) bool {
	a.mu.Lock()
	l := a.live[id]
	a.mu.Unlock()
	if l == nil {
		return false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.evicted || !l.loaded || (<-chan struct{})(l.gone) != gone {
		return false
	}
	seed, seq := l.rec.Seed, len(l.log)
	ended := l.st.Prompt().Kind == rules.GameOver
	fn(BotTurn{Prompt: l.prompt(), State: l.st, Seq: seq, Rand: func(seat rules.Seat) *rand.Rand {
		return BotRand(seed, id, seat, seq)
	}, Table: func(seat rules.Seat) []string {
		return l.table.options(seat, ended)
	}, TakeBacks: func(seat rules.Seat) int {
		return l.table.takeBacks[seat]
	}})
	return true
}

// BotRand is the generator a computer player of seat draws from at entry
// seq of a match: ChaCha8 keyed by SHA-256 of "ordo-bot", the match's
// secret seed, its id, the seat and seq. It is as secret as the dice
// until the seed is published (GET /api/matches/{id}/seed), and then
// anyone can play the bot's decisions again and compare them with the log.
func BotRand(seed []byte, matchID string, seat rules.Seat, seq int) *rand.Rand {
	h := sha256.New()
	h.Write([]byte("ordo-bot\x00"))
	h.Write(seed)
	h.Write([]byte(matchID))
	h.Write([]byte{0})
	h.Write([]byte(seat))
	h.Write([]byte{0})
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(seq))
	h.Write(n[:])
	var key [32]byte
	copy(key[:], h.Sum(nil))
	return rand.New(rand.NewChaCha8(key))
}

// checkBots checks CreateRequest.Bots against the scenario's seats and
// the open ones: a named seat of the scenario, not left open, a name of at
// most MaxBotName printable ASCII bytes. Which names are players is the
// caller's to check (bot.New).
func checkBots(bots map[string]string, seats []string, open []string) error {
	for seat, name := range bots {
		if !slices.Contains(seats, seat) {
			return errorf(CodeBadRequest, "", "bots: the scenario has no seat %q (its seats: %v)", seat, seats)
		}
		if slices.Contains(open, seat) {
			return errorf(CodeBadRequest, "", "bots: seat %q is left open for a player; a seat is open or a bot's, not both", seat)
		}
		if name == "" || len(name) > MaxBotName {
			return errorf(CodeBadRequest, "", "bots: seat %q: a bot's name of 1 to %d characters", seat, MaxBotName)
		}
		for i := 0; i < len(name); i++ {
			if name[i] < 0x21 || name[i] > 0x7e {
				return errorf(CodeBadRequest, "", "bots: seat %q: byte %d of the bot's name is not printable ASCII", seat, i)
			}
		}
	}
	return nil
}

// closeGone closes l.gone once. Called with l.mu held.
func (l *live) closeGone() {
	if l.gone == nil {
		return
	}
	select {
	case <-l.gone:
	default:
		close(l.gone)
	}
}
