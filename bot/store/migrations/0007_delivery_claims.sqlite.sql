-- Stumpbot store, schema version 7: exactly once across processes.
--
-- outbox.claimed_by / claimed_until: a deliverer claims a game's unsent rows (the oldest first, a run of them
-- together) for a lease before it sends them, so two bot processes flushing one database never both send a row,
-- and never send one game's rows out of order: a game whose oldest unsent row is claimed is skipped by every
-- other deliverer. A row is marked sent by its claimer; each row sent renews the lease of the rest of its run; a
-- failed row gives the run back. A claimer that died leaves its rows to whoever claims once the lease ran out.
-- replay_queue: finished games whose animated replay is still to be posted (it was a 'replays' settings scope),
-- claimed the same way: drawing takes seconds, and only the process holding the claim draws and posts it.

ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until INTEGER;

CREATE TABLE replay_queue (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    tries         INTEGER NOT NULL DEFAULT 0 CHECK (tries >= 0),
    claimed_by    TEXT,
    claimed_until INTEGER
) STRICT;

INSERT INTO replay_queue (game_id, tries)
SELECT g.id, CASE WHEN s.value GLOB '[0-9]*' AND s.value NOT GLOB '*[^0-9]*' AND length(s.value) <= 3
                  THEN CAST(s.value AS INTEGER) ELSE 0 END
FROM settings s JOIN games g ON CAST(g.id AS TEXT) = s.key
WHERE s.scope = 'replays';

DELETE FROM settings WHERE scope = 'replays';
