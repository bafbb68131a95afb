-- Stumpbot store on PostgreSQL, schema version 3: 0003_time.sqlite.sql (a game's own clock,
-- pauses and vacations). The SQLite script also rebuilds jobs so ids are never reused; here jobs.id
-- has been an identity column (a sequence) from version 1, so there is nothing to rebuild.

CREATE TABLE game_time (
    game_id        BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    response_hours BIGINT CHECK (response_hours IS NULL OR response_hours BETWEEN 1 AND 336),
    vacation_days  BIGINT CHECK (vacation_days IS NULL OR vacation_days BETWEEN 0 AND 365),
    paused_at      BIGINT,
    paused_by      TEXT
);

CREATE TABLE vacations (
    game_id   BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      TEXT   NOT NULL,
    starts_at BIGINT NOT NULL,
    ends_at   BIGINT NOT NULL CHECK (ends_at > starts_at),
    PRIMARY KEY (game_id, seat, starts_at)
);
