-- Stumpbot store, schema version 9: the table's posting beside each game's state.
--
-- snapshots.posting: JSON, what the game's table holds between posts (engine/core/posting.py's `Posting`: the public
-- lines waiting for the turn's post, the map keys they changed, what the last post changed), written with the state
-- in the move's own transaction. NULL when it holds nothing, and on a row written before this version, whose state
-- still holds its posting among its own fields (read apart by engine/core/posting.py's `split_stored`).

ALTER TABLE snapshots ADD COLUMN posting TEXT CHECK (posting IS NULL OR json_valid(posting));
