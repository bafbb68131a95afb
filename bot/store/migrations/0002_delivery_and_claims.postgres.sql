-- Stumpbot store on PostgreSQL, schema version 2: 0002_delivery_and_claims.sqlite.sql
-- (per-game delivery with retries; jobs claimed for a lease, here with FOR UPDATE SKIP LOCKED).

ALTER TABLE outbox ADD COLUMN attempts BIGINT NOT NULL DEFAULT 0 CHECK (attempts >= 0);
ALTER TABLE outbox ADD COLUMN next_attempt_at BIGINT;
ALTER TABLE outbox ADD COLUMN first_failed_at BIGINT;
ALTER TABLE outbox ADD COLUMN last_error TEXT;
ALTER TABLE outbox ADD COLUMN idem_key TEXT;

CREATE UNIQUE INDEX outbox_idem ON outbox (idem_key) WHERE idem_key IS NOT NULL;
CREATE INDEX outbox_pending_game ON outbox (game_id, id) WHERE sent_at IS NULL;

ALTER TABLE games ADD COLUMN delivery_held_at BIGINT;

ALTER TABLE jobs ADD COLUMN claimed_by TEXT;
ALTER TABLE jobs ADD COLUMN claimed_until BIGINT;
