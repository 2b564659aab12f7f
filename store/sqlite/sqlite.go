// Package sqlite is the default match store: one SQLite file in WAL mode
// (modernc.org/sqlite, pure Go). One connection writes, so appends are
// serialized; readers use their own connections and never wait for it.
//
// A commit is durable against a crash of the server process (kill -9):
// WAL with synchronous=NORMAL writes each transaction to the log before
// Append returns. An operating-system crash or a power cut may lose the
// last transactions before a checkpoint; Options.SyncFull makes every
// commit wait for the disk instead, at a cost in throughput.
package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ordo-rules/ordo/store"

	_ "modernc.org/sqlite" // the database/sql driver "sqlite"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Options tune the store.
type Options struct {
	// SyncFull makes each commit wait for the disk (synchronous=FULL).
	SyncFull bool
}

// Store is a store.Store on one SQLite file.
type Store struct {
	w *sql.DB // one connection: the writer
	r *sql.DB // readers

	// stmts are the writer's statements of an append, prepared once:
	// parsing them again for every action was a share of the writer's
	// time under load.
	stmts appendStmts

	appends    chan *appendReq
	closed     chan struct{}
	writerDone chan struct{}
	closeOnce  sync.Once
}

// Open opens (creating it and its schema if needed) the database at path.
func Open(ctx context.Context, path string, opt Options) (*Store, error) {
	sync := "NORMAL"
	if opt.SyncFull {
		sync = "FULL"
	}
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "synchronous("+sync+")")
	q.Add("_pragma", "foreign_keys(ON)")
	dsn := "file:" + path + "?" + q.Encode()
	w, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	r, err := sql.Open("sqlite", dsn)
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	r.SetMaxOpenConns(8)
	s := &Store{w: w, r: r, appends: make(chan *appendReq), closed: make(chan struct{}), writerDone: make(chan struct{})}
	if err := s.migrate(ctx); err != nil {
		r.Close()
		w.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	if err := s.prepare(ctx); err != nil {
		r.Close()
		w.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	go s.writer()
	return s, nil
}

// appendStmts are the statements of one append, prepared on the writer's
// connection.
type appendStmts struct {
	savepoint, rollbackTo, release, last, exists, insert *sql.Stmt
}

func (s *Store) prepare(ctx context.Context) error {
	for _, p := range []struct {
		st **sql.Stmt
		q  string
	}{
		{&s.stmts.savepoint, "SAVEPOINT a"},
		{&s.stmts.rollbackTo, "ROLLBACK TO a"},
		{&s.stmts.release, "RELEASE a"},
		{&s.stmts.last, `SELECT COALESCE(MAX(seq), -1) FROM entries WHERE match_id = ?`},
		{&s.stmts.exists, `SELECT count(*) FROM matches WHERE id = ?`},
		{&s.stmts.insert, `INSERT INTO entries (match_id, seq, seat, action_id, action, dice, time, views) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`},
	} {
		st, err := s.w.PrepareContext(ctx, p.q)
		if err != nil {
			return err
		}
		*p.st = st
	}
	return nil
}

// migrate runs the embedded migrations the database has not seen, each in
// its own transaction, recording the version in user_version.
func (s *Store) migrate(ctx context.Context) error {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	slices.Sort(names)
	var have int
	if err := s.w.QueryRowContext(ctx, "PRAGMA user_version").Scan(&have); err != nil {
		return fmt.Errorf("reading the schema version: %w", err)
	}
	if have > len(names) {
		return fmt.Errorf("the database has schema version %d; this ordo knows only %d", have, len(names))
	}
	for i := have; i < len(names); i++ {
		body, err := migrations.ReadFile(names[i])
		if err != nil {
			return err
		}
		tx, err := s.w.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %s: %w", names[i], err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", i+1)); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %s: %w", names[i], err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migration %s: %w", names[i], err)
		}
	}
	return nil
}

// Close stops the writer (after the batch it is committing) and closes
// both pools.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		close(s.closed)
		<-s.writerDone
	})
	return errors.Join(s.r.Close(), s.w.Close())
}

// CreateMatch implements store.Store.
func (s *Store) CreateMatch(ctx context.Context, m *store.Match) error {
	rulings, seats, err := encodeSetup(m)
	if err != nil {
		return err
	}
	_, err = s.w.ExecContext(ctx,
		`INSERT INTO matches (id, ruleset, scenario, scenario_name, rulings, seed, commitment, seats, created, status, updated, clock)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		m.ID, m.Ruleset, m.Scenario, m.ScenarioName, rulings, m.Seed, m.Commitment, seats, m.Created.UnixNano(), status(m), m.Created.UnixNano(), m.Clock)
	if isConstraint(err) {
		return store.ErrExists
	}
	return err
}

// status is the match's status, playing when unset.
func status(m *store.Match) string {
	if m.Status == "" {
		return store.StatusPlaying
	}
	return m.Status
}

func encodeSetup(m *store.Match) (rulings, seats []byte, err error) {
	r := m.Rulings
	if r == nil {
		r = map[string]string{}
	}
	if rulings, err = json.Marshal(r); err != nil {
		return nil, nil, err
	}
	if seats, err = json.Marshal(m.Seats); err != nil {
		return nil, nil, err
	}
	return rulings, seats, nil
}

// Match implements store.Store.
func (s *Store) Match(ctx context.Context, id string) (*store.Match, error) {
	m := &store.Match{ID: id}
	var rulings, seats []byte
	var created int64
	err := s.r.QueryRowContext(ctx,
		`SELECT ruleset, scenario, scenario_name, rulings, seed, commitment, seats, created, status, clock FROM matches WHERE id = ?`, id).
		Scan(&m.Ruleset, &m.Scenario, &m.ScenarioName, &rulings, &m.Seed, &m.Commitment, &seats, &created, &m.Status, &m.Clock)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(rulings, &m.Rulings); err != nil {
		return nil, fmt.Errorf("sqlite: match %s: rulings: %w", id, err)
	}
	if err := json.Unmarshal(seats, &m.Seats); err != nil {
		return nil, fmt.Errorf("sqlite: match %s: seats: %w", id, err)
	}
	m.Created = time.Unix(0, created).UTC()
	return m, nil
}

// Append implements store.Store. Appends are group-committed: one writer
// goroutine takes every append waiting, applies each inside a savepoint of
// one transaction (so a conflict undoes only its own entries), commits
// once, and only then answers them all. Under load this turns a commit per
// action into a commit per batch.
func (s *Store) Append(ctx context.Context, matchID string, entries []store.Entry) error {
	if len(entries) == 0 {
		return nil
	}
	req := &appendReq{matchID: matchID, entries: entries, done: make(chan error, 1)}
	select {
	case s.appends <- req:
	case <-ctx.Done():
		return ctx.Err()
	case <-s.closed:
		return errClosed
	}
	// Once handed over, the append is committed or not whatever the
	// caller's context says: wait for the answer.
	return <-req.done
}

var errClosed = errors.New("sqlite: the store is closed")

// appendReq is one Append waiting for the writer.
type appendReq struct {
	matchID string
	entries []store.Entry
	done    chan error
}

// maxBatch bounds the appends of one transaction.
const maxBatch = 256

// writer commits the waiting appends in batches until the store closes.
func (s *Store) writer() {
	defer close(s.writerDone)
	for {
		var batch []*appendReq
		select {
		case r := <-s.appends:
			batch = append(batch, r)
		case <-s.closed:
			return
		}
	more:
		for len(batch) < maxBatch {
			select {
			case r := <-s.appends:
				batch = append(batch, r)
			default:
				break more
			}
		}
		errs, err := s.commitBatch(batch)
		for i, r := range batch {
			if err != nil {
				r.done <- err
			} else {
				r.done <- errs[i]
			}
		}
	}
}

// commitBatch applies each append in its own savepoint and commits them
// together; errs holds each append's own refusal, err a failure of the
// whole transaction (nothing committed).
func (s *Store) commitBatch(batch []*appendReq) (errs []error, err error) {
	ctx := context.Background()
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	errs = make([]error, len(batch))
	st := &s.stmts
	for i, r := range batch {
		if _, err := tx.StmtContext(ctx, st.savepoint).ExecContext(ctx); err != nil {
			return nil, err
		}
		errs[i] = appendTx(ctx, tx, st, r.matchID, r.entries)
		if errs[i] != nil {
			if _, err := tx.StmtContext(ctx, st.rollbackTo).ExecContext(ctx); err != nil {
				return nil, err
			}
		}
		if _, err := tx.StmtContext(ctx, st.release).ExecContext(ctx); err != nil {
			return nil, err
		}
	}
	return errs, tx.Commit()
}

// appendTx adds one append's entries inside tx.
func appendTx(ctx context.Context, tx *sql.Tx, st *appendStmts, matchID string, entries []store.Entry) error {
	var last int
	if err := tx.StmtContext(ctx, st.last).QueryRowContext(ctx, matchID).Scan(&last); err != nil {
		return err
	}
	if last < 0 {
		var exists int
		if err := tx.StmtContext(ctx, st.exists).QueryRowContext(ctx, matchID).Scan(&exists); err != nil {
			return err
		}
		if exists == 0 {
			return store.ErrNotFound
		}
	}
	n := last + 1
	for i, e := range entries {
		if e.Seq != n+i {
			return store.ErrConflict
		}
		dice, err := json.Marshal(e.Dice)
		if err != nil {
			return err
		}
		_, err = tx.StmtContext(ctx, st.insert).ExecContext(ctx,
			matchID, e.Seq, e.Seat, e.ActionID, string(e.Action), dice, e.Time.UnixNano(), string(e.Views))
		if isConstraint(err) {
			return store.ErrConflict
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Prune implements store.Store, in one transaction of the writer's
// connection.
func (s *Store) Prune(ctx context.Context, before time.Time, drop func(store.Stale) bool) ([]string, error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT `+store.StaleColumns+` FROM matches m WHERE m.created < ?1 AND m.updated < ?1
		AND NOT EXISTS (SELECT 1 FROM entries e WHERE e.match_id = m.id AND e.time >= ?1)`, before.UnixNano())
	if err != nil {
		return nil, err
	}
	stale, err := store.ScanStale(rows)
	rows.Close()
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, m := range stale {
		if drop(m) {
			ids = append(ids, m.ID)
		}
	}
	for _, id := range ids {
		if _, err := tx.ExecContext(ctx, `DELETE FROM entries WHERE match_id = ?`, id); err != nil {
			return nil, err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM chat WHERE match_id = ?`, id); err != nil {
			return nil, err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM webhooks WHERE match_id = ?`, id); err != nil {
			return nil, err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM matches WHERE id = ?`, id); err != nil {
			return nil, err
		}
	}
	return ids, tx.Commit()
}

// AddChat implements store.Store, in a transaction of the writer's
// connection.
func (s *Store) AddChat(ctx context.Context, matchID string, m store.ChatMessage) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var exists, n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM matches WHERE id = ?`, matchID).Scan(&exists); err != nil {
		return err
	}
	if exists == 0 {
		return store.ErrNotFound
	}
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM chat WHERE match_id = ? AND channel = ?`, matchID, m.Channel).Scan(&n); err != nil {
		return err
	}
	if n != m.N {
		return store.ErrConflict
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO chat (match_id, channel, n, seat, seq, time, text) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		matchID, m.Channel, m.N, m.Seat, m.Seq, m.Time.UnixNano(), m.Text); err != nil {
		return err
	}
	return tx.Commit()
}

// ClaimSeat implements store.Store, in a transaction of the writer's
// connection.
func (s *Store) ClaimSeat(ctx context.Context, matchID, seat string, hash []byte, st string, at time.Time) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var raw []byte
	err = tx.QueryRowContext(ctx, `SELECT seats FROM matches WHERE id = ?`, matchID).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return store.ErrNotFound
	}
	if err != nil {
		return err
	}
	var seats []store.Seat
	if err := json.Unmarshal(raw, &seats); err != nil {
		return err
	}
	if !store.ClaimSeats(seats, seat, hash, at) {
		return store.ErrConflict
	}
	if raw, err = json.Marshal(seats); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE matches SET seats = ?, status = ?, updated = ? WHERE id = ?`, raw, st, at.UnixNano(), matchID); err != nil {
		return err
	}
	return tx.Commit()
}

// SetStatus implements store.Store.
func (s *Store) SetStatus(ctx context.Context, matchID, st string, at time.Time) error {
	_, err := s.w.ExecContext(ctx, `UPDATE matches SET status = ?, updated = ? WHERE id = ?`, st, at.UnixNano(), matchID)
	return err
}

// List implements store.Store.
func (s *Store) List(ctx context.Context, st string, limit int) ([]store.Listed, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT `+store.ListColumns+` FROM matches WHERE status = ? ORDER BY updated DESC LIMIT ?`, st, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.ScanList(rows)
}

// Clocked implements store.Store.
func (s *Store) Clocked(ctx context.Context, limit int) ([]string, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT id FROM matches WHERE status = ? AND clock <> '' ORDER BY updated DESC LIMIT ?`, store.StatusPlaying, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.ScanIDs(rows)
}

// SetWebhook implements store.Store.
func (s *Store) SetWebhook(ctx context.Context, matchID, seat, url string) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var exists int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM matches WHERE id = ?`, matchID).Scan(&exists); err != nil {
		return err
	}
	if exists == 0 {
		return store.ErrNotFound
	}
	if url == "" {
		_, err = tx.ExecContext(ctx, `DELETE FROM webhooks WHERE match_id = ? AND seat = ?`, matchID, seat)
	} else {
		_, err = tx.ExecContext(ctx, `INSERT INTO webhooks (match_id, seat, url) VALUES (?, ?, ?)
			ON CONFLICT (match_id, seat) DO UPDATE SET url = excluded.url`, matchID, seat, url)
	}
	if err != nil {
		return err
	}
	return tx.Commit()
}

// Webhooks implements store.Store.
func (s *Store) Webhooks(ctx context.Context, matchID string) (map[string]string, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT seat, url FROM webhooks WHERE match_id = ?`, matchID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.ScanWebhooks(rows)
}

// Chat implements store.Store.
func (s *Store) Chat(ctx context.Context, matchID, channel string, from int) ([]store.ChatMessage, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT `+store.ChatColumns+` FROM chat WHERE match_id = ? AND channel = ? AND n >= ? ORDER BY n`, matchID, channel, max(from, 0))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.ScanChat(rows, channel)
}

// Entries implements store.Store.
func (s *Store) Entries(ctx context.Context, matchID string, from int) ([]store.Entry, error) {
	rows, err := s.r.QueryContext(ctx,
		`SELECT `+store.EntryColumns+` FROM entries WHERE match_id = ? AND seq >= ? ORDER BY seq`,
		matchID, max(from, 0))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.ScanEntries(rows, "sqlite", matchID)
}

// isConstraint reports a uniqueness or key violation.
func isConstraint(err error) bool {
	return err != nil && strings.Contains(err.Error(), "constraint failed")
}

// SetScenario implements store.Store.
func (s *Store) SetScenario(ctx context.Context, matchID string, old, new []byte, at time.Time) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var cur []byte
	err = tx.QueryRowContext(ctx, `SELECT scenario FROM matches WHERE id = ?`, matchID).Scan(&cur)
	if errors.Is(err, sql.ErrNoRows) {
		return store.ErrNotFound
	}
	if err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM entries WHERE match_id = ?`, matchID).Scan(&n); err != nil {
		return err
	}
	if n > 0 || !bytes.Equal(cur, old) {
		return store.ErrConflict
	}
	if _, err := tx.ExecContext(ctx, `UPDATE matches SET scenario = ?, updated = ? WHERE id = ?`, new, at.UnixNano(), matchID); err != nil {
		return err
	}
	return tx.Commit()
}
