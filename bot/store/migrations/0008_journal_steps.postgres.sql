-- Stumpbot store on PostgreSQL, schema version 8: 0008_journal_steps.sqlite.sql (each move's step as the game's
-- record holds it; see that file for the why).

ALTER TABLE journal ADD COLUMN step TEXT CHECK (step IS NULL OR step::json IS NOT NULL);
