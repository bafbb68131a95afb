-- Stumpbot store on PostgreSQL, schema version 7: 0007_delivery_claims.sqlite.sql (outbox rows and
-- replays claimed for a lease, here taken with FOR UPDATE SKIP LOCKED; see that file for the why).

ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until BIGINT;

CREATE TABLE replay_queue (
    game_id       BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    tries         BIGINT NOT NULL DEFAULT 0 CHECK (tries >= 0),
    claimed_by    TEXT,
    claimed_until BIGINT
);

INSERT INTO replay_queue (game_id, tries)
SELECT g.id, CASE WHEN s.value ~ '^[0-9]{1,3}$' THEN s.value::bigint ELSE 0 END
FROM settings s JOIN games g ON g.id::text = s.key
WHERE s.scope = 'replays';

DELETE FROM settings WHERE scope = 'replays';
