-- Stumpbot store on PostgreSQL, schema version 9: 0009_snapshot_posting.sqlite.sql (the table's posting beside each
-- game's state; see that file for the why).

ALTER TABLE snapshots ADD COLUMN posting TEXT CHECK (posting IS NULL OR posting::json IS NOT NULL);
