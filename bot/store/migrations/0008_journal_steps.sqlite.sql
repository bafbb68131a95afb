-- Stumpbot store, schema version 8: each move's step as the game's record holds it.
--
-- journal.step: JSON, written by commit_move in the move's own transaction: what the engine said of the move
-- (its public lines and the seat beside each, its commit-reveal lines, the sealed choices it dealt, the
-- deadline's note) and, on move 1, the hash of the state the setup dealt. `/game status`, `/game log` and
-- `/game export` are built from it without replaying the journal. NULL on a row journalled before this version:
-- a game holding one is replayed from its seed, as before.

ALTER TABLE journal ADD COLUMN step TEXT CHECK (step IS NULL OR json_valid(step));
