-- Stumpbot store, schema version 1.
--
-- Rules for migration scripts (see bot/store/migrations.py):
--   * one file per version, NNNN_name.sql when both backends run the same text, else
--     NNNN_name.sqlite.sql beside NNNN_name.postgres.sql, numbered 1, 2, 3... without gaps;
--   * plain DDL/DML only: no BEGIN/COMMIT/VACUUM and no PRAGMA user_version —
--     the store runs each script inside BEGIN IMMEDIATE and sets user_version itself;
--   * foreign keys are OFF while a script runs (so tables can be rebuilt the SQLite way)
--     and PRAGMA foreign_key_check must come back clean before the script commits.
--
-- The journal is the truth; snapshots are a cache of the state after the last journal row.
-- Times are integer UNIX seconds supplied by the caller.

CREATE TABLE games (
    id             INTEGER PRIMARY KEY,
    ruleset        TEXT    NOT NULL,
    options        TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    seed           INTEGER NOT NULL,
    status         TEXT    NOT NULL DEFAULT 'lobby'
                           CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    version        INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    guild_id       TEXT,
    channel_id     TEXT,
    thread_id      TEXT,
    host_user      TEXT    NOT NULL,
    title          TEXT    NOT NULL,
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL,
    deadline_hours INTEGER NOT NULL DEFAULT 48 CHECK (deadline_hours > 0),
    result         TEXT    CHECK (result IS NULL OR json_valid(result))
) STRICT;

CREATE INDEX games_status ON games (status);
CREATE INDEX games_channel ON games (channel_id) WHERE channel_id IS NOT NULL;
CREATE INDEX games_guild ON games (guild_id) WHERE guild_id IS NOT NULL;

CREATE TABLE seats (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         TEXT    NOT NULL,
    user_id      TEXT    NOT NULL,
    display_name TEXT    NOT NULL,
    joined_at    INTEGER NOT NULL,
    dm_ok        INTEGER CHECK (dm_ok IS NULL OR dm_ok IN (0, 1)),
    prefs        TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(prefs)),
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
) STRICT;

CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE journal (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    seat       TEXT    NOT NULL,
    notation   TEXT    NOT NULL,
    actor      TEXT    NOT NULL,
    idem_key   TEXT    UNIQUE,
    undoable   INTEGER NOT NULL CHECK (undoable IN (0, 1)),
    state_hash TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) STRICT, WITHOUT ROWID;

CREATE TABLE snapshots (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    state      TEXT    NOT NULL,
    state_hash TEXT    NOT NULL
) STRICT;

CREATE TABLE jobs (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    seat       TEXT,
    due_at     INTEGER NOT NULL,
    payload    TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(payload)),
    created_at INTEGER NOT NULL
) STRICT;

CREATE INDEX jobs_due ON jobs (due_at);
CREATE INDEX jobs_game ON jobs (game_id);

-- AUTOINCREMENT: ids handed to the deliverer are never reused, even after pruning.
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    created_seq INTEGER NOT NULL CHECK (created_seq >= 0),
    audience    TEXT    NOT NULL CHECK (audience = 'public' OR audience GLOB 'seat:?*'),
    kind        TEXT    NOT NULL,
    payload     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(payload)),
    created_at  INTEGER NOT NULL,
    sent_at     INTEGER
) STRICT;

CREATE INDEX outbox_pending ON outbox (id) WHERE sent_at IS NULL;
CREATE INDEX outbox_game ON outbox (game_id);

CREATE TABLE settings (
    scope TEXT NOT NULL,
    key   TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (scope, key)
) STRICT, WITHOUT ROWID;
