-- Stumpbot store on PostgreSQL, schema version 5: 0005_ratings.sqlite.sql (OpenSkill ratings
-- per server, ruleset and member; the history of each rated seat; games.rated_at, the once-only marker).

ALTER TABLE games ADD COLUMN rated_at BIGINT;

CREATE INDEX games_unrated ON games (updated_at, id) WHERE status = 'finished' AND rated_at IS NULL;

CREATE TABLE ratings (
    guild_id   TEXT             NOT NULL,
    ruleset    TEXT             NOT NULL,
    user_id    TEXT             NOT NULL,
    name       TEXT             NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    games      BIGINT           NOT NULL CHECK (games >= 0),
    wins       BIGINT           NOT NULL CHECK (wins BETWEEN 0 AND games),
    updated_at BIGINT           NOT NULL,
    PRIMARY KEY (guild_id, ruleset, user_id)
);

CREATE INDEX ratings_user ON ratings (guild_id, user_id);

CREATE TABLE rating_history (
    id           BIGINT           GENERATED ALWAYS AS IDENTITY,  -- SQLite's rowid: the order of changes
    game_id      BIGINT           NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id     TEXT             NOT NULL,
    ruleset      TEXT             NOT NULL,
    user_id      TEXT             NOT NULL,
    seat         TEXT             NOT NULL,
    rank         BIGINT           NOT NULL CHECK (rank >= 1),
    won          BOOLEAN          NOT NULL,
    mu_before    DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after     DOUBLE PRECISION NOT NULL,
    sigma_after  DOUBLE PRECISION NOT NULL,
    at           BIGINT           NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE INDEX rating_history_player ON rating_history (guild_id, ruleset, user_id, at);
