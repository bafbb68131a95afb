-- Stumpbot store, schema version 5: ratings and stats.
--
-- ratings: one OpenSkill rating (bot/ratings.py names the model) per server, ruleset and member: mu and sigma as the
-- library keeps them, the rated games and the wins among them, and the member's display name at their
-- last rated game (for the leaderboard). Only games in a server are rated (guild_id NOT NULL).
-- rating_history: one row per rated seat of each rated game: the rank it was given (1 best, equal
-- ranks share a place) and the rating before and after, so /stats can show the trend.
-- games.rated_at: the marker that a finished game was rated (or looked at and found nothing to rate:
-- no server, fewer than two rated seats). It is set in the transaction that changes the ratings, so
-- a game is rated once, even across a crash or restart. Games finished before this version have no
-- marker and are rated, silently and in the order they ended, when the bot next starts.

ALTER TABLE games ADD COLUMN rated_at INTEGER;

CREATE INDEX games_unrated ON games (updated_at, id) WHERE status = 'finished' AND rated_at IS NULL;

CREATE TABLE ratings (
    guild_id   TEXT    NOT NULL,
    ruleset    TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL CHECK (sigma > 0),
    games      INTEGER NOT NULL CHECK (games >= 0),
    wins       INTEGER NOT NULL CHECK (wins BETWEEN 0 AND games),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, ruleset, user_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX ratings_user ON ratings (guild_id, user_id);

CREATE TABLE rating_history (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id     TEXT    NOT NULL,
    ruleset      TEXT    NOT NULL,
    user_id      TEXT    NOT NULL,
    seat         TEXT    NOT NULL,
    rank         INTEGER NOT NULL CHECK (rank >= 1),
    won          INTEGER NOT NULL CHECK (won IN (0, 1)),
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    mu_after     REAL    NOT NULL,
    sigma_after  REAL    NOT NULL,
    at           INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
) STRICT;

CREATE INDEX rating_history_player ON rating_history (guild_id, ruleset, user_id, at);
