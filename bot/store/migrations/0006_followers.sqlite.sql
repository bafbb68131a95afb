-- Stumpbot store, schema version 9: spectators who follow a game by DM.
--
-- followers: a member not seated in the game who gets its public posts by DM: each one as it is posted
-- (mode 'turn'), or once a day a digest of the public posts of the last 24 h and the latest picture
-- (mode 'digest'). The digest is a job kept on the row, claimed like the jobs table's: digest_due_at is
-- when the next one is due; claiming it sets digest_to (the end of the time it covers) and a lease
-- (claimed_until) and moves digest_due_at a day on, in one transaction; confirming it sent moves
-- digest_from up to digest_to. A digest claimed but never confirmed (the process died) is sent again
-- once its lease runs out, for the same span — so each day's digest goes out once, restarts included.
-- failures: DMs in a row that could not be delivered (DMs closed); the follow ends after a few.
-- The rows go when the game ends (after the last post) or the game is deleted.

CREATE TABLE followers (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id       TEXT    NOT NULL,
    mode          TEXT    NOT NULL CHECK (mode IN ('turn', 'digest')),
    since         INTEGER NOT NULL,
    digest_from   INTEGER NOT NULL,
    digest_due_at INTEGER,
    digest_to     INTEGER,
    claimed_until INTEGER,
    failures      INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
    PRIMARY KEY (game_id, user_id)
) STRICT;

CREATE INDEX followers_digest_due ON followers (digest_due_at) WHERE digest_due_at IS NOT NULL;
