package match

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"

	"github.com/ordo-rules/ordo/rules"
)

// Menu says which entries of a seat's menu a snapshot carries.
type Menu int

const (
	// MenuAll is every entry: the legal ones and the greyed ones with the
	// rule that forbids each (what the web table shows).
	MenuAll Menu = iota
	// MenuLegal is only the entries the seat may send now: what a program
	// choosing an action needs, about half the bytes of a crowded menu,
	// and the greyed entries' messages are never formatted.
	MenuLegal
)

// SnapshotJSON is Snapshot already encoded as the JSON the API answers
// with (the same bytes json.Marshal gives, without a trailing newline),
// with the menu entries menu asks for.
//
// A viewer's snapshot is worked out and encoded at most once per seq: the
// bytes are kept until the log grows, so a client that reads the match
// again, or several tabs of one seat, cost a copy and no work. The caller
// must not change the slice.
func (a *Authority) SnapshotJSON(ctx context.Context, id string, v rules.Viewer, menu Menu) ([]byte, error) {
	l, err := a.get(ctx, id)
	if err != nil {
		return nil, err
	}
	defer l.mu.Unlock()
	return l.snapshotJSON(v, menu)
}

// snapshotJSON is SnapshotJSON of a match already got. Called with l.mu
// held.
func (l *live) snapshotJSON(v rules.Viewer, menu Menu) ([]byte, error) {
	key := viewerKey(v)
	if menu == MenuLegal {
		key += "/legal"
	}
	if b, ok := l.snaps[key]; ok {
		return b, nil
	}
	s, err := l.snapshot(v, menu)
	if err != nil {
		return nil, err
	}
	b, err := s.encode()
	if err != nil {
		return nil, errorf(CodeCorrupt, "", "match %s: the snapshot does not encode: %v", l.id, err)
	}
	if l.snaps == nil {
		l.snaps = map[string][]byte{}
	}
	l.snaps[key] = b
	l.grow(int64(len(b)))
	return b, nil
}

// encode writes s as json.Marshal would, but copies the observation and
// the menu's actions as they are: they were encoded (compact) moments ago,
// and json.Marshal would scan and compact every byte of them again, which
// under load was a large share of the server's CPU.
func (s *Snapshot) encode() ([]byte, error) {
	// Sized at once: growing it by doubling was most of the bytes the
	// encoding allocated.
	size := 512 + len(s.Observation)
	for _, m := range s.Menu {
		size += len(m.Action) + len(`{"action":},`)
		if m.Illegal != nil {
			size += 192 // the code, message and rule: a guess
		}
	}
	b := make([]byte, 0, size)
	field := func(name string, v any) error {
		b = append(b, name...)
		j, err := json.Marshal(v)
		b = append(b, j...)
		return err
	}
	if err := field(`{"id":`, s.ID); err != nil {
		return nil, err
	}
	b = append(b, `,"seq":`...)
	b = strconv.AppendInt(b, int64(s.Seq), 10)
	if err := field(`,"viewer":`, s.Viewer); err != nil {
		return nil, err
	}
	if err := field(`,"prompt":`, s.Prompt); err != nil {
		return nil, err
	}
	b = append(b, `,"over":`...)
	b = strconv.AppendBool(b, s.Over)
	if s.Outcome != nil {
		if err := field(`,"outcome":`, s.Outcome); err != nil {
			return nil, err
		}
	}
	if s.DrawOffer != "" {
		if err := field(`,"draw_offer":`, s.DrawOffer); err != nil {
			return nil, err
		}
	}
	if s.Clock != nil {
		if err := field(`,"clock":`, s.Clock); err != nil {
			return nil, err
		}
	}
	if err := field(`,"seed_commitment":`, s.Commitment); err != nil {
		return nil, err
	}
	b = append(b, `,"observation":`...)
	b = appendRaw(b, s.Observation)
	if len(s.Menu) > 0 {
		b = append(b, `,"menu":[`...)
		for i, m := range s.Menu {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"action":`...)
			b = appendRaw(b, m.Action)
			if m.Illegal != nil {
				// The greyed reason's own encoder, called directly: its
				// output is json.Marshal's already.
				j, err := m.Illegal.MarshalJSON()
				if err != nil {
					return nil, err
				}
				b = append(append(b, `,"illegal":`...), j...)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if len(s.Table) > 0 {
		if err := field(`,"table":`, s.Table); err != nil {
			return nil, err
		}
	}
	if s.Armies != nil {
		if err := field(`,"army_lists":`, s.Armies); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// appendRaw appends raw JSON as json.Marshal writes a json.RawMessage:
// null when empty.
func appendRaw(b []byte, raw json.RawMessage) []byte {
	if len(raw) == 0 {
		return append(b, "null"...)
	}
	return append(b, raw...)
}

// encodeViews writes an entry's views as json.Marshal would (viewers in
// key order), copying each redacted action and event as it is: they were
// encoded moments before, and json.Marshal would scan and compact them
// again for every action.
func encodeViews(vs Views) ([]byte, error) {
	keys := make([]string, 0, len(vs))
	size := 2
	for k, v := range vs {
		keys = append(keys, k)
		size += len(k) + len(v.Action) + 32
		for _, e := range v.Events {
			size += len(e) + 1
		}
	}
	slices.Sort(keys)
	b := make([]byte, 0, size)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		kj, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		v := vs[k]
		b = append(append(b, kj...), `:{"action":`...)
		b = appendRaw(b, v.Action)
		b = append(b, `,"events":`...)
		if v.Events == nil {
			b = append(b, "null"...)
		} else {
			b = append(b, '[')
			for j, e := range v.Events {
				if j > 0 {
					b = append(b, ',')
				}
				b = appendRaw(b, e)
			}
			b = append(b, ']')
		}
		b = append(b, '}')
	}
	return append(b, '}'), nil
}
