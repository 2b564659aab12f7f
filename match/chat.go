package match

import (
	"context"
	"errors"
	"unicode"
	"unicode/utf8"

	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/store"
)

// The chat's channels: the seats talk in one, spectators in the other.
const (
	ChannelSeats      = "seats"
	ChannelSpectators = "spectators"
)

// Bounds on the chat, checked before anything is stored.
const (
	// MaxChatText bounds a message, in bytes of UTF-8.
	MaxChatText = 500
	// MaxChatMessages bounds the messages of one channel of one match.
	MaxChatMessages = 1000
)

// ChatMessage is one line of a match's chat (store.ChatMessage).
type ChatMessage = store.ChatMessage

// channelOf is the channel viewer v writes in: a seat in the seats', a
// spectator in the spectators'.
func channelOf(v rules.Viewer) string {
	if v.Role == rules.RolePlayer {
		return ChannelSeats
	}
	return ChannelSpectators
}

// readable says whether v may read channel now: its own channel, and
// both once the match is over. Called with l.mu held.
func (l *live) readable(v rules.Viewer, channel string) bool {
	return channel == channelOf(v) || l.over()
}

// checkChat refuses a message that is empty, too long, not UTF-8, or
// holds control characters (a line break apart).
func checkChat(text string) error {
	switch {
	case text == "":
		return errorf(CodeBadRequest, "", "text: the message is empty")
	case len(text) > MaxChatText:
		return errorf(CodeTooLarge, "", "text: %d bytes; a message has at most %d", len(text), MaxChatText)
	case !utf8.ValidString(text):
		return errorf(CodeBadRequest, "", "text: not UTF-8")
	}
	for i, r := range text {
		if r != '\n' && (unicode.IsControl(r) || r == '\u2028' || r == '\u2029') {
			return errorf(CodeBadRequest, "", "text: a control character at byte %d", i)
		}
	}
	return nil
}

// Chat adds viewer v's message to its channel of match id (a seat's to
// the seats', a spectator's to the spectators') and returns it as
// stored. The server relays the text as written and adds nothing of the
// match to it.
func (a *Authority) Chat(ctx context.Context, id string, v rules.Viewer, text string) (*ChatMessage, error) {
	if err := checkChat(text); err != nil {
		return nil, err
	}
	l, err := a.get(ctx, id)
	if err != nil {
		return nil, err
	}
	defer l.mu.Unlock()
	channel := channelOf(v)
	for try := 0; ; try++ {
		n := len(l.chat[channel])
		if n >= MaxChatMessages {
			return nil, errorf(CodeTooLarge, "", "the %s' chat of match %s is full (%d messages)", channel, id, MaxChatMessages)
		}
		m := ChatMessage{N: n, Channel: channel, Seat: string(v.Seat), Seq: len(l.log), Time: a.now().UTC(), Text: text}
		err := a.store.AddChat(ctx, id, m)
		if errors.Is(err, store.ErrConflict) && try == 0 {
			// Another server added one first: read it, and go again.
			if err := a.catchUpChat(ctx, l); err != nil {
				return nil, err
			}
			continue
		}
		if err != nil {
			return nil, unavailable(err)
		}
		l.addChat(m)
		l.broadcast()
		return &m, nil
	}
}

func (l *live) addChat(m ChatMessage) {
	if l.chat == nil {
		l.chat = map[string][]ChatMessage{}
	}
	l.chat[m.Channel] = append(l.chat[m.Channel], m)
	l.grow(int64(len(m.Text)) + 128)
}

// catchUpChat reads the messages the store holds past the ones in
// memory. Called with l.mu held.
func (a *Authority) catchUpChat(ctx context.Context, l *live) error {
	grew := false
	for _, channel := range []string{ChannelSeats, ChannelSpectators} {
		ms, err := a.store.Chat(ctx, l.id, channel, len(l.chat[channel]))
		if err != nil {
			return unavailable(err)
		}
		for _, m := range ms {
			if m.N != len(l.chat[channel]) {
				return errorf(CodeCorrupt, "", "match %s: chat message %d follows %d", l.id, m.N, len(l.chat[channel]))
			}
			l.addChat(m)
			grew = true
		}
	}
	if grew && l.loaded {
		l.broadcast()
	}
	return nil
}

// ChatLog returns up to MaxLogPage messages of channel from n on, if v may
// read it (its own channel; both once the match is over).
func (a *Authority) ChatLog(ctx context.Context, id string, v rules.Viewer, channel string, from int) ([]ChatMessage, error) {
	l, err := a.get(ctx, id)
	if err != nil {
		return nil, err
	}
	defer l.mu.Unlock()
	if channel != ChannelSeats && channel != ChannelSpectators {
		return nil, errorf(CodeBadRequest, "", "channel %q: %s or %s", channel, ChannelSeats, ChannelSpectators)
	}
	if !l.readable(v, channel) {
		return nil, errorf(CodeForbidden, "", "the %s' chat is theirs until the match is over", channel)
	}
	return l.chatFrom(channel, from, MaxLogPage), nil
}

func (l *live) chatFrom(channel string, from, limit int) []ChatMessage {
	ms := l.chat[channel]
	from = min(max(from, 0), len(ms))
	return append([]ChatMessage{}, ms[from:min(len(ms), from+limit)]...)
}

// ChatAt returns the messages viewer v may read (its own channel; both
// once the match is over) that were written by the time the match's log
// had n entries: the chat beside step n of a replay.
func (a *Authority) ChatAt(ctx context.Context, id string, v rules.Viewer, n int) ([]ChatMessage, error) {
	l, err := a.get(ctx, id)
	if err != nil {
		return nil, err
	}
	defer l.mu.Unlock()
	out := []ChatMessage{}
	for _, channel := range []string{ChannelSeats, ChannelSpectators} {
		if !l.readable(v, channel) {
			continue
		}
		for _, m := range l.chat[channel] {
			if m.Seq <= n {
				out = append(out, m)
			}
		}
	}
	return out, nil
}
