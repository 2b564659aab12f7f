// Package postgres is the match store several servers share: PostgreSQL
// through github.com/jackc/pgx/v5. Appends to one match are serialized by
// a row lock on the match and guarded by the (match, seq) primary key, so
// exactly one writer wins each seq; each append notifies the channel
// ordo_entries in the same transaction, so every server listening learns
// of it when it commits (store.Notifier).
//
// The schema's migrations are embedded and run at Open, one server at a
// time (an advisory lock).
package postgres

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/ordo-rules/ordo/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

// channel is the LISTEN/NOTIFY channel of appends.
const channel = "ordo_entries"

// migrationLock is the advisory lock key held while migrating.
const migrationLock = 0x6f72646f // "ordo"

// Store is a store.Store and store.Notifier on one PostgreSQL database.
type Store struct {
	pool *pgxpool.Pool
}

// Open connects to the database at url (a PostgreSQL connection URL) and
// brings its schema up to date.
func Open(ctx context.Context, url string) (*Store, error) {
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	s := &Store{pool: pool}
	if err := s.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return s, nil
}

func (s *Store) migrate(ctx context.Context) error {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	slices.Sort(names)
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", migrationLock); err != nil {
		return err
	}
	defer conn.Exec(context.Background(), "SELECT pg_advisory_unlock($1)", migrationLock)
	if _, err := conn.Exec(ctx, "CREATE TABLE IF NOT EXISTS ordo_schema (version INTEGER NOT NULL)"); err != nil {
		return err
	}
	var have int
	if err := conn.QueryRow(ctx, "SELECT COALESCE(MAX(version), 0) FROM ordo_schema").Scan(&have); err != nil {
		return err
	}
	if have > len(names) {
		return fmt.Errorf("the database has schema version %d; this ordo knows only %d", have, len(names))
	}
	for i := have; i < len(names); i++ {
		body, err := migrations.ReadFile(names[i])
		if err != nil {
			return err
		}
		err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, string(body)); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, "INSERT INTO ordo_schema (version) VALUES ($1)", i+1)
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %s: %w", names[i], err)
		}
	}
	return nil
}

// Close closes the pool.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

func isUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// CreateMatch implements store.Store.
func (s *Store) CreateMatch(ctx context.Context, m *store.Match) error {
	status := m.Status
	if status == "" {
		status = store.StatusPlaying
	}
	r := m.Rulings
	if r == nil {
		r = map[string]string{}
	}
	rulings, err := json.Marshal(r)
	if err != nil {
		return err
	}
	seats, err := json.Marshal(m.Seats)
	if err != nil {
		return err
	}
	_, err = s.pool.Exec(ctx,
		`INSERT INTO matches (id, ruleset, scenario, scenario_name, rulings, seed, commitment, seats, created, status, updated, clock)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9, $11)`,
		m.ID, m.Ruleset, m.Scenario, m.ScenarioName, string(rulings), m.Seed, m.Commitment, string(seats), m.Created.UnixNano(), status, m.Clock)
	if isUnique(err) {
		return store.ErrExists
	}
	return err
}

// Match implements store.Store.
func (s *Store) Match(ctx context.Context, id string) (*store.Match, error) {
	m := &store.Match{ID: id}
	var rulings, seats string
	var created int64
	err := s.pool.QueryRow(ctx,
		`SELECT ruleset, scenario, scenario_name, rulings, seed, commitment, seats, created, status, clock FROM matches WHERE id = $1`, id).
		Scan(&m.Ruleset, &m.Scenario, &m.ScenarioName, &rulings, &m.Seed, &m.Commitment, &seats, &created, &m.Status, &m.Clock)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(rulings), &m.Rulings); err != nil {
		return nil, fmt.Errorf("postgres: match %s: rulings: %w", id, err)
	}
	if err := json.Unmarshal([]byte(seats), &m.Seats); err != nil {
		return nil, fmt.Errorf("postgres: match %s: seats: %w", id, err)
	}
	m.Created = time.Unix(0, created).UTC()
	return m, nil
}

// Append implements store.Store: the match's row is locked for the
// transaction, so appends to one match queue up behind each other, and
// the primary key refuses a seq taken by a writer that got there first.
//
// The statements go in two pipelined batches (the lock and the match's
// length; the inserts and the notice), so an append costs four round trips
// (begin, two batches, commit) whatever its number of entries, where one
// statement at a time cost five and one more per entry.
func (s *Store) Append(ctx context.Context, matchID string, entries []store.Entry) error {
	if len(entries) == 0 {
		return nil
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// In one batch the statements still run one after the other: the
		// length is read once the lock is held, under READ COMMITTED with
		// a snapshot of its own, so it sees every append committed before.
		// max(seq) reads the end of the primary key's index; count(*)
		// read every entry of the match.
		var head pgx.Batch
		head.Queue(`SELECT 1 FROM matches WHERE id = $1 FOR UPDATE`, matchID)
		head.Queue(`SELECT coalesce(max(seq), -1) + 1 FROM entries WHERE match_id = $1`, matchID)
		br := tx.SendBatch(ctx, &head)
		var one, n int
		err := br.QueryRow().Scan(&one)
		if errors.Is(err, pgx.ErrNoRows) {
			br.Close()
			return store.ErrNotFound
		}
		if err == nil {
			err = br.QueryRow().Scan(&n)
		}
		if cerr := br.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		var body pgx.Batch
		for i, e := range entries {
			if e.Seq != n+i {
				return store.ErrConflict
			}
			dice, err := json.Marshal(e.Dice)
			if err != nil {
				return err
			}
			body.Queue(`INSERT INTO entries (match_id, seq, seat, action_id, action, dice, time, views) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
				matchID, e.Seq, e.Seat, e.ActionID, string(e.Action), string(dice), e.Time.UnixNano(), string(e.Views))
		}
		body.Queue(`SELECT pg_notify($1, $2)`, channel, matchID+" "+strconv.Itoa(n+len(entries)))
		br = tx.SendBatch(ctx, &body)
		for range entries {
			if _, err := br.Exec(); err != nil {
				br.Close()
				if isUnique(err) {
					return store.ErrConflict
				}
				return err
			}
		}
		_, err = br.Exec()
		if cerr := br.Close(); err == nil {
			err = cerr
		}
		return err
	})
}

// Prune implements store.Store: the matches are locked as Append locks
// them, skipping any an append holds, and deleted in one transaction.
func (s *Store) Prune(ctx context.Context, before time.Time, drop func(store.Stale) bool) ([]string, error) {
	var ids []string
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		ids = nil
		rows, err := tx.Query(ctx, `SELECT `+store.StaleColumns+` FROM matches m WHERE m.created < $1 AND m.updated < $1
			AND NOT EXISTS (SELECT 1 FROM entries e WHERE e.match_id = m.id AND e.time >= $1)
			FOR UPDATE OF m SKIP LOCKED`, before.UnixNano())
		if err != nil {
			return err
		}
		stale, err := store.ScanStale(rows)
		rows.Close()
		if err != nil {
			return err
		}
		for _, m := range stale {
			if drop(m) {
				ids = append(ids, m.ID)
			}
		}
		if len(ids) == 0 {
			return nil
		}
		if _, err := tx.Exec(ctx, `DELETE FROM entries WHERE match_id = ANY($1)`, ids); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM chat WHERE match_id = ANY($1)`, ids); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM webhooks WHERE match_id = ANY($1)`, ids); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM matches WHERE id = ANY($1)`, ids)
		return err
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}

// AddChat implements store.Store: under the match's row lock, as Append,
// announcing the message to every server listening ("ID chat").
func (s *Store) AddChat(ctx context.Context, matchID string, m store.ChatMessage) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var one, n int
		err := tx.QueryRow(ctx, `SELECT 1 FROM matches WHERE id = $1 FOR UPDATE`, matchID).Scan(&one)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM chat WHERE match_id = $1 AND channel = $2`, matchID, m.Channel).Scan(&n); err != nil {
			return err
		}
		if n != m.N {
			return store.ErrConflict
		}
		if _, err := tx.Exec(ctx, `INSERT INTO chat (match_id, channel, n, seat, seq, time, text) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			matchID, m.Channel, m.N, m.Seat, m.Seq, m.Time.UnixNano(), m.Text); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, channel, matchID+" chat")
		return err
	})
}

// ClaimSeat implements store.Store, under the match's row lock.
func (s *Store) ClaimSeat(ctx context.Context, matchID, seat string, hash []byte, st string, at time.Time) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var raw string
		err := tx.QueryRow(ctx, `SELECT seats FROM matches WHERE id = $1 FOR UPDATE`, matchID).Scan(&raw)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		var seats []store.Seat
		if err := json.Unmarshal([]byte(raw), &seats); err != nil {
			return err
		}
		if !store.ClaimSeats(seats, seat, hash, at) {
			return store.ErrConflict
		}
		b, err := json.Marshal(seats)
		if err != nil {
			return err
		}
		if _, err = tx.Exec(ctx, `UPDATE matches SET seats = $1, status = $2, updated = $3 WHERE id = $4`, string(b), st, at.UnixNano(), matchID); err != nil {
			return err
		}
		// Every server holding the match reads its seats again ("ID
		// seats"): its clocks start with the last seat taken.
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, channel, matchID+" seats")
		return err
	})
}

// SetStatus implements store.Store.
func (s *Store) SetStatus(ctx context.Context, matchID, st string, at time.Time) error {
	_, err := s.pool.Exec(ctx, `UPDATE matches SET status = $1, updated = $2 WHERE id = $3`, st, at.UnixNano(), matchID)
	return err
}

// List implements store.Store.
func (s *Store) List(ctx context.Context, st string, limit int) ([]store.Listed, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+store.ListColumns+` FROM matches WHERE status = $1 ORDER BY updated DESC LIMIT $2`, st, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.ScanList(rows)
}

// Clocked implements store.Store.
func (s *Store) Clocked(ctx context.Context, limit int) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM matches WHERE status = $1 AND clock <> '' ORDER BY updated DESC LIMIT $2`, store.StatusPlaying, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.ScanIDs(rows)
}

// SetWebhook implements store.Store.
func (s *Store) SetWebhook(ctx context.Context, matchID, seat, url string) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var one int
		err := tx.QueryRow(ctx, `SELECT 1 FROM matches WHERE id = $1`, matchID).Scan(&one)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		if url == "" {
			_, err = tx.Exec(ctx, `DELETE FROM webhooks WHERE match_id = $1 AND seat = $2`, matchID, seat)
		} else {
			_, err = tx.Exec(ctx, `INSERT INTO webhooks (match_id, seat, url) VALUES ($1, $2, $3)
				ON CONFLICT (match_id, seat) DO UPDATE SET url = excluded.url`, matchID, seat, url)
		}
		if err != nil {
			return err
		}
		// Every server holding the match reads its webhooks again ("ID
		// hooks"): the one that turns the game to the seat notifies it.
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, channel, matchID+" hooks")
		return err
	})
}

// Webhooks implements store.Store.
func (s *Store) Webhooks(ctx context.Context, matchID string) (map[string]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT seat, url FROM webhooks WHERE match_id = $1`, matchID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.ScanWebhooks(rows)
}

// Chat implements store.Store.
func (s *Store) Chat(ctx context.Context, matchID, ch string, from int) ([]store.ChatMessage, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+store.ChatColumns+` FROM chat WHERE match_id = $1 AND channel = $2 AND n >= $3 ORDER BY n`, matchID, ch, max(from, 0))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.ScanChat(rows, ch)
}

// Entries implements store.Store.
func (s *Store) Entries(ctx context.Context, matchID string, from int) ([]store.Entry, error) {
	rows, err := s.pool.Query(ctx,
		`SELECT `+store.EntryColumns+` FROM entries WHERE match_id = $1 AND seq >= $2 ORDER BY seq`,
		matchID, max(from, 0))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.ScanEntries(rows, "postgres", matchID)
}

// Listen implements store.Notifier on a connection of its own.
func (s *Store) Listen(ctx context.Context, f func(store.Notice)) error {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil {
		return err
	}
	// Listening from here on: what was appended before, the caller reads.
	f(store.Notice{})
	for {
		n, err := conn.Conn().WaitForNotification(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		id, length, ok := strings.Cut(n.Payload, " ")
		if ok && length == "chat" {
			f(store.Notice{MatchID: id, Chat: true})
			continue
		}
		if ok && length == "hooks" {
			f(store.Notice{MatchID: id, Hooks: true})
			continue
		}
		if ok && length == "seats" {
			f(store.Notice{MatchID: id, Seats: true})
			continue
		}
		if ok && length == "setup" {
			f(store.Notice{MatchID: id, Setup: true})
			continue
		}
		k, err := strconv.Atoi(length)
		if !ok || err != nil {
			continue
		}
		f(store.Notice{MatchID: id, Len: k})
	}
}

// SetScenario implements store.Store.
func (s *Store) SetScenario(ctx context.Context, matchID string, old, new []byte, at time.Time) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var cur []byte
		err := tx.QueryRow(ctx, `SELECT scenario FROM matches WHERE id = $1 FOR UPDATE`, matchID).Scan(&cur)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM entries WHERE match_id = $1`, matchID).Scan(&n); err != nil {
			return err
		}
		if n > 0 || !bytes.Equal(cur, old) {
			return store.ErrConflict
		}
		if _, err := tx.Exec(ctx, `UPDATE matches SET scenario = $1, updated = $2 WHERE id = $3`, new, at.UnixNano(), matchID); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, channel, matchID+" setup")
		return err
	})
}
