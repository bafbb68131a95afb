-- Stumpbot store on PostgreSQL, schema version 4: 0004_seats.sqlite.sql (seats that change
-- hands: controller, missed deadlines, civil disorder, offers and the history of holders).

ALTER TABLE seats ADD COLUMN controller TEXT NOT NULL DEFAULT 'human' CHECK (controller IN ('human', 'bot'));
ALTER TABLE seats ADD COLUMN missed_deadlines BIGINT NOT NULL DEFAULT 0 CHECK (missed_deadlines >= 0);
ALTER TABLE seats ADD COLUMN last_missed_due BIGINT;

ALTER TABLE games ADD COLUMN civil_disorder_after BIGINT NOT NULL DEFAULT 3
    CHECK (civil_disorder_after BETWEEN 0 AND 100);

CREATE TABLE seat_offers (
    game_id      BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         TEXT   NOT NULL,
    user_id      TEXT   NOT NULL,
    display_name TEXT   NOT NULL,
    offered_by   TEXT   NOT NULL,
    created_at   BIGINT NOT NULL,
    pos          BIGINT GENERATED ALWAYS AS IDENTITY,  -- SQLite's rowid (an upsert keeps it)
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX seat_offers_user ON seat_offers (user_id);

CREATE TABLE seat_holders (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- SQLite's rowid: the order of changes
    game_id      BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         TEXT   NOT NULL,
    from_seq     BIGINT NOT NULL CHECK (from_seq >= 0),
    user_id      TEXT   NOT NULL,
    display_name TEXT   NOT NULL,
    controller   TEXT   NOT NULL CHECK (controller IN ('human', 'bot')),
    reason       TEXT   NOT NULL,
    at           BIGINT NOT NULL
);

CREATE INDEX seat_holders_game ON seat_holders (game_id, seat);
