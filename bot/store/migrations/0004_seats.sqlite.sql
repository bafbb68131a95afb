-- Stumpbot store, schema version 4: seats that change hands.
--
-- seats.controller: 'human' (the seat's user plays it) or 'bot' (the built-in bot plays it whenever it
-- owes a move; user_id stays the last human holder, who may take it back with /game takeseat).
-- seats.missed_deadlines: deadlines in a row the seat's holder let pass (a move by a person resets it,
-- and so does a change of hands); last_missed_due: the due time of the last one counted, so one
-- deadline that plays several default steps, or fires again after a crash, counts once.
-- games.civil_disorder_after: after that many missed deadlines in a row the bot takes the seat over
-- (civil disorder); 0 never.
-- seat_offers: the host's pending offer of a seat to a member (one per seat; a new offer replaces it).
-- seat_holders: who held each seat from which move on (the history of hands, for the log).

ALTER TABLE seats ADD COLUMN controller TEXT NOT NULL DEFAULT 'human' CHECK (controller IN ('human', 'bot'));
ALTER TABLE seats ADD COLUMN missed_deadlines INTEGER NOT NULL DEFAULT 0 CHECK (missed_deadlines >= 0);
ALTER TABLE seats ADD COLUMN last_missed_due INTEGER;

ALTER TABLE games ADD COLUMN civil_disorder_after INTEGER NOT NULL DEFAULT 3
    CHECK (civil_disorder_after BETWEEN 0 AND 100);

CREATE TABLE seat_offers (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         TEXT    NOT NULL,
    user_id      TEXT    NOT NULL,
    display_name TEXT    NOT NULL,
    offered_by   TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) STRICT;

CREATE INDEX seat_offers_user ON seat_offers (user_id);

CREATE TABLE seat_holders (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         TEXT    NOT NULL,
    from_seq     INTEGER NOT NULL CHECK (from_seq >= 0),
    user_id      TEXT    NOT NULL,
    display_name TEXT    NOT NULL,
    controller   TEXT    NOT NULL CHECK (controller IN ('human', 'bot')),
    reason       TEXT    NOT NULL,
    at           INTEGER NOT NULL
) STRICT;

CREATE INDEX seat_holders_game ON seat_holders (game_id, seat);
