-- Stumpbot store, schema version 3: time that bends.
--
-- game_time: a game's own clock settings and state, one row per game that changed anything
-- (no row: the defaults, bot/clock.py). response_hours is the deadline of a response window
-- (NULL: the server's default, else the built-in one); vacation_days the allowance of away days
-- per player in this game (NULL: default). paused_at/paused_by: the host paused the game; while
-- paused every job of the game waits with due_at far in the future and its remaining seconds in
-- its payload ("remaining"), so a pause survives a restart and resumes with the time left.
-- vacations: each declared absence of a seat; the sum of (ends_at - starts_at) is what the seat
-- used of its allowance, and a deadline started before ends_at waits that much longer.

CREATE TABLE game_time (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    response_hours INTEGER CHECK (response_hours IS NULL OR response_hours BETWEEN 1 AND 336),
    vacation_days  INTEGER CHECK (vacation_days IS NULL OR vacation_days BETWEEN 0 AND 365),
    paused_at      INTEGER,
    paused_by      TEXT
) STRICT;

CREATE TABLE vacations (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      TEXT    NOT NULL,
    starts_at INTEGER NOT NULL,
    ends_at   INTEGER NOT NULL CHECK (ends_at > starts_at),
    PRIMARY KEY (game_id, seat, starts_at)
) STRICT;

-- jobs: ids are never reused (AUTOINCREMENT). A move replaces a game's jobs; with plain rowids the
-- new rows could take the ids of the old ones, so a sweep that fired a deadline (its move replacing
-- the jobs) and then deleted "its" job by id deleted another seat's new deadline instead.
CREATE TABLE jobs_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind          TEXT    NOT NULL,
    seat          TEXT,
    due_at        INTEGER NOT NULL,
    payload       TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(payload)),
    created_at    INTEGER NOT NULL,
    claimed_by    TEXT,
    claimed_until INTEGER
) STRICT;

INSERT INTO jobs_new (id, game_id, kind, seat, due_at, payload, created_at, claimed_by, claimed_until)
    SELECT id, game_id, kind, seat, due_at, payload, created_at, claimed_by, claimed_until FROM jobs;
DROP TABLE jobs;
ALTER TABLE jobs_new RENAME TO jobs;
CREATE INDEX jobs_due ON jobs (due_at);
CREATE INDEX jobs_game ON jobs (game_id);
