ALTER TABLE matches ADD COLUMN status TEXT NOT NULL DEFAULT 'playing';
ALTER TABLE matches ADD COLUMN updated INTEGER NOT NULL DEFAULT 0;
UPDATE matches SET updated = created;
CREATE INDEX matches_status ON matches (status, updated);
