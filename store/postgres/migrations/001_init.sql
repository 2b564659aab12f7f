CREATE TABLE matches (
	id            TEXT PRIMARY KEY,
	ruleset       TEXT NOT NULL,
	scenario      BYTEA NOT NULL,
	scenario_name TEXT NOT NULL,
	rulings       TEXT NOT NULL,
	seed          BYTEA NOT NULL,
	commitment    TEXT NOT NULL,
	seats         TEXT NOT NULL,
	created       BIGINT NOT NULL
);
CREATE TABLE entries (
	match_id  TEXT NOT NULL REFERENCES matches(id),
	seq       INTEGER NOT NULL,
	seat      TEXT NOT NULL,
	action_id TEXT NOT NULL,
	action    TEXT NOT NULL,
	dice      TEXT NOT NULL,
	time      BIGINT NOT NULL,
	views     TEXT NOT NULL,
	PRIMARY KEY (match_id, seq)
);
CREATE UNIQUE INDEX entries_action ON entries (match_id, seat, action_id) WHERE action_id <> '';
