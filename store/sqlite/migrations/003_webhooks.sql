CREATE TABLE webhooks (
	match_id TEXT NOT NULL REFERENCES matches(id),
	seat     TEXT NOT NULL,
	url      TEXT NOT NULL,
	PRIMARY KEY (match_id, seat)
);
