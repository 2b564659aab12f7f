CREATE TABLE chat (
	match_id TEXT NOT NULL REFERENCES matches(id),
	channel  TEXT NOT NULL,
	n        INTEGER NOT NULL,
	seat     TEXT NOT NULL,
	seq      INTEGER NOT NULL,
	time     INTEGER NOT NULL,
	text     TEXT NOT NULL,
	PRIMARY KEY (match_id, channel, n)
);
