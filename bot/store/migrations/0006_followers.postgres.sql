-- Stumpbot store on PostgreSQL, schema version 6: 0006_followers.sqlite.sql (spectators who follow a
-- game by DM, each turn or as a daily digest claimed with a lease; see that file for the why).

CREATE TABLE followers (
    game_id       BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id       TEXT   NOT NULL,
    mode          TEXT   NOT NULL CHECK (mode IN ('turn', 'digest')),
    since         BIGINT NOT NULL,
    digest_from   BIGINT NOT NULL,
    digest_due_at BIGINT,
    digest_to     BIGINT,
    claimed_until BIGINT,
    failures      BIGINT NOT NULL DEFAULT 0 CHECK (failures >= 0),
    PRIMARY KEY (game_id, user_id)
);

CREATE INDEX followers_digest_due ON followers (digest_due_at) WHERE digest_due_at IS NOT NULL;
