-- Stumpbot store, schema version 2: per-game delivery with retries, and jobs claimed exactly once.
--
-- outbox: a failed delivery is retried with backoff (attempts, next_attempt_at) and only its own
-- game waits; an idempotency key makes a notification written twice (two processes firing the same
-- reminder) one row. games.delivery_held_at: deliveries kept failing for this game while others went
-- out, so its notifications are held until the host asks for them again (`/game redeliver`).
-- jobs: a sweeping process claims due jobs inside a transaction for a lease; another process skips
-- them, and picks them up only if the lease runs out (the claimer died).

ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0);
ALTER TABLE outbox ADD COLUMN next_attempt_at INTEGER;
ALTER TABLE outbox ADD COLUMN first_failed_at INTEGER;
ALTER TABLE outbox ADD COLUMN last_error TEXT;
ALTER TABLE outbox ADD COLUMN idem_key TEXT;

CREATE UNIQUE INDEX outbox_idem ON outbox (idem_key) WHERE idem_key IS NOT NULL;
CREATE INDEX outbox_pending_game ON outbox (game_id, id) WHERE sent_at IS NULL;

ALTER TABLE games ADD COLUMN delivery_held_at INTEGER;

ALTER TABLE jobs ADD COLUMN claimed_by TEXT;
ALTER TABLE jobs ADD COLUMN claimed_until INTEGER;
